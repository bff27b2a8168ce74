"""Token buffers in: a [k, T] tensor of token ids from any DLPack producer
(torch, NumPy, CuPy, JAX), with the lengths of the rows or a padding id,
checked and cast before the kernels see them.

On CUDA the buffer is consumed in place through `cupy.from_dlpack`, which
hands the producer CuPy's current stream (the stream the kernels run on),
so the producer orders its pending work before ours; a host buffer is
copied up once. On the CPU backend `numpy.from_dlpack` takes host buffers
in place and a device buffer is refused with what to do instead.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .link import Link

# DLPack device types (dlpack.h): where a producer's buffer lives.
_DL_CPU, _DL_CUDA, _DL_CUDA_HOST, _DL_CUDA_MANAGED = 1, 2, 3, 13


def import_array(link: Link, x: Any, name: str):
    """`x` as an array in link.xp's memory, without a copy where it can."""
    device_type = x.__dlpack_device__()[0] if hasattr(x, "__dlpack_device__") else _DL_CPU
    if device_type in (_DL_CUDA, _DL_CUDA_MANAGED):
        if link.xp is np:
            raise ValueError(f"{name}: the buffer is on a CUDA device but this Verifier runs on the CPU; "
                             "use Verifier(device='cuda') or move it to the host (.cpu())")
        return link.xp.from_dlpack(x)
    host = np.from_dlpack(x) if hasattr(x, "__dlpack__") else np.asarray(x)
    return link.device(host)  # the CPU backend reads it in place, but counts the GPU's upload


def token_buffer(link: Link, tokens: Any, lengths: Any, pad_id: int | None, vocab_size: int):
    """(ids int64 [k, T], lengths int64 [k]) in link.xp's memory, checked:
    2-D integer ids, lengths within [0, T], every used id in the vocabulary.

    lengths: row i holds lengths[i] tokens; pad_id: a row ends at its first
    pad_id; neither: every row is T tokens long. The errors name the
    parameter and the offending value.
    """
    xp = link.xp
    ids = import_array(link, tokens, "tokens")
    if ids.ndim != 2:
        raise ValueError(f"tokens: expected a [k, T] buffer of token ids, got shape {tuple(ids.shape)}"
                         + (" (use tokens[None] for one candidate)" if ids.ndim == 1 else ""))
    if ids.dtype.kind not in "iu":
        raise TypeError(f"tokens: expected integer token ids, got dtype {ids.dtype}")
    ids = xp.ascontiguousarray(ids, dtype=xp.int64)
    k, T = ids.shape
    if lengths is not None and pad_id is not None:
        raise ValueError("lengths and pad_id: give one of them, not both")
    if lengths is not None:
        lens = _lengths(link, lengths, k, T)
    elif pad_id is not None:
        is_pad = ids == int(pad_id)
        lens = xp.where(is_pad.any(axis=1), xp.argmax(is_pad, axis=1), T).astype(xp.int64)
    else:
        lens = xp.full(k, T, xp.int64)
    _check_ids(link, ids, lens, vocab_size)
    return ids, lens


def _lengths(link: Link, lengths: Any, k: int, T: int):
    xp = link.xp
    lens = import_array(link, lengths, "lengths")
    if lens.shape != (k,):
        raise ValueError(f"lengths: expected shape ({k},) for {k} rows of tokens, got {tuple(lens.shape)}")
    if lens.dtype.kind not in "iu":
        raise TypeError(f"lengths: expected integers, got dtype {lens.dtype}")
    lens = xp.ascontiguousarray(lens, dtype=xp.int64)
    bad = (lens < 0) | (lens > T)
    if k and link.item(bad.any()):
        row = int(link.item(xp.argmax(bad)))
        raise ValueError(f"lengths[{row}] = {int(link.item(lens[row]))} is outside [0, {T}] (T = tokens.shape[1])")
    return lens


def _check_ids(link: Link, ids, lens, vocab_size: int) -> None:
    xp = link.xp
    k, T = ids.shape
    if k == 0 or T == 0:
        return
    used = xp.arange(T)[None, :] < lens[:, None]
    bad = used & ((ids < 0) | (ids >= vocab_size))
    if link.item(bad.any()):
        flat = int(link.item(xp.argmax(bad.ravel())))
        row, col = divmod(flat, T)
        raise ValueError(f"tokens[{row}, {col}] = {int(link.item(ids[row, col]))} is not a token id "
                         f"of this tokenizer (vocabulary size {vocab_size})")
