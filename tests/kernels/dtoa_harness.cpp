// dtoa_harness.cpp: exposes gpubackend/kernels/dtoa.h to Python (ctypes) so
// that tests/kernels/test_dtoa.py can compare it with CPython's repr(float).
// Built by the test as strtod_harness.cpp is. Every call gets a fenced,
// canary-filled scratch buffer (scratch_guard.h); the digit step
// (dtoa_digits_) also records how many limbs of each of its three big
// integers were written, checked against the header's bound.
#include "../../gpubackend/kernels/dtoa.h"
#include "scratch_guard.h"

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
  note_high_water_(3, DTOA_BIG_LIMBS);
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
