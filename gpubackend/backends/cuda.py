"""The GPU backend: the same kernel source compiled by NVRTC through
cupy.RawModule, launched on device arrays. Python checks everything before
the launch; the kernels trust their inputs."""

from __future__ import annotations

from functools import cache

import numpy as np

from ..abi import KERNEL_DIR, OUTCOME, PROGRAM, PROGRAM_HEAD, PROGRAM_HEAD_BYTES, char_table
from ..batch import RunPlan
from . import Outcomes

# No fused multiply-add and IEEE division/sqrt: float results equal
# CPython's and the host build's (-ffp-contract=off).
NVRTC_OPTIONS = ("-std=c++17", "-fmad=false", "-prec-div=true", "-prec-sqrt=true",
                 f"-I{KERNEL_DIR}")
# The compiler recurses (one frame per nested grammar rule, bounded by
# MAX_NESTING); CUDA's default 1 KB per-thread stack is too small for it.
THREAD_STACK_BYTES = 64 * 1024
BLOCK = 128
# Device memory a run launch may take for lane scratch; larger batches are
# split into several launches.
SCRATCH_BUDGET_BYTES = 2 << 30


def why_unavailable() -> str:
    try:
        import cupy
    except ImportError:
        return "CuPy is not installed (pip install 'agentloop[gpu]')"
    try:
        if cupy.cuda.runtime.getDeviceCount() == 0:
            return "no CUDA device"
    except Exception as e:  # no driver, or a driver too old
        return f"{type(e).__name__}: {e}"
    return ""


@cache
def available() -> bool:
    return why_unavailable() == ""


@cache
def _module():
    import cupy

    cupy.cuda.runtime.deviceSetLimit(cupy.cuda.runtime.cudaLimitStackSize, THREAD_STACK_BYTES)
    src = (KERNEL_DIR / "verifier.cu").read_text()
    return cupy.RawModule(code=src, options=NVRTC_OPTIONS, name_expressions=None)


class DevicePrograms:
    """k program images in one device byte buffer (CuPy has no indexing of
    structured dtypes; the kernels only need the pointer)."""

    def __init__(self, buf, k: int) -> None:
        self.buf = buf
        self.k = k

    def __len__(self) -> int:
        return self.k


def _field(raw, dtype: np.dtype, path: tuple[str, ...], cp):
    """One scalar field of every record in raw (uint8 [n, itemsize]), as a
    contiguous device array: CuPy has no structured dtypes, so the field is
    cut out by its byte offset."""
    offset = 0
    for name in path:
        dtype, at = dtype.fields[name][:2]
        offset += at
    cut = cp.ascontiguousarray(raw[:, offset:offset + dtype.itemsize])
    return cut.view(cp.dtype(dtype.str)).reshape(len(raw))


class CudaBackend:
    """Runs the kernels on the current CUDA device (CuPy's current stream)."""

    name = "cuda"

    def __init__(self) -> None:
        import cupy

        self.cp = self.xp = cupy
        mod = _module()
        self.compile_fn = mod.get_function("compile_kernel")
        self.run_fn = mod.get_function("run_kernel")
        self.chars = cupy.asarray(char_table())
        # sizeof(Compiler): host and device layouts of a struct agree
        from .cpu import library

        self.compiler_bytes = (int(library().sizeof_compiler()) + 63) // 64 * 64

    def header_reader(self, progs):
        """rows -> the leading fields (ok, frame_slots, memo, diag) of programs
        `rows` on the host: 156 bytes each cross the bus, not the whole
        images (which each compile allocates afresh, so they stay valid)."""
        def read(rows: np.ndarray) -> np.ndarray:
            raw = progs.buf.reshape(progs.k, PROGRAM.itemsize)[self.cp.asarray(rows), :PROGRAM_HEAD_BYTES]
            head = np.ascontiguousarray(self.cp.asnumpy(raw))
            return head.view(PROGRAM_HEAD).reshape(len(rows))
        return read

    def fields(self, progs) -> dict:
        """Per program, on the device: ok, frame_slots, memo, the diagnostic's cls and line."""
        raw = progs.buf.reshape(progs.k, PROGRAM.itemsize)
        return {"ok": _field(raw, PROGRAM, ("ok",), self.cp),
                "frame_slots": _field(raw, PROGRAM, ("frame_slots",), self.cp),
                "memo": _field(raw, PROGRAM, ("memo",), self.cp),
                "cls": _field(raw, PROGRAM, ("diag", "cls"), self.cp),
                "line": _field(raw, PROGRAM, ("diag", "line"), self.cp)}

    def compile(self, src, begin, end, meta, rows, prob_of=None, reuse: bool = False):
        """Compile k programs, program i being src[begin[i]:end[i]] for
        problem prob_of[i] of the table (meta, rows; batch.ProblemTable);
        device arrays, or host arrays copied up."""
        cp = self.cp
        k = len(begin)
        progs = DevicePrograms(cp.zeros(k * PROGRAM.itemsize, dtype=cp.uint8), k)
        if k:
            d_src, d_begin, d_end, d_meta, d_rows = (cp.ascontiguousarray(cp.asarray(a))
                                                     for a in (src, begin, end, meta, rows))
            d_prob_of = _device_or_null(cp, prob_of)
            grid = (k + BLOCK - 1) // BLOCK
            scratch = cp.empty(k * self.compiler_bytes, dtype=cp.uint8)
            self.compile_fn((grid,), (BLOCK,), (d_src, d_begin, d_end, np.int64(k), d_meta, d_rows, d_prob_of,
                                                progs.buf, scratch))
        return progs

    def run(self, progs, plan: RunPlan, out_cap: int, deadline: float | None = None) -> Outcomes:
        """Run every lane of `plan` (batch.RunPlan; host or device arrays);
        the outcomes stay on the device, flat [lanes]. deadline: the
        host's backstop, which the GPU does not have (Verifier.backstop_s)."""
        cp = self.cp
        lanes, cap = plan.lanes, max(out_cap, 1)
        outcomes = cp.zeros(lanes * OUTCOME.itemsize, dtype=cp.uint8)
        out_words = cp.zeros((lanes, cap), dtype=cp.int64)
        if lanes:
            t = plan.tests
            per_launch = max(1, min(lanes, SCRATCH_BUDGET_BYTES // (8 * plan.lane_words)))
            scratch = cp.empty(per_launch * plan.lane_words, dtype=cp.int64)
            fixed = (progs.buf, _device_or_null(cp, plan.cand_map), _device_or_null(cp, plan.test_map),
                     _device_or_null(cp, plan.lane_off),
                     np.int64(plan.m), _device_or_null(cp, plan.prob_of),
                     *(cp.asarray(a) for a in (plan.rows, plan.meta, t.args_words, t.args_off, t.exp_words,
                                               t.exp_off)),
                     self.chars, np.int32(cap), np.int64(plan.lane_words))
            for begin in range(0, lanes, per_launch):
                count = min(per_launch, lanes - begin)
                grid = (count + BLOCK - 1) // BLOCK
                self.run_fn((grid,), (BLOCK,), (*fixed, np.int64(begin), np.int64(count), scratch, out_words,
                                                outcomes))
        raw = outcomes.reshape(lanes, OUTCOME.itemsize)
        return Outcomes(*(_field(raw, OUTCOME, (f,), cp) for f in ("status", "line", "steps", "out_words")),
                        out_words)


def _device_or_null(cp, a):
    """a as a contiguous int64 device array, or a null pointer for None."""
    return np.uint64(0) if a is None else cp.ascontiguousarray(cp.asarray(a, dtype=cp.int64))
