"""The verifier process's resident memory across calls: calls of many
distinct programs (each a 42 KB image) and a small call after them, so
that what a call keeps can be told from what it needs while it runs.

    python bench/bench_memory.py [--programs 20000] [--calls 3]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gpubackend import Problem, Verifier  # noqa: E402

PROBLEM = Problem(name="inc", entry="f", signature="def f(n: int) -> int",
                  tests=[{"args": [i], "expected": i + 1} for i in range(3)])


def rss_mb() -> int:
    with open(f"/proc/{os.getpid()}/status") as f:
        return next(int(line.split()[1]) // 1024 for line in f if line.startswith("VmRSS"))


def peak_mb() -> int:
    with open(f"/proc/{os.getpid()}/status") as f:
        return next(int(line.split()[1]) // 1024 for line in f if line.startswith("VmHWM"))


def distinct(n: int, salt: int) -> list[str]:
    return [f"def f(n: int) -> int:\n    k = {salt * 10**7 + i}\n    return n + 1 + k - k\n" for i in range(n)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--programs", type=int, default=20_000)
    p.add_argument("--calls", type=int, default=3)
    a = p.parse_args(argv)
    v = Verifier("cpu", fallback=False)
    v.verify(distinct(10, 0), PROBLEM)  # the kernel library loaded
    print(f"| after | RSS (MB) |\n| --- | ---: |\n| start | {rss_mb()} |")
    for c in range(a.calls):
        res = v.verify(distinct(a.programs, c + 1), PROBLEM)
        assert res.passed.all()
        del res
        gc.collect()
        print(f"| call {c + 1}: {a.programs:,} distinct programs, result dropped | {rss_mb()} |")
    v.verify(distinct(1000, 99), PROBLEM)
    gc.collect()
    print(f"| a call of 1,000 programs | {rss_mb()} |")
    print(f"\npeak RSS while a call ran: {peak_mb()} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
