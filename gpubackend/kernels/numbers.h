// numbers.h: a number of either class, `int | float` (the type T_NUM), for
// values whose class only the run decides: a list of 4.0 and 3, a
// parameter given 2 in one test and 2.5 in another. It is one 64-bit word
// that says which it is, as a CPython object's class does:
//
//   a float   its IEEE bits;
//   an int    a NaN no FPU makes: sign, exponent and quiet bits all set
//             (NUM_INT_TAG), the int in the low NUM_INT_BITS bits, two's
//             complement.
//
// Every int of NUM_INT_BITS bits is exact as a double, so an int compared
// with a float, or added to one, goes through doubles exactly as CPython's
// int/float operations do. An int past that width is OverflowError, a
// deviation the CPython path judges again, as ints past 64 bits are. A
// float NaN whose bits fall in the tag's space (x86's default NaN is
// negative) is stored as the positive quiet NaN: no operation of the
// language tells the two apart but math.copysign, which refuses a num.
#pragma once
#include "runtime.h"  // (layout.h: the word's layout and the selectors, which the compiler emits)

DEV int num_is_int(int64_t w) { return (w & NUM_INT_TAG) == NUM_INT_TAG; }
DEV int64_t num_int(int64_t w) { return (int64_t)((uint64_t)w << (64 - NUM_INT_BITS)) >> (64 - NUM_INT_BITS); }
DEV double num_float(int64_t w) { return num_is_int(w) ? (double)num_int(w) : bits_to_double(w); }
DEV int64_t num_of_float(double d) {
  int64_t w = double_to_bits(d);
  return num_is_int(w) ? NUM_NAN : w;
}
DEV int num_of_int(int64_t x, int64_t* r) {
  if (x < NUM_INT_MIN || x > NUM_INT_MAX) return ST_OVERFLOW_ERROR;
  *r = NUM_INT_TAG | (x & ~NUM_INT_TAG);
  return ST_PASS;
}

DEV int rt_num_int_op_(int op, int64_t a, int64_t b, int64_t* r) {
  int64_t v = 0;
  int st = ST_PASS;
  switch (op) {
    case NUM_ADD: v = a + b; break;  // 51-bit operands: no int64 overflow
    case NUM_SUB: v = a - b; break;
    case NUM_MUL: st = mul_ovf(a, b, &v) ? ST_OVERFLOW_ERROR : ST_PASS; break;
    case NUM_FLOORDIV: st = rt_floordiv_int(a, b, &v); break;
    case NUM_MOD: st = rt_mod_int(a, b, &v); break;
    default: st = rt_pow_int(a, b, &v); break;
  }
  return st != ST_PASS ? st : num_of_int(v, r);
}

DEV int rt_num_op(int op, int64_t x, int64_t y, int64_t* r) {
  if (op == NUM_TRUEDIV) {  // a float, not a num
    double q;
    int st = num_is_int(x) && num_is_int(y) ? rt_truediv_int(num_int(x), num_int(y), &q)
                                             : rt_div_float(num_float(x), num_float(y), &q);
    *r = double_to_bits(q);
    return st;
  }
  if (op == NUM_MIN || op == NUM_MAX) {
    double a = num_float(x), b = num_float(y);
    *r = (op == NUM_MAX ? b > a : b < a) ? y : x;
    return ST_PASS;
  }
  if (num_is_int(x) && num_is_int(y) && !(op == NUM_POW && num_int(y) < 0))
    return rt_num_int_op_(op, num_int(x), num_int(y), r);
  double a = num_float(x), b = num_float(y), v = 0;
  int st = ST_PASS;
  switch (op) {
    case NUM_ADD: v = a + b; break;
    case NUM_SUB: v = a - b; break;
    case NUM_MUL: v = a * b; break;
    case NUM_FLOORDIV: st = rt_floordiv_float(a, b, &v); break;
    case NUM_MOD: st = rt_mod_float(a, b, &v); break;
    default: st = rt_pow_float(a, b, ST_UNSUPPORTED, &v); break;
  }
  *r = num_of_float(v);
  return st;
}

DEV int rt_num_conv(int sel, int64_t x, int64_t* r) {
  int is_int = num_is_int(x);
  int64_t i = num_int(x);
  double f = bits_to_double(x);
  switch (sel) {
    case NUMCONV_OF_INT: return num_of_int(x, r);
    case NUMCONV_OF_FLOAT: *r = num_of_float(bits_to_double(x)); return ST_PASS;
    case NUMCONV_FLOAT: *r = double_to_bits(num_float(x)); return ST_PASS;
    case NUMCONV_INT: if (is_int) { *r = i; return ST_PASS; } return rt_float_to_int(f, r);
    case NUMCONV_ROUND: if (is_int) { *r = i; return ST_PASS; } return rt_round_float(f, r);
    case NUMCONV_FLOOR: if (is_int) { *r = i; return ST_PASS; } return rt_floor_float(f, r);
    case NUMCONV_CEIL: if (is_int) { *r = i; return ST_PASS; } return rt_ceil_float(f, r);
    case NUMCONV_IS_INT: *r = is_int; return ST_PASS;
    case NUMCONV_NEG: if (is_int) return num_of_int(-i, r); *r = num_of_float(-f); return ST_PASS;
    case NUMCONV_ABS: if (is_int) return num_of_int(i < 0 ? -i : i, r); *r = num_of_float(f_fabs(f)); return ST_PASS;
    default: *r = is_int ? i != 0 : f != 0.0; return ST_PASS;
  }
}

// x OP y of two nums (generic comparisons of code 'r'): both exact as doubles.
DEV int rt_cmp_num(int64_t x, int64_t y, int cmp) { return rt_cmp_float(num_float(x), num_float(y), cmp); }

// A new list of ints (or floats) made a list of nums in place: no other
// reference to it exists yet (the type pass allows it for displays and
// comprehensions only), so no reader sees the old words.
DEV int rt_list_of_nums(int64_t* l, int floats) {
  int64_t* items = LIST_ITEMS(l);
  for (int64_t k = 0; k < LIST_LEN(l); k++) {
    if (floats) { items[k] = num_of_float(bits_to_double(items[k])); continue; }
    int st = num_of_int(items[k], &items[k]);
    if (st != ST_PASS) return st;
  }
  return ST_PASS;
}

// sum(l, start) of a list of nums: CPython's left fold of +.
DEV int rt_list_sum_num(const int64_t* l, int64_t start, int64_t* r) {
  const int64_t* items = LIST_ITEMS(l);
  int64_t acc = start;
  for (int64_t k = 0; k < LIST_LEN(l); k++) {
    int st = rt_num_op(NUM_ADD, acc, items[k], &acc);
    if (st != ST_PASS) return st;
  }
  *r = acc;
  return ST_PASS;
}
