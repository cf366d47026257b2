/* How the core asks for (or against) inlining, and for (or against) branches, where it measured
   a difference. Internal to core/src. */
#ifndef EARLYOUT_INLINE_H
#define EARLYOUT_INLINE_H

/* INLINE / OUT_OF_LINE: always_inline / noinline with gcc and clang; elsewhere (SDCC for the
   Z80) plain static functions, one copy of each to keep the ROM small. */
#if defined(__GNUC__)
#define INLINE static inline __attribute__((always_inline))
#define OUT_OF_LINE static __attribute__((noinline))
#else
#define INLINE static
#define OUT_OF_LINE static
#endif

/* BRANCH_FREE: 1 where a branch the CPU guesses wrong costs more than the few operations it would
   skip (every target with a pipeline and a branch predictor: native, wasm), 0 on the Z80, which
   has neither and pays for each operation. BOTH(a, b) of two 0-or-1 values: both computed and
   combined with & where branches are dear, && (b skipped when a is 0) on the Z80. */
#if defined(__SDCC)
#define BRANCH_FREE 0
#else
#define BRANCH_FREE 1
#endif
#define BOTH(a, b) (BRANCH_FREE ? (uint8_t)((a) & (b)) : (uint8_t)((a) && (b)))

#endif
