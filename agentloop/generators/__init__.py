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

    def opened(self, openings: Sequence[str], tokenizer: Any | None) -> "Generation":
        """The completions with each one's opening in front: openings[i] is
        the text prompt i ended with, which its completions continue (see
        Generator.opens_answer). Token rows get the opening's ids in front,
        tokenized alone (the verifier reads the bytes the ids stand for, so
        any tokenization of the opening reads back the same), and their
        lengths grow by as many."""
        if self.prompt and len(openings) <= max(self.prompt):
            raise ValueError(f"openings: expected one per prompt, got {len(openings)} for prompt {max(self.prompt)}")
        texts = None if self.texts is None else [openings[p] + t for t, p in zip(self.texts, self.prompt)]
        tokens, lengths = self.tokens, self.lengths
        if tokens is not None and tokenizer is not None:
            tokens, lengths = _prefixed(tokens, lengths, self.prompt, openings, tokenizer)
        elif tokens is not None:
            tokens = lengths = None  # ids without their tokenizer cannot take the opening: the texts carry it
        return Generation(tokens, lengths, texts, self.prompt, self.seconds)


class Generator(Protocol):
    """What the loop needs of a generator.

    name: a short label for reports ("vllm:/models/x", "hf:...").
    tokenizer: the model's tokenizer (a transformers tokenizer), or None;
        it applies the chat template and gives the verifier its byte table.
    opens_answer (optional, False when absent): the loop begins each
        answer for the model, with prompts.answer_opening (the fence and
        the problem's def line) at the end of its input, and puts that
        opening back in front of each completion. For a model trained to
        answer in exactly that form (the embedded coder): its def line is
        then the problem's, whatever name it recalls from similar tasks.
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


def opens_answer(generator: Any) -> bool:
    """Whether the loop opens `generator`'s answers (Generator.opens_answer)."""
    return bool(getattr(generator, "opens_answer", False))


def _prefixed(tokens: Any, lengths: Any, prompt: list[int], openings: Sequence[str], tokenizer: Any):
    """[k, T] token rows and their lengths with each row's opening ids in
    front; rows of one prompt are contiguous (prompt_index), so one copy
    per prompt."""
    import torch

    tokens, lengths = torch.as_tensor(tokens), torch.as_tensor(lengths)
    ids = [tokenizer(o, add_special_tokens=False)["input_ids"] for o in openings]
    width = max((len(i) for i in ids), default=0)
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    out = torch.full((tokens.shape[0], width + tokens.shape[1]), pad, dtype=tokens.dtype, device=tokens.device)
    grown = lengths.clone()
    start = 0
    for p, count in enumerate(torch.bincount(torch.tensor(prompt, dtype=torch.int64), minlength=len(ids)).tolist()):
        rows, n = slice(start, start + count), len(ids[p])
        out[rows, :n] = torch.tensor(ids[p], dtype=tokens.dtype, device=tokens.device)
        out[rows, n:n + tokens.shape[1]] = tokens[rows]
        grown[rows] += n
        start += count
    return out, grown
