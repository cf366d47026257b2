/* Tests of playground/scene_msx.c: the grid masks never throw out a pair of sprites that overlap
   (checked against a plain all-pairs loop), the hits are brute force's, the counts add up to the
   496 pairs, the "endpoints misses" are the overlaps the classic masks would eliminate, a click
   selects the sprite under it, the run is deterministic, and the drawing shows the sprites and
   the grid. Built with -DPG_TESTING (the scene's accessors). Run: build/playground/tests/test_scene_msx */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "scene.h"

extern const pg_scene pg_scene_msx;
void pg_msx_testing(const void *state, const eo_box **boxes, const eo_gridmask **span,
                    const eo_gridmask **ends, const eo_pair **cands, uint32_t *cand_count,
                    const eo_pair **hits, uint32_t *hit_count);
int *pg_msx_selection(void *state);
int pg_msx_sprite_pixel(const void *state, int index, int *cx, int *cy, uint32_t *rgb);

/* The scene's last frame. */
typedef struct msx_frame {
    const eo_box *boxes;
    const eo_gridmask *span, *ends;
    const eo_pair *cands, *hits;
    uint32_t cand_count, hit_count;
} msx_frame;

static msx_frame frame_of(const void *s)
{
    msx_frame fr;
    pg_msx_testing(s, &fr.boxes, &fr.span, &fr.ends, &fr.cands, &fr.cand_count, &fr.hits, &fr.hit_count);
    return fr;
}

enum { N = 32, BIG_FIRST = 28, ALL_PAIRS = 496, SCREEN_W = 256, SCREEN_H = 192, CELL = 32,
       SCALE = 3, OX = 12, OY = 12 };
#define GRID_FAINT 0x1C2036u
#define GRID_STRONG 0x5455EDu

static const pg_scene *const sc = &pg_scene_msx;

static void *make(uint32_t seed)
{
    pg_config cfg = { seed, 0, 0, 0 };
    char err[128] = "";
    void *s;
    pg_config_clamp(sc, &cfg);
    s = sc->create(&cfg, err, sizeof err);
    if (!s) fail_msg("create failed: %s", err);
    return s;
}

static void step(void *s, const pg_input *in, pg_stats *st)
{
    pg_input none;
    memset(&none, 0, sizeof none);
    memset(st, 0, sizeof *st);
    sc->step(s, in ? in : &none, st);
    assert_string_equal(st->status, "");
}

static uint32_t counter(const pg_stats *st, const char *name)
{
    for (int k = 0; k < st->counter_count; k++)
        if (strcmp(st->counter_name[k], name) == 0) return st->counter[k];
    fail_msg("no counter \"%s\"", name);
    return 0;
}

/* ---- the references: plain integer comparisons on half-open boxes, and masks by hand ---- */

static int overlap(const eo_box *a, const eo_box *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* The cells one axis of a box touches on a screen it at least half covers: every cell from the
   first to the last (span), or only those two (endpoints, the classic form). */
static unsigned axis_cells(int pos, int size, int screen, int endpoints)
{
    int first = (pos < 0 ? 0 : pos) / CELL;
    int last = (pos + size - 1 >= screen ? screen - 1 : pos + size - 1) / CELL;
    unsigned bits = 0;
    for (int c = first; c <= last; c++)
        if (!endpoints || c == first || c == last) bits |= 1u << c;
    return bits;
}

static unsigned mask_of(const eo_box *b, int endpoints)
{
    return axis_cells(b->x, b->w, SCREEN_W, endpoints) | axis_cells(b->y, b->h, SCREEN_H, endpoints) << 8;
}

static int masks_apart(unsigned a, unsigned b)
{
    return (a & b & 0xFFu) == 0 || (a & b & 0xFF00u) == 0;
}

/* Runs `frames` frames of `seed`, checking every frame; totals of hits and endpoints misses. */
static void run_checked(uint32_t seed, int frames, uint32_t *hits_total, uint32_t *misses_total)
{
    void *s = make(seed);
    eo_box prev[N];
    pg_stats st;
    *hits_total = *misses_total = 0;
    for (int f = 0; f < frames; f++) {
        uint32_t k = 0, overlaps = 0, misses = 0;
        uint8_t cand[N][N];
        msx_frame fr;
        step(s, NULL, &st);
        fr = frame_of(s);
        const eo_box *boxes = fr.boxes;
        const eo_pair *cands = fr.cands, *hits = fr.hits;
        uint32_t cand_count = fr.cand_count, hit_count = fr.hit_count;

        for (int i = 0; i < N; i++) {   /* 28 sprites of 16 px, 4 of 48, at most half off-screen */
            int size = i >= BIG_FIRST ? 48 : 16;
            assert_int_equal(boxes[i].w, size);
            assert_int_equal(boxes[i].h, size);
            assert_true(boxes[i].x >= -size / 2 && boxes[i].x <= SCREEN_W - size / 2);
            assert_true(boxes[i].y >= -size / 2 && boxes[i].y <= SCREEN_H - size / 2);
            if (f > 0)   /* -2 .. 2 px a frame (a bounce reflects within the step) */
                assert_true(abs(boxes[i].x - prev[i].x) <= 2 && abs(boxes[i].y - prev[i].y) <= 2);
            assert_int_equal(fr.span[i], mask_of(&boxes[i], 0));   /* the masks are the grid's */
            assert_int_equal(fr.ends[i], mask_of(&boxes[i], 1));
        }
        memcpy(prev, boxes, sizeof prev);

        memset(cand, 0, sizeof cand);
        for (uint32_t c = 0; c < cand_count; c++) {
            assert_true(cands[c].a < cands[c].b && cands[c].b < N);
            assert_false(cand[cands[c].a][cands[c].b]);
            cand[cands[c].a][cands[c].b] = 1;
        }
        for (int i = 0; i < N; i++)
            for (int j = i + 1; j < N; j++) {
                if (!overlap(&boxes[i], &boxes[j])) continue;
                if (!cand[i][j]) fail_msg("seed %u frame %d: overlapping pair %d,%d eliminated", seed, f, i, j);
                assert_true(k < hit_count);   /* the hits are brute force's, in the same order */
                assert_int_equal(hits[k].a, i);
                assert_int_equal(hits[k].b, j);
                k++;
                overlaps++;
                misses += (uint32_t)masks_apart(mask_of(&boxes[i], 1), mask_of(&boxes[j], 1));
            }
        assert_int_equal(hit_count, overlaps);

        assert_int_equal(st.objects, N);
        assert_int_equal(st.candidates, cand_count);
        assert_int_equal(st.box_tests, cand_count);
        assert_int_equal(st.hits, hit_count);
        assert_int_equal(counter(&st, "eliminated") + st.candidates, ALL_PAIRS);
        assert_int_equal(counter(&st, "exact tests"), cand_count);
        assert_int_equal(counter(&st, "hits"), hit_count);
        assert_int_equal(counter(&st, "endpoints misses"), misses);
        assert_int_equal(st.phase_count, 3);
        *hits_total += hit_count;
        *misses_total += misses;
    }
    sc->destroy(s);
}

static void test_msx_masks_never_eliminate_an_overlap(void **state)
{
    static const uint32_t seeds[] = { 1, 7, 1234, 99991, 0xDEADBEEFu };
    (void)state;
    for (int k = 0; k < 5; k++) {
        uint32_t hits, misses;
        run_checked(seeds[k], 1200, &hits, &misses);
        assert_true(hits > 0);   /* there was something to eliminate wrongly */
    }
}

static void test_msx_endpoints_misses_are_the_overlaps_endpoints_eliminate(void **state)
{
    static const uint32_t seeds[] = { 2, 42, 4242, 31337 };
    uint32_t all = 0;
    (void)state;
    for (int k = 0; k < 4; k++) {
        uint32_t hits, misses;
        run_checked(seeds[k], 1500, &hits, &misses);
        all += misses;
    }
    assert_true(all > 0);   /* the big sprites did make the classic form miss */
}

/* ---- input and determinism ---- */

static void click(void *s, int x, int y)
{
    pg_input in;
    pg_stats st;
    memset(&in, 0, sizeof in);
    in.pointer_in = in.pointer_pressed = in.pointer_down = 1;
    in.pointer_x = (int16_t)x;
    in.pointer_y = (int16_t)y;
    step(s, &in, &st);
}

static int sprite_at(const eo_box *boxes, int mx, int my)
{
    for (int i = 0; i < N; i++)
        if (mx >= boxes[i].x && mx < boxes[i].x + boxes[i].w && my >= boxes[i].y && my < boxes[i].y + boxes[i].h)
            return i;
    return -1;
}

static void test_msx_click_selects_the_sprite_under_the_pointer(void **state)
{
    void *s = make(9);
    pg_stats st;
    int picked = 0, emptied = 0;
    (void)state;
    step(s, NULL, &st);
    for (int my = 4; my < SCREEN_H; my += 8)   /* a click selects what was drawn under it */
        for (int mx = 4; mx < SCREEN_W; mx += 8) {
            eo_box seen[N];
            memcpy(seen, frame_of(s).boxes, sizeof seen);
            click(s, OX + mx * SCALE + 1, OY + my * SCALE + 1);
            assert_int_equal(*pg_msx_selection(s), sprite_at(seen, mx, my));
            picked += sprite_at(seen, mx, my) >= 0;
            emptied += sprite_at(seen, mx, my) < 0;
        }
    assert_true(picked > 0 && emptied > 0);
    *pg_msx_selection(s) = 3;
    click(s, PG_VIEW_W - 20, 300);   /* on the side panel: the selection stays */
    assert_int_equal(*pg_msx_selection(s), 3);
    sc->destroy(s);
}

static uint64_t run_hash(uint32_t seed, int clicks)
{
    void *s = make(seed);
    pg_stats st;
    uint64_t h;
    for (int f = 0; f < 600; f++) {
        if (clicks && f % 5 == 0)   /* selecting a sprite must not change the game */
            click(s, (f * 37) % PG_VIEW_W, (f * 53) % PG_VIEW_H);
        else
            step(s, NULL, &st);
    }
    h = sc->hash(s);
    sc->destroy(s);
    return h;
}

static void test_msx_deterministic(void **state)
{
    uint64_t a = run_hash(77, 0);
    (void)state;
    assert_true(a == run_hash(77, 0));
    assert_true(a == run_hash(77, 1));
    assert_true(a != run_hash(78, 0));
}

/* ---- drawing ---- */

static uint32_t pixel(SDL_Surface *surf, int x, int y)
{
    return ((const uint32_t *)((const uint8_t *)surf->pixels + y * surf->pitch))[x] & 0xFFFFFFu;
}

static void draw(void *s, SDL_Renderer *r, uint32_t debug, uint32_t frame)
{
    pg_draw_ctx ctx;
    SDL_SetRenderDrawColor(r, 0x14, 0x16, 0x1c, 255);
    SDL_RenderClear(r);
    ctx.renderer = r;
    ctx.debug = debug;
    ctx.frame = frame;
    sc->draw(s, &ctx);
    SDL_RenderPresent(r);
}

static void test_msx_draws_sprites_and_grid(void **state)
{
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, PG_VIEW_W, PG_VIEW_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r;
    void *s = make(5);
    uint8_t colliding[N];
    msx_frame fr;
    pg_stats st;
    int sprites = 0, borders = 0;
    (void)state;
    assert_non_null(surf);
    r = SDL_CreateSoftwareRenderer(surf);
    assert_non_null(r);
    for (int f = 0; f < 30; f++) step(s, NULL, &st);
    *pg_msx_selection(s) = -1;   /* no highlight or partner lines over the grid */
    fr = frame_of(s);
    memset(colliding, 0, sizeof colliding);
    for (uint32_t k = 0; k < fr.hit_count; k++) colliding[fr.hits[k].a] = colliding[fr.hits[k].b] = 1;

    draw(s, r, PG_DEBUG_GRID, 30);
    for (int i = 0; i < N; i++) {   /* a sprite that overlaps nothing shows its own colour */
        int x, y;
        uint32_t rgb;
        if (colliding[i] || !pg_msx_sprite_pixel(s, i, &x, &y, &rgb)) continue;
        assert_int_equal(pixel(surf, x, y), rgb);
        assert_true(x >= OX && x < OX + SCREEN_W * SCALE && y >= OY && y < OY + SCREEN_H * SCALE);
        sprites++;
    }
    assert_true(sprites > 0);
    for (int pass = 0; pass < 2; pass++) {   /* a column border, where no sprite is: strong, then faint */
        if (pass == 1) draw(s, r, 0, 30);
        for (int c = 1; c < SCREEN_W / CELL; c++)
            for (int row = 0; row < SCREEN_H / CELL; row++) {
                int mx = c * CELL, my = row * CELL + CELL / 2;
                if (sprite_at(fr.boxes, mx, my) >= 0 || sprite_at(fr.boxes, mx - 1, my) >= 0) continue;
                assert_int_equal(pixel(surf, OX + mx * SCALE, OY + my * SCALE), pass ? GRID_FAINT : GRID_STRONG);
                assert_int_equal(pixel(surf, OX + mx * SCALE - 1, OY + my * SCALE), 0x000000);   /* the screen */
                borders++;
            }
    }
    assert_true(borders > 0);
    pg_text_reset();
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
    sc->destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_msx_masks_never_eliminate_an_overlap),
        cmocka_unit_test(test_msx_endpoints_misses_are_the_overlaps_endpoints_eliminate),
        cmocka_unit_test(test_msx_click_selects_the_sprite_under_the_pointer),
        cmocka_unit_test(test_msx_deterministic),
        cmocka_unit_test(test_msx_draws_sprites_and_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
