// verifier.cu: the kernels. The same file is CUDA (NVRTC through
// cupy.RawModule, or nvcc in CI) and host C++ (g++ -fopenmp, through ctypes):
// on the GPU one thread is one program or one lane; on the host an OpenMP
// loop runs the same per-item function. The files it includes are the
// pipeline, in order: lex.h, parse.h (the parse pass), sema.h, sema_expr.h,
// sema_undefined.h, sema_rebind.h, sema_stmt.h (the type pass), emit.h, code.h, code_expr.h, code_call.h,
// code_stmt.h (the code pass), compile.h (the three in a row); runtime.h,
// vm.h (the interpreter).
#include "compile.h"
#include "vm.h"

// Words of the shared table of small strings (see RunParams.chars).
#define CHAR_TABLE_WORDS 261
// Operand-stack slots per lane: the program's widest frame times the depth
// limit, plus a margin, so the depth limit is met before the stack ends;
// capped so that a deep limit on a wide program cannot ask for gigabytes
// per lane.
#define MAX_STACK_SLOTS 1048576

// Program i's source is src[src_begin[i] : src_end[i]]: packed strings pass
// their offsets and the offsets shifted by one; detokenized texts pass the
// code blocks' ranges in the text buffer, with nothing copied. A range
// longer than MAX_SOURCE_BYTES gets its LimitError from compile_program.
// Its entry and signature are those of its problem, prob_of[i] (problem 0
// when prob_of is null). w: the thread's workspace, its tree cap_nodes nodes.
DEV void compile_range(Workspace* w, int32_t cap_nodes, int64_t i, const char* src, const int64_t* src_begin,
                       const int64_t* src_end, const char* meta, const int64_t* prob, const int64_t* prob_of,
                       Program* out) {
  const int64_t* row = prob + (prob_of ? prob_of[i] : 0) * PROB_WORDS;
  int64_t n = src_end[i] - src_begin[i];
  if (n > 0x7fffffff) n = 0x7fffffff;  // still over the limit, and an int32
  compile_program(w, cap_nodes, src + src_begin[i], (int32_t)n, meta + row[PROB_ENTRY], (int32_t)row[PROB_ENTRY_LEN],
                  meta + row[PROB_SIG], (int32_t)row[PROB_SIG_LEN], out + i);
}

// The result's type code: what follows '>' in the signature.
DEV const char* sig_result(const char* sig, int32_t len) {
  int32_t i = 0;
  while (i < len && sig[i] != '>') i++;
  return sig + i + 1;
}

// Operand-stack slots for a program at a depth limit (MAX_STACK_SLOTS).
DEV int64_t stack_slots_for(int32_t frame_slots, int64_t depth) {
  int64_t n = (int64_t)(frame_slots > 1 ? frame_slots : 1) * depth + 16;
  return n < MAX_STACK_SLOTS ? n : MAX_STACK_SLOTS;
}

// A lane's run parameters, from its problem's row of the table.
DEV void problem_params(const Program* p, const int64_t* row, const char* meta, const int64_t* chars,
                        int32_t out_cap, RunParams* rp) {
  rp->sig = meta + row[PROB_SIG];
  rp->sig_len = (int32_t)row[PROB_SIG_LEN];
  rp->ret = sig_result(rp->sig, rp->sig_len);
  rp->tol = bits_to_double(row[PROB_TOL]);
  rp->fuel = row[PROB_FUEL];
  rp->depth = (int32_t)row[PROB_DEPTH];
  rp->stack_slots = stack_slots_for(p->frame_slots, row[PROB_DEPTH]);
  rp->heap_words = row[PROB_HEAP];
  rp->chars = chars;
  rp->out_cap = out_cap;
  rp->memo_slots = row[PROB_MEMO];
}

// The lanes of one launch: run-program j (program cand_map[j], or j when
// cand_map is null) owns lanes [lane_off[j], lane_off[j + 1]), one per test
// of its problem. Problems differ in their test counts, so a lane finds its
// program by binary search; a launch of one problem passes no lane_off and
// divides by its test count (m). A launch of chosen lanes passes test_map:
// run-program j then runs its problem's test test_map[j] alone (m = 1).
struct LaneMap {
  const Program* progs;
  const int64_t* cand_map;
  const int64_t* test_map;  // null: every test of the run-program
  const int64_t* lane_off;  // [m + 1], lane_off[0] = 0; null: every program has m lanes
  int64_t m;
  const int64_t* prob_of;   // program -> problem; null: all problem 0
  const int64_t* prob;      // the problem table [P, PROB_WORDS]
  const char* meta;
  const int64_t* args_words;
  const int64_t* args_off;  // test -> its argument words, over the batch's tests
  const int64_t* exp_words;
  const int64_t* exp_off;
  const int64_t* chars;
  int32_t out_cap;
  int64_t lane_words;       // scratch per lane: the largest problem's need
  const volatile int32_t* stop;  // the call's backstop flag (RunParams.stop); null: none
};

DEV void run_one(const LaneMap* lm, int64_t lane, int64_t slot, int64_t* scratch, int64_t* out_words,
                 Outcome* outcomes) {
  if (lm->stop && *lm->stop) {  // the backstop passed before this lane began
    outcomes[lane].status = ST_TIMEOUT; outcomes[lane].line = 0; outcomes[lane].steps = 0;
    outcomes[lane].out_words = 0;
    return;
  }
  int64_t j, first;  // the run-program and its first lane
  if (lm->lane_off) {
    int64_t lo = 0, hi = lm->m;  // lane_off[lo] <= lane < lane_off[hi]
    while (hi - lo > 1) {
      int64_t mid = lo + (hi - lo) / 2;
      if (lm->lane_off[mid] <= lane) lo = mid; else hi = mid;
    }
    j = lo, first = lm->lane_off[lo];
  } else {
    j = lane / lm->m, first = j * lm->m;
  }
  int64_t cand = lm->cand_map ? lm->cand_map[j] : j;
  const int64_t* row = lm->prob + (lm->prob_of ? lm->prob_of[cand] : 0) * PROB_WORDS;
  int64_t test = row[PROB_TEST_BASE] + (lm->test_map ? lm->test_map[j] : lane - first);
  RunParams rp;
  problem_params(lm->progs + cand, row, lm->meta, lm->chars, lm->out_cap, &rp);
  rp.stop = lm->stop;
  run_lane(lm->progs + cand, &rp, lm->args_words + lm->args_off[test], lm->exp_words + lm->exp_off[test],
           scratch + slot * lm->lane_words, out_words + lane * lm->out_cap, outcomes + lane);
}

// A launch's lanes are a queue: a thread takes the next lane each time its
// last one ends, and runs it in the thread's own scratch. So scratch is
// sized by the threads that run at once, not by the lanes, and a long lane
// (a loop that runs to its fuel) holds one thread while the others drain
// the queue, never a whole launch. A converged warp takes 32 lanes in a
// row, one program's tests, so its threads run the same code.
DEVI int64_t take_lane(unsigned long long* next) {
#if KERNEL_DEVICE
  return (int64_t)atomicAdd(next, 1ULL);  // the compiler makes it one atomic per warp
#else
  return (int64_t)__atomic_fetch_add(next, 1ULL, __ATOMIC_RELAXED);
#endif
}

// The loop of one thread (slot: its scratch) over the queue `next` of a
// launch of lane_count lanes.
DEV void run_queue(const LaneMap* lm, unsigned long long* next, int64_t lane_count, int64_t slot,
                   int64_t* scratch, int64_t* out_words, Outcome* outcomes) {
  for (int64_t lane = take_lane(next); lane < lane_count; lane = take_lane(next))
    run_one(lm, lane, slot, scratch, out_words, outcomes);
}

#if KERNEL_DEVICE
// The same queue taken a warp at a time: the warp's threads take lanes
// base .. base + width - 1 together and wait for the last of them before
// the next. Taken a thread at a time, threads that end at different times
// take lanes of different programs, and the warp never runs one program's
// code again: on an H200 a warp instruction ran 1.8 threads of 32. Waiting
// costs little, as a warp's lanes are one program's tests, of like length,
// and a long lane is cut at the GPU's slice of fuel. The warp's threads
// are the low lanes of `mask`, all of them at the kernel's start.
DEV void run_queue_by_warp(const LaneMap* lm, unsigned long long* next, int64_t lane_count, int64_t slot,
                           int64_t* scratch, int64_t* out_words, Outcome* outcomes) {
  unsigned mask = __activemask();
  int width = __popc(mask), me = (int)(threadIdx.x % 32);
  for (;;) {
    unsigned long long base = 0;
    if (me == 0) base = atomicAdd(next, (unsigned long long)width);
    base = __shfl_sync(mask, base, 0);
    if ((int64_t)base >= lane_count) return;
    int64_t lane = (int64_t)base + me;
    if (lane < lane_count) run_one(lm, lane, slot, scratch, out_words, outcomes);
    __syncwarp(mask);
  }
}
#endif

// What parse_kernel leaves per program: its tree's root (-1 on an error),
// the nodes and extra words it used, and the diagnostic.
struct ParseOut {
  int32_t root, n_nodes, n_extra, pad_;
  Diag diag;
};

// Program i's tree in its share of `nodes` and `extra` (cap_nodes and
// cap_extra each), from the source range as compile_range takes it.
DEV void parse_range(Parser* p, int64_t i, const char* src, const int64_t* src_begin, const int64_t* src_end,
                     Node* nodes, int32_t cap_nodes, int32_t* extra, int32_t cap_extra, ParseOut* out) {
  ParseTree t;
  t.nodes = nodes + i * cap_nodes; t.cap_nodes = cap_nodes;
  t.extra = extra + i * cap_extra; t.cap_extra = cap_extra;
  int64_t n = src_end[i] - src_begin[i];
  if (n > 0x7fffffff) n = 0x7fffffff;  // still over the limit, and an int32
  parse_program(p, src + src_begin[i], (int32_t)n, &t, &out[i].diag);
  out[i].root = t.root; out[i].n_nodes = t.n_nodes; out[i].n_extra = t.n_extra; out[i].pad_ = 0;
}

// What front_kernel leaves per program: parse_kernel's fields, then the
// declarations' (functions, the entry's index, module constants).
struct FrontOut {
  int32_t root, n_nodes, n_extra, nfuncs, entry, nconsts, math_imported, pad_;
  Diag diag;
};

// The front of the compiler in passes: program i parsed (as parse_range)
// and its declarations typed for its problem (as compile_range finds it).
// types: the type pass's Sema.ty, cap_nodes words a program (null: none
// kept); tree: where the tree is described (s points at it after).
DEV void front_range(Parser* p, Sema* s, int64_t i, const char* src, const int64_t* src_begin,
                     const int64_t* src_end, const char* meta, const int64_t* prob, const int64_t* prob_of,
                     Node* nodes, int32_t cap_nodes, int32_t* extra, int32_t cap_extra, FrontOut* out,
                     ParseTree* tree, int32_t* types = 0) {
  ParseTree& t = *tree;
  s->ty = types ? types + i * cap_nodes : 0;
  t.nodes = nodes + i * cap_nodes; t.cap_nodes = cap_nodes;
  t.extra = extra + i * cap_extra; t.cap_extra = cap_extra;
  int64_t n = src_end[i] - src_begin[i];
  if (n > 0x7fffffff) n = 0x7fffffff;
  FrontOut* o = out + i;
  o->nfuncs = o->entry = -1; o->nconsts = o->math_imported = 0; o->pad_ = 0;
  if (parse_program(p, src + src_begin[i], (int32_t)n, &t, &o->diag) >= 0) {
    inline_iterators(&t, src + src_begin[i]);
    const int64_t* row = prob + (prob_of ? prob_of[i] : 0) * PROB_WORDS;
    sema_program(s, &t, src + src_begin[i], (int32_t)n, meta + row[PROB_ENTRY], (int32_t)row[PROB_ENTRY_LEN],
                      meta + row[PROB_SIG], (int32_t)row[PROB_SIG_LEN], &o->diag);
    o->nfuncs = s->nfuncs; o->entry = s->entry; o->nconsts = s->nconsts; o->math_imported = s->math_imported;
  }
  o->root = t.root; o->n_nodes = t.n_nodes; o->n_extra = t.n_extra;
}

#define FRONT_KERNEL_PARAMS                                                                 \
  const char *src, const int64_t *src_begin, const int64_t *src_end, int64_t k, const char *meta, \
      const int64_t *prob, const int64_t *prob_of, Node *nodes, int32_t cap_nodes, int32_t *extra, \
      int32_t cap_extra, FrontOut *out

#define PARSE_KERNEL_PARAMS                                                                 \
  const char *src, const int64_t *src_begin, const int64_t *src_end, int64_t k, Node *nodes, \
      int32_t cap_nodes, int32_t *extra, int32_t cap_extra, ParseOut *out

#define LANE_MAP_FROM_ARGS                                                                  \
  LaneMap lm = {progs, cand_map, test_map, lane_off, m, prob_of, prob, meta, args_words, args_off, \
                exp_words, exp_off, chars, out_cap, lane_words, stop};

#define RUN_KERNEL_PARAMS                                                                   \
  const Program *progs, const int64_t *cand_map, const int64_t *test_map, const int64_t *lane_off, \
      int64_t m,                                                                            \
      const int64_t *prob_of, const int64_t *prob, const char *meta, const int64_t *args_words, \
      const int64_t *args_off, const int64_t *exp_words, const int64_t *exp_off,           \
      const int64_t *chars, int32_t out_cap, int64_t lane_words, int64_t lane_count,       \
      int64_t *scratch, int64_t *out_words, Outcome *outcomes

#if KERNEL_DEVICE

// Registers a run_kernel thread may hold (0: as many as ptxas likes, 200
// and more). A thread of the interpreter mostly waits on loads, and a warp
// more on each SM hides more of that wait, at the cost of spills to local
// memory: bench/tune_cuda.py --run-regs builds run_kernel alone
// (RUN_KERNEL_ONLY) under each cap and times it.
#ifndef RUN_MAX_REGS
#define RUN_MAX_REGS 0
#endif
#if RUN_MAX_REGS
#define RUN_REGS __maxnreg__(RUN_MAX_REGS)
#else
#define RUN_REGS
#endif
#ifndef RUN_KERNEL_ONLY

// The compile launch's slots (per_warp lanes of each warp, the others
// idle; as many as `scratch` holds workspaces of workspace_bytes(cap_nodes))
// take programs which[j] (j < n; null which: program j) in turn: j = slot,
// slot + slots, ... each in its own workspace. A tree is large next to a
// program, so the workspaces are sized by the slots, not by the programs;
// the host launches programs by length, so that one long program leaves
// the short ones their slots. A warp's programs diverge at once and take
// turns, so a small batch is spread over every warp the card holds.
KERNEL void compile_kernel(const char* src, const int64_t* src_begin, const int64_t* src_end, const int64_t* which,
                           int64_t n, const char* meta, const int64_t* prob, const int64_t* prob_of, Program* out,
                           char* scratch, int32_t cap_nodes, int32_t per_warp) {
  int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x, lane = t % 32;
  if (lane >= per_warp) return;
  int64_t slot = t / 32 * per_warp + lane, slots = (int64_t)gridDim.x * blockDim.x / 32 * per_warp;
  Workspace* w = (Workspace*)(scratch + slot * workspace_bytes(cap_nodes));
  for (int64_t j = slot; j < n; j += slots)
    compile_range(w, cap_nodes, which ? which[j] : j, src, src_begin, src_end, meta, prob, prob_of, out);
}

// The parser's state (about 500 bytes) lives in `scratch`, one per thread.
KERNEL void parse_kernel(PARSE_KERNEL_PARAMS, Parser* scratch) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < k) parse_range(scratch + i, i, src, src_begin, src_end, nodes, cap_nodes, extra, cap_extra, out);
}

// The parser's and the type pass's state live in `scratch`, one of each per thread.
KERNEL void front_kernel(FRONT_KERNEL_PARAMS, Parser* parsers, Sema* semas) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  ParseTree t;
  if (i < k)
    front_range(parsers + i, semas + i, i, src, src_begin, src_end, meta, prob, prob_of, nodes, cap_nodes, extra,
                cap_extra, out, &t);
}

#endif  // RUN_KERNEL_ONLY

// Persistent threads: the launch has as many threads as fit on the device
// at once (or fewer, as many as its scratch allows), each with one lane's
// scratch, and they drain the queue of lane_count lanes (next: a zeroed
// counter), a warp at a time where by_warp.
KERNEL void RUN_REGS run_kernel(RUN_KERNEL_PARAMS, unsigned long long* next, int32_t by_warp) {
  const volatile int32_t* stop = nullptr;  // the backstop is the host's
  LANE_MAP_FROM_ARGS
  int64_t slot = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (by_warp)
    run_queue_by_warp(&lm, next, lane_count, slot, scratch, out_words, outcomes);
  else
    run_queue(&lm, next, lane_count, slot, scratch, out_words, outcomes);
}

#else
#ifdef _OPENMP
#include <omp.h>
#else  // a host compiler without OpenMP runs the same loops on one thread
static int omp_get_thread_num(void) { return 0; }
static int omp_get_max_threads(void) { return 1; }
#endif

KERNEL int64_t sizeof_program(void) { return (int64_t)sizeof(Program); }
KERNEL int64_t sizeof_outcome(void) { return (int64_t)sizeof(Outcome); }
KERNEL int64_t workspace_bytes_for(int32_t cap_nodes) { return workspace_bytes(cap_nodes); }
KERNEL int32_t tree_nodes_for_bytes(int64_t bytes) { return tree_nodes_for(bytes); }
KERNEL int32_t problem_words(void) { return PROB_WORDS; }
KERNEL int64_t sizeof_node(void) { return (int64_t)sizeof(Node); }
KERNEL int64_t sizeof_parse_out(void) { return (int64_t)sizeof(ParseOut); }
KERNEL int64_t sizeof_parser(void) { return (int64_t)sizeof(Parser); }
KERNEL int64_t sizeof_sema(void) { return (int64_t)sizeof(Sema); }
KERNEL int64_t sizeof_code(void) { return (int64_t)sizeof(Code); }
KERNEL int64_t sizeof_front_out(void) { return (int64_t)sizeof(FrontOut); }

KERNEL void front_kernel(FRONT_KERNEL_PARAMS) {
#pragma omp parallel for schedule(dynamic, 4) if (k >= 16)
  for (int64_t i = 0; i < k; i++) {
    Parser p;
    Sema s;
    ParseTree t;
    front_range(&p, &s, i, src, src_begin, src_end, meta, prob, prob_of, nodes, cap_nodes, extra, cap_extra, out, &t);
  }
}

KERNEL void parse_kernel(PARSE_KERNEL_PARAMS) {
#pragma omp parallel for schedule(dynamic, 4) if (k >= 16)
  for (int64_t i = 0; i < k; i++) {
    Parser p;
    parse_range(&p, i, src, src_begin, src_end, nodes, cap_nodes, extra, cap_extra, out);
  }
}

// Each thread of the team compiles in a workspace of its own, sized for
// the batch's longest program.
KERNEL void compile_kernel(const char* src, const int64_t* src_begin, const int64_t* src_end, int64_t k,
                           const char* meta, const int64_t* prob, const int64_t* prob_of, Program* out) {
  int64_t longest = 0;
  for (int64_t i = 0; i < k; i++) longest = src_end[i] - src_begin[i] > longest ? src_end[i] - src_begin[i] : longest;
  int32_t cap_nodes = tree_nodes_for(longest);
// Small batches stay on one thread: waking the team costs more than they do.
#pragma omp parallel if (k >= 16)
  {
    Workspace* w = (Workspace*)aligned_alloc(64, (size_t)workspace_bytes(cap_nodes));
#pragma omp for schedule(dynamic, 4)
    for (int64_t i = 0; i < k; i++) {
      if (w) {
        compile_range(w, cap_nodes, i, src, src_begin, src_end, meta, prob, prob_of, out);
        continue;
      }
      out[i].ok = 0;  // (the host is out of memory: a diagnostic, not a crash)
      diag_set(&out[i].diag, DG_LIMIT, 1, 1);
      msg(&out[i].diag, "no memory for the compiler's workspace");
    }
    free(w);
  }
}

// The host's threads are the OpenMP team, one scratch each (`scratch` holds
// omp_get_max_threads() lanes' worth), draining the queue as the GPU's do:
// a few heavy lanes (one candidate's tests) take every core, and a slow
// lane never waits behind another thread's share.
// stop: the call's backstop flag, set by another host thread at its
// deadline (null: none); the lanes still running then end with Timeout.
KERNEL void run_kernel(RUN_KERNEL_PARAMS, const volatile int32_t* stop) {
  if (lane_count <= 0) return;
  LANE_MAP_FROM_ARGS
  unsigned long long next = 0;
  int team = lane_count < omp_get_max_threads() ? (int)lane_count : omp_get_max_threads();
#pragma omp parallel num_threads(team) if (team >= 2)
  run_queue(&lm, &next, lane_count, omp_get_thread_num(), scratch, out_words, outcomes);
}

KERNEL int32_t max_threads(void) { return omp_get_max_threads(); }
#endif
