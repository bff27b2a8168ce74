"""Code extraction: the program inside a model's answer.

The rule (docs/device-path.md): a fence is three backquotes at the start of
a line. When a text has one, the code is the lines after the first fence's
line (whatever follows the backquotes there, such as `python`, is its info
string) up to the next fence, or to the end of the text when no fence closes
it. A text without a fence is all code.

`extract_code` states the rule on one string; `extract` applies it to every
text of a buffer at once with array searches (xp: numpy or cupy), narrowing
[begin, end) ranges without copying a byte.
"""

from __future__ import annotations

from .detok import Texts
from .link import Link

FENCE = b"```"


def source_bytes(text: str) -> bytes:
    """A text's bytes as the kernels read them: UTF-8, a surrogate that
    stands for a byte (surrogateescape) as that byte, and any other lone
    surrogate (half an emoji cut from a model's answer) as its three bytes,
    which are not UTF-8, so that the compiler refuses it as CPython does
    rather than the call raising."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def extract_code(text: str | bytes) -> str | bytes:
    """The code of one answer, by the rule above (the reference for `extract`)."""
    raw = source_bytes(text) if isinstance(text, str) else text
    opening = _fence(raw, 0)
    if opening < 0:
        return text
    newline = raw.find(b"\n", opening)
    body = len(raw) if newline < 0 else newline + 1
    close = _fence(raw, body)
    code = raw[body:len(raw) if close < 0 else close]
    return code.decode("utf-8", "surrogateescape") if isinstance(text, str) else code


def _fence(raw: bytes, i: int) -> int:
    """The first fence at or after i that starts a line, or -1."""
    while (j := raw.find(FENCE, i)) > 0 and raw[j - 1] != 0x0A:
        i = j + 1
    return j


def extract(link: Link, texts: Texts) -> Texts:
    """Every text narrowed to its code block (see the module docstring)."""
    xp = link.xp
    data, begin, end = texts.data, texts.begin, texts.end
    n = len(data)
    if n < 3:
        return texts
    line_start = xp.concatenate([xp.ones(1, bool), data[:-1] == 0x0A])
    line_start[begin[begin < n]] = True
    tick = data == 0x60
    fence = xp.flatnonzero(tick[:-2] & tick[1:-1] & tick[2:] & line_start[:-2])
    if len(fence) == 0:
        return texts
    newline = xp.flatnonzero(data == 0x0A)
    opening = _first_at_or_after(xp, fence, begin, end - 3)
    has = opening >= 0
    nl = _first_at_or_after(xp, newline, opening, end - 1)
    body = xp.where(nl >= 0, nl + 1, end)
    closing = _first_at_or_after(xp, fence, body, end - 3)
    close = xp.where(closing >= 0, closing, end)
    return Texts(data, xp.where(has, body, begin), xp.where(has, xp.maximum(close, body), end))


def _first_at_or_after(xp, sorted_pos, lo, hi):
    """For each i, the first of sorted_pos in [lo[i], hi[i]], or -1."""
    if len(sorted_pos) == 0:
        return xp.full(len(lo), -1, xp.int64)
    i = xp.searchsorted(sorted_pos, lo)
    found = xp.where(i < len(sorted_pos), sorted_pos[xp.minimum(i, len(sorted_pos) - 1)], -1)
    return xp.where((found >= 0) & (found <= hi) & (lo >= 0), found, -1)
