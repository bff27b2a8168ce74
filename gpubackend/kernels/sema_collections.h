// sema_collections.h: the types of collections.Counter and
// collections.defaultdict, dicts of a flavour (typetab.h, DictFlavour)
// that differ from a plain dict where a key is missing: c[k] of a Counter
// is 0 and stores nothing, d[k] of a defaultdict stores its factory's value
// and gives it. Everything else is a dict's (sema_dict.h); what differs
// beyond that is refused where it would show: repr (no dict has one
// here), a Counter's == with another Counter (missing keys count as 0),
// its operators, update and elements, del of a missing key.
#pragma once
#include "sema_dict.h"

// counter := 'Counter' '(' [iterable | mapping] ')'      a Counter of the
// iterable's items, each counted as met (so in the order first met), or a
// copy of a mapping's counts (a dict of int values: CPython's Counter
// starts empty and takes the mapping's items as a dict.update would).
DEVFN int32_t counter_call(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  if (c->n == 0) return dict_of_as(s, call, T_UNK, T_INT, DICT_COUNTER);
  if (!lib_positional(s, call, 1)) return T_BAD;
  int32_t arg = xtra(s, c->b), head = first_token(s, arg);
  int made = iterable_made(s, arg);
  int32_t t = made ? iterable_arg(s, arg) : view_expr(s, arg);
  if (t == T_BAD) return T_BAD;
  if (is_dict(&s->types, t)) {
    if (value_of(&s->types, t) != T_INT && value_of(&s->types, t) != T_UNK) {
      sema_error(s, head, DG_UNSUPPORTED, "Counter of a "); msg_type_in(s->diag, &s->types, t);
      return T_BAD;
    }
    return dict_of_as(s, call, elem_of(&s->types, t), T_INT, DICT_COUNTER);
  }
  if (!made) t = iterable_list(s, arg, head, t);
  if (t == T_BAD) return T_BAD;
  return dict_of_as(s, call, item_type(s, head, elem_of(&s->types, t)), T_INT, DICT_COUNTER);
}

// The value type whose zero default_factory node f gives, or T_BAD: the
// builtin int, float, str or bool, or a lambda of no parameters returning
// that zero (0, 0.0, '', False).
DEVFN int32_t factory_zero(Sema* s, int32_t f) {
  const Node* n = nd(s, f);
  if (n->kind == ND_NAME && !find_local(s, f) && find_func(s, f) == -1) {
    const char* names[] = {"int", "float", "str", "bool"};
    const int32_t types[] = {T_INT, T_FLOAT, T_STR, T_BOOL};
    for (int k = 0; k < 4; k++) if (node_is(s, f, names[k])) return types[k];
    return T_BAD;
  }
  if (n->kind != ND_LAMBDA || n->n != 0) return T_BAD;
  const Node* body = nd(s, n->a);
  if (body->kind == ND_INT) return body->a == 0 && body->b == 0 && !(body->op & TF_INT_BIG) ? T_INT : T_BAD;
  if (body->kind == ND_FLOAT) return body->a == 0 && body->b == 0 ? T_FLOAT : T_BAD;
  if (body->kind == ND_CONST) return body->op == TK_FALSE ? T_BOOL : T_BAD;
  if (body->kind == ND_STR) {  // '' or "" (adjacent ones too)
    for (int32_t k = 0; k < body->n; k++) if (nd(s, xtra(s, body->a + k))->len != 2) return T_BAD;
    return T_STR;
  }
  return T_BAD;
}

// defaultdict := 'defaultdict' '(' factory ')'      an empty defaultdict
// whose values are of the factory's type (factory_zero)
DEVFN int32_t defaultdict_call(Sema* s, int32_t call) {
  if (!lib_positional(s, call, 1)) return T_BAD;
  int32_t f = xtra(s, nd(s, call)->b);
  int32_t v = factory_zero(s, f);
  if (v == T_BAD) {
    sema_error(s, first_token(s, f), DG_UNSUPPORTED, "this defaultdict factory (only int, float, str, bool or a lambda of their zero)");
    return T_BAD;
  }
  return dict_of_as(s, call, T_UNK, v, DICT_DEFAULT);
}

// most_common := expression '.' 'most_common' '(' [expression] ')'      of
// Counter t: its (key, count) pairs by count, most first, ties in the
// order the keys went in (CPython sorts them, reverse and stable, and its
// heapq.nlargest for n gives the first n of that order)
DEVFN int32_t most_common(Sema* s, int32_t call, int32_t t) {
  const Node* c = nd(s, call);
  if (c->n > 1 || (c->n == 1 && !plain_argument(s, xtra(s, c->b)))) return c->n > 1 ? refuse_form(s, call) : T_BAD;
  if (c->n == 1) {
    int32_t nt = expr(s, xtra(s, c->b), 0);
    if (nt == T_BAD) return T_BAD;
    if (!intlike(nt)) return refuse_form(s, call);  // None, and CPython's TypeError, are its own
  }
  int32_t pair[2] = {item_type(s, c->a, elem_of(&s->types, t)), T_INT};
  if (pair[0] == T_BAD) return T_BAD;
  return checked(s, c->a, type_list(&s->types, type_tuple(&s->types, 2, pair)));
}

// A Counter's own methods, and those it gives another meaning than a
// dict's (update and subtract count, elements repeats): 1 with the call's
// type in *type, or 0 where the method is a dict's (sema_dict.h).
DEVFN int counter_method(Sema* s, int32_t call, int32_t t, int32_t* type) {
  int32_t name = nd(s, call)->a;
  if (node_is(s, name, "most_common")) return *type = most_common(s, call, t), 1;
  if (node_is(s, name, "update") || node_is(s, name, "subtract") || node_is(s, name, "elements") ||
      node_is(s, name, "total") || node_is(s, name, "fromkeys")) {
    sema_error(s, name, DG_UNSUPPORTED, "Counter."); msg_node(s, name);
    return *type = T_BAD, 1;
  }
  return 0;
}
