"""gpubackend/sandbox/wire.py: values cross the sandbox wall exactly (every
bit of a float, the exact container types), anything else crosses as an
opaque value that equals nothing, and `matches` is the VM's rule."""

from __future__ import annotations

import json
import math

import pytest

from gpubackend.sandbox import wire

NAN, INF = float("nan"), float("inf")


def through(value):
    """`value` after the trip a result makes: to_wire in the child, one JSON
    line on the pipe, from_wire in the host."""
    return wire.from_wire(json.loads(wire.dumps({"ret": wire.to_wire(value)}))["ret"])


def same(a, b) -> bool:
    """Equal with the same types all the way down, floats bit for bit."""
    if type(a) is not type(b):
        return False
    if type(a) is float:
        return a.hex() == b.hex()
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if type(a) is dict:
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return a == b


@pytest.mark.parametrize("value", [None, True, False, 0, -7, 2**63, 2**64 + 1, -(2**200), 10**4000, "",
                                   "héllo\n\0\"\\", "\ud800", "🙂" * 3])
def test_plain_values_cross_as_themselves(value):
    assert same(through(value), value)


@pytest.mark.parametrize("value", [0.0, -0.0, 0.1, -2.5, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                                   INF, -INF, NAN, 1 / 3])
def test_floats_cross_bit_for_bit(value):
    back = through(value)
    assert type(back) is float and back.hex() == value.hex()


def test_minus_zero_keeps_its_sign():
    assert math.copysign(1.0, through(-0.0)) == -1.0


def test_bytes_cross_as_bytes():
    for value in (b"", b"\0\xff\n", bytes(range(256))):
        assert same(through(value), value)


def test_containers_keep_their_exact_types_and_order():
    value = [1, (2, 3.5, ()), {4, 5}, frozenset({6, (7, 8)}), [],
             {"b": [1], "a": (2,), 3: {"n": {b"k": None}}, (1, 2): frozenset()}]
    back = through(value)
    assert same(back, value)
    assert list(back[5]) == ["b", "a", 3, (1, 2)]  # insertion order, not sorted
    assert type(back[2]) is set and type(back[3]) is frozenset


class AlwaysEqual:
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


class SneakyInt(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class SneakyList(list):
    def __eq__(self, other):
        return True


class BadRepr:
    def __repr__(self):
        raise RuntimeError("no")


@pytest.mark.parametrize("value", [AlwaysEqual(), SneakyInt(3), SneakyList([1]), BadRepr(), print, 1j,
                                   bytearray(b"x")])
def test_any_other_object_crosses_opaque_and_matches_nothing(value):
    back = through(value)
    assert isinstance(back, wire.Opaque)
    assert back.type == type(value).__name__ and len(back.repr) <= wire.REPR_CHARS
    for expected in (None, 0, 3, 1.0, "", [1], (), {}, set(), b"x", AlwaysEqual()):
        assert not wire.matches(back, expected, None)
        assert not wire.matches(back, expected, 1e-6)
    assert back != back


def test_an_opaque_value_inside_a_container_fails_the_container():
    assert not wire.matches(through([1, AlwaysEqual()]), [1, 2], None)
    assert not wire.matches(through({"k": SneakyInt(2)}), {"k": 2}, None)
    assert not wire.matches(through((SneakyList(),)), ([],), None)


def test_a_huge_repr_is_cut():
    class Loud:
        def __repr__(self):
            return "x" * 10**6

    assert len(wire.to_wire(Loud())["repr"]) == wire.REPR_CHARS


def nested(depth: int):
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_nesting_up_to_the_limit_crosses_and_deeper_is_opaque():
    ok = nested(wire.MAX_DEPTH)
    assert through(ok) == ok and wire.matches(through(ok), ok, None)
    deep = nested(wire.MAX_DEPTH + 1)
    back = through(deep)
    inner = back
    for _ in range(wire.MAX_DEPTH):
        inner = inner[0]
    assert isinstance(inner, wire.Opaque)
    assert not wire.matches(back, deep, None)


def test_a_self_containing_list_crosses_without_recursing_for_ever():
    loop: list = [1]
    loop.append(loop)
    back = through(loop)
    assert back[0] == 1 and not wire.matches(back, [1, [1]], None)


@pytest.mark.parametrize("data", [1.5, {"x": 1}, {"f": 1}, {"t": "ab"}, {"b": 3}, {"d": 1}, {},
                                  {"f": "0x1p0", "t": [], "x": 1}, {"set": "ab"}])
def test_what_to_wire_never_writes_is_refused(data):
    with pytest.raises(ValueError):
        wire.from_wire(data)


def test_wire_lines_never_hold_nan_or_infinity_literals():
    line = wire.dumps({"ret": wire.to_wire([NAN, INF, -INF])})
    assert b"NaN" not in line and b"Infinity" not in line
    assert line.endswith(b"\n") and line.count(b"\n") == 1


def test_an_int_of_any_size_crosses():
    assert through(10**5000) == 10**5000


# ---------------------------------------------------------------- matches

def test_nan_matches_nan_and_nothing_else():
    assert wire.matches(NAN, NAN, None) and wire.matches(NAN, NAN, 1e-6)
    assert wire.matches([NAN], [NAN], None)
    assert not wire.matches(NAN, 1.0, None) and not wire.matches(1.0, NAN, 1e-6)
    assert not wire.matches(NAN, INF, 1e-6)


def test_minus_zero_matches_zero():
    assert wire.matches(-0.0, 0.0, None) and wire.matches(0.0, -0.0, None) and wire.matches(-0.0, 0, None)


def test_without_a_tolerance_floats_match_exactly():
    assert wire.matches(0.1 + 0.2, 0.30000000000000004, None)
    assert not wire.matches(0.1 + 0.2, 0.3, None)


@pytest.mark.parametrize("tol", [1e-9, 1e-6, 0.1])
@pytest.mark.parametrize("a, e", [(1.0, 1.0 + 1e-7), (1e6, 1e6 + 0.5), (1e6, 1e6 + 2.0), (1e-12, 0.0),
                                  (0.0, 1e-300), (0.0, 0.0), (1e-300, 1.0000001e-300), (-1.0, 1.0),
                                  (-5.0, -5.4), (INF, INF), (-INF, -INF), (INF, 1e308), (-INF, INF),
                                  (1.7976931348623157e308, 1.7e308), (3, 3.0000001), (100, 105.0)])
def test_the_tolerance_is_relative_as_in_math_isclose(a, e, tol):
    assert wire.matches(a, e, tol) == math.isclose(a, e, rel_tol=tol)


def test_the_tolerance_reaches_into_containers():
    assert wire.matches([1.0 + 1e-9, (2.0,)], [1.0, (2.0 + 1e-9,)], 1e-6)
    assert wire.matches({"a": 1.0 + 1e-9}, {"a": 1.0}, 1e-6)
    assert not wire.matches({"a": 1.0 + 1e-9}, {"a": 1.0}, None)


def test_a_list_never_matches_a_tuple():
    assert not wire.matches([1, 2], (1, 2), None)
    assert not wire.matches((1, 2), [1, 2], None)
    assert not wire.matches([(1, 2)], [[1, 2]], None)
    assert not wire.matches([], (), None)
    assert wire.matches([(1, 2)], [(1, 2)], None)


def test_ints_and_floats_match_by_value():
    assert wire.matches(1, 1.0, None) and wire.matches(1.0, 1, None)
    assert wire.matches(2**53, float(2**53), None)
    assert not wire.matches(2**53 + 1, float(2**53), None)  # Python's exact comparison
    assert not wire.matches(1.5, 1, None)


def test_a_huge_int_against_a_float_is_a_mismatch_not_a_crash():
    for tol in (None, 1e-9):
        assert not wire.matches(10**400, 1e308, tol)
        assert not wire.matches(1e308, 10**400, tol)
        assert not wire.matches(10**400, INF, tol)
        assert not wire.matches(INF, 10**400, tol)


def test_nan_against_a_huge_int_is_a_mismatch_not_a_crash():
    for tol in (None, 1e-9):
        assert not wire.matches(NAN, 10**400, tol)


def test_other_values_match_by_python_equality():
    assert wire.matches("abc", "abc", None) and not wire.matches("1", 1, None)
    assert wire.matches({1, 2}, {2, 1}, None) and not wire.matches({1}, [1], None)
    assert wire.matches(b"\0", b"\0", None) and not wire.matches(b"a", "a", None)
    assert wire.matches(None, None, None) and not wire.matches(None, 0, None)
    assert not wire.matches([("a", 1)], {"a": 1}, None)
    assert not wire.matches({"a": 1}, {"a": 1, "b": 2}, None)
