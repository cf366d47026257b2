/* Private: a tile map as the tiles module's files read it (tiles.c, tiles_probe.c, tiles_move.c,
   tiles_touch.c, tiles_sweep.c): the map checked once per call and what the lookups need kept in a
   tiles_ctx (eo_tiles_setup), pixels to tiles, and tiles to attrs. Every attr the module reads
   comes through lookup(), which counts and traces it. */
#ifndef EARLYOUT_SRC_TILES_MAP_H
#define EARLYOUT_SRC_TILES_MAP_H

#include "earlyout/tiles.h"
#include "hooks.h"
#include "inline.h"
#include "tiles_kinds.h"

/* What every call works with, derived once per call from the checked map. */
typedef struct tiles_ctx {
    const eo_tiles_map *map;
    eo_hooks *hooks;
    uint8_t shift;     /* log2 of the tile size */
    uint8_t size;      /* tile size, 8 .. 128 px */
    uint8_t narrow;    /* 1 if every cell index fits 16 bits: the Z80 multiplies in 16 bits */
    uint8_t row_shift; /* log2(width) when the width is a power of two (a shift, not a multiply), else TILES_NOT_POW2 */
} tiles_ctx;

#define TILES_NOT_POW2 0xFFu

/* Fills *ctx from what eo_tiles_prepare recorded, or checks the map's cheap fields first. */
eo_result eo_tiles_setup(const eo_tiles_map *map, tiles_ctx *ctx, eo_hooks *hooks);

/* floor(p / 2^shift), without shifting a negative number (implementation-defined in C): for
   negatives -1 - ((-1 - p) >> shift), where -1 - p is 0 .. EO_COORD_MAX. */
INLINE eo_coord tile_floor(eo_coord p, uint8_t shift)
{
    if (p >= 0)
        return (eo_coord)(p >> shift);
    return (eo_coord)(-1 - (eo_coord)((eo_ucoord)(-1 - p) >> shift));
}

/* The tile of pixel p. */
INLINE eo_coord tile_of(const tiles_ctx *ctx, eo_coord p)
{
    return tile_floor(p, ctx->shift);
}

/* The first pixel of tile t, t * size (t is the tile of some eo_coord pixel, so this fits): a
   shift, in eo_ucoord, where a negative t's bits shift as its product's would. */
INLINE eo_coord origin(const tiles_ctx *ctx, eo_coord t)
{
    return (eo_coord)((eo_ucoord)t << ctx->shift);
}

/* Pixel p's place inside its tile, 0 .. size - 1. */
INLINE uint8_t local(const tiles_ctx *ctx, eo_coord p)
{
    return (uint8_t)((eo_ucoord)p & (ctx->size - 1u));
}

INLINE uint8_t inside(const tiles_ctx *ctx, eo_coord col, eo_coord row)
{
    /* a negative col or row is a large unsigned number: one compare per axis */
    return (eo_ucoord)col < ctx->map->width && (eo_ucoord)row < ctx->map->height;
}

/* What a tile outside the map reads: the map's outside policy. */
INLINE uint8_t outside_attr(const tiles_ctx *ctx, eo_coord row)
{
    if (ctx->map->outside == EO_TILES_OUTSIDE_EMPTY)
        return EO_TILES_EMPTY;
    if (ctx->map->outside == EO_TILES_OUTSIDE_OPEN_TOP && row < 0)
        return EO_TILES_EMPTY;
    return EO_TILES_SOLID;
}

/* A row's first cell for power-of-two widths. A call rather than the expression inline: SDCC
   then shifts in registers (inline, in cell, it shifted through memory a bit at a time: 7% of
   a platformer step's T-states on the Z80). */
INLINE uint16_t row_first(eo_coord row, uint8_t row_shift)
{
    return (uint16_t)((uint16_t)row << row_shift);
}

/* The cell of an inside tile: the caller's row table, a shift for power-of-two widths, or the
   exact row multiply (16 bits when the map allows it). */
INLINE const uint8_t *cell(const tiles_ctx *ctx, eo_coord col, eo_coord row)
{
    const eo_tiles_map *m = ctx->map;
    if (m->row_start != NULL)
        return m->cells + (uint16_t)(m->row_start[row] + (uint16_t)col);
    if (ctx->row_shift != TILES_NOT_POW2) { /* 32 or 64 wide, as most maps are: a shift */
        if (ctx->narrow)
            return m->cells + (uint16_t)(row_first(row, ctx->row_shift) + (uint16_t)col);
        return m->cells + (((uint32_t)(uint16_t)row << ctx->row_shift) + (uint16_t)col);
    }
    if (ctx->narrow)
        return m->cells + (uint16_t)((uint16_t)row * m->width + (uint16_t)col);
    return m->cells + ((uint32_t)(uint16_t)row * m->width + (uint16_t)col);
}

/* The attr of tile (col, row): the map's, or the outside policy's (traced with 256 added). */
INLINE uint8_t lookup(const tiles_ctx *ctx, eo_coord col, eo_coord row)
{
    uint8_t attr;
    EO_COUNT(ctx->hooks, EO_COUNTER_TILES_LOOKUPS);
    if (!inside(ctx, col, row)) {
        attr = outside_attr(ctx, row);
        EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_LOOKUP, EO_PACK16(col, row), attr + 256);
        return attr;
    }
    attr = ctx->map->attrs[*cell(ctx, col, row)];
    EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_LOOKUP, EO_PACK16(col, row), attr);
    return attr;
}

#endif
