// typetab.h: the compiler's static types. A type is an int id: the scalars
// have fixed ids; lists, tuples and Optionals are interned in a per-program
// table, so two spellings of one type get one id and type equality stays
// `==`. Each type has a type code (gpubackend/types.py), which is how the
// signature is matched and how the VM's generic operations (==, ordering,
// sorting) learn the shape of a value.
#pragma once
#include "lex.h"

// Scalars. T_NUM is `int | float`, a number whose class the run decides
// (numbers.h). T_UNK is the element type of an empty display `[]` until a
// use says what it holds; no value ever has type T_UNK itself.
enum TypeId { T_NONE, T_BOOL, T_INT, T_FLOAT, T_STR, T_NUM, T_UNK, N_SCALARS, T_BAD = -1 };
#define TYPE_CODES "nbifsri"  // T_UNK: an int code (no element of it exists)

// A tuple of any length (TY_VTUPLE, `tuple[T, ...]`) is a list that no
// operation mutates: the same heap object (objects.h), read by the same
// instructions, so every read of a list is one of it (is_seq); only its
// type says tuple (==, isinstance, the result's encoding).
// A union (TY_UNION) is a function's result only: its members (items[],
// n of them) are scalars, at most one list and tuples of distinct arities
// (gpubackend/types.py's union rule), so == between two members of one
// union compares numbers by value and anything else as unequal.
// A re.Match (TY_MATCH, regex.h) is what re.match and re.search give
// (in an Optional), a re.Pattern (TY_PATTERN) what re.compile gives; they
// have no parameters. Their methods and a truth test read them; a Match's
// == is its identity (objects.h's default) and an ordering raises
// TypeError, as CPython's; a Pattern's == is not compiled.
enum TypeKind { TY_SCALAR, TY_LIST, TY_TUPLE, TY_OPT, TY_SET, TY_DICT, TY_UNION, TY_VTUPLE, TY_MATCH, TY_PATTERN };

struct TypeDef {
  int32_t kind;
  int32_t elem;               // list, set or tuple[T, ...] element, Optional's T, dict's key
  int32_t n;                  // tuple arity, union members; 1 for a dict
  int32_t items[MAX_TUPLE];   // tuple item types, union members; a dict's value type
  int32_t depth;              // nesting: 0 for scalars
  int32_t code_k;             // konst index of its type-code string, -1 until asked
  int32_t flavour;            // a dict's DictFlavour; 0 for any other type
};

struct TypeTable {
  TypeDef t[MAX_TYPES];
  int32_t n;
};

DEV void types_init(TypeTable* tt) {
  for (int32_t i = 0; i < N_SCALARS; i++) {
    tt->t[i].kind = TY_SCALAR; tt->t[i].flavour = 0; tt->t[i].n = 0; tt->t[i].depth = 0; tt->t[i].code_k = -1; tt->t[i].elem = T_BAD;
  }
  tt->n = N_SCALARS;
}

// The id of a type, added if new; T_BAD when the table is full or the type
// nests past MAX_TYPE_DEPTH (the caller reports which).
DEV int32_t type_intern(TypeTable* tt, const TypeDef* d) {
  for (int32_t i = N_SCALARS; i < tt->n; i++) {
    const TypeDef* e = &tt->t[i];
    if (e->kind != d->kind || e->elem != d->elem || e->n != d->n || e->flavour != d->flavour) continue;
    int same = 1;
    for (int32_t k = 0; k < d->n; k++) if (e->items[k] != d->items[k]) same = 0;
    if (same) return i;
  }
  if (tt->n >= MAX_TYPES || d->depth > MAX_TYPE_DEPTH) return T_BAD;
  tt->t[tt->n] = *d;
  tt->t[tt->n].code_k = -1;
  return tt->n++;
}
DEV int32_t type_depth(const TypeTable* tt, int32_t t) { return t < 0 ? 0 : tt->t[t].depth; }
DEV int32_t type_list(TypeTable* tt, int32_t elem) {
  TypeDef d; d.flavour = 0; d.kind = TY_LIST; d.elem = elem; d.n = 0; d.depth = type_depth(tt, elem) + 1;
  return elem == T_BAD ? T_BAD : type_intern(tt, &d);
}
DEV int32_t type_vtuple(TypeTable* tt, int32_t elem) {
  TypeDef d; d.flavour = 0; d.kind = TY_VTUPLE; d.elem = elem; d.n = 0; d.depth = type_depth(tt, elem) + 1;
  return elem == T_BAD ? T_BAD : type_intern(tt, &d);
}
// A set holds ints, bools or strs (sets.h), or T_UNK until a use says which.
DEV int32_t type_set(TypeTable* tt, int32_t elem) {
  TypeDef d; d.flavour = 0; d.kind = TY_SET; d.elem = elem; d.n = 0; d.depth = type_depth(tt, elem) + 1;
  return elem == T_BAD ? T_BAD : type_intern(tt, &d);
}
// What a dict does with a key it does not hold, which only a read of
// d[k] meets: a plain dict raises KeyError; a collections.Counter gives 0
// and stores nothing; a collections.defaultdict stores its factory's value
// (here always the value type's zero: int, float, str, bool, `lambda: 0`)
// and gives it. Their other differences (repr, a Counter's ==, its
// operators and update) are refused where they would show.
enum DictFlavour { DICT_PLAIN, DICT_COUNTER, DICT_DEFAULT };

// A dict's keys are ints, bools or strs (or T_UNK, with its value type,
// until a store says which).
DEV int32_t type_dict_as(TypeTable* tt, int32_t key, int32_t value, int32_t flavour) {
  if (key == T_BAD || value == T_BAD) return T_BAD;
  TypeDef d; d.kind = TY_DICT; d.elem = key; d.n = 1; d.items[0] = value; d.flavour = flavour;
  d.depth = (type_depth(tt, key) > type_depth(tt, value) ? type_depth(tt, key) : type_depth(tt, value)) + 1;
  return type_intern(tt, &d);
}
DEV int32_t type_dict(TypeTable* tt, int32_t key, int32_t value) { return type_dict_as(tt, key, value, DICT_PLAIN); }
DEV int32_t type_opt(TypeTable* tt, int32_t elem) {
  TypeDef d; d.flavour = 0; d.kind = TY_OPT; d.elem = elem; d.n = 0; d.depth = type_depth(tt, elem) + 1;
  return elem == T_BAD ? T_BAD : type_intern(tt, &d);
}
DEV int32_t type_of_kind_(TypeTable* tt, int32_t kind) {
  TypeDef d; d.flavour = 0; d.kind = kind; d.elem = T_NONE; d.n = 0; d.depth = 1;
  return type_intern(tt, &d);
}
DEV int32_t type_match(TypeTable* tt) { return type_of_kind_(tt, TY_MATCH); }
DEV int32_t type_pattern(TypeTable* tt) { return type_of_kind_(tt, TY_PATTERN); }
// A type of n item types (a tuple's items, a union's members) of this kind.
DEV int32_t type_of_items_(TypeTable* tt, int32_t kind, int32_t n, const int32_t* items) {
  TypeDef d; d.flavour = 0; d.kind = kind; d.elem = T_BAD; d.n = n; d.depth = 0;
  for (int32_t i = 0; i < n; i++) {
    if (items[i] == T_BAD) return T_BAD;
    d.items[i] = items[i];
    if (type_depth(tt, items[i]) > d.depth) d.depth = type_depth(tt, items[i]);
  }
  d.depth++;
  return type_intern(tt, &d);
}
DEV int32_t type_tuple(TypeTable* tt, int32_t n, const int32_t* items) { return type_of_items_(tt, TY_TUPLE, n, items); }
// The union of n member types in the order given (sorted by the
// annotation's reader, sema.h union_type); T_BAD where a member is bad or
// the table is full.
DEV int32_t type_union(TypeTable* tt, int32_t n, const int32_t* items) { return type_of_items_(tt, TY_UNION, n, items); }

DEV int type_kind(const TypeTable* tt, int32_t t) { return t < 0 ? -1 : tt->t[t].kind; }
// A number: bool, int, float or int | float, which == compares by value across them.
DEV int is_number(int32_t t) { return t == T_BOOL || t == T_INT || t == T_FLOAT || t == T_NUM; }
DEV int is_list(const TypeTable* tt, int32_t t) { return type_kind(tt, t) == TY_LIST; }
DEV int is_tuple(const TypeTable* tt, int32_t t) { return type_kind(tt, t) == TY_TUPLE; }
DEV int is_vtuple(const TypeTable* tt, int32_t t) { return type_kind(tt, t) == TY_VTUPLE; }
// A list or a tuple[T, ...]: one heap object, read by the same instructions.
DEV int is_seq(const TypeTable* tt, int32_t t) { return is_list(tt, t) || is_vtuple(tt, t); }
DEV int is_opt(const TypeTable* tt, int32_t t) { return type_kind(tt, t) == TY_OPT; }
DEV int is_set(const TypeTable* tt, int32_t t) { return type_kind(tt, t) == TY_SET; }
DEV int is_dict(const TypeTable* tt, int32_t t) { return type_kind(tt, t) == TY_DICT; }
DEV int is_union(const TypeTable* tt, int32_t t) { return type_kind(tt, t) == TY_UNION; }
DEV int is_match(const TypeTable* tt, int32_t t) { return type_kind(tt, t) == TY_MATCH; }
DEV int is_pattern(const TypeTable* tt, int32_t t) { return type_kind(tt, t) == TY_PATTERN; }
// Whether a value of t holds one of this kind.
DEV int holds_kind(const TypeTable* tt, int32_t t, int32_t kind) {
  if (t < N_SCALARS) return 0;
  const TypeDef* d = &tt->t[t];
  if (d->kind == kind) return 1;
  for (int32_t i = 0; i < d->n && (d->kind == TY_TUPLE || d->kind == TY_UNION || d->kind == TY_DICT); i++)
    if (holds_kind(tt, d->items[i], kind)) return 1;
  return holds_kind(tt, d->elem, kind);
}
// Whether values of types a and b are of two kinds among number, str,
// list, tuple, set and dict, whatever the run: CPython's == finds them
// unequal, and an ordering between them raises TypeError. (None, an
// Optional and a union are of a kind the run decides.)
DEV int value_kind_(const TypeTable* tt, int32_t t) {
  return is_number(t) ? 1 : t == T_STR ? 2 : is_list(tt, t) ? 3 : is_tuple(tt, t) || is_vtuple(tt, t) ? 4
       : is_set(tt, t) ? 5 : is_dict(tt, t) ? 6 : 0;
}
DEV int kinds_apart(const TypeTable* tt, int32_t a, int32_t b) {
  return value_kind_(tt, a) && value_kind_(tt, b) && value_kind_(tt, a) != value_kind_(tt, b);
}
// Whether a value of type `have` becomes one of type `want` by being made
// int | float: an int or a float, or a new list of them (the type pass
// allows the list only where it is new: sema_stmt.h, fresh_nums).
DEV int num_holds(const TypeTable* tt, int32_t want, int32_t have) {
  if (want == T_NUM) return have == T_INT || have == T_FLOAT;
  return type_kind(tt, want) == TY_LIST && type_kind(tt, have) == TY_LIST && tt->t[want].elem == T_NUM &&
         (tt->t[have].elem == T_INT || tt->t[have].elem == T_FLOAT);
}
// The member of union u that a value of type `have` becomes (an empty
// list's type fits the list member; an int or a float, or a new list of
// them, the int | float member: num_holds), or -1.
DEV int32_t union_member(const TypeTable* tt, int32_t u, int32_t have);
DEV int32_t value_of(const TypeTable* tt, int32_t t) { return is_dict(tt, t) ? tt->t[t].items[0] : T_BAD; }
DEV int32_t flavour_of(const TypeTable* tt, int32_t t) { return t < 0 ? DICT_PLAIN : tt->t[t].flavour; }
DEV int32_t elem_of(const TypeTable* tt, int32_t t) { return t < 0 ? T_BAD : tt->t[t].elem; }
// Whether values of t are references (a scalar Optional is boxed; a
// reference Optional is the reference or 0).
DEV int is_ref(const TypeTable* tt, int32_t t) { return t == T_STR || (t >= N_SCALARS && t != T_BAD); }

// The one item type of a tuple whose items all have it, else T_BAD.
DEV int32_t tuple_common(const TypeTable* tt, int32_t t) {
  if (t < 0 || tt->t[t].kind != TY_TUPLE || tt->t[t].n == 0) return T_BAD;
  for (int32_t i = 1; i < tt->t[t].n; i++) if (tt->t[t].items[i] != tt->t[t].items[0]) return T_BAD;
  return tt->t[t].items[0];
}

// The item type shared by tuple t of fixed items (T_UNK for `()`, which
// joins any), or T_BAD.
DEV int32_t fixed_items(const TypeTable* tt, int32_t t) {
  if (t < 0 || tt->t[t].kind != TY_TUPLE) return T_BAD;
  return tt->t[t].n == 0 ? T_UNK : tuple_common(tt, t);
}

// The one item type of a tuple of fixed items or of any length (T_UNK for
// `()`, and a tuple[T, ...] of no item yet), or T_BAD.
DEV int32_t tuple_item_type(const TypeTable* tt, int32_t t) { return is_vtuple(tt, t) ? tt->t[t].elem : fixed_items(tt, t); }

// A type whose element types are not all known (`[]`, `[[]]`).
DEV int type_unknown(const TypeTable* tt, int32_t t) {
  if (t == T_UNK) return 1;
  if (t < N_SCALARS) return 0;
  const TypeDef* d = &tt->t[t];
  if (d->kind == TY_TUPLE || d->kind == TY_DICT) {
    for (int32_t i = 0; i < d->n; i++) if (type_unknown(tt, d->items[i])) return 1;
    if (d->kind == TY_TUPLE) return 0;
  }
  return type_unknown(tt, d->elem);
}

// Whether a value of type `have` may stand where `want` is expected: the
// same type, or `have` with unknown element types where want knows them
// (an empty list holds no element whose type could differ).
DEV int type_fits(const TypeTable* tt, int32_t want, int32_t have) {
  if (want == have) return 1;
  if (have == T_UNK) return want != T_BAD;
  if (want < N_SCALARS || have < N_SCALARS) return 0;
  const TypeDef* w = &tt->t[want];
  const TypeDef* h = &tt->t[have];
  if (w->kind != h->kind || w->n != h->n || w->flavour != h->flavour || w->kind == TY_UNION) return 0;  // unions are interned: == said it
  if (w->kind == TY_TUPLE || w->kind == TY_DICT) {
    for (int32_t i = 0; i < w->n; i++) if (!type_fits(tt, w->items[i], h->items[i])) return 0;
    if (w->kind == TY_TUPLE) return 1;
  }
  return type_fits(tt, w->elem, h->elem);
}

// Whether a value of type `have` becomes one of type `want` by changing
// its tuple's shape: fixed items as a tuple[T, ...] whose T each item is
// (or becomes, so reshaped in turn), or a tuple[T, ...] as n fixed items
// that each T is (or becomes), its length checked when it runs
// (code_expr.h, coerce): ((1, 2), (3, 4)) as a tuple[tuple[int, ...], ...].
DEV int tuple_holds(const TypeTable* tt, int32_t want, int32_t have);
DEV int item_holds(const TypeTable* tt, int32_t want, int32_t have) {
  return type_fits(tt, want, have) || tuple_holds(tt, want, have);
}
DEV int tuple_holds(const TypeTable* tt, int32_t want, int32_t have) {
  if (is_vtuple(tt, want) && is_tuple(tt, have)) {
    for (int32_t k = 0; k < tt->t[have].n; k++) if (!item_holds(tt, tt->t[want].elem, tt->t[have].items[k])) return 0;
    return 1;
  }
  if (is_tuple(tt, want) && is_vtuple(tt, have)) {
    for (int32_t k = 0; k < tt->t[want].n; k++) if (!item_holds(tt, tt->t[want].items[k], tt->t[have].elem)) return 0;
    return 1;
  }
  return 0;
}

DEV int32_t union_member(const TypeTable* tt, int32_t u, int32_t have) {
  if (!is_union(tt, u)) return -1;
  if (is_union(tt, have)) return -1;
  for (int32_t m = 0; m < tt->t[u].n; m++) if (type_fits(tt, tt->t[u].items[m], have)) return m;
  for (int32_t m = 0; m < tt->t[u].n; m++) if (num_holds(tt, tt->t[u].items[m], have)) return m;
  for (int32_t m = 0; m < tt->t[u].n; m++) if (tuple_holds(tt, tt->t[u].items[m], have)) return m;
  return -1;
}

// Whether t is an Optional whose value the entry's result type ret takes
// once None is judged (CPython's None is a wrong answer there): its T of
// ret's type, a member of ret's union, or a tuple[T, ...] of ret's fixed
// tuple, its length checked when it runs.
DEV int none_or_result(const TypeTable* tt, int32_t ret, int32_t t) {
  if (!is_opt(tt, t)) return 0;
  int32_t e = elem_of(tt, t);
  return type_fits(tt, ret, e) || union_member(tt, ret, e) >= 0 || tuple_holds(tt, ret, e);
}

// Whether union `have`'s members are the first members of union u, in
// order: a value of `have` is then one of u as it is (the entry's result
// widened by sema_stmt.h's settle_result).
DEV int union_prefix(const TypeTable* tt, int32_t u, int32_t have) {
  if (!is_union(tt, u) || !is_union(tt, have) || tt->t[have].n > tt->t[u].n) return 0;
  for (int32_t m = 0; m < tt->t[have].n; m++) if (tt->t[have].items[m] != tt->t[u].items[m]) return 0;
  return 1;
}

// The type code of t written at buf[*k] (at most cap bytes in all);
// returns 0 when it does not fit.
DEV int type_code(const TypeTable* tt, int32_t t, char* buf, int32_t* k, int32_t cap) {
  if (*k >= cap || t < 0) return 0;
  if (t < N_SCALARS) { buf[(*k)++] = TYPE_CODES[t]; return 1; }
  const TypeDef* d = &tt->t[t];
  if (d->kind == TY_MATCH || d->kind == TY_PATTERN) { buf[(*k)++] = d->kind == TY_MATCH ? 'm' : 'p'; return 1; }
  if (d->kind == TY_TUPLE || d->kind == TY_UNION) {
    buf[(*k)++] = d->kind == TY_TUPLE ? '(' : '|';
    for (int32_t i = 0; i < d->n; i++) if (!type_code(tt, d->items[i], buf, k, cap)) return 0;
    if (*k >= cap) return 0;
    buf[(*k)++] = ')';
    return 1;
  }
  buf[(*k)++] = d->kind == TY_LIST ? '[' : d->kind == TY_VTUPLE ? '*' : d->kind == TY_SET ? '<' : d->kind == TY_DICT ? '{' : '?';
  if (!type_code(tt, d->elem, buf, k, cap)) return 0;
  return d->kind != TY_DICT || type_code(tt, d->items[0], buf, k, cap);
}

// The type whose code starts at code[*i] (of len bytes), interned in tt;
// *i moves past it. T_BAD where the code is cut short or malformed, or the
// table is full (a list, tuple or Optional past MAX_TYPES).
DEV int32_t type_of_code(TypeTable* tt, const char* code, int32_t len, int32_t* i) {
  if (*i >= len) return T_BAD;
  char c = code[(*i)++];
  for (int32_t t = 0; t < T_UNK; t++) if (TYPE_CODES[t] == c) return t;
  if (c == 'm' || c == 'p') return c == 'm' ? type_match(tt) : type_pattern(tt);
  if (c == '[' || c == '*' || c == '?' || c == '<') {
    int32_t elem = type_of_code(tt, code, len, i);
    if (elem == T_BAD) return T_BAD;
    return c == '[' ? type_list(tt, elem) : c == '*' ? type_vtuple(tt, elem) : c == '<' ? type_set(tt, elem) : type_opt(tt, elem);
  }
  if (c == '{') {
    int32_t key = type_of_code(tt, code, len, i);
    return key == T_BAD ? T_BAD : type_dict(tt, key, type_of_code(tt, code, len, i));
  }
  if (c != '(' && c != '|') return T_BAD;
  int32_t items[MAX_TUPLE], n = 0;
  while (*i < len && code[*i] != ')') {
    if (n == MAX_TUPLE) return T_BAD;
    if ((items[n++] = type_of_code(tt, code, len, i)) == T_BAD) return T_BAD;
  }
  if (*i >= len) return T_BAD;
  (*i)++;
  return c == '(' ? type_tuple(tt, n, items) : type_union(tt, n, items);
}

// Python's spelling of t, for diagnostics: list[tuple[int, str]].
DEV void msg_type_in(Diag* d, const TypeTable* tt, int32_t t) {
  const char* names[] = {"None", "bool", "int", "float", "str", "int | float", "?"};
  if (t < 0 || t >= tt->n) { msg(d, "?"); return; }
  if (t < N_SCALARS) { msg(d, names[t]); return; }
  const TypeDef* e = &tt->t[t];
  if (e->kind == TY_MATCH || e->kind == TY_PATTERN) { msg(d, e->kind == TY_MATCH ? "re.Match" : "re.Pattern"); return; }
  if (e->kind == TY_UNION) {
    for (int32_t i = 0; i < e->n; i++) { if (i) msg(d, " | "); msg_type_in(d, tt, e->items[i]); }
    return;
  }
  const char* dict = e->flavour == DICT_COUNTER ? "Counter[" : e->flavour == DICT_DEFAULT ? "defaultdict[" : "dict[";
  msg(d, e->kind == TY_LIST ? "list[" : e->kind == TY_TUPLE || e->kind == TY_VTUPLE ? "tuple[" : e->kind == TY_SET ? "set["
         : e->kind == TY_DICT ? dict : "Optional[");
  if (e->kind == TY_VTUPLE) {
    msg_type_in(d, tt, e->elem); msg(d, ", ...");
  } else if (e->kind == TY_DICT) {
    msg_type_in(d, tt, e->elem);
    if (e->flavour != DICT_COUNTER) { msg(d, ", "); msg_type_in(d, tt, e->items[0]); }
  } else if (e->kind == TY_TUPLE) {
    if (e->n == 0) msg(d, "()");  // Python spells the empty tuple's type tuple[()]
    for (int32_t i = 0; i < e->n; i++) { if (i) msg(d, ", "); msg_type_in(d, tt, e->items[i]); }
  } else {
    msg_type_in(d, tt, e->elem);
  }
  msg(d, "]");
}

// A type code as Python spells it (signature diagnostics); returns the
// index past it.
DEV int32_t msg_code(Diag* d, const char* code, int32_t len, int32_t i) {
  const char* names[] = {"None", "bool", "int", "float", "str", "int | float"};
  if (i >= len) return i;
  char ch = code[i++];
  for (int32_t k = 0; k < 6; k++) if (ch == "nbifsr"[k]) { msg(d, names[k]); return i; }
  if (ch == '[' || ch == '*' || ch == '?' || ch == '<') {
    msg(d, ch == '[' ? "list[" : ch == '*' ? "tuple[" : ch == '?' ? "Optional[" : "set[");
    i = msg_code(d, code, len, i);
    msg(d, ch == '*' ? ", ...]" : "]");
    return i;
  }
  if (ch == '{') {
    msg(d, "dict["); i = msg_code(d, code, len, i); msg(d, ", "); i = msg_code(d, code, len, i); msg(d, "]");
    return i;
  }
  if (ch == '(') {
    msg(d, i < len && code[i] == ')' ? "tuple[()" : "tuple[");
    for (int32_t k = 0; i < len && code[i] != ')'; k++) { if (k) msg(d, ", "); i = msg_code(d, code, len, i); }
    msg(d, "]");
    return i + 1;
  }
  if (ch == '|') {
    for (int32_t k = 0; i < len && code[i] != ')'; k++) { if (k) msg(d, " | "); i = msg_code(d, code, len, i); }
    return i + 1;
  }
  msg_add(d, &ch, 1);
  return i;
}

// A signature code ("is>b") as Python reads it: (int, str) -> bool.
DEV void msg_sig(Diag* d, const char* code, int32_t len) {
  msg(d, "(");
  int32_t i = 0;
  for (int32_t k = 0; i < len && code[i] != '>'; k++) {
    if (k) msg(d, ", ");
    i = msg_code(d, code, len, i);
  }
  msg(d, ") -> ");
  msg_code(d, code, len, i + 1);
}

// A function's signature as a type code ("is>b") in buf[MAX_SIG]: its
// length, or -1 when it does not fit.
DEV int32_t signature_code(const TypeTable* tt, int32_t nparams, const int32_t* ptype, int32_t ret, char* buf) {
  int32_t k = 0;
  int fits = 1;
  for (int32_t i = 0; i < nparams; i++) fits &= type_code(tt, ptype[i], buf, &k, MAX_SIG - 2);
  buf[k++] = '>';
  fits &= type_code(tt, ret, buf, &k, MAX_SIG);
  return fits ? k : -1;
}

// The message of an entry whose signature code `have` is not the problem's `sig`.
DEV void msg_entry_mismatch(Diag* d, const char* entry, int32_t entry_len, const char* have, int32_t k,
                            const char* sig, int32_t sig_len) {
  msg(d, "entry '"); msg_add(d, entry, entry_len); msg(d, "' is ");
  msg_sig(d, have, k); msg(d, ", the problem needs "); msg_sig(d, sig, sig_len);
}

// Where an entry may answer None, which no expected value of its type
// equals (both compilers' entry_none).
enum EntryNone { EN_NONE, EN_FALLS_OFF, EN_BARE_RETURN, EN_OPTIONAL };
