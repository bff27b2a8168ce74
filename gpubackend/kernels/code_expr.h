// code_expr.h: the code pass over expressions (code.h: descriptors and
// emission): names, literals, operators, comparisons, truth and jumps,
// and/or/not, calls of the program's functions and of the builtins of one
// instruction, subscripts, slices and displays. Builtins of iterables,
// methods and comprehensions are code_call.h's; statements code_stmt.h's.
#pragma once
#include "code.h"

// ---- expressions

DEVFN ExpDesc expr(Code* g, int32_t i);
DEVFN ExpDesc cond(Code* g, int32_t i);
DEVFN ExpDesc ifexp(Code* g, int32_t i, int in_test);
DEV int calls_builtin(Code* g, int32_t i, const char* name);
DEVFN void range_args(Code* g, int32_t call);
DEV int intlike_t(int32_t t) { return t == T_INT || t == T_BOOL; }

// The Optional local's value unwrapped (its T, known not None here: the
// check cannot fail).
DEV void unwrap(Code* g, int32_t t) {
  emit(g, is_ref(ctypes(g), elem_of(ctypes(g), t)) ? OP_UNWRAP : OP_UNBOX, ST_TYPE_ERROR);
}

// An Optional value on the stack where CPython raises on None (an
// operand, a builtin's argument, an object whose method is called): its T,
// checked, with status st for None.
DEV int32_t unwrap_as(Code* g, int32_t t, int st) {
  const TypeTable* tt = ctypes(g);
  if (!is_opt(tt, t)) return t;
  emit(g, is_ref(tt, elem_of(tt, t)) ? OP_UNWRAP : OP_UNBOX, st);
  return elem_of(tt, t);
}

// The module constant a name reads, or -1.
DEV int32_t module_const_of(const Code* g, int32_t name) {
  for (int32_t k = 0; k < g->s->nconsts; k++) if (same_name(g, g->s->consts[k].name, name)) return k;
  return -1;
}

DEV int value_itself(int b, int32_t t);
DEV int32_t find_callee(Code* g, int32_t name);
DEV int math_module(Code* g, int32_t i);
DEV int re_module(Code* g, int32_t i);
DEV const LibBinding* lib_read(Code* g, int32_t i);
DEV int lib_module(Code* g, int32_t i);
DEVFN ExpDesc lib_call(Code* g, int32_t call, int32_t f);
DEVFN ExpDesc lib_attribute(Code* g, int32_t attr, int32_t call);
DEVFN ExpDesc lib_value(Code* g, int32_t f);
DEV int from_math(Code* g, int32_t i);
DEVFN ExpDesc math_fn(Code* g, int32_t name, int32_t call);

// Whether the read i of local l is narrowed: an Optional known not None there.
DEV int narrowed(const Code* g, const CodeLocal* l, int32_t i) {
  return is_opt(ctypes(g), l->type) && !is_opt(ctypes(g), ty(g, i));
}

// Whether node i compiles to one push not yet emitted (a constant, a str
// constant or a local surely bound), so that an operation before it may
// take its operands in its fields.
DEVFN int bare(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  switch (n->kind) {
    case ND_INT: case ND_FLOAT: case ND_CONST: case ND_STR: return 1;
    case ND_GROUP: return bare(g, n->a);
    case ND_UNARY:
      if (n->op == TK_PLUS) return bare(g, n->a) && !is_opt(ctypes(g), ty(g, n->a));  // +x: x itself
      return n->op == TK_MINUS && cnode(g, n->a)->kind == ND_INT && !(cnode(g, n->a)->op & TF_INT_BIG);
    case ND_CALL: {  // int(x) of an int x, math.floor of one, ...: x itself (value_itself)
      if (n->n != 1) return 0;
      int32_t f = cnode(g, n->a)->kind == ND_ATTR && math_module(g, cnode(g, n->a)->a) ? n->a
                : cnode(g, n->a)->kind == ND_NAME && !local_of(g, n->a) && from_math(g, n->a) ? n->a : -1;
      if (f >= 0)
        return (node_is(g->s, f, "floor") || node_is(g->s, f, "ceil")) && intlike_t(ty(g, cx(g, n->b))) &&
               bare(g, cx(g, n->b));
      if (cnode(g, n->a)->kind != ND_NAME || local_of(g, n->a) || find_callee(g, n->a) >= 0) return 0;
      int b = builtin_of(g->s, n->a);
      return b >= 0 && builtin_form(b) == BF_CALL && value_itself(b, ty(g, cx(g, n->b))) && bare(g, cx(g, n->b));
    }
    case ND_NAME: {
      CodeLocal* l = local_of(g, i);
      if (!l) return module_const_of(g, i) >= 0;
      return surely_bound(g, l) && !narrowed(g, l, i);
    }
  }
  return 0;
}

// name := NAME      a local (unwrapped where narrowed) or a module constant
DEVFN ExpDesc name_read(Code* g, int32_t i) {
  g->line = cnode(g, i)->end;
  CodeLocal* l = local_of(g, i);
  if (l) {
    if (surely_bound(g, l) && !narrowed(g, l, i)) return desc(g, EK_LOCAL, l->slot, ty(g, i));
    emit(g, surely_bound(g, l) ? OP_LOAD : OP_LOAD_CHECKED, l->slot);
    if (narrowed(g, l, i)) unwrap(g, l->type);
    return pushed(g, ty(g, i));
  }
  if (from_math(g, i)) return math_fn(g, i, -1);  // a constant of `from math import`
  if (lib_read(g, i)) return lib_value(g, lib_read(g, i)->member);  // of `from sys import maxsize`
  int32_t k = module_const_of(g, i);
  if (k < 0) { refuse(g, i); return desc(g, EK_VOID, 0, T_BAD); }
  if (g->const_str[k] >= 0) return desc(g, EK_STR, g->const_str[k], T_STR);  // made before any code (module_strings)
  return literal_desc(g, g->s->consts[k].value);
}

// The left operand l of an operation whose right operand is node r: l
// stays undischarged only if r's code is a bare push (bare), which the
// operation may then take into its fields with l's; otherwise l is pushed
// before r's code.
DEVFN ExpDesc right_operand(Code* g, ExpDesc* l, int32_t r) {
  if (!bare(g, r)) discharge(g, l);
  return expr(g, r);
}

// An int operation of l and r (CMP_INT takes its comparison in cmp):
// fused with its operands where they are a local and a constant or two
// locals (the LK and LL forms), or with a constant right operand (K) or,
// for a comparison, a local one (L).
DEVFN ExpDesc int_op(Code* g, int op, int32_t cmp, ExpDesc* l, ExpDesc* r, int32_t type) {
  if (l->kind == EK_LOCAL && (r->kind == EK_CONST || r->kind == EK_LOCAL)) {
    int ll = r->kind == EK_LOCAL, f = fused_op(op, ll);
    int32_t a = l->info, b = r->info;
    if (f >= 0 && FITS(A, a) && (ll ? FITS(B, b) : FITS(K, b)))
      return pending(g, f, SETARG(A, a) | (ll ? SETARG(B, b) | SETARG(CMP_B, cmp) : SETARG(K, b) | SETARG(CMP_K, cmp)), 2, type);
  }
  int fk = op == OP_ADD_INT ? OP_ADD_INT_K : op == OP_SUB_INT ? OP_SUB_INT_K : op == OP_MUL_INT ? OP_MUL_INT_K
         : op == OP_FLOORDIV_INT ? OP_FLOORDIV_INT_K : op == OP_MOD_INT ? OP_MOD_INT_K : -1;
  if ((fk >= 0 || op == OP_CMP_INT) && r->kind == EK_CONST && r->info < (1 << SIZE_K)) {
    // a % b == k keeps its modulo undischarged too: a jump on it is one instruction (cond_jump)
    int mod = fk < 0 && l->kind == EK_INSN && l->op0 < 0 && (l->op == OP_MOD_INT_LL || l->op == OP_MOD_INT_LK);
    if (!mod) discharge(g, l);
    ExpDesc e = pending(g, fk >= 0 ? fk : OP_CMP_INT_K, SETARG(K, r->info) | (fk >= 0 ? 0 : SETARG(CMP_K, cmp)), 2, type);
    if (mod) { e.op0 = l->op; e.arg0 = l->arg; e.line0 = l->line; }
    return e;
  }
  if (op == OP_CMP_INT && r->kind == EK_LOCAL && r->info < (1 << SIZE_B)) {
    discharge(g, l);
    return pending(g, OP_CMP_INT_L, SETARG(B, r->info) | SETARG(CMP_B, cmp), 2, type);
  }
  discharge(g, l);
  discharge(g, r);
  return pending(g, op, cmp, 2, type);
}


// Both operands pushed, then op: its value pushed.
DEV ExpDesc pushed_op(Code* g, ExpDesc* l, ExpDesc* r, int op, int32_t type) {
  discharge(g, l);
  discharge(g, r);
  emit0(g, op);
  return pushed(g, type);
}

// Operands l and r pushed, each Optional unwrapped to its T where CPython
// would raise on None (the left one under the right, between SWAPs).
DEVFN void unwrap_operands(Code* g, ExpDesc* l, ExpDesc* r) {
  discharge(g, l);
  discharge(g, r);
  r->type = unwrap_as(g, r->type, ST_TYPE_ERROR);
  if (!is_opt(ctypes(g), l->type)) return;
  emit0(g, OP_SWAP);
  l->type = unwrap_as(g, l->type, ST_TYPE_ERROR);
  emit0(g, OP_SWAP);
}

// [x y] of types a and b, numbers, as floats.
DEV void floats_of(Code* g, int32_t a, int32_t b) {
  if (a == T_NUM) emit(g, OP_NUM_CONV, NUMCONV_FLOAT | NUMCONV_UNDER);
  else if (a != T_FLOAT) emit0(g, OP_INT_TO_FLOAT_UNDER);
  if (b == T_NUM) emit(g, OP_NUM_CONV, NUMCONV_FLOAT);
  else if (b != T_FLOAT) emit0(g, OP_INT_TO_FLOAT);
}

// NUM_CONV's selector that makes an int or a float of type t a num.
DEV int num_conv_of(int32_t t) { return t == T_FLOAT ? NUMCONV_OF_FLOAT : NUMCONV_OF_INT; }

// [x y] of types a and b, an int | float among them, as two nums.
DEV void nums_of(Code* g, int32_t a, int32_t b) {
  if (a != T_NUM) emit(g, OP_NUM_CONV, num_conv_of(a) | NUMCONV_UNDER);
  if (b != T_NUM) emit(g, OP_NUM_CONV, num_conv_of(b));
}

// The tuple of n fixed items on the stack, item k (of type haves[k], or
// *haves for all) made one of type wants[k] (or *wants) where they differ.
DEV void emit_count(Code* g, int op, int32_t n);
DEVFN void reshape_value(Code* g, int32_t want, int32_t have);
DEVFN void reshape_items(Code* g, int32_t n, const int32_t* wants, int wants_one, const int32_t* haves, int haves_one) {
  int any = 0;
  for (int32_t k = 0; k < n; k++) any |= !type_fits(ctypes(g), wants[wants_one ? 0 : k], haves[haves_one ? 0 : k]);
  if (!any) return;
  int32_t tmp = new_slots(g, 1);
  emit(g, OP_STORE, tmp);
  for (int32_t k = 0; k < n; k++) {
    emit(g, OP_LOAD, tmp);
    emit(g, OP_TUPLE_GET, k);
    reshape_value(g, wants[wants_one ? 0 : k], haves[haves_one ? 0 : k]);
  }
  emit_count(g, OP_TUPLE_NEW, n);
}
// A value of type have as one of type want (tuple_holds): a tuple of fixed
// items as a tuple[T, ...] or back, and so their items. want T_BAD: the
// tuple as a list, its items as they are.
DEVFN void reshape_value(Code* g, int32_t want, int32_t have) {
  const TypeTable* tt = ctypes(g);
  if (want != T_BAD && type_fits(tt, want, have)) return;
  if (is_tuple(tt, have)) {
    if (want != T_BAD) reshape_items(g, tt->t[have].n, &tt->t[want].elem, 1, tt->t[have].items, 0);
    emit(g, OP_TUPLE_LIST, tt->t[have].n);
    return;
  }
  emit(g, OP_LIST_TUPLE, tt->t[want].n);
  reshape_items(g, tt->t[want].n, tt->t[want].items, 0, &tt->t[have].elem, 1);
}
// reshape_value on the top of the stack or, where `under`, the value under it.
DEVFN void reshape_tuple(Code* g, int32_t want, int32_t have, int under = 0) {
  if (under) emit0(g, OP_SWAP);
  reshape_value(g, want, have);
  if (under) emit0(g, OP_SWAP);
}
// A tuple operand as a list (a tuple[T, ...] is one already).
DEV void tuple_as_list(Code* g, int32_t t, int under) {
  if (is_tuple(ctypes(g), t)) reshape_tuple(g, T_BAD, t, under);
}

// l + r and l * r that make a tuple (sema_tuple.h): the operands' items
// joined or repeated as lists, then a tuple of fixed items made of them
// where t is one (its length is the type's, so LIST_TUPLE never raises).
DEVFN ExpDesc tuple_op(Code* g, int kind, ExpDesc* l, ExpDesc* r, int32_t t) {
  int swap = kind == TK_STAR && intlike_t(l->type);
  discharge(g, l); discharge(g, r);
  if (swap) emit0(g, OP_SWAP);
  int32_t a = swap ? r->type : l->type, b = swap ? l->type : r->type;
  tuple_as_list(g, a, 1);
  if (kind == TK_PLUS) tuple_as_list(g, b, 0);
  emit0(g, kind == TK_PLUS ? OP_LIST_CONCAT : OP_LIST_REPEAT);
  if (is_tuple(ctypes(g), t)) emit(g, OP_LIST_TUPLE, ctypes(g)->t[t].n);
  return pushed(g, t);
}

// A float ** whose result may be a complex (a negative base, a fraction of
// a power): the VM holds none, but where what takes the result raises a
// TypeError for a complex before anything else runs (int(), round(), %,
// //, an ordering, math's functions), that is CPython's outcome, and the
// power's instruction raises it (POW_FLOAT's status). Node i is taken so
// (an operand that runs after it is a literal: nothing between them).
DEV void complex_raises(Code* g, int32_t i) {
  while (cnode(g, i)->kind == ND_GROUP) i = cnode(g, i)->a;
  g->complex_raises = i;
}
DEV int after_it_nothing_runs(const Code* g, int32_t next) {
  int k = cnode(g, next)->kind;
  return k == ND_INT || k == ND_FLOAT || k == ND_CONST || k == ND_STR;
}
DEV void emit_pow_float(Code* g, int32_t i) {
  emit(g, OP_POW_FLOAT, g->complex_raises == i ? ST_TYPE_ERROR : ST_UNSUPPORTED);
}

// binop := expression op expression      the operation the operand types choose
DEVFN ExpDesc binary(Code* g, int32_t i, int kind, ExpDesc* left, int32_t right, int32_t t);
DEVFN ExpDesc printf_format(Code* g, int32_t i);
DEVFN ExpDesc binop(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  if (n->op == TK_PERCENT && ty(g, i) == T_STR) return printf_format(g, i);
  int modulo = n->op == TK_PERCENT || n->op == TK_DSLASH;
  if (modulo && ty(g, i) != T_STR && after_it_nothing_runs(g, n->b)) complex_raises(g, n->a);
  ExpDesc l = expr(g, n->a);
  return binary(g, i, n->op, &l, n->b, ty(g, i));
}

// l op (node right), of result type t, for node i (a BINOP or an AUGASSIGN).
DEVFN ExpDesc binary(Code* g, int32_t i, int kind, ExpDesc* left, int32_t right, int32_t t) {
  const TypeTable* tt = ctypes(g);
  ExpDesc l = *left;
  if ((kind == TK_PERCENT || kind == TK_DSLASH) && t != T_STR) complex_raises(g, right);
  ExpDesc r = right_operand(g, &l, right);
  int32_t a = l.type, b = r.type;
  g->line = cnode(g, i)->end;
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  if (is_opt(tt, a) || is_opt(tt, b)) {
    unwrap_operands(g, &l, &r);
    a = l.type; b = r.type;
  }
  if ((kind == TK_PLUS || kind == TK_STAR) && (is_vtuple(tt, t) || is_tuple(tt, t))) return tuple_op(g, kind, &l, &r, t);
  int swap = kind == TK_STAR && intlike_t(a) && (b == T_STR || is_list(tt, b));
  if (swap || (kind == TK_STAR && (a == T_STR || is_list(tt, a)))) {
    discharge(g, &l); discharge(g, &r);
    if (swap) emit0(g, OP_SWAP);
    emit0(g, t == T_STR ? OP_STR_REPEAT : OP_LIST_REPEAT);
    return pushed(g, t);
  }
  if (is_set(tt, a)) {
    int op = kind == TK_AMP ? SETOP_AND : kind == TK_PIPE ? SETOP_OR : kind == TK_CARET ? SETOP_XOR : SETOP_SUB;
    discharge(g, &l);
    discharge(g, &r);
    emit(g, OP_SET_BINOP, set_sel(g, t) | (op | SETSEL_OTHER_SET) << SETSEL_SHIFT);
    return pushed(g, t);
  }
  if (kind == TK_PLUS && a == T_STR) return pushed_op(g, &l, &r, OP_STR_CONCAT, t);
  if (kind == TK_PLUS && is_list(tt, a)) return pushed_op(g, &l, &r, OP_LIST_CONCAT, t);
  if (kind == TK_SLASH && (a == T_NUM || b == T_NUM) && b != T_FLOAT && a != T_FLOAT) {  // int / int is exact
    discharge(g, &l); discharge(g, &r);
    nums_of(g, a, b);
    emit(g, OP_NUM_OP, NUM_TRUEDIV);
    return pushed(g, t);
  }
  if (t == T_NUM) {  // an int | float with an int or another: NUM_OP decides at run time
    discharge(g, &l); discharge(g, &r);
    nums_of(g, a, b);
    int sel = kind == TK_PLUS ? NUM_ADD : kind == TK_MINUS ? NUM_SUB : kind == TK_STAR ? NUM_MUL
            : kind == TK_DSLASH ? NUM_FLOORDIV : kind == TK_PERCENT ? NUM_MOD : NUM_POW;
    emit(g, OP_NUM_OP, sel);
    return pushed(g, t);
  }
  if (intlike_t(a) && intlike_t(b) && !(kind == TK_DSTAR && t == T_FLOAT)) {  // int ** -k: a float
    switch (kind) {
      case TK_AMP: return pushed_op(g, &l, &r, OP_AND_INT, t);
      case TK_PIPE: return pushed_op(g, &l, &r, OP_OR_INT, t);
      case TK_CARET: return pushed_op(g, &l, &r, OP_XOR_INT, t);
      case TK_LSHIFT: return pushed_op(g, &l, &r, OP_LSHIFT, t);
      case TK_RSHIFT: return pushed_op(g, &l, &r, OP_RSHIFT, t);
      case TK_SLASH: return pushed_op(g, &l, &r, OP_TRUEDIV_INT, t);
      case TK_DSTAR: return pushed_op(g, &l, &r, OP_POW_INT, t);
      case TK_PLUS: return int_op(g, OP_ADD_INT, 0, &l, &r, t);
      case TK_MINUS: return int_op(g, OP_SUB_INT, 0, &l, &r, t);
      case TK_STAR: return int_op(g, OP_MUL_INT, 0, &l, &r, t);
      case TK_DSLASH: return int_op(g, OP_FLOORDIV_INT, 0, &l, &r, t);
      case TK_PERCENT: return int_op(g, OP_MOD_INT, 0, &l, &r, t);
    }
    refuse(g, i);
    return l;
  }
  discharge(g, &l); discharge(g, &r);
  floats_of(g, a, b);
  int op = kind == TK_PLUS ? OP_ADD_FLOAT : kind == TK_MINUS ? OP_SUB_FLOAT : kind == TK_STAR ? OP_MUL_FLOAT
         : kind == TK_SLASH ? OP_DIV_FLOAT : kind == TK_DSLASH ? OP_FLOORDIV_FLOAT : kind == TK_PERCENT ? OP_MOD_FLOAT
         : kind == TK_DSTAR ? OP_POW_FLOAT : -1;
  if (op < 0) { refuse(g, i); return l; }
  if (op == OP_POW_FLOAT) emit_pow_float(g, i);
  else emit0(g, op);
  return pushed(g, t);
}

// The type code of t as a str constant, made once (LIST_FIND, CMP_OBJ).
DEVFN int32_t type_const(Code* g, int32_t t) {
  if (g->type_k[t] >= 0) return g->type_k[t];
  char buf[MAX_SIG];
  int32_t n = 0;
  if (!type_code(ctypes(g), t, buf, &n, MAX_SIG)) { code_limit(g, "MAX_SIG (type code of one type)"); return 0; }
  g->type_k[t] = text_const(g, buf, n);
  return g->type_k[t];
}

// The item type of a list, or of a tuple whose items have one type.
DEV int32_t items_of(const TypeTable* tt, int32_t t) { return is_tuple(tt, t) ? tuple_common(tt, t) : elem_of(tt, t); }

DEV int ordering(int op) { return op == TK_LT || op == TK_LE || op == TK_GT || op == TK_GE; }

// One comparison of l and r (operator node op), as the operand types choose.
DEVFN ExpDesc compare_op(Code* g, int32_t opn, ExpDesc* l, ExpDesc* r) {
  const TypeTable* tt = ctypes(g);
  int32_t a = l->type, b = r->type;
  int code = cnode(g, opn)->op;
  if ((code == TK_IS || code == CMP_IS_NOT) && a == T_BOOL && b == T_BOOL)  // one bool is the other where ==
    return int_op(g, OP_CMP_INT, code == TK_IS ? CMP_EQ : CMP_NE, l, r, T_BOOL);
  if (code == TK_IS || code == CMP_IS_NOT || a == T_NONE || b == T_NONE) {
    int k = code == TK_EQEQ || code == TK_IS ? 0 : code == TK_NE || code == CMP_IS_NOT ? 1 : -1;
    int32_t x = a == T_NONE ? b : a;
    if (k < 0 || b != T_NONE) { refuse(g, opn); return *l; }  // None on the left: a SWAP first
    drop(g, r);  // the None
    if (x == T_NONE || !is_opt(tt, x)) { drop(g, l); *l = desc(g, EK_CONST, const_word(g, x == T_NONE), T_BOOL); }
    else { discharge(g, l); emit0(g, OP_IS_NONE); *l = pushed(g, T_BOOL); }
    if (k) { discharge(g, l); emit0(g, OP_NOT); *l = pushed(g, T_BOOL); }
    return *l;
  }
  if (code == TK_IN || code == CMP_NOT_IN) {  // a tuple of one item type is searched as a list of them
    discharge(g, l); discharge(g, r);
    b = unwrap_as(g, b, ST_TYPE_ERROR);
    if (is_tuple(tt, b)) emit(g, OP_TUPLE_LIST, tt->t[b].n);
    if (b != T_STR && tuple_holds(tt, items_of(tt, b), a)) {  // the item reshaped as the others are
      reshape_tuple(g, items_of(tt, b), a, 1);
      a = items_of(tt, b);
    }
    if (b == T_STR) emit0(g, OP_STR_CONTAINS);
    else if (is_set(tt, b)) emit(g, OP_SET_CONTAINS, set_sel(g, b));
    else if (is_dict(tt, b)) emit(g, OP_DICT_CONTAINS, set_sel(g, a));
    else if (items_of(tt, b) == T_NUM && a != T_NUM) {  // an int or a float among int | floats
      emit(g, OP_NUM_CONV, num_conv_of(a) | NUMCONV_UNDER);
      emit(g, OP_LIST_FIND, type_const(g, T_NUM));
    } else if (a == T_NUM && items_of(tt, b) != T_NUM) {  // an int | float among ints or floats: a copy of nums
      emit0(g, OP_LIST_COPY);
      emit(g, OP_LIST_OF_NUMS, items_of(tt, b) == T_FLOAT);
      emit(g, OP_LIST_FIND, type_const(g, T_NUM));
    } else emit(g, OP_LIST_FIND, type_const(g, a));
    if (code == CMP_NOT_IN) emit0(g, OP_NOT);
    return pushed(g, T_BOOL);
  }
  int k = cmp_kind(code);
  if (k != CMP_EQ && k != CMP_NE && (is_opt(tt, a) || is_opt(tt, b))) {  // None < x raises TypeError
    unwrap_operands(g, l, r);
    a = l->type; b = r->type;
  }
  if (kinds_apart(tt, a, b)) {  // never equal, and never ordered: TypeError after both operands
    discharge(g, l); discharge(g, r);
    drop(g, r); drop(g, l);
    if (k != CMP_EQ && k != CMP_NE) emit(g, OP_RAISE, ST_TYPE_ERROR);
    return desc(g, EK_CONST, const_word(g, k == CMP_NE), T_BOOL);
  }
  if (intlike_t(a) && intlike_t(b)) return int_op(g, OP_CMP_INT, k, l, r, T_BOOL);
  if ((a == T_NUM && is_number(b)) || (b == T_NUM && is_number(a))) {  // a num is exact as a float
    discharge(g, l); discharge(g, r);
    if (a == T_NUM) emit(g, OP_NUM_CONV, NUMCONV_FLOAT | NUMCONV_UNDER);
    if (b == T_NUM) emit(g, OP_NUM_CONV, NUMCONV_FLOAT);
    a = a == T_NUM ? T_FLOAT : a;
    b = b == T_NUM ? T_FLOAT : b;
  }
  discharge(g, l);
  if (a == T_STR && b == T_STR) {
    if (r->kind == EK_STR && r->info < (1 << SIZE_K)) return pending(g, OP_CMP_STR_K, SETARG(K, r->info) | SETARG(CMP_K, k), 2, T_BOOL);
    discharge(g, r);
    return pending(g, OP_CMP_STR, k, 2, T_BOOL);
  }
  discharge(g, r);
  int op = a == T_FLOAT && b == T_FLOAT ? OP_CMP_FLOAT : intlike_t(a) && b == T_FLOAT ? OP_CMP_INT_FLOAT
         : a == T_FLOAT && intlike_t(b) ? OP_CMP_FLOAT_INT : -1;
  if (op >= 0) { emit(g, op, k); return pushed(g, T_BOOL); }
  if (is_vtuple(tt, a) != is_vtuple(tt, b)) {  // a tuple of fixed items as one of any length (its items too)
    if (is_vtuple(tt, a)) reshape_tuple(g, a, b, 0);
    else reshape_tuple(g, b, a, 1);
    a = b = is_vtuple(tt, a) ? a : b;
  }
  int32_t u = type_fits(tt, a, b) ? a : type_fits(tt, b, a) ? b : -1;
  if (u >= 0 && is_set(tt, u)) { emit(g, OP_SET_COMPARE, set_sel(g, u) | k << SETSEL_SHIFT); return pushed(g, T_BOOL); }
  if (u >= 0 && is_dict(tt, u)) {  // == and != only (sema: an ordering of dicts is a TypeError)
    emit(g, OP_DICT_EQ, type_const(g, u));
    if (k == CMP_NE) emit0(g, OP_NOT);
    return pushed(g, T_BOOL);
  }
  if (u < 0) {  // an Optional[T] == a T: the T boxed
    if (!is_ref(tt, b)) emit0(g, OP_BOX);
    u = a;
  }
  emit(g, OP_CMP_OBJ, SETARG(TYPE, type_const(g, u)) | SETARG(CMP_B, k));
  return pushed(g, T_BOOL);
}

// Whether the int | float e is of the class the answer names (CT_IS_INT,
// CT_IS_FLOAT), or with want 0, is not.
DEVFN ExpDesc num_class(Code* g, ExpDesc* e, int answer, int want) {
  discharge(g, e);
  emit(g, OP_NUM_CONV, NUMCONV_IS_INT);
  if ((answer == CT_IS_INT) != want) emit0(g, OP_NOT);
  return pushed(g, T_BOOL);
}

// type(a) OP type(b) (sema's type_pair): both values for their errors,
// then the answer; where the run decides, whether each int | float is an
// int, compared.
DEVFN ExpDesc type_pair(Code* g, int32_t i, int32_t left, int32_t right) {
  int same = compares_same(g->s, i), answer = g->s->ty[right], nums = 0;
  for (int32_t k = 0; k < 2; k++) {
    ExpDesc e = expr(g, cx(g, cnode(g, k ? right : left)->b));
    if (answer == PAIR_RUN && e.type == T_NUM) {
      discharge(g, &e);
      emit(g, OP_NUM_CONV, NUMCONV_IS_INT);
      nums++;
    } else {
      drop(g, &e);
    }
  }
  g->line = cnode(g, i)->end;
  if (answer != PAIR_RUN) return desc(g, EK_CONST, const_word(g, same == (answer == PAIR_SAME)), T_BOOL);
  if (nums == 2) emit(g, OP_CMP_INT, CMP_EQ);  // both ints or both floats
  if (!same) emit0(g, OP_NOT);
  return pushed(g, T_BOOL);
}

// comparison := expression (compop expression)*      a chain a < b < c
// reads b once and stops at the first false link
DEVFN ExpDesc compare(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t call, cls;
  if (type_test_parts(g->s, i, &call, &cls)) {  // the value for its errors, then the answer
    ExpDesc e = expr(g, cx(g, cnode(g, call)->b));
    g->line = n->end;
    int same = compares_same(g->s, i);
    if (g->s->ty[cls] >= CT_IS_INT) return num_class(g, &e, g->s->ty[cls], same);
    drop(g, &e);
    return desc(g, EK_CONST, const_word(g, same == (g->s->ty[cls] == 1)), T_BOOL);
  }
  if (type_pair_parts(g->s, i, &call, &cls)) return type_pair(g, i, call, cls);
  if (ordering(cnode(g, cx(g, n->a + 1))->op) && after_it_nothing_runs(g, cx(g, n->a + 2)))
    complex_raises(g, cx(g, n->a));
  ExpDesc l = expr(g, cx(g, n->a));
  int32_t exits = -1;  // a jump list
  for (int32_t k = 1; k + 1 < n->n && !code_failed(g); k += 2) {
    int32_t op = cx(g, n->a + k), rn = cx(g, n->a + k + 1);
    int more = k + 2 < n->n;
    const Node* rnode = cnode(g, rn);
    int in = cnode(g, op)->op == TK_IN || cnode(g, op)->op == CMP_NOT_IN;
    if (in && calls_builtin(g, rn, "range")) {  // x in range(...): arithmetic, no list
      if (n->n != 3) { refuse(g, rn); break; }
      discharge(g, &l);
      g->line = cnode(g, op)->line;
      unwrap_as(g, l.type, ST_TYPE_ERROR);
      range_args(g, rn);
      emit0(g, OP_RANGE_CONTAINS);
      if (cnode(g, op)->op == CMP_NOT_IN) emit0(g, OP_NOT);
      return pushed(g, T_BOOL);
    }
    if (more) discharge(g, &l);
    if (ordering(cnode(g, op)->op)) complex_raises(g, rn);
    ExpDesc r = more ? expr(g, rn) : right_operand(g, &l, rn);
    g->line = rnode->end;
    if (more) {
      discharge(g, &l); discharge(g, &r);
      emit0(g, OP_DUP); emit0(g, OP_ROT3);
    }
    l = compare_op(g, op, &l, &r);
    if (!more) break;
    discharge(g, &l);
    exits = jump_list_add(g, exits, OP_JUMP_IF_FALSE);
    l = pushed(g, r.type);  // the middle operand's copy
  }
  if (exits < 0) return l;
  g->line = n->end;
  discharge(g, &l);
  int32_t end = emit(g, OP_JUMP, 0);
  patch_list(g, exits);
  emit0(g, OP_POP);
  emit(g, OP_CONST, const_word(g, 0));
  patch_here(g, end);
  return pushed(g, T_BOOL);
}

// ---- truth and jumps

// e as a truth value (Python's truth test of its type).
DEVFN ExpDesc truth(Code* g, ExpDesc e) {
  const TypeTable* tt = ctypes(g);
  int32_t t = e.type;
  if (t == T_BOOL || e.kind == EK_VOID) return e;
  if (t == T_INT) {  // pushed now; its TRUTH_INT when it is used as a value, none before a jump
    discharge(g, &e);
    e.truth = g->line; e.type = T_BOOL;
    return e;
  }
  int object = is_match(tt, t) || is_pattern(tt, t);  // always true
  if (t == T_NONE || is_tuple(tt, t) || object) {  // a tuple's length is its type's
    drop(g, &e);
    return desc(g, EK_CONST, const_word(g, object || (t != T_NONE && tt->t[t].n > 0)), T_BOOL);
  }
  discharge(g, &e);
  if (t == T_FLOAT) emit0(g, OP_TRUTH_FLOAT);
  else if (t == T_NUM) emit(g, OP_NUM_CONV, NUMCONV_TRUTH);
  else if (t == T_STR) emit0(g, OP_TRUTH_STR);
  else if (is_seq(tt, t) || is_set(tt, t) || is_dict(tt, t)) emit0(g, OP_TRUTH_LIST);  // (their first word is their length)
  else {  // an Optional: None is false, a present value is tested as itself
    int32_t el = elem_of(tt, t);
    emit0(g, OP_DUP);
    int32_t jnone = emit(g, OP_JUMP_IF_FALSE, 0);
    unwrap(g, t);
    ExpDesc v = truth(g, pushed(g, el));
    discharge(g, &v);
    int32_t jend = emit(g, OP_JUMP, 0);
    patch_here(g, jnone);
    patch_here(g, jend);
  }
  return pushed(g, T_BOOL);
}

// The jumping form of a comparison instruction, or -1.
DEV int jump_form(int op) {
  switch (op) {
    case OP_CMP_INT: return OP_CMP_INT_JF;
    case OP_CMP_INT_LK: return OP_CMP_INT_LK_JF;
    case OP_CMP_INT_LL: return OP_CMP_INT_LL_JF;
    case OP_CMP_INT_K: return OP_CMP_INT_K_JF;
    case OP_CMP_INT_L: return OP_CMP_INT_L_JF;
    case OP_CMP_STR_K: return OP_CMP_STR_K_JF;
  }
  return -1;
}

// A jump taken when e is false; its pc, for a jump list. A comparison not
// emitted yet becomes its jumping form (a modulo before it too: the
// divisibility and parity tests), an int is tested as itself.
DEVFN int32_t jump_if_false(Code* g, ExpDesc* e) {
  int jf = e->kind == EK_INSN ? jump_form(e->op) : -1;
  if (jf < 0) {
    e->truth = 0;
    discharge(g, e);
    return emit(g, OP_JUMP_IF_FALSE, 0);
  }
  g->f.depth -= 1;
  if (e->op0 >= 0) {
    int32_t m = e->arg0, k = GETARG(e->arg, K);
    int f = e->op0 == OP_MOD_INT_LL ? OP_MOD_INT_LL_K_JF
          : e->op0 == OP_MOD_INT_LK && FITS(B, GETARG(m, K)) ? OP_MOD_INT_LK_K_JF : -1;
    if (f >= 0 && FITS(K2, k))
      return put(g, f, SETARG(A, GETARG(m, A)) | SETARG(B, GETARG(m, B)) | SETARG(CMP_B, GETARG(e->arg, CMP_K)) | SETARG(K2, k));
    int32_t line = g->line;
    g->line = e->line0;
    put(g, e->op0, e->arg0);
    g->line = line;
  }
  return put(g, jf, e->arg);
}

// A jump taken when e is true: a comparison not emitted yet is negated
// into a jump on false, anything else is JUMP_IF_TRUE.
DEVFN int32_t jump_if_true(Code* g, ExpDesc* e) {
  int op = e->kind == EK_INSN ? e->op : -1;
  int at = op == OP_CMP_INT ? 0 : op == OP_CMP_INT_LK || op == OP_CMP_INT_K || op == OP_CMP_STR_K ? POS_CMP_K
         : op == OP_CMP_INT_LL || op == OP_CMP_INT_L ? POS_CMP_B : -1;
  if (at >= 0) {
    e->arg = INSN_ARG(cmp_negated(INSN(op, e->arg), at));
    return jump_if_false(g, e);
  }
  discharge(g, e);
  return emit(g, OP_JUMP_IF_TRUE, 0);
}

// ---- and, or, not

enum LogicMode { LOGIC_VALUE, LOGIC_COND, LOGIC_AND_JUMPS, LOGIC_OR_JUMPS };

// An operand of and/or: a truth value in a test, else the value itself.
// The NAME node where statement (or elif clause) i raises NameError before
// it does anything else (sema_undefined.h), or -1.
DEV int32_t name_error_of(const Code* g, int32_t i) {
  int32_t t = g->s->ty[i];
  return t >= 0 && (t & TY_NAME_ERROR) ? t & ~(TY_NAME_ERROR | TY_AFTER_ACTS) : -1;
}
// The code pass's reads on the walk to the name (sema_undefined.h): a
// local that may be unbound is read checked, for CPython's
// UnboundLocalError; the rest read nothing that can fail.
struct CodeReads {
  Code* g;
  int32_t name;
  DEVM int32_t operator()(int32_t i) {
    if (i == name) return i;
    CodeLocal* l = local_of(g, i);
    if (l && !surely_bound(g, l)) {
      g->line = cnode(g, i)->line;
      emit(g, OP_LOAD_CHECKED, l->slot);
      emit0(g, OP_POP);
    }
    return QUIET;
  }
  DEVM int32_t lookup(int32_t) { return QUIET; }  // (the type pass found it quiet)
  DEVM int32_t act(int32_t i) { return i == name ? i : ACTS; }
};
// The code pass's operands before a read after acts (sema_undefined.h,
// SemaUnits): each evaluated and dropped, a callee's object alone.
struct CodeUnits {
  Code* g;
  DEVM void operator()(int32_t i, int callee) {
    if (callee && cnode(g, i)->kind == ND_NAME) return;  // a function's or builtin's name: a quiet read
    ExpDesc e = expr(g, callee ? cnode(g, i)->a : i);
    drop(g, &e);
  }
};
// Whether node i (a statement or an operand) raises after acts
// (TY_AFTER_ACTS): its value's operands first (operands_first), not
// first_act's reads.
DEV int after_acts(const Code* g, int32_t i) { return (g->s->ty[i] & TY_AFTER_ACTS) != 0; }
// Expression root's operands every run evaluates before act `name` and
// the act's own, each evaluated and dropped (sema_undefined.h, operands_through).
DEVFN void operands_first(Code* g, int32_t root, int32_t name) {
  CodeUnits units = {g};
  operands_through(g->s, root, name, units);
}
// The status of the raise at node i (name_error_of): NameError at a NAME,
// AttributeError at a lookup, TypeError at another operation
// (sema_undefined.h, type_error_act and acts_then_raise).
DEV int raised_status(const Code* g, int32_t i) {
  int kind = cnode(g, i)->kind;
  return kind == ND_NAME ? ST_NAME_ERROR : kind == ND_ATTR ? ST_ATTRIBUTE_ERROR : ST_TYPE_ERROR;
}
// An operand (sema_undefined.h, raising_operand) that raises NameError:
// its reads up to the name, the raise, and a value the code after it may
// take, which never runs (a raise-free operand: none of this).
DEVFN int raises_here(Code* g, int32_t i, int in_test, ExpDesc* out) {
  int32_t name = name_error_of(g, i);
  if (name < 0) return 0;
  if (after_acts(g, i)) {
    operands_first(g, i, name);
  } else {
    CodeReads read = {g, name};
    first_act(g->s, i, read);
  }
  g->line = cnode(g, first_token(g->s, name))->line;
  emit(g, OP_RAISE, raised_status(g, name));
  emit(g, OP_CONST, const_word(g, 0));
  *out = pushed(g, in_test ? T_BOOL : T_INT);
  return 1;
}
DEVFN ExpDesc operand(Code* g, int32_t i, int in_test) {
  ExpDesc raised;
  if (raises_here(g, i, in_test, &raised)) return raised;
  return in_test ? cond(g, i) : expr(g, i);
}

// and_test := not_test ('and' not_test)*      or_test := and_test ('or' and_test)*
// As a value (LOGIC_VALUE, LOGIC_COND: its operands are truth values), an
// operand that decides is the result: DUP, test, POP otherwise. As an
// if/while test entire (LOGIC_AND_JUMPS), each operand but the last jumps
// to the statement's false target (*list); an if's `or` chain
// (LOGIC_OR_JUMPS) jumps into its block. The last operand is the result.
DEVFN ExpDesc logic(Code* g, int32_t i, int mode, int32_t* list) {
  const Node* n = cnode(g, i);
  int is_or = n->op == TK_OR, in_test = mode != LOGIC_VALUE;
  ExpDesc e = operand(g, cx(g, n->a), in_test);
  for (int32_t k = 2; k < n->n && !code_failed(g); k += 2) {
    int32_t j = -1;
    g->line = cnode(g, cx(g, n->a + k - 1))->line;  // the operator's: a reader of the source is past it
    if (mode == LOGIC_AND_JUMPS) *list = list_link(g->out, jump_if_false(g, &e), *list);
    else if (mode == LOGIC_OR_JUMPS) *list = list_link(g->out, jump_if_true(g, &e), *list);
    else {
      discharge(g, &e);
      emit0(g, OP_DUP);
      if (e.type != T_BOOL && e.type != T_INT) {
        ExpDesc v = truth(g, pushed(g, e.type));  // the copy's truth
        discharge(g, &v);
      }
      j = emit(g, is_or ? OP_JUMP_IF_TRUE : OP_JUMP_IF_FALSE, 0);
      emit0(g, OP_POP);
    }
    e = operand(g, cx(g, n->a + k), in_test);
    if (j >= 0) {
      discharge(g, &e);
      patch_here(g, j);
    }
  }
  if (mode == LOGIC_VALUE) e.type = ty(g, i);
  return e;
}

// not_test := 'not' not_test      its operand a truth value
DEVFN ExpDesc not_(Code* g, int32_t i) {
  ExpDesc e = cond(g, cnode(g, i)->a);
  discharge(g, &e);
  g->line = cnode(g, i)->end;
  emit0(g, OP_NOT);
  return pushed(g, T_BOOL);
}

// An expression as a truth value (if, while, assert, not, and/or in a
// test): and/or operands are tested one by one, so `if n and s:` needs no
// one type for n and s; a parenthesized expression is a value tested whole.
DEVFN ExpDesc cond(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  if (n->kind == ND_BOOLOP) return logic(g, i, LOGIC_COND, 0);
  if (n->kind == ND_UNARY && n->op == TK_NOT) return not_(g, i);
  if (n->kind == ND_IFEXP) return ifexp(g, i, 1);
  ExpDesc e = expr(g, i);
  g->line = n->end;
  return truth(g, e);
}

// ---- calls, subscripts, displays

// The function a call by this name means here, as Python scopes it:
// inside a top-level function its nested defs first, inside a nested def
// itself (recursion) and the other nested defs of its enclosing function,
// then the module's functions; -1: none.
DEV int32_t find_callee(Code* g, int32_t name) {
  const Sema* s = g->s;
  int32_t cur = g->f.fn;
  for (int32_t k = 0; k < s->nfuncs; k++) {
    const SemaFunc* f = &s->funcs[k];
    if (f->parent < 0 || !same_name(g, cx(g, cnode(g, f->def)->a), name)) continue;
    if (k == cur) return k;
    if (s->funcs[cur].parent < 0 && f->parent == cur) return k;
    if (s->funcs[cur].parent >= 0 && f->parent == s->funcs[cur].parent) return k;  // another of its enclosing function's
  }
  return find_function(s, name);
}

// Whether node i calls builtin `name` (not a local's or the program's function).
DEV int calls_builtin(Code* g, int32_t i, const char* name) {
  const Node* n = cnode(g, i);
  return n->kind == ND_CALL && cnode(g, n->a)->kind == ND_NAME && node_is(g->s, n->a, name) && !local_of(g, n->a) &&
         find_callee(g, n->a) < 0;
}

// An instruction whose stack effect is its count n (LIST_NEW and
// TUPLE_NEW pop n, UNPACK_* push n).
DEV void emit_count(Code* g, int op, int32_t n) {
  emit(g, op, n);
  stack_adjust(g, op == OP_LIST_NEW || op == OP_TUPLE_NEW ? -n : n);
}

// The int or float on the stack made an int | float; or the new list of
// them a list of int | float, in place (no one else holds it yet:
// sema_stmt.h, fresh_list).
DEV void to_nums(Code* g, int32_t have) {
  const TypeTable* tt = ctypes(g);
  if (have == T_INT || have == T_FLOAT) emit(g, OP_NUM_CONV, num_conv_of(have));
  else emit(g, OP_LIST_OF_NUMS, elem_of(tt, have) == T_FLOAT);
}

// The value on the stack, of type have, made a value of type want (a
// scalar T boxed where an Optional[T] is wanted; a member of a union
// tagged with its index).
DEV void coerce(Code* g, int32_t want, int32_t have) {
  const TypeTable* tt = ctypes(g);
  if (tuple_holds(tt, want, have)) { reshape_tuple(g, want, have); return; }
  if (num_holds(tt, want, have)) { to_nums(g, have); return; }
  if (!type_fits(tt, want, have) && is_union(tt, want)) {
    if (union_prefix(tt, want, have)) return;
    int32_t m = union_member(tt, want, have), member = tt->t[want].items[m];
    if (num_holds(tt, member, have)) to_nums(g, have);  // the int | float member's value
    else if (tuple_holds(tt, member, have)) reshape_tuple(g, member, have);
    emit(g, OP_UNION_BOX, m);
    return;
  }
  if (type_fits(tt, want, have) || !is_opt(tt, want) || have == T_NONE) return;
  if (!is_ref(tt, elem_of(tt, want))) emit0(g, OP_BOX);
}

// Whether the code of expression i is straight-line code that stores
// nothing (copyable_in_test): 1, 0 when surely not, -1 when not known here.
DEVFN int straight(Code* g, int32_t i);
DEV int both(int a, int b) { return a == 0 || b == 0 ? 0 : a < 0 || b < 0 ? -1 : 1; }
DEVFN int args_straight(Code* g, int32_t call) {
  const Node* c = cnode(g, call);
  int r = 1;
  for (int32_t k = 0; k < c->n; k++) {
    int32_t arg = cx(g, c->b + k);
    int kind = cnode(g, arg)->kind;
    if (kind == ND_GENEXP || kind == ND_STARRED || kind == ND_LAMBDA) return 0;
    r = both(r, straight(g, kind == ND_KEYWORD ? cnode(g, arg)->a : arg));
  }
  return r;
}
// An iterable argument's (iterable_value): range's, reversed's and an
// expression's list made in one instruction; a loop otherwise.
DEVFN int iterable_straight(Code* g, int32_t arg) {
  if (cnode(g, arg)->kind == ND_GENEXP || calls_builtin(g, arg, "map") || calls_builtin(g, arg, "filter") ||
      calls_builtin(g, arg, "zip") || calls_builtin(g, arg, "enumerate"))
    return 0;
  if (calls_builtin(g, arg, "range")) return args_straight(g, arg);
  if (calls_builtin(g, arg, "reversed")) return cnode(g, arg)->n == 1 ? iterable_straight(g, cx(g, cnode(g, arg)->b)) : -1;
  return straight(g, arg);
}

// A call's: a builtin or method of single instructions, of straight arguments.
DEVFN int call_straight(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  const TypeTable* tt = ctypes(g);
  int32_t callee = n->a, first = n->n ? cx(g, n->b) : -1;
  if (cnode(g, callee)->kind == ND_ATTR) {
    int32_t obj = cnode(g, callee)->a;
    if (math_module(g, obj)) return args_straight(g, i);
    if (re_module(g, obj)) return 0;  // its flags are no expression code reads
    if (lib_module(g, obj)) return 0;
    int32_t t = ty(g, obj);
    if (is_list(tt, t) && node_is(g->s, callee, "sort")) return 0;  // it stores the list
    if (t == T_STR && node_is(g->s, callee, "join") && first >= 0 && straight(g, first) != 1) return 0;
    return both(straight(g, obj), args_straight(g, i));
  }
  if (cnode(g, callee)->kind != ND_NAME || local_of(g, callee)) return -1;
  if (find_callee(g, callee) >= 0 || lib_read(g, callee)) return 0;  // a CALL, a library function's
  if (from_math(g, callee)) return args_straight(g, i);
  int b = builtin_of(g->s, callee), form = b >= 0 ? builtin_form(b) : -1;
  int32_t t = first >= 0 ? ty(g, first) : T_BAD;
  if (b == BI_SET) return first < 0 ? 1 : iterable_straight(g, first);
  if (form == BF_CALL) return (b == BI_STR || b == BI_BOOL) && is_opt(tt, t) ? 0 : args_straight(g, i);
  if (form == BF_PRINT) return args_straight(g, i);
  if (form == BF_CLASSTEST) return straight(g, first);  // (its classes are no code)
  if (form == BF_NEXT) return 0;  // (a loop)
  if (form == BF_MINMAX && n->n >= 2) return is_seq(tt, t) || is_tuple(tt, t) ? 0 : args_straight(g, i);
  if ((form == BF_MINMAX || b == BI_SUM || b == BI_LIST || b == BI_TUPLE) && n->n == 1) return iterable_straight(g, first);
  if (b == BI_SUM && n->n == 2) {  // sum(xs, start): LIST_SUM_FROM
    int32_t start = cx(g, n->b + 1);
    return both(iterable_straight(g, first), straight(g, cnode(g, start)->kind == ND_KEYWORD ? cnode(g, start)->a : start));
  }
  return form == BF_SEQ || form == BF_MINMAX ? 0 : -1;
}
DEVFN int straight(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  switch (n->kind) {
    case ND_NAME: case ND_INT: case ND_FLOAT: case ND_CONST: case ND_STR: return 1;
    case ND_GROUP: return straight(g, n->a);
    case ND_UNARY: return n->op == TK_NOT && is_opt(ctypes(g), ty(g, n->a)) ? 0 : straight(g, n->a);
    case ND_BINOP: return both(straight(g, n->a), straight(g, n->b));
    case ND_SUBSCRIPT: {
      const Node* x = cnode(g, n->b);
      if (x->kind != ND_SLICE) return both(straight(g, n->a), straight(g, n->b));
      int r = straight(g, n->a);
      for (int32_t k = 0; k < 3; k++) if (cx(g, x->a + k) >= 0) r = both(r, straight(g, cx(g, x->a + k)));
      return r;
    }
    case ND_BOOLOP: case ND_IFEXP: case ND_LISTCOMP: case ND_GENEXP: case ND_SETCOMP: case ND_DICTCOMP: return 0;
    case ND_COMPARE: {
      int32_t call, cls;
      if (type_test_parts(g->s, i, &call, &cls)) return straight(g, cx(g, cnode(g, call)->b));
      if (type_pair_parts(g->s, i, &call, &cls))
        return both(straight(g, cx(g, cnode(g, call)->b)), straight(g, cx(g, cnode(g, cls)->b)));
      if (n->n > 3) return 0;  // a chain jumps
      int32_t r = cx(g, n->a + 2);
      if (calls_builtin(g, r, "range")) return both(straight(g, cx(g, n->a)), args_straight(g, r));  // RANGE_CONTAINS
      return both(straight(g, cx(g, n->a)), straight(g, r));
    }
    case ND_LIST: case ND_TUPLE: case ND_SET: case ND_DICT: {
      int r = 1;
      for (int32_t k = 0; k < n->n; k++) r = both(r, straight(g, cx(g, n->a + k)));
      return r;
    }
    case ND_CALL: return call_straight(g, i);
    case ND_ATTR: return math_module(g, n->a) || lib_module(g, n->a) ? 1 : -1;
    case ND_FSTRING: {  // constants, and each field's str(x) in one instruction
      int r = 1;
      for (int32_t k = 0; k < n->n; k++) {
        const Node* part = cnode(g, cx(g, n->a + k));
        if (part->kind != ND_FIELD) continue;
        if (is_opt(ctypes(g), ty(g, part->a))) return 0;  // str of an Optional jumps
        r = both(r, straight(g, part->a));
      }
      return r;
    }
  }
  return -1;
}

// The line of the first token of `kind` at this bracket level from byte
// pos on (where a reader of the source had read to), or `none` when the level
// closes first.
DEVFN int32_t line_of_next(Code* g, int32_t pos, int kind, int32_t none) {
  Lexer L;
  Diag quiet;
  lex_from(g->s, &L, &quiet, pos, 1);
  for (int32_t depth = 0;;) {
    Token t = lex_next(&L);
    if (t.kind == TK_EOF || t.kind == TK_ERROR) return none;
    if (depth == 0 && t.kind == kind) return t.line;
    depth += bracket_delta(t.kind);
    if (depth < 0) return none;
  }
}

// slice := [expression] ':' [expression] [':' [expression]]      the
// object pushed, then its bounds (an absent one INT64_MIN); their selector
DEVFN int32_t slice_bounds(Code* g, int32_t i, ExpDesc* obj) {
  const Node* sl = cnode(g, cnode(g, i)->b);
  discharge(g, obj);
  int32_t present = 0;
  for (int32_t k = 0; k < 3; k++) {
    int32_t part = cx(g, sl->a + k);
    if (part < 0) {  // at the token before it: the '[', a ':', or past the ']' when no ':' is left
      g->line = k == 0 ? cnode(g, i)->line : k == 1 ? sl->line
              : line_of_next(g, sl->pos + sl->len, TK_COLON, cnode(g, i)->end);  // a second ':', or past the ']'
      emit(g, OP_CONST, const_word(g, INT64_MIN_));
      continue;
    }
    present |= 1 << k;
    ExpDesc e = expr(g, part);
    discharge(g, &e);
  }
  return present;
}
DEVFN ExpDesc slice(Code* g, int32_t i, ExpDesc* obj, int list) {
  int32_t present = slice_bounds(g, i, obj);
  g->line = cnode(g, i)->end;
  emit(g, list ? OP_LIST_SLICE : OP_STR_SLICE, present);
  return pushed(g, ty(g, i));
}

DEVFN ExpDesc dict_subscript(Code* g, int32_t i, ExpDesc* obj);

// subscript := expression '[' (expression | slice) ']'
DEVFN ExpDesc subscript(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  const TypeTable* tt = ctypes(g);
  ExpDesc obj = expr(g, n->a);
  int32_t t = obj.type, index = n->b, type = ty(g, i);
  if (code_failed(g)) return obj;
  if (is_opt(tt, t)) {  // None[i] raises TypeError
    discharge(g, &obj);
    g->line = cnode(g, n->a)->end;
    obj.type = t = unwrap_as(g, t, ST_TYPE_ERROR);
  }
  if (is_dict(tt, t)) return dict_subscript(g, i, &obj);
  if (is_tuple(tt, t) && !literal_index(g->s, index)) {  // items of one type (sema: subscript)
    discharge(g, &obj);
    if (cnode(g, index)->kind == ND_SLICE) {
      emit(g, OP_TUPLE_LIST, tt->t[t].n);
      obj = pushed(g, ty(g, i));
      return slice(g, i, &obj, 1);
    }
    ExpDesc x = expr(g, index);
    discharge(g, &x);
    g->line = n->end;
    emit(g, OP_TUPLE_INDEX, tt->t[t].n);
    return pushed(g, type);
  }
  if (is_tuple(tt, t)) {
    discharge(g, &obj);
    int32_t k = (int32_t)node_bits(cnode(g, cnode(g, index)->kind == ND_UNARY ? cnode(g, index)->a : index));
    if (cnode(g, index)->kind == ND_UNARY && k) k = tt->t[t].n - k;
    g->line = n->end;
    emit(g, OP_TUPLE_GET, k);
    return pushed(g, type);
  }
  int list = t != T_STR;
  if (cnode(g, index)->kind == ND_SLICE) return slice(g, i, &obj, list);
  // a list item by a LOAD_CHECKED index: LIST_GET of both pushed
  int checked_index = cnode(g, index)->kind == ND_NAME && !bare(g, index) && local_of(g, index) &&
                      !narrowed(g, local_of(g, index), index);
  int keep = obj.kind == EK_LOCAL && !(list && checked_index);
  int st = keep && !bare(g, index) ? straight(g, index) : 1;
  if (st < 0) { refuse(g, index); return obj; }
  if (!keep || !st) discharge(g, &obj);
  ExpDesc x = expr(g, index);
  g->line = n->end;
  if (list && obj.kind == EK_LOCAL && (x.kind == EK_CONST || x.kind == EK_LOCAL)) return int_op(g, OP_LIST_GET, 0, &obj, &x, type);
  discharge(g, &x);
  if (obj.kind == EK_LOCAL) {  // the item read names the local itself
    g->f.depth -= 1;
    emit(g, list ? OP_LIST_GET_L : OP_STR_INDEX_L, obj.info);
    return pushed(g, type);
  }
  emit0(g, list ? OP_LIST_GET : OP_STR_INDEX);
  return pushed(g, type);
}

// args := '(' [expression (',' expression)*] ')'      pushed, each an
// Optional unwrapped unless keep_opt; their types into ts; their count.
DEVFN int32_t call_args(Code* g, int32_t call, int32_t* ts, int keep_opt) {
  const Node* n = cnode(g, call);
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    int32_t arg = cx(g, n->b + k);
    int kind = cnode(g, arg)->kind;
    if (kind == ND_KEYWORD || kind == ND_STARRED || kind == ND_GENEXP) { refuse(g, arg); break; }
    ExpDesc e = expr(g, arg);
    discharge(g, &e);
    g->line = cnode(g, arg)->end;
    ts[k] = keep_opt ? e.type : unwrap_as(g, e.type, ST_TYPE_ERROR);
  }
  g->line = n->end;
  return n->n;
}

// The instruction of str(x) for a scalar x of type t (int, bool, float), or -1.
DEV int str_of_op(int32_t t) {
  return t == T_INT ? OP_STR_OF_INT : t == T_BOOL ? OP_STR_OF_BOOL : t == T_FLOAT ? OP_STR_OF_FLOAT
       : t == T_NUM ? OP_STR_OF_NUM : -1;
}

// OP_FORMAT's selector for a value of type t: 0 an int, 1 a bool, 2 a str, 3 a float.
DEV int format_selector(int32_t t) { return t == T_BOOL ? 1 : t == T_STR ? 2 : t == T_FLOAT ? 3 : 0; }


DEVFN ExpDesc str_of_optional(Code* g, int32_t t);
// str(x), or repr(x) with `repr`, of the value of type t on the stack (a
// type sema_expr.h's reprable takes): its own instruction for a number
// (whose repr is its str) and an Optional of one or of a str; REPR for
// the rest (a str's repr, lists, tuples, None).
DEVFN void str_of_any(Code* g, int32_t t, int repr) {
  int32_t e = is_opt(ctypes(g), t) ? elem_of(ctypes(g), t) : -1;
  if (t == T_STR && !repr) return;
  if (str_of_op(t) >= 0) emit0(g, str_of_op(t));
  else if (!repr && (e == T_STR || str_of_op(e) >= 0)) str_of_optional(g, t);
  else emit(g, OP_REPR, type_const(g, t));
}

// str(o) of an Optional on the stack: 'None', or str() of its value.
DEVFN ExpDesc str_of_optional(Code* g, int32_t t) {
  int32_t e = elem_of(ctypes(g), t);
  emit0(g, OP_DUP);
  int32_t jnone = emit(g, OP_JUMP_IF_FALSE, 0);
  emit(g, e == T_STR ? OP_UNWRAP : OP_UNBOX, ST_TYPE_ERROR);  // cannot fail: tested
  if (e != T_STR) emit0(g, str_of_op(e));
  int32_t jend = emit(g, OP_JUMP, 0);
  patch_here(g, jnone);
  emit0(g, OP_POP);
  emit(g, OP_CONST_STR, text_const(g, "None", 4));
  patch_here(g, jend);
  return pushed(g, T_STR);
}

// divmod(a, b): (a // b, a % b), in float when either is
DEVFN ExpDesc divmod_(Code* g, const int32_t* ts, int32_t type) {
  int isf = ts[0] == T_FLOAT || ts[1] == T_FLOAT;
  if (isf) floats_of(g, ts[0], ts[1]);
  emit0(g, OP_DUP2);
  emit0(g, isf ? OP_FLOORDIV_FLOAT : OP_FLOORDIV_INT);
  emit0(g, OP_ROT3);
  emit0(g, isf ? OP_MOD_FLOAT : OP_MOD_INT);
  emit_count(g, OP_TUPLE_NEW, 2);
  return pushed(g, type);
}

// A builtin of one argument whose value it is (int of an int, str of a
// str, round of an int, bool of a bool): no instruction, so what uses the
// result may fuse the argument's push, as it would the argument itself.
DEV int value_itself(int b, int32_t t) {
  return (b == BI_INT && intlike_t(t)) || (b == BI_FLOAT && t == T_FLOAT) || (b == BI_STR && t == T_STR) ||
         (b == BI_ROUND && intlike_t(t)) || (b == BI_BOOL && t == T_BOOL);
}

// The builtins of CALL form (builtins.def): the instruction their
// argument types choose, after the arguments.
DEVFN ExpDesc call_form(Code* g, int32_t i, int b) {
  const Node* n = cnode(g, i);
  int32_t ts[MAX_PARAMS], type = ty(g, i);
  int32_t arg = n->n == 1 ? cx(g, n->b) : -1;
  if (arg >= 0 && cnode(g, arg)->kind != ND_KEYWORD && cnode(g, arg)->kind != ND_STARRED &&
      cnode(g, arg)->kind != ND_GENEXP) {
    if (b == BI_INT || b == BI_FLOAT || b == BI_ROUND) complex_raises(g, arg);
    ExpDesc e = expr(g, arg);
    g->line = n->end;
    if (value_itself(b, e.type)) { e.type = type; return e; }
    if (b == BI_BOOL) return truth(g, e);
    if (b == BI_LEN && is_tuple(ctypes(g), e.type)) {
      drop(g, &e);
      return desc(g, EK_CONST, const_word(g, ctypes(g)->t[e.type].n), T_INT);
    }
    discharge(g, &e);
    g->line = cnode(g, arg)->end;
    ts[0] = b == BI_STR || b == BI_REPR ? e.type : unwrap_as(g, e.type, ST_TYPE_ERROR);
    g->line = n->end;
    if (b != BI_STR && value_itself(b, ts[0])) return pushed(g, type);  // int(o) of an Optional[int]: o's value
  } else {
    call_args(g, i, ts, b == BI_BOOL || b == BI_STR || b == BI_REPR);
  }
  int32_t t = n->n ? ts[0] : T_BAD;
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  if (t == T_NUM && (b == BI_ABS || b == BI_INT || b == BI_FLOAT || b == BI_ROUND)) {
    int sel = b == BI_ABS ? NUMCONV_ABS : b == BI_INT ? NUMCONV_INT : b == BI_FLOAT ? NUMCONV_FLOAT : NUMCONV_ROUND;
    emit(g, OP_NUM_CONV, sel);
    return pushed(g, type);
  }
  int op = -1;
  switch (b) {
    case BI_LEN: op = t == T_STR ? OP_STR_LEN : OP_LIST_LEN; break;
    case BI_ABS: op = t == T_FLOAT ? OP_ABS_FLOAT : OP_ABS_INT; break;
    case BI_INT:
      if (n->n == 0) return desc(g, EK_CONST, const_word(g, 0), T_INT);
      op = n->n == 2 ? OP_INT_OF_STR_BASE : t == T_FLOAT ? OP_FLOAT_TO_INT : OP_INT_OF_STR;
      break;
    case BI_FLOAT:
      if (n->n == 0) return desc(g, EK_CONST, const_word(g, double_to_bits(0.0)), T_FLOAT);
      op = intlike_t(t) ? OP_INT_TO_FLOAT : OP_FLOAT_OF_STR;
      break;
    case BI_STR:
      if (n->n == 0) { emit(g, OP_CONST_STR, text_const(g, "", 0)); return pushed(g, T_STR); }
      str_of_any(g, t, 0);
      return pushed(g, T_STR);
    case BI_REPR: str_of_any(g, t, 1); return pushed(g, T_STR);
    case BI_BOOL: return desc(g, EK_CONST, const_word(g, 0), T_BOOL);  // bool()
    case BI_ORD: op = OP_ORD; break;
    case BI_CHR: op = OP_CHR; break;
    case BI_BIN: case BI_OCT: case BI_HEX:
      emit(g, OP_RADIX_STR, b == BI_BIN ? 1 : b == BI_OCT ? 3 : 4);
      return pushed(g, T_STR);
    case BI_FORMAT:
      if (n->n == 1 && t == T_STR) return pushed(g, T_STR);  // format(s) is s
      if (n->n == 1) { op = str_of_op(t); break; }
      emit(g, OP_FORMAT, format_selector(t));
      return pushed(g, T_STR);
    case BI_ROUND: op = n->n == 2 ? (t == T_FLOAT ? OP_ROUND_FLOAT_N : OP_ROUND_INT_N) : OP_ROUND_FLOAT; break;
    case BI_POW:
      if (type == T_FLOAT) { floats_of(g, ts[0], ts[1]); emit_pow_float(g, i); return pushed(g, type); }
      op = n->n == 2 ? OP_POW_INT : OP_POW_MOD;
      break;
    case BI_DIVMOD: return divmod_(g, ts, type);
  }
  if (op < 0) { refuse(g, i); return desc(g, EK_VOID, 0, T_BAD); }
  emit0(g, op);
  return pushed(g, type);
}

// min_max := ('min' | 'max') '(' expression (',' expression)+ ')'      pairwise
// as the arguments arrive: min(a, b, c) == min(min(a, b), c)
DEVFN ExpDesc min_max(Code* g, int32_t i, int is_max) {
  const Node* n = cnode(g, i);
  int32_t t = T_BAD;
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    int32_t arg = cx(g, n->b + k);
    if (cnode(g, arg)->kind == ND_KEYWORD || cnode(g, arg)->kind == ND_STARRED) { refuse(g, arg); break; }
    ExpDesc e = expr(g, arg);
    discharge(g, &e);
    g->line = cnode(g, arg)->end;
    t = e.type;
    if (ty(g, i) == T_NUM) {  // ints and floats: the winner keeps its class
      coerce(g, T_NUM, t);
      if (k > 0) emit(g, OP_NUM_OP, is_max ? NUM_MAX : NUM_MIN);
      continue;
    }
    if (k == 0) continue;
    int op = t == T_FLOAT ? (is_max ? OP_MAX_FLOAT : OP_MIN_FLOAT) : t == T_STR ? (is_max ? OP_MAX_STR : OP_MIN_STR)
           : intlike_t(t) ? (is_max ? OP_MAX_INT : OP_MIN_INT) : -1;
    if (op >= 0) { emit0(g, op); continue; }
    // [x y]: y replaces x when y < x (min) or y > x (max), as CPython keeps the first
    emit0(g, OP_DUP2);
    emit0(g, OP_SWAP);
    emit(g, OP_CMP_OBJ, SETARG(TYPE, type_const(g, t)) | SETARG(CMP_B, is_max ? CMP_GT : CMP_LT));
    int32_t keep = emit(g, OP_JUMP_IF_FALSE, 0);
    emit0(g, OP_SWAP);
    patch_here(g, keep);
    emit0(g, OP_POP);
  }
  g->line = n->end;
  return pushed(g, ty(g, i));
}

// print_call := '(' [arg (',' arg)*] ')'      each argument evaluated and
// dropped (what a program prints is not its result): None
DEVFN ExpDesc print_(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    int32_t arg = cx(g, n->b + k);
    int kind = cnode(g, arg)->kind;
    if (kind == ND_STARRED || kind == ND_GENEXP) { refuse(g, arg); break; }
    ExpDesc e = expr(g, kind == ND_KEYWORD ? cnode(g, arg)->a : arg);
    g->line = cnode(g, arg)->end;
    drop(g, &e);
  }
  g->line = n->end;
  return desc(g, EK_CONST, const_word(g, 0), T_NONE);
}
