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

from .abi import DIAG_CLASSES, ST_NOT_RUN, ST_PASS, STATUS_NAMES
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
    among candidates that failed a visible test, most frequent first;
    paths: how the candidates and lanes split between the VM and the
    CPython path (cpython.PathShare; None out of the reduction itself).
    Steps count fuel on the VM: a lane judged on CPython counts 0.
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
    paths: Any = None

    def to_json(self) -> dict:
        d = {f: getattr(self, f) for f in ("k", "compiled", "all_visible", "all_tests", "best",
                                           "best_visible", "best_steps")}
        d |= {"signatures": [s.to_json() for s in self.signatures]}
        return d if self.paths is None else d | {"paths": self.paths.to_json()}


def summarize(link: Link, status, steps, compiled, diag_cls, diag_line, visible) -> tuple[Summary, Any]:
    """The Summary (on the host) and each candidate's count of tests passed
    (int32 [k], left on the device) of one problem; status/steps: [k, n];
    compiled/diag_cls/diag_line: [k]; visible: bool [n]."""
    xp = link.xp
    k, n = status.shape
    return summarize_parts(link, status.reshape(-1), steps.reshape(-1), compiled, diag_cls, diag_line,
                           xp.arange(k + 1, dtype=xp.int64) * n, None, visible, xp.arange(k, dtype=xp.int64),
                           [k], [n])[0]


def summarize_parts(link: Link, status, steps, ok, cls, line, lane_off, prog_part, visible, cand_prog,
                    cand_counts: list[int], n_tests: list[int]) -> list[tuple[Summary, Any]]:
    """summarize() of many problems ("parts") at once, in a fixed number of
    array operations however many parts (an eval's hundred problems cost
    what one does), and one transfer to the host.

    status/steps: [L], the lanes of all programs, program p's tests in
    order at [lane_off[p], lane_off[p + 1]); ok/cls/line: [P] per program
    (compiled, diagnostic class and line); lane_off: int64 [P + 1];
    prog_part: int64 [P], each program's part (None: all part 0);
    visible: bool, the parts' visible masks end to end; cand_prog: int64
    [K], the parts' candidates end to end, each as its program (identical
    candidates share one); cand_counts, n_tests: the candidates and tests
    of each part (host). Returns (Summary, passes int32 [k]) per part."""
    xp = link.xp
    if sum(cand_counts) == 0:
        return [_no_candidates(xp) for _ in cand_counts]
    vis_base, n_q, cand_off = _part_meta(link, n_tests, cand_counts)
    prog_part = xp.zeros(len(ok), xp.int64) if prog_part is None else prog_part
    vis_pass, all_pass, n_fail, vis_steps, first = _program_counts(xp, status, steps, lane_off, prog_part,
                                                                   visible, vis_base, n_tests)
    key = _signature_keys(xp, status, ok, cls, line, lane_off, n_fail, first)
    # per candidate, with its part and its index within the part
    part = prog_part[cand_prog]
    local = xp.arange(len(cand_prog), dtype=xp.int64) - cand_off[part]
    c_vis, c_all, c_steps, c_ok = vis_pass[cand_prog], all_pass[cand_prog], vis_steps[cand_prog], ok[cand_prog] != 0
    seen = xp.concatenate([xp.zeros(1, xp.int64), xp.cumsum(visible, dtype=xp.int64)])
    n_vis = seen[vis_base + n_q] - seen[vis_base]
    counts = _segment_sums(xp, xp.stack([c_ok, c_vis == n_vis[part], c_all == n_q[part]]).astype(xp.int64),
                           cand_off[:-1], cand_off[1:])
    # best: the most visible passes, then the fewest steps, then the lowest index
    order = xp.lexsort(xp.stack([local, c_steps, -c_vis, part]))
    head = order[xp.minimum(cand_off[:-1], len(order) - 1)]
    scalars = xp.concatenate([counts, xp.stack([local[head], c_vis[head], c_steps[head]])])
    rows = _top_signatures(xp, key[cand_prog], part, local)
    packed = link.host(xp.concatenate([scalars.ravel(), rows.ravel()]))
    return _summaries(xp, packed, cand_counts, c_all.astype(xp.int32))


def _summaries(xp, packed: np.ndarray, cand_counts: list[int], passes) -> list[tuple[Summary, Any]]:
    """The parts' Summaries from the packed transfer: [_SCALARS, q] scalars,
    then the [4, m] signature rows; passes: int32 [K], cut per part."""
    q = len(cand_counts)
    scalars = packed[:_SCALARS * q].reshape(_SCALARS, q).T.tolist()
    rows = packed[_SCALARS * q:].reshape(4, -1)
    cuts = np.searchsorted(rows[0], np.arange(q + 1)).tolist()
    sig_rows = rows[1:].T.tolist()
    start = np.concatenate([[0], np.cumsum(cand_counts)]).tolist()
    out = []
    for p, k in enumerate(cand_counts):
        if k == 0:
            out.append(_no_candidates(xp))
            continue
        sigs = tuple(_signature(*row) for row in sig_rows[cuts[p]:cuts[p + 1]])
        nbytes = 8 * (_SCALARS + 3 * len(sigs))  # this part's share of the transfer
        out.append((Summary(k, *scalars[p], sigs, nbytes), passes[start[p]:start[p + 1]]))
    return out


def _no_candidates(xp) -> tuple[Summary, Any]:
    """The summary and passes of a part without candidates."""
    return Summary(0, 0, 0, 0, -1, 0, 0, (), 0), xp.zeros(0, xp.int32)


def _part_meta(link: Link, n_tests: list[int], cand_counts: list[int]):
    """Per part, on the device: where its visible mask starts, its tests,
    and its candidates' offsets [q + 1]. One part's are made on the device,
    so that repeated calls of one problem upload nothing."""
    xp = link.xp
    if len(n_tests) == 1:
        return (xp.zeros(1, xp.int64), xp.full(1, n_tests[0], xp.int64),
                xp.arange(2, dtype=xp.int64) * cand_counts[0])
    n = np.asarray(n_tests, dtype=np.int64)
    meta = link.device(np.concatenate([[0], np.cumsum(n)[:-1], n, [0], np.cumsum(cand_counts)]).astype(np.int64))
    q = len(n_tests)
    return meta[:q], meta[q:2 * q], meta[2 * q:]


def _running(xp, values, dtype=None):
    """Running totals along the last axis, a 0 before the first: the sum of
    values[..., i:j] is run[..., j] - run[..., i]."""
    run = xp.cumsum(values, axis=-1, dtype=dtype)
    return xp.concatenate([xp.zeros(run.shape[:-1] + (1,), run.dtype), run], axis=-1)


def _segment_sums(xp, values, starts, ends, dtype=None):
    """Sums of values[..., starts[i]:ends[i]] for every i, by one cumsum."""
    run = _running(xp, values, dtype)
    return run[..., ends] - run[..., starts]


def _program_counts(xp, status, steps, lane_off, prog_part, visible, vis_base, n_tests: list[int]):
    """Per program: visible tests passed, tests passed, visible tests
    failed, steps on visible tests, and the lane of its first failing
    visible test (meaningful where it has one): the first that was run,
    where one was (a lane left not_run says nothing of how it failed)."""
    n = n_tests[0]
    if n > 0 and all(m == n for m in n_tests):  # every program n tests: [P, n] views
        vis = visible.reshape(-1, n)[prog_part]
        passed = status.reshape(-1, n) == ST_PASS
        fails = vis & ~passed
        ran = fails & (status.reshape(-1, n) != ST_NOT_RUN)
        pick = xp.where(ran.any(axis=1)[:, None], ran, fails)
        return ((passed & vis).sum(axis=1), passed.sum(axis=1), fails.sum(axis=1),
                xp.where(vis, steps.reshape(-1, n), 0).sum(axis=1), lane_off[:-1] + xp.argmax(pick, axis=1))
    starts, ends = lane_off[:-1], lane_off[1:]
    lane = xp.arange(len(status), dtype=xp.int64)
    prog = xp.searchsorted(ends, lane, side="right")
    vis = visible[vis_base[prog_part[prog]] + lane - starts[prog]]
    passed = status == ST_PASS
    fails = vis & ~passed
    vis_pass = _segment_sums(xp, passed & vis, starts, ends, xp.int32)
    all_pass = _segment_sums(xp, passed, starts, ends, xp.int32)
    vis_steps = _segment_sums(xp, xp.where(vis, steps, 0), starts, ends, xp.int64)
    run = _running(xp, fails, xp.int32)
    ran = _running(xp, fails & (status != ST_NOT_RUN), xp.int32)
    # the first lane where the running count of failures passes the count before the program
    first = xp.where(ran[ends] > ran[starts], xp.searchsorted(ran, ran[starts] + 1, side="left"),
                     xp.searchsorted(run, run[starts] + 1, side="left")) - 1
    return vis_pass, all_pass, run[ends] - run[starts], vis_steps, first


def _signature_keys(xp, status, ok, cls, line, lane_off, n_fail, first):
    """One int64 per program: its failure signature, or -1 when it passed
    every visible test."""
    at = xp.clip(first, 0, max(len(status) - 1, 0))
    fail_status = status[at].astype(xp.int64) if len(status) else xp.zeros(len(ok), xp.int64)
    test_key = (_TEST << 48) | (fail_status << 32) | (first - lane_off[:-1])
    compile_key = (_COMPILE << 48) | (cls.astype(xp.int64) << 32) | line.astype(xp.int64)
    return xp.where(ok != 0, xp.where(n_fail > 0, test_key, -1), compile_key)


def _top_signatures(xp, keys, part, local):
    """[4, m] int64, by part and then rank: per part, its m_p <=
    MAX_SIGNATURES most frequent keys (ties: the one seen first), with
    their counts and first candidates; rows part, key, count, candidate."""
    sel = xp.flatnonzero(keys >= 0)
    if len(sel) == 0:
        return xp.zeros((4, 0), xp.int64)
    order = xp.lexsort(xp.stack([local[sel], keys[sel], part[sel]]))
    p, k, c = part[sel][order], keys[sel][order], local[sel][order]
    new = xp.concatenate([xp.ones(1, xp.bool_), (p[1:] != p[:-1]) | (k[1:] != k[:-1])])
    run = xp.flatnonzero(new)
    count = xp.diff(xp.concatenate([run, xp.full(1, len(p), run.dtype)]))
    p, k, c = p[run], k[run], c[run]
    order = xp.lexsort(xp.stack([c, -count, p]))
    p, k, count, c = p[order], k[order], count[order], c[order]
    rank = xp.arange(len(p), dtype=xp.int64) - xp.searchsorted(p, p, side="left")
    keep = rank < MAX_SIGNATURES
    return xp.stack([p[keep], k[keep], count[keep].astype(xp.int64), c[keep]])


def _signature(key: int, count: int, cand: int) -> Signature:
    kind, code, low = key >> 48, (key >> 32) & 0xFFFF, key & 0xFFFFFFFF
    if kind == _COMPILE:
        return Signature("compile", DIAG_CLASSES[code], low, -1, count, cand)
    return Signature("test", STATUS_NAMES[code], 0, low, count, cand)
