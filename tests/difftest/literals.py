"""Random values of the DSL's types, their spellings as source literals,
and layout noise: the lexical half of the program generator (gen.py).

Values come from edge pools and random bit patterns (rand_value); a literal
may be spelt several ways with the same value (int_text, float_text,
str_text), each switched by a feature of gen.ALL_FEATURES; add_layout_noise
rewrites a program's layout (comments, blank lines, continuations, ``a; b``)
without changing its meaning.
"""

from __future__ import annotations

import io
import math
import random
import re
import struct
import tokenize

from .dsl_types import (BOOL, FLOAT, INT, LI, NUM, NUM_INT_MAX, NUM_INT_MIN, STR, elem, fields, inner, is_list,
                        is_opt, is_tuple, is_vtuple, items)


# --------------------------------------------------------------------------
# values

INT_EDGES = [
    0, 1, -1, 2, -2, 3, 7, 10, -10, 100, 255, 256,
    2**31 - 1, 2**31, -(2**31), 2**32,
    2**53, -(2**53), 2**53 + 1,
    2**62, -(2**62), 2**63 - 1, -(2**63), -(2**63) + 1,
    3037000499, 3037000500, -3037000500,  # ~ sqrt(2**63)
]
FLOAT_EDGES = [
    0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, 2.5, -2.5, 3.5, 0.1, 1e-300, 5e-324,
    1e300, -1e300, 1.7976931348623157e308, 1e16, 9007199254740993.0, 4.5e15,
    float("inf"), float("-inf"), float("nan"), 123.456, -7.25, 2.0**63, -(2.0**63),
]
STR_POOL = [
    "", "a", "b", "ab", "abc", "aBc", "Hello World", " x ", "  ", "123", "-42",
    "+7", "0", "007", "1_000", "12a", "a1b2", "AAA", "zzz", "abcabc", "aaaa",
    "The quick fox", "x y z", "UPPER", "lower", "MiXeD", "3.5", "1e3", "inf",
    "-nan", " 12 ", "\t5\n", "0x1f", "__", "_1", "ba", "cab", "9", "99999999999999999999",
]
RARE_STR_POOL = ["\x1f", "a\x0bb", "\x0c", "\r\n", "\\", "'", '"', "a'b", "\x00", "\x7f"]
ALPHABET = "abcdeABCDE0123456789 _-xyz"


def rand_int(rng: random.Random) -> int:
    r = rng.random()
    if r < 0.45:
        return rng.randint(-12, 12)
    if r < 0.85:
        return rng.choice(INT_EDGES)
    if r < 0.95:
        return rng.randint(-1000, 1000)
    return rng.randint(-(2**63), 2**63 - 1)


def rand_float(rng: random.Random) -> float:
    r = rng.random()
    if r < 0.5:
        return rng.choice(FLOAT_EDGES)
    if r < 0.7:
        return float(rng.randint(-20, 20)) / rng.choice([1, 2, 4, 8, 10, 3])
    if r < 0.87:
        return rng.uniform(-1000, 1000)
    if r < 0.95:
        return rng.choice([-1, 1]) * rng.random() * 10.0 ** rng.randint(-320, 308)
    return struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]  # any bit pattern


# The ints of an int | float value: small ones, and the edges of its 51 bits
# (kernels/numbers.h) and of int32.
NUM_INT_EDGES = [0, 1, -1, 2, -2, 3, 7, 10, -10, 100, 255, 2**31 - 1, 2**31, -(2**31), 2**32, 3037000499,
                 2**49, -(2**49), NUM_INT_MAX, NUM_INT_MIN, NUM_INT_MAX - 1, NUM_INT_MIN + 1]


def rand_num(rng: random.Random) -> int | float:
    """A value of an int | float: an int (within its 51 bits) or a float,
    about half each, so that both classes reach every operation."""
    if rng.random() < 0.5:
        return rand_float(rng)
    r = rng.random()
    if r < 0.6:
        return rng.randint(-12, 12)
    if r < 0.9:
        return rng.choice(NUM_INT_EDGES)
    return rng.randint(NUM_INT_MIN, NUM_INT_MAX)


def rand_str(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.55:
        return rng.choice(STR_POOL)
    if r < 0.6:
        return rng.choice(RARE_STR_POOL)
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 8)))


def rand_value(rng: random.Random, t: str):
    if t == INT:
        return rand_int(rng)
    if t == BOOL:
        return rng.random() < 0.5
    if t == FLOAT:
        return rand_float(rng)
    if t == STR:
        return rand_str(rng)
    if t == NUM:
        return rand_num(rng)
    if is_list(t):  # 0-6 items (inner lists 0-4); ints often small, so items repeat
        e = elem(t)
        n = rng.choice([0, 1, 2, 3, 3, 4, 5, 6] if e != LI else [0, 1, 2, 3, 4])
        if e == INT:
            return [rng.randint(-4, 9) if rng.random() < 0.6 else rand_int(rng) for _ in range(n)]
        if e == NUM:  # small values of both classes, so that items repeat and compare equal across them
            return [rng.choice([rng.randint(-4, 9), rng.randint(-4, 9) / 2]) if rng.random() < 0.6 else rand_num(rng)
                    for _ in range(n)]
        return [rand_value(rng, e) for _ in range(n)]
    if is_vtuple(t):  # the items of a list of them
        return tuple(rand_value(rng, f"list[{items(t)}]"))
    if is_tuple(t):
        return tuple(rand_value(rng, f) for f in fields(t))
    if is_opt(t):
        return None if rng.random() < 0.3 else rand_value(rng, inner(t))
    raise ValueError(t)


# --------------------------------------------------------------------------
# literals as source text (always safe to embed in any expression)


def fast_path_literal(text: str) -> bool:
    """Whether a float literal has at most 15 significant digits and a decimal
    exponent in [-22, 22 + (15 - digits)]: the literals the compiler reads
    exactly today (one exact multiply or divide by a power of ten)."""
    from decimal import Decimal

    d = Decimal(text).normalize()
    if d.is_zero():
        return True
    _, digits, exp10 = d.as_tuple()
    sig = len(digits)
    return sig <= 15 and -22 <= exp10 <= 22 + (15 - sig)


def lit(rng: random.Random, t: str, features) -> str:
    if t == INT:
        v = rand_int(rng) if rng.random() < 0.5 else rng.randint(-12, 12)
        if v == -(2**63):  # 2**63 itself is no int64 literal
            return "(-9223372036854775807 - 1)"
        text = int_text(rng, abs(v)) if "int_literal_styles" in features else str(abs(v))
        return f"(-{text})" if v < 0 else text
    if t == BOOL:
        return rng.choice(["True", "False"])
    if t == FLOAT:
        r = rng.random()
        if r < 0.06:
            return "math.inf"
        if r < 0.09:
            return "(-math.inf)"
        if r < 0.12:
            return "math.pi"
        v = rand_float(rng)
        if v != v or v in (float("inf"), float("-inf")):
            v = 0.5
        if "long_float_literals" not in features and not fast_path_literal(repr(v)):
            v = float(f"{v:.6g}")
            if not fast_path_literal(repr(v)):
                v = rng.choice([1e22, -1e22, 1e-22, 123456789012345.0, 0.000123, 2.5e-7])
        text = repr(abs(v))
        if "float_literal_styles" in features:
            text = float_text(rng, abs(v), features)
        return f"(-{text})" if math.copysign(1.0, v) < 0 else text
    if t == STR:
        v = rand_str(rng)
        return str_text(rng, v) if "str_literal_styles" in features else repr(v)
    raise ValueError(t)


def int_text(rng: random.Random, v: int) -> str:
    """v >= 0 as a Python int literal, sometimes in another base or with _."""
    r = rng.random()
    if r < 0.85:
        return str(v)
    if r < 0.9:
        return rng.choice(["0x", "0X"]) + (f"{v:x}" if rng.random() < 0.5 else f"{v:X}")
    if r < 0.93:
        return rng.choice(["0o", "0O"]) + f"{v:o}"
    if r < 0.96 and v < 2**20:
        return rng.choice(["0b", "0B"]) + f"{v:b}"
    return f"{v:_}"


def float_text(rng: random.Random, v: float, features) -> str:
    """v >= 0 as a float literal, sometimes spelt another way (same value)."""
    base = repr(v)
    r = rng.random()
    cands = []
    if r < 0.7:
        return base
    if base.endswith(".0"):
        cands.append(base[:-1])  # 3.
    if base.startswith("0."):
        cands.append(base[1:])  # .5
    if "e" in base:
        cands.append(base.replace("e", "E"))
        cands.append(base.replace("e+", "e"))
    m = re.fullmatch(r"(\d{4,})\.(\d+)", base)
    if m:
        cands.append(f"{int(m.group(1)):_}.{m.group(2)}")  # 1_000.5
    cands.append(f"{v:e}")  # 5.000000e-01 (a rounded value: still a fine literal)
    text = rng.choice(cands)
    if "long_float_literals" not in features and not fast_path_literal(text.replace("_", "")):
        return base
    return text


def str_text(rng: random.Random, v: str) -> str:
    """v as a str literal, sometimes in another quoting or escaping style."""
    r = rng.random()
    if r < 0.7 or not v:
        return repr(v)
    if r < 0.8 and '"' not in v and "\\" not in v and v.isprintable():
        return '"' + v + '"'
    if r < 0.85 and "'" not in v and "\\" not in v and v.isprintable() and not v.endswith("\\"):
        return "r'" + v + "'"
    if r < 0.92:  # escape one character as \xNN or \ooo
        i = rng.randrange(len(v))
        esc = f"\\x{ord(v[i]):02x}" if rng.random() < 0.7 else f"\\{ord(v[i]):03o}"
        return "'" + "".join(esc if j == i else _esc1(c) for j, c in enumerate(v)) + "'"
    i = rng.randint(0, len(v))  # adjacent literals concatenate
    return f"({repr(v[:i])} {repr(v[i:])})"


def _esc1(c: str) -> str:
    """c escaped for the inside of a '...' literal."""
    if c in "'\\":
        return "\\" + c
    return repr(c)[1:-1]


def add_layout_noise(rng: random.Random, src: str) -> str:
    """Same program, other layout: comments, blank lines, lines broken inside
    brackets (implicit continuation) and after backslashes."""
    out = []
    lines = src.split("\n")
    joined = []
    i = 0
    while i < len(lines):  # a; b on one line when both are simple statements of one block
        line = lines[i]
        if i + 1 < len(lines) and rng.random() < 0.04 and _simple(line) and _simple(lines[i + 1]):
            ind = line[: len(line) - len(line.lstrip())]
            nxt = lines[i + 1]
            if nxt[: len(nxt) - len(nxt.lstrip())] == ind:
                joined.append(line + rng.choice(["; ", ";", " ; "]) + nxt.lstrip())
                i += 2
                continue
        joined.append(line)
        i += 1
    for line in joined:
        stripped = line.strip()
        if not stripped:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        if rng.random() < 0.05:
            out.append(indent + rng.choice(["# a comment", "#", "# note: \u00e9t\u00e9 (non-ASCII in a comment)"]))
        if rng.random() < 0.04:
            out.append(rng.choice(["", "   ", "\t"]))
        if rng.random() < 0.15 and not stripped.startswith(("'", '"')):
            line = _break_line(rng, line, indent)
        if rng.random() < 0.05 and not stripped.endswith("\\"):
            line += rng.choice(["  # trailing", " #x", "\t# t"])
        out.append(line)
    return "\n".join(out)


def _simple(line: str) -> bool:
    """A whole simple statement on one line (no block header, comment, docstring)."""
    s = line.strip()
    if not s or s.endswith((":", "\\")) or s.startswith(("#", "'", '"', "def ", "import ", "from ")):
        return False
    if s.split(" ", 1)[0] in ("if", "elif", "else", "for", "while", "else:"):
        return False
    return s.count("(") == s.count(")") and s.count("[") == s.count("]")


# Token types of an f-string's ends, which tokenize has from Python 3.12.
_FSTRING_START = getattr(tokenize, "FSTRING_START", -1)
_FSTRING_END = getattr(tokenize, "FSTRING_END", -1)
_BREAK_AFTER = {",", "+", "-", "*", "/", "//", "%", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^", "(", "["}


def _break_line(rng: random.Random, line: str, indent: str) -> str:
    body = line.lstrip()
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(body + "\n").readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return line
    depth, inside, outside, fstring = 0, [], [], 0
    for tok in toks:
        # From 3.12 tokenize splits an f-string (PEP 701), and a line broken
        # inside its fields is 3.12's syntax, not the 3.11 the DSL follows.
        fstring += (tok.type == _FSTRING_START) - (tok.type == _FSTRING_END)
        if fstring:
            continue
        if tok.type == tokenize.OP and tok.string in "([{":
            depth += 1
        elif tok.type == tokenize.OP and tok.string in ")]}":
            depth -= 1
        if tok.type in (tokenize.OP, tokenize.NAME) and (tok.string in _BREAK_AFTER or tok.string in ("and", "or")):
            (inside if depth > 0 else outside).append(tok.end[1])
    if outside and (not inside or rng.random() < 0.25):
        col, cont = rng.choice(outside), " \\"  # explicit continuation
    elif inside:
        col, cont = rng.choice(inside), ""  # implicit, inside brackets
    else:
        return line
    if col >= len(body):
        return line
    pad = indent + " " * rng.randint(0, 12)
    return indent + body[:col] + cont + "\n" + pad + body[col:].lstrip()
