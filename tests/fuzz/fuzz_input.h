/* Decoding fuzzer bytes into arguments, shared by the tests/fuzz targets (test code only: no core
   function is called here, so the oracles in the targets stay independent of the core).

   The input is read a byte at a time; past its end the bytes go on from a xorshift stream seeded
   by a hash of the whole input, so a short input can still describe hundreds of objects and
   libFuzzer's mutations of any byte still change them. Coordinates are decoded over the whole
   eo_coord range whatever its width (sizeof(eo_coord)): the extremes, raw values of every bit, and
   values near a point of interest, so the targets reach EO_COORD_MIN/EO_COORD_MAX in the 16-bit
   build and in the 32-bit one alike. Oracles do their sums in int64_t. */
#ifndef EARLYOUT_FUZZ_INPUT_H
#define EARLYOUT_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "earlyout/config.h"

typedef struct fz {
    const uint8_t *d;
    size_t n, pos;
    uint32_t s;    /* the stream past the end */
    uint32_t hash; /* of the whole input */
} fz;

static inline void fz_init(fz *f, const uint8_t *d, size_t n)
{
    size_t i;
    uint32_t h = 2166136261u; /* FNV-1a */
    for (i = 0; i < n; i++)
        h = (h ^ d[i]) * 16777619u;
    f->d = d;
    f->n = n;
    f->pos = 0;
    f->s = h | 1u;
    f->hash = h;
}

static inline uint8_t fz_u8(fz *f)
{
    if (f->pos < f->n)
        return f->d[f->pos++];
    f->s ^= f->s << 13;
    f->s ^= f->s >> 17;
    f->s ^= f->s << 5;
    return (uint8_t)(f->s >> 24);
}

static inline uint16_t fz_u16(fz *f)
{
    uint16_t lo = fz_u8(f);
    return (uint16_t)(lo | (uint16_t)(fz_u8(f) << 8));
}

static inline uint32_t fz_u32(fz *f)
{
    uint32_t lo = fz_u16(f);
    return lo | ((uint32_t)fz_u16(f) << 16);
}

/* 1 in `in` inputs, chosen by the input's hash, not by a byte: a large scene (hundreds of objects,
   an n^2 oracle) costs a hundred small ones, and libFuzzer would otherwise learn the byte that asks
   for it and run little else, far below the execution rate a long campaign needs. A mutation of a
   large input is large again only by chance, so the rate stays about 1 in `in`. */
static inline int fz_rare(const fz *f, uint32_t in)
{
    return (f->hash >> 8) % in == 0;
}

/* 0 .. n - 1 (n >= 1) */
static inline uint32_t fz_below(fz *f, uint32_t n)
{
    return n <= 256u ? fz_u8(f) % n : n <= 65536u ? fz_u16(f) % n : fz_u32(f) % n;
}

/* lo .. hi, both included (hi - lo < 2^32); lo when hi < lo */
static inline int64_t fz_range(fz *f, int64_t lo, int64_t hi)
{
    uint64_t span;
    if (hi <= lo)
        return lo;
    span = (uint64_t)(hi - lo) + 1u;
    if (span > 0xFFFFFFFFu)
        return lo + (int64_t)(fz_u32(f) % span);
    return lo + (int64_t)fz_below(f, (uint32_t)span);
}

static inline eo_coord fz_clamp(int64_t v)
{
    return (eo_coord)(v < EO_COORD_MIN ? EO_COORD_MIN : v > EO_COORD_MAX ? EO_COORD_MAX : v);
}

/* Any eo_coord: the extremes and their neighbours, every bit pattern, or a small value. */
static inline eo_coord fz_coord(fz *f)
{
    static const int64_t edges[] = { EO_COORD_MIN, (int64_t)EO_COORD_MIN + 1, EO_COORD_MAX, (int64_t)EO_COORD_MAX - 1,
                                     0, -1, 1, (int64_t)EO_COORD_MAX / 2, (int64_t)EO_COORD_MIN / 2 };
    uint8_t mode = fz_u8(f);
    if (mode < 32)
        return (eo_coord)edges[mode % (sizeof edges / sizeof edges[0])];
    if (mode < 128)
        return (eo_coord)fz_range(f, EO_COORD_MIN, EO_COORD_MAX);
    return (eo_coord)(int8_t)fz_u8(f);
}

/* Near `at` (within +-spread, clamped), or anywhere one time in `anywhere_in`. */
static inline eo_coord fz_near(fz *f, int64_t at, int64_t spread, uint8_t anywhere_in)
{
    if (anywhere_in && fz_u8(f) % anywhere_in == 0)
        return fz_coord(f);
    return fz_clamp(at - spread + fz_range(f, 0, 2 * spread));
}

/* A size: mostly small and positive, sometimes empty, negative or as large as eo_coord goes. */
static inline eo_coord fz_size(fz *f, int64_t typical)
{
    uint8_t mode = fz_u8(f);
    if (mode < 16)
        return fz_coord(f);
    if (mode < 32)
        return (eo_coord)(mode < 24 ? 0 : -(int64_t)fz_below(f, 4));
    return fz_clamp(1 + fz_range(f, 0, typical - 1));
}

#endif
