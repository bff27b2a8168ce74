"""An entry's union result (kernels/dicts.h rt_union_matches_), and the
result of an entry that returns another type than the problem's (a wrong
program's list where an int is due: its result widened to a union,
sema_stmt.h settle_result), are judged as CPython's == judges them: numbers
of two types by value, exactly or within the problem's tolerance, two lists
whose items are never equal when both are empty, values of any other two
types never equal. The oracle is the CPython path's own rule
(sandbox/wire.py matches)."""

from __future__ import annotations

import pytest

from gpubackend import Problem, Verifier
from gpubackend.sandbox.wire import matches
from tests.device import DEVICE

CASES = [
    # (result annotation, expected value, the entry's return expression, tolerance)
    ("int | float", 3, "3.0", None),
    ("int | float", 3.0, "3", None),
    ("int | float | str", 2**53 + 1, "float(2**53 + 1)", None),  # the float is 2**53: not equal, exactly
    ("int | float | str", 2**53 + 1, "float(2**53 + 1)", 1e-9),  # within the tolerance, as math.isclose
    ("int | float", 2**50 - 1, "float(2**50 - 1)", None),  # int | float is a type of its own, its ints 51 bits
    ("list[int | float]", [1, 2.5], "[1, 2.5]", None),
    ("int | float", 3, "3.0000000001", 1e-6),
    ("int | float", 3, "3.5", 1e-6),
    ("int | float", 7, "float('nan')", None),
    ("int | float", -0.0, "0", None),
    ("bool | int", True, "1", None),
    ("bool | int", 0, "False", None),
    ("bool | float", 1.0, "True", None),
    ("int | str", "3", "3", None),
    ("int | str", 3, "'3'", None),
    ("int | list[int]", [], "0", None),
    ("int | list[int]", 0, "[]", None),
    ("int | list[int]", [1, 2], "[1, 2]", None),
    ("tuple[int] | tuple[int, int]", (1,), "(1, 0)", None),
    ("tuple[int] | tuple[int, int]", (1, 0), "(1, 0)", None),
]


@pytest.mark.parametrize("ret, expected, returned, tol", CASES)
def test_union_result_is_judged_as_python_equality(ret, expected, returned, tol):
    problem = Problem(name="u", entry="f", signature=f"def f(n: int) -> {ret}", float_tolerance=tol,
                      tests=[{"args": [0], "expected": expected}])
    source = f"def f(n: int) -> {ret}:\n    return {returned}\n"
    res = Verifier(DEVICE, fallback=False).verify([source], problem)
    assert res.diagnostics[0] is None
    got = res.actual(0, 0)
    assert repr(got) == repr(eval(returned))  # the member it returned, not the expected one's
    want = "pass" if matches(got, expected, tol) else "wrong_answer"
    assert res.status_name(0, 0) == want


def test_an_entry_that_falls_off_answers_none_a_wrong_answer():
    problem = Problem(name="u", entry="f", signature="def f(n: int) -> int | float",
                      tests=[{"args": [1], "expected": 1}, {"args": [0], "expected": 0}])
    source = "def f(n: int) -> int | float:\n    if n:\n        return n\n"
    res = Verifier(DEVICE, fallback=False).verify([source], problem)
    assert [res.status_name(0, t) for t in range(2)] == ["pass", "wrong_answer"]


FOREIGN = [
    # (the problem's result type, expected value, the entry's return expression)
    ("int", 3, "[1, 2, 3]"),
    ("int", 0, "[]"),
    ("int", 1, "True"),
    ("int", 2, "2.0"),
    ("int", 3, "'3'"),
    ("float", 0.0, "0"),
    ("float", 0.5, "(0, 5)"),
    ("str", "ab", "['a', 'b']"),
    ("bool", False, "0"),
    ("list[str]", [], "[n for n in range(0)]"),
    ("list[str]", ["1"], "[1]"),
    ("list[str]", [], "''"),
    ("dict[str, int]", {"a": 1}, "'a'"),
    ("tuple[int, int]", (1, 2), "[1, 2]"),
    ("tuple[int, int]", (1, 2), "(1, 2, 3)"),
    ("int | float", 2, "'2'"),
    ("int | float", 2.0, "[2]"),
    ("list[float]", [1.0, 2.5], "[1, 2]"),  # lists of numbers: item by item, by value
    ("list[float]", [1.0], "[1]"),
    ("list[int | float]", [1, 2.5], "[1, 2]"),
    ("list[int]", [1, 2], "[1.0, 2]"),
    ("None", None, "'a'"),  # where None is due, one other type: an Optional of it
    ("None", None, "2.5"),
    ("None", None, "[n]"),
    ("None", None, "(n, 'x')"),
]


def assert_judged_as_python_equality(ret, expected, source, returned):
    """source's entry, on n = 0, returns `returned` (evaluated with n = 0),
    judged against `expected` of the problem's type `ret` as == judges it."""
    problem = Problem(name="u", entry="f", signature=f"def f(n: int) -> {ret}",
                      tests=[{"args": [0], "expected": expected}])
    res = Verifier(DEVICE, fallback=False).verify([source], problem)
    assert res.diagnostics[0] is None
    got = res.actual(0, 0)
    assert repr(got) == repr(eval(returned, {"n": 0}))
    assert res.status_name(0, 0) == ("pass" if matches(got, expected, None) else "wrong_answer")


@pytest.mark.parametrize("ret, expected, returned", FOREIGN)
def test_a_result_of_another_type_is_judged_as_python_equality(ret, expected, returned):
    source = f"def f(n):\n    if n > 5:\n        return {returned}\n    return {returned}\n"
    assert_judged_as_python_equality(ret, expected, source, returned)


@pytest.mark.parametrize("ret, returned", [("list[list[float]]", "[[1]]"), ("Optional[int]", "'a'"), ("list[list[int]]", "[['a']]")])
def test_a_result_whose_values_compare_inside_stays_refused(ret, returned):
    problem = Problem(name="u", entry="f", signature=f"def f(n: int) -> {ret}", tests=[{"args": [0], "expected": []}
                      if ret.startswith("list") else {"args": [0], "expected": None}])
    res = Verifier(DEVICE, fallback=False).verify([f"def f(n):\n    return {returned}\n"], problem)
    assert res.diagnostics[0].cls == "TypeError"


ANNOTATED = [
    # (the problem's result type, expected value, the entry's result annotation, its return expression)
    ("str", "yes", "bool", "n > 0"),
    ("float", 1.0, "float", "n + 1"),  # an int, though both say float: 1 == 1.0
    ("int", 1, "float", "n + 1"),
    ("tuple[int, int]", (0, 0), "List[int]", "(n, n)"),
    ("Optional[int]", None, "int", "None if n == 0 else n"),
    ("list[int]", [0], "None", "[n]"),
]


@pytest.mark.parametrize("ret, expected, annotation, returned", ANNOTATED)
def test_the_entrys_result_annotation_types_nothing(ret, expected, annotation, returned):
    """CPython only evaluates an annotation: the entry returns what its code
    returns, judged as a result of another type where it is one."""
    source = f"from typing import List, Optional\n\ndef f(n: int) -> {annotation}:\n    return {returned}\n"
    assert_judged_as_python_equality(ret, expected, source, returned)


@pytest.mark.parametrize("annotation", ["List[int, str]", "int[str]", "Dict[str]", "Sequence[int]"])
def test_an_annotation_that_raises_when_its_def_runs_is_not_ignored(annotation):
    """`List[int, str]` raises TypeError when the def runs, `Sequence` is not
    imported: CPython's error, not the problem's type, so the VM refuses."""
    problem = Problem(name="u", entry="f", signature="def f(n: list[int]) -> int",
                      tests=[{"args": [[1]], "expected": 1}])
    source = f"from typing import List, Dict\n\ndef f(n: {annotation}) -> int:\n    return len(n)\n"
    res = Verifier(DEVICE, fallback=False).verify([source], problem)
    assert res.diagnostics[0] is not None
