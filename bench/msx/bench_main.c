/* bench/msx/bench_main.c: one benchmark program for sz80, chosen at compile time:
     BENCH_OP  what one loop iteration does (the table in mk/msx.mk names them):
                0 nothing (the bare loop)
                1 classic: one mask          2 core: eo_gridmask_build
                3 classic: one pair test     4 core: eo_gridmask_test
                5 core: eo_gridmask_prepare (once per layout, not per call)
                6 classic: masks of 8 boxes  7 core: eo_gridmask_build_many of 8 boxes
                8 classic: all 28 pairs of 8 masks  9 core: eo_gridmask_find_candidates of 8 masks
     BENCH_K   iterations of the measured loop
   mk/msx.mk builds every op with K = 0 and K = N; (ticks(N) - ticks(0)) / N is the cost of one
   iteration, from which bench/msx/report.sh subtracts the bare loop's.
   The boxes and masks live in RAM (initialized at start-up), the functions are in other
   translation units and the loop reads a volatile step, so SDCC cannot fold any of it away. */
#include <stdint.h>

#include "earlyout/gridmask.h"
#include "classic.h"

#if !defined(BENCH_OP) || !defined(BENCH_K)
#error "define BENCH_OP and BENCH_K"
#endif

/* Same boxes in both formulations: small, wider than a cell (32 px), on a cell edge, crossing
   the right or bottom edge (where the classic 8-bit sum wraps). */
#define BOXES(X) \
    X(  10,  20,  16,  16) X( 100,  60,  48,  20) X( 200, 150,  24,  24) X( 240,  10,  32,  16) \
    X(  64,  96,  32,  32) X(  30, 170,  40,  30) X( 150,   5,  70,  12) X(   0,   0, 255, 191)
#define CORE_BOX(x, y, w, h) { x, y, w, h },
#define CLASSIC_BOX(x, y, w, h) { x, y, w, h },

static eo_box core_boxes[8] = { BOXES(CORE_BOX) };
static classic_box classic_boxes[8] = { BOXES(CLASSIC_BOX) };
static eo_gridmask_layout layout16 = EO_GRIDMASK_LAYOUT_16;
static eo_gridmask_grid grid16;
static eo_gridmask core_masks[8];
static uint16_t classic_masks[8];
static eo_pair core_pairs[28];
static classic_pair classic_pairs[28];

volatile uint8_t bench_step = 1;   /* read every iteration: the loop cannot be precomputed */
volatile uint16_t classic_out;
volatile uint8_t verdict_out;
volatile uint32_t count_out;

void main(void)
{
    uint8_t i, j = 0;

    /* Masks for the pair tests, built outside the measured loop (the K = 0 run pays it too). */
    (void)eo_gridmask_prepare(&layout16, &grid16);
    for (i = 0; i < 8; i++) {
        (void)eo_gridmask_build(&grid16, EO_GRIDMASK_SPAN, &core_boxes[i], &core_masks[i], 0);
        classic_masks[i] = classic_gridmask(&classic_boxes[i]);
    }
#if BENCH_K > 0
    uint16_t k;
    for (k = 0; k < (uint16_t)BENCH_K; k++) {
        i = j & 7u;
#if BENCH_OP == 0
        verdict_out = i;
#elif BENCH_OP == 1
        classic_out = classic_gridmask(&classic_boxes[i]);
#elif BENCH_OP == 2
        /* the core writes the mask itself, through its out-pointer */
        (void)eo_gridmask_build(&grid16, EO_GRIDMASK_SPAN, &core_boxes[i], &core_masks[i], 0);
#elif BENCH_OP == 3
        verdict_out = classic_gridmask_test(classic_masks[i], classic_masks[(i + 3u) & 7u]);
#elif BENCH_OP == 4
        verdict_out = (uint8_t)eo_gridmask_test(&grid16, core_masks[i], core_masks[(i + 3u) & 7u], 0);
#elif BENCH_OP == 5
        verdict_out = (uint8_t)eo_gridmask_prepare(&layout16, &grid16);
#elif BENCH_OP == 6
        classic_gridmask_many(classic_boxes, 8, classic_masks);
        verdict_out = i;
#elif BENCH_OP == 7
        (void)eo_gridmask_build_many(&grid16, EO_GRIDMASK_SPAN, core_boxes, 8, core_masks, 0);
        verdict_out = i;
#elif BENCH_OP == 8
        verdict_out = classic_gridmask_pairs(classic_masks, 8, classic_pairs);
#elif BENCH_OP == 9
        {
            uint32_t found;
            (void)eo_gridmask_find_candidates(&grid16, core_masks, 8, core_pairs, 28, &found, 0);
            count_out = found;
        }
#else
#error "unknown BENCH_OP"
#endif
        j = (uint8_t)(j + bench_step);
    }
#else
    (void)j;
    (void)core_pairs;
    (void)classic_pairs;
#endif
}
