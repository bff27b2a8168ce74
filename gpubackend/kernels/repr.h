// repr.h: repr() of a value, and str() of a list, tuple or Optional, as
// CPython writes them: ints in decimal, floats as their shortest repr
// (dtoa.h), strs quoted and escaped, None, True and False, lists as
// [a, b], tuples as (a, b) and (a,). The value's type code (layout.h)
// says what each word is.
//
// The VM's strs are ASCII (source literals, chr() and the problem's
// arguments see to it); a byte past it would be Unsupported, since
// CPython's repr keeps Unicode's printable characters and escapes the
// rest, a table the kernels do not carry. Sets and dicts are not given
// here (the type pass).
//
// Two walks over the value: the first counts the characters, the second
// writes them into the new str. A walk keeps the open lists and tuples on
// an explicit stack: the type's depth bounds it.
#pragma once
#include "objects.h"
#include "numbers.h"
#include "dtoa.h"

// Where a walk writes: d null counts only.
struct ReprOut_ {
  char* d;
  int64_t n;
};

// One open list or tuple.
struct ReprOpen_ {
  const int64_t* items;  // a list's items or a tuple's slots
  int64_t i, n;          // the next item; a list's length
  const char* code;      // a list's element code; a tuple's next item code
  char close;            // ']' or ')'
  int32_t is_tuple;      // items end at the code's ')'
};

DEVFN void repr_put_(ReprOut_* o, const char* s, int64_t n) {
  if (o->d) {
    ROLLED for (int64_t i = 0; i < n; i++) o->d[o->n + i] = s[i];
  }
  o->n += n;
}

DEVFN void repr_int_(ReprOut_* o, int64_t x) {
  char buf[20];  // 19 digits and a sign, written from the end
  int n = 0;
  uint64_t u = rt_uabs_(x);
  ROLLED do { buf[19 - n++] = (char)('0' + (int)(u % 10)); u /= 10; } while (u);
  if (x < 0) buf[19 - n++] = '-';
  repr_put_(o, buf + 20 - n, n);
}

// A str as CPython's unicode_repr writes one: in single quotes unless it
// holds a single quote and no double one; \\, the quote, \t, \n, \r
// escaped, other control characters as \xhh.
DEVFN int repr_str_(ReprOut_* o, const int64_t* s) {
  const char* b = STR_BYTES(s);
  int64_t n = STR_LEN_OF(s);
  int single = 0, dbl = 0;
  ROLLED for (int64_t i = 0; i < n; i++) {
    if ((unsigned char)b[i] >= 0x80) return ST_UNSUPPORTED;
    single |= b[i] == '\'';
    dbl |= b[i] == '"';
  }
  char q = single && !dbl ? '"' : '\'';
  repr_put_(o, &q, 1);
  ROLLED for (int64_t i = 0; i < n; i++) {
    char c = b[i];
    const char* named = c == '\t' ? "\\t" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : nullptr;
    if (named) {
      repr_put_(o, named, 2);
    } else if (c < 0x20 || c == 0x7f) {
      char x[4] = {'\\', 'x', "0123456789abcdef"[c >> 4], "0123456789abcdef"[c & 15]};
      repr_put_(o, x, 4);
    } else {
      if (c == q || c == '\\') repr_put_(o, "\\", 1);
      repr_put_(o, &c, 1);
    }
  }
  repr_put_(o, &q, 1);
  return ST_PASS;
}

// One scalar value v of code c (an Optional's None is code '?').
DEVFN int repr_scalar_(ReprOut_* o, int64_t v, char c, uint32_t* scratch) {
  char text[DTOA_REPR_MAX];
  switch (c) {
    case 'i': repr_int_(o, v); return ST_PASS;
    case 'b': if (v) repr_put_(o, "True", 4); else repr_put_(o, "False", 5); return ST_PASS;
    case 'n': case '?': repr_put_(o, "None", 4); return ST_PASS;
    case 's': return repr_str_(o, AS_PTR(v));
    case 'r': if (num_is_int(v)) { repr_int_(o, num_int(v)); return ST_PASS; } break;
    case 'f': break;
    default: return ST_UNSUPPORTED;  // (the type pass gives no other)
  }
  repr_put_(o, text, dtoa_repr(c == 'r' ? num_float(v) : bits_to_double(v), scratch, text));
  return ST_PASS;
}

// Opens the list or tuple v of code c: its opening bracket written.
DEVFN void repr_open_(ReprOut_* o, ReprOpen_* st, int32_t* d, int64_t v, const char* code) {
  ReprOpen_* f = st + (*d)++;
  const int64_t* p = AS_PTR(v);
  f->is_tuple = *code == '(';
  f->items = f->is_tuple ? p : LIST_ITEMS(p);
  f->n = f->is_tuple ? 0 : LIST_LEN(p);
  f->i = 0;
  f->code = code + 1;
  f->close = *code == '[' ? ']' : ')';
  repr_put_(o, *code == '[' ? "[" : "(", 1);
}

// The walk: v of type code `code` written to o.
DEVFN int repr_walk_(ReprOut_* o, int64_t v, const char* code, uint32_t* scratch) {
  ReprOpen_ st[MAX_TYPE_DEPTH + 1];
  int32_t d = 0;
  for (;;) {
    while (*code == '?' && v) {
      code++;
      if (rt_code_is_boxed_(*code)) v = *AS_PTR(v);
    }
    if (*code == '[' || *code == '*' || *code == '(') {
      repr_open_(o, st, &d, v, code);
    } else {
      int status = repr_scalar_(o, v, *code, scratch);
      if (status != ST_PASS) return status;
    }
    for (;;) {  // the next item, closing what has none left
      if (d == 0) return ST_PASS;
      ReprOpen_* f = st + d - 1;
      int more = f->is_tuple ? *f->code != ')' && *f->code != 0 : f->i < f->n;
      if (more) {
        if (f->i > 0) repr_put_(o, ", ", 2);
        v = f->items[f->i++];
        code = f->code;
        if (f->is_tuple) f->code += rt_code_end(f->code, 0);
        break;
      }
      if (f->close == ')' && f->i == 1) repr_put_(o, ",", 1);  // (a,)
      repr_put_(o, &f->close, 1);
      d--;
    }
  }
}

// repr(v) of type code `code` as a new str; its length into *work (the
// lane's fuel pays for it). MemoryError when the heap is short.
DEVFN int rt_repr(Heap* h, int64_t v, const char* code, const int64_t* chars, const int64_t* empty,
                  const int64_t** out, int64_t* work) {
  uint32_t* scratch = (uint32_t*)heap_spare(h, BIG_SCRATCH_WORDS);
  if (!scratch) return ST_MEMORY_ERROR;
  ReprOut_ count = {nullptr, 0};
  int status = repr_walk_(&count, v, code, scratch);
  if (status != ST_PASS) return status;
  StrOut s;
  char* dst;
  status = rt_str_begin_(h, count.n, &s, &dst);
  if (status != ST_PASS) return status;
  scratch = (uint32_t*)heap_spare(h, BIG_SCRATCH_WORDS);  // above the new str
  if (!scratch) return ST_MEMORY_ERROR;
  ReprOut_ write = {dst, 0};
  repr_walk_(&write, v, code, scratch);
  *out = rt_str_done_(&s, count.n, chars, empty);
  *work = count.n;
  return ST_PASS;
}
