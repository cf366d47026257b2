/* The pairs of a sector grid (eo_sectors_find_pairs, earlyout/sectors.h): in each sector that
   lists two objects or more, every entry against each entry after it. A pair met in several
   sectors is tested only in the first one both are listed in, which two flag bits per entry tell
   (sectors_grid.h); layers drop a pair before its box test. Shown line by line in lesson 3.
   Native and wasm games run core/src/fast/sectors_pairs.c instead (the same pairs, without a
   branch per candidate), the MSX core/src/z80/sectors_pairs.c (the loop in Z80 assembly). */
#include "earlyout/sectors.h"

#include "boxes.h"
#include "hooks.h"
#include "layers.h"
#include "sectors_pairs.h"

/* Pair (i, j) out, where the caller's buffer has room; counted either way, so that the caller
   learns how much room to make. */
static void report(pair_walk *w, eo_index i, eo_index j)
{
    if (w->found < w->capacity) {
        w->pairs[w->found].a = i;
        w->pairs[w->found].b = j;
    }
    w->found++;
}

/* The pairs of sector k that it is the first shared sector of, out through the walk w. */
static void pair_sector(pair_walk *w, eo_index k)
{
    const eo_sectors *grid = w->grid;
    const sectors_bounds *bounds = w->bounds;
    const eo_index *run = SECTOR_RUN(grid, k), *end = run + grid->cell_len[k], *p, *q;
    EO_STEP_BELOW(w->hooks, EO_EV_SECTORS_VISIT, k, (int32_t)grid->cell_len[k]);
    for (p = run; p + 1 < end; p++) {
        eo_index i = ENTRY_OBJECT(*p);
        for (q = p + 1; q < end; q++) {
            eo_index j = ENTRY_OBJECT(*q); /* runs are sorted, so i < j */
            w->candidates++;
            /* the first shared sector is where one of the two starts its columns and one its rows */
            if (((*p | *q) & FIRST_BOTH) != FIRST_BOTH) {
                EO_STEP_ABOVE(w->hooks, EO_EV_SECTORS_DUPLICATE, i, j);
                w->duplicates++; /* met in an earlier sector, and reported there */
                continue;
            }
            if (w->layers != NULL && !layers_meet(&w->layers[i], &w->layers[j])) {
                EO_STEP_ABOVE(w->hooks, EO_EV_SECTORS_FILTERED, i, j);
                w->filtered++;
                continue;
            }
            w->tests++;
            EO_STEP_BELOW(w->hooks, EO_EV_SECTORS_BOX_TEST, i, j);
            if (bounds_meet(&bounds[i], &bounds[j])) {
                report(w, i, j);
                EO_STEP_ABOVE(w->hooks, EO_EV_SECTORS_PAIR, i, j);
            }
        }
    }
}

eo_result eo_sectors_find_pairs(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                                eo_broadphase_stats *stats, eo_hooks *hooks)
{
    pair_walk w;
    eo_index k;
    eo_result r = pairs_begin(&w, grid, boxes, layers, pairs, pair_capacity, pair_count, hooks);
    if (r != EO_OK)
        return r;
    /* most sectors list zero or one object: only the others are visited */
    for (k = 0; k < grid->cells; k++)
        if (grid->cell_len[k] > 1u)
            pair_sector(&w, k);
    return pairs_end(&w, pair_count, stats);
}
