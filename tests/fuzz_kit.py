"""What the fuzzers feed the verifier: a token soup's tokens and the
mutation of program text (tests/test_bad_input.py, bench/soak.py)."""

from __future__ import annotations

import random
import re

# Tokens of a soup: Python's, the DSL's, and what a lexer must refuse or read
# as CPython does (a lone carriage return, NUL, half an emoji).
TOKENS = ["def", "f", "(", ")", ":", "->", "int", "str", "float", "bool", "return", "if", "elif",
          "else", "while", "for", "in", "range", "x", "n", "s", "=", "+=", "+", "-", "*", "/",
          "//", "%", "**", "==", "<", "and", "or", "not", "1", "0", "2.5", "'a'", '"b"', "[", "]",
          ",", ".", "len", "True", "None", "\n", "\n    ", "\n        ", "\t", "#", "\\", "'''",
          "lambda", "break", "continue", "pass", "assert", "import", "math", "x.upper()", "ñ",
          "\r", "\r\n", "\x00", "\ud83d", "\udc80", "# \r    return 1"]

# What a mutation inserts; the hostile set adds what CPython reads otherwise
# than a naive lexer would (a lone carriage return, NUL, half an emoji).
MUTATION_CHARS = "()[]:=+-*/%<>!#'\"\\ \t\n0123456789abcxyz.,"
HOSTILE_CHARS = MUTATION_CHARS + "\r\x00\ud83d"


def mutate(rng: random.Random, text: str, inserts: str = MUTATION_CHARS) -> str:
    """text after one to four edits: a character deleted, one of `inserts`
    inserted, or two characters swapped."""
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        if not chars:
            break
        i = rng.randrange(len(chars))
        op = rng.random()
        if op < 0.4:
            del chars[i]
        elif op < 0.7:
            chars.insert(i, rng.choice(inserts))
        else:
            j = rng.randrange(len(chars))
            chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


# What a word mutation puts in: Python's keywords and operators, each a
# way a model's line goes wrong (or CPython's parser reads otherwise).
MUTATION_WORDS = [" yield ", " lambda ", "*", "=", ":", " if ", " else ", " not ", " await ", "@", " for ", " in ",
                  "->", ",", "(", ")", "\n", " as ", " import ", " from ", "**", ".", " is ", " and ", " del ",
                  " return ", " pass ", " assert ", " raise ", " global ", " with ", " try", " except ", " class ",
                  "\\", ";", " elif ", " while ", "+=", ":=", "...", "[", "]", "{", "}", " async ", " match ",
                  " case ", " print ", "#", "'", '"', "  ", "\t"]


def mutate_words(rng: random.Random, text: str) -> str:
    """text after one to three edits of its words (one of MUTATION_WORDS
    put in, or a word or character deleted), then, half the time, cut at
    a random character as a model's token limit cuts it."""
    parts = re.split(r"(\W)", text)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(parts) + 1)
        if rng.random() < 0.7:
            parts.insert(i, rng.choice(MUTATION_WORDS))
        elif parts:
            del parts[min(i, len(parts) - 1)]
    out = "".join(parts)
    return out[:rng.randrange(1, len(out) + 1)] if out and rng.random() < 0.5 else out


def reindent(rng: random.Random, text: str) -> str:
    """text after one to three edits of its layout: a line's indentation
    widened, narrowed or turned into a tab, a line dropped (a block may
    lose its body), a comment or blank line of another indentation put in,
    or the text cut after a line that opens a block."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        line, op = lines[i], rng.random()
        body = line.lstrip(" \t")
        lead = line[:len(line) - len(body)]
        if op < 0.25:
            lines[i] = lead + rng.choice([" ", "  ", "    ", "\t"]) + body
        elif op < 0.45:
            lines[i] = lead[:rng.randrange(len(lead) + 1)] + body
        elif op < 0.55:
            lines[i] = lead.replace("    ", "\t", rng.randint(1, 2)) + body
        elif op < 0.7:
            del lines[i]
        elif op < 0.8:
            lines.insert(i, " " * rng.randrange(9) + rng.choice(["# note", ""]))
        elif op < 0.9:
            lines[i] = line + rng.choice([" \\", "  # c", " \f"])
        else:
            opens = [k for k, x in enumerate(lines) if x.rstrip().endswith(":")]
            if opens:
                lines = lines[:rng.choice(opens) + 1] + rng.choice([[], [""], ["  # c"]])
        if not lines:
            break
    return "\n".join(lines)
