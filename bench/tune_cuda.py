"""The CUDA backend's launch shapes on this card, measured: one verify_batch
round of a bench_rl scale at each compile and run block size (the run's
resident threads follow from the block, the kernel's registers and the
card), its stages timed with CUDA events, every variant's lanes checked
against the first's; then one long lane (a loop that runs to its fuel) on
the GPU and on the CPU backend: how much slower one GPU thread interprets,
which is what a launch's slowest lane costs.

    python bench/tune_cuda.py --scale 512x16x20 --blocks 32,64,128
    python bench/tune_cuda.py --scale 1x1000x20 --blocks 64 --per-warp 1,8,32,auto --no-long-lanes

--per-warp times the compile's programs a warp (1..32, or auto: as few as
keep every resident warp busy) at the first block sizes. --run-regs times
run_kernel under register caps (a build of it alone for each), with room
for the resident threads' scratch:

    python bench/tune_cuda.py --scale 512x16x20 --blocks 128 --run-regs 0,128,64 --no-long-lanes
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_rl import build, differing_lanes  # noqa: E402
from gpubackend import Problem, Verifier  # noqa: E402
from workloads import GROUPS  # noqa: E402

LONG_LANE = Problem.from_dict({"name": "spin",
    "entry": "spin", "signature": "def spin(n: int) -> int",
    "tests": [{"args": [1], "expected": 0}]}, source="<tune long lane>")
# Lanes that run until their fuel is spent: on loop rounds, and on a
# builtin's scans (charged by the characters they read, limits.h WORK_PER_FUEL).
LONG_SOURCES = {
    "loop": "def spin(n: int) -> int:\n    i = 0\n    while True:\n        i += n\n",
    "scan": "def spin(n: int) -> int:\n    s = 'x' * 100000\n    i = 0\n    while True:\n"
            "        i += s.count('y') + n\n",
}


def stages(v: Verifier, groups, repeat: int) -> tuple[dict, list]:
    """The best of `repeat` staged calls, after a warm-up: compile, run,
    reduce and the whole call (seconds)."""
    res = v.verify_batch(groups)
    best: dict[str, float] = {}
    for _ in range(repeat):
        v.backend.cp.cuda.Device().synchronize()
        t0 = time.perf_counter()
        res = v.verify_batch(groups, timed=True)
        v.backend.cp.cuda.Device().synchronize()
        row = {s: res[0].timings.get(s, 0.0) for s in ("compile", "run", "reduce")} | {
            "call": time.perf_counter() - t0}
        best = {s: min(x, best.get(s, x)) for s, x in row.items()}
    return best, res


def long_lane(device: str, kind: str) -> dict:
    """One lane that runs until its fuel is spent: seconds and steps."""
    v = Verifier(device, fallback=False)
    v.verify([LONG_SOURCES[kind]], LONG_LANE)  # warm-up
    t0 = time.perf_counter()
    res = v.verify([LONG_SOURCES[kind]], LONG_LANE)
    wall = time.perf_counter() - t0
    steps = int(res.lanes.steps.sum())
    return {"device": device, "lane": kind, "status": res.status_name(0, 0), "steps": steps, "wall_s": wall,
            "steps_per_s": steps / wall}


def run_registers(v: Verifier, groups, a, first) -> list[dict]:
    """The run stage under each of --run-regs' register caps, at the default
    blocks and a scratch budget of --scratch-gib: registers, resident
    threads, stages and lanes against the first variant's."""
    from gpubackend.backends.cuda import COMPILE_BLOCK, RUN_BLOCK, SCRATCH_BUDGET_BYTES

    rows = []
    be = v.backend
    be.set_blocks(COMPILE_BLOCK, RUN_BLOCK)
    for regs in [int(r) for r in a.run_regs.split(",") if r]:
        t0 = time.perf_counter()
        be.set_run_registers(regs)
        build_s = time.perf_counter() - t0
        be.scratch_budget = int(a.scratch_gib * (1 << 30))
        best, res = stages(v, groups, a.repeat)
        first = first or res
        row = {"run_regs_cap": regs, "run_regs": int(be.run_fn.num_regs), "resident_threads": be.resident,
               "scratch_gib": a.scratch_gib, "build_s": build_s, **best,
               "differing_lanes": differing_lanes(first, res)}
        rows.append(row)
        print(f"run regs cap {regs:3d} ({row['run_regs']} used, {be.resident:,} threads, built in {build_s:.1f} s)  "
              f"run {best['run'] * 1e3:8.2f} ms  call {best['call'] * 1e3:8.2f} ms  differ {row['differing_lanes']}")
    be.set_run_registers(0)
    be.scratch_budget = SCRATCH_BUDGET_BYTES
    return rows


def run_queues(v: Verifier, groups, a, first) -> list[dict]:
    """The run stage with lanes taken a thread at a time and a warp at a
    time (--queues), at the default blocks, lanes against the first
    variant's."""
    from gpubackend.backends.cuda import COMPILE_BLOCK, RUN_BLOCK

    rows, be = [], v.backend
    be.set_blocks(COMPILE_BLOCK, RUN_BLOCK)
    default = be.run_by_warp
    for queue in [q for q in a.queues.split(",") if q]:
        if queue not in ("thread", "warp"):
            raise SystemExit(f"--queues: thread or warp, got {queue!r}")
        be.run_by_warp = queue == "warp"
        best, res = stages(v, groups, a.repeat)
        first = first or res
        row = {"queue": queue, "resident_threads": be.resident, **best,
               "differing_lanes": differing_lanes(first, res)}
        rows.append(row)
        print(f"queue by {queue:6s}  compile {best['compile'] * 1e3:8.2f} ms  run {best['run'] * 1e3:8.2f} ms  "
              f"reduce {best['reduce'] * 1e3:6.2f} ms  call {best['call'] * 1e3:8.2f} ms  "
              f"differ {row['differing_lanes']}")
    be.run_by_warp = default
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scale", default="512x16x20", help="a bench_rl scale, PxKxT or humaneval:K (default 512x16x20)")
    p.add_argument("--blocks", default="32,64,128", help="block sizes tried for both kernels (default 32,64,128)")
    p.add_argument("--repeat", type=int, default=3, help="staged calls per variant, the best kept (default 3)")
    p.add_argument("--per-warp", default="", help="compile programs a warp to try, e.g. 1,8,32,auto (default: none)")
    p.add_argument("--run-regs", default="", help="run_kernel register caps to try, e.g. 0,128,64 (0: ptxas's "
                   "choice; each cap a build of run_kernel alone; default: none)")
    p.add_argument("--scratch-gib", type=float, default=16.0,
                   help="run scratch budget (GiB) for the --run-regs variants, so that more resident threads "
                        "are not capped by scratch (default 16)")
    p.add_argument("--queues", default="", help="run queues to try: thread (a lane a thread at a time), warp "
                   "(a warp's lanes together), e.g. thread,warp (default: none)")
    p.add_argument("--no-long-lanes", action="store_true", help="skip the long lanes")
    p.add_argument("--json", help="write the measurements as JSON")
    a = p.parse_args(argv)
    blocks = [int(b) for b in a.blocks.split(",")]
    groups = build(a.scale, [n for g in ("scalar", "lists") for n in GROUPS[g]])
    v = Verifier("cuda", fallback=False)
    rows, first = [], None
    print(f"{a.scale}: {sum(len(c) for c, _ in groups):,} candidates; run_kernel {v.backend.run_fn.num_regs} "
          f"registers, compile_kernel {v.backend.compile_fn.num_regs}")
    for cb in blocks:
        for rb in blocks:
            v.backend.set_blocks(cb, rb)
            best, res = stages(v, groups, a.repeat)
            first = first or res
            row = {"compile_block": cb, "run_block": rb, "resident_threads": v.backend.resident, **best,
                   "differing_lanes": differing_lanes(first, res)}
            rows.append(row)
            print(f"compile {cb:4d}  run {rb:4d} ({row['resident_threads']:,} threads)  "
                  f"compile {best['compile'] * 1e3:8.2f} ms  run {best['run'] * 1e3:8.2f} ms  "
                  f"reduce {best['reduce'] * 1e3:6.2f} ms  call {best['call'] * 1e3:8.2f} ms  "
                  f"differ {row['differing_lanes']}")
    for pw in [None if w == "auto" else int(w) for w in a.per_warp.split(",") if w]:
        v.backend.set_blocks(blocks[0], blocks[0])
        v.backend.compile_per_warp = pw
        best, res = stages(v, groups, a.repeat)
        row = {"compile_block": blocks[0], "compile_per_warp": pw or "auto", **best,
               "differing_lanes": differing_lanes(first, res)}
        rows.append(row)
        print(f"compile {blocks[0]:4d}  per warp {row['compile_per_warp']!s:>4}  compile {best['compile'] * 1e3:8.2f} ms  "
              f"call {best['call'] * 1e3:8.2f} ms  differ {row['differing_lanes']}")
    v.backend.compile_per_warp = None
    rows += run_registers(v, groups, a, first)
    rows += run_queues(v, groups, a, first)
    lanes = [] if a.no_long_lanes else [long_lane(d, kind) for kind in LONG_SOURCES for d in ("cuda", "cpu")]
    for ln in lanes:
        print(f"long lane ({ln['lane']}) on {ln['device']}: {ln['status']}, {ln['steps']:,} steps in "
              f"{ln['wall_s'] * 1e3:.1f} ms ({ln['steps_per_s'] / 1e6:.1f} M steps/s)")
    if a.json:
        Path(a.json).write_text(json.dumps({"scale": a.scale, "rows": rows, "long_lane": lanes}, indent=1))
    return 1 if any(r["differing_lanes"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
