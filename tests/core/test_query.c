/* Tests of core/src/query.c: point and region queries against plain comparisons over every box,
   segment casts against the pixel walks of walk_reference.h (checked against each other first).
   Run: build/tests/test_query [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"
#include "walk_reference.h"

#define RNG_SEED 20251123u
#include "rng.h"
#include "trace_file.h"

#define MAX_OBJ 160

static eo_index storage_words[80000u / sizeof(eo_index)]; /* aligned for eo_index (sector entries) */
static eo_box boxes[MAX_OBJ];
static eo_broadphase_layer layers[MAX_OBJ];
static eo_index got[MAX_OBJ], want[MAX_OBJ];
static eo_query_segment_hit hits[MAX_OBJ], want_hits[MAX_OBJ];
static ref_visit visits[200 * 200];

/* ---- the reference's own check ------------------------------------------------------------------ */

typedef struct collect {
    ref_visit *out;
    long n, cap;
} collect;

static int collect_visit(void *ctx, const ref_visit *v)
{
    collect *c = ctx;
    assert_true(c->n < c->cap);
    c->out[c->n++] = *v;
    return 0;
}

static ref_visit event_visits[200 * 200];

static void check_references_agree(int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    collect c = { event_visits, 0, 200 * 200 };
    int n = ref_pixels_geometric(x0, y0, x1, y1, visits), k;
    long m = ref_pixels_events(x0, y0, x1, y1, collect_visit, &c);
    assert_int_equal(m, c.n);
    if (n != m)
        fail_msg("segment (%d,%d)-(%d,%d): geometric %d visits, events %ld", x0, y0, x1, y1, n, m);
    for (k = 0; k < n; k++) {
        const ref_visit *a = &visits[k], *b = &event_visits[k];
        if (a->x != b->x || a->y != b->y || a->rank != b->rank || a->n * b->d != b->n * a->d)
            fail_msg("segment (%d,%d)-(%d,%d) visit %d: geometric (%d,%d) t %lld/%lld r%d, events (%d,%d) t %lld/%lld r%d",
                     x0, y0, x1, y1, k, a->x, a->y, (long long)a->n, (long long)a->d, a->rank, b->x, b->y,
                     (long long)b->n, (long long)b->d, b->rank);
    }
    /* the walk steps to a neighbour each time, diagonally only from a corner's side pixels */
    for (k = 1; k < n; k++) {
        int ddx = abs(visits[k].x - visits[k - 1].x), ddy = abs(visits[k].y - visits[k - 1].y);
        assert_true(ddx <= 1 && ddy <= 1 && ddx + ddy >= 1);
        if (ddx + ddy == 2)
            assert_int_equal(visits[k].rank, 2);
    }
}

static void test_query_references_agree(void **state)
{
    int i;
    (void)state;
    for (i = 0; i < 4000; i++) {
        int32_t x0 = rng_range(-6, 6), y0 = rng_range(-6, 6), x1, y1;
        switch (i % 5) {
        case 0: x1 = x0 + rng_range(-20, 20); y1 = y0 + rng_range(-20, 20); break;
        case 1: { int a = rng_range(-12, 12); x1 = x0 + a; y1 = y0 + (rng() % 2 ? a : -a); break; } /* 45 degrees */
        case 2: { int a = rng_range(-6, 6), b = rng_range(-6, 6), k = rng_range(1, 4); x1 = x0 + a * k; y1 = y0 + b * k; break; }
        case 3: x1 = x0 + rng_range(-20, 20); y1 = y0; break;
        default: x1 = x0; y1 = y0 + rng_range(-20, 20); break;
        }
        check_references_agree(x0, y0, x1, y1);
    }
    check_references_agree(3, 3, 3, 3); /* zero length: the start pixel only */
}

/* ---- one box ------------------------------------------------------------------------------------- */

/* The reference hit: the first visit of the event walk inside the box. */
typedef struct first_in_box {
    const eo_box *box;
    ref_visit hit;
    int found;
} first_in_box;

static int stop_in_box(void *ctx, const ref_visit *v)
{
    first_in_box *f = ctx;
    const eo_box *b = f->box;
    if (v->x >= b->x && v->x < (int32_t)b->x + b->w && v->y >= b->y && v->y < (int32_t)b->y + b->h) {
        f->hit = *v;
        f->found = 1;
        return 1;
    }
    return 0;
}

static void check_box(const eo_segment *s, const eo_box *b)
{
    first_in_box f;
    eo_query_segment_hit h;
    uint8_t got_hit;
    int32_t dx = s->x1 - s->x0, dy = s->y1 - s->y0;
    memset(&h, 0xAB, sizeof h);
    f.box = b;
    f.found = 0;
    if (b->w > 0 && b->h > 0)
        (void)ref_pixels_events(s->x0, s->y0, s->x1, s->y1, stop_in_box, &f);
    got_hit = eo_query_segment_box(s, b, &h);
    if (got_hit != f.found)
        fail_msg("segment (%d,%d)-(%d,%d), box %d,%d %dx%d: core %s, reference %s", s->x0, s->y0, s->x1, s->y1,
                 b->x, b->y, b->w, b->h, got_hit ? "hit" : "miss", f.found ? "hit" : "miss");
    if (!f.found)
        return;
    if (h.x != f.hit.x || h.y != f.hit.y || (int64_t)h.t_num * f.hit.d != f.hit.n * h.t_den ||
        h.face != ref_face(f.hit.rank, dx, dy) || h.index != 0)
        fail_msg("segment (%d,%d)-(%d,%d), box %d,%d %dx%d: core (%d,%d) t %u/%u face %u, reference (%d,%d) t %lld/%lld face %u",
                 s->x0, s->y0, s->x1, s->y1, b->x, b->y, b->w, b->h, h.x, h.y, h.t_num, h.t_den, h.face, f.hit.x,
                 f.hit.y, (long long)f.hit.n, (long long)f.hit.d, ref_face(f.hit.rank, dx, dy));
    /* t's denominator is |dx| or |dy| (1 at t = 0) and t is in 0 .. 1 */
    assert_true(h.t_num <= h.t_den && h.t_den >= 1);
    assert_true(h.t_num == 0 || h.t_den == (uint16_t)abs(dx) || h.t_den == (uint16_t)abs(dy));
}

static void test_query_segment_box_matches_pixel_walk(void **state)
{
    int i;
    (void)state;
    for (i = 0; i < 20000; i++) {
        eo_segment s;
        eo_box b;
        s.x0 = (int16_t)rng_range(-20, 20);
        s.y0 = (int16_t)rng_range(-20, 20);
        if (i % 4 == 0) { /* diagonal: corners everywhere */
            int a = rng_range(-30, 30);
            s.x1 = (int16_t)(s.x0 + a);
            s.y1 = (int16_t)(s.y0 + (rng() % 2 ? a : -a));
        } else if (i % 4 == 1) { /* along a box edge (or not) */
            s.x1 = (int16_t)(s.x0 + rng_range(-30, 30));
            s.y1 = i % 8 == 1 ? s.y0 : (int16_t)(s.y0 + rng_range(-3, 3));
        } else {
            s.x1 = (int16_t)(s.x0 + rng_range(-30, 30));
            s.y1 = (int16_t)(s.y0 + rng_range(-30, 30));
        }
        b.x = (int16_t)rng_range(-25, 20);
        b.y = (int16_t)rng_range(-25, 20);
        b.w = (int16_t)rng_range(-1, 12);
        b.h = (int16_t)rng_range(-1, 12);
        check_box(&s, &b);
    }
}

static void test_query_segment_box_int16_extremes(void **state)
{
    static const int16_t edges[] = { -32768, -32767, -32766, -1, 0, 1, 32765, 32766, 32767 };
    int i;
    (void)state;
    for (i = 0; i < 400; i++) {
        eo_segment s;
        eo_box b;
        int k;
        s.x0 = i % 3 == 0 ? edges[rng() % 9] : (int16_t)rng();
        s.y0 = i % 3 == 1 ? edges[rng() % 9] : (int16_t)rng();
        s.x1 = i % 2 == 0 ? edges[rng() % 9] : (int16_t)rng();
        s.y1 = i % 5 == 0 ? s.y0 : (int16_t)rng();
        if (i % 7 == 0) { /* long diagonals through lattice points */
            s.x0 = -32768; s.y0 = -32768; s.x1 = 32767; s.y1 = 32767;
            if (i % 14 == 0) { s.y0 = 32767; s.y1 = -32768; }
        }
        for (k = 0; k < 6; k++) {
            b.x = k % 2 ? edges[rng() % 9] : (int16_t)rng();
            b.y = (int16_t)rng();
            b.w = k == 0 ? 32767 : (int16_t)(rng() % 40000u);
            b.h = k == 1 ? 32767 : (int16_t)(rng() % 40000u);
            check_box(&s, &b);
        }
    }
}

static eo_segment seg(int x0, int y0, int x1, int y1)
{
    eo_segment s;
    s.x0 = (int16_t)x0; s.y0 = (int16_t)y0; s.x1 = (int16_t)x1; s.y1 = (int16_t)y1;
    return s;
}

static eo_box box(int x, int y, int w, int h)
{
    eo_box b;
    b.x = (int16_t)x; b.y = (int16_t)y; b.w = (int16_t)w; b.h = (int16_t)h;
    return b;
}

/* hand-picked: hit at (x, y), t = n / d, face; or no hit when d == 0 */
static void expect_hit(eo_segment s, eo_box b, int x, int y, int n, int d, unsigned face)
{
    eo_query_segment_hit h;
    uint8_t r = eo_query_segment_box(&s, &b, &h);
    check_box(&s, &b); /* and the reference agrees */
    if (d == 0) {
        assert_int_equal(r, 0);
        return;
    }
    assert_int_equal(r, 1);
    assert_int_equal(h.x, x);
    assert_int_equal(h.y, y);
    assert_int_equal((long)h.t_num * d, (long)n * h.t_den);
    assert_int_equal(h.face, face);
}

static void test_query_segment_box_hand_picked(void **state)
{
    eo_box b = box(10, 10, 4, 4); /* pixels 10 .. 13 */
    (void)state;
    /* straight in through each side */
    expect_hit(seg(0, 11, 20, 11), b, 10, 11, 10, 20, EO_HIT_LEFT);
    expect_hit(seg(20, 11, 0, 11), b, 13, 11, 6, 20, EO_HIT_RIGHT);
    expect_hit(seg(11, 0, 11, 20), b, 11, 10, 10, 20, EO_HIT_TOP);
    expect_hit(seg(11, 20, 11, 0), b, 11, 13, 6, 20, EO_HIT_BOTTOM);
    /* starts inside: t = 0, no face; zero length inside and outside */
    expect_hit(seg(12, 12, 40, 0), b, 12, 12, 0, 1, 0);
    expect_hit(seg(13, 13, 13, 13), b, 13, 13, 0, 1, 0);
    expect_hit(seg(14, 13, 14, 13), b, 0, 0, 0, 0, 0);
    /* half-open grazing: along the top edge line hits the top row, along the bottom line misses */
    expect_hit(seg(0, 10, 30, 10), b, 10, 10, 10, 30, EO_HIT_LEFT);
    expect_hit(seg(0, 14, 30, 14), b, 0, 0, 0, 0, 0);
    expect_hit(seg(10, 0, 10, 30), b, 10, 10, 10, 30, EO_HIT_TOP);
    expect_hit(seg(14, 0, 14, 30), b, 0, 0, 0, 0, 0);
    /* ends exactly on the near side: moving right the end point is in the box, moving left not */
    expect_hit(seg(0, 11, 10, 11), b, 10, 11, 1, 1, EO_HIT_LEFT);
    expect_hit(seg(20, 11, 14, 11), b, 0, 0, 0, 0, 0);
    expect_hit(seg(20, 11, 13, 11), b, 13, 11, 6, 7, EO_HIT_RIGHT);
    /* starts on the right side line moving left: enters at once */
    expect_hit(seg(14, 11, 0, 11), b, 13, 11, 0, 14, EO_HIT_RIGHT);
    /* diagonally through each corner of the box: a hit, both faces */
    expect_hit(seg(5, 5, 15, 15), b, 10, 10, 5, 10, EO_HIT_LEFT | EO_HIT_TOP);
    expect_hit(seg(20, 20, 5, 5), b, 13, 13, 6, 15, EO_HIT_RIGHT | EO_HIT_BOTTOM);
    /* passing exactly through a corner of the box without entering it: the walk visits the
       pixels beside the corner, and the box's corner pixel is one of them */
    expect_hit(seg(12, 8, 16, 12), b, 13, 10, 2, 4, EO_HIT_TOP);      /* top-right corner, down-right */
    expect_hit(seg(18, 14, 12, 8), b, 13, 10, 4, 6, EO_HIT_RIGHT);    /* top-right corner, up-left */
    expect_hit(seg(16, 12, 12, 16), b, 13, 13, 2, 4, EO_HIT_RIGHT);   /* bottom-right corner, down-left */
    expect_hit(seg(12, 16, 16, 12), b, 13, 13, 2, 4, EO_HIT_BOTTOM);  /* bottom-right corner, up-right */
    expect_hit(seg(8, 12, 12, 16), b, 10, 13, 2, 4, EO_HIT_LEFT);     /* bottom-left corner, down-right */
    expect_hit(seg(8, 12, 12, 8), b, 10, 10, 2, 4, EO_HIT_LEFT);      /* top-left corner, up-right: its point is in */
    /* a corner at the very end: arriving down-right the end point's side pixels are visited,
       arriving up-left the walk stops in the pixel the end point lies in */
    expect_hit(seg(10, 6, 14, 10), b, 13, 10, 4, 4, EO_HIT_TOP);
    expect_hit(seg(18, 14, 14, 10), b, 0, 0, 0, 0, 0);
    /* vertical and horizontal segments beside the box miss */
    expect_hit(seg(9, 0, 9, 30), b, 0, 0, 0, 0, 0);
    expect_hit(seg(0, 9, 30, 9), b, 0, 0, 0, 0, 0);
    /* empty boxes are never hit */
    expect_hit(seg(0, 0, 30, 30), box(10, 10, 0, 5), 0, 0, 0, 0, 0);
    expect_hit(seg(0, 0, 30, 30), box(10, 10, 5, -1), 0, 0, 0, 0, 0);
    /* a box two walls meeting at a corner: the segment cannot slip between them */
    {
        eo_box up_right = box(10, 0, 10, 10), down_left = box(0, 10, 10, 10);
        eo_segment s = seg(5, 5, 15, 15);
        eo_query_segment_hit h1, h2;
        assert_int_equal(eo_query_segment_box(&s, &up_right, &h1), 1);
        assert_int_equal(eo_query_segment_box(&s, &down_left, &h2), 1);
        assert_int_equal(h1.face, EO_HIT_LEFT);
        assert_int_equal(h2.face, EO_HIT_TOP);
    }
    /* NULLs are misses */
    assert_int_equal(eo_query_segment_box(NULL, &b, NULL), 0);
    {
        eo_segment s = seg(0, 11, 20, 11);
        assert_int_equal(eo_query_segment_box(&s, NULL, NULL), 0);
        assert_int_equal(eo_query_segment_box(&s, &b, NULL), 1);
    }
}

/* ---- scenes ---------------------------------------------------------------------------------------- */

static uint16_t random_scene(const eo_sectors_config *cfg, uint16_t max)
{
    uint16_t n = (uint16_t)rng_range(1, max), i;
    for (i = 0; i < n; i++) {
        eo_box *b = &boxes[i];
        switch (rng() % 10u) {
        case 0: b->w = (int16_t)rng_range(40, 200); b->h = (int16_t)rng_range(40, 200); break;
        case 1: b->w = (int16_t)rng_range(-3, 0); b->h = (int16_t)rng_range(-3, 10); break;
        default: b->w = (int16_t)rng_range(1, 24); b->h = (int16_t)rng_range(1, 24);
        }
        b->x = (int16_t)rng_range(cfg->world_x - 40, cfg->world_x + cfg->world_w + 20);
        b->y = (int16_t)rng_range(cfg->world_y - 40, cfg->world_y + cfg->world_h + 20);
        if (rng() % 40u == 0) {
            b->x = (int16_t)rng(); b->y = (int16_t)rng(); b->w = (int16_t)(rng() % 32768u); b->h = (int16_t)(rng() % 32768u);
        }
        layers[i].category = (uint16_t)(1u << (rng() % 3u));
        layers[i].collides_with = (uint16_t)(rng() % 8u);
    }
    return n;
}

static void random_config(eo_sectors_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->world_x = (int16_t)rng_range(-100, 100);
    cfg->world_y = (int16_t)rng_range(-100, 100);
    cfg->world_w = (int16_t)rng_range(50, 400);
    cfg->world_h = (int16_t)rng_range(50, 300);
    cfg->cols = (uint8_t)rng_range(1, 9);
    cfg->rows = (uint8_t)rng_range(1, 7);
    cfg->max_objects = MAX_OBJ;
    cfg->max_entries = 8000;
}

static int passes(const eo_broadphase_layer *ls, const eo_broadphase_layer *filter, uint16_t i)
{
    uint16_t cat = ls ? ls[i].category : 0xFFFFu, with = ls ? ls[i].collides_with : 0xFFFFu;
    return filter == NULL || ((cat & filter->collides_with) && (filter->category & with));
}

/* plain comparisons: the box and region share a pixel */
static int shares_pixel(const eo_box *a, const eo_box *r)
{
    return a->w > 0 && a->h > 0 && r->w > 0 && r->h > 0 && (int32_t)a->x < (int32_t)r->x + r->w &&
           (int32_t)r->x < (int32_t)a->x + a->w && (int32_t)a->y < (int32_t)r->y + r->h &&
           (int32_t)r->y < (int32_t)a->y + a->h;
}

static eo_index reference_region(uint16_t n, const eo_broadphase_layer *ls, const eo_broadphase_layer *filter, const eo_box *r)
{
    uint16_t i, k = 0;
    for (i = 0; i < n; i++)
        if (passes(ls, filter, i) && shares_pixel(&boxes[i], r))
            want[k++] = i;
    return k;
}

static void random_region(const eo_sectors_config *cfg, eo_box *r)
{
    r->x = (int16_t)rng_range(cfg->world_x - 60, cfg->world_x + cfg->world_w + 30);
    r->y = (int16_t)rng_range(cfg->world_y - 60, cfg->world_y + cfg->world_h + 30);
    r->w = (int16_t)rng_range(-2, 120);
    r->h = (int16_t)rng_range(-2, 90);
    if (rng() % 10u == 0) {
        r->w = 1; r->h = 1; /* a point */
    }
    if (rng() % 30u == 0) {
        r->x = (int16_t)rng(); r->y = (int16_t)rng(); r->w = (int16_t)(rng() % 32768u); r->h = (int16_t)(rng() % 32768u);
    }
}

static void check_list(eo_result res, const eo_index *count_p, eo_index cap, eo_index expect)
{
    eo_index k, count = *count_p;
    if (count != expect)
        fail_msg("%s: %u found, %u expected", eo_result_name(res), count, expect);
    assert_int_equal(res, expect > cap ? EO_ERR_BUFFER_TOO_SMALL : EO_OK);
    for (k = 0; k < expect && k < cap; k++)
        assert_int_equal(got[k], want[k]); /* ascending, and the smallest when truncated */
}

static void test_query_sectors_region_matches_brute_force(void **state)
{
    int round;
    (void)state;
    for (round = 0; round < 600; round++) {
        eo_sectors_config cfg;
        eo_sectors grid;
        eo_broadphase_layer filter;
        uint16_t n;
        eo_index count = 0, expect, cap;
        int q;
        random_config(&cfg);
        n = random_scene(&cfg, MAX_OBJ);
        assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, sizeof storage_words), EO_OK);
        assert_int_equal(round % 2 ? eo_sectors_build(&grid, boxes, n, NULL, NULL)
                                   : eo_sectors_update(&grid, boxes, n, NULL, NULL), EO_OK);
        for (q = 0; q < 20; q++) {
            eo_box r;
            const eo_broadphase_layer *ls = q % 3 == 0 ? NULL : layers, *f = q % 2 ? &filter : NULL;
            eo_result res;
            filter.category = (uint16_t)(1u << (rng() % 3u));
            filter.collides_with = (uint16_t)(rng() % 8u);
            random_region(&cfg, &r);
            cap = (uint16_t)(q % 4 == 0 ? rng_range(0, 3) : MAX_OBJ);
            expect = reference_region(n, ls, f, &r);
            res = eo_query_sectors_region(&grid, boxes, ls, f, &r, cap ? got : NULL, cap, &count, NULL);
            check_list(res, &count, cap, expect);
            /* a point */
            r.w = 1;
            r.h = 1;
            expect = reference_region(n, ls, f, &r);
            res = eo_query_sectors_point(&grid, boxes, ls, f, r.x, r.y, got, cap, &count, NULL);
            check_list(res, &count, cap, expect);
        }
        /* moved a little, updated persistently: the answers follow */
        {
            uint16_t i;
            eo_box r;
            for (i = 0; i < n; i++) {
                boxes[i].x = (int16_t)(boxes[i].x + rng_range(-8, 8));
                boxes[i].y = (int16_t)(boxes[i].y + rng_range(-8, 8));
            }
            if (eo_sectors_update(&grid, boxes, n, NULL, NULL) == EO_OK) {
                random_region(&cfg, &r);
                expect = reference_region(n, layers, NULL, &r);
                check_list(eo_query_sectors_region(&grid, boxes, layers, NULL, &r, got, MAX_OBJ, &count, NULL),
                           &count, MAX_OBJ, expect);
            }
        }
    }
}

static void test_query_sweep_region_matches_brute_force(void **state)
{
    int round;
    (void)state;
    for (round = 0; round < 600; round++) {
        eo_sectors_config cfg;
        eo_sweep sw;
        eo_broadphase_layer filter;
        eo_pair pairs[4];
        uint32_t pc;
        uint16_t n, i;
        eo_index count = 0, expect, cap;
        int q, frame;
        random_config(&cfg);
        n = random_scene(&cfg, MAX_OBJ);
        assert_int_equal(eo_sweep_init(&sw, MAX_OBJ, round % 2 ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST, storage_words,
                                       sizeof storage_words), EO_OK);
        for (frame = 0; frame < 3; frame++) {
            eo_result pr = eo_sweep_find_pairs(&sw, boxes, n, NULL, pairs, 4, &pc, NULL, NULL);
            assert_true(pr == EO_OK || pr == EO_ERR_BUFFER_TOO_SMALL);
            for (q = 0; q < 10; q++) {
                eo_box r;
                const eo_broadphase_layer *ls = q % 3 == 0 ? NULL : layers, *f = q % 2 ? &filter : NULL;
                eo_result res;
                filter.category = (uint16_t)(1u << (rng() % 3u));
                filter.collides_with = (uint16_t)(rng() % 8u);
                random_region(&cfg, &r);
                cap = (uint16_t)(q % 4 == 0 ? rng_range(0, 3) : MAX_OBJ);
                expect = reference_region(n, ls, f, &r);
                res = eo_query_sweep_region(&sw, ls, f, &r, cap ? got : NULL, cap, &count, NULL);
                check_list(res, &count, cap, expect);
                r.w = 1;
                r.h = 1;
                expect = reference_region(n, ls, f, &r);
                res = eo_query_sweep_point(&sw, ls, f, r.x, r.y, got, cap, &count, NULL);
                check_list(res, &count, cap, expect);
            }
            for (i = 0; i < n; i++) { /* next frame: the workspace re-sorts */
                boxes[i].x = (int16_t)(boxes[i].x + rng_range(-20, 20));
                boxes[i].y = (int16_t)(boxes[i].y + rng_range(-20, 20));
            }
        }
    }
}

/* ---- segments over many boxes ------------------------------------------------------------------------ */

static int hit_cmp(const void *pa, const void *pb)
{
    const eo_query_segment_hit *a = pa, *b = pb;
    int64_t l = (int64_t)a->t_num * b->t_den, r = (int64_t)b->t_num * a->t_den;
    return l < r ? -1 : l > r ? 1 : (int)a->index - (int)b->index;
}

/* brute force: every box by itself (eo_query_segment_box, checked above against the pixel walk),
   sorted by t then index */
static eo_index reference_hits(const eo_segment *s, uint16_t n, const eo_broadphase_layer *ls, const eo_broadphase_layer *f)
{
    uint16_t i, k = 0;
    for (i = 0; i < n; i++) {
        eo_query_segment_hit h;
        if (passes(ls, f, i) && eo_query_segment_box(s, &boxes[i], &h)) {
            h.index = i;
            want_hits[k++] = h;
        }
    }
    qsort(want_hits, k, sizeof *want_hits, hit_cmp);
    return k;
}

static void check_hits(eo_result res, const eo_index *count_p, eo_index cap, eo_index expect)
{
    eo_index k, count = *count_p;
    if (count != expect)
        fail_msg("%s: %u hits, %u expected", eo_result_name(res), count, expect);
    assert_int_equal(res, expect > cap ? EO_ERR_BUFFER_TOO_SMALL : EO_OK);
    for (k = 0; k < expect && k < cap; k++) {
        assert_int_equal(hits[k].index, want_hits[k].index);
        assert_int_equal(hits[k].t_num, want_hits[k].t_num);
        assert_int_equal(hits[k].t_den, want_hits[k].t_den);
        assert_int_equal(hits[k].x, want_hits[k].x);
        assert_int_equal(hits[k].y, want_hits[k].y);
        assert_int_equal(hits[k].face, want_hits[k].face);
    }
}

static void random_segment(const eo_sectors_config *cfg, eo_segment *s)
{
    s->x0 = (int16_t)rng_range(cfg->world_x - 80, cfg->world_x + cfg->world_w + 80);
    s->y0 = (int16_t)rng_range(cfg->world_y - 80, cfg->world_y + cfg->world_h + 80);
    switch (rng() % 6u) {
    case 0: s->x1 = s->x0; s->y1 = (int16_t)rng_range(cfg->world_y - 80, cfg->world_y + cfg->world_h + 80); break;
    case 1: s->y1 = s->y0; s->x1 = (int16_t)rng_range(cfg->world_x - 80, cfg->world_x + cfg->world_w + 80); break;
    case 2: { int a = rng_range(-300, 300); s->x1 = (int16_t)(s->x0 + a); s->y1 = (int16_t)(s->y0 + (rng() % 2 ? a : -a)); break; }
    case 3: s->x0 = (int16_t)rng(); s->y0 = (int16_t)rng(); s->x1 = (int16_t)rng(); s->y1 = (int16_t)rng(); break;
    default:
        s->x1 = (int16_t)rng_range(cfg->world_x - 80, cfg->world_x + cfg->world_w + 80);
        s->y1 = (int16_t)rng_range(cfg->world_y - 80, cfg->world_y + cfg->world_h + 80);
    }
}

static void test_query_segment_all_matches_brute_force(void **state)
{
    int round;
    (void)state;
    for (round = 0; round < 500; round++) {
        eo_sectors_config cfg;
        eo_sectors grid;
        eo_broadphase_layer filter;
        uint16_t n;
        eo_index count, expect, cap;
        int q;
        random_config(&cfg);
        n = random_scene(&cfg, MAX_OBJ);
        assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, sizeof storage_words), EO_OK);
        assert_int_equal(eo_sectors_build(&grid, boxes, n, NULL, NULL), EO_OK);
        for (q = 0; q < 12; q++) {
            eo_segment s;
            const eo_broadphase_layer *ls = q % 3 == 0 ? NULL : layers, *f = q % 2 ? &filter : NULL;
            eo_query_segment_hit first;
            uint8_t found = 9;
            filter.category = (uint16_t)(1u << (rng() % 3u));
            filter.collides_with = (uint16_t)(rng() % 8u);
            random_segment(&cfg, &s);
            cap = (uint16_t)(q % 4 == 0 ? rng_range(0, 3) : MAX_OBJ);
            expect = reference_hits(&s, n, ls, f);
            count = 0xFFFF;
            check_hits(eo_query_segment_all(&s, boxes, n, NULL, ls, f, cap ? hits : NULL, cap, &count, NULL), &count, cap, expect);
            count = 0xFFFF;
            check_hits(eo_query_segment_all(&s, boxes, n, &grid, ls, f, cap ? hits : NULL, cap, &count, NULL), &count, cap, expect);
            assert_int_equal(eo_query_segment_first(&s, boxes, n, q % 2 ? &grid : NULL, ls, f, &first, &found, NULL), EO_OK);
            assert_int_equal(found, expect > 0);
            if (expect > 0) {
                assert_int_equal(first.index, want_hits[0].index);
                assert_int_equal(first.t_num, want_hits[0].t_num);
                assert_int_equal(first.face, want_hits[0].face);
            }
        }
    }
}

/* Segments through sector corners and along sector lines, with 1 x 1 boxes on the pixels around
   the lattice points they pass: the pixels a walk visits only beside a corner lie just across a
   sector line from the segment, the case the grid's row-by-row reach must round outward for. */
static void test_query_segment_grid_corners(void **state)
{
    static const int dirs[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
    eo_sectors_config cfg;
    eo_sectors grid;
    uint16_t n = 0;
    eo_index count, expect;
    int cx, cy, d, len, i, j;
    (void)state;
    memset(&cfg, 0, sizeof cfg);
    cfg.world_w = 64;
    cfg.world_h = 64;
    cfg.cols = 4;
    cfg.rows = 4;
    cfg.max_objects = MAX_OBJ;
    cfg.max_entries = 4000;
    for (i = 1; i <= 3; i++)     /* a box on each pixel around each inner sector corner */
        for (j = 1; j <= 3; j++) {
            boxes[n++] = box(16 * i - 1, 16 * j - 1, 1, 1);
            boxes[n++] = box(16 * i, 16 * j - 1, 1, 1);
            boxes[n++] = box(16 * i - 1, 16 * j, 1, 1);
            boxes[n++] = box(16 * i, 16 * j, 1, 1);
        }
    assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(eo_sectors_build(&grid, boxes, n, NULL, NULL), EO_OK);
    for (cx = 16; cx <= 48; cx += 16)
        for (cy = 8; cy <= 48; cy += 8)
            for (d = 0; d < 4; d++)
                for (len = 1; len <= 5; len++) {
                    /* through (cx, cy), ending on it, starting on it, and a 2:1 slope through it */
                    eo_segment s[4];
                    int k;
                    s[0] = seg(cx - dirs[d][0] * len, cy - dirs[d][1] * len, cx + dirs[d][0] * len, cy + dirs[d][1] * len);
                    s[1] = seg(cx - dirs[d][0] * len, cy - dirs[d][1] * len, cx, cy);
                    s[2] = seg(cx, cy, cx + dirs[d][0] * len, cy + dirs[d][1] * len);
                    s[3] = seg(cx - 2 * dirs[d][0] * len, cy - dirs[d][1] * len, cx + 2 * dirs[d][0] * len, cy + dirs[d][1] * len);
                    for (k = 0; k < 4; k++) {
                        expect = reference_hits(&s[k], n, NULL, NULL);
                        count = 0xFFFF;
                        check_hits(eo_query_segment_all(&s[k], boxes, n, &grid, NULL, NULL, hits, MAX_OBJ, &count, NULL),
                                   &count, MAX_OBJ, expect);
                        /* and with the roles of the axes swapped */
                        { int16_t t = s[k].x0; s[k].x0 = s[k].y0; s[k].y0 = t; t = s[k].x1; s[k].x1 = s[k].y1; s[k].y1 = t; }
                        expect = reference_hits(&s[k], n, NULL, NULL);
                        count = 0xFFFF;
                        check_hits(eo_query_segment_all(&s[k], boxes, n, &grid, NULL, NULL, hits, MAX_OBJ, &count, NULL),
                                   &count, MAX_OBJ, expect);
                    }
                }
}

/* ---- not ready, bad input -------------------------------------------------------------------------------- */

static void test_query_not_ready_is_an_error(void **state)
{
    eo_sectors_config cfg;
    eo_sectors grid;
    eo_sweep sw;
    eo_box r = box(0, 0, 256, 192), b[3];
    eo_pair p[4];
    eo_segment s = seg(0, 0, 100, 100);
    eo_query_segment_hit h;
    uint32_t pc;
    eo_index count = 77;
    uint8_t found;
    (void)state;
    b[0] = box(10, 10, 8, 8);
    b[1] = box(12, 12, 8, 8);
    b[2] = box(0, 0, 256, 192);
    memset(&cfg, 0, sizeof cfg);
    cfg.max_objects = 2;
    cfg.max_entries = 4;
    assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, sizeof storage_words), EO_OK);
    /* never built */
    assert_int_equal(eo_query_sectors_region(&grid, b, NULL, NULL, &r, got, 4, &count, NULL), EO_ERR_NOT_READY);
    assert_int_equal(eo_query_sectors_point(&grid, b, NULL, NULL, 12, 12, got, 4, &count, NULL), EO_ERR_NOT_READY);
    assert_int_equal(eo_query_segment_all(&s, b, 2, &grid, NULL, NULL, &h, 1, &count, NULL), EO_ERR_NOT_READY);
    assert_int_equal(eo_query_segment_first(&s, b, 2, &grid, NULL, NULL, &h, &found, NULL), EO_ERR_NOT_READY);
    assert_int_equal(count, 77);
    /* built: answers */
    assert_int_equal(eo_sectors_build(&grid, b, 2, NULL, NULL), EO_OK);
    assert_int_equal(eo_query_sectors_point(&grid, b, NULL, NULL, 12, 12, got, 4, &count, NULL), EO_OK);
    assert_int_equal(count, 2);
    assert_int_equal(eo_query_segment_all(&s, b, 1, &grid, NULL, NULL, &h, 1, &count, NULL), EO_ERR_BAD_ARGUMENT);
    /* a build that does not fit (the big box needs all 4 sectors, 6 memberships > 4) */
    assert_int_equal(eo_sectors_build(&grid, b + 1, 2, NULL, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(eo_query_sectors_point(&grid, b, NULL, NULL, 12, 12, got, 4, &count, NULL), EO_ERR_NOT_READY);
    assert_int_equal(eo_sectors_build(&grid, b, 2, NULL, NULL), EO_OK);
    /* a build with too many objects after a good one: the good one is gone too */
    assert_int_equal(eo_sectors_build(&grid, b, 3, NULL, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_query_sectors_region(&grid, b, NULL, NULL, &r, got, 4, &count, NULL), EO_ERR_NOT_READY);
    /* an update that fails (falls back to a build that does not fit) */
    assert_int_equal(eo_sectors_build(&grid, b, 2, NULL, NULL), EO_OK);
    b[1] = box(0, 0, 256, 192);
    assert_int_equal(eo_sectors_update(&grid, b, 2, NULL, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(eo_query_sectors_region(&grid, b, NULL, NULL, &r, got, 4, &count, NULL), EO_ERR_NOT_READY);
    pc = 77;
    assert_int_equal(eo_sectors_find_pairs(&grid, b, NULL, p, 4, &pc, NULL, NULL), EO_ERR_NOT_READY);
    assert_int_equal(pc, 0); /* an error, never an empty answer that looks like one */

    /* the sweep workspace: never run, run, failed */
    assert_int_equal(eo_sweep_init(&sw, 2, EO_AABB_X_FIRST, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(eo_query_sweep_region(&sw, NULL, NULL, &r, got, 4, &count, NULL), EO_ERR_NOT_READY);
    assert_int_equal(eo_query_sweep_point(&sw, NULL, NULL, 1, 1, got, 4, &count, NULL), EO_ERR_NOT_READY);
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 0, NULL, p, 4, &pc, NULL, NULL), EO_OK);
    assert_int_equal(eo_query_sweep_point(&sw, NULL, NULL, 1, 1, got, 4, &count, NULL), EO_OK);
    assert_int_equal(count, 0); /* no objects: an empty answer, not an error */
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 2, NULL, p, 4, &pc, NULL, NULL), EO_OK);
    assert_int_equal(eo_query_sweep_point(&sw, NULL, NULL, 12, 12, got, 4, &count, NULL), EO_OK);
    assert_int_equal(count, 2);
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 3, NULL, p, 4, &pc, NULL, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_query_sweep_point(&sw, NULL, NULL, 12, 12, got, 4, &count, NULL), EO_ERR_NOT_READY);
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 2, NULL, p, 4, &pc, NULL, NULL), EO_OK);
    assert_int_equal(eo_query_sweep_point(&sw, NULL, NULL, 12, 12, got, 4, &count, NULL), EO_OK);
    assert_string_equal(eo_result_name(EO_ERR_NOT_READY), "EO_ERR_NOT_READY");
}

static void test_query_bad_input(void **state)
{
    eo_sectors_config cfg;
    eo_sectors grid;
    eo_sweep sw;
    eo_box r = box(0, 0, 10, 10), b[1];
    eo_pair p[1];
    eo_segment s = seg(0, 0, 10, 10);
    eo_query_segment_hit h;
    uint32_t pc;
    eo_index count;
    uint8_t found;
    (void)state;
    b[0] = box(1, 1, 2, 2);
    memset(&cfg, 0, sizeof cfg);
    assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(eo_sectors_build(&grid, b, 1, NULL, NULL), EO_OK);
    assert_int_equal(eo_query_sectors_region(NULL, b, NULL, NULL, &r, got, 1, &count, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_sectors_region(&grid, NULL, NULL, NULL, &r, got, 1, &count, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_sectors_region(&grid, b, NULL, NULL, NULL, got, 1, &count, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_sectors_region(&grid, b, NULL, NULL, &r, NULL, 1, &count, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_sectors_region(&grid, b, NULL, NULL, &r, got, 1, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_sectors_region(&grid, b, NULL, NULL, &r, NULL, 0, &count, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(count, 1);
    assert_int_equal(eo_sweep_init(&sw, 1, EO_AABB_Y_FIRST, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(eo_sweep_find_pairs(&sw, b, 1, NULL, p, 1, &pc, NULL, NULL), EO_OK);
    assert_int_equal(eo_query_sweep_region(NULL, NULL, NULL, &r, got, 1, &count, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_sweep_region(&sw, NULL, NULL, NULL, got, 1, &count, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_sweep_region(&sw, NULL, NULL, &r, NULL, 1, &count, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_sweep_point(&sw, NULL, NULL, 2, 2, got, 1, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_segment_all(NULL, b, 1, NULL, NULL, NULL, &h, 1, &count, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_segment_all(&s, NULL, 1, NULL, NULL, NULL, &h, 1, &count, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_segment_all(&s, b, 1, NULL, NULL, NULL, NULL, 1, &count, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_segment_all(&s, b, 1, NULL, NULL, NULL, &h, 1, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_segment_all(&s, b, 1, NULL, NULL, NULL, NULL, 0, &count, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(eo_query_segment_all(&s, NULL, 0, NULL, NULL, NULL, NULL, 0, &count, NULL), EO_OK);
    assert_int_equal(count, 0);
    assert_int_equal(eo_query_segment_first(&s, b, 1, NULL, NULL, NULL, NULL, &found, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_segment_first(&s, b, 1, NULL, NULL, NULL, &h, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_query_segment_first(&s, b, 1, NULL, NULL, NULL, &h, &found, NULL), EO_OK);
    assert_int_equal(found, 1);
    assert_int_equal(h.index, 0);
    assert_int_equal(h.x, 1);
    assert_int_equal(h.y, 1);
}

/* ---- the teaching hooks -------------------------------------------------------------------------------- */

static void test_query_trace_hooks(void **state)
{
    eo_sectors_config cfg;
    eo_sectors grid;
    eo_trace_step steps[256];
    eo_hooks hooks;
    eo_box b[3];
    eo_segment s = seg(0, 20, 200, 20);
    eo_query_segment_hit h[3];
    eo_index count, k;
    (void)state;
    b[0] = box(10, 10, 20, 20);
    b[1] = box(150, 0, 20, 40);
    b[2] = box(100, 100, 20, 20);
    memset(&cfg, 0, sizeof cfg);
    assert_int_equal(eo_sectors_init(&grid, &cfg, storage_words, sizeof storage_words), EO_OK);
    assert_int_equal(eo_sectors_build(&grid, b, 3, NULL, NULL), EO_OK);
    eo_hooks_init(&hooks, steps, 256);
    assert_int_equal(eo_query_segment_all(&s, b, 3, &grid, NULL, NULL, h, 3, &count, &hooks), EO_OK);
    assert_int_equal(count, 2);
    assert_int_equal(h[0].index, 0);
    assert_int_equal(h[1].index, 1);
    assert_int_equal(eo_query_sectors_point(&grid, b, NULL, NULL, 15, 15, got, 3, &count, &hooks), EO_OK);
    assert_int_equal(count, 1);
#if EO_TRACE
    {
        int seen_hit = 0, seen_sector = 0;
        for (k = 0; k < hooks.step_count; k++) {
            /* each step from the file of its job: segments, grid queries, the end of every query */
            const char *file = steps[k].event == EO_EV_QUERY_HIT || steps[k].event == EO_EV_QUERY_SEGMENT
                                   ? "core/src/query_segment.c"
                               : steps[k].event == EO_EV_QUERY_FOUND ? "core/src/query_results.c"
                               : steps[k].event == EO_EV_QUERY_REGION ? "core/src/query_sectors.c"
                                                                      : NULL;
            assert_true(file != NULL ? ends_with(steps[k].file, file)
                                     : ends_with(steps[k].file, "core/src/query_segment.c") ||
                                           ends_with(steps[k].file, "core/src/query_sectors.c"));
            assert_string_not_equal(eo_event_name(steps[k].event), "EO_EV_UNKNOWN");
            seen_hit += steps[k].event == EO_EV_QUERY_HIT;
            seen_sector += steps[k].event == EO_EV_QUERY_SECTOR;
        }
        assert_int_equal(seen_hit, 2);
        assert_true(seen_sector > 0);
        assert_int_equal(hooks.counters[EO_COUNTER_QUERY_RESULTS], 3);
        assert_true(hooks.counters[EO_COUNTER_QUERY_TESTS] >= 2);
        assert_string_equal(eo_counter_name(EO_COUNTER_RAYCAST_PIXELS), "EO_COUNTER_RAYCAST_PIXELS");
    }
#else
    (void)k;
    assert_int_equal(hooks.step_count, 0);
#endif
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_query_references_agree),
        cmocka_unit_test(test_query_segment_box_matches_pixel_walk),
        cmocka_unit_test(test_query_segment_box_int16_extremes),
        cmocka_unit_test(test_query_segment_box_hand_picked),
        cmocka_unit_test(test_query_sectors_region_matches_brute_force),
        cmocka_unit_test(test_query_sweep_region_matches_brute_force),
        cmocka_unit_test(test_query_segment_all_matches_brute_force),
        cmocka_unit_test(test_query_segment_grid_corners),
        cmocka_unit_test(test_query_not_ready_is_an_error),
        cmocka_unit_test(test_query_bad_input),
        cmocka_unit_test(test_query_trace_hooks),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
