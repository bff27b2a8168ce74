// harness_guard.h: the memory-safety guard the kernel harnesses share
// (runtime_harness.cpp, objects_harness.cpp).
//
// After every call a harness checks that the call wrote nowhere but its own
// heap allocations: the shared one-character table and empty string are
// unchanged, the harness's inputs are unchanged (by checksum), the GUARD
// words below the heap are intact, and the PAST_TOP_WORDS heap words past
// top are still POISON. Damage is recorded in g_bad and repaired, so each
// violation is reported once, by the call that made it; take_violations_()
// reads and clears it.
//
// Before including this, a harness defines HEAP_WORDS (the heap's size),
// N_INPUTS (how many input areas it checks) and PAST_TOP_WORDS, and
// includes the kernel headers; it then defines in_sum_(k), the checksum of
// its input k (fnv1a_ of its words), declared here.
#pragma once

#define GUARD 16
#define POISON ((int64_t)0x5a5a5a5a5a5a5a5aLL)

// Bits of g_bad; a harness numbers its own from BAD_HARNESS on.
enum { BAD_CHARS = 1, BAD_EMPTY = 2, BAD_INPUT = 4, BAD_BELOW_HEAP = 8, BAD_PAST_TOP = 16,
       BAD_HARNESS = 32 };

static int64_t g_chars[256];
static int64_t g_empty[1];
static uint64_t g_in_sum[N_INPUTS];
// The heap proper is g_heap_words[GUARD .. GUARD + HEAP_WORDS); GUARD words
// on each side stay POISON for ever.
static int64_t g_heap_words[GUARD + HEAP_WORDS + GUARD];
#define HEAP_BASE (g_heap_words + GUARD)
static Heap g_heap = {HEAP_BASE, 0, HEAP_WORDS, 0};
static int g_bad;

static uint64_t in_sum_(int k);

// FNV-1a over n words.
static uint64_t fnv1a_(const int64_t* w, int64_t n) {
  uint64_t h = 1469598103934665603ULL;
  for (int64_t i = 0; i < n; i++) h = (h ^ (uint64_t)w[i]) * 1099511628211ULL;
  return h;
}

static void guard_(void) {
  for (int c = 0; c < 128; c++)
    if (g_chars[2 * c] != 1 || g_chars[2 * c + 1] != c) {
      g_bad |= BAD_CHARS;
      g_chars[2 * c] = 1;
      g_chars[2 * c + 1] = c;
    }
  if (g_empty[0] != 0) { g_bad |= BAD_EMPTY; g_empty[0] = 0; }
  for (int k = 0; k < N_INPUTS; k++) {
    uint64_t sum = in_sum_(k);
    if (sum != g_in_sum[k]) { g_bad |= BAD_INPUT; g_in_sum[k] = sum; }
  }
  for (int i = 0; i < GUARD; i++)
    if (g_heap_words[i] != POISON) { g_bad |= BAD_BELOW_HEAP; g_heap_words[i] = POISON; }
  int64_t end = g_heap.top + PAST_TOP_WORDS;  // may run into the top guard, never past it
  if (end > HEAP_WORDS + GUARD) end = HEAP_WORDS + GUARD;
  for (int64_t i = g_heap.top; i < end; i++)
    if (HEAP_BASE[i] != POISON) { g_bad |= BAD_PAST_TOP; HEAP_BASE[i] = POISON; }
}
#define GUARDED(call) do { int st_ = (call); guard_(); return st_; } while (0)

// The shared strings, a heap all POISON, the inputs' checksums taken.
static void guard_init_(void) {
  for (int c = 0; c < 128; c++) { g_chars[2 * c] = 1; g_chars[2 * c + 1] = c; }
  g_empty[0] = 0;
  for (int64_t i = 0; i < GUARD + HEAP_WORDS + GUARD; i++) g_heap_words[i] = POISON;
  for (int k = 0; k < N_INPUTS; k++) g_in_sum[k] = in_sum_(k);
  g_heap.top = 0;
  g_heap.cap = HEAP_WORDS;
  g_bad = 0;
}

// The violations seen since the last call (a mask of BAD_*), then cleared.
static int take_violations_(void) {
  guard_();
  int bad = g_bad;
  g_bad = 0;
  return bad;
}

// An empty heap of cap words (at most HEAP_WORDS).
static void reset_heap_(int64_t cap) {
  guard_();  // before the evidence is wiped
  // Poison what was used, so that padding a function forgets to zero shows
  // up, and every word past top is POISON again.
  for (int64_t i = 0; i < g_heap.top && i < HEAP_WORDS; i++) HEAP_BASE[i] = POISON;
  g_heap.top = 0;
  g_heap.cap = cap < HEAP_WORDS ? cap : HEAP_WORDS;
}
