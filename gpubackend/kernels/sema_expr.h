// sema_expr.h: the type pass over expressions (sema_stmt.h, statements,
// reads it): names, literals, operators, calls of functions, builtins and
// methods, comprehensions, and the look aheads that learn what an empty
// list holds or what a variable holding None will. Each is typed in the
// order a reader of the source meets its parts, so the first diagnostic is
// the first in that order. What the language does not have is a diagnostic
// at the node where the pass meets it (refuse_form).
#pragma once
#include "sema.h"
#include "printf.h"

DEV int halted(const Sema* s) { return s->diag->cls != DG_OK || s->stop; }

// The error about to be reported at act i (or, with parent, at the call
// whose argument i is) is CPython's on every run that reaches it, for every
// value of its operands' types (raise_act).
DEV void sure_raise(Sema* s, int32_t i, int parent, int32_t t) {
  if (s->diag->cls != DG_OK || s->stop || s->discovering || !is_number(t)) return;
  s->raise_act = i;
  s->raise_parent = parent;
}

// A form the language does not have, met at node i: Unsupported there,
// worded by its first token (a starred item: valid in a display or a call,
// and where CPython refuses it, as in `x = *xs`, its compiler does, which
// the CPython path reports). While a look ahead is typing a later use, its
// caller restores the diagnostic and refuses at the read.
DEV int32_t refuse_form(Sema* s, int32_t i) {
  if (s->diag->cls == DG_OK && !s->stop) {
    if (nd(s, i)->kind == ND_STARRED) sema_error_tok(s, i, DG_UNSUPPORTED, "unpacking with '*'");
    else sema_error_tok(s, first_token(s, i), DG_UNSUPPORTED, "this form of the construct");
  }
  s->stop = 1;
  return T_BAD;
}
// An UNSUPPORTED node (parse.h), refused in its place.
DEV int32_t refuse_unsupported(Sema* s, int32_t i) {
  const char* what[] = {
#define UN_WORDS(id, words) words,
    UNSUPPORTED_FORMS(UN_WORDS)
#undef UN_WORDS
  };
  sema_error(s, i, DG_UNSUPPORTED, what[nd(s, i)->op]);
  if (nd(s, i)->op == UN_STATEMENT) { msg_node(s, i); msg(s->diag, "'"); }
  return T_BAD;
}
// A limit met at node i: LimitError "program exceeds <which>".
DEV int32_t over_limit(Sema* s, int32_t i, const char* which) {
  if (s->diag->cls == DG_OK && !s->stop) {
    sema_error(s, i, DG_LIMIT, "program exceeds ");
    msg(s->diag, which);
  }
  s->stop = 1;
  return T_BAD;
}
DEV int before(const Sema* s, int32_t i, int32_t j) {
  const Node *a = nd(s, i), *b = nd(s, j);
  return a->line < b->line || (a->line == b->line && a->col < b->col);
}

DEV int intlike(int32_t t) { return t == T_INT || t == T_BOOL; }
DEV int number(int32_t t) { return intlike(t) || t == T_FLOAT; }
// A number of any static type, int | float (T_NUM) included.
DEV int any_number(int32_t t) { return number(t) || t == T_NUM; }
// Whether values of types a and b, which differ, are both int | float
// (an int, a float or a num; a bool keeps its class, which no num holds).
DEV int num_pair(int32_t a, int32_t b) {
  return (a == T_INT || a == T_FLOAT || a == T_NUM) && (b == T_INT || b == T_FLOAT || b == T_NUM);
}

// A type with no Optional anywhere in it (an empty list's unknown item type is fine).
DEVFN int no_optional(const TypeTable* tt, int32_t t) {
  if (t == T_BAD || is_opt(tt, t)) return 0;
  if (t < N_SCALARS) return 1;
  const TypeDef* d = &tt->t[t];
  if (d->kind == TY_TUPLE) {
    for (int32_t k = 0; k < d->n; k++) if (!no_optional(tt, d->items[k])) return 0;
    return 1;
  }
  return no_optional(tt, d->elem);
}
DEV int unknown_items(const TypeTable* tt, int32_t t) {
  return (is_seq(tt, t) || is_set(tt, t) || is_dict(tt, t)) && elem_of(tt, t) == T_UNK;
}

// The item type of a list read from (t: its item type): an empty display's
// is not known.
DEV int32_t item_type(Sema* s, int32_t at, int32_t t) {
  if (t != T_UNK) return t;
  sema_error(s, at, DG_TYPE, "the item type of this empty list is not known here; annotate it (xs: list[int] = [])");
  return T_BAD;
}

// A tuple whose items have one type, iterated, searched or summed: a list
// of them (tuple_as_list); any other type is itself.
DEV int32_t tuple_list(Sema* s, int32_t at, int32_t t) {
  int32_t e = tuple_common(&s->types, t);
  return e == T_BAD ? t : checked(s, at, type_list(&s->types, e));
}

// A tuple iterated whose items have no one type (or none at all): CPython
// iterates it, the VM's typed loop cannot.
DEV int32_t tuple_unlike(Sema* s, int32_t at, int32_t t) {
  sema_error(s, at, DG_UNSUPPORTED, "iterating a "); msg_type_in(s->diag, &s->types, t);
  msg(s->diag, " (its items have no one type)");
  return T_BAD;
}

DEV int32_t unify(Sema* s, int32_t a, int32_t b) {
  if (type_fits(&s->types, a, b)) return a;
  if (type_fits(&s->types, b, a)) return b;
  return T_BAD;
}

// ---- Optionals

DEV int block_open(const Sema* s, int32_t serial) {
  for (int32_t k = s->f.nopen - 1; k >= 0; k--) if (s->f.open_blocks[k] == serial) return 1;
  return 0;
}
DEV int32_t current_block(const Sema* s) { return s->f.nopen ? s->f.open_blocks[s->f.nopen - 1] : 0; }
DEV void narrow(Sema* s, SemaLocal* l, int32_t serial) { l->narrow_in = serial; l->narrow_loops = s->f.nloops; }

// An Optional[T] where CPython would raise TypeError on None (an operand, a
// builtin's argument, a subscripted or iterated value): its T, checked at
// run time. One whose T no assignment told yet is not typed yet.
DEV int32_t decay(Sema* s, int32_t at, int32_t t) {
  if (!is_opt(&s->types, t)) return t;
  return elem_of(&s->types, t) == T_UNK ? refuse_form(s, at) : elem_of(&s->types, t);
}

// Whether a value of type `have` may stand where `want` is: the same type,
// an empty list where a list is wanted, None or a T where Optional[T] is,
// an int or a float where an int | float is.
DEV int coercible(const Sema* s, int32_t want, int32_t have) {
  if (type_fits(&s->types, want, have)) return 1;
  if (want == T_NUM) return have == T_INT || have == T_FLOAT;  // a bool would lose its class
  if (tuple_holds(&s->types, want, have)) return 1;  // tuples of fixed items and of any length (sema_tuple.h)
  if (is_union(&s->types, want)) {  // (a list made a member's list of int | float must be new: fresh_nums)
    int32_t m = union_member(&s->types, want, have);
    return m >= 0 && !(is_list(&s->types, have) && num_holds(&s->types, s->types.t[want].items[m], have));
  }
  if (!is_opt(&s->types, want)) return 0;
  return have == T_NONE || type_fits(&s->types, elem_of(&s->types, want), have);
}

// "<what><a> and <b>" at node i (b T_BAD: a alone).
DEV int32_t type_error2(Sema* s, int32_t i, const char* what, int32_t a, int32_t b) {
  sema_error(s, i, DG_TYPE, what);
  msg_type_in(s->diag, &s->types, a);
  if (b != T_BAD) { msg(s->diag, " and "); msg_type_in(s->diag, &s->types, b); }
  return T_BAD;
}

// ---- names

DEV SemaLocal* find_local(Sema* s, int32_t name) {
  for (int32_t k = s->f.nlocals - 1; k >= 0; k--) if (same_text(s, s->f.locals[k].name, name)) return &s->f.locals[k];
  return 0;
}
// Whether node i is `NAME is None` (want_not 0) or `NAME is not None` (1),
// NAME an Optional local: that local, else null (none_test).
DEVFN SemaLocal* none_test(Sema* s, int32_t i, int want_not) {
  const Node* n = nd(s, i);
  if (n->kind != ND_COMPARE || n->n != 3) return 0;
  int32_t x = xtra(s, n->a), op = xtra(s, n->a + 1), r = xtra(s, n->a + 2);
  if (nd(s, x)->kind != ND_NAME || nd(s, op)->op != (want_not ? (int)CMP_IS_NOT : (int)TK_IS)) return 0;
  if (nd(s, r)->kind != ND_CONST || nd(s, r)->op != TK_NONE) return 0;
  SemaLocal* l = find_local(s, x);
  return l && is_opt(&s->types, l->type) ? l : 0;
}

DEV int called_here(const Sema* s, int32_t name) {
  for (int32_t k = 0; k < s->f.ncalled; k++) if (same_text(s, s->f.called[k], name)) return 1;
  return 0;
}
// A name called, or read as a module-level name: a later local of that
// name would change what it means (Python's scope is the whole function).
DEV int note_called(Sema* s, int32_t name) {
  if (called_here(s, name)) return 1;
  if (s->f.ncalled >= MAX_CALLED) { over_limit(s, name, "MAX_CALLED (distinct names called in one function)"); return 0; }
  s->f.called[s->f.ncalled++] = name;
  return 1;
}
// Whether the body being typed is the module's code (sema_module).
DEV int in_module_code(const Sema* s) { return s->f.fn == s->nfuncs; }
DEVFN int known_to_functions(const Sema* s, int32_t name);
DEV SemaLocal* declare_local(Sema* s, int32_t name, int32_t type) {
  if (in_module_code(s) && known_to_functions(s, name)) {
    sema_error(s, name, DG_UNSUPPORTED, "a module-level store of a name the functions know: '");
    msg_node(s, name); msg(s->diag, "'");
    return 0;
  }
  if (s->f.nlocals >= MAX_LOCALS && s->limit_at < 0) { over_limit(s, name, "MAX_LOCALS (local variables)"); return 0; }
  if (s->f.nlocals >= MAX_LOCALS) {
    sema_error(s, first_token(s, s->limit_at), DG_LIMIT, "program exceeds MAX_LOCALS (local variables)");
    return 0;
  }
  if (called_here(s, name)) {
    sema_error(s, name, DG_UNSUPPORTED, "a local variable named like a function or constant used earlier in this function: '");
    msg_node(s, name); msg(s->diag, "'");
    return 0;
  }
  SemaLocal* l = &s->f.locals[s->f.nlocals++];
  l->name = name; l->type = type; l->narrow_in = 0; l->narrow_loops = 0;
  note_type(s, name, type);
  return l;
}
// The program's top-level function of this name, or -1.
DEV int32_t find_function(const Sema* s, int32_t name) {
  for (int32_t k = 0; k < s->nfuncs; k++)
    if (s->funcs[k].parent < 0 && same_text(s, xtra(s, nd(s, s->funcs[k].def)->a), name)) return k;
  return -1;
}
DEV int32_t builtin_of(const Sema* s, int32_t name) {
  return name < 0 ? -1 : builtin_index(s->src + nd(s, name)->pos, nd(s, name)->len);
}
DEV int32_t const_of(const Sema* s, int32_t name) {
  for (int32_t k = 0; k < s->nconsts; k++) if (same_text(s, s->consts[k].name, name)) return k;
  return -1;
}
// Whether a name is one of `from math import`: of this function, of its
// enclosing one (a nested def), or of the module.
DEV int from_math_name(const Sema* s, int32_t name) {
  int nested = s->f.fn >= 0 && s->funcs[s->f.fn].parent >= 0;
  for (int32_t k = 0; k < s->f.nfrom_math; k++) if (same_text(s, s->f.from_math[k], name)) return 1;
  for (int32_t k = 0; nested && k < s->saved.nfrom_math; k++) if (same_text(s, s->saved.from_math[k], name)) return 1;
  for (int32_t k = 0; k < s->nfrom_math; k++) if (same_text(s, s->from_math[k], name)) return 1;
  return 0;
}

// Whether a module-level store of NAME node `name` could change what a
// function does: it names a function, a constant, an import, or a builtin
// whose name a function may read. A function that reads any other global
// was refused when it was typed (the name is not one it can resolve).
DEVFN int known_to_functions(const Sema* s, int32_t name) {
  if (find_function(s, name) >= 0 || const_of(s, name) >= 0 || typing_imported(s, name) ||
      node_is(s, name, "math"))
    return 1;
  for (int32_t k = 0; k < s->nfrom_math; k++) if (same_text(s, s->from_math[k], name)) return 1;
  if (builtin_of(s, name) < 0) return 0;
  int32_t start = module_code_pos(s);
  for (int32_t i = 0; i < s->t->n_nodes; i++)
    if (nd(s, i)->kind == ND_NAME && nd(s, i)->pos < start && same_text(s, i, name)) return 1;
  return 0;
}

// NAME node obj is module `name` here: imported at module level
// (`module`), by this function (`own`) or by the one a nested def is in
// (`enclosing`), and no local of its name.
DEV int module_read(Sema* s, int32_t obj, const char* name, int module, int own, int enclosing) {
  int nested = s->f.fn >= 0 && s->funcs[s->f.fn].parent >= 0;
  int imported = module || own || (nested && enclosing);
  return nd(s, obj)->kind == ND_NAME && node_is(s, obj, name) && !find_local(s, obj) && imported;
}
DEV int math_module(Sema* s, int32_t obj) {
  return module_read(s, obj, "math", s->math_imported, s->f.fn_math, s->saved.fn_math);
}
DEV int re_module(Sema* s, int32_t obj) { return module_read(s, obj, "re", s->re_imported, s->f.fn_re, s->saved.fn_re); }

// A look ahead that can't type the later use it needs: Unsupported at the read.
DEV void cannot_learn(Sema* s, int32_t read) {
  if (s->diag->cls == DG_OK && !s->stop) {
    sema_error(s, read, DG_UNSUPPORTED, "a variable whose type a later use tells, in a use that can't be typed: '");
    msg_node(s, read); msg(s->diag, "'");
  }
  s->stop = 1;
}

DEVFN void learn_list_type(Sema* s, SemaLocal* l, int32_t read);
DEVFN void learn_dict_type(Sema* s, SemaLocal* l, int32_t read);
DEVFN void learn_optional_type(Sema* s, SemaLocal* l, int32_t read);
DEVFN int32_t find_func(Sema* s, int32_t name);
DEVFN int32_t math_fn(Sema* s, int32_t name, int32_t call);
DEVFN int32_t re_fn(Sema* s, int32_t name, int32_t call, int compiled);
DEVFN int32_t match_method(Sema* s, int32_t call);
DEV const LibBinding* lib_read(Sema* s, int32_t i);
DEV int lib_module(Sema* s, int32_t i);
DEV int32_t lib_member_read(Sema* s, int32_t i);
DEVFN int32_t lib_call(Sema* s, int32_t call, int32_t f);
DEVFN int32_t lib_attribute(Sema* s, int32_t attr, int32_t call);

// name := NAME      a read: a local, a module constant, or an error. A
// local holding an empty list learns its item type from a later use
// (learn: but where the read is that use, `xs.append(x)`).
DEVFN int32_t name_read(Sema* s, int32_t i, int learn = 1) {
  SemaLocal* l = find_local(s, i);
  if (l && is_opt(&s->types, l->type) && elem_of(&s->types, l->type) == T_UNK) {  // None so far
    learn_optional_type(s, l, i);
    int k = token_after(s, nd(s, i)->pos + nd(s, i)->len, 1).kind;  // tested against None, it needs no T
    if (!halted(s) && elem_of(&s->types, l->type) == T_UNK && k != TK_IS && k != TK_EQEQ && k != TK_NE) {
      sema_error(s, i, DG_TYPE, "the type of '"); msg_node(s, i);
      msg(s->diag, "' is not known here (only None so far); annotate it: "); msg_node(s, i);
      msg(s->diag, ": Optional[int] = None");
      return T_BAD;
    }
  }
  if (l && learn && unknown_items(&s->types, l->type)) {
    if (is_dict(&s->types, l->type)) learn_dict_type(s, l, i);
    else learn_list_type(s, l, i);
  }
  if (l && l->narrow_in && block_open(s, l->narrow_in) && s->f.nloops == l->narrow_loops) return decay(s, i, l->type);
  if (l) return halted(s) ? T_BAD : l->type;
  if (from_math_name(s, i)) return note_called(s, i) ? math_fn(s, i, -1) : T_BAD;
  int64_t lib_value;
  if (lib_read(s, i) && lib_const(lib_read(s, i)->member, &lib_value)) return T_INT;  // `from sys import maxsize`
  if (lib_read(s, i)) {
    sema_error(s, i, DG_UNSUPPORTED, "a library module or function used as a value: '"); msg_node(s, i);
    msg(s->diag, "'");
    return T_BAD;
  }
  if (find_func(s, i) != -1 || builtin_of(s, i) >= 0) {
    sema_error(s, i, DG_UNSUPPORTED, "a function used as a value: '"); msg_node(s, i); msg(s->diag, "'");
    return T_BAD;
  }
  if (s->f.fn >= 0 && s->funcs[s->f.fn].parent >= 0)  // a nested def
    for (int32_t k = 0; k < s->saved.nlocals; k++)
      if (same_text(s, s->saved.locals[k].name, i)) {
        sema_error(s, i, DG_UNSUPPORTED, "a nested def reading '"); msg_node(s, i);
        msg(s->diag, "' of its enclosing function");
        return T_BAD;
      }
  int32_t k = const_of(s, i);
  if (k >= 0) {
    if (s->consts[k].twice) { sema_error(s, i, DG_UNSUPPORTED, "a module-level name assigned twice"); return T_BAD; }
    if (!note_called(s, i)) return T_BAD;
    return s->consts[k].type;
  }
  sema_error(s, i, DG_NAME, "name '"); msg_node(s, i); msg(s->diag, "' is not defined");
  return T_BAD;
}

// ---- expressions

DEVFN int32_t expr(Sema* s, int32_t i, int cond);
DEVFN int32_t find_func(Sema* s, int32_t name);
DEVFN int32_t builtin_call(Sema* s, int32_t call, int32_t name);
DEVFN int32_t next_call(Sema* s, int32_t call);
DEVFN int32_t method_call(Sema* s, int32_t call);
DEVFN int32_t sum_any_all(Sema* s, int32_t call);
DEVFN int32_t sequence_builtin(Sema* s, int32_t call);
DEVFN int32_t attribute(Sema* s, int32_t i);
DEVFN int32_t walrus(Sema* s, int32_t i);
DEVFN int sort_args(Sema* s, int32_t call, int32_t first, int32_t elem);
DEVFN int32_t builtin_args(Sema* s, int32_t call, int32_t* ts, int keep_opt);
DEVFN int32_t set_display(Sema* s, int32_t i);
DEVFN int32_t set_call(Sema* s, int32_t call);
DEVFN int32_t set_method(Sema* s, int32_t call, int32_t t, SemaLocal* origin);
DEVFN int32_t set_binary(Sema* s, int32_t op, int kind, int32_t a, int32_t b);
DEVFN int32_t dict_display(Sema* s, int32_t i);
DEVFN int32_t dict_of(Sema* s, int32_t at, int32_t key, int32_t value);
DEVFN int32_t dict_call(Sema* s, int32_t call);
DEVFN int32_t dict_subscript(Sema* s, int32_t i, int32_t t);
DEVFN int32_t dict_method(Sema* s, int32_t call, int32_t t, SemaLocal* origin);
DEVFN void learn_dict_type(Sema* s, SemaLocal* l, int32_t read);
DEVFN int32_t raising_operand(Sema* s, int32_t i);
DEVFN int widen(Sema* s, int32_t name, int32_t fn, const char* holds);
DEVFN int32_t vtuple_concat(Sema* s, int32_t op, int32_t a, int32_t b);
DEVFN int32_t tuple_concat(Sema* s, int32_t op, int32_t a, int32_t b);
DEVFN int32_t tuple_repeat(Sema* s, int32_t op, int32_t t);
DEVFN int32_t vtuple_method(Sema* s, int32_t call, int32_t t);
DEVFN int32_t tuple_call(Sema* s, int32_t name, int32_t list);
DEVFN int32_t tuples_meet(Sema* s, int32_t at, int32_t a, int32_t b);
DEVFN int32_t list_method(Sema* s, int32_t call, int32_t t, SemaLocal* origin);
// Expression i, returned from a function whose result is the union u: a
// conditional expression there may have a branch of each member.
DEVFN int32_t union_expr(Sema* s, int32_t i, int32_t u) {
  int32_t was = s->union_at, was_want = s->union_want;
  s->union_at = i;
  s->union_want = u;
  while (nd(s, s->union_at)->kind == ND_GROUP) s->union_at = nd(s, s->union_at)->a;
  int32_t t = expr(s, i, 0);
  s->union_at = was;
  s->union_want = was_want;
  return t;
}

// Expression i where a dict view may stand (sema_dict.h): its type.
DEVFN int32_t view_expr(Sema* s, int32_t i) {
  int32_t was = s->view_at;
  s->view_at = i;
  while (nd(s, s->view_at)->kind == ND_GROUP) s->view_at = nd(s, s->view_at)->a;
  int32_t t = expr(s, i, 0);
  s->view_at = was;
  return t;
}

// Whether one string literal's escapes decode to ASCII (str_decode): 0,
// -1 for a non-ASCII result, -2 for a \x escape without two hex digits.
DEVFN int string_escapes_span(const char* p, int32_t i, int32_t end);
DEVFN int string_escapes(const Sema* s, const Node* part) {
  const char* p = s->src + part->pos;
  int32_t b = 0, e = part->len;
  if (part->op & TF_RAW) return 0;
  if (part->kind != ND_FTEXT) literal_body(p, part->len, &b, &e);
  return string_escapes_span(p, b, e);
}
DEVFN int string_escapes_span(const char* p, int32_t i, int32_t end) {
  while (i < end) {
    if (p[i++] != '\\') continue;
    char e = p[i++];
    if (e == 'u' || e == 'U' || e == 'N') return -1;
    if (e == 'x') {
      if (!(i + 1 < end + 1 && hexval(p[i]) >= 0 && hexval(p[i + 1]) >= 0)) return -2;
      if (hexval(p[i]) * 16 + hexval(p[i + 1]) >= 128) return -1;
      i += 2;
    } else if (e >= '0' && e <= '7') {
      int32_t v = e - '0';
      for (int k = 0; k < 2 && i < end && p[i] >= '0' && p[i] <= '7'; k++) v = v * 8 + (p[i++] - '0');
      if (v >= 128) return -1;
    }
  }
  return 0;
}

// One literal piece of a string (a STRPART, or an FTEXT of an f-string):
// ASCII once its escapes are decoded, or an error and 0.
DEVFN int literal_piece(Sema* s, int32_t pi) {
  const Node* part = nd(s, pi);
  int e = part->op & TF_NON_ASCII ? -1 : string_escapes(s, part);
  if (e == -1) sema_error(s, pi, DG_UNSUPPORTED, "non-ASCII string");
  if (e == -2) sema_error(s, pi, DG_SYNTAX, "invalid \\x escape in string literal");
  return e == 0;
}

// strings := STRING+      (adjacent literals concatenate): a str of ASCII
DEVFN int32_t string_type(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  for (int32_t k = 0; k < n->n; k++) {
    int32_t pi = xtra(s, n->a + k);
    if (k == 8) { sema_error(s, pi, DG_UNSUPPORTED, "more than 8 adjacent string literals"); return T_BAD; }
    if (!literal_piece(s, pi)) return T_BAD;
  }
  return T_STR;
}

// Whether repr() writes a value of type t (repr.h): an int, bool, float,
// str or None, and lists, tuples and Optionals of them. str() of each is
// the same but for a str itself.
DEVFN int reprable(const TypeTable* tt, int32_t t) {
  if (any_number(t) || t == T_STR || t == T_NONE) return 1;
  if (is_tuple(tt, t)) {
    for (int32_t k = 0; k < tt->t[t].n; k++) if (!reprable(tt, tt->t[t].items[k])) return 0;
    return 1;
  }
  if (is_list(tt, t) && elem_of(tt, t) == T_UNK) return 1;  // a list no item has been put in yet
  return (is_list(tt, t) || is_vtuple(tt, t) || is_opt(tt, t)) && reprable(tt, elem_of(tt, t));
}

// fstring := (STRING | FSTRING)+      a str: its text, and each field's
// value as format(x, '') makes it, which is str(x) of what repr() writes
// (reprable); !r and !a are repr(x) (the same as ascii(x) on the ASCII
// strs the VM writes). A field's plain format spec formats an int, a bool
// or a str (after its conversion, a str) as format(x, spec) does (format.h).
DEVFN int32_t fstring(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  for (int32_t k = 0; k < n->n; k++) {
    int32_t pi = xtra(s, n->a + k);
    const Node* part = nd(s, pi);
    if (part->kind != ND_FIELD) {
      if (!literal_piece(s, pi)) return T_BAD;
      continue;
    }
    if (part->op & FIELD_REFUSED) { sema_error(s, pi, DG_UNSUPPORTED, "f-string format spec or '='"); return T_BAD; }
    int32_t t = expr(s, part->a, 0);
    if (t == T_BAD) return T_BAD;
    int conv = part->op & FIELD_CONV_MASK;
    // an int | float's spec is its class's (format.h): not known here
    if (!reprable(&s->types, t) || (t == T_NUM && part->b >= 0)) {
      sema_error(s, pi, DG_UNSUPPORTED, conv >= FIELD_CONV_R ? "f-string field !r or !a of " : "f-string field of ");
      msg_type_in(s->diag, &s->types, t);
      return T_BAD;
    }
    if (part->b >= 0 && !conv && !(number(t) || t == T_STR)) {  // format(x, spec): format.h, format_float.h
      sema_error(s, part->b, DG_UNSUPPORTED, "f-string format spec of ");
      msg_type_in(s->diag, &s->types, t);
      return T_BAD;
    }
  }
  return T_STR;
}

DEVFN int32_t literal(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  if (n->kind == ND_FLOAT) return T_FLOAT;
  if (n->kind == ND_STR) return string_type(s, i);
  if (n->kind == ND_INT) {
    if ((n->op & TF_INT_BIG) || n->b < 0) {
      sema_error(s, i, DG_UNSUPPORTED, "integer literal beyond 64 bits");
      return T_BAD;
    }
    return T_INT;
  }
  if (n->op == TK_DOT) { sema_error(s, i, DG_UNSUPPORTED, "Ellipsis"); return T_BAD; }
  return n->op == TK_NONE ? T_NONE : T_BOOL;
}

// unary := ('-' | '+' | '~') unary | 'not' unary      (-<int literal> is a literal)
DEVFN int32_t unary(Sema* s, int32_t i, int cond) {
  const Node* n = nd(s, i);
  const Node* x = nd(s, n->a);
  if (n->op == TK_NOT) {
    if (expr(s, n->a, 1) == T_BAD) return T_BAD;
    return T_BOOL;
  }
  if (n->op == TK_MINUS && x->kind == ND_INT && !(x->op & TF_INT_BIG)) return T_INT;
  int32_t t = expr(s, n->a, 0);
  if (t == T_BAD) return T_BAD;
  if (t == T_NUM && n->op != TK_TILDE) return T_NUM;  // numbers.h: NUMCONV_NEG; + is the value itself
  t = decay(s, i, t);
  if (t == T_BAD) return T_BAD;
  if (n->op == TK_PLUS) {
    if (!number(t)) return type_error2(s, i, "bad operand type for unary +: ", t, T_BAD);
    return t == T_BOOL ? T_INT : t;
  }
  if (n->op == TK_TILDE) {
    if (!intlike(t)) return type_error2(s, i, "bad operand type for unary ~: ", t, T_BAD);
    return T_INT;
  }
  if (t == T_FLOAT) return T_FLOAT;
  if (!intlike(t)) return type_error2(s, i, "bad operand type for unary -: ", t, T_BAD);
  return T_INT;
}

// list_display := '[' [expression (',' expression)* [',']] ']'      (comprehensions not typed yet)
DEVFN int32_t list_display(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  int32_t t = T_UNK;
  for (int32_t k = 0; k < n->n; k++) {
    int32_t item = xtra(s, n->a + k);
    if (nd(s, item)->kind == ND_STARRED) return refuse_form(s, item);
    int32_t e = expr(s, item, 0);
    if (e == T_BAD) return T_BAD;
    if (e == T_NONE) { sema_error(s, first_token(s, item), DG_UNSUPPORTED, "None as a list item"); return T_BAD; }
    int32_t u = unify(s, t, e);
    if (u == T_BAD && num_pair(t, e)) { u = T_NUM; s->saw_num = 1; }  // ints and floats: each keeps its class
    if (u == T_BAD) return type_error2(s, first_token(s, item), "list items must have one type, got ", t, e);
    t = u;
  }
  return checked(s, i, type_list(&s->types, t));
}

// tuple_display := '(' expression ',' [expression (',' expression)* [',']] ')'
//                | expression (',' expression)+ [',']      (a return's or an assignment's value)
// want: the tuple type the display is to take (a return's, an annotated
// assignment's), whose None and T items become the Optionals it says; -1: none.
DEVFN int32_t tuple_display(Sema* s, int32_t i, int32_t want = -1) {
  const Node* n = nd(s, i);
  int32_t ts[MAX_TUPLE];
  for (int32_t k = 0; k < n->n; k++) {
    int32_t item = xtra(s, n->a + k);
    if (nd(s, item)->kind == ND_STARRED) return refuse_form(s, item);
    if (k == MAX_TUPLE) { sema_error(s, first_token(s, item), DG_LIMIT, "program exceeds MAX_TUPLE (items of a tuple)"); return T_BAD; }
    ts[k] = expr(s, item, 0);
    if (halted(s)) return T_BAD;
    if (want >= 0 && ts[k] != T_BAD && k < s->types.t[want].n) {
      int32_t w = s->types.t[want].items[k];
      if (is_opt(&s->types, w) && !type_fits(&s->types, w, ts[k]) && coercible(s, w, ts[k])) ts[k] = w;
    }
  }
  for (int32_t k = 0; k < n->n; k++) {
    if (ts[k] == T_BAD) return T_BAD;
    if (ts[k] == T_NONE) { sema_error(s, first_token(s, i), DG_UNSUPPORTED, "None as a tuple item"); return T_BAD; }
  }
  return checked(s, first_token(s, i), type_tuple(&s->types, n->n, ts));
}

// A tuple's item at a constant index (negative counts from the end): the
// index must be an int literal, since each item has its own type.
// Whether a tuple's index x is an int literal, or one negated.
DEV int literal_index(const Sema* s, int32_t x) {
  const Node* n = nd(s, x);
  return n->kind == ND_INT || (n->kind == ND_UNARY && n->op == TK_MINUS && nd(s, n->a)->kind == ND_INT);
}

DEVFN int32_t tuple_subscript(Sema* s, int32_t i, int32_t t) {
  const Node* n = nd(s, i);
  const Node* x = nd(s, n->b);
  int neg = x->kind == ND_UNARY && x->op == TK_MINUS;
  int32_t lit = neg ? x->a : n->b;
  if (nd(s, lit)->kind != ND_INT) {
    sema_error(s, first_token(s, lit), DG_UNSUPPORTED, "a tuple index that is not an int literal");
    return T_BAD;
  }
  if ((nd(s, lit)->op & TF_INT_BIG) || nd(s, lit)->b != 0 || nd(s, lit)->a < 0) return refuse_form(s, i);
  const TypeDef* d = &s->types.t[t];
  int64_t k = neg ? -(int64_t)nd(s, lit)->a : nd(s, lit)->a;
  if (k < 0) k += d->n;
  if (k < 0 || k >= d->n) { sema_error(s, i, DG_TYPE, "tuple index out of range"); return T_BAD; }
  return d->items[k];
}

// subscript := '[' (expression | [expression] ':' [expression] [':' [expression]]) ']'
// of a str, a list or a tuple
DEVFN int32_t subscript(Sema* s, int32_t i, int32_t* object = 0) {
  const Node* n = nd(s, i);
  int32_t t = expr(s, n->a, 0);
  if (t != T_BAD) t = decay(s, i, t);
  if (object) *object = t;
  if (t == T_BAD) return T_BAD;
  const TypeTable* tt = &s->types;
  if (nd(s, n->b)->kind == ND_TUPLE && !is_dict(tt, t)) return refuse_form(s, i);  // (a dict's key may be a tuple)
  int slice = nd(s, n->b)->kind == ND_SLICE;
  int32_t items = fixed_items(tt, t);  // (T_UNK for (), whose slice is a tuple[T, ...] of no item yet)
  if (is_tuple(tt, t) && (literal_index(s, n->b) || items == T_BAD || (items == T_UNK && !slice)))
    return tuple_subscript(s, i, t);
  if (is_tuple(tt, t)) {  // items of one type, by a computed index or a slice: a tuple of any length's
    t = checked(s, i, type_vtuple(&s->types, items));
    if (t == T_BAD) return T_BAD;
  }
  if (is_dict(tt, t)) return dict_subscript(s, i, t);
  if (t != T_STR && !is_seq(tt, t)) {
    sure_raise(s, i, 0, t);
    sema_error(s, i, DG_TYPE, "'"); msg_type_in(s->diag, tt, t); msg(s->diag, "' object is not subscriptable");
    return T_BAD;
  }
  for (int32_t k = 0; k < (slice ? 3 : 1); k++) {
    int32_t part = slice ? xtra(s, nd(s, n->b)->a + k) : n->b;
    if (part < 0) continue;
    int32_t x = expr(s, part, 0);
    if (x == T_BAD) return T_BAD;
    if (!intlike(x)) {
      sema_error(s, first_token(s, part), DG_TYPE, t == T_STR ? "string indices must be integers, not "
                                                   : is_vtuple(tt, t) ? "tuple indices must be integers or slices, not "
                                                               : "list indices must be integers, not ");
      msg_type_in(s->diag, tt, x);
      return T_BAD;
    }
  }
  if (slice || t == T_STR) return t;
  return item_type(s, i, elem_of(tt, t));
}

// a OP b of types without that operation: CPython's TypeError. Of a number
// and a str it is raised on every run that reaches it (sure_raise), but a
// number times a str (which repeats it) and a str % x (which formats).
DEVFN int32_t no_operation(Sema* s, int32_t op, int kind, int32_t a, int32_t b) {
  int32_t num = a == T_STR ? b : a, str = a == T_STR ? a : b;
  if (str == T_STR && is_number(num) && kind != TK_STAR && !(kind == TK_PERCENT && a == T_STR)) sure_raise(s, op, 0, num);
  return type_error2(s, op, "unsupported operand types: ", a, b);
}

// a OP b where one operand is an int | float (numbers.h): a float operand,
// or /, makes a float; else the run decides, as NUM_OP does. Bitwise
// operators are refused: CPython's TypeError for a float operand is the
// run's.
DEVFN int32_t num_binary(Sema* s, int32_t op, int kind, int32_t a, int32_t b) {
  if (!any_number(a) || !any_number(b)) return no_operation(s, op, kind, a, b);
  if (kind == TK_AMP || kind == TK_PIPE || kind == TK_CARET || kind == TK_LSHIFT || kind == TK_RSHIFT) {
    sema_error(s, op, DG_UNSUPPORTED, "a bitwise operator on an int | float");
    return T_BAD;
  }
  return kind == TK_SLASH || a == T_FLOAT || b == T_FLOAT ? T_FLOAT : T_NUM;
}

// The type of `a OP b` (kind: the operator's token), or an error at node op.
DEVFN int32_t binary_type(Sema* s, int32_t op, int kind, int32_t a, int32_t b) {
  const TypeTable* tt = &s->types;
  b = decay(s, op, b);
  a = decay(s, op, a);
  if (a == T_BAD || b == T_BAD) return T_BAD;
  if (is_set(tt, a) || is_set(tt, b)) return set_binary(s, op, kind, a, b);
  if (kind == TK_PLUS && a == T_STR && b == T_STR) return T_STR;
  if (kind == TK_STAR && ((a == T_STR && intlike(b)) || (intlike(a) && b == T_STR))) return T_STR;
  if (kind == TK_PERCENT && a == T_STR) { sema_error(s, op, DG_UNSUPPORTED, "printf-style string formatting"); return T_BAD; }
  if (is_vtuple(tt, a) || is_vtuple(tt, b)) {  // a tuple display of its item type joins it (tuple_items)
    if (kind == TK_PLUS) return vtuple_concat(s, op, a, b);
    if (kind == TK_STAR && is_vtuple(tt, a) && intlike(b)) return a;
    if (kind == TK_STAR && intlike(a) && is_vtuple(tt, b)) return b;
  }
  if (is_list(tt, a) || is_list(tt, b)) {
    if (kind == TK_PLUS && is_list(tt, a) && is_list(tt, b)) {
      int32_t t = unify(s, a, b);
      return t != T_BAD ? t : type_error2(s, op, "can only concatenate lists of one type, got ", a, b);
    }
    if (kind == TK_STAR && is_list(tt, a) && intlike(b)) return a;
    if (kind == TK_STAR && intlike(a) && is_list(tt, b)) return b;
  }
  if (is_tuple(tt, a) || is_tuple(tt, b)) {
    if (kind == TK_PLUS && is_tuple(tt, a) && is_tuple(tt, b)) return tuple_concat(s, op, a, b);
    if (kind == TK_STAR && (intlike(a) || intlike(b))) return tuple_repeat(s, op, intlike(a) ? b : a);
  }
  if (kind == TK_AT) { sema_error(s, op, DG_UNSUPPORTED, "matrix multiplication"); return T_BAD; }
  if (a == T_NUM || b == T_NUM) return num_binary(s, op, kind, a, b);
  if (!number(a) || !number(b)) return no_operation(s, op, kind, a, b);
  int both_int = intlike(a) && intlike(b);
  if (kind == TK_AMP || kind == TK_PIPE || kind == TK_CARET || kind == TK_LSHIFT || kind == TK_RSHIFT) {
    if (!both_int) return type_error2(s, op, "bitwise operator needs ints, got ", a, b);
    return (a == T_BOOL && b == T_BOOL && kind != TK_LSHIFT && kind != TK_RSHIFT) ? T_BOOL : T_INT;
  }
  if (kind == TK_SLASH) return T_FLOAT;
  if (kind == TK_DSTAR) return both_int ? T_INT : T_FLOAT;  // float ** as fpow.h computes it
  return a == T_FLOAT || b == T_FLOAT ? T_FLOAT : T_INT;
}

// Whether node i is a negative int literal: `-k` or `(-k)`, k > 0 and
// within 64 bits.
DEV int negative_int_literal(const Sema* s, int32_t i) {
  while (nd(s, i)->kind == ND_GROUP) i = nd(s, i)->a;
  const Node* e = nd(s, i);
  if (e->kind != ND_UNARY || e->op != TK_MINUS) return 0;
  const Node* k = nd(s, e->a);
  return k->kind == ND_INT && !(k->op & TF_INT_BIG) && (k->a != 0 || k->b != 0);
}

// The PrintfArg kind of a value of type t by its type alone (the code
// pass, code_format.h, reads the kinds of what printf_arg admitted so).
DEV int printf_kind(int32_t t) {
  return t == T_INT ? PA_INT : t == T_BOOL ? PA_BOOL : t == T_FLOAT ? PA_FLOAT : t == T_STR ? PA_STR : PA_OTHER;
}

// The PrintfArg kind of an argument of type t for printf.h: items of a
// tuple of arguments may be of any type str() writes; the one argument
// that is not a tuple must not be one at run time either (nor a list or a
// dict, which CPython reads as a mapping): a scalar, a str or an Optional
// of one. -1 for another.
DEVFN int printf_arg(const TypeTable* tt, int32_t t, int item) {
  if (printf_kind(t) != PA_OTHER) return printf_kind(t);
  int32_t e = is_opt(tt, t) ? elem_of(tt, t) : t;
  if (!item && !(any_number(e) || e == T_STR || e == T_NONE)) return -1;
  return reprable(tt, t) ? PA_OTHER : -1;
}

// Whether the escape `\c` writes a character by its number or name, or
// none (a line continuation): one whose text does not show what it writes.
DEV int printf_opaque_escape(char c) {
  return c == 'x' || c == 'u' || c == 'U' || c == 'N' || (c >= '0' && c <= '7') || c == '\n' || c == '\r';
}

// printf := STRING '%' expression      on a str literal whose conversions
// printf.h reads (code_format.h emits them): the items of a tuple are the
// arguments, another value the one argument. The other escapes write one
// character that is neither '%' nor part of a conversion, so the
// literal's source text has the conversions its value has.
DEVFN int32_t printf_format(Sema* s, int32_t i, int32_t lit, int32_t b) {
  const TypeTable* tt = &s->types;
  const Node* part = nd(s, xtra(s, nd(s, lit)->a));
  const char* p = s->src + part->pos;
  int32_t at, end, nargs = is_tuple(tt, b) ? tt->t[b].n : 1;
  int args[MAX_PARAMS];
  literal_body(p, part->len, &at, &end);
  int plain = nd(s, lit)->n == 1 && nargs <= MAX_PARAMS;
  for (int32_t j = at; plain && j < end; j++)  // no escape that may write a '%' (`\x25`): the raw text reads as the value
    if (p[j] == '\\') plain = !printf_opaque_escape(p[++j]);
  for (int32_t k = 0; plain && k < nargs; k++) {
    int32_t t = is_tuple(tt, b) ? tt->t[b].items[k] : b;
    plain = (args[k] = printf_arg(tt, t, is_tuple(tt, b))) >= 0;
  }
  if (!plain || printf_status(p + at, end - at, args, nargs) < 0) {
    sema_error(s, i, DG_UNSUPPORTED, "printf-style formatting of this literal or these arguments");
    return T_BAD;
  }
  return T_STR;
}

// binary := unary (binop unary)*      power: int ** a negative int literal
// is a float (CPython's int ** int of a negative exponent is float ** float);
// an exponent that only starts with a literal (-2 ** k) is refused
DEVFN int32_t binop(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  int32_t a = expr(s, n->a, 0);
  if (a == T_BAD) return T_BAD;
  const Node* e = nd(s, n->b);
  int power = n->op == TK_DSTAR && intlike(a), float_power = power && negative_int_literal(s, n->b);
  if (power && !float_power && e->kind == ND_UNARY && e->op == TK_MINUS && nd(s, first_token(s, e->a))->kind == ND_INT) {
    sema_error(s, i, DG_UNSUPPORTED, "int ** negative int (CPython gives a float)");
    return T_BAD;
  }
  int32_t b = expr(s, n->b, 0);
  if (b == T_BAD) return T_BAD;
  if (float_power) return T_FLOAT;
  if (n->op == TK_PERCENT && a == T_STR && nd(s, n->a)->kind == ND_STR) return printf_format(s, i, n->a, b);
  return binary_type(s, i, n->op, a, b);
}

// One link of a comparison chain: a OP b, at OP node op (op code: its token,
// or CMP_NOT_IN / CMP_IS_NOT).
DEVFN int32_t compare_type(Sema* s, int32_t op, int code, int32_t a, int32_t b) {
  const TypeTable* tt = &s->types;
  if (code == TK_IS || code == CMP_IS_NOT) {  // True and False are singletons too
    if (a != T_NONE && b != T_NONE && (a != T_BOOL || b != T_BOOL)) {
      sema_error(s, op, DG_UNSUPPORTED, "'is' between values other than None and bools (use ==)");
      return T_BAD;
    }
    return T_BOOL;
  }
  if (holds_kind(tt, a, TY_PATTERN) || holds_kind(tt, b, TY_PATTERN)) {  // CPython's == compares pattern and flags
    sema_error(s, op, DG_UNSUPPORTED, "comparing a re.Pattern");
    return T_BAD;
  }
  if (code == TK_IN || code == CMP_NOT_IN) {
    b = decay(s, op, b);
    if (b == T_BAD) return T_BAD;
    b = tuple_list(s, op, b);  // a tuple of one item type is searched as a list of them
    if (a == T_STR && b == T_STR) return T_BOOL;
    if ((is_seq(tt, b) || is_set(tt, b) || is_dict(tt, b)) && (type_fits(tt, elem_of(tt, b), a) || elem_of(tt, b) == T_UNK))
      return T_BOOL;
    if (is_seq(tt, b) && tuple_holds(tt, elem_of(tt, b), a)) return T_BOOL;  // a tuple searched among others
    if (is_seq(tt, b) && elem_of(tt, b) == T_NUM && (a == T_INT || a == T_FLOAT)) return T_BOOL;  // searched as a num
    if (is_seq(tt, b) && a == T_NUM && (elem_of(tt, b) == T_INT || elem_of(tt, b) == T_FLOAT)) return T_BOOL;  // among nums
    return type_error2(s, op, "'in' needs a str in a str or an item in a list, got ", a, b);
  }
  int eq = code == TK_EQEQ || code == TK_NE;
  if (!eq) {  // None < x raises TypeError
    b = decay(s, op, b);
    a = decay(s, op, a);
    if (a == T_BAD || b == T_BAD) return T_BAD;
  }
  if (any_number(a) && any_number(b)) return T_BOOL;
  if (a == T_STR && b == T_STR) return T_BOOL;
  if (eq && flavour_of(tt, a) == DICT_COUNTER && flavour_of(tt, b) == DICT_COUNTER) {
    sema_error(s, op, DG_UNSUPPORTED, "== between Counters (a missing key counts as 0)");
    return T_BAD;
  }
  if (a >= N_SCALARS && unify(s, a, b) != T_BAD) return T_BOOL;
  if ((is_vtuple(tt, a) && coercible(s, a, b)) || (is_vtuple(tt, b) && coercible(s, b, a))) return T_BOOL;
  if (eq && (a == T_NONE || b == T_NONE)) return T_BOOL;
  if (eq && is_opt(tt, a) && type_fits(tt, elem_of(tt, a), b)) return T_BOOL;
  if (kinds_apart(tt, a, b)) return T_BOOL;  // never equal; an ordering raises TypeError there (compare_op)
  return type_error2(s, op, "comparison between ", a, b);
}

// comparison := binary (compop binary)*      `in range(...)` not typed yet
DEVFN int range_args(Sema* s, int32_t call);

// x in range(...): arithmetic, no list; alone in its comparison (link k of
// COMPARE i, x of type a).
DEVFN int32_t in_range(Sema* s, int32_t i, int32_t k, int32_t a) {
  const Node* n = nd(s, i);
  int32_t op = xtra(s, n->a + k);
  if (k > 1) { sema_error(s, op, DG_UNSUPPORTED, "'in range(...)' in a comparison chain"); return T_BAD; }
  a = decay(s, op, a);
  if (a == T_BAD) return T_BAD;
  if (!intlike(a)) { sema_error(s, op, DG_UNSUPPORTED, "'in range(...)' of a non-int"); return T_BAD; }
  if (!range_args(s, xtra(s, n->a + k + 1))) return T_BAD;
  if (k + 2 < n->n) {
    sema_error(s, xtra(s, n->a + k + 2), DG_UNSUPPORTED, "a comparison chained after 'in range(...)'");
    return T_BAD;
  }
  return T_BOOL;
}

// Whether node i is `type(value)`, one plain argument.
DEV int type_call(const Sema* s, int32_t i) {
  const Node* c = nd(s, i);
  if (c->kind != ND_CALL || c->n != 1 || nd(s, c->a)->kind != ND_NAME || !node_is(s, c->a, "type")) return 0;
  return nd(s, xtra(s, c->b))->kind != ND_STARRED && nd(s, xtra(s, c->b))->kind != ND_KEYWORD;
}

// Whether COMPARE node i is one link whose operator is one of == != is
// `is not`, the operators that ask whether two classes are the same.
DEV int class_compare(const Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  if (n->n != 3) return 0;
  int code = nd(s, xtra(s, n->a + 1))->op;
  return code == TK_EQEQ || code == TK_NE || code == TK_IS || code == CMP_IS_NOT;
}
// Whether class_compare link i asks for the same class (== or is).
DEV int compares_same(const Sema* s, int32_t i) {
  int code = nd(s, xtra(s, nd(s, i)->a + 1))->op;
  return code == TK_EQEQ || code == TK_IS;
}

// Whether COMPARE node i is `type(value) OP NAME` or `NAME OP type(value)`
// (class_compare): the type(...) CALL node in *call and the class NAME's in
// *cls. (type_test refuses a `type` the program defines.)
DEVFN int type_test_parts(const Sema* s, int32_t i, int32_t* call, int32_t* cls) {
  if (!class_compare(s, i)) return 0;
  const Node* n = nd(s, i);
  for (int side = 0; side < 2; side++) {
    int32_t at = xtra(s, n->a + 2 * side), name = xtra(s, n->a + 2 - 2 * side);
    if (!type_call(s, at) || nd(s, name)->kind != ND_NAME) continue;
    *call = at;
    *cls = name;
    return 1;
  }
  return 0;
}

// Whether COMPARE node i is `type(a) OP type(b)` (class_compare): the two
// CALL nodes in *left and *right.
DEVFN int type_pair_parts(const Sema* s, int32_t i, int32_t* left, int32_t* right) {
  if (!class_compare(s, i)) return 0;
  const Node* n = nd(s, i);
  *left = xtra(s, n->a);
  *right = xtra(s, n->a + 2);
  return type_call(s, *left) && type_call(s, *right);
}

DEVFN int32_t type_test(Sema* s, int32_t call, int32_t cls);
DEVFN int32_t type_pair(Sema* s, int32_t left, int32_t right);
// Whether the `type` that CALL node call names is the program's own (a
// local or a function), not the builtin: its tests are refused.
DEVFN int type_shadowed(Sema* s, int32_t call) {
  return find_local(s, nd(s, call)->a) || find_func(s, nd(s, call)->a) != -1;
}
DEVFN int32_t compare(Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  int32_t call, cls;
  if (type_test_parts(s, i, &call, &cls)) return type_test(s, call, cls);
  if (type_pair_parts(s, i, &call, &cls)) return type_pair(s, call, cls);
  int32_t a = expr(s, xtra(s, n->a), 0);
  for (int32_t k = 1; k < n->n && a != T_BAD; k += 2) {
    int32_t op = xtra(s, n->a + k), right = xtra(s, n->a + k + 1);
    int code = nd(s, op)->op;
    const Node* r = nd(s, right);
    if ((code == TK_IN || code == CMP_NOT_IN) && r->kind == ND_CALL && node_is(s, r->a, "range") &&
        !find_local(s, r->a) && find_func(s, r->a) == -1)
      return in_range(s, i, k, a);
    int32_t b = code == TK_IN || code == CMP_NOT_IN ? view_expr(s, right) : expr(s, right, 0);
    if (b == T_BAD || compare_type(s, op, code, a, b) == T_BAD) return T_BAD;
    a = b;
  }
  return a == T_BAD ? T_BAD : T_BOOL;
}

// and_test, or_test: operands of one type, or (cond: a test) any
// An operand `x is not None` of an and chain (`x is None` of an or chain)
// narrows x for the operands after it, to the chain's end.
DEVFN int32_t logic_type(Sema* s, int32_t i, int cond) {
  const Node* n = nd(s, i);
  int is_or = n->op == TK_OR;
  SemaLocal* nl[MAX_CHAIN_NARROW];
  int32_t old_in[MAX_CHAIN_NARROW], old_loops[MAX_CHAIN_NARROW], nn = 0;
  SemaLocal* l = none_test(s, xtra(s, n->a), !is_or);
  int32_t t = expr(s, xtra(s, n->a), cond);
  for (int32_t k = 1; k < n->n && t != T_BAD; k += 2) {
    if (l && nn < MAX_CHAIN_NARROW) {
      nl[nn] = l; old_in[nn] = l->narrow_in; old_loops[nn++] = l->narrow_loops;
      narrow(s, l, current_block(s));
    }
    int32_t op = xtra(s, n->a + k), operand = xtra(s, n->a + k + 1);
    l = none_test(s, operand, !is_or);
    int32_t r = raising_operand(s, operand) >= 0 ? t : expr(s, operand, cond);  // (a raise has no value)
    if (r == T_BAD) return T_BAD;
    if (unify(s, t, r) != T_BAD) t = unify(s, t, r);
    if (r != t)
      return type_error2(s, op, is_or ? "'or' operands must have one type, got "
                                      : "'and' operands must have one type, got ", t, r);
  }
  while (nn > 0) { nn--; nl[nn]->narrow_in = old_in[nn]; nl[nn]->narrow_loops = old_loops[nn]; }
  return t;
}

// The function a call by this name means here, as Python scopes it: a
// nested def of this function (-2 before its def statement), else a
// top-level function; -1: none.
DEVFN int32_t find_func(Sema* s, int32_t name) {
  int32_t cur = s->f.fn;
  for (int32_t k = 0; k < s->nfuncs; k++) {
    const SemaFunc* g = &s->funcs[k];
    if (g->parent < 0 || !same_text(s, xtra(s, nd(s, g->def)->a), name)) continue;
    if (k == cur) return k;  // a nested def calling itself
    if (cur >= 0 && s->funcs[cur].parent < 0 && g->parent == cur) return g->defined ? k : -2;
    // a nested def calling another of its enclosing function, bound by then (typed at its first call, or
    // where it stands, the flow of the enclosing function passed the other's def first)
    if (cur >= 0 && s->funcs[cur].parent >= 0 && g->parent == s->funcs[cur].parent) return g->defined ? k : -2;
  }
  return find_function(s, name);
}

// A generator expression without parentheses of its own (f(x for x in xs)).
DEV int bare_genexp(const Sema* s, int32_t i) {
  return nd(s, i)->kind == ND_GENEXP && nd(s, i)->pos == nd(s, first_token(s, nd(s, i)->a))->pos;
}

// An argument as the compiler reads one: no unpacking, keywords or bare
// generator expressions here.
DEVFN int plain_argument(Sema* s, int32_t arg) {
  const Node* a = nd(s, arg);
  if (a->kind == ND_STARRED) { sema_error(s, arg, DG_UNSUPPORTED, "argument unpacking"); return 0; }
  if (a->kind == ND_KEYWORD) { sema_error(s, arg, DG_UNSUPPORTED, "keyword argument"); return 0; }
  if (bare_genexp(s, arg)) {
    sema_error(s, first_token(s, a->a), DG_UNSUPPORTED, "generator expression outside a call of sum, any, all, min, "
                                                        "max, sorted, list, map, filter or join");
    return 0;
  }
  return 1;
}

// A function that leaves annotations out, met at its first call (whose
// argument types are ts; at: the call, or the function's name where it is
// given as a key): its parameters take those types, and its body is typed
// now, the caller's frame kept aside, its result taken from its returns.
// CPython runs it with these values; a later call with others is the
// usual TypeError. 0 after a diagnostic.
DEVFN int infer_function(Sema* s, int32_t at, int32_t f, const int32_t* ts) {
  SemaFunc* fs = &s->funcs[f];
  for (int32_t k = 0; k < fs->nparams; k++) {
    if (fs->ptype[k] != T_PENDING) continue;
    if (ts[k] == T_NONE || type_unknown(&s->types, ts[k])) {
      int32_t arg = nd(s, at)->kind == ND_CALL ? xtra(s, nd(s, at)->b + k) : at;
      sema_error(s, first_token(s, arg), DG_UNSUPPORTED, "an argument of unknown type for a parameter without an annotation");
      return 0;
    }
    fs->ptype[k] = ts[k];
  }
  if (s->inferring >= MAX_INFER_DEPTH) {
    over_limit(s, at, "MAX_INFER_DEPTH (functions without annotations typed inside one another)");
    return 0;
  }
  fs->infer = INFER_TYPED;  // (a call of itself in its body sees these types)
  // A nested def is called from its enclosing function alone, whose frame
  // its body reads as nested_def's does; a body typed here may type a
  // nested def of its own, which takes that slot.
  SemaFrame caller = s->f, enclosing = s->saved;
  int32_t stop = s->stop, fn_end = s->fn_end;
  // (called from another nested def, the enclosing function's frame is the one saved)
  if (fs->parent >= 0 && (caller.fn < 0 || s->funcs[caller.fn].parent < 0)) s->saved = caller;
  s->inferring++;
  s->fn_end = def_end(s, fs->def);
  function_body(s, f);
  s->inferring--;
  s->f = caller; s->saved = enclosing; s->stop = stop; s->fn_end = fn_end;
  return !halted(s);
}

// Function f at a use that may be its first (at: the call, or its name
// given as a key; ts: the argument types): typed there if it waits for a
// first call, its result known. 0 after a diagnostic, or in a look ahead,
// which types no body.
DEVFN int typed_at_use(Sema* s, int32_t at, int32_t name, int32_t f, const int32_t* ts) {
  if (s->funcs[f].infer == INFER_WAITING) {
    if (s->discovering) { s->stop = 1; return 0; }
    if (!infer_function(s, at, f, ts)) return 0;
  }
  if (s->funcs[f].ret != T_PENDING) return 1;
  sema_error(s, name, DG_UNSUPPORTED, "a function without a return annotation that calls itself before it returns");
  return 0;
}

// call_function := NAME '(' args ')'      a program function f
DEVFN int32_t call_function(Sema* s, int32_t call, int32_t name, int32_t f) {
  const Node* c = nd(s, call);
  const SemaFunc* fs = &s->funcs[f];
  if (c->n > MAX_PARAMS) return over_limit(s, call, "MAX_PARAMS (arguments in a call)");
  int32_t ts[MAX_PARAMS];
  for (int32_t k = 0; k < c->n; k++) {
    int32_t arg = xtra(s, c->b + k);
    if (!plain_argument(s, arg)) return T_BAD;
    int32_t t = ts[k] = expr(s, arg, 0);
    if (t == T_BAD) return T_BAD;
    if (k < fs->nparams && fs->ptype[k] != T_PENDING && !coercible(s, fs->ptype[k], t)) {
      sema_error(s, first_token(s, arg), DG_TYPE, "argument '");
      msg_node(s, xtra(s, nd(s, fs->def)->b + k)); msg(s->diag, "' of ");
      msg_node(s, name); msg(s->diag, "() is "); msg_type_in(s->diag, &s->types, fs->ptype[k]);
      msg(s->diag, ", got "); msg_type_in(s->diag, &s->types, t);
      return T_BAD;
    }
  }
  if (c->n < fs->nrequired || c->n > fs->nparams) {
    sema_error(s, name, DG_TYPE, ""); msg_node(s, name); msg(s->diag, "() takes ");
    if (fs->nrequired < fs->nparams) { msg_int(s->diag, fs->nrequired); msg(s->diag, " to "); }
    msg_int(s->diag, fs->nparams); msg(s->diag, fs->nparams == 1 ? " argument, got " : " arguments, got ");
    msg_int(s->diag, c->n);
    return T_BAD;
  }
  for (int32_t k = c->n; k < fs->nparams; k++) ts[k] = fs->ptype[k];  // the defaults, of their literals' types
  if (!typed_at_use(s, call, name, f, ts)) return T_BAD;
  if (f == s->entry) s->entry_called = 1;
  if (is_union(&s->types, fs->ret)) {  // a union's value goes nowhere but out of the entry
    sema_error(s, name, DG_UNSUPPORTED, "a call of a function that returns ");
    msg_type_in(s->diag, &s->types, fs->ret);
    return T_BAD;
  }
  return fs->ret;
}

// A builtin's arguments as the compiler reads them (call_args): their types
// in ts; the count, or -1 after an error or a give-up.
DEVFN int32_t builtin_args(Sema* s, int32_t call, int32_t* ts, int keep_opt) {
  const Node* c = nd(s, call);
  if (c->n > MAX_PARAMS) return over_limit(s, call, "MAX_PARAMS (arguments in a call)"), -1;
  for (int32_t k = 0; k < c->n; k++) {
    int32_t arg = xtra(s, c->b + k);
    if (!plain_argument(s, arg)) return -1;
    ts[k] = expr(s, arg, 0);
    if (!keep_opt && ts[k] != T_BAD) ts[k] = decay(s, arg, ts[k]);  // a builtin's are unwrapped
    if (halted(s)) return -1;
  }
  for (int32_t k = 0; k < c->n; k++) if (ts[k] == T_BAD) return -1;
  return c->n;
}

DEV int32_t arity_error(Sema* s, int32_t name, const char* want) {
  sema_error(s, name, DG_TYPE, ""); msg_node(s, name); msg(s->diag, "() takes "); msg(s->diag, want);
  return T_BAD;
}
DEV int32_t arg_type_error(Sema* s, int32_t call, int32_t k, int32_t t) {
  int32_t name = nd(s, call)->a;
  sema_error(s, first_token(s, xtra(s, nd(s, call)->b + k)), DG_TYPE, "bad argument type for ");
  msg_node(s, name); msg(s->diag, "(): "); msg_type_in(s->diag, &s->types, t);
  return T_BAD;
}

// The builtins of CALL form, once their n arguments are typed (ts): the
// call's type, or an error.
DEVFN int32_t call_form(Sema* s, int32_t call, int32_t n, const int32_t* ts) {
  int32_t name = nd(s, call)->a, t = n ? ts[0] : T_BAD;
  if (node_is(s, name, "len")) {
    if (n != 1) return arity_error(s, name, "exactly one argument");
    if (t == T_STR || is_seq(&s->types, t) || is_tuple(&s->types, t) || is_set(&s->types, t) || is_dict(&s->types, t))
      return T_INT;
    sure_raise(s, call, 0, t);
    sema_error(s, first_token(s, xtra(s, nd(s, call)->b)), DG_TYPE, "object of type '");
    msg_type_in(s->diag, &s->types, t); msg(s->diag, "' has no len()");
    return T_BAD;
  }
  if (node_is(s, name, "abs")) {
    if (n != 1) return arity_error(s, name, "exactly one argument");
    return intlike(t) ? T_INT : t == T_FLOAT || t == T_NUM ? t : arg_type_error(s, call, 0, t);
  }
  if (node_is(s, name, "divmod")) {
    if (n != 2) return arity_error(s, name, "exactly two arguments");
    for (int32_t k = 0; k < 2; k++) if (!number(ts[k])) return arg_type_error(s, call, k, ts[k]);
    int32_t ty = ts[0] == T_FLOAT || ts[1] == T_FLOAT ? T_FLOAT : T_INT, items[2] = {ty, ty};
    return checked(s, name, type_tuple(&s->types, 2, items));
  }
  if (node_is(s, name, "int")) {
    if (n == 0) return T_INT;
    if (n == 2) {
      if (t != T_STR) {
        sema_error(s, first_token(s, xtra(s, nd(s, call)->b)), DG_TYPE, "int() can't convert non-string with explicit base");
        return T_BAD;
      }
      return intlike(ts[1]) ? T_INT : arg_type_error(s, call, 1, ts[1]);
    }
    if (n != 1) return arity_error(s, name, "at most 2 arguments");
    return any_number(t) || t == T_STR ? T_INT : arg_type_error(s, call, 0, t);
  }
  if (node_is(s, name, "float")) {
    if (n == 0) return T_FLOAT;
    if (n != 1) return arity_error(s, name, "at most 1 argument");
    return any_number(t) || t == T_STR ? T_FLOAT : arg_type_error(s, call, 0, t);
  }
  if (node_is(s, name, "str") || node_is(s, name, "repr")) {
    if (n == 0 && node_is(s, name, "str")) return T_STR;
    if (n != 1) return arity_error(s, name, node_is(s, name, "str") ? "at most 1 argument" : "exactly one argument");
    if (reprable(&s->types, t)) return T_STR;
    sema_error(s, first_token(s, xtra(s, nd(s, call)->b)), DG_UNSUPPORTED, ""); msg_node(s, name);
    msg(s->diag, "() of a "); msg_type_in(s->diag, &s->types, t);
    return T_BAD;
  }
  if (node_is(s, name, "bool")) {
    if (n > 1) return arity_error(s, name, "at most 1 argument");
    return T_BOOL;
  }
  if (node_is(s, name, "ord") || node_is(s, name, "chr") || node_is(s, name, "bin") || node_is(s, name, "oct") ||
      node_is(s, name, "hex")) {
    if (n != 1) return arity_error(s, name, "exactly one argument");
    if (node_is(s, name, "ord")) return t == T_STR ? T_INT : arg_type_error(s, call, 0, t);
    return intlike(t) ? T_STR : arg_type_error(s, call, 0, t);
  }
  if (node_is(s, name, "format")) {  // format(x, spec): format.h; format(x) is str(x)
    if (n != 1 && n != 2) return arity_error(s, name, "1 or 2 arguments");
    if (n == 2 && ts[1] != T_STR) return arg_type_error(s, call, 1, ts[1]);
    if (number(t) || t == T_STR) return T_STR;
    return arg_type_error(s, call, 0, t);
  }
  if (node_is(s, name, "round")) {
    if (n != 1 && n != 2) return arity_error(s, name, "1 or 2 arguments");
    if (n == 2 && !intlike(ts[1])) return arg_type_error(s, call, 1, ts[1]);
    if (intlike(t) || (t == T_NUM && n == 1)) return T_INT;
    if (t == T_FLOAT) return n == 2 ? T_FLOAT : T_INT;
    return arg_type_error(s, call, 0, t);
  }
  if (node_is(s, name, "pow")) {
    if (n != 2 && n != 3) return arity_error(s, name, "2 or 3 arguments");
    for (int32_t k = 0; k < n; k++)
      if (!intlike(ts[k])) {
        if (ts[k] != T_FLOAT) return arg_type_error(s, call, k, ts[k]);
        if (n == 3) {  // CPython's TypeError: a modulus with a float
          sema_error(s, first_token(s, xtra(s, nd(s, call)->b + k)), DG_UNSUPPORTED, "pow() of floats with a modulus");
          return T_BAD;
        }
      }
    return intlike(ts[0]) && intlike(ts[1]) ? T_INT : T_FLOAT;
  }
  sema_error(s, name, DG_NAME, "name '"); msg_node(s, name); msg(s->diag, "' is not defined");
  return T_BAD;
}

// min_max := ('min' | 'max') '(' expression (',' expression)+ ')'      pairwise
DEVFN int32_t min_max(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  int32_t t0 = T_BAD;
  for (int32_t k = 0; k < c->n; k++) {
    int32_t arg = xtra(s, c->b + k);
    const Node* a = nd(s, arg);
    if (a->kind == ND_KEYWORD) { sema_error(s, arg, DG_UNSUPPORTED, "keyword argument"); return T_BAD; }
    if (a->kind == ND_STARRED || a->kind == ND_GENEXP) return refuse_form(s, arg);
    int32_t t = expr(s, arg, 0);
    if (t == T_BAD) return T_BAD;
    if (k == 0) { t0 = t; continue; }
    if (t != t0 && num_pair(t0, t)) { t0 = T_NUM; continue; }  // the winner's class is the run's
    if (t != t0) return type_error2(s, first_token(s, arg), "min/max arguments must have one type, got ", t0, t);
    if (!any_number(t) && t != T_STR && !is_seq(&s->types, t) && !is_tuple(&s->types, t)) return arg_type_error(s, call, k, t);
  }
  return t0;
}

// print := 'print' '(' [args] ')'      evaluated for its arguments' errors
DEVFN int32_t print_call(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  int seen = 0;  // keywords so far: bit 0 sep, 1 end, 2 flush
  for (int32_t k = 0; k < c->n; k++) {
    int32_t arg = xtra(s, c->b + k), value = arg, bit = 0;
    const Node* a = nd(s, arg);
    if (a->kind == ND_STARRED) { sema_error(s, arg, DG_UNSUPPORTED, "argument unpacking"); return T_BAD; }
    if (a->kind == ND_KEYWORD) {
      bit = node_is(s, arg, "sep") ? 1 : node_is(s, arg, "end") ? 2 : node_is(s, arg, "flush") ? 4 : 0;
      if (!bit) { sema_error(s, arg, DG_UNSUPPORTED, "keyword argument '"); msg_node(s, arg); msg(s->diag, "' of print"); return T_BAD; }
      if (seen & bit) { sema_error(s, arg, DG_SYNTAX, "keyword argument repeated: "); msg_node(s, arg); return T_BAD; }
      seen |= bit;
      value = a->a;
    }
    if (bare_genexp(s, value)) {
      if (expr(s, nd(s, value)->a, 0) == T_BAD) return T_BAD;
      sema_error(s, xtra(s, nd(s, value)->b), DG_UNSUPPORTED, "generator expression");
      return T_BAD;
    }
    int32_t t = expr(s, value, 0);
    if (t == T_BAD) return T_BAD;
    int text = t == T_STR || t == T_NONE || (is_opt(&s->types, t) && elem_of(&s->types, t) == T_STR);
    if ((bit == 1 || bit == 2) && !text) {
      sema_error(s, first_token(s, value), DG_TYPE, ""); msg_node(s, arg); msg(s->diag, " must be None or a string, not ");
      msg_type_in(s->diag, &s->types, t);
      return T_BAD;
    }
  }
  return T_NONE;
}

// What isinstance(value, classes) gives where the value's static type is
// t (class_test_answer; class_answer for one class): CT_TRUE or CT_FALSE
// whatever the value is; CT_NOT_NONE for an Optional whose item type
// answers true; CT_UNSURE where a value of type t may be of another class
// in CPython (a float an int); -1 where a class is not a builtin's (its
// node in *at). classes: a NAME or a tuple of them. An int | float answers
// at run time (CT_IS_INT, CT_IS_FLOAT: its class is int, is float;
// NUMCONV_IS_INT). An int is never a bool: a bool stored, passed or
// returned where an int is typed is a TypeError here (a list's item, an
// argument, `x: int = True`), and arithmetic on bools makes CPython ints.
enum { CT_FALSE, CT_TRUE, CT_NOT_NONE, CT_UNSURE, CT_IS_INT, CT_IS_FLOAT };
DEVFN int class_answer(Sema* s, int32_t t, int32_t name) {
  const TypeTable* tt = &s->types;
  if (nd(s, name)->kind != ND_NAME || find_local(s, name) || find_func(s, name) != -1 || const_of(s, name) >= 0) return -1;
  if (node_is(s, name, "object")) return CT_TRUE;
  if (t == T_NUM && (node_is(s, name, "int") || node_is(s, name, "float")))
    return node_is(s, name, "int") ? CT_IS_INT : CT_IS_FLOAT;
  if (node_is(s, name, "int")) return intlike(t) ? CT_TRUE : t == T_FLOAT ? CT_UNSURE : CT_FALSE;
  if (node_is(s, name, "bool")) return t == T_BOOL ? CT_TRUE : t == T_FLOAT ? CT_UNSURE : CT_FALSE;
  if (node_is(s, name, "float")) return t == T_FLOAT ? CT_UNSURE : CT_FALSE;
  if (node_is(s, name, "str")) return t == T_STR ? CT_TRUE : CT_FALSE;
  if (node_is(s, name, "list")) return is_list(tt, t) ? CT_TRUE : CT_FALSE;
  if (node_is(s, name, "tuple")) return is_tuple(tt, t) || is_vtuple(tt, t) ? CT_TRUE : CT_FALSE;
  if (node_is(s, name, "set")) return is_set(tt, t) ? CT_TRUE : CT_FALSE;
  if (node_is(s, name, "dict")) return is_dict(tt, t) ? CT_TRUE : CT_FALSE;
  const char* never[] = {"frozenset", "bytes", "bytearray", "complex", "range", "type"};
  for (int32_t k = 0; k < 6; k++) if (node_is(s, name, never[k])) return CT_FALSE;
  return -1;
}
DEVFN int class_test_answer(Sema* s, int32_t t, int32_t classes, int32_t* at) {
  const TypeTable* tt = &s->types;
  int opt = is_opt(tt, t);
  int32_t u = opt ? elem_of(tt, t) : t;
  while (nd(s, classes)->kind == ND_GROUP) classes = nd(s, classes)->a;
  const Node* c = nd(s, classes);
  int tuple = c->kind == ND_TUPLE, n = tuple ? c->n : 1, answer = CT_FALSE, ints = 0, floats = 0;
  for (int32_t k = 0; k < n; k++) {
    int32_t name = tuple ? xtra(s, c->a + k) : classes;
    int a = class_answer(s, u, name);
    if (a < 0) { *at = name; return -1; }
    ints |= node_is(s, name, "int"); floats |= node_is(s, name, "float");
    if (u == T_FLOAT && ints && floats) a = CT_TRUE;  // a float's value is one or the other
    if (a >= CT_IS_INT && !opt) {  // an int | float's class is the run's: int, float, or one of them
      answer = answer == CT_FALSE || answer == a ? a : CT_TRUE;
      continue;
    }
    if (a >= CT_IS_INT) a = CT_UNSURE;
    if (a == CT_TRUE && opt && !node_is(s, name, "object")) a = CT_NOT_NONE;
    if (a == CT_TRUE || (a == CT_NOT_NONE && answer != CT_TRUE) || (a == CT_UNSURE && answer == CT_FALSE)) answer = a;
  }
  return answer;
}

// The class of every value of type t where the type fixes it (PC_INT,
// ...); PC_NUM for an int | float (its class is the run's); PC_OPEN where
// CPython's value may be of one class or another (a float may be an int,
// an Optional None).
enum { PAIR_APART, PAIR_SAME, PAIR_RUN };  // type_pair's answers
enum { PC_OPEN, PC_NUM, PC_NONE, PC_BOOL, PC_INT, PC_STR, PC_LIST, PC_TUPLE, PC_SET, PC_DICT };
DEV int pair_class(const TypeTable* tt, int32_t t) {
  if (t == T_NUM) return PC_NUM;
  if (t == T_NONE) return PC_NONE;
  if (t == T_BOOL) return PC_BOOL;
  if (t == T_INT) return PC_INT;
  if (t == T_STR) return PC_STR;
  if (is_list(tt, t)) return PC_LIST;
  if (is_tuple(tt, t) || is_vtuple(tt, t)) return PC_TUPLE;
  if (is_dict(tt, t) && flavour_of(tt, t) != DICT_PLAIN) return PC_OPEN;  // a Counter's class is its own
  return is_set(tt, t) ? PC_SET : is_dict(tt, t) ? PC_DICT : PC_OPEN;
}

// type_test := 'type' '(' expression ')' ('==' | '!=' | 'is' | 'is not') NAME
// (either way round). A value's class is its static type's where that is
// exact (pair_class: int, str, bool, list, tuple, set, dict); a float may
// be an int in CPython (class_answer), so there only other classes answer.
// The answer is a constant, the value evaluated for its errors; the class
// NAME's ty[] entry keeps whether the classes are the same.
DEVFN int32_t type_test(Sema* s, int32_t call, int32_t cls) {
  if (type_shadowed(s, call)) return refuse_form(s, call);
  int32_t t = expr(s, xtra(s, nd(s, call)->b), 0);
  if (t == T_BAD) return T_BAD;
  const TypeTable* tt = &s->types;
  int exact = pair_class(tt, t) >= PC_BOOL;
  int answer = is_opt(tt, t) || t == T_NONE ? CT_UNSURE : class_answer(s, t, cls);  // isinstance's
  if (answer == CT_IS_INT || answer == CT_IS_FLOAT) {  // an int | float holds no bool: its class is the answer
    note_type(s, cls, answer);
    s->answered_at = call; s->answer = -1;
    return T_BOOL;
  }
  if (answer == CT_TRUE)  // a class the value is an instance of: its own class only where the type is exact
    answer = node_is(s, cls, "object") || (t == T_BOOL && node_is(s, cls, "int")) ? CT_FALSE : exact ? CT_TRUE : CT_UNSURE;
  if (answer < 0 || answer == CT_UNSURE) {
    sema_error(s, nd(s, call)->a, DG_UNSUPPORTED, answer < 0 ? "type() compared with this class"
                                                   : "type() of a value whose class the types leave open");
    return T_BAD;
  }
  note_type(s, cls, answer == CT_TRUE);
  s->answered_at = call; s->answer = answer == CT_TRUE;
  return T_BOOL;
}

// type_pair := 'type' '(' expression ')' ('==' | '!=' | 'is' | 'is not')
//              'type' '(' expression ')'
// Whether two values are of one class: a constant where both types fix
// their classes (pair_class), the run's where an int | float meets an int
// or another int | float (whether each is an int, NUMCONV_IS_INT). Both
// values are evaluated, in order, for their errors. The right call's ty[]
// entry keeps the answer: PAIR_APART, PAIR_SAME or PAIR_RUN.
DEVFN int32_t type_pair(Sema* s, int32_t left, int32_t right) {
  for (int32_t k = 0; k < 2; k++) if (type_shadowed(s, k ? right : left)) return refuse_form(s, k ? right : left);
  int32_t a = expr(s, xtra(s, nd(s, left)->b), 0);
  if (a == T_BAD) return T_BAD;
  int32_t b = expr(s, xtra(s, nd(s, right)->b), 0);
  if (b == T_BAD) return T_BAD;
  int ca = pair_class(&s->types, a), cb = pair_class(&s->types, b);
  if (ca == PC_OPEN || cb == PC_OPEN) {
    sema_error(s, nd(s, ca == PC_OPEN ? left : right)->a, DG_UNSUPPORTED, "type() of a value whose class the types leave open");
    return T_BAD;
  }
  int run = (ca == PC_NUM && (cb == PC_NUM || cb == PC_INT)) || (cb == PC_NUM && ca == PC_INT);
  int answer = run ? PAIR_RUN : ca == cb ? PAIR_SAME : PAIR_APART;  // (a num is never a str, ...)
  note_type(s, right, answer);
  s->answered_at = right; s->answer = run ? -1 : answer == PAIR_SAME;
  return T_BOOL;
}

// class_test := 'isinstance' '(' expression ',' classes ')'      types are
// static: the answer is the value's type's (class_test_answer), the value
// evaluated for its errors. The classes node's ty[] entry keeps the answer
// for the code pass.
DEVFN int32_t class_test(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  int32_t name = c->a;
  if (c->n != 2) return arity_error(s, name, "2 arguments");
  int32_t value = xtra(s, c->b), classes = xtra(s, c->b + 1);
  if (!plain_argument(s, value) || !plain_argument(s, classes)) return T_BAD;
  int32_t t = expr(s, value, 0), at = classes;
  if (t == T_BAD) return T_BAD;
  int answer = class_test_answer(s, t, classes, &at);
  if (answer < 0 || answer == CT_UNSURE) {
    sema_error(s, answer < 0 ? at : name, DG_UNSUPPORTED, answer < 0 ? "isinstance() of this class" :
               "isinstance() where a value of this type may be of another class");
    return T_BAD;
  }
  note_type(s, classes, answer);
  s->answered_at = call; s->answer = answer == CT_TRUE ? 1 : answer == CT_FALSE ? 0 : -1;
  return T_BOOL;
}

// builtin_call := NAME '(' args ')'      a builtin of builtins.def, by its form
// (those of one iterable, SEQ and MINMAX's, are not typed yet)
DEVFN int32_t builtin_call(Sema* s, int32_t call, int32_t name) {
  const Node* c = nd(s, call);
  int32_t b = builtin_of(s, name);
  int form = b >= 0 ? builtin_form(b) : -1;
  if (form == BF_PRINT) return print_call(s, call);
  if (b == BI_SET) return set_call(s, call);
  if (b == BI_DICT) return dict_call(s, call);
  if (b == BI_TUPLE && c->n == 0) return checked(s, name, type_tuple(&s->types, 0, nullptr));  // tuple(): ()
  if (form == BF_CLASSTEST) return class_test(s, call);
  if (form == BF_NEXT) return next_call(s, call);
  if (form == BF_REFUSED) {
    sema_error(s, name, DG_UNSUPPORTED, "builtin '"); msg_node(s, name); msg(s->diag, "'");
    return T_BAD;
  }
  if (c->n > 0 && nd(s, xtra(s, c->b))->kind == ND_STARRED) {
    sema_error(s, xtra(s, c->b), DG_UNSUPPORTED, "argument unpacking");
    return T_BAD;
  }
  int32_t positional = 0;  // before the first keyword: more than one makes min/max pairwise
  while (positional < c->n && nd(s, xtra(s, c->b + positional))->kind != ND_KEYWORD) positional++;
  int single = positional <= 1 || nd(s, xtra(s, c->b))->kind == ND_GENEXP;
  int gen = c->n > 0 && nd(s, xtra(s, c->b))->kind == ND_GENEXP;
  if (gen && (node_is(s, name, "sum") || node_is(s, name, "any") || node_is(s, name, "all"))) return sum_any_all(s, call);
  if (form == BF_SEQ || (form == BF_MINMAX && single)) return sequence_builtin(s, call);
  if (form == BF_ITER || form == BF_LOOP) {
    sema_error(s, name, DG_UNSUPPORTED, ""); msg_node(s, name);
    msg(s->diag, form == BF_ITER ? "() as a value (give it whole to list(), sorted(), sum(), a for loop, ...)"
                                 : "() outside a for loop or comprehension");
    return T_BAD;
  }
  if (form == BF_MINMAX) return min_max(s, call);
  int32_t ts[MAX_PARAMS];
  int keep = node_is(s, name, "bool") || node_is(s, name, "str") || node_is(s, name, "repr");
  int32_t n = builtin_args(s, call, ts, keep);
  if (n < 0) return T_BAD;
  return call_form(s, call, n, ts);
}

// A call of a name: a local (an error), a function of the program, a
// builtin, a name no builtin has (an error after its arguments).
DEVFN int32_t call_name(Sema* s, int32_t call) {
  int32_t name = nd(s, call)->a;
  SemaLocal* l = find_local(s, name);
  if (l) {
    sema_error(s, name, DG_TYPE, "'"); msg_type_in(s->diag, &s->types, l->type); msg(s->diag, "' object is not callable");
    return T_BAD;
  }
  if (!note_called(s, name)) return T_BAD;
  int32_t f = find_func(s, name);
  if (f == -1 && from_math_name(s, name)) return math_fn(s, name, call);
  if (f == -1 && lib_member_read(s, name) >= 0) return lib_call(s, call, lib_member_read(s, name));
  if (f == -2) {
    sema_error(s, name, DG_NAME, "nested function '"); msg_node(s, name); msg(s->diag, "' is called before its def");
    return T_BAD;
  }
  if (f >= 0) return call_function(s, call, name, f);
  if (builtin_of(s, name) >= 0) return builtin_call(s, call, name);
  const Node* c = nd(s, call);
  if (c->n > 0 && (nd(s, xtra(s, c->b))->kind == ND_STARRED)) {  // f(*xs): refused before anything else
    sema_error(s, xtra(s, c->b), DG_UNSUPPORTED, "argument unpacking");
    return T_BAD;
  }
  if (c->n > MAX_PARAMS) return over_limit(s, call, "MAX_PARAMS (arguments in a call)");
  for (int32_t k = 0; k < c->n; k++) {
    int32_t arg = xtra(s, c->b + k);
    if (!plain_argument(s, arg) || expr(s, arg, 0) == T_BAD) return T_BAD;
  }
  sema_error(s, name, DG_NAME, "name '"); msg_node(s, name); msg(s->diag, "' is not defined");
  return T_BAD;
}

// ---- comprehensions

enum SemaSink { SINK_TO_LIST, SINK_TO_SUM, SINK_TO_ANY, SINK_TO_ALL, SINK_TO_DICT, SINK_TO_FIRST };

DEVFN int32_t iterable(Sema* s, int32_t iter, int32_t* ts);
DEVFN int32_t loop_targets(Sema* s, int32_t target, int32_t* names);
DEVFN int unpacked_types(Sema* s, const int32_t* names, int32_t n, const int32_t* its, int32_t nit, int32_t* types);

// comprehension := element ('for' targets 'in' or_test ('if' or_test)*)+
// A LISTCOMP or GENEXP node: its clauses typed first, as Python runs them,
// with its own variables (new locals, shadowing), then the element; the
// result as the sink makes it (a list, a sum, an any/all verdict).
DEVFN int32_t comprehension(Sema* s, int32_t i, int sink) {
  const Node* n = nd(s, i);
  int32_t nlocals = s->f.nlocals, fors = 0;
  for (int32_t k = 0; k < n->n && !halted(s); k++) {
    int32_t clause = xtra(s, n->b + k);
    const Node* c = nd(s, clause);
    if (c->kind == ND_COMPIF) {
      if (raising_operand(s, c->a) < 0) expr(s, c->a, 1);
      continue;
    }
    if (fors++ == MAX_COMP_FORS) {
      sema_error(s, clause, DG_UNSUPPORTED, "more than 4 'for' clauses in one comprehension");
      return T_BAD;
    }
    int32_t names[MAX_TARGETS + 1], its[MAX_ZIP];
    int32_t count = loop_targets(s, c->a, names);
    if (count == 0) return T_BAD;
    int32_t nit = iterable(s, c->b, its);
    if (nit == 0 || halted(s)) return T_BAD;
    int32_t types[MAX_TARGETS];
    if (!unpacked_types(s, names, count, its, nit, types)) return T_BAD;
    for (int32_t q = count - 1; q >= 0; q--) if (!declare_local(s, names[q], types[q])) return T_BAD;
  }
  if (halted(s)) return T_BAD;
  if (sink == SINK_TO_DICT) {  // {key: value for ...}: the key first, as CPython 3.8+
    int32_t key = xtra(s, n->a), value = xtra(s, n->a + 1);
    int32_t kt = expr(s, key, 0), vt = kt == T_BAD ? T_BAD : expr(s, value, 0);
    s->f.nlocals = nlocals;
    return dict_of(s, first_token(s, key), kt, vt);
  }
  int32_t at = first_token(s, n->a);
  if (raising_operand(s, n->a) >= 0) {
    if (sink == SINK_TO_FIRST) return refuse_form(s, n->a);  // (no item: its type is the default's alone)
    // an item that raises: the list is empty and the sum 0 wherever code after it runs, an int's
    s->f.nlocals = nlocals;
    return sink == SINK_TO_ANY || sink == SINK_TO_ALL ? T_BOOL : sink == SINK_TO_SUM ? T_INT : type_list(&s->types, T_INT);
  }
  int32_t t = expr(s, n->a, sink == SINK_TO_ANY || sink == SINK_TO_ALL);
  s->f.nlocals = nlocals;  // the comprehension's variables end with it
  if (t == T_BAD) return T_BAD;
  if ((sink == SINK_TO_LIST || sink == SINK_TO_FIRST) && t == T_NONE) {
    sema_error(s, at, DG_UNSUPPORTED, sink == SINK_TO_LIST ? "a list of None" : "a generator of None");
    return T_BAD;
  }
  if (sink == SINK_TO_FIRST) return t;
  if (sink == SINK_TO_SUM && !any_number(t)) return type_error2(s, at, "sum() of ", t, T_BAD);
  if (sink == SINK_TO_ANY || sink == SINK_TO_ALL) return T_BOOL;
  if (sink == SINK_TO_SUM) return t == T_FLOAT || t == T_NUM ? t : T_INT;
  return checked(s, at, type_list(&s->types, t));
}

// sum, any or all of a generator expression, its only argument
DEVFN int32_t sum_any_all(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  int32_t name = c->a, gen = xtra(s, c->b);
  int sink = node_is(s, name, "sum") ? SINK_TO_SUM : node_is(s, name, "any") ? SINK_TO_ANY : SINK_TO_ALL;
  int32_t t = comprehension(s, gen, sink);
  if (t == T_BAD || c->n == 1) return t;
  // a second argument, after a parenthesized generator (the parser refuses one after a bare one)
  Token comma = token_of(s, nd(s, gen)->pos, TK_COMMA);
  unsupported_at(s, &comma, "a second argument of "); msg_node(s, name);
  return T_BAD;
}

// Whether node i is a literal: a number (negated or not), a str, None,
// True or False, which nothing can order against other code.
DEV int literal_value(const Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  if (n->kind == ND_UNARY && n->op == TK_MINUS) n = nd(s, n->a);
  return n->kind == ND_INT || n->kind == ND_FLOAT || n->kind == ND_STR || n->kind == ND_CONST;
}

// next_call := 'next' '(' generator ',' literal ')'      the generator's
// first item, else the default: of the items' type, or None (an
// Optional of it). The default is a literal, which nothing orders
// against the generator's first iterable (CPython evaluates it between
// that and the first item). Without a default, CPython's StopIteration
// is its own to give.
DEVFN int32_t next_call(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  if (c->n != 2 || nd(s, xtra(s, c->b))->kind != ND_GENEXP || !literal_value(s, xtra(s, c->b + 1)))
    return refuse_form(s, call);
  int32_t dflt = xtra(s, c->b + 1);
  int32_t t = comprehension(s, xtra(s, c->b), SINK_TO_FIRST);
  int32_t d = t == T_BAD ? T_BAD : expr(s, dflt, 0);
  if (d == T_BAD) return T_BAD;
  if (d == t) return t;
  if (d == T_NONE && !is_opt(&s->types, t)) return checked(s, call, type_opt(&s->types, t));
  sema_error(s, dflt, DG_UNSUPPORTED, "a default of next() of another type than its items (");
  msg_type_in(s->diag, &s->types, d); msg(s->diag, " for "); msg_type_in(s->diag, &s->types, t); msg(s->diag, ")");
  return T_BAD;
}

DEVFN int range_args(Sema* s, int32_t call);
DEVFN int32_t iterable_arg(Sema* s, int32_t arg);
DEVFN int32_t iterable_list(Sema* s, int32_t arg, int32_t head, int32_t t);
DEVFN int32_t apply_fn_n(Sema* s, int32_t fn, int32_t n, const int32_t* ts);
DEVFN int32_t apply_fn(Sema* s, int32_t fn, int32_t t);

// map_pairs := 'map' '(' fn ',' seq_arg ',' seq_arg ')'      fn of two
// arguments called on the pairs, as zip() makes them: the list of results
DEVFN int32_t seq_arg(Sema* s, int32_t arg);
DEV int zip_starred(Sema* s, int32_t call);
DEVFN int32_t map_pairs(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  if (!node_is(s, c->a, "map")) return refuse_form(s, call);  // filter(f, a, b): CPython's TypeError
  if (c->n > 3) {
    Token comma = token_of(s, nd(s, first_token(s, xtra(s, c->b + 3)))->pos, TK_COMMA);
    unsupported_at(s, &comma, "map() of more than two iterables");
    return T_BAD;
  }
  int32_t ts[2];
  for (int32_t k = 0; k < 2; k++)
    if ((ts[k] = seq_arg(s, xtra(s, c->b + 1 + k))) == T_BAD) return T_BAD;
  int32_t fn = xtra(s, c->b), kt = apply_fn_n(s, fn, 2, ts);
  if (kt == T_BAD) return T_BAD;
  if (kt == T_NONE) { sema_error(s, first_token(s, fn), DG_TYPE, "the function returns None"); return T_BAD; }
  return checked(s, c->a, type_list(&s->types, kt));
}

// map_filter := ('map' | 'filter') '(' fn ',' iterable_arg ')'      the
// iterable first, then the function applied to its items: the list of
// results (map) or of the items kept (filter)
DEVFN int32_t map_filter(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  if (c->n < 2) return refuse_form(s, call);
  int32_t fn = xtra(s, c->b), arg = xtra(s, c->b + 1);
  for (int32_t k = 0; k < c->n; k++) {
    int kind = nd(s, xtra(s, c->b + k))->kind;
    if (kind == ND_KEYWORD || kind == ND_STARRED) return refuse_form(s, call);
  }
  if (c->n > 2) return map_pairs(s, call);
  if (zip_starred(s, arg)) return refuse_form(s, arg);
  int32_t t = iterable_arg(s, arg);
  if (t == T_BAD) return T_BAD;
  int32_t elem = item_type(s, first_token(s, arg), elem_of(&s->types, t));
  if (elem == T_BAD) return T_BAD;
  int32_t kt = apply_fn(s, fn, elem);
  if (kt == T_BAD) return T_BAD;
  if (!node_is(s, c->a, "map")) return t;
  if (kt == T_NONE) { sema_error(s, first_token(s, fn), DG_TYPE, "the function returns None"); return T_BAD; }
  return checked(s, c->a, type_list(&s->types, kt));
}

// iterable_arg := generator | range args | reversed '(' iterable_arg ')' | expression
// A call of one of the builtins a loop treats apart (range, enumerate, ...),
// by that name: not a local's or a function's.
DEV int loop_builtin(Sema* s, int32_t iter, const char* name) {
  const Node* it = nd(s, iter);
  return it->kind == ND_CALL && node_is(s, it->a, name) && !find_local(s, it->a) && find_func(s, it->a) == -1;
}

// map() or filter() iterated by what may stop before its end (a loop,
// any(), all()): CPython calls the function one item at a time, so it
// never calls it on the items after the stop (which may raise), where the
// VM makes the whole list first. Refused, for CPython to judge.
DEV int lazy_map(Sema* s, int32_t iter) {
  if (!loop_builtin(s, iter, "map") && !loop_builtin(s, iter, "filter")) return 0;
  sema_error(s, nd(s, iter)->a, DG_UNSUPPORTED, "");
  msg_node(s, nd(s, iter)->a);
  msg(s->diag, "() in a loop, any() or all(): CPython calls its function one item at a time");
  return 1;
}

// Whether call is zip(*rows).
DEV int zip_starred(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  return loop_builtin(s, call, "zip") && c->n == 1 && nd(s, xtra(s, c->b))->kind == ND_STARRED &&
         nd(s, xtra(s, c->b))->op == TK_STAR;
}

// zip_rows := 'zip' '(' '*' expression ')'      the rows (a list or tuple
// of lists or tuples of one item type T) transposed: the list of the
// tuple[T, ...]s of their i-th items, for each i below the shortest row's
// length (the list's type, noted at the call for the code pass). CPython
// draws a step from each row's iterator in turn, so it sees a change made
// to a row between its steps; a list made first would not. Rows that are
// lists are taken only where nothing runs between the steps: an iterable
// a builtin draws whole (Sema.whole_at). Tuples never change.
DEVFN int32_t zip_rows(Sema* s, int32_t call) {
  int32_t rows = nd(s, xtra(s, nd(s, call)->b))->a, at = first_token(s, rows);
  int32_t x = expr(s, rows, 0);
  if (x == T_BAD) return T_BAD;
  const TypeTable* tt = &s->types;
  int32_t r = is_seq(tt, x) ? elem_of(tt, x) : is_tuple(tt, x) ? tuple_common(tt, x) : T_BAD;
  int32_t e = is_seq(tt, r) ? elem_of(tt, r) : is_tuple(tt, r) ? tuple_common(tt, r) : T_BAD;
  if (e == T_BAD || e == T_UNK) {
    sema_error(s, at, DG_UNSUPPORTED, "zip(*rows) of a "); msg_type_in(s->diag, tt, x);
    return T_BAD;
  }
  if (is_list(tt, r) && s->whole_at != call) {
    sema_error(s, at, DG_UNSUPPORTED, "zip(*rows) of lists drawn a step at a time (CPython sees a row changed between steps)");
    return T_BAD;
  }
  int32_t t = checked(s, call, type_list(&s->types, type_vtuple(&s->types, e)));
  note_type(s, call, t);
  return t;
}

// zip(a, b, ...) given whole to a builtin: the list of its tuples (the
// name's type, for the code pass).
DEVFN int32_t zip_args(Sema* s, int32_t call, int32_t* ts);
DEVFN int32_t zip_list(Sema* s, int32_t call) {
  if (zip_starred(s, call)) return zip_rows(s, call);
  int32_t ts[MAX_ZIP], n = zip_args(s, call, ts);
  if (n == 0) return T_BAD;
  int32_t pair = checked(s, call, type_tuple(&s->types, n, ts));
  int32_t t = pair == T_BAD ? T_BAD : checked(s, nd(s, call)->a, type_list(&s->types, pair));
  note_type(s, nd(s, call)->a, t);
  return t;
}

// fromkeys := 'dict' '.' 'fromkeys' '(' iterable_arg ')'      given whole
// to a builtin: the keys of the dict it makes, which are the iterable's
// distinct items in the order first met (ints, bools or strs: by ==, as
// a dict keys them; a float's nan is keyed by identity, which the VM
// does not keep). Its list type.
DEV int fromkeys_call(Sema* s, int32_t i) {
  const Node* c = nd(s, i);
  if (c->kind != ND_CALL || c->n != 1 || nd(s, c->a)->kind != ND_ATTR || !node_is(s, c->a, "fromkeys")) return 0;
  int32_t obj = nd(s, c->a)->a;
  return nd(s, obj)->kind == ND_NAME && node_is(s, obj, "dict") && !find_local(s, obj) && find_func(s, obj) == -1;
}
DEVFN int32_t fromkeys_list(Sema* s, int32_t call) {
  int32_t arg = xtra(s, nd(s, call)->b);
  if (nd(s, arg)->kind == ND_KEYWORD || nd(s, arg)->kind == ND_STARRED) return refuse_form(s, call);
  int32_t t = iterable_arg(s, arg);
  if (t == T_BAD) return T_BAD;
  int32_t e = elem_of(&s->types, t);
  if (e == T_INT || e == T_BOOL || e == T_STR || e == T_UNK) return t;
  sema_error(s, first_token(s, arg), DG_UNSUPPORTED, "dict.fromkeys of a "); msg_type_in(s->diag, &s->types, t);
  return T_BAD;
}

// Which of the builtins iterable_arg makes lists of NAME node head calls
// (its index in iters), or -1.
DEV int iter_builtin(Sema* s, int32_t head) {
  const char* iters[] = {"range", "reversed", "map", "filter", "zip"};
  for (int32_t k = 0; k < 5; k++)
    if (node_is(s, head, iters[k]) && nd(s, head)->kind == ND_NAME && !find_local(s, head) && find_func(s, head) == -1)
      return k;
  return -1;
}
// Whether iterable_arg makes argument arg's list itself (a generator, a
// call of range, map, ..., dict.fromkeys), not from the value of an expression.
DEVFN int iterable_made(Sema* s, int32_t arg) {
  return nd(s, arg)->kind == ND_GENEXP || fromkeys_call(s, arg) || iter_builtin(s, first_token(s, arg)) >= 0;
}

// The list type of an iterable given whole to a builtin (a str gives its
// characters; range, reversed, map, filter and zip their values).
DEVFN int32_t iterable_arg(Sema* s, int32_t arg) {
  const Node* a = nd(s, arg);
  if (a->kind == ND_GENEXP) {  // (its list type for the code pass: an item that raises has none)
    int32_t t = comprehension(s, arg, SINK_TO_LIST);
    note_type(s, arg, t);
    return t;
  }
  if (fromkeys_call(s, arg)) return fromkeys_list(s, arg);
  int32_t head = first_token(s, arg);
  int k = iter_builtin(s, head);
  if (k >= 0) {
    int32_t call = arg;  // the call whose callee is that name: the argument itself, or inside it
    while (nd(s, call)->kind != ND_CALL || nd(s, call)->a != head) {
      const Node* c = nd(s, call);
      if (c->kind != ND_BINOP && c->kind != ND_SUBSCRIPT && c->kind != ND_CALL && c->kind != ND_ATTR) return refuse_form(s, arg);
      call = c->a;
    }
    if (k == 1 && nd(s, call)->n != 1) return refuse_form(s, arg);
    int32_t t = k == 0 ? (range_args(s, call) ? checked(s, head, type_list(&s->types, T_INT)) : T_BAD)
              : k == 1 ? iterable_arg(s, xtra(s, nd(s, call)->b)) : k == 4 ? zip_list(s, call) : map_filter(s, call);
    if (t == T_BAD || halted(s)) return T_BAD;
    if (call != arg) {
      sema_error(s, head, DG_UNSUPPORTED, ""); msg_node(s, head);
      msg(s->diag, "() inside an expression (give it whole to list(), sorted(), sum(), a for loop, ...)");
      return T_BAD;
    }
    return t;
  }
  return iterable_list(s, arg, head, view_expr(s, arg));
}

// The list type of an iterable argument arg (its first token head) of type
// t: a str's characters, a list, a tuple's items, a set's or dict's keys.
DEVFN int32_t iterable_list(Sema* s, int32_t arg, int32_t head, int32_t t) {
  if (t != T_BAD) t = decay(s, arg, t);
  if (t == T_BAD) return T_BAD;
  t = tuple_list(s, arg, t);
  if (t == T_STR) return checked(s, head, type_list(&s->types, T_STR));
  if (is_list(&s->types, t)) return t;
  if (is_vtuple(&s->types, t)) return checked(s, head, type_list(&s->types, elem_of(&s->types, t)));
  if (is_set(&s->types, t) || is_dict(&s->types, t))  // its keys (set_items, dict_items)
    return checked(s, head, type_list(&s->types, item_type(s, head, elem_of(&s->types, t))));
  if (is_tuple(&s->types, t)) return tuple_unlike(s, head, t);
  sure_raise(s, arg, 1, t);
  sema_error(s, head, DG_TYPE, "'"); msg_type_in(s->diag, &s->types, t); msg(s->diag, "' object is not iterable here");
  return T_BAD;
}

// A builtin usable as a function of one argument of type t (key=): the
// result's type, or the refusal (key_builtin).
DEVFN int32_t key_builtin(Sema* s, int32_t name, int32_t t) {
  const TypeTable* tt = &s->types;
  if (node_is(s, name, "len") && (t == T_STR || is_seq(tt, t))) return T_INT;
  if (node_is(s, name, "abs") && number(t)) return t == T_BOOL ? T_INT : t;
  if (node_is(s, name, "str") && (number(t) || t == T_STR)) return T_STR;
  if (node_is(s, name, "int") && (number(t) || t == T_STR)) return T_INT;
  if (node_is(s, name, "float") && (intlike(t) || t == T_STR)) return T_FLOAT;
  if (node_is(s, name, "bool")) return T_BOOL;
  if (node_is(s, name, "ord") && t == T_STR) return T_INT;
  if (node_is(s, name, "sum") && is_seq(tt, t) && (intlike(elem_of(tt, t)) || elem_of(tt, t) == T_FLOAT))
    return elem_of(tt, t) == T_FLOAT ? T_FLOAT : T_INT;  // (an empty list's float sum, the int 0: Unsupported)
  sema_error(s, name, DG_UNSUPPORTED, ""); msg_node(s, name); msg(s->diag, " of "); msg_type_in(s->diag, tt, t);
  msg(s->diag, " as a function argument");
  return T_BAD;
}

// fn := 'lambda' params ':' expression | NAME ['.' NAME]      a function
// of the n arguments of types ts (a key=, map's function): its result's
// type (apply_fn). Builtins and str methods take one argument.
DEVFN int32_t apply_lambda(Sema* s, int32_t fn, int32_t n, const int32_t* ts) {
  const Node* f = nd(s, fn);
  if (f->n != n) {
    if (f->n == 0) return refuse_form(s, fn);
    if (n > 1) {  // CPython's TypeError when map() calls it
      sema_error(s, fn, DG_UNSUPPORTED, "a lambda of "); msg_int(s->diag, f->n);
      msg(s->diag, f->n == 1 ? " parameter" : " parameters"); msg(s->diag, " given 2 items by map()");
      return T_BAD;
    }
    Token comma = token_after(s, nd(s, xtra(s, f->b))->pos + nd(s, xtra(s, f->b))->len, 1);
    unsupported_at(s, &comma, "a lambda of more than one parameter here");
    return T_BAD;
  }
  int32_t nlocals = s->f.nlocals;
  for (int32_t k = 0; k < n; k++) {
    int32_t param = xtra(s, f->b + k);
    if (nd(s, param)->b >= 0) {
      Token eq = token_after(s, nd(s, param)->pos + nd(s, param)->len, 1);
      unsupported_at(s, &eq, "a lambda parameter's default");
      return T_BAD;
    }
    if (!declare_local(s, param, ts[k])) return T_BAD;  // the lambda's own names: shadow locals
  }
  int32_t r = expr(s, f->a, 0);
  s->f.nlocals = nlocals;
  return r;
}
// The value of int literal x (negated or not) into *k, where it is one.
DEV int small_int_literal(const Sema* s, int32_t x, int64_t* k) {
  if (!literal_index(s, x)) return 0;
  int neg = nd(s, x)->kind == ND_UNARY;
  const Node* lit = nd(s, neg ? nd(s, x)->a : x);
  if ((lit->op & TF_INT_BIG) || lit->b != 0 || lit->a < 0) return 0;
  *k = neg ? -(int64_t)lit->a : lit->a;
  return 1;
}

// itemgetter := 'itemgetter' '(' INT ')'      (from operator) as a key= or
// map's function: item k of each item, a literal k (a tuple's items have
// types of their own); the item's type. CPython's itemgetter(k)(x) is x[k].
DEV int32_t lib_member_read(Sema* s, int32_t i);
DEVFN int32_t itemgetter_key(Sema* s, int32_t call, int32_t t) {
  const Node* c = nd(s, call);
  const TypeTable* tt = &s->types;
  int64_t k;
  if (c->n != 1 || !small_int_literal(s, xtra(s, c->b), &k)) return refuse_form(s, call);
  if (is_seq(tt, t)) return item_type(s, call, elem_of(tt, t));
  if (!is_tuple(tt, t)) return refuse_form(s, call);
  if (k < 0) k += tt->t[t].n;
  if (k < 0 || k >= tt->t[t].n) return refuse_form(s, call);  // (CPython's IndexError, at the first item)
  return tt->t[t].items[k];
}

DEVFN int32_t apply_fn_n(Sema* s, int32_t fn, int32_t n, const int32_t* ts) {
  const Node* f = nd(s, fn);
  if (f->kind == ND_LAMBDA) return apply_lambda(s, fn, n, ts);
  if (f->kind == ND_CALL && nd(s, f->a)->kind == ND_NAME && lib_member_read(s, f->a) == LF_ITEMGETTER)
    return n == 1 ? itemgetter_key(s, fn, ts[0]) : refuse_form(s, fn);
  if (f->kind == ND_ATTR && nd(s, f->a)->kind == ND_NAME && node_is(s, f->a, "str") && n == 1) {  // str.lower, str.upper
    if (ts[0] == T_STR && (node_is(s, fn, "lower") || node_is(s, fn, "upper"))) return T_STR;
    sema_error(s, fn, DG_UNSUPPORTED, "str."); msg_node(s, fn); msg(s->diag, " as a function here");
    return T_BAD;
  }
  if (f->kind != ND_NAME) {
    if (f->kind == ND_ATTR) return refuse_form(s, fn);
    sema_error(s, first_token(s, fn), DG_UNSUPPORTED, "this function argument (use a lambda or a function name)");
    return T_BAD;
  }
  int32_t g = find_local(s, fn) ? -1 : find_func(s, fn);
  if (g < 0) return n == 1 ? key_builtin(s, fn, ts[0]) : refuse_form(s, fn);
  const SemaFunc* fs = &s->funcs[g];
  if (fs->nparams == n && !typed_at_use(s, fn, fn, g, ts)) return T_BAD;  // typed by the first item
  int fits = fs->nparams == n;
  for (int32_t k = 0; k < n && fits; k++) fits = type_fits(&s->types, fs->ptype[k], ts[k]);
  if (!fits) {
    sema_error(s, fn, DG_TYPE, "function '"); msg_node(s, fn); msg(s->diag, "' does not take ");
    if (n == 1) { msg(s->diag, "one "); msg_type_in(s->diag, &s->types, ts[0]); }
    else { msg_type_in(s->diag, &s->types, ts[0]); msg(s->diag, " and "); msg_type_in(s->diag, &s->types, ts[1]); }
    return T_BAD;
  }
  if (!note_called(s, fn)) return T_BAD;
  if (g == s->entry) s->entry_called = 1;
  return fs->ret;
}
DEVFN int32_t apply_fn(Sema* s, int32_t fn, int32_t t) { return apply_fn_n(s, fn, 1, &t); }

// The key function applied to each item (map_list): its result's type.
DEVFN int32_t key_type(Sema* s, int32_t fn, int32_t elem) {
  int32_t kt = apply_fn(s, fn, elem);
  if (kt == T_NONE) { sema_error(s, first_token(s, fn), DG_TYPE, "the function returns None"); return T_BAD; }
  return kt;
}

// sort_args := (',' ('key' '=' fn | 'reverse' '=' expression))* ')'      from
// argument `first` of the call on: reverse= is read before the key, as
// CPython evaluates every argument before the sort calls key=
DEVFN int sort_args(Sema* s, int32_t call, int32_t first, int32_t elem) {
  const Node* c = nd(s, call);
  int reverse = 0;
  int32_t key = -1;
  for (int32_t k = first; k < c->n; k++) {
    int32_t arg = xtra(s, c->b + k);
    if (nd(s, arg)->kind != ND_KEYWORD) { sema_error_tok(s, first_token(s, arg), DG_TYPE, "expected key= or reverse= here"); return 0; }
    if (node_is(s, arg, "key") && key < 0) { key = nd(s, arg)->a; continue; }
    if (!node_is(s, arg, "reverse") || reverse) {
      sema_error(s, arg, DG_UNSUPPORTED, "keyword '"); msg_node(s, arg); msg(s->diag, "=' here");
      return 0;
    }
    reverse = 1;
    int32_t value = nd(s, arg)->a;
    int32_t t = expr(s, value, 0);
    if (t == T_BAD) return 0;
    if (!intlike(t)) {
      sema_error(s, first_token(s, value), DG_TYPE, "reverse= must be a bool, got "); msg_type_in(s->diag, &s->types, t);
      return 0;
    }
  }
  return key < 0 || key_type(s, key, elem) != T_BAD;
}

// sum_from := ',' ['start' '='] expression ')'      sum(xs, start) as CPython adds
DEVFN int32_t sum_from(Sema* s, int32_t call, int32_t t, int32_t elem) {
  int32_t arg = xtra(s, nd(s, call)->b + 1), value = arg;
  if (nd(s, arg)->kind == ND_KEYWORD) {
    if (!node_is(s, arg, "start")) {
      sema_error(s, arg, DG_UNSUPPORTED, "keyword argument '"); msg_node(s, arg); msg(s->diag, "' of sum");
      return T_BAD;
    }
    value = nd(s, arg)->a;
  }
  if (nd(s, call)->n > 2) return refuse_form(s, call);
  int32_t st = expr(s, value, 0);
  if (st == T_BAD) return T_BAD;
  int32_t at = first_token(s, value);
  if (st == T_BOOL) { sema_error(s, at, DG_UNSUPPORTED, "a bool start of sum()"); return T_BAD; }
  if (intlike(elem) && st == T_INT) return T_INT;
  if (number(elem) && number(st)) return T_FLOAT;
  if (is_list(&s->types, elem) && is_list(&s->types, st) && unify(s, elem, st) != T_BAD) return unify(s, elem, st);
  sema_error(s, at, DG_TYPE, "sum() of "); msg_type_in(s->diag, &s->types, t);
  msg(s->diag, " from a start of type "); msg_type_in(s->diag, &s->types, st);
  return T_BAD;
}

// any_map := ('any' | 'all') '(' 'map' '(' fn ',' seq_arg ')' ')'      fn
// called one item at a time, as a for loop over the map calls it, until
// an item's truth decides (CPython's map is lazy: fn never meets the rest)
DEVFN int32_t any_map(Sema* s, int32_t map) {
  const Node* c = nd(s, map);
  for (int32_t k = 0; k < 2; k++) {
    int kind = nd(s, xtra(s, c->b + k))->kind;
    if (kind == ND_KEYWORD || kind == ND_STARRED) return refuse_form(s, map);
  }
  int32_t e = seq_arg(s, xtra(s, c->b + 1));
  if (e == T_BAD) return T_BAD;
  int32_t fn = xtra(s, c->b), t = apply_fn(s, fn, e);
  if (t == T_NONE) sema_error(s, first_token(s, fn), DG_TYPE, "the function returns None");  // (its truth is False)
  return t == T_BAD || t == T_NONE ? T_BAD : T_BOOL;
}

// sequence_builtin := ('sum' | 'any' | 'all' | 'min' | 'max' | 'sorted' | 'list') '(' iterable_arg ... ')'
DEVFN int32_t sequence_builtin(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  int32_t name = c->a;
  int sorted = node_is(s, name, "sorted"), list = node_is(s, name, "list") || node_is(s, name, "tuple");
  int minmax = node_is(s, name, "min") || node_is(s, name, "max"), sum = node_is(s, name, "sum");
  if (list && c->n == 0) return checked(s, name, type_list(&s->types, T_UNK));
  if (c->n == 0 || nd(s, xtra(s, c->b))->kind == ND_KEYWORD) return refuse_form(s, call);
  int32_t arg = xtra(s, c->b), at = first_token(s, arg);
  if ((node_is(s, name, "any") || node_is(s, name, "all")) && c->n == 1 && loop_builtin(s, arg, "map") &&
      nd(s, arg)->n == 2)
    return any_map(s, arg);
  if ((node_is(s, name, "any") || node_is(s, name, "all")) && lazy_map(s, arg)) return T_BAD;
  int whole = !minmax || c->n == 1;  // (min and max call key= on the items as they draw them)
  int32_t was = s->whole_at;
  if (whole) s->whole_at = arg;
  int32_t t = iterable_arg(s, arg);
  s->whole_at = was;
  if (t == T_BAD) return T_BAD;
  int32_t elem = item_type(s, at, elem_of(&s->types, t));
  if (elem == T_BAD) return T_BAD;
  if (sorted) return sort_args(s, call, 1, elem) ? t : T_BAD;
  if (c->n > 1) {
    if (minmax) {  // min(xs, key=f): the first least key
      int32_t kw = xtra(s, c->b + 1);
      if (nd(s, kw)->kind != ND_KEYWORD || !node_is(s, kw, "key")) {
        sema_error(s, first_token(s, kw), DG_UNSUPPORTED, "this argument of min/max of an iterable (only key=)");
        return T_BAD;
      }
      if (c->n > 2) return refuse_form(s, call);
      return key_type(s, nd(s, kw)->a, elem) == T_BAD ? T_BAD : elem;
    }
    if (sum) return sum_from(s, call, t, elem);
    int32_t second = xtra(s, c->b + 1);
    if (nd(s, first_token(s, second))->kind == ND_NAME) {
      int32_t kw = first_token(s, second);
      sema_error(s, kw, DG_UNSUPPORTED, "keyword argument '"); msg_node(s, kw); msg(s->diag, "' of "); msg_node(s, name);
    } else {
      Token comma = token_of(s, nd(s, at)->pos, TK_COMMA);
      unsupported_at(s, &comma, "a second argument of "); msg_node(s, name);
    }
    return T_BAD;
  }
  if (list) return node_is(s, name, "tuple") ? tuple_call(s, name, t) : t;
  if (minmax) {
    if (!any_number(elem) && elem != T_STR && !is_tuple(&s->types, elem) && !is_seq(&s->types, elem)) {
      sema_error(s, at, DG_TYPE, "bad argument type for "); msg_node(s, name); msg(s->diag, "(): ");
      msg_type_in(s->diag, &s->types, t);
      return T_BAD;
    }
    return elem;
  }
  if (sum) {
    if (intlike(elem)) return T_INT;
    if (elem == T_FLOAT || elem == T_NUM) return elem;
    return type_error2(s, at, "sum() of ", t, T_BAD);
  }
  return T_BOOL;  // any, all
}

// conditional := or_test ['if' or_test 'else' conditional]      (an
// Optional made of a T branch and a None one is not typed yet)
// The Optional[T] where branches of types t (a T) and u (None or an
// Optional[T]) meet; T_BAD when they do not meet so.
DEV int32_t optional_meet(Sema* s, int32_t at, int32_t t, int32_t u) {
  if (t == T_BAD || u == T_BAD || t == T_NONE || is_opt(&s->types, t)) return T_BAD;
  if (u == T_NONE) return optional(s, at, t);
  return is_opt(&s->types, u) && type_fits(&s->types, elem_of(&s->types, u), t) ? u : T_BAD;
}

// conditional := or_test ['if' or_test 'else' conditional]
// `x if x is not None else y` reads x not None.
DEVFN int32_t ifexp(Sema* s, int32_t i, int cond) {
  int32_t at = nd(s, i)->a, body = xtra(s, at), test = xtra(s, at + 1);
  SemaLocal* nl = nd(s, body)->kind == ND_NAME ? none_test(s, test, 1) : 0;
  if (nl && !same_text(s, nl->name, body)) nl = 0;
  int32_t old_in = nl ? nl->narrow_in : 0, old_loops = nl ? nl->narrow_loops : 0;
  if (nl) narrow(s, nl, current_block(s));
  int raises = raising_operand(s, body) >= 0;  // a branch that raises has no value: the other's type
  int32_t t = raises ? T_NONE : expr(s, body, cond);
  if (nl) { nl->narrow_in = old_in; nl->narrow_loops = old_loops; }
  if (t == T_BAD || expr(s, test, 1) == T_BAD) return T_BAD;
  if (raising_operand(s, xtra(s, at + 2)) >= 0) return raises ? refuse_form(s, i) : t;
  int32_t e = expr(s, xtra(s, at + 2), cond);
  if (e == T_BAD) return T_BAD;
  if (raises) return e;
  if (unify(s, t, e) != T_BAD) return unify(s, t, e);
  int32_t ot = optional_meet(s, i, t, e), oe = optional_meet(s, i, e, t);
  if (ot != T_BAD || oe != T_BAD) return ot != T_BAD ? ot : oe;
  if (i == s->union_at && coercible(s, s->union_want, t) && coercible(s, s->union_want, e)) return s->union_want;
  if (!cond && num_pair(t, e)) return s->saw_num = 1, T_NUM;  // an int on one branch, a float on the other
  int32_t tuples = cond ? T_BAD : tuples_meet(s, i, t, e);  // tuples of several lengths, one item type
  if (tuples != T_BAD) return tuples;
  return type_error2(s, i, "conditional expression branches must have one type, got ", t, e);
}

// A call of a value that is no function (a literal, a subscript, a call's
// result; a lambda is refused where it stands): the error at its '('.
DEVFN int32_t not_callable(Sema* s, int32_t call) {
  int32_t t = expr(s, nd(s, call)->a, 0);
  if (t == T_BAD) return T_BAD;
  return type_error2(s, call, "'", t, T_BAD), msg(s->diag, "' object is not callable"), T_BAD;
}

// expression: its type (T_BAD after an error).
// cond: it is a truth test (if/while/assert/not), where any type will do.
DEVFN int32_t expr(Sema* s, int32_t i, int cond) {
  if (halted(s)) return T_BAD;
  const Node* n = nd(s, i);
  int32_t t;
  switch (n->kind) {
    case ND_INT: case ND_FLOAT: case ND_STR: case ND_CONST: t = literal(s, i); break;
    case ND_FSTRING: t = fstring(s, i); break;
    case ND_NAME: t = name_read(s, i); break;
    case ND_GROUP: t = expr(s, n->a, 0); break;  // a value in parentheses, tested whole
    case ND_UNARY: t = unary(s, i, cond); break;
    case ND_BINOP: t = binop(s, i); break;
    case ND_COMPARE: t = compare(s, i); break;
    case ND_BOOLOP: t = logic_type(s, i, cond); break;
    case ND_CALL:
      t = nd(s, n->a)->kind == ND_NAME ? call_name(s, i) : nd(s, n->a)->kind == ND_ATTR ? method_call(s, i) : not_callable(s, i);
      break;
    case ND_LIST: t = list_display(s, i); break;
    case ND_TUPLE: t = tuple_display(s, i); break;
    case ND_IFEXP: t = ifexp(s, i, cond); break;
    case ND_ATTR: t = attribute(s, i); break;
    case ND_UNSUPPORTED: t = refuse_unsupported(s, i); break;
    case ND_LAMBDA: sema_error(s, i, DG_UNSUPPORTED, "lambda outside key="); t = T_BAD; break;
    case ND_GENEXP:  // (x for x in xs) as a value
      if (bare_genexp(s, i)) { t = refuse_form(s, i); break; }
      sema_error(s, i, DG_UNSUPPORTED, "generator expression outside a call of sum, any, all, min, max, sorted, list or join");
      t = T_BAD;
      break;
    case ND_WALRUS: t = walrus(s, i); break;
    case ND_LISTCOMP: t = comprehension(s, i, SINK_TO_LIST); break;
    case ND_SET: case ND_SETCOMP: t = set_display(s, i); break;
    case ND_DICT: t = dict_display(s, i); break;
    case ND_DICTCOMP: t = comprehension(s, i, SINK_TO_DICT); break;
    case ND_SUBSCRIPT: t = subscript(s, i); break;
    default: t = refuse_form(s, i);
  }
  if (halted(s)) return T_BAD;
  note_type(s, i, t);
  if (t == T_NUM) s->saw_num = 1;
  return cond && t != T_BAD ? T_BOOL : t;
}

// ---- learning an empty list's item type

// The first `l.append(x)` or `l.insert(i, x)` after node `read` in the
// function (source order): its CALL, or -1. A name `l` that is some
// object's attribute on the way would be read so too: not typed yet.
DEVFN int32_t next_append(Sema* s, const SemaLocal* l, int32_t read) {
  int32_t best = -1, best_pos = s->fn_end, from = nd(s, read)->pos;
  for (int32_t i = 0; i < s->t->n_nodes; i++) {
    const Node* c = nd(s, i);
    if (c->kind == ND_ATTR && c->pos > from && c->pos < best_pos && same_text(s, i, l->name)) return -2;
    if (c->kind != ND_CALL || nd(s, c->a)->kind != ND_ATTR) continue;
    const Node* attr = nd(s, c->a);
    const Node* obj = nd(s, attr->a);
    if (obj->kind != ND_NAME || obj->pos <= from || obj->pos >= best_pos || !same_text(s, attr->a, l->name)) continue;
    int set = is_set(&s->types, l->type);
    int tells = set ? node_is(s, c->a, "add") || node_is(s, c->a, "update")
                    : node_is(s, c->a, "append") || node_is(s, c->a, "insert");
    if (tells) { best = i; best_pos = obj->pos; }
  }
  return best;
}

// Expressions a[0, n) typed ahead, in order, as a look ahead does: their
// types into ts (T_BAD from the first that fails on); what they declare,
// call or report does not stay. Returns 0 where the look ahead met a form
// it gives up on (the caller's cannot_learn).
DEVFN int discover_types(Sema* s, const int32_t* a, int32_t n, int32_t* ts) {
  Diag saved = *s->diag;
  int32_t nlocals = s->f.nlocals, ncalled = s->f.ncalled;
  s->discovering = 1;
  for (int32_t k = 0; k < n; k++) ts[k] = s->diag->cls == DG_OK && !s->stop ? expr(s, a[k], 0) : T_BAD;
  int gave = s->stop;
  s->discovering = 0;
  *s->diag = saved;
  s->f.nlocals = nlocals; s->f.ncalled = ncalled; s->stop = 0;
  return !gave;
}

// Find further on in the function what tells l's item type: its first
// append or insert, whose item is typed there (with the locals of here)
// and thrown away; an error on the way leaves l as it was.
DEVFN void learn_list_type(Sema* s, SemaLocal* l, int32_t read) {
  if (s->discovering) return;
  if (s->funcs[s->f.fn].parent >= 0) { cannot_learn(s, read); return; }  // (a nested def's look ahead ends with it)
  int32_t call = next_append(s, l, read);
  if (call == -2) { cannot_learn(s, read); return; }
  if (call < 0) return;
  const Node* c = nd(s, call);
  int insert = node_is(s, c->a, "insert");
  for (int32_t k = 0; k < c->n; k++) {
    int kind = nd(s, xtra(s, c->b + k))->kind;
    if (kind == ND_STARRED || kind == ND_KEYWORD || kind == ND_GENEXP) { cannot_learn(s, read); return; }
  }
  int32_t args[2], ts[2] = {T_BAD, T_BAD};
  int32_t n = c->n >= 1 + insert ? 1 + insert : 0;  // (too few arguments: the reader meets ')' for an expression)
  for (int32_t k = 0; k < n; k++) args[k] = xtra(s, c->b + k);
  if (!discover_types(s, args, n, ts)) { cannot_learn(s, read); return; }
  int32_t t = ts[insert];
  if (t == T_BAD || t == T_NONE || type_unknown(&s->types, t)) return;
  int set = is_set(&s->types, l->type);
  if (set && node_is(s, c->a, "update") && t != T_BAD)  // an iterable's items
    t = t == T_STR ? T_STR : is_seq(&s->types, t) || is_set(&s->types, t) ? elem_of(&s->types, t) : T_BAD;
  if (set && t != T_INT && t != T_BOOL && t != T_STR) return;
  int32_t lt = set ? type_set(&s->types, t) : type_list(&s->types, t);
  if (lt != T_BAD) l->type = lt;
}

// The value a later `l = x` gives, as a reader of the source finds it: the
// first NAME l followed by '=' at bracket depth 0 counted from `from` (a
// statement's or a keyword argument's), before `end`; its x's node, or -1.
// A read inside brackets counts from their depth: the brackets it is in
// close before the statements after it.
DEVFN int32_t next_assignment(Sema* s, const SemaLocal* l, int32_t from, int32_t end) {
  Lexer L;
  Diag quiet;
  lex_from(s, &L, &quiet, from, 0);
  Token cur = lex_next(&L), nxt = lex_next(&L);
  for (int32_t depth = 0; cur.kind != TK_EOF && cur.kind != TK_ERROR && cur.start < end;) {
    depth += bracket_delta(cur.kind);
    if (depth < 0) depth = 0;
    if (cur.kind == TK_NAME && depth == 0 && nxt.kind == TK_ASSIGN &&
        spans_equal(s->src + cur.start, cur.len, s->src + nd(s, l->name)->pos, nd(s, l->name)->len)) {
      for (int32_t i = 0; i < s->t->n_nodes; i++) {
        const Node* n = nd(s, i);
        if (n->kind == ND_ASSIGN && n->n == 2 && nd(s, xtra(s, n->a))->pos == cur.start) return xtra(s, n->a + 1);
        if (n->kind == ND_KEYWORD && n->pos == cur.start) return n->a;
      }
      return -2;  // (a chain's target: not typed yet)
    }
    cur = nxt;
    nxt = lex_next(&L);
  }
  return -1;
}

// Find further on in the function what tells the T of l, a variable that
// holds None so far: its first assignment `l = x` of something else than
// None, x typed there (with the locals of here) and thrown away.
DEVFN void learn_optional_type(Sema* s, SemaLocal* l, int32_t read) {
  if (s->discovering) return;
  if (s->funcs[s->f.fn].parent >= 0) { cannot_learn(s, read); return; }  // (a nested def's look ahead ends with it)
  int32_t from = nd(s, read)->pos + nd(s, read)->len;
  for (;;) {
    int32_t value = next_assignment(s, l, from, s->fn_end);
    if (value == -2) { cannot_learn(s, read); return; }
    if (value < 0) return;
    int32_t t;
    if (!discover_types(s, &value, 1, &t)) { cannot_learn(s, read); return; }
    if (t == T_NONE) { from = nd(s, value)->pos; continue; }  // `l = None` again: look further
    if (t == T_BAD || type_unknown(&s->types, t)) return;
    int32_t lt = is_opt(&s->types, t) ? t : type_opt(&s->types, t);
    if (lt != T_BAD) l->type = lt;
    return;
  }
}

// NAME ':=' expression: refused at the ':=' where the compiler reads NAME
// as a value first (a local, or a name it does not know)
DEVFN int32_t walrus(Sema* s, int32_t i) {
  int32_t name = nd(s, i)->a;
  if (!find_local(s, name) &&
      (find_func(s, name) != -1 || builtin_of(s, name) >= 0 || const_of(s, name) >= 0 || from_math_name(s, name) ||
       lib_read(s, name) || node_is(s, name, "math") || (s->f.fn >= 0 && s->funcs[s->f.fn].parent >= 0)))
    return refuse_form(s, i);
  sema_error(s, i, DG_UNSUPPORTED, "assignment expression ':='");
  return T_BAD;
}

// ---- list methods

// The list method node `name` names, as an index into this list, or -1
// (sort, whose call is typed apart, too).
DEV int list_method_id(const Sema* s, int32_t name) {
  const char* known[] = {"append", "extend", "insert", "pop", "remove", "index", "count", "reverse", "clear", "copy"};
  for (int32_t k = 0; k < 10; k++) if (node_is(s, name, known[k])) return k;
  return -1;
}

// list.NAME(args) on a list of type t; origin: the local it was read from
// (an empty one learns its item type from its own append, extend or insert).
DEVFN int32_t list_method(Sema* s, int32_t call, int32_t t, SemaLocal* origin) {
  const Node* c = nd(s, call);
  int32_t name = c->a;
  const TypeTable* tt = &s->types;
  int32_t elem = elem_of(tt, t);
  int is = list_method_id(s, name);
  if (node_is(s, name, "sort")) {
    if (item_type(s, name, elem) == T_BAD) return T_BAD;
    return sort_args(s, call, 0, elem) ? T_NONE : T_BAD;
  }
  if (is < 0) { sema_error(s, name, DG_UNSUPPORTED, "list."); msg_node(s, name); return T_BAD; }
  int32_t ts[MAX_PARAMS];
  int32_t n = builtin_args(s, call, ts, 0);
  if (n < 0) return T_BAD;
  if (is == 5 && n > 1) { sema_error(s, name, DG_UNSUPPORTED, "index() with start/end"); return T_BAD; }
  int32_t want = is == 2 ? 2 : is == 3 ? (n > 1 ? 1 : n) : is >= 7 ? 0 : 1;
  if (n != want) {
    sema_error(s, name, DG_TYPE, ""); msg_node(s, name); msg(s->diag, "() takes ");
    msg(s->diag, want == 0 ? "no arguments" : want == 1 ? "exactly one argument" : "exactly two arguments");
    return T_BAD;
  }
  int32_t x = n ? ts[n - 1] : T_BAD, last = n ? first_token(s, xtra(s, c->b + n - 1)) : name;
  if ((is == 2 || is == 3) && n >= 1 && !intlike(ts[0])) {
    sema_error(s, first_token(s, xtra(s, c->b)), DG_TYPE, "bad argument type for "); msg_node(s, name);
    msg(s->diag, "(): "); msg_type_in(s->diag, tt, ts[0]);
    return T_BAD;
  }
  if (is == 3) return item_type(s, name, elem);
  if (is == 7 || is == 8) return T_NONE;
  if (is == 9) return t;
  if (is == 1) {
    if (x == T_STR && (elem == T_STR || elem == T_UNK)) x = checked(s, name, type_list(&s->types, T_STR));
    if (!is_seq(tt, x)) {
      sema_error(s, last, DG_TYPE, "bad argument type for "); msg_node(s, name); msg(s->diag, "(): ");
      msg_type_in(s->diag, tt, x);
      return T_BAD;
    }
    x = elem_of(tt, x);
  }
  if (x == T_NONE) { sema_error(s, last, DG_UNSUPPORTED, "None as a list item"); return T_BAD; }
  if (elem == T_NUM && (x == T_INT || x == T_FLOAT) && (is == 0 || is == 2)) return T_NONE;  // stored as an int | float
  if (tuple_holds(tt, elem, x) && is != 1) return is == 5 || is == 6 ? T_INT : T_NONE;  // a display as a tuple[T, ...] item
  if (!type_fits(tt, elem, x)) {
    if (elem != T_UNK && !type_fits(tt, x, elem)) {
      if (origin && (is == 0 || is == 2) && num_pair(elem, x) && widen(s, origin->name, s->f.fn, "ints and floats")) return T_BAD;
      sema_error(s, last, DG_TYPE, "list."); msg_node(s, name); msg(s->diag, "() of "); msg_type_in(s->diag, tt, x);
      msg(s->diag, " to a "); msg_type_in(s->diag, tt, t);
      return T_BAD;
    }
    if (origin && is <= 2) origin->type = checked(s, name, type_list(&s->types, x));  // now known
  }
  return is == 5 || is == 6 ? T_INT : T_NONE;
}

// A method call: obj.NAME(args), of a list (str and the rest not typed yet).
// math_fn := NAME [args]      math's constant or function `name` (math.NAME's
// ATTR, or a NAME from `from math import`); call: the CALL applying it, or -1
DEVFN int32_t math_fn(Sema* s, int32_t name, int32_t call) {
  const char* consts[] = {"pi", "e", "tau", "inf"};
  for (int32_t k = 0; k < 4; k++) if (node_is(s, name, consts[k])) return call >= 0 ? refuse_form(s, call) : T_FLOAT;
  if (!math_known(s->src + nd(s, name)->pos, nd(s, name)->len)) {
    sema_error(s, name, DG_UNSUPPORTED, "math."); msg_node(s, name);
    return T_BAD;
  }
  if (call < 0) { sema_error(s, name, DG_UNSUPPORTED, "a math function used as a value"); return T_BAD; }
  const Node* c = nd(s, call);
  if (node_is(s, name, "gcd")) {  // pairwise as the arguments arrive
    for (int32_t k = 0; k < c->n; k++) {
      int32_t arg = xtra(s, c->b + k);
      int kind = nd(s, arg)->kind;
      if (kind == ND_STARRED || kind == ND_KEYWORD || kind == ND_GENEXP) return refuse_form(s, call);
      int32_t t = expr(s, arg, 0);
      if (t == T_BAD) return T_BAD;
      if (!intlike(t)) return arg_type_error(s, call, k, t);
    }
    return T_INT;
  }
  int32_t ts[MAX_PARAMS];
  int32_t n = builtin_args(s, call, ts, 0);
  if (n < 0) return T_BAD;
  int pow = node_is(s, name, "pow");
  if (n != 1 + pow) return arity_error(s, name, pow ? "exactly 2 arguments" : "exactly one argument");
  for (int32_t k = 0; k < n; k++)
    if (!any_number(ts[k])) return arg_type_error(s, call, k, ts[k]);
  int32_t t = ts[0];
  if (node_is(s, name, "isqrt")) return intlike(t) ? T_INT : arg_type_error(s, call, 0, t);
  if (node_is(s, name, "floor") || node_is(s, name, "ceil")) return T_INT;
  return T_FLOAT;
}

// Whether STR node i is one literal without escapes whose fields are all
// `{}` or `{n}`, with or without a plain spec (`{:08b}`, no nested field),
// doubled braces aside: what code_format.h reads.
DEVFN int plain_format(const Sema* s, int32_t i) {
  if (nd(s, i)->n != 1) return 0;
  const Node* part = nd(s, xtra(s, nd(s, i)->a));
  const char* p = s->src + part->pos;
  int32_t b, e;
  literal_body(p, part->len, &b, &e);
  for (int32_t j = b; j < e; j++) {
    if (p[j] == '\\') return 0;
    if (p[j] != '{') continue;
    if (p[j + 1] == '{') { j++; continue; }
    int32_t d = j + 1;
    while (d < e && p[d] >= '0' && p[d] <= '9') d++;
    if (d < e && p[d] == ':') while (d < e && p[d] != '}' && p[d] != '{') d++;  // a plain spec
    if (d < e && p[d] != '}') return 0;
  }
  return 1;
}

// format := STRING '.' 'format' '(' [expression (',' expression)*] ')'
// on a str literal, whose fields the code pass reads (code_format.h); the
// arguments are ints, bools, floats or strs, which format as str() makes
// them, or with a spec as format() does.
DEVFN int32_t str_format(Sema* s, int32_t call) {
  int32_t obj = nd(s, nd(s, call)->a)->a, ts[MAX_PARAMS];
  if (nd(s, obj)->kind != ND_STR || !plain_format(s, obj)) {
    sema_error(s, nd(s, call)->a, DG_UNSUPPORTED, nd(s, obj)->kind != ND_STR ? "str.format of a str that is not a literal"
                                                  : "str.format with escapes, a format spec, a conversion or a name");
    return T_BAD;
  }
  int32_t n = builtin_args(s, call, ts, 1);
  if (n < 0) return T_BAD;
  for (int32_t k = 0; k < n; k++)
    if (!number(ts[k]) && ts[k] != T_STR) {
      sema_error(s, first_token(s, xtra(s, nd(s, call)->b + k)), DG_UNSUPPORTED, "str.format of a ");
      msg_type_in(s->diag, &s->types, ts[k]);
      return T_BAD;
    }
  return T_STR;
}

// str.NAME(args), by methods.def: join, split, the pads and the rest by
// their str arguments' count (code_call.h, str_method)
DEVFN int32_t str_method(Sema* s, int32_t call) {
  const Node* c = nd(s, call);
  int32_t name = c->a;
  int32_t ts[MAX_PARAMS];
  if (node_is(s, name, "format")) return str_format(s, call);
  if (node_is(s, name, "join")) {
    if (c->n != 1 || nd(s, xtra(s, c->b))->kind == ND_KEYWORD || nd(s, xtra(s, c->b))->kind == ND_STARRED)
      return refuse_form(s, call);
    int32_t arg = xtra(s, c->b), l = iterable_arg(s, arg);
    if (l == T_BAD) return T_BAD;
    // items of another type: CPython's TypeError at the first, so only of no items is the result ''
    if (elem_of(&s->types, l) != T_STR && elem_of(&s->types, l) != T_UNK && !is_seq(&s->types, l))
      return type_error2(s, first_token(s, arg), "join() needs str items, got ", l, T_BAD);
    return T_STR;
  }
  if (node_is(s, name, "split")) {
    int32_t n;
    if (c->n >= 1 && nd(s, xtra(s, c->b))->kind == ND_KEYWORD && node_is(s, xtra(s, c->b), "sep")) {
      if (c->n > 1) return refuse_form(s, call);
      int32_t value = nd(s, xtra(s, c->b))->a;
      ts[0] = expr(s, value, 0);
      if (ts[0] == T_BAD) return T_BAD;
      n = 1;
      if (ts[0] != T_STR) {
        sema_error(s, first_token(s, value), DG_TYPE, "bad argument type for split(): ");
        msg_type_in(s->diag, &s->types, ts[0]);
        return T_BAD;
      }
    } else {
      n = builtin_args(s, call, ts, 0);
      if (n < 0) return T_BAD;
      if (n > 1) { sema_error(s, name, DG_UNSUPPORTED, "split() with maxsplit"); return T_BAD; }
      if (n == 1 && ts[0] != T_STR) return arg_type_error(s, call, 0, ts[0]);
    }
    return checked(s, name, type_list(&s->types, T_STR));
  }
  const int16_t ops[] = {
#define STR_METHOD(ID, NAME, OP, SEL, ARGS) (int16_t)(OP),
#include "methods.def"
#undef STR_METHOD
  };
  const int8_t arity[] = {
#define STR_METHOD(ID, NAME, OP, SEL, ARGS) (int8_t)(ARGS),
#include "methods.def"
#undef STR_METHOD
  };
  int32_t m = str_method_of(s->src + nd(s, name)->pos, nd(s, name)->len);
  if (m < 0) { sema_error(s, name, DG_UNSUPPORTED, "str."); msg_node(s, name); return T_BAD; }
  int32_t nargs = arity[m], op = ops[m], pad = op < 0;
  int32_t result = op == OP_STR_FIND ? T_INT : op == OP_STR_AFFIX || op == OP_STR_IS ? T_BOOL : T_STR;
  int32_t n = builtin_args(s, call, ts, 0);
  if (n < 0) return T_BAD;
  if (pad) {  // ljust, rjust, center (width [, fill]), zfill (width)
    int zfill = node_is(s, name, "zfill");
    if (n < 1 || n > (zfill ? 1 : 2)) return arity_error(s, name, zfill ? "exactly one argument" : "1 or 2 arguments");
    if (!intlike(ts[0])) return arg_type_error(s, call, 0, ts[0]);
    if (n == 2 && ts[1] != T_STR) return arg_type_error(s, call, 1, ts[1]);
    return T_STR;
  }
  if (nargs == -1) nargs = n == 1 ? 1 : 0;  // strip(chars)
  int ranged = result != T_STR && nargs == 1 && n > 1 && n <= 3;  // find(t, start[, end]), startswith(...)
  int counted = node_is(s, name, "replace") && n == 3;            // replace(old, new, count)
  if (ranged || counted) {
    for (int32_t k = 0; k < n; k++)
      if (k < nargs ? ts[k] != T_STR : !intlike(ts[k])) return arg_type_error(s, call, k, ts[k]);
    return result;
  }
  if (n != nargs) {
    if (n > nargs && nargs > 0) { sema_error(s, name, DG_UNSUPPORTED, "start/end/count arguments of str methods"); return T_BAD; }
    return arity_error(s, name, nargs == 0 ? "no arguments" : nargs == 1 ? "exactly one argument" : "exactly two arguments");
  }
  for (int32_t k = 0; k < n; k++) if (ts[k] != T_STR) return arg_type_error(s, call, k, ts[k]);
  return result;
}

// Whether NAME is an attribute of Python's int or float that the DSL leaves
// out (valid Python, which CPython judges).
DEV int number_attribute(const Sema* s, int32_t t, int32_t name) {
  if (t != T_INT && t != T_BOOL && t != T_FLOAT) return 0;
  const char* names[] = {"bit_length", "bit_count", "to_bytes", "from_bytes", "as_integer_ratio", "conjugate",
                         "is_integer", "real", "imag", "numerator", "denominator", "hex", "fromhex"};
  for (int32_t k = 0; k < 13; k++) if (node_is(s, name, names[k])) return 1;
  return 0;
}

// obj.NAME without a call: math's constants; refused otherwise
DEVFN int32_t attribute(Sema* s, int32_t i) {
  int32_t obj = nd(s, i)->a;
  if (math_module(s, obj)) return note_called(s, obj) ? math_fn(s, i, -1) : T_BAD;
  if (re_module(s, obj)) return note_called(s, obj) ? re_fn(s, i, -1, 0) : T_BAD;
  if (lib_module(s, obj)) return note_called(s, obj) ? lib_attribute(s, i, -1) : T_BAD;
  int32_t t = expr(s, obj, 0);
  if (t == T_BAD) return T_BAD;
  if (!number_attribute(s, t, i)) { sema_error(s, i, DG_UNSUPPORTED, "a method used as a value"); return T_BAD; }
  sema_error(s, i, DG_UNSUPPORTED, "the "); msg_type_in(s->diag, &s->types, t); msg(s->diag, " attribute '");
  msg_node(s, i); msg(s->diag, "'");
  return T_BAD;
}

DEVFN int32_t method_call(Sema* s, int32_t call) {
  int32_t attr = nd(s, call)->a, obj = nd(s, attr)->a;
  if (math_module(s, obj)) return note_called(s, obj) ? math_fn(s, attr, call) : T_BAD;
  if (re_module(s, obj)) return note_called(s, obj) ? re_fn(s, attr, call, 0) : T_BAD;
  if (lib_module(s, obj)) return note_called(s, obj) ? lib_attribute(s, attr, call) : T_BAD;
  SemaLocal* origin = nd(s, obj)->kind == ND_NAME ? find_local(s, obj) : 0;
  // a call that tells (or, a dict's get with a default and setdefault, needs not) the type of an empty container
  int own = node_is(s, attr, "append") || node_is(s, attr, "insert") || node_is(s, attr, "add") ||
            node_is(s, attr, "update") || node_is(s, attr, "setdefault") || (node_is(s, attr, "get") && nd(s, call)->n == 2);
  int32_t t = origin ? name_read(s, obj, !own) : expr(s, obj, 0);
  if (t == T_BAD) return T_BAD;
  if (origin) note_type(s, obj, t);
  if (is_tuple(&s->types, t)) {  // of one item type, a tuple[T, ...]'s (code: tuple_as_list)
    int32_t e = tuple_common(&s->types, t);
    if (e == T_BAD) { sema_error(s, attr, DG_UNSUPPORTED, "methods of a tuple whose items have no one type"); return T_BAD; }
    if ((t = checked(s, attr, type_vtuple(&s->types, e))) == T_BAD) return T_BAD;
  }
  if (is_vtuple(&s->types, t)) return vtuple_method(s, call, t);
  t = decay(s, call, t);  // None.append: 'NoneType' object has no attribute
  if (t == T_BAD) return T_BAD;
  if (t == T_STR) return str_method(s, call);
  if (is_set(&s->types, t)) return set_method(s, call, t, origin && origin->type == t ? origin : 0);
  if (is_dict(&s->types, t)) return dict_method(s, call, t, origin && origin->type == t ? origin : 0);
  if (is_match(&s->types, t)) return match_method(s, call);
  if (is_pattern(&s->types, t)) return re_fn(s, attr, call, 1);
  // number_method := expression '.' ('bit_length' | 'bit_count') '(' ')'      of an int or a bool
  //                | expression '.' 'is_integer' '(' ')'                      of a float
  int bits = (t == T_INT || t == T_BOOL) && (node_is(s, attr, "bit_length") || node_is(s, attr, "bit_count"));
  if (bits || (t == T_FLOAT && node_is(s, attr, "is_integer"))) {
    int32_t ts[MAX_PARAMS];
    int32_t n = builtin_args(s, call, ts, 0);
    return n < 0 ? T_BAD : n ? arity_error(s, attr, "no arguments") : bits ? T_INT : T_BOOL;
  }
  if (!is_list(&s->types, t)) {
    if (number_attribute(s, t, attr)) {  // valid Python the subset leaves out: CPython judges it
      sema_error(s, attr, DG_UNSUPPORTED, "the "); msg_type_in(s->diag, &s->types, t); msg(s->diag, " method '");
      msg_node(s, attr); msg(s->diag, "'");
      return T_BAD;
    }
    const Node* a = nd(s, attr);  // (a dunder, `n.__add__`, names one; an int | float's class is the run's)
    int dunder = a->len > 4 && s->src[a->pos] == '_' && s->src[a->pos + 1] == '_';
    if (t != T_NUM && !dunder) sure_raise(s, attr, 0, t);
    sema_error(s, attr, DG_TYPE, "'"); msg_type_in(s->diag, &s->types, t); msg(s->diag, "' object has no attribute '");
    msg_node(s, attr); msg(s->diag, "'");
    return T_BAD;
  }
  return list_method(s, call, t, origin && origin->type == t ? origin : 0);
}

#include "sema_re.h"
#include "sema_lib.h"
#include "sema_set.h"
#include "sema_dict.h"
#include "sema_collections.h"
#include "sema_tuple.h"
