/* Sort-and-sweep broadphase with frame-coherent insertion sort over a workspace of packed
   entries. See earlyout/sweep.h.

   Written for SDCC's Z80 as much as for gcc: SDCC keeps a loop's variables in registers only
   when there are few of them, so each hot loop is a small function of its own, and the work
   counters are computed only when the caller asks for them (stats, or hooks in the traced
   build). The per-frame loops over the entries (the refresh from the boxes, the walk to the first
   descent, the scan for pairs) are in sweep_scan.c, which the MSX build replaces with Z80
   assembly (core/src/z80/sweep_scan.c). */
#include "earlyout/sweep.h"

#include <stddef.h>

#include "hooks.h"
#include "layers.h"
#include "sweep_entries.h"

/* An entry is 5 words: the start on the sweep axis + EO_SWEEP_SIGN (signed order as unsigned order:
   KEY), the start on the other axis (OTHER), the sizes on the sweep and the other axis (LEN,
   OTHER_LEN, as the box has them) and the object's index. Two sentinel entries follow the last. */
enum {
    KEY = EO_SWEEP_ENTRY_KEY, OTHER = EO_SWEEP_ENTRY_OTHER, LEN = EO_SWEEP_ENTRY_LEN,
    OTHER_LEN = EO_SWEEP_ENTRY_OTHER_LEN, INDEX = EO_SWEEP_ENTRY_INDEX, WORDS = EO_SWEEP_ENTRY_WORDS
}; /* the layout in sweep_entries.h, which query.c reads too */
typedef eo_sweep_word word;
#define SIGN EO_SWEEP_SIGN

#define EO_ALIGNOF_WORD offsetof(struct eo_align_probe_word, v)
struct eo_align_probe_word {
    char c;
    word v;
};

size_t eo_sweep_storage_size(uint16_t capacity)
{
    uint32_t bytes = (uint32_t)sizeof(word) * WORDS * ((uint32_t)capacity + 2u);
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
    if ((axis != EO_AABB_X_FIRST && axis != EO_AABB_Y_FIRST) || ((uintptr_t)storage % EO_ALIGNOF_WORD) != 0)
        return EO_ERR_BAD_ARGUMENT;
    need = eo_sweep_storage_size(capacity);
    if (need == 0)
        return EO_ERR_BAD_ARGUMENT;
    if (storage_size < need)
        return EO_ERR_BUFFER_TOO_SMALL;
    sweep->entries = (word *)storage;
    sweep->capacity = capacity;
    sweep->count = 0;
    sweep->axis = (uint8_t)axis;
    sweep->ready = 0;
    return EO_OK;
}


/* The same with a bound, for when the last entry's key is 0 too: `last` if no entry is. */
static word *first_descent_to(word *p, const word *last)
{
    const word *q = p + WORDS;
    while (p != last && *q >= *p) {
        p += WORDS;
        q += WORDS;
    }
    return p;
}

/* Moves the entry at p (its key below the one before it) down after every entry with a key at
   or below it (stable). Returns the entries moved up. */
static uint16_t sink_entry(word *first, word *p)
{
    word v[WORDS];
    uint16_t moved = 0;
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
static void sort_entries(word *first, word *last, uint32_t *moves)
{
    word *p = first;
    if (last[KEY] != 0) {
        last[WORDS + KEY] = 0;
        while ((p = eo_sweep_first_descent(p)) != last) {
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


/* The work counters over the entries: for each non-empty entry, the non-empty entries in its
   reach met (candidates) and, of those, the ones layers keep apart. */
static void count_entries(const word *e, const word *end, const eo_broadphase_layer *layers,
                          uint32_t *candidates, uint32_t *filtered)
{
    for (; e < end; e += WORDS) {
        const word *q;
        if ((eo_coord)e[LEN] <= 0 || (eo_coord)e[OTHER_LEN] <= 0)
            continue;
        for (q = e + WORDS; q < end && (word)(q[KEY] - e[KEY]) < e[LEN]; q += WORDS) {
            if ((eo_coord)q[LEN] <= 0 || (eo_coord)q[OTHER_LEN] <= 0)
                continue;
            (*candidates)++;
            if (layers != NULL && !layers_meet(&layers[e[INDEX]], &layers[q[INDEX]]))
                (*filtered)++;
        }
    }
}

eo_result eo_sweep_find_pairs(eo_sweep *sweep, const eo_box *boxes, uint16_t count, const eo_broadphase_layer *layers,
                              eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                              eo_broadphase_stats *stats, eo_hooks *hooks)
{
    word *first, *end;
    uint32_t moves = 0, candidates = 0, filtered = 0;
    uint8_t counting;
    sweep_out out;

    if (sweep == NULL)
        return EO_ERR_NULL_POINTER;
    sweep->ready = 0; /* until the entries are sorted again */
    if (pair_count == NULL || sweep->entries == NULL || (count > 0 && boxes == NULL) ||
        (pair_capacity > 0 && pairs == NULL))
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
    EO_TRACED(counting = counting || hooks != NULL;)
    if (count > 0) {
        if (sweep->axis == EO_AABB_Y_FIRST)
            eo_sweep_refresh_y(first, count, boxes);
        else
            eo_sweep_refresh_x(first, count, boxes);
        sort_entries(first, end - WORDS, &moves);
        EO_STEP_ABOVE(hooks, EO_EV_SWEEP_SORTED, (int32_t)moves, count);
        /* the sentinels for next_reaching: both start at the largest key (after every entry),
           the first with size 1, so the walk stops on it at the latest */
        end[KEY] = EO_UCOORD_MAX;
        end[LEN] = 1;
        end[WORDS + KEY] = EO_UCOORD_MAX;
        eo_sweep_scan_entries(first, end, &out);
        if (counting)
            count_entries(first, end, layers, &candidates, &filtered);
    } else {
        EO_STEP_ABOVE(hooks, EO_EV_SWEEP_SORTED, 0, 0);
    }
    sweep->ready = 1;
    (void)moves; /* read by the traced build only */
    *pair_count = out.found;
    if (stats != NULL) {
        stats->candidate_pairs += candidates;
        stats->layer_filtered += filtered;
        stats->box_tests += candidates - filtered;
        stats->pairs_found += out.found;
    }
    EO_COUNT_ADD(hooks, EO_COUNTER_SWEEP_SORT_MOVES, moves);
    EO_COUNT_ADD(hooks, EO_COUNTER_SWEEP_BOX_TESTS, candidates - filtered);
    return out.found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
