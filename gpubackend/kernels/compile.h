// compile.h: the compiler, whole: the parse pass (parse.h) builds the
// program's tree, inline.h hands lazy iterators to the statements that
// draw them, the type pass (sema.h) types it, the code pass (code.h)
// writes its bytecode. One thread compiles one program at a time in its
// Workspace, which it reuses for the next.
#pragma once
#include "inline.h"
#include "code_stmt.h"

// One thread's compiler: the three passes' states (about 17 KB) and room
// for the tree of the longest program it compiles (words a node: the
// node, its extra words, its type).
struct Workspace {
  Parser p;
  Sema s;
  Code g;
};

// Nodes a tree of programs of up to `bytes` source bytes needs.
DEVI int32_t tree_nodes_for(int64_t bytes) {
  if (bytes > MAX_SOURCE_BYTES) bytes = MAX_SOURCE_BYTES;  // longer ones stop before the tree
  return (int32_t)(TREE_NODES_PER_BYTE * bytes + TREE_NODES_SLACK);
}
// Bytes of a workspace's tree of cap_nodes nodes, after the Workspace.
DEVI int64_t tree_bytes(int32_t cap_nodes) {
  return (int64_t)cap_nodes * ((int64_t)sizeof(Node) + 4 * TREE_EXTRA_PER_NODE + 4);
}
// Bytes of one workspace with its tree (64-byte aligned, so that the next
// one's Node array is aligned too).
DEVI int64_t workspace_bytes(int32_t cap_nodes) {
  return ((int64_t)sizeof(Workspace) + tree_bytes(cap_nodes) + 63) / 64 * 64;
}

// The program src[0, n) for the entry `entry` of signature `sig` into out,
// in workspace w (its tree of cap_nodes nodes right after it): its
// bytecode, or the first diagnostic (a SyntaxError anywhere before any
// other, as CPython reports it).
DEVFN void compile_program(Workspace* w, int32_t cap_nodes, const char* src, int32_t n, const char* entry,
                           int32_t entry_len, const char* sig, int32_t sig_len, Program* out) {
  out->ok = 0; out->n_code = 0; out->n_const = 0; out->n_funcs = 0; out->entry = -1; out->frame_slots = 0;
  out->memo = 0; out->n_loop_tests = 0; out->n_handlers = 0; out->ret[0] = 0;
  ParseTree t;
  t.nodes = (Node*)(w + 1);
  t.cap_nodes = cap_nodes;
  t.extra = (int32_t*)(t.nodes + cap_nodes);
  t.cap_extra = TREE_EXTRA_PER_NODE * cap_nodes;
  w->s.ty = t.extra + t.cap_extra;
  if (parse_program(&w->p, src, n, &t, &out->diag) < 0) return;
  inline_iterators(&t, src);
  if (!sema_program(&w->s, &t, src, n, entry, entry_len, sig, sig_len, &out->diag)) return;
  code_program(&w->g, &w->s, out);
  if (out->ok && w->s.call_fails) call_message(&w->s, &out->diag);  // the lanes' message: no diagnostic
  int32_t len = 0;
  if (w->s.result != T_BAD && type_code(&w->s.types, w->s.result, out->ret, &len, MAX_SIG - 1)) out->ret[len] = 0;
}

#if KERNEL_DEVICE  // lex.h made the compiler's functions noinline; the VM's are inline
#undef DEV
#define DEV DEV_INLINE
#endif
