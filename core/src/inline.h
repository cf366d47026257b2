/* How the core asks for (or against) inlining where it measured a difference: with gcc and clang,
   always_inline / noinline; elsewhere (SDCC for the Z80) plain static functions, one copy of each
   to keep the ROM small. Internal to core/src. */
#ifndef EARLYOUT_INLINE_H
#define EARLYOUT_INLINE_H

#if defined(__GNUC__)
#define INLINE static inline __attribute__((always_inline))
#define OUT_OF_LINE static __attribute__((noinline))
#else
#define INLINE static
#define OUT_OF_LINE static
#endif

#endif
