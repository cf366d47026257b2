/* bench/common/plain_grid.h: the baseline grid of the broadphase benches, native and in wasm: rebuilt
   every frame with a counting sort into 32 px cells over a square world. A box is listed in every
   cell it touches; a pair is tested only in the first cell both are listed in (the cell at the
   larger of their first columns and first rows). About 40 lines, the way a game would write it. */
#ifndef EARLYOUT_BENCH_PLAIN_GRID_H
#define EARLYOUT_BENCH_PLAIN_GRID_H

#include <stdint.h>
#include <string.h>

#include "earlyout/common.h"

#define PLAIN_GRID_SHIFT 5                                            /* 32 px cells */
#define PLAIN_GRID_MAX_CELLS ((8960u >> PLAIN_GRID_SHIFT) * (8960u >> PLAIN_GRID_SHIFT)) /* worlds to 8,960 px */
#define PLAIN_GRID_MAX_BOXES 50000u

static uint32_t plain_start[PLAIN_GRID_MAX_CELLS + 1], plain_fill[PLAIN_GRID_MAX_CELLS];
static uint32_t plain_items[4u * PLAIN_GRID_MAX_BOXES];
static uint16_t plain_range[PLAIN_GRID_MAX_BOXES][4];

/* The pairs of boxes[0 .. n-1] (0 <= x, y and x + w, y + h <= world): up to cap written, all counted. */
static uint32_t plain_grid_pairs(const eo_box *boxes, uint32_t n, int32_t world, eo_pair *out, uint32_t cap)
{
    uint32_t cols = (uint32_t)(world + (1 << PLAIN_GRID_SHIFT) - 1) >> PLAIN_GRID_SHIFT, cells = cols * cols;
    uint32_t i, k, found = 0, last = cols - 1;
    memset(plain_fill, 0, cells * sizeof plain_fill[0]);
    for (i = 0; i < n; i++) {
        const eo_box *b = &boxes[i];
        uint16_t *r = plain_range[i];
        uint32_t c, w;
        r[0] = (uint16_t)((uint32_t)b->x >> PLAIN_GRID_SHIFT);
        r[1] = (uint16_t)((uint32_t)(b->x + b->w - 1) >> PLAIN_GRID_SHIFT);
        r[2] = (uint16_t)((uint32_t)b->y >> PLAIN_GRID_SHIFT);
        r[3] = (uint16_t)((uint32_t)(b->y + b->h - 1) >> PLAIN_GRID_SHIFT);
        if (r[1] > last) r[1] = (uint16_t)last;
        if (r[3] > last) r[3] = (uint16_t)last;
        for (w = r[2]; w <= r[3]; w++)
            for (c = r[0]; c <= r[1]; c++)
                plain_fill[w * cols + c]++;
    }
    plain_start[0] = 0;
    for (k = 0; k < cells; k++) {
        plain_start[k + 1] = plain_start[k] + plain_fill[k];
        plain_fill[k] = plain_start[k];
    }
    for (i = 0; i < n; i++) {
        const uint16_t *r = plain_range[i];
        uint32_t c, w;
        for (w = r[2]; w <= r[3]; w++)
            for (c = r[0]; c <= r[1]; c++)
                plain_items[plain_fill[w * cols + c]++] = i;
    }
    for (k = 0; k < cells; k++) {
        uint32_t p, q, col = k % cols, row = k / cols;
        for (p = plain_start[k]; p + 1 < plain_start[k + 1]; p++)
            for (q = p + 1; q < plain_start[k + 1]; q++) {
                uint32_t a = plain_items[p], b = plain_items[q];
                const uint16_t *ra = plain_range[a], *rb = plain_range[b];
                if ((ra[0] > rb[0] ? ra[0] : rb[0]) != col || (ra[2] > rb[2] ? ra[2] : rb[2]) != row)
                    continue; /* met in an earlier cell */
                if (!(boxes[a].x < boxes[b].x + boxes[b].w && boxes[b].x < boxes[a].x + boxes[a].w &&
                      boxes[a].y < boxes[b].y + boxes[b].h && boxes[b].y < boxes[a].y + boxes[a].h))
                    continue; /* the scene's coordinates are small: no overflow to guard */
                if (found < cap) {
                    out[found].a = a;
                    out[found].b = b;
                }
                found++;
            }
    }
    return found;
}

/* The floor of any grid: one pass computing the 32 px cell of each box. */
static void plain_grid_floor(const eo_box *boxes, uint32_t n, int32_t world, uint32_t *cell)
{
    uint32_t cols = (uint32_t)(world + (1 << PLAIN_GRID_SHIFT) - 1) >> PLAIN_GRID_SHIFT, i;
    for (i = 0; i < n; i++)
        cell[i] = ((uint32_t)boxes[i].y >> PLAIN_GRID_SHIFT) * cols + ((uint32_t)boxes[i].x >> PLAIN_GRID_SHIFT);
}

#endif
