"""The embedded coder's eval: feedback rounds against plain
resampling at the same number of samples, through `agentloop eval`.

    python bench/bench_coder.py --tasks DIR/heldout_tasks --tasks tasks/examples \\
        [--model agentloop/coder/model] [--engine hf|vllm] [--samples 16] [--rounds 4] \\
        [--temperature 0.8] [--seeds 0,1,2] [--per-family N] [--no-open-answer] \\
        [--out build/coder-eval] [--md FILE]

For each task set and seed it runs two evals of the same model:

- feedback:  --n samples/rounds --rounds rounds: the first round's samples,
  then feedback rounds of as many for the problems still unsolved;
- resample:  --n samples --rounds 1: all the samples at once, no feedback.

Both open the model's answers with each problem's def line, as the default
generator does (--no-open-answer: the model writes the whole answer). Both
draw at most `samples` candidates a problem; a problem is solved when
a candidate passes every test, hidden ones included. The table gives the
solve rates (mean over seeds, and each seed's), per held-out family too,
the mean samples a problem used and the wall time; --md writes it as
markdown. DIR/heldout_tasks is what `python -m agentloop.coder.synth`
writes (the held-out families' tasks).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentloop.coder.families import FAMILIES  # noqa: E402
from agentloop.generators.default import ENGINE_KWARGS  # noqa: E402

MODES = ("feedback", "resample")


def run_eval(tasks: str, mode: str, seed: int, args: argparse.Namespace) -> dict:
    """One `agentloop eval`; returns its summary plus per-family solve rates
    and the mean samples used a problem."""
    out = Path(args.out) / f"{Path(tasks).name}-{mode}-seed{seed}"
    n, rounds = (args.samples // args.rounds, args.rounds) if mode == "feedback" else (args.samples, 1)
    cmd = ["agentloop", "eval", tasks, "--out", str(out), f"--{'hf' if args.engine == 'hf' else 'model'}",
           args.model, "--n", str(n), "--rounds", str(rounds), "--temperature", str(args.temperature),
           "--seed", str(seed), "--max-tokens", str(args.max_tokens), "--device", args.device, "--json", "--no-plot",
           "--open-answer" if args.open_answer else "--no-open-answer"]
    if args.engine == "vllm":  # the settings the default generator gives the embedded model
        cmd += [f"--engine-arg={k}={json.dumps(v)}" for k, v in ENGINE_KWARGS.items()]
    start = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr[-3000:]}")
    summary = json.loads(p.stdout)
    summary["wall"] = time.perf_counter() - start
    by_family, used = defaultdict(list), []
    for line in (out / "results.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["status"] != "done":
            continue
        by_family[family_of(rec["task_id"])].append(rec["solved"])
        used.append(len(rec["candidates"]))
    summary["families"] = {f: sum(v) / len(v) for f, v in sorted(by_family.items())}
    summary["samples_used"] = statistics.mean(used) if used else 0.0
    return summary


def family_of(task_id: str) -> str:
    """The family a synthetic task's name starts with (the longest that
    fits: `string_build` before `string`); "-" for other tasks."""
    fits = [f for f in FAMILIES if task_id.startswith(f + "_")]
    return max(fits, key=len) if fits else "-"


def subset(tasks: str, per_family: int, out: Path) -> str:
    """A folder with the first per_family problem files of each family of
    `tasks` (by file name: the names end in a hash, so this is a fair
    draw), or `tasks` itself when per_family is 0."""
    if not per_family:
        return tasks
    files = sorted(Path(tasks).glob("*.json")) + sorted(Path(tasks).glob("*.toml"))
    taken: dict[str, int] = defaultdict(int)
    folder = out / f"{Path(tasks).name}-{per_family}"
    folder.mkdir(parents=True, exist_ok=True)
    for f in files:
        fam = family_of(f.stem)
        if taken[fam] < per_family:
            taken[fam] += 1
            (folder / f.name).write_bytes(f.read_bytes())
    return str(folder)


def table(results: dict, seeds: list[int], args: argparse.Namespace) -> str:
    lines = [f"model `{args.model}` ({args.engine}, answers {'opened' if args.open_answer else 'not opened'}), "
             f"{args.samples} samples a problem at most, "
             f"feedback: {args.samples // args.rounds} x {args.rounds} rounds; temperature {args.temperature}, "
             f"seeds {','.join(map(str, seeds))}", "",
             "| task set | family | problems | feedback solved | resample solved | feedback samples used | "
             "feedback s | resample s |", "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for tasks, by_mode in results.items():
        fb, rs = by_mode["feedback"], by_mode["resample"]
        used = statistics.mean(s["samples_used"] for s in fb)
        walls = [statistics.mean(s["wall"] for s in m) for m in (fb, rs)]
        lines.append(f"| {Path(tasks).name} | all | {fb[0]['evaluated']} | {_rate(fb, lambda s: s['solved'])} | "
                     f"{_rate(rs, lambda s: s['solved'])} | {used:.1f} | {walls[0]:.0f} | {walls[1]:.0f} |")
        fams = sorted({f for s in fb for f in s["families"]})
        for f in fams if len(fams) > 1 else []:
            get = lambda s, f=f: s["families"].get(f, 0.0)  # noqa: E731
            lines.append(f"| | {f} | | {_rate(fb, get)} | {_rate(rs, get)} | | | |")
    return "\n".join(lines)


def _rate(summaries: list[dict], get) -> str:
    values = [get(s) for s in summaries]
    each = "/".join(f"{100 * v:.1f}" for v in values)
    return f"**{100 * statistics.mean(values):.1f}%**" + (f" ({each})" if len(values) > 1 else "")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tasks", action="append", required=True, help="a task set (repeatable)")
    ap.add_argument("--model", default=str(ROOT / "agentloop" / "coder" / "model"))
    ap.add_argument("--engine", choices=["hf", "vllm"], default="hf")
    ap.add_argument("--samples", type=int, default=16, help="samples a problem at most, in both modes")
    ap.add_argument("--rounds", type=int, default=4, help="feedback mode's rounds (samples // rounds each)")
    ap.add_argument("--temperature", type=float, default=0.8)
    ap.add_argument("--max-tokens", type=int, default=384)
    ap.add_argument("--seeds", default="0")
    ap.add_argument("--per-family", type=int, default=0, help="evaluate the first N tasks of each family (0: all)")
    ap.add_argument("--device", default="cpu", help="the verifier's")
    ap.add_argument("--open-answer", action=argparse.BooleanOptionalAction, default=True,
                    help="open the answers with the def line, as the default generator does")
    ap.add_argument("--out", default=str(ROOT / "build" / "coder-eval"))
    ap.add_argument("--md", default=None, help="write the table to this markdown file too")
    args = ap.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    results: dict = {}
    for tasks in [subset(t, args.per_family, Path(args.out)) for t in args.tasks]:
        for mode in MODES:
            for seed in seeds:
                s = run_eval(tasks, mode, seed, args)
                results.setdefault(tasks, {}).setdefault(mode, []).append(s)
                print(f"{tasks} {mode} seed {seed}: solved {100 * s['solved']:.1f}%, "
                      f"{s['samples_used']:.1f} samples a problem, {s['wall']:.0f} s", file=sys.stderr)
    text = table(results, seeds, args)
    print(text)
    if args.md:
        Path(args.md).write_text(text + "\n")


if __name__ == "__main__":
    main()
