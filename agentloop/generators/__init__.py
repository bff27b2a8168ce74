"""Generators: where candidates come from, behind one small interface.

A generator turns prompts into completions: `generate(prompts, n, seed,
max_tokens)` samples n[i] completions of prompts[i] and returns them as a
Generation, in prompt order. Each implementation is a real client of a real
engine:

    vllm_engine.VLLMGenerator   vLLM in process (vllm.LLM)
    vllm_server.ServerGenerator a `vllm serve` server over HTTP (/v1/completions)
    hf.HFGenerator              a Hugging Face model through torch/transformers
    replay.ReplayGenerator      given programs, replayed (tests and demos)

Where the engine hands out token ids and the generator has a tokenizer, the
ids go to the verifier as one [k, T] buffer (verify_tokens); otherwise the
completions' texts go (verify).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence


class GeneratorError(RuntimeError):
    """A generator could not start or could not answer; the message says
    which engine, where, and what went wrong."""


@dataclass
class Generation:
    """The completions of one generate call, prompt by prompt (the n[0]
    completions of prompt 0 first).

    tokens: [k, T] integer token ids (a torch tensor, on the GPU when the
        engine or the upload put it there), or None when only text came back;
    lengths: [k] tokens in each row of `tokens` (the rest is padding);
    texts: the completions as text, when the engine decoded them;
    prompt: for each completion, the index of its prompt;
    seconds: wall time of the call.
    """

    tokens: Any | None
    lengths: Any | None
    texts: list[str] | None
    prompt: list[int]
    seconds: float

    @property
    def k(self) -> int:
        return len(self.prompt)


class Generator(Protocol):
    """What the loop needs of a generator.

    name: a short label for reports ("vllm:/models/x", "hf:...").
    tokenizer: the model's tokenizer (a transformers tokenizer), or None;
        it applies the chat template and gives the verifier its byte table.
    """

    name: str
    tokenizer: Any | None

    def generate(self, prompts: Sequence[str], n: Sequence[int], seed: int,
                 max_tokens: int) -> Generation:
        """n[i] samples of prompts[i] (prompts already in the model's input
        format), reproducible for a given seed."""
        ...


def torch_device() -> str:
    """Where token buffers go: "cuda" when torch sees a GPU, else "cpu"."""
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def adds_special_tokens(tokenizer: Any | None) -> bool:
    """Whether tokenizing a prompt should add the model's special tokens
    (BOS): yes for plain text, no for a prompt rendered by the tokenizer's
    chat template, which writes them itself (agentloop.prompts.as_model_input)."""
    return not getattr(tokenizer, "chat_template", None)


def prompt_index(n: Sequence[int]) -> list[int]:
    """The prompt of each completion when prompt i has n[i] of them."""
    return [i for i, ni in enumerate(n) for _ in range(ni)]


def check_counts(prompts: Sequence[str], n: Sequence[int]) -> None:
    if len(prompts) != len(n):
        raise ValueError(f"n: expected one count per prompt ({len(prompts)}), got {len(n)}")
    if any(ni < 0 for ni in n):
        raise ValueError(f"n: counts must be >= 0, got {list(n)}")
