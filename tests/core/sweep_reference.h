/* tests/core/sweep_reference.h: the order-array sort-and-sweep, the core's first sweep (before
   eo_sweep_find_pairs packed the boxes into a workspace), kept as a reference for
   tests/core/test_sectors.c, tests/core/test_coords.c, tests/fuzz/broadphase_fuzzer.c and the
   benchmarks (bench/native/bench_broadphase.c, bench/msx/scene_main.c): the same pairs, in the
   same order, with the same counters as the workspace form, from a plain array of indices
   sorted by insertion. Every function is static: include it in one file of a program. */
#ifndef EARLYOUT_TESTS_SWEEP_REFERENCE_H
#define EARLYOUT_TESTS_SWEEP_REFERENCE_H

#include <stddef.h>

#include "earlyout/sweep.h"

/* Box `index` seen from `base`, a pointer to the x or y field of boxes[0]: SWEEP_REF_FIELD(box, 0) is the
   start on that axis, SWEEP_REF_FIELD(box, SWEEP_REF_SIZE) the size (eo_box is x, y, w, h: w is two coordinates
   after x, h two after y). */
#define SWEEP_REF_BOX_AT(base, index) ((base) + (size_t)(index) * sizeof(eo_box))
#define SWEEP_REF_FIELD(box, offset) (*(const eo_coord *)(const void *)((box) + (offset)))
#define SWEEP_REF_SIZE (offsetof(eo_box, w) - offsetof(eo_box, x))

/* Moves *p (whose start `key` is less than the entry before it's) down to its sorted place,
   after every entry that starts at or before it (stable). Returns the entries moved up. */
static uint16_t sweep_ref_sink(const char *starts, const uint16_t *order, uint16_t *p, eo_coord key)
{
    uint16_t v = *p, moved = 0;
    do {
        *p = p[-1];
        p--;
        moved++;
    } while (p > order && SWEEP_REF_FIELD(SWEEP_REF_BOX_AT(starts, p[-1]), 0) > key);
    *p = v;
    return moved;
}

/* Insertion sort of order[0 .. end-1] by start: nearly free when last frame's order is passed
   back in, as `last` (the start of the entry before p) lets an entry already in place cost one
   comparison. Adds the moves made to *moves. */
static void sweep_ref_sort_by_start(const char *starts, uint16_t *order, const uint16_t *end, uint32_t *moves)
{
    uint16_t *p = order;
    eo_coord last = SWEEP_REF_FIELD(SWEEP_REF_BOX_AT(starts, *p), 0);
    while (++p < end) {
        eo_coord key = SWEEP_REF_FIELD(SWEEP_REF_BOX_AT(starts, *p), 0);
        if (key >= last)
            last = key;
        else
            *moves += sweep_ref_sink(starts, order, p, key);
    }
}

/* 1 if every entry of order[0 .. count-1] is below count. */
static uint8_t sweep_ref_all_below(const uint16_t *order, uint16_t count)
{
    const uint16_t *end = order + count;
    for (; order < end; order++)
        if (*order >= count)
            return 0;
    return 1;
}

/* The boxes that start before box *p ends on the sweep axis (the order is sorted, so they are
   the next ones): returns the end of that run, p + 1 when there are none or *p is empty there. */
static const uint16_t *sweep_ref_reach_of(const char *starts, const uint16_t *p, const uint16_t *end)
{
    const char *a = SWEEP_REF_BOX_AT(starts, *p);
    eo_coord a_start = SWEEP_REF_FIELD(a, 0), a_size = SWEEP_REF_FIELD(a, SWEEP_REF_SIZE);
    if (a_size <= 0)
        return p + 1;
    /* every later box starts at or after a: a ends before it when their distance is a's size
       or more (no sum is formed, so nothing overflows) */
    while (++p < end && (eo_ucoord)((eo_ucoord)SWEEP_REF_FIELD(SWEEP_REF_BOX_AT(starts, *p), 0) - (eo_ucoord)a_start) < (eo_ucoord)a_size)
        ;
    return p;
}

/* The caller's outputs and the totals, for the (rare) pairs that overlap on both axes. */
typedef struct sweep_ref_out {
    const eo_box *boxes;
    const eo_broadphase_layer *layers;
    eo_pair *pairs;
    uint32_t capacity, found;
} sweep_ref_out;

/* Layers (broadphase.h): may objects i and j interact? */
static uint8_t sweep_ref_may_interact(const eo_broadphase_layer *layers, uint16_t i, uint16_t j)
{
    return layers == NULL || ((layers[i].category & layers[j].collides_with) &&
                              (layers[j].category & layers[i].collides_with));
}

/* Non-empty boxes ia and ib overlap: the pair, reported as ia < ib, unless layers keep them
   apart. */
static void sweep_ref_emit(sweep_ref_out *out, uint16_t ia, uint16_t ib)
{
    if (ia > ib) {
        uint16_t t = ia;
        ia = ib;
        ib = t;
    }
    if (out->layers != NULL && !sweep_ref_may_interact(out->layers, ia, ib))
        return;
    if (out->found < out->capacity) {
        /* found < capacity: the index fits a size_t (16-bit arithmetic on the Z80) */
        eo_pair *pair = out->pairs + (size_t)out->found;
        pair->a = ia;
        pair->b = ib;
    }
    out->found++;
}

/* Boxes ia and ib overlap on both axes if neither is empty. */
static void sweep_ref_report(sweep_ref_out *out, uint16_t ia, uint16_t ib)
{
    const eo_box *a = &out->boxes[ia], *b = &out->boxes[ib];
    if (a->w > 0 && a->h > 0 && b->w > 0 && b->h > 0)
        sweep_ref_emit(out, ia, ib);
}

/* Box *p against the boxes in its reach, p + 1 .. stop - 1 (they overlap it on the sweep axis):
   the other axis, seen from `others`. Half-open, without forming a sum: apart when the box that
   starts first ends at or before the other starts. */
static void sweep_ref_pair_up(const char *others, const uint16_t *p, const uint16_t *stop, sweep_ref_out *out)
{
    const char *a = SWEEP_REF_BOX_AT(others, *p);
    const uint16_t *q;
    eo_coord a_start = SWEEP_REF_FIELD(a, 0), a_size = SWEEP_REF_FIELD(a, SWEEP_REF_SIZE);
    for (q = p + 1; q < stop; q++) {
        const char *b = SWEEP_REF_BOX_AT(others, *q);
        eo_coord b_start = SWEEP_REF_FIELD(b, 0);
        if (b_start >= a_start ? (eo_ucoord)((eo_ucoord)b_start - (eo_ucoord)a_start) < (eo_ucoord)a_size
                               : (eo_ucoord)((eo_ucoord)a_start - (eo_ucoord)b_start) < (eo_ucoord)SWEEP_REF_FIELD(b, SWEEP_REF_SIZE))
            sweep_ref_report(out, *p, *q);
    }
}

/* Each box against the boxes in its reach on the sweep axis. */
static void sweep_ref_sweep(const char *starts, const char *others, const uint16_t *p, const uint16_t *end,
                  sweep_ref_out *out)
{
    for (; p < end; p++) {
        const uint16_t *q = sweep_ref_reach_of(starts, p, end);
        if (q != p + 1)
            sweep_ref_pair_up(others, p, q, out);
    }
}

/* The work counters for box *p and its reach: non-empty boxes met (candidates) and, of those,
   the ones layers keep apart. */
static void sweep_ref_count_reach(const eo_box *boxes, const eo_broadphase_layer *layers, const uint16_t *p,
                        const uint16_t *stop, uint32_t *candidates, uint32_t *filtered)
{
    const eo_box *a = &boxes[*p];
    const uint16_t *q;
    if (a->w <= 0 || a->h <= 0)
        return;
    for (q = p + 1; q < stop; q++) {
        const eo_box *b = &boxes[*q];
        if (b->w <= 0 || b->h <= 0)
            continue;
        (*candidates)++;
        if (!sweep_ref_may_interact(layers, *p, *q))
            (*filtered)++;
    }
}

/* The order-array sweep: order[0 .. count-1] holds a permutation of the object indices, sorted
   by start on the axis by this call (from index order, or from last frame's order when
   reuse_order is 1, where an insertion sort is nearly free); the pairs come out in the same
   order as eo_sweep_find_pairs gives with the same history of calls, and stats (if not NULL)
   gets the same counts. EO_ERR_BAD_ARGUMENT for a bad axis or a reused order with an index
   >= count. */
static eo_result sweep_ref_find_pairs(const eo_box *boxes, uint16_t count, eo_aabb_order axis,
                                      const eo_broadphase_layer *layers, uint16_t *order, uint8_t reuse_order,
                                      eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                                      eo_broadphase_stats *stats)
{
    uint16_t i;
    const uint16_t *p, *end;
    const char *starts, *others;
    uint32_t moves = 0, candidates = 0, filtered = 0;
    sweep_ref_out out;

    if (pair_count == NULL || (count > 0 && (boxes == NULL || order == NULL)) ||
        (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    if (axis != EO_AABB_X_FIRST && axis != EO_AABB_Y_FIRST)
        return EO_ERR_BAD_ARGUMENT;
    if (reuse_order) {
        if (!sweep_ref_all_below(order, count))
            return EO_ERR_BAD_ARGUMENT;
    } else {
        for (i = 0; i < count; i++)
            order[i] = i;
    }
    if (axis == EO_AABB_Y_FIRST) {
        starts = (const char *)boxes + offsetof(eo_box, y);
        others = (const char *)boxes + offsetof(eo_box, x);
    } else {
        starts = (const char *)boxes + offsetof(eo_box, x);
        others = (const char *)boxes + offsetof(eo_box, y);
    }
    if (count > 1)
        sweep_ref_sort_by_start(starts, order, order + count, &moves);

    /* sweep: each box meets only the boxes in its reach on the sweep axis */
    out.boxes = boxes;
    out.layers = layers;
    out.pairs = pairs;
    out.capacity = pair_capacity;
    out.found = 0;
    end = order + count;
    sweep_ref_sweep(starts, others, order, end, &out);
    *pair_count = out.found;
    if (stats != NULL) {
        for (p = order; p < end; p++)
            sweep_ref_count_reach(boxes, layers, p, sweep_ref_reach_of(starts, p, end), &candidates, &filtered);
        stats->candidate_pairs += candidates;
        stats->layer_filtered += filtered;
        stats->box_tests += candidates - filtered;
        stats->pairs_found += out.found;
    }
    return out.found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}

#endif
