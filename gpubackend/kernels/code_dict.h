// code_dict.h: the code of dicts (sema_dict.h types them, dicts.h runs
// them): displays, dict(), d[k], the methods, and the keys, values or
// items where something iterates a dict or a view of one. A key's selector
// bit comes from the key's own type, which every use of it knows, even
// where the dict's types were learned later on.
#pragma once
#include "code_set.h"

// dict_display := '{' [key ':' value (',' key ':' value)*] '}'      a new
// dict, then each pair stored in order
DEVFN ExpDesc dict_display(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t t = ty(g, i);
  g->line = n->line;
  emit0(g, OP_DICT_NEW);
  for (int32_t k = 0; k + 1 < n->n && !code_failed(g); k += 2) {
    emit0(g, OP_DUP);
    ExpDesc key = expr(g, cx(g, n->a + k));
    discharge(g, &key);
    ExpDesc value = expr(g, cx(g, n->a + k + 1));
    discharge(g, &value);
    coerce(g, value_of(ctypes(g), t), value.type);
    g->line = n->end;
    emit(g, OP_DICT_SET, set_sel(g, key.type));
  }
  g->line = n->end;
  return pushed(g, t);
}

// The end of a loop that builds the dict (of type t) in local d: the key
// and value on the stack set in it, back to head, and the dict pushed
// where the loop exits.
DEVFN ExpDesc set_pair_loop_end(Code* g, int32_t d, int32_t head, int32_t t) {
  emit(g, OP_LOAD, d);
  emit0(g, OP_ROT3);
  emit(g, OP_DICT_SET, set_sel(g, elem_of(ctypes(g), t)));
  emit_loop(g, head);
  patch_here(g, head);
  emit(g, OP_LOAD, d);
  return pushed(g, t);
}

// dict(zip(a, b)): each pair set in turn, a later key's value the last
DEVFN ExpDesc dict_of_zip(Code* g, int32_t i, int32_t t) {
  const Node* z = cnode(g, cx(g, cnode(g, i)->b));
  int32_t ts[2], arg = zip_open(g, cx(g, z->b), cx(g, z->b + 1), z->end, ts);
  g->line = cnode(g, i)->end;
  int32_t d = new_slots(g, 1);
  emit0(g, OP_DICT_NEW);
  emit(g, OP_STORE, d);
  return set_pair_loop_end(g, d, emit(g, OP_FOR_ZIP, arg), t);
}

// dict(pairs) of a list of 2-tuples: each pair set in turn, as
// dict_of_zip's
DEVFN ExpDesc dict_of_pairs(Code* g, int32_t i, int32_t t) {
  iterable_arg(g, cx(g, cnode(g, i)->b), 0, i);
  g->line = cnode(g, i)->end;
  int32_t items = new_slots(g, 1), d = new_slots(g, 1), h = new_slots(g, 2);
  emit(g, OP_STORE, items);
  emit0(g, OP_DICT_NEW);
  emit(g, OP_STORE, d);
  emit(g, OP_LOAD, items);
  emit(g, OP_ITER_INIT, h);
  int32_t head = emit(g, OP_FOR_LIST, h);
  emit_count(g, OP_UNPACK_TUPLE, 2);
  return set_pair_loop_end(g, d, head, t);
}

// dict_call := 'dict' '(' [expression | zip_args] ')'
DEVFN ExpDesc dict_call(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t t = ty(g, i);
  if (n->n == 0) { g->line = n->end; emit0(g, OP_DICT_NEW); return pushed(g, t); }
  if (calls_builtin(g, cx(g, n->b), "zip")) return dict_of_zip(g, i, t);
  if (!is_dict(ctypes(g), ty(g, cx(g, n->b)))) return dict_of_pairs(g, i, t);
  ExpDesc d = expr(g, cx(g, n->b));
  discharge(g, &d);
  g->line = n->end;
  emit(g, OP_DICT_COPY, set_sel(g, elem_of(ctypes(g), t)));
  return pushed(g, t);
}

// d[k] of the dict d pushed (obj), key node index: its value; KeyError
// (a Counter's and a defaultdict's values: code_collections.h).
DEVFN void dict_read(Code* g, int32_t t, int32_t ktype);
DEVFN ExpDesc dict_subscript(Code* g, int32_t i, ExpDesc* obj) {
  int32_t t = obj->type;
  discharge(g, obj);
  ExpDesc key = expr(g, cnode(g, i)->b);
  discharge(g, &key);
  g->line = cnode(g, i)->end;
  dict_read(g, t, unwrap_as(g, key.type, ST_TYPE_ERROR));
  return pushed(g, ty(g, i));
}

// The keys (0), values (1) or items (2) of the dict pushed, as a list;
// loop: a for loop walks them.
DEVFN void dict_items(Code* g, int32_t t, int what, int loop) {
  emit(g, OP_DICT_ITEMS, set_sel(g, elem_of(ctypes(g), t)) | (what | (loop ? 4 : 0)) << SETSEL_SHIFT);
}

// The item type of iterable x (a dict's keys, a view's list's items).
DEVFN int32_t iter_elem(Code* g, int32_t x) { return elem_of(ctypes(g), ty(g, x)); }

// Where an iterable is a dict or a view of one (d.keys(), d.values(),
// d.items()): the list of what it gives pushed, and 1; else nothing, 0.
DEVFN int dict_iterable(Code* g, int32_t x, int loop) {
  int view = dict_view(g->s, x);
  while (cnode(g, x)->kind == ND_GROUP) x = cnode(g, x)->a;
  int32_t obj = view >= 0 ? cnode(g, cnode(g, x)->a)->a : x;
  if (!is_dict(ctypes(g), ty(g, obj))) return 0;
  ExpDesc d = expr(g, obj);
  discharge(g, &d);
  g->line = cnode(g, x)->end;
  dict_items(g, ty(g, obj), view < 0 ? 0 : view, loop);
  return 1;
}

// dict.NAME(args) on the dict of type t pushed (sema_dict.h, dict_method)
DEVFN ExpDesc most_common(Code* g, int32_t call, int32_t t);
DEVFN ExpDesc dict_method(Code* g, int32_t i, int32_t name, int32_t t) {
  const Node* n = cnode(g, i);
  if (flavour_of(ctypes(g), t) == DICT_COUNTER && node_is(g->s, name, "most_common")) return most_common(g, i, t);
  int m = dict_method_id(g->s, name);
  ExpDesc none = desc(g, EK_CONST, const_word(g, 0), T_NONE);
  if (m >= DICTM_KEYS && m <= DICTM_ITEMS) {
    g->line = n->end;
    dict_items(g, t, m - DICTM_KEYS, 0);
    return pushed(g, ty(g, i));
  }
  int32_t ts[MAX_PARAMS];
  int32_t k = call_args(g, i, ts, 0);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  g->line = n->end;
  int32_t sel = set_sel(g, k ? ts[0] : elem_of(ctypes(g), t)), v = value_of(ctypes(g), t);
  if (k == 2 && v != T_UNK) coerce(g, v, ts[1]);  // a default for an Optional's values
  switch (m) {
    case DICTM_COPY: emit(g, OP_DICT_COPY, sel); return pushed(g, t);
    case DICTM_CLEAR: emit0(g, OP_DICT_CLEAR); return none;
    case DICTM_UPDATE: emit(g, OP_DICT_UPDATE, set_sel(g, elem_of(ctypes(g), t))); return none;
    case DICTM_SETDEFAULT: emit(g, OP_DICT_SETDEFAULT, sel); return pushed(g, ty(g, i));
    case DICTM_POP: emit(g, k == 2 ? OP_DICT_POP_OR : OP_DICT_POP, sel); return pushed(g, ty(g, i));
  }
  if (k == 2) { emit(g, OP_DICT_GET_OR, sel); return pushed(g, ty(g, i)); }
  emit(g, OP_DICT_GET_OPT, sel | (is_ref(ctypes(g), v) ? 0 : 1 << SETSEL_SHIFT));
  return pushed(g, ty(g, i));
}
