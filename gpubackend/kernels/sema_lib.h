// sema_lib.h: the type pass over calls of library.def's functions, which a
// program binds by importing them (sema.h, lib_import): heapq's heap
// operations on a list, and its nlargest and nsmallest of an iterable.
#pragma once
#include "sema_expr.h"

// The library binding NAME node i reads here (no local of its name), or
// null.
DEV const LibBinding* lib_read(Sema* s, int32_t i) {
  if (nd(s, i)->kind != ND_NAME || find_local(s, i)) return nullptr;
  int32_t k = lib_binding(s, s->f.fn, i);
  return k < 0 ? nullptr : &s->libs[k];
}
// Whether NAME node i reads a library module here.
DEV int lib_module(Sema* s, int32_t i) {
  const LibBinding* b = lib_read(s, i);
  return b && b->member < 0;
}
// The library member (LF_) NAME node i reads here, or -1.
DEV int32_t lib_member_read(Sema* s, int32_t i) {  // (declared in sema_expr.h)
  const LibBinding* b = lib_read(s, i);
  return b ? b->member : -1;
}

// Whether `<` orders values of type t as CPython's does for them all:
// numbers, strs, and tuples and lists of them. (An Optional's None, a set's
// subset order, a dict's TypeError are left to CPython.)
DEV int heap_orderable(const TypeTable* tt, int32_t t) {
  if (t == T_INT || t == T_BOOL || t == T_FLOAT || t == T_NUM || t == T_STR) return 1;
  if (is_seq(tt, t)) return heap_orderable(tt, elem_of(tt, t));
  if (!is_tuple(tt, t)) return 0;
  for (int32_t k = 0; k < tt->t[t].n; k++) if (!heap_orderable(tt, tt->t[t].items[k])) return 0;
  return 1;
}

// Whether the call's arguments are `want` plain positional ones, as the
// heap functions take theirs (positional-only in CPython); refused
// otherwise: CPython's TypeError is its to give.
DEVFN int lib_positional(Sema* s, int32_t call, int32_t want) {
  const Node* c = nd(s, call);
  if (c->n != want) return refuse_form(s, call), 0;
  for (int32_t k = 0; k < c->n; k++) {
    int kind = nd(s, xtra(s, c->b + k))->kind;
    if (kind == ND_KEYWORD || kind == ND_STARRED || kind == ND_GENEXP) return refuse_form(s, call), 0;
  }
  return 1;
}

// heap := expression      the list a heap function works on (the call's
// first argument), its items ordered by `<`. item: the type of the item
// the call stores in it, or T_BAD; a local holding an empty list learns
// its item type from that item. Returns the list's item type.
DEVFN int32_t heap_arg(Sema* s, int32_t call, int32_t item) {
  int32_t arg = xtra(s, nd(s, call)->b);
  SemaLocal* origin = nd(s, arg)->kind == ND_NAME ? find_local(s, arg) : nullptr;
  int32_t t = origin ? name_read(s, arg, item == T_BAD) : expr(s, arg, 0);
  if (t == T_BAD) return T_BAD;
  if (origin) note_type(s, arg, t);
  TypeTable* tt = &s->types;
  if (!is_list(tt, t)) {
    sema_error(s, arg, DG_UNSUPPORTED, "a heap of type "); msg_type_in(s->diag, tt, t);
    msg(s->diag, " (only a list)");
    return T_BAD;
  }
  int32_t elem = elem_of(tt, t);
  if (elem == T_UNK && item != T_BAD && origin) {
    origin->type = checked(s, arg, type_list(tt, item));
    if (origin->type == T_BAD) return T_BAD;
    note_type(s, arg, origin->type);
    elem = item;
  }
  if (item_type(s, arg, elem) == T_BAD) return T_BAD;
  if (item != T_BAD && item != elem) {
    sema_error(s, xtra(s, nd(s, call)->b + 1), DG_UNSUPPORTED, "a heap item of type "); msg_type_in(s->diag, tt, item);
    msg(s->diag, " in a "); msg_type_in(s->diag, tt, t);
    return T_BAD;
  }
  if (!heap_orderable(tt, elem)) {
    sema_error(s, arg, DG_UNSUPPORTED, "a heap of "); msg_type_in(s->diag, tt, elem);
    return T_BAD;
  }
  return elem;
}

// heap_fn := ('heappush' | 'heapreplace' | 'heappushpop') '(' heap ',' item ')'
//          | ('heappop' | 'heapify') '(' heap ')'
DEVFN int32_t heap_fn(Sema* s, int32_t call, int32_t f) {
  int item = f == LF_HEAPPUSH || f == LF_HEAPREPLACE || f == LF_HEAPPUSHPOP;
  if (!lib_positional(s, call, 1 + item)) return T_BAD;
  int32_t x = T_BAD;
  if (item) {  // typed first, to tell an empty list its item type (the code evaluates the heap first)
    int32_t heap = xtra(s, nd(s, call)->b);
    if (nd(s, heap)->kind != ND_NAME) return refuse_form(s, call);
    x = expr(s, xtra(s, nd(s, call)->b + 1), 0);
    if (x == T_BAD) return T_BAD;
  }
  int32_t elem = heap_arg(s, call, x);
  if (elem == T_BAD) return T_BAD;
  return f == LF_HEAPPUSH || f == LF_HEAPIFY ? T_NONE : elem;
}

// nbest := ('nlargest' | 'nsmallest') '(' expression ',' iterable [',' ['key' '='] fn] ')'
// a list of the iterable's items, as sorted(iterable, key=fn)[:n] (reverse
// for nlargest) gives them where `<` is a strict weak order, which is the
// order heap_orderable's types have (nan aside, as for sorted).
DEVFN int32_t nbest(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  if (c->n < 2 || c->n > 3) return refuse_form(s, call);
  for (int32_t k = 0; k < c->n; k++) {  // n and the iterable by position, the key either way
    int32_t arg = xtra(s, c->b + k);
    int kind = nd(s, arg)->kind;
    if (kind == ND_STARRED || kind == ND_GENEXP || (kind == ND_KEYWORD && (k < 2 || !node_is(s, arg, "key"))))
      return refuse_form(s, call);
  }
  int32_t nt = expr(s, xtra(s, c->b), 0);
  if (nt == T_BAD) return T_BAD;
  if (!intlike(nt)) return refuse_form(s, call);  // CPython's TypeError (or a float's ValueError) is its own
  int32_t arg = xtra(s, c->b + 1);
  int32_t t = iterable_arg(s, arg);
  if (t == T_BAD) return T_BAD;
  int32_t elem = item_type(s, first_token(s, arg), elem_of(&s->types, t));
  if (elem == T_BAD) return T_BAD;
  int32_t kt = elem;
  if (c->n == 3) {
    int32_t key = xtra(s, c->b + 2);
    if (nd(s, key)->kind == ND_KEYWORD) key = nd(s, key)->a;
    if ((kt = key_type(s, key, elem)) == T_BAD) return T_BAD;
  }
  if (!heap_orderable(&s->types, kt)) {
    sema_error(s, call, DG_UNSUPPORTED, "an order of "); msg_type_in(s->diag, &s->types, kt);
    return T_BAD;
  }
  return checked(s, call, type_list(&s->types, elem));
}

DEVFN int32_t counter_call(Sema* s, int32_t call);
DEVFN int32_t defaultdict_call(Sema* s, int32_t call);

// lib_call := NAME '(' args ')'      a call of library member f (a
// constant's is CPython's TypeError, its own to give)
DEVFN int32_t lib_call(Sema* s, int32_t call, int32_t f) {
  int64_t value;
  if (lib_const(f, &value)) return refuse_form(s, call);
  switch (f) {
    case LF_NLARGEST: case LF_NSMALLEST: return nbest(s, call);
    case LF_COUNTER: return counter_call(s, call);
    case LF_ITEMGETTER:  // a function: given to key= or map() (sema_expr.h, itemgetter_key)
      sema_error(s, nd(s, call)->a, DG_UNSUPPORTED, "operator.itemgetter outside key= or map()");
      return T_BAD;
    case LF_DEFAULTDICT: return defaultdict_call(s, call);
    default: return heap_fn(s, call, f);
  }
}

// module '.' NAME ['(' args ')']      of a library module bound to obj: a
// constant's value, or a function's call
DEVFN int32_t lib_attribute(Sema* s, int32_t attr, int32_t call) {
  int32_t obj = nd(s, attr)->a;
  const LibBinding* b = lib_read(s, obj);
  int32_t f = lib_member_index(b->module, s->src + nd(s, attr)->pos, nd(s, attr)->len);
  if (f < 0) {
    sema_error(s, attr, DG_UNSUPPORTED, ""); msg_node(s, obj); msg(s->diag, "."); msg_node(s, attr);
    return T_BAD;
  }
  int64_t value;
  if (call < 0 && lib_const(f, &value)) return T_INT;
  if (call < 0) { sema_error(s, attr, DG_UNSUPPORTED, "a library function used as a value"); return T_BAD; }
  return lib_call(s, call, f);
}
