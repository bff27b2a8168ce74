"""agentloop/solver.py: the loop over scripted rounds (ReplayGenerator),
through the string path and, with a tokenizer, the token path: solved in
the round the answer appears, hidden tests confirm, feedback reaches the
next round's prompts, and every budget stops it."""

import json

import pytest

from agentloop.generators.replay import ReplayGenerator
from agentloop.solver import Solver
from gpubackend import Problem, Verifier
from tests.device import DEVICE

P = Problem.from_file("tasks/examples/caesar.toml")
SOLUTION = "Here it is:\n```python\n" + P.solution + "```\nDone."
ECHO = "def caesar(s: str, k: int) -> str:\n    return s\n"
NO_PARSE = "def caesar(s: str, k: int) -> str:\n    return s +\n"
LOOPS = "def caesar(s: str, k: int) -> str:\n    while True:\n        pass\n"
# passes the visible tests, fails the hidden ones (negative k)
NO_NEGATIVE = P.solution.replace("out += chr((ord(c) - ord('a') + k) % 26 + ord('a'))",
                                 "out += chr((ord(c) - ord('a') + k) % 26 + ord('a')) if k >= 0 else c")
assert NO_NEGATIVE != P.solution


@pytest.fixture(params=["text", "tokens"])
def tokenizer(request):
    if request.param == "text":
        return None
    from tests import model_kit

    return model_kit.tokenizer()


def _solve(script, tokenizer=None, **kw):
    gen = ReplayGenerator(script, tokenizer)
    kw = {"k": 6, "rounds": 4, "seed": 1} | kw
    return Solver(gen, Verifier(DEVICE), **kw).solve(P), gen


def test_solved_in_the_round_the_answer_appears(tokenizer):
    report, gen = _solve([[ECHO, NO_PARSE, LOOPS], [ECHO, LOOPS], [ECHO, SOLUTION]], tokenizer)
    assert report.solved and report.stop == "solved" and len(report.rounds) == 3
    w = report.winner
    assert w.round == 2 and w.program == P.solution and w.passing == 3
    assert report.rounds[2].passing == [1, 3, 5]
    assert ("detokenize" in report.rounds[0].seconds) == (tokenizer is not None)
    json.loads(json.dumps(report.to_json()))


def test_failures_come_back_as_feedback_in_the_next_prompts():
    report, gen = _solve([[ECHO, NO_PARSE, LOOPS], [SOLUTION]])
    first, second = gen.prompts
    assert len(first) == 1                      # the task alone
    feedback = "\n".join(second[1:])
    assert "It did not compile: line 2, column" in feedback
    assert "It ran out of time" in feedback and "returned 'abc', expected 'bcd'" in feedback
    parents = [p["parent"]["candidate"] for p in report.rounds[1].prompts[1:]]
    assert sorted(parents) == [0, 1, 2]


def test_passing_the_visible_tests_is_not_success_until_the_hidden_ones_pass(tokenizer):
    report, gen = _solve([[NO_NEGATIVE], [SOLUTION]], tokenizer, k=2)
    first = report.rounds[0]
    assert first.visible_only == [0, 1] and first.passing == [] and first.summary["all_visible"] == 2
    assert report.winner.round == 1
    assert "failed on other inputs" in gen.prompts[1][1]
    assert "-1" not in gen.prompts[1][1].split("An earlier attempt")[0]  # hidden args never shown


def test_agreement_picks_among_passing_candidates():
    slower = P.solution.replace("    out = ''", "    for _ in range(3):\n        pass\n    out = ''")
    report, _ = _solve([[slower, SOLUTION, SOLUTION]], k=3)
    assert report.winner.agreement == 2 and report.winner.candidate == 1  # all agree: the fewest steps, then the first


def test_the_rounds_budget_ends_an_unsolved_loop():
    report, gen = _solve([[ECHO]], rounds=3)
    assert report.stop == "rounds" and not report.solved and gen.calls == 3


def test_the_candidate_budget_caps_rounds_and_totals():
    report, _ = _solve([[ECHO]], k=6, max_candidates=10)
    assert report.stop == "candidates" and report.candidates == 10
    assert [r.k for r in report.rounds] == [6, 4]


def test_the_time_budget_is_checked_before_each_round():
    report, gen = _solve([[ECHO]], time_limit=1e-9)
    assert report.stop == "time" and report.rounds == [] and gen.calls == 0


def test_round_size_follows_the_pass_rate():
    # every candidate passes the visible tests but never the hidden: p near 1, k drops to k_min
    report, _ = _solve([[NO_NEGATIVE]], k=20, k_min=2, rounds=3)
    assert [r.k for r in report.rounds] == [20, 2, 2]


@pytest.mark.parametrize("kw, message", [({"k": 0}, "k = 0"), ({"rounds": 0}, "rounds = 0"),
                                         ({"max_candidates": 0}, "max_candidates = 0"),
                                         ({"time_limit": -1.0}, "time_limit = -1.0")])
def test_bad_budgets_are_named(kw, message):
    with pytest.raises(ValueError, match=message):
        Solver(ReplayGenerator([[ECHO]]), Verifier(DEVICE), **kw)


def test_a_generator_that_opens_answers_continues_the_def_line(tokenizer):
    opening = f"```python\n{P.signature}:"
    body = P.solution.removeprefix(P.signature + ":")  # what the model writes after the opening
    gen = ReplayGenerator([[body.replace("% 26", "% 25"), ECHO], [body + "```"]], tokenizer)
    gen.opens_answer = True
    report = Solver(gen, Verifier(DEVICE), k=2, rounds=3, seed=1).solve(P)
    assert all(p.endswith("\n" + opening) for call in gen.prompts for p in call)
    assert report.solved and report.winner.round == 1 and report.winner.program == P.solution
    # round 0's ECHO follows the opening too: a def line twice does not compile
    assert report.rounds[0].compiled == 1
