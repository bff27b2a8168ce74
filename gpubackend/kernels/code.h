// code.h: the code pass's state, its expression descriptors and emission
// (code_expr.h, code_call.h and code_stmt.h walk the tree with them). It
// walks the tree the type pass (sema.h) typed, reading each expression's
// type from Sema.ty, and emits the program's bytecode. An expression leaves
// an expression descriptor (as Lua's lcode.c does): a constant, a local, or
// an instruction not emitted yet; the caller decides whether to push it,
// fuse it into the operation that uses it (ADD_INT_LK reads its local and
// constant itself), or jump on it (CMP_INT_LK_JF), so nothing emitted is
// ever taken back. An instruction reports the line of the last token a
// reader of the source had met when it was made (Code.line): the line a
// runtime error names.
#pragma once
#include "sema_stmt.h"
#include "emit.h"

struct CodeLocal {
  int32_t name;      // the node that declared it
  int32_t slot;
  int32_t checked;   // may be read before assignment: LOAD_CHECKED/STORE_MARK, a flag slot after it
  int32_t bound_in;  // serial of a block in which it is surely assigned (0: none)
  int32_t type;
};

struct CodeLoop {
  int32_t head;    // pc of the loop's test or FOR_* head: `continue` goes there
  int32_t breaks;  // its breaks, a jump list
  int32_t broke;
};

// The function being generated.
struct CodeFrame {
  int32_t fn;
  CodeLocal locals[MAX_LOCALS];
  int32_t nlocals, nslots;
  // operand stack depth, counting the value of every descriptor not yet
  // discharged as pushed (a bound that holds however it is discharged)
  int32_t depth, max_depth;
  int32_t block_depth;   // 0 in the function's own body
  CodeLoop loops[MAX_LOOPS];
  int32_t nloops;
  int32_t open_blocks[MAX_NESTING + 2];
  int32_t nopen, block_serial;
  int32_t fn_math;        // the function has run its own `import math`
  int32_t fn_re;          // ... and its own `import re`
  int32_t from_math[MAX_FROM_MATH];  // names of its own `from math import` (ALIAS nodes)
  int32_t nfrom_math;
};

struct Code {
  const Sema* s;
  const char* src;
  Program* out;
  Diag* diag;
  MemoFn funcs[MAX_FUNCS];  // what memoization reads of each function (emit.h, memoize_program)
  CodeFrame f;
  CodeFrame saved;   // the enclosing function's, while a nested def is generated
  uint32_t defined;  // bit f: nested def f's statement has been generated
  int32_t line;      // the line the next instruction reports: a reader's last token's
  int32_t eof_line;  // the line of the end of the source
  int32_t complex_raises;  // a float ** node whose complex result what takes it makes a TypeError (pow_float)
  int32_t const_str[MAX_MODULE_CONSTS];  // a str module constant's object, or -1
  int32_t type_k[MAX_TYPES];             // a type's code as a str constant, or -1
};

// ---- expression descriptors

enum ExpKind {
  EK_VOID,    // no value (after a refusal)
  EK_PUSHED,  // on the stack
  EK_CONST,   // CONST info (an int, bool or float word's index)
  EK_STR,     // CONST_STR info
  EK_LOCAL,   // LOAD info (a local surely bound)
  EK_INSN,    // instruction op/arg, not emitted: its operands are in its fields or on the stack
};

struct ExpDesc {
  int32_t kind, info;
  int32_t op, arg;    // EK_INSN
  int32_t op0, arg0;  // EK_INSN: an instruction before it, also not emitted (op0 -1: none)
  int32_t line, line0;  // the lines its instructions report
  int32_t truth;      // an int whose truth is wanted: TRUTH_INT when pushed (on line truth), not before a jump
  int32_t type;
};

DEV int code_failed(const Code* g) { return g->diag->cls != DG_OK; }
// A form the type pass let through that the code pass has no code for
// (none is known): Unsupported at node i, never a wrong program.
DEV void refuse(Code* g, int32_t i) {
  if (g->diag->cls != DG_OK) return;
  const Node* n = g->s->t->nodes + i;
  diag_set(g->diag, DG_UNSUPPORTED, n->line, n->col);
  msg(g->diag, "this form of the construct (no code for it)");
}
// (Inline, as sema.h's nd and xtra.)
DEVI const Node* cnode(const Code* g, int32_t i) { return g->s->t->nodes + i; }
DEVI int32_t cx(const Code* g, int32_t at) { return g->s->t->extra[at]; }
DEV int32_t ty(const Code* g, int32_t i) {
  int32_t t = g->s->ty[i];
  return t < 0 ? t : t & ~TY_NEW_VARIABLE;
}
// Whether the store to NAME node i starts a new variable of its name.
DEV int starts_variable(const Code* g, int32_t i) { return g->s->ty[i] >= 0 && (g->s->ty[i] & TY_NEW_VARIABLE); }
DEV const TypeTable* ctypes(const Code* g) { return &g->s->types; }
DEVFN int32_t type_const(Code* g, int32_t t);
// A set or dict instruction's key selector (SETSEL_KEY of layout.h) for a
// set or dict of type t, or for a key of type t.
DEVFN int32_t set_sel(Code* g, int32_t t) {
  const TypeTable* tt = ctypes(g);
  int32_t k = is_set(tt, t) || is_dict(tt, t) ? elem_of(tt, t) : t;
  if (k == T_STR) return SETSEL_KEY_STR;
  return is_tuple(tt, k) ? SETSEL_KEY_TUPLE + type_const(g, k) : SETSEL_KEY_INT;
}

// ---- emission

DEV void code_limit(Code* g, const char* which) {
  if (g->diag->cls != DG_OK) return;
  diag_set(g->diag, DG_LIMIT, g->line, 1);
  msg(g->diag, "program exceeds ");
  msg(g->diag, which);
}
DEV void stack_adjust(Code* g, int32_t delta) {
  g->f.depth += delta;
  if (g->f.depth > g->f.max_depth) g->f.max_depth = g->f.depth;
  if (g->f.max_depth > MAX_STACK) code_limit(g, "MAX_STACK (operand stack depth)");
}
DEV int32_t put_word(Code* g, int32_t w) {
  Program* p = g->out;
  if (p->n_code >= MAX_CODE) { code_limit(g, "MAX_CODE (instructions)"); return 0; }
  p->code[p->n_code] = w;
  p->lines[p->n_code] = g->line;
  return p->n_code++;
}
// op with its argument, without its stack effect; returns its pc.
DEV int32_t put(Code* g, int op, int32_t arg) {
  int32_t pc = put_word(g, INSN(op, arg));
  if (op_size(op) == 2) put_word(g, 0);
  return pc;
}
DEV int32_t emit(Code* g, int op, int32_t arg) {
  int32_t pc = put(g, op, arg);
  stack_adjust(g, op_effect(op));
  return pc;
}
DEV int32_t emit0(Code* g, int op) { return emit(g, op, 0); }

DEV int32_t const_word(Code* g, int64_t w) {
  Program* p = g->out;
  for (int32_t i = 0; i < p->n_const; i++) if (p->konst[i] == w) return i;
  if (p->n_const >= MAX_CONST_WORDS) { code_limit(g, "MAX_CONST_WORDS (constants)"); return 0; }
  p->konst[p->n_const] = w;
  return p->n_const++;
}

// ---- jumps (relative; pending forward jumps chained through their offsets)

DEV void patch_to(Code* g, int32_t pc, int32_t target) { patch_word(g->out, pc, target); }
DEV void patch_here(Code* g, int32_t pc) { patch_to(g, pc, g->out->n_code); }
DEV void patch_list(Code* g, int32_t list) {
  while (list >= 0) {
    int32_t next = list_next(g->out, list);
    patch_here(g, list);
    list = next;
  }
}
DEV int32_t jump_list_add(Code* g, int32_t list, int op) { return list_link(g->out, emit(g, op, 0), list); }
DEV void emit_loop(Code* g, int32_t head) { patch_to(g, emit(g, OP_LOOP, 0), head); }

// ---- descriptors: making and discharging

DEV ExpDesc desc(Code* g, int kind, int32_t info, int32_t type) {
  ExpDesc e;
  e.kind = kind; e.info = info; e.op = e.arg = 0; e.op0 = -1; e.arg0 = 0; e.line = e.line0 = g->line; e.type = type;
  e.truth = 0;
  if (kind != EK_VOID && kind != EK_PUSHED) stack_adjust(g, 1);  // counted as pushed (CodeFrame.depth)
  return e;
}
DEV ExpDesc pushed(Code* g, int32_t type) { return desc(g, EK_PUSHED, 0, type); }
// An instruction not emitted yet, whose operands (n_in on the stack or
// counted as such) it consumes.
DEV ExpDesc pending(Code* g, int op, int32_t arg, int32_t n_in, int32_t type) {
  stack_adjust(g, -n_in);
  ExpDesc e = desc(g, EK_INSN, 0, type);
  e.op = op; e.arg = arg;
  return e;
}

// Emit what e stands for, so that its value is on the stack.
DEV void discharge(Code* g, ExpDesc* e) {
  int32_t line = g->line;
  g->line = e->line;
  switch (e->kind) {
    case EK_CONST: put(g, OP_CONST, e->info); break;
    case EK_STR: put(g, OP_CONST_STR, e->info); break;
    case EK_LOCAL: put(g, OP_LOAD, e->info); break;
    case EK_INSN:
      if (e->op0 >= 0) { g->line = e->line0; put(g, e->op0, e->arg0); g->line = e->line; }
      put(g, e->op, e->arg);
      break;
  }
  if (e->truth && e->kind != EK_VOID) { g->line = e->truth; put(g, OP_TRUTH_INT, 0); e->truth = 0; }
  g->line = line;
  if (e->kind != EK_VOID) e->kind = EK_PUSHED;
}
// Drop e's value: what was not emitted is not.
DEV void drop(Code* g, ExpDesc* e) {
  if (e->kind == EK_CONST || e->kind == EK_STR || e->kind == EK_LOCAL) { g->f.depth -= 1; return; }
  discharge(g, e);
  if (e->kind == EK_PUSHED) emit0(g, OP_POP);
}

// ---- constants

// Room for a str object of n bytes in the constants, zeroed, its length
// set: its first word, or -1 (a LimitError) when they are full.
DEV int32_t str_alloc(Code* g, int32_t n) {
  Program* p = g->out;
  int32_t words = STR_WORDS(n);
  if (n > MAX_CONST_WORDS * 8 || p->n_const + words > MAX_CONST_WORDS) { code_limit(g, "MAX_CONST_WORDS (constants)"); return -1; }
  int32_t at = p->n_const;
  for (int32_t k = 0; k < words; k++) p->konst[at + k] = 0;
  p->konst[at] = n;
  p->n_const += words;
  return at;
}

// A string constant of the adjacent literals of STR node i (decoded), or -1.
DEVFN int32_t str_const(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  Token parts[8];
  int32_t total = 0;
  for (int32_t k = 0; k < n->n; k++) {
    const Node* p = cnode(g, cx(g, n->a + k));
    Token t;
    t.kind = TK_STRING; t.start = p->pos; t.len = p->len; t.line = p->line; t.col = p->col; t.flags = p->op;
    parts[k] = t;
    total += str_decode(g->src, &t, 0);
  }
  int32_t at = str_alloc(g, total);
  if (at < 0) return -1;
  char* bytes = (char*)(g->out->konst + at + 1);
  for (int32_t k = 0, off = 0; k < n->n; k++) off += str_decode(g->src, &parts[k], bytes + off);
  return at;
}

// A str constant of the n bytes at text, made anew.
DEVFN int32_t text_const(Code* g, const char* text, int32_t n) {
  int32_t at = str_alloc(g, n);
  if (at < 0) return 0;
  char* bytes = (char*)(g->out->konst + at + 1);
  for (int32_t k = 0; k < n; k++) bytes[k] = text[k];
  return at;
}

DEV int64_t node_bits(const Node* n) { return (int64_t)((uint64_t)(uint32_t)n->b << 32 | (uint32_t)n->a); }

// The constant a literal node stands for (INT, FLOAT, CONST, or '-' INT).
DEVFN ExpDesc literal_desc(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  switch (n->kind) {
    case ND_INT: case ND_FLOAT: return desc(g, EK_CONST, const_word(g, node_bits(n)), n->kind == ND_INT ? T_INT : T_FLOAT);
    case ND_UNARY: {  // -<literal>: an int's two's complement, a float's sign bit flipped
      const Node* x = cnode(g, n->a);
      if (x->kind == ND_FLOAT) return desc(g, EK_CONST, const_word(g, node_bits(x) ^ INT64_MIN_), T_FLOAT);
      return desc(g, EK_CONST, const_word(g, (int64_t)(0 - (uint64_t)node_bits(x))), T_INT);
    }
    case ND_STR: {
      g->line = n->line;  // the first literal's line, adjacent ones after it
      int32_t k = str_const(g, i);
      return desc(g, EK_STR, k < 0 ? 0 : k, T_STR);
    }
  }
  return desc(g, EK_CONST, const_word(g, n->op == TK_TRUE), n->op == TK_NONE ? T_NONE : T_BOOL);
}

// ---- locals

DEV int same_name(const Code* g, int32_t i, int32_t j) {
  const Node *a = cnode(g, i), *b = cnode(g, j);
  return spans_equal(g->src + a->pos, a->len, g->src + b->pos, b->len);
}
// Newest first: a comprehension's variable shadows a local of its name.
DEV CodeLocal* local_of(Code* g, int32_t name) {
  for (int32_t k = g->f.nlocals - 1; k >= 0; k--) if (same_name(g, g->f.locals[k].name, name)) return &g->f.locals[k];
  return 0;
}
DEV int32_t new_slots(Code* g, int32_t n) {
  int32_t s = g->f.nslots;
  g->f.nslots += n;
  if (g->f.nslots > MAX_SLOTS) code_limit(g, "MAX_SLOTS (local variables and hidden loop state)");
  return s;
}
DEV CodeLocal* declare(Code* g, int32_t name, int32_t type, int checked) {
  if (g->f.nlocals >= MAX_LOCALS) { refuse(g, name); return 0; }
  CodeLocal* l = &g->f.locals[g->f.nlocals++];
  l->name = name; l->type = type; l->checked = checked; l->bound_in = 0;
  l->slot = new_slots(g, checked ? 2 : 1);
  return l;
}
DEV int open_block(const Code* g, int32_t serial) {
  for (int32_t k = g->f.nopen - 1; k >= 0; k--) if (g->f.open_blocks[k] == serial) return 1;
  return 0;
}
DEV int32_t this_block(const Code* g) { return g->f.nopen ? g->f.open_blocks[g->f.nopen - 1] : 0; }
// Whether a read of l needs no unbound check here.
DEV int surely_bound(const Code* g, const CodeLocal* l) { return !l->checked || (l->bound_in && open_block(g, l->bound_in)); }

// A store of the value on the stack to l; the rest of block `serial` may
// read it unchecked. `fused`: what the store can be folded into.
DEV void store_local(Code* g, CodeLocal* l, int32_t serial) {
  int bound = l->bound_in && open_block(g, l->bound_in);
  emit(g, l->checked && !bound ? OP_STORE_MARK : OP_STORE, l->slot);
  if (l->checked && !bound) l->bound_in = serial;
}
