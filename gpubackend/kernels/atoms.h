// atoms.h: the tightest-binding rules: unary operators, **, postfix
// trailers (calls, subscripts, attributes) and atoms.
#pragma once
#include "listcalls.h"

DEVFN void learn_type(Compiler* c, Local* l);
// The module constant (codegen.h, Compiler.consts) of this name, or -1.
DEV int32_t module_const_of(Compiler* c, const Token* name) {
  for (int32_t i = 0; i < c->nconsts; i++)
    if (same_name(c, c->consts[i].start, c->consts[i].len, name->start, name->len)) return i;
  return -1;
}

// Whether `name` was imported by `from math import`: in this function, its
// enclosing one (a nested def), or the module.
DEV int from_math(Compiler* c, const Token* name, int nested) {
  for (int32_t i = 0; i < c->f.nfrom_math; i++) if (same_name(c, c->f.from_math[i], name->len, name->start, name->len)) return 1;
  if (nested) for (int32_t i = 0; i < c->saved.nfrom_math; i++) if (same_name(c, c->saved.from_math[i], name->len, name->start, name->len)) return 1;
  for (int32_t i = 0; i < c->nfrom_math; i++) if (same_name(c, c->from_math[i], name->len, name->start, name->len)) return 1;
  return 0;
}

// name := NAME [args] | 'math' '.' ...
DEVFN int32_t name_expr(Compiler* c) {
  Token name = c->cur;
  advance(c);
  Local* l = find_local(c, name.start, name.len);
  if (check(c, TK_LPAREN)) {
    if (l) {
      error_at(c, &name, DG_TYPE, "'"); msg_type(c, l->type); msg(c->diag, "' object is not callable");
      return T_BAD;
    }
    note_called(c, &name);
    int32_t f = find_func(c, name.start, name.len);
    if (f == -1 && from_math(c, &name, c->f.fn >= 0 && c->funcs[c->f.fn].parent >= 0)) return math_fn(c, &name);
    if (f == -2) {
      error_at(c, &name, DG_NAME, "nested function '"); msg_tok(c, &name);
      msg(c->diag, "' is called before its def");
      return T_BAD;
    }
    return f >= 0 ? call_function(c, &name, f) : builtin_call(c, &name);
  }
  if (l && is_opt(&c->types, l->type) && elem_of(&c->types, l->type) == T_UNK && !failed(c)) {
    learn_type(c, l);
    int k = c->cur.kind;  // tested against None, it needs no T
    if (elem_of(&c->types, l->type) == T_UNK && k != TK_IS && k != TK_EQEQ && k != TK_NE) {
      error_at(c, &name, DG_TYPE, "the type of '"); msg_tok(c, &name);
      msg(c->diag, "' is not known here (only None so far); annotate it: ");
      msg_tok(c, &name); msg(c->diag, ": Optional[int] = None");
      return T_BAD;
    }
  }
  if (l) return load_local(c, l);
  int nested = c->f.fn >= 0 && c->funcs[c->f.fn].parent >= 0;  // sees its enclosing function's imports
  if (tok_is(c, &name, "math") && check(c, TK_DOT) && (c->math_imported || c->f.fn_math || (nested && c->saved.fn_math))) {
    note_called(c, &name);
    return math_attr(c, &name);
  }
  if (from_math(c, &name, nested)) {
    note_called(c, &name);
    return math_fn(c, &name);
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
  int32_t k = module_const_of(c, &name);
  if (k >= 0) {  // a module constant (no local of its name: see note_called)
    if (c->consts[k].twice) { unsupported(c, &name, "a module-level name assigned twice"); return T_BAD; }
    note_called(c, &name);
    if (c->consts[k].type == T_STR) emit(c, OP_CONST_STR, (int32_t)c->consts[k].value);
    else emit(c, OP_CONST, const_word(c, c->consts[k].value));
    return c->consts[k].type;
  }
  if (check(c, TK_WALRUS)) { unsupported(c, &c->cur, "assignment expression ':='"); return T_BAD; }
  error_at(c, &name, DG_NAME, "name '"); msg_tok(c, &name); msg(c->diag, "' is not defined");
  return T_BAD;
}


// list_display := '[' [expression (',' expression)* [','] | comprehension] ']'
DEVFN int32_t list_display(Compiler* c) {
  Token open = c->cur;
  advance(c);
  if (check(c, TK_RBRACKET)) { advance(c); emit_count(c, OP_LIST_NEW, 0); return checked_list(c, &open, T_UNK); }
  if (ahead_is_for(c)) {
    int32_t t = comprehension(c, SINK_LIST);
    expect(c, TK_RBRACKET, "expected ']' after a list comprehension");
    return failed(c) ? T_BAD : t;
  }
  int32_t t = T_UNK, n = 0;
  while (!check(c, TK_RBRACKET) && !failed(c)) {
    Token at = c->cur;
    if (n == DISPLAY_CHUNK) { emit_count(c, OP_LIST_NEW, n); n = -1; }
    if (n < 0) emit0(c, OP_DUP);
    int32_t e = expression(c);
    if (e == T_BAD) return T_BAD;
    if (e == T_NONE) { unsupported(c, &at, "None as a list item"); return T_BAD; }
    int32_t u = unify_types(c, t, e);
    if (u == T_BAD) { type_error2(c, &at, "list items must have one type, got ", t, e); return T_BAD; }
    t = u;
    if (n < 0) emit0(c, OP_LIST_APPEND); else n++;
    if (!accept(c, TK_COMMA)) break;
  }
  expect(c, TK_RBRACKET, "expected ']' or ',' in a list");
  if (failed(c)) return T_BAD;
  if (n >= 0) emit_count(c, OP_LIST_NEW, n);
  return checked_list(c, &open, t);
}

DEVFN int32_t tuple_rest(Compiler* c, const Token* at, int32_t t0, int close, int32_t want = -1);

// paren_expr := '(' expression ')' | '(' expression ',' [expression (',' expression)* [',']] ')'
DEVFN int32_t paren_expr(Compiler* c) {
  Token open = c->cur;
  int32_t want = c->want_tuple;  // for this display only, not those inside it
  c->want_tuple = -1;
  advance(c);
  if (check(c, TK_RPAREN)) { unsupported(c, &open, "the empty tuple"); return T_BAD; }
  if (ahead_is_for(c)) { unsupported(c, &open, "generator expression outside a call of sum, any, all, min, max, sorted, list or join"); return T_BAD; }
  int32_t r = expression(c);
  if (check(c, TK_COMMA)) return tuple_rest(c, &open, r, TK_RPAREN, want);
  expect(c, TK_RPAREN, "expected ')'");
  return failed(c) ? T_BAD : r;
}

// Item i of a tuple display just compiled (type t, its value on top), in a
// display that is to take the tuple type `want` (or -1): where want's item
// is Optional[T] and t is None or T, that Optional (the T boxed).
DEV int32_t want_item(Compiler* c, int32_t want, int32_t i, int32_t t) {
  if (want < 0 || t == T_BAD || i >= c->types.t[want].n) return t;
  int32_t w = c->types.t[want].items[i];
  return is_opt(&c->types, w) && !type_fits(&c->types, w, t) && coerce(c, w, t) ? w : t;
}

// The rest of a tuple display whose first item (of type t0) is compiled:
// (',' expression)* [','] up to `close` (')', or the end of a statement).
// want: the tuple type it is to take (expression_as, return_stmt), or -1.
DEVFN int32_t tuple_rest(Compiler* c, const Token* at, int32_t t0, int close, int32_t want) {
  int32_t ts[MAX_TUPLE];
  int32_t n = 0;
  ts[n] = want_item(c, want, n, t0);
  n++;
  while (accept(c, TK_COMMA) && !failed(c)) {
    if (check(c, close) || (close != TK_RPAREN && (check(c, TK_NEWLINE) || check(c, TK_SEMI) || check(c, TK_EOF)))) break;
    if (n == MAX_TUPLE) { limit_error(c, "MAX_TUPLE (items of a tuple)"); return T_BAD; }
    ts[n] = want_item(c, want, n, expression(c));
    n++;
  }
  if (close == TK_RPAREN) expect(c, TK_RPAREN, "expected ')' after a tuple");
  for (int32_t i = 0; i < n; i++) {
    if (ts[i] == T_BAD) return T_BAD;
    if (ts[i] == T_NONE) { unsupported(c, at, "None as a tuple item"); return T_BAD; }
  }
  if (failed(c)) return T_BAD;
  emit_count(c, OP_TUPLE_NEW, n);
  return checked_type(c, at, type_tuple(&c->types, n, ts));
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
    case TK_NONE: advance(c); emit_int(c, 0); return T_NONE;
    case TK_LPAREN: return paren_expr(c);
    case TK_LBRACKET: return list_display(c);
    case TK_LBRACE: unsupported(c, &t, c->nxt.kind == TK_RBRACE ? "dict" : "dict or set display"); return T_BAD;
    case TK_LAMBDA: unsupported(c, &t, "lambda outside key="); return T_BAD;
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

// The lexer's whole state: a look ahead past the end of a line changes its
// indentation stacks, which a Mark (codegen.h) does not keep.
struct FullMark {
  Mark m;
  int32_t depth, indent[MAX_INDENT], indent_t1[MAX_INDENT];
};
DEV void full_mark(Compiler* c, FullMark* fm) {
  mark(c, &fm->m);
  fm->depth = c->lex.depth;
  for (int32_t i = 0; i < MAX_INDENT; i++) { fm->indent[i] = c->lex.indent[i]; fm->indent_t1[i] = c->lex.indent_t1[i]; }
}
DEV void full_restore(Compiler* c, const FullMark* fm) {
  restore(c, &fm->m);
  c->lex.depth = fm->depth;
  for (int32_t i = 0; i < MAX_INDENT; i++) { c->lex.indent[i] = fm->indent[i]; c->lex.indent_t1[i] = fm->indent_t1[i]; }
}

// Find further on in the function what tells l's type: for an empty list
// its first `l.append(x)` or `l.insert(i, x)`, for a variable holding None
// its first assignment `l = x` of something else; x is compiled there and
// thrown away. Any error on the way (x names a local not yet assigned, ...)
// leaves l as it was; its use then reports the unknown type.
DEVFN void learn_type(Compiler* c, Local* l) {
  if (c->discovering) return;
  int opt = is_opt(&c->types, l->type);
  FullMark fm;
  full_mark(c, &fm);
  Diag saved = *c->diag;
  int32_t code0 = c->out->n_code, nlocals0 = c->f.nlocals, nslots0 = c->f.nslots, depth0 = c->f.depth;
  int32_t max0 = c->f.max_depth, p1 = c->f.prev1, p2 = c->f.prev2, called0 = c->f.ncalled, nest0 = c->nesting;
  c->discovering = 1;
  int32_t level = 0, depth = 0, t = T_BAD;
  while (!failed(c) && !check(c, TK_EOF) && level >= -(c->f.block_depth + 1)) {
    if (check(c, TK_INDENT)) level++;
    if (check(c, TK_DEDENT)) level--;
    depth += bracket_delta(c->cur.kind);
    int mine = check(c, TK_NAME) && same_name(c, c->cur.start, c->cur.len, l->start, l->len);
    if (mine && opt && depth == 0 && c->nxt.kind == TK_ASSIGN) {  // l = x
      advance(c);
      advance(c);
      t = expression(c);
      if (t == T_NONE) { t = T_BAD; continue; }
      break;
    }
    if (mine && !opt && c->nxt.kind == TK_DOT) {  // l.append(x), l.insert(i, x)
      advance(c);
      advance(c);
      int ins = tok_is(c, &c->cur, "insert");
      if ((tok_is(c, &c->cur, "append") || ins) && c->nxt.kind == TK_LPAREN) {
        advance(c);
        advance(c);
        if (ins) { expression(c); expect(c, TK_COMMA, "expected ','"); }
        t = expression(c);
        break;
      }
      continue;
    }
    advance(c);
  }
  c->discovering = 0;
  *c->diag = saved;
  c->out->n_code = code0; c->f.nlocals = nlocals0; c->f.nslots = nslots0; c->f.depth = depth0;
  c->f.max_depth = max0; c->f.prev1 = p1; c->f.prev2 = p2; c->f.ncalled = called0; c->nesting = nest0;
  full_restore(c, &fm);
  if (t == T_BAD || t == T_NONE || type_unknown(&c->types, t)) return;
  int32_t lt = opt ? (is_opt(&c->types, t) ? t : type_opt(&c->types, t)) : type_list(&c->types, t);
  if (lt != T_BAD) l->type = lt;
}

// At '.' NAME: whether a call follows the name.
DEVFN int method_called(Compiler* c) {
  Mark m;
  mark(c, &m);
  advance(c);  // to the name: what follows it is c->nxt (no further, see Mark)
  int called = c->nxt.kind == TK_LPAREN;
  restore(c, &m);
  return called;
}

// postfix := atom (subscript | '.' NAME args | args)*
DEV int32_t postfix(Compiler* c) {
  // a bare local: a method may learn its empty list's item type (xs.append(1))
  Local* origin = check(c, TK_NAME) && c->nxt.kind != TK_LPAREN ? find_local(c, c->cur.start, c->cur.len) : 0;
  int32_t t = atom(c);
  // an empty list used before its first append: the append further on tells
  // the item type (xs = []; ... xs[-1], x in xs, xs.count(x), xs == ys ...;
  // xs.append(c)), which every use must know, or it would read the items as
  // another type. Its own append or insert tells the type itself.
  if (origin && t == origin->type && elem_of(&c->types, t) == T_UNK && !failed(c) &&
      !(check(c, TK_DOT) && (tok_is(c, &c->nxt, "append") || tok_is(c, &c->nxt, "insert")))) {
    learn_type(c, origin);
    t = origin->type;
  }
  for (;; origin = 0) {
    if (failed(c)) return T_BAD;
    if (check(c, TK_WALRUS)) { unsupported(c, &c->cur, "assignment expression ':='"); return T_BAD; }
    if (check(c, TK_LBRACKET)) t = subscript(c, t);
    else if (check(c, TK_DOT)) {
      if (c->nxt.kind == TK_NAME && !method_called(c)) {  // n.real, s.upper without a call
        if (!number_attribute(c, t, &c->nxt)) { unsupported(c, &c->nxt, "a method used as a value"); return T_BAD; }
        unsupported(c, &c->nxt, "the "); msg_type(c, t); msg(c->diag, " attribute '"); msg_tok(c, &c->nxt);
        msg(c->diag, "'");
        return T_BAD;
      }
      if (is_tuple(&c->types, t)) { unsupported(c, &c->nxt, "tuple methods"); return T_BAD; }
      t = decay_as(c, t, ST_ATTRIBUTE_ERROR);  // None.append: 'NoneType' object has no attribute
      t = is_list(&c->types, t) ? list_method(c, t, origin) : str_method(c, t);
    }
    else if (check(c, TK_LPAREN)) {
      error_at(c, &c->cur, DG_TYPE, "'"); msg_type(c, t); msg(c->diag, "' object is not callable");
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
  t = decay(c, t);
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
