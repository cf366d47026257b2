/* libFuzzer target for tiles.h and slopes.h: random maps (every tile kind, the game's own attrs,
   the six built-in slope shapes and up to three user shapes; tile sizes 8 .. 128; every outside
   policy; a row table or not; small maps mostly, maps as wide or as tall as the world allows and
   maps of more than 65536 cells now and then; broken maps of every kind, to be refused), boxes
   anywhere in the eo_coord range, moves across the whole map and past 1,024 px, every flag
   (DROP, POSITION_ONLY, CORNERS), walks, probes, sensors and the cache. Every array the core reads
   is exactly as large as the map says, so ASan sees any read past it. The oracle is the
   pixel-by-pixel reference of tests/core/tiles_reference.h (test code: it includes nothing but
   the constants of the headers) and the definitions below, written from the headers:
     - eo_tiles_check: the errors the header lists, one fault at a time;
     - tile_size, tile_of (floor division), index (row * width + col), attr_at, attr_at_pixel,
       kind_bit, pixel_solid, pixel_one_way: from the definitions (every kind of tiles.h's table:
       spike blocks, ladder tops, half tiles, one-way halves and one-way slopes);
     - eo_tiles_sweep: the reference staircase (ref_sweep, pixel by pixel, with SLIDE too);
     - eo_slopes_move: the reference mover (ref_slopes_move: landings, launches, the air);
     - eo_tiles_move: the reference mover (pixel by pixel, X then Y), and with CORNERS the same
       mover reading only the pixel rows (columns) in the box's end tiles; touching, below and
       on_ground from the tiles under the box; POSITION_ONLY leaves them 0;
     - probes: on the box's edges, every tile row and column the box spans probed, the kinds
       seen; touching with a cache, and after the map changes and eo_tiles_cache_reset;
     - column_height, heights, ground_height: the shapes' formulas and the user tables;
       ground_at: the sensor with extension and regression as slopes.h describes it;
       box_ground: the highest of its sensors (two, three, every column); walk: the reference walk. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const eo_tiles_map *M;
static long T;

/* user shape k's heights: the reference reads them with `attr` in scope (ref_height) */
#define REF_MAP M
#define REF_USER_SLOPES (M->slopes + (size_t)((attr >= 136 ? attr - 136 : attr - 16) - EO_TILES_SLOPE_USER) * (size_t)T)
#define REF_WALK 1
/* the shared reference is test code built without -Wconversion elsewhere */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#ifdef __clang__
#pragma GCC diagnostic ignored "-Wshorten-64-to-32"
#endif
#define REF_SWEEP
#define REF_KINDS
#include "../core/tiles_reference.h"
#pragma GCC diagnostic pop

static int64_t fdiv(int64_t p, int64_t d)
{
    return p >= 0 ? p / d : -((-p + d - 1) / d);
}

static uint8_t kind_of(int attr)
{
    return (uint8_t)ref_kind_bit(attr);
}

static int inside(int64_t col, int64_t row)
{
    return col >= 0 && row >= 0 && col < M->width && row < M->height;
}

/* EO_TOUCH_* of tile (col, row), OUTSIDE included */
static uint8_t tile_bits(int64_t col, int64_t row)
{
    return (uint8_t)(kind_of(ref_attr(col, row)) | (inside(col, row) ? 0 : EO_TILES_TOUCH_OUTSIDE));
}

/* touching and below of a box, tile by tile; 0 if the box spans too many tiles to check */
static int ref_touching(const eo_box *b, uint8_t *touching, uint8_t *below)
{
    int64_t c0 = fdiv(b->x, T), c1 = fdiv((int64_t)b->x + b->w - 1, T), c, r;
    int64_t r0 = fdiv(b->y, T), r1 = fdiv((int64_t)b->y + b->h - 1, T), y1 = (int64_t)b->y + b->h - 1;
    if ((c1 - c0 + 1) * (r1 - r0 + 2) > 20000)
        return 0;
    *touching = *below = 0;
    for (r = r0; r <= r1; r++)
        for (c = c0; c <= c1; c++)
            *touching |= tile_bits(c, r);
    if (y1 >= EO_COORD_MAX)
        *below = EO_TILES_TOUCH_OUTSIDE | EO_TILES_TOUCH_SOLID; /* the world's edge */
    else
        for (c = c0; c <= c1; c++)
            *below |= tile_bits(c, fdiv(y1 + 1, T));
    return 1;
}

/* slopes.h's ground height of column i of tile (col, row), seen from its pixel row j (0: from
   above; T - 1: from the tile below, for a regression) */
static int ref_ground_height(int64_t col, int64_t row, int i, int j)
{
    int a = ref_attr(col, row), up = ref_attr(col, row - 1);
    if (a == 1 || a == 2 || a == 6 || a == 7 || (a == 3 && up != 3 && up != 7))
        return (int)T; /* solid, one-way, spike, ladder top, implicit ladder top */
    if (a == 8) /* half top: ground only from its top half */
        return j < T / 2 ? (int)T : 0;
    if (a == 9 || a == 10) /* half bottom, one-way half */
        return (int)(T / 2);
    if (a >= EO_TILES_SLOPE)
        return ref_height(a, i);
    return 0;
}

/* the sensor at (x, y): extension below an empty column, regression above a full one */
static void ref_ground_at(int64_t x, int64_t y, eo_slopes_ground *g)
{
    int64_t col = fdiv(x, T), row = fdiv(y, T), r = row;
    int i = (int)(x - col * T), h = ref_ground_height(col, row, i, (int)(y - row * T));
    memset(g, 0, sizeof *g);
    /* no tile past the world's edges: nothing to extend into or regress to there */
    if (h == 0) {
        r = row + 1;
        h = r * T > EO_COORD_MAX ? 0 : ref_ground_height(col, r, i, 0);
        if (h == 0)
            return;
    } else if (h == T) {
        int up = row * T - 1 < EO_COORD_MIN ? 0 : ref_ground_height(col, row - 1, i, (int)T - 1);
        if (up > 0) {
            r = row - 1;
            h = up;
        }
    }
    g->found = 1;
    g->height = (uint8_t)h;
    g->attr = (uint8_t)ref_attr(col, r);
    g->col = (eo_coord)col;
    g->row = (eo_coord)r;
    g->ground_y = (eo_coord)(r * T + T - h);
    g->distance = (eo_coord)(r * T + T - h - y);
}

static void check_map_refused(fz *f, eo_tiles_map *map, uint8_t *attrs, uint8_t *slopes, uint16_t *rows)
{
    eo_result want = EO_ERR_BAD_ARGUMENT;
    switch (fz_u8(f) % 9u) {
    case 0: map->cells = NULL; want = EO_ERR_NULL_POINTER; break;
    case 1: map->attrs = NULL; want = EO_ERR_NULL_POINTER; break;
    case 2: map->slopes = NULL; map->slope_count = (uint8_t)(1 + fz_below(f, 3)); want = EO_ERR_NULL_POINTER; break;
    case 3: map->tile_shift = (uint8_t)((fz_u8(f) & 1u) ? 1 + fz_below(f, 2) : 8 + fz_below(f, 248)); break;
    case 4: map->outside = (uint8_t)(3 + fz_below(f, 253)); break;
    case 5: map->width = 0; break;
    case 6: /* an attr naming a user shape that does not exist, solid or one-way */
        attrs[fz_u8(f)] = (uint8_t)((fz_u8(f) & 1u ? EO_TILES_ONE_WAY_SLOPE : EO_TILES_SLOPE) + EO_TILES_SLOPE_USER +
                                    map->slope_count + fz_below(f, EO_TILES_SLOPE_MAX_USER - map->slope_count));
        break;
    case 7:
        if (map->slope_count > 0) {
            slopes[fz_below(f, (uint32_t)(map->slope_count * T))] = (uint8_t)(T + 1 + fz_below(f, (uint32_t)(255 - T)));
            break;
        }
        map->height = 0;
        break;
    default:
        if (rows != NULL) {
            rows[fz_below(f, map->height)] ^= (uint16_t)(1u + fz_below(f, 0xFFFF));
            break;
        }
        /* one row more than fits the world; a 32-bit world fits every uint16_t height */
        if (EO_TILES_MAX_TILES(map->tile_shift ? map->tile_shift : 3) < 65535u)
            map->height = (uint16_t)(EO_TILES_MAX_TILES(map->tile_shift ? map->tile_shift : 3) + 1u);
        else
            map->height = 0;
        break;
    }
    if (eo_tiles_check(map) != want)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    eo_tiles_map map;
    uint8_t attrs[256], *cells, *slopes, shift, flags, use_cache, max_step, touching, below, t2, b2, heights[128], sz;
    uint16_t *rows = NULL, w, h, n, k;
    int64_t max_tiles, cells_n, i;
    eo_tiles_probe_point *probes;
    eo_tiles_move_result res;
    eo_tiles_cache cache;
    eo_slopes_ground g, want_g;
    eo_box b, start, want;
    eo_coord dx, dy;
    int clear, hit, bits;
    uint32_t index;

    fz_init(&f, data, size);
    memset(&map, 0, sizeof map);
    shift = (uint8_t)(3 + fz_below(&f, 5));
    T = 1L << shift;
    max_tiles = (EO_COORD_MAX + 1L) >> shift;
    if (max_tiles > 65535)
        max_tiles = 65535;
    if (fz_rare(&f, 32)) { /* as wide (or tall) as the world allows, or past 65536 cells */
        uint8_t m = fz_u8(&f) % 3u;
        w = (uint16_t)(m == 0 ? max_tiles - fz_below(&f, 4) : m == 1 ? 1 + fz_below(&f, 3) : 257 + fz_below(&f, 64));
        h = (uint16_t)(m == 1 ? max_tiles - fz_below(&f, 4) : m == 0 ? 1 + fz_below(&f, 3) : 257 + fz_below(&f, 64));
        w = (uint16_t)(w > max_tiles ? max_tiles : w); /* 128 px tiles: 256 x 256 at most */
        h = (uint16_t)(h > max_tiles ? max_tiles : h);
    } else {
        w = (uint16_t)(1 + fz_below(&f, 24));
        h = (uint16_t)(1 + fz_below(&f, 24));
    }
    map.width = w;
    map.height = h;
    map.tile_shift = (shift == 3 && (fz_u8(&f) & 1u)) ? 0 : shift; /* 0 means 3 */
    map.outside = (uint8_t)fz_below(&f, 3);
    map.slope_count = (uint8_t)fz_below(&f, 4);
    cells_n = (int64_t)w * h;
    cells = malloc((size_t)cells_n);
    slopes = malloc(map.slope_count ? (size_t)(map.slope_count * T) : 1u);
    /* tile ids 0 .. 15 mean every kind; the rest of the table holds any valid attr: the kinds
       0 .. 10, the game's own 11 .. 15, a slope or a one-way slope of a shape the map has */
    for (i = 0; i < 256; i++) {
        uint8_t pick = (uint8_t)fz_below(&f, 16 + 2u * (6u + map.slope_count)), shapes = (uint8_t)(6u + map.slope_count);
        attrs[i] = pick < 16 ? pick
                   : pick < 16 + shapes ? (uint8_t)(EO_TILES_SLOPE + (pick - 16))
                                        : (uint8_t)(EO_TILES_ONE_WAY_SLOPE + (pick - 16 - shapes));
    }
    for (i = 0; i < cells_n; i++)
        cells[i] = (uint8_t)(fz_u8(&f) & 15u);
    for (i = 0; i < map.slope_count * T; i++)
        slopes[i] = (uint8_t)fz_below(&f, (uint32_t)T + 1u);
    if (cells_n <= 65536 && (fz_u8(&f) & 1u)) {
        rows = malloc(sizeof *rows * h);
        for (i = 0; i < h; i++)
            rows[i] = (uint16_t)(i * w);
    }
    map.cells = cells;
    map.attrs = attrs;
    map.slopes = map.slope_count ? slopes : NULL;
    map.row_start = rows;
    M = &map;
    if (((cells_n & 1u) ? eo_tiles_prepare(&map) : eo_tiles_check(&map)) != EO_OK) /* prepared or not: the same answers */
        abort();
    if (cells_n > 65536 && rows == NULL && (fz_u8(&f) & 7u) == 0) { /* a row table on a map that large */
        eo_tiles_map big = map;
        uint16_t one = 0;
        big.row_start = &one;
        if (eo_tiles_check(&big) != EO_ERR_BAD_ARGUMENT)
            abort();
    }
    if ((fz_u8(&f) & 15u) == 0) { /* broken, one fault at a time */
        eo_tiles_map bad = map;
        uint8_t bad_attrs[256], bad_slopes[3 * 128];
        uint16_t *bad_rows = NULL;
        memcpy(bad_attrs, attrs, sizeof attrs);
        memcpy(bad_slopes, slopes, (size_t)(map.slope_count * T));
        if (rows != NULL) {
            bad_rows = malloc(sizeof *rows * h);
            memcpy(bad_rows, rows, sizeof *rows * h);
        }
        bad.attrs = bad_attrs;
        bad.slopes = map.slope_count ? bad_slopes : NULL;
        bad.row_start = bad_rows;
        check_map_refused(&f, &bad, bad_attrs, bad_slopes, bad_rows);
        free(bad_rows);
    }

    /* the lookups */
    if (eo_tiles_tile_size(&map, &sz) != EO_OK || sz != T)
        abort();
    for (k = 0; k < 8; k++) {
        eo_coord x = fz_near(&f, (int64_t)w * T / 2, (int64_t)w * T + 4 * T, 8), y = fz_near(&f, (int64_t)h * T / 2, (int64_t)h * T + 4 * T, 8);
        int64_t col = fdiv(x, T), row = fdiv(y, T);
        uint8_t s = (uint8_t)fz_below(&f, 16);
        if (eo_tiles_tile_of(x, s) != fdiv(x, (int64_t)1 << s))
            abort();
        if (eo_tiles_attr_at_pixel(&map, x, y, NULL) != ref_attr(col, row) || eo_tiles_pixel_solid(&map, x, y) != ref_solid(x, y) ||
            eo_tiles_pixel_one_way(&map, x, y) != (ref_one_way_row(x, col, row) == y - row * T))
            abort();
        col = fz_range(&f, -2, (int64_t)w + 1);
        row = fz_range(&f, -2, (int64_t)h + 1);
        index = 0xDEAD;
        if (eo_tiles_index(&map, (eo_coord)col, (eo_coord)row, &index) != inside(col, row) ||
            (inside(col, row) ? index != (uint32_t)(row * w + col) : index != 0xDEAD) ||
            eo_tiles_attr_at(&map, (eo_coord)col, (eo_coord)row, NULL) != ref_attr(col, row))
            abort();
        bits = fz_u8(&f);
        if (eo_tiles_kind_bit((uint8_t)bits) != kind_of(bits))
            abort();
        /* slopes: a shape's heights (twice per input: T calls each) and one column's ground */
        bits = (int)fz_below(&f, EO_TILES_SLOPE_USER + map.slope_count + 2u); /* two past the last: unknown, full */
        if (k < 2) {
            uint16_t cap = (uint16_t)((fz_u8(&f) & 7u) == 0 ? fz_below(&f, (uint32_t)T) : (uint32_t)T + fz_below(&f, 4));
            eo_result r = eo_tiles_slope_heights(&map, (uint8_t)bits, heights, cap);
            int c2;
            if (r != (cap < T ? EO_ERR_BUFFER_TOO_SMALL : EO_OK))
                abort();
            for (c2 = 0; c2 < T; c2++) {
                int want_h = bits < EO_TILES_SLOPE_USER + map.slope_count ? ref_height(EO_TILES_SLOPE + bits, c2) : (int)T;
                if ((r == EO_OK && heights[c2] != want_h) ||
                    eo_tiles_slope_height(&map, (uint8_t)bits, (uint8_t)(c2 + T * (long)fz_below(&f, 2))) != want_h)
                    abort();
            }
        }
        {
            int column = (int)fz_below(&f, (uint32_t)T);
            if (eo_slopes_ground_height(&map, (eo_coord)col, (eo_coord)row, (uint8_t)column, NULL) != ref_ground_height(col, row, column, 0))
                abort();
        }
        ref_ground_at(x, y, &want_g);
        if (eo_slopes_ground_at(&map, x, y, &g, NULL) != EO_OK || g.found != want_g.found ||
            (g.found && (g.height != want_g.height || g.attr != want_g.attr || g.col != want_g.col || g.row != want_g.row ||
                         g.ground_y != want_g.ground_y || g.distance != want_g.distance ||
                         g.slope != ref_tile_slope(g.attr))))
            abort();
        {
            /* the slope of any attr the map may name: from the heights (0 for anything but a slope) */
            uint8_t attr = map.attrs[fz_u8(&f)];
            if (eo_slopes_tile_slope(&map, attr) != ref_tile_slope(attr))
                abort();
        }
    }

    /* a box: near the map mostly, anywhere in the world now and then */
    b.w = (eo_coord)(1 + fz_below(&f, (fz_u8(&f) & 7u) == 0 ? 40u * (uint32_t)T : 3u * (uint32_t)T));
    b.h = (eo_coord)(1 + fz_below(&f, (fz_u8(&f) & 7u) == 0 ? 40u * (uint32_t)T : 3u * (uint32_t)T));
    b.x = fz_near(&f, (int64_t)w * T / 2, (int64_t)w * T / 2 + 3 * T, 8);
    b.y = fz_near(&f, (int64_t)h * T / 2, (int64_t)h * T / 2 + 3 * T, 8);
    if ((int64_t)b.x + b.w - 1 > EO_COORD_MAX)
        b.x = (eo_coord)(EO_COORD_MAX - (b.w - 1));
    if ((int64_t)b.y + b.h - 1 > EO_COORD_MAX)
        b.y = (eo_coord)(EO_COORD_MAX - (b.h - 1));
    /* a move: a few tiles, across the whole map, or anything */
    switch (fz_u8(&f) & 3u) {
    case 0: dx = fz_coord(&f); dy = fz_coord(&f); break;
    case 1: dx = fz_clamp(fz_range(&f, -(int64_t)w * T - 2 * T, (int64_t)w * T + 2 * T));
            dy = fz_clamp(fz_range(&f, -(int64_t)h * T - 2 * T, (int64_t)h * T + 2 * T)); break;
    default: dx = (eo_coord)fz_range(&f, -8 * T, 8 * T); dy = (eo_coord)fz_range(&f, -8 * T, 8 * T); break;
    }
    flags = (uint8_t)(fz_u8(&f) & (EO_TILES_DROP | EO_TILES_POSITION_ONLY | EO_TILES_CORNERS));
    start = b;
    clear = (int64_t)b.w * b.h <= 16384 && !ref_overlaps_solid(&b); /* large boxes: too many pixels */

    /* move, against the reference (when it is cheap enough to replay pixel by pixel) */
    memset(&cache, 0, sizeof cache);
    use_cache = (uint8_t)(fz_u8(&f) & 1u);
    if (eo_tiles_move(&map, &b, dx, dy, flags, use_cache ? &cache : NULL, &res, NULL) != EO_OK)
        abort();
    if (res.moved_x != (int64_t)b.x - start.x || res.moved_y != (int64_t)b.y - start.y ||
        (dx >= 0 ? res.moved_x < 0 || res.moved_x > dx : res.moved_x > 0 || res.moved_x < dx) ||
        (dy >= 0 ? res.moved_y < 0 || res.moved_y > dy : res.moved_y > 0 || res.moved_y < dy))
        abort();
    if (!(flags & EO_TILES_CORNERS) && clear && ref_overlaps_solid(&b))
        abort();
    if (llabs((int64_t)dx) * start.h + llabs((int64_t)dy) * start.w <= 100000) {
        want = start;
        hit = ref_move_probing(&want, dx, dy, flags & EO_TILES_DROP, (flags & EO_TILES_CORNERS) != 0);
        if (want.x != b.x || want.y != b.y || hit != res.hit)
            abort();
    }
    if (flags & EO_TILES_POSITION_ONLY) {
        if (res.touching != 0 || res.below != 0 || res.on_ground != 0)
            abort();
    } else {
        if (res.on_ground != ref_on_ground_drop(&b, flags & EO_TILES_DROP))
            abort();
        if (ref_touching(&b, &touching, &below) && (res.touching != touching || res.below != below))
            abort();
    }

    /* the same move swept along its segment (CORNERS, which a sweep refuses, stands for SLIDE:
       no extra input bytes), against ref_sweep; refused flags and lengths are refused, and a
       move past EO_TILES_MAX_SWEEP is swept as its first EO_TILES_MAX_SWEEP px per axis */
    {
        eo_box sb = start;
        uint8_t sflags = (uint8_t)((flags & (EO_TILES_DROP | EO_TILES_POSITION_ONLY)) | ((flags & EO_TILES_CORNERS) ? EO_TILES_SLIDE : 0));
        int too_far = llabs((int64_t)dx) > EO_TILES_MAX_SWEEP || llabs((int64_t)dy) > EO_TILES_MAX_SWEEP;
        eo_coord sdx = (eo_coord)(llabs((int64_t)dx) > EO_TILES_MAX_SWEEP ? (dx < 0 ? -EO_TILES_MAX_SWEEP : EO_TILES_MAX_SWEEP) : dx);
        eo_coord sdy = (eo_coord)(llabs((int64_t)dy) > EO_TILES_MAX_SWEEP ? (dy < 0 ? -EO_TILES_MAX_SWEEP : EO_TILES_MAX_SWEEP) : dy);
        eo_tiles_move_result sres;
        if (eo_tiles_sweep(&map, &sb, sdx, sdy, (uint8_t)(sflags | EO_TILES_CORNERS), NULL, &sres, NULL) != EO_ERR_BAD_ARGUMENT ||
            (too_far && eo_tiles_sweep(&map, &sb, dx, dy, sflags, NULL, &sres, NULL) != EO_ERR_BAD_ARGUMENT) ||
            sb.x != start.x || sb.y != start.y)
            abort();
        if (eo_tiles_sweep(&map, &sb, sdx, sdy, sflags, use_cache ? &cache : NULL, &sres, NULL) != EO_OK)
            abort();
        if (sres.moved_x != (int64_t)sb.x - start.x || sres.moved_y != (int64_t)sb.y - start.y ||
            (sdx >= 0 ? sres.moved_x < 0 || sres.moved_x > sdx : sres.moved_x > 0 || sres.moved_x < sdx) ||
            (sdy >= 0 ? sres.moved_y < 0 || sres.moved_y > sdy : sres.moved_y > 0 || sres.moved_y < sdy))
            abort();
        if (clear && ref_overlaps_solid(&sb))
            abort();
        if (llabs((int64_t)sdx) * start.h + llabs((int64_t)sdy) * start.w <= 100000) {
            want = start;
            hit = ref_sweep(&want, sdx, sdy, flags & EO_TILES_DROP, (sflags & EO_TILES_SLIDE) != 0);
            if (want.x != sb.x || want.y != sb.y || hit != sres.hit)
                abort();
        }
        if (!(sflags & EO_TILES_POSITION_ONLY) && sres.on_ground != ref_on_ground_drop(&sb, sflags & EO_TILES_DROP))
            abort();
    }

    /* probes: on the edges, every tile row and column, as many as announced */
    for (k = 0; k < 2; k++) {
        uint16_t j;
        uint8_t kinds_seen = 0, got_kinds = 0;
        int64_t x1 = (int64_t)start.x + start.w - 1, y1 = (int64_t)start.y + start.h - 1;
        if ((x1 - start.x) / T >= 2040 || (y1 - start.y) / T >= 2040)
            break;
        if (eo_tiles_probe(&map, &start, (uint8_t)k, NULL, 0, &n, NULL, NULL) != EO_ERR_BUFFER_TOO_SMALL || n == 0)
            abort();
        probes = malloc(sizeof *probes * n);
        if (eo_tiles_probe(&map, &start, (uint8_t)k, probes, n, &n, &got_kinds, NULL) != EO_OK)
            abort();
        for (j = 0; j < n; j++) {
            const eo_tiles_probe_point *p = &probes[j];
            if (p->x < start.x || p->x > x1 || p->y < start.y || p->y > y1 ||
                (p->x != start.x && p->x != x1 && p->y != start.y && p->y != y1))
                abort(); /* a point of the box's edge */
            if (p->col != fdiv(p->x, T) || p->row != fdiv(p->y, T) || p->attr != ref_attr(p->col, p->row) ||
                p->outside != !inside(p->col, p->row))
                abort();
            kinds_seen |= tile_bits(p->col, p->row);
        }
        if (got_kinds != kinds_seen || probes[0].x != start.x || probes[0].y != start.y)
            abort();
        if (k == EO_TILES_PROBE_CORNERS) {
            if (n != (start.w > 1 ? 2 : 1) * (start.h > 1 ? 2 : 1))
                abort();
        } else {
            /* every tile column on the top and bottom edges, every row on the left and right */
            static uint8_t seen_col[2048], seen_row[2048];
            int64_t t, c0 = fdiv(start.x, T), r0 = fdiv(start.y, T);
            memset(seen_col, 0, sizeof seen_col);
            memset(seen_row, 0, sizeof seen_row);
            for (j = 0; j < n; j++) {
                if (probes[j].y == start.y) seen_col[probes[j].col - c0] |= 1;
                if (probes[j].y == y1) seen_col[probes[j].col - c0] |= 2;
                if (probes[j].x == start.x) seen_row[probes[j].row - r0] |= 1;
                if (probes[j].x == x1) seen_row[probes[j].row - r0] |= 2;
            }
            for (t = 0; t <= fdiv(x1, T) - c0; t++)
                if (seen_col[t] != 3)
                    abort();
            for (t = 0; t <= fdiv(y1, T) - r0; t++)
                if (seen_row[t] != 3)
                    abort();
        }
        free(probes);
    }

    /* touching: fresh, from the cache, stale after a change, fresh again after a reset */
    if (ref_touching(&b, &touching, &below)) {
        memset(&cache, 0, sizeof cache);
        if (eo_tiles_touching(&map, &b, &cache, &t2, &b2, NULL) != EO_OK || t2 != touching || b2 != below ||
            eo_tiles_touching(&map, &b, &cache, &t2, &b2, NULL) != EO_OK || t2 != touching || b2 != below)
            abort();
        cells[fz_below(&f, (uint32_t)cells_n)] = (uint8_t)(fz_u8(&f) & 15u); /* the game changes a tile */
        eo_tiles_cache_reset(&cache);
        (void)ref_touching(&b, &touching, &below);
        if (eo_tiles_touching(&map, &b, &cache, &t2, &b2, NULL) != EO_OK || t2 != touching || b2 != below)
            abort();
        eo_tiles_cache_reset(NULL);
    }

    /* walk from where the move ended, against the reference walk */
    clear = (int64_t)b.w * b.h <= 16384 && !ref_overlaps_solid(&b);
    max_step = (uint8_t)fz_below(&f, (uint32_t)T + 2u);
    dx = (eo_coord)(int8_t)fz_u8(&f);
    flags = (uint8_t)(fz_u8(&f) & (EO_TILES_DROP | EO_TILES_POSITION_ONLY | EO_TILES_CORNERS | 0x80u));
    start = b;
    if (flags & 0x80u) { /* any other flag is refused, the box and the result untouched */
        memset(&res, 0x5A, sizeof res);
        if (eo_slopes_walk(&map, &b, dx, max_step, flags, &res, NULL) != EO_ERR_BAD_ARGUMENT || b.x != start.x ||
            b.y != start.y || res.hit != 0x5A)
            abort();
        flags &= (uint8_t)~0x80u;
    }
    if (eo_slopes_walk(&map, &b, dx, max_step, flags, &res, NULL) != EO_OK)
        abort();
    if ((clear && !(flags & EO_TILES_CORNERS) && ref_overlaps_solid(&b)) || res.moved_x != (int64_t)b.x - start.x ||
        (dx >= 0 ? res.moved_x < 0 || res.moved_x > dx : res.moved_x > 0 || res.moved_x < dx))
        abort();
    if ((int64_t)start.w * start.h <= 4096 && !(flags & (EO_TILES_DROP | EO_TILES_CORNERS))) {
        want = start;
        hit = ref_walk(&want, dx, max_step, 0);
        if (want.x != b.x || want.y != b.y || hit != res.hit)
            abort();
        if (!(flags & EO_TILES_POSITION_ONLY) && res.on_ground != ref_on_ground(&b))
            abort();
    }

    /* a character's frame from where the walk ended (eo_slopes_move), against the reference */
    {
        eo_slopes_move_result mres;
        ref_move_out o;
        uint16_t reach = (fz_u8(&f) & 3u) == 0 ? (uint16_t)EO_SLOPES_REACH_ALWAYS : (uint16_t)fz_below(&f, 3u * (uint32_t)T);
        eo_coord mdx = (eo_coord)(int8_t)fz_u8(&f), mdy = (eo_coord)(int8_t)fz_u8(&f);
        uint8_t mflags = (uint8_t)(fz_u8(&f) & (EO_TILES_DROP | EO_TILES_POSITION_ONLY | EO_TILES_CORNERS));
        eo_box mb = b;
        start = b;
        clear = (int64_t)b.w * b.h <= 16384 && !ref_overlaps_solid(&b);
        if (mflags & EO_TILES_CORNERS) { /* refused: the box and the result untouched */
            memset(&mres, 0x5A, sizeof mres);
            if (eo_slopes_move(&map, &mb, mdx, mdy, max_step, reach, mflags, &mres, NULL) != EO_ERR_BAD_ARGUMENT ||
                mb.x != start.x || mb.y != start.y || mres.landed != 0x5A)
                abort();
            mflags &= (uint8_t)~EO_TILES_CORNERS;
        }
        if (eo_slopes_move(&map, &mb, mdx, mdy, max_step, reach, mflags, &mres, NULL) != EO_OK)
            abort();
        if ((clear && ref_overlaps_solid(&mb)) || mres.move.moved_x != (int64_t)mb.x - start.x ||
            mres.move.moved_y != (int64_t)mb.y - start.y || mres.landed > 1 || mres.launched > 1)
            abort();
        if ((int64_t)start.w * start.h <= 4096) {
            want = start;
            hit = ref_slopes_move(&want, mdx, mdy, max_step, reach == EO_SLOPES_REACH_ALWAYS ? -1L : (long)reach,
                                  (mflags & EO_TILES_DROP) != 0, &o);
            if (want.x != mb.x || want.y != mb.y || hit != mres.move.hit || o.landed != mres.landed ||
                o.launched != mres.launched)
                abort();
            if (!(mflags & EO_TILES_POSITION_ONLY) && (mres.move.on_ground != ref_on_ground_drop(&mb, (mflags & EO_TILES_DROP) != 0) || mres.slope != o.slope))
                abort();
        }
    }

    /* the foot sensors: the highest ground under the bottom-left and bottom-right pixels */
    {
        eo_slopes_ground l, r;
        int64_t yb = (int64_t)b.y + b.h - 1;
        ref_ground_at(b.x, yb, &l);
        ref_ground_at((int64_t)b.x + b.w - 1, yb, &r);
        if (eo_slopes_box_ground(&map, &b, EO_SLOPES_TWO_SENSORS, &g, NULL) != EO_OK)
            abort();
        if (g.found != (l.found || r.found))
            abort();
        if (g.found) {
            int64_t best = !l.found ? r.ground_y : !r.found ? l.ground_y : l.ground_y < r.ground_y ? l.ground_y : r.ground_y;
            if (g.ground_y != best || g.distance != best - ((int64_t)b.y + b.h))
                abort();
        }
        if (eo_slopes_box_ground(&map, &b, EO_SLOPES_THREE_SENSORS, &want_g, NULL) != EO_OK ||
            (g.found && (!want_g.found || want_g.ground_y > g.ground_y)))
            abort(); /* a third sensor can only find higher ground */
        if (eo_slopes_box_ground(&map, &b, 4, &g, NULL) != EO_ERR_BAD_ARGUMENT)
            abort();
        /* every column: the highest of ref_ground_at over the whole bottom row (the leftmost of
           the highest names the sensor), no lower than the three sensors' */
        if (b.w <= 512) {
            eo_slopes_ground c;
            int64_t x, best_x = 0;
            int found = 0;
            int64_t best = 0;
            for (x = b.x; x < (int64_t)b.x + b.w; x++) {
                ref_ground_at(x, yb, &c);
                if (c.found && (!found || c.ground_y < best)) {
                    found = 1;
                    best = c.ground_y;
                    best_x = x;
                }
            }
            if (eo_slopes_box_ground(&map, &b, EO_SLOPES_EVERY_COLUMN, &g, NULL) != EO_OK || g.found != found)
                abort();
            if (found && (g.ground_y != best || g.distance != best - ((int64_t)b.y + b.h) ||
                          g.sensor != (best_x == b.x ? 0 : best_x == (int64_t)b.x + b.w - 1 ? 2 : 1) ||
                          (want_g.found && want_g.ground_y < g.ground_y)))
                abort();
        }
    }
    free(cells);
    free(slopes);
    free(rows);
    return 0;
}
