"""`agentloop report DIR` (agentloop/report.py): reading a results folder
of `agentloop eval` (torn last line, duplicates, bad lines with file:line),
the summary's numbers against hand-computed pass@k, the table, report.png,
--json, and exit status 2 with one-line errors on bad input."""

from __future__ import annotations

import json
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from agentloop.cli import app
from agentloop.records import ProblemRecord, RunConfig, Summary
from agentloop.report import (ReportError, plot, read_results, reason_group, render, summarize,
                              write_summary)

runner = CliRunner()

CONFIG = RunConfig(taskset="tasks/demo.jsonl", mode="samples", samples="s.jsonl", n=5, k=[1, 2, 10])


def _rec(task_id, status="done", **kw):
    return ProblemRecord(task_id=task_id, status=status, **kw)


RECORDS = [
    # n = 5, c = 2: pass@1 = 2/5 = 0.4; pass@2 = 1 - C(3,2)/C(5,2) = 1 - 3/10 = 0.7
    _rec("t/0", n=5, correct=2, solved=True, rounds=1, pass_at={"1": 0.99},  # stored pass_at is not trusted
         seconds={"compile": 1.0, "run": 2.0}),
    # n = 5, c = 0, solved by a feedback round: pass@1 = pass@2 = 0
    _rec("t/1", n=5, correct=0, solved=True, rounds=2, seconds={"compile": 0.5, "run": 1.5, "generate": 3.0}),
    # n = 5, c = 5: pass@k = 1
    _rec("t/2", n=5, correct=5, solved=True, rounds=1, seconds={"run": 0.5}),
    _rec("t/3", "skipped", reason="outside the DSL: 3:12: Unsupported: dict display"),
    _rec("t/4", "skipped", reason="outside the DSL: 7:1: Unsupported: set comprehension"),
    _rec("t/5", "skipped", reason="no samples"),
    _rec("t/6", "error", reason="GeneratorError: server returned 500", seconds={"generate": 0.25}),
]
# the mean over the three done problems
PASS1 = (0.4 + 0.0 + 1.0) / 3
PASS2 = (0.7 + 0.0 + 1.0) / 3


def _folder(tmp_path, records=RECORDS, config=CONFIG, tail=""):
    d = tmp_path / "run"
    d.mkdir()
    (d / "config.json").write_text(config.model_dump_json(indent=2))
    lines = [r.model_dump_json() for r in records]
    (d / "results.jsonl").write_text("".join(x + "\n" for x in lines) + tail)
    return d


def test_pass_at_k_by_hand():
    one = summarize(CONFIG, [RECORDS[0]])
    assert one.pass_at["1"] == pytest.approx(0.4) and one.pass_at["2"] == pytest.approx(0.7)
    assert "10" not in one.pass_at  # k above n is left out


def test_summary_numbers():
    s = summarize(CONFIG, RECORDS, problems=10)
    assert (s.problems, s.evaluated, s.skipped, s.errors) == (10, 3, 3, 1)
    assert s.pass_at == pytest.approx({"1": PASS1, "2": PASS2})
    assert s.solved == pytest.approx(1.0)
    assert s.solved_first_round == pytest.approx(2 / 3)
    assert s.seconds == pytest.approx({"compile": 1.5, "run": 4.0, "generate": 3.25})
    assert s.skipped_reasons == {"outside the DSL: Unsupported": 2, "error: GeneratorError: server returned 500": 1,
                                 "no samples": 1}
    assert list(s.skipped_reasons)[0] == "outside the DSL: Unsupported"  # most frequent first
    assert summarize(CONFIG, RECORDS).problems == len(RECORDS)


def test_summary_of_nothing_evaluated():
    s = summarize(CONFIG, RECORDS[3:])
    assert s.evaluated == 0 and s.pass_at == {} and s.solved == 0.0 and s.solved_first_round == 0.0


def test_reason_groups():
    assert reason_group(None) == "(no reason given)"
    assert reason_group("no samples") == "no samples"
    assert reason_group("compile: TypeError: list[int] is not int") == "compile: TypeError"
    assert reason_group("outside the DSL: 3:12: Unsupported: x") == "outside the DSL: Unsupported"
    assert reason_group("timeout: 12.5 s, limit 10 s") == "timeout: 12.5 s"
    assert len(reason_group("x: " + "y" * 200)) == 80


def test_read_results_drops_a_torn_last_line_and_keeps_the_last_duplicate(tmp_path):
    again = _rec("t/1", n=5, correct=1, solved=True, rounds=1)
    d = _folder(tmp_path, RECORDS + [again], tail='{"task_id": "t/7", "status": "do')
    notes = []
    config, records = read_results(d, notes)
    assert config == CONFIG
    assert [r.task_id for r in records] == [r.task_id for r in RECORDS]  # no t/7, t/1 once
    assert records[1].correct == 1
    assert len(notes) == 1 and f"results.jsonl:{len(RECORDS) + 2}: torn last line" in notes[0]


def test_torn_utf8_in_the_last_line(tmp_path):
    d = _folder(tmp_path, RECORDS[:1])
    with open(d / "results.jsonl", "ab") as f:
        f.write('{"task_id": "é'.encode()[:-1])  # cut inside a two-byte character
    assert len(read_results(d)[1]) == 1


@pytest.mark.parametrize("line, says", [
    ("{not json", "bad JSON"),
    ('{"task_id": "x", "status": "finished"}', "field 'status'"),
    ('{"status": "done"}', "field 'task_id'"),
    ('{"task_id": "x", "status": "done", "candidates": [{"round": 0}]}', "field 'candidates.0.status'"),
    ('{"task_id": "x", "status": "done", "n": 2, "correct": 3}', "field 'correct'"),
    ("[1, 2]", "expected a JSON object"),
])
def test_bad_middle_line_names_file_line_and_field(tmp_path, line, says):
    d = _folder(tmp_path, RECORDS[:1], tail=line + "\n" + RECORDS[1].model_dump_json() + "\n")
    with pytest.raises(ReportError) as e:
        read_results(d)
    assert f"results.jsonl:2: {says}" in str(e.value)


def test_a_last_line_that_parses_but_is_invalid_is_an_error(tmp_path):
    d = _folder(tmp_path, RECORDS[:1], tail='{"task_id": "x"}\n')
    with pytest.raises(ReportError, match=r"results.jsonl:2: field 'status'"):
        read_results(d)


def test_bad_config(tmp_path):
    d = _folder(tmp_path)
    (d / "config.json").write_text('{\n  "taskset": "x",\n  "mode": \n}')
    with pytest.raises(ReportError, match=r"config.json:4: bad JSON"):
        read_results(d)
    (d / "config.json").write_text('{"taskset": "x", "mode": "samples", "n": 5, "k": "1"}')
    with pytest.raises(ReportError, match=r"config.json: field 'k'"):
        read_results(d)
    (d / "config.json").unlink()
    with pytest.raises(ReportError, match=r"config.json: missing"):
        read_results(d)


def test_render_shows_the_numbers():
    console = Console(record=True, width=100)
    render(summarize(CONFIG, RECORDS, problems=9), console)
    text = console.export_text()
    for want in ("pass@1", f"{PASS1:.1%}", "pass@2", f"{PASS2:.1%}", "k = 10", "solved in the first round",
                 "66.7%", "not yet run", "outside the DSL: Unsupported", "compile (s)", "3.25", "total (s)"):
        assert want in text, want


def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    s = summarize(CONFIG, RECORDS)
    path, why = plot(s, RECORDS, tmp_path / "report.png")
    assert why is None and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    path, why = plot(summarize(CONFIG, []), [], tmp_path / "empty.png")  # nothing evaluated yet: still a plot
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_plot_without_matplotlib(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib... raises ImportError
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    monkeypatch.setitem(sys.modules, "matplotlib.backends.backend_agg", None)
    path, why = plot(summarize(CONFIG, RECORDS), RECORDS, tmp_path / "report.png")
    assert path is None and "matplotlib is not installed" in why
    assert not (tmp_path / "report.png").exists()
    r = runner.invoke(app, ["report", str(_folder(tmp_path))])
    assert r.exit_code == 0 and "report.png skipped: matplotlib is not installed" in r.stderr


def test_write_summary_is_atomic_and_round_trips(tmp_path):
    s = summarize(CONFIG, RECORDS)
    path = write_summary(tmp_path, s)
    assert Summary.model_validate_json(path.read_text()) == s
    assert [p.name for p in tmp_path.iterdir()] == ["summary.json"]  # no temporary file left


# ------------------------------------------------------------- the command


def test_cli_writes_summary_and_png_and_prints_the_table(tmp_path):
    pytest.importorskip("matplotlib")
    d = _folder(tmp_path, tail='{"task_id": "t/9"')
    r = runner.invoke(app, ["report", str(d)])
    assert r.exit_code == 0, r.output
    assert "pass@1" in r.stdout and f"{PASS1:.1%}" in r.stdout and "outside the DSL: Unsupported" in r.stdout
    assert "torn last line ignored" in r.stderr
    s = Summary.model_validate_json((d / "summary.json").read_text())
    assert s.evaluated == 3 and s.pass_at["2"] == pytest.approx(PASS2)
    assert (d / "report.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_json(tmp_path):
    d = _folder(tmp_path)
    r = runner.invoke(app, ["report", str(d), "--json", "--no-plot"])
    assert r.exit_code == 0, r.output
    s = Summary.model_validate_json(r.stdout)
    assert s.pass_at == pytest.approx({"1": PASS1, "2": PASS2}) and s.skipped == 3 and s.errors == 1
    assert not (d / "report.png").exists()
    assert json.loads((d / "summary.json").read_text()) == json.loads(r.stdout)


def test_cli_keeps_the_task_set_size_of_an_earlier_summary(tmp_path):
    d = _folder(tmp_path)
    write_summary(d, summarize(CONFIG, RECORDS, problems=164))  # what eval wrote
    r = runner.invoke(app, ["report", str(d), "--json", "--no-plot"])
    assert Summary.model_validate_json(r.stdout).problems == 164


def test_cli_bad_middle_line_exits_2_naming_file_and_line(tmp_path):
    d = _folder(tmp_path, RECORDS[:2], tail="{oops\n" + RECORDS[2].model_dump_json() + "\n")
    r = runner.invoke(app, ["report", str(d)])
    assert r.exit_code == 2
    assert r.stderr.startswith("error: ") and f"{d / 'results.jsonl'}:3: bad JSON" in r.stderr
    assert r.stdout == "" and not (d / "summary.json").exists()


def test_cli_missing_folder_and_files_exit_2(tmp_path):
    r = runner.invoke(app, ["report", str(tmp_path / "nowhere")])
    assert r.exit_code == 2 and "error: " in r.stderr and "does not exist" in r.stderr
    d = _folder(tmp_path)
    (d / "results.jsonl").unlink()
    r = runner.invoke(app, ["report", str(d)])
    assert r.exit_code == 2 and "results.jsonl: missing" in r.stderr
