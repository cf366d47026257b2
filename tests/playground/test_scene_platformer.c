/* Tests of playground/scene_platformer.c: the hero never ends a frame inside a solid pixel over
   long random input scripts; walking, jumping, the 45-degree hill, the ladder, dropping through a
   one-way platform and the spikes, each driven by buttons from the start; determinism; drawing.
   Run: build/playground/tests/test_scene_platformer [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scene.h"

extern const pg_scene pg_scene_platformer;
/* the scene's read-only views (PG_TESTING) */
void pg_platformer_hero(const void *state, eo_box *out);
int pg_platformer_enemy(const void *state, int i, eo_box *out);
const eo_tiles_map *pg_platformer_map(const void *state);
void pg_platformer_place(void *state, int16_t x, int16_t y);

/* as in scene_platformer.c */
#define RGB_SOLID 0x4a5568u
#define RGB_SPIKES 0xe04848u
#define RGB_HERO 0x4fd8ffu
#define START_X 35               /* the hero's box at the start: column 2, standing on row 33 */
#define START_Y 514
#define FLOOR_Y 528              /* the floor's top pixel row */
#define LEDGE_Y 432              /* the one-way platform the ladder by the start leads to */

typedef struct run {
    void *s;
    uint32_t held;
    pg_stats stats;
} run;

static void start(run *r, uint32_t seed)
{
    pg_config cfg = { seed, 0, 0, 0 };
    char err[128] = "";
    pg_config_clamp(&pg_scene_platformer, &cfg);
    memset(r, 0, sizeof *r);
    r->s = pg_scene_platformer.create(&cfg, err, sizeof err);
    assert_non_null(r->s);
}

static void stop(run *r)
{
    pg_scene_platformer.destroy(r->s);
}

/* One frame with `buttons` held (pressed = the ones that went down). */
static void frame(run *r, uint32_t buttons)
{
    pg_input in;
    memset(&in, 0, sizeof in);
    in.buttons = buttons;
    in.pressed = buttons & ~r->held;
    r->held = buttons;
    memset(&r->stats, 0, sizeof r->stats);
    pg_scene_platformer.step(r->s, &in, &r->stats);
}

static uint32_t counter(const run *r, const char *name)
{
    int i;
    for (i = 0; i < r->stats.counter_count; i++)
        if (strcmp(r->stats.counter_name[i], name) == 0)
            return r->stats.counter[i];
    fail_msg("no counter \"%s\"", name);
    return 0;
}

static eo_box hero(const run *r)
{
    eo_box b;
    pg_platformer_hero(r->s, &b);
    return b;
}

/* Holds RIGHT until the hero's x reaches at least x (at most `limit` frames). */
static void walk_right_to(run *r, int x, int limit)
{
    while (hero(r).x < x && limit-- > 0)
        frame(r, PG_BTN_RIGHT);
    assert_true(hero(r).x >= x);
}

static uint32_t xorshift(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static int box_in_solid(const eo_tiles_map *map, const eo_box *b)
{
    int x, y;
    for (y = b->y; y < b->y + b->h; y++)
        for (x = b->x; x < b->x + b->w; x++)
            if (eo_tiles_pixel_solid(map, (int16_t)x, (int16_t)y))
                return 1;
    return 0;
}

/* A random script: random buttons held for random 1 .. 40-frame spans. With `place`, the hero
   starts at a random clear spot of the level instead of the start, so the scripts reach every
   part of it; every frame, then, no pixel of the hero's box (nor of a walker's) may be solid. */
static uint64_t run_script(uint32_t seed, uint32_t script_seed, int frames, int place, run *out)
{
    run r;
    uint32_t rs = script_seed, buttons = 0;
    int f, i, span = 0;
    uint64_t h;
    start(&r, seed);
    if (place) {
        eo_box b = hero(&r);
        do {
            b.x = (int16_t)(16 + xorshift(&rs) % (59u * 16u - 26u));
            b.y = (int16_t)(16 + xorshift(&rs) % (36u * 16u - 30u));
        } while (box_in_solid(pg_platformer_map(r.s), &b));
        pg_platformer_place(r.s, b.x, b.y);
    }
    for (f = 0; f < frames; f++) {
        if (span-- <= 0) {
            buttons = xorshift(&rs) & (PG_BTN_LEFT | PG_BTN_RIGHT | PG_BTN_UP | PG_BTN_DOWN | PG_BTN_JUMP);
            span = (int)(xorshift(&rs) % 40u);
        }
        frame(&r, buttons);
        if (place) {
            const eo_tiles_map *map = pg_platformer_map(r.s);
            eo_box b = hero(&r);
            if (box_in_solid(map, &b))
                fail_msg("seed %u frame %d: the hero at (%d, %d) is in a solid", (unsigned)seed, f, b.x, b.y);
            for (i = 0; i < pg_platformer_enemy(r.s, i, &b); i++)
                if (box_in_solid(map, &b))
                    fail_msg("seed %u frame %d: walker %d at (%d, %d) is in a solid", (unsigned)seed, f, i, b.x, b.y);
        }
    }
    h = pg_scene_platformer.hash(r.s);
    if (out)
        *out = r;
    else
        stop(&r);
    return h;
}

/* ---- tests ---------------------------------------------------------------------------------- */

static void test_platformer_never_inside_solid(void **state)
{
    run r;
    uint32_t seed, deaths = 0, hits = 0, on_ground = 0;
    (void)state;
    for (seed = 1; seed <= 24; seed++) {
        run_script(seed, seed * 2654435761u, 2000, 1, &r);
        deaths += counter(&r, "deaths");
        hits += counter(&r, "hits");
        on_ground += counter(&r, "on ground");
        stop(&r);
    }
    /* the scripts did meet spikes and walkers, and stood somewhere */
    assert_true(deaths > 0);
    assert_true(hits > 0);
    assert_true(on_ground > 0);
}

static void test_platformer_walks_right_on_flat_ground(void **state)
{
    run r;
    int f;
    (void)state;
    start(&r, 1);
    frame(&r, 0);
    assert_int_equal(hero(&r).x, START_X);
    assert_int_equal(hero(&r).y, START_Y);
    assert_int_equal(counter(&r, "on ground"), 1);
    for (f = 0; f < 20; f++) {
        int x = hero(&r).x;
        frame(&r, PG_BTN_RIGHT);
        assert_true(hero(&r).x > x);
        assert_int_equal(hero(&r).y, START_Y);
        assert_int_equal(counter(&r, "on ground"), 1);
    }
    assert_int_equal(hero(&r).x, START_X + 30);   /* 1.5 px a frame */
    assert_int_equal(counter(&r, "tiles moved") > 0, 1);
    stop(&r);
}

static void test_platformer_jumps_and_lands(void **state)
{
    run r;
    int f, top = START_Y, left_ground = 0;
    (void)state;
    start(&r, 1);
    frame(&r, 0);
    for (f = 0; f < 12; f++) {
        frame(&r, PG_BTN_JUMP);
        if (hero(&r).y < top) top = hero(&r).y;
        left_ground |= counter(&r, "on ground") == 0;
    }
    assert_true(left_ground);
    assert_true(top < START_Y - 20);
    for (f = 0; f < 80 && counter(&r, "on ground") == 0; f++) {
        frame(&r, 0);
        if (hero(&r).y < top) top = hero(&r).y;
    }
    assert_int_equal(counter(&r, "on ground"), 1);
    assert_int_equal(hero(&r).y, START_Y);
    assert_true(top < START_Y - 40);   /* a held jump rises about 3 tiles */
    stop(&r);
}

static void test_platformer_climbs_45_slope(void **state)
{
    run r;
    int y = START_Y;
    (void)state;
    start(&r, 1);
    frame(&r, 0);
    /* the hill: '/' at column 13 on the floor, '/' at 14 a row up, its top at columns 15-16 */
    walk_right_to(&r, 13 * 16 - 10, 200);
    assert_int_equal(hero(&r).y, START_Y);
    while (hero(&r).x < 15 * 16) {
        frame(&r, PG_BTN_RIGHT);
        assert_true(hero(&r).y <= y);     /* never down while going up the hill */
        assert_int_equal(counter(&r, "on ground"), 1);
        y = hero(&r).y;
    }
    assert_int_equal(hero(&r).y, 31 * 16 - 14);   /* on the hill top, two tiles up */
    stop(&r);
}

static void test_platformer_climbs_ladder(void **state)
{
    run r;
    int f, y;
    (void)state;
    start(&r, 1);
    frame(&r, 0);
    walk_right_to(&r, 6 * 16 + 2, 100);   /* in front of the ladder at column 6 */
    frame(&r, 0);
    y = hero(&r).y;
    for (f = 0; f < 200 && hero(&r).y + 14 > LEDGE_Y; f++) {
        frame(&r, PG_BTN_UP);
        assert_true(hero(&r).y < y);      /* up a pixel every frame, no gravity */
        y = hero(&r).y;
    }
    for (f = 0; f < 10; f++)
        frame(&r, 0);
    assert_int_equal(hero(&r).y + 14, LEDGE_Y);   /* standing on the ladder top */
    assert_int_equal(counter(&r, "on ground"), 1);
    /* and back down: DOWN on the ladder top climbs down through it */
    for (f = 0; f < 200 && hero(&r).y != START_Y; f++)
        frame(&r, PG_BTN_DOWN);
    assert_int_equal(hero(&r).y, START_Y);
    stop(&r);
}

static void test_platformer_drops_through_one_way(void **state)
{
    run r;
    int f;
    (void)state;
    start(&r, 1);
    frame(&r, 0);
    walk_right_to(&r, 6 * 16 + 2, 100);
    for (f = 0; f < 200 && hero(&r).y + 14 > LEDGE_Y; f++)
        frame(&r, PG_BTN_UP);
    frame(&r, 0);
    walk_right_to(&r, 8 * 16 + 2, 40);    /* onto the one-way planks of the platform */
    for (f = 0; f < 5; f++)
        frame(&r, 0);
    assert_int_equal(hero(&r).y + 14, LEDGE_Y);
    assert_int_equal(counter(&r, "on ground"), 1);
    /* DOWN + JUMP drops through */
    frame(&r, PG_BTN_DOWN);
    frame(&r, PG_BTN_DOWN | PG_BTN_JUMP);
    frame(&r, 0);
    assert_true(hero(&r).y + 14 > LEDGE_Y);
    for (f = 0; f < 60 && !(counter(&r, "on ground") && hero(&r).y == START_Y); f++)
        frame(&r, 0);
    assert_int_equal(hero(&r).y + 14, FLOOR_Y);
    assert_int_equal(counter(&r, "on ground"), 1);
    stop(&r);
}

static void test_platformer_hazard_counts_death(void **state)
{
    run r;
    int f;
    (void)state;
    start(&r, 1);
    frame(&r, 0);
    assert_int_equal(counter(&r, "deaths"), 0);
    /* walking right without jumping: over the hill and into the spikes at columns 21-22 */
    for (f = 0; f < 400 && counter(&r, "deaths") == 0; f++)
        frame(&r, PG_BTN_RIGHT);
    assert_int_equal(counter(&r, "deaths"), 1);
    assert_int_equal(hero(&r).x, START_X);   /* back at the start */
    assert_int_equal(hero(&r).y, START_Y);
    stop(&r);
}

static void test_platformer_is_deterministic(void **state)
{
    uint64_t a, b, c, d;
    (void)state;
    a = run_script(7, 99, 1500, 0, NULL);
    b = run_script(7, 99, 1500, 0, NULL);
    c = run_script(8, 99, 1500, 0, NULL);
    d = run_script(7, 100, 1500, 0, NULL);
    assert_true(a == b);
    assert_true(a != c);   /* the walkers' speeds and directions come from the seed */
    assert_true(a != d);
}

static void test_platformer_creates_for_any_seed(void **state)
{
    run r;
    (void)state;
    start(&r, 0xFFFFFFFFu);
    frame(&r, 0);
    stop(&r);
    assert_int_equal(pg_scene_platformer.methods, 0);
    assert_int_equal(pg_scene_platformer.max_count, 0);
}

static uint32_t pixel(SDL_Renderer *ren, int x, int y)
{
    SDL_Rect rect = { x, y, 1, 1 };
    uint32_t px = 0;
    assert_int_equal(SDL_RenderReadPixels(ren, &rect, SDL_PIXELFORMAT_ARGB8888, &px, 4), 0);
    return px & 0xFFFFFFu;
}

static void test_platformer_draws_hero_and_tiles(void **state)
{
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, PG_VIEW_W, PG_VIEW_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *ren;
    pg_draw_ctx ctx;
    run r;
    eo_box b;
    int f;
    (void)state;
    assert_non_null(surf);
    ren = SDL_CreateSoftwareRenderer(surf);
    assert_non_null(ren);
    start(&r, 1);
    for (f = 0; f < 5; f++)
        frame(&r, 0);
    b = hero(&r);
    memset(&ctx, 0, sizeof ctx);
    ctx.renderer = ren;
    ctx.frame = 5;
    SDL_SetRenderDrawColor(ren, 0x14, 0x16, 0x1c, 255);
    SDL_RenderClear(ren);
    pg_scene_platformer.draw(r.s, &ctx);
    assert_int_equal(pixel(ren, b.x + 4, b.y + 7), RGB_HERO);       /* the hero's body */
    assert_int_equal(pixel(ren, 10 * 16 + 8, 35 * 16 + 8), RGB_SOLID);   /* floor tile (10, 35) */
    assert_int_equal(pixel(ren, 21 * 16 + 3, 32 * 16 + 15), RGB_SPIKES); /* spike tile (21, 32) */
    assert_int_equal(pixel(ren, 30 * 16 + 8, 5 * 16 + 8), 0x14161cu);    /* sky */
    /* every debug layer draws too */
    ctx.debug = PG_DEBUG_GRID | PG_DEBUG_PROBES | PG_DEBUG_BOXES;
    pg_scene_platformer.draw(r.s, &ctx);
    assert_int_equal(pixel(ren, 10 * 16 + 8, 35 * 16 + 4), RGB_SOLID);
    stop(&r);
    pg_text_reset();
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(surf);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_platformer_never_inside_solid),
        cmocka_unit_test(test_platformer_walks_right_on_flat_ground),
        cmocka_unit_test(test_platformer_jumps_and_lands),
        cmocka_unit_test(test_platformer_climbs_45_slope),
        cmocka_unit_test(test_platformer_climbs_ladder),
        cmocka_unit_test(test_platformer_drops_through_one_way),
        cmocka_unit_test(test_platformer_hazard_counts_death),
        cmocka_unit_test(test_platformer_is_deterministic),
        cmocka_unit_test(test_platformer_creates_for_any_seed),
        cmocka_unit_test(test_platformer_draws_hero_and_tiles),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("scene_platformer", tests, NULL, NULL);
}
