// code_stmt.h: the code pass over statements, function bodies and the
// program: blocks, assignments, if/while/for with their loop instructions,
// return, assert, nested defs; then memoization and the program's header.
#pragma once
#include "code_call.h"

// ---- statements: each returns whether control can fall through

DEVFN int stmt(Code* g, int32_t i, int32_t follow);

// The line of the token after block b (a reader of the source's last token when
// the block ends): its last statement's line end for a block on the line
// of its ':', else the DEDENT's, which is the line of what follows it.
DEV int32_t block_end_line(Code* g, int32_t b, int32_t follow) {
  const Node* n = cnode(g, b);
  int32_t first = cx(g, n->a);
  if (cnode(g, first_token(g->s, first))->line != n->line) return follow;
  return cnode(g, cx(g, n->a + n->n - 1))->end;
}
DEVFN int try_stmt(Code* g, int32_t i, int32_t follow);

// The line of the first token of statement i.
DEV int32_t stmt_line(Code* g, int32_t i) { return cnode(g, first_token(g->s, i))->line; }

// Statement (or elif clause) i's reads up to `name` (a NAME nothing
// defines, or an operation that raises TypeError), then the raise, on its
// line, as CPython reports it.
DEVFN void raise_name_error(Code* g, int32_t i, int32_t name) {
  if (after_acts(g, i)) {
    operands_first(g, stmt_value(g->s, i), name);
  } else {
    CodeReads read = {g, name};
    name_error_walk(g->s, i, read);
  }
  g->line = cnode(g, first_token(g->s, name))->line;
  emit(g, OP_RAISE, raised_status(g, name));
}

// statements := statement*      the list cx(at .. at + n); follow: the line
// of the token after it. After a statement that raises NameError, the rest
// is code CPython never runs: none.
DEVFN int statements(Code* g, int32_t at, int32_t n, int32_t follow) {
  int falls = 1;
  for (int32_t k = 0; k < n && !code_failed(g); k++) {
    int32_t st = cx(g, at + k), next = k + 1 < n ? stmt_line(g, cx(g, at + k + 1)) : follow;
    if (name_error_of(g, st) >= 0) {
      raise_name_error(g, st, name_error_of(g, st));
      return 0;
    }
    if (!stmt(g, st, next)) falls = 0;
    int kind = cnode(g, st)->kind;
    if (kind != ND_IF && kind != ND_WHILE && kind != ND_FOR && kind != ND_DEF && kind != ND_TRY)
      g->line = cnode(g, st)->end;  // its NEWLINE's
  }
  return falls;
}

// block := statements      follow: the line of the token after it
DEVFN int block(Code* g, int32_t b, int32_t follow) {
  const Node* n = cnode(g, b);
  if (g->f.nopen >= MAX_NESTING + 2) { refuse(g, b); return 1; }
  g->f.block_depth++;
  g->f.open_blocks[g->f.nopen++] = ++g->f.block_serial;
  // a reader of the source's last token before the first statement: the ':' of a
  // block on its line, else the INDENT, on the first statement's line
  int32_t first = cx(g, n->a);
  g->line = stmt_line(g, first) == n->line ? n->line : stmt_line(g, first);
  int falls = statements(g, n->a, n->n, follow);
  g->f.block_depth--;
  g->f.nopen--;
  g->line = block_end_line(g, b, follow);
  return falls;
}

// A value (its descriptor e) stored to the local named by node `name`,
// declared on its first assignment, of type `type` from then on; a sum of the local and a constant or a local stores itself
// (ADD_INT_LK_ST, ...). `checked`: a new local may be read unassigned.
DEVFN void store_name(Code* g, int32_t name, int32_t type, ExpDesc* e, int checked, int32_t serial) {
  CodeLocal* l = starts_variable(g, name) ? 0 : local_of(g, name);
  if (!l) l = declare(g, name, type, checked);
  if (!l) return;
  l->type = type;
  int bound = l->bound_in && open_block(g, l->bound_in);
  if (e->kind == EK_INSN && e->op0 < 0 && (!l->checked || bound) && GETARG(e->arg, A) == l->slot &&
      type_fits(ctypes(g), l->type, e->type)) {
    int st = e->op == OP_ADD_INT_LK ? OP_ADD_INT_LK_ST : e->op == OP_SUB_INT_LK ? OP_SUB_INT_LK_ST
           : e->op == OP_ADD_INT_LL ? OP_ADD_INT_LL_ST : -1;
    if (st >= 0) {
      int32_t line = g->line;
      g->line = e->line;
      put(g, st, e->arg);
      g->line = line;
      g->f.depth -= 1;
      return;
    }
  }
  discharge(g, e);
  coerce(g, l->type, e->type);
  store_local(g, l, serial);
}

// A RETURN, chained into its function's list: memoization makes it a
// MEMO_RETURN (finish_program).
DEV void emit_return(Code* g) {
  MemoFn* f = &g->funcs[g->f.fn];
  int32_t pc = emit0(g, OP_RETURN);
  g->out->code[pc] = INSN(OP_RETURN, f->returns);
  f->returns = pc;
}

DEV int entry_may_be_none(const Code* g, int32_t ret) {
  return ret != T_NONE && !is_opt(ctypes(g), ret) && g->f.fn == g->s->entry;
}

// return_stmt := 'return' [expression]      (`return None` is bare)
DEVFN int return_stmt(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  const TypeTable* tt = ctypes(g);
  int32_t ret = g->s->funcs[g->f.fn].ret;
  const Node* v = n->a >= 0 ? cnode(g, n->a) : 0;
  g->line = n->end;
  if (!v || (v->kind == ND_CONST && v->op == TK_NONE)) {
    if (entry_may_be_none(g, ret)) { emit(g, OP_RAISE, ST_WRONG_ANSWER); return 0; }  // None from the entry: a wrong answer
    emit(g, OP_CONST, const_word(g, 0));
    emit_return(g);
    return 0;
  }
  int want = is_tuple(tt, ret) && v->kind == ND_TUPLE;  // the display takes the function's tuple type
  ExpDesc e = want ? tuple_display(g, n->a, ret) : expr(g, n->a);
  discharge(g, &e);
  int32_t t = e.type;
  g->line = n->end;
  if (g->f.fn == g->s->entry && none_or_result(tt, ret, t)) {
    emit0(g, OP_DUP);  // the entry returns None where its type says T: CPython's None is a wrong answer
    int32_t ok = emit(g, OP_JUMP_IF_TRUE, 0);
    emit(g, OP_RAISE, ST_WRONG_ANSWER);
    patch_here(g, ok);
    unwrap(g, t);
    t = elem_of(tt, t);
  }
  coerce(g, ret, t);
  emit_return(g);
  return 0;
}

// Whether an if's branch never runs (sema.h, TY_DEAD_BRANCH): nothing of it is emitted.
DEV int dead_branch(const Code* g, int32_t b) { return g->s->ty[b] == TY_DEAD_BRANCH; }

// if_stmt := 'if' expression block ('elif' expression block)* ['else' block]
// A test that is an `and` chain entire jumps out at its first false
// operand; one that is an `or` chain entire jumps into the block at its
// first true one.
DEVFN int if_stmt(Code* g, int32_t i, int32_t follow) {
  int32_t ends = -1;  // a jump list
  int falls = 0, has_else = 0;
  for (int32_t clause = i; clause >= 0 && !code_failed(g);) {
    const Node* n = cnode(g, clause);
    if (clause != i && name_error_of(g, clause) >= 0) {  // an elif that raises: an else that cannot fall through
      raise_name_error(g, clause, name_error_of(g, clause));
      has_else = 1;
      break;
    }
    int32_t orelse = cx(g, n->b + 1), body = cx(g, n->b);
    const Node* test = cnode(g, n->a);
    int32_t falses = -1, trues = -1;
    int mode = test->kind != ND_BOOLOP ? LOGIC_VALUE : test->op == TK_AND ? LOGIC_AND_JUMPS : LOGIC_OR_JUMPS;
    ExpDesc e = mode == LOGIC_VALUE ? cond(g, n->a) : logic(g, n->a, mode, mode == LOGIC_AND_JUMPS ? &falses : &trues);
    g->line = test->end;
    int32_t next = jump_if_false(g, &e);
    patch_list(g, trues);
    int32_t after = orelse < 0 ? follow : cnode(g, orelse)->kind == ND_IF ? cnode(g, orelse)->line : else_keyword(g->s, orelse).line;
    if (!dead_branch(g, body) && block(g, body, after)) falls = 1;
    int dead_else = orelse >= 0 && dead_branch(g, orelse);
    if (orelse >= 0 && !dead_else) ends = jump_list_add(g, ends, OP_JUMP);
    patch_here(g, next);
    patch_list(g, falses);
    if (dead_else) {  // the test is always true: the statement falls where its body does
      has_else = 1;
      break;
    }
    if (orelse >= 0 && cnode(g, orelse)->kind == ND_BLOCK) {
      has_else = 1;
      if (block(g, orelse, follow)) falls = 1;
      break;
    }
    clause = orelse;
  }
  patch_list(g, ends);
  return falls || !has_else;
}

DEV CodeLoop* loop_begin(Code* g, int32_t head) {
  if (g->f.nloops >= MAX_LOOPS) { refuse(g, head); return 0; }
  CodeLoop* l = &g->f.loops[g->f.nloops++];
  l->head = head; l->breaks = -1; l->broke = 0;
  return l;
}
// Close the innermost loop after its natural exit: its else block (where
// break and continue are an enclosing loop's), then its breaks past it.
DEVFN int loop_end(Code* g, int32_t orelse, int32_t follow) {
  CodeLoop l = g->f.loops[--g->f.nloops];
  int falls = orelse < 0 || block(g, orelse, follow);
  patch_list(g, l.breaks);
  return falls;
}

// while_stmt := 'while' expression block ['else' block]
DEVFN int while_stmt(Code* g, int32_t i, int32_t follow) {
  const Node* n = cnode(g, i);
  const Node* test = cnode(g, n->a);
  int forever = (test->kind == ND_CONST && test->op == TK_TRUE) || (test->kind == ND_INT && node_bits(test) != 0);
  int32_t head = g->out->n_code, falses = -1, orelse = cx(g, n->b + 1);
  int and_chain = test->kind == ND_BOOLOP && test->op == TK_AND;
  ExpDesc e = and_chain ? logic(g, n->a, LOGIC_AND_JUMPS, &falses) : cond(g, n->a);
  g->line = test->end;
  int32_t exit = jump_if_false(g, &e);
  int32_t body = g->out->n_code;
  if (!loop_begin(g, head)) return 1;
  block(g, cx(g, n->b), orelse < 0 ? follow : else_keyword(g->s, orelse).line);
  // the test again at the loop's end (emit_loop_test in codegen.h)
  if (!copy_loop_test(g->out, g->line, head, exit, body, falses)) emit_loop(g, head);
  patch_here(g, exit);
  patch_list(g, falses);
  int broke = g->f.loops[g->f.nloops - 1].broke;
  int else_falls = loop_end(g, orelse, follow);
  return (!forever && else_falls) || broke;
}

// range_args := '(' expression [',' expression [',' expression]] ')'
// start, stop and step pushed
DEVFN void range_args(Code* g, int32_t call) {
  const Node* c = cnode(g, call);
  for (int32_t k = 0; k < c->n && !code_failed(g); k++) {
    ExpDesc e = expr(g, cx(g, c->b + k));
    if (is_opt(ctypes(g), e.type)) refuse(g, call);
    discharge(g, &e);
  }
  g->line = c->end;
  if (c->n == 1) { emit(g, OP_CONST, const_word(g, 0)); emit0(g, OP_SWAP); }
  if (c->n < 3) emit(g, OP_CONST, const_word(g, 1));
}

// seq_arg := expression      a str or list argument of enumerate or zip,
// pushed; its item type into *elem, and whether it is a str
// pushed; its type
DEVFN int seq_arg(Code* g, int32_t arg, int32_t* elem) {
  ExpDesc it = iterator_call(g, arg, elem);  // range, reversed, map, filter: made lists
  if (*elem != -1) { discharge(g, &it); return 0; }
  if (dict_iterable(g, arg, 1)) { *elem = iter_elem(g, arg); return 0; }
  ExpDesc e = expr(g, arg);
  discharge(g, &e);
  g->line = cnode(g, arg)->end;
  int32_t t = unwrap_as(g, e.type, ST_TYPE_ERROR);
  *elem = t == T_STR ? T_STR : elem_of(ctypes(g), t);
  if (is_tuple(ctypes(g), t)) {  // a tuple of one item type: a list of them
    emit(g, OP_TUPLE_LIST, ctypes(g)->t[t].n);
    *elem = tuple_common(ctypes(g), t);
  }
  if (is_set(ctypes(g), t)) set_items(g, t, 1, 1);
  return t == T_STR;
}

// iterable := 'range' args | 'reversed' '(' (range | expression) ')'
//           | 'enumerate' '(' expression [',' expression] ')'
//           | 'zip' '(' expression ',' expression ')' | expression
// The loop's set-up, and its instruction into *it.
DEVFN void iterable(Code* g, int32_t iter, Iter* it) {
  const TypeTable* tt = ctypes(g);
  const Node* c = cnode(g, iter);
  int rev = calls_builtin(g, iter, "reversed");
  int32_t x = rev ? cx(g, c->b) : iter;
  it->n = 1;
  it->fn = -1;
  if (!rev && calls_builtin(g, x, "map")) {  // map(fn, xs): fn applied by the head, one item a step
    int str = seq_arg(g, cx(g, c->b + 1), &it->fn_t);
    g->line = c->end;
    int32_t h = new_slots(g, 2);
    emit(g, OP_ITER_INIT, h);
    it->op = str ? OP_FOR_STR : OP_FOR_LIST; it->arg = h; it->fn = cx(g, c->b);
    return;
  }
  if (calls_builtin(g, x, "range")) {
    int32_t d0 = g->f.depth;
    range_args(g, x);
    int32_t h = new_slots(g, 3);
    emit(g, OP_RANGE_INIT, h);
    g->f.depth = d0;
    if (rev) emit(g, OP_RANGE_REV, h);
    it->op = OP_FOR_RANGE; it->arg = h; it->t[0] = T_INT;
  } else if (!rev && calls_builtin(g, x, "enumerate")) {
    int str = seq_arg(g, cx(g, c->b), &it->t[1]);
    if (c->n == 2) {
      int32_t start = cx(g, c->b + 1);
      ExpDesc e = expr(g, cnode(g, start)->kind == ND_KEYWORD ? cnode(g, start)->a : start);
      discharge(g, &e);
    } else {
      emit(g, OP_CONST, const_word(g, 0));
    }
    g->line = c->end;
    int32_t h = new_slots(g, 3);
    emit(g, OP_ENUM_INIT, h);
    it->op = str ? OP_FOR_ENUM_STR : OP_FOR_ENUM_LIST; it->arg = h; it->n = 2; it->t[0] = T_INT;
  } else if (!rev && calls_builtin(g, x, "zip") && zip_starred(g, x)) {  // the list of its tuples, walked
    zip_rows(g, x, &it->t[0]);
    int32_t h = new_slots(g, 2);
    emit(g, OP_ITER_INIT, h);
    it->op = OP_FOR_LIST; it->arg = h;
  } else if (!rev && calls_builtin(g, x, "zip")) {
    it->arg = zip_open_n(g, x, it->t, &it->op);
    it->n = c->n;
  } else if (!rev && finditer_call(g, x)) {  // each re.Match made as the loop reaches it
    it->arg = finditer_open(g, x);
    it->op = OP_FOR_RE; it->t[0] = elem_of(tt, ty(g, x));
  } else {
    const char* other[] = {"enumerate", "zip", "reversed"};
    for (int32_t k = 0; k < 3; k++) if (calls_builtin(g, x, other[k])) refuse(g, x);
    if (code_failed(g)) return;
    if (!rev && dict_iterable(g, x, 1)) {
      int32_t h = new_slots(g, 2);
      emit(g, OP_ITER_INIT, h);
      it->op = OP_FOR_LIST; it->arg = h; it->t[0] = iter_elem(g, x);
      g->line = c->end;
      return;
    }
    ExpDesc e = expr(g, x);
    discharge(g, &e);
    g->line = cnode(g, x)->end;
    int32_t t = unwrap_as(g, e.type, ST_TYPE_ERROR), elem = t == T_STR ? T_STR : elem_of(tt, t);
    if (is_tuple(tt, t)) {  // a tuple of one item type: iterated as a list of them
      emit(g, OP_TUPLE_LIST, tt->t[t].n);
      elem = tuple_common(tt, t);
    }
    if (is_set(tt, t)) set_items(g, t, 1, 1);
    int32_t h = new_slots(g, 2);
    int list = t != T_STR;
    emit(g, list && rev ? OP_LIST_REV_INIT : OP_ITER_INIT, h);
    it->op = list ? (rev ? OP_FOR_LIST_REV : OP_FOR_LIST) : (rev ? OP_FOR_STR_REV : OP_FOR_STR);
    it->arg = h; it->t[0] = elem;
  }
  g->line = c->end;
}

// targets := NAME (',' NAME)* | '(' targets ')'      their NAME nodes; the count
DEVFN int32_t loop_targets(Code* g, int32_t target, int32_t* names) {
  const Node* t = cnode(g, target);
  if (t->kind == ND_GROUP) return loop_targets(g, t->a, names);
  if (t->kind == ND_NAME) { names[0] = target; return 1; }
  for (int32_t k = 0; k < t->n && k < MAX_TARGETS; k++) names[k] = cx(g, t->a + k);
  return t->n;
}

// The loop's head, then each step's values stored to the targets (a tuple
// or list item unpacked over several), last first: the loop variables may
// be read unassigned after the loop (the body may run no time), so they
// are checked locals, bound in the body (block `serial`); a
// comprehension's (fresh) are new locals of their own. One variable of
// a range, str or list loop is stored by the head itself (FOR_*_ST).
DEVFN int32_t loop_head(Code* g, const Iter* it, const int32_t* names, int32_t n, int32_t serial, int fresh) {
  const TypeTable* tt = ctypes(g);
  if (n == 1 && it->n == 1) {
    CodeLocal* l = fresh || starts_variable(g, names[0]) ? 0 : local_of(g, names[0]);
    if (!l) l = declare(g, names[0], ty(g, names[0]), !fresh);
    if (!l) return 0;
    l->type = ty(g, names[0]);
    int mark = l->checked && !(l->bound_in && open_block(g, l->bound_in));
    int op = it->op, st = op == OP_FOR_RANGE ? OP_FOR_RANGE_ST : op == OP_FOR_STR ? OP_FOR_STR_ST
           : op == OP_FOR_LIST ? OP_FOR_LIST_ST : -1;
    int32_t head;
    if (st >= 0 && it->fn < 0 && FITS(A, it->arg) && FITS(B, l->slot)) {
      head = put(g, st, SETARG(A, it->arg) | SETARG(B, l->slot) | SETARG(FLAG, mark));
      stack_adjust(g, 1);  // the item, stored by the head itself
      g->f.depth -= 1;
    } else {
      head = emit(g, op, it->arg);
      if (it->fn >= 0) apply_fn(g, it->fn, it->fn_t);  // map(fn, xs): what fn makes of xs's item
      emit(g, mark ? OP_STORE_MARK : OP_STORE, l->slot);
    }
    if (mark) l->bound_in = serial;
    return head;
  }
  int32_t head = zip_head(g, it->op, it->arg, it->n);
  int32_t t0 = it->fn >= 0 ? apply_fn(g, it->fn, it->fn_t) : it->t[0], types[MAX_TARGETS];
  if (n == 1) {  // enumerate() or zip() to one name: a tuple each step
    emit_count(g, OP_TUPLE_NEW, it->n);
    types[0] = ty(g, names[0]);
  } else {
    for (int32_t k = 0; k < n; k++) types[k] = it->n == n ? it->t[k] : is_tuple(tt, t0) ? tt->t[t0].items[k] : elem_of(tt, t0);
    if (it->n == 1) emit_count(g, is_tuple(tt, t0) ? OP_UNPACK_TUPLE : OP_UNPACK_LIST, n);
  }
  for (int32_t k = n - 1; k >= 0 && !code_failed(g); k--) {
    if (fresh) {  // a new local, shadowing one of its name
      CodeLocal* l = declare(g, names[k], ty(g, names[k]), 0);
      if (l) emit(g, OP_STORE, l->slot);
      continue;
    }
    ExpDesc e = pushed(g, types[k]);
    store_name(g, names[k], ty(g, names[k]), &e, 1, serial);
  }
  return head;
}

// The end of a loop whose head is at `head`: a head that stores its item
// steps itself here (FOR_*_NEXT), one dispatch a round instead of LOOP
// back to it; the loop's exit is right after.
DEV void loop_end_jump(Code* g, int32_t head) {
  int32_t w = g->out->code[head];
  int next = INSN_OP(w) == OP_FOR_RANGE_ST ? OP_FOR_RANGE_NEXT : INSN_OP(w) == OP_FOR_STR_ST ? OP_FOR_STR_NEXT
           : INSN_OP(w) == OP_FOR_LIST_ST ? OP_FOR_LIST_NEXT : -1;
  if (next < 0) { emit_loop(g, head); return; }
  int32_t pc = emit(g, next, INSN_ARG(w));
  g->out->code[pc + 1] = (head + 2) - (pc + 2);
}

// for_stmt := 'for' targets 'in' iterable block ['else' block]
DEVFN int for_stmt(Code* g, int32_t i, int32_t follow) {
  const Node* n = cnode(g, i);
  int32_t names[MAX_TARGETS + 1], orelse = cx(g, n->b + 1);
  int32_t count = loop_targets(g, cx(g, n->a), names);
  for (int32_t k = 0; k < count; k++) if (cnode(g, names[k])->kind != ND_NAME) { refuse(g, i); return 1; }
  Iter it;
  iterable(g, cx(g, n->a + 1), &it);
  if (code_failed(g)) return 1;
  int32_t head = loop_head(g, &it, names, count, g->f.block_serial + 1, 0);  // the body's serial
  if (!loop_begin(g, head)) return 1;
  block(g, cx(g, n->b), orelse < 0 ? follow : else_keyword(g->s, orelse).line);
  loop_end_jump(g, head);
  patch_here(g, head);
  int broke = g->f.loops[g->f.nloops - 1].broke;
  int else_falls = loop_end(g, orelse, follow);
  return else_falls || broke;
}

// An item or slice target obj[...] pushed as a reader of the source left it:
// it read the target as a value, then took the read back (a local list
// and a bare index out of the read's fields, pushed; a read naming the
// local, LIST_GET_L, the index first and the list swapped under it; a
// slice's list and bounds). Returns the list's type, or T_BAD.
DEVFN int32_t item_target(Code* g, int32_t target) {
  const Node* n = cnode(g, target);
  const TypeTable* tt = ctypes(g);
  ExpDesc obj = expr(g, n->a);
  int32_t index = n->b;
  if (code_failed(g)) return T_BAD;
  if (is_dict(tt, obj.type)) {  // [d k]
    discharge(g, &obj);
    ExpDesc key = expr(g, index);
    discharge(g, &key);
    g->line = n->end;
    return obj.type;
  }
  if (!is_list(tt, obj.type)) { refuse(g, target); return T_BAD; }
  int checked_index = cnode(g, index)->kind == ND_NAME && !bare(g, index) && local_of(g, index) &&
                      !narrowed(g, local_of(g, index), index);
  if (obj.kind == EK_LOCAL && bare(g, index)) {  // the read's LIST_GET_LK or _LL, taken apart at its ']'
    ExpDesc x = expr(g, index);
    int fused = FITS(A, obj.info) && (x.kind == EK_LOCAL ? FITS(B, x.info) : x.kind == EK_CONST && FITS(K, x.info));
    if (fused) obj.line = x.line = n->end;
    discharge(g, &obj);
    discharge(g, &x);
    g->line = n->end;
    return obj.type;
  }
  int keep = obj.kind == EK_LOCAL && !checked_index;
  int st = keep ? straight(g, index) : 1;
  if (st < 0) { refuse(g, index); return T_BAD; }
  if (!keep || !st) discharge(g, &obj);
  ExpDesc x = expr(g, index);
  discharge(g, &x);
  g->line = n->end;
  if (obj.kind == EK_LOCAL) {  // the read's LIST_GET_L taken apart at its ']'
    obj.line = n->end;
    discharge(g, &obj);
    emit0(g, OP_SWAP);
  }
  return obj.type;
}
// The slice target obj[lo:hi:step] pushed (its list and bounds); the
// bounds' selector into *sel. Returns the list's type.
DEVFN int32_t slice_target(Code* g, int32_t target, int32_t* sel) {
  const Node* n = cnode(g, target);
  ExpDesc obj = expr(g, n->a);
  if (code_failed(g)) return T_BAD;
  *sel = slice_bounds(g, target, &obj);
  return obj.type;
}

// The value in local tmp (or, tmp < 0, under the target) stored to the
// slice target pushed: [v l lo hi step] -> [l lo hi step v] through hidden locals.
DEVFN void store_slice(Code* g, int32_t sel, int32_t tmp) {
  if (tmp < 0) {
    int32_t h = new_slots(g, 5);
    for (int32_t k = 3; k >= 0; k--) emit(g, OP_STORE, h + k);
    emit(g, OP_STORE, h + 4);
    for (int32_t k = 0; k < 5; k++) emit(g, OP_LOAD, h + k);
  } else {
    emit(g, OP_LOAD, tmp);
  }
  emit(g, OP_LIST_SLICE_SET, sel);
}

// A value of type vt on top of an item target pushed: stored (LIST_SET).
// (A dict's: DICT_SET, its key's selector from the key's type, ktype.)
DEV void set_item(Code* g, int32_t list, int32_t vt, int32_t ktype = T_INT) {
  int dict = is_dict(ctypes(g), list);
  coerce(g, dict ? value_of(ctypes(g), list) : elem_of(ctypes(g), list), vt);
  if (dict) emit(g, OP_DICT_SET, set_sel(g, ktype));
  else emit0(g, OP_LIST_SET);
}

// The value (discharged first) stored to the item or slice target, tmp: a
// local holding it (a statement of several targets), or -1: on the stack.
DEVFN void store_target(Code* g, int32_t target, ExpDesc* value, int32_t tmp) {
  discharge(g, value);
  if (cnode(g, cnode(g, target)->b)->kind == ND_SLICE) {
    int32_t sel;
    slice_target(g, target, &sel);
    g->line = cnode(g, target)->end;
    store_slice(g, sel, tmp);
    return;
  }
  int32_t list = item_target(g, target);
  if (list == T_BAD) return;
  if (tmp >= 0) emit(g, OP_LOAD, tmp);
  else { emit0(g, OP_ROT3); emit0(g, OP_ROT3); }  // [v l i] -> [l i v]
  set_item(g, list, value->type, ty(g, cnode(g, target)->b));
}

// `a, b = map(f, xs)` (sema_stmt.h, unpacks_map): the list of f(x) for x
// in xs[:n + 1], pushed; its type.
DEVFN int32_t unpacked_map(Code* g, int32_t call, int32_t n) {
  const Node* c = cnode(g, call);
  int32_t elem = iterable_arg(g, cx(g, c->b + 1), 0, call);
  if (code_failed(g)) return T_BAD;
  g->line = c->end;
  emit(g, OP_CONST, const_word(g, INT64_MIN_));
  emit(g, OP_CONST, const_word(g, n + 1));
  emit(g, OP_CONST, const_word(g, INT64_MIN_));
  emit(g, OP_LIST_SLICE, 2);  // xs[:n + 1]
  int32_t items = new_slots(g, 1), keys = new_slots(g, 1);
  emit(g, OP_STORE, items);
  map_list(g, cx(g, c->b), items, keys, elem, c->line);
  emit(g, OP_LOAD, keys);
  return g->s->ty[call] & ~TY_UNPACKED_MAP;
}

// rhs := expression (',' expression)*      n values pushed for n targets (a
// display's items, or a tuple or list unpacked); their types into ts
DEVFN void rhs_values(Code* g, int32_t value, int32_t n, int32_t* ts) {
  const TypeTable* tt = ctypes(g);
  const Node* v = cnode(g, value);
  if (v->kind == ND_TUPLE && !v->op) {
    for (int32_t k = 0; k < v->n; k++) {
      ExpDesc e = expr(g, cx(g, v->a + k));
      discharge(g, &e);
      ts[k] = e.type;
    }
    return;
  }
  ExpDesc e;
  if (g->s->ty[value] >= 0 && (g->s->ty[value] & TY_UNPACKED_MAP)) e = pushed(g, unpacked_map(g, value, n));
  else e = expr(g, value);
  discharge(g, &e);
  g->line = v->end;
  int tuple = is_tuple(tt, e.type);
  if (!tuple && !is_seq(tt, e.type)) { refuse(g, value); return; }
  emit_count(g, tuple ? OP_UNPACK_TUPLE : OP_UNPACK_LIST, n);
  for (int32_t k = 0; k < n; k++) ts[k] = tuple ? tt->t[e.type].items[k] : elem_of(tt, e.type);
}

// assign_stmt := target (',' target)* '=' rhs      target := NAME | postfix '[' expression ']'
// As CPython: the right side first, then the targets from left to right;
// names alone are stored last first, straight from the stack, else each
// value goes through a hidden local to its target.
DEVFN void assign_stmt(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t target = cx(g, n->a), value = cx(g, n->a + 1);
  const Node* tn = cnode(g, target);
  int checked = g->f.block_depth > 0;
  int32_t before = g->line;  // the token before the statement's, where a reader of the source went back
  if (n->n > 2) {  // a = b = v: v stored to each name, left to right
    ExpDesc e = expr(g, cx(g, n->a + n->n - 1));
    discharge(g, &e);
    g->line = n->line;
    for (int32_t k = 0; k + 1 < n->n && !code_failed(g); k++) {
      if (k + 2 < n->n) emit0(g, OP_DUP);
      ExpDesc x = pushed(g, e.type);
      store_name(g, cx(g, n->a + k), ty(g, cx(g, n->a + k)), &x, checked, this_block(g));
    }
    return;
  }
  if (tn->kind == ND_NAME || tn->kind == ND_SUBSCRIPT) {
    ExpDesc e = expr(g, value);
    g->line = n->line;  // the '=': a reader of the source read the target again up to it
    if (tn->kind == ND_NAME) store_name(g, target, ty(g, target), &e, checked, this_block(g));
    else { g->line = cnode(g, value)->end; store_target(g, target, &e, -1); }
    return;
  }
  if (tn->kind != ND_TUPLE && tn->kind != ND_LIST) { refuse(g, i); return; }
  int names = 1;
  for (int32_t k = 0; k < tn->n; k++) {
    int kind = cnode(g, cx(g, tn->a + k))->kind;
    if (kind != ND_NAME && kind != ND_SUBSCRIPT) { refuse(g, i); return; }
    names &= kind == ND_NAME;
  }
  int32_t ts[MAX_TARGETS], count = tn->n;
  if (count > 1 && !names) {
    rhs_values(g, value, count, ts);
    int32_t tmp = new_slots(g, count);
    g->line = before;
    for (int32_t k = count - 1; k >= 0; k--) emit(g, OP_STORE, tmp + k);
    for (int32_t k = 0; k < count && !code_failed(g); k++) {
      int32_t x = cx(g, tn->a + k);
      ExpDesc e = pushed(g, ts[k]);
      if (cnode(g, x)->kind == ND_SUBSCRIPT) { store_target(g, x, &e, tmp + k); continue; }
      g->line = cnode(g, x)->line;
      emit(g, OP_LOAD, tmp + k);
      store_name(g, x, ty(g, x), &e, checked, this_block(g));
    }
    return;
  }
  rhs_values(g, value, count, ts);
  g->line = tn->op ? tn->end : n->line;  // the '=', or the ')' of (a, b) = ...
  for (int32_t k = count - 1; k >= 0 && !code_failed(g); k--) {
    ExpDesc e = pushed(g, ts[k]);
    store_name(g, cx(g, tn->a + k), ty(g, cx(g, tn->a + k)), &e, checked, this_block(g));
  }
}

// annotated := NAME ':' type ['=' expression]      a new local may be read
// unassigned (a bare annotation binds nothing)
DEVFN void annotated_stmt(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t value = cx(g, n->b + 1);
  if (cnode(g, n->a)->kind != ND_NAME) { refuse(g, i); return; }
  CodeLocal* l = local_of(g, n->a);
  if (!l) l = declare(g, n->a, ty(g, n->a), 1);
  if (!l || value < 0) return;
  int want = is_tuple(ctypes(g), l->type) && cnode(g, value)->kind == ND_TUPLE;  // it takes the annotation's tuple type
  ExpDesc e = want ? tuple_display(g, value, l->type) : expr(g, value);
  g->line = cnode(g, value)->end;
  store_name(g, n->a, l->type, &e, 1, this_block(g));
}

// Whether expression i, not bare, leaves a constant not emitted (len of a
// tuple, x is None of a non-Optional x, int()): what uses it takes it in
// its field (ADD_INT_K) as it would a literal.
DEVFN int yields_const(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  const TypeTable* tt = ctypes(g);
  if (n->kind == ND_GROUP) return yields_const(g, n->a);
  if (n->kind == ND_ATTR) return math_module(g, n->a) || lib_module(g, n->a);
  if (n->kind == ND_COMPARE && n->n == 3) {
    int op = cnode(g, cx(g, n->a + 1))->op;
    int32_t a = ty(g, cx(g, n->a)), b = ty(g, cx(g, n->a + 2));
    int none = op == TK_IS || op == CMP_IS_NOT || op == TK_EQEQ || op == TK_NE;
    return none && b == T_NONE && (a == T_NONE || !is_opt(tt, a)) && (op == TK_IS || op == TK_EQEQ);
  }
  if (n->kind != ND_CALL || cnode(g, n->a)->kind != ND_NAME || local_of(g, n->a) || find_callee(g, n->a) >= 0) return 0;
  if (n->n == 0) return node_is(g->s, n->a, "int") || node_is(g->s, n->a, "float") || node_is(g->s, n->a, "bool");
  return n->n == 1 && node_is(g->s, n->a, "len") && is_tuple(tt, ty(g, cx(g, n->b)));
}

// list_iadd := '+=' expression | '*=' expression      on the list pushed:
// xs += ys extends the list itself and xs *= n repeats it (every alias
// sees it); xs += [x] appends x, with no one-item list made
DEVFN void list_aug(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t value = n->b;
  while (cnode(g, value)->kind == ND_GROUP) value = cnode(g, value)->a;
  const Node* v = cnode(g, value);
  if (n->op == TK_STAR_EQ) {
    ExpDesc e = expr(g, n->b);
    discharge(g, &e);
    g->line = cnode(g, n->b)->end;
    unwrap_as(g, e.type, ST_TYPE_ERROR);
    emit0(g, OP_LIST_IREPEAT);
    return;
  }
  if (v->kind == ND_LIST && v->n == 1 && cnode(g, cx(g, v->a))->kind != ND_STARRED) {
    ExpDesc e = expr(g, cx(g, v->a));
    discharge(g, &e);
    g->line = cnode(g, n->b)->end;
    emit0(g, OP_LIST_APPEND);
    return;
  }
  ExpDesc e = expr(g, n->b);
  discharge(g, &e);
  g->line = cnode(g, n->b)->end;
  if (e.type == T_STR) emit0(g, OP_LIST_OF_STR);
  emit0(g, OP_LIST_EXTEND);
}

// aug_item := postfix '[' expression ']' augop expression      the item read,
// changed and stored back (a list item extended in place, then stored)
DEVFN void aug_item(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  const TypeTable* tt = ctypes(g);
  if (cnode(g, cnode(g, n->a)->b)->kind == ND_SLICE) { refuse(g, i); return; }
  int32_t list = item_target(g, n->a);
  if (list == T_BAD) return;
  int dict = is_dict(tt, list);
  int32_t elem = dict ? value_of(tt, list) : elem_of(tt, list), kind = aug_to_binary(n->op);
  int32_t ktype = ty(g, cnode(g, n->a)->b);
  g->line = n->line;  // past the operator
  emit0(g, OP_DUP2);
  if (dict) dict_read(g, list, ktype);
  else emit0(g, OP_LIST_GET);
  if (is_list(tt, elem) && (n->op == TK_PLUS_EQ || n->op == TK_STAR_EQ)) {
    emit0(g, OP_DUP);
    list_aug(g, i);
    set_item(g, list, elem, ktype);
    return;
  }
  ExpDesc x = pushed(g, elem);
  ExpDesc e = binary(g, i, kind, &x, n->b, ty(g, i));  // its type: the type pass's
  discharge(g, &e);
  g->line = n->end;
  set_item(g, list, e.type, ktype);
}

// aug_name := NAME augop expression      an int sum or difference with
// straight-line code on the right stores itself (ADD_INT_ST, SUB_INT_ST)
DEVFN void aug_stmt(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  const TypeTable* tt = ctypes(g);
  if (cnode(g, n->a)->kind == ND_SUBSCRIPT) { aug_item(g, i); return; }
  if (cnode(g, n->a)->kind != ND_NAME) { refuse(g, i); return; }
  CodeLocal* l = local_of(g, n->a);
  if (!l || is_opt(tt, l->type)) { refuse(g, i); return; }
  int kind = aug_to_binary(n->op);
  g->line = n->line;  // the operator's: a reader of the source is past it
  ExpDesc x;
  if (surely_bound(g, l)) x = desc(g, EK_LOCAL, l->slot, l->type);
  else { emit(g, OP_LOAD_CHECKED, l->slot); x = pushed(g, l->type); }
  if (is_list(tt, l->type) && (n->op == TK_PLUS_EQ || n->op == TK_STAR_EQ)) {
    discharge(g, &x);
    list_aug(g, i);
    return;
  }
  if (is_set(tt, l->type) && set_update_op(n->op) >= 0) {  // in place, of a set o (sema_set.h, set_in_place)
    discharge(g, &x);
    ExpDesc o = expr(g, n->b);
    discharge(g, &o);
    g->line = n->end;
    emit(g, OP_SET_UPDATE, set_sel(g, o.type) | (1 | set_update_op(n->op) << 1) << SETSEL_SHIFT);
    return;
  }
  int self = x.kind == EK_LOCAL && intlike_t(l->type) && (kind == TK_PLUS || kind == TK_MINUS) && !bare(g, n->b) &&
             !yields_const(g, n->b);
  int st = self ? straight(g, n->b) : 0;
  if (st < 0) { refuse(g, n->b); return; }
  if (self && st && intlike_t(ty(g, n->b))) {
    ExpDesc r = expr(g, n->b);
    discharge(g, &r);
    g->line = n->end;
    g->f.depth -= 1;  // the local is read by the operation itself
    emit(g, kind == TK_PLUS ? OP_ADD_INT_ST : OP_SUB_INT_ST, l->slot);
    return;
  }
  ExpDesc e = binary(g, i, kind, &x, n->b, l->type == T_NUM ? ty(g, i) : l->type);  // an int | float: stored as one
  g->line = n->end;
  store_name(g, n->a, l->type, &e, 0, this_block(g));
}

// del_stmt := 'del' target (',' target)*      left to right (sema_stmt.h):
// a list's item popped and dropped, a slice given [], a dict's key popped
// and dropped, each raising where CPython's does (IndexError, KeyError)
DEVFN void del_stmt(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  const TypeTable* tt = ctypes(g);
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    int32_t target = cx(g, n->a + k);
    while (cnode(g, target)->kind == ND_GROUP) target = cnode(g, target)->a;
    const Node* t = cnode(g, target);
    ExpDesc obj = expr(g, t->a);
    discharge(g, &obj);
    if (code_failed(g)) return;
    g->line = cnode(g, t->a)->end;
    int32_t ot = unwrap_as(g, obj.type, ST_TYPE_ERROR);  // (del None[i]: TypeError)
    if (cnode(g, t->b)->kind == ND_SLICE) {
      int32_t sel = slice_bounds(g, target, &obj);
      g->line = t->end;
      emit_count(g, OP_LIST_NEW, 0);
      emit(g, OP_LIST_SLICE_SET, sel);
      continue;
    }
    ExpDesc key = expr(g, t->b);
    discharge(g, &key);
    g->line = t->end;
    if (is_dict(tt, ot)) emit(g, OP_DICT_POP, set_sel(g, key.type));
    else emit0(g, OP_LIST_POP);
    emit0(g, OP_POP);
  }
}

// assert_stmt := 'assert' expression [',' expression]      the message is
// evaluated only on failure
DEVFN void assert_stmt(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  ExpDesc e = cond(g, n->a);
  discharge(g, &e);
  g->line = cnode(g, n->a)->end;
  int32_t ok = emit(g, OP_JUMP_IF_TRUE, 0);
  if (n->b >= 0) {
    ExpDesc m = expr(g, n->b);
    discharge(g, &m);
    g->line = cnode(g, n->b)->end;
    emit0(g, OP_POP);
  }
  emit(g, OP_RAISE, ST_ASSERTION_ERROR);
  patch_here(g, ok);
}

// raise_stmt := 'raise' NAME ['(' args ')']      for the exception classes the
// VM reports: the arguments evaluated (they may raise first) and dropped
DEVFN int raise_stmt(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t e = n->a, name = cnode(g, e)->kind == ND_CALL ? cnode(g, e)->a : e;
  int32_t st = raise_status(g->s, name);
  g->line = cnode(g, e)->end;
  if (cnode(g, e)->kind == ND_CALL) {
    int32_t ts[MAX_PARAMS];
    int32_t count = call_args(g, e, ts, 0);
    for (int32_t k = 0; k < count; k++) emit0(g, OP_POP);
  }
  emit(g, OP_RAISE, st);
  return 0;
}

// A loop's break or continue.
DEV int loop_jump(Code* g, int32_t i) {
  CodeLoop* l = &g->f.loops[g->f.nloops - 1];
  g->line = cnode(g, i)->line;
  if (cnode(g, i)->kind == ND_CONTINUE) { emit_loop(g, l->head); return 0; }
  l->breaks = list_link(g->out, emit(g, OP_JUMP, 0), l->breaks);
  l->broke = 1;
  return 0;
}

DEVFN void funcdef(Code* g, int32_t fi, int32_t follow);

// nested_def := funcdef inside a function: placed inline and jumped over,
// with the enclosing function's state saved while it is generated; its
// name is the enclosing function's from its def statement on.
DEVFN void nested_def(Code* g, int32_t i, int32_t follow) {
  int32_t fi = 0;
  while (fi < g->s->nfuncs && g->s->funcs[fi].def != i) fi++;
  if (g->s->funcs[fi].infer == INFER_WAITING) { g->defined |= 1u << fi; return; }  // never called: no code
  int32_t over = emit(g, OP_JUMP, 0);
  g->saved = g->f;
  funcdef(g, fi, follow);
  g->f = g->saved;
  patch_here(g, over);
  g->defined |= 1u << fi;
}

// One statement of a function's body; follow: the line of the token after it.
DEVFN int stmt(Code* g, int32_t i, int32_t follow) {
  const Node* n = cnode(g, i);
  if (code_failed(g)) return 1;
  switch (n->kind) {
    case ND_PASS: return 1;
    case ND_EXPR: {
      if (cnode(g, n->a)->kind == ND_STR && cnode(g, n->a)->n == 1) return 1;  // a docstring: no code
      ExpDesc e = expr(g, n->a);
      g->line = cnode(g, n->a)->end;
      drop(g, &e);
      return 1;
    }
    case ND_RETURN: return return_stmt(g, i);
    case ND_ASSIGN: assign_stmt(g, i); return 1;
    case ND_AUGASSIGN: aug_stmt(g, i); return 1;
    case ND_ANNASSIGN: annotated_stmt(g, i); return 1;
    case ND_DEF: nested_def(g, i, follow); return 1;
    case ND_IF: return g->f.fn == g->s->nfuncs && main_guard(g->s, i) ? 1 : if_stmt(g, i, follow);
    case ND_WHILE: return while_stmt(g, i, follow);
    case ND_FOR: return for_stmt(g, i, follow);
    case ND_ASSERT: assert_stmt(g, i); return 1;
    case ND_DEL: del_stmt(g, i); return 1;
    case ND_BREAK: case ND_CONTINUE: return loop_jump(g, i);
    case ND_RAISE: return raise_stmt(g, i);
    case ND_TRY: return try_stmt(g, i, follow);
    case ND_IMPORT:  // the function's own: math's names from here on (no code)
      if (node_is(g->s, cx(g, n->a), "math")) g->f.fn_math = 1;
      if (node_is(g->s, cx(g, n->a), "re")) g->f.fn_re = 1;
      return 1;
    case ND_FROM:
      for (int32_t k = 0; k < n->n && g->f.nfrom_math < MAX_FROM_MATH; k++)
        if (node_is(g->s, n->b, "math")) g->f.from_math[g->f.nfrom_math++] = cx(g, n->a + k);
      return 1;
  }
  refuse(g, i);
  return 1;
}

// ---- functions and the program

// Whether calls of f could be memoized (memo.h): 1 to MEMO_MAX_ARGS
// parameters and a result, all int, bool or float.
DEV int memo_able(const SemaFunc* f) {
  if (f->nparams < 1 || f->nparams > MEMO_MAX_ARGS) return 0;
  if (f->ret != T_INT && f->ret != T_BOOL && f->ret != T_FLOAT) return 0;
  for (int32_t k = 0; k < f->nparams; k++)
    if (f->ptype[k] != T_INT && f->ptype[k] != T_BOOL && f->ptype[k] != T_FLOAT) return 0;
  return 1;
}

// A fresh frame for the code of function fi.
DEV void open_code_frame(Code* g, int32_t fi) {
  CodeFrame* fr = &g->f;
  fr->fn = fi; fr->nlocals = 0; fr->nslots = 0; fr->depth = 0; fr->max_depth = 0; fr->block_depth = -1;
  fr->nloops = 0; fr->nopen = 0; fr->block_serial = 0; fr->fn_math = 0; fr->fn_re = 0; fr->nfrom_math = 0;
}

// The parameters that the body gives the other class of number too (the
// type pass's param_local): made int | float as the call left them.
DEV void widened_params(Code* g, const SemaFunc* f, const Node* d) {
  for (int32_t k = 0; k < f->nparams; k++) {
    int32_t name = cx(g, d->b + k);
    CodeLocal* l = local_of(g, name);
    if (!l || ty(g, name) != T_NUM || f->ptype[k] == T_NUM) continue;
    emit(g, OP_LOAD, l->slot);
    emit(g, OP_NUM_CONV, num_conv_of(f->ptype[k]));
    emit(g, OP_STORE, l->slot);
    l->type = T_NUM;
  }
}

// funcdef := header block      follow: the line of the token after the def
DEVFN void funcdef(Code* g, int32_t fi, int32_t follow) {
  const SemaFunc* f = &g->s->funcs[fi];
  const Node* d = cnode(g, f->def);
  CodeFrame* fr = &g->f;
  open_code_frame(g, fi);
  for (int32_t k = 0; k < f->nparams; k++) declare(g, cx(g, d->b + k), f->ptype[k], 0);
  int32_t pc = g->out->n_code;
  // the token before the ':': the return annotation's last, else the ')', on the ':''s line
  g->line = cx(g, d->a + 1) >= 0 ? cnode(g, cx(g, d->a + 1))->end : cnode(g, cx(g, d->a + 2))->line;
  if (memo_able(f)) g->funcs[fi].memo_pc = emit(g, OP_MEMO_ENTER, 0);
  widened_params(g, f, d);
  int falls = block(g, cx(g, d->a + 2), follow);
  if (falls && !code_failed(g)) {
    // CPython's entry returns None here, which no expected value of its
    // type equals: the lane's answer is wrong, with None as the result
    if (entry_may_be_none(g, f->ret)) emit(g, OP_RAISE, ST_WRONG_ANSWER);
    emit(g, OP_CONST, const_word(g, 0));
    emit_return(g);
  }
  FuncInfo* info = &g->out->funcs[fi];
  info->pc = pc; info->nparams = f->nparams; info->nlocals = fr->nslots; info->max_stack = fr->max_depth;
}

// The STR node a value's first token is in, or -1.
DEV int32_t leading_str(Code* g, int32_t i) {
  for (;;) {
    const Node* n = cnode(g, i);
    switch (n->kind) {
      case ND_STR: return i;
      case ND_BINOP: case ND_SUBSCRIPT: case ND_CALL: case ND_ATTR: i = n->a; break;
      case ND_COMPARE: case ND_BOOLOP: case ND_IFEXP: i = cx(g, n->a); break;
      case ND_TUPLE: if (n->op || n->n == 0) return -1; i = cx(g, n->a); break;
      default: return -1;
    }
  }
}

// A str constant of every module-level `NAME = "..." ...`, made before
// any code, so that every function reads the same object.
DEVFN void module_strings(Code* g) {
  const Node* m = cnode(g, g->s->t->root);
  int32_t end = g->s->module_n ? g->s->module_at - m->a : m->n;  // the module's code has no constants
  for (int32_t k = 0; k < end && !code_failed(g); k++) {
    int32_t st = cx(g, m->a + k);
    const Node* a = cnode(g, st);
    if (a->kind != ND_ASSIGN || cnode(g, cx(g, a->a))->kind != ND_NAME) continue;
    int32_t name = cx(g, a->a), value = cx(g, a->a + 1);
    int32_t before = cnode(g, name)->pos - 1;  // a statement after ';' is not read so
    while (before >= 0 && (g->src[before] == ' ' || g->src[before] == '\t')) before--;
    if (before >= 0 && g->src[before] == ';') continue;
    if (a->n != 2) { refuse(g, st); return; }
    int32_t str = leading_str(g, value);
    if (str < 0) continue;
    for (int32_t q = 0; q < cnode(g, str)->n; q++) {
      Token t;
      const Node* part = cnode(g, cx(g, cnode(g, str)->a + q));
      t.start = part->pos; t.len = part->len; t.flags = part->op;
      if ((part->op & TF_NON_ASCII) || str_decode(g->src, &t, 0) < 0 || q == 8) { refuse(g, str); return; }
    }
    int32_t at = str_const(g, str);
    for (int32_t c = 0; c < g->s->nconsts; c++)
      if (g->s->consts[c].name == name && g->s->consts[c].value == value) g->const_str[c] = at;
  }
}

// The line of the token after module statement k (the end of the source
// after the last one).
DEV int32_t module_follow(Code* g, int32_t k) {
  const Node* m = cnode(g, g->s->t->root);
  return k + 1 < m->n ? stmt_line(g, cx(g, m->a + k + 1)) : g->eof_line;
}

// module_code := statement*      (sema_module) the function every lane
// starts in when the module has code, or when the tests' call of the entry
// fails (Sema.call_fails): its statements, then the entry on the test's
// arguments, which it holds in its first slots as the entry would, and
// whose result it returns; or the call's raise, which CPython's traceback
// places in the tests, no line of the program (line 0).
DEVFN void module_code(Code* g) {
  const Sema* s = g->s;
  int32_t fm = s->nfuncs, nparams = s->call_fails ? signature_arity(s) : s->funcs[s->entry].nparams;
  CodeFrame* fr = &g->f;
  open_code_frame(g, fm);
  g->funcs[fm].callees = 0; g->funcs[fm].memo_pc = -1; g->funcs[fm].returns = -1; g->funcs[fm].nparams = nparams;
  new_slots(g, nparams);
  int32_t pc = g->out->n_code;
  int ran = 1;
  if (s->module_n) {
    g->line = stmt_line(g, cx(g, s->module_at));
    ran = statements(g, s->module_at, s->module_n, g->eof_line) && !code_failed(g);
  }
  if (ran && s->call_fails) {
    g->line = 0;
    emit(g, OP_RAISE, s->call_fails);
  } else if (ran) {
    for (int32_t k = 0; k < nparams; k++) emit(g, OP_LOAD, k);
    g->funcs[fm].callees |= 1u << s->entry;
    emit(g, OP_CALL, s->entry);
    stack_adjust(g, -nparams);
    emit_return(g);
  }
  FuncInfo* info = &g->out->funcs[fm];
  info->pc = pc; info->nparams = nparams; info->nlocals = fr->nslots; info->max_stack = fr->max_depth;
}

// The code pass over a program the type pass typed (s, with its types in
// s->ty), into out, whose header compile_program cleared: 1 when
// generated, 0 with the diagnostic in out->diag (a limit of the code).
DEVFN int code_program(Code* g, const Sema* s, Program* out) {
  g->s = s; g->src = s->src; g->out = out; g->diag = &out->diag; g->line = 1; g->defined = 0;
  g->eof_line = 1;
  g->complex_raises = -1;
  for (int32_t k = 0; k < s->n; k++) g->eof_line += s->src[k] == '\n';
  for (int32_t k = 0; k < MAX_MODULE_CONSTS; k++) g->const_str[k] = -1;
  for (int32_t k = 0; k < MAX_TYPES; k++) g->type_k[k] = -1;
  for (int32_t k = 0; k < s->nfuncs; k++) {
    g->funcs[k].callees = 0; g->funcs[k].memo_pc = -1; g->funcs[k].returns = -1;
    g->funcs[k].nparams = s->funcs[k].nparams;
    FuncInfo* fi = &out->funcs[k];  // (one never called and never typed has no code)
    fi->pc = 0; fi->nparams = s->funcs[k].nparams; fi->nlocals = 0; fi->max_stack = 0;
  }
  module_strings(g);
  const Node* m = cnode(g, s->t->root);
  for (int32_t k = 0; k < m->n && !code_failed(g); k++) {
    int32_t st = cx(g, m->a + k);
    for (int32_t f = 0; f < s->nfuncs; f++)
      if (s->funcs[f].def == st && s->funcs[f].parent < 0 && s->funcs[f].infer != INFER_WAITING)
        funcdef(g, f, module_follow(g, k));
  }
  int wrapped = s->module_n || s->call_fails;  // the lanes start in module_code
  if (wrapped) module_code(g);
  if (code_failed(g)) return 0;
  finish_program(out, g->funcs, s->nfuncs + wrapped, wrapped ? s->nfuncs : s->entry);
  return 1;
}

#include "code_try.h"
