// heapq.h: Python's heapq on a list, step for step as CPython's _heapq
// module runs it: the same comparisons (`<` only), in the same order,
// moving the same items, so every heap, popped item and item left in
// place is CPython's whatever the order is, a float nan included. code:
// the items' type code; nothing compared raises for the types the
// compiler lets in (sema_lib.h, heap_orderable).
#pragma once
#include "objects.h"

// Whether items of type `code` may hold a nan inside a tuple or list,
// which each operation asks once.
DEV int rt_heapq_nested_(const char* code) { return code[0] != 'f' && code[0] != 'r' && rt_code_wild_(code); }
// x < y for two items. A nan inside a tuple or list item (nested: the
// code allows one) is Unsupported where it is compared: CPython's tuple
// and list compare their items by identity first, which a nan shared by
// two items makes equal.
DEVI int rt_heapq_lt_(int64_t x, int64_t y, const char* code, int nested, int* lt) {
  if (nested && (rt_sort_wild_(x, code) || rt_sort_wild_(y, code))) return ST_UNSUPPORTED;
  return rt_cmp_fast_(x, y, code, CMP_LT, lt);
}

// _siftdown: the item at pos moved toward the root (no further than
// start) past every parent it is < of.
DEVFN int rt_heapq_siftdown_(int64_t* a, int64_t start, int64_t pos, const char* code, int nested) {
  int64_t item = a[pos];
  while (pos > start) {
    int64_t parent = (pos - 1) >> 1;
    int lt;
    int st = rt_heapq_lt_(item, a[parent], code, nested, &lt);
    if (st != ST_PASS) return st;
    if (!lt) break;
    a[pos] = a[parent];
    pos = parent;
  }
  a[pos] = item;
  return ST_PASS;
}

// _siftup: the item at pos moved down to a leaf, each step taking the
// smaller child's place (the right one unless left < right), then sifted
// back toward pos.
DEVFN int rt_heapq_siftup_(int64_t* a, int64_t n, int64_t pos, const char* code, int nested) {
  int64_t start = pos, item = a[pos], limit = n >> 1;
  while (pos < limit) {
    int64_t child = 2 * pos + 1;
    if (child + 1 < n) {
      int lt;
      int st = rt_heapq_lt_(a[child], a[child + 1], code, nested, &lt);
      if (st != ST_PASS) return st;
      child += !lt;
    }
    a[pos] = a[child];
    pos = child;
  }
  a[pos] = item;
  return rt_heapq_siftdown_(a, start, pos, code, nested);
}

// heappush(l, x); MemoryError where l cannot grow.
DEVFN int rt_heapq_push(Heap* h, int64_t* l, int64_t x, const char* code) {
  int st = rt_list_append(h, l, x);
  if (st != ST_PASS) return st;
  return rt_heapq_siftdown_(LIST_ITEMS(l), 0, LIST_LEN(l) - 1, code, rt_heapq_nested_(code));
}

// heappop(l): the root; the last item takes its place. IndexError when
// empty.
DEVFN int rt_heapq_pop(int64_t* l, const char* code, int64_t* out) {
  int64_t n = LIST_LEN(l);
  if (n == 0) return ST_INDEX_ERROR;
  int64_t* a = LIST_ITEMS(l);
  int64_t last = a[n - 1];
  LIST_LEN(l) = n - 1;
  if (n == 1) { *out = last; return ST_PASS; }
  *out = a[0];
  a[0] = last;
  return rt_heapq_siftup_(a, n - 1, 0, code, rt_heapq_nested_(code));
}

// heapreplace(l, x): the root, x in its place; IndexError when empty.
DEVFN int rt_heapq_replace(int64_t* l, int64_t x, const char* code, int64_t* out) {
  int64_t n = LIST_LEN(l);
  if (n == 0) return ST_INDEX_ERROR;
  int64_t* a = LIST_ITEMS(l);
  *out = a[0];
  a[0] = x;
  return rt_heapq_siftup_(a, n, 0, code, rt_heapq_nested_(code));
}

// heappushpop(l, x): x itself when l is empty or not l[0] < x; else
// heapreplace's.
DEVFN int rt_heapq_pushpop(int64_t* l, int64_t x, const char* code, int64_t* out) {
  int64_t n = LIST_LEN(l);
  *out = x;
  if (n == 0) return ST_PASS;
  int lt;
  int st = rt_heapq_lt_(LIST_ITEMS(l)[0], x, code, rt_heapq_nested_(code), &lt);
  if (st != ST_PASS || !lt) return st;
  return rt_heapq_replace(l, x, code, out);
}

// heapify(l): each parent, the last first, sifted up. (CPython walks a
// list past 2,500 items in another order, which sifts each subtree after
// its children as this does, so it leaves the same list.)
DEVFN int rt_heapq_heapify(int64_t* l, const char* code) {
  int64_t n = LIST_LEN(l);
  int nested = rt_heapq_nested_(code);
  for (int64_t i = (n >> 1) - 1; i >= 0; i--) {
    int st = rt_heapq_siftup_(LIST_ITEMS(l), n, i, code, nested);
    if (st != ST_PASS) return st;
  }
  return ST_PASS;
}

// del l[max(n, 0):] of a fresh list l (nlargest's and nsmallest's sorted
// copy).
DEV void rt_list_truncate(int64_t* l, int64_t n) {
  if (n < 0) n = 0;
  if (n < LIST_LEN(l)) LIST_LEN(l) = n;
}
