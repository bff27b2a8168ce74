// sema_re.h: the type pass over `re`, which regex.h runs: the module's
// search, match, fullmatch, findall, finditer (a loop's iterable), sub,
// split and compile of a str
// pattern (or a re.Pattern), their flags constants the compiler folds; a
// Pattern's methods of those names; a Match's group, start, end and span.
// The rest of `re` is refused by name, for CPython to judge.
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
// flags, but for a Pattern's method), none twice and no * or **, at most
// `most` in all; refused (reported) otherwise.
DEVFN int re_args_plain(Sema* s, int32_t call, int32_t strs, const char* counted, int compiled, int32_t most) {
  const Node* c = nd(s, call);
  int32_t positional = 0;
  if (c->n > most) return refuse_form(s, call), 0;  // pos and endpos of a Pattern's, or a TypeError
  for (int32_t j = 0; j < c->n; j++) {
    int32_t arg = xtra(s, c->b + j);
    int kind = nd(s, arg)->kind;
    if (kind == ND_STARRED || kind == ND_GENEXP) return refuse_form(s, call), 0;
    if (kind != ND_KEYWORD) { positional++; continue; }
    int32_t at = !compiled && node_is(s, arg, "flags") ? strs + (counted ? 1 : 0)
               : counted && node_is(s, arg, counted) ? strs : -1;
    if (at < 0 || at < positional) return refuse_form(s, call), 0;  // unknown, a str's, or given twice
    for (int32_t k = j + 1; k < c->n; k++)
      if (nd(s, xtra(s, c->b + k))->kind == ND_KEYWORD && same_text(s, xtra(s, c->b + k), arg)) return refuse_form(s, call), 0;
  }
  return 1;
}

// Which re function NAME node `name` is: RE_FN_* (the mode of RE_MATCH
// for the first three), or -1 for one the compiler leaves to CPython.
enum { RE_FN_SEARCH, RE_FN_MATCH, RE_FN_FULLMATCH, RE_FN_FINDALL, RE_FN_SUB, RE_FN_SPLIT, RE_FN_COMPILE,
       RE_FN_FINDITER };
DEVFN int re_fn_of(const Sema* s, int32_t name) {
  const char* names[] = {"search", "match", "fullmatch", "findall", "sub", "split", "compile", "finditer"};
  for (int k = 0; k < 8; k++) if (node_is(s, name, names[k])) return k;
  return -1;
}

// The strs a re function takes, the pattern first (compile: 1; sub: the
// pattern, repl and string; the rest: the pattern and the string).
DEV int32_t re_strs(int fn) { return fn == RE_FN_COMPILE ? 1 : fn == RE_FN_SUB ? 3 : 2; }
// The name of its count argument (sub's count, split's maxsplit), or nullptr.
DEV const char* re_counted(int fn) { return fn == RE_FN_SUB ? "count" : fn == RE_FN_SPLIT ? "maxsplit" : nullptr; }

// The result type of re function fn of a pattern at node pat (findall's
// items: tuples of str for a literal pattern of two or more groups).
DEVFN int32_t re_result(Sema* s, int32_t name, int fn, int32_t pat) {
  if (fn == RE_FN_COMPILE) return checked(s, name, type_pattern(&s->types));
  if (fn == RE_FN_FINDITER) return checked(s, name, type_list(&s->types, checked(s, name, type_match(&s->types))));
  if (fn <= RE_FN_FULLMATCH) return checked(s, name, type_opt(&s->types, checked(s, name, type_match(&s->types))));
  if (fn != RE_FN_FINDALL) return fn == RE_FN_SUB ? T_STR : checked(s, name, type_list(&s->types, T_STR));
  int32_t groups = pat >= 0 ? re_literal_groups(s, pat) : -1;
  if (groups < 2) return checked(s, name, type_list(&s->types, T_STR));
  if (groups > MAX_TUPLE) { sema_error(s, name, DG_UNSUPPORTED, "re.findall of more groups than a tuple holds"); return T_BAD; }
  int32_t items[MAX_TUPLE];
  for (int32_t k = 0; k < groups; k++) items[k] = T_STR;
  int32_t item = checked(s, name, type_tuple(&s->types, groups, items));
  return item == T_BAD ? T_BAD : checked(s, name, type_list(&s->types, item));
}

// re_fn := 're' '.' NAME '(' args ')' | pattern '.' NAME '(' args ')'
// search, match, fullmatch, findall and finditer (pattern, string, flags=0),
// sub(pattern, repl, string, count=0, flags=0), split(pattern, string,
// maxsplit=0, flags=0), compile(pattern, flags=0): of the re module, or
// (compiled: 1) the methods of a Pattern, which is their pattern and takes
// no flags. Its result type (re_result).
DEVFN int32_t re_fn(Sema* s, int32_t name, int32_t call, int compiled) {
  int fn = re_fn_of(s, name);
  if (call < 0 || fn < 0 || (compiled && fn == RE_FN_COMPILE)) {
    sema_error(s, name, DG_UNSUPPORTED, compiled ? "re.Pattern." : "re."); msg_node(s, name);
    if (call < 0 && !compiled) msg(s->diag, " outside a call's flags");
    return T_BAD;
  }
  if (fn == RE_FN_FINDITER && s->loop_at != call) {  // its Matches are made as a loop draws them (code_stmt.h)
    sema_error(s, name, DG_UNSUPPORTED, "re.finditer outside a for loop or comprehension");
    return T_BAD;
  }
  const char* counted = re_counted(fn);
  int32_t strs = re_strs(fn), skip = compiled, flags_at = strs + (counted ? 1 : 0);
  if (!re_args_plain(s, call, strs - skip, counted, compiled, flags_at + 1 - 2 * skip)) return T_BAD;
  int pattern_obj = compiled;
  for (int32_t k = skip; k < strs; k++) {
    int32_t arg = re_arg(s, call, k - skip, nullptr);
    if (arg < 0) return arity_error(s, name, fn == RE_FN_SUB ? "pattern, repl and string" : "pattern and string");
    int32_t t = expr(s, arg, 0);
    if (t == T_BAD) return T_BAD;
    if (k == 0 && is_pattern(&s->types, t) && fn != RE_FN_COMPILE) { pattern_obj = 1; continue; }
    if (t == T_STR) continue;
    if (fn == RE_FN_SUB && k == 1) { sema_error(s, arg, DG_UNSUPPORTED, "re.sub with a repl that is not a str"); return T_BAD; }
    return arg_type_error(s, call, k - skip, t);
  }
  int32_t count = counted ? re_arg(s, call, strs - skip, counted) : -1;
  if (count >= 0) {
    int32_t t = expr(s, count, 0);
    if (t == T_BAD) return T_BAD;
    if (!intlike(t)) return arg_type_error(s, call, strs - skip, t);
  }
  int32_t flags = compiled ? -1 : re_arg(s, call, flags_at, "flags");
  if (flags >= 0 && (re_flags(s, flags) < 0 || pattern_obj)) {  // a Pattern's flags are its own (ValueError)
    sema_error(s, flags, DG_UNSUPPORTED, pattern_obj ? "flags with a compiled pattern"
                                                     : "re flags other than constants of I, M, S, A and U");
    return T_BAD;
  }
  return re_result(s, name, fn, compiled ? -1 : re_arg(s, call, 0, nullptr));
}

// match_method := expression '.' ('group' | 'start' | 'end' | 'span') '(' [expression] ')'
// of a re.Match, the group an int (0 when absent): str, int, int or
// tuple[int, int]. Other methods, several groups at once and groups by
// name are left to CPython.
DEVFN int32_t match_method(Sema* s, int32_t call) {
  int32_t name = nd(s, call)->a, ts[MAX_PARAMS];
  int group = node_is(s, name, "group"), span = node_is(s, name, "span");
  if (!group && !span && !node_is(s, name, "start") && !node_is(s, name, "end")) {
    sema_error(s, name, DG_UNSUPPORTED, "re.Match."); msg_node(s, name);
    return T_BAD;
  }
  int32_t n = builtin_args(s, call, ts, 0);
  if (n < 0) return T_BAD;
  if (n > 1 && group) { sema_error(s, name, DG_UNSUPPORTED, "group() of several groups"); return T_BAD; }
  if (n > 1) return arity_error(s, name, "at most one argument");
  if (n == 1 && ts[0] == T_STR) { sema_error(s, name, DG_UNSUPPORTED, "a group by name"); return T_BAD; }
  if (n == 1 && !intlike(ts[0])) return arg_type_error(s, call, 0, ts[0]);
  if (group) return T_STR;
  if (!span) return T_INT;
  int32_t pair[2] = {T_INT, T_INT};
  return checked(s, name, type_tuple(&s->types, 2, pair));
}
