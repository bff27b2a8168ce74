"""The compiler's passes on the CPU backend, time per program: the parse
pass alone (parse_kernel), parse and types (front_kernel) and the whole
compile (compile_kernel: parse, types and code), each kernel alone over
prepared buffers, on all the host's cores; with --base, the compile of
another commit (a git worktree) on the same programs, for the ratio.

    python bench/bench_front.py [--programs 80] [--copies 512] [--repeat 3] [--base REV]

Each program of the behaviour corpus (but the compile-error ones) is
compiled `--copies` times in one call, best of `--repeat`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def _buffers(source: str, copies: int):
    """`copies` of source packed, with room for their trees (sema.TreeArrays)."""
    from gpubackend.sema import TreeArrays

    return TreeArrays.of([source] * copies)


def _parse_call(source: str, problem, copies: int):
    """A closure running parse_kernel over `copies` of source."""
    from gpubackend.parsetree import PARSE_OUT, _library

    a, out, lib = _buffers(source, copies), np.zeros(copies, dtype=PARSE_OUT), _library()
    return lambda: lib.parse_kernel(*a.args(), *a.tree_args(), out.ctypes.data)


def _front_call(source: str, problem, copies: int):
    """A closure running front_kernel (parse and types) over `copies` of source."""
    from gpubackend.batch import ProblemTable
    from gpubackend.sema import FRONT_OUT, _front

    a, table, out, lib = _buffers(source, copies), ProblemTable.of([problem]), np.zeros(copies, FRONT_OUT), _front()
    return lambda: lib.front_kernel(*a.args(), table.meta.ctypes.data, table.rows.ctypes.data, None, *a.tree_args(),
                                    out.ctypes.data)


def _compile_call(source: str, problem, copies: int):
    """A closure running compile_kernel over `copies` of source."""
    from gpubackend.abi import PROGRAM
    from gpubackend.backends.cpu import library
    from gpubackend.batch import ProblemTable

    blob = source.encode()
    src = np.frombuffer(blob * copies, dtype=np.uint8)
    ends = np.arange(1, copies + 1, dtype=np.int64) * len(blob)
    begins = ends - len(blob)
    table, progs, lib = ProblemTable.of([problem]), np.zeros(copies, dtype=PROGRAM), library()
    return lambda: lib.compile_kernel(src.ctypes.data, begins.ctypes.data, ends.ctypes.data, copies,
                                      table.meta.ctypes.data, table.rows.ctypes.data, None, progs.ctypes.data)


def _best(fn, repeat: int) -> float:
    fn()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def timing(programs: int, copies: int, repeat: int, stages: tuple[str, ...], root: Path = ROOT) -> dict[str, float]:
    """Seconds per program of each stage ("parse", "front", "compile"), with
    the gpubackend and the behaviour corpus of the tree at `root`."""
    sys.path[:0] = [str(root), str(root / "tests")]
    from test_programs import SPECS, _problem

    calls = {"parse": _parse_call, "front": _front_call, "compile": _compile_call}
    specs = [s for s in SPECS if not s.rel.startswith("errors")]
    random.Random(1).shuffle(specs)
    total = dict.fromkeys(stages, 0.0)
    for spec in specs[:programs]:
        for stage in stages:
            total[stage] += _best(calls[stage](spec.source, _problem(spec), copies), repeat)
    n = min(programs, len(specs)) * copies
    return {stage: s / n for stage, s in total.items()}


def base_compile(rev: str, programs: int, copies: int, repeat: int) -> float:
    """Seconds per program of commit `rev`'s compile_kernel, the same programs."""
    with tempfile.TemporaryDirectory() as tmp:
        tree, out = Path(tmp) / "base", Path(tmp) / "t.json"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(tree), rev], cwd=ROOT, check=True)
        try:
            subprocess.run([sys.executable, str(Path(__file__).resolve()), "--programs", str(programs), "--copies",
                            str(copies), "--repeat", str(repeat), "--compile-only", str(out)], cwd=tree,
                           env=dict(os.environ, PYTHONPATH=str(tree)), check=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
        return json.loads(out.read_text())["compile"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--programs", type=int, default=80, help="corpus programs timed")
    ap.add_argument("--copies", type=int, default=512, help="copies of each program per call")
    ap.add_argument("--repeat", type=int, default=3, help="timed calls per program (best kept)")
    ap.add_argument("--base", help="also time this commit's compile (a git revision), for the ratio")
    ap.add_argument("--compile-only", metavar="JSON", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.compile_only:  # the base side, run in its own tree
        stages = ("compile",)
        Path(args.compile_only).write_text(json.dumps(timing(args.programs, args.copies, args.repeat, stages, Path.cwd())))
        return 0
    t = timing(args.programs, args.copies, args.repeat, ("parse", "front", "compile"))
    print(f"per program: parse {t['parse'] * 1e6:.2f} us, parse + types {t['front'] * 1e6:.2f} us, "
          f"parse + types + code (compile) {t['compile'] * 1e6:.2f} us")
    if args.base:
        b = base_compile(args.base, args.programs, args.copies, args.repeat)
        print(f"{args.base}'s compile: {b * 1e6:.2f} us per program; this tree's is {t['compile'] / b:.2f}x its time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
