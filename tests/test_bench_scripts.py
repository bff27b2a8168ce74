"""The RL-scale benchmark, the soak run, the compiler comparison, the
front passes' benchmark and the refusal survey, at a size a test can
afford: they run end to end and write what their reports promise."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import bench_front  # noqa: E402
import bench_rl  # noqa: E402
import compare_compilers  # noqa: E402
import refusals  # noqa: E402
import soak  # noqa: E402


def test_bench_rl_reports_every_figure_of_a_scale(tmp_path):
    out = tmp_path / "rl.json"
    assert bench_rl.main(["--scales", "4x3x5", "--workloads", "digit_sum,two_sum", "--repeat", "1",
                          "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())["rows"]
    ours = row["ours"]
    assert (row["problems"], ours["programs"], ours["lanes"]) == (4, 12, 60)
    for field in ("programs_compiled_per_s", "lanes_per_s", "steps_per_s", "bytes_to_device"):
        assert ours[field] > 0, field


def test_the_soak_counts_every_candidate_and_no_crash(tmp_path):
    out = tmp_path / "soak.json"
    assert soak.main(["--candidates", "600", "--threads", "2", "--batch", "200", "--groups", "5",
                      "--json", str(out)]) == 0
    tally = json.loads(out.read_text())["tally"]
    assert tally["candidates"] == 600 and tally["crashes"] == [] and tally["missing_results"] == 0
    assert sum(tally["kinds"].values()) == 600


def test_a_compiler_compared_with_its_own_commit_differs_nowhere(tmp_path):
    out = tmp_path / "cmp.json"
    assert compare_compilers.main(["--base", "HEAD", "--mutants", "40", "--generated", "10", "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["programs"] > 1000 and report["compiled"] > 100  # the corpus, the probes, the generated
    assert report["differ_diagnostic"] == report["differ_lanes"] == 0


def test_the_comparison_names_each_kind_of_difference():
    base = {"a#0": ["c1", [0, 0, 0, ""], "l1"], "b#0": ["c2", [1, 2, 3, "x"], "l2"],
            "c#0": ["c3", [3, 1, 1, "t"], "l4"], "d#0": ["c4", [3, 1, 1, "t"], "l5"]}
    ours = {"a#0": ["c9", [0, 0, 0, ""], "l1"], "b#0": ["c2", [1, 2, 4, "x"], "l3"],
            "c#0": ["c8", [1, 5, 2, "s"], "l4"], "d#0": ["c4", [1, 1, 1, "s"], "l5"]}
    got = compare_compilers.compare(base, ours)
    # code counts where both compile; a SyntaxError after base's other error is the parse pass's order
    assert (got["differ_code"], got["differ_diagnostic"], got["differ_lanes"]) == (1, 2, 1)
    assert got["examples"] == {"code": ["a#0"], "diagnostic": ["b#0", "d#0"], "diagnostic_syntax_first": ["c#0"],
                               "lanes": ["b#0"]}


def test_the_front_benchmark_times_each_pass(capsys):
    assert bench_front.main(["--programs", "3", "--copies", "8", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    times = re.search(r"parse ([\d.]+) us, parse \+ types ([\d.]+) us, parse \+ types \+ code \(compile\) ([\d.]+) us",
                      out)
    assert times and all(float(x) > 0 for x in times.groups()), out


def test_the_refusal_survey_accounts_for_every_sample():
    name = "he_base_starcoder-15b_ldb.jsonl.gz"
    out = refusals.survey([refusals.CORPUS / name], n_examples=1)
    f = out["files"][name]
    assert f["samples"] == 163 and 0 < f["compiled"] < f["samples"]
    assert sum(out["reasons"].values()) == f["samples"] - f["compiled"]
    assert all(len(lines) == 1 and lines[0].startswith("HumanEval/") for lines in out["examples"].values())
