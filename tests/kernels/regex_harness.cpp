// regex_harness.cpp: exposes gpubackend/kernels/regex.h's re.findall,
// re.sub and re.split to Python (ctypes) so that tests/kernels/test_regex.py
// can compare them with CPython's `re`. Built by the test with
//   g++ -O2 -shared -fPIC -ffp-contract=off -std=c++17 -Wall -Wextra -Werror
//
// rx_run(op, ...) builds the pattern, text and repl strings in a fresh heap,
// runs one function and writes its result as text to `out`: a list as its
// items, each in double quotes and followed by a comma (a findall tuple
// as '(' items ')'), a str in double quotes. It returns the Status.
//
// Memory safety: the heap is POISON past its top before the call; after
// it, every word past the call's peak (its allocations and the scratch it
// borrowed) must still be POISON, and so must the GUARD words around the
// heap; rx_violations() counts the calls that broke either.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../../gpubackend/kernels/runtime.h"
#include "../../gpubackend/kernels/objects.h"
#pragma GCC diagnostic pop
#include "../../gpubackend/kernels/regex.h"

#define HEAP_WORDS (1 << 20)
#define GUARD 16
#define POISON ((int64_t)0x5a5a5a5a5a5a5a5aLL)

static int64_t g_words[GUARD + HEAP_WORDS + GUARD];
static int64_t g_chars[256];
static int64_t g_empty[1];
static int64_t g_violations;

static int64_t* str_of(Heap* h, const char* p, int64_t n) {
  int64_t* s;
  if (rt_new_str(h, n, &s) != ST_PASS) return nullptr;
  for (int64_t i = 0; i < n; i++) ((char*)(s + 1))[i] = p[i];
  return s;
}

static int64_t put_str(char* out, int64_t k, const int64_t* s) {
  out[k++] = '"';
  for (int64_t i = 0; i < STR_LEN_OF(s); i++) out[k++] = STR_BYTES(s)[i];
  out[k++] = '"';
  return k;
}

static int64_t put_list(char* out, const int64_t* l, int32_t tuple_of) {
  int64_t k = 0;
  for (int64_t i = 0; i < LIST_LEN(l); i++) {
    int64_t w = LIST_ITEMS(l)[i];
    if (tuple_of > 0) {
      out[k++] = '(';
      for (int32_t g = 0; g < tuple_of; g++) { k = put_str(out, k, AS_PTR(AS_PTR(w)[g])); out[k++] = ','; }
      out[k++] = ')';
    } else {
      k = put_str(out, k, AS_PTR(w));
    }
    out[k++] = ',';
  }
  return k;
}

// Each group's start and end of match m at out[k], a comma after each;
// returns the index past them.
static int64_t put_regs(char* out, int64_t k, const int64_t* m) {
  for (int64_t g = 0; g < 2 * (MATCH_GROUPS(m) + 1); g++) {
    int64_t v = MATCH_SLOT(m, g), d = 1;
    if (v < 0) { out[k++] = '-'; v = -v; }
    while (d * 10 <= v) d *= 10;
    for (; d > 0; d /= 10) out[k++] = (char)('0' + v / d % 10);
    out[k++] = ',';
  }
  return k;
}

// op: 0 findall (shape: -1 str items, n tuples of n), 1 sub (num: count),
// 2 split (num: maxsplit), 3 search, match or fullmatch (num: the mode 0,
// 1, 2; the result: "none", or each group's start and end, comma after
// each), 4 compile (the pattern given back), 5 finditer's walk (each
// match's groups as search's, a ';' after each). flags: ReFlag bits.
// budget: matcher steps.
extern "C" int rx_run(int op, const char* pat, int64_t pn, const char* text, int64_t tn, const char* repl,
                      int64_t rn, int64_t num, int flags, int shape, int64_t budget, char* out, int64_t* steps) {
  for (int64_t i = 0; i < GUARD + HEAP_WORDS + GUARD; i++) g_words[i] = POISON;
  for (int c = 0; c < 128; c++) { g_chars[2 * c] = 1; g_chars[2 * c + 1] = c; }
  g_empty[0] = 0;
  Heap h;
  h.base = g_words + GUARD; h.cap = HEAP_WORDS; h.top = 0; h.peak = 0;
  int64_t* p = str_of(&h, pat, pn);
  int64_t* s = str_of(&h, text, tn);
  int64_t* r = str_of(&h, repl, rn);
  if (!p || !s || !r) return ST_MEMORY_ERROR;
  int st;
  int64_t k = 0;
  if (op == 4) {
    int64_t* c;
    st = rt_re_compile(&h, p, flags, &c, steps);
    if (st == ST_PASS) k = put_str(out, 0, AS_PTR(c[0]));
  } else if (op == 3) {
    int64_t* m;
    st = rt_re_match(&h, p, s, flags, (int)num, budget, &m, steps);
    if (st == ST_PASS && !m) k = 4, out[0] = 'n', out[1] = 'o', out[2] = 'n', out[3] = 'e';
    if (st == ST_PASS && m) k = put_regs(out, 0, m);
  } else if (op == 5) {
    int64_t pos = 0, advance = 0, total = 0;
    for (int64_t* m = nullptr;;) {
      st = rt_re_next(&h, p, s, flags, &pos, &advance, budget - total, &m, steps);
      total += *steps;
      if (st != ST_PASS || !m) break;
      k = put_regs(out, k, m);
      out[k++] = ';';
    }
    *steps = total;
  } else if (op == 1) {
    const int64_t* o;
    st = rt_re_sub(&h, p, r, s, num, flags, budget, g_chars, g_empty, &o, steps);
    if (st == ST_PASS) k = put_str(out, 0, o);
  } else {
    int64_t* l;
    st = op == 0 ? rt_re_findall(&h, p, s, flags, shape, budget, g_chars, g_empty, &l, steps)
                 : rt_re_split(&h, p, s, num, flags, budget, g_chars, g_empty, &l, steps);
    if (st == ST_PASS) k = put_list(out, l, op == 0 ? shape : 0);
  }
  out[k] = 0;
  int64_t used = h.peak > h.top ? h.peak : h.top;
  int bad = 0;
  for (int64_t i = 0; i < GUARD; i++) bad |= g_words[i] != POISON || g_words[GUARD + HEAP_WORDS + i] != POISON;
  for (int64_t i = used; i < HEAP_WORDS; i++) bad |= h.base[i] != POISON;
  g_violations += bad;
  return st;
}

extern "C" int64_t rx_violations() {
  int64_t v = g_violations;
  g_violations = 0;
  return v;
}
