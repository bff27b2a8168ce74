"""The compiler's new front passes (parse.h, and the type pass: sema.h,
sema_expr.h, sema_stmt.h) against today's one-pass compiler, on the CPU backend: time
per program and how much of each program set the type pass types whole.

    python bench/bench_front.py [--programs 80] [--copies 512] [--repeat 3]

Each program of the behaviour corpus (but the compile-error ones) is
compiled `--copies` times in one call by both, best of `--repeat`; the
front's time is its kernel alone (front_kernel over prepared buffers), the
compiler's a whole Verifier.compile call, so the ratio favours the
compiler slightly. The code pass, still to come, takes the rest of the
budget: the compiler in passes must stay within 1.2x of today's compile.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def _front_call(source: str, problem, copies: int):
    """A closure running front_kernel over `copies` of source."""
    from gpubackend.batch import ProblemTable
    from gpubackend.parsetree import EXTRA_PER_NODE, NODE, NODES_PER_BYTE, NODES_SLACK
    from gpubackend.sema import FRONT_OUT, _front

    blob = source.encode()
    src = np.frombuffer(blob * copies, dtype=np.uint8)
    ends = np.arange(1, copies + 1, dtype=np.int64) * len(blob)
    begins = ends - len(blob)
    table = ProblemTable.of([problem])
    cap = NODES_PER_BYTE * len(blob) + NODES_SLACK
    nodes = np.zeros(copies * cap, dtype=NODE)
    extra = np.zeros(copies * cap * EXTRA_PER_NODE, dtype=np.int32)
    out = np.zeros(copies, dtype=FRONT_OUT)
    lib = _front()

    def run() -> None:
        lib.front_kernel(src.ctypes.data, begins.ctypes.data, ends.ctypes.data, copies, table.meta.ctypes.data,
                         table.rows.ctypes.data, None, nodes.ctypes.data, cap, extra.ctypes.data,
                         cap * EXTRA_PER_NODE, out.ctypes.data)
    return run


def _best(fn, repeat: int) -> float:
    fn()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def timing(programs: int, copies: int, repeat: int) -> tuple[float, float]:
    """Seconds per program: (one-pass compile, front kernel)."""
    from gpubackend import Verifier
    from test_programs import SPECS, _problem

    v = Verifier("cpu", fallback=False)
    specs = [s for s in SPECS if not s.rel.startswith("errors")]
    random.Random(1).shuffle(specs)
    compile_s = front_s = 0.0
    for spec in specs[:programs]:
        problem = _problem(spec)
        batch = [spec.source] * copies
        compile_s += _best(lambda: v.compile(batch, problem), repeat)
        front_s += _best(_front_call(spec.source, problem, copies), repeat)
    n = min(programs, len(specs)) * copies
    return compile_s / n, front_s / n


def coverage() -> dict[str, tuple[int, int]]:
    """Per program set: (programs the type pass typed whole, programs it parsed)."""
    from gpubackend import Problem
    from gpubackend.sema import declarations
    from test_programs import SPECS, _problem
    from tests.difftest.dsl_types import placeholder
    from tests.difftest.gen import case_from_seed
    from tests.difftest.runner import LIMITS

    out = {}
    whole = parsed = 0
    for spec in SPECS:
        d = declarations([spec.source], _problem(spec))[0]
        parsed += d.nfuncs >= 0
        whole += d.nfuncs >= 0 and d.gave_up is None and d.gave_up_fns == 0
    out["behaviour corpus"] = (whole, parsed)
    whole = parsed = 0
    for i in range(1000):
        case = case_from_seed(9_000_000 + i)
        if not case.args_list:
            continue
        problem = Problem(name="gen", entry=case.entry, signature=case.signature, limits=LIMITS,
                          tests=[{"args": list(case.args_list[0]), "expected": placeholder(case.ret)}])
        d = declarations([case.source], problem)[0]
        parsed += d.nfuncs >= 0
        whole += d.nfuncs >= 0 and d.gave_up is None and d.gave_up_fns == 0
    out["generated (difftest, seeds 9,000,000+)"] = (whole, parsed)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--programs", type=int, default=80, help="corpus programs timed")
    ap.add_argument("--copies", type=int, default=512, help="copies of each program per call")
    ap.add_argument("--repeat", type=int, default=3, help="timed calls per program (best kept)")
    args = ap.parse_args(argv)
    c, f = timing(args.programs, args.copies, args.repeat)
    print(f"per program: one-pass compile {c * 1e6:.2f} us, parse + types (front kernel) {f * 1e6:.2f} us "
          f"({f / c:.2f}x)")
    for name, (whole, parsed) in coverage().items():
        print(f"typed whole: {name}: {whole} of {parsed} ({whole / max(parsed, 1):.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
