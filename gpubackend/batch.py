"""Many problems in one launch: the problem table, the lane map and the
batch's test arrays (layout.h, enum ProblemWord; verifier.cu, LaneMap).

The kernels see one flat list of programs, grouped by problem, and one flat
list of lanes: program i owns n_tests(problem of i) consecutive lanes. Each
program reads its problem's row of a small table (entry, signature, limits,
first test), so an eval's hundred problems compile in one launch and run in
another, and a single problem is the batch of one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from .abi import MAX_STACK_SLOTS, PROB_FIELDS, PROB_WORDS, limits
from .problem import Problem

_COL = {name: i for i, name in enumerate(PROB_FIELDS)}


@dataclass
class ProblemTable:
    """The problems of a batch as the kernels read them (host arrays).

    meta: uint8, every entry name and signature code, each NUL-terminated;
    rows: int64 [P, PROB_WORDS], one row per problem (see layout.h); the
        run-time words (heap, test base) are filled by `for_run`.
    """

    problems: list[Problem]
    meta: np.ndarray
    rows: np.ndarray

    @classmethod
    def of(cls, problems: Sequence[Problem]) -> "ProblemTable":
        blob = bytearray()
        rows = np.zeros((len(problems), PROB_WORDS), dtype=np.int64)
        for p, prob in enumerate(problems):
            for field, text in (("PROB_ENTRY", prob.entry), ("PROB_SIG", prob.sig.code)):
                raw = text.encode()
                rows[p, _COL[field]], rows[p, _COL[field + "_LEN"]] = len(blob), len(raw)
                blob += raw + b"\0"
            tol = -1.0 if prob.float_tolerance is None else float(prob.float_tolerance)
            rows[p, _COL["PROB_TOL"]] = np.array(tol, dtype=np.float64).view(np.int64)
            rows[p, _COL["PROB_FUEL"]] = prob.limits.fuel
            rows[p, _COL["PROB_DEPTH"]] = prob.limits.depth
        return cls(list(problems), np.frombuffer(bytes(blob), dtype=np.uint8).copy(), rows)

    def fuel(self) -> np.ndarray:
        """Each problem's fuel per lane."""
        return self.rows[:, _COL["PROB_FUEL"]].copy()

    def heap_words(self) -> np.ndarray:
        """Each problem's full heap, in words."""
        return np.array([(p.limits.heap_bytes + 7) // 8 for p in self.problems], dtype=np.int64)

    def for_run(self, heap_words: np.ndarray, test_base: np.ndarray, fuel: np.ndarray | None = None,
                memo_slots: int = 0) -> np.ndarray:
        """The rows with the run-time words: heap_words [P] (this run's
        heap per lane), the problems' first tests in the batch's tests,
        when given this run's fuel [P] (default: the problems' own), and
        the memo's entries per lane (kernels/memo.h; 0: off)."""
        rows = self.rows.copy()
        if fuel is not None:
            rows[:, _COL["PROB_FUEL"]] = fuel
        rows[:, _COL["PROB_MEMO"]] = memo_slots
        rows[:, _COL["PROB_HEAP"]] = heap_words
        rows[:, _COL["PROB_TEST_BASE"]] = test_base
        return rows

    @staticmethod
    def lane_words(rows: np.ndarray, frame_slots: int) -> int:
        """Scratch words one lane needs at most over the rows, for programs
        of at most `frame_slots`: operand stack (verifier.cu,
        stack_slots_for), two words per frame, heap, memo (vm.h, run_lane)."""
        depth = rows[:, _COL["PROB_DEPTH"]]
        stack = np.minimum(max(frame_slots, 1) * depth + 16, MAX_STACK_SLOTS)
        memo = rows[:, _COL["PROB_MEMO"]] * (1 + limits()["MEMO_ENTRY_WORDS"])
        need = stack + 2 * depth + rows[:, _COL["PROB_HEAP"]] + memo
        return int(need.max()) if len(need) else 1


@dataclass
class BatchTests:
    """The tests of a batch's problems, end to end, in the backend's memory:
    args_words/args_off and exp_words/exp_off as in EncodedSuite, offsets
    made global; base[p] is problem p's first test, n[p] its count."""

    args_words: Any
    args_off: Any
    exp_words: Any
    exp_off: Any
    base: np.ndarray
    n: np.ndarray


def join_tests(xp, suites: Sequence[Any]) -> BatchTests:
    """One BatchTests from per-problem suites (DeviceSuite): a batch of one
    uses its arrays as they are."""
    n = np.array([s.n_tests for s in suites], dtype=np.int64)
    base = np.concatenate([[0], np.cumsum(n)[:-1]]).astype(np.int64)
    if len(suites) == 1:
        s = suites[0]
        return BatchTests(s.args_words, s.args_off, s.exp_words, s.exp_off, base, n)

    def join(words: str, off: str):
        sizes = np.array([len(getattr(s, words)) for s in suites], dtype=np.int64)
        shift = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        offs = [getattr(s, off)[:-1] + int(d) for s, d in zip(suites, shift)]
        offs.append(xp.asarray(np.array([int(sizes.sum())], dtype=np.int64)))
        return xp.concatenate([getattr(s, words) for s in suites]), xp.concatenate(offs)

    aw, ao = join("args_words", "args_off")
    ew, eo = join("exp_words", "exp_off")
    return BatchTests(aw, ao, ew, eo, base, n)


@dataclass
class RunPlan:
    """What one run launch needs besides the programs (host or device arrays).

    lane_off: int64 [m + 1], run-program j's lanes are [lane_off[j], lane_off[j + 1]);
        None when every run-program has `uniform` lanes (one problem);
    uniform: the lanes per run-program when lane_off is None;
    cand_map: int64 [m], the programs to run (None: all, in order);
    test_map: int64 [m], with cand_map: the one test each runs (None: all
        their tests);
    prob_of: int64 [programs], each program's problem (None: all problem 0);
    rows: the problem table for this run (ProblemTable.for_run);
    meta: the table's string blob;
    tests: the batch's tests;
    lane_words: scratch words per lane;
    lanes: lane_off[-1], known on the host.
    """

    lane_off: Any
    uniform: int
    cand_map: Any
    test_map: Any
    prob_of: Any
    rows: Any
    meta: Any
    tests: BatchTests
    lane_words: int
    lanes: int

    @property
    def m(self) -> int:
        """The kernels' `m`: run-programs with lane_off, else `uniform`."""
        return self.uniform if self.lane_off is None else len(self.lane_off) - 1


def lane_offsets(tests_per_program: np.ndarray) -> np.ndarray:
    """int64 [m + 1]: the running sum of each program's lane count."""
    off = np.zeros(len(tests_per_program) + 1, dtype=np.int64)
    np.cumsum(tests_per_program, out=off[1:])
    return off
