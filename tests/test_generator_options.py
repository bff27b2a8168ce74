"""agentloop/generator_options.py: the generator `solve` and `eval` name,
its label and temperature, and whose answers the loop opens."""

import pytest

from agentloop.generator_options import GeneratorSpec, engine_kwargs
from agentloop.generators import opens_answer


def test_the_embedded_model_is_the_default_and_its_answers_are_opened():
    spec = GeneratorSpec()
    assert spec.named == [] and spec.label == "default" and spec.opens_answer
    from agentloop.generators.default import TEMPERATURE

    assert spec.sampling_temperature == TEMPERATURE


def test_a_named_model_samples_at_1_and_writes_its_whole_answer():
    spec = GeneratorSpec(hf="some/folder")
    assert spec.named == ["--hf"] and spec.label == "hf:some/folder"
    assert spec.sampling_temperature == 1.0 and not spec.opens_answer
    assert GeneratorSpec(hf="x", open_answer=True).opens_answer
    assert not GeneratorSpec(open_answer=False).opens_answer


def test_the_built_generator_carries_the_choice(tiny_model):
    pytest.importorskip("transformers")
    assert not opens_answer(GeneratorSpec(hf=str(tiny_model))())
    assert opens_answer(GeneratorSpec(hf=str(tiny_model), open_answer=True)())


def test_engine_args_read_json_values_and_name_a_bad_pair():
    assert engine_kwargs(["dtype=float32", "max_model_len=2048", "enforce_eager=true"]) == {
        "dtype": "float32", "max_model_len": 2048, "enforce_eager": True}
    with pytest.raises(ValueError, match="--engine-arg 'oops': expected KEY=VALUE"):
        engine_kwargs(["oops"])
