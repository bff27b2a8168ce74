"""Verifying a token buffer gives the result of verifying the decoded,
extracted strings (gpubackend/verifier.py, verify_tokens): the same
statuses, steps, lines, diagnostics, returned values and summary, for each
tokenizer family, on model-like answers and on random ids; and only the
summary crosses back to the host."""

import random
from pathlib import Path

import numpy as np
import pytest

import tokenizer_kit as kit
from gpubackend import Problem, Verifier
from gpubackend.abi import PROGRAM_HEAD_BYTES
from gpubackend.extract import extract_code
from gpubackend.verifier import STAGES
from test_bad_input import _mutate
from tests.device import DEVICE

torch = pytest.importorskip("torch")
EXAMPLES = Path(__file__).parent.parent / "tasks" / "examples"
PROBLEMS = ["digit_sum", "caesar", "running_max", "is_palindrome"]
WRAPS = ["{}", "Here is the solution:\n```python\n{}```\nIt loops once.", "```\n{}\n```",
         "```python\n{}", "I think:\n\n```py\n{}\n```\n```python\nprint(2)\n```"]


@pytest.fixture(scope="module")
def cpu():
    return Verifier(DEVICE, fallback=False)


def answers(name: str, k: int, seed: int) -> tuple[Problem, list[str]]:
    """k model-like answers to one example problem: its program, mutants of
    it, and programs of other problems, in prose and fences."""
    rng = random.Random(seed)
    problem = Problem.from_file(next(EXAMPLES.glob(f"{name}.*[lm]")))
    own = (EXAMPLES / f"{name}.py").read_text()
    others = [(EXAMPLES / f"{n}.py").read_text() for n in PROBLEMS]
    out = []
    for _ in range(k):
        body = rng.choice([own, own, _mutate(rng, own), rng.choice(others)])
        out.append(rng.choice(WRAPS).format(body))
    return problem, out


def pack(tok, texts: list[str]) -> tuple["torch.Tensor", "torch.Tensor"]:
    enc = [tok.encode(t).ids for t in texts]
    ids = torch.full((len(enc), max(map(len, enc))), 7, dtype=torch.int32)  # 7: junk past each row's end
    for i, e in enumerate(enc):
        ids[i, :len(e)] = torch.tensor(e, dtype=torch.int32)
    return ids, torch.tensor([len(e) for e in enc])


def host_texts(tok, ids, lengths) -> list[str]:
    return [extract_code(tok.decode(row[:n].tolist(), skip_special_tokens=True)) for row, n in zip(ids, lengths)]


def same(a, b) -> None:
    assert (a.status == b.status).all()
    assert (a.steps == b.steps).all()
    assert (a.line == b.line).all()
    assert a.diagnostics == b.diagnostics
    assert a.summary.to_json() == b.summary.to_json()
    assert (a.pass_counts == b.pass_counts).all() and (a.pass_counts == a.passed.sum(axis=1)).all()
    for c in range(a.k):
        for t in range(a.n_tests):
            assert repr(a.actual(c, t)) == repr(b.actual(c, t)), (c, t)


@pytest.mark.parametrize("kind", sorted(kit.KINDS))
@pytest.mark.parametrize("name", PROBLEMS)
def test_answers_as_tokens_equal_answers_as_strings(cpu, kind, name):
    tok = kit.KINDS[kind]()
    problem, texts = answers(name, 40, seed=hash((kind, name)) % 1000)
    ids, lengths = pack(tok, texts)
    res = cpu.verify_tokens(ids, tok, problem, lengths=lengths)
    same(res, cpu.verify(host_texts(tok, ids, lengths), problem))
    assert res.summary.all_visible > 0  # the right program is among the answers
    for c in range(res.k):
        assert res.source(c) == host_texts(tok, ids[c:c + 1], lengths[c:c + 1])[0]


@pytest.mark.parametrize("kind", sorted(kit.KINDS))
def test_random_ids_equal_their_decoded_strings(cpu, kind):
    tok = kit.KINDS[kind]()
    problem, _ = answers("digit_sum", 1, 0)
    rng = np.random.default_rng(9)
    ids = torch.from_numpy(rng.integers(0, tok.get_vocab_size(), size=(64, 30)))
    lengths = torch.from_numpy(rng.integers(0, 31, size=64))
    res = cpu.verify_tokens(ids, tok, problem, lengths=lengths)
    same(res, cpu.verify(host_texts(tok, ids, lengths), problem))


def test_padding_id_and_transformers_tokenizer(cpu):
    pytest.importorskip("transformers")
    tok = kit.hf(kit.byte_level())
    problem, texts = answers("caesar", 12, 1)
    enc = [tok(t)["input_ids"] for t in texts]
    padded = tok.pad({"input_ids": enc}, return_tensors="pt")["input_ids"]
    res = cpu.verify_tokens(padded, tok, problem, pad_id=tok.pad_token_id)
    want = [extract_code(tok.decode(e, skip_special_tokens=True, clean_up_tokenization_spaces=False))
            for e in enc]
    same(res, cpu.verify(want, problem))


def test_only_the_summary_crosses_back(cpu):
    tok = kit.byte_level()
    problem, texts = answers("running_max", 300, 2)
    ids, lengths = pack(tok, texts)
    first = cpu.verify_tokens(ids, tok, problem, lengths=lengths)
    again = cpu.verify_tokens(ids, tok, problem, lengths=lengths)
    assert first.call_transfers["to_host"] <= 1024 and again.call_transfers["to_host"] <= 1024
    # the vocabulary and the suite were uploaded by the first call only; a
    # host buffer counts as the upload it is on the GPU path
    buffer = ids.numel() * 4 + lengths.numel() * 8
    assert again.call_transfers["to_device"] == buffer < first.call_transfers["to_device"]
    before = again.transfers["to_host"]
    again.actual(again.summary.best, 0)  # asking for a value fetches that lane only, and its program's header
    assert again.transfers["to_host"] - before <= 8 * 64 + PROGRAM_HEAD_BYTES  # (the type it returns: result_code)


def test_timed_call_reports_every_stage(cpu):
    tok = kit.byte_level()
    problem, texts = answers("digit_sum", 20, 3)
    ids, lengths = pack(tok, texts)
    res = cpu.verify_tokens(ids, tok, problem, lengths=lengths, timed=True)
    assert list(res.timings) == list(STAGES)
    assert all(t >= 0 for t in res.timings.values())
    assert cpu.verify_tokens(ids, tok, problem, lengths=lengths).timings == {}


def test_bad_buffer_is_an_error_not_a_verdict(cpu):
    tok = kit.byte_level()
    problem, _ = answers("digit_sum", 1, 0)
    with pytest.raises(ValueError, match=r"tokens\[0, 1\] = 99999 is not a token id"):
        cpu.verify_tokens(torch.tensor([[1, 99999]]), tok, problem)


def test_many_problems_in_one_buffer_get_their_own_results(cpu):
    # rows grouped by problem, as an eval's samples come: each problem's
    # result equals verifying its rows alone, and the same text answering
    # two problems is compiled for each (it merges within a problem only)
    tok = kit.byte_level()
    groups = [answers(name, k, seed) for name, k, seed in
              (("digit_sum", 9, 1), ("caesar", 0, 2), ("running_max", 7, 3), ("is_palindrome", 5, 4))]
    shared = "```python\n" + (EXAMPLES / "digit_sum.py").read_text() + "```"
    groups[2][1].append(shared)
    groups[0][1].append(shared)
    texts = [t for _, ts in groups for t in ts]
    ids, lengths = pack(tok, texts)
    problems = [p for p, _ in groups]
    rows = [len(ts) for _, ts in groups]
    batch = cpu.verify_tokens_batch(ids, tok, problems, rows, lengths=lengths)
    at = 0
    for (problem, ts), got in zip(groups, batch):
        alone = cpu.verify_tokens(ids[at:at + len(ts)], tok, problem, lengths=lengths[at:at + len(ts)]) if ts else None
        at += len(ts)
        assert got.problem is problem and got.k == len(ts)
        if alone is not None:
            same(got, alone)
            assert got.summary == alone.summary
            assert [got.source(c) for c in range(got.k)] == [alone.source(c) for c in range(alone.k)]
    assert batch[0].passed[-1].all() and not batch[2].passed[-1].all()  # digit_sum's program, twice


def test_batch_rows_must_cover_the_buffer(cpu):
    tok = kit.byte_level()
    problem, texts = answers("digit_sum", 4, 0)
    ids, lengths = pack(tok, texts)
    with pytest.raises(ValueError, match=r"rows: 3 rows in all, but tokens has 4"):
        cpu.verify_tokens_batch(ids, tok, [problem, problem], [1, 2], lengths=lengths)
    with pytest.raises(ValueError, match=r"rows: expected one count >= 0 per problem \(2\)"):
        cpu.verify_tokens_batch(ids, tok, [problem, problem], [4], lengths=lengths)
