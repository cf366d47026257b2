/* Tests of playground/scene_sprites.c: the pixel hits against a per-pixel brute force written
   here, the rotation frames, determinism, and what draw puts on a software renderer.
   Run: build/playground/tests/test_scene_sprites [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scene.h"

extern const pg_scene pg_scene_sprites;

/* The scene's PG_TESTING accessors (scene_sprites.c). */
int pg_sprites_test_count(const void *state);
const eo_pixelmask *pg_sprites_test_sprite(const void *state, int i, int16_t *x, int16_t *y, eo_box *box, uint32_t *rgb);
int pg_sprites_test_pair(const void *state, uint32_t k, eo_pair *pair, int32_t *cx, int32_t *cy, uint32_t *area);
const eo_pixelmask *pg_sprites_test_frame(const void *state, int shape, int frame);
int pg_sprites_test_selected(const void *state);

static void *make(uint32_t seed, int count)
{
    char err[128] = "";
    pg_config cfg = { seed, 0, count, 0 };
    void *st;
    pg_config_clamp(&pg_scene_sprites, &cfg);
    st = pg_scene_sprites.create(&cfg, err, sizeof err);
    assert_non_null(st);
    return st;
}

static void step(void *st, const pg_input *in)
{
    pg_stats stats;
    pg_input none;
    memset(&stats, 0, sizeof stats);
    memset(&none, 0, sizeof none);
    pg_scene_sprites.step(st, in ? in : &none, &stats);
    assert_string_equal(stats.status, "");
}

typedef struct placed {
    const eo_pixelmask *m;
    int16_t x, y;
    eo_box box;
    uint32_t rgb;
} placed;

static placed get(const void *st, int i)
{
    placed p;
    p.m = pg_sprites_test_sprite(st, i, &p.x, &p.y, &p.box, &p.rgb);
    return p;
}

/* Per pixel over the overlap of the two sprite rectangles: the first shared pixel in scan order
   and how many there are. */
static uint32_t brute_pixels(const placed *a, const placed *b, int32_t *fx, int32_t *fy)
{
    uint32_t count = 0;
    int x0 = a->x > b->x ? a->x : b->x, y0 = a->y > b->y ? a->y : b->y;
    int x1 = a->x + a->m->w < b->x + b->m->w ? a->x + a->m->w : b->x + b->m->w;
    int y1 = a->y + a->m->h < b->y + b->m->h ? a->y + a->m->h : b->y + b->m->h;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
            if (eo_pixelmask_get(a->m, (uint16_t)(x - a->x), (uint16_t)(y - a->y)) &&
                eo_pixelmask_get(b->m, (uint16_t)(x - b->x), (uint16_t)(y - b->y))) {
                if (count++ == 0) *fx = x, *fy = y;
            }
    return count;
}

/* A sprite's box is the tight box of its solid pixels, placed: no solid pixel outside it, and
   each of its edges touches one. */
static void check_tight_box(const placed *p)
{
    int x0 = 99999, y0 = 99999, x1 = -99999, y1 = -99999;
    for (int y = 0; y < p->m->h; y++)
        for (int x = 0; x < p->m->w; x++)
            if (eo_pixelmask_get(p->m, (uint16_t)x, (uint16_t)y)) {
                x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1;
                y0 = y < y0 ? y : y0, y1 = y > y1 ? y : y1;
            }
    assert_int_equal(p->box.x, p->x + x0);
    assert_int_equal(p->box.y, p->y + y0);
    assert_int_equal(p->box.w, x1 - x0 + 1);
    assert_int_equal(p->box.h, y1 - y0 + 1);
}

static void test_sprites_pixel_hits_match_brute_force(void **unused)
{
    static const uint32_t seeds[] = { 1u, 7u, 4242u, 0xC0FFEEu };
    static placed p[400];
    uint32_t total_box = 0, total_pixel = 0;
    (void)unused;
    for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
        void *st = make(seeds[s], s == 3 ? 200 : 60);
        int n = pg_sprites_test_count(st);
        for (int frame = 0; frame < 520; frame++) {
            uint32_t k = 0;
            step(st, NULL);
            for (int i = 0; i < n; i++) {
                p[i] = get(st, i);
                assert_true(p[i].x >= -64 && p[i].x < PG_VIEW_W && p[i].y >= -64 && p[i].y < PG_VIEW_H);
                if (frame % 10 == 0) check_tight_box(&p[i]);
            }
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++) {
                    int32_t fx = 0, fy = 0, cx = 0, cy = 0;
                    uint32_t area = brute_pixels(&p[i], &p[j], &fx, &fy), got_area = 0;
                    int box = eo_aabb_overlap(&p[i].box, &p[j].box), listed = 0, pixel = 0;
                    eo_pair pair;
                    if (box) {   /* the scene lists exactly the box hits, in (a, b) order */
                        pixel = pg_sprites_test_pair(st, k++, &pair, &cx, &cy, &got_area);
                        assert_true(pixel >= 0);
                        assert_int_equal(pair.a, i);
                        assert_int_equal(pair.b, j);
                        listed = 1;
                        total_box++;
                    }
                    if (area) {   /* every pixel hit is a box hit, found by the scene, same answers */
                        assert_true(listed);
                        assert_int_equal(pixel, 1);
                        assert_int_equal(got_area, area);
                        assert_int_equal(cx, fx);
                        assert_int_equal(cy, fy);
                        total_pixel++;
                    } else if (listed) {
                        assert_int_equal(pixel, 0);
                    }
                }
            assert_int_equal(pg_sprites_test_pair(st, k, &(eo_pair){ 0, 0 }, &(int32_t){ 0 }, &(int32_t){ 0 },
                                                  &(uint32_t){ 0 }), -1);
        }
        pg_scene_sprites.destroy(st);
    }
    /* Not vacuous: both kinds of hit happened, and boxes lie more often than pixels. */
    assert_true(total_pixel > 100);
    assert_true(total_box > total_pixel + 100);
}

static uint32_t solid_count(const eo_pixelmask *m)
{
    uint32_t n = 0;
    for (uint16_t y = 0; y < m->h; y++)
        for (uint16_t x = 0; x < m->w; x++) n += eo_pixelmask_get(m, x, y);
    return n;
}

static int same_mask(const eo_pixelmask *a, const eo_pixelmask *b)
{
    if (a->w != b->w || a->h != b->h) return 0;
    for (uint16_t y = 0; y < a->h; y++)
        for (uint16_t x = 0; x < a->w; x++)
            if (eo_pixelmask_get(a, x, y) != eo_pixelmask_get(b, x, y)) return 0;
    return 1;
}

static void test_sprites_rotation_frames(void **unused)
{
    static const uint32_t seeds[] = { 1u, 99u, 123456u };
    (void)unused;
    for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
        void *st = make(seeds[s], 8);
        int shapes = 0;
        for (int sh = 0; pg_sprites_test_frame(st, sh, 0); sh++, shapes++) {
            int frames = 0;
            for (int f = 0; pg_sprites_test_frame(st, sh, f); f++, frames++) {
                const eo_pixelmask *m = pg_sprites_test_frame(st, sh, f);
                uint32_t solid = solid_count(m), box = (uint32_t)m->w * m->h;
                assert_true(solid * 100u > box * 15u);   /* plausible: not a speck... */
                assert_true(solid * 100u < box * 85u);   /* ...and not the full box */
                for (int g = 0; g < f; g++) assert_false(same_mask(m, pg_sprites_test_frame(st, sh, g)));
            }
            assert_true(frames >= 8);
        }
        assert_true(shapes >= 4);   /* three asteroid sizes and a ship at least */
        pg_scene_sprites.destroy(st);
    }
}

static uint64_t run(uint32_t seed, int frames, int clicks)
{
    void *st = make(seed, 60);
    uint64_t h;
    int selected = 0;
    for (int f = 0; f < frames; f++) {
        pg_input in;
        memset(&in, 0, sizeof in);
        if (clicks && f % 25 == 10) {   /* click a solid pixel of sprite f % count */
            placed p = get(st, f % pg_sprites_test_count(st));
            for (uint16_t y = 0; y < p.m->h && !in.pointer_pressed; y++)
                for (uint16_t x = 0; x < p.m->w && !in.pointer_pressed; x++)
                    if (eo_pixelmask_get(p.m, x, y) && p.x + x >= 0 && p.y + y >= 0) {
                        in.pointer_x = (int16_t)(p.x + x);
                        in.pointer_y = (int16_t)(p.y + y);
                        in.pointer_in = in.pointer_down = in.pointer_pressed = 1;
                    }
        }
        step(st, &in);
        selected |= pg_sprites_test_selected(st) >= 0;
    }
    assert_int_equal(selected, clicks);
    h = pg_scene_sprites.hash(st);
    pg_scene_sprites.destroy(st);
    return h;
}

static void test_sprites_determinism(void **unused)
{
    (void)unused;
    assert_true(run(11u, 300, 0) == run(11u, 300, 0));
    assert_true(run(11u, 300, 1) == run(11u, 300, 0));   /* the selection is not in the hash */
    assert_true(run(11u, 300, 0) != run(12u, 300, 0));
    assert_true(run(11u, 300, 0) != run(11u, 301, 0));
}

static void test_sprites_create_rejects_bad_counts(void **unused)
{
    char err[128] = "";
    pg_config cfg = { 1u, 0, 0, 0 };
    (void)unused;
    assert_null(pg_scene_sprites.create(&cfg, err, sizeof err));
    assert_true(strlen(err) > 0);
    cfg.count = 5000;
    err[0] = '\0';
    assert_null(pg_scene_sprites.create(&cfg, err, sizeof err));
    assert_true(strlen(err) > 0);
}

static uint32_t pixel_at(SDL_Surface *s, int x, int y)
{
    return ((const uint32_t *)((const uint8_t *)s->pixels + y * s->pitch))[x] & 0xFFFFFFu;
}

static void test_sprites_draw(void **unused)
{
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, PG_VIEW_W, PG_VIEW_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r;
    void *st = make(5u, 30);
    pg_draw_ctx ctx = { NULL, 0, 0 };
    int n = pg_sprites_test_count(st), checked = 0, crosses = 0, white = 0;
    (void)unused;
    assert_non_null(surf);
    r = SDL_CreateSoftwareRenderer(surf);
    assert_non_null(r);
    ctx.renderer = r;

    /* Before any step: sprites only. Each sprite's interior pixel (not under a later sprite, not
       under the text panel at the bottom left) has its size's fill colour. */
    SDL_SetRenderDrawColor(r, 0x14, 0x16, 0x1c, 255);
    SDL_RenderClear(r);
    pg_scene_sprites.draw(st, &ctx);
    SDL_RenderFlush(r);
    for (int i = 0; i < n; i++) {
        placed p = get(st, i);
        int done = 0;
        for (uint16_t y = 1; y + 1 < p.m->h && !done; y++)
            for (uint16_t x = 1; x + 1 < p.m->w && !done; x++) {
                int sx = p.x + x, sy = p.y + y, covered = 0;
                if (!eo_pixelmask_get(p.m, x, y) || !eo_pixelmask_get(p.m, (uint16_t)(x - 1), y) ||
                    !eo_pixelmask_get(p.m, (uint16_t)(x + 1), y) || !eo_pixelmask_get(p.m, x, (uint16_t)(y - 1)) ||
                    !eo_pixelmask_get(p.m, x, (uint16_t)(y + 1)))
                    continue;
                if (sx < 0 || sy < 0 || sx >= PG_VIEW_W || sy >= PG_VIEW_H || (sx < 680 && sy >= PG_VIEW_H - 80)) continue;
                for (int j = i + 1; j < n; j++) {
                    placed q = get(st, j);
                    covered |= sx >= q.x && sy >= q.y && sx < q.x + q.m->w && sy < q.y + q.m->h;
                }
                if (covered) continue;
                assert_int_equal(pixel_at(surf, sx, sy), p.rgb);
                done = 1;
                checked++;
            }
    }
    assert_true(checked >= 5);

    /* After steps with pixel hits: contact crosses are drawn in white (later outlines may cross
       some of them, so at least one must show). */
    for (int f = 0; f < 400 && crosses == 0; f++) {
        eo_pair pair;
        int32_t cx, cy;
        uint32_t area;
        step(st, NULL);
        for (uint32_t k = 0; pg_sprites_test_pair(st, k, &pair, &cx, &cy, &area) >= 0; k++) {
            if (pg_sprites_test_pair(st, k, &pair, &cx, &cy, &area) != 1) continue;
            if (cx < 0 || cy < 0 || cx >= PG_VIEW_W || cy >= PG_VIEW_H - 80) continue;
            if (crosses++ == 0) {
                SDL_SetRenderDrawColor(r, 0x14, 0x16, 0x1c, 255);
                SDL_RenderClear(r);
                pg_scene_sprites.draw(st, &ctx);
                SDL_RenderFlush(r);
            }
            white += pixel_at(surf, cx, cy) == 0xFFFFFFu;
        }
    }
    assert_true(crosses > 0);
    assert_true(white > 0);

    pg_scene_sprites.destroy(st);   /* its textures first, then the renderer */
    pg_text_reset();
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sprites_pixel_hits_match_brute_force),
        cmocka_unit_test(test_sprites_rotation_frames),
        cmocka_unit_test(test_sprites_determinism),
        cmocka_unit_test(test_sprites_create_rejects_bad_counts),
        cmocka_unit_test(test_sprites_draw),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("scene_sprites", tests, NULL, NULL);
}
