/* Private: what eo_sectors_find_pairs shares with its stand-ins (sectors_pairs.c is the portable
   one; core/src/fast/sectors_pairs.c and core/src/z80/sectors_pairs.c stand in for it): the walk
   from sector to sector, its checks at the start and its report at the end. */
#ifndef EARLYOUT_SRC_SECTORS_PAIRS_H
#define EARLYOUT_SRC_SECTORS_PAIRS_H

#include "earlyout/sectors.h"
#include "hooks.h"
#include "inline.h"
#include "sectors_grid.h"

/* What eo_sectors_find_pairs carries from sector to sector: its inputs, its output, and the work
   counted so far (the Z80's pair loop reads these fields by offset: core/src/z80/sectors_pairs.c). */
typedef struct pair_walk {
    const eo_sectors *grid;
    const sectors_bounds *bounds;      /* what the pair test reads (sectors_width.h) */
    const eo_broadphase_layer *layers; /* NULL: every pair may interact */
    eo_pair *pairs;
    uint32_t capacity, found, candidates, duplicates, filtered, tests;
    eo_hooks *hooks;
} pair_walk;

/* eo_sectors_find_pairs' checks, and its walk set up over them: EO_OK, or the error to return
   (*pair_count is 0 either way). */
INLINE eo_result pairs_begin(pair_walk *w, const eo_sectors *grid, const eo_box *boxes,
                             const eo_broadphase_layer *layers, eo_pair *pairs, uint32_t pair_capacity,
                             uint32_t *pair_count, eo_hooks *hooks)
{
    if (grid == NULL || pair_count == NULL || (grid->object_count > 0 && boxes == NULL) ||
        (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    *pair_count = 0;
    if (!grid->built)
        return EO_ERR_NOT_READY; /* never an empty answer from a grid whose last build or update failed */
    w->grid = grid;
    w->bounds = BOUNDS_OF(grid, boxes);
    w->layers = layers;
    w->pairs = pairs;
    w->capacity = pair_capacity;
    w->found = 0;
    w->candidates = 0;
    w->duplicates = 0;
    w->filtered = 0;
    w->tests = 0;
    w->hooks = hooks;
    return EO_OK;
}

/* The end of eo_sectors_find_pairs: the pair count, the work added to the stats and the traced
   counters, and the result. */
INLINE eo_result pairs_end(const pair_walk *w, uint32_t *pair_count, eo_broadphase_stats *stats)
{
    *pair_count = w->found;
    if (stats != NULL) {
        stats->candidate_pairs += w->candidates;
        stats->duplicates_skipped += w->duplicates;
        stats->layer_filtered += w->filtered;
        stats->box_tests += w->tests;
        stats->pairs_found += w->found;
    }
    EO_COUNT_ADD(w->hooks, EO_COUNTER_SECTORS_CANDIDATES, w->candidates);
    EO_COUNT_ADD(w->hooks, EO_COUNTER_SECTORS_DUPLICATES, w->duplicates);
    EO_COUNT_ADD(w->hooks, EO_COUNTER_SECTORS_FILTERED, w->filtered);
    EO_COUNT_ADD(w->hooks, EO_COUNTER_SECTORS_BOX_TESTS, w->tests);
    EO_COUNT_ADD(w->hooks, EO_COUNTER_SECTORS_PAIRS, w->found);
    return w->found > w->capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}

#endif
