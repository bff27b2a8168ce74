// code_collections.h: the code of collections.Counter and defaultdict
// (sema_collections.h types them): plain dicts at run time (dicts.h),
// whose reads of d[k] the code gives their flavour's meaning.
#pragma once
#include "code_dict.h"

// Push the zero of value type v: a defaultdict's factory's value, a
// Counter's missing count.
DEVFN void push_zero(Code* g, int32_t v) {
  ExpDesc z = v == T_STR ? desc(g, EK_STR, str_alloc(g, 0), T_STR) : desc(g, EK_CONST, const_word(g, 0), v);
  discharge(g, &z);
}

// [d k -- d[k]] of a dict of type t, k of type ktype: a plain dict's
// KeyError, a Counter's d.get(k, 0), a defaultdict's d.setdefault(k, zero)
// (CPython's __missing__ stores the factory's value and returns it).
DEVFN void dict_read(Code* g, int32_t t, int32_t ktype) {
  int32_t sel = set_sel(g, ktype);
  int flavour = flavour_of(ctypes(g), t);
  if (flavour == DICT_PLAIN) { emit(g, OP_DICT_GET, sel); return; }
  push_zero(g, value_of(ctypes(g), t));
  emit(g, flavour == DICT_COUNTER ? OP_DICT_GET_OR : OP_DICT_SETDEFAULT, sel);
}

// counter := 'Counter' '(' [iterable | mapping] ')'      a copy of a
// mapping; or each item of the iterable counted in turn, as CPython's
// _count_elements does: c[x] = c.get(x, 0) + 1
DEVFN ExpDesc counter_new(Code* g, int32_t call) {
  const Node* c = cnode(g, call);
  int32_t t = ty(g, call), sel = set_sel(g, elem_of(ctypes(g), t));
  if (c->n == 0) { g->line = c->end; emit0(g, OP_DICT_NEW); return pushed(g, t); }
  int32_t arg = cx(g, c->b), elem;
  if (is_dict(ctypes(g), ty(g, arg))) {
    ExpDesc d = expr(g, arg);
    discharge(g, &d);
    g->line = c->end;
    emit(g, OP_DICT_COPY, sel);
    return pushed(g, t);
  }
  ExpDesc it = iterable_value(g, arg, 0, call, &elem);
  discharge(g, &it);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  g->line = c->end;
  int32_t d = new_slots(g, 1), x = new_slots(g, 1), h = new_slots(g, 2);
  emit(g, OP_ITER_INIT, h);
  emit0(g, OP_DICT_NEW);
  emit(g, OP_STORE, d);
  int32_t head = emit(g, OP_FOR_LIST, h);
  emit(g, OP_STORE, x);
  emit(g, OP_LOAD, d);
  emit(g, OP_LOAD, x);
  emit(g, OP_LOAD, d);
  emit(g, OP_LOAD, x);
  emit(g, OP_CONST, const_word(g, 0));
  emit(g, OP_DICT_GET_OR, sel);
  emit(g, OP_CONST, const_word(g, 1));
  emit0(g, OP_ADD_INT);
  emit(g, OP_DICT_SET, sel);
  emit_loop(g, head);
  patch_here(g, head);
  emit(g, OP_LOAD, d);
  return pushed(g, t);
}

// most_common := expression '.' 'most_common' '(' [n] ')'      of the
// Counter (type t) pushed: its items sorted by count, most first and
// stable (reverse=True keeps ties in order), then cut to n
DEVFN ExpDesc most_common(Code* g, int32_t call, int32_t t) {
  const Node* c = cnode(g, call);
  int32_t d = new_slots(g, 1), items = new_slots(g, 1), count = -1;
  emit(g, OP_STORE, d);
  if (c->n == 1) {
    ExpDesc n = expr(g, cx(g, c->b));
    discharge(g, &n);
    count = new_slots(g, 1);
    emit(g, OP_STORE, count);
  }
  g->line = c->end;
  emit(g, OP_LOAD, d);
  dict_items(g, t, 2, 0);
  emit(g, OP_STORE, items);
  emit(g, OP_LOAD, items);
  emit(g, OP_LOAD, d);
  dict_items(g, t, 1, 0);
  emit(g, OP_CONST, const_word(g, 1));
  emit(g, OP_LIST_SORT_KEYED, type_const(g, T_INT));
  emit(g, OP_LOAD, items);
  if (count >= 0) {
    emit(g, OP_LOAD, count);
    emit0(g, OP_LIST_TRUNCATE);
  }
  return pushed(g, ty(g, call));
}
