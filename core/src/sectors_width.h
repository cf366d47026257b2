/* Private: the one place where the sector grid's 16-bit build (EO_COORD_BITS 16: the Z80's int16
   worlds, where a multiply is a library call) and its 32-bit builds differ. sectors.c and
   sectors_pairs.c are written once against what this file defines:
     sectors_divisor, divide(d, size, div)   d px / the sector size, rounded down (d < 2^EO_COORD_BITS)
     reciprocal_of(size, cells)              the divisor's precomputed part (eo_sectors.recip_w)
     set_divisors(grid)                      each axis's divisor, once its size and shift are known
     DIVISOR_W(g), DIVISOR_H(g)              an axis's divisor
     sectors_bounds, BOUNDS_OF(grid, boxes)  what the pair test reads of each object
     keep_all_bounds(grid, boxes, count)     called by build and update: each object's bounds
     keep_bounds(grid, box, i)               one object's (update_one)
     bounds_meet(a, b)                       do two non-empty objects share a pixel? (eo_aabb_overlap)
     BOUNDS_BYTES(n), place_bounds(g, p, n)  the storage of n objects' bounds, and its placing
     fits_size_t(bytes)                      does an eo_uwide count of bytes fit this target's size_t?
     cost_u32(v)                             a tune cost, saturated at UINT32_MAX */
#ifndef EARLYOUT_SRC_SECTORS_WIDTH_H
#define EARLYOUT_SRC_SECTORS_WIDTH_H

#include <stddef.h>

#include "earlyout/sectors.h"
#include "inline.h"

/* eo_sectors.shift_w/h of a sector size that is no power of two */
#define NO_SHIFT 0xFFu

/* The alignment eo_index really needs here: 4 or 2 on most targets, 1 on the Z80 (SDCC aligns nothing). */
struct eo_align_probe_index { char c; eo_index v; };
#define EO_ALIGNOF_INDEX offsetof(struct eo_align_probe_index, v)

#if EO_COORD_BITS >= 32

/* A multiply divides: (d * mul) >> EO_COORD_BITS, with mul 2^(EO_COORD_BITS - shift) for a power of
   two, else the reciprocal; 0 when it has neither (a world too wide for the reciprocal), and then
   a division. One formula for both, with a constant shift. */
typedef eo_uwide sectors_divisor;
#define divide(d, size, mul) \
    ((mul) != 0 ? (eo_ucoord)(((eo_uwide)(d) * (mul)) >> EO_COORD_BITS) : (eo_ucoord)((d) / (size)))
#define DIVISOR_W(g) ((g)->mul_w)
#define DIVISOR_H(g) ((g)->mul_h)

/* floor(2^EO_COORD_BITS / size) + 1, when multiplying by it and shifting gives d / size exactly for
   every d < cells * size (the error, d * (recip * size - 2^bits), stays below 2^bits when
   cells * size * size < 2^bits; past the grid it is never less, so clamping still finds the last
   sector); 0 when it does not, or when a shift does the job. */
INLINE eo_ucoord reciprocal_of(eo_ucoord size, uint8_t shift, eo_sectors_cell cells)
{
    if (shift == NO_SHIFT && (eo_uwide)cells * size * size < ((eo_uwide)1 << EO_COORD_BITS))
        return (eo_ucoord)((((eo_uwide)1 << EO_COORD_BITS) / size) + 1u);
    return 0;
}

INLINE eo_uwide multiplier_of(uint8_t shift, eo_ucoord recip)
{
    return shift != NO_SHIFT ? (eo_uwide)1 << (EO_COORD_BITS - shift) : recip;
}

INLINE void set_divisors(eo_sectors *g)
{
    g->mul_w = multiplier_of(g->shift_w, g->recip_w);
    g->mul_h = multiplier_of(g->shift_h, g->recip_h);
}

/* The pair test reads each object's extent, kept by build and update: its first and last pixels
   (sectors.h), so that a test is four subtractions, with no sums of the boxes' fields. */
typedef eo_sectors_extent sectors_bounds;
#define BOUNDS_OF(grid, boxes) ((const sectors_bounds *)(grid)->extents)

/* A coordinate as an extent stores it: eo_coord's order, as unsigned numbers. */
#define BIASED(v) ((uint32_t)(v) ^ 0x80000000u)

/* Object i's extent from its box (the world ends at EO_COORD_MAX). */
INLINE void keep_bounds(eo_sectors *g, const eo_box *b, eo_index i)
{
    eo_sectors_extent *e = &g->extents[i];
    eo_wide x1 = (eo_wide)b->x + b->w - 1, y1 = (eo_wide)b->y + b->h - 1;
    e->x0 = BIASED(b->x);
    e->x1 = BIASED(x1 > EO_COORD_MAX ? EO_COORD_MAX : x1);
    e->y0 = BIASED(b->y);
    e->y1 = BIASED(y1 > EO_COORD_MAX ? EO_COORD_MAX : y1);
}

/* A loop of its own: its stores could change the grid's fields for all a compiler knows, and would
   make the range scan read them again for every object. */
INLINE void keep_all_bounds(eo_sectors *g, const eo_box *boxes, eo_index count)
{
    eo_index i;
    for (i = 0; i < count; i++)
        keep_bounds(g, &boxes[i], i);
}

/* Each one's first pixel at most the other's last, on both axes: each difference is >= 0 when its
   test passes (in eo_wide, 64 bits, none wraps), so their OR is negative when any fails. */
INLINE uint8_t bounds_meet(const sectors_bounds *a, const sectors_bounds *b)
{
    eo_wide fails = ((eo_wide)a->x1 - (eo_wide)b->x0) | ((eo_wide)b->x1 - (eo_wide)a->x0) |
                    ((eo_wide)a->y1 - (eo_wide)b->y0) | ((eo_wide)b->y1 - (eo_wide)a->y0);
    return (uint8_t)((eo_uwide)~fails >> 63);
}

/* The extents start at the next boundary they need after the entries (a 16-bit eo_index may leave
   them 2 bytes short of it); the storage counts the bytes that may take. */
struct eo_align_probe_extent { char c; eo_sectors_extent v; };
#define EO_ALIGNOF_EXTENT offsetof(struct eo_align_probe_extent, v)
#define EXTENT_PADDING (EO_ALIGNOF_EXTENT > EO_ALIGNOF_INDEX ? EO_ALIGNOF_EXTENT - EO_ALIGNOF_INDEX : 0u)
#define BOUNDS_BYTES(n) ((eo_uwide)sizeof(eo_sectors_extent) * (n) + EXTENT_PADDING)

INLINE uint8_t *place_bounds(eo_sectors *g, uint8_t *p, eo_index n)
{
    p += (EO_ALIGNOF_EXTENT - (uintptr_t)p % EO_ALIGNOF_EXTENT) % EO_ALIGNOF_EXTENT; /* <= EXTENT_PADDING */
    g->extents = (eo_sectors_extent *)(void *)p;
    return p + sizeof(eo_sectors_extent) * n;
}

#if SIZE_MAX < 0xFFFFFFFFFFFFFFFFu
#define fits_size_t(bytes) ((bytes) <= SIZE_MAX)
#else
#define fits_size_t(bytes) 1
#endif

INLINE uint32_t cost_u32(eo_uwide v)
{
    return v > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)v;
}

#else /* EO_COORD_BITS 16 */

/* A shift for a power of two (cheap on a Z80, where division is not), else a division. */
typedef uint8_t sectors_divisor;
#define divide(d, size, shift) ((shift) != NO_SHIFT ? (eo_ucoord)((d) >> (shift)) : (eo_ucoord)((d) / (size)))
#define DIVISOR_W(g) ((g)->shift_w)
#define DIVISOR_H(g) ((g)->shift_h)
#define reciprocal_of(size, shift, cells) ((eo_ucoord)0) /* the small worlds shift or divide */
#define set_divisors(g) ((void)0)

/* The pair test reads the boxes themselves: keeping extents would cost every object a copy per
   frame, and eo_wide is a slow 32-bit type on the Z80, where a branch is cheap. bounds_meet is
   boxes.h's spans_meet on each axis (the files that test pairs include boxes.h). Macros: SDCC
   inlines no function, and compiles every static function of a header into each includer. */
typedef eo_box sectors_bounds;
#define BOUNDS_OF(grid, boxes) ((const sectors_bounds *)(boxes))
#define keep_all_bounds(g, boxes, count) ((void)0)
#define keep_bounds(g, box, i) ((void)0)

#define bounds_meet(a, b) BOTH(spans_meet((a)->x, (a)->w, (b)->x, (b)->w), spans_meet((a)->y, (a)->h, (b)->y, (b)->h))

#define BOUNDS_BYTES(n) ((eo_uwide)0)
#define place_bounds(g, p, n) (p)

#if SIZE_MAX < 0xFFFFFFFFu
#define fits_size_t(bytes) ((bytes) <= SIZE_MAX)
#else
#define fits_size_t(bytes) 1
#endif

/* at most 65,535 sectors and memberships, and fewer than 2^27 candidates: no sum wraps */
#define cost_u32(v) ((uint32_t)(v))

#endif

#endif
