// listcalls.h: the builtins and methods of sequences: sum, any, all, min,
// max, sorted, list, reversed and range as values; list methods; key=
// functions. A generator expression given to one of these is compiled as
// a comprehension (iter.h) feeding it.
#pragma once
#include "calls.h"

// After a builtin's name, at '(': whether the call has one positional
// argument (the iterable form of min and max), keywords aside.
DEVFN int single_arg(Compiler* c) {
  Mark m;
  mark(c, &m);
  advance(c);
  if (ahead_is_for(c)) { restore(c, &m); return 1; }  // max(y for x, y in ...)
  int32_t depth = 0, commas = 0, keyword = 0;
  while (!failed(c) && !check(c, TK_EOF)) {
    int k = c->cur.kind, d = bracket_delta(k);
    if (d < 0 && depth == 0) break;
    depth += d;
    if (d == 0 && depth == 0 && k == TK_COMMA && !keyword) {
      advance(c);
      if (check(c, TK_NAME) && c->nxt.kind == TK_ASSIGN) keyword = 1; else commas++;
      continue;
    }
    advance(c);
  }
  restore(c, &m);
  return commas == 0;
}

// At '(': whether a parenthesized generator expression starts here.
DEVFN int paren_gen_ahead(Compiler* c) {
  Mark m;
  mark(c, &m);
  advance(c);
  int gen = ahead_is_for(c);
  restore(c, &m);
  return gen;
}

// iterable_arg := generator | expression: leaves a list for an iterable
// argument (a comprehension's, a copy when `copy`, a str's characters, a
// range's numbers) and returns its type.
// An iterator made by range, reversed, map or filter, given whole to what
// consumes it (an iterable argument, a for loop), as a list of its values:
// exact, since nothing else sees the iterator. T_UNK when the current
// token starts none of these; T_BAD after an error.
DEVFN int32_t iterator_call(Compiler* c) {
  Token name = c->cur;
  int32_t t = T_UNK;
  if (builtin_here(c, "range")) {
    advance(c);
    if (!range_args(c, &name)) return T_BAD;
    emit0(c, OP_LIST_OF_RANGE);
    t = checked_list(c, &name, T_INT);
  } else if (builtin_here(c, "reversed")) {
    advance(c);
    advance(c);
    t = iterable_arg(c, 0);
    expect(c, TK_RPAREN, "expected ')' after reversed's argument");
    if (failed(c) || t == T_BAD) return T_BAD;
    emit0(c, OP_LIST_REVERSED);
  } else if (builtin_here(c, "map") || builtin_here(c, "filter")) {
    advance(c);
    t = map_filter(c, &name);
  } else {
    return T_UNK;
  }
  if (t != T_BAD && !check(c, TK_RPAREN) && !check(c, TK_COMMA) && !check(c, TK_COLON) && !failed(c)) {
    unsupported(c, &name, ""); msg_tok(c, &name); msg(c->diag, "() inside an expression (give it whole to list(), sorted(), sum(), a for loop, ...)");
    return T_BAD;
  }
  return t;
}

DEVFN int32_t iterable_arg(Compiler* c, int copy) {
  Token at = c->cur;
  if (ahead_is_for(c)) return comprehension(c, SINK_LIST);
  if (check(c, TK_LPAREN) && paren_gen_ahead(c)) {  // sorted((x for x in xs), key=f)
    advance(c);
    int32_t t = comprehension(c, SINK_LIST);
    expect(c, TK_RPAREN, "expected ')' after a generator expression");
    return failed(c) ? T_BAD : t;
  }
  int32_t it = iterator_call(c);
  if (it != T_UNK) return it;
  int32_t t = expression(c);
  if (t == T_BAD) return T_BAD;
  t = tuple_as_list(c, decay(c, t));
  if (t == T_STR) { emit0(c, OP_LIST_OF_STR); return checked_list(c, &at, T_STR); }
  if (is_list(&c->types, t)) { if (copy) emit0(c, OP_LIST_COPY); return t; }
  error_at(c, &at, DG_TYPE, "'"); msg_type(c, t); msg(c->diag, "' object is not iterable here");
  return T_BAD;
}

// A builtin or method usable as key= of one argument of type t, applied
// to the value on the stack; returns the key's type.
DEVFN int32_t key_builtin(Compiler* c, const Token* name, int32_t t) {
  const char* s = c->src + name->start;
  int32_t len = name->len;
  if (span_eq(s, len, "len") && (t == T_STR || is_list(&c->types, t))) { emit0(c, t == T_STR ? OP_STR_LEN : OP_LIST_LEN); return T_INT; }
  if (span_eq(s, len, "abs") && is_number(t)) { emit0(c, t == T_FLOAT ? OP_ABS_FLOAT : OP_ABS_INT); return t == T_BOOL ? T_INT : t; }
  if (span_eq(s, len, "str") && t == T_STR) return T_STR;
  if (span_eq(s, len, "str") && str_of_scalar_op(t) >= 0) { emit0(c, str_of_scalar_op(t)); return T_STR; }
  if (span_eq(s, len, "int") && is_intlike(t)) return T_INT;
  if (span_eq(s, len, "int") && t == T_STR) { emit0(c, OP_INT_OF_STR); return T_INT; }
  if (span_eq(s, len, "int") && t == T_FLOAT) { emit0(c, OP_FLOAT_TO_INT); return T_INT; }
  if (span_eq(s, len, "float") && is_intlike(t)) { emit0(c, OP_INT_TO_FLOAT); return T_FLOAT; }
  if (span_eq(s, len, "float") && t == T_STR) { emit0(c, OP_FLOAT_OF_STR); return T_FLOAT; }
  if (span_eq(s, len, "bool")) { if (t != T_BOOL) emit_truth(c, t); return T_BOOL; }
  if (span_eq(s, len, "ord") && t == T_STR) { emit0(c, OP_ORD); return T_INT; }
  unsupported(c, name, ""); msg_tok(c, name); msg(c->diag, " of "); msg_type(c, t); msg(c->diag, " as a function argument");
  return T_BAD;
}

// The list in a new hidden local, whose item type is known.
DEV int32_t stash_list(Compiler* c, const Token* at, int32_t t, int32_t* elem) {
  *elem = item_type(c, at, elem_of(&c->types, t));
  int32_t slot = new_slots(c, 1);
  emit(c, OP_STORE, slot);
  return slot;
}

// fn := 'lambda' NAME ':' expression | NAME ['.' NAME]
// Applies a function of one argument (a key=, map's or filter's) to the
// value on the stack, of type t; returns the result's type.
DEVFN int32_t apply_fn(Compiler* c, int32_t t) {
  Token at = c->cur;
  if (accept(c, TK_LAMBDA)) {
    Token p = c->cur;
    expect(c, TK_NAME, "expected one parameter after 'lambda'");
    if (check(c, TK_COMMA)) { unsupported(c, &c->cur, "a lambda of more than one parameter here"); return T_BAD; }
    expect(c, TK_COLON, "expected ':' after the lambda's parameter");
    if (failed(c)) return T_BAD;
    int32_t nlocals0 = c->f.nlocals;
    Local* l = declare_local(c, &p, t, 0);  // the lambda's own name: shadows a local
    if (!l) return T_BAD;
    emit(c, OP_STORE, l->slot);
    int32_t r = expression(c);
    c->f.nlocals = nlocals0;
    return r;
  }
  if (!check(c, TK_NAME)) { unsupported(c, &at, "this function argument (use a lambda or a function name)"); return T_BAD; }
  Token name = c->cur;
  advance(c);
  if (tok_is(c, &name, "str") && accept(c, TK_DOT)) {  // str.lower, str.upper, ...
    Token m = c->cur;
    expect(c, TK_NAME, "expected a method name after 'str.'");
    if (failed(c)) return T_BAD;
    int mode = tok_is(c, &m, "lower") ? CASE_LOWER : tok_is(c, &m, "upper") ? CASE_UPPER : -1;
    if (t != T_STR || mode < 0) { unsupported(c, &m, "str."); msg_tok(c, &m); msg(c->diag, " as a function here"); return T_BAD; }
    emit(c, OP_STR_CASE, mode);
    return T_STR;
  }
  int32_t f = find_local(c, name.start, name.len) ? -1 : find_func(c, name.start, name.len);
  if (f >= 0) {
    const FuncSig* fs = &c->funcs[f];
    if (fs->nparams != 1 || !type_fits(&c->types, fs->ptype[0], t)) {
      error_at(c, &name, DG_TYPE, "function '"); msg_tok(c, &name); msg(c->diag, "' does not take one ");
      msg_type(c, t);
      return T_BAD;
    }
    note_called(c, &name);
    emit_call(c, f);
    adjust(c, -1);  // the argument is consumed
    return fs->ret;
  }
  return key_builtin(c, &name, t);
}

// Builds, in local `keys`, the list of f(item) for each item of the list
// in local `items` (item type elem), calling f once per item in order, as
// CPython's sort calls key= and as map does. Returns f's result type.
DEVFN int32_t map_list(Compiler* c, int32_t items, int32_t keys, int32_t elem) {
  Token at = c->cur;
  emit_count(c, OP_LIST_NEW, 0);
  emit(c, OP_STORE, keys);
  emit(c, OP_LOAD, items);
  int32_t h = new_slots(c, 2);
  emit(c, OP_ITER_INIT, h);
  label(c);
  int32_t head = emit(c, OP_FOR_LIST, h);
  emit(c, OP_LOAD, keys);
  emit0(c, OP_SWAP);
  int32_t kt = apply_fn(c, elem);
  if (kt == T_BAD || failed(c)) return T_BAD;
  if (kt == T_NONE) { error_at(c, &at, DG_TYPE, "the function returns None"); return T_BAD; }
  emit0(c, OP_LIST_APPEND);
  emit_loop(c, head);
  patch_here(c, head);
  return kt;
}

// Leaves the items of the list in local `items` for which f is true
// (filter(f, xs)); f is read here.
DEVFN int32_t filter_list(Compiler* c, int32_t items, int32_t elem) {
  int32_t out = new_slots(c, 1), h = new_slots(c, 2);
  emit_count(c, OP_LIST_NEW, 0);
  emit(c, OP_STORE, out);
  emit(c, OP_LOAD, items);
  emit(c, OP_ITER_INIT, h);
  label(c);
  int32_t head = emit(c, OP_FOR_LIST, h);
  emit0(c, OP_DUP);
  int32_t kt = apply_fn(c, elem);
  if (kt == T_BAD || failed(c)) return T_BAD;
  if (kt != T_BOOL) emit_truth(c, decay(c, kt));
  int32_t skip = emit(c, OP_JUMP_IF_FALSE, 0);
  emit(c, OP_LOAD, out);
  emit0(c, OP_SWAP);
  emit0(c, OP_LIST_APPEND);
  emit_loop(c, head);
  patch_here(c, skip);
  c->f.depth++;  // the item, kept on the path that skips it
  emit_pop(c);
  emit_loop(c, head);
  patch_here(c, head);
  emit(c, OP_LOAD, out);
  return 1;
}

// map_filter := ('map' | 'filter') '(' fn ',' iterable ')'
// As a list: map's and filter's values are consumed whole by what takes
// them (list, sorted, sum, join, for), so building them first is exact.
DEVFN int32_t map_filter(Compiler* c, const Token* name) {
  int is_map = tok_is(c, name, "map");
  expect(c, TK_LPAREN, "expected '('");
  Mark fn, end;
  mark(c, &fn);
  skip_to(c, TK_COMMA);  // the iterable is evaluated first here; the function is a lambda or a name
  expect(c, TK_COMMA, is_map ? "expected ',' in map(f, iterable)" : "expected ',' in filter(f, iterable)");
  Token at = c->cur;
  int32_t t = iterable_arg(c, 0);
  if (check(c, TK_COMMA)) { unsupported(c, &c->cur, "map() of several iterables"); return T_BAD; }
  expect(c, TK_RPAREN, "expected ')'");
  if (failed(c) || t == T_BAD) return T_BAD;
  int32_t elem;
  int32_t items = stash_list(c, &at, t, &elem);
  if (elem == T_BAD) return T_BAD;
  mark(c, &end);
  restore(c, &fn);
  int32_t r;
  if (is_map) {
    int32_t keys = new_slots(c, 1);
    int32_t kt = map_list(c, items, keys, elem);
    emit(c, OP_LOAD, keys);
    r = kt == T_BAD ? T_BAD : checked_list(c, name, kt);
  } else {
    r = filter_list(c, items, elem) == T_BAD ? T_BAD : t;
  }
  if (!check(c, TK_COMMA) && !failed(c)) { error_tok(c, &c->cur, DG_SYNTAX, "expected ','"); return T_BAD; }
  restore(c, &end);
  return failed(c) ? T_BAD : r;
}

// sort_args := [','] keyword (',' keyword)* [','] ')'    keyword := 'key' '=' key | 'reverse' '=' expression
// (after sorted's iterable each keyword follows a ','; list.sort's first
// does not). Sorts the list in local `items` in place, as list.sort does.
DEVFN void sort_args(Compiler* c, int32_t items, int32_t elem, int comma_first) {
  int32_t keys = -1, kt = T_BAD, rev = -1;
  // CPython evaluates every argument (reverse= among them) before the sort
  // calls key= on the items, so the key function is read after the others
  Mark key_fn, end;
  int has_key = 0;
  for (int first = 1; !failed(c); first = 0) {
    if (!first || comma_first) {
      if (!accept(c, TK_COMMA)) break;
    }
    if (check(c, TK_RPAREN)) break;
    Token kw = c->cur;
    if (!check(c, TK_NAME) || c->nxt.kind != TK_ASSIGN) { error_tok(c, &kw, DG_TYPE, "expected key= or reverse= here"); return; }
    advance(c); advance(c);
    if (tok_is(c, &kw, "key") && !has_key) {
      has_key = 1;
      mark(c, &key_fn);
      skip_to(c, TK_COMMA);  // the argument, up to ',' or ')'
    } else if (tok_is(c, &kw, "reverse") && rev < 0) {
      Token at = c->cur;
      int32_t t = expression(c);
      if (t != T_BAD && !is_intlike(t)) { error_at(c, &at, DG_TYPE, "reverse= must be a bool, got "); msg_type(c, t); return; }
      rev = new_slots(c, 1);
      emit(c, OP_STORE, rev);
    } else {
      unsupported(c, &kw, "keyword '"); msg_tok(c, &kw); msg(c->diag, "=' here");
      return;
    }
  }
  expect(c, TK_RPAREN, "expected ')'");
  if (failed(c)) return;
  if (has_key) {
    mark(c, &end);
    restore(c, &key_fn);
    keys = new_slots(c, 1);
    kt = map_list(c, items, keys, elem);
    if (failed(c)) return;
    // skip_to took the argument to its ',' or ')': the key must end there
    // (`key=len reverse=True` is a missing comma, not a key)
    if (!check(c, TK_COMMA) && !check(c, TK_RPAREN)) { error_tok(c, &c->cur, DG_SYNTAX, "expected ',' or ')' after key="); return; }
    restore(c, &end);
  }
  emit(c, OP_LOAD, items);
  if (keys >= 0) emit(c, OP_LOAD, keys);
  if (rev >= 0) emit(c, OP_LOAD, rev); else emit_int(c, 0);
  emit(c, keys >= 0 ? OP_LIST_SORT_KEYED : OP_LIST_SORT, type_const(c, keys >= 0 ? kt : elem));
}

// sum_from := ',' ['start' '='] expression ')'    after sum's iterable
// (type t, items elem) is on the stack: sum(xs, start) as CPython adds,
// start first: numbers (an int start or item becomes a float where it meets
// floats) or lists (a new list; start itself when xs is empty). A bool
// start is Unsupported: CPython's result is that bool when xs is empty.
DEVFN int32_t sum_from(Compiler* c, int32_t t, int32_t elem) {
  advance(c);  // ','
  if (check(c, TK_NAME) && c->nxt.kind == TK_ASSIGN) {
    if (!tok_is(c, &c->cur, "start")) {
      unsupported(c, &c->cur, "keyword argument '"); msg_tok(c, &c->cur); msg(c->diag, "' of sum");
      return T_BAD;
    }
    advance(c);
    advance(c);
  }
  Token at = c->cur;
  int32_t st = expression(c);
  expect(c, TK_RPAREN, "expected ')' after sum's start");
  if (failed(c) || st == T_BAD) return T_BAD;
  if (st == T_BOOL) {  // sum([], False) is False, sum([1], False) an int: no one type
    unsupported(c, &at, "a bool start of sum()");
    return T_BAD;
  }
  if (is_intlike(elem) && st == T_INT) { emit(c, OP_LIST_SUM_FROM, SUM_INTS); return T_INT; }
  if (is_number(elem) && is_number(st)) {
    emit(c, OP_LIST_SUM_FROM, elem != T_FLOAT ? SUM_INTS_FROM_FLOAT : st == T_FLOAT ? SUM_FLOATS : SUM_FLOATS_FROM_INT);
    return T_FLOAT;
  }
  if (is_list(&c->types, elem) && is_list(&c->types, st)) {
    int32_t u = unify_types(c, elem, st);
    if (u != T_BAD) { emit(c, OP_LIST_SUM_FROM, SUM_LISTS); return u; }
  }
  error_at(c, &at, DG_TYPE, "sum() of "); msg_type(c, t); msg(c->diag, " from a start of type "); msg_type(c, st);
  return T_BAD;
}

// sequence_builtin := ('sum' | 'any' | 'all' | 'min' | 'max' | 'sorted' | 'list') '(' ... ')'
// the builtins of SEQ form and min/max of one argument (builtins.def): b
DEVFN int32_t sequence_builtin(Compiler* c, const Token* name, int b) {
  expect(c, TK_LPAREN, "expected '('");
  if (failed(c)) return T_BAD;
  Token at = c->cur;
  if (b == BI_LIST && accept(c, TK_RPAREN)) { emit_count(c, OP_LIST_NEW, 0); return checked_list(c, name, T_UNK); }
  int gen = ahead_is_for(c);
  // any((x for x in xs)) short-circuits as any(x for x in xs)
  int paren = !gen && (b == BI_SUM || b == BI_ANY || b == BI_ALL) && check(c, TK_LPAREN) && paren_gen_ahead(c);
  if (paren) advance(c);
  if ((b == BI_SUM || b == BI_ANY || b == BI_ALL) && (gen || paren)) {
    int32_t t = comprehension(c, b == BI_SUM ? SINK_SUM : b == BI_ANY ? SINK_ANY : SINK_ALL);
    if (paren) expect(c, TK_RPAREN, "expected ')' after a generator expression");
    if (check(c, TK_COMMA) && paren) { unsupported(c, &c->cur, "a second argument of "); msg_tok(c, name); return T_BAD; }
    if (check(c, TK_COMMA)) { error_at(c, &at, DG_SYNTAX, "Generator expression must be parenthesized"); return T_BAD; }
    expect(c, TK_RPAREN, "expected ')' after a generator expression");
    return failed(c) ? T_BAD : t;
  }
  int32_t t = iterable_arg(c, b == BI_SORTED || b == BI_LIST);
  if (t == T_BAD) return T_BAD;
  if (gen && check(c, TK_COMMA)) { error_at(c, &at, DG_SYNTAX, "Generator expression must be parenthesized"); return T_BAD; }
  int32_t elem = item_type(c, &at, elem_of(&c->types, t));
  if (elem == T_BAD) return T_BAD;
  if (b == BI_SORTED) {
    int32_t items = stash_list(c, &at, t, &elem);
    sort_args(c, items, elem, 1);
    emit(c, OP_LOAD, items);
    return failed(c) ? T_BAD : t;
  }
  if ((b == BI_MIN || b == BI_MAX) && check(c, TK_COMMA)) {
    // min(xs, key=f): the first least key; a stable sort puts it first
    // (for max, a stable descending sort puts the first greatest first)
    emit0(c, OP_LIST_COPY);
    int32_t items = stash_list(c, &at, t, &elem);
    int32_t keys = new_slots(c, 1);
    accept(c, TK_COMMA);
    Token kw = c->cur;
    if (!tok_is(c, &kw, "key") || c->nxt.kind != TK_ASSIGN) { unsupported(c, &kw, "this argument of min/max of an iterable (only key=)"); return T_BAD; }
    advance(c); advance(c);
    int32_t kt = map_list(c, items, keys, elem);
    expect(c, TK_RPAREN, "expected ')' after key=");
    if (failed(c) || kt == T_BAD) return T_BAD;
    emit(c, OP_LOAD, items);
    emit0(c, OP_DUP);
    emit0(c, OP_LIST_LEN);
    int32_t jok = emit(c, OP_JUMP_IF_TRUE, 0);
    emit(c, OP_RAISE, ST_VALUE_ERROR);  // min() arg is an empty sequence
    patch_here(c, jok);
    emit(c, OP_LOAD, keys);
    emit_int(c, b == BI_MAX);
    emit(c, OP_LIST_SORT_KEYED, type_const(c, kt));
    emit(c, OP_LOAD, items);
    emit_int(c, 0);
    emit0(c, OP_LIST_GET);
    return elem;
  }
  if (b == BI_SUM && check(c, TK_COMMA)) return sum_from(c, t, elem);
  if (check(c, TK_COMMA) && c->nxt.kind == TK_NAME) {
    unsupported(c, &c->nxt, "keyword argument '"); msg_tok(c, &c->nxt); msg(c->diag, "' of "); msg_tok(c, name);
    return T_BAD;
  }
  if (check(c, TK_COMMA)) { unsupported(c, &c->cur, "a second argument of "); msg_tok(c, name); return T_BAD; }
  expect(c, TK_RPAREN, gen ? "expected ')' after a generator expression" : "expected ')' (one iterable argument here)");
  if (failed(c)) return T_BAD;
  if (b == BI_LIST) return t;
  if (b == BI_MIN || b == BI_MAX) {
    if (!is_number(elem) && elem != T_STR && !is_tuple(&c->types, elem) && !is_list(&c->types, elem)) {
      arg_type_error(c, &at, name, t);
      return T_BAD;
    }
    emit(c, b == BI_MAX ? OP_LIST_MAX : OP_LIST_MIN, type_const(c, elem));
    return elem;
  }
  if (b == BI_SUM) {
    if (is_intlike(elem)) { emit0(c, OP_LIST_SUM_INT); return T_INT; }
    if (elem == T_FLOAT) { emit0(c, OP_LIST_SUM_FLOAT); return T_FLOAT; }
    error_at(c, &at, DG_TYPE, "sum() of "); msg_type(c, t);
    return T_BAD;
  }
  // any / all over a list: the first true (false) item decides
  int is_any = b == BI_ANY;
  int32_t h = new_slots(c, 2), acc = new_slots(c, 1);
  emit(c, OP_ITER_INIT, h);
  emit_int(c, !is_any);
  emit(c, OP_STORE, acc);
  label(c);
  int32_t head = emit(c, OP_FOR_LIST, h);
  emit_truth(c, elem);
  int32_t skip = emit(c, is_any ? OP_JUMP_IF_FALSE : OP_JUMP_IF_TRUE, 0);
  emit_int(c, is_any);
  emit(c, OP_STORE, acc);
  int32_t done = emit(c, OP_JUMP, 0);
  patch_here(c, skip);
  emit_loop(c, head);
  patch_here(c, head);
  patch_here(c, done);
  emit(c, OP_LOAD, acc);
  return T_BOOL;
}

// method := expression '.' NAME args     (list methods)
// `origin`: the local the list was read from, whose empty list's item type
// a first append (extend, insert) makes known.
DEVFN int32_t list_method(Compiler* c, int32_t t, Local* origin) {
  advance(c);  // '.'
  Token name = c->cur;
  expect(c, TK_NAME, "expected an attribute name after '.'");
  if (failed(c)) return T_BAD;
  TypeTable* tt = &c->types;
  int32_t elem = elem_of(tt, t);
  const char* s = c->src + name.start;
  int32_t len = name.len;
#define IS(w) span_eq(s, len, w)
  if (IS("sort")) {
    int32_t items = new_slots(c, 1);
    emit(c, OP_STORE, items);
    expect(c, TK_LPAREN, "expected '('");
    if (item_type(c, &name, elem) == T_BAD) return T_BAD;
    sort_args(c, items, elem, 0);
    emit_int(c, 0);
    return T_NONE;
  }
  int known = IS("append") || IS("extend") || IS("insert") || IS("pop") || IS("remove") || IS("index") ||
              IS("count") || IS("reverse") || IS("clear") || IS("copy");
  if (!known) { unsupported(c, &name, "list."); msg_tok(c, &name); return T_BAD; }
  int32_t ts[MAX_PARAMS];
  Pos at[MAX_PARAMS];
  int32_t n = call_args(c, ts, at, MAX_PARAMS);
  if (n < 0) return T_BAD;
  if (IS("index") && n > 1) { unsupported(c, &name, "index() with start/end"); return T_BAD; }
  int want = IS("insert") ? 2 : IS("pop") ? (n > 1 ? 1 : n) : IS("reverse") || IS("clear") || IS("copy") ? 0 : 1;
  if (n != want) return arity_error(c, &name, want == 0 ? "no arguments" : want == 1 ? "exactly one argument" : "exactly two arguments");
  int32_t x = n ? ts[n - 1] : T_BAD;  // the item argument, where there is one
  if (IS("insert") && !is_intlike(ts[0])) return arg_type_error(c, &at[0], &name, ts[0]);
  if (IS("pop")) {
    if (n == 1 && !is_intlike(ts[0])) return arg_type_error(c, &at[0], &name, ts[0]);
    if (n == 0) emit_int(c, -1);
    emit0(c, OP_LIST_POP);
    return item_type(c, &name, elem);
  }
  if (IS("reverse") || IS("clear")) { emit0(c, IS("reverse") ? OP_LIST_REVERSE : OP_LIST_CLEAR); emit_int(c, 0); return T_NONE; }
  if (IS("copy")) { emit0(c, OP_LIST_COPY); return t; }
  if (IS("extend")) {
    if (x == T_STR && (elem == T_STR || elem == T_UNK)) { emit0(c, OP_LIST_OF_STR); x = checked_list(c, &name, T_STR); }
    if (!is_list(tt, x)) return arg_type_error(c, &at[0], &name, x);
    x = elem_of(tt, x);
  }
  if (x == T_NONE) { unsupported(c, &at[n - 1], "None as a list item"); return T_BAD; }
  if (!type_fits(tt, elem, x)) {
    if (elem != T_UNK && !type_fits(tt, x, elem)) {
      error_at(c, &at[n - 1], DG_TYPE, "list."); msg_tok(c, &name); msg(c->diag, "() of ");
      msg_type(c, x); msg(c->diag, " to a "); msg_type(c, t);
      return T_BAD;
    }
    // an empty display's item type, now known
    if (origin && (IS("append") || IS("extend") || IS("insert"))) origin->type = checked_list(c, &name, x);
  }
  if (IS("append")) emit0(c, OP_LIST_APPEND);
  else if (IS("extend")) emit0(c, OP_LIST_EXTEND);
  else if (IS("insert")) emit0(c, OP_LIST_INSERT);
  else if (IS("remove")) emit(c, OP_LIST_REMOVE, type_const(c, x));
  else { emit(c, IS("index") ? OP_LIST_INDEX : OP_LIST_COUNT, type_const(c, x)); return T_INT; }
  emit_int(c, 0);
  return T_NONE;
#undef IS
}
