// objects.h: the runtime library of the heap objects of tiers 3-4: lists,
// tuples and Optional values, and the generic operations (==, ordering,
// sorting, encoding) that walk a value by its type code. The rules and
// conventions of runtime.h hold here too: no standard headers, no globals,
// no recursion (nested values are walked with explicit stacks bounded by
// MAX_TYPE_DEPTH), no allocation except from the lane's Heap, and a function
// that can raise returns a Status and writes its result through its last
// argument.
//
// Object layouts (a value is one untagged 64-bit slot; references are
// pointers stored in the slot):
//   str       {int64 len; bytes zero-padded to whole words}     (layout.h)
//   list[T]   {int64 len; int64 cap; int64* items}: a header of 3 words
//             whose `items` block holds cap slots. Appending past cap moves
//             the items to a new, larger block: the header (the list's
//             identity, which every alias holds) never moves.
//   tuple     its n slots in order, n fixed by the type (no header)
//   tuple[T, ...]  a list[T]'s header and items, which no instruction
//             mutates once it is made
//   Optional[T]  0 for None; otherwise, for T a reference type (str, list,
//             tuple), the reference itself; for T a scalar (int, bool,
//             float) a pointer to one heap word holding the scalar (a box).
//   A | B     a function's result only: {int64 member; slot}, the member's
//             index in the union's code and the value (dicts.h's results).
// Type codes (gpubackend/types.py) travel as NUL-terminated strings: 'i'
// int, 'b' bool, 'f' float, 's' str, 'n' None, '[' T list, '(' T.. ')'
// tuple, '*' T tuple[T, ...], '?' T Optional, '|' T.. ')' union. A `code` argument points at one type code (codes
// are prefix-free, so it may be followed by others).
//
// Walks: a nested value is walked in pre-order (the order of its wire
// encoding) with a stack of open lists and tuples (ObjWalk_), one entry per
// level. The compiler keeps every type within MAX_TYPE_DEPTH levels
// (typetab.h, Optionals counted too), so the stack cannot fill; a deeper
// code (which only a broken caller could pass) is not walked: rt_eq and
// rt_matches answer 0, the Status functions Unsupported, and
// rt_encode_value stops there. No walk reads past the end of its type code,
// so codes need not be NUL-terminated where they sit in the constants.
//
// Identity: CPython compares the items of lists and tuples (and `in`,
// index, count, remove) with PyObject_RichCompareBool, for which an object
// is equal to itself. Here a reference item (str, list, tuple, Optional)
// equal by identity to the other side is equal too; unboxed floats have no
// identity and compare by value ([x] == [x] with x nan is True in CPython,
// False here, as the spec's "nan != nan" says).
#pragma once
#include "runtime.h"

#define LIST_LEN(p) ((p)[0])
#define LIST_CAP(p) ((p)[1])
#define LIST_ITEMS(p) ((int64_t*)(uint64_t)(p)[2])
#define AS_PTR(w) ((int64_t*)(uint64_t)(w))
#define PTR_WORD(p) ((int64_t)(uint64_t)(p))
#include "numbers.h"  // a num is a scalar, but sums and compares lists of them

// ============================================================ type codes

// Whether a value of this type is a reference (str, list, tuple, Optional,
// a set or dict: sets.h, dicts.h, and a union: dicts.h).
DEV int rt_code_is_ref(char c) {
  return c == 's' || c == '[' || c == '*' || c == '(' || c == '?' || c == '<' || c == '{' || c == '|' || c == 'm' ||
         c == 'p';
}
// Whether an Optional of this type boxes its value (int, bool, float).
DEV int rt_code_is_boxed_(char c) { return c == 'i' || c == 'b' || c == 'f' || c == 'r'; }

// The number of items of the tuple code at code ('(' ... ')').
DEV int32_t rt_tuple_len_(const char* code) {
  int32_t n = 0, pos = 1;
  while (code[pos] != ')' && code[pos] != 0) { pos = rt_code_end(code, pos); n++; }
  return n;
}

// One open list or tuple of a walk: the slots of one value (a) or of two
// values walked in step (a and b; b null otherwise).
struct ObjWalk_ {
  int64_t* a;        // the list's items or the tuple's slots
  int64_t* b;
  int64_t i, n;      // the next item; a list's length
  const char* code;  // a list's element code; a tuple's next item code
  int32_t is_tuple;
};

// Opens the list or tuple whose code starts at code, with n items (lists;
// tuples end at their ')'). 0 when the stack is full.
DEV int rt_walk_push_(ObjWalk_* st, int32_t* d, const char* code, const int64_t* a,
                      const int64_t* b, int64_t n) {
  if (*d >= MAX_TYPE_DEPTH) return 0;
  ObjWalk_* f = st + (*d)++;
  f->a = (int64_t*)a;
  f->b = (int64_t*)b;
  f->i = 0;
  f->n = n;
  f->code = code + 1;
  f->is_tuple = code[0] == '(';
  return 1;
}

// The next item of the walk, closing the lists and tuples that are done:
// 1 with pointers to its slots (pb null for one-value walks) and its code;
// 0 when the walk is over.
DEV int rt_walk_next_(ObjWalk_* st, int32_t* d, int64_t** pa, int64_t** pb, const char** code) {
  while (*d > 0) {
    ObjWalk_* f = st + *d - 1;
    int more = f->is_tuple ? (*f->code != ')' && *f->code != 0) : f->i < f->n;
    if (more) {
      *pa = f->a + f->i;
      *pb = f->b ? f->b + f->i : nullptr;
      *code = f->code;
      if (f->is_tuple) f->code += rt_code_end(f->code, 0);
      f->i++;
      return 1;
    }
    (*d)--;
  }
  return 0;
}

// Two strings equal: lengths, whole words, then the last partial word
// under a mask of its used bytes (so padding is never trusted; the low
// bytes of a word are the first ones on x86 and NVIDIA GPUs alike, both
// little-endian).
DEV int rt_str_eq_(const int64_t* s, const int64_t* t) {
  if (s == t) return 1;
  int64_t n = STR_LEN_OF(s);
  if (n != STR_LEN_OF(t)) return 0;
  int64_t full = n / 8;
  for (int64_t k = 1; k <= full; k++)
    if (s[k] != t[k]) return 0;
  int64_t rest = n % 8;
  if (rest == 0) return 1;
  uint64_t used = (1ULL << (8 * rest)) - 1;
  return (((uint64_t)s[full + 1] ^ (uint64_t)t[full + 1]) & used) == 0;
}

// a == b walked by the type code; `ident`: a and b are items (of a list,
// tuple or search), for which one reference is equal to itself. Defined
// with the generic values below.
DEVFN int rt_eq_(int64_t a, int64_t b, const char* code, int ident);

// Item equality with the scalar cases inline (the loops of find, count,
// remove and the lexicographic comparisons).
DEVI int rt_item_eq_(int64_t a, int64_t b, const char* code) {
  char c = code[0];
  if (c == 'i' || c == 'b') return a == b;
  if (c == 'f') return bits_to_double(a) == bits_to_double(b);
  if (c == 'r') return num_float(a) == num_float(b);
  if (a == b) return 1;  // one reference: the same object
  if (c == 's') return rt_str_eq_(AS_PTR(a), AS_PTR(b));
  return rt_eq_(a, b, code, 1);
}

// ============================================================ lists

// A new list of n items, all 0 (the caller fills them); MemoryError.
// (The header and its items block are one allocation, cap == n.)
DEV int rt_list_new(Heap* h, int64_t n, int64_t** out) {
  if (n < 0 || n > h->cap) return ST_MEMORY_ERROR;
  int64_t* p = heap_alloc(h, 3 + n);
  if (!p) return ST_MEMORY_ERROR;
  p[0] = n;
  p[1] = n;
  p[2] = PTR_WORD(p + 3);
  for (int64_t i = 0; i < n; i++) p[3 + i] = 0;
  *out = p;
  return ST_PASS;
}

// Room for `need` items in l's block: the capacity at least doubles (at
// least 4, at least need). A block that ends at the heap's top grows where
// it is; any other moves to a new block. When the doubled block does not
// fit, exactly `need` is tried before MemoryError; l is unchanged then.
DEVFN int rt_list_reserve_(Heap* h, int64_t* l, int64_t need) {
  int64_t cap = LIST_CAP(l);
  if (need <= cap) return ST_PASS;
  int64_t want = cap > INT64_MAX_ / 2 ? need : 2 * cap;
  if (want < 4) want = 4;
  if (want < need) want = need;
  int64_t* items = LIST_ITEMS(l);
  for (int tries = 0; tries < 2; tries++, want = need) {
    if (items >= h->base && items + cap == h->base + h->top) {
      if (heap_alloc(h, want - cap)) { LIST_CAP(l) = want; return ST_PASS; }
      continue;
    }
    int64_t* p = heap_alloc(h, want);
    if (!p) continue;
    int64_t n = LIST_LEN(l);
    for (int64_t i = 0; i < n; i++) p[i] = items[i];
    l[2] = PTR_WORD(p);
    LIST_CAP(l) = want;
    return ST_PASS;
  }
  return ST_MEMORY_ERROR;
}

// l.append(v): grows the items block (at least doubling) when full.
DEV int rt_list_append(Heap* h, int64_t* l, int64_t v) {
  int64_t n = LIST_LEN(l);
  if (n >= LIST_CAP(l)) {
    int st = rt_list_reserve_(h, l, n + 1);
    if (st != ST_PASS) return st;
  }
  LIST_ITEMS(l)[n] = v;
  LIST_LEN(l) = n + 1;
  return ST_PASS;
}

// l[i] and l[i] = v, negative i counting from the end; IndexError.
DEVI int rt_list_get(const int64_t* l, int64_t i, int64_t* out) {
  int64_t n = LIST_LEN(l);
  if (i < 0) i += n;
  if (i < 0 || i >= n) return ST_INDEX_ERROR;
  *out = LIST_ITEMS(l)[i];
  return ST_PASS;
}
DEV int rt_list_set(int64_t* l, int64_t i, int64_t v) {
  int64_t n = LIST_LEN(l);
  if (i < 0) i += n;
  if (i < 0 || i >= n) return ST_INDEX_ERROR;
  LIST_ITEMS(l)[i] = v;
  return ST_PASS;
}

// l[lo:hi:step] as a new list, with the conventions of rt_slice_adjust_
// (INT64_MIN_ marks an absent bound or step); ValueError for step 0.
// (Always a new list, l[:] included, as CPython.)
DEVFN int rt_list_slice(Heap* h, const int64_t* l, int64_t lo, int64_t hi, int64_t step, int64_t** out) {
  int64_t start, count;
  int st = rt_slice_adjust_(LIST_LEN(l), lo, hi, &step, &start, &count);
  if (st != ST_PASS) return st;
  int64_t* r;
  st = rt_list_new(h, count, &r);
  if (st != ST_PASS) return st;
  const int64_t* src = LIST_ITEMS(l);
  int64_t* dst = LIST_ITEMS(r);
  // start + i * step stays within [-1, n] for i < count: no overflow
  for (int64_t i = 0; i < count; i++) dst[i] = src[start + i * step];
  *out = r;
  return ST_PASS;
}

// l[lo:hi:step] = v (v a list, maybe l itself), as CPython's
// list_ass_subscript: with step 1 the slice is replaced by v's items, so l
// may grow or shrink (an empty slice inserts at its start); with any other
// step v must have the slice's length (ValueError) and its items go to the
// slice's positions in order.
DEVFN int rt_list_slice_set(Heap* h, int64_t* l, int64_t lo, int64_t hi, int64_t step, const int64_t* v) {
  int64_t start, count;
  int st = rt_slice_adjust_(LIST_LEN(l), lo, hi, &step, &start, &count);
  if (st != ST_PASS) return st;
  int64_t m = LIST_LEN(v);
  if (step != 1 && m != count) return ST_VALUE_ERROR;
  // v's items first: v may be l, whose items move below
  int64_t* tmp = m ? heap_alloc(h, m) : h->base;
  if (!tmp) return ST_MEMORY_ERROR;
  for (int64_t i = 0; i < m; i++) tmp[i] = LIST_ITEMS(v)[i];
  if (step != 1) {
    for (int64_t i = 0; i < m; i++) LIST_ITEMS(l)[start + i * step] = tmp[i];
    return ST_PASS;
  }
  int64_t n = LIST_LEN(l), after = n - start - count;
  if (m > count) {
    st = rt_list_reserve_(h, l, n - count + m);
    if (st != ST_PASS) return st;
  }
  int64_t* items = LIST_ITEMS(l);
  if (m > count) for (int64_t i = after - 1; i >= 0; i--) items[start + m + i] = items[start + count + i];
  else for (int64_t i = 0; i < after; i++) items[start + m + i] = items[start + count + i];
  for (int64_t i = 0; i < m; i++) items[start + i] = tmp[i];
  LIST_LEN(l) = n - count + m;
  return ST_PASS;
}

// a + b and a * n (n <= 0 gives []) as new lists.
// (A length past int64 is MemoryError, as CPython's list_concat/list_repeat.)
DEV int rt_list_concat(Heap* h, const int64_t* a, const int64_t* b, int64_t** out) {
  int64_t la = LIST_LEN(a), lb = LIST_LEN(b), n;
  if (add_ovf(la, lb, &n)) return ST_MEMORY_ERROR;
  int64_t* r;
  int st = rt_list_new(h, n, &r);
  if (st != ST_PASS) return st;
  int64_t* d = LIST_ITEMS(r);
  const int64_t* ia = LIST_ITEMS(a);
  const int64_t* ib = LIST_ITEMS(b);
  for (int64_t i = 0; i < la; i++) d[i] = ia[i];
  for (int64_t i = 0; i < lb; i++) d[la + i] = ib[i];
  *out = r;
  return ST_PASS;
}
// list(zip(*rows)) of the list of rows (lists or tuples of any length,
// or where m > 0 tuples of m fixed items): for each i below the shortest
// row's length, a tuple[T, ...] of the rows' i-th items. *work: the items
// read.
DEVFN int rt_zip_rows(Heap* h, const int64_t* rows, int64_t m, int64_t** out, int64_t* work) {
  int64_t nrows = LIST_LEN(rows), k = nrows ? m : 0;
  const int64_t* rs = LIST_ITEMS(rows);
  for (int64_t i = 0; i < nrows && !m; i++) {
    int64_t len = LIST_LEN(AS_PTR(rs[i]));
    if (i == 0 || len < k) k = len;
  }
  *work = nrows * (1 + k);
  int64_t* l;
  int st = rt_list_new(h, k, &l);
  if (st != ST_PASS) return st;
  for (int64_t j = 0; j < k; j++) {
    int64_t* t;
    if ((st = rt_list_new(h, nrows, &t)) != ST_PASS) return st;
    for (int64_t i = 0; i < nrows; i++) {
      const int64_t* row = AS_PTR(rs[i]);
      LIST_ITEMS(t)[i] = m ? row[j] : LIST_ITEMS(row)[j];
    }
    LIST_ITEMS(l)[j] = PTR_WORD(t);
  }
  *out = l;
  return ST_PASS;
}
DEVFN int rt_list_repeat(Heap* h, const int64_t* a, int64_t n, int64_t** out) {
  int64_t la = LIST_LEN(a);
  if (n < 0 || la == 0) n = 0;
  if (n > 0 && la > INT64_MAX_ / n) return ST_MEMORY_ERROR;
  int64_t total = la * n;
  int64_t* r;
  int st = rt_list_new(h, total, &r);
  if (st != ST_PASS) return st;
  int64_t* d = LIST_ITEMS(r);
  const int64_t* src = LIST_ITEMS(a);
  if (total > 0) {
    for (int64_t i = 0; i < la; i++) d[i] = src[i];
    for (int64_t done = la; done < total;) {  // double the filled prefix
      int64_t k = done < total - done ? done : total - done;
      for (int64_t i = 0; i < k; i++) d[done + i] = d[i];
      done += k;
    }
  }
  *out = r;
  return ST_PASS;
}

// l.extend(src) (src may be l itself: its length is read once, first).
DEVFN int rt_list_extend(Heap* h, int64_t* l, const int64_t* src) {
  int64_t m = LIST_LEN(src), n = LIST_LEN(l), need;
  if (add_ovf(n, m, &need)) return ST_MEMORY_ERROR;
  int st = rt_list_reserve_(h, l, need);
  if (st != ST_PASS) return st;
  // read src's items after the move: when src is l they moved with it
  const int64_t* s = LIST_ITEMS(src);
  int64_t* d = LIST_ITEMS(l);
  for (int64_t i = 0; i < m; i++) d[n + i] = s[i];
  LIST_LEN(l) = need;
  return ST_PASS;
}

// l.insert(i, v), i clamped as CPython's list.insert.
DEVFN int rt_list_insert(Heap* h, int64_t* l, int64_t i, int64_t v) {
  int64_t n = LIST_LEN(l);
  if (n >= LIST_CAP(l)) {
    int st = rt_list_reserve_(h, l, n + 1);
    if (st != ST_PASS) return st;
  }
  if (i < 0) { i += n; if (i < 0) i = 0; }
  if (i > n) i = n;
  int64_t* d = LIST_ITEMS(l);
  for (int64_t k = n; k > i; k--) d[k] = d[k - 1];
  d[i] = v;
  LIST_LEN(l) = n + 1;
  return ST_PASS;
}

// l.pop(i) (the caller passes -1 for l.pop()); IndexError when empty or out of range.
DEV int rt_list_pop(int64_t* l, int64_t i, int64_t* out) {
  int64_t n = LIST_LEN(l);
  if (n == 0) return ST_INDEX_ERROR;  // "pop from empty list"
  if (i < 0) i += n;
  if (i < 0 || i >= n) return ST_INDEX_ERROR;  // "pop index out of range"
  int64_t* d = LIST_ITEMS(l);
  *out = d[i];
  for (int64_t k = i; k + 1 < n; k++) d[k] = d[k + 1];
  LIST_LEN(l) = n - 1;
  return ST_PASS;
}

// l.reverse(), l.clear() in place; l.copy() / list(l) / l[:] as a new list.
// (clear keeps the items block for later appends.)
DEV void rt_list_reverse(int64_t* l) {
  int64_t* d = LIST_ITEMS(l);
  for (int64_t i = 0, j = LIST_LEN(l) - 1; i < j; i++, j--) {
    int64_t t = d[i];
    d[i] = d[j];
    d[j] = t;
  }
}
DEV void rt_list_clear(int64_t* l) { LIST_LEN(l) = 0; }
DEV int rt_list_copy(Heap* h, const int64_t* l, int64_t** out) {
  return rt_list_slice(h, l, INT64_MIN_, INT64_MIN_, INT64_MIN_, out);
}

// One string compared with many (the scans of `in`, index, count): what
// rt_str_eq_ works out from the length, worked out once for the one.
struct StrKey_ {
  const int64_t* s;
  int64_t full;    // whole words of bytes
  uint64_t mask;   // the used bytes of the last, partial word; 0 if none
};
DEVI StrKey_ rt_str_key_(const int64_t* s) {
  int64_t n = STR_LEN_OF(s), rest = n % 8;
  StrKey_ k = {s, n / 8, rest ? (1ULL << (8 * rest)) - 1 : 0};
  return k;
}
DEVI int rt_str_key_eq_(const StrKey_* k, const int64_t* t) {
  if (t == k->s) return 1;
  if (t[0] != k->s[0]) return 0;
  for (int64_t w = 1; w <= k->full; w++)
    if (t[w] != k->s[w]) return 0;
  return !k->mask || (((uint64_t)t[k->full + 1] ^ (uint64_t)k->s[k->full + 1]) & k->mask) == 0;
}

// The first index i >= 0 with l[i] == v by elem_code's ==, or -1.
// (v in l, l.index(v): ValueError at -1, l.remove(v): ValueError at -1.)
DEVFN int64_t rt_list_find(const int64_t* l, int64_t v, const char* elem_code) {
  int64_t n = LIST_LEN(l);
  const int64_t* d = LIST_ITEMS(l);
  if (elem_code[0] == 's') {
    StrKey_ k = rt_str_key_(AS_PTR(v));
    for (int64_t i = 0; i < n; i++)
      if (rt_str_key_eq_(&k, AS_PTR(d[i]))) return i;
    return -1;
  }
  for (int64_t i = 0; i < n; i++)
    if (rt_item_eq_(d[i], v, elem_code)) return i;
  return -1;
}
// l.count(v); l.remove(v) (ValueError when absent).
DEVFN int64_t rt_list_count(const int64_t* l, int64_t v, const char* elem_code) {
  int64_t n = LIST_LEN(l), c = 0;
  const int64_t* d = LIST_ITEMS(l);
  if (elem_code[0] == 's') {
    StrKey_ k = rt_str_key_(AS_PTR(v));
    for (int64_t i = 0; i < n; i++) c += rt_str_key_eq_(&k, AS_PTR(d[i]));
    return c;
  }
  for (int64_t i = 0; i < n; i++) c += rt_item_eq_(d[i], v, elem_code);
  return c;
}
DEV int rt_list_remove(int64_t* l, int64_t v, const char* elem_code) {
  int64_t i = rt_list_find(l, v, elem_code);
  if (i < 0) return ST_VALUE_ERROR;  // "list.remove(x): x not in list"
  int64_t r;
  return rt_list_pop(l, i, &r);
}

// ============================================================ generic values

DEVFN int rt_eq_(int64_t a, int64_t b, const char* code, int ident) {
  ObjWalk_ st[MAX_TYPE_DEPTH];
  int32_t d = 0;
  for (;;) {
    // an item that is the very object on the other side (a box included)
    if (!(ident && a == b && rt_code_is_ref(*code))) {
      while (*code == '?' && a && b) {
        code++;
        if (rt_code_is_boxed_(*code)) { a = *AS_PTR(a); b = *AS_PTR(b); }
      }
      int same = 1;
      if (*code == '?') {
        same = a == b;  // None on one side at least: equal when on both
      } else if (a == b && (*code == 's' || *code == '[' || *code == '*' || *code == '(')) {
        same = 1;  // one object, all of whose items are themselves
      } else {
        switch (*code) {
          case 'f': same = bits_to_double(a) == bits_to_double(b); break;
          case 'r': same = num_float(a) == num_float(b); break;
          case 's': same = rt_str_eq_(AS_PTR(a), AS_PTR(b)); break;
          case 'n': same = 1; break;
          case '[': case '*': {
            const int64_t* la = AS_PTR(a);
            const int64_t* lb = AS_PTR(b);
            if (LIST_LEN(la) != LIST_LEN(lb)) same = 0;
            else if (!rt_walk_push_(st, &d, code, LIST_ITEMS(la), LIST_ITEMS(lb), LIST_LEN(la))) return 0;
            break;
          }
          case '(':
            if (!rt_walk_push_(st, &d, code, AS_PTR(a), AS_PTR(b), 0)) return 0;
            break;
          default: same = a == b; break;  // int, bool
        }
      }
      if (!same) return 0;
    }
    int64_t *pa, *pb;
    if (!rt_walk_next_(st, &d, &pa, &pb, &code)) return 1;
    a = *pa;
    b = *pb;
    ident = 1;
  }
}

// a == b for two values of type `code`, as CPython (floats by value, so
// -0.0 == 0.0 and nan != nan; None == None; an Optional's None differs from
// every present value).
DEV int rt_eq(int64_t a, int64_t b, const char* code) { return rt_eq_(a, b, code, 0); }

// a OP b (OP a Cmp of layout.h) for two values of type `code`, as CPython
// orders them: numbers and strings as the scalar ops do, lists and tuples
// lexicographically (the first index where the items differ by ==, then OP
// on those items; else OP on the lengths). TypeError where CPython raises it
// (ordering a None).
// (Ordering descends into one pair of items per level, so it needs no
// stack: the search for the differing items is rt_eq_'s walk.)
DEVFN int rt_compare(int64_t a, int64_t b, const char* code, int op, int* out) {
  if (op == CMP_EQ || op == CMP_NE) {
    *out = rt_eq_(a, b, code, 0) == (op == CMP_EQ);
    return ST_PASS;
  }
  for (int32_t level = 0; level <= MAX_TYPE_DEPTH; level++) {
    while (*code == '?') {
      if (!a || !b) return ST_TYPE_ERROR;  // '<' not supported with NoneType
      code++;
      if (rt_code_is_boxed_(*code)) { a = *AS_PTR(a); b = *AS_PTR(b); }
    }
    switch (*code) {
      case 'i': case 'b': *out = rt_cmp_int(a, b, op); return ST_PASS;
      case 'f': *out = rt_cmp_float(bits_to_double(a), bits_to_double(b), op); return ST_PASS;
      case 'r': *out = rt_cmp_num(a, b, op); return ST_PASS;
      case 's': *out = rt_cmp3_(a == b ? 0 : rt_str_cmp(AS_PTR(a), AS_PTR(b)), op); return ST_PASS;
      case '[': case '*': {
        // one list: CPython finds its items equal (each is itself)
        if (a == b) { *out = rt_cmp3_(0, op); return ST_PASS; }
        const int64_t* la = AS_PTR(a);
        const int64_t* lb = AS_PTR(b);
        int64_t na = LIST_LEN(la), nb = LIST_LEN(lb), n = na < nb ? na : nb, k = 0;
        const int64_t* ia = LIST_ITEMS(la);
        const int64_t* ib = LIST_ITEMS(lb);
        code++;
        while (k < n && rt_item_eq_(ia[k], ib[k], code)) k++;
        if (k == n) { *out = rt_cmp_int(na, nb, op); return ST_PASS; }
        a = ia[k];
        b = ib[k];
        break;
      }
      case '(': {
        if (a == b) { *out = rt_cmp3_(0, op); return ST_PASS; }
        const int64_t* ta = AS_PTR(a);
        const int64_t* tb = AS_PTR(b);
        int32_t k = 0;
        code++;
        while (*code != ')' && *code != 0 && rt_item_eq_(ta[k], tb[k], code)) {
          code += rt_code_end(code, 0);
          k++;
        }
        if (*code == ')' || *code == 0) { *out = rt_cmp3_(0, op); return ST_PASS; }
        a = ta[k];
        b = tb[k];
        break;
      }
      default: return ST_TYPE_ERROR;  // None: no ordering
    }
  }
  return ST_UNSUPPORTED;  // deeper than any type the compiler makes
}

// x OP y with the scalar cases inline (sorting, min and max).
DEVI int rt_cmp_fast_(int64_t x, int64_t y, const char* code, int op, int* out) {
  char c = code[0];
  if (c == 'i' || c == 'b') { *out = rt_cmp_int(x, y, op); return ST_PASS; }
  if (c == 'f') { *out = rt_cmp_float(bits_to_double(x), bits_to_double(y), op); return ST_PASS; }
  if (c == 'r') { *out = rt_cmp_num(x, y, op); return ST_PASS; }
  return rt_compare(x, y, code, op, out);
}

// Whether the later key y goes before the earlier key x: y < x, or, with
// reverse, x < y. Equal keys never swap, which keeps the sort stable both
// ways (CPython's reverse-sort-reverse gives that same order).
DEVI int rt_sort_before_(int64_t x, int64_t y, const char* code, int reverse, int* out) {
  return reverse ? rt_cmp_fast_(x, y, code, CMP_LT, out) : rt_cmp_fast_(y, x, code, CMP_LT, out);
}

#define SORT_RUN_ 8  // runs sorted by insertion before the merges

// Whether value v of type `code` holds a nan (a float's, an int | float's)
// or a None anywhere in it. CPython's timsort and this sort compare
// different pairs, which gives the same order only where `<` is a strict
// weak order that never raises: a nan is unordered, and ordering a None
// raises a TypeError after some of the items have moved.
DEVFN int rt_sort_wild_(int64_t v, const char* code) {
  switch (*code) {
    case '?': return !v || rt_sort_wild_(rt_code_is_boxed_(code[1]) ? *AS_PTR(v) : v, code + 1);
    case 'f': return f_isnan(bits_to_double(v));
    case 'r': return !num_is_int(v) && f_isnan(bits_to_double(v));
    case '[': case '*': {
      const int64_t* l = AS_PTR(v);
      for (int64_t k = 0; k < LIST_LEN(l); k++) if (rt_sort_wild_(LIST_ITEMS(l)[k], code + 1)) return 1;
      return 0;
    }
    case '(': {
      const int64_t* t = AS_PTR(v);
      code++;
      for (int32_t k = 0; *code != ')' && *code != 0; k++, code += rt_code_end(code, 0))
        if (rt_sort_wild_(t[k], code)) return 1;
      return 0;
    }
  }
  return 0;
}
// Whether a type code has a float, an int | float or an Optional in it
// (read to the code's own end: codes sit among others, unterminated).
DEV int rt_code_wild_(const char* code) {
  int32_t end = rt_code_end(code, 0);
  for (int32_t k = 0; k < end; k++) if (code[k] == 'f' || code[k] == 'r' || code[k] == '?') return 1;
  return 0;
}

// Sorts keys[0..n) (and items, when not null, along with them): insertion
// sort of runs of SORT_RUN_, then bottom-up merges through heap scratch that
// is allocated first (a MemoryError leaves the list as it was) and given
// back after. On a TypeError the arrays hold a permutation of their items.
DEVFN int rt_sort_(Heap* h, int64_t* keys, int64_t* items, int64_t n, const char* code, int reverse) {
  if (n < 2) return ST_PASS;
  if (rt_code_wild_(code))
    for (int64_t i = 0; i < n; i++) if (rt_sort_wild_(keys[i], code)) return ST_UNSUPPORTED;  // (rt_sort_wild_)
  int64_t mark = h->top;
  int64_t* tmp = nullptr;
  if (n > SORT_RUN_) {
    tmp = heap_alloc(h, items ? 2 * n : n);
    if (!tmp) return ST_MEMORY_ERROR;
  }
  int st = ST_PASS;
  for (int64_t lo = 0; lo < n && st == ST_PASS; lo += SORT_RUN_) {
    int64_t hi = lo + SORT_RUN_ < n ? lo + SORT_RUN_ : n;
    for (int64_t i = lo + 1; i < hi; i++) {
      int64_t k = keys[i], v = items ? items[i] : 0, j = i;
      while (j > lo) {
        int mv;
        st = rt_sort_before_(keys[j - 1], k, code, reverse, &mv);
        if (st != ST_PASS || !mv) break;
        keys[j] = keys[j - 1];
        if (items) items[j] = items[j - 1];
        j--;
      }
      keys[j] = k;
      if (items) items[j] = v;
      if (st != ST_PASS) break;
    }
  }
  int64_t *sk = keys, *si = items, *dk = tmp, *di = items ? tmp + n : nullptr;
  for (int64_t w = SORT_RUN_; w < n && st == ST_PASS; w *= 2) {
    for (int64_t lo = 0; lo < n && st == ST_PASS; lo += 2 * w) {
      int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
      int64_t i = lo, j = mid, k = lo;
      // runs already in order (the right's first stays after the left's
      // last) are only copied
      int merge = 0;
      if (mid < hi) st = rt_sort_before_(sk[mid - 1], sk[mid], code, reverse, &merge);
      while (st == ST_PASS && merge && i < mid && j < hi) {
        int mv;
        st = rt_sort_before_(sk[i], sk[j], code, reverse, &mv);
        if (st != ST_PASS) break;
        int64_t from = mv ? j++ : i++;
        dk[k] = sk[from];
        if (si) di[k] = si[from];
        k++;
      }
      for (; i < mid; i++, k++) { dk[k] = sk[i]; if (si) di[k] = si[i]; }
      for (; j < hi; j++, k++) { dk[k] = sk[j]; if (si) di[k] = si[j]; }
    }
    if (st != ST_PASS) break;  // sk, si still hold every item
    int64_t* t = sk; sk = dk; dk = t;
    t = si; si = di; di = t;
  }
  if (sk != keys) {
    for (int64_t i = 0; i < n; i++) keys[i] = sk[i];
    if (items) for (int64_t i = 0; i < n; i++) items[i] = si[i];
  }
  heap_give_back(h, mark);
  return st;
}

// l.sort() / l.sort(reverse=True) in place: stable (a bottom-up merge sort
// using only `<`, as CPython's list.sort; with reverse, equal items keep
// their order). Scratch words are borrowed from the heap and given back;
// MemoryError if they are not there. With `<` a strict weak order this is
// CPython's order exactly; two items or more where one holds a nan or a
// None are Unsupported, whose order (or TypeError) depends on which pairs
// CPython's timsort compares, and this sort compares other pairs.
DEV int rt_list_sort(Heap* h, int64_t* l, const char* elem_code, int reverse) {
  return rt_sort_(h, LIST_ITEMS(l), nullptr, LIST_LEN(l), elem_code, reverse);
}
// The same, ordering l's items by the parallel list `keys` (key=...): both
// lists are permuted together.
DEV int rt_list_sort_keyed(Heap* h, int64_t* l, int64_t* keys, const char* key_code, int reverse) {
  return rt_sort_(h, LIST_ITEMS(keys), LIST_ITEMS(l), LIST_LEN(l), key_code, reverse);
}
// min(l) / max(l): the first least (greatest) item; ValueError when empty.
// (As CPython's min_max: an item replaces the best so far when item < best
// (min) or item > best (max).)
// The index of min(l) (max: is_max) as CPython's min() scans: the first
// item, replaced by each later one that compares less (greater), so a nan
// is never taken after the first; min(l, key=) scans the keys so.
DEVFN int rt_list_argminmax(const int64_t* l, const char* elem_code, int is_max, int64_t* at) {
  int64_t n = LIST_LEN(l);
  if (n == 0) return ST_VALUE_ERROR;  // "min() arg is an empty sequence"
  const int64_t* d = LIST_ITEMS(l);
  int64_t best = 0;
  for (int64_t i = 1; i < n; i++) {
    int hit;
    int st = rt_cmp_fast_(d[i], d[best], elem_code, is_max ? CMP_GT : CMP_LT, &hit);
    if (st != ST_PASS) return st;
    if (hit) best = i;
  }
  *at = best;
  return ST_PASS;
}
DEVFN int rt_list_minmax(const int64_t* l, const char* elem_code, int is_max, int64_t* out) {
  int64_t at;
  int st = rt_list_argminmax(l, elem_code, is_max, &at);
  if (st == ST_PASS) *out = LIST_ITEMS(l)[at];
  return st;
}
// sum(l, start) of ints (OverflowError past 64 bits) and of floats (left
// to right, as CPython 3.11: plain double additions from the start; an int
// item or start becomes a double where it is added, int_items saying which
// the items are). sum(l) starts from int 0: 0.0 + x, so sum([-0.0]) is 0.0.
// (Ints: OverflowError as soon as a partial sum leaves int64, as the DSL's
// `s += x` loop would, even where later items would bring it back.)
DEV int rt_list_sum_int(const int64_t* l, int64_t start, int64_t* out) {
  int64_t n = LIST_LEN(l), s = start;
  const int64_t* d = LIST_ITEMS(l);
  for (int64_t i = 0; i < n; i++)
    if (add_ovf(s, d[i], &s)) return ST_OVERFLOW_ERROR;
  *out = s;
  return ST_PASS;
}
DEV double rt_list_sum_float(const int64_t* l, double start, int int_items) {
  int64_t n = LIST_LEN(l);
  const int64_t* d = LIST_ITEMS(l);
  double s = start;
  for (int64_t i = 0; i < n; i++) s += int_items ? (double)d[i] : bits_to_double(d[i]);
  return s;
}
// sum(l, start) of lists: a new list of start's items and then each item's
// (CPython's start + l[0] + l[1] ..., one allocation here); start itself
// when l is empty. MemoryError past the heap.
DEVFN int rt_list_sum_lists(Heap* h, const int64_t* l, int64_t* start, int64_t** out) {
  int64_t n = LIST_LEN(l), total = LIST_LEN(start);
  const int64_t* d = LIST_ITEMS(l);
  if (n == 0) { *out = start; return ST_PASS; }
  for (int64_t i = 0; i < n; i++)
    if (add_ovf(total, LIST_LEN(AS_PTR(d[i])), &total)) return ST_MEMORY_ERROR;
  int64_t* r;
  int st = rt_list_new(h, total, &r);
  if (st != ST_PASS) return st;
  int64_t* dst = LIST_ITEMS(r);
  int64_t k = 0;
  for (int64_t j = 0; j < LIST_LEN(start); j++) dst[k++] = LIST_ITEMS(start)[j];
  for (int64_t i = 0; i < n; i++) {
    const int64_t* m = AS_PTR(d[i]);
    for (int64_t j = 0; j < LIST_LEN(m); j++) dst[k++] = LIST_ITEMS(m)[j];
  }
  *out = r;
  return ST_PASS;
}

// ============================================================ strings and lists

// s[i:j] as a string: s itself when it is all of s (as CPython's split),
// the shared objects when empty or one character, else a new heap string.
DEV int rt_substr_(Heap* h, const int64_t* s, int64_t i, int64_t j, const int64_t* chars,
                   const int64_t* empty, const int64_t** out) {
  if (i == 0 && j == rt_len_(s)) { *out = s; return ST_PASS; }
  return rt_str_from_(h, STR_BYTES(s) + i, j - i, chars, empty, out);
}

// s.split() (sep == nullptr: runs of ASCII whitespace, no empty strings) and
// s.split(sep) (ValueError for an empty sep) as a new list of str.
// (Whitespace is str.isspace's, as CPython's str.split: " \t\n\v\f\r" and
// the separators \x1c..\x1f. Two passes: the first counts the pieces, so
// the list is allocated once, at its size.)
DEVFN int rt_str_split(Heap* h, const int64_t* s, const int64_t* sep, const int64_t* chars,
                     const int64_t* empty, int64_t** out) {
  int64_t n = rt_len_(s), m = sep ? rt_len_(sep) : 0;
  if (sep && m == 0) return ST_VALUE_ERROR;  // "empty separator"
  int64_t* l = nullptr;
  for (int pass = 0; pass < 2; pass++) {
    int64_t k = 0, i = 0;
    for (;;) {
      int64_t j;
      if (!sep) {
        while (i < n && rt_is_space_(rt_byte_(s, i))) i++;
        if (i >= n) break;
        j = i;
        while (j < n && !rt_is_space_(rt_byte_(s, j))) j++;
      } else {
        j = rt_find_from_(s, sep, i);
        if (j < 0) j = n;
      }
      if (pass) {
        const int64_t* piece;
        int st = rt_substr_(h, s, i, j, chars, empty, &piece);
        if (st != ST_PASS) return st;
        LIST_ITEMS(l)[k] = PTR_WORD(piece);
      }
      k++;
      if (sep && j == n) break;
      i = sep ? j + m : j;
    }
    if (!pass) {
      int st = rt_list_new(h, k, &l);
      if (st != ST_PASS) return st;
    }
  }
  *out = l;
  return ST_PASS;
}

// Writes sep.join(items[0..n)) to d (the caller sized it).
DEV void rt_join_into_(char* d, const int64_t* sep, const int64_t* items, int64_t n) {
  int64_t k = 0, ls = rt_len_(sep);
  for (int64_t i = 0; i < n; i++) {
    if (i > 0) { rt_copy_(d + k, STR_BYTES(sep), ls); k += ls; }
    const int64_t* t = AS_PTR(items[i]);
    rt_copy_(d + k, STR_BYTES(t), rt_len_(t));
    k += rt_len_(t);
  }
}

// sep.join(l) for l a list of str.
// (The one item itself for a list of one, as CPython; OverflowError for a
// length past int64, "join() result is too long".)
DEVFN int rt_str_join(Heap* h, const int64_t* sep, const int64_t* l, const int64_t* chars,
                    const int64_t* empty, const int64_t** out) {
  int64_t n = LIST_LEN(l);
  const int64_t* items = LIST_ITEMS(l);
  if (n == 0) { *out = empty; return ST_PASS; }
  if (n == 1) { *out = AS_PTR(items[0]); return ST_PASS; }
  int64_t total, seps;
  if (mul_ovf(rt_len_(sep), n - 1, &seps)) return ST_OVERFLOW_ERROR;
  total = seps;
  for (int64_t i = 0; i < n; i++)
    if (add_ovf(total, rt_len_(AS_PTR(items[i])), &total)) return ST_OVERFLOW_ERROR;
  StrOut o;
  char* dst;
  int st = rt_str_begin_(h, total, &o, &dst);
  if (st != ST_PASS) return st;
  rt_join_into_(dst, sep, items, n);
  *out = rt_str_done_(&o, total, chars, empty);
  return ST_PASS;
}

// list(s): a new list of the one-character strings of s.
DEV int rt_list_of_str(Heap* h, const int64_t* s, const int64_t* chars, int64_t** out) {
  int64_t n = rt_len_(s);
  int64_t* l;
  int st = rt_list_new(h, n, &l);
  if (st != ST_PASS) return st;
  for (int64_t i = 0; i < n; i++) LIST_ITEMS(l)[i] = PTR_WORD(rt_char_(chars, rt_byte_(s, i)));
  *out = l;
  return ST_PASS;
}

// ============================================================ values at the boundary

// Build the value of type `code` whose wire encoding (gpubackend/values.py)
// starts at words: lists and tuples are built in the heap (the lane mutates
// them; the test's words are shared by all lanes), strings are referenced
// in place, Optional scalars boxed. Writes the slot and the number of words
// read. MemoryError when the heap cannot hold it.
// (A list gets cap == len, header and items in one block. Optional[None]
// and an absent Optional are both 0.)
DEVFN int rt_load_value(Heap* h, const int64_t* words, const char* code, int64_t* slot, int64_t* nwords) {
  ObjWalk_ st[MAX_TYPE_DEPTH];
  int32_t d = 0;
  int64_t pos = 0;
  int64_t* dst = slot;
  int64_t* unused;
  for (;;) {
    int opt = 0, none = 0;
    while (*code == '?' && !none) {
      if (words[pos++] == 0) none = 1;
      else { code++; opt = 1; }
    }
    if (none) {
      *dst = 0;
    } else {
      switch (*code) {
        case 'i': case 'b': case 'f': case 'r':
          if (opt) {
            int64_t* box = heap_alloc(h, 1);
            if (!box) return ST_MEMORY_ERROR;
            *box = words[pos];
            *dst = PTR_WORD(box);
          } else {
            *dst = words[pos];
          }
          pos++;
          break;
        case 'n': *dst = 0; break;
        case 's': *dst = PTR_WORD(words + pos); pos += STR_WORDS(words[pos]); break;
        case '[': case '*': {
          int64_t n = words[pos++];
          int64_t* l;
          int s = rt_list_new(h, n, &l);
          if (s != ST_PASS) return s;
          *dst = PTR_WORD(l);
          if (!rt_walk_push_(st, &d, code, LIST_ITEMS(l), nullptr, n)) return ST_UNSUPPORTED;
          break;
        }
        case '(': {
          int64_t* t = heap_alloc(h, rt_tuple_len_(code));
          if (!t) return ST_MEMORY_ERROR;
          *dst = PTR_WORD(t);
          if (!rt_walk_push_(st, &d, code, t, nullptr, 0)) return ST_UNSUPPORTED;
          break;
        }
        default: return ST_UNSUPPORTED;  // dict and set values are not built here
      }
    }
    if (!rt_walk_next_(st, &d, &dst, &unused, &code)) break;
  }
  *nwords = pos;
  return ST_PASS;
}

// One word of an encoding: written when there is room, counted always.
DEV void rt_emit_(int64_t* out, int64_t cap, int64_t* k, int64_t w) {
  if (*k < cap) out[*k] = w;
  (*k)++;
}

// Write v's wire encoding to out, at most cap words, and the words it needs
// in all to *n (which may exceed cap).
DEVFN void rt_encode_value(int64_t v, const char* code, int64_t* out, int64_t cap, int64_t* n) {
  ObjWalk_ st[MAX_TYPE_DEPTH];
  int32_t d = 0;
  int64_t k = 0;
  for (;;) {
    while (*code == '?' && v) {
      rt_emit_(out, cap, &k, 1);
      code++;
      if (rt_code_is_boxed_(*code)) v = *AS_PTR(v);
    }
    switch (*code) {
      case '?': rt_emit_(out, cap, &k, 0); break;  // None
      case 'n': break;
      case 's': {
        const int64_t* s = AS_PTR(v);
        int64_t w = STR_WORDS(STR_LEN_OF(s));
        if (k + w <= cap) {
          for (int64_t i = 0; i < w; i++) out[k + i] = s[i];
          k += w;
        } else {
          for (int64_t i = 0; i < w; i++) rt_emit_(out, cap, &k, s[i]);
        }
        break;
      }
      case '[': case '*': {
        const int64_t* l = AS_PTR(v);
        rt_emit_(out, cap, &k, LIST_LEN(l));
        if (!rt_walk_push_(st, &d, code, LIST_ITEMS(l), nullptr, LIST_LEN(l))) { *n = k; return; }
        break;
      }
      case '(':
        if (!rt_walk_push_(st, &d, code, AS_PTR(v), nullptr, 0)) { *n = k; return; }
        break;
      default: rt_emit_(out, cap, &k, v); break;  // int, bool, float bits
    }
    int64_t *pv, *unused;
    if (!rt_walk_next_(st, &d, &pv, &unused, &code)) break;
    v = *pv;
  }
  *n = k;
}

// Float a against the expected e: equal (-0.0 == 0.0), both nan, or within
// relative tolerance tol >= 0 (math.isclose(rel_tol=tol); infinities and
// nan only exactly), as vm.h's check_result does for a float result.
DEV int rt_float_matches_(double a, double e, double tol) {
  if (a == e) return 1;
  if (f_isnan(a) && f_isnan(e)) return 1;
  if (tol < 0 || f_isinf(a) || f_isinf(e) || f_isnan(a) || f_isnan(e)) return 0;
  double scale = f_fabs(a) > f_fabs(e) ? f_fabs(a) : f_fabs(e);
  return f_fabs(a - e) <= tol * scale;
}

// Num v against the expected num e: two ints exactly, else as floats
// (rt_float_matches_), an int being exact as a double.
DEV int rt_num_matches_(int64_t v, int64_t e, double tol) {
  if (num_is_int(v) && num_is_int(e)) return v == e;
  return rt_float_matches_(num_float(v), num_float(e), tol);
}

// Whether v equals the value whose encoding starts at expected: exact, with
// a float nan matching a nan, and floats within relative tolerance tol when
// tol >= 0 (as math.isclose(rel_tol=tol), infinities exact).
// (Strings by their bytes; a bool by its word, 0 or 1. The expected words
// are read only as far as they match, so they never need bounds.)
// (*used, when asked: the words of the expected encoding it read.)
DEVFN int rt_matches(int64_t v, const char* code, const int64_t* expected, double tol, int64_t* used = nullptr) {
  ObjWalk_ st[MAX_TYPE_DEPTH];
  int32_t d = 0;
  int64_t pos = 0;
  for (;;) {
    int none = 0;
    while (*code == '?' && !none) {
      int64_t tag = expected[pos++];
      if ((tag != 0) != (v != 0)) return 0;
      if (!v) none = 1;
      else {
        code++;
        if (rt_code_is_boxed_(*code)) v = *AS_PTR(v);
      }
    }
    if (!none) {
      switch (*code) {
        case 'n': break;
        case 'f':
          if (!rt_float_matches_(bits_to_double(v), bits_to_double(expected[pos]), tol)) return 0;
          pos++;
          break;
        case 'r':
          if (!rt_num_matches_(v, expected[pos], tol)) return 0;
          pos++;
          break;
        case 's': {
          const int64_t* s = AS_PTR(v);
          if (!rt_str_eq_(s, expected + pos)) return 0;
          pos += STR_WORDS(STR_LEN_OF(s));
          break;
        }
        case '[': case '*': {
          const int64_t* l = AS_PTR(v);
          if (expected[pos++] != LIST_LEN(l)) return 0;
          if (!rt_walk_push_(st, &d, code, LIST_ITEMS(l), nullptr, LIST_LEN(l))) return 0;
          break;
        }
        case '(':
          if (!rt_walk_push_(st, &d, code, AS_PTR(v), nullptr, 0)) return 0;
          break;
        default:  // int, bool
          if (expected[pos++] != v) return 0;
          break;
      }
    }
    int64_t *pv, *unused;
    if (!rt_walk_next_(st, &d, &pv, &unused, &code)) {
      if (used) *used = pos;
      return 1;
    }
    v = *pv;
  }
}
