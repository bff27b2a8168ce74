// sema_try.h: the type pass of try statements. A handler's classes become
// the set of lane statuses it catches, noted on its EXCEPT node for the
// code pass (code_try.h); the VM unwinds a raise to the innermost handler
// whose range holds it (vm.h, the program's handler table).
#pragma once
#include "sema_stmt.h"

// Every status that is a CPython exception (vm.h, catchable), which
// `except Exception:` and a bare `except:` catch.
#define CATCHES_ALL                                                                                         \
  (STATUS_BIT(ST_ZERO_DIVISION) | STATUS_BIT(ST_INDEX_ERROR) | STATUS_BIT(ST_VALUE_ERROR) |                  \
   STATUS_BIT(ST_KEY_ERROR) | STATUS_BIT(ST_ASSERTION_ERROR) | STATUS_BIT(ST_OVERFLOW_ERROR) |             \
   STATUS_BIT(ST_RECURSION_ERROR) | STATUS_BIT(ST_MEMORY_ERROR) | STATUS_BIT(ST_UNBOUND_LOCAL) |           \
   STATUS_BIT(ST_TYPE_ERROR) | STATUS_BIT(ST_ATTRIBUTE_ERROR) | STATUS_BIT(ST_NAME_ERROR) |                \
   STATUS_BIT(ST_EXCEPTION_BASE))

// The statuses a handler naming class NAME `name` catches, by CPython's
// hierarchy (LookupError is IndexError's and KeyError's base, NameError
// UnboundLocalError's, ...); -1 for a class the VM does not know.
// (OverflowError, RecursionError and MemoryError are the VM's limits too:
// a lane stopped by one is never caught, but ends for the CPython path to
// judge again, vm.h.)
DEV int32_t caught_statuses(const Sema* s, int32_t name) {
  const char* names[] = {"Exception", "BaseException", "ArithmeticError", "LookupError", "RuntimeError",
                         "ZeroDivisionError", "IndexError", "KeyError", "ValueError", "AssertionError",
                         "OverflowError", "RecursionError", "MemoryError", "NameError", "UnboundLocalError",
                         "TypeError", "AttributeError"};
  const int32_t masks[] = {
      CATCHES_ALL, CATCHES_ALL, STATUS_BIT(ST_ZERO_DIVISION) | STATUS_BIT(ST_OVERFLOW_ERROR),
      STATUS_BIT(ST_INDEX_ERROR) | STATUS_BIT(ST_KEY_ERROR), STATUS_BIT(ST_RECURSION_ERROR),
      STATUS_BIT(ST_ZERO_DIVISION), STATUS_BIT(ST_INDEX_ERROR), STATUS_BIT(ST_KEY_ERROR), STATUS_BIT(ST_VALUE_ERROR),
      STATUS_BIT(ST_ASSERTION_ERROR), STATUS_BIT(ST_OVERFLOW_ERROR), STATUS_BIT(ST_RECURSION_ERROR),
      STATUS_BIT(ST_MEMORY_ERROR), STATUS_BIT(ST_NAME_ERROR) | STATUS_BIT(ST_UNBOUND_LOCAL),
      STATUS_BIT(ST_UNBOUND_LOCAL), STATUS_BIT(ST_TYPE_ERROR), STATUS_BIT(ST_ATTRIBUTE_ERROR)};
  if (nd(s, name)->kind != ND_NAME) return -1;
  for (int32_t k = 0; k < (int32_t)(sizeof masks / sizeof masks[0]); k++)
    if (node_is(s, name, names[k])) return masks[k];
  return -1;
}

// handler_classes := NAME | '(' NAME (',' NAME)* [','] ')'      the union of
// what each catches; Unsupported for another class or expression, or a
// name the program binds itself.
DEVFN int32_t handler_classes(Sema* s, int32_t cls) {
  const Node* c = nd(s, cls);
  if (c->kind == ND_GROUP) return handler_classes(s, c->a);
  int tuple = c->kind == ND_TUPLE;
  int32_t mask = 0;
  for (int32_t k = 0; k < (tuple ? c->n : 1); k++) {
    int32_t name = tuple ? xtra(s, c->a + k) : cls;
    int32_t m = caught_statuses(s, name);
    if (m < 0 || find_local(s, name) || find_func(s, name) >= 0) {
      sema_error(s, first_token(s, name), DG_UNSUPPORTED, "except of this class");
      return -1;
    }
    mask |= m;
  }
  return mask;
}

// Whether NAME node `name`'s spelling is nowhere in the program but in
// `as` clauses of handlers: nothing reads the exception one binds, and
// CPython unbinds it when its handler ends, so the VM need not hold it.
DEVFN int only_name(const Sema* s, int32_t name) {
  int32_t names = 0, bound = 0;
  for (int32_t i = 0; i < s->t->n_nodes; i++) {
    const Node* n = nd(s, i);
    if (n->kind == ND_NAME && same_text(s, i, name)) names++;
    if (n->kind == ND_EXCEPT && xtra(s, n->b) >= 0 && same_text(s, xtra(s, n->b), name)) bound++;
  }
  return names == bound;
}

// except_clause := 'except' [handler_classes ['as' NAME]] ':' block
// whether its block can fall through; the statuses it catches noted on it
DEVFN int except_clause(Sema* s, int32_t h) {
  const Node* n = nd(s, h);
  int32_t name = xtra(s, n->b), body = xtra(s, n->b + 1);
  int32_t mask = n->a < 0 ? CATCHES_ALL : handler_classes(s, n->a);
  if (mask < 0) return 1;
  if (name >= 0 && !only_name(s, name)) {
    sema_error(s, name, DG_UNSUPPORTED, "an exception bound by 'as' and read");
    return 1;
  }
  note_type(s, h, mask);
  return block_falls(s, body);
}

// try_stmt := 'try' block except_clause+ ['else' block]      ('finally' is
// Unsupported) falls through where the body and its else block can, or a
// handler can
DEVFN int try_stmt(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  int32_t body = xtra(s, n->a), orelse = xtra(s, n->a + 1), final = xtra(s, n->a + 2);
  if (final >= 0) {
    Token t = block_keyword(s, final, TK_FINALLY, 7);
    unsupported_at(s, &t, "try ... finally");
    return 1;
  }
  s->f.ntries++;
  int falls = block_falls(s, body);
  if (orelse >= 0 && !halted(s)) falls = block_falls(s, orelse) && falls;
  for (int32_t k = 0; k < n->n && !halted(s); k++)
    if (except_clause(s, xtra(s, n->b + k))) falls = 1;
  s->f.ntries--;
  return falls;
}
