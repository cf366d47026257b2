/* Tests of what the platform shares with every scene: the tables the page is built from (keys,
   buttons, methods, cells), what each scene offers (counts per method, cell sizes) and that every
   offered setting runs at its maximum with the same answers from every method, the status bar
   and the help keeping their text inside their boxes at the canvas sizes a page gives them,
   results in words, the clock's precision and the marks of what ran. Built with -DPG_TESTING.
   Run: build/playground/tests/test_platform [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "broadphase.h"
#include "hud.h"
#include "json.h"
#include "keys.h"
#include "script.h"


/* ---- the tables ----------------------------------------------------------------------------- */

static void test_platform_keys_are_one_table(void **unused)
{
    (void)unused;
    for (int i = 0; i < PG_KEY_COUNT; i++) {
        assert_int_equal(pg_key_from_name(pg_keys[i].name), i);
        assert_non_null(pg_keys[i].keys);
        assert_true(strlen(pg_keys[i].help) > 0);
        for (int a = 0; a < 3; a++) {
            SDL_Keycode k = pg_keys[i].key[a];
            if (k) assert_int_equal(pg_key_from_keycode(k), i);   /* no key does two things */
            if (k) assert_int_equal(pg_button_from_keycode(k), 0);
        }
    }
    assert_int_equal(pg_key_from_name("nope"), -1);
    assert_int_equal(pg_key_from_keycode(SDLK_q), -1);
    for (int i = 0; i < PG_BUTTON_COUNT; i++) {
        assert_int_equal(pg_button_from_letter(pg_buttons[i].letter), pg_buttons[i].bit);
        assert_int_equal(pg_button_from_keycode(pg_buttons[i].key[0]), pg_buttons[i].bit);
        for (int j = 0; j < i; j++) assert_true((pg_buttons[i].bit & pg_buttons[j].bit) == 0);
    }
    assert_int_equal(PG_BTN_LEFT | PG_BTN_RIGHT | PG_BTN_UP | PG_BTN_DOWN | PG_BTN_JUMP | PG_BTN_ACTION, 0x3F);
}

static void test_platform_tables_json_lists_everything(void **unused)
{
    static char text[32768];
    pg_json j;
    char want[160];
    (void)unused;
    pg_json_init(&j, text, sizeof text);
    pg_tables_json(&j);
    assert_int_equal(j.overflow, 0);
    for (int i = 0; i < PG_KEY_COUNT; i++) {
        snprintf(want, sizeof want, "{\"name\":\"%s\",", pg_keys[i].name);
        assert_non_null(strstr(text, want));
    }
    for (int i = 0; i < PG_BUTTON_COUNT; i++) {
        snprintf(want, sizeof want, "{\"bit\":%u,\"letter\":\"%c\",\"name\":\"%s\"", (unsigned)pg_buttons[i].bit,
                 pg_buttons[i].letter, pg_buttons[i].name);
        assert_non_null(strstr(text, want));
    }
    for (int m = 0; m < PG_METHOD_COUNT; m++) {
        snprintf(want, sizeof want, "{\"id\":\"%s\",\"title\":\"%s\"}", pg_method_id(m), pg_method_title(m));
        assert_non_null(strstr(text, want));
    }
    assert_non_null(strstr(text, "\"cells\":[8,16,32,64,128,256,512,1024]"));
    for (int i = 0; i < pg_scene_count; i++) {
        snprintf(want, sizeof want, "{\"id\":\"%s\",", pg_scenes[i]->id);
        assert_non_null(strstr(text, want));
    }
    /* A buffer too small says so and stays a string. */
    pg_json_init(&j, text, 64);
    pg_tables_json(&j);
    assert_int_equal(j.overflow, 1);
    assert_int_equal(strlen(text), 63);
}

/* ---- what a scene offers ------------------------------------------------------------------------ */

static void test_platform_clamp_keeps_what_is_offered(void **unused)
{
    (void)unused;
    for (int i = 0; i < pg_scene_count; i++) {
        const pg_scene *sc = pg_scenes[i];
        for (int m = 0; m < PG_METHOD_COUNT; m++) {
            pg_config cfg = { 7, m, 1 << 30, 1 << 30 };
            uint32_t cells;
            pg_config_clamp(sc, &cfg);
            if (sc->methods) assert_true(sc->methods & (1u << cfg.method));
            assert_int_equal(cfg.count, sc->max_count ? pg_scene_max_count(sc, cfg.method) : sc->default_count);
            assert_true(pg_scene_max_count(sc, cfg.method) <= sc->max_count);
            cells = pg_config_cells(sc, &cfg);
            if (cells) assert_true(cells & (uint32_t)cfg.cell);   /* the largest allowed */
            else assert_int_equal(cfg.cell, 0);
            /* Every cell asked for becomes one allowed, at least as large where one is. */
            for (int want = 1; cells && want <= 2048; want = want * 3 / 2 + 1) {
                pg_config c = cfg;
                c.cell = want;
                pg_config_clamp(sc, &c);
                assert_true(cells & (uint32_t)c.cell);
                if (c.cell < want) assert_true(cells < 2u * (uint32_t)c.cell);   /* only when none is larger */
            }
        }
    }
}

static const pg_scene *scene_named(const char *id)
{
    int i = pg_scene_find(id);
    assert_true(i >= 0);
    return pg_scenes[i];
}

/* The stress and war zone grids: sectors reach down to small cells, grid masks only to the cell
   that covers the world in 16; brute force and sort and sweep have none in the war zone. */
static void test_platform_cells_follow_the_world(void **unused)
{
    const pg_scene *stress = scene_named("stress"), *wz = scene_named("warzone");
    pg_config cfg = { 1, PG_METHOD_SECTORS, 50000, 8 };
    (void)unused;
    pg_config_clamp(stress, &cfg);
    assert_int_equal(cfg.count, 50000);
    assert_int_equal(cfg.cell, 32);   /* 8,920 px: 16 px would make 311,364 sectors */
    cfg.cell = 1024;
    pg_config_clamp(stress, &cfg);
    assert_int_equal(cfg.cell, 128);   /* 256 px: about a million pairs a frame */
    cfg.method = PG_METHOD_GRIDMASK;
    cfg.count = 1500;
    cfg.cell = 8;
    pg_config_clamp(stress, &cfg);
    assert_int_equal(cfg.cell, 128);   /* 1,520 px in 16 mask cells */
    cfg = (pg_config){ 1, PG_METHOD_SWEEP, 2000, 64 };
    pg_config_clamp(wz, &cfg);
    assert_int_equal(cfg.cell, 0);
    assert_int_equal(pg_config_cells(wz, &cfg), 0);
    cfg.method = PG_METHOD_SECTORS;
    pg_config_clamp(wz, &cfg);
    assert_int_equal(cfg.cell, 64);   /* the default comes back with a method that has cells */
}

/* Runs cfg for `frames` frames: no status, and the hash. */
static uint64_t run_clean(const pg_scene *sc, pg_config cfg, int frames)
{
    pg_run_result run;
    char err[160] = "";
    if (!pg_run_headless(sc, &cfg, "random", frames, &run, err, sizeof err)) fail_msg("%s: %s", sc->id, err);
    if (run.last.status[0]) fail_msg("%s %s n=%d cell=%d: %s", sc->id, pg_method_id(cfg.method), cfg.count, cfg.cell, run.last.status);
    assert_int_equal(run.cfg.count, cfg.count);
    assert_int_equal(run.cfg.cell, cfg.cell);
    return run.hash;
}

/* Every scene at its largest count, with every method at that method's largest, and every cell
   size offered there: it runs with no error, and the answers agree: every method and cell plays
   the same game (the same hash) at the count they share. */
static void test_platform_every_setting_runs_at_its_maximum(void **unused)
{
    (void)unused;
    for (int i = 0; i < pg_scene_count; i++) {
        const pg_scene *sc = pg_scenes[i];
        for (int m = 0; m < PG_METHOD_COUNT; m++) {
            pg_config cfg = { 5, m, 1 << 30, 0 };
            uint32_t cells;
            uint64_t first = 0;
            int any = 0;
            if (sc->methods ? !(sc->methods & (1u << m)) : m > 0) continue;
            pg_config_clamp(sc, &cfg);
            cells = pg_config_cells(sc, &cfg);
            for (int c = cells ? PG_CELL_MIN : 0; c <= (cells ? PG_CELL_MAX : 0); c = c ? c * 2 : 1) {
                uint64_t h;
                if (cells && !(cells & (uint32_t)c)) continue;
                cfg.cell = c;
                h = run_clean(sc, cfg, 4);
                if (any) assert_true(h == first);
                first = h, any = 1;
                print_message("%s %s n=%d cell=%d: ok\n", sc->id, sc->methods ? pg_method_id(m) : "-", cfg.count, c);
            }
            assert_true(any);
            /* The other methods offered at this count play the same game. */
            for (int o = 0; sc->methods && o < PG_METHOD_COUNT; o++) {
                pg_config other = cfg;
                if (o == m || !(sc->methods & (1u << o)) || pg_scene_max_count(sc, o) < cfg.count) continue;
                other.method = o;
                other.cell = 0;
                pg_config_clamp(sc, &other);
                assert_true(run_clean(sc, other, 4) == first);
            }
        }
    }
}

/* Boxes larger than the sectors, each listed in up to 16: far more memberships than the grid's
   first room (4 each); it grows, and the pairs are sort and sweep's (and brute force's). */
static void test_platform_sectors_grow_to_fit(void **unused)
{
    enum { N = 3000 };
    static eo_box boxes[N];
    pg_broadphase sectors, sweep, brute;
    pg_stats st;
    pg_rng rng;
    (void)unused;
    pg_rng_seed(&rng, 77);
    for (int i = 0; i < N; i++)
        boxes[i] = (eo_box){ (int16_t)pg_rng_range(&rng, 0, 1960), (int16_t)pg_rng_range(&rng, 0, 1960),
                             (int16_t)pg_rng_range(&rng, 20, 40), (int16_t)pg_rng_range(&rng, 20, 40) };
    assert_true(pg_broadphase_init(&sectors, N, 2000, 2000, 16));
    assert_true(pg_broadphase_init(&sweep, N, 2000, 2000, 16));
    assert_true(pg_broadphase_init(&brute, N, 2000, 2000, 16));
    memset(&st, 0, sizeof st);
    assert_true(pg_broadphase_run(&sectors, PG_METHOD_SECTORS, boxes, NULL, N, &st));
    assert_string_equal(st.status, "");
    assert_true(sectors.grid_entries > 4u * N);
    assert_true(pg_broadphase_run(&sweep, PG_METHOD_SWEEP, boxes, NULL, N, NULL));
    assert_true(pg_broadphase_run(&brute, PG_METHOD_BRUTE, boxes, NULL, N, NULL));
    assert_true(brute.pair_count > 1000);
    assert_int_equal(sectors.pair_count, brute.pair_count);
    assert_int_equal(sweep.pair_count, brute.pair_count);
    assert_memory_equal(sectors.pairs, brute.pairs, brute.pair_count * sizeof *brute.pairs);
    assert_memory_equal(sweep.pairs, brute.pairs, brute.pair_count * sizeof *brute.pairs);
    pg_broadphase_free(&sectors);
    pg_broadphase_free(&sweep);
    pg_broadphase_free(&brute);
}

/* ---- status, marks, words, clock --------------------------------------------------------------- */

static void test_platform_marks_say_which_method_ran(void **unused)
{
    const pg_scene *wz = scene_named("warzone");
    static const char *const label[PG_METHOD_COUNT] = { "brute force runs this frame", "grid masks run this frame",
                                                        "sectors run this frame", "sort and sweep runs this frame" };
    (void)unused;
    for (int m = 0; m < PG_METHOD_COUNT; m++) {
        pg_config cfg = { 3, m, 400, 64 };
        pg_stats st;
        char err[160];
        void *s;
        int in_broadphase = 0, in_scene = 0;
        pg_config_clamp(wz, &cfg);
        s = wz->create(&cfg, err, sizeof err);
        assert_non_null(s);
        memset(&st, 0, sizeof st);
        wz->step(s, &(pg_input){ 0 }, &st);
        for (int k = 0; k < st.mark_count; k++) {
            const char *file = strrchr(st.mark[k].file, '/') ? strrchr(st.mark[k].file, '/') + 1 : st.mark[k].file;
            assert_true(st.mark[k].line > 0);
            if (strcmp(file, "broadphase.c") == 0) {
                assert_string_equal(st.mark[k].label, label[m]);
                in_broadphase++;
            }
            in_scene += strcmp(file, "scene_warzone.c") == 0;
        }
        assert_int_equal(in_broadphase, 1);
        assert_int_equal(in_scene, 1);
        wz->destroy(s);
    }
}

static void test_platform_errors_in_words(void **unused)
{
    pg_stats st;
    pg_broadphase bp;
    eo_box box = { 0, 0, 8, 8 };
    (void)unused;
    memset(&st, 0, sizeof st);
    pg_stats_error(&st, "sectors", EO_ERR_BUFFER_TOO_SMALL);
    assert_string_equal(st.status,
                        "sectors: an output buffer is too small; the count says how much is needed (EO_ERR_BUFFER_TOO_SMALL)");
    for (int r = 0; r < EO_RESULT_COUNT_; r++) assert_true(strlen(pg_result_words((eo_result)r)) > 5);
    /* The broadphase says what failed in words: here more boxes than it was made for. */
    assert_true(pg_broadphase_init(&bp, 1, 64, 64, 64));
    memset(&st, 0, sizeof st);
    assert_false(pg_broadphase_run(&bp, PG_METHOD_SWEEP, &box, NULL, 2, &st));
    assert_non_null(strstr(st.status, "an argument is outside its documented range (EO_ERR_BAD_ARGUMENT)"));
    pg_broadphase_free(&bp);
}

static void test_platform_clock_precision(void **unused)
{
    double res = pg_clock_resolution_ms();
    (void)unused;
    assert_true(res > 0.0 && res < 1.0);
    assert_true(pg_ms_decimals(1) >= 1 && pg_ms_decimals(1) <= 3);
    assert_true(pg_ms_decimals(30) >= pg_ms_decimals(1));
}

/* ---- the status bar and the help ------------------------------------------------------------- */

/* Draws the bar (and the help, and each scene at its largest count) on a software renderer of
   w x h output pixels with the canvas's logical size: no text leaves its box. */
static void draw_at(int w, int h)
{
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf);
    static const SDL_Rect view = { 0, 0, PG_VIEW_W, PG_VIEW_H };
    pg_graph graph;
    assert_non_null(r);
    SDL_RenderSetLogicalSize(r, PG_VIEW_W, PG_CANVAS_H);
    memset(&graph, 0, sizeof graph);
    for (int f = 0; f < 300; f++) pg_graph_push(&graph, 1.0 + f % 40, 0.5);
    for (int i = 0; i < pg_scene_count; i++) {
        const pg_scene *sc = pg_scenes[i];
        pg_config cfg = { 4000000000u, sc->default_method, 1 << 30, 0 };
        pg_stats st;
        pg_hud_info hud;
        pg_draw_ctx ctx = { r, PG_DEBUG_GRID | PG_DEBUG_PROBES | PG_DEBUG_BOXES, 30 };
        char err[160];
        void *s;
        pg_config_clamp(sc, &cfg);
        s = sc->create(&cfg, err, sizeof err);
        assert_non_null(s);
        memset(&st, 0, sizeof st);
        for (int f = 0; f < 3; f++) sc->step(s, &(pg_input){ 0 }, &st);
        (void)pg_text_outside();
        pg_text_box(&view);
        sc->draw(s, &ctx);
        pg_text_box(NULL);
        if (pg_text_outside()) fail_msg("%s at %d x %d: scene text outside the view", sc->id, w, h);
        hud.scene = sc, hud.cfg = &cfg, hud.stats = &st, hud.graph = &graph, hud.show_graph = 1, hud.paused = 1;
        hud.error = "";
        pg_hud_draw(r, &hud);
        if (pg_text_outside()) fail_msg("%s at %d x %d: bar text outside the bar", sc->id, w, h);
        pg_stats_error(&st, "sectors", EO_ERR_BUFFER_TOO_SMALL);   /* the longest line it shows */
        pg_hud_draw(r, &hud);
        if (pg_text_outside()) fail_msg("%s at %d x %d: an error outside the bar", sc->id, w, h);
        pg_help_draw(r, sc);
        if (pg_text_outside()) fail_msg("%s at %d x %d: help text outside its box", sc->id, w, h);
        {   /* the logical size comes back after drawing in output pixels */
            int lw, lh;
            SDL_RenderGetLogicalSize(r, &lw, &lh);
            assert_int_equal(lw, PG_VIEW_W);
            assert_int_equal(lh, PG_CANVAS_H);
        }
        sc->destroy(s);
    }
    pg_text_reset();
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
}

static void test_platform_text_stays_in_its_box(void **unused)
{
    (void)unused;
    draw_at(PG_VIEW_W, PG_CANVAS_H);   /* native, 1x */
    draw_at(1098, 759);                /* a 390 px phone at 3x */
    draw_at(800, 553);                 /* a 1280 px desktop page at 1x */
    draw_at(480, 332);                 /* half size */
    draw_at(2200, 1521);               /* a wide page at 2x */
}

/* The bar's glyphs are whole output pixels: 16 px at 1x, larger on denser canvases. */
static void test_platform_bar_text_is_crisp(void **unused)
{
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, 1600, 1107, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf);
    pg_px_area a;
    (void)unused;
    SDL_RenderSetLogicalSize(r, PG_VIEW_W, PG_CANVAS_H);
    assert_true(pg_px_begin(r, 0, PG_VIEW_H, PG_VIEW_W, PG_BAR_H, &a));
    assert_int_equal(a.x, 0);
    assert_int_equal(a.w, 1600);
    assert_true(a.h >= 106 && a.h <= 107);   /* 64 logical px at 1600 / 960 */
    pg_px_end(r, &a);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
}

/* D shows something in every scene with every method: many pixels change between the picture
   without debug layers and with them. */
static void test_platform_debug_layers_show_in_every_scene_and_method(void **unused)
{
    SDL_Surface *plain = SDL_CreateRGBSurfaceWithFormat(0, PG_VIEW_W, PG_VIEW_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Surface *debug = SDL_CreateRGBSurfaceWithFormat(0, PG_VIEW_W, PG_VIEW_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Surface *surf[2] = { plain, debug };
    (void)unused;
    for (int i = 0; i < pg_scene_count; i++) {
        const pg_scene *sc = pg_scenes[i];
        for (int m = 0; m < PG_METHOD_COUNT; m++) {
            pg_config cfg = { 9, m, sc->default_count, 0 };
            char err[160];
            pg_stats st;
            void *s;
            long changed = 0;
            if (sc->methods ? !(sc->methods & (1u << m)) : m > 0) continue;
            pg_config_clamp(sc, &cfg);
            s = sc->create(&cfg, err, sizeof err);
            assert_non_null(s);
            for (int f = 0; f < 60; f++) {
                memset(&st, 0, sizeof st);
                sc->step(s, &(pg_input){ 0 }, &st);
            }
            for (int k = 0; k < 2; k++) {
                SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf[k]);
                pg_draw_ctx ctx = { r, k ? PG_DEBUG_GRID | PG_DEBUG_PROBES | PG_DEBUG_BOXES : 0u, 60 };
                SDL_SetRenderDrawColor(r, 0x14, 0x16, 0x1c, 255);
                SDL_RenderClear(r);
                sc->draw(s, &ctx);
                SDL_RenderPresent(r);
                pg_text_reset();
                SDL_DestroyRenderer(r);
            }
            for (int y = 0; y < PG_VIEW_H; y++)
                for (int x = 0; x < PG_VIEW_W; x++)
                    changed += ((uint32_t *)plain->pixels)[y * plain->pitch / 4 + x] != ((uint32_t *)debug->pixels)[y * debug->pitch / 4 + x];
            print_message("%s %s: debug layers change %ld px\n", sc->id, sc->methods ? pg_method_id(m) : "-", changed);
            if (changed < 2000) fail_msg("%s %s: D changes only %ld px", sc->id, pg_method_id(m), changed);
            sc->destroy(s);
        }
    }
    SDL_FreeSurface(plain);
    SDL_FreeSurface(debug);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_platform_keys_are_one_table),
        cmocka_unit_test(test_platform_tables_json_lists_everything),
        cmocka_unit_test(test_platform_clamp_keeps_what_is_offered),
        cmocka_unit_test(test_platform_cells_follow_the_world),
        cmocka_unit_test(test_platform_every_setting_runs_at_its_maximum),
        cmocka_unit_test(test_platform_sectors_grow_to_fit),
        cmocka_unit_test(test_platform_marks_say_which_method_ran),
        cmocka_unit_test(test_platform_errors_in_words),
        cmocka_unit_test(test_platform_clock_precision),
        cmocka_unit_test(test_platform_text_stays_in_its_box),
        cmocka_unit_test(test_platform_bar_text_is_crisp),
        cmocka_unit_test(test_platform_debug_layers_show_in_every_scene_and_method),
    };
    if (argc > 1) cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
