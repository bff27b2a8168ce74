"""The options `solve` and `eval` share, those that name and drive a
generator, and the generator they name: vLLM in process (--model), a vLLM
server (--server), torch/transformers (--hf), or the embedded model when
none is given (generators/default.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import typer

MODEL = typer.Option(None, "--model", help="A model folder or name for vLLM in this process.")
SERVER = typer.Option(None, "--server", help="The base URL of a running vLLM server.")
HF = typer.Option(None, "--hf", help="A model folder for torch/transformers.")
SERVED_MODEL = typer.Option(None, "--served-model", help="With --server: the model name (default: the only one served).")
TOKENIZER = typer.Option(None, "--tokenizer",
                         help="With --server: the model's tokenizer folder, for chat templates and token ids.")
ENGINE_ARG = typer.Option([], "--engine-arg", help="With --model or the embedded model on vLLM: KEY=VALUE for "
                                                   "vllm.LLM (VALUE read as JSON when it parses), repeatable.")
MAX_TOKENS = typer.Option(512, "--max-tokens", min=1, help="Tokens per sample.")
TEMPERATURE = typer.Option(None, "--temperature", min=0.0,
                           help="Sampling temperature (default: 1.0, or the embedded model's own).")
OPEN_ANSWER = typer.Option(None, "--open-answer/--no-open-answer",
                           help="Begin each answer with a code fence and the problem's def line for the model to "
                                "continue (default: on for the embedded model, off for a named one).")
SEED = typer.Option(0, "--seed", help="Makes the sampling reproducible.")
DEVICE = typer.Option("auto", "--device", help="Where the verifier runs: auto, cpu or cuda.")


@dataclass
class GeneratorSpec:
    """How to build the generator the options name, picklable, so that each
    Ray actor builds its own engine where it runs. No model, server or hf:
    the embedded model."""

    model: str | None = None
    server: str | None = None
    hf: str | None = None
    served_model: str | None = None
    tokenizer: str | None = None
    engine_args: list[str] = field(default_factory=list)
    temperature: float | None = None  # None: 1.0, or the embedded model's own
    open_answer: bool | None = None  # None: only the embedded model's answers are opened

    @property
    def named(self) -> list[str]:
        """The model options given, by their flags."""
        return [flag for flag, v in (("--model", self.model), ("--server", self.server), ("--hf", self.hf)) if v]

    @property
    def label(self) -> str:
        """vllm:MODEL, server:URL, hf:PATH, or default (the embedded model)."""
        for kind, where in (("vllm", self.model), ("server", self.server), ("hf", self.hf)):
            if where:
                return f"{kind}:{where}"
        return "default"

    @property
    def sampling_temperature(self) -> float:
        """The temperature the generator samples at."""
        if self.temperature is not None:
            return self.temperature
        if self.named:
            return 1.0
        from .generators.default import TEMPERATURE as DEFAULT

        return DEFAULT

    @property
    def opens_answer(self) -> bool:
        """Whether the loop opens the generator's answers (Generator.opens_answer)."""
        return self.open_answer if self.open_answer is not None else not self.named

    def __call__(self):
        """The generator (a GeneratorError or ValueError names what failed)."""
        generator = self._build(self.sampling_temperature)
        generator.opens_answer = self.opens_answer
        return generator

    def _build(self, temperature: float):
        if self.model:
            from .generators.vllm_engine import VLLMGenerator

            return VLLMGenerator(self.model, temperature=temperature, **engine_kwargs(self.engine_args))
        if self.server:
            from .generators.vllm_server import ServerGenerator

            return ServerGenerator(self.server, self.served_model, self.tokenizer, temperature=temperature)
        if self.hf:
            from .generators.hf import HFGenerator

            return HFGenerator(self.hf, temperature=temperature)
        from .generators.default import default_generator

        return default_generator(temperature, engine_kwargs(self.engine_args))


def engine_kwargs(pairs: list[str]) -> dict:
    """--engine-arg KEY=VALUE pairs as keywords, VALUE read as JSON when it parses."""
    kwargs = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise ValueError(f"--engine-arg {pair!r}: expected KEY=VALUE")
        try:
            kwargs[key] = json.loads(value)
        except ValueError:
            kwargs[key] = value
    return kwargs
