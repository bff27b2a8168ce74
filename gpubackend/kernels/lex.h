// lex.h: the lexer. Python's tokens and indentation rules over one program's
// bytes, one token at a time (no token array: the parser keeps two tokens of
// lookahead). Errors go to the shared Diag through lex_error.
#pragma once
#include "layout.h"
#include "strtod.h"

// The compiler's functions (lex.h .. compile.h) are not inlined on the GPU:
// inlined into their hundreds of call sites, the passes become megabytes of
// PTX that take ptxas minutes, for a kernel that runs once per candidate.
// compile.h restores DEV for the VM.
#if KERNEL_DEVICE
#undef DEV
#define DEV __device__ __noinline__
#endif

// Token kinds. Keywords follow TK_NAME so that a keyword check is a range test.
enum TokenKind {
  TK_EOF, TK_NEWLINE, TK_INDENT, TK_DEDENT, TK_ERROR,
  TK_NAME, TK_INT, TK_FLOAT, TK_STRING,
  // keywords of the subset
  TK_AND, TK_ASSERT, TK_BREAK, TK_CONTINUE, TK_DEF, TK_ELIF, TK_ELSE, TK_FALSE,
  TK_FOR, TK_FROM, TK_IF, TK_IMPORT, TK_IN, TK_IS, TK_NONE, TK_NOT, TK_OR,
  TK_PASS, TK_RAISE, TK_RETURN, TK_TRUE, TK_WHILE,
  // keywords outside the subset: recognised so the error can name them
  TK_AS, TK_ASYNC, TK_AWAIT, TK_CLASS, TK_DEL, TK_EXCEPT, TK_FINALLY, TK_GLOBAL,
  TK_LAMBDA, TK_NONLOCAL, TK_TRY, TK_WITH, TK_YIELD,
  // punctuation and operators
  TK_LPAREN, TK_RPAREN, TK_LBRACKET, TK_RBRACKET, TK_LBRACE, TK_RBRACE,
  TK_COMMA, TK_COLON, TK_DOT, TK_SEMI, TK_ARROW, TK_AT,
  TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_DSLASH, TK_PERCENT, TK_DSTAR,
  TK_AMP, TK_PIPE, TK_CARET, TK_TILDE, TK_LSHIFT, TK_RSHIFT,
  TK_LT, TK_LE, TK_GT, TK_GE, TK_EQEQ, TK_NE, TK_ASSIGN, TK_WALRUS,
  // augmented assignment, in the order of their binary operators above
  TK_PLUS_EQ, TK_MINUS_EQ, TK_STAR_EQ, TK_SLASH_EQ, TK_DSLASH_EQ, TK_PERCENT_EQ,
  TK_DSTAR_EQ, TK_AMP_EQ, TK_PIPE_EQ, TK_CARET_EQ, TK_LSHIFT_EQ, TK_RSHIFT_EQ,
  TK_COUNT_
};

struct Token {
  int32_t kind;
  int32_t start;  // byte offset in the source
  int32_t len;
  int32_t line;   // 1-based
  int32_t col;    // 1-based
  int32_t flags;  // TF_* below
  int64_t ival;   // TK_INT value (as unsigned bits: 2**63 is kept for `-` folding); a NEWLINE's: lex_newline
  double fval;    // TK_FLOAT value
};

enum TokenFlags {
  TF_NON_ASCII = 1,  // a string literal holding non-ASCII bytes
  TF_RAW = 2,        // r'...': no escape processing
  TF_INT_BIG = 4,    // an int literal past 2**63 - 1 (2**63 itself allowed for -)
  TF_FSTRING = 8,    // f'...': the language has no f-strings (the parser makes it UNSUPPORTED)
  TF_BYTES = 16,     // b'...': nor bytes
  TF_COMPLEX = 32,   // 1j: nor complex numbers
};

struct Lexer {
  const char* src;
  int32_t n;
  int32_t pos;
  int32_t line;
  int32_t line_start;
  int32_t parens;            // open ( [ {: newlines inside are ignored
  int32_t* open_at;          // where the open brackets are, innermost last (the parser's; null: not kept)
  int32_t open_n;            // entries of open_at
  int32_t open_base;         // those below it a reader that begins inside brackets did not see open
  int32_t at_line_start;
  int32_t pending;           // > 0 INDENTs to give, < 0 DEDENTs
  int32_t depth;             // entries in indent stacks
  int32_t indent[MAX_INDENT];     // columns with tabs to multiples of 8
  int32_t indent_t1[MAX_INDENT];  // columns with tabs as 1 (detects mixing)
  int32_t last_kind;         // the previous token's kind (TK_NEWLINE at start)
  int32_t quiet;             // the error is one CPython's tokenizer reports without an exception
  int32_t mid_source;        // starts inside the source: brackets opened before it may close
  int32_t unjudged;          // no error is the VM's verdict from here on (judged_here)
  uint32_t strtod_scratch[STRTOD_SCRATCH_LIMBS];  // float literals' big integers
  Diag* diag;
};

// Only the first error is kept; a later one seals the message, so the
// pieces its caller appends next are dropped too.
DEV void diag_set(Diag* d, int cls, int line, int col) {
  if (d->cls != DG_OK) { d->sealed = 1; return; }
  d->cls = cls; d->line = line; d->col = col; d->msg[0] = 0; d->sealed = 0;
  d->judged = cls == DG_INDENTATION || cls == DG_TAB;
}

// No error: a diagnostic as it starts, or one a caller drops to try again.
DEV void diag_clear(Diag* d) { d->cls = DG_OK; d->line = 0; d->col = 0; d->sealed = 0; d->judged = 0; d->msg[0] = 0; }

// Append to a diagnostic's message, truncating at MSG_LEN - 1.
DEV void msg_add(Diag* d, const char* s, int32_t len) {
  if (d->sealed) return;
  int32_t at = 0;
  while (at < MSG_LEN - 1 && d->msg[at]) at++;
  for (int32_t i = 0; i < len && s[i] && at < MSG_LEN - 1; i++) d->msg[at++] = s[i];
  d->msg[at] = 0;
}
DEV void msg(Diag* d, const char* s) { msg_add(d, s, 1 << 30); }
DEV void msg_int(Diag* d, int64_t v) {
  char buf[24]; int32_t i = 23; buf[i] = 0;
  uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  do { buf[--i] = (char)('0' + u % 10); u /= 10; } while (u);
  if (v < 0) buf[--i] = '-';
  msg(d, buf + i);
}

// Binary operator precedence for the Pratt loop; 0: not a binary operator.
DEV int binary_prec(int kind) {
  switch (kind) {
    case TK_PIPE: return 1;
    case TK_CARET: return 2;
    case TK_AMP: return 3;
    case TK_LSHIFT: case TK_RSHIFT: return 4;
    case TK_PLUS: case TK_MINUS: return 5;
    case TK_STAR: case TK_SLASH: case TK_DSLASH: case TK_PERCENT: case TK_AT: return 6;
  }
  return 0;
}

// +1 for an opening bracket token, -1 for a closing one, else 0.
DEV int bracket_delta(int kind) {
  if (kind == TK_LPAREN || kind == TK_LBRACKET || kind == TK_LBRACE) return 1;
  if (kind == TK_RPAREN || kind == TK_RBRACKET || kind == TK_RBRACE) return -1;
  return 0;
}

// The binary operator of an augmented assignment (+= is +).
DEV int aug_to_binary(int kind) {
  switch (kind) {
    case TK_PLUS_EQ: return TK_PLUS;
    case TK_MINUS_EQ: return TK_MINUS;
    case TK_STAR_EQ: return TK_STAR;
    case TK_SLASH_EQ: return TK_SLASH;
    case TK_DSLASH_EQ: return TK_DSLASH;
    case TK_PERCENT_EQ: return TK_PERCENT;
    case TK_DSTAR_EQ: return TK_DSTAR;
    case TK_AMP_EQ: return TK_AMP;
    case TK_PIPE_EQ: return TK_PIPE;
    case TK_CARET_EQ: return TK_CARET;
    case TK_LSHIFT_EQ: return TK_LSHIFT;
    default: return TK_RSHIFT;
  }
}

// A hex digit's value, or -1.
DEV int32_t hexval(int ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  ch |= 32;
  return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

// The token a syntax error is at, quoted: " at '<its first 24 bytes>'", or
// " at 'end of line'" / " at 'end of file'".
DEV void msg_token(Diag* d, const char* src, const Token* t) {
  msg(d, " at '");
  msg_add(d, src + t->start, t->kind == TK_NEWLINE ? 0 : (t->len < 24 ? t->len : 24));
  if (t->kind == TK_NEWLINE) msg(d, "end of line");
  if (t->kind == TK_EOF) msg(d, "end of file");
  msg(d, "'");
}

DEV void lex_init(Lexer* L, const char* src, int32_t n, Diag* diag) {
  L->src = src; L->n = n; L->pos = 0; L->line = 1; L->line_start = 0;
  L->parens = 0; L->at_line_start = 1; L->pending = 0; L->depth = 1;
  L->indent[0] = 0; L->indent_t1[0] = 0; L->diag = diag; L->last_kind = TK_NEWLINE;
  L->quiet = 0; L->mid_source = 0; L->unjudged = 0; L->open_at = nullptr; L->open_n = 0;
  L->open_base = 0;
}

// Whether an error the lexer (or the parser, of indentation) finds at this
// point is the VM's verdict: not once a line's indentation has met a
// backslash (CPython's versions read the column of such a line
// differently: 3.11 from the line after the continuation), nor after the
// parser has skimmed the header of a statement it does not parse
// (unsupported_stmt), where CPython may find an error first, nor after an
// f-string, whose quotes and lines CPython 3.12 reads otherwise, nor after
// a literal CPython's parser may refuse as it decodes it (a str with \u, \U
// or \N escapes, bytes with non-ASCII characters), nor after a line
// `match(x)`, which CPython's second pass over an erroneous program takes
// for a match statement without its ':'.
DEV int judged_here(const Lexer* L) { return !L->unjudged; }
// The class of an error of indentation: IndentationError (or TabError),
// the VM's verdict, but a SyntaxError, left to CPython, where not
// judged_here.
DEV int indent_error_class(const Lexer* L, int cls) { return judged_here(L) ? cls : DG_SYNTAX; }

// The length of the well-formed UTF-8 sequence at s[i] (1 to 4), or 0 where
// CPython's decoder stops: a stray continuation byte, a truncated or overlong
// sequence, a surrogate (U+D800..DFFF) or a code point past U+10FFFF.
DEV int32_t utf8_len(const char* s, int32_t i, int32_t n) {
  uint32_t c = (uint8_t)s[i];
  if (c < 0x80) return 1;
  int32_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (len == 0 || i + len > n) return 0;
  uint32_t c1 = (uint8_t)s[i + 1];
  uint32_t lo = 0x80, hi = 0xBF;  // the second byte's range, narrower where a shorter form exists
  if (c == 0xE0) lo = 0xA0;
  if (c == 0xED) hi = 0x9F;
  if (c == 0xF0) lo = 0x90;
  if (c == 0xF4) hi = 0x8F;
  if (c1 < lo || c1 > hi) return 0;
  for (int32_t k = 2; k < len; k++) if (((uint8_t)s[i + k] & 0xC0) != 0x80) return 0;
  return len;
}

// source_check := the bytes CPython reads as this lexer does, or Unsupported
// at the first that it does not: a NUL (CPython refuses the source), bytes
// that are not UTF-8 (it refuses them too), and a lone '\r' (it ends a line
// there, where this lexer reads on). The CPython path then judges the program
// exactly, with CPython's own error where there is one. A lone '\r' as the
// last byte (a CRLF text cut after its '\r') ends the last line for CPython
// as the end of the text does here, so it stays.
DEV int source_check(const char* src, int32_t n, Diag* d) {
  int32_t line = 1, line_start = 0;
  for (int32_t i = 0; i < n;) {
    uint8_t c = (uint8_t)src[i];
    const char* what = c == 0 ? "a NUL byte in the source"
                     : c == '\r' && i + 1 < n && src[i + 1] != '\n' ? "a carriage return that ends a line alone"
                     : c >= 0x80 && utf8_len(src, i, n) == 0 ? "source bytes that are not UTF-8" : 0;
    if (what) {
      diag_set(d, DG_UNSUPPORTED, line, i - line_start + 1);
      msg(d, what);
      return 0;
    }
    if (c == '\n') { line++; line_start = i + 1; }
    i += c >= 0x80 ? utf8_len(src, i, n) : 1;
  }
  return 1;
}

DEV int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
DEV int is_digit(int c) { return c >= '0' && c <= '9'; }
DEV int lex_peekc(Lexer* L, int32_t k) { return L->pos + k < L->n ? (uint8_t)L->src[L->pos + k] : -1; }

DEV Token lex_make(Lexer* L, int kind, int32_t start) {
  Token t;
  t.kind = kind; t.start = start; t.len = L->pos - start; t.line = L->line;
  t.col = start - L->line_start + 1; t.flags = 0; t.ival = 0; t.fval = 0.0;
  return t;
}

DEV Token lex_fail(Lexer* L, int32_t start, const char* what) {
  Token t = lex_make(L, TK_ERROR, start);
  diag_set(L->diag, DG_SYNTAX, t.line, t.col);
  msg(L->diag, what);
  return t;
}

// The characters of src[from, to): CPython counts a column in characters,
// where a token's column here counts bytes (the same before any non-ASCII).
DEV int32_t chars_in(const char* src, int32_t from, int32_t to) {
  int32_t n = 0;
  for (int32_t i = from; i < to; i++) n += ((uint8_t)src[i] & 0xC0) != 0x80;
  return n;
}

// Whether the source ends in a newline that is not "\r\n": where the end of
// the source is, CPython's last line is the one that newline ends; after a
// "\r\n" it is an empty line after it.
DEV int lex_ends_in_lf(const char* src, int32_t n) {
  return n > 0 && src[n - 1] == '\n' && !(n > 1 && src[n - 2] == '\r');
}

// An error of the indentation at the start of a line, where CPython's
// tokenizer puts it: a TabError at column 1, an unindent to no outer level
// just past the end of the line's first physical line.
DEV Token lex_indent_fail(Lexer* L, int cls, const char* what) {
  int32_t end = L->pos;
  while (end < L->n && L->src[end] != '\n') end++;
  if (end > L->line_start && L->src[end - 1] == '\r') end--;
  Token t = lex_make(L, TK_ERROR, L->pos);
  L->quiet = 1;
  diag_set(L->diag, indent_error_class(L, cls), t.line, cls == DG_TAB ? 1 : chars_in(L->src, L->line_start, end) + 1);
  msg(L->diag, what);
  return t;
}

DEV int span_eq(const char* s, int32_t len, const char* word) {
  int32_t i = 0;
  for (; i < len; i++) if (word[i] != s[i]) return 0;
  return word[i] == 0;
}
DEV int spans_equal(const char* a, int32_t na, const char* b, int32_t nb) {
  if (na != nb) return 0;
  for (int32_t i = 0; i < na; i++) if (a[i] != b[i]) return 0;
  return 1;
}

// The index of the word s[0, len) among `words` (each ended by one space),
// or -1: one loop for a table that a chain of compares, one per name,
// would spell out at every use.
DEVFN int32_t word_index(const char* s, int32_t len, const char* words) {
  int32_t k = 0;
  for (const char* p = words; *p; k++) {
    const char* q = p;
    while (*q != ' ') q++;
    if (spans_equal(s, len, p, (int32_t)(q - p))) return k;
    p = q + 1;
  }
  return -1;
}

// The builtins (builtins.def): their ids and how a call of each compiles.
enum Builtin {
#define BUILTIN(id, name, form) BI_##id,
#include "builtins.def"
#undef BUILTIN
  BI_COUNT_
};
enum BuiltinForm { BF_CALL, BF_SEQ, BF_MINMAX, BF_ITER, BF_LOOP, BF_PRINT, BF_CLASSTEST, BF_NEXT, BF_REFUSED };

// The str methods (methods.def), read by both compilers.
enum StrMethod {
#define STR_METHOD(id, name, op, sel, args) SM_##id,
#include "methods.def"
#undef STR_METHOD
  SM_COUNT_
};
// The str method named s[0, len) (an SM_ id), or -1.
DEV int32_t str_method_of(const char* s, int32_t len) {
  const char* names =
#define STR_METHOD(id, name, op, sel, args) name " "
#include "methods.def"
#undef STR_METHOD
      ;
  return word_index(s, len, names);
}
// Builtin b's form (builtins.def), read by both compilers.
DEV int builtin_form(int b) {
  const int8_t forms[] = {
#define BUILTIN(id, name, form) BF_##form,
#include "builtins.def"
#undef BUILTIN
  };
  return forms[b];
}

// Whether a name is one of math's that the DSL provides (math.def).
DEV int math_known(const char* s, int32_t len) {
  const char* names =
#define MATH_CONST(id, name, value) name " "
#define MATH_FN(id, name) name " "
#include "math.def"
#undef MATH_CONST
#undef MATH_FN
      ;
  return word_index(s, len, names) >= 0;
}

// The keyword a name is, or TK_NAME: a switch on its first letter, then
// the few keywords that start with it (every name is looked up here).
DEVFN int keyword_kind(const char* s, int32_t len) {
  if (len < 2 || len > 8) return TK_NAME;
#define KW(word, kind) if (span_eq(s, len, word)) return kind;
  switch (s[0]) {
    case 'F': KW("False", TK_FALSE) break;
    case 'N': KW("None", TK_NONE) break;
    case 'T': KW("True", TK_TRUE) break;
    case 'a': KW("and", TK_AND) KW("assert", TK_ASSERT) KW("as", TK_AS) KW("async", TK_ASYNC) KW("await", TK_AWAIT) break;
    case 'b': KW("break", TK_BREAK) break;
    case 'c': KW("continue", TK_CONTINUE) KW("class", TK_CLASS) break;
    case 'd': KW("def", TK_DEF) KW("del", TK_DEL) break;
    case 'e': KW("elif", TK_ELIF) KW("else", TK_ELSE) KW("except", TK_EXCEPT) break;
    case 'f': KW("for", TK_FOR) KW("from", TK_FROM) KW("finally", TK_FINALLY) break;
    case 'g': KW("global", TK_GLOBAL) break;
    case 'i': KW("if", TK_IF) KW("import", TK_IMPORT) KW("in", TK_IN) KW("is", TK_IS) break;
    case 'l': KW("lambda", TK_LAMBDA) break;
    case 'n': KW("not", TK_NOT) KW("nonlocal", TK_NONLOCAL) break;
    case 'o': KW("or", TK_OR) break;
    case 'p': KW("pass", TK_PASS) break;
    case 'r': KW("raise", TK_RAISE) KW("return", TK_RETURN) break;
    case 't': KW("try", TK_TRY) break;
    case 'w': KW("while", TK_WHILE) KW("with", TK_WITH) break;
    case 'y': KW("yield", TK_YIELD) break;
  }
#undef KW
  return TK_NAME;
}

// Skip blanks, comments and line continuations inside a logical line.
// Returns 0 when a line continuation ends the source (CPython: unexpected
// EOF while parsing).
DEVFN int lex_skip_blanks(Lexer* L) {
  for (;;) {
    int c = lex_peekc(L, 0);
    if (c == ' ' || c == '\t' || c == '\f') { L->pos++; continue; }
    if (c == '#') { while (L->pos < L->n && L->src[L->pos] != '\n') L->pos++; continue; }
    if (c == '\\' && L->pos + 1 >= L->n) return 0;  // (CPython ends a source with a newline: as below)
    if (c == '\\' && lex_peekc(L, 1) == '\n') {
      if (L->pos + 2 >= L->n) return 0;  // reported on the backslash's line, as CPython
      L->pos += 2; L->line++; L->line_start = L->pos;
      continue;
    }
    if (c == '\\' && lex_peekc(L, 1) == '\r' && lex_peekc(L, 2) == '\n') {
      if (L->pos + 3 >= L->n) return 0;  // reported on the backslash's line, as CPython
      L->pos += 3; L->line++; L->line_start = L->pos;
      continue;
    }
    if (c == '\r' || (c == '\n' && L->parens > 0)) {
      L->pos++;
      if (c == '\n') { L->line++; L->line_start = L->pos; }
      continue;
    }
    return 1;
  }
}

// At the start of a line: measure its indentation and queue INDENT/DEDENTs.
// Blank and comment-only lines do not count. Returns 0 on a TabError.
DEVFN int lex_indentation(Lexer* L) {
  for (;;) {
    int32_t col8 = 0, col1 = 0;
    while (L->pos < L->n) {
      char c = L->src[L->pos];
      if (c == ' ') { col8++; col1++; }
      else if (c == '\t') { col8 = (col8 / 8 + 1) * 8; col1++; }
      else if (c == '\f') { col8 = 0; col1 = 0; }
      else break;
      L->pos++;
    }
    int c = lex_peekc(L, 0);
    if (c == '\\') {  // a continuation into a blank line: one blank logical line, as CPython reads it
      L->unjudged = 1;  // (any backslash here: see judged_here)
      int32_t p = L->pos + 1 + (lex_peekc(L, 1) == '\r');
      int32_t q = p < L->n && L->src[p] == '\n' ? p + 1 : -1;
      while (q >= 0 && q < L->n && (L->src[q] == ' ' || L->src[q] == '\t' || L->src[q] == '\f')) q++;
      if (q >= 0 && q < L->n && (L->src[q] == '\n' || (L->src[q] == '\r' && q + 1 < L->n && L->src[q + 1] == '\n'))) {
        L->pos = q + (L->src[q] == '\r') + 1; L->line += 2; L->line_start = L->pos;
        continue;
      }
    }
    if (c == '#') { while (L->pos < L->n && L->src[L->pos] != '\n') L->pos++; c = lex_peekc(L, 0); }
    if (c == '\r') { L->pos++; c = lex_peekc(L, 0); }
    if (c == '\n') { L->pos++; L->line++; L->line_start = L->pos; continue; }
    if (c == -1) { col8 = 0; col1 = 0; }
    int32_t top = L->depth - 1;
    if (col8 > L->indent[top]) {
      if (L->depth == MAX_INDENT) return -2;
      if (col1 <= L->indent_t1[top]) return 0;
      L->indent[L->depth] = col8; L->indent_t1[L->depth] = col1; L->depth++;
      L->pending = 1;
    } else {
      int32_t d = 0;
      while (L->depth > 1 && col8 < L->indent[L->depth - 1]) { L->depth--; d++; }
      if (col8 != L->indent[L->depth - 1]) return -1;
      if (col1 != L->indent_t1[L->depth - 1]) return 0;
      L->pending = -d;
    }
    return 1;
  }
}

DEVFN Token lex_number(Lexer* L, int32_t start);
DEVFN Token lex_string(Lexer* L, int32_t start, int32_t flags);

// The line of position at, at or before the lexer's, and where that line
// starts (line_start: null where not wanted): the lines between counted back.
DEVFN int32_t lex_line_at(const Lexer* L, int32_t at, int32_t* line_start) {
  int32_t line = L->line;
  for (int32_t i = at; i < L->pos; i++) line -= L->src[i] == '\n';
  if (line_start) {
    *line_start = at;
    while (*line_start > 0 && L->src[*line_start - 1] != '\n') --*line_start;
  }
  return line;
}

// A bracket error at start, as CPython's tokenizer raises it: at its column
// in characters, and the VM's verdict where judged_here.
DEV void lex_bracket_error(Lexer* L, int32_t start) {
  L->diag->col = chars_in(L->src, L->line_start, start) + 1;
  L->diag->judged = judged_here(L);
}

// A closing bracket c at start: CPython's tokenizer finds one that closes
// none or another kind before its parser could (returns 0, the error
// reported); a reader that begins inside brackets (mid_source, an f-string's
// field) leaves those it did not see open unchecked.
DEVFN int lex_closes(Lexer* L, int32_t start, int c) {
  if (L->parens == 0 && !L->mid_source) {
    const char what[] = {'u', 'n', 'm', 'a', 't', 'c', 'h', 'e', 'd', ' ', '\'', (char)c, '\'', 0};
    lex_fail(L, start, what);
    lex_bracket_error(L, start);
    return 0;
  }
  if (!L->open_at || L->open_n == L->open_base) return 1;  // (levels begun outside are outermost)
  int32_t at = L->open_at[--L->open_n];
  char o = L->src[at];
  if ((o == '(' && c == ')') || (o == '[' && c == ']') || (o == '{' && c == '}')) return 1;
  const char close[] = {'c', 'l', 'o', 's', 'i', 'n', 'g', ' ', 'p', 'a', 'r', 'e', 'n', 't', 'h', 'e', 's', 'i', 's',
                        ' ', '\'', (char)c, '\'', 0};
  const char open[] = {'\'', o, '\'', 0};
  lex_fail(L, start, close);
  msg(L->diag, " does not match opening parenthesis ");
  msg(L->diag, open);
  int32_t line = lex_line_at(L, at, nullptr);  // the opening one's
  if (line != L->line) {
    msg(L->diag, " on line ");
    msg_int(L->diag, line);
  }
  lex_bracket_error(L, start);
  return 0;
}

// The end of the source inside brackets: CPython's tokenizer ends there
// with an error token and no exception (quiet), and its parser, fetching
// that token, raises "'(' was never closed" at the innermost open bracket
// (its line, its column in characters). Kept only where every open bracket
// is on the stack (an f-string field's reader starts inside one of its own).
DEV int lex_all_open_known(const Lexer* L) {
  return L->open_at && !L->mid_source && L->parens > 0 && L->open_n - L->open_base == L->parens;
}
DEVFN Token lex_never_closed(Lexer* L) {
  int32_t at = L->open_at[L->open_n - 1], line_start, line = lex_line_at(L, at, &line_start);
  const char what[] = {'\'', L->src[at], '\'', ' ', 'w', 'a', 's', ' ', 'n', 'e', 'v', 'e', 'r', ' ',
                       'c', 'l', 'o', 's', 'e', 'd', 0};
  Token t = lex_fail(L, L->pos, what);
  L->quiet = 1;
  L->diag->line = line;
  L->diag->col = chars_in(L->src, line_start, at) + 1;
  L->diag->judged = judged_here(L);
  return t;
}

// A '\\' that no newline follows: CPython's tokenizer ends with an error
// token there (quiet: the exception is its parser's, when it fetches the
// token), placed at the character after the backslash; on a line another
// continues (its line ends in '\\'), CPython counts that column from the
// first line it continues: not judged there.
DEVFN Token lex_bad_continuation(Lexer* L, int32_t start) {
  L->pos++;
  Token t = lex_fail(L, start, "unexpected character after line continuation character");
  L->quiet = 1;
  int32_t b = L->line_start - 1;  // the previous line's '\n'
  if (b > 0 && L->src[b - 1] == '\r') b--;
  L->diag->col = chars_in(L->src, L->line_start, start) + 2;
  L->diag->judged = judged_here(L) && !(b > 0 && L->src[b - 1] == '\\');
  return t;
}

DEVFN Token lex_operator(Lexer* L, int32_t start) {
  int c = lex_peekc(L, 0), c1 = lex_peekc(L, 1), c2 = lex_peekc(L, 2);
  int kind = TK_ERROR, n = 1;
  // the longest operator that starts here: X, X=, and for some XX and XX=
#define OR_EQ(k1, keq) do { if (c1 == '=') { kind = keq; n = 2; } else kind = k1; } while (0)
#define DOUBLED(k1, keq, k2, k2eq) do { \
    if (c1 == c) { kind = c2 == '=' ? k2eq : k2; n = c2 == '=' ? 3 : 2; } else OR_EQ(k1, keq); } while (0)
  switch (c) {
    case '(': kind = TK_LPAREN; break;
    case ')': kind = TK_RPAREN; break;
    case '[': kind = TK_LBRACKET; break;
    case ']': kind = TK_RBRACKET; break;
    case '{': kind = TK_LBRACE; break;
    case '}': kind = TK_RBRACE; break;
    case ',': kind = TK_COMMA; break;
    case '.': kind = TK_DOT; break;
    case ';': kind = TK_SEMI; break;
    case '@': kind = TK_AT; break;
    case '~': kind = TK_TILDE; break;
    case ':': OR_EQ(TK_COLON, TK_WALRUS); break;
    case '+': OR_EQ(TK_PLUS, TK_PLUS_EQ); break;
    case '-': if (c1 == '>') { kind = TK_ARROW; n = 2; } else OR_EQ(TK_MINUS, TK_MINUS_EQ); break;
    case '%': OR_EQ(TK_PERCENT, TK_PERCENT_EQ); break;
    case '&': OR_EQ(TK_AMP, TK_AMP_EQ); break;
    case '|': OR_EQ(TK_PIPE, TK_PIPE_EQ); break;
    case '^': OR_EQ(TK_CARET, TK_CARET_EQ); break;
    case '=': OR_EQ(TK_ASSIGN, TK_EQEQ); break;
    case '!': if (c1 == '=') { kind = TK_NE; n = 2; } break;
    case '*': DOUBLED(TK_STAR, TK_STAR_EQ, TK_DSTAR, TK_DSTAR_EQ); break;
    case '/': DOUBLED(TK_SLASH, TK_SLASH_EQ, TK_DSLASH, TK_DSLASH_EQ); break;
    case '<': DOUBLED(TK_LT, TK_LE, TK_LSHIFT, TK_LSHIFT_EQ); break;
    case '>': DOUBLED(TK_GT, TK_GE, TK_RSHIFT, TK_RSHIFT_EQ); break;
  }
#undef OR_EQ
#undef DOUBLED
  if (kind == TK_ERROR && c == '\\') return lex_bad_continuation(L, start);
  if (kind == TK_ERROR) { L->pos++; return lex_fail(L, start, "invalid character in source"); }
  L->pos += n;
  if (kind == TK_LPAREN || kind == TK_LBRACKET || kind == TK_LBRACE) {
    if (L->open_at) {
      if (L->open_n == MAX_BRACKETS) return lex_fail(L, start, "too many nested parentheses");
      L->open_at[L->open_n++] = start;
    }
    L->parens++;
  }
  if (kind == TK_RPAREN || kind == TK_RBRACKET || kind == TK_RBRACE) {
    if (!lex_closes(L, start, c)) return lex_make(L, TK_ERROR, start);
    if (L->parens > 0) L->parens--;
  }
  return lex_make(L, kind, start);
}

// A NEWLINE at start, after the blanks from blank_from; its ival: where
// CPython's NEWLINE token begins, at a comment before it (its tokenizer
// sets a token's start, then skips a comment) or at the line's end as
// CPython reads it ("\r\n" as "\n").
DEV Token lex_newline(Lexer* L, int32_t blank_from, int32_t start) {
  Token t = lex_make(L, TK_NEWLINE, start);
  t.ival = start > blank_from && L->src[start - 1] == '\r' ? start - 1 : start;
  for (int32_t i = start - 1; i >= blank_from; i--) if (L->src[i] == '#') t.ival = i;
  return t;
}

// token := the next token of the program
DEVFN Token lex_scan(Lexer* L);
DEV Token lex_next(Lexer* L) {
  Token t = lex_scan(L);
  L->last_kind = t.kind;
  return t;
}

DEVFN Token lex_scan(Lexer* L) {
  if (L->diag->cls != DG_OK) return lex_make(L, TK_EOF, L->pos);
  if (L->at_line_start && L->parens == 0) {
    L->at_line_start = 0;
    int r = lex_indentation(L);
    if (r == 0) return lex_indent_fail(L, DG_TAB, "inconsistent use of tabs and spaces in indentation");
    if (r == -1) return lex_indent_fail(L, DG_INDENTATION, "unindent does not match any outer indentation level");
    if (r == -2) {
      Token t = lex_fail(L, L->pos, "");
      L->diag->cls = DG_LIMIT;
      msg(L->diag, "program exceeds MAX_INDENT (indentation levels)");
      return t;
    }
  }
  if (L->pending > 0) { L->pending--; return lex_make(L, TK_INDENT, L->pos); }
  if (L->pending < 0) { L->pending++; return lex_make(L, TK_DEDENT, L->pos); }
  int32_t blank_from = L->pos;
  if (!lex_skip_blanks(L)) { L->quiet = 1; return lex_fail(L, L->pos, "unexpected EOF while parsing"); }
  int32_t start = L->pos;
  if (L->pos >= L->n) {
    if (lex_all_open_known(L)) return lex_never_closed(L);
    int k = L->last_kind;
    if (k != TK_NEWLINE && k != TK_INDENT && k != TK_DEDENT)  // a last line without '\n'
      return lex_newline(L, blank_from, start);
    if (L->depth > 1) { L->depth--; return lex_make(L, TK_DEDENT, start); }
    return lex_make(L, TK_EOF, start);
  }
  int c = lex_peekc(L, 0);
  if (c == '\n') {
    Token t = lex_newline(L, blank_from, start);
    L->pos++; L->line++; L->line_start = L->pos; L->at_line_start = 1;
    return t;
  }
  if (c >= 0x80) { L->pos++; return lex_fail(L, start, "non-ASCII character outside a string or comment"); }
  if (is_alpha(c)) {
    int32_t flags = 0, p = 0;
    // string prefixes: r, b, f, u in any case and order (at most two)
    while (p < 2 && is_alpha(lex_peekc(L, p)) && lex_peekc(L, p) != '_') {
      int ch = lex_peekc(L, p) | 32;
      if (ch != 'r' && ch != 'b' && ch != 'f' && ch != 'u') break;
      p++;
    }
    int p0 = lex_peekc(L, 0) | 32, p1 = p == 2 ? (lex_peekc(L, 1) | 32) : 0;
    int pair_ok = p < 2 || ((p0 == 'r') != (p1 == 'r') && p0 != 'u' && p1 != 'u' && !(p0 == 'b' && p1 == 'f') && !(p0 == 'f' && p1 == 'b'));
    if (p > 0 && pair_ok && (lex_peekc(L, p) == '\'' || lex_peekc(L, p) == '"')) {
      for (int32_t i = 0; i < p; i++) {
        int ch = lex_peekc(L, i) | 32;
        if (ch == 'r') flags |= TF_RAW;
        if (ch == 'f') flags |= TF_FSTRING;
        if (ch == 'b') flags |= TF_BYTES;
      }
      L->pos += p;
      return lex_string(L, start, flags);
    }
    while (is_alpha(lex_peekc(L, 0)) || is_digit(lex_peekc(L, 0))) L->pos++;
    if (lex_peekc(L, 0) >= 0x80) { L->pos++; return lex_fail(L, start, "non-ASCII character in a name"); }
    Token t = lex_make(L, TK_NAME, start);
    t.kind = keyword_kind(L->src + start, t.len);
    return t;
  }
  if (is_digit(c) || (c == '.' && is_digit(lex_peekc(L, 1)))) return lex_number(L, start);
  if (c == '\'' || c == '"') return lex_string(L, start, 0);
  return lex_operator(L, start);
}

// Digits in base `base` with single underscores between them; returns the
// count, or -1 on a misplaced underscore. Accumulates into *v (saturating).
DEVFN int32_t lex_digits(Lexer* L, int base, uint64_t* v, int* big) {
  int32_t count = 0;
  for (;;) {
    int c = lex_peekc(L, 0), d = -1;
    if (c == '_') {
      if (count == 0) return -1;
      L->pos++;
      c = lex_peekc(L, 0);
      if (!(is_digit(c) || is_alpha(c))) return -1;
      continue;
    }
    if (is_digit(c)) d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    if (d < 0 || d >= base) return count;
    L->pos++;
    count++;
    uint64_t limit = 0x8000000000000000ULL;  // 2**63, reachable by a negated literal
    if (*v > (limit - (uint64_t)d) / (uint64_t)base) *big = 1;
    else *v = *v * (uint64_t)base + (uint64_t)d;
  }
}

// Whether the bytes at `at` start a keyword that may follow a number in
// valid code: CPython 3.11 ends the number there (with a
// DeprecationWarning; tokenizer.c, verify_end_of_number) and refuses any
// other letter right after a number. As it does, `and`, `else`, `for`,
// `not` and `or` must end there, while `if`, `in` and `is` are two letters
// whatever follows them.
DEV int keyword_after_number(const Lexer* L, int32_t at) {
  const char* s = L->src + at;
  int32_t n = L->n - at;
  if (n >= 2 && s[0] == 'i' && (s[1] == 'f' || s[1] == 'n' || s[1] == 's')) return 1;
  const char* words[] = {"and", "else", "for", "not", "or"};
  for (int k = 0; k < 5; k++) {
    int32_t len = 0;
    while (words[k][len] && len < n && s[len] == words[k][len]) len++;
    if (!words[k][len]) return len == n || !(is_alpha(s[len]) || is_digit(s[len]) || (uint8_t)s[len] >= 0x80);
  }
  return 0;
}

// number := int literal (dec, 0x, 0o, 0b) | float literal
// A float literal is converted by strtod.h: correctly rounded, as CPython.
DEVFN Token lex_number(Lexer* L, int32_t start) {
  uint64_t v = 0; int big = 0;
  int c = lex_peekc(L, 0), c1 = lex_peekc(L, 1) | 32;
  if (c == '0' && (c1 == 'x' || c1 == 'o' || c1 == 'b')) {
    L->pos += 2;
    int base = c1 == 'x' ? 16 : c1 == 'o' ? 8 : 2;
    if (lex_digits(L, base, &v, &big) <= 0 ||
        ((is_alpha(lex_peekc(L, 0)) || is_digit(lex_peekc(L, 0))) && !keyword_after_number(L, L->pos)))
      return lex_fail(L, start, "invalid number literal");
    Token t = lex_make(L, TK_INT, start);
    t.ival = (int64_t)v; if (big || v > 0x8000000000000000ULL) t.flags |= TF_INT_BIG;
    return t;
  }
  int32_t is_float = 0, lead_zero = (c == '0'), nonzero = 0;
  for (int part = 0; part < 2; part++) {  // digits [. digits]
    for (;;) {
      int ch = lex_peekc(L, 0);
      if (ch == '_' && is_digit(lex_peekc(L, 1)) && L->pos > start && is_digit(L->src[L->pos - 1])) { L->pos++; continue; }
      if (!is_digit(ch)) break;
      L->pos++;
      if (ch != '0') nonzero = 1;
    }
    if (part == 0 && lex_peekc(L, 0) == '.') { L->pos++; is_float = 1; continue; }
    break;
  }
  int32_t e = L->pos;  // an exponent, or `1else` (a number, then else)
  if ((lex_peekc(L, 0) | 32) == 'e' && !(lex_peekc(L, 0) == 'e' && keyword_after_number(L, e))) {
    L->pos++;
    if (lex_peekc(L, 0) == '+' || lex_peekc(L, 0) == '-') L->pos++;
    if (!is_digit(lex_peekc(L, 0))) { L->pos = e; return lex_fail(L, start, "invalid decimal literal"); }
    while (is_digit(lex_peekc(L, 0)) || (lex_peekc(L, 0) == '_' && is_digit(lex_peekc(L, 1)))) L->pos++;
    is_float = 1;
  }
  int nc = lex_peekc(L, 0);
  if ((nc | 32) == 'j') {
    L->pos++;
    Token t = lex_make(L, TK_FLOAT, start);
    t.flags = TF_COMPLEX;
    return t;
  }
  if ((is_alpha(nc) || is_digit(nc)) && !keyword_after_number(L, L->pos)) {
    L->pos++;
    return lex_fail(L, start, "invalid decimal literal");
  }
  Token t = lex_make(L, is_float ? TK_FLOAT : TK_INT, start);
  if (is_float) {
    if (rt_parse_float(L->src + start, t.len, L->strtod_scratch, &t.fval) != ST_PASS)
      return lex_fail(L, start, "invalid float literal");
    return t;
  }
  if (lead_zero && nonzero) return lex_fail(L, start, "leading zeros in decimal integer literals are not permitted");
  const uint64_t limit = 0x8000000000000000ULL;  // 2**63, reachable by a negated literal
  for (int32_t i = start; i < L->pos; i++) {
    if (L->src[i] == '_') continue;
    uint64_t d = (uint64_t)(L->src[i] - '0');
    if (v > (limit - d) / 10) big = 1;
    else v = v * 10 + d;
  }
  t.ival = (int64_t)v;
  if (big || v > limit) t.flags |= TF_INT_BIG;
  return t;
}

// A string literal token s[0, n)'s body s[*b, *e): past its prefix and
// its opening quotes, before its closing ones.
DEV void literal_body(const char* s, int32_t n, int32_t* b, int32_t* e) {
  int32_t i = 0;
  while (i < n && s[i] != '\'' && s[i] != '"') i++;
  int32_t q = i + 2 < n && s[i + 1] == s[i] && s[i + 2] == s[i] ? 3 : 1;
  *b = i + q;
  *e = n - q;
}

// An unterminated string, in CPython's words: the line where it was found
// so (at its end, or at the source's last line), and its place in
// characters. The VM's verdict, but for an f-string (CPython 3.12 reads its
// quotes and lines otherwise) or where not judged_here.
DEVFN Token lex_unterminated(Lexer* L, int32_t start, int triple, int32_t flags, int32_t first_line,
                             int32_t first_line_start) {
  int32_t detected = L->line;
  if (L->pos >= L->n && lex_ends_in_lf(L->src, L->n)) detected--;  // (the line the final newline ends)
  L->line = first_line;
  Token t = lex_fail(L, start, triple ? "unterminated triple-quoted string literal" : "unterminated string literal");
  msg(L->diag, " (detected at line ");
  msg_int(L->diag, detected);
  msg(L->diag, ")");
  L->diag->col = chars_in(L->src, first_line_start, start) + 1;
  L->diag->judged = !(flags & TF_FSTRING) && judged_here(L);
  return t;
}

// What CPython's decoder finds of escape \<e>, its characters after it
// from src[i] (n: the literal's end): ESC_OK; ESC_SHORT, a \x, \u or \U
// without its 2, 4 or 8 hex digits, or ESC_PAST, a \U past U+10FFFF (its
// SyntaxError); ESC_NAME, a \N{name}, whose name the VM cannot look up.
enum { ESC_OK, ESC_SHORT, ESC_PAST, ESC_NAME };
DEV int escape_check(const char* src, int32_t i, int32_t n, char e) {
  if (e == 'N') return ESC_NAME;
  int32_t digits = e == 'x' ? 2 : e == 'u' ? 4 : e == 'U' ? 8 : 0;
  uint32_t v = 0;
  for (int32_t k = 0; k < digits; k++) {
    if (i + k >= n || hexval(src[i + k]) < 0) return ESC_SHORT;
    v = v * 16 + (uint32_t)hexval(src[i + k]);
  }
  return v > 0x10FFFF ? ESC_PAST : ESC_OK;
}
// The lexer's words for escape \<e> of check `bad` (escape_check).
DEV const char* escape_words(char e, int bad) {
  if (bad == ESC_NAME) return "\\N{...} escape in a string literal";
  if (e == 'x') return "invalid \\x escape in string literal";
  return bad == ESC_PAST ? "invalid \\U escape in string literal: past U+10FFFF"
                         : "invalid \\u or \\U escape in string literal";
}

// string := quote chars quote | triple-quoted. The value is decoded later by
// the parser (str_decode), which knows whether the literal is a docstring.
DEVFN Token lex_string(Lexer* L, int32_t start, int32_t flags) {
  char q = L->src[L->pos];
  int triple = lex_peekc(L, 1) == q && lex_peekc(L, 2) == q;
  L->pos += triple ? 3 : 1;
  int32_t first_line = L->line, first_line_start = L->line_start, first_col = start - L->line_start + 1;
  for (;;) {
    if (L->pos >= L->n) return lex_unterminated(L, start, triple, flags, first_line, first_line_start);
    char c = L->src[L->pos];
    if ((uint8_t)c >= 0x80) flags |= TF_NON_ASCII;
    if (c == '\\' && L->pos + 1 < L->n) {
      char e = L->src[L->pos + 1];  // CPython's parser decodes \u, \U and \N{name} as it reads the literal
      int unicode = e == 'u' || e == 'U' || e == 'N';
      if (!(flags & (TF_RAW | TF_BYTES)) && unicode) L->unjudged = 1;
      int checked = e == 'x' ? !(flags & (TF_RAW | TF_FSTRING)) : unicode && !(flags & (TF_RAW | TF_BYTES | TF_FSTRING));
      int bad = checked ? escape_check(L->src, L->pos + 2, L->n, e) : ESC_OK;
      if (bad != ESC_OK) {  // CPython's decoder refuses it (a \N{...}: the VM cannot say)
        Token t = lex_fail(L, start, escape_words(e, bad));
        if (bad == ESC_NAME) L->diag->cls = DG_UNSUPPORTED;
        L->line = first_line; L->diag->line = first_line; L->diag->col = first_col;
        return t;
      }
      int crlf = e == '\r' && L->pos + 2 < L->n && L->src[L->pos + 2] == '\n';
      if (e == '\n' || crlf) { L->line++; L->line_start = L->pos + 2 + crlf; }
      L->pos += 2 + crlf;
      continue;
    }
    if (c == '\n') {
      if (!triple) return lex_unterminated(L, start, triple, flags, first_line, first_line_start);
      L->pos++; L->line++; L->line_start = L->pos;
      continue;
    }
    if (c == q && (!triple || (lex_peekc(L, 1) == q && lex_peekc(L, 2) == q))) {
      L->pos += triple ? 3 : 1;
      break;
    }
    L->pos++;
  }
  Token t = lex_make(L, TK_STRING, start);
  t.line = first_line;
  t.col = first_col;
  t.flags = flags;
  if ((flags & TF_FSTRING) || ((flags & TF_BYTES) && (flags & TF_NON_ASCII))) L->unjudged = 1;  // (see judged_here)
  return t;
}
