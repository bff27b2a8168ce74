// codegen.h: the compiler's state, its symbol tables and bytecode emission.
// The parser (expr.h, stmt.h) is one pass over the tokens, in the manner of
// Lua's lparser.c: each grammar rule emits its code as it is recognised and
// returns the static type of what it left on the stack.
#pragma once
#include "emit.h"

struct Local {
  int32_t start, len;  // name, as a span of the source
  int32_t type;
  int32_t slot;
  int32_t checked;     // may be read before assignment: LOAD_CHECKED/STORE_MARK
  int32_t bound_in;    // serial of a block in which it is surely assigned (0: none)
  // An Optional known not to be None (after `x is not None`, ...): in block
  // narrow_in (0: nowhere), at loop depth narrow_loops; deeper loops may
  // reach the reads again after an assignment of None, so they do not use it.
  int32_t narrow_in, narrow_loops;
};

struct FuncSig {
  int32_t start, len;  // name
  int32_t line, col;
  int32_t nparams;
  int32_t pstart[MAX_PARAMS], plen[MAX_PARAMS];
  int32_t ptype[MAX_PARAMS];
  int32_t ret;
  int32_t parent;   // the enclosing top-level function of a nested def, or -1
  int32_t defined;  // a nested def: its def statement has been compiled
  uint32_t callees; // bit g: the body calls function g (memoize_program, stmt.h)
  int32_t memo_pc;  // its MEMO_ENTER when its signature could be memoized, else -1
  int32_t returns;  // its RETURNs, chained through their arguments (-1 ends)
};

struct Loop {
  int32_t head;      // pc of the loop test: `continue` jumps there
  int32_t nbreaks;
  int32_t breaks[MAX_BREAKS];
  int32_t has_break;
};


// What the compiler knows of the function being compiled. A nested def
// saves its enclosing function's state (Compiler.saved) while it compiles.
struct FnState {
  int32_t fn;
  int32_t fn_math;        // the function has run its own `import math`
  int32_t from_math[MAX_FROM_MATH];  // names of its `from math import ...` (token starts)
  int32_t nfrom_math;
  Local locals[MAX_LOCALS];
  int32_t nlocals, nslots;
  int32_t depth, max_depth;
  int32_t block_depth;  // 0 in the function's own body, > 0 inside if/while/for
  Loop loops[MAX_LOOPS];
  int32_t nloops;
  int32_t called_start[MAX_CALLED], called_len[MAX_CALLED];
  int32_t ncalled;
  int32_t prev1, prev2;  // pcs of the last two instructions since the last label (-1: none)
  // Open blocks, innermost last, by serial: a local assigned in a block is
  // bound for the rest of it, so reads there need no unbound check.
  int32_t open_blocks[MAX_NESTING + 2];
  int32_t nopen;
  int32_t block_serial;  // the last serial given
};

struct Compiler {
  Lexer lex;
  Token cur, nxt;   // the current token and one of lookahead
  int32_t prev_line;
  const char* src;
  Program* out;
  Diag* diag;
  FuncSig funcs[MAX_FUNCS];  // every def, nested ones included, in source order
  int32_t nfuncs;
  int32_t next_fi;        // the next def the main pass reaches
  int32_t math_imported;  // an `import math` at module level
  int32_t and_jumps;      // armed by an if/while whose test is an `and` chain (stmt.h, cond_test)
  int32_t false_list;     // that chain's jumps out, a jump list for the statement to patch
  int32_t or_jumps;       // armed by an if whose test is an `or` chain (stmt.h, cond_test)
  int32_t true_list;      // that chain's jumps into the block, for the statement to patch
  int32_t want_tuple;     // the tuple type a display is to take (stmt.h, expression_as), or -1
  int32_t from_math[MAX_FROM_MATH];  // a module-level `from math import ...`: name starts
  int32_t nfrom_math;
  int32_t entry;          // the entry function's index in funcs
  int32_t typing[MAX_TYPING_NAMES];  // names of `from typing import ...` so far (token starts)
  int32_t ntyping, typing_all;       // typing_all: `from typing import *`
  int32_t in_header;      // parsing a def's signature (its annotations are evaluated)
  int32_t discovering;    // compiling ahead to learn an empty list's item type (atoms.h)
  // Module-level constants, NAME = literal (stmt.h, prepass): a function's
  // read of NAME, with no local of that name, is the literal.
  struct { int32_t start, len, type, twice; int64_t value; } consts[MAX_MODULE_CONSTS];
  int32_t nconsts;
  int32_t nesting;
  // The entry's answer None where its type says T is a wrong answer when
  // the verifier called it; a call from the program itself would get the
  // None back and go on. So a program that both calls its entry and lets
  // it return None (fall off its end, `return`, an Optional's None) is
  // refused, as a helper that does so is (compile_program, at the end).
  int32_t entry_called;
  struct { int32_t kind, line, col, type; } entry_none;  // the first such return; kind 0: none
  FnState f;              // the function being compiled
  FnState saved;          // its enclosing function's, while a nested def compiles
  TypeTable types;
};

DEV int failed(Compiler* c) { return c->diag->cls != DG_OK; }
// In an error reporter: an error is already kept, so seal its message
// against the pieces this reporter's caller is about to append.
DEV int already_failed(Compiler* c) {
  if (!failed(c)) return 0;
  c->diag->sealed = 1;
  return 1;
}

// Where an argument began: enough for a diagnostic, small enough that the
// parser's recursion keeps a shallow GPU stack (a Token is 40 bytes).
struct Pos {
  int32_t line, col;
};

// ---- diagnostics: "<Class>: <message>" at a token (or a Pos), clox style.
template <class At>
DEV void error_at(Compiler* c, const At* t, int cls, const char* what) {
  if (already_failed(c)) return;
  diag_set(c->diag, cls, t->line, t->col);
  msg(c->diag, what);
}
DEV void error_tok(Compiler* c, const Token* t, int cls, const char* what) {
  if (already_failed(c)) return;
  error_at(c, t, cls, what);
  msg_token(c->diag, c->src, t);
}
template <class At>
DEV void unsupported(Compiler* c, const At* t, const char* feature) {
  if (already_failed(c)) return;
  error_at(c, t, DG_UNSUPPORTED, "");
  msg(c->diag, feature);
}
DEV void limit_error(Compiler* c, const char* which) {
  if (already_failed(c)) return;
  error_at(c, &c->cur, DG_LIMIT, "program exceeds ");
  msg(c->diag, which);
}
DEV void msg_type(Compiler* c, int32_t t) { msg_type_in(c->diag, &c->types, t); }
DEV void msg_tok(Compiler* c, const Token* t) { msg_add(c->diag, c->src + t->start, t->len); }
DEV void type_error2(Compiler* c, const Token* t, const char* what, int32_t a, int32_t b) {
  if (already_failed(c)) return;
  error_at(c, t, DG_TYPE, what);
  msg_type(c, a);
  if (b != T_BAD) { msg(c->diag, " and "); msg_type(c, b); }
}

// ---- tokens
DEV void advance(Compiler* c) {
  c->prev_line = c->cur.line;
  c->cur = c->nxt;
  if (c->cur.kind == TK_EOF || c->cur.kind == TK_ERROR) { c->nxt = c->cur; return; }
  c->nxt = lex_next(&c->lex);
}
DEV int check(Compiler* c, int kind) { return c->cur.kind == kind; }
DEV int accept(Compiler* c, int kind) {
  if (c->cur.kind != kind) return 0;
  advance(c);
  return 1;
}
DEV void expect(Compiler* c, int kind, const char* what) {
  if (accept(c, kind)) return;
  if (c->cur.kind == TK_ERROR) return;  // the lexer has reported it
  error_tok(c, &c->cur, DG_SYNTAX, what);
}
DEV int tok_is(Compiler* c, const Token* t, const char* word) {
  return t->kind == TK_NAME && span_eq(c->src + t->start, t->len, word);
}
DEV int same_name(Compiler* c, int32_t s1, int32_t l1, int32_t s2, int32_t l2) {
  if (l1 != l2) return 0;
  for (int32_t i = 0; i < l1; i++) if (c->src[s1 + i] != c->src[s2 + i]) return 0;
  return 1;
}


// ---- emission (op_effect, op_size, jump lists and the superinstruction
// tables: emit.h)
DEV void adjust(Compiler* c, int32_t delta) {
  c->f.depth += delta;
  if (c->f.depth > c->f.max_depth) c->f.max_depth = c->f.depth;
  if (c->f.max_depth > MAX_STACK) limit_error(c, "MAX_STACK (operand stack depth)");
}

DEV int32_t emit_word(Compiler* c, int32_t w) {
  Program* p = c->out;
  if (p->n_code >= MAX_CODE) { limit_error(c, "MAX_CODE (instructions)"); return 0; }
  p->code[p->n_code] = w;
  p->lines[p->n_code] = c->prev_line;
  return p->n_code++;
}

// Emit op with its argument; returns its pc. The stack effect of CALL is
// applied by its caller, which knows the callee's arity.
DEV int32_t emit(Compiler* c, int op, int32_t arg) {
  int32_t pc = emit_word(c, INSN(op, arg));
  if (op_size(op) == 2) emit_word(c, 0);
  adjust(c, op_effect(op));
  c->f.prev2 = c->f.prev1;
  c->f.prev1 = pc;
  return pc;
}

// A jump may land here: no superinstruction may swallow what came before.
DEV void label(Compiler* c) { c->f.prev1 = c->f.prev2 = -1; }


// The argument of a push `op` (CONST, CONST_STR, LOAD) that was the last
// instruction emitted, no label since, taken back so that the instruction
// about to be emitted carries it in a field: only when arg < below; -1 (and
// nothing done) otherwise.
DEV int32_t take_push(Compiler* c, int op, int32_t below) {
  int32_t p1 = c->f.prev1;
  Program* p = c->out;
  if (p1 < 0 || p1 != p->n_code - 1 || INSN_OP(p->code[p1]) != op || INSN_ARG(p->code[p1]) >= below) return -1;
  p->n_code = p1;
  c->f.depth -= 1;
  c->f.prev1 = c->f.prev2;
  c->f.prev2 = -1;
  return INSN_ARG(p->code[p1]);
}

// Emit an int operation, fused with the two pushes before it when they are
// LOAD a; CONST k or LOAD a; LOAD b and no label lies between (the
// peephole of the one-pass compiler: those are its operands).
DEV int32_t emit_int_op(Compiler* c, int op, int32_t arg) {
  int32_t p1 = c->f.prev1, p2 = c->f.prev2;
  Program* p = c->out;
  if (p1 >= 0 && p2 >= 0 && p1 == p2 + 1 && p1 == p->n_code - 1) {
    int32_t w1 = p->code[p1], w2 = p->code[p2];
    int ll = INSN_OP(w1) == OP_LOAD;
    int f = fused_op(op, ll);
    int32_t a = INSN_ARG(w2), b = INSN_ARG(w1);
    if (f >= 0 && INSN_OP(w2) == OP_LOAD && (ll || INSN_OP(w1) == OP_CONST) && FITS(A, a) && (ll ? FITS(B, b) : FITS(K, b))) {
      p->n_code = p2;
      c->f.depth -= 2;
      c->f.prev1 = c->f.prev2 = -1;
      int32_t packed = SETARG(A, a) | (ll ? SETARG(B, b) | SETARG(CMP_B, arg) : SETARG(K, b) | SETARG(CMP_K, arg));
      return emit(c, f, packed);
    }
  }
  // x op k, x any int on the stack: the constant joins the operation
  int fk = op == OP_ADD_INT ? OP_ADD_INT_K : op == OP_SUB_INT ? OP_SUB_INT_K : op == OP_MUL_INT ? OP_MUL_INT_K
         : op == OP_FLOORDIV_INT ? OP_FLOORDIV_INT_K : op == OP_MOD_INT ? OP_MOD_INT_K : -1;
  int32_t k = fk >= 0 || op == OP_CMP_INT ? take_push(c, OP_CONST, 1 << SIZE_K) : -1;
  if (k >= 0) return fk >= 0 ? emit(c, fk, SETARG(K, k)) : emit(c, OP_CMP_INT_K, SETARG(K, k) | SETARG(CMP_K, arg));
  // x OP b: the local joins the comparison
  int32_t b = op == OP_CMP_INT ? take_push(c, OP_LOAD, 1 << SIZE_B) : -1;
  if (b >= 0) return emit(c, OP_CMP_INT_L, SETARG(B, b) | SETARG(CMP_B, arg));
  return emit(c, op, arg);
}

// A comparison of strs; against a constant (c == '(', s != 'abc') the
// constant joins it, CMP_STR_K, whose == and != test equality alone.
DEV int32_t emit_str_cmp(Compiler* c, int32_t cmp) {
  int32_t k = take_push(c, OP_CONST_STR, 1 << SIZE_K);
  return k >= 0 ? emit(c, OP_CMP_STR_K, SETARG(K, k) | SETARG(CMP_K, cmp)) : emit(c, OP_CMP_STR, cmp);
}

// JUMP_IF_FALSE after a comparison of ints becomes the comparison's jumping
// form. Returns the pc to patch (patch_to knows two-word instructions).
DEV int32_t emit_jump_if_false(Compiler* c) {
  int32_t p1 = c->f.prev1;
  Program* p = c->out;
  // an int's truth is its being nonzero, which is what the jump tests
  if (p1 >= 0 && p1 == p->n_code - 1 && INSN_OP(p->code[p1]) == OP_TRUTH_INT) {
    p->n_code = p1;
    c->f.prev1 = c->f.prev2;
    c->f.prev2 = -1;
    p1 = c->f.prev1;
  }
  if (p1 >= 0 && p1 == p->n_code - 1 && INSN_OP(p->code[p1]) == OP_CMP_INT_K && c->f.prev2 == p1 - 1) {
    // a % b OP k and a % k2 OP k, the divisibility and parity tests: the
    // modulo joins the jump when the constants' indices fit its fields
    int32_t mod = p->code[p1 - 1], cmp = INSN_ARG(p->code[p1]);
    int32_t k = GETARG(cmp, K), m = INSN_ARG(mod);
    int f = INSN_OP(mod) == OP_MOD_INT_LL ? OP_MOD_INT_LL_K_JF
          : INSN_OP(mod) == OP_MOD_INT_LK && FITS(B, GETARG(m, K)) ? OP_MOD_INT_LK_K_JF : -1;
    if (f >= 0 && FITS(K2, k)) {
      p->n_code = p1 - 1;
      c->f.depth -= 1;  // the modulo's push (the comparison pops and pushes)
      c->f.prev1 = c->f.prev2 = -1;
      emit(c, f, SETARG(A, GETARG(m, A)) | SETARG(B, GETARG(m, B)) | SETARG(CMP_B, GETARG(cmp, CMP_K)) | SETARG(K2, k));
      label(c);
      return p1 - 1;
    }
  }
  if (p1 >= 0 && p1 == p->n_code - 1) {
    int op = INSN_OP(p->code[p1]);
    int jf = op == OP_CMP_INT ? OP_CMP_INT_JF : op == OP_CMP_INT_LK ? OP_CMP_INT_LK_JF
           : op == OP_CMP_INT_LL ? OP_CMP_INT_LL_JF : op == OP_CMP_INT_K ? OP_CMP_INT_K_JF
           : op == OP_CMP_INT_L ? OP_CMP_INT_L_JF : op == OP_CMP_STR_K ? OP_CMP_STR_K_JF : -1;
    if (jf >= 0) {
      int32_t arg = INSN_ARG(p->code[p1]);
      p->n_code = p1;
      c->f.depth -= op_effect(op);
      c->f.prev1 = c->f.prev2;
      emit(c, jf, arg);
      label(c);
      return p1;
    }
  }
  return emit(c, OP_JUMP_IF_FALSE, 0);
}

// A jump taken when the value on top is true (an `or` operand's way into
// its if block): an int or str comparison just emitted is turned into its
// negation (cmp_negated), so that the fused jumps of emit_jump_if_false
// serve; anything else, JUMP_IF_TRUE.
DEV int32_t emit_jump_if_true(Compiler* c) {
  int32_t p1 = c->f.prev1;
  Program* p = c->out;
  if (p1 >= 0 && p1 == p->n_code - 1) {
    int op = INSN_OP(p->code[p1]);
    // where the comparison lies: a C argument, or the LK and LL layouts (fields.def)
    int at = op == OP_CMP_INT ? 0 : op == OP_CMP_INT_LK || op == OP_CMP_INT_K || op == OP_CMP_STR_K ? POS_CMP_K
           : op == OP_CMP_INT_LL || op == OP_CMP_INT_L ? POS_CMP_B : -1;
    if (at >= 0) {
      p->code[p1] = cmp_negated(p->code[p1], at);
      return emit_jump_if_false(c);
    }
  }
  return emit(c, OP_JUMP_IF_TRUE, 0);
}
DEV int32_t emit0(Compiler* c, int op) { return emit(c, op, 0); }

DEV void patch_to(Compiler* c, int32_t pc, int32_t target) { patch_word(c->out, pc, target); }
DEV void label(Compiler* c);
DEV void patch_here(Compiler* c, int32_t pc) {
  patch_to(c, pc, c->out->n_code);
  label(c);
}

DEV int32_t jump_list_add(Compiler* c, int32_t list, int op) {
  return list_link(c->out, emit(c, op, 0), list);
}
DEV void patch_list(Compiler* c, int32_t list) {
  while (list >= 0) {
    int32_t next = list_next(c->out, list);
    patch_here(c, list);
    list = next;
  }
}
DEV void emit_loop(Compiler* c, int32_t head) {
  int32_t pc = emit(c, OP_LOOP, 0);
  patch_to(c, pc, head);
}

// The end of a loop whose head is at `head` (not a `continue`, which goes
// to the head): a loop over a range, a str or a list steps itself here, one
// dispatch a round instead of LOOP then its FOR_*_ST; the loop's exit is
// right after.
DEV void emit_loop_end(Compiler* c, int32_t head) {
  int32_t w = c->out->code[head];
  int op = INSN_OP(w);
  int next = op == OP_FOR_RANGE_ST ? OP_FOR_RANGE_NEXT : op == OP_FOR_STR_ST ? OP_FOR_STR_NEXT
           : op == OP_FOR_LIST_ST ? OP_FOR_LIST_NEXT : -1;
  if (next < 0) { emit_loop(c, head); return; }
  int32_t pc = emit(c, next, INSN_ARG(w));
  c->out->code[pc + 1] = (head + 2) - (pc + 2);
}

// Insert one instruction word at pc, moving the code after it along.
// The caller fixes the jumps across pc (relative jumps within the moved
// code stay right).
DEV void insert_word(Compiler* c, int32_t pc, int32_t w) {
  Program* p = c->out;
  if (p->n_code >= MAX_CODE) { limit_error(c, "MAX_CODE (instructions)"); return; }
  for (int32_t i = p->n_code; i > pc; i--) { p->code[i] = p->code[i - 1]; p->lines[i] = p->lines[i - 1]; }
  p->code[pc] = w;
  p->n_code++;
  label(c);
}

// Swap the adjacent code ranges [a, b) and [b, e): lets the one-pass parser
// emit `x if cond else y` in evaluation order (cond first) after having read
// x first. Jumps are relative and never cross the ranges, so they stay valid.
DEV void reverse_code(Program* p, int32_t a, int32_t e) {
  for (e--; a < e; a++, e--) {
    int32_t w = p->code[a]; p->code[a] = p->code[e]; p->code[e] = w;
    int32_t l = p->lines[a]; p->lines[a] = p->lines[e]; p->lines[e] = l;
  }
}
DEV void rotate_code(Program* p, int32_t a, int32_t b, int32_t e) {
  reverse_code(p, a, b); reverse_code(p, b, e); reverse_code(p, a, e);
}

// ---- constants
DEV int32_t const_word(Compiler* c, int64_t w) {
  Program* p = c->out;
  for (int32_t i = 0; i < p->n_const; i++) if (p->konst[i] == w) return i;
  if (p->n_const >= MAX_CONST_WORDS) { limit_error(c, "MAX_CONST_WORDS (constants)"); return 0; }
  p->konst[p->n_const] = w;
  return p->n_const++;
}
DEV void emit_int(Compiler* c, int64_t v) { emit(c, OP_CONST, const_word(c, v)); }
DEV void emit_float(Compiler* c, double v) { emit(c, OP_CONST, const_word(c, double_to_bits(v))); }

// Reserve room for a string object of n bytes; returns its first word.
DEV int32_t const_str_alloc(Compiler* c, int32_t n) {
  Program* p = c->out;
  int32_t words = STR_WORDS(n);
  if (p->n_const + words > MAX_CONST_WORDS) { limit_error(c, "MAX_CONST_WORDS (constants)"); return -1; }
  int32_t at = p->n_const;
  for (int32_t i = 0; i < words; i++) p->konst[at + i] = 0;
  p->konst[at] = n;
  p->n_const += words;
  return at;
}

// A string constant of the n bytes at text; its first word, or -1 (a
// LimitError) when the constants are full.
DEV int32_t const_str_text(Compiler* c, const char* text, int32_t n) {
  int32_t at = const_str_alloc(c, n);
  if (at < 0) return -1;
  char* bytes = (char*)(c->out->konst + at + 1);
  for (int32_t i = 0; i < n; i++) bytes[i] = text[i];
  return at;
}

// ---- locals
// Newest first: a comprehension's variable shadows a local of its name.
DEV Local* find_local(Compiler* c, int32_t start, int32_t len) {
  for (int32_t i = c->f.nlocals - 1; i >= 0; i--)
    if (same_name(c, c->f.locals[i].start, c->f.locals[i].len, start, len)) return &c->f.locals[i];
  return 0;
}
DEV int32_t new_slots(Compiler* c, int32_t n) {
  int32_t s = c->f.nslots;
  c->f.nslots += n;
  if (c->f.nslots > MAX_SLOTS) { limit_error(c, "MAX_SLOTS (local variables and hidden loop state)"); return 0; }
  return s;
}
DEV int called_here(Compiler* c, int32_t start, int32_t len) {
  for (int32_t i = 0; i < c->f.ncalled; i++)
    if (same_name(c, c->f.called_start[i], c->f.called_len[i], start, len)) return 1;
  return 0;
}
DEV Local* declare_local(Compiler* c, const Token* name, int32_t type, int checked) {
  if (c->f.nlocals >= MAX_LOCALS) { limit_error(c, "MAX_LOCALS (local variables)"); return 0; }
  if (called_here(c, name->start, name->len)) {
    unsupported(c, name, "a local variable named like a function or constant used earlier in this function: '");
    msg_tok(c, name); msg(c->diag, "'");
    return 0;
  }
  Local* l = &c->f.locals[c->f.nlocals++];
  l->start = name->start; l->len = name->len; l->type = type; l->checked = checked; l->bound_in = 0;
  l->narrow_in = 0; l->narrow_loops = 0;
  l->slot = new_slots(c, checked ? 2 : 1);
  return l;
}
DEV int block_open(Compiler* c, int32_t serial) {
  for (int32_t i = c->f.nopen - 1; i >= 0; i--) if (c->f.open_blocks[i] == serial) return 1;
  return 0;
}
DEV void emit_load(Compiler* c, const Local* l) {
  int sure = !l->checked || (l->bound_in && block_open(c, l->bound_in));
  emit(c, sure ? OP_LOAD : OP_LOAD_CHECKED, l->slot);
}
DEV int32_t decay(Compiler* c, int32_t t);

// Read a local: its value, unwrapped when it is an Optional known not to
// be None here (the UNWRAP cannot fail then); returns the type read.
DEV int32_t load_local(Compiler* c, const Local* l) {
  emit_load(c, l);
  if (l->narrow_in && block_open(c, l->narrow_in) && c->f.nloops == l->narrow_loops) return decay(c, l->type);
  return l->type;
}
DEV void narrow(Compiler* c, Local* l, int32_t serial) { l->narrow_in = serial; l->narrow_loops = c->f.nloops; }

// STORE slot right after an LK/LL add or subtract that read local `slot`
// becomes that operation's storing form (x += k): 1 if fused.
DEV int fuse_store(Compiler* c, int32_t slot) {
  int32_t p1 = c->f.prev1;
  Program* p = c->out;
  if (p1 < 0 || p1 != p->n_code - 1) return 0;
  int32_t w = p->code[p1];
  int op = INSN_OP(w);
  int st = op == OP_ADD_INT_LK ? OP_ADD_INT_LK_ST : op == OP_SUB_INT_LK ? OP_SUB_INT_LK_ST
         : op == OP_ADD_INT_LL ? OP_ADD_INT_LL_ST : -1;
  if (st < 0 || GETARG(INSN_ARG(w), A) != slot) return 0;
  p->code[p1] = INSN(st, INSN_ARG(w));
  c->f.depth -= 1;  // the sum is stored, not pushed
  return 1;
}

// The plain LOAD at `load` (of local a) taken out when the code after it
// up to `end` is straight-line and stores nothing, so that the operation
// that used its value can read local a itself: reading it later is the
// same value, and when that code raises nothing else has happened either
// way. No jump crosses the word: those before it were patched to `load` at
// the latest, and the code after has none. Returns a, or -1 (nothing done).
DEV int copyable_in_test(int op);
// Whether op writes a local (an expression's straight-line code has none of
// these, but the test below need not rely on that).
DEV int writes_local(int op) {
  switch (op) {
    case OP_STORE: case OP_STORE_MARK: case OP_RANGE_INIT: case OP_RANGE_REV: case OP_ITER_INIT:
    case OP_ENUM_INIT: case OP_ZIP_INIT: case OP_LIST_REV_INIT: case OP_ADD_INT_LK_ST:
    case OP_SUB_INT_LK_ST: case OP_ADD_INT_LL_ST: case OP_ADD_INT_ST: case OP_SUB_INT_ST: return 1;
  }
  return 0;
}
DEV int32_t drop_load(Compiler* c, int32_t load, int32_t end) {
  Program* p = c->out;
  if (load < 0 || load >= end || INSN_OP(p->code[load]) != OP_LOAD) return -1;
  for (int32_t pc = load + 1; pc < end; pc++) {
    int q = INSN_OP(p->code[pc]);
    if (!copyable_in_test(q) || writes_local(q)) return -1;
  }
  int32_t a = INSN_ARG(p->code[load]);
  for (int32_t pc = load; pc + 1 < p->n_code; pc++) { p->code[pc] = p->code[pc + 1]; p->lines[pc] = p->lines[pc + 1]; }
  p->n_code--;
  c->f.depth -= 1;
  label(c);
  return a;
}

// `x += e` or `x -= e` on an int local x whose plain LOAD is at `load`,
// the add or subtract just emitted, e straight-line code between: the LOAD
// goes (drop_load) and the operation stores the sum itself (ADD_INT_ST,
// SUB_INT_ST), two dispatches fewer; 1 if fused.
DEV int fuse_aug_store(Compiler* c, int32_t load, int32_t slot) {
  Program* p = c->out;
  int32_t last = p->n_code - 1;
  if (c->f.prev1 != last || last <= load || p->code[load] != INSN(OP_LOAD, slot)) return 0;
  int op = INSN_OP(p->code[last]);
  int st = op == OP_ADD_INT ? OP_ADD_INT_ST : op == OP_SUB_INT ? OP_SUB_INT_ST : -1;
  if (st < 0 || drop_load(c, load, last) < 0) return 0;
  // the sum is stored, not pushed: with the LOAD gone (drop_load took its
  // slot off the depth) the operation pops one operand and pushes nothing
  p->code[p->n_code - 1] = INSN(st, slot);
  return 1;
}

// xs[e] or s[e] read from a list or str local whose plain LOAD is at
// `load`, e straight-line code: the LOAD goes (drop_load) and the read
// names the local (LIST_GET_L, STR_INDEX_L); 1 if fused.
DEV int fuse_get_local(Compiler* c, int32_t load, int op) {
  int32_t a = drop_load(c, load, c->out->n_code);
  if (a < 0) return 0;
  emit(c, op, a);
  return 1;
}



DEV void emit_loop_test(Compiler* c, int32_t head, int32_t jump, int32_t body, int32_t falses) {
  if (!copy_loop_test(c->out, c->prev_line, head, jump, body, falses)) emit_loop(c, head);
  label(c);
}

// A FOR_* head just emitted, then a store of its item to `slot`: the head
// stores it itself (FOR_*_ST), setting the slot's unbound-flag when `mark`.
DEV int fuse_for_store(Compiler* c, int32_t slot, int mark) {
  int32_t p1 = c->f.prev1;
  Program* p = c->out;
  if (p1 < 0 || p1 != p->n_code - 2) return 0;
  int32_t w = p->code[p1];
  int op = INSN_OP(w);
  int st = op == OP_FOR_RANGE ? OP_FOR_RANGE_ST : op == OP_FOR_STR ? OP_FOR_STR_ST
         : op == OP_FOR_LIST ? OP_FOR_LIST_ST : -1;
  if (st < 0 || !FITS(A, INSN_ARG(w)) || !FITS(B, slot)) return 0;
  p->code[p1] = INSN(st, SETARG(A, INSN_ARG(w)) | SETARG(B, slot) | SETARG(FLAG, mark ? 1 : 0));
  c->f.depth -= 1;  // the item is stored, not pushed
  c->f.prev1 = c->f.prev2 = -1;
  return 1;
}

// Store to l; the rest of block `serial` (default: the innermost) may read it unchecked.
DEV void emit_store_in(Compiler* c, Local* l, int32_t serial) {
  l->narrow_in = 0;  // a store may make it None again (store_name_in narrows a T)
  int bound = l->bound_in && block_open(c, l->bound_in);  // its flag is already set
  int op = l->checked && !bound ? OP_STORE_MARK : OP_STORE;
  if (op == OP_STORE && fuse_store(c, l->slot)) return;
  if (!fuse_for_store(c, l->slot, op == OP_STORE_MARK)) emit(c, op, l->slot);
  if (l->checked && !bound) l->bound_in = serial;
}
DEV void emit_store(Compiler* c, Local* l) {
  emit_store_in(c, l, c->f.nopen ? c->f.open_blocks[c->f.nopen - 1] : 0);
}

// The function a call by this name means here, as Python scopes it: inside

// Where the entry may answer None (the first place is kept).
DEV void entry_may_return_none(Compiler* c, int32_t kind, int32_t line, int32_t col, int32_t type) {
  if (c->entry_none.kind) return;
  c->entry_none.kind = kind; c->entry_none.line = line; c->entry_none.col = col; c->entry_none.type = type;
}

// A call of function f (a call expression, or a key= function).
DEV void emit_call(Compiler* c, int32_t f) {
  if (f == c->entry) c->entry_called = 1;
  if (c->f.fn >= 0) c->funcs[c->f.fn].callees |= 1u << f;
  emit(c, OP_CALL, f);
}

// A RETURN, chained into its function's list: memoize_program makes it a
// MEMO_RETURN if the function is memoized.
DEV void emit_return(Compiler* c) {
  FuncSig* f = &c->funcs[c->f.fn];
  int32_t pc = emit(c, OP_RETURN, 0);
  c->out->code[pc] = INSN(OP_RETURN, f->returns);
  f->returns = pc;
}

// a top-level function its nested defs first (a local name: -2 while its
// def statement is still ahead), inside a nested def itself (recursion),
// then the module's functions. -1: none.
DEV int32_t find_func(Compiler* c, int32_t start, int32_t len) {
  int32_t cur = c->f.fn;
  for (int32_t i = 0; i < c->nfuncs; i++) {
    const FuncSig* g = &c->funcs[i];
    if (g->parent < 0 || !same_name(c, g->start, g->len, start, len)) continue;
    if (i == cur) return i;
    if (cur >= 0 && c->funcs[cur].parent < 0 && g->parent == cur) return g->defined ? i : -2;
  }
  for (int32_t i = 0; i < c->nfuncs; i++)
    if (c->funcs[i].parent < 0 && same_name(c, c->funcs[i].start, c->funcs[i].len, start, len)) return i;
  return -1;
}

// An Optional[T] used where CPython would raise TypeError on None (an
// operand, a builtin's argument, a subscripted or iterated value) is
// unwrapped to its T with that check; other types pass unchanged.
DEV int32_t decay_as(Compiler* c, int32_t t, int status) {
  if (!is_opt(&c->types, t)) return t;
  int32_t e = elem_of(&c->types, t);
  if (e == T_UNK) {
    Token at = c->cur;
    error_at(c, &at, DG_TYPE, "the type of a variable that holds None so far is not known here; annotate it");
    return T_BAD;
  }
  emit(c, is_ref(&c->types, e) ? OP_UNWRAP : OP_UNBOX, status);
  return e;
}
DEV int32_t decay(Compiler* c, int32_t t) { return decay_as(c, t, ST_TYPE_ERROR); }
// A tuple of one item type iterated, searched or summed: as a list of them.
DEV int32_t tuple_as_list(Compiler* c, int32_t t) {
  int32_t e = tuple_common(&c->types, t);
  if (e == T_BAD) return t;
  emit(c, OP_TUPLE_LIST, c->types.t[t].n);
  int32_t l = type_list(&c->types, e);
  return l == T_BAD ? t : l;
}
// The same for the value under the top of the stack.
DEV int32_t decay_under(Compiler* c, int32_t t) {
  if (!is_opt(&c->types, t)) return t;
  emit0(c, OP_SWAP);
  t = decay(c, t);
  emit0(c, OP_SWAP);
  return t;
}

// An instruction whose stack effect is its count argument n (LIST_NEW,
// TUPLE_NEW pop n; UNPACK_* push n).
DEV int32_t emit_count(Compiler* c, int op, int32_t n) {
  int32_t pc = emit(c, op, n);
  adjust(c, op == OP_LIST_NEW || op == OP_TUPLE_NEW ? -n : n);
  return pc;
}

// Drop the value on top; a push just made (no label between) is unmade instead.
DEV void emit_pop(Compiler* c) {
  const int32_t any = 1 << 24;  // every argument
  if (take_push(c, OP_CONST, any) < 0 && take_push(c, OP_LOAD, any) < 0 && take_push(c, OP_CONST_STR, any) < 0)
    emit0(c, OP_POP);
}

// The constant index of t's type code as a string object, made once.
DEV int32_t type_const(Compiler* c, int32_t t) {
  TypeDef* d = &c->types.t[t];
  if (d->code_k >= 0) return d->code_k;
  char buf[MAX_SIG];
  int32_t n = 0;
  if (!type_code(&c->types, t, buf, &n, MAX_SIG)) { limit_error(c, "MAX_SIG (type code of one type)"); return 0; }
  int32_t at = const_str_text(c, buf, n);
  if (at < 0) return 0;
  d->code_k = at;
  return at;
}

// The id of a type built by type_list/type_tuple/type_opt, or a LimitError
// naming the table that is full.
DEV int32_t checked_type(Compiler* c, const Token* at, int32_t t) {
  if (t != T_BAD || failed(c)) return t;
  error_at(c, at, DG_LIMIT, c->types.n >= MAX_TYPES ? "program exceeds MAX_TYPES (distinct types)"
                                                    : "type nests deeper than MAX_TYPE_DEPTH");
  return T_BAD;
}
DEV int32_t optional_of(Compiler* c, const Token* at, int32_t t) {
  if (t == T_BAD || is_opt(&c->types, t)) return t;
  if (t == T_NONE) return T_NONE;
  return checked_type(c, at, type_opt(&c->types, t));
}

DEV int32_t checked_list(Compiler* c, const Token* at, int32_t elem) {
  return checked_type(c, at, type_list(&c->types, elem));
}
// The type of an item read from a container with item type t: an empty
// display's unknown item type cannot be read.
template <class At>
DEV int32_t item_type(Compiler* c, const At* at, int32_t t) {
  if (t != T_UNK) return t;
  error_at(c, at, DG_TYPE, "the item type of this empty list is not known here; annotate it (xs: list[int] = [])");
  return T_BAD;
}

// Make the value on the stack, of type `have`, a value of type `want`:
// the same type, an empty list where a list is wanted, or None or a T
// where Optional[T] is (a scalar T is boxed). 0 when it cannot be.
DEV int coerce(Compiler* c, int32_t want, int32_t have) {
  if (type_fits(&c->types, want, have)) return 1;
  if (!is_opt(&c->types, want)) return 0;
  int32_t e = elem_of(&c->types, want);
  if (have == T_NONE) return 1;  // None is 0 in every Optional
  if (!type_fits(&c->types, e, have)) return 0;
  if (!is_ref(&c->types, e)) emit0(c, OP_BOX);
  return 1;
}

// Assign the value on the stack to a name: declares it on first assignment
// (its type is the value's) and rejects a change of type.
// `serial`: the block in which later reads may skip the unbound check.
DEVFN void store_name_in(Compiler* c, const Token* name, int32_t t, int checked, int32_t serial) {
  if (t == T_BAD || failed(c)) return;
  Local* l = find_local(c, name->start, name->len);
  if (!l) {
    // x = None: an Optional whose T the first other assignment tells
    if (t == T_NONE) t = checked_type(c, name, type_opt(&c->types, T_UNK));
    l = declare_local(c, name, t, checked);
    if (!l) return;
  } else if (is_opt(&c->types, l->type) && elem_of(&c->types, l->type) == T_UNK && t != T_NONE) {
    int32_t nt = is_opt(&c->types, t) ? t : checked_type(c, name, type_opt(&c->types, t));
    if (nt == T_BAD || !coerce(c, nt, t)) return;
    l->type = nt;
  } else if (type_fits(&c->types, t, l->type) && !type_fits(&c->types, l->type, t)) {
    l->type = t;  // an empty list's item type is known from now on
  } else if (!coerce(c, l->type, t)) {
    error_at(c, name, DG_TYPE, "'"); msg_tok(c, name); msg(c->diag, "' is ");
    msg_type(c, l->type); msg(c->diag, ", cannot assign "); msg_type(c, t);
    return;
  }
  emit_store_in(c, l, serial);
  if (is_opt(&c->types, l->type) && t != T_NONE && !is_opt(&c->types, t) && c->f.nopen)
    narrow(c, l, c->f.open_blocks[c->f.nopen - 1]);  // just given a T: not None for the rest of this block
}
DEV void store_name(Compiler* c, const Token* name, int32_t t, int checked) {
  store_name_in(c, name, t, checked, c->f.nopen ? c->f.open_blocks[c->f.nopen - 1] : 0);
}

// Truthiness: leave a bool for a value of type t (Python's truth test).
DEV void emit_truth(Compiler* c, int32_t t) {
  if (t == T_INT) emit0(c, OP_TRUTH_INT);
  else if (t == T_FLOAT) emit0(c, OP_TRUTH_FLOAT);
  else if (t == T_STR) emit0(c, OP_TRUTH_STR);
  else if (is_list(&c->types, t)) emit0(c, OP_TRUTH_LIST);
  else if (t == T_NONE || is_tuple(&c->types, t)) { emit_pop(c); emit_int(c, t != T_NONE); }
  else if (is_opt(&c->types, t)) {
    // None is false; a present value is tested as itself
    int32_t e = elem_of(&c->types, t);
    emit0(c, OP_DUP);
    int32_t jnone = emit(c, OP_JUMP_IF_FALSE, 0);
    emit(c, is_ref(&c->types, e) ? OP_UNWRAP : OP_UNBOX, ST_TYPE_ERROR);  // cannot fail: tested
    if (e != T_BOOL) emit_truth(c, e);
    int32_t jend = emit(c, OP_JUMP, 0);
    patch_here(c, jnone);  // the None itself (0) is the false result
    patch_here(c, jend);
  }
}

// ---- bookmarks: a comprehension's clauses are compiled before its
// element, as Python runs them, so the parser reads ahead and comes back.
// Marks are taken inside brackets, where the lexer's indentation state
// cannot change, so the scalar part of its state is all there is to keep;
// outside brackets a look ahead must stop before the current token becomes
// a NEWLINE (the lexer would then read the next line's indentation).
struct Mark {
  int32_t pos, line, line_start, parens, at_line_start, pending, last_kind, prev_line;
  Token cur, nxt;
};
DEV void mark(Compiler* c, Mark* m) {
  const Lexer* L = &c->lex;
  m->pos = L->pos; m->line = L->line; m->line_start = L->line_start; m->parens = L->parens;
  m->at_line_start = L->at_line_start; m->pending = L->pending; m->last_kind = L->last_kind;
  m->prev_line = c->prev_line; m->cur = c->cur; m->nxt = c->nxt;
}
DEV void restore(Compiler* c, const Mark* m) {
  Lexer* L = &c->lex;
  L->pos = m->pos; L->line = m->line; L->line_start = m->line_start; L->parens = m->parens;
  L->at_line_start = m->at_line_start; L->pending = m->pending; L->last_kind = m->last_kind;
  c->prev_line = m->prev_line; c->cur = m->cur; c->nxt = m->nxt;
}

// Skip tokens up to one of kind `stop` at this bracket level, or to the
// bracket that closes the level (or the end of the source); inside
// brackets only (see Mark).
DEVFN void skip_to(Compiler* c, int stop) {
  int32_t depth = 0;
  while (!failed(c) && !check(c, TK_EOF)) {
    int d = bracket_delta(c->cur.kind);
    if (depth == 0 && (d < 0 || check(c, stop))) return;
    depth += d;
    advance(c);
  }
}

// Whether the expression starting here is followed, at its own bracket
// level, by `for` (a comprehension) before a ',' or the closing bracket.
DEVFN int ahead_is_for(Compiler* c) {
  Mark m;
  mark(c, &m);
  int32_t depth = 0, found = 0;
  while (!failed(c) && !check(c, TK_EOF) && !check(c, TK_NEWLINE)) {
    int k = c->cur.kind, d = bracket_delta(k);
    if (d < 0 && depth == 0) break;
    depth += d;
    if (depth == 0 && k == TK_COMMA) break;
    if (depth == 0 && k == TK_FOR) { found = 1; break; }
    advance(c);
  }
  restore(c, &m);
  return found;
}

// Whether the tokens from here are `NAME is None` (want_not 0) or `NAME is
// not None` (1) followed by a token of kind `follow`, NAME an Optional
// local: that local, else null. Reads nothing.
DEVFN Local* none_test(Compiler* c, int want_not, int follow) {
  if (!check(c, TK_NAME) || c->nxt.kind != TK_IS) return 0;
  Local* l = find_local(c, c->cur.start, c->cur.len);
  if (!l || !is_opt(&c->types, l->type)) return 0;
  Mark m;
  mark(c, &m);
  advance(c); advance(c);
  // never onto the follow: past a line's end the lexer would take in the
  // next line's indentation, which a Mark does not restore
  int is_not = accept(c, TK_NOT);
  int hit = is_not == want_not && check(c, TK_NONE) && c->nxt.kind == follow;
  restore(c, &m);
  return hit ? l : 0;
}
