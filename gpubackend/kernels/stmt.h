// stmt.h: statements, function bodies and the module: the parser's top.
// Each statement rule returns whether control can fall through to the next
// statement, which is how a missing `return` is found at compile time.
#pragma once
#include "atoms.h"

DEVFN int statement(Compiler* c);
DEVFN int nested_def(Compiler* c);

// block := ':' (simple_stmts | NEWLINE INDENT statement+ DEDENT)
DEVFN int block(Compiler* c) {
  expect(c, TK_COLON, "expected ':'");
  if (failed(c)) return 1;
  if (!enter(c)) return 1;
  int falls = 1;
  c->f.block_depth++;
  c->f.open_blocks[c->f.nopen++] = ++c->f.block_serial;
  if (accept(c, TK_NEWLINE)) {
    expect(c, TK_INDENT, "expected an indented block");
    while (!check(c, TK_DEDENT) && !check(c, TK_EOF) && !failed(c))
      if (!statement(c)) falls = 0;
    accept(c, TK_DEDENT);
  } else {
    // a simple statement list on the same line: no if/while/for/def there
    int k = c->cur.kind;
    if (k == TK_IF || k == TK_WHILE || k == TK_FOR || k == TK_DEF || k == TK_CLASS || k == TK_TRY ||
        k == TK_WITH || k == TK_ELIF || k == TK_ELSE) {
      error_tok(c, &c->cur, DG_SYNTAX, "invalid syntax");
    } else {
      falls = statement(c);
    }
  }
  c->f.block_depth--;
  c->f.nopen--;
  c->nesting--;
  return falls;
}

struct Joined {
  Local* l[MAX_JOIN_NARROW];
  int32_t n, started;
};
// A branch (block `serial`) ended; falls: whether control leaves it at its end.
DEV void join_branch(Compiler* c, Joined* j, int32_t serial, int falls) {
  if (!falls) return;
  if (!j->started) {
    j->started = 1;
    for (int32_t i = 0; i < c->f.nlocals && j->n < MAX_JOIN_NARROW; i++)
      if (c->f.locals[i].narrow_in == serial && c->f.locals[i].narrow_loops == c->f.nloops) j->l[j->n++] = &c->f.locals[i];
    return;
  }
  int32_t k = 0;
  for (int32_t i = 0; i < j->n; i++)
    if (j->l[i]->narrow_in == serial && j->l[i]->narrow_loops == c->f.nloops) j->l[k++] = j->l[i];
  j->n = k;
}

// The test ahead (up to its ':' at bracket depth 0): CHAIN_AND when it is
// an `and` chain entire (no `or`, conditional expression or lambda at its
// top), CHAIN_OR when an `or` chain entire (its operands may be `and`s).
enum { CHAIN_NONE, CHAIN_AND, CHAIN_OR };
DEVFN int chain_ahead(Compiler* c) {
  Mark m;
  mark(c, &m);
  int32_t depth = 0;
  int ands = 0, ors = 0, other = 0;
  while (!failed(c) && !check(c, TK_EOF) && !check(c, TK_NEWLINE)) {
    int d = bracket_delta(c->cur.kind);
    if (depth == 0 && (d < 0 || check(c, TK_COLON))) break;
    if (depth == 0 && check(c, TK_AND)) ands = 1;
    if (depth == 0 && check(c, TK_OR)) ors = 1;
    if (depth == 0 && (check(c, TK_IF) || check(c, TK_LAMBDA))) other = 1;
    depth += d;
    advance(c);
  }
  restore(c, &m);
  return other ? CHAIN_NONE : ors ? CHAIN_OR : ands ? CHAIN_AND : CHAIN_NONE;
}

// An if/while test: expr_cond, where an `and` chain's operands but the
// last jump out themselves (logic); *falses gets their jump list, which
// the statement patches to where its own jump on false goes. With `ors`
// (an if, whose block follows the test), an `or` chain's operands but the
// last jump into the block themselves; *trues gets that list, for the
// statement to patch to its block. (A while's test is copied to its end,
// where a jump into the block would go backward: its `or`s keep values.)
DEVFN int32_t cond_test(Compiler* c, int ors, int32_t* falses, int32_t* trues) {
  c->false_list = c->true_list = -1;
  int chain = chain_ahead(c);
  c->and_jumps = chain == CHAIN_AND;
  c->or_jumps = ors && chain == CHAIN_OR;
  int32_t t = expr_cond(c);
  c->and_jumps = c->or_jumps = 0;
  *falses = c->false_list;
  *trues = c->true_list;
  c->false_list = c->true_list = -1;
  return t;
}

// if_stmt := 'if' expression block ('elif' expression block)* ['else' block]
// `if x is not None:` narrows x in its block; `if x is None:` in the else
// block (with no elif between), and after the statement when its block
// cannot fall through; what every branch leaves narrowed stays so after.
DEVFN int if_stmt(Compiler* c) {
  int32_t ends = -1;  // a jump list
  int32_t falls = 0, has_else = 0, first = 1, elifs = 0;
  Local* is_none = 0;  // the x of a first test `x is None`
  int after = 0;       // the first block of `if x is None` cannot fall through
  Joined j;
  j.n = 0; j.started = 0;
  do {
    advance(c);  // 'if' or 'elif'
    Local* not_none = none_test(c, 1, TK_COLON);
    if (first) is_none = none_test(c, 0, TK_COLON);
    int32_t falses, trues;
    if (cond_test(c, 1, &falses, &trues) == T_BAD) return 1;
    int32_t jnext = emit_jump_if_false(c);
    patch_list(c, trues);
    int32_t serial = c->f.block_serial + 1;  // the serial block() gives
    if (not_none) narrow(c, not_none, serial);
    int body_falls = block(c);
    join_branch(c, &j, serial, body_falls);
    if (body_falls) falls = 1;
    if (first) after = is_none && !body_falls;
    else elifs = 1;
    if (check(c, TK_ELIF) || check(c, TK_ELSE)) ends = jump_list_add(c, ends, OP_JUMP);
    patch_here(c, jnext);
    patch_list(c, falses);
    first = 0;
  } while (check(c, TK_ELIF) && !failed(c));
  if (accept(c, TK_ELSE)) {
    has_else = 1;
    int32_t serial = c->f.block_serial + 1;
    if (is_none && !elifs) narrow(c, is_none, serial);
    int body_falls = block(c);
    join_branch(c, &j, serial, body_falls);
    if (body_falls) falls = 1;
  }
  patch_list(c, ends);
  int32_t here = c->f.nopen ? c->f.open_blocks[c->f.nopen - 1] : 0;
  // `if x is None: return ...` (no elif, no else): x is not None from here
  if (after && !has_else && !elifs) narrow(c, is_none, here);
  if (has_else && j.started) for (int32_t i = 0; i < j.n; i++) narrow(c, j.l[i], here);
  return falls || !has_else;
}

// loop_else := ['else' block]   after a loop's natural end (its `break`s
// jump past it); returns whether control can leave the else block (1
// when there is none).
DEV int loop_else(Compiler* c) {
  if (!accept(c, TK_ELSE)) return 1;
  return block(c);
}

DEV Loop* loop_begin(Compiler* c, int32_t head) {
  if (c->f.nloops >= MAX_LOOPS) { limit_error(c, "MAX_LOOPS (nested loops)"); return 0; }
  Loop* l = &c->f.loops[c->f.nloops++];
  l->head = head; l->nbreaks = 0; l->has_break = 0;
  return l;
}
// Close the innermost loop after its natural exit: compile its else block
// (where `break` and `continue` belong to an enclosing loop), then point
// its breaks past it. Returns whether control can leave the else block.
DEVFN int loop_end(Compiler* c) {
  Loop l = c->f.loops[--c->f.nloops];
  int falls = loop_else(c);
  for (int32_t i = 0; i < l.nbreaks; i++) patch_here(c, l.breaks[i]);
  return falls;
}

// while_stmt := 'while' expression block loop_else
DEVFN int while_stmt(Compiler* c) {
  advance(c);
  int forever = (check(c, TK_TRUE) || (check(c, TK_INT) && c->cur.ival != 0)) && c->nxt.kind == TK_COLON;
  label(c);
  int32_t head = c->out->n_code;
  int32_t falses, trues;
  if (cond_test(c, 0, &falses, &trues) == T_BAD) return 1;
  int32_t jexit = emit_jump_if_false(c);
  int32_t body = c->out->n_code;
  Loop* l = loop_begin(c, head);
  if (!l) return 1;
  block(c);
  emit_loop_test(c, head, jexit, body, falses);
  patch_here(c, jexit);
  patch_list(c, falses);
  int broke = c->f.loops[c->f.nloops - 1].has_break;
  int else_falls = loop_end(c);
  return (!forever && else_falls) || broke;
}

// for_stmt := 'for' targets 'in' iterable block loop_else
DEVFN int for_stmt(Compiler* c) {
  advance(c);
  Token names[MAX_TARGETS];
  int32_t n = loop_targets(c, names);
  expect(c, TK_IN, "expected 'in'");
  Iter it;
  if (failed(c) || !iterable(c, &it, 0)) return 1;
  label(c);
  int32_t head = emit(c, it.op, it.arg);
  // targets are stored each iteration; the body may run zero times, so a
  // new loop variable is read through its unbound-flag after the loop
  bind_targets(c, names, n, &it, 0, c->f.block_serial + 1);  // the serial block() gives the body
  if (!loop_begin(c, head)) return 1;
  block(c);
  emit_loop_end(c, head);
  patch_here(c, head);
  int broke = c->f.loops[c->f.nloops - 1].has_break;
  int else_falls = loop_end(c);
  return else_falls || broke;
}

// Whether the '(' here closes right before the statement's end (its
// expression is that parenthesized one entire). The scan stops on the ')':
// past a line's end the lexer would take in the next line's indentation,
// which a Mark does not restore (none_test).
DEVFN int paren_ends_statement(Compiler* c) {
  Mark m;
  mark(c, &m);
  int32_t depth = 0;
  for (;;) {
    depth += bracket_delta(c->cur.kind);
    if (depth <= 0 || failed(c) || check(c, TK_EOF) || check(c, TK_NEWLINE)) break;
    advance(c);
  }
  int k = c->nxt.kind;
  int ends = depth == 0 && check(c, TK_RPAREN) && (k == TK_NEWLINE || k == TK_SEMI || k == TK_EOF);
  restore(c, &m);
  return ends;
}

// An expression whose value is to be of type `want` (a return, an annotated
// assignment): a parenthesized tuple display that is the rest of the
// statement takes want's tuple type, its None and T items the Optionals
// that type says (atoms.h, tuple_rest).
DEVFN int32_t expression_as(Compiler* c, int32_t want) {
  c->want_tuple = is_tuple(&c->types, want) && check(c, TK_LPAREN) && paren_ends_statement(c) ? want : -1;
  int32_t t = expression(c);
  c->want_tuple = -1;
  return t;
}

// return_stmt := 'return' [expression]
DEVFN int return_stmt(Compiler* c) {
  Token kw = c->cur;
  advance(c);
  int32_t ret = c->funcs[c->f.fn].ret;
  int bare = check(c, TK_NEWLINE) || check(c, TK_SEMI) || check(c, TK_EOF) ||
             (check(c, TK_NONE) && (c->nxt.kind == TK_NEWLINE || c->nxt.kind == TK_SEMI));
  if (bare) {
    if (check(c, TK_NONE)) advance(c);
    if (ret != T_NONE && !is_opt(&c->types, ret) && c->f.fn == c->entry) {
      emit(c, OP_RAISE, ST_WRONG_ANSWER);  // None from the entry (see funcdef)
      entry_may_return_none(c, EN_BARE_RETURN, kw.line, kw.col, ret);
      return 0;
    }
    if (ret != T_NONE && !is_opt(&c->types, ret)) {
      error_at(c, &kw, DG_TYPE, "return without a value in a function returning "); msg_type(c, ret);
      return 0;
    }
    emit_int(c, 0);
  } else {
    Token at = c->cur;
    int32_t t = expression_as(c, ret);  // a tuple display returned takes the function's tuple type
    if (t == T_BAD) return 0;
    if (check(c, TK_COMMA)) t = tuple_rest(c, &at, t, TK_NEWLINE, is_tuple(&c->types, ret) ? ret : -1);
    if (t == T_BAD) return 0;
    if (c->f.fn == c->entry && is_opt(&c->types, t) && type_fits(&c->types, ret, elem_of(&c->types, t))) {
      // the entry returns None where its type says T: CPython's None is a wrong answer
      emit0(c, OP_DUP);
      int32_t jok = emit(c, OP_JUMP_IF_TRUE, 0);
      emit(c, OP_RAISE, ST_WRONG_ANSWER);
      patch_here(c, jok);
      entry_may_return_none(c, EN_OPTIONAL, at.line, at.col, t);
      t = decay(c, t);
    }
    if (!coerce(c, ret, t)) {
      error_at(c, &at, DG_TYPE, "returns "); msg_type(c, t); msg(c->diag, " from a function returning ");
      msg_type(c, ret);
      return 0;
    }
  }
  emit_return(c);
  return 0;
}

// assert_stmt := 'assert' expression [',' expression]
DEV int assert_stmt(Compiler* c) {
  advance(c);
  if (expr_cond(c) == T_BAD) return 1;
  int32_t jok = emit(c, OP_JUMP_IF_TRUE, 0);
  if (accept(c, TK_COMMA)) {  // the message is evaluated only on failure
    if (expression(c) == T_BAD) return 1;
    emit0(c, OP_POP);
  }
  emit(c, OP_RAISE, ST_ASSERTION_ERROR);
  patch_here(c, jok);
  return 1;
}

// raise_stmt := 'raise' NAME ['(' args ')']     for the exception classes the VM reports
DEVFN int raise_stmt(Compiler* c) {
  Token kw = c->cur;
  advance(c);
  Token name = c->cur;
  if (!check(c, TK_NAME)) { unsupported(c, &kw, "bare raise"); return 0; }
  int32_t st = -1;
  const char* names[] = {"ZeroDivisionError", "IndexError", "ValueError", "KeyError",
                         "AssertionError", "OverflowError", "RecursionError", "MemoryError",
                         "UnboundLocalError", "TypeError", "AttributeError"};
  const int32_t codes[] = {ST_ZERO_DIVISION, ST_INDEX_ERROR, ST_VALUE_ERROR, ST_KEY_ERROR,
                           ST_ASSERTION_ERROR, ST_OVERFLOW_ERROR, ST_RECURSION_ERROR, ST_MEMORY_ERROR,
                           ST_UNBOUND_LOCAL, ST_TYPE_ERROR, ST_ATTRIBUTE_ERROR};
  for (int32_t i = 0; i < 11; i++) if (span_eq(c->src + name.start, name.len, names[i])) st = codes[i];
  if (st < 0) { unsupported(c, &name, "raise of '"); msg_tok(c, &name); msg(c->diag, "'"); return 0; }
  advance(c);
  if (check(c, TK_LPAREN)) {  // arguments are evaluated (they may raise first)
    int32_t ts[MAX_PARAMS];
    Pos at[MAX_PARAMS];
    int32_t n = call_args(c, ts, at, MAX_PARAMS);
    for (int32_t i = 0; i < n; i++) emit0(c, OP_POP);
  }
  if (check(c, TK_FROM)) { unsupported(c, &c->cur, "raise ... from"); return 0; }
  emit(c, OP_RAISE, st);
  return 0;
}

// import_stmt := 'import' NAME | 'from' NAME 'import' names
// Only typing (annotations) and math are known; they emit no code.
DEVFN int import_stmt(Compiler* c) {
  Token kw = c->cur;
  advance(c);
  Token mod = c->cur;
  expect(c, TK_NAME, "expected a module name");
  if (failed(c)) return 1;
  int typing = tok_is(c, &mod, "typing") || tok_is(c, &mod, "__future__");
  if (kw.kind == TK_IMPORT) {
    if (tok_is(c, &mod, "math")) c->f.fn_math = 1;  // a function's own import (module level: see prepass)
    if (!typing && !tok_is(c, &mod, "math")) { unsupported(c, &mod, "import of '"); msg_tok(c, &mod); msg(c->diag, "'"); return 1; }
    if (check(c, TK_AS) || check(c, TK_COMMA) || check(c, TK_DOT)) { unsupported(c, &c->cur, "this form of import"); return 1; }
    return 1;
  }
  int math = tok_is(c, &mod, "math");
  if (!typing && !math) { unsupported(c, &mod, "from-import of '"); msg_tok(c, &mod); msg(c->diag, "'"); return 1; }
  expect(c, TK_IMPORT, "expected 'import'");
  int paren = accept(c, TK_LPAREN);
  if (!failed(c) && !check(c, TK_NAME) && !check(c, TK_STAR)) {  // `from typing import` and no name
    error_tok(c, &c->cur, DG_SYNTAX, "expected a name to import");
    return 1;
  }
  while (check(c, TK_NAME) || check(c, TK_STAR)) {
    if (math) {
      // the name is then math's function (module level: for the functions after it)
      int module = c->f.fn < 0;
      int32_t* names = module ? c->from_math : c->f.from_math;
      int32_t* n = module ? &c->nfrom_math : &c->f.nfrom_math;
      if (check(c, TK_STAR) || c->nxt.kind == TK_AS) { unsupported(c, &c->cur, "this form of from-import"); return 1; }
      if (*n == MAX_FROM_MATH) { unsupported(c, &c->cur, "more than 8 names from math"); return 1; }
      if (!math_known(c->src + c->cur.start, c->cur.len)) { unsupported(c, &c->cur, "math."); msg_tok(c, &c->cur); return 1; }
      names[(*n)++] = c->cur.start;
    }
    advance(c);
    if (!accept(c, TK_COMMA)) break;
    if (!paren && !check(c, TK_NAME)) {
      error_tok(c, &c->cur, DG_SYNTAX, "trailing comma not allowed without surrounding parentheses");
      return 1;
    }
  }
  if (paren) expect(c, TK_RPAREN, "expected ')'");
  return 1;
}

DEVFN int32_t parse_type(Compiler* c);

// Unmake the item read that ends a target just compiled (xs[i]), leaving
// the list and the index for LIST_SET; returns 0 with a diagnostic when
// the target is not a list item (or slice, where allowed).
// `slice` (when not null) accepts a slice too: *slice is then its LIST_SLICE
// selector (the list, lo, hi and step stay on the stack), else -1.
DEV int undo_item_read(Compiler* c, const Token* at, int32_t* slice = 0) {
  if (slice) *slice = -1;
  Program* p = c->out;
  int32_t last = p->n_code - 1;
  int op = c->f.prev1 == last && last >= 0 ? INSN_OP(p->code[last]) : -1;
  if (op == OP_LIST_GET) {
    p->n_code = last;
    c->f.depth += 1;
    label(c);
    return 1;
  }
  if (op == OP_LIST_GET_LL || op == OP_LIST_GET_LK) {  // unfused: the list and the index
    int32_t a = INSN_ARG(p->code[last]);
    p->n_code = last;
    c->f.depth -= 1;
    label(c);
    emit(c, OP_LOAD, GETARG(a, A));
    if (op == OP_LIST_GET_LL) emit(c, OP_LOAD, GETARG(a, B));
    else emit(c, OP_CONST, GETARG(a, K));
    label(c);
    return 1;
  }
  if (op == OP_LIST_GET_L) {  // the index on the stack: the list under it
    int32_t a = INSN_ARG(p->code[last]);
    p->n_code = last;
    label(c);
    emit(c, OP_LOAD, a);
    emit0(c, OP_SWAP);
    label(c);
    return 1;
  }
  if (op == OP_LIST_SLICE && slice) {
    *slice = INSN_ARG(p->code[last]);  // which bounds are given
    p->n_code = last;
    c->f.depth += 3;
    label(c);
    return 1;
  }
  if (failed(c)) return 0;
  if (op == OP_STR_INDEX || op == OP_STR_INDEX_L) error_at(c, at, DG_TYPE, "'str' object does not support item assignment");
  else if (op == OP_TUPLE_GET) error_at(c, at, DG_TYPE, "'tuple' object does not support item assignment");
  else if (op == OP_LIST_SLICE) unsupported(c, at, "augmented assignment to a slice");
  else error_at(c, at, DG_SYNTAX, "cannot assign to this expression");
  return 0;
}

// The item store after a target's list and index and then the value (of
// type t) were pushed: the value must be the list's item type.
DEV void store_item(Compiler* c, const Token* at, int32_t item, int32_t t) {
  if (t == T_BAD || item == T_BAD || failed(c)) return;
  if (!coerce(c, item, t)) {
    error_at(c, at, DG_TYPE, "cannot store "); msg_type(c, t); msg(c->diag, " in a list of ");
    msg_type(c, item);
    return;
  }
  emit0(c, OP_LIST_SET);
}

// l[lo:hi:step] = v: the list and the bounds are on the stack (the list's
// type t); the value of type vt is in local `tmp`, or (tmp < 0) under them.
DEVFN void store_slice(Compiler* c, const Token* at, int32_t t, int32_t vt, int32_t sel, int32_t tmp) {
  if (!is_list(&c->types, vt) || unify_types(c, t, vt) == T_BAD) {
    error_at(c, at, DG_TYPE, "can only assign a list of the same type to a slice of a "); msg_type(c, t);
    return;
  }
  if (tmp < 0) {  // [v l lo hi step] -> [l lo hi step v] through hidden locals
    int32_t s = new_slots(c, 5);
    for (int32_t k = 3; k >= 0; k--) emit(c, OP_STORE, s + k);
    emit(c, OP_STORE, s + 4);
    for (int32_t k = 0; k < 5; k++) emit(c, OP_LOAD, s + k);
  } else {
    emit(c, OP_LOAD, tmp);
  }
  emit(c, OP_LIST_SLICE_SET, sel);
}

// The in-place form of `+=` on a list (xs += ys extends xs, which every
// alias sees); the list is on the stack, the operand is read here.
DEVFN int32_t list_iadd(Compiler* c, int32_t t) {
  Token at = c->cur;
  int32_t r = expression(c);
  if (r == T_BAD) return T_BAD;
  int32_t e = elem_of(&c->types, t);
  if (r == T_STR && (e == T_STR || e == T_UNK)) { emit0(c, OP_LIST_OF_STR); r = checked_list(c, &at, T_STR); }
  if (!is_list(&c->types, r) || unify_types(c, t, r) == T_BAD) {
    type_error2(c, &at, "+= of ", r, T_BAD); msg(c->diag, " to a "); msg_type(c, t);
    return T_BAD;
  }
  Program* p = c->out;
  int32_t p1 = c->f.prev1;
  if (p1 >= 0 && p1 == p->n_code - 1 && p->code[p1] == INSN(OP_LIST_NEW, 1)) {
    p->n_code = p1;  // xs += [x] appends x: no one-item list is made to be copied
    c->f.prev1 = c->f.prev2;
    c->f.prev2 = -1;
    emit0(c, OP_LIST_APPEND);
  } else {
    emit0(c, OP_LIST_EXTEND);
  }
  return unify_types(c, t, r);
}

// The in-place form of `*=` on a list (xs *= n repeats xs itself, which
// every alias sees); the list is on the stack, the count is read here.
DEVFN int list_imul(Compiler* c) {
  Token at = c->cur;
  int32_t n = decay(c, expression(c));
  if (n == T_BAD) return 0;
  if (!is_intlike(n)) { error_at(c, &at, DG_TYPE, "can't multiply a list by "); msg_type(c, n); return 0; }
  emit0(c, OP_LIST_IREPEAT);
  return 1;
}

// aug_name := NAME augop expression
DEVFN void aug_name(Compiler* c, const Token* name) {
  Token op = c->cur;
  advance(c);
  Local* l = find_local(c, name->start, name->len);
  if (!l) { error_at(c, name, DG_NAME, "name '"); msg_tok(c, name); msg(c->diag, "' is not defined"); return; }
  int32_t load = c->out->n_code;
  emit_load(c, l);
  if (is_list(&c->types, l->type) && op.kind == TK_PLUS_EQ) {
    int32_t t = list_iadd(c, l->type);
    if (t != T_BAD) l->type = t;
    return;
  }
  if (is_list(&c->types, l->type) && op.kind == TK_STAR_EQ) { list_imul(c); return; }
  int32_t r = expression(c);
  int32_t t = emit_binary(c, &op, aug_to_binary(op.kind), l->type, r);
  if (t != T_BAD && t != l->type) {
    error_at(c, name, DG_TYPE, "'"); msg_tok(c, name); msg(c->diag, "' is "); msg_type(c, l->type);
    msg(c->diag, ", the result is "); msg_type(c, t);
    return;
  }
  if (t == T_INT && fuse_aug_store(c, load, l->slot)) return;
  emit_store(c, l);
}

// aug_item := postfix '[' expression ']' augop expression     (the target compiled)
DEVFN void aug_item(Compiler* c, const Token* at, int32_t item) {
  Token op = c->cur;
  advance(c);
  if (!undo_item_read(c, at)) return;
  emit0(c, OP_DUP2);
  emit0(c, OP_LIST_GET);
  int32_t t;
  if (is_list(&c->types, item) && op.kind == TK_PLUS_EQ) {
    emit0(c, OP_DUP);  // the item list itself is extended, then stored back
    t = list_iadd(c, item);
  } else if (is_list(&c->types, item) && op.kind == TK_STAR_EQ) {
    emit0(c, OP_DUP);
    t = list_imul(c) ? item : T_BAD;
  } else {
    t = emit_binary(c, &op, aug_to_binary(op.kind), item, expression(c));
  }
  store_item(c, at, item, t);
}

// annotated := NAME ':' type ['=' expression]
DEVFN void annotated(Compiler* c, const Token* name) {
  advance(c);  // ':'
  int32_t ann = parse_type(c);
  if (failed(c)) return;
  Local* l = find_local(c, name->start, name->len);
  if (l && l->type != ann) { error_at(c, name, DG_TYPE, "annotation changes the type of '"); msg_tok(c, name); msg(c->diag, "'"); return; }
  if (!l) {
    if (ann == T_NONE) { unsupported(c, name, "a variable of type None"); return; }
    l = declare_local(c, name, ann, 1);
  }
  if (!accept(c, TK_ASSIGN)) return;  // a bare annotation binds nothing
  Token at = c->cur;
  int32_t t = expression_as(c, ann);
  if (t == T_BAD) return;
  if (!coerce(c, ann, t)) { error_at(c, &at, DG_TYPE, "value is "); msg_type(c, t); msg(c->diag, ", annotation says "); msg_type(c, ann); return; }
  if (l && !failed(c)) emit_store(c, l);
}

// Scan the statement from here: the number of top-level targets before
// its '=' and whether all are plain names; stops at the '='. 0 when the
// statement has no top-level '='.
// `close`: the targets are in brackets, ( or [ already read, and end at
// this closing token, which a '=' must follow (-1: no brackets).
DEVFN int32_t scan_targets(Compiler* c, int* all_names, int close) {
  int32_t depth = 0, n = 1, run = 0;
  *all_names = 1;
  while (!failed(c) && !check(c, TK_EOF) && !check(c, TK_NEWLINE)) {
    int k = c->cur.kind;
    if (depth == 0 && close >= 0 && k == close) {
      if (c->nxt.kind != TK_ASSIGN) return 0;
      if (run != 1) *all_names = 0;
      advance(c);
      return n;
    }
    if (depth == 0 && k == TK_ASSIGN) { if (run != 1 || close >= 0) *all_names = 0; return close >= 0 ? 0 : n; }
    if (depth == 0 && k >= TK_PLUS_EQ && k <= TK_RSHIFT_EQ) return 0;  // xs[i] += ...
    if (depth == 0 && k == TK_STAR && run == 0 && c->nxt.kind == TK_NAME) {
      unsupported(c, &c->cur, "starred assignment target");
      return 0;
    }
    depth += bracket_delta(k);
    if (depth == 0 && k == TK_COMMA) { if (run != 1) *all_names = 0; n++; run = 0; }
    else run += k == TK_NAME ? 1 : 2;
    if (c->nxt.kind == TK_NEWLINE || c->nxt.kind == TK_EOF || c->nxt.kind == TK_SEMI) break;
    advance(c);
  }
  return 0;
}

// rhs := expression (',' expression)*: n values on the stack for n
// targets (a display of n items, or one tuple or list unpacked); types
// into ts. One target takes a display as a tuple.
DEVFN int rhs_values(Compiler* c, int32_t n, int32_t* ts) {
  if (check(c, TK_NAME) && c->nxt.kind == TK_ASSIGN) { unsupported(c, &c->nxt, "chained assignment"); return 0; }
  Token at = c->cur;
  int32_t t = expression(c);
  if (t == T_BAD) return 0;
  if (check(c, TK_ASSIGN)) { unsupported(c, &c->cur, "chained assignment"); return 0; }
  if (check(c, TK_COMMA) && n == 1) t = tuple_rest(c, &at, t, TK_NEWLINE);
  if (check(c, TK_COMMA)) {
    int32_t k = 1;
    ts[0] = t;
    while (accept(c, TK_COMMA) && !check(c, TK_NEWLINE) && !failed(c)) {
      if (k == n) { error_at(c, &c->cur, DG_TYPE, "too many values to unpack"); return 0; }
      ts[k++] = expression(c);
      if (ts[k - 1] == T_BAD) return 0;
    }
    if (k != n && !failed(c)) { error_at(c, &at, DG_TYPE, "not enough values to unpack"); return 0; }
    return !failed(c);
  }
  if (n == 1) { ts[0] = t; return 1; }
  TypeTable* tt = &c->types;
  if (is_tuple(tt, t)) {
    if (tt->t[t].n != n) { error_at(c, &at, DG_TYPE, tt->t[t].n > n ? "too many values to unpack" : "not enough values to unpack"); return 0; }
    emit_count(c, OP_UNPACK_TUPLE, n);
    for (int32_t i = 0; i < n; i++) ts[i] = tt->t[t].items[i];
    return 1;
  }
  if (is_list(tt, t)) {
    int32_t e = item_type(c, &at, elem_of(tt, t));
    emit_count(c, OP_UNPACK_LIST, n);
    for (int32_t i = 0; i < n; i++) ts[i] = e;
    return e != T_BAD;
  }
  if (t == T_STR) { unsupported(c, &at, "unpacking a str"); return 0; }
  error_at(c, &at, DG_TYPE, "cannot unpack "); msg_type(c, t);
  return 0;
}

// assign_stmt := target (',' target)* '=' rhs        target := NAME | postfix '[' expression ']'
// As CPython: the right side first, then the targets from left to right
// (an item target's list and index are evaluated after the right side).
DEVFN void assign_stmt(Compiler* c, int close) {
  Mark start, end;
  mark(c, &start);
  int all_names;
  int32_t n = scan_targets(c, &all_names, close);
  if (n > MAX_TARGETS) { unsupported(c, &start.cur, "more than 8 assignment targets"); return; }
  expect(c, TK_ASSIGN, "expected '='");
  int32_t ts[MAX_TARGETS];
  if (failed(c) || !rhs_values(c, n, ts)) return;
  mark(c, &end);
  restore(c, &start);
  if (all_names) {
    // distinct names: stored last first, straight from the stack
    Token names[MAX_TARGETS];
    for (int32_t i = 0; i < n; i++) {
      names[i] = c->cur;
      advance(c);
      for (int32_t k = 0; k < i; k++)
        if (same_name(c, names[k].start, names[k].len, names[i].start, names[i].len)) { unsupported(c, &names[i], "a name assigned twice in one statement"); return; }
      advance(c);  // ',' or '='
    }
    for (int32_t i = n - 1; i >= 0 && !failed(c); i--) store_name(c, &names[i], ts[i], c->f.block_depth > 0);
    restore(c, &end);
    return;
  }
  int32_t tmp = n > 1 ? new_slots(c, n) : -1;
  for (int32_t i = n - 1; i >= 0 && n > 1; i--) emit(c, OP_STORE, tmp + i);
  for (int32_t i = 0; i < n && !failed(c); i++) {
    Token at = c->cur;
    int nk = c->nxt.kind;
    if (check(c, TK_NAME) && (nk == TK_COMMA || nk == TK_ASSIGN || nk == close)) {
      advance(c);
      if (n > 1) emit(c, OP_LOAD, tmp + i);
      store_name(c, &at, ts[i], c->f.block_depth > 0);
    } else {
      int32_t item = postfix(c), slice;
      if (item == T_BAD || !undo_item_read(c, &at, &slice)) return;
      if (slice >= 0) {
        store_slice(c, &at, item, ts[i], slice, n > 1 ? tmp + i : -1);
      } else {
        if (n > 1) emit(c, OP_LOAD, tmp + i);
        else { emit0(c, OP_ROT3); emit0(c, OP_ROT3); }  // [v l i] -> [l i v]
        store_item(c, &at, item, ts[i]);
      }
    }
    int k = c->cur.kind;
    if (k != TK_COMMA && k != TK_ASSIGN && k != close && !failed(c)) {
      error_tok(c, &c->cur, DG_SYNTAX, "invalid syntax");
      return;
    }
    advance(c);  // ',' or '='
  }
  restore(c, &end);
}

// simple_stmt := pass | break | continue | return | assert | raise | import
//              | assignment | expression
DEVFN int simple_stmt(Compiler* c) {
  Token t = c->cur;
  switch (t.kind) {
    case TK_PASS: advance(c); return 1;
    case TK_BREAK: case TK_CONTINUE: {
      advance(c);
      if (c->f.nloops == 0) { error_at(c, &t, DG_SYNTAX, t.kind == TK_BREAK ? "'break' outside loop" : "'continue' not properly in loop"); return 0; }
      Loop* l = &c->f.loops[c->f.nloops - 1];
      if (t.kind == TK_CONTINUE) { emit_loop(c, l->head); return 0; }
      if (l->nbreaks >= MAX_BREAKS) { limit_error(c, "MAX_BREAKS (break statements in one loop)"); return 0; }
      l->breaks[l->nbreaks++] = emit(c, OP_JUMP, 0);
      l->has_break = 1;
      return 0;
    }
    case TK_RETURN: return return_stmt(c);
    case TK_ASSERT: return assert_stmt(c);
    case TK_RAISE: return raise_stmt(c);
    case TK_IMPORT: case TK_FROM: return import_stmt(c);
    case TK_GLOBAL: case TK_NONLOCAL: case TK_DEL: case TK_YIELD:
      unsupported(c, &t, "statement '"); msg_tok(c, &t); msg(c->diag, "'");
      return 1;
    case TK_STRING:  // a docstring or other lone string: no code
      if (c->nxt.kind == TK_NEWLINE || c->nxt.kind == TK_SEMI || c->nxt.kind == TK_EOF) { advance(c); return 1; }
      break;
    case TK_NAME: {
      int n = c->nxt.kind;
      if (n == TK_COLON) { advance(c); annotated(c, &t); return 1; }
      if (n >= TK_PLUS_EQ && n <= TK_RSHIFT_EQ) { advance(c); aug_name(c, &t); return 1; }
      if (n == TK_ASSIGN || n == TK_COMMA || n == TK_LBRACKET || n == TK_DOT) {
        Mark m;
        mark(c, &m);
        int all_names;
        int is_assign = scan_targets(c, &all_names, -1) > 0;
        restore(c, &m);
        if (is_assign) { assign_stmt(c, -1); return 1; }
      }
      break;
    }
    case TK_LPAREN: case TK_LBRACKET: {  // (a, b) = ... and [a, b] = ...
      Mark m;
      mark(c, &m);
      int close = t.kind == TK_LPAREN ? TK_RPAREN : TK_RBRACKET;
      advance(c);
      Mark in;
      mark(c, &in);
      int all_names;
      int is_assign = scan_targets(c, &all_names, close) > 0;
      if (is_assign) { restore(c, &in); assign_stmt(c, close); return 1; }
      restore(c, &m);
      break;
    }
  }
  if (t.kind >= TK_AND && t.kind <= TK_YIELD && c->nxt.kind == TK_ASSIGN) {
    error_tok(c, &t, DG_SYNTAX, "invalid syntax: a keyword cannot be assigned");
    return 1;
  }
  int32_t ty = expression(c);
  if (c->cur.kind >= TK_PLUS_EQ && c->cur.kind <= TK_RSHIFT_EQ) { aug_item(c, &t, ty); return 1; }
  if (check(c, TK_ASSIGN)) {
    if (t.kind != TK_NAME) error_at(c, &t, DG_SYNTAX, "cannot assign to an expression here");
    else unsupported(c, &t, "this assignment target");
    return 1;
  }
  if (ty != T_BAD) emit_pop(c);
  return 1;
}

// statement := if | while | for | def | simple_stmt (';' simple_stmt)* NEWLINE
DEVFN int statement(Compiler* c) {
  Token t = c->cur;
  switch (t.kind) {
    case TK_IF: return if_stmt(c);
    case TK_WHILE: return while_stmt(c);
    case TK_FOR: return for_stmt(c);
    case TK_DEF: return nested_def(c);
    case TK_CLASS: case TK_TRY: case TK_WITH: case TK_ASYNC: case TK_AT:
      if (c->nxt.kind == TK_ASSIGN) { error_tok(c, &t, DG_SYNTAX, "invalid syntax: a keyword cannot be assigned"); return 1; }
      unsupported(c, &t, "statement '"); msg_tok(c, &t); msg(c->diag, "'");
      return 1;
    case TK_INDENT: error_at(c, &t, DG_SYNTAX, "unexpected indent"); return 1;
  }
  if (tok_is(c, &t, "match") && c->nxt.kind == TK_NAME) { unsupported(c, &t, "match statement"); return 1; }
  int falls = simple_stmt(c);
  while (accept(c, TK_SEMI) && !check(c, TK_NEWLINE) && !failed(c))
    if (!simple_stmt(c)) falls = 0;
  if (!failed(c) && !accept(c, TK_NEWLINE) && !check(c, TK_EOF))
    error_tok(c, &c->cur, DG_SYNTAX, "expected end of statement");
  return falls;
}

// type_args := '[' type (',' type)* ']'     into ts; returns the count
DEVFN int32_t type_args(Compiler* c, int32_t* ts, int32_t max) {
  expect(c, TK_LBRACKET, "expected '[' after a generic type");
  int32_t n = 0;
  while (!failed(c)) {
    if (check(c, TK_DOT)) { unsupported(c, &c->cur, "tuple[T, ...] (a tuple of any length)"); return 0; }
    if (n >= max) { limit_error(c, "MAX_TUPLE (items of a tuple type)"); return 0; }
    ts[n++] = parse_type(c);
    if (!accept(c, TK_COMMA)) break;
  }
  expect(c, TK_RBRACKET, "expected ']' after type arguments");
  return failed(c) ? 0 : n;
}

// Whether a def's annotation may use this typing name: imported above it.
DEV int typing_imported(Compiler* c, const Token* t) {
  if (c->typing_all) return 1;
  for (int32_t i = 0; i < c->ntyping; i++) if (same_name(c, c->typing[i], t->len, t->start, t->len)) return 1;
  return 0;
}

// type_atom := 'None' | 'int' | 'float' | 'bool' | 'str' | generic type_args
DEVFN int32_t type_atom(Compiler* c) {
  Token t = c->cur;
  if (accept(c, TK_NONE)) return T_NONE;
  if (!check(c, TK_NAME)) {
    if (check(c, TK_STRING)) unsupported(c, &t, "string annotation");
    else error_tok(c, &t, DG_SYNTAX, "expected a type");
    return T_BAD;
  }
  advance(c);
  const char* s = c->src + t.start;
#define IS(w) span_eq(s, t.len, w)
  if (IS("int")) return T_INT;
  if (IS("float")) return T_FLOAT;
  if (IS("bool")) return T_BOOL;
  if (IS("str")) return T_STR;
  int list = IS("list") || IS("List"), tuple = IS("tuple") || IS("Tuple");
  int opt = IS("Optional"), uni = IS("Union");
  int from_typing = IS("List") || IS("Tuple") || IS("Optional") || IS("Union") || IS("Dict") || IS("Set");
  if (from_typing && c->in_header && !typing_imported(c, &t)) {
    error_at(c, &t, DG_NAME, "name '"); msg_tok(c, &t); msg(c->diag, "' is not defined (import it: from typing import ");
    msg_tok(c, &t); msg(c->diag, ")");
    return T_BAD;
  }
  if (IS("dict") || IS("Dict")) { unsupported(c, &t, "dict"); return T_BAD; }
  if (IS("set") || IS("Set")) { unsupported(c, &t, "set"); return T_BAD; }
  if (!list && !tuple && !opt && !uni) {
    if (IS("Any") || IS("Iterable") || IS("Sequence") || IS("Callable") || IS("object")) {
      unsupported(c, &t, "type '"); msg_tok(c, &t); msg(c->diag, "'");
      return T_BAD;
    }
    error_at(c, &t, DG_NAME, "name '"); msg_tok(c, &t); msg(c->diag, "' is not defined (as a type)");
    return T_BAD;
  }
#undef IS
  if (!check(c, TK_LBRACKET)) {
    unsupported(c, &t, "bare '"); msg_tok(c, &t); msg(c->diag, "' (give its item types, e.g. list[int])");
    return T_BAD;
  }
  int32_t ts[MAX_TUPLE];
  int32_t n = type_args(c, ts, MAX_TUPLE);
  if (failed(c)) return T_BAD;
  for (int32_t i = 0; i < n; i++)
    if (ts[i] == T_NONE && !uni) { unsupported(c, &t, "None inside a container type"); return T_BAD; }
  if (tuple) return checked_type(c, &t, type_tuple(&c->types, n, ts));
  if (uni) {
    if (n == 2 && (ts[0] == T_NONE) != (ts[1] == T_NONE)) return optional_of(c, &t, ts[ts[0] == T_NONE]);
    unsupported(c, &t, "Union other than Union[T, None]");
    return T_BAD;
  }
  if (n != 1) { error_at(c, &t, DG_TYPE, "'"); msg_tok(c, &t); msg(c->diag, "' takes one type argument"); return T_BAD; }
  return list ? checked_type(c, &t, type_list(&c->types, ts[0])) : optional_of(c, &t, ts[0]);
}

// type := type_atom ['|' type_atom]      (T | None is Optional[T])
DEVFN int32_t parse_type(Compiler* c) {
  Token at = c->cur;
  int32_t t = type_atom(c);
  if (!check(c, TK_PIPE) || failed(c)) return t;
  advance(c);
  int32_t u = type_atom(c);
  if (failed(c)) return T_BAD;
  if ((t == T_NONE) == (u == T_NONE)) { unsupported(c, &at, "union type other than T | None"); return T_BAD; }
  return optional_of(c, &at, t == T_NONE ? u : t);
}

// header := 'def' NAME '(' [NAME ':' type (',' NAME ':' type)*] ')' '->' type ':'
DEVFN void func_header_(Compiler* c, FuncSig* f);
DEVFN void func_header(Compiler* c, FuncSig* f) {
  c->in_header = 1;
  func_header_(c, f);
  c->in_header = 0;
}
DEVFN void func_header_(Compiler* c, FuncSig* f) {
  Token def = c->cur;
  advance(c);
  Token name = c->cur;
  expect(c, TK_NAME, "expected a function name");
  f->start = name.start; f->len = name.len; f->line = def.line; f->col = def.col;
  f->nparams = 0;
  expect(c, TK_LPAREN, "expected '('");
  while (!check(c, TK_RPAREN) && !failed(c)) {
    Token p = c->cur;
    if (check(c, TK_STAR) || check(c, TK_DSTAR) || check(c, TK_SLASH)) { unsupported(c, &p, "*args, **kwargs and / in parameters"); return; }
    expect(c, TK_NAME, "expected a parameter name");
    if (failed(c)) return;
    if (f->nparams >= MAX_PARAMS) { limit_error(c, "MAX_PARAMS (parameters)"); return; }
    if (!check(c, TK_COLON)) { error_at(c, &p, DG_TYPE, "parameter '"); msg_tok(c, &p); msg(c->diag, "' needs a type annotation"); return; }
    advance(c);
    int32_t t = parse_type(c);
    if (t == T_NONE) { unsupported(c, &p, "a None parameter"); return; }
    if (check(c, TK_ASSIGN)) { unsupported(c, &c->cur, "default argument value"); return; }
    for (int32_t i = 0; i < f->nparams; i++)
      if (same_name(c, f->pstart[i], f->plen[i], p.start, p.len)) { error_at(c, &p, DG_SYNTAX, "duplicate argument in function definition"); return; }
    f->pstart[f->nparams] = p.start; f->plen[f->nparams] = p.len; f->ptype[f->nparams++] = t;
    if (!accept(c, TK_COMMA)) break;
  }
  expect(c, TK_RPAREN, "expected ')'");
  if (failed(c)) return;
  if (!accept(c, TK_ARROW)) { error_at(c, &name, DG_TYPE, "function '"); msg_tok(c, &name); msg(c->diag, "' needs a return annotation"); return; }
  f->ret = parse_type(c);
  if (!check(c, TK_COLON)) error_tok(c, &c->cur, DG_SYNTAX, "expected ':'");
}

// Whether calls of f could be memoized (memo.h): 1 to MEMO_MAX_ARGS
// parameters and a result, all int, bool or float.
DEV int memo_signature(const FuncSig* f) {
  if (f->nparams < 1 || f->nparams > MEMO_MAX_ARGS) return 0;
  if (f->ret != T_INT && f->ret != T_BOOL && f->ret != T_FLOAT) return 0;
  for (int32_t i = 0; i < f->nparams; i++)
    if (f->ptype[i] != T_INT && f->ptype[i] != T_BOOL && f->ptype[i] != T_FLOAT) return 0;
  return 1;
}

// funcdef := header block       (the header was read by the prepass)
DEVFN void funcdef(Compiler* c, int32_t fi) {
  FuncSig* f = &c->funcs[fi];
  while (!check(c, TK_RPAREN) && !failed(c)) advance(c);  // skip the header (read by the prepass)
  while (!check(c, TK_COLON) && !failed(c)) advance(c);
  c->f.fn = fi; c->f.nlocals = 0; c->f.nslots = 0; c->f.depth = 0; c->f.max_depth = 0;
  c->f.block_depth = -1;  // block() below enters the body at depth 0
  c->f.nloops = 0; c->f.ncalled = 0; c->f.fn_math = 0; c->f.nfrom_math = 0;
  c->f.prev1 = c->f.prev2 = -1;
  c->f.nopen = 0; c->f.block_serial = 0;
  for (int32_t i = 0; i < f->nparams; i++) {
    Token p; p.start = f->pstart[i]; p.len = f->plen[i]; p.line = f->line; p.col = f->col;
    declare_local(c, &p, f->ptype[i], 0);
  }
  int32_t pc = c->out->n_code;
  if (memo_signature(f)) f->memo_pc = emit(c, OP_MEMO_ENTER, 0);
  label(c);
  int falls = block(c);
  if (falls && !failed(c)) {
    if (f->ret != T_NONE && fi == c->entry && !is_opt(&c->types, f->ret)) {
      // CPython's entry returns None here, which no expected value of its
      // type equals: the lane's answer is wrong, with None as the result
      emit(c, OP_RAISE, ST_WRONG_ANSWER);
      entry_may_return_none(c, EN_FALLS_OFF, f->line, f->col, f->ret);
    } else if (f->ret != T_NONE && !is_opt(&c->types, f->ret)) {
      Token d; d.line = f->line; d.col = f->col;
      error_at(c, &d, DG_TYPE, "function '"); msg_add(c->diag, c->src + f->start, f->len);
      msg(c->diag, "' can end without returning "); msg_type(c, f->ret);
      return;
    }
    emit_int(c, 0);
    emit_return(c);
  }
  FuncInfo* info = &c->out->funcs[fi];
  info->pc = pc; info->nparams = f->nparams; info->nlocals = c->f.nslots; info->max_stack = c->f.max_depth;
}

// nested_def := funcdef inside a function. docs/language.md: one that reads no
// local of its enclosing function behaves as a helper. Its code is placed
// inline, jumped over; its name is a local of the enclosing function from
// its def statement on.
DEVFN int nested_def(Compiler* c) {
  Token t = c->cur;
  if (c->funcs[c->f.fn].parent >= 0) { unsupported(c, &t, "a def nested in a nested def"); return 1; }
  int32_t fi = c->next_fi++;
  if (fi >= c->nfuncs || c->funcs[fi].parent != c->f.fn) { unsupported(c, &t, "this nested def"); return 1; }
  int32_t jover = emit(c, OP_JUMP, 0);
  c->saved = c->f;
  funcdef(c, fi);
  c->f = c->saved;
  patch_here(c, jover);
  c->funcs[fi].defined = 1;
  return 1;
}

// skip_block := ':' ... (the tokens of a block, unread)
DEV void skip_block(Compiler* c) {
  while (!check(c, TK_NEWLINE) && !check(c, TK_EOF)) advance(c);
  advance(c);
  if (!accept(c, TK_INDENT)) return;
  int32_t level = 1;
  while (level > 0 && !check(c, TK_EOF) && !failed(c)) {
    if (check(c, TK_INDENT)) level++;
    if (check(c, TK_DEDENT)) level--;
    advance(c);
  }
}

DEV void start_tokens(Compiler* c) {
  lex_init(&c->lex, c->src, c->lex.n, c->diag);
  c->cur = lex_next(&c->lex);
  c->nxt = lex_next(&c->lex);
  c->prev_line = 1;
}

// prepass: every def's signature, so calls may precede definitions; a nested
// def records its enclosing top-level function (parent)
// module_const := NAME '=' literal NEWLINE     at module level, recorded by
// the prepass; a literal is a str (adjacent literals too), [-]int, [-]float,
// True or False. Returns 0, reading nothing more, for any other statement.
// `record`: the prepass records the constant; the main pass only reads it
// again (and knows it for a constant statement only if it reads as one).
DEVFN int module_const(Compiler* c, int record) {
  Token name = c->cur;
  advance(c); advance(c);
  int32_t type = T_BAD;
  int64_t value = 0;
  int neg = check(c, TK_MINUS) && (c->nxt.kind == TK_INT || c->nxt.kind == TK_FLOAT);
  if (neg) advance(c);
  Token lit = c->cur;
  if (check(c, TK_STRING) && !record) {
    while (check(c, TK_STRING)) advance(c);
    type = T_STR;
  } else if (check(c, TK_STRING)) {
    int32_t k = string_const(c);
    if (k < 0) return 0;
    type = T_STR; value = k;
  } else if (check(c, TK_INT) && !(lit.flags & TF_INT_BIG) && (lit.ival >= 0 || (neg && lit.ival == INT64_MIN_))) {
    advance(c);
    type = T_INT; value = neg ? (int64_t)(0 - (uint64_t)lit.ival) : lit.ival;
  } else if (check(c, TK_FLOAT)) {
    advance(c);
    type = T_FLOAT; value = double_to_bits(neg ? -lit.fval : lit.fval);
  } else if (!neg && (check(c, TK_TRUE) || check(c, TK_FALSE))) {
    advance(c);
    type = T_BOOL; value = lit.kind == TK_TRUE;
  }
  if (type == T_BAD || (!check(c, TK_NEWLINE) && !check(c, TK_EOF))) return 0;
  if (!record) return 1;
  for (int32_t i = 0; i < c->nconsts; i++)
    if (same_name(c, c->consts[i].start, c->consts[i].len, name.start, name.len)) { c->consts[i].twice = 1; return 1; }
  if (c->nconsts == MAX_MODULE_CONSTS) { limit_error(c, "MAX_MODULE_CONSTS (module-level constants)"); return 0; }
  c->consts[c->nconsts].start = name.start; c->consts[c->nconsts].len = name.len;
  c->consts[c->nconsts].type = type; c->consts[c->nconsts].value = value; c->consts[c->nconsts++].twice = 0;
  return 1;
}

DEVFN void prepass(Compiler* c) {
  start_tokens(c);
  int32_t level = 0, top = -1, stmt_start = 1;
  while (!check(c, TK_EOF) && !failed(c)) {
    int at_start = stmt_start;
    stmt_start = check(c, TK_NEWLINE) || check(c, TK_INDENT) || check(c, TK_DEDENT);
    if (level == 0 && at_start && check(c, TK_NAME) && c->nxt.kind == TK_ASSIGN) {
      top = -1;
      module_const(c, 1);
      continue;
    }
    if (check(c, TK_INDENT)) level++;
    else if (check(c, TK_DEDENT)) level--;
    else if (check(c, TK_IMPORT) && tok_is(c, &c->nxt, "math") && level == 0) c->math_imported = 1;
    else if (check(c, TK_FROM) && tok_is(c, &c->nxt, "typing")) {
      // the names a def's annotations may use from here on (CPython
      // evaluates them when the def runs)
      advance(c); advance(c);
      if (!accept(c, TK_IMPORT)) continue;
      accept(c, TK_LPAREN);
      while ((check(c, TK_NAME) || check(c, TK_STAR)) && !failed(c)) {
        if (check(c, TK_STAR)) c->typing_all = 1;
        else if (c->ntyping < MAX_TYPING_NAMES) c->typing[c->ntyping++] = c->cur.start;
        advance(c);
        if (!accept(c, TK_COMMA)) break;
      }
      continue;
    }
    else if (check(c, TK_DEF) && (level == 0 || top >= 0)) {
      if (c->nfuncs >= MAX_FUNCS) { limit_error(c, "MAX_FUNCS (functions)"); return; }
      FuncSig* f = &c->funcs[c->nfuncs];
      func_header(c, f);
      if (failed(c)) return;
      f->parent = level == 0 ? -1 : top;
      f->defined = 0;
      f->callees = 0; f->memo_pc = -1; f->returns = -1;
      int dup = 0;
      for (int32_t i = 0; i < c->nfuncs; i++)
        if (c->funcs[i].parent == f->parent && same_name(c, c->funcs[i].start, c->funcs[i].len, f->start, f->len)) dup = 1;
      if (level == 0) top = c->nfuncs;
      if (dup) {
        Token t; t.line = f->line; t.col = f->col;
        unsupported(c, &t, "redefinition of function '"); msg_add(c->diag, c->src + f->start, f->len); msg(c->diag, "'");
        return;
      }
      c->nfuncs++;
      accept(c, TK_COLON);  // not a module-level statement of its own
      continue;
    }
    else if (level == 0 && !check(c, TK_NEWLINE)) top = -1;  // a module-level statement
    advance(c);
  }
}

// module := (funcdef | import_stmt | docstring | main_guard | module_const)* EOF
DEVFN void module(Compiler* c) {
  start_tokens(c);
  c->next_fi = 0;
  while (!check(c, TK_EOF) && !failed(c)) {
    Token t = c->cur;
    if (accept(c, TK_NEWLINE)) continue;
    if (t.kind == TK_DEF) {
      c->nesting = 0;
      c->f.fn = -1;
      funcdef(c, c->next_fi++);
      continue;
    }
    if (t.kind == TK_IMPORT || t.kind == TK_FROM) { import_stmt(c); accept(c, TK_SEMI); if (!failed(c)) expect(c, TK_NEWLINE, "expected end of statement"); continue; }
    if (t.kind == TK_STRING && (c->nxt.kind == TK_NEWLINE || c->nxt.kind == TK_EOF)) { advance(c); continue; }
    if (t.kind == TK_PASS) { advance(c); continue; }
    if (t.kind == TK_NAME && c->nxt.kind == TK_ASSIGN && module_const(c, 0)) continue;  // recorded by the prepass
    // `if __name__ == "__main__":` never runs when the verifier calls the
    // entry, as it does not under a test harness that imports the module
    if (t.kind == TK_IF && tok_is(c, &c->nxt, "__name__")) { skip_block(c); continue; }
    if (t.kind == TK_ERROR) return;
    unsupported(c, &t, "statement at module level (only def, import and docstrings)");
  }
}

// A program that calls its entry, which may return None (Compiler.entry_none):
// the error a helper gets there, and why the entry gets it too.
DEV void entry_none_error(Compiler* c, const FuncSig* f) {
  diag_set(c->diag, DG_TYPE, c->entry_none.line, c->entry_none.col);
  int32_t kind = c->entry_none.kind, ret = f->ret;
  if (kind == EN_FALLS_OFF) {
    msg(c->diag, "function '"); msg_add(c->diag, c->src + f->start, f->len);
    msg(c->diag, "' can end without returning "); msg_type(c, ret);
  } else if (kind == EN_BARE_RETURN) {
    msg(c->diag, "return without a value in a function returning "); msg_type(c, ret);
  } else {
    msg(c->diag, "returns "); msg_type(c, c->entry_none.type); msg(c->diag, " from a function returning ");
    msg_type(c, ret);
  }
  msg(c->diag, " (it is called in the program)");
}

// Compile one program: source bytes -> image. `sig` is the entry's expected
// signature in type codes ("is>b"), from gpubackend/types.py.
DEV void compile_program(Compiler* c, const char* src, int32_t n, const char* entry, int32_t entry_len,
                         const char* sig, int32_t sig_len, Program* out) {
  out->ok = 0; out->n_code = 0; out->n_const = 0; out->n_funcs = 0; out->entry = -1; out->frame_slots = 0;
  out->memo = 0; out->n_loop_tests = 0;
  out->diag.cls = DG_OK; out->diag.line = 0; out->diag.col = 0; out->diag.msg[0] = 0; out->diag.sealed = 0;
  c->src = src; c->out = out; c->diag = &out->diag; c->nfuncs = 0; c->math_imported = 0; c->nfrom_math = 0;
  c->ntyping = 0; c->typing_all = 0; c->in_header = 0; c->discovering = 0; c->nconsts = 0;
  c->and_jumps = 0; c->false_list = -1;
  c->or_jumps = 0; c->true_list = -1;
  c->want_tuple = -1;
  types_init(&c->types);
  c->f.fn = -1;
  c->lex.n = n; c->nesting = 0;
  if (n > MAX_SOURCE_BYTES) {
    diag_set(c->diag, DG_LIMIT, 1, 1);
    msg(c->diag, "program exceeds MAX_SOURCE_BYTES (");
    msg_int(c->diag, n); msg(c->diag, " bytes)");
    return;
  }
  if (!source_check(src, n, c->diag)) return;
  prepass(c);
  if (failed(c)) return;
  int32_t e = -1;
  for (int32_t i = 0; i < c->nfuncs; i++)
    if (c->funcs[i].parent < 0 && c->funcs[i].len == entry_len) {
      int same = 1;
      for (int32_t k = 0; k < entry_len; k++) if (src[c->funcs[i].start + k] != entry[k]) same = 0;
      if (same) e = i;
    }
  if (e < 0) {
    diag_set(c->diag, DG_NAME, 1, 1);
    msg(c->diag, "entry function '"); msg_add(c->diag, entry, entry_len); msg(c->diag, "' is not defined");
    return;
  }
  // the entry's signature must be the problem's
  char have[MAX_SIG];
  const FuncSig* f = &c->funcs[e];
  int32_t k = signature_code(&c->types, f->nparams, f->ptype, f->ret, have);
  if (k < 0) {
    diag_set(c->diag, DG_LIMIT, f->line, f->col);
    msg(c->diag, "entry signature exceeds MAX_SIG (type code characters)");
    return;
  }
  if (!spans_equal(have, k, sig, sig_len)) {
    diag_set(c->diag, DG_TYPE, f->line, f->col);
    msg_entry_mismatch(c->diag, entry, entry_len, have, k, sig, sig_len);
    return;
  }
  c->entry = e;
  c->entry_called = 0;
  c->entry_none.kind = EN_NONE;
  module(c);
  if (failed(c)) return;
  if (c->entry_called && c->entry_none.kind) {
    entry_none_error(c, f);
    return;
  }
  MemoFn fns[MAX_FUNCS];
  for (int32_t i = 0; i < c->nfuncs; i++) {
    const FuncSig* g = &c->funcs[i];
    fns[i].callees = g->callees; fns[i].memo_pc = g->memo_pc; fns[i].returns = g->returns; fns[i].nparams = g->nparams;
  }
  finish_program(out, fns, c->nfuncs, e);
}

#if KERNEL_DEVICE
#pragma pop_macro("DEV")  // lex.h made the compiler's functions noinline
#endif
