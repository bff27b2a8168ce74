"""Task families: small functions that turn a random.Random into one DSL
task variant (name, description, signature, reference program, inputs).

A family is a pattern (digit sums, binary search, running sums, ...); its
variants change constants, operators, comparison directions, wording and
the names of the function and its parameters, so one family yields many
distinct tasks. The reference is written in the DSL as docs/language.md
describes it today. Expected outputs are not made
here: synth.py runs every reference on CPython and on the VM and keeps only
the variants on which both agree.

HELD_OUT_FAMILIES are whole families kept out of training (docs/coder-data.md).
"""

from __future__ import annotations

import ast
import random
import re
import string
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

# Whole families never trained on: each exercises a pattern whose parts
# (ord/chr arithmetic, nested lists, building strings from runs, divisor
# loops) the training families teach separately, so solving them measures
# generalisation rather than recall.
HELD_OUT_FAMILIES = ("caesar", "grid", "string_build", "number_theory")


@dataclass(frozen=True)
class Variant:
    """One task: `program` defines `entry` with `signature`; `inputs` are
    argument tuples (edge cases first, then random ones)."""

    family: str
    entry: str
    signature: str
    description: str
    program: str
    inputs: tuple[tuple, ...]


Family = Callable[[random.Random], Variant]
FAMILIES: dict[str, Family] = {}


def family(fn: Family) -> Family:
    """Register a family under its function's name."""
    FAMILIES[fn.__name__] = fn
    return fn


# ------------------------------------------------------------ building


def code(template: str, **kw) -> str:
    """Fill a code template. A placeholder alone on its line takes a
    multi-line value indented to the placeholder's column; others are
    str.format fields (DSL code has no braces: no dicts, sets or f-strings)."""
    def whole(m: re.Match) -> str:
        value = str(kw[m.group(2)])
        return textwrap.indent(value, m.group(1)) if value else "\0"  # an empty value drops its line
    text = re.sub(r"^([ \t]*)\{(\w+)\}$", whole, textwrap.dedent(template).strip("\n"), flags=re.MULTILINE)
    return "\n".join(line for line in text.format(**kw).split("\n") if line != "\0")


def task(fam: str, entry: str, params: list[tuple[str, str]], ret: str, text: str, body: str,
         inputs: list[tuple], helpers: str = "", typing: bool = False) -> Variant:
    """A Variant from the parts of its program, laid out as PEP 8 has it
    (two blank lines between defs); `typing` adds the Optional import."""
    assert entry not in {n for n, _ in params}, f"{fam}: entry {entry!r} named like a parameter"
    sig = f"def {entry}({', '.join(f'{n}: {t}' for n, t in params)}) -> {ret}"
    program = ("from typing import Optional\n\n\n" if typing else "") + sig + ":\n"
    program += textwrap.indent(body.strip("\n"), "    ") + "\n"
    if helpers:
        program += "\n\n" + textwrap.dedent(helpers).strip("\n") + "\n"
    ast.parse(program)  # a template slip shows here, not as a dropped variant
    return Variant(fam, entry, sig, " ".join(text.split()), program, tuple(unique(inputs)))


def unique(inputs: list[tuple]) -> list[tuple]:
    """Inputs without repeats, first occurrence kept (repr tells lists apart)."""
    seen: dict[str, tuple] = {}
    for args in inputs:
        seen.setdefault(repr(args), args)
    return list(seen.values())


def one_of(rng: random.Random, options: list):
    return options[rng.randrange(len(options))]


# ------------------------------------------------------------ inputs

WORDS = ("apple", "stone", "river", "cloud", "tiger", "lemon", "house", "green", "night", "paper",
         "sun", "map", "ox", "a", "io", "bread", "quiet", "zebra", "delta", "ember", "kiwi", "owl")


def int_list(rng: random.Random, lo: int, hi: int, max_len: int = 8, min_len: int = 0) -> list[int]:
    return [rng.randint(lo, hi) for _ in range(rng.randint(min_len, max_len))]


def text_of(rng: random.Random, alphabet: str, max_len: int = 12, min_len: int = 0) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(min_len, max_len)))


def sentence(rng: random.Random, max_words: int = 6, spaces: int = 1) -> str:
    """Words from WORDS joined by 1..spaces spaces."""
    words = [rng.choice(WORDS) for _ in range(rng.randint(0, max_words))]
    out = ""
    for i, w in enumerate(words):
        out += (" " * rng.randint(1, spaces) if i else "") + w
    return out


def many(rng: random.Random, n: int, make: Callable[[], tuple]) -> list[tuple]:
    return [make() for _ in range(n)]


MIXED = string.ascii_letters + "  .,!?0123456789"
LOWER = string.ascii_lowercase


# ------------------------------------------------------------ arithmetic

_SIGN_WORD = {"+": "plus", "-": "minus"}


def _linear(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("x", "y"), ("m", "n"), ("p", "q"), ("left", "right")])
    k1, k2, k3 = rng.randint(2, 9), rng.randint(1, 9), rng.randint(0, 60)
    s2, s3 = rng.choice("+-"), rng.choice("+-")
    expr = f"{a} * {k1} {s2} {b} * {k2} {s3} {k3}"
    text = one_of(rng, [f"Return {expr}.",
                        f"Given integers {a} and {b}, compute {expr} and return the result.",
                        f"Return {k1} times {a} {_SIGN_WORD[s2]} {k2} times {b} {_SIGN_WORD[s3]} {k3}."])
    entry = one_of(rng, ["combine", "score", "mix", "weighted_sum", "formula", "evaluate", "blend"])
    inputs = [(0, 0), (1, -1), (-7, 3)] + many(rng, 7, lambda: (rng.randint(-500, 500), rng.randint(-500, 500)))
    return task("arithmetic", entry, [(a, "int"), (b, "int")], "int", text, f"return {expr}", inputs)


def _ceil_div(rng: random.Random) -> Variant:
    things, bins = one_of(rng, [("items", "boxes"), ("passengers", "buses"), ("lines", "pages"),
                                ("players", "teams"), ("eggs", "cartons"), ("guests", "tables")])
    k, n = rng.randint(2, 12), one_of(rng, ["n", "count", "total", things])
    entry = one_of(rng, [f"{bins}_needed", f"count_{bins}", f"min_{bins}"])
    text = one_of(rng, [f"Each of the {bins} holds at most {k} {things}. Return the smallest number of "
                        f"{bins} needed for {n} {things} ({n} >= 0).",
                        f"How many {bins} of capacity {k} are needed to hold {n} {things}? {n} is never negative."])
    body = one_of(rng, [f"return ({n} + {k - 1}) // {k}", f"return -(-{n} // {k})",
                        code("""
                            q, r = divmod({n}, {k})
                            if r > 0:
                                q += 1
                            return q""", n=n, k=k)])
    inputs = [(0,), (1,), (k - 1,), (k,), (k + 1,), (2 * k,)] + many(rng, 5, lambda: (rng.randint(0, 5000),))
    return task("arithmetic", entry, [(n, "int")], "int", text, body, inputs)


def _clamp(rng: random.Random) -> Variant:
    lo = rng.randint(-50, 20)
    hi = lo + rng.randint(5, 100)
    x = one_of(rng, ["x", "n", "value", "level", "v"])
    entry = one_of(rng, ["clamp", "limit", "bound", "clip", "restrict"])
    text = one_of(rng, [f"Return {x} clamped to the range [{lo}, {hi}]: {lo} when {x} is below {lo}, "
                        f"{hi} when it is above {hi}, and {x} itself otherwise.",
                        f"Limit {x} to lie between {lo} and {hi} inclusive and return it."])
    body = one_of(rng, [f"return max({lo}, min({hi}, {x}))",
                        code("""
                            if {x} < {lo}:
                                return {lo}
                            if {x} > {hi}:
                                return {hi}
                            return {x}""", x=x, lo=lo, hi=hi)])
    inputs = [(lo,), (hi,), (lo - 1,), (hi + 1,), (0,)] + many(rng, 5, lambda: (rng.randint(lo - 100, hi + 100),))
    return task("arithmetic", entry, [(x, "int")], "int", text, body, inputs)


_CMP_WORD = {">": "greater than", ">=": "at least", "<": "less than", "<=": "at most"}


def _piecewise(rng: random.Random) -> Variant:
    x = one_of(rng, ["x", "n", "value", "amount"])
    cmp, k = rng.choice(list(_CMP_WORD)), rng.randint(-20, 50)
    (op1, a), (op2, b) = [(rng.choice("+-*"), rng.randint(2, 9)) for _ in range(2)]
    entry = one_of(rng, ["adjust", "step", "transform", "rule", "apply_rule"])
    then, other = f"{x} {op1} {a}", f"{x} {op2} {b}"
    text = one_of(rng, [f"If {x} is {_CMP_WORD[cmp]} {k}, return {then}; otherwise return {other}.",
                        f"Return {then} when {x} {cmp} {k}, else {other}."])
    body = one_of(rng, [f"return {then} if {x} {cmp} {k} else {other}",
                        code("""
                            if {x} {cmp} {k}:
                                return {then}
                            return {other}""", x=x, cmp=cmp, k=k, then=then, other=other)])
    inputs = [(k,), (k - 1,), (k + 1,), (0,)] + many(rng, 6, lambda: (rng.randint(-200, 200),))
    return task("arithmetic", entry, [(x, "int")], "int", text, body, inputs)


_THREE = [  # (entry names, phrase, expression of a, b, c)
    (["mean3", "floor_average", "average_down"], "the average of {a}, {b} and {c}, rounded down",
     "({a} + {b} + {c}) // 3"),
    (["top_two_sum", "best_two", "sum_largest_two"], "the sum of the two largest of {a}, {b} and {c}",
     "{a} + {b} + {c} - min({a}, {b}, {c})"),
    (["median3", "middle", "middle_value"], "the middle value of {a}, {b} and {c} (the median)",
     "sorted([{a}, {b}, {c}])[1]"),
    (["spread", "range3", "span"], "the largest of {a}, {b}, {c} minus the smallest",
     "max({a}, {b}, {c}) - min({a}, {b}, {c})"),
]


def _three(rng: random.Random) -> Variant:
    names, phrase, expr = one_of(rng, _THREE)
    a, b, c = one_of(rng, [("a", "b", "c"), ("x", "y", "z"), ("p", "q", "r"), ("first", "second", "third")])
    kw = {"a": a, "b": b, "c": c}
    text = one_of(rng, ["Return {p}.", "Given three integers {a}, {b} and {c}, return {p}."])
    text = text.format(p=phrase.format(**kw), **kw)
    inputs = [(0, 0, 0), (1, 2, 3), (3, 2, 1), (-5, 5, 0)] + many(
        rng, 6, lambda: (rng.randint(-99, 99), rng.randint(-99, 99), rng.randint(-99, 99)))
    return task("arithmetic", one_of(rng, names), [(a, "int"), (b, "int"), (c, "int")], "int", text,
                "return " + expr.format(**kw), inputs)


@family
def arithmetic(rng: random.Random) -> Variant:
    return one_of(rng, [_linear, _ceil_div, _clamp, _piecewise, _three])(rng)


# ------------------------------------------------------------ digits

_DIGIT_AGGS = [  # (entry names, phrase about the digits of {w}, initial value, update of acc by d)
    (["digit_sum", "sum_digits", "add_digits"], "the sum of the decimal digits of {w}", "0", "{acc} += d"),
    (["square_digit_sum", "digit_squares"], "the sum of the squares of the decimal digits of {w}", "0",
     "{acc} += d * d"),
    (["count_digit", "digit_count_of", "how_many_digits"], "how many decimal digits of {w} are equal to {D}", "0",
     "if d == {D}:\n    {acc} += 1"),
    (["count_big_digits", "digits_above"], "how many decimal digits of {w} are greater than {D}", "0",
     "if d > {D}:\n    {acc} += 1"),
    (["count_even_digits", "even_digits"], "how many decimal digits of {w} are even", "0",
     "if d % 2 == 0:\n    {acc} += 1"),
    (["odd_digit_sum", "sum_odd_digits"], "the sum of the odd decimal digits of {w}", "0",
     "if d % 2 == 1:\n    {acc} += d"),
    (["max_digit", "largest_digit"], "the largest decimal digit of {w}", "0", "{acc} = max({acc}, d)"),
    (["min_digit", "smallest_digit"], "the smallest decimal digit of {w}", "9", "{acc} = min({acc}, d)"),
    (["digit_product", "multiply_digits"], "the product of the decimal digits of {w}", "1", "{acc} *= d"),
    (["reverse_digits", "reversed_number", "flip_digits"],
     "the number whose decimal digits are those of {w} in reverse order (leading zeros dropped)", "0",
     "{acc} = {acc} * 10 + d"),
]

_DIGITS_WHILE = """
{acc} = {init}
while True:
    d = {n} % 10
    {update}
    {n} //= 10
    if {n} == 0:
        break
return {acc}"""

_DIGITS_STR = """
{acc} = {init}
for ch in str({n}):
    d = int(ch)
    {update}
return {acc}"""


@family
def digits(rng: random.Random) -> Variant:
    k = rng.randrange(len(_DIGIT_AGGS))
    names, phrase, init, update = _DIGIT_AGGS[k]
    n, acc, d = one_of(rng, ["n", "num", "number", "value"]), one_of(rng, ["total", "acc", "result", "r"]), rng.randint(1, 8)
    signed = rng.random() < 0.5  # negative inputs too, the digits being those of abs(n)
    what = phrase.format(w=f"abs({n})" if signed else n, D=d)
    text = one_of(rng, [f"Return {what}.", f"Given an integer {n}, return {what}.",
                        f"Return {what}. The number 0 has the single digit 0."])
    if not signed:
        text += f" {n} is never negative."
    reverse = names[0] == "reverse_digits"  # a reversed number is built from the last digit first
    body = code(_DIGITS_WHILE if reverse or rng.random() < 0.5 else _DIGITS_STR,
                acc=acc, init=init, n=n, update=update.format(acc=acc, D=d))
    if signed:
        body = f"{n} = abs({n})\n" + body
    lo = -10**12 if signed else 0
    inputs = [(0,), (7,), (10,), (909,), (1000,)] + [(-x,) for x in (5, 120) if signed]
    inputs += many(rng, 6, lambda: (rng.randint(lo, 10**rng.randint(1, 12)),))
    return task("digits", one_of(rng, names), [(n, "int")], "int", text, body, inputs)


# ------------------------------------------------------------ strings: case

_S = ["s", "text", "word", "line", "phrase"]


def _case_rule(rng: random.Random, s: str) -> tuple[str, str, str]:
    """(entry, description, body) of one case transformation of s."""
    kind = rng.randrange(5)
    if kind == 0:
        body = one_of(rng, [f"return {s}.swapcase()",
                            f"return ''.join(c.lower() if c.isupper() else c.upper() for c in {s})"])
        return one_of(rng, ["swap_case", "invert_case", "flip_case"]), \
            f"Return {s} with every upper-case letter made lower case and every lower-case letter made upper case.", body
    if kind == 1:
        return one_of(rng, ["title_words", "capitalize_words", "cap_each"]), \
            (f"Return {s} with the first character of every word upper-cased and the other characters "
             f"lower-cased. Words are separated by single spaces; keep every space."), \
            f"return ' '.join(w[:1].upper() + w[1:].lower() for w in {s}.split(' '))"
    if kind == 2:
        parity = rng.randrange(2)
        first, second = ("upper", "lower") if parity == 0 else ("lower", "upper")
        return one_of(rng, ["alternate_case", "zigzag_case", "wave_case"]), \
            (f"Return {s} with the characters at even indices (0, 2, 4, ...) in {first} case and "
             f"the characters at odd indices in {second} case."), \
            code("""
                out = ''
                for i, c in enumerate({s}):
                    if i % 2 == {parity}:
                        out += c.upper()
                    else:
                        out += c.lower()
                return out""", s=s, parity=parity)
    letters = "aeiou" if kind == 3 else "".join(sorted(rng.sample(LOWER, rng.randint(2, 5))))
    shown = ", ".join(letters)
    up, down = ("upper", "lower") if rng.random() < 0.5 else ("lower", "upper")
    return one_of(rng, ["shout_letters", "mark_letters", "highlight", "emphasize"]), \
        (f"Return {s} with every occurrence of the letters {shown} (in either case) made {up} case "
         f"and every other character made {down} case."), \
        f"return ''.join(c.{up}() if c.lower() in '{letters}' else c.{down}() for c in {s})"


@family
def string_case(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    entry, text, body = _case_rule(rng, s)
    inputs = [("",), ("a",), ("Hello World",), ("  two  spaces ",), ("ABC xyz 123!",)]
    inputs += many(rng, 6, lambda: (text_of(rng, MIXED, 16),))
    return task("string_case", entry, [(s, "str")], "str", text, body, inputs)


# ------------------------------------------------------------ strings: counting characters

_CHAR_CLASSES = [  # (phrase, method) for str predicates
    ("upper-case letters", "isupper"), ("lower-case letters", "islower"), ("digits", "isdigit"),
    ("letters", "isalpha"), ("whitespace characters", "isspace"),
]


def _str_inputs(rng: random.Random) -> list[tuple]:
    return [("",), ("aeiou AEIOU",), ("x1y2 Z3",), ("   ",)] + many(rng, 7, lambda: (text_of(rng, MIXED, 16),))


def _count_set(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    chars = one_of(rng, ["aeiou", "0123456789", "".join(sorted(rng.sample(LOWER, rng.randint(2, 6))))])
    fold = chars.isalpha() and rng.random() < 0.5  # letters counted in either case
    where = f"c.lower() in '{chars}'" if fold else f"c in '{chars}'"
    case = " in either case" if fold else ""
    text = one_of(rng, [f"Return how many characters of {s} are one of {', '.join(chars)}{case}.",
                        f"Count the characters of {s} that belong to the set {chars!r}{case} and return the count."])
    body = one_of(rng, [f"return sum(1 for c in {s} if {where})",
                        code("""
                            n = 0
                            for c in {s}:
                                if {where}:
                                    n += 1
                            return n""", s=s, where=where)])
    entry = one_of(rng, ["count_chars", "count_in_set", "tally", "char_hits"])
    return task("char_count", entry, [(s, "str")], "int", text, body, _str_inputs(rng))


def _count_class(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    phrase, method = one_of(rng, _CHAR_CLASSES)
    negate = rng.random() < 0.3
    cond = f"not c.{method}()" if negate else f"c.{method}()"
    what = f"characters of {s} that are not {phrase}" if negate else f"{phrase} in {s}"
    body = one_of(rng, [f"return len([c for c in {s} if {cond}])",
                        f"return sum(1 for c in {s} if {cond})"])
    entry = one_of(rng, ["count_kind", "count_class", "how_many"])
    return task("char_count", entry, [(s, "str")], "int", f"Return the number of {what}.", body, _str_inputs(rng))


def _count_char(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    c = one_of(rng, ["c", "ch", "target", "letter"])
    text = one_of(rng, [f"Return how many times the character {c} occurs in {s}.",
                        f"Count the occurrences of the one-character string {c} in {s}."])
    body = one_of(rng, [f"return {s}.count({c})",
                        code("""
                            n = 0
                            for x in {s}:
                                if x == {c}:
                                    n += 1
                            return n""", s=s, c=c)])
    inputs = [("banana", "a"), ("", "x"), ("aaa", "a"), ("Mississippi", "s")]
    inputs += many(rng, 7, lambda: (text_of(rng, "abcab .", 12), rng.choice("abc .")))
    entry = one_of(rng, ["count_char", "occurrences", "char_count"])
    return task("char_count", entry, [(s, "str"), (c, "str")], "int", text, body, inputs)


@family
def char_count(rng: random.Random) -> Variant:
    return one_of(rng, [_count_set, _count_class, _count_char])(rng)


# ------------------------------------------------------------ strings: words

def _words_rule(rng: random.Random, s: str) -> tuple[str, str, str, str]:
    """(entry, description, body, return type) of one rule over s.split()."""
    kind = rng.randrange(6)
    if kind == 0:
        body = one_of(rng, [f"return ' '.join(reversed({s}.split()))", f"return ' '.join({s}.split()[::-1])"])
        return one_of(rng, ["reverse_words", "words_backwards", "flip_words"]), \
            f"Return the words of {s} in reverse order, joined by single spaces.", body, "str"
    if kind == 1:
        return one_of(rng, ["reverse_each_word", "mirror_words", "spell_backwards"]), \
            f"Reverse the letters of every word of {s}, keep the words in order, and join them with single spaces.", \
            f"return ' '.join(w[::-1] for w in {s}.split())", "str"
    if kind == 2:
        return one_of(rng, ["longest_word", "biggest_word", "widest_word"]), \
            f"Return the longest word of {s} (the first one if several are longest), or '' when {s} has no words.", \
            code("""
                best = ''
                for w in {s}.split():
                    if len(w) > len(best):
                        best = w
                return best""", s=s), "str"
    if kind == 3:
        k, cmp = rng.randint(1, 6), rng.choice(list(_CMP_WORD))
        return one_of(rng, ["count_words", "words_by_length", "count_sized_words"]), \
            f"Return how many words of {s} have a length {_CMP_WORD[cmp]} {k}.", \
            f"return len([w for w in {s}.split() if len(w) {cmp} {k}])", "int"
    if kind == 4:
        return one_of(rng, ["acronym", "initials", "first_letters"]), \
            f"Return the first letters of the words of {s}, upper-cased and joined with no separator.", \
            f"return ''.join(w[0].upper() for w in {s}.split())", "str"
    letter = rng.choice("abcdeilmnoprst")
    return one_of(rng, ["count_starting", "words_beginning", "starts_count"]), \
        f"Return how many words of {s} start with the letter '{letter}'.", \
        f"return sum(1 for w in {s}.split() if w.startswith('{letter}'))", "int"


@family
def words(rng: random.Random) -> Variant:
    s = one_of(rng, ["s", "text", "sentence", "line", "phrase"])
    entry, text, body, ret = _words_rule(rng, s)
    text += one_of(rng, ["", " Words are separated by one or more spaces.", f" A word is a maximal run of non-space characters of {s}."])
    inputs = [("",), ("   ",), ("one",), ("a bb ccc",), ("  lead and trail  ",)]
    inputs += many(rng, 6, lambda: (sentence(rng, 6, 3),))
    return task("words", entry, [(s, "str")], ret, text, body, inputs)


# ------------------------------------------------------------ strings: prefixes and suffixes

_PREFIXES = ("re", "un", "pre", "dis", "mis", "over", "sub")
_SUFFIXES = ("ing", "ed", "ly", "er", "s", "ness", "ful")


def _affix_inputs(rng: random.Random, affixes: tuple[str, ...], front: bool) -> list[tuple]:
    def one() -> tuple:
        a, w = rng.choice(affixes), rng.choice(WORDS)
        return ((a + w) if front else (w + a),) if rng.random() < 0.6 else (w,)
    return [("",)] + [(a,) for a in affixes[:2]] + many(rng, 8, one)


def _strip_affix(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    front = rng.random() < 0.5
    pool = _PREFIXES if front else _SUFFIXES
    a = rng.choice(pool)
    side, test, starts = ("prefix", "startswith", "starts") if front else ("suffix", "endswith", "ends")
    rest = f"{s}[{len(a)}:]" if front else f"{s}[:len({s}) - {len(a)}]"
    text = one_of(rng, [f"If {s} {starts} with '{a}', return {s} without it; otherwise return {s} unchanged.",
                        f"Remove the {side} '{a}' from {s} when it has it, and return the result."])
    body = one_of(rng, [f"return {rest} if {s}.{test}('{a}') else {s}",
                        code("""
                            if {s}.{test}('{a}'):
                                return {rest}
                            return {s}""", s=s, test=test, a=a, rest=rest)])
    entry = one_of(rng, [f"strip_{side}", f"remove_{side}", f"drop_{side}"])
    return task("prefix_suffix", entry, [(s, "str")], "str", text, body, _affix_inputs(rng, (a,) + pool, front))


def _common_affix(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("s", "t"), ("first", "second"), ("left", "right")])
    if rng.random() < 0.5:
        text = f"Return the length of the longest common suffix of {a} and {b} (the characters both end with)."
        body = code("""
            n = 0
            while n < len({a}) and n < len({b}) and {a}[len({a}) - 1 - n] == {b}[len({b}) - 1 - n]:
                n += 1
            return n""", a=a, b=b)
        ret, entry = "int", one_of(rng, ["common_suffix_len", "shared_ending", "suffix_overlap"])
    else:
        text = f"Return the longest string that both {a} and {b} start with."
        body = code("""
            i = 0
            while i < min(len({a}), len({b})) and {a}[i] == {b}[i]:
                i += 1
            return {a}[:i]""", a=a, b=b)
        ret, entry = "str", one_of(rng, ["common_prefix", "shared_start", "prefix_of_both"])
    inputs = [("", ""), ("abc", ""), ("same", "same"), ("interview", "internet"), ("walking", "talking")]
    inputs += many(rng, 6, lambda: (text_of(rng, "ab", 6), text_of(rng, "ab", 6)))
    return task("prefix_suffix", entry, [(a, "str"), (b, "str")], ret, text, body, inputs)


def _count_prefixed(rng: random.Random) -> Variant:
    xs, p = one_of(rng, [("words", "p"), ("names", "prefix"), ("items", "start"), ("strs", "head")])
    back = rng.random() < 0.5
    test, verb = ("endswith", "end") if back else ("startswith", "start")
    text = f"Return how many strings of {xs} {verb} with {p}."
    body = one_of(rng, [f"return sum(1 for w in {xs} if w.{test}({p}))",
                        f"return len([w for w in {xs} if w.{test}({p})])"])
    pool = ["ab", "abc", "b", "", "ba", "cab", "abab", "bb"]
    inputs = [([], "a"), (["a", "b"], ""), (["abc", "xabc"], "ab")]
    inputs += many(rng, 7, lambda: ([rng.choice(pool) for _ in range(rng.randint(0, 6))], rng.choice(["a", "ab", "b"])))
    entry = one_of(rng, [f"count_{verb}s_with", f"how_many_{verb}", f"{verb}_matches"])
    return task("prefix_suffix", entry, [(xs, "list[str]"), (p, "str")], "int", text, body, inputs)


@family
def prefix_suffix(rng: random.Random) -> Variant:
    return one_of(rng, [_strip_affix, _common_affix, _count_prefixed])(rng)


# ------------------------------------------------------------ strings: caesar-like shifts

def _shift_letters(rng: random.Random) -> Variant:
    s = one_of(rng, ["s", "text", "message", "plain"])
    k, back, both = rng.randint(1, 25), rng.random() < 0.3, rng.random() < 0.5
    step = -k if back else k
    which = "letter (keeping its case)" if both else "lower-case letter"
    text = one_of(rng, [f"Shift every {which} of {s} {k} places {'backward' if back else 'forward'} in the "
                        f"alphabet, wrapping around between 'z' and 'a'; leave other characters unchanged.",
                        f"Apply a Caesar shift of {step} to each {which} of {s} (wrapping around the alphabet) "
                        f"and return the result; other characters stay as they are."])
    upper = code("""
        elif 'A' <= c <= 'Z':
            out += chr((ord(c) - ord('A') + {step}) % 26 + ord('A'))""", step=step) if both else ""
    body = code("""
        out = ''
        for c in {s}:
            if 'a' <= c <= 'z':
                out += chr((ord(c) - ord('a') + {step}) % 26 + ord('a'))
            {upper}
            else:
                out += c
        return out""", s=s, step=step, upper=upper)
    entry = one_of(rng, ["caesar", "shift_letters", "encode", "rotate_alphabet", "cipher"])
    inputs = [("",), ("xyz",), ("abc XYZ!",), ("Zz Aa",)] + many(rng, 7, lambda: (text_of(rng, MIXED, 14),))
    return task("caesar", entry, [(s, "str")], "str", text, body, inputs)


def _shift_by(rng: random.Random) -> Variant:
    s, k = one_of(rng, [("s", "k"), ("text", "shift"), ("message", "key"), ("word", "n")])
    text = (f"Shift every lower-case letter of {s} by {k} places in the alphabet, wrapping around "
            f"({k} may be negative or larger than 26); leave other characters unchanged.")
    body = one_of(rng, [
        f"return ''.join(chr((ord(c) - 97 + {k}) % 26 + 97) if c.islower() else c for c in {s})",
        code("""
            out = []
            for c in {s}:
                if c.islower():
                    c = chr((ord(c) - ord('a') + {k}) % 26 + ord('a'))
                out.append(c)
            return ''.join(out)""", s=s, k=k)])
    inputs = [("", 3), ("abc", 0), ("xyz", 3), ("abc", -1), ("hello", 52)]
    inputs += many(rng, 6, lambda: (text_of(rng, LOWER + " !A", 12), rng.randint(-60, 60)))
    entry = one_of(rng, ["shift_text", "caesar_by", "rot", "encrypt"])
    return task("caesar", entry, [(s, "str"), (k, "int")], "str", text, body, inputs)


def _shift_digits(rng: random.Random) -> Variant:
    s, k = one_of(rng, _S), rng.randint(1, 9)
    text = (f"Replace every digit d of {s} by the digit (d + {k}) mod 10, so that '9' becomes "
            f"'{(9 + k) % 10}'; leave other characters unchanged.")
    body = f"return ''.join(str((int(c) + {k}) % 10) if c.isdigit() else c for c in {s})"
    inputs = [("",), ("0123456789",), ("a9b8",)] + many(rng, 7, lambda: (text_of(rng, "0123456789-ab", 10),))
    entry = one_of(rng, ["shift_digits", "rotate_digits", "scramble_pin", "digit_cipher"])
    return task("caesar", entry, [(s, "str")], "str", text, body, inputs)


def _rotate(rng: random.Random) -> Variant:
    s, k = one_of(rng, [("s", "k"), ("text", "n"), ("word", "steps")])
    left = rng.random() < 0.5
    text = (f"Rotate {s} {'left' if left else 'right'} by {k} positions ({k} >= 0): "
            + (f"the first {k} characters move to the end" if left else f"the last {k} characters move to the front")
            + f", and {k} larger than the length wraps around. The empty string stays empty.")
    cut = f"{k}" if left else f"len({s}) - {k}"
    body = code("""
        if not {s}:
            return {s}
        {k} = {k} % len({s})
        return {s}[{cut}:] + {s}[:{cut}]""", s=s, k=k, cut=cut)
    inputs = [("", 3), ("abc", 0), ("abc", 3), ("abcde", 7)] + many(rng, 6, lambda: (text_of(rng, LOWER, 8), rng.randint(0, 12)))
    entry = one_of(rng, ["rotate", "rotate_" + ("left" if left else "right"), "cycle"])
    return task("caesar", entry, [(s, "str"), (k, "int")], "str", text, body, inputs)


@family
def caesar(rng: random.Random) -> Variant:
    return one_of(rng, [_shift_letters, _shift_by, _shift_digits, _rotate])(rng)


# ------------------------------------------------------------ lists: predicates shared by filters, counts, searches

_INTS = ["xs", "nums", "values", "numbers", "data", "arr"]
_ITEM = ["x", "v", "n", "item"]


def predicate(rng: random.Random, x: str) -> tuple[str, str]:
    """(phrase fitting 'elements that are ...', condition on x) with constants drawn."""
    k, m = rng.randint(-5, 20), rng.randint(2, 7)
    lo = rng.randint(-10, 10)
    hi = lo + rng.randint(2, 15)
    return one_of(rng, [
        (f"greater than {k}", f"{x} > {k}"), (f"at least {k}", f"{x} >= {k}"),
        (f"less than {k}", f"{x} < {k}"), (f"at most {k}", f"{x} <= {k}"),
        (f"divisible by {m}", f"{x} % {m} == 0"), (f"not divisible by {m}", f"{x} % {m} != 0"),
        ("even", f"{x} % 2 == 0"), ("odd", f"{x} % 2 == 1"),
        (f"between {lo} and {hi} inclusive", f"{lo} <= {x} <= {hi}"),
        (f"different from {k}", f"{x} != {k}"),
        (f"larger than {m} in absolute value", f"abs({x}) > {m}"),
    ])


def int_inputs(rng: random.Random, extra: list[tuple] | None = None, n: int = 7) -> list[tuple]:
    """Argument tuples of one list[int]: edge cases, then random lists."""
    edge = [([],), ([0],), ([5, -5, 5],), ([3, 1, 2, 10, -7, 4],)]
    return edge + (extra or []) + many(rng, n, lambda: (int_list(rng, -20, 30, 9),))


# ------------------------------------------------------------ lists: filters

def _filter_ints(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), one_of(rng, _ITEM)
    phrase, cond = predicate(rng, x)
    keep = rng.random() < 0.7
    if not keep:
        cond = f"not {cond}"
    text = one_of(rng, [f"Return the elements of {xs} that are {phrase}, in their original order.",
                        f"Return a new list holding the numbers of {xs} that are {phrase}, keeping their order."]
                  if keep else [f"Return {xs} without the elements that are {phrase}, keeping the order of the rest.",
                                f"Remove every number that is {phrase} from a copy of {xs} and return the copy."])
    body = one_of(rng, [f"return [{x} for {x} in {xs} if {cond}]",
                        f"return list(filter(lambda {x}: {cond}, {xs}))",
                        code("""
                            out = []
                            for {x} in {xs}:
                                if {cond}:
                                    out.append({x})
                            return out""", x=x, xs=xs, cond=cond)])
    entry = one_of(rng, ["keep", "select", "filter_numbers", "pick", "only"] if keep else ["drop", "remove", "reject", "without"])
    return task("list_filter", entry, [(xs, "list[int]")], "list[int]", text, body, int_inputs(rng))


def _filter_words(rng: random.Random) -> Variant:
    ws, w = one_of(rng, [("words", "w"), ("names", "name"), ("items", "s"), ("tokens", "t")])
    k, c = rng.randint(1, 5), rng.choice("aeinorst")
    phrase, cond = one_of(rng, [(f"longer than {k} characters", f"len({w}) > {k}"),
                                (f"at most {k} characters long", f"len({w}) <= {k}"),
                                (f"containing the letter '{c}'", f"'{c}' in {w}"),
                                (f"not containing the letter '{c}'", f"'{c}' not in {w}"),
                                ("that read the same backwards (palindromes)", f"{w} == {w}[::-1]"),
                                ("starting with an upper-case letter", f"{w}[:1].isupper()")])
    text = one_of(rng, [f"Return the strings of {ws} {phrase}, in their original order.",
                        f"From the list {ws}, keep only the strings {phrase} and return them in order."])
    body = one_of(rng, [f"return [{w} for {w} in {ws} if {cond}]",
                        code("""
                            out: list[str] = []
                            for {w} in {ws}:
                                if {cond}:
                                    out.append({w})
                            return out""", w=w, ws=ws, cond=cond)])
    pool = list(WORDS[:12]) + ["Anna", "level", "Kayak", "Bob", "noon", "", "x"]
    inputs = [([],), ([""],), (["level", "Apple", "bob"],)]
    inputs += many(rng, 7, lambda: ([rng.choice(pool) for _ in range(rng.randint(0, 6))],))
    entry = one_of(rng, ["filter_words", "keep_words", "select_strings", "matching"])
    return task("list_filter", entry, [(ws, "list[str]")], "list[str]", text, body, inputs)


@family
def list_filter(rng: random.Random) -> Variant:
    return (_filter_ints if rng.random() < 0.65 else _filter_words)(rng)


# ------------------------------------------------------------ lists: maps

def _map_ints(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), one_of(rng, _ITEM)
    k, m, c = rng.randint(2, 9), rng.randint(2, 7), rng.randint(-9, 9)
    phrase, expr = one_of(rng, [
        (f"multiplied by {k}", f"{x} * {k}"), (f"increased by {k}", f"{x} + {k}"),
        (f"decreased by {k}", f"{x} - {k}"), ("squared", f"{x} * {x}"),
        ("replaced by its absolute value", f"abs({x})"), (f"replaced by its remainder modulo {m}", f"{x} % {m}"),
        (f"floor-divided by {m}", f"{x} // {m}"), ("negated", f"-{x}"),
        (f"raised to {k} when it is smaller than {k}", f"max({x}, {k})"),
        (f"lowered to {k} when it is larger than {k}", f"min({x}, {k})"),
        (f"replaced by {k} times itself plus {c}", f"{x} * {k} + {c}"),
    ])
    text = one_of(rng, [f"Return a new list with every element of {xs} {phrase}.",
                        f"Return the list of the numbers of {xs}, each {phrase}, in the same order."])
    body = one_of(rng, [f"return [{expr} for {x} in {xs}]",
                        f"return list(map(lambda {x}: {expr}, {xs}))",
                        code("""
                            out = []
                            for {x} in {xs}:
                                out.append({expr})
                            return out""", x=x, xs=xs, expr=expr)])
    entry = one_of(rng, ["transform", "map_values", "convert", "apply_all", "rescale"])
    return task("list_map", entry, [(xs, "list[int]")], "list[int]", text, body, int_inputs(rng))


def _pairwise(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    back = rng.random() < 0.5
    a, b = ("i", "i + 1") if back else ("i + 1", "i")
    text = (f"Return the list of differences between neighbours of {xs}: element i is "
            f"{xs}[{a}] - {xs}[{b}]. A list of fewer than two elements gives [].")
    body = f"return [{xs}[{a}] - {xs}[{b}] for i in range(len({xs}) - 1)]"
    entry = one_of(rng, ["differences", "steps", "deltas", "gaps"])
    return task("list_map", entry, [(xs, "list[int]")], "list[int]", text, body, int_inputs(rng))


def _zip_lists(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("xs", "ys"), ("a", "b"), ("left", "right"), ("first", "second")])
    op, what = one_of(rng, [("+", "sums"), ("*", "products"), ("-", "differences")])
    fn = one_of(rng, [("max", "larger"), ("min", "smaller")]) if rng.random() < 0.3 else None
    if fn:
        expr, what = f"{fn[0]}(p, q)", f"the {fn[1]} of the two elements"
    else:
        expr = f"p {op} q"
    text = (f"Return the list of the element-wise {what} of {a} and {b} (element i combines {a}[i] and {b}[i]); "
            f"stop at the end of the shorter list.")
    body = one_of(rng, [f"return [{expr} for p, q in zip({a}, {b})]",
                        code("""
                            out = []
                            for i in range(min(len({a}), len({b}))):
                                p = {a}[i]
                                q = {b}[i]
                                out.append({expr})
                            return out""", a=a, b=b, expr=expr)])
    inputs = [([], []), ([1], []), ([1, 2, 3], [4, 5, 6]), ([7, -2], [3, 3, 3])]
    inputs += many(rng, 6, lambda: (int_list(rng, -20, 20, 6), int_list(rng, -20, 20, 6)))
    entry = one_of(rng, ["combine", "pairwise", "zip_with", "merge_values"])
    return task("list_map", entry, [(a, "list[int]"), (b, "list[int]")], "list[int]", text, body, inputs)


def _map_words(rng: random.Random) -> Variant:
    ws, w = one_of(rng, [("words", "w"), ("names", "name"), ("items", "s")])
    phrase, expr, ret = one_of(rng, [("its length", f"len({w})", "list[int]"),
                                     ("upper-cased", f"{w}.upper()", "list[str]"),
                                     ("reversed", f"{w}[::-1]", "list[str]"),
                                     ("with its first character upper-cased", f"{w}[:1].upper() + {w}[1:]", "list[str]"),
                                     ("repeated twice", f"{w} + {w}", "list[str]")])
    text = f"Return a list with each string of {ws} replaced by {phrase}, in the same order."
    if phrase.startswith(("upper", "reversed", "with", "repeated")):
        text = f"Return a list of the strings of {ws}, each {phrase}, in the same order."
    body = f"return [{expr} for {w} in {ws}]"
    pool = list(WORDS[:10]) + ["", "Xy"]
    inputs = [([],), ([""],)] + many(rng, 7, lambda: ([rng.choice(pool) for _ in range(rng.randint(1, 5))],))
    entry = one_of(rng, ["map_words", "convert_words", "each_word", "word_map"])
    return task("list_map", entry, [(ws, "list[str]")], ret, text, body, inputs)


@family
def list_map(rng: random.Random) -> Variant:
    return one_of(rng, [_map_ints, _map_ints, _pairwise, _zip_lists, _map_words])(rng)


# ------------------------------------------------------------ counting

def _count_pred(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), one_of(rng, _ITEM)
    phrase, cond = predicate(rng, x)
    text = one_of(rng, [f"Return how many elements of {xs} are {phrase}.",
                        f"Count the numbers in {xs} that are {phrase}."])
    body = one_of(rng, [f"return sum(1 for {x} in {xs} if {cond})",
                        f"return len([{x} for {x} in {xs} if {cond}])",
                        code("""
                            count = 0
                            for {x} in {xs}:
                                if {cond}:
                                    count += 1
                            return count""", x=x, xs=xs, cond=cond)])
    entry = one_of(rng, ["count_matching", "how_many", "count_if", "tally"])
    return task("counting", entry, [(xs, "list[int]")], "int", text, body, int_inputs(rng))


def _count_target(rng: random.Random) -> Variant:
    xs, t = one_of(rng, [("xs", "target"), ("nums", "x"), ("values", "v"), ("data", "key")])
    text = one_of(rng, [f"Return how many times {t} occurs in {xs}.", f"Count the elements of {xs} equal to {t}."])
    body = one_of(rng, [f"return {xs}.count({t})",
                        code("""
                            n = 0
                            for y in {xs}:
                                if y == {t}:
                                    n += 1
                            return n""", xs=xs, t=t)])
    inputs = [([], 1), ([1, 1, 1], 1), ([1, 2, 3], 4)]
    inputs += many(rng, 7, lambda: (int_list(rng, 0, 5, 10), rng.randint(0, 5)))
    entry = one_of(rng, ["count_of", "occurrences", "frequency"])
    return task("counting", entry, [(xs, "list[int]"), (t, "int")], "int", text, body, inputs)


_NEIGHBOUR_RULES = [  # (entry names, phrase, condition on a = xs[i - 1], b = xs[i])
    (["count_repeats", "adjacent_equal", "same_neighbours"], "positions i >= 1 where {xs}[i] equals {xs}[i - 1]", "b == a"),
    (["count_rises", "increases", "ups"], "positions i >= 1 where {xs}[i] is greater than {xs}[i - 1]", "b > a"),
    (["count_drops", "decreases", "downs"], "positions i >= 1 where {xs}[i] is less than {xs}[i - 1]", "b < a"),
    (["big_jumps", "count_jumps"], "positions i >= 1 where {xs}[i] and {xs}[i - 1] differ by more than {K}",
     "abs(b - a) > {K}"),
]


def _count_neighbours(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    names, phrase, cond = one_of(rng, _NEIGHBOUR_RULES)
    k = rng.randint(1, 9)
    cond, text = cond.format(K=k), f"Return the number of {phrase.format(xs=xs, K=k)}."
    body = one_of(rng, [code("""
                            n = 0
                            for i in range(1, len({xs})):
                                a = {xs}[i - 1]
                                b = {xs}[i]
                                if {cond}:
                                    n += 1
                            return n""", xs=xs, cond=cond),
                        f"return sum(1 for a, b in zip({xs}, {xs}[1:]) if {cond})"])
    return task("counting", one_of(rng, names), [(xs, "list[int]")], "int", text, body,
                int_inputs(rng, [([2, 2, 2],), ([1, 2, 3, 2, 1],)]))


def _count_distinct(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    text = one_of(rng, [f"Return how many different values occur in {xs}.",
                        f"Return the number of distinct elements of {xs}."])
    body = one_of(rng, [code("""
                            seen = []
                            for x in {xs}:
                                if x not in seen:
                                    seen.append(x)
                            return len(seen)""", xs=xs),
                        code("""
                            s = sorted({xs})
                            return sum(1 for i in range(len(s)) if i == 0 or s[i] != s[i - 1])""", xs=xs)])
    entry = one_of(rng, ["count_distinct", "distinct_values", "unique_count"])
    return task("counting", entry, [(xs, "list[int]")], "int", text, body, int_inputs(rng, [([4, 4, 4, 4],)]))


@family
def counting(rng: random.Random) -> Variant:
    return one_of(rng, [_count_pred, _count_pred, _count_target, _count_neighbours, _count_distinct])(rng)


# ------------------------------------------------------------ searching

def _find_value(rng: random.Random) -> Variant:
    xs, t = one_of(rng, [("xs", "target"), ("nums", "x"), ("values", "v"), ("items", "key")])
    last = rng.random() < 0.5
    which = "last" if last else "first"
    text = one_of(rng, [f"Return the index of the {which} occurrence of {t} in {xs}, or -1 if {t} does not occur.",
                        f"Find {t} in {xs} and return the position of its {which} occurrence (-1 when absent)."])
    order = f"range(len({xs}) - 1, -1, -1)" if last else f"range(len({xs}))"
    body = code("""
        for i in {order}:
            if {xs}[i] == {t}:
                return i
        return -1""", order=order, xs=xs, t=t)
    if not last and rng.random() < 0.5:
        body = f"return {xs}.index({t}) if {t} in {xs} else -1"
    inputs = [([], 3), ([3], 3), ([1, 3, 1], 1), ([4, 5], 6)]
    inputs += many(rng, 7, lambda: (int_list(rng, 0, 6, 9), rng.randint(0, 6)))
    entry = one_of(rng, [f"find_{which}", f"{which}_index", f"index_of_{which}", "locate"])
    return task("searching", entry, [(xs, "list[int]"), (t, "int")], "int", text, body, inputs)


def _find_pred(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), one_of(rng, _ITEM)
    phrase, cond = predicate(rng, x)
    last = rng.random() < 0.4
    which = "last" if last else "first"
    text = f"Return the index of the {which} element of {xs} that is {phrase}, or -1 if there is none."
    body = code("""
        found = -1
        for i, {x} in enumerate({xs}):
            if {cond}:
                found = i
                {stop}
        return found""", x=x, xs=xs, cond=cond, stop="" if last else "break")
    entry = one_of(rng, [f"{which}_match", f"find_{which}", f"{which}_where", "position"])
    return task("searching", entry, [(xs, "list[int]")], "int", text, body, int_inputs(rng))


def _arg_extreme(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    big, last = rng.random() < 0.5, rng.random() < 0.5
    word, cmp = ("largest", ">") if big else ("smallest", "<")
    if last:
        cmp += "="
    text = (f"Return the index of the {word} element of {xs}; when it occurs several times, the index of its "
            f"{'last' if last else 'first'} occurrence. {xs} is not empty.")
    body = code("""
        best = 0
        for i in range(1, len({xs})):
            if {xs}[i] {cmp} {xs}[best]:
                best = i
        return best""", xs=xs, cmp=cmp)
    inputs = [([7],), ([2, 2],), ([1, 9, 9, 1],), ([-3, -1, -3],)]
    inputs += many(rng, 7, lambda: (int_list(rng, -5, 5, 9, min_len=1),))
    entry = one_of(rng, [f"index_of_{'max' if big else 'min'}", f"arg{'max' if big else 'min'}", f"where_{word}"])
    return task("searching", entry, [(xs, "list[int]")], "int", text, body, inputs)


def _sorted_inputs(rng: random.Random, distinct: bool) -> list[tuple]:
    def one() -> tuple:
        xs = sorted(rng.sample(range(-30, 60), rng.randint(0, 12)) if distinct else int_list(rng, -5, 15, 12))
        t = rng.choice(xs) if xs and rng.random() < 0.5 else rng.randint(-35, 65)
        return (xs, t)
    return [([], 4), ([4], 4), ([4], 2), ([1, 3], 5)] + many(rng, 8, one)


def _binary_search(rng: random.Random) -> Variant:
    xs, t = one_of(rng, [("xs", "target"), ("nums", "x"), ("sorted_values", "key")])
    lower = rng.random() < 0.5
    if lower:
        text = (f"{xs} is sorted in increasing order. Return the smallest index i with {xs}[i] >= {t}, or "
                f"len({xs}) if there is none. Use binary search.")
        check = f"{xs}[mid] < {t}"
    else:
        text = (f"{xs} is sorted in increasing order. Return the number of elements of {xs} that are at "
                f"most {t}, using binary search.")
        check = f"{xs}[mid] <= {t}"
    body = code("""
        lo = 0
        hi = len({xs})
        while lo < hi:
            mid = (lo + hi) // 2
            if {check}:
                lo = mid + 1
            else:
                hi = mid
        return lo""", xs=xs, check=check)
    entry = one_of(rng, ["lower_bound", "insert_position", "first_at_least"] if lower else ["count_at_most", "upper_bound", "rank"])
    return task("searching", entry, [(xs, "list[int]"), (t, "int")], "int", text, body, _sorted_inputs(rng, False))


def _binary_exact(rng: random.Random) -> Variant:
    xs, t = one_of(rng, [("xs", "target"), ("nums", "x"), ("sorted_values", "key")])
    text = (f"{xs} holds distinct numbers in increasing order. Return the index of {t} in {xs}, or -1 if it "
            f"is not there. Use binary search.")
    body = code("""
        lo, hi = 0, len({xs}) - 1
        while lo <= hi:
            mid = (lo + hi) // 2
            if {xs}[mid] == {t}:
                return mid
            if {xs}[mid] < {t}:
                lo = mid + 1
            else:
                hi = mid - 1
        return -1""", xs=xs, t=t)
    entry = one_of(rng, ["binary_search", "bsearch", "search_sorted", "find_sorted"])
    return task("searching", entry, [(xs, "list[int]"), (t, "int")], "int", text, body, _sorted_inputs(rng, True))


@family
def searching(rng: random.Random) -> Variant:
    return one_of(rng, [_find_value, _find_pred, _arg_extreme, _binary_search, _binary_exact])(rng)


# ------------------------------------------------------------ sorting

def _sort_ints(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    m = rng.randint(3, 10)
    phrase, key = one_of(rng, [("absolute value", "abs(x)"), ("last decimal digit", "abs(x) % 10"),
                               (f"remainder modulo {m}", f"x % {m}"), ("square", "x * x")])
    desc = rng.random() < 0.3
    order = "decreasing" if desc else "increasing"
    text = one_of(rng, [f"Return the elements of {xs} sorted by {order} {phrase}; elements with equal "
                        f"{phrase} keep their original order.",
                        f"Sort {xs} (into a new list) by the {phrase} of each element, in {order} order, "
                        f"keeping ties in their original order."])
    rev = ", reverse=True" if desc else ""
    body = one_of(rng, [f"return sorted({xs}, key=lambda x: {key}{rev})",
                        code("""
                            out = list({xs})
                            out.sort(key=lambda x: {key}{rev})
                            return out""", xs=xs, key=key, rev=rev)])
    entry = one_of(rng, ["sort_by_key", "order_by", "arrange", "sorted_by"])
    return task("sorting", entry, [(xs, "list[int]")], "list[int]", text, body, int_inputs(rng, [([-2, 2, -1, 1],)]))


def _with_rank(rng: random.Random, xs: list[int]) -> tuple[list[int], int]:
    """xs and a valid 1-based rank into it."""
    return xs, rng.randint(1, len(xs))


def _sort_desc(rng: random.Random) -> Variant:
    xs, k = one_of(rng, [("xs", "k"), ("nums", "n"), ("scores", "count")])
    top = rng.random() < 0.5
    if top:
        text = f"Return the {k} largest elements of {xs} in decreasing order (all of them when {xs} has fewer; {k} >= 0)."
        body = one_of(rng, [f"return sorted({xs}, reverse=True)[:{k}]",
                            f"return sorted({xs}, key=lambda x: -x)[:{k}]"])
        inputs = [([], 2), ([5], 0), ([1, 2, 3], 5), ([3, 3, 1], 2)]
        inputs += many(rng, 6, lambda: (int_list(rng, -20, 20, 9), rng.randint(0, 6)))
        ret, entry = "list[int]", one_of(rng, ["top_k", "largest", "best_scores"])
    else:
        text = f"Return the {k}-th smallest element of {xs}, counting from 1 ({k} is between 1 and len({xs}))."
        body = f"return sorted({xs})[{k} - 1]"
        inputs = [([5], 1), ([3, 1, 2], 3), ([2, 2, 1], 2)]
        inputs += many(rng, 6, lambda: _with_rank(rng, int_list(rng, -20, 20, 9, min_len=1)))
        ret, entry = "int", one_of(rng, ["kth_smallest", "order_statistic", "nth_lowest"])
    return task("sorting", entry, [(xs, "list[int]"), (k, "int")], ret, text, body, inputs)


def _sort_words(rng: random.Random) -> Variant:
    ws = one_of(rng, ["words", "names", "items", "strs"])
    phrase, key = one_of(rng, [("length", "len(w)"), ("length, then alphabetically", "(len(w), w)"),
                               ("last character", "w[-1:]"), ("lower-cased form", "w.lower()"),
                               ("number of vowels", "sum(1 for c in w if c in 'aeiou')")])
    desc = rng.random() < 0.25
    text = (f"Return the strings of {ws} sorted by {phrase}{' in decreasing order' if desc else ''}; strings "
            f"that compare equal keep their original order.")
    body = f"return sorted({ws}, key=lambda w: {key}{', reverse=True' if desc else ''})"
    pool = ["pear", "Fig", "apple", "kiwi", "banana", "Date", "fig", "plum", "", "yam"]
    inputs = [([],), (["b", "a"],)] + many(rng, 8, lambda: ([rng.choice(pool) for _ in range(rng.randint(1, 6))],))
    entry = one_of(rng, ["sort_words", "order_words", "arrange_names"])
    return task("sorting", entry, [(ws, "list[str]")], "list[str]", text, body, inputs)


def _sort_records(rng: random.Random) -> Variant:
    rs = one_of(rng, ["scores", "results", "entries", "players"])
    text = (f"{rs} holds (name, points) pairs. Return the names ordered by points from highest to lowest; "
            f"equal points are ordered by name alphabetically.")
    body = one_of(rng, [code("""
                            ranked = sorted({rs}, key=lambda p: (-p[1], p[0]))
                            return [p[0] for p in ranked]""", rs=rs),
                        code("""
                            pairs = [(-points, name) for name, points in {rs}]
                            pairs.sort()
                            return [name for _, name in pairs]""", rs=rs)])
    names = ["ann", "bob", "cy", "dee", "eve", "fay"]
    inputs = [([],), ([("zed", 1), ("amy", 1)],)]
    inputs += many(rng, 8, lambda: ([(rng.choice(names), rng.randint(0, 5)) for _ in range(rng.randint(1, 6))],))
    entry = one_of(rng, ["ranking", "leaderboard", "order_players"])
    return task("sorting", entry, [(rs, "list[tuple[str, int]]")], "list[str]", text, body, inputs)


@family
def sorting(rng: random.Random) -> Variant:
    return one_of(rng, [_sort_ints, _sort_desc, _sort_words, _sort_records])(rng)


# ------------------------------------------------------------ two pointers

def _pair_sum(rng: random.Random) -> Variant:
    xs, t = one_of(rng, [("xs", "target"), ("nums", "total"), ("values", "goal")])
    cmp, phrase = one_of(rng, [("==", "equal to"), ("<", "less than"), ("<=", "at most")])
    if cmp == "==":
        text = (f"{xs} is sorted in increasing order. Return True if two elements at different positions of "
                f"{xs} add up to {t}, else False. Walk two indices inward from both ends.")
        body = code("""
            i, j = 0, len({xs}) - 1
            while i < j:
                s = {xs}[i] + {xs}[j]
                if s == {t}:
                    return True
                if s < {t}:
                    i += 1
                else:
                    j -= 1
            return False""", xs=xs, t=t)
        ret, entry = "bool", one_of(rng, ["has_pair_sum", "two_sum_sorted", "pair_exists"])
    else:
        text = (f"{xs} is sorted in increasing order. Return the number of index pairs i < j with "
                f"{xs}[i] + {xs}[j] {phrase} {t}, using two indices that move toward each other.")
        body = code("""
            i, j = 0, len({xs}) - 1
            count = 0
            while i < j:
                if {xs}[i] + {xs}[j] {cmp} {t}:
                    count += j - i
                    i += 1
                else:
                    j -= 1
            return count""", xs=xs, t=t, cmp=cmp)
        ret, entry = "int", one_of(rng, ["count_pairs", "pairs_below", "small_pairs"])
    return task("two_pointer", entry, [(xs, "list[int]"), (t, "int")], ret, text, body, _sorted_inputs(rng, False))


def _mirror(rng: random.Random, half: str) -> str:
    """A palindrome of odd or even length made from `half`."""
    return half + half[::-1][rng.randint(0, 1):]


def _palindrome(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    mode = rng.randrange(3)
    keep = ["every character counts", "upper and lower case count as the same letter",
            "only letters and digits count, and upper and lower case are the same"][mode]
    text = f"Return True if {s} reads the same forwards and backwards, where {keep}; else False."
    clean = [f"t = {s}", f"t = {s}.lower()", f"t = ''.join(c.lower() for c in {s} if c.isalnum())"][mode]
    body = one_of(rng, [code("""
                            {clean}
                            i, j = 0, len(t) - 1
                            while i < j:
                                if t[i] != t[j]:
                                    return False
                                i += 1
                                j -= 1
                            return True""", clean=clean),
                        clean + "\nreturn t == t[::-1]"])
    inputs = [("",), ("a",), ("abba",), ("abca",), ("Abba",), ("A man, a plan, a canal: Panama",), ("No 'x' in Nixon",)]
    inputs += many(rng, 5, lambda: (_mirror(rng, text_of(rng, "abAB ,", 5)),))
    entry = one_of(rng, ["is_palindrome", "palindrome", "reads_same", "symmetric"])
    return task("two_pointer", entry, [(s, "str")], "bool", text, body, inputs)


def _merge(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("xs", "ys"), ("a", "b"), ("left", "right")])
    text = one_of(rng, [f"{a} and {b} are sorted in increasing order. Return one sorted list of all their "
                        f"elements, merging them with two indices (do not call sort).",
                        f"Merge the sorted lists {a} and {b} into a single sorted list and return it."])
    body = code("""
        out = []
        i, j = 0, 0
        while i < len({a}) and j < len({b}):
            if {a}[i] <= {b}[j]:
                out.append({a}[i])
                i += 1
            else:
                out.append({b}[j])
                j += 1
        return out + {a}[i:] + {b}[j:]""", a=a, b=b)
    inputs = [([], []), ([1], []), ([], [2, 3]), ([1, 1], [1])]
    inputs += many(rng, 7, lambda: (sorted(int_list(rng, -9, 9, 6)), sorted(int_list(rng, -9, 9, 6))))
    entry = one_of(rng, ["merge", "merge_sorted", "combine_sorted"])
    return task("two_pointer", entry, [(a, "list[int]"), (b, "list[int]")], "list[int]", text, body, inputs)


def _dedupe_sorted(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    text = f"{xs} is sorted in increasing order. Return a list of its values with every repeat removed, in order."
    body = code("""
        out = []
        for x in {xs}:
            if not out or out[-1] != x:
                out.append(x)
        return out""", xs=xs)
    inputs = [([],), ([1, 1, 1],), ([1, 2, 3],)] + many(rng, 7, lambda: (sorted(int_list(rng, 0, 6, 10)),))
    entry = one_of(rng, ["dedupe", "unique_sorted", "squeeze"])
    return task("two_pointer", entry, [(xs, "list[int]")], "list[int]", text, body, inputs)


def _reverse_vowels(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    chars = one_of(rng, ["aeiou", "aeiouAEIOU", "".join(sorted(rng.sample(LOWER, 4)))])
    text = (f"Return {s} with the characters that are among {chars!r} in reverse order of position, every "
            f"other character staying in place.")
    body = code("""
        cs = list({s})
        i, j = 0, len(cs) - 1
        while i < j:
            if cs[i] not in '{chars}':
                i += 1
            elif cs[j] not in '{chars}':
                j -= 1
            else:
                cs[i], cs[j] = cs[j], cs[i]
                i += 1
                j -= 1
        return ''.join(cs)""", s=s, chars=chars)
    inputs = [("",), ("hello",), ("aA",), (chars,)] + many(rng, 7, lambda: (text_of(rng, chars + "xyz AE", 10),))
    entry = one_of(rng, ["reverse_vowels", "swap_marked", "mirror_letters"])
    return task("two_pointer", entry, [(s, "str")], "str", text, body, inputs)


def _sorted_squares(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    desc = rng.random() < 0.4
    text = (f"{xs} is sorted in increasing order and may hold negative numbers. Return the squares of its "
            f"elements in {'decreasing' if desc else 'increasing'} order, filling the result from the "
            f"larger end with two indices that start at both ends of {xs}.")
    body = code("""
        out = []
        i, j = 0, len({xs}) - 1
        while i <= j:
            if abs({xs}[i]) > abs({xs}[j]):
                out.append({xs}[i] * {xs}[i])
                i += 1
            else:
                out.append({xs}[j] * {xs}[j])
                j -= 1
        {finish}""", xs=xs, finish="return out" if desc else "out.reverse()\nreturn out")
    inputs = [([],), ([-3],), ([-2, -1],), ([-4, -1, 0, 3, 10],)] + many(rng, 7, lambda: (sorted(int_list(rng, -12, 12, 9)),))
    entry = one_of(rng, ["sorted_squares", "square_sorted", "squares_in_order"])
    return task("two_pointer", entry, [(xs, "list[int]")], "list[int]", text, body, inputs)


@family
def two_pointer(rng: random.Random) -> Variant:
    return one_of(rng, [_pair_sum, _palindrome, _merge, _dedupe_sorted, _reverse_vowels, _sorted_squares])(rng)


# ------------------------------------------------------------ prefix sums

def _running(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    what, start, step = one_of(rng, [("sum", "0", "acc += x"), ("maximum", "", "acc = max(acc, x)"),
                                     ("minimum", "", "acc = min(acc, x)"), ("product", "1", "acc *= x")])
    text = (f"Return the running {what} of {xs}: a list whose element i is the {what} of "
            f"{xs}[0], ..., {xs}[i].")
    if start:
        body = code("""
            out = []
            acc = {start}
            for x in {xs}:
                {step}
                out.append(acc)
            return out""", xs=xs, start=start, step=step)
    else:  # no neutral start value for max/min: start from the first element
        body = code("""
            out: list[int] = []
            for x in {xs}:
                acc = x if not out else {fn}(out[-1], x)
                out.append(acc)
            return out""", xs=xs, fn="max" if what == "maximum" else "min")
    small = what == "product"  # keep products inside 64 bits
    inputs = int_inputs(rng) if not small else [([],), ([0],), ([2, -3, 4],)] + many(rng, 7, lambda: (int_list(rng, -4, 4, 8),))
    entry = one_of(rng, [f"running_{what[:3]}", f"prefix_{what[:3]}s", f"cumulative_{what}"])
    return task("prefix_sums", entry, [(xs, "list[int]")], "list[int]", text, body, inputs)


def _max_subarray(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    text = one_of(rng, [f"Return the largest sum of a non-empty run of consecutive elements of {xs} ({xs} is not empty).",
                        f"Find the maximum subarray sum of the non-empty list {xs}: the best total of "
                        f"{xs}[i] + ... + {xs}[j] over all i <= j."])
    body = one_of(rng, [code("""
                            best = {xs}[0]
                            cur = 0
                            for x in {xs}:
                                cur = max(x, cur + x)
                                best = max(best, cur)
                            return best""", xs=xs),
                        code("""
                            best = {xs}[0]
                            prefix = 0
                            lowest = 0
                            for x in {xs}:
                                prefix += x
                                best = max(best, prefix - lowest)
                                lowest = min(lowest, prefix)
                            return best""", xs=xs)])
    inputs = [([5],), ([-3],), ([-2, -1, -5],), ([2, -1, 2],), ([-2, 1, -3, 4, -1, 2, 1, -5, 4],)]
    inputs += many(rng, 6, lambda: (int_list(rng, -15, 15, 10, min_len=1),))
    entry = one_of(rng, ["max_subarray", "best_run", "largest_segment_sum", "kadane"])
    return task("prefix_sums", entry, [(xs, "list[int]")], "int", text, body, inputs)


def _range_sums(rng: random.Random) -> Variant:
    xs, qs = one_of(rng, [("xs", "queries"), ("nums", "ranges"), ("values", "spans")])
    closed = rng.random() < 0.5
    span = (f"(lo, hi) pair of {qs} (0 <= lo <= hi < len({xs})), return the sum of {xs}[lo], ..., {xs}[hi], inclusive"
            if closed else f"(lo, hi) pair of {qs} (0 <= lo <= hi <= len({xs})), return the sum of {xs}[lo:hi]")
    text = f"For each {span}. Compute prefix sums once so that each query takes constant time."
    body = code("""
        prefix = [0]
        for x in {xs}:
            prefix.append(prefix[-1] + x)
        return [prefix[{end}] - prefix[lo] for lo, hi in {qs}]""", xs=xs, qs=qs, end="hi + 1" if closed else "hi")

    def one() -> tuple:
        v = int_list(rng, -20, 20, 9, min_len=1)
        pairs = [tuple(sorted((rng.randrange(len(v)), rng.randrange(len(v))))) for _ in range(rng.randint(0, 4))]
        return (v, pairs)
    inputs = [([4], [(0, 0)]), ([1, 2, 3], [])] + many(rng, 8, one)
    entry = one_of(rng, ["range_sums", "answer_queries", "segment_totals"])
    return task("prefix_sums", entry, [(xs, "list[int]"), (qs, "list[tuple[int, int]]")], "list[int]", text, body, inputs)


def _equilibrium(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    text = (f"Return the first index i where the sum of the elements of {xs} before i equals the sum of the "
            f"elements after i, or -1 if there is none.")
    body = code("""
        total = sum({xs})
        left = 0
        for i, x in enumerate({xs}):
            if left == total - left - x:
                return i
            left += x
        return -1""", xs=xs)
    inputs = int_inputs(rng, [([1, 7, 3, 6, 5, 6],), ([2, 1, -1],), ([1, 2, 3],)])
    entry = one_of(rng, ["pivot_index", "balance_point", "equilibrium"])
    return task("prefix_sums", entry, [(xs, "list[int]")], "int", text, body, inputs)


def _window(rng: random.Random) -> Variant:
    xs, k = one_of(rng, _INTS), rng.randint(2, 5)
    word, fn = one_of(rng, [("largest", "max"), ("smallest", "min")])
    text = (f"Return the {word} sum of {k} consecutive elements of {xs}, or 0 when {xs} has fewer than {k} "
            f"elements.")
    body = code("""
        if len({xs}) < {k}:
            return 0
        cur = sum({xs}[:{k}])
        best = cur
        for i in range({k}, len({xs})):
            cur += {xs}[i] - {xs}[i - {k}]
            best = {fn}(best, cur)
        return best""", xs=xs, k=k, fn=fn)
    entry = one_of(rng, ["best_window", f"{fn}_window_sum", "window_" + ("peak" if fn == "max" else "low")])
    return task("prefix_sums", entry, [(xs, "list[int]")], "int", text, body, int_inputs(rng, [([-1] * k,)]))


def _subarray_count(rng: random.Random) -> Variant:
    xs, k = one_of(rng, [("xs", "k"), ("nums", "target"), ("values", "goal")])
    text = (f"Return how many runs of consecutive elements of {xs} (non-empty, {xs}[i], ..., {xs}[j] with "
            f"i <= j) add up to exactly {k}.")
    body = code("""
        count = 0
        for i in range(len({xs})):
            total = 0
            for j in range(i, len({xs})):
                total += {xs}[j]
                if total == {k}:
                    count += 1
        return count""", xs=xs, k=k)
    inputs = [([], 0), ([0, 0], 0), ([1, 2, 3], 3), ([1, -1, 1], 0)]
    inputs += many(rng, 7, lambda: (int_list(rng, -3, 5, 9), rng.randint(-2, 8)))
    entry = one_of(rng, ["count_subarrays", "runs_with_sum", "segments_summing_to"])
    return task("prefix_sums", entry, [(xs, "list[int]"), (k, "int")], "int", text, body, inputs)


@family
def prefix_sums(rng: random.Random) -> Variant:
    return one_of(rng, [_running, _max_subarray, _range_sums, _equilibrium, _window, _subarray_count])(rng)


# ------------------------------------------------------------ recursion

def _fib_like(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "k", "i"])
    a, b, p, q = rng.randint(0, 3), rng.randint(1, 4), rng.randint(1, 3), rng.randint(1, 2)
    rec = " + ".join(t for t in [f"{p} * f({n} - 1)" if p > 1 else f"f({n} - 1)",
                                 f"{q} * f({n} - 2)" if q > 1 else f"f({n} - 2)"])
    entry = one_of(rng, ["seq", "fib_like", "series", "sequence_value", "term"])
    text = one_of(rng, [f"The sequence f has f(0) = {a}, f(1) = {b} and f({n}) = {rec} for {n} >= 2. "
                        f"Return f({n}) for 0 <= {n} <= 20, by recursion.",
                        f"Return term {n} (0 <= {n} <= 20) of the sequence that starts {a}, {b} and continues "
                        f"with f({n}) = {rec}. Write it recursively."])
    body = code("""
        if {n} == 0:
            return {a}
        if {n} == 1:
            return {b}
        return {rec}""", n=n, a=a, b=b, rec=rec.replace("f(", entry + "("))
    inputs = [(0,), (1,), (2,), (5,)] + many(rng, 5, lambda: (rng.randint(3, 16 if p + q > 3 else 20),))
    return task("recursion", entry, [(n, "int")], "int", text, body, inputs)


def _power(rng: random.Random) -> Variant:
    b, e = one_of(rng, [("base", "exp"), ("x", "n"), ("a", "k")])
    text = (f"Return {b} raised to the power {e} ({e} >= 0) without ** or pow: recursively, squaring the "
            f"result for half the exponent.")
    entry = one_of(rng, ["power", "fast_pow", "raise_to", "expo"])
    body = code("""
        if {e} == 0:
            return 1
        half = {f}({b}, {e} // 2)
        if {e} % 2 == 0:
            return half * half
        return half * half * {b}""", b=b, e=e, f=entry)
    inputs = [(2, 0), (0, 0), (0, 5), (-2, 3), (3, 4), (2, 62)]
    inputs += many(rng, 5, lambda: (rng.randint(-9, 9), rng.randint(0, 18)))
    return task("recursion", entry, [(b, "int"), (e, "int")], "int", text, body, inputs)


def _gcd(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("x", "y"), ("m", "n")])
    entry = one_of(rng, ["gcd", "greatest_common_divisor", "euclid", "common_factor"])
    text = (f"Return the greatest common divisor of {a} and {b} (both >= 0; the gcd of 0 and 0 is 0), "
            f"recursively with Euclid's rule gcd({a}, {b}) = gcd({b}, {a} % {b}).")
    body = code("""
        if {b} == 0:
            return {a}
        return {f}({b}, {a} % {b})""", a=a, b=b, f=entry)
    inputs = [(0, 0), (0, 7), (7, 0), (12, 18), (17, 5)]
    inputs += many(rng, 6, lambda: (rng.randint(0, 10**6), rng.randint(0, 10**6)))
    return task("recursion", entry, [(a, "int"), (b, "int")], "int", text, body, inputs)


def _digit_root(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "num", "x"])
    root = rng.random() < 0.5
    entry = one_of(rng, ["digital_root", "repeated_digit_sum", "root"] if root else ["digit_sum_rec", "sum_digits", "add_up_digits"])
    if root:
        text = (f"Return the digital root of {n} ({n} >= 0): sum its digits, and keep summing the digits "
                f"of the result until one digit remains. Use recursion.")
        body = code("""
            if {n} < 10:
                return {n}
            total = 0
            while {n} > 0:
                total += {n} % 10
                {n} //= 10
            return {f}(total)""", n=n, f=entry)
    else:
        text = f"Return the sum of the decimal digits of {n} ({n} >= 0), computed recursively."
        body = code("""
            if {n} < 10:
                return {n}
            return {n} % 10 + {f}({n} // 10)""", n=n, f=entry)
    inputs = [(0,), (9,), (10,), (99,), (12345,)] + many(rng, 6, lambda: (rng.randint(0, 10**15),))
    return task("recursion", entry, [(n, "int")], "int", text, body, inputs)


def _stairs(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "steps", "height"])
    big = rng.randint(2, 4)
    entry = one_of(rng, ["climb_ways", "count_paths", "stairs", "ways"])
    text = (f"A staircase has {n} steps ({n} >= 0). Each move climbs 1 or {big} steps. Return the number of "
            f"different move sequences that reach the top exactly, recursively (0 steps: one way).")
    body = code("""
        if {n} < 0:
            return 0
        if {n} == 0:
            return 1
        return {f}({n} - 1) + {f}({n} - {big})""", n=n, big=big, f=entry)
    inputs = [(0,), (1,), (big,), (big + 1,)] + many(rng, 5, lambda: (rng.randint(2, 18),))
    return task("recursion", entry, [(n, "int")], "int", text, body, inputs)


def _list_rec(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    what, expr, base = one_of(rng, [("sum", "{xs}[0] + {f}({xs}[1:])", "0"),
                                    ("number of negative elements", "(1 if {xs}[0] < 0 else 0) + {f}({xs}[1:])", "0"),
                                    ("sum of squares", "{xs}[0] * {xs}[0] + {f}({xs}[1:])", "0")])
    entry = one_of(rng, ["total_rec", "fold", "reduce_list", "walk"])
    text = f"Return the {what} of {xs}, recursively: handle the first element, then recurse on the rest."
    body = code("""
        if not {xs}:
            return {base}
        return {expr}""", xs=xs, base=base, expr=expr.format(xs=xs, f=entry))
    return task("recursion", entry, [(xs, "list[int]")], "int", text, body, int_inputs(rng))


@family
def recursion(rng: random.Random) -> Variant:
    return one_of(rng, [_fib_like, _power, _gcd, _digit_root, _stairs, _list_rec])(rng)


# ------------------------------------------------------------ tuples and Optional returns

def _min_max(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    order = rng.random() < 0.5
    pair = "(smallest, largest)" if order else "(largest, smallest)"
    text = f"Return the pair {pair} of the elements of {xs} ({xs} is not empty)."
    lo_hi = "lo, hi" if order else "hi, lo"
    body = one_of(rng, [f"return min({xs}), max({xs})" if order else f"return max({xs}), min({xs})",
                        code("""
                            lo, hi = {xs}[0], {xs}[0]
                            for x in {xs}:
                                if x < lo:
                                    lo = x
                                if x > hi:
                                    hi = x
                            return {lo_hi}""", xs=xs, lo_hi=lo_hi)])
    inputs = [([4],), ([2, 2],), ([-1, 5, 3],)] + many(rng, 7, lambda: (int_list(rng, -50, 50, 8, min_len=1),))
    entry = one_of(rng, ["min_max", "extremes", "bounds", "low_high"])
    return task("tuples_optional", entry, [(xs, "list[int]")], "tuple[int, int]", text, body, inputs)


def _split_count(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), "x"
    phrase, cond = predicate(rng, x)
    text = (f"Return a pair: how many elements of {xs} are {phrase}, and how many are not.")
    body = code("""
        yes = 0
        for x in {xs}:
            if {cond}:
                yes += 1
        return yes, len({xs}) - yes""", xs=xs, cond=cond)
    entry = one_of(rng, ["split_count", "partition_sizes", "tally_pair"])
    return task("tuples_optional", entry, [(xs, "list[int]")], "tuple[int, int]", text, body, int_inputs(rng))


def _floor_divmod(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("n", "d"), ("total", "size")])
    text = (f"Return the pair (q, r) with q = {a} // {b} and r = {a} % {b}, Python's floor division and "
            f"remainder ({b} is not 0).")
    body = one_of(rng, [f"return divmod({a}, {b})", f"return {a} // {b}, {a} % {b}"])
    inputs = [(7, 2), (-7, 2), (7, -2), (0, 5)] + many(rng, 6, lambda: (rng.randint(-100, 100), rng.choice([-7, -3, 1, 2, 5, 9])))
    entry = one_of(rng, ["div_mod", "quotient_remainder", "split_division"])
    return task("tuples_optional", entry, [(a, "int"), (b, "int")], "tuple[int, int]", text, body, inputs)


def _safe_div(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("n", "d"), ("total", "parts")])
    text = f"Return {a} // {b}, or None when {b} is 0."
    body = code("""
        if {b} == 0:
            return None
        return {a} // {b}""", a=a, b=b)
    inputs = [(5, 0), (0, 0), (7, 2), (-7, 2)] + many(rng, 6, lambda: (rng.randint(-50, 50), rng.randint(-3, 3)))
    entry = one_of(rng, ["safe_div", "divide_or_none", "try_divide"])
    return task("tuples_optional", entry, [(a, "int"), (b, "int")], "Optional[int]", text, body, inputs, typing=True)


def _first_or_none(rng: random.Random) -> Variant:
    xs, x = one_of(rng, _INTS), one_of(rng, _ITEM)
    phrase, cond = predicate(rng, x)
    which = one_of(rng, ["first", "last"])
    text = f"Return the {which} element of {xs} that is {phrase}, or None if there is none."
    seq = xs if which == "first" else f"reversed({xs})"
    body = code("""
        for {x} in {seq}:
            if {cond}:
                return {x}
        return None""", x=x, seq=seq, cond=cond)
    entry = one_of(rng, [f"{which}_match", f"find_{which}", f"{which}_or_none"])
    return task("tuples_optional", entry, [(xs, "list[int]")], "Optional[int]", text, body, int_inputs(rng), typing=True)


def _max_or_none(rng: random.Random) -> Variant:
    xs = one_of(rng, _INTS)
    big = rng.random() < 0.5
    word, fn, cmp = ("largest", "max", ">") if big else ("smallest", "min", "<")
    text = f"Return the {word} element of {xs}, or None when {xs} is empty."
    body = one_of(rng, [code("""
                            if not {xs}:
                                return None
                            return {fn}({xs})""", xs=xs, fn=fn),
                        code("""
                            best: Optional[int] = None
                            for x in {xs}:
                                if best is None or x {cmp} best:
                                    best = x
                            return best""", xs=xs, cmp=cmp)])
    entry = one_of(rng, [f"{fn}_or_none", f"safe_{fn}", f"{word}_of"])
    return task("tuples_optional", entry, [(xs, "list[int]")], "Optional[int]", text, body, int_inputs(rng), typing=True)


def _split_text(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    kinds = one_of(rng, [("letters", "isalpha", "digits", "isdigit"), ("upper-case letters", "isupper", "lower-case letters", "islower")])
    text = (f"Return a pair of strings: the {kinds[0]} of {s} in order, and the {kinds[2]} of {s} in order; "
            f"other characters are left out.")
    body = code("""
        a = ''
        b = ''
        for c in {s}:
            if c.{m1}():
                a += c
            elif c.{m2}():
                b += c
        return a, b""", s=s, m1=kinds[1], m2=kinds[3])
    inputs = [("",), ("a1b2",), ("ABCabc",)] + many(rng, 7, lambda: (text_of(rng, MIXED, 12),))
    entry = one_of(rng, ["separate", "split_kinds", "partition_text"])
    return task("tuples_optional", entry, [(s, "str")], "tuple[str, str]", text, body, inputs)


@family
def tuples_optional(rng: random.Random) -> Variant:
    return one_of(rng, [_min_max, _split_count, _floor_divmod, _safe_div, _first_or_none, _max_or_none, _split_text])(rng)


# ------------------------------------------------------------ number theory

def _is_prime(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "num", "x"])
    text = one_of(rng, [f"Return True if {n} is a prime number, else False ({n} may be 0 or negative: not prime).",
                        f"Is {n} prime? Return a bool; numbers below 2 are not prime."])
    body = one_of(rng, [code("""
                            if {n} < 2:
                                return False
                            d = 2
                            while d * d <= {n}:
                                if {n} % d == 0:
                                    return False
                                d += 1
                            return True""", n=n),
                        code("""
                            if {n} < 2:
                                return False
                            return all({n} % d != 0 for d in range(2, {n}))""", n=n)])
    inputs = [(-7,), (0,), (1,), (2,), (4,), (97,), (91,)] + many(rng, 5, lambda: (rng.randint(0, 400),))
    entry = one_of(rng, ["is_prime", "prime", "check_prime"])
    return task("number_theory", entry, [(n, "int")], "bool", text, body, inputs)


_DIVISOR_RULES = [  # (entry names, phrase, initial value, update over divisors d of n)
    (["count_divisors", "divisor_count", "num_divisors"], "the number of positive divisors of {n}", "0", "acc += 1"),
    (["sum_divisors", "divisor_sum", "sigma"], "the sum of the positive divisors of {n}", "0", "acc += d"),
    (["proper_divisor_sum", "aliquot_sum"], "the sum of the positive divisors of {n} that are smaller than {n}",
     "0", "if d < {n}:\n    acc += d"),
    (["largest_proper_divisor", "biggest_factor"], "the largest divisor of {n} that is smaller than {n} (0 for 1)",
     "0", "if d < {n}:\n    acc = max(acc, d)"),
]


def _divisors(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "num", "x"])
    names, phrase, init, update = one_of(rng, _DIVISOR_RULES)
    text = f"Return {phrase.format(n=n)} ({n} >= 1)."
    body = code("""
        acc = {init}
        for d in range(1, {n} + 1):
            if {n} % d == 0:
                {update}
        return acc""", init=init, n=n, update=update.format(n=n))
    inputs = [(1,), (2,), (12,), (28,), (97,)] + many(rng, 5, lambda: (rng.randint(1, 500),))
    return task("number_theory", one_of(rng, names), [(n, "int")], "int", text, body, inputs)


def _collatz(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "start", "x"])
    k = rng.choice([3, 3, 5])
    text = (f"Starting from {n} ({n} >= 1), repeatedly replace {n} by {n} // 2 when it is even and by "
            f"{k} * {n} + 1 when it is odd. Return the number of replacements until {n} becomes 1.")
    body = code("""
        steps = 0
        while {n} != 1:
            if {n} % 2 == 0:
                {n} //= 2
            else:
                {n} = {k} * {n} + 1
            steps += 1
        return steps""", n=n, k=k)
    if k == 5:  # 5n + 1 cycles for most starts; only powers of two and a few others reach 1
        text = text.replace(f"({n} >= 1)", f"({n} is a power of two, or 1)")
        inputs = [(1,), (2,), (16,), (1024,)] + [(2 ** rng.randint(0, 40),) for _ in range(5)]
    else:
        inputs = [(1,), (2,), (3,), (27,), (97,)] + many(rng, 5, lambda: (rng.randint(1, 10**4),))
    entry = one_of(rng, ["collatz_steps", "steps_to_one", "hailstone_length"])
    return task("number_theory", entry, [(n, "int")], "int", text, body, inputs)


def _multiples(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "limit", "below"])
    a, b = rng.sample(range(2, 10), 2)
    text = f"Return the sum of all non-negative integers below {n} that are multiples of {a} or of {b}."
    body = one_of(rng, [f"return sum(i for i in range({n}) if i % {a} == 0 or i % {b} == 0)",
                        code("""
                            total = 0
                            for i in range({n}):
                                if i % {a} == 0 or i % {b} == 0:
                                    total += i
                            return total""", n=n, a=a, b=b)])
    inputs = [(0,), (1,), (10,), (a * b + 1,)] + many(rng, 5, lambda: (rng.randint(0, 3000),))
    entry = one_of(rng, ["sum_multiples", "multiples_total", "fizz_sum"])
    return task("number_theory", entry, [(n, "int")], "int", text, body, inputs)


def _lcm(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("x", "y"), ("m", "n")])
    text = f"Return the least common multiple of the positive integers {a} and {b}."
    body = one_of(rng, [code("""
                            import math
                            return {a} * {b} // math.gcd({a}, {b})""", a=a, b=b),
                        code("""
                            step = max({a}, {b})
                            multiple = step
                            while multiple % {a} != 0 or multiple % {b} != 0:
                                multiple += step
                            return multiple""", a=a, b=b)])
    inputs = [(1, 1), (4, 6), (7, 13), (12, 12)] + many(rng, 6, lambda: (rng.randint(1, 60), rng.randint(1, 60)))
    entry = one_of(rng, ["lcm", "least_common_multiple", "common_multiple"])
    return task("number_theory", entry, [(a, "int"), (b, "int")], "int", text, body, inputs)


def _prime_factors(rng: random.Random) -> Variant:
    n = one_of(rng, ["n", "num", "x"])
    distinct = rng.random() < 0.4
    text = (f"Return the prime factors of {n} ({n} >= 2) in increasing order"
            + (", each prime once." if distinct else ", each as many times as it divides (12 gives [2, 2, 3])."))
    step = "if not out or out[-1] != d:\n    out.append(d)" if distinct else "out.append(d)"
    body = code("""
        out = []
        d = 2
        while d * d <= {n}:
            while {n} % d == 0:
                {step}
                {n} //= d
            d += 1
        if {n} > 1:
            out.append({n})
        return out""", n=n, step=step)
    inputs = [(2,), (12,), (97,), (360,), (1024,)] + many(rng, 5, lambda: (rng.randint(2, 10**5),))
    entry = one_of(rng, ["prime_factors", "factorize", "factor_list"])
    return task("number_theory", entry, [(n, "int")], "list[int]", text, body, inputs)


@family
def number_theory(rng: random.Random) -> Variant:
    return one_of(rng, [_is_prime, _divisors, _collatz, _multiples, _lcm, _prime_factors])(rng)


# ------------------------------------------------------------ grids (lists of lists)

def grid_of(rng: random.Random, square: bool = False) -> list[list[int]]:
    rows = rng.randint(1, 4)
    cols = rows if square else rng.randint(1, 4)
    return [int_list(rng, -9, 9, cols, min_len=cols) for _ in range(rows)]


def _grid_lines(rng: random.Random) -> Variant:
    g = one_of(rng, ["grid", "matrix", "rows", "table"])
    by_col = rng.random() < 0.5
    what, fn = one_of(rng, [("sum", "sum"), ("largest element", "max"), ("smallest element", "min")])
    line = "column" if by_col else "row"
    text = (f"{g} is a rectangular grid of integers given as a list of rows (at least one row and one column). "
            f"Return the {what} of each {line}, from the first {line} to the last.")
    body = (f"return [{fn}(r) for r in {g}]" if not by_col else
            f"return [{fn}(r[j] for r in {g}) for j in range(len({g}[0]))]")
    inputs = [([[5]],), ([[1, 2, 3]],), ([[1], [2]],)] + many(rng, 7, lambda: (grid_of(rng),))
    entry = one_of(rng, [f"{line}_{fn}s", f"{fn}_by_{line}", f"{line}_totals" if fn == "sum" else f"{line}_{what.split()[0]}"])
    return task("grid", entry, [(g, "list[list[int]]")], "list[int]", text, body, inputs)


def _transpose(rng: random.Random) -> Variant:
    g = one_of(rng, ["grid", "matrix", "rows", "table"])
    text = (f"Return the transpose of the rectangular grid {g} (a list of rows, at least one row): row i of the "
            f"result is column i of {g}.")
    body = one_of(rng, [f"return [[r[j] for r in {g}] for j in range(len({g}[0]))]",
                        code("""
                            out = []
                            for j in range(len({g}[0])):
                                col = []
                                for r in {g}:
                                    col.append(r[j])
                                out.append(col)
                            return out""", g=g)])
    inputs = [([[5]],), ([[1, 2, 3]],), ([[1], [2]],)] + many(rng, 7, lambda: (grid_of(rng),))
    entry = one_of(rng, ["transpose", "flip_axes", "columns_as_rows"])
    return task("grid", entry, [(g, "list[list[int]]")], "list[list[int]]", text, body, inputs)


def _diagonal(rng: random.Random) -> Variant:
    g = one_of(rng, ["grid", "matrix", "square"])
    anti = rng.random() < 0.5
    text = (f"{g} is a square grid of integers (n rows of n). Return the sum of its "
            + ("anti-diagonal, the cells (i, n - 1 - i)." if anti else "main diagonal, the cells (i, i)."))
    idx = f"len({g}) - 1 - i" if anti else "i"
    body = f"return sum({g}[i][{idx}] for i in range(len({g})))"
    inputs = [([[5]],), ([[1, 2], [3, 4]],)] + many(rng, 7, lambda: (grid_of(rng, square=True),))
    entry = one_of(rng, ["anti_diagonal_sum" if anti else "diagonal_sum", "trace_like", "diag_total"])
    return task("grid", entry, [(g, "list[list[int]]")], "int", text, body, inputs)


def _grid_count(rng: random.Random) -> Variant:
    g = one_of(rng, ["grid", "matrix", "board"])
    phrase, cond = predicate(rng, "v")
    text = f"Return how many cells of the grid {g} (a list of rows) hold a value that is {phrase}."
    body = one_of(rng, [f"return sum(1 for r in {g} for v in r if {cond})",
                        code("""
                            n = 0
                            for r in {g}:
                                for v in r:
                                    if {cond}:
                                        n += 1
                            return n""", g=g, cond=cond)])
    inputs = [([],), ([[]],), ([[0, 1], [2, 3]],)] + many(rng, 7, lambda: (grid_of(rng),))
    entry = one_of(rng, ["count_cells", "cells_matching", "grid_count"])
    return task("grid", entry, [(g, "list[list[int]]")], "int", text, body, inputs)


@family
def grid(rng: random.Random) -> Variant:
    return one_of(rng, [_grid_lines, _transpose, _diagonal, _grid_count])(rng)


# ------------------------------------------------------------ building strings

def _run_length(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    count_first, ones = rng.random() < 0.5, rng.random() < 0.6
    form = ("'3a1b2c'" if count_first else "'a3b1c2'") if ones else ("'3ab2c'" if count_first else "'a3bc2'")
    text = (f"Return the run-length encoding of {s}: each maximal run of one repeated character becomes "
            + ("the run's length followed by the character" if count_first else "the character followed by the run's length")
            + ("" if ones else ", the length left out when it is 1") + f", so 'aaabcc' gives {form}.")
    count = "str(n)" if ones else "(str(n) if n > 1 else '')"
    piece = f"{count} + prev" if count_first else f"prev + {count}"
    body = code("""
        out = ''
        i = 0
        while i < len({s}):
            prev = {s}[i]
            n = 0
            while i < len({s}) and {s}[i] == prev:
                n += 1
                i += 1
            out += {piece}
        return out""", s=s, piece=piece)
    inputs = [("",), ("a",), ("aaabcc",), ("abab",)] + many(rng, 7, lambda: (text_of(rng, "aab", 12),))
    entry = one_of(rng, ["run_length", "rle", "compress", "encode_runs"])
    return task("string_build", entry, [(s, "str")], "str", text, body, inputs)


def _collapse(rng: random.Random) -> Variant:
    s = one_of(rng, _S)
    text = f"Return {s} with every run of a repeated character shortened to one character ('aabccc' gives 'abc')."
    body = one_of(rng, [code("""
                            out = ''
                            for c in {s}:
                                if not out or out[-1] != c:
                                    out += c
                            return out""", s=s),
                        f"return ''.join(c for i, c in enumerate({s}) if i == 0 or {s}[i - 1] != c)"])
    inputs = [("",), ("a",), ("aabccc",), ("abc",)] + many(rng, 7, lambda: (text_of(rng, "aab  ", 12),))
    entry = one_of(rng, ["collapse_runs", "squeeze", "dedupe_chars"])
    return task("string_build", entry, [(s, "str")], "str", text, body, inputs)


def _interleave(rng: random.Random) -> Variant:
    a, b = one_of(rng, [("a", "b"), ("s", "t"), ("first", "second")])
    text = (f"Return the characters of {a} and {b} alternately, starting with {a}[0]; when one string runs out, "
            f"append the rest of the other ('abc' and 'XY' give 'aXbYc').")
    body = code("""
        out = ''
        for i in range(max(len({a}), len({b}))):
            if i < len({a}):
                out += {a}[i]
            if i < len({b}):
                out += {b}[i]
        return out""", a=a, b=b)
    inputs = [("", ""), ("abc", "XY"), ("", "xyz"), ("ab", "")] + many(rng, 6, lambda: (text_of(rng, LOWER, 5), text_of(rng, "XYZ", 5)))
    entry = one_of(rng, ["interleave", "zip_strings", "weave", "alternate"])
    return task("string_build", entry, [(a, "str"), (b, "str")], "str", text, body, inputs)


def _repeat_chars(rng: random.Random) -> Variant:
    s, k = one_of(rng, _S), rng.randint(2, 4)
    sep = one_of(rng, ["", "-", " "])
    text = (f"Return {s} with every character repeated {k} times" +
            (f", the groups separated by {sep!r} ('ab' gives {sep.join(c * k for c in 'ab')!r})." if sep else "."))
    body = one_of(rng, [f"return {sep!r}.join(c * {k} for c in {s})",
                        code("""
                            parts = []
                            for c in {s}:
                                parts.append(c * {k})
                            return {sep!r}.join(parts)""", s=s, k=k, sep=sep)])
    inputs = [("",), ("a",), ("ab",)] + many(rng, 7, lambda: (text_of(rng, MIXED, 8),))
    entry = one_of(rng, ["stretch", "repeat_each", "stutter"])
    return task("string_build", entry, [(s, "str")], "str", text, body, inputs)


def _expand(rng: random.Random) -> Variant:
    s = one_of(rng, ["code", "s", "packed", "encoded"])
    text = (f"{s} is a sequence of pairs: a letter followed by one digit. Return the string in which each "
            f"letter appears as many times as its digit says ('a3b0c1' gives 'aaac').")
    body = one_of(rng, [code("""
                            out = ''
                            for i in range(0, len({s}), 2):
                                out += {s}[i] * int({s}[i + 1])
                            return out""", s=s),
                        f"return ''.join({s}[i] * int({s}[i + 1]) for i in range(0, len({s}), 2))"])
    inputs = [("",), ("a0",), ("a3b0c1",), ("z9",)]
    inputs += many(rng, 7, lambda: ("".join(rng.choice("abcxyz") + str(rng.randint(0, 4)) for _ in range(rng.randint(1, 5))),))
    entry = one_of(rng, ["expand", "decode_runs", "unpack", "inflate"])
    return task("string_build", entry, [(s, "str")], "str", text, body, inputs)


@family
def string_build(rng: random.Random) -> Variant:
    return one_of(rng, [_run_length, _collapse, _interleave, _repeat_chars, _expand])(rng)
