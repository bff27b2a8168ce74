"""The VM's verdicts on references and mutants, in batches, kept apart from
the generating process.

A compiler or VM bug can crash the process that runs the kernels (one
found while building this: docs/coder-data.md, "VM bugs"). The generator
must survive that, so by default every batch runs in a child forked for
it (a few milliseconds: the parent has gpubackend imported and never runs
a kernel itself; a process that has loaded the kernels cannot fork them,
can_fork, and runs in process). When a child dies, the batch is split and run again
until the one program that kills it is found; it gets the verdict CRASH
and the rest of the batch its real verdicts. isolate=False runs in
process, where no crash is expected. (A fork, not a multiprocessing pool:
a pool's workers import the caller's __main__ again, which breaks scripts
without a main guard. With device "cuda" the calling process must not
have used CUDA itself, which a forked child cannot inherit; the child's
error is then raised, not taken for a crash.)

What comes back is plain data (picklable): for a reference, its compile
diagnostic or its status and value per test; for each mutant, its Failure
(agentloop.feedback) and, for a wrong answer, the value the VM returned on
the failing test.
"""

from __future__ import annotations

import faulthandler
import os
import pickle
import traceback
from collections.abc import Callable
from typing import Any

from gpubackend import Problem, Verifier

from ..feedback import Failure, failure_of

CRASH = "vm crash"  # the verdict of a program that killed the verifier's process

# One per device, per process. The VM's verdict alone: the coder's data are
# DSL programs, and a program the VM refuses is not one.
_VERIFIERS: dict[str, Verifier] = {}


def _verifier(device: str) -> Verifier:
    if device not in _VERIFIERS:
        _VERIFIERS[device] = Verifier(device, fallback=False)
    return _VERIFIERS[device]


def references(device: str, groups: list[tuple[list[str], Problem]]) -> list[str | list[tuple[str, Any]]]:
    """Per group, what its program (candidate 0) did: its compile
    diagnostic as a string, or (status, value returned) per test."""
    out: list = []
    for res in _verifier(device).verify_batch(groups):
        diag = res.diagnostic(0)
        out.append(f"{diag.cls}: {diag.message}" if diag is not None else
                   [(res.status_name(0, t), res.actual(0, t)) for t in range(res.n_tests)])
    return out


def mutants(device: str, groups: list[tuple[list[str], Problem]]) -> list[list[tuple[Failure | None, Any]]]:
    """Per group, per candidate: (its Failure or None, the value returned on
    the failing test when the failure is a wrong answer)."""
    out = []
    for res in _verifier(device).verify_batch(groups):
        row = []
        for c in range(res.k):
            f = failure_of(res, c)
            row.append((f, res.actual(c, f.test) if f is not None and f.kind == "wrong_answer" else None))
        out.append(row)
    return out


# The verdict of a group whose one program killed the child, per function.
references.crashed = lambda program: CRASH
mutants.crashed = lambda program: [(CRASH, None)]


class Judge:
    """Runs references() or mutants() over many groups, `batch` at a time."""

    def __init__(self, device: str = "cpu", isolate: bool = True, batch: int = 400) -> None:
        self.device, self.isolate, self.batch = device, isolate, batch
        self.crashes = 0

    def run(self, fn: Callable, groups: list[tuple[list[str], Problem]], tick=lambda n: None) -> list:
        out: list = []
        isolate = self.isolate and can_fork()
        for i in range(0, len(groups), self.batch):
            chunk = groups[i:i + self.batch]
            out += self._safe(fn, chunk) if isolate else fn(self.device, chunk)
            tick(len(chunk))
        return out

    def _safe(self, fn: Callable, chunk: list) -> list:
        """fn's results for chunk; a group whose run killed the child gets
        fn.crashed (in a mutant group only the crashing candidate does:
        they are tried one by one)."""
        done, result = _forked(fn, self.device, chunk)
        if done:
            return result
        self.crashes += 1
        if len(chunk) > 1:
            half = len(chunk) // 2
            return self._safe(fn, chunk[:half]) + self._safe(fn, chunk[half:])
        programs, problem = chunk[0]
        if len(programs) > 1:  # a mutant group: one row, one verdict per candidate
            return [[self._safe(fn, [([p], problem)])[0][0] for p in programs]]
        return [fn.crashed(programs[0])]


def can_fork() -> bool:
    """Whether a forked child could run the kernels: not once this process
    has loaded them, as its OpenMP runtime (or CUDA context) does not
    survive a fork: the child's first parallel region waits forever. A
    caller that verified before (a test session, an eval) then runs the
    batches in process."""
    from gpubackend.backends import cpu

    return cpu.library.cache_info().currsize == 0


def _forked(fn: Callable, device: str, chunk: list) -> tuple[bool, Any]:
    """(True, fn(device, chunk)) computed in a forked child, or (False,
    None) when the child died before it could answer (a crash). The parent
    never runs a kernel itself, so the child starts without OpenMP threads
    or device state to inherit; a Python exception in the child is raised
    here, as it is not a crash."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: answer through the pipe, then leave at once (no atexit, no buffers)
        os.close(r)
        faulthandler.disable()  # a crash is reported by the parent, once, not dumped by each child
        try:
            data = pickle.dumps(("ok", fn(device, chunk)))
        except BaseException:
            data = pickle.dumps(("error", traceback.format_exc()))
        with os.fdopen(w, "wb") as f:
            f.write(data)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = f.read()  # read before waiting: a large answer would fill the pipe
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status) or os.WEXITSTATUS(status) != 0 or not data:
        return False, None
    kind, value = pickle.loads(data)
    if kind == "error":
        raise RuntimeError(f"verifying in a child process failed:\n{value}")
    return True, value
