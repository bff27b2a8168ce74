"""A Hugging Face causal LM through torch/transformers: the generated token
tensor stays where the model ran and goes to the verifier by DLPack."""

from __future__ import annotations

import time
from typing import Sequence

from . import Generation, GeneratorError, adds_special_tokens, check_counts, prompt_index, torch_device


class HFGenerator:
    """Samples with `model.generate` (do_sample): every sample of every
    prompt in one left-padded batch, `batch_size` rows per generate call.

    path: a model folder or hub name that from_pretrained loads (local
        only here: nothing is downloaded when HF_HUB_OFFLINE is set);
    device: "auto" (CUDA when torch sees a GPU), "cpu" or "cuda[:i]";
    temperature, top_p: sampling parameters;
    batch_size: rows per generate call (each row holds its own copy of the
        prompt in the model's cache).
    """

    def __init__(self, path: str, device: str = "auto", temperature: float = 1.0, top_p: float = 1.0,
                 batch_size: int = 256) -> None:
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as e:
            raise GeneratorError(f"hf: cannot import torch and transformers ({e}); "
                                 "pip install 'agentloop[hf]'") from None

        if device == "auto":
            device = torch_device()
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(path)
            # float16 weights (the embedded model's) compute in float32 on a
            # CPU, where half-precision matmuls are slow or missing
            dtype = torch.float32 if torch.device(device).type == "cpu" else "auto"
            self.model = AutoModelForCausalLM.from_pretrained(path, dtype=dtype).to(device).eval()
        except (OSError, ValueError) as e:
            raise GeneratorError(f"hf: cannot load model {path!r}: {str(e).splitlines()[0]}") from None
        self.tokenizer.padding_side = "left"  # generation continues each row's own last token
        self.device, self.batch_size = device, batch_size
        self.temperature, self.top_p = temperature, top_p
        self.name = f"hf:{path}"
        eos = self.tokenizer.eos_token_id
        self.pad_id = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else eos
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token_id = self.pad_id
        self.end_ids = sorted({i for i in (eos, self.pad_id) if i is not None})

    def generate(self, prompts: Sequence[str], n: Sequence[int], seed: int, max_tokens: int) -> Generation:
        import torch

        check_counts(prompts, n)
        start = time.perf_counter()
        rows = [p for p, ni in zip(prompts, n) for _ in range(ni)]
        torch.manual_seed(seed)
        outs = []
        with torch.no_grad():
            for b in range(0, len(rows), self.batch_size):
                enc = self.tokenizer(rows[b:b + self.batch_size], return_tensors="pt", padding=True,
                                     add_special_tokens=adds_special_tokens(self.tokenizer)).to(self.device)
                out = self.model.generate(**enc, do_sample=True, temperature=self.temperature, top_p=self.top_p,
                                          max_new_tokens=max_tokens, pad_token_id=self.pad_id)
                outs.append(out[:, enc["input_ids"].shape[1]:])
        tokens = _cat_padded(outs, self.pad_id, self.device)
        ended = torch.zeros_like(tokens, dtype=torch.bool)
        for e in self.end_ids:
            ended |= tokens == e
        T = tokens.shape[1]
        lengths = torch.where(ended.any(dim=1), ended.int().argmax(dim=1), T).to(torch.int64)
        return Generation(tokens, lengths, None, prompt_index(n), time.perf_counter() - start)


def _cat_padded(rows: list, pad_id: int, device: str):
    import torch

    if not rows:
        return torch.zeros((0, 0), dtype=torch.int64, device=device)
    T = max(r.shape[1] for r in rows)
    return torch.cat([torch.nn.functional.pad(r, (0, T - r.shape[1]), value=pad_id) for r in rows])
