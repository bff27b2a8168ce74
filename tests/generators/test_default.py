"""agentloop/generators/default.py: the embedded model is complete, small
and loads; the engine follows what is installed; the model solves a task
through the loop on a CPU."""

from __future__ import annotations

import importlib.util
import json

import pytest

from agentloop.generators import GeneratorError, default
from agentloop.solver import Solver
from gpubackend import Problem, Verifier

# The shipped model's size limit (small enough for the repository).
MAX_WEIGHTS_BYTES = 20 * 2**20


def test_the_model_folder_is_complete_and_small():
    folder = default.model_dir()
    config = json.loads((folder / "config.json").read_text())
    assert config["architectures"] == ["LlamaForCausalLM"]
    assert (folder / "model.safetensors").stat().st_size < MAX_WEIGHTS_BYTES
    card = (folder / "README.md").read_text()
    assert "python -m agentloop.coder.train" in card and "resampl" in card


def test_a_missing_file_is_named(monkeypatch, tmp_path):
    (tmp_path / "config.json").write_text("{}")
    monkeypatch.setattr(default, "MODEL_DIR", tmp_path)
    with pytest.raises(GeneratorError, match="lacks model.safetensors, tokenizer.json, tokenizer_config.json"):
        default.model_dir()


def test_the_engine_is_vllm_only_where_it_is_installed(monkeypatch):
    monkeypatch.delenv("AGENTLOOP_ENGINE", raising=False)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "vllm" else real(name, *a))
    assert default.engine() == "hf"
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object() if name == "vllm" else real(name, *a))
    assert default.engine() == "vllm"


def test_the_environment_chooses_the_engine(monkeypatch):
    monkeypatch.setenv("AGENTLOOP_ENGINE", "hf")
    assert default.engine() == "hf"
    monkeypatch.setenv("AGENTLOOP_ENGINE", "tensorrt")
    with pytest.raises(GeneratorError, match="AGENTLOOP_ENGINE: expected 'vllm' or 'hf', got 'tensorrt'"):
        default.engine()


def test_an_unknown_engine_is_named():
    with pytest.raises(ValueError, match="which: expected 'vllm' or 'hf', got 'tpu'"):
        default.default_generator(which="tpu")


@pytest.fixture(scope="module")
def hf_default():
    pytest.importorskip("transformers")
    return default.default_generator(which="hf")


def test_transformers_serves_it_at_the_default_temperature(hf_default):
    assert hf_default.name == f"hf:{default.MODEL_DIR}" and hf_default.temperature == default.TEMPERATURE
    assert str(hf_default.model.dtype) == "torch.float32"  # float16 weights, computed in float32 on a CPU
    assert hf_default.opens_answer  # the loop writes the def line, the model the rest


def test_another_folder_of_the_same_kind_is_served_the_same_way(tmp_path):
    """path: a model the trainer wrote (selfrepair samples one this way)."""
    pytest.importorskip("transformers")
    import shutil

    copy = shutil.copytree(default.MODEL_DIR, tmp_path / "model")
    gen = default.default_generator(0.5, which="hf", path=copy)
    assert gen.name == f"hf:{copy}" and gen.temperature == 0.5 and gen.opens_answer


def test_it_solves_an_example_through_the_loop(hf_default):
    problem = Problem.from_file("tasks/examples/digit_sum.toml")
    report = Solver(hf_default, Verifier("cpu"), k=8, rounds=4, max_tokens=256, seed=0).solve(problem)
    assert report.solved, [r.summary for r in report.rounds]
