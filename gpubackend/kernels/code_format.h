// code_format.h: f-strings, and str.format and printf-style `%` on a str
// literal. The type pass (sema_expr.h: fstring, str_format, printf_format)
// types their values and admits for str.format only a literal without
// escapes whose fields are `{}` and `{n}` (plain_format), for `%` only the
// conversions printf.h maps to format() specs. Values become strs as
// format(x, '') makes them: str(x) for an int, bool, float or str, and
// 'None' or str() of the value for an Optional; then the pieces are
// concatenated.
//
// str.format's literal is read here: its fields (`{}`, `{n}`, and with a
// plain format spec, `{:spec}` and `{n:spec}`), its `{{` and `}}`. The
// arguments are evaluated first, in order, as CPython evaluates a call's.
// Fields CPython rejects raise where it raises, after the arguments:
// ValueError for a lone brace or for automatic and manual numbering mixed,
// IndexError for a field past the arguments.
#pragma once
#include "code_call.h"
#include "printf.h"


// One piece of the result pushed and joined to what is there (first: none
// is there yet).
DEV void format_piece(Code* g, int* first) {
  if (!*first) emit0(g, OP_STR_CONCAT);
  *first = 0;
}

// The status the fields of format string f[0, n) raise with `args`
// arguments: 0 for none, -1 for a field this does not read (which the type
// pass, plain_format, has refused). With emit_them, the pieces are pushed
// and concatenated too, field k read from hidden local slots + k, where
// argument k of type types[k] is: str() of it, or format(it, spec) for a
// field with a spec.
DEVFN int format_pieces(Code* g, const char* f, int32_t n, int32_t args, int32_t slots, const int32_t* types,
                        int emit_them) {
  int first = 1, autonum = 0, manual = 0;
  int32_t next = 0, start = 0;
  for (int32_t i = 0; i < n; i++) {
    if (f[i] != '{' && f[i] != '}') continue;
    if (i + 1 < n && f[i + 1] == f[i]) {  // {{ or }}: the brace, once
      if (emit_them) { emit(g, OP_CONST_STR, text_const(g, f + start, i + 1 - start)); format_piece(g, &first); }
      start = i + 2;
      i++;
      continue;
    }
    if (f[i] == '}') return ST_VALUE_ERROR;  // "Single '}' encountered in format string"
    int32_t j = i + 1, index = 0, spec = -1;
    while (j < n && f[j] >= '0' && f[j] <= '9') index = index * 10 + (f[j++] - '0');
    int32_t number_end = j;
    if (j < n && f[j] == ':') for (spec = ++j; j < n && f[j] != '}' && f[j] != '{'; j++) {}
    if (j >= n) return ST_VALUE_ERROR;       // "expected '}' before end of string"
    if (f[j] != '}') return -1;              // a nested field, conversion, name or index: not here
    if (number_end == i + 1) { autonum = 1; index = next++; } else manual = 1;
    if (autonum && manual) return ST_VALUE_ERROR;  // "cannot switch from automatic field numbering to manual"
    if (index >= args) return ST_INDEX_ERROR;      // "Replacement index n out of range"
    if (emit_them) {
      if (i > start) { emit(g, OP_CONST_STR, text_const(g, f + start, i - start)); format_piece(g, &first); }
      emit(g, OP_LOAD, slots + index);
      if (spec >= 0 && j > spec) {
        emit(g, OP_CONST_STR, text_const(g, f + spec, j - spec));
        emit(g, OP_FORMAT, format_selector(types[index]));
      } else {
        str_of_any(g, types[index], 0);
      }
      format_piece(g, &first);
    }
    start = j + 1;
    i = j;
  }
  if (emit_them && (n > start || first)) { emit(g, OP_CONST_STR, text_const(g, f + start, n - start)); format_piece(g, &first); }
  return 0;
}

// format := STRING '.' 'format' '(' [expression (',' expression)*] ')'      on the literal pushed
DEVFN ExpDesc str_format(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t lit = cnode(g, n->a)->a, k = str_const(g, lit);
  if (code_failed(g)) return desc(g, EK_VOID, 0, T_BAD);
  const char* f = (const char*)(g->out->konst + k + 1);
  int32_t len = (int32_t)g->out->konst[k];
  int32_t types[MAX_PARAMS] = {0};
  int status = format_pieces(g, f, len, n->n, 0, types, 0);
  if (status < 0) { refuse(g, lit); return desc(g, EK_VOID, 0, T_BAD); }
  emit0(g, OP_POP);  // the literal, whose text is read here
  int32_t slots = new_slots(g, n->n);
  for (int32_t a = 0; a < n->n && !code_failed(g); a++) {
    ExpDesc e = expr(g, cx(g, n->b + a));
    discharge(g, &e);
    types[a] = e.type;
    emit(g, OP_STORE, slots + a);
  }
  g->line = n->end;
  if (status) {  // the fields raise once the arguments are in
    emit(g, OP_RAISE, status);
    emit(g, OP_CONST_STR, text_const(g, "", 0));
    return pushed(g, T_STR);
  }
  format_pieces(g, f, len, n->n, slots, types, 1);
  return pushed(g, T_STR);
}

// The arguments of `literal % right` into hidden slots, from the left: a
// tuple display's items as they are evaluated, another tuple unpacked, or
// the one value; their types into types. Their count.
DEVFN int32_t printf_args(Code* g, int32_t right, int32_t* slots, int32_t* types) {
  const TypeTable* tt = ctypes(g);
  int32_t r = right, t = ty(g, right);
  while (cnode(g, r)->kind == ND_GROUP) r = cnode(g, r)->a;
  int32_t n = is_tuple(tt, t) ? tt->t[t].n : 1;
  int display = cnode(g, r)->kind == ND_TUPLE && cnode(g, r)->n == n;  // an item per argument
  *slots = new_slots(g, n);
  if (display) {
    for (int32_t k = 0; k < n && !code_failed(g); k++) {
      ExpDesc e = expr(g, cx(g, cnode(g, r)->a + k));
      discharge(g, &e);
      types[k] = e.type;
      emit(g, OP_STORE, *slots + k);
    }
    return n;
  }
  ExpDesc e = expr(g, right);
  discharge(g, &e);
  if (!is_tuple(tt, t)) {
    types[0] = e.type;
    emit(g, OP_STORE, *slots);
    return 1;
  }
  emit(g, OP_UNPACK_TUPLE, n);
  for (int32_t k = n - 1; k >= 0; k--) {
    types[k] = tt->t[t].items[k];
    emit(g, OP_STORE, *slots + k);
  }
  return n;
}

// printf := STRING '%' expression      the arguments, then each piece
// printf.h reads pushed and joined: literal text, and each conversion as
// format(x, spec) of its argument after the str(), repr() or float() the
// conversion asks for; or, once the arguments are in, the status CPython
// raises for the format.
DEVFN ExpDesc printf_format(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int32_t k = str_const(g, n->a), slots, types[MAX_PARAMS];
  int kinds[MAX_PARAMS];
  if (code_failed(g) || k < 0) return desc(g, EK_VOID, 0, T_BAD);
  const char* f = (const char*)(g->out->konst + k + 1);
  int32_t len = (int32_t)g->out->konst[k], nargs = printf_args(g, n->b, &slots, types);
  for (int32_t a = 0; a < nargs; a++) kinds[a] = printf_kind(types[a]);
  g->line = n->end;
  int status = printf_status(f, len, kinds, nargs);
  if (status) {
    emit(g, OP_RAISE, status);
    emit(g, OP_CONST_STR, text_const(g, "", 0));
    return pushed(g, T_STR);
  }
  int32_t at = 0, next = 0, speclen, first = 1;
  PrintfConv c;
  char spec[PRINTF_SPEC_MAX];
  for (int step; (step = printf_next(f, len, &at, &c)) != PF_END;) {
    if (step == PF_TEXT) {
      emit(g, OP_CONST_STR, text_const(g, f + c.start, c.end - c.start));
    } else {
      int32_t t = types[next];
      int prep = printf_spec(&c, kinds[next], spec, &speclen);
      emit(g, OP_LOAD, slots + next++);
      if (prep == PP_STR || prep == PP_REPR) { str_of_any(g, t, prep == PP_REPR); t = T_STR; }
      if (prep == PP_FLOAT) { emit0(g, OP_INT_TO_FLOAT); t = T_FLOAT; }
      if (speclen) {
        emit(g, OP_CONST_STR, text_const(g, spec, speclen));
        emit(g, OP_FORMAT, format_selector(t));
      }
    }
    format_piece(g, &first);
  }
  if (first) emit(g, OP_CONST_STR, text_const(g, "", 0));
  return pushed(g, T_STR);
}

// A str constant of the text of a STRPART or an FTEXT, decoded.
DEVFN int32_t piece_const(Code* g, const Node* part) {
  const char* s = g->src + part->pos;
  int32_t b = 0, e = part->len;
  if (part->kind == ND_STRPART) literal_body(s, part->len, &b, &e);
  int raw = part->op & TF_RAW, fstring = part->kind == ND_FTEXT;
  int32_t at = str_alloc(g, str_decode_span(s, b, e, raw, fstring, 0));
  if (at < 0) return 0;
  str_decode_span(s, b, e, raw, fstring, (char*)(g->out->konst + at + 1));
  return at;
}

// fstring := its pieces concatenated in order: each literal text a
// constant, each field's value made a str as it is evaluated (str(x), and
// 'None' for an Optional's None: what format(x, '') makes of them).
DEVFN ExpDesc fstring(Code* g, int32_t i) {
  const Node* n = cnode(g, i);
  int first = 1;
  for (int32_t k = 0; k < n->n && !code_failed(g); k++) {
    const Node* part = cnode(g, cx(g, n->a + k));
    g->line = part->line;
    if (part->kind != ND_FIELD) {
      if (part->len == 0) continue;
      emit(g, OP_CONST_STR, piece_const(g, part));
    } else {
      ExpDesc e = expr(g, part->a);
      discharge(g, &e);
      g->line = part->line;
      int conv = part->op & FIELD_CONV_MASK;
      if (part->b < 0) {
        str_of_any(g, e.type, conv >= FIELD_CONV_R);
      } else {  // format(x, spec), after the conversion
        int32_t t = e.type;
        if (conv) { str_of_any(g, t, conv >= FIELD_CONV_R); t = T_STR; }
        emit(g, OP_CONST_STR, piece_const(g, cnode(g, part->b)));
        emit(g, OP_FORMAT, format_selector(t));
      }
    }
    format_piece(g, &first);
  }
  if (first) emit(g, OP_CONST_STR, text_const(g, "", 0));
  return pushed(g, T_STR);
}
