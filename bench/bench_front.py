"""The compiler in passes (parse.h; the type pass, sema.h, sema_expr.h,
sema_stmt.h; the code pass, code.h) against today's one-pass compiler, on
the CPU backend: time per program, and how much of each program set the
type pass types whole and the code pass generates.

    python bench/bench_front.py [--programs 80] [--copies 512] [--repeat 3] [--samples 5]

Each program of the behaviour corpus (but the compile-error ones) is
compiled `--copies` times in one call by each, best of `--repeat`: the
front (front_kernel: parse and types), the three passes (passes_kernel,
writing programs as compile_kernel does) and the one-pass compiler
(compile_kernel), each kernel alone over prepared buffers, on all the
host's cores. The compiler in passes must stay within 1.2x of today's
compile.
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


def _passes_call(source: str, problem, copies: int):
    """A closure running passes_kernel (parse, types, code) over `copies` of source."""
    from gpubackend.abi import PROGRAM
    from gpubackend.batch import ProblemTable
    from gpubackend.codepass import CODE_OUT, _passes
    from gpubackend.sema import FRONT_OUT, TreeArrays

    a = TreeArrays.of([source] * copies)
    table = ProblemTable.of([problem])
    types = np.zeros(copies * a.cap_nodes, dtype=np.int32)
    front = np.zeros(copies, dtype=FRONT_OUT)
    progs = np.zeros(copies, dtype=PROGRAM)
    out = np.zeros(copies, dtype=CODE_OUT)
    lib = _passes()

    def run() -> None:
        lib.passes_kernel(*a.args(), table.meta.ctypes.data, table.rows.ctypes.data, None, *a.tree_args(),
                          types.ctypes.data, front.ctypes.data, progs.ctypes.data, out.ctypes.data)
    return run


def _compile_call(source: str, problem, copies: int):
    """A closure running the one-pass compiler (compile_kernel) over `copies` of source."""
    from gpubackend.abi import PROGRAM
    from gpubackend.backends.cpu import library
    from gpubackend.batch import ProblemTable
    from gpubackend.sema import TreeArrays

    a = TreeArrays.of([source] * copies)
    table = ProblemTable.of([problem])
    progs = np.zeros(copies, dtype=PROGRAM)
    lib = library()

    def run() -> None:
        lib.compile_kernel(*a.args()[:3], copies, table.meta.ctypes.data, table.rows.ctypes.data, None,
                           progs.ctypes.data)
    return run


def _best(fn, repeat: int) -> float:
    fn()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def timing(programs: int, copies: int, repeat: int) -> tuple[float, float, float]:
    """Seconds per program: (one-pass compile, front kernel, passes kernel)."""
    from test_programs import SPECS, _problem

    specs = [s for s in SPECS if not s.rel.startswith("errors")]
    random.Random(1).shuffle(specs)
    compile_s = front_s = passes_s = 0.0
    for spec in specs[:programs]:
        problem = _problem(spec)
        compile_s += _best(_compile_call(spec.source, problem, copies), repeat)
        front_s += _best(_front_call(spec.source, problem, copies), repeat)
        passes_s += _best(_passes_call(spec.source, problem, copies), repeat)
    n = min(programs, len(specs)) * copies
    return compile_s / n, front_s / n, passes_s / n


def coverage() -> dict[str, tuple[int, int, int]]:
    """Per program set: (programs the code pass generated, programs the type
    pass typed whole, programs it parsed)."""
    from gpubackend import Problem
    from gpubackend.codepass import generate
    from test_programs import SPECS, _problem
    from tests.difftest.dsl_types import placeholder
    from tests.difftest.gen import case_from_seed
    from tests.difftest.runner import LIMITS

    sets = {"behaviour corpus": [(spec.source, _problem(spec)) for spec in SPECS]}
    generated = []
    for i in range(1000):
        case = case_from_seed(9_000_000 + i)
        if case.args_list:
            generated.append((case.source, Problem(
                name="gen", entry=case.entry, signature=case.signature, limits=LIMITS,
                tests=[{"args": list(case.args_list[0]), "expected": placeholder(case.ret)}])))
    sets["generated (difftest, seeds 9,000,000+)"] = generated
    out = {}
    for name, programs in sets.items():
        done = whole = parsed = 0
        for source, problem in programs:
            g = generate([source], problem)[0]
            d = g.front
            parsed += d.nfuncs >= 0
            whole += d.nfuncs >= 0 and not d.cls and d.gave_up is None and d.gave_up_fns == 0
            done += g.program is not None
        out[name] = (done, whole, parsed)
    return out


def model_samples(stride: int) -> tuple[int, int, int]:
    """On every `stride`-th model sample of bench/corpus whose HumanEval
    problem is typed: (samples, programs the one-pass compiler compiles,
    those the passes generate equal to its program)."""
    import gzip
    import json
    from collections import defaultdict

    from agentloop.tasksets.humaneval import convert_all
    from gpubackend import Verifier
    from gpubackend.codepass import generate, same_program

    conv = {c.task_id: c for c in convert_all()}
    v = Verifier("cpu", fallback=False)
    samples = compiled = equal = 0
    for path in sorted((ROOT / "bench" / "corpus").glob("*.jsonl.gz")):
        by_task = defaultdict(list)
        with gzip.open(path, "rt") as lines:
            for i, line in enumerate(lines):
                row = json.loads(line)
                c = conv.get(row.get("task_id"))
                if i % stride or not c or not c.ok or not c.problem.typed:
                    continue
                # base models complete the prompt; chat models write the whole program
                by_task[row["task_id"]].append(((c.prompt_code or "") if "he_base" in path.name else "") + row["completion"])
        for task, sources in by_task.items():
            problem = conv[task].problem
            for new, old in zip(generate(sources, problem), v.compile(sources, problem)):
                samples += 1
                compiled += bool(old["ok"])
                equal += new.program is not None and same_program(new.program, old) in (None, "constants")
    return samples, compiled, equal


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--programs", type=int, default=80, help="corpus programs timed")
    ap.add_argument("--copies", type=int, default=512, help="copies of each program per call")
    ap.add_argument("--repeat", type=int, default=3, help="timed calls per program (best kept)")
    ap.add_argument("--samples", type=int, default=0, metavar="STRIDE",
                    help="also count, on every STRIDE-th model sample of bench/corpus, the programs the passes generate")
    args = ap.parse_args(argv)
    c, f, p = timing(args.programs, args.copies, args.repeat)
    print(f"per program: one-pass compile {c * 1e6:.2f} us, parse + types (front kernel) {f * 1e6:.2f} us "
          f"({f / c:.2f}x), parse + types + code (passes kernel) {p * 1e6:.2f} us ({p / c:.2f}x)")
    for name, (done, whole, parsed) in coverage().items():
        print(f"{name}: of {parsed} parsed, {whole} typed whole without an error ({whole / max(parsed, 1):.0%}), "
              f"{done} generated")
    if args.samples:
        n, compiled, equal = model_samples(args.samples)
        print(f"model samples (every {args.samples}th of bench/corpus, typed problems): {n}; the one-pass compiler "
              f"compiles {compiled}, the passes generate {equal} of them equal to its programs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
