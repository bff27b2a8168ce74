"""agentloop/generators/__init__.py and pack.py: what every generator shares."""

import pytest
import torch

from agentloop.generators import Generation, adds_special_tokens, check_counts, opens_answer, prompt_index
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


def test_opened_completions_carry_their_prompts_opening_in_text_and_tokens():
    from tests import model_kit

    tok = model_kit.tokenizer()
    texts = ["\n    return 1\n```", "\n    return 2\n```", "\n    return x\n```"]
    ids = [tok(t, add_special_tokens=False)["input_ids"] for t in texts]
    T = max(map(len, ids))
    tokens = torch.tensor([i + [0] * (T - len(i)) for i in ids])
    gen = Generation(tokens, torch.tensor([len(i) for i in ids]), texts, [0, 0, 2], 0.5)
    openings = ["```python\ndef f() -> int:", "unused", "```python\ndef g(x: int) -> int:"]
    opened = gen.opened(openings, tok)
    want = [openings[0] + texts[0], openings[0] + texts[1], openings[2] + texts[2]]
    assert opened.texts == want and opened.prompt == gen.prompt and opened.seconds == 0.5
    rows = [tok.decode(opened.tokens[i, :opened.lengths[i]].tolist()) for i in range(3)]
    assert rows == want
    with pytest.raises(ValueError, match="openings: expected one per prompt, got 2 for prompt 2"):
        gen.opened(openings[:2], tok)


def test_ids_without_a_tokenizer_leave_the_opening_to_the_texts():
    gen = Generation(torch.zeros((1, 2), dtype=torch.int64), torch.tensor([2]), ["body"], [0], 0.0)
    opened = gen.opened(["head:"], None)
    assert opened.tokens is None and opened.texts == ["head:body"]


def test_a_generator_opens_answers_only_when_it_says_so():
    g = ReplayGenerator([["a"]])
    assert not opens_answer(g)
    g.opens_answer = True
    assert opens_answer(g)
