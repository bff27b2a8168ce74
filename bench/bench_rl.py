"""Benchmark at RL scale: one `Verifier.verify_batch` call over P problems x
k candidates x T tests, the round a trainer's reward step makes, from 1e3
to 1e5 programs and up to 1e7 lanes.

Each scale is a list of groups (candidates, problem), verified in one call:
- `PxKxT`: P problems drawn in turn from the benchmark workloads
  (workloads.py; `--workloads`, default the nine scalar and eight list
  ones), each with T tests of its own (a seed per copy), and K distinct
  candidate sources each (correct, wrong and raising variants);
- `humaneval:K`: every HumanEval problem the DSL converter types whose
  reference passes, K samples each (bench_eval.samples_for: the canonical
  completion and mutants of it, less the endless loops, whose lanes would
  only measure the fuel limit), on each problem's own tests.

Per scale it reports, for the Verifier's device (best of --repeat, after a
warm-up call): the call's wall time, its stages (compile, run, reduce,
timed with CUDA events on the GPU; `other` is the rest: Python, packing,
launches), programs compiled per second (distinct programs / compile),
lanes per second (lanes / whole call), steps per second (the lanes' fuel
spent over the run: loop rounds, calls and builtin work; the VM does not
count bytecodes, several to a step), bytes moved each way, and the device
memory CuPy's pool holds after the call, and the lanes per call that ran past the
GPU's slice of fuel and finished on the host (gpubackend/stragglers.py); with --cpu, the CPU backend (all cores, OpenMP) on
the same groups, the ratio, and whether the two gave the same status and
steps on every lane. The CPython fallback is off: this measures the VM
path, the one a GPU speeds up.

    python bench/bench_rl.py --scales 64x16x20                      # the CPU backend
    python bench/bench_rl.py --device cuda --cpu --json out.json    # GPU against CPU
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from bench_verify import _loadavg, consoles, machine_info, write_reports  # noqa: E402
from gpubackend import Problem, Verifier  # noqa: E402
from workloads import GROUPS, WORKLOADS  # noqa: E402

Group = tuple[list[str], Problem]

DEFAULT_SCALES = "1x1000x20,64x16x20,512x16x20,1024x100x20,512x16x100,humaneval:100,256x400x100"
# The GPU goals at RL scale, per figure (bench/README.md, bench_rl.py).
GOALS = {"lanes_per_s": 1e8, "programs_compiled_per_s": 1e6}


def workload_groups(p: int, k: int, t: int, names: list[str]) -> list[Group]:
    """P problems, the workloads in turn, the c-th copy of a workload with
    tests and candidates of seed c (so copies differ)."""
    groups = []
    for i in range(p):
        w, copy = WORKLOADS[names[i % len(names)]], i // len(names)
        problem = Problem.from_dict(w.problem_dict(t, seed=copy), source=f"<bench {w.name} #{copy}>")
        groups.append((w.candidates(k, seed=copy)[0], problem))
    return groups


def humaneval_groups(k: int) -> list[Group]:
    from bench_eval import load_subset, samples_for

    _, tasks, he, _, _ = load_subset(None)
    return [([t.program(c) for kind, c in samples_for(t, he[t.task_id], k, seed=0) if kind != "infinite_loop"],
             t.problem) for t in tasks]


def build(scale: str, names: list[str]) -> list[Group]:
    if scale.startswith("humaneval:"):
        return humaneval_groups(int(scale.split(":", 1)[1]))
    try:
        p, k, t = (int(x) for x in scale.split("x"))
    except ValueError:
        raise SystemExit(f"--scales: {scale!r} is neither PxKxT (e.g. 512x16x20) nor humaneval:K") from None
    return workload_groups(p, k, t, names)


def _sync(v: Verifier) -> None:
    cp = getattr(v.backend, "cp", None)
    if cp is not None:
        cp.cuda.Device().synchronize()


def _pool_bytes(v: Verifier) -> int | None:
    cp = getattr(v.backend, "cp", None)
    return None if cp is None else int(cp.get_default_memory_pool().total_bytes())


def measure(v: Verifier, groups: list[Group], repeat: int) -> tuple[dict[str, Any], list]:
    """One warm-up call, `repeat` timed calls (wall clock, synchronized),
    then one with timed=True for the stages; the figures and the results."""
    results = v.verify_batch(groups)
    moved = getattr(v.backend, "finished_on_host", 0)
    walls = []
    for _ in range(repeat):
        _sync(v)
        t0 = time.perf_counter()
        results = v.verify_batch(groups)
        _sync(v)
        walls.append(time.perf_counter() - t0)
    staged = v.verify_batch(groups, timed=True)[0]
    stages = {s: staged.timings.get(s, 0.0) for s in ("compile", "run", "reduce")}
    wall = min(walls)
    programs = sum(int(r.lanes.status.shape[0]) for r in results)  # distinct: the ones compiled
    lanes = sum(int(r.lanes.status.size) for r in results)
    steps = sum(int(r.lanes.steps.sum()) for r in results)
    host_lanes = (getattr(v.backend, "finished_on_host", 0) - moved) // (repeat + 1)
    moved = results[0].call_transfers
    return {"device": v.device, "wall_s": wall, "wall_all_s": walls, **{f"{s}_s": x for s, x in stages.items()},
            "other_s": max(wall - sum(stages.values()), 0.0), "programs": programs, "lanes": lanes,
            "steps": steps, "programs_compiled_per_s": programs / stages["compile"] if stages["compile"] else None,
            "lanes_per_s": lanes / wall, "steps_per_s": steps / stages["run"] if stages["run"] else None,
            "bytes_to_device": moved["to_device"], "bytes_to_host": moved["to_host"],
            "device_pool_bytes": _pool_bytes(v), "host_lanes": host_lanes}, results


def profile(v: Verifier, groups: list[Group], path: Path) -> None:
    """One more call under cProfile: where the host's time goes (the
    functions by their own time), written to `path`."""
    import cProfile
    import io
    import pstats

    prof = cProfile.Profile()
    prof.runcall(v.verify_batch, groups)
    _sync(v)
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(30)
    path.write_text(out.getvalue())


def differing_lanes(a: list, b: list) -> int:
    """Lanes whose status or steps differ between two calls' results."""
    return sum(int(((x.status != y.status) | (x.steps != y.steps)).sum()) for x, y in zip(a, b))


def _rate(x: float | None) -> str:
    if x is None:
        return "-"
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= div:
            return f"{x / div:.2f} {unit}"
    return f"{x:.0f}"


def _s(x: float | None) -> str:
    return "-" if x is None else f"{x * 1e3:.1f} ms" if x < 1 else f"{x:.2f} s"


def report(rows: list[dict[str, Any]], console) -> None:
    from rich.table import Table

    table = Table(title="verify_batch at RL scale (best of --repeat, after a warm-up)")
    for col in ("scale", "programs", "lanes", "device", "call", "compile", "run", "reduce", "other",
                "compiled/s", "lanes/s", "steps/s", "to device", "to host", "pool", "on host", "cpu call",
                "vs cpu", "== cpu"):
        table.add_column(col, justify="left" if col in ("scale", "device") else "right")
    for r in rows:
        d, c = r["ours"], r.get("cpu")
        table.add_row(r["scale"], f"{d['programs']:,}", f"{d['lanes']:,}", d["device"], _s(d["wall_s"]),
                      _s(d["compile_s"]), _s(d["run_s"]), _s(d["reduce_s"]), _s(d["other_s"]),
                      _rate(d["programs_compiled_per_s"]), _rate(d["lanes_per_s"]), _rate(d["steps_per_s"]),
                      f"{d['bytes_to_device'] / 1e6:.1f} MB", f"{d['bytes_to_host'] / 1e6:.2f} MB",
                      "-" if d["device_pool_bytes"] is None else f"{d['device_pool_bytes'] / 2**30:.2f} GiB",
                      f"{d.get('host_lanes', 0):,}", _s(c["wall_s"]) if c else "-",
                      f"{c['wall_s'] / d['wall_s']:.2f}x" if c else "-",
                      ("yes" if r["differing_lanes"] == 0 else f"NO ({r['differing_lanes']:,} lanes)") if c
                      else "-")
    console.print(table)
    best = {f: max((r["ours"][f] or 0.0) for r in rows) for f in GOALS}
    console.print("Best figure against the GPU goal: " + "; ".join(
        f"{f} {_rate(best[f])} of {_rate(goal)} ({best[f] / goal:.1%})" for f, goal in GOALS.items()))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scales", default=DEFAULT_SCALES,
                   help=f"comma-separated PxKxT or humaneval:K (default {DEFAULT_SCALES})")
    p.add_argument("--workloads", default="scalar,lists",
                   help="workloads or groups (scalar, lists) the PxKxT problems cycle through (default both)")
    p.add_argument("--device", choices=("cpu", "cuda"), default="cpu", help="the Verifier's device (default cpu)")
    p.add_argument("--cpu", action="store_true", help="also the CPU backend on the same groups, for the ratio")
    p.add_argument("--repeat", type=int, default=3, help="timed calls per scale, the best reported (default 3)")
    p.add_argument("--cpu-repeat", type=int, default=1, help="timed calls of the CPU backend (default 1)")
    p.add_argument("--profile", metavar="DIR", help="profile one more call per scale: DIR/profile-<scale>.txt")
    p.add_argument("--json", metavar="OUT", help="write all measurements as JSON")
    p.add_argument("--md", metavar="OUT", help="write a Markdown report (command, machine, table)")
    a = p.parse_args(argv)
    if a.repeat < 1 or a.cpu_repeat < 1:
        p.error("--repeat and --cpu-repeat must be at least 1")
    names = [n for part in a.workloads.split(",") for n in GROUPS.get(part, (part,))]
    if unknown := [n for n in names if n not in WORKLOADS]:
        p.error(f"--workloads: unknown {', '.join(unknown)} (known: {', '.join(WORKLOADS)}, scalar, lists)")
    console, log = consoles(bool(a.md), width=220)
    info = machine_info()
    v = Verifier(a.device, fallback=False)
    if a.device == "cuda":
        info["gpu"] = v.backend.cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
        info.update(v.backend.describe())
    cpu = Verifier("cpu", fallback=False) if a.cpu and a.device != "cpu" else None
    rows = []
    for scale in a.scales.split(","):
        log(f"{scale}: building the groups ...")
        t0 = time.perf_counter()
        groups = build(scale, names)
        log(f"{scale}: {len(groups)} problems, {sum(len(c) for c, _ in groups):,} candidates "
            f"({time.perf_counter() - t0:.1f} s); timing {v.device} ...")
        ours, res = measure(v, groups, a.repeat)
        row = {"scale": scale, "problems": len(groups), "ours": ours}
        if cpu is not None:
            log(f"{scale}: the CPU backend ...")
            row["cpu"], res_cpu = measure(cpu, groups, a.cpu_repeat)
            row["differing_lanes"] = differing_lanes(res, res_cpu)
            row["vs_cpu"] = row["cpu"]["wall_s"] / ours["wall_s"]
        if a.profile:
            profile(v, groups, Path(a.profile) / f"profile-{scale.replace(':', '-')}.txt")
        rows.append(row)
        log(f"{scale}: {_s(ours['wall_s'])} (compile {_s(ours['compile_s'])}, run {_s(ours['run_s'])}, reduce "
            f"{_s(ours['reduce_s'])}), {_rate(ours['lanes_per_s'])} lanes/s"
            + (f"; cpu {_s(row['cpu']['wall_s'])}, {row['vs_cpu']:.2f}x, {row['differing_lanes']} lanes differ"
               if cpu is not None else ""))
        if a.json:  # what is done so far survives a run cut short
            Path(a.json).write_text(json.dumps({"machine": info, "rows": rows}, indent=1, default=str))
    info["loadavg_end"] = _loadavg()
    report(rows, console)
    bad = [r["scale"] for r in rows if r.get("differing_lanes")]
    if bad:
        console.print(f"[bold red]The {v.device} and CPU backends differ on {', '.join(bad)}: a bug.[/]")
    write_reports(a, __file__, argv, "Verifier at RL scale", info, console, {"rows": rows, "goals": GOALS})
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
