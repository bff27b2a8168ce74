// sema_stmt.h: the type pass over statements and function bodies, nested
// defs included, and the checks at a body's end (a function that can end
// without returning, an entry that may answer None); expressions are
// sema_expr.h's. Each statement returns whether control can fall through.
#pragma once
#include "sema_rebind.h"

// ---- statements: each returns whether control can fall through to the next

DEVFN int stmt(Sema* s, int32_t i);

DEV int32_t helpers_typed(const Sema* s);

// Statement i (of nlocals and ncalled before it) failed to type at an act
// CPython raises at on every run that reaches it (Sema.raise_act: `l[k]`
// of an int, sorted(n), n.replace(...)): where every run of it reaches that
// act, the error is dropped and the statement typed as the operands
// evaluated before the act, then its raise (TypeError, AttributeError). The
// act's node, or -1 (the error kept).
DEVFN int32_t acts_then_raise(Sema* s, int32_t i, int32_t nlocals, int32_t ncalled) {
  int32_t root = stmt_value(s, i), x = s->raise_act, kind = nd(s, i)->kind;
  if (root < 0 || x < 0 || kind == ND_FOR || kind == ND_WHILE) return -1;  // (the loop's state is open)
  if (s->raise_parent) x = call_of_argument(s, root, x);
  if (x < 0 || !runs_to(s, root, x)) return -1;
  Diag* error = s->diag, scratch;  // the error stays unless the operands type
  diag_clear(&scratch);
  s->diag = &scratch;
  s->stop = 0; s->f.nlocals = nlocals; s->f.ncalled = ncalled;
  SemaUnits units = {s, 1};
  operands_through(s, root, x, units);
  s->diag = error;
  if (!units.ok || scratch.cls != DG_OK || s->stop) return -1;
  diag_clear(error);
  note_type(s, i, TY_NAME_ERROR | TY_AFTER_ACTS | x);
  unrun_code(s, i, s->f.nloops);
  return x;
}

// statements := statement*      the list extra[at, at + n), in a block open
DEVFN int statements_fall(Sema* s, int32_t at, int32_t n) {
  int falls = 1;
  for (int32_t k = 0; k < n && !halted(s); k++) {
    int32_t st = xtra(s, at + k), name = name_error_at(s, st), value = stmt_value(s, st);
    if (name >= 0) raises_name_error(s, st, name);
    else if (value >= 0 && (name = read_after_acts(s, st, value)) >= 0) unrun_code(s, st, s->f.nloops);
    if (name < 0) {
      int32_t nlocals = s->f.nlocals, ncalled = s->f.ncalled, helpers = helpers_typed(s);
      s->raise_act = -1;
      if (s->f.nopen) s->f.stmt_at[s->f.nopen - 1] = st;
      if (!stmt(s, st)) falls = 0;
      if (s->diag->cls == sema_class(s, DG_TYPE) && s->raise_act >= 0 && helpers_typed(s) == helpers)
        name = acts_then_raise(s, st, nlocals, ncalled);
    }
    if (name >= 0) {  // the rest is code CPython never runs
      unrun_list(s, at + k + 1, n - k - 1, s->f.nloops);
      return 0;
    }
  }
  return falls;
}

// block := statements, a block of serial ++block_serial while it is open
DEVFN int block_falls(Sema* s, int32_t block) {
  const Node* b = nd(s, block);
  if (s->f.nopen >= MAX_NESTING + 2) return over_limit(s, block, "MAX_NESTING (nested expressions or blocks)"), 1;
  s->f.open_blocks[s->f.nopen++] = ++s->f.block_serial;
  int falls = statements_fall(s, b->a, b->n);
  s->f.nopen--;
  return falls;
}

// Where the entry may answer None (the first place is kept).
DEV void entry_may_return_none(Sema* s, int32_t kind, int32_t line, int32_t col, int32_t type) {
  if (s->entry_none.kind) return;
  s->entry_none.kind = kind; s->entry_none.line = line; s->entry_none.col = col; s->entry_none.type = type;
}

// The first return of a helper that leaves its result type out: the
// value's type is the result's (a list's item type known by then).
DEVFN void inferred_return(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  const Node* v = n->a >= 0 ? nd(s, n->a) : 0;
  int32_t t = !v || (v->kind == ND_CONST && v->op == TK_NONE) ? T_NONE : expr(s, n->a, 0);
  if (t == T_BAD) return;
  if (type_unknown(&s->types, t)) {
    sema_error(s, first_token(s, n->a), DG_UNSUPPORTED, "a result of unknown type from a function without a return annotation");
    return;
  }
  int32_t name = xtra(s, nd(s, s->funcs[s->f.fn].def)->a);
  s->funcs[s->f.fn].ret = (t == T_INT || t == T_FLOAT) && widened_in(s, name, WIDENED_RESULT) ? T_NUM : t;
}

// How CPython's == compares values of types a and b, as the VM can judge it
// (kernels/dicts.h rt_union_matches_): 1 never equal (other kinds, tuples
// of other lengths); 0 where it may look inside (two numbers, two lists,
// an Optional: may be equal).
DEV int never_equal(const TypeTable* tt, int32_t a, int32_t b) {
  if (a == b || a == T_UNK || b == T_UNK || is_opt(tt, a) || is_opt(tt, b) || is_union(tt, a) || is_union(tt, b)) return 0;
  if (is_number(a) && is_number(b)) return 0;
  if ((is_vtuple(tt, a) && is_tuple(tt, b)) || (is_tuple(tt, a) && is_vtuple(tt, b))) return 0;  // equal lengths may meet
  if (type_kind(tt, a) != type_kind(tt, b) || (a < N_SCALARS) != (b < N_SCALARS)) return 1;
  if (a < N_SCALARS) return 1;  // str and a number, None and anything else
  return is_tuple(tt, a) && tt->t[a].n != tt->t[b].n;  // tuples of two lengths
}

// Whether the VM compares a value of type a with an expected one of type b
// as CPython's == does: one type, two numbers (by value), two lists of
// numbers (item by item, by value), two lists whose items are never equal
// (equal when both are empty), or never equal.
DEV int comparable(const TypeTable* tt, int32_t a, int32_t b) {
  if (a == b || (is_number(a) && is_number(b)) || never_equal(tt, a, b)) return 1;
  if (!is_list(tt, a) || !is_list(tt, b)) return 0;
  return (is_number(elem_of(tt, a)) && is_number(elem_of(tt, b))) || never_equal(tt, elem_of(tt, a), elem_of(tt, b));
}

// Whether node i makes a list no one else holds yet (a display or a
// comprehension): its items may still be made nums in place.
DEV int fresh_list(const Sema* s, int32_t i) {
  while (nd(s, i)->kind == ND_GROUP) i = nd(s, i)->a;
  return nd(s, i)->kind == ND_LIST || nd(s, i)->kind == ND_LISTCOMP;
}

// A list of ints or floats that may stand where a list of int | float is
// wanted: a new one, made a list of nums (code_expr.h, coerce).
DEV int fresh_nums(const Sema* s, int32_t want, int32_t have, int32_t value) {
  const TypeTable* tt = &s->types;
  return is_list(tt, want) && elem_of(tt, want) == T_NUM && is_list(tt, have) && value >= 0 && fresh_list(s, value) &&
         (elem_of(tt, have) == T_INT || elem_of(tt, have) == T_FLOAT);
}

// A return of the entry whose value's type t is not the problem's result
// type: a wrong program's answer (a list where an int is wanted). CPython
// compares it with the expected value and finds it unequal, or equal by
// value (3 for 3.0), or equal when both are empty lists; where the VM can
// compare as CPython does, the entry's result becomes the union of the
// problem's type and such types (settle_result, once the whole program is
// typed, unless it calls its entry and so reads the result itself).
// 1 when t is taken so.
DEVFN int foreign_result(Sema* s, int32_t at, int32_t t) {
  const TypeTable* tt = &s->types;
  int32_t ret = s->funcs[s->f.fn].ret;
  if (s->f.fn != s->entry || is_opt(tt, ret) || t == T_NONE || is_opt(tt, t) || is_union(tt, t))
    return 0;
  if (ret == T_NONE && (t == T_NUM || (s->nforeign && s->foreign[0] != t))) return 0;  // one Optional[t] (settle_result)
  int32_t n = is_union(tt, ret) ? tt->t[ret].n : 1;
  for (int32_t m = 0; m < n; m++)
    if (!comparable(tt, t, is_union(tt, ret) ? tt->t[ret].items[m] : ret)) return 0;
  for (int32_t k = 0; k < s->nforeign; k++) if (s->foreign[k] == t) return 1;
  if (s->nforeign == MAX_FOREIGN_RESULTS) return 0;
  if (!s->nforeign) { s->foreign_at.line = nd(s, at)->line; s->foreign_at.col = nd(s, at)->col; s->foreign_at.type = t; }
  s->foreign[s->nforeign++] = t;
  return 1;
}

// return_stmt := 'return' [expression]      (`return None` is bare)
DEVFN int return_stmt(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  if (in_module_code(s)) { sema_error(s, i, DG_SYNTAX, "'return' outside function"); return 0; }
  if (s->funcs[s->f.fn].ret == T_PENDING) return inferred_return(s, i), 0;
  int32_t ret = s->funcs[s->f.fn].ret;
  const TypeTable* tt = &s->types;
  const Node* v = n->a >= 0 ? nd(s, n->a) : 0;
  int opt = is_opt(tt, ret);
  if (!v || (v->kind == ND_CONST && v->op == TK_NONE)) {
    if (ret != T_NONE && !opt && s->f.fn == s->entry) entry_may_return_none(s, EN_BARE_RETURN, n->line, n->col, ret);
    else if (ret != T_NONE && !opt) type_error2(s, i, "return without a value in a function returning ", ret, T_BAD);
    return 0;
  }
  int want = is_tuple(tt, ret) && !no_optional(tt, ret);  // a display takes the function's tuple type, None boxed
  if (want && v->kind == ND_GROUP && nd(s, v->a)->kind == ND_TUPLE) return refuse_form(s, i), 0;
  int32_t t = want && v->kind == ND_TUPLE ? tuple_display(s, n->a, ret)
            : is_union(tt, ret) ? union_expr(s, n->a, ret) : expr(s, n->a, 0);
  if (want && v->kind == ND_TUPLE) note_type(s, n->a, t);
  if (t == T_BAD) return 0;
  if (s->f.fn == s->entry && none_or_result(tt, ret, t)) {
    // the entry returns None where its type says T: CPython's None is a wrong answer
    int32_t at = first_token(s, n->a);
    entry_may_return_none(s, EN_OPTIONAL, nd(s, at)->line, nd(s, at)->col, t);
    t = decay(s, i, t);
    if (t == T_BAD) return 0;
  }
  if (!coercible(s, ret, t) && s->f.fn != s->entry && num_pair(ret, t) &&
      widen(s, xtra(s, nd(s, s->funcs[s->f.fn].def)->a), WIDENED_RESULT, "ints and floats"))
    return 0;
  if (!coercible(s, ret, t) && !fresh_nums(s, ret, t, n->a) && !foreign_result(s, first_token(s, n->a), t)) {
    sema_error(s, first_token(s, n->a), DG_TYPE, "returns "); msg_type_in(s->diag, &s->types, t);
    msg(s->diag, " from a function returning "); msg_type_in(s->diag, &s->types, ret);
  }
  return 0;
}

// A store of a number to the local NAME `name` of another class than the
// int or float it was declared with (a total that starts at 0 and adds
// floats), or with fn WIDENED_RESULT a return of one from the function
// NAME: the program is typed again with the local (the result) an int |
// float, which holds either as CPython's variable does. 0 where it can't
// be: widened already (declared otherwise than by an assignment: a loop's
// target), MAX_WIDENED, or a look ahead's typing.
DEVFN int widen(Sema* s, int32_t name, int32_t fn, const char* holds) {
  if (widened_in(s, name, fn) || s->nwidened == MAX_WIDENED || s->discovering || s->stop) return 0;
  s->widened[s->nwidened] = name;
  s->widened_fn[s->nwidened++] = fn;
  s->widen = 1;
  sema_error(s, name, DG_UNSUPPORTED, "(typed again: this name holds "); msg(s->diag, holds); msg(s->diag, ")");
  return 1;
}

// A local declared a tuple that is given one of another length, the items
// of both of one type (`r = ()` then `r += (x,)`): widened, it is a
// tuple[T, ...] (store_name).
DEV int tuple_pair(const Sema* s, int32_t a, int32_t b) {
  const TypeTable* tt = &s->types;
  int32_t ea = tuple_item_type(tt, a), eb = tuple_item_type(tt, b);
  return a != b && ea != T_BAD && eb != T_BAD && (ea == T_UNK || eb == T_UNK || type_fits(tt, ea, eb) || type_fits(tt, eb, ea));
}

// A widen of local `name` for a store of type t where its type is `have`.
// None stored to a local of another type (`a = max(xs)` in one branch, `a
// = None` in the other): typed again, it is an Optional from its first
// store (store_name), whose reads after the branches CPython's may be None.
DEVFN int widen_for(Sema* s, int32_t name, int32_t have, int32_t t) {
  if (num_pair(have, t)) return widen(s, name, s->f.fn, "ints and floats");
  if (t == T_NONE && have != T_NONE && !is_opt(&s->types, have)) {
    int32_t k = s->nwidened;
    if (!widen(s, name, s->f.fn, "None and another type")) return 0;
    s->widened_none |= 1 << k;
    return 1;
  }
  return tuple_pair(s, have, t) && widen(s, name, s->f.fn, "tuples of several lengths");
}

// A value of type t stored to NAME `name`: declared on first assignment
// (its type is the value's; where widen said so, int | float for a number
// and list[int | float] for a new list of them); a change of type is
// refused.
DEVFN void store_name(Sema* s, int32_t name, int32_t t) {
  if (t == T_BAD || halted(s)) return;
  const TypeTable* tt = &s->types;
  SemaLocal* l = find_local(s, name);
  if (!l) {  // x = None: an Optional whose T a later assignment tells
    if (widened_to_none(s, name) && !s->binding) {
      if (t != T_NONE && !is_opt(tt, t)) t = checked(s, name, type_opt(&s->types, t));
      if (t == T_BAD) return;
    } else if (widened(s, name) && !s->binding) {
      int32_t nums = checked(s, name, type_list(&s->types, T_NUM));
      if (t == T_INT || t == T_FLOAT) t = T_NUM;
      else if (fresh_nums(s, nums, t, s->fresh_value)) t = nums;
      else if (fixed_items(tt, t) != T_BAD) t = checked(s, name, type_vtuple(&s->types, fixed_items(tt, t)));
    }
    declare_local(s, name, t == T_NONE ? checked(s, name, type_opt(&s->types, T_UNK)) : t);
    return;
  }
  if (is_opt(tt, l->type) && elem_of(tt, l->type) == T_UNK && t != T_NONE) {
    int32_t nt = is_opt(tt, t) ? t : checked(s, name, type_opt(&s->types, t));
    if (nt == T_BAD) return;
    l->type = nt;
  } else if (type_fits(tt, t, l->type) && !type_fits(tt, l->type, t)) {
    l->type = t;  // an empty list's item type is known from now on
  } else if (is_tuple(tt, l->type) && is_vtuple(tt, t) && widen_for(s, name, l->type, t)) {
    return;  // a local of fixed items given a tuple of any length holds any length
  } else if (!coercible(s, l->type, t)) {
    if (widen_for(s, name, l->type, t)) return;
    sema_error(s, name, DG_TYPE, "'"); msg_node(s, name); msg(s->diag, "' is ");
    msg_type_in(s->diag, tt, l->type); msg(s->diag, ", cannot assign "); msg_type_in(s->diag, tt, t);
    return;
  }
  note_type(s, name, l->type);
  // just given a T: not None for the rest of this block; given what may be
  // None, no longer known not None (whatever a test narrowed before)
  if (is_opt(tt, l->type) && t != T_NONE && !is_opt(tt, t) && s->f.nopen) narrow(s, l, current_block(s));
  else if (t == T_NONE || is_opt(tt, t)) l->narrow_in = 0;
}

// `name = value`, or a loop's target (loop_target), where name holds a
// value of another type (x = str(x), `for i in word:` after a loop over
// ints): a new variable of the name from here on. At the function's top
// level an assignment's store runs before every later read and after
// every earlier one, no loop being open (and a nested def reads no local
// of its enclosing function); elsewhere may_rebind walks the reads, and a
// number stored to a local of the other class, or a tuple of another
// length, widens the local instead (widen_for), which keeps one variable
// whatever reads it. Returns whether it declared one (or met an error
// doing so).
DEVFN int new_variable(Sema* s, int32_t name, int32_t t, int loop_target) {
  SemaLocal* l = find_local(s, name);
  const TypeTable* tt = &s->types;
  if (!l || t == T_BAD || t == T_NONE || s->discovering || halted(s)) return 0;
  if (coercible(s, l->type, t) || type_fits(tt, t, l->type) || (is_opt(tt, l->type) && elem_of(tt, l->type) == T_UNK))
    return 0;
  if (loop_target || s->f.nopen != 1) {
    if (num_pair(l->type, t) || tuple_pair(s, l->type, t) || !may_rebind(s, name)) return 0;
  }
  if (declare_local(s, name, t)) note_type(s, name, t | TY_NEW_VARIABLE);
  return 1;
}

// `a, b = map(f, xs)`, f a builtin by name and xs no generator or zip:
// CPython's unpacking draws at most n + 1 items from the map, so f meets
// xs[:n + 1] alone, which the code pass maps (f, a builtin, can't change
// xs, so the slice holds what the map would draw); a generator or a
// function of the program may act on the items past them.
DEVFN int unpacks_map(Sema* s, int32_t v) {
  const Node* c = nd(s, v);
  if (!loop_builtin(s, v, "map") || c->n != 2) return 0;
  int32_t f = xtra(s, c->b), it = xtra(s, c->b + 1);
  int kind = nd(s, it)->kind;
  return nd(s, f)->kind == ND_NAME && builtin_of(s, f) >= 0 && !find_local(s, f) && find_func(s, f) == -1 &&
         kind != ND_GENEXP && kind != ND_KEYWORD && kind != ND_STARRED && !loop_builtin(s, it, "zip");
}

// rhs := expression (',' expression)*      n values for n targets: a
// display of n items, or one tuple or list unpacked; their types into ts
DEVFN int rhs_values(Sema* s, int32_t value, int32_t n, int32_t* ts) {
  const Node* v = nd(s, value);
  int32_t at = first_token(s, value);
  if (v->kind == ND_TUPLE && !v->op) {
    for (int32_t k = 0; k < v->n; k++) {
      int32_t item = xtra(s, v->a + k);
      if (k == n) { sema_error(s, first_token(s, item), DG_TYPE, "too many values to unpack"); return 0; }
      if (nd(s, item)->kind == ND_STARRED) return refuse_form(s, item), 0;
      ts[k] = expr(s, item, 0);
      if (ts[k] == T_BAD) return 0;
    }
    if (v->n != n) { sema_error(s, at, DG_TYPE, "not enough values to unpack"); return 0; }
    return 1;
  }
  int map = unpacks_map(s, value);
  int32_t t = map ? map_filter(s, value) : expr(s, value, 0);
  if (t == T_BAD) return 0;
  if (map) note_type(s, value, t | TY_UNPACKED_MAP);
  const TypeTable* tt = &s->types;
  if (is_tuple(tt, t)) {
    if (tt->t[t].n != n) {
      sema_error(s, at, DG_TYPE, tt->t[t].n > n ? "too many values to unpack" : "not enough values to unpack");
      return 0;
    }
    for (int32_t k = 0; k < n; k++) ts[k] = tt->t[t].items[k];
    return 1;
  }
  if (is_seq(tt, t)) {
    int32_t e = item_type(s, at, elem_of(tt, t));
    for (int32_t k = 0; k < n; k++) ts[k] = e;
    return e != T_BAD;
  }
  if (t == T_STR) { sema_error(s, at, DG_UNSUPPORTED, "unpacking a str"); return 0; }
  sema_error(s, at, DG_TYPE, "cannot unpack "); msg_type_in(s->diag, tt, t);
  return 0;
}

// An item target `obj[index]` (a SUBSCRIPT) read as a value: the item
// type, the object's type in *object; whether an item of it can be
// assigned (aug: by an augmented assignment, which takes no slice) is
// checked as the compiler takes the read back (undo_item_read).
DEVFN int32_t item_target(Sema* s, int32_t target, int aug, int32_t* object) {
  int32_t item = subscript(s, target, object);
  if (item == T_BAD) return T_BAD;
  int32_t at = first_token(s, target), t = *object;
  int slice = nd(s, nd(s, target)->b)->kind == ND_SLICE;
  if ((is_list(&s->types, t) || is_dict(&s->types, t)) && !(slice && aug)) return item;
  if (t == T_STR && !slice) sema_error(s, at, DG_TYPE, "'str' object does not support item assignment");
  else if (is_tuple(&s->types, t) || is_vtuple(&s->types, t)) sema_error(s, at, DG_TYPE, "'tuple' object does not support item assignment");
  else if (is_list(&s->types, t)) sema_error(s, at, DG_UNSUPPORTED, "augmented assignment to a slice");
  else sema_error(s, at, DG_UNSUPPORTED, "item assignment to this value");
  return T_BAD;
}

// A value of type vt stored to the item or slice target `obj[...]`.
DEVFN void store_item(Sema* s, int32_t target, int32_t vt) {
  int32_t obj = nd(s, target)->a;
  SemaLocal* l = nd(s, obj)->kind == ND_NAME ? find_local(s, obj) : 0;
  if (l && is_dict(&s->types, l->type)) { dict_store(s, target, l, vt); return; }  // (its types may be learned here)
  int32_t object, at = first_token(s, target);
  int32_t item = item_target(s, target, 0, &object);
  if (item == T_BAD || vt == T_BAD || halted(s)) return;
  if (nd(s, nd(s, target)->b)->kind == ND_SLICE) {
    if (!is_list(&s->types, vt) || unify(s, object, vt) == T_BAD) {
      sema_error(s, at, DG_TYPE, "can only assign a list of the same type to a slice of a ");
      msg_type_in(s->diag, &s->types, object);
    }
    return;
  }
  if (!coercible(s, item, vt)) {
    sema_error(s, at, DG_TYPE, "cannot store "); msg_type_in(s->diag, &s->types, vt);
    msg(s->diag, " in a list of "); msg_type_in(s->diag, &s->types, item);
  }
}

// del_stmt := 'del' target (',' target)*      left to right, each an item
// or a slice (without a step) of a list, or a key of a dict. Deleting a
// name, an attribute or a str's or tuple's item is refused: CPython judges
// those (an unbound name after it, its TypeError, its SyntaxError).
DEVFN void del_stmt(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  const TypeTable* tt = &s->types;
  for (int32_t k = 0; k < n->n && !halted(s); k++) {
    int32_t target = xtra(s, n->a + k), object;
    while (nd(s, target)->kind == ND_GROUP) target = nd(s, target)->a;
    const Node* t = nd(s, target);
    if (t->kind != ND_SUBSCRIPT || (nd(s, t->b)->kind == ND_SLICE && xtra(s, nd(s, t->b)->a + 2) >= 0)) {
      sema_error(s, first_token(s, target), DG_UNSUPPORTED, "del of other than a list's item or slice or a dict's key");
      return;
    }
    if (subscript(s, target, &object) == T_BAD) return;
    // (a Counter's del of a missing key raises no KeyError: CPython's to judge)
    if ((!is_list(tt, object) && !is_dict(tt, object)) || flavour_of(tt, object) == DICT_COUNTER) {
      sema_error(s, first_token(s, target), DG_UNSUPPORTED, "del of an item of a ");
      msg_type_in(s->diag, tt, object);
      return;
    }
  }
}

// chained := NAME '=' (NAME '=')+ rhs      one value stored to each name, left to right
DEVFN int chained_assign(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  for (int32_t k = 0; k + 1 < n->n; k++)
    if (nd(s, xtra(s, n->a + k))->kind != ND_NAME) {  // at the second '='
      Token eq = token_of(s, nd(s, first_token(s, xtra(s, n->a + 1)))->pos, TK_ASSIGN);
      unsupported_at(s, &eq, "chained assignment to other than names");
      return 1;
    }
  int32_t t = expr(s, xtra(s, n->a + n->n - 1), 0);
  s->limit_at = xtra(s, n->a + n->n - 1);
  for (int32_t k = 0; k + 1 < n->n && !halted(s); k++) {
    int32_t target = xtra(s, n->a + k);
    if (!new_variable(s, target, t, 0)) store_name(s, target, t);
  }
  s->limit_at = -1;
  return 1;
}

// assign_stmt := target (',' target)* '=' rhs      target := NAME | postfix '[' expression ']'
// Names alone are stored last first; with an item among them, in order.
DEVFN int assign_stmt(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  int32_t target = xtra(s, n->a), value = xtra(s, n->a + 1);
  const Node* tn = nd(s, target);
  if (n->n != 2) return chained_assign(s, i);  // a = b = c
  if (tn->kind == ND_NAME) {
    int32_t t = expr(s, value, 0);
    s->limit_at = value;  // the compiler stores the name past the '='
    s->fresh_value = value;
    if (!new_variable(s, target, t, 0)) store_name(s, target, t);
    s->limit_at = -1; s->fresh_value = -1;
    return 1;
  }
  if (tn->kind == ND_SUBSCRIPT) {
    int32_t vt = expr(s, value, 0);
    if (vt != T_BAD) store_item(s, target, vt);
    return 1;
  }
  if (tn->kind != ND_TUPLE && tn->kind != ND_LIST) return refuse_form(s, i), 1;  // (a, b) and [a, b] as a, b
  int names = 1;
  for (int32_t k = 0; k < tn->n; k++) {
    int kind = nd(s, xtra(s, tn->a + k))->kind;
    if (kind != ND_NAME && kind != ND_SUBSCRIPT) return refuse_form(s, i), 1;
    names &= kind == ND_NAME;
  }
  if (tn->n > MAX_TARGETS) { sema_error(s, first_token(s, target), DG_UNSUPPORTED, "more than 8 assignment targets"); return 1; }
  int32_t ts[MAX_TARGETS];
  if (!rhs_values(s, value, tn->n, ts) || halted(s)) return 1;
  if (!names) {
    for (int32_t k = 0; k < tn->n && !halted(s); k++) {
      int32_t x = xtra(s, tn->a + k);
      if (nd(s, x)->kind != ND_NAME) store_item(s, x, ts[k]);
      else if (!new_variable(s, x, ts[k], 0)) store_name(s, x, ts[k]);
    }
    return 1;
  }
  for (int32_t k = 0; k < tn->n; k++)
    for (int32_t q = 0; q < k; q++)
      if (same_text(s, xtra(s, tn->a + q), xtra(s, tn->a + k))) {
        sema_error(s, xtra(s, tn->a + k), DG_UNSUPPORTED, "a name assigned twice in one statement");
        return 1;
      }
  s->limit_at = value;  // the compiler stores the names past the '='
  for (int32_t k = tn->n - 1; k >= 0 && !halted(s); k--)
    if (!new_variable(s, xtra(s, tn->a + k), ts[k], 0)) store_name(s, xtra(s, tn->a + k), ts[k]);
  s->limit_at = -1;
  return 1;
}

// list_iadd := '+=' expression      xs += ys extends the list in place:
// the type it leaves (an empty list's item type may become known)
DEVFN int32_t list_iadd(Sema* s, int32_t value, int32_t t) {
  int32_t at = first_token(s, value);
  int32_t r = expr(s, value, 0);
  if (r == T_BAD) return T_BAD;
  int32_t e = elem_of(&s->types, t);
  if (r == T_STR && (e == T_STR || e == T_UNK)) r = checked(s, at, type_list(&s->types, T_STR));
  if (r == T_BAD) return T_BAD;
  if (!is_list(&s->types, r) || unify(s, t, r) == T_BAD) {
    type_error2(s, at, "+= of ", r, T_BAD); msg(s->diag, " to a "); msg_type_in(s->diag, &s->types, t);
    return T_BAD;
  }
  return unify(s, t, r);
}

// list_imul := '*=' expression      xs *= n repeats the list in place
DEVFN int list_imul(Sema* s, int32_t value) {
  int32_t n = expr(s, value, 0);
  if (n != T_BAD) n = decay(s, value, n);
  if (n == T_BAD) return 0;
  if (!intlike(n)) {
    sema_error(s, first_token(s, value), DG_TYPE, "can't multiply a list by "); msg_type_in(s->diag, &s->types, n);
    return 0;
  }
  return 1;
}

// aug_item := postfix '[' expression ']' augop expression
DEVFN int aug_item(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  int32_t object;
  int32_t item = item_target(s, n->a, 1, &object);
  if (item == T_BAD || halted(s)) return 1;
  int32_t t;
  if (is_list(&s->types, item) && n->op == TK_PLUS_EQ) {
    t = list_iadd(s, n->b, item);  // the item list itself is extended, then stored back
  } else if (is_list(&s->types, item) && n->op == TK_STAR_EQ) {
    t = list_imul(s, n->b) ? item : T_BAD;
  } else {
    int32_t r = expr(s, n->b, 0);
    if (r == T_BAD) return 1;
    t = binary_type(s, i, aug_to_binary(n->op), item, r);
    note_type(s, i, t);  // the item's new value (code_stmt.h, aug_item)
  }
  if (t != T_BAD && !coercible(s, item, t)) {
    sema_error(s, first_token(s, n->a), DG_TYPE, "cannot store "); msg_type_in(s->diag, &s->types, t);
    msg(s->diag, " in a list of "); msg_type_in(s->diag, &s->types, item);
  }
  return 1;
}

// aug_name := NAME augop expression
DEVFN int aug_stmt(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  if (nd(s, n->a)->kind == ND_SUBSCRIPT) return aug_item(s, i);
  if (nd(s, n->a)->kind != ND_NAME) return refuse_form(s, i), 1;
  SemaLocal* l = find_local(s, n->a);
  if (!l) { sema_error(s, n->a, DG_NAME, "name '"); msg_node(s, n->a); msg(s->diag, "' is not defined"); return 1; }
  if (is_opt(&s->types, l->type) && elem_of(&s->types, l->type) == T_UNK) return refuse_form(s, i), 1;
  if (is_set(&s->types, l->type) && set_update_op(n->op) >= 0) return set_in_place(s, i, l), 1;
  if (is_set(&s->types, l->type) || is_dict(&s->types, l->type)) return refuse_form(s, i), 1;  // in place in CPython
  if (is_list(&s->types, l->type) && n->op == TK_PLUS_EQ) {
    int32_t t = list_iadd(s, n->b, l->type);
    if (t != T_BAD) l->type = t;
    return 1;
  }
  if (is_list(&s->types, l->type) && n->op == TK_STAR_EQ) { list_imul(s, n->b); return 1; }
  int32_t r = expr(s, n->b, 0);
  if (r == T_BAD) return 1;
  int32_t t = binary_type(s, i, aug_to_binary(n->op), l->type, r);
  if (l->type == T_NUM) note_type(s, i, t);  // the value to store in it (code_stmt.h, aug_stmt)
  if (t != T_BAD && type_fits(&s->types, t, l->type) && type_unknown(&s->types, l->type)) {
    l->type = t;  // `r = ()` widened, then `r += (x,)`: its item type is known from now on
    note_type(s, n->a, t);
    return 1;
  }
  if (t != T_BAD && t != l->type && !(l->type == T_NUM && any_number(t))) {
    if (widen_for(s, n->a, l->type, t)) return 1;
    sema_error(s, n->a, DG_TYPE, "'"); msg_node(s, n->a); msg(s->diag, "' is "); msg_type_in(s->diag, &s->types, l->type);
    msg(s->diag, ", the result is "); msg_type_in(s->diag, &s->types, t);
  }
  return 1;
}

// annotated := NAME ':' type ['=' expression]
DEVFN int annotated_stmt(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  int32_t ann_node = xtra(s, n->b), value = xtra(s, n->b + 1);
  if (nd(s, n->a)->kind != ND_NAME) return refuse_form(s, i), 1;
  int32_t ann = annotation(s, ann_node);
  if (halted(s)) return 1;
  // a parenthesized display takes the annotation's tuple type, None boxed
  int want = is_tuple(&s->types, ann) && !no_optional(&s->types, ann) && nd(s, value >= 0 ? value : ann_node)->kind == ND_TUPLE;
  if (want && (value < 0 || !nd(s, value)->op)) return refuse_form(s, ann_node), 1;
  SemaLocal* l = find_local(s, n->a);
  if (l && l->type != ann) {
    sema_error(s, n->a, DG_TYPE, "annotation changes the type of '"); msg_node(s, n->a); msg(s->diag, "'");
    return 1;
  }
  if (!l) {
    if (ann == T_NONE) { sema_error(s, n->a, DG_UNSUPPORTED, "a variable of type None"); return 1; }
    if (!declare_local(s, n->a, ann)) return 1;
  }
  if (value < 0) return 1;
  int32_t t = want ? tuple_display(s, value, ann) : expr(s, value, 0);
  if (want) note_type(s, value, t);
  if (t != T_BAD && !coercible(s, ann, t)) {
    sema_error(s, first_token(s, value), DG_TYPE, "value is "); msg_type_in(s->diag, &s->types, t);
    msg(s->diag, ", annotation says "); msg_type_in(s->diag, &s->types, ann);
  }
  return 1;
}

// if_stmt := 'if' expression block ('elif' expression block)* ['else' block]
// The Optionals narrowed at the end of every branch of an if that can fall
// through (join_branch): a branch of block `serial` ended (falls: control
// leaves it at its end).
struct SemaJoined {
  SemaLocal* l[MAX_JOIN_NARROW];
  int32_t n, started;
};
DEV void join_branch(Sema* s, SemaJoined* j, int32_t serial, int falls) {
  if (!falls) return;
  if (!j->started) {
    j->started = 1;
    for (int32_t k = 0; k < s->f.nlocals && j->n < MAX_JOIN_NARROW; k++)
      if (s->f.locals[k].narrow_in == serial && s->f.locals[k].narrow_loops == s->f.nloops) j->l[j->n++] = &s->f.locals[k];
    return;
  }
  int32_t kept = 0;
  for (int32_t k = 0; k < j->n; k++)
    if (j->l[k]->narrow_in == serial && j->l[k]->narrow_loops == s->f.nloops) j->l[kept++] = j->l[k];
  j->n = kept;
}

// The value an if's test, just typed, has on every run where the static
// types decide it: isinstance(), type() compared with a class or with
// another type(), and
// `not` of one (the answer class_test and type_test noted last): 1 or 0;
// -1 where the run decides.
DEVFN int static_truth(const Sema* s, int32_t test) {
  const Node* n = nd(s, test);
  if (n->kind == ND_GROUP) return static_truth(s, n->a);
  if (n->kind == ND_UNARY && n->op == TK_NOT) {
    int v = static_truth(s, n->a);
    return v < 0 ? v : !v;
  }
  int32_t call, cls, at = -1;  // the node the answer was noted at
  if (n->kind == ND_COMPARE && type_test_parts(s, test, &call, &cls)) at = call;
  else if (n->kind == ND_COMPARE && type_pair_parts(s, test, &call, &cls)) at = cls;  // (cls: the right call)
  if (at >= 0) return s->answered_at != at || s->answer < 0 ? -1 : compares_same(s, test) == s->answer;
  return n->kind == ND_CALL && s->answered_at == test ? s->answer : -1;
}

// Whether branch b (a BLOCK or an elif's IF) holds a def: such a branch is
// typed even where it never runs, as the code pass emits every def.
DEVFN int branch_has_def(const Sema* s, int32_t b) {
  const Node* n = nd(s, b);
  for (int32_t k = 0; k < s->nfuncs; k++) {
    int32_t line = nd(s, s->funcs[k].def)->line;
    if (line >= n->line && line <= n->end) return 1;
  }
  return 0;
}

// How many helpers have been typed at a first call (infer_function).
DEV int32_t helpers_typed(const Sema* s) {
  int32_t n = 0;
  for (int32_t k = 0; k < s->nfuncs; k++) n += s->funcs[k].infer == INFER_TYPED;
  return n;
}

DEVFN int if_stmt(Sema* s, int32_t i);
// Branch b of an if (a BLOCK, or an elif's IF), typed: whether it can fall
// through, or BRANCH_LEFT_OUT where it never runs (`never`, static_truth)
// and typing it fails (`x.replace` under `if isinstance(x, str):` of an int
// x). A branch left out leaves no error and none of the locals it declared,
// and is not emitted (TY_DEAD_BRANCH); one that types is emitted as any
// other (a name it binds may be read by code that never runs either). A
// branch with a def, or one whose typing typed a helper at its first call
// (whose body the code pass emits, typed or not), is never left out.
enum { BRANCH_LEFT_OUT = -1 };
DEVFN int typed_branch(Sema* s, int32_t b, int never) {
  note_type(s, b, 0);
  never = never && !branch_has_def(s, b);
  Diag saved = *s->diag;
  int32_t stop = s->stop, nlocals = s->f.nlocals, ncalled = s->f.ncalled, helpers = helpers_typed(s);
  int falls = nd(s, b)->kind == ND_IF ? if_stmt(s, b) : block_falls(s, b);
  if (!never || !halted(s) || helpers_typed(s) != helpers) return falls;
  *s->diag = saved;
  s->stop = stop; s->f.nlocals = nlocals; s->f.ncalled = ncalled;
  note_type(s, b, TY_DEAD_BRANCH);
  return BRANCH_LEFT_OUT;
}

// if_stmt := 'if' expression block ('elif' expression block)* ['else' block]
// `if x is not None:` narrows x in its block; `if x is None:` in the else
// block (with no elif between), and after the statement when its block
// cannot fall through; what every branch leaves narrowed stays so after.
DEVFN int if_stmt(Sema* s, int32_t i) {
  int falls = 0, has_else = 0, first = 1, elifs = 0, after = 0;
  SemaLocal* is_none = 0;
  SemaJoined j;
  j.n = 0; j.started = 0;
  for (int32_t clause = i; clause >= 0 && !halted(s);) {
    const Node* n = nd(s, clause);
    int32_t name = first ? -1 : name_error_at(s, clause);
    if (name >= 0) {  // an elif that raises NameError: an else that cannot fall through
      raises_name_error(s, clause, name);
      has_else = elifs = 1;
      break;
    }
    SemaLocal* not_none = none_test(s, n->a, 1);
    if (first) is_none = none_test(s, n->a, 0);
    if (expr(s, n->a, 1) == T_BAD) return 1;
    int truth = static_truth(s, n->a);
    int32_t serial = s->f.block_serial + 1;  // the serial the block gets
    if (not_none) narrow(s, not_none, serial);
    int body_falls = typed_branch(s, xtra(s, n->b), truth == 0) > 0;
    join_branch(s, &j, serial, body_falls);
    if (body_falls) falls = 1;
    if (first) after = is_none && !body_falls;
    else elifs = 1;
    first = 0;
    int32_t orelse = xtra(s, n->b + 1);
    if (orelse >= 0) note_type(s, orelse, 0);  // emitted, unless typed_branch leaves it out below
    if (orelse >= 0 && truth == 1) {  // the test is always true: only the body runs
      if (typed_branch(s, orelse, 1) > 0) falls = 1;
      has_else = 1;
      break;
    }
    if (orelse >= 0 && nd(s, orelse)->kind == ND_BLOCK && !halted(s)) {
      has_else = 1;
      int32_t else_serial = s->f.block_serial + 1;
      if (is_none && !elifs) narrow(s, is_none, else_serial);
      int else_falls = block_falls(s, orelse);
      join_branch(s, &j, else_serial, else_falls);
      if (else_falls) falls = 1;
      break;
    }
    clause = orelse;
  }
  if (halted(s)) return 1;
  int32_t here = current_block(s);
  if (after && !has_else && !elifs) narrow(s, is_none, here);  // `if x is None: return ...`
  if (has_else && j.started) for (int32_t k = 0; k < j.n; k++) narrow(s, j.l[k], here);
  return falls || !has_else;
}

// A loop's body and else block: the body with the loop open (its breaks
// counted), the else block after it closes. Returns whether the else
// block can fall through (1 without one) and in *broke whether the body breaks.
DEVFN int loop_body(Sema* s, int32_t body, int32_t orelse, int* broke) {
  if (s->f.nloops >= MAX_LOOPS) { over_limit(s, body, "MAX_LOOPS (nested loops)"); return 1; }
  s->f.broke[s->f.nloops++] = 0;
  block_falls(s, body);
  *broke = s->f.broke[--s->f.nloops] > 0;
  if (orelse < 0 || halted(s)) return 1;
  return block_falls(s, orelse);
}

// while_stmt := 'while' expression block ['else' block]
DEVFN int while_stmt(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  const Node* test = nd(s, n->a);
  uint64_t v = (uint64_t)(uint32_t)test->b << 32 | (uint32_t)test->a;
  int forever = (test->kind == ND_CONST && test->op == TK_TRUE) || (test->kind == ND_INT && v != 0);
  if (expr(s, n->a, 1) == T_BAD) return 1;
  int broke;
  int else_falls = loop_body(s, xtra(s, n->b), xtra(s, n->b + 1), &broke);
  return (!forever && else_falls) || broke;
}

// range_args := '(' expression [',' expression [',' expression]] ')'
DEVFN int range_args(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  if (c->n > MAX_PARAMS) return over_limit(s, call, "MAX_PARAMS (arguments in a call)"), 0;
  int32_t ts[MAX_PARAMS];
  for (int32_t k = 0; k < c->n; k++) {
    int32_t arg = xtra(s, c->b + k);
    if (!plain_argument(s, arg)) return 0;
    ts[k] = expr(s, arg, 0);
    if (ts[k] != T_BAD) ts[k] = decay(s, arg, ts[k]);
    if (halted(s)) return 0;
  }
  for (int32_t k = 0; k < c->n; k++) if (ts[k] == T_BAD) return 0;
  if (c->n == 0 || c->n > 3) {
    sema_error(s, c->a, DG_TYPE, c->n ? "range expected at most 3 arguments" : "range expected at least 1 argument, got 0");
    return 0;
  }
  for (int32_t k = 0; k < c->n; k++)
    if (!intlike(ts[k])) {
      sema_error(s, first_token(s, xtra(s, c->b + k)), DG_TYPE, "bad argument type for range(): ");
      msg_type_in(s->diag, &s->types, ts[k]);
      return 0;
    }
  return 1;
}

// The item type of iterating a str or list value of type t (iter_elem), or
// an error at node `at`.
DEVFN int32_t iter_item(Sema* s, int32_t at, int32_t t) {
  if (t == T_BAD) return T_BAD;
  t = decay(s, at, t);
  if (t == T_BAD) return T_BAD;
  t = tuple_list(s, at, t);  // a tuple of one item type is iterated as a list of them
  if (t == T_STR) return T_STR;
  if (is_seq(&s->types, t) || is_set(&s->types, t) || is_dict(&s->types, t)) return item_type(s, at, elem_of(&s->types, t));
  if (is_tuple(&s->types, t)) return tuple_unlike(s, at, t);
  sema_error(s, at, DG_TYPE, "'"); msg_type_in(s->diag, &s->types, t); msg(s->diag, "' object is not iterable");
  return T_BAD;
}

// seq_arg := expression      a str or list argument of enumerate or zip:
// its item type (range and reversed made lists; map and filter refused: lazy_map)
DEVFN int32_t iterable_arg(Sema* s, int32_t arg);
DEVFN int32_t seq_arg(Sema* s, int32_t arg) {
  if (nd(s, arg)->kind == ND_KEYWORD || nd(s, arg)->kind == ND_STARRED || nd(s, arg)->kind == ND_GENEXP)
    return refuse_form(s, arg);
  if (lazy_map(s, arg)) return T_BAD;
  const char* lists[] = {"range", "reversed", "zip"};  // made lists (iterator_call)
  for (int32_t k = 0; k < 3; k++)
    if (loop_builtin(s, arg, lists[k])) return iter_item(s, first_token(s, arg), iterable_arg(s, arg));
  return iter_item(s, first_token(s, arg), view_expr(s, arg));
}

// zip_args := 'zip' '(' seq_arg (',' seq_arg)+ ')'      the item types of
// its 2 to MAX_ZIP sequences into ts (MAX_ZIP of room); their count, or 0
// after an error
DEVFN int32_t zip_args(Sema* s, int32_t call, int32_t* ts) {
  const Node* c = nd(s, call);
  if (c->n < 2) return refuse_form(s, call), 0;
  for (int32_t k = 0; k < c->n && k < MAX_ZIP; k++) {
    ts[k] = seq_arg(s, xtra(s, c->b + k));
    if (ts[k] == T_BAD) return 0;
  }
  if (c->n > MAX_ZIP) {
    sema_error(s, first_token(s, xtra(s, c->b + MAX_ZIP)), DG_UNSUPPORTED, "zip() of more than 4 iterables");
    return 0;
  }
  return c->n;
}

// iterable := 'range' args | 'enumerate' '(' expression [',' expression] ')'
//           | 'zip' '(' expression (',' expression)+ ')' | 'map' '(' fn ',' seq_arg ')'
//           | expression
// The types of one step's values into ts (MAX_ZIP of room); their count, or 0.
DEVFN int32_t iterable(Sema* s, int32_t iter, int32_t* ts) {
  const Node* c = nd(s, iter);
  if (loop_builtin(s, iter, "range")) { ts[0] = T_INT; return range_args(s, iter); }
  if (loop_builtin(s, iter, "reversed")) {  // reversed(range(...)) or reversed(a str or list)
    if (c->n != 1) return refuse_form(s, iter), 0;
    int32_t arg = xtra(s, c->b);
    if (loop_builtin(s, arg, "range")) { ts[0] = T_INT; return range_args(s, arg); }
    if (loop_builtin(s, arg, "map") || loop_builtin(s, arg, "filter") || nd(s, arg)->kind == ND_KEYWORD ||
        nd(s, arg)->kind == ND_STARRED || nd(s, arg)->kind == ND_GENEXP)
      return refuse_form(s, iter), 0;
    ts[0] = iter_item(s, first_token(s, arg), expr(s, arg, 0));
    return ts[0] == T_BAD ? 0 : 1;
  }
  if (loop_builtin(s, iter, "map") && c->n == 2) {  // map(fn, xs): fn called as the loop reaches each item
    for (int32_t k = 0; k < 2; k++) {
      int kind = nd(s, xtra(s, c->b + k))->kind;
      if (kind == ND_KEYWORD || kind == ND_STARRED) return refuse_form(s, iter), 0;
    }
    int32_t e = seq_arg(s, xtra(s, c->b + 1));
    if (e == T_BAD) return 0;
    int32_t fn = xtra(s, c->b);
    ts[0] = apply_fn(s, fn, e);
    if (ts[0] == T_NONE) sema_error(s, first_token(s, fn), DG_TYPE, "the function returns None");
    return ts[0] == T_BAD || ts[0] == T_NONE ? 0 : 1;
  }
  if (lazy_map(s, iter)) return 0;
  if (loop_builtin(s, iter, "enumerate")) {
    if (c->n < 1 || c->n > 2) return refuse_form(s, iter), 0;
    ts[0] = T_INT;
    ts[1] = seq_arg(s, xtra(s, c->b));
    if (ts[1] == T_BAD) return 0;
    if (c->n == 2) {
      int32_t start = xtra(s, c->b + 1);
      if (nd(s, start)->kind == ND_KEYWORD && !node_is(s, start, "start")) return refuse_form(s, start), 0;
      int32_t value = nd(s, start)->kind == ND_KEYWORD ? nd(s, start)->a : start;
      if (nd(s, value)->kind == ND_STARRED || nd(s, value)->kind == ND_GENEXP) return refuse_form(s, value), 0;
      int32_t t = expr(s, value, 0);
      if (t == T_BAD) return 0;
      if (!intlike(t)) {
        sema_error(s, first_token(s, value), DG_TYPE, "bad argument type for enumerate(): ");
        msg_type_in(s->diag, &s->types, t);
        return 0;
      }
    }
    return 2;
  }
  if (zip_starred(s, iter)) {
    int32_t t = zip_rows(s, iter);
    ts[0] = t == T_BAD ? T_BAD : elem_of(&s->types, t);
    return t == T_BAD ? 0 : 1;
  }
  if (loop_builtin(s, iter, "zip")) return zip_args(s, iter, ts);
  int32_t was = s->loop_at;
  s->loop_at = iter;
  ts[0] = iter_item(s, first_token(s, iter), view_expr(s, iter));
  s->loop_at = was;
  return ts[0] == T_BAD ? 0 : 1;
}

// targets := NAME (',' NAME)* | '(' targets ')'      their NAME nodes into
// names; the count, or 0 after an error
DEVFN int32_t loop_targets(Sema* s, int32_t target, int32_t* names) {
  const Node* t = nd(s, target);
  if (t->kind == ND_NAME) { names[0] = target; return 1; }
  if (t->kind == ND_GROUP) {  // for (x) in ...: the parentheses are the target list's
    const Node* x = nd(s, t->a);
    if (x->kind == ND_NAME) { names[0] = t->a; return 1; }
    if (x->kind == ND_LIST || x->kind == ND_TUPLE || x->kind == ND_GROUP) {
      sema_error(s, t->a, DG_UNSUPPORTED, "nested unpacking in a loop target");
      return 0;
    }
    return refuse_form(s, target), 0;
  }
  if (t->kind == ND_LIST) { sema_error(s, target, DG_UNSUPPORTED, "nested unpacking in a loop target"); return 0; }
  if (t->kind != ND_TUPLE) { sema_error(s, first_token(s, target), DG_UNSUPPORTED, "a loop variable other than a name"); return 0; }
  for (int32_t k = 0; k < t->n; k++) {
    int32_t item = xtra(s, t->a + k);
    const Node* it = nd(s, item);
    if (it->kind == ND_LIST || (it->kind == ND_TUPLE && it->op) || it->kind == ND_GROUP) {
      sema_error(s, item, DG_UNSUPPORTED, "nested unpacking in a loop target");
      return 0;
    }
    if (it->kind != ND_NAME) { sema_error(s, first_token(s, item), DG_UNSUPPORTED, "a loop variable other than a name"); return 0; }
    if (k == MAX_TARGETS) { sema_error(s, item, DG_UNSUPPORTED, "more than 8 loop variables"); return 0; }
    names[k] = item;
  }
  return t->n;
}

// The types of n targets that one step's values (nit of types its) go
// to, a tuple or list item unpacked over several names; 0 after an error.
DEVFN int unpacked_types(Sema* s, const int32_t* names, int32_t n, const int32_t* its, int32_t nit, int32_t* types) {
  const TypeTable* tt = &s->types;
  int32_t t0 = its[0];
  if (nit == n) {
    for (int32_t k = 0; k < n; k++) types[k] = its[k];
  } else if (nit == 1 && is_tuple(tt, t0) && tt->t[t0].n == n) {
    for (int32_t k = 0; k < n; k++) types[k] = tt->t[t0].items[k];
  } else if (nit == 1 && is_seq(tt, t0) && n > 1) {
    int32_t e = item_type(s, names[0], elem_of(tt, t0));
    if (e == T_BAD) return 0;
    for (int32_t k = 0; k < n; k++) types[k] = e;
  } else if (nit >= 2 && n == 1) {  // enumerate() or zip(): a tuple each step
    types[0] = checked(s, names[0], type_tuple(&s->types, nit, its));
    if (types[0] == T_BAD) return 0;
  } else {
    sema_error(s, names[0], DG_TYPE, "cannot unpack ");
    if (nit == 1) msg_type_in(s->diag, tt, t0); else msg(s->diag, "a pair");
    msg(s->diag, " into "); msg_int(s->diag, n); msg(s->diag, n == 1 ? " variable" : " variables");
    return 0;
  }
  return 1;
}

// Store one step's values into the n targets (bind_targets); stored last first.
DEVFN void bind_targets(Sema* s, const int32_t* names, int32_t n, const int32_t* its, int32_t nit) {
  int32_t types[MAX_TARGETS];
  if (!unpacked_types(s, names, n, its, nit, types)) return;
  for (int32_t k = 0; k < n; k++) {  // a loop's head stores its item as it is
    const SemaLocal* l = find_local(s, names[k]);
    if (l && l->type == T_NUM && types[k] != T_NUM) {
      sema_error(s, names[k], DG_UNSUPPORTED, "a loop variable that holds an int | float");
      return;
    }
  }
  s->binding = 1;
  for (int32_t k = n - 1; k >= 0 && !halted(s); k--)
    if (!new_variable(s, names[k], types[k], 1)) store_name(s, names[k], types[k]);
  s->binding = 0;
}

// for_stmt := 'for' targets 'in' iterable block ['else' block]
DEVFN int for_stmt(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  int32_t names[MAX_TARGETS + 1], its[MAX_ZIP];
  int32_t count = loop_targets(s, xtra(s, n->a), names);
  if (count == 0) return 1;
  int32_t nit = iterable(s, xtra(s, n->a + 1), its);
  if (nit == 0 || halted(s)) return 1;
  bind_targets(s, names, count, its, nit);
  if (halted(s)) return 1;
  int broke;
  int else_falls = loop_body(s, xtra(s, n->b), xtra(s, n->b + 1), &broke);
  return else_falls || broke;
}

// The status a lane ends with when it raises the class NAME node `name`
// names, or -1 for a class the VM has no status for.
DEV int32_t raise_status(const Sema* s, int32_t name) {
  const char* names[] = {"ZeroDivisionError", "IndexError", "ValueError", "KeyError", "AssertionError",
                         "OverflowError", "RecursionError", "MemoryError", "UnboundLocalError", "TypeError",
                         "AttributeError", "Exception"};
  const int32_t codes[] = {ST_ZERO_DIVISION, ST_INDEX_ERROR, ST_VALUE_ERROR, ST_KEY_ERROR, ST_ASSERTION_ERROR,
                           ST_OVERFLOW_ERROR, ST_RECURSION_ERROR, ST_MEMORY_ERROR, ST_UNBOUND_LOCAL, ST_TYPE_ERROR,
                           ST_ATTRIBUTE_ERROR, ST_EXCEPTION_BASE};
  for (int32_t k = 0; k < (int32_t)(sizeof codes / sizeof codes[0]); k++)
    if (node_is(s, name, names[k])) return codes[k];
  return -1;
}

// raise_stmt := 'raise' NAME ['(' args ')']     for the exception classes the VM reports
DEVFN int raise_stmt(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  if (n->a < 0) { sema_error(s, i, DG_UNSUPPORTED, "bare raise"); return 0; }
  const Node* e = nd(s, n->a);
  int32_t name = e->kind == ND_CALL ? e->a : n->a;
  if (nd(s, name)->kind != ND_NAME) return refuse_form(s, i), 0;
  if (raise_status(s, name) < 0) { sema_error(s, name, DG_UNSUPPORTED, "raise of '"); msg_node(s, name); msg(s->diag, "'"); return 0; }
  if (e->kind == ND_CALL) {
    if (e->n > MAX_PARAMS) return over_limit(s, n->a, "MAX_PARAMS (arguments in a call)"), 0;
    for (int32_t k = 0; k < e->n && !halted(s); k++) {
      int32_t arg = xtra(s, e->b + k);
      if (!plain_argument(s, arg)) return 0;
      expr(s, arg, 0);
    }
  }
  if (n->b >= 0 && !halted(s)) {
    Token from = token_of(s, nd(s, name)->pos + nd(s, name)->len, TK_FROM);
    unsupported_at(s, &from, "raise ... from");
  }
  return 0;
}

DEVFN int stmt_(Sema* s, int32_t i);
DEVFN int nested_def(Sema* s, int32_t i);
DEVFN int try_stmt(Sema* s, int32_t i);

// A statement of a function's body.
DEVFN int stmt(Sema* s, int32_t i) {
  if (halted(s)) return 1;
  int falls = stmt_(s, i);
  return falls;
}

DEVFN int stmt_(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  switch (n->kind) {
    case ND_PASS: return 1;
    case ND_EXPR:  // a lone string (a docstring) is no code
      if (nd(s, n->a)->kind == ND_STR && nd(s, n->a)->n == 1) return 1;
      expr(s, n->a, 0);
      return 1;
    case ND_RETURN: return return_stmt(s, i);
    case ND_ASSIGN: return assign_stmt(s, i);
    case ND_AUGASSIGN: return aug_stmt(s, i);
    case ND_ANNASSIGN: return annotated_stmt(s, i);
    case ND_IF: return in_module_code(s) && main_guard(s, i) ? 1 : if_stmt(s, i);
    case ND_WHILE: return while_stmt(s, i);
    case ND_FOR: return for_stmt(s, i);
    case ND_RAISE: return raise_stmt(s, i);
    case ND_TRY: return try_stmt(s, i);
    case ND_ASSERT:
      if (expr(s, n->a, 1) != T_BAD && n->b >= 0) expr(s, n->b, 0);
      return 1;
    case ND_DEL: del_stmt(s, i); return 1;
    case ND_DEF: return nested_def(s, i);
    case ND_UNSUPPORTED: refuse_unsupported(s, i); return 1;
    case ND_IMPORT: case ND_FROM:  // the function's own: math's names from here on
      import_stmt(s, i, s->f.fn, s->f.from_math, &s->f.nfrom_math);
      if (n->kind == ND_IMPORT && !halted(s) && node_is(s, xtra(s, n->a), "math")) s->f.fn_math = 1;
      if (n->kind == ND_IMPORT && !halted(s) && node_is(s, xtra(s, n->a), "re")) s->f.fn_re = 1;
      return 1;
    case ND_BREAK: case ND_CONTINUE:
      if (s->f.nloops == 0) {
        sema_error(s, i, DG_SYNTAX, n->kind == ND_BREAK ? "'break' outside loop" : "'continue' not properly in loop");
        return 0;
      }
      if (n->kind == ND_BREAK && ++s->f.broke[s->f.nloops - 1] > MAX_BREAKS)
        over_limit(s, i, "MAX_BREAKS (break statements in one loop)");
      return 0;
  }
  refuse_form(s, i);
  return 1;
}

// A fresh frame for the body of function fi.
DEV void open_frame(Sema* s, int32_t fi) {
  s->f.fn = fi; s->f.nlocals = 0; s->f.ncalled = 0; s->f.nloops = 0; s->stop = 0; s->f.nopen = 0; s->f.block_serial = 0;
  s->f.fn_math = 0; s->f.fn_re = 0; s->f.nfrom_math = 0; s->f.ntries = 0;
}

// The type of parameter NAME `name` as a local of its body: its own, or
// int | float for an int or float parameter that widen found given the
// other class in the body (the code pass converts it on entry).
DEV int32_t param_local(const Sema* s, int32_t name, int32_t t) {
  return (t == T_INT || t == T_FLOAT) && widened(s, name) ? T_NUM : t;
}

// funcdef := header block      a top-level function's body
DEVFN void function_body(Sema* s, int32_t fi) {
  const SemaFunc* f = &s->funcs[fi];
  const Node* d = nd(s, f->def);
  open_frame(s, fi);
  for (int32_t k = 0; k < f->nparams; k++) declare_local(s, xtra(s, d->b + k), param_local(s, xtra(s, d->b + k), f->ptype[k]));
  int falls = block_falls(s, xtra(s, d->a + 2));
  if (f->ret == T_PENDING) s->funcs[fi].ret = T_NONE;  // no return: CPython's None
  if (halted(s) || !falls || f->ret == T_NONE || is_opt(&s->types, f->ret)) return;
  if (fi == s->entry) { entry_may_return_none(s, EN_FALLS_OFF, d->line, d->col, f->ret); return; }
  sema_error(s, f->def, DG_TYPE, "function '"); msg_node(s, xtra(s, d->a));
  msg(s->diag, "' can end without returning "); msg_type_in(s->diag, &s->types, f->ret);
}

// nested_def := funcdef inside a function: one that reads no local of its
// enclosing function behaves as a helper; its name is the enclosing
// function's from its def statement on. Typed where it stands, with the
// enclosing function's state saved.
DEVFN int nested_def(Sema* s, int32_t i) {
  if (s->funcs[s->f.fn].parent >= 0) { sema_error(s, i, DG_UNSUPPORTED, "a def nested in a nested def"); return 1; }
  // (its code would lie in the try's range of the handler table, which a
  // raise in it, called from anywhere, would find: code_try.h)
  if (s->f.ntries) { sema_error(s, i, DG_UNSUPPORTED, "a def inside a try statement"); return 1; }
  // (a call where its def did not run is CPython's UnboundLocalError, which
  // the VM, binding a def's name for the whole function, would not raise)
  if (s->f.nopen != 1) { sema_error(s, i, DG_UNSUPPORTED, "a def inside an if, while or for block"); return 1; }
  int32_t fi = -1;
  for (int32_t k = 0; k < s->nfuncs; k++) if (s->funcs[k].def == i) fi = k;
  if (fi < 0 || s->funcs[fi].parent != s->f.fn) { sema_error(s, i, DG_UNSUPPORTED, "this nested def"); return 1; }
  if (s->funcs[fi].infer == INFER_WAITING) { s->funcs[fi].defined = 1; return 1; }  // typed at its first call
  s->saved = s->f;
  function_body(s, fi);
  int stop = s->stop;
  s->f = s->saved;
  s->stop = stop;
  s->funcs[fi].defined = 1;
  return 1;
}

// The entry's result once the program is typed, where it returns values
// of other types than the problem's (foreign_result): the union of the
// problem's type (its members first, so a value of it keeps its member
// index) and those types; where the problem's is None, Optional[T] of the
// one other type T. A program that calls its entry would read such
// a value itself: the error a helper gets.
DEVFN void settle_result(Sema* s) {
  SemaFunc* f = &s->funcs[s->entry];
  int32_t ts[MAX_TUPLE], n = 0, ret = f->ret;
  const TypeTable* tt = &s->types;
  if (is_union(tt, ret)) for (int32_t m = 0; m < tt->t[ret].n; m++) ts[n++] = tt->t[ret].items[m];
  else ts[n++] = ret;
  int fits = n + s->nforeign <= MAX_TUPLE;
  for (int32_t k = 0; k < s->nforeign && fits; k++) ts[n++] = s->foreign[k];
  int32_t u = fits ? type_union(&s->types, n, ts) : T_BAD;
  if (ret == T_NONE) u = type_opt(&s->types, s->foreign[0]);  // a union holds no None: an Optional of the one other
  char code[MAX_SIG];
  int32_t len = 0;
  if (!s->entry_called && u != T_BAD && type_code(tt, u, code, &len, MAX_SIG - 1)) {
    f->ret = s->result = u;
    return;
  }
  sema_error_at(s, s->foreign_at.line, s->foreign_at.col, DG_TYPE, "returns ");
  msg_type_in(s->diag, tt, s->foreign_at.type); msg(s->diag, " from a function returning "); msg_type_in(s->diag, tt, ret);
  if (s->entry_called) msg(s->diag, " (it is called in the program)");
}

// A program that calls its entry, which may return None: the error a
// helper gets there, and why the entry gets it too.
DEVFN void entry_none_error(Sema* s) {
  const SemaFunc* f = &s->funcs[s->entry];
  sema_error_at(s, s->entry_none.line, s->entry_none.col, DG_TYPE, "");
  int32_t kind = s->entry_none.kind, ret = f->ret;
  if (kind == EN_FALLS_OFF) {
    msg(s->diag, "function '"); msg_node(s, xtra(s, nd(s, f->def)->a));
    msg(s->diag, "' can end without returning "); msg_type_in(s->diag, &s->types, ret);
  } else if (kind == EN_BARE_RETURN) {
    msg(s->diag, "return without a value in a function returning "); msg_type_in(s->diag, &s->types, ret);
  } else {
    msg(s->diag, "returns "); msg_type_in(s->diag, &s->types, s->entry_none.type);
    msg(s->diag, " from a function returning "); msg_type_in(s->diag, &s->types, ret);
  }
  msg(s->diag, " (it is called in the program)");
}

// module_code := statement*      the module's statements after its last
// def, import and constant (sema_module): typed as the body of a function
// without parameters, funcs[nfuncs], whose names are its own.
DEVFN void module_body(Sema* s) {
  int32_t first = xtra(s, s->module_at);
  if (s->nfuncs >= MAX_FUNCS) { over_limit(s, first, "MAX_FUNCS (functions, the module's code one of them)"); return; }
  SemaFunc* f = &s->funcs[s->nfuncs];
  f->def = s->t->root; f->parent = -1; f->defined = 1; f->nparams = 0; f->ret = T_NONE; f->infer = INFER_NONE;
  open_frame(s, s->nfuncs);
  s->fn_end = s->n;
  statements_fall(s, s->module_at, s->module_n);
}
#include "sema_try.h"
