"""Values <-> 64-bit words, by type code: the layout the kernels decode.

    int    one word                  bool   one word, 0 or 1
    float  one word, the IEEE-754 bits                 None   no words
    str    length n, then ceil(n/8) words of bytes, little-endian, zero padded
           (the kernels' in-memory string object has this layout too)
    list   n, then n elements        tuple  its elements in order
    Optional  tag (0 None, 1 present), then the value if present
    dict   n, then n (key, value) pairs in insertion order
    set    n, then the n elements in the given order

Words are Python ints in [-2**63, 2**63) here and numpy int64 once packed.
Encoding validates strictly, because a test value that the kernels would read
under another type gives verdicts that look like the candidate's fault.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import numpy as np

from .types import check_code, code_end, pretty, tuple_items, union_members

INT_MIN = -(2**63)
INT_MAX = 2**63 - 1

# An int | float (type code 'r') is one word that says its class
# (kernels/numbers.h): a float's bits, or an int in the low NUM_INT_BITS
# bits under a tag of set bits, a NaN no FPU makes.
NUM_INT_BITS = 51
NUM_INT_MIN, NUM_INT_MAX = -(2 ** (NUM_INT_BITS - 1)), 2 ** (NUM_INT_BITS - 1) - 1
_NUM_TAG = (2**64 - 1) ^ (2**NUM_INT_BITS - 1)
_NUM_NAN = 0x7FF8000000000000


class Key(NamedTuple):
    """A step into a dict value, in an EncodeError path (printed as [key])."""

    key: Any


class EncodeError(ValueError):
    """A value that does not fit its type.

    detail: what is wrong, naming the expected type and the offending value.
    path: where inside the value: ints index lists/tuples/sets, Key steps
        into dicts; empty when the value itself is wrong.
    """

    def __init__(self, detail: str, path: tuple = ()):
        self.detail = detail
        self.path = path
        super().__init__(f"{format_path(path)}: {detail}" if path else detail)

    def inside(self, step: int | Key) -> "EncodeError":
        """The same error seen from the enclosing value (one step up)."""
        return EncodeError(self.detail, (step,) + self.path)


def format_path(path: Iterable[int | str | Key]) -> str:
    """('tests', 1, 'args', 0, Key('a')) -> "tests[1].args[0]['a']".

    path: steps: str for a field name, int for an index, Key for a dict key.
    """
    out = ""
    for step in path:
        if isinstance(step, Key):
            out += f"[{step.key!r}]"
        elif isinstance(step, int):
            out += f"[{step}]"
        else:
            out += f".{step}" if out else step
    return out


def _short(value: Any) -> str:
    """repr of a value, cut so an error message stays on one line."""
    r = repr(value)
    return r if len(r) <= 60 else r[:57] + "..."


def _bad(code: str, value: Any, why: str = "") -> EncodeError:
    return EncodeError(f"expected {pretty(code)}{why}, got {_short(value)}")


# ------------------------------------------------------------------ encoding


def float_bits(x: float) -> int:
    """The IEEE-754 bits of a float as a signed 64-bit int (exact, NaN too)."""
    return struct.unpack("<q", struct.pack("<d", x))[0]


def _signed(w: int) -> int:
    return w - 2**64 if w >= 2**63 else w


def num_word(x: int | float) -> int:
    """The word of an int | float: an int of NUM_INT_BITS bits under the
    tag, or a float's bits (a NaN in the tag's space as the positive NaN)."""
    if isinstance(x, int):
        return _signed(_NUM_TAG | (x & (2**NUM_INT_BITS - 1)))
    w = float_bits(x) & (2**64 - 1)
    return _signed(_NUM_NAN if w & _NUM_TAG == _NUM_TAG else w)


def word_num(w: int) -> int | float:
    """The int or float of an int | float's word (num_word's inverse)."""
    u = w & (2**64 - 1)
    if u & _NUM_TAG != _NUM_TAG:
        return bits_float(w)
    low = u & (2**NUM_INT_BITS - 1)
    return low - 2**NUM_INT_BITS if low >= 2 ** (NUM_INT_BITS - 1) else low


def bits_float(w: int) -> float:
    """The float whose IEEE-754 bits are the signed 64-bit int `w`."""
    return struct.unpack("<d", struct.pack("<q", w))[0]


def str_words(s: str) -> list[int]:
    """The kernels' string object: length, then the bytes in whole words.

    s: an ASCII string (checked by the caller).
    """
    data = s.encode("ascii")
    out = [len(data)]
    for i in range(0, len(data), 8):
        out.append(int.from_bytes(data[i:i + 8].ljust(8, b"\0"), "little", signed=True))
    return out


def encode(value: Any, code: str) -> list[int]:
    """Encode `value` as words under the type code `code`.

    value: a Python value as read from TOML/JSON or built in Python; tuples
        may be given as lists, dicts as lists of [key, value] pairs, sets as
        lists.
    code: the value's type code (see gpubackend.types).
    Raises EncodeError (a ValueError) naming the expected type, the offending
    value and, for nested values, where it sits.
    """
    out: list[int] = []
    _encode(value, check_code(code), out)
    return out


def _encode(value: Any, code: str, out: list[int]) -> None:
    c = code[0]
    if c == "i":
        # bool is an int subclass in Python, but True in an int slot is almost
        # always a mistake in the test data, so it is refused.
        if not isinstance(value, int) or isinstance(value, bool):
            raise _bad(code, value)
        if not INT_MIN <= value <= INT_MAX:
            raise _bad(code, value, " in the signed 64-bit range [-2**63, 2**63-1]")
        out.append(value)
    elif c == "b":
        if not isinstance(value, bool):
            raise _bad(code, value)
        out.append(int(value))
    elif c == "f":
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise _bad(code, value)
        try:
            out.append(float_bits(float(value)))
        except OverflowError:
            raise _bad(code, value, " within the double range") from None
    elif c == "r":
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise _bad(code, value)
        if isinstance(value, int) and not NUM_INT_MIN <= value <= NUM_INT_MAX:
            raise _bad(code, value, f" in the range of an int | float's int [-2**{NUM_INT_BITS - 1}, 2**{NUM_INT_BITS - 1}-1]")
        out.append(num_word(value))
    elif c == "n":
        if value is not None:
            raise _bad(code, value)
    elif c == "s":
        if not isinstance(value, str):
            raise _bad(code, value)
        if not value.isascii():
            raise _bad(code, value, " (ASCII only)")
        out.extend(str_words(value))
    elif c == "?":
        if value is None:
            out.append(0)
        else:
            out.append(1)
            _encode(value, code[1:], out)
    elif c == "[":
        if not isinstance(value, list):
            raise _bad(code, value)
        _encode_items(value, code[1:], out)
    elif c == "*":
        # a list's layout; TOML and JSON have only arrays, so a list is one too
        if not isinstance(value, (list, tuple)):
            raise _bad(code, value)
        _encode_items(value, code[1:], out)
    elif c == "(":
        _encode_tuple(value, code, out)
    elif c == "<":
        _encode_set(value, code, out)
    elif c == "{":
        _encode_dict(value, code, out)
    elif c == "|":
        _encode_union(value, code, out)
    else:  # check_code rules this out; kept for a clear failure
        raise EncodeError(f"bad type code {code!r}")


def _encode_items(items: Sequence, code: str, out: list[int]) -> None:
    """n, then n elements of type `code`, errors located by index."""
    out.append(len(items))
    for i, item in enumerate(items):
        try:
            _encode(item, code, out)
        except EncodeError as e:
            raise e.inside(i) from None


def _encode_tuple(value: Any, code: str, out: list[int]) -> None:
    # TOML and JSON have only arrays, so a list of the right arity is a tuple.
    items = tuple_items(code)
    if not isinstance(value, (list, tuple)):
        raise _bad(code, value)
    if len(value) != len(items):
        raise _bad(code, value, f" ({len(items)} elements)")
    for i, (item, c) in enumerate(zip(value, items)):
        try:
            _encode(item, c, out)
        except EncodeError as e:
            raise e.inside(i) from None


def _hashable(value: Any) -> Any:
    """A key for duplicate detection: lists (tuples from TOML/JSON) -> tuples."""
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    return value


def _encode_set(value: Any, code: str, out: list[int]) -> None:
    if isinstance(value, (set, frozenset)):
        value = list(value)
    if not isinstance(value, list):
        raise _bad(code, value)
    _encode_items(value, code[1:], out)
    seen = set()
    for i, item in enumerate(value):
        h = _hashable(item)
        if h in seen:
            raise EncodeError(f"duplicate element {_short(item)} in a set", (i,))
        seen.add(h)


def _encode_dict(value: Any, code: str, out: list[int]) -> None:
    k_code = code[1:code_end(code, 1)]
    v_code = code[len(k_code) + 1:]
    if isinstance(value, dict):
        pairs = list(value.items())
    elif isinstance(value, list) and all(
        isinstance(p, (list, tuple)) and len(p) == 2 for p in value
    ):
        pairs = [tuple(p) for p in value]
    else:
        raise _bad(code, value, " (a dict or a list of [key, value] pairs)")
    out.append(len(pairs))
    seen = set()
    for i, (k, v) in enumerate(pairs):
        try:
            _encode(k, k_code, out)
        except EncodeError as e:
            raise EncodeError(f"key: {e.detail}", (i,) + e.path) from None
        h = _hashable(k)
        if h in seen:
            raise EncodeError(f"duplicate key {_short(k)} in a dict", (i,))
        seen.add(h)
        try:
            _encode(v, v_code, out)
        except EncodeError as e:
            raise e.inside(Key(h)) from None


# The member a value of each Python type takes first, where a union has it.
_MEMBER_OF_TYPE = {bool: "b", int: "i", float: "f", str: "s", list: "[", tuple: "("}


def _encode_union(value: Any, code: str, out: list[int]) -> None:
    """A union value: its member's index, then its encoding under that
    member. The member is the one of the value's own type (an int is an
    int, not a float); else the first that takes it (a JSON list for a
    tuple)."""
    members = union_members(code)
    own = _MEMBER_OF_TYPE.get(type(value))
    order = sorted(range(len(members)), key=lambda m: members[m][0] != own)
    for m in order:
        words: list[int] = []
        try:
            _encode(value, members[m], words)
        except EncodeError:
            continue
        out.append(m)
        out.extend(words)
        return
    raise _bad(code, value)


# ------------------------------------------------------------------ decoding


def decode(words: Sequence[int], code: str, pos: int = 0) -> tuple[Any, int]:
    """Decode one value of type `code` from `words` starting at `pos`.

    words: a sequence of 64-bit words (list of int or numpy int64 array).
    code: the value's type code.
    pos: index of the value's first word.
    Returns (value, index just past it). Tuples come back as tuple, lists as
    list, sets as set, dicts as dict, floats from their bits.
    Raises ValueError if the words end before the value does.
    """
    try:
        return _decode(words, check_code(code), pos)
    except IndexError:
        raise ValueError(f"words end inside a value of type {pretty(code)}") from None


def _word(words: Sequence[int], pos: int) -> int:
    if pos >= len(words):
        raise IndexError(pos)
    return int(words[pos])


def _decode(words: Sequence[int], code: str, pos: int) -> tuple[Any, int]:
    c = code[0]
    if c == "i":
        return _word(words, pos), pos + 1
    if c == "b":
        return _word(words, pos) != 0, pos + 1
    if c == "f":
        return bits_float(_word(words, pos)), pos + 1
    if c == "r":
        return word_num(_word(words, pos)), pos + 1
    if c == "n":
        return None, pos
    if c == "s":
        n = _word(words, pos)
        nw = (n + 7) // 8
        data = b"".join(
            _word(words, pos + 1 + i).to_bytes(8, "little", signed=True) for i in range(nw)
        )
        return data[:n].decode("ascii"), pos + 1 + nw
    if c == "?":
        if _word(words, pos) == 0:
            return None, pos + 1
        return _decode(words, code[1:], pos + 1)
    if c == "|":
        members = union_members(code)
        m = _word(words, pos)
        if not 0 <= m < len(members):
            raise ValueError(f"member {m} of a union of {len(members)} types")
        return _decode(words, members[m], pos + 1)
    if c == "(":
        items = []
        pos_ = pos
        for item_code in tuple_items(code):
            v, pos_ = _decode(words, item_code, pos_)
            items.append(v)
        return tuple(items), pos_
    n = _word(words, pos)
    pos += 1
    if c in "[*<":
        items = []
        for _ in range(n):
            v, pos = _decode(words, code[1:], pos)
            items.append(v)
        return (items if c == "[" else tuple(items) if c == "*" else set(items)), pos
    if c == "{":
        k_code = code[1:code_end(code, 1)]
        v_code = code[len(k_code) + 1:]
        d = {}
        for _ in range(n):
            k, pos = _decode(words, k_code, pos)
            d[k], pos = _decode(words, v_code, pos)
        return d, pos
    raise ValueError(f"bad type code {code!r}")


def normalize(value: Any, code: str) -> Any:
    """`value` as the Python value a DSL function would see or return.

    Turns TOML/JSON shapes into Python ones (lists into tuples, pair lists
    into dicts, ...), so CPython reference runs get the right argument types.
    value: as accepted by `encode`.
    code: its type code.
    """
    return decode(encode(value, code), code)[0]


# ------------------------------------------------------------------- packing


def pack(values: Sequence[Any], codes: str | Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Encode values into one CSR array pair (words, offsets).

    values: the values, one row each.
    codes: one type code for every value, or a sequence parallel to `values`.
    Returns words (int64) and offsets (int64, len(values) + 1): row i is
    words[offsets[i]:offsets[i+1]].
    """
    if isinstance(codes, str):
        codes = [codes] * len(values)
    if len(codes) != len(values):
        raise ValueError(f"{len(values)} values but {len(codes)} type codes")
    words: list[int] = []
    offsets = [0]
    for v, c in zip(values, codes):
        words.extend(encode(v, c))
        offsets.append(len(words))
    return np.array(words, dtype=np.int64), np.array(offsets, dtype=np.int64)
