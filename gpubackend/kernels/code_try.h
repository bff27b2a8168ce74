// code_try.h: the code of try statements. The body runs as any block; a
// raise inside it finds the try in the program's handler table (layout.h,
// HandlerWord) and the VM jumps to its handlers with the operand stack cut
// to the try's depth and [pc st] on it, the raising pc and status (vm.h,
// raise_). Each except clause tests st against its classes (EXC_MATCH); a
// status none catches is raised again from where it was (RERAISE), to the
// enclosing try's handlers or out of the lane. No instruction runs on
// entering or leaving the body: the table is the whole cost.
#pragma once
#include "code_stmt.h"

// The handler table's row for a body [start, end) whose handlers start at
// target; rows are added as statements end, so an inner try comes first.
DEV void add_handler(Code* g, int32_t start, int32_t end, int32_t target, int32_t depth) {
  Program* p = g->out;
  if (p->n_handlers >= MAX_HANDLERS) { code_limit(g, "MAX_HANDLERS (try statements)"); return; }
  int32_t* h = p->handlers[p->n_handlers++];
  h[HW_START] = start; h[HW_END] = end; h[HW_TARGET] = target; h[HW_FN] = g->f.fn; h[HW_DEPTH] = depth;
}

// except_clause := 'except' [classes] ':' block      with [pc st] on the
// stack: its block where st is of its classes (both popped), else a jump
// on to the next clause (a jump list, *next)
DEVFN int except_clause(Code* g, int32_t h, int32_t follow, int32_t* next) {
  const Node* n = cnode(g, h);
  g->line = n->line;
  if (n->a >= 0) {
    emit(g, OP_EXC_MATCH, ty(g, h));
    *next = jump_list_add(g, -1, OP_JUMP_IF_FALSE);
  }
  emit0(g, OP_POP);
  emit0(g, OP_POP);
  return block(g, cx(g, n->b + 1), follow);
}

// try_stmt := 'try' block except_clause+ ['else' block]
DEVFN int try_stmt(Code* g, int32_t i, int32_t follow) {
  const Node* n = cnode(g, i);
  int32_t body = cx(g, n->a), orelse = cx(g, n->a + 1), depth = g->f.depth;
  // the line after each block in the source: the handlers follow the body, the else block them
  int32_t first = cnode(g, cx(g, n->b))->line, last = orelse >= 0 ? else_keyword(g->s, orelse).line : follow;
  int32_t start = g->out->n_code;
  int falls = block(g, body, first);
  int32_t end = g->out->n_code;
  if (orelse >= 0) falls = block(g, orelse, follow) && falls;
  int32_t done = jump_list_add(g, -1, OP_JUMP);
  if (end > start) add_handler(g, start, end, g->out->n_code, depth);
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    g->f.depth = depth + 2;  // [pc st], as the VM enters
    stack_adjust(g, 0);
    int32_t next = -1;
    int32_t after = k + 1 < n->n ? cnode(g, cx(g, n->b + k + 1))->line : last;
    if (except_clause(g, cx(g, n->b + k), after, &next)) { falls = 1; done = jump_list_add(g, done, OP_JUMP); }
    patch_list(g, next);
  }
  g->f.depth = depth + 2;
  stack_adjust(g, 0);
  if (cnode(g, cx(g, n->b + n->n - 1))->a >= 0) emit0(g, OP_RERAISE);  // no bare except: none caught it
  g->f.depth = depth;
  patch_list(g, done);
  if (orelse >= 0) g->line = block_end_line(g, orelse, follow);  // the else block ends the statement in the source
  return falls;
}
