// port.h: the portability layer. Everything below it is written once and
// compiled twice: by NVRTC (through cupy.RawModule) for the GPU and by the
// host C++ compiler with OpenMP for the CPU. NVRTC has no standard headers,
// so the fixed-width types are defined here on the device side.
#pragma once

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define KERNEL_DEVICE 1
#if defined(__CUDACC_RTC__)  // NVRTC: no standard headers at all
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
#else  // nvcc has already included them
#include <stdint.h>
#endif
#define VM_THREADED 0  // no labels as values in NVCC or NVRTC
// DEV_INLINE: DEV's own meaning, which compile.h restores after the compiler's
// headers (NVRTC ignores #pragma push_macro, so it is restored by name).
#define DEV_INLINE __device__ inline
#define DEV DEV_INLINE
#define DEVFN __device__ __noinline__
#define DEVI __device__ __forceinline__
#define DEVM __device__
// A loop kept whole: cold code whose copies would only grow the PTX.
#define ROLLED _Pragma("unroll 1")
#define KERNEL extern "C" __global__
#define INT64_MAX_ (9223372036854775807LL)
#define INT64_MIN_ (-INT64_MAX_ - 1LL)
DEV double f_floor(double x) { return floor(x); }
DEV double f_ceil(double x) { return ceil(x); }
DEV double f_sqrt(double x) { return __dsqrt_rn(x); }
DEV double f_fma(double a, double b, double c) { return __fma_rn(a, b, c); }
DEV double f_fmod(double x, double y) { return fmod(x, y); }
DEV double f_rint(double x) { return rint(x); }
DEV double f_fabs(double x) { return fabs(x); }
DEV int f_isnan(double x) { return isnan(x); }
DEV int f_isinf(double x) { return isinf(x); }
DEV double f_copysign(double x, double y) { return copysign(x, y); }
// High 64 bits of a signed 64x64 product.
DEV int64_t mul_hi(int64_t a, int64_t b) { return __mul64hi(a, b); }
DEV double bits_to_double(int64_t w) { return __longlong_as_double(w); }
DEV int64_t double_to_bits(double d) { return __double_as_longlong(d); }
#else
#define KERNEL_DEVICE 0
#include <stdint.h>
#include <string.h>
#include <math.h>
// The VM's threaded dispatch needs labels as values (GCC and Clang).
#if defined(__GNUC__)
#define VM_THREADED 1
#else
#define VM_THREADED 0
#endif
#define DEV static inline
#define DEVFN static __attribute__((noinline))
#define DEVI static inline __attribute__((always_inline))
#define DEVM inline
#define ROLLED
#define KERNEL extern "C"
#define INT64_MAX_ INT64_MAX
#define INT64_MIN_ INT64_MIN
DEV double f_floor(double x) { return floor(x); }
DEV double f_ceil(double x) { return ceil(x); }
DEV double f_sqrt(double x) { return sqrt(x); }
DEV double f_fma(double a, double b, double c) { return fma(a, b, c); }  // correctly rounded, in software if need be
DEV double f_fmod(double x, double y) { return fmod(x, y); }
DEV double f_rint(double x) { return rint(x); }
DEV double f_fabs(double x) { return fabs(x); }
DEV int f_isnan(double x) { return isnan(x); }
DEV int f_isinf(double x) { return isinf(x); }
DEV double f_copysign(double x, double y) { return copysign(x, y); }
DEV int64_t mul_hi(int64_t a, int64_t b) {
  return (int64_t)(((__int128)a * (__int128)b) >> 64);
}
DEV double bits_to_double(int64_t w) { double d; memcpy(&d, &w, 8); return d; }
DEV int64_t double_to_bits(double d) { int64_t w; memcpy(&w, &d, 8); return w; }
#endif

// DEV: a function the compiler may inline; DEVFN: never inlined (large or
// recursive: keeps the GPU build fast and the dispatch loop's registers
// free); DEVI: always inlined (tiny and on the hot path); DEVM: a member
// function (which cannot be static).

// Checked signed 64-bit arithmetic: each returns 1 on overflow (the DSL
// raises OverflowError where CPython would grow the integer).
DEV int add_ovf(int64_t a, int64_t b, int64_t* r) {
  uint64_t s = (uint64_t)a + (uint64_t)b;
  *r = (int64_t)s;
  return ((a ^ *r) & (b ^ *r)) < 0;
}
DEV int sub_ovf(int64_t a, int64_t b, int64_t* r) {
  uint64_t s = (uint64_t)a - (uint64_t)b;
  *r = (int64_t)s;
  return ((a ^ b) & (a ^ *r)) < 0;
}
DEV int mul_ovf(int64_t a, int64_t b, int64_t* r) {
  int64_t lo = (int64_t)((uint64_t)a * (uint64_t)b);
  int64_t hi = mul_hi(a, b);
  *r = lo;
  return hi != (lo >> 63);
}
