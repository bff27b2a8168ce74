// sema_set.h: the types of sets (sets.h): set() and set(iterable), set
// displays and comprehensions, their operators and methods. A set holds
// ints, bools, strs or tuples of those (sets.h hashes these, a tuple of
// ints as CPython does), and is a value of its own: not an item of a list,
// a tuple or an Optional (the generic operations of objects.h do not walk
// one). Iterating a set gives a list of its keys (code pass, set_items).
#pragma once
#include "sema_expr.h"

// Whether sets.h hashes keys of type t (a set's, a dict's): ints, bools,
// strs, and tuples of those (not yet known: T_UNK).
DEV int hashable(const TypeTable* tt, int32_t t) {
  if (t == T_INT || t == T_BOOL || t == T_STR || t == T_UNK) return 1;
  if (!is_tuple(tt, t)) return 0;
  for (int32_t k = 0; k < tt->t[t].n; k++) {
    int32_t u = tt->t[t].items[k];
    if (u != T_INT && u != T_BOOL && u != T_STR) return 0;
  }
  return 1;
}
// Whether a set of keys of type t iterates in CPython's order: no str
// (whose hash CPython salts) among them.
DEV int ordered_keys(const TypeTable* tt, int32_t t) {
  if (t == T_STR) return 0;
  for (int32_t k = 0; is_tuple(tt, t) && k < tt->t[t].n; k++) if (tt->t[t].items[k] == T_STR) return 0;
  return 1;
}

// set[elem], or Unsupported for keys sets.h does not hash.
DEVFN int32_t set_of(Sema* s, int32_t at, int32_t elem) {
  if (elem == T_BAD) return T_BAD;
  if (!hashable(&s->types, elem)) {
    sema_error(s, at, DG_UNSUPPORTED, "a set of "); msg_type_in(s->diag, &s->types, elem);
    return T_BAD;
  }
  return checked(s, at, type_set(&s->types, elem));
}

// Whether CPython's AST optimizer makes item x a constant: 2 surely (a
// literal, a unary operator on one), 0 surely not (a name, a call, a
// comparison, ...: anything with a part it does not fold), 1 where the
// answer depends on its size and error rules (a binary operator or a
// subscript of constants, `2 ** 100`, `'ab'[5]`).
DEVFN int least_fold(const Sema* s, int32_t i);
DEVFN int folds(const Sema* s, int32_t x) {
  const Node* n = nd(s, x);
  switch (n->kind) {
    case ND_INT: case ND_FLOAT: case ND_STR: case ND_CONST: return 2;
    case ND_GROUP: case ND_UNARY: return folds(s, n->a);
    case ND_TUPLE: return least_fold(s, x);  // a tuple of constants is one
    case ND_BINOP: return folds(s, n->a) && folds(s, n->b) ? 1 : 0;
    case ND_SUBSCRIPT: return folds(s, n->a) ? 1 : 0;
    default: return 0;
  }
}

// The least folds() of display i's items: 2 when all are surely
// constants, 1 when one depends on folding rules not modeled here.
DEVFN int least_fold(const Sema* s, int32_t i) {
  int least = 2;
  for (int32_t k = 0; k < nd(s, i)->n; k++) {
    int f = folds(s, xtra(s, nd(s, i)->a + k));
    if (f < least) least = f;
  }
  return least;
}
// Whether display i has more than two items, all constants: CPython's
// compiler folds it into a frozenset constant, whose order it builds anew
// (sets.h, rt_set_of_list). Where folding is unsure (least_fold 1) the
// display is refused for a set of ints; a set of strs hands on no order,
// and one of bools has one order whatever its history (False's slot is 0,
// True's 1), so either answer serves them.
DEVFN int folded_display(const Sema* s, int32_t i) { return nd(s, i)->n > 2 && least_fold(s, i) > 0; }

// set_display := '{' expression (',' expression)* [','] '}'
// set_comprehension := '{' expression comp_for '}'
// The items as a list's would be, then made a set (SET_OF_LIST adds them in
// order, as BUILD_SET and SET_ADD do).
DEVFN int32_t set_display(Sema* s, int32_t i) {
  int32_t t = nd(s, i)->kind == ND_SET ? list_display(s, i) : comprehension(s, i, SINK_TO_LIST);
  if (t == T_BAD) return T_BAD;
  int32_t e = elem_of(&s->types, t);
  int unsure = nd(s, i)->kind == ND_SET && nd(s, i)->n > 2 && least_fold(s, i) == 1;
  if (unsure && e != T_BOOL && ordered_keys(&s->types, e)) {
    sema_error(s, i, DG_UNSUPPORTED, "a set display whose folding into a constant is not modeled");
    return T_BAD;
  }
  return set_of(s, i, elem_of(&s->types, t));
}

// The keys an iterable argument of set() or of a set method gives: a set's
// own, or what iterable_arg makes of the rest.
DEVFN int32_t set_arg_elem(Sema* s, int32_t arg) {
  int kind = nd(s, arg)->kind;
  if (kind == ND_KEYWORD || kind == ND_STARRED) return refuse_form(s, arg);
  int32_t t = iterable_arg(s, arg);
  if (t == T_BAD) return T_BAD;
  return item_type(s, first_token(s, arg), elem_of(&s->types, t));
}

// set_call := 'set' '(' [iterable] ')'
DEVFN int32_t set_call(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  if (c->n == 0) return set_of(s, c->a, T_UNK);
  if (c->n > 1) return arity_error(s, c->a, "at most 1 argument");
  int32_t arg = xtra(s, c->b);
  return set_of(s, first_token(s, arg), set_arg_elem(s, arg));
}

enum SetMethod { SETM_ADD, SETM_DISCARD, SETM_REMOVE, SETM_CLEAR, SETM_COPY, SETM_UPDATE, SETM_INTERSECTION, SETM_UNION,
                 SETM_DIFFERENCE, SETM_ISSUBSET, SETM_ISSUPERSET, SETM_ISDISJOINT, N_SETM };
DEVFN int set_method_id(const Sema* s, int32_t name) {
  const char* names[N_SETM] = {"add", "discard", "remove", "clear", "copy", "update", "intersection", "union",
                                      "difference", "issubset", "issuperset", "isdisjoint"};
  for (int32_t k = 0; k < N_SETM; k++) if (node_is(s, name, names[k])) return k;
  return -1;
}

// set_method := expression '.' NAME '(' args ')'      of a set of type t;
// origin: the local it was read from, whose key type a first add tells.
DEVFN int32_t set_method(Sema* s, int32_t call, int32_t t, SemaLocal* origin) {
  const Node* c = nd(s, call);
  int32_t name = c->a, elem = elem_of(&s->types, t);
  int m = set_method_id(s, name);
  if (m < 0) { sema_error(s, name, DG_UNSUPPORTED, "set."); msg_node(s, name); return T_BAD; }
  int32_t want = m == SETM_CLEAR || m == SETM_COPY ? 0 : 1;
  if (c->n != want) return arity_error(s, name, want ? "exactly one argument" : "no arguments");
  if (m == SETM_CLEAR) return T_NONE;
  if (m == SETM_COPY) return t;
  int32_t arg = xtra(s, c->b), x;
  if (m <= SETM_REMOVE) {
    if (!plain_argument(s, arg) || (x = expr(s, arg, 0)) == T_BAD || (x = decay(s, arg, x)) == T_BAD) return T_BAD;
  } else if ((x = set_arg_elem(s, arg)) == T_BAD) {
    return T_BAD;
  }
  if (elem == T_UNK && (m == SETM_ADD || m == SETM_UPDATE) && origin) {  // now known
    int32_t u = set_of(s, first_token(s, arg), x);
    if (u != T_BAD) origin->type = u;
    return u == T_BAD ? T_BAD : T_NONE;
  }
  if (!type_fits(&s->types, elem, x) && !type_fits(&s->types, x, elem)) {
    sema_error(s, first_token(s, arg), DG_TYPE, "set."); msg_node(s, name); msg(s->diag, "() of ");
    msg_type_in(s->diag, &s->types, x); msg(s->diag, " to a "); msg_type_in(s->diag, &s->types, t);
    return T_BAD;
  }
  if (elem == T_UNK && m != SETM_DISCARD && m != SETM_REMOVE && m < SETM_ISSUBSET) {
    sema_error(s, name, DG_TYPE, "the key type of this empty set is not known here; annotate it (s: set[int] = set())");
    return T_BAD;
  }
  if (m >= SETM_INTERSECTION && m <= SETM_DIFFERENCE) return t;
  return m >= SETM_ISSUBSET ? T_BOOL : T_NONE;
}

// The SetUpdate of augmented operator token op, -1 for another.
DEV int set_update_op(int op) {
  return op == TK_PIPE_EQ ? SETUP_OR : op == TK_MINUS_EQ ? SETUP_SUB : op == TK_CARET_EQ ? SETUP_XOR
       : op == TK_AMP_EQ ? SETUP_AND : -1;
}

// set_in_place := NAME ('|=' | '-=' | '^=' | '&=') expression      on a set:
// in place, as s.update(o) and the other *_update methods, of a set o (of
// another type CPython's TypeError); a first one on an empty set tells its
// key type.
DEVFN void set_in_place(Sema* s, int32_t i, SemaLocal* l) {
  const Node* n = nd(s, i);
  int32_t r = expr(s, n->b, 0);
  if (r == T_BAD) return;
  if (!is_set(&s->types, r)) { type_error2(s, i, "unsupported operand types for an in-place set operator: ", l->type, r); return; }
  if (elem_of(&s->types, l->type) == T_UNK) {  // now known
    int32_t u = set_of(s, first_token(s, n->b), elem_of(&s->types, r));
    if (u != T_BAD) l->type = u;
    return;
  }
  set_binary(s, i, TK_PIPE, l->type, r);  // one key type
}

// a OP b with a set on a side: & | - ^ of two sets of one key type.
DEVFN int32_t set_binary(Sema* s, int32_t op, int kind, int32_t a, int32_t b) {
  int32_t u = is_set(&s->types, a) && is_set(&s->types, b) ? unify(s, a, b) : T_BAD;
  if (u == T_BAD || (kind != TK_AMP && kind != TK_PIPE && kind != TK_MINUS && kind != TK_CARET))
    return type_error2(s, op, "unsupported operand types: ", a, b);
  return u;
}
