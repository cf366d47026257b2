/* bench/msx/pixel_main.c: Z80 T-states for one 16 x 16 pixel-mask pair (the MSX sprite size) at
   a given X offset, one program per (PIXEL_OP, PIXEL_SHIFT, PIXEL_K), for sz80:
     PIXEL_OP     0 nothing (the bare loop), 1 eo_pixelmask_overlap, 2 eo_pixelmask_overlap_reference
     PIXEL_SHIFT  B is placed PIXEL_SHIFT px right of A (and 1 px lower): the bit shift the Z80 pays
     PIXEL_K      pairs tested
   The sprites never share a pixel (both are solid on even rows only, and B sits one row lower,
   so its solid rows fall on A's clear ones), so both methods scan the whole overlap rectangle:
   the worst case, and the same rows at every shift. bench_result gets
   the hits (must be 0) so sz80 can show the answer was not optimized away. */
#include <stdint.h>

#include "earlyout/pixelmask.h"

#if !defined(PIXEL_OP) || !defined(PIXEL_SHIFT) || !defined(PIXEL_K)
#error "define PIXEL_OP, PIXEL_SHIFT and PIXEL_K"
#endif
#ifndef PIXEL_Y
#define PIXEL_Y 1 /* B's row: odd, so B's solid rows fall on A's clear ones */
#endif

static uint8_t store_a[16 * 2], store_b[16 * 2]; /* 16 x 16 at 8-bit words: 2 words a row */
static eo_pixelmask a, b;
volatile uint8_t bench_step = 1;
volatile uint16_t bench_pairs = PIXEL_K; /* volatile: K = 0 must still compile and loop zero times */
uint8_t bench_result[5];

void main(void)
{
    uint8_t x, y, hit = 0, hits = 0, err = 0;
    uint16_t k;
    if (eo_pixelmask_init(&a, 16, 16, store_a, sizeof store_a) != EO_OK ||
        eo_pixelmask_init(&b, 16, 16, store_b, sizeof store_b) != EO_OK)
        err = 1;
    /* A: solid on even rows; B: solid on even rows too, but placed one row lower, so B's solid
       rows fall on A's odd (clear) rows: no shared pixel at any X offset */
    for (y = 0; y < 16; y += 2)
        for (x = 0; x < 16; x++) {
            (void)eo_pixelmask_set(&a, x, y, 1);
            (void)eo_pixelmask_set(&b, x, y, 1);
        }
    for (k = 0; k < bench_pairs; k += bench_step) {
#if PIXEL_OP == 1
        (void)eo_pixelmask_overlap(&a, 0, 0, &b, PIXEL_SHIFT, PIXEL_Y, &hit, 0);
#elif PIXEL_OP == 2
        (void)eo_pixelmask_overlap_reference(&a, 0, 0, &b, PIXEL_SHIFT, PIXEL_Y, &hit, 0);
#endif
        hits = (uint8_t)(hits + hit);
    }
    bench_result[0] = hits;
    bench_result[1] = bench_result[2] = bench_result[3] = 0;
    bench_result[4] = err;
}
