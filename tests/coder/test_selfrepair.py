"""On-policy repair data (agentloop/coder/selfrepair.py): the shipped model
samples train tasks for real, the VM judges, and every failing program
becomes a repair record whose feedback is the loop's own text."""

from __future__ import annotations

import json
from functools import cache

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")

from agentloop.coder import selfrepair, synth
from agentloop.coder import train as tr
from agentloop.feedback import failure_of, render
from agentloop.prompts import Templates, answer_opening
from gpubackend import Problem, Verifier

FAMILIES = ("arithmetic", "counting")


@cache
def tasks():
    picked = selfrepair.train_tasks(0, 6, 2)
    return [t for t in picked if t.family in FAMILIES]


def test_train_tasks_are_train_solve_records_a_few_a_family():
    picked = selfrepair.train_tasks(0, 6, 2)
    data = synth.generate(0, 6, 0)
    train_names = {r.problem["name"] for r in data.split("train")}
    assert picked and all(r.kind == "solve" and r.split == "train" for r in picked)
    assert {r.problem["name"] for r in picked} <= train_names
    per_family = {f: sum(r.family == f for r in picked) for f in {r.family for r in picked}}
    assert max(per_family.values()) <= 2
    assert picked == selfrepair.train_tasks(0, 6, 2)  # same seed, same tasks


def test_failures_of_the_real_model_become_repair_records():
    from agentloop.generators.default import default_generator

    gen = default_generator(1.5, which="hf")  # hot: some samples fail
    verifier = Verifier("cpu", fallback=False)
    done = []
    got = selfrepair.collect(gen, verifier, tasks(), samples=4, seed=0, max_tokens=96, batch=2,
                             progress=done.append)
    assert done[-1] == len(tasks())
    counts = got.stats["all"]
    assert counts["samples"] == 4 * len(tasks())
    assert counts["samples"] == counts.get("passed", 0) + sum(
        v for k, v in counts.items() if k in ("compile", "wrong_answer", "exception", "timeout", "limit", "hidden"))
    assert got.records, "a hot 4.7M model fails some samples"
    seen = set()
    for r in got.records:
        assert (r.kind, r.split, r.mutation) == ("repair", "train", "model")
        assert (r.problem["name"], r.wrong_program) not in seen  # one record per distinct program a task
        seen.add((r.problem["name"], r.wrong_program))
        problem = Problem.from_dict(r.problem)
        assert r.wrong_program.startswith(answer_opening(problem).removeprefix("```python\n"))
        res = verifier.verify([r.wrong_program], problem)  # it fails, and the feedback is the loop's
        failure = failure_of(res, 0)
        assert failure is not None and failure.kind == r.failure
        assert r.feedback == render(failure, problem.limits.fuel, problem.limits.depth)
        prompt, target = tr.render(json.loads(json.dumps(r.to_json())), Templates.load())
        assert r.feedback in prompt and target.endswith(r.reference + "```")
