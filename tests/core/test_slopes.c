/* Tests of core/src/slopes.c: sensors with extension and regression, and walking over ramps,
   checked at every pixel against the map's height arrays (tested in test_tiles.c); properties
   over random maps against a reference walker built on a pixel-by-pixel mover written here.
   Run: build/tests/test_slopes.* [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"

#define RNG_SEED 6502u
#include "rng.h"
#include "trace_file.h"

/* ---- maps drawn as text (as in test_tiles.c) ------------------------------------------------ */

#include "tile_maps.h"

/*  . empty   # solid   = one-way   H ladder   ^ hazard   ~ water
    / 45 up   \ 45 down   a b 22.5 up (low, high)   c d 22.5 down (high, low)   u user shape
    M spike block   T ladder top   N half top   _ half bottom   - one-way half
    p q r s w one-way slopes (45 up, 45 down, 22.5 up low, 22.5 down high, user) */
static const char tile_chars[] = ".#=H^~/\\abcduMTN_-pqrsw";

/* ---- the pixel reference ------------------------------------------------------------------ */

#define REF_MAP (&map)
#define REF_USER_SLOPES user_slopes
#define REF_WALK
#define REF_SWEEP
#include "tiles_reference.h"

/* The top ground pixel row of column x, from the height arrays: the first row at or below y
   that stops a fall. */
static long ground_below(long x, long y)
{
    while (!ref_blocks_down(x, y, 0))
        y++;
    return y;
}

/* The box stands on the ground: the highest ground under its columns is right below it. */
static void assert_standing(const eo_box *b)
{
    long x, top = 99999;
    for (x = b->x; x < (long)b->x + b->w; x++) {
        long g = ground_below(x, (long)b->y + b->h);
        if (g < top)
            top = g;
    }
    assert_int_equal(top, (long)b->y + b->h);
    assert_false(ref_overlaps_solid(b));
}

static eo_tiles_move_result walk(eo_box *b, int dx, uint8_t max_step)
{
    eo_tiles_move_result r;
    assert_int_equal(eo_slopes_walk(&map, b, (eo_coord)dx, max_step, 0, &r, NULL), EO_OK);
    return r;
}

/* ---- sensors ------------------------------------------------------------------------------ */

static void test_slopes_sensor_extension_and_regression(void **state)
{
    static const char *const art[] = {
        "........",
        "........",
        "..../###", /* y 16..23: a 45-degree ramp in column 4 */
        "########", /* y 24..31 */
    };
    eo_slopes_ground g;
    (void)state;
    load(art, 4, 3, EO_TILES_OUTSIDE_SOLID);
    /* inside the slope tile: column 1 of '/' is 2 px high */
    assert_int_equal(eo_slopes_ground_at(&map, 33, 18, &g, NULL), EO_OK);
    assert_int_equal(g.found, 1);
    assert_int_equal(g.ground_y, 22);
    assert_int_equal(g.distance, 4);
    assert_int_equal(g.height, 2);
    assert_int_equal(g.row, 2);
    assert_int_equal(g.attr, EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_45_UP));
    /* empty column: extension finds the floor in the tile below */
    assert_int_equal(eo_slopes_ground_at(&map, 10, 18, &g, NULL), EO_OK);
    assert_int_equal(g.found, 1);
    assert_int_equal(g.ground_y, 24);
    assert_int_equal(g.row, 3);
    assert_int_equal(g.distance, 6);
    /* two empty tiles: nothing within reach */
    assert_int_equal(eo_slopes_ground_at(&map, 10, 4, &g, NULL), EO_OK);
    assert_int_equal(g.found, 0);
    assert_int_equal(g.distance, 0);
    /* full column: regression finds the surface of the tile above ... */
    assert_int_equal(eo_slopes_ground_at(&map, 45, 28, &g, NULL), EO_OK);
    assert_int_equal(g.ground_y, 16);
    assert_int_equal(g.row, 2);
    assert_int_equal(g.distance, -12);
    /* ... or, when that tile is empty there, the top of its own */
    assert_int_equal(eo_slopes_ground_at(&map, 10, 28, &g, NULL), EO_OK);
    assert_int_equal(g.ground_y, 24);
    assert_int_equal(g.row, 3);
    assert_int_equal(g.distance, -4);
    assert_int_equal(eo_slopes_ground_at(&map, 39, 20, &g, NULL), EO_OK); /* the slope's full column */
    assert_int_equal(g.ground_y, 16);
    assert_int_equal(eo_slopes_ground_at(&map, 35, 28, &g, NULL), EO_OK); /* regress into the slope */
    assert_int_equal(g.ground_y, 20);
    assert_int_equal(g.height, 4);
    /* outside: solid below the map */
    assert_int_equal(eo_slopes_ground_at(&map, 10, 40, &g, NULL), EO_OK);
    assert_int_equal(g.ground_y, 32);
    /* at the top and bottom of the world nothing is read past it */
    map.outside = EO_TILES_OUTSIDE_EMPTY;
    assert_int_equal(eo_slopes_ground_at(&map, 10, EO_COORD_MAX, &g, NULL), EO_OK);
    assert_int_equal(g.found, 0);
    map.outside = EO_TILES_OUTSIDE_SOLID;
    assert_int_equal(eo_slopes_ground_at(&map, 10, EO_COORD_MIN, &g, NULL), EO_OK);
    assert_int_equal(g.ground_y, EO_COORD_MIN);
    assert_int_equal(eo_slopes_ground_at(&map, 10, 4, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_slopes_ground_at(NULL, 10, 4, &g, NULL), EO_ERR_NULL_POINTER);
    /* ground heights by tile: one-way platforms and ladder tops are full, ladders below them empty */
    load((const char *const[]){ "=H^", ".H~" }, 2, 3, EO_TILES_OUTSIDE_EMPTY);
    assert_int_equal(eo_slopes_ground_height(&map, 0, 0, 3, NULL), 8);
    assert_int_equal(eo_slopes_ground_height(&map, 1, 0, 3, NULL), 8);
    assert_int_equal(eo_slopes_ground_height(&map, 1, 1, 3, NULL), 0);
    assert_int_equal(eo_slopes_ground_height(&map, 2, 0, 3, NULL), 0);
    assert_int_equal(eo_slopes_ground_height(&map, 2, 1, 3, NULL), 0);
    assert_int_equal(eo_slopes_ground_height(&map, 5, 1, 3, NULL), 0);
}

static void test_slopes_box_sensors(void **state)
{
    static const char *const art[] = {
        "........",
        "........",
        "..../###",
        "########",
    };
    static const char *const bump[] = {
        "........",
        "...#....",
        "........",
    };
    eo_slopes_ground g;
    eo_box b = { 26, 8, 16, 8 }; /* columns 3..5, bottom row 15 */
    (void)state;
    load(art, 4, 3, EO_TILES_OUTSIDE_SOLID);
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_THREE_SENSORS, &g, NULL), EO_OK);
    assert_int_equal(g.found, 1);
    assert_int_equal(g.sensor, 2); /* the right foot is on the solid tile */
    assert_int_equal(g.ground_y, 16);
    assert_int_equal(g.distance, 0);
    b.x = 18; /* columns 2..4: the left foot over nothing, the middle over the ramp at column 1 */
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_THREE_SENSORS, &g, NULL), EO_OK);
    assert_int_equal(g.sensor, 2); /* x 33: the ramp's column 1 (22) */
    assert_int_equal(g.ground_y, 22);
    assert_int_equal(g.distance, 6);
    /* a bump between two sensors: only the middle one sees it */
    load(bump, 3, 3, EO_TILES_OUTSIDE_EMPTY);
    b.x = 16;
    b.y = 0;
    b.w = 24;
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_TWO_SENSORS, &g, NULL), EO_OK);
    assert_int_equal(g.found, 0);
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_THREE_SENSORS, &g, NULL), EO_OK);
    assert_int_equal(g.found, 1);
    assert_int_equal(g.sensor, 1);
    assert_int_equal(g.distance, 0);
    assert_int_equal(eo_slopes_box_ground(&map, &b, 1, &g, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_slopes_box_ground(&map, &b, 4, &g, NULL), EO_ERR_BAD_ARGUMENT);
    b.w = 0;
    assert_int_equal(eo_slopes_box_ground(&map, &b, 2, &g, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_slopes_box_ground(&map, NULL, 2, &g, NULL), EO_ERR_NULL_POINTER);
}

/* The issue's peak: a 24 x 8 box resting on a ^ of 8 px tiles with its edges beyond the slopes.
   Two sensors look past it; every column finds it, where a move finds the box on the ground. */
static void test_slopes_box_ground_every_column_sees_a_peak(void **state)
{
    static const char *const peak[] = {
        "..........",
        "..........",
        "..../\\....",
        "##########",
    };
    eo_slopes_ground g;
    eo_tiles_move_result r;
    eo_box b = { 28, 8, 24, 8 }; /* columns 28 .. 51; the peak's top pixels are x 39, 40 at y 16 */
    (void)state;
    load(peak, 4, 3, EO_TILES_OUTSIDE_EMPTY);
    assert_int_equal(eo_tiles_move(&map, &b, 0, 0, 0, NULL, &r, NULL), EO_OK);
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_TWO_SENSORS, &g, NULL), EO_OK);
    assert_int_equal(g.found, 0); /* x 28 and 51: empty down to the tile below */
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_EVERY_COLUMN, &g, NULL), EO_OK);
    assert_int_equal(g.found, 1);
    assert_int_equal(g.sensor, 1);
    assert_int_equal(g.col, 4); /* x 39, the '/' tile's last column: the leftmost of the two tops */
    assert_int_equal(g.ground_y, 16);
    assert_int_equal(g.distance, 0);
    /* one pixel up: in the air by one */
    b.y = 7;
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_EVERY_COLUMN, &g, NULL), EO_OK);
    assert_int_equal(g.distance, 1);
}

/* Sensors on the kinds of issue 11: a half top is ground seen from above only, a one-way half
   at its half line, a one-way slope at its shape's surface; walking passes a one-way slope from
   the side and follows it down. */
static void test_slopes_new_kinds_ground_and_walk(void **state)
{
    static const char *const art[] = {
        "..........",
        "..N..-....", /* y 8..15 */
        "......q...", /* y 16..23: a one-way 45 down at x 48..55, surface row 16 + i */
        "..Np......", /* y 24..31: a half top on the floor; a one-way 45 up at x 24..31 */
        "##########", /* y 32.. */
    };
    eo_slopes_ground g;
    eo_tiles_move_result r;
    eo_box b = { 16, 0, 4, 4 };
    (void)state;
    load(art, 5, 3, EO_TILES_OUTSIDE_EMPTY);
    /* above the half top: ground at its top row */
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_EVERY_COLUMN, &g, NULL), EO_OK);
    assert_int_equal(g.ground_y, 8);
    assert_int_equal(g.distance, 4);
    assert_int_equal(eo_slopes_ground_height(&map, 2, 1, 0, NULL), 8);
    /* in its empty bottom half (rows 12..15): no ground there nor in the empty tile below */
    b.y = 12;
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_EVERY_COLUMN, &g, NULL), EO_OK);
    assert_int_equal(g.found, 0);
    /* in the empty half of the one on the floor: standing on the floor */
    b.y = 28;
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_EVERY_COLUMN, &g, NULL), EO_OK);
    assert_int_equal(g.ground_y, 32);
    assert_int_equal(g.distance, 0);
    /* onto the one-way half: ground at its half line */
    b.x = 40;
    b.y = 0;
    assert_int_equal(eo_tiles_move(&map, &b, 0, 20, 0, NULL, &r, NULL), EO_OK);
    assert_int_equal(b.y, 8);
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_EVERY_COLUMN, &g, NULL), EO_OK);
    assert_int_equal(g.ground_y, 12);
    assert_int_equal(g.distance, 0);
    /* on the floor, walking right through the one-way slope at x 24..31: no climb, no stop */
    b.x = 20;
    b.y = 28;
    r = walk(&b, 20, 1);
    assert_int_equal(b.x, 40);
    assert_int_equal(b.y, 28);
    assert_int_equal(r.hit, 0);
    /* on the one-way 45 down: walking follows it down, its sensors on it */
    b.x = 48;
    b.y = 0;
    assert_int_equal(eo_tiles_move(&map, &b, 0, 20, 0, NULL, &r, NULL), EO_OK);
    assert_int_equal(b.y, 12); /* column 0's surface, row 16 */
    r = walk(&b, 4, 1);
    assert_int_equal(b.x, 52);
    assert_int_equal(b.y, 16); /* column 4's surface, row 20 */
    assert_int_equal(r.on_ground, 1);
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_EVERY_COLUMN, &g, NULL), EO_OK);
    assert_int_equal(g.ground_y, 20);
    assert_int_equal(g.distance, 0);
    assert_int_equal(g.attr, EO_TILES_ONE_WAY_SLOPE_ATTR(EO_TILES_SLOPE_45_DOWN));
}

static void random_map(void); /* below, with the walk's properties */

/* Every column against the move, on random maps: for a box none of whose pixels is ground,
   ground at distance 0 exactly when eo_tiles_move says on_ground; never below the box. */
static int ground_pixel(long x, long y)
{
    long T = tile_size(), col = floor_div(x, T), row = floor_div(y, T), j = y - row * T;
    int a = ref_attr(col, row);
    return ref_solid(x, y) || a == EO_TILES_ONE_WAY || a == EO_TILES_LADDER || a == EO_TILES_LADDER_TOP ||
           (a == EO_TILES_ONE_WAY_HALF && j >= T / 2) ||
           (a >= EO_TILES_ONE_WAY_SLOPE && j >= T - ref_height(a, (int)(x - col * T)));
}

static void test_slopes_box_ground_every_column_agrees_with_move(void **state)
{
    unsigned trial, checked = 0, grounded = 0;
    (void)state;
    for (trial = 0; trial < 46000u; trial++) {
        eo_box b;
        eo_slopes_ground g;
        eo_tiles_move_result r;
        long x, y;
        int T, clear = 1;
        if (trial % 20u == 0)
            random_map();
        T = tile_size();
        b.w = (int16_t)rng_range(1, 3 * T);
        b.h = (int16_t)rng_range(1, 2 * T);
        b.x = (int16_t)rng_range(-T, map.width * T);
        b.y = (int16_t)rng_range(-T, map.height * T);
        for (y = b.y; y < (long)b.y + b.h && clear; y++)
            for (x = b.x; x < (long)b.x + b.w && clear; x++)
                clear = !ground_pixel(x, y);
        if (!clear)
            continue;
        if (rng() % 3u) /* mostly dropped onto whatever is below */
            assert_int_equal(eo_tiles_move(&map, &b, 0, 3 * T, EO_TILES_POSITION_ONLY, NULL, &r, NULL), EO_OK);
        for (y = b.y; y < (long)b.y + b.h && clear; y++)
            for (x = b.x; x < (long)b.x + b.w && clear; x++)
                clear = !ground_pixel(x, y);
        if (!clear) /* it fell into a one-way kind's lower rows: not this property's case */
            continue;
        assert_int_equal(eo_tiles_move(&map, &b, 0, 0, 0, NULL, &r, NULL), EO_OK);
        assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_EVERY_COLUMN, &g, NULL), EO_OK);
        if (r.on_ground != (g.found && g.distance == 0))
            print_error("map %ux%u shift %u outside %u; box %d,%d %dx%d: on_ground %u, ground found %u distance %d\n",
                        map.width, map.height, map.tile_shift, map.outside, b.x, b.y, b.w, b.h, r.on_ground, g.found,
                        g.distance);
        assert_int_equal(r.on_ground, g.found && g.distance == 0);
        assert_true(!g.found || g.distance >= 0);
        checked++;
        grounded += r.on_ground;
    }
    assert_true(checked > 4000u && grounded > 2000u && checked - grounded > 1000u);
}

/* ---- walking ------------------------------------------------------------------------------ */

/* Walks one pixel at a time across `art` from x0 to x1 and back, checking at every pixel that
   the box stands on the surface the height arrays describe. */
static void walk_across(const char *const *art, uint16_t rows, uint8_t shift, int x0, int x1, int w, int h,
                        uint8_t max_step)
{
    eo_box b;
    eo_tiles_move_result r;
    int x, dir, k;
    load(art, rows, shift, EO_TILES_OUTSIDE_OPEN_TOP); /* room above for tall boxes */
    b.x = (int16_t)x0;
    b.y = -64; /* in the open air above the map */
    b.w = (int16_t)w;
    b.h = (int16_t)h;
    r = walk(&b, 0, max_step);
    assert_int_equal(eo_tiles_move(&map, &b, 0, 2000, 0, NULL, &r, NULL), EO_OK); /* land */
    assert_int_equal(r.on_ground, 1);
    assert_standing(&b);
    for (dir = x1 > x0 ? 1 : -1, k = 0; k < 2; k++, dir = -dir)
        for (x = 0; x < abs(x1 - x0); x++) {
            int before_y = b.y;
            r = walk(&b, dir, max_step);
            if (r.hit != 0 || r.on_ground != 1)
                print_error("walk %d from %d,%d (%dx%d): hit %u, on_ground %u\n", dir, b.x, before_y, w, h,
                            r.hit, r.on_ground);
            assert_int_equal(r.hit, 0);
            assert_int_equal(r.on_ground, 1);
            assert_int_equal(r.moved_x, dir);
            assert_true(abs(b.y - before_y) <= max_step);
            assert_standing(&b);
        }
    assert_int_equal(b.x, x0);
}

/* A 45-degree ramp up to a plateau, and its mirror down from one (8 px tiles, floor at y 32). */
static const char *const ramp_up[] = {
    "............",
    "............",
    "......../###",
    "......./####",
    "############",
};
static const char *const ramp_down[] = {
    "............",
    "............",
    "###\\........",
    "####\\.......",
    "############",
};

static void test_slopes_walk_45_ramp_stays_on_surface(void **state)
{
    static const char *const up16[] = {
        "........",
        "...../##",
        "..../###",
        "########",
    };
    eo_box b = { 8, 24, 8, 8 };
    eo_tiles_move_result r;
    int x;
    (void)state;
    walk_across(ramp_up, 5, 3, 8, 80, 8, 8, 1);
    walk_across(ramp_down, 5, 3, 40, 0, 8, 8, 1);
    walk_across(ramp_up, 5, 3, 8, 80, 13, 5, 1);
    walk_across(up16, 4, 4, 0, 100, 16, 16, 1);
    walk_across(up16, 4, 4, 0, 88, 40, 24, 1);
    /* against the height array itself: on '/' at column 7 (x 56..63) the surface is 32 - (i + 1);
       the box (8 wide) rests on its right-most column going up */
    load(ramp_up, 5, 3, EO_TILES_OUTSIDE_SOLID);
    for (x = 8; x < 80; x++) {
        int right = x + 7, col = right / 8, i = right % 8, surface;
        surface = col < 7 ? 32 : col == 7 ? 32 - (i + 1) : col == 8 ? 24 - (i + 1) : 16;
        assert_int_equal(b.y + b.h, surface);
        r = walk(&b, 1, 1);
        assert_int_equal(r.on_ground, 1);
    }
    /* one call for the whole ramp lands where the pixel steps did */
    b.x = 8;
    b.y = 24;
    r = walk(&b, 72, 1);
    assert_int_equal(b.x, 80);
    assert_int_equal(b.y, 8);
    assert_int_equal(r.moved_y, -16);
    r = walk(&b, -72, 1);
    assert_int_equal(b.x, 8);
    assert_int_equal(b.y, 24);
    assert_int_equal(r.on_ground, 1);
}

static void test_slopes_walk_transitions(void **state)
{
    static const char *const shallow[] = { /* 22.5 up, a flat landing, 22.5 up again, flat top */
        "................",
        "................",
        "..........ab####",
        "......ab########",
        "################",
    };
    static const char *const hill[] = { /* up 45, straight into down 45, flat */
        "................",
        "................",
        "....../\\........",
        "...../##\\.......",
        "################",
    };
    static const char *const terrace[] = { /* down 22.5 in two steps of two tiles, flat */
        "................",
        "................",
        "###cd...........",
        "#####cd.........",
        "################",
    };
    static const char *const valley[] = { /* down 22.5, down 45, up 45: a V, then a plateau */
        "................",
        "................",
        "##cd../#########",
        "####\\/##########",
        "################",
    };
    (void)state;
    walk_across(shallow, 5, 3, 0, 120, 8, 8, 1);
    walk_across(shallow, 5, 3, 0, 108, 20, 12, 1);
    walk_across(hill, 5, 3, 0, 120, 8, 8, 1);
    walk_across(hill, 5, 3, 0, 120, 5, 16, 1);
    walk_across(terrace, 5, 3, 0, 100, 8, 8, 1);
    walk_across(terrace, 5, 3, 0, 100, 17, 9, 1);
    walk_across(valley, 5, 3, 72, 0, 8, 8, 1);
    walk_across(valley, 5, 3, 72, 0, 3, 3, 1);
    walk_across(valley, 5, 3, 100, 0, 24, 24, 1);
    walk_across(shallow, 5, 4, 0, 240, 16, 16, 1);
}

static void test_slopes_walk_walls_steps_and_ledges(void **state)
{
    static const char *const block[] = {
        "..........",
        "....#.....",
        "##########",
    };
    static const char *const steep[] = {
        "..........",
        "....u#####",
        "##########",
    };
    static const char *const ledge[] = {
        "..........",
        "###.......",
        "..........",
        "##########",
    };
    static const char *const low_ceiling[] = {
        "######....",
        "......#...",
        "...../####",
        "##########",
    };
    eo_box b = { 0, 8, 8, 8 };
    eo_tiles_move_result r;
    (void)state;
    load(block, 3, 3, EO_TILES_OUTSIDE_SOLID);
    r = walk(&b, 40, 1); /* a full tile is a wall for a 1 px step */
    assert_int_equal(b.x, 24);
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    assert_int_equal(r.on_ground, 1);
    r = walk(&b, 60, 8); /* ... and a step for an 8 px one: up, across, down */
    assert_int_equal(b.x, 72);
    assert_int_equal(b.y, 8);
    assert_int_equal(r.hit, EO_HIT_RIGHT); /* the map's right edge */
    b.x = 24;
    r = walk(&b, 9, 8);
    assert_int_equal(b.x, 33);
    assert_int_equal(b.y, 0); /* on top of the block */

    load(steep, 3, 3, EO_TILES_OUTSIDE_SOLID);
    b.x = 8;
    b.y = 8;
    r = walk(&b, 40, 1); /* 2 px of rise per pixel: too steep for 1 */
    assert_int_equal(b.x, 24);
    assert_int_equal(b.y, 8);
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    r = walk(&b, 40, 2); /* fine for 2 */
    assert_int_equal(b.y, 0);
    assert_int_equal(r.on_ground, 1);
    assert_standing(&b);

    load(ledge, 4, 3, EO_TILES_OUTSIDE_SOLID);
    b.x = 0;
    b.y = 0;
    r = walk(&b, 30, 1); /* off the ledge: airborne, no bounce, no snap 16 px down */
    assert_int_equal(b.x, 30);
    assert_int_equal(b.y, 0);
    assert_int_equal(r.on_ground, 0);
    assert_int_equal(r.hit, 0);
    b.x = 0;
    r = walk(&b, 30, 16); /* with a 16 px step the ground below is close enough */
    assert_int_equal(b.x, 30);
    assert_int_equal(b.y, 16);
    assert_int_equal(r.on_ground, 1);
    b.x = 0;
    b.y = 0;
    r = walk(&b, 30, 0); /* max_step 0: flat ground only */
    assert_int_equal(r.on_ground, 0);
    b.x = 30;
    b.y = 0; /* starting in the air: just a move sideways (no snapping down onto the ledge) */
    r = walk(&b, -10, 8);
    assert_int_equal(b.x, 20);
    assert_int_equal(b.y, 0);

    load(low_ceiling, 4, 3, EO_TILES_OUTSIDE_SOLID);
    b.x = 16;
    b.y = 16;
    b.h = 8;
    r = walk(&b, 30, 1); /* up the ramp until the head meets the overhang at column 6 */
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    assert_false(ref_overlaps_solid(&b));
    assert_int_equal(b.x + b.w, 48);
}

static void test_slopes_walk_bad_input(void **state)
{
    eo_box b = { 0, 0, 8, 8 }, before = { 0, 0, 8, 8 };
    eo_tiles_move_result r;
    (void)state;
    blank_map(4, 4, 3, 0);
    assert_int_equal(eo_slopes_walk(&map, NULL, 1, 1, 0, &r, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_slopes_walk(&map, &b, 1, 1, 0, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_slopes_walk(&map, &b, 1, 1, 0x08, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_slopes_walk(NULL, &b, 1, 1, 0, &r, NULL), EO_ERR_NULL_POINTER);
    b.h = -1;
    assert_int_equal(eo_slopes_walk(&map, &b, 1, 1, 0, &r, NULL), EO_ERR_BAD_ARGUMENT);
    b.h = 8;
    map.tile_shift = 9;
    assert_int_equal(eo_slopes_walk(&map, &b, 1, 1, 0, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_memory_equal(&b, &before, sizeof b);
    /* the world's edges: walking into them is a wall, not a wrap */
    blank_map(4, 4, 3, EO_TILES_OUTSIDE_EMPTY);
    b.x = EO_COORD_MAX - 7;
    b.y = EO_COORD_MAX - 7;
    r = walk(&b, 100, 255);
    assert_int_equal(b.x, EO_COORD_MAX - 7);
    assert_int_equal(r.hit, EO_HIT_RIGHT);
    assert_int_equal(r.on_ground, 1);
    b.x = EO_COORD_MIN;
    r = walk(&b, -100, 255);
    assert_int_equal(b.x, EO_COORD_MIN);
    assert_int_equal(r.hit, EO_HIT_LEFT);
}

/* ---- eo_slopes_move: slopes of tiles, landings, launches ------------------------------------ */

static void test_slopes_tile_slope(void **state)
{
    static const char *const up[] = {
        "........",
        "....../#",
        "...../##",
        "########",
    };
    static const struct { uint8_t shape; int16_t slope; } want[] = {
        { EO_TILES_SLOPE_45_UP, 256 },       { EO_TILES_SLOPE_45_DOWN, -256 },
        { EO_TILES_SLOPE_22_UP_LOW, 128 },   { EO_TILES_SLOPE_22_UP_HIGH, 128 },
        { EO_TILES_SLOPE_22_DOWN_HIGH, -128 }, { EO_TILES_SLOPE_22_DOWN_LOW, -128 },
    };
    eo_slopes_ground g;
    eo_box b = { 40, 8, 8, 8 };
    uint8_t shift;
    unsigned k;
    (void)state;
    for (shift = EO_TILES_MIN_SHIFT; shift <= EO_TILES_MAX_SHIFT; shift++) {
        blank_map(2, 2, shift, 0);
        for (k = 0; k < sizeof want / sizeof want[0]; k++)
            assert_int_equal(eo_slopes_tile_slope(&map, EO_TILES_SLOPE_ATTR(want[k].shape)), want[k].slope);
        /* the user shape rises 2 px a column, then is full: from the heights, as the reference says */
        assert_int_equal(eo_slopes_tile_slope(&map, EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_USER)),
                         ref_tile_slope(EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_USER)));
        assert_true(eo_slopes_tile_slope(&map, EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_USER)) > 128);
        assert_int_equal(eo_slopes_tile_slope(&map, EO_TILES_SOLID), 0);
        assert_int_equal(eo_slopes_tile_slope(&map, EO_TILES_EMPTY), 0);
    }
    map.tile_shift = 9;
    assert_int_equal(eo_slopes_tile_slope(&map, EO_TILES_SLOPE_ATTR(0)), 0);
    assert_int_equal(eo_slopes_tile_slope(NULL, EO_TILES_SLOPE_ATTR(0)), 0);
    /* the sensors report it */
    load(up, 4, 3, EO_TILES_OUTSIDE_SOLID);
    assert_int_equal(eo_slopes_box_ground(&map, &b, EO_SLOPES_EVERY_COLUMN, &g, NULL), EO_OK);
    assert_int_equal(g.distance, 0);
    assert_int_equal(g.slope, 256);
    assert_int_equal(eo_slopes_ground_at(&map, 20, 20, &g, NULL), EO_OK);
    assert_int_equal(g.slope, 0); /* the floor */
}

static eo_slopes_move_result smove(eo_box *b, int dx, int dy, uint8_t max_step, uint16_t reach)
{
    eo_slopes_move_result r;
    assert_int_equal(eo_slopes_move(&map, b, (eo_coord)dx, (eo_coord)dy, max_step, reach, 0, &r, NULL), EO_OK);
    assert_false(ref_overlaps_solid(b));
    return r;
}

static void test_slopes_move_lands_on_slopes_keeping_speed(void **state)
{
    static const char *const steep[] = {
        "............",
        "............",
        "............",
        ".......u####",
        "############",
    };
    eo_box b = { 48, 21, 8, 8 }, c = b;
    eo_tiles_move_result m;
    eo_slopes_move_result r;
    (void)state;
    /* uphill: X then Y stops at the ramp's side and reports a wall */
    load(ramp_up, 5, 3, EO_TILES_OUTSIDE_SOLID);
    assert_int_equal(eo_tiles_move(&map, &c, 10, 6, 0, NULL, &m, NULL), EO_OK);
    assert_true(m.moved_x < 10);
    assert_true(m.hit & EO_HIT_RIGHT);
    /* the mover lands on the ramp and keeps going up it */
    r = smove(&b, 10, 6, 1, EO_SLOPES_REACH_ALWAYS);
    assert_int_equal(r.landed, 1);
    assert_int_equal(r.launched, 0);
    assert_int_equal(r.move.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.move.moved_x, 10);
    assert_int_equal(r.move.on_ground, 1);
    assert_int_equal(r.slope, 256);
    assert_standing(&b);
    /* downhill: lands on the ramp and walks down it */
    load(ramp_down, 5, 3, EO_TILES_OUTSIDE_SOLID);
    b.x = 16;
    b.y = 6;
    r = smove(&b, 12, 6, 1, EO_SLOPES_REACH_ALWAYS);
    assert_int_equal(r.landed, 1);
    assert_int_equal(r.move.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.move.moved_x, 12);
    assert_int_equal(r.slope, -256);
    assert_standing(&b);
    /* steeper than max_step: a wall (hit right, the horizontal motion ends there); the box slides
       down it onto the slope's foot */
    load(steep, 5, 3, EO_TILES_OUTSIDE_SOLID);
    b.x = 40;
    b.y = 16;
    r = smove(&b, 12, 4, 1, EO_SLOPES_REACH_ALWAYS);
    assert_int_equal(r.move.hit, EO_HIT_RIGHT | EO_HIT_BOTTOM);
    assert_int_equal(r.move.moved_x, 11);
    assert_int_equal(r.landed, 1);
    /* with max_step 2 the same slope is a landing from the air: the motion goes on */
    b.x = 40;
    b.y = 16;
    r = smove(&b, 12, 4, 2, EO_SLOPES_REACH_ALWAYS);
    assert_int_equal(r.move.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.landed, 1);
    assert_int_equal(r.move.moved_x, 12);
    assert_int_equal(r.slope, 192); /* 2 px a column, then full: the tile's mean */
    assert_standing(&b);
}

static void test_slopes_move_launches_off_crests(void **state)
{
    static const char *const crest[] = {
        "................",
        "................",
        "###\\............",
        "####\\...........",
        "#####\\..........",
        "################",
    };
    static const char *const ramp[] = {
        "................",
        "................",
        "................",
        "......../#######",
        "......./########",
        "################",
    };
    eo_box b = { 8, 8, 8, 8 };
    eo_slopes_move_result r;
    int f;
    (void)state;
    load(crest, 6, 3, EO_TILES_OUTSIDE_SOLID);
    /* fast: 40 px in one frame leaves the crest 14 px past it, flying level */
    r = smove(&b, 40, 0, 1, 14);
    assert_int_equal(r.launched, 1);
    assert_int_equal(r.slope, 0);
    assert_int_equal(r.move.on_ground, 0);
    assert_int_equal(b.x, 48);
    assert_true(b.y < 8 + 14 + 1);
    /* the same walk with EO_SLOPES_REACH_ALWAYS follows the slope down */
    b.x = 8;
    b.y = 8;
    r = smove(&b, 24, 0, 1, EO_SLOPES_REACH_ALWAYS);
    assert_int_equal(r.launched, 0);
    assert_int_equal(r.move.on_ground, 1);
    assert_int_equal(r.slope, -256);
    assert_standing(&b);
    /* slow: 5 px a frame never strays 14 px from its line: it follows the crest */
    b.x = 8;
    b.y = 8;
    for (f = 0; f < 8; f++) {
        r = smove(&b, 5, 1, 1, 14);
        assert_int_equal(r.launched, 0);
        assert_int_equal(r.move.on_ground, 1);
    }
    assert_standing(&b);
    /* the top of a ramp: a fast run up it leaves along its line, 45 degrees up */
    load(ramp, 6, 3, EO_TILES_OUTSIDE_OPEN_TOP);
    b.x = 40;
    b.y = 32;
    r = smove(&b, 20, 0, 1, 4); /* from the floor onto the ramp: the ground rises above the line */
    assert_int_equal(r.launched, 0);
    assert_int_equal(r.slope, 256);
    assert_int_equal(b.y, 20);
    r = smove(&b, 40, 0, 1, 4);
    assert_int_equal(r.launched, 1);
    assert_int_equal(r.slope, 256);
    assert_int_equal(r.move.on_ground, 0);
    assert_int_equal(b.x, 100);
    assert_true(b.y < 16 - 4); /* above the top, where a walk ends */
    b.x = 60;
    b.y = 20;
    r = smove(&b, 40, 0, 1, EO_SLOPES_REACH_ALWAYS);
    assert_int_equal(r.launched, 0);
    assert_int_equal(b.y, 16);
    {
        /* traced: where it launched, with the line's slope; and a landing */
        static eo_trace_step steps[8192];
        eo_hooks h;
        uint16_t k, launch = 0, land = 0;
        eo_hooks_init(&h, steps, 8192);
        b.x = 60;
        b.y = 20;
        assert_int_equal(eo_slopes_move(&map, &b, 40, 0, 1, 4, 0, &r, &h), EO_OK);
        b.x = 40;
        b.y = 0;
        assert_int_equal(eo_slopes_move(&map, &b, 4, 40, 1, 4, 0, &r, &h), EO_OK);
        assert_int_equal(r.landed, 1);
        assert_int_equal(h.steps_lost, 0);
#if EO_TRACE
        for (k = 0; k < h.step_count; k++) {
            launch += steps[k].event == EO_EV_SLOPES_LAUNCH && steps[k].b == 256;
            land += steps[k].event == EO_EV_SLOPES_LAND && steps[k].b == 32; /* on the floor */
        }
        assert_int_equal(launch, 1);
        assert_int_equal(land, 1);
#else
        (void)k;
        assert_int_equal(launch + land + h.step_count, 0);
#endif
    }
}

static void test_slopes_walk_up_one_way_slopes(void **state)
{
    /* a one-way 45 degree ramp ('p') up to a one-way platform ('='), over an open floor */
    static const char *const art[] = {
        "............",
        "............",
        "........p===",
        ".......p....",
        "############",
    };
    eo_box b = { 40, 24, 8, 8 };
    eo_tiles_move_result r;
    eo_slopes_move_result m;
    int x;
    (void)state;
    load(art, 5, 3, EO_TILES_OUTSIDE_SOLID);
    /* walking up: every pixel right is a pixel up, standing on the surface all the way */
    for (x = 40; x < 80; x++) {
        r = walk(&b, 1, 1);
        assert_int_equal(r.on_ground, 1);
        assert_int_equal(ref_on_ground(&b), 1);
    }
    assert_int_equal(b.x, 80);
    assert_int_equal(b.y, 8); /* on the platform at y 16 */
    /* down again to the floor */
    r = walk(&b, -40, 1);
    assert_int_equal(b.y, 24);
    assert_int_equal(r.on_ground, 1);
    /* dropping, the walker goes under the ramp along the floor */
    b.x = 40;
    assert_int_equal(eo_slopes_walk(&map, &b, 40, 1, EO_TILES_DROP, &r, NULL), EO_OK);
    assert_int_equal(b.y, 24);
    assert_int_equal(b.x, 80);
    /* max step 0: the walker does not climb onto it (it passes under, as sideways motion does) */
    b.x = 40;
    r = walk(&b, 40, 0);
    assert_int_equal(b.y, 24);
    /* a character's frame: lands on the one-way ramp from above, and walks on up it */
    b.x = 58;
    b.y = 0;
    assert_int_equal(eo_slopes_move(&map, &b, 4, 20, 1, EO_SLOPES_REACH_ALWAYS, 0, &m, NULL), EO_OK);
    assert_int_equal(m.landed, 1);
    assert_int_equal(m.move.on_ground, 1);
    assert_int_equal(m.slope, 256);
}

static void test_slopes_move_bad_input(void **state)
{
    eo_box b = { 0, 0, 8, 8 }, before = { 0, 0, 8, 8 };
    eo_slopes_move_result r;
    (void)state;
    blank_map(4, 4, 3, 0);
    assert_int_equal(eo_slopes_move(&map, NULL, 1, 1, 1, 14, 0, &r, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_slopes_move(&map, &b, 1, 1, 1, 14, 0, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_slopes_move(NULL, &b, 1, 1, 1, 14, 0, &r, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_slopes_move(&map, &b, 1, 1, 1, 14, EO_TILES_CORNERS, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_slopes_move(&map, &b, 1, 1, 1, 14, EO_TILES_SLIDE, &r, NULL), EO_ERR_BAD_ARGUMENT);
#if EO_COORD_BITS > 16
    assert_int_equal(eo_slopes_move(&map, &b, 65536, 1, 1, 14, 0, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_slopes_move(&map, &b, 1, -65536, 1, 14, 0, &r, NULL), EO_ERR_BAD_ARGUMENT);
#endif
    b.w = 0;
    assert_int_equal(eo_slopes_move(&map, &b, 1, 1, 1, 14, 0, &r, NULL), EO_ERR_BAD_ARGUMENT);
    b.w = 8;
    assert_memory_equal(&b, &before, sizeof b);
    /* the world's edges are walls, in the air and on the ground */
    blank_map(4, 4, 3, EO_TILES_OUTSIDE_EMPTY);
    b.x = EO_COORD_MAX - 7;
    b.y = EO_COORD_MAX - 7;
    r = smove(&b, 100, 100, 255, 14);
    assert_int_equal(b.x, EO_COORD_MAX - 7);
    assert_int_equal(r.move.on_ground, 1);
    b.x = EO_COORD_MIN;
    b.y = EO_COORD_MIN;
    r = smove(&b, -100, -100, 255, 14);
    assert_int_equal(b.x, EO_COORD_MIN);
    assert_int_equal(b.y, EO_COORD_MIN);
    assert_int_equal(r.move.hit, EO_HIT_LEFT | EO_HIT_TOP);
}

/* ---- properties --------------------------------------------------------------------------- */

static void random_map(void)
{
    static const uint8_t weights[] = { 40, 14, 6, 5, 2, 2, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2 }; /* per tile_chars */
    uint16_t w = (uint16_t)rng_range(2, 24), h = (uint16_t)rng_range(2, 16);
    uint32_t k, total = 0, pick;
    unsigned i;
    blank_map(w, h, (uint8_t)(rng() % 4u == 0 ? 4 : 3), (uint8_t)(rng() % 3u));
    for (i = 0; i < sizeof weights; i++)
        total += weights[i];
    for (k = 0; k < (uint32_t)w * h; k++) {
        pick = rng() % total;
        for (i = 0; pick >= weights[i]; i++)
            pick -= weights[i];
        cells[k] = (uint8_t)tile_chars[i];
    }
    if (rng() % 2u) /* a floor, so that most boxes find ground */
        memset(cells + (size_t)(h - 1) * w, '#', w);
    assert_int_equal(eo_tiles_check(&map), EO_OK);
}

/* A box of up to two tiles each way near the map, clear of solid pixels (40 tries): 1, or 0. */
static int random_clear_box(eo_box *b, int T)
{
    int tries;
    for (tries = 0; tries < 40; tries++) {
        b->w = (eo_coord)rng_range(1, 2 * T);
        b->h = (eo_coord)rng_range(1, 2 * T);
        b->x = (eo_coord)rng_range(-T, map.width * T);
        b->y = (eo_coord)rng_range(-T, map.height * T);
        if (!ref_overlaps_solid(b))
            return 1;
    }
    return 0;
}

static void test_slopes_walk_matches_reference_and_stays_clear(void **state)
{
    unsigned trial, walks = 0, grounded = 0;
    (void)state;
    for (trial = 0; trial < 6000u; trial++) {
        eo_box b, want;
        eo_tiles_move_result r;
        int T, dx, hit;
        uint8_t max_step;
        if (trial % 20u == 0)
            random_map();
        T = tile_size();
        if (!random_clear_box(&b, T))
            continue;
        if (rng() % 4u) /* mostly on the ground */
            assert_int_equal(eo_tiles_move(&map, &b, 0, 3 * T, 0, NULL, &r, NULL), EO_OK);
        max_step = (uint8_t)(rng() % 3u ? rng_range(1, 2) : rng_range(0, T));
        dx = rng_range(-3 * T, 3 * T);
        want = b;
        {
            /* position only: the same walk, without the sensing at its end */
            eo_box p = b;
            eo_tiles_move_result q;
            assert_int_equal(eo_slopes_walk(&map, &p, (int16_t)dx, max_step, EO_TILES_POSITION_ONLY, &q, NULL), EO_OK);
            assert_int_equal(eo_slopes_walk(&map, &b, (int16_t)dx, max_step, 0, &r, NULL), EO_OK);
            assert_memory_equal(&p, &b, sizeof p);
            assert_int_equal(q.hit, r.hit);
            assert_int_equal(q.moved_x, r.moved_x);
            assert_int_equal(q.moved_y, r.moved_y);
            assert_int_equal(q.touching | q.below | q.on_ground, 0);
        }
        hit = ref_walk(&want, dx, max_step, 0);
        if (b.x != want.x || b.y != want.y)
            print_error("map %ux%u shift %u outside %u; walk %d max_step %u: core %d,%d, reference %d,%d\n",
                        map.width, map.height, map.tile_shift, map.outside, dx, max_step, b.x, b.y,
                        want.x, want.y);
        assert_int_equal(b.x, want.x);
        assert_int_equal(b.y, want.y);
        assert_int_equal(r.hit, hit);
        assert_int_equal(r.on_ground, ref_on_ground(&b));
        assert_false(ref_overlaps_solid(&b));
        walks++;
        grounded += r.on_ground;
    }
    assert_true(walks > 5000u);
    assert_true(grounded > walks / 3u);
}

static void test_slopes_move_matches_reference_and_stays_clear(void **state)
{
    unsigned trial, moves = 0, landed = 0, launched = 0, grounded = 0;
    (void)state;
    for (trial = 0; trial < 10000u; trial++) {
        eo_box b, want, p;
        eo_slopes_move_result r, q;
        ref_move_out o;
        eo_tiles_move_result m;
        int T, dx, dy, hit, drop = rng() % 8u == 0;
        uint8_t max_step;
        uint16_t reach;
        if (trial % 20u == 0)
            random_map();
        T = tile_size();
        if (!random_clear_box(&b, T))
            continue;
        if (rng() % 2u) /* half on the ground */
            assert_int_equal(eo_tiles_move(&map, &b, 0, 3 * T, 0, NULL, &m, NULL), EO_OK);
        max_step = (uint8_t)(rng() % 3u ? rng_range(1, 2) : rng_range(0, T));
        reach = rng() % 4u == 0 ? (uint16_t)EO_SLOPES_REACH_ALWAYS : (uint16_t)rng_range(0, 2 * T);
        dx = rng_range(-4 * T, 4 * T);
        dy = rng() % 3u == 0 ? rng_range(-3 * T, 0) : rng_range(0, 2 * T);
        want = b;
        p = b;
        assert_int_equal(eo_slopes_move(&map, &p, (eo_coord)dx, (eo_coord)dy, max_step, reach,
                                        (uint8_t)(EO_TILES_POSITION_ONLY | (drop ? EO_TILES_DROP : 0)), &q, NULL), EO_OK);
        assert_int_equal(eo_slopes_move(&map, &b, (eo_coord)dx, (eo_coord)dy, max_step, reach,
                                        (uint8_t)(drop ? EO_TILES_DROP : 0), &r, NULL), EO_OK);
        hit = ref_slopes_move(&want, dx, dy, max_step, reach == EO_SLOPES_REACH_ALWAYS ? -1L : (long)reach, drop, &o);
        if (b.x != want.x || b.y != want.y || r.move.hit != hit || r.landed != o.landed || r.launched != o.launched ||
            r.slope != o.slope)
            print_error("map %ux%u shift %u outside %u; box %d,%d %dx%d move %d,%d max_step %u reach %u drop %d: "
                        "core %d,%d hit %u landed %u launched %u slope %d, reference %d,%d hit %d landed %d launched %d slope %ld\n",
                        map.width, map.height, map.tile_shift, map.outside, want.x - (int)r.move.moved_x, 0, b.w, b.h,
                        dx, dy, max_step, reach, drop, b.x, b.y, r.move.hit, r.landed, r.launched, r.slope, want.x,
                        want.y, hit, o.landed, o.launched, o.slope);
        assert_int_equal(b.x, want.x);
        assert_int_equal(b.y, want.y);
        assert_int_equal(r.move.hit, hit);
        assert_int_equal(r.landed, o.landed);
        assert_int_equal(r.launched, o.launched);
        assert_int_equal(r.slope, o.slope);
        assert_int_equal(r.move.on_ground, ref_on_ground_drop(&b, drop));
        assert_false(ref_overlaps_solid(&b));
        /* position only: the same move, without the sensing at its end */
        assert_memory_equal(&p, &b, sizeof p);
        assert_int_equal(q.move.hit, r.move.hit);
        assert_int_equal(q.landed, r.landed);
        assert_int_equal(q.launched, r.launched);
        assert_int_equal(q.move.touching | q.move.below | q.move.on_ground, 0);
        moves++;
        landed += r.landed;
        launched += r.launched;
        grounded += r.move.on_ground;
    }
    print_message("eo_slopes_move: %u moves, %u landed, %u launched, %u on the ground\n", moves, landed, launched, grounded);
    assert_true(moves > 9000u);
    assert_true(landed > moves / 10u);
    assert_true(launched > moves / 100u);
    assert_true(grounded > moves / 3u);
}

/* landed, the manual's one definition, over random falls: a box in the air at the start lands
   exactly when it meets the ground (hit bottom) or ends on it, exact landings (hit 0) included;
   a box on the ground at the start never lands. With and without POSITION_ONLY and DROP. */
static void test_slopes_move_landed_on_every_landing(void **state)
{
    static const char *const floor_art[] = {
        "........",
        "........",
        "........",
        "........",
        "########", /* row 4: y 32 .. 39 */
    };
    unsigned trial, falls = 0, exact = 0, hits = 0, from_ground = 0;
    eo_slopes_move_result r, q;
    eo_box b;
    (void)state;
    /* the issue's case: an 8 x 8 box at (8, 18) falling 6 px ends standing on row 4 (y 24) */
    load(floor_art, 5, 3, EO_TILES_OUTSIDE_SOLID);
    b.x = 8; b.y = 18; b.w = 8; b.h = 8;
    assert_int_equal(eo_slopes_move(&map, &b, 0, 6, 1, EO_SLOPES_REACH_ALWAYS, 0, &r, NULL), EO_OK);
    assert_int_equal(b.y, 24);
    assert_int_equal(r.move.hit, 0);
    assert_int_equal(r.move.on_ground, 1);
    assert_int_equal(r.landed, 1);
    b.y = 18; /* one more pixel of fall: stopped by the floor, the same landing */
    assert_int_equal(eo_slopes_move(&map, &b, 0, 7, 1, EO_SLOPES_REACH_ALWAYS, 0, &r, NULL), EO_OK);
    assert_int_equal(b.y, 24);
    assert_int_equal(r.move.hit, EO_HIT_BOTTOM);
    assert_int_equal(r.landed, 1);
    /* standing there, a frame with no motion is no landing */
    assert_int_equal(eo_slopes_move(&map, &b, 0, 3, 1, EO_SLOPES_REACH_ALWAYS, 0, &r, NULL), EO_OK);
    assert_int_equal(r.move.on_ground, 1);
    assert_int_equal(r.landed, 0);

    for (trial = 0; trial < 20000u; trial++) {
        eo_box p;
        eo_tiles_move_result m;
        int T, dx, dy, drop = rng() % 6u == 0, was_on;
        uint8_t max_step, flags = (uint8_t)(drop ? EO_TILES_DROP : 0);
        uint16_t reach;
        if (trial % 25u == 0)
            random_map();
        T = tile_size();
        if (!random_clear_box(&b, T))
            continue;
        if (rng() % 4u == 0) /* some start on the ground */
            assert_int_equal(eo_tiles_move(&map, &b, 0, 3 * T, flags, NULL, &m, NULL), EO_OK);
        was_on = ref_on_ground_drop(&b, drop);
        max_step = (uint8_t)rng_range(0, 2);
        reach = rng() % 2u ? (uint16_t)EO_SLOPES_REACH_ALWAYS : (uint16_t)rng_range(0, 2 * T);
        dx = rng() % 2u ? 0 : rng_range(-2 * T, 2 * T);
        dy = rng() % 5u == 0 ? rng_range(-2 * T, -1) : rng_range(0, 3 * T);
        p = b;
        assert_int_equal(eo_slopes_move(&map, &b, (eo_coord)dx, (eo_coord)dy, max_step, reach, flags, &r, NULL), EO_OK);
        assert_int_equal(eo_slopes_move(&map, &p, (eo_coord)dx, (eo_coord)dy, max_step, reach,
                                        (uint8_t)(flags | EO_TILES_POSITION_ONLY), &q, NULL), EO_OK);
        assert_int_equal(q.landed, r.landed); /* sensing or not, the same answer */
        assert_int_equal(r.move.on_ground, ref_on_ground_drop(&b, drop));
        if (was_on) {
            assert_int_equal(r.landed, 0);
            from_ground++;
            continue;
        }
        if (r.landed != (r.move.on_ground || (r.move.hit & EO_HIT_BOTTOM) != 0))
            print_error("map %ux%u shift %u outside %u; box %d,%d %dx%d move %d,%d drop %d: landed %u, hit %u, on_ground %u\n",
                        map.width, map.height, map.tile_shift, map.outside, p.x - (int)r.move.moved_x,
                        p.y - (int)r.move.moved_y, b.w, b.h, dx, dy, drop, r.landed, r.move.hit, r.move.on_ground);
        assert_int_equal(r.landed, r.move.on_ground || (r.move.hit & EO_HIT_BOTTOM) != 0);
        falls++;
        exact += r.landed && !(r.move.hit & EO_HIT_BOTTOM);
        hits += r.landed && (r.move.hit & EO_HIT_BOTTOM) != 0;
    }
    print_message("eo_slopes_move from the air: %u calls, %u landings stopped by the ground, %u exact (hit 0); %u from the ground\n",
                  falls, hits, exact, from_ground);
    assert_true(falls > 10000u);
    assert_true(hits > falls / 20u);
    assert_true(exact > falls / 200u);
    assert_true(from_ground > 1000u);
}

/* on_ground with EO_TILES_DROP says what the next call with DROP will do: standing on a one-way
   platform it is 0 (and the next frame falls through it), on solid ground 1; without DROP 1. */
static void test_slopes_on_ground_with_drop(void **state)
{
    static const char *const art[] = {
        "........",
        "........",
        "..====..", /* row 2: one-way platforms at y 16 */
        "........",
        "########", /* row 4: the floor at y 32 */
    };
    eo_slopes_move_result r;
    eo_tiles_move_result m;
    eo_box b;
    (void)state;
    load(art, 5, 3, EO_TILES_OUTSIDE_SOLID);
    b.x = 20; b.y = 8; b.w = 8; b.h = 8; /* standing on the platform */
    assert_int_equal(eo_slopes_move(&map, &b, 0, 0, 1, EO_SLOPES_REACH_ALWAYS, 0, &r, NULL), EO_OK);
    assert_int_equal(r.move.on_ground, 1);
    assert_int_equal(eo_slopes_move(&map, &b, 0, 0, 1, EO_SLOPES_REACH_ALWAYS, EO_TILES_DROP, &r, NULL), EO_OK);
    assert_int_equal(b.y, 8);
    assert_int_equal(r.move.on_ground, 0); /* what the next frame with DROP does: */
    assert_int_equal(r.slope, 0);
    assert_int_equal(eo_slopes_move(&map, &b, 0, 1, 1, EO_SLOPES_REACH_ALWAYS, EO_TILES_DROP, &r, NULL), EO_OK);
    assert_int_equal(b.y, 9); /* it falls through */
    assert_int_equal(r.landed, 0);
    /* the plain move and the walk say the same */
    b.y = 8;
    assert_int_equal(eo_tiles_move(&map, &b, 0, 0, EO_TILES_DROP, NULL, &m, NULL), EO_OK);
    assert_int_equal(m.on_ground, 0);
    assert_int_equal(eo_tiles_move(&map, &b, 0, 0, 0, NULL, &m, NULL), EO_OK);
    assert_int_equal(m.on_ground, 1);
    assert_int_equal(eo_slopes_walk(&map, &b, 1, 1, EO_TILES_DROP, &m, NULL), EO_OK);
    assert_int_equal(m.on_ground, 0);
    assert_int_equal(eo_slopes_walk(&map, &b, 1, 1, 0, &m, NULL), EO_OK);
    assert_int_equal(m.on_ground, 1);
    /* solid ground holds with DROP too */
    b.x = 4; b.y = 24;
    assert_int_equal(eo_slopes_move(&map, &b, 0, 0, 1, EO_SLOPES_REACH_ALWAYS, EO_TILES_DROP, &r, NULL), EO_OK);
    assert_int_equal(r.move.on_ground, 1);
    /* falling with DROP past the platforms onto the floor lands there */
    b.x = 20; b.y = 0;
    assert_int_equal(eo_slopes_move(&map, &b, 0, 24, 1, EO_SLOPES_REACH_ALWAYS, EO_TILES_DROP, &r, NULL), EO_OK);
    assert_int_equal(b.y, 24);
    assert_int_equal(r.landed, 1);
    assert_int_equal(r.move.hit, 0);
}

static void test_slopes_counters_and_trace(void **state)
{
    static const char *const art[] = {
        "........",
        "........",
        "....../#",
        "...../##",
        "########",
    };
    static eo_trace_step steps[4096];
    eo_hooks h;
    eo_slopes_ground g;
    eo_box b = { 16, 24, 8, 8 };
    eo_tiles_move_result r;
    uint16_t k, ext = 0, surface = 0;
    (void)state;
    load(art, 5, 3, EO_TILES_OUTSIDE_SOLID);
    eo_hooks_init(&h, steps, 4096);
    assert_int_equal(eo_slopes_ground_at(&map, 10, 28, &g, &h), EO_OK); /* empty, then the floor */
    assert_int_equal(g.ground_y, 32);
#if EO_TRACE
    assert_int_equal(steps[0].event, EO_EV_SLOPES_SENSOR);
    assert_true(ends_with(steps[0].file, "core/src/slopes.c"));
    assert_int_equal(steps[0].a, 10);
    assert_int_equal(steps[0].b, 28);
    for (k = 0; k < h.step_count; k++) {
        ext += steps[k].event == EO_EV_SLOPES_EXTEND;
        surface += steps[k].event == EO_EV_SLOPES_SURFACE && steps[k].b == 32;
    }
    assert_int_equal(ext, 1);
    assert_int_equal(surface, 1);
    assert_int_equal(h.counters[EO_COUNTER_SLOPES_SENSORS], 1);
#endif
    eo_hooks_reset(&h);
    assert_int_equal(eo_slopes_walk(&map, &b, 32, 1, 0, &r, &h), EO_OK);
    assert_int_equal(b.x, 48);
    assert_int_equal(b.y, 8);
    assert_int_equal(h.steps_lost, 0);
#if EO_TRACE
    assert_int_equal(h.counters[EO_COUNTER_SLOPES_WALK_STEPS], 32);
    assert_int_equal(h.counters[EO_COUNTER_SLOPES_CLIMBS], 16); /* two ramp tiles of 8 px */
    assert_int_equal(h.counters[EO_COUNTER_SLOPES_SNAPS], 0);
    assert_true(h.counters[EO_COUNTER_TILES_LOOKUPS] > 0);
    assert_int_equal(steps[h.step_count - 1].event, EO_EV_TILES_RESULT);
#else
    (void)k;
    (void)ext;
    (void)surface;
    assert_int_equal(h.step_count, 0);
#endif
    eo_hooks_reset(&h);
    assert_int_equal(eo_slopes_walk(&map, &b, -32, 1, 0, &r, &h), EO_OK);
    assert_int_equal(b.x, 16);
    assert_int_equal(b.y, 24);
#if EO_TRACE
    assert_int_equal(h.counters[EO_COUNTER_SLOPES_SNAPS], 16);
    assert_int_equal(h.counters[EO_COUNTER_SLOPES_CLIMBS], 0);
#endif
    assert_string_equal(eo_event_name(EO_EV_SLOPES_CLIMB), "EO_EV_SLOPES_CLIMB");
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slopes_sensor_extension_and_regression),
        cmocka_unit_test(test_slopes_box_sensors),
        cmocka_unit_test(test_slopes_box_ground_every_column_sees_a_peak),
        cmocka_unit_test(test_slopes_box_ground_every_column_agrees_with_move),
        cmocka_unit_test(test_slopes_new_kinds_ground_and_walk),
        cmocka_unit_test(test_slopes_walk_45_ramp_stays_on_surface),
        cmocka_unit_test(test_slopes_walk_transitions),
        cmocka_unit_test(test_slopes_walk_walls_steps_and_ledges),
        cmocka_unit_test(test_slopes_walk_bad_input),
        cmocka_unit_test(test_slopes_walk_matches_reference_and_stays_clear),
        cmocka_unit_test(test_slopes_counters_and_trace),
        cmocka_unit_test(test_slopes_tile_slope),
        cmocka_unit_test(test_slopes_move_lands_on_slopes_keeping_speed),
        cmocka_unit_test(test_slopes_move_launches_off_crests),
        cmocka_unit_test(test_slopes_move_bad_input),
        cmocka_unit_test(test_slopes_walk_up_one_way_slopes),
        cmocka_unit_test(test_slopes_move_matches_reference_and_stays_clear),
        cmocka_unit_test(test_slopes_move_landed_on_every_landing),
        cmocka_unit_test(test_slopes_on_ground_with_drop),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("slopes", tests, NULL, NULL);
}
