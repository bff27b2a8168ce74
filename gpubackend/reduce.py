"""The verdict reduced on the device: what crosses back to the host.

From the [k, n] lane outcomes the device computes each candidate's pass
counts, the best candidate, and a bounded set of distinct failure
signatures for feedback; one small int64 array of these crosses the bus
(`Summary.nbytes`, a few hundred bytes), the rest stays where it is until
someone asks for it. Written against xp (numpy or cupy); every reduction is
on integers, so both give the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .abi import DIAG_CLASSES, ST_PASS, STATUS_NAMES
from .link import Link

# Distinct failure signatures reported per call: feedback shows a few
# failures, and the bound keeps the summary under 1 KB however many fail.
MAX_SIGNATURES = 8
# Signature keys: kind in the top bits, then a 16-bit class or status and a
# 32-bit line or test index.
_COMPILE, _TEST = 1, 2
_SCALARS = 6


@dataclass(frozen=True)
class Signature:
    """One distinct way candidates failed, with how many and the first one.

    kind: "compile" (cls: the diagnostic class, line: its line) or "test"
    (cls: the lane status, test: the first visible test that failed).
    """

    kind: str
    cls: str
    line: int
    test: int
    count: int
    candidate: int

    def to_json(self) -> dict:
        return {"kind": self.kind, "class": self.cls, "line": self.line, "test": self.test,
                "count": self.count, "candidate": self.candidate}


@dataclass(frozen=True)
class Summary:
    """The reduced verdict of k candidates on a problem's tests.

    compiled: candidates that compiled; all_visible: passed every visible
    test; all_tests: passed every test, hidden ones too; best: the candidate
    with the most visible tests passed, then the fewest steps on them, then
    the lowest index (-1 when k == 0); best_visible/best_steps: its visible
    passes and steps; signatures: up to MAX_SIGNATURES failure signatures
    among candidates that failed a visible test, most frequent first.
    """

    k: int
    compiled: int
    all_visible: int
    all_tests: int
    best: int
    best_visible: int
    best_steps: int
    signatures: tuple[Signature, ...]
    nbytes: int

    def to_json(self) -> dict:
        d = {f: getattr(self, f) for f in ("k", "compiled", "all_visible", "all_tests", "best",
                                           "best_visible", "best_steps")}
        return d | {"signatures": [s.to_json() for s in self.signatures]}


def pass_counts(xp, status, visible):
    """Per candidate: (visible tests passed, all tests passed), int32 [k]."""
    passed = status == ST_PASS
    return (passed & visible).sum(axis=1).astype(xp.int32), passed.sum(axis=1).astype(xp.int32)


def summarize(link: Link, status, steps, compiled, diag_cls, diag_line, visible) -> tuple[Summary, Any]:
    """The Summary (on the host) and each candidate's count of tests passed
    (int32 [k], left on the device); status/steps: [k, n];
    compiled/diag_cls/diag_line: [k]; visible: bool [n]."""
    xp = link.xp
    k, n = status.shape
    if k == 0:
        return Summary(0, 0, 0, 0, -1, 0, 0, (), 0), xp.zeros(0, xp.int32)
    vis_pass, all_pass = pass_counts(xp, status, visible)
    n_visible = visible.sum()
    vis_steps = xp.where(visible, steps, 0).sum(axis=1)
    top = vis_pass.max()
    ranked = xp.where(vis_pass == top, vis_steps, np.iinfo(np.int64).max)
    best = xp.argmin(ranked)
    keys = _signature_keys(xp, status, compiled, diag_cls, diag_line, visible)
    sig_rows = _top_signatures(xp, keys)
    scalars = xp.stack([compiled.sum(), (vis_pass == n_visible).sum(), (all_pass == n).sum(),
                        best, vis_pass[best], vis_steps[best]]).astype(xp.int64)
    packed = link.host(xp.concatenate([scalars, sig_rows.ravel()]))
    s, rows = packed[:_SCALARS], packed[_SCALARS:].reshape(3, -1)
    sigs = tuple(_signature(int(key), int(count), int(cand)) for key, count, cand in rows.T)
    return Summary(k, int(s[0]), int(s[1]), int(s[2]), int(s[3]), int(s[4]), int(s[5]), sigs,
                   int(packed.nbytes)), all_pass


def _signature_keys(xp, status, compiled, diag_cls, diag_line, visible):
    """One int64 per candidate: its failure signature, or -1 when it passed
    every visible test."""
    failing = visible & (status != ST_PASS)
    first_fail = xp.argmax(failing, axis=1)
    any_fail = failing.any(axis=1)
    fail_status = xp.take_along_axis(status, first_fail[:, None], axis=1)[:, 0]
    test_key = (_TEST << 48) | (fail_status.astype(xp.int64) << 32) | first_fail.astype(xp.int64)
    compile_key = (_COMPILE << 48) | (diag_cls.astype(xp.int64) << 32) | diag_line.astype(xp.int64)
    return xp.where(compiled != 0, xp.where(any_fail, test_key, -1), compile_key)


def _top_signatures(xp, keys):
    """[3, m] int64: the m <= MAX_SIGNATURES most frequent keys (ties: the
    one seen first), their counts and first candidates."""
    cands = xp.flatnonzero(keys >= 0)
    if len(cands) == 0:
        return xp.zeros((3, 0), xp.int64)
    uniq, first, counts = xp.unique(keys[cands], return_index=True, return_counts=True)
    first_cand = cands[first]
    order = xp.argsort(-counts.astype(xp.int64) * (len(keys) + 1) + first_cand)[:MAX_SIGNATURES]
    return xp.stack([uniq[order], counts[order].astype(xp.int64), first_cand[order].astype(xp.int64)])


def _signature(key: int, count: int, cand: int) -> Signature:
    kind, code, low = key >> 48, (key >> 32) & 0xFFFF, key & 0xFFFFFFFF
    if kind == _COMPILE:
        return Signature("compile", DIAG_CLASSES[code], low, -1, count, cand)
    return Signature("test", STATUS_NAMES[code], 0, low, count, cand)
