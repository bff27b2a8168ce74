// runtime_harness.cpp: exposes gpubackend/kernels/runtime.h to Python
// (ctypes) so that tests/kernels/test_runtime.py can compare every runtime
// function with CPython. Built by the test with
//   g++ -O2 -shared -fPIC -ffp-contract=off -std=c++17
// Scalar functions are wrapped one to one. String functions read their
// operands from three input slots (h_set_str) and leave their result in
// h_res, which the test inspects: bytes, and where the pointer points
// (shared table, shared empty string, an input, or the heap), so that the
// no-allocation rule for short results is checked too. h_run_cases runs a
// batch through runtime_cases.h, the code the GPU test runs on the device.
//
// Memory safety: after every runtime call the harness checks that the call
// wrote nowhere but its own heap allocations: the shared table and empty
// string and the input slots are unchanged, the GUARD words below the heap
// are intact, and so are the GUARD words past the heap's top (every heap
// word past top holds POISON until allocated). A violation sets a bit in
// g_bad, which stays until h_take_violations() reads it (conftest.py does
// after every test).
#include "../../gpubackend/kernels/runtime.h"
// format_float.h brings dtoa.h and strtod.h, whose other functions
// test_dtoa.py and test_strtod.py call through harnesses of their own.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "../../gpubackend/kernels/format_float.h"
#pragma GCC diagnostic pop
#include "runtime_cases.h"

#define IN_WORDS (1 << 16)
#define HEAP_WORDS (1 << 20)
#define N_INPUTS 3
#define PAST_TOP_WORDS GUARD  // a heap of 8 MB: its whole remainder is too slow to scan per call
#include "harness_guard.h"

enum { BAD_CASE_HEAP = BAD_HARNESS };

static int64_t g_in[3][IN_WORDS];
static const int64_t* g_res;

// Input slot k: its string's words.
static uint64_t in_sum_(int k) {
  const int64_t* p = g_in[k];
  return fnv1a_(p, p[0] >= 0 && STR_WORDS(p[0]) <= IN_WORDS ? STR_WORDS(p[0]) : IN_WORDS);
}

extern "C" {

void h_init(void) { guard_init_(); }

// The violations seen since the last call (a mask of BAD_*), then cleared.
int h_take_violations(void) { return take_violations_(); }

// Input slot k := bytes b[0..n); padding zeroed, as every string object.
int h_set_str(int k, const char* b, int64_t n) {
  if (n < 0 || STR_WORDS(n) > IN_WORDS) return -1;
  int64_t* p = g_in[k];
  for (int64_t w = 0; w < STR_WORDS(n); w++) p[w] = 0;
  p[0] = n;
  for (int64_t i = 0; i < n; i++) ((char*)(p + 1))[i] = b[i];
  g_in_sum[k] = in_sum_(k);
  return 0;
}

// An empty heap of cap words (at most HEAP_WORDS).
void h_reset_heap(int64_t cap) { reset_heap_(cap); }
int64_t h_heap_top(void) { return g_heap.top; }
int64_t h_heap_peak(void) { return g_heap.peak; }

// Where h_res points: 0 heap, 1 shared table (a whole entry), 2 shared
// empty, 3 + k input slot k, -1 anywhere else.
int h_res_where(void) {
  const int64_t* p = g_res;
  if (p >= HEAP_BASE && p < HEAP_BASE + HEAP_WORDS) return 0;
  if (p >= g_chars && p < g_chars + 256) return ((p - g_chars) % 2 == 0) ? 1 : -1;
  if (p == g_empty) return 2;
  for (int k = 0; k < 3; k++)
    if (p == g_in[k]) return 3 + k;
  return -1;
}
int64_t h_res_len(void) { return STR_LEN_OF(g_res); }
void h_res_bytes(char* dst) {
  for (int64_t i = 0; i < STR_LEN_OF(g_res); i++) dst[i] = STR_BYTES(g_res)[i];
}
// 1 when the bytes after the length in the last word are all zero.
int h_res_padding_ok(void) {
  int64_t n = STR_LEN_OF(g_res), end = 8 * (STR_WORDS(n) - 1);
  for (int64_t i = n; i < end; i++)
    if (STR_BYTES(g_res)[i] != 0) return 0;
  return 1;
}

// ---- heap
int64_t h_heap_alloc(int64_t words) {
  int64_t* p = heap_alloc(&g_heap, words);
  guard_();
  return p ? p - g_heap.base : -1;
}
int64_t h_heap_spare(int64_t words) {
  int64_t* p = heap_spare(&g_heap, words);
  guard_();
  return p ? p - g_heap.base : -1;
}
int h_new_str(int64_t len) {
  int64_t* p = nullptr;
  int st = rt_new_str(&g_heap, len, &p);
  if (st == ST_PASS) g_res = p;
  guard_();
  return st;
}

// ---- ints
int h_floordiv_int(int64_t a, int64_t b, int64_t* r) { return rt_floordiv_int(a, b, r); }
int h_mod_int(int64_t a, int64_t b, int64_t* r) { return rt_mod_int(a, b, r); }
int h_pow_int(int64_t a, int64_t b, int64_t* r) { return rt_pow_int(a, b, r); }
int h_pow_mod(int64_t a, int64_t b, int64_t m, int64_t* r) { return rt_pow_mod(a, b, m, r); }
int h_truediv_int(int64_t a, int64_t b, double* r) { return rt_truediv_int(a, b, r); }
int h_lshift(int64_t a, int64_t b, int64_t* r) { return rt_lshift(a, b, r); }
int h_rshift(int64_t a, int64_t b, int64_t* r) { return rt_rshift(a, b, r); }
int h_neg_int(int64_t a, int64_t* r) { return rt_neg_int(a, r); }
int h_abs_int(int64_t a, int64_t* r) { return rt_abs_int(a, r); }
int h_gcd(int64_t a, int64_t b, int64_t* r) { return rt_gcd(a, b, r); }
int h_round_int_n(int64_t a, int64_t b, int64_t* r) { return rt_round_int_n(a, b, r); }
uint64_t h_range_len(int64_t start, int64_t stop, int64_t step) { return rt_range_len(start, stop, step); }
int h_isqrt(int64_t a, int64_t* r) { return rt_isqrt(a, r); }

// ---- floats
int h_floordiv_float(double a, double b, double* r) { return rt_floordiv_float(a, b, r); }
int h_mod_float(double a, double b, double* r) { return rt_mod_float(a, b, r); }
int h_div_float(double a, double b, double* r) { return rt_div_float(a, b, r); }
int h_float_to_int(double f, int64_t* r) { return rt_float_to_int(f, r); }
int h_round_float(double f, int64_t* r) { return rt_round_float(f, r); }
int h_floor_float(double f, int64_t* r) { return rt_floor_float(f, r); }
int h_ceil_float(double f, int64_t* r) { return rt_ceil_float(f, r); }
int h_sqrt(double f, double* r) { return rt_sqrt(f, r); }
int h_pow_float(double x, double y, double* r) { return rt_pow_float(x, y, ST_UNSUPPORTED, r); }
int h_math_pow(double x, double y, double* r) { return rt_math_pow(x, y, r); }
int h_cmp_int_float(int64_t i, double f, int cmp) { return rt_cmp_int_float(i, f, cmp); }
int h_cmp_float_int(double f, int64_t i, int cmp) { return rt_cmp_float_int(f, i, cmp); }
int h_cmp_float(double a, double b, int cmp) { return rt_cmp_float(a, b, cmp); }
int h_cmp_int(int64_t a, int64_t b, int cmp) { return rt_cmp_int(a, b, cmp); }

// ---- strings (operands in slots 0, 1, 2)
#define S0 ((const int64_t*)g_in[0])
#define S1 ((const int64_t*)g_in[1])
#define S2 ((const int64_t*)g_in[2])
int h_str_cmp(void) { GUARDED(rt_str_cmp(S0, S1)); }
int h_str_concat(void) { GUARDED(rt_str_concat(&g_heap, S0, S1, &g_res)); }
int h_str_pad(int64_t width, int mode) { GUARDED(rt_str_pad(&g_heap, S0, width, S1, mode, g_chars, &g_res)); }
int h_str_repeat(int64_t n) { GUARDED(rt_str_repeat(&g_heap, S0, n, g_empty, &g_res)); }
int h_str_index(int64_t i) { GUARDED(rt_str_index(S0, i, g_chars, &g_res)); }
int h_str_slice(int64_t lo, int64_t hi, int64_t step) {
  GUARDED(rt_str_slice(&g_heap, S0, lo, hi, step, g_chars, g_empty, &g_res));
}
int h_str_contains(void) { GUARDED(rt_str_contains(S0, S1)); }
int h_str_of_int(int64_t x) { GUARDED(rt_str_of_int(&g_heap, x, g_chars, &g_res)); }
int h_int_of_str(int64_t* r) { GUARDED(rt_int_of_str(S0, r)); }
int h_int_of_str_base(int64_t base, int64_t* r) { GUARDED(rt_int_of_str_base(S0, base, r)); }
int h_chr(int64_t x) { GUARDED(rt_chr(x, g_chars, &g_res)); }
int h_ord(int64_t* r) { GUARDED(rt_ord(S0, r)); }
int h_radix_str(int64_t x, int bits) { GUARDED(rt_radix_str(&g_heap, x, bits, &g_res)); }
int h_format_int(int64_t x) { GUARDED(rt_format_int(&g_heap, x, S0, g_chars, g_empty, &g_res)); }
int h_format_str(void) { GUARDED(rt_format_str(&g_heap, S0, S1, g_chars, g_empty, &g_res)); }
static uint32_t g_big[STRTOD_SCRATCH_LIMBS];  // dtoa's big integers (the VM's: heap_spare)
int h_format_float(double x) { GUARDED(rt_format_float(&g_heap, x, S0, g_big, g_chars, g_empty, &g_res)); }
int h_str_case(int upper) { GUARDED(rt_str_case(&g_heap, S0, upper, g_chars, &g_res)); }
int h_str_strip(int with_chars, int mode) {
  GUARDED(rt_str_strip(&g_heap, S0, with_chars ? S1 : nullptr, mode, g_chars, g_empty, &g_res));
}
int h_str_find(int mode, int64_t* r) { GUARDED(rt_str_find(S0, S1, mode, r)); }
int h_str_affix(int mode) { GUARDED(rt_str_affix(S0, S1, mode)); }
int h_str_replace(void) { GUARDED(rt_str_replace(&g_heap, S0, S1, S2, g_chars, g_empty, &g_res)); }
int h_str_replace_n(int64_t most) { GUARDED(rt_str_replace(&g_heap, S0, S1, S2, g_chars, g_empty, &g_res, most)); }
int h_str_find_in(int mode, int64_t start, int64_t end, int64_t* r) { GUARDED(rt_str_find_in(S0, S1, mode, start, end, r)); }
int h_str_affix_in(int mode, int64_t start, int64_t end) { GUARDED(rt_str_affix_in(S0, S1, mode, start, end)); }
int h_str_is(int kind) { GUARDED(rt_str_is(S0, kind)); }

// ---- batches of cases (runtime_cases.h), the host side of the GPU check
// Each case's heap is CASE_HEAP words between two GUARD-word fences.
void h_run_cases(const int64_t* cases, int64_t n, const int64_t* pool, int64_t* res) {
  static int64_t heapw[GUARD + CASE_HEAP + GUARD];
  for (int k = 0; k < GUARD + CASE_HEAP + GUARD; k++) heapw[k] = POISON;
  for (int64_t i = 0; i < n; i++) {
    run_case(cases + i * CASE_WORDS, pool, g_chars, g_empty, heapw + GUARD, res + i * RES_WORDS);
    for (int k = 0; k < GUARD; k++) {
      int64_t* lo = heapw + k;
      int64_t* hi = heapw + GUARD + CASE_HEAP + k;
      if (*lo != POISON || *hi != POISON) { g_bad |= BAD_CASE_HEAP; *lo = *hi = POISON; }
    }
  }
  guard_();
}

}  // extern "C"
