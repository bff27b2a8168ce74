"""agentloop/feedback.py: each kind of failure is told in its own words.

tests/feedback/<kind>.py is a candidate for tests/feedback/problem.toml that
fails that way; <kind>.txt is the feedback it must get, exactly."""

from pathlib import Path

import pytest

from agentloop.feedback import Failure, failure_of, feedback, render
from gpubackend import Problem, Verifier
from tests.device import DEVICE

HERE = Path(__file__).parent / "feedback"
KINDS = ["compile", "wrong_answer", "exception", "timeout", "limit", "hidden"]


@pytest.fixture(scope="module")
def result():
    problem = Problem.from_file(HERE / "problem.toml")
    return Verifier(DEVICE).verify([(HERE / f"{k}.py").read_text() for k in KINDS], problem)


@pytest.mark.parametrize("c, kind", list(enumerate(KINDS)))
def test_feedback_text_is_the_expected_file(result, c, kind):
    assert failure_of(result, c).kind == kind
    assert feedback(result, c) + "\n" == (HERE / f"{kind}.txt").read_text()


def test_hidden_tests_are_never_shown(result):
    problem = result.problem
    hidden_args = [repr(problem.tests[t].args[0]) for t in problem.hidden_tests]
    for c in range(len(KINDS)):
        text = feedback(result, c)
        assert not any(a in text for a in hidden_args), text


def test_a_passing_candidate_has_no_feedback():
    problem = Problem.from_file(HERE / "problem.toml")
    good = ("def mean_of_evens(xs: list[int]) -> int:\n    evens = [x for x in xs if x % 2 == 0]\n"
            "    return sum(evens) // len(evens) if evens else 0\n")
    res = Verifier(DEVICE).verify([good], problem)
    assert failure_of(res, 0) is None and feedback(res, 0) is None


def test_an_unknown_kind_is_refused_by_name():
    with pytest.raises(ValueError, match="failure kind 'odd'"):
        render(Failure("odd", "x"))


def test_values_are_shown_as_the_program_sees_them():
    # the problem file is JSON, with lists where the signature says tuples:
    # the feedback writes tuples, as CPython would print the program's values
    problem = Problem.from_file(Path(__file__).parent.parent / "tasks" / "examples" / "pairs_with_sum.json")
    wrong = ("def pairs_with_sum(xs: list[int], target: int) -> list[tuple[int, int]]:\n"
             "    return [(0, 1)]\n")
    text = feedback(Verifier(DEVICE).verify([wrong], problem), 0)
    assert "pairs_with_sum([1, 2, 3, 4], 5)\nreturned [(0, 1)], expected [(0, 3), (1, 2)]." in text, text
