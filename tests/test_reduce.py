"""The device reduction (gpubackend/reduce.py) against a plain-Python
statement of the same rules, on random outcome matrices, on NumPy and,
where a GPU is usable, on CuPy."""

from collections import Counter

import numpy as np

from gpubackend.abi import DIAG_CLASSES, ST_PASS, STATUS_NAMES
from gpubackend.link import Link
from gpubackend.reduce import MAX_SIGNATURES, summarize

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
