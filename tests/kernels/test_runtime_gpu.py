"""The runtime library on the GPU gives the host's results, word for word.

test_runtime.py holds the host build to CPython; this file holds the device
build to the host build. The same case runner (runtime_cases.h) is compiled
by NVRTC through CuPy, as the VM is, with -fmad=false, and by g++ into the
host harness; a few thousand cases per function (edge values and random
ones) run on both and every result word must agree. Skipped without CuPy or
a GPU. The host half (test_run_cases_host) runs everywhere: the batch path
with its heap fences, and its string results against CPython.
"""

import math
import random
import struct
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
KERNELS = HERE.parent.parent / "gpubackend" / "kernels"
I64_MIN, I64_MAX = -(2**63), 2**63 - 1
INT_EDGES = [0, 1, 2, 3, 7, 10, 2**31, 2**32, 2**53, 2**62, I64_MAX, 3037000499,
             10**18, 1_000_000_007]
INT_EDGES += [-x for x in INT_EDGES] + [I64_MIN]
FLOAT_EDGES = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, math.inf, -math.inf,
               math.nan, 5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
               2.0**52 + 0.5, 2.0**53, 2.0**63, -(2.0**63), 2.0**63 - 1024, 2.0**64, 0.1, 3.0]
CASE_WORDS, CASE_HEAP = 8, 40
RES_WORDS = 4 + CASE_HEAP
PER_OP = 3000

INT_OPS = {0: 2, 1: 2, 2: 2, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1, 8: 1, 9: 2, 10: 1, 22: 2}
FLOAT_OPS = {11: 2, 12: 2, 13: 2, 14: 1, 15: 1, 16: 1, 17: 1, 18: 1, 21: 2, 23: 2, 24: 2}
POW_OPS = (23, 24)

KERNEL_SRC = r"""
#include "runtime.h"
#include "runtime_cases.h"
KERNEL void run_cases(const int64_t* cases, int64_t n, const int64_t* pool,
                      const int64_t* chars, const int64_t* empty, int64_t* heap, int64_t* res) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  run_case(cases + i * CASE_WORDS, pool, chars, empty, heap + i * CASE_HEAP, res + i * RES_WORDS);
}
"""


def bits(f):
    return struct.unpack("<q", struct.pack("<d", f))[0]


class Cases:
    def __init__(self, seed=2024):
        self.r = random.Random(seed)
        self.rows = []
        self.pool = []
        self.pool_at = {}

    def int_(self):
        k = self.r.random()
        if k < 0.35:
            v = self.r.choice(INT_EDGES) + self.r.choice([0, 0, 0, 1, -1])
            return min(max(v, I64_MIN), I64_MAX)
        if k < 0.7:
            return self.r.randint(-300, 300)
        return self.r.randint(I64_MIN, I64_MAX)

    def float_(self):
        k = self.r.random()
        if k < 0.3:
            return self.r.choice(FLOAT_EDGES)
        if k < 0.5:
            return struct.unpack("<d", struct.pack("<Q", self.r.getrandbits(64)))[0]
        if k < 0.7:
            return float(self.r.randint(-(2**66), 2**66))
        if k < 0.85:
            return self.r.randint(-40, 40) / 4
        return self.r.uniform(-1e6, 1e6)

    def pow_base(self):
        r = self.r
        return r.choice([r.uniform(0, 10), r.uniform(-10, 10), float(r.randint(-20, 20)),
                         r.uniform(0.9, 1.1), 10.0 ** r.uniform(-300, 300)])

    def pow_exponent(self):
        r = self.r
        return r.choice([r.uniform(-5, 5), r.randint(-8, 8) / 2, 1 / 3, float(r.randint(-60, 60)),
                         r.uniform(-700, 700)])

    def str_(self, alphabet=None):
        n = self.r.randint(0, 12)
        alphabet = alphabet or self.r.choice(["ab", "ab \t_", "".join(map(chr, range(128)))])
        return "".join(self.r.choice(alphabet) for _ in range(n))

    def obj(self, s):
        if s is None:
            return -1
        if s not in self.pool_at:
            b = s.encode("ascii")
            self.pool_at[s] = len(self.pool)
            self.pool.append(len(b))
            words = (len(b) + 7) // 8
            padded = b + b"\0" * (8 * words - len(b))
            self.pool.extend(struct.unpack(f"<{words}q", padded))
        return self.pool_at[s]

    def add(self, op, a=0, b=0, c=0, d=0, s=None, t=None, u=None):
        i64 = lambda v: v if v < 2**63 else v - 2**64
        self.rows.append([op, i64(a), i64(b), c, d, self.obj(s), self.obj(t), self.obj(u)])

    def build(self, per_op=PER_OP):
        r = self.r
        for op, arity in INT_OPS.items():
            for _ in range(per_op):
                a, b, c = self.int_(), self.int_(), self.int_()
                if op in (2, 5, 6) and r.random() < 0.5:
                    b = r.randint(-2, 70)
                if op == 22:
                    c = r.randint(0, 5)
                self.add(op, a, b, c)
        for op in FLOAT_OPS:
            for _ in range(per_op):
                c = r.randint(0, 5) if op == 21 else 0
                self.add(op, bits(self.float_()), bits(self.float_()), c)
        for op in POW_OPS:  # the double-double pow where its results are finite
            for _ in range(per_op):
                self.add(op, bits(self.pow_base()), bits(self.pow_exponent()))
        for _ in range(per_op):
            i, f = self.int_(), self.float_()
            if r.random() < 0.3:
                f = float(i) + r.choice([0.0, 0.5, -0.5])
            self.add(19, i, bits(f), r.randint(0, 5))
            self.add(20, bits(f), i, r.randint(0, 5))
        for _ in range(per_op // 3):
            s, t, u = self.str_(), self.str_(), self.str_()
            small = lambda: r.choice([I64_MIN, I64_MAX, r.randint(-15, 15)])
            self.add(30, s=s, t=t)
            self.add(31, s=s, t=t)
            self.add(32, r.randint(-2, 30), s=s)
            self.add(33, r.randint(-15, 15), s=s)
            self.add(34, small(), small(), r.choice([I64_MIN, 0, r.randint(-4, 4)]), s=s)
            self.add(35, s=s, t=t[:2])
            self.add(36, self.int_())
            self.add(37, s=r.choice([s, str(self.int_()), " -0_1_2 ", "9" * r.randint(18, 20)]))
            self.add(38, r.choice([self.int_(), r.randint(-2, 200)]))
            self.add(39, s=s[:r.randint(0, 2)])
            self.add(40, self.int_(), r.choice([1, 3, 4]))
            self.add(41, r.randint(0, 1), s=s)
            self.add(42, r.randint(0, 2), s=s, t=r.choice([None, t[:2]]))
            self.add(43, r.randint(0, 3), s=s, t=t[:2])
            self.add(44, r.randint(0, 1), s=s, t=t[:2])
            self.add(45, s=s, t=t[:r.randint(0, 2)], u=u[:3])
            self.add(46, r.randint(0, 5), s=s)
            spec = r.choice(["08b", "#x", "+^9", "_", ",", ">5", ".2", "*<6", "05", "X", "c", r.choice(["", s[:3]])])
            self.add(47, self.int_(), s=spec)
            self.add(48, s=s, t=spec)
        return (np.array(self.rows, dtype=np.int64).reshape(-1, CASE_WORDS),
                np.array(self.pool or [0], dtype=np.int64))


def chars_table():
    t = np.zeros(256, dtype=np.int64)
    t[0::2] = 1
    t[1::2] = np.arange(128)
    return t


def _pool_str(pool, off):
    n = int(pool[off])
    return pool[off + 1:off + 1 + (n + 7) // 8].tobytes()[:n].decode("ascii")


def test_run_cases_host(rt):
    """The batch runner on the host (conftest's runtime_guard checks that no
    case wrote past its CASE_HEAP words), with the string results of a few
    ops against CPython."""
    cases, pool = Cases(seed=7).build(per_op=300)
    n = len(cases)
    res = np.zeros((n, RES_WORDS), dtype=np.int64)
    rt.h_run_cases(cases.ctypes.data, n, pool.ctypes.data, res.ctypes.data)
    py = {31: lambda s, t, u, a, b, c: s + t,
          32: lambda s, t, u, a, b, c: s * a,
          41: lambda s, t, u, a, b, c: s.upper() if a else s.lower(),
          45: lambda s, t, u, a, b, c: s.replace(t, u)}
    checked = 0
    for row, r in zip(cases.tolist(), res):
        op, a, b, c, _, *offs = row
        if op not in py:
            continue
        s, t, u = (_pool_str(pool, o) if o >= 0 else None for o in offs)
        want = py[op](s, t, u, a, b, c)
        if 1 + (len(want) + 7) // 8 > CASE_HEAP:
            assert r[0] != 0  # MemoryError: past the case's heap
            continue
        assert r[0] == 0 and r[2] == len(want), (row, r[:4].tolist(), want)
        assert r[4:].tobytes()[:len(want)].decode("ascii") == want, (row, want)
        checked += 1
    assert checked > 200


@pytest.mark.gpu
def test_runtime_gpu_matches_host(rt):
    cp = pytest.importorskip("cupy")
    if not cp.cuda.is_available():
        pytest.skip("no CUDA GPU")
    cases, pool = Cases().build()
    n = len(cases)

    want = np.zeros((n, RES_WORDS), dtype=np.int64)
    rt.h_run_cases(cases.ctypes.data, n, pool.ctypes.data, want.ctypes.data)

    mod = cp.RawModule(code=KERNEL_SRC, options=(
        "-std=c++17", "-fmad=false", f"-I{KERNELS}", f"-I{HERE}"))
    kern = mod.get_function("run_cases")
    d_res = cp.zeros((n, RES_WORDS), dtype=cp.int64)
    d_heap = cp.zeros(n * CASE_HEAP, dtype=cp.int64)
    d_chars = cp.asarray(chars_table())
    d_empty = cp.zeros(1, dtype=cp.int64)
    block = 128
    kern(((n + block - 1) // block,), (block,),
         (cp.asarray(cases), cp.int64(n), cp.asarray(pool), d_chars, d_empty, d_heap, d_res))
    got = cp.asnumpy(d_res)

    bad = np.nonzero((got != want).any(axis=1))[0]
    if len(bad):
        lines = [f"{len(bad)} of {n} cases differ; first ones (case: host / gpu):"]
        for i in bad[:10]:
            lines.append(f"{cases[i].tolist()}: {want[i, :4].tolist()} / {got[i, :4].tolist()}")
        pytest.fail("\n".join(lines))
    # The cases must reach past the easy paths: some raise, some allocate.
    assert (want[:, 0] != 0).sum() > n // 50
    assert ((want[:, 0] == 0) & (want[:, 2] >= 2) & (want[:, 3] == 0)).sum() > 100
