"""`agentloop solve PROBLEM`: the loop on one problem file, with a model
in process (vLLM), behind a vLLM server, or through torch/transformers;
the embedded model (generators/default.py) when none is named."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.syntax import Syntax
from rich.table import Table

from gpubackend import Verifier

from . import generator_options as opt
from .console import err, fail, load_problem
from .generator_options import GeneratorSpec
from .generators import GeneratorError
from .solver import RoundReport, SolveReport, Solver

STAGES = ("generate", "intake", "detokenize", "extract", "dedup", "compile", "run", "reduce", "select")


def solve(
    problem: Path = typer.Argument(..., help="The problem file (TOML or JSON)."),
    model: str = opt.MODEL,
    server: str = opt.SERVER,
    hf: str = opt.HF,
    served_model: str = opt.SERVED_MODEL,
    tokenizer: str = opt.TOKENIZER,
    engine_arg: list[str] = opt.ENGINE_ARG,
    k: int = typer.Option(16, "--k", min=1, help="Candidates in the first round, and at most per round."),
    rounds: int = typer.Option(4, "--rounds", min=1, help="Rounds at most."),
    max_candidates: int = typer.Option(None, "--max-candidates", min=1, help="Candidates at most over all rounds."),
    time_limit: float = typer.Option(None, "--time-limit", help="Wall-time budget in seconds."),
    max_tokens: int = opt.MAX_TOKENS,
    temperature: float = opt.TEMPERATURE,
    open_answer: bool = opt.OPEN_ANSWER,
    seed: int = opt.SEED,
    device: str = opt.DEVICE,
    as_json: bool = typer.Option(False, "--json", help="Print the JSON report on stdout instead of text."),
    out: Path = typer.Option(None, "--out", help="Write the JSON report of every round to this file."),
) -> None:
    """Solve PROBLEM: rounds of k candidates, verified and fed back, until one
    passes every test. Without --model, --server or --hf the embedded model
    writes them. Exit 0 when solved, 1 when a budget ran out, 2 on bad input."""
    prob = load_problem(problem)
    spec = GeneratorSpec(model, server, hf, served_model, tokenizer, list(engine_arg), temperature, open_answer)
    if len(spec.named) > 1:
        raise fail(f"give at most one of --model, --server and --hf (got {', '.join(spec.named)})")
    if out is not None and not out.parent.exists():
        raise fail(f"--out: folder {out.parent} does not exist")
    try:
        verifier = Verifier(device)
    except (ValueError, RuntimeError) as e:
        raise fail(f"--device {device}: {e}")
    try:
        if not spec.named and not as_json:
            err.print("no --model, --server or --hf: the embedded model (agentloop/coder/model, "
                      "docs/coder-model.md)", highlight=False, soft_wrap=True)
        generator = spec()
        quiet = as_json
        show = _Display(quiet)
        solver = Solver(generator, verifier, k=k, rounds=rounds, max_candidates=max_candidates,
                        time_limit=time_limit, max_tokens=max_tokens, seed=seed,
                        on_round=show.round, on_stage=show.stage)
        with show:
            report = solver.solve(prob)
    except (GeneratorError, ValueError) as e:
        raise fail(str(e))
    if out is not None:
        _write_atomic(out, json.dumps(report.to_json(), indent=2) + "\n")
    if as_json:
        print(json.dumps(report.to_json()))
    else:
        _print_outcome(report)
    raise typer.Exit(0 if report.solved else 1)


def _write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file and a rename: a reader never sees half a report."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


class _Display:
    """A spinner naming the round and stage, and a line per finished round (on stderr)."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.status = None

    def __enter__(self):
        if not self.quiet:
            self.status = err.status("starting")
            self.status.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        if self.status is not None:
            self.status.__exit__(*exc)

    def stage(self, r: int, stage: str) -> None:
        if self.status is not None:
            self.status.update(f"round {r}: {stage}")

    def round(self, rep: RoundReport) -> None:
        if self.quiet:
            return
        times = " ".join(f"{s} {rep.seconds[s] * 1e3:.0f}ms" for s in STAGES if s in rep.seconds)
        s = rep.summary
        err.print(f"round {rep.index}: {rep.k} candidates, {rep.compiled} compiled, "
                  f"{s['all_visible']} pass visible, {len(rep.passing)} pass all; "
                  f"best {rep.best_fraction:.0%} of visible tests | {times}", highlight=False, soft_wrap=True)


def _print_outcome(report: SolveReport) -> None:
    out = Console(highlight=False)
    table = Table(title=f"{report.problem}: {report.stop} after {len(report.rounds)} round(s), "
                        f"{report.candidates} candidates, {report.seconds:.1f} s")
    for col in ("round", "k", "compiled", "pass visible", "pass all", "best visible"):
        table.add_column(col, justify="right")
    for r in report.rounds:
        table.add_row(str(r.index), str(r.k), str(r.compiled), str(r.summary["all_visible"]),
                      str(len(r.passing)), f"{r.best_fraction:.0%}")
    out.print(table)
    w = report.winner
    if w is None:
        out.print("no candidate passed every test")
        return
    out.print(escape(f"winner: round {w.round}, candidate {w.candidate} ({w.passing} passed every test; "
                     f"{w.agreement} agreed with it on extra inputs; {w.steps} steps)"))
    out.print(Syntax(w.program.rstrip("\n"), "python"))
