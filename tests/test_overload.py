"""An entry the tests call with values of different types (Problem.overloads):
the VM compiles a candidate once per signature, each copy runs the tests its
signature types, and the copies' results merge into one result over the
tests in their order (gpubackend/overload.py). A candidate one copy refuses
is judged on CPython, all of its tests."""

from __future__ import annotations

import pytest

from agentloop.prompts import Templates, answer_opening, examples, task_prompt
from agentloop.select import extra_inputs
from gpubackend import Problem, ProblemFileError, Verifier
from tests.device import DEVICE

SORT = Problem(
    name="sort", entry="f", signature="def f(xs: list[int]) -> list[int]",
    overloads=["def f(xs: list[str]) -> list[str]"],
    tests=[{"args": [[3, 1, 2]], "expected": [1, 2, 3]},
           {"args": [["b", "a"]], "expected": ["a", "b"], "overload": 1},
           {"args": [[5, 4]], "expected": [4, 5], "hidden": True}],
)
SORTED = "def f(xs):\n    return sorted(xs)\n"
SAME = "def f(xs):\n    return xs\n"
PLUS_ONE = "def f(xs):\n    return [x + 1 for x in xs]\n"  # a TypeError at compile time in the str copy


@pytest.fixture(scope="module")
def verifier():
    with Verifier(DEVICE) as v:
        yield v


@pytest.fixture(scope="module")
def vm_only():
    return Verifier(DEVICE, fallback=False)


def test_each_test_runs_under_its_own_signature(verifier):
    res = verifier.verify([SORTED, SAME], SORT)
    assert [res.path(c) for c in range(2)] == ["vm", "vm"]
    assert [res.status_name(0, t) for t in range(3)] == ["pass"] * 3
    assert [res.status_name(1, t) for t in range(3)] == ["wrong_answer"] * 3
    assert res.actuals() == [[[1, 2, 3], ["a", "b"], [4, 5]], [[3, 1, 2], ["b", "a"], [5, 4]]]
    assert res.pass_counts.tolist() == [3, 0]
    s = res.summary
    assert (s.k, s.compiled, s.all_visible, s.all_tests, s.best) == (2, 2, 1, 1, 0)


def test_a_candidate_one_copy_refuses_is_judged_on_cpython(verifier):
    res = verifier.verify([PLUS_ONE, SORTED], SORT)
    assert res.path(0) == "cpython" and res.path(1) == "vm"
    assert res.refusal(0) is not None and res.refusal(0).cls == "TypeError" and res.diagnostic(0) is None
    assert [res.status_name(0, t) for t in range(3)] == ["wrong_answer", "TypeError", "wrong_answer"]
    assert res.actual(0, 0) == [4, 2, 3] and res.actual(0, 1) is None
    assert res.summary.paths.candidates == {"vm": 1, "cpython": 1}


def test_without_the_fallback_a_refusal_fails_every_lane(vm_only):
    res = vm_only.verify([PLUS_ONE, SORTED], SORT)
    assert res.diagnostic(0).cls == "TypeError" and res.diagnostic(0).line == 2
    assert res.status[0].tolist() == [res.status[0, 0]] * 3 and res.status_name(0, 0) == "compile_error"
    assert res.pass_counts.tolist() == [0, 3]
    assert res.summary.compiled == 1


def test_results_past_the_output_cap_are_run_again_in_their_copy(verifier):
    p = SORT.model_copy(update={"tests": [{"args": [list(range(40, 0, -1))], "expected": list(range(1, 41))},
                                          {"args": [list("zyxwvutsrq")], "expected": sorted("zyxwvutsrq"),
                                           "overload": 1}]})
    res = verifier.verify([SORTED], p, out_cap=2)
    assert res.actual(0, 0) == list(range(1, 41)) and res.actual(0, 1) == sorted("zyxwvutsrq")


def test_a_batch_mixes_overloaded_plain_and_untyped_problems(verifier):
    plain = Problem(name="inc", entry="g", signature="def g(x: int) -> int", tests=[{"args": [1], "expected": 2}])
    untyped = Problem(name="u", entry="g", signature="def g(x)", typed=False, tests=[{"args": [1], "expected": 2}])
    inc = "def g(x):\n    return x + 1\n"
    out = verifier.verify_batch([([SORTED, SAME], SORT), ([inc], plain), ([inc], untyped), ([SAME], SORT)])
    assert [r.pass_counts.tolist() for r in out] == [[3, 0], [1], [1], [0]]
    assert [r.path(0) for r in out] == ["vm", "vm", "cpython", "vm"]


def test_verdict_only_and_the_check_judge_the_merged_lanes(verifier):
    # the str test is inexact: its check judges a candidate that fails it on the VM
    p = SORT.model_copy(update={
        "check": "assert sorted(f(['b', 'a'])) == ['a', 'b']\nassert f([3, 1, 2]) == [1, 2, 3]",
        "tests": [{"args": [[3, 1, 2]], "expected": [1, 2, 3]},
                  {"args": [["b", "a"]], "expected": ["a", "b"], "overload": 1, "exact": False}]})
    reverse_str = "def f(xs):\n    ys = sorted(xs)\n    if ys and isinstance(ys[0], str):\n" \
                  "        return ys[::-1]\n    return ys\n"
    res = verifier.verify_batch([([SORTED, reverse_str, SAME], p)], verdict_only=True)[0]
    assert [res.path(c) for c in range(3)] == ["vm", "cpython", "vm"]
    assert [res.all_passed(c) for c in range(3)] == [True, True, False]


def test_the_tests_are_checked_against_their_own_signature():
    with pytest.raises(ProblemFileError) as e:
        _from_file({"tests": [{"args": [["a"]], "expected": ["a"]},
                              {"args": [["b"]], "expected": ["b"], "overload": 1}]})
    assert "tests[0].args[0][0]" in str(e.value) and "expected int" in str(e.value)
    with pytest.raises(ProblemFileError, match=r"tests\[0\]\.overload: 2 names no signature"):
        _from_file({"tests": [{"args": [[1]], "expected": [1], "overload": 2}]})
    with pytest.raises(ProblemFileError, match=r"overloads\[0\]: types no test"):
        _from_file({"tests": [{"args": [[1]], "expected": [1]}]})
    with pytest.raises(ProblemFileError, match=r"overloads\[0\]: defines 'g' but entry is 'f'"):
        _from_file({"overloads": ["def g(xs: list[str]) -> list[str]"]})
    with pytest.raises(ProblemFileError, match="as many parameters"):
        _from_file({"overloads": ["def f(xs: list[str], n: int) -> list[str]"]})
    with pytest.raises(ProblemFileError, match="overloads: an untyped problem has one def line"):
        _from_file({"signature": "def f(xs)", "typed": False, "tests": [{"args": [1], "expected": 1}]})


def _from_file(update: dict) -> Problem:
    return Problem.from_dict({**SORT.model_dump(), **update}, source="sort.json")


def test_split_gives_one_problem_per_signature_made_once():
    a, b = SORT.split()
    assert (a.signature, [t.args for t in a.tests]) == (SORT.signature, [[[3, 1, 2]], [[5, 4]]])
    assert (b.signature, [t.args for t in b.tests], b.tests[0].overload) == (SORT.overloads[0], [[["b", "a"]]], 0)
    assert SORT.split()[0] is a and SORT.overload_tests == ((0, 2), (1,))
    assert SORT.python_args == (([3, 1, 2],), (["b", "a"],), ([5, 4],))
    with pytest.raises(ValueError, match="overloads"):
        SORT.encoded()


def test_a_model_is_shown_the_def_line_without_annotations_and_each_test_in_its_types():
    p = Problem(name="t", entry="f", signature="def f(t: tuple[int, int]) -> int",
                overloads=["def f(t: tuple[str, str]) -> str"],
                tests=[{"args": [[1, 2]], "expected": 1}, {"args": [["a", "b"]], "expected": "a", "overload": 1}])
    assert examples(p) == "f((1, 2)) == 1\nf(('a', 'b')) == 'a'"
    assert answer_opening(p).endswith("def f(t):")
    assert "write `def f(t)`" in task_prompt(p, Templates.load())


def test_extra_inputs_are_drawn_under_every_signature():
    p = extra_inputs(SORT, 6, seed=1)
    assert {t.overload for t in p.tests} == {0, 1} and len(p.tests) == 6
    for t in p.tests:
        assert all(isinstance(x, int if t.overload == 0 else str) for x in t.args[0])


SORT_TOML = '''name = "sort"
entry = "f"
signature = "def f(xs: list[int]) -> list[int]"
overloads = ["def f(xs: list[str]) -> list[str]"]

[[tests]]
args = [[3, 1, 2]]
expected = [1, 2, 3]

[[tests]]
args = [["b", "a"]]
expected = ["a", "b"]
overload = OVERLOAD
'''


def test_a_problem_file_holds_overloads_and_a_bad_one_is_named_by_line(tmp_path):
    path = tmp_path / "sort.toml"
    path.write_text(SORT_TOML.replace("OVERLOAD", "1"))
    p = Problem.from_file(path)
    assert p.overload_tests == ((0,), (1,)) and p.sigs[1].params == (("xs", "[s"),)
    path.write_text(SORT_TOML.replace("OVERLOAD", "2"))
    with pytest.raises(ProblemFileError) as e:
        Problem.from_file(path)
    # (and so the overload types no test)
    assert [(i.line, i.field) for i in e.value.issues] == [(4, "overloads[0]"), (13, "tests[1].overload")]
    assert "names no signature" in e.value.issues[1].message
