"""Problems whose entry has several signatures (Problem.overloads).

A test suite may call the entry with values of different types (a list of
ints in one test, of strs in the next), which no one DSL signature types.
The VM compiles such a candidate once per signature, each copy a problem of
its own with the tests that signature types (Problem.split), all in the
same launches as the call's other problems; `merge` then makes the copies'
results one VerifyResult over the problem's tests in their own order, on
the host, so that everything after (the CPython path, summaries, actual
values, feedback) reads it as any other result.

A candidate is the VM's only when every copy compiled: one that a copy
refuses has the first such refusal as its diagnostic, and the CPython path
judges all of its tests, as it judges any refused program.
"""

from __future__ import annotations

import numpy as np

from .abi import STATUS_NAMES
from .cpython import resummarize
from .link import Link
from .problem import Problem
from .result import Lanes, VerifyResult, diagnostic

ST_COMPILE_ERROR = STATUS_NAMES.index("compile_error")
# The per-lane arrays of Lanes, [programs, tests] and after them out's words.
_LANE_ARRAYS = ("status", "line", "steps", "out_words", "out")


def merge(problem: Problem, copies: list[VerifyResult]) -> VerifyResult:
    """One result of `problem` from its copies' (copies[o]: the result of
    problem.split()[o], the same candidates in the same order)."""
    first = copies[0].lanes
    host = [copy.lanes.link.host for copy in copies]
    n_programs = len(first.status)
    columns = [np.asarray(tests, dtype=np.int64) for tests in problem.overload_tests]
    heads = [copy.lanes.headers for copy in copies]
    refusal = _first_refusals(heads, n_programs)
    refused = refusal >= 0
    arrays = {}
    for name in _LANE_ARRAYS:
        rows = [h(getattr(copy.lanes, name)) for h, copy in zip(host, copies)]
        merged = np.zeros((n_programs, len(problem.tests)) + rows[0].shape[2:], rows[0].dtype)
        for cols, part in zip(columns, rows):
            merged[:, cols] = part
        # a program the VM refused in one copy is refused: none of its lanes is the VM's
        merged[refused] = ST_COMPILE_ERROR if name == "status" else 0
        arrays[name] = merged
    passes = sum(h(copy.lanes.passes).astype(np.int32) for h, copy in zip(host, copies))
    index = host[0](first.index)
    passes[refused[index]] = 0

    def headers(programs: np.ndarray) -> np.ndarray:
        own = np.where(refused[programs], refusal[programs], 0)
        out = heads[0](programs).copy()
        for o in range(1, len(copies)):
            if (own == o).any():
                out[own == o] = heads[o](programs[own == o])
        return out

    def rerun(c: int, t: int, words: int) -> np.ndarray:
        o = problem.tests[t].overload
        return copies[o].lanes.rerun(c, problem.overload_tests[o].index(t), words)

    lanes = Lanes(Link(np), index, arrays["status"], arrays["line"], arrays["steps"], arrays["out_words"],
                  arrays["out"], passes, headers, first.source, rerun,
                  overload_headers=heads)
    res = VerifyResult(problem, None, copies[0].call_transfers, copies[0].timings, lanes)
    res.summary = resummarize(res)
    return res


def _first_refusals(heads, n_programs: int) -> np.ndarray:
    """int [programs]: the first copy that refused each program, -1 where
    every copy compiled it."""
    out = np.full(n_programs, -1, np.int64)
    everyone = np.arange(n_programs)
    for o, read in enumerate(heads):
        for p, head in zip(everyone.tolist(), read(everyone)):
            if out[p] < 0 and diagnostic(head) is not None:
                out[p] = o
    return out
