// vm.h: the bytecode interpreter. One call runs one (candidate, test) lane
// to its end: the entry function on the test's arguments, then the result
// compared with the expected value. Everything a lane touches is its own
// scratch (stack, frames, heap), the read-only program and test data.
#pragma once
#include "objects.h"
#include "sets.h"
#include "dicts.h"
#include "heapq.h"
#include "memo.h"
#include "dtoa.h"
#include "format_float.h"
#include "numbers.h"
#include "regex.h"
#include "repr.h"

// Where a lane keeps its frames: the caller's next instruction and locals
// (two words, so `depth` frames take 2 * depth words of the lane's scratch).
struct Frame {
  const int32_t* ret_ip;
  int64_t* locals;
};

// Everything a launch shares: read-only inputs and the lanes' limits.
struct RunParams {
  const char* sig;         // entry signature in type codes ("is>b")
  int32_t sig_len;
  const char* ret;         // the result's type code (in sig, after '>')
  double tol;              // relative float tolerance; < 0 means exact
  int64_t fuel;            // loop iterations and calls per lane
  int32_t depth;           // call frames per lane
  int64_t stack_slots;     // operand-stack slots per lane
  int64_t heap_words;      // heap per lane, in 64-bit words
  const int64_t* chars;    // CHAR_TABLE_WORDS: 128 one-character strings {1, c},
                           // then '' (word 256), 'True' (257), 'False' (259)
  int32_t out_cap;         // words of result room per lane
  int64_t memo_slots;      // memo entries per lane (memo.h), after the heap; 0: off
  const volatile int32_t* stop;  // set: the call's backstop passed, stop with Timeout; null: none
};

// s OP k for a str constant k (CMP_STR_K): == and != test equality alone.
DEVI int rt_cmp_str_k(const int64_t* s, const int64_t* k, int cmp) {
  if (cmp == CMP_EQ) return rt_str_eq_(s, k);
  if (cmp == CMP_NE) return !rt_str_eq_(s, k);
  return rt_cmp_int(rt_str_cmp(s, k), 0, cmp);
}

// The work of a builtin (limits.h, WORK_PER_FUEL), from its operands'
// sizes: an upper bound, so that no input makes one instruction take long
// for its fuel. A naive substring search compares at most
// (len(s) - len(t) + 1) * len(t) characters.
DEV int64_t search_work(int64_t ls, int64_t lt) { return lt > ls ? 0 : (ls - lt + 1) * (lt > 0 ? lt : 1); }
DEV int64_t min_work(int64_t a, int64_t b) { return a < b ? a : b; }
// n * ceil(log2 n) comparisons bound a merge sort of n items.
DEV int64_t sort_work(int64_t n) {
  int64_t levels = 0;
  while (((int64_t)1 << levels) < n) levels++;
  return n * levels;
}
// A heap's sift passes its levels, ceil(log2(n + 1)), comparing once or
// twice at each.
DEV int64_t heap_work(int64_t n) {
  int64_t levels = 0;
  while (((int64_t)1 << levels) <= n) levels++;
  return levels;
}
// == and the orderings of lists (and tuple[T, ...]) walk the shorter list; other objects
// (tuples, boxes) have a size fixed by their type.
DEV int64_t compare_work(int64_t a, int64_t b, const char* code) {
  while (*code == '?') code++;
  if ((*code != '[' && *code != '*') || !a || !b) return 0;
  return min_work(LIST_LEN(AS_PTR(a)), LIST_LEN(AS_PTR(b)));
}

// Whether a lane's status is a CPython exception a handler may catch; the
// VM's limits (Timeout, RecursionError, MemoryError), its deviations
// (OverflowError past 64 bits, Unsupported) and the verdicts end the lane,
// the deviations for the CPython path to judge again.
DEV int catchable(int status) {
  return status == ST_ZERO_DIVISION || status == ST_INDEX_ERROR || status == ST_VALUE_ERROR || status == ST_KEY_ERROR ||
         status == ST_ASSERTION_ERROR || status == ST_UNBOUND_LOCAL || status == ST_TYPE_ERROR ||
         status == ST_ATTRIBUTE_ERROR || status == ST_NAME_ERROR || status == ST_EXCEPTION_BASE;
}
// The innermost try (layout.h, HandlerWord) whose body holds pc, or -1.
DEV int32_t handler_of(const Program* p, int32_t pc) {
  for (int32_t h = 0; h < p->n_handlers; h++)
    if (pc >= p->handlers[h][HW_START] && pc < p->handlers[h][HW_END]) return h;
  return -1;
}

// Overflow-checked int arithmetic as statuses, for the CHECKED_INT pattern.
DEV int add_ovf_st(int64_t a, int64_t b, int64_t* r) { return add_ovf(a, b, r) ? ST_OVERFLOW_ERROR : ST_PASS; }
DEV int sub_ovf_st(int64_t a, int64_t b, int64_t* r) { return sub_ovf(a, b, r) ? ST_OVERFLOW_ERROR : ST_PASS; }
DEV int mul_ovf_st(int64_t a, int64_t b, int64_t* r) { return mul_ovf(a, b, r) ? ST_OVERFLOW_ERROR : ST_PASS; }

#define AS_STR(w) ((const int64_t*)(uint64_t)(w))
#define AS_WORD(p) ((int64_t)(uint64_t)(p))
#define AS_F(w) bits_to_double(w)
#define AS_W(d) double_to_bits(d)

// The argument words of one test -> stack slots. Scalars are copied; a
// string is referenced where it lies (the encoding is its object layout);
// lists and tuples are built in the lane's heap, which the lane may mutate.
DEV int load_args(const RunParams* rp, Heap* heap, const int64_t* args, int64_t* slots, int32_t* nargs) {
  int64_t pos = 0;
  int32_t n = 0;
  for (int32_t i = 0; i < rp->sig_len && rp->sig[i] != '>'; i = rt_code_end(rp->sig, i), n++) {
    char code = rp->sig[i];
    if (code == 's') { slots[n] = AS_WORD(args + pos); pos += STR_WORDS(args[pos]); }
    else if (!rt_code_is_ref(code)) { slots[n] = args[pos]; pos += 1; }
    else {
      int64_t used;
      int st = rt_load_arg(heap, args + pos, rp->sig + i, &slots[n], &used);
      if (st != ST_PASS) return st;
      pos += used;
    }
  }
  *nargs = n;
  return ST_PASS;
}

// Result r of type code `code` encoded into out, its length into oc.
DEV void encode_result(int64_t r, const char* code, const RunParams* rp, int64_t* out, Outcome* oc) {
  int64_t words;
  rt_result_encode(r, code, out, rp->out_cap, &words);
  oc->out_words = words > 0x7fffffff ? 0x7fffffff : (int32_t)words;
}

// Compare the result with the expected words and copy its encoding out.
// A program whose entry returns other types than the problem's (p->ret, a
// union, or an Optional where None is wanted) is compared across the two
// types, as CPython's == compares.
DEV int check_result(const Program* p, const RunParams* rp, int64_t r, const int64_t* expected, int64_t* out,
                     Outcome* oc) {
  if (p->ret[0]) {
    encode_result(r, p->ret, rp, out, oc);
    int match = p->ret[0] == '?' ? r == 0  // an Optional[T] where the problem's None is wanted (settle_result)
                                 : rt_union_matches_(r, p->ret, expected, rp->ret, rp->tol);
    return match ? ST_PASS : ST_WRONG_ANSWER;
  }
  char code = rp->ret[0];
  if (code == 'n') { oc->out_words = 0; return ST_PASS; }
  if (code == 's') {
    const int64_t* s = AS_STR(r);
    int64_t words = STR_WORDS(s[0]);
    oc->out_words = (int32_t)words;
    for (int64_t i = 0; i < words && i < rp->out_cap; i++) out[i] = s[i];
    if (expected[0] != s[0]) return ST_WRONG_ANSWER;
    for (int64_t i = 1; i < words; i++) if (expected[i] != s[i]) return ST_WRONG_ANSWER;
    return ST_PASS;
  }
  if (rt_code_is_ref(code)) {
    encode_result(r, rp->ret, rp, out, oc);
    return rt_result_matches(r, rp->ret, expected, rp->tol) ? ST_PASS : ST_WRONG_ANSWER;
  }
  oc->out_words = 1;
  if (rp->out_cap > 0) out[0] = r;
  if (code == 'f') {
    double a = AS_F(r), e = AS_F(expected[0]);
    if (a == e) return ST_PASS;  // Python's ==: -0.0 == 0.0
    if (f_isnan(a) && f_isnan(e)) return ST_PASS;  // nan was expected, and nan came back
    if (rp->tol < 0 || f_isinf(a) || f_isinf(e) || f_isnan(a) || f_isnan(e)) return ST_WRONG_ANSWER;
    double scale = f_fabs(a) > f_fabs(e) ? f_fabs(a) : f_fabs(e);
    return f_fabs(a - e) <= rp->tol * scale ? ST_PASS : ST_WRONG_ANSWER;  // math.isclose(rel_tol)
  }
  if (code == 'r') return rt_num_matches_(r, expected[0], rp->tol) ? ST_PASS : ST_WRONG_ANSWER;
  return r == expected[0] ? ST_PASS : ST_WRONG_ANSWER;
}

// The bounds of a slice instruction (STR_SLICE, LIST_SLICE, LIST_SLICE_SET):
// bits 0-2 of its selector say which of lo, hi, step the program gave; an
// absent one was pushed as INT64_MIN, so a given INT64_MIN is made
// -2**63 + 1, which slices any sequence alike.
DEVI void slice_given(int32_t sel, int64_t* lo, int64_t* hi, int64_t* st) {
  if ((sel & 1) && *lo == INT64_MIN_) (*lo)++;
  if ((sel & 2) && *hi == INT64_MIN_) (*hi)++;
  if ((sel & 4) && *st == INT64_MIN_) (*st)++;
}

// Run one lane. `scratch` holds stack_slots words of stack, `depth` frames,
// heap_words of heap and the memo's memo_slots entries.
DEV void run_lane(const Program* p, const RunParams* rp, const int64_t* args, const int64_t* expected,
                  int64_t* scratch, int64_t* out, Outcome* oc) {
  oc->status = ST_RUNNING_; oc->line = 0; oc->steps = 0; oc->out_words = 0;
  if (!p->ok) { oc->status = ST_COMPILE_ERROR; return; }
  int64_t* stack = scratch;
  Frame* frames = (Frame*)(scratch + rp->stack_slots);
  Heap heap;
  heap.base = scratch + rp->stack_slots + 2 * (int64_t)rp->depth;
  heap.top = 0;
  heap.cap = rp->heap_words;
  heap.peak = 0;
  const int64_t* chars = rp->chars;
  const int64_t* empty = chars + 2 * 128;
  const int32_t* code = p->code;
  const int64_t* konst = p->konst;
  int64_t fuel = rp->fuel;

  const FuncInfo* entry = &p->funcs[p->entry];
  if (entry->nlocals + entry->max_stack > rp->stack_slots) { oc->status = ST_RECURSION_ERROR; return; }
  int32_t nargs = 0;
  int st0 = load_args(rp, &heap, args, stack, &nargs);
  if (st0 != ST_PASS) { oc->status = st0; return; }
  for (int32_t i = nargs; i < entry->nlocals; i++) stack[i] = 0;
  // the current frame's locals and the top of its operand stack, as
  // pointers: fewer live values than stack + base + index, so they stay in
  // registers through the dispatch loop
  int64_t* locals = stack;
  int64_t* sp = stack + entry->nlocals;
  int32_t nframes = 1;
  frames[0].ret_ip = 0; frames[0].locals = stack;
  const int64_t* stack_end = stack + rp->stack_slots;
  const int32_t depth_limit = rp->depth;
  const int32_t* ip = code + entry->pc;  // the next instruction
  int status = ST_RUNNING_;
  int32_t raised_at = -1;  // the pc a raise came from, where a handler raises it again (RERAISE)
  int64_t result = 0;  // the lane's answer; also the value a RETURN carries
  // The memo (memo.h), and the high-water marks of frames open and of the
  // stack reached by calls, which a memoized call measures from its entry.
  Memo memo;
  memo_init(&memo, heap.base + rp->heap_words, rp->memo_slots);
  int32_t hi_frames = 1;
  int64_t* hi_extent = stack;

#define PUSH(v) (*sp++ = (v))
#define POP() (*--sp)
#define TOP (sp[-1])
#define RAISE(s) do { status = (s); goto raise_; } while (0)
#define CHECK(e) do { int st_ = (e); if (st_ != ST_PASS) RAISE(st_); } while (0)
#define BIN_INT(expr) do { int64_t y = POP(), x = POP(); PUSH(expr); } while (0)
#define BIN_FLOAT(expr) do { double y = AS_F(POP()), x = AS_F(POP()); PUSH(AS_W(expr)); } while (0)
#define CHECKED_INT(fn) do { int64_t y = POP(), x = POP(), r; CHECK(fn(x, y, &r)); PUSH(r); } while (0)
#define CHECKED_FLOAT(fn) do { double y = AS_F(POP()), x = AS_F(POP()), r; CHECK(fn(x, y, &r)); PUSH(AS_W(r)); } while (0)
#define SPEND() do { if (--fuel < 0) RAISE(ST_TIMEOUT); \
    if (!(fuel & (STOP_POLL_FUEL - 1)) && rp->stop && *rp->stop) RAISE(ST_TIMEOUT); } while (0)
  // A builtin's work, charged after it ran (limits.h, WORK_PER_FUEL). A
  // lane that cannot pay stops with Timeout, its fuel as it was before, so
  // that `stop` places a raise in a copied while test as LOOP's would be.
  int short_of_fuel = 0;
#define CHARGE(work) do { int64_t c_ = (work) / WORK_PER_FUEL; \
    if (c_ > fuel) { short_of_fuel = 1; RAISE(ST_TIMEOUT); } fuel -= c_; } while (0)
  // A regular expression's steps (regex.h): the matcher stops where the
  // fuel left cannot pay for more, a Timeout as CHARGE's.
#define RE_BUDGET (fuel < INT64_MAX_ / WORK_PER_FUEL ? (fuel + 1) * WORK_PER_FUEL : INT64_MAX_)
#define RE_DONE(st, steps) do { if ((st) == ST_TIMEOUT) { short_of_fuel = 1; RAISE(ST_TIMEOUT); } \
    CHECK(st); CHARGE(steps); } while (0)

  // Dispatch. w and a are the current instruction word and its argument
  // (NEXT loads them): a handler must not declare a local of either name,
  // which its NEXT would load instead. On the host each handler jumps
  // straight to the next one's through a table of label addresses
  // (threaded code: no bounds check, and an indirect branch per handler for
  // the predictor to learn); NVCC has no labels as values, so the device
  // keeps the switch. CASE opens a handler, NEXT ends it.
  int32_t w, a;
#if VM_THREADED
  static const void* const handlers[] = {
#define OP(name, ...) &&L_##name,
#include "opcodes.def"
#undef OP
  };
#define CASE(op) L_##op
#define NEXT do { w = *ip++; a = INSN_ARG(w); goto *handlers[INSN_OP(w)]; } while (0)
  NEXT;
  {    // the blocks the switch form opens below, so that one body of
    {  // handlers closes either form
#else
#define CASE(op) case OP_##op
#define NEXT break
  for (;;) {
    w = *ip++;
    a = INSN_ARG(w);
    switch (INSN_OP(w)) {
#endif
      CASE(CONST): PUSH(konst[a]); NEXT;
      CASE(CONST_STR): PUSH(AS_WORD(konst + a)); NEXT;
      CASE(LOAD): PUSH(locals[a]); NEXT;
      CASE(STORE): locals[a] = POP(); NEXT;
      CASE(LOAD_CHECKED):
        if (!locals[a + 1]) RAISE(ST_UNBOUND_LOCAL);
        PUSH(locals[a]);
        NEXT;
      CASE(STORE_MARK): locals[a] = POP(); locals[a + 1] = 1; NEXT;
      CASE(POP): sp--; NEXT;
      CASE(DUP): { int64_t x = TOP; PUSH(x); NEXT; }
      CASE(SWAP): { int64_t x = sp[-1]; sp[-1] = sp[-2]; sp[-2] = x; NEXT; }
      CASE(ROT3): { int64_t z = sp[-1]; sp[-1] = sp[-2]; sp[-2] = sp[-3]; sp[-3] = z; NEXT; }

      CASE(JUMP): ip += a; NEXT;
      CASE(JUMP_IF_FALSE): if (!POP()) ip += a; NEXT;
      CASE(JUMP_IF_TRUE): if (POP()) { if (a < 0) SPEND(); ip += a; } NEXT;
      CASE(LOOP): SPEND(); ip += a; NEXT;
      CASE(RANGE_INIT): {
        int64_t step = POP(), stop = POP(), start = POP();
        if (step == 0) RAISE(ST_VALUE_ERROR);
        uint64_t n = rt_range_len(start, stop, step);
        locals[a] = start; locals[a + 1] = (int64_t)n; locals[a + 2] = step;
        NEXT;
      }
      CASE(RANGE_REV): {
        // reversed(range): first + (n-1)*step down to first, modulo 2**64 is exact here
        uint64_t n = (uint64_t)locals[a + 1], step = (uint64_t)locals[a + 2];
        if (n > 0) locals[a] = (int64_t)((uint64_t)locals[a] + (n - 1) * step);
        locals[a + 2] = (int64_t)(0 - step);
        NEXT;
      }
      CASE(FOR_RANGE): {
        int32_t exit = *ip++;
        if (locals[a + 1] <= 0) { ip += exit; NEXT; }
        PUSH(locals[a]);
        locals[a] = (int64_t)((uint64_t)locals[a] + (uint64_t)locals[a + 2]);
        locals[a + 1]--;
        NEXT;
      }
      CASE(ITER_INIT): locals[a] = POP(); locals[a + 1] = 0; NEXT;
      CASE(ENUM_INIT): locals[a + 2] = POP(); locals[a] = POP(); locals[a + 1] = 0; NEXT;
      CASE(FOR_STR): CASE(FOR_ENUM_STR): CASE(FOR_STR_REV): {
        int32_t exit = *ip++;
        const int64_t* s = AS_STR(locals[a]);
        int64_t i = locals[a + 1];
        if (i >= STR_LEN_OF(s)) { ip += exit; NEXT; }
        locals[a + 1] = i + 1;
        int op = INSN_OP(w);
        if (op == OP_FOR_STR_REV) i = STR_LEN_OF(s) - 1 - i;
        if (op == OP_FOR_ENUM_STR) { int64_t n; CHECK(add_ovf_st(i, locals[a + 2], &n)); PUSH(n); }
        PUSH(AS_WORD(chars + 2 * (uint8_t)STR_BYTES(s)[i]));
        NEXT;
      }
      CASE(CALL): {
        SPEND();
        const FuncInfo* f = &p->funcs[a];
        int64_t* nb = sp - f->nparams;
        int64_t* extent = nb + f->nlocals + f->max_stack;
        if (nframes >= depth_limit || extent > stack_end) RAISE(ST_RECURSION_ERROR);
        frames[nframes].ret_ip = ip;
        frames[nframes].locals = locals;
        nframes++;
        if (nframes > hi_frames) hi_frames = nframes;
        if (extent > hi_extent) hi_extent = extent;
        for (int64_t* q = sp; q < nb + f->nlocals; q++) *q = 0;
        locals = nb;
        sp = nb + f->nlocals;
        ip = code + f->pc;
        NEXT;
      }
      CASE(EXC_MATCH): { int64_t caught = (STATUS_BIT((int32_t)TOP) & a) != 0; PUSH(caught); NEXT; }
      CASE(RERAISE): status = (int)POP(); raised_at = (int32_t)POP(); goto raise_;
      CASE(RETURN):
        result = POP();
      return_result:  // MEMO_ENTER's hits and MEMO_RETURN return from here
        nframes--;
        if (nframes == 0) goto done;
        sp = locals;
        locals = frames[nframes].locals;
        ip = frames[nframes].ret_ip;
        PUSH(result);
        NEXT;
      CASE(MEMO_ENTER): {
        if (!memo.mask) NEXT;
        int64_t* state = locals + GETARG(a, A);
        int32_t fn = GETARG(a, FN), nargs = p->funcs[fn].nparams;
        const int64_t* e = memo_find(&memo, fn, locals, nargs);
        if (e && fuel >= e[MEMO_FUEL] && e[MEMO_PEAK] <= heap.cap - heap.top &&
            nframes + MEMO_FRAMES(e) <= depth_limit && MEMO_EXTENT(e) <= stack_end - locals) {
          // the call has run before and would finish now: charge its costs
          fuel -= e[MEMO_FUEL];
          if (heap.top + e[MEMO_PEAK] > heap.peak) heap.peak = heap.top + e[MEMO_PEAK];
          heap.top += e[MEMO_GROWTH];
          if (nframes + MEMO_FRAMES(e) > hi_frames) hi_frames = nframes + MEMO_FRAMES(e);
          if (locals + MEMO_EXTENT(e) > hi_extent) hi_extent = locals + MEMO_EXTENT(e);
          result = e[MEMO_RESULT];
          goto return_result;
        }
        state[0] = fuel; state[1] = heap.top; state[2] = heap.peak;
        state[3] = hi_frames; state[4] = AS_WORD(hi_extent);
        for (int32_t i = 0; i < nargs; i++) state[MEMO_STATE_SLOTS + i] = locals[i];
        heap.peak = heap.top; hi_frames = nframes; hi_extent = locals;
        NEXT;
      }
      CASE(MEMO_RETURN): {
        result = POP();
        if (!memo.mask) goto return_result;
        const int64_t* state = locals + GETARG(a, A);
        int32_t fn = GETARG(a, FN);
        int64_t peak = heap.peak > heap.top ? heap.peak : heap.top;
        memo_put(&memo, fn, state + MEMO_STATE_SLOTS, p->funcs[fn].nparams, result, state[0] - fuel,
                 heap.top - state[1], peak - state[1], hi_frames - nframes, hi_extent - locals);
        // the marks go on for the calls this one is inside
        if (state[2] > heap.peak) heap.peak = state[2];
        if (state[3] > hi_frames) hi_frames = (int32_t)state[3];
        if ((int64_t*)(uint64_t)state[4] > hi_extent) hi_extent = (int64_t*)(uint64_t)state[4];
        goto return_result;
      }
      CASE(RAISE): RAISE(a);

      CASE(ADD_INT): CHECKED_INT(add_ovf_st); NEXT;
      CASE(SUB_INT): CHECKED_INT(sub_ovf_st); NEXT;
      CASE(MUL_INT): CHECKED_INT(mul_ovf_st); NEXT;
      CASE(FLOORDIV_INT): CHECKED_INT(rt_floordiv_int); NEXT;
      CASE(MOD_INT): CHECKED_INT(rt_mod_int); NEXT;
      CASE(POW_INT): CHECKED_INT(rt_pow_int); NEXT;
      CASE(POW_MOD): { int64_t m = POP(), y = POP(), x = POP(), r; CHECK(rt_pow_mod(x, y, m, &r)); PUSH(r); NEXT; }
      CASE(TRUEDIV_INT): { int64_t y = POP(), x = POP(); double r; CHECK(rt_truediv_int(x, y, &r)); PUSH(AS_W(r)); NEXT; }
      CASE(NEG_INT): { int64_t r; CHECK(rt_neg_int(POP(), &r)); PUSH(r); NEXT; }
      CASE(AND_INT): BIN_INT(x & y); NEXT;
      CASE(OR_INT): BIN_INT(x | y); NEXT;
      CASE(XOR_INT): BIN_INT(x ^ y); NEXT;
      CASE(LSHIFT): CHECKED_INT(rt_lshift); NEXT;
      CASE(RSHIFT): CHECKED_INT(rt_rshift); NEXT;
      CASE(INVERT): TOP = ~TOP; NEXT;
      CASE(ABS_INT): { int64_t r; CHECK(rt_abs_int(POP(), &r)); PUSH(r); NEXT; }
      CASE(INT_BITS): TOP = rt_int_bits(TOP, a); NEXT;
      CASE(MIN_INT): BIN_INT(y < x ? y : x); NEXT;
      CASE(MAX_INT): BIN_INT(y > x ? y : x); NEXT;
      CASE(GCD): CHECKED_INT(rt_gcd); NEXT;
      CASE(ISQRT): { int64_t r; CHECK(rt_isqrt(POP(), &r)); PUSH(r); NEXT; }
      CASE(CMP_INT): BIN_INT(rt_cmp_int(x, y, a)); NEXT;
      CASE(TRUTH_INT): TOP = TOP != 0; NEXT;
      CASE(NOT): TOP = !TOP; NEXT;

      CASE(INT_TO_FLOAT): TOP = AS_W((double)TOP); NEXT;
      CASE(INT_TO_FLOAT_UNDER): sp[-2] = AS_W((double)sp[-2]); NEXT;
      CASE(FLOAT_TO_INT): { int64_t r; CHECK(rt_float_to_int(AS_F(POP()), &r)); PUSH(r); NEXT; }
      CASE(ADD_FLOAT): BIN_FLOAT(x + y); NEXT;
      CASE(SUB_FLOAT): BIN_FLOAT(x - y); NEXT;
      CASE(MUL_FLOAT): BIN_FLOAT(x * y); NEXT;
      CASE(DIV_FLOAT): CHECKED_FLOAT(rt_div_float); NEXT;
      CASE(FLOORDIV_FLOAT): CHECKED_FLOAT(rt_floordiv_float); NEXT;
      CASE(MOD_FLOAT): CHECKED_FLOAT(rt_mod_float); NEXT;
      CASE(POW_FLOAT): {
        double y = AS_F(POP()), x = AS_F(POP()), r;
        CHECK(rt_pow_float(x, y, a, &r));
        PUSH(AS_W(r));
        NEXT;
      }
      CASE(MATH_POW): CHECKED_FLOAT(rt_math_pow); NEXT;
      CASE(NEG_FLOAT): TOP = AS_W(-AS_F(TOP)); NEXT;
      CASE(ABS_FLOAT): TOP = AS_W(f_fabs(AS_F(TOP))); NEXT;
      CASE(MIN_FLOAT): BIN_FLOAT(y < x ? y : x); NEXT;
      CASE(MAX_FLOAT): BIN_FLOAT(y > x ? y : x); NEXT;
      CASE(ROUND_FLOAT): { int64_t r; CHECK(rt_round_float(AS_F(POP()), &r)); PUSH(r); NEXT; }
      CASE(ROUND_INT_N): { int64_t n = POP(), r; CHECK(rt_round_int_n(TOP, n, &r)); TOP = r; NEXT; }
      CASE(ROUND_FLOAT_N): {
        int64_t n = POP();
        uint32_t* big = (uint32_t*)heap_spare(&heap, BIG_SCRATCH_WORDS);
        if (!big) RAISE(ST_MEMORY_ERROR);
        double r;
        CHECK(dtoa_round(AS_F(TOP), n, big, &r));
        TOP = AS_W(r);
        NEXT;
      }
      CASE(FLOOR_FLOAT): { int64_t r; CHECK(rt_floor_float(AS_F(POP()), &r)); PUSH(r); NEXT; }
      CASE(CEIL_FLOAT): { int64_t r; CHECK(rt_ceil_float(AS_F(POP()), &r)); PUSH(r); NEXT; }
      CASE(SQRT): { double r; CHECK(rt_sqrt(AS_F(POP()), &r)); PUSH(AS_W(r)); NEXT; }
      CASE(CMP_FLOAT): { double y = AS_F(POP()), x = AS_F(POP()); PUSH(rt_cmp_float(x, y, a)); NEXT; }
      CASE(CMP_INT_FLOAT): { double y = AS_F(POP()); int64_t x = POP(); PUSH(rt_cmp_int_float(x, y, a)); NEXT; }
      CASE(CMP_FLOAT_INT): { int64_t y = POP(); double x = AS_F(POP()); PUSH(rt_cmp_float_int(x, y, a)); NEXT; }
      CASE(TRUTH_FLOAT): TOP = AS_F(TOP) != 0.0; NEXT;

      CASE(NUM_OP): { int64_t y = POP(), x = POP(), r; CHECK(rt_num_op(a, x, y, &r)); PUSH(r); NEXT; }
      CASE(NUM_CONV): { int64_t* at = a & NUMCONV_UNDER ? sp - 2 : sp - 1, r;
        CHECK(rt_num_conv(a & (NUMCONV_UNDER - 1), *at, &r)); *at = r; NEXT; }
      CASE(LIST_OF_NUMS): { int64_t* l = AS_PTR(TOP); CHECK(rt_list_of_nums(l, a)); CHARGE(LIST_LEN(l)); NEXT; }
      CASE(STR_OF_NUM): {
        const int64_t* r;
        if (num_is_int(TOP)) { CHECK(rt_str_of_int(&heap, num_int(TOP), chars, &r)); TOP = AS_WORD(r); NEXT; }
        uint32_t* big = (uint32_t*)heap_spare(&heap, BIG_SCRATCH_WORDS);
        if (!big) RAISE(ST_MEMORY_ERROR);
        CHECK(rt_str_of_float(&heap, AS_F(TOP), big, chars, empty, &r));
        TOP = AS_WORD(r);
        NEXT;
      }

      CASE(STR_CONCAT): { const int64_t* t = AS_STR(POP()); const int64_t* s = AS_STR(POP()); const int64_t* r;
        CHECK(rt_str_concat(&heap, s, t, &r)); PUSH(AS_WORD(r)); NEXT; }
      CASE(STR_REPEAT): { int64_t n = POP(); const int64_t* s = AS_STR(POP()); const int64_t* r;
        CHECK(rt_str_repeat(&heap, s, n, empty, &r)); PUSH(AS_WORD(r)); NEXT; }
      CASE(STR_INDEX): { int64_t i = POP(); const int64_t* s = AS_STR(POP()); const int64_t* r;
        CHECK(rt_str_index(s, i, chars, &r)); PUSH(AS_WORD(r)); NEXT; }
      CASE(STR_SLICE): { int64_t st = POP(), hi = POP(), lo = POP(); const int64_t* s = AS_STR(POP()); const int64_t* r;
        slice_given(a, &lo, &hi, &st);
        CHECK(rt_str_slice(&heap, s, lo, hi, st, chars, empty, &r)); PUSH(AS_WORD(r)); NEXT; }
      CASE(STR_CONTAINS): { const int64_t* s = AS_STR(POP()); const int64_t* t = AS_STR(POP()); PUSH(rt_str_contains(s, t));
        CHARGE(search_work(STR_LEN_OF(s), STR_LEN_OF(t))); NEXT; }
      CASE(STR_LEN): TOP = STR_LEN_OF(AS_STR(TOP)); NEXT;
      CASE(CMP_STR): { const int64_t* t = AS_STR(POP()); const int64_t* s = AS_STR(POP()); PUSH(rt_cmp_int(rt_str_cmp(s, t), 0, a));
        CHARGE(min_work(STR_LEN_OF(s), STR_LEN_OF(t))); NEXT; }
      CASE(CMP_STR_K): TOP = rt_cmp_str_k(AS_STR(TOP), konst + GETARG(a, K), GETARG(a, CMP_K)); NEXT;
      CASE(TRUTH_STR): TOP = STR_LEN_OF(AS_STR(TOP)) != 0; NEXT;
      CASE(MIN_STR): CASE(MAX_STR): { int64_t y = POP(), x = POP(); int c = rt_str_cmp(AS_STR(y), AS_STR(x));
        PUSH((INSN_OP(w) == OP_MAX_STR ? c > 0 : c < 0) ? y : x);
        CHARGE(min_work(STR_LEN_OF(AS_STR(x)), STR_LEN_OF(AS_STR(y)))); NEXT; }
      CASE(STR_OF_INT): { const int64_t* r; CHECK(rt_str_of_int(&heap, POP(), chars, &r)); PUSH(AS_WORD(r)); NEXT; }
      CASE(STR_OF_BOOL): { int64_t b = POP(); PUSH(AS_WORD(empty + (b ? 1 : 3))); NEXT; }
      CASE(STR_OF_FLOAT): {
        uint32_t* big = (uint32_t*)heap_spare(&heap, BIG_SCRATCH_WORDS);
        if (!big) RAISE(ST_MEMORY_ERROR);
        const int64_t* r;
        CHECK(rt_str_of_float(&heap, AS_F(TOP), big, chars, empty, &r));
        TOP = AS_WORD(r);
        NEXT;
      }
      CASE(FLOAT_OF_STR): {
        uint32_t* big = (uint32_t*)heap_spare(&heap, BIG_SCRATCH_WORDS);
        if (!big) RAISE(ST_MEMORY_ERROR);
        const int64_t* s = AS_STR(TOP);
        double d;
        CHECK(rt_parse_float(STR_BYTES(s), STR_LEN_OF(s), big, &d));
        TOP = AS_W(d);
        CHARGE(STR_LEN_OF(s));
        NEXT;
      }
      CASE(INT_OF_STR): { int64_t r; const int64_t* s = AS_STR(POP()); CHECK(rt_int_of_str(s, &r)); PUSH(r);
        CHARGE(STR_LEN_OF(s)); NEXT; }
      CASE(INT_OF_STR_BASE): { int64_t b = POP(), r; const int64_t* s = AS_STR(TOP); CHECK(rt_int_of_str_base(s, b, &r));
        TOP = r; CHARGE(STR_LEN_OF(s)); NEXT; }
      CASE(ORD): { int64_t r; CHECK(rt_ord(AS_STR(POP()), &r)); PUSH(r); NEXT; }
      CASE(CHR): { const int64_t* r; CHECK(rt_chr(POP(), chars, &r)); PUSH(AS_WORD(r)); NEXT; }
      CASE(RADIX_STR): { const int64_t* r; CHECK(rt_radix_str(&heap, POP(), a, &r)); PUSH(AS_WORD(r)); NEXT; }
      CASE(FORMAT): {  // a: 0 an int, 1 a bool, 2 a str, 3 a float
        const int64_t* spec = AS_STR(POP());
        const int64_t* r;
        int64_t n = STR_LEN_OF(spec);
        if (a == 1 && n == 0) {
          r = empty + (TOP ? 1 : 3);
        } else if (a == 2) {
          CHECK(rt_format_str(&heap, AS_STR(TOP), spec, chars, empty, &r));
        } else if (a == 3 || (n && format_float_type(STR_BYTES(spec)[n - 1]))) {  // an int as float(x)
          uint32_t* big = (uint32_t*)heap_spare(&heap, BIG_SCRATCH_WORDS);
          if (!big) RAISE(ST_MEMORY_ERROR);
          CHECK(rt_format_float(&heap, a == 3 ? AS_F(TOP) : (double)TOP, spec, big, chars, empty, &r));
        } else {
          CHECK(rt_format_int(&heap, TOP, spec, chars, empty, &r));
        }
        TOP = AS_WORD(r);
        CHARGE(STR_LEN_OF(r));
        NEXT;
      }
      CASE(STR_PAD): { const int64_t* f = AS_STR(POP()); int64_t width = POP(); const int64_t* r;
        CHECK(rt_str_pad(&heap, AS_STR(TOP), width, f, a, chars, &r)); TOP = AS_WORD(r); NEXT; }
      CASE(STR_CASE): { const int64_t* r; const int64_t* s = AS_STR(POP()); CHECK(rt_str_case(&heap, s, a, chars, &r));
        PUSH(AS_WORD(r)); CHARGE(STR_LEN_OF(s)); NEXT; }
      CASE(STR_STRIP): { const int64_t* r; const int64_t* s = AS_STR(POP());
        CHECK(rt_str_strip(&heap, s, 0, a, chars, empty, &r)); PUSH(AS_WORD(r)); CHARGE(STR_LEN_OF(s)); NEXT; }
      CASE(STR_STRIP_CHARS): { const int64_t* cs = AS_STR(POP()); const int64_t* r; const int64_t* s = AS_STR(POP());
        CHECK(rt_str_strip(&heap, s, cs, a, chars, empty, &r)); PUSH(AS_WORD(r));
        CHARGE(STR_LEN_OF(s) * (STR_LEN_OF(cs) > 0 ? STR_LEN_OF(cs) : 1)); NEXT; }
      CASE(STR_FIND): { const int64_t* t = AS_STR(POP()); const int64_t* s = AS_STR(POP()); int64_t r;
        CHECK(rt_str_find(s, t, a, &r)); PUSH(r); CHARGE(search_work(STR_LEN_OF(s), STR_LEN_OF(t))); NEXT; }
      CASE(STR_AFFIX): { const int64_t* t = AS_STR(POP()); const int64_t* s = AS_STR(TOP); TOP = rt_str_affix(s, t, a);
        CHARGE(min_work(STR_LEN_OF(s), STR_LEN_OF(t))); NEXT; }
      CASE(STR_REPLACE): { const int64_t* nw = AS_STR(POP()); const int64_t* old = AS_STR(POP()); const int64_t* r;
        const int64_t* s = AS_STR(POP());
        CHECK(rt_str_replace(&heap, s, old, nw, chars, empty, &r)); PUSH(AS_WORD(r));
        CHARGE(search_work(STR_LEN_OF(s), STR_LEN_OF(old))); NEXT; }
      CASE(STR_REPLACE_N): { int64_t most = POP(); const int64_t* nw = AS_STR(POP()); const int64_t* old = AS_STR(POP());
        const int64_t* s = AS_STR(POP()); const int64_t* r;
        CHECK(rt_str_replace(&heap, s, old, nw, chars, empty, &r, most)); PUSH(AS_WORD(r));
        CHARGE(search_work(STR_LEN_OF(s), STR_LEN_OF(old))); NEXT; }
      CASE(STR_FIND_IN): { int64_t end = POP(), start = POP(); const int64_t* t = AS_STR(POP()); const int64_t* s = AS_STR(POP());
        int64_t r; CHECK(rt_str_find_in(s, t, a, start, end, &r)); PUSH(r);
        CHARGE(search_work(STR_LEN_OF(s), STR_LEN_OF(t))); NEXT; }
      CASE(STR_AFFIX_IN): { int64_t end = POP(), start = POP(); const int64_t* t = AS_STR(POP()); const int64_t* s = AS_STR(TOP);
        TOP = rt_str_affix_in(s, t, a, start, end); CHARGE(min_work(STR_LEN_OF(s), STR_LEN_OF(t))); NEXT; }
      CASE(STR_IS): { const int64_t* s = AS_STR(TOP); TOP = rt_str_is(s, a); CHARGE(STR_LEN_OF(s)); NEXT; }

      // lists, tuples, Optionals: objects.h; K arguments name a type code
#define KCODE(k) ((const char*)STR_BYTES(konst + (k)))
#define NEW_OBJ(call) do { int64_t* r_; CHECK(call); TOP = PTR_WORD(r_); } while (0)
      CASE(LIST_NEW): {
        int64_t* l;
        CHECK(rt_list_new(&heap, a, &l));
        sp -= a;
        for (int32_t i = 0; i < a; i++) LIST_ITEMS(l)[i] = sp[i];
        PUSH(PTR_WORD(l));
        NEXT;
      }
      CASE(LIST_GET): { int64_t i = POP(), r; CHECK(rt_list_get(AS_PTR(TOP), i, &r)); TOP = r; NEXT; }
      CASE(LIST_SET): { int64_t x = POP(), i = POP(); CHECK(rt_list_set(AS_PTR(POP()), i, x)); NEXT; }
      CASE(LIST_SLICE): { int64_t st = POP(), hi = POP(), lo = POP();
        slice_given(a, &lo, &hi, &st);
        NEW_OBJ(rt_list_slice(&heap, AS_PTR(TOP), lo, hi, st, &r_)); NEXT; }
      CASE(LIST_SLICE_SET): { const int64_t* v = AS_PTR(POP()); int64_t st = POP(), hi = POP(), lo = POP();
        slice_given(a, &lo, &hi, &st);
        int64_t* l = AS_PTR(POP());
        CHECK(rt_list_slice_set(&heap, l, lo, hi, st, v)); CHARGE(LIST_LEN(l) + LIST_LEN(v)); NEXT; }
      CASE(LIST_LEN): TOP = LIST_LEN(AS_PTR(TOP)); NEXT;
      CASE(TRUTH_LIST): TOP = LIST_LEN(AS_PTR(TOP)) != 0; NEXT;
      CASE(LIST_APPEND): { int64_t x = POP(); CHECK(rt_list_append(&heap, AS_PTR(POP()), x)); NEXT; }
      CASE(LIST_CONCAT): { const int64_t* m = AS_PTR(POP()); NEW_OBJ(rt_list_concat(&heap, AS_PTR(TOP), m, &r_)); NEXT; }
      CASE(LIST_REPEAT): { int64_t n = POP(); NEW_OBJ(rt_list_repeat(&heap, AS_PTR(TOP), n, &r_)); NEXT; }
      CASE(LIST_EXTEND): { const int64_t* m = AS_PTR(POP()); int64_t n = LIST_LEN(m);
        CHECK(rt_list_extend(&heap, AS_PTR(POP()), m)); CHARGE(n); NEXT; }
      CASE(LIST_IREPEAT): { int64_t n = POP(); int64_t* l = AS_PTR(POP()); int64_t* r;
        CHECK(rt_list_repeat(&heap, l, n, &r));
        rt_list_clear(l);
        CHECK(rt_list_extend(&heap, l, r));
        NEXT; }
      CASE(LIST_INSERT): { int64_t x = POP(), i = POP(); int64_t* l = AS_PTR(POP());
        CHECK(rt_list_insert(&heap, l, i, x)); CHARGE(LIST_LEN(l)); NEXT; }
      CASE(LIST_POP): { int64_t i = POP(), r; int64_t* l = AS_PTR(TOP); int64_t n = LIST_LEN(l);
        CHECK(rt_list_pop(l, i, &r)); TOP = r; CHARGE(n); NEXT; }
      CASE(LIST_REVERSE): { int64_t* l = AS_PTR(POP()); rt_list_reverse(l); CHARGE(LIST_LEN(l)); NEXT; }
      CASE(LIST_CLEAR): rt_list_clear(AS_PTR(POP())); NEXT;
      CASE(LIST_COPY): NEW_OBJ(rt_list_copy(&heap, AS_PTR(TOP), &r_)); NEXT;
      CASE(LIST_REVERSED): NEW_OBJ(rt_list_copy(&heap, AS_PTR(TOP), &r_)); rt_list_reverse(AS_PTR(TOP)); NEXT;
      CASE(REPR): {
        const int64_t* r;
        int64_t n;
        CHECK(rt_repr(&heap, TOP, KCODE(a), chars, empty, &r, &n));
        TOP = AS_WORD(r);
        CHARGE(n);
        NEXT;
      }
      CASE(LIST_FIND): { const int64_t* l = AS_PTR(POP()); TOP = rt_list_find(l, TOP, KCODE(a)) >= 0;
        CHARGE(LIST_LEN(l)); NEXT; }
      CASE(LIST_INDEX): { int64_t x = POP(); const int64_t* l = AS_PTR(TOP); int64_t i = rt_list_find(l, x, KCODE(a));
        if (i < 0) RAISE(ST_VALUE_ERROR);
        TOP = i; CHARGE(LIST_LEN(l)); NEXT; }
      CASE(LIST_COUNT): { int64_t x = POP(); const int64_t* l = AS_PTR(TOP); TOP = rt_list_count(l, x, KCODE(a));
        CHARGE(LIST_LEN(l)); NEXT; }
      CASE(LIST_REMOVE): { int64_t x = POP(); int64_t* l = AS_PTR(POP()); int64_t n = LIST_LEN(l);
        CHECK(rt_list_remove(l, x, KCODE(a))); CHARGE(n); NEXT; }
      CASE(LIST_SORT): { int64_t rev = POP(); int64_t* l = AS_PTR(POP());
        CHECK(rt_list_sort(&heap, l, KCODE(a), rev != 0)); CHARGE(sort_work(LIST_LEN(l))); NEXT; }
      CASE(LIST_SORT_KEYED): { int64_t rev = POP(); int64_t* keys = AS_PTR(POP()); int64_t* l = AS_PTR(POP());
        CHECK(rt_list_sort_keyed(&heap, l, keys, KCODE(a), rev != 0)); CHARGE(sort_work(LIST_LEN(l))); NEXT; }
      CASE(LIST_MIN): CASE(LIST_MAX): { int64_t r; const int64_t* l = AS_PTR(TOP);
        CHECK(rt_list_minmax(l, KCODE(a), INSN_OP(w) == OP_LIST_MAX, &r)); TOP = r; CHARGE(LIST_LEN(l)); NEXT; }
      CASE(LIST_MIN_KEYED): CASE(LIST_MAX_KEYED): { int64_t k; const int64_t* keys = AS_PTR(POP()); const int64_t* l = AS_PTR(TOP);
        CHECK(rt_list_argminmax(keys, KCODE(a), INSN_OP(w) == OP_LIST_MAX_KEYED, &k)); TOP = LIST_ITEMS(l)[k];
        CHARGE(LIST_LEN(l)); NEXT; }
      CASE(HEAP_PUSH): { int64_t x = POP(); int64_t* l = AS_PTR(POP());
        CHECK(rt_heapq_push(&heap, l, x, KCODE(a))); CHARGE(heap_work(LIST_LEN(l))); NEXT; }
      CASE(HEAP_POP): { int64_t r; int64_t* l = AS_PTR(TOP); CHECK(rt_heapq_pop(l, KCODE(a), &r)); TOP = r;
        CHARGE(2 * heap_work(LIST_LEN(l))); NEXT; }
      CASE(HEAP_REPLACE): CASE(HEAP_PUSHPOP): { int64_t x = POP(), r; int64_t* l = AS_PTR(TOP);
        CHECK(INSN_OP(w) == OP_HEAP_REPLACE ? rt_heapq_replace(l, x, KCODE(a), &r) : rt_heapq_pushpop(l, x, KCODE(a), &r));
        TOP = r; CHARGE(2 * heap_work(LIST_LEN(l))); NEXT; }
      CASE(HEAPIFY): { int64_t* l = AS_PTR(POP()); CHECK(rt_heapq_heapify(l, KCODE(a))); CHARGE(2 * LIST_LEN(l)); NEXT; }
      CASE(LIST_TRUNCATE): { int64_t n = POP(); rt_list_truncate(AS_PTR(TOP), n); NEXT; }
      CASE(ZIP_ROWS): { int64_t work = 0; NEW_OBJ(rt_zip_rows(&heap, AS_PTR(TOP), a, &r_, &work)); CHARGE(work); NEXT; }
      CASE(LIST_SUM_INT): { int64_t r; const int64_t* l = AS_PTR(TOP); CHECK(rt_list_sum_int(l, 0, &r)); TOP = r;
        CHARGE(LIST_LEN(l)); NEXT; }
      CASE(LIST_SUM_FLOAT): {  // of no items CPython's sum is its start, the int 0
        const int64_t* l = AS_PTR(TOP);
        if (LIST_LEN(l) == 0) RAISE(ST_UNSUPPORTED);
        TOP = AS_W(rt_list_sum_float(l, 0.0, 0));
        CHARGE(LIST_LEN(l)); NEXT; }
      CASE(LIST_SUM_FROM): {
        int64_t start = POP(), r;
        const int64_t* l = AS_PTR(TOP);
        switch (a) {
          case SUM_INTS: CHECK(rt_list_sum_int(l, start, &r)); break;
          case SUM_FLOATS: r = AS_W(rt_list_sum_float(l, AS_F(start), 0)); break;
          case SUM_FLOATS_FROM_INT:  // of no items, the int start itself
            if (LIST_LEN(l) == 0) RAISE(ST_UNSUPPORTED);
            r = AS_W(rt_list_sum_float(l, (double)start, 0)); break;
          case SUM_INTS_FROM_FLOAT: r = AS_W(rt_list_sum_float(l, AS_F(start), 1)); break;
          case SUM_NUMS: CHECK(rt_list_sum_num(l, start, &r)); break;
          default: { int64_t* m; CHECK(rt_list_sum_lists(&heap, l, AS_PTR(start), &m)); r = PTR_WORD(m); }
        }
        TOP = r;
        CHARGE(LIST_LEN(l));
        NEXT;
      }
      CASE(SET_NEW): { int64_t* r; CHECK(rt_set_new(&heap, &r)); PUSH(PTR_WORD(r)); NEXT; }
      CASE(SET_OF_LIST): { int64_t n = LIST_LEN(AS_PTR(TOP));
        NEW_OBJ(rt_set_of_list(&heap, AS_PTR(TOP), rt_sel_key_(a, konst), (a >> SETSEL_SHIFT) & 1, &r_)); CHARGE(n); NEXT; }
      CASE(SET_ITEMS): { int64_t n = SET_MASK(AS_PTR(TOP)) + 1;
        NEW_OBJ(rt_set_items(&heap, AS_PTR(TOP), rt_set_key(AS_PTR(TOP), a, konst), (a >> SETSEL_SHIFT) & 1, (a >> SETSEL_SHIFT) & 2, &r_));
        CHARGE(n); NEXT; }
      CASE(SET_ADD): { int64_t x = POP(); int64_t* s = AS_PTR(POP()); CHECK(rt_set_add(&heap, s, x, rt_set_key(s, a, konst))); NEXT; }
      CASE(SET_DISCARD): { int64_t x = POP();
        int64_t* s = AS_PTR(POP());
        CHECK(rt_set_discard(s, x, rt_set_key(s, a, konst), (a >> SETSEL_SHIFT) & 1)); NEXT; }
      CASE(SET_CONTAINS): { const int64_t* s = AS_PTR(POP()); TOP = rt_set_contains(s, TOP, rt_set_key(s, a, konst)); NEXT; }
      CASE(SET_COPY): { int64_t n = SET_MASK(AS_PTR(TOP)) + 1;
        NEW_OBJ(rt_set_copy(&heap, AS_PTR(TOP), rt_set_key(AS_PTR(TOP), a, konst), &r_)); CHARGE(n); NEXT; }
      CASE(SET_CLEAR): CHECK(rt_set_clear(&heap, AS_PTR(POP()))); NEXT;
      CASE(SET_UPDATE): { const int64_t* o = AS_PTR(POP()); int64_t* s = AS_PTR(POP()); int is_set = (a >> SETSEL_SHIFT) & 1;
        int op = (a >> SETSEL_SHIFT >> 1) & 3; KeyCode key = rt_set_key_with(s, is_set ? o : nullptr, a, konst);
        CHARGE(SET_MASK(s) + 1 + (is_set ? SET_MASK(o) + 1 : LIST_LEN(o)));
        CHECK(op == SETUP_OR ? rt_set_update(&heap, s, o, is_set, key) : rt_set_update_op(&heap, s, o, op, key)); NEXT; }
      CASE(SET_BINOP): { const int64_t* b = AS_PTR(POP()); const int64_t* s = AS_PTR(TOP); int is_set = (a >> SETSEL_SHIFT) & 4;
        CHARGE(SET_MASK(s) + 1 + (is_set ? SET_MASK(b) + 1 : LIST_LEN(b)));
        NEW_OBJ(rt_set_binop(&heap, s, b, is_set, (a >> SETSEL_SHIFT) & 3, rt_set_key_with(s, is_set ? b : nullptr, a, konst), &r_)); NEXT; }
      CASE(SET_COMPARE): { const int64_t* b = AS_PTR(POP()); const int64_t* s = AS_PTR(TOP);
        CHARGE(SET_USED(s) + SET_USED(b));
        TOP = rt_set_compare(s, b, (a >> SETSEL_SHIFT) & 7, rt_set_key_with(s, b, a, konst)); NEXT; }
      CASE(DICT_NEW): { int64_t* r; CHECK(rt_dict_new(&heap, &r)); PUSH(PTR_WORD(r)); NEXT; }
      CASE(DICT_SET): { int64_t v = POP(), k = POP(); int64_t* d = AS_PTR(POP()); CHECK(rt_dict_set(&heap, d, k, v, rt_dict_key(d, a, konst))); NEXT; }
      CASE(DICT_GET): { int64_t k = POP(), r; CHECK(rt_dict_get(AS_PTR(TOP), k, rt_dict_key(AS_PTR(TOP), a, konst), &r)); TOP = r; NEXT; }
      CASE(DICT_GET_OR): { int64_t x = POP(), k = POP(), r;
        TOP = rt_dict_get(AS_PTR(TOP), k, rt_dict_key(AS_PTR(TOP), a, konst), &r) == ST_PASS ? r : x; NEXT; }
      CASE(DICT_GET_OPT): { int64_t k = POP(), r;
        if (rt_dict_get(AS_PTR(TOP), k, rt_dict_key(AS_PTR(TOP), a, konst), &r) != ST_PASS) { TOP = 0; NEXT; }
        if ((a >> SETSEL_SHIFT) & 1) {
          int64_t* box = heap_alloc(&heap, 1);
          if (!box) RAISE(ST_MEMORY_ERROR);
          *box = r; r = PTR_WORD(box);
        }
        TOP = r; NEXT; }
      CASE(DICT_POP): { int64_t k = POP(), r; CHECK(rt_dict_del(AS_PTR(TOP), k, rt_dict_key(AS_PTR(TOP), a, konst), &r)); TOP = r; NEXT; }
      CASE(DICT_POP_OR): { int64_t x = POP(), k = POP(), r;
        KeyCode key = rt_dict_key(AS_PTR(TOP), a, konst);
        if (!rt_dict_contains(AS_PTR(TOP), k, key)) { TOP = x; NEXT; }
        CHECK(rt_dict_del(AS_PTR(TOP), k, key, &r)); TOP = r; NEXT; }
      CASE(DICT_SETDEFAULT): { int64_t x = POP(), k = POP(), r; int64_t* d = AS_PTR(TOP);
        KeyCode key = rt_dict_key(d, a, konst);
        if (rt_dict_get(d, k, key, &r) != ST_PASS) { CHECK(rt_dict_set(&heap, d, k, x, key)); r = x; }
        TOP = r; NEXT; }
      CASE(DICT_CONTAINS): { const int64_t* d = AS_PTR(POP()); TOP = rt_dict_contains(d, TOP, rt_dict_key(d, a, konst)); NEXT; }
      CASE(DICT_ITEMS): { int64_t n = DICT_N(AS_PTR(TOP));
        NEW_OBJ(rt_dict_items(&heap, AS_PTR(TOP), (a >> SETSEL_SHIFT) & 3, (a >> SETSEL_SHIFT) & 4, &r_)); CHARGE(n); NEXT; }
      CASE(DICT_COPY): { int64_t n = DICT_N(AS_PTR(TOP)); NEW_OBJ(rt_dict_copy(&heap, AS_PTR(TOP), rt_dict_key(AS_PTR(TOP), a, konst), &r_));
        CHARGE(n); NEXT; }
      CASE(DICT_CLEAR): CHECK(rt_dict_clear(&heap, AS_PTR(POP()))); NEXT;
      CASE(DICT_UPDATE): { const int64_t* o = AS_PTR(POP()); CHARGE(DICT_N(o));
        int64_t* d = AS_PTR(POP()); CHECK(rt_dict_update(&heap, d, o, rt_dict_key(d, a, konst))); NEXT; }
      CASE(DICT_EQ): { const int64_t* b = AS_PTR(POP()); const int64_t* d = AS_PTR(TOP); CHARGE(DICT_N(d));
        TOP = rt_dict_eq(d, b, KCODE(a)); NEXT; }
      CASE(LIST_OF_STR): NEW_OBJ(rt_list_of_str(&heap, AS_STR(TOP), chars, &r_)); NEXT;
      CASE(LIST_OF_RANGE): {
        int64_t step = POP(), stop = POP(), start = POP();
        if (step == 0) RAISE(ST_VALUE_ERROR);
        uint64_t n = rt_range_len(start, stop, step);
        int64_t* l;
        if (n > (uint64_t)heap.cap) RAISE(ST_MEMORY_ERROR);
        CHECK(rt_list_new(&heap, (int64_t)n, &l));
        for (uint64_t i = 0; i < n; i++) LIST_ITEMS(l)[i] = (int64_t)((uint64_t)start + i * (uint64_t)step);
        PUSH(PTR_WORD(l));
        NEXT;
      }
      CASE(RANGE_CONTAINS): {
        int64_t step = POP(), stop = POP(), start = POP(), x = TOP;
        if (step == 0) RAISE(ST_VALUE_ERROR);
        int in = step > 0 ? (start <= x && x < stop && ((uint64_t)x - (uint64_t)start) % (uint64_t)step == 0)
                          : (stop < x && x <= start && ((uint64_t)start - (uint64_t)x) % (0 - (uint64_t)step) == 0);
        TOP = in;
        NEXT;
      }
      CASE(STR_SPLIT): { int64_t n = STR_LEN_OF(AS_STR(TOP));
        NEW_OBJ(rt_str_split(&heap, AS_STR(TOP), nullptr, chars, empty, &r_)); CHARGE(n); NEXT; }
      CASE(STR_SPLIT_SEP): { const int64_t* sep = AS_STR(POP()); int64_t n = search_work(STR_LEN_OF(AS_STR(TOP)), STR_LEN_OF(sep));
        NEW_OBJ(rt_str_split(&heap, AS_STR(TOP), sep, chars, empty, &r_)); CHARGE(n); NEXT; }
      CASE(RE_COMPILE): { int flags = a & RE_FLAGS; int64_t* r; int64_t steps;
        int st = rt_re_compile(&heap, AS_STR(TOP), flags, &r, &steps); RE_DONE(st, steps); TOP = PTR_WORD(r); NEXT; }
      CASE(RE_FINDALL): { const int64_t* s = AS_STR(POP()); int64_t* r; int64_t steps; int flags;
        const int64_t* p = re_operand(TOP, a, &flags);
        int st = rt_re_findall(&heap, p, s, flags, (a >> RE_SHAPE_SHIFT) - 1, RE_BUDGET, chars, empty, &r, &steps);
        RE_DONE(st, steps); TOP = PTR_WORD(r); NEXT; }
      CASE(RE_SUB): { int64_t count = POP(); const int64_t* s = AS_STR(POP()); const int64_t* repl = AS_STR(POP());
        const int64_t* r; int64_t steps; int flags;
        const int64_t* p = re_operand(TOP, a, &flags);
        int st = rt_re_sub(&heap, p, repl, s, count, flags, RE_BUDGET, chars, empty, &r, &steps);
        RE_DONE(st, steps); TOP = AS_WORD(r); NEXT; }
      CASE(RE_SPLIT): { int64_t most = POP(); const int64_t* s = AS_STR(POP()); int64_t* r; int64_t steps; int flags;
        const int64_t* p = re_operand(TOP, a, &flags);
        int st = rt_re_split(&heap, p, s, most, flags, RE_BUDGET, chars, empty, &r, &steps);
        RE_DONE(st, steps); TOP = PTR_WORD(r); NEXT; }
      CASE(RE_MATCH): { const int64_t* s = AS_STR(POP()); int64_t* r; int64_t steps; int flags;
        const int64_t* p = re_operand(TOP, a, &flags);
        int st = rt_re_match(&heap, p, s, flags, a >> RE_SHAPE_SHIFT, RE_BUDGET, &r, &steps);
        RE_DONE(st, steps); TOP = PTR_WORD(r); NEXT; }
      CASE(MATCH_GROUP): { int64_t k = POP(); const int64_t* r;
        CHECK(rt_match_group(&heap, AS_PTR(TOP), k, chars, empty, &r)); TOP = AS_WORD(r); CHARGE(STR_LEN_OF(r)); NEXT; }
      CASE(MATCH_POS): { int64_t k = POP(); int64_t r; CHECK(rt_match_pos(AS_PTR(TOP), k, a, &r)); TOP = r; NEXT; }
      CASE(MATCH_SPAN): { int64_t k = POP(); int64_t lo, hi;
        CHECK(rt_match_pos(AS_PTR(TOP), k, 0, &lo)); CHECK(rt_match_pos(AS_PTR(TOP), k, 1, &hi));
        int64_t* t = heap_alloc(&heap, 2);
        if (!t) RAISE(ST_MEMORY_ERROR);
        t[0] = lo; t[1] = hi; TOP = PTR_WORD(t); NEXT; }
      CASE(STR_JOIN): { const int64_t* l = AS_PTR(POP()); const int64_t* r;
        CHECK(rt_str_join(&heap, AS_STR(TOP), l, chars, empty, &r)); TOP = AS_WORD(r);
        CHARGE(STR_LEN_OF(r) + LIST_LEN(l)); NEXT; }
      CASE(TUPLE_NEW): {
        int64_t* t = heap_alloc(&heap, a);
        if (!t) RAISE(ST_MEMORY_ERROR);
        sp -= a;
        for (int32_t i = 0; i < a; i++) t[i] = sp[i];
        PUSH(PTR_WORD(t));
        NEXT;
      }
      CASE(TUPLE_GET): TOP = AS_PTR(TOP)[a]; NEXT;
      CASE(TUPLE_INDEX): {
        int64_t k = POP();
        if (k < 0) k += a;
        if (k < 0 || k >= a) RAISE(ST_INDEX_ERROR);
        TOP = AS_PTR(TOP)[k];
        NEXT;
      }
      CASE(TUPLE_LIST): {
        int64_t* l;
        CHECK(rt_list_new(&heap, a, &l));
        for (int32_t i = 0; i < a; i++) LIST_ITEMS(l)[i] = AS_PTR(TOP)[i];
        TOP = PTR_WORD(l);
        NEXT;
      }
      CASE(LIST_TUPLE): {
        const int64_t* l = AS_PTR(TOP);
        if (LIST_LEN(l) != a) RAISE(ST_UNSUPPORTED);
        int64_t* t = heap_alloc(&heap, a);
        if (!t) RAISE(ST_MEMORY_ERROR);
        for (int32_t i = 0; i < a; i++) t[i] = LIST_ITEMS(l)[i];
        TOP = PTR_WORD(t);
        NEXT;
      }
      CASE(UNPACK_TUPLE): { const int64_t* t = AS_PTR(POP()); for (int32_t i = 0; i < a; i++) PUSH(t[i]); NEXT; }
      CASE(UNPACK_LIST): { const int64_t* l = AS_PTR(POP());
        if (LIST_LEN(l) != a) RAISE(ST_VALUE_ERROR);
        for (int32_t i = 0; i < a; i++) PUSH(LIST_ITEMS(l)[i]);
        NEXT; }
      CASE(CMP_OBJ): { int64_t y = POP(), x = TOP; int r; CHECK(rt_compare(x, y, KCODE(GETARG(a, TYPE)), GETARG(a, CMP_B), &r));
        TOP = r; CHARGE(compare_work(x, y, KCODE(GETARG(a, TYPE)))); NEXT; }
      CASE(IS_NONE): TOP = TOP == 0; NEXT;
      CASE(BOX): { int64_t* b = heap_alloc(&heap, 1); if (!b) RAISE(ST_MEMORY_ERROR); *b = TOP; TOP = PTR_WORD(b); NEXT; }
      CASE(UNBOX): if (!TOP) RAISE(a); TOP = *AS_PTR(TOP); NEXT;
      CASE(UNION_BOX): {
        int64_t* u = heap_alloc(&heap, 2);
        if (!u) RAISE(ST_MEMORY_ERROR);
        u[0] = a; u[1] = TOP; TOP = PTR_WORD(u);
        NEXT;
      }
      CASE(UNWRAP): if (!TOP) RAISE(a); NEXT;
      CASE(DUP2): sp[0] = sp[-2]; sp[1] = sp[-1]; sp += 2; NEXT;
      CASE(LIST_REV_INIT): locals[a] = POP(); locals[a + 1] = LIST_LEN(AS_PTR(locals[a])); NEXT;
      CASE(FOR_LIST): CASE(FOR_ENUM_LIST): {
        // CPython's list iterator: the length is read afresh at every step
        int32_t exit = *ip++;
        const int64_t* l = AS_PTR(locals[a]);
        int64_t i = locals[a + 1];
        if (i >= LIST_LEN(l)) { ip += exit; NEXT; }
        locals[a + 1] = i + 1;
        if (INSN_OP(w) == OP_FOR_ENUM_LIST) { int64_t n; CHECK(add_ovf_st(i, locals[a + 2], &n)); PUSH(n); }
        PUSH(LIST_ITEMS(l)[i]);
        NEXT;
      }
      CASE(FOR_RE): {
        int32_t exit = *ip++;
        int flags;
        const int64_t* p = re_operand(locals[a], (int32_t)locals[a + 4], &flags);
        int64_t* m;
        int64_t steps;
        int st = rt_re_next(&heap, p, AS_STR(locals[a + 1]), flags, &locals[a + 2], &locals[a + 3], RE_BUDGET, &m,
                            &steps);
        RE_DONE(st, steps);
        if (!m) { ip += exit; NEXT; }
        PUSH(PTR_WORD(m));
        NEXT;
      }
      CASE(FOR_LIST_REV): {
        int32_t exit = *ip++;
        const int64_t* l = AS_PTR(locals[a]);
        int64_t i = locals[a + 1] - 1;
        if (i < 0 || i >= LIST_LEN(l)) { locals[a + 1] = 0; ip += exit; NEXT; }
        locals[a + 1] = i;
        PUSH(LIST_ITEMS(l)[i]);
        NEXT;
      }
      CASE(ZIP_INIT): locals[a + 1] = POP(); locals[a] = POP(); locals[a + 2] = 0; NEXT;
      CASE(FOR_ZIP): {
        // a str and a list both keep their length in their first word
        int32_t exit = *ip++;
        int32_t h = GETARG(a, PAIR);
        const int64_t* s = AS_PTR(locals[h]);
        const int64_t* t = AS_PTR(locals[h + 1]);
        int64_t i = locals[h + 2];
        if (i >= s[0] || i >= t[0]) { ip += exit; NEXT; }
        locals[h + 2] = i + 1;
        PUSH(GETARG(a, STR1) ? AS_WORD(chars + 2 * (uint8_t)STR_BYTES(s)[i]) : LIST_ITEMS(s)[i]);
        PUSH(GETARG(a, STR2) ? AS_WORD(chars + 2 * (uint8_t)STR_BYTES(t)[i]) : LIST_ITEMS(t)[i]);
        NEXT;
      }
      CASE(FOR_ZIP_N): {
        int32_t exit = *ip++;
        int32_t h = GETARG(a, PAIR), n = GETARG(a, ZIPN), strs = GETARG(a, STRS);
        int64_t i = locals[h + n];
        int32_t k = 0;
        while (k < n && i < AS_PTR(locals[h + k])[0]) k++;  // (a str's length is its first word too)
        if (k < n) { ip += exit; NEXT; }
        locals[h + n] = i + 1;
        for (k = 0; k < n; k++) {
          const int64_t* q = AS_PTR(locals[h + k]);
          PUSH((strs >> k) & 1 ? AS_WORD(chars + 2 * (uint8_t)STR_BYTES(q)[i]) : LIST_ITEMS(q)[i]);
        }
        NEXT;
      }
#undef KCODE
#undef NEW_OBJ

      // superinstructions: LK reads local a and constant k, LL locals a and b
#define LK_X (locals[GETARG(a, A)])
#define LK_Y (konst[GETARG(a, K)])
#define LL_Y (locals[GETARG(a, B)])
#define FUSED_INT(fn, Y) do { int64_t r; CHECK(fn(LK_X, Y, &r)); PUSH(r); } while (0)
      CASE(ADD_INT_LK): FUSED_INT(add_ovf_st, LK_Y); NEXT;
      CASE(SUB_INT_LK): FUSED_INT(sub_ovf_st, LK_Y); NEXT;
      CASE(MUL_INT_LK): FUSED_INT(mul_ovf_st, LK_Y); NEXT;
      CASE(FLOORDIV_INT_LK): FUSED_INT(rt_floordiv_int, LK_Y); NEXT;
      CASE(MOD_INT_LK): FUSED_INT(rt_mod_int, LK_Y); NEXT;
      CASE(CMP_INT_LK): PUSH(rt_cmp_int(LK_X, LK_Y, GETARG(a, CMP_K))); NEXT;
      CASE(ADD_INT_LL): FUSED_INT(add_ovf_st, LL_Y); NEXT;
      CASE(SUB_INT_LL): FUSED_INT(sub_ovf_st, LL_Y); NEXT;
      CASE(MUL_INT_LL): FUSED_INT(mul_ovf_st, LL_Y); NEXT;
      CASE(FLOORDIV_INT_LL): FUSED_INT(rt_floordiv_int, LL_Y); NEXT;
      CASE(MOD_INT_LL): FUSED_INT(rt_mod_int, LL_Y); NEXT;
      CASE(CMP_INT_LL): PUSH(rt_cmp_int(LK_X, LL_Y, GETARG(a, CMP_B))); NEXT;
      // a jump taken backward is a while loop's test at its end (code_stmt.h,
      // emit_loop_test) going round again: it spends the round's fuel, as LOOP does
#define JUMP_BY(j) do { if ((j) < 0) SPEND(); ip += (j); } while (0)
      CASE(CMP_INT_JF): { int32_t j = *ip++; int64_t y = POP(), x = POP(); if (!rt_cmp_int(x, y, a)) JUMP_BY(j); NEXT; }
#define TOP_INT_K(fn) do { int64_t r; CHECK(fn(TOP, LK_Y, &r)); TOP = r; } while (0)
      CASE(ADD_INT_K): TOP_INT_K(add_ovf_st); NEXT;
      CASE(SUB_INT_K): TOP_INT_K(sub_ovf_st); NEXT;
      CASE(MUL_INT_K): TOP_INT_K(mul_ovf_st); NEXT;
      CASE(FLOORDIV_INT_K): TOP_INT_K(rt_floordiv_int); NEXT;
      CASE(MOD_INT_K): TOP_INT_K(rt_mod_int); NEXT;
#undef TOP_INT_K
      CASE(CMP_INT_K): TOP = rt_cmp_int(TOP, LK_Y, GETARG(a, CMP_K)); NEXT;
      CASE(LIST_GET_LK): { int64_t r; CHECK(rt_list_get(AS_PTR(LK_X), LK_Y, &r)); PUSH(r); NEXT; }
      CASE(LIST_GET_L): { int64_t r; CHECK(rt_list_get(AS_PTR(locals[a]), TOP, &r)); TOP = r; NEXT; }
      CASE(STR_INDEX_L): { const int64_t* r; CHECK(rt_str_index(AS_STR(locals[a]), TOP, chars, &r)); TOP = AS_WORD(r); NEXT; }
      CASE(LIST_GET_LL): { int64_t r; CHECK(rt_list_get(AS_PTR(LK_X), LL_Y, &r)); PUSH(r); NEXT; }
      CASE(CMP_STR_K_JF): { int32_t j = *ip++;
        if (!rt_cmp_str_k(AS_STR(POP()), konst + GETARG(a, K), GETARG(a, CMP_K))) JUMP_BY(j); NEXT; }
      CASE(CMP_INT_K_JF): { int32_t j = *ip++; int64_t x = POP(); if (!rt_cmp_int(x, LK_Y, GETARG(a, CMP_K))) JUMP_BY(j); NEXT; }
      CASE(CMP_INT_L): TOP = rt_cmp_int(TOP, LL_Y, GETARG(a, CMP_B)); NEXT;
      CASE(CMP_INT_L_JF): { int32_t j = *ip++; int64_t x = POP(); if (!rt_cmp_int(x, LL_Y, GETARG(a, CMP_B))) JUMP_BY(j); NEXT; }
      CASE(CMP_INT_LK_JF): { int32_t j = *ip++; if (!rt_cmp_int(LK_X, LK_Y, GETARG(a, CMP_K))) JUMP_BY(j); NEXT; }
      CASE(CMP_INT_LL_JF): { int32_t j = *ip++; if (!rt_cmp_int(LK_X, LL_Y, GETARG(a, CMP_B))) JUMP_BY(j); NEXT; }
      CASE(ADD_INT_ST): { int64_t y = POP(), r; CHECK(add_ovf_st(locals[a], y, &r)); locals[a] = r; NEXT; }
      CASE(SUB_INT_ST): { int64_t y = POP(), r; CHECK(sub_ovf_st(locals[a], y, &r)); locals[a] = r; NEXT; }
      CASE(ADD_INT_LK_ST): { int64_t r; CHECK(add_ovf_st(LK_X, LK_Y, &r)); LK_X = r; NEXT; }
      CASE(SUB_INT_LK_ST): { int64_t r; CHECK(sub_ovf_st(LK_X, LK_Y, &r)); LK_X = r; NEXT; }
      CASE(ADD_INT_LL_ST): { int64_t r; CHECK(add_ovf_st(LK_X, LL_Y, &r)); LK_X = r; NEXT; }

      // loops storing their item: R packs the state local, the target and its flag
#define R_STATE (locals + GETARG(a, A))
#define R_STORE(v) do { int64_t* t_ = locals + GETARG(a, B); t_[0] = (v); if (GETARG(a, FLAG)) t_[1] = 1; } while (0)
      CASE(FOR_RANGE_ST): {
        int32_t exit = *ip++;
        int64_t* r = R_STATE;
        if (r[1] <= 0) { ip += exit; NEXT; }
        R_STORE(r[0]);
        r[0] = (int64_t)((uint64_t)r[0] + (uint64_t)r[2]);
        r[1]--;
        NEXT;
      }
      CASE(FOR_RANGE_NEXT): {
        SPEND();
        int32_t back = *ip++;
        int64_t* r = R_STATE;
        if (r[1] <= 0) NEXT;
        R_STORE(r[0]);
        r[0] = (int64_t)((uint64_t)r[0] + (uint64_t)r[2]);
        r[1]--;
        ip += back;
        NEXT;
      }
      CASE(FOR_STR_NEXT): CASE(FOR_LIST_NEXT): {
        SPEND();
        int32_t back = *ip++;
        int64_t* r = R_STATE;
        const int64_t* s = AS_PTR(r[0]);
        int64_t i = r[1];
        if (i >= s[0]) NEXT;
        r[1] = i + 1;
        R_STORE(INSN_OP(w) == OP_FOR_STR_NEXT ? AS_WORD(chars + 2 * (uint8_t)STR_BYTES(s)[i]) : LIST_ITEMS(s)[i]);
        ip += back;
        NEXT;
      }
      CASE(FOR_STR_ST): CASE(FOR_LIST_ST): {
        // a str and a list both keep their length in their first word
        int32_t exit = *ip++;
        int64_t* r = R_STATE;
        const int64_t* s = AS_PTR(r[0]);
        int64_t i = r[1];
        if (i >= s[0]) { ip += exit; NEXT; }
        r[1] = i + 1;
        R_STORE(INSN_OP(w) == OP_FOR_STR_ST ? AS_WORD(chars + 2 * (uint8_t)STR_BYTES(s)[i]) : LIST_ITEMS(s)[i]);
        NEXT;
      }
      // the modulo raises from the first word (the test's line), a spend from the second
      CASE(MOD_INT_LL_K_JF): CASE(MOD_INT_LK_K_JF): {
        int64_t r;
        CHECK(rt_mod_int(LK_X, INSN_OP(w) == OP_MOD_INT_LL_K_JF ? LL_Y : konst[GETARG(a, B)], &r));
        int32_t j = *ip++;
        if (!rt_cmp_int(r, konst[GETARG(a, K2)], GETARG(a, CMP_B))) JUMP_BY(j);
        NEXT;
      }
#undef JUMP_BY
#undef R_STATE
#undef R_STORE
#undef LK_X
#undef LK_Y
#undef LL_Y
#undef FUSED_INT
      // A raise: to the handlers of the innermost try whose body holds it,
      // in this frame or a caller's (their frames closed), with [pc st] on
      // the operand stack at the try's depth; else the lane stops.
      raise_: {
        int32_t pc = (int32_t)(ip - code - 1);  // the raising word (a RERAISE's, for the search)
        if (raised_at < 0) raised_at = pc;
        int32_t level = nframes - 1, h = -1;
        while (catchable(status)) {
          if ((h = handler_of(p, pc)) >= 0 || level == 0) break;
          pc = (int32_t)(frames[level--].ret_ip - code - 1);  // the caller's CALL
        }
        if (h < 0) goto stop;
        const int32_t* hw = p->handlers[h];
        while (nframes - 1 > level) locals = frames[--nframes].locals;
        sp = locals + p->funcs[hw[HW_FN]].nlocals + hw[HW_DEPTH];
        PUSH(raised_at);
        PUSH(status);
        raised_at = -1;
        status = ST_RUNNING_;
        ip = code + hw[HW_TARGET];
        NEXT;
      }
#if !VM_THREADED
      default: RAISE(ST_TYPE_ERROR);  // unreachable: the compiler emits only known opcodes
#endif
    }
  }
#undef CASE
#undef NEXT
done:
  oc->steps = rp->fuel - fuel;
  oc->status = check_result(p, rp, result, expected, out, oc);
  return;
stop: {
  int32_t pc = raised_at;  // the raising word: the first, or the second of a spending jump
  // A while test copied to its loop's end (code_stmt.h, emit_loop_test) runs
  // before its round's fuel is spent, where the LOOP it replaces spent it
  // first: a raise there is charged that fuel, or is the LOOP's Timeout.
  for (int32_t k = 0; k < p->n_loop_tests && (status != ST_TIMEOUT || short_of_fuel); k++) {
    if (pc < p->loop_tests[k][0] || pc >= p->loop_tests[k][1]) continue;
    if (fuel == 0) { status = ST_TIMEOUT; pc = p->loop_tests[k][1]; }
    else fuel--;
    break;
  }
  if (short_of_fuel) fuel = 0;  // the charge it could not pay took the rest
  oc->steps = rp->fuel - (fuel < 0 ? 0 : fuel);
  oc->status = status;
  oc->line = p->lines[pc];
  }
#undef PUSH
#undef POP
#undef TOP
#undef RAISE
#undef CHECK
#undef BIN_INT
#undef BIN_FLOAT
#undef CHECKED_INT
#undef CHECKED_FLOAT
#undef SPEND
#undef CHARGE
}
