"""Benchmark: whole rounds of `agentloop solve` with a local torch model,
stage by stage: how much of a round is generation and how much the verify
loop (intake, detokenize, extract, dedup, compile, run, reduce, select).

The model is tests/model_kit.py's tiny random Llama (no downloads), so the
candidates are noise and the problem stays unsolved: the figures measure
the plumbing of a round at a given k, not a model's skill. A second part
replays scripted answers (a passing one among failures) through the same
Solver and token path, so the select stage and a solved round are timed too.
It prints; it never asserts a timing.

    python bench/bench_solve.py --device cpu --k 64 --rounds 3
    python bench/bench_solve.py --device cuda --k 256 --rounds 3 --json out.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

STAGES = ("generate", "intake", "detokenize", "extract", "dedup", "compile", "run", "reduce", "select")


def rows_of(report) -> list[dict]:
    return [{"round": r.index, "k": r.k, "compiled": r.compiled, "passing": len(r.passing),
             **{s: r.seconds.get(s) for s in STAGES}} for r in report.rounds]


def print_table(title: str, rows: list[dict]) -> None:
    from rich.console import Console
    from rich.table import Table

    t = Table(title=title)
    for col in ("round", "k", "compiled", "passing", *STAGES, "verify share"):
        t.add_column(col, justify="right")
    for r in rows:
        verify = sum(r[s] or 0.0 for s in STAGES[1:])
        total = verify + (r["generate"] or 0.0)
        t.add_row(*(str(r[c]) for c in ("round", "k", "compiled", "passing")),
                  *("" if r[s] is None else f"{r[s] * 1e3:.2f}" for s in STAGES),
                  f"{verify / total:.1%}" if total else "")
    Console(width=200).print(t)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--device", default="auto", help="verifier and model device: auto, cpu or cuda")
    p.add_argument("--k", type=int, default=64, help="candidates per round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--max-tokens", type=int, default=128)
    p.add_argument("--problem", default=str(ROOT / "tasks/examples/caesar.toml"))
    p.add_argument("--json", help="write the figures here")
    a = p.parse_args(argv)

    import torch

    from agentloop.generators.hf import HFGenerator
    from agentloop.generators.replay import ReplayGenerator
    from agentloop.solver import Solver
    from gpubackend import Problem, Verifier
    from tests import model_kit

    device = a.device if a.device != "auto" else ("cuda" if torch.cuda.is_available() else "cpu")
    problem = Problem.from_file(a.problem)
    verifier = Verifier(device)
    folder = model_kit.build(Path(tempfile.mkdtemp()) / "tiny")
    gen = HFGenerator(str(folder), device=device)
    # warm-up at the measured sizes: kernel builds (CuPy compiles its
    # reductions per launch configuration), suite and tokenizer-table uploads
    Solver(gen, verifier, k=a.k, rounds=1, max_tokens=a.max_tokens).solve(problem)
    Solver(ReplayGenerator([["x"]], model_kit.tokenizer()), verifier, k=a.k, rounds=1).solve(problem)
    t0 = time.perf_counter()
    report = Solver(gen, verifier, k=a.k, k_min=a.k, rounds=a.rounds, max_tokens=a.max_tokens).solve(problem)
    model_rows = rows_of(report)
    wall = time.perf_counter() - t0

    failing = ["def caesar(s: str, k: int) -> str:\n    return s\n",
               "def caesar(s: str, k: int) -> str:\n    return s + k\n",
               "Sure:\n```python\ndef caesar(s: str, k: int) -> str:\n    while True:\n        pass\n```\n"]
    script = [failing, failing[:2] + ["```python\n" + problem.solution + "```"]]
    replay = Solver(ReplayGenerator(script, model_kit.tokenizer()), verifier, k=a.k, k_min=a.k,
                    rounds=2).solve(problem)
    replay_rows = rows_of(replay)

    info = {"device": device, "gpu": torch.cuda.get_device_name(0) if device == "cuda" else None,
            "k": a.k, "max_tokens": a.max_tokens, "problem": problem.name, "command": " ".join(sys.argv)}
    print(json.dumps(info))
    print_table(f"tiny random Llama through HFGenerator on {device} (ms per stage; {wall:.2f} s in all)", model_rows)
    print_table(f"replayed answers, solved in round {replay.winner.round if replay.winner else None} (ms per stage)",
                replay_rows)
    if a.json:
        Path(a.json).write_text(json.dumps({"info": info, "model": model_rows, "replay": replay_rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
