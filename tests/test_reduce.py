"""The device reduction (gpubackend/reduce.py) against a plain-Python
statement of the same rules, on random outcome matrices, on NumPy and,
where a GPU is usable, on CuPy."""

from collections import Counter

import numpy as np
import pytest

from gpubackend.abi import DIAG_CLASSES, ST_PASS, STATUS_NAMES
from gpubackend.link import Link
from gpubackend.reduce import MAX_SIGNATURES, summarize, summarize_parts

WRONG = STATUS_NAMES.index("wrong_answer")
TIMEOUT = STATUS_NAMES.index("Timeout")
COMPILE_ERROR = STATUS_NAMES.index("compile_error")


def _random_outcomes(rng, k, n):
    compiled = rng.random(k) < 0.7
    status = rng.choice([ST_PASS, ST_PASS, ST_PASS, WRONG, TIMEOUT], size=(k, n)).astype(np.int32)
    status[~compiled] = COMPILE_ERROR
    steps = rng.integers(1, 50, size=(k, n)).astype(np.int64)
    cls = np.where(compiled, 0, rng.integers(1, len(DIAG_CLASSES), k)).astype(np.int32)
    line = np.where(compiled, 0, rng.integers(1, 4, k)).astype(np.int32)
    visible = rng.random(n) < 0.6
    return status, steps, compiled.astype(np.int32), cls, line, visible


def _reference(status, steps, compiled, cls, line, visible):
    k, n = status.shape
    vis = [t for t in range(n) if visible[t]]
    vis_pass = [sum(status[c, t] == ST_PASS for t in vis) for c in range(k)]
    vis_steps = [sum(int(steps[c, t]) for t in vis) for c in range(k)]
    best = min(range(k), key=lambda c: (-vis_pass[c], vis_steps[c], c))
    sigs, first = Counter(), {}
    for c in range(k):
        if not compiled[c]:
            key = ("compile", DIAG_CLASSES[cls[c]], int(line[c]), -1)
        else:
            fails = [t for t in vis if status[c, t] != ST_PASS]
            if not fails:
                continue
            key = ("test", STATUS_NAMES[status[c, fails[0]]], 0, fails[0])
        sigs[key] += 1
        first.setdefault(key, c)
    top = sorted(sigs, key=lambda s: (-sigs[s], first[s]))[:MAX_SIGNATURES]
    return {"compiled": int(sum(compiled)), "all_visible": sum(p == len(vis) for p in vis_pass),
            "all_tests": sum(all(status[c] == ST_PASS) for c in range(k)), "best": best,
            "best_visible": vis_pass[best], "best_steps": vis_steps[best],
            "signatures": [(s[0], s[1], s[2], s[3], sigs[s], first[s]) for s in top]}


def test_summary_matches_the_rules(xp):
    rng = np.random.default_rng(4)
    for k, n in [(1, 1), (5, 3), (40, 7), (300, 20)]:
        arrays = _random_outcomes(rng, k, n)
        link = Link(xp)
        got, passes = summarize(link, *(xp.asarray(a) for a in arrays))
        want = _reference(*arrays)
        assert Link(xp).host(passes).tolist() == (arrays[0] == ST_PASS).sum(axis=1).tolist()
        assert {f: getattr(got, f) for f in want if f != "signatures"} == {f: v for f, v in want.items()
                                                                           if f != "signatures"}
        assert [(s.kind, s.cls, s.line, s.test, s.count, s.candidate) for s in got.signatures] == want["signatures"]
        assert got.nbytes <= 1024 and link.to_host_bytes <= 1024


def test_no_candidates(xp):
    z = xp.zeros((0, 3), xp.int32)
    s, passes = summarize(Link(xp), z, z.astype(xp.int64), xp.zeros(0, xp.int32), xp.zeros(0, xp.int32),
                  xp.zeros(0, xp.int32), xp.ones(3, bool))
    assert s.k == 0 and s.best == -1 and s.signatures == () and len(passes) == 0


@pytest.mark.parametrize("sizes", [[(3, 4), (0, 2), (50, 9), (1, 1), (200, 13), (7, 3)],  # tests differ
                                   [(3, 5), (0, 5), (60, 5), (1, 5)]])  # every part 5 tests: [P, n] views
def test_parts_reduce_as_each_problem_alone(xp, sizes):
    """Many problems in one summarize_parts: each part's summary is its own
    summarize's, with candidates that share a program (dedup) and a part
    without candidates."""
    rng = np.random.default_rng(7)
    parts, cand_prog, prog0 = [], [], 0
    for k, n in sizes:
        u = max(1, k // 2) if k else 0  # programs; candidates map onto them
        arrays = _random_outcomes(rng, u, n)
        index = rng.integers(0, u, k) if k else np.zeros(0, np.int64)
        parts.append((arrays, index, n))
        cand_prog.append(index + prog0)
        prog0 += u
    status = np.concatenate([a[0].ravel() for a, _, _ in parts])
    steps = np.concatenate([a[1].ravel() for a, _, _ in parts])
    per_prog = [np.concatenate([a[i] for a, _, _ in parts]) for i in (2, 3, 4)]
    lanes = np.concatenate([[0], np.cumsum([n for a, _, n in parts for _ in range(len(a[2]))])])
    prog_part = np.repeat(np.arange(len(parts)), [len(a[2]) for a, _, _ in parts])
    visible = np.concatenate([a[5] for a, _, _ in parts])
    link = Link(xp)
    got = summarize_parts(link, *(xp.asarray(v) for v in (status, steps, *per_prog, lanes, prog_part, visible,
                                                            np.concatenate(cand_prog))),
                          [len(i) for _, i, _ in parts], [n for _, _, n in parts])
    for (arrays, index, n), (summary, passes) in zip(parts, got):
        alone = [a[index] for a in arrays[:5]] + [arrays[5]]
        want, want_passes = summarize(Link(xp), *(xp.asarray(a) for a in alone))
        assert summary == want
        assert Link(xp).host(passes).tolist() == Link(xp).host(want_passes).tolist()
    assert got[1][0].k == 0 and got[1][0].best == -1
