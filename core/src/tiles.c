/* Tile maps: lookups, probes, and movement that never tunnels. See earlyout/tiles.h.
   Shown line by line in lesson 5: keep it readable.

   Every call checks the map's cheap fields once (setup) and keeps what the lookups need in a
   tiles_ctx. Movement is one function for both axes (move_axis): "along" is the axis of motion,
   "across" the other one; a step enters pixels a .. b of one tile along the axis, and every tile
   the box spans across the axis is read (line_blocks), one lookup standing for a whole stretch
   outside the map (where every tile reads the same). */
#include "earlyout/tiles.h"

#include <stddef.h>

#include "hooks.h"

#define NO_ROW EO_COORD_MIN /* no tile row: tile rows (pixel >> 3 at least) never reach it */

/* What every call works with, derived once per call from the checked map. */
typedef struct tiles_ctx {
    const eo_tiles_map *map;
    eo_hooks *hooks;
    uint8_t shift;    /* log2 of the tile size */
    uint8_t size;     /* tile size, 8 .. 128 px */
    uint8_t narrow;   /* 1 if every cell index fits 16 bits: the Z80 multiplies in 16 bits */
    uint8_t row_shift; /* log2(width) when the width is a power of two (a shift, not a multiply), else NOT_POW2 */
} tiles_ctx;

#define NOT_POW2 0xFFu

/* The box's pixels across the axis of motion, and their tiles. */
typedef struct span {
    eo_coord q0, q1;   /* first and last pixel */
    eo_coord t0, t1;   /* their tiles */
} span;

eo_result eo_tiles_tile_size(const eo_tiles_map *map, uint8_t *size)
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
    shift = map->tile_shift != 0 ? map->tile_shift : (uint8_t)EO_TILES_MIN_SHIFT;
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
    if (size != NULL)
        *size = (uint8_t)(1u << shift);
    return EO_OK;
}

static eo_result setup(const eo_tiles_map *map, tiles_ctx *ctx, eo_hooks *hooks)
{
    uint16_t v, rows_left;
    uint8_t row_shift;
    eo_result e = eo_tiles_tile_size(map, &ctx->size);
    if (e != EO_OK)
        return e;
    ctx->map = map;
    ctx->hooks = hooks;
    ctx->shift = map->tile_shift != 0 ? map->tile_shift : (uint8_t)EO_TILES_MIN_SHIFT;
    ctx->row_shift = NOT_POW2;
    ctx->narrow = 0;
    if ((map->width & (map->width - 1u)) == 0) { /* width >= 1: exactly one bit set */
        /* log2(width), and width * height <= 65536 without a multiply: height - 1 <= 65535 >> log2(width).
           Both in locals, one bit at a time: every call sets up, and SDCC shifts by a variable
           count a bit per loop, through memory (4% of a slope walk's T-states on the Z80). */
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

/* The slope shape of a slope attr (16 .. 255): solid slopes 16 + s, one-way slopes 136 + s. */
static uint8_t shape_of(uint8_t attr)
{
    return (uint8_t)(attr - (attr >= EO_TILES_ONE_WAY_SLOPE ? EO_TILES_ONE_WAY_SLOPE : EO_TILES_SLOPE));
}

eo_result eo_tiles_check(const eo_tiles_map *map)
{
    tiles_ctx ctx;
    uint32_t expect = 0;
    uint16_t r, i, n;
    eo_result e = setup(map, &ctx, NULL);
    if (e != EO_OK)
        return e;
    if (map->row_start != NULL)
        for (r = 0; r < map->height; r++, expect += map->width)
            if (map->row_start[r] != expect)
                return EO_ERR_BAD_ARGUMENT;
    n = (uint16_t)(map->slope_count * ctx.size);
    for (i = 0; i < n; i++)
        if (map->slopes[i] > ctx.size)
            return EO_ERR_BAD_ARGUMENT;
    for (i = 0; i < 256u; i++)
        if (map->attrs[i] >= EO_TILES_SLOPE &&
            shape_of(map->attrs[i]) >= EO_TILES_SLOPE_BUILTIN_COUNT + map->slope_count)
            return EO_ERR_BAD_ARGUMENT; /* names a slope shape nobody defined (solid or one-way) */
    return EO_OK;
}

/* ---- slope shapes ----------------------------------------------------------------------- */

/* The map's own shapes. Heights are computed, not stored, so the built-in shapes exist at every
   tile size; user shapes read the map's table. The slopes module builds sensors and walking on
   these (and on the moves below); nothing here calls it. */

/* A call rather than the expression inline: SDCC then keeps the tile size in a register in
   eo_tiles_slope_height (inline, it spills it: +286 T-states per 2 px slope walk on the Z80). */
static uint8_t shift_of(const eo_tiles_map *map)
{
    return map->tile_shift != 0 ? map->tile_shift : (uint8_t)EO_TILES_MIN_SHIFT;
}

uint8_t eo_tiles_slope_height(const eo_tiles_map *map, uint8_t shape, uint8_t column)
{
    uint8_t shift, size, half, i, h;
    uint16_t k;
    /* called for every slope column a move scans: only the checks the arithmetic needs */
    if (map == NULL)
        return 0;
    shift = shift_of(map);
    if (shift < EO_TILES_MIN_SHIFT || shift > EO_TILES_MAX_SHIFT)
        return 0;
    size = (uint8_t)(1u << shift);
    half = (uint8_t)(size >> 1);
    i = (uint8_t)(column & (size - 1u));
    switch (shape) {
    case EO_TILES_SLOPE_45_UP:        return (uint8_t)(i + 1u);
    case EO_TILES_SLOPE_45_DOWN:      return (uint8_t)(size - i);
    case EO_TILES_SLOPE_22_UP_LOW:    return (uint8_t)(i / 2u + 1u);
    case EO_TILES_SLOPE_22_UP_HIGH:   return (uint8_t)(half + i / 2u + 1u);
    case EO_TILES_SLOPE_22_DOWN_HIGH: return (uint8_t)(size - i / 2u);
    case EO_TILES_SLOPE_22_DOWN_LOW:  return (uint8_t)(half - i / 2u);
    default:
        k = (uint16_t)(shape - EO_TILES_SLOPE_USER);
        if (shape < EO_TILES_SLOPE_USER || k >= map->slope_count || map->slopes == NULL)
            return size; /* an unknown shape is solid: nothing falls through it */
        h = map->slopes[k * size + i];
        return h > size ? size : h;
    }
}

eo_result eo_tiles_slope_heights(const eo_tiles_map *map, uint8_t shape, uint8_t *out, uint16_t capacity)
{
    uint8_t size, i;
    eo_result e;
    if (out == NULL)
        return EO_ERR_NULL_POINTER;
    e = eo_tiles_tile_size(map, &size);
    if (e != EO_OK)
        return e;
    if (capacity < size)
        return EO_ERR_BUFFER_TOO_SMALL;
    for (i = 0; i < size; i++)
        out[i] = eo_tiles_slope_height(map, shape, i);
    return EO_OK;
}

/* ---- pixels and tiles ------------------------------------------------------------------- */

eo_coord eo_tiles_tile_of(eo_coord p, uint8_t tile_shift)
{
    if (tile_shift > EO_COORD_BITS - 1)
        tile_shift = EO_COORD_BITS - 1;
    if (p >= 0)
        return (eo_coord)(p >> tile_shift);
    /* floor for negatives, without shifting a negative number (implementation-defined in C):
       -1 - ((-1 - p) >> shift), where -1 - p is 0 .. EO_COORD_MAX */
    return (eo_coord)(-1 - (eo_coord)((eo_ucoord)(-1 - p) >> tile_shift));
}

static eo_coord tile_of(const tiles_ctx *ctx, eo_coord p)
{
    return eo_tiles_tile_of(p, ctx->shift);
}

/* The first pixel of tile t (t is the tile of some eo_coord pixel, so this fits). */
static eo_coord origin(const tiles_ctx *ctx, eo_coord t)
{
    return (eo_coord)(t * (eo_coord)ctx->size);
}

/* Pixel p's place inside its tile, 0 .. size - 1. */
static uint8_t local(const tiles_ctx *ctx, eo_coord p)
{
    return (uint8_t)((eo_ucoord)p & (ctx->size - 1u));
}

static uint8_t inside(const tiles_ctx *ctx, eo_coord col, eo_coord row)
{
    /* a negative col or row is a large unsigned number: one compare per axis */
    return (eo_ucoord)col < ctx->map->width && (eo_ucoord)row < ctx->map->height;
}

static uint8_t outside_attr(const tiles_ctx *ctx, eo_coord row)
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
static uint16_t row_first(eo_coord row, uint8_t row_shift)
{
    return (uint16_t)((uint16_t)row << row_shift);
}

/* The cell of an inside tile: the caller's row table, a shift for power-of-two widths, or the
   exact row multiply (16 bits when the map allows it). */
static const uint8_t *cell(const tiles_ctx *ctx, eo_coord col, eo_coord row)
{
    const eo_tiles_map *m = ctx->map;
    if (m->row_start != NULL)
        return m->cells + (uint16_t)(m->row_start[row] + (uint16_t)col);
    if (ctx->row_shift != NOT_POW2) { /* 32 or 64 wide, as most maps are: a shift */
        if (ctx->narrow)
            return m->cells + (uint16_t)(row_first(row, ctx->row_shift) + (uint16_t)col);
        return m->cells + (((uint32_t)(uint16_t)row << ctx->row_shift) + (uint16_t)col);
    }
    if (ctx->narrow)
        return m->cells + (uint16_t)((uint16_t)row * m->width + (uint16_t)col);
    return m->cells + ((uint32_t)(uint16_t)row * m->width + (uint16_t)col);
}

#if EO_TRACE
/* A tile in one trace value: col * 65536 + (row & 0xFFFF) (the low 16 bits of each, common.h). */
static int32_t pack_tile(eo_coord col, eo_coord row)
{
    return (int32_t)EO_PACK16(col, row);
}
#endif

/* Every tile attr the module reads comes through here: counted and traced. */
static uint8_t lookup(const tiles_ctx *ctx, eo_coord col, eo_coord row)
{
    uint8_t attr;
    EO_COUNT(ctx->hooks, EO_COUNTER_TILES_LOOKUPS);
    if (!inside(ctx, col, row)) {
        attr = outside_attr(ctx, row);
        EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_LOOKUP, pack_tile(col, row), attr + 256);
        return attr;
    }
    attr = ctx->map->attrs[*cell(ctx, col, row)];
    EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_LOOKUP, pack_tile(col, row), attr);
    return attr;
}

static uint8_t slope_height(const tiles_ctx *ctx, uint8_t attr, uint8_t column)
{
    return eo_tiles_slope_height(ctx->map, shape_of(attr), column);
}

/* Is a ladder tile at (col, row) a ladder top? Only if the tile above is no ladder. */
static uint8_t ladder_top(const tiles_ctx *ctx, eo_coord col, eo_coord row)
{
    uint8_t above = lookup(ctx, col, (eo_coord)(row - 1));
    return above != EO_TILES_LADDER && above != EO_TILES_LADDER_TOP;
}

/* The surface row (0 .. size - 1) of a one-way kind's column i, or size if the column has none
   (not a one-way kind, an empty one-way slope column, or a ladder that is no top). */
static uint8_t one_way_row(const tiles_ctx *ctx, uint8_t attr, eo_coord col, eo_coord row, uint8_t i)
{
    uint8_t h;
    if (attr == EO_TILES_ONE_WAY || attr == EO_TILES_LADDER_TOP ||
        (attr == EO_TILES_LADDER && ladder_top(ctx, col, row)))
        return 0;
    if (attr == EO_TILES_ONE_WAY_HALF)
        return (uint8_t)(ctx->size >> 1);
    if (attr >= EO_TILES_ONE_WAY_SLOPE && (h = slope_height(ctx, attr, i)) > 0)
        return (uint8_t)(ctx->size - h);
    return ctx->size;
}

uint8_t eo_tiles_index(const eo_tiles_map *map, eo_coord col, eo_coord row, uint32_t *index)
{
    tiles_ctx ctx;
    if (setup(map, &ctx, NULL) != EO_OK || !inside(&ctx, col, row))
        return 0;
    if (index != NULL)
        *index = (uint32_t)(cell(&ctx, col, row) - map->cells);
    return 1;
}

uint8_t eo_tiles_attr_at(const eo_tiles_map *map, eo_coord col, eo_coord row, eo_hooks *hooks)
{
    tiles_ctx ctx;
    if (setup(map, &ctx, hooks) != EO_OK)
        return EO_TILES_SOLID;
    return lookup(&ctx, col, row);
}

uint8_t eo_tiles_attr_at_pixel(const eo_tiles_map *map, eo_coord x, eo_coord y, eo_hooks *hooks)
{
    tiles_ctx ctx;
    if (setup(map, &ctx, hooks) != EO_OK)
        return EO_TILES_SOLID;
    return lookup(&ctx, tile_of(&ctx, x), tile_of(&ctx, y));
}

/* The touch bits of attrs 0 .. 15: a table is one read where the kinds' tests would be a chain. */
static const uint8_t kind_bits[16] = {
    0, EO_TILES_TOUCH_SOLID, EO_TILES_TOUCH_ONE_WAY, EO_TILES_TOUCH_LADDER, EO_TILES_TOUCH_HAZARD,
    EO_TILES_TOUCH_WATER, EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_HAZARD,
    EO_TILES_TOUCH_ONE_WAY | EO_TILES_TOUCH_LADDER, EO_TILES_TOUCH_HALF, EO_TILES_TOUCH_HALF,
    EO_TILES_TOUCH_ONE_WAY, 0, 0, 0, 0, 0
};

uint8_t eo_tiles_kind_bit(uint8_t attr)
{
    if (attr < EO_TILES_SLOPE)
        return kind_bits[attr];
    if (attr >= EO_TILES_ONE_WAY_SLOPE)
        return EO_TILES_TOUCH_SLOPE | EO_TILES_TOUCH_ONE_WAY;
    return EO_TILES_TOUCH_SLOPE;
}

uint8_t eo_tiles_pixel_solid(const eo_tiles_map *map, eo_coord x, eo_coord y)
{
    tiles_ctx ctx;
    uint8_t attr, j;
    if (setup(map, &ctx, NULL) != EO_OK)
        return 1;
    attr = lookup(&ctx, tile_of(&ctx, x), tile_of(&ctx, y));
    if (attr == EO_TILES_SOLID || attr == EO_TILES_SOLID_HAZARD)
        return 1;
    j = local(&ctx, y);
    if (attr == EO_TILES_HALF_TOP)
        return j < ctx.size >> 1;
    if (attr == EO_TILES_HALF_BOTTOM)
        return j >= ctx.size >> 1;
    /* a slope column is ground from row size - height of the tile down; one-way slopes never */
    return attr >= EO_TILES_SLOPE && attr < EO_TILES_ONE_WAY_SLOPE &&
           slope_height(&ctx, attr, local(&ctx, x)) > ctx.size - 1u - j;
}

uint8_t eo_tiles_pixel_one_way(const eo_tiles_map *map, eo_coord x, eo_coord y)
{
    tiles_ctx ctx;
    eo_coord col, row;
    if (setup(map, &ctx, NULL) != EO_OK)
        return 0;
    col = tile_of(&ctx, x);
    row = tile_of(&ctx, y);
    return one_way_row(&ctx, lookup(&ctx, col, row), col, row, local(&ctx, x)) == local(&ctx, y);
}

/* w, h >= 1 and the last pixel on each axis within the world: x + w - 1 <= EO_COORD_MAX,
   without the sum. */
static uint8_t box_ok(const eo_box *b)
{
    return b->w > 0 && b->h > 0 &&
           (eo_ucoord)(b->w - 1) <= (eo_ucoord)((eo_ucoord)EO_COORD_MAX - (eo_ucoord)b->x) &&
           (eo_ucoord)(b->h - 1) <= (eo_ucoord)((eo_ucoord)EO_COORD_MAX - (eo_ucoord)b->y);
}

/* ---- probes ----------------------------------------------------------------------------- */

/* Samples along p0 .. p1: every `step` px from p0, then p1 (step 0: the two ends only). */
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
    eo_coord col = tile_of(ctx, x), row = tile_of(ctx, y);
    uint8_t attr;
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
    return (uint8_t)(eo_tiles_kind_bit(attr) | (inside(ctx, col, row) ? 0u : EO_TILES_TOUCH_OUTSIDE));
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
    e = setup(map, &ctx, hooks);
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

/* ---- what blocks ------------------------------------------------------------------------ */

/* A one-way surface at pixel row y stops a falling box, unless it drops through. */
static uint8_t one_way_stop(const tiles_ctx *ctx, eo_coord col, eo_coord row, uint8_t attr, eo_coord y,
                            uint8_t flags, eo_coord *at)
{
    if (!(flags & EO_TILES_DROP)) {
        *at = y;
        return 1;
    }
    EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_PASS, pack_tile(col, row), attr);
#if !EO_TRACE
    (void)ctx;
    (void)col;
    (void)row;
    (void)attr;
#endif
    return 0;
}

/* Does tile (col, row) stop a box whose leading edge enters pixels a .. b of it (a first) along
   `axis` (0 x, 1 y) in direction dir? The box spans s across the axis. On a block, *at gets
   the first blocking pixel and the answer is 1. */
static uint8_t tile_blocks(const tiles_ctx *ctx, uint8_t axis, eo_coord col, eo_coord row, eo_coord a,
                           eo_coord b, int8_t dir, const span *s, uint8_t flags, eo_coord *at)
{
    uint8_t attr = lookup(ctx, col, row), last = (uint8_t)(ctx->size - 1u), half = (uint8_t)(ctx->size >> 1);
    uint8_t i, imax, h, lo, hi;
    eo_coord o;
    if (attr == EO_TILES_SOLID) {
        *at = a;
        return 1;
    }
    if (attr < EO_TILES_SOLID_HAZARD) {
        /* the first kinds, most tiles of a map: only one-way platforms and ladder tops block, a
           box falling onto their top pixel row */
        if (axis == 1 && dir > 0 && a == origin(ctx, row) &&
            (attr == EO_TILES_ONE_WAY || (attr == EO_TILES_LADDER && ladder_top(ctx, col, row))))
            return one_way_stop(ctx, col, row, attr, a, flags, at);
        return 0;
    }
    if (attr >= EO_TILES_SLOPE) {
        /* the box's columns in this tile, i .. imax */
        i = s->t0 == col ? local(ctx, s->q0) : 0;
        imax = s->t1 == col ? local(ctx, s->q1) : last;
        if (attr >= EO_TILES_ONE_WAY_SLOPE) {
            /* one-way slopes stop only a fall: the highest surface pixel of the box's columns
               within a .. b (the surface a column's bottom enters first) */
            if (axis == 0 || dir < 0)
                return 0;
            lo = local(ctx, a);
            hi = local(ctx, b);
            o = -1;
            for (;; i++) {
                h = (uint8_t)(ctx->size - slope_height(ctx, attr, i)); /* the surface row; size: none */
                if (h >= lo && h <= hi) {
                    hi = h; /* nearer ones only from now on */
                    o = h;
                }
                if (i == imax)
                    break;
            }
            return o >= 0 && one_way_stop(ctx, col, row, attr, (eo_coord)(origin(ctx, row) + o), flags, at);
        }
        if (axis == 0) {
            /* moving sideways: the box covers this tile's rows down to jmax; a column whose
               ground reaches up to jmax blocks */
            uint8_t jmax = s->t1 == row ? local(ctx, s->q1) : last;
            eo_coord x;
            for (x = a;; x = (eo_coord)(x + dir)) {
                if (slope_height(ctx, attr, local(ctx, x)) > last - jmax) {
                    *at = x;
                    return 1;
                }
                if (x == b)
                    return 0;
            }
        }
        /* moving up or down: the highest ground under the box's columns in this tile */
        lo = 0;
        for (;; i++) {
            h = slope_height(ctx, attr, i);
            if (h > lo)
                lo = h;
            if (i == imax)
                break;
        }
        if (lo == 0)
            return 0;
        o = (eo_coord)(origin(ctx, row) + (ctx->size - lo)); /* the top ground pixel row */
        if (dir > 0 && o <= b) {
            *at = a > o ? a : o;
            return 1;
        }
        if (dir < 0 && a >= o) {
            *at = a;
            return 1;
        }
        return 0;
    }
    if (attr == EO_TILES_SOLID_HAZARD) {
        *at = a;
        return 1;
    }
    if (attr == EO_TILES_HALF_TOP || attr == EO_TILES_HALF_BOTTOM) {
        /* solid rows lo .. hi of every column */
        lo = attr == EO_TILES_HALF_TOP ? 0 : half;
        hi = attr == EO_TILES_HALF_TOP ? (uint8_t)(half - 1u) : last;
        if (axis == 0) {
            /* sideways: blocks at once if the box's rows in this tile meet the solid ones */
            if ((s->t0 == row ? local(ctx, s->q0) : 0) > hi || (s->t1 == row ? local(ctx, s->q1) : last) < lo)
                return 0;
            *at = a;
            return 1;
        }
        /* a .. b (either way round) meets rows o + lo .. o + hi: the first of them entered */
        o = origin(ctx, row);
        if (dir > 0 ? a > o + hi || b < o + lo : a < o + lo || b > o + hi)
            return 0;
        *at = dir > 0 ? (a > o + lo ? a : (eo_coord)(o + lo)) : (a < o + hi ? a : (eo_coord)(o + hi));
        return 1;
    }
    if (axis == 0 || dir < 0)
        return 0;
    if (attr == EO_TILES_LADDER_TOP && a == origin(ctx, row))
        return one_way_stop(ctx, col, row, attr, a, flags, at);
    o = (eo_coord)(origin(ctx, row) + half);
    if (attr == EO_TILES_ONE_WAY_HALF && a <= o && b >= o)
        return one_way_stop(ctx, col, row, attr, o, flags, at);
    return 0;
}

/* Does anything stop the leading edge entering pixels a .. b of tile t along the axis? Reads
   every tile the box spans across the axis (EO_TILES_CORNERS: only its two end tiles), one
   lookup standing for each stretch outside the map. *at gets the nearest blocking pixel. */
static uint8_t line_blocks(const tiles_ctx *ctx, uint8_t axis, eo_coord t, eo_coord a, eo_coord b,
                           int8_t dir, const span *s, uint8_t flags, eo_coord *at)
{
    eo_coord n_along = (eo_coord)(axis ? ctx->map->height : ctx->map->width);
    eo_coord n_across = (eo_coord)(axis ? ctx->map->width : ctx->map->height);
    eo_coord u, last, hit, best = a;
    uint8_t found = 0, k, n;
    eo_coord pick[2];

    if (t < 0 || t >= n_along) {
        /* outside the map along the axis: all of this line reads the outside policy; the
           farthest tile across (the lowest row for X, any column for Y) is solid if any is */
        u = axis ? s->t0 : s->t1;
        if (lookup(ctx, axis ? u : t, axis ? t : u) != EO_TILES_SOLID)
            return 0;
        *at = a;
        return 1;
    }
    if (flags & EO_TILES_CORNERS) {
        pick[0] = s->t0;
        pick[1] = s->t1;
        n = s->t0 == s->t1 ? 1u : 2u;
        for (k = 0; k < n; k++)
            if (tile_blocks(ctx, axis, axis ? pick[k] : t, axis ? t : pick[k], a, b, dir, s, flags, &hit) &&
                (!found || (dir > 0 ? hit < best : hit > best))) {
                best = hit;
                found = 1;
            }
        *at = best;
        return found;
    }
    /* the stretches before and after the map: outside tiles block at once (at a) or never */
    u = s->t0;
    if ((u < 0 && tile_blocks(ctx, axis, axis ? u : t, axis ? t : u, a, b, dir, s, flags, &hit)) ||
        (s->t1 >= n_across && tile_blocks(ctx, axis, axis ? s->t1 : t, axis ? t : s->t1, a, b, dir, s, flags, &hit))) {
        *at = a;
        return 1;
    }
    /* the tiles inside it */
    if (u < 0)
        u = 0;
    last = s->t1 < n_across ? s->t1 : (eo_coord)(n_across - 1);
    for (; u <= last; u++) {
        if (tile_blocks(ctx, axis, axis ? u : t, axis ? t : u, a, b, dir, s, flags, &hit) &&
            (!found || (dir > 0 ? hit < best : hit > best))) {
            best = hit;
            found = 1;
            if (best == a)
                break; /* nothing can block nearer */
        }
    }
    *at = best;
    return found;
}

/* ---- movement --------------------------------------------------------------------------- */

static void span_of(const tiles_ctx *ctx, eo_coord q, eo_coord size, span *s)
{
    s->q0 = q;
    s->q1 = (eo_coord)(q + (size - 1));
    s->t0 = tile_of(ctx, s->q0);
    s->t1 = tile_of(ctx, s->q1);
}

/* Moves the box by d along one axis, one tile of the leading edge per step; returns the EO_HIT_
   bit of the side that was stopped, or 0. */
static uint8_t move_axis(const tiles_ctx *ctx, eo_box *box, uint8_t axis, eo_coord d, uint8_t flags)
{
    eo_coord *pos = axis ? &box->y : &box->x;
    eo_coord size = axis ? box->h : box->w;
    eo_coord n_along = (eo_coord)(axis ? ctx->map->height : ctx->map->width);
    eo_coord lead, target, a, b, t, first, at;
    eo_wide goal;
    int8_t dir = d > 0 ? 1 : -1;
    uint8_t side = (uint8_t)(axis ? (dir > 0 ? EO_HIT_BOTTOM : EO_HIT_TOP) : (dir > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT));
    uint8_t edge = 0;
    span s;

    if (d == 0)
        return 0;
    if (axis)
        span_of(ctx, box->x, box->w, &s);
    else
        span_of(ctx, box->y, box->h, &s);
    /* the leading edge's pixel, and where it should end: once, in eo_wide, clamped to the world */
    lead = dir > 0 ? (eo_coord)(*pos + (size - 1)) : *pos;
    goal = (eo_wide)lead + d;
    if (goal > EO_COORD_MAX || goal < EO_COORD_MIN) {
        goal = goal > EO_COORD_MAX ? EO_COORD_MAX : EO_COORD_MIN;
        edge = 1;
    }
    target = (eo_coord)goal;

    while (lead != target) {
        a = (eo_coord)(lead + dir);            /* the first pixel this step enters */
        t = tile_of(ctx, a);
        first = origin(ctx, t);
        b = dir > 0 ? (eo_coord)(first + (ctx->size - 1)) : first; /* ... the last: this tile's end */
        if (dir > 0 ? b > target : b < target)
            b = target;
        EO_COUNT(ctx->hooks, EO_COUNTER_TILES_STEPS);
        EO_STEP_ABOVE(ctx->hooks, axis ? EO_EV_TILES_STEP_Y : EO_EV_TILES_STEP_X, a, b);
        if (line_blocks(ctx, axis, t, a, b, dir, &s, flags, &at)) {
            /* snap: the leading edge stops one pixel before the block */
            EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_BLOCKED, axis, at);
            EO_COUNT(ctx->hooks, EO_COUNTER_TILES_SNAPS);
            lead = (eo_coord)(at - dir);
            *pos = dir > 0 ? (eo_coord)(lead - (size - 1)) : lead;
            EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_SNAP, axis, *pos);
            return side;
        }
        if (t < 0 || t >= n_along) {
            /* outside the map every tile reads the same: go to the map's edge (or the target) */
            if (dir > 0 && t < 0)
                b = target < -1 ? target : (eo_coord)-1;
            else if (dir < 0 && t >= n_along) {
                first = (eo_coord)((eo_ucoord)n_along * ctx->size); /* <= a <= EO_COORD_MAX */
                b = target > first ? target : first;
            } else
                b = target;
            EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_SKIP_OUTSIDE, axis, b);
        }
        lead = b;
    }
    *pos = dir > 0 ? (eo_coord)(lead - (size - 1)) : lead;
    if (!edge)
        return 0;
    EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_WORLD_EDGE, axis, *pos);
    return side;
}

/* ---- what the box touches --------------------------------------------------------------- */

static uint8_t outside_bits(uint8_t attr)
{
    return (uint8_t)(EO_TILES_TOUCH_OUTSIDE | eo_tiles_kind_bit(attr));
}

/* EO_TOUCH_* bits of tiles c0..c1 x r0..r1: each tile inside the map once, one lookup for each
   stretch outside it. */
static uint8_t kinds_in(const tiles_ctx *ctx, eo_coord c0, eo_coord c1, eo_coord r0, eo_coord r1)
{
    eo_coord w = (eo_coord)ctx->map->width, h = (eo_coord)ctx->map->height;
    eo_coord cin0 = c0 < 0 ? 0 : c0, cin1 = c1 >= w ? (eo_coord)(w - 1) : c1;
    eo_coord rin0 = r0 < 0 ? 0 : r0, rin1 = r1 >= h ? (eo_coord)(h - 1) : r1;
    eo_coord row;
    uint8_t k = 0;
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
#if EO_TRACE
    for (row = rin0; row <= rin1; row++) {
        eo_coord col;
        for (col = cin0; col <= cin1; col++)
            k |= eo_tiles_kind_bit(lookup(ctx, col, row)); /* each tile counted and traced */
    }
#else
    for (row = rin0; row <= rin1; row++) {
        /* the same tiles along one row pointer: no per-tile range check or row arithmetic */
        const uint8_t *p = cell(ctx, cin0, row), *end = p + (cin1 - cin0);
        for (;; p++) {
            k |= eo_tiles_kind_bit(ctx->map->attrs[*p]);
            if (p == end)
                break;
        }
    }
#endif
    return k;
}

static void sense_tiles(const tiles_ctx *ctx, const eo_box *box, eo_tiles_cache *cache,
                        uint8_t *touching, uint8_t *below)
{
    eo_coord x1 = (eo_coord)(box->x + (box->w - 1)), y1 = (eo_coord)(box->y + (box->h - 1));
    eo_coord c0 = tile_of(ctx, box->x), c1 = tile_of(ctx, x1);
    eo_coord r0 = tile_of(ctx, box->y), r1 = tile_of(ctx, y1);
    eo_coord rb = y1 == EO_COORD_MAX ? (eo_coord)NO_ROW : tile_of(ctx, (eo_coord)(y1 + 1));

    if (cache != NULL && cache->valid && cache->map == ctx->map && cache->col0 == c0 &&
        cache->col1 == c1 && cache->row0 == r0 && cache->row1 == r1 && cache->row_below == rb) {
        /* coarse-fine skip: same tiles as last time, same answer */
        EO_COUNT(ctx->hooks, EO_COUNTER_TILES_SKIPS);
        EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_CACHE_SKIP, pack_tile(c0, r0), cache->touching | cache->below << 8);
        *touching = cache->touching;
        *below = cache->below;
        return;
    }
    *touching = kinds_in(ctx, c0, c1, r0, r1);
    /* the pixel row under the box; past the world's last row, the world edge: solid */
    *below = rb == NO_ROW ? (uint8_t)(EO_TILES_TOUCH_OUTSIDE | EO_TILES_TOUCH_SOLID) : kinds_in(ctx, c0, c1, rb, rb);
    if (cache == NULL)
        return;
    EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_CACHE_FILL, pack_tile(c0, r0), *touching | *below << 8);
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

/* Would a one-pixel move down with these flags be blocked? With EO_TILES_DROP one-way ground does
   not count: on_ground says what the next move with the same flags will do (fall through it). */
static uint8_t on_ground(const tiles_ctx *ctx, const eo_box *box, uint8_t flags)
{
    eo_coord y = (eo_coord)(box->y + (box->h - 1)), at;
    span s;
    if (y == EO_COORD_MAX)
        return 1; /* the world edge */
    y++;
    span_of(ctx, box->x, box->w, &s);
    return line_blocks(ctx, 1, tile_of(ctx, y), y, y, 1, &s, (uint8_t)(flags & EO_TILES_DROP), &at);
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
    e = setup(map, &ctx, hooks);
    if (e != EO_OK)
        return e;
    if (!box_ok(box))
        return EO_ERR_BAD_ARGUMENT;
    sense_tiles(&ctx, box, cache, &t, &b);
    if (touching != NULL)
        *touching = t;
    if (below != NULL)
        *below = b;
    return EO_OK;
}

/* The end of every move: moved_x, moved_y, and (unless POSITION_ONLY) what the box touches and
   stands on, then the box and the result written field by field (copying whole structs just
   written in 16-bit parts stalls store forwarding on x86: a third of a short move's time). */
static void finish_move(const tiles_ctx *ctx, eo_box *box, const eo_box *b, uint8_t hit, uint8_t flags,
                        eo_tiles_cache *cache, eo_tiles_move_result *result)
{
    eo_tiles_move_result r = { 0, 0, 0, 0, 0, 0 };
    r.hit = hit;
    /* |moved| <= |d| and of d's sign, so it fits 32 bits; the difference is formed in eo_wide */
    r.moved_x = (int32_t)((eo_wide)b->x - box->x);
    r.moved_y = (int32_t)((eo_wide)b->y - box->y);
    if (!(flags & EO_TILES_POSITION_ONLY)) {
        EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_SENSE, b->x, b->y);
        sense_tiles(ctx, b, cache, &r.touching, &r.below);
        r.on_ground = on_ground(ctx, b, flags);
    }
    EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_RESULT, r.hit | r.on_ground << 4, r.touching | r.below << 8);
    box->x = b->x;
    box->y = b->y;
    result->hit = r.hit;
    result->touching = r.touching;
    result->below = r.below;
    result->on_ground = r.on_ground;
    result->moved_x = r.moved_x;
    result->moved_y = r.moved_y;
}

eo_result eo_tiles_move(const eo_tiles_map *map, eo_box *box, eo_coord dx, eo_coord dy, uint8_t flags,
                        eo_tiles_cache *cache, eo_tiles_move_result *result, eo_hooks *hooks)
{
    tiles_ctx ctx;
    eo_box b;
    eo_result e;
    uint8_t hit;

    if (box == NULL || result == NULL)
        return EO_ERR_NULL_POINTER;
    e = setup(map, &ctx, hooks);
    if (e != EO_OK)
        return e;
    if (!box_ok(box) || (flags & ~(EO_TILES_DROP | EO_TILES_POSITION_ONLY | EO_TILES_CORNERS)) != 0)
        return EO_ERR_BAD_ARGUMENT;
    b = *box;
    EO_STEP_ABOVE(hooks, EO_EV_TILES_MOVE, dx, dy);
    /* X first, then Y: the Y scan uses the columns the box reached */
    hit = move_axis(&ctx, &b, 0, dx, flags);
    hit |= move_axis(&ctx, &b, 1, dy, flags);
    finish_move(&ctx, box, &b, hit, flags, cache, result);
    return EO_OK;
}

/* The sweep's tile-coarse skip, per axis: the pixels lo .. hi along the axis of the tile line
   (column for X, row for Y) its leading edge last entered without a stop, the pixels q0 .. q1
   across the axis of the box's tiles then, and whether none of those tiles can stop any step into
   them along the axis (no solid, no slope; along Y no one-way platform or ladder either, whose
   tops stop a fall). A run that enters only pixels of that line while the box stays within those
   tiles across (fewer tiles of a free line are free too) needs no lookup. */
typedef struct sweep_line {
    eo_wide lo, hi, q0, q1;
    uint8_t free;
} sweep_line;

#define SWEEP_LINE_TILES 8 /* remember lines of at most this many tiles across (boxes up to 7 tiles) */

static uint8_t tile_never_stops(const tiles_ctx *ctx, uint8_t axis, eo_coord col, eo_coord row)
{
    uint8_t attr = lookup(ctx, col, row);
    if (attr == EO_TILES_SOLID)
        return 0;
    if (axis) /* along Y every kind with a solid pixel or a one-way surface can stop a step */
        return attr == EO_TILES_EMPTY || attr == EO_TILES_HAZARD || attr == EO_TILES_WATER ||
               (attr > EO_TILES_ONE_WAY_HALF && attr < EO_TILES_SLOPE);
    /* along X only solid pixels stop: spike blocks, half tiles, solid slopes */
    return attr != EO_TILES_SOLID_HAZARD && attr != EO_TILES_HALF_TOP && attr != EO_TILES_HALF_BOTTOM &&
           (attr < EO_TILES_SLOPE || attr >= EO_TILES_ONE_WAY_SLOPE);
}

/* Moves the box by d (a run of the staircase, d != 0) along the axis, skipping the lookups when
   the run stays within the line `known` says is free; else as move_axis, then remembers the line
   the leading edge ended in. */
static uint8_t sweep_run(const tiles_ctx *ctx, eo_box *b, uint8_t axis, eo_coord d, uint8_t flags, sweep_line *known)
{
    eo_coord *pos = axis ? &b->y : &b->x, size = axis ? b->h : b->w;
    eo_coord across = axis ? b->x : b->y, across_size = axis ? b->w : b->h, last, u;
    eo_wide lead = d > 0 ? (eo_wide)*pos + (size - 1) : (eo_wide)*pos, first = lead + (d > 0 ? 1 : -1), end = lead + d;
    span s;
    uint8_t side;
    if (known->free && (d > 0 ? first >= known->lo && end <= known->hi : first <= known->hi && end >= known->lo) &&
        across >= known->q0 && (eo_wide)across + (across_size - 1) <= known->q1) {
        EO_COUNT(ctx->hooks, EO_COUNTER_TILES_SKIPS);
        *pos = (eo_coord)(*pos + d);
        return 0;
    }
    side = move_axis(ctx, b, axis, d, flags);
    known->free = 0;
    span_of(ctx, across, across_size, &s);
    if (side != 0 || s.t1 - s.t0 >= SWEEP_LINE_TILES)
        return side;
    last = tile_of(ctx, d > 0 ? (eo_coord)(*pos + (size - 1)) : *pos);
    for (u = s.t0; u <= s.t1; u++)
        if (!tile_never_stops(ctx, axis, axis ? u : last, axis ? last : u))
            return 0;
    /* tiles cover the coordinate range exactly, so a tile's last pixel is an eo_coord */
    known->lo = origin(ctx, last);
    known->hi = known->lo + (ctx->size - 1);
    known->q0 = origin(ctx, s.t0);
    known->q1 = (eo_wide)origin(ctx, s.t1) + (ctx->size - 1);
    known->free = 1;
    return 0;
}

/* The swept move: the box's top-left pixel follows the straight segment's staircase, the lattice
   path that steps along X when the segment crosses the middle of a pixel column before the middle
   of a row (X first at a tie). Consecutive steps along one axis form a run, moved by move_axis
   (sweep_run), which reads the tiles its leading edge enters; a run into a tile line already
   known to be free reads nothing. The
   staircase is kept with one error term, e = (2i + 1)|dy| - (2j + 1)|dx| after i X steps and
   j Y steps: X next while e <= 0. It is updated only while both axes have steps left, so
   |e| <= 2 max(|dx|, |dy|) <= 2 EO_TILES_MAX_SWEEP, which fits eo_wide. */
eo_result eo_tiles_sweep(const eo_tiles_map *map, eo_box *box, eo_coord dx, eo_coord dy, uint8_t flags,
                         eo_tiles_cache *cache, eo_tiles_move_result *result, eo_hooks *hooks)
{
    tiles_ctx ctx;
    eo_box b;
    eo_result e;
    eo_wide ax, ay, i = 0, j = 0, err, run;
    uint8_t hit = 0, axis;
    sweep_line known[2] = { { 0, 0, 0, 0, 0 }, { 0, 0, 0, 0, 0 } };
    int8_t sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1;

    if (box == NULL || result == NULL)
        return EO_ERR_NULL_POINTER;
    e = setup(map, &ctx, hooks);
    if (e != EO_OK)
        return e;
    ax = sx * (eo_wide)dx; /* |dx|, |dy|: up to 2^(EO_COORD_BITS - 1), so in eo_wide */
    ay = sy * (eo_wide)dy;
    if (!box_ok(box) || (flags & ~(EO_TILES_DROP | EO_TILES_POSITION_ONLY | EO_TILES_SLIDE)) != 0 ||
        ax > EO_TILES_MAX_SWEEP || ay > EO_TILES_MAX_SWEEP)
        return EO_ERR_BAD_ARGUMENT;
    b = *box;
    EO_STEP_ABOVE(hooks, EO_EV_TILES_SWEEP, dx, dy);
    err = ay - ax;
    while (i < ax || j < ay) {
        /* the run: every step along one axis before the staircase turns */
        axis = (uint8_t)(i == ax ? 1 : j == ay ? 0 : err > 0);
        run = 0;
        if (axis == 0 && j == ay)
            run = ax - i; /* the rest is straight: err is no longer needed */
        else if (axis == 1 && i == ax)
            run = ay - j;
        else if (axis == 0)
            do {
                run++;
                err += 2 * ay;
            } while (i + run < ax && err <= 0);
        else
            do {
                run++;
                err -= 2 * ax;
            } while (j + run < ay && err > 0);
        EO_STEP_ABOVE(hooks, EO_EV_TILES_RUN, axis, run);
        hit = sweep_run(&ctx, &b, axis, (eo_coord)((axis ? sy : sx) * run), flags, &known[axis]);
        if (hit != 0)
            break;
        if (axis)
            j += run;
        else
            i += run;
    }
    /* sliding: what is left of the other axis' motion, along that axis alone */
    if (hit != 0 && (flags & EO_TILES_SLIDE)) {
        if (hit & (EO_HIT_LEFT | EO_HIT_RIGHT))
            hit |= move_axis(&ctx, &b, 1, (eo_coord)((eo_wide)box->y + dy - b.y), flags);
        else
            hit |= move_axis(&ctx, &b, 0, (eo_coord)((eo_wide)box->x + dx - b.x), flags);
    }
    finish_move(&ctx, box, &b, hit, flags, cache, result);
    return EO_OK;
}
