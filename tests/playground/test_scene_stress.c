/* tests/playground/test_scene_stress.c: the stress scene's pairs equal a brute-force loop on
   every frame, for every method, uniform and clustered; methods agree on the hash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "broadphase.h"
#include "script.h"

extern const pg_scene pg_scene_stress;
const eo_box *pg_stress_boxes(const void *state, int *n);
const pg_broadphase *pg_stress_broadphase(const void *state);

/* Half-open boxes overlap when each starts before the other ends, on both axes: written out
   here, not taken from the core. */
static int boxes_overlap(const eo_box *a, const eo_box *b)
{
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0) return 0;
    return (int32_t)a->x < (int32_t)b->x + b->w && (int32_t)b->x < (int32_t)a->x + a->w &&
           (int32_t)a->y < (int32_t)b->y + b->h && (int32_t)b->y < (int32_t)a->y + a->h;
}

static void check_frames(int method, uint32_t seed, int count, int cell, int frames)
{
    pg_config cfg = { seed, method, count, cell };
    char err[160] = "";
    void *state;
    pg_input in;
    memset(&in, 0, sizeof in);
    pg_config_clamp(&pg_scene_stress, &cfg);
    state = pg_scene_stress.create(&cfg, err, sizeof err);
    assert_non_null(state);
    for (int f = 0; f < frames; f++) {
        pg_stats stats;
        int n;
        const eo_box *boxes;
        const pg_broadphase *bp;
        uint32_t k = 0;
        memset(&stats, 0, sizeof stats);
        pg_scene_stress.step(state, &in, &stats);
        assert_string_equal(stats.status, "");
        boxes = pg_stress_boxes(state, &n);
        bp = pg_stress_broadphase(state);
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++)
                if (boxes_overlap(&boxes[a], &boxes[b])) {
                    assert_true(k < bp->pair_count);
                    assert_int_equal(bp->pairs[k].a, a);
                    assert_int_equal(bp->pairs[k].b, b);
                    k++;
                }
        assert_int_equal(k, bp->pair_count);
        assert_int_equal(stats.hits, k);
    }
    pg_scene_stress.destroy(state);
}

static void test_stress_every_method_equals_brute_force(void **unused)
{
    (void)unused;
    for (int m = 0; m < PG_METHOD_COUNT; m++) {
        check_frames(m, 1, 600, 64, 60);     /* uniform */
        check_frames(m, 2, 600, 32, 60);     /* clustered, small cells */
        check_frames(m, 7, 1500, 128, 20);   /* uniform, large cells */
        check_frames(m, 8, 1500, 8, 20);     /* clustered, the smallest cells the grids take */
    }
}

static void test_stress_methods_agree_on_the_hash(void **unused)
{
    pg_run_result first, run;
    char err[160];
    (void)unused;
    for (uint32_t seed = 3; seed <= 4; seed++) {
        for (int m = 0; m < PG_METHOD_COUNT; m++) {
            pg_config cfg = { seed, m, 1500, 64 };   /* every method is offered with 1,500 */
            assert_true(pg_run_headless(&pg_scene_stress, &cfg, NULL, 100, m ? &run : &first, err, sizeof err));
            if (m) assert_true(run.hash == first.hash);
        }
    }
}

static void test_stress_seeds_differ(void **unused)
{
    pg_run_result a, b, c;
    pg_config one = { 5, PG_METHOD_SECTORS, 2000, 64 }, two = { 9, PG_METHOD_SECTORS, 2000, 64 };
    char err[160];
    (void)unused;
    assert_true(pg_run_headless(&pg_scene_stress, &one, NULL, 50, &a, err, sizeof err));
    assert_true(pg_run_headless(&pg_scene_stress, &one, NULL, 50, &b, err, sizeof err));
    assert_true(pg_run_headless(&pg_scene_stress, &two, NULL, 50, &c, err, sizeof err));
    assert_true(a.hash == b.hash);
    assert_true(a.hash != c.hash);
}

static void test_stress_fifty_thousand_boxes_run_with_the_default_cells(void **unused)
{
    /* The default (sectors, 64 px cells) at the scene's maximum: the grid takes its room from
       the count (test_platform.c runs every method and cell at its maximum). */
    pg_run_result run;
    pg_config cfg = { 1, PG_METHOD_SECTORS, 50000, 64 };
    char err[160];
    (void)unused;
    assert_true(pg_run_headless(&pg_scene_stress, &cfg, NULL, 5, &run, err, sizeof err));
    assert_string_equal(run.last.status, "");
    assert_int_equal(run.last.objects, 50000);
    assert_int_equal(run.cfg.cell, 64);
}

static void test_stress_draws_boxes(void **unused)
{
    SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, PG_VIEW_W, PG_VIEW_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surface);
    pg_config cfg = { 1, PG_METHOD_SECTORS, 2000, 64 };
    pg_draw_ctx ctx;
    pg_input in;
    pg_stats stats;
    char err[160];
    void *state;
    int n, blue = 0, orange = 0;
    const eo_box *boxes;
    (void)unused;
    assert_non_null(r);
    memset(&in, 0, sizeof in);
    memset(&stats, 0, sizeof stats);
    state = pg_scene_stress.create(&cfg, err, sizeof err);
    assert_non_null(state);
    pg_scene_stress.step(state, &in, &stats);
    ctx.renderer = r;
    ctx.debug = 0;
    ctx.frame = 1;
    pg_scene_stress.draw(state, &ctx);
    SDL_RenderPresent(r);
    boxes = pg_stress_boxes(state, &n);
    /* Sample each box's centre: blue when in no pair, orange when in one. */
    for (int i = 0; i < n; i++) {
        float scale = (float)PG_VIEW_H / 1760.0f;   /* 40 * isqrt(2000) px */
        int x = (int)((float)(boxes[i].x + boxes[i].w / 2) * scale), y = (int)((float)(boxes[i].y + boxes[i].h / 2) * scale);
        uint32_t px = ((uint32_t *)surface->pixels)[y * (surface->pitch / 4) + x] & 0xFFFFFFu;
        if (px == 0x4f8fd8u) blue++;
        if (px == 0xff8a3du) orange++;
    }
    assert_true(blue > n / 4);
    assert_true(orange > n / 20);
    pg_scene_stress.destroy(state);
    pg_text_reset();
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surface);
}

static void test_stress_drag_moves_the_box_under_the_pointer(void **unused)
{
    pg_config cfg = { 1, PG_METHOD_SWEEP, 400, 64 };
    char err[160];
    pg_input in;
    pg_stats stats;
    void *state = pg_scene_stress.create(&cfg, err, sizeof err);
    const eo_box *boxes;
    int n;
    const float world = 800.0f;   /* 40 * isqrt(400) */
    (void)unused;
    assert_non_null(state);
    memset(&in, 0, sizeof in);
    /* Press on the canvas at (300, 300), hold and move to (100, 500), release. */
    in.pointer_in = 1;
    in.pointer_x = 300;
    in.pointer_y = 300;
    in.pointer_down = 1;
    in.pointer_pressed = 1;
    memset(&stats, 0, sizeof stats);
    pg_scene_stress.step(state, &in, &stats);
    in.pointer_pressed = 0;
    in.pointer_x = 100;
    in.pointer_y = 500;
    for (int f = 0; f < 5; f++) pg_scene_stress.step(state, &in, &stats);
    boxes = pg_stress_boxes(state, &n);
    {
        int found = 0;
        for (int i = 0; i < n; i++) {
            int cx = boxes[i].x + boxes[i].w / 2, cy = boxes[i].y + boxes[i].h / 2;
            int px = (int)(100.0f * world / PG_VIEW_H), py = (int)(500.0f * world / PG_VIEW_H);
            if (abs(cx - px) <= 1 && abs(cy - py) <= 1) found++;
        }
        assert_true(found >= 1);
    }
    pg_scene_stress.destroy(state);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stress_every_method_equals_brute_force),
        cmocka_unit_test(test_stress_methods_agree_on_the_hash),
        cmocka_unit_test(test_stress_seeds_differ),
        cmocka_unit_test(test_stress_fifty_thousand_boxes_run_with_the_default_cells),
        cmocka_unit_test(test_stress_draws_boxes),
        cmocka_unit_test(test_stress_drag_moves_the_box_under_the_pointer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
