"""Ragged token-id lists into one [k, T] buffer, uploaded once.

vLLM hands generated ids to the host as a Python list per sample (its
engine core passes them between processes so, on the GPU too). They are
written into one host buffer, pinned when a GPU is there so that the copy
is a single asynchronous DMA, and uploaded in one transfer.
"""

from __future__ import annotations

from itertools import chain
from typing import Sequence

import numpy as np


def pack(rows: Sequence[Sequence[int]], pad_id: int = 0, device: str = "cpu"):
    """(tokens int32 [k, T], lengths int64 [k]) as torch tensors on `device`
    ("cpu" or "cuda"), rows padded with pad_id."""
    import torch

    lengths = np.fromiter((len(r) for r in rows), dtype=np.int64, count=len(rows))
    T = int(lengths.max(initial=0))
    flat = np.fromiter(chain.from_iterable(rows), dtype=np.int32, count=int(lengths.sum()))
    cuda = device.startswith("cuda")
    buf = torch.full((len(rows), T), pad_id, dtype=torch.int32, pin_memory=cuda)
    mask = np.arange(T)[None, :] < lengths[:, None]
    buf.numpy()[mask] = flat
    lens = torch.from_numpy(lengths)
    if cuda:
        return buf.to(device, non_blocking=True), lens.pin_memory().to(device, non_blocking=True)
    return buf, lens
