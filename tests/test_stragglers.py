"""Lanes that outrun a slice of fuel finish on the host with exactly the
outcome a full run gives: status, line, steps and value, in every shape of
run a call makes (all lanes; chosen programs again at a larger heap; one
test each; the first-fuel run of stop_after_timeout). The GPU backend slices
its runs this way; here both sides are the host backend, with tiny slices
so that most lanes move."""

import numpy as np
import pytest

from gpubackend import Verifier
from gpubackend.backends.cpu import CpuBackend
from gpubackend.stragglers import finish_on_host, sliced

from test_batch import _same
from test_memory import APPEND_FOREVER, GOOD, PROBLEM as GROW
from test_programs import SPECS, _problem
from test_bad_input import CORPUS, PROBLEM as BAD_INPUT, _mutate


class SlicingBackend(CpuBackend):
    """The host backend run as the GPU's is: each lane gets at most `fuel`,
    and those that need more finish on a second host backend."""

    def __init__(self, fuel: int) -> None:
        super().__init__()
        self.fuel = fuel
        self.finisher = CpuBackend()
        self.moved = 0

    def run(self, progs, plan, out_cap, deadline=None):
        oc = super().run(progs, sliced(np, plan, self.fuel), out_cap, deadline)
        self.moved += finish_on_host(np, self.finisher, lambda rows: self.images(progs, rows), plan, oc,
                                     max(out_cap, 1), self.fuel, deadline)
        return oc


def _pair(fuel: int):
    whole, parts = Verifier("cpu", fallback=False), Verifier("cpu", fallback=False)
    parts.backend = SlicingBackend(fuel)
    return whole, parts


@pytest.mark.parametrize("fuel", [1, 7, 64])
def test_the_behaviour_corpus_sliced_equals_whole(fuel):
    whole, parts = _pair(fuel)
    problems = [_problem(spec) for spec in SPECS]
    groups = [([spec.source], p) for spec, p in zip(SPECS, problems)]
    for a, b in zip(whole.verify_batch(groups), parts.verify_batch(groups)):
        _same(a, b)
    assert parts.backend.moved > 0


def test_mutants_sliced_equal_whole():
    import random

    whole, parts = _pair(16)
    rng = random.Random(3)
    texts = [p.read_text() for p in CORPUS]
    mutants = texts + [_mutate(rng, rng.choice(texts)) for _ in range(300)]
    _same(whole.verify(mutants, BAD_INPUT), parts.verify(mutants, BAD_INPUT))


def test_reruns_at_the_full_heap_and_first_fuel_runs_slice_alike():
    # GROW's long test outgrows the first heap (a rerun of chosen programs);
    # stop_after_timeout first runs a twentieth of the fuel, then one test each
    whole, parts = _pair(50)
    cands = [GOOD, APPEND_FOREVER, GOOD.replace("range(n)", "range(n + 0)")]
    for kw in ({}, {"stop_after_timeout": True}):
        _same(whole.verify_batch([(cands, GROW)], **kw)[0], parts.verify_batch([(cands, GROW)], **kw)[0])
    assert parts.backend.moved > 0


def test_a_slice_as_large_as_the_fuel_moves_nothing():
    whole, parts = _pair(GROW.limits.fuel)
    _same(whole.verify([GOOD, APPEND_FOREVER], GROW), parts.verify([GOOD, APPEND_FOREVER], GROW))
    assert parts.backend.moved == 0
