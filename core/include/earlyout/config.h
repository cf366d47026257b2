/* earlyout/config.h: build-time switches of the core, with their defaults and a validator.

   EO_TRACE (0 or 1, default 0)
       1 compiles the teaching hooks in: every core function records its steps (with the C source
       line) and bumps counters in the eo_hooks the caller passes. 0 (the fast build) compiles them
       to nothing; the hooks argument is then ignored and may be NULL.

   EO_COORD_BITS (16 or 32)
       Width of eo_coord, the world coordinate type of every box, point, size and tile position:
       16 gives worlds of EO_COORD_MIN .. EO_COORD_MAX = -32768 .. 32767 px, 32 gives
       -2147483648 .. 2147483647 px on each axis. Default: 16 with SDCC (the Z80 hot paths stay
       8/16-bit), 32 everywhere else. The core orders its arithmetic so that no signed overflow
       happens anywhere in either range; the few sums that need more than eo_coord use eo_wide
       (int32_t in the 16-bit build, int64_t in the 32-bit one), never on a Z80 hot path.

   EO_PIXELMASK_WORD_BITS (8, 16, 32 or 64)
       Bits per pixel-mask word (see pixelmask.h); every width gives the same answers. Default: the
       widest word the target handles in one register: 8 on the Z80 (SDCC), 64 in wasm's fast build
       (wasm has 64-bit integers, popcount and rotate) and 32 in its traced build (the lesson shows
       whole words as 32-bit trace values), 64 on other 64-bit hosts, else 32.

   EO_POPCOUNT_BUILTIN (0 or 1)
       1 counts the set bits of a word (pixelmask's overlap area) with the compiler's
       __builtin_popcount / __builtin_popcountll, 0 with portable C (SWAR: a handful of shifts,
       masks and adds, no table). Default: 1 where the builtin is one instruction: wasm
       (i32/i64.popcnt), x86 compiled for a CPU with POPCNT (-mpopcnt, -march=native, x86-64-v2
       and up), AArch64; else 0 (generic x86-64, where the builtin is a library call; the Z80).

   EO_Z80_ASM (0 or 1, default 0)
       1 is the MSX build's (mk/msx.mk): there a file of core/src/z80/ stands in for the core/src
       file of the same name (Z80 assembly for the loops a Z80 frame cannot afford in SDCC's C:
       today the per-frame loops of the workspace sweep, the pair loop of
       eo_gridmask_find_candidates for 8- and 16-bit layouts, and the pair loop of
       eo_sectors_find_pairs). Same data, same answers: `make test-msx` runs both builds on sz80
       against each other (tests/msx/<module>_asm.c) and the shared vectors through the assembly
       one. 0, the default for every compiler, SDCC included, is the portable C alone. 1 needs
       SDCC's z80 port, its default calling convention (sdcccall 1) and the fast build. */
#ifndef EARLYOUT_CONFIG_H
#define EARLYOUT_CONFIG_H

#include <stdint.h>

#ifndef EO_TRACE
#define EO_TRACE 0
#endif

#if EO_TRACE != 0 && EO_TRACE != 1
#error "EO_TRACE must be 0 (fast build) or 1 (teaching hooks compiled in)"
#endif

#ifndef EO_COORD_BITS
#if defined(__SDCC)
#define EO_COORD_BITS 16
#else
#define EO_COORD_BITS 32
#endif
#endif

/* The world coordinate type (see the comment at the top); eo_ucoord holds the distance between
   any two eo_coord values (b - a for a <= b, computed in unsigned arithmetic); eo_wide holds any
   sum or difference of a few eo_coord values, eo_uwide the product of two eo_ucoord values. */
#if EO_COORD_BITS == 16
typedef int16_t eo_coord;
typedef uint16_t eo_ucoord;
typedef int32_t eo_wide;
typedef uint32_t eo_uwide;
#define EO_COORD_MIN INT16_MIN
#define EO_COORD_MAX INT16_MAX
#define EO_UCOORD_MAX UINT16_MAX
#elif EO_COORD_BITS == 32
typedef int32_t eo_coord;
typedef uint32_t eo_ucoord;
typedef int64_t eo_wide;
typedef uint64_t eo_uwide;
#define EO_COORD_MIN INT32_MIN
#define EO_COORD_MAX INT32_MAX
#define EO_UCOORD_MAX UINT32_MAX
#else
#error "EO_COORD_BITS must be 16 (int16_t worlds, the Z80's) or 32 (int32_t worlds)"
#endif

/* Object indices, and counts of objects and memberships, where they can pass 65,535 (the sectors
   grid, its queries and every eo_pair): eo_index, 16 bits on the Z80 (its RAM holds a few hundred
   objects), 32 elsewhere (grids of 100,000 objects and more). */
#ifndef EO_INDEX_BITS
#if defined(__SDCC)
#define EO_INDEX_BITS 16
#else
#define EO_INDEX_BITS 32
#endif
#endif
#if EO_INDEX_BITS == 16
typedef uint16_t eo_index;
#define EO_INDEX_MAX UINT16_MAX
#elif EO_INDEX_BITS == 32
typedef uint32_t eo_index;
#define EO_INDEX_MAX UINT32_MAX
#else
#error "EO_INDEX_BITS must be 16 or 32"
#endif

#ifndef EO_PIXELMASK_WORD_BITS
#if defined(__SDCC)
#define EO_PIXELMASK_WORD_BITS 8
#elif (defined(__EMSCRIPTEN__) || defined(__wasm__)) && EO_TRACE
#define EO_PIXELMASK_WORD_BITS 32
#elif defined(__EMSCRIPTEN__) || defined(__wasm__)
#define EO_PIXELMASK_WORD_BITS 64
#elif defined(__LP64__) || defined(_WIN64)
#define EO_PIXELMASK_WORD_BITS 64
#else
#define EO_PIXELMASK_WORD_BITS 32
#endif
#endif

#if EO_PIXELMASK_WORD_BITS != 8 && EO_PIXELMASK_WORD_BITS != 16 && EO_PIXELMASK_WORD_BITS != 32 && \
    EO_PIXELMASK_WORD_BITS != 64
#error "EO_PIXELMASK_WORD_BITS must be 8, 16, 32 or 64"
#endif

#ifndef EO_POPCOUNT_BUILTIN
#if defined(__GNUC__) && (defined(__wasm__) || defined(__POPCNT__) || defined(__aarch64__))
#define EO_POPCOUNT_BUILTIN 1
#else
#define EO_POPCOUNT_BUILTIN 0
#endif
#endif

#if EO_POPCOUNT_BUILTIN != 0 && (EO_POPCOUNT_BUILTIN != 1 || !defined(__GNUC__))
#error "EO_POPCOUNT_BUILTIN must be 0, or 1 with a compiler that has __builtin_popcount (gcc, clang)"
#endif

#ifndef EO_Z80_ASM
#define EO_Z80_ASM 0
#endif

#if EO_Z80_ASM != 0 && (EO_Z80_ASM != 1 || !defined(__SDCC_z80) || !defined(__SDCCCALL) || __SDCCCALL != 1 || EO_TRACE != 0)
#error "EO_Z80_ASM must be 0, or 1 with SDCC's z80 port, its default calling convention (--sdcccall 1) and EO_TRACE 0"
#endif

#endif
