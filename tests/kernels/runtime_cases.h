// runtime_cases.h: one runtime call per test case, compiled into the host
// harness (runtime_harness.cpp) and into a CUDA kernel (test_runtime_gpu.py),
// so that the GPU's results can be compared with the host's word for word.
// Include it after runtime.h.
//
// A case is CASE_WORDS int64 words: op, a, b, c, d, then s, t, u, the word
// offsets of up to three string objects in a pool (-1: none). Float operands
// travel as their bits. A result is RES_WORDS words: status, value (an int,
// a 0/1, or a double's bits with every NaN made the same NaN: its sign and
// payload cannot be observed from the DSL), the string result's length and
// where it lives (0 heap, 1 shared table, 2 shared empty, 3 + k input k),
// then its bytes. Every case has its own heap of CASE_HEAP words.
#pragma once

#define CASE_WORDS 8
#define CASE_HEAP 40
#define RES_WORDS (4 + CASE_HEAP)

DEV int64_t case_where_(const int64_t* p, const int64_t* chars, const int64_t* empty,
                        const int64_t* s, const int64_t* t, const int64_t* u) {
  if (p == empty) return 2;
  if (p == s) return 3;
  if (p == t) return 4;
  if (p == u) return 5;
  if (p >= chars && p < chars + 256) return 1;
  return 0;
}

DEV int64_t case_fbits_(double f) {
  return f_isnan(f) ? (int64_t)0x7ff8000000000000LL : double_to_bits(f);
}

DEV void run_case(const int64_t* cs, const int64_t* pool, const int64_t* chars,
                  const int64_t* empty, int64_t* heapw, int64_t* res) {
  Heap h = {heapw, 0, CASE_HEAP, 0};
  int64_t op = cs[0], a = cs[1], b = cs[2], c = cs[3], d = cs[4];
  const int64_t* s = cs[5] >= 0 ? pool + cs[5] : nullptr;
  const int64_t* t = cs[6] >= 0 ? pool + cs[6] : nullptr;
  const int64_t* u = cs[7] >= 0 ? pool + cs[7] : nullptr;
  double fa = bits_to_double(a), fb = bits_to_double(b), fr = 0.0;
  int64_t st = ST_PASS, v = 0;
  int isf = 0;
  const int64_t* sr = nullptr;
  switch (op) {
    case 0: st = rt_floordiv_int(a, b, &v); break;
    case 1: st = rt_mod_int(a, b, &v); break;
    case 2: st = rt_pow_int(a, b, &v); break;
    case 3: st = rt_pow_mod(a, b, c, &v); break;
    case 4: st = rt_truediv_int(a, b, &fr); isf = 1; break;
    case 5: st = rt_lshift(a, b, &v); break;
    case 6: st = rt_rshift(a, b, &v); break;
    case 7: st = rt_neg_int(a, &v); break;
    case 8: st = rt_abs_int(a, &v); break;
    case 9: st = rt_gcd(a, b, &v); break;
    case 10: st = rt_isqrt(a, &v); break;
    case 11: st = rt_floordiv_float(fa, fb, &fr); isf = 1; break;
    case 12: st = rt_mod_float(fa, fb, &fr); isf = 1; break;
    case 13: st = rt_div_float(fa, fb, &fr); isf = 1; break;
    case 14: st = rt_float_to_int(fa, &v); break;
    case 15: st = rt_round_float(fa, &v); break;
    case 16: st = rt_floor_float(fa, &v); break;
    case 17: st = rt_ceil_float(fa, &v); break;
    case 18: st = rt_sqrt(fa, &fr); isf = 1; break;
    case 19: v = rt_cmp_int_float(a, fb, (int)c); break;
    case 20: v = rt_cmp_float_int(fa, b, (int)c); break;
    case 21: v = rt_cmp_float(fa, fb, (int)c); break;
    case 22: v = rt_cmp_int(a, b, (int)c); break;
    case 23: st = rt_pow_float(fa, fb, ST_UNSUPPORTED, &fr); isf = 1; break;
    case 24: st = rt_math_pow(fa, fb, &fr); isf = 1; break;
    case 30: v = rt_str_cmp(s, t); break;
    case 31: st = rt_str_concat(&h, s, t, &sr); break;
    case 32: st = rt_str_repeat(&h, s, a, empty, &sr); break;
    case 33: st = rt_str_index(s, a, chars, &sr); break;
    case 34: st = rt_str_slice(&h, s, a, b, c, chars, empty, &sr); break;
    case 35: v = rt_str_contains(s, t); break;
    case 36: st = rt_str_of_int(&h, a, chars, &sr); break;
    case 37: st = rt_int_of_str(s, &v); break;
    case 38: st = rt_chr(a, chars, &sr); break;
    case 39: st = rt_ord(s, &v); break;
    case 40: st = rt_radix_str(&h, a, (int)b, &sr); break;
    case 41: st = rt_str_case(&h, s, (int)a, chars, &sr); break;
    case 42: st = rt_str_strip(&h, s, t, (int)a, chars, empty, &sr); break;
    case 43: st = rt_str_find(s, t, (int)a, &v); break;
    case 44: v = rt_str_affix(s, t, (int)a); break;
    case 45: st = rt_str_replace(&h, s, t, u, chars, empty, &sr); break;
    case 46: v = rt_str_is(s, (int)a); break;
    case 47: st = rt_format_int(&h, a, s, chars, empty, &sr); break;
    case 48: st = rt_format_str(&h, s, t, chars, empty, &sr); break;
    default: st = -1; break;
  }
  (void)d;
  for (int k = 0; k < RES_WORDS; k++) res[k] = 0;
  res[0] = st;
  if (st != ST_PASS) return;  // out values are unspecified after a raise
  res[1] = isf ? case_fbits_(fr) : v;
  if (sr) {
    int64_t words = STR_WORDS(sr[0]) - 1;
    res[2] = sr[0];
    res[3] = case_where_(sr, chars, empty, s, t, u);
    for (int64_t k = 0; k < words && k < CASE_HEAP; k++) res[4 + k] = sr[1 + k];
  }
}
