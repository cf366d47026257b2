/* Unit and property tests of core/src/aabb.c. Run: build/tests/test_aabb [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"

#define RNG_SEED 777u
#include "rng.h"

/* Reference: 32-bit arithmetic, straight from the definition. */
static int ref_overlap(const eo_box *a, const eo_box *b)
{
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0)
        return 0;
    return (int32_t)a->x < (int32_t)b->x + b->w && (int32_t)b->x < (int32_t)a->x + a->w &&
           (int32_t)a->y < (int32_t)b->y + b->h && (int32_t)b->y < (int32_t)a->y + a->h;
}

static void random_box(eo_box *b)
{
    switch (rng() % 4u) {
    case 0: /* anything at all */
        b->x = (int16_t)rng(); b->y = (int16_t)rng(); b->w = (int16_t)rng(); b->h = (int16_t)rng();
        break;
    case 1: /* near the int16 edges */
        b->x = (int16_t)(32767 - (int)(rng() % 64u)); b->y = (int16_t)(-32768 + (int)(rng() % 64u));
        b->w = (int16_t)(rng() % 70u); b->h = (int16_t)(32767 - (int)(rng() % 64u));
        break;
    default: /* a small screen, so overlaps are common */
        b->x = (int16_t)(rng() % 100u); b->y = (int16_t)(rng() % 100u);
        b->w = (int16_t)((int)(rng() % 40u) - 3); b->h = (int16_t)((int)(rng() % 40u) - 3);
    }
}

static void test_aabb_touching_is_not_overlapping(void **state)
{
    eo_box a = { 0, 0, 10, 10 }, b = { 10, 0, 10, 10 }, c = { 9, 9, 10, 10 };
    (void)state;
    assert_int_equal(eo_aabb_overlap(&a, &b), 0);
    assert_int_equal(eo_aabb_overlap(&a, &c), 1);
    b.x = 9;
    assert_int_equal(eo_aabb_overlap(&a, &b), 1);
}

static void test_aabb_containment_and_empty(void **state)
{
    eo_box big = { -100, -100, 1000, 1000 }, small = { 5, 5, 1, 1 }, empty = { 5, 5, 0, 10 };
    (void)state;
    assert_int_equal(eo_aabb_overlap(&big, &small), 1);
    assert_int_equal(eo_aabb_overlap(&small, &big), 1);
    assert_int_equal(eo_aabb_overlap(&big, &empty), 0);
    assert_int_equal(eo_aabb_overlap(NULL, &big), 0);
}

static void test_aabb_extremes_do_not_wrap(void **state)
{
    eo_box a = { 32767, 0, 32767, 10 }, b = { -32768, 0, 10, 10 }, c = { 32000, 0, 10, 10 };
    eo_box d = { -32768, -32768, 32767, 32767 }, e = { -2, -2, 1, 1 }, f = { -1, -1, 1, 1 };
    (void)state;
    assert_int_equal(eo_aabb_overlap(&a, &b), 0); /* a 16-bit x + w would wrap onto b */
    assert_int_equal(eo_aabb_overlap(&a, &c), 0);
    assert_int_equal(eo_aabb_overlap(&d, &e), 1); /* d ends at -2 */
    assert_int_equal(eo_aabb_overlap(&d, &f), 0);
}

static void test_aabb_comparisons_follow_the_order(void **state)
{
    /* apart on Y only: X first costs 2 (X passes) + 1 (A above B); Y first costs 1 */
    eo_box a = { 0, 0, 10, 10 }, b = { 5, 50, 10, 10 };
    uint8_t n = 0;
    (void)state;
    assert_int_equal(eo_aabb_overlap_ordered(&a, &b, EO_AABB_X_FIRST, &n, NULL), 0);
    assert_int_equal(n, 3);
    assert_int_equal(eo_aabb_overlap_ordered(&a, &b, EO_AABB_Y_FIRST, &n, NULL), 0);
    assert_int_equal(n, 1);
    /* B above A: the second comparison of Y */
    assert_int_equal(eo_aabb_overlap_ordered(&b, &a, EO_AABB_Y_FIRST, &n, NULL), 0);
    assert_int_equal(n, 2);
    /* overlapping pairs always cost all four */
    b.y = 5;
    assert_int_equal(eo_aabb_overlap_ordered(&a, &b, EO_AABB_Y_FIRST, &n, NULL), 1);
    assert_int_equal(n, 4);
}

static void test_aabb_matches_reference_in_both_orders(void **state)
{
    unsigned i;
    (void)state;
    for (i = 0; i < 500000u; i++) {
        eo_box a, b;
        uint8_t nx, ny;
        int want;
        random_box(&a);
        random_box(&b);
        want = ref_overlap(&a, &b);
        assert_int_equal(eo_aabb_overlap_ordered(&a, &b, EO_AABB_X_FIRST, &nx, NULL), want);
        assert_int_equal(eo_aabb_overlap_ordered(&a, &b, EO_AABB_Y_FIRST, &ny, NULL), want);
        assert_int_equal(eo_aabb_overlap(&b, &a), want);
        if (want) {
            assert_int_equal(nx, 4);
            assert_int_equal(ny, 4);
        }
    }
}

static void test_aabb_find_pairs_all_and_overflow(void **state)
{
    eo_box boxes[4] = { { 0, 0, 10, 10 }, { 5, 5, 10, 10 }, { 100, 0, 5, 5 }, { 8, 8, 1, 1 } };
    eo_pair pairs[3];
    uint32_t count = 0, comparisons = 0;
    (void)state;
    assert_int_equal(eo_aabb_find_pairs(boxes, 4, EO_AABB_X_FIRST, pairs, 3, &count, &comparisons, NULL), EO_OK);
    assert_int_equal(count, 3);
    assert_int_equal(pairs[0].a, 0); assert_int_equal(pairs[0].b, 1);
    assert_int_equal(pairs[1].a, 0); assert_int_equal(pairs[1].b, 3);
    assert_int_equal(pairs[2].a, 1); assert_int_equal(pairs[2].b, 3);
    assert_true(comparisons >= 6 * 1 && comparisons <= 6 * 4);
    pairs[1].a = 99;
    assert_int_equal(eo_aabb_find_pairs(boxes, 4, EO_AABB_Y_FIRST, pairs, 1, &count, NULL, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(count, 3);
    assert_int_equal(pairs[1].a, 99);
    assert_int_equal(eo_aabb_find_pairs(NULL, 4, EO_AABB_X_FIRST, pairs, 3, &count, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_aabb_find_pairs(boxes, 4, (eo_aabb_order)2, pairs, 3, &count, NULL, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_aabb_find_pairs(boxes, 0, EO_AABB_X_FIRST, NULL, 0, &count, NULL, NULL), EO_OK);
    assert_int_equal(count, 0);
}

/* A scene like the article's: rows of soldiers in tight formation (neighbours overlap on X), the
   rows far apart: most pairs are apart on Y, few on X. */
/* find_pairs without a comparison count takes a straight-line path: on random scenes (empty
   boxes, int16 edges) it must give the reference's pairs, in order, in both axis orders, and the
   same as the counting path. */
static void test_aabb_find_pairs_fast_path_matches_reference(void **state)
{
    enum { N = 40 };
    eo_box boxes[N];
    eo_pair fast[N * N / 2], counted[N * N / 2];
    unsigned trial;
    (void)state;
    for (trial = 0; trial < 400u; trial++) {
        uint16_t n = (uint16_t)(rng() % (N + 1u)), i, j;
        eo_aabb_order order = (eo_aabb_order)(trial % 2u);
        uint32_t n_fast, n_counted, comparisons, k = 0;
        for (i = 0; i < n; i++)
            random_box(&boxes[i]);
        assert_int_equal(eo_aabb_find_pairs(boxes, n, order, fast, N * N / 2, &n_fast, NULL, NULL), EO_OK);
        assert_int_equal(eo_aabb_find_pairs(boxes, n, order, counted, N * N / 2, &n_counted, &comparisons, NULL), EO_OK);
        for (i = 0; i < n; i++)
            for (j = (uint16_t)(i + 1u); j < n; j++)
                if (ref_overlap(&boxes[i], &boxes[j])) {
                    assert_true(k < n_fast);
                    assert_int_equal(fast[k].a, i);
                    assert_int_equal(fast[k].b, j);
                    k++;
                }
        assert_int_equal(n_fast, k);
        assert_int_equal(n_counted, k);
        assert_memory_equal(fast, counted, k * sizeof(eo_pair));
    }
}

static void test_aabb_chooser_picks_y_for_rows(void **state)
{
    eo_box boxes[32];
    eo_aabb_order_report r;
    unsigned i;
    (void)state;
    for (i = 0; i < 32; i++) {
        boxes[i].x = (int16_t)(8 + (i % 8u) * 10u);
        boxes[i].y = (int16_t)(20 + (i / 8u) * 40u);
        boxes[i].w = 16;
        boxes[i].h = 16;
    }
    assert_int_equal(eo_aabb_choose_order(boxes, 32, 32, &r, NULL), EO_OK);
    assert_int_equal(r.pairs_sampled, 32 * 31 / 2);
    assert_int_equal(r.order, EO_AABB_Y_FIRST);
    assert_true(r.comparisons_y_first < r.comparisons_x_first);
    assert_true(r.apart_on_y > r.apart_on_x);
    /* columns instead of rows: X wins */
    for (i = 0; i < 32; i++) {
        int16_t t = boxes[i].x; boxes[i].x = boxes[i].y; boxes[i].y = t;
    }
    assert_int_equal(eo_aabb_choose_order(boxes, 32, 8, &r, NULL), EO_OK);
    assert_int_equal(r.pairs_sampled, 8 * 7 / 2);
    assert_int_equal(eo_aabb_choose_order(boxes, 32, 32, &r, NULL), EO_OK);
    assert_int_equal(r.order, EO_AABB_X_FIRST);
    assert_int_equal(eo_aabb_choose_order(boxes, 32, 1, &r, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_aabb_choose_order(NULL, 32, 8, &r, NULL), EO_ERR_NULL_POINTER);
}

static void test_circle_overlap_cases(void **state)
{
    eo_aabb_circle a = { 0, 0, 10 }, b = { 20, 0, 10 }, c = { 14, 14, 10 }, p = { 3, 4, 0 };
    uint8_t o = 9;
    (void)state;
    assert_int_equal(eo_aabb_circle_overlap(&a, &b, &o, NULL), EO_OK);
    assert_int_equal(o, 0); /* touching */
    b.x = 19;
    assert_int_equal(eo_aabb_circle_overlap(&a, &b, &o, NULL), EO_OK);
    assert_int_equal(o, 1);
    assert_int_equal(eo_aabb_circle_overlap(&a, &c, &o, NULL), EO_OK); /* 14^2*2 = 392 < 400 */
    assert_int_equal(o, 1);
    c.x = 15;  /* 225 + 196 = 421 > 400: boxes overlap, circles do not */
    assert_int_equal(eo_aabb_circle_overlap(&a, &c, &o, NULL), EO_OK);
    assert_int_equal(o, 0);
    a.r = 5;   /* point at distance exactly 5: on the edge, not inside */
    assert_int_equal(eo_aabb_circle_overlap(&a, &p, &o, NULL), EO_OK);
    assert_int_equal(o, 0);
    a.r = 6;
    assert_int_equal(eo_aabb_circle_overlap(&a, &p, &o, NULL), EO_OK);
    assert_int_equal(o, 1);
    o = 7;
    a.r = -1;
    assert_int_equal(eo_aabb_circle_overlap(&a, &p, &o, NULL), EO_ERR_BAD_ARGUMENT);
    a.r = EO_AABB_CIRCLE_MAX_RADIUS + 1;
    assert_int_equal(eo_aabb_circle_overlap(&a, &p, &o, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(o, 7);
    assert_int_equal(eo_aabb_circle_overlap(NULL, &p, &o, NULL), EO_ERR_NULL_POINTER);
}

static void test_circle_matches_64bit_reference(void **state)
{
    unsigned i;
    (void)state;
    for (i = 0; i < 500000u; i++) {
        eo_aabb_circle a, b;
        uint8_t o;
        int64_t dx, dy, reach;
        a.x = (int16_t)rng(); a.y = (int16_t)rng(); a.r = (int16_t)(rng() % (EO_AABB_CIRCLE_MAX_RADIUS + 1u));
        if (i & 1u) { /* near each other, so both answers are common */
            b.x = (int16_t)(a.x + (int16_t)(rng() % 200u) - 100); b.y = (int16_t)(a.y + (int16_t)(rng() % 200u) - 100);
            a.r = (int16_t)(rng() % 80u); b.r = (int16_t)(rng() % 80u);
        } else {
            b.x = (int16_t)rng(); b.y = (int16_t)rng(); b.r = (int16_t)(rng() % (EO_AABB_CIRCLE_MAX_RADIUS + 1u));
        }
        dx = (int64_t)a.x - b.x; dy = (int64_t)a.y - b.y; reach = (int64_t)a.r + b.r;
        assert_int_equal(eo_aabb_circle_overlap(&a, &b, &o, NULL), EO_OK);
        assert_int_equal(o, dx * dx + dy * dy < reach * reach);
    }
}

static void test_aabb_hooks_count_comparisons(void **state)
{
    eo_box a = { 0, 0, 10, 10 }, b = { 5, 50, 10, 10 };
    eo_trace_step steps[16];
    eo_hooks h;
    (void)state;
    eo_hooks_init(&h, steps, 16);
    (void)eo_aabb_overlap_ordered(&a, &b, EO_AABB_X_FIRST, NULL, &h);
#if EO_TRACE
    assert_int_equal(h.counters[EO_COUNTER_AABB_TESTS], 1);
    assert_int_equal(h.counters[EO_COUNTER_AABB_COMPARISONS], 3);
    assert_int_equal(h.step_count, 4);
    assert_int_equal(steps[2].event, EO_EV_AABB_A_BEFORE_B);
    assert_int_equal(steps[2].a, 1); /* the Y axis */
    assert_int_equal(steps[3].event, EO_EV_AABB_RESULT);
#else
    assert_int_equal(h.step_count, 0);
#endif
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aabb_touching_is_not_overlapping),
        cmocka_unit_test(test_aabb_containment_and_empty),
        cmocka_unit_test(test_aabb_extremes_do_not_wrap),
        cmocka_unit_test(test_aabb_comparisons_follow_the_order),
        cmocka_unit_test(test_aabb_matches_reference_in_both_orders),
        cmocka_unit_test(test_aabb_find_pairs_all_and_overflow),
        cmocka_unit_test(test_aabb_find_pairs_fast_path_matches_reference),
        cmocka_unit_test(test_aabb_chooser_picks_y_for_rows),
        cmocka_unit_test(test_circle_overlap_cases),
        cmocka_unit_test(test_circle_matches_64bit_reference),
        cmocka_unit_test(test_aabb_hooks_count_comparisons),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("aabb", tests, NULL, NULL);
}
