"""What the fuzzers feed the verifier: a token soup's tokens and the
mutation of program text (tests/test_bad_input.py, bench/soak.py)."""

from __future__ import annotations

import random

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
