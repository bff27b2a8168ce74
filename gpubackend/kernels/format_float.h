// format_float.h: format(x, spec) of a float for the types f, F and % of
// CPython's format-spec mini-language (format.h reads the spec): x's exact
// binary value rounded half to even to the precision (6 by default), from
// the digits of dtoa.h's long division, as CPython's dtoa mode 3 gives them.
// A spec of no type and no precision lays out repr(x), and the empty spec
// is str(x). Left to CPython (Unsupported): the other types (e, g, n, and
// none with a precision, grouping or '#'), a result that needs more than
// DTOA_DIGITS significant digits of a value that has more, a precision
// past FORMAT_MAX_FLOAT_PRECISION, inf and nan, and what format.h leaves
// to it.
#pragma once
#include "runtime.h"
#include "dtoa.h"

// Digits after the point formatted here: past DTOA_DIGITS significant
// digits only exact decimals are known anyway.
#define FORMAT_MAX_FLOAT_PRECISION 100
// The longest text of |x| in fixed notation: 309 integer digits, 102
// separators among them, the point, the precision and a '%'.
#define FORMAT_FIXED_MAX (309 + 102 + 2 + FORMAT_MAX_FLOAT_PRECISION)

// |x| (finite, above zero) with p digits after the point into out, its
// integer digits grouped in threes by sep (0: none); the length, or -1
// where the digits go past what dtoa_digits_ knows of a value with more.
DEVFN int32_t dtoa_fixed_(double mag, int32_t p, char sep, uint32_t* scratch, char* out) {
  DtoaDigits g;
  dtoa_digits_(mag, scratch, &g);
  int32_t kept = g.exp10 + 1 + p, nd, exp10 = g.exp10;  // significant digits the precision keeps
  char c[DTOA_DIGITS];
  if (kept > DTOA_DIGITS) {  // only an exact decimal of DTOA_DIGITS digits is known that far
    if (g.rest) return -1;
    for (int32_t i = 0; i < DTOA_DIGITS; i++) c[i] = g.d[i];
    nd = DTOA_DIGITS;
  } else if (kept <= 0) {  // zero, or one unit of the last place past half of it
    nd = kept == 0 && dtoa_tail_(&g, 0) > 0;
    c[0] = '1';
    exp10 = -p;
  } else {
    dtoa_nearest_(&g, kept, c, &exp10);
    nd = kept;
  }
  // digit i of c is the one of place exp10 - i
  int32_t k = 0;
  if (nd == 0 || exp10 < 0) out[k++] = '0';
  for (int32_t place = exp10; nd && place >= 0; place--) {
    out[k++] = exp10 - place < nd ? c[exp10 - place] : '0';
    if (sep && place > 0 && place % 3 == 0) out[k++] = sep;
  }
  if (p > 0) out[k++] = '.';
  for (int32_t place = -1; place >= -p; place--) {
    int32_t i = exp10 - place;
    out[k++] = nd && i >= 0 && i < nd ? c[i] : '0';
  }
  return k;
}

// str(x) of a float, which is format(x, ''): its repr (dtoa.h). scratch:
// STRTOD_SCRATCH_LIMBS limbs.
DEVFN int rt_str_of_float(Heap* h, double x, uint32_t* scratch, const int64_t* chars, const int64_t* empty,
                          const int64_t** out) {
  char text[DTOA_REPR_MAX];
  return rt_str_from_(h, text, dtoa_repr(x, scratch, text), chars, empty, out);
}

// Whether a spec's last character makes format() of an int a float's:
// CPython formats the int as float(x) for these types.
DEV int format_float_type(int c) { return c == 'f' || c == 'F' || c == '%'; }

// format(x, spec) of a float. scratch: STRTOD_SCRATCH_LIMBS limbs.
DEVFN int rt_format_float(Heap* h, double x, const int64_t* spec, uint32_t* scratch, const int64_t* chars,
                          const int64_t* empty, const int64_t** out) {
  char head[1], body[FORMAT_FIXED_MAX];
  if (rt_len_(spec) == 0) return rt_str_of_float(h, x, scratch, chars, empty, out);
  FormatSpec f;
  if (!rt_format_spec_(spec, '>', &f)) return ST_UNSUPPORTED;
  int repr = f.type == 0 && f.precision < 0 && !f.grouping && !f.alt;  // repr(x)'s digits, laid out
  if (!repr && !format_float_type(f.type)) return ST_UNSUPPORTED;
  if ((f.grouping && f.fill == '0' && f.align == '=') || f.precision > FORMAT_MAX_FLOAT_PRECISION) return ST_UNSUPPORTED;
  uint64_t bits = (uint64_t)double_to_bits(x);
  double mag = bits_to_double((int64_t)(bits & ~(1ULL << 63)));
  if (f.type == '%') mag = mag * 100.0;  // CPython multiplies the float
  if (f_isnan(mag) || f_isinf(mag)) return ST_UNSUPPORTED;
  int32_t p = f.precision < 0 ? 6 : (int32_t)f.precision, n = 0;
  if (repr) {
    n = dtoa_repr(mag, scratch, body);
  } else if (mag == 0.0) {
    body[n++] = '0';
    if (p > 0) body[n++] = '.';
    for (int32_t i = 0; i < p; i++) body[n++] = '0';
  } else {
    n = dtoa_fixed_(mag, p, f.grouping, scratch, body);
    if (n < 0) return ST_UNSUPPORTED;
  }
  if (p == 0 && f.alt) body[n++] = '.';
  if (f.type == '%') body[n++] = '%';
  int64_t nhead = 0;
  if ((bits >> 63) || f.sign == '+' || f.sign == ' ') head[nhead++] = (bits >> 63) ? '-' : f.sign;
  return rt_format_lay_out_(h, &f, head, nhead, body, n, chars, empty, out);
}
