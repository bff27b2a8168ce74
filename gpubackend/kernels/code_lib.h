// code_lib.h: the code pass over calls of library.def's functions
// (sema_lib.h types them): heapq's heap operations, one HEAP_* instruction
// each (heapq.h runs them), and nlargest and nsmallest as a sorted copy
// cut to n.
#pragma once
#include "code_call.h"

// The library binding NAME node i reads here (no local of its name), or
// null.
DEV const LibBinding* lib_read(Code* g, int32_t i) {
  if (cnode(g, i)->kind != ND_NAME || local_of(g, i)) return nullptr;
  int32_t k = lib_binding(g->s, g->f.fn, i);
  return k < 0 ? nullptr : &g->s->libs[k];
}
DEV int lib_module(Code* g, int32_t i) {
  const LibBinding* b = lib_read(g, i);
  return b && b->member < 0;
}

// heap_fn := NAME '(' heap [',' item] ')'      the list, the item, then
// the instruction, which finds the list's item order in its type code
DEVFN ExpDesc heap_fn(Code* g, int32_t call, int32_t f) {
  const Node* c = cnode(g, call);
  for (int32_t k = 0; k < c->n && !code_failed(g); k++) {
    ExpDesc e = expr(g, cx(g, c->b + k));
    discharge(g, &e);
  }
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  int32_t elem = elem_of(ctypes(g), ty(g, cx(g, c->b)));
  g->line = c->end;
  int op = f == LF_HEAPPUSH ? OP_HEAP_PUSH : f == LF_HEAPPOP ? OP_HEAP_POP : f == LF_HEAPIFY ? OP_HEAPIFY
         : f == LF_HEAPREPLACE ? OP_HEAP_REPLACE : OP_HEAP_PUSHPOP;
  emit(g, op, type_const(g, elem));
  if (f == LF_HEAPPUSH || f == LF_HEAPIFY) return desc(g, EK_CONST, const_word(g, 0), T_NONE);
  return pushed(g, elem);
}

// nbest := NAME '(' n ',' iterable [',' key] ')'      n kept, the
// iterable's items copied and, for n > 0, sorted as sorted(iterable,
// key=key) sorts them (reverse for nlargest), then cut to n: the list
// CPython's heap selection returns where `<` is a strict weak order.
DEVFN ExpDesc nbest(Code* g, int32_t call, int32_t f) {
  const Node* c = cnode(g, call);
  ExpDesc n = expr(g, cx(g, c->b));
  discharge(g, &n);
  int32_t count = new_slots(g, 1);
  emit(g, OP_STORE, count);
  int32_t elem;
  ExpDesc it = iterable_value(g, cx(g, c->b + 1), 1, call, &elem);
  discharge(g, &it);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  int32_t items = new_slots(g, 1), key = -1;
  emit(g, OP_STORE, items);
  emit(g, OP_LOAD, count);  // n <= 0: CPython takes no item, calls no key= and compares nothing
  emit(g, OP_CONST, const_word(g, 0));
  emit(g, OP_CMP_INT, CMP_GT);
  int32_t none = emit(g, OP_JUMP_IF_FALSE, 0);
  if (c->n == 3) {
    key = cx(g, c->b + 2);
    if (cnode(g, key)->kind == ND_KEYWORD) key = cnode(g, key)->a;
  }
  sort_local(g, items, elem, key, key >= 0 ? cnode(g, key)->line : 0, -1, f == LF_NLARGEST, c->end);
  patch_here(g, none);
  emit(g, OP_LOAD, items);
  emit(g, OP_LOAD, count);
  emit0(g, OP_LIST_TRUNCATE);
  return pushed(g, ty(g, call));
}

// A library constant's value (sema_lib.h typed it).
DEVFN ExpDesc lib_value(Code* g, int32_t f) {
  int64_t value;
  lib_const(f, &value);
  return desc(g, EK_CONST, const_word(g, value), T_INT);
}

// lib_call := NAME '(' args ')'      of library function f
DEVFN ExpDesc counter_new(Code* g, int32_t call);
DEVFN ExpDesc lib_call(Code* g, int32_t call, int32_t f) {
  if (f == LF_COUNTER) return counter_new(g, call);
  if (f == LF_DEFAULTDICT) {  // (its factory, a name or a lambda, is made without effect)
    g->line = cnode(g, call)->end;
    emit0(g, OP_DICT_NEW);
    return pushed(g, ty(g, call));
  }
  return f == LF_NLARGEST || f == LF_NSMALLEST ? nbest(g, call, f) : heap_fn(g, call, f);
}

// module '.' NAME ['(' args ')']      of a library module bound to obj;
// call: the CALL, or -1
DEVFN ExpDesc lib_attribute(Code* g, int32_t attr, int32_t call) {
  const LibBinding* b = lib_read(g, cnode(g, attr)->a);
  const Node* a = cnode(g, attr);
  int32_t f = lib_member_index(b->module, g->src + a->pos, a->len);
  return call < 0 ? lib_value(g, f) : lib_call(g, call, f);
}
