// runtime.h: the runtime library the VM's dispatch loop calls. Each function
// mirrors one Python operation and gives CPython's result bit for bit, or
// the status of the exception CPython raises (OverflowError where CPython
// would grow an int past 64 bits, the DSL's one deviation).
//
// Rules, because the same source is compiled by NVRTC for the GPU and by the
// host compiler for the CPU: no standard headers (only port.h), no globals,
// no recursion, no allocation except from the lane's Heap.
//
// Conventions:
// - A function that can raise returns a Status (ST_PASS when it did not)
//   and writes its result through the last (out) argument; out is left
//   unspecified when the status is not ST_PASS.
// - A string value is a pointer to {int64 length; bytes zero-padded to whole
//   words} (layout.h). Results are `const int64_t*` because they may be a
//   constant or an input: `chars` is the shared table of one-character
//   strings (entry c at chars + 2*c, holding {1, c}) and `empty` the shared
//   empty string. One-character and empty results always come from these,
//   so short results never spend the lane's heap.
// - Strings are ASCII: every byte is below 128.
#pragma once
#include "layout.h"

// ============================================================ heap

// Bump allocation; nullptr when the lane's heap is spent (the caller raises
// MemoryError).
DEV int64_t* heap_alloc(Heap* h, int64_t words) {
  if (words < 0 || words > h->cap - h->top) return nullptr;
  int64_t* p = h->base + h->top;
  h->top += words;
  return p;
}

// The free words above top as scratch for one operation that allocates
// nothing while it uses them (the big integers of strtod.h and dtoa.h):
// top stays, and peak counts them as a borrow given back would; nullptr
// when fewer than `words` are left (the caller raises MemoryError).
DEV int64_t* heap_spare(Heap* h, int64_t words) {
  if (words < 0 || words > h->cap - h->top) return nullptr;
  if (h->top + words > h->peak) h->peak = h->top + words;
  return h->base + h->top;
}

// Give back the words above `mark`, scratch borrowed for one operation
// (sorting). The highest top is kept in peak: a memoized
// call's heap need is its peak, not its growth (memo.h).
DEV void heap_give_back(Heap* h, int64_t mark) {
  if (h->top > h->peak) h->peak = h->top;
  h->top = mark;
}

// An uninitialised string object of len bytes. The last word is zeroed so
// the padding is zero whatever the caller writes: word-wise comparison and
// hashing of strings may rely on it.
DEV int rt_new_str(Heap* h, int64_t len, int64_t** out) {
  if (len < 0 || len > INT64_MAX_ - 8) return ST_MEMORY_ERROR;
  int64_t words = STR_WORDS(len);
  int64_t* p = heap_alloc(h, words);
  if (!p) return ST_MEMORY_ERROR;
  p[words - 1] = 0;
  p[0] = len;
  *out = p;
  return ST_PASS;
}

// ============================================================ ints

DEV uint64_t rt_uabs_(int64_t a) { return a < 0 ? 0ULL - (uint64_t)a : (uint64_t)a; }

// len(range(start, stop, step)) for step != 0, computed without overflow
// (it may pass INT64_MAX: range(-2**63, 2**63 - 1) has 2**64 - 1 items).
DEV uint64_t rt_range_len(int64_t start, int64_t stop, int64_t step) {
  if (step > 0 && start < stop) return ((uint64_t)stop - (uint64_t)start - 1) / (uint64_t)step + 1;
  if (step < 0 && start > stop) return ((uint64_t)start - (uint64_t)stop - 1) / (0 - (uint64_t)step) + 1;
  return 0;
}

// a // b: rounds toward minus infinity; ZeroDivisionError; INT64_MIN // -1
// is 2**63, past int64.
DEVI int rt_floordiv_int(int64_t a, int64_t b, int64_t* r) {
  if (b == 0) return ST_ZERO_DIVISION;
  if (b == -1) {
    if (a == INT64_MIN_) return ST_OVERFLOW_ERROR;
    *r = -a;
    return ST_PASS;
  }
  int64_t q = a / b;  // C truncates; step down when the signs differ
  if (a % b != 0 && ((a < 0) != (b < 0))) q -= 1;
  *r = q;
  return ST_PASS;
}

// a % b: the result takes the sign of b; ZeroDivisionError. (Always
// inlined, as a // b: the VM runs them in its hottest loops.)
DEVI int rt_mod_int(int64_t a, int64_t b, int64_t* r) {
  if (b == 0) return ST_ZERO_DIVISION;
  if (b == -1) { *r = 0; return ST_PASS; }  // INT64_MIN % -1 traps in C
  int64_t m = a % b;
  if (m != 0 && ((m < 0) != (b < 0))) m += b;
  *r = m;
  return ST_PASS;
}

// a ** b for b >= 0. A negative b makes a float in CPython, which this
// typed op cannot return: Unsupported, except 0 ** -n, which CPython
// refuses with ZeroDivisionError before making any float.
DEV int rt_pow_int(int64_t a, int64_t b, int64_t* r) {
  if (b < 0) return a == 0 ? ST_ZERO_DIVISION : ST_UNSUPPORTED;
  int64_t acc = 1, base = a;
  while (b) {
    if ((b & 1) && mul_ovf(acc, base, &acc)) return ST_OVERFLOW_ERROR;
    b >>= 1;
    // Once base*base passes int64 with bits of b left, the result does too
    // (|acc| >= 1, and a square can never be exactly -2**63).
    if (b && mul_ovf(base, base, &base)) return ST_OVERFLOW_ERROR;
  }
  *r = acc;
  return ST_PASS;
}

// x * y mod m for x, y < m <= 2**63 without a 128-bit type (none on the
// device): one multiply when the product fits 64 bits, else shift-and-add,
// whose sums stay below 2**64 because both terms are below m.
DEV uint64_t rt_mulmod_(uint64_t x, uint64_t y, uint64_t m) {
  if (m <= 0x100000000ULL) return (x * y) % m;
  uint64_t acc = 0;
  while (y) {
    if (y & 1) { acc += x; if (acc >= m) acc -= m; }
    y >>= 1;
    if (y) { x += x; if (x >= m) x -= m; }
  }
  return acc;
}

// a mod m in [0, m) for any int64 a and 0 < m <= 2**63.
DEV uint64_t rt_umod_(int64_t a, uint64_t m) {
  if (a >= 0) return (uint64_t)a % m;
  uint64_t rem = rt_uabs_(a) % m;
  return rem ? m - rem : 0;
}

// The inverse of a modulo m (a < m, m >= 2) by the extended Euclidean
// algorithm; 0 when there is none. The Bezout coefficients alternate in
// sign, so their magnitudes are kept unsigned (the last is m itself, which
// may be 2**63) and the sign comes from the step count.
DEV int rt_invmod_(uint64_t a, uint64_t m, uint64_t* inv) {
  uint64_t r0 = m, r1 = a, t0 = 0, t1 = 1;
  int odd = 0;
  while (r1) {
    uint64_t q = r0 / r1, r2 = r0 - q * r1, t2 = t0 + q * t1;
    r0 = r1; r1 = r2; t0 = t1; t1 = t2;
    odd ^= 1;
  }
  if (r0 != 1) return 0;
  *inv = odd ? t0 : m - t0;
  return 1;
}

// pow(a, b, m) as CPython's long_pow: ValueError for m == 0; the result has
// the sign of m (it lies in (m, 0] for m < 0); modulus +-1 gives 0 before the
// exponent is looked at; a negative b uses the inverse of a modulo |m|
// (ValueError "base is not invertible for the given modulus" without one).
DEVFN int rt_pow_mod(int64_t a, int64_t b, int64_t m, int64_t* r) {
  if (m == 0) return ST_VALUE_ERROR;
  uint64_t M = rt_uabs_(m);
  if (M == 1) { *r = 0; return ST_PASS; }
  uint64_t x = rt_umod_(a, M);
  uint64_t e = rt_uabs_(b);
  if (b < 0 && !rt_invmod_(x, M, &x)) return ST_VALUE_ERROR;
  uint64_t acc = 1;
  while (e) {
    if (e & 1) acc = rt_mulmod_(acc, x, M);
    e >>= 1;
    if (e) x = rt_mulmod_(x, x, M);
  }
  // acc - M lies in (-2**63, 0), so the wrap-around cast is exact.
  *r = (m < 0 && acc) ? (int64_t)(acc - M) : (int64_t)acc;
  return ST_PASS;
}

// 2**e as a double for e in the normal range, built from its bits (no
// ldexp on the device without a math call).
DEV double rt_pow2_(int e) { return bits_to_double((int64_t)(e + 1023) << 52); }

// a / b as CPython's long_true_divide: the exact quotient rounded once, half
// to even. Converting each operand to double first would round twice, so
// beyond 2**53 the quotient is built as an integer Q = floor(|a|/|b| * 2**k)
// of at least 56 bits plus a sticky bit, then rounded to 53 bits by hand.
// Quotients of int64s are far from overflow and from subnormals.
DEVFN int rt_truediv_int(int64_t a, int64_t b, double* r) {
  if (b == 0) return ST_ZERO_DIVISION;
  const int64_t P53 = 1LL << 53;
  if (a >= -P53 && a <= P53 && b >= -P53 && b <= P53) {
    *r = (double)a / (double)b;  // both exact; IEEE division rounds once
    return ST_PASS;
  }
  if (a == 0) { *r = b < 0 ? -0.0 : 0.0; return ST_PASS; }  // as 0.0 / b
  uint64_t ua = rt_uabs_(a), ub = rt_uabs_(b);
  uint64_t q = ua / ub, rem = ua % ub;
  int k = 0;
  while (q < (1ULL << 55)) {  // long division, one bit at a time
    rem <<= 1;                // rem < ub <= 2**63: no overflow
    q <<= 1;
    if (rem >= ub) { rem -= ub; q |= 1; }
    k += 1;
  }
  int n = 64;
  while (!(q >> (n - 1))) n -= 1;
  int s = n - 53;  // 3..11 bits to round away
  uint64_t mant = q >> s, low = q & ((1ULL << s) - 1), half = 1ULL << (s - 1);
  if (low > half || (low == half && (rem != 0 || (mant & 1)))) mant += 1;
  double d = (double)mant * rt_pow2_(s - k);  // exact: mant <= 2**53
  *r = ((a < 0) != (b < 0)) ? -d : d;
  return ST_PASS;
}

// a << b: ValueError "negative shift count"; OverflowError when bits leave
// int64 (0 << any is 0, -1 << 63 is INT64_MIN).
DEV int rt_lshift(int64_t a, int64_t b, int64_t* r) {
  if (b < 0) return ST_VALUE_ERROR;
  if (a == 0) { *r = 0; return ST_PASS; }
  if (b >= 64) return ST_OVERFLOW_ERROR;
  int64_t v = (int64_t)((uint64_t)a << b);
  if ((v >> b) != a) return ST_OVERFLOW_ERROR;
  *r = v;
  return ST_PASS;
}

// a >> b: arithmetic (floor of a / 2**b); ValueError for b < 0.
DEV int rt_rshift(int64_t a, int64_t b, int64_t* r) {
  if (b < 0) return ST_VALUE_ERROR;
  *r = b >= 64 ? (a < 0 ? -1 : 0) : (a >> b);
  return ST_PASS;
}

// -a: -INT64_MIN is 2**63.
DEV int rt_neg_int(int64_t a, int64_t* r) {
  if (a == INT64_MIN_) return ST_OVERFLOW_ERROR;
  *r = -a;
  return ST_PASS;
}

// abs(a): abs(INT64_MIN) is 2**63.
DEV int rt_abs_int(int64_t a, int64_t* r) {
  if (a == INT64_MIN_) return ST_OVERFLOW_ERROR;
  *r = a < 0 ? -a : a;
  return ST_PASS;
}

// x.bit_length() (count 0) or x.bit_count() (1), of abs(x): its magnitude
// is unsigned, so INT64_MIN's is 2**63 (64 bits, one of them set).
DEVI int64_t rt_int_bits(int64_t x, int count) {
  uint64_t m = x < 0 ? 0 - (uint64_t)x : (uint64_t)x;
  int64_t n = 0;
  for (; m; n++) m = count ? m & (m - 1) : m >> 1;
  return n;
}

// math.gcd(a, b): non-negative; gcd(0, 0) is 0. Magnitudes are unsigned so
// INT64_MIN works; only a result of 2**63 (INT64_MIN with 0 or itself)
// passes int64.
DEV int rt_gcd(int64_t a, int64_t b, int64_t* r) {
  uint64_t x = rt_uabs_(a), y = rt_uabs_(b);
  while (y) { uint64_t t = x % y; x = y; y = t; }
  if (x > (uint64_t)INT64_MAX_) return ST_OVERFLOW_ERROR;
  *r = (int64_t)x;
  return ST_PASS;
}

// math.isqrt(a): the floor of the exact square root; ValueError for a < 0.
// The double estimate is within one of the answer; fix it with exact
// unsigned squares (the root is at most 3037000499).
DEV int rt_isqrt(int64_t a, int64_t* r) {
  if (a < 0) return ST_VALUE_ERROR;
  uint64_t x = (uint64_t)f_sqrt((double)a);
  if (x > 3037000499ULL) x = 3037000499ULL;
  uint64_t ua = (uint64_t)a;
  while (x * x > ua) x -= 1;
  while ((x + 1) * (x + 1) <= ua) x += 1;
  *r = (int64_t)x;
  return ST_PASS;
}

// ============================================================ floats

// a // b as CPython's float_floor_div (_float_div_mod in floatobject.c),
// step for step, so NaN, infinities and signed zeros come out the same:
// fmod is exact, the quotient is snapped to the nearest integer, and a zero
// quotient takes the sign of a / b.
DEVFN int rt_floordiv_float(double a, double b, double* r) {
  if (b == 0.0) return ST_ZERO_DIVISION;
  double mod = f_fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0.0) {  // NaN counts as nonzero, as in C's `if (mod)`
    if ((b < 0) != (mod < 0)) div -= 1.0;
  }
  double fl;
  if (div != 0.0) {
    fl = f_floor(div);
    if (div - fl > 0.5) fl += 1.0;
  } else {
    fl = f_copysign(0.0, a / b);
  }
  *r = fl;
  return ST_PASS;
}

// a % b as CPython's float_rem: the sign of b, and a zero result is a zero
// with the sign of b.
DEV int rt_mod_float(double a, double b, double* r) {
  if (b == 0.0) return ST_ZERO_DIVISION;
  double mod = f_fmod(a, b);
  if (mod != 0.0) {
    if ((b < 0) != (mod < 0)) mod += b;
  } else {
    mod = f_copysign(0.0, b);
  }
  *r = mod;
  return ST_PASS;
}

// a / b: ZeroDivisionError for b == +-0.0 whatever a is (NaN included).
DEV int rt_div_float(double a, double b, double* r) {
  if (b == 0.0) return ST_ZERO_DIVISION;
  *r = a / b;
  return ST_PASS;
}

// PyLong_FromDouble on an already integral f: ValueError for NaN,
// OverflowError for an infinity or a value outside int64. The bounds are
// exact doubles (-2**63 fits, 2**63 does not).
DEV int rt_double_to_int_(double f, int64_t* r) {
  if (f_isnan(f)) return ST_VALUE_ERROR;
  if (!(f >= -9223372036854775808.0 && f < 9223372036854775808.0))
    return ST_OVERFLOW_ERROR;
  *r = (int64_t)f;
  return ST_PASS;
}

// int(f): truncates toward zero.
DEV int rt_float_to_int(double f, int64_t* r) {
  return rt_double_to_int_(f < 0 ? f_ceil(f) : f_floor(f), r);
}

// round(f): half to even, which is rint in the default rounding mode and
// what CPython's round-then-fix-halfway computes.
DEV int rt_round_float(double f, int64_t* r) { return rt_double_to_int_(f_rint(f), r); }

// round(x, ndigits) of an int, as CPython's int.__round__: x itself for
// ndigits >= 0, else the nearest multiple of 10**-ndigits, ties to the even
// multiple (round(25, -1) == 20, round(-15, -1) == -20); OverflowError past
// int64. (Ties to even are symmetric, so the magnitude is rounded; from
// 10**20 up every multiple but 0 is more than twice any int64 away.)
DEV int rt_round_int_n(int64_t x, int64_t ndigits, int64_t* r) {
  if (ndigits >= 0) { *r = x; return ST_PASS; }
  if (ndigits < -19) { *r = 0; return ST_PASS; }
  uint64_t p = 1;
  for (int64_t i = 0; i < -ndigits; i++) p *= 10;  // <= 10**19 < 2**64
  uint64_t m = rt_uabs_(x), q = m / p, rem = m % p;
  if (rem > p - rem || (rem == p - rem && (q & 1))) q++;
  uint64_t mag = q * p;  // <= m + p: no wrap
  if (mag > (x < 0 ? (uint64_t)INT64_MAX_ + 1 : (uint64_t)INT64_MAX_)) return ST_OVERFLOW_ERROR;
  *r = x < 0 ? (int64_t)(0 - mag) : (int64_t)mag;
  return ST_PASS;
}

// math.floor(f) and math.ceil(f) as ints.
DEV int rt_floor_float(double f, int64_t* r) { return rt_double_to_int_(f_floor(f), r); }
DEV int rt_ceil_float(double f, int64_t* r) { return rt_double_to_int_(f_ceil(f), r); }

// math.sqrt(f): correctly rounded on both targets; ValueError ("math domain
// error") below zero, -inf included; sqrt(-0.0) is -0.0 and NaN stays NaN.
DEV int rt_sqrt(double f, double* r) {
  if (f < 0.0) return ST_VALUE_ERROR;
  *r = f_sqrt(f);
  return ST_PASS;
}

// x ** y of floats and math.pow (fpow.h: correctly rounded, Unsupported where
// the C library's pow, which CPython calls, may round otherwise).
#include "fpow.h"

// ============================================================ comparisons

// Turn a three-way result (-1, 0, 1) into the answer of comparison `cmp`.
DEV int rt_cmp3_(int c, int cmp) {
  switch (cmp) {
    case CMP_LT: return c < 0;
    case CMP_LE: return c <= 0;
    case CMP_EQ: return c == 0;
    case CMP_NE: return c != 0;
    case CMP_GT: return c > 0;
    default: return c >= 0;
  }
}

// Three-way exact comparison of an int with a non-NaN float, as
// float_richcompare: never through a lossy (double)i. Floats at or past
// +-2**63 (infinities included) lie beyond every int64; otherwise the float's
// integer part fits int64 exactly and its fraction breaks a tie.
DEV int rt_cmp3_int_float_(int64_t i, double f) {
  if (f >= 9223372036854775808.0) return -1;
  if (f < -9223372036854775808.0) return 1;
  double t = f < 0 ? f_ceil(f) : f_floor(f);
  int64_t ti = (int64_t)t;
  if (i != ti) return i < ti ? -1 : 1;
  double frac = f - t;  // exact
  return frac > 0.0 ? -1 : (frac < 0.0 ? 1 : 0);
}

// i OP f, exact; with NaN only != is true. Returns 0 or 1.
DEV int rt_cmp_int_float(int64_t i, double f, int cmp) {
  if (f_isnan(f)) return cmp == CMP_NE;
  return rt_cmp3_(rt_cmp3_int_float_(i, f), cmp);
}

// f OP i, exact.
DEV int rt_cmp_float_int(double f, int64_t i, int cmp) {
  if (f_isnan(f)) return cmp == CMP_NE;
  return rt_cmp3_(-rt_cmp3_int_float_(i, f), cmp);
}

// a OP b for ints, and for doubles as IEEE (NaN unordered, -0.0 == 0.0):
// one switch, inlined, as it runs on every comparison.
template <class T>
DEVI int rt_cmp_(T a, T b, int cmp) {
  switch (cmp) {
    case CMP_LT: return a < b;
    case CMP_LE: return a <= b;
    case CMP_EQ: return a == b;
    case CMP_NE: return a != b;
    case CMP_GT: return a > b;
    default: return a >= b;
  }
}
DEVI int rt_cmp_float(double a, double b, int cmp) { return rt_cmp_(a, b, cmp); }
// Which outcomes make each Cmp true, three bits per Cmp in its order (bit 0:
// a < b, bit 1: a == b, bit 2: a > b): ints compare without a branch on the
// comparison, which the VM would otherwise dispatch on at every test.
#define CMP_TRUTH_ (1 | 3 << 3 | 2 << 6 | 5 << 9 | 4 << 12 | 6 << 15)
DEVI int rt_cmp_int(int64_t a, int64_t b, int cmp) {
  int outcome = (a >= b) + (a > b);
  return (CMP_TRUTH_ >> (3 * cmp + outcome)) & 1;
}

// ============================================================ strings

DEV int64_t rt_len_(const int64_t* s) { return STR_LEN_OF(s); }
DEV int rt_byte_(const int64_t* s, int64_t i) { return (unsigned char)STR_BYTES(s)[i]; }
DEV char* rt_wbytes_(int64_t* p) { return (char*)(p + 1); }
DEV const int64_t* rt_char_(const int64_t* chars, int c) { return chars + 2 * c; }

// str.isspace on ASCII (Py_UNICODE_ISSPACE): \t \n \v \f \r, the separators
// \x1c..\x1f, and space; strip() uses the same set.
// (One test of a bit mask: every such character is at most ' '.)
DEV int rt_is_space_(int c) { return c >= 0 && c <= ' ' && (0x1F0003E00ULL >> c) & 1; }
// int(str) skips only C's isspace (Py_ISSPACE): CPython maps non-ASCII
// spaces to ' ' first but leaves ASCII alone, so \x1c..\x1f are errors.
DEV int rt_is_c_space_(int c) { return c == ' ' || (c >= 9 && c <= 13); }
DEV int rt_is_digit_(int c) { return c >= '0' && c <= '9'; }
DEV int rt_is_lower_(int c) { return c >= 'a' && c <= 'z'; }
DEV int rt_is_upper_(int c) { return c >= 'A' && c <= 'Z'; }

DEV void rt_copy_(char* dst, const char* src, int64_t n) {
  for (int64_t i = 0; i < n; i++) dst[i] = src[i];
}

// A string result of n bytes, written in two steps: rt_str_begin_ gives
// where the caller writes the bytes, rt_str_done_ the string. The empty and
// one-character strings are the shared ones (no heap), longer ones a new
// heap object, so every string-making operation shares this one rule.
struct StrOut {
  char one[1];  // the byte of a one-character result
  int64_t* p;   // the heap object of a longer one
};
DEV int rt_str_begin_(Heap* h, int64_t n, StrOut* o, char** dst) {
  o->p = 0;
  if (n <= 1) { *dst = o->one; return ST_PASS; }
  int st = rt_new_str(h, n, &o->p);
  if (st != ST_PASS) return st;
  *dst = rt_wbytes_(o->p);
  return ST_PASS;
}
DEV const int64_t* rt_str_done_(const StrOut* o, int64_t n, const int64_t* chars,
                                const int64_t* empty) {
  if (n == 0) return empty;
  if (n == 1) return rt_char_(chars, (unsigned char)o->one[0]);
  return o->p;
}

// A string holding n bytes copied from src.
DEV int rt_str_from_(Heap* h, const char* src, int64_t n, const int64_t* chars,
                     const int64_t* empty, const int64_t** out) {
  StrOut o;
  char* dst;
  int st = rt_str_begin_(h, n, &o, &dst);
  if (st != ST_PASS) return st;
  rt_copy_(dst, src, n);
  *out = rt_str_done_(&o, n, chars, empty);
  return ST_PASS;
}

// s < t etc.: bytewise (code points, as CPython on ASCII), then shorter
// first. Returns -1, 0 or 1.
DEV int rt_str_cmp(const int64_t* s, const int64_t* t) {
  int64_t ls = rt_len_(s), lt = rt_len_(t), n = ls < lt ? ls : lt;
  for (int64_t i = 0; i < n; i++) {
    int a = rt_byte_(s, i), b = rt_byte_(t, i);
    if (a != b) return a < b ? -1 : 1;
  }
  return ls < lt ? -1 : (ls > lt ? 1 : 0);
}

// s + t. An empty operand gives the other one back (CPython does the same),
// so a one-character result is never allocated here.
DEV int rt_str_concat(Heap* h, const int64_t* s, const int64_t* t, const int64_t** out) {
  int64_t ls = rt_len_(s), lt = rt_len_(t), n;
  if (ls == 0) { *out = t; return ST_PASS; }
  if (lt == 0) { *out = s; return ST_PASS; }
  if (add_ovf(ls, lt, &n)) return ST_OVERFLOW_ERROR;  // "strings are too large to concat"
  int64_t* p;
  int st = rt_new_str(h, n, &p);
  if (st != ST_PASS) return st;
  rt_copy_(rt_wbytes_(p), STR_BYTES(s), ls);
  rt_copy_(rt_wbytes_(p) + ls, STR_BYTES(t), lt);
  *out = p;
  return ST_PASS;
}

// s * n: '' for n <= 0; s itself for n == 1; OverflowError ("repeated string
// is too long") when the length passes int64, as CPython; MemoryError when
// it does not fit the lane's heap.
DEVFN int rt_str_repeat(Heap* h, const int64_t* s, int64_t n, const int64_t* empty,
                      const int64_t** out) {
  int64_t ls = rt_len_(s);
  if (n <= 0 || ls == 0) { *out = empty; return ST_PASS; }
  if (n == 1) { *out = s; return ST_PASS; }
  if (ls > INT64_MAX_ / n) return ST_OVERFLOW_ERROR;
  int64_t total = ls * n;
  int64_t* p;
  int st = rt_new_str(h, total, &p);
  if (st != ST_PASS) return st;
  char* d = rt_wbytes_(p);
  rt_copy_(d, STR_BYTES(s), ls);
  for (int64_t done = ls; done < total;) {  // double the filled prefix
    int64_t k = done < total - done ? done : total - done;
    rt_copy_(d + done, d, k);
    done += k;
  }
  *out = p;
  return ST_PASS;
}

// s.ljust(width, fill), .rjust, .center (mode PAD_LEFT, PAD_RIGHT,
// PAD_CENTER) and s.zfill(width) (PAD_ZEROS, fill unused), as CPython's pad:
// s itself when width <= len(s); center puts marg // 2 on the left, one more
// when marg and width are both odd; zfill moves a leading sign in front of
// the zeros. TypeError unless fill is one character. (A one-character
// result, '' padded to 1, is the shared object, as every one-character
// string a run makes.)
DEVFN int rt_str_pad(Heap* h, const int64_t* s, int64_t width, const int64_t* fill, int mode,
                     const int64_t* chars, const int64_t** out) {
  if (mode != PAD_ZEROS && rt_len_(fill) != 1) return ST_TYPE_ERROR;
  int64_t n = rt_len_(s);
  if (width <= n) { *out = s; return ST_PASS; }
  int64_t marg = width - n;
  int64_t left = mode == PAD_LEFT ? 0 : mode == PAD_CENTER ? marg / 2 + (marg & width & 1) : marg;
  char f = mode == PAD_ZEROS ? '0' : (char)rt_byte_(fill, 0);
  if (width == 1) { *out = rt_char_(chars, f); return ST_PASS; }  // n == 0 here
  int64_t* p;
  int st = rt_new_str(h, width, &p);
  if (st != ST_PASS) return st;
  char* d = rt_wbytes_(p);
  for (int64_t i = 0; i < left; i++) d[i] = f;
  rt_copy_(d + left, STR_BYTES(s), n);
  for (int64_t i = left + n; i < width; i++) d[i] = f;
  if (mode == PAD_ZEROS && n > 0 && (d[left] == '+' || d[left] == '-')) {
    d[0] = d[left];
    d[left] = '0';
  }
  *out = p;
  return ST_PASS;
}

// s[i]: a negative i counts from the end; IndexError ("string index out of
// range").
DEV int rt_str_index(const int64_t* s, int64_t i, const int64_t* chars, const int64_t** out) {
  int64_t n = rt_len_(s);
  if (i < 0) i += n;
  if (i < 0 || i >= n) return ST_INDEX_ERROR;
  *out = rt_char_(chars, rt_byte_(s, i));
  return ST_PASS;
}

// The start, step and length of seq[lo:hi:step] on a sequence of n items:
// PySlice_Unpack + PySlice_AdjustIndices. INT64_MIN_ marks an absent bound
// or step, so an explicit INT64_MIN reads as absent (see the tests:
// s[-2**63::-1], s[:-2**63] and s[::-2**63] differ from CPython);
// ValueError for step 0. Strings and lists share it.
DEV int rt_slice_adjust_(int64_t n, int64_t lo, int64_t hi, int64_t* step_io, int64_t* start_out,
                         int64_t* count_out) {
  int64_t step = *step_io;
  if (step == INT64_MIN_) step = 1;
  if (step == 0) return ST_VALUE_ERROR;  // "slice step cannot be zero"
  int64_t start = lo == INT64_MIN_ ? (step < 0 ? INT64_MAX_ : 0) : lo;
  int64_t stop = hi == INT64_MIN_ ? (step < 0 ? INT64_MIN_ : INT64_MAX_) : hi;
  if (start < 0) { start += n; if (start < 0) start = step < 0 ? -1 : 0; }
  else if (start >= n) start = step < 0 ? n - 1 : n;
  if (stop < 0) { stop += n; if (stop < 0) stop = step < 0 ? -1 : 0; }
  else if (stop >= n) stop = step < 0 ? n - 1 : n;
  int64_t count = 0;
  if (step < 0) { if (stop < start) count = (start - stop - 1) / (-step) + 1; }
  else if (start < stop) count = (stop - start - 1) / step + 1;
  *step_io = step;
  *start_out = start;
  *count_out = count;
  return ST_PASS;
}

// s[lo:hi:step]. The full slice with step 1 returns s itself, as CPython.
DEVFN int rt_str_slice(Heap* h, const int64_t* s, int64_t lo, int64_t hi, int64_t step,
                     const int64_t* chars, const int64_t* empty, const int64_t** out) {
  int64_t n = rt_len_(s), start, count;
  int st = rt_slice_adjust_(n, lo, hi, &step, &start, &count);
  if (st != ST_PASS) return st;
  if (step == 1 && count == n) { *out = s; return ST_PASS; }
  StrOut o;
  char* d;
  st = rt_str_begin_(h, count, &o, &d);
  if (st != ST_PASS) return st;
  const char* src = STR_BYTES(s);
  for (int64_t i = 0, j = start; i < count; i++, j += step) d[i] = src[j];
  *out = rt_str_done_(&o, count, chars, empty);
  return ST_PASS;
}

// Does t occur in s at position i? (the caller keeps i + len(t) <= len(s))
DEV int rt_match_at_(const int64_t* s, int64_t i, const int64_t* t) {
  int64_t m = rt_len_(t);
  const char* a = STR_BYTES(s) + i;
  const char* b = STR_BYTES(t);
  for (int64_t k = 0; k < m; k++)
    if (a[k] != b[k]) return 0;
  return 1;
}

// The first position >= from where t occurs in s, or -1.
DEV int64_t rt_find_from_(const int64_t* s, const int64_t* t, int64_t from) {
  int64_t last = rt_len_(s) - rt_len_(t);
  for (int64_t i = from; i <= last; i++)
    if (rt_match_at_(s, i, t)) return i;
  return -1;
}

// needle in hay: '' is in every string. Returns 0 or 1.
DEV int rt_str_contains(const int64_t* hay, const int64_t* needle) {
  return rt_find_from_(hay, needle, 0) >= 0;
}

// str(x) in decimal, INT64_MIN included (its magnitude is taken unsigned);
// single digits come from the shared table.
DEVFN int rt_str_of_int(Heap* h, int64_t x, const int64_t* chars, const int64_t** out_or_const) {
  if (x >= 0 && x <= 9) { *out_or_const = rt_char_(chars, '0' + (int)x); return ST_PASS; }
  char buf[20];  // 19 digits and a sign
  int n = 0;
  uint64_t u = rt_uabs_(x);
  while (u) { buf[19 - n] = (char)('0' + (int)(u % 10)); u /= 10; n++; }
  if (x < 0) { buf[19 - n] = '-'; n++; }
  int64_t* p;
  int st = rt_new_str(h, n, &p);
  if (st != ST_PASS) return st;
  rt_copy_(rt_wbytes_(p), buf + 20 - n, n);
  *out_or_const = p;
  return ST_PASS;
}

// A digit's value in the bases up to 36 ('a' and 'A' are 10), else 37: as
// CPython's _PyLong_DigitValue.
DEV int rt_digit_value_(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 37;
}

// int(s, base) as CPython's PyLong_FromUnicodeObject (PyLong_FromString):
// surrounding whitespace (C's isspace set), one optional sign right before
// the number; base 0 reads the base from a prefix (0x, 0o, 0b; otherwise
// 10, where only zero may start with a 0), and bases 16, 8 and 2 allow their
// own prefix; one underscore may follow a prefix, others only single and
// between digits; digits of either case below the base. Anything else is
// ValueError, as is a base outside 2..36 and 0. More than 4300 digits
// (leading zeros counted) in a base that is not a power of two is CPython's
// default int_max_str_digits ValueError; a value past int64 is
// OverflowError. The magnitude is accumulated unsigned so
// "-9223372036854775808" fits.
DEVFN int rt_int_of_str_base(const int64_t* s, int64_t base, int64_t* r) {
  if (base != 0 && (base < 2 || base > 36)) return ST_VALUE_ERROR;
  int64_t n = rt_len_(s), i = 0;
  while (i < n && rt_is_c_space_(rt_byte_(s, i))) i++;
  int neg = 0;
  if (i < n && (rt_byte_(s, i) == '+' || rt_byte_(s, i) == '-')) { neg = rt_byte_(s, i) == '-'; i++; }
  int lead = i < n ? rt_byte_(s, i) : 0;
  int mark = i + 1 < n ? rt_byte_(s, i + 1) | 0x20 : 0;  // the prefix letter, lower case
  int zero_only = 0;  // base 0, a 0 and no prefix: the old octal, now only zero
  if (base == 0) {
    base = lead != '0' ? 10 : mark == 'x' ? 16 : mark == 'o' ? 8 : mark == 'b' ? 2 : 10;
    zero_only = lead == '0' && base == 10;
  }
  if (lead == '0' && ((base == 16 && mark == 'x') || (base == 8 && mark == 'o') || (base == 2 && mark == 'b'))) {
    i += 2;
    if (i < n && rt_byte_(s, i) == '_') i++;
  }
  if (i < n && rt_byte_(s, i) == '_') return ST_VALUE_ERROR;
  const uint64_t limit = neg ? (1ULL << 63) : (uint64_t)INT64_MAX_;
  uint64_t v = 0;
  int64_t digits = 0;
  int big = 0, prev_us = 0;
  for (; i < n; i++) {
    int c = rt_byte_(s, i);
    if (c == '_') {
      if (prev_us) return ST_VALUE_ERROR;
      prev_us = 1;
      continue;
    }
    uint64_t d = (uint64_t)rt_digit_value_(c);
    if (d >= (uint64_t)base) break;
    prev_us = 0;
    digits++;
    if (!big && v > (limit - d) / (uint64_t)base) big = 1;  // v * base + d > limit
    if (!big) v = v * (uint64_t)base + d;
  }
  if (prev_us || digits == 0) return ST_VALUE_ERROR;  // a trailing underscore; no digits
  if ((base & (base - 1)) != 0 && digits > 4300) return ST_VALUE_ERROR;
  if (zero_only && (big || v != 0)) return ST_VALUE_ERROR;
  while (i < n && rt_is_c_space_(rt_byte_(s, i))) i++;
  if (i != n) return ST_VALUE_ERROR;
  if (big) return ST_OVERFLOW_ERROR;
  *r = neg ? (int64_t)(0ULL - v) : (int64_t)v;
  return ST_PASS;
}

// int(s): base 10.
DEV int rt_int_of_str(const int64_t* s, int64_t* r) { return rt_int_of_str_base(s, 10, r); }

// chr(x): OverflowError past a C int (CPython converts x to one first),
// ValueError outside 0..0x10FFFF; past ASCII the DSL has no such string:
// Unsupported.
DEV int rt_chr(int64_t x, const int64_t* chars, const int64_t** out) {
  if (x < -2147483648LL || x > 2147483647LL) return ST_OVERFLOW_ERROR;
  if (x < 0 || x > 0x10FFFF) return ST_VALUE_ERROR;
  if (x >= 128) return ST_UNSUPPORTED;
  *out = rt_char_(chars, (int)x);
  return ST_PASS;
}

// ord(s): TypeError unless s has exactly one character.
DEV int rt_ord(const int64_t* s, int64_t* r) {
  if (rt_len_(s) != 1) return ST_TYPE_ERROR;
  *r = rt_byte_(s, 0);
  return ST_PASS;
}

// bin(x), oct(x) and hex(x) for bits = 1, 3, 4 (the bits of one digit):
// '0b101', '-0o17', '0xff', '0x0'; lower-case digits; INT64_MIN by its
// unsigned magnitude. Never shorter than 3 characters, so always a heap
// string.
DEVFN int rt_radix_str(Heap* h, int64_t x, int bits, const int64_t** out) {
  uint64_t u = rt_uabs_(x);
  int ndig = 1;  // digits of `bits` bits each, at least one
  while (ndig * bits < 64 && (u >> (ndig * bits))) ndig++;
  int n = (x < 0) + 2 + ndig;
  int64_t* p;
  int st = rt_new_str(h, n, &p);
  if (st != ST_PASS) return st;
  char* d = rt_wbytes_(p);
  int k = 0;
  if (x < 0) d[k++] = '-';
  d[k++] = '0';
  d[k++] = bits == 1 ? 'b' : bits == 3 ? 'o' : 'x';
  for (int i = ndig - 1; i >= 0; i--) d[k++] = "0123456789abcdef"[(u >> (i * bits)) & ((1u << bits) - 1)];
  *out = p;
  return ST_PASS;
}

// Byte c of a string under a case mode; `prev` is the byte before it (-1
// at the start): title() starts a word after any byte that is not a letter.
DEV int rt_case_of_(int c, int mode, int prev) {
  int up = rt_is_upper_(c), low = rt_is_lower_(c);
  int to_upper = mode == CASE_UPPER || (mode == CASE_SWAP && low) ||
                 (mode == CASE_CAPITALIZE && prev < 0) ||
                 (mode == CASE_TITLE && !rt_is_upper_(prev) && !rt_is_lower_(prev));
  if (mode == CASE_SWAP) return up || low ? c ^ 0x20 : c;
  return to_upper ? (low ? c ^ 0x20 : c) : (up ? c ^ 0x20 : c);
}

// s.lower(), .upper(), .swapcase(), .capitalize() or .title() (a StrCase)
// on ASCII. When no byte changes the result is s, returned without
// allocating.
DEVFN int rt_str_case(Heap* h, const int64_t* s, int mode, const int64_t* chars,
                    const int64_t** out) {
  int64_t n = rt_len_(s), i = 0;
  for (; i < n; i++) {
    int c = rt_byte_(s, i);
    if (rt_case_of_(c, mode, i ? rt_byte_(s, i - 1) : -1) != c) break;
  }
  if (i == n) { *out = s; return ST_PASS; }
  if (n == 1) { *out = rt_char_(chars, rt_byte_(s, 0) ^ 0x20); return ST_PASS; }
  int64_t* p;
  int st = rt_new_str(h, n, &p);
  if (st != ST_PASS) return st;
  char* d = rt_wbytes_(p);
  for (int64_t k = 0; k < n; k++) d[k] = (char)rt_case_of_(rt_byte_(s, k), mode, k ? rt_byte_(s, k - 1) : -1);
  *out = p;
  return ST_PASS;
}

// Is byte c among the characters to strip: whitespace when cs is null
// (strip()), else the bytes of cs (strip(cs); '' strips nothing).
DEV int rt_strip_hit_(int c, const int64_t* cs) {
  if (!cs) return rt_is_space_(c);
  int64_t m = rt_len_(cs);
  for (int64_t k = 0; k < m; k++)
    if (rt_byte_(cs, k) == c) return 1;
  return 0;
}

// s.strip(cs) (mode 0), .lstrip(cs) (1), .rstrip(cs) (2); cs null means
// whitespace. s itself when nothing is stripped.
// (Signature: `chars` table added before `empty`, for one-character results.)
DEV int rt_str_strip(Heap* h, const int64_t* s, const int64_t* cs, int mode,
                     const int64_t* chars, const int64_t* empty, const int64_t** out) {
  int64_t i = 0, j = rt_len_(s);
  if (mode != 2) while (i < j && rt_strip_hit_(rt_byte_(s, i), cs)) i++;
  if (mode != 1) while (j > i && rt_strip_hit_(rt_byte_(s, j - 1), cs)) j--;
  if (i == 0 && j == rt_len_(s)) { *out = s; return ST_PASS; }
  return rt_str_from_(h, STR_BYTES(s) + i, j - i, chars, empty, out);
}

// s.find(t) (mode 0), s.rfind(t) (1), s.index(t) (2: ValueError "substring
// not found"), s.count(t) (3: non-overlapping, left to right; '' occurs
// len(s) + 1 times). '' is found at 0 by find and at len(s) by rfind.
DEVFN int rt_str_find(const int64_t* s, const int64_t* t, int mode, int64_t* r) {
  int64_t ls = rt_len_(s), lt = rt_len_(t);
  if (mode == 1) {
    int64_t i = ls - lt;
    while (i >= 0 && !rt_match_at_(s, i, t)) i--;
    *r = i < 0 ? -1 : i;
    return ST_PASS;
  }
  if (mode == 3) {
    if (lt == 0) { *r = ls + 1; return ST_PASS; }
    int64_t count = 0, i = rt_find_from_(s, t, 0);
    while (i >= 0) { count++; i = rt_find_from_(s, t, i + lt); }
    *r = count;
    return ST_PASS;
  }
  int64_t i = rt_find_from_(s, t, 0);
  if (i < 0 && mode == 2) return ST_VALUE_ERROR;
  *r = i;
  return ST_PASS;
}

// s.startswith(t) (mode 0) or s.endswith(t) (1); '' is a prefix and a
// suffix of everything. Returns 0 or 1.
DEV int rt_str_affix(const int64_t* s, const int64_t* t, int mode) {
  int64_t ls = rt_len_(s), lt = rt_len_(t);
  if (lt > ls) return 0;
  return rt_match_at_(s, mode == 0 ? 0 : ls - lt, t);
}

// Writes s.replace(old, neu) to d (the caller sized it), the first `left`
// occurrences (all where it is at least their count). An empty `old`
// matches before every character and at the end, as CPython.
DEVFN void rt_replace_into_(char* d, const int64_t* s, const int64_t* old, const int64_t* neu, int64_t left) {
  int64_t ls = rt_len_(s), lo = rt_len_(old), ln = rt_len_(neu), k = 0;
  const char* src = STR_BYTES(s);
  if (lo == 0) {
    for (int64_t i = 0; i <= ls; i++) {
      if (left-- > 0) { rt_copy_(d + k, STR_BYTES(neu), ln); k += ln; }
      if (i < ls) d[k++] = src[i];
    }
    return;
  }
  for (int64_t i = 0; i < ls;) {
    if (left > 0 && i + lo <= ls && rt_match_at_(s, i, old)) {
      left--;
      rt_copy_(d + k, STR_BYTES(neu), ln);
      k += ln;
      i += lo;
    } else {
      d[k++] = src[i++];
    }
  }
}

// s.replace(old, neu[, most]): the non-overlapping occurrences, left to
// right, at most `most` of them (all where most < 0). s itself when nothing
// changes (no occurrence, most 0, or old == neu), as CPython.
// (Signature: `chars` and `empty` added, for one-character and empty
// results; the out type is const because s may come back.)
DEVFN int rt_str_replace(Heap* h, const int64_t* s, const int64_t* old, const int64_t* neu,
                       const int64_t* chars, const int64_t* empty, const int64_t** out, int64_t most = -1) {
  int64_t ls = rt_len_(s), lo = rt_len_(old), ln = rt_len_(neu), count;
  if (lo == ln && rt_match_at_(old, 0, neu)) { *out = s; return ST_PASS; }
  rt_str_find(s, old, 3, &count);
  if (most >= 0 && most < count) count = most;
  if (count == 0) { *out = s; return ST_PASS; }
  int64_t grow, n;  // "replace string is too long" past int64
  if (mul_ovf(count, ln - lo, &grow) || add_ovf(ls, grow, &n)) return ST_OVERFLOW_ERROR;
  StrOut o;
  char* dst;
  int st = rt_str_begin_(h, n, &o, &dst);
  if (st != ST_PASS) return st;
  rt_replace_into_(dst, s, old, neu, count);
  *out = rt_str_done_(&o, n, chars, empty);
  return ST_PASS;
}

// start and end of a str method's range on a str of length n, as CPython's
// ADJUST_INDICES: an end past n is n, a negative one counts from the end
// (0 at least), and so does a negative start. (An absent end is INT64_MAX.)
DEV void rt_adjust_range_(int64_t n, int64_t* start, int64_t* end) {
  if (*end > n) *end = n;
  else if (*end < 0) { *end += n; if (*end < 0) *end = 0; }
  if (*start < 0) { *start += n; if (*start < 0) *start = 0; }
}

// rt_str_find's modes within s[start:end], as CPython's find, rfind,
// index and count with those arguments: nothing is found where the range
// is shorter than t (a start past the end included, '' too); '' is found at
// start (find) or end (rfind), and counted end - start + 1 times.
DEVFN int rt_str_find_in(const int64_t* s, const int64_t* t, int mode, int64_t start, int64_t end, int64_t* r) {
  int64_t lt = rt_len_(t);
  rt_adjust_range_(rt_len_(s), &start, &end);
  if (end - start < lt) {
    if (mode == 2) return ST_VALUE_ERROR;
    *r = mode == 3 ? 0 : -1;
    return ST_PASS;
  }
  if (mode == 3) {
    if (lt == 0) { *r = end - start + 1; return ST_PASS; }
    int64_t count = 0;
    for (int64_t i = start; i + lt <= end;) {
      if (rt_match_at_(s, i, t)) { count++; i += lt; } else i++;
    }
    *r = count;
    return ST_PASS;
  }
  int64_t i = mode == 1 ? end - lt : start;
  while (i >= start && i + lt <= end && !rt_match_at_(s, i, t)) i += mode == 1 ? -1 : 1;
  int found = i >= start && i + lt <= end;
  if (!found && mode == 2) return ST_VALUE_ERROR;
  *r = found ? i : -1;
  return ST_PASS;
}

// s.startswith(t, start, end) (mode 0) or s.endswith (1), as CPython's
// tailmatch: false where the adjusted range is shorter than t.
DEV int rt_str_affix_in(const int64_t* s, const int64_t* t, int mode, int64_t start, int64_t end) {
  int64_t lt = rt_len_(t);
  rt_adjust_range_(rt_len_(s), &start, &end);
  if (end - lt < start) return 0;
  return rt_match_at_(s, mode == 0 ? start : end - lt, t);
}

// s.isdigit() (kind 0), isalpha (1), isalnum (2), isspace (3): every
// character qualifies and there is at least one. islower (4) / isupper (5):
// at least one cased character and none of the other case. Returns 0 or 1.
DEVFN int rt_str_is(const int64_t* s, int kind) {
  int64_t n = rt_len_(s);
  if (n == 0) return 0;
  int cased = 0;
  for (int64_t i = 0; i < n; i++) {
    int c = rt_byte_(s, i);
    int lo = rt_is_lower_(c), up = rt_is_upper_(c), dg = rt_is_digit_(c);
    switch (kind) {
      case 0: if (!dg) return 0; break;
      case 1: if (!lo && !up) return 0; break;
      case 2: if (!lo && !up && !dg) return 0; break;
      case 3: if (!rt_is_space_(c)) return 0; break;
      case 4: if (up) return 0; cased |= lo; break;
      default: if (lo) return 0; cased |= up; break;
    }
  }
  return kind < 4 ? 1 : cased;
}

// format(x, spec) of an int or a str: the format-spec mini-language.
#include "format.h"
