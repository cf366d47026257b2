/* Sort-and-sweep broadphase with frame-coherent insertion sort over a workspace of packed
   entries. See earlyout/sweep.h.

   Written for SDCC's Z80 as much as for gcc: SDCC keeps a loop's variables in registers only
   when there are few of them, so each hot loop is a small function of its own (the refresh from
   the boxes, the sort, the walk to the next entry whose reach holds another, the other-axis test
   of the entries in reach), and the work counters are computed only when the caller asks for
   them (stats, or hooks in the traced build). That is still not enough for a Z80 frame (a
   32-object scene took 1.6 frames), so the MSX build (EO_Z80_ASM, config.h) replaces the
   per-frame loops (the refresh, the walk to the first descent, the scan and emit: the blocks
   fenced by #if !EO_Z80_ASM) with Z80 assembly on the same data, in z80/sweep_z80.c.
   tests/msx/sweep_asm.c checks the two against each other frame by frame on sz80. */
#include "earlyout/sweep.h"

#include <stddef.h>

#define EO_THIS_MODULE EO_MODULE_SWEEP
#include "hooks.h"
#include "sweep_entries.h"
#if EO_Z80_ASM
#include "z80/sweep_z80.h" /* refresh_x/y, first_descent, scan_entries (and emit) in Z80 */
#endif

/* Layers (broadphase.h): may objects i and j interact? */
static uint8_t may_interact(const eo_broadphase_layer *layers, uint16_t i, uint16_t j)
{
    return layers == NULL || ((layers[i].category & layers[j].collides_with) &&
                              (layers[j].category & layers[i].collides_with));
}

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

#if !EO_Z80_ASM /* the Z80 build has these in assembly: z80/sweep_z80.c */
/* Each entry's first four words again from its box (x, y, w, h as words), count > 0: one loop
   of sequential pointer walks per axis, which SDCC keeps in registers. */
static void refresh_x(word *e, uint16_t count, const eo_box *boxes)
{
    const word *end = e + (size_t)count * WORDS;
    do {
        const word *b = (const word *)(const void *)(boxes + e[INDEX]);
        *e++ = (word)(*b++ ^ SIGN);
        *e++ = *b++;
        *e++ = *b++;
        *e = *b;
        e += WORDS - 3;
    } while (e != end);
}

static void refresh_y(word *e, uint16_t count, const eo_box *boxes)
{
    const word *end = e + (size_t)count * WORDS;
    do {
        const word *b = (const word *)(const void *)(boxes + e[INDEX]) + 1;
        *e++ = (word)(*b-- ^ SIGN);
        *e++ = *b;
        b += 3;
        *e++ = *b--;
        *e = *b;
        e += WORDS - 3;
    } while (e != end);
}

/* The first entry from p on whose key is above the next one's. sort_entries makes the first
   sentinel's key 0, below the last entry's: one pointer walk, no bound to check. */
static word *first_descent(word *p)
{
    const word *q = p + WORDS;
    while (*q >= *p) {
        p += WORDS;
        q += WORDS;
    }
    return p;
}
#endif

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

#if !EO_Z80_ASM /* the Z80 build has these in assembly: z80/sweep_z80.c */
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

/* From p on, the first entry whose next one starts before it ends on the sweep axis (or which is
   empty there: its size as a word is 0x8000 or more): most entries are not, and the walk keeps
   one pointer. The sentinels stop it at the first of them at the latest. */
static const word *next_reaching(const word *p)
{
    const word *q = p + WORDS;
    while ((word)(*q - *p) >= p[LEN]) {
        p = q;
        q += WORDS;
    }
    return p;
}

/* Non-empty entry a against the entries in its reach on the sweep axis (up to `end`): the
   other axis. Half-open, without forming a sum: apart when the box that starts first ends at or
   before the other starts. */
static void pair_run(const word *a, const word *end, sweep_out *out)
{
    const word *b;
    word key = a[KEY], len = a[LEN], a_len = a[OTHER_LEN];
    eo_coord a_start = (eo_coord)a[OTHER];
    for (b = a + WORDS; b < end && (word)(b[KEY] - key) < len; b += WORDS) {
        eo_coord b_start = (eo_coord)b[OTHER];
        if (b_start >= a_start ? (word)((word)b_start - (word)a_start) < a_len
                               : (word)((word)a_start - (word)b_start) < b[OTHER_LEN])
            if ((eo_coord)b[LEN] > 0 && (eo_coord)b[OTHER_LEN] > 0)
                emit(out, (uint16_t)a[INDEX], (uint16_t)b[INDEX]);
    }
}

/* Each non-empty entry with others in its reach against them; end: the first sentinel. */
static void scan_entries(const word *p, const word *end, sweep_out *out)
{
    for (;; p += WORDS) {
        p = next_reaching(p);
        if (p >= end)
            return;
        if ((eo_coord)p[LEN] > 0 && (eo_coord)p[OTHER_LEN] > 0)
            pair_run(p, end, out);
    }
}
#endif

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
            if (!may_interact(layers, (uint16_t)e[INDEX], (uint16_t)q[INDEX]))
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
#if EO_TRACE
    counting = counting || hooks != NULL;
#endif
    if (count > 0) {
        if (sweep->axis == EO_AABB_Y_FIRST)
            refresh_y(first, count, boxes);
        else
            refresh_x(first, count, boxes);
        sort_entries(first, end - WORDS, &moves);
        EO_STEP(hooks, EO_EV_SWEEP_SORTED, (int32_t)moves, count);
        /* the sentinels for next_reaching: both start at the largest key (after every entry),
           the first with size 1, so the walk stops on it at the latest */
        end[KEY] = EO_UCOORD_MAX;
        end[LEN] = 1;
        end[WORDS + KEY] = EO_UCOORD_MAX;
        scan_entries(first, end, &out);
        if (counting)
            count_entries(first, end, layers, &candidates, &filtered);
    } else {
        EO_STEP(hooks, EO_EV_SWEEP_SORTED, 0, 0);
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
#if EO_TRACE
    if (hooks != NULL) {
        hooks->counters[EO_COUNTER_SWEEP_SORT_MOVES] += moves;
        hooks->counters[EO_COUNTER_SWEEP_BOX_TESTS] += candidates - filtered;
    }
#endif
    return out.found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
