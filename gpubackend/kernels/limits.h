// limits.h: every fixed bound of the compiler and the VM, each with the reason
// it exists. A program that passes one gets a LimitError diagnostic naming it;
// nothing is silently truncated. Python reads these names (gpubackend/abi.py).
#pragma once

// Source bytes per candidate: model programs for one function are a few KB;
// the compiler keeps no token array, so this bounds only the input buffer.
#define MAX_SOURCE_BYTES 16384
// Room for a program's parse tree (compile.h, tree_nodes_for): a tree of n
// bytes takes at most a node per token and a token per byte, and a list or
// record entry and its scratch copy per node. No program reaches them, so
// they are no limit a program can pass.
#define TREE_NODES_PER_BYTE 2
#define TREE_NODES_SLACK 128
#define TREE_EXTRA_PER_NODE 4
// Instructions per program (each 32 bits). Sized so a program image stays
// under 40 KB, which keeps 1000 candidates in 40 MB of device memory.
#define MAX_CODE 4096
// 64-bit words of constants per program (ints, floats, string bytes).
#define MAX_CONST_WORDS 1024
// Functions per program, helpers included.
#define MAX_FUNCS 32
// Named locals per function (parameters, variables, and the variables of
// the comprehensions and lambdas open at one time).
#define MAX_LOCALS 96
// Frame slots per function: the named locals, their unbound-flags and the
// hidden state of loops, comprehensions, sorts and keys, which is never
// reused within a function. Below 256, as the fused instructions address a
// local in 8 bits.
#define MAX_SLOTS 250
// Operand-stack depth per function, computed statically at compile time.
#define MAX_STACK 64
// Open blocks (indentation levels) at one time.
#define MAX_INDENT 32
// Open brackets the lexer remembers (CPython's MAXLEVEL: past it, "too many
// nested parentheses"), so that a closing one of another kind is CPython's
// error at its place.
#define MAX_BRACKETS 200
// Nested expressions and statements; bounds the parser's recursion so the
// GPU's per-thread stack (THREAD_STACK_BYTES in backends/cuda.py) cannot
// overflow: one level costs at most about 1.8 KB of stack there.
#define MAX_NESTING 24
// Names one statement assigns or one loop binds (a, b, c = ...; for a, b
// in ...): each is a value on the operand stack at once. More are refused
// (Unsupported), not a LimitError: nothing models write needs them.
#define MAX_TARGETS 8
// `for` clauses of one comprehension ([.. for a in x for b in y]).
#define MAX_COMP_FORS 4
// Operands of and/or that narrow an Optional for the operands after them
// (`x is not None and x > 0`, `x is None or x > best`), at most this many
// per chain; the narrowing ends with the chain. More are not narrowed: a
// read of them is checked at run time, as unnarrowed ones are.
#define MAX_CHAIN_NARROW 4
// Optionals known not to be None at the end of every branch of an if
// statement that can fall through (a branch narrowed them, assigned them a
// T, or tested them), so also after it: at most this many are kept.
#define MAX_JOIN_NARROW 4
// Module-level constants (NAME = literal) a program may define.
#define MAX_MODULE_CONSTS 16
// Names of `from typing import ...` that a program's defs may use.
#define MAX_TYPING_NAMES 16
// Names of `from math import a, b` kept per function and for the module.
#define MAX_FROM_MATH 8
// Names bound by imports of library.def's modules and functions (`import
// heapq as hq`, `from heapq import heappush`), in all scopes of a program:
// a program names a few.
#define MAX_LIB_BINDINGS 16
// Iterables of one zip(): each a hidden local of its loop's state and a
// value on the operand stack each step; models zip two or three.
#define MAX_ZIP 4
// Functions without annotations typed at their first call, one inside
// another's body (sema_expr.h, infer_function): each level keeps two
// frames of the type pass (about 4 KB) and a body's recursion (about 10 KB
// at MAX_NESTING) on the thread's stack, which is 64 KB on a GPU
// (backends/cuda.py, THREAD_STACK_BYTES).
#define MAX_INFER_DEPTH 2

// Names called in the current function: a later local of the same name would
// change what they mean (Python's scope is the whole function), so that is
// rejected rather than compiled differently from CPython.
#define MAX_CALLED 32
// Nested loops open at once; each keeps its break list while it is open.
#define MAX_LOOPS 16
// Pending `break` jumps per loop.
#define MAX_BREAKS 32
// Distinct types per program, scalars included: each list, tuple and
// Optional type spelled or inferred takes one entry of the compiler's table.
#define MAX_TYPES 64
// Nesting depth of one type (list[list[tuple[int, str]]] is 3): the runtime
// walks nested values with explicit stacks of this depth, not recursion.
#define MAX_TYPE_DEPTH 8
// Items of one tuple type: a tuple of constants such as the ten vowels,
// upper and lower case, needs 10.
#define MAX_TUPLE 16
// Bytes of a diagnostic message, NUL included: one line for a model to read.
#define MSG_LEN 112
// Characters of an encoded signature ("ii>i"): parameters and result.
#define MAX_SIG 64
// Types of the entry's results that the problem's type is not (sema_stmt.h,
// foreign_result): a wrong program returns one or two (a list for an int).
#define MAX_FOREIGN_RESULTS 4
// Locals of a program that hold ints and floats both, typed int | float,
// tuples of several lengths, typed tuple[T, ...], or None and a T, typed
// Optional[T] (sema_stmt.h, widen):
// each one costs the program one more type pass.
#define MAX_WIDENED 8
// Parameters per function.
#define MAX_PARAMS 16

// While loops per program whose test is copied to their end (code_stmt.h,
// emit_loop_test): the VM reads their table only when a lane stops with an
// error. A loop past it keeps LOOP back to its test: slower, not an error.
#define MAX_LOOP_TESTS 32
// Try statements per program (code_try.h): the handler table the VM
// searches when a lane raises.
#define MAX_HANDLERS 16
// Words of a while loop's test that may be copied to its end: a test is a
// few comparisons; a long one is run from the head instead.
#define MAX_TEST_COPY 16

// ---- the memo of pure recursive calls (memo.h)
// Parameters of a function whose calls may be memoized: the key is the
// argument words, so each one widens every entry; the recursive helpers
// models write (fib(n), paths(r, c), ways(n, k, m)) take one to three.
#define MEMO_MAX_ARGS 3
// Entries of a lane's memo table, a power of two (an entry's place is a
// hash of its key masked by MEMO_SLOTS - 1): room for the distinct calls of
// a recursion over a 20 x 20 grid, in 36 KB of the lane's scratch.
#define MEMO_SLOTS 512
// Words of one entry: MEMO_MAX_ARGS argument words, the result, then what
// the call cost (fuel, heap growth, heap peak, frames and stack reached).
#define MEMO_ENTRY_WORDS 8
// Hidden frame slots of a memoized function, after its own: the fuel, heap
// top, heap peak and frame and stack high-water marks at its entry, then a
// copy of its arguments (the body may assign to its parameters).
#define MEMO_STATE_SLOTS 5

// Work a builtin does per unit of fuel beyond its instruction: characters
// or items scanned, compared or moved (vm.h, CHARGE). A lane's loop round,
// the unit fuel counted before, takes about as long on the host as 16 such
// steps, so a lane's time stays near what its fuel promises whatever it
// calls: `s.count(c)` on a 250,000-character string costs 15,625 fuel.
#define WORK_PER_FUEL 16

// A lane looks at its call's stop flag (the host's wall-clock backstop,
// Verifier(backstop_s=...)) when its fuel reaches a multiple of this: a
// mask test on a loop's spend, and a stopped call's lanes end within a few
// thousand loop rounds.
#define STOP_POLL_FUEL 4096
