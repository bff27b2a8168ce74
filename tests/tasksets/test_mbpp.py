"""agentloop.tasksets.mbpp: MBPP records (mbpp_fixture.jsonl, written for
these tests in MBPP's format) as tasks: the asserts kept and the ones that
skip a problem, visible and hidden tests, and malformed records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentloop.tasksets import TaskSetError, load_taskset
from agentloop.tasksets.mbpp import record_issue, to_humaneval
from gpubackend import Verifier

FIXTURE = Path(__file__).resolve().parent / "mbpp_fixture.jsonl"
RECORDS = [json.loads(line) for line in FIXTURE.read_text().splitlines()]


@pytest.fixture(scope="module")
def taskset():
    return load_taskset(FIXTURE)


def test_records_become_tasks_with_inferred_signatures(taskset):
    assert taskset.name == "mbpp_fixture"
    assert [t.task_id for t in taskset] == [f"MBPP/{r['task_id']}" for r in RECORDS]
    signatures = {t.task_id: t.problem.signature for t in taskset.runnable}
    assert signatures == {
        "MBPP/901": "def square_sum(n: int) -> int",
        "MBPP/902": "def reverse_words(s: str) -> str",
        "MBPP/903": "def min_max(xs: list[int]) -> tuple[int, int]",
        "MBPP/904": "def is_even(n: int) -> bool",
        "MBPP/905": "def sum_to(n: int) -> int",
        "MBPP/906": "def circle_area(r: int | float) -> float",
        "MBPP/907": "def common_elements(a: list[int], b: list[int]) -> list[int]",
        "MBPP/908": "def average(xs: list[int]) -> int | float",
        "MBPP/909": "def char_counts(s: str) -> dict[str, int]",
    }
    assert not taskset.skipped
    for t in taskset.runnable:
        rec = RECORDS[[f"MBPP/{r['task_id']}" for r in RECORDS].index(t.task_id)]
        assert t.problem.description == rec["text"]
        assert t.problem.prompt_code is None  # a completion is a whole program
        assert "\r" not in t.problem.solution


def test_loose_asserts_make_tests_the_check_judges(taskset):
    # `set(f(x)) == ...` and `math.isclose(f(x), y)` are kept in the check; their tests are not exact
    assert [t.exact for t in taskset["MBPP/907"].problem.tests] == [False] * 3
    # the check is MBPP's own harness: its asserts as written
    assert taskset["MBPP/907"].problem.check.startswith(
        "assert set(common_elements([1, 2, 3], [2, 3, 4])) == set([2, 3])\n")
    # a parameter or a return int on one call and float on another: an int | float
    assert taskset["MBPP/906"].problem.typed and taskset["MBPP/908"].problem.typed
    verifier = Verifier("cpu")
    task = taskset["MBPP/907"]
    right = "def common_elements(a, b):\n    return [x for x in b if x in a][::-1]\n"  # another order
    wrong = "def common_elements(a, b):\n    return a\n"
    res = verifier.verify([task.program(right), task.program(wrong)], task.problem)
    assert [res.all_passed(0), res.all_passed(1)] == [True, False]
    assert res.paths == ["cpython", "cpython"]


def test_test_list_is_all_visible_and_challenge_test_list_not_run(taskset):
    for t in taskset.runnable:
        rec = next(r for r in RECORDS if f"MBPP/{r['task_id']}" == t.task_id)
        assert len(t.problem.visible_tests) == len(t.problem.tests) == len(rec["test_list"]), t.task_id
        for challenge in rec["challenge_test_list"]:
            assert challenge not in t.problem.check, t.task_id
    assert [t.args for t in taskset["MBPP/901"].problem.tests] == [[2], [3], [4]]


def test_a_function_named_check_is_an_entry_like_any_other(tmp_path):
    rec = {"task_id": 56, "text": "Check n.", "code": "def check(n):\r\n  return n > 1", "test_setup_code": "",
           "test_list": ["assert check(2) == True", "assert check(1) == False"], "challenge_test_list": []}
    path = tmp_path / "mbpp.jsonl"
    path.write_text(json.dumps(rec) + "\n")
    task = load_taskset(path)["MBPP/56"]
    assert task.problem.entry == "check" and task.problem.check.startswith("assert check(2) == True\n")
    res = Verifier("cpu").verify([task.program("def check(n):\n    return n >= 2\n"),
                                  task.program("def check(n):\n    return True\n")], task.problem)
    assert [res.all_passed(0), res.all_passed(1)] == [True, False]


def test_reference_solutions_pass_as_whole_programs(taskset):
    verifier = Verifier("cpu")
    for tid in ("MBPP/901", "MBPP/902", "MBPP/903", "MBPP/904", "MBPP/905"):
        p = taskset[tid].problem
        # the reference with its inferred annotations: a top-level def of the entry, a whole program
        program = taskset[tid].program(p.solution)
        assert program == p.solution
        assert verifier.verify([program], p).summary.all_tests == 1, tid
    # MBPP's code as written has no annotations: the problem's signature types the entry, the VM judges it
    res = verifier.verify([taskset["MBPP/901"].program(RECORDS[0]["code"])], taskset["MBPP/901"].problem)
    assert res.path(0) == "vm" and res.all_passed(0)


def test_the_humaneval_record_calls_candidate():
    task = to_humaneval(RECORDS[1])
    assert task["entry_point"] == "reverse_words" and task["prompt"] == ""
    assert task["canonical_solution"] == "def reverse_words(s):\n\treturn ' '.join(reversed(s.split()))\n"
    assert "def check(candidate):\n    assert candidate('python program') == 'program python'\n" in task["test"]
    assert "    assert 'indian man' == candidate('man indian')\n" in task["test"]  # value == f(...) kept
    assert "check_hidden" not in task["test"] and task["all_visible"]
    assert task["check_code"] == "".join(t.strip() + "\n" for t in RECORDS[1]["test_list"])  # as written
    assert to_humaneval(RECORDS[4])["test"].startswith("LIMIT = 10\n")  # test_setup_code first


def test_the_sanitized_format_is_read(tmp_path):
    rec = {"source_file": "x", "task_id": 5, "prompt": "Add one.", "code": "def inc(x):\n  return x + 1\n",
           "test_imports": [], "test_list": ["assert inc(1) == 2", "assert inc(-1) == 0"]}
    path = tmp_path / "sanitized.jsonl"
    path.write_text(json.dumps(rec) + "\n")
    p = load_taskset(path)["MBPP/5"].problem
    assert (p.signature, p.description, len(p.tests)) == ("def inc(x: int) -> int", "Add one.", 2)


@pytest.mark.parametrize("change, field", [
    ({"test_list": "assert f(1) == 1"}, "test_list"),
    ({"test_list": ["assert f(1) == 1", 3]}, "test_list[1]"),
    ({"code": None}, "code"),
    ({"task_id": 1.5}, "task_id"),
    ({"challenge_test_list": [None]}, "challenge_test_list[0]"),
])
def test_a_malformed_record_names_its_line_and_field(tmp_path, change, field):
    rec = {k: v for k, v in (RECORDS[0] | change).items() if v is not None}
    assert record_issue(rec)[0] == field
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(RECORDS[1]) + "\n" + json.dumps(rec) + "\n")
    with pytest.raises(TaskSetError) as info:
        load_taskset(path)
    assert (info.value.line, info.value.field) == (2, field)
    assert str(info.value).startswith(f"{path}:2: {field}: ")
