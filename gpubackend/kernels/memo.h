// memo.h: the memo of pure recursive calls. A lane remembers the calls of
// its memoized functions that returned, and a call it has seen before
// returns at once, as if it had run: the same result, fuel, steps and
// statuses as running it again, only sooner. Naive recursion (fib(n) as
// fib(n-1) + fib(n-2)) is what models write, and its calls repeat
// exponentially often.
//
// Which functions: the compiler (emit.h, memoize_program) memoizes a function
// that is recursive (it can reach itself through calls) and whose
// parameters (1 to MEMO_MAX_ARGS) and result are int, bool or float, in a
// program without a try statement (so that every call that raised ended
// its lane, and every call that returned went through MEMO_RETURN). Such
// a call is a pure function of its argument words: the DSL has no globals,
// a nested def reads no enclosing local, scalars are values, and whatever
// the call allocates is unreachable once it returns a scalar.
//
// Exactness. Each entry keeps what the call cost, so that a hit charges it:
//   fuel    spent inside the call (MEMO_ENTER on), charged again;
//   growth  heap words it left allocated, bumped again (later allocations
//           land where they would have);
//   peak    the most heap words it held at once (scratch given back or
//           used spare included: heap_give_back, heap_spare);
//   frames  the most frames it had open beyond its own;
//   extent  how far past its frame base its calls' frames reached.
// A hit is taken only where running the call would have finished: fuel
// >= its fuel, heap top + peak <= cap, open frames + frames <= the depth
// limit, frame base + extent <= the stack's end. Otherwise the call runs
// and stops exactly where it would have. A call that raised stopped its
// lane and left no entry, so a hit never hides an exception.
//
// The table: MEMO_SLOTS entries after the lane's heap (tags first, then
// the entries), direct-mapped by a hash of the function and arguments; a
// collision replaces the older entry. The tags are cleared at the lane's
// first MEMO_ENTER, so a lane that calls no memoized function pays nothing.
#pragma once
#include "layout.h"

// The words of an entry, after its MEMO_MAX_ARGS argument words.
enum MemoWord { MEMO_RESULT = MEMO_MAX_ARGS, MEMO_FUEL, MEMO_GROWTH, MEMO_PEAK, MEMO_REACH };

// Frames and stack extent share one word: frames in the low 32 bits.
#define MEMO_FRAMES(e) ((int32_t)((e)[MEMO_REACH] & 0xffffffff))
#define MEMO_EXTENT(e) ((e)[MEMO_REACH] >> 32)

struct Memo {
  int64_t* tags;     // [slots]: function + 1, 0 for an empty entry
  int64_t* entries;  // [slots][MEMO_ENTRY_WORDS]
  int64_t mask;      // slots - 1 (0 when the memo is off)
  int32_t live;      // the tags were cleared in this lane
};

// The memo of a lane whose heap ends at `at`, with `slots` entries (a power
// of two, or 0: off). Nothing is written until the first lookup.
DEVI void memo_init(Memo* m, int64_t* at, int64_t slots) {
  m->tags = at;
  m->entries = at + slots;
  m->mask = slots > 0 ? slots - 1 : 0;
  m->live = 0;
}

DEVI int64_t memo_slot(const Memo* m, int32_t fn, const int64_t* args, int32_t nargs) {
  uint64_t h = (uint64_t)(fn + 1) * 0x9E3779B97F4A7C15ull;
  for (int32_t i = 0; i < nargs; i++) h = (h ^ (uint64_t)args[i]) * 0xBF58476D1CE4E5B9ull;
  return (int64_t)(h >> 40) & m->mask;
}

// The entry of a returned call fn(args), or null.
DEV const int64_t* memo_find(Memo* m, int32_t fn, const int64_t* args, int32_t nargs) {
  if (!m->live) {
    for (int64_t i = 0; i <= m->mask; i++) m->tags[i] = 0;
    m->live = 1;
  }
  int64_t s = memo_slot(m, fn, args, nargs);
  if (m->tags[s] != fn + 1) return nullptr;
  const int64_t* e = m->entries + s * MEMO_ENTRY_WORDS;
  for (int32_t i = 0; i < nargs; i++)
    if (e[i] != args[i]) return nullptr;
  return e;
}

// Remember that fn(args) returned `result` at these costs.
DEV void memo_put(Memo* m, int32_t fn, const int64_t* args, int32_t nargs, int64_t result, int64_t fuel,
                  int64_t growth, int64_t peak, int64_t frames, int64_t extent) {
  int64_t s = memo_slot(m, fn, args, nargs);
  int64_t* e = m->entries + s * MEMO_ENTRY_WORDS;
  for (int32_t i = 0; i < nargs; i++) e[i] = args[i];
  e[MEMO_RESULT] = result;
  e[MEMO_FUEL] = fuel;
  e[MEMO_GROWTH] = growth;
  e[MEMO_PEAK] = peak;
  e[MEMO_REACH] = frames | extent << 32;
  m->tags[s] = fn + 1;
}
