"""A problem's own check (Problem.check, Test.exact): a candidate is judged
as the task's check judges it. Passing every test on the VM passes, failing
an exact test first fails, and every other candidate runs the check on
CPython, whose outcome the lanes then say; untyped problems never reach the
VM (gpubackend/cpython.py)."""

from __future__ import annotations

import pytest

from gpubackend import Problem, Verifier
from gpubackend.abi import STATUS_NAMES
from gpubackend.sandbox import SandboxConfig, probe

HAVE = probe().guarantees
ST = {name: code for code, name in enumerate(STATUS_NAMES)}

# sqrt by any method within 1e-6: the recorded tests hold the reference's bits
SQRT = Problem(
    name="sqrt", entry="root", signature="def root(x: float) -> float",
    tests=[{"args": [2.0], "expected": 2.0 ** 0.5, "exact": False},
           {"args": [9.0], "expected": 3.0, "exact": False}],
    check="def check(candidate):\n    assert abs(candidate(2.0) - 1.4142135623730951) < 1e-6\n"
          "    assert abs(candidate(9.0) - 3.0) < 1e-6\n\ncheck(root)\n")
NEWTON = ("def root(x: float) -> float:\n    y = x\n    for _ in range(50):\n        y = (y + x / y) / 2.0\n"
          "    return y + 1e-9\n")
EXACT = "def root(x: float) -> float:\n    return x ** 0.5\n"

# an exact test first, then one the check judges by a property
PAIR = Problem(
    name="pair", entry="split", signature="def split(n: int) -> list[int]",
    tests=[{"args": [0], "expected": [], "exact": True},
           {"args": [5], "expected": [2, 3], "exact": False}],
    check="def check(candidate):\n    assert candidate(0) == []\n    r = candidate(5)\n"
          "    assert sorted(r) == [2, 3]\n\ncheck(split)\n")

MEDIAN = Problem(
    name="median", entry="median", signature="def median(l: list)", typed=False,
    tests=[{"args": [[3, 1, 2]], "expected": 2}, {"args": [[4, 1, 2, 3]], "expected": 2.5}],
    check="def check(candidate):\n    assert candidate([3, 1, 2]) == 2\n    assert candidate([4, 1, 2, 3]) == 2.5\n"
          "\ncheck(median)\n")
MEDIAN_OK = ("def median(l):\n    s = sorted(l)\n    n = len(s)\n"
             "    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2\n")


def test_a_result_within_the_checks_tolerance_passes_though_its_bits_differ(v):
    res = v.verify([NEWTON, "def root(x: float) -> float:\n    return x / 2.0\n"], SQRT)
    assert res.all_passed(0) and not res.all_passed(1)
    assert res.paths == ["cpython", "cpython"]  # both failed an inexact test on the VM
    # the accepted lanes pass, the value the VM computed kept
    assert res.status_name(0, 0) == "pass" and abs(res.actual(0, 0) - 2.0 ** 0.5) < 1e-8
    assert res.status_name(1, 0) == "wrong_answer" and res.actual(1, 0) == 1.0
    assert res.summary.all_tests == 1


def test_a_candidate_that_passes_every_test_on_the_vm_never_runs_the_check(v):
    tests = [{"args": [2.0], "expected": 1.0, "exact": False}]
    # the check would fail it: passing every recorded test is the reference's result, so it is not run
    strict = SQRT.model_copy(update={"tests": tests, "check": "raise AssertionError('never run')\n"})
    res = v.verify(["def root(x: float) -> float:\n    return x - 1.0\n"], strict)
    assert res.all_passed(0) and res.paths == ["vm"]


def test_an_exact_test_failing_first_fails_without_the_check(v):
    res = v.verify(["def split(n: int) -> list[int]:\n    return [n]\n"], PAIR)
    assert res.paths == ["vm"] and not res.all_passed(0)
    assert res.status_name(0, 0) == "wrong_answer"


def test_a_property_check_accepts_another_order(v):
    res = v.verify(["def split(n: int) -> list[int]:\n    if n == 0:\n        return []\n    return [3, 2]\n",
                    "def split(n: int) -> list[int]:\n    if n == 0:\n        return []\n    return [1, 4]\n"], PAIR)
    assert res.paths == ["cpython", "cpython"]
    assert [res.all_passed(0), res.all_passed(1)] == [True, False]
    assert res.summary.paths.lanes == {"vm": 0, "cpython": 4}  # a check judges the whole candidate


def test_a_check_that_fails_where_every_lane_passed_fails_its_first_inexact_test(v):
    # CPython runs a refused program's tests and its check; here the check asks more than the tests
    stricter = PAIR.model_copy(update={"check": PAIR.check + "assert split(7) == [3, 4]\n"})
    res = v.verify(["def split(n):\n    return [] if n == 0 else sorted(frozenset({2, 3}))\n"], stricter)  # refused
    assert res.path(0) == "cpython" and not res.all_passed(0)
    assert res.status_name(0, 0) == "pass"
    assert res.status_name(0, 1) == "AssertionError" and res.line[0, 1] == 0  # the check's line, not the program's


def test_the_check_sees_the_programs_helpers_and_runs_after_it(v):
    problem = PAIR.model_copy(update={"check": "assert helper() == 41\n" + PAIR.check})
    src = "def helper():\n    return 41\n\ndef split(n):\n    return [] if n == 0 else [3, 2]\n"
    assert v.verify([src], problem).all_passed(0)


def test_an_untyped_problem_is_judged_on_cpython_alone(v):
    res = v.verify([MEDIAN_OK, "def median(l):\n    return sorted(l)[len(l) // 2]\n", "def median(l):\n  (\n"],
                   MEDIAN)
    assert res.paths == ["cpython"] * 3
    assert [res.all_passed(c) for c in range(3)] == [True, False, False]
    assert res.refusal(0).message == "the problem is untyped (its signature is outside the DSL)"
    assert res.actual(0, 1) == 2.5 and res.status_name(1, 1) == "wrong_answer"
    assert res.diagnostics[2].cls == "SyntaxError"
    assert res.summary.paths.candidates == {"vm": 0, "cpython": 3}


def test_an_untyped_problem_without_the_fallback_is_refused_by_the_vm():
    with Verifier("cpu", fallback=False) as vm_only:
        res = vm_only.verify([MEDIAN_OK], MEDIAN)
    assert res.paths == ["vm"] and not res.all_passed(0)
    assert res.diagnostic(0).cls == "Unsupported"


def test_an_untyped_problems_programs_that_are_not_python_need_no_job(v, monkeypatch):
    jobs, run = [], v.sandbox.run
    monkeypatch.setattr(v.sandbox, "run", lambda batch: jobs.extend(batch) or run(batch))
    broken = ["def median(l):\n  (\n", "def median(l)\n    return 1\n"]
    res = v.verify(broken + [MEDIAN_OK], MEDIAN)
    assert [d.cls if d else None for d in res.diagnostics] == ["SyntaxError", "SyntaxError", None]
    assert [j.source.decode() for j in jobs] == [MEDIAN_OK]  # the syntax check judged the two
    assert res.all_passed(2)


def test_a_batch_mixes_typed_and_untyped_problems(v):
    results = v.verify_batch([([NEWTON, EXACT], SQRT), ([MEDIAN_OK], MEDIAN), ([EXACT], SQRT)])
    assert [r.all_passed(0) for r in results] == [True, True, True]
    assert results[0].all_passed(1)
    assert results[1].paths == ["cpython"]


def test_untyped_tests_take_wire_values_and_say_where_one_is_not():
    p = MEDIAN.model_copy(update={"tests": [{"args": [{"t": [1, 2]}], "expected": {"f": "0x1.8p+0"}}]})
    assert p.python_args == (((1, 2),),) and p.python_expected == (1.5,)
    with pytest.raises(ValueError, match=r"tests\[0\]\.args\[0\]: not a wire value: tag 'q'"):
        MEDIAN.model_copy(update={"tests": [{"args": [{"q": 1}], "expected": 1}]})
    with pytest.raises(ValueError, match="defines 'median' but entry is 'mean'"):
        MEDIAN.model_copy(update={"entry": "mean"})


def test_prompts_and_feedback_show_an_untyped_problems_values_as_python(v):
    from agentloop.feedback import feedback
    from agentloop.prompts import examples

    assert examples(MEDIAN) == "median([3, 1, 2]) == 2\nmedian([4, 1, 2, 3]) == 2.5"
    res = v.verify(["def median(l):\n    return sorted(l)[len(l) // 2]\n"], MEDIAN)
    assert "returned 3, expected 2.5" in feedback(res, 0)


def test_agreement_among_passing_programs_of_an_untyped_problem_takes_the_first(v):
    from agentloop.select import choose

    assert choose(v, MEDIAN, [MEDIAN_OK, MEDIAN_OK + "\n"], [0, 0]).index == 0


# ---------------------------------------------------------------- verdict_only: the check alone

# x again, through a format spec the VM refuses ('.17g' reads back as the same float)
REFUSED_NEWTON = NEWTON.replace("    y = x\n", "    y = float(f'{x:.17g}')\n")


def test_verdict_only_runs_a_refused_candidates_check_alone(v):
    full = v.verify([REFUSED_NEWTON], SQRT)
    [alone] = v.verify_batch([([REFUSED_NEWTON], SQRT)], verdict_only=True)
    assert full.paths == alone.paths == ["cpython"]
    assert full.all_passed(0) and alone.all_passed(0)
    # every test ran on CPython and returned its value; alone, only the check ran
    assert abs(full.actual(0, 0) - 2.0 ** 0.5) < 1e-8
    assert alone.actual(0, 0) is None and alone.actual(0, 1) is None


def test_verdict_only_puts_a_failing_checks_error_on_one_lane_and_runs_no_other(v):
    halving = "def root(x):\n    return float(f'{x:.17g}') / 2.0\n"  # a format spec: refused
    [res] = v.verify_batch([([halving], SQRT)], verdict_only=True)
    assert res.paths == ["cpython"] and not res.all_passed(0)
    assert [res.status_name(0, t) for t in range(2)] == ["AssertionError", "not_run"]
    assert [s.cls for s in res.summary.signatures] == ["AssertionError"]


def test_verdict_only_keeps_a_vm_timeout_on_an_inexact_test_as_the_verdict():
    spin = "def root(x: float) -> float:\n    while x > 0.0:\n        x = x + 1.0\n    return x\n"
    fast = Verifier("cpu", sandbox=SandboxConfig(workers=1, seconds=0.5, require=HAVE))
    try:
        [res] = fast.verify_batch([([spin], SQRT)], stop_after_timeout=True, verdict_only=True)
        [full] = fast.verify_batch([([spin], SQRT)], stop_after_timeout=True)
    finally:
        fast.close()
    # fuel is the VM's limit as CPU seconds are CPython's: the check is not run to time out again
    assert res.paths == ["vm"] and res.status_name(0, 0) == "Timeout" and not res.all_passed(0)
    assert full.paths == ["cpython"] and not full.all_passed(0)


# `assert candidate(n)` / `assert not candidate(n)`: exact for an entry that returns a bool alone
EVEN = Problem(
    name="even", entry="even", signature="def even(n: int) -> bool",
    tests=[{"args": [4], "expected": True, "exact": False, "typed_exact": True},
           {"args": [3], "expected": False, "exact": False, "typed_exact": True}],
    check="def check(candidate):\n    assert candidate(4)\n    assert not candidate(3)\n\ncheck(even)\n")


def test_a_typed_exact_test_failing_first_fails_on_the_vm_when_the_entry_returns_the_problems_type(v):
    res = v.verify(["def even(n: int) -> bool:\n    return n % 2 == 1\n"], EVEN)
    assert res.paths == ["vm"] and not res.all_passed(0)
    assert res.status_name(0, 0) == "wrong_answer"


def test_a_typed_exact_test_runs_the_check_when_the_entry_may_return_another_type(v):
    # `return n % 2 == 0 or None` answers None for 3, which `assert not candidate(3)` accepts: only the
    # check can tell, and an entry that may return None is not the problem's type alone
    maybe = "def even(n: int) -> bool:\n    if n % 2 == 0:\n        return True\n    return None\n"
    wrong = "def even(n: int) -> bool:\n    if n % 2 == 0:\n        return None\n    return False\n"
    res = v.verify([maybe, wrong], EVEN)
    assert res.paths == ["cpython", "cpython"]
    assert [res.all_passed(0), res.all_passed(1)] == [True, False]


# `assert abs(candidate(x) - value) < tolerance`: the VM's result decides it (Test.near)
NEAR = SQRT.model_copy(update={"tests": [t.model_copy(update={"near": (t.expected, 1e-6)}) for t in SQRT.tests]})


def test_a_near_test_is_decided_on_the_vm_as_the_check_would(v):
    res = v.verify([NEWTON, EXACT, "def root(x: float) -> float:\n    return x / 2.0\n"], NEAR)
    assert res.paths == ["vm", "vm", "vm"]
    assert [res.all_passed(c) for c in range(3)] == [True, True, False]
    assert res.status_name(0, 0) == "pass" and abs(res.actual(0, 0) - 2.0 ** 0.5) < 1e-8  # its own bits
    assert res.status_name(2, 0) == "wrong_answer" and res.actual(2, 0) == 1.0
    assert res.summary.all_tests == 2 and res.pass_counts.tolist() == [2, 2, 0]
    cpython = Verifier("cpu", sandbox=SandboxConfig())
    on_cpython = cpython.verify([NEWTON, EXACT, "def root(x: float) -> float:\n    return x / 2.0\n"], SQRT)
    assert [on_cpython.all_passed(c) for c in range(3)] == [True, True, False]


def test_a_near_test_leaves_a_program_that_may_bind_abs_to_the_check(v):
    # the check calls the program's abs where it defines one: only CPython can tell
    rebinds = "def abs(x: float) -> float:\n    return 0.0\n\ndef root(x: float) -> float:\n    return x / 2.0\n"
    res = v.verify([rebinds], NEAR)
    assert res.paths == ["cpython"] and res.all_passed(0)


def test_a_near_pair_needs_an_inexact_test():
    with pytest.raises(ValueError, match="near"):
        Problem(name="x", entry="f", signature="def f(x: float) -> float",
                tests=[{"args": [1.0], "expected": 1.0, "near": [1.0, 1e-6]}])
