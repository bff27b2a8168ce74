"""agentloop/reward.py, called exactly as the trainers call it: TRL's
GRPOTrainer._calculate_rewards (TRL 1.16: prompts=, completions=,
completion_ids=, every dataset column but the prompt, trainer_state=,
log_extra=, log_metric=) and veRL's reward manager (keyword arguments
data_source, solution_str, ground_truth, extra_info)."""

import json

import pytest

from agentloop.reward import compute_score, make_reward_fn
from gpubackend import Problem, Verifier
from tests.device import DEVICE

CAESAR = Problem.from_file("tasks/examples/caesar.toml")
DIGITS = Problem.from_file("tasks/examples/digit_sum.toml")
GOOD = "```python\n" + CAESAR.solution + "```"
ECHO = "def caesar(s: str, k: int) -> str:\n    return s\n"


def _trl_call(fn, inputs, completions):
    """What GRPOTrainer does with one batch (grpo_trainer.py, _calculate_rewards)."""
    prompts = [x["prompt"] for x in inputs]
    keys = [key for key in inputs[0] if key not in ["prompt", "completion", "completion_ids"]]
    reward_kwargs = {key: [example[key] for example in inputs] for key in keys}
    reward_kwargs["trainer_state"] = object()
    reward_kwargs["log_extra"] = lambda *a, **k: None
    reward_kwargs["log_metric"] = lambda *a, **k: None
    completion_ids = [[1, 2, 3] for _ in completions]
    out = fn(prompts=prompts, completions=completions, completion_ids=completion_ids, **reward_kwargs)
    assert len(out) == len(prompts)
    return out


def test_standard_format_rewards_the_share_of_tests_passed():
    fn = make_reward_fn(verifier=Verifier(DEVICE))
    doc = CAESAR.model_dump_json()
    inputs = [{"prompt": "write caesar", "problem": doc}] * 3
    assert _trl_call(fn, inputs, [GOOD, ECHO, "no code at all"]) == [1.0, 2 / 6, 0.0]


def test_conversational_format_and_mixed_problems_in_one_batch():
    fn = make_reward_fn(column="task", verifier=Verifier(DEVICE))
    inputs = [{"prompt": [{"role": "user", "content": "caesar"}], "task": CAESAR.model_dump()},
              {"prompt": [{"role": "user", "content": "digits"}], "task": DIGITS.model_dump()}]
    completions = [[{"role": "assistant", "content": GOOD}],
                   [{"role": "assistant", "content": "```python\n" + DIGITS.solution + "```"}]]
    assert _trl_call(fn, inputs, completions) == [1.0, 1.0]


def test_problems_by_name_or_path_and_all_or_nothing(tmp_path):
    fn = make_reward_fn(problems={"caesar": CAESAR}, partial=False, verifier=Verifier(DEVICE))
    inputs = [{"prompt": "p", "problem": "caesar"}, {"prompt": "p", "problem": "tasks/examples/caesar.toml"}]
    assert _trl_call(fn, inputs, [ECHO, GOOD]) == [0.0, 1.0]


def test_a_missing_column_names_the_columns_there_are():
    fn = make_reward_fn(verifier=Verifier(DEVICE))
    with pytest.raises(KeyError, match="no dataset column 'problem'.*answer"):
        _trl_call(fn, [{"prompt": "p", "answer": "x"}], [GOOD])


def test_an_unknown_problem_value_is_named():
    fn = make_reward_fn(verifier=Verifier(DEVICE))
    with pytest.raises(ValueError, match="'nonesuch' is neither a known problem name"):
        _trl_call(fn, [{"prompt": "p", "problem": "nonesuch"}], [GOOD])


def test_verl_compute_score():
    kwargs = {"data_source": "agentloop", "solution_str": GOOD, "ground_truth": CAESAR.model_dump_json(),
              "extra_info": {"num_turns": 1, "rollout_reward_scores": {}}}
    assert compute_score(**kwargs) == {"score": 1.0, "passed": 6, "tests": 6, "compiled": True}
    bad = compute_score(**kwargs | {"solution_str": "def caesar(s: str, k: int) -> str:\n    return 1\n"})
    assert bad == {"score": 0.0, "passed": 0, "tests": 6, "compiled": True}  # CPython runs it: wrong answers
    broken = compute_score(**kwargs | {"solution_str": "def caesar(s: str, k: int) -> str:\n    return s +\n"})
    assert broken["score"] == 0.0 and broken["compiled"] is False
    assert json.dumps(bad) and json.dumps(broken)
