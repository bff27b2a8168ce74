// strtod_harness.cpp: exposes gpubackend/kernels/strtod.h to Python (ctypes)
// so that tests/kernels/test_strtod.py can compare it with CPython's float()
// bit for bit. Built by the test with
//   g++ -O2 -shared -fPIC -ffp-contract=off -std=c++17
// Every call gets a fenced, canary-filled scratch buffer (scratch_guard.h);
// afterwards the harness records how many limbs of each of its two big
// integers were written (the high-water mark, checked against
// STRTOD_BIG_LIMBS) and whether a fence was touched.
#include "../../gpubackend/kernels/strtod.h"
#include "scratch_guard.h"

static void inspect_(void) {
  check_fence_();
  note_high_water_(2, STRTOD_BIG_LIMBS);
}

extern "C" double s_decimal(const char* digits, int32_t n, int32_t exp10, int neg) {
  double r = strtod_decimal(digits, n, exp10, neg, prepare_());
  inspect_();
  return r;
}

extern "C" int s_parse(const char* s, int64_t n, double* out) {
  int st = rt_parse_float(s, n, prepare_(), out);
  inspect_();
  return st;
}

extern "C" int s_status_pass(void) { return ST_PASS; }
extern "C" int s_status_value_error(void) { return ST_VALUE_ERROR; }
extern "C" int s_big_limbs(void) { return STRTOD_BIG_LIMBS; }
extern "C" int s_scratch_limbs(void) { return STRTOD_SCRATCH_LIMBS; }

// The high-water mark and fence flag since the last call, then reset.
extern "C" int s_take_high_water(void) { int h = g_high; g_high = 0; return h; }
extern "C" int s_take_fence(void) { int f = g_fence; g_fence = 0; return f; }

// The rounding loop alone, started from d0 instead of the estimate (which
// is never more than an ulp low, so some of the loop's paths, the steps
// down especially, are only reached this way). d0 >= 0; V must be neither
// trivially 0 nor inf (returns -1.0 then).
extern "C" double s_round_from(const char* digits, int32_t n, int32_t exp10, double d0) {
  StrtodNum v;
  if (strtod_prepare_(digits, n, exp10, &v) != 1) return -1.0;
  double r = strtod_round_(&v, d0, prepare_());
  inspect_();
  return r;
}
