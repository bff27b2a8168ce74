"""The public entry point: `Verifier(device).verify(candidates, problem)`.

Python validates and packs once, the kernels compile every candidate and run
every (candidate, test) lane in one launch each, and the result arrays come
back whole; failing outputs are decoded only when asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from .abi import DIAG_CLASSES, ST_PASS, STATUS_NAMES

ST_MEMORY_ERROR = STATUS_NAMES.index("MemoryError")
from .problem import Problem
from .values import decode

# Words of result kept per lane without a re-run: a scalar needs 1, a str of
# up to 248 characters fits. Longer results are re-run alone when decoded.
DEFAULT_OUT_CAP = 32
# Operand-stack slots per lane are depth x the largest frame, capped here so
# a deep limit on a wide program cannot ask for gigabytes per lane.
MAX_STACK_SLOTS = 1 << 20
# Lanes first run with at most this much heap; the few that hit MemoryError
# run again with the problem's full heap_bytes. A lane's result depends on
# its heap only through MemoryError, so the verdicts are those of one run at
# the full size, while the GPU fits many more lanes per launch.
FIRST_HEAP_BYTES = 16 * 1024


@dataclass(frozen=True)
class Diagnostic:
    """Why a candidate did not compile: a class of LANGUAGE.md, the 1-based
    line and column of the offending token, and a one-line message."""

    cls: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.line}:{self.col}: {self.cls}: {self.message}"

    def to_json(self) -> dict:
        return {"class": self.cls, "line": self.line, "col": self.col, "message": self.message}


@dataclass
class VerifyResult:
    """The verdict on k candidates x n tests of one problem.

    passed: bool [k, n]; status: int32 [k, n] codes (status_name gives the
    name); line: int32 [k, n], source line that raised (0 if none); steps:
    int64 [k, n], fuel spent; diagnostics: per candidate, None if it compiled.
    """

    problem: Problem
    passed: np.ndarray
    status: np.ndarray
    line: np.ndarray
    steps: np.ndarray
    diagnostics: list[Diagnostic | None]
    _out: np.ndarray = field(repr=False)
    _out_words: np.ndarray = field(repr=False)
    _rerun: Any = field(repr=False)

    @property
    def k(self) -> int:
        return self.passed.shape[0]

    @property
    def n_tests(self) -> int:
        return self.passed.shape[1]

    def status_name(self, c: int, t: int) -> str:
        return STATUS_NAMES[int(self.status[c, t])]

    def compiled(self, c: int) -> bool:
        return self.diagnostics[c] is None

    def all_passed(self, c: int) -> bool:
        return bool(self.passed[c].all())

    def actual(self, c: int, t: int) -> Any:
        """The value candidate c returned on test t, decoded to Python (None
        when it raised, timed out or did not compile)."""
        code = self.status_name(c, t)
        if code not in ("pass", "wrong_answer"):
            return None
        ret = self.problem.sig.ret
        need = int(self._out_words[c, t])
        if need == 0:
            return None  # None itself, or the entry fell off its end (CPython's None)
        words = self._out[c, t]
        if need > len(words):
            words = self._rerun(c, t, need)
        return decode(words[:need], ret)[0]


def _pack_sources(candidates: Sequence[str | bytes]) -> tuple[np.ndarray, np.ndarray]:
    blobs = [c.encode("utf-8", "surrogateescape") if isinstance(c, str) else bytes(c) for c in candidates]
    off = np.zeros(len(blobs) + 1, dtype=np.int64)
    np.cumsum([len(b) for b in blobs], out=off[1:])
    src = np.frombuffer(b"".join(blobs) or b"\0", dtype=np.uint8).copy()
    return src, off


def _backend(device: str):
    if device not in ("auto", "cpu", "cuda"):
        raise ValueError(f"device must be 'auto', 'cpu' or 'cuda', got {device!r}")
    if device in ("auto", "cuda"):
        from .backends import cuda

        if cuda.available():
            return cuda.CudaBackend()
        if device == "cuda":
            raise RuntimeError(f"device='cuda' but no CUDA GPU is usable: {cuda.why_unavailable()}")
    from .backends.cpu import CpuBackend

    return CpuBackend()


class Verifier:
    """Compiles and runs DSL candidates against a problem's tests.

    device: "cpu" (the kernels built for the host, OpenMP), "cuda" (the same
        kernels through NVRTC/CuPy; an error when no GPU is usable) or "auto"
        (CUDA when usable, else CPU).
    """

    def __init__(self, device: str = "auto") -> None:
        self.backend = _backend(device)
        self.device = self.backend.name

    def compile(self, candidates: Sequence[str | bytes], problem: Problem, _reuse: bool = False):
        """The compiled program images (backend arrays), one per candidate."""
        src, off = _pack_sources(candidates)
        return self.backend.compile(src, off, problem.entry.encode(), problem.sig.code.encode(), reuse=_reuse)

    def verify(self, candidates: Sequence[str | bytes], problem: Problem,
               out_cap: int = DEFAULT_OUT_CAP) -> VerifyResult:
        """Compile `candidates` (source strings) and run each on every test
        of `problem`. Identical candidates are compiled and run once."""
        if isinstance(candidates, (str, bytes)):
            raise TypeError("candidates must be a list of sources, not one source")
        uniq: dict[str | bytes, int] = {}
        index = np.array([uniq.setdefault(c, len(uniq)) for c in candidates], dtype=np.int64)
        sources = list(uniq)
        progs = self.compile(sources, problem, _reuse=True)
        host_progs = self.backend.headers(progs)
        suite = problem.encoded()
        frame = int(host_progs["frame_slots"].max()) if len(host_progs) else 1
        run_args = _run_args(problem, frame)
        if problem.sig.ret in ("i", "b", "f", "n"):
            out_cap = 1  # a scalar result is one word
        oc, out = self._run_all(progs, suite, run_args, out_cap)

        def rerun(c: int, t: int, cap: int) -> np.ndarray:
            # compiled afresh: the images above live in an arena reused by the next call
            one = self.compile([sources[index[c]]], problem)  # fresh memory
            _, words = self.backend.run(one, _one_test(suite, t), *run_args, cap)
            return words[0]

        diags = [_diagnostic(p) for p in host_progs]
        status = oc["status"][index]
        return VerifyResult(
            problem=problem, passed=status == ST_PASS, status=status, line=oc["line"][index],
            steps=oc["steps"][index], diagnostics=[diags[i] for i in index],
            _out=out[index], _out_words=oc["out_words"][index], _rerun=rerun)


    def _run_all(self, progs, suite, run_args: tuple, out_cap: int) -> tuple[np.ndarray, np.ndarray]:
        """Outcomes [programs, tests] and result words [programs, tests, cap]:
        a first run with at most FIRST_HEAP_BYTES of heap, then the programs
        with a MemoryError again at the problem's full heap."""
        full_words = run_args[-1]
        first_words = min(full_words, FIRST_HEAP_BYTES // 8)
        outcomes, out = self.backend.run(progs, suite, *run_args[:-1], first_words, out_cap)
        u, n = len(progs), suite.n_tests
        oc, out = outcomes.reshape(u, n), out.reshape(u, n, -1)
        if first_words < full_words:
            again = np.flatnonzero((oc["status"] == ST_MEMORY_ERROR).any(axis=1))
            if len(again):
                oc2, out2 = self.backend.run(progs, suite, *run_args, out_cap, cand_map=again)
                oc[again] = oc2.reshape(len(again), n)
                out[again] = out2.reshape(len(again), n, -1)
        return oc, out


def _run_args(problem: Problem, frame_slots: int) -> tuple:
    """The backends' run arguments after (progs, suite): signature, float
    tolerance (-1: exact), fuel, depth, stack slots, heap words."""
    lim = problem.limits
    stack_slots = min(max(frame_slots, 1) * lim.depth + 16, MAX_STACK_SLOTS)
    tol = -1.0 if problem.float_tolerance is None else float(problem.float_tolerance)
    return (problem.sig.code.encode(), tol, lim.fuel, lim.depth, stack_slots, (lim.heap_bytes + 7) // 8)


def _diagnostic(p) -> Diagnostic | None:
    if p["ok"]:
        return None
    d = p["diag"]
    return Diagnostic(DIAG_CLASSES[int(d["cls"])], int(d["line"]), int(d["col"]),
                      d["msg"].split(b"\0", 1)[0].decode("ascii", "replace"))


@dataclass(frozen=True)
class _OneTest:
    args_words: np.ndarray
    args_off: np.ndarray
    exp_words: np.ndarray
    exp_off: np.ndarray
    n_tests: int = 1


def _one_test(suite, t: int) -> _OneTest:
    a0, a1 = suite.args_off[t], suite.args_off[t + 1]
    e0, e1 = suite.exp_off[t], suite.exp_off[t + 1]
    return _OneTest(np.ascontiguousarray(suite.args_words[a0:a1]), np.array([0, a1 - a0], dtype=np.int64),
                    np.ascontiguousarray(suite.exp_words[e0:e1]), np.array([0, e1 - e0], dtype=np.int64))


__all__ = ["Verifier", "VerifyResult", "Diagnostic"]
