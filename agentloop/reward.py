"""Rewards for RL trainers: the verifier as TRL's `reward_funcs` entry and
as veRL's `compute_score`.

A completion's reward is the share of its problem's tests it passes (1.0
when all do, 0.0 when it does not compile), or with partial=False 1.0 or
0.0. The problem comes with each sample: a dataset column holding a
Problem, a problem document (dict or JSON text), a problem file's path, or
a name looked up in a table given up front. The completions of one problem
are verified in one call.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from gpubackend import Problem, Verifier
from gpubackend.extract import extract_code


def completion_text(completion: Any) -> str:
    """The text of a completion: a string, or (TRL's conversational format) a
    list of messages whose last assistant message is the answer."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence):
        answers = [m.get("content") or "" for m in completion if isinstance(m, Mapping)
                   and m.get("role", "assistant") == "assistant"]
        if answers:
            return answers[-1]
    raise TypeError(f"completion: expected a string or a list of chat messages, got {type(completion).__name__}")


def as_problem(value: Any, table: Mapping[str, Problem] | None = None) -> Problem:
    """A Problem from what a dataset column holds (see the module's doc)."""
    if isinstance(value, Problem):
        return value
    if isinstance(value, Mapping):
        return Problem.from_dict(dict(value))
    if isinstance(value, str):
        if table is not None and value in table:
            return table[value]
        if value.lstrip().startswith("{"):
            return Problem.from_dict(json.loads(value), source="<json>")
        if Path(value).suffix.lower() in (".toml", ".json") and Path(value).is_file():
            return _problem_file(value)
        raise ValueError(f"problem: {value[:60]!r} is neither a known problem name, a JSON document "
                         "nor a problem file")
    raise TypeError(f"problem: expected a Problem, a dict, JSON text, a path or a name, got {type(value).__name__}")


@cache
def _problem_file(path: str) -> Problem:
    return Problem.from_file(path)


def scores(verifier: Verifier, problems: Sequence[Problem], texts: Sequence[str],
           partial: bool = True) -> list[float]:
    """The reward of texts[i] (a model's answer) on problems[i], one verify
    call per distinct problem."""
    out = [0.0] * len(texts)
    groups: dict[int, list[int]] = {}
    for i, p in enumerate(problems):
        groups.setdefault(id(p), []).append(i)
    for rows in groups.values():
        problem = problems[rows[0]]
        res = verifier.verify([extract_code(texts[i]) for i in rows], problem)
        n = res.n_tests
        for c, i in enumerate(rows):
            passed = int(res.pass_counts[c])
            out[i] = passed / n if partial else float(passed == n)
    return out


def make_reward_fn(column: str = "problem", problems: Mapping[str, Problem] | None = None,
                   verifier: Verifier | None = None, partial: bool = True) -> Callable[..., list[float]]:
    """A reward function with TRL's `reward_funcs` signature:
    `reward(prompts, completions, completion_ids=None, **kwargs) -> list[float]`.

    column: the dataset column that holds each sample's problem (TRL
        passes every column but the prompt as a keyword argument);
    problems: name -> Problem, when the column holds names;
    verifier: the Verifier to use (default: one on device "auto", made on
        the first call and kept);
    partial: reward the share of tests passed; False: 1.0 only when all pass.
    """
    state: dict[str, Verifier] = {}

    def agentloop_tests(prompts: Sequence[Any], completions: Sequence[Any],
                        completion_ids: Sequence[Sequence[int]] | None = None, **kwargs: Any) -> list[float]:
        if column not in kwargs:
            raise KeyError(f"reward: no dataset column {column!r} among the arguments "
                           f"({', '.join(sorted(kwargs)) or 'none'}); pass column= to make_reward_fn")
        values = kwargs[column]
        if len(values) != len(completions):
            raise ValueError(f"reward: column {column!r} has {len(values)} rows for {len(completions)} completions")
        parsed: dict[Any, Problem] = {}  # rows of one problem share one Problem, so one verify call
        probs = []
        for value in values:
            key = value if isinstance(value, str) else id(value)
            if key not in parsed:
                parsed[key] = as_problem(value, problems)
            probs.append(parsed[key])
        v = verifier or state.setdefault("verifier", Verifier("auto"))
        return scores(v, probs, [completion_text(c) for c in completions], partial)

    return agentloop_tests


@cache
def _default_verifier() -> Verifier:
    return Verifier("auto")


def compute_score(data_source: str, solution_str: str, ground_truth: Any, extra_info: Any = None,
                  **kwargs: Any) -> dict:
    """veRL's custom reward (reward.custom_reward_function, name
    compute_score): ground_truth is the problem (JSON text, a dict or a
    path); returns {"score": share of tests passed, "passed", "tests",
    "compiled"}."""
    problem = as_problem(ground_truth)
    res = _default_verifier().verify([extract_code(solution_str)], problem)
    passed = int(res.pass_counts[0])
    return {"score": passed / res.n_tests, "passed": passed, "tests": res.n_tests,
            "compiled": res.diagnostic(0) is None}
