"""The synthetic data set of the embedded coder: tasks drawn from
families/, each reference checked on CPython and on the VM, and repair
examples made from mutants the VM rejects, with the feedback the loop
would give.

    python -m agentloop.coder.synth --seed 0 --tasks-per-family 200 --out DIR

writes DIR/train.jsonl, valid.jsonl, heldout.jsonl (one record a line),
stats.json (counts, and what was dropped and why), DIR/heldout_tasks/
(the held-out tasks as problem files: `agentloop eval DIR/heldout_tasks`)
and DIR/valid_tasks/ (the valid split's tasks, likewise).
The same seed gives byte-identical files. docs/coder-data.md has the rest.

The pipeline, in order:
1. draw   up to tasks_per_family distinct variants per family;
2. run    each reference on CPython: its values are the expected outputs;
3. check  all references on the VM in batched verify calls (judge.py): kept
          only when it compiles and returns CPython's value, of CPython's
          type, on every input;
4. mutate each kept reference, verify the mutants in batches, keep those
          that fail (cross-checked on CPython where CPython can say), and
          render their feedback with agentloop.feedback, as the loop does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import textwrap
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from gpubackend import Problem, ProblemFileError

from ..feedback import Failure, render
from ..tasksets import Task, TaskSet, write_folder
from . import cpython
from .families import FAMILIES, HELD_OUT_FAMILIES, Variant
from .families.names import renamed
from .judge import CRASH, Judge
from .judge import mutants as judge_mutants
from .judge import references as judge_references
from .mutate import Mutant, mutants

VISIBLE_TESTS = 3        # tests a prompt may show; the rest are hidden
VALID_PERCENT = 10       # share of the training families' tasks kept for validation
PROPOSALS_PER_REPAIR = 3  # mutants verified per repair example wanted (many mutants pass)
MAX_DRAWS = 10           # draws per wanted task before a family is declared exhausted
BATCH = 400              # problems per verify_batch call: one compile and one run launch each
EXAMPLES_PER_REASON = 3  # dropped variants shown in stats.json per reason
# The problems' fuel: the costliest reference (a naive recursive sequence)
# spends about 22,000 steps, so this leaves room for a model's slower
# solution, while a mutant's endless loop stops 5x sooner than at the
# default of 1,000,000 (endless loops were nearly all the VM's work).
FUEL = 200_000
SPLITS = ("train", "valid", "heldout")
# Variants whose entry is renamed to a name unrelated to the task (names.py):
# most of them, since at half the first model trained this way still wrote
# a name it knew for the task instead of the signature's; the rest keep a
# name that fits them, as real tasks do.
RENAMED_SHARE = 0.75
# Variants whose description is wrapped over several lines, as problem
# files written by hand have it (the families write one line).
WRAPPED_SHARE = 0.5


@dataclass(frozen=True)
class Record:
    """One training example.

    kind "solve": problem -> reference. kind "repair": problem, wrong
    program and feedback -> reference; mutation says how the wrong program
    was made, failure what the VM said of it (a Failure kind).
    problem: the problem as a dict (name, entry, signature, description,
    tests with `hidden`, limits), without the solution.
    """

    family: str
    split: str
    kind: str
    problem: dict
    reference: str
    wrong_program: str | None = None
    feedback: str | None = None
    mutation: str | None = None
    failure: str | None = None

    def to_json(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass
class Dataset:
    """What generate() made: the records (train, valid, heldout, each task's
    solve record followed by its repairs), the held-out tasks as Problems
    (solution included), and the counts of stats.json."""

    seed: int
    records: list[Record]
    heldout_problems: list[Problem]
    stats: dict = field(default_factory=dict)

    def split(self, name: str) -> list[Record]:
        return [r for r in self.records if r.split == name]


@dataclass
class _Task:
    """A kept variant: its hash, problem and split."""

    variant: Variant
    key: str
    problem: Problem
    split: str


# ------------------------------------------------------------ progress

class _Bar:
    """A rich progress bar per stage, or nothing (library use, tests)."""

    def __init__(self, progress: Any | None) -> None:
        self.progress = progress

    def stage(self, name: str, total: int):
        if self.progress is None:
            return lambda n=1: None
        task = self.progress.add_task(name, total=total)
        return lambda n=1: self.progress.advance(task, n)


# ------------------------------------------------------------ 1. draw

def task_key(v: Variant) -> str:
    """The task's hash: what the split and the problem's name come from."""
    text = "\n".join([v.family, v.signature, v.description, v.program])
    return hashlib.sha256(text.encode()).hexdigest()


def draw(seed: int, family: str, n: int) -> tuple[list[tuple[str, Variant]], int]:
    """Up to n distinct (task key, variant) pairs of a family, and how many
    draws repeated an earlier one. Each draw has its own Random, seeded by
    a string (str seeds hash with SHA-512, independent of PYTHONHASHSEED).
    A variant is dressed (renamed, its description wrapped) after its key
    is taken, so that one task under two names is one task, in one split."""
    make, found, repeats = FAMILIES[family], {}, 0
    for i in range(MAX_DRAWS * n):
        if len(found) == n:
            break
        rng = random.Random(f"{seed}/{family}/{i}")
        v = make(rng)
        key = task_key(v)
        repeats += key in found
        if key not in found:
            found[key] = dressed(v, rng)
    return list(found.items()), repeats


def dressed(v: Variant, rng: random.Random) -> Variant:
    """v as a problem file might present it: its entry renamed (a share
    RENAMED_SHARE of the variants), its description wrapped over lines of
    60 to 80 columns as a hand-written file wraps it (WRAPPED_SHARE)."""
    if rng.random() < RENAMED_SHARE:
        v = renamed(v, rng)
    if rng.random() < WRAPPED_SHARE:
        width = rng.randint(60, 80)
        v = replace(v, description=textwrap.fill(v.description, width, break_long_words=False, break_on_hyphens=False))
    return v


# ------------------------------------------------------------ 2. CPython

def to_problem(v: Variant, key: str, outcomes: list[cpython.Outcome]) -> tuple[Problem, list[Any]]:
    """The problem of a variant, and CPython's value for each of its tests.
    Tests come in an order drawn from the task's hash, the first
    VISIBLE_TESTS visible. The problem is built from its JSON form, as the
    loop loads it from a record or a problem file, so that feedback
    rendered from it is the loop's text (tuples print as lists there).
    Raises ProblemFileError when a value does not encode (an int beyond
    64 bits, say)."""
    order = list(range(len(v.inputs)))
    random.Random(key).shuffle(order)
    tests = [{"args": list(v.inputs[i]), "expected": outcomes[i].value, "hidden": n >= VISIBLE_TESTS}
             for n, i in enumerate(order)]
    data = {"name": f"{v.family}_{v.entry}_{key[:8]}", "entry": v.entry, "signature": v.signature,
            "description": v.description, "tests": tests, "limits": {"fuel": FUEL}, "solution": v.program}
    return Problem.from_dict(json.loads(json.dumps(data))), [outcomes[i].value for i in order]


def on_cpython(v: Variant, key: str) -> tuple[Problem | None, list[Any], str | None]:
    """(problem, CPython's value per test, None), or (None, [], why the
    variant is dropped)."""
    outcomes = cpython.run(v.program, v.entry, list(v.inputs))
    bad = next((o for o in outcomes if o.status != "ok"), None)
    if bad is not None:
        return None, [], f"cpython: {bad.status}"  # the generator made an input the reference cannot take
    try:
        return (*to_problem(v, key, outcomes), None)
    except ProblemFileError as e:
        return None, [], f"encode: {e.message.split(':')[0]}"


# ------------------------------------------------------------ 3. the VM (judge.py)

def vm_verdict(row: str | list[tuple[str, Any]], want: list[Any], problem: Problem) -> tuple[str | None, dict]:
    """(None, {}) when the VM returned exactly CPython's values (same types
    too) on every test; else (why the variant is dropped, detail)."""
    if row == CRASH:
        return CRASH, {}
    if isinstance(row, str):
        return f"compile: {row}", {}
    for test, (status, got), value in zip(problem.tests, row, want):
        if status not in ("pass", "wrong_answer") or not cpython.same(got, value):
            why = "vm: value differs" if status in ("pass", "wrong_answer") else f"vm: {status}"
            return why, {"args": test.args, "cpython": repr(value), "vm": repr(got), "status": status}
    return None, {}


def split_of(family: str, key: str) -> str:
    if family in HELD_OUT_FAMILIES:
        return "heldout"
    return "valid" if int(key[:8], 16) % 100 < VALID_PERCENT else "train"


# ------------------------------------------------------------ 4. repairs

# Failures CPython can confirm on the same call: the same value returned,
# or the same exception class raised. The others are the DSL's own
# (compile-time strictness, the fuel, depth and heap limits, OverflowError
# past 64 bits, Unsupported values) and are taken as the VM says.
_CONFIRMABLE = {"wrong_answer", "exception"}
_DSL_STATUSES = {"OverflowError", "Unsupported"}


def cross_check(failure: Failure, problem: Problem, vm_value: Any, program: str) -> dict | None:
    """None when CPython agrees with the VM about the failing call, else the
    disagreement (a compiler bug, or a deviation to document)."""
    if failure.kind not in _CONFIRMABLE or failure.status in _DSL_STATUSES:
        return None
    test = problem.tests[failure.test]
    got = cpython.run(program, problem.entry, [tuple(test.args)], timeout=2.0)[0]
    if failure.kind == "wrong_answer":
        agree, vm = got.status == "ok" and cpython.same(got.value, vm_value), vm_value
    else:
        agree, vm = got.status == failure.status, failure.status
    if agree:
        return None
    return {"program": program, "args": test.args, "vm": repr(vm),
            "cpython": repr(got.value) if got.status == "ok" else got.status}


def pick_repairs(task: _Task, props: list[Mutant], verdicts: list, want: int, counts: Counter,
                 bugs: list) -> list[Record]:
    """Up to `want` repair records from a task's judged mutants, in the
    order proposed, at most half of them compile errors (the easiest kind)
    when others are there to take."""
    p, chosen = task.problem, []
    compile_cap = max(1, want // 2)
    for m, (failure, value) in zip(props, verdicts):
        if failure is None:
            counts["passes every test"] += 1
            continue
        if failure == CRASH:
            counts[CRASH] += 1
            bugs.append({"family": task.variant.family, "kind": CRASH, "program": m.program})
            continue
        bad = cross_check(failure, p, value, m.program)
        if bad is not None:
            counts["vm and cpython disagree"] += 1
            bugs.append({"family": task.variant.family, "kind": "disagreement", **bad})
            continue
        full = len(chosen) >= want or (failure.kind == "compile" and
                                       sum(r.failure == "compile" for r in chosen) >= compile_cap)
        if full:
            counts["not needed"] += 1
            continue
        text = render(failure, p.limits.fuel, p.limits.depth)
        chosen.append(Record(task.variant.family, task.split, "repair", problem_dict(p), task.variant.program,
                             m.program, text, m.kind, failure.kind))
    return chosen


def problem_dict(p: Problem) -> dict:
    """The problem as a record carries it: the reference is the record's own
    field, and unset optional fields are left out (at the top level only:
    a test's expected None is a value)."""
    data = p.model_dump(mode="json", exclude={"solution"})
    return {k: v for k, v in data.items() if v is not None}


# ------------------------------------------------------------ the whole pipeline

def generate(seed: int, tasks_per_family: int, repairs_per_task: int, *, families: Iterable[str] | None = None,
             device: str = "cpu", isolate: bool = True, progress: Any | None = None) -> Dataset:
    """The data set for one seed (deterministic: same arguments, same
    records). families: a subset of FAMILIES (all by default); device: the
    verifier's; isolate: verify in forked children, so that a VM crash
    costs one program, not the run (judge.py); progress: a
    rich.progress.Progress to report to."""
    names = list(families or FAMILIES)
    return _generate(seed, tasks_per_family, repairs_per_task, names, Judge(device, isolate, BATCH), _Bar(progress))


def _generate(seed: int, tasks_per_family: int, repairs_per_task: int, names: list[str], judge: Judge,
              bar: _Bar) -> Dataset:
    stats: dict = {"seed": seed, "tasks_per_family": tasks_per_family, "repairs_per_task": repairs_per_task,
                   "held_out_families": list(HELD_OUT_FAMILIES), "families": {}}
    drops: dict[str, Counter] = defaultdict(Counter)
    examples: list[dict] = []
    bugs: list[dict] = []

    # 1, 2: draw, and run on CPython
    tick = bar.stage("draw + CPython", tasks_per_family * len(names))
    candidates: list[tuple[Variant, str, Problem, list]] = []
    for fam in names:
        variants, repeats = draw(seed, fam, tasks_per_family)
        stats["families"][fam] = {"drawn": len(variants) + repeats, "repeated_draws": repeats}
        for key, v in variants:
            problem, values, why = on_cpython(v, key)
            if why:
                _drop(drops, examples, fam, why, v, {})
            else:
                candidates.append((v, key, problem, values))
            tick()

    # 3: every reference on the VM
    tick = bar.stage("references on the VM", len(candidates))
    rows = judge.run(judge_references, [([v.program], p) for v, _, p, _ in candidates], tick)
    tasks: list[_Task] = []
    for (v, key, p, values), row in zip(candidates, rows):
        why, detail = vm_verdict(row, values, p)
        if why:
            _drop(drops, examples, v.family, why, v, detail)
            if why == CRASH or why.startswith("vm:"):  # CPython and the VM differ: a compiler bug
                bugs.append({"family": v.family, "kind": why, "program": v.program, **detail})
        else:
            tasks.append(_Task(v, key, p, split_of(v.family, key)))

    # 4: mutants of every kept reference on the VM
    proposals = [mutants(t.variant.program, random.Random(f"{seed}/mutants/{t.key}"),
                         PROPOSALS_PER_REPAIR * repairs_per_task) if repairs_per_task else [] for t in tasks]
    groups = [([m.program for m in props], t.problem) for t, props in zip(tasks, proposals) if props]
    judged = iter(judge.run(judge_mutants, groups, bar.stage("mutants on the VM", len(groups))))
    records: list[Record] = []
    discarded: Counter = Counter()
    for t, props in zip(tasks, proposals):
        records.append(Record(t.variant.family, t.split, "solve", problem_dict(t.problem), t.variant.program))
        if props:
            records += pick_repairs(t, props, next(judged), repairs_per_task, discarded, bugs)

    order = {s: i for i, s in enumerate(SPLITS)}
    records.sort(key=lambda r: order[r.split])  # stable: family and task order kept within a split
    _fill_stats(stats, names, tasks, records, drops, examples, discarded, bugs, sum(len(p) for p in proposals))
    heldout = [t.problem for t in tasks if t.split == "heldout"]
    return Dataset(seed, records, heldout, stats)


def _drop(drops: dict, examples: list, fam: str, why: str, v: Variant, detail: dict | None) -> None:
    drops[fam][why] += 1
    if sum(e["reason"] == why for e in examples) < EXAMPLES_PER_REASON:
        examples.append({"family": fam, "reason": why, "program": v.program, **(detail or {})})


def _fill_stats(stats: dict, names: list[str], tasks: list[_Task], records: list[Record], drops: dict,
                examples: list, discarded: Counter, bugs: list, proposed: int) -> None:
    kept = Counter(t.variant.family for t in tasks)
    repairs = Counter(r.family for r in records if r.kind == "repair")
    for fam in names:
        stats["families"][fam].update({"kept": kept[fam], "dropped": dict(sorted(drops[fam].items())),
                                       "repairs": repairs[fam],
                                       "split": "heldout" if fam in HELD_OUT_FAMILIES else "train/valid"})
    counts: dict = {s: Counter() for s in SPLITS}
    for r in records:
        counts[r.split][r.kind] += 1
    stats["records"] = {s: dict(sorted(c.items())) for s, c in counts.items()}
    stats["dropped"] = dict(sorted(sum(drops.values(), Counter()).items()))
    reps = [r for r in records if r.kind == "repair"]
    stats["repairs"] = {"proposed": proposed, "kept": len(reps),
                        "by_mutation": dict(sorted(Counter(r.mutation for r in reps).items())),
                        "by_failure": dict(sorted(Counter(r.failure for r in reps).items())),
                        "discarded": dict(sorted(discarded.items()))}
    stats["drop_examples"] = examples
    stats["vm_bugs"] = bugs  # VM crashes, and programs on which the VM and CPython disagree


# ------------------------------------------------------------ files

def write_jsonl(records: Iterable[Record], path: str | Path) -> None:
    """One record a line, keys in field order, ASCII: byte-identical for
    identical records."""
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in records:
            f.write(json.dumps(r.to_json()) + "\n")


def write_dataset(data: Dataset, out: str | Path) -> Path:
    """train/valid/heldout.jsonl, stats.json, heldout_tasks/ and
    valid_tasks/ (the valid split's tasks: unseen tasks of the training
    families) under out."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for s in SPLITS:
        write_jsonl(data.split(s), out / f"{s}.jsonl")
    (out / "stats.json").write_text(json.dumps(data.stats, indent=1) + "\n", encoding="utf-8")
    valid = [Problem.from_dict({**r.problem, "solution": r.reference}) for r in data.split("valid") if r.kind == "solve"]
    for name, problems in (("heldout", data.heldout_problems), ("valid", valid)):
        folder = out / f"{name}_tasks"
        if folder.is_dir():  # an earlier run's files: write_folder refuses problem files not of this set
            for old in folder.glob("*.json"):
                old.unlink()
        write_folder(TaskSet(name, str(folder), [Task(p.name, p) for p in problems]), folder)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agentloop.coder.synth", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tasks-per-family", type=int, default=200)
    ap.add_argument("--repairs-per-task", type=int, default=2)
    ap.add_argument("--families", default=None, help="comma-separated subset of the families (default: all)")
    ap.add_argument("--device", default="cpu", help="the verifier's device: cpu, cuda or auto")
    ap.add_argument("--out", required=True, help="output folder")
    args = ap.parse_args(argv)
    families = args.families.split(",") if args.families else None
    unknown = sorted(set(families or []) - set(FAMILIES))
    if unknown:
        ap.error(f"unknown families: {', '.join(unknown)} (known: {', '.join(FAMILIES)})")

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    start = time.perf_counter()
    columns = (TextColumn("{task.description:24}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console) as progress:
        data = generate(args.seed, args.tasks_per_family, args.repairs_per_task, families=families,
                        device=args.device, progress=progress)
        write_dataset(data, args.out)
    took = time.perf_counter() - start
    recs, st = data.stats["records"], data.stats
    console.print(f"{len(data.records)} records in {args.out} ({took:.1f} s): "
                  + ", ".join(f"{s} {sum(recs[s].values())}" for s in SPLITS))
    console.print(f"dropped variants: {sum(st['dropped'].values())} {st['dropped']}; "
                  f"repairs {st['repairs']['kept']} of {st['repairs']['proposed']} mutants proposed")
    short = {f: v["kept"] for f, v in st["families"].items() if v["kept"] < args.tasks_per_family}
    if short:
        console.print(f"[yellow]families with fewer tasks than asked (distinct variants run out, or drops): {short}")
    if st["vm_bugs"]:
        console.print(f"[red]{len(st['vm_bugs'])} programs crashed the VM or made it disagree with CPython: "
                      f"stats.json, vm_bugs[/red]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
