"""The vocabulary byte table: what each token id decodes to, as bytes.

Built once per tokenizer on the host from the Hugging Face `tokenizers`
pipeline (a `tokenizers.Tokenizer`, or a transformers fast tokenizer through
its `backend_tokenizer`), then kept on the device, where detok.py turns token
buffers into text with gathers and prefix sums.

The target is `decode(ids, skip_special_tokens=True)` of the tokenizer itself
(transformers: with `clean_up_tokenization_spaces=False`, which would alter
code). Most of a decoder is per token and is folded into the table here; the
rest is a few text-level rules the device applies after the gather:
- special tokens decode to nothing (`skip`);
- Metaspace drops its replacement character in the first kept token
  (`first_start`/`first_length`: a second spelling for that position);
- UTF-8 repair: ByteLevel decodes the whole text lossily (one U+FFFD per
  maximal invalid subpart), ByteFallback replaces every byte of a run of
  `<0xNN>` tokens by U+FFFD when the run is not valid UTF-8;
- Strip after Fuse removes up to `strip_start`/`strip_stop` spaces from the
  ends of the whole text.
A decoder outside these (WordPiece, CTC, BPEDecoder, regex Replace) raises
UnsupportedTokenizer naming it, and every table checks itself against the
tokenizer's own decode on random sequences before it is used.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from functools import cache
from typing import Any

import numpy as np

# Text-level UTF-8 repair that the decoder implies (see the module docstring).
REPAIR_NONE, REPAIR_LOSSY, REPAIR_RUNS = 0, 1, 2
# Random sequences a new table is checked on, and their length in tokens: a
# table that disagrees with the tokenizer anywhere is refused, not used.
SELF_CHECK_SEQUENCES = 24
SELF_CHECK_TOKENS = 40


class UnsupportedTokenizer(ValueError):
    """The tokenizer's decoder is one the byte table cannot express."""


@dataclasses.dataclass(frozen=True, eq=False)
class Vocab:
    """A tokenizer's decode as arrays (host NumPy; `to(xp)` for a device).

    blob: uint8, every token's bytes; start/length: int64 [V], token t's bytes
        are blob[start[t] : start[t] + length[t]];
    first_start/first_length: int64 [V], its bytes as the first kept token;
    fallback: bool [V], a `<0xNN>` byte-fallback token; skip: bool [V], a
        special token, dropped before the decoder;
    repair: REPAIR_NONE, REPAIR_LOSSY or REPAIR_RUNS; strip_start/strip_stop:
        spaces removed from the ends of the text; fingerprint: a hash of all
        of the above, the device cache's key.
    """

    blob: Any
    start: Any
    length: Any
    first_start: Any
    first_length: Any
    fallback: Any
    skip: Any
    repair: int
    strip_start: int
    strip_stop: int
    fingerprint: str

    @property
    def size(self) -> int:
        return len(self.start)

    def to(self, link) -> "Vocab":
        """The same table with its arrays in link.xp's memory (the upload
        counted on the Link)."""
        return dataclasses.replace(self, **{f: link.device(getattr(self, f)) for f in _ARRAYS})

    @classmethod
    def from_tokenizer(cls, tokenizer: Any, check: bool = True) -> "Vocab":
        """The table of a `tokenizers.Tokenizer` or a transformers fast
        tokenizer; with `check`, compared with its decode before it is returned."""
        tok = backend_tokenizer(tokenizer)
        vocab = _build(tok)
        if check:
            self_check(vocab, tok)
        return vocab


_ARRAYS = ("blob", "start", "length", "first_start", "first_length", "fallback", "skip")


def backend_tokenizer(tokenizer: Any):
    """The `tokenizers.Tokenizer` behind `tokenizer`."""
    tok = getattr(tokenizer, "backend_tokenizer", tokenizer)
    if not (hasattr(tok, "to_str") and hasattr(tok, "id_to_token") and hasattr(tok, "decode")):
        raise UnsupportedTokenizer(
            f"tokenizer: expected a tokenizers.Tokenizer or a transformers fast tokenizer, "
            f"got {type(tokenizer).__name__} (slow tokenizers have no byte table: use use_fast=True)")
    return tok


@cache
def _byte_level_chars() -> dict[str, int]:
    """GPT-2's byte-to-unicode map, inverted: the printable character that
    stands for each byte in a ByteLevel vocabulary."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + \
        list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {chr(c): b for b, c in zip(bs, cs)}


class _Pipeline:
    """A decoder from tokenizer.json, split into per-token steps (applied to
    each vocabulary entry here) and text-level rules (left to the device)."""

    def __init__(self, spec: dict | None) -> None:
        self.steps: list[dict] = []
        self.repair = REPAIR_NONE
        self.strip_start = self.strip_stop = 0
        self.metaspace: dict | None = None
        fused = False
        for d in _flatten(spec):
            kind = d["type"]
            if kind == "Fuse":
                fused = True
            elif kind == "Strip" and fused:
                self._text_strip(d)
            elif fused:
                raise UnsupportedTokenizer(f"decoder: {kind} after Fuse is not supported")
            elif kind in ("Replace", "ByteFallback", "ByteLevel", "Metaspace", "Strip"):
                self._token_step(d)
            else:
                raise UnsupportedTokenizer(f"decoder: {kind} is not supported (ByteLevel, Metaspace, "
                                           "Replace, ByteFallback, Fuse and Strip are)")

    def _token_step(self, d: dict) -> None:
        kind = d["type"]
        if kind == "Replace" and "String" not in d["pattern"]:
            raise UnsupportedTokenizer("decoder: Replace with a regex pattern is not supported")
        if self.repair != REPAIR_NONE:
            raise UnsupportedTokenizer(f"decoder: {kind} after a byte-level step is not supported")
        if kind == "ByteLevel":
            self.repair = REPAIR_LOSSY
        elif kind == "ByteFallback":
            self.repair = REPAIR_RUNS
        elif kind == "Metaspace":
            self.metaspace = d
        if kind != "Metaspace" and self.metaspace is not None:
            raise UnsupportedTokenizer(f"decoder: {kind} after Metaspace is not supported")
        self.steps.append(d)

    def _text_strip(self, d: dict) -> None:
        if d["content"] != " ":
            raise UnsupportedTokenizer(f"decoder: Strip of {d['content']!r} is not supported (only ' ')")
        self.strip_start += int(d["start"])
        self.strip_stop += int(d["stop"])

    def token_bytes(self, token: str, first: bool) -> tuple[bytes, bool]:
        """A token's bytes and whether it is a byte-fallback token."""
        for d in self.steps:
            kind = d["type"]
            if kind == "Replace":
                token = token.replace(d["pattern"]["String"], d["content"])
            elif kind == "Strip":
                token = _strip_chars(token, d["content"], int(d["start"]), int(d["stop"]))
            elif kind == "ByteFallback" and _is_byte_token(token):
                return bytes([int(token[3:5], 16)]), True
            elif kind == "ByteLevel":
                chars = _byte_level_chars()
                if all(c in chars for c in token):
                    return bytes(chars[c] for c in token), False
                return token.encode("utf-8"), False
            elif kind == "Metaspace":
                drop = first and d.get("prepend_scheme", "always") != "never"
                token = token.replace(d["replacement"], "" if drop else " ")
        return token.encode("utf-8"), False


def _flatten(spec: dict | None) -> list[dict]:
    if spec is None:
        return []
    if spec["type"] == "Sequence":
        return [d for s in spec["decoders"] for d in _flatten(s)]
    return [spec]


def _strip_chars(token: str, content: str, start: int, stop: int) -> str:
    i = 0
    while i < min(start, len(token)) and token[i] == content:
        i += 1
    j = len(token)
    while len(token) - j < stop and j > i and token[j - 1] == content:
        j -= 1
    return token[i:j]


def _is_byte_token(token: str) -> bool:
    if len(token) != 6 or not (token.startswith("<0x") and token.endswith(">")):
        return False
    try:
        int(token[3:5], 16)
    except ValueError:
        return False
    return True


def _build(tok) -> Vocab:
    spec = json.loads(tok.to_str())
    pipe = _Pipeline(spec.get("decoder"))
    specials = {t["id"] for t in spec.get("added_tokens", []) if t.get("special")}
    size = max(tok.get_vocab(with_added_tokens=True).values(), default=-1) + 1  # ids may have holes
    chunks: list[bytes] = []
    start = np.zeros(size, np.int64)
    length = np.zeros(size, np.int64)
    first_start = np.zeros(size, np.int64)
    first_length = np.zeros(size, np.int64)
    fallback = np.zeros(size, np.bool_)
    skip = np.zeros(size, np.bool_)
    pos = 0
    for t in range(size):
        token = tok.id_to_token(t)
        if token is None or t in specials:  # a hole in the ids decodes to nothing too
            skip[t] = True
            continue
        data, fallback[t] = pipe.token_bytes(token, first=False)
        start[t], length[t] = pos, len(data)
        chunks.append(data)
        pos += len(data)
        first = pipe.token_bytes(token, first=True)[0] if pipe.metaspace else data
        if first == data:
            first_start[t], first_length[t] = start[t], length[t]
        else:
            first_start[t], first_length[t] = pos, len(first)
            chunks.append(first)
            pos += len(first)
    blob = np.frombuffer(b"".join(chunks) or b"\0", np.uint8).copy()
    h = hashlib.sha256()
    for a in (blob, start, length, first_start, first_length, fallback, skip):
        h.update(a.tobytes())
    h.update(f"{pipe.repair},{pipe.strip_start},{pipe.strip_stop}".encode())
    return Vocab(blob, start, length, first_start, first_length, fallback, skip,
                 pipe.repair, pipe.strip_start, pipe.strip_stop, h.hexdigest()[:16])


def self_check(vocab: Vocab, tok, seed: int = 0) -> None:
    """Detokenize random sequences on the host and compare with `tok.decode`;
    UnsupportedTokenizer names the first sequence that differs."""
    from .detok import detokenize_host

    rng = np.random.default_rng(seed)
    ids = rng.integers(0, vocab.size, size=(SELF_CHECK_SEQUENCES, SELF_CHECK_TOKENS))
    texts = detokenize_host(vocab, ids)
    for row, got in zip(ids, texts):
        want = tok.decode(row.tolist(), skip_special_tokens=True).encode("utf-8", "surrogatepass")
        if got != want:
            raise UnsupportedTokenizer(
                f"tokenizer: the byte table decodes ids {row.tolist()} to {got!r}, "
                f"the tokenizer to {want!r}; this decoder is not supported")
