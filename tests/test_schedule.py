"""agentloop/schedule.py: the round size follows k99 = ln 0.01 / ln(1 - p),
and parents are one per failure signature, nearest misses first."""

import math

import pytest

from agentloop.schedule import Parent, choose_parents, k_for, next_k, p_estimate, split


@pytest.mark.parametrize("p", [0.01, 0.05, 0.1, 0.3, 0.5, 0.9])
def test_k_reaches_the_confidence_and_no_fewer_samples_do(p):
    k = k_for(p)
    assert 1 - (1 - p) ** k >= 0.99
    assert k == 1 or 1 - (1 - p) ** (k - 1) < 0.99
    assert k == math.ceil(math.log(0.01) / math.log(1 - p))


def test_k_of_a_sure_pass_is_one_and_bad_p_is_named():
    assert k_for(1.0) == 1
    with pytest.raises(ValueError, match="p = 0"):
        k_for(0.0)
    with pytest.raises(ValueError, match="confidence = 1"):
        k_for(0.5, confidence=1.0)


def test_the_prior_keeps_p_positive_and_moves_with_evidence():
    assert p_estimate(0, 0) == 0.5
    assert 0 < p_estimate(0, 100) < p_estimate(0, 10) < 0.5
    assert p_estimate(9, 10) > 0.8


def test_next_k_is_clamped_by_the_caps_and_the_budget():
    assert next_k(0, 0, 4, 64, None) == 7            # p = 1/2: k99 = 7
    assert next_k(0, 1000, 4, 64, None) == 64        # p ~ 0: capped at k_max
    assert next_k(99, 100, 4, 64, None) == 4         # p ~ 1: raised to k_min
    assert next_k(0, 1000, 4, 64, 10) == 10          # the budget's rest
    assert next_k(0, 1000, 4, 64, 0) == 0


def _parent(c, passed, signature, round=0):
    return Parent(round, c, passed, 4, signature, f"program {c}", f"feedback {c}")


def test_parents_are_one_per_signature_best_first():
    pool = [_parent(0, 1, "A"), _parent(1, 3, "A"), _parent(2, 2, "B"), _parent(3, 0, "C"),
            _parent(4, 2, "B", round=1)]
    chosen = choose_parents(pool, 3)
    assert [(p.signature, p.candidate) for p in chosen] == [("A", 1), ("B", 4), ("C", 3)]
    assert [p.candidate for p in choose_parents(pool, 1)] == [1]
    assert choose_parents([], 4) == []


def test_split_spreads_k_over_prompts_first_ones_first():
    assert split(10, 3) == [4, 3, 3]
    assert split(2, 4) == [1, 1, 0, 0]
    assert sum(split(17, 5)) == 17 and split(5, 0) == []
