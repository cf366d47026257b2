/* Random boxes for the Z80 kernel checks (tests/msx/sectors_asm.c, sweep_asm.c): ordinary
   scenes, crowds on a grid, and the edges of the 16-bit coordinate range. Uses rng() from
   rng16.h (the including file defines RNG16_SEED first). */
#ifndef EARLYOUT_TESTS_MSX_RANDOM_BOXES_H
#define EARLYOUT_TESTS_MSX_RANDOM_BOXES_H

#include <stdint.h>

#include "earlyout/common.h"
#include "rng16.h"

static int16_t pick(const int16_t *values, uint8_t count)
{
    return values[rng() % count];
}

static const int16_t edge_starts[] = { -32768, -32767, -32700, -1, 0, 1, 255, 32700, 32766, 32767 };
static const int16_t edge_sizes[] = { -32768, -5, -1, 0, 1, 2, 16, 100, 32767, 32766 };

/* kind 0: a 256 x 192 screen with a margin, sizes -3 .. 40 (a few empty); kind 1: many equal
   starts on a 16 px grid, sizes 0 .. crowd_size - 1; other kinds: the edges of the coordinate
   range, and anything at all. */
static void make_box(eo_box *b, uint8_t kind, uint16_t crowd_size)
{
    switch (kind) {
    case 0:
        b->x = (int16_t)(rng() % 320u) - 32;
        b->y = (int16_t)(rng() % 256u) - 32;
        b->w = (int16_t)(rng() % 44u) - 3;
        b->h = (int16_t)(rng() % 44u) - 3;
        break;
    case 1:
        b->x = (int16_t)((rng() % 6u) * 16u);
        b->y = (int16_t)((rng() % 6u) * 16u);
        b->w = (int16_t)(rng() % crowd_size);
        b->h = (int16_t)(rng() % crowd_size);
        break;
    default:
        b->x = (rng() & 1u) ? pick(edge_starts, sizeof edge_starts / sizeof edge_starts[0]) : (int16_t)rng();
        b->y = (rng() & 1u) ? pick(edge_starts, sizeof edge_starts / sizeof edge_starts[0]) : (int16_t)rng();
        b->w = (rng() & 1u) ? pick(edge_sizes, sizeof edge_sizes / sizeof edge_sizes[0]) : (int16_t)rng();
        b->h = (rng() & 1u) ? pick(edge_sizes, sizeof edge_sizes / sizeof edge_sizes[0]) : (int16_t)rng();
        break;
    }
}

/* Small moves of up to `reach` px each way (reach 3 or 7), wrapping as 16-bit words do; now and
   then a new width. */
static void move_boxes(eo_box *boxes, uint16_t n, uint8_t reach)
{
    uint16_t i;
    uint8_t bits = reach == 3u ? 3u : 4u;
    uint16_t mask = (uint16_t)((1u << bits) - 1u);
    for (i = 0; i < n; i++) {
        uint16_t r = rng();
        boxes[i].x = (int16_t)((uint16_t)boxes[i].x + (r & mask) - reach);
        boxes[i].y = (int16_t)((uint16_t)boxes[i].y + ((r >> bits) & mask) - reach);
        if ((r & 0x3F00u) == 0)
            boxes[i].w = (int16_t)(rng() % 20u);
    }
}

#endif
