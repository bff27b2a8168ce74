"""What a verify call returns: the reduced verdict at once, everything else
on request.

`summary` (reduce.py) is on the host when the call returns. The per-lane
arrays (passed, status, line, steps), the diagnostics and the returned
values stay in the kernels' memory until first read, then are fetched once
and kept; each fetch is counted in `transfers`, whose value at return is in
`call_transfers`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from .abi import DIAG_CLASSES, ST_PASS, STATUS_NAMES
from .link import Link
from .problem import Problem
from .reduce import Summary
from .values import decode

ST_COMPILE_ERROR = STATUS_NAMES.index("compile_error")
# A CPython lane's value slot meaning "the value the VM returned" (a result
# the problem's check accepted, cpython.py).
VM_VALUE = type("VMValue", (), {"__repr__": lambda self: "VM_VALUE"})()


@dataclass(frozen=True)
class Diagnostic:
    """Why a candidate did not compile: a class of docs/language.md (section 7), the 1-based
    line and column of the offending token, and a one-line message. judged:
    it is CPython's own error, at its place and in its words (an
    IndentationError, an unterminated string, ...: diagnostics.def), which
    is the VM's verdict rather than a refusal that leaves the candidate to
    CPython."""

    cls: str
    line: int
    col: int
    message: str
    judged: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return f"{self.line}:{self.col}: {self.cls}: {self.message}"

    def to_json(self) -> dict:
        return {"class": self.cls, "line": self.line, "col": self.col, "message": self.message, "judged": self.judged}


def _message(d) -> str:
    """A Diag's msg, up to its NUL."""
    return d["msg"].split(b"\0", 1)[0].decode("ascii", "replace")


def diagnostic(head) -> Diagnostic | None:
    """The Diagnostic of one program header (abi.PROGRAM_HEAD), None if it compiled."""
    if head["ok"]:
        return None
    d = head["diag"]
    return Diagnostic(DIAG_CLASSES[int(d["cls"])], int(d["line"]), int(d["col"]), _message(d), bool(d["judged"]))


def call_message(head) -> str:
    """The message of the error every test's call raises in a program that
    compiled but whose entry cannot be called so (its name bound nowhere,
    or its def taking another number of arguments), as CPython words it;
    "" for any other program."""
    return _message(head["diag"]) if head["ok"] else ""


@dataclass
class Lanes:
    """A call's outcomes where the kernels left them (xp arrays).

    index: int64 [k], the program each candidate ran as (identical
    candidates share one); status/line/out_words: int32 [u, n]; steps:
    int64 [u, n]; out: int64 [u, n, cap], the first cap result words;
    passes: int32 [k], the tests each candidate passed (reduce.py);
    headers(programs) -> the host headers of those programs;
    source(c) -> candidate c's program text; rerun(c, t, words) -> the
    first `words` result words of candidate c on test t, run again;
    overload_headers: where the problem has overloads, headers() of each
    signature's copies (their result types differ; headers() itself gives
    each program's first refusal among them).
    """

    link: Link
    index: Any
    status: Any
    line: Any
    steps: Any
    out_words: Any
    out: Any
    passes: Any
    headers: Callable[[np.ndarray], np.ndarray]
    source: Callable[[int], bytes]
    rerun: Callable[[int, int, int], np.ndarray]
    overload_headers: list[Callable[[np.ndarray], np.ndarray]] | None = None
    near: np.ndarray | None = None  # bool [u]: the programs whose Test.near lanes are decided (cpython.decide_near)


@dataclass
class VerifyResult:
    """The verdict on k candidates x n tests of one problem.

    summary: the reduced verdict (best candidate, counts, failure
    signatures); passed: bool [k, n]; status: int32 [k, n] codes
    (status_name gives the name); line: int32 [k, n], the source line that
    raised (0 if none); steps: int64 [k, n], fuel spent; diagnostics: per
    candidate, None if it compiled (by CPython, where the CPython path
    judged it); timings: seconds per stage, when the call was timed, and
    "cpython", the CPython path's, whenever it ran; call_transfers: bytes
    moved between host and device by the call itself; verdicts: program -> its verdict from the CPython
    path (cpython.py), for the programs the VM could not judge exactly,
    read before the VM's arrays by every accessor.
    """

    problem: Problem
    summary: Summary
    call_transfers: dict[str, int]
    timings: dict[str, float]
    lanes: Lanes = field(repr=False)
    verdicts: dict[int, Any] = field(default_factory=dict, repr=False)
    _host: dict[str, Any] = field(default_factory=dict, repr=False)

    def merge(self, verdicts: dict[int, Any]) -> None:
        """Take the CPython path's verdicts (program -> cpython.Verdict);
        every host copy is made again, over the merged lanes."""
        self.verdicts = dict(verdicts)
        self._host.clear()

    def path(self, c: int) -> str:
        """Which path judged candidate c: "vm", or "cpython" when any of its
        lanes (all of them, if the VM refused it) ran on CPython."""
        return "cpython" if self._program(c) in self.verdicts else "vm"

    @property
    def paths(self) -> list[str]:
        """path(c) of every candidate."""
        return ["cpython" if int(p) in self.verdicts else "vm" for p in self._fetch_index()]

    def program_index(self) -> np.ndarray:
        """int64 [k] (host): the program each candidate ran as."""
        return self._fetch_index()

    def refusal(self, c: int) -> Diagnostic | None:
        """Why the VM refused candidate c, whichever path then judged it
        (None: it compiled it, or judged its compile error: Diagnostic.judged)."""
        p = self._program(c)
        if p in self.verdicts:
            return self.verdicts[p].refusal
        d = self.diagnostic(c)
        return None if d is None or d.judged else d

    def program_diagnostic(self, p: int) -> Diagnostic | None:
        """The VM's diagnostic of program p (None: the VM compiled it)."""
        return diagnostic(self.lanes.headers(np.array([p]))[0])

    def program_row(self, name: str, p: int) -> np.ndarray:
        """The VM's row of program p in a per-lane array (status, line, steps)."""
        return self.lanes.link.host(getattr(self.lanes, name)[p])

    @property
    def k(self) -> int:
        return self.summary.k

    @property
    def n_tests(self) -> int:
        return len(self.problem.tests)

    @property
    def transfers(self) -> dict[str, int]:
        """Bytes moved so far, the fetches made since the call included."""
        return self.lanes.link.counts()

    def _fetch(self, name: str) -> np.ndarray:
        if name not in self._host:
            self._host[name] = self._programs(name)[self._fetch_index()]
        return self._host[name]

    def _programs(self, name: str) -> np.ndarray:
        """A per-lane array by program, the CPython path's lanes merged in."""
        rows = self.lanes.link.host(getattr(self.lanes, name))
        if not self.verdicts or name not in ("status", "line", "steps"):
            return rows
        rows = rows.copy()
        for p, v in self.verdicts.items():
            if v.diagnostic is not None:
                rows[p] = ST_COMPILE_ERROR if name == "status" else 0
            for t, (code, _, line, _, _) in v.lanes.items():
                rows[p, t] = code if name == "status" else line if name == "line" else 0
        return rows

    def message(self, c: int, t: int) -> str:
        """The exception's message where the CPython path judged lane (c, t)
        and it raised, or where the VM's lane raised at the test's call of
        the entry (call_message); "" otherwise: the VM keeps no other
        messages."""
        lane = self._cpython_lane(c, t)
        if lane is not None:
            return lane[4]
        if self.path(c) == "cpython" or self._lane("line", c, t) != 0 or \
                self.status_name(c, t) not in ("NameError", "TypeError"):
            return ""
        return call_message(self.lanes.headers(np.array([self._program(c)]))[0])

    def _cpython_lane(self, c: int, t: int):
        """(code, name, line, value, message) when the CPython path judged lane (c, t)."""
        v = self.verdicts.get(self._program(c)) if self.verdicts else None
        return None if v is None else v.lanes.get(t)

    @property
    def status(self) -> np.ndarray:
        return self._fetch("status")

    @property
    def passed(self) -> np.ndarray:
        return self.status == ST_PASS

    @property
    def line(self) -> np.ndarray:
        return self._fetch("line")

    @property
    def steps(self) -> np.ndarray:
        return self._fetch("steps")

    @property
    def _out_words(self) -> np.ndarray:
        return self._fetch("out_words")

    @property
    def _out(self) -> np.ndarray:
        return self._fetch("out")

    @property
    def diagnostics(self) -> list[Diagnostic | None]:
        if "diagnostics" not in self._host:
            index = self._fetch_index()
            heads = self.lanes.headers(np.arange(len(self.lanes.status)))
            diags = [self.verdicts[p].diagnostic if p in self.verdicts else diagnostic(h)
                     for p, h in enumerate(heads)]
            self._host["diagnostics"] = [diags[i] for i in index]
        return self._host["diagnostics"]

    def _fetch_index(self) -> np.ndarray:
        if "index" not in self._host:
            self._host["index"] = self.lanes.link.host(self.lanes.index)
        return self._host["index"]

    def _program(self, c: int) -> int:
        """The program candidate c ran as, fetching 8 bytes at most."""
        if "index" in self._host or self.verdicts:
            return int(self._fetch_index()[c])
        return int(self.lanes.link.item(self.lanes.index[c]))

    def _lane(self, name: str, c: int, t: int):
        """One lane's value of a per-lane array, without fetching the rest."""
        if self.verdicts and name in ("status", "line", "steps"):
            return self._fetch(name)[c, t]
        if name in self._host:
            return self._host[name][c, t]
        return self.lanes.link.host(getattr(self.lanes, name)[self._program(c), t])

    def diagnostic(self, c: int) -> Diagnostic | None:
        """Candidate c's diagnostic, fetching only its own header."""
        if "diagnostics" in self._host:
            return self._host["diagnostics"][c]
        p = self._program(c)
        if p in self.verdicts:
            return self.verdicts[p].diagnostic
        return diagnostic(self.lanes.headers(np.array([p]))[0])

    def source(self, c: int) -> str:
        """The program text candidate c was compiled from."""
        return self.lanes.source(c).decode("utf-8", "replace")

    def status_name(self, c: int, t: int) -> str:
        """The lane's status by name; on the CPython path an exception's own
        class name ("NameError", "StopIteration", a class the candidate
        defined) where the status code is the generic "exception"."""
        lane = self._cpython_lane(c, t)
        if lane is not None:
            return lane[1]
        return STATUS_NAMES[int(self._lane("status", c, t))]

    def compiled(self, c: int) -> bool:
        return self.diagnostic(c) is None

    def all_passed(self, c: int) -> bool:
        return bool(self.pass_counts[c] == self.n_tests)

    @property
    def pass_counts(self) -> np.ndarray:
        """int32 [k]: tests each candidate passed, as the device counted
        them (4 bytes a candidate cross, not the whole status matrix)."""
        if "passes" not in self._host:
            if self.verdicts:
                self._host["passes"] = self.passed.sum(axis=1, dtype=np.int32)
            else:
                self._host["passes"] = self.lanes.link.host(self.lanes.passes)
        return self._host["passes"]

    def actuals(self) -> list[list[Any]]:
        """actual(c, t) of every lane, the result arrays fetched whole once
        (one transfer each) rather than lane by lane."""
        for name in ("status", "out_words", "out"):
            self._fetch(name)
        for o in range(len(self.problem.sigs) if self.problem.typed else 0):  # (untyped: every value CPython's)
            self._result_codes(np.arange(len(self.lanes.status)), o)
        return [[self.actual(c, t) for t in range(self.n_tests)] for c in range(self.k)]

    def actual(self, c: int, t: int) -> Any:
        """The value candidate c returned on test t, decoded to Python (None
        when it raised, timed out or did not compile)."""
        code = self.status_name(c, t)
        if code not in ("pass", "wrong_answer"):
            return None
        lane = self._cpython_lane(c, t)
        if lane is not None and lane[3] is not VM_VALUE:
            return lane[3]
        need = int(self._lane("out_words", c, t))
        ret = self.result_code(c, t)
        if need == 0:  # None itself, or the entry fell off its end (CPython's None), or the empty tuple
            return () if ret == "()" and code == "pass" else None
        words = self._lane("out", c, t)
        if need > len(words):
            words = self.lanes.rerun(c, t, need)
        return decode(words[:need], ret)[0]

    def result_code(self, c: int, t: int = 0) -> str:
        """The type code of what candidate c's entry returns on the VM on
        test t: the problem's (that of the test's signature, where the
        problem has overloads), or where the entry also returns values of
        other types (a wrong program's list where an int is wanted), the
        union of the problem's type and those types."""
        p, o = self._program(c), self.problem.tests[t].overload
        codes = self._host.setdefault("result_codes", {})
        if (p, o) not in codes:
            self._result_codes(np.array([p]), o)
        return codes[p, o]

    def _result_codes(self, programs: np.ndarray, overload: int = 0) -> None:
        """result_code of these programs, read from their headers in one go."""
        codes = self._host.setdefault("result_codes", {})
        read = self.lanes.overload_headers[overload] if self.lanes.overload_headers else self.lanes.headers
        for p, head in zip(programs.tolist(), read(programs)):
            codes[p, overload] = head["ret"].split(b"\0", 1)[0].decode("ascii") or self.problem.sigs[overload].ret
