"""Code extraction (gpubackend/extract.py): the documented rule on examples,
and the array version equal to the one-string reference on random texts,
on NumPy and, where a GPU is usable, on CuPy."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from gpubackend.detok import Texts
from gpubackend.extract import extract, extract_code
from gpubackend.link import Link


@pytest.mark.parametrize("text, code", [
    ("def f():\n    return 1\n", "def f():\n    return 1\n"),                  # no fence: all code
    ("Sure:\n```python\ndef f():\n    return 1\n```\nDone.", "def f():\n    return 1\n"),
    ("```\nx = 1\n```", "x = 1\n"),                                             # no info string
    ("```python\nx = 1\n", "x = 1\n"),                                          # never closed
    ("```python", ""),                                                          # fence, no body
    ("a\n```py\nx\n```\nb\n```py\ny\n```", "x\n"),                              # the first block
    ("say ```python\nx\n", "say ```python\nx\n"),                             # not at a line start
    ("say ```python\nx\n```", ""),                       # the one fence at a line start opens an empty block
    ("```python\ns = '```'\n```", "s = '```'\n"),                               # inside a line
    ("```\n```", ""),                                                           # empty block
])
def test_the_rule(text, code):
    assert extract_code(text) == code
    assert extract_code(text.encode()) == code.encode()


def _batch(xp, texts: list[bytes]):
    data = b"".join(texts)
    off = np.cumsum([0] + [len(t) for t in texts])
    return Texts(xp.asarray(np.frombuffer(data, np.uint8).copy()), xp.asarray(off[:-1]), xp.asarray(off[1:]))


PIECES = [b"`", b"``", b"```", b"```python", b"\n", b"\r\n", b"x = 1", b" ", b"def f():\n", b"prose. "]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=14).map(b"".join), min_size=1, max_size=8))
def test_batch_equals_reference(texts):
    link = Link(np)
    assert extract(link, _batch(np, texts)).host(link) == [extract_code(t) for t in texts]


def test_batch_equals_reference_on_device_arrays(xp):
    rng = np.random.default_rng(0)
    texts = [b"".join(PIECES[i] for i in rng.integers(0, len(PIECES), rng.integers(0, 16)))
             for _ in range(2000)]
    link = Link(xp)
    assert extract(link, _batch(xp, texts)).host(link) == [extract_code(t) for t in texts]


def test_ranges_point_into_the_same_buffer():
    texts = [b"```python\nx = 1\n```\n", b"y = 2\n"]
    batch = _batch(np, texts)
    out = extract(Link(np), batch)
    assert out.data is batch.data  # narrowed, not copied
    assert out.begin.tolist() == [10, 20] and out.end.tolist() == [16, 26]
