"""On-policy repair data: a trained model's own wrong programs, each with
the feedback the loop would show it, answered by the task's reference.

    python -m agentloop.coder.selfrepair --model DIR --out FILE.jsonl [--seed 0]
        [--tasks-per-family 300] [--per-family 120] [--samples 4] [--temperature 0.8]
        [--max-tokens 384] [--engine hf|vllm] [--batch 16]

Why: synth.py's repair examples start from mutants of the reference, one
small edit away from it. A model's own failures are not like that: it
writes another task's program, keeps a training family's parameter name,
or, shown its feedback, writes the same wrong program again. A model
trained on mutants alone repairs about as often as a fresh sample passes
(docs/coder-model.md). These records are the repairs it needs: its own
mistakes, judged by the VM, with the loop's own feedback text.

The train tasks are synth's (same seed and tasks a family as training, so
the same tasks, never valid or held-out ones); `--per-family` of them a
family are sampled `--samples` times each with the loop's prompt, opened
with the def line as the loop opens the embedded model's answers. Every
failing sample, one per distinct program a task, becomes a Record of kind
"repair" with mutation "model" (synth.Record's JSON, one a line); the
trainer takes the file with `--extra` (train.py). FILE.stats.json beside
it holds the pass rate and the failure kinds per family.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpubackend import Problem, Verifier

from ..feedback import failure_of, render
from ..generators.default import default_generator
from ..prompts import Templates, task_prompt
from ..solver import sample, verify_generation
from .synth import Record

# Tokens a sample at most: the longest reference is about 200 tokens, and
# an answer past this is a runaway the loop would cut too.
MAX_TOKENS = 384


@dataclass
class Collected:
    """What collect() found: the repair records and per-family counts."""

    records: list[Record]
    stats: dict


def train_tasks(seed: int, tasks_per_family: int, per_family: int) -> list[Record]:
    """Up to per_family train solve records a family, drawn with Random(seed)
    from synth's train split (generated without mutants: the tasks are the
    same, and mutants are the slow part)."""
    from . import synth

    data = synth.generate(seed, tasks_per_family, 0)
    by_family: dict[str, list[Record]] = defaultdict(list)
    for r in data.split("train"):
        if r.kind == "solve":
            by_family[r.family].append(r)
    rng = random.Random(seed)
    picked = []
    for fam in sorted(by_family):
        tasks = by_family[fam]
        picked += rng.sample(tasks, min(per_family, len(tasks)))
    return picked


def collect(generator: Any, verifier: Verifier, tasks: list[Record], samples: int, seed: int,
            max_tokens: int = MAX_TOKENS, batch: int = 16, progress: Any = None) -> Collected:
    """Sample `samples` answers to each task, verify them, and keep each
    distinct failing program as a repair record (the loop's feedback text,
    the reference as the answer). progress: called with tasks done."""
    templates = Templates.load()
    records: list[Record] = []
    counts: dict[str, Counter] = defaultdict(Counter)
    for b in range(0, len(tasks), batch):
        chunk = tasks[b:b + batch]
        problems = [Problem.from_dict(r.problem) for r in chunk]
        prompts = [task_prompt(p, templates) for p in problems]
        gen = sample(generator, prompts, problems, [samples] * len(chunk), seed=seed * 1_000_003 + b,
                     max_tokens=max_tokens)
        results = verify_generation(verifier, gen, generator.tokenizer, problems, list(range(len(chunk))))
        for task, problem, res in zip(chunk, problems, results):
            records += _failures(task, problem, res, counts[task.family])
        if progress:
            progress(min(b + batch, len(tasks)))
    return Collected(records, _stats(counts))


def _failures(task: Record, problem: Problem, res: Any, counts: Counter) -> list[Record]:
    """The task's distinct failing samples as repair records."""
    out, seen = [], set()
    for c in range(res.k):
        counts["samples"] += 1
        failure = failure_of(res, c)
        if failure is None:
            counts["passed"] += 1
            continue
        counts[failure.kind] += 1
        program = res.source(c)
        if program in seen:
            counts["repeated"] += 1
            continue
        seen.add(program)
        text = render(failure, problem.limits.fuel, problem.limits.depth)
        out.append(Record(task.family, "train", "repair", task.problem, task.reference, program, text,
                          mutation="model", failure=failure.kind))
    return out


def _stats(counts: dict[str, Counter]) -> dict:
    total = sum(counts.values(), Counter())
    fams = {f: dict(sorted(c.items())) for f, c in sorted(counts.items())}
    return {"all": dict(sorted(total.items())), "families": fams,
            "pass_rate": round(total["passed"] / max(total["samples"], 1), 4)}


# ------------------------------------------------------------ command line

def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(prog="python -m agentloop.coder.selfrepair", description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True, help="the trained model's folder (train.py's --out)")
    ap.add_argument("--out", required=True, help="the records' JSONL file (FILE.stats.json beside it)")
    ap.add_argument("--seed", type=int, default=0, help="synth's seed (the training's) and the sampling seed")
    ap.add_argument("--tasks-per-family", type=int, default=300, help="as the model was trained with")
    ap.add_argument("--per-family", type=int, default=120, help="train tasks sampled a family")
    ap.add_argument("--samples", type=int, default=4, help="samples a task")
    ap.add_argument("--temperature", type=float, default=0.8, help="the loop's default for the embedded model")
    ap.add_argument("--max-tokens", type=int, default=MAX_TOKENS)
    ap.add_argument("--engine", choices=["hf", "vllm"], default="hf")
    ap.add_argument("--batch", type=int, default=16, help="tasks a generate call")
    ap.add_argument("--device", default="cpu", help="the verifier's device")
    args = ap.parse_args(argv)

    start = time.perf_counter()
    generator = default_generator(args.temperature, which=args.engine, path=args.model)
    tasks = train_tasks(args.seed, args.tasks_per_family, args.per_family)
    verifier = Verifier(args.device, fallback=False)
    from rich.progress import Progress

    with Progress(transient=True) as bar:
        job = bar.add_task("sample + verify", total=len(tasks))
        got = collect(generator, verifier, tasks, args.samples, args.seed, args.max_tokens, args.batch,
                      progress=lambda done: bar.update(job, completed=done))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(r.to_json()) + "\n" for r in got.records))
    stats = {"command": ["python", "-m", "agentloop.coder.selfrepair", *argv], "tasks": len(tasks),
             "records": len(got.records), **got.stats, "seconds": round(time.perf_counter() - start, 1)}
    out.with_suffix(".stats.json").write_text(json.dumps(stats, indent=1) + "\n")
    print(f"{len(got.records)} repair records from {len(tasks)} tasks (pass rate {got.stats['pass_rate']:.1%}) "
          f"-> {out} in {stats['seconds']} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
