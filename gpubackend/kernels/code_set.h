// code_set.h: the code of sets (sema_set.h types them, sets.h runs them):
// set() and set(iterable), displays and comprehensions, methods, and the
// keys of a set where something iterates one.
#pragma once
#include "code_call.h"

// set_display | set_comprehension: the items as a list, then the set (a
// display CPython's compiler folds into a frozenset constant made anew:
// SETSEL_FOLDED; sema_set.h, folded_display).
DEVFN ExpDesc set_display(Code* g, int32_t i) {
  int32_t t = ty(g, i);
  int folded_items = cnode(g, i)->kind == ND_SET && folded_display(g->s, i);
  ExpDesc e = cnode(g, i)->kind == ND_SET ? list_display(g, i) : comprehension(g, i, SINK_LIST);
  discharge(g, &e);
  g->line = cnode(g, i)->end;
  emit(g, OP_SET_OF_LIST, set_sel(g, t) | (folded_items ? SETSEL_FOLDED << SETSEL_SHIFT : 0));
  return pushed(g, t);
}

// An iterable argument of set() or a set method pushed: a set itself (1),
// or a list of the items (0); their type into *elem.
DEVFN int set_arg(Code* g, int32_t arg, int32_t call, int32_t* elem) {
  if (is_set(ctypes(g), ty(g, arg))) {
    ExpDesc e = expr(g, arg);
    discharge(g, &e);
    *elem = elem_of(ctypes(g), ty(g, arg));
    return 1;
  }
  *elem = iterable_arg(g, arg, 0, call);
  return 0;
}

// set_call := 'set' '(' [iterable] ')'
DEVFN ExpDesc set_call(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t t = ty(g, i), sel = set_sel(g, t);
  if (n->n == 0) { g->line = n->end; emit0(g, OP_SET_NEW); return pushed(g, t); }
  int32_t elem;
  int is_set_arg = set_arg(g, cx(g, n->b), i, &elem);
  g->line = n->end;
  emit(g, is_set_arg ? OP_SET_COPY : OP_SET_OF_LIST, sel);
  return pushed(g, t);
}

// set.NAME(args) on the set of type t pushed (sema_set.h, set_method)
DEVFN ExpDesc set_method(Code* g, int32_t i, int32_t name, int32_t t) {
  int m = set_method_id(g->s, name);
  int32_t sel = set_sel(g, t), arg = cnode(g, i)->n ? cx(g, cnode(g, i)->b) : -1;
  ExpDesc none = desc(g, EK_CONST, const_word(g, 0), T_NONE);
  if (m == SETM_CLEAR || m == SETM_COPY) {
    g->line = cnode(g, i)->end;
    emit(g, m == SETM_CLEAR ? OP_SET_CLEAR : OP_SET_COPY, m == SETM_CLEAR ? 0 : sel);
    return m == SETM_CLEAR ? none : pushed(g, t);
  }
  if (m <= SETM_REMOVE) {
    ExpDesc x = expr(g, arg);
    discharge(g, &x);
    sel = set_sel(g, unwrap_as(g, x.type, ST_TYPE_ERROR));  // (an add may be what told t's keys)
    g->line = cnode(g, i)->end;
    if (m == SETM_ADD) emit(g, OP_SET_ADD, sel);
    else emit(g, OP_SET_DISCARD, sel | (m == SETM_REMOVE ? SETSEL_REMOVE << SETSEL_SHIFT : 0));
    return none;
  }
  int32_t elem;
  int other = set_arg(g, arg, i, &elem);
  g->line = cnode(g, i)->end;
  if (m == SETM_UPDATE) {  // (an update may be what told t's keys)
    emit(g, OP_SET_UPDATE, set_sel(g, elem) | (other << SETSEL_SHIFT));
    return none;
  }
  if (m >= SETM_INTERSECTION && m <= SETM_DIFFERENCE) {
    int op = m == SETM_INTERSECTION ? SETOP_AND : m == SETM_UNION ? SETOP_OR : SETOP_SUB;
    emit(g, OP_SET_BINOP, sel | (op | (other ? SETSEL_OTHER_SET : 0)) << SETSEL_SHIFT);
    return pushed(g, t);
  }
  if (!other) emit(g, OP_SET_OF_LIST, sel);  // a temporary set, as CPython makes
  if (m == SETM_ISDISJOINT) {
    emit(g, OP_SET_BINOP, sel | (SETOP_AND | SETSEL_OTHER_SET) << SETSEL_SHIFT);
    emit0(g, OP_TRUTH_LIST);
    emit0(g, OP_NOT);
  } else {
    emit(g, OP_SET_COMPARE, sel | (m == SETM_ISSUBSET ? CMP_LE : CMP_GE) << SETSEL_SHIFT);
  }
  return pushed(g, T_BOOL);
}
