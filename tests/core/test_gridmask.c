/* Unit and property tests of core/src/gridmask.c. Run: build/tests/test_gridmask [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"

static const eo_gridmask_layout L8 = EO_GRIDMASK_LAYOUT_8;
static const eo_gridmask_layout L16 = EO_GRIDMASK_LAYOUT_16;
static const eo_gridmask_layout L32 = EO_GRIDMASK_LAYOUT_32;

/* The prepared grid of one of the three layouts above (prepared on first use). */
static const eo_gridmask_grid *grid_of(const eo_gridmask_layout *layout)
{
    static eo_gridmask_grid grids[3];
    unsigned i = layout == &L8 ? 0u : layout == &L16 ? 1u : 2u;
    if (grids[i].ready != EO_GRIDMASK_READY)
        assert_int_equal(eo_gridmask_prepare(layout, &grids[i]), EO_OK);
    return &grids[i];
}

static eo_gridmask build(const eo_gridmask_layout *layout, eo_gridmask_method method,
                         int x, int y, int w, int h)
{
    eo_box box = { (int16_t)x, (int16_t)y, (int16_t)w, (int16_t)h };
    eo_gridmask m = 0xDEADBEEFu;
    assert_int_equal(eo_gridmask_build(grid_of(layout), method, &box, &m, NULL), EO_OK);
    return m;
}

/* The brute-force reference: do two half-open boxes share a pixel? 32-bit math, no shortcuts. */
static int boxes_overlap(const eo_box *a, const eo_box *b)
{
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0)
        return 0;
    return (int32_t)a->x < (int32_t)b->x + b->w && (int32_t)b->x < (int32_t)a->x + a->w &&
           (int32_t)a->y < (int32_t)b->y + b->h && (int32_t)b->y < (int32_t)a->y + a->h;
}

#define RNG_SEED 12345u
#include "rng.h"
#include "trace_file.h"

/* ---- worked examples -------------------------------------------------------------------- */

static void test_gridmask_small_box_sets_one_cell_per_axis(void **state)
{
    (void)state;
    /* x 10..25 is column 0, y 40..55 is row 1 (32-px cells): X byte 0x01, Y byte 0x02 */
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 10, 40, 16, 16), 0x0201u);
}

static void test_gridmask_box_across_a_border_sets_both_cells(void **state)
{
    (void)state;
    /* x 24..39 touches columns 0 and 1 */
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 24, 0, 16, 8), 0x0103u);
}

static void test_gridmask_span_fills_every_cell(void **state)
{
    (void)state;
    /* x 0..199: columns 0..6; endpoints sets only 0 and 6 */
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 0, 0, 200, 1) & 0xFFu, 0x7Fu);
    assert_int_equal(build(&L16, EO_GRIDMASK_ENDPOINTS, 0, 0, 200, 1) & 0xFFu, 0x41u);
}

static void test_gridmask_endpoints_false_negative_span_correct(void **state)
{
    eo_box wide = { 0, 50, 200, 8 }, small = { 100, 40, 8, 30 };
    eo_gridmask a, b;
    (void)state;
    assert_true(boxes_overlap(&wide, &small));
    assert_int_equal(eo_gridmask_build(grid_of(&L16), EO_GRIDMASK_ENDPOINTS, &wide, &a, NULL), EO_OK);
    assert_int_equal(eo_gridmask_build(grid_of(&L16), EO_GRIDMASK_ENDPOINTS, &small, &b, NULL), EO_OK);
    assert_int_equal(eo_gridmask_test(grid_of(&L16), a, b, NULL), EO_GRIDMASK_APART_X); /* wrong, by design */
    assert_int_equal(eo_gridmask_build(grid_of(&L16), EO_GRIDMASK_SPAN, &wide, &a, NULL), EO_OK);
    assert_int_equal(eo_gridmask_build(grid_of(&L16), EO_GRIDMASK_SPAN, &small, &b, NULL), EO_OK);
    assert_int_equal(eo_gridmask_test(grid_of(&L16), a, b, NULL), EO_GRIDMASK_MAYBE);
}

static void test_gridmask_layouts_place_the_y_field(void **state)
{
    (void)state;
    /* 8-bit: 64-px cells, Y in the high nibble */
    assert_int_equal(build(&L8, EO_GRIDMASK_SPAN, 70, 130, 8, 8), 0x42u);
    /* 32-bit: 64-px cells, Y in the high 16 bits */
    assert_int_equal(build(&L32, EO_GRIDMASK_SPAN, 1000, 650, 8, 8), 0x04008000u);
}

/* ---- edges ---------------------------------------------------------------------------- */

static void test_gridmask_half_open_edges(void **state)
{
    (void)state;
    /* x 0..31 ends exactly at the border: only column 0; x 0..32 reaches column 1 */
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 0, 0, 32, 1) & 0xFFu, 0x01u);
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 0, 0, 33, 1) & 0xFFu, 0x03u);
}

static void test_gridmask_past_screen_edge_does_not_wrap(void **state)
{
    (void)state;
    /* x 240..271: an 8-bit x + w would wrap to 16 (column 0); the core clamps to column 7 */
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 240, 0, 32, 1) & 0xFFu, 0x80u);
    assert_int_equal(build(&L16, EO_GRIDMASK_ENDPOINTS, 240, 0, 32, 1) & 0xFFu, 0x80u);
    /* rows: the screen is 192 px high, so row 5 is the last */
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 0, 180, 1, 100) >> 8, 0x20u);
}

static void test_gridmask_off_screen_boxes_go_to_edge_cells(void **state)
{
    (void)state;
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, -8, 0, 8, 1) & 0xFFu, 0x01u);   /* ends at -1 */
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 300, 0, 8, 1) & 0xFFu, 0x80u);  /* past 255 */
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 0, -50, 1, 10) >> 8, 0x01u);
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 0, 192, 1, 10) >> 8, 0x20u);
    /* partly off the left: covers x -10..21, on screen column 0 only */
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, -10, 0, 32, 1) & 0xFFu, 0x01u);
    /* covering the whole screen from far outside */
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, -1000, -1000, 5000, 5000), 0x3FFFu);
}

static void test_gridmask_extreme_coordinates(void **state)
{
    (void)state;
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, -32768, -32768, 32767, 32767), 0x0101u);
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, -32768, 0, 32767, 1) & 0xFFu, 0x01u);
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 32767, 32767, 32767, 32767), 0x2080u);
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 255, 0, 32767, 1) & 0xFFu, 0x80u);
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, -32768, 0, 32767 , 1) & 0xFFu, 0x01u);
    assert_int_equal(build(&L32, EO_GRIDMASK_SPAN, -32768, -32768, 32767, 32767) , 0x00010001u);
}

static void test_gridmask_empty_boxes_get_mask_zero(void **state)
{
    (void)state;
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 10, 10, 0, 8), 0u);
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 10, 10, 8, 0), 0u);
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 10, 10, -5, 8), 0u);
    assert_int_equal(build(&L16, EO_GRIDMASK_SPAN, 10, 10, 8, -32768), 0u);
    assert_int_equal(eo_gridmask_test(grid_of(&L16), 0, 0xFFFFu, NULL), EO_GRIDMASK_APART_X);
}

static void test_gridmask_test_reports_the_axis(void **state)
{
    (void)state;
    assert_int_equal(eo_gridmask_test(grid_of(&L16), 0x0101u, 0x0202u, NULL), EO_GRIDMASK_APART_X);
    assert_int_equal(eo_gridmask_test(grid_of(&L16), 0x0101u, 0x0201u, NULL), EO_GRIDMASK_APART_Y);
    assert_int_equal(eo_gridmask_test(grid_of(&L16), 0x0301u, 0x0203u, NULL), EO_GRIDMASK_MAYBE);
    assert_int_equal(eo_gridmask_test(grid_of(&L8), 0x21u, 0x12u, NULL), EO_GRIDMASK_APART_X);
    assert_int_equal(eo_gridmask_test(grid_of(&L8), 0x21u, 0x11u, NULL), EO_GRIDMASK_APART_Y);
    assert_int_equal(eo_gridmask_test(grid_of(&L32), 0x00018000u, 0x00018000u, NULL), EO_GRIDMASK_MAYBE);
    assert_int_equal(eo_gridmask_test(grid_of(&L32), 0x00018000u, 0x00028000u, NULL), EO_GRIDMASK_APART_Y);
}

/* ---- bad input ---------------------------------------------------------------------------- */

static void test_gridmask_rejects_bad_arguments(void **state)
{
    eo_box box = { 0, 0, 8, 8 };
    eo_gridmask m = 0x1234u;
    eo_gridmask_layout bad;
    uint32_t count = 99;
    (void)state;

    eo_gridmask_grid forged;
    assert_int_equal(eo_gridmask_build(NULL, EO_GRIDMASK_SPAN, &box, &m, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_gridmask_build(grid_of(&L16), EO_GRIDMASK_SPAN, NULL, &m, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_gridmask_build(grid_of(&L16), EO_GRIDMASK_SPAN, &box, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_gridmask_build(grid_of(&L16), (eo_gridmask_method)7, &box, &m, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(m, 0x1234u); /* untouched on error */

    bad = L16; bad.bits = 12;
    assert_int_equal(eo_gridmask_layout_check(&bad), EO_ERR_BAD_LAYOUT);
    bad = L16; bad.screen_w = 257; /* 9 columns do not fit 8 bits */
    assert_int_equal(eo_gridmask_layout_check(&bad), EO_ERR_BAD_LAYOUT);
    bad = L16; bad.screen_w = 16640; /* 520 columns: must not pass as 520 mod 256 = 8 (fuzzer find) */
    assert_int_equal(eo_gridmask_layout_check(&bad), EO_ERR_BAD_LAYOUT);
    bad = L16; bad.screen_h = 0;
    assert_int_equal(eo_gridmask_layout_check(&bad), EO_ERR_BAD_LAYOUT);
    bad = L16; bad.screen_w = -5;
    assert_int_equal(eo_gridmask_layout_check(&bad), EO_ERR_BAD_LAYOUT);
    bad = L16; bad.cell_shift_x = 15;
    assert_int_equal(eo_gridmask_layout_check(&bad), EO_ERR_BAD_LAYOUT);
    bad = L16; bad.reserved = 1;
    assert_int_equal(eo_gridmask_layout_check(&bad), EO_ERR_BAD_LAYOUT);
    forged = *grid_of(&L16);
    assert_int_equal(eo_gridmask_prepare(&bad, &forged), EO_ERR_BAD_LAYOUT);
    assert_int_equal(forged.ready, 0); /* a failed prepare leaves nothing usable */
    assert_int_equal(eo_gridmask_build(&forged, EO_GRIDMASK_SPAN, &box, &m, NULL), EO_ERR_BAD_LAYOUT);
    assert_int_equal(eo_gridmask_test(&forged, 1, 1, NULL), EO_GRIDMASK_BAD_LAYOUT);
    assert_int_equal(eo_gridmask_test(NULL, 1, 1, NULL), EO_GRIDMASK_BAD_LAYOUT);
    assert_int_equal(eo_gridmask_prepare(&L16, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_gridmask_prepare(NULL, &forged), EO_ERR_NULL_POINTER);
    /* a grid forged by hand with huge cell indices still stays inside the tables */
    forged = *grid_of(&L16);
    forged.axis[0].last_cell = 200;
    forged.axis[0].screen = 1;
    box.x = 5;
    assert_int_equal(eo_gridmask_build(&forged, EO_GRIDMASK_SPAN, &box, &m, NULL), EO_OK);
    box.x = 0;
    assert_false(EO_GRIDMASK_ELIMINATED(EO_GRIDMASK_BAD_LAYOUT));

    assert_int_equal(eo_gridmask_build_many(grid_of(&L16), EO_GRIDMASK_SPAN, NULL, 1, &m, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_gridmask_build_many(grid_of(&L16), EO_GRIDMASK_SPAN, NULL, 0, NULL, NULL), EO_OK);
    assert_int_equal(eo_gridmask_find_candidates(grid_of(&L16), &m, 1, NULL, 0, NULL, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_gridmask_find_candidates(grid_of(&L16), &m, 1, NULL, 4, &count, NULL), EO_ERR_NULL_POINTER);
    assert_string_equal(eo_result_name(EO_ERR_BAD_LAYOUT), "EO_ERR_BAD_LAYOUT");
    assert_string_equal(eo_result_name((eo_result)99), "EO_ERR_UNKNOWN");
}

static void test_gridmask_prepare_counts_cells(void **state)
{
    (void)state;
    assert_int_equal(grid_of(&L16)->axis[0].last_cell + 1, 8);
    assert_int_equal(grid_of(&L16)->axis[1].last_cell + 1, 6);
    assert_int_equal(grid_of(&L8)->axis[0].last_cell + 1, 4);
    assert_int_equal(grid_of(&L8)->axis[1].last_cell + 1, 3);
    assert_int_equal(grid_of(&L32)->axis[0].last_cell + 1, 16);
    assert_int_equal(grid_of(&L32)->half, 16);
}

/* ---- many objects ---------------------------------------------------------------------- */

static void test_gridmask_find_candidates_order_and_overflow(void **state)
{
    eo_box boxes[4] = { { 0, 0, 8, 8 }, { 4, 4, 8, 8 }, { 200, 150, 8, 8 }, { 2, 2, 40, 8 } };
    eo_gridmask masks[4];
    eo_pair pairs[3];
    uint32_t count = 0;
    (void)state;
    assert_int_equal(eo_gridmask_build_many(grid_of(&L16), EO_GRIDMASK_SPAN, boxes, 4, masks, NULL), EO_OK);
    assert_int_equal(eo_gridmask_find_candidates(grid_of(&L16), masks, 4, pairs, 3, &count, NULL), EO_OK);
    assert_int_equal(count, 3);
    assert_int_equal(pairs[0].a, 0); assert_int_equal(pairs[0].b, 1);
    assert_int_equal(pairs[1].a, 0); assert_int_equal(pairs[1].b, 3);
    assert_int_equal(pairs[2].a, 1); assert_int_equal(pairs[2].b, 3);
    pairs[1].a = 77;
    assert_int_equal(eo_gridmask_find_candidates(grid_of(&L16), masks, 4, pairs, 1, &count, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(count, 3);
    assert_int_equal(pairs[1].a, 77); /* nothing written past the capacity */
    assert_int_equal(eo_gridmask_find_candidates(grid_of(&L16), masks, 4, NULL, 0, &count, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(count, 3);
}

static void test_gridmask_find_candidates_tests_each_pair_once(void **state)
{
#if EO_TRACE
    eo_gridmask masks[3] = { 0x0101u, 0x0101u, 0x1040u };
    eo_hooks hooks;
    uint32_t count;
    (void)state;
    eo_hooks_init(&hooks, NULL, 0);
    assert_int_equal(eo_gridmask_find_candidates(grid_of(&L16), masks, 3, NULL, 0, &count, &hooks), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(count, 1);
    assert_int_equal(hooks.counters[EO_COUNTER_GRIDMASK_TESTS], 3);      /* n(n-1)/2, no more */
    assert_int_equal(hooks.counters[EO_COUNTER_GRIDMASK_ELIMINATED], 2);
#else
    (void)state;
    assert_true(EO_GRIDMASK_ELIMINATED(EO_GRIDMASK_APART_X) && EO_GRIDMASK_ELIMINATED(EO_GRIDMASK_APART_Y));
    assert_false(EO_GRIDMASK_ELIMINATED(EO_GRIDMASK_MAYBE) || EO_GRIDMASK_ELIMINATED(EO_GRIDMASK_BAD_LAYOUT));
#endif
}

/* ---- properties against the brute-force reference ---------------------------------------- */

static void random_box(eo_box *b, const eo_gridmask_layout *layout)
{
    int wide = (rng() % 6u) == 0;
    int extreme = (rng() % 50u) == 0;
    if (extreme) {
        b->x = (int16_t)rng(); b->y = (int16_t)rng(); b->w = (int16_t)rng(); b->h = (int16_t)rng();
        return;
    }
    b->x = rng_range(-80, layout->screen_w + 40);
    b->y = rng_range(-80, layout->screen_h + 40);
    b->w = rng_range(-3, wide ? layout->screen_w : 70);
    b->h = rng_range(-3, wide ? layout->screen_h : 70);
}

static void test_gridmask_span_never_eliminates_an_overlap(void **state)
{
    const eo_gridmask_layout *layouts[3] = { &L8, &L16, &L32 };
    unsigned long trials = 0, overlapping = 0, endpoint_misses = 0, span_eliminated = 0, eliminated = 0;
    unsigned li, i;
    (void)state;
    for (li = 0; li < 3; li++) {
        for (i = 0; i < 200000u; i++) {
            eo_box a, b;
            eo_gridmask ma, mb, ea, eb;
            eo_gridmask_verdict v;
            random_box(&a, layouts[li]);
            random_box(&b, layouts[li]);
            assert_int_equal(eo_gridmask_build(grid_of(layouts[li]), EO_GRIDMASK_SPAN, &a, &ma, NULL), EO_OK);
            assert_int_equal(eo_gridmask_build(grid_of(layouts[li]), EO_GRIDMASK_SPAN, &b, &mb, NULL), EO_OK);
            assert_int_equal(eo_gridmask_build(grid_of(layouts[li]), EO_GRIDMASK_ENDPOINTS, &a, &ea, NULL), EO_OK);
            assert_int_equal(eo_gridmask_build(grid_of(layouts[li]), EO_GRIDMASK_ENDPOINTS, &b, &eb, NULL), EO_OK);
            v = eo_gridmask_test(grid_of(layouts[li]), ma, mb, NULL);
            trials++;
            if (EO_GRIDMASK_ELIMINATED(v))
                span_eliminated++;
            if (boxes_overlap(&a, &b)) {
                overlapping++;
                if (EO_GRIDMASK_ELIMINATED(v)) {
                    fail_msg("span eliminated overlapping boxes (%d,%d,%d,%d) (%d,%d,%d,%d)",
                             a.x, a.y, a.w, a.h, b.x, b.y, b.w, b.h);
                }
                if (EO_GRIDMASK_ELIMINATED(eo_gridmask_test(grid_of(layouts[li]), ea, eb, NULL)))
                    endpoint_misses++;
            } else {
                eliminated++;
            }
            /* endpoints bits are always a subset of span bits */
            assert_int_equal(ea & ~ma, 0u);
        }
    }
    print_message("span: %lu pairs, %lu overlapping, 0 missed; eliminated %lu of %lu non-overlapping pairs\n",
                  trials, overlapping, span_eliminated, eliminated);
    print_message("endpoints: missed %lu of %lu overlapping pairs (%.2f%%): its false negatives\n",
                  endpoint_misses, overlapping, 100.0 * (double)endpoint_misses / (double)overlapping);
    assert_true(endpoint_misses > 0); /* the lesson's point must stay demonstrable */
}

/* The mask must equal the set of cells the box's on-screen pixels (or, off-screen, the nearest
   edge cell) fall in, computed pixel by pixel. */
static void test_gridmask_matches_pixel_reference(void **state)
{
    const eo_gridmask_layout *layouts[3] = { &L8, &L16, &L32 };
    unsigned li, i;
    (void)state;
    for (li = 0; li < 3; li++) {
        const eo_gridmask_layout *L = layouts[li];
        for (i = 0; i < 20000u; i++) {
            eo_box b;
            eo_gridmask got;
            uint32_t want_x = 0, want_y = 0;
            int32_t p;
            random_box(&b, L);
            if (b.w > 3000 || b.h > 3000)
                continue; /* keep the pixel loop short */
            assert_int_equal(eo_gridmask_build(grid_of(L), EO_GRIDMASK_SPAN, &b, &got, NULL), EO_OK);
            if (b.w > 0 && b.h > 0) {
                for (p = b.x; p < (int32_t)b.x + b.w; p++) {
                    int32_t c = p < 0 ? 0 : (p >= L->screen_w ? L->screen_w - 1 : p);
                    want_x |= 1u << (c >> L->cell_shift_x);
                }
                for (p = b.y; p < (int32_t)b.y + b.h; p++) {
                    int32_t c = p < 0 ? 0 : (p >= L->screen_h ? L->screen_h - 1 : p);
                    want_y |= 1u << (c >> L->cell_shift_y);
                }
            }
            assert_int_equal(got, want_x | (want_y << (L->bits / 2)));
        }
    }
}

/* ---- teaching hooks ------------------------------------------------------------------------- */

static void test_gridmask_hooks_record_steps_in_traced_build(void **state)
{
    eo_trace_step steps[64];
    eo_hooks hooks;
    eo_box a = { 10, 10, 16, 16 }, b = { 100, 10, 16, 16 };
    eo_gridmask ma, mb;
    (void)state;
    eo_hooks_init(&hooks, steps, 64);
    assert_int_equal(eo_gridmask_build(grid_of(&L16), EO_GRIDMASK_SPAN, &a, &ma, &hooks), EO_OK);
    assert_int_equal(eo_gridmask_build(grid_of(&L16), EO_GRIDMASK_SPAN, &b, &mb, &hooks), EO_OK);
    assert_int_equal(eo_gridmask_test(grid_of(&L16), ma, mb, &hooks), EO_GRIDMASK_APART_X);
#if EO_TRACE
    assert_int_equal(hooks.counters[EO_COUNTER_GRIDMASK_BUILT], 2);
    assert_int_equal(hooks.counters[EO_COUNTER_GRIDMASK_TESTS], 1);
    assert_int_equal(hooks.counters[EO_COUNTER_GRIDMASK_ELIMINATED], 1);
    assert_true(hooks.step_count > 10);
    assert_int_equal(steps[0].event, EO_EV_GRIDMASK_BEGIN);
    assert_true(ends_with(steps[0].file, "core/src/gridmask.c"));
    assert_int_equal(steps[hooks.step_count - 1].event, EO_EV_GRIDMASK_VERDICT);
    assert_int_equal(steps[hooks.step_count - 1].a, EO_GRIDMASK_APART_X);
    assert_int_equal(steps[hooks.step_count - 2].event, EO_EV_GRIDMASK_AND_X); /* early out: no AND_Y */
    assert_true(steps[0].line > 0);
    {   /* a buffer too small keeps what fits and counts the rest */
        eo_hooks small;
        eo_hooks_init(&small, steps, 3);
        assert_int_equal(eo_gridmask_build(grid_of(&L16), EO_GRIDMASK_SPAN, &a, &ma, &small), EO_OK);
        assert_int_equal(small.step_count, 3);
        assert_true(small.steps_lost > 0);
    }
#else
    assert_int_equal(hooks.step_count, 0);
    assert_int_equal(hooks.counters[EO_COUNTER_GRIDMASK_BUILT], 0);
#endif
    assert_string_equal(eo_event_name(EO_EV_GRIDMASK_AND_X), "EO_EV_GRIDMASK_AND_X");
    assert_string_equal(eo_counter_name(EO_COUNTER_GRIDMASK_TESTS), "EO_COUNTER_GRIDMASK_TESTS");
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gridmask_small_box_sets_one_cell_per_axis),
        cmocka_unit_test(test_gridmask_box_across_a_border_sets_both_cells),
        cmocka_unit_test(test_gridmask_span_fills_every_cell),
        cmocka_unit_test(test_gridmask_endpoints_false_negative_span_correct),
        cmocka_unit_test(test_gridmask_layouts_place_the_y_field),
        cmocka_unit_test(test_gridmask_half_open_edges),
        cmocka_unit_test(test_gridmask_past_screen_edge_does_not_wrap),
        cmocka_unit_test(test_gridmask_off_screen_boxes_go_to_edge_cells),
        cmocka_unit_test(test_gridmask_extreme_coordinates),
        cmocka_unit_test(test_gridmask_empty_boxes_get_mask_zero),
        cmocka_unit_test(test_gridmask_test_reports_the_axis),
        cmocka_unit_test(test_gridmask_rejects_bad_arguments),
        cmocka_unit_test(test_gridmask_prepare_counts_cells),
        cmocka_unit_test(test_gridmask_find_candidates_order_and_overflow),
        cmocka_unit_test(test_gridmask_find_candidates_tests_each_pair_once),
        cmocka_unit_test(test_gridmask_span_never_eliminates_an_overlap),
        cmocka_unit_test(test_gridmask_matches_pixel_reference),
        cmocka_unit_test(test_gridmask_hooks_record_steps_in_traced_build),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("gridmask", tests, NULL, NULL);
}
