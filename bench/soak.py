"""Soak run: hostile candidates through one shared Verifier from several
threads, as a service or a trainer's reward workers would send them.

    python bench/soak.py --candidates 1000000 --threads 4 --md bench/results/cpu-2core-soak.md

Candidates are drawn, per batch, around generated programs (the
differential test's generator, tests/difftest/gen.py: a group shares one
signature, hence one Problem): the programs themselves, mutants of them
(one to four edits, plain or with `\\r`, NUL and half an emoji among the
inserts; tests/fuzz_kit.py), token soup after their def line, and random
bytes. Each thread builds batches and calls `verify_batch` on the one
Verifier until the count is reached. Recorded: every call's candidates
and lane statuses (a result for every candidate, none left running), any
exception out of a call (a crash), the slowest call (a hang: past
--hang-s), and the process's resident memory after each call. Exits 1 on a
crash, a hang or a missing result. The CPython path is off unless
--fallback: this soaks the VM path; the sandbox has its own tests.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_verify import _loadavg, consoles, machine_info, write_reports  # noqa: E402
from gpubackend import Problem, Verifier  # noqa: E402
from gpubackend.abi import STATUS_NAMES  # noqa: E402
from tests.difftest.dsl_types import placeholder  # noqa: E402
from tests.difftest.gen import group_from_seed  # noqa: E402
from tests.fuzz_kit import HOSTILE_CHARS, MUTATION_CHARS, TOKENS, mutate  # noqa: E402

# Limits of the soak's problems: small, so that the many mutants that loop
# or recurse without end cost little each.
LIMITS = {"fuel": 20_000, "depth": 64, "heap_bytes": 65536}
# Share of each kind of candidate.
KINDS = {"program": 0.25, "mutant": 0.40, "hostile mutant": 0.20, "token soup": 0.10, "random bytes": 0.05}


def base_group(seed: int) -> tuple[list[str], Problem]:
    """A generated group: 8 programs of one signature, and its Problem (its
    expected values are placeholders: the soak judges survival, not answers)."""
    cases = group_from_seed(seed, 8)
    c = cases[0]
    tests = [{"args": list(args), "expected": placeholder(c.ret)} for args in c.args_list]
    problem = Problem(name=f"soak{seed}", entry=c.entry, signature=c.signature, tests=tests, limits=LIMITS)
    return [case.source for case in cases], problem


def candidate(rng: random.Random, sources: list[str], signature: str) -> tuple[str, str | bytes]:
    kind = rng.choices(list(KINDS), list(KINDS.values()))[0]
    src = rng.choice(sources)
    if kind == "mutant":
        return kind, mutate(rng, src)
    if kind == "hostile mutant":
        return kind, mutate(rng, src, HOSTILE_CHARS)
    if kind == "token soup":
        return kind, signature + ":\n    " + " ".join(rng.choice(TOKENS) for _ in range(rng.randint(1, 60)))
    if kind == "random bytes":
        return kind, rng.randbytes(rng.randint(0, 300))
    return kind, src


class Soak:
    """The shared tally of every thread's calls."""

    def __init__(self, v: Verifier, total: int, batch: int, groups: int, seed: int, log) -> None:
        self.v, self.total, self.batch, self.seed, self.log = v, total, batch, seed, log
        self.lock = threading.Lock()
        self.issued = self.done = self.calls = 0
        self.kinds: collections.Counter = collections.Counter()
        self.statuses: collections.Counter = collections.Counter()
        self.missing = 0
        self.crashes: list[str] = []
        self.slowest = 0.0
        self.rss: list[int] = []
        self.pools = [base_group(seed * 100_000 + g) for g in range(groups)]

    def take(self) -> int:
        """The next call's number, or -1 when the count is reached."""
        with self.lock:
            if self.issued >= self.total:
                return -1
            self.issued += self.batch
            return self.issued // self.batch - 1

    def one_call(self, call: int) -> None:
        rng = random.Random(f"{self.seed}:{call}")
        per_group = max(1, self.batch // 20)
        groups, kinds = [], collections.Counter()
        for _ in range(max(1, self.batch // per_group)):
            sources, problem = rng.choice(self.pools)
            drawn = [candidate(rng, sources, problem.signature) for _ in range(per_group)]
            kinds.update(k for k, _ in drawn)
            groups.append(([c for _, c in drawn], problem))
        t0 = time.perf_counter()
        try:
            results = self.v.verify_batch(groups)
        except Exception:  # noqa: BLE001 - a crash is what the soak looks for
            with self.lock:
                self.crashes.append(traceback.format_exc())
            return
        took = time.perf_counter() - t0
        statuses, missing = collections.Counter(), 0
        for (cands, problem), res in zip(groups, results):
            status = res.status
            if status.shape != (len(cands), len(problem.tests)):
                missing += len(cands)
                continue
            codes = status.ravel().tolist()
            statuses.update(STATUS_NAMES[s] for s in codes if 0 <= s < len(STATUS_NAMES))
            missing += sum(not 0 <= s < len(STATUS_NAMES) for s in codes)  # a lane left running
        with self.lock:
            self.calls += 1
            self.done += sum(len(c) for c, _ in groups)
            self.kinds.update(kinds)
            self.statuses.update(statuses)
            self.missing += missing
            self.slowest = max(self.slowest, took)
            self.rss.append(_rss_bytes())
            if self.calls % 50 == 0:
                self.log(f"{self.done:,} candidates, {self.calls} calls, RSS {self.rss[-1] / 2**20:.0f} MB, "
                         f"slowest call {self.slowest:.2f} s, crashes {len(self.crashes)}")

    def worker(self) -> None:
        while (call := self.take()) >= 0:
            self.one_call(call)


def _rss_bytes() -> int:
    import os

    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--candidates", type=int, default=100_000, help="candidates in all (default 100000)")
    p.add_argument("--threads", type=int, default=4, help="threads sharing the Verifier (default 4)")
    p.add_argument("--batch", type=int, default=2000, help="candidates per verify_batch call (default 2000)")
    p.add_argument("--groups", type=int, default=500, help="generated program groups drawn from (default 500)")
    p.add_argument("--hang-s", type=float, default=60.0, help="a call longer than this is a hang (default 60)")
    p.add_argument("--fallback", action="store_true", help="with the CPython path (the sandbox) on")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", metavar="OUT", help="write the tally as JSON")
    p.add_argument("--md", metavar="OUT", help="write a Markdown report")
    a = p.parse_args(argv)
    if min(a.candidates, a.threads, a.batch, a.groups) < 1:
        p.error("--candidates, --threads, --batch and --groups must be at least 1")
    console, log = consoles(bool(a.md), width=120)
    info = machine_info()
    with Verifier("cpu", fallback=a.fallback) as v:
        log(f"generating {a.groups} program groups ...")
        soak = Soak(v, a.candidates, a.batch, a.groups, a.seed, log)
        rss0 = _rss_bytes()
        t0 = time.perf_counter()
        with ThreadPoolExecutor(a.threads) as pool:
            for f in [pool.submit(soak.worker) for _ in range(a.threads)]:
                f.result()
        wall = time.perf_counter() - t0
    info["loadavg_end"] = _loadavg()
    hung = soak.slowest > a.hang_s
    tally = {"candidates": soak.done, "calls": soak.calls, "wall_s": wall, "kinds": dict(soak.kinds),
             "lane_statuses": dict(soak.statuses.most_common()), "missing_results": soak.missing,
             "crashes": soak.crashes, "slowest_call_s": soak.slowest, "hang": hung,
             "rss_start_bytes": rss0, "rss_max_bytes": max(soak.rss, default=rss0),
             "rss_end_bytes": soak.rss[-1] if soak.rss else rss0}
    console.print(f"{soak.done:,} candidates in {soak.calls} calls of {a.batch} from {a.threads} threads, "
                  f"{wall:.0f} s ({soak.done / wall:,.0f} candidates/s)")
    console.print(f"kinds: {dict(soak.kinds)}")
    console.print(f"lane statuses: {dict(soak.statuses.most_common())}")
    console.print(f"crashes {len(soak.crashes)}, missing results {soak.missing}, slowest call "
                  f"{soak.slowest:.2f} s (hang past {a.hang_s:.0f} s: {'yes' if hung else 'no'})")
    console.print(f"RSS {rss0 / 2**20:.0f} MB at start, {tally['rss_max_bytes'] / 2**20:.0f} MB at most, "
                  f"{tally['rss_end_bytes'] / 2**20:.0f} MB at the end")
    for tb in soak.crashes[:3]:
        console.print(tb)
    write_reports(a, __file__, argv, "Soak run", info, console, {"tally": tally})
    return 1 if soak.crashes or soak.missing or hung or soak.done < a.candidates else 0


if __name__ == "__main__":
    sys.exit(main())
