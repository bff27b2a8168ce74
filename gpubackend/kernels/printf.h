// printf.h: printf-style formatting, `literal % args`, read at compile time
// as Objects/unicodeobject.c reads it:
//
//   '%' [flags] [width] ['.' [precision]] type      flags: '-' '+' ' ' '#' '0'
//
// Each conversion the VM takes is format(x, spec) of its argument, after
// str(), repr() or float() where the conversion makes one: printf_spec
// writes the format() spec that gives the same text (format.h and
// format_float.h then format it). The rest stays on the CPython path: a
// mapping key `%(name)s`, `*` widths, length modifiers, %a and %c, a
// precision on an int conversion (a minimum digit count that format()
// lacks), flags or a width on `%%` (CPython reads an argument there), and
// an argument of another type than the conversion takes (CPython's
// TypeError). Both passes read a literal through these functions: the type
// pass to admit it (sema_expr.h, printf_format), the code pass to emit it
// (code_format.h).
#pragma once

// Widths and precisions past this are left to CPython (as FORMAT_MAX_WIDTH:
// a result that long is past any lane's heap).
#define PRINTF_MAX_WIDTH 99999999
// A spec printf_spec writes: "<+#0", a width and a precision of 8 digits,
// '.', the type and the terminator.
#define PRINTF_SPEC_MAX 32

// What printf_next found.
enum PrintfStep {
  PF_END,         // the end of the format
  PF_TEXT,        // literal text f[start, end) (`%%`: the '%')
  PF_CONV,        // one conversion, which takes the next argument
  PF_INCOMPLETE,  // a '%' the format ends in: CPython's ValueError
  PF_REFUSED,     // a form the VM leaves to CPython
};

// The kinds of argument a conversion may take, from the argument's static
// type (the caller maps its types to these).
enum PrintfArg { PA_INT, PA_BOOL, PA_FLOAT, PA_STR, PA_OTHER };

// What printf_spec makes of the argument before format(x, spec).
enum PrintfPrep { PP_NONE, PP_STR, PP_REPR, PP_FLOAT };

// One conversion: its flags, width and precision (-1 where none: `%.f`
// has precision 0), and its type character.
struct PrintfConv {
  int32_t start, end;
  int left, alt, zero;
  char sign, type;
  int32_t width, precision;
};

DEV int printf_digit(char c) { return c >= '0' && c <= '9'; }

// The decimal number at f[*k, n), -1 where there is none, -2 past
// PRINTF_MAX_WIDTH.
DEV int32_t printf_number(const char* f, int32_t n, int32_t* k) {
  int32_t v = -1;
  for (; *k < n && printf_digit(f[*k]); (*k)++) {
    v = (v < 0 ? 0 : v) * 10 + (f[*k] - '0');
    if (v > PRINTF_MAX_WIDTH) return -2;
  }
  return v;
}

// One conversion from f[i] = '%' into c: PF_CONV (c->type unchecked),
// PF_TEXT for `%%`, PF_INCOMPLETE or PF_REFUSED; *at past it.
DEV int printf_conversion(const char* f, int32_t n, int32_t i, int32_t* at, PrintfConv* c) {
  int32_t k = i + 1;
  c->left = c->alt = c->zero = 0;
  c->sign = 0;
  c->width = c->precision = -1;
  if (k < n && f[k] == '(') return PF_REFUSED;
  for (; k < n; k++) {
    if (f[k] == '-') c->left = 1;
    else if (f[k] == '+') c->sign = '+';
    else if (f[k] == ' ') c->sign = c->sign ? c->sign : ' ';  // '+' wins over ' '
    else if (f[k] == '#') c->alt = 1;
    else if (f[k] == '0') c->zero = 1;
    else break;
  }
  c->width = printf_number(f, n, &k);
  if (k < n && f[k] == '.') {
    k++;
    c->precision = printf_number(f, n, &k);
    if (c->precision == -1) c->precision = 0;
  }
  if (c->width == -2 || c->precision == -2) return PF_REFUSED;
  if (k >= n) return PF_INCOMPLETE;
  if (f[k] == '*' || f[k] == 'h' || f[k] == 'l' || f[k] == 'L') return PF_REFUSED;
  c->type = f[k];
  c->start = i;
  c->end = *at = k + 1;
  if (c->type != '%') return PF_CONV;
  if (k != i + 1) return PF_REFUSED;  // `%5%`: CPython takes an argument for it
  c->start = k;
  return PF_TEXT;
}

// The next piece of format f[*at, n): literal text up to the next '%', or
// what printf_conversion reads there.
DEV int printf_next(const char* f, int32_t n, int32_t* at, PrintfConv* c) {
  int32_t i = *at;
  if (i >= n) return PF_END;
  if (f[i] == '%') return printf_conversion(f, n, i, at, c);
  c->start = i;
  while (i < n && f[i] != '%') i++;
  c->end = *at = i;
  return PF_TEXT;
}

// Whether t is a conversion character CPython knows.
DEV int printf_known(char t) {
  const char* known = "sradiuoxXeEfFgGc";
  for (int k = 0; known[k]; k++) if (known[k] == t) return 1;
  return 0;
}

DEV void printf_put(char* spec, int32_t* len, char c) { spec[(*len)++] = c; }

DEV void printf_put_number(char* spec, int32_t* len, int32_t v) {
  char d[10];
  int32_t k = 0;
  do { d[k++] = (char)('0' + v % 10); v /= 10; } while (v);
  while (k) spec[(*len)++] = d[--k];
}

// The format() spec (into spec[0, *len)) and the preparation (PrintfPrep)
// after which format(x, spec) writes what conversion c writes of an
// argument of kind a; -1 where the VM leaves it to CPython. The flags map
// one to one: '-' is align '<' (and drops '0', as printf does), '0' is
// sign-aware zero padding, '+' and ' ' the sign, '#' the alternate form;
// %s and %r ignore all but '-', and pad on the left by default. (An
// explicit '>' on a number would make '0' a fill before the sign.)
DEV int printf_spec(const PrintfConv* c, int a, char* spec, int32_t* len) {
  *len = 0;
  char t = c->type;
  int text = t == 's' || t == 'r';
  int integer = t == 'd' || t == 'i' || t == 'u' || t == 'o' || t == 'x' || t == 'X';
  int real = t == 'e' || t == 'E' || t == 'f' || t == 'F' || t == 'g' || t == 'G';
  int prep;
  if (text) prep = t == 'r' ? PP_REPR : a == PA_STR ? PP_NONE : PP_STR;
  else if (integer && (a == PA_INT || a == PA_BOOL) && c->precision < 0) prep = PP_NONE;
  else if (real && (a == PA_INT || a == PA_BOOL)) prep = PP_FLOAT;
  else if (real && a == PA_FLOAT) prep = PP_NONE;
  else return -1;
  if (text && c->width < 0 && c->precision < 0) return prep;  // str(x) as it is
  if (c->left || text) printf_put(spec, len, c->left ? '<' : '>');  // numbers pad on the left anyway
  if (!text) {
    if (c->sign) printf_put(spec, len, c->sign);
    if (c->alt) printf_put(spec, len, '#');
    if (c->zero && !c->left) printf_put(spec, len, '0');
  }
  if (c->width >= 0) printf_put_number(spec, len, c->width);
  if (c->precision >= 0) {
    printf_put(spec, len, '.');
    printf_put_number(spec, len, c->precision);
  }
  if (!text) printf_put(spec, len, t == 'i' || t == 'u' ? 'd' : t);
  return prep;
}

// The status `f % args` raises, its arguments of kinds args[0, nargs):
// 0 for none, ST_TYPE_ERROR for too few or too many arguments,
// ST_VALUE_ERROR for an incomplete format or an unknown conversion; -1
// where the VM leaves the format to CPython. CPython reads the format from
// the left and stops at the first error; a conversion takes its argument
// before its type character is checked.
DEV int printf_status(const char* f, int32_t n, const int* args, int32_t nargs) {
  int32_t at = 0, next = 0, len;
  PrintfConv c;
  char spec[PRINTF_SPEC_MAX];
  for (;;) {
    int step = printf_next(f, n, &at, &c);
    if (step == PF_END) return next < nargs ? ST_TYPE_ERROR : 0;  // "not all arguments converted"
    if (step == PF_REFUSED) return -1;
    if (step == PF_INCOMPLETE) return ST_VALUE_ERROR;             // "incomplete format"
    if (step == PF_TEXT) continue;
    if (next >= nargs) return ST_TYPE_ERROR;                       // "not enough arguments"
    if (!printf_known(c.type)) return ST_VALUE_ERROR;              // "unsupported format character"
    if (printf_spec(&c, args[next++], spec, &len) < 0) return -1;
  }
}
