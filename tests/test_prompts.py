"""agentloop/prompts.py and prompts/: the templates fill from a problem,
only visible tests reach a prompt, and chat templates wrap it."""

import re

import pytest

from agentloop.prompts import (DEFAULT_DIR, Templates, answer_opening, as_model_input, call_text, examples,
                               feedback_prompt, task_prompt)
from gpubackend import Problem

FIELDS = {"dsl_card.md": set(), "task.md": {"card", "signature", "description", "examples"},
          "feedback.md": {"task", "program", "feedback"}}


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_templates_use_the_fields_the_loop_provides(name):
    text = (DEFAULT_DIR / name).read_text()
    used = set(re.findall(r"\$(?:\{(\w+)\}|(\w+))", text.replace("$$", "")))
    assert {a or b for a, b in used} == FIELDS[name]


def test_the_task_prompt_shows_visible_tests_only():
    p = Problem.from_file("tasks/examples/caesar.toml")
    text = task_prompt(p, Templates.load())
    assert p.signature in text and "Shift every lowercase letter" in text
    assert "caesar('abc', 1) == 'bcd'" in text
    for t in p.hidden_tests:
        assert call_text(p, p.tests[t]) not in text
    assert examples(p).count("\n") == len(p.visible_tests) - 1


def test_the_feedback_prompt_holds_the_task_the_program_and_the_feedback():
    p = Problem.from_file("tasks/examples/caesar.toml")
    t = Templates.load()
    text = feedback_prompt(p, t, "def caesar(s: str, k: int) -> str:\n    return s\n", "It returned a wrong answer")
    assert text.startswith(task_prompt(p, t).strip())
    assert "```python\ndef caesar(s: str, k: int) -> str:\n    return s\n```" in text
    assert "It returned a wrong answer" in text


def test_a_folder_of_templates_can_replace_the_defaults(tmp_path, monkeypatch):
    for name in FIELDS:
        (tmp_path / name).write_text((DEFAULT_DIR / name).read_text())
    (tmp_path / "task.md").write_text("TASK $signature\n$card $description $examples")
    monkeypatch.setenv("AGENTLOOP_PROMPTS", str(tmp_path))
    assert task_prompt(Problem.from_file("tasks/examples/caesar.toml"), Templates.load()).startswith("TASK def caesar")
    (tmp_path / "feedback.md").unlink()
    with pytest.raises(FileNotFoundError, match="feedback.md"):
        Templates.load()


def test_chat_templates_wrap_the_prompt_as_a_user_turn():
    from tests import model_kit

    tok = model_kit.tokenizer()
    assert as_model_input("hi", tok) == "<s>user\nhi</s>\n<s>assistant\n"
    tok.chat_template = None
    assert as_model_input("hi", tok) == "hi" and as_model_input("hi", None) == "hi"


def test_examples_show_tuples_where_the_signature_says_tuple():
    from pathlib import Path

    problem = Problem.from_file(Path(__file__).parent.parent / "tasks" / "examples" / "pairs_with_sum.json")
    assert examples(problem).splitlines()[0] == "pairs_with_sum([1, 2, 3, 4], 5) == [(0, 3), (1, 2)]"


def _problem(signature: str, args: list, expected) -> Problem:
    return Problem.from_dict({"name": "t", "entry": "f", "signature": signature,
                              "tests": [{"args": args, "expected": expected}]})


def test_an_opened_answer_is_the_fence_and_the_def_line_up_to_its_colon():
    assert answer_opening(_problem("def f(n: int) -> int", [1], 1)) == "```python\ndef f(n: int) -> int:"


@pytest.mark.parametrize("signature, args, names", [
    ("def f(xs: list[int]) -> Optional[int]", [[1]], "Optional"),
    ("def f(xs: List[int], t: Tuple[int, int]) -> Optional[Dict[str, int]]", [[1], [1, 2]],
     "Optional, List, Tuple, Dict"),
])
def test_an_opened_answer_imports_the_typing_names_its_signature_uses(signature, args, names):
    opening = answer_opening(_problem(signature, args, None))
    assert opening == f"```python\nfrom typing import {names}\n\n\n{signature}:"
    source = opening.removeprefix("```python\n") + "\n    return None\n"
    compile(source, "opened", "exec")  # a complete program once a body follows
