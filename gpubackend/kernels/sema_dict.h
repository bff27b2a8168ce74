// sema_dict.h: the types of dicts (dicts.h): {} and {k: v, ...}, dict()
// and dict(d), d[k] read and stored, `in`, the methods, and the keys,
// values and items a loop or a consumer of an iterable takes. Keys are
// ints, bools, strs or tuples of those; a dict is a value of its own, as a set is
// (sema_set.h). An empty {} or dict() takes its key and value types from
// its first `d[k] = v` further on (learn_dict_type), as an empty list does
// from its append.
//
// d.keys(), d.values() and d.items() are views in CPython: they see later
// changes of d, and compare as sets. Here they are lists of what d holds
// when they are made, which is exact only where they are consumed at once:
// a for loop's or comprehension's iterable, an iterable argument
// (iterable_arg: list, sorted, sum, min, max, any, all, join, map, filter,
// enumerate, zip) and the right side of `in`. Elsewhere they are refused.
#pragma once
#include "sema_set.h"

// dict[key, value] of a flavour (typetab.h), or Unsupported for keys
// sets.h does not hash.
DEVFN int32_t dict_of_as(Sema* s, int32_t at, int32_t key, int32_t value, int32_t flavour) {
  if (key == T_BAD || value == T_BAD) return T_BAD;
  if (!hashable(&s->types, key)) {
    sema_error(s, at, DG_UNSUPPORTED, "a dict keyed by "); msg_type_in(s->diag, &s->types, key);
    return T_BAD;
  }
  if (value == T_NONE) { sema_error(s, at, DG_UNSUPPORTED, "None as a dict value"); return T_BAD; }
  return checked(s, at, type_dict_as(&s->types, key, value, flavour));
}
DEVFN int32_t dict_of(Sema* s, int32_t at, int32_t key, int32_t value) {
  return dict_of_as(s, at, key, value, DICT_PLAIN);
}

// dict_display := '{' [expression ':' expression (',' expression ':' expression)* [',']] '}'
DEVFN int32_t dict_display(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  int32_t kt = T_UNK, vt = T_UNK;
  for (int32_t k = 0; k < n->n; k++) {
    int32_t item = xtra(s, n->a + k);
    int32_t t = expr(s, item, 0);
    if (t == T_BAD) return T_BAD;
    int32_t* have = k % 2 ? &vt : &kt;
    int32_t u = unify(s, *have, t);
    if (u == T_BAD) return type_error2(s, first_token(s, item), k % 2 ? "dict values must have one type, got "
                                                                      : "dict keys must have one type, got ", *have, t);
    *have = u;
  }
  return dict_of(s, i, kt, vt);
}

// dict_call := 'dict' '(' [expression | zip_args] ')'      empty, a copy
// of a dict, or the pairs of a zip or of a list of 2-tuples as keys and
// values
DEVFN int32_t zip_args(Sema* s, int32_t call, int32_t* ts);
DEVFN int32_t dict_call(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  if (c->n == 0) return dict_of(s, c->a, T_UNK, T_UNK);
  int32_t arg = xtra(s, c->b);
  if (c->n > 1 || !plain_argument(s, arg)) return c->n > 1 ? refuse_form(s, call) : T_BAD;
  if (loop_builtin(s, arg, "zip")) {
    int32_t ts[MAX_ZIP], n = zip_args(s, arg, ts);
    if (n > 2) return refuse_form(s, arg);  // (CPython's ValueError: not pairs)
    return n ? dict_of(s, c->a, ts[0], ts[1]) : T_BAD;
  }
  int32_t t = expr(s, arg, 0);
  if (t == T_BAD) return T_BAD;
  if (is_dict(&s->types, t)) return dict_of(s, c->a, elem_of(&s->types, t), value_of(&s->types, t));  // (a Counter's too)
  int32_t e = is_list(&s->types, t) ? elem_of(&s->types, t) : T_BAD;  // pairs: their keys and values
  if (is_tuple(&s->types, e) && s->types.t[e].n == 2) return dict_of(s, c->a, s->types.t[e].items[0], s->types.t[e].items[1]);
  sema_error(s, first_token(s, arg), DG_UNSUPPORTED, "dict() of a "); msg_type_in(s->diag, &s->types, t);
  return T_BAD;
}

// A key of type k used with a dict of type t (at node at): fits, or an error.
DEVFN int dict_key(Sema* s, int32_t at, int32_t t, int32_t k) {
  int32_t want = elem_of(&s->types, t);
  if (want == T_UNK || type_fits(&s->types, want, k)) return 1;
  sema_error(s, first_token(s, at), DG_TYPE, "a key of type "); msg_type_in(s->diag, &s->types, k);
  msg(s->diag, " for a "); msg_type_in(s->diag, &s->types, t);
  return 0;
}

// The value type of dict t read at node at: an empty dict's is not known.
DEVFN int32_t dict_value(Sema* s, int32_t at, int32_t t) {
  int32_t v = value_of(&s->types, t);
  if (v != T_UNK) return v;
  sema_error(s, at, DG_TYPE, "the value type of this empty dict is not known here; annotate it (d: dict[str, int] = {})");
  return T_BAD;
}

// dict_subscript := expression '[' expression ']'      of a dict of type t
// A Counter's or defaultdict's read of a missing key gives a value (and a
// defaultdict's stores it): an empty one's first read, as a store does,
// tells a local holding it its key type.
DEVFN int32_t dict_subscript(Sema* s, int32_t i, int32_t t) {
  int32_t key = nd(s, i)->b, obj = nd(s, i)->a;
  if (nd(s, key)->kind == ND_SLICE) return refuse_form(s, key);
  int32_t k = expr(s, key, 0);
  if (k == T_BAD || !dict_key(s, key, t, k)) return T_BAD;
  SemaLocal* l = nd(s, obj)->kind == ND_NAME ? find_local(s, obj) : nullptr;
  if (flavour_of(&s->types, t) != DICT_PLAIN && elem_of(&s->types, t) == T_UNK && l && l->type == t) {
    l->type = dict_of_as(s, i, k, value_of(&s->types, t), flavour_of(&s->types, t));
    if (l->type == T_BAD) return T_BAD;
    note_type(s, obj, l->type);
  }
  return dict_value(s, i, t);
}

// Whether call is d.keys(), d.values() or d.items() (its view: 0, 1, 2), or -1.
DEVFN int dict_view(const Sema* s, int32_t call) {
  while (nd(s, call)->kind == ND_GROUP) call = nd(s, call)->a;
  const Node* c = nd(s, call);
  if (c->kind != ND_CALL || nd(s, c->a)->kind != ND_ATTR || c->n != 0) return -1;
  const char* views[] = {"keys", "values", "items"};
  for (int k = 0; k < 3; k++) if (node_is(s, c->a, views[k])) return k;
  return -1;
}

enum DictMethod { DICTM_GET, DICTM_KEYS, DICTM_VALUES, DICTM_ITEMS, DICTM_POP, DICTM_COPY, DICTM_CLEAR,
                  DICTM_UPDATE, DICTM_SETDEFAULT, N_DICTM };
DEVFN int dict_method_id(const Sema* s, int32_t name) {
  const char* names[N_DICTM] = {"get", "keys", "values", "items", "pop", "copy", "clear", "update", "setdefault"};
  for (int32_t k = 0; k < N_DICTM; k++) if (node_is(s, name, names[k])) return k;
  return -1;
}

// The list a view of dict t gives (its keys, values or (key, value) pairs).
DEVFN int32_t view_type(Sema* s, int32_t at, int32_t t, int view) {
  int32_t k = elem_of(&s->types, t), v = view ? dict_value(s, at, t) : k;
  if (k == T_UNK) return item_type(s, at, T_UNK);
  if (v == T_BAD) return T_BAD;
  int32_t pair[2] = {k, v};
  return checked(s, at, type_list(&s->types, view == 2 ? type_tuple(&s->types, 2, pair) : v));
}

// dict_method := expression '.' NAME '(' args ')'      of a dict of type t
DEVFN int counter_method(Sema* s, int32_t call, int32_t t, int32_t* type);
DEVFN int32_t dict_method(Sema* s, int32_t call, int32_t t, SemaLocal* origin) {
  const Node* c = nd(s, call);
  int32_t name = c->a, own;
  if (flavour_of(&s->types, t) == DICT_COUNTER && counter_method(s, call, t, &own)) return own;
  int m = dict_method_id(s, name);
  if (m < 0) { sema_error(s, name, DG_UNSUPPORTED, "dict."); msg_node(s, name); return T_BAD; }
  if (m >= DICTM_KEYS && m <= DICTM_ITEMS) {
    if (c->n) return arity_error(s, name, "no arguments");
    if (s->view_at != call) {
      sema_error(s, name, DG_UNSUPPORTED, "dict."); msg_node(s, name);
      msg(s->diag, "() as a value (give it whole to a for loop, list(), sorted(), `in`, ...)");
      return T_BAD;
    }
    return view_type(s, name, t, m - DICTM_KEYS);
  }
  int32_t ts[MAX_PARAMS];
  int32_t n = builtin_args(s, call, ts, 0);
  if (n < 0) return T_BAD;
  int32_t lo = m == DICTM_COPY || m == DICTM_CLEAR ? 0 : 1, hi = m == DICTM_UPDATE ? 1 : lo ? 2 : 0;
  if (m == DICTM_SETDEFAULT) lo = 2;
  if (n < lo || n > hi) return arity_error(s, name, lo == hi ? (lo ? "exactly one argument" : "no arguments")
                                                             : lo == 1 ? "1 or 2 arguments" : "exactly two arguments");
  if (m == DICTM_COPY) return t;
  if (m == DICTM_CLEAR) return T_NONE;
  if (m == DICTM_UPDATE) {
    if (unify(s, t, ts[0]) == T_BAD) return type_error2(s, first_token(s, xtra(s, c->b)), "dict.update() of ", ts[0], T_BAD);
    return T_NONE;
  }
  if (!dict_key(s, xtra(s, c->b), t, ts[0])) return T_BAD;
  int32_t v = value_of(&s->types, t);
  if (n == 2) {  // a default: of the value type (get's and setdefault's learn it)
    if (v == T_UNK && origin && m == DICTM_SETDEFAULT) origin->type = dict_of_as(s, name, ts[0], ts[1], flavour_of(&s->types, t));
    if (v == T_UNK) return ts[1];
    if (!coercible(s, v, ts[1]) && !type_fits(&s->types, ts[1], v))
      return type_error2(s, first_token(s, xtra(s, c->b + 1)), "a default of another type than the values: ", ts[1], v);
    return v;
  }
  if ((v = dict_value(s, name, t)) == T_BAD) return T_BAD;
  return m == DICTM_GET ? optional(s, name, v) : v;
}

// dict_store := expression '[' expression ']' '=' ...      a value of type
// vt stored in local l's dict of type t: a new key or a key's new value;
// an empty dict's types are now known.
DEVFN void dict_store(Sema* s, int32_t target, SemaLocal* l, int32_t vt) {
  int32_t key = nd(s, target)->b, t = l->type;
  if (nd(s, key)->kind == ND_SLICE) { refuse_form(s, key); return; }
  int32_t k = expr(s, key, 0);
  if (k == T_BAD || vt == T_BAD || !dict_key(s, key, t, k)) return;
  int32_t v = value_of(&s->types, t);
  if (v == T_UNK || elem_of(&s->types, t) == T_UNK) {
    int32_t u = dict_of_as(s, target, elem_of(&s->types, t) == T_UNK ? k : elem_of(&s->types, t), v == T_UNK ? vt : v,
                           flavour_of(&s->types, t));
    if (u != T_BAD) l->type = u;
    v = value_of(&s->types, l->type);
  }
  note_type(s, nd(s, target)->a, l->type);
  if (!halted(s) && !coercible(s, v, vt)) {
    sema_error(s, first_token(s, target), DG_TYPE, "cannot store "); msg_type_in(s->diag, &s->types, vt);
    msg(s->diag, " in a "); msg_type_in(s->diag, &s->types, t);
  }
}

// The first `l[k] = v` after node `read` in the function (source order):
// its ASSIGN, or -1.
DEVFN int32_t next_dict_store(Sema* s, const SemaLocal* l, int32_t read) {
  int32_t best = -1, best_pos = s->fn_end, from = nd(s, read)->pos;
  for (int32_t i = 0; i < s->t->n_nodes; i++) {
    const Node* c = nd(s, i);
    if (c->kind != ND_ASSIGN || c->n != 2) continue;
    const Node* target = nd(s, xtra(s, c->a));
    if (target->kind != ND_SUBSCRIPT || nd(s, target->a)->kind != ND_NAME) continue;
    const Node* obj = nd(s, target->a);
    if (obj->pos > from && obj->pos < best_pos && same_text(s, target->a, l->name)) { best = i; best_pos = obj->pos; }
  }
  return best;
}

// Find further on in the function what tells an empty dict's key and value
// types: its first `l[k] = v`, typed there (with the locals of here) and
// thrown away; an error on the way leaves l as it was.
DEVFN void learn_dict_type(Sema* s, SemaLocal* l, int32_t read) {
  if (s->discovering) return;
  if (s->funcs[s->f.fn].parent >= 0) {  // (a Counter's or defaultdict's subscripts tell its key as they come)
    if (flavour_of(&s->types, l->type) == DICT_PLAIN) cannot_learn(s, read);
    return;
  }
  int32_t assign = next_dict_store(s, l, read);
  if (assign < 0) return;
  const Node* c = nd(s, assign);
  int32_t target = xtra(s, c->a), value = xtra(s, c->a + 1);
  int32_t parts[2] = {nd(s, target)->b, value}, ts[2];
  if (!discover_types(s, parts, 2, ts)) { cannot_learn(s, read); return; }
  int32_t k = ts[0], v = ts[1];
  if (k == T_BAD || v == T_BAD || v == T_NONE || type_unknown(&s->types, k) || type_unknown(&s->types, v)) return;
  if (k != T_INT && k != T_BOOL && k != T_STR) return;
  if (value_of(&s->types, l->type) != T_UNK) v = value_of(&s->types, l->type);  // a Counter's counts stay ints
  int32_t t = type_dict_as(&s->types, k, v, flavour_of(&s->types, l->type));
  if (t != T_BAD) l->type = t;
}
