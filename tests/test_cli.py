"""`agentloop check` and `agentloop disasm`, as a user runs them."""

import json
from pathlib import Path

from typer.testing import CliRunner

from agentloop.cli import app

EX = Path(__file__).parent.parent / "tasks" / "examples"
runner = CliRunner()


def test_check_passing_program_exits_zero():
    r = runner.invoke(app, ["check", str(EX / "digit_sum.py"), "--problem", str(EX / "digit_sum.toml")])
    assert r.exit_code == 0, r.output
    assert "6/6 tests passed" in r.output


def test_check_json_reports_each_test(tmp_path):
    prog = tmp_path / "p.py"
    prog.write_text("def digit_sum(n: int) -> int:\n    return n // 0 if n > 100 else n\n")
    r = runner.invoke(app, ["check", str(prog), "--problem", str(EX / "digit_sum.toml"), "--json"])
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert out["compiled"] is True and out["diagnostic"] is None
    statuses = [t["status"] for t in out["tests"]]
    assert statuses[0] == "ZeroDivisionError" and statuses[1] == "pass"
    assert [t["index"] for t in out["tests"]] == list(range(len(statuses)))
    assert out["tests"][1]["actual"] == 0 and out["tests"][0]["actual"] is None


def test_check_compile_error_is_file_line_col(tmp_path):
    prog = tmp_path / "bad.py"
    prog.write_text("def digit_sum(n: int) -> int:\n    return n + ['x']\n")
    r = runner.invoke(app, ["check", str(prog), "--problem", str(EX / "digit_sum.toml")])
    assert r.exit_code == 1
    assert f"{prog}:2:" in r.output and "TypeError" in r.output
    r = runner.invoke(app, ["check", str(prog), "--problem", str(EX / "digit_sum.toml"), "--json"])
    out = json.loads(r.stdout)
    # CPython runs what the VM's types refuse: the refusal is reported, the verdict is CPython's
    d = out["refusal"]
    assert d["class"] == "TypeError" and d["line"] == 2 and d["col"] >= 1 and d["message"]
    assert out["path"] == "cpython" and out["diagnostic"] is None
    assert {t["status"] for t in out["tests"]} == {"TypeError"}
    prog.write_text("def digit_sum(n: int) -> int:\n    return n +\n")
    r = runner.invoke(app, ["check", str(prog), "--problem", str(EX / "digit_sum.toml"), "--json"])
    d = json.loads(r.stdout)["diagnostic"]
    assert d["class"] == "SyntaxError" and d["line"] == 2 and d["col"] >= 1 and d["message"]


def test_check_bad_problem_file_names_field_and_line(tmp_path):
    bad = tmp_path / "p.toml"
    bad.write_text('name = "x"\nentry = "f"\nsignature = "def f(n: int) -> int"\n\n[[tests]]\nargs = [1]\nexpected = "no"\n')
    r = runner.invoke(app, ["check", str(EX / "digit_sum.py"), "--problem", str(bad)])
    assert r.exit_code == 2
    assert f"{bad}:7" in r.output and "tests[0].expected" in r.output


def test_disasm_prints_named_opcodes():
    r = runner.invoke(app, ["disasm", str(EX / "collatz_steps.py")])
    assert r.exit_code == 0, r.output
    assert "== collatz_steps" in r.output and "MOD_INT" in r.output and "RETURN" in r.output


def test_disasm_without_a_problem_takes_any_signature(tmp_path):
    prog = tmp_path / "t.py"
    prog.write_text("from typing import Optional\n\n\n"
                    "def f(x: Optional[int], ys: list[str]) -> tuple[int, str]:\n    return (0, ys[0])\n")
    r = runner.invoke(app, ["disasm", str(prog)])
    assert r.exit_code == 0, r.output
    assert "== f: 2 params" in r.output and "RETURN" in r.output


def test_disasm_of_a_program_that_does_not_compile_prints_its_diagnostic(tmp_path):
    prog = tmp_path / "bad.py"
    prog.write_text("def f(x: int) -> int:\n    return x + ['a']\n")
    r = runner.invoke(app, ["disasm", str(prog)])
    assert r.exit_code == 1
    assert r.stderr.startswith(f"{prog}:2:") and "TypeError" in r.stderr


def test_check_prints_diagnostics_verbatim(tmp_path):
    # a message quoting a type (list[int]) is printed as is, not as markup
    prog = tmp_path / "p.py"
    prog.write_text("def running_max(xs: list[int]) -> list[int]:\n    best = []\n    return [best[0]]\n")
    res = runner.invoke(app, ["check", str(prog), "--problem", str(EX / "running_max.toml")])
    assert res.exit_code == 1
    assert "(xs: list[int] = [])" in res.output.replace("\n", "")
