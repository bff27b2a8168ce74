// strtod_harness.cpp: exposes gpubackend/kernels/strtod.h to Python (ctypes)
// so that tests/kernels/test_strtod.py can compare it with CPython's float()
// bit for bit. Built by the test with
//   g++ -O2 -shared -fPIC -ffp-contract=off -std=c++17
// Every call gets a scratch buffer refilled with a canary and fenced by
// GUARD canary limbs on both sides; afterwards the harness records how many
// limbs of each big integer were written (the high-water mark, checked
// against STRTOD_BIG_LIMBS) and whether a fence was touched.
#include "../../gpubackend/kernels/strtod.h"

#define GUARD 16
#define CANARY 0xa5c3e1f7u

static uint32_t g_scratch[GUARD + STRTOD_SCRATCH_LIMBS + GUARD];
static int g_high;    // most limbs written into one big integer so far
static int g_fence;   // a guard limb was overwritten

static uint32_t* prepare_(void) {
  for (int i = 0; i < GUARD + STRTOD_SCRATCH_LIMBS + GUARD; i++) g_scratch[i] = CANARY;
  return g_scratch + GUARD;
}

static void inspect_(void) {
  for (int i = 0; i < GUARD; i++)
    if (g_scratch[i] != CANARY || g_scratch[GUARD + STRTOD_SCRATCH_LIMBS + i] != CANARY) g_fence = 1;
  for (int half = 0; half < 2; half++) {
    const uint32_t* b = g_scratch + GUARD + half * STRTOD_BIG_LIMBS;
    int top = STRTOD_BIG_LIMBS;
    while (top > 0 && b[top - 1] == CANARY) top--;
    if (top > g_high) g_high = top;
  }
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
