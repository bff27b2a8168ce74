"""agentloop/generators/hf.py over the tiny random Llama: samples in prompt
order, rows ending at the first end token, reproducible by seed, and the
tensor handed to the verifier where it lies."""

import pytest
import torch

from agentloop.generators.hf import HFGenerator
from agentloop.solver import Solver
from gpubackend import Problem, Verifier
from tests.device import DEVICE


@pytest.fixture(scope="module")
def generator(tiny_model):
    return HFGenerator(str(tiny_model), device="cpu")


def test_samples_come_back_prompt_by_prompt(generator):
    gen = generator.generate(["def f(x: int) -> int:", "hello", "x"], [2, 0, 3], seed=1, max_tokens=10)
    assert gen.prompt == [0, 0, 2, 2, 2] and gen.tokens.shape == (5, 10)
    assert gen.tokens.device.type == "cpu" and gen.lengths.dtype == torch.int64
    for row, n in zip(gen.tokens.tolist(), gen.lengths.tolist()):
        assert all(t not in generator.end_ids for t in row[:n])
        assert n == 10 or row[n] in generator.end_ids


def test_the_same_seed_gives_the_same_samples(generator):
    a = generator.generate(["def f"], [3], seed=4, max_tokens=8)
    b = generator.generate(["def f"], [3], seed=4, max_tokens=8)
    c = generator.generate(["def f"], [3], seed=5, max_tokens=8)
    assert torch.equal(a.tokens, b.tokens) and not torch.equal(a.tokens, c.tokens)


def test_a_round_goes_through_the_token_path(generator):
    report = Solver(generator, Verifier(DEVICE), k=3, rounds=1, max_tokens=12).solve(
        Problem.from_file("tasks/examples/digit_sum.toml"))
    assert report.rounds[0].k == 3 and "detokenize" in report.rounds[0].seconds


@pytest.mark.gpu
def test_a_solve_round_on_cuda_keeps_the_tokens_on_the_device(tiny_model):
    """Generation and verification on one GPU: the generated tensor goes to
    the verifier by DLPack, and only the summary comes back."""
    g = HFGenerator(str(tiny_model), device="cuda")
    gen = g.generate(["def f"], [4], seed=0, max_tokens=8)
    assert gen.tokens.is_cuda and gen.lengths.is_cuda
    v = Verifier("cuda")
    problem = Problem.from_file("tasks/examples/digit_sum.toml")
    report = Solver(g, v, k=8, rounds=2, max_tokens=32).solve(problem)
    assert report.rounds[0].summary["k"] == 8
    res = v.verify_tokens(gen.tokens, g.tokenizer, problem, lengths=gen.lengths)
    assert res.call_transfers["to_device"] == 0  # the buffer was already there
