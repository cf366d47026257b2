/* Tests of playground/scene_warzone.c: every broadphase method resolves exactly the pairs a plain
   all-pairs loop finds, the layers hold, the four methods play the same battle, the run is
   deterministic, the armies fill a world sized from the count with the bullets kept in the
   battle, and the drawing shows the armies, the tracers, the hits and the legend. Built with
   -DPG_TESTING (the scene's accessors).
   Run: build/tests/test_scene_warzone [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "scene.h"

extern const pg_scene pg_scene_warzone;
void pg_warzone_testing(const void *state, const eo_box **boxes, const eo_broadphase_layer **layers, int *n,
                        int *soldiers, const eo_pair **pairs, uint32_t *pair_count);
void pg_warzone_screen(const void *state, int wx, int wy, int *sx, int *sy);
void pg_warzone_world(const void *state, int *w, int *h, int *battle_x0, int *battle_x1);

#define FRAMES 300
enum { CAT_RED_SOLDIER = 1, CAT_BLUE_SOLDIER = 2, CAT_RED_BULLET = 4, CAT_BLUE_BULLET = 8 };

static const pg_scene *const sc = &pg_scene_warzone;

static void *make(uint32_t seed, int method, int count)
{
    pg_config cfg;
    char err[128] = "";
    void *s;
    cfg.seed = seed;
    cfg.method = method;
    cfg.count = count;
    cfg.cell = 64;
    pg_config_clamp(sc, &cfg);
    s = sc->create(&cfg, err, sizeof err);
    if (!s) fail_msg("create failed: %s", err);
    return s;
}

static void step(void *s, const pg_input *in)
{
    pg_stats st;
    memset(&st, 0, sizeof st);
    sc->step(s, in, &st);
    assert_string_equal(st.status, "");
}

/* ---- the reference: every pair of objects, the layer rule, half-open boxes ---- */

static int overlap(const eo_box *a, const eo_box *b)
{
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0) return 0;
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static int interact(eo_broadphase_layer p, eo_broadphase_layer q)
{
    return (p.category & q.collides_with) && (q.category & p.collides_with);
}

static int pair_cmp(const void *x, const void *y)
{
    const eo_pair *p = x, *q = y;
    return p->a != q->a ? (int)p->a - (int)q->a : (int)p->b - (int)q->b;
}

/* All pairs i < j, grouped by layer value first so that pairs of groups the layer rule keeps apart
   are skipped as a whole (the same answer as the plain double loop, in a test-friendly time). */
#define MAX_GROUPS 16
static uint32_t reference(const eo_box *boxes, const eo_broadphase_layer *layers, int n, eo_pair *out, uint32_t cap,
                          int **members)
{
    eo_broadphase_layer key[MAX_GROUPS];
    int size[MAX_GROUPS], groups = 0;
    uint32_t k = 0;
    for (int i = 0; i < n; i++) {
        int g = 0;
        while (g < groups && (key[g].category != layers[i].category || key[g].collides_with != layers[i].collides_with)) g++;
        if (g == groups) {
            assert_true(groups < MAX_GROUPS);
            key[g] = layers[i];
            size[g] = 0;
            groups++;
        }
        members[g][size[g]++] = i;
    }
    for (int g = 0; g < groups; g++)
        for (int h = g; h < groups; h++) {
            if (!interact(key[g], key[h])) continue;
            for (int u = 0; u < size[g]; u++)
                for (int v = g == h ? u + 1 : 0; v < size[h]; v++) {
                    int i = members[g][u], j = members[h][v];
                    if (!overlap(&boxes[i], &boxes[j])) continue;
                    assert_true(k < cap);
                    out[k].a = (uint16_t)(i < j ? i : j);
                    out[k].b = (uint16_t)(i < j ? j : i);
                    k++;
                }
        }
    qsort(out, k, sizeof *out, pair_cmp);
    return k;
}

/* The one category an object may collide with: bullets hit enemy soldiers, soldiers meet enemy bullets. */
static unsigned enemy_of(unsigned category)
{
    switch (category) {
    case CAT_RED_SOLDIER: return CAT_BLUE_BULLET;
    case CAT_BLUE_SOLDIER: return CAT_RED_BULLET;
    case CAT_RED_BULLET: return CAT_BLUE_SOLDIER;
    default: return CAT_RED_SOLDIER;
    }
}

/* Runs FRAMES frames, checking each frame's resolved pairs against the reference and the layer
   rules; returns the final hash. *total gets the pairs resolved over the run. */
static uint64_t run_checked(uint32_t seed, int method, int count, uint32_t *total)
{
    void *s = make(seed, method, count);
    const eo_box *boxes;
    const eo_broadphase_layer *layers;
    const eo_pair *pairs;
    uint32_t pair_count, want_count;
    int n, soldiers;
    eo_pair *want = malloc((size_t)count * 4 * sizeof *want);
    int *members[MAX_GROUPS];
    uint64_t h;
    assert_non_null(want);
    for (int g = 0; g < MAX_GROUPS; g++) assert_non_null(members[g] = malloc((size_t)count * sizeof(int)));
    *total = 0;
    for (int f = 0; f < FRAMES; f++) {
        step(s, NULL);
        pg_warzone_testing(s, &boxes, &layers, &n, &soldiers, &pairs, &pair_count);
        assert_int_equal(n, count);
        want_count = reference(boxes, layers, n, want, (uint32_t)count * 4, members);
        if (pair_count != want_count || (pair_count && memcmp(pairs, want, pair_count * sizeof *pairs) != 0))
            fail_msg("%s, seed %u, count %d, frame %d: %u pairs, brute force %u", pg_method_id(method), seed,
                     count, f, pair_count, want_count);
        for (uint32_t k = 0; k < pair_count; k++) {   /* soldier (first: lower index) vs enemy bullet */
            int a = pairs[k].a, b = pairs[k].b;
            unsigned ca = layers[a].category, cb = layers[b].category;
            assert_true(a < soldiers && b >= soldiers);
            assert_true(boxes[a].w == 8 && boxes[a].h == 12 && boxes[b].w == 4 && boxes[b].h == 2);
            assert_true((ca == CAT_RED_SOLDIER && cb == CAT_BLUE_BULLET) ||
                        (ca == CAT_BLUE_SOLDIER && cb == CAT_RED_BULLET));
        }
        for (int i = 0; i < n; i++) {   /* every live object is on the layer its kind says */
            if (boxes[i].w <= 0) continue;
            if (i < soldiers) assert_true(layers[i].category == CAT_RED_SOLDIER || layers[i].category == CAT_BLUE_SOLDIER);
            else assert_true(layers[i].category == CAT_RED_BULLET || layers[i].category == CAT_BLUE_BULLET);
            assert_int_equal(layers[i].collides_with & ~enemy_of(layers[i].category), 0);
        }
        *total += pair_count;
    }
    h = sc->hash(s);
    for (int g = 0; g < MAX_GROUPS; g++) free(members[g]);
    free(want);
    sc->destroy(s);
    return h;
}

/* Every method offered with `count` objects (pg_scene_max_count) against the reference. */
static void check_all_methods(int count, const uint32_t *seeds, int seed_count)
{
    for (int k = 0; k < seed_count; k++) {
        uint64_t hash[PG_METHOD_COUNT];
        uint32_t total[PG_METHOD_COUNT];
        int first = -1;
        for (int m = 0; m < PG_METHOD_COUNT; m++) {
            if (pg_scene_max_count(sc, m) < count) continue;
            hash[m] = run_checked(seeds[k], m, count, &total[m]);
            assert_true(total[m] > 0);   /* the battle happened: there was something to compare */
            if (first < 0) first = m;
            else if (hash[m] != hash[first] || total[m] != total[first])
                fail_msg("count %d seed %u: %s and %s played different battles", count, seeds[k],
                         pg_method_id(first), pg_method_id(m));
        }
        assert_true(first >= 0);
    }
}

static void test_warzone_pairs_match_brute_force_200(void **state)
{
    static const uint32_t seeds[] = { 1, 7, 1234, 99991 };
    (void)state;
    check_all_methods(200, seeds, 4);
}

static void test_warzone_pairs_match_brute_force_2000(void **state)
{
    static const uint32_t seeds[] = { 2, 4242, 0xDEADBEEFu };
    (void)state;
    check_all_methods(2000, seeds, 3);
}

static void test_warzone_pairs_match_brute_force_6000(void **state)
{
    static const uint32_t seeds[] = { 31337 };
    (void)state;
    check_all_methods(6000, seeds, 1);
}

/* ---- determinism ---- */

static uint64_t run_hash(uint32_t seed, int method, int count, int clicks)
{
    void *s = make(seed, method, count);
    pg_input in;
    uint64_t h;
    for (int f = 0; f < FRAMES; f++) {
        memset(&in, 0, sizeof in);
        if (clicks) {   /* clicking selects an object: that must not change the game */
            in.pointer_in = 1;
            in.pointer_x = (int16_t)((f * 37) % PG_VIEW_W);
            in.pointer_y = (int16_t)((f * 53) % PG_VIEW_H);
            in.pointer_pressed = (uint8_t)(f % 7 == 0);
            in.pointer_down = in.pointer_pressed;
        }
        step(s, &in);
    }
    h = sc->hash(s);
    sc->destroy(s);
    return h;
}

static void test_warzone_deterministic(void **state)
{
    uint64_t a = run_hash(77, PG_METHOD_SECTORS, 2000, 0);
    (void)state;
    assert_true(a == run_hash(77, PG_METHOD_SECTORS, 2000, 0));
    assert_true(a == run_hash(77, PG_METHOD_SECTORS, 2000, 1));   /* selection is not game state */
    assert_true(a == run_hash(77, PG_METHOD_SWEEP, 2000, 1));
    assert_true(a != run_hash(78, PG_METHOD_SECTORS, 2000, 0));
}

static void test_warzone_create_rejects_impossible_counts(void **state)
{
    pg_config cfg = { 1, PG_METHOD_SECTORS, 0, 64 };
    char err[128] = "";
    (void)state;
    assert_null(sc->create(&cfg, err, sizeof err));
    assert_true(err[0] != '\0');
    err[0] = '\0';
    cfg.count = 70000;
    assert_null(sc->create(&cfg, err, sizeof err));
    assert_true(err[0] != '\0');
    cfg.count = sc->max_count;   /* the largest offered fits */
    {
        void *s = sc->create(&cfg, err, sizeof err);
        assert_non_null(s);
        step(s, NULL);
        sc->destroy(s);
    }
}

/* ---- the battlefield ---- */

/* For each count: the world is at most 32000 px a side with the view's 16:9 aspect, the whole of
   it on the 960x540 above the legend at a scale where a soldier is 5 px tall or more; each army is
   a block of rows on its side, a fifth of the width or more, with no man's land between; the
   armies cover most of the height; every live bullet is inside the battle (between the armies'
   rear ranks: recycled once past the enemy's), the pool is busy, and both sides still stand. */
static void test_warzone_battle_fills_the_world(void **state)
{
    static const int counts[] = { 200, 400, 2000, 10000, 20000 };
    (void)state;
    for (int c = 0; c < 5; c++) {
        void *s = make(1, PG_METHOD_SECTORS, counts[c]);
        const eo_box *boxes;
        const eo_broadphase_layer *layers;
        const eo_pair *pairs;
        uint32_t pair_count;
        pg_stats st;
        int n, soldiers, w, h, x0, x1, sx, sy, sx0, sy0, live = 0, inside = 0, alive[2] = { 0, 0 };
        int left[2] = { 1 << 30, 1 << 30 }, right[2] = { -1, -1 }, top = 1 << 30, bottom = -1;
        for (int f = 0; f < 300; f++) {
            memset(&st, 0, sizeof st);
            sc->step(s, NULL, &st);
        }
        pg_warzone_testing(s, &boxes, &layers, &n, &soldiers, &pairs, &pair_count);
        pg_warzone_world(s, &w, &h, &x0, &x1);
        assert_true(w <= 32000 && h <= 32000);
        assert_true(abs(16 * h - 9 * w) <= w / 50);
        pg_warzone_screen(s, 0, 0, &sx0, &sy0);
        pg_warzone_screen(s, w, h, &sx, &sy);
        assert_true(sx0 >= 0 && sy0 >= 0 && sx - sx0 >= PG_VIEW_W - 10 && sy - sy0 >= 525 && sy <= 540);
        pg_warzone_screen(s, 0, 12, &sx, &sy);
        assert_true(sy - sy0 >= 5);
        assert_true(x0 >= 0 && x0 <= w / 16 && x1 <= w && x1 >= w - w / 16);
        for (int i = 0; i < soldiers; i++) {
            int side = layers[i].category == CAT_RED_SOLDIER ? 0 : 1;
            if (boxes[i].w <= 0) continue;
            alive[side]++;
            if (boxes[i].x < left[side]) left[side] = boxes[i].x;
            if (boxes[i].x + boxes[i].w > right[side]) right[side] = boxes[i].x + boxes[i].w;
            if (boxes[i].y < top) top = boxes[i].y;
            if (boxes[i].y + boxes[i].h > bottom) bottom = boxes[i].y + boxes[i].h;
        }
        assert_true(left[0] >= 0 && right[0] <= w * 2 / 5 && left[1] >= w * 3 / 5 && right[1] <= w);
        assert_true(right[0] - left[0] >= w / 5 && right[1] - left[1] >= w / 5);
        assert_true(left[1] - right[0] >= w / 5);    /* no man's land */
        assert_true(bottom - top >= h * 7 / 10);
        assert_true(alive[0] >= soldiers / 2 * 6 / 10 && alive[1] >= soldiers / 2 * 6 / 10);
        for (int i = soldiers; i < n; i++) {
            if (boxes[i].w <= 0) continue;
            live++;
            if (layers[i].category == CAT_RED_BULLET) assert_true(boxes[i].x < x1);   /* not past blue's rear */
            else assert_true(boxes[i].x + boxes[i].w > x0);
            inside += boxes[i].x >= x0 && boxes[i].x + boxes[i].w <= x1 && boxes[i].y >= 0 && boxes[i].y + boxes[i].h <= h;
        }
        assert_true(live >= (n - soldiers) * 3 / 10);
        assert_true(inside >= live * 95 / 100);
        if (counts[c] >= 400) assert_true(st.counter[0] > 0 && st.counter[1] > 0);   /* kills both ways */
        sc->destroy(s);
    }
}

/* ---- drawing ---- */

static uint32_t pixel(SDL_Surface *surf, int x, int y)
{
    return ((const uint32_t *)((const uint8_t *)surf->pixels + y * surf->pitch))[x] & 0xFFFFFFu;
}

/* Steps count objects for frames, draws, and checks: every live soldier is on its side with its
   team's colour on its torso (as a figure, a two-tone sprite or a dot: the counts cover the three
   scales), most live bullets show their tracer head, a soldier hit this frame flashes white, and
   the legend has both armies' strength bars. */
static void check_drawing(int count, int frames)
{
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, PG_VIEW_W, PG_VIEW_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r;
    void *s = make(5, PG_METHOD_SECTORS, count);
    pg_draw_ctx ctx;
    const eo_box *boxes;
    const eo_broadphase_layer *layers;
    const eo_pair *pairs;
    uint32_t pair_count;
    int n, soldiers, shown[2] = { 0, 0 }, alive[2] = { 0, 0 }, live = 0, heads = 0, hit = 0;
    assert_non_null(surf);
    r = SDL_CreateSoftwareRenderer(surf);
    assert_non_null(r);
    for (int f = 0; f < frames; f++) {   /* until a frame with a hit, after `frames` */
        step(s, NULL);
        pg_warzone_testing(s, &boxes, &layers, &n, &soldiers, &pairs, &pair_count);
        if (f == frames - 1 && pair_count == 0) frames++;
    }
    SDL_SetRenderDrawColor(r, 0x14, 0x16, 0x1c, 255);
    SDL_RenderClear(r);
    ctx.renderer = r;
    ctx.debug = 0;
    ctx.frame = (uint32_t)frames;
    sc->draw(s, &ctx);
    SDL_RenderPresent(r);
    for (int i = 0; i < soldiers; i++) {
        int side = layers[i].category == CAT_RED_SOLDIER ? 0 : 1, x, y;
        if (boxes[i].w <= 0) continue;
        pg_warzone_screen(s, boxes[i].x + 3, boxes[i].y + 6, &x, &y);   /* the torso */
        alive[side]++;
        shown[side] += pixel(surf, x, y) == (side == 0 ? 0xe8504au : 0x4a8ef0u);
        assert_true(side == 0 ? x < PG_VIEW_W / 2 : x > PG_VIEW_W / 2);   /* red left, blue right */
    }
    /* a few may be covered by a runner passing through their rank, or a hit's spark */
    assert_true(alive[0] > 0 && shown[0] >= alive[0] * 9 / 10);
    assert_true(alive[1] > 0 && shown[1] >= alive[1] * 9 / 10);
    for (int i = soldiers; i < n; i++) {   /* tracer heads, at the bullet's leading edge */
        int red = layers[i].category == CAT_RED_BULLET, x, y;
        if (boxes[i].w <= 0) continue;
        pg_warzone_screen(s, boxes[i].x + (red ? boxes[i].w : 0), boxes[i].y, &x, &y);
        live++;
        heads += pixel(surf, red ? x - 1 : x, y) == (red ? 0xffe08au : 0xa8f4ffu);
    }
    assert_true(live > 0 && heads >= live / 2);
    for (uint32_t k = 0; k < pair_count; k++) {   /* hit this frame: a white flash */
        int x, y;
        pg_warzone_screen(s, boxes[pairs[k].a].x + 3, boxes[pairs[k].a].y + 6, &x, &y);
        hit += pixel(surf, x, y) == 0xffffffu;
    }
    assert_true(pair_count > 0 && hit > 0);
    assert_int_equal(pixel(surf, 82, 551), 0xe8504a);   /* the legend's strength bars */
    assert_int_equal(pixel(surf, 82, 577), 0x4a8ef0);
    pg_text_reset();
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
    sc->destroy(s);
}

static void test_warzone_draws_the_armies(void **state)
{
    (void)state;
    check_drawing(400, 300);     /* figures at 3x */
    check_drawing(2000, 300);    /* figures at 1.5x */
    check_drawing(20000, 300);   /* two-tone sprites */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_warzone_pairs_match_brute_force_200),
        cmocka_unit_test(test_warzone_pairs_match_brute_force_2000),
        cmocka_unit_test(test_warzone_pairs_match_brute_force_6000),
        cmocka_unit_test(test_warzone_deterministic),
        cmocka_unit_test(test_warzone_create_rejects_impossible_counts),
        cmocka_unit_test(test_warzone_battle_fills_the_world),
        cmocka_unit_test(test_warzone_draws_the_armies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
