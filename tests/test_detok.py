"""Detokenization as array code (gpubackend/detok.py), one body on NumPy and,
where a GPU is usable, on CuPy: the UTF-8 repair against CPython's
errors='replace', the ByteFallback run rule, the strip of spaces, and
partial rows (lengths)."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import tokenizer_kit as kit
from gpubackend.detok import Texts, _repair, _strip, detokenize, utf8_emit_lengths
from gpubackend.link import Link
from gpubackend.vocab import REPAIR_LOSSY, REPAIR_RUNS, Vocab

# Bytes that make UTF-8 interesting: ASCII, every lead-byte class, the
# bounds of the second-byte ranges, continuation bytes, never-valid bytes.
INTERESTING = [0x41, 0x0A, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
               0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
rows = st.lists(st.lists(st.sampled_from(INTERESTING), max_size=12), min_size=1, max_size=6)


def _texts(xp, rows_):
    data = b"".join(bytes(r) for r in rows_)
    off = np.cumsum([0] + [len(r) for r in rows_])
    return Texts(xp.asarray(np.frombuffer(data, np.uint8).copy()), xp.asarray(off[:-1]), xp.asarray(off[1:]))


def _host(texts: Texts, xp) -> list[bytes]:
    return texts.host(Link(xp))


@settings(max_examples=300, deadline=None)
@given(rows)
def test_lossy_repair_is_cpythons_replace(rows_):
    link = Link(np)
    got = _host(_repair(link, _texts(np, rows_), np.zeros(sum(map(len, rows_)), bool), REPAIR_LOSSY), np)
    assert got == [bytes(r).decode("utf-8", "replace").encode() for r in rows_]


def test_lossy_repair_on_every_two_and_three_byte_sequence(xp):
    # exhaustive over pairs and over the triples that start with a lead byte
    pairs = [[a, b] for a in range(0x70, 0x100) for b in range(0x70, 0x100)]
    triples = [[a, b, c] for a in (0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xC2) for b in range(0x70, 0xD0, 3)
               for c in (0x41, 0x80, 0xBF, 0xC0)]
    for rows_ in (pairs, triples):
        link = Link(xp)
        got = _host(_repair(link, _texts(xp, rows_), xp.zeros(sum(map(len, rows_)), bool), REPAIR_LOSSY), xp)
        assert got == [bytes(r).decode("utf-8", "replace").encode() for r in rows_]


def test_emit_lengths_respect_segment_ends(xp):
    # "\xe2\x82\xac" is the euro sign; cut into two segments it is invalid
    b = xp.asarray(np.array([0xE2, 0x82, 0xAC, 0xE2, 0x82, 0xAC], np.uint8))
    pos = xp.arange(6)
    whole = utf8_emit_lengths(xp, b, pos, xp.zeros(6, xp.int64), xp.full(6, 6, xp.int64))
    split = utf8_emit_lengths(xp, b, pos, xp.asarray([0, 0, 2, 3, 3, 3]), xp.asarray([2, 2, 6, 6, 6, 6]))
    assert whole.tolist() == [1, 1, 1, 1, 1, 1]
    assert split.tolist() == [3, 0, 3, 1, 1, 1]


def _runs_reference(row: list[tuple[int, bool]]) -> bytes:
    """tokenizers' ByteFallback: a run of byte tokens decodes whole, or as
    one U+FFFD per byte when it is not valid UTF-8."""
    out, run = b"", b""
    for byte, is_fallback in row + [(None, False)]:
        if is_fallback:
            run += bytes([byte])
            continue
        if run:
            try:
                out += run.decode("utf-8").encode()
            except UnicodeDecodeError:
                out += "\ufffd".encode() * len(run)
            run = b""
        if byte is not None:
            out += bytes([byte])
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.tuples(st.sampled_from(INTERESTING), st.booleans()), max_size=10),
                min_size=1, max_size=5))
def test_runs_repair_is_byte_fallbacks_rule(rows_):
    rows_ = [[(b if fb else b & 0x7F, fb) for b, fb in r] for r in rows_]  # text bytes are whole tokens: ASCII here
    texts = _texts(np, [[b for b, _ in r] for r in rows_])
    fallback = np.array([fb for r in rows_ for _, fb in r], bool)
    link = Link(np)
    got = _host(_repair(link, texts, fallback, REPAIR_RUNS), np)
    assert got == [_runs_reference(r) for r in rows_]


def test_strip_takes_spaces_off_the_ends(xp):
    rows_ = [list(b"  a "), list(b" "), list(b""), list(b"b  ")]
    got = _host(_strip(xp, _texts(xp, rows_), 1, 2), xp)
    assert got == [b" a", b"", b"", b"b"]


@pytest.mark.parametrize("kind", sorted(kit.KINDS))
def test_partial_rows_decode_their_prefix(xp, kind):
    tok = kit.KINDS[kind]()
    vocab = Vocab.from_tokenizer(tok)
    rng = np.random.default_rng(2)
    ids = rng.integers(0, vocab.size, size=(30, 25))
    lengths = rng.integers(0, 26, size=30)
    link = Link(xp)
    got = detokenize(link, vocab.to(link), xp.asarray(ids), xp.asarray(lengths)).host(link)
    want = [tok.decode(row[:n].tolist(), skip_special_tokens=True).encode() for row, n in zip(ids, lengths)]
    assert got == want


def test_empty_batch_and_empty_rows(xp):
    link = Link(xp)
    vocab = Vocab.from_tokenizer(kit.byte_level()).to(link)
    assert detokenize(link, vocab, xp.zeros((0, 5), xp.int64), xp.zeros(0, xp.int64)).host(link) == []
    assert detokenize(link, vocab, xp.zeros((3, 0), xp.int64), xp.zeros(3, xp.int64)).host(link) == [b""] * 3
