"""The default generator: the embedded DSL coder, when no model is named.

The model (agentloop/coder/model/, its card is the README.md there) is a
4.7M-parameter Llama trained on the synthetic tasks of agentloop/coder, so
that `agentloop solve` and `eval` work on a machine that has no code model
and cannot download one. It is served by vLLM in this process where vLLM
is installed, and by torch/transformers otherwise ($AGENTLOOP_ENGINE
chooses).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from . import GeneratorError

MODEL_DIR = Path(__file__).resolve().parents[1] / "coder" / "model"
# Files the model folder must hold for both engines to load it.
_FILES = ("config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json")

# vLLM settings that suit a model this small on any machine. float32: the
# weights ship as float16, which vLLM's CPU kernels do not all take, and a
# 4.7M model costs nothing more in float32. 512 MiB of KV cache holds 64k
# tokens of this model (8 KiB a token), room for 16 samples of the longest
# prompts; vLLM's default, a share of the device's memory, is far more than
# it needs and refuses to start on small CPU machines. enforce_eager: a
# compiled graph saves little on a model this small and its warm-up costs
# tens of seconds on a CPU.
ENGINE_KWARGS: dict[str, Any] = {"dtype": "float32", "max_model_len": 2048,
                                 "kv_cache_memory_bytes": 512 * 2**20, "enforce_eager": True, "seed": 0}

# The engines that serve it: vLLM in process, torch/transformers.
ENGINES = ("vllm", "hf")

# The sampling temperature of the default model when none is given: the one
# its eval measured (agentloop/coder/model/README.md).
TEMPERATURE = 0.8


def model_dir() -> Path:
    """The embedded model's folder; a GeneratorError names a missing file
    (a checkout without the weights, say)."""
    missing = [f for f in _FILES if not (MODEL_DIR / f).is_file()]
    if missing:
        raise GeneratorError(f"default model: {MODEL_DIR} lacks {', '.join(missing)}; reinstall agentloop, "
                             "or name a model with --model, --server or --hf")
    return MODEL_DIR


def engine() -> str:
    """$AGENTLOOP_ENGINE when set ("vllm" or "hf"), else "vllm" where vLLM
    is installed and "hf" where it is not. (On a CPU, "hf" answers in
    seconds where vLLM takes half a minute to start.)"""
    chosen = os.environ.get("AGENTLOOP_ENGINE")
    if chosen:
        if chosen not in ENGINES:
            raise GeneratorError(f"AGENTLOOP_ENGINE: expected 'vllm' or 'hf', got {chosen!r}")
        return chosen
    return "vllm" if importlib.util.find_spec("vllm") is not None else "hf"


def default_generator(temperature: float | None = None, engine_args: dict[str, Any] | None = None,
                      which: str | None = None, path: str | Path | None = None):
    """The embedded model behind `which` engine (default: engine()).

    temperature: sampling temperature (default: TEMPERATURE);
    engine_args: with vLLM, settings over ENGINE_KWARGS (vllm.LLM's keywords);
    path: another model of the same kind, served the same way (a folder
        agentloop.coder.train wrote); default: the embedded model.
    """
    path, which = str(path or model_dir()), which or engine()
    temperature = TEMPERATURE if temperature is None else temperature
    if which == "vllm":
        from .vllm_engine import VLLMGenerator

        generator = VLLMGenerator(path, temperature=temperature, **{**ENGINE_KWARGS, **(engine_args or {})})
    elif which == "hf":
        from .hf import HFGenerator  # a GeneratorError names torch or transformers when either is missing

        generator = HFGenerator(path, temperature=temperature)
    else:
        raise ValueError(f"which: expected 'vllm' or 'hf', got {which!r}")
    # Trained to answer with the fence and the def line first (train.py),
    # the model continues an answer the loop opens with the problem's own
    # def line; left to write it, it often recalls a training task's name.
    generator.opens_answer = True
    return generator
