"""`agentloop eval TASKSET`: a model (or a samples file) over a whole task
set, many problems per verifier launch, pass@k, resumable results."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from . import generator_options as opt
from .console import err, fail
from .evaluate import (BATCH_PROBLEMS, ChunkRunner, EvalError, EvalSettings, ResultsFolder, plan, read_samples,
                       run_local)
from .generator_options import GeneratorSpec
from .generators import GeneratorError
from .passk import parse_ks
from .records import RunConfig
from .report import publish
from .tasksets import TaskSetError, load_taskset


def eval_(
    taskset: str = typer.Argument(..., help="A folder of problem files, a HumanEval/MBPP/problem JSONL, or 'humaneval'."),
    out: Path = typer.Option(..., "--out", help="The results folder; run again with the same one to resume."),
    samples: Path = typer.Option(None, "--samples", help="Verify these completions (JSONL of task_id, completion) instead of generating."),
    model: str = opt.MODEL,
    server: str = opt.SERVER,
    hf: str = opt.HF,
    served_model: str = opt.SERVED_MODEL,
    tokenizer: str = opt.TOKENIZER,
    engine_arg: list[str] = opt.ENGINE_ARG,
    n: int = typer.Option(10, "--n", min=1, help="Samples per problem (pass@k is estimated from the first round's)."),
    k: str = typer.Option("1", "--k", help="The k of pass@k, comma-separated, e.g. 1,10,100."),
    rounds: int = typer.Option(1, "--rounds", min=1, help="Rounds per problem: the first plus feedback rounds for unsolved ones."),
    max_tokens: int = opt.MAX_TOKENS,
    temperature: float = opt.TEMPERATURE,
    open_answer: bool = opt.OPEN_ANSWER,
    seed: int = opt.SEED,
    device: str = opt.DEVICE,
    batch_problems: int = typer.Option(BATCH_PROBLEMS, "--batch-problems", min=1, help="Problems per generate call and verifier launch."),
    ray: bool = typer.Option(False, "--ray", help="Spread the chunks over Ray actors (one per GPU)."),
    ray_actors: int = typer.Option(None, "--ray-actors", min=1, help="With --ray: actors (default: one per GPU, else 1)."),
    ray_address: str = typer.Option(None, "--ray-address", help="With --ray: the cluster to join (default: local)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary JSON on stdout instead of the table."),
    plot: bool = typer.Option(True, "--plot/--no-plot", help="Draw report.png (needs matplotlib)."),
) -> None:
    """Evaluate TASKSET: n candidates per problem, verified many problems per
    launch, pass@k; results appended to --out as each problem ends."""
    try:
        ks = parse_ks(k)
    except ValueError as e:
        raise fail(str(e))
    spec = _spec(samples, model, server, hf, served_model, tokenizer, engine_arg, temperature, open_answer)
    try:
        tasks = load_taskset(taskset)
        completions = read_samples(samples) if samples is not None else None
    except (TaskSetError, EvalError) as e:
        raise fail(str(e))
    if completions is not None:
        _warn_unknown(completions, {t.task_id for t in tasks.tasks}, samples)
        n = max((len(v) for v in completions.values()), default=1)
    config = RunConfig(taskset=taskset, mode="generate" if spec else "samples",
                       samples=str(samples) if samples is not None else None,
                       generator=spec.label if spec else None, n=n, k=ks, rounds=1 if samples else rounds, seed=seed,
                       temperature=spec.sampling_temperature if spec else 1.0, max_tokens=max_tokens,
                       open_answer=spec.opens_answer if spec else False)
    settings = EvalSettings(n=n, ks=ks, rounds=config.rounds, seed=seed, max_tokens=max_tokens)
    try:
        folder = ResultsFolder(out, config)
    except EvalError as e:
        raise fail(str(e))
    except OSError as e:
        raise fail(f"--out {out}: {e.strerror}")
    work = plan(tasks, settings, set(folder.done), completions, batch_problems)
    pending = len(tasks.tasks) - len(folder.done)
    if folder.done and not as_json:
        err.print(f"resuming {out}: {len(folder.done)} of {len(tasks.tasks)} problems already done", highlight=False)
    try:
        with _progress(as_json, pending) as advance:
            if ray:
                from .scale import run_ray

                run_ray(work, folder, settings, device, spec, ray_actors, ray_address, advance)
            else:
                runner = ChunkRunner(settings, device, spec)
                run_local(runner, work, folder, advance)
    except (GeneratorError, ValueError, RuntimeError) as e:
        raise fail(f"{e} (the {len(folder.done)} problems finished are kept in {out})")
    publish(out, len(tasks.tasks), as_json, plot)


def _spec(samples, model, server, hf, served_model, tokenizer, engine_args, temperature,
          open_answer) -> GeneratorSpec | None:
    chosen = GeneratorSpec(model, server, hf).named
    if samples is not None:
        if chosen:
            raise fail(f"--samples verifies given completions: leave out {', '.join(chosen)}")
        return None
    if len(chosen) > 1:
        raise fail(f"give at most one of --model, --server, --hf and --samples (got {', '.join(chosen)})")
    return GeneratorSpec(model, server, hf, served_model, tokenizer, list(engine_args), temperature, open_answer)


def _warn_unknown(completions: dict, known: set[str], path: Path) -> None:
    unknown = sorted(set(completions) - known)
    if unknown:
        more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
        err.print(f"note: {path} has samples for {len(unknown)} task(s) not in the task set "
                  f"({', '.join(unknown[:3])}{more}); they are not evaluated", highlight=False, soft_wrap=True)


class _progress:
    """A bar of problems done (on stderr), advanced by each chunk's records."""

    def __init__(self, quiet: bool, total: int) -> None:
        self.bar = None if quiet else Progress(TextColumn("eval"), BarColumn(), MofNCompleteColumn(),
                                               TimeElapsedColumn(), console=err, transient=True)
        self.total = total

    def __enter__(self):
        if self.bar is None:
            return lambda recs: None
        self.bar.__enter__()
        task = self.bar.add_task("eval", total=self.total)
        return lambda recs: self.bar.advance(task, len(recs))

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
