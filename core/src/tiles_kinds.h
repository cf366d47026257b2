/* Private: what every tile attr is (tiles.h, "Tile kinds"), in one table that the tiles module's
   moves, probes and touches, the slopes module's sensors and the raycast all read.

   A kind fills, in each pixel column i of its tile, the rows top(i) .. bottom, in one of two ways:
     solid    every filled pixel blocks, every way;
     one-way  only the top filled row (the surface) blocks, and only a box coming down onto it.
   top is row 0, row T/2 (FILL_FROM_HALF) or, for slopes, T - the column's height in the attr's
   slope shape (FILL_SHAPE; height 0 fills nothing); bottom is row T - 1, or T/2 - 1 (FILL_TO_HALF).
   A ladder fills its top row only where it is a ladder's top (FILL_LADDER: the tile above is no
   ladder). Rows count down from the tile's top; T is the tile size.

   Each kind's row (tiles_kinds.c) says how it fills, what a box on it touches, and what stops a
   ray in it:
     touch  what a box overlapping the tile's square touches (eo_tiles_kind_bit);
     ray    for the pixel-exact kinds (half tiles, slopes), the block bits with which a ray stops
            at their filled pixels; a ray stops at the square of the others when their touch bits
            are blocked (eo_raycast_tiles). */
#ifndef EARLYOUT_SRC_TILES_KINDS_H
#define EARLYOUT_SRC_TILES_KINDS_H

#include "earlyout/tiles.h"
#include "inline.h"

/* log2 of the map's tile size, which the rows above are counted in (0 means 3: 8 px tiles). A
   call rather than the expression inline: SDCC then keeps the tile size in a register in
   eo_tiles_slope_height (inline, it spills it: +286 T-states per 2 px slope walk on the Z80). */
INLINE uint8_t eo_tiles_shift_of(const eo_tiles_map *map)
{
    return map->tile_shift != 0 ? map->tile_shift : (uint8_t)EO_TILES_MIN_SHIFT;
}

/* How a kind fills each column of its tile (eo_tiles_kind.fill); 0 fills nothing. */
#define FILL_SOLID     0x01u /* rows top .. bottom, every pixel blocking every way */
#define FILL_ONE_WAY   0x02u /* rows top .. bottom, only row top blocking, a box coming down */
#define FILL_FROM_HALF 0x04u /* top is row T/2, not 0 */
#define FILL_TO_HALF   0x08u /* bottom is row T/2 - 1, not T - 1 */
#define FILL_SHAPE     0x10u /* top is row T - height of the column in the attr's slope shape */
#define FILL_LADDER    0x20u /* fills only at a ladder's top: where the tile above is no ladder */

typedef struct eo_tiles_kind {
    uint8_t fill;  /* FILL_* */
    uint8_t touch; /* EO_TILES_TOUCH_* */
    uint8_t ray;   /* pixel-exact kinds: the EO_TILES_TOUCH_* bits that stop a ray at a filled pixel */
} eo_tiles_kind;

/* Attrs 0 .. 15 have a row each; every slope attr shares the next one, every one-way slope the last. */
#define EO_TILES_KIND_SLOPE 16
#define EO_TILES_KIND_ONE_WAY_SLOPE 17
extern const eo_tiles_kind eo_tiles_kinds[EO_TILES_KIND_ONE_WAY_SLOPE + 1];

INLINE const eo_tiles_kind *eo_tiles_kind_of(uint8_t attr)
{
    return &eo_tiles_kinds[attr < EO_TILES_SLOPE ? attr
                           : attr < EO_TILES_ONE_WAY_SLOPE ? EO_TILES_KIND_SLOPE : EO_TILES_KIND_ONE_WAY_SLOPE];
}

/* The slope shape of a slope attr (16 .. 255): solid slopes 16 + s, one-way slopes 136 + s. */
INLINE uint8_t eo_tiles_shape_of(uint8_t attr)
{
    return (uint8_t)(attr - (attr >= EO_TILES_ONE_WAY_SLOPE ? EO_TILES_ONE_WAY_SLOPE : EO_TILES_SLOPE));
}

/* The first row column i of a tile of this attr (its kind's fill) fills, 0 .. size - 1; size if
   it fills none there. (A ladder's condition is the caller's: eo_tiles_ladder_top.) */
INLINE uint8_t eo_tiles_fill_top(const eo_tiles_map *map, uint8_t attr, uint8_t fill, uint8_t size, uint8_t i)
{
    if (fill & FILL_SHAPE)
        return (uint8_t)(size - eo_tiles_slope_height(map, eo_tiles_shape_of(attr), i));
    if (fill == 0)
        return size;
    return fill & FILL_FROM_HALF ? (uint8_t)(size >> 1) : 0u;
}

/* The last row every column of a filling kind fills. */
INLINE uint8_t eo_tiles_fill_bottom(uint8_t fill, uint8_t size)
{
    return (uint8_t)((fill & FILL_TO_HALF ? size >> 1 : size) - 1u);
}

/* Does a ladder tile fill its top row? Only at the top of the ladder: the tile above (attr
   `above`) is no ladder (LADDER or LADDER_TOP). */
INLINE uint8_t eo_tiles_ladder_top(uint8_t above)
{
    return (eo_tiles_kind_of(above)->touch & EO_TILES_TOUCH_LADDER) == 0;
}

#endif
