"""What the commands share: the error console and problem loading with
one-line errors (file, line, field) and exit status 2."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from gpubackend import Problem, ProblemFileError

err = Console(stderr=True)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print `error: message` on stderr; the caller raises the returned Exit."""
    err.print(f"[red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)  # one line, however long
    return typer.Exit(code)


def load_problem(path: Path) -> Problem:
    """The problem file at `path`, or exit 2 with its first issue."""
    try:
        return Problem.from_file(path)
    except ProblemFileError as e:
        raise fail(str(e))
    except OSError as e:
        raise fail(f"cannot read problem file {path}: {e.strerror}")
