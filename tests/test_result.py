"""gpubackend/result.py: values fetched whole equal values fetched lane by lane."""

from gpubackend import Problem, Verifier
from gpubackend.abi import PROGRAM_HEAD_BYTES
from tests.device import DEVICE


def test_actuals_equal_actual_lane_by_lane_in_four_transfers():
    p = Problem.from_file("tasks/examples/caesar.toml")
    sources = [p.solution, "def caesar(s: str, k: int) -> str:\n    return s[::-1]\n",
               "def caesar(s: str, k: int) -> str:\n    return s[k]\n", "def caesar(s: str, k: int) -> str:\n    return eval('1')\n"]
    v = Verifier(DEVICE)
    whole = v.verify(sources, p)
    before = whole.transfers["to_host"]
    values = whole.actuals()
    lane = v.verify(sources, p)
    assert values == [[lane.actual(c, t) for t in range(lane.n_tests)] for c in range(lane.k)]
    # the last calls eval: the VM refuses it, CPython runs it
    assert values[0][0] == "bcd" and values[2][3] is None and values[3] == [1] * 6
    assert [lane.path(c) for c in range(4)] == ["vm", "vm", "vm", "cpython"]
    status, out_words, out = (whole.lanes.status.nbytes, whole.lanes.out_words.nbytes, whole.lanes.out.nbytes)
    heads = len(whole.lanes.status) * PROGRAM_HEAD_BYTES  # each program's result type (result_code)
    assert whole.transfers["to_host"] - before <= status + out_words + out + heads + whole.lanes.index.nbytes


def test_actuals_of_an_untyped_problem_are_cpythons_values():
    p = Problem(name="u", entry="g", signature="def g(x)", typed=False,
                tests=[{"args": [1], "expected": 2}, {"args": [{"t": [1, 2]}], "expected": 3}])
    with Verifier(DEVICE) as v:
        res = v.verify(["def g(x):\n    return x + 1\n", "def g(x):\n    return sum(x) if isinstance(x, tuple) else 2\n"], p)
        assert res.actuals() == [[2, None], [2, 3]]
        assert [res.status_name(0, t) for t in range(2)] == ["pass", "TypeError"]
