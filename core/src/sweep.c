/* Sort-and-sweep broadphase with frame-coherent insertion sort. See earlyout/sweep.h.

   Written for SDCC's Z80 as much as for gcc: SDCC keeps a loop's variables in registers only
   when there are few of them, so each hot loop is a small function of its own (the sort, the
   reach of one box on the sweep axis, the other-axis test of the boxes in reach), the boxes'
   fields are read through byte offsets instead of a branch on the axis, and the work counters
   are computed only when the caller asks for them (stats, or hooks in the traced build). */
#include "earlyout/sweep.h"

#include <stddef.h>

#define EO_THIS_MODULE EO_MODULE_SWEEP
#include "hooks.h"

/* Box `index` seen from `base`, a pointer to the x or y field of boxes[0]: FIELD(box, 0) is the
   start on that axis, FIELD(box, 4) the size (eo_box is x, y, w, h: w is 4 bytes after x, h 4
   after y). */
#define BOX_AT(base, index) ((base) + (size_t)(index) * sizeof(eo_box))
#define FIELD(box, offset) (*(const int16_t *)(const void *)((box) + (offset)))

/* Moves *p (whose start `key` is less than the entry before it's) down to its sorted place,
   after every entry that starts at or before it (stable). Returns the entries moved up. */
static uint16_t sink(const char *starts, const uint16_t *order, uint16_t *p, int16_t key)
{
    uint16_t v = *p, moved = 0;
    do {
        *p = p[-1];
        p--;
        moved++;
    } while (p > order && FIELD(BOX_AT(starts, p[-1]), 0) > key);
    *p = v;
    return moved;
}

/* Insertion sort of order[0 .. end-1] by start: nearly free when last frame's order is passed
   back in, as `last` (the start of the entry before p) lets an entry already in place cost one
   comparison. Adds the moves made to *moves. */
static void sort_by_start(const char *starts, uint16_t *order, const uint16_t *end, uint32_t *moves)
{
    uint16_t *p = order;
    int16_t last = FIELD(BOX_AT(starts, *p), 0);
    while (++p < end) {
        int16_t key = FIELD(BOX_AT(starts, *p), 0);
        if (key >= last)
            last = key;
        else
            *moves += sink(starts, order, p, key);
    }
}

/* 1 if every entry of order[0 .. count-1] is below count. */
static uint8_t all_below(const uint16_t *order, uint16_t count)
{
    const uint16_t *end = order + count;
    for (; order < end; order++)
        if (*order >= count)
            return 0;
    return 1;
}

/* The boxes that start before box *p ends on the sweep axis (the order is sorted, so they are
   the next ones): returns the end of that run, p + 1 when there are none or *p is empty there. */
static const uint16_t *reach_of(const char *starts, const uint16_t *p, const uint16_t *end)
{
    const char *a = BOX_AT(starts, *p);
    int16_t a_start = FIELD(a, 0), a_size = FIELD(a, 4);
    if (a_size <= 0)
        return p + 1;
    /* every later box starts at or after a: a ends before it when their distance is a's size
       or more (no sum is formed, so nothing overflows) */
    while (++p < end && (uint16_t)((uint16_t)FIELD(BOX_AT(starts, *p), 0) - (uint16_t)a_start) < (uint16_t)a_size)
        ;
    return p;
}

/* The caller's outputs and the totals, for the (rare) pairs that overlap on both axes. */
typedef struct sweep_out {
    const eo_box *boxes;
    const eo_layer *layers;
    eo_pair *pairs;
    uint32_t capacity, found;
    eo_hooks *hooks;
} sweep_out;

/* Layers (as in sectors.h): may objects i and j interact? */
static uint8_t may_interact(const eo_layer *layers, uint16_t i, uint16_t j)
{
    return layers == NULL || ((layers[i].category & layers[j].collides_with) &&
                              (layers[j].category & layers[i].collides_with));
}

/* Boxes ia and ib overlap on both axes if neither is empty: the pair, reported as ia < ib,
   unless one is empty or the layers keep them apart. */
static void report(sweep_out *out, uint16_t ia, uint16_t ib)
{
    const eo_box *a = &out->boxes[ia], *b = &out->boxes[ib];
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0)
        return;
    if (ia > ib) {
        uint16_t t = ia;
        ia = ib;
        ib = t;
    }
    if (!may_interact(out->layers, ia, ib))
        return;
    EO_STEP(out->hooks, EO_EV_SWEEP_PAIR, ia, ib);
    if (out->found < out->capacity) {
        out->pairs[out->found].a = ia;
        out->pairs[out->found].b = ib;
    }
    out->found++;
}

/* Box *p against the boxes in its reach, p + 1 .. stop - 1 (they overlap it on the sweep axis):
   the other axis, seen from `others`. Half-open, without forming a sum: apart when the box that
   starts first ends at or before the other starts. */
static void pair_up(const char *others, const uint16_t *p, const uint16_t *stop, sweep_out *out)
{
    const char *a = BOX_AT(others, *p);
    const uint16_t *q;
    int16_t a_start = FIELD(a, 0), a_size = FIELD(a, 4);
    for (q = p + 1; q < stop; q++) {
        const char *b = BOX_AT(others, *q);
        int16_t b_start = FIELD(b, 0);
        if (b_start >= a_start ? (uint16_t)((uint16_t)b_start - (uint16_t)a_start) < (uint16_t)a_size
                               : (uint16_t)((uint16_t)a_start - (uint16_t)b_start) < (uint16_t)FIELD(b, 4))
            report(out, *p, *q);
    }
}

/* Each box against the boxes in its reach on the sweep axis. */
static void sweep(const char *starts, const char *others, const uint16_t *p, const uint16_t *end,
                  sweep_out *out)
{
    for (; p < end; p++) {
        const uint16_t *q = reach_of(starts, p, end);
        if (q != p + 1)
            pair_up(others, p, q, out);
    }
}

/* The work counters for box *p and its reach: non-empty boxes met (candidates) and, of those,
   the ones layers keep apart. */
static void count_reach(const eo_box *boxes, const eo_layer *layers, const uint16_t *p,
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
        if (!may_interact(layers, *p, *q))
            (*filtered)++;
    }
}

eo_result eo_sweep_find_pairs(const eo_box *boxes, uint16_t count, eo_aabb_order axis,
                              const eo_layer *layers, uint16_t *order, uint8_t reuse_order,
                              eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                              eo_broadphase_stats *stats, eo_hooks *hooks)
{
    uint16_t i;
    const uint16_t *p, *end;
    const char *starts, *others;
    uint32_t moves = 0, candidates = 0, filtered = 0;
    uint8_t counting;
    sweep_out out;

    if (pair_count == NULL || (count > 0 && (boxes == NULL || order == NULL)) ||
        (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    if (axis != EO_AABB_X_FIRST && axis != EO_AABB_Y_FIRST)
        return EO_ERR_BAD_ARGUMENT;
    if (reuse_order) {
        if (!all_below(order, count))
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
        sort_by_start(starts, order, order + count, &moves);
    (void)hooks;
    (void)moves; /* read by the traced build only */
    EO_STEP(hooks, EO_EV_SWEEP_SORTED, (int32_t)moves, count);

    /* sweep: each box meets only the boxes in its reach on the sweep axis */
    counting = stats != NULL;
#if EO_TRACE
    counting = counting || hooks != NULL;
#endif
    out.boxes = boxes;
    out.layers = layers;
    out.pairs = pairs;
    out.capacity = pair_capacity;
    out.found = 0;
    out.hooks = hooks;
    end = order + count;
    sweep(starts, others, order, end, &out);
    if (counting)
        for (p = order; p < end; p++)
            count_reach(boxes, layers, p, reach_of(starts, p, end), &candidates, &filtered);
    *pair_count = out.found;
    if (stats != NULL) {
        stats->candidate_pairs += candidates;
        stats->layer_filtered += filtered;
        stats->box_tests += candidates - filtered;
        stats->pairs_found += out.found;
    }
#if EO_TRACE
    if (hooks != NULL) {
        hooks->counters[EO_COUNTER_SWEEP_SORT_MOVES] += moves;
        hooks->counters[EO_COUNTER_SWEEP_BOX_TESTS] += candidates - filtered;
    }
#endif
    return out.found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
