"""The public entry point: `Verifier(device).verify(candidates, problem)`,
and `verify_tokens(tokens, tokenizer, problem)` for a model's token buffer.

Both run one pipeline in the backend's memory (device.md):

    token ids --detokenize--> text --extract--> code ranges --compile--> programs
    source strings (packed) ---------------------------^          |
                                                                  v
    summary (host) <--reduce-- lane outcomes [k, n] <----run------'

Python validates and packs once; the kernels compile every candidate and
run every (candidate, test) lane in one launch each; only the reduced
summary crosses back, the rest on request (result.py).
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from .abi import PROGRAM_HEAD_BYTES, STATUS_NAMES
from .dedup import distinct
from .detok import Texts, detokenize
from .extract import extract
from .link import Link
from .problem import Problem
from .reduce import summarize
from .result import Diagnostic, Lanes, VerifyResult
from .tokens import token_buffer
from .vocab import Vocab

ST_MEMORY_ERROR = STATUS_NAMES.index("MemoryError")

# Words of result kept per lane without a re-run: a scalar needs 1, a str of
# up to 248 characters fits. Longer results are re-run alone when decoded.
DEFAULT_OUT_CAP = 32
# Operand-stack slots per lane are depth x the largest frame, capped here so
# a deep limit on a wide program cannot ask for gigabytes per lane.
MAX_STACK_SLOTS = 1 << 20
# Lanes first run with at most this much heap; the few that hit MemoryError
# run again with the problem's full heap_bytes. A lane's result depends on
# its heap only through MemoryError, so the verdicts are those of one run at
# the full size, while the GPU fits many more lanes per launch.
FIRST_HEAP_BYTES = 16 * 1024
# Problems whose test suites a Verifier keeps in device memory between calls
# (an agent's rounds reuse one; an eval walks through many).
SUITE_CACHE = 16
# What verify_tokens(timed=True) reports, in order: checking the buffer
# (and building or uploading a tokenizer's table on first use), the four
# stages of the device path before the kernels, then the kernels and the
# reduction.
STAGES = ("intake", "detokenize", "extract", "dedup", "compile", "run", "reduce")


@dataclass
class DeviceSuite:
    """A problem's encoded tests in the backend's memory (see EncodedSuite),
    with visible: bool [n], the tests that are not hidden."""

    args_words: Any
    args_off: Any
    exp_words: Any
    exp_off: Any
    visible: Any
    n_tests: int


def _pack_sources(candidates: Sequence[str | bytes]) -> tuple[np.ndarray, np.ndarray]:
    blobs = [c.encode("utf-8", "surrogateescape") if isinstance(c, str) else bytes(c) for c in candidates]
    off = np.zeros(len(blobs) + 1, dtype=np.int64)
    np.cumsum([len(b) for b in blobs], out=off[1:])
    src = np.frombuffer(b"".join(blobs) or b"\0", dtype=np.uint8).copy()
    return src, off


def _backend(device: str):
    if device not in ("auto", "cpu", "cuda"):
        raise ValueError(f"device must be 'auto', 'cpu' or 'cuda', got {device!r}")
    if device in ("auto", "cuda"):
        from .backends import cuda

        if cuda.available():
            return cuda.CudaBackend()
        if device == "cuda":
            raise RuntimeError(f"device='cuda' but no CUDA GPU is usable: {cuda.why_unavailable()}")
    from .backends.cpu import CpuBackend

    return CpuBackend()


class _Clock:
    """Seconds per stage when `on`: CUDA events on the GPU (the device's own
    timeline), perf_counter on the host. Off, it adds no synchronization."""

    def __init__(self, xp, on: bool) -> None:
        self.xp, self.on, self.times = xp, on, {}

    @contextmanager
    def __call__(self, stage: str):
        if not self.on:
            yield
            return
        if self.xp is np:
            t0 = time.perf_counter()
            yield
            self.times[stage] = time.perf_counter() - t0
            return
        start, end = self.xp.cuda.Event(), self.xp.cuda.Event()
        start.record()
        yield
        end.record()
        end.synchronize()
        self.times[stage] = self.xp.cuda.get_elapsed_time(start, end) / 1e3


class Verifier:
    """Compiles and runs DSL candidates against a problem's tests.

    device: "cpu" (the kernels built for the host, OpenMP), "cuda" (the same
        kernels through NVRTC/CuPy; an error when no GPU is usable) or "auto"
        (CUDA when usable, else CPU).

    A Verifier keeps what repeats across rounds in the backend's memory:
    the test suites of recent problems and the byte tables of tokenizers.
    """

    def __init__(self, device: str = "auto") -> None:
        self.backend = _backend(device)
        self.device = self.backend.name
        self.xp = self.backend.xp
        self._suites: dict[int, tuple[Any, DeviceSuite]] = {}
        self._vocabs: dict[int, tuple[Any, Vocab]] = {}
        self._device_vocabs: dict[str, Vocab] = {}

    def compile(self, candidates: Sequence[str | bytes], problem: Problem, _reuse: bool = False):
        """The compiled program images (backend arrays), one per candidate."""
        src, off = _pack_sources(candidates)
        return self.backend.compile(src, off[:-1], off[1:], problem.entry.encode(),
                                    problem.sig.code.encode(), reuse=_reuse)

    def verify(self, candidates: Sequence[str | bytes], problem: Problem,
               out_cap: int = DEFAULT_OUT_CAP, timed: bool = False) -> VerifyResult:
        """Compile `candidates` (source strings) and run each on every test
        of `problem`. Identical candidates are compiled and run once.
        timed: record seconds per stage in result.timings (synchronizes)."""
        if isinstance(candidates, (str, bytes)):
            raise TypeError("candidates must be a list of sources, not one source")
        link, clock = Link(self.xp), _Clock(self.xp, timed)
        uniq: dict[str | bytes, int] = {}
        index = np.array([uniq.setdefault(c, len(uniq)) for c in candidates], dtype=np.int64)
        sources = list(uniq)
        src, off = _pack_sources(sources)
        d_off = link.device(off)
        texts = Texts(link.device(src), d_off[:-1], d_off[1:])

        def source(c: int) -> bytes:  # the packed bytes, as the compiler read them
            u = index[c]
            return src[off[u]:off[u + 1]].tobytes()

        return self._verify_texts(link, clock, texts, link.device(index), problem, out_cap, source)

    def verify_tokens(self, tokens: Any, tokenizer: Any, problem: Problem, *, lengths: Any = None,
                      pad_id: int | None = None, out_cap: int = DEFAULT_OUT_CAP,
                      timed: bool = False) -> VerifyResult:
        """Verify a model's answers given as token ids, decoded, their code
        extracted and identical programs merged on the device (detok.py,
        extract.py, dedup.py).

        tokens: [k, T] integer token ids, any DLPack producer (a torch or
            CuPy tensor on the GPU is used in place) or nested lists;
        tokenizer: a tokenizers.Tokenizer, a transformers fast tokenizer, or
            a Vocab built from one (its table is built once and kept);
        lengths: [k], the tokens of each row; or pad_id: rows end at their
            first pad_id; neither: every row is T tokens;
        out_cap, timed: as for verify.
        """
        link, clock = Link(self.xp), _Clock(self.xp, timed)
        with clock("intake"):
            vocab = self.vocab(tokenizer, link)
            ids, lens = token_buffer(link, tokens, lengths, pad_id, vocab.size)
        with clock("detokenize"):
            texts = detokenize(link, vocab, ids, lens)
        with clock("extract"):
            code = extract(link, texts)
        with clock("dedup"):
            programs, index = distinct(link, code)

        def source(c: int) -> bytes:
            b, e = int(link.item(code.begin[c])), int(link.item(code.end[c]))
            return link.host(code.data[b:e]).tobytes()

        return self._verify_texts(link, clock, programs, index, problem, out_cap, source)

    def vocab(self, tokenizer: Any, link: Link | None = None) -> Vocab:
        """The byte table of `tokenizer` in the backend's memory, built and
        uploaded on first use (the upload is counted on `link`)."""
        if isinstance(tokenizer, Vocab):
            host = tokenizer
        else:
            held = self._vocabs.get(id(tokenizer))
            if held is None or held[0] is not tokenizer:
                held = (tokenizer, Vocab.from_tokenizer(tokenizer))
                self._vocabs[id(tokenizer)] = held
            host = held[1]
        if host.fingerprint not in self._device_vocabs:
            self._device_vocabs[host.fingerprint] = host.to(link or Link(self.xp))
        return self._device_vocabs[host.fingerprint]

    def _suite(self, link: Link, problem: Problem) -> DeviceSuite:
        enc = problem.encoded()
        held = self._suites.get(id(enc))
        if held is None or held[0] is not enc:
            visible = np.array([not t.hidden for t in problem.tests], dtype=np.bool_)
            suite = DeviceSuite(*(link.device(getattr(enc, f)) for f in
                                  ("args_words", "args_off", "exp_words", "exp_off")),
                                link.device(visible), enc.n_tests)
            if len(self._suites) >= SUITE_CACHE:
                self._suites.pop(next(iter(self._suites)))
            held = self._suites[id(enc)] = (enc, suite)
        return held[1]

    def _verify_texts(self, link: Link, clock: _Clock, texts: Texts, index, problem: Problem,
                      out_cap: int, source) -> VerifyResult:
        """Compile the programs texts.data[begin:end], run them on every test
        and reduce; candidate c is program index[c]."""
        with clock("compile"):
            progs = self.backend.compile(texts.data, texts.begin, texts.end, problem.entry.encode(),
                                         problem.sig.code.encode(), reuse=True)
        fields = self.backend.fields(progs)
        suite = self._suite(link, problem)
        frame = int(link.item(fields["frame_slots"].max())) if len(progs) else 1
        run_args = _run_args(problem, frame)
        if problem.sig.ret in ("i", "b", "f", "n"):
            out_cap = 1  # a scalar result is one word
        with clock("run"):
            oc = self._run_all(link, progs, suite, run_args, out_cap)
        with clock("reduce"):
            summary, passes = summarize(link, oc["status"][index], oc["steps"][index], fields["ok"][index],
                                fields["cls"][index], fields["line"][index], suite.visible)
        call_transfers = link.counts()
        read_headers = self.backend.header_reader(progs)

        def headers(rows: np.ndarray) -> np.ndarray:
            link.fetched(len(rows) * PROGRAM_HEAD_BYTES)
            return read_headers(rows)

        def rerun(c: int, t: int, cap: int) -> np.ndarray:
            # compiled afresh: the images above live in an arena reused by the next call
            one = self.compile([source(c)], problem)
            return link.host(self.backend.run(one, _one_test(problem.encoded(), t), *run_args, cap).out[0])

        lanes = Lanes(link, index, oc["status"], oc["line"], oc["steps"], oc["out_words"], oc["out"],
                      passes, headers, source, rerun)
        return VerifyResult(problem, summary, call_transfers, dict(clock.times), lanes)

    def _run_all(self, link: Link, progs, suite: DeviceSuite, run_args: tuple, out_cap: int) -> dict:
        """Outcomes as [programs, tests] arrays (out: [programs, tests, cap]):
        a first run with at most FIRST_HEAP_BYTES of heap, then the programs
        with a MemoryError again at the problem's full heap."""
        xp = self.xp
        full_words = run_args[-1]
        first_words = min(full_words, FIRST_HEAP_BYTES // 8)
        u, n = len(progs), suite.n_tests
        oc = _shaped(self.backend.run(progs, suite, *run_args[:-1], first_words, out_cap), u, n)
        if first_words < full_words and u:
            again = (oc["status"] == ST_MEMORY_ERROR).any(axis=1)
            if link.item(again.any()):
                again = xp.flatnonzero(again)
                oc2 = _shaped(self.backend.run(progs, suite, *run_args, out_cap, cand_map=again), len(again), n)
                for name, a in oc.items():
                    a[again] = oc2[name]
        return oc


def _shaped(oc, u: int, n: int) -> dict:
    return {"status": oc.status.reshape(u, n), "line": oc.line.reshape(u, n),
            "steps": oc.steps.reshape(u, n), "out_words": oc.out_words.reshape(u, n),
            "out": oc.out.reshape(u, n, -1)}


def _run_args(problem: Problem, frame_slots: int) -> tuple:
    """The backends' run arguments after (progs, suite): signature, float
    tolerance (-1: exact), fuel, depth, stack slots, heap words."""
    lim = problem.limits
    stack_slots = min(max(frame_slots, 1) * lim.depth + 16, MAX_STACK_SLOTS)
    tol = -1.0 if problem.float_tolerance is None else float(problem.float_tolerance)
    return (problem.sig.code.encode(), tol, lim.fuel, lim.depth, stack_slots, (lim.heap_bytes + 7) // 8)


@dataclass(frozen=True)
class _OneTest:
    args_words: np.ndarray
    args_off: np.ndarray
    exp_words: np.ndarray
    exp_off: np.ndarray
    n_tests: int = 1


def _one_test(suite, t: int) -> _OneTest:
    a0, a1 = suite.args_off[t], suite.args_off[t + 1]
    e0, e1 = suite.exp_off[t], suite.exp_off[t + 1]
    return _OneTest(np.ascontiguousarray(suite.args_words[a0:a1]), np.array([0, a1 - a0], dtype=np.int64),
                    np.ascontiguousarray(suite.exp_words[e0:e1]), np.array([0, e1 - e0], dtype=np.int64))


__all__ = ["Verifier", "VerifyResult", "Diagnostic", "DeviceSuite", "STAGES"]
