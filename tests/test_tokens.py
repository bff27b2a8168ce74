"""Token buffers in (gpubackend/tokens.py): any DLPack producer, any integer
dtype, any strides; lengths or a padding id; bad buffers refused with the
parameter and the value named."""

import numpy as np
import pytest

from gpubackend.link import Link
from gpubackend.tokens import token_buffer

torch = pytest.importorskip("torch")
V = 100


def _take(tokens, lengths=None, pad_id=None, vocab=V):
    link = Link(np)
    ids, lens = token_buffer(link, tokens, lengths, pad_id, vocab)
    return ids, lens, link


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.int16, torch.uint8])
def test_torch_integer_dtypes_are_cast(dtype):
    t = torch.arange(12, dtype=dtype).reshape(3, 4)
    ids, lens, _ = _take(t)
    assert ids.dtype == np.int64 and ids.tolist() == t.tolist() and lens.tolist() == [4, 4, 4]


def test_torch_cpu_buffer_is_read_in_place():
    t = torch.arange(12, dtype=torch.int64).reshape(3, 4)
    ids, _, link = _take(t)
    assert ids.ctypes.data == t.data_ptr()
    assert link.to_device_bytes == 96  # counted as the upload the GPU path makes


def test_non_contiguous_buffers():
    t = torch.arange(24, dtype=torch.int64).reshape(4, 6)
    for view in (t.T, t[:, ::2], t[1:3]):
        ids, _, _ = _take(view)
        assert ids.flags.c_contiguous and ids.tolist() == view.tolist()


def test_numpy_and_lists():
    a = np.array([[1, 2, 3], [4, 5, 6]], np.int32)
    assert _take(a)[0].tolist() == a.tolist()
    ids, _, link = _take([[1, 2], [3, 4]])
    assert ids.tolist() == [[1, 2], [3, 4]] and link.to_device_bytes > 0


def test_lengths_and_padding():
    t = torch.tensor([[5, 6, 0, 0], [7, 0, 8, 0], [1, 2, 3, 4]])
    assert _take(t, lengths=torch.tensor([2, 3, 4]))[1].tolist() == [2, 3, 4]
    assert _take(t, pad_id=0)[1].tolist() == [2, 1, 4]  # a row ends at its first pad


@pytest.mark.parametrize("tokens, kw, error, message", [
    (torch.zeros(5, dtype=torch.int64), {}, ValueError, r"\[k, T\].*shape \(5,\).*tokens\[None\]"),
    (torch.zeros(2, 3, 4, dtype=torch.int64), {}, ValueError, r"shape \(2, 3, 4\)"),
    (torch.zeros(2, 3), {}, TypeError, "integer token ids, got dtype float32"),
    (torch.zeros(2, 3, dtype=torch.bool), {}, TypeError, "dtype bool"),
    (torch.tensor([[1, 2], [3, V]]), {}, ValueError, r"tokens\[1, 1\] = 100 is not a token id.*size 100"),
    (torch.tensor([[1, -4]]), {}, ValueError, r"tokens\[0, 1\] = -4"),
    (torch.zeros(2, 3, dtype=torch.int64), {"lengths": [1, 4]}, ValueError, r"lengths\[1\] = 4 is outside \[0, 3\]"),
    (torch.zeros(2, 3, dtype=torch.int64), {"lengths": [1]}, ValueError, r"lengths: expected shape \(2,\)"),
    (torch.zeros(2, 3, dtype=torch.int64), {"lengths": [1.0, 2.0]}, TypeError, "lengths: expected integers"),
    (torch.zeros(2, 3, dtype=torch.int64), {"lengths": [1, 2], "pad_id": 0}, ValueError, "not both"),
])
def test_bad_buffers_are_named(tokens, kw, error, message):
    with pytest.raises(error, match=message):
        _take(tokens, **kw)


def test_ids_past_a_rows_length_are_not_checked():
    # what lies after a row's end (padding, garbage) is never read
    ids, lens, _ = _take(torch.tensor([[1, 2, 999]]), lengths=[2])
    assert lens.tolist() == [2]
