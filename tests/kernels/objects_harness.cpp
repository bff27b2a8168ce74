// objects_harness.cpp: exposes gpubackend/kernels/objects.h to Python
// (ctypes) so that tests/kernels/test_objects.py can compare every function
// with CPython. Built by the test with
//   g++ -O2 -shared -fPIC -ffp-contract=off -std=c++17 -Wall -Wextra -Werror
//
// Values live in registers (NREG slots). o_load builds register r from a
// value's wire encoding (gpubackend/values.py) with rt_load_value, keeping
// the words in register r's own input area (strings are referenced there,
// in place); o_encode gives a register's value back as its encoding with
// rt_encode_value. Every operation takes register numbers and scalar
// arguments, and leaves a value result in a register, so Python passes and
// reads whole values of any type.
//
// Memory safety: after every call the harness checks that the call wrote
// nowhere but its own heap allocations: the shared one-character table and
// empty string are unchanged, the input areas (where loaded strings live)
// are unchanged, the GUARD words below the heap are intact, and every heap
// word past top (to the end of the heap and its GUARD words) is still
// POISON. Sorting borrows scratch past top and gives it back: the sort
// wrappers re-poison the scratch it may use (2n words) and check the words
// after it. A violation sets a bit in g_bad, which stays until
// o_take_violations() reads it (the test does after every test).
// runtime.h's functions that no object function calls are unused here; the
// warning stays on for objects.h, all of whose functions the harness calls.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "../../gpubackend/kernels/runtime.h"
#pragma GCC diagnostic pop
#include "../../gpubackend/kernels/objects.h"
#include "../../gpubackend/kernels/heapq.h"

#define NREG 8
#define IN_WORDS (1 << 14)
#define HEAP_WORDS (1 << 18)
#define N_INPUTS NREG
#define PAST_TOP_WORDS (HEAP_WORDS + GUARD)  // every word past top, to the end of the heap's guard
#include "harness_guard.h"

enum { BAD_SCRATCH = BAD_HARNESS };

static int64_t g_in[NREG][IN_WORDS];
static int64_t g_in_len[NREG];
static int64_t g_reg[NREG];

// Input area k: the words loaded there.
static uint64_t in_sum_(int k) { return fnv1a_(g_in[k], g_in_len[k]); }

#define R(k) (g_reg[k])
#define L(k) (AS_PTR(g_reg[k]))

// A sort of n items from top `mark`: the scratch it may borrow (2n words
// past mark) is poisoned again; the words after it must still be POISON.
static int sorted_(int st, int64_t mark, int64_t n) {
  if (g_heap.top != mark) g_bad |= BAD_SCRATCH;  // the scratch was not given back
  int64_t end = mark + 2 * n;
  for (int64_t i = mark; i < end && i < HEAP_WORDS; i++) HEAP_BASE[i] = POISON;
  guard_();
  return st;
}

extern "C" {

void o_init(void) {
  for (int k = 0; k < NREG; k++) { g_in_len[k] = 0; g_reg[k] = 0; }
  guard_init_();
}

// The violations seen since the last call (a mask of BAD_*), then cleared.
int o_take_violations(void) { return take_violations_(); }

// An empty heap of cap words (at most HEAP_WORDS); every register cleared.
void o_reset_heap(int64_t cap) {
  reset_heap_(cap);
  for (int k = 0; k < NREG; k++) { g_in_len[k] = 0; g_in_sum[k] = in_sum_(k); g_reg[k] = 0; }
}
int64_t o_heap_top(void) { return g_heap.top; }
int64_t o_heap_cap(void) { return g_heap.cap; }

// Register r := the value of type `code` encoded in words[0..n); writes the
// words rt_load_value read. -1 if the encoding does not fit the input area.
int o_load(int r, const int64_t* words, int64_t n, const char* code, int64_t* nwords) {
  if (n < 0 || n > IN_WORDS) return -1;
  for (int64_t i = 0; i < n; i++) g_in[r][i] = words[i];
  g_in_len[r] = n;
  g_in_sum[r] = in_sum_(r);
  GUARDED(rt_load_value(&g_heap, g_in[r], code, &g_reg[r], nwords));
}
// Register r's value encoded into out (cap words); returns the words it needs.
int64_t o_encode(int r, const char* code, int64_t* out, int64_t cap) {
  int64_t n = -1;
  rt_encode_value(R(r), code, out, cap, &n);
  guard_();
  return n;
}
int o_matches(int r, const char* code, const int64_t* expected, double tol) {
  GUARDED(rt_matches(R(r), code, expected, tol));
}
int64_t o_reg(int r) { return R(r); }
void o_set_reg(int r, int64_t v) { R(r) = v; }
void o_copy_reg(int dst, int src) { R(dst) = R(src); }
int o_code_end(const char* code, int pos) { return rt_code_end(code, pos); }
// The capacity of the list in register r.
int64_t o_list_cap(int r) { return LIST_CAP(L(r)); }

// Where string item i of the list in register r points (i < 0: the register
// itself is the string): 0 the heap, 1 the shared table (a whole entry),
// 2 the shared empty string, 3 + k input area k, -1 anywhere else.
int o_where(int r, int64_t i) {
  const int64_t* p = i < 0 ? L(r) : AS_PTR(LIST_ITEMS(L(r))[i]);
  if (p >= HEAP_BASE && p < HEAP_BASE + HEAP_WORDS) return 0;
  if (p >= g_chars && p < g_chars + 256) return ((p - g_chars) % 2 == 0) ? 1 : -1;
  if (p == g_empty) return 2;
  for (int k = 0; k < NREG; k++)
    if (p >= g_in[k] && p < g_in[k] + IN_WORDS) return 3 + k;
  return -1;
}
// 1 when the padding bytes of that string are all zero.
int o_padding_ok(int r, int64_t i) {
  const int64_t* p = i < 0 ? L(r) : AS_PTR(LIST_ITEMS(L(r))[i]);
  int64_t n = STR_LEN_OF(p), end = 8 * (STR_WORDS(n) - 1);
  for (int64_t k = n; k < end; k++)
    if (STR_BYTES(p)[k] != 0) return 0;
  return 1;
}

// ---- lists (l, v, dst, src, a, b: register numbers)
int o_list_new(int64_t n, int dst) {
  int64_t* p = nullptr;
  int st = rt_list_new(&g_heap, n, &p);
  if (st == ST_PASS) R(dst) = PTR_WORD(p);
  GUARDED(st);
}
int o_list_append(int l, int v) { GUARDED(rt_list_append(&g_heap, L(l), R(v))); }
int o_list_get(int l, int64_t i, int dst) { GUARDED(rt_list_get(L(l), i, &R(dst))); }
int o_list_set(int l, int64_t i, int v) { GUARDED(rt_list_set(L(l), i, R(v))); }
int o_list_slice(int l, int64_t lo, int64_t hi, int64_t step, int dst) {
  int64_t* p = nullptr;
  int st = rt_list_slice(&g_heap, L(l), lo, hi, step, &p);
  if (st == ST_PASS) R(dst) = PTR_WORD(p);
  GUARDED(st);
}
int o_list_slice_set(int l, int64_t lo, int64_t hi, int64_t step, int v) {
  GUARDED(rt_list_slice_set(&g_heap, L(l), lo, hi, step, L(v)));
}
int o_list_concat(int a, int b, int dst) {
  int64_t* p = nullptr;
  int st = rt_list_concat(&g_heap, L(a), L(b), &p);
  if (st == ST_PASS) R(dst) = PTR_WORD(p);
  GUARDED(st);
}
int o_list_repeat(int a, int64_t n, int dst) {
  int64_t* p = nullptr;
  int st = rt_list_repeat(&g_heap, L(a), n, &p);
  if (st == ST_PASS) R(dst) = PTR_WORD(p);
  GUARDED(st);
}
int o_list_extend(int l, int src) { GUARDED(rt_list_extend(&g_heap, L(l), L(src))); }
int o_list_insert(int l, int64_t i, int v) { GUARDED(rt_list_insert(&g_heap, L(l), i, R(v))); }
int o_list_pop(int l, int64_t i, int dst) { GUARDED(rt_list_pop(L(l), i, &R(dst))); }
void o_list_reverse(int l) { rt_list_reverse(L(l)); guard_(); }
void o_list_clear(int l) { rt_list_clear(L(l)); guard_(); }
int o_list_copy(int l, int dst) {
  int64_t* p = nullptr;
  int st = rt_list_copy(&g_heap, L(l), &p);
  if (st == ST_PASS) R(dst) = PTR_WORD(p);
  GUARDED(st);
}
int64_t o_list_find(int l, int v, const char* code) {
  int64_t i = rt_list_find(L(l), R(v), code);
  guard_();
  return i;
}
int64_t o_list_count(int l, int v, const char* code) {
  int64_t c = rt_list_count(L(l), R(v), code);
  guard_();
  return c;
}
int o_list_remove(int l, int v, const char* code) { GUARDED(rt_list_remove(L(l), R(v), code)); }

// ---- generic values
int o_eq(int a, int b, const char* code) { GUARDED(rt_eq(R(a), R(b), code)); }
int o_compare(int a, int b, const char* code, int op, int* out) {
  GUARDED(rt_compare(R(a), R(b), code, op, out));
}
int o_list_sort(int l, const char* code, int reverse) {
  int64_t mark = g_heap.top, n = LIST_LEN(L(l));
  return sorted_(rt_list_sort(&g_heap, L(l), code, reverse), mark, n);
}
int o_list_sort_keyed(int l, int keys, const char* code, int reverse) {
  int64_t mark = g_heap.top, n = LIST_LEN(L(l));
  return sorted_(rt_list_sort_keyed(&g_heap, L(l), L(keys), code, reverse), mark, n);
}
// ---- heapq.h
int o_heapq_push(int l, int v, const char* code) { GUARDED(rt_heapq_push(&g_heap, L(l), R(v), code)); }
int o_heapq_pop(int l, const char* code, int dst) { GUARDED(rt_heapq_pop(L(l), code, &R(dst))); }
int o_heapq_replace(int l, int v, const char* code, int dst) { GUARDED(rt_heapq_replace(L(l), R(v), code, &R(dst))); }
int o_heapq_pushpop(int l, int v, const char* code, int dst) { GUARDED(rt_heapq_pushpop(L(l), R(v), code, &R(dst))); }
int o_heapq_heapify(int l, const char* code) { GUARDED(rt_heapq_heapify(L(l), code)); }
int o_list_truncate(int l, int64_t n) { GUARDED((rt_list_truncate(L(l), n), ST_PASS)); }
int o_zip_rows(int rows, int64_t m, int dst) {
  int64_t work;
  GUARDED(rt_zip_rows(&g_heap, L(rows), m, (int64_t**)&R(dst), &work));
}
int o_list_minmax(int l, const char* code, int is_max, int dst) {
  GUARDED(rt_list_minmax(L(l), code, is_max, &R(dst)));
}
int o_list_sum_int(int l, int64_t start, int64_t* out) { GUARDED(rt_list_sum_int(L(l), start, out)); }
double o_list_sum_float(int l, double start, int int_items) {
  double s = rt_list_sum_float(L(l), start, int_items);
  guard_();
  return s;
}
int o_list_sum_lists(int l, int start, int dst) {
  int64_t* r = nullptr;
  int st = rt_list_sum_lists(&g_heap, L(l), L(start), &r);
  if (st == ST_PASS) R(dst) = PTR_WORD(r);
  GUARDED(st);
}
// Whether registers a and b hold the very same object.
int o_same(int a, int b) { return R(a) == R(b); }

// ---- strings and lists (sep < 0: no separator)
int o_str_split(int s, int sep, int dst) {
  int64_t* p = nullptr;
  int st = rt_str_split(&g_heap, L(s), sep < 0 ? nullptr : L(sep), g_chars, g_empty, &p);
  if (st == ST_PASS) R(dst) = PTR_WORD(p);
  GUARDED(st);
}
int o_str_join(int sep, int l, int dst) {
  const int64_t* p = nullptr;
  int st = rt_str_join(&g_heap, L(sep), L(l), g_chars, g_empty, &p);
  if (st == ST_PASS) R(dst) = PTR_WORD(p);
  GUARDED(st);
}
int o_list_of_str(int s, int dst) {
  int64_t* p = nullptr;
  int st = rt_list_of_str(&g_heap, L(s), g_chars, &p);
  if (st == ST_PASS) R(dst) = PTR_WORD(p);
  GUARDED(st);
}

}  // extern "C"
