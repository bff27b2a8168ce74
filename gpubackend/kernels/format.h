// format.h: format(value, spec) of an int or a str (of a float:
// format_float.h), CPython's format-spec mini-language as
// Python/formatter_unicode.c reads it:
//
//   [[fill]align][sign][z][#][0][width][grouping][.precision][type]
//
// exactly, where the VM formats it. A spec it leaves to CPython ends the
// lane Unsupported: a float type on an int (CPython makes the int a float),
// 'c', 'n' (the locale's), 'z', zero padding with grouping (the zeros are
// grouped too), and every spec CPython refuses with a ValueError. Included
// by runtime.h.
#pragma once

// Widths and precisions past this are left to CPython: a result that long
// is past any lane's heap anyway.
#define FORMAT_MAX_WIDTH 100000000

// A spec read by rt_format_spec_. fill is ' ' and align the value's default
// where the spec gives none; sign, grouping and type are 0 where it gives
// none, width and precision -1.
struct FormatSpec {
  char fill, align, sign, grouping, type;
  int alt;
  int64_t width, precision;
};

DEV int rt_format_align_(int c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

// The decimal number at s[*k...], -1 where there is none, -2 past
// FORMAT_MAX_WIDTH.
DEV int64_t rt_format_number_(const int64_t* s, int64_t* k, int64_t n) {
  int64_t v = -1;
  for (; *k < n && rt_is_digit_(rt_byte_(s, *k)); (*k)++) {
    v = (v < 0 ? 0 : v) * 10 + (rt_byte_(s, *k) - '0');
    if (v > FORMAT_MAX_WIDTH) return -2;
  }
  return v;
}

// Reads spec s into f, in CPython's order; 0 for a spec left to CPython.
// default_align: '>' for numbers, '<' for strs.
DEV int rt_format_spec_(const int64_t* s, char default_align, FormatSpec* f) {
  int64_t n = rt_len_(s), k = 0;
  f->fill = ' '; f->align = default_align; f->sign = 0; f->grouping = 0; f->type = 0;
  f->alt = 0; f->width = -1; f->precision = -1;
  int fill_given = 0, align_given = 0;
  if (n >= 2 && rt_format_align_(rt_byte_(s, 1))) {
    f->fill = (char)rt_byte_(s, 0); f->align = (char)rt_byte_(s, 1);
    fill_given = align_given = 1; k = 2;
  } else if (n >= 1 && rt_format_align_(rt_byte_(s, 0))) {
    f->align = (char)rt_byte_(s, 0); align_given = 1; k = 1;
  }
  int c = k < n ? rt_byte_(s, k) : 0;
  if (c == '+' || c == '-' || c == ' ') { f->sign = (char)c; c = ++k < n ? rt_byte_(s, k) : 0; }
  if (c == 'z') return 0;
  if (c == '#') { f->alt = 1; c = ++k < n ? rt_byte_(s, k) : 0; }
  if (!fill_given && c == '0') {  // sign-aware zero padding, for numbers
    f->fill = '0';
    if (!align_given && default_align == '>') f->align = '=';
    k++;
  }
  f->width = rt_format_number_(s, &k, n);
  if (f->width == -2) return 0;
  c = k < n ? rt_byte_(s, k) : 0;
  if (c == ',' || c == '_') { f->grouping = (char)c; c = ++k < n ? rt_byte_(s, k) : 0; }
  if (c == ',' || c == '_') return 0;  // ',_' and '_,': CPython's ValueError
  if (c == '.') {
    k++;
    f->precision = rt_format_number_(s, &k, n);
    if (f->precision < 0) return 0;  // no digits after the '.', or too many
  }
  if (n - k > 1) return 0;
  if (n - k == 1) f->type = (char)rt_byte_(s, k);
  if (f->grouping) {  // PEP 378 and PEP 515: which types take a separator
    int decimal = f->type == 0 || f->type == 'd' || f->type == 'e' || f->type == 'E' || f->type == 'f' ||
                  f->type == 'F' || f->type == 'g' || f->type == 'G' || f->type == '%';
    int radix = f->type == 'b' || f->type == 'o' || f->type == 'x' || f->type == 'X';
    if (!decimal && !(radix && f->grouping == '_')) return 0;
  }
  return 1;
}

// The result laid out: head (sign and prefix), then body, padded to the
// spec's width with its fill as its align says ('=': between the two).
DEV int rt_format_lay_out_(Heap* h, const FormatSpec* f, const char* head, int64_t nhead, const char* body,
                           int64_t nbody, const int64_t* chars, const int64_t* empty, const int64_t** out) {
  int64_t len = nhead + nbody, total = f->width > len ? f->width : len, pad = total - len;
  int64_t left = f->align == '>' ? pad : f->align == '^' ? pad / 2 : 0;
  StrOut o;
  char* d;
  int st = rt_str_begin_(h, total, &o, &d);
  if (st != ST_PASS) return st;
  int64_t k = 0;
  if (f->align == '=') {
    for (int64_t i = 0; i < nhead; i++) d[k++] = head[i];
    for (int64_t i = 0; i < pad; i++) d[k++] = f->fill;
  } else {
    for (int64_t i = 0; i < left; i++) d[k++] = f->fill;
    for (int64_t i = 0; i < nhead; i++) d[k++] = head[i];
  }
  for (int64_t i = 0; i < nbody; i++) d[k++] = body[i];
  while (k < total) d[k++] = f->fill;
  *out = rt_str_done_(&o, total, chars, empty);
  return ST_PASS;
}

// format(x, spec) of an int: types d (and none), b, o, x, X.
DEVFN int rt_format_int(Heap* h, int64_t x, const int64_t* spec, const int64_t* chars, const int64_t* empty,
                        const int64_t** out) {
  FormatSpec f;
  if (!rt_format_spec_(spec, '>', &f) || f.precision >= 0) return ST_UNSUPPORTED;
  int base = f.type == 'b' ? 2 : f.type == 'o' ? 8 : f.type == 'x' || f.type == 'X' ? 16 : 10;
  if (base == 10 && f.type != 0 && f.type != 'd') return ST_UNSUPPORTED;
  if (f.grouping && f.fill == '0' && f.align == '=') return ST_UNSUPPORTED;
  const char* digits = f.type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  char head[3], body[96];  // 64 binary digits and 15 separators at most, written from the end
  int64_t nhead = 0, at = sizeof body;
  if (x < 0 || f.sign == '+' || f.sign == ' ') head[nhead++] = x < 0 ? '-' : f.sign;
  if (f.alt && base != 10) { head[nhead++] = '0'; head[nhead++] = f.type == 'X' ? 'X' : f.type; }
  uint64_t u = rt_uabs_(x);
  int group = base == 10 ? 3 : 4, run = 0;
  do {
    if (f.grouping && run == group) { body[--at] = f.grouping; run = 0; }
    body[--at] = digits[u % (uint64_t)base];
    u /= (uint64_t)base;
    run++;
  } while (u);
  return rt_format_lay_out_(h, &f, head, nhead, body + at, (int64_t)sizeof body - at, chars, empty, out);
}

// format(s, spec) of a str: type s (and none); a precision keeps that many
// characters. The empty spec gives s itself.
DEVFN int rt_format_str(Heap* h, const int64_t* s, const int64_t* spec, const int64_t* chars,
                        const int64_t* empty, const int64_t** out) {
  if (rt_len_(spec) == 0) { *out = s; return ST_PASS; }
  FormatSpec f;
  if (!rt_format_spec_(spec, '<', &f)) return ST_UNSUPPORTED;
  if ((f.type != 0 && f.type != 's') || f.sign || f.alt || f.align == '=' || f.grouping) return ST_UNSUPPORTED;
  int64_t n = rt_len_(s);
  if (f.precision >= 0 && f.precision < n) n = f.precision;
  return rt_format_lay_out_(h, &f, "", 0, STR_BYTES(s), n, chars, empty, out);
}
