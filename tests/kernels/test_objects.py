"""The object runtime (gpubackend/kernels/objects.h) against CPython.

The header is compiled for the host into a small ctypes library
(objects_harness.cpp). Values cross as their wire encoding
(gpubackend/values.py): the harness builds them with rt_load_value into
registers and hands results back with rt_encode_value, so every list,
tuple and Optional function is compared with what CPython does on the same
values: the same result (floats bit for bit, so stability and which of
equal items comes back are checked too), the same mutation of every list
involved (aliases included), or the status of the exception CPython raises.
After every call the harness checks that nothing outside the call's own
heap allocations was written (guard words, poisoned free heap, the shared
string table, the input words); the `ob_guard` fixture fails a test that
did. Where CPython's answer depends on object identity of floats (which the
runtime does not box) or on timsort's exact comparisons (nan keys), the
values are kept out of the comparison; objects.h's header says why.

The CUDA side: the same header compiled for sm_90 with nvcc, and with NVRTC
when cuda-bindings is installed; both skipped when absent.
"""

import ctypes
import math
import operator
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import build_harness, guarded_test, nvrtc_compile, violations
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gpubackend.types import code_end, split_codes, tuple_items
from gpubackend.values import decode, encode, float_bits

HERE = Path(__file__).resolve().parent
KERNELS = HERE.parent.parent / "gpubackend" / "kernels"
I64_MIN, I64_MAX = -(2**63), 2**63 - 1
MAX_TYPE_DEPTH = int(re.search(r"#define MAX_TYPE_DEPTH (\d+)", (KERNELS / "limits.h").read_text())[1])


def examples(n):
    return settings(max_examples=n, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _statuses():
    names = re.findall(r"^STATUS\((\w+),", (KERNELS / "statuses.def").read_text(), re.M)
    return {n: i for i, n in enumerate(names)}


ST = _statuses()
PASS, INDEX, VALUE, TYPE = ST["ST_PASS"], ST["ST_INDEX_ERROR"], ST["ST_VALUE_ERROR"], ST["ST_TYPE_ERROR"]
MEMORY, OVERFLOW, UNSUPPORTED = ST["ST_MEMORY_ERROR"], ST["ST_OVERFLOW_ERROR"], ST["ST_UNSUPPORTED"]
EXC = {IndexError: INDEX, ValueError: VALUE, TypeError: TYPE, MemoryError: MEMORY, OverflowError: OVERFLOW}
OPS = [operator.lt, operator.le, operator.eq, operator.ne, operator.gt, operator.ge]  # enum Cmp
WHERE_HEAP, WHERE_TABLE, WHERE_EMPTY, WHERE_INPUT = 0, 1, 2, 3
# Codes are passed followed by junk: a code may sit among others (prefix-free)
# and need not be NUL-terminated, so no function may read past its code.
JUNK = ")?["
VIOLATIONS = ["the shared one-character table", "the shared empty string", "an input area",
              "the guard words below the heap", "the free heap past top",
              "the heap (sort scratch not given back)"]


# ---------------------------------------------------------------- harness


@pytest.fixture(scope="module")
def ob(tmp_path_factory):
    lib = build_harness(tmp_path_factory, "objects_harness")
    i64, i32, f64, s = ctypes.c_int64, ctypes.c_int, ctypes.c_double, ctypes.c_char_p
    p64, pi32 = ctypes.POINTER(i64), ctypes.POINTER(i32)
    sigs = {
        "o_init": ([], None), "o_take_violations": ([], i32), "o_reset_heap": ([i64], None),
        "o_heap_top": ([], i64), "o_heap_cap": ([], i64),
        "o_load": ([i32, p64, i64, s, p64], i32), "o_encode": ([i32, s, p64, i64], i64),
        "o_matches": ([i32, s, p64, f64], i32), "o_reg": ([i32], i64),
        "o_set_reg": ([i32, i64], None), "o_copy_reg": ([i32, i32], None),
        "o_code_end": ([s, i32], i32), "o_list_cap": ([i32], i64),
        "o_where": ([i32, i64], i32), "o_padding_ok": ([i32, i64], i32),
        "o_list_new": ([i64, i32], i32), "o_list_append": ([i32, i32], i32),
        "o_list_get": ([i32, i64, i32], i32), "o_list_set": ([i32, i64, i32], i32),
        "o_list_slice": ([i32, i64, i64, i64, i32], i32),
        "o_list_slice_set": ([i32, i64, i64, i64, i32], i32),
        "o_list_concat": ([i32, i32, i32], i32), "o_list_repeat": ([i32, i64, i32], i32),
        "o_list_extend": ([i32, i32], i32), "o_list_insert": ([i32, i64, i32], i32),
        "o_list_pop": ([i32, i64, i32], i32), "o_list_reverse": ([i32], None),
        "o_list_clear": ([i32], None), "o_list_copy": ([i32, i32], i32),
        "o_list_find": ([i32, i32, s], i64), "o_list_count": ([i32, i32, s], i64),
        "o_list_remove": ([i32, i32, s], i32), "o_eq": ([i32, i32, s], i32),
        "o_compare": ([i32, i32, s, i32, pi32], i32), "o_list_sort": ([i32, s, i32], i32),
        "o_list_sort_keyed": ([i32, i32, s, i32], i32),
        "o_list_minmax": ([i32, s, i32, i32], i32), "o_list_sum_int": ([i32, i64, p64], i32),
        "o_list_sum_lists": ([i32, i32, i32], i32), "o_same": ([i32, i32], i32),
        "o_list_sum_float": ([i32, f64, i32], f64), "o_str_split": ([i32, i32, i32], i32),
        "o_str_join": ([i32, i32, i32], i32), "o_list_of_str": ([i32, i32], i32),
        "o_heapq_push": ([i32, i32, s], i32), "o_heapq_pop": ([i32, s, i32], i32),
        "o_heapq_replace": ([i32, i32, s, i32], i32), "o_heapq_pushpop": ([i32, i32, s, i32], i32),
        "o_zip_rows": ([i32, i64, i32], i32),
        "o_heapq_heapify": ([i32, s], i32), "o_list_truncate": ([i32, i64], i32),
    }
    for name, (args, res) in sigs.items():
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = args, res
    lib.o_init()
    return lib


@pytest.fixture(autouse=True)
def ob_guard(request):
    """Fails a test if any call it made wrote outside its own allocations."""
    if "ob" not in request.fixturenames:
        yield
        return
    lib = request.getfixturevalue("ob")
    yield from guarded_test(lib.o_take_violations, lib.o_reset_heap, 1 << 16, VIOLATIONS, "a call")


def C(code):
    return (code + JUNK).encode()


class H:
    """Registers of the harness as Python values. Each example starts from
    a fresh heap (`cap` words) and ends with `clean()`."""

    def __init__(self, lib, cap=1 << 16):
        self.lib = lib
        lib.o_reset_heap(cap)

    def load(self, r, value, code):
        words = encode(value, code)
        arr = (ctypes.c_int64 * max(1, len(words)))(*words)
        used = ctypes.c_int64(-1)
        status = self.lib.o_load(r, arr, len(words), C(code), ctypes.byref(used))
        if status == PASS:
            assert used.value == len(words)
        return status

    def put(self, r, value, code):
        assert self.load(r, value, code) == PASS
        return fresh(value, code)

    def words(self, r, code):
        n = self.lib.o_encode(r, C(code), None, 0)
        buf = (ctypes.c_int64 * max(1, n))()
        assert self.lib.o_encode(r, C(code), buf, n) == n
        return list(buf[:n])

    def get(self, r, code):
        w = self.words(r, code)
        value, end = decode(w, code)
        assert end == len(w)
        return value

    def clean(self):
        bad = self.lib.o_take_violations()
        assert not bad, "a call wrote into " + violations(bad, VIOLATIONS)


def fresh(value, code):
    """The value as CPython would hold it (tuples as tuples), every float a
    new object, as the runtime's values are."""
    return decode(encode(value, code), code)[0]


def same(x, y):
    """Equal values, floats bit for bit (so -0.0 vs 0.0 and which of equal
    items came back count)."""
    if type(x) is not type(y):
        return False
    if isinstance(x, float):
        return float_bits(x) == float_bits(y)
    if isinstance(x, (list, tuple)):
        return len(x) == len(y) and all(same(a, b) for a, b in zip(x, y))
    return x == y


def py(thunk):
    """CPython's outcome as (status, value)."""
    try:
        return PASS, thunk()
    except tuple(EXC) as e:
        return EXC[type(e)], None


# ---------------------------------------------------------------- values

SMALL_INTS = st.integers(-3, 3)
INTS = SMALL_INTS | st.integers(I64_MIN, I64_MAX) | st.sampled_from([I64_MIN, I64_MAX, 0])
FLOATS_NO_NAN = st.sampled_from([0.0, -0.0, 1.5, -2.0, math.inf, -math.inf, 1e300]) | st.floats(
    allow_nan=False, width=64)
FLOATS = FLOATS_NO_NAN | st.sampled_from([math.nan, -math.nan]) | st.floats(width=64)
TEXT = st.text(alphabet="ab ", max_size=4) | st.text(alphabet=st.characters(max_codepoint=127), max_size=12)


def values(code, nan=True, none=True, max_len=5):
    """A strategy for values of type `code` (collisions likely: small domains)."""
    c = code[0]
    if c == "i":
        return INTS
    if c == "b":
        return st.booleans()
    if c == "f":
        return FLOATS if nan else FLOATS_NO_NAN
    if c == "s":
        return TEXT
    if c == "n":
        return st.none()
    if c == "?":
        inner = values(code[1:], nan, none, max_len)
        return (st.none() | inner) if none else inner
    if c == "[":
        return st.lists(values(code[1:], nan, none, max_len), max_size=max_len)
    if c == "(":
        return st.tuples(*[values(x, nan, none, max_len) for x in tuple_items(code)])
    raise ValueError(code)


CODES = ["i", "b", "f", "s", "?i", "?f", "?s", "[i", "[b", "[f", "[s", "[[i", "[(is)", "(i[s)",
         "[?i", "?[i", "[[?f", "(f?s)", "[([i?(sf))", "[[[s", "(i)", "??i", "[()", "?(i?b)",
         "[[f", "(sfb)", "[?f"]
DEEP = "[" * MAX_TYPE_DEPTH + "i"  # the deepest type the compiler makes


def nest(x, k):
    """x inside k one-item lists."""
    for _ in range(k):
        x = [x]
    return x


@st.composite
def code_and_value(draw, codes=CODES, **kw):
    code = draw(st.sampled_from(codes))
    return code, draw(values(code, **kw))


@st.composite
def code_and_pair(draw, codes=CODES, **kw):
    """Two values of one code, often equal or nearly so."""
    code = draw(st.sampled_from(codes))
    a = draw(values(code, **kw))
    b = draw(st.one_of(st.just(a), values(code, **kw)))
    return code, a, b


# ---------------------------------------------------------------- type codes


@pytest.mark.parametrize("codes", CODES + [DEEP, "{is", "<i", "{s[(if)", "i[i(s?f)?[s{i<i", "(((i)))",
                                           "([i)(s)", "?{i(ss)"])
def test_code_end(ob, codes):
    pos = 0
    while pos < len(codes):
        end = code_end(codes, pos)
        assert ob.o_code_end((codes + JUNK).encode(), pos) == end
        pos = end
    assert split_codes(codes)


# ---------------------------------------------------------------- boundary


@examples(300)
@given(code_and_value())
@example(("[i", []))
@example(("[[i", [[], [1, 2], []]))
@example(("?i", None))
@example(("??i", 5))
@example(("s", "x" * 17))
@example((DEEP, [nest([1, 2], MAX_TYPE_DEPTH - 2), nest([], MAX_TYPE_DEPTH - 3)]))
def test_load_encode_roundtrip(ob, cv):
    code, value = cv
    h = H(ob)
    assert h.load(0, value, code) == PASS
    assert h.words(0, code) == encode(value, code)
    words = encode(value, code)
    assert ob.o_matches(0, C(code), (ctypes.c_int64 * max(1, len(words)))(*words), -1.0) == 1
    # a short buffer: the same count, the words that fit, nothing past cap
    n = len(encode(value, code))
    buf = (ctypes.c_int64 * (n + 2))(*([77] * (n + 2)))
    cap = n // 2
    assert ob.o_encode(0, C(code), buf, cap) == n
    assert list(buf[:cap]) == encode(value, code)[:cap] and list(buf[cap:]) == [77] * (n + 2 - cap)
    h.clean()


def test_load_layouts(ob):
    """Strings are referenced in place, lists get cap == len, Optional
    scalars are boxed, None is 0."""
    h = H(ob)
    h.put(0, "hello world", "s")
    assert ob.o_where(0, -1) == WHERE_INPUT + 0
    assert ob.o_heap_top() == 0
    h.put(1, [1, 2, 3], "[i")
    assert ob.o_list_cap(1) == 3 and ob.o_heap_top() == 6
    h.put(2, None, "?i")
    assert ob.o_reg(2) == 0 and ob.o_heap_top() == 6
    h.put(2, 7, "?i")
    assert ob.o_reg(2) != 0 and ob.o_heap_top() == 7
    h.put(3, ["ab", "c"], "[s")
    assert ob.o_where(3, 0) == WHERE_INPUT + 3 and ob.o_where(3, 1) == WHERE_INPUT + 3
    h.clean()


def py_matches(v, e, code, tol):
    c = code[0]
    if c == "?":
        if v is None or e is None:
            return v is None and e is None
        return py_matches(v, e, code[1:], tol)
    if c == "f":
        if v == e or (math.isnan(v) and math.isnan(e)):
            return True
        if tol < 0 or not (math.isfinite(v) and math.isfinite(e)):
            return False
        return math.isclose(v, e, rel_tol=tol)
    if c == "[":
        return len(v) == len(e) and all(py_matches(x, y, code[1:], tol) for x, y in zip(v, e))
    if c == "(":
        return all(py_matches(x, y, k, tol) for x, y, k in zip(v, e, tuple_items(code)))
    return v == e


@examples(300)
@given(code_and_pair(), st.sampled_from([-1.0, 0.0, 1e-9, 0.25, 0.5]))
@example(("[f", [0.0, math.nan], [-0.0, math.nan]), -1.0)
@example(("[f", [1.0], [1.0 + 1e-12]), 1e-9)
@example(("[f", [1.0], [1.0 + 1e-12]), -1.0)
@example(("[f", [math.inf], [1e308]), 0.25)
@example(("[s", ["ab"], ["ab", ""]), -1.0)
@example(("f", 1.0, 2.0), 0.5)
@example(("f", 2.0, 1.0), 0.5)
@example(("?(i?b)", (1, None), (1, False)), -1.0)
def test_matches(ob, cpt, tol):
    code, a, b = cpt
    h = H(ob)
    pa = h.put(0, a, code)
    pb = fresh(b, code)
    expected = encode(b, code)
    got = ob.o_matches(0, C(code), (ctypes.c_int64 * max(1, len(expected)))(*expected), tol)
    assert got == py_matches(pa, pb, code, tol)
    h.clean()


@pytest.mark.parametrize("bad_code", ["[" * (MAX_TYPE_DEPTH + 1) + "i", "(" * (MAX_TYPE_DEPTH + 1) + "i" + ")" * (MAX_TYPE_DEPTH + 1)])
def test_too_deep_is_refused(ob, bad_code):
    h = H(ob)
    value = 1
    for c in reversed(bad_code.rstrip(")")[:-1]):
        value = [value] if c == "[" else (value,)
    assert h.load(0, value, bad_code) == UNSUPPORTED
    h.clean()


# ---------------------------------------------------------------- == and ordering


@examples(400)
@given(code_and_pair())
@example(("[f", [math.nan], [math.nan]))
@example(("[f", [0.0], [-0.0]))
@example(("[?f", [math.nan], [math.nan]))
@example(("?i", None, None))
@example(("?i", None, 3))
@example(("[?i", [1, None], [1, None]))
@example(("[?i", [1, None], [1, 2]))
@example(("(f?s)", (1.0, None), (2.0, None)))
@example(("(f?s)", (1.0, None), (1.0, "a")))
@example(("[[i", [[1, 2], [3]], [[1, 2], [3, 0]]))
@example(("[s", ["a", "b"], ["a"]))
@example(("?[i", [], []))
@example(("[()", [(), ()], [()]))
@example(("s", "abcdefgh", "abcdefgi"))
def test_eq_and_compare(ob, cpt):
    code, a, b = cpt
    h = H(ob)
    pa = h.put(0, a, code)
    pb = h.put(1, b, code)
    assert ob.o_eq(0, 1, C(code)) == (pa == pb)
    out = ctypes.c_int(-1)
    for k, op in enumerate(OPS):
        for (x, y, px, py_) in [(0, 1, pa, pb), (1, 0, pb, pa), (0, 0, pa, pa)]:
            want = py(lambda: op(px, py_))
            got = ob.o_compare(x, y, C(code), k, ctypes.byref(out))
            assert got == want[0], (op, px, py_)
            if got == PASS:
                assert out.value == want[1], (op, px, py_)
    # the value itself: CPython's items are themselves (identity), so l == l
    # even with a nan inside; a bare float nan is not equal to itself
    assert ob.o_eq(0, 0, C(code)) == (pa == pa)
    if code[0] == "[" and code != "[f":
        # a copy shares its items, which CPython finds equal by identity
        # (boxes, lists, tuples here; unboxed floats have no identity)
        assert ob.o_list_copy(0, 2) == PASS
        pc = pa[:]
        assert ob.o_eq(0, 2, C(code)) == (pa == pc)
        for k, op in enumerate(OPS):
            for (x, y, px, py_) in [(0, 2, pa, pc), (2, 0, pc, pa)]:
                assert ob.o_compare(x, y, C(code), k, ctypes.byref(out)) == PASS
                assert out.value == op(px, py_), (op, px, py_)
    h.clean()


def test_compare_deep(ob):
    h = H(ob)
    a = [nest([1, 2], MAX_TYPE_DEPTH - 2), nest([3], MAX_TYPE_DEPTH - 2)]
    b = [nest([1, 2], MAX_TYPE_DEPTH - 2), nest([2, 9], MAX_TYPE_DEPTH - 2)]
    pa, pb = h.put(0, a, DEEP), h.put(1, b, DEEP)
    out = ctypes.c_int(-1)
    for k, op in enumerate(OPS):
        assert ob.o_compare(0, 1, C(DEEP), k, ctypes.byref(out)) == PASS
        assert out.value == op(pa, pb)
    h.clean()


# ---------------------------------------------------------------- sorting, min, max

# Orders that are strict weak orders (no nan, no None): CPython's order is
# then the one stable order, whatever pairs its timsort compares.
SORT_CODES = ["i", "b", "f", "s", "[i", "(is)", "[s", "(f[i)", "[(ib)", "?i"]


@examples(300)
@given(st.sampled_from(SORT_CODES).flatmap(lambda code: st.tuples(
    st.just(code), st.lists(values(code, nan=False, none=False, max_len=3), max_size=40))),
    st.booleans())
@example(("f", [0.0, -0.0, 0.0, -0.0, 1.0, -0.0] * 3), False)
@example(("f", [0.0, -0.0, 0.0, -0.0, 1.0, -0.0] * 3), True)
@example(("i", list(range(30, 0, -1))), False)
@example(("i", list(range(30))), True)
def test_sort(ob, code_items, reverse):
    code, items = code_items
    h = H(ob)
    pl = h.put(0, items, "[" + code)
    top = ob.o_heap_top()
    assert ob.o_list_sort(0, C(code), int(reverse)) == PASS
    assert ob.o_heap_top() == top
    assert same(h.get(0, "[" + code), sorted(pl, reverse=reverse))
    h.clean()


KEY_CODES = ["i", "s", "(ib)", "[i", "f"]


@examples(300)
@given(st.sampled_from(KEY_CODES).flatmap(lambda code: st.tuples(
    st.just(code),
    st.lists(st.sampled_from([0, 1, 2, 3]) if code == "i" else values(code, nan=False, max_len=2),
             max_size=40))), st.booleans())
@example(("i", [1] * 20 + [0] * 20), True)
@example(("i", [0, 1] * 15), False)
def test_sort_keyed(ob, code_keys, reverse):
    """key=...: many equal keys keep their items' order, both ways."""
    code, keys = code_keys
    h = H(ob)
    items = [(i, str(i)) for i in range(len(keys))]
    pi = h.put(0, items, "[(is)")
    pk = h.put(1, keys, "[" + code)
    top = ob.o_heap_top()
    assert ob.o_list_sort_keyed(0, 1, C(code), int(reverse)) == PASS
    assert ob.o_heap_top() == top
    order = sorted(range(len(keys)), key=lambda i: pk[i], reverse=reverse)
    assert h.get(0, "[(is)") == [pi[i] for i in order]
    assert same(h.get(1, "[" + code), [pk[i] for i in order])
    h.clean()


def holds_nan_or_none(x):
    if x is None or isinstance(x, float):
        return x is None or math.isnan(x)
    return isinstance(x, (list, tuple)) and any(holds_nan_or_none(v) for v in x)


@examples(200)
@given(st.sampled_from(["?i", "f", "(fs)", "[f", "?f", "(i?i)"]).flatmap(lambda code: st.tuples(
    st.just(code), st.lists(values(code, max_len=3), max_size=12))), st.booleans())
@example(("?i", [None]), False)
@example(("?i", [None, None]), False)
@example(("?i", [3, None]), True)
@example(("f", [1.0, math.nan]), False)
@example(("f", [math.nan]), False)
def test_sort_of_a_nan_or_a_none_is_unsupported(ob, code_items, reverse):
    """Two items or more, one holding a nan or a None: CPython's order (or
    TypeError) depends on the pairs its timsort compares, so the sort is
    left to CPython, and the list as it was."""
    code, items = code_items
    h = H(ob)
    pl = h.put(0, items, "[" + code)
    wild = len(pl) >= 2 and any(holds_nan_or_none(x) for x in pl)
    status = ob.o_list_sort(0, C(code), int(reverse))
    if wild:
        assert status == UNSUPPORTED and same(h.get(0, "[" + code), pl)
    else:
        assert status == PASS and same(h.get(0, "[" + code), sorted(pl, reverse=reverse))
    h.clean()


# ---------------------------------------------------------------- heapq

HEAP_CODES = ["i", "f", "s", "(is)", "[i", "(fi)", "b"]
HEAP_OPS = ["push", "push", "pop", "replace", "pushpop", "heapify"]


@examples(300)
@given(st.sampled_from(HEAP_CODES).flatmap(lambda code: st.tuples(
    st.just(code), st.lists(values(code, nan=code == "f", max_len=3), max_size=30),
    st.lists(st.tuples(st.sampled_from(HEAP_OPS), values(code, nan=code == "f", max_len=3)),
             max_size=12))))
@example(("f", [3.0, math.nan, 1.0, 2.0, math.nan, 0.5], [("heapify", 0.0), ("pop", 0.0)]))
@example(("i", [], [("pop", 0), ("replace", 1), ("pushpop", 4), ("push", 2), ("pushpop", 1)]))
def test_heapq_runs_as_cpythons(ob, case):
    """Each operation gives CPython's item and leaves CPython's list, item for
    item (a float nan among them): the same comparisons, the same moves."""
    import heapq

    code, items, ops = case
    h = H(ob)
    pl = h.put(0, items, "[" + code)
    calls = {"push": lambda: heapq.heappush(pl, x), "pop": lambda: heapq.heappop(pl),
             "replace": lambda: heapq.heapreplace(pl, x), "pushpop": lambda: heapq.heappushpop(pl, x),
             "heapify": lambda: heapq.heapify(pl)}
    xs = h.put(1, [value for _, value in ops], "[" + code)  # (a register's strs live in its input area)
    for k, (op, _) in enumerate(ops):
        x = xs[k]
        assert ob.o_list_get(1, k, 3) == PASS
        status, want = py(calls[op])
        if op == "push":
            got = ob.o_heapq_push(0, 3, C(code))
        elif op == "heapify":
            got = ob.o_heapq_heapify(0, C(code))
        elif op == "pop":
            got = ob.o_heapq_pop(0, C(code), 2)
        else:
            got = (ob.o_heapq_replace if op == "replace" else ob.o_heapq_pushpop)(0, 3, C(code), 2)
        assert got == status, (op, pl)
        if status == PASS and op not in ("push", "heapify"):
            assert same(h.get(2, code), want), op
        assert same(h.get(0, "[" + code), pl), op
    h.clean()


@examples(100)
@given(st.lists(values("(fi)", max_len=3), min_size=2, max_size=10))
def test_heapq_of_tuples_holding_a_nan_is_unsupported(ob, items):
    """A nan inside a tuple: CPython compares tuple items by identity first,
    which a nan object two tuples share makes equal; Unsupported where such
    an item is compared, CPython's answer where none is."""
    import heapq

    h = H(ob)
    pl = h.put(0, items, "[(fi)")
    status = ob.o_heapq_heapify(0, C("(fi)"))
    if any(math.isnan(t[0]) for t in pl):
        assert status == UNSUPPORTED
    else:
        heapq.heapify(pl)
        assert status == PASS and same(h.get(0, "[(fi)"), pl)
    h.clean()


def test_truncate_keeps_a_prefix(ob):
    h = H(ob)
    for n, want in [(2, [5, 1]), (0, []), (-3, []), (9, [5, 1, 4])]:
        h.put(0, [5, 1, 4], "[i")
        assert ob.o_list_truncate(0, n) == PASS and h.get(0, "[i") == want
    h.clean()


@examples(300)
@given(st.sampled_from(["i", "f", "s", "?i", "[i", "(fs)", "[f", "b", "?f"]).flatmap(
    lambda code: st.tuples(st.just(code), st.lists(values(code, max_len=3), max_size=12))))
@example(("f", [0.0, -0.0]))
@example(("f", [-0.0, 0.0]))
@example(("f", [math.nan, 1.0, 0.0]))
@example(("f", [1.0, math.nan, 0.0]))
@example(("?i", [None]))
@example(("?i", [1, None]))
@example(("i", []))
def test_min_max(ob, code_items):
    code, items = code_items
    h = H(ob)
    pl = h.put(0, items, "[" + code)
    for is_max, fn in [(0, min), (1, max)]:
        status, want = py(lambda: fn(pl))
        assert ob.o_list_minmax(0, C(code), is_max, 1) == status
        if status == PASS:
            check_slot(h, 1, code, want)  # the very item, bit for bit
    h.clean()


@examples(300)
@given(st.lists(SMALL_INTS | INTS | st.sampled_from([2**62, -(2**62)]), max_size=8))
@example([I64_MAX, 1, -1])
@example([2**62, 2**62, -(2**62)])
@example([I64_MIN])
def test_sum_int(ob, items):
    """sum(items) and sum(items, start): OverflowError at the first partial
    sum past int64."""
    for start in (0, items[0] if items else I64_MAX, -5):
        h = H(ob)
        h.put(0, items, "[i")
        s, ok = start, True
        for x in items:
            s += x
            ok = ok and I64_MIN <= s <= I64_MAX
        out = ctypes.c_int64(0)
        status = ob.o_list_sum_int(0, start, ctypes.byref(out))
        assert status == (PASS if ok else OVERFLOW)
        if ok:
            assert out.value == sum(items, start)
        h.clean()


def sum_311(xs, start=0):
    """sum() as CPython 3.11 (the DSL's reference) computes it: start, then
    each item added in order. CPython 3.12 sums floats with compensation,
    which rounds differently."""
    total = start
    for x in xs:
        total = total + x
    return total


@examples(300)
@given(st.lists(FLOATS, max_size=8))
@example([-0.0])
@example([])
@example([0.1] * 10)
@example([1e308, 1e308, -1e308])
def test_sum_float(ob, items):
    h = H(ob)
    pl = h.put(0, items, "[f")
    got, want = ob.o_list_sum_float(0, 0.0, 0), float(sum_311(pl))
    assert same(got, want) or (math.isnan(got) and math.isnan(want))
    for start in (0.5, -0.0, 1e308):
        got, want = ob.o_list_sum_float(0, start, 0), float(sum_311(pl, start))
        assert same(got, want) or (math.isnan(got) and math.isnan(want))
    h.clean()


@examples(200)
@given(st.lists(st.integers(I64_MIN, I64_MAX), max_size=6), FLOATS)
@example([2**53 + 1], 0.0)
@example([], -0.0)
def test_sum_ints_from_a_float(ob, items, start):
    """sum(ints, float start): each int becomes a double where it is added."""
    h = H(ob)
    h.put(0, items, "[i")
    got, want = ob.o_list_sum_float(0, start, 1), float(sum_311(items, start))
    assert same(got, want) or (math.isnan(got) and math.isnan(want))
    h.clean()


@examples(200)
@given(st.lists(st.lists(st.integers(-9, 9), max_size=4), max_size=4), st.lists(st.integers(-9, 9), max_size=3))
def test_sum_lists(ob, rows, start):
    """sum(rows, start): a new list of start's items and each row's; start
    itself when there are no rows."""
    h = H(ob)
    h.put(0, rows, "[[i")
    h.put(1, start, "[i")
    assert ob.o_list_sum_lists(0, 1, 2) == PASS
    assert h.get(2, "[i") == sum(rows, start)
    assert bool(ob.o_same(1, 2)) == (not rows)
    assert h.get(1, "[i") == start  # start itself is not changed
    h.clean()


# ---------------------------------------------------------------- list operations

SLICE_BOUND = st.none() | st.integers(-12, 12) | st.sampled_from([I64_MIN + 1, I64_MAX, -(2**40), 2**40])


def bound(x):
    return I64_MIN if x is None else x


@examples(500)
@given(st.lists(SMALL_INTS, max_size=10), SLICE_BOUND, SLICE_BOUND,
       st.none() | st.integers(-4, 4) | st.sampled_from([I64_MAX, I64_MIN + 1, 2**40]))
@example([1, 2, 3], None, None, -1)
@example([1, 2, 3], None, None, 0)
@example([1, 2, 3], 5, -5, -1)
@example([1, 2, 3], None, None, None)
@example([1, 2, 3], 1, None, I64_MAX)
@example([1, 2, 3], -1, None, I64_MIN + 1)
def test_slice(ob, items, lo, hi, step):
    h = H(ob)
    pl = h.put(0, items, "[i")
    status, want = py(lambda: pl[lo:hi:step])
    assert ob.o_list_slice(0, bound(lo), bound(hi), bound(step), 1) == status
    if status == PASS:
        assert h.get(1, "[i") == want
        assert ob.o_reg(1) != ob.o_reg(0)  # always a new list, l[:] too
    assert h.get(0, "[i") == pl
    h.clean()


@examples(500)
@given(st.lists(SMALL_INTS, max_size=10), SLICE_BOUND, SLICE_BOUND,
       st.none() | st.integers(-4, 4) | st.sampled_from([I64_MAX, I64_MIN + 1]),
       st.lists(SMALL_INTS, max_size=6), st.booleans())
@example([1, 2, 3], None, None, None, [], True)
@example([1, 2, 3], 5, 2, None, [9], False)
@example([1, 2, 3, 4], None, None, -1, [], True)
@example([1, 2, 3, 4], None, None, 2, [7, 8], False)
def test_slice_set(ob, items, lo, hi, step, value, alias):
    # l[lo:hi:step] = v, v a separate list or l itself
    h = H(ob)
    pl = h.put(0, items, "[i")
    pv = pl if alias else h.put(1, value, "[i")

    def assign():
        pl[lo:hi:step] = pv
    status, _ = py(assign)
    assert ob.o_list_slice_set(0, bound(lo), bound(hi), bound(step), 0 if alias else 1) == status
    if status == PASS:
        assert h.get(0, "[i") == pl
    h.clean()


IDX = st.integers(-6, 6) | st.sampled_from([I64_MIN, I64_MIN + 1, I64_MAX])
ELEM_CODES = ["i", "s", "[i", "(is)", "?i", "?f", "f", "[s", "[f", "(fs)"]


@st.composite
def list_program(draw):
    """A list element code, three starting lists, three element values and a
    run of operations on them (registers 0-2 lists, 3-5 values)."""
    code = draw(st.sampled_from(ELEM_CODES))
    # nan only where floats are boxed or inside references, whose identity
    # the runtime keeps as CPython does (a bare float's it does not)
    elem = values(code, nan=code != "f", max_len=3)
    lists = [draw(st.lists(elem, max_size=5)) for _ in range(3)]
    vals = [draw(elem) for _ in range(3)]
    L, V = st.integers(0, 2), st.integers(3, 5)
    op = st.one_of(
        st.tuples(st.just("append"), L, V), st.tuples(st.just("extend"), L, L),
        st.tuples(st.just("insert"), L, IDX, V), st.tuples(st.just("pop"), L, IDX),
        st.tuples(st.just("get"), L, IDX), st.tuples(st.just("set"), L, IDX, V),
        st.tuples(st.just("slice"), L, SLICE_BOUND, SLICE_BOUND,
                  st.none() | st.integers(-3, 3), L),
        st.tuples(st.just("concat"), L, L, L),
        st.tuples(st.just("repeat"), L, st.integers(-2, 3) | st.just(2**62), L),
        st.tuples(st.just("reverse"), L), st.tuples(st.just("clear"), L),
        st.tuples(st.just("copy"), L, L), st.tuples(st.just("alias"), L, L),
        st.tuples(st.just("find"), L, V), st.tuples(st.just("count"), L, V),
        st.tuples(st.just("remove"), L, V), st.tuples(st.just("item_in"), L, st.integers(0, 4)),
    )
    return code, lists, vals, draw(st.lists(op, max_size=12))


@examples(250)
@given(list_program())
@example(("i", [[1, 2], [], []], [5, 6, 7], [("extend", 0, 0), ("extend", 0, 0), ("append", 0, 3)]))
@example(("i", [[1, 2], [], []], [5, 6, 7], [("alias", 1, 0), ("append", 1, 3), ("extend", 0, 1)]))
@example(("s", [["a"], [], []], ["x", "y", "z"], [("insert", 0, I64_MIN, 3), ("insert", 0, I64_MAX, 4),
                                                     ("pop", 0, I64_MIN), ("pop", 0, -3), ("pop", 0, 2)]))
@example(("i", [[], [], []], [1, 2, 3], [("pop", 0, -1), ("insert", 0, -1, 3), ("insert", 0, -1, 4)]))
@example(("i", [[1], [], []], [1, 2, 3], [("repeat", 0, 2**62, 1), ("concat", 0, 0, 0)]))
def test_list_operations(ob, prog):
    code, lists, vals, ops = prog
    lcode = "[" + code
    h = H(ob)
    model = [h.put(r, lst, lcode) for r, lst in enumerate(lists)]
    pv = [None] * 3 + [h.put(3 + k, v, code) for k, v in enumerate(vals)]
    for op in ops:
        name = op[0]
        if name == "append":
            _, l, v = op
            assert ob.o_list_append(l, v) == PASS
            model[l].append(pv[v])
        elif name == "extend":
            _, l, src = op
            assert ob.o_list_extend(l, src) == PASS
            model[l].extend(model[src])
        elif name == "insert":
            _, l, i, v = op
            assert ob.o_list_insert(l, i, v) == PASS
            model[l].insert(i, pv[v])
        elif name == "pop":
            _, l, i = op
            status, want = py(lambda: model[l].pop(i))
            assert ob.o_list_pop(l, i, 6) == status
            if status == PASS:
                check_slot(h, 6, code, want)
        elif name == "get":
            _, l, i = op
            status, want = py(lambda: model[l][i])
            assert ob.o_list_get(l, i, 6) == status
            if status == PASS:
                check_slot(h, 6, code, want)
        elif name == "set":
            _, l, i, v = op
            status, _ = py(lambda: model[l].__setitem__(i, pv[v]))
            assert ob.o_list_set(l, i, v) == status
        elif name == "slice":
            _, l, lo, hi, step, dst = op
            status, want = py(lambda: model[l][lo:hi:step])
            assert ob.o_list_slice(l, bound(lo), bound(hi), bound(step), dst) == status
            if status == PASS:
                model[dst] = want
        elif name == "concat":
            _, a, b, dst = op
            status, want = py(lambda: model[a] + model[b])
            assert ob.o_list_concat(a, b, dst) == status
            if status == PASS:
                model[dst] = want
        elif name == "repeat":
            _, a, n, dst = op
            status, want = (MEMORY, None) if n == 2**62 and model[a] else py(lambda: model[a] * n)
            assert ob.o_list_repeat(a, n, dst) == status
            if status == PASS:
                model[dst] = want
        elif name == "reverse":
            ob.o_list_reverse(op[1])
            model[op[1]].reverse()
        elif name == "clear":
            ob.o_list_clear(op[1])
            model[op[1]].clear()
        elif name == "copy":
            _, l, dst = op
            assert ob.o_list_copy(l, dst) == PASS
            model[dst] = model[l].copy()
        elif name == "alias":
            _, dst, src = op
            ob.o_copy_reg(dst, src)
            model[dst] = model[src]
        elif name == "find":
            _, l, v = op
            want = model[l].index(pv[v]) if pv[v] in model[l] else -1
            assert ob.o_list_find(l, v, C(code)) == want
        elif name == "count":
            _, l, v = op
            assert ob.o_list_count(l, v, C(code)) == model[l].count(pv[v])
        elif name == "remove":
            _, l, v = op
            status, _ = py(lambda: model[l].remove(pv[v]))
            assert ob.o_list_remove(l, v, C(code)) == status
        elif name == "item_in":  # an item of the list itself: found by identity
            _, l, i = op
            if i < len(model[l]):
                assert ob.o_list_get(l, i, 6) == PASS
                item = model[l][i]
                assert ob.o_list_find(l, 6, C(code)) == model[l].index(item)
                assert ob.o_list_count(l, 6, C(code)) == model[l].count(item)
        for r in range(3):
            assert same(h.get(r, lcode), model[r]), (op, r)
    h.clean()


def check_slot(h, r, code, want):
    """Register r holds one item of type code, equal (bitwise) to want."""
    h.lib.o_list_new(0, 7)
    assert h.lib.o_list_append(7, r) == PASS
    assert same(h.get(7, "[" + code), [want])


def test_append_growth_and_identity(ob):
    """Capacity 4 first, then at least doubling; the header never moves;
    a block at the heap's top grows where it is."""
    h = H(ob)
    h.put(3, 9, "i")
    assert ob.o_list_new(0, 0) == PASS
    header = ob.o_reg(0)
    caps = []
    for k in range(40):
        assert ob.o_list_append(0, 3) == PASS
        caps.append(ob.o_list_cap(0))
    assert ob.o_reg(0) == header
    assert caps[0] == 4 and all(b == a or b >= 2 * a for a, b in zip(caps, caps[1:]))
    assert ob.o_heap_top() == 3 + caps[-1]  # grown in place: no block left behind
    # a block not at the top moves: the old items stay intact in their copy
    h.put(4, [1, 2], "[i")
    for k in range(30):
        assert ob.o_list_append(0, 3) == PASS
    assert h.get(0, "[i") == [9] * 70 and h.get(4, "[i") == [1, 2]
    h.clean()


# ---------------------------------------------------------------- strings

STR_TEXT = st.text(alphabet="ab \t\n\r\x0b\x0c\x1c\x1f,", max_size=14)
SEPS = st.sampled_from(["", ",", "a", "ab", " ", "aa", "a,", "\x1c"])


def check_str_items(ob, r, strs):
    """Where each string item of register r lives: '' the shared empty
    string, one character the shared table, else an input or the heap
    (zero padding)."""
    for i, s in enumerate(strs):
        where = ob.o_where(r, i)
        assert where != -1
        if where >= WHERE_INPUT:
            continue
        if len(s) == 0:
            assert where == WHERE_EMPTY
        elif len(s) == 1:
            assert where == WHERE_TABLE
        else:
            assert where == WHERE_HEAP and ob.o_padding_ok(r, i)


@examples(400)
@given(STR_TEXT, st.none() | SEPS)
@example("a b", None)
@example("  ", None)
@example("", None)
@example("", ",")
@example("a,,b,", ",")
@example("ab", "")
@example("a\x1cb\x1fc\x0bd", None)
@example("word", None)
@example("aaa", "aa")
def test_split(ob, s, sep):
    h = H(ob)
    h.put(0, s, "s")
    if sep is not None:
        h.put(1, sep, "s")
    status, want = py(lambda: s.split(sep))
    assert ob.o_str_split(0, -1 if sep is None else 1, 2) == status
    if status == PASS:
        assert h.get(2, "[s") == want
        check_str_items(ob, 2, want)
        if want == [s] and len(s) > 1:
            assert ob.o_where(2, 0) == WHERE_INPUT + 0  # s itself, as CPython
    h.clean()


@examples(300)
@given(st.lists(st.text(alphabet="abc", max_size=3), max_size=6), st.text(alphabet=", ", max_size=2))
@example([], ",")
@example(["abc"], ",")
@example(["", ""], "")
@example(["", "a"], "")
@example(["", ""], ",")
def test_join(ob, items, sep):
    h = H(ob)
    h.put(0, sep, "s")
    h.put(1, items, "[s")
    assert ob.o_str_join(0, 1, 2) == PASS
    ob.o_list_new(0, 3)
    assert ob.o_list_append(3, 2) == PASS
    want = sep.join(items)
    assert h.get(3, "[s") == [want]
    where = ob.o_where(3, 0)
    if len(items) == 1:
        assert where == WHERE_INPUT + 1  # the one item itself, as CPython
    elif len(want) == 0:
        assert where == WHERE_EMPTY
    elif len(want) == 1:
        assert where == WHERE_TABLE
    else:
        assert where == WHERE_HEAP and ob.o_padding_ok(3, 0)
    h.clean()


@examples(100)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=20))
def test_list_of_str(ob, s):
    h = H(ob)
    h.put(0, s, "s")
    assert ob.o_list_of_str(0, 1) == PASS
    assert h.get(1, "[s") == list(s)
    for i in range(len(s)):
        assert ob.o_where(1, i) == WHERE_TABLE
    h.clean()


# ---------------------------------------------------------------- MemoryError


def exact_heap(ob, setup):
    """Runs setup on a big heap to measure it, then again on a heap of
    exactly that many words: the next allocation fails."""
    h = H(ob)
    setup(h)
    need = ob.o_heap_top()
    h = H(ob, cap=need)
    setup(h)
    assert ob.o_heap_top() == need == ob.o_heap_cap()
    return h


CALLS_THAT_ALLOCATE = {
    "append": lambda ob: ob.o_list_append(0, 2),
    "insert": lambda ob: ob.o_list_insert(0, 0, 2),
    "extend": lambda ob: ob.o_list_extend(0, 0),
    "slice": lambda ob: ob.o_list_slice(0, I64_MIN, I64_MIN, -1, 3),
    "copy": lambda ob: ob.o_list_copy(0, 3),
    "concat": lambda ob: ob.o_list_concat(0, 0, 3),
    "repeat": lambda ob: ob.o_list_repeat(0, 2, 3),
    "new": lambda ob: ob.o_list_new(1, 3),
    "sort": lambda ob: ob.o_list_sort(0, C("i"), 0),
    "sort_keyed": lambda ob: ob.o_list_sort_keyed(0, 0, C("i"), 1),
    "heappush": lambda ob: ob.o_heapq_push(0, 2, C("i")),
    "split": lambda ob: ob.o_str_split(1, -1, 3),
    "join": lambda ob: ob.o_str_join(4, 5, 3),
    "list_of_str": lambda ob: ob.o_list_of_str(1, 3),
}


@pytest.mark.parametrize("name", sorted(CALLS_THAT_ALLOCATE))
def test_memory_error_leaves_values_intact(ob, name):
    items = list(range(20, 0, -1))

    def setup(h):
        h.put(0, items, "[i")
        h.put(1, "ab cd", "s")
        h.put(2, 7, "i")
        h.put(4, "--", "s")
        h.put(5, ["xy", "zw"], "[s")

    h = exact_heap(ob, setup)
    assert CALLS_THAT_ALLOCATE[name](ob) == MEMORY
    assert ob.o_heap_top() == ob.o_heap_cap()
    assert h.get(0, "[i") == items and ob.o_list_cap(0) == len(items)
    h.clean()


def test_memory_error_on_load_and_small_sorts(ob):
    h = H(ob, cap=5)
    assert h.load(0, [1, 2, 3], "[i") == MEMORY  # 3 header words + 3 items
    assert h.load(0, [1, 2], "[i") == PASS
    h = H(ob, cap=0)
    assert h.load(0, 5, "?i") == MEMORY and h.load(0, None, "?i") == PASS
    assert h.load(1, "abc", "s") == PASS and h.load(2, 4, "i") == PASS
    assert h.load(3, (), "()") == PASS
    # a short list needs no scratch: sorted in place on a full heap
    h = exact_heap(ob, lambda h: h.put(0, [5, 3, 4, 1], "[i"))
    assert ob.o_list_sort(0, C("i"), 0) == PASS and h.get(0, "[i") == [1, 3, 4, 5]
    h.clean()


def test_growth_falls_back_to_what_fits(ob):
    """When the doubled block does not fit, the exact need is taken."""
    h = exact_heap(ob, lambda h: h.put(0, list(range(10)), "[i"))
    ob.o_reset_heap(ob.o_heap_cap() + 1)
    h.put(0, list(range(10)), "[i")
    h.put(1, 99, "i")
    assert ob.o_list_append(0, 1) == PASS and ob.o_list_cap(0) == 11
    assert ob.o_list_append(0, 1) == MEMORY
    assert h.get(0, "[i") == list(range(10)) + [99]
    h.clean()


# ---------------------------------------------------------------- CUDA builds

CU_SOURCE = r'''
#include "objects.h"
extern "C" __global__ void objects_probe(int64_t* heapw, const int64_t* words, int64_t* out, int* res) {
  Heap h = {heapw, 0, 1 << 12};
  const char* code = "[(i?f[s)";
  const char* item = code + 1;
  int64_t v = 0, nw = 0, n = 0, r = 0, x = 0;
  int64_t *l2 = nullptr, *l3 = nullptr, *parts = nullptr;
  const int64_t* s = nullptr;
  int st = 0, c = 0;
  st += rt_load_value(&h, words, code, &v, &nw);
  rt_encode_value(v, code, out, 64, &n);
  st += rt_compare(v, v, code, CMP_LT, &c);
  st += rt_list_sort(&h, AS_PTR(v), item, 1);
  st += rt_list_slice(&h, AS_PTR(v), 1, INT64_MIN_, -1, &l2);
  st += rt_list_slice_set(&h, AS_PTR(v), 0, 1, INT64_MIN_, l2);
  st += rt_list_sort_keyed(&h, AS_PTR(v), l2, item, 0);
  st += rt_list_minmax(AS_PTR(v), item, 1, &r);
  st += rt_list_append(&h, l2, r);
  st += rt_list_extend(&h, l2, l2);
  st += rt_list_insert(&h, l2, 3, r);
  st += rt_list_pop(l2, -1, &r);
  st += rt_list_remove(l2, r, item);
  st += rt_list_set(l2, 0, r);
  st += rt_list_get(l2, 0, &r);
  st += rt_list_concat(&h, l2, l2, &l3);
  st += rt_list_repeat(&h, l3, 3, &l3);
  st += rt_list_copy(&h, l3, &l3);
  rt_list_reverse(l3);
  rt_list_clear(l3);
  st += rt_str_split(&h, words, nullptr, words, words, &parts);
  st += rt_str_split(&h, words, words, words, words, &parts);
  st += rt_str_join(&h, words, parts, words, words, &s);
  st += rt_list_of_str(&h, s, words, &parts);
  st += rt_list_sum_int(parts, 0, &x) + rt_list_sum_lists(&h, parts, parts, &l3);
  st += rt_list_new(&h, 3, &l3);
  res[0] = st + rt_matches(v, code, out, 1e-9) + rt_eq(v, v, code) + (int)rt_list_find(l3, 1, "i")
           + (int)rt_list_count(l3, 1, "i") + (int)rt_list_sum_float(parts, 0.0, 1) + rt_code_end(code, 0) + c;
}
'''


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")
def test_objects_compile_for_sm90_with_nvcc(tmp_path):
    src = tmp_path / "objects_probe.cu"
    src.write_text(CU_SOURCE)
    proc = subprocess.run(["nvcc", "-std=c++17", "-arch=sm_90", "-fmad=false", "-c", "-x", "cu",
                           f"-I{KERNELS}", str(src), "-o", str(tmp_path / "probe.o")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "warning" not in proc.stderr.lower(), proc.stderr


def test_objects_compile_with_nvrtc():
    nvrtc_compile(CU_SOURCE.encode(), "objects_probe.cu", ["-std=c++17", "-fmad=false", f"-I{KERNELS}"])


# ---------------------------------------------------------------- zip(*rows)

@examples(200)
@given(st.one_of(
    st.tuples(st.just("[i"), st.lists(st.lists(st.integers(-5, 5), max_size=5), max_size=6)),
    st.tuples(st.just("(iii)"), st.lists(st.tuples(*[st.integers(-5, 5)] * 3), max_size=6)),
    st.tuples(st.just("[s"), st.lists(st.lists(st.text("ab", max_size=2), max_size=4), max_size=4))))
def test_zip_rows_transposes_as_cpythons_zip(ob, case):
    """list(zip(*rows)): the rows' i-th items as tuples, up to the shortest
    row's length; rows that are lists or tuples of a fixed length."""
    code, rows = case
    h = H(ob)
    pl = h.put(0, rows, "[" + code)
    m = 3 if code.startswith("(") else 0
    assert ob.o_zip_rows(0, m, 1) == PASS
    item = code[1:] if code[0] == "[" else "i"
    assert same(h.get(1, "[*" + item), list(zip(*pl)))
    h.clean()
