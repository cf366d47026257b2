/* Private: what the tiles module's movers share: eo_tiles_move (tiles_move.c), eo_tiles_sweep
   (tiles_sweep.c), and the sensing of the tiles a box touches at the end of both (tiles_touch.c). */
#ifndef EARLYOUT_SRC_TILES_MOVE_H
#define EARLYOUT_SRC_TILES_MOVE_H

#include "tiles_map.h"

/* The box's pixels across the axis of motion, and their tiles. */
typedef struct span {
    eo_coord q0, q1;   /* first and last pixel */
    eo_coord t0, t1;   /* their tiles */
} span;

INLINE void span_of(const tiles_ctx *ctx, eo_coord q, eo_coord size, span *s)
{
    s->q0 = q;
    s->q1 = (eo_coord)(q + (size - 1));
    s->t0 = tile_of(ctx, s->q0);
    s->t1 = tile_of(ctx, s->q1);
}

/* Moves the box by d along one axis (0 x, 1 y), one tile of the leading edge per step; returns
   the EO_HIT_ bit of the side that was stopped, or 0. */
uint8_t eo_tiles_move_axis(const tiles_ctx *ctx, eo_box *box, uint8_t axis, eo_coord d, uint8_t flags);

/* The end of every move: the box from *b, and the result (unless EO_TILES_POSITION_ONLY, what
   the box touches and stands on). */
void eo_tiles_finish_move(const tiles_ctx *ctx, eo_box *box, const eo_box *b, uint8_t hit, uint8_t flags,
                          eo_tiles_cache *cache, eo_tiles_move_result *result);

/* The EO_TILES_TOUCH_* bits of the tiles the box overlaps (*touching) and of those in the pixel
   row under it (*below), from the cache when the box's tiles are the ones it holds (tiles_touch.c). */
void eo_tiles_sense(const tiles_ctx *ctx, const eo_box *box, eo_tiles_cache *cache, uint8_t *touching,
                    uint8_t *below);

#endif
