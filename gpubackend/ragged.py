"""Ragged arrays as flat ones: the two primitives the device path builds on.

Items of varying size (tokens of a row, bytes of a token, bytes of a text)
are laid end to end; `offsets` says where each item starts, `expand` says,
for every element, which item it belongs to and where in it. Written
against xp (numpy or cupy).
"""

from __future__ import annotations

from .link import Link


def offsets(xp, counts, dtype=None):
    """[0, counts[0], counts[0] + counts[1], ...]: item i spans
    [offsets[i], offsets[i + 1]); the last entry is the total."""
    dtype = dtype or xp.int64
    return xp.concatenate([xp.zeros(1, dtype), xp.cumsum(counts, dtype=dtype)])


def expand(link: Link, counts, total: int | None = None):
    """(owner, within, off) for items of `counts` elements laid end to end:
    element j is element within[j] of item owner[j]; off is offsets(counts).
    `total` (the sum of counts), when the caller knows it, saves reading it
    back from the device."""
    xp = link.xp
    off = offsets(xp, counts)
    if total is None:
        total = int(link.item(off[-1]))
    pos = xp.arange(total)
    owner = xp.searchsorted(off[1:], pos, side="right")
    return owner, pos - off[owner], off
