// strtod.h: decimal to double, correctly rounded (half to even) and bit for
// bit what CPython's float() gives (its dtoa.c is exact too), on the GPU as
// on the host: no standard headers, no globals, no recursion, no allocation.
// The big integers live in a scratch buffer the caller provides.
//
// Method (exact, needing only multiply-by-small, shift and compare):
//   1. trim the digits; values past 10**309 or below 10**-324 are inf / 0
//      at once (this also bounds every big integer below);
//   2. keep at most STRTOD_KEEP digits: a dropped nonzero digit becomes one
//      trailing digit 1 ("sticky"), which cannot change the rounding (a
//      double's halfway point has at most 767 significant digits);
//   3. few digits and a small exponent: one IEEE multiply or divide of two
//      exact doubles is already correctly rounded;
//   4. otherwise an estimate d from 64-bit arithmetic (within an ulp), then
//      step d one ulp at a time until V lies between the midpoints to its
//      neighbours, comparing V = M * 10**E with each midpoint exactly as
//      big integers: two comparisons almost always, three at most in tests.
//
// Scratch size: the midpoint comparison holds X and Y with X * 2**a = V and
// Y * 2**b = midpoint. After step 1, E lies in [-1124, 308]: for E >= 0,
// X = M * 5**E <= V < 10**309 (1027 bits) and Y < 2**55; for E < 0, X = M <
// 10**801 (2661 bits) and Y = midpoint significand * 5**-E < 2**55 * 5**1124
// (2665 bits). The smaller-exponent side is shifted only when both bit
// lengths already agree, so neither ever passes 2665 bits = 84 limbs.
#pragma once
#include "layout.h"

// Significant digits kept; the rest only decide the sticky digit.
#define STRTOD_KEEP 800
// Limbs of one big integer (2665 bits needed, see above; 4 spare).
#define STRTOD_BIG_LIMBS 88
// Limbs (uint32) of scratch strtod_decimal needs: two big integers.
#define STRTOD_SCRATCH_LIMBS (2 * STRTOD_BIG_LIMBS)

// ============================================================ big integers
// Little-endian uint32 limbs with an explicit length; 0 has length 0.

// a = a * m + add.
DEV int32_t strtod_big_muladd_(uint32_t* a, int32_t n, uint32_t m, uint32_t add) {
  uint64_t carry = add;
  for (int32_t i = 0; i < n; i++) {
    uint64_t t = (uint64_t)a[i] * m + carry;  // < 2**64: (2**32-1)**2 + 2**32-1
    a[i] = (uint32_t)t;
    carry = t >> 32;
  }
  if (carry && n < STRTOD_BIG_LIMBS) a[n++] = (uint32_t)carry;
  return n;
}

// a = a * 5**k, by 5**13 (the largest power of 5 in a limb) at a time.
DEVFN int32_t strtod_big_mulpow5_(uint32_t* a, int32_t n, int32_t k) {
  for (; k >= 13; k -= 13) n = strtod_big_muladd_(a, n, 1220703125u, 0);
  uint32_t m = 1;
  for (; k > 0; k--) m *= 5;
  return m == 1 ? n : strtod_big_muladd_(a, n, m, 0);
}

// a = a << s. The caller guarantees the result fits (see the header);
// writes past the buffer are refused all the same.
DEVFN int32_t strtod_big_shl_(uint32_t* a, int32_t n, int32_t s) {
  if (n == 0 || s <= 0) return n;
  int32_t w = s >> 5, b = s & 31;
  int32_t top = n + w;  // index of the limb that takes a[n-1]'s high bits
  uint32_t hi = b ? a[n - 1] >> (32 - b) : 0;
  if (hi && top < STRTOD_BIG_LIMBS) a[top] = hi;  // only when nonzero: it may lie past the bound
  for (int32_t i = n - 1; i >= 0; i--) {
    uint32_t lo = (b && i > 0) ? a[i - 1] >> (32 - b) : 0;
    if (i + w < STRTOD_BIG_LIMBS) a[i + w] = (a[i] << b) | lo;
  }
  for (int32_t i = 0; i < w && i < STRTOD_BIG_LIMBS; i++) a[i] = 0;
  n = hi ? top + 1 : top;  // a[n-1] was nonzero, so the new top limb is too
  return n < STRTOD_BIG_LIMBS ? n : STRTOD_BIG_LIMBS;
}

// Bits in a (0 for 0).
DEV int32_t strtod_big_bits_(const uint32_t* a, int32_t n) {
  if (n == 0) return 0;
  int32_t bits = 32 * (n - 1);
  for (uint32_t t = a[n - 1]; t; t >>= 1) bits++;
  return bits;
}

// Three-way comparison of two normalised (no top zero limb) big integers.
DEV int strtod_big_cmp_(const uint32_t* a, int32_t na, const uint32_t* b, int32_t nb) {
  if (na != nb) return na > nb ? 1 : -1;
  for (int32_t i = na - 1; i >= 0; i--)
    if (a[i] != b[i]) return a[i] > b[i] ? 1 : -1;
  return 0;
}

// ============================================================ the decimal

// A nonzero decimal V = M * 10**exp, M being the first `keep` digits at p
// (characters other than '0'-'9' in between are skipped: the '_' and '.' of
// a literal), then one more digit 1 when `sticky`.
struct StrtodNum {
  const char* p;   // the first significant (nonzero) digit
  int32_t keep;    // digits of M taken from p, 1..STRTOD_KEEP
  int32_t sticky;  // a nonzero digit was dropped
  int32_t exp;     // in [-1124, 308] (see the header)
};

DEV int strtod_isdigit_(char c) { return c >= '0' && c <= '9'; }

// a = M, read nine digits per limb operation.
DEVFN int32_t strtod_big_digits_(uint32_t* a, const StrtodNum* v) {
  int32_t n = 0, got = 0;
  uint32_t chunk = 0, scale = 1;
  for (const char* q = v->p; got < v->keep; q++) {
    if (!strtod_isdigit_(*q)) continue;
    chunk = chunk * 10 + (uint32_t)(*q - '0');
    scale *= 10;
    got++;
    if (scale == 1000000000u) {
      n = strtod_big_muladd_(a, n, scale, chunk);
      chunk = 0;
      scale = 1;
    }
  }
  if (scale > 1) n = strtod_big_muladd_(a, n, scale, chunk);
  return v->sticky ? strtod_big_muladd_(a, n, 10, 1) : n;
}

// Sign of V - hm * 2**he, exactly. Powers of 5 go to whichever side has a
// nonnegative exponent and powers of 2 are cancelled by shifting the side
// with the larger one, but only when the bit lengths agree (otherwise they
// decide), so nothing outgrows the bound in the header.
DEVFN int strtod_cmp_(const StrtodNum* v, uint64_t hm, int32_t he, uint32_t* scratch) {
  uint32_t* x = scratch;
  uint32_t* y = scratch + STRTOD_BIG_LIMBS;
  int32_t nx = strtod_big_digits_(x, v);
  y[0] = (uint32_t)hm;
  y[1] = (uint32_t)(hm >> 32);
  int32_t ny = y[1] ? 2 : (y[0] ? 1 : 0);
  if (v->exp >= 0) nx = strtod_big_mulpow5_(x, nx, v->exp);
  else ny = strtod_big_mulpow5_(y, ny, -v->exp);
  int32_t s = v->exp - he;  // V = x * 2**s and midpoint = y, up to a common 2**he
  int32_t bx = strtod_big_bits_(x, nx) + s, by = strtod_big_bits_(y, ny);
  if (bx != by) return bx > by ? 1 : -1;
  if (s > 0) nx = strtod_big_shl_(x, nx, s);
  else ny = strtod_big_shl_(y, ny, -s);
  return strtod_big_cmp_(x, nx, y, ny);
}

// ============================================================ the estimate

// 2**j as a double for j in the normal range, from its bits.
DEV double strtod_pow2_(int32_t j) { return bits_to_double((int64_t)(j + 1023) << 52); }

// x * 2**k for any k, in steps that stay within the normal range, so only
// the last product can overflow or go subnormal (an estimate: one extra
// rounding there is harmless).
DEV double strtod_ldexp_(double x, int32_t k) {
  for (; k > 960; k -= 960) x *= strtod_pow2_(960);
  for (; k < -960; k += 960) x *= strtod_pow2_(-960);
  return x * strtod_pow2_(k);
}

// High 64 bits of a * b, from 32-bit halves (no 128-bit type on the device).
DEV uint64_t strtod_umulhi_(uint64_t a, uint64_t b) {
  uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

// *f * 2***e becomes *f * 2***e * m, keeping the top bit of *f set; truncation
// costs at most 2**-62 of relative error per call.
DEV void strtod_fmul_(uint64_t* f, int32_t* e, uint64_t m) {
  int32_t me = 0;
  while (!(m >> 63)) { m <<= 1; me--; }
  uint64_t hi = strtod_umulhi_(*f, m);
  *e += me + 64;
  if (!(hi >> 63)) { hi <<= 1; *e -= 1; }  // product of two [2**63, 2**64) is >= 2**126
  *f = hi;
}

// V ~= (first up to 19 digits) * 10**p as a 64-bit significand: 5**p by
// 5**27 (or 2**126 / 5**27, truncated, and then 5**(27t+p) < 5**27) at a
// time, at most 15 truncations of 2**-62, so the one rounding to double
// leaves the estimate within 1 ulp of V: off only when V lies within about
// 2**-5 ulp of a midpoint. 0 or inf when V is beyond (the caller steps up
// from 0, or back in from DBL_MAX).
DEVFN double strtod_estimate_(const StrtodNum* v) {
  int32_t k = v->keep < 19 ? v->keep : 19, got = 0;
  uint64_t m = 0;
  for (const char* q = v->p; got < k; q++)
    if (strtod_isdigit_(*q)) { m = m * 10 + (uint64_t)(*q - '0'); got++; }
  int32_t p = v->exp + v->keep + v->sticky - k, e = -63, q;
  uint64_t f = 1ULL << 63, r = 1;  // f * 2**e = 1
  if (p >= 0) {
    for (q = p; q >= 27; q -= 27) strtod_fmul_(&f, &e, 7450580596923828125ULL);  // 5**27
  } else {
    for (q = 0; q > p; q -= 27) {
      strtod_fmul_(&f, &e, 11417981541647679048ULL);  // floor(2**126 / 5**27)
      e -= 126;
    }
    q = p - q;  // 5**p = (5**-27)**t * 5**(27t+p), the loop having left q = -27t
  }
  for (; q > 0; q--) r *= 5;
  if (r > 1) strtod_fmul_(&f, &e, r);
  strtod_fmul_(&f, &e, m);  // m >= 1: its first digit is nonzero
  return strtod_ldexp_((double)f, e + p);  // 10**p = 5**p * 2**p
}

// ============================================================ rounding

// The correctly rounded double: V is compared with the midpoints between d
// and its neighbours, and d moves one ulp towards V until V lies between
// them (a tie goes to the even significand). Once d has moved, the midpoint
// it moved across needs no second look (the tie went to the even side), so
// an estimate off by one costs one extra comparison. Steps only ever go one
// way, so the loop ends; the cap only guards a GPU thread against a bug.
DEVFN double strtod_round_(const StrtodNum* v, double d, uint32_t* scratch) {
  const int64_t MAXBITS = 0x7fefffffffffffffLL;
  int64_t bits = double_to_bits(d);    // d >= 0 here
  if (bits > MAXBITS) bits = MAXBITS;  // inf estimate: start at DBL_MAX
  int dir = 0;                         // the way d has moved: 0, 1 up, -1 down
  for (int iter = 0; iter < 64; iter++) {
    int64_t be = bits >> 52, frac = bits & ((1LL << 52) - 1);
    uint64_t m = (uint64_t)(be ? frac | (1LL << 52) : frac);
    int32_t e = be ? (int32_t)be - 1075 : -1074;  // d = m * 2**e
    // Upper midpoint (2m+1) * 2**(e-1); for DBL_MAX it is 2**1024 - 2**970,
    // the overflow threshold: V at or past it rounds to inf (a tie goes to
    // the "even" 2**1024).
    if (dir >= 0) {
      int c = strtod_cmp_(v, 2 * m + 1, e - 1, scratch);
      if (c > 0 || (c == 0 && (bits & 1))) {
        if (bits == MAXBITS) return bits_to_double(0x7ff0000000000000LL);
        bits++;
        dir = 1;
        continue;
      }
    }
    if (dir > 0 || bits == 0) break;  // nothing below +0.0: V is positive
    // Lower midpoint; below a power of two the neighbour's spacing halves
    // (not at 2**-1022, whose neighbour is subnormal with the same spacing).
    int c = (frac == 0 && be > 1) ? strtod_cmp_(v, 4 * m - 1, e - 2, scratch)
                                  : strtod_cmp_(v, 2 * m - 1, e - 1, scratch);
    if (!(c < 0 || (c == 0 && (bits & 1)))) break;
    bits--;
    dir = -1;
  }
  return bits_to_double(bits);
}

// Trims the digits of p[0:len) (non-digits skipped) into *v, or gives up
// early: 0 when V is 0 or below half the least subnormal, 2 when it is past
// DBL_MAX, 1 when *v holds it. exp10 may be anything a literal can spell:
// only int64 arithmetic until the clamps, which also bound *v (header).
DEVFN int strtod_prepare_(const char* p, int64_t len, int64_t exp10, StrtodNum* v) {
  int64_t count = 0, first = -1, last = -1;
  for (int64_t i = 0; i < len; i++) {
    if (!strtod_isdigit_(p[i])) continue;
    if (p[i] != '0') {
      if (first < 0) { first = count; v->p = p + i; }
      last = count;
    }
    count++;
  }
  if (first < 0) return 0;  // all zeros, whatever the exponent
  int64_t nd = last - first + 1, e = exp10 + (count - 1 - last);  // V = digits * 10**e
  // 10**(nd+e-1) <= V < 10**(nd+e): past DBL_MAX, or below 2**-1075 (half
  // the least subnormal; 10**-324 is less).
  if (nd + e > 309) return 2;
  if (nd + e < -323) return 0;
  v->keep = nd > STRTOD_KEEP ? STRTOD_KEEP : (int32_t)nd;
  v->sticky = nd > STRTOD_KEEP;  // the last digit is nonzero, so a dropped one is
  v->exp = (int32_t)(e + (nd - v->keep) - v->sticky);
  return 1;
}

// The decimal p[0:len) * 10**exp10, negated when neg (see strtod_decimal).
DEVFN double strtod_span_(const char* p, int64_t len, int64_t exp10, int neg, uint32_t* scratch) {
  double sign = neg ? -1.0 : 1.0;
  StrtodNum v;
  int kind = strtod_prepare_(p, len, exp10, &v);
  if (kind != 1) return sign * (kind ? bits_to_double(0x7ff0000000000000LL) : 0.0);
  if (!v.sticky && v.keep <= 15 && v.exp >= -22 && v.exp <= 22) {
    // M < 2**53 and 10**|exp| <= 10**22 < 2**53 * 2**22 are exact doubles,
    // so one IEEE operation rounds once.
    double m = 0.0, t = 1.0;
    int32_t got = 0;
    for (const char* q = v.p; got < v.keep; q++)
      if (strtod_isdigit_(*q)) { m = m * 10.0 + (double)(*q - '0'); got++; }
    for (int32_t i = 0; i < (v.exp < 0 ? -v.exp : v.exp); i++) t *= 10.0;
    return sign * (v.exp < 0 ? m / t : m * t);
  }
  return sign * strtod_round_(&v, strtod_estimate_(&v), scratch);
}

// digits[0:n) ('0'-'9' only, leading zeros allowed, n >= 1) * 10**exp10,
// negated when neg: the correctly rounded double, as float() of that
// decimal: half to even, +-inf past the overflow threshold, subnormals and
// +-0.0 below. scratch: STRTOD_SCRATCH_LIMBS limbs.
DEVFN double strtod_decimal(const char* digits, int32_t n, int32_t exp10, int neg,
                            uint32_t* scratch) {
  return strtod_span_(digits, n, exp10, neg, scratch);
}

// ============================================================ float(str)

// Py_ISSPACE: the ASCII whitespace float() strips.
DEV int strtod_isspace_(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// Case-insensitive s[0:n) == word (word lower case).
DEV int strtod_word_(const char* s, int64_t n, const char* word) {
  int64_t i = 0;
  for (; word[i]; i++)
    if (i >= n || (s[i] | 0x20) != word[i]) return 0;
  return i == n;
}

// _Py_string_to_number_with_underscores: every '_' must sit between two
// digits (which also rules out "__", and a '_' at either end or next to
// '.', 'e' or a sign).
DEV int strtod_underscores_ok_(const char* s, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    if (s[i] == '_' && (i == 0 || i + 1 == n || !strtod_isdigit_(s[i - 1]) ||
                        !strtod_isdigit_(s[i + 1])))
      return 0;
  return 1;
}

// A run of digits and (already vetted) underscores from s[*i]; returns the
// digit count.
DEV int64_t strtod_digits_(const char* s, int64_t n, int64_t* i) {
  int64_t count = 0;
  for (; *i < n && (strtod_isdigit_(s[*i]) || s[*i] == '_'); (*i)++)
    count += s[*i] != '_';
  return count;
}

// float(s[0:n)) for ASCII s, as PyFloat_FromString: whitespace stripped,
// then _Py_dg_strtod's syntax ([sign] digits [. digits] [e [sign] digits],
// at least one mantissa digit) or _Py_parse_inf_or_nan's ([sign] inf,
// infinity or nan in any case; -nan has its sign bit set), with underscores
// between digits. Anything else, an empty string included, is ValueError.
// Huge exponents saturate (dtoa does too) and give inf or 0.
DEVFN int rt_parse_float(const char* s, int64_t n, uint32_t* scratch, double* out) {
  if (!strtod_underscores_ok_(s, n)) return ST_VALUE_ERROR;
  int64_t i = 0;
  while (i < n && strtod_isspace_(s[i])) i++;
  while (n > i && strtod_isspace_(s[n - 1])) n--;
  int neg = 0;
  if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  if (strtod_word_(s + i, n - i, "inf") || strtod_word_(s + i, n - i, "infinity")) {
    *out = bits_to_double(0x7ff0000000000000LL | (neg ? INT64_MIN_ : 0));
    return ST_PASS;
  }
  if (strtod_word_(s + i, n - i, "nan")) {
    *out = bits_to_double(0x7ff8000000000000LL | (neg ? INT64_MIN_ : 0));
    return ST_PASS;
  }
  int64_t mant = i;
  int64_t nint = strtod_digits_(s, n, &i), nfrac = 0;
  if (i < n && s[i] == '.') {
    i++;
    nfrac = strtod_digits_(s, n, &i);
  }
  if (nint + nfrac == 0) return ST_VALUE_ERROR;
  int64_t mant_end = i, exp10 = 0;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    int eneg = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) eneg = s[i++] == '-';
    int64_t ndig = 0;
    for (; i < n && (strtod_isdigit_(s[i]) || s[i] == '_'); i++) {
      if (s[i] == '_') continue;
      ndig++;
      // Saturate far beyond any finite result (|digits| <= n < 2**62).
      if (exp10 < 1000000000000000LL) exp10 = exp10 * 10 + (s[i] - '0');
    }
    if (ndig == 0) return ST_VALUE_ERROR;
    if (eneg) exp10 = -exp10;
  }
  if (i != n) return ST_VALUE_ERROR;
  *out = strtod_span_(s + mant, mant_end - mant, exp10 - nfrac, neg, scratch);
  return ST_PASS;
}
