// fpow.h: x ** y of floats and math.pow(x, y), as CPython 3.11 computes
// them (float_pow in floatobject.c, math_pow in mathmodule.c) on the pow of
// glibc or musl.
//
// CPython's x ** y is the C library's pow, which is not correctly rounded:
// glibc's and musl's (one code, from Arm's optimized-routines) err by at
// most 0.509 ULP in its exp step plus 1.5 * 2**-68 relative per unit of
// |y log x| in its log step (its own error analysis; 0.511 ULP built
// without FMA). So wherever x ** y lies farther than that slack beyond half
// an ULP from the two doubles around it, that pow returns the correctly
// rounded result. Here x ** y is computed in double-double arithmetic
// (below 2**-95 relative) and rounded; where the exact value lies within
// the slack of a midpoint between two doubles (about 3% of inexact
// results, and every exact midpoint), the lane ends Unsupported and
// CPython judges it. A result past the largest float is CPython's
// OverflowError; one below the smallest normal float (0.0, a subnormal or
// an OverflowError, as the libm rounds) is Unsupported.
#pragma once
#include "layout.h"

// The libm's slack beyond half an ULP: 0.011 ULP from its exp step by its
// analysis, with a margin (its worst case measured here was 0.0021 ULP in
// 100,000 powers; this file's own error is below 2**-40 ULP).
#define POW_SLACK_ULP 0.015
// Its log step's share per unit of |y log x|: 1.5 * 2**-15 ULP, taken as 2**-14.
#define POW_LOG_SLACK_ULP (1.0 / 16384.0)
// Terms of the series for log and exp: each leaves below 2**-106.
#define POW_LOG_TERMS 20
#define POW_EXP_TERMS 10
// exp(r) = exp(r / 2**POW_EXP_SQUARINGS) squared that many times.
#define POW_EXP_SQUARINGS 8

#define LN2_HI 0x1.62e42fefa39efp-1
#define LN2_LO 0x1.abc9e3b39803fp-56

// ---- double-double arithmetic: hi + lo with hi = RN(hi + lo). Exact
// products come from fma, which both compilers keep as written (-fmad=false,
// -ffp-contract=off), so the CPU and the GPU round every step alike.

struct DD {
  double hi, lo;
};

DEVI DD dd(double hi, double lo) { DD r; r.hi = hi; r.lo = lo; return r; }
DEVI DD dd_two_sum(double a, double b) {
  double s = a + b, bb = s - a;
  return dd(s, (a - (s - bb)) + (b - bb));
}
DEVI DD dd_fast_sum(double a, double b) {  // |a| >= |b|, or a == 0
  double s = a + b;
  return dd(s, b - (s - a));
}
DEVI DD dd_two_prod(double a, double b) {
  double p = a * b;
  return dd(p, f_fma(a, b, -p));
}
DEV DD dd_add(DD x, DD y) {
  DD s = dd_two_sum(x.hi, y.hi), t = dd_two_sum(x.lo, y.lo);
  s = dd_fast_sum(s.hi, s.lo + t.hi);
  return dd_fast_sum(s.hi, s.lo + t.lo);
}
DEV DD dd_mul(DD x, DD y) {
  DD p = dd_two_prod(x.hi, y.hi);
  return dd_fast_sum(p.hi, p.lo + (x.hi * y.lo + x.lo * y.hi));
}
DEV DD dd_mul_d(DD x, double y) {
  DD p = dd_two_prod(x.hi, y);
  return dd_fast_sum(p.hi, p.lo + x.lo * y);
}
// x / y: the leading quotient, corrected twice by its remainder.
DEV DD dd_div(DD x, DD y) {
  double q1 = x.hi / y.hi;
  DD r = dd_add(x, dd_mul_d(y, -q1));
  double q2 = r.hi / y.hi;
  r = dd_add(r, dd_mul_d(y, -q2));
  return dd_add(dd_fast_sum(q1, q2), dd(r.hi / y.hi, 0.0));
}
// 1 / k: the remainder 1 - k * RN(1/k) is exact in an fma.
DEV DD dd_recip(double k) {
  double h = 1.0 / k;
  return dd(h, f_fma(-h, k, 1.0) / k);
}

// log(x) of a finite x > 0: x = m * 2**k with m in [sqrt(1/2), sqrt(2)],
// log(m) = 2 atanh(s) = 2 (s + s**3/3 + s**5/5 + ...), s = (m - 1) / (m + 1),
// |s| <= 0.1716 (m - 1 is exact there).
DEVFN DD dd_log(double x) {
  int64_t b = double_to_bits(x);
  int64_t k = 0;
  if ((b >> 52) == 0) {  // subnormal: scale into the normal range
    b = double_to_bits(x * 0x1p54);
    k = -54;
  }
  k += (b >> 52) - 1023;
  double m = bits_to_double((b & 0xFFFFFFFFFFFFFLL) | 0x3FF0000000000000LL);
  if (m > 1.4142135623730951) { m *= 0.5; k++; }
  DD s = dd_div(dd(m - 1.0, 0.0), dd_two_sum(m, 1.0));
  DD z = dd_mul(s, s), p = dd_recip(2 * POW_LOG_TERMS - 1);
  for (int j = POW_LOG_TERMS - 2; j >= 0; j--) p = dd_add(dd_mul(p, z), dd_recip(2 * j + 1));
  DD kln2 = dd_add(dd_two_prod((double)k, LN2_HI), dd((double)k * LN2_LO, 0.0));
  return dd_add(kln2, dd_mul(dd(2.0 * s.hi, 2.0 * s.lo), p));
}

// exp(t) for |t| < 710 as e * 2**k, e in [0.7, 1.42]: t = k ln2 + r,
// exp(r / 256) by its Taylor series (|r / 256| < 0.0014), squared 8 times.
DEVFN DD dd_exp(DD t, int64_t* k) {
  double kf = f_rint(t.hi * (1.0 / LN2_HI));
  DD r = dd_add(t, dd_add(dd_two_prod(-kf, LN2_HI), dd(-kf * LN2_LO, 0.0)));
  double scale = 1.0 / (double)(1 << POW_EXP_SQUARINGS);
  r = dd(r.hi * scale, r.lo * scale);
  DD e = dd(1.0, 0.0);
  for (int i = POW_EXP_TERMS; i >= 1; i--) e = dd_add(dd(1.0, 0.0), dd_mul(dd_mul(e, r), dd_recip(i)));
  for (int i = 0; i < POW_EXP_SQUARINGS; i++) e = dd_mul(e, e);
  *k = (int64_t)kf;
  return e;
}

// Whether v (v.hi > 0 normal) lies within slack ULP of a midpoint between
// v.hi and either neighbour (the gaps differ at a power of two).
DEV int dd_near_midpoint(DD v, double slack) {
  int64_t b = double_to_bits(v.hi);
  double up = bits_to_double(b + 1) - v.hi, down = v.hi - bits_to_double(b - 1);
  return 0.5 * up - v.lo < slack * up || 0.5 * down + v.lo < slack * down;
}

// x * 2**k for a normal result (two steps, so that no factor overflows).
DEV double scale2(double x, int64_t k) {
  int64_t h = k / 2;
  return x * bits_to_double((h + 1023) << 52) * bits_to_double((k - h + 1023) << 52);
}

// x ** y for finite x > 0, x != 1, and finite y: the correctly rounded
// result, OverflowError past the largest float, Unsupported where the libm
// may round otherwise or the result is below the smallest normal float.
DEVFN int rt_pow_positive_(double x, double y, double* r) {
  DD l = dd_log(x);
  double guess = l.hi * y;  // never nan: l.hi is finite and not 0
  if (guess > 710.0) return ST_OVERFLOW_ERROR;
  if (guess < -708.0) return ST_UNSUPPORTED;
  DD t = dd_mul_d(l, y);
  int64_t k;
  DD e = dd_exp(t, &k);
  if (dd_near_midpoint(e, POW_SLACK_ULP + f_fabs(t.hi) * POW_LOG_SLACK_ULP)) return ST_UNSUPPORTED;
  *r = scale2(e.hi, k);
  if (f_isinf(*r)) return ST_OVERFLOW_ERROR;
  return *r < 0x1p-1022 ? ST_UNSUPPORTED : ST_PASS;
}

DEV int odd_integer_(double y) { return f_fmod(f_fabs(y), 2.0) == 1.0; }

// x ** y for finite x and y (y not 0): `negative` is the status of 0.0 to a
// negative power, `fraction` that of a negative x to a non-integer one
// (float_pow's ZeroDivisionError and complex number; math.pow's ValueErrors).
DEVFN int rt_pow_finite_(double x, double y, int negative, int fraction, double* r) {
  if (x == 0.0) {
    if (y < 0.0) return negative;
    *r = odd_integer_(y) ? x : 0.0;
    return ST_PASS;
  }
  int negate = 0;
  if (x < 0.0) {
    if (y != f_floor(y)) return fraction;
    negate = odd_integer_(y);
    x = -x;
  }
  int st = x == 1.0 ? (*r = 1.0, ST_PASS) : rt_pow_positive_(x, y, r);
  if (negate) *r = -*r;
  return st;
}

// x ** y of floats, float_pow's cases in its order: ZeroDivisionError for
// 0.0 to a negative power; a negative x to a non-integer power is a complex
// number, which the VM does not hold: status `complex` (Unsupported, or the
// TypeError of what takes the result).
DEVFN int rt_pow_float(double x, double y, int complex, double* r) {
  if (y == 0.0) { *r = 1.0; return ST_PASS; }  // nan ** 0.0 too
  if (f_isnan(x)) { *r = x; return ST_PASS; }
  if (f_isnan(y)) { *r = x == 1.0 ? 1.0 : y; return ST_PASS; }
  if (f_isinf(y)) {
    double a = f_fabs(x);
    *r = a == 1.0 ? 1.0 : (y > 0.0) == (a > 1.0) ? f_fabs(y) : 0.0;
    return ST_PASS;
  }
  if (f_isinf(x)) {
    int odd = odd_integer_(y);
    *r = y > 0.0 ? (odd ? x : f_fabs(x)) : (odd ? f_copysign(0.0, x) : 0.0);
    return ST_PASS;
  }
  return rt_pow_finite_(x, y, ST_ZERO_DIVISION, complex, r);
}

// math.pow(x, y): C99's pow for the infinities and nans, each as a value;
// ValueError for 0.0 to a negative power and a negative x to a non-integer
// one; OverflowError past the largest float.
DEVFN int rt_math_pow(double x, double y, double* r) {
  if (f_isnan(x)) { *r = y == 0.0 ? 1.0 : x; return ST_PASS; }
  if (f_isnan(y)) { *r = x == 1.0 ? 1.0 : y; return ST_PASS; }
  if (f_isinf(x)) {
    int odd = !f_isinf(y) && odd_integer_(y);
    *r = y > 0.0 ? (odd ? x : f_fabs(x)) : y == 0.0 ? 1.0 : (odd ? f_copysign(0.0, x) : 0.0);
    return ST_PASS;
  }
  if (f_isinf(y)) {
    double a = f_fabs(x);
    *r = a == 1.0 ? 1.0 : (y > 0.0 && a > 1.0) ? y : (y < 0.0 && a < 1.0) ? -y : 0.0;
    return ST_PASS;
  }
  if (y == 0.0 || x == 1.0) { *r = 1.0; return ST_PASS; }
  return rt_pow_finite_(x, y, ST_VALUE_ERROR, ST_VALUE_ERROR, r);
}
