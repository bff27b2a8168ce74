"""Run generated cases through the Verifier and judge every lane against CPython.

Cases that share a signature and an args list (gen.group_from_seed makes such
groups) become one Problem and one ``verify`` call. The Problem's expected
values are the first case's CPython outcomes (a placeholder of the return type
where CPython raised), so for that case the VM's own verdict ('pass') is
checked too; for every case the judge compares the VM's returned value with
CPython's exactly (floats bit for bit, except that any nan equals any nan)
and, where CPython raised, the VM's status name with the exception class.
Lists and tuples are compared item by item under the same rules; the
Problem's args are the test's values (the oracle deep-copies them per call,
since a program may mutate its list arguments).
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from . import oracle
from .dsl_types import BOOL, FLOAT, INT, NONE, STR, beyond_num, has_type, placeholder
from .gen import Case
from .numbers import NUM_MARK
from .tuples import TV_MARK

PLACEHOLDER = {INT: 0, BOOL: False, FLOAT: 0.0, STR: "", NONE: None}  # scalars; placeholder() for any type

# Generous limits: the oracle keeps a case under oracle.TICK_LIMIT loop
# iterations + calls and its strings under oracle.STR_LIMIT chars, so a lane
# never needs this much; the VM's heap is a bump arena that frees nothing.
LIMITS = {"fuel": 1_000_000, "heap_bytes": 8 * 2**20, "depth": 256}


@dataclass
class Mismatch:
    kind: str  # "compile" | "outcome" | "verdict" | "crash" (verify raised; case: the group's first)
    case: Case
    test: int | None  # index into case.args_list
    cpython: str
    vm: str
    detail: str = ""
    minimized: str | None = None

    def to_json(self) -> dict[str, Any]:
        c = self.case
        return {
            "kind": self.kind,
            "seed": c.seed,
            "signature": c.signature,
            "source": c.source,
            "args": None if self.test is None else [repr(a) for a in c.args_list[self.test]],
            "cpython": self.cpython,
            "vm": self.vm,
            "detail": self.detail,
            "minimized": self.minimized,
        }

    def report(self) -> str:
        lines = [f"[{self.kind}] {self.detail}".rstrip(), f"--- program (seed {self.case.seed}):", self.case.source.rstrip()]
        if self.test is not None:
            lines.append(f"--- args: {self.case.args_list[self.test]!r}")
        lines += [f"--- CPython: {self.cpython}", f"--- VM:      {self.vm}"]
        if self.minimized:
            lines += ["--- minimized:", self.minimized.rstrip()]
        return "\n".join(lines)


@dataclass
class Stats:
    programs: int = 0
    lanes: int = 0
    compile_errors: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)

    def add(self, other: "Stats"):
        self.programs += other.programs
        self.lanes += other.lanes
        self.compile_errors += other.compile_errors
        self.mismatches += other.mismatches


def _problem(case: Case):
    from gpubackend import Problem

    tests = []
    for args, out in zip(case.args_list, case.expected):
        # (a value of another type, as a wrong program returns, is compared with one of the entry's)
        exp = out.value if out.kind == "return" and has_type(out.value, case.ret) else placeholder(case.ret)
        tests.append({"args": list(args), "expected": exp})
    return Problem(name="difftest", entry=case.entry, signature=case.signature, tests=tests, limits=LIMITS)


def judge_lane(out: oracle.Outcome, status: str, actual: Any, expected_in_problem: Any,
               may_route: bool = False) -> str | None:
    """None when the VM agrees with CPython, else what is wrong. may_route:
    the program's lanes may end Unsupported for the CPython path to judge
    (may_go_to_cpython)."""
    if may_route and status == "Unsupported":
        return None
    if out.kind == "raise":
        if status == out.value:
            return None
        return "status differs"
    if status not in ("pass", "wrong_answer"):
        return "VM raised, CPython returned"
    if not oracle.same_value(actual, out.value):
        return "value differs"
    want = "pass" if verdict_equal(out.value, expected_in_problem) else "wrong_answer"
    if status != want:
        return f"verifier verdict: {status}, expected {want} (expected value in the Problem: {expected_in_problem!r})"
    return None


def may_go_to_cpython(source: str) -> bool:
    """Whether a program's lane may end Unsupported: it may compute a float
    power (``**`` or ``pow``: a result the C library may round either way,
    or a complex one, fpow.h), format a float to a fixed point (a spec of
    type f or %, whose digits past 17 the VM leaves to CPython,
    format_float.h), hand a tuple[int, ...] on as a tuple[int, int]
    (its length checked when it runs: tuples.TV_MARK), sum floats that
    may be none (CPython's sum is then the int 0), printf-format a float
    to a fixed point (`'%.2f' % x`: as format() does), or sort floats or
    Optionals (a nan or a None among two items or more: objects.h,
    rt_sort_wild_)."""
    sorts = re.search(r"\bsort(ed)?\(|\.sort\(|nlargest\(|nsmallest\(", source) is not None
    return (TV_MARK in source or "**" in source or "pow(" in source or "sum(" in source
            or (sorts and re.search(r"\bfloat\b|Optional|None", source) is not None)
            or re.search(r":[^{}'\"]*[fF%]\}|[fF%]'\)", source) is not None
            or re.search(r"['\"][^'\"\n]*%[-+ #0]*\d*(\.\d*)?[fF][^'\"\n]*['\"]\s*%", source) is not None)


def verdict_equal(actual: Any, expected: Any) -> bool:
    """The verifier's verdict rule (bit-exact mode): Python's ==, so that
    -0.0 passes for 0.0, and a nan passes where a nan was expected; lists and
    tuples item by item (objects.h, rt_matches), not by Python's identity
    shortcut."""
    if type(actual) is float and type(expected) is float and math.isnan(actual) and math.isnan(expected):
        return True
    if type(actual) in (list, tuple) and type(expected) is type(actual):
        return len(actual) == len(expected) and all(verdict_equal(a, e) for a, e in zip(actual, expected))
    return actual == expected


def vm_describe(res, c: int, t: int) -> str:
    st = res.status_name(c, t)
    if st in ("pass", "wrong_answer"):
        return f"returned {res.actual(c, t)!r} (status {st})"
    line = int(res.line[c, t])
    return f"raised {st}" + (f" (line {line})" if line else "")


def verify_group(verifier, cases: list[Case]) -> Stats:
    """Verify cases that share signature and args (one Problem, one call)."""
    st = Stats(programs=len(cases))
    problem = _problem(cases[0])
    try:
        res = verifier.verify([c.source for c in cases], problem)
    except Exception as e:  # noqa: BLE001 - a crash of the verifier is a finding too
        import traceback

        tb = traceback.format_exc(limit=-3)
        st.mismatches.append(Mismatch("crash", cases[0], None, "(no crash)", f"verify() raised {e!r}", tb))
        return st
    for ci, case in enumerate(cases):
        d = res.diagnostics[ci]
        if d is not None:
            st.compile_errors += 1
            st.mismatches.append(Mismatch("compile", case, None, "compiles (valid Python in the subset)", f"compile error {d}", str(d)))
            continue
        for t, out in enumerate(case.expected):
            st.lanes += 1
            status = res.status_name(ci, t)
            try:
                actual = res.actual(ci, t) if status in ("pass", "wrong_answer") else None
            except Exception as e:  # noqa: BLE001 - a value the host cannot decode is a finding too
                st.mismatches.append(Mismatch("crash", case, t, out.describe(),
                                              f"{status}, its value undecodable: {e!r}", "VerifyResult.actual() raised"))
                continue
            exp_in_problem = problem.tests[t].expected
            if status == "OverflowError" and ((out.kind == "return" and beyond_num(out.value, case.ret))
                                              or NUM_MARK in case.source):
                continue  # an int | float's int past 51 bits: the CPython path judges the lane again
            why = judge_lane(out, status, actual, exp_in_problem, may_route=may_go_to_cpython(case.source))
            if why is not None:
                kind = "verdict" if why.startswith("verifier verdict") else "outcome"
                st.mismatches.append(Mismatch(kind, case, t, out.describe(), vm_describe(res, ci, t), why))
    return st


def group_cases(cases: list[Case]) -> list[list[Case]]:
    groups: dict[tuple, list[Case]] = {}
    for c in cases:
        key = (c.signature, repr(c.args_list))
        groups.setdefault(key, []).append(c)
    return list(groups.values())


def verify_cases(verifier, cases: list[Case]) -> Stats:
    total = Stats()
    for g in group_cases(cases):
        total.add(verify_group(verifier, g))
    return total


def dump_jsonl(mismatches: list[Mismatch], path) -> None:
    with open(path, "a") as f:
        for m in mismatches:
            f.write(json.dumps(m.to_json()) + "\n")
