// verifier.cu: the kernels. The same file is CUDA (NVRTC through
// cupy.RawModule, or nvcc in CI) and host C++ (g++ -fopenmp, through ctypes):
// on the GPU one thread is one program or one lane; on the host an OpenMP
// loop runs the same per-item function. The files it includes are the
// pipeline, in order: lex.h, codegen.h, expr.h, calls.h, atoms.h, stmt.h
// (compiler); runtime.h, vm.h (interpreter).
#include "stmt.h"
#include "vm.h"

// Words of the shared table of small strings (see RunParams.chars).
#define CHAR_TABLE_WORDS 261

// Program i's source is src[src_begin[i] : src_end[i]]: packed strings pass
// their offsets and the offsets shifted by one; detokenized texts pass the
// code blocks' ranges in the text buffer, with nothing copied. A range
// longer than MAX_SOURCE_BYTES gets its LimitError from compile_program.
DEV void compile_range(Compiler* c, int64_t i, const char* src, const int64_t* src_begin,
                       const int64_t* src_end, const char* entry, int32_t entry_len, const char* sig,
                       int32_t sig_len, Program* out) {
  int64_t n = src_end[i] - src_begin[i];
  if (n > 0x7fffffff) n = 0x7fffffff;  // still over the limit, and an int32
  compile_program(c, src + src_begin[i], (int32_t)n, entry, entry_len, sig, sig_len, out + i);
}

DEV void run_one(int64_t lane, int64_t slot, const Program* progs, const int64_t* cand_map, int32_t n_tests,
                 const int64_t* args_words, const int64_t* args_off, const int64_t* exp_words,
                 const int64_t* exp_off, const RunParams* rp, int64_t* scratch, int64_t lane_words,
                 int64_t* out_words, Outcome* outcomes) {
  int64_t cand = lane / n_tests, test = lane % n_tests;
  const Program* prog = progs + (cand_map ? cand_map[cand] : cand);
  run_lane(prog, rp, args_words + args_off[test], exp_words + exp_off[test],
           scratch + slot * lane_words, out_words + lane * rp->out_cap, outcomes + lane);
}

// The result's type code: what follows '>' in the signature.
DEV const char* sig_result(const char* sig, int32_t len) {
  int32_t i = 0;
  while (i < len && sig[i] != '>') i++;
  return sig + i + 1;
}

#define RUN_PARAMS_FROM_ARGS                                                               \
  RunParams rp;                                                                            \
  rp.sig = sig; rp.sig_len = sig_len; rp.tol = tol; rp.fuel = fuel; rp.depth = depth;      \
  rp.ret = sig_result(sig, sig_len);                                                       \
  rp.stack_slots = stack_slots; rp.heap_words = heap_words; rp.chars = chars;              \
  rp.out_cap = out_cap;                                                                    \
  int64_t lane_words = stack_slots + 2 * (int64_t)depth + heap_words;

#if KERNEL_DEVICE

// The compiler's state (12 KB) lives in `scratch`, one Compiler per thread
// in global memory, not on the thread's small stack.
KERNEL void compile_kernel(const char* src, const int64_t* src_begin, const int64_t* src_end, int64_t k,
                           const char* entry, int32_t entry_len, const char* sig, int32_t sig_len,
                           Program* out, Compiler* scratch) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < k) compile_range(scratch + i, i, src, src_begin, src_end, entry, entry_len, sig, sig_len, out);
}

// Lanes [lane_begin, lane_begin + lane_count): one thread each, with its own
// scratch (a launch is sized so that its lanes' scratch fits in memory).
// Lane l runs program cand_map[l / n_tests] (or l / n_tests when cand_map is
// null) on test l % n_tests: a re-run of some candidates needs no copy.
KERNEL void run_kernel(const Program* progs, const int64_t* cand_map, int32_t n_tests, const int64_t* args_words,
                       const int64_t* args_off, const int64_t* exp_words, const int64_t* exp_off,
                       const char* sig, int32_t sig_len, double tol, int64_t fuel, int32_t depth,
                       int64_t stack_slots, int64_t heap_words, const int64_t* chars, int32_t out_cap,
                       int64_t lane_begin, int64_t lane_count, int64_t* scratch, int64_t* out_words,
                       Outcome* outcomes) {
  int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= lane_count) return;
  RUN_PARAMS_FROM_ARGS
  run_one(lane_begin + t, t, progs, cand_map, n_tests, args_words, args_off, exp_words, exp_off, &rp,
          scratch, lane_words, out_words, outcomes);
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
KERNEL int64_t sizeof_compiler(void) { return (int64_t)sizeof(Compiler); }

KERNEL void compile_kernel(const char* src, const int64_t* src_begin, const int64_t* src_end, int64_t k,
                           const char* entry, int32_t entry_len, const char* sig, int32_t sig_len,
                           Program* out) {
// Small batches stay on one thread: waking the team costs more than they do.
#pragma omp parallel for schedule(dynamic, 4) if (k >= 16)
  for (int64_t i = 0; i < k; i++) {
    Compiler c;
    compile_range(&c, i, src, src_begin, src_end, entry, entry_len, sig, sig_len, out);
  }
}

// The host runs lanes with one scratch per OpenMP thread: `scratch` holds
// omp_get_max_threads() lanes' worth.
KERNEL void run_kernel(const Program* progs, const int64_t* cand_map, int32_t n_tests, const int64_t* args_words,
                       const int64_t* args_off, const int64_t* exp_words, const int64_t* exp_off,
                       const char* sig, int32_t sig_len, double tol, int64_t fuel, int32_t depth,
                       int64_t stack_slots, int64_t heap_words, const int64_t* chars, int32_t out_cap,
                       int64_t lane_begin, int64_t lane_count, int64_t* scratch, int64_t* out_words,
                       Outcome* outcomes) {
  RUN_PARAMS_FROM_ARGS
#pragma omp parallel for schedule(dynamic, 16) if (lane_count >= 256)
  for (int64_t t = 0; t < lane_count; t++)
    run_one(lane_begin + t, omp_get_thread_num(), progs, cand_map, n_tests, args_words, args_off, exp_words,
            exp_off, &rp, scratch, lane_words, out_words, outcomes);
}

KERNEL int32_t max_threads(void) { return omp_get_max_threads(); }
#endif
