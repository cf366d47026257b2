/* Tile maps: the map, its pixels and tiles, and the lookups. See earlyout/tiles.h. Shown in
   lesson 5 with the module's other files: what a tile is (tiles_kinds.c), probes (tiles_probe.c),
   moves X then Y (tiles_move.c), what a box touches (tiles_touch.c), the swept move
   (tiles_sweep.c).

   Every call checks the map's cheap fields once (eo_tiles_setup), or reads what eo_tiles_prepare
   recorded, and keeps what the lookups need in a tiles_ctx (tiles_map.h, where pixels become
   tiles and tiles become attrs). */
#include "earlyout/tiles.h"

#include <stddef.h>

#include "tiles_map.h"

/* A map eo_tiles_prepare checked, unchanged since in what the per-call checks read. */
static uint8_t is_ready(const eo_tiles_map *map)
{
    const eo_tiles_ready *r = &map->ready;
    return r->mark == EO_TILES_READY && r->width == map->width && r->height == map->height &&
           r->tile_shift == map->tile_shift && r->outside == map->outside &&
           r->slope_count == map->slope_count && map->cells != NULL && map->attrs != NULL &&
           (map->slopes != NULL || map->slope_count == 0);
}

/* The cheap checks every call makes on a map that is not prepared. */
static eo_result check_fields(const eo_tiles_map *map)
{
    uint8_t shift;
#if EO_COORD_BITS == 16
    uint16_t most;
#else
    uint32_t most;
#endif
    if (map == NULL || map->cells == NULL || map->attrs == NULL ||
        (map->slope_count > 0 && map->slopes == NULL))
        return EO_ERR_NULL_POINTER;
    shift = eo_tiles_shift_of(map);
    if (shift < EO_TILES_MIN_SHIFT || shift > EO_TILES_MAX_SHIFT)
        return EO_ERR_BAD_ARGUMENT;
#if EO_COORD_BITS == 16
    most = (uint16_t)(32768u >> shift); /* EO_TILES_MAX_TILES in 16 bits: the Z80 shifts no 32-bit value */
#else
    most = EO_TILES_MAX_TILES(shift); /* the map must fit the world */
#endif
    if (map->width < 1 || map->height < 1 || map->width > most || map->height > most ||
        map->outside > EO_TILES_OUTSIDE_OPEN_TOP || map->slope_count > EO_TILES_SLOPE_MAX_USER)
        return EO_ERR_BAD_ARGUMENT;
    if (map->row_start != NULL && (uint32_t)map->width * map->height > 65536u)
        return EO_ERR_BAD_ARGUMENT; /* a 16-bit row table cannot address more cells */
    return EO_OK;
}

eo_result eo_tiles_tile_size(const eo_tiles_map *map, uint8_t *size)
{
    eo_result e;
    if (map != NULL && is_ready(map)) {
        if (size != NULL)
            *size = map->ready.size_px;
        return EO_OK;
    }
    e = check_fields(map);
    if (e == EO_OK && size != NULL)
        *size = (uint8_t)(1u << eo_tiles_shift_of(map));
    return e;
}

eo_result eo_tiles_setup(const eo_tiles_map *map, tiles_ctx *ctx, eo_hooks *hooks)
{
    uint16_t v, rows_left;
    uint8_t row_shift;
    eo_result e;
    ctx->map = map;
    ctx->hooks = hooks;
    if (map != NULL && is_ready(map)) {
        ctx->shift = map->ready.shift;
        ctx->size = map->ready.size_px;
        ctx->row_shift = map->ready.row_shift;
        ctx->narrow = map->ready.narrow;
        return EO_OK;
    }
    e = check_fields(map);
    if (e != EO_OK)
        return e;
    ctx->shift = eo_tiles_shift_of(map);
    ctx->size = (uint8_t)(1u << ctx->shift);
    ctx->row_shift = TILES_NOT_POW2;
    ctx->narrow = 0;
    if ((map->width & (map->width - 1u)) == 0) { /* width >= 1: exactly one bit set */
        /* log2(width), and width * height <= 65536 without a multiply: height - 1 <= 65535 >> log2(width).
           Both in locals, one bit at a time: SDCC shifts by a variable count a bit per loop,
           through memory. */
        for (row_shift = 0, v = map->width, rows_left = 0xFFFFu; v > 1u; v >>= 1, rows_left >>= 1)
            row_shift++;
        ctx->row_shift = row_shift;
        ctx->narrow = (uint16_t)(map->height - 1u) <= rows_left;
    } else if (map->row_start == NULL) {
        /* only the multiply needs it; a 32-bit product costs the Z80 thousands of T-states */
        ctx->narrow = (uint32_t)map->width * map->height <= 65536u;
    }
    return EO_OK;
}

/* Everything eo_tiles_setup leaves to eo_tiles_check: the row table, the slope heights and the
   shapes the attrs name. */
static eo_result check_tables(const eo_tiles_map *map, uint8_t size)
{
    uint32_t expect = 0;
    uint16_t r, i, n;
    if (map->row_start != NULL)
        for (r = 0; r < map->height; r++, expect += map->width)
            if (map->row_start[r] != expect)
                return EO_ERR_BAD_ARGUMENT;
    n = (uint16_t)(map->slope_count * size);
    for (i = 0; i < n; i++)
        if (map->slopes[i] > size)
            return EO_ERR_BAD_ARGUMENT;
    for (i = 0; i < 256u; i++)
        if (map->attrs[i] >= EO_TILES_SLOPE &&
            eo_tiles_shape_of(map->attrs[i]) >= EO_TILES_SLOPE_BUILTIN_COUNT + map->slope_count)
            return EO_ERR_BAD_ARGUMENT; /* names a slope shape nobody defined (solid or one-way) */
    return EO_OK;
}

eo_result eo_tiles_check(const eo_tiles_map *map)
{
    eo_result e = check_fields(map); /* all of them, prepared or not */
    if (e != EO_OK)
        return e;
    return check_tables(map, (uint8_t)(1u << eo_tiles_shift_of(map)));
}

eo_result eo_tiles_prepare(eo_tiles_map *map)
{
    tiles_ctx ctx;
    eo_result e;
    if (map == NULL)
        return EO_ERR_NULL_POINTER;
    map->ready.mark = 0; /* checked afresh, and left unprepared on an error */
    e = eo_tiles_check(map);
    if (e != EO_OK)
        return e;
    (void)eo_tiles_setup(map, &ctx, NULL);
    map->ready.width = map->width;
    map->ready.height = map->height;
    map->ready.tile_shift = map->tile_shift;
    map->ready.outside = map->outside;
    map->ready.slope_count = map->slope_count;
    map->ready.shift = ctx.shift;
    map->ready.size_px = ctx.size;
    map->ready.row_shift = ctx.row_shift;
    map->ready.narrow = ctx.narrow;
    map->ready.mark = EO_TILES_READY;
    return EO_OK;
}

eo_coord eo_tiles_tile_of(eo_coord p, uint8_t tile_shift)
{
    if (tile_shift > EO_COORD_BITS - 1)
        tile_shift = EO_COORD_BITS - 1;
    return tile_floor(p, tile_shift);
}

uint8_t eo_tiles_index(const eo_tiles_map *map, eo_coord col, eo_coord row, uint32_t *index)
{
    tiles_ctx ctx;
    if (eo_tiles_setup(map, &ctx, NULL) != EO_OK || !inside(&ctx, col, row))
        return 0;
    if (index != NULL)
        *index = (uint32_t)(cell(&ctx, col, row) - map->cells);
    return 1;
}

uint8_t eo_tiles_attr_at(const eo_tiles_map *map, eo_coord col, eo_coord row, eo_hooks *hooks)
{
    tiles_ctx ctx;
    if (eo_tiles_setup(map, &ctx, hooks) != EO_OK)
        return EO_TILES_SOLID;
    return lookup(&ctx, col, row);
}

uint8_t eo_tiles_attr_at_pixel(const eo_tiles_map *map, eo_coord x, eo_coord y, eo_hooks *hooks)
{
    tiles_ctx ctx;
    if (eo_tiles_setup(map, &ctx, hooks) != EO_OK)
        return EO_TILES_SOLID;
    return lookup(&ctx, tile_of(&ctx, x), tile_of(&ctx, y));
}

/* ---- pixels ----------------------------------------------------------------------------- */

uint8_t eo_tiles_pixel_solid(const eo_tiles_map *map, eo_coord x, eo_coord y)
{
    tiles_ctx ctx;
    uint8_t attr, fill, j;
    if (eo_tiles_setup(map, &ctx, NULL) != EO_OK)
        return 1;
    attr = lookup(&ctx, tile_of(&ctx, x), tile_of(&ctx, y));
    fill = eo_tiles_kind_of(attr)->fill;
    j = local(&ctx, y);
    /* a solid kind's filled rows of column x */
    return (fill & FILL_SOLID) && j <= eo_tiles_fill_bottom(fill, ctx.size) &&
           j >= eo_tiles_fill_top(map, attr, fill, ctx.size, local(&ctx, x));
}

uint8_t eo_tiles_pixel_one_way(const eo_tiles_map *map, eo_coord x, eo_coord y)
{
    tiles_ctx ctx;
    eo_coord col, row;
    uint8_t attr, fill;
    if (eo_tiles_setup(map, &ctx, NULL) != EO_OK)
        return 0;
    col = tile_of(&ctx, x);
    row = tile_of(&ctx, y);
    attr = lookup(&ctx, col, row);
    fill = eo_tiles_kind_of(attr)->fill;
    /* a one-way kind's top row of column x; a ladder's only at its top */
    if (!(fill & FILL_ONE_WAY) ||
        ((fill & FILL_LADDER) && !eo_tiles_ladder_top(lookup(&ctx, col, (eo_coord)(row - 1)))))
        return 0;
    return eo_tiles_fill_top(map, attr, fill, ctx.size, local(&ctx, x)) == local(&ctx, y);
}
