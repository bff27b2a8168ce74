// regex.h: Python's `re` on the VM's strings. A pattern is a str value like
// any other, compiled when the call runs into a small program of the
// instructions below, which a backtracking matcher runs depth-first in
// CPython's (sre's) order: the leftmost match, the first alternative first,
// a greedy repeat longest first and a lazy one shortest first. findall, sub
// and split walk the matches as CPython 3.7+ does: the next search starts
// where a match ended, and an empty match may not start where an empty one
// ended (sre's must_advance).
//
// What this file leaves out is Unsupported, a deviation the CPython path
// judges: lookarounds, conditionals, named references, atomic groups and
// possessive repeats, scoped flags, VERBOSE and LOCALE, a repeat (other than
// `?`) of what can match empty (sre's zero-width rules), a group left
// unmatched where the result would hold None (split), and a pattern CPython
// rejects (re.error is CPython's to report). The rules of runtime.h hold: no
// recursion (the parser keeps its open groups on an explicit stack, the
// matcher its choice points in the heap's spare words), no allocation but
// from the lane's heap.
#pragma once
#include "objects.h"

// Instruction words of one compiled pattern: a counted repeat is its body
// copied, so `\d{4}-\d{2}` is a few dozen words; a pattern past this (`a{500}`)
// goes to CPython rather than take a lane's heap.
#define RE_MAX_CODE 1024
// Capture groups of one pattern, and open groups nested at once: the
// parser's stack and a match's slots are sized by them.
#define RE_MAX_GROUPS 30
#define RE_MAX_NEST 30

// The instruction set. Jumps are relative to the instruction's first word,
// so a block of code moved as a whole (a repeat's body, an alternative)
// keeps its jumps.
enum ReOp {
  RX_CHAR,      // c: the next character is c
  RX_ANY,       // any character but '\n'
  RX_ANY_ALL,   // any character (DOTALL)
  RX_CLASS,     // 4 words: a 128-bit set of ASCII characters
  RX_SPLIT,     // x y: go on at x; on failure come back and go on at y
  RX_JUMP,      // x
  RX_SAVE,      // k: slot k (a group's start 2g or end 2g+1) = the position
  RX_ASSERT,    // kind (ReAssert): a test of the position, matching nothing
  RX_BACKREF,   // g: the text group g matched, again
  RX_BACKREF_I, // g: the same, ignoring case
  RX_MATCH,
};
enum ReAssert { RA_BEGIN, RA_END, RA_BEGIN_LINE, RA_END_LINE, RA_BEGIN_STRING, RA_END_STRING, RA_WORD, RA_NOT_WORD };

DEV int32_t re_op_size_(int32_t op) {
  return op == RX_CLASS ? 5 : op == RX_SPLIT ? 3 : op == RX_ANY || op == RX_ANY_ALL || op == RX_MATCH ? 1 : 2;
}

struct ReProg {
  int32_t* code;
  int32_t len;
  int32_t groups;  // capture groups, group 0 (the match) not counted
  int32_t flags;   // RE_* after the pattern's own leading (?flags)
};

// ============================================================ characters

DEV int re_word_(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }
DEV int re_lower_(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }
DEV int re_upper_(int c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }
DEV int re_hex_(int c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}
DEV int re_letter_(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A class under construction: bits of the ASCII characters it holds.
struct ReSet { uint32_t w[4]; };
DEV void re_set_add_(ReSet* s, int64_t lo, int64_t hi) {  // lo..hi, clamped to ASCII
  if (hi > 127) hi = 127;
  for (int64_t c = lo; c <= hi; c++) s->w[c >> 5] |= 1u << (c & 31);
}
// \d \D \s \S \w \W as sets: on ASCII text Unicode's categories are these,
// but for \s, whose Unicode set adds \x1c-\x1f (str.isspace's), not ASCII's.
// (Words of ReSet: characters 0-31, 32-63, 64-95, 96-127.)
#define RE_LETTER_BITS 0x07fffffeu  // A-Z in word 2, a-z in word 3
DEVFN void re_set_category_(ReSet* s, int cat, int flags) {
  int lower = cat | 32;
  uint32_t c[4] = {0, 0x03ff0000u, 0, 0};  // \d: 0-9
  if (lower == 'w') { c[2] = RE_LETTER_BITS | 0x80000000u; c[3] = RE_LETTER_BITS; }  // and A-Z, _, a-z
  if (lower == 's') { c[0] = 0x3e00u | (flags & RE_ASCII ? 0 : 0xf0000000u); c[1] = 1; }  // \t-\r, (\x1c-\x1f,) ' '
  for (int k = 0; k < 4; k++) s->w[k] |= cat == lower ? c[k] : ~c[k];
}

// ============================================================ the parser

// One open group of the parser's stack: where its code and its current
// alternative start, the end jumps of its finished alternatives (a chain
// through their argument words, Lua's jump lists), and what can match
// empty (a repeat of that is refused).
struct ReOpen_ {
  int32_t at;        // its first word (its SAVE for a capture)
  int32_t group;     // its capture index, 0 for (?:...) and the whole pattern
  int32_t branch;    // the current alternative's first word
  int32_t jumps;     // the chain of end jumps, -1 when empty
  int32_t atom;      // the last item's first word, -1 when there is none to repeat
  int32_t atom_repeated;  // the last item is already a repeat (another is an error)
  int32_t atom_empty;     // the last item can match empty
  int32_t prefix_empty;   // the items before it all can
  int32_t any_empty;      // a finished alternative can
};

struct ReParse_ {
  const char* p;
  int64_t n, i;
  ReProg* prog;
  int32_t cap;              // code words the program may take
  int32_t closed[RE_MAX_GROUPS + 1];  // group g is closed (a backreference may name it)
};

DEV int re_emit_(ReParse_* ps, int32_t op, int32_t a, int32_t b) {
  ReProg* pr = ps->prog;
  int32_t size = re_op_size_(op);
  if (pr->len + size > ps->cap) return 0;
  pr->code[pr->len] = op;
  if (size > 1) pr->code[pr->len + 1] = a;
  if (size > 2) pr->code[pr->len + 2] = b;
  pr->len += size;
  return 1;
}
DEVFN int re_emit_set_(ReParse_* ps, const ReSet* s) {
  ReProg* pr = ps->prog;
  if (pr->len + 5 > ps->cap) return 0;
  pr->code[pr->len] = RX_CLASS;
  for (int k = 0; k < 4; k++) pr->code[pr->len + 1 + k] = (int32_t)s->w[k];
  pr->len += 5;
  return 1;
}
// Opens `words` words at `at`, moving the code after it up.
DEV int re_insert_(ReParse_* ps, int32_t at, int32_t words) {
  ReProg* pr = ps->prog;
  if (pr->len + words > ps->cap) return 0;
  for (int32_t k = pr->len - 1; k >= at; k--) pr->code[k + words] = pr->code[k];
  pr->len += words;
  return 1;
}
// A literal character, both cases of it under IGNORECASE.
DEVFN int re_emit_char_(ReParse_* ps, int64_t c) {
  if (c > 127 && (ps->prog->flags & RE_IGNORECASE)) return 0;  // a case of it may be ASCII (the Kelvin sign)
  if (c > 127) {  // no ASCII text holds it: a class of nothing
    ReSet none = {{0, 0, 0, 0}};
    return re_emit_set_(ps, &none);
  }
  if ((ps->prog->flags & RE_IGNORECASE) && re_letter_((int)c)) {
    ReSet s = {{0, 0, 0, 0}};
    re_set_add_(&s, re_lower_((int)c), re_lower_((int)c));
    re_set_add_(&s, re_upper_((int)c), re_upper_((int)c));
    return re_emit_set_(ps, &s);
  }
  return re_emit_(ps, RX_CHAR, (int32_t)c, 0);
}

// Escape kinds: a character, a category (\d ...), an assertion, a group.
enum ReEsc { RE_ESC_CHAR, RE_ESC_CATEGORY, RE_ESC_ASSERT, RE_ESC_GROUP, RE_ESC_BAD };

// escape := '\' (x hh | u hhhh | U hhhhhhhh | 0 o? o? | ooo | digits | char)
// read after the backslash at ps->i, as sre_parse's _escape (outside a
// class) and _class_escape (inside one). *v: the character, the category
// letter, the ReAssert or the group. RE_ESC_BAD: re.error, or a form left
// to CPython (\N{...}).
DEVFN int re_escape_(ReParse_* ps, int in_class, int64_t* v) {
  const char* p = ps->p;
  int64_t n = ps->n;
  if (ps->i >= n) return RE_ESC_BAD;  // a trailing backslash
  int c = (unsigned char)p[ps->i++];
  const char* simple = "a\007f\014n\012r\015t\011v\013\\\\";
  for (int k = 0; simple[k]; k += 2) if (c == simple[k]) { *v = simple[k + 1]; return RE_ESC_CHAR; }
  if (c == 'b') { *v = in_class ? 8 : RA_WORD; return in_class ? RE_ESC_CHAR : RE_ESC_ASSERT; }
  if (c == 'd' || c == 'D' || c == 's' || c == 'S' || c == 'w' || c == 'W') { *v = c; return RE_ESC_CATEGORY; }
  if (!in_class && (c == 'A' || c == 'Z' || c == 'B')) {
    *v = c == 'A' ? RA_BEGIN_STRING : c == 'Z' ? RA_END_STRING : RA_NOT_WORD;
    return RE_ESC_ASSERT;
  }
  if (c == 'x' || c == 'u' || c == 'U') {
    int digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
    int64_t x = 0;
    for (int k = 0; k < digits; k++) {
      if (ps->i >= n || re_hex_((unsigned char)p[ps->i]) < 0) return RE_ESC_BAD;
      x = x * 16 + re_hex_((unsigned char)p[ps->i++]);
    }
    if (x > 0x10ffff) return RE_ESC_BAD;
    *v = x;
    return RE_ESC_CHAR;
  }
  if (c >= '0' && c <= '9') {
    int64_t x = c - '0';
    int octal = c <= '7';
    if (c == '0' || in_class) {  // \0, \0o, \0oo; in a class \o, \oo, \ooo (\8 is an error there)
      if (!octal) return RE_ESC_BAD;
      for (int k = 0; k < 2 && ps->i < n && p[ps->i] >= '0' && p[ps->i] <= '7'; k++) x = x * 8 + (p[ps->i++] - '0');
      if (x > 0377) return RE_ESC_BAD;
      *v = x;
      return RE_ESC_CHAR;
    }
    if (ps->i < n && p[ps->i] >= '0' && p[ps->i] <= '9') {
      int d2 = p[ps->i++];
      if (octal && d2 <= '7' && ps->i < n && p[ps->i] >= '0' && p[ps->i] <= '7') {  // three octal digits
        x = (x * 8 + (d2 - '0')) * 8 + (p[ps->i++] - '0');
        if (x > 0377) return RE_ESC_BAD;
        *v = x;
        return RE_ESC_CHAR;
      }
      x = x * 10 + (d2 - '0');
    }
    if (x > ps->prog->groups || !ps->closed[x]) return RE_ESC_BAD;  // invalid, or an open group's
    *v = x;
    return RE_ESC_GROUP;
  }
  if (c > 127 || re_letter_(c)) return RE_ESC_BAD;  // a bad escape (\N{...} too: left to CPython)
  *v = c;
  return RE_ESC_CHAR;
}

// set := '[' ['^'] item+ ']'      item := char ['-' char] | category
// read after the '[', as sre_parse reads one: a ']' first is itself.
DEVFN int re_set_(ReParse_* ps) {
  const char* p = ps->p;
  ReSet s = {{0, 0, 0, 0}};
  int negate = ps->i < ps->n && p[ps->i] == '^';
  if (negate) ps->i++;
  int items = 0;
  for (;;) {
    if (ps->i >= ps->n) return 0;  // unterminated
    int c = (unsigned char)p[ps->i++];
    if (c == ']' && items) break;
    items++;
    int64_t lo = c;
    int kind = RE_ESC_CHAR;
    if (c == '\\') kind = re_escape_(ps, 1, &lo);
    if (kind == RE_ESC_BAD) return 0;
    if (ps->i + 1 < ps->n && p[ps->i] == '-' && p[ps->i + 1] != ']') {  // a range
      ps->i++;
      int64_t hi = (unsigned char)p[ps->i++];
      int kind2 = RE_ESC_CHAR;
      if (hi == '\\') kind2 = re_escape_(ps, 1, &hi);
      if (kind != RE_ESC_CHAR || kind2 != RE_ESC_CHAR || hi < lo) return 0;
      if (hi > 127 && (ps->prog->flags & RE_IGNORECASE)) return 0;  // the Kelvin sign's case is ASCII
      re_set_add_(&s, lo, hi);
      continue;
    }
    if (kind == RE_ESC_CATEGORY) re_set_category_(&s, (int)lo, ps->prog->flags);
    else if (lo > 127 && (ps->prog->flags & RE_IGNORECASE)) return 0;
    else re_set_add_(&s, lo, lo);
  }
  if (ps->prog->flags & RE_IGNORECASE) {  // closed under case: A-Z and a-z share their bits' places
    uint32_t letters = (s.w[2] | s.w[3]) & RE_LETTER_BITS;
    s.w[2] |= letters;
    s.w[3] |= letters;
  }
  if (negate) for (int k = 0; k < 4; k++) s.w[k] = ~s.w[k];
  return re_emit_set_(ps, &s);
}

// Folds the last item of the top group into its alternative's emptiness
// before a new item starts.
DEV void re_new_item_(ReOpen_* g, int32_t at) {
  if (g->atom >= 0 && !g->atom_empty) g->prefix_empty = 0;
  g->atom = at;
  g->atom_repeated = 0;
  g->atom_empty = 0;
}

// The digits at p[*j...] as a number, -1 when there are none (capped: a
// count past RE_MAX_CODE cannot compile anyway).
DEV int64_t re_count_(const ReParse_* ps, int64_t* j) {
  int64_t v = -1;
  for (; *j < ps->n && ps->p[*j] >= '0' && ps->p[*j] <= '9'; (*j)++) {
    v = (v < 0 ? 0 : v) * 10 + (ps->p[*j] - '0');
    if (v > RE_MAX_CODE) v = RE_MAX_CODE + 1;
  }
  return v;
}

// The counts of a repeat: '*' '+' '?' or '{' [m] [',' [n]] '}' at ps->i.
// 0: not a repeat (a '{' that is not one is a literal); 1: read, with
// *lo and *hi (-1: no bound).
DEV int re_repeat_counts_(ReParse_* ps, int64_t* lo, int64_t* hi) {
  int c = ps->p[ps->i];
  if (c == '*' || c == '+' || c == '?') {
    ps->i++;
    *lo = c == '+';
    *hi = c == '?' ? 1 : -1;
    return 1;
  }
  if (c != '{') return 0;
  int64_t j = ps->i + 1;
  int64_t m = re_count_(ps, &j), x = m;
  if (j < ps->n && ps->p[j] == ',') { j++; x = re_count_(ps, &j); }
  if (j >= ps->n || ps->p[j] != '}' || j == ps->i + 1) return 0;
  ps->i = j + 1;
  *lo = m < 0 ? 0 : m;
  *hi = x;
  return 1;
}

// Applies a repeat lo..hi (hi -1: unbounded) to the code at [at, len): the
// body copied lo times, then a loop (unbounded) or hi - lo nested options,
// each a SPLIT whose preferred arm is the body (greedy) or the way out (lazy).
DEVFN int re_repeat_(ReParse_* ps, int32_t at, int64_t lo, int64_t hi, int lazy) {
  ReProg* pr = ps->prog;
  int32_t body = pr->len - at;
  int32_t* code = pr->code;
  // the body's code, kept aside above the program's end for the copies
  int32_t saved = ps->cap - body;
  int64_t need = lo * body + (hi < 0 ? 3 + body + 2 : (hi - lo) * (3 + body));
  if (saved < pr->len || at + need > saved) return 0;
  for (int32_t k = 0; k < body; k++) code[saved + k] = code[at + k];
  pr->len = at;
  for (int64_t r = 0; r < lo; r++) {
    for (int32_t k = 0; k < body; k++) code[pr->len + k] = code[saved + k];
    pr->len += body;
  }
  if (hi < 0) {  // L: SPLIT body, out; body; JUMP L
    int32_t loop = pr->len;
    re_emit_(ps, RX_SPLIT, lazy ? 3 + body + 2 : 3, lazy ? 3 : 3 + body + 2);
    for (int32_t k = 0; k < body; k++) code[pr->len + k] = code[saved + k];
    pr->len += body;
    re_emit_(ps, RX_JUMP, loop - pr->len, 0);
    return 1;
  }
  int32_t opts = (int32_t)(hi - lo), end = pr->len + opts * (3 + body);
  for (int32_t r = 0; r < opts; r++) {
    int32_t out = end - pr->len;
    re_emit_(ps, RX_SPLIT, lazy ? out : 3, lazy ? 3 : out);
    for (int32_t k = 0; k < body; k++) code[pr->len + k] = code[saved + k];
    pr->len += body;
  }
  return 1;
}

// A quantifier after the top group's last item, at ps->i: 1 read, 0 none
// there, -1 re.error or a form left to CPython.
DEVFN int re_quantifier_(ReParse_* ps, ReOpen_* g) {
  int64_t lo, hi;
  int got = re_repeat_counts_(ps, &lo, &hi);
  if (got == 0) return 0;
  if (g->atom < 0 || g->atom_repeated) return -1;  // nothing to repeat; a multiple repeat
  if (hi >= 0 && hi < lo) return -1;
  int lazy = ps->i < ps->n && ps->p[ps->i] == '?';
  if (lazy) ps->i++;
  else if (ps->i < ps->n && ps->p[ps->i] == '+') return -1;  // possessive
  if (g->atom_empty && !(lo == 0 && hi == 1)) return -1;  // sre's zero-width repeat rules
  if (!re_repeat_(ps, g->atom, lo, hi, lazy)) return -1;
  g->atom_repeated = 1;
  if (lo == 0) g->atom_empty = 1;
  return 1;
}

// The ends of the top group's alternatives: the SPLITs before each but the
// last were placed at '|'; the end jumps go here.
DEV void re_close_jumps_(ReParse_* ps, ReOpen_* g) {
  int32_t j = g->jumps;
  while (j >= 0) {
    int32_t next = ps->prog->code[j + 1];
    ps->prog->code[j + 1] = ps->prog->len - j;
    j = next;
  }
}

// Leading global flags, (?aimsu)..., at the pattern's start (CPython 3.11
// refuses them elsewhere); 0 for VERBOSE and LOCALE, left to CPython. A
// group of other letters is the parser's to read.
DEV int re_global_flags_(ReParse_* ps) {
  const char* p = ps->p;
  int u = 0;
  while (ps->i + 2 < ps->n && p[ps->i] == '(' && p[ps->i + 1] == '?') {
    int64_t j = ps->i + 2;
    int f = 0;
    for (; j < ps->n; j++) {
      char c = p[j];
      if (c == 'i') f |= RE_IGNORECASE;
      else if (c == 'm') f |= RE_MULTILINE;
      else if (c == 's') f |= RE_DOTALL;
      else if (c == 'a') f |= RE_ASCII;
      else if (c == 'u') u = 1;
      else if (c == 'x' || c == 'L') return 0;
      else break;
    }
    if (j == ps->i + 2 || j >= ps->n || p[j] != ')') return 1;
    if (((f | ps->prog->flags) & RE_ASCII) && u) return 0;  // incompatible: re.error
    ps->prog->flags |= f;
    ps->i = j + 1;
  }
  return 1;
}

// pattern := alternative ('|' alternative)*
// alternative := (item quantifier?)*
// item := char | '.' | '^' | '$' | set | escape | '(' ['?:'] pattern ')'
// Compiles pattern p[0..n) into prog (code[] of cap words, flags set by
// the caller): 1, or 0 for a pattern this file leaves to CPython.
DEVFN int re_compile(const char* p, int64_t n, ReProg* prog, int32_t cap) {
  ReParse_ ps;
  ps.p = p; ps.n = n; ps.i = 0; ps.prog = prog; ps.cap = cap;
  for (int k = 0; k <= RE_MAX_GROUPS; k++) ps.closed[k] = 0;
  prog->len = 0; prog->groups = 0;
  if (!re_global_flags_(&ps)) return 0;
  ReOpen_ stack[RE_MAX_NEST + 1];
  int32_t top = 0;
  stack[0].at = 0; stack[0].group = 0; stack[0].branch = 0; stack[0].jumps = -1;
  stack[0].atom = -1; stack[0].atom_repeated = 0; stack[0].atom_empty = 0; stack[0].prefix_empty = 1; stack[0].any_empty = 0;
  if (!re_emit_(&ps, RX_SAVE, 0, 0)) return 0;
  stack[0].branch = prog->len;
  while (ps.i < n) {
    ReOpen_* g = &stack[top];
    int q = re_quantifier_(&ps, g);
    if (q < 0) return 0;
    if (q > 0) continue;
    int c = (unsigned char)p[ps.i++];
    int32_t at = prog->len;
    if (c == '|') {  // SPLIT before this alternative, a jump to the end after it
      re_new_item_(g, -1);
      if (g->prefix_empty) g->any_empty = 1;
      int32_t size = prog->len - g->branch;
      if (!re_insert_(&ps, g->branch, 3)) return 0;
      prog->code[g->branch] = RX_SPLIT; prog->code[g->branch + 1] = 3; prog->code[g->branch + 2] = 3 + size + 2;
      if (!re_emit_(&ps, RX_JUMP, g->jumps, 0)) return 0;
      g->jumps = prog->len - 2;
      g->branch = prog->len;
      g->atom = -1; g->prefix_empty = 1;
      continue;
    }
    if (c == ')') {
      if (top == 0) return 0;  // unbalanced
      re_new_item_(g, -1);
      int empty = g->any_empty || g->prefix_empty;
      re_close_jumps_(&ps, g);
      if (g->group > 0) {
        if (!re_emit_(&ps, RX_SAVE, 2 * g->group + 1, 0)) return 0;
        ps.closed[g->group] = 1;
      }
      int32_t start = g->at;
      top--;
      re_new_item_(&stack[top], start);
      stack[top].atom_empty = empty;
      continue;
    }
    if (c == '(') {
      int group = 1;
      if (ps.i < n && p[ps.i] == '?') {  // only (?:...): named groups, lookarounds, ... are CPython's
        if (ps.i + 1 >= n || p[ps.i + 1] != ':') return 0;
        ps.i += 2;
        group = 0;
      }
      if (top == RE_MAX_NEST) return 0;
      re_new_item_(g, -1);
      ReOpen_* o = &stack[++top];
      o->at = at; o->group = 0; o->jumps = -1; o->atom = -1; o->atom_repeated = 0; o->atom_empty = 0;
      o->prefix_empty = 1; o->any_empty = 0;
      if (group) {
        if (prog->groups == RE_MAX_GROUPS) return 0;
        o->group = ++prog->groups;
        if (!re_emit_(&ps, RX_SAVE, 2 * o->group, 0)) return 0;
      }
      o->branch = prog->len;
      continue;
    }
    re_new_item_(g, at);
    int ok = 1;
    if (c == '[') ok = re_set_(&ps);
    else if (c == '.') ok = re_emit_(&ps, prog->flags & RE_DOTALL ? RX_ANY_ALL : RX_ANY, 0, 0);
    else if (c == '^' || c == '$') {
      int line = prog->flags & RE_MULTILINE;
      ok = re_emit_(&ps, RX_ASSERT, c == '^' ? (line ? RA_BEGIN_LINE : RA_BEGIN) : (line ? RA_END_LINE : RA_END), 0);
      g->atom = -1;  // nothing to repeat
      g->atom_empty = 1;
    } else if (c == '*' || c == '+' || c == '?') {
      return 0;  // nothing to repeat
    } else if (c == '\\') {
      int64_t v;
      int kind = re_escape_(&ps, 0, &v);
      if (kind == RE_ESC_BAD) return 0;
      if (kind == RE_ESC_CHAR) ok = re_emit_char_(&ps, v);
      else if (kind == RE_ESC_CATEGORY) {
        ReSet s = {{0, 0, 0, 0}};
        re_set_category_(&s, (int)v, prog->flags);
        ok = re_emit_set_(&ps, &s);
      } else if (kind == RE_ESC_ASSERT) {
        ok = re_emit_(&ps, RX_ASSERT, (int32_t)v, 0);
        g->atom = -1;
        g->atom_empty = 1;
      } else {
        if ((prog->flags & RE_IGNORECASE) == 0) ok = re_emit_(&ps, RX_BACKREF, (int32_t)v, 0);
        else ok = re_emit_(&ps, RX_BACKREF_I, (int32_t)v, 0);
        g->atom_empty = 1;  // the group may have matched empty
      }
    } else {
      ok = re_emit_char_(&ps, c);
    }
    if (!ok) return 0;
  }
  if (top != 0) return 0;  // missing ')'
  re_new_item_(&stack[0], -1);
  re_close_jumps_(&ps, &stack[0]);
  return re_emit_(&ps, RX_SAVE, 1, 0) && re_emit_(&ps, RX_MATCH, 0, 0);
}

// ============================================================ the matcher

// One call's matching state: the program, the text, the groups' slots
// (start 2g, end 2g+1; -1 unset) and the choice points to come back to,
// entries of two words, (pc, position) or (-1 - slot, its old value), in
// the heap's spare words above top (nothing is allocated while a match runs).
struct ReRun_ {
  ReProg prog;
  const char* s;
  int64_t n;
  int64_t* slots;
  Heap* h;
  int64_t* stack;
  int64_t stack_cap;  // entries borrowed so far
  int64_t steps;      // instructions run, the work the VM charges
  int64_t budget;     // steps the lane's fuel pays for: Timeout past it
};

DEV int re_push_(ReRun_* r, int64_t sp, int64_t a, int64_t b) {
  if (sp == r->stack_cap) {  // borrow twice as many spare words (the same base: top has not moved)
    int64_t want = r->stack_cap ? 2 * r->stack_cap : 64;
    int64_t* p = heap_spare(r->h, 2 * want);
    if (!p) return ST_MEMORY_ERROR;
    r->stack = p;
    r->stack_cap = want;
  }
  r->stack[2 * sp] = a;
  r->stack[2 * sp + 1] = b;
  return ST_PASS;
}

DEV int re_assert_(int kind, const char* s, int64_t n, int64_t pos) {
  switch (kind) {
    case RA_BEGIN: case RA_BEGIN_STRING: return pos == 0;
    case RA_BEGIN_LINE: return pos == 0 || s[pos - 1] == '\n';
    case RA_END: return pos == n || (pos == n - 1 && s[pos] == '\n');
    case RA_END_LINE: return pos == n || s[pos] == '\n';
    case RA_END_STRING: return pos == n;
    default: {  // \b, \B: never in the empty string (3.11's sre)
      if (n == 0) return 0;
      int before = pos > 0 && re_word_((unsigned char)s[pos - 1]), after = pos < n && re_word_((unsigned char)s[pos]);
      return kind == RA_WORD ? before != after : before == after;
    }
  }
}

// The text group g matched, again at pos (ignoring case: fold); the new
// position, or -1.
DEV int64_t re_backref_(const ReRun_* r, int32_t g, int64_t pos, int fold) {
  int64_t a = r->slots[2 * g], b = r->slots[2 * g + 1];
  if (a < 0 || b < 0 || pos + (b - a) > r->n) return -1;
  for (int64_t k = 0; k < b - a; k++) {
    int x = (unsigned char)r->s[a + k], y = (unsigned char)r->s[pos + k];
    if (x != y && !(fold && re_lower_(x) == re_lower_(y))) return -1;
  }
  return pos + (b - a);
}

// Runs the program from `start`: *found 1 with the slots filled, or 0. A
// match that ends where it started when must_advance, or short of the end
// when full (fullmatch), is a failure to come back from, as in sre.
DEVFN int re_match_at_(ReRun_* r, int64_t start, int must_advance, int full, int* found) {
  const int32_t* code = r->prog.code;
  const char* s = r->s;
  int64_t n = r->n, sp = 0, pc = 0, pos = start;
  r->stack_cap = 0;  // borrowed again above today's top
  for (int32_t k = 0; k < 2 * (r->prog.groups + 1); k++) r->slots[k] = -1;
  for (;;) {
    if (++r->steps > r->budget) return ST_TIMEOUT;
    int32_t op = code[pc], arg = code[pc + (op == RX_ANY || op == RX_ANY_ALL || op == RX_MATCH ? 0 : 1)];
    int ok = 1, c = pos < n ? (unsigned char)s[pos] : -1;
    switch (op) {
      case RX_CHAR: ok = c == arg; pos++; break;
      case RX_ANY: ok = c >= 0 && c != '\n'; pos++; break;
      case RX_ANY_ALL: ok = c >= 0; pos++; break;
      case RX_CLASS: ok = c >= 0 && ((uint32_t)code[pc + 1 + (c >> 5)] >> (c & 31)) & 1; pos++; break;
      case RX_SPLIT: {
        int st = re_push_(r, sp++, pc + code[pc + 2], pos);
        if (st != ST_PASS) return st;
        pc += arg;
        continue;
      }
      case RX_JUMP: pc += arg; continue;
      case RX_SAVE: {
        int st = re_push_(r, sp++, -1 - arg, r->slots[arg]);
        if (st != ST_PASS) return st;
        r->slots[arg] = pos;
        break;
      }
      case RX_ASSERT: ok = re_assert_(arg, s, n, pos); break;
      case RX_BACKREF: case RX_BACKREF_I: {
        int64_t to = re_backref_(r, arg, pos, op == RX_BACKREF_I);
        ok = to >= 0;
        if (ok) { r->steps += to - pos; pos = to; }
        break;
      }
      default:  // RX_MATCH
        if (!(full && pos != n) && !(must_advance && pos == start)) { *found = 1; return ST_PASS; }
        ok = 0;
    }
    if (ok) { pc += re_op_size_(op); continue; }
    for (;;) {  // back to the last choice point, undoing the saves made since
      if (sp == 0) { *found = 0; return ST_PASS; }
      sp--;
      int64_t a = r->stack[2 * sp], b = r->stack[2 * sp + 1];
      if (a < 0) { r->slots[-1 - a] = b; continue; }
      pc = a; pos = b;
      break;
    }
  }
}

// The leftmost match starting at `from` or after (only at `from` when
// anchored); must_advance applies at `from`, as sre's.
DEVFN int re_search_(ReRun_* r, int64_t from, int must_advance, int anchored, int full, int* found) {
  for (int64_t start = from; start <= r->n; start++) {
    int st = re_match_at_(r, start, must_advance && start == from, full, found);
    if (st != ST_PASS || *found || anchored) return st;
  }
  *found = 0;
  return ST_PASS;
}

// Compiles pattern `pat` (flags: RE_*) into prog in the heap's spare words
// above top, which it does not take: Unsupported for a pattern left to CPython.
DEVFN int re_compile_spare_(Heap* h, const int64_t* pat, int flags, ReProg* prog) {
  int64_t* spare = heap_spare(h, RE_MAX_CODE / 2 + 1);
  if (!spare) return ST_MEMORY_ERROR;
  prog->code = (int32_t*)spare;
  prog->flags = flags;
  return re_compile(STR_BYTES(pat), STR_LEN_OF(pat), prog, RE_MAX_CODE) ? ST_PASS : ST_UNSUPPORTED;
}

// Compiles pattern `pat` (flags: RE_*) for a call on text s: the program
// and the slots go into the lane's heap (words of the program's size, not
// RE_MAX_CODE's). Unsupported for a pattern left to CPython.
DEVFN int re_prepare_(Heap* h, const int64_t* pat, int flags, const int64_t* s, int64_t budget, ReRun_* r) {
  r->steps = STR_LEN_OF(pat);  // read by the caller whatever the status
  int st = re_compile_spare_(h, pat, flags, &r->prog);
  if (st != ST_PASS) return st;
  int64_t code_words = (r->prog.len + 1) / 2;
  if (!heap_alloc(h, code_words)) return ST_MEMORY_ERROR;  // the code where it was compiled
  r->slots = heap_alloc(h, 2 * (r->prog.groups + 1));
  if (!r->slots) return ST_MEMORY_ERROR;
  r->s = STR_BYTES(s);
  r->n = STR_LEN_OF(s);
  r->h = h;
  r->stack = nullptr;
  r->stack_cap = 0;
  r->budget = budget;
  return ST_PASS;
}

// The text of group g of the last match; '' (empty) when it is unset.
DEV int re_group_str_(const ReRun_* r, int32_t g, const int64_t* s, const int64_t* chars, const int64_t* empty,
                      const int64_t** out) {
  int64_t a = r->slots[2 * g], b = r->slots[2 * g + 1];
  if (a < 0 || b < 0) { *out = empty; return ST_PASS; }
  return rt_substr_(r->h, s, a, b, chars, empty, out);
}

// ============================================================ findall, sub, split

// The pattern and the flags of an RE_* instruction's pattern operand w: a
// str and the argument's flags, or a re.Pattern {pattern, flags}
// (RE_COMPILED) and its own.
DEV const int64_t* re_operand(int64_t w, int32_t arg, int* flags) {
  const int64_t* o = AS_PTR(w);
  if (arg & RE_COMPILED) { *flags = (int)o[1]; return AS_PTR(o[0]); }
  *flags = arg & RE_FLAGS;
  return o;
}

// re.compile(pat, flags): a re.Pattern, {pat, flags}, once the pattern is
// one regex.h compiles (Unsupported otherwise, as every call of it would
// be). The program is compiled to check it, in scratch given back.
DEVFN int rt_re_compile(Heap* h, const int64_t* pat, int flags, int64_t** out, int64_t* steps) {
  *steps = STR_LEN_OF(pat);
  ReProg prog;
  int st = re_compile_spare_(h, pat, flags, &prog);
  if (st != ST_PASS) return st;
  int64_t* p = heap_alloc(h, 2);
  if (!p) return ST_MEMORY_ERROR;
  p[0] = PTR_WORD(pat);
  p[1] = flags;
  *out = p;
  return ST_PASS;
}

// The next match of a walk over the text (findall, sub, split), from
// *pos; after it *pos is its end and *advance whether it was empty.
DEV int re_next_(ReRun_* r, int64_t* pos, int* advance, int* found) {
  if (*pos > r->n) { *found = 0; return ST_PASS; }
  int st = re_search_(r, *pos, *advance, 0, 0, found);
  if (st != ST_PASS || !*found) return st;
  *advance = r->slots[1] == r->slots[0];
  *pos = r->slots[1];
  return ST_PASS;
}

// re.findall(pat, s, flags): a list of str (the match, or its one group),
// or of tuples of `shape` strs for a pattern of that many groups. shape is
// what the compiler typed: -1 for a list of str, which a pattern of two or
// more groups cannot give (Unsupported), as one whose count differs from
// a tuple's.
DEVFN int rt_re_findall(Heap* h, const int64_t* pat, const int64_t* s, int flags, int32_t shape, int64_t budget,
                        const int64_t* chars, const int64_t* empty, int64_t** out, int64_t* steps) {
  ReRun_ r;
  int st = re_prepare_(h, pat, flags, s, budget, &r);
  *steps = r.steps;
  if (st != ST_PASS) return st;
  int32_t groups = r.prog.groups;
  if (shape < 0 ? groups > 1 : groups != shape) return ST_UNSUPPORTED;
  int64_t* l;
  if ((st = rt_list_new(h, 0, &l)) != ST_PASS) return st;
  int64_t pos = 0;
  int advance = 0, found;
  for (;;) {
    st = re_next_(&r, &pos, &advance, &found);
    *steps = r.steps;
    if (st != ST_PASS) return st;
    if (!found) break;
    int64_t item;
    if (groups < 2) {
      const int64_t* g;
      if ((st = re_group_str_(&r, groups, s, chars, empty, &g)) != ST_PASS) return st;
      item = PTR_WORD(g);
    } else {
      int64_t* t = heap_alloc(h, groups);
      if (!t) return ST_MEMORY_ERROR;
      for (int32_t k = 0; k < groups; k++) {
        const int64_t* g;
        if ((st = re_group_str_(&r, k + 1, s, chars, empty, &g)) != ST_PASS) return st;
        t[k] = PTR_WORD(g);
      }
      item = PTR_WORD(t);
    }
    if ((st = rt_list_append(h, l, item)) != ST_PASS) return st;
  }
  *out = l;
  return ST_PASS;
}

// l.append(s[a:b]), the shared objects for an empty or one-character piece.
DEVFN int re_append_piece_(Heap* h, int64_t* l, const int64_t* s, int64_t a, int64_t b, const int64_t* chars,
                           const int64_t* empty) {
  const int64_t* piece;
  int st = rt_substr_(h, s, a, b, chars, empty, &piece);
  return st != ST_PASS ? st : rt_list_append(h, l, PTR_WORD(piece));
}

// re.split(pat, s, maxsplit, flags): the pieces between matches, each
// match's groups between them; none for maxsplit < 0, all for 0. A group
// a match leaves unset would be None in CPython's list: Unsupported.
DEVFN int rt_re_split(Heap* h, const int64_t* pat, const int64_t* s, int64_t maxsplit, int flags, int64_t budget,
                      const int64_t* chars, const int64_t* empty, int64_t** out, int64_t* steps) {
  ReRun_ r;
  int st = re_prepare_(h, pat, flags, s, budget, &r);
  *steps = r.steps;
  if (st != ST_PASS) return st;
  int64_t* l;
  if ((st = rt_list_new(h, 0, &l)) != ST_PASS) return st;
  int64_t pos = 0, last = 0;
  int advance = 0, found;
  for (int64_t done = 0; maxsplit == 0 || done < maxsplit; done++) {
    st = re_next_(&r, &pos, &advance, &found);
    *steps = r.steps;
    if (st != ST_PASS) return st;
    if (!found) break;
    if ((st = re_append_piece_(h, l, s, last, r.slots[0], chars, empty)) != ST_PASS) return st;
    for (int32_t g = 1; g <= r.prog.groups; g++) {
      int64_t a = r.slots[2 * g], b = r.slots[2 * g + 1];
      if (a < 0 || b < 0) return ST_UNSUPPORTED;
      if ((st = re_append_piece_(h, l, s, a, b, chars, empty)) != ST_PASS) return st;
    }
    last = r.slots[1];
  }
  if ((st = re_append_piece_(h, l, s, last, STR_LEN_OF(s), chars, empty)) != ST_PASS) return st;
  *out = l;
  return ST_PASS;
}

// sub's template t expanded for the last match into dst (nullptr: only
// measured), as sre_parse's parse_template reads it: \1 to \99 and
// \g<n> are groups ('' when unset), \n and the other simple escapes
// characters, \\ a backslash, any other backslash-punctuation itself.
// The length, or -1 for re.error (a bad escape, a group the pattern has
// not) and for what is left to CPython (\g<name>, octal escapes).
DEVFN int64_t re_expand_(const int64_t* t, const ReRun_* r, char* dst) {
  const char* p = STR_BYTES(t);
  int64_t n = STR_LEN_OF(t), len = 0;
  const char* simple = "a\007b\010f\014n\012r\015t\011v\013\\\\";
  for (int64_t i = 0; i < n; i++) {
    char c = p[i];
    int64_t g = -1;
    if (c == '\\') {
      if (++i >= n) return -1;
      c = p[i];
      if (c == 'g') {
        if (i + 1 >= n || p[i + 1] != '<') return -1;
        int64_t j = i + 2;
        g = 0;
        for (; j < n && p[j] >= '0' && p[j] <= '9' && g <= RE_MAX_GROUPS; j++) g = g * 10 + (p[j] - '0');
        if (j == i + 2 || j >= n || p[j] != '>') return -1;
        i = j;
      } else if (c >= '1' && c <= '9') {
        g = c - '0';
        if (i + 1 < n && p[i + 1] >= '0' && p[i + 1] <= '9') {
          if (c <= '7' && p[i + 1] <= '7' && i + 2 < n && p[i + 2] >= '0' && p[i + 2] <= '7') return -1;  // octal
          g = g * 10 + (p[++i] - '0');
        }
      } else if (c == '0' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        int k = 0;
        while (simple[k] && simple[k] != c) k += 2;
        if (!simple[k]) return -1;  // a bad escape; \0 (octal) is CPython's
        c = simple[k + 1];
      } else if (c != '\\') {  // backslash-punctuation: both characters
        if (dst) dst[len] = '\\';
        len++;
      } else {
        c = '\\';
      }
    }
    if (g < 0) {
      if (dst) dst[len] = c;
      len++;
      continue;
    }
    if (g > r->prog.groups) return -1;
    if (!r->slots) continue;  // checking the template only
    int64_t a = r->slots[2 * g], b = r->slots[2 * g + 1];
    if (a < 0 || b < 0) continue;
    if (dst) rt_copy_(dst + len, r->s + a, b - a);
    len += b - a;
  }
  return len;
}

// re.sub(pat, repl, s, count, flags) for a str repl: the text with the
// first `count` matches (all for 0, none for count < 0) replaced by repl's
// expansion. Two walks: the first measures, the second writes.
DEVFN int rt_re_sub(Heap* h, const int64_t* pat, const int64_t* repl, const int64_t* s, int64_t count, int flags,
                    int64_t budget, const int64_t* chars, const int64_t* empty, const int64_t** out,
                    int64_t* steps) {
  ReRun_ r;
  int st = re_prepare_(h, pat, flags, s, budget, &r);
  *steps = r.steps;
  if (st != ST_PASS) return st;
  int64_t* slots = r.slots;
  r.slots = nullptr;
  if (re_expand_(repl, &r, nullptr) < 0) return ST_UNSUPPORTED;  // CPython checks it before matching
  r.slots = slots;
  StrOut o;
  char* dst = nullptr;
  int64_t total = 0;
  for (int pass = 0; pass < 2; pass++) {
    int64_t pos = 0, last = 0, len = 0;
    int advance = 0, found;
    for (int64_t done = 0; count == 0 || done < count; done++) {
      st = re_next_(&r, &pos, &advance, &found);
      *steps = r.steps;
      if (st != ST_PASS) return st;
      if (!found) break;
      if (pass) rt_copy_(dst + len, r.s + last, r.slots[0] - last);
      len += r.slots[0] - last;
      len += re_expand_(repl, &r, pass ? dst + len : nullptr);
      last = r.slots[1];
    }
    if (pass) rt_copy_(dst + len, r.s + last, r.n - last);
    len += r.n - last;
    if (!pass && (st = rt_str_begin_(h, len, &o, &dst)) != ST_PASS) return st;
    total = len;
  }
  *out = rt_str_done_(&o, total, chars, empty);
  return ST_PASS;
}

// ============================================================ match, search, fullmatch

// A re.Match object: {the string; its groups; the slots of the groups,
// 2 * (groups + 1) words: start, end, -1 where unset}.
#define MATCH_STR(m) ((const int64_t*)(uint64_t)(m)[0])
#define MATCH_GROUPS(m) ((m)[1])
#define MATCH_SLOT(m, k) ((m)[2 + (k)])

// re.search (mode 0), re.match (1) and re.fullmatch (2) of pat in s: a
// Match, or 0 (None) where there is none.
// The re.Match of run r's last match in s.
DEV int re_match_obj_(Heap* h, const ReRun_* r, const int64_t* s, int64_t** out) {
  int64_t slots = 2 * (r->prog.groups + 1);
  int64_t* m = heap_alloc(h, 2 + slots);
  if (!m) return ST_MEMORY_ERROR;
  m[0] = PTR_WORD(s);
  m[1] = r->prog.groups;
  for (int64_t k = 0; k < slots; k++) MATCH_SLOT(m, k) = r->slots[k];
  *out = m;
  return ST_PASS;
}

DEVFN int rt_re_match(Heap* h, const int64_t* pat, const int64_t* s, int flags, int mode, int64_t budget,
                      int64_t** out, int64_t* steps) {
  ReRun_ r;
  int st = re_prepare_(h, pat, flags, s, budget, &r);
  *steps = r.steps;
  if (st != ST_PASS) return st;
  int found;
  st = re_search_(&r, 0, 0, mode > 0, mode == 2, &found);
  *steps = r.steps;
  if (st != ST_PASS) return st;
  if (!found) { *out = nullptr; return ST_PASS; }
  return re_match_obj_(h, &r, s, out);
}

// The next step of re.finditer(pat, s)'s walk, which the loop's locals
// hold: the search from *pos (an empty match not again where the last one
// ended: *advance), as findall's walk; its re.Match, or null at the end.
DEVFN int rt_re_next(Heap* h, const int64_t* pat, const int64_t* s, int flags, int64_t* pos, int64_t* advance,
                     int64_t budget, int64_t** out, int64_t* steps) {
  ReRun_ r;
  int st = re_prepare_(h, pat, flags, s, budget, &r);
  *steps = r.steps;
  if (st != ST_PASS) return st;
  int adv = (int)*advance, found;
  st = re_next_(&r, pos, &adv, &found);
  *steps = r.steps;
  *advance = adv;
  if (st != ST_PASS) return st;
  if (!found) { *out = nullptr; return ST_PASS; }
  return re_match_obj_(h, &r, s, out);
}

// m.start(g) (which 0), m.end(g) (1): -1 for a group that took no part;
// IndexError ("no such group") past the groups.
DEV int rt_match_pos(const int64_t* m, int64_t g, int which, int64_t* out) {
  if (g < 0 || g > MATCH_GROUPS(m)) return ST_INDEX_ERROR;
  *out = MATCH_SLOT(m, 2 * g + which);
  return ST_PASS;
}

// m.group(g): the text; IndexError past the groups, and Unsupported for a
// group that took no part (None in CPython, where a str is typed).
DEV int rt_match_group(Heap* h, const int64_t* m, int64_t g, const int64_t* chars, const int64_t* empty,
                       const int64_t** out) {
  if (g < 0 || g > MATCH_GROUPS(m)) return ST_INDEX_ERROR;
  int64_t a = MATCH_SLOT(m, 2 * g), b = MATCH_SLOT(m, 2 * g + 1);
  if (a < 0 || b < 0) return ST_UNSUPPORTED;
  return rt_substr_(h, MATCH_STR(m), a, b, chars, empty, out);
}
