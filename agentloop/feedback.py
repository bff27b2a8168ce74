"""Feedback: why a candidate failed, found from a verify result and told
in a few precise lines for the next round's prompt.

One form per kind of failure (tests/feedback/ holds the expected text of
each): a compile diagnostic with its line, column and the line itself; a
wrong answer with the call, the expected and the actual value; an
exception with the line that raised; a timeout or a resource limit with
the limit; and a candidate that passes every visible test but not the
hidden ones, which is told so without a word of the hidden tests.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from gpubackend.result import VerifyResult

from .prompts import call_text, expected_value

# Statuses that are resource limits of the lane rather than bugs CPython
# would also raise; the feedback names the limit.
_LIMITS = {"RecursionError": ("call depth", "recursion too deep, or endless"),
           "MemoryError": ("memory", "too much data built, or a list that grows without end")}


@dataclass(frozen=True)
class Failure:
    """Why one candidate failed.

    kind: "compile", "wrong_answer", "exception", "timeout", "limit" or
        "hidden" (every visible test passed, a hidden one did not);
    status: the lane status or diagnostic class (e.g. "IndexError");
    test: the first failing visible test's index (None for compile/hidden);
    call: that test as source, e.g. "f(1, 'a')";
    expected/actual: reprs of the expected and returned values (wrong_answer);
    line/col: where the diagnostic points or the exception was raised (0: unknown);
    message: the diagnostic's message (compile);
    source_line: the program's text at `line`.
    """

    kind: str
    status: str
    test: int | None = None
    call: str = ""
    expected: str = ""
    actual: str = ""
    line: int = 0
    col: int = 0
    message: str = ""
    source_line: str = ""

    def to_json(self) -> dict:
        return asdict(self)


def failure_of(result: VerifyResult, c: int) -> Failure | None:
    """Candidate c's failure (None when it passed every test), reading
    only its own lanes from the verifier's memory."""
    problem = result.problem
    source = result.source(c)
    diag = result.diagnostic(c)
    if diag is not None:
        return Failure("compile", diag.cls, line=diag.line, col=diag.col, message=diag.message,
                       source_line=_line(source, diag.line))
    for t in problem.visible_tests:
        status = result.status_name(c, t)
        if status != "pass":
            return _test_failure(result, c, t, status, source)
    hidden = [s for s in (result.status_name(c, t) for t in problem.hidden_tests) if s != "pass"]
    if hidden:
        return Failure("hidden", hidden[0])  # the status is for reports; the text tells nothing of it
    return None


def _test_failure(result: VerifyResult, c: int, t: int, status: str, source: str) -> Failure:
    test = result.problem.tests[t]
    call = call_text(result.problem, test)
    if status == "wrong_answer":
        expected = expected_value(result.problem, test)
        return Failure("wrong_answer", status, t, call, repr(expected), repr(result.actual(c, t)))
    line = int(result.line[c, t]) if status != "Timeout" else 0
    kind = "timeout" if status == "Timeout" else "limit" if status in _LIMITS else "exception"
    return Failure(kind, status, t, call, line=line, message=result.message(c, t), source_line=_line(source, line))


def _line(source: str, line: int) -> str:
    lines = source.splitlines()
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


def render(failure: Failure, fuel: int | None = None, depth: int | None = None) -> str:
    """The feedback text for one failure (fuel, depth: the problem's limits,
    named in timeout and limit feedback)."""
    f = failure
    where = f" at line {f.line}:\n    {f.source_line}" if f.source_line else f" at line {f.line}." if f.line else "."
    if f.kind == "compile":
        return (f"It did not compile: line {f.line}, column {f.col}: {f.status}: {f.message}"
                + (f"\n    {f.source_line}" if f.source_line else ""))
    if f.kind == "wrong_answer":
        return f"It returned a wrong answer:\n    {f.call}\nreturned {f.actual}, expected {f.expected}."
    if f.kind == "exception":
        said = f": {f.message}" if f.message else ""
        return f"It raised an exception:\n    {f.call}\nraised {f.status}{said}{where}"
    if f.kind == "timeout":
        budget = f" ({fuel:,} loop iterations and calls)" if fuel else ""
        return (f"It ran out of time:\n    {f.call}\ndid not finish within the step budget{budget}: "
                "an endless loop, or an algorithm too slow for the input.")
    if f.kind == "limit":
        what, why = _LIMITS[f.status]
        size = f" of {depth} frames" if f.status == "RecursionError" and depth else ""
        return f"It exceeded the {what} limit{size} ({why}):\n    {f.call}\nstopped with {f.status}{where}"
    if f.kind == "hidden":
        return ("It passed every example above but failed on other inputs: check edge cases "
                "(empty inputs, negative numbers, duplicates, boundaries).")
    raise ValueError(f"failure kind {f.kind!r} is not one of compile, wrong_answer, exception, "
                     "timeout, limit, hidden")


def feedback(result: VerifyResult, c: int) -> str | None:
    """Candidate c's feedback text, None when it passed every test: for
    agents that run their own loop around a Verifier."""
    failure = failure_of(result, c)
    if failure is None:
        return None
    limits = result.problem.limits
    return render(failure, limits.fuel, limits.depth)
