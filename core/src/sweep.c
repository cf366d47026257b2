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

/* Non-empty boxes ia and ib overlap: the pair, reported as ia < ib, unless layers keep them
   apart. */
static void emit(sweep_out *out, uint16_t ia, uint16_t ib)
{
    if (ia > ib) {
        uint16_t t = ia;
        ia = ib;
        ib = t;
    }
    if (out->layers != NULL && !may_interact(out->layers, ia, ib))
        return;
    EO_STEP(out->hooks, EO_EV_SWEEP_PAIR, ia, ib);
    if (out->found < out->capacity) {
        /* found < capacity: the index fits a size_t (16-bit arithmetic on the Z80) */
        eo_pair *pair = out->pairs + (size_t)out->found;
        pair->a = ia;
        pair->b = ib;
    }
    out->found++;
}

/* Boxes ia and ib overlap on both axes if neither is empty. */
static void report(sweep_out *out, uint16_t ia, uint16_t ib)
{
    const eo_box *a = &out->boxes[ia], *b = &out->boxes[ib];
    if (a->w > 0 && a->h > 0 && b->w > 0 && b->h > 0)
        emit(out, ia, ib);
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

/* ---- the workspace form: entries packed in sweep order ----
   An entry is 5 words: the start on the sweep axis + 0x8000 (signed order as unsigned order:
   KEY), the start on the other axis (OTHER), the sizes on the sweep and the other axis (LEN,
   OTHER_LEN, as the box has them) and the object's index. Two sentinel entries follow the last. */
enum { KEY = 0, OTHER = 1, LEN = 2, OTHER_LEN = 3, INDEX = 4, WORDS = 5 };

#define EO_ALIGNOF_U16 offsetof(struct eo_align_probe_u16, v)
struct eo_align_probe_u16 {
    char c;
    uint16_t v;
};

size_t eo_sweep_storage_size(uint16_t capacity)
{
    uint32_t bytes = 2u * WORDS * ((uint32_t)capacity + 2u);
#if SIZE_MAX < 0xFFFFFFFFu
    if (bytes > SIZE_MAX)
        return 0; /* does not fit this target's address space (the Z80's is 64 KiB) */
#endif
    return (size_t)bytes;
}

eo_result eo_sweep_init(eo_sweep *sweep, uint16_t capacity, eo_aabb_order axis, void *storage,
                        size_t storage_size)
{
    size_t need;
    if (sweep == NULL || storage == NULL)
        return EO_ERR_NULL_POINTER;
    if ((axis != EO_AABB_X_FIRST && axis != EO_AABB_Y_FIRST) || ((uintptr_t)storage % EO_ALIGNOF_U16) != 0)
        return EO_ERR_BAD_ARGUMENT;
    need = eo_sweep_storage_size(capacity);
    if (need == 0)
        return EO_ERR_BAD_ARGUMENT;
    if (storage_size < need)
        return EO_ERR_BUFFER_TOO_SMALL;
    sweep->entries = (uint16_t *)storage;
    sweep->capacity = capacity;
    sweep->count = 0;
    sweep->axis = (uint8_t)axis;
    return EO_OK;
}

/* Each entry's first four words again from its box (x, y, w, h as words), end > e: one loop
   of sequential pointer walks per axis, which SDCC keeps in registers. */
static void refresh_x(uint16_t *e, const uint16_t *end, const eo_box *boxes)
{
    do {
        const uint16_t *b = (const uint16_t *)(const void *)(boxes + e[INDEX]);
        *e++ = (uint16_t)(*b++ ^ 0x8000u);
        *e++ = *b++;
        *e++ = *b++;
        *e = *b;
        e += WORDS - 3;
    } while (e != end);
}

static void refresh_y(uint16_t *e, const uint16_t *end, const eo_box *boxes)
{
    do {
        const uint16_t *b = (const uint16_t *)(const void *)(boxes + e[INDEX]) + 1;
        *e++ = (uint16_t)(*b-- ^ 0x8000u);
        *e++ = *b;
        b += 3;
        *e++ = *b--;
        *e = *b;
        e += WORDS - 3;
    } while (e != end);
}

/* The first entry from p on whose key is above the next one's. sort_entries makes the first
   sentinel's key 0, below the last entry's: one pointer walk, no bound to check. */
static uint16_t *first_descent(uint16_t *p)
{
    const uint16_t *q = p + WORDS;
    while (*q >= *p) {
        p += WORDS;
        q += WORDS;
    }
    return p;
}

/* The same with a bound, for when the last entry's key is 0 too: `last` if no entry is. */
static uint16_t *first_descent_to(uint16_t *p, const uint16_t *last)
{
    const uint16_t *q = p + WORDS;
    while (p != last && *q >= *p) {
        p += WORDS;
        q += WORDS;
    }
    return p;
}

/* Moves the entry at p (its key below the one before it) down after every entry with a key at
   or below it (stable). Returns the entries moved up. */
static uint16_t sink_entry(uint16_t *first, uint16_t *p)
{
    uint16_t v[WORDS], moved = 0;
    uint8_t i;
    for (i = 0; i < WORDS; i++)
        v[i] = p[i];
    do {
        for (i = 0; i < WORDS; i++)
            p[i] = p[i - WORDS];
        p -= WORDS;
        moved++;
    } while (p > first && p[KEY - WORDS] > v[KEY]);
    for (i = 0; i < WORDS; i++)
        p[i] = v[i];
    return moved;
}

/* Insertion sort by key: when the entries come from last frame, a walk over the keys. last:
   the last entry, the first sentinel after it. Sinking an entry leaves a larger key in its
   place, so a last key above 0 stays so and the sentinel keeps stopping first_descent. */
static void sort_entries(uint16_t *first, uint16_t *last, uint32_t *moves)
{
    uint16_t *p = first;
    if (last[KEY] != 0) {
        last[WORDS + KEY] = 0;
        while ((p = first_descent(p)) != last) {
            p += WORDS;
            *moves += sink_entry(first, p);
        }
    } else {
        while ((p = first_descent_to(p, last)) != last) {
            p += WORDS;
            *moves += sink_entry(first, p);
        }
    }
}

/* From p on, the first entry whose next one starts before it ends on the sweep axis (or which is
   empty there: its size as a word is 0x8000 or more): most entries are not, and the walk keeps
   one pointer. The sentinels stop it at the first of them at the latest. */
static const uint16_t *next_reaching(const uint16_t *p)
{
    const uint16_t *q = p + WORDS;
    while ((uint16_t)(*q - *p) >= p[LEN]) {
        p = q;
        q += WORDS;
    }
    return p;
}

/* Non-empty entry a against the entries in its reach on the sweep axis (up to `end`): the
   other axis (see pair_up). */
static void pair_run(const uint16_t *a, const uint16_t *end, sweep_out *out)
{
    const uint16_t *b;
    uint16_t key = a[KEY], len = a[LEN], a_len = a[OTHER_LEN];
    int16_t a_start = (int16_t)a[OTHER];
    for (b = a + WORDS; b < end && (uint16_t)(b[KEY] - key) < len; b += WORDS) {
        int16_t b_start = (int16_t)b[OTHER];
        if (b_start >= a_start ? (uint16_t)((uint16_t)b_start - (uint16_t)a_start) < a_len
                               : (uint16_t)((uint16_t)a_start - (uint16_t)b_start) < b[OTHER_LEN])
            if ((int16_t)b[LEN] > 0 && (int16_t)b[OTHER_LEN] > 0)
                emit(out, a[INDEX], b[INDEX]);
    }
}

/* Each non-empty entry with others in its reach against them; end: the first sentinel. */
static void scan_entries(const uint16_t *p, const uint16_t *end, sweep_out *out)
{
    for (;; p += WORDS) {
        p = next_reaching(p);
        if (p >= end)
            return;
        if ((int16_t)p[LEN] > 0 && (int16_t)p[OTHER_LEN] > 0)
            pair_run(p, end, out);
    }
}

/* The work counters (see count_reach) over the entries. */
static void count_entries(const uint16_t *e, const uint16_t *end, const eo_layer *layers,
                          uint32_t *candidates, uint32_t *filtered)
{
    for (; e < end; e += WORDS) {
        const uint16_t *q;
        if ((int16_t)e[LEN] <= 0 || (int16_t)e[OTHER_LEN] <= 0)
            continue;
        for (q = e + WORDS; q < end && (uint16_t)(q[KEY] - e[KEY]) < e[LEN]; q += WORDS) {
            if ((int16_t)q[LEN] <= 0 || (int16_t)q[OTHER_LEN] <= 0)
                continue;
            (*candidates)++;
            if (!may_interact(layers, e[INDEX], q[INDEX]))
                (*filtered)++;
        }
    }
}

eo_result eo_sweep_pairs(eo_sweep *sweep, const eo_box *boxes, uint16_t count, const eo_layer *layers,
                         eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                         eo_broadphase_stats *stats, eo_hooks *hooks)
{
    uint16_t *first, *end;
    uint32_t moves = 0, candidates = 0, filtered = 0;
    uint8_t counting;
    sweep_out out;

    if (sweep == NULL || pair_count == NULL || sweep->entries == NULL ||
        (count > 0 && boxes == NULL) || (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    if (count > sweep->capacity)
        return EO_ERR_BAD_ARGUMENT;
    first = sweep->entries;
    end = first + (size_t)count * WORDS;
    if (count != sweep->count) {
        uint16_t i;
        for (i = 0; i < count; i++)
            first[(size_t)i * WORDS + INDEX] = i;
        sweep->count = count;
    }
    out.boxes = boxes;
    out.layers = layers;
    out.pairs = pairs;
    out.capacity = pair_capacity;
    out.found = 0;
    out.hooks = hooks;
    counting = stats != NULL;
#if EO_TRACE
    counting = counting || hooks != NULL;
#endif
    if (count > 0) {
        if (sweep->axis == EO_AABB_Y_FIRST)
            refresh_y(first, end, boxes);
        else
            refresh_x(first, end, boxes);
        sort_entries(first, end - WORDS, &moves);
        EO_STEP(hooks, EO_EV_SWEEP_SORTED, (int32_t)moves, count);
        /* the sentinels for next_reaching: the first starts where the last entry does (a
           non-empty last entry reaches it) with size 1, so that the second, starting there
           too, stops the walk even after an empty last entry */
        end[KEY] = end[KEY - WORDS];
        end[LEN] = 1;
        end[WORDS + KEY] = end[KEY];
        scan_entries(first, end, &out);
        if (counting)
            count_entries(first, end, layers, &candidates, &filtered);
    } else {
        EO_STEP(hooks, EO_EV_SWEEP_SORTED, 0, 0);
    }
    (void)moves; /* read by the traced build only */
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
