"""Real tokenizers for the tests, trained here with the `tokenizers` library
on the behaviour programs (no downloads), one per decoder family a code
model ships with:

- byte_level: GPT-2 style byte-level BPE (Qwen, DeepSeek-Coder, StarCoder,
  Llama 3): ByteLevel decoder, lossy UTF-8 over the whole text;
- byte_fallback: SentencePiece converted to BPE (Llama 2, Mistral, Gemma):
  Replace('▁', ' '), ByteFallback, Fuse, Strip(' ', 1, 0), with the 256
  `<0xNN>` byte tokens as ordinary vocabulary entries;
- metaspace: a Metaspace decoder alone (prepend_scheme 'always'; T5-style
  converters), unknown characters becoming the special <unk>.

Each has special tokens (<s>, </s>, <pad>) and a non-special added token.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

PROGRAMS = Path(__file__).parent / "programs"
SPECIALS = ["<unk>", "<s>", "</s>", "<pad>"]
# Text the model-like outputs are made of: code, prose, fences, and
# non-ASCII characters of one to four bytes.
EXTRA = ["Here is the solution:\n```python\n", "\n```\nIt works because ...",
         "héllo wörld — naïve café ∑ ≤ 😀 🚀 中文 日本語", "\t\r\n  \n\n    "]


def corpus() -> list[str]:
    texts = [p.read_text() for p in sorted(PROGRAMS.rglob("*.py"))]
    return texts + EXTRA * 20


def _train(model, pre, decoder, vocab_size: int, normalizer=None, **trainer_kw):
    from tokenizers import Tokenizer, trainers

    tok = Tokenizer(model)
    tok.normalizer = normalizer
    tok.pre_tokenizer = pre
    tok.decoder = decoder
    tok.train_from_iterator(corpus(), trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=SPECIALS,
                                                          show_progress=False, **trainer_kw))
    return tok


@cache
def byte_level():
    from tokenizers import decoders, models, pre_tokenizers

    tok = _train(models.BPE(), pre_tokenizers.ByteLevel(add_prefix_space=False), decoders.ByteLevel(),
                 2000, initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.add_tokens(["<|code|>"])
    return tok


def _with_byte_tokens(tok):
    """`tok` with <0x00>..<0xFF> added to its model's vocabulary as ordinary
    tokens (as in a converted SentencePiece model), so byte fallback applies."""
    from tokenizers import Tokenizer

    spec = json.loads(tok.to_str())
    vocab = spec["model"]["vocab"]
    for b in range(256):
        vocab.setdefault(f"<0x{b:02X}>", len(vocab))  # the specials are in vocab already
    spec["model"]["byte_fallback"] = True
    spec["model"]["unk_token"] = "<unk>"
    return Tokenizer.from_str(json.dumps(spec))


@cache
def byte_fallback():
    from tokenizers import decoders, models, normalizers, pre_tokenizers

    tok = _train(models.BPE(byte_fallback=True, unk_token="<unk>"), pre_tokenizers.Split("▁", "merged_with_next"),
                 decoders.Sequence([decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse(),
                                    decoders.Strip(" ", 1, 0)]), 1500, limit_alphabet=120,
                 normalizer=normalizers.Sequence([normalizers.Prepend("▁"), normalizers.Replace(" ", "▁")]))
    tok = _with_byte_tokens(tok)
    tok.add_tokens(["<|code|>"])
    return tok


@cache
def metaspace():
    from tokenizers import decoders, models, pre_tokenizers

    tok = _train(models.BPE(unk_token="<unk>"), pre_tokenizers.Metaspace(), decoders.Metaspace(), 1500,
                 limit_alphabet=120)
    tok.add_tokens(["<|code|>"])
    return tok


KINDS = {"byte_level": byte_level, "byte_fallback": byte_fallback, "metaspace": metaspace}


def hf(tok):
    """The tokenizer as transformers wraps it (what vLLM hands out)."""
    from transformers import PreTrainedTokenizerFast

    return PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>",
                                   pad_token="<pad>", unk_token="<unk>")
