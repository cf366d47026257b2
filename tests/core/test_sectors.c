/* Tests of core/src/sectors.c and core/src/sweep.c against the all-pairs reference.
   Run: build/tests/test_sectors [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"

#define MAX_OBJ 200
#define MAX_PAIRS (MAX_OBJ * (MAX_OBJ - 1) / 2)

#define RNG_SEED 4242u
#include "rng.h"
#include "sweep_reference.h"
#include "trace_file.h"

static eo_index storage_words[80000u / sizeof(eo_index)]; /* aligned for eo_index (sector entries) */
static eo_pair got[MAX_PAIRS], want[MAX_PAIRS];
static eo_box boxes[MAX_OBJ];
static eo_broadphase_layer layers[MAX_OBJ];

static int pair_cmp(const void *x, const void *y)
{
    const eo_pair *p = x, *q = y;
    return p->a != q->a ? (int)p->a - (int)q->a : (int)p->b - (int)q->b;
}

/* Reference: all pairs, box test, then the layer rule. Sorted (it is generated in order). */
static uint32_t reference_pairs(uint16_t n, const eo_broadphase_layer *ls, eo_pair *out)
{
    uint32_t k = 0;
    uint16_t i, j;
    for (i = 0; i < n; i++)
        for (j = (uint16_t)(i + 1u); j < n; j++) {
            if (ls != NULL && (!(ls[i].category & ls[j].collides_with) || !(ls[j].category & ls[i].collides_with)))
                continue;
            if (eo_aabb_overlap(&boxes[i], &boxes[j])) {
                out[k].a = i;
                out[k].b = j;
                k++;
            }
        }
    return k;
}

/* Random scenes: uniform, clustered ("war zone"), big objects, empty ones, on borders, outside. */
static uint16_t random_scene(const eo_sectors_config *cfg)
{
    uint16_t n = (uint16_t)(2 + rng() % (MAX_OBJ - 2)), i;
    int clustered = rng() % 2u;
    int cx = rng_range(cfg->world_x, cfg->world_x + cfg->world_w), cy = rng_range(cfg->world_y, cfg->world_y + cfg->world_h);
    for (i = 0; i < n; i++) {
        eo_box *b = &boxes[i];
        switch (rng() % 10u) {
        case 0: /* bigger than a sector */
            b->w = rng_range(60, 300); b->h = rng_range(60, 300);
            break;
        case 1: /* empty */
            b->w = rng_range(-5, 0); b->h = rng_range(-5, 20);
            break;
        default:
            b->w = rng_range(1, 24); b->h = rng_range(1, 24);
        }
        if (clustered) {
            b->x = (int16_t)(cx + rng_range(-40, 40)); b->y = (int16_t)(cy + rng_range(-30, 30));
        } else {
            b->x = rng_range(cfg->world_x - 60, cfg->world_x + cfg->world_w + 30);
            b->y = rng_range(cfg->world_y - 60, cfg->world_y + cfg->world_h + 30);
        }
        if (rng() % 8u == 0) /* exactly on a sector border */
            b->x = (int16_t)(cfg->world_x + (cfg->world_w / (cfg->cols ? cfg->cols : 2)) * rng_range(0, 3));
        if (rng() % 50u == 0) { /* far outside, or huge */
            b->x = (int16_t)rng(); b->y = (int16_t)rng(); b->w = (int16_t)(rng() % 32768u); b->h = (int16_t)(rng() % 32768u);
        }
        layers[i].category = (uint16_t)(1u << (rng() % 3u));
        layers[i].collides_with = (uint16_t)(rng() % 8u);
    }
    return n;
}

static void random_config(eo_sectors_config *cfg)
{
    static const uint8_t shapes[][2] = { { 2, 2 }, { 1, 4 }, { 6, 1 }, { 8, 6 }, { 5, 3 }, { 16, 12 }, { 1, 1 } };
    unsigned s = rng() % 7u;
    memset(cfg, 0, sizeof *cfg);
    cfg->world_x = rng_range(-100, 100);
    cfg->world_y = rng_range(-100, 100);
    cfg->world_w = rng_range(1, 600);
    cfg->world_h = rng_range(1, 400);
    cfg->cols = shapes[s][0];
    cfg->rows = shapes[s][1];
    cfg->max_objects = MAX_OBJ;
    cfg->max_entries = 8000;
}

static void check_pairs(uint32_t n_got, uint32_t n_want)
{
    uint32_t k;
    assert_int_equal(n_got, n_want);
    qsort(got, n_got, sizeof got[0], pair_cmp);
    for (k = 0; k < n_got; k++) {
        assert_int_equal(got[k].a, want[k].a);
        assert_int_equal(got[k].b, want[k].b);
    }
}

static void test_sectors_match_brute_force(void **state)
{
    unsigned trial;
    (void)state;
    for (trial = 0; trial < 1500u; trial++) {
        eo_sectors_config cfg;
        eo_sectors grid;
        eo_broadphase_stats st;
        uint32_t n_got, n_want, k;
        uint16_t n;
        const eo_broadphase_layer *ls;
        random_config(&cfg);
        n = random_scene(&cfg);
        ls = (trial & 1u) ? layers : NULL;
        memset(&st, 0, sizeof st);
        assert_true(eo_sectors_storage_size(&cfg) <= sizeof storage_words);
        assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, sizeof storage_words), EO_OK);
        assert_int_equal(eo_sectors_build(&grid, boxes, n, &st, NULL), EO_OK);
        assert_int_equal(eo_sectors_find_pairs(&grid, boxes, ls, got, MAX_PAIRS, &n_got, &st, NULL), EO_OK);
        /* deterministic order: sector by sector; each pair a < b and reported once */
        for (k = 0; k < n_got; k++)
            assert_true(got[k].a < got[k].b);
        n_want = reference_pairs(n, ls, want);
        check_pairs(n_got, n_want);
        assert_int_equal(st.pairs_found, n_want);
        assert_true(st.box_tests <= (uint32_t)n * (n - 1u) / 2u);
        assert_int_equal(st.candidate_pairs, st.duplicates_skipped + st.layer_filtered + st.box_tests);
    }
}

/* Moving scenes: update (persistent) must give the same pairs as a fresh build every frame, and
   do less work when little moves. */
static void test_sectors_persistent_update_equals_rebuild(void **state)
{
    unsigned trial, frame;
    (void)state;
    for (trial = 0; trial < 60u; trial++) {
        eo_sectors_config cfg;
        eo_sectors live, fresh;
        static eo_index storage2[80000u / sizeof(eo_index)];
        eo_broadphase_stats st_live, st_fresh;
        uint16_t n, i;
        random_config(&cfg);
        cfg.max_entries = (uint16_t)(1000 + rng() % 6000u); /* sometimes tight: forces fallbacks */
        n = random_scene(&cfg);
        memset(&st_live, 0, sizeof st_live);
        memset(&st_fresh, 0, sizeof st_fresh);
        assert_int_equal(eo_sectors_init(&live, &cfg, storage_words, sizeof storage_words), EO_OK);
        for (frame = 0; frame < 40u; frame++) {
            uint32_t n_live, n_fresh;
            eo_result r_live, r_fresh;
            for (i = 0; i < n; i++) { /* a few objects move a little */
                if (rng() % 4u == 0) {
                    boxes[i].x = (int16_t)(boxes[i].x + rng_range(-6, 6));
                    boxes[i].y = (int16_t)(boxes[i].y + rng_range(-6, 6));
                }
            }
            r_live = eo_sectors_update(&live, boxes, n, &st_live, NULL);
            assert_int_equal(eo_sectors_init(&fresh, &cfg, storage2, sizeof storage2), EO_OK);
            r_fresh = eo_sectors_build(&fresh, boxes, n, &st_fresh, NULL);
            assert_int_equal(r_live, r_fresh);
            if (r_live != EO_OK)
                continue; /* too many memberships for max_entries: both refuse */
            assert_int_equal(live.entry_count, fresh.entry_count);
            assert_int_equal(eo_sectors_find_pairs(&live, boxes, NULL, got, MAX_PAIRS, &n_live, NULL, NULL), EO_OK);
            assert_int_equal(eo_sectors_find_pairs(&fresh, boxes, NULL, want, MAX_PAIRS, &n_fresh, NULL, NULL), EO_OK);
            assert_int_equal(n_live, n_fresh);
            /* same order too: runs stay sorted under updates */
            assert_memory_equal(got, want, n_live * sizeof got[0]);
        }
        assert_true(st_live.insertions + st_live.removals <= st_fresh.insertions + st_live.rebuilds * 8000u);
    }
}

/* Group against group: every (A member, B member) pair the layers allow whose boxes overlap, once. */
static void test_sectors_pairs_between_match_brute_force(void **state)
{
    unsigned trial;
    (void)state;
    for (trial = 0; trial < 300u; trial++) {
        eo_sectors_config cfg;
        eo_sectors g;
        uint16_t n, i, j;
        uint32_t n_got, n_want = 0;
        uint16_t ga = (uint16_t)(1u << (rng() % 3u)), gb = (uint16_t)(1u << (rng() % 3u));
        random_config(&cfg);
        n = random_scene(&cfg);
        assert_int_equal(eo_sectors_init(&g, &cfg, storage_words, sizeof storage_words), EO_OK);
        if (eo_sectors_build(&g, boxes, n, NULL, NULL) != EO_OK)
            continue;
        for (i = 0; i < n; i++) /* b: the group-B object, a: the group-A one */
            for (j = 0; j < n; j++)
                if (i != j && (layers[i].category & gb) && (layers[j].category & ga) &&
                    (layers[i].category & layers[j].collides_with) && (layers[j].category & layers[i].collides_with) &&
                    eo_aabb_overlap(&boxes[i], &boxes[j])) {
                    want[n_want].a = j;
                    want[n_want].b = i;
                    n_want++;
                }
        assert_int_equal(eo_sectors_find_pairs_between(&g, boxes, layers, ga, gb, got, MAX_PAIRS, &n_got, NULL, NULL), EO_OK);
        qsort(want, n_want, sizeof want[0], pair_cmp);
        check_pairs(n_got, n_want);
    }
}

/* The bunched-bullets scene: 1,000 bullets in one corner, 20 enemies spread out; pairing the groups
   meets a few entries, where one grid with layers meets every bullet-bullet pair of the corner. */
static void test_sectors_pairs_between_cost_follows_the_groups(void **state)
{
    eo_sectors_config cfg;
    eo_sectors g;
    eo_broadphase_stats all, between;
    uint32_t n_all, n_between;
    uint16_t i, n = 1020;
    static eo_box many[1020];
    static eo_broadphase_layer ml[1020];
    static eo_pair out[4096];
    (void)state;
    memset(&cfg, 0, sizeof cfg);
    cfg.world_w = 1024;
    cfg.world_h = 1024;
    cfg.cols = 16;
    cfg.rows = 16;
    cfg.max_objects = n;
    for (i = 0; i < n; i++) {
        int bullet = i < 1000;
        many[i].x = (int16_t)(bullet ? rng_range(0, 50) : rng_range(100, 1000));
        many[i].y = (int16_t)(bullet ? rng_range(0, 50) : rng_range(100, 1000));
        many[i].w = many[i].h = (int16_t)(bullet ? 4 : 24);
        ml[i].category = (uint16_t)(bullet ? 1u : 2u);
        ml[i].collides_with = (uint16_t)(bullet ? 2u : 1u); /* bullets never meet bullets */
    }
    many[1019].x = many[1019].y = 20; /* one enemy in the crowd */
    assert_int_equal(eo_sectors_init(&g, &cfg, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(eo_sectors_build(&g, many, n, NULL, NULL), EO_OK);
    memset(&all, 0, sizeof all);
    memset(&between, 0, sizeof between);
    assert_int_equal(eo_sectors_find_pairs(&g, many, ml, out, 4096, &n_all, &all, NULL), EO_OK);
    assert_int_equal(eo_sectors_find_pairs_between(&g, many, ml, 1u, 2u, out, 4096, &n_between, &between, NULL), EO_OK);
    assert_int_equal(n_all, n_between);
    print_message("candidates: one grid with layers %u, group against group %u\n", all.candidate_pairs, between.candidate_pairs);
    assert_true(between.candidate_pairs * 100u < all.candidate_pairs);
    {   /* tune_between ranks the grids by that work */
        eo_sectors_config configs[3];
        eo_sectors_tune_row rows[3];
        uint8_t best;
        memset(configs, 0, sizeof configs);
        for (i = 0; i < 3; i++) {
            configs[i] = cfg;
            configs[i].cols = configs[i].rows = (uint16_t)(4u << (2u * i)); /* 4, 16, 64 */
            configs[i].max_entries = 8000;
        }
        assert_int_equal(eo_sectors_tune_between(many, n, ml, 1u, 2u, configs, 3, storage_words, sizeof storage_words, rows, &best), EO_OK);
        for (i = 0; i < 3; i++)
            if (rows[i].result == EO_OK)
                assert_true(rows[best].cost <= rows[i].cost);
        assert_int_equal(rows[best].stats.pairs_found, n_all);
    }
}

/* Movers one after another: each moved object updated alone gives the grid a fresh build gives. */
static void test_sectors_update_one_equals_rebuild(void **state)
{
    unsigned trial, step;
    (void)state;
    for (trial = 0; trial < 60u; trial++) {
        eo_sectors_config cfg;
        eo_sectors live, fresh;
        static eo_index storage2[80000u / sizeof(eo_index)];
        uint16_t n, i;
        random_config(&cfg);
        cfg.max_entries = (uint16_t)(1000 + rng() % 6000u);
        n = random_scene(&cfg);
        if (n == 0)
            continue;
        assert_int_equal(eo_sectors_init(&live, &cfg, storage_words, sizeof storage_words), EO_OK);
        if (eo_sectors_build(&live, boxes, n, NULL, NULL) != EO_OK)
            continue;
        for (step = 0; step < 200u; step++) {
            uint32_t n_live, n_fresh;
            eo_result r_live, r_fresh;
            i = (uint16_t)(rng() % n);
            boxes[i].x = (int16_t)(boxes[i].x + rng_range(-40, 40));
            boxes[i].y = (int16_t)(boxes[i].y + rng_range(-40, 40));
            r_live = eo_sectors_update_one(&live, boxes, n, i, NULL, NULL);
            assert_int_equal(eo_sectors_init(&fresh, &cfg, storage2, sizeof storage2), EO_OK);
            r_fresh = eo_sectors_build(&fresh, boxes, n, NULL, NULL);
            if (r_fresh != EO_OK) {
                /* too many memberships now: the live grid refuses too (its fallback build fails) */
                assert_int_not_equal(r_live, EO_OK);
                break;
            }
            assert_int_equal(r_live, EO_OK);
            assert_int_equal(live.entry_count, fresh.entry_count);
            assert_int_equal(eo_sectors_find_pairs(&live, boxes, NULL, got, MAX_PAIRS, &n_live, NULL, NULL), EO_OK);
            assert_int_equal(eo_sectors_find_pairs(&fresh, boxes, NULL, want, MAX_PAIRS, &n_fresh, NULL, NULL), EO_OK);
            assert_int_equal(n_live, n_fresh);
            assert_memory_equal(got, want, n_live * sizeof got[0]);
        }
    }
    {   /* not built, or built with another count: NOT_READY, never a half-updated grid */
        eo_sectors_config cfg;
        eo_sectors g;
        memset(&cfg, 0, sizeof cfg);
        assert_int_equal(eo_sectors_init(&g, &cfg, storage_words, sizeof storage_words), EO_OK);
        assert_int_equal(eo_sectors_update_one(&g, boxes, 1, 0, NULL, NULL), EO_ERR_NOT_READY);
        assert_int_equal(eo_sectors_build(&g, boxes, 2, NULL, NULL), EO_OK);
        assert_int_equal(eo_sectors_update_one(&g, boxes, 3, 0, NULL, NULL), EO_ERR_NOT_READY);
        assert_int_equal(eo_sectors_update_one(&g, boxes, 2, 2, NULL, NULL), EO_ERR_NOT_READY);
        assert_int_equal(eo_sectors_update_one(NULL, boxes, 2, 0, NULL, NULL), EO_ERR_NULL_POINTER);
    }
}

static void test_sectors_update_moves_only_what_changed(void **state)
{
    eo_sectors_config cfg = { 0, 0, 256, 192, 8, 6, 8, 200 }; /* 200 entries: slack for moves */
    eo_sectors grid;
    eo_broadphase_stats st;
    eo_box b[3] = { { 10, 10, 8, 8 }, { 100, 100, 8, 8 }, { 200, 20, 40, 40 } };
    (void)state;
    memset(&st, 0, sizeof st);
    assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(eo_sectors_update(&grid, b, 3, &st, NULL), EO_OK); /* first: a full build */
    assert_int_equal(st.rebuilds, 1);
    assert_int_equal(st.insertions, 1 + 1 + 4); /* the 40x40 box spans 2 x 2 sectors */
    b[0].x = 12; /* same sector */
    assert_int_equal(eo_sectors_update(&grid, b, 3, &st, NULL), EO_OK);
    assert_int_equal(st.objects_moved, 0);
    b[1].x = 130; /* sector (3,3) -> (4,3) */
    assert_int_equal(eo_sectors_update(&grid, b, 3, &st, NULL), EO_OK);
    assert_int_equal(st.objects_moved, 1);
    assert_int_equal(st.removals, 1);
    assert_int_equal(st.insertions, 7);
    assert_int_equal(st.rebuilds, 1);
    assert_int_equal(eo_sectors_update(&grid, b, 2, &st, NULL), EO_OK); /* count changed: rebuild */
    assert_int_equal(st.rebuilds, 2);
}

/* A sector out of slack borrows a place from its nearest neighbour with one to spare: with the
   default max_entries (4 per object) and objects no larger than a sector, a moving scene never
   falls back to a full rebuild, and every frame's pairs equal a fresh build's. */
static void test_sectors_update_borrows_instead_of_rebuilding(void **state)
{
    eo_sectors_config cfg = { 0, 0, 256, 192, 16, 12, 150, 0 }; /* sectors of 16 x 16 px */
    eo_sectors live, fresh;
    static eo_index storage2[80000u / sizeof(eo_index)];
    eo_broadphase_stats st;
    unsigned frame;
    uint16_t i, n = 150;
#if EO_TRACE
    static eo_trace_step steps[4096];
    eo_hooks hooks;
    uint32_t shifts = 0;
    uint16_t k;
    eo_hooks_init(&hooks, steps, 4096);
#define HOOKS &hooks
#else
#define HOOKS NULL
#endif
    (void)state;
    for (i = 0; i < n; i++) { /* crowded into the top-left quarter: the other sectors hold the slack */
        boxes[i].x = rng_range(0, 120); boxes[i].y = rng_range(0, 88);
        boxes[i].w = (int16_t)rng_range(1, 16); boxes[i].h = (int16_t)rng_range(1, 16);
    }
    memset(&st, 0, sizeof st);
    assert_int_equal(eo_sectors_init(&live, &cfg, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(eo_sectors_build(&live, boxes, n, &st, NULL), EO_OK);
    for (frame = 0; frame < 300u; frame++) {
        uint32_t n_live, n_fresh;
        for (i = 0; i < n; i++) { /* random walks, some jumps anywhere on screen */
            int jump = rng() % 50u == 0;
            boxes[i].x = (int16_t)(jump ? rng_range(0, 240) : boxes[i].x + rng_range(-5, 5));
            boxes[i].y = (int16_t)(jump ? rng_range(0, 176) : boxes[i].y + rng_range(-5, 5));
        }
#if EO_TRACE
        eo_hooks_reset(&hooks);
#endif
        assert_int_equal(eo_sectors_update(&live, boxes, n, &st, HOOKS), EO_OK);
#if EO_TRACE
        for (k = 0; k < hooks.step_count; k++)
            shifts += steps[k].event == EO_EV_SECTORS_SHIFT;
#endif
        assert_int_equal(eo_sectors_init(&fresh, &cfg, storage2, sizeof storage2), EO_OK);
        assert_int_equal(eo_sectors_build(&fresh, boxes, n, NULL, NULL), EO_OK);
        assert_int_equal(live.entry_count, fresh.entry_count);
        assert_int_equal(eo_sectors_find_pairs(&live, boxes, NULL, got, MAX_PAIRS, &n_live, NULL, NULL), EO_OK);
        assert_int_equal(eo_sectors_find_pairs(&fresh, boxes, NULL, want, MAX_PAIRS, &n_fresh, NULL, NULL), EO_OK);
        assert_int_equal(n_live, n_fresh);
        assert_memory_equal(got, want, n_live * sizeof got[0]);
    }
    assert_int_equal(st.rebuilds, 1); /* the first build only */
    assert_true(st.objects_moved > 1000u);
#if EO_TRACE
    assert_true(shifts > 0); /* the scene did run sectors out of slack */
#endif
#undef HOOKS
}

/* More than 65,535 objects (eo_index is 32 bits off the Z80): a lattice of 100,000 boxes where
   each overlaps only its right-hand neighbour, so the pairs are known: (i, i + 1) within a row. */
static void test_sectors_hundred_thousand_objects(void **state)
{
    enum { COLS = 400, ROWS = 250, N = COLS * ROWS };
    static eo_box big[N];
    static eo_pair pairs[N];
    static eo_index found[8];
    eo_sectors_config cfg;
    eo_sectors grid;
    eo_index i, count;
    uint32_t n_pairs, k;
    size_t need;
    void *mem;
    (void)state;
    for (i = 0; i < N; i++) {
        big[i].x = (eo_coord)((i % COLS) * 10);
        big[i].y = (eo_coord)((i / COLS) * 10);
        big[i].w = 12; /* 2 px into the next box */
        big[i].h = 8;
    }
    memset(&cfg, 0, sizeof cfg);
    cfg.world_w = COLS * 10;
    cfg.world_h = ROWS * 10;
    cfg.cols = 400;  /* sectors of 10 x 10 px: past the 255 a byte holds */
    cfg.rows = 250;
    cfg.max_objects = N;
    need = eo_sectors_storage_size(&cfg);
    assert_true(need > 0);
    mem = malloc(need);
    assert_non_null(mem);
    assert_int_equal(eo_sectors_init(&grid, &cfg, mem, need), EO_OK);
    assert_int_equal(eo_sectors_build(&grid, big, N, NULL, NULL), EO_OK);
    assert_int_equal(eo_sectors_find_pairs(&grid, big, NULL, pairs, N, &n_pairs, NULL, NULL), EO_OK);
    assert_int_equal(n_pairs, ROWS * (COLS - 1));
    qsort(pairs, n_pairs, sizeof pairs[0], pair_cmp);
    for (k = 0; k < n_pairs; k++) {
        eo_index a = (eo_index)(k / (COLS - 1) * COLS + k % (COLS - 1));
        assert_int_equal(pairs[k].a, a);
        assert_int_equal(pairs[k].b, a + 1u);
    }
    /* move the last box onto the first one: an update and a query name index 99,999 */
    big[N - 1].x = 1;
    big[N - 1].y = 1;
    assert_int_equal(eo_sectors_update(&grid, big, N, NULL, NULL), EO_OK);
    assert_int_equal(eo_query_sectors_point(&grid, big, NULL, NULL, 2, 2, found, 8, &count, NULL), EO_OK);
    assert_int_equal(count, 2);
    assert_int_equal(found[0], 0);
    assert_int_equal(found[1], N - 1);
    free(mem);
}

/* tune recommends only grids that cannot overflow while the boxes keep their sizes: one whose
   max_entries fits this frame (every box inside one sector) but not the boxes straddling sectors
   is refused with EO_ERR_BUFFER_TOO_SMALL, and the grid it does pick survives any positions. */
static void test_sectors_tune_never_recommends_an_overflow(void **state)
{
    eo_sectors_config configs[2] = { { 0, 0, 256, 192, 8, 6, 64, 40 },    /* 32 px sectors, 40 places */
                                      { 0, 0, 256, 192, 8, 6, 64, 160 } }; /* 4 per box */
    eo_sectors_tune_row rows[2];
    eo_sectors grid;
    uint8_t best = 99;
    uint16_t i, n = 40, round;
    (void)state;
    for (i = 0; i < n; i++) { /* 8 x 8 boxes, each inside one 32 x 32 sector for now */
        boxes[i].x = (int16_t)((i % 8) * 32 + 4); boxes[i].y = (int16_t)((i / 8) * 32 + 4);
        boxes[i].w = 8; boxes[i].h = 8;
    }
    assert_int_equal(eo_sectors_tune(boxes, n, NULL, configs, 2, storage_words, sizeof storage_words, rows, &best), EO_OK);
    assert_int_equal(rows[0].result, EO_ERR_BUFFER_TOO_SMALL); /* 40 fit now; 160 could be needed */
    assert_int_equal(rows[0].stats.insertions, 40);              /* (it did run: the build fitted) */
    assert_int_equal(rows[1].result, EO_OK);
    assert_int_equal(best, 1);
    assert_int_equal(eo_sectors_init(&grid, &configs[best], storage_words, sizeof storage_words), EO_OK);
    for (round = 0; round < 500; round++) {
        for (i = 0; i < n; i++) { /* anywhere, corners included */
            boxes[i].x = rng_range(-8, 256); boxes[i].y = rng_range(-8, 192);
        }
        assert_int_equal(eo_sectors_update(&grid, boxes, n, NULL, NULL), EO_OK);
    }
}

static void test_sectors_layouts_and_ranges(void **state)
{
    eo_sectors_config quad = { 0 }, strips = { 0, 0, 256, 192, 1, 4, 0, 0 };
    eo_sectors grid;
    eo_sectors_range r;
    eo_box b[4] = { { 120, 90, 20, 20 }, { -50, -50, 10, 10 }, { 300, 300, 5, 5 }, { 10, 10, 0, 5 } };
    (void)state;
    assert_int_equal(eo_sectors_init(&grid, &quad, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(grid.cfg.cols, 2); /* defaults: quadrants of the MSX screen */
    assert_int_equal(grid.cell_w, 128);
    assert_int_equal(grid.cell_h, 96);
    assert_int_equal(grid.shift_w, 7);
    assert_int_equal(grid.shift_h, 0xFF); /* 96 is not a power of two: divides */
    assert_int_equal(eo_sectors_build(&grid, b, 4, NULL, NULL), EO_OK);
    assert_int_equal(eo_sectors_object_range(&grid, 0, &r), EO_OK); /* across the middle: all four */
    assert_int_equal(r.col0, 0); assert_int_equal(r.col1, 1); assert_int_equal(r.row0, 0); assert_int_equal(r.row1, 1);
    assert_int_equal(eo_sectors_object_range(&grid, 1, &r), EO_OK); /* outside top-left: edge sector */
    assert_int_equal(r.col0, 0); assert_int_equal(r.col1, 0); assert_int_equal(r.row0, 0); assert_int_equal(r.row1, 0);
    assert_int_equal(eo_sectors_object_range(&grid, 2, &r), EO_OK); /* outside bottom-right */
    assert_int_equal(r.col0, 1); assert_int_equal(r.row0, 1);
    assert_int_equal(eo_sectors_object_range(&grid, 3, &r), EO_OK); /* empty: nowhere */
    assert_int_equal(r.col0, EO_SECTORS_NO_CELL);
    assert_int_equal(r.row1, EO_SECTORS_NO_CELL);
    assert_int_equal(grid.entry_count, 4 + 1 + 1);
    assert_int_equal(eo_sectors_object_range(&grid, 4, &r), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_sectors_init(&grid, &strips, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(eo_sectors_build(&grid, b, 4, NULL, NULL), EO_OK);
    assert_int_equal(eo_sectors_object_range(&grid, 0, &r), EO_OK); /* y 90..109 in strips of 48 */
    assert_int_equal(r.col0, 0); assert_int_equal(r.col1, 0); assert_int_equal(r.row0, 1); assert_int_equal(r.row1, 2);
}

static void test_sectors_bad_input(void **state)
{
    eo_sectors_config cfg = { 0, 0, 256, 192, 4, 4, 4, 8 };
    eo_sectors grid;
    eo_box b[5] = { { 0, 0, 256, 192 }, { 0, 0, 8, 8 }, { 0, 0, 8, 8 }, { 0, 0, 8, 8 }, { 0, 0, 8, 8 } };
    uint32_t count = 7;
    eo_pair p[2];
    size_t need = eo_sectors_storage_size(&cfg);
    eo_sectors_config bad = cfg;
    (void)state;
    assert_true(need > 0);
    assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, need - 1), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(eo_sectors_init(&grid, &cfg, (uint8_t *)storage_words + 1, need), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_sectors_init(NULL, &cfg, storage_words, need), EO_ERR_NULL_POINTER);
    bad.world_w = -4;
    assert_int_equal(eo_sectors_storage_size(&bad), 0);
    assert_int_equal(eo_sectors_init(&grid, &bad, storage_words, need), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_sectors_storage_size(NULL), 0);

    /* storage guard: nothing is written past `need` bytes */
    memset(storage_words, 0xEE, sizeof storage_words);
    assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, need), EO_OK);
    assert_int_equal(eo_sectors_build(&grid, b, 5, NULL, NULL), EO_ERR_BAD_ARGUMENT); /* > max_objects */
    /* the full-screen box needs 16 memberships, max_entries is 8: refused, grid left empty, and
       asking it for pairs is an error until a build fits */
    assert_int_equal(eo_sectors_build(&grid, b, 4, NULL, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(eo_sectors_find_pairs(&grid, b, NULL, p, 2, &count, NULL, NULL), EO_ERR_NOT_READY);
    assert_int_equal(count, 0);
    assert_int_equal(((uint8_t *)storage_words)[need], 0xEE);
    /* a pair buffer too small reports the total and writes only what fits */
    assert_int_equal(eo_sectors_build(&grid, b + 1, 4, NULL, NULL), EO_OK);
    p[1].a = 99;
    assert_int_equal(eo_sectors_find_pairs(&grid, b + 1, NULL, p, 1, &count, NULL, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(count, 6);
    assert_int_equal(p[1].a, 99);
    assert_int_equal(eo_sectors_find_pairs(&grid, b + 1, NULL, NULL, 1, &count, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(((uint8_t *)storage_words)[need], 0xEE);
}

static void test_sectors_tune_recommends_a_grid(void **state)
{
    eo_sectors_config configs[6];
    eo_sectors_tune_row rows[6];
    uint8_t best = 99, c;
    uint16_t n, i;
    static const uint8_t shapes[6][2] = { { 1, 1 }, { 2, 2 }, { 4, 4 }, { 8, 6 }, { 16, 12 }, { 64, 48 } };
    (void)state;
    n = 150;
    for (i = 0; i < n; i++) { /* uniform small objects: a fine grid should win over one sector */
        boxes[i].x = rng_range(0, 250); boxes[i].y = rng_range(0, 186);
        boxes[i].w = 6; boxes[i].h = 6;
    }
    for (c = 0; c < 6; c++) {
        eo_sectors_config cfg = { 0, 0, 256, 192, shapes[c][0], shapes[c][1], MAX_OBJ, 4000 };
        configs[c] = cfg;
    }
    assert_int_equal(eo_sectors_tune(boxes, n, NULL, configs, 6, storage_words, sizeof storage_words, rows, &best), EO_OK);
    for (c = 0; c < 6; c++) {
        assert_int_equal(rows[c].result, EO_OK);
        assert_int_equal(rows[c].stats.pairs_found, rows[0].stats.pairs_found); /* same answer everywhere */
    }
    assert_true(best == 3 || best == 4); /* 8 x 6 or 16 x 12 for 150 small objects */
    assert_true(rows[best].cost * 10u < rows[0].cost);
    assert_true(rows[5].cost > 2u * rows[best].cost); /* 3072 sectors: visiting them dominates */
    assert_int_equal(eo_sectors_tune(boxes, n, NULL, configs, 0, storage_words, sizeof storage_words, rows, &best), EO_ERR_BAD_ARGUMENT);
}

/* Sort-and-sweep's work counters, counted the slow way: candidates are the pairs of non-empty
   boxes that overlap on the sweep axis, and *filtered those of them the layers drop. */
static uint32_t reference_sweep_candidates(uint16_t n, eo_aabb_order axis, const eo_broadphase_layer *ls, uint32_t *filtered)
{
    uint32_t k = 0;
    uint16_t i, j;
    *filtered = 0;
    for (i = 0; i < n; i++)
        for (j = (uint16_t)(i + 1u); j < n; j++) {
            const eo_box *a = &boxes[i], *b = &boxes[j];
            int32_t pa = axis == EO_AABB_Y_FIRST ? a->y : a->x, sa = axis == EO_AABB_Y_FIRST ? a->h : a->w;
            int32_t pb = axis == EO_AABB_Y_FIRST ? b->y : b->x, sb = axis == EO_AABB_Y_FIRST ? b->h : b->w;
            if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0 || pa + sa <= pb || pb + sb <= pa)
                continue;
            k++;
            if (ls != NULL && (!(ls[i].category & ls[j].collides_with) || !(ls[j].category & ls[i].collides_with)))
                (*filtered)++;
        }
    return k;
}

static void test_sweep_reference_matches_brute_force(void **state)
{
    unsigned trial;
    static uint16_t order[MAX_OBJ];
    (void)state;
    for (trial = 0; trial < 1500u; trial++) {
        eo_sectors_config cfg;
        uint32_t n_got, n_want;
        uint16_t n;
        eo_aabb_order axis = (eo_aabb_order)(trial % 2u);
        const eo_broadphase_layer *ls = (trial & 2u) ? layers : NULL;
        eo_broadphase_stats st;
        memset(&st, 0, sizeof st);
        random_config(&cfg);
        n = random_scene(&cfg);
        assert_int_equal(sweep_ref_find_pairs(boxes, n, axis, ls, order, 0, got, MAX_PAIRS, &n_got, &st), EO_OK);
        n_want = reference_pairs(n, ls, want);
        check_pairs(n_got, n_want);
        {
            uint32_t filtered, candidates = reference_sweep_candidates(n, axis, ls, &filtered);
            assert_int_equal(st.candidate_pairs, candidates);
            assert_int_equal(st.layer_filtered, filtered);
            assert_int_equal(st.box_tests, candidates - filtered);
            assert_int_equal(st.pairs_found, n_got);
        }
        /* again from the sorted order, after a small move: same answer */
        boxes[0].x = (int16_t)(boxes[0].x + 3);
        n_want = reference_pairs(n, ls, want);
        assert_int_equal(sweep_ref_find_pairs(boxes, n, axis, ls, order, 1, got, MAX_PAIRS, &n_got, NULL), EO_OK);
        check_pairs(n_got, n_want);
    }
}

/* eo_sweep_find_pairs against the order-array reference (sweep_reference.h) over several frames of small moves (same pairs in
   the same order, same counters) and against brute force; scenes at the edges of the int16
   range (boxes reaching past 32767 on the sweep axis) and a count that changes between frames. */
static void test_sweep_matches_reference(void **state)
{
    unsigned trial;
    static uint16_t order[MAX_OBJ];
    static eo_pair ref[MAX_PAIRS];
    eo_sweep sw;
    (void)state;
    assert_true(eo_sweep_storage_size(MAX_OBJ) <= sizeof storage_words);
    for (trial = 0; trial < 600u; trial++) {
        eo_sectors_config cfg;
        eo_aabb_order axis = (eo_aabb_order)(trial % 2u);
        const eo_broadphase_layer *ls = (trial & 2u) ? layers : NULL;
        uint16_t n, i;
        unsigned frame;
        random_config(&cfg);
        n = random_scene(&cfg);
        if (trial % 5u == 4u) /* near the ends of the range: reaches that wrap a 16-bit sum */
            for (i = 0; i < n; i++) {
                boxes[i].x = (int16_t)(boxes[i].x < 128 ? -32768 + (boxes[i].x & 63) : 32767 - (boxes[i].x & 63));
                boxes[i].y = (int16_t)(boxes[i].y < 96 ? -32768 + (boxes[i].y & 31) : 32767 - (boxes[i].y & 31));
                if (i % 3u == 0u)
                    boxes[i].w = 32767;
            }
        assert_int_equal(eo_sweep_init(&sw, MAX_OBJ, axis, storage_words, eo_sweep_storage_size(MAX_OBJ)), EO_OK);
        for (frame = 0; frame < 6u; frame++) {
            uint32_t n_ref, n_got, n_want;
            eo_broadphase_stats st_ref, st_got;
            uint16_t count = frame == 4u && n > 2u ? (uint16_t)(n - 1u) : n;
            memset(&st_ref, 0, sizeof st_ref);
            memset(&st_got, 0, sizeof st_got);
            if (frame == 0u || frame == 4u || frame == 5u) /* the workspace starts over when count changes */
                for (i = 0; i < count; i++)
                    order[i] = i;
            assert_int_equal(sweep_ref_find_pairs(boxes, count, axis, ls, order, 1, ref, MAX_PAIRS, &n_ref, &st_ref), EO_OK);
            assert_int_equal(eo_sweep_find_pairs(&sw, boxes, count, ls, got, MAX_PAIRS, &n_got, &st_got, NULL), EO_OK);
            assert_int_equal(n_got, n_ref);
            assert_memory_equal(got, ref, n_got * sizeof got[0]);
            assert_memory_equal(&st_got, &st_ref, sizeof st_got);
            {
                uint16_t keep = n;
                n = count;
                n_want = reference_pairs(n, ls, want);
                n = keep;
            }
            check_pairs(n_got, n_want);
            for (i = 0; i < n; i++) { /* small moves, some past each other */
                boxes[i].x = (int16_t)(boxes[i].x + (boxes[i].x > 32000 ? -rng_range(0, 5) : boxes[i].x < -32000 ? rng_range(0, 5) : rng_range(-5, 5)));
                boxes[i].y = (int16_t)(boxes[i].y + (boxes[i].y > 32000 ? -rng_range(0, 5) : boxes[i].y < -32000 ? rng_range(0, 5) : rng_range(-5, 5)));
                if (trial % 7u == 6u && frame == 1u) { /* every start at -32768: the lowest key */
                    boxes[i].x = -32768;
                    boxes[i].y = -32768;
                }
            }
        }
    }
}

static void test_sweep_workspace_bad_input(void **state)
{
    eo_box b[2] = { { 0, 0, 8, 8 }, { 4, 4, 8, 8 } };
    uint32_t count = 99;
    eo_pair p[1];
    eo_sweep sw;
    size_t need = eo_sweep_storage_size(2);
    uint8_t *odd = (uint8_t *)storage_words + 1;
    (void)state;
    assert_int_equal(need, 4u * 5u * sizeof(eo_ucoord)); /* 2 objects and 2 sentinels, 5 words each */
#if SIZE_MAX <= 0xFFFFu
    assert_int_equal(eo_sweep_storage_size(65535u), 0u);
#endif
    assert_int_equal(eo_sweep_init(NULL, 2, EO_AABB_X_FIRST, storage_words, need), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_sweep_init(&sw, 2, EO_AABB_X_FIRST, NULL, need), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_sweep_init(&sw, 2, (eo_aabb_order)3, storage_words, need), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_sweep_init(&sw, 2, EO_AABB_X_FIRST, odd, need), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_sweep_init(&sw, 2, EO_AABB_X_FIRST, storage_words, need - 1u), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(eo_sweep_init(&sw, 2, EO_AABB_Y_FIRST, storage_words, need), EO_OK);
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 3, NULL, p, 1, &count, NULL, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_sweep_find_pairs(NULL, b, 2, NULL, p, 1, &count, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_sweep_find_pairs(&sw, NULL, 2, NULL, p, 1, &count, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 2, NULL, NULL, 1, &count, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 2, NULL, p, 1, NULL, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 0, NULL, NULL, 0, &count, NULL, NULL), EO_OK);
    assert_int_equal(count, 0);
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 2, NULL, p, 0, &count, NULL, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(count, 1);
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 2, NULL, p, 1, &count, NULL, NULL), EO_OK);
    assert_int_equal(count, 1);
    assert_int_equal(p[0].a, 0);
    assert_int_equal(p[0].b, 1);
}

/* The teaching hooks: the lesson's frame (a build, then the pairs) steps through sectors.c for the
   ranges and insertions and sectors_pairs.c for the pairs, one step per pair met (a duplicate, a
   pair the layers drop, or a box test, followed by PAIR for a hit), and the traced counters agree
   with the stats. Randomly placed boxes with layers, in a grid small enough to crowd. */
static void test_sectors_trace_steps(void **state)
{
    eo_sectors_config cfg = { 0, 0, 256, 192, 4, 3, 40, 0 };
    eo_sectors grid;
    eo_broadphase_stats st;
    eo_broadphase_layer ls[40];
    static eo_trace_step steps[4096];
    eo_hooks hooks;
    uint32_t n_got, met = 0, pairs_seen = 0, k;
    uint16_t i, n = 40;
    (void)state;
    for (i = 0; i < n; i++) {
        boxes[i].x = rng_range(-8, 250); boxes[i].y = rng_range(-8, 186);
        boxes[i].w = (int16_t)rng_range(1, 70); boxes[i].h = (int16_t)rng_range(1, 70);
        ls[i].category = (uint16_t)(1u << (i % 3u));
        ls[i].collides_with = (uint16_t)(i % 4u == 0 ? 0xFFFFu : 3u);
    }
    memset(&st, 0, sizeof st);
    eo_hooks_init(&hooks, steps, 4096);
    assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(eo_sectors_build(&grid, boxes, n, &st, &hooks), EO_OK);
    assert_int_equal(eo_sectors_find_pairs(&grid, boxes, ls, got, MAX_PAIRS, &n_got, &st, &hooks), EO_OK);
#if EO_TRACE
    assert_int_equal(hooks.steps_lost, 0);
    for (k = 0; k < hooks.step_count; k++) {
        uint8_t e = steps[k].event;
        if (e == EO_EV_SECTORS_RANGE || e == EO_EV_SECTORS_INSERT) {
            assert_true(ends_with(steps[k].file, "core/src/sectors.c"));
        } else {
            assert_true(ends_with(steps[k].file, "core/src/sectors_pairs.c"));
            met += e == EO_EV_SECTORS_DUPLICATE || e == EO_EV_SECTORS_FILTERED || e == EO_EV_SECTORS_BOX_TEST;
            if (e == EO_EV_SECTORS_PAIR) { /* right after its box test, and it is the pair written out */
                assert_true(k > 0 && steps[k - 1].event == EO_EV_SECTORS_BOX_TEST);
                assert_int_equal(steps[k].a, got[pairs_seen].a);
                assert_int_equal(steps[k].b, got[pairs_seen].b);
                pairs_seen++;
            }
        }
    }
    assert_int_equal(met, st.candidate_pairs);
    assert_int_equal(pairs_seen, n_got);
    assert_int_equal(hooks.counters[EO_COUNTER_SECTORS_CANDIDATES], st.candidate_pairs);
    assert_int_equal(hooks.counters[EO_COUNTER_SECTORS_DUPLICATES], st.duplicates_skipped);
    assert_int_equal(hooks.counters[EO_COUNTER_SECTORS_FILTERED], st.layer_filtered);
    assert_int_equal(hooks.counters[EO_COUNTER_SECTORS_BOX_TESTS], st.box_tests);
    assert_int_equal(hooks.counters[EO_COUNTER_SECTORS_PAIRS], n_got);
    assert_int_equal(hooks.counters[EO_COUNTER_SECTORS_INSERTIONS], st.insertions);
    assert_true(st.duplicates_skipped > 0 && st.layer_filtered > 0 && n_got > 0);
#else
    (void)met;
    (void)pairs_seen;
    (void)k;
    assert_int_equal(hooks.step_count, 0);
#endif
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sectors_match_brute_force),
        cmocka_unit_test(test_sectors_persistent_update_equals_rebuild),
        cmocka_unit_test(test_sectors_update_one_equals_rebuild),
        cmocka_unit_test(test_sectors_pairs_between_match_brute_force),
        cmocka_unit_test(test_sectors_pairs_between_cost_follows_the_groups),
        cmocka_unit_test(test_sectors_update_moves_only_what_changed),
        cmocka_unit_test(test_sectors_update_borrows_instead_of_rebuilding),
        cmocka_unit_test(test_sectors_hundred_thousand_objects),
        cmocka_unit_test(test_sectors_layouts_and_ranges),
        cmocka_unit_test(test_sectors_bad_input),
        cmocka_unit_test(test_sectors_tune_recommends_a_grid),
        cmocka_unit_test(test_sectors_tune_never_recommends_an_overflow),
        cmocka_unit_test(test_sectors_trace_steps),
        cmocka_unit_test(test_sweep_reference_matches_brute_force),
        cmocka_unit_test(test_sweep_matches_reference),
        cmocka_unit_test(test_sweep_workspace_bad_input),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("sectors", tests, NULL, NULL);
}
