/* Sort-and-sweep broadphase with frame-coherent insertion sort. See earlyout/sweep.h. */
#include "earlyout/sweep.h"

#define EO_THIS_MODULE EO_MODULE_SWEEP
#include "hooks.h"

/* The start of box b on the sweep axis; empty boxes sort last (and are skipped). */
static int16_t start_of(const eo_box *b, uint8_t on_y)
{
    return on_y ? b->y : b->x;
}

/* Does the span (p, size > 0) end at or before q? p + size <= q without forming the sum. */
static uint8_t ends_before(int16_t p, int16_t size, int16_t q)
{
    if (q < p)
        return 0;
    return (uint16_t)((uint16_t)q - (uint16_t)p) >= (uint16_t)size;
}

eo_result eo_sweep_find_pairs(const eo_box *boxes, uint16_t count, eo_aabb_order axis,
                              const eo_layer *layers, uint16_t *order, uint8_t reuse_order,
                              eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                              eo_broadphase_stats *stats, eo_hooks *hooks)
{
    uint16_t i, j, n;
    uint32_t moves = 0, found = 0, candidates = 0, filtered = 0, tests = 0;
    uint8_t on_y;

    if (pair_count == NULL || (count > 0 && (boxes == NULL || order == NULL)) ||
        (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    if (axis != EO_AABB_X_FIRST && axis != EO_AABB_Y_FIRST)
        return EO_ERR_BAD_ARGUMENT;
    on_y = axis == EO_AABB_Y_FIRST;
    if (reuse_order) {
        for (i = 0; i < count; i++)
            if (order[i] >= count)
                return EO_ERR_BAD_ARGUMENT;
    } else {
        for (i = 0; i < count; i++)
            order[i] = i;
    }

    /* insertion sort by start: nearly free when last frame's order is passed back in */
    for (i = 1; i < count; i++) {
        uint16_t v = order[i];
        int16_t key = start_of(&boxes[v], on_y);
        j = i;
        while (j > 0 && start_of(&boxes[order[j - 1u]], on_y) > key) {
            order[j] = order[j - 1u];
            j--;
            moves++;
        }
        order[j] = v;
    }
    (void)hooks;
    EO_STEP(hooks, EO_EV_SWEEP_SORTED, (int32_t)moves, count);

    /* sweep: each box meets only the boxes that start before it ends */
    for (n = 0; n < count; n++) {
        const eo_box *a = &boxes[order[n]];
        int16_t a_start = start_of(a, on_y), a_size = on_y ? a->h : a->w;
        if (a->w <= 0 || a->h <= 0)
            continue;
        for (j = (uint16_t)(n + 1u); j < count; j++) {
            const eo_box *b = &boxes[order[j]];
            uint16_t ia = order[n], ib = order[j];
            if (ends_before(a_start, a_size, start_of(b, on_y)))
                break; /* sorted: every later box starts even further on */
            if (b->w <= 0 || b->h <= 0)
                continue;
            candidates++;
            if (ia > ib) {
                uint16_t t = ia; ia = ib; ib = t;
            }
            if (layers != NULL && (!(layers[ia].category & layers[ib].collides_with) ||
                                   !(layers[ib].category & layers[ia].collides_with))) {
                filtered++;
                continue;
            }
            tests++;
            if (!eo_aabb_overlap(a, b))
                continue;
            EO_STEP(hooks, EO_EV_SWEEP_PAIR, ia, ib);
            if (found < pair_capacity) {
                pairs[found].a = ia;
                pairs[found].b = ib;
            }
            found++;
        }
    }
    *pair_count = found;
    if (stats != NULL) {
        stats->candidate_pairs += candidates;
        stats->layer_filtered += filtered;
        stats->box_tests += tests;
        stats->pairs_found += found;
    }
#if EO_TRACE
    if (hooks != NULL) {
        hooks->counters[EO_COUNTER_SWEEP_SORT_MOVES] += moves;
        hooks->counters[EO_COUNTER_SWEEP_BOX_TESTS] += tests;
    }
#endif
    return found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
