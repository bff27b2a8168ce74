"""Why the VM refuses real model-written programs: every sample of
bench/corpus/ compiled VM-only (`Verifier("cpu", fallback=False)`), the
share each file's programs compile, and the refusals counted by reason. A
he_* file's samples are HumanEval's (the converted `humaneval` task set), an
mbpp_* file's MBPP's test split (bench/corpus/tasks/mbpp_ldb.jsonl.gz,
MBPP's records as LDB publishes them, converted by agentloop.tasksets).

A refusal is not a wrong verdict (the CPython path judges those programs);
it is the work left to widen the VM path, largest first. Syntax errors are
the samples' own: an IndentationError, a TabError, an unterminated
string, a stray or unclosed bracket, or a line or program cut short is
the VM's verdict (Diagnostic.judged: counted apart), the others stay
refusals; an untyped problem is one the
HumanEval converter cannot type (its samples all go to CPython).

    python bench/refusals.py                       # every he_* file
    python bench/refusals.py --files mbpp_starcoder-15b_ldb.jsonl.gz  # MBPP's
    python bench/refusals.py --top 40 --examples 2 # the 40 largest reasons, two lines of each
    python bench/refusals.py --json > refusals.json
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from agentloop.tasksets import load_taskset  # noqa: E402
from gpubackend.verifier import Verifier  # noqa: E402

CORPUS = HERE / "corpus"
MBPP_TASKS = CORPUS / "tasks" / "mbpp_ldb.jsonl.gz"
UNTYPED = "untyped problem (the converter cannot type it)"


def reason(d) -> str:
    """A diagnostic as a reason to count: its class and message, numbers folded."""
    return f"{d.cls}: {re.sub(r'[0-9]+', 'N', d.message)}"


def survey(files: list[Path], n_examples: int) -> dict:
    """Compile every sample of `files`; the counts per file and per reason."""
    tasks = {t.task_id: t for t in load_taskset("humaneval").tasks}
    if any(path.name.startswith("mbpp_") for path in files):
        tasks.update({t.task_id: t for t in load_taskset(MBPP_TASKS).tasks})
    verifier = Verifier("cpu", fallback=False)
    reasons: Counter = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    per_file = {}
    for path in files:
        by_task: dict[str, list[str]] = defaultdict(list)
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                by_task[row["task_id"]].append(row["completion"])
        compiled = judged = total = 0
        for tid, completions in by_task.items():
            task = tasks.get(tid)
            if task is None or task.problem is None:
                continue
            total += len(completions)
            if not task.problem.typed:
                reasons[UNTYPED] += len(completions)
                continue
            programs = [task.program(c) for c in completions]
            res = verifier.verify(programs, task.problem)
            for c, program in enumerate(programs):
                d = res.diagnostic(c)
                if d is None:
                    compiled += 1
                    continue
                if d.judged:
                    judged += 1
                    continue
                reasons[reason(d)] += 1
                if len(examples[reason(d)]) < n_examples:
                    lines = program.splitlines()
                    examples[reason(d)].append(f"{tid}: {lines[d.line - 1].strip() if 0 < d.line <= len(lines) else ''}")
        per_file[path.name] = {"compiled": compiled, "judged_errors": judged, "samples": total}
    return {"files": per_file, "reasons": dict(reasons.most_common()), "examples": dict(examples)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", nargs="*", help="corpus files (default: every he_* file of bench/corpus/)")
    ap.add_argument("--top", type=int, default=30, help="how many reasons to print")
    ap.add_argument("--examples", type=int, default=0, help="source lines to show per reason")
    ap.add_argument("--json", action="store_true", help="print the whole survey as JSON")
    args = ap.parse_args()
    files = [CORPUS / f for f in args.files] if args.files else sorted(CORPUS.glob("he_*"))
    out = survey(files, args.examples)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    compiled = sum(f["compiled"] for f in out["files"].values())
    total = sum(f["samples"] for f in out["files"].values())
    judged = sum(f["judged_errors"] for f in out["files"].values())
    print(f"the VM compiles {compiled} of {total} samples ({compiled / max(total, 1):.1%}) and judges {judged} "
          f"by CPython's own compile error (indentation, a string or bracket left open, a line cut short); with them, "
          f"{(compiled + judged) / max(total, 1):.1%}")
    for name, f in out["files"].items():
        both = f["compiled"] + f["judged_errors"]
        print(f"  {f['compiled']:6d} + {f['judged_errors']:5d} / {f['samples']:6d}  {both / max(f['samples'], 1):6.1%}  {name}")
    print(f"refusals by reason (the {args.top} largest):")
    for r, n in list(out["reasons"].items())[:args.top]:
        print(f"  {n:6d}  {r}")
        for line in out["examples"].get(r, []):
            print(f"            {line[:110]}")


if __name__ == "__main__":
    main()
