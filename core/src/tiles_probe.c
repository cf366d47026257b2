/* Tile probes: the points of a hitbox whose tiles are read. See earlyout/tiles.h, "Probes".
   Shown in lesson 5 (the corner probe that misses a wall, and the edge probe that cannot). */
#include "earlyout/tiles.h"

#include <stddef.h>

#include "boxes.h"
#include "tiles_map.h"

/* Samples along p0 .. p1: every `step` px from p0, then p1 (corners: the two ends only). */
static eo_ucoord sample_count(eo_coord p0, eo_coord p1, uint8_t shift, uint8_t corners)
{
    eo_ucoord span_px = (eo_ucoord)(p1 - p0); /* 0 .. EO_COORD_MAX - 1 */
    if (span_px == 0)
        return 1;
    if (corners)
        return 2;
    return (eo_ucoord)(((span_px + (1u << shift) - 1u) >> shift) + 1u); /* no wrap: span_px < EO_COORD_MAX */
}

static eo_coord sample(eo_coord p0, eo_coord p1, uint8_t shift, uint16_t i, uint16_t n)
{
    return i + 1u >= n ? p1 : (eo_coord)(p0 + (eo_coord)((eo_ucoord)i << shift)); /* i << shift < p1 - p0 */
}

static uint8_t probe_point(const tiles_ctx *ctx, eo_coord x, eo_coord y, eo_tiles_probe_point *probes,
                           uint16_t capacity, uint16_t k)
{
    uint8_t attr;
    eo_coord col = tile_of(ctx, x), row = tile_of(ctx, y);
    EO_COUNT(ctx->hooks, EO_COUNTER_TILES_PROBES);
    EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_PROBE, x, y);
    attr = lookup(ctx, col, row);
    if (k < capacity) {
        probes[k].x = x;
        probes[k].y = y;
        probes[k].col = col;
        probes[k].row = row;
        probes[k].attr = attr;
        probes[k].outside = (uint8_t)!inside(ctx, col, row);
    }
    return (uint8_t)(eo_tiles_kind_of(attr)->touch | (inside(ctx, col, row) ? 0u : EO_TILES_TOUCH_OUTSIDE));
}

eo_result eo_tiles_probe(const eo_tiles_map *map, const eo_box *box, uint8_t mode,
                         eo_tiles_probe_point *probes, uint16_t capacity, uint16_t *count,
                         uint8_t *kinds, eo_hooks *hooks)
{
    tiles_ctx ctx;
    eo_coord x0, x1, y0, y1;
    eo_ucoord wide_nx, wide_ny;
    uint16_t nx, ny, i, k = 0;
    uint8_t seen = 0, corners = mode == EO_TILES_PROBE_CORNERS, s;
    eo_result e;

    if (box == NULL || count == NULL || (capacity > 0 && probes == NULL))
        return EO_ERR_NULL_POINTER;
    e = eo_tiles_setup(map, &ctx, hooks);
    if (e != EO_OK)
        return e;
    if (!box_ok(box) || mode > EO_TILES_PROBE_CORNERS)
        return EO_ERR_BAD_ARGUMENT;
    s = ctx.shift;
    x0 = box->x;
    x1 = (eo_coord)(x0 + (box->w - 1));
    y0 = box->y;
    y1 = (eo_coord)(y0 + (box->h - 1));
    wide_nx = sample_count(x0, x1, s, corners);
    wide_ny = sample_count(y0, y1, s, corners);
    if (wide_nx > EO_TILES_MAX_PROBES_PER_EDGE || wide_ny > EO_TILES_MAX_PROBES_PER_EDGE)
        return EO_ERR_BAD_ARGUMENT; /* more points than a 16-bit count holds (32-bit worlds only) */
    nx = (uint16_t)wide_nx;
    ny = (uint16_t)wide_ny;
    /* clockwise from the top-left corner: top edge, right edge, bottom edge, left edge; a box
       one pixel wide or tall has its edges once */
    for (i = 0; i < nx; i++, k++)
        seen |= probe_point(&ctx, sample(x0, x1, s, i, nx), y0, probes, capacity, k);
    for (i = 1; i + 1u < ny; i++, k++)
        seen |= probe_point(&ctx, x1, sample(y0, y1, s, i, ny), probes, capacity, k);
    if (y1 != y0)
        for (i = nx; i > 0; i--, k++)
            seen |= probe_point(&ctx, sample(x0, x1, s, (uint16_t)(i - 1u), nx), y1, probes, capacity, k);
    if (x1 != x0)
        for (i = (uint16_t)(ny - 1u); i > 1u; i--, k++)
            seen |= probe_point(&ctx, x0, sample(y0, y1, s, (uint16_t)(i - 1u), ny), probes, capacity, k);
    *count = k;
    if (kinds != NULL)
        *kinds = seen;
    return k > capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
