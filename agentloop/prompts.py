"""Prompt building: the templates in prompts/ filled from a problem and,
in later rounds, an earlier candidate and its feedback.

Only visible tests ever reach a prompt; hidden ones decide success. When
the generator's tokenizer has a chat template the prompt goes in as one
user message with the generation prompt appended, else as plain text.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Any

from gpubackend import Problem
from gpubackend.problem import Test
from gpubackend.sandbox.wire import from_wire
from gpubackend.values import normalize

# The templates: prompts/ at the repository root in a checkout, the data
# package agentloop/prompts_data in an installed wheel (pyproject.toml);
# AGENTLOOP_PROMPTS points elsewhere, e.g. at a tuned copy.
_CHECKOUT = Path(__file__).resolve().parents[1] / "prompts"
DEFAULT_DIR = _CHECKOUT if _CHECKOUT.is_dir() else Path(__file__).resolve().parent / "prompts_data"
# The fence a right answer opens with (train.py writes the embedded model's
# answers so; extract.py's rule finds the code after it).
ANSWER_FENCE = "```python\n"
# typing names a signature may spell its types with; each one used must be
# imported (docs/language.md), so an opened answer imports it before the def.
TYPING_NAMES = ("Optional", "List", "Tuple", "Dict", "Set")
# Visible tests shown as examples: enough to pin the behaviour down, few
# enough that the prompt stays short for a small context window.
MAX_EXAMPLES = 6


@dataclass(frozen=True)
class Templates:
    """The three templates of prompts/README.md, read once."""

    card: str
    task: Template
    feedback: Template

    @classmethod
    def load(cls, folder: str | Path | None = None) -> "Templates":
        """folder: where dsl_card.md, task.md and feedback.md are (default:
        $AGENTLOOP_PROMPTS, else the repository's prompts/)."""
        root = Path(folder or os.environ.get("AGENTLOOP_PROMPTS") or DEFAULT_DIR)
        try:
            read = {n: (root / f"{n}.md").read_text(encoding="utf-8") for n in ("dsl_card", "task", "feedback")}
        except OSError as e:
            raise FileNotFoundError(f"prompt templates: cannot read {e.filename} ({e.strerror})") from None
        return cls(read["dsl_card"].strip(), Template(read["task"]), Template(read["feedback"]))


def as_python(value: Any, code: str) -> Any:
    """A test value as the program sees it: a problem file's JSON or TOML
    has lists where the signature says tuple, and its repr must say tuple."""
    try:
        return normalize(value, code)
    except (ValueError, TypeError, KeyError):
        return value  # the problem's own checks name what is wrong with it


def arg_values(problem: Problem, test: Test) -> list:
    """A test's arguments as the program sees them: as_python under the
    parameters' types (its own signature's, Test.overload), or the wire
    values decoded for an untyped problem."""
    if not problem.typed:
        return [from_wire(a, floats=True) for a in test.args]
    return [as_python(a, code) for a, (_, code) in zip(test.args, problem.sigs[test.overload].params)]


def expected_value(problem: Problem, test: Test) -> Any:
    """A test's expected value as the program would return it (arg_values' rule)."""
    if not problem.typed:
        return from_wire(test.expected, floats=True)
    return as_python(test.expected, problem.sigs[test.overload].ret)


def call_text(problem: Problem, test: Test) -> str:
    """The entry called on a test's arguments, as Python source: f(1, 'a')."""
    return f"{problem.entry}({', '.join(repr(a) for a in arg_values(problem, test))})"


def examples(problem: Problem) -> str:
    """Up to MAX_EXAMPLES visible tests as `f(args) == expected` lines."""
    lines = [f"{call_text(problem, t)} == {expected_value(problem, t)!r}"
             for t in (problem.tests[i] for i in problem.visible_tests[:MAX_EXAMPLES])]
    return "\n".join(lines) if lines else "(none given)"


def task_prompt(problem: Problem, templates: Templates) -> str:
    """The first round's prompt: the DSL card and the task."""
    return templates.task.substitute(card=templates.card, signature=problem.shown_signature,
                                     description=problem.description.strip(),
                                     examples=examples(problem)).strip() + "\n"


def feedback_prompt(problem: Problem, templates: Templates, program: str, feedback: str) -> str:
    """A later round's prompt: the task, an earlier program and what went wrong."""
    return templates.feedback.substitute(task=task_prompt(problem, templates).strip(),
                                         program=program.strip("\n"), feedback=feedback.strip()).strip() + "\n"


def answer_opening(problem: Problem) -> str:
    """The first words of a right answer, fixed by the problem: the fence,
    the typing import its signature needs and its def line up to the colon.
    A generator that opens answers (Generator.opens_answer) is prompted with
    this at the end of its input and continues it, so that its program has
    the problem's entry name and parameters whatever it recalls of similar
    tasks. It stops before the newline: the newline and the body's
    indentation are one token to many tokenizers (the embedded model's too),
    and a prompt cut inside a token leads the model astray."""
    used = [n for n in TYPING_NAMES if re.search(rf"\b{n}\b", problem.shown_signature)]
    imports = f"from typing import {', '.join(used)}\n\n\n" if used else ""
    return f"{ANSWER_FENCE}{imports}{problem.shown_signature}:"


def as_model_input(text: str, tokenizer: Any | None) -> str:
    """`text` as the model should see it: wrapped in the tokenizer's chat
    template (one user turn, then the assistant's turn opened) when it has
    one, unchanged otherwise."""
    if tokenizer is None or not getattr(tokenizer, "chat_template", None):
        return text
    return tokenizer.apply_chat_template([{"role": "user", "content": text}], tokenize=False,
                                         add_generation_prompt=True)
