/* What a box touches: the kinds of the tiles it overlaps and of those just under it, and the
   coarse-fine skip that answers from a cache while the box stays on the same tiles. See
   earlyout/tiles.h, "Results" and "Coarse-fine skip". */
#include "earlyout/tiles.h"

#include <stddef.h>

#include "boxes.h"
#include "tiles_move.h"

#define NO_ROW EO_COORD_MIN /* no tile row: tile rows (pixel >> 3 at least) never reach it */

static uint8_t outside_bits(uint8_t attr)
{
    return (uint8_t)(EO_TILES_TOUCH_OUTSIDE | eo_tiles_kind_of(attr)->touch);
}

/* EO_TOUCH_* bits of tiles c0..c1 x r0..r1: each tile inside the map once, one lookup for each
   stretch outside it. */
static uint8_t kinds_in(const tiles_ctx *ctx, eo_coord c0, eo_coord c1, eo_coord r0, eo_coord r1)
{
    eo_coord w = (eo_coord)ctx->map->width, h = (eo_coord)ctx->map->height;
    eo_coord cin0 = c0 < 0 ? 0 : c0, cin1 = c1 >= w ? (eo_coord)(w - 1) : c1;
    eo_coord rin0 = r0 < 0 ? 0 : r0, rin1 = r1 >= h ? (eo_coord)(h - 1) : r1;
    eo_coord row, col;
    const uint8_t *p;
    uint8_t k = 0, attr;
    if (r0 < 0)
        k |= outside_bits(lookup(ctx, c0, r0));   /* rows above the map */
    if (r1 >= h)
        k |= outside_bits(lookup(ctx, c0, r1));   /* rows below it */
    if (rin0 > rin1)
        return k;
    if (c0 < 0)
        k |= outside_bits(lookup(ctx, c0, rin0)); /* left of it */
    if (c1 >= w)
        k |= outside_bits(lookup(ctx, c1, rin0)); /* right of it */
    if (cin0 > cin1)
        return k; /* no column of the box is inside the map */
    for (row = rin0; row <= rin1; row++) {
        /* the tiles inside the map, along one row pointer: no range check, no row arithmetic */
        for (col = cin0, p = cell(ctx, cin0, row);; col++, p++) {
            attr = ctx->map->attrs[*p];
            EO_COUNT(ctx->hooks, EO_COUNTER_TILES_LOOKUPS);
            EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_LOOKUP, EO_PACK16(col, row), attr);
            k |= eo_tiles_kind_of(attr)->touch;
            if (col == cin1)
                break;
        }
    }
    return k;
}

void eo_tiles_sense(const tiles_ctx *ctx, const eo_box *box, eo_tiles_cache *cache, uint8_t *touching,
                    uint8_t *below)
{
    eo_coord x1 = (eo_coord)(box->x + (box->w - 1)), y1 = (eo_coord)(box->y + (box->h - 1));
    eo_coord c0 = tile_of(ctx, box->x), c1 = tile_of(ctx, x1);
    eo_coord r0 = tile_of(ctx, box->y), r1 = tile_of(ctx, y1);
    eo_coord rb = y1 == EO_COORD_MAX ? (eo_coord)NO_ROW : tile_of(ctx, (eo_coord)(y1 + 1));

    if (cache != NULL && cache->valid && cache->map == ctx->map && cache->col0 == c0 &&
        cache->col1 == c1 && cache->row0 == r0 && cache->row1 == r1 && cache->row_below == rb) {
        /* coarse-fine skip: same tiles as last time, same answer */
        EO_COUNT(ctx->hooks, EO_COUNTER_TILES_SKIPS);
        EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_CACHE_SKIP, EO_PACK16(c0, r0), cache->touching | cache->below << 8);
        *touching = cache->touching;
        *below = cache->below;
        return;
    }
    *touching = kinds_in(ctx, c0, c1, r0, r1);
    /* the pixel row under the box; past the world's last row, the world edge: solid */
    *below = rb == NO_ROW ? (uint8_t)(EO_TILES_TOUCH_OUTSIDE | EO_TILES_TOUCH_SOLID) : kinds_in(ctx, c0, c1, rb, rb);
    if (cache == NULL)
        return;
    EO_STEP_BELOW(ctx->hooks, EO_EV_TILES_CACHE_FILL, EO_PACK16(c0, r0), *touching | *below << 8);
    cache->map = ctx->map;
    cache->col0 = c0;
    cache->col1 = c1;
    cache->row0 = r0;
    cache->row1 = r1;
    cache->row_below = rb;
    cache->touching = *touching;
    cache->below = *below;
    cache->valid = 1;
}

void eo_tiles_cache_reset(eo_tiles_cache *cache)
{
    if (cache != NULL) {
        cache->map = NULL;
        cache->valid = 0;
    }
}

eo_result eo_tiles_touching(const eo_tiles_map *map, const eo_box *box, eo_tiles_cache *cache,
                            uint8_t *touching, uint8_t *below, eo_hooks *hooks)
{
    tiles_ctx ctx;
    uint8_t t, b;
    eo_result e;
    if (box == NULL)
        return EO_ERR_NULL_POINTER;
    e = eo_tiles_setup(map, &ctx, hooks);
    if (e != EO_OK)
        return e;
    if (!box_ok(box))
        return EO_ERR_BAD_ARGUMENT;
    eo_tiles_sense(&ctx, box, cache, &t, &b);
    if (touching != NULL)
        *touching = t;
    if (below != NULL)
        *below = b;
    return EO_OK;
}
