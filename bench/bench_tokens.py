"""Benchmark: one verify call from a model's token buffer to the reduced
verdict, split by stage, with the bytes it moves between host and device.

The issue it serves: k = 1000 candidates x 20 tests, from a [k, T] buffer of
token ids to the summary (best candidate, counts, failure signatures); the
goal on an H100 is the whole call under 5 ms with at most 1 KB back to the
host besides what the caller asks to decode. This benchmark measures and
prints; it never asserts a timing.

For each workload (bench/workloads.py, bench/workloads_lists.py: one problem,
m generated tests, n distinct candidate sources) every candidate source is
turned into a model-like answer (prose around a fenced block, bare code, or
a fence left open by a truncated answer), tokenized with a tokenizer trained
locally by tests/tokenizer_kit.py and packed into one padded int32 torch
tensor [k, T] with its lengths. Then:

  check      Verifier.verify_tokens on the buffer must give what
             Verifier.verify gives on the texts decoded and extracted on the
             host (tok.decode + extract_code): the same extracted sources,
             statuses, lines, steps, returned values, diagnostics and
             summary. A difference aborts the benchmark (exit 2).
  tokens     verify_tokens(timed=True): seconds per stage (detokenize,
             extract, compile, run, reduce) and the call's bytes moved;
             verify_tokens(timed=False) for the end-to-end figure (timing
             synchronizes after every stage).
  host+str   baseline (a): decode on the host (tok.decode_batch), extract in
             Python (extract_code), Verifier.verify(strings).
  cpython    baseline (b), what users run today: the same host decode and
             extraction, then CPython in-process (bench_verify.run_cpython:
             exec each source once, call the entry on every test).

Ratios are baseline time / token-path time (untimed call). CPython's per-lane
pass/fail must also equal the token path's; a difference is printed and the
exit status is 1.

    python bench/bench_tokens.py                          # default workloads, k=1000, m=20
    python bench/bench_tokens.py --device cpu --n 200 --repeat 2
    python bench/bench_tokens.py --workload gcd,two_sum --tokenizer byte_fallback
    python bench/bench_tokens.py --device cuda --json out.json
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests"))  # tokenizer_kit, as difftest.py imports tests/difftest

from bench_verify import (_loadavg, best, consoles, machine_info, run_cpython, write_reports,  # noqa: E402
                          same_result, workload_names)
from gpubackend import Problem, Verifier  # noqa: E402
from gpubackend.abi import STATUS_NAMES  # noqa: E402
from gpubackend.extract import extract_code  # noqa: E402
from gpubackend.verifier import STAGES  # noqa: E402
from workloads import GROUPS, WORKLOADS, Workload  # noqa: E402

# Two scalar and three list/str workloads: short and long answers, one and
# several arguments, scalar and structured results. --workload picks others.
DEFAULT_WORKLOADS = ("digit_sum", "caesar", "rle", "two_sum", "reverse_words")
# The budget for what crosses back to the host per call.
HOST_BYTES_GOAL = 1024


# ------------------------------------------------------ model-like answers

# Shares of the answer shapes. Most answers wrap the code in prose and a
# fence; some are bare code; some were cut off by the token limit inside
# the code block, so their fence never closes.
SHAPES = {"fenced": 0.60, "bare": 0.25, "unclosed": 0.15}
INTROS = (
    "Here is the solution:",
    "Sure! Here's a straightforward implementation:",
    "Voilà — a naïve but correct version (O(n)):",
    "The function below does it; see the ```python block.",  # backquotes mid-line: not a fence
)
INFOS = ("python", "python", "py", "")
OUTROS = (
    "Explanation: the loop visits every element once, so it runs in linear time.",
    "It works because each step keeps the invariant ≤ the bound.",
    "Let me know if you need anything else! 🚀",
)


def model_answer(src: str, rng: random.Random) -> tuple[str, str]:
    """(shape, answer text) for one candidate source. Complete answers end
    with the EOS token (added by the caller), truncated ones do not."""
    shape = rng.choices(list(SHAPES), weights=list(SHAPES.values()))[0]
    code = src if src.endswith("\n") else src + "\n"
    if shape == "bare":
        return shape, code
    head = f"{rng.choice(INTROS)}\n\n```{rng.choice(INFOS)}\n"
    if shape == "unclosed":
        return shape, head + code
    return shape, head + code + "```\n\n" + rng.choice(OUTROS)


@dataclass
class TokenBatch:
    """A workload's answers as a model would hand them over: ids [k, T]
    int32 padded with pad_id, lengths [k] (torch tensors)."""

    tokens: Any
    lengths: Any
    shapes: list[str]
    answers: list[str]
    pad_id: int

    @property
    def nbytes(self) -> int:
        return int(self.tokens.element_size() * self.tokens.nelement()
                   + self.lengths.element_size() * self.lengths.nelement())


def tokenize_answers(sources: list[str], tok, seed: int, name: str) -> TokenBatch:
    import torch

    rng = random.Random(f"answers/{name}/{seed}")
    shaped = [model_answer(s, rng) for s in sources]
    shapes, answers = [s for s, _ in shaped], [a for _, a in shaped]
    eos, pad = tok.token_to_id("</s>"), tok.token_to_id("<pad>")
    rows = [e.ids + ([eos] if shape != "unclosed" else [])
            for e, shape in zip(tok.encode_batch(answers, add_special_tokens=False), shapes)]
    lengths = np.array([len(r) for r in rows], dtype=np.int64)
    ids = np.full((len(rows), int(lengths.max(initial=0))), pad, dtype=np.int32)
    for i, r in enumerate(rows):
        ids[i, :len(r)] = r
    return TokenBatch(torch.from_numpy(ids), torch.from_numpy(lengths), shapes, answers, pad)


def place(batch: TokenBatch, where: str, device: str) -> TokenBatch:
    """The buffer where the benchmark hands it over: on the GPU (as a
    model's sampler leaves it) when the Verifier runs there and torch can
    put it there, else on the host (then the call copies it up, counted)."""
    import torch

    if where == "host" or device != "cuda":
        return batch
    if not torch.cuda.is_available():
        if where == "device":
            raise SystemExit("--tokens-on device: this torch build has no CUDA")
        return batch
    return TokenBatch(batch.tokens.cuda(), batch.lengths.cuda(), batch.shapes, batch.answers, batch.pad_id)


# --------------------------------------------------------------- host paths

def host_decode(batch: TokenBatch, tok) -> list[str]:
    """What a user does with the buffer today: bring it to Python lists and
    batch-decode, dropping the special tokens (EOS)."""
    rows = batch.tokens.tolist()
    lens = batch.lengths.tolist()
    return tok.decode_batch([r[:n] for r, n in zip(rows, lens)], skip_special_tokens=True)


def host_extract(texts: list[str]) -> list[str]:
    return [extract_code(t) for t in texts]


def reference_sources(batch: TokenBatch, tok) -> list[str]:
    """The check's reference, one row at a time (tok.decode, extract_code),
    independent of decode_batch."""
    rows, lens = batch.tokens.tolist(), batch.lengths.tolist()
    return [extract_code(tok.decode(r[:n], skip_special_tokens=True)) for r, n in zip(rows, lens)]


def clocked(fn: Callable[[], Any], sync: Callable[[], None]) -> tuple[Any, float]:
    """fn() by wall clock, the device idle at the start. The Verifier's
    calls return with the summary on the host, so no sync is needed after."""
    sync()
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


# ---------------------------------------------------------------- the check

def check_equal(tok_res, str_res, ref_sources: list[str]) -> list[str]:
    """Where the token path differs from the string path on host-decoded,
    host-extracted texts (empty when it does not)."""
    diffs = same_result(tok_res, str_res)  # passed, status, line, steps, values, diagnostics
    if tok_res.summary.to_json() != str_res.summary.to_json():
        diffs.append("summary")
    bad = [c for c, s in enumerate(ref_sources)
           if tok_res.lanes.source(c) != s.encode("utf-8", "surrogateescape")]
    if bad:
        diffs.append(f"extracted source of {len(bad)} candidates (first: {bad[0]})")
    return diffs


# ------------------------------------------------------------------ driver

def bench_workload(w: Workload, a: argparse.Namespace, v: Verifier, tok, log) -> dict[str, Any]:
    problem = Problem.from_dict(w.problem_dict(a.m, a.seed), source=f"<bench {w.name}>")
    sources, kinds = w.candidates(a.n, a.seed)
    tests = [(list(t.args), t.expected) for t in problem.tests]
    batch = place(tokenize_answers(sources, tok, a.seed, w.name), a.tokens_on, v.device)
    sync = _sync(v)
    k, T = batch.tokens.shape
    out: dict[str, Any] = {"workload": w.name, "k": k, "m": len(tests), "T": T, "lanes": k * len(tests),
                           "tokens": int(batch.lengths.sum()), "buffer_bytes": batch.nbytes,
                           "tokens_on": str(batch.tokens.device),
                           "shapes": {s: batch.shapes.count(s) for s in SHAPES}}
    call = lambda timed: v.verify_tokens(batch.tokens, tok, problem, lengths=batch.lengths,  # noqa: E731
                                         timed=timed)

    # Warm-up: the first call builds and uploads the tokenizer's byte table
    # (and on the GPU compiles the kernels); its transfers are kept apart.
    first = call(False)
    out["first_call_transfers"] = dict(first.call_transfers)

    # 1. The check, before any timing.
    ref = reference_sources(batch, tok)
    if host_extract(host_decode(batch, tok)) != ref:
        raise SystemExit(f"{w.name}: tok.decode_batch differs from per-row tok.decode")
    tok_res, str_res = call(False), v.verify(ref, problem)
    diffs = check_equal(tok_res, str_res, ref)
    if diffs:
        log(f"[bold red]{w.name}: the token path differs from the string path in: {diffs}[/]")
        raise SystemExit(2)
    out["summary"] = tok_res.summary.to_json()
    out["summary_nbytes"] = tok_res.summary.nbytes
    codes, counts = np.unique(tok_res.status, return_counts=True)
    out["verdicts"] = {STATUS_NAMES[c]: int(n) for c, n in zip(codes, counts)}

    # 2. The token path: per stage (timed) and end to end (untimed).
    stages: dict[str, list[float]] = {s: [] for s in STAGES}
    timed_wall, wall, transfers = [], [], []
    for _ in range(a.repeat):
        res, t = clocked(lambda: call(True), sync)
        timed_wall.append(t)
        for s in STAGES:
            stages[s].append(res.timings.get(s, float("nan")))
        res, t = clocked(lambda: call(False), sync)
        wall.append(t)
        transfers.append(dict(res.call_transfers))
    stage_best = {s: best(xs) for s, xs in stages.items()}
    out["tokens_path"] = {
        "stages_s": stage_best, "stages_all_s": stages,
        "timed_call_s": best(timed_wall), "timed_call_all_s": timed_wall,
        # what no stage covers: checking and casting the buffer, the vocab and
        # suite lookups, building the result
        "other_s": max(best(timed_wall) - sum(stage_best.values()), 0.0),
        "call_s": best(wall), "call_all_s": wall,
        "to_host": max(x["to_host"] for x in transfers), "to_device": max(x["to_device"] for x in transfers),
    }
    log(f"  {w.name}: token path {best(wall) * 1e3:.2f} ms, {out['tokens_path']['to_host']} B to host")

    # 3a. Host decode + host extract + Verifier.verify(strings).
    runs = []
    for _ in range(a.repeat):
        texts, t_dec = clocked(lambda: host_decode(batch, tok), sync)
        srcs, t_ext = clocked(lambda: host_extract(texts), sync)
        _, t_ver = clocked(lambda: v.verify(srcs, problem), sync)
        runs.append((t_dec, t_ext, t_ver))
    t_dec, t_ext, t_ver = min(runs, key=sum)
    # verify()'s own stages, for reading the token path's compile/run/reduce
    # against the same stages on the host-extracted strings
    str_stages: dict[str, list[float]] = {s: [] for s in ("compile", "run", "reduce")}
    for _ in range(a.repeat):
        res = v.verify(srcs, problem, timed=True)
        for s in str_stages:
            str_stages[s].append(res.timings[s])
    out["host_string"] = {"total_s": t_dec + t_ext + t_ver, "decode_s": t_dec, "extract_s": t_ext,
                          "verify_s": t_ver, "total_all_s": [sum(r) for r in runs],
                          "verify_stages_s": {s: best(xs) for s, xs in str_stages.items()},
                          "verify_stages_all_s": str_stages}

    # 3b. Host decode + host extract + CPython in-process.
    runs = []
    for _ in range(a.repeat):
        texts, t_dec = clocked(lambda: host_decode(batch, tok), lambda: None)
        srcs, t_ext = clocked(lambda: host_extract(texts), lambda: None)
        verdicts, te, tc = run_cpython(srcs, w.entry, tests)
        runs.append((t_dec, t_ext, te, tc))
    t_dec, t_ext, te, tc = min(runs, key=sum)
    out["cpython"] = {"total_s": t_dec + t_ext + te + tc, "decode_s": t_dec, "extract_s": t_ext,
                      "exec_s": te, "calls_s": tc, "total_all_s": [sum(r) for r in runs]}
    log(f"  {w.name}: host decode + verify {out['host_string']['total_s'] * 1e3:.1f} ms, "
        f"host decode + CPython {out['cpython']['total_s'] * 1e3:.1f} ms")

    # CPython's per-lane pass/fail must be the token path's.
    dis = np.argwhere((np.array(verdicts, dtype=object) == "pass") != tok_res.passed)
    out["pass_fail_disagreements"] = int(len(dis))
    out["problems"] = ([f"{len(dis)} (candidate, test) pass/fail verdicts differ between CPython "
                        f"and the token path (first: candidate {dis[0][0]}, test {dis[0][1]})"]
                       if len(dis) else [])
    out["kinds"] = {x: kinds.count(x) for x in sorted(set(kinds))}
    return out


def _sync(v: Verifier) -> Callable[[], None]:
    """Waits for the device (a no-op on the CPU), so that no earlier work is
    charged to the call being timed."""
    if v.xp is np:
        return lambda: None
    return lambda: v.xp.cuda.Device().synchronize()


# ------------------------------------------------------------------ report

def ms(x: float | None) -> str:
    return "-" if x is None or x != x else f"{x * 1e3:.2f}"


def ratio(num: float, den: float) -> str:
    return f"{num / den:.1f}x" if num and den else "-"


def report(rows: list[dict[str, Any]], info: dict[str, Any], a: argparse.Namespace, console) -> None:
    from rich.markup import escape
    from rich.table import Table

    t1 = Table(title=f"Token path: verify_tokens on k={a.n} answers x m={a.m} tests, tokenizer "
                     f"{a.tokenizer} (best of {a.repeat}; ms)")
    for col, just in [("workload", "left"), ("T", "right"), ("buffer\nbytes", "right")] + \
            [(s, "right") for s in STAGES] + [("other", "right"), ("timed\ncall", "right"),
                                              ("call\n(untimed)", "right"), ("bytes\nto host", "right"),
                                              ("bytes\nto device", "right")]:
        t1.add_column(col, justify=just)
    for r in rows:
        tp = r["tokens_path"]
        host = tp["to_host"]
        t1.add_row(r["workload"], str(r["T"]), f"{r['buffer_bytes']:,}",
                   *[ms(tp["stages_s"][s]) for s in STAGES], ms(tp["other_s"]), ms(tp["timed_call_s"]),
                   ms(tp["call_s"]),
                   f"{host}" if host <= HOST_BYTES_GOAL else f"[bold yellow]{host}[/]",
                   f"{tp['to_device']:,}")
    console.print(t1)

    t2 = Table(title="Baselines from the same buffer (ms) and the token path's speedup "
                     "(baseline time / token-path call time)")
    for col in ("workload", "host\ndecode", "host\nextract", "verify()\nstrings", "verify()\ncompile",
                "verify()\nrun", "verify()\nreduce", "(a) host +\nverify()",
                "CPython\nexec", "CPython\ncalls", "(b) host +\nCPython", "token\ncall", "(a) /\ntoken",
                "(b) /\ntoken"):
        t2.add_column(col, justify="left" if col == "workload" else "right")
    for r in rows:
        hs, cp, call = r["host_string"], r["cpython"], r["tokens_path"]["call_s"]
        vs = hs["verify_stages_s"]
        t2.add_row(r["workload"], ms(hs["decode_s"]), ms(hs["extract_s"]), ms(hs["verify_s"]),
                   ms(vs["compile"]), ms(vs["run"]), ms(vs["reduce"]), ms(hs["total_s"]), ms(cp["exec_s"]), ms(cp["calls_s"]), ms(cp["total_s"]), ms(call),
                   ratio(hs["total_s"], call), ratio(cp["total_s"], call))
    if len(rows) > 1:
        gm = lambda key: float(np.exp(np.mean([np.log(r[key]["total_s"] / r["tokens_path"]["call_s"])  # noqa: E731
                                               for r in rows])))
        t2.add_row("GEOMEAN", *[""] * 11, f"{gm('host_string'):.1f}x", f"{gm('cpython'):.1f}x")
    console.print(t2)

    t3 = Table(title="Answers and verdicts (the token path equals the string path on every "
                     "field, checked before timing)")
    for col in ("workload", "answers\nfenced/bare/unclosed", "tokens", "Verifier lane verdicts",
                "best (visible\npassed)", "summary\nbytes", "pass/fail vs\nCPython"):
        t3.add_column(col)
    for r in rows:
        sh, s = r["shapes"], r["summary"]
        verd = ", ".join(f"{name} {c}" for name, c in sorted(r["verdicts"].items(), key=lambda x: -x[1]))
        dis = r["pass_fail_disagreements"]
        t3.add_row(r["workload"], f"{sh['fenced']}/{sh['bare']}/{sh['unclosed']}", f"{r['tokens']:,}", verd,
                   f"{s['best']} ({s['best_visible']})", str(r["summary_nbytes"]),
                   f"0/{r['lanes']}" if not dis else f"[bold red]{dis}/{r['lanes']} DISAGREE[/]")
    console.print(t3)

    gpu = f", GPU {info['gpu']}" if "gpu" in info else ""
    console.print(f"Machine: {info['cpu_model']}{escape(gpu)}, nproc {info['nproc']}, OpenMP threads "
                  f"{info['omp_threads']}, Python {info['python']}, {info['platform']}; load average "
                  f"{info['loadavg_start']} at start, {info['loadavg_end']} at end")
    console.print(f"Code: commit {info['commit']} (uncommitted changes in gpubackend/: "
                  f"{info['gpubackend_dirty']}), kernel sources hash {info['kernel_hash']}")
    console.print(f"Verifier device: {info['verifier_device']}; token buffer on {rows[0]['tokens_on']} "
                  f"(int32 \\[k, T] + int64 lengths). Stage times come from verify_tokens(timed=True), "
                  f"which synchronizes after each stage; 'other' is that call's wall time minus its "
                  f"stages (the suite lookup, the result). 'call' is "
                  f"verify_tokens(timed=False) by wall clock, the figure the ratios use. Bytes are "
                  f"the result's call_transfers after the warm-up call (which moved "
                  f"{rows[0]['first_call_transfers']['to_device']:,} B to the device on "
                  f"{rows[0]['workload']}: the buffer, the tokenizer's byte table and the suite); goal: at most {HOST_BYTES_GOAL} B to host "
                  f"(and, on an H100, the call under 5 ms).")
    console.print("(a): buffer.tolist() + tok.decode_batch(skip_special_tokens=True) + extract_code "
                  "per answer + Verifier.verify(strings), on the same Verifier. (b): the same host "
                  "decode and extraction + CPython in-process on one core (exec each source once, "
                  "call the entry on every test; bench_verify.run_cpython). verify() compile/run/"
                  "reduce: its stages with timed=True, for comparing with the token path's.")
    if rows[0]["tokens_on"] == "cpu":
        console.print("Bytes to device: a host buffer is read in place by a CPU Verifier but counted as "
                      "the upload a GPU Verifier makes of it; a GPU Verifier given a GPU tensor reads it "
                      "in place and counts none.")


def main(argv: list[str] | None = None) -> int:
    import tokenizer_kit

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=1000, help="candidates (answers) per workload (default 1000)")
    p.add_argument("--m", type=int, default=20, help="tests per workload (default 20)")
    p.add_argument("--workload", "--workloads", action="append", default=None,
                   help="workload(s), repeatable or comma-separated, a group ("
                        + ", ".join(GROUPS) + ") or 'all' (default: " + ",".join(DEFAULT_WORKLOADS) + ")")
    p.add_argument("--device", choices=("cpu", "cuda", "auto"), default="cpu",
                   help="the Verifier's device (default cpu)")
    p.add_argument("--tokens-on", choices=("auto", "host", "device"), default="auto",
                   help="where the token buffer lives with --device cuda: auto puts it on the GPU "
                        "when torch has CUDA (default auto)")
    p.add_argument("--tokenizer", choices=tuple(tokenizer_kit.KINDS), default="byte_level",
                   help="tokenizer trained by tests/tokenizer_kit.py (default byte_level)")
    p.add_argument("--repeat", type=int, default=3, help="timed repetitions, the best reported (default 3)")
    p.add_argument("--seed", type=int, default=0, help="seed of tests, candidates and answer shapes")
    p.add_argument("--json", metavar="OUT", help="write all measurements as JSON")
    p.add_argument("--md", metavar="OUT", help="write a Markdown report (command, machine, tables)")
    a = p.parse_args(argv)

    names = workload_names(p, a.workload, DEFAULT_WORKLOADS)
    if a.n < 1 or a.m < 1 or a.repeat < 1:
        p.error("--n, --m and --repeat must be at least 1")

    console, log = consoles(bool(a.md), width=200)

    info = machine_info()
    v = Verifier(device=a.device, fallback=False)
    info["verifier_device"] = v.device
    if v.device == "cuda":
        try:
            info["gpu"] = v.xp.cuda.runtime.getDeviceProperties(0)["name"].decode()
        except Exception as e:  # noqa: BLE001
            info["gpu"] = f"unknown ({e})"
        info.update(v.backend.describe())
    else:  # say whether a GPU was there to use, so a CPU figure is not read as a GPU one
        from gpubackend.backends import cuda
        info["gpu"] = ("present but not used (--device cpu)" if cuda.available()
                       else f"none usable ({cuda.why_unavailable()})")
    tok = tokenizer_kit.KINDS[a.tokenizer]()

    rows = []
    for name in names:
        log(f"[bold]{name}[/]")
        rows.append(bench_workload(WORKLOADS[name], a, v, tok, log))
    info["loadavg_end"] = _loadavg()
    report(rows, info, a, console)

    problems = [f"{r['workload']}: {msg}" for r in rows for msg in r["problems"]]
    if problems:
        console.print("[bold red]DISAGREEMENT (a bug in the Verifier or the benchmark):[/]")
        for msg in problems:
            console.print(f"[bold red]  {msg}[/]")
    else:
        console.print("[green]The token path equals the string path on every field, and CPython "
                      "agrees on every pass/fail.[/]")

    write_reports(a, __file__, argv, "Token-buffer verify benchmark", info, console, {"workloads": rows})
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
