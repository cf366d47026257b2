/* Tests of core/src/raycast.c against a pixel-by-pixel walk (walk_reference.h, whose two forms
   test_query checks against each other): the tiles visited are the tiles of the pixels visited,
   in order; the hit is the first visited pixel that blocks.
   Run: build/tests/test_raycast [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"
#include "tile_maps.h"
#include "walk_reference.h"

#define RNG_SEED 777001u
#include "rng.h"

#define MAX_VISITS 30000
static eo_raycast_visit got_visits[MAX_VISITS];

/* ---- the reference ---------------------------------------------------------------------------- */

typedef struct ref_tile {
    int32_t col, row;
    ref_visit first;   /* the visit of its first pixel */
    uint8_t attr;
} ref_tile;

static ref_tile want_visits[MAX_VISITS];

typedef struct ref_ray {
    uint8_t block;
    int shift;
    long tiles;            /* tiles listed in want_visits (at most MAX_VISITS kept) */
    int32_t last_col, last_row;
    int hit;
    ref_visit hit_pixel;
    int32_t hit_col, hit_row;
    uint8_t hit_attr;
} ref_ray;

static int32_t floor_shift(int32_t p, int shift)
{
    return p >= 0 ? p >> shift : -1 - ((-1 - p) >> shift);
}

/* Does pixel (x, y) block? Its tile's kind in the mask; a slope only below its surface (with
   SLOPE; a one-way slope with ONE_WAY), a half tile only in its solid half (with SOLID or HALF). */
static int ref_blocks(uint8_t block, int32_t x, int32_t y)
{
    int T = tile_size(), shift = map.tile_shift ? map.tile_shift : 3;
    int32_t col = floor_shift(x, shift), row = floor_shift(y, shift);
    uint8_t attr = eo_tiles_attr_at(&map, (int16_t)col, (int16_t)row, NULL);
    int lx = (int)(x - col * T), ly = (int)(y - row * T);
    if (attr == EO_TILES_HALF_TOP || attr == EO_TILES_HALF_BOTTOM)
        return (block & (EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_HALF)) &&
               (attr == EO_TILES_HALF_TOP ? ly < T / 2 : ly >= T / 2);
    if (attr >= EO_TILES_ONE_WAY_SLOPE)
        return (block & EO_TILES_TOUCH_ONE_WAY) &&
               eo_tiles_slope_height(&map, (uint8_t)(attr - EO_TILES_ONE_WAY_SLOPE), (uint8_t)lx) > T - 1 - ly;
    if (attr >= EO_TILES_SLOPE)
        return (block & EO_TILES_TOUCH_SLOPE) &&
               eo_tiles_slope_height(&map, (uint8_t)(attr - EO_TILES_SLOPE), (uint8_t)lx) > T - 1 - ly;
    return (eo_tiles_kind_bit(attr) & block) != 0;
}

static int tile_seen(const ref_ray *r, int32_t col, int32_t row)
{
    long k;
    /* tiles are visited in runs: a tile seen before is among the last few (a corner's three) */
    for (k = r->tiles - 1; k >= 0 && k >= r->tiles - 4; k--)
        if (want_visits[k].col == col && want_visits[k].row == row)
            return 1;
    return 0;
}

static int ref_step(void *ctx, const ref_visit *v)
{
    ref_ray *r = ctx;
    int32_t col = floor_shift(v->x, r->shift), row = floor_shift(v->y, r->shift);
    if (!tile_seen(r, col, row)) {
        ref_tile *t;
        assert_true(r->tiles < MAX_VISITS);
        t = &want_visits[r->tiles++];
        t->col = col;
        t->row = row;
        t->first = *v;
        t->attr = eo_tiles_attr_at(&map, (int16_t)col, (int16_t)row, NULL);
    }
    if (ref_blocks(r->block, v->x, v->y)) {
        r->hit = 1;
        r->hit_pixel = *v;
        r->hit_col = col;
        r->hit_row = row;
        r->hit_attr = eo_tiles_attr_at(&map, (int16_t)col, (int16_t)row, NULL);
        return 1;
    }
    return 0;
}

/* The same hit, field by field (the struct has padding). */
static void assert_same_hit(const eo_raycast_hit *a, const eo_raycast_hit *b)
{
    assert_int_equal(a->hit, b->hit);
    assert_int_equal(a->attr, b->attr);
    assert_int_equal(a->face, b->face);
    assert_int_equal(a->col, b->col);
    assert_int_equal(a->row, b->row);
    assert_int_equal(a->x, b->x);
    assert_int_equal(a->y, b->y);
    assert_int_equal(a->t_num, b->t_num);
    assert_int_equal(a->t_den, b->t_den);
}

/* Without a visit list the walk skips the outside where nothing can block: the hit must be the
   one the whole walk finds (hit), and the tiles it visits (traced build) few. */
static void check_quick_ray(const eo_segment *s, uint8_t block, const eo_raycast_hit *hit)
{
    eo_raycast_hit quick;
    memset(&quick, 0xCD, sizeof quick);
    assert_int_equal(eo_raycast_tiles(&map, s, block, &quick, NULL, 0, NULL, NULL), EO_OK);
    if (quick.hit != hit->hit || quick.x != hit->x || quick.y != hit->y || quick.t_num != hit->t_num)
        fail_msg("segment (%ld,%ld)-(%ld,%ld) block %u outside %u: without visits %s at (%ld,%ld) t %lu, with them %s at (%ld,%ld) t %lu",
                 (long)s->x0, (long)s->y0, (long)s->x1, (long)s->y1, block, map.outside, quick.hit ? "hit" : "clear",
                 (long)quick.x, (long)quick.y, (unsigned long)quick.t_num, hit->hit ? "hit" : "clear", (long)hit->x,
                 (long)hit->y, (unsigned long)hit->t_num);
    assert_same_hit(&quick, hit);
}

static void check_ray(eo_segment s, uint8_t block)
{
    ref_ray r;
    eo_raycast_hit hit;
    uint16_t count = 0, k;
    int32_t dx = s.x1 - s.x0, dy = s.y1 - s.y0;
    eo_result res;
    memset(&r, 0, sizeof r);
    r.block = block ? block : (uint8_t)(EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_SLOPE);
    r.shift = map.tile_shift ? map.tile_shift : 3;
    (void)ref_pixels_events(s.x0, s.y0, s.x1, s.y1, ref_step, &r);
    memset(&hit, 0xAB, sizeof hit);
    res = eo_raycast_tiles(&map, &s, block, &hit, got_visits, MAX_VISITS, &count, NULL);
    assert_int_equal(res, EO_OK);
    if (hit.hit != r.hit)
        fail_msg("segment (%d,%d)-(%d,%d) block %u: core %s, reference %s", s.x0, s.y0, s.x1, s.y1, block,
                 hit.hit ? "hit" : "clear", r.hit ? "hit" : "clear");
    if (r.hit) {
        if (hit.x != r.hit_pixel.x || hit.y != r.hit_pixel.y || hit.col != r.hit_col || hit.row != r.hit_row ||
            hit.attr != r.hit_attr || (int64_t)hit.t_num * r.hit_pixel.d != r.hit_pixel.n * hit.t_den ||
            hit.face != ref_face(r.hit_pixel.rank, dx, dy))
            fail_msg("segment (%d,%d)-(%d,%d) block %u: core pixel (%d,%d) tile (%d,%d) t %u/%u face %u, "
                     "reference pixel (%d,%d) tile (%d,%d) t %lld/%lld face %u",
                     s.x0, s.y0, s.x1, s.y1, block, hit.x, hit.y, hit.col, hit.row, hit.t_num, hit.t_den, hit.face,
                     r.hit_pixel.x, r.hit_pixel.y, r.hit_col, r.hit_row, (long long)r.hit_pixel.n,
                     (long long)r.hit_pixel.d, ref_face(r.hit_pixel.rank, dx, dy));
    } else {
        assert_int_equal(hit.x, 0);
        assert_int_equal(hit.t_den, 0);
        assert_int_equal(hit.face, 0);
    }
    check_quick_ray(&s, block, &hit);
    if (count != r.tiles)
        fail_msg("segment (%d,%d)-(%d,%d) block %u: core visits %u tiles, reference %ld", s.x0, s.y0, s.x1, s.y1,
                 block, count, r.tiles);
    for (k = 0; k < count; k++) {
        const eo_raycast_visit *g = &got_visits[k];
        const ref_tile *w = &want_visits[k];
        if (g->col != w->col || g->row != w->row || g->attr != w->attr ||
            (int64_t)g->t_num * w->first.d != w->first.n * g->t_den || g->face != ref_face(w->first.rank, dx, dy))
            fail_msg("segment (%d,%d)-(%d,%d) visit %u: core tile (%d,%d) t %u/%u face %u attr %u, reference (%d,%d) t %lld/%lld face %u attr %u",
                     s.x0, s.y0, s.x1, s.y1, k, g->col, g->row, g->t_num, g->t_den, g->face, g->attr, w->col, w->row,
                     (long long)w->first.n, (long long)w->first.d, ref_face(w->first.rank, dx, dy), w->attr);
    }
}

static const char tile_chars[] = ".#=H^~x/\\abcduMTN_-pqrsw";

static void random_map(uint16_t w, uint16_t h, uint8_t shift)
{
    static const uint8_t weights[] = { 40, 12, 5, 5, 3, 3, 2, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2 };
    int i, total = 0, k;
    for (k = 0; k < (int)sizeof weights; k++)
        total += weights[k];
    blank_map(w, h, shift, (uint8_t)(rng() % 3u));
    for (i = 0; i < w * h; i++) {
        int pick = rng_range(0, total - 1);
        for (k = 0; pick >= weights[k]; k++)
            pick -= weights[k];
        cells[i] = (uint8_t)tile_chars[k];
    }
    assert_int_equal(eo_tiles_check(&map), EO_OK);
}

static uint8_t random_block(void)
{
    static const uint8_t masks[] = { 0, 0, EO_TILES_TOUCH_SOLID, EO_TILES_TOUCH_SLOPE, EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_ONE_WAY,
                                     EO_TILES_TOUCH_WATER | EO_TILES_TOUCH_HAZARD, EO_TILES_TOUCH_LADDER | EO_TILES_TOUCH_SLOPE,
                                     EO_TILES_TOUCH_HALF, EO_TILES_TOUCH_ONE_WAY, 0xFF };
    return masks[rng() % sizeof masks];
}

/* ---- properties -------------------------------------------------------------------------------- */

static void test_raycast_matches_pixel_walk(void **state)
{
    int i;
    (void)state;
    for (i = 0; i < 3000; i++) {
        uint8_t shift = (uint8_t)(i % 10 == 0 ? rng_range(4, 5) : 3);
        int T = 1 << shift, W, H;
        eo_segment s;
        if (i % 20 == 0)
            random_map((uint16_t)rng_range(6, 14), (uint16_t)rng_range(5, 10), shift);
        W = map.width * T;
        H = map.height * T;
        s.x0 = (int16_t)rng_range(-2 * T, W + 2 * T);
        s.y0 = (int16_t)rng_range(-2 * T, H + 2 * T);
        switch (i % 6) {
        case 0: { int a = rng_range(-3 * T, 3 * T); s.x1 = (int16_t)(s.x0 + a); s.y1 = (int16_t)(s.y0 + (rng() % 2 ? a : -a)); break; }
        case 1: /* from a tile corner, diagonally or not */
            s.x0 = (int16_t)(T * rng_range(-1, map.width + 1));
            s.y0 = (int16_t)(T * rng_range(-1, map.height + 1));
            s.x1 = (int16_t)(s.x0 + T * rng_range(-3, 3) + (i % 12 == 1 ? rng_range(-2, 2) : 0));
            s.y1 = (int16_t)(s.y0 + T * rng_range(-3, 3));
            break;
        case 2: s.x1 = (int16_t)rng_range(-2 * T, W + 2 * T); s.y1 = s.y0; break;
        case 3: s.x1 = s.x0; s.y1 = (int16_t)rng_range(-2 * T, H + 2 * T); break;
        case 4: s.x1 = s.x0; s.y1 = s.y0; break;
        default: s.x1 = (int16_t)rng_range(-2 * T, W + 2 * T); s.y1 = (int16_t)rng_range(-2 * T, H + 2 * T);
        }
        if (i % 7 == 2) { /* along a tile line */
            s.y0 = (int16_t)(T * rng_range(0, map.height));
            s.y1 = s.y0;
        }
        check_ray(s, random_block());
    }
}

static void test_raycast_int16_extremes(void **state)
{
    static const int16_t edges[] = { -32768, -32767, -32761, -1, 0, 1, 32759, 32766, 32767 };
    int i;
    (void)state;
    for (i = 0; i < 120; i++) {
        eo_segment s;
        uint8_t shift = (uint8_t)(3 + i % 5);
        random_map((uint16_t)rng_range(2, 12), (uint16_t)rng_range(2, 12), shift);
        if (i % 3 == 0)
            map.outside = EO_TILES_OUTSIDE_EMPTY; /* walks the whole way */
        s.x0 = i % 2 ? edges[rng() % 9] : (int16_t)rng();
        s.y0 = i % 4 < 2 ? edges[rng() % 9] : (int16_t)rng();
        s.x1 = i % 5 ? edges[rng() % 9] : (int16_t)rng();
        s.y1 = i % 6 == 0 ? s.y0 : (int16_t)rng();
        if (i % 8 == 0) { s.x0 = -32768; s.y0 = -32768; s.x1 = 32767; s.y1 = 32767; }
        if (i % 8 == 4) { s.x0 = 32767; s.y0 = -32768; s.x1 = -32768; s.y1 = 32767; }
        check_ray(s, (uint8_t)(i % 2 ? 0 : EO_TILES_TOUCH_SLOPE | EO_TILES_TOUCH_ONE_WAY));
    }
}

/* Long segments far outside the map, every outside policy and block mask: without visits the walk
   skips the outside (check_quick_ray: the same hit as the whole walk) and visits about the tiles
   in and around the map (traced build: counted), however long the segment. */
static void test_raycast_skips_the_outside(void **state)
{
    int i;
    long most = 0;
    (void)state;
    for (i = 0; i < 600; i++) {
        uint8_t shift = (uint8_t)(3 + i % 3), block = random_block();
        long T = 1L << shift, W, H, far = i % 3 == 0 ? 20000 : 3000;
        eo_segment s;
        eo_raycast_hit full;
        uint16_t count = 0;
        eo_result res;
        if (i % 10 == 0)
            random_map((uint16_t)rng_range(2, 12), (uint16_t)rng_range(2, 12), shift);
        map.outside = (uint8_t)(i % 3);
        W = map.width * T;
        H = map.height * T;
        s.x0 = (eo_coord)rng_range(-(int)far, (int)(W + far)); s.y0 = (eo_coord)rng_range(-(int)far, (int)(H + far));
        s.x1 = (eo_coord)rng_range(-(int)far, (int)(W + far)); s.y1 = (eo_coord)rng_range(-(int)far, (int)(H + far));
        if (i % 4 == 1) { /* through a corner of the map at 45 degrees */
            long d = far - T;
            s.x0 = (eo_coord)(-d); s.y0 = (eo_coord)(-d); s.x1 = (eo_coord)(i % 8 == 1 ? d : -T); s.y1 = (eo_coord)(i % 8 == 1 ? d : -T);
        }
        if (i % 4 == 2) { /* along the map's top or left tile line, from far away */
            if (rng() % 2u) { s.y0 = 0; s.y1 = 0; } else { s.x0 = 0; s.x1 = 0; }
        }
        memset(&full, 0xAB, sizeof full);
        res = eo_raycast_tiles(&map, &s, block, &full, NULL, 0, &count, NULL); /* counting: the whole walk */
        assert_true(res == EO_OK || res == EO_ERR_BUFFER_TOO_SMALL);
        check_quick_ray(&s, block, &full);
#if EO_TRACE
        {
            eo_hooks hooks;
            eo_raycast_hit quick;
            eo_hooks_init(&hooks, NULL, 0);
            assert_int_equal(eo_raycast_tiles(&map, &s, block, &quick, NULL, 0, NULL, &hooks), EO_OK);
            assert_true((long)hooks.counters[EO_COUNTER_RAYCAST_TILES] <= 4L * (map.width + map.height) + 16);
            if ((long)hooks.counters[EO_COUNTER_RAYCAST_TILES] > most)
                most = (long)hooks.counters[EO_COUNTER_RAYCAST_TILES];
        }
#endif
    }
    print_message("raycast without visits: at most %ld tiles visited on maps of at most 12 x 12\n", most);
}

#if EO_COORD_BITS > 16
/* A ray aimed a billion pixels away (a game's "towards (1e9, 7e8)"): without visits it visits the
   tiles of the map and a few beside it (traced build: counted), not 10^8 outside tiles, and it
   still stops at a wall it meets on the way back in. */
static void test_raycast_a_billion_pixels(void **state)
{
    static const char *const art[] = {
        "........",
        "........",
        "....#...",
        "........",
    };
    eo_raycast_hit hit;
    eo_hooks hooks;
    (void)state;
    load(art, 4, 3, EO_TILES_OUTSIDE_EMPTY);
    eo_hooks_init(&hooks, NULL, 0);
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 4, 26, 1000000000, 700000000 }, 0, &hit, NULL, 0, NULL, &hooks), EO_OK);
    assert_int_equal(hit.hit, 0);
#if EO_TRACE
    assert_true(hooks.counters[EO_COUNTER_RAYCAST_TILES] < 40u);
#endif
    /* from a billion pixels out, back into the map: the wall at tile (4, 2) */
    eo_hooks_init(&hooks, NULL, 0);
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ -1000000000, 20, 63, 20 }, 0, &hit, NULL, 0, NULL, &hooks), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.col, 4);
    assert_int_equal(hit.row, 2);
    assert_int_equal(hit.x, 32);
    assert_int_equal(hit.y, 20);
    assert_int_equal(hit.t_num, 1000000032u);
    assert_int_equal(hit.t_den, 1000000063u);
#if EO_TRACE
    assert_true(hooks.counters[EO_COUNTER_RAYCAST_TILES] < 40u);
#endif
    /* with a solid outside the ray stops at the map's edge, however far it aims */
    map.outside = EO_TILES_OUTSIDE_SOLID;
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 4, 4, 4, -2000000000 }, 0, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.row, -1);
    assert_int_equal(hit.y, -1);
}
#endif

/* ---- hand-picked ---------------------------------------------------------------------------------- */

static eo_segment seg(int x0, int y0, int x1, int y1)
{
    eo_segment s;
    s.x0 = (int16_t)x0; s.y0 = (int16_t)y0; s.x1 = (int16_t)x1; s.y1 = (int16_t)y1;
    return s;
}

static void test_raycast_corners_are_never_skipped(void **state)
{
    static const char *const diagonal[] = {
        "....",
        ".#..",
        "..#.",
        "....",
    };
    eo_raycast_hit hit;
    uint16_t count;
    (void)state;
    load(diagonal, 4, 3, EO_TILES_OUTSIDE_EMPTY);
    /* down-right between (2,1)... no: the walls are (1,1) and (2,2), which meet at corner (16, 16) */
    /* up-right through corner (16, 16), between tiles (2,1) and (1,2): both empty, the walls are the
       other diagonal: the side tiles of this corner are (2,2) and (1,1) */
    check_ray(seg(12, 20, 20, 12), 0);
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 12, 20, 20, 12 }, 0, &hit, got_visits, 8, &count, NULL), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.col, 2); /* across the vertical line first: (2, 2) */
    assert_int_equal(hit.row, 2);
    assert_int_equal(hit.x, 16);
    assert_int_equal(hit.y, 16);
    assert_int_equal(hit.face, EO_HIT_LEFT);
    assert_int_equal((long)hit.t_num * 2, (long)hit.t_den); /* t = 1/2 */
    /* the visits: (1,2), then (2,2) blocks */
    assert_int_equal(count, 2);
    assert_int_equal(got_visits[0].col, 1);
    assert_int_equal(got_visits[0].row, 2);
    assert_int_equal(got_visits[0].face, 0);
    assert_int_equal(got_visits[1].col, 2);
    assert_int_equal(got_visits[1].row, 2);

    /* down-right along the diagonal of the walls: blocked at once in (1,1) */
    check_ray(seg(4, 4, 28, 28), 0);
    /* down-right through corner (16, 8) between (2,0) and (1,1)... passes (1,0) -> side tiles (2,0)
       and (1,1): (1,1) is solid */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 12, 4, 20, 12 }, 0, &hit, got_visits, 8, &count, NULL), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.col, 1);
    assert_int_equal(hit.row, 1);
    assert_int_equal(hit.x, 15);
    assert_int_equal(hit.y, 8);
    assert_int_equal(hit.face, EO_HIT_TOP);
    assert_int_equal(count, 3);
    assert_int_equal(got_visits[1].col, 2); /* the x-side tile first, */
    assert_int_equal(got_visits[1].row, 0);
    assert_int_equal(got_visits[1].face, EO_HIT_LEFT);
    assert_int_equal(got_visits[2].col, 1); /* then the y-side one, which blocks */
    assert_int_equal(got_visits[2].row, 1);
    assert_int_equal(got_visits[2].face, EO_HIT_TOP);
    check_ray(seg(12, 4, 20, 12), 0);

    /* an open diagonal: all four tiles around each corner, x-side, y-side, diagonal */
    load((const char *const[]){ "....", "....", "....", "...." }, 4, 3, EO_TILES_OUTSIDE_EMPTY);
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 4, 4, 20, 20 }, 0, &hit, got_visits, 8, &count, NULL), EO_OK);
    assert_int_equal(hit.hit, 0);
    assert_int_equal(count, 7); /* (0,0) | (1,0) (0,1) (1,1) | (2,1) (1,2) (2,2) */
    assert_int_equal(got_visits[3].col, 1);
    assert_int_equal(got_visits[3].row, 1);
    assert_int_equal(got_visits[3].face, EO_HIT_LEFT | EO_HIT_TOP);
    check_ray(seg(4, 4, 20, 20), 0);
    /* a segment starting on a corner and leaving it up-left visits the tiles beside it at t = 0 */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 16, 16, 10, 10 }, 0, &hit, got_visits, 8, &count, NULL), EO_OK);
    assert_int_equal(count, 4);
    assert_int_equal(got_visits[0].col, 2);
    assert_int_equal(got_visits[1].col, 1);
    assert_int_equal(got_visits[1].row, 2);
    assert_int_equal(got_visits[1].t_num, 0);
    assert_int_equal(got_visits[3].col, 1);
    assert_int_equal(got_visits[3].row, 1);
    check_ray(seg(16, 16, 10, 10), 0);
    /* leaving it down-right: only the tile it starts in */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 16, 16, 20, 20 }, 0, &hit, got_visits, 8, &count, NULL), EO_OK);
    assert_int_equal(count, 1);
}

static void test_raycast_edges_ends_and_starts(void **state)
{
    static const char *const room[] = {
        "......",
        "..#...",
        "......",
    };
    eo_raycast_hit hit;
    uint16_t count;
    (void)state;
    load(room, 3, 3, EO_TILES_OUTSIDE_EMPTY);
    /* along the top line of the wall tile (y = 8): runs through row 1, hits it */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 0, 8, 40, 8 }, 0, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.x, 16);
    assert_int_equal(hit.y, 8);
    assert_int_equal(hit.face, EO_HIT_LEFT);
    /* along its bottom line (y = 16): row 2, clear */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 0, 16, 40, 16 }, 0, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.hit, 0);
    /* ends on its left line moving right: the end point is in it; moving left onto its right line: not */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 2, 12, 16, 12 }, 0, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.t_num, hit.t_den);
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 40, 12, 24, 12 }, 0, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.hit, 0);
    /* starts on its right line moving left: enters at t = 0 through its right side */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 24, 12, 0, 12 }, 0, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.t_num, 0);
    assert_int_equal(hit.x, 23);
    assert_int_equal(hit.face, EO_HIT_RIGHT);
    /* starts inside: t = 0, no face; zero length too */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 18, 10, 0, 0 }, 0, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.face, 0);
    assert_int_equal(hit.x, 18);
    assert_int_equal(hit.y, 10);
    assert_int_equal(hit.t_den, 1);
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 20, 20, 20, 20 }, 0, &hit, got_visits, 4, &count, NULL), EO_OK);
    assert_int_equal(hit.hit, 0);
    assert_int_equal(count, 1);
    /* vertical, from below */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 20, 23, 20, -50 }, 0, &hit, got_visits, 4, &count, NULL), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.y, 15);
    assert_int_equal(hit.face, EO_HIT_BOTTOM);
    assert_int_equal(count, 2);
    assert_int_equal(got_visits[1].face, EO_HIT_BOTTOM);
    /* outside solid: a ray leaving the map stops at its edge */
    map.outside = EO_TILES_OUTSIDE_SOLID;
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 4, 20, -30, 20 }, 0, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.col, -1);
    assert_int_equal(hit.x, -1);
    assert_int_equal(hit.attr, EO_TILES_SOLID);
    /* only what the mask names blocks */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 0, 12, 40, 12 }, EO_TILES_TOUCH_WATER, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.hit, 0);
}

static void test_raycast_slopes_stop_below_the_surface(void **state)
{
    static const char *const hill[] = {
        "....",
        "../.",
        "....",
    };
    eo_raycast_hit hit;
    uint16_t count;
    (void)state;
    load(hill, 3, 3, EO_TILES_OUTSIDE_EMPTY);
    /* tile (2,1) rises to the right: column i holds i + 1 ground pixels. A horizontal ray along
       pixel row 12 (local row 4: ground where height > 3, columns 3 .. 7) from the left enters the
       tile at x = 16 and meets ground at x = 19 */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 0, 12, 31, 12 }, 0, &hit, got_visits, 8, &count, NULL), EO_OK);
    assert_int_equal(hit.hit, 1);
    assert_int_equal(hit.x, 19);
    assert_int_equal(hit.y, 12);
    assert_int_equal(hit.col, 2);
    assert_int_equal(hit.face, EO_HIT_LEFT);
    assert_int_equal(hit.attr, EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_45_UP));
    check_ray(seg(0, 12, 31, 12), 0);
    /* from above, straight down column 17 (height 2): ground from local row 6, pixel y 14 */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 17, 0, 17, 23 }, 0, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.y, 14);
    assert_int_equal(hit.face, EO_HIT_TOP);
    /* slopes not in the mask: clear */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 17, 0, 17, 23 }, EO_TILES_TOUCH_SOLID, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(hit.hit, 0);
    /* over the surface, through the empty half of the tile: clear, the tile still visited */
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 15, 7, 24, 16 }, 0, &hit, got_visits, 8, &count, NULL), EO_OK);
    check_ray(seg(15, 7, 24, 16), 0);
}

/* A solid tile and a box of the same pixels stop a segment alike (the walks are the same). */
static void test_raycast_agrees_with_box_cast(void **state)
{
    int i;
    (void)state;
    for (i = 0; i < 3000; i++) {
        int T = 8, col = rng_range(0, 5), row = rng_range(0, 5);
        eo_box b;
        eo_segment s;
        eo_query_segment_hit bh;
        eo_raycast_hit th;
        uint8_t boxed;
        if (i % 100 == 0)
            blank_map(6, 6, 3, EO_TILES_OUTSIDE_EMPTY);
        memset(cells, '.', 36);
        cells[row * 6 + col] = '#';
        b.x = (int16_t)(col * T); b.y = (int16_t)(row * T); b.w = (int16_t)T; b.h = (int16_t)T;
        s.x0 = (int16_t)rng_range(-10, 58); s.y0 = (int16_t)rng_range(-10, 58);
        if (i % 3 == 0) {
            int a = rng_range(-40, 40);
            s.x1 = (int16_t)(s.x0 + a); s.y1 = (int16_t)(s.y0 + (rng() % 2 ? a : -a));
        } else {
            s.x1 = (int16_t)rng_range(-10, 58); s.y1 = (int16_t)rng_range(-10, 58);
        }
        boxed = eo_query_segment_box(&s, &b, &bh);
        assert_int_equal(eo_raycast_tiles(&map, &s, EO_TILES_TOUCH_SOLID, &th, NULL, 0, NULL, NULL), EO_OK);
        assert_int_equal(th.hit, boxed);
        if (boxed) {
            assert_int_equal(th.x, bh.x);
            assert_int_equal(th.y, bh.y);
            assert_int_equal((long)th.t_num * bh.t_den, (long)bh.t_num * th.t_den);
            assert_int_equal(th.face, bh.face);
        }
    }
}

static void test_raycast_visit_capacity_and_errors(void **state)
{
    eo_raycast_hit hit;
    uint16_t count = 0;
    eo_tiles_map bad;
    eo_segment s = seg(0, 4, 60, 4);
    (void)state;
    load((const char *const[]){ "......#." }, 1, 3, EO_TILES_OUTSIDE_EMPTY);
    assert_int_equal(eo_raycast_tiles(&map, &s, 0, &hit, got_visits, 3, &count, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(count, 7);
    assert_int_equal(hit.hit, 1); /* computed in full */
    assert_int_equal(hit.col, 6);
    assert_int_equal(got_visits[2].col, 2);
    assert_int_equal(eo_raycast_tiles(&map, &s, 0, &hit, NULL, 0, &count, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(eo_raycast_tiles(&map, &s, 0, &hit, got_visits, 7, &count, NULL), EO_OK);
    assert_int_equal(eo_raycast_tiles(&map, &s, 0, &hit, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(eo_raycast_tiles(NULL, &s, 0, &hit, NULL, 0, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_raycast_tiles(&map, NULL, 0, &hit, NULL, 0, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_raycast_tiles(&map, &s, 0, NULL, NULL, 0, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_raycast_tiles(&map, &s, 0, &hit, NULL, 3, &count, NULL), EO_ERR_NULL_POINTER);
    bad = map;
    bad.tile_shift = 9;
    assert_int_equal(eo_raycast_tiles(&bad, &s, 0, &hit, NULL, 0, NULL, NULL), EO_ERR_BAD_ARGUMENT);
}

static void test_raycast_trace_hooks(void **state)
{
    eo_trace_step steps[512];
    eo_hooks hooks;
    eo_raycast_hit hit;
    uint16_t k;
    (void)state;
    load((const char *const[]){ "....", "....", "...\\" }, 3, 3, EO_TILES_OUTSIDE_EMPTY);
    eo_hooks_init(&hooks, steps, 512);
    assert_int_equal(eo_raycast_tiles(&map, &(eo_segment){ 4, 4, 28, 28 }, 0, &hit, NULL, 0, NULL, &hooks), EO_OK);
    assert_int_equal(hit.hit, 1);
#if EO_TRACE
    {
        int tiles = 0, corners = 0, pixels = 0, block = 0;
        for (k = 0; k < hooks.step_count; k++) {
            assert_string_not_equal(eo_event_name(steps[k].event), "EO_EV_UNKNOWN");
            tiles += steps[k].event == EO_EV_RAYCAST_TILE;
            corners += steps[k].event == EO_EV_RAYCAST_CORNER;
            pixels += steps[k].event == EO_EV_RAYCAST_PIXEL;
            block += steps[k].event == EO_EV_RAYCAST_BLOCK;
        }
        assert_int_equal(tiles, (int)hooks.counters[EO_COUNTER_RAYCAST_TILES]);
        assert_int_equal(pixels, (int)hooks.counters[EO_COUNTER_RAYCAST_PIXELS]);
        assert_true(corners >= 2);
        assert_true(pixels > 0);
        assert_int_equal(block, 1);
        assert_int_equal(hooks.steps_lost, 0);
    }
#else
    (void)k;
    assert_int_equal(hooks.step_count, 0);
#endif
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_raycast_matches_pixel_walk),
        cmocka_unit_test(test_raycast_int16_extremes),
        cmocka_unit_test(test_raycast_skips_the_outside),
#if EO_COORD_BITS > 16
        cmocka_unit_test(test_raycast_a_billion_pixels),
#endif
        cmocka_unit_test(test_raycast_corners_are_never_skipped),
        cmocka_unit_test(test_raycast_edges_ends_and_starts),
        cmocka_unit_test(test_raycast_slopes_stop_below_the_surface),
        cmocka_unit_test(test_raycast_agrees_with_box_cast),
        cmocka_unit_test(test_raycast_visit_capacity_and_errors),
        cmocka_unit_test(test_raycast_trace_hooks),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
