// dtoa.h: a double to the text of its repr, bit for bit what CPython's
// repr(float) and str(float) give (its dtoa.c in mode 0, then
// format_float_short), on the GPU as on the host: no standard headers, no
// globals, no recursion, no allocation. The big integers live in a scratch
// buffer the caller provides (the same size strtod.h asks for).
//
// Method (exact, needing only the big-integer steps strtod.h has and a
// subtraction):
//   1. the first DTOA_DIGITS significant digits of x, and whether the rest
//      is zero, below, at or above half a unit of the last: x = N / D * 10**E
//      with N / D in [1, 10) as big integers, a digit at a time (Dragon4's
//      long division without its stopping rule);
//   2. the shortest repr: for p = 1, 2, ... the p-digit decimal nearest x
//      (half to even) is the answer as soon as it reads back as x
//      (strtod.h decides, exactly). p = 17 always does. Where x is a power
//      of two its gap below is half its gap above, so the nearest p-digit
//      decimal may lie just under x and out of reach while the one above it
//      reads back: that one is tried too. This is dtoa's mode 0: the
//      shortest string that reads back, the nearest to x among those.
//   3. CPython's layout: fixed notation for 1e-4 <= |x| < 1e16, else
//      d.ddde+XX; '.0' after a whole number; 'inf', 'nan', '-0.0'.
// The same digits give round(x, ndigits) (dtoa_round).
//
// Sizes: x = m * 2**e with m < 2**53 and e in [-1074, 971], and
// E = floor(log10 x) in [-324, 308]. N = m * 2**(e-E) * 5**-E as far as the
// exponents are nonnegative, D the rest: N stays below 2**807 (x near
// 5e-324: m * 5**324; in the digit loop N < 10 * D) and D below 2**770
// (2**766 for x near 2**-1022, a tenfold step included): 26 limbs, well
// inside DTOA_BIG_LIMBS.
#pragma once
#include "strtod.h"

// Significant digits that always read back as the same double.
#define DTOA_DIGITS 17
// Heap words the decimal conversions (FLOAT_OF_STR, STR_OF_FLOAT,
// ROUND_FLOAT_N, REPR) use for their big integers, spare words above top
// (heap_spare): the uint32 limbs strtod.h asks for, two a word.
#define BIG_SCRATCH_WORDS (STRTOD_SCRATCH_LIMBS / 2)
// The longest repr: '-2.2250738585072014e-308' has 24 characters.
#define DTOA_REPR_MAX 24
// ndigits past which round(x, ndigits) is x itself, and below which it is
// +-0.0: CPython's NDIGITS_MAX and NDIGITS_MIN, (53 + 1021) * log10(2)
// and -(1024 + 1) * log10(2), truncated.
#define DTOA_NDIGITS_MAX 323
#define DTOA_NDIGITS_MIN (-308)
// Limbs of one big integer here: three share strtod's scratch, and 58
// limbs (1856 bits) hold the 807 bits the header bounds them by.
#define DTOA_BIG_LIMBS (STRTOD_SCRATCH_LIMBS / 3)

// a -= b for a >= b (both normalised); returns a's new length.
DEV int32_t dtoa_big_sub_(uint32_t* a, int32_t na, const uint32_t* b, int32_t nb) {
  uint64_t borrow = 0;
  for (int32_t i = 0; i < na; i++) {
    uint64_t t = (uint64_t)a[i] - (i < nb ? b[i] : 0u) - borrow;
    a[i] = (uint32_t)t;
    borrow = (t >> 32) & 1;  // wrapped below zero
  }
  while (na > 0 && a[na - 1] == 0) na--;
  return na;
}

// The first DTOA_DIGITS digits of a finite x > 0, truncated, and what follows.
struct DtoaDigits {
  char d[DTOA_DIGITS];  // '0'-'9', d[0] nonzero
  int32_t exp10;        // x = d[0].d[1]d[2]... * 10**exp10
  int32_t rest;         // the part after d: 0 none, 1 below half a unit of
                        // d's last digit, 2 exactly half, 3 above half
};

// Step 1 of the header.
DEVFN void dtoa_digits_(double x, uint32_t* scratch, DtoaDigits* g) {
  uint64_t bits = (uint64_t)double_to_bits(x);
  int32_t be = (int32_t)((bits >> 52) & 0x7ff);
  uint64_t m = bits & ((1ULL << 52) - 1);
  if (be) m |= 1ULL << 52;
  else be = 1;
  int32_t e = be - 1075;  // x = m * 2**e
  int32_t bl = 0;
  for (uint64_t t = m; t; t >>= 1) bl++;
  // floor((bl - 1 + e) * log10(2)) is E or E - 1 (x >= 2**(bl-1+e)); the
  // loops below settle it exactly. (Integer arithmetic: 78913 / 2**18 is
  // log10(2) to within 2**-20, exact enough for |bl - 1 + e| <= 1075.)
  int32_t k = ((bl - 1 + e) * 78913) >> 18;
  uint32_t* n = scratch;  // three big integers: N, D and 10 * D
  uint32_t* d = scratch + DTOA_BIG_LIMBS;
  uint32_t* t = scratch + 2 * DTOA_BIG_LIMBS;
  n[0] = (uint32_t)m;
  n[1] = (uint32_t)(m >> 32);
  int32_t nn = n[1] ? 2 : 1, nd = 1;
  d[0] = 1;
  if (e - k >= 0) nn = strtod_big_shl_(n, nn, e - k);
  else nd = strtod_big_shl_(d, nd, k - e);
  if (k <= 0) nn = strtod_big_mulpow5_(n, nn, -k);
  else nd = strtod_big_mulpow5_(d, nd, k);
  for (;;) {  // N / D into [1, 10)
    if (strtod_big_cmp_(n, nn, d, nd) < 0) { nn = strtod_big_muladd_(n, nn, 10, 0); k--; continue; }
    for (int32_t i = 0; i < nd; i++) t[i] = d[i];
    int32_t nt = strtod_big_muladd_(t, nd, 10, 0);
    if (strtod_big_cmp_(n, nn, t, nt) < 0) break;
    uint32_t* swap = d; d = t; t = swap;
    nd = nt;
    k++;
  }
  g->exp10 = k;
  for (int32_t i = 0; i < DTOA_DIGITS; i++) {
    int32_t digit = 0;
    while (strtod_big_cmp_(n, nn, d, nd) >= 0) { nn = dtoa_big_sub_(n, nn, d, nd); digit++; }
    g->d[i] = (char)('0' + digit);
    if (i + 1 < DTOA_DIGITS && nn) nn = strtod_big_muladd_(n, nn, 10, 0);
  }
  if (!nn) { g->rest = 0; return; }
  nn = strtod_big_shl_(n, nn, 1);
  int c = strtod_big_cmp_(n, nn, d, nd);
  g->rest = c < 0 ? 1 : (c == 0 ? 2 : 3);
}

// Where x's digits from d[k] on lie against half a unit of the place
// before d[k]: -1 below (zero included), 0 exactly half, 1 above.
DEV int dtoa_tail_(const DtoaDigits* g, int32_t k) {
  if (k == DTOA_DIGITS) return g->rest == 3 ? 1 : (g->rest == 2 ? 0 : -1);
  if (g->d[k] != '5') return g->d[k] > '5' ? 1 : -1;
  for (int32_t i = k + 1; i < DTOA_DIGITS; i++)
    if (g->d[i] != '0') return 1;
  return g->rest ? 1 : 0;
}

// c[0:p) += one unit of its last digit; a carry out of the first digit
// makes it 1 followed by zeros, one decade up.
DEV void dtoa_bump_(char* c, int32_t p, int32_t* exp10) {
  int32_t i = p - 1;
  while (i >= 0 && c[i] == '9') c[i--] = '0';
  if (i >= 0) { c[i]++; return; }
  c[0] = '1';
  (*exp10)++;
}

// The p-digit decimal nearest x, ties to even, into c[0:p) and *exp10
// (x ~= c[0].c[1]... * 10**exp10); 1 if it lies above x's digits (d[0:p)
// rounded up), 0 if it is them.
DEV int dtoa_nearest_(const DtoaDigits* g, int32_t p, char* c, int32_t* exp10) {
  for (int32_t i = 0; i < p; i++) c[i] = g->d[i];
  *exp10 = g->exp10;
  int tail = dtoa_tail_(g, p);
  int up = tail > 0 || (tail == 0 && ((g->d[p - 1] - '0') & 1));
  if (up) dtoa_bump_(c, p, exp10);
  return up;
}

// Whether c[0:p) * 10**(exp10 - p + 1) reads back as x.
DEV int dtoa_reads_back_(const char* c, int32_t p, int32_t exp10, double x, uint32_t* scratch) {
  double y = strtod_decimal(c, p, exp10 - p + 1, 0, scratch);
  return double_to_bits(y) == double_to_bits(x);
}

// Step 2: the shortest digits c[0:*n) reading back as finite x > 0, and
// their exponent (x ~= c[0].c[1]... * 10**exp10), trailing zeros dropped.
DEVFN void dtoa_shortest_(double x, uint32_t* scratch, char* c, int32_t* n, int32_t* exp10) {
  DtoaDigits g;
  dtoa_digits_(x, scratch, &g);
  // a zero significand field: x may be a power of two, its gap below half
  // the gap above (elsewhere the nearest decimal failing means all fail)
  int pow2 = (double_to_bits(x) & ((1LL << 52) - 1)) == 0;
  for (int32_t p = 1; p <= DTOA_DIGITS; p++) {
    int up = dtoa_nearest_(&g, p, c, exp10);
    int ok = dtoa_reads_back_(c, p, *exp10, x, scratch);
    if (!ok && !up && pow2) {  // the nearest is under x, on the narrow side: the one above
      dtoa_bump_(c, p, exp10);
      ok = dtoa_reads_back_(c, p, *exp10, x, scratch);
    }
    if (ok) {
      *n = p;
      while (*n > 1 && c[*n - 1] == '0') (*n)--;
      return;
    }
  }
  *n = 0;  // unreachable: 17 digits always read back
}

// Copies s (NUL-terminated) to out + k; returns the new k.
DEV int32_t dtoa_put_(char* out, int32_t k, const char* s) {
  while (*s) out[k++] = *s++;
  return k;
}

// repr(x) into out (DTOA_REPR_MAX bytes); returns its length. scratch:
// STRTOD_SCRATCH_LIMBS limbs.
DEVFN int32_t dtoa_repr(double x, uint32_t* scratch, char* out) {
  uint64_t bits = (uint64_t)double_to_bits(x);
  int neg = (int)(bits >> 63);
  uint64_t mag = bits & ~(1ULL << 63);
  if (mag > 0x7ff0000000000000ULL) return dtoa_put_(out, 0, "nan");  // any sign: 'nan'
  int32_t k = neg ? dtoa_put_(out, 0, "-") : 0;
  if (mag == 0x7ff0000000000000ULL) return dtoa_put_(out, k, "inf");
  if (mag == 0) return dtoa_put_(out, k, "0.0");
  char c[DTOA_DIGITS];
  int32_t n, exp10;
  dtoa_shortest_(bits_to_double((int64_t)mag), scratch, c, &n, &exp10);
  int32_t decpt = exp10 + 1;  // format_float_short's: x = 0.c * 10**decpt
  if (decpt <= -4 || decpt > 16) {  // d.ddde+XX, at least two exponent digits
    out[k++] = c[0];
    if (n > 1) out[k++] = '.';
    for (int32_t i = 1; i < n; i++) out[k++] = c[i];
    out[k++] = 'e';
    out[k++] = exp10 < 0 ? '-' : '+';
    int32_t ex = exp10 < 0 ? -exp10 : exp10;
    if (ex >= 100) out[k++] = (char)('0' + ex / 100);
    out[k++] = (char)('0' + ex / 10 % 10);
    out[k++] = (char)('0' + ex % 10);
  } else if (decpt <= 0) {  // 0.000ddd
    k = dtoa_put_(out, k, "0.");
    for (int32_t i = 0; i < -decpt; i++) out[k++] = '0';
    for (int32_t i = 0; i < n; i++) out[k++] = c[i];
  } else {  // ddd.ddd, or ddd000.0
    for (int32_t i = 0; i < n || i < decpt; i++) {
      if (i == decpt) out[k++] = '.';
      out[k++] = i < n ? c[i] : '0';
    }
    if (n <= decpt) k = dtoa_put_(out, k, ".0");
  }
  return k;
}

// round(x, ndigits) of a float, as CPython's float.__round__ (double_round:
// dtoa's mode 3, then strtod): x's exact value rounded to a multiple of
// 10**-ndigits, ties to even, read back as the nearest double; nan, inf and
// zeros are themselves; OverflowError when the result is past DBL_MAX.
// With p significant digits kept, p >= 17 leaves x itself (the rounding
// moves it by at most 5e-17 of itself, less than half an ulp) and p <= 0
// leaves 0 or one unit (dtoa: one digit '1' only past half a unit).
DEVFN int dtoa_round(double x, int64_t ndigits, uint32_t* scratch, double* out) {
  uint64_t bits = (uint64_t)double_to_bits(x);
  int neg = (int)(bits >> 63);
  uint64_t mag = bits & ~(1ULL << 63);
  double zero = bits_to_double((int64_t)(bits & (1ULL << 63)));  // 0.0 with x's sign
  *out = x;
  if (mag == 0 || mag >= 0x7ff0000000000000ULL || ndigits > DTOA_NDIGITS_MAX) return ST_PASS;
  if (ndigits < DTOA_NDIGITS_MIN) { *out = zero; return ST_PASS; }
  DtoaDigits g;
  dtoa_digits_(bits_to_double((int64_t)mag), scratch, &g);
  int32_t p = g.exp10 + 1 + (int32_t)ndigits;
  if (p >= DTOA_DIGITS) return ST_PASS;
  char c[DTOA_DIGITS];
  int32_t exp10 = g.exp10;
  if (p <= 0) {
    if (p < 0 || dtoa_tail_(&g, 0) <= 0) { *out = zero; return ST_PASS; }
    c[0] = '1';
    p = 1;
    exp10 = (int32_t)-ndigits;
  } else {
    dtoa_nearest_(&g, p, c, &exp10);
  }
  double r = strtod_decimal(c, p, exp10 - p + 1, neg, scratch);
  if ((double_to_bits(r) & ~(1LL << 63)) == 0x7ff0000000000000LL) return ST_OVERFLOW_ERROR;
  *out = r;
  return ST_PASS;
}
