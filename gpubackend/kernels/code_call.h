// code_call.h: the code pass over math, comprehensions, functions given as
// arguments (key=, map, filter), the builtins of an iterable and the str
// and list methods (what loops inside an expression or keeps a list in a
// hidden local); then calls, displays, unary operators and conditional
// expressions, and expr(), which dispatches on a node's kind.
#pragma once
#include "code_expr.h"

// ---- math

// math_fn := NAME [args]      math's constant or function NAME (math.NAME,
// or a name of `from math import`); call: the CALL, or -1 for a read
DEVFN ExpDesc math_fn(Code* g, int32_t name, int32_t call) {
  g->line = cnode(g, name)->line;
#define MATH_CONST(id, word, value) \
  if (node_is(g->s, name, word)) return desc(g, EK_CONST, const_word(g, double_to_bits(value)), T_FLOAT);
#define MATH_FN(id, word)
#include "math.def"
#undef MATH_CONST
#undef MATH_FN
  const Node* c = cnode(g, call);
  if (node_is(g->s, name, "gcd")) {  // pairwise as the arguments arrive
    for (int32_t k = 0; k < c->n && !code_failed(g); k++) {
      ExpDesc e = expr(g, cx(g, c->b + k));
      discharge(g, &e);
      g->line = cnode(g, cx(g, c->b + k))->end;
      if (k > 0) emit0(g, OP_GCD);
    }
    g->line = c->end;
    if (c->n == 0) return desc(g, EK_CONST, const_word(g, 0), T_INT);
    if (c->n == 1) emit0(g, OP_ABS_INT);  // gcd(x) == abs(x)
    return pushed(g, T_INT);
  }
  int32_t ts[MAX_PARAMS];
  int floor = node_is(g->s, name, "floor"), ceil = node_is(g->s, name, "ceil");
  if ((floor || ceil) && c->n == 1 && intlike_t(ty(g, cx(g, c->b)))) {  // the int itself (value_itself)
    ExpDesc e = expr(g, cx(g, c->b));
    g->line = c->end;
    e.type = T_INT;
    return e;
  }
  if (c->n == 1) complex_raises(g, cx(g, c->b));  // (math's functions take no complex)
  call_args(g, call, ts, 0);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  if (node_is(g->s, name, "isqrt")) emit0(g, OP_ISQRT);
  else if ((floor || ceil) && ts[0] == T_NUM) emit(g, OP_NUM_CONV, floor ? NUMCONV_FLOOR : NUMCONV_CEIL);
  else if (floor || ceil) emit0(g, floor ? OP_FLOOR_FLOAT : OP_CEIL_FLOAT);
  else if (node_is(g->s, name, "pow")) {
    floats_of(g, ts[0], ts[1]);
    emit0(g, OP_MATH_POW);
  } else {
    if (intlike_t(ts[0])) emit0(g, OP_INT_TO_FLOAT);
    if (ts[0] == T_NUM) emit(g, OP_NUM_CONV, NUMCONV_FLOAT);
    emit0(g, node_is(g->s, name, "sqrt") ? OP_SQRT : OP_ABS_FLOAT);
  }
  return pushed(g, ty(g, call));
}

// Whether NAME node i is module `name` here (imported at module level,
// `module`, by this function, `own`, or by the one a nested def is in,
// `enclosing`; no local of its name).
DEV int module_read(Code* g, int32_t i, const char* name, int module, int own, int enclosing) {
  int nested = g->f.fn >= 0 && g->s->funcs[g->f.fn].parent >= 0;
  int imported = module || own || (nested && enclosing);
  return cnode(g, i)->kind == ND_NAME && node_is(g->s, i, name) && !local_of(g, i) && imported;
}
DEV int math_module(Code* g, int32_t i) {
  return module_read(g, i, "math", g->s->math_imported, g->f.fn_math, g->saved.fn_math);
}
DEV int re_module(Code* g, int32_t i) { return module_read(g, i, "re", g->s->re_imported, g->f.fn_re, g->saved.fn_re); }

// The operands of re function fn (re_fn, finditer_open) pushed in source
// order, and the flags its instruction's argument carries (RE_COMPILED
// where the pattern is a re.Pattern).
DEVFN int32_t re_operands(Code* g, int fn, int32_t call, int compiled) {
  const char* counted = re_counted(fn);
  int32_t strs = re_strs(fn), skip = compiled, flags_at = strs + (counted ? 1 : 0);
  int32_t a = compiled ? RE_COMPILED : 0;
  for (int32_t k = skip; k <= strs && !code_failed(g); k++) {
    int32_t arg = k < strs ? re_arg(g->s, call, k - skip, nullptr) : counted ? re_arg(g->s, call, k - skip, counted) : -2;
    if (arg == -2) break;
    if (arg == -1) { emit(g, OP_CONST, const_word(g, 0)); continue; }
    if (k == 0 && is_pattern(ctypes(g), ty(g, arg))) a |= RE_COMPILED;
    ExpDesc e = expr(g, arg);
    discharge(g, &e);
    g->line = cnode(g, arg)->end;
  }
  int32_t flags_arg = compiled ? -1 : re_arg(g->s, call, flags_at, "flags");
  if (flags_arg >= 0) a |= re_flags(g->s, flags_arg);
  g->line = cnode(g, call)->end;
  return a;
}

// re_fn := 're' '.' NAME '(' args ')' | pattern '.' NAME '(' args ')'
// (sema_re.h): the pattern (a Pattern's method: already pushed), the repl
// (sub), the string, the count or maxsplit (0 when absent) in source
// order, then one RE_* instruction whose argument carries the flags, and
// findall's item shape or RE_MATCH's mode
DEVFN ExpDesc re_fn(Code* g, int32_t name, int32_t call, int compiled) {
  int fn = re_fn_of(g->s, name);
  int32_t a = re_operands(g, fn, call, compiled);
  const TypeTable* tt = ctypes(g);
  int32_t item = elem_of(tt, ty(g, call));
  if (fn == RE_FN_FINDALL && is_tuple(tt, item)) a |= (1 + tt->t[item].n) << RE_SHAPE_SHIFT;
  if (fn <= RE_FN_FULLMATCH) a |= fn << RE_SHAPE_SHIFT;
  int op = fn <= RE_FN_FULLMATCH ? OP_RE_MATCH : fn == RE_FN_FINDALL ? OP_RE_FINDALL : fn == RE_FN_SUB ? OP_RE_SUB
         : fn == RE_FN_SPLIT ? OP_RE_SPLIT : OP_RE_COMPILE;
  emit(g, op, a);
  return pushed(g, ty(g, call));
}

// Whether call is re.finditer(...) or a re.Pattern's finditer(...).
DEVFN int finditer_call(Code* g, int32_t call) {
  const Node* c = cnode(g, call);
  if (c->kind != ND_CALL || cnode(g, c->a)->kind != ND_ATTR || !node_is(g->s, c->a, "finditer")) return 0;
  int32_t obj = cnode(g, c->a)->a;
  return re_module(g, obj) || is_pattern(ctypes(g), ty(g, obj));
}

// finditer := 're' '.' 'finditer' '(' pattern ',' string [',' flags] ')'
//           | pattern '.' 'finditer' '(' string ')'
// the pattern operand and the string evaluated as re_fn's, then the
// walk's hidden locals set for FOR_RE (from position 0); the first of them
DEVFN int32_t finditer_open(Code* g, int32_t call) {
  int32_t obj = cnode(g, cnode(g, call)->a)->a;
  int compiled = !re_module(g, obj);
  if (compiled) { ExpDesc o = expr(g, obj); discharge(g, &o); }
  int32_t a = re_operands(g, RE_FN_FINDITER, call, compiled);
  int32_t h = new_slots(g, 5);
  emit(g, OP_STORE, h + 1);
  emit(g, OP_STORE, h);
  const int64_t init[3] = {0, 0, a};  // the position, no empty match yet, the flags
  for (int32_t k = 0; k < 3; k++) {
    emit(g, OP_CONST, const_word(g, init[k]));
    emit(g, OP_STORE, h + 2 + k);
  }
  return h;
}

// match_method := expression '.' NAME '(' [expression] ')'      of a
// re.Match on the stack (sema_re.h): the group (0 when absent), then one
// MATCH_* instruction
DEVFN ExpDesc match_method(Code* g, int32_t i, int32_t name) {
  const Node* c = cnode(g, i);
  if (c->n == 0) emit(g, OP_CONST, const_word(g, 0));
  else {
    ExpDesc e = expr(g, cx(g, c->b));
    discharge(g, &e);
  }
  g->line = c->end;
  if (node_is(g->s, name, "group")) emit0(g, OP_MATCH_GROUP);
  else if (node_is(g->s, name, "span")) emit0(g, OP_MATCH_SPAN);
  else emit(g, OP_MATCH_POS, node_is(g->s, name, "end"));
  return pushed(g, ty(g, i));
}

// Whether NAME node i is one of `from math import`: of this function, of
// the one a nested def is in, or of the module.
DEV int from_math(Code* g, int32_t i) {
  int nested = g->f.fn >= 0 && g->s->funcs[g->f.fn].parent >= 0;
  for (int32_t k = 0; k < g->f.nfrom_math; k++) if (same_name(g, g->f.from_math[k], i)) return 1;
  for (int32_t k = 0; nested && k < g->saved.nfrom_math; k++) if (same_name(g, g->saved.from_math[k], i)) return 1;
  for (int32_t k = 0; k < g->s->nfrom_math; k++) if (same_name(g, g->s->from_math[k], i)) return 1;
  return 0;
}

// ---- comprehensions

// The element of comprehension i, generated into its innermost loop,
// feeding the sink; the accumulator is local acc. *done: any/all's and
// next's jumps out. call: the call it is the argument of, or -1.
DEVFN void comp_element(Code* g, int32_t i, int sink, int32_t acc, int32_t* done, int32_t open, int32_t call) {
  int32_t item = cnode(g, i)->a;
  g->line = open;  // a reader of the source went back to the token before the element
  if (sink == SINK_ANY || sink == SINK_ALL) {
    ExpDesc e = operand(g, item, 1);
    discharge(g, &e);
    g->line = cnode(g, item)->end;
    int32_t skip = emit(g, sink == SINK_ANY ? OP_JUMP_IF_FALSE : OP_JUMP_IF_TRUE, 0);
    emit(g, OP_CONST, const_word(g, sink == SINK_ANY));
    emit(g, OP_STORE, acc);
    *done = jump_list_add(g, *done, OP_JUMP);
    patch_here(g, skip);
    return;
  }
  if (sink == SINK_FIRST) {  // next(): the first item, and out
    ExpDesc e = expr(g, item);
    discharge(g, &e);
    g->line = cnode(g, item)->end;
    coerce(g, ty(g, call), e.type);
    emit(g, OP_STORE, acc);
    *done = jump_list_add(g, *done, OP_JUMP);
    return;
  }
  ExpDesc a = desc(g, EK_LOCAL, acc, T_BAD);
  if (sink == SINK_DICT) {  // acc[key] = value, the key evaluated first
    discharge(g, &a);
    ExpDesc k = expr(g, cx(g, item));
    discharge(g, &k);
    ExpDesc v = expr(g, cx(g, item + 1));
    discharge(g, &v);
    g->line = cnode(g, cx(g, item + 1))->end;
    emit(g, OP_DICT_SET, set_sel(g, k.type));
    return;
  }
  ExpDesc e;
  if (name_error_of(g, item) >= 0) {  // an item that raises (sema's comprehension): never added
    discharge(g, &a);
    raises_here(g, item, 0, &e);
  } else {
    if (sink == SINK_LIST) discharge(g, &a);
    e = sink == SINK_LIST ? expr(g, item) : right_operand(g, &a, item);
  }
  g->line = cnode(g, item)->end;
  if (sink == SINK_LIST) {
    discharge(g, &e);
    emit0(g, OP_LIST_APPEND);
    return;
  }
  if (e.type == T_NUM) { discharge(g, &a); discharge(g, &e); emit(g, OP_NUM_OP, NUM_ADD); }
  else if (e.type == T_FLOAT) {
    ExpDesc x = pushed_op(g, &a, &e, OP_ADD_FLOAT, T_FLOAT);
    (void)x;
    emit(g, OP_STORE, acc);
    emit(g, OP_CONST, const_word(g, 1));  // an item was added (float_sum_end)
    emit(g, OP_STORE, acc + 1);
    return;
  }
  else { ExpDesc x = int_op(g, OP_ADD_INT, 0, &a, &e, T_INT); discharge(g, &x); }
  emit(g, OP_STORE, acc);
}

// (the loops of statements, below)
DEVFN int32_t loop_targets(Code* g, int32_t target, int32_t* names);
DEVFN void iterable(Code* g, int32_t iter, Iter* it);
DEVFN ExpDesc set_display(Code* g, int32_t i);
DEVFN ExpDesc set_call(Code* g, int32_t i);
DEVFN ExpDesc set_method(Code* g, int32_t i, int32_t name, int32_t t);
DEVFN ExpDesc dict_display(Code* g, int32_t i);
DEVFN ExpDesc dict_call(Code* g, int32_t i);
DEVFN ExpDesc dict_method(Code* g, int32_t i, int32_t name, int32_t t);
DEVFN void dict_items(Code* g, int32_t t, int what, int loop);
DEVFN int32_t loop_head(Code* g, const Iter* it, const int32_t* names, int32_t n, int32_t serial, int fresh);
DEV void loop_end_jump(Code* g, int32_t head);

// The end of a float sum over a generator: of no items CPython's sum is
// its start, the int 0, a value of a class the float type can't hold; the
// lane stops Unsupported for the CPython path to judge. added: the flag
// local the element sets.
DEV void float_sum_end(Code* g, int32_t added) {
  emit(g, OP_LOAD, added);
  int32_t skip = emit(g, OP_JUMP_IF_TRUE, 0);
  emit(g, OP_RAISE, ST_UNSUPPORTED);
  patch_here(g, skip);
}

// comprehension := element ('for' targets 'in' or_test ('if' or_test)*)+
// Its clauses first and its element last, as they run; leaves the list,
// the sum, or the any/all verdict.
DEVFN ExpDesc comprehension(Code* g, int32_t i, int sink, int32_t call = -1) {
  const Node* n = cnode(g, i);
  // the line of the token before the element: its bracket, or the '(' of
  // the call a bare generator expression is the argument of
  int32_t open = g->src[n->pos] == '(' || g->src[n->pos] == '[' || call < 0 ? n->line : cnode(g, call)->line;
  int32_t heads[MAX_COMP_FORS], next[MAX_COMP_FORS], nfor = 0, done = -1;
  int32_t element_end = sink == SINK_DICT ? cnode(g, cx(g, n->a + 1))->end : cnode(g, n->a)->end;
  g->line = element_end;  // a reader of the source skipped the element to the first 'for'
  int float_sum = sink == SINK_SUM && ty(g, n->a) == T_FLOAT;
  int32_t acc = new_slots(g, float_sum ? 2 : 1);  // a float sum's second: whether it added an item
  if (float_sum) { emit(g, OP_CONST, const_word(g, 0)); emit(g, OP_STORE, acc + 1); }
  if (sink == SINK_LIST) emit_count(g, OP_LIST_NEW, 0);
  else if (sink == SINK_DICT) emit0(g, OP_DICT_NEW);
  else if (sink == SINK_SUM && ty(g, n->a) == T_NUM) emit(g, OP_CONST, const_word(g, NUM_INT_TAG));  // the int 0
  else if (sink == SINK_FIRST) {  // next()'s default, a literal: no code it orders against
    int32_t dflt = cx(g, cnode(g, call)->b + 1);
    ExpDesc d = expr(g, dflt);
    discharge(g, &d);
    coerce(g, ty(g, call), d.type);
  }
  else emit(g, OP_CONST, const_word(g, sink == SINK_ALL));  // int 0 and float 0.0 have the same bits
  emit(g, OP_STORE, acc);
  int32_t nlocals0 = g->f.nlocals;
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    int32_t clause = cx(g, n->b + k);
    const Node* c = cnode(g, clause);
    if (c->kind == ND_COMPIF) {
      ExpDesc e = operand(g, c->a, 1);
      discharge(g, &e);
      g->line = cnode(g, c->a)->end;
      next[nfor - 1] = jump_list_add(g, next[nfor - 1], OP_JUMP_IF_FALSE);
      continue;
    }
    int32_t names[MAX_TARGETS + 1];
    int32_t count = loop_targets(g, c->a, names);
    for (int32_t q = 0; q < count; q++) if (cnode(g, names[q])->kind != ND_NAME) refuse(g, clause);
    Iter it;
    iterable(g, c->b, &it);
    if (code_failed(g)) break;
    heads[nfor] = loop_head(g, &it, names, count, 0, 1);
    next[nfor++] = -1;
  }
  int32_t last = cx(g, n->b + n->n - 1);
  if (!code_failed(g)) comp_element(g, i, sink, acc, &done, open, call);
  g->line = cnode(g, last)->end;  // back past the clauses
  for (int32_t k = nfor - 1; k >= 0 && !code_failed(g); k--) {
    patch_list(g, next[k]);
    loop_end_jump(g, heads[k]);
    patch_here(g, heads[k]);
  }
  patch_list(g, done);
  if (float_sum) float_sum_end(g, acc + 1);
  g->f.nlocals = nlocals0;  // the comprehension's variables end with it
  if (sink == SINK_SUM) return desc(g, EK_LOCAL, acc, ty(g, n->a) == T_FLOAT || ty(g, n->a) == T_NUM ? ty(g, n->a) : T_INT);
  return desc(g, EK_LOCAL, acc, sink == SINK_LIST || sink == SINK_DICT ? ty(g, i) : sink == SINK_FIRST ? ty(g, call) : T_BOOL);
}

// ---- functions as arguments (key=, map, filter)

// A builtin usable as a function of one argument of type t (key=len, ...),
// applied to the value on the stack; returns its result's type.
DEVFN int32_t key_builtin(Code* g, int32_t name, int32_t t) {
  int str = node_is(g->s, name, "str"), intf = node_is(g->s, name, "int"), flt = node_is(g->s, name, "float");
  if (node_is(g->s, name, "len")) { emit0(g, t == T_STR ? OP_STR_LEN : OP_LIST_LEN); return T_INT; }
  if (node_is(g->s, name, "abs")) { emit0(g, t == T_FLOAT ? OP_ABS_FLOAT : OP_ABS_INT); return t == T_BOOL ? T_INT : t; }
  if (str) { if (t != T_STR) emit0(g, str_of_op(t)); return T_STR; }
  if (intf) { if (t == T_STR) emit0(g, OP_INT_OF_STR); else if (t == T_FLOAT) emit0(g, OP_FLOAT_TO_INT); return T_INT; }
  if (flt) { emit0(g, t == T_STR ? OP_FLOAT_OF_STR : OP_INT_TO_FLOAT); return T_FLOAT; }
  if (node_is(g->s, name, "bool")) {
    ExpDesc e = truth(g, pushed(g, t));
    discharge(g, &e);
    return T_BOOL;
  }
  if (node_is(g->s, name, "sum")) {
    int fl = elem_of(ctypes(g), t) == T_FLOAT;
    emit0(g, fl ? OP_LIST_SUM_FLOAT : OP_LIST_SUM_INT);
    return fl ? T_FLOAT : T_INT;
  }
  emit0(g, OP_ORD);
  return T_INT;
}

// itemgetter(k) applied to the item on the stack, of type t (sema_expr.h,
// itemgetter_key): a tuple's item k, or a list's l[k]; its type
DEVFN int32_t itemgetter_key(Code* g, int32_t call, int32_t t) {
  const TypeTable* tt = ctypes(g);
  int64_t k = 0;
  small_int_literal(g->s, cx(g, cnode(g, call)->b), &k);
  g->line = cnode(g, call)->end;
  if (is_tuple(tt, t)) {
    if (k < 0) k += tt->t[t].n;
    emit(g, OP_TUPLE_GET, (int32_t)k);
    return tt->t[t].items[k];
  }
  emit(g, OP_CONST, const_word(g, k));
  emit0(g, OP_LIST_GET);
  return elem_of(tt, t);
}

// fn := 'lambda' params ':' expression | NAME | 'str' '.' ('lower' | 'upper') | itemgetter
// A function of n arguments (key=, map's, filter's), node f, applied to
// the values on the stack (ts: their types, the last on top); returns
// its result's type.
DEVFN int32_t apply_fn_n(Code* g, int32_t f, int32_t n, const int32_t* ts) {
  const Node* c = cnode(g, f);
  if (c->kind == ND_CALL) return itemgetter_key(g, f, ts[0]);
  if (c->kind == ND_LAMBDA) {
    int32_t nlocals0 = g->f.nlocals, slots[2];
    for (int32_t k = 0; k < n; k++) {  // the lambda's own names: shadow locals
      int32_t param = cx(g, c->b + k);
      CodeLocal* l = declare(g, param, ty(g, param), 0);
      if (!l) return T_BAD;
      slots[k] = l->slot;
    }
    g->line = c->line;  // its ':'
    for (int32_t k = n - 1; k >= 0; k--) emit(g, OP_STORE, slots[k]);
    ExpDesc e = expr(g, c->a);
    discharge(g, &e);
    g->line = cnode(g, c->a)->end;
    g->f.nlocals = nlocals0;
    return e.type;
  }
  g->line = c->line;
  if (c->kind == ND_ATTR) {  // str.lower, str.upper
    emit(g, OP_STR_CASE, node_is(g->s, f, "lower") ? CASE_LOWER : CASE_UPPER);
    return T_STR;
  }
  int32_t fn = local_of(g, f) ? -1 : find_callee(g, f);
  if (fn < 0) return key_builtin(g, f, ts[0]);
  if (g->f.fn >= 0) g->funcs[g->f.fn].callees |= 1u << fn;
  emit(g, OP_CALL, fn);
  stack_adjust(g, -n);  // the arguments are consumed
  return g->s->funcs[fn].ret;
}
DEVFN int32_t apply_fn(Code* g, int32_t f, int32_t t) { return apply_fn_n(g, f, 1, &t); }

// A new empty list in local out, and a loop over the list in local items
// (its state in locals h, h + 1): returns the loop's head, each step of
// which pushes the next item.
DEVFN int32_t loop_into_list(Code* g, int32_t items, int32_t out, int32_t h) {
  emit_count(g, OP_LIST_NEW, 0);
  emit(g, OP_STORE, out);
  emit(g, OP_LOAD, items);
  emit(g, OP_ITER_INIT, h);
  return emit(g, OP_FOR_LIST, h);
}

// The list, in local keys, of f(item) for each item of the list in local
// items (item type elem), f called once per item in order, as CPython's
// sort calls key= and as map does; line: where a reader of the source came back
// to read f. Returns f's result type.
DEVFN int32_t map_list(Code* g, int32_t f, int32_t items, int32_t keys, int32_t elem, int32_t line) {
  g->line = line;
  int32_t h = new_slots(g, 2), head = loop_into_list(g, items, keys, h);
  emit(g, OP_LOAD, keys);
  emit0(g, OP_SWAP);
  int32_t kt = apply_fn(g, f, elem);
  emit0(g, OP_LIST_APPEND);
  emit_loop(g, head);
  patch_here(g, head);
  return kt;
}

// filter's test of f's result (of type kt) on the stack: the jump, to
// patch, taken where the item is not kept.
DEVFN int32_t jump_unless_kept(Code* g, int32_t kt) {
  if (kt != T_BOOL) {
    ExpDesc e = truth(g, pushed(g, unwrap_as(g, kt, ST_TYPE_ERROR)));
    discharge(g, &e);
  }
  return emit(g, OP_JUMP_IF_FALSE, 0);
}

// A keeping loop's end (filter, dict.fromkeys, map): the item on the
// stack appended to the list in local out, unless the jump at skip (-1:
// none) was taken; then back to head, whose exit is here.
DEVFN void append_or_skip(Code* g, int32_t out, int32_t head, int32_t skip) {
  emit(g, OP_LOAD, out);
  emit0(g, OP_SWAP);
  emit0(g, OP_LIST_APPEND);
  emit_loop(g, head);
  if (skip >= 0) {
    patch_here(g, skip);
    g->f.depth += 1;  // the item, kept on the path that skips it
    emit0(g, OP_POP);
    emit_loop(g, head);
  }
  patch_here(g, head);
}

// The items of the list in local items for which f is true (filter(f,
// xs)), into a new hidden local: returns it.
DEVFN int32_t filter_list(Code* g, int32_t f, int32_t items, int32_t elem, int32_t line) {
  int32_t out = new_slots(g, 1), h = new_slots(g, 2);
  g->line = line;
  int32_t head = loop_into_list(g, items, out, h);
  emit0(g, OP_DUP);
  append_or_skip(g, out, head, jump_unless_kept(g, apply_fn(g, f, elem)));
  return out;
}

DEVFN int32_t iterable_arg(Code* g, int32_t arg, int copy, int32_t call);
DEVFN void range_args(Code* g, int32_t call);
DEVFN int seq_arg(Code* g, int32_t arg, int32_t* elem);

// zip_open := 'zip' '(' seq_arg ',' seq_arg ')'      (or map's two
// iterables a, b) evaluated, and a FOR_ZIP's state set up in new hidden
// locals: the FOR_ZIP's argument; the two item types into ts
DEVFN int32_t zip_open(Code* g, int32_t a, int32_t b, int32_t end, int32_t* ts) {
  int sa = seq_arg(g, a, &ts[0]);
  int sb = seq_arg(g, b, &ts[1]);
  g->line = end;
  int32_t h = new_slots(g, 3);
  emit(g, OP_ZIP_INIT, h);
  return SETARG(PAIR, h) | SETARG(STR1, sa) | SETARG(STR2, sb);
}

// zip_open_n := 'zip' '(' seq_arg (',' seq_arg)+ ')'      its sequences
// evaluated and its loop state set up: a pair's as zip_open, more in n + 1
// new hidden locals (the sequences, then the index 0); the FOR_ZIP or
// FOR_ZIP_N into *op, its argument returned; the item types into ts.
DEVFN int32_t zip_open_n(Code* g, int32_t call, int32_t* ts, int32_t* op) {
  const Node* c = cnode(g, call);
  *op = c->n == 2 ? OP_FOR_ZIP : OP_FOR_ZIP_N;
  if (c->n == 2) return zip_open(g, cx(g, c->b), cx(g, c->b + 1), c->end, ts);
  int32_t strs = 0;
  for (int32_t k = 0; k < c->n; k++) strs |= seq_arg(g, cx(g, c->b + k), &ts[k]) << k;
  g->line = c->end;
  int32_t h = new_slots(g, c->n + 1);
  for (int32_t k = c->n - 1; k >= 0; k--) emit(g, OP_STORE, h + k);
  emit(g, OP_CONST, const_word(g, 0));
  emit(g, OP_STORE, h + c->n);
  return SETARG(PAIR, h) | SETARG(STRS, strs) | SETARG(ZIPN, c->n);
}
// The head of a loop over zip's sequences: FOR_ZIP or FOR_ZIP_N, the
// latter's n values on the stack.
DEVFN int32_t zip_head(Code* g, int32_t op, int32_t arg, int32_t n) {
  int32_t head = emit(g, op, arg);
  if (op == OP_FOR_ZIP_N) stack_adjust(g, n);
  return head;
}

// zip_map := ('map' | 'filter') '(' fn ',' 'zip' '(' seq ',' seq ')' ')'
//          | 'map' '(' fn ',' seq ',' seq ')' | 'zip' '(' seq ',' seq ')'
// A list made one step of zip at a time, f called between the steps as
// CPython calls it (f may change a or b): map's f takes the two items, or
// the pair; filter keeps the pairs f accepts; zip(a, b) alone, given whole
// to a builtin, is the list of its pairs. In a hidden local; its item
// type into *elem.
DEVFN ExpDesc zip_map(Code* g, int32_t call, int32_t* elem) {
  const Node* c = cnode(g, call);
  int zip = node_is(g->s, c->a, "zip"), is_map = node_is(g->s, c->a, "map"), pairs = zip || c->n == 2;
  int keep = !zip && !is_map;  // filter
  int32_t f = zip ? -1 : cx(g, c->b), z = zip || !pairs ? call : cx(g, c->b + 1);
  int32_t a = pairs ? cnode(g, z)->b : c->b + 1;  // the first sequence's place among the call's extras
  int32_t ts[MAX_ZIP], op = OP_FOR_ZIP, n = pairs ? cnode(g, z)->n : 2;
  int32_t arg = pairs ? zip_open_n(g, z, ts, &op) : zip_open(g, cx(g, a), cx(g, a + 1), cnode(g, z)->end, ts);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  g->line = c->end;
  int32_t out = new_slots(g, 1);
  emit_count(g, OP_LIST_NEW, 0);
  emit(g, OP_STORE, out);
  int32_t head = zip_head(g, op, arg, n), pair = pairs ? elem_of(ctypes(g), ty(g, cnode(g, z)->a)) : T_BAD;
  if (pairs) emit_count(g, OP_TUPLE_NEW, n);
  if (keep) emit0(g, OP_DUP);
  int32_t kt = zip ? pair : pairs ? apply_fn(g, f, pair) : apply_fn_n(g, f, 2, ts);
  append_or_skip(g, out, head, keep ? jump_unless_kept(g, kt) : -1);
  *elem = keep ? pair : kt;
  return desc(g, EK_LOCAL, out, T_BAD);
}

// map_filter := ('map' | 'filter') '(' fn ',' iterable ')'      as a list:
// what takes their values consumes them whole (list, sorted, sum, min,
// max, join; the type pass refuses them in loops, any and all), so
// building them first is exact. The iterable is evaluated first.
// The list is left in a hidden local (its descriptor); its item type into *elem.
DEVFN ExpDesc map_filter(Code* g, int32_t call, int32_t* elem) {
  const Node* c = cnode(g, call);
  if (c->n > 2 || calls_builtin(g, cx(g, c->b + 1), "zip")) return zip_map(g, call, elem);
  int is_map = node_is(g->s, c->a, "map");
  int32_t f = cx(g, c->b);
  *elem = iterable_arg(g, cx(g, c->b + 1), 0, call);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  g->line = c->end;
  int32_t items = new_slots(g, 1);
  emit(g, OP_STORE, items);
  if (!is_map) return desc(g, EK_LOCAL, filter_list(g, f, items, *elem, c->line), T_BAD);
  int32_t keys = new_slots(g, 1);
  *elem = map_list(g, f, items, keys, *elem, c->line);
  return desc(g, EK_LOCAL, keys, T_BAD);
}

// dict.fromkeys(xs) given whole to a builtin (sema_expr.h, fromkeys_list):
// xs's distinct items in the order first met, kept by a set of those seen.
// In a hidden local; its item type into *elem.
DEVFN ExpDesc fromkeys_list(Code* g, int32_t call, int32_t* elem) {
  *elem = iterable_arg(g, cx(g, cnode(g, call)->b), 0, call);
  g->line = cnode(g, call)->end;
  int32_t items = new_slots(g, 1), seen = new_slots(g, 1), out = new_slots(g, 1), h = new_slots(g, 2);
  int32_t sel = set_sel(g, *elem);
  emit(g, OP_STORE, items);
  emit0(g, OP_SET_NEW);
  emit(g, OP_STORE, seen);
  int32_t head = loop_into_list(g, items, out, h);
  emit0(g, OP_DUP);
  emit(g, OP_LOAD, seen);
  emit(g, OP_SET_CONTAINS, sel);
  int32_t skip = emit(g, OP_JUMP_IF_TRUE, 0);
  emit0(g, OP_DUP);
  emit(g, OP_LOAD, seen);
  emit0(g, OP_SWAP);
  emit(g, OP_SET_ADD, sel);
  append_or_skip(g, out, head, skip);
  return desc(g, EK_LOCAL, out, T_BAD);
}
DEV int fromkeys_call(Code* g, int32_t i) {
  const Node* c = cnode(g, i);
  if (c->kind != ND_CALL || c->n != 1 || cnode(g, c->a)->kind != ND_ATTR || !node_is(g->s, c->a, "fromkeys")) return 0;
  int32_t obj = cnode(g, c->a)->a;
  return cnode(g, obj)->kind == ND_NAME && node_is(g->s, obj, "dict") && !local_of(g, obj) && find_callee(g, obj) < 0;
}

// Whether call (a call of zip) is zip(*rows).
DEV int zip_starred(Code* g, int32_t call) {
  const Node* c = cnode(g, call);
  return c->n == 1 && cnode(g, cx(g, c->b))->kind == ND_STARRED;
}

// zip_rows := 'zip' '(' '*' expression ')'      the rows' list (a tuple's
// items as one), then ZIP_ROWS: the list of tuples (sema_expr.h, zip_rows)
DEVFN ExpDesc zip_rows(Code* g, int32_t call, int32_t* elem) {
  const TypeTable* tt = ctypes(g);
  const Node* c = cnode(g, call);
  ExpDesc e = expr(g, cnode(g, cx(g, c->b))->a);
  discharge(g, &e);
  g->line = c->end;
  int32_t x = e.type, r = is_tuple(tt, x) ? tuple_common(tt, x) : elem_of(tt, x);
  if (is_tuple(tt, x)) emit(g, OP_TUPLE_LIST, tt->t[x].n);
  emit(g, OP_ZIP_ROWS, is_tuple(tt, r) ? tt->t[r].n : 0);
  *elem = elem_of(tt, ty(g, call));
  return pushed(g, ty(g, call));
}

// iterator_call := 'range' args | 'reversed' '(' iterable ')' | map_filter | zip_map | zip_rows | fromkeys
// as a list; *elem its item type, or -1 when node i is none of them
DEVFN ExpDesc iterator_call(Code* g, int32_t i, int32_t* elem) {
  *elem = -1;
  if (calls_builtin(g, i, "range")) {
    range_args(g, i);
    emit0(g, OP_LIST_OF_RANGE);
    *elem = T_INT;
    return pushed(g, T_BAD);
  }
  if (calls_builtin(g, i, "reversed")) {
    *elem = iterable_arg(g, cx(g, cnode(g, i)->b), 0, i);
    g->line = cnode(g, i)->end;
    emit0(g, OP_LIST_REVERSED);
    return pushed(g, T_BAD);
  }
  if (calls_builtin(g, i, "map") || calls_builtin(g, i, "filter")) return map_filter(g, i, elem);
  if (calls_builtin(g, i, "zip")) return zip_starred(g, i) ? zip_rows(g, i, elem) : zip_map(g, i, elem);
  if (fromkeys_call(g, i)) return fromkeys_list(g, i, elem);
  return desc(g, EK_VOID, 0, T_BAD);
}

// ---- builtins of an iterable

// iterable_arg := comprehension | expression      a list (of a str's
// characters, or a copy when `copy`): its descriptor (a comprehension's,
// map's or filter's hidden local), its item type into *elem
// The keys of the set of type t pushed, as a list in its order (ordered:
// the order is handed on; loop: a for loop walks them).
DEVFN void set_items(Code* g, int32_t t, int ordered, int loop) {
  emit(g, OP_SET_ITEMS, set_sel(g, t) | ((ordered ? SETSEL_ORDERED : 0) | (loop ? SETSEL_LOOP : 0)) << SETSEL_SHIFT);
}
// Whether what call makes of an iterable's items does not depend on their
// order: sorted, min and max without key= (ties keep the first), sum, any, all.
DEVFN int order_free(Code* g, int32_t call) {
  if (call < 0 || cnode(g, call)->kind != ND_CALL) return 0;
  const Node* c = cnode(g, call);
  for (int32_t k = 0; k < c->n; k++) if (node_is(g->s, cx(g, c->b + k), "key")) return 0;
  const char* names[] = {"sorted", "min", "max", "sum", "any", "all"};
  for (int32_t k = 0; k < 6; k++) if (calls_builtin(g, call, names[k])) return 1;
  return 0;
}
DEVFN ExpDesc iterable_value(Code* g, int32_t arg, int copy, int32_t call, int32_t* elem) {
  const Node* a = cnode(g, arg);
  if (a->kind == ND_GENEXP) {  // (the list's item type: an item that raises has none of its own)
    ExpDesc list = comprehension(g, arg, SINK_LIST, call);
    *elem = code_failed(g) ? T_BAD : elem_of(ctypes(g), list.type);
    return list;
  }
  ExpDesc it = iterator_call(g, arg, elem);
  if (*elem != -1) return it;
  if (a->kind == ND_KEYWORD || a->kind == ND_STARRED) refuse(g, arg);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  ExpDesc e = expr(g, arg);
  discharge(g, &e);
  g->line = a->end;
  int32_t t = unwrap_as(g, e.type, ST_TYPE_ERROR);
  *elem = t == T_STR ? T_STR : elem_of(ctypes(g), t);
  if (is_tuple(ctypes(g), t)) {  // a tuple of one item type: a list of them
    emit(g, OP_TUPLE_LIST, ctypes(g)->t[t].n);
    *elem = tuple_common(ctypes(g), t);
  }
  if (t == T_STR) emit0(g, OP_LIST_OF_STR);
  else if (is_set(ctypes(g), t)) set_items(g, t, !order_free(g, call), 0);
  else if (is_dict(ctypes(g), t)) dict_items(g, t, 0, 0);
  else if (copy) emit0(g, OP_LIST_COPY);
  return e;
}
// The same, pushed; returns the item type.
DEVFN int32_t iterable_arg(Code* g, int32_t arg, int copy, int32_t call) {
  int32_t elem;
  ExpDesc e = iterable_value(g, arg, copy, call, &elem);
  discharge(g, &e);
  return elem;
}

// The list in local items (item type elem) sorted in place, by its items
// or by what function fn (-1: none) makes of each, called as CPython's
// sort calls key= (fn_line: where a reader of the source reads fn);
// reversed as local rev says (-1: as the constant `reverse`). end: the
// line of the call that sorts.
DEVFN void sort_local(Code* g, int32_t items, int32_t elem, int32_t fn, int32_t fn_line, int32_t rev, int reverse,
                      int32_t end) {
  int32_t keys = -1, kt = elem;
  if (fn >= 0) {
    keys = new_slots(g, 1);
    kt = map_list(g, fn, items, keys, elem, fn_line);
  }
  g->line = end;
  emit(g, OP_LOAD, items);
  if (keys >= 0) emit(g, OP_LOAD, keys);
  if (rev >= 0) emit(g, OP_LOAD, rev); else emit(g, OP_CONST, const_word(g, reverse));
  emit(g, keys >= 0 ? OP_LIST_SORT_KEYED : OP_LIST_SORT, type_const(g, kt));
}

// sort_args := [','] keyword (',' keyword)* ')'      keyword := 'key' '=' fn | 'reverse' '=' expression
// sorted(xs) and xs.sort(): the list in local items sorted in place;
// CPython evaluates every argument (reverse= among them) before the sort
// calls key= on the items, so the key function comes after the others.
DEVFN void sort_items(Code* g, int32_t call, int32_t items, int32_t elem, int32_t first_kw) {
  const Node* c = cnode(g, call);
  int32_t rev = -1, key = -1;
  for (int32_t k = first_kw; k < c->n && !code_failed(g); k++) {
    int32_t kw = cx(g, c->b + k);
    if (node_is(g->s, kw, "key")) { key = kw; continue; }
    ExpDesc e = expr(g, cnode(g, kw)->a);
    discharge(g, &e);
    g->line = cnode(g, cnode(g, kw)->a)->end;
    rev = new_slots(g, 1);
    emit(g, OP_STORE, rev);
  }
  sort_local(g, items, elem, key >= 0 ? cnode(g, key)->a : -1, key >= 0 ? cnode(g, key)->line : 0, rev, 0, c->end);
}

// min(xs, key=f) and max: the item at the first least (greatest) key, the
// keys scanned as min() scans them
DEVFN ExpDesc min_max_keyed(Code* g, int32_t i, int32_t elem, int is_max) {
  const Node* c = cnode(g, i);
  int32_t key = cx(g, c->b + 1);
  emit0(g, OP_LIST_COPY);
  int32_t items = new_slots(g, 1);
  emit(g, OP_STORE, items);
  int32_t keys = new_slots(g, 1);
  int32_t kt = map_list(g, cnode(g, key)->a, items, keys, elem, cnode(g, key)->line);
  g->line = c->end;
  emit(g, OP_LOAD, items);
  emit(g, OP_LOAD, keys);
  emit(g, is_max ? OP_LIST_MAX_KEYED : OP_LIST_MIN_KEYED, type_const(g, kt));
  return pushed(g, elem);
}

// sum(xs, start): start first, as CPython adds (numbers, an int start or
// item a float where it meets floats; or lists)
DEVFN ExpDesc sum_from(Code* g, int32_t i, int32_t elem) {
  const Node* n = cnode(g, i);
  int32_t start = cx(g, n->b + 1);
  ExpDesc e = expr(g, cnode(g, start)->kind == ND_KEYWORD ? cnode(g, start)->a : start);
  discharge(g, &e);
  g->line = n->end;
  int32_t st = e.type;
  int mode = intlike_t(elem) && st == T_INT ? SUM_INTS : is_list(ctypes(g), elem) ? SUM_LISTS
           : elem != T_FLOAT ? SUM_INTS_FROM_FLOAT : st == T_FLOAT ? SUM_FLOATS : SUM_FLOATS_FROM_INT;
  emit(g, OP_LIST_SUM_FROM, mode);
  return pushed(g, ty(g, i));
}

// any(xs) or all(xs) of the list (or str) in hidden locals h, h + 1
// iterated by head_op, each item (of type elem) given to fn first where
// fn >= 0: the first true (false) item's truth decides.
DEVFN ExpDesc any_all_loop(Code* g, int is_any, int32_t h, int head_op, int32_t elem, int32_t fn) {
  int32_t acc = new_slots(g, 1);
  emit(g, OP_CONST, const_word(g, !is_any));
  emit(g, OP_STORE, acc);
  int32_t head = emit(g, head_op, h);
  int32_t t = fn >= 0 ? apply_fn(g, fn, elem) : elem;
  ExpDesc e = truth(g, pushed(g, t));
  discharge(g, &e);
  int32_t skip = emit(g, is_any ? OP_JUMP_IF_FALSE : OP_JUMP_IF_TRUE, 0);
  emit(g, OP_CONST, const_word(g, is_any));
  emit(g, OP_STORE, acc);
  int32_t out = emit(g, OP_JUMP, 0);
  patch_here(g, skip);
  emit_loop(g, head);
  patch_here(g, head);
  patch_here(g, out);
  return desc(g, EK_LOCAL, acc, T_BOOL);
}

// any_map := ('any' | 'all') '(' 'map' '(' fn ',' seq_arg ')' ')'      fn
// applied one item a step (sema_expr.h, any_map)
DEVFN ExpDesc any_map(Code* g, int32_t i, int is_any) {
  const Node* map = cnode(g, cx(g, cnode(g, i)->b));
  int32_t elem;
  int str = seq_arg(g, cx(g, map->b + 1), &elem);
  g->line = map->end;
  int32_t h = new_slots(g, 2);
  emit(g, OP_ITER_INIT, h);
  return any_all_loop(g, is_any, h, str ? OP_FOR_STR : OP_FOR_LIST, elem, cx(g, map->b));
}

// sequence_builtin := ('sum' | 'any' | 'all' | 'min' | 'max' | 'sorted' | 'list' | 'tuple') '(' iterable ')'
DEVFN ExpDesc sequence_builtin(Code* g, int32_t i, int b) {
  const Node* n = cnode(g, i);
  if (b == BI_LIST && n->n == 0) { g->line = n->end; emit_count(g, OP_LIST_NEW, 0); return pushed(g, ty(g, i)); }
  int32_t arg = cx(g, n->b);
  if ((b == BI_SUM || b == BI_ANY || b == BI_ALL) && cnode(g, arg)->kind == ND_GENEXP && n->n == 1)
    return comprehension(g, arg, b == BI_SUM ? SINK_SUM : b == BI_ANY ? SINK_ANY : SINK_ALL, i);
  if ((b == BI_ANY || b == BI_ALL) && n->n == 1 && calls_builtin(g, arg, "map") && cnode(g, arg)->n == 2)
    return any_map(g, i, b == BI_ANY);
  int keyed = (b == BI_MIN || b == BI_MAX) && n->n == 2 && node_is(g->s, cx(g, n->b + 1), "key");
  if (n->n != 1 && b != BI_SORTED && !keyed && !(b == BI_SUM && n->n == 2)) { refuse(g, i); return desc(g, EK_VOID, 0, T_BAD); }
  int32_t elem;
  int list = b == BI_LIST || b == BI_TUPLE;  // a tuple[T, ...] is a list's object (objects.h)
  ExpDesc it = iterable_value(g, arg, b == BI_SORTED || list, i, &elem);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  if (list) { it.type = ty(g, i); return it; }
  discharge(g, &it);
  if (keyed) return min_max_keyed(g, i, elem, b == BI_MAX);
  if (b == BI_SUM && n->n == 2) return sum_from(g, i, elem);
  if (b == BI_SORTED) {
    int32_t items = new_slots(g, 1);
    emit(g, OP_STORE, items);
    sort_items(g, i, items, elem, 1);
    return desc(g, EK_LOCAL, items, ty(g, i));
  }
  g->line = n->end;
  if (b == BI_MIN || b == BI_MAX) { emit(g, b == BI_MAX ? OP_LIST_MAX : OP_LIST_MIN, type_const(g, elem)); return pushed(g, elem); }
  if (b == BI_SUM && elem == T_NUM) {
    emit(g, OP_CONST, const_word(g, NUM_INT_TAG));  // the int 0
    emit(g, OP_LIST_SUM_FROM, SUM_NUMS);
    return pushed(g, T_NUM);
  }
  if (b == BI_SUM) { emit0(g, elem == T_FLOAT ? OP_LIST_SUM_FLOAT : OP_LIST_SUM_INT); return pushed(g, ty(g, i)); }
  // any / all over a list: the first true (false) item decides
  int32_t h = new_slots(g, 2);
  emit(g, OP_ITER_INIT, h);
  return any_all_loop(g, b == BI_ANY, h, OP_FOR_LIST, elem, -1);
}

// ---- methods

// list.NAME(args) on the list pushed (elem: its item type)
DEVFN ExpDesc list_method(Code* g, int32_t i, int32_t name, int32_t elem) {
  int32_t ts[MAX_PARAMS];
  const char* w = g->src + cnode(g, name)->pos;
  int32_t len = cnode(g, name)->len;
#define IS(word) span_eq(w, len, word)
  if (IS("sort")) {
    int32_t items = new_slots(g, 1);
    emit(g, OP_STORE, items);
    sort_items(g, i, items, elem, 0);
    return desc(g, EK_CONST, const_word(g, 0), T_NONE);
  }
  int32_t n = call_args(g, i, ts, 0);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  int32_t x = n ? ts[n - 1] : T_BAD;  // the item argument, where there is one
  if (elem == T_NUM && (IS("append") || IS("insert"))) coerce(g, T_NUM, x);
  if (n && tuple_holds(ctypes(g), elem, x) && !IS("extend")) { coerce(g, elem, x); x = elem; }  // a tuple's shape
  if (IS("pop")) {
    if (n == 0) emit(g, OP_CONST, const_word(g, -1));
    emit0(g, OP_LIST_POP);
    return pushed(g, ty(g, i));
  }
  if (IS("copy")) { emit0(g, OP_LIST_COPY); return pushed(g, ty(g, i)); }
  if (IS("index") || IS("count")) { emit(g, IS("index") ? OP_LIST_INDEX : OP_LIST_COUNT, type_const(g, x)); return pushed(g, T_INT); }
  if (IS("extend") && x == T_STR) emit0(g, OP_LIST_OF_STR);
  if (IS("reverse")) emit0(g, OP_LIST_REVERSE);
  else if (IS("clear")) emit0(g, OP_LIST_CLEAR);
  else if (IS("append")) emit0(g, OP_LIST_APPEND);
  else if (IS("extend")) emit0(g, OP_LIST_EXTEND);
  else if (IS("insert")) emit0(g, OP_LIST_INSERT);
  else if (IS("remove")) emit(g, OP_LIST_REMOVE, type_const(g, x));
  else { refuse(g, i); return desc(g, EK_VOID, 0, T_BAD); }
#undef IS
  return desc(g, EK_CONST, const_word(g, 0), T_NONE);
}

// str.join's argument: a list of strs (iterable_arg)
DEVFN int32_t join_arg(Code* g, int32_t arg, int32_t call) { return iterable_arg(g, arg, 0, call); }

// str.NAME(args) on the str pushed (methods.def)
DEVFN ExpDesc str_format(Code* g, int32_t i);
DEVFN ExpDesc fstring(Code* g, int32_t i);
DEVFN ExpDesc str_method(Code* g, int32_t i, int32_t name) {
  const Node* n = cnode(g, i);
  if (node_is(g->s, name, "format")) return str_format(g, i);
  const int16_t ops[] = {
#define STR_METHOD(id, word, op, sel, args) (int16_t)(op),
#include "methods.def"
#undef STR_METHOD
  };
  const int8_t sels[] = {
#define STR_METHOD(id, word, op, sel, args) (int8_t)(sel),
#include "methods.def"
#undef STR_METHOD
  };
  int32_t ts[MAX_PARAMS], m = str_method_of(g->src + cnode(g, name)->pos, cnode(g, name)->len);
  if (m < 0) { refuse(g, i); return desc(g, EK_VOID, 0, T_BAD); }
  int op = ops[m], sel = sels[m];
  if (m == SM_JOIN && n->n == 1) {
    int32_t elem = join_arg(g, cx(g, n->b), i);
    g->line = n->end;
    if (elem != T_STR && elem != T_UNK) {  // items of another type: CPython's TypeError at the first
      emit0(g, OP_DUP);
      emit0(g, OP_LIST_LEN);
      int32_t none = emit(g, OP_JUMP_IF_FALSE, 0);
      emit(g, OP_RAISE, ST_TYPE_ERROR);
      patch_here(g, none);
    }
    emit0(g, OP_STR_JOIN);
    return pushed(g, T_STR);
  }
  int32_t k = 1;
  if (m == SM_SPLIT && n->n == 1 && cnode(g, cx(g, n->b))->kind == ND_KEYWORD) {  // split(sep=x)
    ExpDesc e = expr(g, cnode(g, cx(g, n->b))->a);
    discharge(g, &e);
    g->line = n->end;
  } else {
    k = call_args(g, i, ts, 0);
  }
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  if ((op == OP_STR_FIND || op == OP_STR_AFFIX) && k > 1) {  // a range: (start[, end])
    if (k == 2) emit(g, OP_CONST, const_word(g, INT64_MAX_));
    emit(g, op == OP_STR_FIND ? OP_STR_FIND_IN : OP_STR_AFFIX_IN, sel);
    return pushed(g, ty(g, i));
  }
  if (op == OP_STR_REPLACE && k == 3) { emit0(g, OP_STR_REPLACE_N); return pushed(g, T_STR); }
  if (m == SM_SPLIT) op = k ? OP_STR_SPLIT_SEP : OP_STR_SPLIT;
  else if (op < 0) {  // ljust, rjust, center, zfill: the fill pushed, ' ' by default
    if (k == 1) emit(g, OP_CONST_STR, text_const(g, " ", 1));
    emit(g, OP_STR_PAD, sel);
    return pushed(g, T_STR);
  } else if (op == OP_STR_STRIP && k == 1) op = OP_STR_STRIP_CHARS;
  emit(g, op, m == SM_SPLIT ? 0 : sel);
  return pushed(g, ty(g, i));
}

// method := expression '.' NAME args      of a str or a list
DEVFN ExpDesc method(Code* g, int32_t i) {
  int32_t attr = cnode(g, i)->a, obj = cnode(g, attr)->a;
  if (math_module(g, obj)) return math_fn(g, attr, i);
  if (re_module(g, obj)) return re_fn(g, attr, i, 0);
  if (lib_module(g, obj)) return lib_attribute(g, attr, i);
  ExpDesc o = expr(g, obj);
  discharge(g, &o);
  g->line = cnode(g, obj)->end;
  int32_t t = unwrap_as(g, o.type, ST_ATTRIBUTE_ERROR);  // None.append: 'NoneType' object has no attribute
  if (code_failed(g)) return o;
  if (is_tuple(ctypes(g), t)) {  // count and index of a tuple of one item type: a list's
    tuple_as_list(g, t, 0);
    return list_method(g, i, attr, tuple_common(ctypes(g), t));
  }
  if (is_seq(ctypes(g), t)) return list_method(g, i, attr, elem_of(ctypes(g), t));
  if (t == T_STR) return str_method(g, i, attr);
  if (is_set(ctypes(g), t)) return set_method(g, i, attr, t);
  if (is_dict(ctypes(g), t)) return dict_method(g, i, attr, t);
  if (is_match(ctypes(g), t)) return match_method(g, i, attr);
  if (t == T_INT || t == T_BOOL) {  // bit_length, bit_count (sema_expr.h, method_call)
    g->line = cnode(g, i)->end;
    emit(g, OP_INT_BITS, node_is(g->s, attr, "bit_count"));
    return pushed(g, T_INT);
  }
  if (t == T_FLOAT) {  // x.is_integer(): x % 1.0 == 0.0, false for inf and nan as float_rem makes them nan
    g->line = cnode(g, i)->end;
    emit(g, OP_CONST, const_word(g, double_to_bits(1.0)));
    emit0(g, OP_MOD_FLOAT);
    emit(g, OP_CONST, const_word(g, double_to_bits(0.0)));
    emit(g, OP_CMP_FLOAT, CMP_EQ);
    return pushed(g, T_BOOL);
  }
  if (is_pattern(ctypes(g), t)) return re_fn(g, attr, i, 1);
  refuse(g, i);
  return desc(g, EK_VOID, 0, T_BAD);
}

// class_test := 'isinstance' '(' expression ',' classes ')'      the value
// evaluated and dropped for the answer its type gives, or an Optional
// tested against None (sema_expr.h, class_test_answer)
DEVFN ExpDesc class_test(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  ExpDesc e = expr(g, cx(g, n->b));
  int answer = g->s->ty[cx(g, n->b + 1)];
  g->line = n->end;
  if (answer == CT_NOT_NONE) {
    discharge(g, &e);
    emit0(g, OP_IS_NONE);
    emit0(g, OP_NOT);
    return pushed(g, T_BOOL);
  }
  if (answer >= CT_IS_INT) return num_class(g, &e, answer, 1);
  drop(g, &e);
  return desc(g, EK_CONST, const_word(g, answer == CT_TRUE), T_BOOL);
}

// call := NAME '(' args ')'      of a function of the program or a builtin
DEVFN ExpDesc call(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t callee = n->a, d0 = g->f.depth;
  if (cnode(g, callee)->kind == ND_ATTR) return method(g, i);
  if (cnode(g, callee)->kind != ND_NAME || local_of(g, callee)) { refuse(g, i); return desc(g, EK_VOID, 0, T_BAD); }
  int32_t f = find_callee(g, callee);
  if (f < 0) {
    if (from_math(g, callee)) return math_fn(g, callee, i);
    if (lib_read(g, callee)) return lib_call(g, i, lib_read(g, callee)->member);
    int b = builtin_of(g->s, callee);
    int form = b >= 0 ? builtin_form(b) : -1;
    if (b == BI_SET) return set_call(g, i);
    if (b == BI_DICT) return dict_call(g, i);
    if (b == BI_TUPLE && n->n == 0) {  // tuple(): the empty tuple
      g->line = n->end;
      emit_count(g, OP_TUPLE_NEW, 0);
      return pushed(g, ty(g, i));
    }
    if (form == BF_CALL) return call_form(g, i, b);
    if (form == BF_MINMAX && n->n >= 2 && cnode(g, cx(g, n->b + 1))->kind != ND_KEYWORD) return min_max(g, i, b == BI_MAX);
    if (form == BF_SEQ || form == BF_MINMAX) return sequence_builtin(g, i, b);
    if (form == BF_PRINT) return print_(g, i);
    if (form == BF_CLASSTEST) return class_test(g, i);
    if (form == BF_NEXT) return comprehension(g, cx(g, n->b), SINK_FIRST, i);
    refuse(g, i);
    return desc(g, EK_VOID, 0, T_BAD);
  }
  const SemaFunc* fs = &g->s->funcs[f];
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    int32_t arg = cx(g, n->b + k);
    if (cnode(g, arg)->kind == ND_KEYWORD || cnode(g, arg)->kind == ND_STARRED) { refuse(g, arg); break; }
    ExpDesc x = expr(g, arg);
    discharge(g, &x);
    coerce(g, fs->ptype[k], x.type);
  }
  g->line = n->end;
  for (int32_t k = n->n; k < fs->nparams && !code_failed(g); k++) {  // the defaults left out, their literals
    ExpDesc x = literal_desc(g, cnode(g, cx(g, cnode(g, fs->def)->b + k))->b);
    discharge(g, &x);
  }
  if (g->f.fn >= 0) g->funcs[g->f.fn].callees |= 1u << f;
  emit(g, OP_CALL, f);
  g->f.depth = d0;
  stack_adjust(g, 1);
  return pushed(g, fs->ret);
}

// Items of a display pushed before one LIST_NEW; later ones are appended,
// so that a long display needs no deep operand stack.
// list_display := '[' [expression (',' expression)*] ']'
DEVFN ExpDesc list_display(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t count = 0;
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    if (count == DISPLAY_CHUNK) { emit_count(g, OP_LIST_NEW, count); count = -1; }
    if (count < 0) emit0(g, OP_DUP);
    int32_t item = cx(g, n->a + k);
    if (cnode(g, item)->kind == ND_STARRED) { refuse(g, item); break; }
    ExpDesc e = expr(g, item);
    discharge(g, &e);
    if (elem_of(ctypes(g), ty(g, i)) == T_NUM) coerce(g, T_NUM, e.type);
    if (count < 0) emit0(g, OP_LIST_APPEND); else count++;
  }
  g->line = n->end;
  if (count >= 0) emit_count(g, OP_LIST_NEW, count);
  return pushed(g, ty(g, i));
}

// tuple_display := expression (',' expression)+ [',']
// want: the tuple type it is to take (a return's, an annotated
// assignment's), whose Optional items box their T; -1: none.
DEVFN ExpDesc tuple_display(Code* g, int32_t i, int32_t want = -1) {
  const Node* n = cnode(g, i);
  const TypeTable* tt = ctypes(g);
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    int32_t item = cx(g, n->a + k);
    ExpDesc e = expr(g, item);
    discharge(g, &e);
    if (want >= 0 && k < tt->t[want].n && is_opt(tt, tt->t[want].items[k])) {
      g->line = cnode(g, item)->end;
      coerce(g, tt->t[want].items[k], e.type);
    }
  }
  g->line = n->end;
  emit_count(g, OP_TUPLE_NEW, n->n);
  return pushed(g, ty(g, i));
}

// unary := ('-' | '+' | '~') unary | 'not' unary      (-<int literal> is a literal)
DEVFN ExpDesc unary(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  if (n->op == TK_NOT) return not_(g, i);
  if (n->op == TK_MINUS && bare(g, i)) { g->line = n->end; return literal_desc(g, i); }  // -<int literal>
  ExpDesc e = expr(g, n->a);
  if (is_opt(ctypes(g), e.type)) { refuse(g, i); return e; }
  int32_t t = ty(g, i);
  if (n->op == TK_PLUS) { e.type = t; return e; }
  discharge(g, &e);
  g->line = n->end;
  if (t == T_NUM) { emit(g, OP_NUM_CONV, NUMCONV_NEG); return pushed(g, t); }
  emit0(g, n->op == TK_TILDE ? OP_INVERT : t == T_FLOAT ? OP_NEG_FLOAT : OP_NEG_INT);
  return pushed(g, t);
}

// The line of the 'else' of conditional expression i (what a reader of
// the source has just read when it jumps over the else branch).
DEVFN int32_t else_line(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t test = cx(g, n->a + 1), orelse = cx(g, n->a + 2);
  int32_t at = cnode(g, first_token(g->s, orelse))->line;
  if (cnode(g, test)->end == at) return at;  // test, 'else' and branch on one line
  // the first 'else' at the 'if''s level (the test holds none unparenthesized)
  return line_of_next(g, n->pos + n->len, TK_ELSE, at);
}

// A branch's value of a conditional whose type is Optional[T] (a scalar T
// boxed) or a union (the value tagged with its member).
DEV void box_branch(Code* g, int32_t result, int32_t t) {
  const TypeTable* tt = ctypes(g);
  if (is_union(tt, result) || result == T_NUM || tuple_holds(tt, result, t)) coerce(g, result, t);
  else if (is_opt(tt, result) && t != T_NONE && !is_opt(tt, t) && !is_ref(tt, t)) emit0(g, OP_BOX);
}

// conditional := expression 'if' expression 'else' expression      the test
// first, then one branch
DEVFN ExpDesc ifexp(Code* g, int32_t i, int in_test) {
  const Node* n = cnode(g, i);
  int32_t body = cx(g, n->a), test = cx(g, n->a + 1), orelse = cx(g, n->a + 2), type = ty(g, i);
  int32_t d0 = g->f.depth;
  ExpDesc c = cond(g, test);
  discharge(g, &c);
  g->line = cnode(g, test)->end;
  int32_t jf = emit(g, OP_JUMP_IF_FALSE, 0);
  ExpDesc x = operand(g, body, in_test);
  discharge(g, &x);
  g->line = else_line(g, i);
  box_branch(g, type, x.type);
  int32_t jend = emit(g, OP_JUMP, 0);
  patch_here(g, jf);
  g->f.depth = d0;
  ExpDesc y = operand(g, orelse, in_test);
  discharge(g, &y);
  g->line = cnode(g, orelse)->end;
  box_branch(g, type, y.type);
  patch_here(g, jend);
  return pushed(g, in_test ? T_BOOL : type);
}

// expression: its descriptor; a kind the pass does not generate yet is refused.
DEVFN ExpDesc expr(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  switch (n->kind) {
    case ND_INT: case ND_FLOAT: case ND_CONST: g->line = n->end; return literal_desc(g, i);
    case ND_STR: return literal_desc(g, i);
    case ND_FSTRING: return fstring(g, i);
    case ND_NAME: return name_read(g, i);
    case ND_GROUP: return expr(g, n->a);
    case ND_UNARY: return unary(g, i);
    case ND_BINOP: return binop(g, i);
    case ND_COMPARE: return compare(g, i);
    case ND_BOOLOP: return logic(g, i, LOGIC_VALUE, 0);
    case ND_CALL: return call(g, i);
    case ND_SUBSCRIPT: return subscript(g, i);
    case ND_LIST: return list_display(g, i);
    case ND_TUPLE: return tuple_display(g, i);
    case ND_IFEXP: return ifexp(g, i, 0);
    case ND_LISTCOMP: return comprehension(g, i, SINK_LIST);
    case ND_SET: case ND_SETCOMP: return set_display(g, i);
    case ND_DICT: return dict_display(g, i);
    case ND_DICTCOMP: return comprehension(g, i, SINK_DICT);
    case ND_ATTR:
      if (math_module(g, n->a)) return math_fn(g, i, -1);
      if (lib_module(g, n->a)) return lib_attribute(g, i, -1);
      break;
  }
  refuse(g, i);
  return desc(g, EK_VOID, 0, T_BAD);
}

#include "code_lib.h"
#include "code_set.h"
#include "code_dict.h"
#include "code_collections.h"
#include "code_format.h"
