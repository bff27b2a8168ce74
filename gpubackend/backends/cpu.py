"""The host backend: the kernel source built as a shared library (see
build.py) and called through ctypes on NumPy arrays."""

from __future__ import annotations

import ctypes as C
import threading
import time
from contextlib import contextmanager
from functools import cache

import numpy as np

from ..abi import OUTCOME, PROB_WORDS, PROGRAM, PROGRAM_HEAD, char_table
from ..batch import RunPlan
from . import Outcomes
from .build import build_library

_P = C.c_void_p
# Program images a thread's arena holds at most (42 KB each: 170 MB): a call
# with more compiles into memory of its own, freed with its result, so that
# the process keeps what a usual round needs, not what its largest call did.
ARENA_PROGRAMS = 4096
# The lanes' scratch kept between runs at most: a run that needs more (lanes
# given a large heap) takes memory of its own, freed when it ends.
SCRATCH_KEEP_WORDS = 4 * 2**20


@cache
def library() -> C.CDLL:
    lib = C.CDLL(str(build_library()))
    lib.compile_kernel.argtypes = [_P, _P, _P, C.c_int64, _P, _P, _P, _P]
    lib.compile_kernel.restype = None
    lib.run_kernel.argtypes = [_P, _P, _P, _P, C.c_int64, _P, _P, _P, _P, _P, _P, _P, _P, C.c_int32, C.c_int64,
                               C.c_int64, _P, _P, _P, _P]
    lib.run_kernel.restype = None
    lib.sizeof_program.restype = C.c_int64
    lib.sizeof_outcome.restype = C.c_int64
    lib.max_threads.restype = C.c_int32
    lib.workspace_bytes_for.argtypes = [C.c_int32]
    lib.workspace_bytes_for.restype = C.c_int64
    lib.tree_nodes_for_bytes.argtypes = [C.c_int64]
    lib.tree_nodes_for_bytes.restype = C.c_int32
    lib.problem_words.restype = C.c_int32
    if (lib.sizeof_program() != PROGRAM.itemsize or lib.sizeof_outcome() != OUTCOME.itemsize
            or lib.problem_words() != PROB_WORDS):
        raise RuntimeError("gpubackend/abi.py disagrees with kernels/layout.h on struct sizes")
    return lib


def _ptr(a: np.ndarray | None) -> int | None:
    if a is None:
        return None
    assert a.flags.c_contiguous
    return a.ctypes.data


class CpuBackend:
    """Runs the kernels on the host, one OpenMP thread per core."""

    name = "cpu"
    xp = np

    def __init__(self) -> None:
        self.lib = library()
        self.chars = char_table()
        # program images, reused across a thread's calls: each calling thread
        # has its own, so that concurrent calls never compile into one another's
        self._arenas = threading.local()
        # the lanes' scratch, reused so that a run does not fault its pages in
        # afresh; a run while another holds it (threads) takes its own
        self._scratch = np.empty(0, dtype=np.int64)
        self._scratch_lock = threading.Lock()

    def compile(self, src: np.ndarray, begin: np.ndarray, end: np.ndarray, meta: np.ndarray, rows: np.ndarray,
                prob_of: np.ndarray | None = None, reuse: bool = False) -> np.ndarray:
        """Compile k programs, program i being src[begin[i]:end[i]] (int64
        arrays) for problem prob_of[i] of the table (meta, rows; see
        batch.ProblemTable); returns the Program array.

        reuse: write into the calling thread's arena (valid until that
        thread's next reusing call) instead of fresh memory: no page faults
        on 40 KB images (calls of up to ARENA_PROGRAMS programs).
        """
        k = len(begin)
        if reuse and k <= ARENA_PROGRAMS:
            arena = getattr(self._arenas, "progs", None)
            if arena is None or len(arena) < k:
                grown = min(max(k, 2 * (0 if arena is None else len(arena))), ARENA_PROGRAMS)
                arena = self._arenas.progs = np.empty(grown, dtype=PROGRAM)
            progs = arena[:k]
        else:
            progs = np.empty(k, dtype=PROGRAM)
        if k:
            self.lib.compile_kernel(_ptr(src), _ptr(begin), _ptr(end), k, _ptr(meta), _ptr(rows), _ptr(prob_of),
                                    _ptr(progs))
        return progs

    def header_reader(self, progs: np.ndarray):
        """rows -> the headers of programs `rows`, read from a copy: the
        images may live in the arena the next call overwrites."""
        heads = np.zeros(len(progs), PROGRAM_HEAD)
        for name in PROGRAM_HEAD.names:
            heads[name] = progs[name]
        return lambda rows: heads[rows]

    def images(self, progs: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """Programs `rows` as images of their own (PROGRAM records)."""
        return np.ascontiguousarray(progs[rows])

    def fields(self, progs: np.ndarray) -> dict[str, np.ndarray]:
        """Per program: ok, frame_slots, memo, and the diagnostic's cls, line and judged."""
        return {"ok": progs["ok"], "frame_slots": progs["frame_slots"], "memo": progs["memo"],
                "cls": progs["diag"]["cls"], "line": progs["diag"]["line"], "judged": progs["diag"]["judged"]}

    def run(self, progs: np.ndarray, plan: RunPlan, out_cap: int, deadline: float | None = None) -> Outcomes:
        """Run every lane of `plan` (batch.RunPlan); outcomes are flat [lanes].
        deadline: a time.monotonic() past which the lanes still running stop
        with Timeout (the call's backstop); None: none."""
        lanes = plan.lanes
        outcomes = np.zeros(lanes, dtype=OUTCOME)
        out_words = np.zeros((lanes, max(out_cap, 1)), dtype=np.int64)
        if lanes:
            words = self.lib.max_threads() * plan.lane_words
            with _backstop(deadline) as stop:
                if words > SCRATCH_KEEP_WORDS or not self._scratch_lock.acquire(blocking=False):
                    self._launch(progs, plan, out_cap, np.empty(words, dtype=np.int64), out_words, outcomes, stop)
                else:
                    try:
                        if len(self._scratch) < words:
                            self._scratch = np.empty(words, dtype=np.int64)
                        self._launch(progs, plan, out_cap, self._scratch, out_words, outcomes, stop)
                    finally:
                        self._scratch_lock.release()
        return Outcomes(outcomes["status"], outcomes["line"], outcomes["steps"], outcomes["out_words"],
                        out_words)

    def _launch(self, progs: np.ndarray, plan: RunPlan, out_cap: int, scratch: np.ndarray,
                out_words: np.ndarray, outcomes: np.ndarray, stop: np.ndarray) -> None:
        t = plan.tests
        self.lib.run_kernel(
            _ptr(progs), _ptr(plan.cand_map), _ptr(plan.test_map), _ptr(plan.lane_off), plan.m, _ptr(plan.prob_of),
            _ptr(plan.rows), _ptr(plan.meta), _ptr(t.args_words), _ptr(t.args_off), _ptr(t.exp_words),
            _ptr(t.exp_off), _ptr(self.chars), max(out_cap, 1), plan.lane_words, plan.lanes, _ptr(scratch),
            _ptr(out_words), _ptr(outcomes), _ptr(stop))


@contextmanager
def _backstop(deadline: float | None):
    """A launch's stop flag (int32 [1]), set at `deadline` (time.monotonic())
    by a timer thread while the kernel, which runs without the GIL, polls it
    (limits.h, STOP_POLL_FUEL); set at once for a deadline already past,
    never for None."""
    stop = np.zeros(1, dtype=np.int32)
    left = None if deadline is None else deadline - time.monotonic()
    if left is not None and left <= 0:
        stop[0] = 1
    if left is None or left <= 0:
        yield stop
        return
    timer = threading.Timer(left, stop.__setitem__, (0, 1))
    timer.daemon = True
    timer.start()
    try:
        yield stop
    finally:
        timer.cancel()
