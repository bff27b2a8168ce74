"""Benchmark: the Verifier on HumanEval, the workload an eval runs, against
CPython in-process.

bench_verify.py times one generated problem at a time. This one times what
`agentloop eval humaneval` asks of the Verifier: every HumanEval problem the
DSL converter takes whose reference completion passes (bench_eval.load_subset),
`--n` samples each (bench_eval.samples_for: the canonical completion and
mutants of it), all verified in one `Verifier.verify_batch` call; and
CPython in-process on the same programs and tests (bench_verify.run_cpython:
exec each program once, then call its entry on every test).

Left out, and counted in the report, because CPython cannot run them to an
end or to the same answer:
- the `infinite_loop` mutants (CPython would run them forever);
- samples with a lane that ends in Timeout (the fuel limit), MemoryError (the
  heap limit), OverflowError or Unsupported (the DSL's int is 64-bit where
  CPython's is unbounded, and `int ** negative int` is no int: deviations
  docs/language.md names), and samples that do not compile in the DSL
  (CPython would run them): the Verifier settles these in its own way and no
  CPython figure compares with it.

Every remaining (sample, test) must get the same status from both (pass,
wrong_answer or the exception's class); a disagreement is a bug, printed in
red, and the exit status is 1. Two rows are timed: all the problems, and all
but the `--heavy` problems that take CPython longest (their loops, such as
HumanEval/36's fizz_buzz up to 100000, dominate the first row; the second
shows the many small problems, where fixed costs count).

    python bench/bench_verify_humaneval.py                  # 10 samples per problem, best of 5
    python bench/bench_verify_humaneval.py --n 20 --md bench/results/cpu-2core-verify-humaneval.md
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from bench_eval import load_subset, samples_for  # noqa: E402
from bench_verify import _loadavg, consoles, machine_info, run_cpython, write_reports  # noqa: E402
from gpubackend import Problem, Verifier  # noqa: E402
from gpubackend.abi import STATUS_NAMES  # noqa: E402

# Lane statuses that CPython has no equal for (see the docstring).
UNCOMPARABLE = ("Timeout", "MemoryError", "OverflowError", "Unsupported", "compile_error")

Group = tuple[list[str], Problem]


def build_groups(n: int, seed: int, v: Verifier) -> tuple[list[Group], dict[str, int]]:
    """Per problem, its comparable samples' programs; and what was left out."""
    _, tasks, he, _, _ = load_subset(None)
    groups, dropped = [], {"infinite_loop mutants": 0, "samples with an uncomparable lane": 0}
    for t in tasks:
        pairs = samples_for(t, he[t.task_id], n, seed)
        dropped["infinite_loop mutants"] += sum(k == "infinite_loop" for k, _ in pairs)
        groups.append(([t.program(c) for k, c in pairs if k != "infinite_loop"], t.problem))
    bad = [STATUS_NAMES.index(s) for s in UNCOMPARABLE]
    kept = []
    for (programs, problem), res in zip(groups, v.verify_batch(groups, stop_after_timeout=True)):
        ok = [p for c, p in enumerate(programs) if not np.isin(res.status[c], bad).any()]
        dropped["samples with an uncomparable lane"] += len(programs) - len(ok)
        if ok:
            kept.append((ok, problem))
    return kept, dropped


def time_cpython(groups: list[Group], repeat: int) -> tuple[list[float], list[float], list[list[list[str]]]]:
    """Per problem, seconds and process CPU seconds (exec and calls, the
    run with the best wall time of `repeat`); and the verdicts
    [problem][sample][test]."""
    seconds, cpu, verdicts = [], [], []
    for programs, problem in groups:
        tests = [(list(t.args), t.expected) for t in problem.tests]
        runs = []
        for _ in range(repeat):
            c0 = time.process_time()
            got, t_exec, t_calls = run_cpython(programs, problem.entry, tests)
            runs.append((t_exec + t_calls, time.process_time() - c0))
        wall, cpu_s = min(runs)
        seconds.append(wall)
        cpu.append(cpu_s)
        verdicts.append(got)
    return seconds, cpu, verdicts


def time_batch(v: Verifier, groups: list[Group], repeat: int) -> dict[str, Any]:
    """verify_batch of all groups, the best of `repeat` after a warm-up:
    wall and process CPU seconds, and its stages."""
    v.verify_batch(groups)
    runs = []
    for _ in range(repeat):
        c0, t0 = time.process_time(), time.perf_counter()
        res = v.verify_batch(groups, timed=True)
        runs.append((time.perf_counter() - t0, time.process_time() - c0, res[0].timings))
    wall, cpu, stages = min(runs, key=lambda r: r[0])
    stages = {k: stages.get(k, 0.0) for k in ("compile", "run", "reduce")}
    return {"s": wall, "cpu_s": cpu, "all_s": [r[0] for r in runs],
            "stages_s": stages | {"other": max(wall - sum(stages.values()), 0.0)}}


def disagreements(v: Verifier, groups: list[Group], verdicts: list[list[list[str]]]) -> list[str]:
    out = []
    for (programs, problem), res, cp in zip(groups, v.verify_batch(groups), verdicts):
        ours = [[STATUS_NAMES[s] for s in row] for row in res.status]
        for c, (a, b) in enumerate(zip(ours, cp)):
            for t, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    out.append(f"{problem.name} sample {c} test {t}: Verifier {x}, CPython {y}")
    return out


def row(name: str, groups: list[Group], cp_s: float, cp_cpu: float, ours: dict[str, Any]) -> dict[str, Any]:
    samples = sum(len(p) for p, _ in groups)
    lanes = sum(len(p) * len(prob.tests) for p, prob in groups)
    return {"row": name, "problems": len(groups), "samples": samples, "lanes": lanes, "cpython_s": cp_s,
            "cpython_cpu_s": cp_cpu, "verifier": ours, "speedup": cp_s / ours["s"]}


def report(rows: list[dict[str, Any]], console) -> None:
    from rich.table import Table

    table = Table(title="HumanEval: verify_batch (CPU) against CPython in-process (exec + calls)")
    for col in ("problems", "samples", "lanes", "CPython", "verify_batch", "compile", "run", "reduce",
                "other", "speedup", "in CPU time"):
        table.add_column(col, justify="right")
    table.add_column("", justify="left")
    for r in rows:
        v = r["verifier"]
        ms = [f"{1e3 * x:.1f} ms" for x in (r["cpython_s"], v["s"], *v["stages_s"].values())]
        table.add_row(str(r["problems"]), str(r["samples"]), str(r["lanes"]), *ms,
                      f"{r['speedup']:.1f}x", f"{r['cpython_cpu_s'] / v['cpu_s']:.1f}x", r["row"])
    console.print(table)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=10, help="samples per problem before exclusions (default 10)")
    p.add_argument("--repeat", type=int, default=5, help="timed repetitions, the best reported (default 5)")
    p.add_argument("--heavy", type=int, default=2,
                   help="problems left out of the second row, those CPython takes longest on (default 2)")
    p.add_argument("--seed", type=int, default=0, help="seed of the mutants (bench_eval's)")
    p.add_argument("--json", metavar="OUT", help="write all measurements as JSON")
    p.add_argument("--md", metavar="OUT", help="write a Markdown report (command, machine, table)")
    a = p.parse_args(argv)
    if a.n < 1 or a.repeat < 1 or a.heavy < 0:
        p.error("--n and --repeat must be at least 1, --heavy at least 0")
    console, log = consoles(bool(a.md), width=160)
    info = machine_info()
    v = Verifier("cpu", fallback=False)
    log("converting HumanEval and drawing the samples ...")
    groups, dropped = build_groups(a.n, a.seed, v)
    log(f"left out: {dropped}")
    cp_s, cp_cpu, verdicts = time_cpython(groups, a.repeat)
    problems = disagreements(v, groups, verdicts)
    heavy = set(np.argsort(cp_s)[::-1][:a.heavy].tolist())
    rows = [row("all", groups, sum(cp_s), sum(cp_cpu), time_batch(v, groups, a.repeat))]
    light = [i for i in range(len(groups)) if i not in heavy]
    if heavy and light:
        names = ", ".join(groups[i][1].name for i in sorted(heavy))
        rows.append(row(f"less {names}", [groups[i] for i in light], sum(cp_s[i] for i in light),
                        sum(cp_cpu[i] for i in light), time_batch(v, [groups[i] for i in light], a.repeat)))
    info["loadavg_end"] = _loadavg()
    report(rows, console)
    console.print(f"Left out: {dropped['infinite_loop mutants']} infinite_loop mutants, "
                  f"{dropped['samples with an uncomparable lane']} samples with a "
                  f"{'/'.join(UNCOMPARABLE)} lane.")
    if problems:
        console.print("[bold red]DISAGREEMENT (a bug in the Verifier or the benchmark):[/]")
        for msg in problems[:20]:
            console.print(f"[bold red]  {msg}[/]")
    else:
        console.print("[green]CPython and the Verifier agree on every lane.[/]")
    per_problem = [{"problem": prob.name, "samples": len(progs), "tests": len(prob.tests), "cpython_s": s}
                   for (progs, prob), s in zip(groups, cp_s)]
    write_reports(a, __file__, argv, "Verifier on HumanEval", info, console,
                  {"dropped": dropped, "rows": rows, "problems": per_problem, "disagreements": problems})
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
