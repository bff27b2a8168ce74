"""Detokenization as array operations: token ids [k, T] -> text bytes.

Written once against the array API NumPy and CuPy share (`xp`), so the GPU
runs what CI tests. A token buffer becomes text in three data-parallel
steps: each kept token's byte length (a gather from the Vocab table), their
prefix sum (where each token's bytes go), and a scatter of the bytes. Then
the decoder's text-level rules (vocab.py): UTF-8 repair, computed per byte
from its neighbours, and the strip of spaces at the ends of each text.

A text is a range [begin, end) of one byte buffer; extract.py narrows the
ranges to the code blocks without copying.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .link import Link
from .ragged import expand, offsets
from .vocab import REPAIR_LOSSY, REPAIR_NONE, Vocab

# U+FFFD REPLACEMENT CHARACTER in UTF-8: what an invalid byte sequence decodes to.
REPLACEMENT = (0xEF, 0xBF, 0xBD)


@dataclass
class Texts:
    """k texts in one buffer: text i is data[begin[i]:end[i]] (xp arrays)."""

    data: Any    # uint8 [N]
    begin: Any   # int64 [k]
    end: Any     # int64 [k]

    def host(self, link: Link) -> list[bytes]:
        data, begin, end = link.host(self.data), link.host(self.begin), link.host(self.end)
        return [data[b:e].tobytes() for b, e in zip(begin, end)]


def detokenize(link: Link, vocab: Vocab, ids, lengths) -> Texts:
    """The decoded texts of ids [k, T] (int64), row i's first lengths[i] ids.

    `vocab` lives in link.xp's memory; ids are in range (the caller checks).
    """
    xp = link.xp
    k, T = ids.shape
    valid = xp.arange(T)[None, :] < lengths[:, None]
    tok = ids[valid]                                       # kept positions, row-major
    row, _, tok_off = expand(link, lengths, total=len(tok))
    keep = ~vocab.skip[tok]
    # The first kept token of a row has its own spelling (Metaspace).
    kept_before = offsets(xp, keep)                        # kept tokens before each position
    first = keep & (kept_before[:-1] == kept_before[tok_off[:-1]][row])
    start = xp.where(first, vocab.first_start[tok], vocab.start[tok])
    length = xp.where(keep, xp.where(first, vocab.first_length[tok], vocab.length[tok]), 0)
    tix, within, byte_off = expand(link, length)           # each byte's token, and where in it
    texts = Texts(vocab.blob[start[tix] + within], byte_off[tok_off[:-1]], byte_off[tok_off[1:]])
    if vocab.repair != REPAIR_NONE:
        texts = _repair(link, texts, vocab.fallback[tok][tix], vocab.repair)
    return _strip(xp, texts, vocab.strip_start, vocab.strip_stop)


# UTF-8 repair -----------------------------------------------------------------
#
# CPython's errors="replace" and Rust's from_utf8_lossy (the tokenizers'
# ByteLevel) agree: each maximal subpart of an ill-formed sequence becomes
# one U+FFFD. Every byte's fate depends only on the three bytes before and
# after it, so it is computed for all bytes at once: a lead byte knows how
# long a valid prefix follows it; a continuation byte looks back for its
# lead. Each byte then emits itself (1 byte), U+FFFD (3) or nothing (0).


def _as_lead(xp, b, q, seg_end):
    """Bytes q read as lead bytes: the length of the valid prefix that
    starts there (1 to 4, within the segment) and whether it is a whole
    character."""
    last = max(len(b) - 1, 0)

    def ahead(d):  # the byte d places on, or -1 past the segment
        return xp.where(q + d < seg_end, b[xp.minimum(q + d, last)].astype(xp.int32), -1)

    bi = b[q].astype(xp.int32)
    need = xp.where(bi < 0x80, 1, xp.where((bi >= 0xC2) & (bi <= 0xDF), 2,
                    xp.where((bi >= 0xE0) & (bi <= 0xEF), 3, xp.where((bi >= 0xF0) & (bi <= 0xF4), 4, 0))))
    lo = xp.where(bi == 0xE0, 0xA0, xp.where(bi == 0xF0, 0x90, 0x80))
    hi = xp.where(bi == 0xED, 0x9F, xp.where(bi == 0xF4, 0x8F, 0xBF))
    b1, b2, b3 = ahead(1), ahead(2), ahead(3)
    ok1 = (need >= 2) & (b1 >= lo) & (b1 <= hi)
    ok2 = ok1 & (need >= 3) & ((b2 & 0xC0) == 0x80)
    ok3 = ok2 & (need >= 4) & ((b3 & 0xC0) == 0x80)
    prefix = 1 + ok1.astype(xp.int32) + ok2 + ok3
    return prefix, (need >= 1) & (prefix == need)


def utf8_emit_lengths(xp, b, pos, seg_start, seg_end):
    """Bytes emitted by the bytes at `pos` when each one's segment
    [seg_start, seg_end) is decoded lossily (an ASCII byte always emits 1,
    so callers pass only the others)."""
    is_cont = lambda q: (b[q] & 0xC0) == 0x80  # noqa: E731
    prefix, complete = _as_lead(xp, b, pos, seg_end)
    cont = is_cont(pos)
    # A continuation byte belongs to the nearest lead byte before it, if it
    # lies within that lead's valid prefix.
    covered = xp.zeros(len(pos), bool)
    owner_complete = xp.zeros(len(pos), bool)
    searching = cont.copy()
    for d in (1, 2, 3):
        p = xp.maximum(pos - d, 0)
        here = searching & (pos - d >= seg_start)
        p_cont = is_cont(p)
        p_prefix, p_complete = _as_lead(xp, b, p, seg_end)
        claim = here & ~p_cont & (d < p_prefix)
        covered |= claim
        owner_complete |= claim & p_complete
        searching &= here & p_cont
    lead_len = xp.where(complete, 1, 3)
    cont_len = xp.where(covered, xp.where(owner_complete, 1, 0), 3)
    return xp.where(cont, cont_len, lead_len)


def _repair(link: Link, texts: Texts, fallback, mode: int) -> Texts:
    xp = link.xp
    b = texts.data
    n = len(b)
    if n == 0 or not link.item((b >= 0x80).any()):
        return texts  # ASCII is valid UTF-8
    emit = xp.ones(n, xp.int64)
    if mode == REPAIR_LOSSY:
        pos = xp.flatnonzero(b >= 0x80)  # only these can be part of an ill-formed sequence
        row = xp.searchsorted(texts.end, pos, side="right")
        emit[pos] = utf8_emit_lengths(xp, b, pos, texts.begin[row], texts.end[row])
    else:
        _runs_emit_lengths(xp, b, fallback, texts, emit)
    src, sub, out_off = expand(link, emit)
    fffd = xp.asarray(np.array(REPLACEMENT, np.uint8))
    data = xp.where(emit[src] == 3, fffd[xp.minimum(sub, 2)], b[src])
    return Texts(data, out_off[texts.begin], out_off[texts.end])


def _runs_emit_lengths(xp, b, fallback, texts: Texts, emit) -> None:
    """ByteFallback: a run of byte tokens that is valid UTF-8 stays; any
    other run becomes one U+FFFD per byte (written into `emit`). Other
    bytes are whole tokens' text, valid already."""
    pos = xp.flatnonzero(fallback)
    if len(pos) == 0:
        return
    row = xp.searchsorted(texts.end, pos, side="right")
    # runs: fallback bytes at consecutive positions within one row
    gap = xp.concatenate([xp.ones(1, bool), (pos[1:] != pos[:-1] + 1) | (row[1:] != row[:-1])])
    first = xp.flatnonzero(gap)                      # index into pos of each run's first byte
    last = xp.concatenate([first[1:], xp.asarray([len(pos)])])
    run = xp.cumsum(gap) - 1
    seg_start, seg_end = pos[first][run], pos[last - 1][run] + 1
    bad = utf8_emit_lengths(xp, b, pos, seg_start, seg_end) != 1
    bad_before = offsets(xp, bad)
    run_bad = (bad_before[last] - bad_before[first]) > 0
    emit[pos] = xp.where(run_bad[run], 3, 1)


def _strip(xp, texts: Texts, start: int, stop: int) -> Texts:
    """Up to `start` spaces off the front of each text, `stop` off the back."""
    begin, end = texts.begin, texts.end
    if len(texts.data) == 0:
        return texts
    last = max(len(texts.data) - 1, 0)
    for _ in range(start):
        begin = xp.where((begin < end) & (texts.data[xp.minimum(begin, last)] == 0x20), begin + 1, begin)
    for _ in range(stop):
        end = xp.where((begin < end) & (texts.data[xp.maximum(end - 1, 0)] == 0x20), end - 1, end)
    return Texts(texts.data, begin, end)


def detokenize_host(vocab: Vocab, ids) -> list[bytes]:
    """Every row of ids [k, T] decoded on the host (the table's self-check)."""
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    link = Link(np)
    lengths = np.full(len(ids), ids.shape[1], np.int64)
    return detokenize(link, vocab, ids, lengths).host(link)
