"""Identical candidates, found on the device: compiled and run once.

Model samples repeat (low temperatures, easy problems), so a batch of k
texts often holds far fewer distinct programs. Each text's bytes are hashed
with a polynomial in wrapping 64-bit arithmetic (prefix sums of b[i] * P^i,
shifted to the text's start by the inverse power), texts are grouped by
(hash, length), and every text is then compared byte for byte with its
group's first: a hash collision costs a compile, never a wrong verdict.
Written against xp (numpy or cupy). On the CPU backend the texts are in
host memory already and a dictionary of their bytes is faster than any
array pass; both give the same grouping (tests/test_dedup.py).
"""

from __future__ import annotations

import numpy as np

from .detok import Texts
from .link import Link
from .ragged import expand, offsets

# An odd multiplier, so that it has an inverse modulo 2^64.
_P = 0x100000001B3
_P_INV = pow(_P, -1, 1 << 64)


def _powers(xp, base: int, n: int):
    """base^0 .. base^(n-1) modulo 2^64."""
    steps = xp.full(n, np.uint64(base), dtype=xp.uint64)  # a typed scalar: base may pass 2^63
    steps[:1] = 1
    return xp.cumprod(steps, dtype=xp.uint64)


def distinct(link: Link, texts: Texts, group=None):
    """(programs, index): `programs` are the texts to compile (a Texts over
    the same buffer), and candidate c is program index[c]. Programs come in
    the order of their first candidates.

    group: int64 [k], each candidate's problem (None: one problem): equal
    texts of different problems stay apart, as they compile differently.
    """
    if link.xp is np:
        return _distinct_host(texts, group)
    return distinct_arrays(link, texts, group)


def _distinct_host(texts: Texts, group=None):
    data = texts.data.tobytes()
    seen: dict[tuple[int, bytes], int] = {}
    groups = group.tolist() if group is not None else [0] * len(texts.begin)
    index = np.array([seen.setdefault((g, data[b:e]), len(seen))
                      for g, b, e in zip(groups, texts.begin.tolist(), texts.end.tolist())], np.int64)
    first = np.zeros(len(seen), np.int64)
    first[index[::-1]] = np.arange(len(index) - 1, -1, -1)  # the first candidate of each program
    return Texts(texts.data, texts.begin[first], texts.end[first]), index


def distinct_arrays(link: Link, texts: Texts, group=None):
    """distinct() as array passes, for device memory."""
    xp = link.xp
    k, n = len(texts.begin), len(texts.data)
    if k == 0:
        return texts, xp.zeros(0, xp.int64)
    with np.errstate(over="ignore"):
        weighted = texts.data.astype(xp.uint64) * _powers(xp, _P, n)
        prefix = offsets(xp, weighted, dtype=xp.uint64)
        inv = xp.concatenate([_powers(xp, _P_INV, n), xp.ones(1, xp.uint64)])
        length = texts.end - texts.begin
        digest = (prefix[texts.end] - prefix[texts.begin]) * inv[texts.begin]
        key = digest ^ (length.astype(xp.uint64) * xp.uint64(0x9E3779B97F4A7C15))
        if group is not None:
            key = key ^ ((group.astype(xp.uint64) + xp.uint64(1)) * xp.uint64(0xC2B2AE3D27D4EB4F))
    _, first, inverse = xp.unique(key, return_index=True, return_inverse=True)
    rep = first[inverse.ravel()]
    same = _same_bytes(link, texts, rep)
    if group is not None:  # a collision across problems must not merge them
        same &= group[rep] == group
    rep = xp.where(same, rep, xp.arange(k))
    programs = xp.flatnonzero(rep == xp.arange(k))
    index = xp.searchsorted(programs, rep)
    return Texts(texts.data, texts.begin[programs], texts.end[programs]), index


def _same_bytes(link: Link, texts: Texts, rep):
    """bool [k]: text c equals text rep[c], byte for byte."""
    xp = link.xp
    length = texts.end - texts.begin
    same_len = length == length[rep]
    owner, within, off = expand(link, xp.where(same_len, length, 0))
    differs = texts.data[texts.begin[owner] + within] != texts.data[texts.begin[rep[owner]] + within]
    seen = offsets(xp, differs)
    return same_len & (seen[off[1:]] == seen[off[:-1]])
