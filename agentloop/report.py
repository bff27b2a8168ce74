"""`agentloop report DIR`: re-render a results folder of `agentloop eval`
(layout in records.py and docs/eval-report.md) from its results.jsonl:
summary.json, report.png and a table on the terminal.

Everything is recomputed from the records: pass@k from each done problem's
first-round n and correct (the stored per-problem pass_at is not trusted),
so a report of a run that was killed, resumed or is still going is always
consistent with the lines written so far.

Skip and error reasons are grouped by `reason_group`: the text up to the
first ':' plus the next clause (up to the next ':', ',', ';' or '('),
passing over clauses that are only numbers (a diagnostic's line:col).
"outside the DSL: 3:12: Unsupported: dict display" is counted under
"outside the DSL: Unsupported"; errors are counted under "error: <group>".
"""

from __future__ import annotations

import io
import json
import os
import re
import tempfile
from collections import Counter
from pathlib import Path
import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .console import err, fail
from .passk import mean_pass_at_k
from .records import ProblemRecord, RunConfig, Summary

CONFIG = "config.json"
RESULTS = "results.jsonl"
SUMMARY = "summary.json"
PLOT = "report.png"

TOP_REASONS = 10      # reason groups shown in the table (summary.json has all)
CURVE_POINTS = 200    # at most this many k on the plot's pass@k curve


class ReportError(ValueError):
    """A results folder that cannot be read; the message names the file (and line and field)."""


# ------------------------------------------------------------------ reading


def _field_error(e: ValidationError) -> str:
    first = e.errors()[0]
    loc = ".".join(str(p) for p in first["loc"])
    more = f" (and {e.error_count() - 1} more)" if e.error_count() > 1 else ""
    return (f"field '{loc}': " if loc else "") + first["msg"] + more


def read_results(folder: Path | str, notes: list[str] | None = None) -> tuple[RunConfig, list[ProblemRecord]]:
    """The run's config and its problem records, in the order first written.

    A last line that does not parse is a write torn by a kill: it is dropped
    (and a note appended to `notes`, if given). Any other bad line raises
    ReportError naming the file and line (and field). When a task_id occurs
    more than once, the last complete record wins."""
    folder = Path(folder)
    if not folder.exists():
        raise ReportError(f"results folder {folder} does not exist")
    if not folder.is_dir():
        raise ReportError(f"{folder} is not a folder (expected a results folder of agentloop eval)")
    config = _read_config(folder / CONFIG)

    path = folder / RESULTS
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ReportError(f"{path}: missing (no problem has finished, or not a results folder)")
    except OSError as e:
        raise ReportError(f"cannot read {path}: {e.strerror}")
    lines = data.split(b"\n")
    last = max((i for i, raw in enumerate(lines) if raw.strip()), default=-1)
    records: dict[str, ProblemRecord] = {}
    for i, raw in enumerate(lines):
        if not raw.strip():
            continue
        where = f"{path}:{i + 1}"
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            if i == last:
                if notes is not None:
                    notes.append(f"{where}: torn last line ignored (the run was stopped mid-write)")
                continue
            raise ReportError(f"{where}: bad JSON: {e}")
        if not isinstance(obj, dict):
            raise ReportError(f"{where}: expected a JSON object (a problem record), got {type(obj).__name__}")
        try:
            rec = ProblemRecord.model_validate(obj)
        except ValidationError as e:
            raise ReportError(f"{where}: {_field_error(e)}")
        if rec.n < 0 or not 0 <= rec.correct <= rec.n:
            raise ReportError(f"{where}: field 'correct': {rec.correct} is not in [0, n = {rec.n}]")
        records[rec.task_id] = rec   # a duplicate keeps the first's place and takes the last's value
    return config, list(records.values())


def _read_config(path: Path) -> RunConfig:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReportError(f"{path}: missing (not a results folder of agentloop eval?)")
    except (OSError, UnicodeDecodeError) as e:
        raise ReportError(f"cannot read {path}: {getattr(e, 'strerror', None) or e}")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise ReportError(f"{path}:{e.lineno}: bad JSON: {e.msg} (column {e.colno})")
    if not isinstance(obj, dict):
        raise ReportError(f"{path}: expected a JSON object (the run's config), got {type(obj).__name__}")
    try:
        return RunConfig.model_validate(obj)
    except ValidationError as e:
        raise ReportError(f"{path}: {_field_error(e)}")


# ------------------------------------------------------------ summarizing


def reason_group(reason: str | None) -> str:
    """The group a skip or error reason is counted under (see the module doc)."""
    text = " ".join((reason or "").split())
    if not text:
        return "(no reason given)"
    head, *rest = text.split(":")
    key = head.strip()
    for part in rest:
        clause = re.split(r"[,;(]", part, maxsplit=1)[0].strip()
        if clause and not clause.isdigit():
            key = f"{key}: {clause}" if key else clause
            break
    return key if len(key) <= 80 else key[:79] + "…"


def summarize(config: RunConfig, records: list[ProblemRecord], problems: int | None = None) -> Summary:
    """The run's Summary from its records. `problems`: the task set's size
    (default: the number of records). pass@k is the mean over done problems
    with n > 0 of the unbiased estimate from each one's n and correct, for
    each k of config.k that every such problem has samples enough for."""
    done = [r for r in records if r.status == "done"]
    counts = [(r.n, r.correct) for r in done if r.n > 0]
    pass_at = mean_pass_at_k(counts, sorted(set(config.k)))
    seconds: dict[str, float] = {}
    for r in records:
        for stage, s in r.seconds.items():
            seconds[stage] = seconds.get(stage, 0.0) + s
    reasons = Counter()
    for r in records:
        if r.status == "skipped":
            reasons[reason_group(r.reason)] += 1
        elif r.status == "error":
            reasons["error: " + reason_group(r.reason)] += 1
    share = (lambda m: m / len(done)) if done else (lambda m: 0.0)
    paths = Counter({"vm": 0, "cpython": 0})
    paths.update(c.path for r in records for c in r.candidates)
    return Summary(
        config=config,
        problems=len(records) if problems is None else problems,
        evaluated=len(done),
        skipped=sum(r.status == "skipped" for r in records),
        errors=sum(r.status == "error" for r in records),
        pass_at={str(k): v for k, v in pass_at.items()},
        solved=share(sum(r.solved for r in done)),
        solved_first_round=share(sum(r.correct > 0 for r in done)),
        seconds=seconds,
        paths=dict(paths),
        skipped_reasons=dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
    )


def write_summary(folder: Path | str, summary: Summary) -> Path:
    """Write summary.json atomically (a temporary file, then os.replace)."""
    path = Path(folder) / SUMMARY
    _write_atomic(path, (summary.model_dump_json(indent=2) + "\n").encode("utf-8"))
    return path


def _write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ------------------------------------------------------------- rendering


def render(summary: Summary, console: Console) -> None:
    """The summary as a table: pass@k, solved rates, counts, seconds per stage, top skip reasons."""
    c = summary.config
    what = f"{c.taskset} ({c.mode}, n = {c.n}, {c.rounds} round{'s' if c.rounds != 1 else ''})"
    table = Table(title=escape(what), show_header=False)
    table.add_column("", style="bold")
    table.add_column("", justify="right")
    if summary.pass_at:
        for k, v in summary.pass_at.items():
            table.add_row(f"pass@{k}", f"{v:.1%}")
    else:
        table.add_row("pass@k", "-")
    left_out = [k for k in c.k if str(k) not in summary.pass_at]
    if left_out and summary.evaluated:
        table.add_row("", escape(f"(k = {', '.join(map(str, left_out))}: above some problem's n)"))
    table.add_section()
    table.add_row("solved", f"{summary.solved:.1%}")
    table.add_row("solved in the first round", f"{summary.solved_first_round:.1%}")
    table.add_section()
    table.add_row("problems", str(summary.problems))
    table.add_row("evaluated", str(summary.evaluated))
    table.add_row("skipped", str(summary.skipped))
    table.add_row("errors", str(summary.errors))
    judged = sum(summary.paths.values())
    if judged:
        vm = summary.paths.get("vm", 0)
        table.add_row("candidates judged on the VM", f"{vm / judged:.1%} ({vm} of {judged}; the rest on CPython)")
    pending = summary.problems - summary.evaluated - summary.skipped - summary.errors
    if pending > 0:
        table.add_row("not yet run", str(pending))
    if summary.seconds:
        table.add_section()
        for stage, s in summary.seconds.items():
            table.add_row(escape(f"{stage} (s)"), f"{s:.2f}")
        table.add_row("total (s)", f"{sum(summary.seconds.values()):.2f}")
    if summary.skipped_reasons:
        table.add_section()
        items = list(summary.skipped_reasons.items())
        for reason, count in items[:TOP_REASONS]:
            table.add_row(escape(reason), str(count))
        if len(items) > TOP_REASONS:
            rest = sum(n for _, n in items[TOP_REASONS:])
            table.add_row(f"({len(items) - TOP_REASONS} more reasons)", str(rest))
    console.print(table)


def _curve_ks(top: int) -> list[int]:
    """k from 1 to top: all of them, or about CURVE_POINTS spaced evenly on a log scale."""
    if top <= CURVE_POINTS:
        return list(range(1, top + 1))
    ks = {round(top ** (i / (CURVE_POINTS - 1))) for i in range(CURVE_POINTS)}
    return sorted(ks | {1, top})


def plot(summary: Summary, records: list[ProblemRecord], path: Path | str) -> tuple[Path | None, str | None]:
    """Draw report.png: pass@k against k (log x; the curve for k from 1 to the
    smallest n, points at the run's k) and total seconds per stage.
    Returns (path, None), or (None, reason) when matplotlib is not installed."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        return None, "matplotlib is not installed (pip install matplotlib)"
    path = Path(path)
    fig = Figure(figsize=(11, 4.2), layout="constrained")
    FigureCanvasAgg(fig)  # the Agg backend, without touching pyplot's global state
    left, right = fig.subplots(1, 2)

    counts = [(r.n, r.correct) for r in records if r.status == "done" and r.n > 0]
    if counts:
        curve = mean_pass_at_k(counts, _curve_ks(min(n for n, _ in counts)))
        left.plot(list(curve), list(curve.values()), color="tab:blue", label="pass@k")
        ks = [int(k) for k in summary.pass_at]
        vs = list(summary.pass_at.values())
        left.scatter(ks, vs, color="tab:red", zorder=3, label="run's k")
        for k, v in zip(ks, vs):
            left.annotate(f"{v:.1%}", (k, v), textcoords="offset points", xytext=(4, -12), fontsize=8)
        left.legend(loc="lower right")
    else:
        left.text(0.5, 0.5, "no evaluated problems", ha="center", va="center", transform=left.transAxes)
    left.set_xscale("log")
    left.set_ylim(0, 1.02)
    left.set_xlabel("k")
    left.set_ylabel("pass@k")
    left.set_title(f"pass@k over {len(counts)} problem{'s' if len(counts) != 1 else ''}")
    left.grid(True, which="both", alpha=0.3)

    if summary.seconds:
        stages = list(summary.seconds)
        secs = list(summary.seconds.values())
        bars = right.barh(stages, secs, color="tab:green")
        right.bar_label(bars, labels=[f"{s:.2f}" for s in secs], padding=3, fontsize=8)
        right.invert_yaxis()  # the first stage at the top
        right.margins(x=0.15)
    else:
        right.text(0.5, 0.5, "no timings", ha="center", va="center", transform=right.transAxes)
    right.set_xlabel("seconds (summed over problems)")
    right.set_title("time per stage")
    fig.suptitle(f"{summary.config.taskset}: {summary.evaluated} of {summary.problems} evaluated")

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=120)
    _write_atomic(path, buf.getvalue())
    return path, None


# ------------------------------------------------------------- the command


def _known_problems(folder: Path) -> int | None:
    """The task set's size as a previous summary.json gives it (the eval run
    knows it; the records of an unfinished run do not), if it reads."""
    try:
        old = json.loads((folder / SUMMARY).read_text(encoding="utf-8"))
        n = old.get("problems")
        return n if isinstance(n, int) and n >= 0 else None
    except (OSError, ValueError, AttributeError):
        return None


def report(
    folder: Path = typer.Argument(..., help="A results folder written by agentloop eval."),
    as_json: bool = typer.Option(False, "--json", help="Print the Summary JSON on stdout instead of the table."),
    plot_png: bool = typer.Option(True, "--plot/--no-plot", help="Draw report.png (needs matplotlib)."),
) -> None:
    """Re-render a results folder: summary.json and report.png from results.jsonl,
    and a table of pass@k, solved rates and time per stage. Exit 2 on bad input."""
    known = _known_problems(folder) if folder.is_dir() else None
    publish(folder, known, as_json, plot_png)


def publish(folder: Path, problems: int | None, as_json: bool, plot_png: bool) -> Summary:
    """Read the folder back, write summary.json (and report.png), print the
    table on stdout (or the Summary JSON): the end of `report` and `eval`.
    problems: the task set's size, when known (at least the records')."""
    notes: list[str] = []
    try:
        config, records = read_results(folder, notes)
    except ReportError as e:
        raise fail(str(e))
    summary = summarize(config, records, max(problems, len(records)) if problems is not None else None)
    try:
        write_summary(folder, summary)
    except OSError as e:
        raise fail(f"cannot write {folder / SUMMARY}: {e.strerror}")
    if plot_png:
        try:
            _, why = plot(summary, records, folder / PLOT)
        except OSError as e:
            raise fail(f"cannot write {folder / PLOT}: {e.strerror}")
        if why:
            notes.append(f"{PLOT} skipped: {why}")
    for note in notes:
        err.print(f"note: {escape(note)}", highlight=False, soft_wrap=True)
    if as_json:
        print(summary.model_dump_json())
    else:
        render(summary, Console(highlight=False))
    return summary
