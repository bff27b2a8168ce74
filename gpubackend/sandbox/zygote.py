"""The warm parent: one process per pool worker, forking a child per candidate.

Started by pool.py as `python -s zygote.py` in an environment of its own
(not -I, which ignores PYTHONHASHSEED), with the modules models import
already loaded, so that a child starts in about a millisecond instead of a
fresh interpreter's tens. It reads jobs (pickled by the host, which it
trusts) on stdin and answers each with one JSON frame on stdout. For a job
it forks a child (child.py) that confines itself and runs the tests; it
watches the child's CPU time per test (from /proc, where the candidate
cannot touch it) and its wall time as a backstop, kills it past either,
and forks again for the tests after the one that ended a child. Nothing
the child writes is trusted: the zygote only counts its lines and passes
them on.

Frames both ways: a 4-byte little-endian length, then the body.
"""

from __future__ import annotations

import os
import pickle
import select
import shutil
import signal
import struct
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import child  # noqa: E402
import wire  # noqa: E402

# the candidate imports from the Python install, not from here (nor from the
# script's folder, which Python puts first without -I)
sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != HERE]

# Loaded once here so that each child has them at no cost: the standard
# modules that model-written solutions import (counted over public samples).
PRELOAD = ("math", "re", "collections", "itertools", "functools", "heapq", "bisect", "string", "typing",
           "random", "statistics", "fractions", "decimal", "operator", "copy", "hashlib", "datetime",
           "json", "array", "dataclasses", "enum", "abc", "textwrap", "unicodedata", "cmath", "sys",
           "collections.abc")
# Bytes of address space that each module imported here for a job took
# (preload), by name.
_PRELOADED: dict[str, int] = {}
# How often the zygote looks at a running child's CPU time: the granularity
# of a timeout, and the zygote's own cost per running second.
POLL_S = 0.01
# A test's wall-clock backstop: this many times its CPU seconds, plus slack,
# so that a loaded machine slows a test without failing it, while a child
# that sleeps or blocks is still stopped.
WALL_FACTOR = 4.0
WALL_SLACK_S = 2.0
# Bytes a child may write in all (its results): past this it is stopped.
MAX_OUTPUT = 16 * 2**20
# The longest line kept: a result past it is cut, and then parses as nothing.
MAX_LINE = MAX_OUTPUT
_TICK = os.sysconf("SC_CLK_TCK")
# The host that started this zygote: once it is gone, nobody wants an answer.
HOST = os.getppid()


def read_frame(stream) -> bytes | None:
    head = stream.read(4)
    if len(head) < 4:
        return None
    (n,) = struct.unpack("<I", head)
    return stream.read(n)


def write_frame(stream, body: bytes) -> None:
    stream.write(struct.pack("<I", len(body)) + body)
    stream.flush()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK  # utime, stime: fields 14, 15 of stat


class _Watch:
    """One child's run: its lines so far and when its current test began.

    A line marks the end of a test, so it starts the next test's clocks;
    but the child can write lines of its own, so only as many lines as it
    has tests (and its two set-up lines) count, and its whole run is also
    held to the sum of its tests' budgets. Lines past that count are not
    kept."""

    def __init__(self, pid: int, fd: int, seconds: float, tests: int) -> None:
        self.pid, self.fd, self.seconds = pid, fd, seconds
        self.most = tests + 2
        self.buf, self.lines, self.size = b"", [], 0
        self.start_wall = self.mark_wall = time.monotonic()
        self.mark_cpu = 0.0
        self.cpu_budget = seconds * tests
        self.wall_budget = (seconds * WALL_FACTOR + WALL_SLACK_S) * tests
        self.why: str | None = None  # set when the zygote stopped the child

    def feed(self, data: bytes) -> None:
        self.size += len(data)
        self.buf += data
        *done, self.buf = self.buf.split(b"\n")
        done = done[:self.most - len(self.lines)]
        if done:  # a test ended (or the set-up did): the next test's clocks start now
            self.lines += done
            self.mark_cpu, self.mark_wall = cpu_seconds(self.pid), time.monotonic()
        if len(self.buf) > MAX_LINE:
            self.buf = self.buf[:MAX_LINE]

    def overdue(self) -> str | None:
        if self.size > MAX_OUTPUT:
            return "OutputLimit"
        cpu, now = cpu_seconds(self.pid), time.monotonic()
        if cpu - self.mark_cpu > self.seconds or cpu > self.cpu_budget:
            return "Timeout"
        wall = self.seconds * WALL_FACTOR + WALL_SLACK_S
        if now - self.mark_wall > wall or now - self.start_wall > self.wall_budget:
            return "Timeout"
        return None


def run_child(job: dict, first: int, scratch_root: str, walls: dict) -> tuple[list[bytes], str | None]:
    """Fork a child for tests first.. of `job`; returns its lines and, if it
    ended before its last test, why ("Timeout", "OutputLimit", "exit 3",
    "signal SIGSEGV")."""
    scratch = tempfile.mkdtemp(dir=scratch_root)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        child.main(job, first, w, scratch, walls)
    os.close(w)
    watch = _Watch(pid, r, job["seconds"], len(job["sources"] if "sources" in job else job["args"]) - first)
    try:
        status = _watch(watch)
    finally:
        os.close(r)
        shutil.rmtree(scratch, ignore_errors=True)
    if watch.why:
        return watch.lines, watch.why
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        # the kernel's CPU limit (the backstop behind the watch) is a timeout too
        return watch.lines, "Timeout" if sig == signal.SIGXCPU else f"signal {signal.Signals(sig).name}"
    code = os.WEXITSTATUS(status)
    return watch.lines, None if code == 0 else f"exit {code}"


def _pidfd(pid: int) -> int | None:
    """A descriptor that turns readable when `pid` ends (Linux 5.3+), so
    that the zygote wakes at a child's exit instead of at its next poll."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _watch(watch: _Watch) -> int:
    """Read the child's lines until it ends, stopping it when it is overdue;
    returns its wait status."""
    pidfd = _pidfd(watch.pid)
    try:
        return _watch_loop(watch, pidfd)
    finally:
        if pidfd is not None:
            os.close(pidfd)


def _watch_loop(watch: _Watch, pidfd: int | None) -> int:
    open_ = True
    while True:
        fds = ([watch.fd] if open_ else []) + ([pidfd] if pidfd is not None else [])
        if fds:
            ready, _, _ = select.select(fds, [], [], POLL_S)
            if watch.fd in ready:
                data = os.read(watch.fd, 1 << 16)
                if data:
                    watch.feed(data)
                else:
                    open_ = False
        else:
            time.sleep(POLL_S)
        done, status = os.waitpid(watch.pid, os.WNOHANG)
        if done:
            if open_:  # the rest of what it wrote before it ended
                while data := os.read(watch.fd, 1 << 16):
                    watch.feed(data)
            return status
        if os.getppid() != HOST:
            os.kill(watch.pid, signal.SIGKILL)
            os._exit(0)
        why = watch.overdue()
        if why:
            watch.why = why
            os.kill(watch.pid, signal.SIGKILL)
            return os.waitpid(watch.pid, 0)[1]


def vm_bytes() -> int:
    """This process's address space (VmSize), which RLIMIT_AS counts."""
    with open("/proc/self/status", "rb") as f:
        for line in f:
            if line.startswith(b"VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def preload(names: list[str]) -> int:
    """Import the job's heavy modules here (pool.HEAVY, named by the host)
    where they are not yet, so that its child and every later one find them
    loaded. Returns the address space taken by modules loaded here that the
    job does not import: its child's RLIMIT_AS is raised by that much, so
    that a module another candidate asked for leaves it the room it had.
    A module that fails to import here is left for the child to fail on,
    as CPython would."""
    for name in names:
        if name not in _PRELOADED:
            before = vm_bytes()
            try:
                __import__(name)
            except BaseException:  # not installed, or broken: the child's own import says so
                pass
            _PRELOADED[name] = max(0, vm_bytes() - before)
    return sum(size for name, size in _PRELOADED.items() if name not in names)


def run_job(job: dict, scratch_root: str, walls: dict) -> dict:
    """Every test of `job`, in as few children as the tests allow: one run
    per child, {"first": its first test, "lines": what it wrote, "why": how
    it ended early, or None}. A child's first two lines (ready, compiled)
    are written before any candidate code runs, so they are the harness's
    own; each later line is one test."""
    if "sources" in job:  # a syntax check: one child; what it did not finish, the host runs as jobs
        lines, why = run_child(job, 0, scratch_root, walls)
        return {"id": job["id"], "runs": [{"first": 0, "lines": [ln.decode("utf-8", "replace") for ln in lines],
                                           "why": why}]}
    job = dict(job, memory_bytes=job["memory_bytes"] + preload(job.get("preload", [])))
    n = len(job["args"])
    runs = []
    first = 0
    while first < n:
        lines, why = run_child(job, first, scratch_root, walls)
        ran = max(len(lines) - 2, 0)
        compiled = len(lines) >= 2 and lines[1].startswith(b'{"compiled"')
        if why is None and compiled and first + ran < n:
            why = "exit 0"  # os._exit(0) in the middle of a test
        runs.append({"first": first, "lines": [ln.decode("utf-8", "replace") for ln in lines], "why": why})
        first += ran + 1
        if why is None or not compiled or (why == "Timeout" and job["stop_after_timeout"]):
            break
    return {"id": job["id"], "runs": runs}


def main() -> None:
    # The host's end of stdin closes when it exits: the loop below ends there,
    # and a running child is stopped by the watch's look at the parent.
    for name in PRELOAD:
        __import__(name)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but frames may reach the host's pipe
    setup = pickle.loads(read_frame(stdin))
    walls = setup["walls"]
    write_frame(stdout, wire.dumps({"walls": walls, "pid": os.getpid()}))
    while (frame := read_frame(stdin)) is not None:
        job = pickle.loads(frame)
        write_frame(stdout, wire.dumps(run_job(job, setup["scratch"], walls)))


if __name__ == "__main__":
    main()
