// parse.h: the parse pass. One program's tokens become a flat tree: nodes in
// one array addressed by index, their lists and records of children in a
// second (the layout of Zig's Ast). There are no pointers, so a tree is
// bytes that a device can hand to the host, and the passes after this one
// walk it without reading the source again. The grammar is Python's, for
// the statements and expressions the node kinds of nodes.def name; what a
// later pass cannot compile it refuses there, at the node, not here.
// One function per grammar rule, headed by its rule. A rule returns its
// node's index, or -1 with the first error kept in the Diag.
#pragma once
#include "lex.h"

enum NodeKind {
#define NODE(name, shape) ND_##name,
#include "nodes.def"
#undef NODE
  ND_COUNT_
};

// An OP node's op for the comparisons of two tokens (past the token kinds).
enum { CMP_NOT_IN = TK_COUNT_, CMP_IS_NOT };

struct Node {
  uint8_t kind;     // ND_*
  uint8_t op;       // an operator's token kind, or the flags nodes.def names
  uint16_t n;       // the length of the node's list
  int32_t line, col;  // of the main token (nodes.def): where diagnostics point
  int32_t pos, len;   // the main token's bytes in the source
  int32_t a, b;       // children, lists or records, by kind (nodes.def); -1: none
  int32_t end;        // the line of the node's last token (a closing bracket's)
};

// The arrays a tree is built in: the caller's, sized for the source (a
// node per token is the most a program can need, and 2 * (n + 64) nodes
// cover every program of n bytes). extra holds lists and records from its
// start; the parser's scratch stack grows down from its end.
struct ParseTree {
  Node* nodes;
  int32_t cap_nodes, n_nodes;
  int32_t* extra;
  int32_t cap_extra, n_extra;
  int32_t root;     // the MODULE, or -1
};

struct Parser {
  Lexer lex;
  Token cur, nxt;   // the current token and one of lookahead
  int32_t last_line;  // the line of the token before cur: where a node made now ends
  const char* src;
  Diag* diag;
  ParseTree* t;
  int32_t top;      // the scratch stack: extra[top, cap_extra), last pushed at top
  int32_t nesting;  // open expressions and blocks (MAX_NESTING)
  Diag ahead;       // the lexer's error in nxt, reported when the parser reads nxt (lex_ahead)
  int32_t as_it_stands;  // the error is CPython's without its scan of the rest (tokenizer_error_first)
  int32_t line_end_unjudged;  // > 0: an error at a NEWLINE here is CPython's elsewhere (syntax_error's callers)
  int32_t open_at[MAX_BRACKETS];  // the lexer's open brackets (Lexer.open_at)
};

// ---- diagnostics

DEV int failed(const Parser* p) { return p->diag->cls != DG_OK; }

// "<what> at '<token>'", as the compiler words a syntax error; at the end
// of a line (a NEWLINE: outside brackets), where judged_here, CPython's
// error instead: its first pass stops at the same NEWLINE, and its second
// pass words the error `line_end` ("invalid syntax" where no rule of it
// names the error; the callers pass a rule's words, or null where
// CPython's words or place are others), at the column where its NEWLINE
// token begins (Token.ival: a comment's '#', or the line's end).
DEV void report_ahead(Parser* p);
// The column, in characters as CPython counts, of position pos on token t's line.
DEV int32_t column_at(const Parser* p, const Token* t, int32_t pos) {
  return chars_in(p->src, t->start - (t->col - 1), pos) + 1;
}
DEV void syntax_error(Parser* p, const Token* t, const char* what, const char* line_end = "invalid syntax") {
  if (t->kind == TK_ERROR) { report_ahead(p); return; }  // the lexer's error is the one
  if (t->kind == TK_NEWLINE && line_end && !p->line_end_unjudged && judged_here(&p->lex) && !failed(p)) {
    diag_set(p->diag, DG_SYNTAX, t->line, column_at(p, t, (int32_t)t->ival));
    msg(p->diag, line_end);
    p->diag->judged = 1;
    return;
  }
  diag_set(p->diag, DG_SYNTAX, t->line, t->col);
  msg(p->diag, what);
  msg_token(p->diag, p->src, t);
}
// What an UNSUPPORTED node is (its op, UN_<ID>) and how the type pass words
// its refusal; a statement's words are followed by its keyword and "'".
#define UNSUPPORTED_FORMS(X) \
  X(STATEMENT, "statement '") X(BYTES, "bytes literal") \
  X(COMPLEX, "complex number") X(YIELD, "yield") X(AWAIT, "await")
enum Unsupported {
#define UN_ENUM(id, words) UN_##id,
  UNSUPPORTED_FORMS(UN_ENUM)
#undef UN_ENUM
};
DEV void unsupported(Parser* p, const Token* t, const char* feature) {
  diag_set(p->diag, DG_UNSUPPORTED, t->line, t->col);
  msg(p->diag, feature);
}
DEV void limit_error(Parser* p, const char* which) {
  diag_set(p->diag, DG_LIMIT, p->cur.line, p->cur.col);
  msg(p->diag, "program exceeds ");
  msg(p->diag, which);
}

// An IndentationError at CPython's place (whose columns count from 0 at a
// line's start); where the lexer is unsure of it, a SyntaxError of the
// VM's own, whose columns count from 1.
DEV void indent_error(Parser* p, int32_t line, int32_t col) {
  int judged = judged_here(&p->lex);
  diag_set(p->diag, judged ? DG_INDENTATION : DG_SYNTAX, line, judged || col > 0 ? col : 1);
}

// ---- tokens

// nxt := the token after cur. An error the lexer meets there waits in
// `ahead` until the parser reads that token: CPython's parser fetches
// tokens as it needs them, so an error it finds at cur comes first (and
// tokenizer_error_first weighs the waiting one as CPython's scan of the
// rest of the source does).
DEV void lex_ahead(Parser* p) {
  if (failed(p)) { p->nxt = lex_next(&p->lex); return; }  // (the lexer gives EOF)
  diag_clear(&p->ahead);
  p->lex.diag = &p->ahead;
  p->nxt = lex_next(&p->lex);
  p->lex.diag = p->diag;
}
DEV void report_ahead(Parser* p) {
  if (p->ahead.cls == DG_OK || failed(p)) return;
  *p->diag = p->ahead;
  if (!judged_here(&p->lex)) {  // what the parser read since made it unsure (indent_error_class)
    p->diag->judged = 0;
    if (p->diag->cls == DG_INDENTATION || p->diag->cls == DG_TAB) p->diag->cls = DG_SYNTAX;
  }
  diag_clear(&p->ahead);
}

DEV void advance(Parser* p) {
  p->last_line = p->cur.line;
  p->cur = p->nxt;
  if (p->cur.kind == TK_ERROR) report_ahead(p);
  if (p->cur.kind == TK_EOF || p->cur.kind == TK_ERROR) { p->nxt = p->cur; return; }
  lex_ahead(p);
}
DEV int check(const Parser* p, int kind) { return p->cur.kind == kind; }
DEV int accept(Parser* p, int kind) {
  if (p->cur.kind != kind) return 0;
  advance(p);
  return 1;
}
DEV void expect(Parser* p, int kind, const char* what, const char* line_end = "invalid syntax") {
  if (!accept(p, kind) && !failed(p)) syntax_error(p, &p->cur, what, line_end);
}

// Whether a token can begin an expression: an unbracketed list of items
// (a, b = ...; return a, b,) ends where the next one cannot.
DEV int starts_expression(int kind) {
  switch (kind) {
    case TK_NAME: case TK_INT: case TK_FLOAT: case TK_STRING: case TK_TRUE: case TK_FALSE: case TK_NONE:
    case TK_LPAREN: case TK_LBRACKET: case TK_LBRACE: case TK_MINUS: case TK_PLUS: case TK_TILDE:
    case TK_NOT: case TK_LAMBDA: case TK_STAR: case TK_AWAIT: case TK_YIELD: case TK_DOT:
      return 1;
  }
  return 0;
}

// ---- the tree

DEV Node* node_at(Parser* p, int32_t i) { return p->t->nodes + i; }

DEV int32_t add_node(Parser* p, int kind, const Token* t, int32_t a = -1, int32_t b = -1) {
  ParseTree* tr = p->t;
  if (failed(p)) return -1;
  if (tr->n_nodes >= tr->cap_nodes) { limit_error(p, "the parse tree's nodes"); return -1; }
  Node* n = tr->nodes + tr->n_nodes;
  n->kind = (uint8_t)kind; n->op = 0; n->n = 0;
  n->line = t->line; n->col = t->col; n->pos = t->start; n->len = t->len;
  n->a = a; n->b = b; n->end = p->last_line;
  return tr->n_nodes++;
}
// Node i, made before its closing bracket was read, ends there.
DEV int32_t closed(Parser* p, int32_t i) {
  if (i >= 0 && !failed(p)) node_at(p, i)->end = p->last_line;
  return i;
}
DEV int32_t with_op(Parser* p, int32_t i, int op) {
  if (i >= 0) node_at(p, i)->op = (uint8_t)op;
  return i;
}

// A record of k (at most 4) node indices in extra; returns where it starts.
DEV int32_t record(Parser* p, int32_t k, int32_t x0, int32_t x1, int32_t x2 = -1, int32_t x3 = -1) {
  ParseTree* tr = p->t;
  if (failed(p)) return -1;
  if (tr->n_extra + k > p->top) { limit_error(p, "the parse tree's lists"); return -1; }
  int32_t xs[4] = {x0, x1, x2, x3};
  int32_t at = tr->n_extra;
  for (int32_t i = 0; i < k; i++) tr->extra[tr->n_extra++] = xs[i];
  return at;
}

// Lists are gathered on the scratch stack, since the items of a list are
// parsed between its own start and end (with lists of their own), then
// moved to extra in source order.
DEV void push(Parser* p, int32_t x) {
  if (failed(p)) return;
  if (p->top <= p->t->n_extra) { limit_error(p, "the parse tree's lists"); return; }
  p->t->extra[--p->top] = x;
}
// The items pushed since p->top was `mark`, as a list in extra: returns
// where it starts, its length in *count.
DEV int32_t list_from(Parser* p, int32_t mark, int32_t* count) {
  ParseTree* tr = p->t;
  int32_t n = mark - p->top;
  *count = 0;
  if (failed(p)) return -1;
  if (n > 0xffff || tr->n_extra + n > p->top) { limit_error(p, "the parse tree's lists"); return -1; }
  int32_t at = tr->n_extra;
  for (int32_t i = mark - 1; i >= p->top; i--) tr->extra[tr->n_extra++] = tr->extra[i];
  p->top = mark;
  *count = n;
  return at;
}
DEV int32_t list_node(Parser* p, int kind, const Token* t, int32_t mark, int32_t b = -1) {
  int32_t n, at = list_from(p, mark, &n);
  int32_t i = add_node(p, kind, t, at, b);
  if (i >= 0) node_at(p, i)->n = (uint16_t)n;
  return i;
}

// Enter one level of nesting: the parser recurses, and a GPU thread's
// stack is small (MAX_NESTING).
DEV int enter(Parser* p) {
  if (++p->nesting > MAX_NESTING) { limit_error(p, "MAX_NESTING (nested expressions or blocks)"); return 0; }
  return 1;
}

// A target of an assignment, a for or a comprehension: a NAME, ATTR or
// SUBSCRIPT, or (all but an augmented one) a TUPLE or LIST of targets and
// at most one STARRED.
DEVFN int valid_target(Parser* p, int32_t i, int aug) {
  const Node* n = node_at(p, i);
  if (n->kind == ND_NAME || n->kind == ND_ATTR || n->kind == ND_SUBSCRIPT) return 1;
  if (aug || (n->kind != ND_TUPLE && n->kind != ND_LIST)) return 0;
  for (int32_t k = 0; k < n->n; k++) {
    int32_t item = p->t->extra[n->a + k];
    const Node* m = node_at(p, item);
    if (!valid_target(p, m->kind == ND_STARRED ? m->a : item, 0)) return 0;
  }
  return 1;
}
// A target of del: a NAME, ATTR or SUBSCRIPT, or a TUPLE or LIST of them,
// parenthesized or not (no STARRED).
DEVFN int valid_del_target(Parser* p, int32_t i) {
  const Node* n = node_at(p, i);
  if (n->kind == ND_NAME || n->kind == ND_ATTR || n->kind == ND_SUBSCRIPT) return 1;
  if (n->kind == ND_GROUP) return valid_del_target(p, n->a);
  if (n->kind != ND_TUPLE && n->kind != ND_LIST) return 0;
  for (int32_t k = 0; k < n->n; k++)
    if (!valid_del_target(p, p->t->extra[n->a + k])) return 0;
  return 1;
}
// A target that is a starred expression alone (`*a = b`, `for *a in b`)
// is one CPython's compiler rejects, its parser reading on past it: no
// later error is judged.
DEV int target_error(Parser* p, const Token* first) {
  if (first->kind == TK_STAR) p->lex.unjudged = 1;
  diag_set(p->diag, DG_SYNTAX, first->line, first->col);
  msg(p->diag, "cannot assign to an expression here");
  return -1;
}

// ---- expressions

DEVFN int32_t expression(Parser* p);
DEVFN int32_t named_expression(Parser* p);
DEVFN int32_t logic(Parser* p, int kind);
DEVFN int32_t binary(Parser* p, int min_prec);
DEVFN int32_t comprehension(Parser* p, int kind, const Token* at, int32_t item, int close);

// An item of a list of them: ['*' binary] | named_expression (displays),
// expression (statements) or binary (for-targets, which end at 'in').
enum { ITEM_NAMED, ITEM_EXPR, ITEM_TARGET };
DEVFN int32_t list_item(Parser* p, int mode) {
  if (check(p, TK_STAR)) {
    Token star = p->cur;
    advance(p);
    return with_op(p, add_node(p, ND_STARRED, &star, binary(p, 1)), TK_STAR);
  }
  if (mode == ITEM_TARGET) return binary(p, 1);
  return mode == ITEM_NAMED ? named_expression(p) : expression(p);
}

// items := item (',' item)* [',']     the first item parsed; the list ends
// before `close`, or (close 0) where no expression begins
DEVFN int32_t items(Parser* p, int kind, const Token* at, int32_t first, int close, int mode) {
  int32_t mark = p->top;
  push(p, first);
  while (accept(p, TK_COMMA) && !failed(p)) {
    if (close ? check(p, close) : !starts_expression(p->cur.kind)) break;
    push(p, list_item(p, mode));
  }
  return list_node(p, kind, at, mark);
}

// star_expressions := item (',' item)* [',']     a TUPLE when there is a comma
DEVFN int32_t star_expressions(Parser* p, int mode) {
  Token at = p->cur;
  int32_t first = list_item(p, mode);
  if (failed(p) || !check(p, TK_COMMA)) return first;
  return items(p, ND_TUPLE, &at, first, 0, mode);
}

// The replacement fields of f-string token s[0, n) as CPython 3.11 checks
// them before it reads their expressions: each '{' (not '{{') closed by
// its '}', around an expression that is not blank; no lone '}'. CPython's
// message, or null. (The expressions are read afterwards: fstring_field.)
DEV const char* fstring_error(const char* s, int32_t n) {
  int32_t i, end;
  literal_body(s, n, &i, &end);
  for (; i < end; i++) {
    if (s[i] == '}' && i + 1 < end && s[i + 1] == '}') { i++; continue; }
    if (s[i] == '}') return "f-string: single '}' is not allowed";
    if (s[i] != '{') continue;
    if (i + 1 < end && s[i + 1] == '{') { i++; continue; }
    int32_t depth = 0, blank = 1, in_expr = 1;
    char quote = 0;
    for (i++; i < end; i++) {
      char c = s[i];
      if (quote) { if (c == quote) quote = 0; continue; }
      if (c == '}' && depth == 0) break;
      if (c == '(' || c == '[' || c == '{') depth++;
      if ((c == ')' || c == ']' || c == '}') && depth > 0) depth--;
      if (c == '\'' || c == '"') quote = c;
      if (depth == 0 && (c == ':' || (c == '!' && (i + 1 >= end || s[i + 1] != '=')))) in_expr = 0;
      else if (in_expr && c != ' ' && c != '\t' && c != '\n' && c != '\r') blank = 0;
    }
    if (i >= end) return "f-string: expecting '}'";
    if (blank) return "f-string: empty expression not allowed";
  }
  return 0;
}

// A FIELD's op: its conversion, and whether it is refused (`=`, or a format
// spec with a nested field, an escape or a byte outside printable ASCII:
// the CPython path judges those). A plain spec is the FIELD's b, an FTEXT.
enum { FIELD_CONV_S = 1, FIELD_CONV_R = 2, FIELD_CONV_A = 3, FIELD_CONV_MASK = 3, FIELD_REFUSED = 4 };
// A DEF's op: a statement `name = lambda ...`, which lambda_def makes one.
enum { DEF_LAMBDA = 1 };

// Whether format spec s[b, e) is plain text: no nested field, no escape,
// printable ASCII only.
DEV int plain_spec(const char* s, int32_t b, int32_t e) {
  for (int32_t k = b; k < e; k++)
    if (s[k] == '{' || s[k] == '}' || s[k] == '\\' || s[k] < 0x20 || s[k] > 0x7e) return 0;
  return 1;
}

// The end of an f-string field's expression s[i, ...) (after its '{'): the
// first '}', ':' or '!' (not '!=') outside brackets and string literals.
// fstring_error has checked that a '}' closes the field before `end`.
DEV int32_t field_expression_end(const char* s, int32_t i, int32_t end) {
  int32_t depth = 0;
  char quote = 0;
  for (; i < end; i++) {
    char c = s[i];
    if (quote) { if (c == quote) quote = 0; continue; }
    if (c == '\'' || c == '"') { quote = c; continue; }
    if (depth == 0 && (c == '}' || c == ':' || (c == '!' && i + 1 < end && s[i + 1] != '='))) return i;
    if (c == '(' || c == '[' || c == '{') depth++;
    if ((c == ')' || c == ']' || c == '}') && depth > 0) depth--;
  }
  return end;
}

// The span s[b, e) of the source as an expression, as CPython reads a
// field's (in parentheses): the parser reads it with its own lexer bounded
// to the span, then is back where it was. (line, line_start): where b is.
DEVFN int32_t field_expression(Parser* p, int32_t b, int32_t e, int32_t line, int32_t line_start) {
  Lexer* L = &p->lex;
  // What reading the span changes (the indent stacks are only read; the
  // end of the span may pop one, a DEDENT after its NEWLINE)
  int32_t at[11] = {L->pos, L->n, L->line, L->line_start, L->parens, L->at_line_start, L->pending, L->depth,
                    L->last_kind, L->open_n, L->open_base};
  Token cur = p->cur, nxt = p->nxt;
  Diag ahead = p->ahead;
  int32_t last_line = p->last_line;
  L->pos = b; L->n = e; L->line = line; L->line_start = line_start;
  L->parens = 1; L->at_line_start = 0; L->pending = 0; L->last_kind = TK_LPAREN; L->open_base = L->open_n;
  p->cur = lex_next(L);
  p->nxt = p->cur.kind == TK_EOF || p->cur.kind == TK_ERROR ? p->cur : lex_next(L);
  int32_t x = star_expressions(p, ITEM_NAMED);
  if (!failed(p) && !check(p, TK_NEWLINE)) syntax_error(p, &p->cur, "f-string: invalid syntax");
  L->pos = at[0]; L->n = at[1]; L->line = at[2]; L->line_start = at[3]; L->parens = at[4];
  L->at_line_start = at[5]; L->pending = at[6]; L->depth = at[7]; L->last_kind = at[8]; L->open_n = at[9];
  L->open_base = at[10];
  p->cur = cur; p->nxt = nxt; p->ahead = ahead; p->last_line = last_line;
  return x;
}

// Whether the field expression s[b, e) ends in `=` (f'{x=}', Python 3.8's
// self-documenting form) rather than a comparison.
DEV int self_documenting(const char* s, int32_t b, int32_t e) {
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n' || s[e - 1] == '\r')) e--;
  if (e <= b || s[e - 1] != '=') return 0;
  char c = e - 2 >= b ? s[e - 2] : 0;
  return c != '=' && c != '!' && c != '<' && c != '>';
}

// One replacement field of an f-string whose '{' is s[i]: pushes its FIELD
// node; returns the index of its closing '}'. (line, line_start): where
// i + 1 is. Every expression is read, a format spec's nested fields too
// (for their syntax errors, though the spec is refused).
DEVFN int32_t fstring_field(Parser* p, const Token* lit, int32_t i, int32_t end, int32_t line, int32_t line_start) {
  const char* s = p->src;
  int32_t x = field_expression_end(s, i + 1, end), close = x, op = 0;
  Token t = *lit;
  t.start = i; t.len = 1; t.line = line; t.col = i - line_start + 1;
  if (s[x] == '!') {
    char c = x + 1 < end ? s[x + 1] : 0;
    op = c == 's' ? FIELD_CONV_S : c == 'r' ? FIELD_CONV_R : c == 'a' ? FIELD_CONV_A : 0;
    if (!op) { syntax_error(p, &t, "f-string: invalid conversion character: expected 's', 'r', or 'a'"); return end; }
    close = x + 2;
    if (close >= end || (s[close] != ':' && s[close] != '}')) { syntax_error(p, &t, "f-string: expecting '}'"); return end; }
  }
  int32_t spec = s[close] == ':' ? close + 1 : -1;
  for (int32_t depth = 0; close < end && (s[close] != '}' || depth > 0); close++)  // past the spec's nested fields
    depth += s[close] == '{' ? 1 : s[close] == '}' ? -1 : 0;
  int32_t plain = spec >= 0 && spec < close && plain_spec(s, spec, close);
  if (spec >= 0 && spec < close && !plain) op |= FIELD_REFUSED;
  int32_t e = x;
  if (self_documenting(s, i + 1, x)) {
    op |= FIELD_REFUSED;
    while (s[e - 1] != '=') e--;
    e--;
  }
  t.len = close + 1 - i;
  for (int32_t k = i + 1; k < x; k++) {
    if (s[k] != '\\' && s[k] != '#') continue;
    syntax_error(p, &t, s[k] == '#' ? "f-string expression part cannot include '#'"
                                    : "f-string expression part cannot include a backslash");
    return close;
  }
  int32_t expr = field_expression(p, i + 1, e, line, line_start);
  for (int32_t k = spec; k >= 0 && k < close && !failed(p); k++) {  // the spec's fields: read, not kept
    if (s[k] != '{') continue;
    int32_t nested = field_expression_end(s, k + 1, close);
    field_expression(p, k + 1, nested, line, line_start);
    k = nested;
  }
  int32_t spec_text = -1;
  if (plain && !failed(p)) {
    Token sp = *lit;
    sp.start = spec; sp.len = close - spec; sp.line = line; sp.col = spec - line_start + 1;
    spec_text = with_op(p, add_node(p, ND_FTEXT, &sp), lit->flags);
  }
  push(p, with_op(p, add_node(p, ND_FIELD, &t, expr, spec_text), op));
  return close;
}

// An f-string literal's pieces: runs of text (FTEXT) and fields (FIELD),
// pushed in order.
DEVFN void fstring_pieces(Parser* p, const Token* lit) {
  const char* s = p->src;
  int32_t i, end;
  literal_body(s + lit->start, lit->len, &i, &end);
  i += lit->start;
  end += lit->start;
  int32_t line = lit->line, line_start = lit->start - (lit->col - 1), run = i;
  int raw = lit->flags & TF_RAW;
  Token t = *lit;
  for (; i < end && !failed(p); i++) {
    char c = s[i];
    if (c == '\n') { line++; line_start = i + 1; continue; }
    if (c == '\\' && !raw && i + 1 < end && s[i + 1] != '{' && s[i + 1] != '}') {  // an escape: not a brace
      if (s[i + 1] == 'N' && i + 2 < end && s[i + 2] == '{') while (i < end && s[i] != '}') i++;  // \N{NAME}
      else if (s[++i] == '\n') { line++; line_start = i + 1; }
      continue;
    }
    if ((c == '{' || c == '}') && i + 1 < end && s[i + 1] == c) { i++; continue; }  // a doubled brace is text
    if (c != '{') continue;
    if (i > run) {
      t.start = run; t.len = i - run; t.line = line; t.col = run - line_start + 1;
      push(p, with_op(p, add_node(p, ND_FTEXT, &t), lit->flags));
    }
    int32_t close = fstring_field(p, lit, i, end, line, line_start);
    for (int32_t k = i; k < close; k++) if (s[k] == '\n') { line++; line_start = k + 1; }
    i = close;
    run = close + 1;
  }
  if (end > run) {
    t.start = run; t.len = end - run; t.line = line; t.col = run - line_start + 1;
    push(p, with_op(p, add_node(p, ND_FTEXT, &t), lit->flags));
  }
}

// strings := STRING+      (adjacent literals are one string: a STR, or an
// FSTRING of their pieces where f-strings are among them; a bytes part
// makes it UNSUPPORTED there)
DEVFN int32_t strings(Parser* p) {
  Token first = p->cur, bytes = first;
  bytes.kind = TK_EOF;
  int32_t mark = p->top, fstring = 0;
  while (check(p, TK_STRING) && !failed(p)) {
    Token lit = p->cur;
    const char* bad = lit.flags & TF_FSTRING ? fstring_error(p->src + lit.start, lit.len) : 0;
    if (bad) { syntax_error(p, &lit, bad); return -1; }
    if (bytes.kind == TK_EOF && (lit.flags & TF_BYTES)) bytes = lit;
    if ((lit.flags & (TF_FSTRING | TF_BYTES)) == TF_FSTRING) {
      fstring = 1;
      fstring_pieces(p, &lit);
    } else {
      push(p, with_op(p, add_node(p, ND_STRPART, &lit), lit.flags));
    }
    advance(p);
  }
  int32_t s = list_node(p, fstring ? ND_FSTRING : ND_STR, &first, mark);
  if (bytes.kind == TK_EOF) return s;
  return with_op(p, add_node(p, ND_UNSUPPORTED, &bytes, -1), UN_BYTES);
}

DEVFN int32_t primary(Parser* p);

// yield_expr := 'yield' ['from' expression | star_expressions]
// await := 'await' primary      (both UNSUPPORTED)
DEVFN int32_t yield_or_await(Parser* p) {
  Token t = p->cur;
  advance(p);
  int32_t operand = -1;
  if (t.kind == TK_AWAIT) operand = primary(p);
  else if (accept(p, TK_FROM)) operand = expression(p);
  else if (starts_expression(p->cur.kind)) operand = star_expressions(p, ITEM_EXPR);
  if (failed(p)) return -1;
  return with_op(p, add_node(p, ND_UNSUPPORTED, &t, operand), t.kind == TK_AWAIT ? UN_AWAIT : UN_YIELD);
}

// paren := '(' ')' | '(' item ')' | '(' item ',' [items] ')' | '(' named comp_clauses ')'
DEVFN int32_t paren(Parser* p) {
  Token open = p->cur;
  advance(p);
  if (accept(p, TK_RPAREN)) return with_op(p, list_node(p, ND_TUPLE, &open, p->top), 1);
  if (check(p, TK_YIELD)) {
    int32_t y = yield_or_await(p);
    expect(p, TK_RPAREN, "expected ')'");
    return y;
  }
  int32_t first = list_item(p, ITEM_NAMED);
  if (failed(p)) return -1;
  if (check(p, TK_FOR)) return comprehension(p, ND_GENEXP, &open, first, TK_RPAREN);
  if (!check(p, TK_COMMA)) {
    const Node* n = node_at(p, first);
    if (n->kind == ND_STARRED) {  // (CPython's second pass: a starred group is no expression)
      diag_set(p->diag, DG_SYNTAX, n->line, n->col);
      msg(p->diag, "cannot use starred expression here");
      return -1;
    }
    expect(p, TK_RPAREN, "expected ')'");
    return add_node(p, ND_GROUP, &open, first);
  }
  int32_t t = items(p, ND_TUPLE, &open, first, TK_RPAREN, ITEM_NAMED);
  expect(p, TK_RPAREN, "expected ')' after a tuple");
  return with_op(p, closed(p, t), 1);
}

// list := '[' [items] ']' | '[' named comp_clauses ']'
DEVFN int32_t bracket(Parser* p) {
  Token open = p->cur;
  advance(p);
  if (accept(p, TK_RBRACKET)) return list_node(p, ND_LIST, &open, p->top);
  int32_t first = list_item(p, ITEM_NAMED);
  if (failed(p)) return -1;
  if (check(p, TK_FOR)) return comprehension(p, ND_LISTCOMP, &open, first, TK_RBRACKET);
  int32_t l = items(p, ND_LIST, &open, first, TK_RBRACKET, ITEM_NAMED);
  expect(p, TK_RBRACKET, "expected ']' or ',' in a list");
  return closed(p, l);
}

// dict := '{' expression ':' expression (',' expression ':' expression)* [','] '}'
//       | '{' expression ':' expression comp_clauses '}'      (the first key parsed)
DEVFN int32_t dict_rest(Parser* p, const Token* open, int32_t key) {
  int32_t value = expression(p);
  if (check(p, TK_FOR)) return comprehension(p, ND_DICTCOMP, open, record(p, 2, key, value), TK_RBRACE);
  int32_t mark = p->top;
  push(p, key);
  push(p, value);
  while (accept(p, TK_COMMA) && !check(p, TK_RBRACE) && !failed(p)) {
    if (check(p, TK_DSTAR)) { unsupported(p, &p->cur, "'**' in a dict display"); return -1; }
    push(p, expression(p));
    expect(p, TK_COLON, "expected ':' in a dict");
    push(p, expression(p));
  }
  int32_t d = list_node(p, ND_DICT, open, mark);
  expect(p, TK_RBRACE, "expected '}' or ',' in a dict");
  return closed(p, d);
}

// brace := '{' '}' | dict | '{' items '}' | '{' named comp_clauses '}'
DEVFN int32_t brace(Parser* p) {
  Token open = p->cur;
  advance(p);
  if (accept(p, TK_RBRACE)) return list_node(p, ND_DICT, &open, p->top);
  if (check(p, TK_DSTAR)) { unsupported(p, &p->cur, "'**' in a dict display"); return -1; }
  int32_t first = list_item(p, ITEM_NAMED);
  if (failed(p)) return -1;
  if (accept(p, TK_COLON)) return dict_rest(p, &open, first);
  if (check(p, TK_FOR)) return comprehension(p, ND_SETCOMP, &open, first, TK_RBRACE);
  int32_t s = items(p, ND_SET, &open, first, TK_RBRACE, ITEM_NAMED);
  expect(p, TK_RBRACE, "expected '}' or ',' in a set");
  return closed(p, s);
}

// loop_targets := targets 'in'      after a for statement's or clause's 'for'
DEVFN int32_t loop_targets(Parser* p) {
  Token first = p->cur;
  int32_t target = star_expressions(p, ITEM_TARGET);
  if (!failed(p) && !valid_target(p, target, 0)) return target_error(p, &first);
  expect(p, TK_IN, "expected 'in'");
  return failed(p) ? -1 : target;
}

// comp_clauses := ('for' loop_targets disjunction ('if' disjunction)*)+ [close]
DEVFN int32_t comprehension(Parser* p, int kind, const Token* at, int32_t item, int close) {
  const Node* first = item >= 0 ? node_at(p, item) : nullptr;
  if (first && first->kind == ND_STARRED) {  // (CPython's words, at the '*'; the star alone is a display's item)
    diag_set(p->diag, DG_SYNTAX, first->line, first->col);
    msg(p->diag, "iterable unpacking cannot be used in comprehension");
    return -1;
  }
  int32_t mark = p->top;
  while (check(p, TK_FOR) && !failed(p)) {
    Token kw = p->cur;
    advance(p);
    int32_t target = loop_targets(p);
    if (target < 0) return -1;
    int32_t iter = logic(p, TK_OR);
    push(p, add_node(p, ND_COMPFOR, &kw, target, iter));
    while (check(p, TK_IF) && !failed(p)) {
      Token k2 = p->cur;
      advance(p);
      push(p, add_node(p, ND_COMPIF, &k2, logic(p, TK_OR)));
    }
  }
  if (check(p, TK_ASYNC)) { unsupported(p, &p->cur, "async comprehension"); return -1; }
  int32_t n, clauses = list_from(p, mark, &n);
  int32_t c = add_node(p, kind, at, item, clauses);
  if (c >= 0) node_at(p, c)->n = (uint16_t)n;
  if (close) expect(p, close, "expected the end of a comprehension");
  return failed(p) ? -1 : closed(p, c);
}

// atom := NAME | NUMBER | strings | 'True' | 'False' | 'None' | paren | list | brace
DEVFN int32_t atom(Parser* p) {
  Token t = p->cur;
  switch (t.kind) {
    case TK_NAME: advance(p); return add_node(p, ND_NAME, &t);
    case TK_INT: {
      advance(p);
      uint64_t v = (uint64_t)t.ival;
      return with_op(p, add_node(p, ND_INT, &t, (int32_t)(uint32_t)v, (int32_t)(uint32_t)(v >> 32)), t.flags);
    }
    case TK_FLOAT: {
      advance(p);
      if (t.flags & TF_COMPLEX) return with_op(p, add_node(p, ND_UNSUPPORTED, &t, -1), UN_COMPLEX);
      uint64_t v = (uint64_t)double_to_bits(t.fval);
      return add_node(p, ND_FLOAT, &t, (int32_t)(uint32_t)v, (int32_t)(uint32_t)(v >> 32));
    }
    case TK_STRING: return strings(p);
    case TK_TRUE: case TK_FALSE: case TK_NONE: advance(p); return with_op(p, add_node(p, ND_CONST, &t), t.kind);
    case TK_LPAREN: return paren(p);
    case TK_LBRACKET: return bracket(p);
    case TK_LBRACE: return brace(p);
    case TK_YIELD: case TK_AWAIT:  // (read wherever an atom may be: more places than CPython reads them)
      p->lex.unjudged = 1;
      return yield_or_await(p);
    case TK_ERROR: return -1;
    case TK_DOT:  // '...': the lexer gives three dots, which must touch (`. ..` is three to CPython, and
                  // `..` one, where its parser stops before it reads a token after them)
      if (t.start + 2 >= p->lex.n || p->src[t.start + 1] != '.' || p->src[t.start + 2] != '.') break;
      advance(p);
      advance(p);
      expect(p, TK_DOT, "expected '...'");
      return with_op(p, add_node(p, ND_CONST, &t), TK_DOT);
  }
  syntax_error(p, &t, "expected an expression");
  return -1;
}

// args := arg (',' arg)* [',']
// arg := '*' expression | '**' expression | NAME '=' expression | named_expression [comp_clauses]
DEVFN int32_t call(Parser* p, int32_t callee) {
  Token open = p->cur;
  advance(p);
  int32_t mark = p->top, genexp = 0, keywords = 0, comma_after = 0;
  while (!check(p, TK_RPAREN) && !failed(p)) {
    Token t = p->cur;
    int32_t arg;
    if (check(p, TK_STAR) || check(p, TK_DSTAR)) {
      advance(p);
      arg = with_op(p, add_node(p, ND_STARRED, &t, expression(p)), t.kind);
      keywords |= t.kind == TK_DSTAR;
    } else if (check(p, TK_NAME) && p->nxt.kind == TK_ASSIGN) {
      advance(p);
      advance(p);
      arg = add_node(p, ND_KEYWORD, &t, expression(p));
      keywords = 1;
    } else {
      if (keywords) { syntax_error(p, &t, "positional argument follows keyword argument"); return -1; }
      arg = named_expression(p);
      if (check(p, TK_FOR)) { arg = comprehension(p, ND_GENEXP, &t, arg, 0); genexp = 1; }
    }
    push(p, arg);
    if (!accept(p, TK_COMMA)) break;
    comma_after = genexp;  // `f(x for x in xs,)`: CPython refuses that too
  }
  if (genexp && (mark - p->top > 1 || comma_after)) {
    syntax_error(p, &open, "a generator expression must be parenthesized");
    return -1;
  }
  int32_t c = list_node(p, ND_CALL, &open, mark, -1);
  expect(p, TK_RPAREN, "expected ')' or ',' in a call");
  closed(p, c);
  // `(int)(x)` calls the name itself, as CPython's tree (no group) says
  while (callee >= 0 && node_at(p, callee)->kind == ND_GROUP && node_at(p, node_at(p, callee)->a)->kind == ND_NAME)
    callee = node_at(p, callee)->a;
  if (c >= 0) { Node* n = node_at(p, c); n->b = n->a; n->a = callee; }
  return failed(p) ? -1 : c;
}

// slice := [expression] ':' [expression] [':' [expression]] | named_expression | '*' binary
DEVFN int32_t slice_item(Parser* p) {
  if (check(p, TK_STAR)) return list_item(p, ITEM_NAMED);  // tuple[*ts] (a later pass refuses it)
  int32_t lo = -1;
  if (!check(p, TK_COLON)) {
    lo = named_expression(p);
    if (!check(p, TK_COLON) || failed(p)) return lo;
  }
  Token colon = p->cur;
  advance(p);
  int32_t hi = -1, step = -1;
  int k = p->cur.kind;
  if (k != TK_COLON && k != TK_RBRACKET && k != TK_COMMA) hi = expression(p);
  if (accept(p, TK_COLON)) {
    k = p->cur.kind;
    if (k != TK_RBRACKET && k != TK_COMMA) step = expression(p);
  }
  return add_node(p, ND_SLICE, &colon, record(p, 3, lo, hi, step));
}

// subscript := '[' slice (',' slice)* [','] ']'      several: a TUPLE of them
DEVFN int32_t subscript(Parser* p, int32_t obj) {
  Token open = p->cur;
  advance(p);
  Token at = p->cur;
  int32_t index = slice_item(p);
  if (check(p, TK_COMMA) || (index >= 0 && node_at(p, index)->kind == ND_STARRED)) {  // a starred one alone is a tuple too
    int32_t mark = p->top;
    push(p, index);
    while (accept(p, TK_COMMA) && !check(p, TK_RBRACKET) && !failed(p)) push(p, slice_item(p));
    index = list_node(p, ND_TUPLE, &at, mark);
  }
  expect(p, TK_RBRACKET, "expected ']'");
  return failed(p) ? -1 : add_node(p, ND_SUBSCRIPT, &open, obj, index);
}

// primary := atom ('.' NAME | '(' [args] ')' | '[' slices ']')*
DEVFN int32_t primary(Parser* p) {
  int32_t e = atom(p);
  for (;;) {
    if (failed(p)) return -1;
    if (check(p, TK_DOT)) {
      advance(p);
      Token name = p->cur;
      expect(p, TK_NAME, "expected a name after '.'");
      e = add_node(p, ND_ATTR, &name, e);
    } else if (check(p, TK_LPAREN)) {
      e = call(p, e);
    } else if (check(p, TK_LBRACKET)) {
      e = subscript(p, e);
    } else {
      return e;
    }
  }
}

DEVFN int32_t factor(Parser* p);

// power := primary ['**' factor]      (right-associative; -2 ** 2 == -4)
DEVFN int32_t power(Parser* p) {
  int32_t e = primary(p);
  if (!check(p, TK_DSTAR) || failed(p)) return e;
  Token op = p->cur;
  advance(p);
  int32_t r = factor(p);
  return with_op(p, add_node(p, ND_BINOP, &op, e, r), TK_DSTAR);
}

// factor := ('-' | '+' | '~') factor | power
// inversion := 'not' inversion | comparison            (logical: this rule)
DEVFN int32_t comparison(Parser* p);
DEVFN int32_t prefixed(Parser* p, int logical) {
  int k = p->cur.kind;
  int is_op = logical ? k == TK_NOT : k == TK_MINUS || k == TK_PLUS || k == TK_TILDE;
  if (!is_op) return logical ? comparison(p) : power(p);
  Token op = p->cur;
  advance(p);
  if (!enter(p)) return -1;
  int32_t e = prefixed(p, logical);
  p->nesting--;
  return with_op(p, add_node(p, ND_UNARY, &op, e), k);
}
DEVFN int32_t factor(Parser* p) { return prefixed(p, 0); }

// binary := factor (binop binary)*     precedence climbing (binary_prec)
DEVFN int32_t binary(Parser* p, int min_prec) {
  int32_t e = factor(p);
  for (;;) {
    int prec = binary_prec(p->cur.kind);
    if (prec == 0 || prec < min_prec || failed(p)) return e;
    Token op = p->cur;
    advance(p);
    int32_t r = binary(p, prec + 1);
    e = with_op(p, add_node(p, ND_BINOP, &op, e, r), op.kind);
  }
}

DEV int starts_comparison(const Parser* p) {
  switch (p->cur.kind) {
    case TK_LT: case TK_LE: case TK_GT: case TK_GE: case TK_EQEQ: case TK_NE: case TK_IN: case TK_IS: return 1;
    case TK_NOT: return p->nxt.kind == TK_IN;
  }
  return 0;
}

// comparison := binary (compop binary)*
// compop := '<' | '<=' | '>' | '>=' | '==' | '!=' | 'in' | 'not' 'in' | 'is' | 'is' 'not'
DEVFN int32_t comparison(Parser* p) {
  int32_t e = binary(p, 1);
  if (!starts_comparison(p) || failed(p)) return e;
  Token first = p->cur;
  int32_t mark = p->top;
  push(p, e);
  while (starts_comparison(p) && !failed(p)) {
    Token op = p->cur;
    int code = op.kind;
    advance(p);
    if (code == TK_NOT) { advance(p); code = CMP_NOT_IN; }
    else if (code == TK_IS && accept(p, TK_NOT)) code = CMP_IS_NOT;
    push(p, with_op(p, add_node(p, ND_OP, &op), code));
    push(p, binary(p, 1));
  }
  return list_node(p, ND_COMPARE, &first, mark);
}

DEVFN int32_t inversion(Parser* p) { return prefixed(p, 1); }

// conjunction := inversion ('and' inversion)*
// disjunction := conjunction ('or' conjunction)*       (kind: TK_AND or TK_OR)
DEVFN int32_t logic(Parser* p, int kind) {
  int32_t e = kind == TK_OR ? logic(p, TK_AND) : inversion(p);
  if (!check(p, kind) || failed(p)) return e;
  Token first = p->cur;
  int32_t mark = p->top;
  push(p, e);
  while (check(p, kind) && !failed(p)) {
    Token op = p->cur;
    advance(p);
    push(p, with_op(p, add_node(p, ND_OP, &op), kind));
    push(p, kind == TK_OR ? logic(p, TK_AND) : inversion(p));
  }
  return with_op(p, list_node(p, ND_BOOLOP, &first, mark), kind);
}

// params := param (',' param)* [',']      param := NAME [':' expression] ['=' expression]
// (annotations only in a def; no parameter without a default after one
// with); a list up to `close`; the count in *n
DEVFN int32_t params(Parser* p, int annotated, int close, int32_t* n) {
  int32_t mark = p->top, defaults = 0;
  while (!check(p, close) && !failed(p)) {
    int k = p->cur.kind;
    if (k == TK_STAR || k == TK_DSTAR || k == TK_SLASH) {
      unsupported(p, &p->cur, "*args, **kwargs and / in parameters");
      break;
    }
    Token name = p->cur;
    expect(p, TK_NAME, "expected a parameter name");
    int32_t ann = annotated && accept(p, TK_COLON) ? expression(p) : -1;
    int32_t def = accept(p, TK_ASSIGN) ? expression(p) : -1;
    if (def < 0 && defaults && !failed(p)) { syntax_error(p, &name, "non-default argument follows default argument"); break; }
    defaults |= def >= 0;
    push(p, add_node(p, ND_PARAM, &name, ann, def));
    if (!accept(p, TK_COMMA)) break;
  }
  return list_from(p, mark, n);
}

// lambdef := 'lambda' [params] ':' expression
DEVFN int32_t lambdef(Parser* p) {
  Token kw = p->cur;
  advance(p);
  int32_t n, l = params(p, 0, TK_COLON, &n);
  expect(p, TK_COLON, "expected ':'");
  int32_t f = add_node(p, ND_LAMBDA, &kw, expression(p), l);
  if (f >= 0) node_at(p, f)->n = (uint16_t)n;
  return failed(p) ? -1 : f;
}

// expression := lambdef | disjunction ['if' disjunction 'else' expression]
DEVFN int32_t expression(Parser* p) {
  if (!enter(p)) return -1;
  int32_t e;
  if (check(p, TK_LAMBDA)) {
    e = lambdef(p);
  } else {
    e = logic(p, TK_OR);
    if (check(p, TK_IF) && !failed(p)) {
      Token kw = p->cur;
      advance(p);
      p->line_end_unjudged++;  // (CPython's second pass reads the longest test it can, then wants 'else')
      int32_t test = logic(p, TK_OR);
      p->line_end_unjudged--;
      expect(p, TK_ELSE, "expected 'else' in a conditional expression", nullptr);  // (CPython's: at its start)
      int32_t orelse = expression(p);
      e = add_node(p, ND_IFEXP, &kw, record(p, 3, e, test, orelse));
    }
  }
  p->nesting--;
  return failed(p) ? -1 : e;
}

// named_expression := NAME ':=' expression | expression
DEVFN int32_t named_expression(Parser* p) {
  if (!check(p, TK_NAME) || p->nxt.kind != TK_WALRUS) return expression(p);
  int32_t target = add_node(p, ND_NAME, &p->cur);
  advance(p);
  Token op = p->cur;
  advance(p);
  return add_node(p, ND_WALRUS, &op, target, expression(p));
}

// ---- statements

// A value that is a starred expression alone (`return *a`, `x = *a`):
// CPython's compiler rejects it though its parser takes it (its parser may
// find another error after it: no later error is judged). Returns e.
DEVFN int32_t lone_star(Parser* p, int32_t e) {
  if (e < 0 || failed(p)) return e;
  const Node* n = node_at(p, e);
  while (n->kind == ND_GROUP) n = node_at(p, n->a);
  if (n->kind != ND_STARRED) return e;
  p->lex.unjudged = 1;
  diag_set(p->diag, DG_SYNTAX, n->line, n->col);
  msg(p->diag, "can't use starred expression here");
  return -1;
}

DEVFN void statement(Parser* p);

// Where CPython's tokenizer stands at the end of the source: on its last
// line (the one a final "\n" ends; after "\r\n", the empty one after it),
// just past that line's characters.
DEVFN void end_of_source(const Parser* p, int32_t* line, int32_t* col) {
  int32_t n = p->lex.n, end = lex_ends_in_lf(p->src, n) ? n - 1 : n, start = end;
  while (start > 0 && p->src[start - 1] != '\n') start--;
  *line = 1;
  for (int32_t i = 0; i < end; i++) *line += p->src[i] == '\n';
  *col = chars_in(p->src, start, end) + 1;
}

// Where CPython puts an error its parser raises at token t (the token
// after the last it read): at an INDENT's or DEDENT's indentation's last
// column (one short of the token after it), past the source's last line at
// its end (end_of_source), else at t, its column in characters.
DEVFN void token_place(const Parser* p, const Token* t, int32_t* line, int32_t* col) {
  *line = t->line;
  *col = t->kind == TK_INDENT || t->kind == TK_DEDENT ? t->col - 1 : column_at(p, t, t->start);
  if (t->start >= p->lex.n) end_of_source(p, line, col);
}

// A missing block's IndentationError, at the token that is not an INDENT.
DEVFN void no_indented_block(Parser* p, const char* header, int32_t header_line) {
  const Token* t = &p->cur;
  if (t->kind == TK_ERROR) return;  // the lexer has reported it
  int32_t line, col;
  token_place(p, t, &line, &col);
  indent_error(p, line, col);
  msg(p->diag, "expected an indented block after ");
  msg(p->diag, header);
  msg(p->diag, " on line ");
  msg_int(p->diag, header_line);
}

// The words CPython's IndentationError gives to a compound statement's header.
DEV const char* header_words(int kind) {
  switch (kind) {
    case TK_DEF: return "function definition";
    case TK_CLASS: return "class definition";
    case TK_IF: return "'if' statement";
    case TK_ELIF: return "'elif' statement";
    case TK_ELSE: return "'else' statement";
    case TK_WHILE: return "'while' statement";
    case TK_FOR: return "'for' statement";
    case TK_TRY: return "'try' statement";
    case TK_EXCEPT: return "'except' statement";
    case TK_FINALLY: return "'finally' statement";
    default: return "'with' statement";
  }
}

// block := ':' (simple_stmts | NEWLINE INDENT statement+ DEDENT)
// header, header_line: the words and line of its statement's header, which
// a missing block's IndentationError names (block(), from its keyword).
DEVFN int32_t block_named(Parser* p, const char* header, int32_t header_line) {
  Token colon = p->cur;
  expect(p, TK_COLON, "expected ':'", "expected ':'");  // (CPython's rule for each header, or its forced ':')
  if (failed(p) || !enter(p)) return -1;
  int32_t mark = p->top;
  if (accept(p, TK_NEWLINE)) {
    if (!accept(p, TK_INDENT) && !failed(p)) no_indented_block(p, header, header_line);
    while (!check(p, TK_DEDENT) && !check(p, TK_EOF) && !failed(p)) statement(p);
    accept(p, TK_DEDENT);
  } else {
    int k = p->cur.kind;  // a simple statement list on the same line: no compound statement
    if (k == TK_IF || k == TK_WHILE || k == TK_FOR || k == TK_DEF || k == TK_CLASS || k == TK_TRY ||
        k == TK_WITH || k == TK_ELIF || k == TK_ELSE || k == TK_AT || k == TK_ASYNC)
      syntax_error(p, &p->cur, "invalid syntax");
    else
      statement(p);
  }
  p->nesting--;
  return list_node(p, ND_BLOCK, &colon, mark);
}
DEVFN int32_t block(Parser* p, const Token* keyword) {
  return block_named(p, header_words(keyword->kind), keyword->line);
}

// else_block := ['else' block]
DEVFN int32_t else_block(Parser* p) {
  Token kw = p->cur;
  return accept(p, TK_ELSE) ? block(p, &kw) : -1;
}

// if_stmt := 'if' named_expression block ('elif' named_expression block)* else_block
// An elif is the orelse of the IF before it; the chain is built from its
// end, so a long chain is a loop here, not a recursion.
DEVFN int32_t if_stmt(Parser* p) {
  int32_t mark = p->top;
  do {
    Token kw = p->cur;
    advance(p);
    int32_t test = named_expression(p);
    int32_t body = block(p, &kw);
    push(p, with_op(p, add_node(p, ND_IF, &kw, test, body), kw.kind == TK_ELIF));
  } while (check(p, TK_ELIF) && !failed(p));
  int32_t orelse = else_block(p);
  for (int32_t s = p->top; s < mark && !failed(p); s++) {  // the last clause first
    int32_t i = p->t->extra[s];
    int32_t r = record(p, 2, node_at(p, i)->b, orelse);
    node_at(p, i)->b = r;
    orelse = i;
  }
  p->top = mark;
  return failed(p) ? -1 : orelse;
}

// while_stmt := 'while' named_expression block else_block
DEVFN int32_t while_stmt(Parser* p) {
  Token kw = p->cur;
  advance(p);
  int32_t test = named_expression(p);
  int32_t body = block(p, &kw);
  int32_t orelse = else_block(p);
  return add_node(p, ND_WHILE, &kw, test, record(p, 2, body, orelse));
}

// for_stmt := 'for' loop_targets star_expressions block else_block
DEVFN int32_t for_stmt(Parser* p) {
  Token kw = p->cur;
  advance(p);
  int32_t target = loop_targets(p);
  if (target < 0) return -1;
  int32_t iter = lone_star(p, star_expressions(p, ITEM_EXPR));
  int32_t body = block(p, &kw);
  int32_t orelse = else_block(p);
  // the records made in source order on every compiler: C++ leaves the
  // order of a call's arguments open, and gcc and NVRTC take opposite ones
  int32_t head = record(p, 2, target, iter);
  return add_node(p, ND_FOR, &kw, head, record(p, 2, body, orelse));
}

// funcdef := 'def' NAME '(' [params] ')' ['->' expression] block
DEVFN int32_t funcdef(Parser* p) {
  Token kw = p->cur;
  advance(p);
  int32_t name = add_node(p, ND_NAME, &p->cur);
  expect(p, TK_NAME, "expected a function name");
  expect(p, TK_LPAREN, "expected '('", "expected '('");
  int32_t n, l = params(p, 1, TK_RPAREN, &n);
  expect(p, TK_RPAREN, "expected ')'");
  int32_t ret = -1;
  if (accept(p, TK_ARROW)) {  // CPython forces the ':' after the longest annotation it reads: its error is there
    p->line_end_unjudged++;
    ret = expression(p);
    p->line_end_unjudged--;
  }
  int32_t body = block(p, &kw);
  int32_t f = add_node(p, ND_DEF, &kw, record(p, 3, name, ret, body), l);
  if (f >= 0) node_at(p, f)->n = (uint16_t)n;
  return f;
}

// dotted_name := NAME ('.' NAME)*      one token spanning it all in *span
DEVFN void dotted_name(Parser* p, Token* span) {
  *span = p->cur;
  expect(p, TK_NAME, "expected a module name");
  while (check(p, TK_DOT) && p->nxt.kind == TK_NAME && !failed(p)) {
    advance(p);
    span->len = p->cur.start + p->cur.len - span->start;
    advance(p);
  }
}

// alias := dotted_name ['as' NAME]      (a plain NAME in a from-import)
DEVFN int32_t alias(Parser* p, int dotted) {
  Token name = p->cur;
  if (dotted) dotted_name(p, &name);
  else expect(p, TK_NAME, "expected a name to import");
  int32_t as = -1;
  if (accept(p, TK_AS)) {
    as = add_node(p, ND_NAME, &p->cur);
    expect(p, TK_NAME, "expected a name after 'as'");
  }
  return add_node(p, ND_ALIAS, &name, as);
}

// import_stmt := 'import' alias (',' alias)*
//              | 'from' '.'* [dotted_name] 'import' ('*' | '(' aliases [','] ')' | aliases)
DEVFN int32_t import_stmt(Parser* p) {
  Token kw = p->cur;
  advance(p);
  int32_t mark = p->top;
  if (kw.kind == TK_IMPORT) {
    do push(p, alias(p, 1)); while (accept(p, TK_COMMA) && !failed(p));
    return list_node(p, ND_IMPORT, &kw, mark);
  }
  Token first = p->cur;
  int32_t level = 0, module = -1;
  while (check(p, TK_DOT)) { advance(p); level++; }
  if (level == 0 || check(p, TK_NAME)) {
    Token mod;
    dotted_name(p, &mod);
    module = add_node(p, ND_ALIAS, &mod);
  }
  expect(p, TK_IMPORT, "expected 'import'");
  if (check(p, TK_STAR)) {
    push(p, add_node(p, ND_ALIAS, &p->cur));
    advance(p);
  } else {
    int paren = accept(p, TK_LPAREN);
    for (;;) {
      push(p, alias(p, 0));
      if (!accept(p, TK_COMMA) || failed(p) || (paren && check(p, TK_RPAREN))) break;
      if (!paren && !check(p, TK_NAME)) {
        syntax_error(p, &p->cur, "trailing comma not allowed without surrounding parentheses",
                     "trailing comma not allowed without surrounding parentheses");
        return -1;
      }
    }
    if (paren) expect(p, TK_RPAREN, "expected ')'");
  }
  return with_op(p, list_node(p, ND_FROM, &first, mark, module), level);
}

// lambda_def := NAME '=' lambdef      a statement of its own, made the def
// of that name, whose body returns the lambda's expression: CPython binds
// the name the same function (its __name__, which no program here reads,
// aside), and a def is what the type pass types by its calls. The two
// items pushed since mark are the name and the lambda.
DEVFN int32_t lambda_def(Parser* p, int32_t mark) {
  int32_t name = p->t->extra[mark - 1];
  const Node* f = node_at(p, p->t->extra[mark - 2]);
  p->top = mark;
  Token kw = p->cur;  // the lambda's token, where diagnostics of the def point
  kw.start = f->pos; kw.len = f->len; kw.line = f->line; kw.col = f->col;
  int32_t params = f->b, n = f->n;
  push(p, add_node(p, ND_RETURN, &kw, f->a));
  int32_t body = list_node(p, ND_BLOCK, &kw, mark);
  int32_t d = with_op(p, add_node(p, ND_DEF, &kw, record(p, 3, name, -1, body), params), DEF_LAMBDA);
  if (d >= 0) node_at(p, d)->n = (uint16_t)n;
  return d;
}

// expr_stmt := star_expressions                                  an EXPR
//            | target ':' expression ['=' star_expressions]      an ANNASSIGN
//            | target augop star_expressions                     an AUGASSIGN
//            | (star_expressions '=')+ star_expressions          an ASSIGN
//            | lambda_def                                         a DEF
DEVFN int32_t expr_stmt(Parser* p) {
  Token first = p->cur;
  int32_t e = star_expressions(p, ITEM_EXPR);
  if (failed(p)) return -1;
  Token op = p->cur;
  if (op.kind == TK_COLON) {
    if (!valid_target(p, e, 1)) return target_error(p, &first);  // (before the annotation: CPython stops at ':')
    advance(p);
    int32_t ann = expression(p);
    int32_t value = accept(p, TK_ASSIGN) ? star_expressions(p, ITEM_EXPR) : -1;
    return add_node(p, ND_ANNASSIGN, &op, e, record(p, 2, ann, value));
  }
  if (op.kind >= TK_PLUS_EQ && op.kind <= TK_RSHIFT_EQ) {
    advance(p);
    if (!valid_target(p, e, 1)) return target_error(p, &first);
    return with_op(p, add_node(p, ND_AUGASSIGN, &op, e, star_expressions(p, ITEM_EXPR)), op.kind);
  }
  if (op.kind != TK_ASSIGN) return add_node(p, ND_EXPR, &first, lone_star(p, e));
  int32_t mark = p->top;
  push(p, e);
  int tuples = 0;  // tuple targets after the first: CPython's second pass reads `x = a, b =` as a
                   // keyword argument's mistake (an error at the end of the line is worded so)
  while (accept(p, TK_ASSIGN) && !failed(p)) {
    int32_t target = p->t->extra[p->top];
    if (!valid_target(p, target, 0)) {
      p->line_end_unjudged -= tuples > 0;
      return target_error(p, &first);
    }
    if (mark - p->top > 1 && node_at(p, target)->kind == ND_TUPLE && !tuples++) p->line_end_unjudged++;
    push(p, star_expressions(p, ITEM_EXPR));
  }
  if (tuples) p->line_end_unjudged--;
  if (!failed(p)) lone_star(p, p->t->extra[p->top]);  // the value (the rest are targets)
  if (!failed(p) && mark - p->top == 2 && node_at(p, p->t->extra[mark - 1])->kind == ND_NAME &&
      node_at(p, p->t->extra[p->top])->kind == ND_LAMBDA)
    return lambda_def(p, mark);
  return list_node(p, ND_ASSIGN, &op, mark);
}

// handler := 'except' ['*'] [expression ['as' NAME]] block      (pushed;
// an except* makes *star 1, a bare except *bare 1)
DEVFN void handler(Parser* p, int* star, int* bare) {
  Token kw = p->cur;
  advance(p);
  if (*bare) {  // (CPython's compiler's error: its parser reads on past it)
    p->lex.unjudged = 1;
    syntax_error(p, &kw, "default 'except:' must be last");
  }
  int s = accept(p, TK_STAR);
  if (*star >= 0 && s != *star) syntax_error(p, &kw, "cannot have both 'except' and 'except*' on the same 'try'");
  *star = s;
  int32_t cls = -1, as = -1;
  if (s && check(p, TK_NEWLINE)) syntax_error(p, &p->cur, "expected an exception class", nullptr);
  if (s || (!check(p, TK_COLON) && !check(p, TK_NEWLINE))) {  // (a bare 'except' ends at ':', or lacks it)
    cls = expression(p);
    if (accept(p, TK_AS)) {
      as = add_node(p, ND_NAME, &p->cur);
      expect(p, TK_NAME, "expected a name after 'as'");
    }
  } else {
    *bare = 1;
  }
  int32_t body = block_named(p, s ? "'except*' statement" : header_words(TK_EXCEPT), kw.line);
  push(p, add_node(p, ND_EXCEPT, &kw, cls, record(p, 2, as, body)));
}

// A try without a handler: CPython's rule names it at the token after
// the block (token_place).
DEVFN void no_handler(Parser* p) {
  const Token* t = &p->cur;
  if (t->kind == TK_ERROR) { syntax_error(p, t, ""); return; }  // (the lexer's error)
  int32_t line, col;
  token_place(p, t, &line, &col);
  diag_set(p->diag, DG_SYNTAX, line, col);
  msg(p->diag, "expected 'except' or 'finally' block");
  p->diag->judged = judged_here(&p->lex);
}

// try_stmt := 'try' block (handler+ else_block ['finally' block] | 'finally' block)
// A try of except* handlers (exception groups) is UNSUPPORTED, its body
// kept as unsupported_stmt keeps one.
DEVFN int32_t try_stmt(Parser* p) {
  Token kw = p->cur;
  advance(p);
  int32_t body = block(p, &kw);
  int32_t mark = p->top;
  int star = -1, bare = 0;
  while (check(p, TK_EXCEPT) && !failed(p)) handler(p, &star, &bare);
  int handlers = mark - p->top;
  int32_t orelse = handlers > 0 && !failed(p) ? else_block(p) : -1;
  Token fin = p->cur;
  int32_t final = !failed(p) && accept(p, TK_FINALLY) ? block(p, &fin) : -1;
  if (!failed(p) && handlers == 0 && final < 0) no_handler(p);
  if (star == 1) {
    p->top = mark;
    return failed(p) ? -1 : with_op(p, add_node(p, ND_UNSUPPORTED, &kw, body), UN_STATEMENT);
  }
  int32_t n, list = list_from(p, mark, &n);
  int32_t t = add_node(p, ND_TRY, &kw, record(p, 3, body, orelse, final), list);
  if (t >= 0) node_at(p, t)->n = (uint16_t)n;
  return failed(p) ? -1 : t;
}

// decorator := '@' named_expression NEWLINE      before 'def', 'class', 'async' or '@'
// Parsed, not skimmed, so that a program cut after one (by a model's token
// limit) gets CPython's error where the decorated statement is missing:
// its first pass fails there, and no rule of its second names it.
DEVFN int32_t decorator(Parser* p) {
  Token t = p->cur;
  advance(p);
  named_expression(p);  // (no part of the tree: the type pass refuses the decorator whole)
  if (!failed(p) && !check(p, TK_NEWLINE)) syntax_error(p, &p->cur, "expected the end of a decorator");
  if (failed(p)) return -1;
  Token k = p->nxt;
  if (k.kind == TK_DEF || k.kind == TK_CLASS || k.kind == TK_ASYNC || k.kind == TK_AT || k.kind == TK_INDENT)
    return with_op(p, add_node(p, ND_UNSUPPORTED, &t, -1), UN_STATEMENT);  // (an INDENT: the next statement's error)
  if (k.kind == TK_ERROR) { advance(p); return -1; }  // (the lexer's error, reported as the parser reads it)
  int32_t line, col;
  token_place(p, &k, &line, &col);
  if (k.kind == TK_DEDENT) {  // CPython's parser stopped at a DEDENT: reported as it stands
    indent_error(p, line, col);
    msg(p->diag, "unexpected unindent");
    p->as_it_stands = 1;
    return -1;
  }
  diag_set(p->diag, DG_SYNTAX, line, k.kind == TK_EOF ? 0 : col);  // (the end of the source: column 0)
  msg(p->diag, "invalid syntax");
  p->diag->judged = judged_here(&p->lex);
  return -1;
}

// unsupported_stmt := ('global' | 'nonlocal' | 'yield') tokens
//                   | ('class' | 'with' | 'async') tokens block
// A statement the language does not have: its header's tokens read to the
// ':' (or its end), its block parsed, so that a syntax error in it is still
// found first; an UNSUPPORTED node the type pass refuses in its place.
DEVFN int32_t unsupported_stmt(Parser* p) {
  Token t = p->cur;
  int compound = t.kind == TK_CLASS || t.kind == TK_WITH || t.kind == TK_ASYNC;
  int header = t.kind == TK_ASYNC ? p->nxt.kind : t.kind;  // async def, for or with
  int32_t body = -1;
  p->lex.unjudged = 1;
  advance(p);
  int depth = 0;
  for (; !failed(p) && !check(p, TK_EOF) && !check(p, TK_NEWLINE); advance(p)) {
    if (depth == 0 && (compound ? check(p, TK_COLON) : check(p, TK_SEMI))) break;
    depth += bracket_delta(p->cur.kind);
    if (depth < 0) syntax_error(p, &p->cur, "unmatched bracket");
  }
  if (depth > 0 && !failed(p)) syntax_error(p, &p->cur, "a bracket was never closed");
  if (compound && !failed(p)) body = block_named(p, header_words(header), t.line);
  if (failed(p)) return -1;
  return with_op(p, add_node(p, ND_UNSUPPORTED, &t, body), UN_STATEMENT);
}

// simple_stmt := 'pass' | 'break' | 'continue' | return_stmt | raise_stmt
//              | assert_stmt | import_stmt | expr_stmt
DEVFN int32_t simple_stmt(Parser* p) {
  Token t = p->cur;
  switch (t.kind) {
    case TK_PASS: advance(p); return add_node(p, ND_PASS, &t);
    case TK_BREAK: advance(p); return add_node(p, ND_BREAK, &t);
    case TK_CONTINUE: advance(p); return add_node(p, ND_CONTINUE, &t);
    case TK_RETURN:  // return_stmt := 'return' [star_expressions]
      advance(p);
      return add_node(p, ND_RETURN, &t, starts_expression(p->cur.kind) ? lone_star(p, star_expressions(p, ITEM_EXPR)) : -1);
    case TK_RAISE: {  // raise_stmt := 'raise' [expression ['from' expression]]
      advance(p);
      int32_t exc = starts_expression(p->cur.kind) ? expression(p) : -1;
      int32_t cause = exc >= 0 && accept(p, TK_FROM) ? expression(p) : -1;
      return add_node(p, ND_RAISE, &t, exc, cause);
    }
    case TK_ASSERT: {  // assert_stmt := 'assert' expression [',' expression]
      advance(p);
      int32_t test = expression(p);
      return add_node(p, ND_ASSERT, &t, test, accept(p, TK_COMMA) ? expression(p) : -1);
    }
    case TK_DEL: {  // del_stmt := 'del' del_target (',' del_target)* [',']
      advance(p);
      int32_t mark = p->top;
      do {
        Token first = p->cur;
        p->line_end_unjudged++;  // (CPython's second pass names the longest target it reads: "cannot delete ...")
        int32_t target = expression(p);
        p->line_end_unjudged--;
        if (failed(p)) return -1;
        if (!valid_del_target(p, target)) {
          diag_set(p->diag, DG_SYNTAX, first.line, first.col);
          msg(p->diag, "cannot delete an expression here");
          return -1;
        }
        push(p, target);
      } while (accept(p, TK_COMMA) && starts_expression(p->cur.kind));
      return list_node(p, ND_DEL, &t, mark);
    }
    case TK_IMPORT: case TK_FROM: return import_stmt(p);
    case TK_GLOBAL: case TK_NONLOCAL: case TK_YIELD: return unsupported_stmt(p);
    case TK_AT: return decorator(p);
  }
  if (t.kind >= TK_AND && t.kind <= TK_YIELD && t.kind != TK_YIELD && p->nxt.kind == TK_ASSIGN) {
    syntax_error(p, &t, "invalid syntax: a keyword cannot be assigned");
    return -1;
  }
  return expr_stmt(p);
}

// simple_stmts := simple_stmt (';' simple_stmt)* [';'] NEWLINE      (each pushed)
DEVFN void simple_stmts(Parser* p) {
  do push(p, simple_stmt(p));
  while (accept(p, TK_SEMI) && !check(p, TK_NEWLINE) && !check(p, TK_EOF) && !failed(p));
  if (!failed(p) && !accept(p, TK_NEWLINE) && !check(p, TK_EOF))
    syntax_error(p, &p->cur, "expected end of statement");
}

// statement := funcdef | if_stmt | while_stmt | for_stmt | simple_stmts      (pushed)
DEVFN void statement(Parser* p) {
  Token t = p->cur;
  switch (t.kind) {
    case TK_DEF: push(p, funcdef(p)); return;
    case TK_IF: push(p, if_stmt(p)); return;
    case TK_WHILE: push(p, while_stmt(p)); return;
    case TK_FOR: push(p, for_stmt(p)); return;
    case TK_CLASS: case TK_TRY: case TK_WITH: case TK_ASYNC:
      if (p->nxt.kind == TK_ASSIGN) { syntax_error(p, &t, "invalid syntax: a keyword cannot be assigned"); return; }
      push(p, t.kind == TK_TRY ? try_stmt(p) : unsupported_stmt(p));
      return;
    case TK_INDENT:  // CPython's column: the indentation's last character
      indent_error(p, t.line, t.col - 1);
      msg(p->diag, "unexpected indent");
      p->as_it_stands = 1;
      return;
  }
  if (t.kind == TK_NAME && span_eq(p->src + t.start, t.len, "match") && p->nxt.kind == TK_NAME) {
    unsupported(p, &t, "match statement");
    return;
  }
  // `match(x)` alone on a line: CPython's second pass over a program with
  // an error takes it for a match statement without its ':', and reports
  // that instead of the error that follows
  if (t.kind == TK_NAME && span_eq(p->src + t.start, t.len, "match") && starts_expression(p->nxt.kind))
    p->lex.unjudged = 1;
  simple_stmts(p);
}

// module := statement* EOF
DEVFN int32_t module(Parser* p) {
  Token first = p->cur;
  int32_t mark = p->top;
  while (!check(p, TK_EOF) && !failed(p)) statement(p);
  return list_node(p, ND_MODULE, &first, mark);
}

// CPython reports an error of its tokenizer anywhere in the program before
// most errors of its parser: after one, the rest of the source is read up
// to the first error of the tokenizer, which then is the diagnostic where
// the tokenizer raised it (a TabError, an unindent to no outer level or
// an EOF inside a line it only notes, and those leave the parser's).
// Not after an unexpected indent or unindent, which CPython reports as
// it stands (as_it_stands).
DEVFN void tokenizer_error_first(Parser* p, Diag* d) {
  if (p->as_it_stands || (d->cls != DG_SYNTAX && d->cls != DG_INDENTATION)) return;
  if (p->ahead.cls != DG_OK) {  // the lexer met the scan's first error ahead of the parser
    if (p->ahead.cls == DG_SYNTAX && !p->lex.quiet) *d = p->ahead;
    return;
  }
  if (p->cur.kind == TK_ERROR || p->nxt.kind == TK_ERROR) return;
  Lexer L = p->lex;  // (where it stopped: after a failure it lexes no further)
  Diag later;
  later.cls = DG_OK; later.line = 0; later.col = 0; later.sealed = 0; later.judged = 0;
  for (int32_t k = 0; k < MSG_LEN; k++) later.msg[k] = 0;  // (copied whole into d)
  L.diag = &later;
  for (Token t = lex_next(&L); t.kind != TK_EOF; t = lex_next(&L)) {
    if (t.kind != TK_ERROR) continue;
    if (later.cls == DG_SYNTAX && !L.quiet) *d = later;
    return;
  }
}

// The tree of the program src[0, n) in `tree` (its arrays and capacities
// set by the caller); returns its root, or -1 with the diagnostic in d
// (cleared first). p: the parser's state (on the GPU, in global memory).
DEV int32_t parse_program(Parser* p, const char* src, int32_t n, ParseTree* tree, Diag* d) {
  diag_clear(d);
  tree->n_nodes = tree->n_extra = 0;
  tree->root = -1;
  p->src = src; p->diag = d; p->t = tree; p->top = tree->cap_extra; p->nesting = 0;
  if (n > MAX_SOURCE_BYTES) {
    diag_set(d, DG_LIMIT, 1, 1);
    msg(d, "program exceeds MAX_SOURCE_BYTES (");
    msg_int(d, n);
    msg(d, " bytes)");
    return -1;
  }
  if (!source_check(src, n, d)) return -1;
  lex_init(&p->lex, src, n, d);
  p->lex.open_at = p->open_at;
  p->last_line = 1;
  p->as_it_stands = 0;
  p->line_end_unjudged = 0;
  diag_clear(&p->ahead);
  p->cur = lex_next(&p->lex);
  if (p->cur.kind == TK_EOF || p->cur.kind == TK_ERROR) p->nxt = p->cur;
  else lex_ahead(p);
  int32_t root = module(p);
  if (failed(p)) {
    tokenizer_error_first(p, d);
    return -1;
  }
  tree->root = root;
  return root;
}
