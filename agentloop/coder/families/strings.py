"""Families on strings: case, counting characters, words, prefixes and
suffixes, caesar-like shifts, building strings."""

from __future__ import annotations

import random

from .base import _CMP_WORD, _S, LOWER, MIXED, WORDS, Variant, code, family, many, one_of, sentence, task, text_of

# ------------------------------------------------------------ strings: case

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
