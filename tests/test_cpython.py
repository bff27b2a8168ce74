"""The CPython path (gpubackend/cpython.py) as a Verifier's caller sees it:
programs the VM refuses and lanes that end in the VM's own statuses get
CPython's verdict, merged into one VerifyResult with the path each took."""

from __future__ import annotations

import copy
import math
from pathlib import Path

import numpy as np
import pytest

from agentloop.feedback import feedback
from gpubackend import Problem, Verifier
from gpubackend.abi import STATUS_NAMES
from gpubackend.result import Diagnostic
from gpubackend.sandbox import SandboxConfig, probe

EXAMPLES = Path(__file__).resolve().parent.parent / "tasks" / "examples"
# The walls this machine has: tests/sandbox/ checks them; here they only
# need to let the sandbox start.
HAVE = probe().guarantees
EXCEPTION = STATUS_NAMES.index("exception")
ST = {name: code for code, name in enumerate(STATUS_NAMES)}


def problem(name: str) -> Problem:
    return Problem.from_file(EXAMPLES / f"{name}.toml")


@pytest.fixture(scope="module")
def digit_sum():
    return problem("digit_sum")


@pytest.fixture(scope="module")
def hypotenuse():
    return problem("hypotenuse")


def statuses(res, c: int) -> list[str]:
    return [res.status_name(c, t) for t in range(res.n_tests)]


TYPED_DIGIT_SUM = (EXAMPLES / "digit_sum.py").read_text()
# Everything here is outside the DSL (an import of collections, frozenset,
# an f-string), yet it is a correct answer in CPython.
REFUSED_DIGIT_SUM = """import collections

def digit_sum(n):
    digits = collections.deque(f"{abs(n)}")
    return sum(int(d) for d in digits)
"""


# ---------------------------------------------------------------- refused programs

def test_a_program_the_vm_refuses_passes_on_cpython_with_the_refusal_kept(v, digit_sum):
    res = v.verify([REFUSED_DIGIT_SUM, TYPED_DIGIT_SUM], digit_sum)
    assert res.paths == ["cpython", "vm"]
    assert res.path(0) == "cpython" and res.path(1) == "vm"
    # the VM's reason stays readable even though CPython gave the verdict
    refusal = res.refusal(0)
    assert (refusal.cls, refusal.line, refusal.col) == ("Unsupported", 4, 26)
    assert "collections.deque" in refusal.message
    assert res.refusal(1) is None
    assert res.diagnostics == [None, None] and res.compiled(0)
    assert statuses(res, 0) == ["pass"] * res.n_tests
    assert res.pass_counts.tolist() == [6, 6] and res.all_passed(0)
    assert [res.actual(0, t) for t in range(res.n_tests)] == list(digit_sum.python_expected)


def test_filter_that_stops_early_is_judged_lazily_by_cpython(v):
    # any() stops at the first true item kept (1: 0 is kept but false):
    # CPython pops twice; a list made first would pop past the end
    # (IndexError)
    source = ("def f(n: int) -> int:\n    v = [1, 2, 3]\n"
              "    t = any(filter(lambda p: v.pop() > 0, range(n)))\n    return len(v)\n")
    problem = Problem(name="lazy", entry="f", signature="def f(n: int) -> int",
                      tests=[{"args": [4], "expected": 1}, {"args": [0], "expected": 3}])
    res = v.verify([source], problem)
    assert res.path(0) == "cpython" and "one item at a time" in res.refusal(0).message
    assert statuses(res, 0) == ["pass", "pass"]


def test_summary_counts_a_cpython_pass_and_splits_candidates_and_lanes_by_path(v, digit_sum):
    res = v.verify([REFUSED_DIGIT_SUM, TYPED_DIGIT_SUM, REFUSED_DIGIT_SUM], digit_sum)
    s = res.summary
    assert (s.k, s.compiled, s.all_visible, s.all_tests) == (3, 3, 3, 3)
    assert s.paths.candidates == {"vm": 1, "cpython": 2}
    assert s.paths.lanes == {"vm": 6, "cpython": 12}
    assert s.to_json()["paths"]["cpython"] == {"candidates": 2, "lanes": 12}


def test_a_real_syntax_error_is_cpythons_compile_error_on_every_lane(v, digit_sum):
    broken = "def digit_sum(n: int) -> int:\n    return (n + 1 n)\n"
    res = v.verify([broken, TYPED_DIGIT_SUM], digit_sum)
    d = res.diagnostics[0]
    # CPython's own wording and position, not the VM's
    assert (d.cls, d.line, d.col) == ("SyntaxError", 2, 13)
    assert "Perhaps you forgot a comma?" in d.message
    assert res.diagnostic(0) == d and not res.compiled(0)
    assert res.refusal(0).cls == "SyntaxError"  # the VM refused it too
    assert (res.status[0] == ST["compile_error"]).all()
    assert statuses(res, 0) == ["compile_error"] * res.n_tests
    assert res.pass_counts.tolist() == [0, 6]
    assert res.summary.compiled == 1 and res.summary.all_tests == 1
    [sig] = [s for s in res.summary.signatures if s.kind == "compile"]
    assert (sig.cls, sig.line, sig.candidate) == ("SyntaxError", 2, 0)


def test_programs_that_are_not_python_get_cpythons_error_without_a_job_each(v, digit_sum, monkeypatch):
    jobs, checked = [], []
    run, compile_errors = v.sandbox.run, v.sandbox.compile_errors

    def check(sources):  # as if CPython's parse had found nothing wrong with the first
        checked.extend(sources)
        return [None] + compile_errors(sources[1:])

    monkeypatch.setattr(v.sandbox, "run", lambda batch: jobs.extend(batch) or run(batch))
    monkeypatch.setattr(v.sandbox, "compile_errors", check)
    broken = [f"def digit_sum(n: int) -> int:\n    return (n + {k} n)\n" for k in range(5)]
    res = v.verify(broken + [TYPED_DIGIT_SUM], digit_sum)
    assert [d.cls for d in res.diagnostics[:5]] == ["SyntaxError"] * 5 and res.diagnostics[5] is None
    assert all("forgot a comma" in d.message for d in res.diagnostics[:5])
    # one syntax check for the five; a job only for the one it left open
    assert [s.decode() for s in checked] == broken and [j.source.decode() for j in jobs] == broken[:1]


def test_an_indentation_error_is_the_vms_verdict(v, digit_sum):
    res = v.verify(["def digit_sum(n: int) -> int:\n  x = 1\n    return x\n"], digit_sum)
    assert res.diagnostics[0] == Diagnostic("IndentationError", 3, 4, "unexpected indent")  # CPython's own
    assert res.path(0) == "vm" and res.refusal(0) is None and not res.verdicts
    assert res.summary.signatures[0].cls == "IndentationError"
    assert {res.status_name(0, t) for t in range(res.n_tests)} == {"compile_error"}


@pytest.mark.parametrize("body, judged", [
    ("    return 'abc\n", True),  # CPython's words: its verdict on the VM
    ("    s = f'{n}'\n    return 'abc\n", False),  # after an f-string, CPython 3.12 may read otherwise
    ("    s = '\\u00e9'\n    return 'abc\n", False),  # after a \u escape, which CPython's parser decodes
])
def test_an_unterminated_string_is_the_vms_verdict_where_sure(v, digit_sum, body, judged):
    res = v.verify(["def digit_sum(n: int) -> int:\n" + body], digit_sum)
    d = res.diagnostics[0]
    assert d.cls == "SyntaxError" and d.message.startswith("unterminated string literal (detected at line")
    assert (res.path(0), res.refusal(0) is None, d.judged) == (("vm", True, True) if judged else ("cpython", False, False))


def test_an_indentation_error_after_a_skimmed_statement_is_left_to_cpython(v, digit_sum):
    res = v.verify(["def digit_sum(n: int) -> int:\n    with n:\n    return n\n"], digit_sum)
    assert res.refusal(0).cls == "SyntaxError" and res.path(0) == "cpython"
    assert res.diagnostics[0] == Diagnostic("IndentationError", 3, 5,
                                            "expected an indented block after 'with' statement on line 2")


# ---------------------------------------------------------------- lanes in VM deviations

OVERFLOWING_DIGIT_SUM = """def digit_sum(n: int) -> int:
    if n == 0:
        return 2**70 // 2**69 * n
    if n == 123:
        return 2**70 // 2**69 * 3
    n = abs(n)
    total = 0
    while n > 0:
        total += n % 10
        n //= 10
    return total
"""


def test_lanes_that_overflow_64_bits_on_the_vm_get_cpythons_result(v, vm_only, digit_sum):
    # the control: without the fallback exactly tests 0 and 1 overflow
    alone = vm_only.verify([OVERFLOWING_DIGIT_SUM], digit_sum)
    assert statuses(alone, 0)[:2] == ["OverflowError"] * 2 and alone.pass_counts[0] == 4
    res = v.verify([OVERFLOWING_DIGIT_SUM], digit_sum)
    assert statuses(res, 0) == ["pass"] * 6 and res.pass_counts[0] == 6
    assert res.actual(0, 0) == 6 and res.actual(0, 1) == 0
    assert res.path(0) == "cpython" and res.refusal(0) is None and res.diagnostics == [None]
    # only the two deviating lanes went to CPython
    assert res.summary.paths.candidates == {"vm": 0, "cpython": 1}
    assert res.summary.paths.lanes == {"vm": 4, "cpython": 2}
    assert res.summary.all_tests == 1
    # fuel is the VM's: CPython's lanes count none
    assert res.steps[0, :2].tolist() == [0, 0] and (res.steps[0, 2:] > 0).all()


def test_a_float_overflow_in_cpython_stays_an_overflow_error(v, hypotenuse):
    refused = ("import math\n\ndef hypotenuse(a: float, b: float) -> float:\n"
               "    if a == 0.0:\n        return math.exp(1000.0)\n    return math.sqrt(a * a + b * b)\n")
    # compiled by the VM, whose OverflowError is a deviation judged again
    compiled = ("import math\n\ndef hypotenuse(a: float, b: float) -> float:\n"
                "    if a == 0.0:\n        return float(int(1e308 * 10.0))\n    return math.sqrt(a * a + b * b)\n")
    res = v.verify([refused, compiled], hypotenuse)
    assert res.refusal(0) is not None and res.refusal(1) is None
    for c, message in ((0, "math range error"), (1, "cannot convert float infinity to integer")):
        assert res.status_name(c, 2) == "OverflowError"
        assert res.status[c, 2] == ST["OverflowError"]
        assert res.message(c, 2) == message and res.line[c, 2] == 5
        assert res.actual(c, 2) is None
    assert res.pass_counts.tolist() == [5, 5]
    assert res.summary.paths.lanes == {"vm": 5, "cpython": 7}


# ---------------------------------------------------------------- exceptions

RAISING_DIGIT_SUM = """class Oops(Exception):
    pass

def digit_sum(n):
    if n == 0:
        raise NotImplementedError("zero")
    if n == 123:
        raise Oops("custom " + str(n))
    if n == 1000000:
        return next(iter([]))
    return sum(int(c) for c in str(abs(n)))
"""


@pytest.mark.parametrize("t, name, line, message", [
    (0, "Oops", 8, "custom 123"),
    (1, "NotImplementedError", 6, "zero"),
    (3, "StopIteration", 10, ""),
])
def test_an_exception_without_a_status_keeps_its_class_message_and_line(v, digit_sum, t, name, line, message):
    res = v.verify([RAISING_DIGIT_SUM], digit_sum)
    assert res.status_name(0, t) == name
    # the code is the generic one; the name carries the class
    assert res.status[0, t] == EXCEPTION
    assert res.message(0, t) == message
    assert res.line[0, t] == line
    assert res.actual(0, t) is None


def test_an_exception_with_a_status_of_its_own_gets_that_code(v, digit_sum):
    res = v.verify(["def digit_sum(n):\n    d = {}\n    return d[n]\n"], digit_sum)
    assert res.status[0, 0] == ST["KeyError"] and res.status_name(0, 0) == "KeyError"
    assert res.message(0, 0) == "123" and res.line[0, 0] == 3


def test_a_name_error_in_a_branch_not_taken_passes_on_both_paths(v, digit_sum):
    body = TYPED_DIGIT_SUM.split("\n", 2)[2]  # the solution's body, after its def and docstring
    on_vm = "def digit_sum(n: int) -> int:\n    if n == 0:\n        return missing(n)\n" + body
    # the read behind `and` raises where it runs, on the VM too
    behind_and = "def digit_sum(n: int) -> int:\n    if n == 0 and missing(n):\n        return 0\n" + body
    # after a call that acts first: the call runs, then the read raises, on the VM too
    after_acts = "def digit_sum(n: int) -> int:\n    if n == 0 and abs(n) + missing(n):\n        return 0\n" + body
    # in a lambda, which runs when sorted calls it: refused, judged by CPython
    on_cpython = ("def digit_sum(n: int) -> int:\n    if n == 0 and sorted([n], key=lambda x: missing(x)):\n"
                  "        return 0\n" + body)
    res = v.verify([on_vm, behind_and, after_acts, on_cpython], digit_sum)
    assert [res.refusal(c) for c in (0, 1, 2)] == [None] * 3 and res.refusal(3).cls == "NameError"
    for c in (0, 1, 2, 3):
        assert statuses(res, c) == ["pass", "NameError", "pass", "pass", "pass", "pass"]
        assert res.status[c, 1] == ST["NameError"] and res.line[c, 1] == (3, 2, 2, 2)[c]
    assert [res.path(c) for c in (0, 1, 2, 3)] == ["vm", "vm", "vm", "cpython"]


def test_raise_exception_has_one_status_on_both_paths(v, digit_sum):
    body = TYPED_DIGIT_SUM.split("\n", 2)[2]
    on_vm = "def digit_sum(n: int) -> int:\n    if n == 0:\n        raise Exception('zero')\n" + body
    on_cpython = "def digit_sum(n):\n    if n == 0:\n        raise Exception('zero')\n    unused = frozenset()\n" + body
    res = v.verify([on_vm, on_cpython], digit_sum)
    assert [res.path(c) for c in (0, 1)] == ["vm", "cpython"]
    for c in (0, 1):
        assert statuses(res, c) == ["pass", "Exception", "pass", "pass", "pass", "pass"]
        assert res.status[c, 1] == ST["Exception"] and res.line[c, 1] == 3


def test_a_format_spec_the_vm_leaves_to_cpython_gets_its_value_error(v, digit_sum):
    # an int has no precision in CPython's mini-language: its ValueError, not the VM's guess
    src = "def digit_sum(n: int) -> int:\n    return int(format(n, '.2')) if n == 0 else sum(int(c) for c in str(abs(n)))\n"
    res = v.verify([src], digit_sum)
    assert res.refusal(0) is None and res.path(0) == "cpython"  # compiled; its Unsupported lane went there
    assert statuses(res, 0) == ["pass", "ValueError", "pass", "pass", "pass", "pass"]


def test_an_exception_class_named_like_a_status_does_not_read_as_that_status(v, digit_sum):
    res = v.verify(["def digit_sum(n):\n    raise type('pass', (Exception,), {})()\n"], digit_sum)
    assert res.pass_counts[0] == 0
    assert res.status_name(0, 0) == "exception 'pass'"
    assert feedback(res, 0) is not None


# ---------------------------------------------------------------- returned values

def test_a_wrong_answer_on_cpython_shows_the_value_cpython_returned(v, digit_sum):
    res = v.verify(["def digit_sum(n):\n    return str(n)\n"], digit_sum)
    assert statuses(res, 0) == ["wrong_answer"] * 6
    assert res.actual(0, 0) == "123" and res.actual(0, 2) == "-472"
    assert res.actuals()[0][3] == "1000000"


def test_an_object_whose_eq_always_answers_true_does_not_pass(v, digit_sum):
    src = "class Any:\n    def __eq__(self, other):\n        return True\n\ndef digit_sum(n):\n    return Any()\n"
    res = v.verify([src], digit_sum)
    assert res.pass_counts[0] == 0 and statuses(res, 0) == ["wrong_answer"] * 6
    # it crossed as its name and repr, and equals nothing, itself included
    got = res.actual(0, 0)
    assert "Any" in repr(got) and got != got


def float_problem(tolerance: float | None) -> Problem:
    return Problem.from_dict({
        "name": "triple", "entry": "triple", "signature": "def triple(x: float) -> float",
        "tests": [{"args": [1.0], "expected": 3.0}, {"args": [2.0], "expected": 6.0},
                  {"args": [-1.0], "expected": math.nan}],
        "float_tolerance": tolerance})


NEAR = "def triple(x):\n    if x < 0:\n        return float('nan')\n    return x * 3.0 * (1 + 1e-8)\n"
FAR = "def triple(x):\n    if x < 0:\n        return 0.0\n    return x * 3.0 * (1 + 1e-4)\n"


def test_float_results_on_cpython_are_judged_by_the_problems_tolerance(v):
    res = v.verify([NEAR, FAR], float_problem(1e-6))
    assert statuses(res, 0) == ["pass", "pass", "pass"]  # nan matches nan
    assert statuses(res, 1) == ["wrong_answer"] * 3
    assert math.isnan(res.actual(0, 2)) and res.actual(1, 0) == pytest.approx(3.0003)
    # bit-exact without a tolerance; nan still matches nan
    exact = v.verify([NEAR], float_problem(None))
    assert statuses(exact, 0) == ["wrong_answer", "wrong_answer", "pass"]


# ---------------------------------------------------------------- dedup, fallback=False, batches

def test_identical_refused_candidates_run_once_and_count_twice(v, digit_sum, monkeypatch):
    jobs = []
    run = v.sandbox.run

    def spy(batch):
        jobs.extend(batch)
        return run(batch)

    monkeypatch.setattr(v.sandbox, "run", spy)
    wrong = "def digit_sum(n):\n    return len(frozenset({n}))\n"  # a frozenset: refused
    res = v.verify([wrong, REFUSED_DIGIT_SUM, wrong], digit_sum)
    assert len(jobs) == 2  # one per distinct program
    assert statuses(res, 0) == statuses(res, 2) and res.actuals()[0] == res.actuals()[2]
    assert (res.status[0] == res.status[2]).all()
    assert res.paths == ["cpython"] * 3
    assert res.summary.paths.candidates == {"vm": 0, "cpython": 3}
    assert res.summary.paths.lanes == {"vm": 0, "cpython": 18}
    assert res.summary.all_tests == 1


def test_without_the_fallback_a_refusal_is_the_vms_compile_error(vm_only, digit_sum):
    res = vm_only.verify([REFUSED_DIGIT_SUM, REFUSED_DIGIT_SUM], digit_sum)
    assert res.paths == ["vm", "vm"]
    for c in range(2):
        d = res.diagnostics[c]
        assert (d.cls, d.line, d.col) == ("Unsupported", 4, 26)
        assert res.refusal(c) == d
        assert statuses(res, c) == ["compile_error"] * 6
    assert res.summary.compiled == 0 and res.pass_counts.tolist() == [0, 0]
    assert res.summary.paths.candidates == {"vm": 2, "cpython": 0}
    assert res.summary.paths.lanes == {"vm": 12, "cpython": 0}
    assert "cpython" not in res.timings


def test_a_batch_gives_each_problem_its_own_path_and_verdict(v, digit_sum):
    caesar = problem("caesar")
    wrong_caesar = "def caesar(s: str, k: int) -> str:\n    return s\n"
    on_cpython, on_vm = v.verify_batch([([REFUSED_DIGIT_SUM], digit_sum),
                                        ([caesar.solution, wrong_caesar], caesar)])
    assert on_cpython.problem is digit_sum and on_vm.problem is caesar
    assert on_cpython.paths == ["cpython"] and on_cpython.pass_counts.tolist() == [6]
    assert on_vm.paths == ["vm", "vm"] and on_vm.pass_counts.tolist() == [6, 2]
    assert on_vm.summary.paths.candidates == {"vm": 2, "cpython": 0}
    assert on_cpython.summary.paths.lanes == {"vm": 0, "cpython": 6}
    assert on_vm.actual(1, 0) == "abc" and on_vm.status_name(1, 0) == "wrong_answer"
    # the CPython path's seconds are the call's, shared as the VM's stages are
    assert on_cpython.timings["cpython"] == on_vm.timings["cpython"]


def test_stop_after_timeout_leaves_a_refused_loops_later_tests_not_run(digit_sum):
    fast = Verifier("cpu", sandbox=SandboxConfig(workers=1, seconds=0.3, require=HAVE))
    try:
        [res] = fast.verify_batch([(["def digit_sum(n):\n    seen = frozenset()\n    while True:\n        pass\n"], digit_sum)],
                                  stop_after_timeout=True)
    finally:
        fast.close()
    assert res.path(0) == "cpython"
    assert statuses(res, 0) == ["Timeout"] + ["not_run"] * 5
    assert res.status[0].tolist() == [ST["Timeout"]] + [ST["not_run"]] * 5


def test_cpython_timing_appears_only_when_the_cpython_path_ran(v, digit_sum):
    vm = v.verify([TYPED_DIGIT_SUM], digit_sum)
    assert "cpython" not in vm.timings
    # the split is still reported, all on the VM
    assert vm.summary.paths.candidates == {"vm": 1, "cpython": 0}
    both = v.verify([TYPED_DIGIT_SUM, REFUSED_DIGIT_SUM], digit_sum)
    assert both.timings["cpython"] >= 0


def test_feedback_for_a_cpython_exception_quotes_its_message(v, digit_sum):
    res = v.verify([RAISING_DIGIT_SUM], digit_sum)
    text = feedback(res, 0)
    assert "raised Oops: custom 123" in text
    assert 'raise Oops("custom " + str(n))' in text  # the line that raised


# ---------------------------------------------------------------- differential

def exec_verdicts(src: str, prob: Problem) -> list[str]:
    """Each test's status, from the program run here with exec, as the
    sandbox runs it: a fresh module per test, the VM's rule for equality
    (a list never equals a tuple)."""
    out = []
    for args, expected in zip(prob.python_args, prob.python_expected):
        module: dict = {}
        exec(compile(src, "<candidate>", "exec"), module)
        try:
            got = module[prob.entry](*copy.deepcopy(args))
        except Exception as e:
            out.append(type(e).__name__)
            continue
        out.append("pass" if type(got) is type(expected) and got == expected else "wrong_answer")
    return out


DIFFERENTIAL = {
    "digit_sum": [
        "def digit_sum(n):\n    return sum(map(int, str(n)))\n",  # ValueError on '-'
        "def digit_sum(n):\n    return sum(int(c) for c in str(abs(n)))\n",
        "def digit_sum(n):\n    return n % 9\n",
        OVERFLOWING_DIGIT_SUM,
    ],
    "caesar": [
        "import string\n\ndef caesar(s, k):\n    a = string.ascii_lowercase\n"
        "    return s.translate(str.maketrans(a, a[k % 26:] + a[:k % 26]))\n",
        "def caesar(s, k):\n    return ''.join(chr(ord(c) + k) for c in s)\n",
    ],
    "is_palindrome": [
        "def is_palindrome(s):\n    return s == s[::-1]\n",
        "def is_palindrome(s):\n    return s[0].lower() == s[-1].lower()\n",  # IndexError on ''
    ],
    "running_max": [
        "from itertools import accumulate\n\ndef running_max(xs):\n    return list(accumulate(xs, max))\n",
        "def running_max(xs):\n    return tuple(xs)\n",
        "def running_max(xs):\n    return [max(xs[:i + 1]) for i in range(len(xs))]\n",
    ],
    "collatz_steps": [
        "def collatz_steps(n):\n    return 0 if n == 1 else 1 + collatz_steps(n // 2 if n % 2 == 0 else 3 * n + 1)\n",
        "def collatz_steps(n):\n    return len(bin(n))\n",
    ],
}


@pytest.mark.parametrize("name", sorted(DIFFERENTIAL))
def test_every_lane_agrees_with_the_program_run_here(v, name):
    prob, programs = problem(name), DIFFERENTIAL[name]
    res = v.verify(programs, prob)
    # each on whichever path takes it (an unannotated entry typed by the
    # signature runs on the VM): the verdicts are CPython's either way
    for c, src in enumerate(programs):
        assert statuses(res, c) == exec_verdicts(src, prob), (res.path(c), src)
    expected_passes = [exec_verdicts(src, prob).count("pass") for src in programs]
    assert res.pass_counts.tolist() == expected_passes
    # the differential is not vacuous: a pass and a failure in every set
    assert np.any(res.passed) and not np.all(res.passed)


CALL_FAILS = [
    "def digitsum(n):\n    return n\n",  # no digit_sum: NameError
    "def digit_sum():\n    return 0\n",
    "def digit_sum(n, base):\n    return n\n",
    "def digit_sum(n, base, width=1):\n    return n\n",
    "def digit_sum(n, base, width, pad):\n    return n\n",
]


def test_a_call_of_the_entry_that_fails_is_cpythons_error_on_the_vm(v, digit_sum):
    """An entry missing or of another arity: the VM's lanes hold CPython's
    status, line (none of the program's) and message."""
    on_vm = v.verify(CALL_FAILS, digit_sum)
    on_cpython = v.verify(CALL_FAILS, digit_sum.model_copy(update={"typed": False}))
    for c in range(len(CALL_FAILS)):
        assert (on_vm.path(c), on_cpython.path(c)) == ("vm", "cpython")
        for t in range(on_vm.n_tests):
            vm = (on_vm.status_name(c, t), int(on_vm.line[c, t]), on_vm.message(c, t))
            assert vm == (on_cpython.status_name(c, t), int(on_cpython.line[c, t]), on_cpython.message(c, t))
    assert on_vm.message(0, 0) == "name 'digit_sum' is not defined"
    assert on_vm.message(4, 0) == "digit_sum() missing 3 required positional arguments: 'base', 'width', and 'pad'"


# ---------------------------------------------------------------- verdict_only: only the verdict is wanted

# Overflows on test 0 (a deviation) and answers test 2 wrongly (an exact failure the VM can see).
OVERFLOW_THEN_WRONG = OVERFLOWING_DIGIT_SUM.replace("    return total\n",
                                                    "    if total == 13:\n        return 14\n    return total\n")


def test_verdict_only_leaves_a_deviation_unjudged_when_an_exact_test_already_failed(v, vm_only, digit_sum):
    alone = vm_only.verify([OVERFLOW_THEN_WRONG], digit_sum)
    assert statuses(alone, 0)[:3] == ["OverflowError", "OverflowError", "wrong_answer"]
    full = v.verify([OVERFLOW_THEN_WRONG], digit_sum)
    assert full.path(0) == "cpython" and statuses(full, 0)[:3] == ["pass", "pass", "wrong_answer"]
    [res] = v.verify_batch([([OVERFLOW_THEN_WRONG], digit_sum)], verdict_only=True)
    # the same verdict, without the sandbox: the lanes only CPython could judge are not run
    assert res.path(0) == "vm" and not res.all_passed(0)
    assert statuses(res, 0)[:3] == ["not_run", "not_run", "wrong_answer"]
    assert res.summary.paths.candidates == {"vm": 1, "cpython": 0}
    assert [s.cls for s in res.summary.signatures] == ["wrong_answer"]


def test_verdict_only_still_sends_a_deviation_with_no_other_failure_to_cpython(v, digit_sum):
    [res] = v.verify_batch([([OVERFLOWING_DIGIT_SUM], digit_sum)], verdict_only=True)
    assert res.path(0) == "cpython" and res.all_passed(0)
    assert statuses(res, 0) == ["pass"] * 6


# ---------------------------------------------------------------- lanes out of heap

GROW = Problem(name="grow", entry="f", signature="def f(n: int) -> list[int]",
               tests=[{"args": [n], "expected": list(range(n))} for n in (0, 3, 100_000)])


def test_a_lane_past_the_problems_heap_gets_its_exact_result_on_the_vm(v, vm_only):
    good = "def f(n: int) -> list[int]:\n    return [i for i in range(n)]\n"
    assert vm_only.verify([good], GROW).status_name(0, 2) == "MemoryError"  # 800 KB > heap_bytes
    res = v.verify([good], GROW)
    assert res.path(0) == "vm" and res.all_passed(0) and res.actual(0, 2) == list(range(100_000))


def test_a_lane_that_grows_without_end_runs_out_of_fuel_or_goes_to_cpython(v):
    # doubling reaches any heap first; appending one item a round runs out of fuel first
    doubling = "def f(n: int) -> list[int]:\n    xs = [n]\n    while True:\n        xs = xs + xs\n    return xs\n"
    slow = ("def f(n: int) -> list[int]:\n    xs = [n]\n    while True:\n        xs.append(n)\n"
            "        for _ in range(20):\n            n = n + 1\n    return xs\n")
    res = v.verify_batch([([doubling, slow], GROW)], stop_after_timeout=True, verdict_only=True)[0]
    assert res.path(0) == "cpython" and not res.all_passed(0)
    assert res.path(1) == "vm" and res.status_name(1, 0) == "Timeout"


def test_a_lane_past_the_second_heap_goes_to_cpython(v):
    # 2**20 items (8 MB): past DEVIATION_HEAP_BYTES on the VM, within the sandbox's memory
    big = "def f(n: int) -> list[int]:\n    xs = [0] * (2 ** 20)\n    return list(range(n)) if xs else []\n"
    res = v.verify([big], GROW)
    assert res.path(0) == "cpython" and res.all_passed(0)
