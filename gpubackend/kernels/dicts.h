// dicts.h: the runtime library of dict[K, V] with keys of int, bool, str
// or tuples of those (sets.h's KeyCode).
// The conventions of objects.h hold: no globals, no recursion, heap
// allocation only, and a function that can raise returns a Status.
//
// CPython's dicts keep insertion order: a new key goes last, a key stored
// again keeps its place, a deleted key's place is gone (stored again, it
// goes last). So does this one, and its hash table is its own: only the
// order is ever seen, and it is the entries'.
//
// Layout: {int64 used; int64 n; int64 cap; int64* entries; int64* index;
// int64 mask; int64 flags; KeyCode key}. `used` is the first word, as a list's length
// is, so len() and truth are the list instructions'. The entries block has
// cap entries of four words {live, hash, key, value}, n of them written in
// insertion order (a deleted one has live 0). The index has mask + 1
// slots: DICT_EMPTY, DICT_DUMMY (a deleted entry's), or an entry's
// position; it probes linearly and is rebuilt, with the entries compacted,
// before it is two thirds full.
//
// Changing a dict's size while a loop walks it is a RuntimeError in
// CPython; as with sets (sets.h), a loop walks a list taken when it starts
// and marks the dict, after which a change of its size is Unsupported.
#pragma once
#include "sets.h"

#define DICT_USED(p) ((p)[0])
#define DICT_N(p) ((p)[1])
#define DICT_CAP(p) ((p)[2])
#define DICT_ENTRIES(p) ((int64_t*)(uint64_t)(p)[3])
#define DICT_INDEX(p) ((int64_t*)(uint64_t)(p)[4])
#define DICT_MASK(p) ((p)[5])
#define DICT_FLAGS(p) ((p)[6])
#define DICT_KEY(p) ((KeyCode)(uint64_t)(p)[7])
#define DICT_HEAD_WORDS 8
#define DICT_ENTRY_WORDS 4
#define DICT_MINSIZE 8        // index slots of a new dict
#define DICT_EMPTY (-1)
#define DICT_DUMMY (-2)

// An index of n empty slots; nullptr when the heap is spent.
DEVFN int64_t* rt_dict_index_(Heap* h, int64_t n) {
  if (n > h->cap) return nullptr;
  int64_t* x = heap_alloc(h, n);
  if (x) for (int64_t i = 0; i < n; i++) x[i] = DICT_EMPTY;
  return x;
}

// A new empty dict ({}, dict()); MemoryError.
DEVFN int rt_dict_new(Heap* h, int64_t** out) {
  const int64_t cap = DICT_MINSIZE * 2 / 3;
  int64_t* p = heap_alloc(h, DICT_HEAD_WORDS);
  int64_t* e = p ? heap_alloc(h, cap * DICT_ENTRY_WORDS) : nullptr;
  int64_t* x = e ? rt_dict_index_(h, DICT_MINSIZE) : nullptr;
  if (!x) return ST_MEMORY_ERROR;
  p[0] = 0; p[1] = 0; p[2] = cap; p[3] = PTR_WORD(e); p[4] = PTR_WORD(x); p[5] = DICT_MINSIZE - 1; p[6] = 0;
  p[7] = 0;
  *out = p;
  return ST_PASS;
}

// The entry of key v (hash h), or -1.
DEVFN int64_t rt_dict_find_(const int64_t* d, int64_t v, int64_t hash, KeyCode key) {
  const int64_t* x = DICT_INDEX(d);
  const int64_t* e = DICT_ENTRIES(d);
  uint64_t mask = (uint64_t)DICT_MASK(d);
  for (uint64_t i = (uint64_t)hash & mask;; i = (i + 1) & mask) {
    int64_t k = x[i];
    if (k == DICT_EMPTY) return -1;
    if (k >= 0 && e[k * DICT_ENTRY_WORDS + 1] == hash && rt_key_eq_(e[k * DICT_ENTRY_WORDS + 2], v, key)) return k;
  }
}

// Entries compacted into a block of room for `cap`, and an index for them.
DEVFN int rt_dict_rebuild_(Heap* h, int64_t* d, int64_t cap) {
  int64_t size = DICT_MINSIZE;
  while (size * 2 < cap * 3 + 3) size <<= 1;
  int64_t* e = cap <= h->cap / DICT_ENTRY_WORDS ? heap_alloc(h, cap * DICT_ENTRY_WORDS) : nullptr;
  int64_t* x = e ? rt_dict_index_(h, size) : nullptr;
  if (!x) return ST_MEMORY_ERROR;
  const int64_t* old = DICT_ENTRIES(d);
  int64_t n = 0;
  for (int64_t k = 0; k < DICT_N(d); k++) {
    const int64_t* o = old + k * DICT_ENTRY_WORDS;
    if (!o[0]) continue;
    for (int w = 0; w < DICT_ENTRY_WORDS; w++) e[n * DICT_ENTRY_WORDS + w] = o[w];
    uint64_t i = (uint64_t)o[1] & (uint64_t)(size - 1);
    while (x[i] != DICT_EMPTY) i = (i + 1) & (uint64_t)(size - 1);
    x[i] = n++;
  }
  d[1] = n; d[2] = cap; d[3] = PTR_WORD(e); d[4] = PTR_WORD(x); d[5] = size - 1;
  return ST_PASS;
}

// The key code of d for an instruction (rt_set_key's rule).
DEV KeyCode rt_dict_key(const int64_t* d, int sel, const int64_t* konst) {
  KeyCode k = rt_sel_key_(sel, konst);
  return k ? k : DICT_KEY(d);
}

// The size of a dict a loop has walked may not change (see above).
DEV int rt_dict_resized_(const int64_t* d, int changed) {
  return changed && (DICT_FLAGS(d) & SET_ITERATED) ? ST_UNSUPPORTED : ST_PASS;
}

// d[v] = value: a new key goes last, a present one keeps its place.
DEVFN int rt_dict_set(Heap* h, int64_t* d, int64_t v, int64_t value, KeyCode key) {
  if (key) d[7] = (int64_t)(uint64_t)key;
  int64_t hash = rt_key_hash_(v, key), k = rt_dict_find_(d, v, hash, key);
  if (k >= 0) { DICT_ENTRIES(d)[k * DICT_ENTRY_WORDS + 3] = value; return ST_PASS; }
  if (DICT_N(d) == DICT_CAP(d)) {
    int st = rt_dict_rebuild_(h, d, DICT_USED(d) < 4 ? 8 : DICT_USED(d) * 2);
    if (st != ST_PASS) return st;
  }
  int64_t* e = DICT_ENTRIES(d) + DICT_N(d) * DICT_ENTRY_WORDS;
  e[0] = 1; e[1] = hash; e[2] = v; e[3] = value;
  uint64_t mask = (uint64_t)DICT_MASK(d), i = (uint64_t)hash & mask;
  int64_t* x = DICT_INDEX(d);
  while (x[i] >= 0) i = (i + 1) & mask;  // (a dummy slot is reused)
  x[i] = DICT_N(d)++;
  DICT_USED(d)++;
  return rt_dict_resized_(d, 1);
}

// d[v] into *out; KeyError when absent.
DEVFN int rt_dict_get(const int64_t* d, int64_t v, KeyCode key, int64_t* out) {
  int64_t k = rt_dict_find_(d, v, rt_key_hash_(v, key), key);
  if (k < 0) return ST_KEY_ERROR;
  *out = DICT_ENTRIES(d)[k * DICT_ENTRY_WORDS + 3];
  return ST_PASS;
}
DEVFN int rt_dict_contains(const int64_t* d, int64_t v, KeyCode key) {
  return rt_dict_find_(d, v, rt_key_hash_(v, key), key) >= 0;
}

// del d[v], d.pop(v): the value into *out; KeyError when absent.
DEVFN int rt_dict_del(int64_t* d, int64_t v, KeyCode key, int64_t* out) {
  int64_t hash = rt_key_hash_(v, key), k = rt_dict_find_(d, v, hash, key);
  if (k < 0) return ST_KEY_ERROR;
  int64_t* e = DICT_ENTRIES(d) + k * DICT_ENTRY_WORDS;
  *out = e[3];
  e[0] = 0;
  int64_t* x = DICT_INDEX(d);
  uint64_t mask = (uint64_t)DICT_MASK(d), i = (uint64_t)hash & mask;
  while (x[i] != k) i = (i + 1) & mask;
  x[i] = DICT_DUMMY;
  DICT_USED(d)--;
  return rt_dict_resized_(d, 1);
}

// The keys (what 0), values (1) or (key, value) tuples (2) of d in order, a
// new list; `loop`: a for loop walks it (SET_ITERATED).
DEVFN int rt_dict_items(Heap* h, int64_t* d, int what, int loop, int64_t** out) {
  int st = rt_list_new(h, DICT_USED(d), out);
  if (st != ST_PASS) return st;
  int64_t n = 0;
  for (int64_t k = 0; k < DICT_N(d); k++) {
    const int64_t* e = DICT_ENTRIES(d) + k * DICT_ENTRY_WORDS;
    if (!e[0]) continue;
    int64_t w = e[2 + (what & 1)];
    if (what == 2) {
      int64_t* t = heap_alloc(h, 2);
      if (!t) return ST_MEMORY_ERROR;
      t[0] = e[2]; t[1] = e[3];
      w = PTR_WORD(t);
    }
    LIST_ITEMS(*out)[n++] = w;
  }
  if (loop) DICT_FLAGS(d) |= SET_ITERATED;
  return ST_PASS;
}

// d |= o's entries in o's order (d.update(o)).
DEVFN int rt_dict_update(Heap* h, int64_t* d, const int64_t* o, KeyCode key) {
  if (!key) key = DICT_KEY(o);
  for (int64_t k = 0; k < DICT_N(o); k++) {
    const int64_t* e = DICT_ENTRIES(o) + k * DICT_ENTRY_WORDS;
    int st = e[0] ? rt_dict_set(h, d, e[2], e[3], key) : ST_PASS;
    if (st != ST_PASS) return st;
  }
  return ST_PASS;
}
DEVFN int rt_dict_copy(Heap* h, const int64_t* d, KeyCode key, int64_t** out) {
  int st = rt_dict_new(h, out);
  return st != ST_PASS ? st : rt_dict_update(h, *out, d, key);
}
DEVFN int rt_dict_clear(Heap* h, int64_t* d) {
  int changed = DICT_USED(d) != 0;
  int64_t* fresh;
  int st = rt_dict_new(h, &fresh);
  if (st != ST_PASS) return st;
  for (int w = 1; w <= 5; w++) d[w] = fresh[w];  // (its flags and key code kept)
  DICT_USED(d) = 0;
  return rt_dict_resized_(d, changed);
}

// The KeyCode of keys of the type code at `code` (a set's element, a
// dict's key).
DEV KeyCode rt_code_key_(const char* code) { return *code == 's' ? "s" : *code == '(' ? code : nullptr; }

// a == b for dicts of type code `code` ('{' K V): the same keys, each with
// an equal value (order aside, as CPython).
DEVFN int rt_dict_eq(const int64_t* a, const int64_t* b, const char* code) {
  if (DICT_USED(a) != DICT_USED(b)) return 0;
  KeyCode key = rt_code_key_(code + 1);
  const char* value = code + rt_code_end(code, 1);
  for (int64_t k = 0; k < DICT_N(a); k++) {
    const int64_t* e = DICT_ENTRIES(a) + k * DICT_ENTRY_WORDS;
    if (!e[0]) continue;
    int64_t j = rt_dict_find_(b, e[2], e[1], key);
    if (j < 0 || !rt_eq(e[3], DICT_ENTRIES(b)[j * DICT_ENTRY_WORDS + 3], value)) return 0;
  }
  return 1;
}

// ============================================================ results
// A set or dict is never an item of another value (sema_set.h), nor is a
// union (a function's result only), so where one crosses the wire it is
// the entry's whole result: these take it at the top and leave its items to
// objects.h's walks.

// A key's wire encoding at w (an int or bool word, or a str's words, which
// are a str object as they lie): the key slot, its hash and its length.
DEV int64_t rt_wire_key_(const int64_t* w, KeyCode key, int64_t* hash, int64_t* len) {
  int64_t v = key ? PTR_WORD(w) : w[0];
  *hash = rt_key_hash_(v, key);
  *len = key ? STR_WORDS(STR_LEN_OF(w)) : 1;
  return v;
}

// The entry (slot) of set or dict p whose key equals the expected encoding
// at w, a tuple's, and in *len the encoding's words; -1 when none does.
// A tuple is no object as its encoding lies, so the keys are walked.
DEVFN int64_t rt_wire_tuple_find_(const int64_t* p, int dict, const char* kc, const int64_t* w, int64_t* len) {
  int64_t slots = dict ? DICT_N(p) : SET_MASK(p) + 1;
  for (int64_t j = 0; j < slots; j++) {
    const int64_t* e = dict ? DICT_ENTRIES(p) + j * DICT_ENTRY_WORDS : SET_TABLE(p) + j * SET_SLOT_WORDS;
    if (e[0] == (dict ? 1 : SLOT_LIVE) && rt_matches(e[2], kc, w, -1.0, len)) return j;
  }
  return -1;
}

// Whether the result v of type `code`, no union, equals the expected
// encoding: a set or dict by its keys (and values, within tol), in any
// order, as CPython's == compares them; anything else by rt_matches.
DEVFN int rt_value_matches_(int64_t v, const char* code, const int64_t* expected, double tol) {
  if (*code != '<' && *code != '{') return rt_matches(v, code, expected, tol);
  const int64_t* p = AS_PTR(v);
  int dict = *code == '{';
  KeyCode key = rt_code_key_(code + 1);
  const char* value = code + rt_code_end(code, 1);
  int64_t n = expected[0], pos = 1;
  if (n != (dict ? DICT_USED(p) : SET_USED(p))) return 0;
  for (int64_t i = 0; i < n; i++) {
    int64_t hash, len = 0, k;
    if (key && *key == '(') {
      k = rt_wire_tuple_find_(p, dict, key, expected + pos, &len);
    } else {
      int64_t slot = rt_wire_key_(expected + pos, key, &hash, &len);
      k = dict ? rt_dict_find_(p, slot, hash, key) : rt_set_find_(p, slot, hash, key);
    }
    if (k < 0) return 0;
    pos += len;
    int64_t used = 0;
    if (dict && !rt_matches(DICT_ENTRIES(p)[k * DICT_ENTRY_WORDS + 3], value, expected + pos, tol, &used)) return 0;
    pos += used;
  }
  return 1;
}

// The wire encoding of v of type `code`, no union (rt_encode_value's
// contract): a dict's entries in insertion order, a set's keys in its order.
DEVFN void rt_value_encode_(int64_t v, const char* code, int64_t* out, int64_t cap, int64_t* n) {
  if (*code != '<' && *code != '{') { rt_encode_value(v, code, out, cap, n); return; }
  const int64_t* p = AS_PTR(v);
  int dict = *code == '{';
  int64_t k = 0, slots = dict ? DICT_N(p) : SET_MASK(p) + 1;
  rt_emit_(out, cap, &k, dict ? DICT_USED(p) : SET_USED(p));
  for (int64_t j = 0; j < slots; j++) {
    const int64_t* e = dict ? DICT_ENTRIES(p) + j * DICT_ENTRY_WORDS : SET_TABLE(p) + j * SET_SLOT_WORDS;
    if (e[0] != (dict ? 1 : SLOT_LIVE)) continue;
    for (int part = 0; part < 1 + dict; part++) {
      int64_t m;
      const char* c = part ? code + rt_code_end(code, 1) : code + 1;
      rt_encode_value(e[2 + part], c, k < cap ? out + k : out, k < cap ? cap - k : 0, &m);
      k += m;
    }
  }
  *n = k;
}

// A union's value crosses the wire as its member's index, then the value
// under that member's code (gpubackend/values.py).
// The code of member m of the union code at `code`.
DEV const char* rt_union_member_(const char* code, int64_t m) {
  int32_t pos = 1;
  for (int64_t k = 0; k < m; k++) pos = rt_code_end(code, pos);
  return code + pos;
}

// Whether the codes at a and b are one type code.
DEV int rt_same_code_(const char* a, const char* b) {
  int32_t n = rt_code_end(a, 0);
  for (int32_t i = 0; i < n; i++) if (a[i] != b[i]) return 0;
  return 1;
}

// A number of code c (bool, int, float bits or a num) as CPython's ==
// sees it: whether it is a float, and its value in one of i, f.
DEV int rt_number_(char c, int64_t w, int64_t* i, double* f) {
  if (c == 'r') {
    if (!num_is_int(w)) { *f = bits_to_double(w); return 1; }
    *i = num_int(w);
    return 0;
  }
  if (c == 'f') { *f = bits_to_double(w); return 1; }
  *i = c == 'b' ? (w != 0) : w;
  return 0;
}
DEV int rt_is_number_(char c) { return c == 'b' || c == 'i' || c == 'f' || c == 'r'; }

// Numbers h (of code hc) and w (of code wc) as CPython's == compares
// them: int with int exactly, a float by value (exactly; within tol as
// math.isclose when tol >= 0).
DEVFN int rt_numbers_equal_(char hc, int64_t h, char wc, int64_t w, double tol) {
  int64_t hi = 0, wi = 0;
  double hf = 0, wf = 0;
  int hfl = rt_number_(hc, h, &hi, &hf), wfl = rt_number_(wc, w, &wi, &wf);
  if (!hfl && !wfl) return hi == wi;  // bool and int
  if (hfl && wfl) return rt_float_matches_(hf, wf, tol);  // an int | float's float
  int64_t n = hfl ? wi : hi;
  double x = hfl ? hf : wf;
  if (tol >= 0) return rt_float_matches_((double)n, x, tol);
  return rt_cmp_int_float(n, x, CMP_EQ);
}

// Whether the union value u (code '|'..')') equals the expected encoding,
// of type code `want` (the union itself, or the problem's type where the
// entry's result is widened by other types, sema_stmt.h settle_result):
// one type, by rt_value_matches_; two numbers, by value as CPython
// compares int and float (exactly; within tol as math.isclose when tol >=
// 0); two lists of numbers, item by item so; two other lists (whose items
// the type pass found never equal), equal when both are empty; any other
// two types are never equal.
DEVFN int rt_union_matches_(int64_t u, const char* code, const int64_t* expected, const char* want, double tol) {
  const int64_t* box = AS_PTR(u);
  const char* have = rt_union_member_(code, box[0]);
  if (*want == '|') {
    want = rt_union_member_(want, expected[0]);
    expected++;
  }
  if (rt_same_code_(have, want)) return rt_value_matches_(box[1], have, expected, tol);
  if (*have == '[' && *want == '[' && rt_is_number_(have[1]) && rt_is_number_(want[1])) {  // numbers by value
    const int64_t* l = AS_PTR(box[1]);
    if (LIST_LEN(l) != expected[0]) return 0;
    for (int64_t k = 0; k < LIST_LEN(l); k++)
      if (!rt_numbers_equal_(have[1], LIST_ITEMS(l)[k], want[1], expected[1 + k], tol)) return 0;
    return 1;
  }
  if (*have == '[' && *want == '[') return LIST_LEN(AS_PTR(box[1])) == 0 && expected[0] == 0;
  if (!rt_is_number_(*have) || !rt_is_number_(*want)) return 0;
  return rt_numbers_equal_(*have, box[1], *want, expected[0], tol);
}


// Whether the result v of type `code` equals the expected encoding
// (rt_value_matches_; a union's by rt_union_matches_).
DEVFN int rt_result_matches(int64_t v, const char* code, const int64_t* expected, double tol) {
  return *code == '|' ? rt_union_matches_(v, code, expected, code, tol) : rt_value_matches_(v, code, expected, tol);
}

// The result v's wire encoding (rt_value_encode_; a union's member, then
// its value).
DEVFN void rt_result_encode(int64_t v, const char* code, int64_t* out, int64_t cap, int64_t* n) {
  if (*code != '|') { rt_value_encode_(v, code, out, cap, n); return; }
  const int64_t* box = AS_PTR(v);
  int64_t k = 0, m;
  rt_emit_(out, cap, &k, box[0]);
  rt_value_encode_(box[1], rt_union_member_(code, box[0]), k < cap ? out + k : out, k < cap ? cap - k : 0, &m);
  *n = k + m;
}

// An argument of type `code` built from its wire encoding at words
// (rt_load_value's contract): a dict's pairs stored in their order, which
// is the order CPython's dict of them has. A set is not built: the order a
// set iterates in is its history's, which its encoding does not carry, so
// the lane ends Unsupported and CPython judges it.
DEVFN int rt_load_arg(Heap* h, const int64_t* words, const char* code, int64_t* slot, int64_t* nwords) {
  if (*code == '<') return ST_UNSUPPORTED;
  if (*code != '{') return rt_load_value(h, words, code, slot, nwords);
  int64_t* d;
  int st = rt_dict_new(h, &d);
  KeyCode key = rt_code_key_(code + 1);
  const char* vc = code + rt_code_end(code, 1);
  int64_t n = words[0], pos = 1;
  for (int64_t i = 0; i < n && st == ST_PASS; i++) {
    int64_t hash, len, slot, value, used = 0;
    if (key && *key == '(') st = rt_load_value(h, words + pos, key, &slot, &len);  // a tuple: made
    else slot = rt_wire_key_(words + pos, key, &hash, &len);
    pos += len;
    if (st == ST_PASS) st = rt_load_value(h, words + pos, vc, &value, &used);
    pos += used;
    if (st == ST_PASS) st = rt_dict_set(h, d, slot, value, key);
  }
  *slot = PTR_WORD(d);
  *nwords = pos;
  return st;
}
