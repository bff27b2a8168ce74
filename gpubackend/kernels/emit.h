// emit.h: what the code pass (code.h .. code_stmt.h) writes, below its
// walk of the tree: instruction sizes and stack effects, jump lists chained
// through their offsets (as Lua's lcode.c), the superinstruction tables,
// the while test copied to its loop's end, memoization and the program's
// header, string literals decoded, and the shapes of loops and
// comprehensions.
#pragma once
#include "typetab.h"

DEV int32_t op_effect(int op) {
  switch (op) {
// (a count of -1, the argument's, is the caller's to add: emit_count)
#define OP(name, pops, pushes, arg, size, doc) case OP_##name: return ((pushes) < 0 ? 0 : (pushes)) - ((pops) < 0 ? 0 : (pops));
#include "opcodes.def"
#undef OP
  }
  return 0;
}

DEV int32_t op_size(int op) {
  switch (op) {
#define OP(name, pops, pushes, arg, size, doc) case OP_##name: return size;
#include "opcodes.def"
#undef OP
  }
  return 1;
}

// The superinstruction of `op` over LOAD a; CONST k (LK) or LOAD a; LOAD b
// (LL), or -1.
DEV int fused_op(int op, int ll) {
  switch (op) {
    case OP_ADD_INT: return ll ? OP_ADD_INT_LL : OP_ADD_INT_LK;
    case OP_SUB_INT: return ll ? OP_SUB_INT_LL : OP_SUB_INT_LK;
    case OP_MUL_INT: return ll ? OP_MUL_INT_LL : OP_MUL_INT_LK;
    case OP_FLOORDIV_INT: return ll ? OP_FLOORDIV_INT_LL : OP_FLOORDIV_INT_LK;
    case OP_MOD_INT: return ll ? OP_MOD_INT_LL : OP_MOD_INT_LK;
    case OP_CMP_INT: return ll ? OP_CMP_INT_LL : OP_CMP_INT_LK;
    case OP_LIST_GET: return ll ? OP_LIST_GET_LL : OP_LIST_GET_LK;
  }
  return -1;
}

// An int or str comparison's instruction w with its comparison (the
// argument's bits at..at+2: the whole of a C argument, or the CMP_B or CMP_K
// field) negated: 5 - c, as < and >=, <= and >, == and != are each other's
// negations on ints and strs (not on floats, for NaN).
DEV int32_t cmp_negated(int32_t w, int at) {
  int32_t a = INSN_ARG(w);
  return INSN(INSN_OP(w), (a & ~(7 << at)) | (5 - ((a >> at) & 7)) << at);
}

// Point the jump at pc (its argument, or the second word of a FOR_*) at target.
DEV void patch_word(Program* p, int32_t pc, int32_t target) {
  int op = INSN_OP(p->code[pc]);
  int32_t size = op_size(op);
  int32_t off = target - (pc + size);
  if (size == 2) p->code[pc + 1] = off;
  else p->code[pc] = INSN(op, off);
}

// Pending forward jumps chained through their own offsets (the argument, or
// the second word of a two-word jump), as in Lua's lcode.c: no array on the
// (GPU) stack however many there are. -1 ends a list.
DEV int32_t list_next(const Program* p, int32_t pc) {
  return op_size(INSN_OP(p->code[pc])) == 2 ? p->code[pc + 1] : INSN_ARG(p->code[pc]);
}

// Put the jump at pc at the head of `list`; returns the new list.
DEV int32_t list_link(Program* p, int32_t pc, int32_t list) {
  if (op_size(INSN_OP(p->code[pc])) == 2) p->code[pc + 1] = list;
  else p->code[pc] = INSN(INSN_OP(p->code[pc]), list);
  return pc;
}

DEV int on_list(const Program* p, int32_t list, int32_t pc) {
  for (; list >= 0; list = list_next(p, list))
    if (list == pc) return 1;
  return 0;
}

// Whether a while loop's test may be run again at its end: straight-line
// code that spends no fuel (no jumps, calls, returns or raises).
DEV int copyable_in_test(int op) {
  return op_size(op) == 1 && op != OP_JUMP && op != OP_JUMP_IF_FALSE && op != OP_JUMP_IF_TRUE &&
         op != OP_LOOP && op != OP_CALL && op != OP_RETURN && op != OP_MEMO_RETURN &&
         op != OP_MEMO_ENTER && op != OP_RAISE && op != OP_RERAISE;
}

// A while test's exit jump made the jump back into the body: its
// comparison negated (cmp_negated), or JUMP_IF_TRUE for JUMP_IF_FALSE; 0
// if none.
DEV int32_t jump_back_of(int32_t w) {
  switch (INSN_OP(w)) {
    case OP_JUMP_IF_FALSE: return INSN(OP_JUMP_IF_TRUE, 0);
    case OP_CMP_INT_JF: return cmp_negated(w, 0);
    case OP_CMP_INT_K_JF: case OP_CMP_INT_LK_JF: case OP_CMP_STR_K_JF: return cmp_negated(w, POS_CMP_K);
    case OP_CMP_INT_L_JF: case OP_CMP_INT_LL_JF: case OP_MOD_INT_LL_K_JF: case OP_MOD_INT_LK_K_JF:
      return cmp_negated(w, POS_CMP_B);
  }
  return 0;
}

// The end of a while loop whose test is [head, jump), `jump` its exit jump
// and `falses` the jumps of an `and` test to the exit: the test again,
// jumping back to the body while it holds, one dispatch a round fewer than
// LOOP back to the head. Going back spends the round's fuel, as LOOP did
// before the test; the ways out (the last jump not taken, an `and`
// operand's jump) go through a LOOP of 0 that spends it.
// A raise in the copied test is charged the round's fuel, which LOOP had
// spent before the test, or with no fuel left is LOOP's Timeout (vm.h,
// `stop`, reads loop_tests). A test that calls, raises a status itself or
// is long keeps LOOP to the head.
// The copy itself, on the program: 1 when made (the caller's LOOP to the
// head otherwise); `line`, the line its last words report.
DEV int copy_loop_test(Program* p, int32_t line, int32_t head, int32_t jump, int32_t body, int32_t falses) {
  int32_t back = jump_back_of(p->code[jump]);
  int ok = back != 0 && jump - head <= MAX_TEST_COPY && p->n_loop_tests < MAX_LOOP_TESTS &&
           p->n_code + (jump - head) + 3 <= MAX_CODE;
  for (int32_t pc = head; ok && pc < jump; pc += op_size(INSN_OP(p->code[pc])))
    ok = copyable_in_test(INSN_OP(p->code[pc])) || on_list(p, falses, pc);
  if (!ok) return 0;
  int32_t start = p->n_code;
  for (int32_t pc = head; pc < jump; pc++) {
    p->code[p->n_code] = p->code[pc];
    p->lines[p->n_code] = p->lines[pc];
    p->n_code++;
  }
  int32_t outs = -1;  // the copies' jumps out, to the LOOP of 0 below
  for (int32_t pc = head; pc < jump; pc += op_size(INSN_OP(p->code[pc])))
    if (on_list(p, falses, pc)) outs = list_link(p, start + (pc - head), outs);
  // the jump's spend reports the loop's last line, as LOOP (the last word);
  // a fused modulo in its first word, the test's own line
  int32_t at = p->n_code++, spend = at;
  p->code[at] = back;
  p->lines[at] = line;
  if (op_size(INSN_OP(back)) == 2) {
    p->lines[at] = p->lines[jump];
    spend = p->n_code++;
    p->code[spend] = body - (at + 2);
    p->lines[spend] = line;
  } else {
    p->code[at] = INSN(INSN_OP(back), body - (at + 1));
  }
  p->loop_tests[p->n_loop_tests][0] = start;
  p->loop_tests[p->n_loop_tests][1] = spend;
  p->n_loop_tests++;
  for (int32_t pc = outs; pc >= 0;) {
    int32_t next = list_next(p, pc);
    patch_word(p, pc, p->n_code);
    pc = next;
  }
  p->code[p->n_code] = INSN(OP_LOOP, 0);  // the way out spends the round's fuel
  p->lines[p->n_code++] = line;
  return 1;
}

// What memoization reads of one function.
struct MemoFn {
  uint32_t callees;  // bit g: its body calls function g
  int32_t memo_pc;   // its MEMO_ENTER when its signature could be memoized, else -1
  int32_t returns;   // its RETURNs, chained through their arguments (-1 ends)
  int32_t nparams;
};

// After the last function: memoize the functions with a memo signature
// that can reach themselves through calls (the call graph's transitive
// closure, Warshall's algorithm on bit rows). Each gets its hidden state
// slots and MEMO_RETURNs; the others start after their MEMO_ENTER, which
// stays as a dead word with argument 0.
DEV void memoize_program(Program* out, const MemoFn* fns, int32_t n) {
  uint32_t reach[MAX_FUNCS];
  for (int32_t i = 0; i < n; i++) reach[i] = fns[i].callees;
  for (int32_t k = 0; k < n; k++)
    for (int32_t i = 0; i < n; i++)
      if (reach[i] >> k & 1) reach[i] |= reach[k];
  for (int32_t i = 0; i < n; i++) {
    const MemoFn* f = &fns[i];
    FuncInfo* info = &out->funcs[i];
    int32_t base = info->nlocals;
    // (not in a program with a try: a raise caught outside a memoized call
    // skips its MEMO_RETURN, which hands the costs it measured back to the
    // calls it is inside, so their entries would understate them)
    int memo = f->memo_pc >= 0 && (reach[i] >> i & 1) && base + MEMO_STATE_SLOTS + f->nparams <= MAX_SLOTS &&
               out->n_handlers == 0;
    if (memo) {
      info->nlocals = base + MEMO_STATE_SLOTS + f->nparams;
      out->code[f->memo_pc] = INSN(OP_MEMO_ENTER, SETARG(A, base) | SETARG(FN, i));
      out->memo = 1;
    } else if (f->memo_pc >= 0) {
      info->pc = f->memo_pc + 1;
    }
    for (int32_t pc = f->returns; pc >= 0;) {
      int32_t next = list_next(out, pc);
      out->code[pc] = memo ? INSN(OP_MEMO_RETURN, SETARG(A, base) | SETARG(FN, i)) : INSN(OP_RETURN, 0);
      pc = next;
    }
  }
}
// A program whose functions are all compiled: its functions memoized,
// the entry and the frame size set, and ok.
DEV void finish_program(Program* out, const MemoFn* fns, int32_t n, int32_t entry) {
  out->n_funcs = n;
  out->entry = entry;
  memoize_program(out, fns, n);
  int32_t frame = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t need = out->funcs[i].nlocals + out->funcs[i].max_stack;
    if (need > frame) frame = need;
  }
  out->frame_slots = frame;
  out->ok = 1;
}


// The value of a string literal token, escapes decoded (adjacent literals
// are concatenated by the caller): into buf (if non-null); returns the byte count or
// -1 for an escape the DSL cannot hold (non-ASCII result).
DEVFN int32_t str_decode_span(const char* s, int32_t i, int32_t end, int raw, int fstring, char* buf);
DEVFN int32_t str_decode(const char* src, const Token* t, char* buf) {
  int32_t b, e;
  literal_body(src + t->start, t->len, &b, &e);
  return str_decode_span(src + t->start, b, e, t->flags & TF_RAW, 0, buf);
}

// The bytes s[i, end) of a literal's body, decoded as str_decode does; in
// an f-string's text (fstring) a doubled brace is one, and a backslash
// before a brace is itself (CPython 3.11 reads the brace as a brace).
DEVFN int32_t str_decode_span(const char* s, int32_t i, int32_t end, int raw, int fstring, char* buf) {
  int32_t out = 0;
  while (i < end) {
    char ch = s[i++];
    if (ch == '\r') continue;  // CRLF sources: CPython reads newlines as \n
    if (fstring && (ch == '{' || ch == '}')) i++;  // the doubled brace, once
    if (ch != '\\' || raw || (fstring && (i >= end || s[i] == '{' || s[i] == '}'))) {
      if (raw && !fstring && ch == '\\' && i < end) { if (buf) buf[out] = ch; out++; ch = s[i++]; }
      if (buf) buf[out] = ch;
      out++;
      continue;
    }
    char e = s[i++];
    int32_t v = -2;
    switch (e) {
      case '\n': continue;
      case 'n': v = '\n'; break; case 't': v = '\t'; break; case 'r': v = '\r'; break;
      case '\\': v = '\\'; break; case '\'': v = '\''; break; case '"': v = '"'; break;
      case 'a': v = 7; break; case 'b': v = 8; break; case 'f': v = 12; break; case 'v': v = 11; break;
      case 'x':
        if (i + 1 < end + 1 && hexval(s[i]) >= 0 && hexval(s[i + 1]) >= 0) { v = hexval(s[i]) * 16 + hexval(s[i + 1]); i += 2; }
        break;
      case 'u': case 'U': case 'N': return -1;
      default:
        if (e >= '0' && e <= '7') {
          v = e - '0';
          for (int k = 0; k < 2 && i < end && s[i] >= '0' && s[i] <= '7'; k++) v = v * 8 + (s[i++] - '0');
        } else {  // unknown escapes keep the backslash, as CPython does
          if (buf) { buf[out] = '\\'; buf[out + 1] = e; }
          out += 2;
          continue;
        }
    }
    if (v == -2) return -2;
    if (v >= 128) return -1;
    if (buf) buf[out] = (char)v;
    out++;
  }
  return out;
}

DEV int cmp_kind(int tk) {
  switch (tk) {
    case TK_LT: return CMP_LT; case TK_LE: return CMP_LE; case TK_EQEQ: return CMP_EQ;
    case TK_NE: return CMP_NE; case TK_GT: return CMP_GT; case TK_GE: return CMP_GE;
  }
  return -1;
}

// One loop's instruction, as the iterable decides it.
struct Iter {
  int32_t op;    // the FOR_* instruction
  int32_t arg;   // its argument: the hidden locals (and FOR_ZIP's flags)
  int32_t n;     // values it pushes per step: 1, 2 for enumerate, 2 to MAX_ZIP for zip
  int32_t t[MAX_ZIP];  // their types
  int32_t fn;    // map(fn, xs): the function the head applies to each item, else -1
  int32_t fn_t;  // the type of the items it takes
};

enum Sink { SINK_LIST, SINK_SUM, SINK_ANY, SINK_ALL, SINK_DICT, SINK_FIRST };

// Items of a display pushed before one LIST_NEW; later ones are appended,
// so a long literal needs no deep operand stack.
#define DISPLAY_CHUNK 16
