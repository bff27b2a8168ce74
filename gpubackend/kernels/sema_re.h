// sema_re.h: the type pass over `re`'s functions, which regex.h runs:
// findall, sub and split of a str pattern and a str text, their flags
// constants the compiler folds. The rest of `re` is refused by name, for
// CPython to judge.
#pragma once
#include "sema_expr.h"

// flags := '0' | 're' '.' FLAG | flags '|' flags | '(' flags ')'
// FLAG: I IGNORECASE M MULTILINE S DOTALL A ASCII U UNICODE NOFLAG. Their
// RE_* bits (regex.h), or -1: flags the run decides, or VERBOSE, LOCALE
// and the rest, which regex.h leaves out. Read by the code pass too.
DEVFN int32_t re_flags(const Sema* s, int32_t i) {
  const Node* n = nd(s, i);
  if (n->kind == ND_GROUP) return re_flags(s, n->a);
  if (n->kind == ND_INT) return n->a == 0 && n->b == 0 ? 0 : -1;
  if (n->kind == ND_BINOP && n->op == TK_PIPE) {
    int32_t a = re_flags(s, n->a), b = re_flags(s, n->b);
    return a < 0 || b < 0 ? -1 : a | b;
  }
  if (n->kind != ND_ATTR || nd(s, n->a)->kind != ND_NAME || !node_is(s, n->a, "re")) return -1;
  const char* names[] = {"I", "IGNORECASE", "M", "MULTILINE", "S", "DOTALL", "A", "ASCII", "U", "UNICODE", "NOFLAG"};
  const int32_t bits[] = {RE_IGNORECASE, RE_IGNORECASE, RE_MULTILINE, RE_MULTILINE, RE_DOTALL, RE_DOTALL,
                          RE_ASCII, RE_ASCII, 0, 0, 0};
  for (int32_t k = 0; k < 11; k++) if (node_is(s, i, names[k])) return bits[k];
  return -1;
}

// Groups of a pattern that is one plain literal (no escapes but `\\` and
// `\(`-like ones a raw string keeps): what findall's items are typed by. -1
// where the compiler cannot tell (a pattern computed, an escape).
DEVFN int32_t re_literal_groups(const Sema* s, int32_t pat) {
  const Node* n = nd(s, pat);
  if (n->kind != ND_STR || n->n != 1) return -1;
  const Node* part = nd(s, xtra(s, n->a));
  const char* p = s->src + part->pos;
  int32_t b, e, groups = 0, in_set = 0;
  literal_body(p, part->len, &b, &e);
  int raw = 0;
  for (int32_t k = 0; k < b && p[k] != '\'' && p[k] != '"'; k++) raw |= p[k] == 'r' || p[k] == 'R';
  for (int32_t j = b; j < e; j++) {
    char c = p[j];
    if (c == '\\') {
      if (!raw && p[j + 1] != '\\') return -1;  // an escape the literal decodes: not read here
      if (!raw) j++;  // `\\`: one backslash in the value, escaping what follows it
      j++;
      continue;
    }
    if (in_set) { in_set = c != ']'; continue; }
    if (c == '[') { in_set = 1; if (p[j + 1] == ']' || (p[j + 1] == '^' && p[j + 2] == ']')) j += p[j + 1] == '^' ? 2 : 1; }
    else if (c == '(' && p[j + 1] != '?') groups++;
  }
  return groups;
}

// The argument of a call by position k or by keyword `name` (nullptr:
// positional only); -1 when absent. The type pass has checked the forms.
DEVFN int32_t re_arg(const Sema* s, int32_t call, int32_t k, const char* name) {
  const Node* c = nd(s, call);
  for (int32_t j = 0; j < c->n; j++) {
    int32_t arg = xtra(s, c->b + j);
    if (nd(s, arg)->kind != ND_KEYWORD) { if (j == k) return arg; continue; }
    if (name && node_is(s, arg, name)) return nd(s, arg)->a;
  }
  return -1;
}

// Whether a re call's arguments are of a form compiled: the strs by
// position, the rest by position or by keyword (count or maxsplit, and
// flags), none twice and no * or **; refused (reported) otherwise.
DEVFN int re_args_plain(Sema* s, int32_t call, int32_t strs, const char* counted) {
  const Node* c = nd(s, call);
  int32_t positional = 0;
  for (int32_t j = 0; j < c->n; j++) {
    int32_t arg = xtra(s, c->b + j);
    int kind = nd(s, arg)->kind;
    if (kind == ND_STARRED || kind == ND_GENEXP) return refuse_form(s, call), 0;
    if (kind != ND_KEYWORD) { positional++; continue; }
    int at = node_is(s, arg, "flags") ? strs + (counted ? 1 : 0) : counted && node_is(s, arg, counted) ? strs : -1;
    if (at < 0 || at < positional) return refuse_form(s, call), 0;  // unknown, a str's, or given twice
    for (int32_t k = j + 1; k < c->n; k++)
      if (nd(s, xtra(s, c->b + k))->kind == ND_KEYWORD && same_text(s, xtra(s, c->b + k), arg)) return refuse_form(s, call), 0;
  }
  return 1;
}

// re_fn := 're' '.' NAME '(' args ')'      findall(pattern, string, flags=0),
// sub(pattern, repl, string, count=0, flags=0), split(pattern, string,
// maxsplit=0, flags=0): its result type (findall: list[str], or a list of
// tuples of str for a literal pattern of two or more groups)
DEVFN int32_t re_fn(Sema* s, int32_t name, int32_t call) {
  int sub = node_is(s, name, "sub"), split = node_is(s, name, "split"), findall = node_is(s, name, "findall");
  if (call < 0 || !(sub || split || findall)) {
    sema_error(s, name, DG_UNSUPPORTED, "re."); msg_node(s, name);
    if (call < 0) msg(s->diag, " outside a call's flags");
    return T_BAD;
  }
  const char* counted = sub ? "count" : split ? "maxsplit" : nullptr;
  int32_t strs = sub ? 3 : 2, flags_at = strs + (counted ? 1 : 0);
  if (nd(s, call)->n > flags_at + 1)
    return arity_error(s, name, sub ? "at most 5 arguments" : findall ? "at most 3 arguments" : "at most 4 arguments");
  if (!re_args_plain(s, call, strs, counted)) return T_BAD;
  for (int32_t k = 0; k < strs; k++) {
    int32_t arg = re_arg(s, call, k, nullptr);
    if (arg < 0) return arity_error(s, name, sub ? "pattern, repl and string" : "pattern and string");
    int32_t t = expr(s, arg, 0);
    if (t == T_BAD) return T_BAD;
    if (t == T_STR) continue;
    if (sub && k == 1) { sema_error(s, arg, DG_UNSUPPORTED, "re.sub with a repl that is not a str"); return T_BAD; }
    return arg_type_error(s, call, k, t);
  }
  int32_t count = counted ? re_arg(s, call, strs, counted) : -1;
  if (count >= 0) {
    int32_t t = expr(s, count, 0);
    if (t == T_BAD) return T_BAD;
    if (!intlike(t)) return arg_type_error(s, call, strs, t);
  }
  int32_t flags = re_arg(s, call, flags_at, "flags");
  if (flags >= 0 && re_flags(s, flags) < 0) {
    sema_error(s, flags, DG_UNSUPPORTED, "re flags other than constants of I, M, S, A and U");
    return T_BAD;
  }
  if (!findall) return sub ? T_STR : checked(s, name, type_list(&s->types, T_STR));
  int32_t groups = re_literal_groups(s, re_arg(s, call, 0, nullptr));
  if (groups < 2) return checked(s, name, type_list(&s->types, T_STR));
  if (groups > MAX_TUPLE) { sema_error(s, name, DG_UNSUPPORTED, "re.findall of more groups than a tuple holds"); return T_BAD; }
  int32_t items[MAX_TUPLE];
  for (int32_t k = 0; k < groups; k++) items[k] = T_STR;
  int32_t item = checked(s, name, type_tuple(&s->types, groups, items));
  return item == T_BAD ? T_BAD : checked(s, name, type_list(&s->types, item));
}
