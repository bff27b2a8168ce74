"""Encoding values into 64-bit words (gpubackend.values)."""

import math
import struct

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpubackend.types import code_end, is_hashable, parse_annotation, pretty, tuple_items
from gpubackend.values import (
    INT_MAX,
    INT_MIN,
    NUM_INT_MAX,
    NUM_INT_MIN,
    EncodeError,
    bits_float,
    decode,
    encode,
    float_bits,
    normalize,
    pack,
)

# ------------------------------------------------------------ the format


def test_scalars():
    assert encode(5, "i") == [5]
    assert encode(-1, "i") == [-1]
    assert encode(True, "b") == [1]
    assert encode(False, "b") == [0]
    assert encode(None, "n") == []
    assert encode(1.5, "f") == [struct.unpack("<q", struct.pack("<d", 1.5))[0]]
    assert encode(2, "f") == encode(2.0, "f")


def test_str_layout_matches_the_kernels_string_object():
    # length, then the bytes little-endian in whole words, zero padded
    assert encode("", "s") == [0]
    assert encode("ab", "s") == [2, ord("a") | ord("b") << 8]
    words = encode("abcdefghi", "s")
    assert words[0] == 9
    assert words[1] == int.from_bytes(b"abcdefgh", "little")
    assert words[2] == ord("i")


def test_containers():
    assert encode([1, 2, 3], "[i") == [3, 1, 2, 3]
    assert encode([], "[i") == [0]
    assert encode([1, "x"], "(is)") == [1, 1, ord("x")]
    assert encode((1, "x"), "(is)") == [1, 1, ord("x")]
    assert encode(None, "?i") == [0]
    assert encode(7, "?i") == [1, 7]
    assert encode([[1, 2], [3]], "[[i") == [2, 2, 1, 2, 1, 3]
    # dicts keep insertion order, from a dict or from [key, value] pairs
    assert encode({"b": 1, "a": 2}, "{si") == [2, 1, ord("b"), 1, 1, ord("a"), 2]
    assert encode([["b", 1], ["a", 2]], "{si") == encode({"b": 1, "a": 2}, "{si")
    assert encode([[[1, 2], True]], "{(ii)b") == [1, 1, 2, 1]
    assert encode([3, 1], "<i") == [2, 3, 1]


@pytest.mark.parametrize(
    "value, code, words",
    [
        ("abc", "i", ["expected int", "'abc'"]),
        (True, "i", ["expected int", "True"]),
        (2**63, "i", ["expected int", "64-bit", str(2**63)]),
        (INT_MIN - 1, "i", ["64-bit", str(INT_MIN - 1)]),
        (1, "b", ["expected bool", "1"]),
        ("1.0", "f", ["expected float", "'1.0'"]),
        (True, "f", ["expected float"]),
        (10**400, "f", ["expected float", "double range"]),
        ("caf\u00e9", "s", ["expected str", "ASCII"]),
        (3, "s", ["expected str", "3"]),
        (0, "n", ["expected None", "0"]),
        ((1, 2), "[i", ["expected list[int]"]),
        ([1, "x"], "[i", ["[1]", "expected int", "'x'"]),
        ([1, 2, 3], "(ii)", ["expected tuple[int, int]", "2 elements"]),
        ([[1, 2], [3, "y"]], "[(ii)", ["[1][1]", "expected int", "'y'"]),
        ("x", "?i", ["expected int", "'x'"]),
        ([1, 1], "<i", ["duplicate element 1"]),
        ([[1, 2], [1, 3]], "{ii", ["duplicate key 1"]),
        ([[1, 2, 3]], "{ii", ["expected dict[int, int]"]),
        ({"a": "x"}, "{si", ["['a']", "expected int", "'x'"]),
        ({1: 2}, "{si", ["key", "expected str", "1"]),
        (5, "<i", ["expected set[int]"]),
    ],
)
def test_encode_rejects_with_a_message_naming_type_and_value(value, code, words):
    with pytest.raises(ValueError) as e:
        encode(value, code)
    assert isinstance(e.value, EncodeError)
    for w in words:
        assert w in str(e.value)


def test_int_range_edges():
    assert encode(INT_MAX, "i") == [INT_MAX]
    assert encode(INT_MIN, "i") == [INT_MIN]


def test_decode_returns_python_shapes():
    code = "{s[(ib)"
    value, end = decode(encode({"k": [[1, True]]}, code), code)
    assert value == {"k": [(1, True)]}
    assert isinstance(value["k"][0], tuple)
    assert decode(encode([2, 1], "<i"), "<i")[0] == {1, 2}
    # pos and the returned end let values be read one after another
    words = encode(5, "i") + encode("hello", "s") + encode(None, "?i")
    v1, p = decode(words, "i")
    v2, p = decode(words, "s", p)
    v3, p = decode(words, "?i", p)
    assert (v1, v2, v3, p) == (5, "hello", None, len(words))


@pytest.mark.parametrize(
    "value, code, words, back",
    [
        (3, "|if)", [0, 3], 3),  # an int is the int member, though the float member would take it
        (3.5, "|if)", [1, float_bits(3.5)], 3.5),
        (True, "|bi)", [0, 1], True),
        (["a"], "|i[s)", [1, 1, 1, int.from_bytes(b"a", "little")], ["a"]),
        (["x", "y"], "|()(ss))", [1, 1, 120, 1, 121], ("x", "y")),  # a file's list is the tuple of its length
    ],
)
def test_union_value_is_its_member_then_the_value(value, code, words, back):
    assert encode(value, code) == words
    got = decode(words, code)[0]
    assert got == back and type(got) is type(back)


def test_union_refuses_a_value_of_no_member():
    with pytest.raises(EncodeError, match=r"int \| float"):
        encode("3", "|if)")
    with pytest.raises(ValueError, match="member 2 of a union of 2"):
        decode([2, 0], "|if)")


def test_decode_truncated_words():
    with pytest.raises(ValueError, match="end inside"):
        decode([3, 1, 2], "[i")


def test_decode_accepts_numpy_words():
    words, off = pack([[1, -2], [3]], "[i")
    assert decode(words, "[i", int(off[1]))[0] == [3]


def test_normalize_turns_file_shapes_into_python_values():
    assert normalize([[0, 3], [1, 2]], "[(ii)") == [(0, 3), (1, 2)]
    assert normalize([[1, "a"]], "{is") == {1: "a"}
    assert normalize(2, "f") == 2.0 and isinstance(normalize(2, "f"), float)


def test_pack_csr():
    words, off = pack([[1, 2], [], [7]], "[i")
    assert words.dtype == np.int64 and off.dtype == np.int64
    assert off.tolist() == [0, 3, 4, 6]
    assert words.tolist() == [2, 1, 2, 0, 1, 7]
    words, off = pack([1, "ab"], ["i", "s"])
    assert off.tolist() == [0, 1, 3]
    empty_words, empty_off = pack([], "i")
    assert len(empty_words) == 0 and empty_off.tolist() == [0]
    with pytest.raises(ValueError):
        pack([1, 2], ["i"])


# ------------------------------------------------------- floats, bit exact


@pytest.mark.parametrize("x", [0.0, -0.0, 1.0, -1.5, math.inf, -math.inf, 5e-324, 1.7976931348623157e308])
def test_float_round_trip_bits(x):
    (w,) = encode(x, "f")
    y, _ = decode([w], "f")
    assert float_bits(y) == float_bits(x)


def test_negative_zero_and_nan():
    assert encode(-0.0, "f") != encode(0.0, "f")
    assert math.copysign(1.0, decode(encode(-0.0, "f"), "f")[0]) == -1.0
    nan_words = encode(math.nan, "f")
    assert math.isnan(decode(nan_words, "f")[0])
    assert encode(decode(nan_words, "f")[0], "f") == nan_words


@given(st.integers(INT_MIN, INT_MAX))
def test_every_quiet_bit_pattern_survives(w):
    # Signalling NaNs may be quieted by the CPU on a load into a register;
    # every other pattern (quiet NaN payloads included) must be kept exactly.
    is_snan = (w >> 52) & 0x7FF == 0x7FF and (w & 0xFFFFFFFFFFFFF) and not (w >> 51) & 1
    if not is_snan:
        assert float_bits(bits_float(w)) == w


# ------------------------------------------------------- int | float ('r')


@given(st.one_of(st.integers(NUM_INT_MIN, NUM_INT_MAX), st.floats(allow_nan=False)))
def test_int_or_float_keeps_its_class_and_value(x):
    (w,) = encode(x, "r")
    y, _ = decode([w], "r")
    assert type(y) is type(x) and (y == x) and math.copysign(1, y) == math.copysign(1, x)


def test_int_or_float_words_are_the_kernels():
    assert encode(0, "r") == [-(2**51)]  # the tag alone: the NaN space no FPU makes
    assert encode(-1, "r") == [-1]
    assert encode(2.5, "r") == [float_bits(2.5)]
    x86_nan = struct.unpack("<d", struct.pack("<Q", 0xFFF8000000000000))[0]
    assert encode(x86_nan, "r") == [0x7FF8000000000000]  # a NaN in the tag's space becomes the positive one
    assert math.isnan(decode(encode(x86_nan, "r"), "r")[0])
    assert decode(encode([1, 2.0, -3], "[r"), "[r")[0] == [1, 2.0, -3]


@pytest.mark.parametrize("value, words", [
    (NUM_INT_MAX + 1, "range of an int | float's int"), (NUM_INT_MIN - 1, "range of an int | float's int"),
    (True, "expected int | float"), ("1", "expected int | float"),
])
def test_int_or_float_refuses_what_it_cannot_hold(value, words):
    with pytest.raises(EncodeError, match=words):
        encode(value, "r")


# ----------------------------------------------- round trip, generated types

SCALAR_CODES = st.sampled_from("nbifs")


def _hashable_codes():
    base = st.sampled_from("ibs")
    return st.recursive(
        base, lambda inner: st.lists(inner, max_size=3).map(lambda cs: "(" + "".join(cs) + ")"),
        max_leaves=4,
    )


def _extend(inner):
    return st.one_of(
        inner.map(lambda c: "[" + c),
        st.lists(inner, max_size=3).map(lambda cs: "(" + "".join(cs) + ")"),
        # Optional of None or of an Optional cannot be written in Python.
        inner.filter(lambda c: c[0] not in "n?").map(lambda c: "?" + c),
        st.tuples(_hashable_codes(), inner).map(lambda kv: "{" + kv[0] + kv[1]),
        _hashable_codes().map(lambda c: "<" + c),
    )


TYPE_CODES = st.recursive(SCALAR_CODES, _extend, max_leaves=6)


def values_of(code: str):
    """A strategy for Python values of the type `code`."""
    c = code[0]
    if c == "n":
        return st.none()
    if c == "b":
        return st.booleans()
    if c == "i":
        return st.integers(INT_MIN, INT_MAX)
    if c == "f":
        return st.floats(allow_nan=True, allow_infinity=True)
    if c == "s":
        return st.text(alphabet=st.characters(max_codepoint=127), max_size=20)
    if c == "[":
        return st.lists(values_of(code[1:]), max_size=4)
    if c == "?":
        return st.one_of(st.none(), values_of(code[1:]))
    if c == "(":
        return st.tuples(*[values_of(x) for x in tuple_items(code)])
    if c == "<":
        return st.sets(values_of(code[1:]), max_size=4)
    if c == "{":
        k_end = code_end(code, 1)
        return st.dictionaries(values_of(code[1:k_end]), values_of(code[k_end:]), max_size=4)
    raise AssertionError(code)


@st.composite
def typed_values(draw):
    code = draw(TYPE_CODES)
    return code, draw(values_of(code))


def canon(value, code):
    """A comparable form of a typed value: floats as their bits (so NaN and
    -0.0 compare exactly), sets as frozensets (their order is not kept by a
    Python set), dicts as item tuples (their order is)."""
    c = code[0]
    if c == "f":
        return float_bits(value)
    if c == "?":
        return None if value is None else ("some", canon(value, code[1:]))
    if c == "[":
        return tuple(canon(v, code[1:]) for v in value)
    if c == "(":
        return tuple(canon(v, x) for v, x in zip(value, tuple_items(code)))
    if c == "<":
        return frozenset(canon(v, code[1:]) for v in value)
    if c == "{":
        k_end = code_end(code, 1)
        return tuple((canon(k, code[1:k_end]), canon(v, code[k_end:])) for k, v in value.items())
    return (type(value), value)


@settings(max_examples=300, deadline=None)
@given(typed_values())
def test_round_trip(cv):
    code, value = cv
    words = encode(value, code)
    assert all(INT_MIN <= w <= INT_MAX for w in words)
    back, end = decode(words, code)
    assert end == len(words)
    assert canon(back, code) == canon(value, code)
    if "<" not in code:  # a Python set does not keep the encoded order
        assert encode(back, code) == words


@settings(max_examples=100, deadline=None)
@given(TYPE_CODES)
def test_generated_codes_are_parseable_annotations(code):
    assert parse_annotation(pretty(code)) == code
    if code[0] in "{<":
        assert is_hashable(code[1:code_end(code, 1)])
