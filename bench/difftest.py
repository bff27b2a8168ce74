"""The long differential run against CPython (docs/language.md, "The one rule").

    python bench/difftest.py --count 100000 --seed 1 [--batch 500] [--group 20]

generates --count random tier 1-4 programs (half the seeds tier 1-2 ones,
half with lists, tuples and Optional; --features -lists for tier 1-2 only)
with the generator of tests/test_differential.py (tests/difftest/gen.py),
runs each in CPython (the
oracle, tests/difftest/oracle.py) and through the Verifier, in batches of
--batch programs; groups of --group programs share a signature and inputs, so
one group is one Problem and one verify call. Prints progress and a summary
(programs, lanes, compile errors, mismatches); writes every mismatch as one
JSON line to --out (with a minimized program for the first --shrink of them);
exits 1 on any mismatch.

Every group is reproducible from the seed a report prints with it ("program
(seed S)"): --replay S prints that group's programs, inputs and outcomes on
both sides (pass the same --group and --features).

A run focused on one feature raises its share of the seeds, as the workers
inherit the environment: DIFFTEST_NUM_SHARE=1 makes every program use
int | float (int_or_float), DIFFTEST_TV_SHARE=1 every tier 3-4 program
tuples of any length (tuple_any_length), DIFFTEST_TE_SHARE=1 every program
try statements (try_except); a replay needs the same setting.
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from difftest import gen, runner, shrink  # noqa: E402


def group_seed(seed: int, g: int) -> int:
    return seed * 1_000_003 + g


def _make_group(job):
    seed, g, size, features = job
    return gen.group_from_seed(group_seed(seed, g), size, features)


def _ordered(pool, jobs, window: int):
    """pool.map with at most `window` groups in flight (bounded memory)."""
    pending = collections.deque()
    for job in jobs:
        pending.append(pool.submit(_make_group, job))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def parse_features(spec: str | None) -> frozenset:
    try:
        return gen.parse_features(spec)
    except ValueError as e:
        raise SystemExit(str(e)) from None


def replay(args, verifier, features):
    cases = gen.group_from_seed(args.replay, args.group, features)
    st = runner.verify_cases(verifier, cases)
    for c in cases:
        print(c.describe())
        print("# CPython:", [o.describe() for o in c.expected])
        print()
    for m in st.mismatches:
        print(m.report(), end="\n\n")
    print(f"{st.programs} programs, {st.lanes} lanes, {len(st.mismatches)} mismatches")
    return 1 if st.mismatches else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=10_000, help="programs to generate (default 10000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=500, help="programs generated and verified per step")
    ap.add_argument("--group", type=int, default=20, help="programs per Problem (sharing signature and args)")
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda", "auto"])
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1), help="generator processes")
    ap.add_argument("--out", default=None, help="mismatches JSONL (default ./difftest-mismatches-seed<SEED>.jsonl in the repo root)")
    ap.add_argument("--shrink", type=int, default=5, help="minimize the first N mismatches (0: none)")
    ap.add_argument("--features", default=None, help="edit the generator's features: '-aug_shift,+float_of_str'")
    ap.add_argument("--replay", type=int, default=None, metavar="S",
                    help="re-run the group a report calls 'seed S' (with the same --group) and stop")
    ap.add_argument("--max-mismatches", type=int, default=10_000, help="stop early past this many")
    args = ap.parse_args(argv)

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from rich.table import Table

    from gpubackend import Verifier

    console = Console(stderr=True)
    features = parse_features(args.features)
    verifier = Verifier(device=args.device, fallback=False)
    if args.replay is not None:
        return replay(args, verifier, features)

    out_path = Path(args.out or ROOT / f"difftest-mismatches-seed{args.seed}.jsonl")  # git-ignored
    out_path.parent.mkdir(parents=True, exist_ok=True)
    out_path.write_text("")

    n_groups = -(-args.count // args.group)
    groups_per_batch = max(1, args.batch // args.group)
    total = runner.Stats()
    kinds: collections.Counter = collections.Counter()
    shrunk = 0
    t_gen = t_ver = 0.0
    t0 = time.time()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    jobs = ((args.seed, g, args.group, features) for g in range(n_groups))
    results = _ordered(pool, jobs, window=4 * groups_per_batch) if pool else map(_make_group, jobs)

    with Progress(
        TextColumn("[bold]difftest"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[info]}"),
        TimeElapsedColumn(), TimeRemainingColumn(), console=console,
    ) as progress:
        task = progress.add_task("programs", total=n_groups * args.group, info="")
        done = False
        while not done:
            batch = []
            a = time.time()
            for _ in range(groups_per_batch):
                try:
                    batch.extend(next(results))
                except StopIteration:
                    done = True
                    break
            t_gen += time.time() - a
            if not batch:
                break
            a = time.time()
            st = runner.verify_cases(verifier, batch)
            t_ver += time.time() - a
            for m in st.mismatches:
                kinds[m.kind] += 1
                if shrunk < args.shrink:
                    m.minimized = shrink.minimize(verifier, m.case, m.test, budget_s=30)
                    shrunk += 1
                    console.print(m.report(), markup=False, highlight=False)
            runner.dump_jsonl(st.mismatches, out_path)
            total.add(st)
            progress.update(task, advance=len(batch),
                            info=f"lanes {total.lanes}  mismatches {len(total.mismatches)}")
            if len(total.mismatches) > args.max_mismatches:
                console.print(f"stopping: more than {args.max_mismatches} mismatches")
                break
    if pool:
        pool.shutdown(cancel_futures=True)

    wall = time.time() - t0
    table = Table(title=f"difftest seed {args.seed} ({verifier.device})")
    table.add_column("what")
    table.add_column("count", justify="right")
    table.add_row("programs", str(total.programs))
    table.add_row("lanes (program x args)", str(total.lanes))
    table.add_row("compile errors", str(total.compile_errors))
    table.add_row("mismatches", str(len(total.mismatches)))
    for k, n in sorted(kinds.items()):
        table.add_row(f"  {k}", str(n))
    table.add_row("wall s", f"{wall:.1f}")
    table.add_row("  waiting for the generator + CPython s", f"{t_gen:.1f}")
    table.add_row("  verify s", f"{t_ver:.1f}")
    Console().print(table)
    if total.mismatches:
        console.print(f"mismatches written to {out_path}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
