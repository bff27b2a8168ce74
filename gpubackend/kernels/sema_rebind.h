// sema_rebind.h: a name given a value of another type inside a block
// (`for i in word:` after `for i in range(n):`, `i = str(i)` in a loop
// over ints, `date = date.split('-')` under an if) becomes a new variable
// of the name from that store on, where no read can tell the difference.
//
// Both passes resolve a name to the local of that name declared last in
// the source, so after the store S every read in the source resolves to
// the new variable and every read before it to the old one. That is
// CPython's binding wherever each read sees only the values its variable
// holds:
//  - a read after S sees S's value only where S dominates it: the rest of
//    S's block after an assignment, a for loop's body when S is its
//    target. Any other read after S (a sibling branch, after the loop or
//    the if, the loop's else) may see the old value, and is refused.
//  - a read in the else block of S's try statement, S in its body, sees
//    S's value; so does a read after the statement where no handler falls
//    through (`try: m = int(m)` / `except ValueError: return False`), and
//    one after S's if statement where every other branch ends, an else
//    among them. (The passes take a try's else block before its handlers.)
//  - a read before S in a loop around S may see S's value from the last
//    round, unless the old variable is stored again on the way to it: the
//    head of a `for` over the name that holds S, or an assignment to the
//    name earlier in the loop's body (`w = list(word)` ... `w =
//    ''.join(w)`). Refused otherwise, as is a while loop's test that reads
//    the name.
// Reads after S outside the function's top-level statement holding S are
// after S too, up to a top-level assignment to the name, which holds from
// then on whatever it stores. A nested def reads no local of its
// enclosing function, and a comprehension or lambda that binds the name
// reads its own.
#pragma once
#include "sema_undefined.h"

// One walk of a function's statements from the top-level one holding the
// store S, in the order both passes resolve names.
struct RebindWalk {
  const Sema* s;
  int32_t name;    // S's NAME node: the name whose reads are checked
  int32_t store;   // the statement holding S: an ASSIGN, or a FOR with S in its target
  const int32_t* path;  // the statements open around S, outermost first (SemaFrame.stmt_at)
  int32_t npath;
  int after;       // the walk has passed S
  int dominated;   // ... and is where S dominates
  int32_t loop;    // the innermost loop around S that the walk is in, or -1
  int32_t body;    // ... its body
  int loop_binds;  // ... the old variable is stored again before any read here
  int bad;         // a read that would see the other variable's value
};

DEV int block_holds(const Sema* s, int32_t b, int32_t st);
// Whether loop st holds S in its body (not its else block), around S's statement.
DEV int around(const RebindWalk* w, int32_t st, int32_t body) {
  for (int32_t k = 0; k + 1 < w->npath; k++) if (w->path[k] == st) return block_holds(w->s, body, w->path[k + 1]);
  return 0;
}

// A read of the name where the walk stands.
DEV void rebind_read(RebindWalk* w) {
  if (w->after ? !w->dominated : w->loop >= 0 && !w->loop_binds) w->bad = 1;
}

DEVFN void rebind_expr(RebindWalk* w, int32_t i);
DEVFN void rebind_exprs(RebindWalk* w, int32_t at, int32_t n) {
  for (int32_t k = 0; k < n && !w->bad; k++) if (xtra(w->s, at + k) >= 0) rebind_expr(w, xtra(w->s, at + k));
}

// comprehension := item clauses      one whose clauses bind the name reads
// its own after the first iterable, which the enclosing scope evaluates
DEVFN void rebind_comprehension(RebindWalk* w, int32_t i) {
  const Sema* s = w->s;
  const Node* n = nd(s, i);
  for (int32_t k = 0; k < n->n; k++) {
    const Node* c = nd(s, xtra(s, n->b + k));
    if (c->kind == ND_COMPFOR && binds(s, c->a, w->name)) return rebind_expr(w, nd(s, xtra(s, n->b))->b);
  }
  if (n->kind == ND_DICTCOMP) rebind_exprs(w, n->a, 2); else rebind_expr(w, n->a);
  for (int32_t k = 0; k < n->n && !w->bad; k++) {
    const Node* c = nd(s, xtra(s, n->b + k));
    if (c->kind == ND_COMPFOR) rebind_expr(w, c->b);
    else rebind_expr(w, c->a);
  }
}

DEVFN void rebind_expr(RebindWalk* w, int32_t i) {
  const Sema* s = w->s;
  const Node* n = nd(s, i);
  switch (n->kind) {
    case ND_NAME: if (same_text(s, i, w->name)) rebind_read(w); return;
    case ND_INT: case ND_FLOAT: case ND_STR: case ND_STRPART: case ND_FTEXT: case ND_CONST: case ND_OP: return;
    case ND_FSTRING: case ND_TUPLE: case ND_LIST: case ND_SET: case ND_DICT: case ND_BOOLOP: case ND_COMPARE:
      return rebind_exprs(w, n->a, n->n);
    case ND_FIELD: case ND_GROUP: case ND_UNARY: case ND_ATTR: case ND_KEYWORD: case ND_STARRED:
      return rebind_expr(w, n->a);
    case ND_BINOP: case ND_SUBSCRIPT: rebind_expr(w, n->a); return rebind_expr(w, n->b);
    case ND_IFEXP: case ND_SLICE: return rebind_exprs(w, n->a, 3);
    case ND_CALL: rebind_expr(w, n->a); return rebind_exprs(w, n->b, n->n);
    case ND_LISTCOMP: case ND_SETCOMP: case ND_GENEXP: case ND_DICTCOMP: return rebind_comprehension(w, i);
    case ND_LAMBDA:
      for (int32_t k = 0; k < n->n; k++) {
        const Node* p = nd(s, xtra(s, n->b + k));
        if (p->b >= 0) rebind_expr(w, p->b);
        if (same_text(s, xtra(s, n->b + k), w->name)) return;
      }
      return rebind_expr(w, n->a);
  }
  w->bad = 1;  // a form with a store of its own (:=), or one the type pass refuses
}

// A store's target: a NAME stores; an item target reads its object and index.
DEVFN void rebind_target(RebindWalk* w, int32_t t) {
  const Node* n = nd(w->s, t);
  if (n->kind == ND_NAME) return;
  if (n->kind == ND_TUPLE || n->kind == ND_LIST) {
    for (int32_t k = 0; k < n->n; k++) rebind_target(w, xtra(w->s, n->a + k));
    return;
  }
  if (n->kind == ND_GROUP || n->kind == ND_STARRED) return rebind_target(w, n->a);
  rebind_expr(w, t);
}

// Whether statement st is an assignment to the name.
DEVFN int assigns(const Sema* s, int32_t st, int32_t name) {
  const Node* n = nd(s, st);
  if (n->kind != ND_ASSIGN) return 0;
  for (int32_t k = 0; k + 1 < n->n; k++) if (binds(s, xtra(s, n->a + k), name)) return 1;
  return 0;
}

// Whether block b ends where control can't fall out of it to the next
// statement (return, raise, break, continue, an if whose branches all end).
DEVFN int block_ends(const Sema* s, int32_t b) {
  const Node* n = nd(s, b);
  if (n->kind == ND_IF) return xtra(s, n->b + 1) >= 0 && block_ends(s, xtra(s, n->b)) && block_ends(s, xtra(s, n->b + 1));
  if (n->n == 0) return 0;
  const Node* last = nd(s, xtra(s, n->a + n->n - 1));
  switch (last->kind) {
    case ND_RETURN: case ND_RAISE: case ND_BREAK: case ND_CONTINUE: return 1;
    case ND_IF: return block_ends(s, xtra(s, n->a + n->n - 1));
  }
  return 0;
}

// Whether statement st is one of block b's own.
DEV int block_holds(const Sema* s, int32_t b, int32_t st) {
  const Node* n = nd(s, b);
  for (int32_t k = 0; k < n->n; k++) if (xtra(s, n->a + k) == st) return 1;
  return 0;
}

// Whether try statement i holds S's assignment in its body: S dominates
// its else block.
DEVFN int try_holds(const RebindWalk* w, int32_t i) {
  return nd(w->s, w->store)->kind == ND_ASSIGN && block_holds(w->s, xtra(w->s, nd(w->s, i)->a), w->store);
}
// ... and no handler falls through: S dominates what follows it.
DEVFN int try_dominates(const RebindWalk* w, int32_t i) {
  const Sema* s = w->s;
  const Node* n = nd(s, i);
  if (!try_holds(w, i)) return 0;
  for (int32_t k = 0; k < n->n; k++) if (!block_ends(s, xtra(s, nd(s, xtra(s, n->b + k))->b + 1))) return 0;
  return 1;
}

// Whether if statement i holds S's assignment in one of its blocks, every
// other block of its elif chain ending and an else among them: S
// dominates what follows it (`if s.isdigit(): s = int(s)` / `else:
// return None`).
DEVFN int if_dominates(const RebindWalk* w, int32_t i) {
  const Sema* s = w->s;
  if (nd(s, w->store)->kind != ND_ASSIGN) return 0;
  int holds = 0;
  for (;;) {
    const Node* n = nd(s, i);
    int32_t body = xtra(s, n->b), orelse = xtra(s, n->b + 1);
    if (block_holds(s, body, w->store)) holds = 1;
    else if (!block_ends(s, body)) return 0;
    if (orelse < 0) return 0;  // the chain may run none of its blocks
    if (nd(s, orelse)->kind != ND_IF) return block_holds(s, orelse, w->store) || (holds && block_ends(s, orelse));
    i = orelse;
  }
}

DEVFN void rebind_stmt(RebindWalk* w, int32_t i);
// Statement st of block b, and what it tells of the rest of the block: S's
// assignment, or its try or if statement, dominates it; an assignment to the
// name in the body of the loop around S stores the old variable again.
DEVFN void rebind_in_block(RebindWalk* w, int32_t b, int32_t st) {
  const Sema* s = w->s;
  rebind_stmt(w, st);
  int kind = nd(s, st)->kind;
  if ((st == w->store && kind == ND_ASSIGN) || (kind == ND_TRY && try_dominates(w, st)) ||
      (kind == ND_IF && if_dominates(w, st)))
    w->dominated = 1;
  if (b == w->body && !w->after && assigns(s, st, w->name)) w->loop_binds = 1;
}
// block := statement*
DEVFN void rebind_block(RebindWalk* w, int32_t b) {
  const Node* n = nd(w->s, b);
  int dominated = w->dominated;
  for (int32_t k = 0; k < n->n && !w->bad; k++) rebind_in_block(w, b, xtra(w->s, n->a + k));
  w->dominated = dominated;
}

// A loop's repeated part (test, body), with the loop open where its body
// holds S.
DEVFN void rebind_loop(RebindWalk* w, int32_t loop, int32_t test, int32_t body, int binds) {
  int32_t outer = w->loop, outer_body = w->body;
  int outer_binds = w->loop_binds;
  int holds = around(w, loop, body);
  if (holds) { w->loop = loop; w->body = body; w->loop_binds = 0; }
  if (test >= 0) rebind_expr(w, test);
  if (holds) w->loop_binds = binds;
  rebind_block(w, body);
  w->loop = outer; w->body = outer_body; w->loop_binds = outer_binds;
}

// for := 'for' target 'in' iterable block ['else' block]
DEVFN void rebind_for(RebindWalk* w, int32_t i) {
  const Sema* s = w->s;
  const Node* n = nd(s, i);
  int32_t target = xtra(s, n->a);
  rebind_expr(w, xtra(s, n->a + 1));
  rebind_target(w, target);
  int dominated = w->dominated;
  if (i == w->store) w->after = w->dominated = 1;  // the body: S dominates it
  rebind_loop(w, i, -1, xtra(s, n->b), binds(s, target, w->name));
  w->dominated = dominated;
  if (xtra(s, n->b + 1) >= 0) rebind_block(w, xtra(s, n->b + 1));
}

DEVFN void rebind_stmt(RebindWalk* w, int32_t i) {
  const Sema* s = w->s;
  const Node* n = nd(s, i);
  switch (n->kind) {
    case ND_ASSIGN:  // S's own targets read after S, where it dominates nothing
      rebind_expr(w, xtra(s, n->a + n->n - 1));
      if (i == w->store) w->after = 1;
      for (int32_t k = 0; k + 1 < n->n && !w->bad; k++) rebind_target(w, xtra(s, n->a + k));
      return;
    case ND_AUGASSIGN: rebind_expr(w, n->a); return rebind_expr(w, n->b);
    case ND_ANNASSIGN: if (xtra(s, n->b + 1) >= 0) rebind_expr(w, xtra(s, n->b + 1)); return rebind_target(w, n->a);
    case ND_EXPR: case ND_RETURN: case ND_ASSERT: case ND_RAISE:
      if (n->a >= 0) rebind_expr(w, n->a);
      if ((n->kind == ND_ASSERT || n->kind == ND_RAISE) && n->b >= 0) rebind_expr(w, n->b);
      return;
    case ND_DEL: return rebind_exprs(w, n->a, n->n);  // a del of the name reads it
    case ND_IF:
      rebind_expr(w, n->a);
      rebind_block(w, xtra(s, n->b));
      if (xtra(s, n->b + 1) < 0) return;
      if (nd(s, xtra(s, n->b + 1))->kind == ND_IF) return rebind_stmt(w, xtra(s, n->b + 1));
      return rebind_block(w, xtra(s, n->b + 1));
    case ND_WHILE:
      rebind_loop(w, i, n->a, xtra(s, n->b), 0);
      if (xtra(s, n->b + 1) >= 0) rebind_block(w, xtra(s, n->b + 1));
      return;
    case ND_FOR: return rebind_for(w, i);
    case ND_TRY: {  // in the passes' order: the body, its else block, then the handlers
      int dominated = w->dominated;
      rebind_block(w, xtra(s, n->a));
      if (try_holds(w, i)) w->dominated = 1;  // the else block runs after the whole body
      if (xtra(s, n->a + 1) >= 0 && !w->bad) rebind_block(w, xtra(s, n->a + 1));
      w->dominated = dominated;
      for (int32_t k = 0; k < n->n && !w->bad; k++) {
        const Node* h = nd(s, xtra(s, n->b + k));
        if (h->a >= 0) rebind_expr(w, h->a);
        if (xtra(s, h->b) >= 0 && same_text(s, xtra(s, h->b), w->name)) w->bad = 1;  // `as` the name
        rebind_block(w, xtra(s, h->b + 1));
      }
      if (xtra(s, n->a + 2) >= 0 && !w->bad) rebind_block(w, xtra(s, n->a + 2));
      return;
    }
    case ND_DEF:  // its defaults; its body reads none of this function's locals
      if (same_text(s, xtra(s, n->a), w->name)) w->bad = 1;
      for (int32_t k = 0; k < n->n; k++) if (nd(s, xtra(s, n->b + k))->b >= 0) rebind_expr(w, nd(s, xtra(s, n->b + k))->b);
      return;
    case ND_PASS: case ND_BREAK: case ND_CONTINUE: case ND_IMPORT: case ND_FROM: return;
  }
  w->bad = 1;
}

// Whether the store of NAME node `name` by statement stmt_at[nopen - 1]
// may start a new variable of the name (the file's comment): a walk from
// the top-level statement holding it to the function's end, or to the
// next top-level assignment of the name.
DEVFN int may_rebind(const Sema* s, int32_t name) {
  if (in_module_code(s) || s->f.nopen < 1) return 0;
  int32_t b = xtra(s, nd(s, s->funcs[s->f.fn].def)->a + 2);
  const Node* body = nd(s, b);
  RebindWalk w = {s, name, s->f.stmt_at[s->f.nopen - 1], s->f.stmt_at, s->f.nopen, 0, 0, -1, -1, 0, 0};
  int32_t k = 0;
  while (k < body->n && xtra(s, body->a + k) != w.path[0]) k++;
  for (; k < body->n && !w.bad; k++) {
    int32_t st = xtra(s, body->a + k);
    if (w.after && st != w.path[0] && assigns(s, st, name)) {  // reads from here on see its value
      rebind_stmt(&w, st);
      break;
    }
    rebind_in_block(&w, b, st);
  }
  return w.after && !w.bad;
}
