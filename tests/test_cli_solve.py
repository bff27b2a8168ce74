"""`agentloop solve` (agentloop/solve_cmd.py): whole solves from the command
line with each kind of generator, the JSON report, and one-line errors with
exit status 2 for bad input, nothing half-written."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agentloop.cli import app

PROBLEM = "tasks/examples/digit_sum.toml"
runner = CliRunner()


def _solve(*args):
    return runner.invoke(app, ["solve", *args])


def test_hf_model_rounds_write_the_report(tiny_model, tmp_path):
    out = tmp_path / "report.json"
    r = _solve(PROBLEM, "--hf", str(tiny_model), "--k", "4", "--rounds", "2", "--max-tokens", "16",
               "--device", "cpu", "--out", str(out))
    assert r.exit_code == 1, r.output  # random weights: unsolved
    report = json.loads(out.read_text())
    assert report["stop"] == "rounds" and report["solved"] is False and len(report["rounds"]) == 2
    assert report["generator"] == f"hf:{tiny_model}" and report["candidates"] == 4 + report["rounds"][1]["k"]
    assert "no candidate passed every test" in r.stdout
    progress = [line for line in r.stderr.splitlines() if line.startswith("round ")]
    assert len(progress) == 2 and "4 candidates, 0 compiled" in progress[0] and "generate" in progress[0]


def test_without_a_model_option_the_embedded_model_runs(monkeypatch, tmp_path):
    pytest.importorskip("transformers")
    monkeypatch.setenv("AGENTLOOP_ENGINE", "hf")
    out = tmp_path / "r.json"
    r = _solve(PROBLEM, "--k", "8", "--rounds", "2", "--max-tokens", "256", "--device", "cpu", "--out", str(out))
    assert r.exit_code in (0, 1), r.output  # a 4.7M model: solved or not, the rounds ran
    assert "the embedded model" in r.stderr
    report = json.loads(out.read_text())
    assert report["generator"].startswith("hf:") and report["generator"].endswith("coder/model")
    assert report["solved"] == (r.exit_code == 0) and report["rounds"][0]["k"] == 8


def test_json_goes_to_stdout(tiny_model):
    r = _solve(PROBLEM, "--hf", str(tiny_model), "--k", "2", "--rounds", "1", "--max-tokens", "8",
               "--device", "cpu", "--json")
    assert r.exit_code == 1
    assert json.loads(r.stdout)["rounds"][0]["k"] == 2


def test_server_solve(vllm_server, tiny_model, tmp_path):
    out = tmp_path / "r.json"
    r = _solve(PROBLEM, "--server", vllm_server, "--tokenizer", str(tiny_model), "--k", "3", "--rounds", "2",
               "--max-tokens", "16", "--device", "cpu", "--out", str(out))
    assert r.exit_code == 1, r.output
    assert json.loads(out.read_text())["generator"] == f"server:{vllm_server}/tiny"


def test_a_model_the_server_does_not_serve_is_a_one_line_error(vllm_server, tmp_path):
    r = _solve(PROBLEM, "--server", vllm_server, "--served-model", "gpt-9", "--out", str(tmp_path / "r.json"))
    assert r.exit_code == 2 and "model 'gpt-9' is not served (served: tiny)" in r.stderr
    assert not (tmp_path / "r.json").exists()


def test_in_process_vllm_solve(vllm_env, tiny_model, tmp_path):
    """--model starts its own engine: run as users do, in a fresh process."""
    out = tmp_path / "r.json"
    cmd = [sys.executable, "-m", "agentloop.cli", "solve", PROBLEM, "--model", str(tiny_model),
           "--engine-arg", "dtype=float32", "--engine-arg", "max_model_len=2048", "--engine-arg", "enforce_eager=true",
           "--k", "3", "--rounds", "1", "--max-tokens", "16", "--device", "cpu", "--out", str(out)]
    p = subprocess.run(cmd, capture_output=True, text=True, env=os.environ.copy(), timeout=600)
    assert p.returncode == 1, p.stderr[-3000:]
    report = json.loads(out.read_text())
    assert report["generator"] == f"vllm:{tiny_model}" and report["rounds"][0]["k"] == 3


def test_the_readme_command_solves_with_the_embedded_model_on_vllm(vllm_env):
    """No model option where vLLM is installed: the embedded model on an
    in-process engine, in a fresh process as the README runs it. It solves
    the README's task (its answers opened on the def line, about 3 samples
    in 16 pass), and vLLM's logs stay off stdout, which --json owns."""
    env = {k: v for k, v in os.environ.items() if k not in ("AGENTLOOP_ENGINE", "VLLM_LOGGING_STREAM")}
    p = subprocess.run([sys.executable, "-m", "agentloop.cli", "solve", PROBLEM, "--device", "cpu", "--json"],
                       capture_output=True, text=True, env=env, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    report = json.loads(p.stdout)  # the one line on stdout
    assert report["generator"].startswith("vllm:") and report["generator"].endswith("coder/model")
    assert report["solved"] and report["rounds"][0]["k"] == 16
    assert report["winner"]["program"].startswith("def digit_sum(n: int) -> int:")


@pytest.mark.parametrize("args, message", [
    (["--hf", "x", "--server", "http://127.0.0.1:9"], "give at most one of --model, --server and --hf (got --server, --hf)"),
    (["--server", "http://127.0.0.1:9"], "http://127.0.0.1:9 is not reachable"),
    (["--hf", "/no/such/model"], "hf: cannot load model '/no/such/model'"),
    (["--model", "m", "--engine-arg", "novalue"], "--engine-arg 'novalue': expected KEY=VALUE"),
])
def test_bad_options_are_one_line_errors(args, message, tmp_path):
    out = tmp_path / "r.json"
    r = _solve(PROBLEM, *args, "--device", "cpu", "--out", str(out))
    assert r.exit_code == 2, r.output
    assert message in " ".join(r.stderr.split()), r.stderr
    assert r.stderr.strip().startswith("error:") and not out.exists()


def test_out_of_range_numbers_are_refused_before_any_model_loads():
    r = _solve(PROBLEM, "--hf", "m", "--k", "0")
    assert r.exit_code == 2 and "--k" in r.stderr and "greater than or equal to 1" in r.stderr


def test_a_bad_problem_field_is_named_with_its_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(Path(PROBLEM).read_text().replace('expected = 6', 'expected = "6"', 1))
    r = _solve(str(bad), "--hf", "m")
    assert r.exit_code == 2
    assert f"{bad}:" in r.stderr and "expected" in r.stderr


def test_a_signature_outside_the_dsl_is_refused(tmp_path):
    bad = tmp_path / "sig.toml"
    bad.write_text(Path(PROBLEM).read_text().replace("def digit_sum(n: int) -> int",
                                                     "def digit_sum(n: complex) -> int"))
    r = _solve(str(bad), "--hf", "m")
    assert r.exit_code == 2 and "signature" in r.stderr and "complex" in r.stderr
