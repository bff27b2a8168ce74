"""A typed generator of DSL programs (tiers 1-4: int, bool, float, str; lists,
tuples, Optional).

Programs are drawn from a typed grammar: a statement chooses a type, then an
expression of that type is built from typed productions, so every program is
well typed by construction (a program the compiler rejects is a generator bug
or a compiler bug, never noise). Each program is one entry function ``f`` with
the drawn signature plus 0-3 helpers (defined before or after the entry, some
recursive down a bounded depth argument, one sometimes nested in the entry).
A quarter of the programs ("tiny") are a single ``return <expression over the
parameters>`` run on 12 inputs: dense checks of the operators on edge values.

Half the seeds (``is_t34``: a function of the seed alone, ``T34_SHARE``) make
tier 3-4 programs: their signatures, locals and helpers also draw list, tuple
and Optional types, and FuncGen's ContainerGen half (containers.py; the type
spellings are in dsl_types.py) adds the productions and statements below.
Values, their literal spellings and layout noise are in literals.py. The other seeds make exactly the tier 1-2 programs they
made before tiers 3-4 existed (same source, same inputs). The type grammar of
tier 3-4 programs: the scalars; list[T] for T in int, bool, float, str,
tuple[int, str] and list[int]; tuple[int, str], tuple[int, int],
tuple[str, float], tuple[int, str, bool]; Optional[int], Optional[str] (returns,
annotated locals, helper parameters). Annotations are sometimes spelt List[..],
Tuple[..], T | None.

Generation is plain functions driven by a ``random.Random``; the hypothesis
strategies at the bottom only draw a seed, so ``tests/test_differential.py``
and ``bench/difftest.py`` share one generator and every case is reproducible
from its seed (``case_from_seed``, ``group_from_seed``).

Covered, tiers 1-2: int/bool/float/str parameters and locals (a local keeps
one type; plain and annotated assignment; reads that may be unbound); + - * /
// % ** (int ** with exponents 0..4), unary - + ~ not, & | ^ << >> (counts
0..69, sometimes negative: ValueError), int/float/bool mixing, comparisons and
chains (int/float exact, str, bool), and/or on same-typed non-bool operands,
conditional expressions; abs min max int float str bool len ord chr round
(1 and 2 args) pow, int(str) and int(str, base) with CPython's literal
rules, str(float) (CPython's repr), bin oct hex, math.sqrt/floor/ceil/gcd/isqrt/fabs/inf/pi; str indexing and slicing (negative indices, steps, step 0),
in / not in, + and * (bounded), lower upper strip lstrip rstrip strip(chars)
ljust rjust center zfill replace find rfind index count startswith endswith isdigit isalpha isalnum
isspace islower isupper; if/elif/else, while on a counter the body never
writes (three shapes), for over range (1-3 args, negative and zero steps),
over a str, enumerate(str), reversed(...), break/continue, early return,
assert (with and without a message), print(...) with sep= and end= (the
oracle's print writes nothing, as the VM), helper calls as expressions and as
statements (-> None), bounded recursion, truth tests of every type. Source
layout: 4/2-space and tab indentation, ast.unparse's minimal parentheses,
int literals in hex/octal/binary/with _, float literal spellings (3. .5 1E3),
str literals with "..." r'...' \\xNN \\ooo escapes and adjacent-literal
concatenation, comments (non-ASCII too), docstrings, blank lines, implicit and
backslash line continuation, ``a; b``. Values: ints from small values and
edges (0, +-1, +-2**31, +-2**53, +-2**62, +-2**63 boundaries, random 64-bit),
floats incl. 0.0 -0.0 0.5 2.5 1e300 5e-324 inf nan, values of every magnitude
and random bit patterns (subnormals, nan payloads), short ASCII strings
incl. spaces, digits, case mix, quotes, backslashes and control characters.

Covered, tiers 3-4: list displays (nested, of tuples, of variables: aliases),
``xs: list[int] = []`` and ``xs = []`` typed by the ``append`` that follows,
``return []``; list comprehensions (1-2 for clauses, 0-2 if filters, over
range/list/str/enumerate(list or str, start)/zip/a list of pairs unpacked,
reversed(...), a later clause over an earlier clause's row); generator
expressions as the sole argument of sum/any/all/min/max/sorted/list/join;
indexing (negative indices, m[i][j], t[k] with literal k, lt[i][1]; IndexError
outcomes, and the same statements guarded by ``if len(xs) > k:``), slicing
with steps (negative, step 0: ValueError), len, in / not in, + and * (0..3,
-1, bool), == != < <= > >= (and chains) on lists and tuples of one type, truth
tests (if xs, not xs, bool(xs)); item assignment xs[i] = v, xs[i] op= v,
m[i][j] = v, m[i][j] += v, m[i] += row (in place), swaps
``xs[i], xs[j] = xs[j], xs[i]`` and ``a, b = b, a``; tuple unpacking
(a, b = t, a, b, c = t3, q, r = divmod(..), a, b = e1, e2, into new or
existing names); append pop() pop(i) insert remove (plain and behind
``if x in xs``) index (plain and ``xs.index(x) if x in xs else d``) count
reverse sort() sort(reverse=) sort(key=) extend (a list, a str) copy clear;
sorted(xs, key=, reverse=), sorted(str), min/max/sum of lists, min/max with
key=; key and map/filter functions as lambdas (over their parameter only, or
closures over surely bound locals), helper names, builtins (len abs int
float str bool ord str.upper str.lower); list(str), list(range(..)),
list(xs), xs.copy(), xs[:], reversed(xs) in for and list(reversed(xs)),
divmod (and its items), str.split() / split(sep) (sep '' raises), sep.join(..),
map(f, xs) / filter(f, xs) consumed by list()/sum()/join; for over lists (with
mutation of the iterated list that does not grow it: pop, del of an item
or a slice, remove, sort, reverse, clear, item assignment, rebinding), enumerate/zip/pairs targets;
for/while ... else with break; Optional[int]/Optional[str] locals (annotated,
= None or a value), ``s if c else None``, returns of None / T / Optional
from the entry and from helpers, Optional helper parameters, ``is None`` /
``is not None``, unwrapping guarded by a test (``o + 1 if o is not None
else d``) and narrowed (``if o is not None: v = o``, ``if o is None:
return ...`` then ``v = o``, ``o if o is not None else d``) and unguarded
(TypeError/AttributeError on None), truth tests of an Optional; returning
lists and tuples; list parameters (mutated in place by the entry and by
helpers: the caller sees it), aliasing: ``b = a`` then a change through
``b``, lists stored in lists (``m = [a, b]``, ``m.append(a)``, ``m[i] = a``)
then changed through either path, ``[row] * n`` sharing, a list passed to a
helper that mutates it, ``xs += ys`` (in place: an alias sees it) vs
``xs = xs + ys`` (a new list). Values of list and tuple parameters: lists of
0-6 items (inner lists 0-4) of the item types with the scalars' edge values
(ints often small, so items repeat for count/index/remove/sort stability).

Covered, numbers of either class (feature int_or_float, numbers.py): the
DSL's ``int | float`` and ``list[int | float]`` as parameters, results,
locals and items, test values mixing ints and floats, locals widened by an
int and a float, mixed displays and conditionals, their arithmetic,
comparisons, conversions, isinstance/type tests, min/max/sum/sorted, ``in``
and list methods, in NUM_SHARE of the seeds (and light expressions of them
elsewhere).

Covered, tuples of any length (feature tuple_any_length, tuples.py): the
DSL's ``tuple[T, ...]`` of int, str, float, bool, nested ones and lists of
them as parameters, results, locals (``res = ()`` then ``res += (x,)``),
tuple(...) of lists, strs, ranges, sorted, map, filter and generator
expressions, slices, + and * of them and of displays of one item type,
computed indexes of those displays, and what reads them as lists, in
TV_SHARE of the tier 3-4 seeds (and light expressions of them in the
other tier 3-4 programs).

Covered, regular expressions (feature regex, regexes.py): re.findall,
re.sub (counts, templates with groups and escapes), re.split (maxsplit),
re.search, re.match, re.fullmatch and re.compile's methods of literal
patterns the VM's matcher compiles, with constant flags by position and by
keyword, read back as ints (len, start, end), bools and strs (group, join).

Covered, try statements (feature try_except, handlers.py): try/except/else
in the entry and the helpers, nested in loops, ifs, handlers and other
tries; bodies with statements that raise on some inputs, clauses of one
class, a base class, a tuple or none, `as` names nothing reads, handlers
that pass, return, break, continue, raise or read what the body assigned
(maybe unbound), and raises in helpers, in TE_SHARE of the seeds.

Not covered (outside tiers 1-4 or outside the envelope below): f-strings,
global names, chained assignment (tests/programs/assignment/ has its
cases), pow with 3 args, int ** a negative int expression other than a
literal (the VM says Unsupported: a named deviation), slice
assignment, del of a name or a dict's key, list(zip/enumerate(...)) and
zip/enumerate outside a for (Unsupported), sum of a generator expression
with a start value, sort keys over enclosing lists (``xs.sort(key=lambda v:
len(xs))``: CPython shows an empty list to the key), a map/filter/range value kept and consumed twice
(docs/language.md: a known difference), None as a list item, Optional of a
list or tuple, ``x = None`` without an annotation (the compiler asks for
one), resource limits (Timeout, MemoryError, RecursionError are deviations
whose thresholds differ from CPython's), programs near the compiler's size
limits (functions keep their locals, loops and comprehension slots under
MAX_LOCALS). Features the compiler or the VM gets wrong today are in
KNOWN_GAPS and switched off.

Envelope (what every kept case satisfies; oracle.py checks the dynamic part):
  * terminates quickly: while loops run on a counter the body never writes,
    ``for`` ranges have arguments below 10 in magnitude (``(e % k)`` forms),
    recursion goes down a depth argument that starts below 6; a ``for`` loop
    or comprehension over a list never grows that list in its body: list
    names that may share a list are tracked (ContainerGen), and nothing an
    enclosing loop iterates over is appended to, extended, inserted into,
    ``+=``/``*=``-ed or passed to a helper that grows its parameter;
  * ints: ``**`` only with exponents 0..4 (``(e % 4)``), ``<<`` by 0..69;
    float ``**`` of any operands (a lane may end Unsupported, fpow.h); ``chr`` only of ASCII code points; every int
    intermediate in int64, sums too (oracle._sum: the VM's checked adds);
  * str values stay under oracle.STR_LIMIT chars, lists under
    oracle.LIST_LIMIT items, and a call under oracle.TICK_LIMIT loop
    iterations + comprehension iterations + calls (else the case is redrawn);
  * no nan where CPython's answer depends on object identity or an
    unspecified order (the oracle discards such a case): sort keys (and
    sorted items) never hold a nan, since the order of a sort with nan is
    whatever pairs the sort compares; a list or tuple holding a nan is never
    compared with == != < ..., nor a min/max item or key, and a nan is never
    looked for with in / index / count / remove (CPython's identity shortcut
    makes ``nan in [nan]`` true for one object; the VM compares floats by
    value, as its spec says). min/max of floats with nan stay (both compare
    by value, item < best);
  * ``0.0 + sum(floats)``: sum() of no floats is CPython's int 0 and the VM's
    0.0 (docs/language.md, a named difference);
  * comprehensions and lambdas read no local that may be unbound (CPython:
    NameError for a free variable, not UnboundLocalError).
Exceptions (ZeroDivisionError, IndexError, ValueError, OverflowError,
AssertionError, UnboundLocalError, TypeError from ord and from a None used
as a value, AttributeError from a method of None) are legitimate outcomes
and are drawn on purpose, at moderate rates (about 30-45% of lanes raise).
"""
from __future__ import annotations

import ast
import random
import re
import sys
from dataclasses import dataclass

from gpubackend.abi import limits

from . import oracle
from .containers import ContainerGen
from .dicts import DictGen
from .handlers import TryGen, te_for
from .numbers import NUM_MARK, NumGen, num_for, num_types
from .counters import CounterGen, collections_import
from .heaps import HeapGen, heapq_import
from .regexes import RegexGen
from .printfs import PRINTF_SHARE, PrintfGen
from .reprs import ReprGen
from .sets import SetGen
from .tuples import TV_MARK, TV_SIG_TYPES, TupleGen, tv_for, tv_types
from .dsl_types import (BOOL, ENTRY, FLOAT, INT, LB, LF, LI, LLI, LN, LS, LTIS, NONE, NUM, NUMERIC,
                        OINT, OPT_TYPES, OSTR, SCALARS, STR, TII, TIS, TISB, TSF, TUPLE_TYPES, Helper, Stmt,
                        beyond_num, elem, has_type, is_list, is_num, is_vtuple, pick, spell, union_members)
from .literals import add_layout_noise, lit, rand_value


# A program's bytes at most (kernels/limits.h): a longer one is drawn again.
MAX_SOURCE_BYTES = limits()["MAX_SOURCE_BYTES"]

# Features that can be switched off (e.g. while the compiler lacks one).
ALL_FEATURES = frozenset(
    {
        "int_of_str",  # int('12')
        "float_of_str",  # float('1.5')
        "annotated_assign",  # x: int = 1
        "enumerate",  # for i, c in enumerate(s)
        "enumerate_start",  # enumerate(s, 1)
        "long_float_literals",  # float literals with 16-17 significant digits
        "reversed",  # for c in reversed(s) / reversed(range(...))
        "strip_chars",  # s.strip('ab')
        "rfind_index",  # s.rfind(t), s.index(t)
        "maybe_unbound",  # reads that may raise UnboundLocalError
        "rebind",  # s = str(s) at a function's top level: a name takes a value of another type
        "rebind_nested",  # the same inside an if block (in no loop): the name is read no more past it
        "unannotated_helpers",  # def h0(x0, x1): typed by its first call, its result by its first return
        "mixed_numeric",  # int/bool operands in float arithmetic and comparisons
        "docstrings",
        "helpers",
        "recursion",
        "assert",
        "while",
        "aug_shift",  # x <<= k, x >>= k
        "str_float",  # str(x) of a float: CPython's repr
        "round_ndigits",  # round(x, n) of an int or a float
        "int_base",  # int(s, base)
        "sum_start",  # sum(xs, start) of numbers and of lists
        "print",  # print(...) statements (evaluated, nothing written)
        "divmod_float",  # divmod() with a float operand
        "radix_str",  # bin(), oct(), hex()
        "str_pad",  # s.ljust/rjust/center(w[, fill]), s.zfill(w)
        "int_literal_styles",  # 0x1F 0o17 0b101 1_000
        "float_literal_styles",  # 3. .5 1E3 1_000.5
        "str_literal_styles",  # "..." r'...' '\x41' 'ab' 'cd' '\101'
        "layout_noise",  # comments, blank lines, implicit and backslash continuation, `a; b`
        "nested_def",  # a helper defined inside the entry (it reads none of the entry's locals)
        "unparse",  # render half the programs through ast.unparse (minimal parens)
        # tiers 3-4: "lists" switches tier 3-4 programs on (T34_SHARE of the seeds), the others
        # switch parts of them
        "lists",  # list/tuple/Optional types, displays, indexing, slicing, methods, loops over lists
        "comprehensions",  # [e for x in it if c] with 1-2 for clauses
        "genexp",  # sum(e for x in it), any/all/min/max/sorted/list/''.join of one
        "lambda_keys",  # key= of sorted/sort/min/max (lambda, helper, builtin name)
        "map_filter",  # map(f, xs) / filter(f, xs) consumed by list/sum/join
        "lazy_bound",  # it = map(f, xs) / filter / a genexp, drawn whole by the next statement
        "any_map",  # any(map(f, xs)), all(map(f, xs)): f called until an item decides
        "zip_star",  # tuple(zip(*rows)) of lists or tuples of ints, transposed
        "finditer",  # re.finditer walked by comprehensions and generators (difftest/regexes.py)
        "split_join",  # s.split(), s.split(sep), sep.join(xs)
        "loop_else",  # for/while ... else
        "aliasing",  # b = a, then a change through b
        "optional",  # Optional[int]/Optional[str] locals and helper parameters
        "optional_unwrap",  # o + 1, len(o) unchecked: TypeError when None
        "list_imul",  # xs *= k
        "genexp_parenthesized",  # sum((x for x in xs)) (ast.unparse's spelling)
        "optional_int_ifexp",  # (n if c else None) as an Optional[int]
        "optional_bool",  # bool(o) of an Optional (None: False)
        "optional_str",  # str(o) of an Optional (None: 'None')
        "optional_method_none",  # o.upper() with o None (AttributeError)
        "minmax_genexp_unpack",  # min(b for a, b in zip(xs, ys))
        "optional_narrowing",  # o used as its T where the compiler knows it is not None
        "optional_int_arg",  # an int passed for an Optional[int] parameter other than the last
        "reversed_ifexp_comp",  # [c for c in reversed(s if t else u)]
        "aug_item_star",  # xs[i] += a * ys[j]
        "is_none_before_else",  # a block's last statement v = o is None, then else:
        "undefined_names",  # missing0(1): a read of a name nothing defines, NameError where it runs
        "isinstance",  # isinstance(e, int), isinstance(e, (int, float)) where the static type fixes the answer
        "module_code",  # statements after the last def: print(f(3)), assert f(1) == f(1)
        "undefined_operands",  # c and missing0(x), e if c else missing1(): NameError where the operand runs
        "str_ranges",  # s.find(t, i, j), s.count(t, i), s.replace(a, b, n)
        "str_format",  # '{} {1}'.format(a, b) of scalars, with braces doubled and bad fields
        "sets",  # set[int|bool|str] expressions and set locals (tests/difftest/sets.py)
        "dicts",  # dict expressions and dict locals with int, bool or str keys (tests/difftest/dicts.py)
        "type_tests",  # type(e) == C (!=, is, is not) where e's static type fixes the answer
        "fstrings",  # f"..{e}..{e!r}.." of scalar fields, doubled braces, escapes in the text
        "float_pow",  # x ** y with a float, int ** -k, math.pow, pow(x, y): Unsupported allowed (fpow.h)
        "format_specs",  # f'{x:.2f}', format(n, '08b'), '{0:>5}'.format(s): Unsupported allowed (format_float.h)
        "union_results",  # an entry returning int | float, str | int, ...: a member per return (UNION_SHARE)
        "foreign_returns",  # the entry returns another type than its own on some paths, as wrong programs do
        "number_type_errors",  # len(n), n[0], for d in n of a number local: TypeError where it runs
        "int_or_float",  # int | float and list[int | float] values, widened locals (NUM_SHARE, difftest/numbers.py)
        "num_foreign_returns",  # foreign_returns where the entry's result is int | float or list[int | float]
        "tuple_any_length",  # tuple[T, ...] values, locals built from (), nested ones (TV_SHARE, difftest/tuples.py)
        "tuple_fixed_then_any",  # res = (x,), then res = <a tuple[T, ...]>: res is a tuple[T, ...]
        "tuple_fixed_items",  # xs.append((1, 2)) to a list[tuple[int, ...]], (1,) in a tuple of them
        "tuple_fixed_ifexp",  # t if c else (x,) of a tuple[T, ...] t
        "tuple_fixed_andor",  # t or () of a tuple[T, ...] t
        "nested_empty_plus",  # in a helper nested in the entry: res = (), then res = res + (x,) in a loop
        "tuple_fixed_foreign",  # foreign_returns where the entry returns a tuple[T, ...] for a fixed tuple or back
        "try_except",  # try/except/else statements and raises (TE_SHARE, difftest/handlers.py)
        "except_as_reused",  # except A as e: ... except B as e: one unread name bound by two handlers
        "regex",  # re.findall/sub/split/search/match/fullmatch/compile of literal patterns (difftest/regexes.py)
        "repr",  # str() and repr() of lists, tuples, Optionals and strs (difftest/reprs.py)
        "entry_header",  # the entry's def line rewritten: other annotations, another name or arity (HEADER_SHARE)
        "heapq",  # heapq's functions on list locals, heapq bound one of three ways (difftest/heaps.py)
        "counters",  # collections.Counter and defaultdict locals counted, read and handed on (difftest/counters.py)
        "next",  # next((e for x in it if c), literal) where min/max of a list is drawn
        "zip3",  # zip(a, b, c) where a loop or comprehension zips two (difftest/containers.py)
        "printf",  # 'literal' % args of scalars, flags, widths, bad formats (difftest/printfs.py)
        "set_xor",  # a ^ b of sets, and s |= -= ^= &= <set> among a set local's changes (difftest/sets.py)
    }
)


# Features the compiler does not accept yet although they are valid Python in
# tiers 1-4 (compile gaps), or where the VM disagrees with CPython often enough
# to make the CI test flaky (run-time mismatches); each value names the bug.
# tests/test_differential.py checks each with a strict xfail (a program per
# gap, compiled and run against CPython), so the day one agrees the test says
# to move it back into DEFAULT_FEATURES.
KNOWN_GAPS: dict[str, str] = {
    # feature name -> the compiler/VM gap that keeps it switched off; the
    # eight found with the tier 3-4 generator (str() of an Optional,
    # any((g)) short-circuit, xs *= k in place, min/max of a generator with
    # two targets, an int to an Optional[int] parameter, reversed(a if c
    # else b) in a comprehension, xs[0] += a * xs[1], `v = o is None` at a
    # block's end), and the int | float member of an entry's union result
    # (num_foreign_returns), are fixed and their features back on, and so
    # are four of tuple[T, ...]'s (a local given one after a display, a
    # display as an item of a list of them, in a conditional with one, and
    # returned beside a foreign result, which crashed the VM), and one
    # unread name bound by `as` in two handlers (except_as_reused)
    "tuple_fixed_andor": "an and/or of a tuple[T, ...] and a display of T's does not compile",
    "nested_empty_plus": "in a helper nested in the entry, a local that starts () or [] and is given "
                         "`res + (x,)` in a loop or a branch does not compile",
}
DEFAULT_FEATURES = ALL_FEATURES - set(KNOWN_GAPS)


@dataclass
class Case:
    source: str
    entry: str
    signature: str  # the def line, e.g. "def f(a: int, b: str) -> int"
    args_list: list[tuple]
    param_types: tuple[str, ...]
    ret: str
    seed: int | None = None
    expected: list[oracle.Outcome] | None = None  # CPython's outcome per args
    t34: bool = False  # a tier 3-4 program (lists, tuples, Optional)

    def describe(self) -> str:
        return f"# seed={self.seed}\n{self.source}\n# args: {self.args_list!r}"


# --------------------------------------------------------------------------
# programs


@dataclass
class Sig:
    params: list[tuple[str, str]]
    ret: str

    def def_line(self, name: str = ENTRY, rng: random.Random | None = None) -> str:
        """The def line; with rng, container types sometimes in another spelling."""
        sp = (lambda t: spell(rng, t)) if rng is not None else (lambda t: t)  # noqa: E731
        ps = ", ".join(f"{n}: {sp(t)}" for n, t in self.params)
        return f"def {name}({ps}) -> {sp(self.ret)}"


# Tier 3-4 programs draw their types with these weights.
T34_PARAM_TYPES = [(INT, 2), (BOOL, 0.6), (FLOAT, 1), (STR, 1.5), (LI, 3), (LB, 0.6), (LF, 1), (LS, 2),
                   (LTIS, 1), (LLI, 1.2), (TIS, 0.4), (TII, 0.3), (TSF, 0.2), (TISB, 0.2)]
T34_RET_TYPES = [(INT, 3), (BOOL, 1.5), (FLOAT, 1.2), (STR, 2), (LI, 2.5), (LB, 0.5), (LF, 0.7), (LS, 1.5),
                 (LTIS, 0.7), (LLI, 0.8), (TIS, 0.6), (TII, 0.5), (TSF, 0.4), (TISB, 0.4), (OINT, 1), (OSTR, 1)]
T34_LOCAL_TYPES = [(INT, 3), (BOOL, 1.2), (FLOAT, 1.2), (STR, 2), (LI, 3), (LB, 0.6), (LF, 1), (LS, 2),
                   (LTIS, 1), (LLI, 1.2), (TIS, 0.5), (TII, 0.4), (TSF, 0.3), (TISB, 0.3)]


def rand_sig(rng: random.Random, *, allow_none: bool = True, t34: bool = False) -> Sig:
    names = ["a", "b", "c", "d"]
    if t34:
        n = rng.choice([0, 1, 1, 1, 2, 2, 2, 3])
        params = [(names[i], pick(rng, T34_PARAM_TYPES)) for i in range(n)]
        ret = pick(rng, T34_RET_TYPES + ([(NONE, 0.3)] if allow_none else []))
        return Sig(params, ret)
    n = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4])
    params = [(names[i], rng.choice(SCALARS)) for i in range(n)]
    rets = list(SCALARS) + ([NONE] if allow_none else [])
    weights = [4, 2, 3, 3] + ([0.3] if allow_none else [])
    ret = rng.choices(rets, weights)[0]
    return Sig(params, ret)


class FuncGen(ContainerGen, SetGen, DictGen, NumGen, TupleGen, TryGen, RegexGen, ReprGen, HeapGen, CounterGen,
              PrintfGen):
    """Generates the body of one function (tier 3-4 parts: ContainerGen)."""

    MAX_BLOCK_DEPTH = 3
    MAX_LOOP_DEPTH = 2
    # Locals stay well under the compiler's MAX_LOCALS (96 slots, hidden loop
    # slots and unbound flags included): a name may take 2 slots, a loop 3.
    MAX_NAMES = 24
    MAX_LOOPS = 6

    def __init__(self, pg: "ProgramGen", name: str, params, ret: str, callable_helpers, recursive: Helper | None):
        self.pg = pg
        self.rng = pg.rng
        self.name = name
        self.params = params
        self.ret = ret
        self.bare = False  # a helper whose def line leaves its annotations out (set by its maker)
        self.callable_helpers = callable_helpers  # helpers this function may call
        self.recursive = recursive  # this function's own Helper when recursive
        self.rec_sites = 0
        self.types: dict[str, str] = dict(params)
        self.scopes: list[set[str]] = [set(n for n, _ in params)]
        self.readonly: set[str] = set()
        if recursive is not None:
            self.readonly.add("n")
        self.tiny = False  # a one-expression entry: prefer parameters to literals
        self.loop_depth = 0
        self.loops = 0
        self.counter = 0
        self.expr_budget = 0
        # tiers 3-4 (ContainerGen)
        self.t34 = pg.t34
        self.prods = self.PRODS34 if self.t34 else self.PRODS
        if "undefined_operands" in self.features:  # (appended, as below)
            undef = {INT: "i_undef", FLOAT: "f_undef", BOOL: "b_undef", STR: "s_undef"}
            self.prods = {t: ps + [(undef[t], 0.15)] for t, ps in self.prods.items()}
        if self.t34:  # (appended: without them the draws are as before)
            for feature, prods, list_prod in (("sets", self.SET_PRODS, ("l_set", 1.2)),
                                              ("dicts", self.DICT_PRODS, ("l_dict", 1.0))):
                if feature in self.features:
                    self.prods = {t: ps + prods.get(t, []) for t, ps in self.prods.items()}
                    self.list_prods = self.list_prods + [list_prod]
        if "regex" in self.features:  # (appended, as above)
            self.prods = {t: ps + self.REGEX_PRODS.get(t, []) for t, ps in self.prods.items()}
        if self.t34 and "repr" in self.features:  # (appended, as above)
            self.prods = {t: ps + self.REPR_PRODS.get(t, []) for t, ps in self.prods.items()}
        if "int_or_float" in self.features:  # (appended, as above)
            num_prods = self.NUM_PRODS_HEAVY if pg.num else self.NUM_PRODS
            self.prods = {t: ps + num_prods.get(t, []) for t, ps in self.prods.items()}
        if self.t34 and "tuple_any_length" in self.features:  # (appended, as above)
            tv_prods = self.TV_PRODS_HEAVY if pg.tv else self.TV_PRODS
            self.prods = {t: ps + tv_prods.get(t, []) for t, ps in self.prods.items()}
            self.list_prods = self.list_prods + [("l_tv", 2.0 if pg.tv else 0.4)]
        self.maybe_unbound: set[str] = set()  # names leaked out of a branch or loop
        self.gone: set[str] = set()  # names rebound inside a block: never read past it (st_rebind_nested)
        self.block_kinds: list[str] = []  # "if" for an if's blocks, else "other", innermost last (sub_block)
        self.te_may: list[set[str]] = []  # the classes the try bodies being drawn raise (handlers.py)
        self.closure = 0  # > 0 inside a comprehension or lambda: no maybe-unbound names
        self.tmp_counter = 0  # comprehension and lambda variables
        self.alias: dict[str, str] = {}  # union-find over list names that may share a list
        self.frozen: list[str] = []  # lists that enclosing loops iterate over: not to be grown
        self.grown: set[str] = set()  # list names grown in place (append/extend/insert/+=)
        self._comp_frozen: list[int] = []
        self.cslots = 0  # hidden local slots that comprehensions, sorts, keys, ... take (estimate)
        if self.t34:
            self.MAX_NAMES = 20  # comprehensions, sorts, keys take hidden slots too (CSLOT_BUDGET)
            lists = [n for n, t in params if is_list(t)]
            for n in lists[1:]:  # a caller may pass one list twice
                self.union(lists[0], n)

    # ---- names
    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def visible(self, t: str, writable: bool = False) -> list[str]:
        seen = set().union(*self.scopes)
        if self.closure:  # CPython: a free variable read unbound is a NameError
            seen -= self.maybe_unbound
        return sorted(n for n in seen if self.types[n] == t and not (writable and n in self.readonly))

    def define(self, name: str, t: str):
        self.types[name] = t
        self.scopes[-1].add(name)

    @property
    def features(self):
        return self.pg.features

    # ---- expressions
    def expr(self, t: str, d: int) -> str:
        rng = self.rng
        self.expr_budget -= 1
        if t == NUM:
            return self.nexpr(d)
        if self.t34 and t not in SCALARS:
            return self.cexpr(t, d)
        if d <= 0 or self.expr_budget <= 0 or rng.random() < (0.05 if self.tiny else 0.18):
            return self.atom(t)
        prods = self.prods[t]
        names = [p[0] for p in prods]
        weights = [p[1] for p in prods]
        for _ in range(8):
            fn = getattr(self, rng.choices(names, weights)[0])
            s = fn(d - 1)
            if s is not None:
                return s
        return self.atom(t)

    def atom(self, t: str) -> str:
        if t == NUM:
            return self.num_atom()
        vs = self.visible(t)
        if vs and self.rng.random() < (0.9 if self.tiny else 0.7):
            return self.rng.choice(vs)
        if self.tiny and self.params and self.rng.random() < 0.8:
            e = self.from_param(t)
            if e is not None:
                return e
        if t not in SCALARS:
            return self.clit(t)
        return lit(self.rng, t, self.features)

    def from_param(self, t: str) -> str | None:
        """An expression of type t made from a parameter of another type."""
        name, pt = self.rng.choice(self.params)
        if pt == t:
            return name
        if pt == NUM and t in SCALARS:
            return self.rng.choice({INT: [f"int({name})", f"round({name})", f"math.floor({name})"],
                                    FLOAT: [f"float({name})", f"({name} / 2)", f"({name} + 0.5)"],
                                    BOOL: [f"({name} > 0)", f"bool({name})", f"isinstance({name}, int)"],
                                    STR: [f"str({name})"]}[t])
        if t not in SCALARS or pt not in SCALARS:
            return self.from_param34(t, name, pt)
        conv = {
            (INT, FLOAT): [f"int({name})", f"round({name})", f"math.floor({name})"],
            (INT, STR): [f"len({name})", f"ord(({name} + 'a')[0])", f"{name}.find('a')"],
            (INT, BOOL): [f"int({name})", f"({name} + 0)"],
            (FLOAT, INT): [f"float({name})", f"({name} / 3)", f"({name} * 0.5)"],
            (FLOAT, STR): [f"float(len({name}))"],
            (FLOAT, BOOL): [f"float({name})"],
            (BOOL, INT): [f"({name} > 0)", f"bool({name})", f"({name} % 2 == 0)"],
            (BOOL, FLOAT): [f"({name} > 0.0)", f"bool({name})", f"({name} != {name})"],
            (BOOL, STR): [f"bool({name})", f"{name}.isdigit()"],
            (STR, INT): [f"str({name})"],
            (STR, FLOAT): [f"str(int({name} > 0))"] + ([f"str({name})"] if "str_float" in self.features else []),
            (STR, BOOL): [f"str({name})"],
        }[(t, pt)]
        return self.rng.choice(conv)

    def num(self, d: int, float_ok: bool = False) -> str:
        """An int-typed expression, sometimes bool (bool is an int)."""
        r = self.rng.random()
        if r < 0.12:
            return self.expr(BOOL, d)
        if float_ok and r < 0.4:
            return self.expr(FLOAT, d)
        return self.expr(INT, d)

    def small(self, d: int, k: int | None = None, low: int = 0) -> str:
        """An int expression in [low, low + k): a literal or (e % k) + low."""
        rng = self.rng
        k = k or rng.randint(1, 8)
        if rng.random() < 0.4:
            v = rng.randint(low, low + k - 1)
            return f"({v})" if v < 0 else str(v)
        e = f"({self.expr(INT, d)} % {k})"
        if low:
            e = f"({e} + {low})" if low > 0 else f"({e} - {-low})"
        return e

    def divisor(self, t: str, d: int) -> str:
        rng = self.rng
        if rng.random() < 0.65:
            if t == FLOAT:
                return rng.choice(["2.0", "0.5", "(-3.0)", "7.5", "3", "(-2)", "1e-20", "math.inf"])
            return rng.choice(["2", "3", "7", "(-2)", "(-5)", "10", "1", "(-1)", "1000000007"])
        return self.expr(t, d)

    # int productions
    def i_arith(self, d):
        return f"({self.num(d)} {self.rng.choice(['+', '-', '*'])} {self.num(d)})"

    def i_div(self, d):
        return f"({self.num(d)} {self.rng.choice(['//', '%'])} {self.divisor(INT, d)})"

    def i_pow(self, d):
        rng = self.rng
        if rng.random() < 0.25:  # a small base to a large exponent: 3 ** 39 fits, 3 ** 40 overflows
            b = rng.choice(["2", "(-2)", "3", "(-3)", "1", "(-1)", "0", "10", "7", f"(({self.expr(INT, d)} % 5) - 2)"])
            e = str(rng.randint(0, 70)) if rng.random() < 0.6 else f"({self.expr(INT, d)} % 70)"
            return f"({b} ** {e})" if rng.random() < 0.7 else f"pow({b}, {e})"
        e = str(rng.randint(0, 4)) if rng.random() < 0.6 else f"({self.expr(INT, d)} % 4)"
        if rng.random() < 0.3:
            return f"pow({self.num(d)}, {e})"
        return f"({self.num(d)} ** {e})"

    def i_bit(self, d):
        a, b = self.expr(INT, d), self.num(d)
        if self.rng.random() < 0.5:
            a, b = b, a
        return f"({a} {self.rng.choice(['&', '|', '^'])} {b})"

    def i_shift(self, d):
        rng = self.rng
        op = rng.choice(["<<", ">>"])
        r = rng.random()
        if r < 0.45:
            s = str(rng.choice([0, 1, 2, 3, 5, 8, 31, 32, 62, 63, 64, 65, 100]))
        elif r < 0.95:
            s = f"({self.expr(INT, d)} % {rng.choice([8, 64, 70])})"
        else:  # may be negative: ValueError
            s = f"(({self.expr(INT, d)} % 8) - 2)"
        if op == ">>" and rng.random() < 0.08:
            s = self.expr(INT, d)  # any count: huge is fine for >>, negative raises
        return f"({self.num(d)} {op} {s})"

    def i_unary(self, d):
        return f"({self.rng.choice(['-', '~', '+'])}{self.num(d)})"

    def i_abs(self, d):
        return f"abs({self.num(d)})"

    def i_minmax(self, d):
        n = self.rng.choice([2, 2, 3])
        return f"{self.rng.choice(['min', 'max'])}({', '.join(self.expr(INT, d) for _ in range(n))})"

    def i_conv(self, d):
        rng = self.rng
        r = rng.random()
        if r < 0.3:
            return f"int({self.expr(FLOAT, d)})"
        if r < 0.4:
            return f"int({self.expr(rng.choice([INT, BOOL]), d)})"
        if r < 0.55 and "int_of_str" in self.features:
            if "int_base" in self.features and rng.random() < 0.3:
                return f"int({self.based_num(d)}, {self.base(d)})"
            return f"int({self.str_num(d)})"
        if r < 0.75:
            if "round_ndigits" in self.features and rng.random() < 0.25:
                return f"round({self.expr(rng.choice([INT, INT, BOOL]), d)}, {self.ndigits(d, -5, 2)})"
            return f"round({self.expr(rng.choice([FLOAT, FLOAT, INT]), d)})"
        return f"math.{rng.choice(['floor', 'ceil'])}({self.expr(rng.choice([FLOAT, FLOAT, INT]), d)})"

    def str_num(self, d) -> str:
        """A str for int()/float(): mostly numeric, sometimes anything (ValueError)."""
        rng = self.rng
        r = rng.random()
        if r < 0.4:
            return f"str({self.expr(INT, d)})"
        if r < 0.7:
            return repr(rng.choice(["0", "-7", "+3", " 42 ", "1_000", "007", "\t-5\n", "9223372036854775807",
                                    "-9223372036854775808", "99999999999999999999", "1e3", "2.5", "inf"]))
        return self.expr(STR, d)

    def based_num(self, d) -> str:
        """A str for int(s, base): digits, letters and prefixes, often valid."""
        rng = self.rng
        r = rng.random()
        if r < 0.3:
            fn = rng.choice(["bin", "oct", "hex"]) if "radix_str" in self.features else "bin"
            return f"{fn}({self.expr(INT, d)})[2:]" if rng.random() < 0.5 else f"{fn}({self.expr(INT, d)})"
        if r < 0.8:
            return repr(rng.choice(["ff", "FF", "0xff", "0X1f", "-0b101", "0o17", "0b", "0x", "10", "012", "0_0",
                                    "z", "Zz", "1_0", "_1", "1__0", " 7 ", "0b_1", "7fffffffffffffff",
                                    "8000000000000000", "-8000000000000000", "102", "12a"]))
        return self.expr(STR, d)

    def base(self, d) -> str:
        """int()'s base: mostly 0, 2, 8, 10, 16 or 36, sometimes out of range."""
        rng = self.rng
        if rng.random() < 0.85:
            return str(rng.choice([0, 2, 8, 10, 16, 36, 3, 1, 37]))
        return f"({self.expr(INT, d)} % 40)"

    def i_math(self, d):
        rng = self.rng
        if rng.random() < 0.5:
            return f"math.gcd({self.expr(INT, d)}, {self.expr(INT, d)})"
        a = self.expr(INT, d)
        if rng.random() < 0.5:
            a = rng.choice([f"abs({a})", f"({a} % 1000)", f"({a} & 65535)"])
        return f"math.isqrt({a})"

    def i_len(self, d):
        return f"len({self.expr(STR, d)})"

    def i_ord(self, d):
        rng = self.rng
        r = rng.random()
        if r < 0.45:
            return f"ord({self.s_index(d)})"
        if r < 0.7:
            return f"ord({self.s_chr(d)})"
        if r < 0.9:
            return f"ord({self.recv(d)}[{self.index(d)}])"
        return f"ord({self.expr(STR, d)})"  # TypeError unless len 1

    def i_strfind(self, d):
        rng = self.rng
        meths = ["find", "count", "find", "count"]
        if "rfind_index" in self.features:
            meths += ["rfind", "rfind"] + (["index"] if rng.random() < 0.3 else [])
        return f"{self.recv(d)}.{rng.choice(meths)}({self.expr(STR, d)}{self.str_range(d)})"

    def str_range(self, d) -> str:
        """Sometimes a start, or a start and an end, for find/count/startswith
        (small ints, negative ones too, past the end too)."""
        rng = self.rng
        if "str_ranges" not in self.features or rng.random() < 0.7:
            return ""
        bound = lambda: str(rng.randint(-6, 9)) if rng.random() < 0.7 else self.expr(INT, d)  # noqa: E731
        return f", {bound()}" + (f", {bound()}" if rng.random() < 0.5 else "")

    def ifexp(self, t, d):
        return f"({self.expr(t, d)} if {self.cond(d)} else {self.expr(t, d)})"

    def andor(self, t, d):
        return f"({self.expr(t, d)} {self.rng.choice(['and', 'or'])} {self.expr(t, d)})"

    def call(self, t, d):
        rng = self.rng
        cands = [h for h in self.callable_helpers if h.ret == t]
        rec_ok = (
            self.recursive is not None
            and self.recursive.ret == t
            and self.loop_depth == 0
            and self.rec_sites < 2
        )
        if rec_ok and (not cands or rng.random() < 0.5):
            self.rec_sites += 1
            h = self.recursive
            first = rng.choice(["(n - 1)", "(n - 2)", "(n // 2)", "(n - 1)"])
            if self.t34:
                rest = [self.arg_expr(pt, d, h, i == len(h.params) - 1) for i, (_, pt) in enumerate(h.params) if i]
            else:
                rest = [self.expr(pt, d) for _, pt in h.params[1:]]
            return f"{h.name}({', '.join([first] + rest)})"
        if not cands:
            return None
        h = rng.choice(cands)
        return self.call_of(h, d)

    def call_of(self, h: Helper, d: int) -> str:
        args = []
        for i, (_, pt) in enumerate(h.params):
            if i == 0 and h.recursive:
                args.append(self.small(d, self.rng.randint(1, 6), low=self.rng.choice([0, 0, -1])))
            elif pt == NUM and (a := self.num_arg(pt, d)) is not None:
                args.append(a)
            elif self.t34:
                args.append(self.arg_expr(pt, d, h, i == len(h.params) - 1))
            else:
                args.append(self.expr(pt, d))
        return f"{h.name}({', '.join(args)})"

    # float productions
    def f_arith(self, d):
        rng = self.rng
        op = rng.choice(["+", "-", "*", "/", "//", "%", "+", "-", "*", "/"])
        mixed = "mixed_numeric" in self.features
        a = self.expr(FLOAT, d)
        if op in ("//", "%", "/") and rng.random() < 0.5:
            b = self.divisor(FLOAT, d)  # may be an int literal: a stays float
        elif mixed and rng.random() < 0.3:
            b = self.num(d)
        else:
            b = self.expr(FLOAT, d)
        if rng.random() < 0.3:
            a, b = b, a  # one side is still a float
        return f"({a} {op} {b})"

    def f_truediv(self, d):
        return f"({self.num(d)} / {self.divisor(INT, d)})"

    def f_unary(self, d):
        return f"({self.rng.choice(['-', '+', '-'])}{self.expr(FLOAT, d)})"

    def f_abs(self, d):
        if self.rng.random() < 0.5:
            return f"abs({self.expr(FLOAT, d)})"
        return f"math.fabs({self.num(d, float_ok=True)})"

    def f_minmax(self, d):
        n = self.rng.choice([2, 2, 3])
        return f"{self.rng.choice(['min', 'max'])}({', '.join(self.expr(FLOAT, d) for _ in range(n))})"

    def ndigits(self, d, lo: int, hi: int) -> str:
        """round()'s second argument: a literal in lo..hi, or an int expression
        brought into that range."""
        rng = self.rng
        if rng.random() < 0.7:
            n = rng.randint(lo, hi)
            return f"({n})" if n < 0 else str(n)
        return f"({self.expr(INT, d)} % {hi - lo + 1} + ({lo}))"

    def f_conv(self, d):
        rng = self.rng
        if "float_of_str" in self.features and rng.random() < 0.15:
            return f"float({self.str_num(d)})"
        if "round_ndigits" in self.features and rng.random() < 0.15:
            return f"round({self.expr(FLOAT, d)}, {self.ndigits(d, -3, 17)})"
        return f"float({self.expr(rng.choice([INT, INT, BOOL, FLOAT]), d)})"

    def f_sqrt(self, d):
        a = self.num(d, float_ok=True)
        if self.rng.random() < 0.5:
            a = f"abs({a})"
        return f"math.sqrt({a})"

    def f_pow(self, d):
        """A float power: the exponents programs write (0.5, 2, 1/3, -1, ...)
        or any float; a negative base only to an integer power or in math.pow
        (ValueError), since CPython's complex results fail further on."""
        if "float_pow" not in self.features:
            return None
        rng = self.rng
        k = rng.random()
        if k < 0.2:
            return f"({self.num(d)} ** -{rng.randint(1, 4)})"
        b = rng.choice(["0.5", "2", "3", "2.0", "-1", "(1 / 3)", "-0.5", "1.5"]) if rng.random() < 0.6 else self.expr(FLOAT, d)
        form = rng.choice(["({a} ** {b})", "({a} ** {b})", "math.pow({a}, {b})", "pow({a}, {b})"])
        whole = b in ("2", "3", "-1")  # an int exponent: the base must be a float for a float
        a = self.expr(FLOAT, d) if whole else self.num(d, float_ok=True)
        if b not in ("2", "3", "2.0", "-1") and not form.startswith("math"):
            a = f"abs({a})"  # no complex results: CPython's TypeError further on is the generator's bug
        return form.format(a=a, b=b)

    def f_const(self, d):
        return self.rng.choice(["math.pi", "math.inf", "(-math.inf)", "(math.inf - math.inf)"])

    # bool productions
    def b_cmp(self, d):
        rng = self.rng
        ops = ["<", "<=", ">", ">=", "==", "!="]
        kind = rng.choice(["num", "num", "str", "bool", "float"])
        if kind == "num":
            pick = (lambda: self.num(d, float_ok=True)) if "mixed_numeric" in self.features else (lambda: self.expr(INT, d))
        elif kind == "float":
            pick = lambda: self.expr(FLOAT, d)  # noqa: E731
        elif kind == "str":
            pick = lambda: self.expr(STR, d)  # noqa: E731
        else:
            pick = lambda: self.expr(BOOL, d)  # noqa: E731
        n = rng.choice([1, 1, 1, 2, 2, 3])
        parts = [pick()]
        for _ in range(n):
            parts += [rng.choice(ops), pick()]
        return f"({' '.join(parts)})"

    # isinstance's classes whose answer a value of the static type fixes
    # (a float's value may be an int: never asked alone)
    CLASS_TESTS = {INT: ["int", "str", "(int, float)", "object", "(str, list)", "bool", "(bool, str)"], BOOL: ["int", "bool", "str", "(bool, str)"],
                   FLOAT: ["(int, float)", "str", "(float, int)", "list"], STR: ["str", "int", "(str, int)", "tuple"]}

    def u_operand(self, t: str, d: int) -> str:
        """An operand CPython may not reach that reads a name nothing defines:
        behind and/or (a bool), or a branch of a conditional (any scalar)."""
        rng = self.rng
        call = f"missing{rng.randrange(3)}({rng.choice(['', self.atom(INT), self.atom(STR)])})"
        if rng.random() < 0.4:  # read after other acts, which run first (their errors too)
            before = {BOOL: lambda: f"{self.expr(INT, d)} < {call}", INT: lambda: f"{self.expr(INT, d)} + {call}",
                      FLOAT: lambda: f"{self.expr(FLOAT, d)} * {call}", STR: lambda: f"{self.expr(STR, d)} + {call}"}
            call = f"({before[t]()})"
        if t == BOOL and rng.random() < 0.6:
            return f"({self.expr(BOOL, d)} {rng.choice(['and', 'or'])} {call})"
        e, c = self.expr(t, d), self.cond(d)
        return f"({e} if {c} else {call})" if rng.random() < 0.5 else f"({call} if {c} else {e})"

    def i_undef(self, d):
        return self.u_operand(INT, d)

    def f_undef(self, d):
        return self.u_operand(FLOAT, d)

    def b_undef(self, d):
        return self.u_operand(BOOL, d)

    def s_undef(self, d):
        return self.u_operand(STR, d)

    def b_isinstance(self, d):
        if "isinstance" not in self.features:
            return None
        t = self.rng.choice(SCALARS)
        return f"isinstance({self.expr(t, d)}, {self.rng.choice(self.CLASS_TESTS[t])})"

    # classes type(e) may be compared with, by e's type: where a value of the
    # type may be of another class in CPython (a float an int), only the
    # classes it surely is not
    TYPE_TESTS = {INT: ["int", "bool", "str", "list", "dict", "object"], BOOL: ["bool", "int", "str", "object"],
                  FLOAT: ["str", "tuple", "set"], STR: ["str", "int", "list", "object"]}

    def b_type_test(self, d):
        """type(e) == C, !=, is, is not, either way round."""
        if "type_tests" not in self.features:
            return None
        rng = self.rng
        op = rng.choice(["==", "!=", "is", "is not"])
        if rng.random() < 0.3:  # two values' classes, of types that fix them (not a float: it may be an int)
            a, b = rng.choice([INT, BOOL, STR]), rng.choice([INT, BOOL, STR])
            return f"(type({self.expr(a, d)}) {op} type({self.expr(b, d)}))"
        t = rng.choice(SCALARS)
        call, cls = f"type({self.expr(t, d)})", rng.choice(self.TYPE_TESTS[t])
        return f"({call} {op} {cls})" if rng.random() < 0.7 else f"({cls} {op} {call})"

    def b_not(self, d):
        if self.t34 and self.rng.random() < 0.4:
            return f"(not {self.truth_operand(d)})"
        return f"(not {self.expr(self.rng.choice(SCALARS), d)})"

    def b_bit(self, d):  # `is` between two bools too: the two singletons
        return f"({self.expr(BOOL, d)} {self.rng.choice(['&', '|', '^', 'is', 'is not'])} {self.expr(BOOL, d)})"

    def b_bool(self, d):
        if self.t34 and self.rng.random() < 0.4:
            return f"bool({self.truth_operand(d, in_bool=True)})"
        return f"bool({self.expr(self.rng.choice(SCALARS), d)})"

    def b_in(self, d):
        a = self.expr(STR, d) if self.rng.random() < 0.6 else self.s_index(d)
        return f"({a} {self.rng.choice(['in', 'not in'])} {self.expr(STR, d)})"

    def b_strpred(self, d):
        rng = self.rng
        if rng.random() < 0.6:
            m = rng.choice(["isdigit", "isalpha", "isalnum", "isspace", "islower", "isupper"])
            return f"{self.recv(d)}.{m}()"
        return f"{self.recv(d)}.{rng.choice(['startswith', 'endswith'])}({self.expr(STR, d)}{self.str_range(d)})"

    # str productions
    def recv(self, d) -> str:
        """A str expression usable as a method receiver."""
        s = self.expr(STR, d)
        return s if s.startswith("(") or s.isidentifier() or s[0] in "'\"" or s.endswith(")") else f"({s})"

    def s_concat(self, d):
        return f"({self.expr(STR, d)} + {self.expr(STR, d)})"

    def s_repeat(self, d):
        rng = self.rng
        k = rng.choice(["0", "1", "2", "3", "(-1)", "True"]) if rng.random() < 0.5 else f"({self.num(d)} % 4)"
        s = self.expr(STR, d)
        return f"({k} * {s})" if rng.random() < 0.3 else f"({s} * {k})"

    def index(self, d) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.5:
            v = rng.randint(-2, 2)
            return f"({v})" if v < 0 else str(v)
        if r < 0.85:
            return f"({self.expr(INT, d)} % {rng.randint(1, 6)})"
        return self.expr(INT, d)

    def s_index(self, d):
        rng = self.rng
        if rng.random() < 0.55:  # cannot raise: a non-empty literal tail and an index inside it
            tail = rng.choice(["x", "ab", "xyz", " 1", "Q9_"])
            i = rng.randint(-len(tail), len(tail) - 1)
            return f"({self.expr(STR, d)} + {tail!r})[{f'({i})' if i < 0 else i}]"
        return f"{self.recv(d)}[{self.index(d)}]"

    def s_slice(self, d):
        return self.slice_of(lambda: self.recv(d), d)

    def s_str(self, d):
        if self.t34 and "optional_str" in self.features and self.rng.random() < 0.1:
            return f"str({self.opt_expr(self.rng.choice(OPT_TYPES), d) or 'None'})"
        if "radix_str" in self.features and self.rng.random() < 0.1:
            return f"{self.rng.choice(['bin', 'oct', 'hex'])}({self.expr(self.rng.choice([INT, INT, BOOL]), d)})"
        kinds = [INT, INT, BOOL] + ([FLOAT] if "str_float" in self.features else [])
        return f"str({self.expr(self.rng.choice(kinds), d)})"

    def s_chr(self, d):
        rng = self.rng
        r = rng.random()
        if r < 0.45:
            return f"chr(97 + ({self.expr(INT, d)} % 26))"
        if r < 0.85:
            return f"chr(32 + ({self.expr(INT, d)} % 95))"
        return f"chr({self.expr(INT, d)} % 128)"  # control characters too

    def s_method(self, d):
        rng = self.rng
        r = rng.random()
        if r < 0.5:
            return f"{self.recv(d)}.{rng.choice(['lower', 'upper', 'strip', 'lstrip', 'rstrip'])}()"
        if r < 0.65 and "strip_chars" in self.features:
            return f"{self.recv(d)}.{rng.choice(['strip', 'lstrip', 'rstrip'])}({self.expr(STR, d)})"
        if r < 0.8 and "str_pad" in self.features:
            # widths below 15 (no heap limit in sight); fills of one character
            # (another is a TypeError, outside the envelope)
            w = str(rng.randint(-1, 12)) if rng.random() < 0.6 else f"({self.expr(INT, d)} % 15)"
            m = rng.choice(["ljust", "rjust", "center", "zfill"])
            if m == "zfill" or rng.random() < 0.4:
                return f"{self.recv(d)}.{m}({w})"
            fill = repr(rng.choice("*0 -.")) if rng.random() < 0.8 else f"({self.expr(STR, d)} + '*')[0]"
            return f"{self.recv(d)}.{m}({w}, {fill})"
        count = f", {rng.randint(-1, 3)}" if "str_ranges" in self.features and rng.random() < 0.3 else ""
        return f"{self.recv(d)}.replace({self.expr(STR, d)}, {self.expr(STR, d)}{count})"

    def s_format(self, d):
        """'...'.format of scalars: automatic or numbered fields, doubled
        braces, now and then a field past the arguments (IndexError)."""
        if "str_format" not in self.features:
            return None
        late = self.pg.late
        if "printf" in self.features and late is not None and late.random() < PRINTF_SHARE:
            return self.s_printf(d)
        rng = self.rng
        args = [self.expr(rng.choice(SCALARS), d) for _ in range(rng.randint(0, 3))]
        numbered = rng.random() < 0.4
        fields = [f"{{{rng.randrange(len(args) + 1) if rng.random() < 0.1 else rng.randrange(max(len(args), 1))}}}"
                  if numbered else "{}"
                  for _ in range(rng.randint(0, len(args) + (rng.random() < 0.1)))]
        text = rng.choice(["", "-", " {{x}} ", "a"]).join(fields) + rng.choice(["", "!", "}}"])
        return f"{text!r}.format({', '.join(args)})"

    def s_fstring(self, d):
        """An f-string of scalar fields (!s, !r but of a str, an empty spec),
        doubled braces and escapes in its text. A field's expression holds
        no backslash, '#' or the f-string's quote (CPython 3.11's rules): an
        expression that does is replaced by a name or a literal of its type."""
        if "fstrings" not in self.features:
            return None
        rng = self.rng
        quote = rng.choice(["'", '"'])
        pieces = []
        for _ in range(rng.randint(1, 4)):
            pieces.append(rng.choice(["", "", "-", " {{x}} ", "a\\tb", ": ", "}}"]))
            t = rng.choice(SCALARS)
            e = self.expr(t, d)
            if "\\" in e or "#" in e or quote in e or "{" in e or "}" in e:
                e = self.atom(t)
                if "\\" in e or "#" in e or quote in e:
                    e = {INT: "7", BOOL: "True", FLOAT: "2.5", STR: "len"}[t] if t != STR else "str(3)"
            conv = rng.choice(["", "", "", "!s", ":"] + (["!r"] if t != STR else []))
            if "format_specs" in self.features and rng.random() < 0.4:
                conversion = rng.choice(["", "!s"] if t != STR else [""])
                conv = conversion + ":" + self.format_spec(STR if conversion else INT, t)
            pieces.append(f"{{{e}{conv}}}")
        pieces.append(rng.choice(["", "!", "{{"]))
        return f"{rng.choice(['f', 'F', 'rf'])}{quote}{''.join(pieces)}{quote}"

    # Specs of the mini-language that format.h formats exactly, by the type
    # of the value formatted (a bool formats as an int with a spec).
    INT_SPECS = ["b", "08b", "#x", ">5", "+d", ",", "_b", "^7", "X", "#010b", "<4", "0>8b", "o", "#o", " d",
                 "-^9", "_", "08", "=+6", "*<6x", "#_X", ",d", "012"]
    STR_SPECS = [">5", "^7", "<3", ".2", "*^9", "5.1", "s", ">1", "05", "_<6", "^", ".0", "x>4s"]

    FLOAT_SPECS = [".2f", ".0f", ".1f", "f", ",.2f", "+.3f", "8.2f", ".1%", "%", "#.0f", "_.1f", "010.3f", "^9.2F"]

    def format_spec(self, kind: str, t: str) -> str:
        """A spec for a value of type t (kind STR: a str after !s)."""
        if kind == STR or t == STR:
            return self.rng.choice(self.STR_SPECS)
        if t == FLOAT:
            return self.rng.choice(self.FLOAT_SPECS)
        return self.rng.choice(self.INT_SPECS + self.FLOAT_SPECS[:3])

    def s_format_spec(self, d):
        """format(x, spec) and '{:spec}'.format(x) of an int, bool or str."""
        if "format_specs" not in self.features:
            return None
        rng = self.rng
        t = rng.choice([INT, INT, BOOL, FLOAT, FLOAT, STR, STR])
        e, spec = self.expr(t, d), self.format_spec(t, t)
        if rng.random() < 0.6:
            return f"format({e}, {spec!r})"
        return f"{('{0:' + spec + '}-{0}')!r}.format({e})"

    def s_minmax(self, d):
        return f"{self.rng.choice(['min', 'max'])}({self.expr(STR, d)}, {self.expr(STR, d)})"

    PRODS = {
        INT: [
            ("i_arith", 6), ("i_div", 2.5), ("i_pow", 1), ("i_bit", 2), ("i_shift", 1.5), ("i_unary", 1.5),
            ("i_abs", 1), ("i_minmax", 1), ("i_conv", 2), ("i_math", 0.8), ("i_len", 1.5), ("i_ord", 1),
            ("i_strfind", 1), ("i_ifexp", 1), ("i_andor", 0.7), ("i_call", 1.5),
        ],
        FLOAT: [
            ("f_arith", 6), ("f_truediv", 2), ("f_unary", 1), ("f_abs", 1), ("f_minmax", 1), ("f_conv", 2),
            ("f_sqrt", 1), ("f_const", 0.3), ("f_ifexp", 1), ("f_andor", 0.5), ("f_call", 1.5), ("f_pow", 0.8),
        ],
        BOOL: [
            ("b_cmp", 6), ("b_not", 1.5), ("b_andor", 2), ("b_bit", 0.7), ("b_bool", 1), ("b_in", 1.5),
            ("b_strpred", 1.5), ("b_ifexp", 0.5), ("b_call", 1), ("b_isinstance", 0.4), ("b_type_test", 0.3),
        ],
        STR: [
            ("s_concat", 3), ("s_repeat", 1), ("s_index", 2), ("s_slice", 2.5), ("s_str", 1.5), ("s_chr", 1),
            ("s_method", 2.5), ("s_minmax", 0.5), ("s_ifexp", 1), ("s_andor", 0.7), ("s_call", 1.5),
            ("s_format", 0.6), ("s_fstring", 0.6), ("s_format_spec", 0.6),
        ],
    }

    SET_PRODS = {INT: [("i_set", 0.8)], BOOL: [("b_set", 0.8)]}  # tests/difftest/sets.py
    REGEX_PRODS = {INT: [("i_regex", 0.1)], BOOL: [("b_regex", 0.1)], STR: [("s_regex", 0.12)]}  # difftest/regexes.py
    REPR_PRODS = {STR: [("s_repr", 0.25)]}  # difftest/reprs.py
    DICT_PRODS = {INT: [("i_dict", 0.8)], BOOL: [("b_dict", 0.6)]}  # tests/difftest/dicts.py

    PRODS34 = {  # tier 3-4 programs: the same, and scalars made from containers
        INT: PRODS[INT] + [
            ("i_llen", 1.5), ("i_lsum", 1.2), ("i_lminmax", 0.8), ("i_lindex", 2), ("i_lsearch", 0.7),
            ("i_pop", 0.5), ("i_opt", 0.7), ("i_divmod", 0.4),
        ],
        FLOAT: PRODS[FLOAT] + [("f_lsum", 0.8), ("f_lminmax", 0.6), ("f_lindex", 1), ("f_divmod", 0.3)],
        BOOL: PRODS[BOOL] + [("b_lin", 1.5), ("b_lcmp", 1.2), ("b_anyall", 1), ("b_lindex", 0.5), ("b_isnone", 0.8)],
        STR: PRODS[STR] + [("s_join", 1.5), ("s_lindex", 1.5), ("s_lminmax", 0.5), ("s_opt", 0.6)],
    }

    def i_ifexp(self, d):
        return self.ifexp(INT, d)

    def f_ifexp(self, d):
        return self.ifexp(FLOAT, d)

    def b_ifexp(self, d):
        return self.ifexp(BOOL, d)

    def s_ifexp(self, d):
        return self.ifexp(STR, d)

    def i_andor(self, d):
        return self.andor(INT, d)

    def f_andor(self, d):
        return self.andor(FLOAT, d)

    def b_andor(self, d):
        return self.andor(BOOL, d)

    def s_andor(self, d):
        return self.andor(STR, d)

    def i_call(self, d):
        return self.call(INT, d)

    def f_call(self, d):
        return self.call(FLOAT, d)

    def b_call(self, d):
        return self.call(BOOL, d)

    def s_call(self, d):
        return self.call(STR, d)

    def cond(self, d) -> str:
        """A condition: usually bool, sometimes a truth test of another type."""
        if self.rng.random() < 0.8:
            return self.expr(BOOL, d)
        if self.pg.num and self.rng.random() < 0.3:
            return self.expr(NUM, d)
        if self.t34:
            return self.truth_operand(d)
        return self.expr(self.rng.choice([INT, FLOAT, STR]), d)

    def test(self, d) -> str:
        """An if/elif test: a condition, or a few joined by `and`/`or`
        unparenthesized, which the compiler turns into jumps (stmt.h,
        cond_test) where a parenthesized one keeps its value."""
        if self.rng.random() < 0.7:
            return self.cond(d)
        out = self.expr(BOOL, d)  # bools: `and`/`or` operands have one type
        for _ in range(self.rng.choice([1, 1, 2])):
            out += f" {self.rng.choice(['and', 'or'])} {self.expr(BOOL, d)}"
        return out

    def edepth(self) -> int:
        return self.rng.choice([1, 1, 2, 2, 3, 3, 4])

    # ---- statements
    def block(self, n: int, depth: int) -> list[Stmt]:
        out: list[Stmt] = []
        for _ in range(n):
            s, final = self.stmt(depth)
            out.extend(s)
            if final:
                break
        if not out:
            out.append(Stmt("pass"))
        return out

    def stmt(self, depth: int) -> tuple[list[Stmt], bool]:
        """One statement (sometimes two: a loop counter's init and the loop).
        Returns (statements, ends_block)."""
        rng = self.rng
        self.expr_budget = 18
        can_nest = depth < self.MAX_BLOCK_DEPTH
        can_loop = (
            can_nest
            and self.loop_depth < self.MAX_LOOP_DEPTH
            and self.loops < self.MAX_LOOPS
            and self.counter < self.MAX_NAMES - 2
        )
        choices = [
            ("assign_new", 4), ("assign", 2), ("aug", 2.5),
            ("if", 2.5 if can_nest else 0),
            ("while", 1.0 if can_loop and "while" in self.features else 0),
            ("for_range", 1.5 if can_loop else 0),
            ("for_str", 1.0 if can_loop else 0),
            ("break", 0.8 if self.loop_depth else 0),
            ("early_return", 0.5),
            ("assert", 0.12 if "assert" in self.features else 0),
            ("call_stmt", 0.4 if any(h.ret == NONE for h in self.callable_helpers) else 0),
            ("print", 0.15 if "print" in self.features else 0),
            ("pass", 0.05),
            # last, so that where it can't be drawn the draws are as without it
            ("rebind", 0.6 if depth == 0 and not self.loop_depth and "rebind" in self.features else 0),
            # (in if blocks alone: a try's handlers, which the passes take after its else block, or
            # a loop's next round, may read the name before the store)
            ("rebind_nested", 0.4 if self.block_kinds and set(self.block_kinds) == {"if"} and not self.loop_depth
             and "rebind_nested" in self.features else 0),
            # (not in a helper without annotations: one whose every path raises has no result type)
            ("undefined", 0.12 if "undefined_names" in self.features and not self.bare else 0),
        ]
        if self.t34:
            choices += self.stmt_choices34(can_nest, can_loop)
            if "sets" in self.features:
                choices.append(("set_build", 0.6))
            if "dicts" in self.features:
                choices.append(("dict_build", 0.6))
        if self.pg.num:
            choices += self.num_stmt_choices(can_nest, can_loop)
        if self.pg.tv:
            choices += self.tv_stmt_choices(can_nest, can_loop)
        if self.pg.te:
            choices += self.te_stmt_choices(can_nest, can_loop)
        numbers = [v for t in NUMERIC for v in self.visible(t)]
        if numbers and "number_type_errors" in self.features and not self.bare and self.pg.side.random() < 0.03:
            return self.st_number_error(rng.choice(numbers))  # (drawn aside: other programs stay as they were)
        kind = rng.choices([c[0] for c in choices], [c[1] for c in choices])[0]
        if kind in ("while", "for_range", "for_str", "for_list"):
            self.loops += 1
        return getattr(self, "st_" + kind)(depth)

    def st_pass(self, depth):
        return [Stmt("pass")], False

    def st_assign_new(self, depth):
        rng = self.rng
        if self.counter >= self.MAX_NAMES:
            return self.st_assign(depth, fallback=False)
        t = pick(rng, T34_LOCAL_TYPES) if self.t34 else rng.choice(SCALARS)
        e = self.expr(t, self.edepth())
        name = self.fresh("v")
        self.define(name, t)
        self.note_alias(name, e)
        if "annotated_assign" in self.features and rng.random() < 0.2:
            return [Stmt(f"{name}: {spell(rng, t) if self.t34 else t} = {e}")], False
        return [Stmt(f"{name} = {e}")], False

    def st_rebind(self, depth):
        """`name = e` of another scalar type at the function's top level (a
        parameter's too): the name holds the new value from here on, in
        CPython as in the DSL, where it starts a new variable."""
        rng = self.rng
        olds = sorted(n for n in set().union(*self.scopes) if self.types[n] in SCALARS and n not in self.readonly)
        if not olds:
            return self.st_assign_new(depth)
        name = rng.choice(olds)
        t = rng.choice([x for x in SCALARS if x != self.types[name]])
        e = self.expr(t, self.edepth())  # (may read the old value)
        self.types[name] = t
        self.maybe_unbound.discard(name)
        return [Stmt(f"{name} = {e}")], False

    def st_rebind_nested(self, depth):
        """`name = e` of another scalar type in an if's block, in no loop:
        the rest of the block reads the new value, and nothing past the
        block reads the name again (it may hold either type there), as the
        DSL asks of a store inside a block that starts a new variable."""
        rng = self.rng
        olds = sorted(n for n in set().union(*self.scopes)
                      if self.types[n] in SCALARS and n not in self.readonly and n not in self.maybe_unbound)
        if not olds:
            return self.st_assign_new(depth)
        name = rng.choice(olds)
        # (an int given a float, or a float an int, is widened to int | float instead: numbers.py's)
        t = rng.choice([x for x in SCALARS if x != self.types[name] and {x, self.types[name]} != {INT, FLOAT}])
        e = self.expr(t, self.edepth())  # (may read the old value)
        for scope in self.scopes:
            scope.discard(name)
        self.scopes[-1].add(name)  # gone with the block
        self.types[name] = t
        self.gone.add(name)
        return [Stmt(f"{name} = {e}")], False

    def st_assign(self, depth, fallback=True):
        rng = self.rng
        t = pick(rng, T34_LOCAL_TYPES) if self.t34 else rng.choice(SCALARS)
        vs = self.visible(t, writable=True)
        if not vs:
            return self.st_assign_new(depth) if fallback else self.st_pass(depth)
        name = rng.choice(vs)
        e = "[]" if is_list(t) and rng.random() < 0.1 else self.expr(t, self.edepth())
        self.note_alias(name, e)
        return [Stmt(f"{name} = {e}")], False

    def st_aug(self, depth):
        rng = self.rng
        t = rng.choice([INT, INT, FLOAT, STR, BOOL])
        vs = self.visible(t, writable=True)
        if not vs:
            return self.st_assign_new(depth)
        name = rng.choice(vs)
        d = self.edepth()
        if t == INT:
            ops = ["+=", "-=", "*=", "//=", "%=", "**=", "&=", "|=", "^=", "+=", "-="]
            if "aug_shift" in self.features:
                ops += ["<<=", ">>="]
            op = rng.choice(ops)
            if op == "**=":
                rhs = str(rng.randint(0, 3)) if rng.random() < 0.6 else f"({self.expr(INT, d)} % 3)"
            elif op == "<<=":
                rhs = str(rng.randint(0, 8)) if rng.random() < 0.6 else f"({self.expr(INT, d)} % 8)"
            elif op in ("//=", "%="):
                rhs = self.divisor(INT, d)
            else:
                rhs = self.num(d)
        elif t == FLOAT:
            op = rng.choice(["+=", "-=", "*=", "/=", "//=", "%="])
            if op in ("/=", "//=", "%=") and rng.random() < 0.5:
                rhs = self.divisor(FLOAT, d)
            elif "mixed_numeric" in self.features and rng.random() < 0.3:
                rhs = self.num(d)
            else:
                rhs = self.expr(FLOAT, d)
        elif t == STR:
            if rng.random() < 0.8:
                op, rhs = "+=", self.expr(STR, min(d, 2))
            else:
                op, rhs = "*=", rng.choice(["2", "0", "(-1)", f"({self.num(d)} % 3)"])
        else:
            op, rhs = rng.choice(["&=", "|=", "^="]), self.expr(BOOL, d)
        return [Stmt(f"{name} {op} {rhs}")], False

    def sub_block(self, depth: int, n: int | None = None, new_vars: list | None = None,
                  kind: str = "other") -> list[Stmt]:
        rng = self.rng
        self.scopes.append(set())
        self.block_kinds.append(kind)
        body = self.block(n or rng.choice([1, 1, 2, 2, 3]), depth + 1)
        self.block_kinds.pop()
        scope = self.scopes.pop()
        if new_vars is not None:
            new_vars.extend(sorted(scope))
        return body

    def leak_maybe_unbound(self, names: list[str], share: float = 0.07):
        """Make some names defined only in a branch/loop visible afterwards
        (each with probability share): reading them may raise
        UnboundLocalError, as in CPython."""
        if "maybe_unbound" not in self.features:
            return
        for v in names:
            if v not in self.gone and self.rng.random() < share:
                self.scopes[-1].add(v)
                self.maybe_unbound.add(v)

    def st_if(self, depth):
        rng = self.rng
        new_vars: list[str] = []
        head = f"if {self.test(self.edepth())}:"  # before the blocks: it sees none of their names
        blocks = [(None, self.sub_block(depth, new_vars=new_vars, kind="if"))]
        for _ in range(rng.choice([0, 0, 0, 1, 2])):
            hdr = f"elif {self.test(self.edepth())}:"
            blocks.append((hdr, self.sub_block(depth, new_vars=new_vars, kind="if")))
        if rng.random() < 0.45:
            blocks.append(("else:", self.sub_block(depth, new_vars=new_vars, kind="if")))
        self.leak_maybe_unbound(new_vars)
        return [Stmt(head, blocks)], False

    def loop_body(self, depth, pre: list[Stmt], bound: list[str]) -> list[Stmt]:
        self.loop_depth += 1
        self.scopes.append(set(bound))
        self.readonly.update(bound)
        body = pre + self.block(self.rng.choice([1, 2, 2, 3]), depth + 1)
        scope = self.scopes.pop()
        self.loop_depth -= 1
        self.leak_maybe_unbound(sorted(scope))
        return body

    def st_while(self, depth):
        rng = self.rng
        c = self.fresh("i")
        self.types[c] = INT
        self.readonly.add(c)
        r = rng.random()
        if r < 0.5:
            self.loop_depth += 1  # the condition runs once per iteration
            bound = self.small(self.edepth(), rng.randint(1, 8))
            cond = f"{c} < {bound}"
            if rng.random() < 0.4:
                cond = f"{cond} and {self.expr(BOOL, self.edepth())}"
            self.loop_depth -= 1
            init = Stmt(f"{c} = 0")
            self.scopes[-1].add(c)
            body = self.loop_body(depth, [Stmt(f"{c} += 1")], [])
            return [init, self.with_else(Stmt(f"while {cond}:", [(None, body)]), depth)], False
        if r < 0.75:
            init = Stmt(f"{c} = {self.small(self.edepth(), rng.randint(1, 8))}")
            self.scopes[-1].add(c)
            body = self.loop_body(depth, [Stmt(f"{c} -= 1")], [])
            return [init, self.with_else(Stmt(f"while {c} > 0:", [(None, body)]), depth)], False
        init = Stmt(f"{c} = 0")
        self.scopes[-1].add(c)
        stop = Stmt(f"if {c} > {rng.randint(0, 7)}:", [(None, [Stmt("break")])])
        body = self.loop_body(depth, [Stmt(f"{c} += 1"), stop], [])
        return [init, Stmt("while True:", [(None, body)])], False

    def st_for_range(self, depth):
        rng = self.rng
        i = self.fresh("j")
        self.types[i] = INT
        d = self.edepth()
        r = rng.random()
        if r < 0.35:
            args = self.small(d, rng.randint(1, 9), low=rng.choice([0, 0, -2]))
        elif r < 0.7:
            args = f"{self.small(d, 5, low=-2)}, {self.small(d, 8, low=-1)}"
        else:
            if rng.random() < 0.9:
                step = rng.choice(["-1", "2", "-2", "3", "(-3)", "1"])
            else:
                step = f"(({self.expr(INT, d)} % 3) - 1)"  # 0: ValueError
            args = f"{self.small(d, 9, low=-2)}, {self.small(d, 9, low=-2)}, {step}"
        it = f"range({args})"
        if "reversed" in self.features and rng.random() < 0.1:
            it = f"reversed({it})"
        body = self.loop_body(depth, [], [i])
        return [self.with_else(Stmt(f"for {i} in {it}:", [(None, body)]), depth)], False

    def st_for_str(self, depth):
        rng = self.rng
        ch = self.fresh("ch")
        self.types[ch] = STR
        s = self.expr(STR, rng.choice([0, 1, 2]))
        if "enumerate" in self.features and rng.random() < 0.35:
            i = self.fresh("k")
            self.types[i] = INT
            it = f"enumerate({s})"
            if "enumerate_start" in self.features and rng.random() < 0.2:
                it = f"enumerate({s}, {rng.randint(-2, 3)})"
            body = self.loop_body(depth, [], [i, ch])
            return [self.with_else(Stmt(f"for {i}, {ch} in {it}:", [(None, body)]), depth)], False
        if "reversed" in self.features and rng.random() < 0.1:
            s = f"reversed({s})"
        body = self.loop_body(depth, [], [ch])
        return [self.with_else(Stmt(f"for {ch} in {s}:", [(None, body)]), depth)], False

    def st_break(self, depth):
        rng = self.rng
        kw = rng.choice(["break", "continue"])
        if rng.random() < 0.2:
            return [Stmt(kw)], True
        return [Stmt(f"if {self.cond(self.edepth())}:", [(None, [Stmt(kw)])])], False

    def ret_stmt(self) -> Stmt:
        if self.ret == NONE:
            return Stmt("return")
        return Stmt(f"return {self.ret_value(self.edepth())}")

    def ret_value(self, depth: int) -> str:
        """A value to return: of the result's type, or of a member of its
        union (a conditional expression may pick one per branch)."""
        rng = self.rng
        members = union_members(self.ret)
        side = self.pg.side  # (its draws leave the program's own stream as it was)
        foreign = self.foreign_type(side) if self.name == ENTRY and "foreign_returns" in self.pg.features else None
        if foreign is not None and side.random() < 0.12 and self.foreign_ok():
            self.pg.foreign = True  # (its tests then expect a value of its own type: the VM compares across)
            return self.expr(foreign, depth)
        if (is_vtuple(self.ret) or self.ret == TII) and (v := self.tv_ret(depth)) is not None:
            return v
        if self.pg.num and (is_num(self.ret) or self.ret == LN) and rng.random() < 0.5:
            if self.ret == LN and rng.random() < 0.3:  # `return [1]` where a list[int | float] is the result
                return f"[{self.expr(rng.choice([INT, FLOAT]), depth)}]"
            return self.expr(self.ret if self.ret == LN else NUM, depth)
        if len(members) > 1 and rng.random() < 0.3:
            a, b = rng.sample(members, 2)
            return f"{self.expr(a, depth)} if {self.cond(depth)} else {self.expr(b, depth)}"
        t = rng.choice(members)
        if is_list(t) and rng.random() < 0.08:
            return "[]"
        return self.expr(t, depth)

    def foreign_type(self, rng: random.Random) -> str | None:
        """A type the entry may return besides its own that the VM compares
        with its own as CPython's == does (sema_stmt.h comparable): numbers
        of another type, a str for a number, a list for a scalar, a list of
        never-equal items for a list; None where there is none."""
        ret = self.ret
        lists = [LI, LS] if self.pg.t34 else []
        if is_num(ret) or ret == LN:  # (int_or_float's results: a gap, KNOWN_GAPS)
            if "num_foreign_returns" not in self.pg.features:
                return None
            return rng.choice([STR, BOOL] + lists) if is_num(ret) else rng.choice([INT, STR, LS])
        if ret in NUMERIC:
            return rng.choice([t for t in SCALARS if t != ret] + lists)
        if ret == STR:
            return rng.choice([INT, FLOAT, BOOL] + lists)
        if is_list(ret):
            return rng.choice([INT, STR, LI if elem(ret) == STR else LS])
        if ret in TUPLE_TYPES:
            return rng.choice([INT, LI])
        if is_vtuple(ret) and "tuple_fixed_foreign" in self.pg.features:  # (a gap: KNOWN_GAPS)
            return rng.choice([INT, STR, LI])
        return None

    def st_early_return(self, depth):
        if self.rng.random() < 0.15:
            return [self.ret_stmt()], True
        return [Stmt(f"if {self.test(self.edepth())}:", [(None, [self.ret_stmt()])])], False

    def st_undefined(self, depth):
        """A statement whose first act reads a name nothing defines (a helper
        the model never wrote): NameError where it runs, mostly behind a test
        that some inputs do not pass, and then code CPython never runs (the
        rest of the block, which need not even type)."""
        rng = self.rng
        call = f"missing{rng.randrange(3)}({rng.choice(['', '1', repr('a'), '2.5'])})"
        inner = rng.choice([
            Stmt(call), Stmt(f"return {call}"), Stmt(f"v_never = {call}"), Stmt(f"assert {call}"),
            Stmt(f"if {call}:", [(None, [Stmt("pass")])]), Stmt(f"for v_never in {call}:", [(None, [Stmt("pass")])]),
            Stmt(f"while {call.split('(')[0]}:", [(None, [Stmt("pass")])]),
            # a local read first (maybe unbound), or a literal; a str method looked up on a local
            Stmt(f"v_never = ({rng.choice(self.visible(rng.choice(SCALARS)) or ['-1'])}, {call})"),
            Stmt(f"v_never = {rng.choice(self.visible(STR) or [repr('ab')])}.count({call})"),
        ])
        body = [inner] + ([Stmt("v_never = 1 + 'never'")] if rng.random() < 0.3 else [])
        if rng.random() < 0.2:
            return body, True
        if rng.random() < 0.3:  # an elif that reads it
            return [Stmt(f"if {self.test(self.edepth())}:", [(None, [Stmt("pass")]), (f"elif {call}:", [Stmt("pass")])])], False
        return [Stmt(f"if {self.test(self.edepth())}:", [(None, body)])], False

    def st_number_error(self, x: str):
        """A statement whose first act takes the length, an item or the
        iterator of number local x, or adds a str to it, as a model that
        misread its parameter writes: TypeError where it runs, mostly behind a test some inputs do
        not pass, then code CPython never runs."""
        rng = self.rng
        inner = rng.choice([
            Stmt(f"v_never = len({x})"), Stmt(f"v_never = {x}[0]"), Stmt(f"v_never = {x}[:1]"),
            Stmt(f"for v_never in {x}:", [(None, [Stmt("pass")])]), Stmt(f"v_never = sorted({x})"),
            Stmt(f"v_never = sum({x}) + 1"), Stmt(f"if max({x}):", [(None, [Stmt("pass")])]),
            Stmt(f"for v_never in range(len({x}) - 1):", [(None, [Stmt("pass")])]),
            Stmt(f"v_never = {x} {rng.choice(['+', '-', '//', '**', '&'])} {self.atom(STR)}"),
            Stmt(f"v_never = {self.atom(STR)} {rng.choice(['+', '-', '/'])} {x}"),
        ])
        body = [inner] + ([Stmt("v_never = 1 + 'never'")] if rng.random() < 0.3 else [])
        if rng.random() < 0.2:
            return body, True
        return [Stmt(f"if {self.test(self.edepth())}:", [(None, body)])], False

    def st_assert(self, depth):
        c = self.cond(self.edepth())
        if self.rng.random() < 0.2:
            return [Stmt(f"assert {c}, 'checked'")], False
        return [Stmt(f"assert {c}")], False

    def st_print(self, depth):
        """print(...) of 0-3 expressions of any type, sometimes with sep=/end=;
        its arguments may raise."""
        rng = self.rng
        d = self.edepth()
        args = [self.expr(rng.choice([INT, FLOAT, STR, BOOL]), d) for _ in range(rng.choice([0, 1, 1, 2, 3]))]
        if rng.random() < 0.2:
            args.append(f"sep={self.expr(STR, d)}")
        if rng.random() < 0.2:
            args.append(f"end={rng.choice(['None', repr(''), self.expr(STR, d)])}")
        return [Stmt(f"print({', '.join(args)})")], False

    def st_call_stmt(self, depth):
        hs = [h for h in self.callable_helpers if h.ret == NONE]
        return [Stmt(self.call_of(self.rng.choice(hs), self.edepth()))], False

    def st_call_stmt34(self, depth):
        """A helper that takes a list, called for its effect on it."""
        hs = [h for h in self.callable_helpers if any(is_list(t) for _, t in h.params)]
        return [Stmt(self.call_of(self.rng.choice(hs), self.edepth()))], False

    # ---- the function
    def function(self, def_line: str) -> Stmt:
        rng = self.rng
        body: list[Stmt] = []
        if "docstrings" in self.features and rng.random() < 0.1:
            body.append(Stmt(repr(rng.choice(["Docstring.", "Compute a value.\n\n    Twice."]))))
        if self.pg.num:  # (first: the parameter is an int | float from the start)
            body += self.param_widen()
        if self.recursive is not None:
            self.expr_budget = 12
            saved, self.recursive = self.recursive, None  # no recursion in the base case
            base = self.ret_stmt()
            self.recursive = saved
            body.append(Stmt(f"if n <= {rng.choice([0, 0, 1])}:", [(None, [base])]))
        n = rng.choice([1, 2, 3, 4, 5, 6, 7])
        for _ in range(n):
            s, final = self.stmt(0)
            body.extend(s)
            if final:
                break
        else:
            self.expr_budget = 25
            if self.ret != NONE or rng.random() < 0.5:
                body.append(self.ret_stmt())
        return Stmt(def_line + ":", [(None, body)])


def _unparse_writes_312(tree: ast.AST) -> bool:
    """Whether ast.unparse may write Python 3.12's syntax for this tree: from
    3.12 it quotes strings inside an f-string's fields as the f-string itself
    is quoted (PEP 701), a SyntaxError in the 3.11 that the DSL follows. The
    generator makes the same language whichever Python runs it."""
    return sys.version_info >= (3, 12) and any(isinstance(n, ast.JoinedStr) for n in ast.walk(tree))


def _none_before_dedent(src: str) -> bool:
    """Whether a line ends in `is None` / `is not None` and the next line of
    code is indented less (the compiler gap 'is_none_before_else')."""
    lines = [ln for ln in src.split("\n") if ln.strip() and not ln.lstrip().startswith("#")]
    for a, b in zip(lines, lines[1:]):
        if re.search(r"is (?:not )?None\s*(?:#.*)?$", a):
            if len(b) - len(b.lstrip()) < len(a) - len(a.lstrip()):
                return True
    return False


# Share of programs whose entry's def line is rewritten (rewrite_header),
# drawn from a Random of their own: the other programs are those they were.
HEADER_SHARE = 0.1
# Annotations CPython evaluates without an error, whatever the tests pass.
OTHER_ANNOTATIONS = ["int", "str", "float", "bool", "list", "list[int]", "tuple[str, ...]", "int | None",
                     "dict[str, int]", "object", "None"]


def rewrite_header(rng: random.Random, src: str, def_line: str, sig: Sig, foreign: bool) -> tuple[str, str | None]:
    """src with the entry's def line rewritten for HEADER_SHARE of the
    programs, as models write them: other annotations (CPython only
    evaluates them: the tests pass the signature's values), or, where
    nothing else in the program calls the entry, another name (each test's
    call raises NameError; not where the entry returns foreign types) or a
    required parameter more (TypeError); and
    which of those it made (None: none)."""
    if rng.random() >= HEADER_SHARE or src.count(def_line + ":") != 1:
        return src, None
    called = len(re.findall(rf"\b{ENTRY}\(", src)) > 1
    kind = rng.choice(["annotations", "annotations"] + ([] if called else ["name", "arity"]))
    if kind == "name" and foreign:  # (renamed, it is a helper, whose returns its annotation types)
        kind = "arity"
    if kind == "name":
        return src.replace(def_line + ":", def_line.replace(f"def {ENTRY}(", f"def {ENTRY}_v2(", 1) + ":"), kind
    ps = [f"{n}: {rng.choice(OTHER_ANNOTATIONS + [t])}" if rng.random() < 0.7 else n for n, t in sig.params]
    if kind == "arity":
        ps.append("extra: int")
    ret = f" -> {rng.choice(OTHER_ANNOTATIONS + [sig.ret])}" if rng.random() < 0.8 else ""
    return src.replace(def_line + ":", f"def {ENTRY}({', '.join(ps)}){ret}:"), kind


class ProgramGen:
    def __init__(self, rng: random.Random, features=DEFAULT_FEATURES, t34: bool = False,
                 side: random.Random | None = None, num: bool = False, tv: bool = False, te: bool = False,
                 header: random.Random | None = None, late: random.Random | None = None):
        self.rng = rng
        self.te = te  # a try program: try statements and raises too (handlers.py, TE_SHARE)
        self.tries = 0  # try statements drawn (handlers.MAX_TRIES)
        self.num = num  # a num program: int | float types and statements too (numbers.py, NUM_SHARE)
        self.tv = tv  # a tuple program: tuple[T, ...] types and statements too (tuples.py, TV_SHARE)
        self.tv_fixed = False  # a tuple[int, ...] stands for a tuple[int, int] (tuples.TV_MARK)
        self.side = side or random.Random(0)  # draws that must not move rng's stream (foreign_returns)
        self.features = features
        self.t34 = t34  # a tier 3-4 program: lists, tuples, Optional
        self.used_genexp = False
        self.foreign = False  # the entry returns another type on some path (foreign_returns)
        self.uses_num = num  # a number of either class is made (int_or_float: numbers.py)
        self.widened = 0  # names given ints and floats both (numbers.py, MAX_WIDENED)
        self.header = header  # draws of the entry's def line's rewrite (rewrite_header), or None
        self.header_kind = None  # the rewrite made, if any
        self.late = late  # draws of features added late (heapq, next, zip3, counters), apart from rng's stream, or None
        self.heapq_spelling = None  # how the program binds heapq, drawn at its first heap statement
        self.used_heapq = False
        self.collections_spelling = None  # how the program binds collections (counters.py)
        self.used_collections = False

    def program(self, sig: Sig, tiny: bool = False) -> str:
        """A program whose entry has signature sig. tiny: the entry is one
        `return <expression over the parameters>` (dense edge-value checks)."""
        rng = self.rng
        helpers: list[Helper] = []
        funcs: list[Stmt] = []
        bare = False  # the last helper's def line leaves its annotations out
        n_helpers = rng.choice([0, 0, 1, 1, 2, 3]) if "helpers" in self.features and not tiny else 0
        for k in range(n_helpers):
            rec = "recursion" in self.features and rng.random() < 0.4
            num_types_ = ([(NUM, 2), (LN, 1.2)] if self.t34 else [(NUM, 2)]) if self.num else []
            num_types_ = num_types_ + (TV_SIG_TYPES if self.tv else [])  # (tuples.py's join them)
            if self.t34:
                ptypes = T34_PARAM_TYPES + ([(OINT, 0.3), (OSTR, 0.3)] if "optional" in self.features else [])
                ps = [(f"x{i}", pick(rng, ptypes + num_types_)) for i in range(rng.choice([1, 1, 2, 3]))]
            elif self.num:
                ps = [(f"x{i}", pick(rng, [(t, 1) for t in SCALARS] + num_types_))
                      for i in range(rng.choice([1, 1, 2, 3]))]
            else:
                ps = [(f"x{i}", rng.choice(SCALARS)) for i in range(rng.choice([1, 1, 2, 3]))]
            if rec:
                ps = [("n", INT)] + ps[:2]
            if self.t34:
                ret = pick(rng, T34_RET_TYPES + [(NONE, 1.5)] + num_types_)
            elif self.num:
                ret = pick(rng, list(zip(list(SCALARS) + [NONE], [3, 2, 2, 2, 0.6])) + num_types_)
            else:
                ret = rng.choices(list(SCALARS) + [NONE], [3, 2, 2, 2, 0.6])[0]
            h = Helper(f"h{k}", ps, ret, rec, grows=rec)  # a recursive one may grow what it passes down
            fg = FuncGen(self, h.name, ps, ret, list(helpers), h if rec else None)
            # h0 and h1 alone: a chain of such helpers typed inside one another
            # stays within the compiler's MAX_INFER_DEPTH (2)
            bare = ("unannotated_helpers" in self.features and not self.t34 and not rec and ret != NONE
                    and k < 2 and rng.random() < 0.4 and all(t in SCALARS for _, t in ps + [("", ret)]))
            line = (f"def {h.name}({', '.join(n for n, _ in ps)})" if bare
                    else Sig(ps, ret).def_line(h.name, rng if self.t34 or self.num else None))
            fg.bare = bare
            funcs.append(fg.function(line))
            if self.t34:
                h.grows = rec or fg.grows_params()
            helpers.append(h)
        nested = None
        if helpers and not bare and "nested_def" in self.features and rng.random() < 0.15 \
                and (not fg.empty_plus or "nested_empty_plus" in self.features):
            nested = funcs.pop()  # the last helper: no other helper calls it
        fg = FuncGen(self, ENTRY, sig.params, sig.ret, list(helpers), None)
        def_line = sig.def_line(ENTRY, rng if self.t34 or self.num else None)
        if tiny and sig.ret != NONE:
            fg.expr_budget = 8
            fg.tiny = True
            body = fg.ret_value(rng.choice([1, 2, 2]))
            entry = Stmt(def_line + ":", [(None, [Stmt(f"return {body}")])])
        else:
            entry = fg.function(def_line)
        if nested is not None:
            entry.blocks[0][1].insert(0, nested)
        funcs.insert(rng.randint(0, len(funcs)), entry)
        header = ["import math"] + (["import re"] if "regex" in self.features else [])
        if rng.random() < 0.2 or self.t34:
            header.append("from typing import List, Optional" + (", Tuple" if self.t34 else ""))
        indent = rng.choice(["    ", "    ", "  ", "\t"])
        lines = []
        for fn in funcs:
            lines.append("")
            if rng.random() < 0.1:
                lines.append("# a helper comment")
            fn.render(lines, indent, 0)
        if any("Union[" in line for line in lines):  # (int_or_float's spelling of int | float)
            header.append("from typing import Union")
        header += heapq_import(self)
        header += collections_import(self)
        src = "\n".join(header + lines) + "\n"
        if "entry_header" in self.features and self.header is not None:
            src, self.header_kind = rewrite_header(self.header, src, def_line, sig, self.foreign)
        if "unparse" in self.features and rng.random() < 0.5:
            # ast.unparse writes any(x for x in xs) as any((x for x in xs)): a VM gap
            if not self.used_genexp or "genexp_parenthesized" in self.features:
                tree = ast.parse(src)
                unparsed = ast.unparse(tree) + "\n"
                # and v = (o is None) as v = o is None: at a block's end, a compiler gap
                if ("is_none_before_else" in self.features or not _none_before_dedent(unparsed)) \
                        and not _unparse_writes_312(tree):
                    src = unparsed
        if "layout_noise" in self.features and rng.random() < 0.3:
            src = add_layout_noise(rng, src)
        if ("module_code" in self.features and rng.random() < 0.25 and all(t in SCALARS for _, t in sig.params)
                and " | " not in sig.ret and not self.foreign  # (such results go nowhere but out of the entry)
                and self.header_kind not in ("name", "arity")):  # (a call of it would raise at module level)
            src += self.module_code(sig)
        if self.uses_num:
            src += NUM_MARK + "\n"
        if self.tv_fixed:
            src += TV_MARK + "\n"
        return src

    def module_code(self, sig: Sig) -> str:
        """Statements after the last def, as models end their programs:
        calls of the entry on literals, printed, asserted, kept in names of
        the module's own; CPython runs them once before the tests, the VM
        before each."""
        rng = self.rng
        lines = [""]
        for k in range(rng.choice([1, 1, 2, 3])):
            call = f"{ENTRY}({', '.join(lit(rng, t, self.features) for _, t in sig.params)})"
            forms = [[f"print({call})"], ["for m_i in range(2):", f"    {call}"], [f"print(missing_{k}({call}))"]]
            if sig.ret != NONE:  # (a name that only ever holds None has no type the compiler knows)
                forms += [[f"assert {call} == {call}"], [f"m_{k} = {call}", f"print(m_{k})"]]
            lines += rng.choice(forms)
        return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# cases


def parse_features(spec: str | None) -> frozenset:
    """'-aug_shift,+float_of_str' edits DEFAULT_FEATURES (for bench/difftest.py
    --features and the DIFFTEST_FEATURES environment variable)."""
    feats = set(DEFAULT_FEATURES)
    for item in filter(None, (x.strip() for x in (spec or "").split(","))):
        name = item.lstrip("+-")
        if name not in ALL_FEATURES:
            raise ValueError(f"unknown generator feature {name!r}; known: {', '.join(sorted(ALL_FEATURES))}")
        (feats.discard if item.startswith("-") else feats.add)(name)
    return frozenset(feats)


class GeneratorBug(AssertionError):
    pass


def make_case(
    rng: random.Random,
    sig: Sig | None = None,
    args_list: list[tuple] | None = None,
    features=DEFAULT_FEATURES,
    seed: int | None = None,
    n_args: int | None = None,
    tiny: bool = False,
    t34: bool = False,
    num: bool | None = None,
    tv: bool | None = None,
    te: bool | None = None,
) -> Case:
    """One program with its inputs and CPython's outcomes. Programs whose run
    leaves the envelope (oracle 'discard') are redrawn; args that discard are
    dropped when args_list was not given. A generator bug raises. num: a
    num program (numbers.py; None: as num_for(seed) says); tv: a tuple
    program (tuples.py; None: as tv_for(seed) says); te: a try program
    (handlers.py; None: as te_for(seed) says)."""
    if num is None:
        num = num_for(seed, features)
    if tv is None:
        tv = tv_for(seed, features, t34)
    if te is None:
        te = te_for(seed, features)
    for _attempt in range(50):
        s = sig or rand_sig(rng, t34=t34)
        if args_list is None:
            k = n_args or rng.randint(3, 6)
            args = [tuple(rand_value(rng, t) for _, t in s.params) for _ in range(k)]
            if not s.params:
                args = [()]
        else:
            args = list(args_list)
        pg = ProgramGen(rng, features, t34, random.Random(f"foreign:{seed}:{_attempt}"), num=num, tv=tv, te=te,
                        header=random.Random(f"header:{seed}:{_attempt}"),
                        late=random.Random(f"late:{seed}:{_attempt}"))
        src = pg.program(s, tiny=tiny)
        if len(src.encode()) > MAX_SOURCE_BYTES:
            continue  # (the DSL's LimitError: outside the envelope, as a discarded run)
        outs = oracle.run(src, ENTRY, args)
        bugs = [o for o in outs if o.kind == "bug"]
        bugs += [oracle.Outcome("bug", f"returned {o.value!r}, not a {s.ret}")
                 for o in outs if o.kind == "return" and not has_type(o.value, s.ret) and not pg.foreign
                 and not pg.tv_fixed  # (a tuple[int, ...] returned as a tuple[int, int]: TV_MARK)
                 and not beyond_num(o.value, s.ret)]  # (the VM's OverflowError, a deviation: runner.py)
        if bugs:
            raise GeneratorBug(f"{bugs[0].value}\n--- program (seed {seed}):\n{src}\nargs: {args!r}")
        keep = [(a, o) for a, o in zip(args, outs) if o.kind != "discard"]
        if args_list is not None and len(keep) != len(args):
            continue
        if not keep:
            continue
        return Case(
            source=src,
            entry=ENTRY,
            signature=s.def_line(),
            args_list=[a for a, _ in keep],
            param_types=tuple(t for _, t in s.params),
            ret=s.ret,
            seed=seed,
            expected=[o for _, o in keep],
            t34=t34,
        )
    raise GeneratorBug(f"50 programs in a row left the envelope (seed {seed})")


# Share of programs (groups) whose entry is a single expression over its
# parameters, run on 12 inputs: dense checks of operators on edge values.
TINY_SHARE = 0.25


# Share of seeds that make tier 3-4 programs (lists, tuples, Optional). The
# choice is a function of the seed alone and draws nothing from the program's
# random.Random, so every other seed makes the tier 1-2 program it always made.
T34_SHARE = 0.5


def is_t34(seed: int, features=DEFAULT_FEATURES) -> bool:
    return "lists" in features and random.Random(f"t34:{seed}").random() < T34_SHARE


# Share of seeds whose entry returns a union, drawn like T34_SHARE from the
# seed alone: the other seeds make the programs they always made.
UNION_SHARE = 0.08
UNIONS = ["int | float", "float | int", "int | str", "bool | int", "str | float", "bool | float | str"]
T34_UNIONS = UNIONS + ["list[int] | int", "str | list[str]", "tuple[int, str] | int", "list[float] | float"]


def union_for(seed: int, features, t34: bool) -> str | None:
    """The union the entry of this seed's programs returns, or None."""
    pick_rng = random.Random(f"union:{seed}")
    if "union_results" not in features or pick_rng.random() >= UNION_SHARE:
        return None
    return pick_rng.choice(T34_UNIONS if t34 else UNIONS)


def with_union(seed: int, sig: Sig, features, t34: bool) -> Sig:
    """sig, its result made a union for UNION_SHARE of the seeds."""
    union = union_for(seed, features, t34)
    return sig if union is None else Sig(sig.params, union)


def with_num(seed: int, sig: Sig, features, t34: bool) -> Sig:
    """sig, some of its types made int | float (or list[int | float]) for
    the seeds of num programs (numbers.py, NUM_SHARE)."""
    if not num_for(seed, features):
        return sig
    return Sig(*num_types(seed, sig.params, sig.ret, t34))


def with_tv(seed: int, sig: Sig, features, t34: bool) -> Sig:
    """sig, some of its types made tuples of any length for the seeds of
    tuple programs (tuples.py, TV_SHARE)."""
    if not tv_for(seed, features, t34):
        return sig
    return Sig(*tv_types(seed, sig.params, sig.ret))


def case_from_seed(seed: int, features=DEFAULT_FEATURES) -> Case:
    rng = random.Random(seed)
    t34 = is_t34(seed, features)
    if rng.random() < TINY_SHARE:
        sig = with_union(seed, rand_sig(rng, allow_none=False, t34=t34), features, t34)
        sig = with_tv(seed, with_num(seed, sig, features, t34), features, t34)
        if sig.params:
            return make_case(rng, sig=sig, features=features, seed=seed, n_args=12, tiny=True, t34=t34)
    union = union_for(seed, features, t34)
    if union is None and not num_for(seed, features) and not tv_for(seed, features, t34):
        # (make_case draws its signature: these seeds make the programs they always made)
        return make_case(rng, features=features, seed=seed, t34=t34)
    sig = rand_sig(rng, t34=t34)
    sig = with_num(seed, sig if union is None else Sig(sig.params, union), features, t34)
    sig = with_tv(seed, sig, features, t34)
    return make_case(rng, sig=sig, features=features, seed=seed, t34=t34)


def group_from_seed(seed: int, n: int, features=DEFAULT_FEATURES) -> list[Case]:
    """n programs sharing one signature and one args list (so one Problem)."""
    rng = random.Random(seed)
    t34 = is_t34(seed, features)
    tiny = rng.random() < TINY_SHARE
    sig = with_union(seed, rand_sig(rng, allow_none=not tiny, t34=t34), features, t34)
    sig = with_tv(seed, with_num(seed, sig, features, t34), features, t34)
    tiny = tiny and bool(sig.params)
    k = (12 if tiny else rng.randint(3, 6)) if sig.params else 1
    args = [tuple(rand_value(rng, t) for _, t in sig.params) for _ in range(k)]
    return [
        make_case(random.Random(f"{seed}:{i}"), sig=sig, args_list=args, features=features, seed=seed, tiny=tiny,
                  t34=t34)
        for i in range(n)
    ]


# --------------------------------------------------------------------------
# hypothesis strategies


def programs(features=DEFAULT_FEATURES):
    """A hypothesis strategy of Cases (one program with its inputs)."""
    from hypothesis import strategies as st

    return st.integers(0, 2**63 - 1).map(lambda s: case_from_seed(s, features))


class CaseBatch(list):
    """A list of Cases with a short repr (hypothesis prints failing examples)."""

    def __init__(self, seed: int):
        super().__init__()
        self.seed = seed

    def __repr__(self) -> str:
        return f"<{len(self)} cases, groups seeded {self.seed} * 1000 + g: gen.group_from_seed>"


def case_batches(n_groups: int = 4, group_size: int = 5, features=DEFAULT_FEATURES):
    """A hypothesis strategy of lists of Cases: n_groups groups of group_size
    programs, each group sharing one signature and one args list."""
    from hypothesis import strategies as st

    def build(seed):
        out = CaseBatch(seed)
        for g in range(n_groups):
            out.extend(group_from_seed(seed * 1000 + g, group_size, features))
        return out

    return st.integers(0, 2**40).map(build)
