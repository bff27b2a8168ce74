// scratch_guard.h: the big-integer scratch the decimal-conversion
// harnesses share (strtod_harness.cpp, dtoa_harness.cpp).
//
// Every call gets a scratch buffer of STRTOD_SCRATCH_LIMBS limbs refilled
// with CANARY and fenced by GUARD canary limbs on both sides. After a call,
// check_fence_() records in g_fence whether a fence limb was written, and
// note_high_water_(parts, limbs) records in g_high the most limbs written
// into one of `parts` big integers of `limbs` limbs each laid side by side
// (the canary left above each one's top shows how far it reached). Include
// after the kernel header that defines STRTOD_SCRATCH_LIMBS.
#pragma once

#define GUARD 16
#define CANARY 0xa5c3e1f7u

static uint32_t g_scratch[GUARD + STRTOD_SCRATCH_LIMBS + GUARD];
static int g_high;    // most limbs written into one big integer so far
static int g_fence;   // a guard limb was overwritten

static uint32_t* prepare_(void) {
  for (int i = 0; i < GUARD + STRTOD_SCRATCH_LIMBS + GUARD; i++) g_scratch[i] = CANARY;
  return g_scratch + GUARD;
}

static void check_fence_(void) {
  for (int i = 0; i < GUARD; i++)
    if (g_scratch[i] != CANARY || g_scratch[GUARD + STRTOD_SCRATCH_LIMBS + i] != CANARY) g_fence = 1;
}

static void note_high_water_(int parts, int limbs) {
  for (int part = 0; part < parts; part++) {
    const uint32_t* b = g_scratch + GUARD + part * limbs;
    int top = limbs;
    while (top > 0 && b[top - 1] == CANARY) top--;
    if (top > g_high) g_high = top;
  }
}
