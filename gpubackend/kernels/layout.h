// layout.h: the data that crosses between the host and the kernels. Every
// struct here has a twin in gpubackend/abi.py (a NumPy structured dtype);
// change both together (tests/test_abi.py checks the sizes).
#pragma once
#include "port.h"
#include "limits.h"

enum Opcode {
#define OP(name, pops, pushes, arg, size, doc) OP_##name,
#include "opcodes.def"
#undef OP
  OP_COUNT_
};

enum Status {
#define STATUS(name, text) name,
#include "statuses.def"
#undef STATUS
  ST_RUNNING_  // internal: the lane has not stopped yet
};
// A status as a bit of a set of them (a handler's classes: sema_try.h, EXC_MATCH).
#define STATUS_BIT(st) (1 << (st))

enum DiagClass {
#define DIAG(name, text) name,
#include "diagnostics.def"
#undef DIAG
  DG_COUNT_
};

// Comparison selectors of CMP_* (the C argument).
enum Cmp { CMP_LT, CMP_LE, CMP_EQ, CMP_NE, CMP_GT, CMP_GE };

// How STR_PAD pads (the selector): ljust, rjust, center, zfill.
enum StrPad { PAD_LEFT, PAD_RIGHT, PAD_CENTER, PAD_ZEROS };

// What LIST_SUM_FROM adds (the selector): its items' and start's types.
enum SumFrom { SUM_INTS, SUM_FLOATS, SUM_FLOATS_FROM_INT, SUM_INTS_FROM_FLOAT, SUM_LISTS, SUM_NUMS };

// An int | float in one word (numbers.h): an int is a NaN whose top
// bits are all set, the int in the low NUM_INT_BITS bits.
#define NUM_INT_BITS 51
#define NUM_INT_TAG ((int64_t)(~(uint64_t)0 << NUM_INT_BITS))
#define NUM_INT_MAX (((int64_t)1 << (NUM_INT_BITS - 1)) - 1)
#define NUM_INT_MIN (-((int64_t)1 << (NUM_INT_BITS - 1)))
#define NUM_NAN ((int64_t)0x7FF8000000000000LL)

// The arithmetic of NUM_OP's selector: two ints give CPython's int result
// (int ** a negative int is float ** float, as in CPython), anything else
// the float operation on both as doubles; min and max keep the first of
// equals, as CPython's pairwise min(x, y) and max(x, y) do; / gives a
// float, of two ints their exact quotient correctly rounded (an int past
// 2**53 is not a double: rt_truediv_int).
enum NumOp { NUM_ADD, NUM_SUB, NUM_MUL, NUM_FLOORDIV, NUM_MOD, NUM_POW, NUM_MIN, NUM_MAX, NUM_TRUEDIV };

// NUM_CONV's selector: the low bits say what becomes of the number,
// NUMCONV_UNDER that it is the item under the top of the stack.
enum NumConv {
  NUMCONV_OF_INT,    // int -> num; OverflowError past NUM_INT_BITS
  NUMCONV_OF_FLOAT,  // float -> num
  NUMCONV_FLOAT,     // num -> float(x)
  NUMCONV_INT,       // num -> int(x): truncates a float
  NUMCONV_ROUND,     // num -> round(x), an int
  NUMCONV_FLOOR,     // num -> math.floor(x), an int
  NUMCONV_CEIL,      // num -> math.ceil(x), an int
  NUMCONV_IS_INT,    // num -> bool: isinstance(x, int)
  NUMCONV_NEG,       // num -> -x
  NUMCONV_ABS,       // num -> abs(x)
  NUMCONV_TRUTH,     // num -> bool(x)
};
#define NUMCONV_UNDER 16

// The selector of the set and dict instructions (SET_*, DICT_*; sets.h,
// dicts.h): its low SETSEL_SHIFT bits are its key's type (SETSEL_KEY): an
// int or bool, or one not known there (0), a str (1), or a tuple whose type
// code is the constant at k (2 + k: MAX_CONST_WORDS fits); the
// instruction's own bits start at bit SETSEL_SHIFT.
#define SETSEL_KEY_INT 0
#define SETSEL_KEY_STR 1
#define SETSEL_KEY_TUPLE 2
#define SETSEL_SHIFT 11
#define SETSEL_KEY_MASK ((1 << SETSEL_SHIFT) - 1)
enum SetBinop { SETOP_AND, SETOP_OR, SETOP_SUB, SETOP_XOR };
#define SETSEL_ORDERED 1   // SET_ITEMS: the order is handed on
#define SETSEL_LOOP 2      // SET_ITEMS: a for loop walks the keys
#define SETSEL_FOLDED 1    // SET_OF_LIST: a display of constants
#define SETSEL_REMOVE 1    // SET_DISCARD: remove()
#define SETSEL_OTHER_SET 4 // SET_BINOP (after the operator), SET_UPDATE (1): the other is a set
// SET_UPDATE's in-place operator, in the selector's bits 2-3 as opcodes.def
// counts them (above bit 1, o is a set).
enum SetUpdate { SETUP_OR, SETUP_SUB, SETUP_XOR, SETUP_AND };

// re's flags as RE_* instructions carry them in their argument (sema_re.h
// folds re.I, re.M, re.S and re.A into these bits); RE_COMPILED when the
// pattern operand is a re.Pattern, {pattern, flags}, whose flags are used
// instead; above them (RE_SHAPE_SHIFT), RE_MATCH's mode and findall's
// item shape: 0 for str items, 1 + n for tuples of n.
enum ReFlag { RE_IGNORECASE = 1, RE_MULTILINE = 2, RE_DOTALL = 4, RE_ASCII = 8, RE_FLAGS = 15, RE_COMPILED = 16,
              RE_SHAPE_SHIFT = 5 };

// Case modes of STR_CASE (the selector): the str methods of those names.
enum StrCase { CASE_LOWER, CASE_UPPER, CASE_SWAP, CASE_CAPITALIZE, CASE_TITLE };

// An instruction word: opcode in the low 8 bits, signed argument above.
// opcodes.def holds 256 instructions, all the field can number: one more
// needs a wider field (an argument's fields sit above it: fields.def).
#define INSN(op, arg) ((int32_t)(((uint32_t)(arg) << 8) | (uint32_t)(op)))
#define INSN_OP(w) ((w) & 0xff)
#define INSN_ARG(w) ((w) >> 8)
static_assert(OP_COUNT_ <= 256, "opcodes.def holds more instructions than INSN_OP's 8 bits number");

// The fields an argument packs (fields.def): POS_<F> and SIZE_<F>, in bits.
enum ArgField {
#define FIELD(name, pos, size, doc) POS_##name = pos, SIZE_##name = size,
#include "fields.def"
#undef FIELD
};
// Field F of argument a; argument bits holding v in field F (v must fit:
// FITS); whether v fits in field F.
#define GETARG(a, F) (((a) >> POS_##F) & ((1 << SIZE_##F) - 1))
#define SETARG(F, v) ((int32_t)(v) << POS_##F)
#define FITS(F, v) ((v) >= 0 && (v) < (1 << SIZE_##F))

// One compile-time diagnostic: class, 1-based line and column, message.
struct Diag {
  int32_t cls;
  int32_t line;
  int32_t col;
  int32_t sealed;  // 1 once a later error was dropped: its message parts are too
  int32_t judged;  // 1: CPython's own error at its place, in its words: the VM's verdict (lex.h, judged_here)
  char msg[MSG_LEN];  // the message; in a program that compiled, the one of the error every test's
                     // call of its entry raises where the call itself fails (sema.h, call_message)
};

struct FuncInfo {
  int32_t pc;         // first instruction
  int32_t nparams;
  int32_t nlocals;    // parameters included
  int32_t max_stack;  // operand-stack depth above the locals
};

// A compiled program: everything the VM needs, in one fixed-size image so
// that k candidates are one array [k, sizeof(Program)].
// One try statement of a program (code_try.h): a raise at a pc in
// [HW_START, HW_END) goes to its handlers, the operand stack cut to the
// try's depth in its function (vm.h, raise_). The innermost try comes first.
enum HandlerWord { HW_START, HW_END, HW_TARGET, HW_FN, HW_DEPTH, HANDLER_WORDS };

struct Program {
  int32_t ok;          // 1 when compiled; otherwise diag says why
  int32_t n_code;
  int32_t n_const;
  int32_t n_funcs;
  int32_t entry;       // index of the entry function in funcs
  int32_t frame_slots; // max over functions of nlocals + max_stack
  int32_t memo;        // 1 when a function's calls are memoized (memo.h)
  char ret[MAX_SIG];   // the entry's result type code where it is not the problem's (a union
                       // widened by the types a wrong program returns, sema_stmt.h); "" otherwise
  Diag diag;
  FuncInfo funcs[MAX_FUNCS];
  int32_t n_loop_tests;
  int32_t loop_tests[MAX_LOOP_TESTS][2];  // a while test copied to its loop's end: its first word, its spending word
  int32_t n_handlers;
  int32_t handlers[MAX_HANDLERS][HANDLER_WORDS];  // a try's body [start, end), its handlers' code, its depth (HandlerWord)
  int32_t code[MAX_CODE];
  int32_t lines[MAX_CODE];  // pc -> source line, parallel to code
  int64_t konst[MAX_CONST_WORDS];
};

// How one (candidate, test) lane ended.
struct Outcome {
  int32_t status;     // a Status
  int32_t line;       // source line of the raising instruction, 0 if none
  int64_t steps;      // fuel spent
  int32_t out_words;  // words of the encoded result (may exceed the lane's room)
  int32_t pad_;
};

// One problem of a batch, as a row of PROB_WORDS int64 in the problem table:
// a launch may hold the candidates of many problems, each program reading
// its problem's row (prob_of[program]). Strings (entry name, signature) lie
// in a shared byte blob `meta`, given by offset and length. gpubackend/batch.py
// builds the table.
enum ProblemWord {
  PROB_ENTRY,      // offset of the entry's name in meta
  PROB_ENTRY_LEN,
  PROB_SIG,        // offset of the signature's type codes ("is>b") in meta (rt_code_end reads one)
  PROB_SIG_LEN,
  PROB_TOL,        // relative float tolerance, as the bits of a double (< 0: exact)
  PROB_FUEL,       // loop iterations and calls per lane
  PROB_DEPTH,      // call frames per lane
  PROB_HEAP,       // heap words per lane (this run's: see FIRST_HEAP_BYTES)
  PROB_TEST_BASE,  // the problem's first test in the batch's test arrays
  PROB_MEMO,       // memo entries per lane in this run (MEMO_SLOTS, or 0: off)
  PROB_WORDS
};

// Index just past the type code that starts at code[pos].
// ('[' '*' '?' '<' need one code after them, '{' two; a tuple's items are
// balanced, so its end is its matching ')'. No stack, no recursion.)
DEV int32_t rt_code_end(const char* code, int32_t pos) {
  int32_t need = 1;  // codes still to read
  while (need > 0) {
    char c = code[pos++];
    if (c == '(' || c == '|') {  // a tuple or a union: to its ')'
      int32_t open = 1;
      while (open > 0) {
        char t = code[pos++];
        if (t == '(' || t == '|') open++;
        else if (t == ')') open--;
        else if (t == 0) return pos - 1;  // malformed: stop at its end
      }
      need--;
    } else if (c == '{') {
      need++;
    } else if (c == 0) {
      return pos - 1;
    } else if (c != '[' && c != '*' && c != '?' && c != '<') {
      need--;
    }
  }
  return pos;
}

// A lane's heap: bump allocation of 64-bit words, never freed.
struct Heap {
  int64_t* base;
  int64_t top;  // words in use
  int64_t cap;  // words available
  int64_t peak; // the highest top given back since the last memo entry (memo.h)
};

// A string value is a reference (a pointer stored in a 64-bit slot) to
// {int64 length; length bytes, zero-padded to whole words}. Constants, test
// arguments and heap strings share this layout, so none needs copying.
#define STR_LEN_OF(p) ((p)[0])
#define STR_BYTES(p) ((const char*)((p) + 1))
#define STR_WORDS(n) (1 + ((n) + 7) / 8)
