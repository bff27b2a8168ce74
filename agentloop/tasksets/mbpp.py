"""MBPP records as HumanEval-like tasks, converted by humaneval.py.

MBPP (Austin et al. 2021, "Program Synthesis with Large Language Models",
github.com/google-research/google-research/tree/master/mbpp) records are

    task_id              an int (11, 12, ...)
    text                 the task in English
    code                 the reference solution, a whole program
    test_list            asserts such as `assert f(args) == expected`
    test_setup_code      code the asserts need (mostly "")
    challenge_test_list  more asserts (mostly [])

(the sanitized variant names `text` `prompt` and has `test_imports`, a list
of import lines, for the setup code; both are read). Each becomes the
HumanEval record that humaneval.convert takes, so that the recording of
tests and the inference of annotations are humaneval's own:

    task_id             'MBPP/<id>' (a string id is kept as it is)
    prompt              '': the solution is the whole program; there is no
                        prompt code, a model writes the def line itself
    canonical_solution  code (CRLF line ends made LF)
    entry_point         the function the first assert of test_list calls
    test                test_setup_code; `def check(candidate):` with
                        test_list's asserts calling candidate (the harness
                        that records the tests; `check_` when the code has
                        a function named check, and so on: `harness`)
    check_code          test_setup_code and test_list's asserts as written:
                        the problem's check, MBPP's own harness
    all_visible         True: every test of test_list is visible, as MBPP's
                        prompts show them
    description         text

challenge_test_list is not run: MBPP's published evaluation, and every
harness that reports pass@k on it, judges by test_list alone.

Each assert of test_list makes tests: those of the form `assert f(...) ==
value` (also `value == f(...)`, `f(...) is True/False/None`) exact ones,
any other (`math.isclose(f(x), y)`, `set(f(x)) == {...}`, a bare `assert
f(x)`) tests that the problem's check judges on CPython (humaneval.py,
Test.exact).
"""

from __future__ import annotations

import ast
from typing import Any

from .humaneval import Converted, Unconvertible
from .humaneval import convert as convert_humaneval

# The name the asserts call the solution by in check(), as in HumanEval.
CANDIDATE = "candidate"


def task_id_of(record: dict) -> str:
    """'MBPP/11' for task_id 11; a string task_id as it is."""
    tid = record.get("task_id")
    return tid if isinstance(tid, str) else f"MBPP/{tid}"


def record_issue(record: dict) -> tuple[str, str] | None:
    """(field, message) for the first thing malformed in an MBPP record, or
    None when it is well-formed (whether it converts is another matter)."""
    if "task_id" not in record:
        return "task_id", "missing required field"
    if isinstance(record["task_id"], bool) or not isinstance(record["task_id"], (int, str)):
        return "task_id", f"expected an int or a string, got {record['task_id']!r}"
    text_field = "text" if "text" in record or "prompt" not in record else "prompt"
    for key in ("code", text_field):
        if key not in record:
            return key, "missing required field (an MBPP record has task_id, text, code, test_list)"
        if not isinstance(record[key], str):
            return key, f"expected a string, got {type(record[key]).__name__}"
    if "test_setup_code" in record and not isinstance(record["test_setup_code"], str):
        return "test_setup_code", f"expected a string, got {type(record['test_setup_code']).__name__}"
    for key in ("test_list", "challenge_test_list", "test_imports"):
        if key not in record:
            if key == "test_list":
                return key, "missing required field"
            continue
        issue = _string_list_issue(record[key])
        if issue is not None:
            return key + issue[0], issue[1]
    return None


def _string_list_issue(value: Any) -> tuple[str, str] | None:
    if not isinstance(value, list):
        return "", f"expected a list of strings, got {type(value).__name__}"
    for i, item in enumerate(value):
        if not isinstance(item, str):
            return f"[{i}]", f"expected a string, got {type(item).__name__}"
    return None


def convert(record: dict) -> Converted:
    """The Converted of one well-formed MBPP record (record_issue None):
    converted by humaneval.convert, or with the reason it is skipped."""
    try:
        task = to_humaneval(record)
    except Unconvertible as u:
        return Converted(task_id_of(record), "?", reason=u.reason, feature=u.feature or u.reason)
    return convert_humaneval(task)


def to_humaneval(record: dict) -> dict:
    """The HumanEval record of an MBPP record (module docstring); raises
    Unconvertible when its asserts are not of a kind kept."""
    code = _lf(record["code"])
    try:
        defined = {n.name for n in ast.parse(code).body if isinstance(n, ast.FunctionDef)}
    except SyntaxError as e:
        raise Unconvertible(f"syntax: code does not parse: {e.msg} (line {e.lineno})", "syntax") from None
    visible = [_parse_assert(t, f"test_list[{i}]") for i, t in enumerate(record["test_list"])]
    if not visible:
        raise Unconvertible("test_list: no tests")
    entry = _entry_of(visible[0][0], defined)
    # the recording harness's name: `check`, unless the code has a function of that name
    harness = "check"
    while harness in defined or harness == entry:
        harness += "_"
    setup = _lf(record.get("test_setup_code") or "\n".join(record.get("test_imports") or []))
    head = setup.rstrip("\n") + "\n\n\n" if setup.strip() else ""
    test = head + _check_def(harness, [_check_line(node, entry) for node, _ in visible])
    check_code = head + "".join(_lf(t).strip() + "\n" for t in record["test_list"])
    return {"task_id": task_id_of(record), "prompt": "", "entry_point": entry, "canonical_solution": code,
            "test": test, "check_code": check_code, "harness": harness, "all_visible": True,
            "description": record.get("text", record.get("prompt", ""))}


def _lf(text: str) -> str:
    """LF line ends (MBPP's code has CRLF), ending in one."""
    text = text.replace("\r\n", "\n")
    return text if text.endswith("\n") or not text else text + "\n"


def _parse_assert(source: str, where: str) -> tuple[ast.Assert, str]:
    try:
        tree = ast.parse(_lf(source).strip())
    except SyntaxError as e:
        raise Unconvertible(f"{where}: does not parse: {e.msg}", "test: does not parse") from None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assert):
        raise Unconvertible(f"{where}: not one assert statement: {_short(source)}", "test: not one assert")
    return tree.body[0], where


def _entry_of(node: ast.Assert, defined: set[str]) -> str:
    """The first function of the code that the assert calls."""
    for n in ast.walk(node):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in defined:
            return n.func.id
    raise Unconvertible(f"test_list[0]: calls no function that the code defines: {_short(ast.unparse(node))}",
                        "test: calls no function of the code")


def _check_line(node: ast.Assert, entry: str) -> str:
    """The assert as a line of check(): f called as candidate, no message."""

    class Rename(ast.NodeTransformer):
        def visit_Name(self, n: ast.Name) -> ast.Name:
            return ast.copy_location(ast.Name(CANDIDATE, n.ctx), n) if n.id == entry else n

    return ast.unparse(Rename().visit(ast.Assert(node.test, None)))


def _check_def(name: str, lines: list[str]) -> str:
    body = "".join(f"    {line}\n" for line in lines) or "    pass\n"
    return f"def {name}({CANDIDATE}):\n{body}"


def _short(text: str, n: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 3] + "..."
