// code.h: the code pass. It walks a tree that the type pass (sema.h) typed
// whole, reading each expression's type from Sema.ty, and emits the
// program's bytecode. An expression leaves an expression descriptor (as
// Lua's lcode.c does): a constant, a local, or an instruction not emitted
// yet; the caller decides whether to push it, fuse it into the operation
// that uses it (ADD_INT_LK reads its local and constant itself), or jump on
// it (CMP_INT_LK_JF), so nothing emitted is ever taken back.
// Its program is the one-pass compiler's (stmt.h) instruction for
// instruction, line for line: tests hold the two equal on every program it
// generates. What it does not generate yet it refuses (Code.refused), and
// the one-pass compiler compiles that program.
#pragma once
#include "sema_stmt.h"
#include "stmt.h"  // the emission helpers it shares with the one-pass compiler (codegen.h)

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
  // discharged: the one-pass compiler pushed those and took them back
  int32_t depth, max_depth;
  int32_t block_depth;   // 0 in the function's own body
  CodeLoop loops[MAX_LOOPS];
  int32_t nloops;
  int32_t open_blocks[MAX_NESTING + 2];
  int32_t nopen, block_serial;
};

struct Code {
  const Sema* s;
  const char* src;
  Program* out;
  Diag* diag;
  MemoFn funcs[MAX_FUNCS];  // what memoization reads of each function (stmt.h)
  CodeFrame f;
  CodeFrame saved;   // the enclosing function's, while a nested def is generated
  uint32_t defined;  // bit f: nested def f's statement has been generated
  int32_t line;      // the line the next instruction reports: the one-pass reader's last token's
  int32_t eof_line;  // the line of the end of the source
  int32_t refused;   // a node of a kind the pass does not generate yet, or -1
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

DEV int code_failed(const Code* g) { return g->diag->cls != DG_OK || g->refused >= 0; }
DEV void refuse(Code* g, int32_t i) { if (g->refused < 0) g->refused = i; }
DEV const Node* cnode(const Code* g, int32_t i) { return g->s->t->nodes + i; }
DEV int32_t cx(const Code* g, int32_t at) { return g->s->t->extra[at]; }
DEV int32_t ty(const Code* g, int32_t i) { return g->s->ty[i]; }
DEV const TypeTable* ctypes(const Code* g) { return &g->s->types; }

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
  Program* p = g->out;
  int32_t words = STR_WORDS(total);
  if (total > MAX_CONST_WORDS * 8 || p->n_const + words > MAX_CONST_WORDS) { code_limit(g, "MAX_CONST_WORDS (constants)"); return -1; }
  int32_t at = p->n_const;
  for (int32_t k = 0; k < words; k++) p->konst[at + k] = 0;
  p->konst[at] = total;
  p->n_const += words;
  char* bytes = (char*)(p->konst + at + 1);
  for (int32_t k = 0, off = 0; k < n->n; k++) off += str_decode(g->src, &parts[k], bytes + off);
  return at;
}

DEV int64_t node_bits(const Node* n) { return (int64_t)((uint64_t)(uint32_t)n->b << 32 | (uint32_t)n->a); }

// The constant a literal node stands for (INT, FLOAT, CONST, or '-' INT).
DEVFN ExpDesc literal_desc(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  switch (n->kind) {
    case ND_INT: case ND_FLOAT: return desc(g, EK_CONST, const_word(g, node_bits(n)), n->kind == ND_INT ? T_INT : T_FLOAT);
    case ND_UNARY: return desc(g, EK_CONST, const_word(g, (int64_t)(0 - (uint64_t)node_bits(cnode(g, n->a)))), T_INT);
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
                : cnode(g, n->a)->kind == ND_NAME && !local_of(g, n->a) && from_math_name(g->s, n->a) ? n->a : -1;
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

// binop := expression op expression      the operation the operand types choose
DEVFN ExpDesc binary(Code* g, int32_t i, int kind, ExpDesc* left, int32_t right, int32_t t);
DEVFN ExpDesc binop(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  ExpDesc l = expr(g, n->a);
  return binary(g, i, n->op, &l, n->b, ty(g, i));
}

// l op (node right), of result type t, for node i (a BINOP or an AUGASSIGN).
DEVFN ExpDesc binary(Code* g, int32_t i, int kind, ExpDesc* left, int32_t right, int32_t t) {
  const TypeTable* tt = ctypes(g);
  ExpDesc l = *left;
  ExpDesc r = right_operand(g, &l, right);
  int32_t a = l.type, b = r.type;
  g->line = cnode(g, i)->end;
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  if (is_opt(tt, a) || is_opt(tt, b)) {
    unwrap_operands(g, &l, &r);
    a = l.type; b = r.type;
  }
  int swap = kind == TK_STAR && intlike_t(a) && (b == T_STR || is_list(tt, b));
  if (swap || (kind == TK_STAR && (a == T_STR || is_list(tt, a)))) {
    discharge(g, &l); discharge(g, &r);
    if (swap) emit0(g, OP_SWAP);
    emit0(g, t == T_STR ? OP_STR_REPEAT : OP_LIST_REPEAT);
    return pushed(g, t);
  }
  if (kind == TK_PLUS && a == T_STR) return pushed_op(g, &l, &r, OP_STR_CONCAT, t);
  if (kind == TK_PLUS && is_list(tt, a)) return pushed_op(g, &l, &r, OP_LIST_CONCAT, t);
  if (intlike_t(a) && intlike_t(b)) {
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
  if (a != T_FLOAT) emit0(g, OP_INT_TO_FLOAT_UNDER);
  else if (b != T_FLOAT) emit0(g, OP_INT_TO_FLOAT);
  int op = kind == TK_PLUS ? OP_ADD_FLOAT : kind == TK_MINUS ? OP_SUB_FLOAT : kind == TK_STAR ? OP_MUL_FLOAT
         : kind == TK_SLASH ? OP_DIV_FLOAT : kind == TK_DSLASH ? OP_FLOORDIV_FLOAT : kind == TK_PERCENT ? OP_MOD_FLOAT : -1;
  if (op < 0) { refuse(g, i); return l; }
  emit0(g, op);
  return pushed(g, t);
}

// The type code of t as a str constant, made once (LIST_FIND, CMP_OBJ).
DEVFN int32_t type_const(Code* g, int32_t t) {
  if (g->type_k[t] >= 0) return g->type_k[t];
  char buf[MAX_SIG];
  int32_t n = 0;
  if (!type_code(ctypes(g), t, buf, &n, MAX_SIG)) { code_limit(g, "MAX_SIG (type code of one type)"); return 0; }
  Program* p = g->out;
  int32_t words = STR_WORDS(n);
  if (p->n_const + words > MAX_CONST_WORDS) { code_limit(g, "MAX_CONST_WORDS (constants)"); return 0; }
  int32_t at = p->n_const;
  for (int32_t k = 0; k < words; k++) p->konst[at + k] = 0;
  p->konst[at] = n;
  p->n_const += words;
  char* bytes = (char*)(p->konst + at + 1);
  for (int32_t k = 0; k < n; k++) bytes[k] = buf[k];
  g->type_k[t] = at;
  return at;
}

// One comparison of l and r (operator node op), as the operand types choose.
DEVFN ExpDesc compare_op(Code* g, int32_t opn, ExpDesc* l, ExpDesc* r) {
  const TypeTable* tt = ctypes(g);
  int32_t a = l->type, b = r->type;
  int code = cnode(g, opn)->op;
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
  if (code == TK_IN || code == CMP_NOT_IN) {
    if (is_opt(tt, b) || is_tuple(tt, b)) { refuse(g, opn); return *l; }
    discharge(g, l); discharge(g, r);
    if (b == T_STR) emit0(g, OP_STR_CONTAINS); else emit(g, OP_LIST_FIND, type_const(g, a));
    if (code == CMP_NOT_IN) emit0(g, OP_NOT);
    return pushed(g, T_BOOL);
  }
  int k = cmp_kind(code);
  if (k != CMP_EQ && k != CMP_NE && (is_opt(tt, a) || is_opt(tt, b))) {  // None < x raises TypeError
    unwrap_operands(g, l, r);
    a = l->type; b = r->type;
  }
  if (intlike_t(a) && intlike_t(b)) return int_op(g, OP_CMP_INT, k, l, r, T_BOOL);
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
  int32_t u = type_fits(tt, a, b) ? a : type_fits(tt, b, a) ? b : -1;
  if (u < 0) {  // an Optional[T] == a T: the T boxed
    if (!is_ref(tt, b)) emit0(g, OP_BOX);
    u = a;
  }
  emit(g, OP_CMP_OBJ, SETARG(TYPE, type_const(g, u)) | SETARG(CMP_B, k));
  return pushed(g, T_BOOL);
}

// comparison := expression (compop expression)*      a chain a < b < c
// reads b once and stops at the first false link
DEVFN ExpDesc compare(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
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
  if (t == T_NONE || is_tuple(tt, t)) { drop(g, &e); return desc(g, EK_CONST, const_word(g, t != T_NONE), T_BOOL); }
  discharge(g, &e);
  if (t == T_FLOAT) emit0(g, OP_TRUTH_FLOAT);
  else if (t == T_STR) emit0(g, OP_TRUTH_STR);
  else if (is_list(tt, t)) emit0(g, OP_TRUTH_LIST);
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
DEVFN ExpDesc operand(Code* g, int32_t i, int in_test) { return in_test ? cond(g, i) : expr(g, i); }

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
    g->line = cnode(g, cx(g, n->a + k - 1))->line;  // the operator's: a one-pass reader is past it
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
// itself (recursion), then the module's functions; -1: none.
DEV int32_t find_callee(Code* g, int32_t name) {
  const Sema* s = g->s;
  int32_t cur = g->f.fn;
  for (int32_t k = 0; k < s->nfuncs; k++) {
    const SemaFunc* f = &s->funcs[k];
    if (f->parent < 0 || !same_name(g, cx(g, cnode(g, f->def)->a), name)) continue;
    if (k == cur) return k;
    if (s->funcs[cur].parent < 0 && f->parent == cur) return k;
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

// The value on the stack, of type have, made a value of type want (a
// scalar T boxed where an Optional[T] is wanted).
DEV void coerce(Code* g, int32_t want, int32_t have) {
  const TypeTable* tt = ctypes(g);
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
  if (cnode(g, arg)->kind == ND_GENEXP || calls_builtin(g, arg, "map") || calls_builtin(g, arg, "filter")) return 0;
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
    int32_t t = ty(g, obj);
    if (is_list(tt, t) && node_is(g->s, callee, "sort")) return 0;  // it stores the list
    if (t == T_STR && node_is(g->s, callee, "join") && first >= 0 && straight(g, first) != 1) return 0;
    return both(straight(g, obj), args_straight(g, i));
  }
  if (cnode(g, callee)->kind != ND_NAME || local_of(g, callee)) return -1;
  if (find_callee(g, callee) >= 0) return 0;  // a CALL
  if (from_math_name(g->s, callee)) return args_straight(g, i);
  int b = builtin_of(g->s, callee), form = b >= 0 ? builtin_form(b) : -1;
  int32_t t = first >= 0 ? ty(g, first) : T_BAD;
  if (form == BF_CALL) return (b == BI_STR || b == BI_BOOL) && is_opt(tt, t) ? 0 : args_straight(g, i);
  if (form == BF_PRINT) return args_straight(g, i);
  if (form == BF_MINMAX && n->n >= 2) return is_list(tt, t) || is_tuple(tt, t) ? 0 : args_straight(g, i);
  if ((form == BF_MINMAX || b == BI_SUM || b == BI_LIST) && n->n == 1) return iterable_straight(g, first);
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
    case ND_BOOLOP: case ND_IFEXP: case ND_LISTCOMP: case ND_GENEXP: return 0;
    case ND_COMPARE: {
      if (n->n > 3) return 0;  // a chain jumps
      int32_t r = cx(g, n->a + 2);
      if (calls_builtin(g, r, "range")) return both(straight(g, cx(g, n->a)), args_straight(g, r));  // RANGE_CONTAINS
      return both(straight(g, cx(g, n->a)), straight(g, r));
    }
    case ND_LIST: case ND_TUPLE: {
      int r = 1;
      for (int32_t k = 0; k < n->n; k++) r = both(r, straight(g, cx(g, n->a + k)));
      return r;
    }
    case ND_CALL: return call_straight(g, i);
    case ND_ATTR: return math_module(g, n->a) ? 1 : -1;
  }
  return -1;
}

// The line of a slice's second ':', or `none` when it has one ':'.
DEVFN int32_t second_colon_line(Code* g, const Node* sl, int32_t none) {
  Lexer L;
  Diag quiet;
  lex_from(g->s, &L, &quiet, sl->pos + sl->len, 1);
  for (int32_t depth = 0;;) {
    Token t = lex_next(&L);
    if (t.kind == TK_EOF || t.kind == TK_ERROR) return none;
    if (depth == 0 && t.kind == TK_COLON) return t.line;
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
      g->line = k == 0 ? cnode(g, i)->line : k == 1 ? sl->line : second_colon_line(g, sl, cnode(g, i)->end);
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

DEV int number_t(int32_t t) { return intlike_t(t) || t == T_FLOAT; }

// The instruction of str(x) for a scalar x of type t (int, bool, float), or -1.
DEV int str_of_op(int32_t t) {
  return t == T_INT ? OP_STR_OF_INT : t == T_BOOL ? OP_STR_OF_BOOL : t == T_FLOAT ? OP_STR_OF_FLOAT : -1;
}

// A str constant of the n bytes at text, made anew (as the one-pass compiler does).
DEVFN int32_t text_const(Code* g, const char* text, int32_t n) {
  Program* p = g->out;
  int32_t words = STR_WORDS(n);
  if (p->n_const + words > MAX_CONST_WORDS) { code_limit(g, "MAX_CONST_WORDS (constants)"); return 0; }
  int32_t at = p->n_const;
  for (int32_t k = 0; k < words; k++) p->konst[at + k] = 0;
  p->konst[at] = n;
  p->n_const += words;
  char* bytes = (char*)(p->konst + at + 1);
  for (int32_t k = 0; k < n; k++) bytes[k] = text[k];
  return at;
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
  if (isf && ts[0] != T_FLOAT) emit0(g, OP_INT_TO_FLOAT_UNDER);
  if (isf && ts[1] != T_FLOAT) emit0(g, OP_INT_TO_FLOAT);
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
    ts[0] = b == BI_STR ? e.type : unwrap_as(g, e.type, ST_TYPE_ERROR);
    g->line = n->end;
  } else {
    call_args(g, i, ts, b == BI_BOOL || b == BI_STR);
  }
  int32_t t = n->n ? ts[0] : T_BAD;
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
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
      if (is_opt(ctypes(g), t)) return str_of_optional(g, t);
      op = str_of_op(t);
      break;
    case BI_BOOL: return desc(g, EK_CONST, const_word(g, 0), T_BOOL);  // bool()
    case BI_ORD: op = OP_ORD; break;
    case BI_CHR: op = OP_CHR; break;
    case BI_BIN: case BI_OCT: case BI_HEX:
      emit(g, OP_RADIX_STR, b == BI_BIN ? 1 : b == BI_OCT ? 3 : 4);
      return pushed(g, T_STR);
    case BI_ROUND: op = n->n == 2 ? (t == T_FLOAT ? OP_ROUND_FLOAT_N : OP_ROUND_INT_N) : OP_ROUND_FLOAT; break;
    case BI_POW: op = n->n == 2 ? OP_POW_INT : OP_POW_MOD; break;
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
  call_args(g, call, ts, 0);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  if (node_is(g->s, name, "isqrt")) emit0(g, OP_ISQRT);
  else if (floor || ceil) emit0(g, floor ? OP_FLOOR_FLOAT : OP_CEIL_FLOAT);
  else {
    if (intlike_t(ts[0])) emit0(g, OP_INT_TO_FLOAT);
    emit0(g, node_is(g->s, name, "sqrt") ? OP_SQRT : OP_ABS_FLOAT);
  }
  return pushed(g, ty(g, call));
}

// Whether NAME node i is the math module here (imported at module level, no local).
DEV int math_module(Code* g, int32_t i) {
  return cnode(g, i)->kind == ND_NAME && node_is(g->s, i, "math") && !local_of(g, i) && g->s->math_imported;
}

// ---- comprehensions (sinks: iter.h)

// The element of comprehension i, generated into its innermost loop,
// feeding the sink; the accumulator is local acc. *done: any/all's jumps out.
DEVFN void comp_element(Code* g, int32_t i, int sink, int32_t acc, int32_t* done, int32_t open) {
  int32_t item = cnode(g, i)->a;
  g->line = open;  // a one-pass reader went back to the token before the element
  if (sink == SINK_ANY || sink == SINK_ALL) {
    ExpDesc e = cond(g, item);
    discharge(g, &e);
    g->line = cnode(g, item)->end;
    int32_t skip = emit(g, sink == SINK_ANY ? OP_JUMP_IF_FALSE : OP_JUMP_IF_TRUE, 0);
    emit(g, OP_CONST, const_word(g, sink == SINK_ANY));
    emit(g, OP_STORE, acc);
    *done = jump_list_add(g, *done, OP_JUMP);
    patch_here(g, skip);
    return;
  }
  ExpDesc a = desc(g, EK_LOCAL, acc, T_BAD);
  if (sink == SINK_LIST) discharge(g, &a);
  ExpDesc e = sink == SINK_LIST ? expr(g, item) : right_operand(g, &a, item);
  g->line = cnode(g, item)->end;
  if (sink == SINK_LIST) {
    discharge(g, &e);
    emit0(g, OP_LIST_APPEND);
    return;
  }
  if (e.type == T_FLOAT) { ExpDesc x = pushed_op(g, &a, &e, OP_ADD_FLOAT, T_FLOAT); (void)x; }
  else { ExpDesc x = int_op(g, OP_ADD_INT, 0, &a, &e, T_INT); discharge(g, &x); }
  emit(g, OP_STORE, acc);
}

// (the loops of statements, below)
DEVFN int32_t loop_targets(Code* g, int32_t target, int32_t* names);
DEVFN void iterable(Code* g, int32_t iter, Iter* it);
DEVFN int32_t loop_head(Code* g, const Iter* it, const int32_t* names, int32_t n, int32_t serial, int fresh);
DEV void loop_end_jump(Code* g, int32_t head);

// comprehension := element ('for' targets 'in' or_test ('if' or_test)*)+
// Its clauses first and its element last, as they run; leaves the list,
// the sum, or the any/all verdict.
DEVFN ExpDesc comprehension(Code* g, int32_t i, int sink, int32_t call = -1) {
  const Node* n = cnode(g, i);
  // the line of the token before the element: its bracket, or the '(' of
  // the call a bare generator expression is the argument of
  int32_t open = g->src[n->pos] == '(' || g->src[n->pos] == '[' || call < 0 ? n->line : cnode(g, call)->line;
  int32_t heads[MAX_COMP_FORS], next[MAX_COMP_FORS], nfor = 0, done = -1;
  g->line = cnode(g, n->a)->end;  // a one-pass reader skipped the element to the first 'for'
  int32_t acc = new_slots(g, 1);
  if (sink == SINK_LIST) emit_count(g, OP_LIST_NEW, 0);
  else emit(g, OP_CONST, const_word(g, sink == SINK_ALL));  // int 0 and float 0.0 have the same bits
  emit(g, OP_STORE, acc);
  int32_t nlocals0 = g->f.nlocals;
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    int32_t clause = cx(g, n->b + k);
    const Node* c = cnode(g, clause);
    if (c->kind == ND_COMPIF) {
      ExpDesc e = cond(g, c->a);
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
  if (!code_failed(g)) comp_element(g, i, sink, acc, &done, open);
  g->line = cnode(g, last)->end;  // back past the clauses
  for (int32_t k = nfor - 1; k >= 0 && !code_failed(g); k--) {
    patch_list(g, next[k]);
    loop_end_jump(g, heads[k]);
    patch_here(g, heads[k]);
  }
  patch_list(g, done);
  g->f.nlocals = nlocals0;  // the comprehension's variables end with it
  if (sink == SINK_SUM) return desc(g, EK_LOCAL, acc, ty(g, n->a) == T_FLOAT ? T_FLOAT : T_INT);
  return desc(g, EK_LOCAL, acc, sink == SINK_LIST ? ty(g, i) : T_BOOL);
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
  emit0(g, OP_ORD);
  return T_INT;
}

// fn := 'lambda' NAME ':' expression | NAME | 'str' '.' ('lower' | 'upper')
// A function of one argument (key=, map's, filter's), node f, applied to
// the value of type t on the stack; returns its result's type.
DEVFN int32_t apply_fn(Code* g, int32_t f, int32_t t) {
  const Node* n = cnode(g, f);
  if (n->kind == ND_LAMBDA) {
    int32_t nlocals0 = g->f.nlocals, param = cx(g, n->b);
    CodeLocal* l = declare(g, param, ty(g, param), 0);  // the lambda's own name: shadows a local
    if (!l) return T_BAD;
    g->line = n->line;  // its ':'
    emit(g, OP_STORE, l->slot);
    ExpDesc e = expr(g, n->a);
    discharge(g, &e);
    g->line = cnode(g, n->a)->end;
    g->f.nlocals = nlocals0;
    return e.type;
  }
  g->line = n->line;
  if (n->kind == ND_ATTR) {  // str.lower, str.upper
    emit(g, OP_STR_CASE, node_is(g->s, f, "lower") ? CASE_LOWER : CASE_UPPER);
    return T_STR;
  }
  int32_t fn = local_of(g, f) ? -1 : find_callee(g, f);
  if (fn < 0) return key_builtin(g, f, t);
  if (g->f.fn >= 0) g->funcs[g->f.fn].callees |= 1u << fn;
  emit(g, OP_CALL, fn);
  stack_adjust(g, -1);  // the argument is consumed
  return g->s->funcs[fn].ret;
}

// The list, in local keys, of f(item) for each item of the list in local
// items (item type elem), f called once per item in order, as CPython's
// sort calls key= and as map does; line: where a one-pass reader came back
// to read f. Returns f's result type.
DEVFN int32_t map_list(Code* g, int32_t f, int32_t items, int32_t keys, int32_t elem, int32_t line) {
  g->line = line;
  emit_count(g, OP_LIST_NEW, 0);
  emit(g, OP_STORE, keys);
  emit(g, OP_LOAD, items);
  int32_t h = new_slots(g, 2);
  emit(g, OP_ITER_INIT, h);
  int32_t head = emit(g, OP_FOR_LIST, h);
  emit(g, OP_LOAD, keys);
  emit0(g, OP_SWAP);
  int32_t kt = apply_fn(g, f, elem);
  emit0(g, OP_LIST_APPEND);
  emit_loop(g, head);
  patch_here(g, head);
  return kt;
}

// The items of the list in local items for which f is true (filter(f,
// xs)), into a new hidden local: returns it.
DEVFN int32_t filter_list(Code* g, int32_t f, int32_t items, int32_t elem, int32_t line) {
  int32_t out = new_slots(g, 1), h = new_slots(g, 2);
  g->line = line;
  emit_count(g, OP_LIST_NEW, 0);
  emit(g, OP_STORE, out);
  emit(g, OP_LOAD, items);
  emit(g, OP_ITER_INIT, h);
  int32_t head = emit(g, OP_FOR_LIST, h);
  emit0(g, OP_DUP);
  int32_t kt = apply_fn(g, f, elem);
  if (kt != T_BOOL) {
    ExpDesc e = truth(g, pushed(g, unwrap_as(g, kt, ST_TYPE_ERROR)));
    discharge(g, &e);
  }
  int32_t skip = emit(g, OP_JUMP_IF_FALSE, 0);
  emit(g, OP_LOAD, out);
  emit0(g, OP_SWAP);
  emit0(g, OP_LIST_APPEND);
  emit_loop(g, head);
  patch_here(g, skip);
  g->f.depth += 1;  // the item, kept on the path that skips it
  emit0(g, OP_POP);
  emit_loop(g, head);
  patch_here(g, head);
  return out;
}

DEVFN int32_t iterable_arg(Code* g, int32_t arg, int copy, int32_t call);
DEVFN void range_args(Code* g, int32_t call);

// map_filter := ('map' | 'filter') '(' fn ',' iterable ')'      as a list:
// what takes their values consumes them whole (list, sorted, sum, join,
// for), so building them first is exact. The iterable is evaluated first.
// The list is left in a hidden local (its descriptor); its item type into *elem.
DEVFN ExpDesc map_filter(Code* g, int32_t call, int32_t* elem) {
  const Node* c = cnode(g, call);
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

// iterator_call := 'range' args | 'reversed' '(' iterable ')' | map_filter
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
  return desc(g, EK_VOID, 0, T_BAD);
}

// ---- builtins of an iterable

// iterable_arg := comprehension | expression      a list (of a str's
// characters, or a copy when `copy`): its descriptor (a comprehension's,
// map's or filter's hidden local), its item type into *elem
DEVFN ExpDesc iterable_value(Code* g, int32_t arg, int copy, int32_t call, int32_t* elem) {
  const Node* a = cnode(g, arg);
  if (a->kind == ND_GENEXP) {
    *elem = ty(g, a->a);
    return comprehension(g, arg, SINK_LIST, call);
  }
  ExpDesc it = iterator_call(g, arg, elem);
  if (*elem != -1) return it;
  if (a->kind == ND_KEYWORD || a->kind == ND_STARRED) refuse(g, arg);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  ExpDesc e = expr(g, arg);
  discharge(g, &e);
  g->line = a->end;
  int32_t t = unwrap_as(g, e.type, ST_TYPE_ERROR);
  if (is_tuple(ctypes(g), t)) refuse(g, arg);
  *elem = t == T_STR ? T_STR : elem_of(ctypes(g), t);
  if (t == T_STR) emit0(g, OP_LIST_OF_STR);
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
  int32_t keys = -1, kt = elem;
  if (key >= 0) {
    keys = new_slots(g, 1);
    kt = map_list(g, cnode(g, key)->a, items, keys, elem, cnode(g, key)->line);
  }
  g->line = c->end;
  emit(g, OP_LOAD, items);
  if (keys >= 0) emit(g, OP_LOAD, keys);
  if (rev >= 0) emit(g, OP_LOAD, rev); else emit(g, OP_CONST, const_word(g, 0));
  emit(g, keys >= 0 ? OP_LIST_SORT_KEYED : OP_LIST_SORT, type_const(g, kt));
}

// min(xs, key=f) and max: the first least (greatest) key; a stable sort
// of the keys puts it first (descending for max)
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
  emit0(g, OP_DUP);
  emit0(g, OP_LIST_LEN);
  int32_t ok = emit(g, OP_JUMP_IF_TRUE, 0);
  emit(g, OP_RAISE, ST_VALUE_ERROR);  // min() arg is an empty sequence
  patch_here(g, ok);
  emit(g, OP_LOAD, keys);
  emit(g, OP_CONST, const_word(g, is_max));
  emit(g, OP_LIST_SORT_KEYED, type_const(g, kt));
  emit(g, OP_LOAD, items);
  emit(g, OP_CONST, const_word(g, 0));
  emit0(g, OP_LIST_GET);
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

// sequence_builtin := ('sum' | 'any' | 'all' | 'min' | 'max' | 'sorted' | 'list') '(' iterable ')'
DEVFN ExpDesc sequence_builtin(Code* g, int32_t i, int b) {
  const Node* n = cnode(g, i);
  if (b == BI_LIST && n->n == 0) { g->line = n->end; emit_count(g, OP_LIST_NEW, 0); return pushed(g, ty(g, i)); }
  int32_t arg = cx(g, n->b);
  if ((b == BI_SUM || b == BI_ANY || b == BI_ALL) && cnode(g, arg)->kind == ND_GENEXP && n->n == 1)
    return comprehension(g, arg, b == BI_SUM ? SINK_SUM : b == BI_ANY ? SINK_ANY : SINK_ALL, i);
  int keyed = (b == BI_MIN || b == BI_MAX) && n->n == 2 && node_is(g->s, cx(g, n->b + 1), "key");
  if (n->n != 1 && b != BI_SORTED && !keyed && !(b == BI_SUM && n->n == 2)) { refuse(g, i); return desc(g, EK_VOID, 0, T_BAD); }
  int32_t elem;
  ExpDesc it = iterable_value(g, arg, b == BI_SORTED || b == BI_LIST, i, &elem);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  if (b == BI_LIST) { it.type = ty(g, i); return it; }
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
  if (b == BI_SUM) { emit0(g, elem == T_FLOAT ? OP_LIST_SUM_FLOAT : OP_LIST_SUM_INT); return pushed(g, ty(g, i)); }
  // any / all over a list: the first true (false) item decides
  int is_any = b == BI_ANY;
  int32_t h = new_slots(g, 2), acc = new_slots(g, 1);
  emit(g, OP_ITER_INIT, h);
  emit(g, OP_CONST, const_word(g, !is_any));
  emit(g, OP_STORE, acc);
  int32_t head = emit(g, OP_FOR_LIST, h);
  ExpDesc e = truth(g, pushed(g, elem));
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
DEVFN void join_arg(Code* g, int32_t arg, int32_t call) { iterable_arg(g, arg, 0, call); }

// str.NAME(args) on the str pushed (methods.def)
DEVFN ExpDesc str_method(Code* g, int32_t i, int32_t name) {
  const Node* n = cnode(g, i);
  const char* names[] = {
#define STR_METHOD(id, word, op, sel, args) word,
#include "methods.def"
#undef STR_METHOD
  };
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
  int32_t m = 0, ts[MAX_PARAMS];
  while (m < SM_COUNT_ && !node_is(g->s, name, names[m])) m++;
  if (m == SM_COUNT_) { refuse(g, i); return desc(g, EK_VOID, 0, T_BAD); }
  int op = ops[m], sel = sels[m];
  if (m == SM_JOIN && n->n == 1) {
    join_arg(g, cx(g, n->b), i);
    g->line = n->end;
    emit0(g, OP_STR_JOIN);
    return pushed(g, T_STR);
  }
  int32_t k = call_args(g, i, ts, 0);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
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
  ExpDesc o = expr(g, obj);
  discharge(g, &o);
  g->line = cnode(g, obj)->end;
  int32_t t = unwrap_as(g, o.type, ST_ATTRIBUTE_ERROR);  // None.append: 'NoneType' object has no attribute
  if (code_failed(g)) return o;
  if (is_list(ctypes(g), t)) return list_method(g, i, attr, elem_of(ctypes(g), t));
  if (t == T_STR) return str_method(g, i, attr);
  refuse(g, i);
  return desc(g, EK_VOID, 0, T_BAD);
}

// call := NAME '(' args ')'      of a function of the program or a builtin
DEVFN ExpDesc call(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t callee = n->a, d0 = g->f.depth;
  if (cnode(g, callee)->kind == ND_ATTR) return method(g, i);
  if (cnode(g, callee)->kind != ND_NAME || local_of(g, callee)) { refuse(g, i); return desc(g, EK_VOID, 0, T_BAD); }
  int32_t f = find_callee(g, callee);
  if (f < 0) {
    if (from_math_name(g->s, callee)) return math_fn(g, callee, i);
    int b = builtin_of(g->s, callee);
    int form = b >= 0 ? builtin_form(b) : -1;
    if (form == BF_CALL) return call_form(g, i, b);
    if (form == BF_MINMAX && n->n >= 2 && cnode(g, cx(g, n->b + 1))->kind != ND_KEYWORD) return min_max(g, i, b == BI_MAX);
    if (form == BF_SEQ || form == BF_MINMAX) return sequence_builtin(g, i, b);
    if (form == BF_PRINT) return print_(g, i);
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
  if (g->f.fn >= 0) g->funcs[g->f.fn].callees |= 1u << f;
  emit(g, OP_CALL, f);
  g->f.depth = d0;
  stack_adjust(g, 1);
  return pushed(g, fs->ret);
}

// Items of a display pushed before one LIST_NEW; later ones are appended,
// so that a long display needs no deep operand stack (atoms.h).
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
    if (count < 0) emit0(g, OP_LIST_APPEND); else count++;
  }
  g->line = n->end;
  if (count >= 0) emit_count(g, OP_LIST_NEW, count);
  return pushed(g, ty(g, i));
}

// tuple_display := expression (',' expression)+ [',']
DEVFN ExpDesc tuple_display(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    ExpDesc e = expr(g, cx(g, n->a + k));
    discharge(g, &e);
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
  emit0(g, n->op == TK_TILDE ? OP_INVERT : t == T_FLOAT ? OP_NEG_FLOAT : OP_NEG_INT);
  return pushed(g, t);
}

// The line of the 'else' of conditional expression i (what a one-pass
// reader has just read when it jumps over the else branch).
DEVFN int32_t else_line(Code* g, int32_t i) {
  int32_t test = cx(g, cnode(g, i)->a + 1), orelse = cx(g, cnode(g, i)->a + 2);
  int32_t at = cnode(g, first_token(g->s, orelse))->line;
  if (cnode(g, test)->end == at) return at;
  return token_of(g->s, cnode(g, test)->pos + cnode(g, test)->len, TK_ELSE).line;
}

// A branch's value of a conditional whose type is Optional[T]: a scalar T boxed.
DEV void box_branch(Code* g, int32_t result, int32_t t) {
  const TypeTable* tt = ctypes(g);
  if (is_opt(tt, result) && t != T_NONE && !is_opt(tt, t) && !is_ref(tt, t)) emit0(g, OP_BOX);
}

// Whether expression i takes hidden slots or locals of its own (a
// comprehension, a lambda, a builtin that keeps a list in a slot).
DEVFN int takes_slots(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  switch (n->kind) {
    case ND_NAME: case ND_INT: case ND_FLOAT: case ND_CONST: case ND_STR: return 0;
    case ND_GROUP: case ND_UNARY: case ND_ATTR: case ND_KEYWORD: case ND_STARRED: return takes_slots(g, n->a);
    case ND_BINOP: case ND_SUBSCRIPT: return takes_slots(g, n->a) || takes_slots(g, n->b);
    case ND_SLICE: case ND_IFEXP:
      for (int32_t k = 0; k < 3; k++) if (cx(g, n->a + k) >= 0 && takes_slots(g, cx(g, n->a + k))) return 1;
      return 0;
    case ND_BOOLOP: case ND_COMPARE: case ND_LIST: case ND_TUPLE:
      for (int32_t k = 0; k < n->n; k++) if (takes_slots(g, cx(g, n->a + k))) return 1;
      return 0;
    case ND_OP: return 0;
    case ND_CALL: {
      const char* keep[] = {"sorted", "map", "filter", "any", "all", "min", "max", "sort"};
      for (int32_t k = 0; k < 8; k++) if (node_is(g->s, n->a, keep[k])) return 1;
      if (takes_slots(g, n->a)) return 1;
      for (int32_t k = 0; k < n->n; k++) if (takes_slots(g, cx(g, n->b + k))) return 1;
      return 0;
    }
  }
  return 1;
}

// conditional := expression 'if' expression 'else' expression      the test
// first, then one branch
DEVFN ExpDesc ifexp(Code* g, int32_t i, int in_test) {
  const Node* n = cnode(g, i);
  int32_t body = cx(g, n->a), test = cx(g, n->a + 1), orelse = cx(g, n->a + 2), type = ty(g, i);
  int32_t d0 = g->f.depth;
  // the one-pass compiler took the body's slots before the test's: not yet
  if (takes_slots(g, body) && takes_slots(g, test)) { refuse(g, i); return desc(g, EK_VOID, 0, T_BAD); }
  // the one-pass compiler read the body first, so its value was on the
  // stack while the test ran: the same frame size
  stack_adjust(g, 1);
  ExpDesc c = cond(g, test);
  discharge(g, &c);
  g->line = cnode(g, test)->end;
  int32_t jf = emit(g, OP_JUMP_IF_FALSE, 0);
  g->f.depth -= 1;
  ExpDesc x = operand(g, body, in_test);
  discharge(g, &x);
  g->line = else_line(g, i);
  box_branch(g, type, x.type);
  int32_t jend = emit(g, OP_JUMP, 0);
  patch_here(g, jf);
  g->f.depth = d0;
  ExpDesc y = in_test ? cond(g, orelse) : expr(g, orelse);
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
    case ND_ATTR:
      if (math_module(g, n->a)) return math_fn(g, i, -1);
      break;
  }
  refuse(g, i);
  return desc(g, EK_VOID, 0, T_BAD);
}

// ---- statements: each returns whether control can fall through

DEVFN int stmt(Code* g, int32_t i, int32_t follow);

// The line of the token after block b (a one-pass reader's last token when
// the block ends): its last statement's line end for a block on the line
// of its ':', else the DEDENT's, which is the line of what follows it.
DEV int32_t block_end_line(Code* g, int32_t b, int32_t follow) {
  const Node* n = cnode(g, b);
  int32_t first = cx(g, n->a);
  if (cnode(g, first_token(g->s, first))->line != n->line) return follow;
  return cnode(g, cx(g, n->a + n->n - 1))->end;
}
// The line of the first token of statement i.
DEV int32_t stmt_line(Code* g, int32_t i) { return cnode(g, first_token(g->s, i))->line; }

// block := statements      follow: the line of the token after it
DEVFN int block(Code* g, int32_t b, int32_t follow) {
  const Node* n = cnode(g, b);
  if (g->f.nopen >= MAX_NESTING + 2) { refuse(g, b); return 1; }
  g->f.block_depth++;
  g->f.open_blocks[g->f.nopen++] = ++g->f.block_serial;
  int falls = 1;
  // a one-pass reader's last token before the first statement: the ':' of a
  // block on its line, else the INDENT, on the first statement's line
  int32_t first = cx(g, n->a);
  g->line = stmt_line(g, first) == n->line ? n->line : stmt_line(g, first);
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    int32_t st = cx(g, n->a + k), next = k + 1 < n->n ? stmt_line(g, cx(g, n->a + k + 1)) : follow;
    if (!stmt(g, st, next)) falls = 0;
    int kind = cnode(g, st)->kind;
    if (kind != ND_IF && kind != ND_WHILE && kind != ND_FOR && kind != ND_DEF) g->line = cnode(g, st)->end;  // its NEWLINE's
  }
  g->f.block_depth--;
  g->f.nopen--;
  g->line = block_end_line(g, b, follow);
  return falls;
}

// A value (its descriptor e) stored to the local named by node `name`,
// declared on its first assignment, of type `type` from then on; a sum of the local and a constant or a local stores itself
// (ADD_INT_LK_ST, ...). `checked`: a new local may be read unassigned.
DEVFN void store_name(Code* g, int32_t name, int32_t type, ExpDesc* e, int checked, int32_t serial) {
  CodeLocal* l = local_of(g, name);
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
  ExpDesc e = expr(g, n->a);
  discharge(g, &e);
  int32_t t = e.type;
  g->line = n->end;
  if (g->f.fn == g->s->entry && is_opt(tt, t) && type_fits(tt, ret, elem_of(tt, t))) {
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

// if_stmt := 'if' expression block ('elif' expression block)* ['else' block]
// A test that is an `and` chain entire jumps out at its first false
// operand; one that is an `or` chain entire jumps into the block at its
// first true one.
DEVFN int if_stmt(Code* g, int32_t i, int32_t follow) {
  int32_t ends = -1;  // a jump list
  int falls = 0, has_else = 0;
  for (int32_t clause = i; clause >= 0 && !code_failed(g);) {
    const Node* n = cnode(g, clause);
    int32_t orelse = cx(g, n->b + 1), body = cx(g, n->b);
    const Node* test = cnode(g, n->a);
    int32_t falses = -1, trues = -1;
    int mode = test->kind != ND_BOOLOP ? LOGIC_VALUE : test->op == TK_AND ? LOGIC_AND_JUMPS : LOGIC_OR_JUMPS;
    ExpDesc e = mode == LOGIC_VALUE ? cond(g, n->a) : logic(g, n->a, mode, mode == LOGIC_AND_JUMPS ? &falses : &trues);
    g->line = test->end;
    int32_t next = jump_if_false(g, &e);
    patch_list(g, trues);
    int32_t after = orelse < 0 ? follow : cnode(g, orelse)->kind == ND_IF ? cnode(g, orelse)->line : else_keyword(g->s, orelse).line;
    if (block(g, body, after)) falls = 1;
    if (orelse >= 0) ends = jump_list_add(g, ends, OP_JUMP);
    patch_here(g, next);
    patch_list(g, falses);
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
// pushed; its type
DEVFN int32_t seq_arg(Code* g, int32_t arg) {
  const char* iters[] = {"range", "reversed", "map", "filter"};
  for (int32_t k = 0; k < 4; k++) if (calls_builtin(g, arg, iters[k])) refuse(g, arg);
  if (code_failed(g)) return T_BAD;
  ExpDesc e = expr(g, arg);
  discharge(g, &e);
  g->line = cnode(g, arg)->end;
  int32_t t = unwrap_as(g, e.type, ST_TYPE_ERROR);
  if (is_tuple(ctypes(g), t)) refuse(g, arg);
  return t;
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
  if (calls_builtin(g, x, "range")) {
    int32_t d0 = g->f.depth;
    range_args(g, x);
    int32_t h = new_slots(g, 3);
    emit(g, OP_RANGE_INIT, h);
    g->f.depth = d0;
    if (rev) emit(g, OP_RANGE_REV, h);
    it->op = OP_FOR_RANGE; it->arg = h; it->t[0] = T_INT;
  } else if (!rev && calls_builtin(g, x, "enumerate")) {
    int32_t t = seq_arg(g, cx(g, c->b));
    it->t[1] = t == T_STR ? T_STR : elem_of(tt, t);
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
    it->op = t == T_STR ? OP_FOR_ENUM_STR : OP_FOR_ENUM_LIST; it->arg = h; it->n = 2; it->t[0] = T_INT;
  } else if (!rev && calls_builtin(g, x, "zip")) {
    int32_t ta = seq_arg(g, cx(g, c->b)), tb = seq_arg(g, cx(g, c->b + 1));
    g->line = c->end;
    int32_t h = new_slots(g, 3);
    emit(g, OP_ZIP_INIT, h);
    it->op = OP_FOR_ZIP; it->arg = SETARG(PAIR, h) | SETARG(STR1, ta == T_STR) | SETARG(STR2, tb == T_STR);
    it->n = 2; it->t[0] = ta == T_STR ? T_STR : elem_of(tt, ta); it->t[1] = tb == T_STR ? T_STR : elem_of(tt, tb);
  } else {
    const char* other[] = {"enumerate", "zip", "reversed"};
    for (int32_t k = 0; k < 3; k++) if (calls_builtin(g, x, other[k])) refuse(g, x);
    if (code_failed(g)) return;
    if (!rev && (calls_builtin(g, x, "map") || calls_builtin(g, x, "filter"))) {
      int32_t elem;
      ExpDesc e = map_filter(g, x, &elem);  // a list of them
      discharge(g, &e);
      int32_t h = new_slots(g, 2);
      emit(g, OP_ITER_INIT, h);
      it->op = OP_FOR_LIST; it->arg = h; it->t[0] = elem;
      g->line = c->end;
      return;
    }
    ExpDesc e = expr(g, x);
    discharge(g, &e);
    g->line = cnode(g, x)->end;
    int32_t t = unwrap_as(g, e.type, ST_TYPE_ERROR);
    if (is_tuple(tt, t)) refuse(g, x);
    int32_t h = new_slots(g, 2);
    int list = t != T_STR;
    emit(g, list && rev ? OP_LIST_REV_INIT : OP_ITER_INIT, h);
    it->op = list ? (rev ? OP_FOR_LIST_REV : OP_FOR_LIST) : (rev ? OP_FOR_STR_REV : OP_FOR_STR);
    it->arg = h; it->t[0] = t == T_STR ? T_STR : elem_of(tt, t);
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
    CodeLocal* l = fresh ? 0 : local_of(g, names[0]);
    if (!l) l = declare(g, names[0], ty(g, names[0]), !fresh);
    if (!l) return 0;
    l->type = ty(g, names[0]);
    int mark = l->checked && !(l->bound_in && open_block(g, l->bound_in));
    int op = it->op, st = op == OP_FOR_RANGE ? OP_FOR_RANGE_ST : op == OP_FOR_STR ? OP_FOR_STR_ST
           : op == OP_FOR_LIST ? OP_FOR_LIST_ST : -1;
    int32_t head;
    if (st >= 0 && FITS(A, it->arg) && FITS(B, l->slot)) {
      head = put(g, st, SETARG(A, it->arg) | SETARG(B, l->slot) | SETARG(FLAG, mark));
      stack_adjust(g, 1);  // the item, stored by the head itself
      g->f.depth -= 1;
    } else {
      head = emit(g, op, it->arg);
      emit(g, mark ? OP_STORE_MARK : OP_STORE, l->slot);
    }
    if (mark) l->bound_in = serial;
    return head;
  }
  int32_t head = emit(g, it->op, it->arg);
  int32_t t0 = it->t[0], types[MAX_TARGETS];
  for (int32_t k = 0; k < n; k++) types[k] = it->n == n ? it->t[k] : is_tuple(tt, t0) ? tt->t[t0].items[k] : elem_of(tt, t0);
  if (it->n == 1) emit_count(g, is_tuple(tt, t0) ? OP_UNPACK_TUPLE : OP_UNPACK_LIST, n);
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

// An item or slice target obj[...] pushed as a one-pass reader left it:
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
DEV void set_item(Code* g, int32_t list, int32_t vt) {
  coerce(g, elem_of(ctypes(g), list), vt);
  emit0(g, OP_LIST_SET);
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
  set_item(g, list, value->type);
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
  ExpDesc e = expr(g, value);
  discharge(g, &e);
  g->line = v->end;
  int tuple = is_tuple(tt, e.type);
  if (!tuple && !is_list(tt, e.type)) { refuse(g, value); return; }
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
  int32_t before = g->line;  // the token before the statement's, where a one-pass reader went back
  if (tn->kind == ND_NAME || tn->kind == ND_SUBSCRIPT) {
    ExpDesc e = expr(g, value);
    g->line = n->line;  // the '=': a one-pass reader read the target again up to it
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
  ExpDesc e = expr(g, value);
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
  if (n->kind == ND_ATTR) return math_module(g, n->a);
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

// The type of a op b (the type pass checked it).
DEV int32_t binary_type(const TypeTable* tt, int kind, int32_t a, int32_t b) {
  if (is_opt(tt, a)) a = elem_of(tt, a);
  if (is_opt(tt, b)) b = elem_of(tt, b);
  if (a == T_STR || b == T_STR) return T_STR;
  if (is_list(tt, a)) return a;
  if (is_list(tt, b)) return b;
  if (a == T_FLOAT || b == T_FLOAT || kind == TK_SLASH) return T_FLOAT;
  int bitwise = kind == TK_AMP || kind == TK_PIPE || kind == TK_CARET;
  return bitwise && a == T_BOOL && b == T_BOOL ? T_BOOL : T_INT;
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
    stack_adjust(g, 1);  // (the one-item list the one-pass compiler made, then took back)
    g->f.depth -= 1;
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
  int32_t elem = elem_of(tt, list), kind = aug_to_binary(n->op);
  g->line = n->line;  // past the operator
  emit0(g, OP_DUP2);
  emit0(g, OP_LIST_GET);
  if (is_list(tt, elem) && (n->op == TK_PLUS_EQ || n->op == TK_STAR_EQ)) {
    emit0(g, OP_DUP);
    list_aug(g, i);
    set_item(g, list, elem);
    return;
  }
  ExpDesc x = pushed(g, elem);
  ExpDesc e = binary(g, i, kind, &x, n->b, binary_type(tt, kind, elem, ty(g, n->b)));
  discharge(g, &e);
  g->line = n->end;
  set_item(g, list, e.type);
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
  g->line = n->line;  // the operator's: a one-pass reader is past it
  ExpDesc x;
  if (surely_bound(g, l)) x = desc(g, EK_LOCAL, l->slot, l->type);
  else { emit(g, OP_LOAD_CHECKED, l->slot); x = pushed(g, l->type); }
  if (is_list(tt, l->type) && (n->op == TK_PLUS_EQ || n->op == TK_STAR_EQ)) {
    discharge(g, &x);
    list_aug(g, i);
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
  ExpDesc e = binary(g, i, kind, &x, n->b, l->type);
  g->line = n->end;
  store_name(g, n->a, l->type, &e, 0, this_block(g));
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
    case ND_IF: return if_stmt(g, i, follow);
    case ND_WHILE: return while_stmt(g, i, follow);
    case ND_FOR: return for_stmt(g, i, follow);
    case ND_ASSERT: assert_stmt(g, i); return 1;
    case ND_BREAK: case ND_CONTINUE: return loop_jump(g, i);
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

// funcdef := header block      follow: the line of the token after the def
DEVFN void funcdef(Code* g, int32_t fi, int32_t follow) {
  const SemaFunc* f = &g->s->funcs[fi];
  const Node* d = cnode(g, f->def);
  CodeFrame* fr = &g->f;
  fr->fn = fi; fr->nlocals = 0; fr->nslots = 0; fr->depth = 0; fr->max_depth = 0; fr->block_depth = -1;
  fr->nloops = 0; fr->nopen = 0; fr->block_serial = 0;
  for (int32_t k = 0; k < f->nparams; k++) declare(g, cx(g, d->b + k), f->ptype[k], 0);
  int32_t pc = g->out->n_code;
  g->line = cnode(g, cx(g, d->a + 1))->end;  // the token before the ':'
  if (memo_able(f)) g->funcs[fi].memo_pc = emit(g, OP_MEMO_ENTER, 0);
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

// The one-pass compiler's first reading (its prepass) made a str constant
// of every module-level `NAME = "..." ...` before any code: the same ones,
// in the same places.
DEVFN void module_strings(Code* g) {
  const Node* m = cnode(g, g->s->t->root);
  for (int32_t k = 0; k < m->n && !code_failed(g); k++) {
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

// The code pass over a program the type pass typed whole (s, with its
// types in s->ty), into out: 1 when generated, 0 when refused (a construct
// it does not generate yet: g->refused) or on a limit (out->diag).
DEVFN int code_program(Code* g, const Sema* s, Program* out) {
  g->s = s; g->src = s->src; g->out = out; g->diag = &out->diag; g->refused = -1; g->line = 1; g->defined = 0;
  out->ok = 0; out->n_code = 0; out->n_const = 0; out->n_funcs = 0; out->entry = -1; out->frame_slots = 0;
  out->memo = 0; out->n_loop_tests = 0;
  out->diag.cls = DG_OK; out->diag.line = 0; out->diag.col = 0; out->diag.msg[0] = 0; out->diag.sealed = 0;
  g->eof_line = 1;
  for (int32_t k = 0; k < s->n; k++) g->eof_line += s->src[k] == '\n';
  for (int32_t k = 0; k < MAX_MODULE_CONSTS; k++) g->const_str[k] = -1;
  for (int32_t k = 0; k < MAX_TYPES; k++) g->type_k[k] = -1;
  for (int32_t k = 0; k < s->nfuncs; k++) {
    g->funcs[k].callees = 0; g->funcs[k].memo_pc = -1; g->funcs[k].returns = -1;
    g->funcs[k].nparams = s->funcs[k].nparams;
  }
  module_strings(g);
  const Node* m = cnode(g, s->t->root);
  for (int32_t k = 0; k < m->n && !code_failed(g); k++) {
    int32_t st = cx(g, m->a + k);
    for (int32_t f = 0; f < s->nfuncs; f++)
      if (s->funcs[f].def == st && s->funcs[f].parent < 0) funcdef(g, f, module_follow(g, k));
  }
  if (code_failed(g)) return 0;
  finish_program(out, g->funcs, s->nfuncs, s->entry);
  return 1;
}
