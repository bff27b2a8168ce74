"""agentloop/generators/__init__.py and pack.py: what every generator shares."""

import pytest
import torch

from agentloop.generators import adds_special_tokens, check_counts, prompt_index
from agentloop.generators.pack import pack
from agentloop.generators.replay import ReplayGenerator


def test_prompt_index_and_counts():
    assert prompt_index([2, 0, 1]) == [0, 0, 2]
    with pytest.raises(ValueError, match=r"n: expected one count per prompt \(2\), got 1"):
        check_counts(["a", "b"], [1])
    with pytest.raises(ValueError, match="counts must be >= 0"):
        check_counts(["a"], [-1])


def test_special_tokens_are_added_unless_a_chat_template_wrote_them():
    from tests import model_kit

    tok = model_kit.tokenizer()
    assert not adds_special_tokens(tok)   # the template starts each turn with <s>
    tok.chat_template = None
    assert adds_special_tokens(tok) and adds_special_tokens(None)


def test_pack_pads_ragged_rows_into_one_buffer():
    tokens, lengths = pack([[5, 6, 7], [], [8]], pad_id=2)
    assert tokens.dtype == torch.int32 and tokens.tolist() == [[5, 6, 7], [2, 2, 2], [8, 2, 2]]
    assert lengths.tolist() == [3, 0, 1]
    empty, none = pack([], pad_id=0)
    assert empty.shape == (0, 0) and none.tolist() == []


def test_replay_cycles_its_rounds_and_records_prompts():
    g = ReplayGenerator([["a", "b"], ["c"]])
    assert g.generate(["p"], [3], seed=0, max_tokens=8).texts == ["a", "b", "a"]
    assert g.generate(["p", "q"], [1, 1], seed=0, max_tokens=8).texts == ["c", "c"]
    assert g.generate(["p"], [1], seed=0, max_tokens=8).texts == ["c"]   # past the script: the last round
    assert g.prompts == [["p"], ["p", "q"], ["p"]]
    with pytest.raises(ValueError, match="at least one answer"):
        ReplayGenerator([[]])
