"""The embedded coder's tokenizer: a byte-level BPE trained on the
rendered training examples, with three special tokens.

Byte-level (GPT-2 style ByteLevel pre-tokenizer and decoder) so that any
text round-trips, whatever a prompt holds, and so that the verifier's
device path can build its byte table (gpubackend/vocab.py supports the
ByteLevel decoder). No chat template: the loop then sends plain prompts and
adds the special tokens itself (agentloop.generators.adds_special_tokens),
which here means `<|bos|>` in front of the prompt (the post-processor).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

BOS, EOS, PAD = "<|bos|>", "<|eos|>", "<|pad|>"
SPECIALS = [BOS, EOS, PAD]  # ids 0, 1, 2
VOCAB_SIZE = 2048


def train_tokenizer(texts: Iterable[str], vocab_size: int = VOCAB_SIZE) -> Any:
    """A byte-level BPE of `vocab_size` tokens (the 256 byte symbols and the
    specials included) learned from `texts`, as a transformers
    PreTrainedTokenizerFast with bos/eos/pad set. Deterministic: the same
    texts in the same order give the same tokenizer."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=SPECIALS, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(list(texts), trainer)
    bos = tok.token_to_id(BOS)
    # add_special_tokens=True puts <|bos|> in front; nothing at the end (the
    # model writes <|eos|> itself).
    tok.post_processor = processors.TemplateProcessing(single=f"{BOS} $A", pair=f"{BOS} $A $B",
                                                       special_tokens=[(BOS, bos)])
    return PreTrainedTokenizerFast(tokenizer_object=tok, bos_token=BOS, eos_token=EOS, pad_token=PAD,
                                   clean_up_tokenization_spaces=False, model_max_length=1 << 30)
