// inline.h: the one rewrite between the parse pass and the type pass. A
// lazy iterator (or a range) bound to a name and drawn by the very next
// statement is handed to that statement whole:
//     r = map(lambda x, y: x - y, a, b)          pass
//     return list(r)                     =>      return list(map(lambda x, y: x - y, a, b))
// CPython evaluates the iterator's arguments at the assignment and calls
// its function as the consumer draws. The two programs run alike when
// nothing runs between the assignment and the read of the name:
//  - the name is the first thing the next statement evaluates that could
//    have an effect: a for loop's iterable, or a return's, an expression
//    statement's, an assignment's or an if's value, or the first
//    argument of a call there, the left operand of a binary operator or
//    a display's first item (`list(r)`, `len(sorted(r))`, `sep.join(r) +
//    s`, `return sum(r), n`), the callees being names or a name's or
//    str's attributes;
//  - no other node of the function spells the name (nothing else reads or
//    binds it; a nested def that binds the name has its own), and every
//    node spelling the iterator's builtin calls it (CPython's map).
// The arguments are then evaluated at the same point in the run as
// before: after the statements before, before all else in the next one.
// The type pass then sees the form it types and runs exactly.
#pragma once
#include "parse.h"

DEVI Node* inline_node(ParseTree* t, int32_t i) { return t->nodes + i; }
DEVI int32_t inline_xtra(const ParseTree* t, int32_t i) { return t->extra[i]; }

// Whether node i's main token spells the word (a PASS never does: those
// an earlier rewrite left of a name are nobody's).
DEV int inline_spells(const ParseTree* t, const char* src, int32_t i, const char* w, int32_t len) {
  const Node* n = t->nodes + i;
  return n->kind != ND_PASS && spans_equal(src + n->pos, n->len, w, len);
}

// How many of nodes lo..hi's main tokens spell the word, and how many of
// them are the callee NAMEs of calls.
DEVFN void inline_count(const ParseTree* t, const char* src, int32_t lo, int32_t hi, const char* w, int32_t len,
                        int32_t* spelled, int32_t* called) {
  *spelled = *called = 0;
  for (int32_t i = lo; i <= hi; i++) {
    const Node* n = t->nodes + i;
    *spelled += inline_spells(t, src, i, w, len);
    *called += n->kind == ND_CALL && t->nodes[n->a].kind == ND_NAME && inline_spells(t, src, n->a, w, len);
  }
}

// The nodes of the innermost def around node i, which a name it binds is
// local to: lo..hi (its name's NAME, made first, to the DEF, made last),
// or the whole tree at module level.
DEVFN void inline_scope(const ParseTree* t, int32_t i, int32_t* lo, int32_t* hi) {
  *lo = 0; *hi = t->n_nodes - 1;
  for (int32_t d = i + 1; d < t->n_nodes; d++) {
    const Node* n = t->nodes + d;
    if (n->kind == ND_DEF && inline_xtra(t, n->a) <= i) { *lo = inline_xtra(t, n->a); *hi = d; return; }
  }
}

// Whether def node d binds the word in its own body: a parameter of its,
// or the name target of one of its own assignments or for loops (not a
// nested def's), which makes the name d's own local everywhere in d.
DEVFN int inline_def_binds(const ParseTree* t, const char* src, int32_t d, const char* w, int32_t len) {
  const Node* def = t->nodes + d;
  for (int32_t k = 0; k < def->n; k++) if (inline_spells(t, src, inline_xtra(t, def->b + k), w, len)) return 1;
  for (int32_t i = inline_xtra(t, def->a) + 1; i < d; i++) {
    const Node* n = t->nodes + i;
    int32_t target = n->kind == ND_ASSIGN && n->n == 2 ? inline_xtra(t, n->a)
                   : n->kind == ND_FOR ? inline_xtra(t, n->a)
                   : n->kind == ND_AUGASSIGN || n->kind == ND_ANNASSIGN ? n->a : -1;
    if (target < 0 || t->nodes[target].kind != ND_NAME || !inline_spells(t, src, target, w, len)) continue;
    int32_t lo, hi;
    inline_scope(t, i, &lo, &hi);
    if (hi == d) return 1;
  }
  return 0;
}

// How many nodes of def d (lo..hi; the module's at module level) spell
// the word as its own name: a use inside a nested def that binds the word
// itself is that def's.
DEVFN int32_t inline_uses(const ParseTree* t, const char* src, int32_t lo, int32_t hi, const char* w, int32_t len) {
  int32_t uses = 0;
  for (int32_t i = lo; i <= hi; i++) {
    if (!inline_spells(t, src, i, w, len)) continue;
    int own = 1;
    for (int32_t d = i + 1; d < hi && own; d++)  // the defs around i inside d, innermost first
      if (t->nodes[d].kind == ND_DEF && inline_xtra(t, t->nodes[d].a) < i && inline_def_binds(t, src, d, w, len)) own = 0;
    uses += own;
  }
  return uses;
}

// lazy := ('map' | 'filter' | 'zip' | 'enumerate' | 'reversed' | 'range') '(' args ')'
//       | '(' expression 'for' targets 'in' expression ... ')'
DEVFN int inline_lazy(const ParseTree* t, const char* src, int32_t v) {
  const Node* n = t->nodes + v;
  if (n->kind == ND_GENEXP) return 1;
  if (n->kind != ND_CALL || t->nodes[n->a].kind != ND_NAME || n->n == 0) return 0;
  const Node* f = t->nodes + n->a;
  if (word_index(src + f->pos, f->len, "map filter zip enumerate reversed range ") < 0) return 0;
  int32_t spelled, called;
  inline_count(t, src, 0, t->n_nodes - 1, src + f->pos, f->len, &spelled, &called);
  return spelled == called;
}

// The slot (in a node or in extra) of what statement st evaluates first,
// or null: a for loop's iterable, a return's, an expression statement's,
// an assignment's or an augmented assignment to a name's value, an if's
// or an assert's test. (A while's test is evaluated again each round.)
DEVFN int32_t* inline_first(ParseTree* t, int32_t st) {
  Node* n = inline_node(t, st);
  switch (n->kind) {
    case ND_FOR: return &t->extra[n->a + 1];
    case ND_RETURN: case ND_EXPR: case ND_IF: case ND_ASSERT: return n->a >= 0 ? &n->a : nullptr;
    case ND_ASSIGN: return &t->extra[n->a + n->n - 1];
    case ND_AUGASSIGN: return t->nodes[n->a].kind == ND_NAME ? &n->b : nullptr;
  }
  return nullptr;
}

// The slot holding the read of the name in statement st, where st reads
// it first (inline_first, or a call's first argument there, a binary
// operator's left operand or a display's first item, in turn), or null.
DEVFN int32_t* inline_read(ParseTree* t, const char* src, int32_t st, int32_t bound) {
  int32_t* slot = inline_first(t, st);
  for (int32_t depth = 0; slot && depth < MAX_NESTING; depth++) {
    const Node* v = t->nodes + *slot;
    if (v->kind == ND_NAME) {
      const Node* b = t->nodes + bound;
      return spans_equal(src + v->pos, v->len, src + b->pos, b->len) ? slot : nullptr;
    }
    if (v->kind == ND_GROUP || v->kind == ND_BINOP) { slot = &inline_node(t, *slot)->a; continue; }
    if ((v->kind == ND_TUPLE || v->kind == ND_LIST) && v->n > 0) { slot = &t->extra[v->a]; continue; }
    if (v->kind != ND_CALL || v->n == 0) return nullptr;
    const Node* f = t->nodes + v->a;
    int callee = f->kind == ND_NAME || (f->kind == ND_ATTR && (t->nodes[f->a].kind == ND_NAME || t->nodes[f->a].kind == ND_STR));
    int kind = t->nodes[inline_xtra(t, v->b)].kind;
    if (!callee || kind == ND_KEYWORD || kind == ND_STARRED) return nullptr;
    slot = &t->extra[v->b];
  }
  return nullptr;
}

// Statements k and k + 1 of a list of them: hand k's iterator to k + 1
// where the rules above allow.
DEVFN void inline_pair(ParseTree* t, const char* src, int32_t st, int32_t next) {
  Node* a = inline_node(t, st);
  if (a->kind != ND_ASSIGN || a->n != 2) return;
  int32_t bound = inline_xtra(t, a->a), value = inline_xtra(t, a->a + 1);
  if (t->nodes[bound].kind != ND_NAME || !inline_lazy(t, src, value)) return;
  int32_t lo, hi;
  inline_scope(t, st, &lo, &hi);
  int32_t uses = inline_uses(t, src, lo, hi, src + t->nodes[bound].pos, t->nodes[bound].len);
  int32_t* slot = uses == 2 ? inline_read(t, src, next, bound) : nullptr;
  if (!slot) return;
  inline_node(t, *slot)->kind = ND_PASS;  // the read and the target: no node spells the name now
  inline_node(t, bound)->kind = ND_PASS;
  *slot = value;
  a->kind = ND_PASS;
  a->n = 0;
}

DEVFN void inline_iterators(ParseTree* t, const char* src) {
  for (int32_t i = 0; i < t->n_nodes; i++)  // (global, nonlocal, class: a name's scope is not known)
    if (t->nodes[i].kind == ND_UNSUPPORTED && t->nodes[i].op == UN_STATEMENT) return;
  for (int32_t i = 0; i < t->n_nodes; i++) {
    const Node* n = t->nodes + i;
    if (n->kind != ND_BLOCK && n->kind != ND_MODULE) continue;
    for (int32_t k = 0; k + 1 < n->n; k++) inline_pair(t, src, inline_xtra(t, n->a + k), inline_xtra(t, n->a + k + 1));
  }
}
