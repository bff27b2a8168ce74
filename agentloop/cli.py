"""The command line: `agentloop solve`, `eval`, `report`, `check` and `disasm`."""

from __future__ import annotations

import ast
import json
import os
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from gpubackend import Problem, Verifier
from gpubackend.disasm import disassemble

from .console import err, load_problem

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="A GPU-native verify loop for model-written code.")

# stdout is the commands' output (tables, --json); vLLM logs to stdout
# unless told otherwise, and its engine process inherits the setting.
os.environ.setdefault("VLLM_LOGGING_STREAM", "ext://sys.stderr")


def _read_program(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "surrogateescape")
    except OSError as e:
        err.print(f"[red]error:[/] cannot read program {escape(str(path))}: {e.strerror}")
        raise typer.Exit(2)


def _jsonable(v):
    if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
        return repr(v)  # JSON has no nan/inf: give CPython's repr
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    return repr(v)  # a set, dict or object from the CPython path: as CPython prints it


@app.command()
def check(
    program: Path = typer.Argument(..., help="A DSL program file (.py)."),
    problem: Path = typer.Option(..., "--problem", "-p", help="The problem file (TOML or JSON)."),
    device: str = typer.Option("auto", help="auto, cpu or cuda."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of text."),
) -> None:
    """Compile PROGRAM and run it on every test of PROBLEM; exit 0 only when all pass."""
    prob = load_problem(problem)
    source = _read_program(program)
    res = Verifier(device).verify([source], prob)
    diag = res.diagnostics[0]
    tests = []
    for t in range(res.n_tests):
        status = res.status_name(0, t)
        tests.append({"index": t, "status": status, "actual": _jsonable(res.actual(0, t)),
                      "line": int(res.line[0, t]) or None, "hidden": prob.tests[t].hidden})
    ok = diag is None and all(x["status"] == "pass" for x in tests)
    path, refusal = res.path(0), res.refusal(0)
    if as_json:
        print(json.dumps({"program": str(program), "problem": prob.name, "compiled": diag is None,
                          "diagnostic": diag.to_json() if diag else None, "tests": tests,
                          "path": path, "refusal": refusal.to_json() if refusal else None, "passed": ok}))
        raise typer.Exit(0 if ok else 1)
    out = Console(highlight=False)
    if path == "cpython":  # the VM's refusal, as file:line:col, says what keeps it off the fast path
        why = f"the VM refused {program}:{refusal}" if refusal else "lanes ended in the VM's own statuses"
        out.print(escape(f"judged on CPython: {why}"), soft_wrap=True)
    if diag:
        out.print(escape(f"{program}:{diag}"))  # messages quote code: list[int] is no markup
    else:
        for x, test in zip(tests, prob.tests):
            mark = "[green]pass[/]" if x["status"] == "pass" else f"[red]{x['status']}[/]"
            where = f" (line {x['line']})" if x["line"] else ""
            args = escape(", ".join(repr(a) for a in test.args))
            got = escape(f" -> {x['actual']!r}, expected {test.expected!r}") if x["status"] == "wrong_answer" else ""
            out.print(f"test {x['index']}{' (hidden)' if test.hidden else ''}: {prob.entry}({args}) {mark}{where}{got}")
    n_pass = sum(x["status"] == "pass" for x in tests)
    out.print(f"{n_pass}/{len(tests)} tests passed" if not diag else "did not compile")
    raise typer.Exit(0 if ok else 1)


@app.command()
def disasm(
    program: Path = typer.Argument(..., help="A DSL program file (.py)."),
    problem: Path = typer.Option(None, "--problem", "-p", help="Problem file giving the entry and signature "
                                 "(default: the program's first def is the entry)."),
) -> None:
    """Print the bytecode the compiler makes of PROGRAM."""
    source = _read_program(program)
    if problem is not None:
        prob = load_problem(problem)
    else:
        prob = _problem_from_first_def(source, program)
    prog = Verifier("cpu").compile([source], prob)[0]
    if not prog["ok"]:
        from gpubackend.result import diagnostic

        err.print(escape(f"{program}:{diagnostic(prog)}"), highlight=False, soft_wrap=True)
        raise typer.Exit(1)
    # every def in source order, nested ones included, as the compiler numbers them
    defs = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef)]
    names = [n.name for n in sorted(defs, key=lambda n: (n.lineno, n.col_offset))]
    print(disassemble(prog, names))


def _problem_from_first_def(source: str, path: Path) -> Problem:
    """A test-less stand-in problem whose entry is the program's first def."""
    try:
        tree = ast.parse(source)
    except SyntaxError as e:
        err.print(escape(f"{path}:{e.lineno}:{e.offset}: SyntaxError: {e.msg}"))
        raise typer.Exit(1)
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if not defs:
        err.print(f"{path}: no function to disassemble")
        raise typer.Exit(1)
    d = defs[0]
    head = ast.unparse(d).split("\n")[0].rstrip(":")
    from gpubackend.types import parse_signature, placeholder
    from gpubackend.values import normalize  # noqa: F401  (types must parse)

    sig = parse_signature(head)
    args = [placeholder(code) for _, code in sig.params]
    return Problem(name=d.name, entry=d.name, signature=head,
                   tests=[{"args": args, "expected": placeholder(sig.ret)}])


from .solve_cmd import solve  # noqa: E402  (registers `agentloop solve` on app)

app.command()(solve)

from .report import report as _report_cmd  # noqa: E402  (`agentloop report DIR`)

app.command(name="report")(_report_cmd)

from .eval_cmd import eval_ as _eval_cmd  # noqa: E402  (`agentloop eval TASKSET`)

app.command(name="eval")(_eval_cmd)


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
