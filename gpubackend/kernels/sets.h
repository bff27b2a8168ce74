// sets.h: the runtime library of sets of ints, bools, strs and tuples of
// those, laid out as CPython's set object so that a set of ints (or of
// tuples of ints) iterates in CPython's order. The conventions of
// objects.h hold: no globals, no recursion, heap allocation only, and a
// function that can raise returns a Status.
//
// Layout: {int64 used; int64 fill; int64 mask; int64* table; int64 flags;
// KeyCode key}.
// `used` is the first word, as a list's length is, so len() and truth are
// the list instructions'. The table has mask + 1 slots of three words
// {state, hash, key}: state 0 empty, 1 live, 2 a dummy (a discarded key,
// which lookups pass over). `fill` counts live and dummy slots.
//
// CPython's order. Iteration walks the table by slot, so the order is where
// each key landed: CPython 3.11's setobject.c, reproduced step by step.
// set_add_entry probes hash & mask, then LINEAR_PROBES slots after it when
// they fit below the mask, then (i * 5 + 1 + perturb) & mask with perturb
// the hash shifted right by PERTURB_SHIFT each round; a key not found goes
// to the last dummy met on the way, else to the empty slot that ended the
// search, and only the latter counts towards fill. When fill * 5 >= mask * 3
// the table is rebuilt (set_table_resize) at the smallest power of two above
// used * 4 (used * 2 past 50,000), live keys reinserted in slot order by
// set_insert_clean, which takes the first empty slot. set_merge (copies,
// set(a_set), |, update) and the operators follow their CPython paths
// (rt_set_merge_, rt_set_binop), which are not the same as adding the keys
// one by one. An int's hash is CPython's (x mod 2**61 - 1, sign kept, -1
// becoming -2); a bool is its int; a tuple's is CPython's tuplehash over its
// items' hashes. A str's hash in CPython is salted per process, so no order
// of a set of strs (or of tuples holding one) is CPython's own: here a str
// hashes by FNV-1a, which decides membership only, and handing out such a
// set's order (a for loop, list(), ...) with two keys or more is
// Unsupported (rt_set_items), which sends the lane to CPython.
//
// Changing a set's size while a loop walks it is a RuntimeError in CPython.
// A for loop here walks a list of the keys taken when it starts, so it marks
// the set (SET_ITERATED): a later add or discard that changes the set's
// size is Unsupported, and CPython judges the lane.
#pragma once
#include "objects.h"

#define SET_USED(p) ((p)[0])
#define SET_FILL(p) ((p)[1])
#define SET_MASK(p) ((p)[2])
#define SET_TABLE(p) ((int64_t*)(uint64_t)(p)[3])
#define SET_FLAGS(p) ((p)[4])
#define SET_KEY(p) ((KeyCode)(uint64_t)(p)[5])
#define SET_HEAD_WORDS 6
#define SET_SLOT_WORDS 3
#define SET_MINSIZE 8         // CPython's PySet_MINSIZE
#define SET_LINEAR_PROBES 9   // setobject.c's LINEAR_PROBES
#define SET_PERTURB_SHIFT 5   // setobject.c's PERTURB_SHIFT
#define SET_ITERATED 1        // SET_FLAGS: a for loop has walked the set
enum SetSlot { SLOT_EMPTY, SLOT_LIVE, SLOT_DUMMY };


// CPython's hash of an int (Python/pyhash.c, _PyHASH_MODULUS 2**61 - 1).
DEV int64_t rt_int_hash_(int64_t x) {
  const uint64_t P = (1ULL << 61) - 1;
  uint64_t m = x < 0 ? 0 - (uint64_t)x : (uint64_t)x;
  int64_t h = (int64_t)(m % P);
  if (x < 0) h = -h;
  return h == -1 ? -2 : h;
}
// A key's type code: null for an int or bool, "s" for a str, '(' items ')'
// for a tuple of ints, bools and strs (sema_set.h keeps keys to these).
// An instruction names it in its selector (SETSEL_KEY of layout.h), and a
// set or dict keeps the first it is given (SET_KEY), for the instructions
// typed before its keys were known (an empty set() a later add tells).
typedef const char* KeyCode;

// FNV-1a over a str's bytes: any fixed hash serves (see above).
DEV int64_t rt_str_hash_(const int64_t* s) {
  uint64_t h = 1469598103934665603ULL;
  const char* b = STR_BYTES(s);
  for (int64_t i = 0; i < STR_LEN_OF(s); i++) h = (h ^ (uint8_t)b[i]) * 1099511628211ULL;
  return (int64_t)(h >> 2);
}
// CPython's hash of a tuple of code `code` (Objects/tupleobject.c's
// tuplehash: xxHash's round over its items' hashes).
DEVFN int64_t rt_tuple_hash_(const int64_t* t, KeyCode code) {
  const uint64_t P1 = 11400714785074694791ULL, P2 = 14029467366897019727ULL, P5 = 2870177450012600261ULL;
  uint64_t acc = P5;
  int32_t n = 0;
  for (int32_t pos = 1; code[pos] != ')'; pos = rt_code_end(code, pos), n++) {
    uint64_t lane = (uint64_t)(code[pos] == 's' ? rt_str_hash_(AS_PTR(t[n])) : rt_int_hash_(t[n]));
    acc += lane * P2;
    acc = (acc << 31) | (acc >> 33);
    acc *= P1;
  }
  acc += (uint64_t)n ^ (P5 ^ 3527539ULL);
  return acc == ~0ULL ? 1546275796 : (int64_t)acc;
}
DEVFN int rt_tuple_key_eq_(const int64_t* a, const int64_t* b, KeyCode code) {
  int32_t n = 0;
  for (int32_t pos = 1; code[pos] != ')'; pos = rt_code_end(code, pos), n++)
    if (code[pos] == 's' ? !rt_str_eq_(AS_PTR(a[n]), AS_PTR(b[n])) : a[n] != b[n]) return 0;
  return 1;
}
DEV int64_t rt_key_hash_(int64_t v, KeyCode key) {
  return !key ? rt_int_hash_(v) : *key == 's' ? rt_str_hash_(AS_PTR(v)) : rt_tuple_hash_(AS_PTR(v), key);
}
DEV int rt_key_eq_(int64_t a, int64_t b, KeyCode key) {
  if (a == b || !key) return a == b;  // (a str or tuple is equal to itself)
  return *key == 's' ? rt_str_eq_(AS_PTR(a), AS_PTR(b)) : rt_tuple_key_eq_(AS_PTR(a), AS_PTR(b), key);
}
// Whether keys of this code hash as CPython's do (no str in them), so that
// a set's order is CPython's.
DEV int rt_key_ordered_(KeyCode key) {
  if (!key) return 1;
  for (int32_t i = 0, n = rt_code_end(key, 0); i < n; i++) if (key[i] == 's') return 0;
  return 1;
}
// The key code an instruction's selector names (SETSEL_KEY), null where it
// does not know it; konst: the program's constants, which hold a tuple's.
DEV KeyCode rt_sel_key_(int sel, const int64_t* konst) {
  int k = sel & SETSEL_KEY_MASK;
  return k == SETSEL_KEY_INT ? nullptr : k == SETSEL_KEY_STR ? "s" : (KeyCode)STR_BYTES(konst + (k - SETSEL_KEY_TUPLE));
}

// A table of n empty slots; nullptr when the heap is spent.
DEVFN int64_t* rt_set_table_(Heap* h, int64_t n) {
  if (n > h->cap / SET_SLOT_WORDS) return nullptr;
  int64_t* t = heap_alloc(h, n * SET_SLOT_WORDS);
  if (t) for (int64_t i = 0; i < n * SET_SLOT_WORDS; i++) t[i] = 0;
  return t;
}

// A new empty set (set()); MemoryError.
DEVFN int rt_set_new(Heap* h, int64_t** out) {
  int64_t* p = heap_alloc(h, SET_HEAD_WORDS);
  int64_t* t = p ? rt_set_table_(h, SET_MINSIZE) : nullptr;
  if (!t) return ST_MEMORY_ERROR;
  p[0] = 0; p[1] = 0; p[2] = SET_MINSIZE - 1; p[3] = PTR_WORD(t); p[4] = 0; p[5] = 0;
  *out = p;
  return ST_PASS;
}

// The slot holding key v, or -1 (set_lookkey).
DEVFN int64_t rt_set_find_(const int64_t* s, int64_t v, int64_t hash, KeyCode key) {
  const int64_t* t = SET_TABLE(s);
  uint64_t mask = (uint64_t)SET_MASK(s), perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
  for (;;) {
    int probes = i + SET_LINEAR_PROBES <= mask ? SET_LINEAR_PROBES : 0;
    for (uint64_t j = i;; j++) {
      const int64_t* e = t + j * SET_SLOT_WORDS;
      if (e[0] == SLOT_EMPTY) return -1;
      if (e[0] == SLOT_LIVE && e[1] == hash && rt_key_eq_(e[2], v, key)) return (int64_t)j;
      if (probes-- == 0) break;
    }
    perturb >>= SET_PERTURB_SHIFT;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

// Key v into the first empty slot of table t (set_insert_clean).
DEV void rt_set_insert_clean_(int64_t* t, uint64_t mask, int64_t v, int64_t hash) {
  uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
  for (;;) {
    uint64_t last = i + SET_LINEAR_PROBES <= mask ? i + SET_LINEAR_PROBES : i;
    for (uint64_t j = i; j <= last; j++) {
      int64_t* e = t + j * SET_SLOT_WORDS;
      if (e[0] == SLOT_EMPTY) { e[0] = SLOT_LIVE; e[1] = hash; e[2] = v; return; }
    }
    perturb >>= SET_PERTURB_SHIFT;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

// The table rebuilt at the smallest power of two above minused, its dummies
// dropped (set_table_resize); MemoryError leaves s as it was.
DEVFN int rt_set_resize_(Heap* h, int64_t* s, int64_t minused) {
  int64_t n = SET_MINSIZE;
  while (n <= minused) n <<= 1;
  int64_t* t = rt_set_table_(h, n);
  if (!t) return ST_MEMORY_ERROR;
  const int64_t* old = SET_TABLE(s);
  for (int64_t j = 0; j <= SET_MASK(s); j++) {
    const int64_t* e = old + j * SET_SLOT_WORDS;
    if (e[0] == SLOT_LIVE) rt_set_insert_clean_(t, (uint64_t)(n - 1), e[2], e[1]);
  }
  SET_FILL(s) = SET_USED(s);
  SET_MASK(s) = n - 1;
  s[3] = PTR_WORD(t);
  return ST_PASS;
}

// s.add(v) with v's hash (set_add_entry); *added says whether it was new.
DEVFN int rt_set_add_(Heap* h, int64_t* s, int64_t v, int64_t hash, KeyCode key, int* added) {
  if (key) s[5] = (int64_t)(uint64_t)key;
  int64_t* t = SET_TABLE(s);
  uint64_t mask = (uint64_t)SET_MASK(s), perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
  int64_t* free_slot = nullptr;
  *added = 0;
  for (;;) {
    int probes = i + SET_LINEAR_PROBES <= mask ? SET_LINEAR_PROBES : 0;
    for (uint64_t j = i;; j++) {
      int64_t* e = t + j * SET_SLOT_WORDS;
      if (e[0] == SLOT_EMPTY) {
        *added = 1;
        SET_USED(s)++;
        if (free_slot) { free_slot[0] = SLOT_LIVE; free_slot[1] = hash; free_slot[2] = v; return ST_PASS; }
        e[0] = SLOT_LIVE; e[1] = hash; e[2] = v;
        if ((uint64_t)++SET_FILL(s) * 5 < mask * 3) return ST_PASS;
        int64_t used = SET_USED(s);
        return rt_set_resize_(h, s, used > 50000 ? used * 2 : used * 4);
      }
      if (e[0] == SLOT_LIVE && e[1] == hash && rt_key_eq_(e[2], v, key)) return ST_PASS;
      if (e[0] == SLOT_DUMMY) free_slot = e;
      if (probes-- == 0) break;
    }
    perturb >>= SET_PERTURB_SHIFT;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

// The key code of s for an instruction: its selector's where the compiler
// knew the key type, else the one s was first given (see KeyCode).
DEV KeyCode rt_set_key(const int64_t* s, int sel, const int64_t* konst) {
  KeyCode k = rt_sel_key_(sel, konst);
  return k ? k : SET_KEY(s);
}
// The key code of an operation of s with o, another set (null: a list),
// whose code may be the one known.
DEV KeyCode rt_set_key_with(const int64_t* s, const int64_t* o, int sel, const int64_t* konst) {
  KeyCode k = rt_set_key(s, sel, konst);
  return k || !o ? k : SET_KEY(o);
}

// The size of a set a loop has walked may not change (see above).
DEV int rt_set_resized_(const int64_t* s, int changed) {
  return changed && (SET_FLAGS(s) & SET_ITERATED) ? ST_UNSUPPORTED : ST_PASS;
}
DEVFN int rt_set_add(Heap* h, int64_t* s, int64_t v, KeyCode key) {
  int added, st = rt_set_add_(h, s, v, rt_key_hash_(v, key), key, &added);
  return st != ST_PASS ? st : rt_set_resized_(s, added);
}

// The key in slot j taken out: a dummy, which later lookups pass over.
DEV void rt_set_drop_(int64_t* s, int64_t j) {
  SET_TABLE(s)[j * SET_SLOT_WORDS] = SLOT_DUMMY;
  SET_USED(s)--;
}

// s.discard(v), or s.remove(v) (`must`: KeyError when v is absent).
DEVFN int rt_set_discard(int64_t* s, int64_t v, KeyCode key, int must) {
  int64_t j = rt_set_find_(s, v, rt_key_hash_(v, key), key);
  if (j < 0) return must ? ST_KEY_ERROR : ST_PASS;
  rt_set_drop_(s, j);
  return rt_set_resized_(s, 1);
}
DEVFN int rt_set_contains(const int64_t* s, int64_t v, KeyCode key) {
  return rt_set_find_(s, v, rt_key_hash_(v, key), key) >= 0;
}
// s.clear(): back to an empty table of CPython's first size.
DEVFN int rt_set_clear(Heap* h, int64_t* s) {
  int64_t* t = rt_set_table_(h, SET_MINSIZE);
  if (!t) return ST_MEMORY_ERROR;
  int changed = SET_USED(s) != 0;
  s[3] = PTR_WORD(t); SET_MASK(s) = SET_MINSIZE - 1; SET_USED(s) = 0; SET_FILL(s) = 0;
  return rt_set_resized_(s, changed);
}

// so |= other's keys, by set_merge's paths: one resize up front, then a
// copy slot for slot (same size, so empty, other without dummies), or
// set_insert_clean in other's slot order (so empty), or adds.
DEVFN int rt_set_merge_(Heap* h, int64_t* so, const int64_t* other, KeyCode key) {
  if (!SET_KEY(so)) so[5] = other[5];
  if (other == so || SET_USED(other) == 0) return ST_PASS;
  if ((SET_FILL(so) + SET_USED(other)) * 5 >= SET_MASK(so) * 3) {
    int st = rt_set_resize_(h, so, (SET_USED(so) + SET_USED(other)) * 2);
    if (st != ST_PASS) return st;
  }
  const int64_t* ot = SET_TABLE(other);
  int64_t* t = SET_TABLE(so);
  if (SET_FILL(so) == 0 && SET_MASK(so) == SET_MASK(other) && SET_FILL(other) == SET_USED(other)) {
    for (int64_t i = 0; i < (SET_MASK(so) + 1) * SET_SLOT_WORDS; i += SET_SLOT_WORDS)
      if (ot[i] == SLOT_LIVE) { t[i] = SLOT_LIVE; t[i + 1] = ot[i + 1]; t[i + 2] = ot[i + 2]; }
    SET_FILL(so) = SET_FILL(other); SET_USED(so) = SET_USED(other);
    return ST_PASS;
  }
  if (SET_FILL(so) == 0) {
    SET_FILL(so) = SET_USED(so) = SET_USED(other);
    for (int64_t j = 0; j <= SET_MASK(other); j++) {
      const int64_t* e = ot + j * SET_SLOT_WORDS;
      if (e[0] == SLOT_LIVE) rt_set_insert_clean_(t, (uint64_t)SET_MASK(so), e[2], e[1]);
    }
    return ST_PASS;
  }
  for (int64_t j = 0; j <= SET_MASK(other); j++) {
    const int64_t* e = ot + j * SET_SLOT_WORDS;
    int added, st = e[0] == SLOT_LIVE ? rt_set_add_(h, so, e[2], e[1], key, &added) : ST_PASS;
    if (st != ST_PASS) return st;
  }
  return ST_PASS;
}

// A copy of s (set(s), s.copy(): set_copy, a merge into a new set).
DEVFN int rt_set_copy(Heap* h, const int64_t* s, KeyCode key, int64_t** out) {
  int st = rt_set_new(h, out);
  return st != ST_PASS ? st : rt_set_merge_(h, *out, s, key);
}

// s.update(l) of a list's items, added one by one.
DEVFN int rt_set_add_items_(Heap* h, int64_t* s, const int64_t* l, KeyCode key) {
  for (int64_t i = 0; i < LIST_LEN(l); i++) {
    int64_t v = LIST_ITEMS(l)[i];
    int added, st = rt_set_add_(h, s, v, rt_key_hash_(v, key), key, &added);
    if (st != ST_PASS) return st;
  }
  return ST_PASS;
}
// s.update(o): o a set (merged) or a list; Unsupported where a loop walked s
// and its size changed.
DEVFN int rt_set_update(Heap* h, int64_t* s, const int64_t* o, int o_is_set, KeyCode key) {
  int64_t before = SET_USED(s);
  int st = o_is_set ? rt_set_merge_(h, s, o, key) : rt_set_add_items_(h, s, o, key);
  return st != ST_PASS ? st : rt_set_resized_(s, SET_USED(s) != before);
}

// Each key of set o, in o's order, discarded from s where it is; with
// `add`, added where it is not (a symmetric difference).
DEVFN int rt_set_discard_all_(Heap* h, int64_t* s, const int64_t* o, KeyCode key, int add) {
  int st = ST_PASS;
  for (int64_t j = 0; j <= SET_MASK(o) && st == ST_PASS; j++) {
    const int64_t* e = SET_TABLE(o) + j * SET_SLOT_WORDS;
    if (e[0] != SLOT_LIVE) continue;
    int64_t k = rt_set_find_(s, e[2], e[1], key);
    int added;
    if (k >= 0) rt_set_drop_(s, k);
    else if (add) st = rt_set_add_(h, s, e[2], e[1], key, &added);
  }
  return st;
}

// s -= o, s ^= o, s &= o (a SetUpdate) of a set o, in place, by CPython's
// paths: set_difference_update_internal (each key of o discarded, then a
// resize where over a quarter of the slots are dummies),
// set_symmetric_difference_update (each key of o, in o's order, discarded
// where it is and added where not), set_intersection_update (s takes the
// intersection's table); o being s clears it (&=: takes its copy's table).
DEVFN int rt_set_binop(Heap* h, const int64_t* a, const int64_t* b, int b_set, int op, KeyCode key, int64_t** out);
DEVFN int rt_set_update_op(Heap* h, int64_t* s, const int64_t* o, int op, KeyCode key) {
  int64_t before = SET_USED(s);
  int st = ST_PASS;
  if (op == SETUP_AND) {
    int64_t* r = nullptr;
    st = rt_set_binop(h, s, o, 1, SETOP_AND, key, &r);
    if (st == ST_PASS) { s[3] = r[3]; SET_MASK(s) = SET_MASK(r); SET_USED(s) = SET_USED(r); SET_FILL(s) = SET_FILL(r); }
  } else if (s == o) {
    st = rt_set_clear(h, s);
  } else {
    st = rt_set_discard_all_(h, s, o, key, op == SETUP_XOR);
    int64_t used = SET_USED(s);
    if (st == ST_PASS && op == SETUP_SUB && (uint64_t)(SET_FILL(s) - used) > (uint64_t)SET_MASK(s) / 4)
      st = rt_set_resize_(h, s, used > 50000 ? used * 2 : used * 4);
  }
  return st != ST_PASS ? st : rt_set_resized_(s, SET_USED(s) != before);
}

// set(l) of a list's items. `folded`: a display of more than two constants,
// which CPython's compiler makes a frozenset constant (from the tuple of
// them, then rebuilt from its own order when the constants are merged) and
// BUILD_SET merges into a new set.
DEVFN int rt_set_of_list(Heap* h, const int64_t* l, KeyCode key, int folded, int64_t** out) {
  int64_t* s = nullptr;
  int st = rt_set_new(h, &s);
  if (st == ST_PASS) st = rt_set_add_items_(h, s, l, key);
  for (int k = 0; folded && k < 2 && st == ST_PASS; k++) {
    int64_t* r = s;
    if (k == 0) {  // rebuilt in its own order
      st = rt_set_new(h, &r);
      for (int64_t j = 0; j <= SET_MASK(s) && st == ST_PASS; j++) {
        const int64_t* e = SET_TABLE(s) + j * SET_SLOT_WORDS;
        int added;
        if (e[0] == SLOT_LIVE) st = rt_set_add_(h, r, e[2], e[1], key, &added);
      }
    } else {
      st = rt_set_copy(h, s, key, &r);
    }
    s = r;
  }
  *out = s;
  return st;
}

// The keys of s in its order, a new list. `ordered`: the caller hands the
// order on (Unsupported for two strs or more); `loop`: a for loop walks it
// (SET_ITERATED).
DEVFN int rt_set_items(Heap* h, int64_t* s, KeyCode key, int ordered, int loop, int64_t** out) {
  if (!rt_key_ordered_(key) && ordered && SET_USED(s) > 1) return ST_UNSUPPORTED;
  int st = rt_list_new(h, SET_USED(s), out);
  if (st != ST_PASS) return st;
  int64_t n = 0;
  for (int64_t j = 0; j <= SET_MASK(s); j++) {
    const int64_t* e = SET_TABLE(s) + j * SET_SLOT_WORDS;
    if (e[0] == SLOT_LIVE) LIST_ITEMS(*out)[n++] = e[2];
  }
  if (loop) SET_FLAGS(s) |= SET_ITERATED;
  return ST_PASS;
}

// a ^ b as set_symmetric_difference makes it: a copy of b, from which
// each key of a, in a's order, is discarded where it is and added where
// it is not.
DEVFN int rt_set_xor_(Heap* h, const int64_t* a, const int64_t* b, KeyCode key, int64_t** out) {
  int st = rt_set_copy(h, b, key, out);
  return st != ST_PASS ? st : rt_set_discard_all_(h, *out, a, key, 1);
}

// a & b, a | b, a - b, a ^ b, and the methods intersection, union and
// difference, by CPython's paths; b a set, or a list (`b_set` 0: a
// method's argument; not for ^).
DEVFN int rt_set_binop(Heap* h, const int64_t* a, const int64_t* b, int b_set, int op, KeyCode key, int64_t** out) {
  if (op == SETOP_XOR) return rt_set_xor_(h, a, b, key, out);
  if (a == b && (op == SETOP_OR || op == SETOP_AND)) return rt_set_copy(h, a, key, out);  // set_or's, set_intersection's
  if (op == SETOP_OR) {
    int st = rt_set_copy(h, a, key, out);
    if (st != ST_PASS) return st;
    return b_set ? rt_set_merge_(h, *out, b, key) : rt_set_add_items_(h, *out, b, key);
  }
  if (op == SETOP_SUB && (!b_set || (SET_USED(a) >> 2) > SET_USED(b))) {  // set_copy_and_difference
    int st = rt_set_copy(h, a, key, out);
    if (st != ST_PASS) return st;
    int64_t n = b_set ? SET_MASK(b) + 1 : LIST_LEN(b);
    for (int64_t j = 0; j < n; j++) {
      const int64_t* e = b_set ? SET_TABLE(b) + j * SET_SLOT_WORDS : nullptr;
      if (e && e[0] != SLOT_LIVE) continue;
      int64_t k = rt_set_find_(*out, e ? e[2] : LIST_ITEMS(b)[j], e ? e[1] : rt_key_hash_(LIST_ITEMS(b)[j], key), key);
      if (k >= 0) rt_set_drop_(*out, k);
    }
    // set_difference_update_internal: more than a quarter of dummies are resized away
    if ((uint64_t)(SET_FILL(*out) - SET_USED(*out)) <= (uint64_t)SET_MASK(*out) / 4) return ST_PASS;
    int64_t used = SET_USED(*out);
    return rt_set_resize_(h, *out, used > 50000 ? used * 2 : used * 4);
  }
  int st = rt_set_new(h, out);
  if (st != ST_PASS) return st;
  // &: the smaller set's keys (or the list's, in order) found in the other;
  // -: a's keys not in b
  const int64_t* walk = op == SETOP_SUB ? a : !b_set ? b : SET_USED(b) > SET_USED(a) ? a : b;
  const int64_t* probe = op == SETOP_SUB ? b : walk == a ? b : a;
  int walk_list = op == SETOP_AND && !b_set;
  int64_t n = walk_list ? LIST_LEN(walk) : SET_MASK(walk) + 1;
  for (int64_t j = 0; j < n && st == ST_PASS; j++) {
    int64_t v, hash;
    if (walk_list) {
      v = LIST_ITEMS(walk)[j]; hash = rt_key_hash_(v, key);
    } else {
      const int64_t* e = SET_TABLE(walk) + j * SET_SLOT_WORDS;
      if (e[0] != SLOT_LIVE) continue;
      v = e[2]; hash = e[1];
    }
    int in = rt_set_find_(probe, v, hash, key) >= 0, added;
    if (in == (op == SETOP_AND)) st = rt_set_add_(h, *out, v, hash, key, &added);
  }
  return st;
}

// Whether every key of a is in b.
DEVFN int rt_set_subset_(const int64_t* a, const int64_t* b, KeyCode key) {
  if (SET_USED(a) > SET_USED(b)) return 0;
  for (int64_t j = 0; j <= SET_MASK(a); j++) {
    const int64_t* e = SET_TABLE(a) + j * SET_SLOT_WORDS;
    if (e[0] == SLOT_LIVE && rt_set_find_(b, e[2], e[1], key) < 0) return 0;
  }
  return 1;
}
// a OP b (a Cmp of layout.h) as CPython compares sets: == and != by keys,
// <= and >= as subsets, < and > as proper ones.
DEVFN int rt_set_compare(const int64_t* a, const int64_t* b, int op, KeyCode key) {
  int64_t na = SET_USED(a), nb = SET_USED(b);
  switch (op) {
    case CMP_EQ: return na == nb && rt_set_subset_(a, b, key);
    case CMP_NE: return !(na == nb && rt_set_subset_(a, b, key));
    case CMP_LE: return rt_set_subset_(a, b, key);
    case CMP_LT: return na < nb && rt_set_subset_(a, b, key);
    case CMP_GE: return rt_set_subset_(b, a, key);
    default: return nb < na && rt_set_subset_(b, a, key);
  }
}
