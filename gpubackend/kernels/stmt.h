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
    falls = statement(c);  // a simple statement list on the same line
  }
  c->f.block_depth--;
  c->f.nopen--;
  c->nesting--;
  return falls;
}

// if_stmt := 'if' expression block ('elif' expression block)* ['else' block]
DEVFN int if_stmt(Compiler* c) {
  int32_t ends = -1;  // a jump list
  int32_t falls = 0, has_else = 0;
  do {
    advance(c);  // 'if' or 'elif'
    if (expr_cond(c) == T_BAD) return 1;
    int32_t jnext = emit_jump_if_false(c);
    if (block(c)) falls = 1;
    if (check(c, TK_ELIF) || check(c, TK_ELSE)) ends = jump_list_add(c, ends, OP_JUMP);
    patch_here(c, jnext);
  } while (check(c, TK_ELIF) && !failed(c));
  if (accept(c, TK_ELSE)) {
    has_else = 1;
    if (block(c)) falls = 1;
  }
  patch_list(c, ends);
  return falls || !has_else;
}

DEV Loop* loop_begin(Compiler* c, int32_t head) {
  if (c->f.nloops >= MAX_LOOPS) { limit_error(c, "MAX_LOOPS (nested loops)"); return 0; }
  Loop* l = &c->f.loops[c->f.nloops++];
  l->head = head; l->nbreaks = 0; l->has_break = 0;
  return l;
}
DEV void loop_end(Compiler* c) {
  Loop* l = &c->f.loops[--c->f.nloops];
  for (int32_t i = 0; i < l->nbreaks; i++) patch_here(c, l->breaks[i]);
}
DEV void no_loop_else(Compiler* c) {
  if (check(c, TK_ELSE)) unsupported(c, &c->cur, "else clause of a loop");
}

// while_stmt := 'while' expression block
DEVFN int while_stmt(Compiler* c) {
  advance(c);
  int forever = (check(c, TK_TRUE) || (check(c, TK_INT) && c->cur.ival != 0)) && c->nxt.kind == TK_COLON;
  label(c);
  int32_t head = c->out->n_code;
  if (expr_cond(c) == T_BAD) return 1;
  int32_t jexit = emit_jump_if_false(c);
  Loop* l = loop_begin(c, head);
  if (!l) return 1;
  block(c);
  emit_loop(c, head);
  patch_here(c, jexit);
  int broke = c->f.loops[c->f.nloops - 1].has_break;
  loop_end(c);
  no_loop_else(c);
  return !forever || broke;
}

// Assign the value on the stack to a name: declares it on first assignment
// (its type is the value's) and rejects a change of type.
// `serial`: the block in which later reads may skip the unbound check.
DEVFN void store_name_in(Compiler* c, const Token* name, int32_t t, int checked, int32_t serial) {
  if (t == T_BAD || failed(c)) return;
  Local* l = find_local(c, name->start, name->len);
  if (!l) {
    if (t == T_NONE) { unsupported(c, name, "None as a value"); return; }
    l = declare_local(c, name, t, checked);
    if (!l) return;
  } else if (l->type != t) {
    error_at(c, name, DG_TYPE, "'"); msg_tok(c, name); msg(c->diag, "' is ");
    msg_type(c->diag, l->type); msg(c->diag, ", cannot assign "); msg_type(c->diag, t);
    return;
  }
  emit_store_in(c, l, serial);
}
DEV void store_name(Compiler* c, const Token* name, int32_t t, int checked) {
  store_name_in(c, name, t, checked, c->f.nopen ? c->f.open_blocks[c->f.nopen - 1] : 0);
}

// for_stmt := 'for' targets 'in' (range(...) | reversed(...) | enumerate(str) | str) block
DEVFN int for_stmt(Compiler* c) {
  advance(c);
  Token targets[2];
  int32_t ntargets = 0;
  int paren = accept(c, TK_LPAREN);
  do {
    if (!check(c, TK_NAME)) { error_tok(c, &c->cur, DG_SYNTAX, "expected a loop variable"); return 1; }
    if (ntargets == 2) { unsupported(c, &c->cur, "unpacking more than two loop variables"); return 1; }
    targets[ntargets++] = c->cur;
    advance(c);
  } while (accept(c, TK_COMMA) && !check(c, TK_IN));
  if (paren) expect(c, TK_RPAREN, "expected ')'");
  expect(c, TK_IN, "expected 'in'");
  if (failed(c)) return 1;
  // what is iterated decides the loop instruction and the targets' types
  int kind = 0;  // 0 str, 1 range, 2 enumerate(str)
  int rev = 0;
  Token it = c->cur;
  if (tok_is(c, &it, "reversed") && c->nxt.kind == TK_LPAREN && !find_local(c, it.start, it.len)) {
    advance(c); advance(c);
    rev = 1;
    it = c->cur;
  }
  int32_t h;
  if (tok_is(c, &it, "range") && c->nxt.kind == TK_LPAREN && !find_local(c, it.start, it.len)) {
    advance(c);
    int32_t ts[MAX_PARAMS];
    Pos at[MAX_PARAMS];
    int32_t d0 = c->f.depth;
    int32_t n = call_args(c, ts, at, MAX_PARAMS);
    if (n < 0) return 1;
    if (n == 0 || n > 3) { error_at(c, &it, DG_TYPE, n ? "range expected at most 3 arguments" : "range expected at least 1 argument, got 0"); return 1; }
    for (int32_t i = 0; i < n; i++) if (!is_intlike(ts[i])) { arg_type_error(c, &at[i], &it, ts[i]); return 1; }
    if (n == 1) { emit_int(c, 0); emit0(c, OP_SWAP); }
    if (n < 3) emit_int(c, 1);
    h = new_slots(c, 3);
    emit(c, OP_RANGE_INIT, h);
    c->f.depth = d0;
    if (rev) emit(c, OP_RANGE_REV, h);
    kind = 1;
  } else if (tok_is(c, &it, "enumerate") && c->nxt.kind == TK_LPAREN && !rev && !find_local(c, it.start, it.len)) {
    advance(c);
    int32_t ts[MAX_PARAMS];
    Pos at[MAX_PARAMS];
    int32_t n = call_args(c, ts, at, MAX_PARAMS);
    if (n < 0) return 1;
    if (n == 0 || n > 2) { error_at(c, &it, DG_TYPE, n ? "enumerate() takes at most 2 arguments" : "enumerate() needs an iterable"); return 1; }
    if (ts[0] != T_STR) { unsupported(c, &at[0], "enumerate() of a non-str (lists arrive in tier 3)"); return 1; }
    if (n == 2 && !is_intlike(ts[1])) { arg_type_error(c, &at[1], &it, ts[1]); return 1; }
    if (n == 1) emit_int(c, 0);  // the start
    h = new_slots(c, 3);
    emit(c, OP_ENUM_INIT, h);
    kind = 2;
  } else {
    int32_t t = expression(c);
    if (t == T_BAD) return 1;
    if (t != T_STR) { error_at(c, &it, DG_TYPE, "'"); msg_type(c->diag, t); msg(c->diag, "' object is not iterable"); return 1; }
    h = new_slots(c, 2);
    emit(c, OP_STR_ITER_INIT, h);
  }
  if (rev) expect(c, TK_RPAREN, "expected ')' after reversed(...)");
  if (failed(c)) return 1;
  int32_t want = kind == 2 ? 2 : 1;
  if (ntargets != want) { error_at(c, &targets[0], DG_TYPE, "wrong number of loop variables"); return 1; }
  int op = kind == 1 ? OP_FOR_RANGE : kind == 2 ? OP_FOR_ENUM_STR : rev ? OP_FOR_STR_REV : OP_FOR_STR;
  label(c);
  int32_t head = emit(c, op, h);
  // targets are stored each iteration; the body may run zero times, so a
  // new loop variable is read through its unbound-flag after the loop
  int32_t body = c->f.block_serial + 1;  // the serial block() gives the body
  if (kind == 2) {
    store_name_in(c, &targets[1], T_STR, 1, body);
    store_name_in(c, &targets[0], T_INT, 1, body);
  } else {
    store_name_in(c, &targets[0], kind == 1 ? T_INT : T_STR, 1, body);
  }
  if (!loop_begin(c, head)) return 1;
  block(c);
  emit_loop(c, head);
  patch_here(c, head);
  loop_end(c);
  no_loop_else(c);
  return 1;
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
    if (ret != T_NONE) { error_at(c, &kw, DG_TYPE, "return without a value in a function returning "); msg_type(c->diag, ret); return 0; }
    emit_int(c, 0);
  } else {
    Token at = c->cur;
    int32_t t = expression(c);
    if (t == T_BAD) return 0;
    if (check(c, TK_COMMA)) { unsupported(c, &at, "tuple"); return 0; }
    if (t != ret) {
      error_at(c, &at, DG_TYPE, "returns "); msg_type(c->diag, t); msg(c->diag, " from a function returning ");
      msg_type(c->diag, ret);
      return 0;
    }
  }
  emit0(c, OP_RETURN);
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
                         "UnboundLocalError", "TypeError"};
  const int32_t codes[] = {ST_ZERO_DIVISION, ST_INDEX_ERROR, ST_VALUE_ERROR, ST_KEY_ERROR,
                           ST_ASSERTION_ERROR, ST_OVERFLOW_ERROR, ST_RECURSION_ERROR, ST_MEMORY_ERROR,
                           ST_UNBOUND_LOCAL, ST_TYPE_ERROR};
  for (int32_t i = 0; i < 10; i++) if (span_eq(c->src + name.start, name.len, names[i])) st = codes[i];
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
  if (!typing) { unsupported(c, &mod, "from-import (use 'import math' and math.name)"); return 1; }
  expect(c, TK_IMPORT, "expected 'import'");
  int paren = accept(c, TK_LPAREN);
  while (check(c, TK_NAME) || check(c, TK_STAR)) {
    advance(c);
    if (!accept(c, TK_COMMA)) break;
  }
  if (paren) expect(c, TK_RPAREN, "expected ')'");
  return 1;
}

DEV int aug_to_binary(int kind) {
  switch (kind) {
    case TK_PLUS_EQ: return TK_PLUS;
    case TK_MINUS_EQ: return TK_MINUS;
    case TK_STAR_EQ: return TK_STAR;
    case TK_SLASH_EQ: return TK_SLASH;
    case TK_DSLASH_EQ: return TK_DSLASH;
    case TK_PERCENT_EQ: return TK_PERCENT;
    case TK_DSTAR_EQ: return TK_DSTAR;
    case TK_AMP_EQ: return TK_AMP;
    case TK_PIPE_EQ: return TK_PIPE;
    case TK_CARET_EQ: return TK_CARET;
    case TK_LSHIFT_EQ: return TK_LSHIFT;
    default: return TK_RSHIFT;
  }
}

// assignment := NAME [':' type] '=' expression
//             | NAME augop expression
//             | NAME (',' NAME)+ '=' expression (',' expression)+
DEVFN int32_t parse_type(Compiler* c);
DEVFN void assignment(Compiler* c) {
  Token name = c->cur;
  advance(c);
  if (check(c, TK_COMMA)) {
    Token names[MAX_PARAMS];
    int32_t n = 1, types[MAX_PARAMS];
    names[0] = name;
    while (accept(c, TK_COMMA) && !check(c, TK_ASSIGN)) {
      if (!check(c, TK_NAME)) { unsupported(c, &c->cur, "this assignment target"); return; }
      if (n >= MAX_PARAMS) { limit_error(c, "MAX_PARAMS (targets of one assignment)"); return; }
      for (int32_t i = 0; i < n; i++)
        if (same_name(c, names[i].start, names[i].len, c->cur.start, c->cur.len)) { unsupported(c, &c->cur, "a name assigned twice in one statement"); return; }
      names[n++] = c->cur;
      advance(c);
    }
    expect(c, TK_ASSIGN, "expected '='");
    for (int32_t i = 0; i < n && !failed(c); i++) {
      types[i] = expression(c);
      if (i < n - 1 && !accept(c, TK_COMMA)) {
        if (!failed(c)) unsupported(c, &c->cur, "unpacking a value that is not a tuple display of the same length");
        return;
      }
    }
    if (check(c, TK_COMMA)) { error_at(c, &c->cur, DG_TYPE, "too many values to unpack"); return; }
    for (int32_t i = n - 1; i >= 0 && !failed(c); i--) store_name(c, &names[i], types[i], c->f.block_depth > 0);
    return;
  }
  if (check(c, TK_COLON)) {  // annotated: declares the type
    advance(c);
    int32_t ann = parse_type(c);
    if (failed(c)) return;
    Local* l = find_local(c, name.start, name.len);
    if (l && l->type != ann) { error_at(c, &name, DG_TYPE, "annotation changes the type of '"); msg_tok(c, &name); msg(c->diag, "'"); return; }
    if (!l) { if (ann == T_NONE) { unsupported(c, &name, "None as a value"); return; } l = declare_local(c, &name, ann, 1); }
    if (!accept(c, TK_ASSIGN)) return;  // a bare annotation binds nothing
    Token at = c->cur;
    int32_t t = expression(c);
    if (t != T_BAD && t != ann) { error_at(c, &at, DG_TYPE, "value is "); msg_type(c->diag, t); msg(c->diag, ", annotation says "); msg_type(c->diag, ann); return; }
    if (l && !failed(c)) emit_store(c, l);
    return;
  }
  if (c->cur.kind >= TK_PLUS_EQ && c->cur.kind <= TK_RSHIFT_EQ) {
    Token op = c->cur;
    advance(c);
    Local* l = find_local(c, name.start, name.len);
    if (!l) { error_at(c, &name, DG_NAME, "name '"); msg_tok(c, &name); msg(c->diag, "' is not defined"); return; }
    emit_load(c, l);
    int32_t r = expression(c);
    int32_t t = emit_binary(c, &op, aug_to_binary(op.kind), l->type, r);
    if (t != T_BAD && t != l->type) {
      error_at(c, &name, DG_TYPE, "'"); msg_tok(c, &name); msg(c->diag, "' is "); msg_type(c->diag, l->type);
      msg(c->diag, ", the result is "); msg_type(c->diag, t);
      return;
    }
    emit_store(c, l);
    return;
  }
  expect(c, TK_ASSIGN, "expected '='");
  if (check(c, TK_NAME) && c->nxt.kind == TK_ASSIGN) { unsupported(c, &c->nxt, "chained assignment"); return; }
  int32_t t = expression(c);
  if (check(c, TK_ASSIGN)) { unsupported(c, &c->cur, "chained assignment"); return; }
  store_name(c, &name, t, c->f.block_depth > 0);
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
      if (n == TK_ASSIGN || n == TK_COLON || n == TK_COMMA || (n >= TK_PLUS_EQ && n <= TK_RSHIFT_EQ)) {
        assignment(c);
        return 1;
      }
      break;
    }
  }
  if (t.kind >= TK_AND && t.kind <= TK_YIELD && c->nxt.kind == TK_ASSIGN) {
    error_tok(c, &t, DG_SYNTAX, "invalid syntax: a keyword cannot be assigned");
    return 1;
  }
  int32_t ty = expression(c);
  if (check(c, TK_ASSIGN) || (c->cur.kind >= TK_PLUS_EQ && c->cur.kind <= TK_RSHIFT_EQ)) {
    if (t.kind != TK_NAME) error_at(c, &t, DG_SYNTAX, "cannot assign to an expression here");
    else if (ty == T_STR) error_at(c, &t, DG_TYPE, "'str' object does not support item assignment");
    else unsupported(c, &t, "this assignment target");
    return 1;
  }
  if (ty != T_BAD) emit0(c, OP_POP);
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

// type := 'int' | 'float' | 'bool' | 'str' | 'None'
DEVFN int32_t parse_type(Compiler* c) {
  Token t = c->cur;
  if (accept(c, TK_NONE)) return check(c, TK_PIPE) ? (unsupported(c, &c->cur, "union type"), T_BAD) : T_NONE;
  if (!check(c, TK_NAME)) {
    if (check(c, TK_STRING)) unsupported(c, &t, "string annotation");
    else error_tok(c, &t, DG_SYNTAX, "expected a type");
    return T_BAD;
  }
  advance(c);
  const char* s = c->src + t.start;
  int32_t scalar = span_eq(s, t.len, "int") ? T_INT : span_eq(s, t.len, "float") ? T_FLOAT
                 : span_eq(s, t.len, "bool") ? T_BOOL : T_BAD;
  if (scalar != T_BAD && check(c, TK_PIPE)) { unsupported(c, &c->cur, "union type"); return T_BAD; }
  if (scalar != T_BAD) return scalar;
  if (span_eq(s, t.len, "str")) return check(c, TK_PIPE) ? (unsupported(c, &c->cur, "union type"), T_BAD) : T_STR;
  const char* later[] = {"list", "List", "tuple", "Tuple", "dict", "Dict", "set", "Set", "Optional", "Union", "Any"};
  for (int32_t i = 0; i < 11; i++)
    if (span_eq(s, t.len, later[i])) { unsupported(c, &t, "type '"); msg_tok(c, &t); msg(c->diag, "'"); return T_BAD; }
  error_at(c, &t, DG_NAME, "name '"); msg_tok(c, &t); msg(c->diag, "' is not defined (as a type)");
  return T_BAD;
}

// header := 'def' NAME '(' [NAME ':' type (',' NAME ':' type)*] ')' '->' type ':'
DEVFN void func_header(Compiler* c, FuncSig* f) {
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

// funcdef := header block       (the header was read by the prepass)
DEVFN void funcdef(Compiler* c, int32_t fi) {
  FuncSig* f = &c->funcs[fi];
  while (!check(c, TK_RPAREN) && !failed(c)) advance(c);  // skip the header (read by the prepass)
  while (!check(c, TK_COLON) && !failed(c)) advance(c);
  c->f.fn = fi; c->f.nlocals = 0; c->f.nslots = 0; c->f.depth = 0; c->f.max_depth = 0;
  c->f.block_depth = -1;  // block() below enters the body at depth 0
  c->f.nloops = 0; c->f.ncalled = 0; c->f.fn_math = 0;
  c->f.prev1 = c->f.prev2 = -1;
  c->f.nopen = 0; c->f.block_serial = 0;
  for (int32_t i = 0; i < f->nparams; i++) {
    Token p; p.start = f->pstart[i]; p.len = f->plen[i]; p.line = f->line; p.col = f->col;
    declare_local(c, &p, f->ptype[i], 0);
  }
  int32_t pc = c->out->n_code;
  label(c);
  int falls = block(c);
  if (falls && !failed(c)) {
    if (f->ret != T_NONE) {
      Token d; d.line = f->line; d.col = f->col;
      error_at(c, &d, DG_TYPE, "function '"); msg_add(c->diag, c->src + f->start, f->len);
      msg(c->diag, "' can end without returning "); msg_type(c->diag, f->ret);
      return;
    }
    emit_int(c, 0);
    emit0(c, OP_RETURN);
  }
  FuncInfo* info = &c->out->funcs[fi];
  info->pc = pc; info->nparams = f->nparams; info->nlocals = c->f.nslots; info->max_stack = c->f.max_depth;
}

// nested_def := funcdef inside a function. LANGUAGE.md: one that reads no
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
DEVFN void prepass(Compiler* c) {
  start_tokens(c);
  int32_t level = 0, top = -1;
  while (!check(c, TK_EOF) && !failed(c)) {
    if (check(c, TK_INDENT)) level++;
    else if (check(c, TK_DEDENT)) level--;
    else if (check(c, TK_IMPORT) && tok_is(c, &c->nxt, "math") && level == 0) c->math_imported = 1;
    else if (check(c, TK_DEF) && (level == 0 || top >= 0)) {
      if (c->nfuncs >= MAX_FUNCS) { limit_error(c, "MAX_FUNCS (functions)"); return; }
      FuncSig* f = &c->funcs[c->nfuncs];
      func_header(c, f);
      if (failed(c)) return;
      f->parent = level == 0 ? -1 : top;
      f->defined = 0;
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

// module := (funcdef | import_stmt | docstring | main_guard)* EOF
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
    // `if __name__ == "__main__":` never runs when the verifier calls the
    // entry, as it does not under a test harness that imports the module
    if (t.kind == TK_IF && tok_is(c, &c->nxt, "__name__")) { skip_block(c); continue; }
    if (t.kind == TK_ERROR) return;
    unsupported(c, &t, "statement at module level (only def, import and docstrings)");
  }
}

// A signature code ("is>b") as Python reads it: (int, str) -> bool.
DEV void msg_sig(Diag* d, const char* code, int32_t len) {
  msg(d, "(");
  for (int32_t i = 0; i < len; i++) {
    if (code[i] == '>') { msg(d, ") -> "); continue; }
    if (i > 0 && code[i - 1] != '>') msg(d, ", ");
    const char* at = TYPE_CODES;
    int32_t t = 0;
    while (at[t] && at[t] != code[i]) t++;
    if (at[t]) msg_type(d, t);
    else msg_add(d, code + i, 1);  // a composite type of a later tier
  }
}

// Compile one program: source bytes -> image. `sig` is the entry's expected
// signature in type codes ("is>b"), from gpubackend/types.py.
DEV void compile_program(Compiler* c, const char* src, int32_t n, const char* entry, int32_t entry_len,
                         const char* sig, int32_t sig_len, Program* out) {
  out->ok = 0; out->n_code = 0; out->n_const = 0; out->n_funcs = 0; out->entry = -1; out->frame_slots = 0;
  out->diag.cls = DG_OK; out->diag.line = 0; out->diag.col = 0; out->diag.msg[0] = 0; out->diag.sealed = 0;
  c->src = src; c->out = out; c->diag = &out->diag; c->nfuncs = 0; c->math_imported = 0;
  c->f.fn = -1;
  c->lex.n = n; c->nesting = 0;
  if (n > MAX_SOURCE_BYTES) {
    diag_set(c->diag, DG_LIMIT, 1, 1);
    msg(c->diag, "program exceeds MAX_SOURCE_BYTES (");
    msg_int(c->diag, n); msg(c->diag, " bytes)");
    return;
  }
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
  int32_t k = 0;
  const FuncSig* f = &c->funcs[e];
  for (int32_t i = 0; i < f->nparams && k < MAX_SIG - 2; i++) have[k++] = TYPE_CODES[f->ptype[i]];
  have[k++] = '>';
  have[k++] = TYPE_CODES[f->ret];
  int match = k == sig_len;
  for (int32_t i = 0; match && i < k; i++) if (have[i] != sig[i]) match = 0;
  if (!match) {
    diag_set(c->diag, DG_TYPE, f->line, f->col);
    msg(c->diag, "entry '"); msg_add(c->diag, entry, entry_len); msg(c->diag, "' is ");
    msg_sig(c->diag, have, k); msg(c->diag, ", the problem needs "); msg_sig(c->diag, sig, sig_len);
    return;
  }
  module(c);
  if (failed(c)) return;
  out->n_funcs = c->nfuncs;
  out->entry = e;
  int32_t frame = 0;
  for (int32_t i = 0; i < c->nfuncs; i++) {
    int32_t s = out->funcs[i].nlocals + out->funcs[i].max_stack;
    if (s > frame) frame = s;
  }
  out->frame_slots = frame;
  out->ok = 1;
}
