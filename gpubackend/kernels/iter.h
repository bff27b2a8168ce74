// iter.h: iteration, shared by `for` statements and comprehensions: what
// is iterated (range, reversed, enumerate, zip, a str or a list) decides
// the loop instruction; the targets take the values it pushes. A
// comprehension compiles its `for` and `if` clauses first and its element
// last, as Python runs them, reading the source out of order with
// bookmarks (codegen.h).
#pragma once
#include "expr.h"


// The current token names builtin `name` in a call: not a local, not a
// function of the program.
DEVFN int32_t map_filter(Compiler* c, const Token* name);
DEV int builtin_here(Compiler* c, const char* name) {
  const Token* t = &c->cur;
  return tok_is(c, t, name) && c->nxt.kind == TK_LPAREN && !find_local(c, t->start, t->len) &&
         find_func(c, t->start, t->len) == -1;
}

// The element type of iterating the value on the stack, of type *t; T_BAD
// with a diagnostic when it is not iterable. An Optional is unwrapped and a
// tuple of one item type made a list: *t becomes the str or list type left.
DEV int32_t iter_elem(Compiler* c, const Pos* at, int32_t* t) {
  *t = tuple_as_list(c, decay(c, *t));
  if (*t == T_STR) return T_STR;
  if (is_list(&c->types, *t)) return item_type(c, at, elem_of(&c->types, *t));
  if (*t != T_BAD) { error_at(c, at, DG_TYPE, "'"); msg_type(c, *t); msg(c->diag, "' object is not iterable"); }
  return T_BAD;
}

// A loop over the str or list on the stack (reversed: last item first).
DEV void seq_loop(Compiler* c, int32_t t, int rev, Iter* it) {
  int32_t h = new_slots(c, 2);
  int list = t != T_STR;
  emit(c, list && rev ? OP_LIST_REV_INIT : OP_ITER_INIT, h);
  it->op = list ? (rev ? OP_FOR_LIST_REV : OP_FOR_LIST) : (rev ? OP_FOR_STR_REV : OP_FOR_STR);
  it->arg = h;
  it->n = 1;
}

// range_args := '(' expression [',' expression [',' expression]] ')'
// leaves start, stop, step on the stack
DEVFN int range_args(Compiler* c, const Token* name) {
  int32_t ts[MAX_PARAMS];
  Pos at[MAX_PARAMS];
  int32_t n = call_args(c, ts, at, MAX_PARAMS);
  if (n < 0) return 0;
  if (n == 0 || n > 3) {
    error_at(c, name, DG_TYPE, n ? "range expected at most 3 arguments" : "range expected at least 1 argument, got 0");
    return 0;
  }
  for (int32_t i = 0; i < n; i++) if (!is_intlike(ts[i])) { arg_type_error(c, &at[i], name, ts[i]); return 0; }
  if (n == 1) { emit_int(c, 0); emit0(c, OP_SWAP); }
  if (n < 3) emit_int(c, 1);
  return 1;
}

// seq_arg := expression      a str or list argument of enumerate/zip; returns its element type
DEVFN int32_t iterator_call(Compiler* c);
DEV int32_t seq_arg(Compiler* c, int32_t* t) {
  Pos at; at.line = c->cur.line; at.col = c->cur.col;
  *t = iterator_call(c);  // zip(reversed(xs), ys): consumed whole
  if (*t == T_UNK) *t = expression(c);
  return iter_elem(c, &at, t);
}

// iterable := 'range' args | 'reversed' '(' (range | expression) ')'
//           | 'enumerate' '(' expression [',' expression] ')'
//           | 'zip' '(' expression ',' expression ')' | expression
// Emits the loop's set-up; `comp`: in a comprehension, where the iterable
// is an or_test (its `if` belongs to the comprehension).
DEVFN int iterable(Compiler* c, Iter* it, int comp) {
  int rev = 0;
  Token name = c->cur;
  if (builtin_here(c, "reversed")) { advance(c); advance(c); rev = 1; }
  if (builtin_here(c, "range")) {
    name = c->cur;
    advance(c);
    int32_t d0 = c->f.depth;
    if (!range_args(c, &name)) return 0;
    int32_t h = new_slots(c, 3);
    emit(c, OP_RANGE_INIT, h);
    c->f.depth = d0;
    if (rev) emit(c, OP_RANGE_REV, h);
    it->op = OP_FOR_RANGE; it->arg = h; it->n = 1; it->t[0] = T_INT;
  } else if (!rev && builtin_here(c, "enumerate")) {
    advance(c); advance(c);
    int32_t t;
    it->t[1] = seq_arg(c, &t);
    if (accept(c, TK_COMMA) && !check(c, TK_RPAREN)) {
      if (tok_is(c, &c->cur, "start") && c->nxt.kind == TK_ASSIGN) { advance(c); advance(c); }  // start=
      Token at = c->cur;
      int32_t s = expression(c);
      if (s != T_BAD && !is_intlike(s)) { arg_type_error(c, &at, &name, s); return 0; }
    } else {
      emit_int(c, 0);
    }
    expect(c, TK_RPAREN, "expected ')' after enumerate(...)");
    if (failed(c) || it->t[1] == T_BAD) return 0;
    int32_t h = new_slots(c, 3);
    emit(c, OP_ENUM_INIT, h);
    it->op = t == T_STR ? OP_FOR_ENUM_STR : OP_FOR_ENUM_LIST; it->arg = h; it->n = 2; it->t[0] = T_INT;
  } else if (!rev && builtin_here(c, "zip")) {
    advance(c); advance(c);
    int32_t ta, tb;
    it->t[0] = seq_arg(c, &ta);
    expect(c, TK_COMMA, "zip() of one iterable is not supported; expected ','");
    if (failed(c)) return 0;
    it->t[1] = seq_arg(c, &tb);
    accept(c, TK_COMMA);
    if (!check(c, TK_RPAREN) && !failed(c)) { unsupported(c, &c->cur, "zip() of more than two iterables"); return 0; }
    expect(c, TK_RPAREN, "expected ')' after zip(...)");
    if (failed(c) || it->t[0] == T_BAD || it->t[1] == T_BAD) return 0;
    int32_t h = new_slots(c, 3);
    emit(c, OP_ZIP_INIT, h);
    it->op = OP_FOR_ZIP; it->arg = SETARG(PAIR, h) | SETARG(STR1, ta == T_STR) | SETARG(STR2, tb == T_STR); it->n = 2;
  } else {
    Pos at; at.line = c->cur.line; at.col = c->cur.col;
    int32_t t;
    if (!rev && (builtin_here(c, "map") || builtin_here(c, "filter"))) { advance(c); t = map_filter(c, &name); }
    else t = comp && !rev ? logic(c, 0, 1) : expression(c);  // in reversed(...) any expression
    int32_t e = iter_elem(c, &at, &t);
    if (e == T_BAD) return 0;
    seq_loop(c, t, rev, it);
    it->t[0] = e;
  }
  if (rev) expect(c, TK_RPAREN, "expected ')' after reversed(...)");
  return !failed(c);
}

// targets := NAME (',' NAME)* | '(' targets ')'
DEVFN int32_t loop_targets(Compiler* c, Token* names) {
  int32_t n = 0;
  int paren = accept(c, TK_LPAREN);
  do {
    if (check(c, TK_LPAREN) || check(c, TK_LBRACKET)) { unsupported(c, &c->cur, "nested unpacking in a loop target"); return 0; }
    if (!check(c, TK_NAME)) { error_tok(c, &c->cur, DG_SYNTAX, "expected a loop variable"); return 0; }
    if (n == MAX_TARGETS) { unsupported(c, &c->cur, "more than 8 loop variables"); return 0; }
    names[n++] = c->cur;
    advance(c);
  } while (accept(c, TK_COMMA) && !check(c, TK_IN) && !check(c, TK_RPAREN));
  if (paren) expect(c, TK_RPAREN, "expected ')'");
  return failed(c) ? 0 : n;
}

// Store one step's values (on the stack, the last on top) into the
// targets, unpacking a tuple or list item over several names. `fresh`: a
// comprehension's own variables (new locals, shadowing); otherwise the
// function's locals, bound for the rest of block `serial`.
DEVFN void bind_targets(Compiler* c, const Token* names, int32_t n, const Iter* it, int fresh, int32_t serial) {
  int32_t types[MAX_TARGETS];
  TypeTable* tt = &c->types;
  int32_t t0 = it->t[0];
  if (it->n == n) {
    for (int32_t i = 0; i < n; i++) types[i] = it->t[i];
  } else if (it->n == 1 && is_tuple(tt, t0) && tt->t[t0].n == n) {
    emit_count(c, OP_UNPACK_TUPLE, n);
    for (int32_t i = 0; i < n; i++) types[i] = tt->t[t0].items[i];
  } else if (it->n == 1 && is_list(tt, t0) && n > 1) {
    emit_count(c, OP_UNPACK_LIST, n);
    Pos at; at.line = names[0].line; at.col = names[0].col;
    int32_t e = item_type(c, &at, elem_of(tt, t0));
    for (int32_t i = 0; i < n; i++) types[i] = e;
  } else if (it->n == 2 && n == 1) {
    unsupported(c, &names[0], "one loop variable over enumerate() or zip() (a tuple each step)");
    return;
  } else {
    error_at(c, &names[0], DG_TYPE, "cannot unpack ");
    if (it->n == 1) msg_type(c, t0); else msg(c->diag, "a pair");
    msg(c->diag, " into "); msg_int(c->diag, n); msg(c->diag, n == 1 ? " variable" : " variables");
    return;
  }
  for (int32_t i = n - 1; i >= 0 && !failed(c); i--) {
    if (!fresh) { store_name_in(c, &names[i], types[i], 1, serial); continue; }
    Local* l = declare_local(c, &names[i], types[i], 0);
    if (l && !fuse_for_store(c, l->slot, 0)) emit(c, OP_STORE, l->slot);
  }
}

// ---- comprehensions


// The element, compiled into the innermost loop, feeding the sink; the
// accumulator is local `acc`. Returns the element's type.
DEVFN int32_t comp_element(Compiler* c, int sink, int32_t acc, int32_t* done) {
  Token at = c->cur;
  if (sink == SINK_LIST || sink == SINK_SUM) emit(c, OP_LOAD, acc);
  int32_t t = sink == SINK_ANY || sink == SINK_ALL ? expr_cond(c) : expression(c);
  if (t == T_BAD) return T_BAD;
  if (!check(c, TK_FOR)) { error_tok(c, &c->cur, DG_SYNTAX, "expected 'for' after a comprehension's element"); return T_BAD; }
  if (sink == SINK_LIST) {
    if (t == T_NONE) { unsupported(c, &at, "a list of None"); return T_BAD; }
    emit0(c, OP_LIST_APPEND);
  } else if (sink == SINK_SUM) {
    if (is_intlike(t)) emit_int_op(c, OP_ADD_INT, 0);
    else if (t == T_FLOAT) emit0(c, OP_ADD_FLOAT);
    else { error_at(c, &at, DG_TYPE, "sum() of "); msg_type(c, t); return T_BAD; }
    emit(c, OP_STORE, acc);
  } else {
    // any: the first true element decides; all: the first false one
    int32_t skip = emit(c, sink == SINK_ANY ? OP_JUMP_IF_FALSE : OP_JUMP_IF_TRUE, 0);
    emit_int(c, sink == SINK_ANY);
    emit(c, OP_STORE, acc);
    *done = jump_list_add(c, *done, OP_JUMP);
    patch_here(c, skip);
  }
  return t;
}

// comprehension := element ('for' targets 'in' or_test ('if' or_test)*)+
// The current token is the element's first. Leaves the list (SINK_LIST),
// the sum, or the any/all verdict; returns the result type.
DEVFN int32_t comprehension(Compiler* c, int sink) {
  if (!enter(c)) return T_BAD;
  Mark elem, end;
  mark(c, &elem);
  skip_to(c, TK_FOR);
  int32_t acc = new_slots(c, 1);
  // int 0 and float 0.0 have the same bits, so a sum starts from either
  if (sink == SINK_LIST) emit_count(c, OP_LIST_NEW, 0);
  else emit_int(c, sink == SINK_ALL);
  emit(c, OP_STORE, acc);
  int32_t nlocals0 = c->f.nlocals;
  int32_t heads[MAX_COMP_FORS], next[MAX_COMP_FORS], nfor = 0, done = -1;
  while (check(c, TK_FOR) && !failed(c)) {
    Token kw = c->cur;
    advance(c);
    if (nfor == MAX_COMP_FORS) { unsupported(c, &kw, "more than 4 'for' clauses in one comprehension"); break; }
    Token names[MAX_TARGETS];
    int32_t n = loop_targets(c, names);
    expect(c, TK_IN, "expected 'in'");
    Iter it;
    if (failed(c) || !iterable(c, &it, 1)) break;
    label(c);
    heads[nfor] = emit(c, it.op, it.arg);
    next[nfor++] = -1;
    bind_targets(c, names, n, &it, 1, 0);
    while (check(c, TK_IF) && !failed(c)) {
      advance(c);
      if (logic(c, 1, 1) == T_BAD) break;
      next[nfor - 1] = jump_list_add(c, next[nfor - 1], OP_JUMP_IF_FALSE);
    }
  }
  int32_t t = T_BAD;
  if (!failed(c)) {
    mark(c, &end);
    restore(c, &elem);
    t = comp_element(c, sink, acc, &done);
    restore(c, &end);
  }
  for (int32_t i = nfor - 1; i >= 0 && !failed(c); i--) {
    patch_list(c, next[i]);
    emit_loop_end(c, heads[i]);
    patch_here(c, heads[i]);
  }
  patch_list(c, done);
  c->f.nlocals = nlocals0;  // the comprehension's variables end with it
  c->nesting--;
  if (failed(c) || t == T_BAD) return T_BAD;
  emit(c, OP_LOAD, acc);
  if (sink == SINK_ANY || sink == SINK_ALL) return T_BOOL;
  if (sink == SINK_SUM) return t == T_FLOAT ? T_FLOAT : T_INT;
  return checked_list(c, &elem.cur, t);
}
