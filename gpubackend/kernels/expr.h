// expr.h: expressions. One function per grammar rule, each headed by its
// rule; each emits code leaving one value on the stack and returns its
// static type (T_BAD after an error). Precedence, loosest first:
//   conditional < or < and < not < comparison < | < ^ < & < shifts < + - <
//   * / // % < unary - + ~ < ** < postfix (call, subscript, attribute)
#pragma once
#include "codegen.h"

DEVFN int32_t expression(Compiler* c);
DEVFN int32_t conditional(Compiler* c, int cond);
DEVFN int32_t unary(Compiler* c);

DEV int is_intlike(int32_t t) { return t == T_INT || t == T_BOOL; }
DEV int is_number(int32_t t) { return is_intlike(t) || t == T_FLOAT; }

// expr_cond := expression, as a truth value (if/while/assert/not): and/or
// operands are tested for truth one by one, so `if n and s:` needs no single
// result type, exactly as Python's truth test of `n and s`.
DEV int32_t expr_cond(Compiler* c) {
  int32_t t = conditional(c, 1);
  if (t != T_BAD && t != T_BOOL) emit_truth(c, t);
  return t == T_BAD ? T_BAD : T_BOOL;
}

// Bring two numbers to one representation: int op float computes in float.
DEV int32_t unify_numbers(Compiler* c, int32_t a, int32_t b) {
  if (a == T_FLOAT && b == T_FLOAT) return T_FLOAT;
  if (a == T_FLOAT) { emit0(c, OP_INT_TO_FLOAT); return T_FLOAT; }
  if (b == T_FLOAT) { emit0(c, OP_INT_TO_FLOAT_UNDER); return T_FLOAT; }
  return T_INT;
}

// The one type of two values that meet (list items, branches of a
// conditional, and/or operands): equal types, or an empty display's type
// and a known one. T_BAD when they differ.
DEV int32_t unify_types(Compiler* c, int32_t a, int32_t b) {
  if (type_fits(&c->types, a, b)) return a;
  if (type_fits(&c->types, b, a)) return b;
  return T_BAD;
}

// The code for `a OP b` (both already on the stack); returns the result type.
// `kind` is the binary operator's token (augmented forms map onto these).
DEVFN int32_t emit_binary(Compiler* c, const Token* op, int kind, int32_t a, int32_t b) {
  if (a == T_BAD || b == T_BAD) return T_BAD;
  b = decay(c, b);
  a = decay_under(c, a);
  if (kind == TK_PLUS && a == T_STR && b == T_STR) { emit0(c, OP_STR_CONCAT); return T_STR; }
  if (kind == TK_STAR && a == T_STR && is_intlike(b)) { emit0(c, OP_STR_REPEAT); return T_STR; }
  if (kind == TK_STAR && is_intlike(a) && b == T_STR) { emit0(c, OP_SWAP); emit0(c, OP_STR_REPEAT); return T_STR; }
  if (kind == TK_PERCENT && a == T_STR) { unsupported(c, op, "printf-style string formatting"); return T_BAD; }
  TypeTable* tt = &c->types;
  if (is_list(tt, a) || is_list(tt, b)) {
    if (kind == TK_PLUS && is_list(tt, a) && is_list(tt, b)) {
      int32_t t = unify_types(c, a, b);
      if (t == T_BAD) { type_error2(c, op, "can only concatenate lists of one type, got ", a, b); return T_BAD; }
      emit0(c, OP_LIST_CONCAT);
      return t;
    }
    if (kind == TK_STAR && is_list(tt, a) && is_intlike(b)) { emit0(c, OP_LIST_REPEAT); return a; }
    if (kind == TK_STAR && is_intlike(a) && is_list(tt, b)) { emit0(c, OP_SWAP); emit0(c, OP_LIST_REPEAT); return b; }
  }
  if (is_tuple(tt, a) || is_tuple(tt, b)) {
    if (kind == TK_PLUS && is_tuple(tt, a) && is_tuple(tt, b)) { unsupported(c, op, "tuple concatenation"); return T_BAD; }
    if (kind == TK_STAR && (is_intlike(a) || is_intlike(b))) { unsupported(c, op, "tuple repetition"); return T_BAD; }
  }
  if (kind == TK_AT) { unsupported(c, op, "matrix multiplication"); return T_BAD; }
  if (!is_number(a) || !is_number(b)) {
    type_error2(c, op, "unsupported operand types: ", a, b);
    return T_BAD;
  }
  int both_int = is_intlike(a) && is_intlike(b);
  if (kind == TK_AMP || kind == TK_PIPE || kind == TK_CARET || kind == TK_LSHIFT || kind == TK_RSHIFT) {
    if (!both_int) { type_error2(c, op, "bitwise operator needs ints, got ", a, b); return T_BAD; }
    int opc = kind == TK_AMP ? OP_AND_INT : kind == TK_PIPE ? OP_OR_INT : kind == TK_CARET ? OP_XOR_INT
            : kind == TK_LSHIFT ? OP_LSHIFT : OP_RSHIFT;
    emit0(c, opc);
    // bool & bool is a bool in Python; shifts always give int
    return (a == T_BOOL && b == T_BOOL && kind != TK_LSHIFT && kind != TK_RSHIFT) ? T_BOOL : T_INT;
  }
  if (kind == TK_SLASH && both_int) { emit0(c, OP_TRUEDIV_INT); return T_FLOAT; }
  if (kind == TK_DSTAR) {
    if (!both_int) { unsupported(c, op, "** on floats (use x * x or math.sqrt)"); return T_BAD; }
    emit0(c, OP_POW_INT);
    return T_INT;
  }
  int32_t t = unify_numbers(c, a, b);
  int isf = t == T_FLOAT;
  switch (kind) {
    case TK_PLUS: if (isf) emit0(c, OP_ADD_FLOAT); else emit_int_op(c, OP_ADD_INT, 0); break;
    case TK_MINUS: if (isf) emit0(c, OP_SUB_FLOAT); else emit_int_op(c, OP_SUB_INT, 0); break;
    case TK_STAR: if (isf) emit0(c, OP_MUL_FLOAT); else emit_int_op(c, OP_MUL_INT, 0); break;
    case TK_SLASH: emit0(c, OP_DIV_FLOAT); break;
    case TK_DSLASH: if (isf) emit0(c, OP_FLOORDIV_FLOAT); else emit_int_op(c, OP_FLOORDIV_INT, 0); break;
    case TK_PERCENT: if (isf) emit0(c, OP_MOD_FLOAT); else emit_int_op(c, OP_MOD_INT, 0); break;
  }
  return t;
}

// Enter one level of expression or statement nesting: the parser recurses,
// and the GPU thread's stack is small, so depth is bounded (MAX_NESTING).
DEV int enter(Compiler* c) {
  if (++c->nesting > MAX_NESTING) { limit_error(c, "MAX_NESTING (nested expressions or blocks)"); return 0; }
  return 1;
}

// binary := unary (binop binary)*     with precedence climbing
DEV int32_t binary(Compiler* c, int min_prec) {
  int32_t t = unary(c);
  for (;;) {
    int prec = binary_prec(c->cur.kind);
    if (prec == 0 || prec < min_prec || failed(c)) return t;
    Token op = c->cur;
    advance(c);
    int32_t r = binary(c, prec + 1);
    t = emit_binary(c, &op, op.kind, t, r);
  }
}

DEV int is_cmp_op(Compiler* c) {
  int k = c->cur.kind;
  return cmp_kind(k) >= 0 || k == TK_IN || k == TK_IS || (k == TK_NOT && c->nxt.kind == TK_IN);
}

// One comparison of the two values on the stack.
DEVFN int32_t emit_compare(Compiler* c, const Token* op, int not_in, int is_not, int32_t a, int32_t b) {
  if (a == T_BAD || b == T_BAD) return T_BAD;
  TypeTable* tt = &c->types;
  if (op->kind == TK_IS) {
    // only `x is None` / `x is not None`: identity of other objects is not kept
    if (a != T_NONE && b != T_NONE) { unsupported(c, op, "'is' between values other than None (use ==)"); return T_BAD; }
    if (b != T_NONE) emit0(c, OP_SWAP);
    emit_pop(c);  // the None
    int32_t x = a == T_NONE ? b : a;
    if (x == T_NONE) { emit_pop(c); emit_int(c, 1); }
    else if (is_opt(tt, x)) emit0(c, OP_IS_NONE);
    else { emit_pop(c); emit_int(c, 0); }  // a value of a non-Optional type is never None
    if (is_not) emit0(c, OP_NOT);
    return T_BOOL;
  }
  if (op->kind == TK_IN || not_in) {
    b = tuple_as_list(c, decay(c, b));
    if (a == T_STR && b == T_STR) emit0(c, OP_STR_CONTAINS);
    else if (is_list(tt, b) && (type_fits(tt, elem_of(tt, b), a) || elem_of(tt, b) == T_UNK)) {
      emit(c, OP_LIST_FIND, type_const(c, a));
    } else {
      type_error2(c, op, "'in' needs a str in a str or an item in a list, got ", a, b);
      return T_BAD;
    }
    if (not_in) emit0(c, OP_NOT);
    return T_BOOL;
  }
  int k = cmp_kind(op->kind);
  if (k != CMP_EQ && k != CMP_NE) {  // None < x raises TypeError
    b = decay(c, b);
    a = decay_under(c, a);
  }
  if (is_intlike(a) && is_intlike(b)) emit_int_op(c, OP_CMP_INT, k);
  else if (a == T_FLOAT && b == T_FLOAT) emit(c, OP_CMP_FLOAT, k);
  else if (is_intlike(a) && b == T_FLOAT) emit(c, OP_CMP_INT_FLOAT, k);
  else if (a == T_FLOAT && is_intlike(b)) emit(c, OP_CMP_FLOAT_INT, k);
  else if (a == T_STR && b == T_STR) emit_str_cmp(c, k);
  else if (a >= N_SCALARS && unify_types(c, a, b) != T_BAD) {
    if (is_opt(tt, a) && k != CMP_EQ && k != CMP_NE) { unsupported(c, op, "ordering Optional values"); return T_BAD; }
    emit(c, OP_CMP_OBJ, SETARG(TYPE, type_const(c, unify_types(c, a, b))) | SETARG(CMP_B, k));
  } else if ((k == CMP_EQ || k == CMP_NE) && (a == T_NONE || b == T_NONE)) {
    // == None: true only for an Optional's None
    int32_t x = a == T_NONE ? b : a;
    if (b != T_NONE) emit0(c, OP_SWAP);
    emit_pop(c);
    if (is_opt(tt, x)) emit0(c, OP_IS_NONE);
    else { emit_pop(c); emit_int(c, x == T_NONE); }
    if (k == CMP_NE) emit0(c, OP_NOT);
  } else if ((k == CMP_EQ || k == CMP_NE) && is_opt(tt, a) && type_fits(tt, elem_of(tt, a), b)) {
    if (!is_ref(tt, b)) emit0(c, OP_BOX);
    emit(c, OP_CMP_OBJ, SETARG(TYPE, type_const(c, a)) | SETARG(CMP_B, k));
  } else {
    type_error2(c, op, "comparison between ", a, b);
    return T_BAD;
  }
  return T_BOOL;
}

DEVFN int range_args(Compiler* c, const Token* name);
// x in range(...) for an int x on the stack: range_args then RANGE_CONTAINS.
DEVFN int32_t range_contains(Compiler* c, const Token* op, int32_t t, int not_in) {
  Token name = c->cur;
  t = decay(c, t);
  if (!is_intlike(t)) { unsupported(c, op, "'in range(...)' of a non-int"); return T_BAD; }
  advance(c);
  if (!range_args(c, &name)) return T_BAD;
  emit0(c, OP_RANGE_CONTAINS);
  if (not_in) emit0(c, OP_NOT);
  return T_BOOL;
}

// comparison := binary (compop binary)*
// A chain a < b < c evaluates b once and stops at the first false link.
DEVFN int32_t comparison(Compiler* c) {
  int32_t t = binary(c, 1);
  if (!is_cmp_op(c)) return t;
  int32_t exits = -1;  // a jump list
  for (;;) {
    Token op = c->cur;
    int not_in = 0, is_not = 0;
    advance(c);
    if (op.kind == TK_NOT) { not_in = 1; advance(c); }
    if (op.kind == TK_IS && check(c, TK_NOT)) { is_not = 1; advance(c); }
    if ((op.kind == TK_IN || not_in) && check(c, TK_NAME) && tok_is(c, &c->cur, "range") && c->nxt.kind == TK_LPAREN &&
        !find_local(c, c->cur.start, c->cur.len) && find_func(c, c->cur.start, c->cur.len) == -1) {
      if (exits >= 0) { unsupported(c, &op, "'in range(...)' in a comparison chain"); return T_BAD; }
      t = range_contains(c, &op, t, not_in);  // x in range(...): arithmetic, no list
      if (t == T_BAD || !is_cmp_op(c)) return t;
      unsupported(c, &c->cur, "a comparison chained after 'in range(...)'");
      return T_BAD;
    }
    int32_t r = binary(c, 1);
    int more = is_cmp_op(c);
    if (more) { emit0(c, OP_DUP); emit0(c, OP_ROT3); }
    int32_t res = emit_compare(c, &op, not_in, is_not, t, r);
    if (res == T_BAD || failed(c)) return T_BAD;
    if (!more) break;
    exits = jump_list_add(c, exits, OP_JUMP_IF_FALSE);
    t = r;
  }
  if (exits >= 0) {
    int32_t end = emit(c, OP_JUMP, 0);
    patch_list(c, exits);
    emit0(c, OP_POP);            // the pending middle operand
    emit_int(c, 0);              // False
    patch_here(c, end);
  }
  return T_BOOL;
}

// not_test := 'not' not_test | comparison
DEVFN int32_t not_test(Compiler* c, int cond) {
  if (check(c, TK_NOT)) {
    advance(c);
    if (!enter(c)) return T_BAD;
    int32_t t = not_test(c, 1);
    c->nesting--;
    if (t == T_BAD) return T_BAD;
    emit0(c, OP_NOT);
    return T_BOOL;
  }
  int32_t t = comparison(c);
  if (cond && t != T_BAD && t != T_BOOL) { emit_truth(c, t); t = T_BOOL; }
  return t;
}

// and_test := not_test ('and' not_test)*      or_test := and_test ('or' and_test)*
// Python's value semantics: `a or b` is a when a is true, else b; so both
// operands must have one type (unless only the truth of it is used).

DEVFN int32_t logic(Compiler* c, int cond, int is_or) {
  int kw = is_or ? TK_OR : TK_AND;
  // the `and` chain that is an if/while test entire: each operand but the
  // last jumps to the statement's false target (c->false_list) at once,
  // not through the value the chain would leave (DUP, JUMP_IF_FALSE, POP);
  // the `or` chain that is an if test entire: each but the last jumps into
  // the block (c->true_list)
  int jumps = !is_or && c->and_jumps;
  int trues = is_or && c->or_jumps;
  if (jumps) c->and_jumps = 0;
  if (trues) c->or_jumps = 0;
  Local* nl[MAX_CHAIN_NARROW];
  int32_t old_in[MAX_CHAIN_NARROW], old_loops[MAX_CHAIN_NARROW], nn = 0;
  Local* l = none_test(c, !is_or, kw);
  int32_t t = is_or ? logic(c, cond, 0) : not_test(c, cond);
  while (check(c, kw) && !failed(c)) {
    if (l && nn < MAX_CHAIN_NARROW) {
      nl[nn] = l; old_in[nn] = l->narrow_in; old_loops[nn++] = l->narrow_loops;
      narrow(c, l, c->f.nopen ? c->f.open_blocks[c->f.nopen - 1] : 0);
    }
    Token op = c->cur;
    advance(c);
    int32_t j = -1;
    if (!jumps && !trues) emit0(c, OP_DUP);
    if (t != T_BOOL && t != T_INT) emit_truth(c, t);  // the jumps test an int's truth themselves
    if (jumps) {
      c->false_list = list_link(c->out, emit_jump_if_false(c), c->false_list);
    } else if (trues) {
      c->true_list = list_link(c->out, emit_jump_if_true(c), c->true_list);
    } else {
      j = emit(c, is_or ? OP_JUMP_IF_TRUE : OP_JUMP_IF_FALSE, 0);
      emit0(c, OP_POP);
    }
    l = none_test(c, !is_or, kw);
    int32_t r = is_or ? logic(c, cond, 0) : not_test(c, cond);
    if (r != T_BAD && t != T_BAD && unify_types(c, t, r) != T_BAD) t = unify_types(c, t, r);
    if (r != T_BAD && t != T_BAD && r != t) {
      type_error2(c, &op, is_or ? "'or' operands must have one type, got " : "'and' operands must have one type, got ", t, r);
      return T_BAD;
    }
    if (j >= 0) patch_here(c, j);
  }
  while (nn > 0) { nn--; nl[nn]->narrow_in = old_in[nn]; nl[nn]->narrow_loops = old_loops[nn]; }
  return t;
}

// The Optional[T] where branches of types t (a T) and u (None or an
// Optional[T]) meet; T_BAD when they do not meet so.
DEV int32_t optional_meet(Compiler* c, int32_t t, int32_t u) {
  if (t == T_BAD || u == T_BAD || t == T_NONE || is_opt(&c->types, t)) return T_BAD;
  if (u == T_NONE) { Token none; none.line = c->cur.line; none.col = c->cur.col; return optional_of(c, &none, t); }
  return is_opt(&c->types, u) && type_fits(&c->types, elem_of(&c->types, u), t) ? u : T_BAD;
}

// At `x if x is not None else ...`: the Optional local x, else null. A
// function of its own so that its bookmark is not in every conditional's
// frame (the parser's recursion runs on a small GPU stack).
DEVFN Local* then_not_none(Compiler* c) {
  Mark m;
  mark(c, &m);
  Token x = c->cur;
  advance(c); advance(c);
  Local* l = none_test(c, 1, TK_ELSE);
  if (l && !same_name(c, l->start, l->len, x.start, x.len)) l = 0;
  restore(c, &m);
  return l;
}

// conditional := or_test ['if' or_test 'else' conditional]
// Read in source order (x, cond, y) but emitted in evaluation order (cond, x,
// y) by rotating x's code behind the condition's.
DEVFN int32_t conditional(Compiler* c, int cond) {
  if (!enter(c)) return T_BAD;
  int32_t p0 = c->out->n_code, d0 = c->f.depth;
  // `x if x is not None else y`: x is read not None
  Local* nl = check(c, TK_NAME) && c->nxt.kind == TK_IF ? then_not_none(c) : 0;
  int32_t old_in = 0, old_loops = 0;
  if (nl) { old_in = nl->narrow_in; old_loops = nl->narrow_loops; narrow(c, nl, c->f.nopen ? c->f.open_blocks[c->f.nopen - 1] : 0); }
  int32_t t = logic(c, cond, 1);
  if (nl) { nl->narrow_in = old_in; nl->narrow_loops = old_loops; }
  if (check(c, TK_IF) && !failed(c)) {
    Token op = c->cur;
    advance(c);
    label(c);
    int32_t p1 = c->out->n_code;
    if (expr_cond(c) == T_BAD) { c->nesting--; return T_BAD; }
    emit(c, OP_JUMP_IF_FALSE, 0);
    int32_t p2 = c->out->n_code;
    rotate_code(c->out, p0, p1, p2);
    label(c);
    int32_t jfalse = p0 + (p2 - p1) - 1;
    expect(c, TK_ELSE, "expected 'else' in conditional expression");
    int32_t jend = emit(c, OP_JUMP, 0);
    patch_here(c, jfalse);
    c->f.depth = d0;
    int32_t e = conditional(c, cond);
    // x if c else None: one branch a T, the other None or an Optional[T]
    // makes an Optional[T]; a scalar T is boxed in its own branch
    int32_t ot = optional_meet(c, t, e), oe = optional_meet(c, e, t);
    if (ot != T_BAD && !is_ref(&c->types, t) && t != T_NONE && !is_opt(&c->types, t)) {
      insert_word(c, jend, INSN(OP_BOX, 0));  // after the then-branch's value
      c->out->code[jfalse] = INSN(OP_JUMP_IF_FALSE, INSN_ARG(c->out->code[jfalse]) + 1);
      jend++;
    }
    if (oe != T_BAD && !is_ref(&c->types, e) && e != T_NONE && !is_opt(&c->types, e)) emit0(c, OP_BOX);
    patch_here(c, jend);
    if (e != T_BAD && t != T_BAD && unify_types(c, t, e) != T_BAD) t = unify_types(c, t, e);
    else if (ot != T_BAD || oe != T_BAD) {
      t = ot != T_BAD ? ot : oe;
    } else if (e != T_BAD && t != T_BAD) {
      type_error2(c, &op, "conditional expression branches must have one type, got ", t, e);
      t = T_BAD;
    }
  }
  c->nesting--;
  return failed(c) ? T_BAD : t;
}

DEVFN int32_t expression(Compiler* c) { return conditional(c, 0); }


// strings := STRING+        (adjacent literals concatenate)
DEVFN int32_t string_const(Compiler* c);
DEVFN int32_t string_literal(Compiler* c) {
  Token first = c->cur;
  int32_t at = string_const(c);
  if (at < 0) return T_BAD;
  int32_t save = c->prev_line;
  c->prev_line = first.line;
  emit(c, OP_CONST_STR, at);
  c->prev_line = save;
  return T_STR;
}

// The string object of the literals from here (konst index), or -1 after
// an error; emits nothing.
DEVFN int32_t string_const(Compiler* c) {
  int32_t total = 0, k = 0;
  Token toks[8];
  while (check(c, TK_STRING)) {
    if (k == 8) { unsupported(c, &c->cur, "more than 8 adjacent string literals"); return -1; }
    if (c->cur.flags & TF_NON_ASCII) { unsupported(c, &c->cur, "non-ASCII string"); return -1; }
    int32_t n = str_decode(c->src, &c->cur, 0);
    if (n == -1) { unsupported(c, &c->cur, "non-ASCII string"); return -1; }
    if (n == -2) { error_at(c, &c->cur, DG_SYNTAX, "invalid \\x escape in string literal"); return -1; }
    toks[k++] = c->cur;
    total += n;
    advance(c);
  }
  if (total > MAX_CONST_WORDS * 8) { limit_error(c, "MAX_CONST_WORDS (string constant)"); return -1; }
  int32_t at = const_str_alloc(c, total);
  if (at < 0) return -1;
  char* bytes = (char*)(c->out->konst + at + 1);
  int32_t off = 0;
  for (int32_t i = 0; i < k; i++) off += str_decode(c->src, &toks[i], bytes + off);
  return at;
}

// A slot for an absent slice bound (the VM reads INT64_MIN as None).
DEV void emit_absent(Compiler* c) { emit_int(c, INT64_MIN_); }

// A tuple's item at a constant index (negative counts from the end):
// the index must be a literal, since each item has its own type.
DEVFN int32_t tuple_subscript(Compiler* c, const Token* open, int32_t t) {
  int neg = accept(c, TK_MINUS);
  Token k = c->cur;
  const TypeDef* d = &c->types.t[t];
  if (!check(c, TK_INT) || c->nxt.kind != TK_RBRACKET) {
    unsupported(c, &k, "a tuple index that is not an int literal");
    return T_BAD;
  }
  advance(c);
  advance(c);
  int64_t i = neg ? -k.ival : k.ival;
  if (i < 0) i += d->n;
  if (i < 0 || i >= d->n) { error_at(c, open, DG_TYPE, "tuple index out of range"); return T_BAD; }
  emit(c, OP_TUPLE_GET, (int32_t)i);
  return d->items[i];
}

// subscript := '[' (expression | [expression] ':' [expression] [':' [expression]]) ']'
DEVFN int32_t subscript(Compiler* c, int32_t t) {
  Token open = c->cur;
  // a local read just before: its LOAD may join the item read (fuse_get_local)
  int32_t p1 = c->f.prev1, load = p1 >= 0 && p1 == c->out->n_code - 1 ? p1 : -1;
  advance(c);
  TypeTable* tt = &c->types;
  if (is_opt(tt, t)) load = -1;  // its UNWRAP follows the LOAD: the read cannot name the local
  t = decay(c, t);
  if (is_tuple(tt, t)) return tuple_subscript(c, &open, t);
  if (t != T_STR && !is_list(tt, t) && t != T_BAD) {
    error_at(c, &open, DG_TYPE, "'"); msg_type(c, t); msg(c->diag, "' object is not subscriptable");
    return T_BAD;
  }
  int32_t parts = 0, slice = 0, present = 0;
  for (;;) {
    if (check(c, TK_COLON) || check(c, TK_RBRACKET)) emit_absent(c);
    else {
      present |= 1 << parts;
      Token at = c->cur;
      int32_t i = expression(c);
      if (i != T_BAD && !is_intlike(i)) {
        error_at(c, &at, DG_TYPE, t == T_STR ? "string indices must be integers, not " : "list indices must be integers, not ");
        msg_type(c, i);
        return T_BAD;
      }
    }
    parts++;
    if (parts < 3 && accept(c, TK_COLON)) { slice = 1; continue; }
    break;
  }
  if (!slice && !present) { error_tok(c, &c->cur, DG_SYNTAX, "expected an index"); return T_BAD; }
  expect(c, TK_RBRACKET, "expected ']'");
  if (failed(c) || t == T_BAD) return T_BAD;
  int list = t != T_STR;
  if (!slice) {
    // LOAD xs; LOAD i (or CONST k); LIST_GET fuse; else LOAD xs and any i
    int fused = list && c->f.prev2 >= 0 && c->f.prev2 == load && c->f.prev1 == load + 1;
    if (fused) emit_int_op(c, OP_LIST_GET, 0);
    else if (!fuse_get_local(c, load, list ? OP_LIST_GET_L : OP_STR_INDEX_L)) emit0(c, list ? OP_LIST_GET : OP_STR_INDEX);
    return list ? item_type(c, &open, elem_of(tt, t)) : T_STR;
  }
  while (parts < 3) { emit_absent(c); parts++; }
  emit(c, list ? OP_LIST_SLICE : OP_STR_SLICE, present);
  return t;
}

// args := '(' [expression (',' expression)*] ')'    ; types into ts
// At an argument: 0 (with a diagnostic) for the forms the DSL does not take.
DEVFN int arg_start_ok(Compiler* c) {
  if (check(c, TK_STAR) || check(c, TK_DSTAR)) { unsupported(c, &c->cur, "argument unpacking"); return 0; }
  if (check(c, TK_NAME) && c->nxt.kind == TK_ASSIGN) { unsupported(c, &c->cur, "keyword argument"); return 0; }
  if (ahead_is_for(c)) {
    unsupported(c, &c->cur, "generator expression outside a call of sum, any, all, min, max, sorted, list, map, filter or join");
    return 0;
  }
  return 1;
}

// `keep_opt`: arguments of a program function keep their Optional type
// (passing None is no error in Python); a builtin's are unwrapped (decay).
DEVFN int32_t call_args(Compiler* c, int32_t* ts, Pos* at, int32_t max, int keep_opt = 0) {
  expect(c, TK_LPAREN, "expected '('");
  int32_t n = 0;
  while (!check(c, TK_RPAREN) && !failed(c)) {
    if (n >= max) { limit_error(c, "MAX_PARAMS (arguments in a call)"); return -1; }
    if (!arg_start_ok(c)) return -1;
    at[n].line = c->cur.line;
    at[n].col = c->cur.col;
    ts[n] = expression(c);
    if (!keep_opt) ts[n] = decay(c, ts[n]);
    n++;
    if (check(c, TK_FOR)) { unsupported(c, &c->cur, "generator expression"); return -1; }
    if (!accept(c, TK_COMMA)) break;
  }
  expect(c, TK_RPAREN, "expected ')' after arguments");
  for (int32_t i = 0; i < n; i++) if (ts[i] == T_BAD) return -1;
  return failed(c) ? -1 : n;
}

DEV int32_t arity_error(Compiler* c, const Token* name, const char* want) {
  error_at(c, name, DG_TYPE, ""); msg_tok(c, name); msg(c->diag, "() takes "); msg(c->diag, want);
  return T_BAD;
}
template <class At>
DEV int32_t arg_type_error(Compiler* c, const At* at, const Token* name, int32_t t) {
  error_at(c, at, DG_TYPE, "bad argument type for "); msg_tok(c, name); msg(c->diag, "(): ");
  msg_type(c, t);
  return T_BAD;
}
