"""Two compilers, one behaviour: a fixed set of programs compiled and run by
this tree's kernels and by another commit's, compared program by program.
Per program it compares the bytecode (code and constants), the diagnostic
(class, line, column, message) and every lane (status, line, steps, value).
A refactor of the compiler must leave diagnostics and lanes equal; bytecode
may differ, and the report counts how often. A SyntaxError where the base
reported an earlier error of another class is counted apart
(diagnostic_syntax_first: the compiler in passes parses the whole program
first, as CPython does), and for every differing diagnostic the report
says whose line CPython's own SyntaxError names.

The programs: the behaviour corpus (tests/programs), seeded mutants of the
bad-input corpus, every builtin name and str method in many argument shapes,
and generated programs of the differential tests (tests/difftest), all built
here and handed to both sides as one pickle, so that both run the same ones.

    python bench/compare_compilers.py --base 89c8740
    python bench/compare_compilers.py --base HEAD~3 --mutants 20000 --generated 5000 --json out.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIG = "def f(x: int, s: str, xs: list[int], o: Optional[int]) -> int"
PROBE = "from typing import Optional\n" + SIG + ":\n    y = {call}\n    return 0\n"
BUILTIN_ARGS = ["", "x", "x, x", "s", "xs", "x, 2", "s, 2", "*xs", "xs, key=len", "o", "x for x in xs", "x, x, x",
                "f", "(1, 2)"]
METHOD_ARGS = ["", "s", "s, s", "x", "s, x", "xs", "sep=s", "sep=x", "s, s, s", "x, s"]
EXTRA_METHODS = ["format", "encode", "bit_length", "splitlines", "casefold", "append", "sort"]


def program_sets(mutants: int, generated: int, seed: int) -> list[tuple[str, list[str], dict]]:
    """[(set name, sources, problem as a dict)]: each set's programs answer one
    problem, except the corpus and generated ones, one problem each."""
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    from gpubackend import Problem
    from gpubackend.abi import builtins, str_methods
    from test_bad_input import CORPUS, PROBLEM, _mutate
    from test_programs import SPECS, _problem

    sets = [(f"corpus/{s.rel}", [s.source], _wire(_problem(s))) for s in SPECS]
    rng = random.Random(seed)
    texts = [p.read_text() for p in CORPUS]
    sets.append(("mutants", texts + [_mutate(rng, rng.choice(texts)) for _ in range(mutants)], _wire(PROBLEM)))
    probe = Problem(name="probe", entry="f", signature=SIG, tests=[{"args": [1, "a", [1], None], "expected": 0}])
    calls = [f"{b}({a})" for b in builtins() for a in BUILTIN_ARGS]
    calls += [f"{r}.{m}({a})" for m in (*str_methods(), *EXTRA_METHODS) for a in METHOD_ARGS for r in ("s", "x", "xs")]
    sets.append(("probes", [PROBE.format(call=c) for c in calls], _wire(probe)))
    sets += _generated(generated, seed)
    return sets


def _wire(problem) -> dict:
    """A problem as both sides read it: fields at their defaults left out,
    so that a base commit older than a field reads the rest."""
    return problem.model_dump(exclude_defaults=True)


def _generated(n: int, seed: int) -> list[tuple[str, list[str], dict]]:
    """n programs of the differential tests' generator, each with its own
    arguments (expected values are placeholders: both sides see the same)."""
    from tests.difftest.gen import case_from_seed
    from tests.difftest.runner import LIMITS
    from tests.difftest.dsl_types import placeholder
    from gpubackend import Problem

    out = []
    for i in range(n):
        case = case_from_seed(seed * 1_000_003 + i)
        tests = [{"args": list(a), "expected": placeholder(case.ret)} for a in case.args_list]
        if tests:
            problem = Problem(name="gen", entry=case.entry, signature=case.signature, tests=tests, limits=LIMITS)
            out.append((f"generated/{i}", [case.source], _wire(problem)))
    return out


def digest(sets_path: str, out_path: str) -> None:
    """Run in the tree under test (its gpubackend first on sys.path): every
    program's bytecode digest, diagnostic and lanes digest, as JSON."""
    sys.path.insert(0, os.getcwd())
    from gpubackend import Problem, Verifier

    v = Verifier("cpu", fallback=False)
    rows = {}
    for name, sources, problem in pickle.loads(Path(sets_path).read_bytes()):
        prob = Problem.model_validate(problem)
        progs = v.compile(sources, prob)
        res = v.verify(sources, prob)
        for i, p in enumerate(progs):
            code = hashlib.sha256(p["code"][:p["n_code"]].tobytes() + p["konst"][:p["n_const"]].tobytes())
            d = p["diag"]
            diag = [int(d["cls"]), int(d["line"]), int(d["col"]), bytes(d["msg"]).split(bytes(1))[0].decode("latin-1")]
            lanes = hashlib.sha256(repr([(res.status_name(i, t), int(res.line[i, t]), int(res.steps[i, t]),
                                          repr(res.actual(i, t))) for t in range(res.n_tests)]).encode())
            rows[f"{name}#{i}"] = [code.hexdigest()[:16], diag, lanes.hexdigest()[:16]]
    Path(out_path).write_text(json.dumps(rows))


def run_side(tree: Path, sets_path: str, out_path: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    subprocess.run([sys.executable, str(Path(__file__).resolve()), "--digest", sets_path, out_path], cwd=tree,
                   env=env, check=True)
    return json.loads(Path(out_path).read_text())


SYNTAX = 1  # diagnostics.def's DG_SYNTAX


def syntax_first(base: list, ours: list) -> bool:
    """Whether ours is a SyntaxError after base's diagnostic in the source,
    met first because the parse pass reads the whole program before the
    type pass (CPython, too, reports a SyntaxError before anything else)."""
    return ours[0] == SYNTAX and base[0] not in (0, SYNTAX) and (ours[1], ours[2]) > (base[1], base[2])


def compare(base: dict, ours: dict) -> dict:
    keys = sorted(base)
    both = [k for k in keys if base[k][1][0] == 0 and ours[k][1][0] == 0]
    diag = [k for k in keys if base[k][1] != ours[k][1]]
    diff = {"code": [k for k in both if base[k][0] != ours[k][0]],
            "diagnostic": [k for k in diag if not syntax_first(base[k][1], ours[k][1])],
            "diagnostic_syntax_first": [k for k in diag if syntax_first(base[k][1], ours[k][1])],
            "lanes": [k for k in keys if base[k][2] != ours[k][2]]}
    return {"programs": len(keys), "compiled": sum(1 for k in keys if ours[k][1][0] == 0),
            **{f"differ_{w}": len(v) for w, v in diff.items()}, "examples": {w: v[:10] for w, v in diff.items()},
            "pairs": {k: [base[k][1], ours[k][1]] for k in diff["diagnostic"][:200]}}


def cpython_lines(sets: list, base: dict, ours: dict) -> dict[str, int]:
    """Of the programs whose diagnostics differ, whose line CPython's own
    SyntaxError names: ours, base's, neither, or none (CPython accepts it)."""
    import ast
    import warnings

    sources = {f"{name}#{i}": s for name, srcs, _ in sets for i, s in enumerate(srcs)}
    tally = dict.fromkeys(("ours", "base", "neither", "cpython_accepts"), 0)
    for key in (k for k in sorted(base) if base[k][1] != ours[k][1]):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                ast.parse(sources[key])
                tally["cpython_accepts"] += 1
                continue
            except (SyntaxError, ValueError) as e:
                line = getattr(e, "lineno", None)
        tally["ours" if line == ours[key][1][1] else "base" if line == base[key][1][1] else "neither"] += 1
    return tally


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", help="the commit to compare this tree with (a git revision)")
    p.add_argument("--mutants", type=int, default=20000, help="mutants of the bad-input corpus (default 20000)")
    p.add_argument("--generated", type=int, default=2000, help="generated programs (default 2000)")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--json", help="write the comparison as JSON")
    p.add_argument("--digest", nargs=2, metavar=("SETS", "OUT"), help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.digest:
        digest(*a.digest)
        return 0
    if not a.base:
        p.error("--base: the commit to compare with is required")
    with tempfile.TemporaryDirectory() as tmp:
        sets_path = os.path.join(tmp, "sets.pickle")
        sets = program_sets(a.mutants, a.generated, a.seed)
        Path(sets_path).write_bytes(pickle.dumps(sets))
        tree = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(tree), a.base], cwd=ROOT, check=True)
        try:
            base = run_side(tree, sets_path, os.path.join(tmp, "base.json"))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
        ours = run_side(ROOT, sets_path, os.path.join(tmp, "ours.json"))
    report = {"base": a.base, **compare(base, ours), "diagnostic_at_cpythons_line": cpython_lines(sets, base, ours)}
    print(json.dumps({k: v for k, v in report.items() if k not in ("examples", "pairs")}))
    for what, keys in report["examples"].items():
        if keys:
            print(f"differ in {what}: {', '.join(keys)}")
    if a.json:
        Path(a.json).write_text(json.dumps(report, indent=1))
    return 1 if report["differ_diagnostic"] or report["differ_lanes"] else 0


if __name__ == "__main__":
    sys.exit(main())
