"""The GPU backend: the same kernel source compiled by NVRTC through
cupy.RawModule, launched on device arrays. Python checks everything before
the launch; the kernels trust their inputs."""

from __future__ import annotations

from functools import cache

import numpy as np

from ..abi import KERNEL_DIR, OUTCOME, PROGRAM, PROGRAM_HEAD, PROGRAM_HEAD_BYTES, char_table
from ..batch import RunPlan
from ..stragglers import SLICE_FUEL, finish_on_host, sliced
from . import Outcomes

# No fused multiply-add and IEEE division/sqrt: float results equal
# CPython's and the host build's (-ffp-contract=off).
NVRTC_OPTIONS = ("-std=c++17", "-fmad=false", "-prec-div=true", "-prec-sqrt=true",
                 f"-I{KERNEL_DIR}")
# NVRTC's optimizer and its ptxas step in threads, one per core: the first
# build on a machine (ptxas most of it, 4 MB of PTX) took 121 s on an H100's
# host in one thread; on 2 cores it goes from 86 s to 53 s. An NVRTC that
# does not know the option builds without it (build_module).
NVRTC_PARALLEL = ("-split-compile=0",)
# The compiler recurses (one frame per nested grammar rule, bounded by
# MAX_NESTING); CUDA's default 1 KB per-thread stack is too small for it.
THREAD_STACK_BYTES = 64 * 1024
# Threads per block of a run launch.
RUN_BLOCK = 128
# Threads per block of a compile launch: one program per thread, whose
# warps diverge at once, so smaller blocks spread a batch over more SMs; 64
# compiled 8,192 programs 9% faster than 128 on an H100 (bench/tune_cuda.py).
COMPILE_BLOCK = 64
# Device memory a compile launch may take for its threads' workspaces (the
# passes' states and a program's tree: about 100 bytes per source byte of
# the launch's longest program, kernels/compile.h): enough for every thread
# an H100 holds at once (about 34,000) on programs of 1 KB.
COMPILE_SCRATCH_BYTES = 4 << 30
# Compile launches by source length (bytes, the upper bounds; the last
# launch takes the rest): a workspace holds its launch's longest program,
# so a 16 KB program among 1 KB ones would cut the threads sixteenfold.
COMPILE_LENGTHS = (1024, 4096)
# Device memory a run launch may take for its threads' scratch (one lane's
# each): enough for every thread an H100 holds at once at 100 KB a lane
# (about 34,000 threads of run_kernel); lanes given a larger heap run on
# fewer threads.
SCRATCH_BUDGET_BYTES = 4 << 30


def _workspace(longest: int) -> tuple[int, int]:
    """(nodes, bytes) of one compile thread's workspace (kernels/compile.h)
    for programs of up to `longest` source bytes: host and device layouts
    of a struct agree."""
    from ..parsetree import _library, tree_caps

    cap_nodes = tree_caps(longest)[0]
    return cap_nodes, int(_library().workspace_bytes_for(cap_nodes))


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


# How each module _built made came to be, by its run_regs (describe()).
BUILT_BY: dict[int, str] = {}


def _module(run_regs: int = 0):
    """The kernels' module; with run_regs, a module of run_kernel alone,
    each thread held to that many registers (verifier.cu's RUN_MAX_REGS).
    (One cache entry whether run_regs 0 is given or left out.)"""
    return _built(run_regs)


@cache
def _built(run_regs: int):
    import cupy

    cupy.cuda.runtime.deviceSetLimit(cupy.cuda.runtime.cudaLimitStackSize, THREAD_STACK_BYTES)
    arch = f"sm_{cupy.cuda.Device().compute_capability}"
    if not run_regs:
        from .prebuild import prebuilt_path

        ahead = prebuilt_path(arch)
        if ahead.exists():  # built by nvcc for this card and these sources
            BUILT_BY[0] = f"nvcc, built ahead ({arch})"
            return cupy.RawModule(path=str(ahead))
    src = (KERNEL_DIR / "verifier.cu").read_text()
    defines = (f"-DRUN_MAX_REGS={run_regs}", "-DRUN_KERNEL_ONLY") if run_regs else ()
    mod = build_module(cupy.RawModule, src, cupy.cuda.compiler.CompileException, defines)
    BUILT_BY[run_regs] = f"NVRTC ({arch})" + (f", at most {run_regs} registers" if run_regs else "")
    return mod


def build_module(raw_module, src: str, compile_error: type[Exception], defines: tuple[str, ...] = ()):
    """The kernels compiled now (not at the first launch), in parallel where
    this NVRTC can: an NVRTC older than the option fails the first build,
    and the second, without it, fails only where the source does."""
    try:
        mod = raw_module(code=src, options=NVRTC_OPTIONS + defines + NVRTC_PARALLEL)
        mod.compile()
        return mod
    except compile_error:
        mod = raw_module(code=src, options=NVRTC_OPTIONS + defines)
        mod.compile()
        return mod


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
        # device memory a run launch may take for its threads' scratch
        self.scratch_budget = SCRATCH_BUDGET_BYTES
        # lanes taken from the queue a warp at a time (verifier.cu run_queue_by_warp), else a thread at a time
        self.run_by_warp = True
        self.run_regs = 0  # run_kernel's register cap (set_run_registers; 0: none)
        self.set_blocks(COMPILE_BLOCK, RUN_BLOCK)
        # programs a warp compiles at once, 1..32 (None: spread over every warp the card holds)
        self.compile_per_warp: int | None = None
        # fuel a lane may spend on the GPU before it moves to the host (None: all of it there)
        self.slice_fuel: int | None = SLICE_FUEL
        self.finished_on_host = 0  # lanes finished on the host so far (a statistic: not locked)
        self._host = None

    def set_blocks(self, compile_block: int, run_block: int) -> None:
        """Threads per block of the compile and run launches (bench/tune_cuda.py
        times the choices on a card); the run's resident threads follow."""
        for name, b in (("compile_block", compile_block), ("run_block", run_block)):
            if not (isinstance(b, int) and 1 <= b <= 1024):
                raise ValueError(f"{name} must be an int in 1..1024, got {b!r}")
        if compile_block % 32:
            raise ValueError(f"compile_block must be a multiple of 32 (whole warps), got {compile_block}")
        self.compile_block, self.run_block = compile_block, run_block
        self.resident = resident_threads(self.run_fn, run_block)
        self.compile_resident = resident_threads(self.compile_fn, compile_block)

    def set_run_registers(self, regs: int) -> None:
        """run_kernel held to `regs` registers a thread (0: the module's own,
        as ptxas chose): fewer registers, more resident threads
        (bench/tune_cuda.py --run-regs times the caps on a card)."""
        if not (isinstance(regs, int) and (regs == 0 or 24 <= regs <= 255)):
            raise ValueError(f"regs must be 0 or an int in 24..255, got {regs!r}")
        self.run_fn = _module(regs).get_function("run_kernel")
        self.run_regs = regs
        self.set_blocks(self.compile_block, self.run_block)

    def describe(self) -> dict:
        """How this backend runs, for benchmark pages: the kernels' builds
        as they were made (nvcc's, built ahead, or NVRTC's; run_kernel's
        own under a register cap), their registers, the queue."""
        kernels = BUILT_BY.get(0, "unknown")
        if self.run_regs:
            kernels += f"; run_kernel by {BUILT_BY.get(self.run_regs, 'unknown')}"
        return {"kernels": kernels, "run_kernel_regs": int(self.run_fn.num_regs),
                "compile_kernel_regs": int(self.compile_fn.num_regs),
                "run_queue": "warp" if self.run_by_warp else "thread"}

    def header_reader(self, progs):
        """rows -> the leading fields (ok, frame_slots, memo, ret, diag) of
        programs `rows` on the host: 220 bytes each cross the bus, not the whole
        images (which each compile allocates afresh, so they stay valid)."""
        def read(rows: np.ndarray) -> np.ndarray:
            raw = progs.buf.reshape(progs.k, PROGRAM.itemsize)[self.cp.asarray(rows), :PROGRAM_HEAD_BYTES]
            head = np.ascontiguousarray(self.cp.asnumpy(raw))
            return head.view(PROGRAM_HEAD).reshape(len(rows))
        return read

    def fields(self, progs) -> dict:
        """Per program, on the device: ok, frame_slots, memo, the diagnostic's cls, line and judged."""
        raw = progs.buf.reshape(progs.k, PROGRAM.itemsize)
        return {"ok": _field(raw, PROGRAM, ("ok",), self.cp),
                "frame_slots": _field(raw, PROGRAM, ("frame_slots",), self.cp),
                "memo": _field(raw, PROGRAM, ("memo",), self.cp),
                "cls": _field(raw, PROGRAM, ("diag", "cls"), self.cp),
                "line": _field(raw, PROGRAM, ("diag", "line"), self.cp),
                "judged": _field(raw, PROGRAM, ("diag", "judged"), self.cp)}

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
            lengths = cp.asnumpy(end - begin)  # (a sync where they are on the device)
            for which in length_classes(lengths, COMPILE_LENGTHS):
                self._compile_launch(d_src, d_begin, d_end, which, k, d_meta, d_rows, d_prob_of, progs,
                                     int(lengths[which].max()))
        return progs

    def _compile_launch(self, d_src, d_begin, d_end, which, k, d_meta, d_rows, d_prob_of, progs, longest) -> None:
        """One compile launch over programs `which` of the k (all: none
        uploaded), of `longest` source bytes at most."""
        cp = self.cp
        cap_nodes, per_thread = _workspace(longest)
        n = len(which)
        block = self.compile_block
        blocks, per_warp = compile_shape(n, self.compile_resident, COMPILE_SCRATCH_BYTES // per_thread, block,
                                         self.compile_per_warp)
        scratch = cp.empty(blocks * block // 32 * per_warp * per_thread, dtype=cp.uint8)
        d_which = np.uint64(0) if n == k else cp.asarray(which)
        self.compile_fn((blocks,), (block,), (d_src, d_begin, d_end, d_which, np.int64(n), d_meta, d_rows, d_prob_of,
                                               progs.buf, scratch, np.int32(cap_nodes), np.int32(per_warp)))

    def run(self, progs, plan: RunPlan, out_cap: int, deadline: float | None = None) -> Outcomes:
        """Run every lane of `plan` (batch.RunPlan; host or device arrays);
        the outcomes stay on the device, flat [lanes]. Each lane gets at most
        `slice_fuel` on the GPU, and those that need more finish on the
        host (gpubackend/stragglers.py), which alone honours `deadline` (the
        call's backstop, Verifier.backstop_s)."""
        cp = self.cp
        lanes, cap = plan.lanes, max(out_cap, 1)
        cut = sliced(cp, plan, self.slice_fuel) if lanes and self.slice_fuel else None
        oc = self._launch(progs, plan if cut is None else cut, cap)
        if cut is not None:
            self.finished_on_host += finish_on_host(cp, self.host(), lambda rows: self.images(progs, rows), plan,
                                                    oc, cap, self.slice_fuel, deadline)
        return oc

    def _launch(self, progs, plan: RunPlan, cap: int) -> Outcomes:
        """One run launch of every lane of `plan`, on persistent threads."""
        cp = self.cp
        lanes = plan.lanes
        outcomes = cp.zeros(lanes * OUTCOME.itemsize, dtype=cp.uint8)
        out_words = cp.zeros((lanes, cap), dtype=cp.int64)
        if lanes:
            t = plan.tests
            threads = max(1, min(lanes, self.resident, self.scratch_budget // (8 * plan.lane_words)))
            block = min(threads, self.run_block)
            threads -= threads % block
            scratch = cp.empty(threads * plan.lane_words, dtype=cp.int64)
            args = (progs.buf, _device_or_null(cp, plan.cand_map), _device_or_null(cp, plan.test_map),
                    _device_or_null(cp, plan.lane_off), np.int64(plan.m), _device_or_null(cp, plan.prob_of),
                    *(cp.asarray(a) for a in (plan.rows, plan.meta, t.args_words, t.args_off, t.exp_words,
                                              t.exp_off)),
                    self.chars, np.int32(cap), np.int64(plan.lane_words), np.int64(lanes), scratch, out_words,
                    outcomes, cp.zeros(1, dtype=cp.uint64),  # the lane queue's counter
                    np.int32(self.run_by_warp))
            self.run_fn((threads // block,), (block,), args)
        raw = outcomes.reshape(lanes, OUTCOME.itemsize)
        return Outcomes(*(_field(raw, OUTCOME, (f,), cp) for f in ("status", "line", "steps", "out_words")),
                        out_words)

    def images(self, progs, rows: np.ndarray) -> np.ndarray:
        """Programs `rows` (host indices) as host images (PROGRAM records):
        the kernels' images hold no pointers, so the host runs them as
        they are."""
        raw = progs.buf.reshape(progs.k, PROGRAM.itemsize)[self.cp.asarray(rows)]
        return np.ascontiguousarray(self.cp.asnumpy(raw)).view(PROGRAM).reshape(len(rows))

    def host(self):
        """The host backend that finishes long lanes, made on first use."""
        if self._host is None:
            from .cpu import CpuBackend

            self._host = CpuBackend()
        return self._host


def resident_threads(fn, block: int) -> int:
    """Threads of kernel `fn` (a cupy.RawKernel), in blocks of `block`, that
    the current device holds at once."""
    from cupy.cuda import runtime as rt

    dev = rt.getDevice()
    sm = {name: rt.deviceGetAttribute(getattr(rt, "cudaDevAttr" + name), dev)
          for name in ("MaxBlocksPerMultiprocessor", "MaxThreadsPerMultiProcessor", "MaxRegistersPerMultiprocessor")}
    blocks = blocks_per_sm(int(fn.num_regs), block, sm["MaxBlocksPerMultiprocessor"],
                           sm["MaxThreadsPerMultiProcessor"], sm["MaxRegistersPerMultiprocessor"])
    return blocks * block * rt.deviceGetAttribute(rt.cudaDevAttrMultiProcessorCount, dev)


def compile_shape(n: int, resident: int, most_slots: int, block: int, per_warp: int | None = None) -> tuple[int, int]:
    """(blocks, programs a warp compiles at once) of a compile launch over n
    programs: at most `most_slots` workspaces, at most the `resident`
    threads the card holds at once, blocks of `block` threads (whole warps).

    A warp's programs diverge and take turns, so a small batch compiles
    sooner with fewer a warp; but a warp's programs also share the paths
    they have in common. By default (per_warp None) a warp takes as few as
    keep half the resident warps busy: on an H100 (bench/results/h100-rl.md)
    1,000 programs compiled in 2.4 ms at 1 a warp and 5.7 ms at 32; 8,192
    in 21.1 ms at 16 a warp (half the warps), 26.0 ms at 8 (all of them)
    and 23.3 ms at 32; 102,400 at 32 a warp as before."""
    per_warp = per_warp or min(32, -(-2 * n // max(1, resident // 32)))
    warps = -(-max(1, min(n, resident, most_slots)) // per_warp)
    return -(-warps * 32 // block), per_warp


def length_classes(lengths: np.ndarray, bounds: tuple[int, ...]) -> list[np.ndarray]:
    """The indices of `lengths` in each nonempty class: at most bounds[0],
    at most bounds[1], ..., the rest."""
    cls = np.searchsorted(np.asarray(bounds), lengths, side="left")
    return [np.flatnonzero(cls == c) for c in range(len(bounds) + 1) if (cls == c).any()]


def blocks_per_sm(regs: int, block: int, max_blocks: int, max_threads: int, max_regs: int) -> int:
    """Blocks of `block` threads using `regs` registers each that one SM
    holds at once (at least 1): the least of its block, thread and register
    limits, registers being given out per warp in units of 256."""
    warps = (block + 31) // 32
    regs_per_warp = (max(regs, 1) * 32 + 255) // 256 * 256
    return max(1, min(max_blocks, max_threads // (warps * 32), max_regs // (regs_per_warp * warps)))


def _device_or_null(cp, a):
    """a as a contiguous int64 device array, or a null pointer for None."""
    return np.uint64(0) if a is None else cp.ascontiguousarray(cp.asarray(a, dtype=cp.int64))
