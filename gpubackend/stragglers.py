"""Lanes that outrun a GPU thread's share of fuel, finished on the host.

One GPU thread interprets about 100 times slower than a host core: a lane
that spends 1,000,000 fuel takes 0.7-2.9 s on an H100's thread and 8-22 ms
on a core (bench/tune_cuda.py; Nsight Compute counts 192 instructions and
1,300 cycles a loop round on one thread, where a core takes 25 cycles). A
launch ends with its slowest lane, so one candidate that loops to its fuel
would hold thousands of finished lanes for seconds. So the GPU gives each
lane at most SLICE_FUEL; a lane that runs out of it while its problem allows
more runs again from its start on the host backend, at its full fuel, and
that outcome replaces the slice's. The kernels are one deterministic source
and the two backends agree lane for lane (tests/test_gpu.py), so which side
finished a lane changes nothing in its outcome.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .abi import PROB_FIELDS, STATUS_NAMES
from .backends import Outcomes
from .batch import BatchTests, RunPlan
from .link import Link

# Fuel a lane may spend on the GPU before it moves to the host: a loop round
# costs a GPU thread about 0.7 us (up to 3 us with builtins' work), so a
# slice holds a launch at most about 25-100 ms, while the lanes of usual
# tests (a few hundred fuel) never reach it.
SLICE_FUEL = 1 << 15

_FUEL = PROB_FIELDS.index("PROB_FUEL")
_TIMEOUT = STATUS_NAMES.index("Timeout")


def sliced(xp, plan: RunPlan, fuel: int = SLICE_FUEL) -> RunPlan:
    """`plan` with each problem's fuel cut to `fuel` (xp: the plan's array
    module). Nothing is read back here: where no problem has more fuel,
    finish_on_host finds no lane to move."""
    cut = xp.array(plan.rows, copy=True)
    cut[:, _FUEL] = xp.minimum(cut[:, _FUEL], fuel)
    return replace(plan, rows=cut)


def finish_on_host(xp, host, images, plan: RunPlan, oc: Outcomes, out_cap: int, fuel: int = SLICE_FUEL,
                   deadline: float | None = None) -> int:
    """Run again on `host` (a CpuBackend), at their full fuel, the lanes of
    `plan` that ran out of a slice of `fuel` in `oc` (xp arrays) with fuel
    left in their problem's budget, and write their outcomes into `oc`.
    images(programs) -> those programs' images on the host. Returns the
    number of lanes finished on the host."""
    host_of = Link(xp).host  # the bytes it counts are not this call's report
    lanes = host_of(xp.flatnonzero(oc.status == _TIMEOUT))
    if not len(lanes):
        return 0
    prog, test = _lane_programs(host_of, plan, lanes)
    rows = host_of(plan.rows)
    prob = np.zeros(len(prog), np.int64) if plan.prob_of is None else host_of(plan.prob_of)[prog]
    more = rows[prob, _FUEL] > fuel
    lanes, prog, test, prob = lanes[more], prog[more], test[more], prob[more]
    if not len(lanes):
        return 0
    programs, compact = np.unique(prog, return_inverse=True)
    owner = np.zeros(len(programs), np.int64)
    owner[compact] = prob
    t = plan.tests
    tests = BatchTests(*(host_of(a) for a in (t.args_words, t.args_off, t.exp_words, t.exp_off)), t.base, t.n)
    on_host = RunPlan(None, 1, compact.astype(np.int64), test, owner, rows, host_of(plan.meta), tests,
                      plan.lane_words, len(lanes))
    done = host.run(images(programs), on_host, out_cap, deadline)
    at = xp.asarray(lanes)
    for name in ("status", "line", "steps", "out_words", "out"):
        getattr(oc, name)[at] = xp.asarray(getattr(done, name))
    return len(lanes)


def _lane_programs(host_of, plan: RunPlan, lanes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each lane's program and its problem-local test, as the run kernel
    finds them (verifier.cu, run_one); host_of: Link.host."""
    if plan.lane_off is None:
        j, first = lanes // plan.uniform, (lanes // plan.uniform) * plan.uniform
    else:
        off = host_of(plan.lane_off)
        j = np.searchsorted(off, lanes, side="right") - 1
        first = off[j]
    prog = j if plan.cand_map is None else host_of(plan.cand_map)[j]
    test = lanes - first if plan.test_map is None else host_of(plan.test_map)[j]
    return prog.astype(np.int64), test.astype(np.int64)
