/* Every module at the edges of the world: coordinates and sizes at EO_COORD_MIN and EO_COORD_MAX
   (config.h), against plain comparisons made in 64 bits. The same file runs in the 32-bit build
   (the default on native and wasm hosts) and in the 16-bit one the Z80 uses (make test-core
   builds both), so neither build can overflow or wrap where the other does not; the sanitizer
   suite runs it too. Run: build/tests/test_coords [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"

#define RNG_SEED 20261124u
#include "rng.h"
#include "sweep_reference.h"

#define N 48

static uint32_t storage[120000]; /* 4-byte aligned: sweep words and sector entries are 32-bit in the 32-bit build */
static eo_box boxes[N];

/* A coordinate biased to the world's edges and to 0. */
static eo_coord edge_coord(void)
{
    switch (rng() % 10u) {
    case 0: return EO_COORD_MIN;
    case 1: return (eo_coord)(EO_COORD_MIN + 1);
    case 2: return (eo_coord)(EO_COORD_MIN + (eo_coord)(rng() % 64u));
    case 3: return (eo_coord)-1;
    case 4: return 0;
    case 5: return (eo_coord)(EO_COORD_MAX - (eo_coord)(rng() % 64u));
    case 6: return (eo_coord)(EO_COORD_MAX - 1);
    case 7: return EO_COORD_MAX;
    default: return (eo_coord)(eo_ucoord)rng(); /* anywhere */
    }
}

/* A size biased to tiny, huge and empty. */
static eo_coord edge_size(void)
{
    switch (rng() % 9u) {
    case 0: return 1;
    case 1: return (eo_coord)(1 + rng() % 70u);
    case 2: return EO_COORD_MAX;
    case 3: return (eo_coord)(EO_COORD_MAX / 2);
    case 4: return (eo_coord)(EO_COORD_MAX - (eo_coord)(rng() % 64u));
    case 5: return 0;
    case 6: return EO_COORD_MIN;
    default: return (eo_coord)((eo_ucoord)rng() & (eo_ucoord)EO_COORD_MAX);
    }
}

static void edge_boxes(uint16_t n)
{
    uint16_t i;
    for (i = 0; i < n; i++) {
        boxes[i].x = edge_coord();
        boxes[i].y = edge_coord();
        boxes[i].w = edge_size();
        boxes[i].h = edge_size();
    }
}

/* Half-open overlap in 64 bits: no sum can overflow here. */
static int ref_overlap(const eo_box *a, const eo_box *b)
{
    long long ax = a->x, ay = a->y, bx = b->x, by = b->y;
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0)
        return 0;
    return ax < bx + b->w && bx < ax + a->w && ay < by + b->h && by < ay + a->h;
}

static uint32_t ref_pairs(uint16_t n, eo_pair *out)
{
    uint16_t i, j;
    uint32_t k = 0;
    for (i = 0; i < n; i++)
        for (j = (uint16_t)(i + 1u); j < n; j++)
            if (ref_overlap(&boxes[i], &boxes[j])) {
                out[k].a = i;
                out[k].b = j;
                k++;
            }
    return k;
}

static int pair_cmp(const void *p, const void *q)
{
    const eo_pair *a = (const eo_pair *)p, *b = (const eo_pair *)q;
    return a->a != b->a ? (int)a->a - (int)b->a : (int)a->b - (int)b->b;
}

static void assert_same_pairs(eo_pair *got, uint32_t n_got, eo_pair *want, uint32_t n_want)
{
    uint32_t k;
    qsort(got, n_got, sizeof *got, pair_cmp);
    assert_int_equal(n_got, n_want);
    for (k = 0; k < n_got; k++) {
        assert_int_equal(got[k].a, want[k].a);
        assert_int_equal(got[k].b, want[k].b);
    }
}

static void test_coords_types(void **state)
{
    (void)state;
    assert_int_equal(sizeof(eo_coord) * 8u, EO_COORD_BITS);
    assert_int_equal(sizeof(eo_ucoord), sizeof(eo_coord));
    assert_int_equal(sizeof(eo_wide), 2u * sizeof(eo_coord));
    assert_int_equal(sizeof(eo_uwide), 2u * sizeof(eo_coord));
    assert_true((long long)EO_COORD_MAX == (1LL << (EO_COORD_BITS - 1)) - 1);
    assert_true((long long)EO_COORD_MIN == -(1LL << (EO_COORD_BITS - 1)));
#if EO_COORD_BITS == 32
    assert_true(EO_COORD_MAX >= 1000000 && EO_COORD_MIN <= -1000000); /* the native/wasm promise */
#endif
}

/* aabb, sort-and-sweep (both forms), sectors over the whole world, brute force: all equal to the
   64-bit reference on boxes at the edges. */
static void test_coords_broadphases_at_the_edges(void **state)
{
    static eo_pair want[N * N / 2], got[N * N / 2];
    uint16_t order[N];
    uint32_t n_want, n;
    int round;
    (void)state;
    for (round = 0; round < 300; round++) {
        uint16_t count = (uint16_t)(2 + rng() % (N - 1u)), i, j;
        eo_sectors grid;
        eo_sweep sw;
        eo_sectors_config cfg;
        edge_boxes(count);
        n_want = ref_pairs(count, want);
        for (i = 0; i < count; i++)
            for (j = 0; j < count; j++)
                assert_int_equal(eo_aabb_overlap(&boxes[i], &boxes[j]), ref_overlap(&boxes[i], &boxes[j]));
        assert_int_equal(eo_aabb_find_pairs(boxes, count, EO_AABB_Y_FIRST, got, N * N / 2, &n, NULL, NULL), EO_OK);
        assert_same_pairs(got, n, want, n_want);
        assert_int_equal(sweep_ref_find_pairs(boxes, count, (eo_aabb_order)(round & 1), NULL, order, 0, got,
                                             N * N / 2, &n, NULL), EO_OK);
        assert_same_pairs(got, n, want, n_want);
        assert_int_equal(eo_sweep_init(&sw, N, (eo_aabb_order)(round & 1), storage, sizeof storage), EO_OK);
        assert_int_equal(eo_sweep_find_pairs(&sw, boxes, count, NULL, got, N * N / 2, &n, NULL, NULL), EO_OK);
        assert_same_pairs(got, n, want, n_want);
        /* a grid over the whole world (its far edge clamped), or over a corner of it */
        memset(&cfg, 0, sizeof cfg);
        cfg.world_x = EO_COORD_MIN;
        cfg.world_y = round % 3 == 0 ? (eo_coord)0 : EO_COORD_MIN;
        cfg.world_w = EO_COORD_MAX;
        cfg.world_h = round % 3 == 0 ? (eo_coord)(EO_COORD_MAX / 3) : EO_COORD_MAX;
        cfg.cols = (uint8_t)(round % 5 == 0 ? 255u : 1u + rng() % 16u); /* 255: cells of 2^24 px or 128 */
        cfg.rows = (uint8_t)(1 + rng() % 16u);
        cfg.max_objects = N;
        cfg.max_entries = N * 255u * 16u < 65535u ? (uint16_t)(N * 255u * 16u) : 65535u;
        assert_true(eo_sectors_storage_size(&cfg) <= sizeof storage);
        assert_int_equal(eo_sectors_init(&grid, &cfg, storage, sizeof storage), EO_OK);
        assert_int_equal(eo_sectors_build(&grid, boxes, count, NULL, NULL), EO_OK);
        assert_int_equal(eo_sectors_find_pairs(&grid, boxes, NULL, got, N * N / 2, &n, NULL, NULL), EO_OK);
        assert_same_pairs(got, n, want, n_want);
    }
}

/* Point and region queries over a sectors grid and a sweep at the world's corners. */
static void test_coords_queries_at_the_edges(void **state)
{
    eo_index got_s[N], got_w[N], n_s, n_w;
    uint16_t i, k;
    int round;
    (void)state;
    for (round = 0; round < 300; round++) {
        uint16_t count = (uint16_t)(1 + rng() % N);
        eo_sectors grid;
        eo_sweep sw;
        eo_sectors_config cfg = { 0, 0, 0, 0, 0, 0, 0, 0 };
        eo_box region;
        eo_pair dummy[1];
        uint32_t n;
        edge_boxes(count);
        region.x = edge_coord();
        region.y = edge_coord();
        region.w = round % 4 == 0 ? 1 : edge_size();
        region.h = round % 4 == 0 ? 1 : edge_size();
        cfg.world_x = EO_COORD_MIN;
        cfg.world_y = EO_COORD_MIN;
        cfg.world_w = EO_COORD_MAX;
        cfg.world_h = EO_COORD_MAX;
        cfg.cols = 16;
        cfg.rows = 16;
        cfg.max_objects = N;
        cfg.max_entries = N * 256u;
        assert_int_equal(eo_sectors_init(&grid, &cfg, storage, sizeof storage), EO_OK);
        assert_int_equal(eo_sectors_build(&grid, boxes, count, NULL, NULL), EO_OK);
        assert_int_equal(eo_query_sectors_region(&grid, boxes, NULL, NULL, &region, got_s, N, &n_s, NULL), EO_OK);
        assert_int_equal(eo_sweep_init(&sw, N, EO_AABB_X_FIRST, storage + 50000, sizeof storage - 50000u * 4u), EO_OK);
        (void)eo_sweep_find_pairs(&sw, boxes, count, NULL, dummy, 0, &n, NULL, NULL);
        assert_int_equal(eo_query_sweep_region(&sw, NULL, NULL, &region, got_w, N, &n_w, NULL), EO_OK);
        for (i = 0, k = 0; i < count; i++)
            if (ref_overlap(&boxes[i], &region)) {
                assert_true(k < n_s);
                assert_int_equal(got_s[k], i);
                k++;
            }
        assert_int_equal(n_s, k);
        assert_int_equal(n_w, k); /* the sweep lists them in sweep order */
        if (round % 4 == 0) {
            assert_int_equal(eo_query_sectors_point(&grid, boxes, NULL, NULL, region.x, region.y, got_s, N, &n_s, NULL), EO_OK);
            assert_int_equal(n_s, k);
        }
    }
}

/* A segment across the whole world: the exact t of its hit, with products past 32 bits in the
   32-bit build (t_den is 2 * EO_COORD_MAX + 1). */
static void test_coords_segment_across_the_world(void **state)
{
    eo_segment s = { EO_COORD_MIN, 5, EO_COORD_MAX, 5 };
    eo_segment d = { EO_COORD_MIN, EO_COORD_MIN, EO_COORD_MAX, EO_COORD_MAX };
    eo_box b = { 1000, 0, 10, 10 }, corner = { EO_COORD_MAX, EO_COORD_MAX, 1, 1 }, mid = { -1, -1, 1, 1 };
    eo_box far_box = { EO_COORD_MIN, EO_COORD_MIN, 1, 1 };
    eo_query_segment_hit h;
    (void)state;
    assert_int_equal(eo_query_segment_box(&s, &b, &h), 1);
    assert_int_equal(h.x, 1000);
    assert_int_equal(h.y, 5);
    assert_int_equal(h.face, EO_HIT_LEFT);
    assert_true((unsigned long long)h.t_num == (unsigned long long)(1000LL - EO_COORD_MIN));
    assert_true((unsigned long long)h.t_den == (unsigned long long)EO_UCOORD_MAX);
    /* the diagonal passes the corners of the pixels on it: it reaches both ends and the middle */
    assert_int_equal(eo_query_segment_box(&d, &corner, &h), 1);
    assert_int_equal(h.x, EO_COORD_MAX);
    assert_int_equal(h.y, EO_COORD_MAX);
    assert_int_equal(eo_query_segment_box(&d, &mid, &h), 1);
    assert_int_equal(h.x, -1);
    assert_int_equal(eo_query_segment_box(&d, &far_box, &h), 1);
    assert_true(h.t_num == 0);
    /* one pixel off the diagonal near the far end: missed, as the exact test says */
    corner.x = (eo_coord)(EO_COORD_MAX - 1);
    corner.y = EO_COORD_MAX;
    assert_int_equal(eo_query_segment_box(&d, &corner, &h), 1); /* a corner it passes through */
    corner.x = (eo_coord)(EO_COORD_MAX - 3);
    assert_int_equal(eo_query_segment_box(&d, &corner, &h), 0);
}

/* Tile coordinates of the world's extreme pixels, and moves, walks and raycasts that end there. */
static const uint8_t coords_cells[4 * 4] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0 };
static uint8_t coords_attrs[256];

static eo_tiles_map coords_map(uint8_t outside)
{
    eo_tiles_map m;
    memset(&m, 0, sizeof m);
    coords_attrs[1] = EO_TILES_SOLID;
    m.cells = coords_cells;
    m.attrs = coords_attrs;
    m.width = 4;
    m.height = 4;
    m.tile_shift = 3;
    m.outside = outside;
    return m;
}

static void test_coords_tiles_and_slopes_at_the_edges(void **state)
{
    eo_tiles_map map = coords_map(EO_TILES_OUTSIDE_EMPTY);
    eo_box b = { 0, -100, 8, 8 };
    eo_tiles_move_result r;
    eo_slopes_ground g;
    eo_tiles_probe_point p[8];
    uint16_t n;
    (void)state;
    assert_int_equal(eo_tiles_tile_of(EO_COORD_MIN, 3), EO_COORD_MIN / 8);
    assert_int_equal(eo_tiles_tile_of(EO_COORD_MAX, 3), EO_COORD_MAX / 8);
    assert_int_equal(eo_tiles_tile_of(-1, 7), -1);
    assert_int_equal(eo_tiles_tile_of(EO_COORD_MIN, EO_COORD_BITS - 1), -1);
    assert_int_equal(eo_tiles_tile_of(EO_COORD_MAX, EO_COORD_BITS - 1), 0);
    assert_int_equal(eo_tiles_tile_of(EO_COORD_MIN, 255), -1); /* clamped shift */
    assert_int_equal(eo_tiles_attr_at_pixel(&map, EO_COORD_MIN, EO_COORD_MAX, NULL), EO_TILES_EMPTY);
    assert_int_equal(eo_tiles_pixel_solid(&map, 20, 20), 1);
    /* a walk in the air is one move: all the way to the world's left edge, then into it (a wall) */
    assert_int_equal(eo_slopes_walk(&map, &b, EO_COORD_MIN, 4, 0, &r, NULL), EO_OK);
    assert_int_equal(b.x, EO_COORD_MIN);
    assert_int_equal(r.hit, 0);
    assert_true(r.moved_x == EO_COORD_MIN);
    assert_int_equal(eo_slopes_walk(&map, &b, -1, 4, 0, &r, NULL), EO_OK);
    assert_int_equal(b.x, EO_COORD_MIN);
    assert_int_equal(r.hit, EO_HIT_LEFT);
    assert_int_equal(r.moved_x, 0);
    assert_int_equal(eo_slopes_walk(&map, &b, EO_COORD_MAX, 4, 0, &r, NULL), EO_OK);
    assert_int_equal(b.x, -1);
    assert_int_equal(r.hit, 0);
    assert_true(r.moved_x == EO_COORD_MAX);
    assert_int_equal(eo_slopes_walk(&map, &b, EO_COORD_MAX, 4, 0, &r, NULL), EO_OK);
    assert_int_equal(b.x, EO_COORD_MAX - 7);
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    assert_true(r.moved_x == EO_COORD_MAX - 6);
    /* fall from the top of the world onto the map's solid tile */
    b.x = 16;
    b.y = EO_COORD_MIN;
    assert_int_equal(eo_tiles_move(&map, &b, 0, EO_COORD_MAX, 0, NULL, &r, NULL), EO_OK);
    assert_int_equal(b.y, -1);
    assert_int_equal(r.hit, 0);
    assert_true(r.moved_y == EO_COORD_MAX);
    assert_int_equal(eo_tiles_move(&map, &b, 0, EO_COORD_MAX, 0, NULL, &r, NULL), EO_OK);
    assert_int_equal(b.y, 8);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.moved_y, 9);
    /* sensors at the world's rows */
    assert_int_equal(eo_slopes_ground_at(&map, 16, EO_COORD_MIN, &g, NULL), EO_OK);
    assert_int_equal(g.found, 0);
    map.outside = EO_TILES_OUTSIDE_SOLID;
    assert_int_equal(eo_slopes_ground_at(&map, EO_COORD_MAX, EO_COORD_MAX, &g, NULL), EO_OK);
    assert_int_equal(g.found, 1);
    assert_true(g.ground_y <= EO_COORD_MAX - 7 && g.ground_y >= EO_COORD_MAX - 15); /* its tile or the one above */
    /* probes of a box on the world's far corner */
    b.x = EO_COORD_MAX - 7;
    b.y = EO_COORD_MAX - 7;
    assert_int_equal(eo_tiles_probe(&map, &b, EO_TILES_PROBE_CORNERS, p, 8, &n, NULL, NULL), EO_OK);
    assert_int_equal(n, 4);
    assert_int_equal(p[2].x, EO_COORD_MAX);
    assert_int_equal(p[2].col, EO_COORD_MAX / 8);
    assert_int_equal(p[2].outside, 1);
    /* a box too wide for a 16-bit probe count: only possible in 32-bit worlds */
    b.x = 0;
    b.y = 0;
    b.w = EO_COORD_MAX;
    b.h = 8;
    assert_int_equal(eo_tiles_probe(&map, &b, EO_TILES_PROBE_EDGES, NULL, 0, &n, NULL, NULL),
                     EO_COORD_BITS == 16 ? EO_ERR_BUFFER_TOO_SMALL : EO_ERR_BAD_ARGUMENT);
}

#if EO_COORD_BITS == 32
/* A 32-bit world takes maps taller than 4096 tiles: a narrow power-of-two width no longer means
   the cell index fits 16 bits (found by the tiles fuzzer: cell 36223 for 101759). */
static void test_coords_tall_map_index(void **state)
{
    static uint8_t cells[2u * 65533u], attrs[256];
    eo_tiles_map map = { .cells = cells, .attrs = attrs, .width = 2, .height = 65533, .tile_shift = 3 };
    uint32_t index = 0;
    (void)state;
    cells[2u * 50879u + 1u] = 1;
    attrs[1] = EO_TILES_SOLID;
    assert_int_equal(eo_tiles_index(&map, 1, 50879, &index), 1);
    assert_int_equal(index, 2u * 50879u + 1u);
    assert_int_equal(eo_tiles_attr_at(&map, 1, 50879, NULL), EO_TILES_SOLID);
    assert_int_equal(eo_tiles_attr_at(&map, 1, 50879 - 32768, NULL), EO_TILES_EMPTY);
}
#endif

static void test_coords_raycast_at_the_edges(void **state)
{
    eo_tiles_map map = coords_map(EO_TILES_OUTSIDE_SOLID);
    eo_segment s = { 4, 20, EO_COORD_MAX, 20 };
    eo_raycast_hit h;
    eo_raycast_visit v[8];
    uint16_t n;
    (void)state;
    /* from inside the map to the world's edge: the solid tile at column 2 stops it */
    assert_int_equal(eo_raycast_tiles(&map, &s, 0, &h, v, 8, &n, NULL), EO_OK);
    assert_int_equal(h.hit, 1);
    assert_int_equal(h.x, 16);
    assert_int_equal(h.col, 2);
    assert_true((unsigned long long)h.t_num == 12u);
    assert_true((unsigned long long)h.t_den == (unsigned long long)EO_COORD_MAX - 4u);
    assert_int_equal(n, 3);
    /* a slope just under 1/2 across the world: the line crossings are ordered by products of
       lengths near EO_COORD_MAX (past 32 bits in the 32-bit build) */
    s.x0 = 0;
    s.y0 = 0;
    s.x1 = EO_COORD_MAX;
    s.y1 = EO_COORD_MAX / 2;
    assert_int_equal(eo_raycast_tiles(&map, &s, 0, &h, v, 8, &n, NULL), EO_OK);
    assert_int_equal(n, 6); /* (0,0) (1,0) (2,0) (2,1) (3,1), then (4,1) outside: solid */
    assert_int_equal(v[2].col, 2);
    assert_int_equal(v[2].row, 0);
    assert_int_equal(v[3].col, 2);
    assert_int_equal(v[3].row, 1);
    assert_int_equal(h.col, 4);
    assert_int_equal(h.row, 1);
    assert_int_equal(h.x, 32);
    assert_int_equal(h.y, 15);
    /* starting outside, at the world's corner: stopped at t = 0 */
    s.x0 = EO_COORD_MAX;
    s.y0 = EO_COORD_MAX;
    s.x1 = EO_COORD_MIN;
    s.y1 = EO_COORD_MIN;
    assert_int_equal(eo_raycast_tiles(&map, &s, 0, &h, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(h.hit, 1);
    assert_int_equal(h.x, EO_COORD_MAX);
    assert_int_equal(h.col, EO_COORD_MAX / 8);
    assert_true(h.t_num == 0);
}

/* Grid masks and pixel masks with boxes at the edges. */
static void test_coords_masks_at_the_edges(void **state)
{
    static const eo_gridmask_layout layout = EO_GRIDMASK_LAYOUT_16;
    eo_gridmask_grid grid;
    eo_gridmask ma, mb;
    eo_pixelmask a, b;
    static eo_pixelmask_word wa[64], wb[64];
    eo_box r;
    uint8_t hit, found;
    int32_t cx = 0, cy = 0;
    uint32_t area;
    int round;
    eo_result e;
    (void)state;
    assert_int_equal(eo_gridmask_prepare(&layout, &grid), EO_OK);
    for (round = 0; round < 3000; round++) {
        edge_boxes(2);
        assert_int_equal(eo_gridmask_build(&grid, EO_GRIDMASK_SPAN, &boxes[0], &ma, NULL), EO_OK);
        assert_int_equal(eo_gridmask_build(&grid, EO_GRIDMASK_SPAN, &boxes[1], &mb, NULL), EO_OK);
        if (ref_overlap(&boxes[0], &boxes[1]))
            assert_false(EO_GRIDMASK_ELIMINATED(eo_gridmask_test(&grid, ma, mb, NULL)));
        assert_int_equal(eo_pixelmask_overlap_rect(&boxes[0], &boxes[1], &r), ref_overlap(&boxes[0], &boxes[1]));
    }
    /* two solid 16 x 4 sprites: their boxes' overlap is the pixel answer, at any placement */
    assert_int_equal(eo_pixelmask_init(&a, 16, 4, wa, sizeof wa), EO_OK);
    assert_int_equal(eo_pixelmask_init(&b, 16, 4, wb, sizeof wb), EO_OK);
    for (round = 0; round < 64; round++) {
        (void)eo_pixelmask_set(&a, (uint16_t)(round % 16), (uint16_t)(round / 16), 1);
        (void)eo_pixelmask_set(&b, (uint16_t)(round % 16), (uint16_t)(round / 16), 1);
    }
    for (round = 0; round < 3000; round++) {
        eo_box ba, bb;
        ba.x = edge_coord(); ba.y = edge_coord(); ba.w = 16; ba.h = 4;
        bb.x = round % 2 ? edge_coord() : (eo_coord)((eo_ucoord)ba.x + (eo_ucoord)(rng() % 40u) - 20u);
        bb.y = round % 3 ? edge_coord() : (eo_coord)((eo_ucoord)ba.y + (eo_ucoord)(rng() % 10u) - 5u);
        bb.w = 16; bb.h = 4;
        assert_int_equal(eo_pixelmask_overlap(&a, ba.x, ba.y, &b, bb.x, bb.y, &hit, NULL), EO_OK);
        assert_int_equal(hit, ref_overlap(&ba, &bb));
        assert_int_equal(eo_pixelmask_overlap_area(&a, ba.x, ba.y, &b, bb.x, bb.y, &area, NULL), EO_OK);
        assert_int_equal(area != 0, hit);
    }
    /* a sprite at the world's right edge reaches past it: its contact pixel fits int32_t only in
       the 16-bit build; with 32-bit coordinates it is an error, never a wrapped point */
    (void)eo_pixelmask_set(&a, 0, 0, 0);
    (void)eo_pixelmask_set(&a, 0, 1, 0);
    (void)eo_pixelmask_set(&a, 0, 2, 0);
    (void)eo_pixelmask_set(&a, 0, 3, 0);
    e = eo_pixelmask_first_contact(&a, EO_COORD_MAX, 0, &b, EO_COORD_MAX, 0, &found, &cx, &cy, NULL);
#if EO_COORD_BITS == 16
    assert_int_equal(e, EO_OK);
    assert_int_equal(found, 1);
    assert_int_equal(cx, 32768);
#else
    assert_int_equal(e, EO_ERR_BAD_ARGUMENT);
    assert_int_equal(found, 0);
#endif
    assert_int_equal(eo_pixelmask_first_contact(&a, EO_COORD_MAX - 20, 0, &b, EO_COORD_MAX - 20, 0, &found, &cx, &cy, NULL), EO_OK);
    assert_int_equal(found, 1);
    assert_int_equal(cx, EO_COORD_MAX - 19);
    /* boxes at opposite ends never meet, though their difference wraps */
    assert_int_equal(eo_pixelmask_overlap(&a, EO_COORD_MAX - 3, 0, &b, EO_COORD_MIN, 0, &hit, NULL), EO_OK);
    assert_int_equal(hit, 0);
}

static void test_coords_circles_at_the_edges(void **state)
{
    eo_aabb_circle a = { EO_COORD_MIN, EO_COORD_MIN, EO_AABB_CIRCLE_MAX_RADIUS };
    eo_aabb_circle b = { EO_COORD_MAX, EO_COORD_MAX, EO_AABB_CIRCLE_MAX_RADIUS };
    uint8_t overlap = 9;
    (void)state;
    assert_int_equal(eo_aabb_circle_overlap(&a, &b, &overlap, NULL), EO_OK);
    assert_int_equal(overlap, 0);
    b.x = (eo_coord)(EO_COORD_MIN + 2 * EO_AABB_CIRCLE_MAX_RADIUS - 1);
    b.y = EO_COORD_MIN;
    assert_int_equal(eo_aabb_circle_overlap(&a, &b, &overlap, NULL), EO_OK);
    assert_int_equal(overlap, 1);
    b.x = (eo_coord)(EO_COORD_MIN + 2 * EO_AABB_CIRCLE_MAX_RADIUS);
    assert_int_equal(eo_aabb_circle_overlap(&a, &b, &overlap, NULL), EO_OK);
    assert_int_equal(overlap, 0); /* touching */
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_coords_types),
        cmocka_unit_test(test_coords_broadphases_at_the_edges),
        cmocka_unit_test(test_coords_queries_at_the_edges),
        cmocka_unit_test(test_coords_segment_across_the_world),
        cmocka_unit_test(test_coords_tiles_and_slopes_at_the_edges),
        cmocka_unit_test(test_coords_raycast_at_the_edges),
#if EO_COORD_BITS == 32
        cmocka_unit_test(test_coords_tall_map_index),
#endif
        cmocka_unit_test(test_coords_masks_at_the_edges),
        cmocka_unit_test(test_coords_circles_at_the_edges),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("coords", tests, NULL, NULL);
}
