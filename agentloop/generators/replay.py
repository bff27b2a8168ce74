"""A generator that replays given answers: scripted rounds for tests and
demos, with no model. With a tokenizer it hands out token ids, as a model
would, so the loop takes the same token path as with a real engine."""

from __future__ import annotations

import time
from typing import Any, Sequence

from . import Generation, check_counts, prompt_index


class ReplayGenerator:
    """rounds[r] are the answers of the r-th generate call; a call asking for
    more answers than its round holds cycles through them, a call past the
    last round replays the last one.

    rounds: the scripted answers (model-style text: code, fenced or bare);
    tokenizer: encode the answers to token ids (a transformers tokenizer),
        or None to hand out texts.
    """

    def __init__(self, rounds: Sequence[Sequence[str]], tokenizer: Any | None = None) -> None:
        if not rounds or any(len(r) == 0 for r in rounds):
            raise ValueError("rounds: every scripted round needs at least one answer")
        self.rounds = [list(r) for r in rounds]
        self.tokenizer = tokenizer
        self.name = "replay"
        self.calls = 0
        self.prompts: list[list[str]] = []  # what each call was asked, for inspection

    def generate(self, prompts: Sequence[str], n: Sequence[int], seed: int, max_tokens: int) -> Generation:
        check_counts(prompts, n)
        start = time.perf_counter()
        script = self.rounds[min(self.calls, len(self.rounds) - 1)]
        self.calls += 1
        self.prompts.append(list(prompts))
        texts = [script[j % len(script)] for j in range(sum(n))]
        tokens = lengths = None
        if self.tokenizer is not None:
            import torch

            ids = [self.tokenizer(t, add_special_tokens=False)["input_ids"][:max_tokens] for t in texts]
            T = max((len(r) for r in ids), default=0)
            tokens = torch.zeros((len(ids), T), dtype=torch.int64)
            for i, r in enumerate(ids):
                tokens[i, :len(r)] = torch.tensor(r, dtype=torch.int64)
            lengths = torch.tensor([len(r) for r in ids], dtype=torch.int64)
        return Generation(tokens, lengths, texts, prompt_index(n), time.perf_counter() - start)
