"""agentloop/select.py: random inputs of every DSL type, and the choice
among passing programs by agreement on them, then by steps."""

import random

import pytest

from agentloop.select import choose, extra_inputs, random_value
from gpubackend import Problem, Verifier
from gpubackend.values import normalize
from tests.device import DEVICE

CODES = ["i", "b", "f", "s", "n", "r", "[i", "[[s", "(is)", "?i", "[(bf)", "?[s", "[r"]


@pytest.mark.parametrize("code", CODES)
def test_random_values_have_their_type(code):
    rng = random.Random(0)
    for _ in range(50):
        normalize(random_value(code, rng), code)  # raises when the value is not of the type


def test_extra_inputs_are_new_and_typed():
    p = Problem.from_file("tasks/examples/caesar.toml")
    extra = extra_inputs(p, 16, seed=1)
    assert len(extra.tests) == 16
    old = {repr(t.args) for t in p.tests}
    assert not any(repr(t.args) in old for t in extra.tests)
    assert extra_inputs(p, 16, seed=1).tests == extra.tests  # reproducible


CORRECT = "def caesar(s: str, k: int) -> str:\n" \
          "    return ''.join(chr((ord(c) - 97 + k) % 26 + 97) if 'a' <= c <= 'z' else c for c in s)\n"
# passes caesar.toml's tests, but shifts uppercase letters too
UPPER_TOO = ("def caesar(s: str, k: int) -> str:\n    out = ''\n    for c in s:\n"
             "        if 'a' <= c <= 'z':\n            out += chr((ord(c) - 97 + k) % 26 + 97)\n"
             "        elif 'A' <= c <= 'B':\n            out += chr((ord(c) - 65 + k) % 26 + 65)\n"
             "        else:\n            out += c\n    return out\n")


def test_the_majority_behaviour_wins_over_fewer_steps():
    p = Problem.from_file("tasks/examples/caesar.toml")
    v = Verifier(DEVICE)
    programs = [UPPER_TOO, CORRECT, CORRECT + "\n", p.solution]
    assert v.verify(programs, p).pass_counts.tolist() == [len(p.tests)] * 4
    choice = choose(v, p, programs, steps=[1, 50, 60, 70], seed=0)
    assert choice.index == 1 and choice.agreement == 2   # the three correct ones agree; fewest steps among them


def test_one_program_is_chosen_without_a_vote_and_none_is_an_error():
    p = Problem.from_file("tasks/examples/caesar.toml")
    assert choose(Verifier(DEVICE), p, [CORRECT], [5]).index == 0
    with pytest.raises(ValueError, match="no passing candidate"):
        choose(Verifier(DEVICE), p, [], [])
