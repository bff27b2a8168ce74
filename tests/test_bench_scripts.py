"""The RL-scale benchmark and the soak run, at a size a test can afford:
they run end to end and write what their reports promise."""

from __future__ import annotations

import json
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import bench_rl  # noqa: E402
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
