// sema_tuple.h: the types of tuples of any length, `tuple[T, ...]`
// (typetab.h, TY_VTUPLE): tuple(iterable), their + and *, and their two
// methods. Every other read (len, index, slice, in, iteration, min, sorted,
// ...) is a list's (is_seq). A tuple of fixed items of one type T becomes
// one where a tuple[T, ...] is wanted, and one becomes a tuple of n items
// where that is wanted, checked when it runs (coercible; code: coerce).
#pragma once
#include "sema_expr.h"

// a + b where one is a tuple[T, ...]: the other a tuple[T, ...] or a tuple
// of fixed items of type T (or `()`); the result a tuple[T, ...].
DEVFN int32_t vtuple_concat(Sema* s, int32_t op, int32_t a, int32_t b) {
  const TypeTable* tt = &s->types;
  int32_t ea = tuple_item_type(tt, a), eb = tuple_item_type(tt, b);
  if (ea == T_BAD || eb == T_BAD) {
    if (is_list(tt, a) || is_list(tt, b) || is_tuple(tt, a) || is_tuple(tt, b) || a == T_STR || b == T_STR)
      return type_error2(s, op, "can only concatenate tuples of one item type, got ", a, b);
    return type_error2(s, op, "unsupported operand types: ", a, b);
  }
  int32_t e = ea == T_UNK ? eb : eb == T_UNK ? ea : unify(s, ea, eb);
  if (e == T_BAD) return type_error2(s, op, "can only concatenate tuples of one item type, got ", a, b);
  return checked(s, op, type_vtuple(&s->types, e));
}

// a + b of two tuples of fixed items: the tuple of a's items then b's.
DEVFN int32_t tuple_concat(Sema* s, int32_t op, int32_t a, int32_t b) {
  const TypeTable* tt = &s->types;
  int32_t n = tt->t[a].n, m = tt->t[b].n, items[MAX_TUPLE];
  if (n + m > MAX_TUPLE) {  // of one item type, a tuple of any length holds it
    if (fixed_items(tt, a) != T_BAD && fixed_items(tt, b) != T_BAD) return vtuple_concat(s, op, a, b);
    sema_error(s, op, DG_LIMIT, "program exceeds MAX_TUPLE (items of a tuple)");
    return T_BAD;
  }
  for (int32_t k = 0; k < n; k++) items[k] = tt->t[a].items[k];
  for (int32_t k = 0; k < m; k++) items[n + k] = tt->t[b].items[k];
  return checked(s, op, type_tuple(&s->types, n + m, items));
}

// t * n of a tuple of fixed items of one type T: a tuple[T, ...].
DEVFN int32_t tuple_repeat(Sema* s, int32_t op, int32_t t) {
  int32_t e = fixed_items(&s->types, t);
  if (e == T_BAD || e == T_UNK) { sema_error(s, op, DG_UNSUPPORTED, "repeating a tuple whose items have no one type"); return T_BAD; }
  return checked(s, op, type_vtuple(&s->types, e));
}

// The tuple[T, ...] that values of tuple types a and b, of several
// lengths, both are (the branches of a conditional), or T_BAD.
DEVFN int32_t tuples_meet(Sema* s, int32_t at, int32_t a, int32_t b) {
  const TypeTable* tt = &s->types;
  int32_t ea = tuple_item_type(tt, a), eb = tuple_item_type(tt, b);
  if (ea == T_BAD || eb == T_BAD || (ea == T_UNK && eb == T_UNK)) return T_BAD;
  int32_t e = ea == T_UNK ? eb : eb == T_UNK ? ea : type_fits(tt, ea, eb) ? ea : type_fits(tt, eb, ea) ? eb : T_BAD;
  return e == T_BAD ? T_BAD : checked(s, at, type_vtuple(&s->types, e));
}

// t.NAME(args) on a tuple[T, ...]: count and index, a list's; a list's
// other methods are CPython's AttributeError.
DEVFN int32_t vtuple_method(Sema* s, int32_t call, int32_t t) {
  int32_t name = nd(s, call)->a;
  if (node_is(s, name, "count") || node_is(s, name, "index")) return list_method(s, call, t, 0);
  sema_error(s, name, DG_TYPE, "'tuple' object has no attribute '"); msg_node(s, name); msg(s->diag, "'");
  return T_BAD;
}

// tuple(iterable): a tuple[T, ...] of its items (the argument typed as
// list(iterable)'s: sequence_builtin).
DEVFN int32_t tuple_call(Sema* s, int32_t name, int32_t list) {
  return list == T_BAD ? T_BAD : checked(s, name, type_vtuple(&s->types, elem_of(&s->types, list)));
}
