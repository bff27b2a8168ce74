"""The vocabulary byte table decodes exactly as the tokenizer does: for each
decoder family a code model ships with (tests/tokenizer_kit.py), on random
id sequences (invalid UTF-8, special tokens, byte tokens anywhere) and on
real encoded text, through tokenizers.Tokenizer and transformers alike."""

import json

import numpy as np
import pytest

import tokenizer_kit as kit
from gpubackend.detok import detokenize_host
from gpubackend.vocab import REPAIR_LOSSY, REPAIR_NONE, REPAIR_RUNS, UnsupportedTokenizer, Vocab

KINDS = sorted(kit.KINDS)


def _decode(tok, row) -> bytes:
    return tok.decode([int(i) for i in row], skip_special_tokens=True).encode("utf-8", "surrogatepass")


@pytest.mark.parametrize("kind", KINDS)
def test_random_sequences_decode_as_the_tokenizer(kind):
    tok = kit.KINDS[kind]()
    vocab = Vocab.from_tokenizer(tok)
    rng = np.random.default_rng(11)
    for length in (0, 1, 2, 3, 7, 50):
        ids = rng.integers(0, vocab.size, size=(60, length))
        assert detokenize_host(vocab, ids) == [_decode(tok, row) for row in ids], length


@pytest.mark.parametrize("kind", KINDS)
def test_byte_tokens_dense_sequences(kind):
    # sequences drawn only from byte tokens and specials exercise UTF-8
    # repair and the first-token rules hardest
    tok = kit.KINDS[kind]()
    vocab = Vocab.from_tokenizer(tok)
    pool = np.flatnonzero(vocab.fallback | vocab.skip | (vocab.length == 1))
    rng = np.random.default_rng(5)
    ids = pool[rng.integers(0, len(pool), size=(300, 12))]
    assert detokenize_host(vocab, ids) == [_decode(tok, row) for row in ids]


@pytest.mark.parametrize("kind", KINDS)
def test_real_text_round_trips(kind):
    tok = kit.KINDS[kind]()
    vocab = Vocab.from_tokenizer(tok)
    for text in kit.corpus()[::7]:
        ids = np.array([tok.encode(text).ids])
        assert detokenize_host(vocab, ids) == [_decode(tok, ids[0])]


@pytest.mark.parametrize("kind", KINDS)
def test_transformers_fast_tokenizer(kind):
    pytest.importorskip("transformers")
    tok = kit.hf(kit.KINDS[kind]())
    vocab = Vocab.from_tokenizer(tok)
    rng = np.random.default_rng(3)
    ids = rng.integers(0, vocab.size, size=(40, 20))
    want = [tok.decode(row.tolist(), skip_special_tokens=True, clean_up_tokenization_spaces=False).encode()
            for row in ids]
    assert detokenize_host(vocab, ids) == want


def test_decoder_families_are_recognised():
    assert Vocab.from_tokenizer(kit.byte_level()).repair == REPAIR_LOSSY
    sp = Vocab.from_tokenizer(kit.byte_fallback())
    assert (sp.repair, sp.strip_start, sp.strip_stop) == (REPAIR_RUNS, 1, 0)
    assert sp.fallback.sum() == 256
    ms = Vocab.from_tokenizer(kit.metaspace())
    assert ms.repair == REPAIR_NONE and (ms.first_length != ms.length).any()


def test_special_tokens_decode_to_nothing():
    tok = kit.byte_level()
    vocab = Vocab.from_tokenizer(tok)
    for name in kit.SPECIALS:
        assert vocab.skip[tok.token_to_id(name)]
    assert not vocab.skip[tok.token_to_id("<|code|>")]  # added, not special: decoded


def _with_decoder(tok, decoder: dict):
    from tokenizers import Tokenizer

    spec = json.loads(tok.to_str())
    spec["decoder"] = decoder
    return Tokenizer.from_str(json.dumps(spec))


@pytest.mark.parametrize("decoder, named", [
    ({"type": "WordPiece", "prefix": "##", "cleanup": True}, "WordPiece"),
    ({"type": "CTC", "pad_token": "<pad>", "word_delimiter_token": "|", "cleanup": True}, "CTC"),
    ({"type": "Sequence", "decoders": [{"type": "Replace", "pattern": {"Regex": "a+"}, "content": "b"}]},
     "regex"),
    ({"type": "Sequence", "decoders": [{"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                                        "use_regex": True}, {"type": "Replace", "pattern": {"String": "a"},
                                                             "content": "b"}]}, "Replace after"),
])
def test_unsupported_decoders_are_named(decoder, named):
    tok = _with_decoder(kit.byte_level(), decoder)
    with pytest.raises(UnsupportedTokenizer, match=named):
        Vocab.from_tokenizer(tok)


def test_self_check_refuses_a_table_that_disagrees(monkeypatch):
    from gpubackend import vocab as vocab_mod

    real = vocab_mod._Pipeline.token_bytes
    # a table that forgets one common token's last byte
    monkeypatch.setattr(vocab_mod._Pipeline, "token_bytes",
                        lambda self, token, first: (lambda b, f: (b[:-1] if b.endswith(b"e") else b, f))(
                            *real(self, token, first)))
    with pytest.raises(UnsupportedTokenizer, match="decodes ids"):
        Vocab.from_tokenizer(kit.byte_level())


def test_not_a_tokenizer():
    with pytest.raises(UnsupportedTokenizer, match="tokenizer: expected"):
        Vocab.from_tokenizer(object())


def test_fingerprint_is_the_table():
    a, b = Vocab.from_tokenizer(kit.byte_level()), Vocab.from_tokenizer(kit.byte_level())
    assert a.fingerprint == b.fingerprint
    assert a.fingerprint != Vocab.from_tokenizer(kit.metaspace()).fingerprint
