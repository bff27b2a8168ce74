// atoms.h: the tightest-binding rules: unary operators, **, postfix
// trailers (calls, subscripts, attributes) and atoms.
#pragma once
#include "calls.h"

// name := NAME [args] | 'math' '.' ...
DEVFN int32_t name_expr(Compiler* c) {
  Token name = c->cur;
  advance(c);
  Local* l = find_local(c, name.start, name.len);
  if (check(c, TK_LPAREN)) {
    if (l) {
      error_at(c, &name, DG_TYPE, "'"); msg_type(c->diag, l->type); msg(c->diag, "' object is not callable");
      return T_BAD;
    }
    note_called(c, &name);
    int32_t f = find_func(c, name.start, name.len);
    if (f == -2) {
      error_at(c, &name, DG_NAME, "nested function '"); msg_tok(c, &name);
      msg(c->diag, "' is called before its def");
      return T_BAD;
    }
    return f >= 0 ? call_function(c, &name, f) : builtin_call(c, &name);
  }
  if (l) { emit_load(c, l); return l->type; }
  if (tok_is(c, &name, "math") && check(c, TK_DOT) && (c->math_imported || c->f.fn_math)) {
    note_called(c, &name);
    return math_attr(c, &name);
  }
  if (find_func(c, name.start, name.len) != -1 || is_builtin_name(c, &name)) {
    unsupported(c, &name, "a function used as a value: '"); msg_tok(c, &name); msg(c->diag, "'");
    return T_BAD;
  }
  if (c->f.fn >= 0 && c->funcs[c->f.fn].parent >= 0) {  // a nested def
    for (int32_t i = 0; i < c->saved.nlocals; i++)
      if (same_name(c, c->saved.locals[i].start, c->saved.locals[i].len, name.start, name.len)) {
        unsupported(c, &name, "a nested def reading '"); msg_tok(c, &name);
        msg(c->diag, "' of its enclosing function");
        return T_BAD;
      }
  }
  error_at(c, &name, DG_NAME, "name '"); msg_tok(c, &name); msg(c->diag, "' is not defined");
  return T_BAD;
}

// atom := NAME | INT | FLOAT | STRING+ | True | False | '(' expression ')'
DEVFN int32_t atom(Compiler* c) {
  Token t = c->cur;
  switch (t.kind) {
    case TK_NAME: return name_expr(c);
    case TK_INT:
      if (t.flags & TF_INT_BIG || t.ival < 0) { unsupported(c, &t, "integer literal beyond 64 bits"); return T_BAD; }
      advance(c);
      emit_int(c, t.ival);
      return T_INT;
    case TK_FLOAT: advance(c); emit_float(c, t.fval); return T_FLOAT;
    case TK_STRING: return string_literal(c);
    case TK_TRUE: case TK_FALSE: advance(c); emit_int(c, t.kind == TK_TRUE); return T_BOOL;
    case TK_NONE: unsupported(c, &t, "None as a value"); return T_BAD;
    case TK_LPAREN: {
      advance(c);
      if (check(c, TK_RPAREN)) { unsupported(c, &t, "tuple"); return T_BAD; }
      int32_t r = expression(c);
      if (check(c, TK_COMMA)) { unsupported(c, &t, "tuple"); return T_BAD; }
      if (check(c, TK_FOR)) { unsupported(c, &c->cur, "generator expression"); return T_BAD; }
      expect(c, TK_RPAREN, "expected ')'");
      return failed(c) ? T_BAD : r;
    }
    case TK_LBRACKET: unsupported(c, &t, "list"); return T_BAD;
    case TK_LBRACE: unsupported(c, &t, "dict or set"); return T_BAD;
    case TK_LAMBDA: unsupported(c, &t, "lambda"); return T_BAD;
    case TK_YIELD: unsupported(c, &t, "yield"); return T_BAD;
    case TK_AWAIT: unsupported(c, &t, "await"); return T_BAD;
    case TK_ERROR: return T_BAD;
    case TK_DOT:
      if (c->nxt.kind == TK_DOT) { unsupported(c, &t, "Ellipsis"); return T_BAD; }
      break;
  }
  error_tok(c, &t, DG_SYNTAX, "expected an expression");
  return T_BAD;
}

// postfix := atom (subscript | '.' NAME args | args)*
DEV int32_t postfix(Compiler* c) {
  int32_t t = atom(c);
  for (;;) {
    if (failed(c)) return T_BAD;
    if (check(c, TK_WALRUS)) { unsupported(c, &c->cur, "assignment expression ':='"); return T_BAD; }
    if (check(c, TK_LBRACKET)) t = subscript(c, t);
    else if (check(c, TK_DOT)) t = str_method(c, t);
    else if (check(c, TK_LPAREN)) {
      error_at(c, &c->cur, DG_TYPE, "'"); msg_type(c->diag, t); msg(c->diag, "' object is not callable");
      return T_BAD;
    }
    else return t;
  }
}

// power := postfix ['**' unary]      (right-associative; -2 ** 2 == -4)
DEV int32_t power(Compiler* c) {
  int32_t t = postfix(c);
  if (!check(c, TK_DSTAR) || failed(c)) return t;
  Token op = c->cur;
  advance(c);
  if (check(c, TK_MINUS) && c->nxt.kind == TK_INT && is_intlike(t)) {
    unsupported(c, &op, "int ** negative int (CPython gives a float)");
    return T_BAD;
  }
  int32_t e = unary(c);
  return emit_binary(c, &op, TK_DSTAR, t, e);
}

// unary := ('-' | '+' | '~') unary | power
DEVFN int32_t unary(Compiler* c) {
  int k = c->cur.kind;
  if (k != TK_MINUS && k != TK_PLUS && k != TK_TILDE) return power(c);
  Token op = c->cur;
  advance(c);
  // -9223372036854775808 is a literal of the DSL although its digits are not
  if (k == TK_MINUS && check(c, TK_INT) && !(c->cur.flags & TF_INT_BIG)) {
    int n = c->nxt.kind;
    if (n != TK_DSTAR && n != TK_LBRACKET && n != TK_DOT && n != TK_LPAREN) {
      Token lit = c->cur;
      advance(c);
      emit_int(c, (int64_t)(0 - (uint64_t)lit.ival));
      return T_INT;
    }
  }
  if (!enter(c)) return T_BAD;
  int32_t t = unary(c);
  c->nesting--;
  if (t == T_BAD) return T_BAD;
  if (k == TK_PLUS) {
    if (!is_number(t)) { type_error2(c, &op, "bad operand type for unary +: ", t, T_BAD); return T_BAD; }
    return t == T_BOOL ? T_INT : t;
  }
  if (k == TK_TILDE) {
    if (!is_intlike(t)) { type_error2(c, &op, "bad operand type for unary ~: ", t, T_BAD); return T_BAD; }
    emit0(c, OP_INVERT);
    return T_INT;
  }
  if (t == T_FLOAT) { emit0(c, OP_NEG_FLOAT); return T_FLOAT; }
  if (!is_intlike(t)) { type_error2(c, &op, "bad operand type for unary -: ", t, T_BAD); return T_BAD; }
  emit0(c, OP_NEG_INT);
  return T_INT;
}
