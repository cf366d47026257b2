/* Tests of core/src/tiles.c: hand-built maps for every rule (the slope shapes' heights included),
   and properties over random maps against a pixel-by-pixel reference mover written here from the
   header's rules.
   Run: build/tests/test_tiles.* [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"

#define RNG_SEED 8086u
#include "rng.h"
#include "trace_file.h"

/* ---- maps drawn as text: one character per tile -------------------------------------------- */

#include "tile_maps.h"

static uint16_t row_table[4096];

/*  . empty   # solid   = one-way   H ladder   ^ hazard   ~ water   x game's own (attr 11)
    / 45 up   \ 45 down   a b 22.5 up (low, high)   c d 22.5 down (high, low)   u user shape
    M spike block   T ladder top   N half top   _ half bottom   - one-way half
    p q r s w one-way slopes (45 up, 45 down, 22.5 up low, 22.5 down high, user) */
static const char tile_chars[] = ".#=H^~x/\\abcduMTN_-pqrsw";

/* ---- the reference: the map read pixel by pixel, straight from the rules ----------------- */

#define REF_MAP (&map)
#define REF_USER_SLOPES user_slopes
#define REF_SWEEP
#define REF_KINDS
#include "tiles_reference.h"

static int ref_kinds(long c0, long c1, long r0, long r1)
{
    long c, r;
    int k = 0;
    for (r = r0; r <= r1; r++)
        for (c = c0; c <= c1; c++) {
            k |= ref_kind_bit(ref_attr(c, r));
            if (c < 0 || r < 0 || c >= map.width || r >= map.height)
                k |= EO_TILES_TOUCH_OUTSIDE;
        }
    return k;
}

/* What a move leaves in touching, below and on_ground (drop: EO_TILES_DROP, one-way ground is no ground). */
static void ref_sense(const eo_box *b, int drop, int *touching, int *below, int *ground)
{
    long T = tile_size(), x1 = (long)b->x + b->w - 1, y1 = (long)b->y + b->h - 1, i;
    long c0 = floor_div(b->x, T), c1 = floor_div(x1, T);
    *touching = ref_kinds(c0, c1, floor_div(b->y, T), floor_div(y1, T));
    if (y1 == 32767) {
        *below = EO_TILES_TOUCH_OUTSIDE | EO_TILES_TOUCH_SOLID;
        *ground = 1;
        return;
    }
    *below = ref_kinds(c0, c1, floor_div(y1 + 1, T), floor_div(y1 + 1, T));
    for (*ground = 0, i = b->x; i <= x1; i++)
        *ground |= ref_blocks_down(i, y1 + 1, drop);
}

/* ---- helpers ------------------------------------------------------------------------------ */

static eo_tiles_move_result move(eo_box *b, int dx, int dy, uint8_t flags)
{
    eo_tiles_move_result r;
    assert_int_equal(eo_tiles_move(&map, b, (eo_coord)dx, (eo_coord)dy, flags, NULL, &r, NULL), EO_OK);
    return r;
}

/* The core against the reference for one move, from anywhere: only the pixels a box enters can
   stop it, so a box that starts inside a wall may move out of it (never further in, never
   backwards). One that starts clear ends clear. *box moves on. */
static eo_tiles_move_result check_move(eo_box *box, int dx, int dy, uint8_t flags)
{
    const eo_box before = *box, *start = &before;
    eo_box got = *box, want = *box;
    eo_tiles_move_result r;
    int hit, touching, below, ground;
    assert_int_equal(eo_tiles_move(&map, &got, (eo_coord)dx, (eo_coord)dy, flags, NULL, &r, NULL), EO_OK);
    hit = ref_move(&want, dx, dy, flags & EO_TILES_DROP);
    ref_sense(&want, flags & EO_TILES_DROP, &touching, &below, &ground);
    if (got.x != want.x || got.y != want.y || r.hit != hit)
        print_error("map %ux%u shift %u outside %u; box %d,%d %dx%d move %d,%d flags %u: "
                    "core %d,%d hit %u, reference %d,%d hit %d\n",
                    map.width, map.height, map.tile_shift, map.outside, start->x, start->y, start->w,
                    start->h, dx, dy, flags, got.x, got.y, r.hit, want.x, want.y, hit);
    assert_int_equal(got.x, want.x);
    assert_int_equal(got.y, want.y);
    assert_int_equal(got.w, start->w);
    assert_int_equal(got.h, start->h);
    assert_int_equal(r.hit, hit);
    assert_int_equal(r.moved_x, (long)got.x - start->x);
    assert_int_equal(r.moved_y, (long)got.y - start->y);
    assert_int_equal(r.touching, touching);
    assert_int_equal(r.below, below);
    assert_int_equal(r.on_ground, ground);
    assert_true(dx >= 0 ? r.moved_x >= 0 && r.moved_x <= dx : r.moved_x < 0 || r.moved_x == 0);
    assert_true(dy >= 0 ? r.moved_y >= 0 && r.moved_y <= dy : r.moved_y < 0 || r.moved_y == 0);
    assert_true(labs(r.moved_x) <= labs(dx) && labs(r.moved_y) <= labs(dy));
    if (!ref_overlaps_solid(start))
        assert_false(ref_overlaps_solid(&got));
    *box = got;
    return r;
}

/* ---- pixels and tiles --------------------------------------------------------------------- */

static void test_tiles_tile_of_floors_negatives(void **state)
{
    long p;
    uint8_t s;
    (void)state;
    assert_int_equal(eo_tiles_tile_of(-1, 3), -1);
    assert_int_equal(eo_tiles_tile_of(-8, 3), -1);
    assert_int_equal(eo_tiles_tile_of(-9, 3), -2);
    assert_int_equal(eo_tiles_tile_of(7, 3), 0);
    assert_int_equal(eo_tiles_tile_of(8, 3), 1);
    assert_int_equal(eo_tiles_tile_of(-32768, 3), -4096);
    assert_int_equal(eo_tiles_tile_of(-32768, 7), -256);
    assert_int_equal(eo_tiles_tile_of(32767, 3), 4095);
    assert_int_equal(eo_tiles_tile_of(32767, 7), 255);
    for (s = 0; s <= 15; s++)
        for (p = -32768; p <= 32767; p += 7)
            assert_int_equal(eo_tiles_tile_of((int16_t)p, s), floor_div(p, 1L << s));
}

static void test_tiles_lookup_outside_never_wraps(void **state)
{
    static const char *const art[] = {
        "...#",
        "...#",
    };
    uint32_t index = 99;
    (void)state;
    load(art, 2, 3, EO_TILES_OUTSIDE_EMPTY);
    /* pixel -1 is in tile -1, outside: not column 0, and not the solid last column */
    assert_int_equal(eo_tiles_attr_at_pixel(&map, -1, 0, NULL), EO_TILES_EMPTY);
    assert_int_equal(eo_tiles_attr_at_pixel(&map, 0, -1, NULL), EO_TILES_EMPTY);
    assert_int_equal(eo_tiles_attr_at_pixel(&map, 24, 15, NULL), EO_TILES_SOLID);
    assert_int_equal(eo_tiles_attr_at_pixel(&map, 24, 16, NULL), EO_TILES_EMPTY); /* row 2: outside */
    assert_int_equal(eo_tiles_attr_at(&map, 4, 0, NULL), EO_TILES_EMPTY);       /* not row 1's col 0 */
    assert_int_equal(eo_tiles_attr_at(&map, -1, 1, NULL), EO_TILES_EMPTY);
    assert_int_equal(eo_tiles_index(&map, -1, 0, &index), 0);
    assert_int_equal(eo_tiles_index(&map, 4, 0, &index), 0);
    assert_int_equal(index, 99);
    assert_int_equal(eo_tiles_index(&map, 3, 1, &index), 1);
    assert_int_equal(index, 7);
    map.outside = EO_TILES_OUTSIDE_SOLID;
    assert_int_equal(eo_tiles_attr_at_pixel(&map, -1, 0, NULL), EO_TILES_SOLID);
    map.outside = EO_TILES_OUTSIDE_OPEN_TOP;
    assert_int_equal(eo_tiles_attr_at(&map, 0, -1, NULL), EO_TILES_EMPTY);
    assert_int_equal(eo_tiles_attr_at(&map, -1, -1, NULL), EO_TILES_EMPTY);
    assert_int_equal(eo_tiles_attr_at(&map, -1, 0, NULL), EO_TILES_SOLID);
    assert_int_equal(eo_tiles_attr_at(&map, 0, 2, NULL), EO_TILES_SOLID);
    assert_int_equal(eo_tiles_attr_at(NULL, 0, 0, NULL), EO_TILES_SOLID); /* invalid map: solid */
}

/* Maps of more than 65536 cells index in 32 bits; a row table gives the same cells. */
static void test_tiles_row_multiply_and_row_table(void **state)
{
    uint32_t k, index;
    uint16_t r, c, i;
    (void)state;
    blank_map(300, 300, 3, EO_TILES_OUTSIDE_SOLID);
    for (k = 0; k < 300u * 300u; k++)
        cells[k] = (uint8_t)tile_chars[rng() % 7u];
    assert_int_equal(eo_tiles_check(&map), EO_OK);
    for (i = 0; i < 5000; i++) {
        r = (uint16_t)(rng() % 300u);
        c = (uint16_t)(rng() % 300u);
        assert_int_equal(eo_tiles_attr_at(&map, (int16_t)c, (int16_t)r, NULL), attrs[cells[r * 300u + c]]);
        assert_int_equal(eo_tiles_index(&map, (int16_t)c, (int16_t)r, &index), 1);
        assert_int_equal(index, r * 300u + c);
    }
    assert_int_equal(eo_tiles_attr_at(&map, 299, 299, NULL), attrs[cells[300u * 300u - 1u]]);
    map.row_start = row_table; /* a 16-bit table cannot address 90000 cells */
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_tiles_attr_at(&map, 0, 0, NULL), EO_TILES_SOLID);

    /* a power-of-two width shifts its rows: past 65536 cells (256 x 300) in 32 bits, where a
       16-bit index would wrap rows 256 .. 299 onto rows 0 .. 43 */
    blank_map(256, 300, 3, EO_TILES_OUTSIDE_SOLID);
    for (k = 0; k < 256u * 300u; k++)
        cells[k] = (uint8_t)tile_chars[rng() % 7u];
    assert_int_equal(eo_tiles_check(&map), EO_OK);
    for (i = 0; i < 3000; i++) {
        r = (uint16_t)(256u + rng() % 44u);
        c = (uint16_t)(rng() % 256u);
        assert_int_equal(eo_tiles_attr_at(&map, (int16_t)c, (int16_t)r, NULL), attrs[cells[r * 256u + c]]);
    }

    blank_map(256, 256, 3, EO_TILES_OUTSIDE_SOLID); /* exactly 65536 cells: 16-bit indices */
    for (k = 0; k < 65536u; k++)
        cells[k] = (uint8_t)tile_chars[rng() % 7u];
    for (r = 0; r < 256; r++)
        row_table[r] = (uint16_t)(r * 256u);
    for (i = 0; i < 2; i++) {
        map.row_start = i ? row_table : NULL;
        assert_int_equal(eo_tiles_check(&map), EO_OK);
        assert_int_equal(eo_tiles_attr_at(&map, 255, 255, NULL), attrs[cells[65535]]);
        for (k = 0; k < 3000; k++) {
            r = (uint16_t)(rng() % 256u);
            c = (uint16_t)(rng() % 256u);
            assert_int_equal(eo_tiles_attr_at(&map, (int16_t)c, (int16_t)r, NULL), attrs[cells[r * 256u + c]]);
        }
    }
    row_table[7] = 7 * 256 + 1;
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
}

static void test_tiles_check_errors(void **state)
{
    static const char *const art[] = { "#." };
    eo_tiles_map good;
    eo_box b = { 0, 0, 8, 8 }, before;
    eo_tiles_move_result r;
    (void)state;
    load(art, 1, 3, 0);
    good = map;
    assert_int_equal(eo_tiles_check(NULL), EO_ERR_NULL_POINTER);
    map.cells = NULL;
    assert_int_equal(eo_tiles_check(&map), EO_ERR_NULL_POINTER);
    map = good;
    map.attrs = NULL;
    assert_int_equal(eo_tiles_check(&map), EO_ERR_NULL_POINTER);
    map = good;
    map.slopes = NULL;
    assert_int_equal(eo_tiles_check(&map), EO_ERR_NULL_POINTER);
    map = good;
    map.tile_shift = 2;
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    map.tile_shift = 8;
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    map = good;
    map.width = 0;
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
#if EO_COORD_BITS == 16
    map.width = 4097; /* 8 px tiles: 4096 columns reach pixel 32767 */
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
#else
    map.width = 65535; /* 32-bit worlds: the 16-bit count is the limit */
    assert_int_equal(eo_tiles_check(&map), EO_OK);
#endif
    assert_int_equal(EO_TILES_MAX_TILES(3), EO_COORD_BITS == 16 ? 4096u : 65535u);
    assert_int_equal(EO_TILES_MAX_TILES(7), EO_COORD_BITS == 16 ? 256u : 65535u);
    map = good;
    map.outside = 3;
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    map = good;
    user_slopes[2] = 9; /* higher than the 8 px tile */
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    user_slopes[2] = 6;
    attrs['u'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_USER + 1); /* only one user shape is defined */
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    attrs['u'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_USER);
    assert_int_equal(eo_tiles_check(&map), EO_OK);
    attrs['w'] = EO_TILES_ONE_WAY_SLOPE_ATTR(EO_TILES_SLOPE_USER + 1); /* one-way slopes too */
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    attrs['w'] = EO_TILES_ONE_WAY_SLOPE_ATTR(EO_TILES_SLOPE_USER);
    assert_int_equal(EO_TILES_SLOPE_MAX_USER, 114);
    map.slope_count = EO_TILES_SLOPE_MAX_USER + 1; /* shapes 0 .. 119 only: refused before reading */
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    map.slope_count = 1;
    assert_int_equal(eo_tiles_check(&map), EO_OK);
    map.tile_shift = 0; /* default: 8 px */
    assert_int_equal(eo_tiles_check(&map), EO_OK);

    before = b;
    assert_int_equal(eo_tiles_move(&map, NULL, 1, 1, 0, NULL, &r, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_tiles_move(&map, &b, 1, 1, 0, NULL, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_tiles_move(&map, &b, 1, 1, 0x80, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
    b.w = 0;
    assert_int_equal(eo_tiles_move(&map, &b, 1, 1, 0, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
    b.w = 2;
    b.x = EO_COORD_MAX; /* its last pixel would be past the world */
    assert_int_equal(eo_tiles_move(&map, &b, 1, 1, 0, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(b.x, EO_COORD_MAX);
    b = before;
    map.width = 0;
    assert_int_equal(eo_tiles_move(&map, &b, 1, 1, 0, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_memory_equal(&b, &before, sizeof b);
}

/* A prepared map answers as an unprepared one; edits to what the checks read make every call
   check the map again, and a failed prepare leaves the map unprepared. */
static void test_tiles_prepare(void **state)
{
    static const char *const art[] = { "#.", ".u" };
    eo_tiles_map good;
    eo_box b = { 0, 0, 8, 8 };
    eo_tiles_move_result r;
    uint8_t size = 0;
    uint16_t i;
    (void)state;
    assert_int_equal(eo_tiles_prepare(NULL), EO_ERR_NULL_POINTER);
    load(art, 2, 4, 0);
    assert_int_not_equal(map.ready.mark, EO_TILES_READY); /* a zeroed map is not prepared */
    assert_int_equal(eo_tiles_prepare(&map), EO_OK);
    assert_int_equal(map.ready.mark, EO_TILES_READY);
    assert_int_equal(map.ready.size_px, 16);
    assert_int_equal(map.ready.row_shift, 1);
    assert_int_equal(eo_tiles_tile_size(&map, &size), EO_OK);
    assert_int_equal(size, 16);
    assert_int_equal(eo_tiles_attr_at_pixel(&map, 3, 3, NULL), EO_TILES_SOLID);
    assert_int_equal(eo_tiles_attr_at_pixel(&map, 17, 3, NULL), EO_TILES_EMPTY);
    good = map;

    /* what the per-call checks read, changed after prepare: checked (and refused) again */
    map.width = 0;
    assert_int_equal(eo_tiles_move(&map, &b, 1, 0, 0, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_tiles_tile_size(&map, &size), EO_ERR_BAD_ARGUMENT);
    map = good;
    map.tile_shift = 9;
    assert_int_equal(eo_tiles_tile_size(&map, NULL), EO_ERR_BAD_ARGUMENT);
    map = good;
    map.height = 4097; /* beyond the world: 16 px tiles reach 2048 rows in 16 bits */
    assert_int_equal(eo_tiles_tile_size(&map, NULL), EO_COORD_BITS == 16 ? EO_ERR_BAD_ARGUMENT : EO_OK);
    map = good;
    map.outside = 3;
    assert_int_equal(eo_tiles_tile_size(&map, NULL), EO_ERR_BAD_ARGUMENT);
    map = good;
    map.cells = NULL;
    assert_int_equal(eo_tiles_attr_at_pixel(&map, 3, 3, NULL), EO_TILES_SOLID); /* invalid map: solid */
    assert_int_equal(eo_tiles_move(&map, &b, 1, 0, 0, NULL, &r, NULL), EO_ERR_NULL_POINTER);
    map = good;
    map.attrs = NULL;
    assert_int_equal(eo_tiles_move(&map, &b, 1, 0, 0, NULL, &r, NULL), EO_ERR_NULL_POINTER);
    map = good;
    map.slopes = NULL;
    assert_int_equal(eo_tiles_move(&map, &b, 1, 0, 0, NULL, &r, NULL), EO_ERR_NULL_POINTER);
    map = good;
    map.slope_count = EO_TILES_SLOPE_MAX_USER + 1;
    assert_int_equal(eo_tiles_move(&map, &b, 1, 0, 0, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);

    /* a wider map prepared again reads its own rows (3 columns: no longer a shift) */
    map = good;
    map.width = 3;
    map.height = 1;
    assert_int_equal(eo_tiles_prepare(&map), EO_OK);
    assert_int_equal(map.ready.row_shift, 0xFF);
    for (i = 0; i < 3; i++)
        assert_int_equal(eo_tiles_attr_at(&map, (eo_coord)i, 0, NULL), attrs[cells[i]]);

    /* eo_tiles_check always checks everything; a failed prepare leaves the map unprepared */
    map = good;
    map.outside = 3;
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_tiles_prepare(&map), EO_ERR_BAD_ARGUMENT);
    assert_int_not_equal(map.ready.mark, EO_TILES_READY);
    map.outside = 0;
    user_slopes[0] = 17; /* above the 16 px tile: only eo_tiles_check reads the heights */
    assert_int_equal(eo_tiles_prepare(&map), EO_ERR_BAD_ARGUMENT);
    assert_int_not_equal(map.ready.mark, EO_TILES_READY);
}

/* ---- slope shapes: the map's height arrays ----------------------------------------------- */

static void test_tiles_slope_builtin_heights(void **state)
{
    static const uint8_t want8[6][8] = {
        { 1, 2, 3, 4, 5, 6, 7, 8 },   /* 45 up */
        { 8, 7, 6, 5, 4, 3, 2, 1 },   /* 45 down */
        { 1, 1, 2, 2, 3, 3, 4, 4 },   /* 22.5 up, low tile */
        { 5, 5, 6, 6, 7, 7, 8, 8 },   /* 22.5 up, high tile */
        { 8, 8, 7, 7, 6, 6, 5, 5 },   /* 22.5 down, high tile */
        { 4, 4, 3, 3, 2, 2, 1, 1 },   /* 22.5 down, low tile */
    };
    uint8_t h[128], s, shift;
    int i, T;
    (void)state;
    blank_map(4, 4, 3, 0);
    for (s = 0; s < EO_TILES_SLOPE_BUILTIN_COUNT; s++) {
        assert_int_equal(eo_tiles_slope_heights(&map, s, h, 128), EO_OK);
        assert_memory_equal(h, want8[s], 8);
    }
    for (shift = 3; shift <= 7; shift++) {
        blank_map(4, 4, shift, 0);
        T = 1 << shift;
        for (s = 0; s < EO_TILES_SLOPE_BUILTIN_COUNT; s++)
            for (i = 0; i < T; i++) {
                int got = eo_tiles_slope_height(&map, s, (uint8_t)i);
                assert_int_equal(got, ref_height(EO_TILES_SLOPE + s, i));
                assert_true(got >= 1 && got <= T);
            }
        /* the pieces join without a gap: one pixel of rise per column (45), or per two (22.5) */
        assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_45_UP, (uint8_t)(T - 1)), T);
        assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_45_DOWN, 0), T);
        assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_22_UP_LOW, (uint8_t)(T - 1)) + 1,
                         eo_tiles_slope_height(&map, EO_TILES_SLOPE_22_UP_HIGH, 0));
        assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_22_DOWN_HIGH, (uint8_t)(T - 1)) - 1,
                         eo_tiles_slope_height(&map, EO_TILES_SLOPE_22_DOWN_LOW, 0));
        assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_22_UP_HIGH, (uint8_t)(T - 1)), T);
        assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_22_DOWN_LOW, (uint8_t)(T - 1)), 1);
        for (i = 1; i < T; i++) {
            assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_45_UP, (uint8_t)i) -
                             eo_tiles_slope_height(&map, EO_TILES_SLOPE_45_UP, (uint8_t)(i - 1)), 1);
            assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_22_UP_LOW, (uint8_t)i) -
                             eo_tiles_slope_height(&map, EO_TILES_SLOPE_22_UP_LOW, (uint8_t)(i - 1)), i % 2 == 0);
        }
        /* the column wraps modulo the tile size */
        assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_45_UP, (uint8_t)(T + 2)), 3);
    }
    assert_int_equal(eo_tiles_slope_height(NULL, 0, 0), 0);
}

static void test_tiles_slope_user_shapes(void **state)
{
    uint8_t h[16];
    (void)state;
    blank_map(4, 4, 3, 0);
    assert_int_equal(eo_tiles_slope_heights(&map, EO_TILES_SLOPE_USER, h, 16), EO_OK);
    assert_memory_equal(h, user_slopes, 8);
    assert_int_equal(h[0], 2);
    assert_int_equal(h[7], 8);
    /* a shape nobody defined is solid, and eo_tiles_check says so if a tile uses it */
    assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_USER + 1, 0), 8);
    attrs['z'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_USER + 1);
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    attrs['z'] = 0;
    /* heights above the tile size are clamped when read, refused by the check */
    user_slopes[3] = 200;
    assert_int_equal(eo_tiles_slope_height(&map, EO_TILES_SLOPE_USER, 3), 8);
    assert_int_equal(eo_tiles_check(&map), EO_ERR_BAD_ARGUMENT);
    user_slopes[3] = 0; /* an empty column is fine */
    assert_int_equal(eo_tiles_check(&map), EO_OK);
    assert_int_equal(eo_tiles_slope_heights(&map, EO_TILES_SLOPE_USER, h, 7), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(eo_tiles_slope_heights(&map, EO_TILES_SLOPE_USER, NULL, 8), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_tiles_slope_heights(NULL, EO_TILES_SLOPE_USER, h, 8), EO_ERR_NULL_POINTER);
    /* a user shape is solid pixel by pixel */
    load((const char *const[]){ "u." }, 1, 3, EO_TILES_OUTSIDE_EMPTY);
    assert_int_equal(eo_tiles_pixel_solid(&map, 0, 7), 1);
    assert_int_equal(eo_tiles_pixel_solid(&map, 0, 5), 0); /* column 0: 2 px high: rows 6, 7 */
    assert_int_equal(eo_tiles_pixel_solid(&map, 0, 6), 1);
    assert_int_equal(eo_tiles_pixel_solid(&map, 3, 0), 1);
    assert_int_equal(eo_tiles_pixel_solid(&map, 8, 7), 0);
}

/* ---- probes ------------------------------------------------------------------------------- */

/* The lesson's demo: a 16 x 16 box on 8 px tiles spans three columns; its corners see two. */
static void test_tiles_probe_corners_slip_through(void **state)
{
    static const char *const art[] = {
        "........",
        "...#....",
        "...#....",
        "........",
    };
    eo_box b = { 20, 8, 16, 16 }; /* x 20..35: columns 2, 3, 4; the wall is column 3 */
    eo_tiles_probe_point p[16];
    uint16_t n;
    uint8_t kinds;
    (void)state;
    load(art, 4, 3, EO_TILES_OUTSIDE_SOLID);
    assert_int_equal(eo_tiles_probe(&map, &b, EO_TILES_PROBE_CORNERS, p, 16, &n, &kinds, NULL), EO_OK);
    assert_int_equal(n, 4);
    assert_int_equal(kinds & EO_TILES_TOUCH_SOLID, 0); /* missed */
    assert_int_equal(p[0].x, 20); assert_int_equal(p[0].y, 8);   /* clockwise from top-left */
    assert_int_equal(p[1].x, 35); assert_int_equal(p[1].y, 8);
    assert_int_equal(p[2].x, 35); assert_int_equal(p[2].y, 23);
    assert_int_equal(p[3].x, 20); assert_int_equal(p[3].y, 23);
    assert_int_equal(eo_tiles_probe(&map, &b, EO_TILES_PROBE_EDGES, p, 16, &n, &kinds, NULL), EO_OK);
    assert_int_equal(n, 8); /* 3 along each edge, corners shared */
    assert_int_equal(kinds & EO_TILES_TOUCH_SOLID, EO_TILES_TOUCH_SOLID);
    assert_int_equal(p[1].x, 28);
    assert_int_equal(p[1].col, 3);
    assert_int_equal(p[1].attr, EO_TILES_SOLID);
    assert_int_equal(p[1].outside, 0);
    /* too small a buffer: the count needed, and only what fits is written */
    memset(p, 0x55, sizeof p);
    assert_int_equal(eo_tiles_probe(&map, &b, EO_TILES_PROBE_EDGES, p, 3, &n, NULL, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(n, 8);
    assert_int_equal(p[2].x, 35);
    assert_memory_equal(&p[3].x, &p[5].x, sizeof p[3].x); /* still the 0x55 fill */
    assert_int_equal(eo_tiles_probe(&map, &b, EO_TILES_PROBE_EDGES, NULL, 0, &n, NULL, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(n, 8);
    assert_int_equal(eo_tiles_probe(&map, &b, 2, p, 16, &n, NULL, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_tiles_probe(&map, &b, 0, NULL, 16, &n, NULL, NULL), EO_ERR_NULL_POINTER);
    b.h = 1;
    b.w = 1; /* a single pixel: one probe */
    assert_int_equal(eo_tiles_probe(&map, &b, EO_TILES_PROBE_CORNERS, p, 16, &n, NULL, NULL), EO_OK);
    assert_int_equal(n, 1);
}

/* Property: edge probes touch exactly the tiles the box's outline covers, at most a tile apart. */
static void test_tiles_probe_edges_cover_every_edge_tile(void **state)
{
    static eo_tiles_probe_point p[2000];
    static uint8_t seen[64][64];
    unsigned trial;
    (void)state;
    blank_map(8, 8, 3, EO_TILES_OUTSIDE_EMPTY);
    for (trial = 0; trial < 3000u; trial++) {
        uint8_t shift = (uint8_t)rng_range(3, 5);
        long T = 1L << shift, x, y, x1, y1, c0, r0;
        eo_box b;
        uint16_t n, k;
        unsigned mode = trial % 2u;
        map.tile_shift = shift;
        b.x = (int16_t)rng_range(-300, 300);
        b.y = (int16_t)rng_range(-300, 300);
        b.w = (int16_t)rng_range(1, 200);
        b.h = (int16_t)rng_range(1, 200);
        if (trial % 50u == 0) { b.x = (int16_t)(32767 - rng_range(0, 40)); b.w = (int16_t)(32768 - b.x); }
        x1 = (long)b.x + b.w - 1;
        y1 = (long)b.y + b.h - 1;
        c0 = floor_div(b.x, T);
        r0 = floor_div(b.y, T);
        assert_int_equal(eo_tiles_probe(&map, &b, (uint8_t)mode, p, 2000, &n, NULL, NULL), EO_OK);
        memset(seen, 0, sizeof seen);
        for (k = 0; k < n; k++) {
            /* on the outline */
            assert_true(p[k].x == b.x || p[k].x == x1 || p[k].y == b.y || p[k].y == y1);
            assert_true(p[k].x >= b.x && p[k].x <= x1 && p[k].y >= b.y && p[k].y <= y1);
            assert_int_equal(p[k].col, floor_div(p[k].x, T));
            assert_int_equal(p[k].row, floor_div(p[k].y, T));
            seen[p[k].row - r0][p[k].col - c0] = 1;
            if (k > 0 && mode == EO_TILES_PROBE_EDGES) /* a walk round the outline in small steps */
                assert_true(labs(p[k].x - p[k - 1].x) + labs(p[k].y - p[k - 1].y) <= T);
        }
        if (mode == EO_TILES_PROBE_CORNERS) {
            assert_int_equal(n, (b.w > 1 ? 2 : 1) * (b.h > 1 ? 2 : 1));
            continue;
        }
        /* every tile of every outline pixel was probed */
        for (x = b.x; x <= x1; x++) {
            assert_true(seen[floor_div(b.y, T) - r0][floor_div(x, T) - c0]);
            assert_true(seen[floor_div(y1, T) - r0][floor_div(x, T) - c0]);
        }
        for (y = b.y; y <= y1; y++) {
            assert_true(seen[floor_div(y, T) - r0][floor_div(b.x, T) - c0]);
            assert_true(seen[floor_div(y, T) - r0][floor_div(x1, T) - c0]);
        }
    }
}

/* ---- movement: hand-built cases ------------------------------------------------------------ */

static void test_tiles_move_corners_slip_into_one_tile_wall(void **state)
{
    static const char *const art[] = {
        "..........",
        "..........",
        "....#.....",
        "..........",
        "##########",
    };
    eo_box b = { 0, 12, 16, 16 }; /* rows 1, 2, 3; the wall tile is row 2, column 4 */
    eo_tiles_move_result r;
    (void)state;
    load(art, 5, 3, EO_TILES_OUTSIDE_SOLID);
    r = move(&b, 30, 0, 0);
    assert_int_equal(b.x, 16); /* against the wall: 32 - 16 */
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    assert_int_equal(r.touching & EO_TILES_TOUCH_SOLID, 0);
    b.x = 0;
    r = move(&b, 30, 0, EO_TILES_CORNERS); /* the naive scan: straight into the wall */
    assert_int_equal(b.x, 30);
    assert_int_equal(r.hit, 0);
    assert_int_equal(r.touching & EO_TILES_TOUCH_SOLID, EO_TILES_TOUCH_SOLID);
    /* a wall the box starts inside does not hold it: it can walk out */
    r = move(&b, 20, 0, 0);
    assert_int_equal(b.x, 50);
    assert_int_equal(r.hit, 0);
}

static void test_tiles_one_way_platforms(void **state)
{
    static const char *const art[] = {
        "......",
        "......",
        "..==..", /* y 16..23, x 16..31 */
        "......",
        "......",
        "######", /* y 40.. */
    };
    eo_box b = { 18, 30, 8, 8 };
    eo_tiles_move_result r;
    (void)state;
    load(art, 6, 3, EO_TILES_OUTSIDE_SOLID);
    r = move(&b, 0, -20, 0); /* from below: jumps through */
    assert_int_equal(b.y, 10);
    assert_int_equal(r.hit, 0);
    assert_int_equal(r.touching, EO_TILES_TOUCH_ONE_WAY);
    assert_int_equal(r.on_ground, 0); /* its bottom (17) is inside the platform, not on it */
    b.y = 0;
    r = move(&b, 0, 20, 0); /* from above: lands on it */
    assert_int_equal(b.y, 8);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.below, EO_TILES_TOUCH_ONE_WAY);
    r = move(&b, 0, 20, 0); /* standing: stays */
    assert_int_equal(b.y, 8);
    assert_int_equal(r.moved_y, 0);
    r = move(&b, 5, 0, 0); /* walks along it */
    assert_int_equal(b.x, 23);
    assert_int_equal(r.on_ground, 1);
    r = move(&b, 0, 4, EO_TILES_DROP); /* drops through */
    assert_int_equal(b.y, 12);
    assert_int_equal(r.hit, 0);
    r = move(&b, 0, 50, 0); /* its bottom was below the top: falls on through to the floor */
    assert_int_equal(b.y, 32);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.below, EO_TILES_TOUCH_SOLID);
    b.y = 0;
    r = move(&b, 0, 100, 0); /* a fast fall still lands on the one-way */
    assert_int_equal(b.y, 8);
    b.x = 0;
    b.y = 0;
    r = move(&b, 0, 120, 0); /* and on the floor, beside it */
    assert_int_equal(b.y, 32);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    b.x = 4;
    b.y = 12;
    r = move(&b, 12, 0, 0); /* sideways into a one-way: never blocks */
    assert_int_equal(b.x, 16);
    assert_int_equal(r.hit, 0);
    check_move(&b, 0, 3, 0);
}

static void test_tiles_stacked_one_way_little_clearance(void **state)
{
    static const char *const art[] = {
        "......",
        "..==..", /* y 8..15 */
        "......", /* one tile of clearance */
        "..==..", /* y 24..31 */
        "......",
        "######",
    };
    eo_box b = { 16, 16, 8, 8 }; /* standing on the lower platform */
    eo_tiles_move_result r;
    (void)state;
    load(art, 6, 3, EO_TILES_OUTSIDE_OPEN_TOP);
    r = move(&b, 0, 0, 0);
    assert_int_equal(r.on_ground, 1);
    r = move(&b, 0, -12, 0); /* jumps into the upper platform */
    assert_int_equal(b.y, 4);
    assert_int_equal(r.hit, 0);
    r = move(&b, 0, 20, 0); /* its bottom (11) was below the upper top (8): back to the lower */
    assert_int_equal(b.y, 16);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    r = move(&b, 0, -16, 0); /* jumps clear of the upper one */
    assert_int_equal(b.y, 0);
    r = move(&b, 0, 5, 0); /* and lands on it at once */
    assert_int_equal(b.y, 0);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    r = move(&b, 0, 40, EO_TILES_DROP); /* drop through both */
    assert_int_equal(b.y, 32);
    /* a box taller than the clearance stands on the lower one through the upper one */
    b.y = 12;
    b.h = 12;
    r = move(&b, 0, 6, 0);
    assert_int_equal(b.y, 12);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.touching, EO_TILES_TOUCH_ONE_WAY);
    b.y = -6;
    r = move(&b, 0, 6, 0); /* ... but lands on the upper one from above */
    assert_int_equal(b.y, -4);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
}

static void test_tiles_fast_fall_onto_one_tile_floor(void **state)
{
    static const char *const art[] = {
        "....",
        "....",
        "....",
        "....",
        "####", /* y 32..39: one tile thick */
        "....",
        "....",
    };
    eo_box b = { 4, -100, 16, 16 };
    eo_tiles_move_result r;
    int dy;
    (void)state;
    load(art, 7, 3, EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, 0, 200, 0);
    assert_int_equal(b.y, 16);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    for (dy = 1; dy <= 300; dy += 7) { /* any speed, any phase against the tile grid */
        b.y = (int16_t)(-dy % 23);
        r = move(&b, 0, dy + 40, 0);
        assert_int_equal(b.y, 16);
        b.y = 41; /* from below, jumping up as fast */
        r = move(&b, 0, -dy - 10, 0);
        assert_int_equal(b.y, 40);
        assert_int_equal(r.hit, EO_HIT_TOP);
    }
    b.x = -40; /* fast sideways into a one-tile post */
    load((const char *const[]){ ".....", "..#..", "....." }, 3, 3, EO_TILES_OUTSIDE_EMPTY);
    b.y = 8;
    b.h = 8;
    b.w = 4;
    r = move(&b, 200, 0, 0);
    assert_int_equal(b.x, 12);
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    b.x = 200;
    r = move(&b, -300, 0, 0);
    assert_int_equal(b.x, 24);
    assert_int_equal(r.hit, EO_HIT_LEFT);
}

static void test_tiles_ladders_and_ladder_tops(void **state)
{
    static const char *const art[] = {
        "......",
        "......",
        "..H...", /* the top: y 16..23 */
        "..H...",
        "..H...",
        "######", /* y 40.. */
    };
    eo_box b = { 16, 8, 8, 8 };
    eo_tiles_move_result r;
    (void)state;
    load(art, 6, 3, EO_TILES_OUTSIDE_SOLID);
    r = move(&b, 0, 0, 0); /* standing on the ladder top */
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.below, EO_TILES_TOUCH_LADDER);
    assert_int_equal(r.touching, 0);
    r = move(&b, 0, 10, 0);
    assert_int_equal(b.y, 8);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    r = move(&b, 0, 10, EO_TILES_DROP); /* climbing down through the top */
    assert_int_equal(b.y, 18);
    assert_int_equal(r.touching, EO_TILES_TOUCH_LADDER);
    assert_int_equal(r.on_ground, 0);
    r = move(&b, 0, 30, 0); /* inside the ladder nothing holds it: the tiles below are not tops */
    assert_int_equal(b.y, 32);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.below, EO_TILES_TOUCH_SOLID);
    r = move(&b, 0, -30, 0); /* climbing up: ladders never block */
    assert_int_equal(b.y, 2);
    assert_int_equal(r.hit, 0);
    r = move(&b, 0, 20, 0); /* from above again: the top holds */
    assert_int_equal(b.y, 8);
    r = move(&b, 7, 0, 0); /* half off the ladder top: still standing on it */
    assert_int_equal(b.x, 23);
    assert_int_equal(r.on_ground, 1);
    r = move(&b, 1, 0, 0);
    assert_int_equal(r.on_ground, 0);
    /* a ladder in the top row: the tile above is outside (solid), so it is a top */
    load((const char *const[]){ "H.", "H.", "##" }, 3, 3, EO_TILES_OUTSIDE_OPEN_TOP);
    b.x = 0;
    b.y = -8;
    r = move(&b, 0, 0, 0);
    assert_int_equal(r.on_ground, 1);
}

/* ---- the kinds of issue 11: spike blocks, ladder tops, half tiles, one-way slopes ---------- */

static void test_tiles_spike_block_blocks_and_hurts(void **state)
{
    static const char *const art[] = {
        "......",
        "....M.", /* a spike block in the wall: y 8..15, x 32..39 */
        "MMMMMM", /* y 16.. */
    };
    eo_box b = { 8, 0, 8, 8 };
    eo_tiles_move_result r;
    (void)state;
    load(art, 3, 3, EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, 0, 20, 0); /* falls onto the spikes and stands on them, as on solid */
    assert_int_equal(b.y, 8);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.below, EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_HAZARD);
    r = move(&b, 20, 0, 0); /* a wall too */
    assert_int_equal(b.x, 24);
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    r = move(&b, 0, 5, EO_TILES_DROP); /* dropping does not pass it */
    assert_int_equal(b.y, 8);
    assert_int_equal(eo_tiles_pixel_solid(&map, 32, 8), 1);
    assert_int_equal(eo_tiles_kind_bit(EO_TILES_SOLID_HAZARD), EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_HAZARD);
}

static void test_tiles_explicit_ladder_top(void **state)
{
    static const char *const art[] = {
        "......",
        "..T...", /* y 8..15 */
        "..H...", /* under a ladder top: no implicit top */
        "..H...",
        "######", /* y 32.. */
    };
    eo_box b = { 16, 0, 8, 8 };
    eo_tiles_move_result r;
    (void)state;
    load(art, 5, 3, EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, 0, 10, 0); /* held by the top */
    assert_int_equal(b.y, 0);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.below, EO_TILES_TOUCH_ONE_WAY | EO_TILES_TOUCH_LADDER);
    r = move(&b, 0, 10, EO_TILES_DROP); /* climbing down through it */
    assert_int_equal(b.y, 10);
    assert_int_equal(r.hit, 0);
    assert_int_equal(r.touching, EO_TILES_TOUCH_ONE_WAY | EO_TILES_TOUCH_LADDER);
    r = move(&b, 0, 30, 0); /* the ladder below it is no top: down to the floor */
    assert_int_equal(b.y, 24);
    assert_int_equal(r.below, EO_TILES_TOUCH_SOLID);
    r = move(&b, 0, -30, 0); /* climbing up passes the top */
    assert_int_equal(b.y, -6);
    assert_int_equal(r.hit, 0);
    r = move(&b, 10, 0, 0); /* sideways: never blocks */
    assert_int_equal(r.hit, 0);
    assert_int_equal(eo_tiles_pixel_one_way(&map, 16, 8), 1);
    assert_int_equal(eo_tiles_pixel_one_way(&map, 16, 9), 0);
    assert_int_equal(eo_tiles_pixel_one_way(&map, 16, 16), 0);
    assert_int_equal(eo_tiles_pixel_solid(&map, 16, 8), 0);
}

static void test_tiles_one_way_halves_8px_apart(void **state)
{
    static const char *const art[] = {
        "....", /* 16 px tiles */
        "-...", /* y 16..31: surface y 24 */
        "=...", /* y 32..47: surface y 32, 8 px below */
        "-...", /* y 48..63: surface y 56 */
        "####",
    };
    eo_box b = { 0, 0, 8, 4 };
    eo_tiles_move_result r;
    (void)state;
    load(art, 5, 4, EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, 0, 40, 0);
    assert_int_equal(b.y, 20); /* its bottom on row 23, the half line above 24 */
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.below, EO_TILES_TOUCH_ONE_WAY);
    r = move(&b, 0, 6, EO_TILES_DROP);
    assert_int_equal(b.y, 26);
    r = move(&b, 0, 40, 0); /* onto the one-way tile 8 px lower */
    assert_int_equal(b.y, 28);
    assert_int_equal(r.on_ground, 1);
    r = move(&b, 0, 40, EO_TILES_DROP); /* through both halves' tiles down to the floor */
    assert_int_equal(b.y, 60);
    r = move(&b, 0, -3, 0); /* under the lower half's surface (y 56): jumping up passes it */
    r = move(&b, 0, -30, 0);
    assert_int_equal(b.y, 27);
    assert_int_equal(r.hit, 0);
    b.y = 40; /* in the half's empty top: sideways passes */
    r = move(&b, 30, 0, 0);
    assert_int_equal(r.hit, 0);
    assert_int_equal(eo_tiles_pixel_one_way(&map, 3, 24), 1);
    assert_int_equal(eo_tiles_pixel_one_way(&map, 3, 16), 0);
    assert_int_equal(eo_tiles_pixel_solid(&map, 3, 24), 0);
}

static void test_tiles_one_way_slope(void **state)
{
    static const char *const art[] = {
        "........",
        "........",
        "...p....", /* y 16..23, x 24..31: column i's surface at row 23 - i */
        "########",
    };
    eo_box b = { 8, 20, 4, 4 };
    eo_tiles_move_result r;
    (void)state;
    load(art, 4, 3, EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, 30, 0, 0); /* on the floor: straight through the slope sideways */
    assert_int_equal(b.x, 38);
    assert_int_equal(r.hit, 0);
    r = move(&b, -30, 0, 0);
    assert_int_equal(b.x, 8);
    assert_int_equal(r.hit, 0);
    b.x = 27; /* over columns 3 .. 6: the highest surface is column 6's, row 17 */
    b.y = 0;
    r = move(&b, 0, 30, 0); /* lands on it from above */
    assert_int_equal(b.y, 13);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.below, EO_TILES_TOUCH_SLOPE | EO_TILES_TOUCH_ONE_WAY);
    r = move(&b, 0, 30, EO_TILES_DROP); /* dropping passes */
    assert_int_equal(b.y, 20);
    r = move(&b, 0, -30, 0); /* jumping up from inside it passes */
    assert_int_equal(b.y, -10);
    assert_int_equal(r.hit, 0);
    b.w = 1;
    b.x = 24; /* column 0: surface row 23 */
    b.y = 0;
    r = move(&b, 0, 30, 0);
    assert_int_equal(b.y, 19);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(eo_tiles_pixel_one_way(&map, 24, 23), 1);
    assert_int_equal(eo_tiles_pixel_one_way(&map, 31, 16), 1);
    assert_int_equal(eo_tiles_pixel_one_way(&map, 31, 17), 0);
    assert_int_equal(eo_tiles_pixel_solid(&map, 31, 20), 0);
    /* a sweep lands on it too, and passes it sideways */
    b.x = 31;
    b.y = 0;
    assert_int_equal(eo_tiles_sweep(&map, &b, 0, 40, 0, NULL, &r, NULL), EO_OK);
    assert_int_equal(b.y, 12); /* column 7: surface row 16 */
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    b.x = 8;
    b.y = 20;
    assert_int_equal(eo_tiles_sweep(&map, &b, 30, 0, 0, NULL, &r, NULL), EO_OK);
    assert_int_equal(b.x, 38);
    assert_int_equal(r.hit, 0);
}

static void test_tiles_half_tiles(void **state)
{
    static const char *const art[] = {
        "......",
        ".N..._", /* y 8..15: N solid 8..11; _ solid 12..15 */
        "######",
    };
    eo_box b = { 8, 12, 8, 4 };
    eo_tiles_move_result r;
    (void)state;
    load(art, 3, 3, EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, 0, -20, 0); /* under the half top: stopped at its half line */
    assert_int_equal(b.y, 12);
    assert_int_equal(r.hit, EO_HIT_TOP);
    assert_int_equal(r.touching, EO_TILES_TOUCH_HALF);
    r = move(&b, 40, 0, 0); /* its bottom half row: stopped by the half bottom's solid half */
    assert_int_equal(b.x, 32);
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    b.y = 8; /* rows 8..11: above the half bottom's solid rows, beside the half top's */
    b.x = 20;
    r = move(&b, 30, 0, 0);
    assert_int_equal(r.hit, 0);
    r = move(&b, -40, 0, 0);
    assert_int_equal(b.x, 16);
    assert_int_equal(r.hit, EO_HIT_LEFT);
    b.x = 40;
    b.y = 0;
    r = move(&b, 0, 20, 0); /* onto the half bottom */
    assert_int_equal(b.y, 8);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.below, EO_TILES_TOUCH_HALF);
    b.x = 8;
    b.y = 0;
    r = move(&b, 0, 20, 0); /* onto the half top */
    assert_int_equal(b.y, 4);
    assert_int_equal(r.below, EO_TILES_TOUCH_HALF);
    assert_int_equal(eo_tiles_pixel_solid(&map, 8, 11), 1);
    assert_int_equal(eo_tiles_pixel_solid(&map, 8, 12), 0);
    assert_int_equal(eo_tiles_pixel_solid(&map, 40, 11), 0);
    assert_int_equal(eo_tiles_pixel_solid(&map, 40, 12), 1);
}

static void test_tiles_hazard_water_and_kinds(void **state)
{
    static const char *const art[] = {
        "^^~~x.",
        "......",
    };
    eo_box b = { 4, 4, 8, 8 };
    eo_tiles_move_result r;
    uint8_t t = 0, below = 0;
    (void)state;
    load(art, 2, 3, EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, 0, 0, 0);
    assert_int_equal(r.touching, EO_TILES_TOUCH_HAZARD);
    r = move(&b, 8, 0, 0);
    assert_int_equal(r.touching, EO_TILES_TOUCH_HAZARD | EO_TILES_TOUCH_WATER);
    r = move(&b, 20, 0, 0); /* x 32..39: the game's own tile 'x': nothing */
    assert_int_equal(r.touching, 0);
    b.x = 8;
    b.y = 8; /* only touches row 0 along its top edge: half-open, not overlapping */
    assert_int_equal(eo_tiles_touching(&map, &b, NULL, &t, &below, NULL), EO_OK);
    assert_int_equal(t, 0);
    assert_int_equal(below, EO_TILES_TOUCH_OUTSIDE); /* row 2: below the map, empty there */
    assert_int_equal(eo_tiles_kind_bit(EO_TILES_SOLID), EO_TILES_TOUCH_SOLID);
    assert_int_equal(eo_tiles_kind_bit(EO_TILES_WATER), EO_TILES_TOUCH_WATER);
    assert_int_equal(eo_tiles_kind_bit(EO_TILES_SLOPE_ATTR(3)), EO_TILES_TOUCH_SLOPE);
    assert_int_equal(eo_tiles_kind_bit(11), 0);
    assert_int_equal(eo_tiles_kind_bit(15), 0);
    assert_int_equal(eo_tiles_kind_bit(EO_TILES_EMPTY), 0);
}

static void test_tiles_outside_policies(void **state)
{
    eo_box b = { 0, 0, 8, 8 };
    eo_tiles_move_result r;
    (void)state;
    blank_map(4, 4, 3, EO_TILES_OUTSIDE_SOLID);
    r = move(&b, -10, -5, 0);
    assert_int_equal(b.x, 0);
    assert_int_equal(b.y, 0);
    assert_int_equal(r.hit, EO_HIT_LEFT | EO_HIT_TOP);
    b.x = 24;
    b.y = 24;
    r = move(&b, 10, 1, 0);
    assert_int_equal(r.hit, EO_HIT_RIGHT | EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.below, EO_TILES_TOUCH_OUTSIDE | EO_TILES_TOUCH_SOLID);

    map.outside = EO_TILES_OUTSIDE_EMPTY;
    r = move(&b, 10, 1, 0);
    assert_int_equal(b.x, 34);
    assert_int_equal(b.y, 25);
    assert_int_equal(r.hit, 0);
    assert_int_equal(r.on_ground, 0);
    assert_int_equal(r.touching, EO_TILES_TOUCH_OUTSIDE);
    r = move(&b, -20000, -20000, 0); /* far out and back: no wrap, nothing to hit */
    assert_int_equal(b.x, 34 - 20000);
    r = move(&b, 20000, 20000, 0);
    assert_int_equal(b.x, 34);
    assert_int_equal(b.y, 25);

    map.outside = EO_TILES_OUTSIDE_OPEN_TOP;
    b.x = 0;
    b.y = 0;
    r = move(&b, 0, -20, 0); /* above the map is open */
    assert_int_equal(b.y, -20);
    r = move(&b, -10, 0, 0); /* and so is the air beside it, above row 0 */
    assert_int_equal(b.x, -10);
    r = move(&b, 0, 100, 0); /* but beside the map, from row 0 down, is solid */
    assert_int_equal(b.y, -8);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    b.x = 0;
    b.y = 0;
    r = move(&b, -1, 0, 0);
    assert_int_equal(r.hit, EO_HIT_LEFT);
    b.y = 24;
    r = move(&b, 0, 3, 0);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
}

static void test_tiles_negative_coordinates(void **state)
{
    static const char *const art[] = {
        "...#",
        "...#",
    };
    eo_box b = { -20, 0, 8, 8 };
    eo_tiles_move_result r;
    (void)state;
    load(art, 2, 3, EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, 30, 0, 0);
    assert_int_equal(b.x, 10);
    assert_int_equal(r.hit, 0);
    r = move(&b, 30, 0, 0);
    assert_int_equal(b.x, 16); /* against column 3 */
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    b.x = -9; /* one pixel into tile -2: left of the map, not its last column */
    r = move(&b, -5, 0, 0);
    assert_int_equal(b.x, -14);
    check_move(&b, 40, 3, 0);
    b.y = -30;
    check_move(&b, 26, 40, 0);
}

static void test_tiles_huge_moves_near_world_limits(void **state)
{
    eo_box b = { (EO_COORD_MAX - 767), 0, 8, 8 };
    eo_tiles_move_result r;
    (void)state;
    blank_map(4, 4, 3, EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, EO_COORD_MAX, 0, 0);
    assert_int_equal(b.x, (EO_COORD_MAX - 7)); /* its last pixel is EO_COORD_MAX: the world edge */
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    r = move(&b, 1, 0, 0);
    assert_int_equal(b.x, (EO_COORD_MAX - 7));
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    b.x = 0;
    b.y = (EO_COORD_MAX - 767);
    r = move(&b, 0, EO_COORD_MAX, 0);
    assert_int_equal(b.y, (EO_COORD_MAX - 7));
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(r.below, EO_TILES_TOUCH_OUTSIDE | EO_TILES_TOUCH_SOLID);
    b.x = EO_COORD_MIN;
    b.y = EO_COORD_MIN;
    r = move(&b, EO_COORD_MIN, EO_COORD_MIN, 0);
    assert_int_equal(b.x, EO_COORD_MIN);
    assert_int_equal(b.y, EO_COORD_MIN);
    assert_int_equal(r.hit, EO_HIT_LEFT | EO_HIT_TOP);
    r = move(&b, EO_COORD_MAX, EO_COORD_MAX, 0);
    assert_int_equal(b.x, -1);
    assert_int_equal(b.y, -1);
    b.x = EO_COORD_MIN; /* the largest box */
    b.y = EO_COORD_MIN;
    b.w = EO_COORD_MAX;
    b.h = EO_COORD_MAX;
    r = move(&b, EO_COORD_MAX, EO_COORD_MAX, 0);
    assert_int_equal(b.x, -1);
    assert_int_equal(b.y, -1);
    assert_int_equal(r.hit, 0);
    r = move(&b, 5, 5, 0);
    assert_int_equal(b.x, 1); /* its last pixel at EO_COORD_MAX */
    assert_int_equal(b.y, 1);
    assert_int_equal(r.hit, EO_HIT_RIGHT | EO_HIT_BOTTOM);
    assert_int_equal(r.touching, EO_TILES_TOUCH_OUTSIDE);
    /* a 128 px map as wide as the positive int16 world, with walls, against the per-pixel
       reference: moves of up to 65535 px, so in the 16-bit build only (the 32-bit one takes the
       world's edges in tests/core/test_coords.c) */
#if EO_COORD_BITS == 16
    blank_map(256, 2, 7, EO_TILES_OUTSIDE_EMPTY);
    b.x = -32768;
    b.y = 0;
    b.w = 24;
    b.h = 8;
    check_move(&b, 32767, 0, 0);
    b.x = 100;
    check_move(&b, 32767, 0, 0); /* to the world edge, inside the map */
    assert_int_equal(b.x, 32767 - 23);
    check_move(&b, -32768, 0, 0);
    cells[255] = '#';
    cells[256 + 200] = '/';
    b.x = 100;
    check_move(&b, 32767, 0, 0);
    assert_int_equal(b.x, 255 * 128 - 24);
    b.y = 200;
    check_move(&b, 32767, 0, 0);
    b.x = 32767 - 23;
    check_move(&b, -32768, 0, 0);
    map.outside = EO_TILES_OUTSIDE_SOLID;
    b.x = 30000;
    b.y = 50;
    check_move(&b, -32768, 32767, 0);
    assert_int_equal(b.x, 0);
    assert_int_equal(b.y, 256 - 8);
    b.w = 1;
    b.x = 32767;
    b.y = 200;
    check_move(&b, -32768, -32768, EO_TILES_DROP);
#endif
}

/* ---- properties --------------------------------------------------------------------------- */

static void random_map(void)
{
    static const uint8_t weights[] = { 40, 14, 8, 7, 3, 3, 2, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2 }; /* per tile_chars */
    uint16_t w = (uint16_t)rng_range(1, 24), h = (uint16_t)rng_range(1, 24), r;
    uint32_t k, total = 0, pick;
    unsigned i;
    uint8_t shift = (uint8_t)(rng() % 4u == 0 ? 4 + rng() % 2u : 3);
    blank_map(w, h, shift, (uint8_t)(rng() % 3u));
    for (i = 0; i < sizeof weights; i++)
        total += weights[i];
    for (k = 0; k < (uint32_t)w * h; k++) {
        pick = rng() % total;
        for (i = 0; pick >= weights[i]; i++)
            pick -= weights[i];
        cells[k] = (uint8_t)tile_chars[i];
    }
    if (rng() % 3u == 0) {
        for (r = 0; r < h; r++)
            row_table[r] = (uint16_t)(r * w);
        map.row_start = row_table;
    }
    /* half the maps prepared: every property below holds for both */
    assert_int_equal(rng() % 2u ? eo_tiles_prepare(&map) : eo_tiles_check(&map), EO_OK);
}

/* A box somewhere in or around the map that overlaps no solid pixel (or any box, if
   `anywhere`); 0 if none was found. */
static int random_box(eo_box *b, int big, int anywhere)
{
    int tries, T = tile_size();
    for (tries = 0; tries < 60; tries++) {
        b->w = (int16_t)rng_range(1, 3 * T);
        b->h = (int16_t)rng_range(1, 3 * T);
        b->x = (int16_t)rng_range(-3 * T, map.width * T + 2 * T);
        b->y = (int16_t)rng_range(-3 * T, map.height * T + 2 * T);
        if (big) { /* next to the world's edges */
            b->x = (int16_t)(rng() % 2u ? 32767 - b->w + 1 - rng_range(0, 40) : -32768 + rng_range(0, 40));
            b->y = (int16_t)(rng() % 2u ? 32767 - b->h + 1 - rng_range(0, 40) : -32768 + rng_range(0, 40));
        }
        if (anywhere || !ref_overlaps_solid(b))
            return 1;
    }
    return 0;
}

static void test_tiles_move_matches_pixel_reference(void **state)
{
    unsigned trial, done = 0;
    (void)state;
    for (trial = 0; trial < 40000u; trial++) {
        eo_box b;
        int T, dx, dy, big = trial % 2000u == 1999u;
        uint8_t flags = (uint8_t)(rng() % 5u == 0 ? EO_TILES_DROP : 0);
        if (trial % 25u == 0)
            random_map();
        T = tile_size();
        if (!random_box(&b, big, trial % 10u == 3u))
            continue;
        dx = rng() % 4u == 0 ? 0 : rng_range(-5 * T, 5 * T);
        dy = rng() % 4u == 0 ? 0 : rng_range(-5 * T, 5 * T);
        if (big) {
            dx = rng_range(-32768, 32767);
            dy = rng_range(-32768, 32767);
        }
        check_move(&b, dx, dy, flags);
        done++;
    }
    assert_true(done > 30000u);
}

/* ---- swept moves ------------------------------------------------------------------------ */

/* The core's sweep against ref_sweep for one move, as check_move does for eo_tiles_move. */
static eo_tiles_move_result check_sweep(eo_box *box, int dx, int dy, uint8_t flags)
{
    const eo_box start = *box;
    eo_box got = *box, want = *box;
    eo_tiles_move_result r;
    int hit, touching, below, ground;
    assert_int_equal(eo_tiles_sweep(&map, &got, (eo_coord)dx, (eo_coord)dy, flags, NULL, &r, NULL), EO_OK);
    hit = ref_sweep(&want, dx, dy, flags & EO_TILES_DROP, (flags & EO_TILES_SLIDE) != 0);
    ref_sense(&want, flags & EO_TILES_DROP, &touching, &below, &ground);
    if (got.x != want.x || got.y != want.y || r.hit != hit)
        print_error("map %ux%u shift %u outside %u; box %d,%d %dx%d sweep %d,%d flags %u: "
                    "core %d,%d hit %u, reference %d,%d hit %d\n",
                    map.width, map.height, map.tile_shift, map.outside, start.x, start.y, start.w, start.h, dx,
                    dy, flags, got.x, got.y, r.hit, want.x, want.y, hit);
    assert_int_equal(got.x, want.x);
    assert_int_equal(got.y, want.y);
    assert_int_equal(r.hit, hit);
    assert_int_equal(r.moved_x, (long)got.x - start.x);
    assert_int_equal(r.moved_y, (long)got.y - start.y);
    if (flags & EO_TILES_POSITION_ONLY) {
        assert_int_equal(r.touching | r.below | r.on_ground, 0);
    } else {
        assert_int_equal(r.touching, touching);
        assert_int_equal(r.below, below);
        assert_int_equal(r.on_ground, ground);
    }
    assert_true(labs(r.moved_x) <= labs(dx) && labs(r.moved_y) <= labs(dy));
    assert_true((long)r.moved_x * dx >= 0 && (long)r.moved_y * dy >= 0);
    if (!ref_overlaps_solid(&start))
        assert_false(ref_overlaps_solid(&got));
    *box = got;
    return r;
}

/* The issue's dash: an 8 x 8 box at (0, 0) moving (+32, +32) past one solid tile at pixels
   16 .. 23. X-then-Y passes under it; the sweep's straight path crosses it and stops. */
static void test_tiles_sweep_stops_where_x_then_y_passes(void **state)
{
    static const char *const art[] = {
        "......",
        "......",
        "..#...",
        "......",
        "......",
        "......",
    };
    eo_box b = { 0, 0, 8, 8 };
    eo_tiles_move_result r;
    (void)state;
    load(art, 6, 3, EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, 32, 32, 0);
    assert_int_equal(b.x, 32);
    assert_int_equal(b.y, 32);
    assert_int_equal(r.hit, 0);
    /* the staircase reaches (8, 8), steps right to (9, 8); down would put pixel (16, 16) in the box */
    b.x = 0;
    b.y = 0;
    r = check_sweep(&b, 32, 32, 0);
    assert_int_equal(b.x, 9);
    assert_int_equal(b.y, 8);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    assert_int_equal(32 - r.moved_x, 23); /* the motion left over */
    assert_int_equal(32 - r.moved_y, 24);
    /* sliding: stopped by the tile's top, it keeps its sideways motion along it */
    b.x = 0;
    b.y = 0;
    r = check_sweep(&b, 32, 32, EO_TILES_SLIDE);
    assert_int_equal(b.x, 32);
    assert_int_equal(b.y, 8);
    assert_int_equal(r.hit, EO_HIT_BOTTOM);
    /* the other way round: a tile right of the start stops X-then-Y, the straight path is clear */
    b.x = 0;
    b.y = 0;
    load((const char *const[]){ "..#...", "......", "......", "......", "......", "......" }, 6, 3,
         EO_TILES_OUTSIDE_EMPTY);
    r = move(&b, 32, 32, 0);
    assert_int_equal(b.x, 8);
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    b.x = 0;
    b.y = 0;
    r = check_sweep(&b, 32, 32, 0);
    assert_int_equal(b.x, 32);
    assert_int_equal(b.y, 32);
    assert_int_equal(r.hit, 0);
}

static void test_tiles_sweep_arguments(void **state)
{
    static const char *const art[] = { "...", "###" };
    eo_box b = { 0, 0, 8, 8 }, bad = { 0, 0, 0, 8 };
    eo_tiles_move_result r = { 7, 7, 7, 7, 7, 7 };
    (void)state;
    load(art, 2, 3, EO_TILES_OUTSIDE_SOLID);
    assert_int_equal(eo_tiles_sweep(&map, NULL, 1, 1, 0, NULL, &r, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_tiles_sweep(&map, &b, 1, 1, 0, NULL, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_tiles_sweep(NULL, &b, 1, 1, 0, NULL, &r, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_tiles_sweep(&map, &bad, 1, 1, 0, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_tiles_sweep(&map, &b, 1, 1, EO_TILES_CORNERS, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_tiles_sweep(&map, &b, 1, 1, 0x80, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_tiles_move(&map, &b, 1, 1, EO_TILES_SLIDE, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
#if EO_COORD_BITS == 32
    /* a sweep steps through every pixel: at most EO_TILES_MAX_SWEEP px per axis */
    assert_int_equal(eo_tiles_sweep(&map, &b, EO_TILES_MAX_SWEEP + 1, 0, 0, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_tiles_sweep(&map, &b, 0, -EO_TILES_MAX_SWEEP - 1, 0, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_tiles_sweep(&map, &b, -2147483647 - 1, 5, 0, NULL, &r, NULL), EO_ERR_BAD_ARGUMENT);
#endif
    /* on an error nothing moved and the result is untouched */
    assert_int_equal(b.x, 0);
    assert_int_equal(b.y, 0);
    assert_int_equal(r.hit, 7);
    assert_int_equal(r.moved_x, 7);
    /* a zero move stays put and senses where it is: standing on the floor */
    r = check_sweep(&b, 0, 0, 0);
    assert_int_equal(r.hit, 0);
    assert_int_equal(r.on_ground, 1);
}

/* The longest sweeps there are, across an empty world and into its edge, against the reference. */
static void test_tiles_sweep_longest(void **state)
{
    static const char *const art[] = { "...." };
    eo_box b = { 0, 0, 8, 8 };
    (void)state;
    load(art, 1, 3, EO_TILES_OUTSIDE_EMPTY);
    check_sweep(&b, 32767, -32768, EO_TILES_SLIDE); /* into the world's top edge, then along it */
    b.x = -32768;
    b.y = 100;
    check_sweep(&b, 32767, 32767, 0);
#if EO_COORD_BITS == 32
    b.x = 0;
    b.y = 0;
    check_sweep(&b, EO_TILES_MAX_SWEEP, -EO_TILES_MAX_SWEEP, 0);
    assert_int_equal(b.x, EO_TILES_MAX_SWEEP);
    assert_int_equal(b.y, -EO_TILES_MAX_SWEEP);
#endif
}

/* 10,000 sweeps (and more) from random boxes on random maps, every flag, against ref_sweep:
   position, hit, and what the box touches after; a box that started clear ends clear. */
static void test_tiles_sweep_matches_pixel_reference(void **state)
{
    unsigned trial, done = 0;
    (void)state;
    for (trial = 0; trial < 30000u; trial++) {
        eo_box b;
        int T, dx, dy, big = trial % 2000u == 1999u;
        uint8_t flags = (uint8_t)((rng() % 5u == 0 ? EO_TILES_DROP : 0) | (rng() % 2u ? EO_TILES_SLIDE : 0) |
                                  (rng() % 8u == 0 ? EO_TILES_POSITION_ONLY : 0));
        if (trial % 25u == 0)
            random_map();
        T = tile_size();
        if (!random_box(&b, big, trial % 10u == 3u))
            continue;
        dx = rng() % 6u == 0 ? 0 : rng_range(-8 * T, 8 * T);
        dy = rng() % 6u == 0 ? 0 : rng_range(-8 * T, 8 * T);
        if (big) {
            dx = rng_range(-32768, 32767);
            dy = rng_range(-32768, 32767);
        }
        check_sweep(&b, dx, dy, flags);
        done++;
    }
    assert_true(done > 20000u);
}

/* A character's life: gravity and walking, frame after frame, against the reference each frame. */
static void test_tiles_move_sequences_stay_clear(void **state)
{
    unsigned trial, frame;
    (void)state;
    for (trial = 0; trial < 400u; trial++) {
        eo_box b;
        int vy = 0;
        random_map();
        if (!random_box(&b, 0, 0))
            continue;
        for (frame = 0; frame < 60u; frame++) {
            eo_tiles_move_result r;
            int dx = rng_range(-6, 6);
            uint8_t flags = (uint8_t)(rng() % 8u == 0 ? EO_TILES_DROP : 0);
            vy = vy < 3 * tile_size() ? vy + 1 : vy; /* gravity, up to 3 tiles a frame */
            if (rng() % 20u == 0)
                vy = -2 * tile_size(); /* jump */
            r = check_move(&b, dx, vy, flags);
            if ((r.on_ground && vy > 0) || (r.hit & EO_HIT_TOP))
                vy = 0;
        }
    }
}

/* ---- the coarse-fine cache, counters and trace -------------------------------------------- */

static void test_tiles_cache_skips_unchanged_ranges(void **state)
{
    static const char *const art[] = {
        "..^...",
        "..~...",
        "######",
    };
    eo_trace_step steps[64];
    eo_hooks h;
    eo_tiles_cache cache;
    eo_box b = { 1, 4, 4, 4 };
    uint8_t t, below, t2, below2;
    int i;
    (void)state;
    load(art, 3, 3, EO_TILES_OUTSIDE_SOLID);
    memset(&cache, 0, sizeof cache);
    eo_hooks_init(&h, steps, 64);
    assert_int_equal(eo_tiles_touching(&map, &b, &cache, &t, &below, &h), EO_OK);
    assert_int_equal(t, 0);
    for (i = 0; i < 3; i++) { /* moving inside the same tile: answered from the cache */
        b.x = (int16_t)(b.x + 1);
        assert_int_equal(eo_tiles_touching(&map, &b, &cache, &t, &below, &h), EO_OK);
    }
    b.x = 14; /* now across columns 1 and 2 */
    assert_int_equal(eo_tiles_touching(&map, &b, &cache, &t, &below, &h), EO_OK);
    assert_int_equal(t, EO_TILES_TOUCH_HAZARD);
    assert_int_equal(below, EO_TILES_TOUCH_WATER);
    b.y = 6; /* rows 0 and 1 */
    assert_int_equal(eo_tiles_touching(&map, &b, &cache, &t, &below, &h), EO_OK);
    assert_int_equal(eo_tiles_touching(&map, &b, NULL, &t2, &below2, NULL), EO_OK);
    assert_int_equal(t, t2);
    assert_int_equal(below, below2);
    assert_int_equal(t, EO_TILES_TOUCH_HAZARD | EO_TILES_TOUCH_WATER);
    cells[2] = '.'; /* the map changed: the cache must be told */
    eo_tiles_cache_reset(&cache);
    assert_int_equal(eo_tiles_touching(&map, &b, &cache, &t, &below, &h), EO_OK);
    assert_int_equal(t, EO_TILES_TOUCH_WATER);
    /* moves use the cache too */
    {
        eo_tiles_move_result r;
        assert_int_equal(eo_tiles_move(&map, &b, 1, 0, 0, &cache, &r, &h), EO_OK);
        assert_int_equal(r.touching, EO_TILES_TOUCH_WATER);
    }
#if EO_TRACE
    assert_int_equal(h.counters[EO_COUNTER_TILES_SKIPS], 3 + 1);
#else
    assert_int_equal(h.counters[EO_COUNTER_TILES_SKIPS], 0);
    assert_int_equal(h.step_count, 0);
#endif
}

static void test_tiles_counters_and_trace(void **state)
{
    static const char *const art[] = {
        "....",
        "..#.",
    };
    static eo_trace_step steps[256];
    eo_hooks h;
    eo_box b = { 1, 9, 4, 4 };
    eo_tiles_probe_point p[8];
    uint16_t n, k, snaps = 0, sense;
    eo_tiles_move_result r;
    (void)state;
    load(art, 2, 3, EO_TILES_OUTSIDE_SOLID);
    eo_hooks_init(&h, steps, 256);
    assert_int_equal(eo_tiles_probe(&map, &b, EO_TILES_PROBE_CORNERS, p, 8, &n, NULL, &h), EO_OK);
#if EO_TRACE
    assert_int_equal(h.counters[EO_COUNTER_TILES_PROBES], 4);
    assert_int_equal(h.counters[EO_COUNTER_TILES_LOOKUPS], 4);
    assert_int_equal(steps[0].event, EO_EV_TILES_PROBE);
    assert_true(ends_with(steps[0].file, "core/src/tiles_probe.c"));
    assert_true(steps[0].line > 0);
    assert_true(ends_with(steps[1].file, "core/src/tiles_map.h")); /* every lookup of a tile */
    assert_int_equal(steps[0].a, 1);
    assert_int_equal(steps[0].b, 9);
    assert_int_equal(steps[1].event, EO_EV_TILES_LOOKUP);
    assert_int_equal(steps[1].a >> 16, 0);          /* column */
    assert_int_equal((int16_t)(steps[1].a & 0xFFFF), 1); /* row */
    assert_int_equal(steps[1].b, EO_TILES_EMPTY);
#endif
    eo_hooks_reset(&h);
    assert_int_equal(eo_tiles_move(&map, &b, 30, 0, 0, NULL, &r, &h), EO_OK);
    assert_int_equal(b.x, 12);
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    eo_hooks_reset(&h);
    b.x = -1000; /* outside: solid; a lookup of (-1, 1) with 256 added */
    assert_int_equal(eo_tiles_attr_at(&map, -1, 1, &h), EO_TILES_SOLID);
#if EO_TRACE
    assert_int_equal(steps[0].event, EO_EV_TILES_LOOKUP);
    assert_int_equal(steps[0].a >> 16, -1);
    assert_int_equal(steps[0].b, EO_TILES_SOLID + 256);
#endif
    eo_hooks_reset(&h);
    b.x = 1;
    assert_int_equal(eo_tiles_move(&map, &b, 30, 0, 0, NULL, &r, &h), EO_OK);
#if EO_TRACE
    assert_int_equal(h.counters[EO_COUNTER_TILES_SNAPS], 1);
    assert_int_equal(h.counters[EO_COUNTER_TILES_STEPS], 3); /* x 5..7, 8..15, then 16: blocked */
    assert_int_equal(steps[0].event, EO_EV_TILES_MOVE);
    assert_true(ends_with(steps[0].file, "core/src/tiles_move.c"));
    assert_int_equal(steps[0].a, 30);
    for (k = 0; k < h.step_count; k++)
        if (steps[k].event == EO_EV_TILES_SNAP) {
            snaps++;
            assert_int_equal(steps[k - 1].event, EO_EV_TILES_BLOCKED);
            assert_int_equal(steps[k - 1].b, 16);
            assert_int_equal(steps[k].a, 0);
            assert_int_equal(steps[k].b, 12);
        }
    assert_int_equal(snaps, 1);
    /* after the move, one SENSE (the box where it stopped) opens the reads of what it touches */
    for (k = 0, sense = h.step_count; k < h.step_count; k++)
        if (steps[k].event == EO_EV_TILES_SENSE) {
            assert_int_equal(sense, h.step_count); /* only one */
            sense = k;
            assert_int_equal(steps[k].a, 12);
            assert_int_equal(steps[k].b, b.y);
        }
    assert_true(sense < h.step_count && steps[sense - 1].event == EO_EV_TILES_SNAP);
    assert_int_equal(steps[h.step_count - 1].event, EO_EV_TILES_RESULT);
    assert_int_equal(steps[h.step_count - 1].a, EO_HIT_RIGHT);
#else
    (void)k;
    (void)snaps;
    (void)sense;
    assert_int_equal(h.step_count, 0);
    assert_int_equal(h.counters[EO_COUNTER_TILES_LOOKUPS], 0);
#endif
    assert_string_equal(eo_event_name(EO_EV_TILES_SNAP), "EO_EV_TILES_SNAP");
    assert_string_equal(eo_counter_name(EO_COUNTER_TILES_SKIPS), "EO_COUNTER_TILES_SKIPS");
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiles_tile_of_floors_negatives),
        cmocka_unit_test(test_tiles_lookup_outside_never_wraps),
        cmocka_unit_test(test_tiles_row_multiply_and_row_table),
        cmocka_unit_test(test_tiles_check_errors),
        cmocka_unit_test(test_tiles_prepare),
        cmocka_unit_test(test_tiles_slope_builtin_heights),
        cmocka_unit_test(test_tiles_slope_user_shapes),
        cmocka_unit_test(test_tiles_probe_corners_slip_through),
        cmocka_unit_test(test_tiles_probe_edges_cover_every_edge_tile),
        cmocka_unit_test(test_tiles_move_corners_slip_into_one_tile_wall),
        cmocka_unit_test(test_tiles_one_way_platforms),
        cmocka_unit_test(test_tiles_stacked_one_way_little_clearance),
        cmocka_unit_test(test_tiles_fast_fall_onto_one_tile_floor),
        cmocka_unit_test(test_tiles_ladders_and_ladder_tops),
        cmocka_unit_test(test_tiles_spike_block_blocks_and_hurts),
        cmocka_unit_test(test_tiles_explicit_ladder_top),
        cmocka_unit_test(test_tiles_one_way_halves_8px_apart),
        cmocka_unit_test(test_tiles_one_way_slope),
        cmocka_unit_test(test_tiles_half_tiles),
        cmocka_unit_test(test_tiles_hazard_water_and_kinds),
        cmocka_unit_test(test_tiles_outside_policies),
        cmocka_unit_test(test_tiles_negative_coordinates),
        cmocka_unit_test(test_tiles_huge_moves_near_world_limits),
        cmocka_unit_test(test_tiles_move_matches_pixel_reference),
        cmocka_unit_test(test_tiles_move_sequences_stay_clear),
        cmocka_unit_test(test_tiles_sweep_stops_where_x_then_y_passes),
        cmocka_unit_test(test_tiles_sweep_arguments),
        cmocka_unit_test(test_tiles_sweep_longest),
        cmocka_unit_test(test_tiles_sweep_matches_pixel_reference),
        cmocka_unit_test(test_tiles_cache_skips_unchanged_ranges),
        cmocka_unit_test(test_tiles_counters_and_trace),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("tiles", tests, NULL, NULL);
}
