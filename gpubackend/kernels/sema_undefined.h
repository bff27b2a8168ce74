// sema_undefined.h: reads of names nothing defines, and operations on
// values that cannot have them. CPython compiles a function that reads
// such a name and raises NameError when the read runs; a program may carry
// a dead reference (a helper the model forgot to write, `math` never
// imported) and still pass every test that does not reach it. Likewise
// `len(n)`, `n[0]` or `for x in n` of an int local raise TypeError when
// they run. A statement whose first act is such a read, or such an
// operation on quiet operands, raises wherever it runs, so the VM compiles
// it as that raise and the rest of its block as nothing, where CPython
// cannot reach it either. So does the first act of
// an operand CPython may not reach (raising_operand: behind and/or, a
// conditional's branch, a comprehension's condition or item). A read that
// every run of the statement or operand reaches after other acts
// (`txt[-1] in string.ascii_letters`, `(1/3) * math.pi`) raises there too:
// those acts, each a whole operand, are compiled for their effects and
// errors, then the raise (read_after_acts). A read anywhere else (in a
// lambda, behind a call's starred argument) stays a compile-time
// NameError: the CPython path judges the program.
#pragma once
#include "sema_expr.h"

// Set in a statement's ty[] entry (or an elif clause's IF node's) where it
// raises before it does anything else: the flag and the node that raises,
// whose line the raise reports: a NAME read (NameError) or an operation
// (TypeError, type_error_act).
#define TY_NAME_ERROR (1 << 29)
// With TY_NAME_ERROR: the read comes after acts (read_after_acts), whose
// operands are compiled first.
#define TY_AFTER_ACTS (1 << 28)

// Whether nothing binds the name NAME node `name` reads: no def, parameter,
// import, assignment or loop target in any scope of the program names it
// (bindings_of), and it is neither a dunder nor one of CPython's builtins.
// Only names the type pass could not find come here.
DEVFN int defined_nowhere(const Sema* s, int32_t name) {
  const char* w = s->src + nd(s, name)->pos;
  int32_t len = nd(s, name)->len;
  return !builtin_word(w, len) && bindings_of(s, w, len) == 0;
}

// Whether NAME node i, no local, reads something bound before any call:
// a function of the program, a builtin, a module constant, or math's names
// where math is imported.
DEVFN int quiet_name(Sema* s, int32_t i) {
  return find_func(s, i) >= 0 || builtin_of(s, i) >= 0 || const_of(s, i) >= 0 || from_math_name(s, i) ||
         math_module(s, i) || re_module(s, i) || lib_read(s, i);
}

// A walk of an expression in CPython's order, to the first NAME it reads
// that nothing defines, where nothing before it can act: read(i) says of
// each NAME node i read on the way QUIET, ACTS, or i itself (that name),
// and read.lookup(i) of each attribute lookup ATTR node i QUIET or ACTS;
// the walk returns the name's node, QUIET when the expression completes
// without acting (constants, quiet reads, displays of them), or ACTS when
// something may act first (an operation, a call). The type pass walks it
// to find the name (SemaReads); the code pass again, to emit the reads of
// locals that may be unbound on the way (code_stmt.h).
enum { QUIET = -1, ACTS = -2 };
template <class Read> DEVFN int32_t first_act(const Sema* s, int32_t i, Read& read);
// Operands in order, then an operation that acts.
template <class Read> DEVFN int32_t operands_then_act(const Sema* s, int32_t a, int32_t b, Read& read) {
  int32_t r = first_act(s, a, read);
  if (r != QUIET) return r;
  r = b >= 0 ? first_act(s, b, read) : QUIET;
  return r >= 0 ? r : ACTS;
}
template <class Read> DEVFN int32_t first_act(const Sema* s, int32_t i, Read& read) {
  const Node* n = nd(s, i);
  switch (n->kind) {
    case ND_INT: case ND_FLOAT: case ND_STR: case ND_CONST: case ND_LAMBDA: return QUIET;
    case ND_NAME: return read(i);
    case ND_GROUP: return first_act(s, n->a, read);
    case ND_UNARY:  // `-12` is a constant to CPython
      if (n->op != TK_NOT && (nd(s, n->a)->kind == ND_INT || nd(s, n->a)->kind == ND_FLOAT)) return QUIET;
      return operands_then_act(s, n->a, -1, read);
    case ND_ATTR: {  // the object, then the lookup
      int32_t r = first_act(s, n->a, read);
      return r != QUIET ? r : read.lookup(i);
    }
    case ND_BINOP: return operands_then_act(s, n->a, n->b, read);
    case ND_SUBSCRIPT: {  // the object, the index, then the subscript, which may raise TypeError
      int32_t r = first_act(s, n->a, read);
      if (r == QUIET) r = first_act(s, n->b, read);
      return r == QUIET ? read.act(i) : r >= 0 ? r : ACTS;
    }
    case ND_SLICE:  // slice(lo, hi, step) of what it is given acts on nothing
      for (int32_t k = 0; k < 3; k++) {
        int32_t part = xtra(s, n->a + k), r = part >= 0 ? first_act(s, part, read) : QUIET;
        if (r != QUIET) return r;
      }
      return QUIET;
    case ND_COMPARE: return operands_then_act(s, xtra(s, n->a), xtra(s, n->a + 2), read);
    case ND_BOOLOP: return operands_then_act(s, xtra(s, n->a), -1, read);  // the rest only on its truth
    case ND_IFEXP: return operands_then_act(s, xtra(s, n->a + 1), -1, read);
    case ND_LISTCOMP: case ND_SETCOMP: case ND_DICTCOMP: case ND_GENEXP:  // the first iterable, then the loop
      return operands_then_act(s, nd(s, xtra(s, n->b))->b, -1, read);
    case ND_TUPLE: case ND_LIST:
      for (int32_t k = 0; k < n->n; k++) {
        int32_t r = first_act(s, xtra(s, n->a + k), read);
        if (r != QUIET) return r;
      }
      return QUIET;
    case ND_FSTRING:  // the fields in order; formatting an int, a float or a str does nothing else
      for (int32_t k = 0; k < n->n; k++) {
        const Node* part = nd(s, xtra(s, n->a + k));
        int32_t r = part->kind != ND_FIELD ? QUIET : first_act(s, part->a, read);
        if (r != QUIET) return r;
      }
      return QUIET;
    case ND_CALL: {
      int32_t r = first_act(s, n->a, read);
      for (int32_t k = 0; k < n->n && r == QUIET; k++) {
        int32_t arg = xtra(s, n->b + k);
        r = first_act(s, nd(s, arg)->kind == ND_KEYWORD ? nd(s, arg)->a : arg, read);
      }
      return r == QUIET ? read.act(i) : r >= 0 ? r : ACTS;
    }
  }
  return ACTS;
}

// The walk over statement i (or an elif clause's IF node: its test): the
// NAME node it reads first, where that is its first act and nothing
// defines the name, so that it raises NameError there whenever it runs;
// -1 for any other statement.
template <class Read> DEVFN int32_t name_error_walk(const Sema* s, int32_t i, Read& read) {
  const Node* n = nd(s, i);
  int32_t r = ACTS;
  switch (n->kind) {
    case ND_EXPR: case ND_RETURN: case ND_IF: case ND_WHILE: case ND_ASSERT:
      if (n->a >= 0) r = first_act(s, n->a, read);
      break;
    case ND_ASSIGN: r = first_act(s, xtra(s, n->a + n->n - 1), read); break;  // the value, then the targets
    case ND_ANNASSIGN: if (xtra(s, n->b + 1) >= 0) r = first_act(s, xtra(s, n->b + 1), read); break;
    case ND_AUGASSIGN: r = operands_then_act(s, n->a, n->b, read); break;  // the target's read first
    case ND_FOR:  // the iterable, then iter() of it
      r = first_act(s, xtra(s, n->a + 1), read);
      if (r == QUIET) r = read.act(i);
      break;
  }
  return r >= 0 ? r : -1;
}

// Whether node i, a local of type int, float or bool: a number, which has
// no length, items or iterator.
DEVFN int number_local(Sema* s, int32_t i) {
  SemaLocal* l = nd(s, i)->kind == ND_NAME ? find_local(s, i) : 0;
  return l && is_number(l->type);
}

// Whether the act of node i, its operands read quietly, raises TypeError
// whatever the values: a subscript of a number local, `for` over one, or a
// builtin that takes its one argument's length or iterator (len, sorted,
// sum, list, min, max, ...) given one.
DEVFN int type_error_act(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  if (n->kind == ND_SUBSCRIPT) return number_local(s, n->a);
  if (n->kind == ND_FOR) return number_local(s, xtra(s, n->a + 1));
  if (n->kind != ND_CALL || n->n != 1 || nd(s, n->a)->kind != ND_NAME || find_local(s, n->a) || find_func(s, n->a) >= 0)
    return 0;
  const char* takes[] = {"len", "sorted", "sum", "list", "min", "max", "enumerate", "reversed", "set", "tuple",
                         "any", "all", "zip"};
  for (int32_t k = 0; k < 13; k++)
    if (node_is(s, n->a, takes[k])) return number_local(s, xtra(s, n->b));
  return 0;
}

// Whether looking up ATTR node i on its object, a local or a str literal,
// can neither act nor raise: a method every list, or every str, has.
DEVFN int quiet_method(Sema* s, int32_t i) {
  int32_t obj = nd(s, i)->a;
  SemaLocal* l = nd(s, obj)->kind == ND_NAME ? find_local(s, obj) : 0;
  if (l && is_list(&s->types, l->type) && (list_method_id(s, i) >= 0 || node_is(s, i, "sort"))) return 1;
  return ((l && l->type == T_STR) || nd(s, obj)->kind == ND_STR) && str_method_of(s->src + nd(s, i)->pos, nd(s, i)->len) >= 0;
}

// The type pass's reads: a quiet name or a local (whose read may raise
// UnboundLocalError first, as CPython's does: the code pass checks it)
// reads quietly; a name nothing defines is the walk's answer. A lookup
// acts but for a list's or str's method on a local (quiet_method).
struct SemaReads {
  Sema* s;
  DEVM int32_t operator()(int32_t i) {
    if (find_local(s, i) || quiet_name(s, i)) return QUIET;
    return defined_nowhere(s, i) ? i : ACTS;
  }
  DEVM int32_t lookup(int32_t i) { return quiet_method(s, i) ? QUIET : ACTS; }
  DEVM int32_t act(int32_t i) { return type_error_act(s, i) ? i : ACTS; }
};
DEVFN int32_t name_error_at(Sema* s, int32_t i) {
  SemaReads read = {s};
  return name_error_walk(s, i, read);
}

// ---- a read after other acts

// The most operands of one node a read after acts is looked for through (a
// call's callee and arguments): a bound on the walk's list, no language
// limit; past it the read stays a compile-time NameError.
#define MAX_RUN_OPERANDS 16

// Node i's operands that every run of it evaluates before it acts, in
// CPython's order, into kids: a call's callee and arguments, a binary
// operation's two sides, a comparison's first two, an and/or's first,
// a conditional's test, a display's items, ... The count, or 0 where none
// is (a name, a constant, a lambda, a starred argument).
DEVFN int32_t run_operands(const Sema* s, int32_t i, int32_t* kids) {
  const Node* n = nd(s, i);
  int32_t c = 0;
  switch (n->kind) {
    case ND_GROUP: case ND_UNARY: case ND_ATTR: case ND_BOOLOP: kids[c++] = n->kind == ND_BOOLOP ? xtra(s, n->a) : n->a; break;
    case ND_BINOP: case ND_SUBSCRIPT: kids[c++] = n->a; kids[c++] = n->b; break;
    case ND_IFEXP: kids[c++] = xtra(s, n->a + 1); break;
    case ND_COMPARE: kids[c++] = xtra(s, n->a); kids[c++] = xtra(s, n->a + 2); break;
    case ND_SLICE: for (int32_t k = 0; k < 3; k++) if (xtra(s, n->a + k) >= 0) kids[c++] = xtra(s, n->a + k); break;
    case ND_TUPLE: case ND_LIST: case ND_CALL:
      if (n->n + 1 > MAX_RUN_OPERANDS) return 0;
      if (n->kind == ND_CALL) kids[c++] = n->a;
      for (int32_t k = 0; k < n->n; k++) {
        int32_t item = xtra(s, (n->kind == ND_CALL ? n->b : n->a) + k);
        if (nd(s, item)->kind == ND_STARRED) return 0;
        kids[c++] = nd(s, item)->kind == ND_KEYWORD ? nd(s, item)->a : item;
      }
      break;
  }
  return c;
}

// Whether every run of node i evaluates node `target` (run_operands).
DEVFN int runs_to(const Sema* s, int32_t i, int32_t target) {
  if (i == target) return 1;
  int32_t kids[MAX_RUN_OPERANDS];
  int32_t c = run_operands(s, i, kids);
  for (int32_t k = 0; k < c; k++) if (runs_to(s, kids[k], target)) return 1;
  return 0;
}

// The operands evaluated whole before the read of `target` in node i, in
// order, each given to unit(node, callee): callee is 1 for a call's callee
// (a function's name, or a method looked up on its object). Node i runs to
// target (runs_to).
template <class Unit> DEVFN void operands_before(const Sema* s, int32_t i, int32_t target, Unit& unit) {
  while (i != target) {
    int32_t kids[MAX_RUN_OPERANDS], next = target;
    int32_t c = run_operands(s, i, kids);
    for (int32_t k = 0; k < c; k++) {
      if (runs_to(s, kids[k], target)) { next = kids[k]; break; }
      unit(kids[k], nd(s, i)->kind == ND_CALL && k == 0);
    }
    i = next;
  }
}

// Act x's own operands, each to unit (a slice's parts one by one), after
// those of root every run evaluates before x (operands_before): what runs
// before x acts. A NAME has none: its read is the act.
template <class Unit> DEVFN void operands_through(const Sema* s, int32_t root, int32_t x, Unit& unit) {
  operands_before(s, root, x, unit);
  int32_t kids[MAX_RUN_OPERANDS];
  int32_t c = run_operands(s, x, kids);
  for (int32_t k = 0; k < c; k++) {
    if (nd(s, kids[k])->kind != ND_SLICE) { unit(kids[k], nd(s, x)->kind == ND_CALL && k == 0); continue; }
    for (int32_t q = 0; q < 3; q++) if (xtra(s, nd(s, kids[k])->a + q) >= 0) unit(xtra(s, nd(s, kids[k])->a + q), 0);
  }
}

// The call node of expression root whose argument node arg is, among the
// operands every run evaluates (run_operands), or -1.
DEVFN int32_t call_of_argument(const Sema* s, int32_t root, int32_t arg) {
  int32_t kids[MAX_RUN_OPERANDS];
  int32_t c = run_operands(s, root, kids);
  for (int32_t k = 0; k < c; k++) {
    if (kids[k] == arg) return nd(s, root)->kind == ND_CALL && k > 0 ? root : -1;
    int32_t r = call_of_argument(s, kids[k], arg);
    if (r >= 0) return r;
  }
  return -1;
}

// The type pass's operands before the read: typed as any expression; a
// callee is a function's or builtin's name, or a method every value of its
// object's type has (quiet_method), its object typed. ok: 0 once one is not.
struct SemaUnits {
  Sema* s;
  int ok;
  DEVM void operator()(int32_t i, int callee) {
    if (!ok || halted(s)) { ok = 0; return; }
    const Node* n = nd(s, i);
    if (callee && n->kind == ND_NAME) { ok = !find_local(s, i) && quiet_name(s, i); return; }
    if (callee && (n->kind != ND_ATTR || !quiet_method(s, i))) { ok = 0; return; }
    ok = expr(s, callee ? n->a : i, 0) != T_BAD;
  }
};

// The NAME node nothing defines that every run of expression i reads,
// the first in CPython's order (run_operands), or -1.
DEVFN int32_t undefined_read(Sema* s, int32_t i) {
  if (nd(s, i)->kind == ND_NAME) return !find_local(s, i) && !quiet_name(s, i) && defined_nowhere(s, i) ? i : -1;
  int32_t kids[MAX_RUN_OPERANDS];
  int32_t c = run_operands(s, i, kids);
  for (int32_t k = 0; k < c; k++) {
    int32_t r = undefined_read(s, kids[k]);
    if (r >= 0) return r;
  }
  return -1;
}

// Expression i reads a name nothing defines on every run, after acts (a
// read first is first_act's): the operands evaluated before it typed
// (SemaUnits) and i noted at node at (a statement, or i itself) as raising
// there after them. The name's node, or -1 (nothing noted).
DEVFN int32_t read_after_acts(Sema* s, int32_t at, int32_t i) {
  int32_t name = undefined_read(s, i);
  if (name < 0) return -1;
  SemaUnits units = {s, 1};
  operands_through(s, i, name, units);
  if (!units.ok || halted(s)) {  // typed as usual, the read's own error reported
    diag_clear(s->diag);
    s->stop = 0;
    return -1;
  }
  note_type(s, at, TY_NAME_ERROR | TY_AFTER_ACTS | name);
  return name;
}

// The expression statement i evaluates before anything else it does (its
// value, test or iterable), or -1.
DEV int32_t stmt_value(const Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  switch (n->kind) {
    case ND_EXPR: case ND_RETURN: case ND_IF: case ND_WHILE: case ND_ASSERT: return n->a;
    case ND_ASSIGN: return xtra(s, n->a + n->n - 1);
    case ND_ANNASSIGN: return xtra(s, n->b + 1);
    case ND_FOR: return xtra(s, n->a + 1);
  }
  return -1;
}

// ---- code CPython compiles and never runs

// What CPython's compiler rejects in code the type pass does not type (the
// rest of a block after a NameError raise, a body no run reaches:
// unrun_bodies): the SyntaxErrors the type pass reports elsewhere ('break'
// outside a loop, a repeated keyword or parameter, a bad escape, `import
// *` in a function), found in that code; and, as a refusal, the forms it
// has no rule for without types (a def in the module's code, a starred
// item, :=, a statement the language does not have, and yield or await,
// which change the whole function). Of an f-string's text only the
// escapes are checked (unrun_literal); bytes and complex literals are the
// parser's to check. loops: the loops open around node i.
// Recursive over the subtree.
DEVFN void unrun_code(Sema* s, int32_t i, int32_t loops);
DEVFN void unrun_list(Sema* s, int32_t at, int32_t n, int32_t loops) {
  for (int32_t k = 0; k < n && !halted(s); k++) if (xtra(s, at + k) >= 0) unrun_code(s, xtra(s, at + k), loops);
}
// The first of list L(at, n) (PARAMs or KEYWORDs) spelled as an earlier one, or -1.
DEV int32_t repeated_name(const Sema* s, int32_t at, int32_t n) {
  for (int32_t k = 0; k < n; k++)
    for (int32_t q = 0; q < k; q++) {
      int32_t a = xtra(s, at + q), b = xtra(s, at + k);
      int named = nd(s, b)->kind == ND_KEYWORD || nd(s, b)->kind == ND_PARAM;
      if (named && nd(s, a)->kind == nd(s, b)->kind && same_text(s, a, b)) return b;
    }
  return -1;
}
// A run of an f-string's text in unrun code: of it CPython checks only the
// escapes (escape_check: a \x, \u or \U without its hex digits, or past
// U+10FFFF, is a SyntaxError; a \N{...} names a character the VM cannot
// look up: refused), as the lexer checks those of other literals. Its text
// may be any other, as no run makes it.
DEVFN void unrun_literal(Sema* s, int32_t pi) {
  const Node* part = nd(s, pi);
  if (part->op & TF_RAW) return;
  const char* p = s->src + part->pos;
  for (int32_t i = 0; i < part->len;) {
    if (p[i++] != '\\' || i >= part->len) continue;
    int bad = escape_check(p, i + 1, part->len, p[i]);
    i++;
    if (bad == ESC_NAME) { sema_error(s, pi, DG_UNSUPPORTED, "\\N{...} escape"); return; }
    if (bad != ESC_OK) { sema_error(s, pi, DG_SYNTAX, "invalid escape in string literal"); return; }
  }
}

DEVFN void unrun_code(Sema* s, int32_t i, int32_t loops) {
  const Node* n = nd(s, i);
  int32_t twice;
  switch (n->kind) {
    case ND_BLOCK: case ND_TUPLE: case ND_LIST: case ND_SET: case ND_DICT: case ND_BOOLOP: case ND_COMPARE:
    case ND_ASSIGN: case ND_DEL:
      return unrun_list(s, n->a, n->n, loops);
    case ND_IF: case ND_WHILE: case ND_FOR:
      if (n->kind == ND_FOR) unrun_list(s, n->a, 2, loops); else unrun_code(s, n->a, loops);
      unrun_list(s, n->b, 1, loops + (n->kind != ND_IF));
      return unrun_list(s, n->b + 1, 1, loops);
    case ND_BREAK: case ND_CONTINUE:
      if (loops == 0) sema_error(s, i, DG_SYNTAX, n->kind == ND_BREAK ? "'break' outside loop" : "'continue' not properly in loop");
      return;
    case ND_CALL:
      if ((twice = repeated_name(s, n->b, n->n)) >= 0) {
        sema_error(s, twice, DG_SYNTAX, "keyword argument repeated: "); msg_node(s, twice);
        return;
      }
      unrun_code(s, n->a, loops);
      for (int32_t k = 0, dstar = 0; k < n->n && !halted(s); k++) {  // `*it` is valid before any `**d` (f(*rows))
        const Node* a = nd(s, xtra(s, n->b + k));
        int star = a->kind == ND_STARRED && a->op == TK_STAR && !dstar;
        dstar |= a->kind == ND_STARRED && !star;
        unrun_code(s, star ? a->a : xtra(s, n->b + k), loops);
      }
      return;
    case ND_LAMBDA:
      if ((twice = repeated_name(s, n->b, n->n)) >= 0)
        return sema_error(s, twice, DG_SYNTAX, "duplicate argument in function definition");
      for (int32_t k = 0; k < n->n && !halted(s); k++)  // the defaults
        if (nd(s, xtra(s, n->b + k))->b >= 0) unrun_code(s, nd(s, xtra(s, n->b + k))->b, loops);
      return unrun_code(s, n->a, 0);
    case ND_FSTRING: return unrun_list(s, n->a, n->n, loops);
    case ND_FTEXT: unrun_literal(s, i); return;  // (the lexer checks other literals' escapes)
    case ND_FIELD: return unrun_code(s, n->a, loops);
    case ND_RETURN:
      if (in_module_code(s)) return sema_error(s, i, DG_SYNTAX, "'return' outside function");
      if (n->a >= 0) unrun_code(s, n->a, loops);
      return;
    case ND_EXPR: case ND_GROUP: case ND_UNARY: case ND_ATTR: case ND_KEYWORD: case ND_COMPIF:
      if (n->a >= 0) unrun_code(s, n->a, loops);
      return;
    case ND_AUGASSIGN: case ND_ASSERT: case ND_BINOP: case ND_SUBSCRIPT: case ND_COMPFOR: case ND_RAISE:
      if (n->a >= 0) unrun_code(s, n->a, loops);
      if (n->b >= 0) unrun_code(s, n->b, loops);
      return;
    case ND_ANNASSIGN: unrun_code(s, n->a, loops); return unrun_list(s, n->b, 2, loops);
    case ND_TRY: unrun_list(s, n->a, 3, loops); return unrun_list(s, n->b, n->n, loops);
    case ND_EXCEPT:
      if (n->a >= 0) unrun_code(s, n->a, loops);
      return unrun_list(s, n->b + 1, 1, loops);
    case ND_IFEXP: case ND_SLICE: return unrun_list(s, n->a, 3, loops);
    case ND_LISTCOMP: case ND_SETCOMP: case ND_GENEXP: case ND_DICTCOMP:
      if (n->kind == ND_DICTCOMP) unrun_list(s, n->a, 2, loops);
      else unrun_code(s, n->a, loops);
      return unrun_list(s, n->b, n->n, loops);
    case ND_UNSUPPORTED:
      if (n->op == UN_STATEMENT || n->op == UN_YIELD || n->op == UN_AWAIT) refuse_unsupported(s, i);
      return;
    case ND_FROM:  // `from m import *` binds names a function's compiled code cannot know
      for (int32_t k = 0; k < n->n; k++)
        if (s->src[nd(s, xtra(s, n->a + k))->pos] == '*' && !in_module_code(s))
          return sema_error(s, xtra(s, n->a + k), DG_SYNTAX, "import * only allowed at module level");
      return;
    case ND_DEF:  // in a function: its parameters (annotations, defaults), result annotation, then body in no loop
      if (in_module_code(s)) { refuse_form(s, i); return; }  // (where a return in its body reads as the module's)
      if ((twice = repeated_name(s, n->b, n->n)) >= 0)
        return sema_error(s, twice, DG_SYNTAX, "duplicate argument in function definition");
      for (int32_t k = 0; k < n->n && !halted(s); k++) {
        const Node* p = nd(s, xtra(s, n->b + k));
        if (p->a >= 0) unrun_code(s, p->a, loops);
        if (p->b >= 0 && !halted(s)) unrun_code(s, p->b, loops);
      }
      if (xtra(s, n->a + 1) >= 0 && !halted(s)) unrun_code(s, xtra(s, n->a + 1), loops);
      if (!halted(s)) unrun_code(s, xtra(s, n->a + 2), 0);
      return;
    case ND_STARRED: case ND_WALRUS:
      refuse_form(s, i);
      return;
  }
}

// The bodies no run reaches: every function the type pass left untyped (a
// helper never called, a def nothing reads), checked as unrun code in its
// own function (where a return is in one).
DEVFN void unrun_bodies(Sema* s) {
  int32_t fn = s->f.fn;
  for (int32_t f = 0; f < s->nfuncs && !halted(s); f++)
    if (s->funcs[f].infer == INFER_WAITING) {
      s->f.fn = f;
      unrun_code(s, xtra(s, nd(s, s->funcs[f].def)->a + 2), 0);
    }
  s->f.fn = fn;
}

// An operand CPython may not reach (one after the first of and/or, a
// branch of a conditional expression, a comprehension's condition, an
// any/all generator's item) whose first act reads a name nothing defines:
// it raises NameError there when it runs, noted as a statement's raise is,
// and the rest of it is code CPython never runs. The name's node, or -1
// for any other operand (typed as usual by the caller).
DEVFN int32_t raising_operand(Sema* s, int32_t i) {
  SemaReads read = {s};
  int32_t name = first_act(s, i, read);
  if (name >= 0 && !halted(s)) note_type(s, i, TY_NAME_ERROR | name);
  else if (name == ACTS && !halted(s)) name = read_after_acts(s, i, i);
  if (name < 0 || halted(s)) return -1;
  unrun_code(s, i, s->f.nloops);
  return name;
}

// statement i raises NameError at NAME node `name` (name_error_at): noted
// for the code pass; the statement's own parts after the read are code
// CPython compiles and never runs.
DEVFN void raises_name_error(Sema* s, int32_t i, int32_t name) {
  note_type(s, i, TY_NAME_ERROR | name);
  unrun_code(s, i, s->f.nloops);
}
