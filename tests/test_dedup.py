"""Identical candidates found on the device (gpubackend/dedup.py): every
distinct text compiled once, each candidate mapped to its own text, and a
hash collision never merging two different texts."""

import random

import numpy as np
import pytest

from gpubackend import dedup
from gpubackend.detok import Texts
from gpubackend.link import Link


def _texts(xp, rows: list[bytes]) -> Texts:
    data = b"".join(rows)
    off = np.cumsum([0] + [len(r) for r in rows])
    return Texts(xp.asarray(np.frombuffer(data, np.uint8).copy()), xp.asarray(off[:-1]), xp.asarray(off[1:]))


def _check(xp, rows: list[bytes], exact: bool = True) -> None:
    link = Link(xp)
    programs, index = dedup.distinct_arrays(link, _texts(xp, rows))
    got = programs.host(link)
    host_programs, host_index = dedup.distinct(Link(np), _texts(np, rows))
    if exact:  # the dictionary the CPU backend uses groups the same way
        assert host_programs.host(Link(np)) == got and host_index.tolist() == link.host(index).tolist()
    assert [got[i] for i in link.host(index)] == rows
    if exact:  # one program per distinct text
        assert sorted(got) == sorted(set(rows))


def test_distinct_programs(xp):
    rng = random.Random(3)
    for _ in range(200):
        pool = [bytes(rng.choice(b"ab\n ") for _ in range(rng.randint(0, 6))) for _ in range(5)]
        _check(xp, [rng.choice(pool) for _ in range(rng.randint(1, 20))])


def test_collisions_are_resolved_by_the_bytes(xp, monkeypatch):
    # with P = 1 the hash is the byte sum: "ab" and "ba" collide, and the
    # byte comparison must keep them apart (a collision costs a compile)
    monkeypatch.setattr(dedup, "_P", 1)
    monkeypatch.setattr(dedup, "_P_INV", 1)
    _check(xp, [b"ab", b"ba", b"ab", b"c\n", b"\nc", b"ba", b""], exact=False)


def test_groups_keep_equal_texts_of_different_problems_apart(xp, monkeypatch):
    # rows grouped by problem (an eval's buffer): a text merges within its
    # problem only, even when the hash of every text is the same
    rng = random.Random(5)
    for collide in (False, True):
        if collide:
            monkeypatch.setattr(dedup, "_P", 1)
            monkeypatch.setattr(dedup, "_P_INV", 1)
        for _ in range(50):
            sizes = [rng.randint(0, 6) for _ in range(rng.randint(1, 4))]
            rows = [bytes(rng.choice(b"ab")) for _ in range(sum(sizes))]
            group = np.repeat(np.arange(len(sizes)), sizes).astype(np.int64)
            link = Link(xp)
            programs, index = dedup.distinct_arrays(link, _texts(xp, rows), xp.asarray(group))
            host_programs, host_index = dedup.distinct(Link(np), _texts(np, rows), group)
            assert host_index.tolist() == link.host(index).tolist()
            got, idx = programs.host(link), link.host(index)
            assert [got[i] for i in idx] == rows
            owner = {}
            for g, i in zip(group.tolist(), idx.tolist()):
                assert owner.setdefault(i, g) == g  # no program serves two problems
            assert len(got) == len({(g, r) for g, r in zip(group.tolist(), rows)})


def test_empty_batch(xp):
    for distinct in (dedup.distinct, dedup.distinct_arrays):
        programs, index = distinct(Link(xp), _texts(xp, []))
        assert len(programs.begin) == 0 and len(index) == 0


def test_duplicate_answers_compile_once():
    torch = pytest.importorskip("torch")
    import tokenizer_kit as kit
    from gpubackend import Verifier
    from test_verify_tokens import answers, pack

    tok = kit.byte_level()
    problem, texts = answers("digit_sum", 6, 0)
    ids, lengths = pack(tok, texts * 20)
    v = Verifier("cpu", fallback=False)
    calls = []
    real = v.backend.compile
    v.backend.compile = lambda src, begin, end, *a, **kw: calls.append(len(begin)) or real(src, begin, end, *a, **kw)
    res = v.verify_tokens(ids, tok, problem, lengths=lengths)
    assert calls == [len(set(res.source(c) for c in range(6)))]
    assert (res.status[:6] == res.status[6:12]).all() and torch.is_tensor(ids)
