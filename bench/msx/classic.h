/* bench/msx/classic.h: the grid mask as MSX-era code wrote it, for `make bench-msx` to race
   against the core. Not part of the core: it has the bugs the core fixes (see classic.c). */
#ifndef EARLYOUT_BENCH_CLASSIC_H
#define EARLYOUT_BENCH_CLASSIC_H

#include <stdint.h>

/* A sprite's box in screen pixels, one byte each, as a 256 x 192 MSX game keeps it. */
typedef struct classic_box {
    uint8_t x, y, w, h;
} classic_box;

/* X field in the low byte (one bit per 32 px column), Y field in the high byte. */
uint16_t classic_gridmask(const classic_box *b);
/* Non-zero when the two masks share a column and a row ("maybe"), 0 when eliminated. */
uint8_t classic_gridmask_test(uint16_t a, uint16_t b);

/* The per-frame loops around them, with 8-bit counts and indices as an MSX game has them. */
typedef struct classic_pair {
    uint8_t a, b;
} classic_pair;
void classic_gridmask_many(const classic_box *boxes, uint8_t count, uint16_t *masks);
/* Every pair i < j that is not eliminated into pairs (room for count * (count - 1) / 2); returns how many. */
uint8_t classic_gridmask_pairs(const uint16_t *masks, uint8_t count, classic_pair *pairs);

#endif
