"""The synthetic task generator (agentloop/coder): references agree with
CPython on the VM, variants are distinct, repairs fail with the loop's own
feedback text, held-out families stay out of training, and a seed gives
the same bytes every time. Small counts: the whole file takes seconds."""

from __future__ import annotations

import difflib
import json
import random
from pathlib import Path

import pytest

from agentloop.coder import cpython, synth
from agentloop.coder.families import FAMILIES, HELD_OUT_FAMILIES
from agentloop.coder.judge import Judge, references
from agentloop.coder.mutate import KINDS, apply, mutants, sites
from agentloop.feedback import failure_of, render
from agentloop.tasksets import load_taskset
from gpubackend import Problem, Verifier

SEED = 3


@pytest.fixture(scope="module")
def verifier() -> Verifier:
    return Verifier("cpu", fallback=False)


@pytest.fixture(scope="module")
def data() -> synth.Dataset:
    return synth.generate(SEED, tasks_per_family=3, repairs_per_task=2)


def test_enough_families_and_held_out_ones():
    assert len(FAMILIES) >= 14
    assert len(HELD_OUT_FAMILIES) >= 3 and set(HELD_OUT_FAMILIES) <= set(FAMILIES)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_references_compile_and_agree_with_cpython(family, verifier):
    variants, _ = synth.draw(SEED, family, 8)
    groups, expected = [], []
    for key, v in variants:
        outcomes = cpython.run(v.program, v.entry, list(v.inputs))
        assert all(o.status == "ok" for o in outcomes), (v.program, outcomes)
        problem, values = synth.to_problem(v, key, outcomes)
        groups.append(([v.program], problem))
        expected.append(values)
    for (prog, problem), want, res in zip(groups, expected, verifier.verify_batch(groups)):
        assert res.diagnostic(0) is None, (prog[0], res.diagnostic(0))
        for t, value in enumerate(want):
            assert res.status_name(0, t) == "pass", (prog[0], problem.tests[t].args)
            assert cpython.same(res.actual(0, t), value), (prog[0], problem.tests[t].args)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_variants_are_distinct(family):
    drawn, _ = synth.draw(SEED, family, 40)
    variants = [v for _, v in drawn]
    assert len({key for key, _ in drawn}) == 40
    # not only the wording: the references themselves differ
    assert len({v.program for v in variants}) >= 30
    assert len({v.signature for v in variants}) >= 10


def test_dressing_renames_and_wraps_its_share():
    renamed = wrapped = total = 0
    for family, make in FAMILIES.items():
        for i in range(20):
            rng = random.Random(f"dress/{family}/{i}")
            v = make(rng)
            w = synth.dressed(v, rng)
            renamed += w.entry != v.entry
            wrapped += w.description != v.description
            assert w.description.split() == v.description.split() and w.inputs == v.inputs
            total += 1
    assert abs(renamed / total - synth.RENAMED_SHARE) < 0.1
    assert abs(wrapped / total - synth.WRAPPED_SHARE) < 0.15  # short descriptions fit on one line


def test_tests_split_into_visible_and_hidden(data):
    for r in data.records:
        hidden = [t["hidden"] for t in r.problem["tests"]]
        assert hidden[:synth.VISIBLE_TESTS] == [False] * synth.VISIBLE_TESTS
        assert all(hidden[synth.VISIBLE_TESTS:]) and len(hidden) > synth.VISIBLE_TESTS


def test_every_kept_task_has_a_solve_record(data):
    solves = [r for r in data.records if r.kind == "solve"]
    assert len(solves) == 3 * len(FAMILIES)  # nothing is dropped today: stats.json would say why
    assert sum(data.stats["dropped"].values()) == 0


def test_repairs_fail_on_the_vm_with_the_loops_feedback(data, verifier):
    repairs = [r for r in data.records if r.kind == "repair"]
    assert len(repairs) >= 1.5 * len(FAMILIES) * 3
    problems = [Problem.from_dict(r.problem) for r in repairs]
    results = verifier.verify_batch([([r.wrong_program, r.reference], p) for r, p in zip(repairs, problems)])
    for r, p, res in zip(repairs, problems, results):
        failure = failure_of(res, 0)
        assert failure is not None and failure.kind == r.failure
        assert render(failure, p.limits.fuel, p.limits.depth) == r.feedback
        assert res.all_passed(1)  # the target program passes every test
        assert r.wrong_program != r.reference


def test_repairs_cover_many_failure_and_mutation_kinds(data):
    st = data.stats["repairs"]
    assert {"compile", "wrong_answer", "exception"} <= set(st["by_failure"])
    assert len(st["by_mutation"]) >= 6


def test_held_out_families_never_in_train_or_valid(data):
    for r in data.records:
        assert (r.split == "heldout") == (r.family in HELD_OUT_FAMILIES)
    assert {r.family for r in data.split("train")}.isdisjoint(HELD_OUT_FAMILIES)
    assert {r.family for r in data.split("heldout")} == set(HELD_OUT_FAMILIES)
    assert all(any(p.name.startswith(f + "_") for f in HELD_OUT_FAMILIES) for p in data.heldout_problems)


def test_valid_split_is_by_task_hash():
    assert synth.split_of("digits", "00000000") == "valid"
    assert synth.split_of("digits", "ffffffff") == "train"
    assert synth.split_of(HELD_OUT_FAMILIES[0], "00000000") == "heldout"


def test_same_seed_same_bytes(data, tmp_path):
    again = synth.generate(SEED, tasks_per_family=3, repairs_per_task=2, isolate=False)
    synth.write_dataset(data, tmp_path / "a")
    synth.write_dataset(again, tmp_path / "b")
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    assert Path("train.jsonl") in files and Path("stats.json") in files
    for f in files:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f
    other = synth.generate(SEED + 1, tasks_per_family=3, repairs_per_task=0, isolate=False)
    assert [r.reference for r in other.records] != [r.reference for r in data.records if r.kind == "solve"]


def test_heldout_and_valid_folders_are_task_sets(data, tmp_path, verifier):
    synth.write_dataset(data, tmp_path)
    valid_solves = [r for r in data.split("valid") if r.kind == "solve"]
    for name, count in (("heldout", len(data.heldout_problems)), ("valid", len(valid_solves))):
        ts = load_taskset(tmp_path / f"{name}_tasks")
        assert len(ts.runnable) == count > 0 and not ts.skipped
        results = verifier.verify_batch([([t.problem.solution], t.problem) for t in ts.runnable])
        assert all(res.all_passed(0) for res in results)
    stats = json.loads((tmp_path / "stats.json").read_text())
    assert set(stats["families"]) == set(FAMILIES)
    lines = (tmp_path / "train.jsonl").read_text().splitlines()
    assert len(lines) == len(data.split("train"))


def test_cli_writes_the_files(tmp_path):
    assert synth.main(["--seed", "1", "--tasks-per-family", "2", "--repairs-per-task", "1",
                       "--families", "digits,grid", "--out", str(tmp_path)]) == 0
    for name in ("train.jsonl", "valid.jsonl", "heldout.jsonl", "stats.json"):
        assert (tmp_path / name).is_file()
    assert len(list((tmp_path / "heldout_tasks").glob("*.json"))) == 2


# ------------------------------------------------------------ the parts


def test_mutants_change_little_and_differ():
    v = FAMILIES["searching"](random.Random("binary"))
    found = sites(v.program)
    assert set(found) == set(KINDS)
    ms = mutants(v.program, random.Random(0), 12)
    assert len({m.program for m in ms}) == len(ms) >= 8
    for m in ms:
        ops = difflib.SequenceMatcher(None, v.program.splitlines(), m.program.splitlines()).get_opcodes()
        changed = sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in ops if tag != "equal")
        assert m.program != v.program
        assert changed <= 2 or m.kind == "branch"  # a swapped branch moves whole blocks


def test_apply_edits_from_the_end():
    from agentloop.coder.mutate import Edit
    assert apply("a + b - c", [Edit(2, 3, "-"), Edit(6, 7, "+")]) == "a - b + c"


def test_cpython_guard_stops_endless_loops():
    prog = "def f(n: int) -> int:\n    while n > 0:\n        n += 1\n    return n\n"
    out = cpython.run(prog, "f", [(1,), (-1,)], timeout=0.2)
    assert out[0].status == "Timeout" and out[1] == cpython.Outcome("ok", -1)


def test_same_is_type_strict():
    assert cpython.same([1, (2, "a")], [1, (2, "a")])
    assert not cpython.same(1, 1.0) and not cpython.same(True, 1)
    assert cpython.same(float("nan"), float("nan"))


def test_judge_survives_a_crash_in_its_child():
    # a fresh process (this one has loaded the kernels, so it may not fork
    # them): one group's run aborts its child; the others get their verdicts
    import subprocess
    import sys

    script = """
import os
from agentloop.coder.judge import CRASH, Judge, references
from gpubackend import Problem

def aborting(device, groups):
    if any("abort" in programs[0] for programs, _ in groups):
        os.abort()
    return references(device, groups)
aborting.crashed = references.crashed

p = Problem.from_dict({"name": "c", "entry": "f", "signature": "def f(xs: list[int]) -> int",
                       "tests": [{"args": [[1, 2]], "expected": 2}]})
good = "def f(xs: list[int]) -> int:\\n    return len(xs)\\n"
judge = Judge("cpu", isolate=True, batch=8)
out = judge.run(aborting, [([good], p), (["# abort"], p), ([good], p)])
assert out == [[("pass", 2)], CRASH, [("pass", 2)]], out
assert judge.crashes >= 2
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


def test_a_process_that_ran_kernels_judges_in_process():
    from agentloop.coder.judge import can_fork

    Verifier("cpu")  # the kernels are loaded: a fork would inherit a dead OpenMP
    assert not can_fork()
    good = "def f(xs: list[int]) -> int:\n    return len(xs)\n"
    p = Problem.from_dict({"name": "c", "entry": "f", "signature": "def f(xs: list[int]) -> int",
                           "tests": [{"args": [[1, 2]], "expected": 2}]})
    assert Judge("cpu", isolate=True, batch=8).run(references, [([good], p)] * 20) == [[("pass", 2)]] * 20
