// dtoa_harness.cpp: exposes gpubackend/kernels/dtoa.h to Python (ctypes) so
// that tests/kernels/test_dtoa.py can compare it with CPython's repr(float).
// Built by the test as strtod_harness.cpp is. Every call gets a scratch
// buffer refilled with a canary and fenced by GUARD canary limbs on both
// sides; the digit step (dtoa_digits_) also records how many limbs of each
// of its three big integers were written, checked against the header's
// bound.
#include "../../gpubackend/kernels/dtoa.h"

#define GUARD 16
#define CANARY 0xa5c3e1f7u

static uint32_t g_scratch[GUARD + STRTOD_SCRATCH_LIMBS + GUARD];
static int g_high;    // most limbs written into one of dtoa_digits_'s big integers
static int g_fence;   // a guard limb was overwritten

static uint32_t* prepare_(void) {
  for (int i = 0; i < GUARD + STRTOD_SCRATCH_LIMBS + GUARD; i++) g_scratch[i] = CANARY;
  return g_scratch + GUARD;
}

static void check_fence_(void) {
  for (int i = 0; i < GUARD; i++)
    if (g_scratch[i] != CANARY || g_scratch[GUARD + STRTOD_SCRATCH_LIMBS + i] != CANARY) g_fence = 1;
}

// repr(x) of the double with these bits into out (DTOA_REPR_MAX bytes).
extern "C" int d_repr(uint64_t bits, char* out) {
  int n = dtoa_repr(bits_to_double((int64_t)bits), prepare_(), out);
  check_fence_();
  return n;
}

// The digit step alone, for a finite x > 0: the 17 digits, exp10 and rest.
extern "C" void d_digits(uint64_t bits, char* digits, int32_t* exp10, int32_t* rest) {
  DtoaDigits g;
  dtoa_digits_(bits_to_double((int64_t)bits), prepare_(), &g);
  check_fence_();
  for (int third = 0; third < 3; third++) {
    const uint32_t* b = g_scratch + GUARD + third * DTOA_BIG_LIMBS;
    int top = DTOA_BIG_LIMBS;
    while (top > 0 && b[top - 1] == CANARY) top--;
    if (top > g_high) g_high = top;
  }
  for (int i = 0; i < DTOA_DIGITS; i++) digits[i] = g.d[i];
  *exp10 = g.exp10;
  *rest = g.rest;
}

// float(s), the way back, for the round trip str -> float in the tests.
extern "C" int d_parse(const char* s, int64_t n, double* out) { return rt_parse_float(s, n, prepare_(), out); }

extern "C" int d_repr_max(void) { return DTOA_REPR_MAX; }
extern "C" int d_big_limbs(void) { return DTOA_BIG_LIMBS; }

// The high-water mark and fence flag since the last call, then reset.
extern "C" int d_take_high_water(void) { int h = g_high; g_high = 0; return h; }
extern "C" int d_take_fence(void) { int f = g_fence; g_fence = 0; return f; }

// round(x, ndigits) of a float: the status (ST_PASS or ST_OVERFLOW_ERROR)
// and the result's bits.
extern "C" int d_round(uint64_t bits, int64_t ndigits, uint64_t* out) {
  double r;
  int st = dtoa_round(bits_to_double((int64_t)bits), ndigits, prepare_(), &r);
  check_fence_();
  *out = (uint64_t)double_to_bits(r);
  return st;
}
