/* libFuzzer target for tiles and slopes: a random map (cells, attrs, user slope heights, row
   table, tile size, outside policy), a box anywhere in the int16 world, and random moves, walks,
   probes and sensors. Every array the core reads lives in a buffer exactly as large as the map
   says, so ASan catches any read past it. Invariants:
     - a move or walk that starts clear of solid pixels ends clear of them;
     - a move agrees with a pixel-by-pixel reference mover (for moves short enough to replay);
     - a move never goes backwards nor further than asked;
     - probes are sized as announced; a cached answer equals a fresh one. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint8_t attr_codes[] = {
    EO_TILE_EMPTY, EO_TILE_EMPTY, EO_TILE_EMPTY, EO_TILE_SOLID, EO_TILE_SOLID, EO_TILE_ONE_WAY,
    EO_TILE_LADDER, EO_TILE_HAZARD, EO_TILE_WATER, 9,
    EO_TILE_SLOPE_ATTR(0), EO_TILE_SLOPE_ATTR(1), EO_TILE_SLOPE_ATTR(2), EO_TILE_SLOPE_ATTR(3),
    EO_TILE_SLOPE_ATTR(4), EO_TILE_SLOPE_ATTR(5), EO_TILE_SLOPE_ATTR(EO_SLOPE_USER)
};

static const eo_tile_map *M;
static long T;

#define REF_MAP M
#define REF_USER_SLOPES M->slopes
#include "../core/tiles_reference.h"

static int16_t get16(const uint8_t *p)
{
    return (int16_t)(uint16_t)(p[0] | (p[1] << 8));
}

/* Near the map (most of the time) or anywhere in the int16 world. */
static int16_t place(int16_t v, uint8_t anywhere, long extent)
{
    if (anywhere)
        return v;
    return (int16_t)(-3 * T + (long)((uint16_t)v % (uint32_t)(extent + 6 * T)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    eo_tile_map map;
    uint8_t *cells, *attrs, *slopes;
    uint16_t *rows = NULL, w, h, n, r;
    uint8_t shift, flags, max_step, touching, below, t2, b2;
    eo_tile_probe *probes;
    eo_tiles_move_result res;
    eo_tiles_cache cache;
    eo_slopes_ground g;
    eo_box b, start, want;
    int16_t dx, dy;
    size_t k;
    int clear, hit;

    if (size < 20)
        return 0;
    w = (uint16_t)(1 + data[0] % 16);
    h = (uint16_t)(1 + data[1] % 16);
    shift = (uint8_t)(3 + data[2] % 3);
    T = 1L << shift;
    memset(&map, 0, sizeof map);
    map.width = w;
    map.height = h;
    map.tile_shift = shift;
    map.outside = (uint8_t)((data[2] >> 2) % 3);
    flags = (uint8_t)(data[3] & (EO_TILES_DROP | EO_TILES_CORNERS));

    /* every buffer exactly as large as the map needs */
    cells = malloc((size_t)w * h);
    attrs = malloc(256);
    slopes = malloc((size_t)T);
    for (k = 0; k < (size_t)w * h; k++)
        cells[k] = (uint8_t)(data[(20 + k) % size] % 16); /* tile ids 0 .. 15 */
    for (k = 0; k < 256; k++)
        attrs[k] = attr_codes[data[(4 + k) % size] % sizeof attr_codes];
    for (k = 0; k < (size_t)T; k++)
        slopes[k] = (uint8_t)(data[(9 + 3 * k) % size] % (T + 1));
    if (data[2] & 0x80) {
        rows = malloc(sizeof *rows * h);
        for (r = 0; r < h; r++)
            rows[r] = (uint16_t)(r * w);
    }
    map.cells = cells;
    map.attrs = attrs;
    map.slopes = slopes;
    map.slope_count = 1;
    map.row_start = rows;
    M = &map;
    if (eo_tiles_check(&map) != EO_OK)
        abort();

    b.w = (int16_t)(1 + data[12] % (3 * T));
    b.h = (int16_t)(1 + data[13] % (3 * T));
    b.x = place(get16(data + 14), data[3] & 0x40, w * T);
    b.y = place(get16(data + 16), data[3] & 0x80, h * T);
    if (b.x > 32767 - (b.w - 1))
        b.x = (int16_t)(32767 - (b.w - 1));
    if (b.y > 32767 - (b.h - 1))
        b.y = (int16_t)(32767 - (b.h - 1));
    dx = get16(data + 18);
    dy = get16(data + 10);
    if (!(data[3] & 0x20)) { /* mostly moves of a few tiles */
        dx = (int16_t)(dx % (8 * T));
        dy = (int16_t)(dy % (8 * T));
    }
    start = b;
    clear = !ref_overlaps_solid(&b);

    /* move, against the reference */
    if (eo_tiles_move(&map, &b, dx, dy, flags, NULL, &res, NULL) != EO_OK)
        abort();
    if (res.moved_x != (long)b.x - start.x || res.moved_y != (long)b.y - start.y ||
        (dx >= 0 ? res.moved_x < 0 || res.moved_x > dx : res.moved_x > 0 || res.moved_x < dx) ||
        (dy >= 0 ? res.moved_y < 0 || res.moved_y > dy : res.moved_y > 0 || res.moved_y < dy))
        abort();
    if (!(flags & EO_TILES_CORNERS)) {
        if (clear && ref_overlaps_solid(&b))
            abort();
        if (labs(dx) + labs(dy) <= 1024) {
            want = start;
            hit = ref_move(&want, dx, dy, flags & EO_TILES_DROP);
            if (want.x != b.x || want.y != b.y || hit != res.hit)
                abort();
        }
    }

    /* probes: exactly as many as announced */
    for (k = 0; k < 2; k++) {
        if (eo_tiles_probe(&map, &start, (uint8_t)k, NULL, 0, &n, NULL, NULL) != EO_ERR_BUFFER_TOO_SMALL || n == 0)
            abort();
        probes = malloc(sizeof *probes * n);
        if (eo_tiles_probe(&map, &start, (uint8_t)k, probes, n, &n, &touching, NULL) != EO_OK)
            abort();
        free(probes);
    }

    /* the cache answers as a fresh read does */
    memset(&cache, 0, sizeof cache);
    if (eo_tiles_touching(&map, &b, &cache, &touching, &below, NULL) != EO_OK ||
        eo_tiles_touching(&map, &b, &cache, &t2, &b2, NULL) != EO_OK || t2 != touching || b2 != below)
        abort();

    /* walk from where the move ended (a clear box stays clear) */
    clear = !ref_overlaps_solid(&b);
    max_step = (uint8_t)(data[5] % (T + 2));
    start = b;
    if (eo_slopes_walk(&map, &b, (int16_t)(int8_t)data[6], max_step, flags & EO_TILES_DROP, &res, NULL) != EO_OK)
        abort();
    if ((clear && ref_overlaps_solid(&b)) || res.moved_x != (long)b.x - start.x)
        abort();

    /* sensors */
    if (eo_slopes_ground_at(&map, b.x, b.y, &g, NULL) != EO_OK ||
        (g.found && (g.height < 1 || g.height > T || g.distance != (long)g.ground_y - b.y)))
        abort();
    if (eo_slopes_box_ground(&map, &b, (uint8_t)(2 + (data[7] & 1)), &g, NULL) != EO_OK)
        abort();
    free(cells);
    free(attrs);
    free(slopes);
    free(rows);
    return 0;
}
