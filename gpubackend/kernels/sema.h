// sema.h: the type pass over a parse tree (parse.h): names and types, the
// language's rules in one place, read from the tree with nothing emitted.
// This file: its state, the declarations (every def's signature, the
// typing and math imports, the module's constants, the entry's signature
// against the problem's) and the module's statements; sema_expr.h and
// sema_stmt.h type the bodies. It records each expression's type for the
// code pass (Sema.ty), and stops at the first diagnostic.
#pragma once
#include "parse.h"
#include "typetab.h"

struct SemaFunc {
  int32_t def;      // its DEF node
  int32_t parent;   // the top-level function a nested def is inside, or -1
  int32_t defined;  // a nested def: its def statement has been typed
  int32_t nparams;
  int32_t nrequired;          // its parameters before the first with a default
  int32_t ptype[MAX_PARAMS];  // T_PENDING where its first call will tell
  int32_t ret;                // T_PENDING until its first return tells
  int32_t infer;    // annotations left out: INFER_WAITING for a first call, then INFER_TYPED
};
// A helper's parameter or result whose annotation is left out, until its
// first call or return gives it a type.
#define T_PENDING (-2)
enum { INFER_NONE, INFER_WAITING, INFER_TYPED };

// The modules and members (functions, constants) of library.def, by index.
enum {
#define LIB_MODULE(ID, NAME) LM_##ID,
#define LIB_FN(ID, MODULE, NAME, SIG)
#define LIB_CONST(ID, MODULE, NAME, VALUE)
#include "library.def"
#undef LIB_MODULE
#undef LIB_FN
#undef LIB_CONST
  N_LIB_MODULES
};
enum {
#define LIB_MODULE(ID, NAME)
#define LIB_FN(ID, MODULE, NAME, SIG) LF_##ID,
#define LIB_CONST(ID, MODULE, NAME, VALUE) LF_##ID,
#include "library.def"
#undef LIB_MODULE
#undef LIB_FN
#undef LIB_CONST
  N_LIB_MEMBERS
};
// A name an import binds to a library module or member: `import heapq`,
// `import heapq as hq`, `from heapq import heappush [as push]`.
struct LibBinding {
  int32_t alias;    // the import's ALIAS node: it binds its `as` name, else its name
  int32_t fn;       // the function whose statement the import is, or -1: the module's
  int32_t module;   // LM_*
  int32_t member;   // LF_*, or -1: the name is the module
};

// NAME = literal at module level: a function's read of NAME is the literal.
struct SemaConst {
  int32_t name;     // its NAME node
  int32_t value;    // the literal's node (INT, FLOAT, STR, CONST, or UNARY '-' of a number)
  int32_t type;
  int32_t twice;    // assigned again: its reads are refused
};

// A local of the function being typed: the node that names it, its type.
struct SemaLocal {
  int32_t name;
  int32_t type;
  // an Optional known not to be None: in block narrow_in (0: nowhere), at
  // loop depth narrow_loops (the compiler's Local.narrow_in)
  int32_t narrow_in, narrow_loops;
};

// What the type pass knows of the function whose body it types.
struct SemaFrame {
  int32_t fn;                 // the function, or -1
  SemaLocal locals[MAX_LOCALS];
  int32_t nlocals;
  int32_t called[MAX_CALLED]; // names called or read as module names in it
  int32_t ncalled;
  int32_t nloops;
  int32_t broke[MAX_LOOPS];   // per open loop: its breaks so far
  int32_t open_blocks[MAX_NESTING + 2];  // the blocks open, innermost last, by serial
  int32_t nopen, block_serial;
  int32_t stmt_at[MAX_NESTING + 2];      // the statement being typed in each open block
  int32_t fn_math;            // the function has run its own `import math`
  int32_t fn_re;              // ... and its own `import re`
  int32_t from_math[MAX_FROM_MATH];  // names of its own `from math import` (ALIAS nodes)
  int32_t nfrom_math;
  int32_t ntries;             // try statements open around the statement typed (sema_try.h)
};

struct Sema {
  const ParseTree* t;
  const char* src;
  int32_t n;        // source bytes
  Diag* diag;
  TypeTable types;
  SemaFunc funcs[MAX_FUNCS];  // every def, nested ones included, in source order
  int32_t nfuncs;
  int32_t entry;    // the entry's index in funcs, or -1
  // Where every test's call of the entry raises before the entry runs: the
  // status (ST_NAME_ERROR: nothing binds the entry's name; ST_TYPE_ERROR:
  // its def takes another number of arguments than the tests pass), else 0;
  // call_def: the def of ST_TYPE_ERROR's, or -1.
  int32_t call_fails, call_def;
  int32_t math_imported;      // `import math` at module level
  int32_t re_imported;        // `import re` at module level
  int32_t typing[MAX_TYPING_NAMES];  // names imported from typing so far (ALIAS nodes)
  int32_t ntyping, typing_all;
  SemaConst consts[MAX_MODULE_CONSTS];
  int32_t nconsts;
  int32_t in_header;          // reading a def's signature (its typing names must be imported)
  int32_t result_at;          // the result annotation being read (a union may stand there alone), or -1
  int32_t from_math[MAX_FROM_MATH];  // names of the module's `from math import` so far
  int32_t nfrom_math;
  LibBinding libs[MAX_LIB_BINDINGS];  // the module's imports of library.def, then functions' as typed
  int32_t nlibs;
  SemaFrame f;                // the body being typed (sema_stmt.h)
  SemaFrame saved;            // its enclosing function's, while a nested def's is typed
  int32_t stop;               // a look ahead met a form it can't type (the diagnostic restored after)
  int32_t fn_end;             // the byte where the body ends (a look ahead stops there)
  int32_t discovering;        // typing a later use to learn an empty list's item type
  int32_t view_at;            // the node where a dict view may stand (sema_dict.h), or -1
  int32_t whole_at;           // the iterable a builtin draws whole, no code running between its
                              // steps (list, sorted, sum, ...: zip_rows), or -1
  int32_t loop_at;            // the iterable a for loop or comprehension is drawing (re.finditer), or -1
  int32_t union_at, union_want;  // the conditional expression whose branches may be members of the
                                 // union union_want (a union's function returns it), or -1
  int32_t limit_at;           // a new local past MAX_LOCALS: the LimitError's node (-1: at the name)
  int32_t entry_called;       // the program calls its entry
  int32_t inferring;          // unannotated helpers being typed at their first call, one in another
  // The module's code: its statements from the first after its last def,
  // import and constant, extra[module_at, module_at + module_n) (module_n 0:
  // none). Every lane runs it before the entry, as a function without
  // parameters, funcs[nfuncs] (not counted in nfuncs).
  int32_t module_at, module_n;
  const char* want_entry;     // the problem's entry name and signature (type codes, "is>b"), which
  const char* want_sig;       // type the entry's parameters and result where it leaves them unannotated
  int32_t want_entry_len, want_sig_len;
  struct { int32_t kind, line, col, type; } entry_none;  // where the entry may answer None first
  int32_t foreign[MAX_FOREIGN_RESULTS], nforeign;  // the entry's result types that are not the problem's
  struct { int32_t line, col, type; } foreign_at;  // the first return of one
  int32_t result;             // the entry's result type when it returns such types (a union), else T_BAD
  // The operation the last error is at where CPython raises there on every
  // value of its operands' types ('int' object is not subscriptable), its
  // operands evaluated first: a statement that reaches it whatever the run
  // raises there (sema_stmt.h, acts_then_raise); raise_parent: the act is
  // the call whose argument raise_act is (sorted(n)). -1: none.
  int32_t raise_act, raise_parent;
  int32_t widened[MAX_WIDENED], widened_fn[MAX_WIDENED], nwidened;  // locals (a NAME of each, its function) typed
                                                                   // int | float, tuple[T, ...] or Optional (widen)
  int32_t widened_none;       // bit k: widened[k] holds None and one other type, typed Optional
  int32_t widen;              // a store asked for one more: type the program again
  int32_t saw_num;            // an int | float was typed: a TypeError found here may be one class's only
  int32_t binding;            // storing a loop's variables (whose heads store as they are: no widening)
  int32_t fresh_value;        // the value of the `name = value` being stored when it is a new list, else -1
  int32_t answered_at, answer;  // the class test typed last (isinstance's CALL, type()'s CALL) and its
                                // answer whatever the run: 1, 0, or -1 where the run decides
  // What the code pass (code.h) reads: ty[i], the type of expression node
  // i where it was typed (a name read narrowed to T where its local holds
  // an Optional[T]), and of a name assigned, its local's type after the
  // store. Null: nothing is kept (the caller's choice, set before the pass).
  int32_t* ty;
};

// ---- the tree

// (Inline, where the passes' functions are not (DEV, lex.h): a load or two,
// which a call's setup outweighs at the many hundred places that read the
// tree; the PTX is about 5% smaller so.)
DEVI const Node* nd(const Sema* s, int32_t i) { return s->t->nodes + i; }
DEVI int32_t xtra(const Sema* s, int32_t at) { return s->t->extra[at]; }
DEV void note_type(Sema* s, int32_t i, int32_t t) { if (s->ty) s->ty[i] = t; }
// Set in a NAME target's ty[] entry where its store starts a new variable
// of the name (sema_stmt.h, new_variable): the code pass declares it there.
#define TY_NEW_VARIABLE (1 << 30)
// Set in the ty[] entry of a CALL of map whose list `a, b = map(f, xs)`
// unpacks (sema_stmt.h, unpacks_map): the code pass maps xs[:n + 1] alone.
#define TY_UNPACKED_MAP (1 << 27)
// The ty[] entry of an if's body and of its orelse (an else BLOCK, or an
// elif's IF) is TY_DEAD_BRANCH where the branch is left out, else 0: the
// static types answer the test so that the branch never runs (sema_stmt.h,
// static_truth), and typing it fails on what is wrong only for types the
// value cannot have (`x.replace` under `if isinstance(x, str):` where x is
// an int). The code pass emits nothing of it.
#define TY_DEAD_BRANCH 1
DEV int node_is(const Sema* s, int32_t i, const char* word) {
  return i >= 0 && span_eq(s->src + nd(s, i)->pos, nd(s, i)->len, word);
}
DEV int same_text(const Sema* s, int32_t i, int32_t j) {
  return spans_equal(s->src + nd(s, i)->pos, nd(s, i)->len, s->src + nd(s, j)->pos, nd(s, j)->len);
}

// The node of an expression's (or a simple statement's) first token: a
// diagnostic about the whole of it points there, where a reader of the source
// met it.
DEVFN int32_t first_token(const Sema* s, int32_t i) {
  for (;;) {
    const Node* n = nd(s, i);
    switch (n->kind) {
      case ND_BINOP: case ND_SUBSCRIPT: case ND_CALL: case ND_ATTR: i = n->a; break;
      case ND_AUGASSIGN: case ND_ANNASSIGN: case ND_EXPR: i = n->a; break;
      case ND_COMPARE: case ND_BOOLOP: case ND_STR: case ND_ASSIGN: i = xtra(s, n->a); break;
      case ND_TUPLE: if (n->op || n->n == 0) return i; i = xtra(s, n->a); break;
      case ND_IFEXP: i = xtra(s, n->a); break;
      case ND_SLICE: if (xtra(s, n->a) < 0) return i; i = xtra(s, n->a); break;
      default: return i;
    }
  }
}

// Tokens from byte `pos` (where a token ends), as a reader of the source meets
// them: errors there name a token the tree keeps no node for (a '=', a
// ';'). in_parens: newlines are blanks there. The scan reports nothing.
DEV void lex_from(const Sema* s, Lexer* L, Diag* quiet, int32_t pos, int in_parens) {
  *quiet = *s->diag;
  lex_init(L, s->src, s->n, quiet);
  int32_t line = 1, line_start = 0;
  for (int32_t i = 0; i < pos; i++) if (s->src[i] == '\n') { line++; line_start = i + 1; }
  L->pos = pos; L->line = line; L->line_start = line_start; L->at_line_start = 0; L->parens = in_parens;
  L->last_kind = TK_NAME; L->mid_source = 1;
}
DEVFN Token token_after(const Sema* s, int32_t pos, int in_parens) {
  Lexer L;
  Diag quiet;
  lex_from(s, &L, &quiet, pos, in_parens);
  return lex_next(&L);
}
// The first token of `kind` outside brackets from byte pos on (inside a
// bracketed list: a parameter's '=').
DEVFN Token token_of(const Sema* s, int32_t pos, int kind) {
  Lexer L;
  Diag quiet;
  lex_from(s, &L, &quiet, pos, 1);
  for (int32_t depth = 0;;) {
    Token t = lex_next(&L);
    if (t.kind == TK_EOF || t.kind == TK_ERROR || (depth == 0 && t.kind == kind)) return t;
    depth += bracket_delta(t.kind);
  }
}

// ---- diagnostics

// A TypeError where an int | float was typed is Unsupported: CPython may
// accept one of the classes the value can have (range(x) of an int), and
// only the run knows which it has.
DEV int sema_class(const Sema* s, int cls) { return cls == DG_TYPE && s->saw_num ? DG_UNSUPPORTED : cls; }
DEV void sema_error_at(Sema* s, int32_t line, int32_t col, int cls, const char* what) {
  diag_set(s->diag, sema_class(s, cls), line, col);
  msg(s->diag, what);
}
DEV void sema_error(Sema* s, int32_t i, int cls, const char* what) {
  sema_error_at(s, nd(s, i)->line, nd(s, i)->col, cls, what);
}
DEV void msg_node(Sema* s, int32_t i) { msg_add(s->diag, s->src + nd(s, i)->pos, nd(s, i)->len); }
// "<what> at '<token>'" (class cls), as the compiler words an error at the
// token starting node i
DEV void sema_error_tok(Sema* s, int32_t i, int cls, const char* what) {
  const Node* n = nd(s, i);
  Token t;
  t.kind = n->kind == ND_NAME ? TK_NAME : TK_STRING; t.start = n->pos; t.len = n->len;
  t.line = n->line; t.col = n->col;
  diag_set(s->diag, sema_class(s, cls), n->line, n->col);
  msg(s->diag, what);
  msg_token(s->diag, s->src, &t);
}
DEV void sema_syntax(Sema* s, int32_t i, const char* what) { sema_error_tok(s, i, DG_SYNTAX, what); }
DEV void unsupported_at(Sema* s, const Token* t, const char* what) {
  sema_error_at(s, t->line, t->col, DG_UNSUPPORTED, what);
}
DEV void sema_syntax_tok(Sema* s, const Token* t, const char* what) {
  diag_set(s->diag, DG_SYNTAX, t->line, t->col);
  msg(s->diag, what);
  msg_token(s->diag, s->src, t);
}
DEV int32_t checked(Sema* s, int32_t at, int32_t t) {
  const TypeTable* tt = &s->types;
  if (t != T_BAD && s->diag->cls == DG_OK && t >= N_SCALARS) {  // sets and dicts stand alone (sema_set.h)
    const TypeDef* d = &tt->t[t];
    int inner = d->kind != TY_TUPLE && (is_set(tt, d->elem) || is_dict(tt, d->elem));
    for (int32_t k = 0; k < d->n; k++) inner |= is_set(tt, d->items[k]) || is_dict(tt, d->items[k]);
    if (inner) { sema_error(s, at, DG_UNSUPPORTED, "a set or dict inside a list, tuple, Optional or dict"); return T_BAD; }
  }
  if (t != T_BAD || s->diag->cls != DG_OK) return t;
  sema_error(s, at, DG_LIMIT, s->types.n >= MAX_TYPES ? "program exceeds MAX_TYPES (distinct types)"
                                                       : "type nests deeper than MAX_TYPE_DEPTH");
  return T_BAD;
}
DEV int32_t optional(Sema* s, int32_t at, int32_t t) {
  if (t == T_BAD || t == T_NONE || is_opt(&s->types, t)) return t;
  return checked(s, at, type_opt(&s->types, t));
}

// ---- annotations

DEVFN int32_t annotation(Sema* s, int32_t i);

// Where a union member sorts (gpubackend/types.py's union order): bool,
// int, float, str, the list, tuples by arity; -1 for a type no union holds.
DEV int32_t member_rank(const TypeTable* tt, int32_t t) {
  if (t == T_BOOL || t == T_INT || t == T_FLOAT || t == T_STR) return t - T_BOOL;
  if (is_list(tt, t)) return 4;
  return is_tuple(tt, t) ? 5 + tt->t[t].n : -1;
}

// The union of the n types ts, annotation i: the members sorted, a repeat
// dropped (int | int is int). int | float is T_NUM, a type of its own,
// anywhere; any other union only a def's result (result_at).
DEVFN int32_t union_type(Sema* s, int32_t i, int32_t n, int32_t* ts) {
  int32_t at = first_token(s, i);
  int ints = 0, floats = 0, others = 0;
  for (int32_t k = 0; k < n; k++) {
    ints |= ts[k] == T_INT || ts[k] == T_NUM; floats |= ts[k] == T_FLOAT || ts[k] == T_NUM;
    others |= ts[k] != T_INT && ts[k] != T_FLOAT && ts[k] != T_NUM;
  }
  if (ints && floats && !others) return s->saw_num = 1, T_NUM;  // int | float: a number whose class the run decides
  if (i != s->result_at) { sema_error(s, at, DG_UNSUPPORTED, "a union type other than a function's result"); return T_BAD; }
  const TypeTable* tt = &s->types;
  for (int32_t k = 0; k < n; k++) {
    if (member_rank(tt, ts[k]) < 0) {
      sema_error(s, at, DG_UNSUPPORTED, "a union holding "); msg_type_in(s->diag, tt, ts[k]);
      return T_BAD;
    }
    for (int32_t j = k; j > 0 && member_rank(tt, ts[j]) < member_rank(tt, ts[j - 1]); j--) {
      int32_t x = ts[j]; ts[j] = ts[j - 1]; ts[j - 1] = x;
    }
  }
  int32_t m = 0;
  for (int32_t k = 0; k < n; k++) {
    if (m && ts[k] == ts[m - 1]) continue;
    if (m && member_rank(tt, ts[k]) == member_rank(tt, ts[m - 1])) {  // == would compare them item by item
      sema_error(s, at, DG_UNSUPPORTED, "a union of two lists or of two tuples of one length");
      return T_BAD;
    }
    ts[m++] = ts[k];
  }
  return m == 1 ? ts[0] : checked(s, at, type_union(&s->types, m, ts));
}

// Whether a def's annotation may use this typing name: imported above it.
DEV int typing_imported(const Sema* s, int32_t name) {
  if (s->typing_all) return 1;
  for (int32_t k = 0; k < s->ntyping; k++) if (same_text(s, s->typing[k], name)) return 1;
  return 0;
}

// The name of a type that is no type of the language: its diagnostic.
DEVFN int32_t unknown_type(Sema* s, int32_t name) {
  const char* foreign[] = {"Any", "Iterable", "Sequence", "Callable", "object"};
  for (int32_t k = 0; k < 5; k++)
    if (node_is(s, name, foreign[k])) {
      sema_error(s, name, DG_UNSUPPORTED, "type '"); msg_node(s, name); msg(s->diag, "'");
      return T_BAD;
    }
  sema_error(s, name, DG_NAME, "name '"); msg_node(s, name); msg(s->diag, "' is not defined (as a type)");
  return T_BAD;
}

// type_args := '[' type (',' type)* ']'     the index of a generic's SUBSCRIPT
DEVFN int32_t type_args(Sema* s, int32_t index, int32_t* ts) {
  const Node* x = nd(s, index);
  int several = x->kind == ND_TUPLE && !x->op;
  int32_t n = several ? x->n : 1;
  for (int32_t k = 0; k < n && s->diag->cls == DG_OK; k++) {
    int32_t item = several ? xtra(s, x->a + k) : index;
    if (nd(s, item)->kind == ND_CONST && nd(s, item)->op == TK_DOT) {  // tuple[T, ...] is read by generic
      sema_error(s, item, DG_UNSUPPORTED, "'...' other than as the second of two arguments of tuple");
      return 0;
    }
    if (k == MAX_TUPLE) {
      sema_error(s, first_token(s, item), DG_LIMIT, "program exceeds MAX_TUPLE (items of a tuple type)");
      return 0;
    }
    ts[k] = annotation(s, item);
  }
  return s->diag->cls == DG_OK ? n : 0;
}

// Whether a generic's arguments x are `T, ...`: a tuple of any length.
DEV int any_length(Sema* s, const Node* x) {
  if (x->kind != ND_TUPLE || x->op || x->n != 2) return 0;
  const Node* dots = nd(s, xtra(s, x->a + 1));
  return dots->kind == ND_CONST && dots->op == TK_DOT;
}

DEVFN int32_t set_of(Sema* s, int32_t at, int32_t elem);
DEVFN int32_t dict_of(Sema* s, int32_t at, int32_t key, int32_t value);

// generic := ('list' | 'List' | 'set' | 'Set' | 'dict' | 'Dict' | 'tuple' | 'Tuple' | 'Optional' | 'Union') type_args
DEVFN int32_t generic(Sema* s, int32_t i, int32_t name) {
  int list = node_is(s, name, "list") || node_is(s, name, "List");
  int set = node_is(s, name, "set") || node_is(s, name, "Set");
  int dict = node_is(s, name, "dict") || node_is(s, name, "Dict");
  int tuple = node_is(s, name, "tuple") || node_is(s, name, "Tuple");
  int uni = node_is(s, name, "Union");
  if (nd(s, i)->kind != ND_SUBSCRIPT) {
    sema_error(s, name, DG_UNSUPPORTED, "bare '"); msg_node(s, name);
    msg(s->diag, "' (give its item types, e.g. list[int])");
    return T_BAD;
  }
  int32_t ts[MAX_TUPLE];
  const Node* x = nd(s, nd(s, i)->b);
  if (tuple && x->kind == ND_TUPLE && x->op && x->n == 0) return checked(s, name, type_tuple(&s->types, 0, nullptr));  // tuple[()]
  if (tuple && any_length(s, x)) {  // tuple[T, ...]
    int32_t elem = annotation(s, xtra(s, x->a));
    if (elem == T_NONE) { sema_error(s, name, DG_UNSUPPORTED, "None inside a container type"); return T_BAD; }
    return elem == T_BAD ? T_BAD : checked(s, name, type_vtuple(&s->types, elem));
  }
  int32_t n = type_args(s, nd(s, i)->b, ts);
  if (s->diag->cls != DG_OK) return T_BAD;
  for (int32_t k = 0; k < n; k++)
    if (ts[k] == T_NONE && !uni) { sema_error(s, name, DG_UNSUPPORTED, "None inside a container type"); return T_BAD; }
  if (tuple) return checked(s, name, type_tuple(&s->types, n, ts));
  if (dict) {
    if (n == 2) return dict_of(s, name, ts[0], ts[1]);
    sema_error(s, name, DG_TYPE, "'"); msg_node(s, name); msg(s->diag, "' takes two type arguments");
    return T_BAD;
  }
  if (uni) {
    int32_t nones = 0;
    for (int32_t k = 0; k < n; k++) nones += ts[k] == T_NONE;
    if (n == 2 && nones == 1) return optional(s, name, ts[ts[0] == T_NONE]);
    if (nones == 0) return union_type(s, i, n, ts);
    sema_error(s, name, DG_UNSUPPORTED, "Union of None and several types");
    return T_BAD;
  }
  if (n != 1) {
    sema_error(s, name, DG_TYPE, "'"); msg_node(s, name); msg(s->diag, "' takes one type argument");
    return T_BAD;
  }
  if (set) return set_of(s, name, ts[0]);
  return list ? checked(s, name, type_list(&s->types, ts[0])) : optional(s, name, ts[0]);
}

// A type ended at node `head`, but the annotation's expression goes on
// (CPython takes any expression there): Unsupported at the token past head.
DEV int32_t trailing(Sema* s, int32_t head) {
  Token t = token_after(s, nd(s, head)->pos + nd(s, head)->len, 1);
  unsupported_at(s, &t, "an annotation that is an expression");
  return T_BAD;
}

// type_atom := 'None' | 'int' | 'float' | 'bool' | 'str' | generic
DEVFN int32_t type_atom(Sema* s, int32_t i) {
  int32_t head = first_token(s, i);  // where a reader of the source starts the type
  const Node* h = nd(s, head);
  if (h->kind == ND_CONST && h->op == TK_NONE) return head == i ? T_NONE : trailing(s, head);
  if (h->kind != ND_NAME) {
    if (h->kind == ND_STRPART) sema_error(s, head, DG_UNSUPPORTED, "string annotation");
    else sema_error(s, head, DG_UNSUPPORTED, "an annotation that is not a type");
    return T_BAD;
  }
  const char* scalars[] = {"int", "float", "bool", "str"};
  const int32_t ids[] = {T_INT, T_FLOAT, T_BOOL, T_STR};
  for (int32_t k = 0; k < 4; k++)
    if (node_is(s, head, scalars[k])) return head == i ? ids[k] : trailing(s, head);
  const char* typing[] = {"List", "Tuple", "Optional", "Union", "Dict", "Set"};
  for (int32_t k = 0; k < 6; k++)
    if (node_is(s, head, typing[k]) && s->in_header && !typing_imported(s, head)) {
      sema_error(s, head, DG_NAME, "name '"); msg_node(s, head);
      msg(s->diag, "' is not defined (import it: from typing import "); msg_node(s, head); msg(s->diag, ")");
      return T_BAD;
    }
  const char* generics[] = {"list", "List", "tuple", "Tuple", "Optional", "Union", "set", "Set", "dict", "Dict"};
  for (int32_t k = 0; k < 10; k++)
    if (node_is(s, head, generics[k])) return generic(s, nd(s, i)->kind == ND_SUBSCRIPT && nd(s, i)->a == head ? i : head, head);
  return unknown_type(s, head);
}

// type := type_atom ('|' type_atom)*
// T | None is Optional[T]; a def's result may be a union (union_type).
DEVFN int32_t annotation(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  if (n->kind != ND_BINOP || n->op != TK_PIPE) return type_atom(s, i);
  int32_t parts[MAX_TUPLE], ts[MAX_TUPLE], k = 0, nones = 0;
  for (int32_t x = i; ; x = nd(s, x)->a) {  // the chain A | B | C leans left
    int pipe = nd(s, x)->kind == ND_BINOP && nd(s, x)->op == TK_PIPE;
    if (k == MAX_TUPLE) { sema_error(s, first_token(s, i), DG_LIMIT, "program exceeds MAX_TUPLE (types of a union)"); return T_BAD; }
    parts[k++] = pipe ? nd(s, x)->b : x;
    if (!pipe) break;
  }
  for (int32_t j = 0; j < k; j++) {
    ts[j] = type_atom(s, parts[k - 1 - j]);
    if (s->diag->cls != DG_OK) return T_BAD;
    nones += ts[j] == T_NONE;
  }
  if (nones == 0) return union_type(s, i, k, ts);
  if (k == 2 && nones == 1) return optional(s, first_token(s, i), ts[ts[0] == T_NONE]);
  Token bar;  // T | None | U, None | None
  bar.kind = TK_PIPE; bar.start = n->pos; bar.len = n->len; bar.line = n->line; bar.col = n->col;
  unsupported_at(s, &bar, "union type other than T | None");
  return T_BAD;
}

// ---- bindings

// Whether node i's own token is the word w[0, len).
DEV int spells(const Sema* s, int32_t i, const char* w, int32_t len) {
  return spans_equal(s->src + nd(s, i)->pos, nd(s, i)->len, w, len);
}

// Whether an import's ALIAS binds the word: its `as` name, else the head of
// its dotted name (`import os.path` binds os); `*` may bind anything.
DEV int alias_binds_word(const Sema* s, int32_t alias, const char* w, int32_t len) {
  const Node* a = nd(s, alias);
  if (a->a >= 0) return spells(s, a->a, w, len);
  const char* p = s->src + a->pos;
  int32_t head = 0;
  while (head < a->len && p[head] != '.') head++;
  return p[0] == '*' || spans_equal(p, head, w, len);
}
DEV int alias_binds(const Sema* s, int32_t alias, int32_t name) {
  return alias_binds_word(s, alias, s->src + nd(s, name)->pos, nd(s, name)->len);
}

// Whether target t (a NAME, or a tuple, list, group or starred of them)
// binds the word.
DEVFN int binds_word(const Sema* s, int32_t t, const char* w, int32_t len) {
  const Node* n = nd(s, t);
  switch (n->kind) {
    case ND_NAME: return spells(s, t, w, len);
    case ND_GROUP: case ND_STARRED: return binds_word(s, n->a, w, len);
    case ND_TUPLE: case ND_LIST:
      for (int32_t k = 0; k < n->n; k++) if (binds_word(s, xtra(s, n->a + k), w, len)) return 1;
  }
  return 0;
}
DEVFN int binds(const Sema* s, int32_t t, int32_t name) {
  return binds_word(s, t, s->src + nd(s, name)->pos, nd(s, name)->len);
}

// How many places of the program bind the word: defs, parameters,
// imports, assignment and loop targets, `except ... as`, in any scope.
// A statement the language does not have (class, global, with) may bind
// any name: then -1, not known.
DEVFN int32_t bindings_of(const Sema* s, const char* w, int32_t len) {
  int32_t count = 0;
  for (int32_t i = 0; i < s->t->n_nodes; i++) {
    const Node* n = nd(s, i);
    switch (n->kind) {
      case ND_UNSUPPORTED: if (n->op == UN_STATEMENT) return -1; break;
      case ND_PARAM: count += spells(s, i, w, len); break;
      case ND_DEF: count += spells(s, xtra(s, n->a), w, len); break;
      case ND_ALIAS: count += alias_binds_word(s, i, w, len); break;
      case ND_FROM: if (n->b >= 0) count -= alias_binds_word(s, n->b, w, len); break;  // its module's ALIAS binds nothing
      case ND_ASSIGN: for (int32_t k = 0; k + 1 < n->n; k++) count += binds_word(s, xtra(s, n->a + k), w, len); break;
      case ND_AUGASSIGN: case ND_ANNASSIGN: case ND_WALRUS: case ND_COMPFOR: count += binds_word(s, n->a, w, len); break;
      case ND_FOR: count += binds_word(s, xtra(s, n->a), w, len); break;
      case ND_EXCEPT: count += xtra(s, n->b) >= 0 && spells(s, xtra(s, n->b), w, len); break;
    }
  }
  return count;
}

// The word's index in builtins.def (its BI_ id), or -1.
DEV int32_t builtin_index(const char* w, int32_t len) {
  const char* names =
#define BUILTIN(ID, NAME, FORM) NAME " "
#include "builtins.def"
#undef BUILTIN
      ;
  return word_index(w, len, names);
}
// Whether the word is one of CPython's builtins or a dunder, which CPython
// finds where the program binds no such name.
DEV int builtin_word(const char* w, int32_t len) {
  int dunder = len > 4 && w[0] == '_' && w[1] == '_' && w[len - 1] == '_' && w[len - 2] == '_';
  return dunder || builtin_index(w, len) >= 0;
}

// ---- library imports (library.def)

// The LM_ index of the module named by the word, or -1.
DEV int32_t lib_module_index(const char* w, int32_t len) {
  const char* names =
#define LIB_MODULE(ID, NAME) NAME " "
#define LIB_FN(ID, MODULE, NAME, SIG)
#define LIB_CONST(ID, MODULE, NAME, VALUE)
#include "library.def"
#undef LIB_MODULE
#undef LIB_FN
#undef LIB_CONST
      ;
  return word_index(w, len, names);
}
// The LF_ index of module m's member (function or constant) named by the
// word, or -1.
DEV int32_t lib_member_index(int32_t m, const char* w, int32_t len) {
  const int32_t modules[] = {
#define LIB_MODULE(ID, NAME)
#define LIB_FN(ID, MODULE, NAME, SIG) LM_##MODULE,
#define LIB_CONST(ID, MODULE, NAME, VALUE) LM_##MODULE,
#include "library.def"
#undef LIB_MODULE
#undef LIB_FN
#undef LIB_CONST
  };
  const char* names =
#define LIB_MODULE(ID, NAME)
#define LIB_FN(ID, MODULE, NAME, SIG) NAME " "
#define LIB_CONST(ID, MODULE, NAME, VALUE) NAME " "
#include "library.def"
#undef LIB_MODULE
#undef LIB_FN
#undef LIB_CONST
      ;
  int32_t k = word_index(w, len, names);
  return k >= 0 && modules[k] == m ? k : -1;
}

// What an import's ALIAS node binds of library.def: its module (LM_) and
// member (LF_, or -1 for the module itself) through *module and *member;
// 0 where it binds something else. mod: a from-import's module ALIAS, or
// -1 for `import`.
DEV int lib_alias_target(const Sema* s, int32_t alias, int32_t mod, int32_t* module, int32_t* member) {
  const Node* a = nd(s, alias);
  if (mod < 0) {  // `import heapq [as hq]`: a dotted name binds its first module, not a library's
    *module = lib_module_index(s->src + a->pos, a->len);
    *member = -1;
    return *module >= 0;
  }
  *module = lib_module_index(s->src + nd(s, mod)->pos, nd(s, mod)->len);
  *member = *module >= 0 ? lib_member_index(*module, s->src + a->pos, a->len) : -1;
  return *member >= 0;
}

// Whether member f (LF_) is a constant, and its value into *value.
DEV int lib_const(int32_t f, int64_t* value) {
  const int64_t values[] = {
#define LIB_MODULE(ID, NAME)
#define LIB_FN(ID, MODULE, NAME, SIG) 0,
#define LIB_CONST(ID, MODULE, NAME, VALUE) (int64_t)(VALUE),
#include "library.def"
#undef LIB_MODULE
#undef LIB_FN
#undef LIB_CONST
  };
  const int8_t consts[] = {
#define LIB_MODULE(ID, NAME)
#define LIB_FN(ID, MODULE, NAME, SIG) 0,
#define LIB_CONST(ID, MODULE, NAME, VALUE) 1,
#include "library.def"
#undef LIB_MODULE
#undef LIB_FN
#undef LIB_CONST
  };
  *value = f >= 0 ? values[f] : 0;
  return f >= 0 && consts[f];
}

// Records the names import statement i binds to library.def's modules and
// members, as imports of function fn (-1: the module's), each ALIAS once
// however often its statement is typed. The type pass checks the
// statement's form (lib_import); the module's imports are recorded before
// any body is typed, a function's when its statement is.
DEVFN void lib_bind(Sema* s, int32_t i, int32_t fn) {
  const Node* n = nd(s, i);
  int32_t mod = n->kind == ND_FROM ? n->b : -1;
  if (n->kind == ND_FROM && (mod < 0 || n->op)) return;  // relative
  for (int32_t k = 0; k < n->n; k++) {
    int32_t alias = xtra(s, n->a + k), module, member, seen = 0;
    if (!lib_alias_target(s, alias, mod, &module, &member)) continue;
    for (int32_t j = 0; j < s->nlibs; j++) seen |= s->libs[j].alias == alias;
    if (seen || s->nlibs == MAX_LIB_BINDINGS) continue;
    LibBinding* b = &s->libs[s->nlibs++];
    b->alias = alias; b->fn = fn; b->module = module; b->member = member;
  }
}

// The binding of library.def that NAME node `name` reads in function fn
// (-1: at module level): an import of fn, of the def fn is nested in, or
// of the module; its index in s->libs, or -1. The caller checks that no
// local of fn shadows it.
DEV int32_t lib_binding(const Sema* s, int32_t fn, int32_t name) {
  for (int32_t k = 0; k < s->nlibs; k++) {
    if (!alias_binds(s, s->libs[k].alias, name)) continue;
    for (int32_t f = fn;; f = s->funcs[f].parent) {
      if (s->libs[k].fn == f) return k;
      if (f < 0 || f >= s->nfuncs) break;
    }
    if (s->libs[k].fn < 0) return k;
  }
  return -1;
}

// ---- declarations

// The type the problem's signature gives the entry's parameter k (k < 0:
// its result), or T_BAD where the signature has none.
DEVFN int32_t signature_type(Sema* s, int32_t k) {
  const char* code = s->want_sig;
  int32_t len = s->want_sig_len, i = 0;
  if (k < 0) {
    while (i < len && code[i] != '>') i++;
    i++;
  }
  for (int32_t q = 0; q < k && i < len && code[i] != '>'; q++) i = rt_code_end(code, i);
  if (i >= len || code[i] == '>') return T_BAD;
  int32_t t = type_of_code(&s->types, code, len, &i);
  for (int32_t k = 0; k < len; k++) s->saw_num |= code[k] == 'r';
  return t;
}

// A bare container annotation (`list`, `tuple`, or `List`, `Tuple` where
// imported) that the signature's type t refines: t, else T_BAD.
DEV int32_t refined(Sema* s, int32_t ann, int32_t t) {
  if (t == T_BAD || nd(s, ann)->kind != ND_NAME) return T_BAD;
  int list = node_is(s, ann, "list") || (node_is(s, ann, "List") && typing_imported(s, ann));
  int tuple = node_is(s, ann, "tuple") || (node_is(s, ann, "Tuple") && typing_imported(s, ann));
  return (list && is_list(&s->types, t)) || (tuple && (is_tuple(&s->types, t) || is_vtuple(&s->types, t))) ? t : T_BAD;
}

// How many arguments a generic's subscript may hold where CPython checks
// it when it evaluates the subscript: typing's aliases count them (List[int,
// str] raises TypeError), the builtin classes take any (list[int, str]).
// 0: any number; -1: not a generic (int[str] raises TypeError).
DEV int32_t generic_arity(const Sema* s, int32_t name) {
  const char* any[] = {"list", "dict", "tuple", "set", "frozenset", "type", "Tuple"};
  for (int32_t k = 0; k < 7; k++) if (node_is(s, name, any[k])) return 0;
  if (node_is(s, name, "Dict") || node_is(s, name, "Mapping")) return 2;
  const char* one[] = {"List", "Set", "FrozenSet", "Optional", "Iterable", "Sequence", "Type"};
  for (int32_t k = 0; k < 7; k++) if (node_is(s, name, one[k])) return 1;
  return node_is(s, name, "Union") ? 0 : -1;
}

// Whether NAME a is bound at the module level by a constant above (`List =
// 5`), which an annotation would then read.
DEV int module_const_named(const Sema* s, int32_t a) {
  for (int32_t k = 0; k < s->nconsts; k++) if (same_text(s, s->consts[k].name, a)) return 1;
  return 0;
}

// Whether annotation node a evaluates without an error when its def runs,
// as CPython evaluates it: every name in it a builtin class or a typing
// name imported above and not rebound, a subscript only of a generic and
// with as many arguments as it takes (tuples, None, '...' and | of such).
DEVFN int resolvable_annotation(const Sema* s, int32_t a) {
  const Node* n = nd(s, a);
  switch (n->kind) {
    case ND_CONST: return n->op == TK_NONE || n->op == TK_DOT;
    case ND_GROUP: return resolvable_annotation(s, n->a);
    case ND_BINOP: return n->op == TK_PIPE && resolvable_annotation(s, n->a) && resolvable_annotation(s, n->b);
    case ND_SUBSCRIPT: {
      const Node* x = nd(s, n->b);
      int32_t arity = nd(s, n->a)->kind == ND_NAME ? generic_arity(s, n->a) : -1;
      int32_t given = x->kind == ND_TUPLE && !x->op ? x->n : 1;
      return arity >= 0 && (arity == 0 || arity == given) && resolvable_annotation(s, n->a) &&
             resolvable_annotation(s, n->b);
    }
    case ND_TUPLE:
      for (int32_t k = 0; k < n->n; k++) if (!resolvable_annotation(s, xtra(s, n->a + k))) return 0;
      return 1;
    case ND_NAME: {
      if (module_const_named(s, a)) return 0;
      const char* builtins[] = {"int", "float", "str", "bool", "list", "dict", "tuple", "set", "frozenset", "object"};
      for (int32_t k = 0; k < 10; k++) if (node_is(s, a, builtins[k])) return 1;
      return typing_imported(s, a);
    }
  }
  return 0;
}

// One annotation of a def's header. The entry's stands for nothing a run
// does: CPython only evaluates it, the tests pass the problem's values, and
// the entry returns what its code returns. So there the problem's signature
// type `want` (T_BAD: none) stands for a missing or bare annotation, and
// for any that evaluates (`List[Any]`, `-> bool` where the tests expect a
// str): a return of another type is a wrong answer (foreign_result).
DEVFN int32_t header_type(Sema* s, int32_t ann, int32_t want) {
  if (ann < 0) return want;
  int32_t t = refined(s, ann, want);
  if (t == T_BAD && want != T_BAD && want != T_PENDING && resolvable_annotation(s, ann)) return want;
  return t != T_BAD ? t : annotation(s, ann);
}

// Whether NAME `name` was widened (sema_stmt.h, widen) in function fn: a
// local of fn, or with fn WIDENED_RESULT, the result of the function NAME.
#define WIDENED_RESULT (-2)
DEV int32_t widened_at(const Sema* s, int32_t name, int32_t fn) {
  for (int32_t k = 0; k < s->nwidened; k++)
    if (s->widened_fn[k] == fn && same_text(s, s->widened[k], name)) return k;
  return -1;
}
DEV int widened_in(const Sema* s, int32_t name, int32_t fn) { return widened_at(s, name, fn) >= 0; }
// Whether the local NAME `name` of this function holds ints and floats (or
// tuples of several lengths): it is declared int | float (tuple[T, ...]).
DEV int widened(const Sema* s, int32_t name) {
  int32_t k = widened_at(s, name, s->f.fn);
  return k >= 0 && !((s->widened_none >> k) & 1);
}
// Whether it holds None and values of one other type: it is declared Optional.
DEV int widened_to_none(const Sema* s, int32_t name) {
  int32_t k = widened_at(s, name, s->f.fn);
  return k >= 0 && ((s->widened_none >> k) & 1);
}

// literal := STRING+ | ['-'] (INT | FLOAT) | 'True' | 'False'      its
// type, or T_BAD for any other node (an int past 64 bits too)
DEVFN int32_t literal_type(const Sema* s, int32_t value) {
  const Node* v = nd(s, value);
  int neg = v->kind == ND_UNARY && v->op == TK_MINUS &&
            (nd(s, v->a)->kind == ND_INT || nd(s, v->a)->kind == ND_FLOAT);
  const Node* lit = neg ? nd(s, v->a) : v;
  uint64_t bits = (uint64_t)(uint32_t)lit->b << 32 | (uint32_t)lit->a;
  if (lit->kind == ND_STR && !neg) return T_STR;
  if (lit->kind == ND_INT && !(lit->op & TF_INT_BIG) && ((int64_t)bits >= 0 || (neg && bits == (uint64_t)INT64_MIN_)))
    return T_INT;
  if (lit->kind == ND_FLOAT) return T_FLOAT;
  if (lit->kind == ND_CONST && !neg && (lit->op == TK_TRUE || lit->op == TK_FALSE)) return T_BOOL;
  return T_BAD;
}

// The parameters of def `def` a call must pass: those before its first
// default.
DEV int32_t required_params(const Sema* s, int32_t def) {
  const Node* d = nd(s, def);
  int32_t k = 0;
  while (k < d->n && nd(s, xtra(s, d->b + k))->b < 0) k++;
  return k;
}

// header := 'def' NAME '(' [NAME [':' type] (',' NAME [':' type])*] ')' ['->' type]
// An annotation may be left out of the entry's header (entry: this def is
// it), or be a bare list or tuple there: the problem's signature types it,
// as the tests will call it. Any other def may leave them out too: its
// first call types it (T_PENDING until then). annotated: 0 for a def no
// run reaches (unread_quiet_def), whose annotations are read as left out.
DEVFN void header(Sema* s, int32_t def, SemaFunc* f, int entry, int annotated) {
  const Node* d = nd(s, def);
  int32_t name = xtra(s, d->a), ret = xtra(s, d->a + 1);
  f->def = def;
  f->nparams = 0;
  f->nrequired = required_params(s, def);
  s->in_header = 1;
  for (int32_t k = 0; k < d->n && s->diag->cls == DG_OK; k++) {
    int32_t p = xtra(s, d->b + k);
    const Node* pn = nd(s, p);
    if (f->nparams >= MAX_PARAMS) {
      Token t = token_after(s, pn->pos + pn->len, 1);
      sema_error_at(s, t.line, t.col, DG_LIMIT, "program exceeds MAX_PARAMS (parameters)");
      return;
    }
    int32_t t = header_type(s, annotated ? pn->a : -1, entry ? signature_type(s, k) : T_PENDING);
    if (s->diag->cls != DG_OK) return;
    if (t == T_BAD) {
      sema_error(s, p, DG_TYPE, "parameter '"); msg_node(s, p); msg(s->diag, "' needs a type annotation");
      return;
    }
    if (t == T_NONE) { sema_error(s, p, DG_UNSUPPORTED, "a None parameter"); return; }
    if (pn->b >= 0) {  // a default: a literal, which types a parameter that has no annotation
      int32_t dt = literal_type(s, pn->b);
      if (t == T_PENDING) t = dt;
      if (dt == T_BAD || dt != t) {
        Token eq = token_of(s, pn->pos + pn->len, TK_ASSIGN);
        sema_error_at(s, eq.line, eq.col, DG_UNSUPPORTED, "default argument value other than a literal of the parameter's type");
        return;
      }
    }
    for (int32_t q = 0; q < k; q++)
      if (same_text(s, xtra(s, d->b + q), p)) { sema_error(s, p, DG_SYNTAX, "duplicate argument in function definition"); return; }
    f->ptype[f->nparams++] = t;
  }
  if (s->diag->cls != DG_OK) return;
  for (int32_t k = 0; k < f->nparams; k++)
    if (is_union(&s->types, f->ptype[k])) { sema_error(s, xtra(s, d->b + k), DG_UNSUPPORTED, "a parameter of several types"); return; }
  int32_t want = entry ? signature_type(s, -1) : T_PENDING;
  s->result_at = ret;
  f->ret = header_type(s, annotated ? ret : -1, want);
  s->result_at = -1;
  if (s->diag->cls != DG_OK) return;
  // the entry returns what its code returns, whatever its annotation says: a member of the problem's union
  if (entry && is_union(&s->types, want) && union_member(&s->types, want, f->ret) >= 0) f->ret = want;
  if (entry && want == T_NUM && (f->ret == T_INT || f->ret == T_FLOAT)) f->ret = want;  // ... or one class of an int | float
  if (!entry && (f->ret == T_INT || f->ret == T_FLOAT) && widened_in(s, name, WIDENED_RESULT)) f->ret = T_NUM;
  f->infer = INFER_NONE;
  for (int32_t k = 0; k < f->nparams; k++) if (f->ptype[k] == T_PENDING) f->infer = INFER_WAITING;
  if (f->ret == T_PENDING) f->infer = INFER_WAITING;
  if (f->ret == T_BAD && ret < 0) {
    sema_error(s, name, DG_TYPE, "function '"); msg_node(s, name); msg(s->diag, "' needs a return annotation");
    return;
  }
  s->in_header = 0;
}

// `from typing import ...`: the names a def's annotations may use from here
// on (CPython evaluates them when the def runs). As a reader of the source takes
// them: up to the first that is renamed, which it takes and stops.
DEV void typing_names(Sema* s, int32_t from) {
  const Node* f = nd(s, from);
  if (f->op != 0 || !node_is(s, f->b, "typing")) return;
  for (int32_t k = 0; k < f->n; k++) {
    int32_t alias = xtra(s, f->a + k);
    if (nd(s, alias)->len == 1 && s->src[nd(s, alias)->pos] == '*') s->typing_all = 1;
    else if (s->ntyping < MAX_TYPING_NAMES) s->typing[s->ntyping++] = alias;
    if (nd(s, alias)->a >= 0) return;
  }
}

// module_const := NAME '=' literal NEWLINE      a literal: a str (adjacent
// literals too), [-]int, [-]float, True or False; returns whether `assign`
// (a module-level ASSIGN) is one; `record`: the declarations record it.
DEVFN int module_const(Sema* s, int32_t assign, int record) {
  const Node* a = nd(s, assign);
  if (a->n != 2 || nd(s, xtra(s, a->a))->kind != ND_NAME) return 0;
  int32_t name = xtra(s, a->a), value = xtra(s, a->a + 1);
  int32_t before = nd(s, name)->pos - 1;  // a statement after ';' is not read as one
  while (before >= 0 && (s->src[before] == ' ' || s->src[before] == '\t')) before--;
  if (before >= 0 && s->src[before] == ';') return 0;
  int32_t type = literal_type(s, value);
  if (type == T_BAD) return 0;
  const Node* v = nd(s, value);
  const Node* lit = v->kind == ND_UNARY ? nd(s, v->a) : v;
  int32_t last = lit->kind == ND_STR ? xtra(s, lit->a + lit->n - 1) : (int32_t)(lit - s->t->nodes);
  Token end = token_after(s, nd(s, last)->pos + nd(s, last)->len, 0);
  if (end.kind != TK_NEWLINE && end.kind != TK_EOF) return 0;
  if (!record) return 1;
  for (int32_t k = 0; k < s->nconsts; k++)
    if (same_text(s, s->consts[k].name, name)) { s->consts[k].twice = 1; return 1; }
  if (s->nconsts == MAX_MODULE_CONSTS) {
    sema_error_at(s, end.line, end.col, DG_LIMIT, "program exceeds MAX_MODULE_CONSTS (module-level constants)");
    return 0;
  }
  SemaConst* c = &s->consts[s->nconsts++];
  c->name = name; c->value = value; c->type = type; c->twice = 0;
  return 1;
}

// The number of arguments the problem's tests pass the entry: its
// signature's parameters.
DEV int32_t signature_arity(const Sema* s) {
  int32_t k = 0;
  for (int32_t i = 0; i < s->want_sig_len && s->want_sig[i] != '>'; k++) i = rt_code_end(s->want_sig, i);
  return k;
}

// Whether the entry's def cannot take the tests' arguments (fewer than it
// requires, more than it has), where nothing else binds its name: then
// CPython's call raises TypeError before the entry runs, and its body is
// no entry's (a helper's where the program calls it, else left untyped:
// unread_quiet_def).
DEVFN int takes_other_arity(const Sema* s, int32_t def) {
  int32_t given = signature_arity(s), required = required_params(s, def);
  return (given < required || given > nd(s, def)->n) && bindings_of(s, s->want_entry, s->want_entry_len) == 1;
}

// Whether nothing reads the name of top-level def `def` (its own NAME the
// one node spelled so) and CPython runs the def line without an error
// (annotations that evaluate, literal defaults): then no run reaches its
// body, which is left untyped, as a helper never called is.
DEVFN int unread_quiet_def(const Sema* s, int32_t def) {
  const Node* d = nd(s, def);
  int32_t name = xtra(s, d->a), ret = xtra(s, d->a + 1), spelled = 0;
  for (int32_t i = 0; i < s->t->n_nodes; i++) spelled += nd(s, i)->kind == ND_NAME && same_text(s, i, name);
  if (spelled != 1 || (ret >= 0 && !resolvable_annotation(s, ret))) return 0;
  for (int32_t k = 0; k < d->n; k++) {
    const Node* p = nd(s, xtra(s, d->b + k));
    if ((p->a >= 0 && !resolvable_annotation(s, p->a)) || (p->b >= 0 && literal_type(s, p->b) == T_BAD)) return 0;
  }
  return 1;
}

// A def, recorded with its header: a top-level one (parent -1) or one
// nested at any depth in a top-level one (parent: that function).
DEVFN void declare_function(Sema* s, int32_t def, int32_t parent) {
  if (s->nfuncs >= MAX_FUNCS) { sema_error(s, def, DG_LIMIT, "program exceeds MAX_FUNCS (functions)"); return; }
  SemaFunc* f = &s->funcs[s->nfuncs];
  int32_t name = xtra(s, nd(s, def)->a);
  const Node* nn = nd(s, name);
  int entry = parent < 0 && spans_equal(s->src + nn->pos, nn->len, s->want_entry, s->want_entry_len);
  int annotated = 1;
  if (entry && takes_other_arity(s, def)) {
    entry = 0, s->call_fails = ST_TYPE_ERROR, s->call_def = def;
    annotated = !unread_quiet_def(s, def);
  }
  header(s, def, f, entry, annotated);
  if (s->diag->cls != DG_OK) return;
  f->parent = parent;
  f->defined = 0;
  for (int32_t k = 0; k < s->nfuncs; k++)
    if (s->funcs[k].parent == parent && same_text(s, xtra(s, nd(s, s->funcs[k].def)->a), name)) {
      sema_error(s, def, DG_UNSUPPORTED, "redefinition of function '"); msg_node(s, name); msg(s->diag, "'");
      return;
    }
  s->nfuncs++;
}

// `if __name__ == "__main__":`, which never runs when the verifier calls
// the entry (CPython's path runs the program under another __name__).
DEV int main_guard(const Sema* s, int32_t i) {
  return nd(s, i)->kind == ND_IF && node_is(s, first_token(s, nd(s, i)->a), "__name__");
}
DEV int def_or_import(const Sema* s, int32_t i) {
  int kind = nd(s, i)->kind;
  return kind == ND_DEF || kind == ND_IMPORT || kind == ND_FROM;
}
// Whether module-level statement i does more than declare (a def, an
// import, a constant) or nothing (a docstring, pass, a main guard).
DEVFN int acts_at_module_level(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  if (def_or_import(s, i) || n->kind == ND_PASS || main_guard(s, i)) return 0;
  return !(n->kind == ND_EXPR && nd(s, n->a)->kind == ND_STR) && !module_const(s, i, 0);
}
// The module's code: its statements from the first that acts after its
// last def and import, to its end (a constant among them is one of its
// names). Every lane runs it before the entry. One that acts before a def
// or an import is refused in its place: CPython would run it before they
// are bound.
DEVFN void module_extent(Sema* s) {
  const Node* m = nd(s, s->t->root);
  int32_t k = m->n;
  while (k > 0 && !def_or_import(s, xtra(s, m->a + k - 1))) k--;
  while (k < m->n && !acts_at_module_level(s, xtra(s, m->a + k))) k++;
  s->module_at = m->a + k; s->module_n = m->n - k;
}
// Where the module's code starts in the source: its first token's byte.
DEVFN int32_t module_code_pos(const Sema* s) { return nd(s, first_token(s, xtra(s, s->module_at)))->pos; }
// Whether node i is in the module's code.
DEVFN int in_module_code_text(const Sema* s, int32_t i) { return s->module_n && nd(s, i)->pos >= module_code_pos(s); }

DEVFN void declarations_in(Sema* s, int32_t block, int32_t top, int module);

// One statement's declarations, in source order. top: the top-level def
// it is inside (-1: none); module: it is a module-level statement.
DEVFN void declarations_of(Sema* s, int32_t i, int32_t top, int module) {
  const Node* n = nd(s, i);
  switch (n->kind) {
    case ND_DEF: {
      if (!module && top < 0) {  // in a module-level if/for/while: no function of the program
        declarations_in(s, xtra(s, n->a + 2), -1, 0);
        return;
      }
      int32_t fi = s->nfuncs;
      declare_function(s, i, module ? -1 : top);
      if (s->diag->cls == DG_OK) declarations_in(s, xtra(s, n->a + 2), module ? fi : top, 0);
      return;
    }
    case ND_FROM:
      typing_names(s, i);
      if (module) lib_bind(s, i, -1);
      return;
    case ND_IMPORT: {  // `import math`, `import math.x`, `import math as m`: its first name
      if (module) lib_bind(s, i, -1);
      const Node* alias = nd(s, xtra(s, n->a));
      const char* at = s->src + alias->pos;
      if (module && alias->len >= 4 && at[0] == 'm' && at[1] == 'a' && at[2] == 't' && at[3] == 'h' &&
          (alias->len == 4 || at[4] == '.'))
        s->math_imported = 1;
      if (module && alias->len == 2 && at[0] == 'r' && at[1] == 'e') s->re_imported = 1;
      return;
    }
    case ND_ASSIGN: if (module && !in_module_code_text(s, i)) module_const(s, i, 1); return;
    case ND_IF: case ND_WHILE: {
      int32_t body = xtra(s, n->b), orelse = xtra(s, n->b + 1);
      declarations_in(s, body, top, 0);
      if (orelse >= 0 && s->diag->cls == DG_OK) {
        if (nd(s, orelse)->kind == ND_IF) declarations_of(s, orelse, top, 0);
        else declarations_in(s, orelse, top, 0);
      }
      return;
    }
    case ND_FOR:
      declarations_in(s, xtra(s, n->b), top, 0);
      if (xtra(s, n->b + 1) >= 0 && s->diag->cls == DG_OK) declarations_in(s, xtra(s, n->b + 1), top, 0);
      return;
    case ND_TRY:
      for (int32_t k = 0; k < 3 && s->diag->cls == DG_OK; k++)
        if (xtra(s, n->a + k) >= 0) declarations_in(s, xtra(s, n->a + k), top, 0);
      for (int32_t k = 0; k < n->n && s->diag->cls == DG_OK; k++) declarations_in(s, xtra(s, nd(s, xtra(s, n->b + k))->b + 1), top, 0);
      return;
  }
}

DEVFN void declarations_in(Sema* s, int32_t block, int32_t top, int module) {
  const Node* b = nd(s, block);
  for (int32_t k = 0; k < b->n && s->diag->cls == DG_OK; k++) declarations_of(s, xtra(s, b->a + k), top, module);
}

// The entry, by the problem's name, and its signature against the
// problem's (type codes, "is>b").
DEVFN void entry_signature(Sema* s, const char* entry, int32_t entry_len, const char* sig, int32_t sig_len) {
  int32_t e = -1;
  for (int32_t k = 0; k < s->nfuncs; k++) {
    int32_t name = xtra(s, nd(s, s->funcs[k].def)->a);
    if (s->funcs[k].parent < 0 && spans_equal(s->src + nd(s, name)->pos, nd(s, name)->len, entry, entry_len)) e = k;
  }
  if (e < 0 && !s->call_fails && !builtin_word(entry, entry_len) && bindings_of(s, entry, entry_len) == 0)
    s->call_fails = ST_NAME_ERROR;  // the tests' calls raise NameError, after the module's code
  if (s->call_fails) {  // module_code raises it, as funcs[nfuncs]
    if (s->nfuncs == MAX_FUNCS)
      sema_error_at(s, 1, 1, DG_LIMIT, "program exceeds MAX_FUNCS (functions, the module's code one of them)");
    return;
  }
  if (e < 0) {
    sema_error_at(s, 1, 1, DG_NAME, "entry function '");
    msg_add(s->diag, entry, entry_len); msg(s->diag, "' is not defined");
    return;
  }
  char have[MAX_SIG];
  const SemaFunc* f = &s->funcs[e];
  int32_t k = signature_code(&s->types, f->nparams, f->ptype, f->ret, have);
  if (k < 0) { sema_error(s, f->def, DG_LIMIT, "entry signature exceeds MAX_SIG (type code characters)"); return; }
  if (!spans_equal(have, k, sig, sig_len)) {
    sema_error(s, f->def, DG_TYPE, "");
    msg_entry_mismatch(s->diag, entry, entry_len, have, k, sig, sig_len);
    return;
  }
  s->entry = e;
}

// CPython's message of the error every test's call raises (call_fails),
// into d: `name 'f' is not defined`, `f() takes 1 positional argument but
// 2 were given`, `f() missing 2 required positional arguments: 'b' and 'c'`.
DEVFN void call_message(const Sema* s, Diag* d) {
  if (s->call_fails == ST_NAME_ERROR) {
    msg(d, "name '"); msg_add(d, s->want_entry, s->want_entry_len); msg(d, "' is not defined");
    return;
  }
  const Node* def = nd(s, s->call_def);
  int32_t given = signature_arity(s), required = required_params(s, s->call_def);
  msg_add(d, s->want_entry, s->want_entry_len);
  if (given > def->n) {
    msg(d, required < def->n ? "() takes from " : "() takes ");
    if (required < def->n) { msg_int(d, required); msg(d, " to "); }
    msg_int(d, def->n);
    msg(d, required < def->n || def->n != 1 ? " positional arguments but " : " positional argument but ");
    msg_int(d, given);
    msg(d, given == 1 ? " was given" : " were given");
    return;
  }
  int32_t missing = required - given;
  msg(d, "() missing "); msg_int(d, missing);
  msg(d, missing == 1 ? " required positional argument: " : " required positional arguments: ");
  for (int32_t k = given; k < required; k++) {
    if (k > given) msg(d, missing == 2 ? " and " : k + 1 == required ? ", and " : ", ");
    msg(d, "'"); msg_add(d, s->src + nd(s, xtra(s, def->b + k))->pos, nd(s, xtra(s, def->b + k))->len); msg(d, "'");
  }
}

// The declarations of the program whose tree is t (root: its MODULE), for
// the entry `entry` of signature `sig`; 0 with the diagnostic in d.
DEVFN int declarations(Sema* s, const ParseTree* t, const char* src, int32_t n, const char* entry,
                            int32_t entry_len, const char* sig, int32_t sig_len, Diag* d) {
  s->t = t; s->src = src; s->n = n; s->diag = d;
  s->nfuncs = 0; s->entry = -1; s->call_fails = 0; s->call_def = -1; s->math_imported = 0; s->re_imported = 0; s->ntyping = 0; s->typing_all = 0; s->nconsts = 0;
  s->in_header = 0; s->result_at = -1; s->nfrom_math = 0; s->nlibs = 0; s->f.fn = -1; s->stop = 0; s->entry_called = 0;
  s->discovering = 0; s->fn_end = n; s->inferring = 0; s->module_n = 0; s->view_at = -1; s->whole_at = -1; s->loop_at = -1; s->union_at = -1;
  s->limit_at = -1;
  s->raise_act = -1; s->raise_parent = 0;
  s->entry_none.kind = 0; s->nforeign = 0; s->result = T_BAD; s->saw_num = 0; s->binding = 0; s->fresh_value = -1;
  s->answered_at = -1;
  s->want_entry = entry; s->want_entry_len = entry_len; s->want_sig = sig; s->want_sig_len = sig_len;
  types_init(&s->types);
  if (s->ty) for (int32_t k = 0; k < t->n_nodes; k++) s->ty[k] = -1;
  module_extent(s);
  declarations_in(s, t->root, -1, 1);
  for (int32_t k = 0; k < s->nconsts && d->cls == DG_OK; k++) {  // `f = 3` after `def f`: f is 3 for its callers
    int32_t name = s->consts[k].name, clash = node_is(s, name, "math");
    for (int32_t q = 0; q < s->nfuncs; q++)
      clash |= s->funcs[q].parent < 0 && same_text(s, xtra(s, nd(s, s->funcs[q].def)->a), name);
    if (clash) { sema_error(s, name, DG_UNSUPPORTED, "a module-level name bound twice: '"); msg_node(s, name); msg(s->diag, "'"); }
  }
  if (d->cls == DG_OK) entry_signature(s, entry, entry_len, sig, sig_len);
  return d->cls == DG_OK;
}

// ---- the module's statements

DEV Token token_at_node(const Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  Token t;
  t.kind = TK_NAME; t.start = n->pos; t.len = n->len; t.line = n->line; t.col = n->col;
  return t;
}
// The token after node i's own token (not its children's).
DEV Token next_token(const Sema* s, int32_t i) { return token_after(s, nd(s, i)->pos + nd(s, i)->len, 0); }

// import_stmt := 'import' NAME | 'from' NAME 'import' names      at module
// level: only typing (annotations) and math are known; from math, names of
// math.def, kept for the functions.
// from, nfrom: where the names of `from math import` go (the module's, or
// in a body the function's).
// Standard modules every CPython has, whose import runs no code a program
// can see: an import of one whose names the program never reads is a no-op.
DEV int quiet_module(const char* m, int32_t len) {
  const char* names[] = {"os", "sys", "re", "string", "collections", "itertools", "functools", "heapq", "bisect",
                         "operator", "copy", "random", "statistics", "json", "time", "datetime", "decimal",
                         "fractions", "hashlib", "pathlib", "array", "enum", "dataclasses", "numbers", "textwrap",
                         "unicodedata", "abc", "cmath", "struct"};
  for (int32_t k = 0; k < (int32_t)(sizeof(names) / sizeof(names[0])); k++) if (span_eq(m, len, names[k])) return 1;
  return 0;
}

// Whether NAME node `name` is an `as` name of an import (not a read of it).
DEVFN int import_as_name(const Sema* s, int32_t name) {
  for (int32_t i = 0; i < s->t->n_nodes; i++) if (nd(s, i)->kind == ND_ALIAS && nd(s, i)->a == name) return 1;
  return 0;
}

// Whether the program reads none of the names import i binds (`import a.b
// as c`: c; `import a.b`: a; `from m import x as y`: y); `*` binds any.
DEVFN int alias_unused(const Sema* s, int32_t alias) {
  if (s->src[nd(s, alias)->pos] == '*') return 0;
  for (int32_t j = 0; j < s->t->n_nodes; j++)
    if (nd(s, j)->kind == ND_NAME && j != nd(s, alias)->a && alias_binds(s, alias, j) && !import_as_name(s, j))
      return 0;
  return 1;
}
DEVFN int import_unused(const Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  for (int32_t k = 0; k < n->n; k++) if (!alias_unused(s, xtra(s, n->a + k))) return 0;
  return 1;
}

// lib_import := 'import' MODULE ['as' NAME] | 'from' MODULE 'import' FN ['as' NAME] (',' ...)*
// of library.def, by function fn (-1: the module); head: the module's
// name. Each name it binds is bound nowhere else in the program, and a
// function's import is a statement of its body's own block, so what a
// read of the name means never depends on which statements ran first.
DEVFN void lib_import(Sema* s, int32_t i, const Token* head, int32_t fn) {
  const Node* n = nd(s, i);
  int32_t mod = n->kind == ND_FROM ? n->b : -1;
  if (mod >= 0 ? head->len != nd(s, mod)->len : n->n != 1 || head->len != nd(s, xtra(s, n->a))->len) {
    Token t = token_at_node(s, i);  // `import heapq, os`, `import heapq.x`, `from heapq.x import y`
    unsupported_at(s, &t, "this form of import");
    return;
  }
  if (fn >= 0 && s->f.nopen != 1) { sema_error(s, i, DG_UNSUPPORTED, "an import inside a block"); return; }
  for (int32_t k = 0; k < n->n; k++) {
    int32_t alias = xtra(s, n->a + k), module, member;
    Token name = token_at_node(s, alias);
    if (!lib_alias_target(s, alias, mod, &module, &member)) {  // `from heapq import *`, `... import merge`
      if (alias_unused(s, alias)) continue;  // a name never read: bound in CPython, a no-op here
      unsupported_at(s, &name, s->src[name.start] == '*' ? "this form of from-import" : "");
      if (s->src[name.start] != '*') { msg_add(s->diag, s->src + head->start, head->len); msg(s->diag, "."); msg_node(s, alias); }
      return;
    }
    int32_t bound = nd(s, alias)->a >= 0 ? nd(s, alias)->a : alias;
    if (bindings_of(s, s->src + nd(s, bound)->pos, nd(s, bound)->len) != 1) {
      sema_error(s, bound, DG_UNSUPPORTED, "a name an import binds, bound again elsewhere: '");
      msg_node(s, bound); msg(s->diag, "'");
      return;
    }
  }
  lib_bind(s, i, fn);
  for (int32_t k = 0; k < n->n; k++) {
    int32_t alias = xtra(s, n->a + k), seen = 0, module, member;
    for (int32_t j = 0; j < s->nlibs; j++) seen |= s->libs[j].alias == alias;
    if (!seen && lib_alias_target(s, alias, mod, &module, &member)) {
      sema_error(s, alias, DG_LIMIT, "program exceeds MAX_LIB_BINDINGS (names imported from library modules)");
      return;
    }
  }
}

DEVFN void import_stmt(Sema* s, int32_t i, int32_t fn, int32_t* from, int32_t* nfrom) {
  const Node* n = nd(s, i);
  int32_t mod = n->kind == ND_IMPORT ? xtra(s, n->a) : n->b;
  if (mod < 0 || (n->kind == ND_FROM && n->op)) {  // `from . import x`, `from .m import x`: valid, and no module here
    sema_error(s, i, DG_UNSUPPORTED, "relative import");
    return;
  }
  Token head = token_at_node(s, mod);
  int32_t first_len = 0;  // the module's first name (the compiler reads one NAME)
  while (first_len < head.len && s->src[head.start + first_len] != '.') first_len++;
  head.len = first_len;
  const char* m = s->src + head.start;
  int math = span_eq(m, first_len, "math") || (span_eq(m, first_len, "re") && n->kind == ND_IMPORT);
  int typing = span_eq(m, first_len, "typing") || span_eq(m, first_len, "__future__");
  if (lib_module_index(m, first_len) >= 0) {
    lib_import(s, i, &head, fn);
    return;
  }
  if (!typing && !math) {
    if (quiet_module(m, first_len) && import_unused(s, i)) return;  // a no-op here as in CPython
    unsupported_at(s, &head, n->kind == ND_IMPORT ? "import of '" : "from-import of '");
    msg_add(s->diag, m, first_len); msg(s->diag, "'");
    return;
  }
  if (n->kind == ND_IMPORT) {
    Token after = token_after(s, head.start + head.len, 0);
    if (after.kind == TK_AS || after.kind == TK_COMMA || after.kind == TK_DOT) unsupported_at(s, &after, "this form of import");
    return;
  }
  if (first_len != nd(s, mod)->len) {  // `from typing.x import`: a submodule
    Token dot = token_after(s, head.start + head.len, 0);
    unsupported_at(s, &dot, "from-import of a submodule");
    return;
  }
  for (int32_t k = 0; math && k < n->n && s->diag->cls == DG_OK; k++) {
    int32_t alias = xtra(s, n->a + k);
    Token name = token_at_node(s, alias);
    if (s->src[name.start] == '*' || nd(s, alias)->a >= 0) unsupported_at(s, &name, "this form of from-import");
    else if (*nfrom == MAX_FROM_MATH) unsupported_at(s, &name, "more than 8 names from math");
    else if (!math_known(s->src + name.start, name.len)) { unsupported_at(s, &name, "math."); msg_node(s, alias); }
    else from[(*nfrom)++] = alias;
  }
}

// What follows a module-level simple statement on its line: nothing, or
// a ';' and the end of the line.
DEV int ends_line(const Sema* s, Token after) {
  if (after.kind == TK_SEMI) after = token_after(s, after.start + after.len, 0);
  return after.kind == TK_NEWLINE || after.kind == TK_EOF;
}

// The last token of a literal node (a STR's last part).
DEV int32_t literal_end(const Sema* s, int32_t v) {
  const Node* n = nd(s, v);
  if (n->kind == ND_UNARY) n = nd(s, n->a);
  if (n->kind == ND_STR) n = nd(s, xtra(s, n->a + n->n - 1));
  return n->pos + n->len;
}

// The keyword (of `kind`, len bytes) that opens a BLOCK: the word before its ':'.
DEV Token block_keyword(const Sema* s, int32_t block, int kind, int32_t len) {
  const Node* b = nd(s, block);
  int32_t at = b->pos - 1;
  while (at > 0 && (s->src[at] == ' ' || s->src[at] == '\t')) at--;
  Token t;
  t.kind = kind; t.start = at + 1 - len; t.len = len; t.line = b->line; t.col = b->col - (b->pos - t.start);
  return t;
}
// The 'else' of an orelse BLOCK.
DEV Token else_keyword(const Sema* s, int32_t block) { return block_keyword(s, block, TK_ELSE, 4); }

DEVFN void function_body(Sema* s, int32_t fi);
DEVFN void entry_none_error(Sema* s);
DEVFN void settle_result(Sema* s);

// Where the body of top-level def `def` ends: the next module-level
// statement's first token (its body's look-aheads stop there).
DEVFN int32_t def_end(const Sema* s, int32_t def) {
  const Node* m = nd(s, s->t->root);
  for (int32_t k = 0; k + 1 < m->n; k++)
    if (xtra(s, m->a + k) == def) return nd(s, first_token(s, xtra(s, m->a + k + 1)))->pos;
  return s->n;
}

// One module-level statement; a def, its body (sema_stmt.h).
// module := (funcdef | import_stmt | docstring | main_guard | module_const | 'pass')* EOF
DEVFN void module_stmt(Sema* s, int32_t i, int32_t next) {
  const Node* n = nd(s, i);
  int same_line = next >= 0 && nd(s, next)->line == n->line;  // after a ';'
  switch (n->kind) {
    case ND_DEF:
      s->fn_end = def_end(s, i);
      for (int32_t f = 0; f < s->nfuncs; f++)
        if (s->funcs[f].def == i && s->funcs[f].infer == INFER_NONE) function_body(s, f);
      s->stop = 0;  // (a give-up ends one body)
      return;
    case ND_IMPORT: case ND_FROM:
      import_stmt(s, i, -1, s->from_math, &s->nfrom_math);
      if (s->diag->cls == DG_OK && same_line) {
        Token t = token_at_node(s, first_token(s, next));
        unsupported_at(s, &t, "a statement after an import on its line");
      }
      return;
    case ND_EXPR:  // a docstring, or another lone string
      if (nd(s, n->a)->kind == ND_STR && !same_line) {
        Token after = token_after(s, literal_end(s, n->a), 0);
        if (after.kind == TK_NEWLINE || after.kind == TK_EOF) return;
      }
      break;
    case ND_PASS: {
      Token after = next_token(s, i);
      if (after.kind != TK_SEMI) return;
      unsupported_at(s, &after, "statement at module level (only def, import and docstrings)");
      return;
    }
    case ND_ASSIGN:
      if (module_const(s, i, 0)) return;
      break;
    case ND_IF:  // `if __name__ == "__main__":` never runs when the verifier calls the entry
      if (node_is(s, first_token(s, n->a), "__name__")) {
        int32_t orelse = xtra(s, n->b + 1);
        if (orelse < 0) return;
        Token t = nd(s, orelse)->kind == ND_IF ? token_at_node(s, orelse) : else_keyword(s, orelse);
        unsupported_at(s, &t, "statement at module level (only def, import and docstrings)");
        return;
      }
      break;
  }
  Token t = token_at_node(s, first_token(s, i));
  unsupported_at(s, &t, "statement at module level (only def, import and docstrings)");
}

DEVFN void module_body(Sema* s);
DEVFN void unrun_bodies(Sema* s);

// The module's statements but its functions' bodies: before the module's
// code (module_extent) one by one, then that code as a body.
DEVFN void sema_module(Sema* s) {
  const Node* m = nd(s, s->t->root);
  int32_t first = s->module_n ? s->module_at - m->a : m->n;
  for (int32_t k = 0; k < first && s->diag->cls == DG_OK; k++)
    module_stmt(s, xtra(s, m->a + k), k + 1 < m->n ? xtra(s, m->a + k + 1) : -1);
  if (s->module_n && s->diag->cls == DG_OK) module_body(s);
}

// The type pass over the program whose tree is t (root: its MODULE), for
// the entry `entry` of signature `sig` (type codes, "is>b"): its
// declarations, then its module-level statements, once more for each local
// found to hold values of two types (widen); 0 with the diagnostic in d.
DEVFN int sema_program(Sema* s, const ParseTree* t, const char* src, int32_t n, const char* entry,
                       int32_t entry_len, const char* sig, int32_t sig_len, Diag* d) {
  s->nwidened = 0;
  s->widened_none = 0;
  do {  // again while a local turns out to hold values of two types (widen)
    s->widen = 0;
    diag_clear(d);
    if (declarations(s, t, src, n, entry, entry_len, sig, sig_len, d)) sema_module(s);
  } while (s->widen);
  if (d->cls == DG_OK) unrun_bodies(s);
  if (d->cls == DG_OK && s->entry_called && s->entry_none.kind) entry_none_error(s);
  if (d->cls == DG_OK && s->nforeign) settle_result(s);
  return d->cls == DG_OK;
}
