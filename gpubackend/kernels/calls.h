// calls.h: calls of the program's functions, of builtins, of `math` and of
// str methods. Each builtin is typed here: the opcode is chosen from the
// static argument types, so the VM never checks a type.
#pragma once
#include "iter.h"

DEVFN int single_arg(Compiler* c);
DEVFN int32_t sequence_builtin(Compiler* c, const Token* name, int b);
DEVFN int32_t iterable_arg(Compiler* c, int copy);
DEVFN int32_t map_filter(Compiler* c, const Token* name);
DEVFN int paren_gen_ahead(Compiler* c);


// The index of token t's text among names[0..n), or -1: a name table's lookup.
DEV int name_index(Compiler* c, const Token* t, const char* const* names, int32_t n) {
  for (int32_t i = 0; i < n; i++)
    if (span_eq(c->src + t->start, t->len, names[i])) return i;
  return -1;
}

// The builtin that token t names, or -1 (a name that is no builtin).
DEV int builtin_of(Compiler* c, const Token* t) {
  const char* names[] = {
#define BUILTIN(id, name, form) name,
#include "builtins.def"
#undef BUILTIN
  };
  return name_index(c, t, names, BI_COUNT_);
}


// call := NAME args   (a function of the program)
// Each argument is made its parameter's type as it arrives (an int is
// boxed where an Optional[int] is wanted); a None argument keeps None.
DEVFN int32_t call_function(Compiler* c, const Token* name, int32_t f) {
  const FuncSig* fs = &c->funcs[f];
  int32_t d0 = c->f.depth;
  expect(c, TK_LPAREN, "expected '('");
  int32_t n = 0;
  while (!check(c, TK_RPAREN) && !failed(c)) {
    if (n >= MAX_PARAMS) { limit_error(c, "MAX_PARAMS (arguments in a call)"); return T_BAD; }
    if (!arg_start_ok(c)) return T_BAD;
    Pos at; at.line = c->cur.line; at.col = c->cur.col;
    int32_t t = expression(c);
    if (t == T_BAD) return T_BAD;
    if (n < fs->nparams && !coerce(c, fs->ptype[n], t)) {
      error_at(c, &at, DG_TYPE, "argument '");
      msg_add(c->diag, c->src + fs->pstart[n], fs->plen[n]); msg(c->diag, "' of ");
      msg_tok(c, name); msg(c->diag, "() is "); msg_type(c, fs->ptype[n]);
      msg(c->diag, ", got "); msg_type(c, t);
      return T_BAD;
    }
    n++;
    if (!accept(c, TK_COMMA)) break;
  }
  expect(c, TK_RPAREN, "expected ')' after arguments");
  if (failed(c)) return T_BAD;
  if (n != fs->nparams) {
    error_at(c, name, DG_TYPE, ""); msg_tok(c, name); msg(c->diag, "() takes ");
    msg_int(c->diag, fs->nparams); msg(c->diag, fs->nparams == 1 ? " argument, got " : " arguments, got ");
    msg_int(c->diag, n);
    return T_BAD;
  }
  emit_call(c, f);
  c->f.depth = d0;
  adjust(c, 1);
  return fs->ret;
}

// Record a call by name (see MAX_CALLED) before its arguments are compiled.
DEV void note_called(Compiler* c, const Token* name) {
  if (called_here(c, name->start, name->len)) return;
  if (c->f.ncalled >= MAX_CALLED) { limit_error(c, "MAX_CALLED (distinct names called in one function)"); return; }
  c->f.called_start[c->f.ncalled] = name->start;
  c->f.called_len[c->f.ncalled++] = name->len;
}

// The instruction of str(x) for a scalar x of type t (int, bool, float), or -1.
DEV int str_of_scalar_op(int32_t t) {
  return t == T_INT ? OP_STR_OF_INT : t == T_BOOL ? OP_STR_OF_BOOL : t == T_FLOAT ? OP_STR_OF_FLOAT : -1;
}

// str(o) of an Optional on the stack: 'None', or str() of its value.
DEVFN int32_t str_of_optional(Compiler* c, const Pos* at, int32_t t) {
  int32_t e = elem_of(&c->types, t);
  if (e != T_STR && str_of_scalar_op(e) < 0) { unsupported(c, at, "str() of an Optional["); msg_type(c, e); msg(c->diag, "]"); return T_BAD; }
  emit0(c, OP_DUP);
  int32_t jnone = emit(c, OP_JUMP_IF_FALSE, 0);
  emit(c, e == T_STR ? OP_UNWRAP : OP_UNBOX, ST_TYPE_ERROR);  // cannot fail: tested
  if (e != T_STR) emit0(c, str_of_scalar_op(e));
  int32_t jend = emit(c, OP_JUMP, 0);
  patch_here(c, jnone);
  emit0(c, OP_POP);
  int32_t k = const_str_text(c, "None", 4);
  if (k < 0) return T_BAD;
  emit(c, OP_CONST_STR, k);
  patch_here(c, jend);
  return T_STR;
}

// print_call := '(' [arg (',' arg)*] [','] ')'    arg := ['sep' | 'end' | 'flush' '='] expression
// What a program prints is not its result (docs/language.md: the return value or
// the exception), so print evaluates its arguments in order, for their
// effects and errors, and drops them: None. sep= and end= must be str or
// None, as CPython checks; file= (an object the DSL has not) is Unsupported.
DEVFN int32_t print_call(Compiler* c) {
  expect(c, TK_LPAREN, "expected '('");
  int seen = 0;  // keywords so far: bit 0 sep, 1 end, 2 flush
  while (!check(c, TK_RPAREN) && !failed(c)) {
    if (check(c, TK_STAR) || check(c, TK_DSTAR)) { unsupported(c, &c->cur, "argument unpacking"); return T_BAD; }
    Token kw = c->cur;
    int bit = 0;
    if (check(c, TK_NAME) && c->nxt.kind == TK_ASSIGN) {
      bit = tok_is(c, &kw, "sep") ? 1 : tok_is(c, &kw, "end") ? 2 : tok_is(c, &kw, "flush") ? 4 : 0;
      if (!bit) { unsupported(c, &kw, "keyword argument '"); msg_tok(c, &kw); msg(c->diag, "' of print"); return T_BAD; }
      if (seen & bit) { error_at(c, &kw, DG_SYNTAX, "keyword argument repeated: "); msg_tok(c, &kw); return T_BAD; }
      seen |= bit;
      advance(c);
      advance(c);
    } else if (seen) {
      error_at(c, &kw, DG_SYNTAX, "positional argument follows keyword argument");
      return T_BAD;
    }
    Token at = c->cur;
    int32_t t = expression(c);
    if (t == T_BAD) return T_BAD;
    if (check(c, TK_FOR)) { unsupported(c, &c->cur, "generator expression"); return T_BAD; }
    int text = t == T_STR || t == T_NONE || (is_opt(&c->types, t) && elem_of(&c->types, t) == T_STR);
    if ((bit == 1 || bit == 2) && !text) {
      error_at(c, &at, DG_TYPE, ""); msg_tok(c, &kw); msg(c->diag, " must be None or a string, not "); msg_type(c, t);
      return T_BAD;
    }
    emit_pop(c);
    if (!accept(c, TK_COMMA)) break;
  }
  expect(c, TK_RPAREN, "expected ')' after arguments");
  if (failed(c)) return T_BAD;
  emit_int(c, 0);
  return T_NONE;
}

// The builtins of CALL form, once their arguments are compiled: n of
// them, of types ts, at `at`. Each returns the call's type, or T_BAD.

DEVFN int32_t len_call(Compiler* c, const Token* name, int32_t n, const int32_t* ts, const Pos* at) {
  int32_t t = ts[0];
  if (n != 1) return arity_error(c, name, "exactly one argument");
  if (t == T_STR) emit0(c, OP_STR_LEN);
  else if (is_list(&c->types, t)) emit0(c, OP_LIST_LEN);
  else if (is_tuple(&c->types, t)) { emit_pop(c); emit_int(c, c->types.t[t].n); }
  else { error_at(c, &at[0], DG_TYPE, "object of type '"); msg_type(c, t); msg(c->diag, "' has no len()"); return T_BAD; }
  return T_INT;
}

DEVFN int32_t divmod_call(Compiler* c, const Token* name, int32_t n, const int32_t* ts, const Pos* at) {
  if (n != 2) return arity_error(c, name, "exactly two arguments");
  for (int32_t i = 0; i < 2; i++)
    if (!is_number(ts[i])) return arg_type_error(c, &at[i], name, ts[i]);
  // (a // b, a % b); for floats CPython's float_divmod and its // and %
  // share one computation (_float_div_mod), so the pair is exactly theirs
  int32_t ty = ts[0] == T_FLOAT || ts[1] == T_FLOAT ? T_FLOAT : T_INT;
  if (ty == T_FLOAT && ts[0] != T_FLOAT) emit0(c, OP_INT_TO_FLOAT_UNDER);
  if (ty == T_FLOAT && ts[1] != T_FLOAT) emit0(c, OP_INT_TO_FLOAT);
  emit0(c, OP_DUP2);
  emit0(c, ty == T_FLOAT ? OP_FLOORDIV_FLOAT : OP_FLOORDIV_INT);
  emit0(c, OP_ROT3);
  emit0(c, ty == T_FLOAT ? OP_MOD_FLOAT : OP_MOD_INT);
  emit_count(c, OP_TUPLE_NEW, 2);
  int32_t items[2] = {ty, ty};
  return checked_type(c, name, type_tuple(&c->types, 2, items));
}

DEVFN int32_t abs_call(Compiler* c, const Token* name, int32_t n, const int32_t* ts, const Pos* at) {
  if (n != 1) return arity_error(c, name, "exactly one argument");
  if (is_intlike(ts[0])) { emit0(c, OP_ABS_INT); return T_INT; }
  if (ts[0] == T_FLOAT) { emit0(c, OP_ABS_FLOAT); return T_FLOAT; }
  return arg_type_error(c, &at[0], name, ts[0]);
}

DEVFN int32_t int_call(Compiler* c, const Token* name, int32_t n, const int32_t* ts, const Pos* at) {
  int32_t t = ts[0];
  if (n == 0) { emit_int(c, 0); return T_INT; }
  if (n == 2) {  // int(s, base): s must be a str, as CPython's TypeError says
    if (t != T_STR) { error_at(c, &at[0], DG_TYPE, "int() can't convert non-string with explicit base"); return T_BAD; }
    if (!is_intlike(ts[1])) return arg_type_error(c, &at[1], name, ts[1]);
    emit0(c, OP_INT_OF_STR_BASE);
    return T_INT;
  }
  if (n != 1) return arity_error(c, name, "at most 2 arguments");
  if (is_intlike(t)) return T_INT;
  if (t == T_FLOAT) { emit0(c, OP_FLOAT_TO_INT); return T_INT; }
  if (t == T_STR) { emit0(c, OP_INT_OF_STR); return T_INT; }
  return arg_type_error(c, &at[0], name, t);
}

DEVFN int32_t float_call(Compiler* c, const Token* name, int32_t n, const int32_t* ts, const Pos* at) {
  int32_t t = ts[0];
  if (n == 0) { emit_float(c, 0.0); return T_FLOAT; }
  if (n != 1) return arity_error(c, name, "at most 1 argument");
  if (is_intlike(t)) { emit0(c, OP_INT_TO_FLOAT); return T_FLOAT; }
  if (t == T_FLOAT) return T_FLOAT;
  if (t == T_STR) { emit0(c, OP_FLOAT_OF_STR); return T_FLOAT; }
  return arg_type_error(c, &at[0], name, t);
}

// str(x); str(None) does not raise, so an Optional argument keeps its type
DEVFN int32_t str_call(Compiler* c, const Token* name, int32_t n, const int32_t* ts, const Pos* at) {
  int32_t t = ts[0];
  if (n > 0 && is_opt(&c->types, t)) return str_of_optional(c, &at[0], t);
  if (n == 0) { emit(c, OP_CONST_STR, const_str_alloc(c, 0)); return T_STR; }
  if (n != 1) return arity_error(c, name, "at most 1 argument");
  if (str_of_scalar_op(t) >= 0) { emit0(c, str_of_scalar_op(t)); return T_STR; }
  if (t == T_STR) return T_STR;
  if (t == T_BAD) return T_BAD;
  unsupported(c, &at[0], "str() of a ");  // valid for every value in CPython: never a TypeError
  msg_type(c, t);
  return T_BAD;
}

DEVFN int32_t bool_call(Compiler* c, const Token* name, int32_t n, const int32_t* ts) {
  if (n == 0) { emit_int(c, 0); return T_BOOL; }
  if (n != 1) return arity_error(c, name, "at most 1 argument");
  if (ts[0] != T_BOOL) emit_truth(c, ts[0]);
  return T_BOOL;
}

// ord(s); chr, bin, oct and hex of an int
DEVFN int32_t char_call(Compiler* c, const Token* name, int b, int32_t n, const int32_t* ts, const Pos* at) {
  if (n != 1) return arity_error(c, name, "exactly one argument");
  if (b == BI_ORD) {
    if (ts[0] != T_STR) return arg_type_error(c, &at[0], name, ts[0]);
    emit0(c, OP_ORD);
    return T_INT;
  }
  if (!is_intlike(ts[0])) return arg_type_error(c, &at[0], name, ts[0]);
  if (b == BI_CHR) emit0(c, OP_CHR);
  else emit(c, OP_RADIX_STR, b == BI_BIN ? 1 : b == BI_OCT ? 3 : 4);
  return T_STR;
}

DEVFN int32_t round_call(Compiler* c, const Token* name, int32_t n, const int32_t* ts, const Pos* at) {
  int32_t t = ts[0];
  if (n != 1 && n != 2) return arity_error(c, name, "1 or 2 arguments");
  if (n == 2) {  // round(x, ndigits): x's own type
    if (!is_intlike(ts[1])) return arg_type_error(c, &at[1], name, ts[1]);
    if (is_intlike(t)) { emit0(c, OP_ROUND_INT_N); return T_INT; }
    if (t == T_FLOAT) { emit0(c, OP_ROUND_FLOAT_N); return T_FLOAT; }
    return arg_type_error(c, &at[0], name, t);
  }
  if (is_intlike(t)) return T_INT;
  if (t == T_FLOAT) { emit0(c, OP_ROUND_FLOAT); return T_INT; }
  return arg_type_error(c, &at[0], name, t);
}

DEVFN int32_t pow_call(Compiler* c, const Token* name, int32_t n, const int32_t* ts, const Pos* at) {
  if (n != 2 && n != 3) return arity_error(c, name, "2 or 3 arguments");
  for (int32_t i = 0; i < n; i++)
    if (!is_intlike(ts[i])) {
      if (ts[i] == T_FLOAT) { unsupported(c, &at[i], "pow() of floats"); return T_BAD; }
      return arg_type_error(c, &at[i], name, ts[i]);
    }
  emit0(c, n == 2 ? OP_POW_INT : OP_POW_MOD);
  return T_INT;
}

// min_max := ('min' | 'max') '(' expression (',' expression)+ ')'
// Emitted pairwise as the arguments arrive: min(a, b, c) == min(min(a, b), c).
DEVFN int32_t min_max_call(Compiler* c, const Token* name, int is_max) {
  expect(c, TK_LPAREN, "expected '('");
  int32_t n = 0, t0 = T_BAD;
  while (!check(c, TK_RPAREN) && !failed(c)) {
    if (check(c, TK_NAME) && c->nxt.kind == TK_ASSIGN) { unsupported(c, &c->cur, "keyword argument"); return T_BAD; }
    Token a = c->cur;
    int32_t t = expression(c);
    if (t == T_BAD) return T_BAD;
    if (check(c, TK_FOR)) { unsupported(c, &c->cur, "generator expression"); return T_BAD; }
    if (n == 0) t0 = t;
    else if (t != t0) { type_error2(c, &a, "min/max arguments must have one type, got ", t0, t); return T_BAD; }
    else {
      int op = t == T_FLOAT ? (is_max ? OP_MAX_FLOAT : OP_MIN_FLOAT)
             : t == T_STR ? (is_max ? OP_MAX_STR : OP_MIN_STR)
             : is_intlike(t) ? (is_max ? OP_MAX_INT : OP_MIN_INT) : -1;
      if (op >= 0) emit0(c, op);
      else if (is_list(&c->types, t) || is_tuple(&c->types, t)) {
        // [x y]: y replaces x when y < x (min) or y > x (max), as CPython keeps the first
        emit0(c, OP_DUP2);
        emit0(c, OP_SWAP);
        emit(c, OP_CMP_OBJ, SETARG(TYPE, type_const(c, t)) | SETARG(CMP_B, is_max ? CMP_GT : CMP_LT));
        int32_t keep = emit(c, OP_JUMP_IF_FALSE, 0);
        emit0(c, OP_SWAP);
        patch_here(c, keep);
        emit_pop(c);
      } else { arg_type_error(c, &a, name, t); return T_BAD; }
    }
    n++;
    if (!accept(c, TK_COMMA)) break;
  }
  expect(c, TK_RPAREN, "expected ')' after arguments");
  if (n == 0) return arity_error(c, name, "at least 1 argument");
  return failed(c) ? T_BAD : t0;
}

// builtin := NAME args   for the builtins of builtins.def (docs/language.md, section 6)
DEVFN int32_t builtin_call(Compiler* c, const Token* name) {
  int b = builtin_of(c, name);
  int form = b >= 0 ? builtin_form(b) : -1;
  if (form == BF_PRINT) return print_call(c);
  if (form == BF_REFUSED) {
    unsupported(c, name, "builtin '"); msg_tok(c, name); msg(c->diag, "'");
    return T_BAD;
  }
  if (check(c, TK_LPAREN) && (c->nxt.kind == TK_STAR || c->nxt.kind == TK_DSTAR)) {  // max(*xs)
    unsupported(c, &c->nxt, "argument unpacking");
    return T_BAD;
  }
  if (form == BF_SEQ || (form == BF_MINMAX && single_arg(c))) return sequence_builtin(c, name, b);
  if (form == BF_ITER) {
    unsupported(c, name, ""); msg_tok(c, name);
    msg(c->diag, "() as a value (give it whole to list(), sorted(), sum(), a for loop, ...)");
    return T_BAD;
  }
  if (form == BF_LOOP) {
    unsupported(c, name, ""); msg_tok(c, name); msg(c->diag, "() outside a for loop or comprehension");
    return T_BAD;
  }
  if (form == BF_MINMAX) return min_max_call(c, name, b == BI_MAX);
  int32_t ts[MAX_PARAMS];
  Pos at[MAX_PARAMS];
  int32_t n = call_args(c, ts, at, MAX_PARAMS, b == BI_BOOL || b == BI_STR);
  if (n < 0) return T_BAD;
  if (n == 0) ts[0] = T_BAD;
  switch (b) {
    case BI_LEN: return len_call(c, name, n, ts, at);
    case BI_DIVMOD: return divmod_call(c, name, n, ts, at);
    case BI_ABS: return abs_call(c, name, n, ts, at);
    case BI_INT: return int_call(c, name, n, ts, at);
    case BI_FLOAT: return float_call(c, name, n, ts, at);
    case BI_STR: return str_call(c, name, n, ts, at);
    case BI_BOOL: return bool_call(c, name, n, ts);
    case BI_ORD: case BI_CHR: case BI_BIN: case BI_OCT: case BI_HEX: return char_call(c, name, b, n, ts, at);
    case BI_ROUND: return round_call(c, name, n, ts, at);
    case BI_POW: return pow_call(c, name, n, ts, at);
  }
  error_at(c, name, DG_NAME, "name '"); msg_tok(c, name); msg(c->diag, "' is not defined");
  return T_BAD;
}

DEV int is_builtin_name(Compiler* c, const Token* t) { return builtin_of(c, t) >= 0; }

// math_attr := 'math' '.' NAME [args]
DEVFN int32_t math_fn(Compiler* c, const Token* name);
DEVFN int32_t math_attr(Compiler* c, const Token* mtok) {
  expect(c, TK_DOT, "expected '.'");
  Token name = c->cur;
  expect(c, TK_NAME, "expected a name after 'math.'");
  if (failed(c)) return T_BAD;
  return math_fn(c, &name);
}

// math_fn := NAME [args]     math's constant or function NAME (math.NAME,
// or NAME from `from math import NAME`)
DEVFN int32_t math_fn(Compiler* c, const Token* np) {
  Token name = *np;
  const char* s = c->src + name.start;
  int32_t len = name.len;
#define IS(w) span_eq(s, len, w)
#define MATH_CONST(id, word, value) if (IS(word)) { emit_float(c, value); return T_FLOAT; }
#define MATH_FN(id, word)
#include "math.def"
#undef MATH_CONST
#undef MATH_FN
  if (!math_known(s, len)) { unsupported(c, &name, "math."); msg_tok(c, &name); return T_BAD; }
  if (!check(c, TK_LPAREN)) { unsupported(c, &name, "a math function used as a value"); return T_BAD; }
  int32_t ts[MAX_PARAMS];
  Pos at[MAX_PARAMS];
  if (IS("gcd")) {  // pairwise as the arguments arrive
    expect(c, TK_LPAREN, "expected '('");
    int32_t n = 0;
    while (!check(c, TK_RPAREN) && !failed(c)) {
      Token a = c->cur;
      int32_t t = expression(c);
      if (t == T_BAD) return T_BAD;
      if (!is_intlike(t)) return arg_type_error(c, &a, &name, t);
      if (n > 0) emit0(c, OP_GCD);
      n++;
      if (!accept(c, TK_COMMA)) break;
    }
    expect(c, TK_RPAREN, "expected ')' after arguments");
    if (n == 0) emit_int(c, 0);
    if (n == 1) emit0(c, OP_ABS_INT);  // gcd(x) == abs(x)
    return failed(c) ? T_BAD : T_INT;
  }
  int32_t n = call_args(c, ts, at, MAX_PARAMS);
  if (n < 0) return T_BAD;
  if (n != 1) return arity_error(c, &name, "exactly one argument");
  int32_t t = ts[0];
  if (!is_number(t)) return arg_type_error(c, &at[0], &name, t);
  if (IS("isqrt")) {
    if (!is_intlike(t)) return arg_type_error(c, &at[0], &name, t);
    emit0(c, OP_ISQRT);
    return T_INT;
  }
  if (IS("floor") || IS("ceil")) {
    if (t == T_FLOAT) emit0(c, IS("floor") ? OP_FLOOR_FLOAT : OP_CEIL_FLOAT);
    return T_INT;
  }
  if (is_intlike(t)) emit0(c, OP_INT_TO_FLOAT);
  emit0(c, IS("sqrt") ? OP_SQRT : OP_ABS_FLOAT);
  return T_FLOAT;
#undef IS
}

// pad := ('ljust' | 'rjust' | 'center') '(' width [',' fillchar] ')' | 'zfill' '(' width ')'
// with the str under them on the stack; the fill (a space by default, any
// one-character str, a TypeError at run time otherwise, as CPython) goes on
// the stack for STR_PAD, zfill's too, unused.
DEVFN int32_t str_pad(Compiler* c, const Token* name, int mode) {
  int32_t ts[MAX_PARAMS];
  Pos at[MAX_PARAMS];
  int32_t n = call_args(c, ts, at, MAX_PARAMS);
  if (n < 0) return T_BAD;
  int32_t most = mode == PAD_ZEROS ? 1 : 2;
  if (n < 1 || n > most) return arity_error(c, name, mode == PAD_ZEROS ? "exactly one argument" : "1 or 2 arguments");
  if (!is_intlike(ts[0])) return arg_type_error(c, &at[0], name, ts[0]);
  if (n == 2 && ts[1] != T_STR) return arg_type_error(c, &at[1], name, ts[1]);
  if (n == 1) {  // the default fill, ' '
    int32_t k = const_str_text(c, " ", 1);
    if (k < 0) return T_BAD;
    emit(c, OP_CONST_STR, k);
  }
  emit(c, OP_STR_PAD, mode);
  return T_STR;
}

// Whether `name` is an attribute CPython's int, bool or float has (the
// subset has none of them): its refusal says Unsupported, not that the
// attribute is missing, which would tell a model to stop using valid Python.
DEV int number_attribute(Compiler* c, int32_t t, const Token* name) {
  if (t != T_INT && t != T_BOOL && t != T_FLOAT) return 0;
  const char* s = c->src + name->start;
  int32_t n = name->len;
  return span_eq(s, n, "bit_length") || span_eq(s, n, "bit_count") || span_eq(s, n, "to_bytes") ||
         span_eq(s, n, "from_bytes") || span_eq(s, n, "as_integer_ratio") || span_eq(s, n, "conjugate") ||
         span_eq(s, n, "is_integer") || span_eq(s, n, "real") || span_eq(s, n, "imag") ||
         span_eq(s, n, "numerator") || span_eq(s, n, "denominator") || span_eq(s, n, "hex") ||
         span_eq(s, n, "fromhex");
}

// The str methods (methods.def, StrMethod in lex.h), and what a call of each emits.
struct StrMethodInfo { int16_t op; int8_t sel; int8_t args; };

// The str method that token t names, or -1.
DEV int str_method_of(Compiler* c, const Token* t) {
  const char* names[] = {
#define STR_METHOD(id, name, op, sel, args) name,
#include "methods.def"
#undef STR_METHOD
  };
  return name_index(c, t, names, SM_COUNT_);
}

DEV StrMethodInfo str_method_info(int m) {
  const StrMethodInfo info[] = {
#define STR_METHOD(id, name, op, sel, args) {(int16_t)(op), (int8_t)(sel), (int8_t)(args)},
#include "methods.def"
#undef STR_METHOD
  };
  return info[m];
}

// join := 'join' '(' iterable ')'    of strs
DEVFN int32_t str_join(Compiler* c) {
  expect(c, TK_LPAREN, "expected '('");
  Token at = c->cur;
  int32_t l = iterable_arg(c, 0);
  expect(c, TK_RPAREN, "expected ')' after join's argument");
  if (failed(c) || l == T_BAD) return T_BAD;
  if (elem_of(&c->types, l) != T_STR && elem_of(&c->types, l) != T_UNK) {
    error_at(c, &at, DG_TYPE, "join() needs str items, got "); msg_type(c, l);
    return T_BAD;
  }
  emit0(c, OP_STR_JOIN);
  return T_STR;
}

// split := 'split' '(' [expression | 'sep' '=' expression] ')'
DEVFN int32_t str_split(Compiler* c, const Token* name) {
  int32_t ts[MAX_PARAMS];
  Pos at[MAX_PARAMS];
  int32_t n = 1;
  Mark m;
  mark(c, &m);
  advance(c);  // '('
  if (tok_is(c, &c->cur, "sep") && c->nxt.kind == TK_ASSIGN) {  // split(sep='.')
    advance(c); advance(c);
    at[0].line = c->cur.line; at[0].col = c->cur.col;
    ts[0] = expression(c);
    expect(c, TK_RPAREN, "expected ')' after sep=");
    if (failed(c)) return T_BAD;
  } else {
    restore(c, &m);
    n = call_args(c, ts, at, MAX_PARAMS);
  }
  if (n < 0) return T_BAD;
  if (n > 1) { unsupported(c, name, "split() with maxsplit"); return T_BAD; }
  if (n == 1 && ts[0] != T_STR) return arg_type_error(c, &at[0], name, ts[0]);
  emit0(c, n ? OP_STR_SPLIT_SEP : OP_STR_SPLIT);
  return checked_list(c, name, T_STR);
}

// method := expression '.' NAME args     (str methods)
DEVFN int32_t str_method(Compiler* c, int32_t t) {
  advance(c);  // '.'
  Token name = c->cur;
  expect(c, TK_NAME, "expected an attribute name after '.'");
  if (failed(c) || t == T_BAD) return T_BAD;
  if (t != T_STR) {
    if (number_attribute(c, t, &name)) {  // valid Python the subset leaves out: CPython judges it
      unsupported(c, &name, "the "); msg_type(c, t); msg(c->diag, " method '"); msg_tok(c, &name);
      msg(c->diag, "'");
      return T_BAD;
    }
    error_at(c, &name, DG_TYPE, "'"); msg_type(c, t); msg(c->diag, "' object has no attribute '");
    msg_tok(c, &name); msg(c->diag, "'");
    return T_BAD;
  }
  int sm = str_method_of(c, &name);
  if (sm == SM_JOIN) return str_join(c);
  if (sm == SM_SPLIT) return str_split(c, &name);
  StrMethodInfo mi = sm >= 0 ? str_method_info(sm) : StrMethodInfo{-1, 0, 0};
  if (sm >= 0 && mi.op < 0) return str_pad(c, &name, mi.sel);
  int op = mi.op, sel = mi.sel, nargs = mi.args;
  if (op < 0) { unsupported(c, &name, "str."); msg_tok(c, &name); return T_BAD; }
  int32_t ts[MAX_PARAMS];
  Pos at[MAX_PARAMS];
  int32_t n = call_args(c, ts, at, MAX_PARAMS);
  if (n < 0) return T_BAD;
  if (nargs == -1 && n == 1) { op = OP_STR_STRIP_CHARS; nargs = 1; }
  if (nargs == -1) nargs = 0;
  if (n != nargs) {
    if (n > nargs && nargs > 0) { unsupported(c, &name, "start/end/count arguments of str methods"); return T_BAD; }
    return arity_error(c, &name, nargs == 0 ? "no arguments" : nargs == 1 ? "exactly one argument" : "exactly two arguments");
  }
  for (int32_t i = 0; i < n; i++) if (ts[i] != T_STR) return arg_type_error(c, &at[i], &name, ts[i]);
  emit(c, op, sel);
  if (op == OP_STR_FIND) return T_INT;
  if (op == OP_STR_AFFIX || op == OP_STR_IS) return T_BOOL;
  return T_STR;
}
