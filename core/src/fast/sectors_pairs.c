/* core/src/fast/sectors_pairs.c stands in for core/src/sectors_pairs.c in the untraced gcc and
   clang builds (the native library, the games' wasm module, the playground, the benches): the same
   pairs, in the same order, with the same counts, found without a branch per candidate.

   A candidate's tests are near coin flips, and a CPU that guesses a branch wrong loses more time
   than the tests take: so every test of a candidate is computed and combined with & (BOTH,
   BRANCH_FREE: inline.h), and the pair's slot is written for every candidate, `found` moving on for
   a hit. The counts and the output stay in locals until the end of a sector: a store through the
   walk, or of a pair, could alias the bounds or the walk's fields and force them to be read again.
   The loop is inlined three times: with layers NULL, so that a scene without layers tests none,
   and then without the capacity test when the output has room for every candidate of the run.
   test_sectors (.fast) and the fuzzer's replay-fast check it against brute force. */
#include "earlyout/sectors.h"

#include "../boxes.h"
#include "../layers.h"
#include "../sectors_pairs.h"

/* The pairs of sector k (it lists two objects or more) that it is the first shared sector of. */
INLINE void pair_sector(pair_walk *w, eo_index k, const eo_broadphase_layer *layers, uint8_t checked)
{
    const eo_sectors *grid = w->grid;
    const sectors_bounds *bounds = w->bounds;
    const eo_index *run = SECTOR_RUN(grid, k), *end = run + grid->cell_len[k], *p, *q;
    eo_pair *out = w->pairs;
    uint32_t found = w->found, capacity = w->capacity, candidates = 0, firsts = 0, allowed = 0;
    for (p = run; p + 1 < end; p++) {
        eo_index ei = *p;
        eo_index i = ENTRY_OBJECT(ei);
        sectors_bounds a = bounds[i]; /* in registers: a pair written out could alias bounds[i] */
        eo_index firsts_i = 0, allowed_i = 0; /* < a run's length: eo_index holds them */
        candidates += (uint32_t)(end - p - 1); /* each entry after p */
        for (q = p + 1; q < end; q++) {
            eo_index ej = *q;
            eo_index j = ENTRY_OBJECT(ej); /* runs are sorted, so i < j */
            uint8_t first = ((ei | ej) & FIRST_BOTH) == FIRST_BOTH;
            uint8_t may = BOTH(first, layers == NULL || layers_meet(&layers[i], &layers[j]));
            uint8_t hit = BOTH(may, bounds_meet(&a, &bounds[j]));
            firsts_i = (eo_index)(firsts_i + first);
            if (layers != NULL) /* without layers, every first pair is allowed: counted below */
                allowed_i = (eo_index)(allowed_i + may);
            if (BRANCH_FREE || hit) { /* a slot is written for every candidate, kept for a hit */
                if (!checked || found < capacity) {
                    out[found].a = i;
                    out[found].b = j;
                }
            }
            found += hit;
        }
        firsts += firsts_i;
        allowed += layers != NULL ? allowed_i : firsts_i;
    }
    w->found = found;
    w->candidates += candidates;
    w->duplicates += candidates - firsts;
    w->filtered += firsts - allowed;
    w->tests += allowed;
}

/* Can the output take a slot for each of the n (n - 1) / 2 candidates of a run of n entries? */
INLINE uint8_t room_for_run(const pair_walk *w, eo_index n)
{
    uint64_t candidates = (uint64_t)n * (n - 1u) / 2u;
    return w->found <= w->capacity && candidates <= w->capacity - w->found;
}

eo_result eo_sectors_find_pairs(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                                eo_broadphase_stats *stats, eo_hooks *hooks)
{
    pair_walk w;
    const eo_index *len;
    eo_index k;
    eo_result r = pairs_begin(&w, grid, boxes, layers, pairs, pair_capacity, pair_count, hooks);
    if (r != EO_OK)
        return r;
    /* most sectors list zero or one object: only the others are visited */
    len = grid->cell_len;
    if (layers == NULL) /* the loop without layers is its own copy, with no layer test in it */
        for (k = 0; k < grid->cells; k++) {
            if (len[k] > 1u) {
                if (room_for_run(&w, len[k]))
                    pair_sector(&w, k, NULL, 0); /* its loop need not test the capacity */
                else
                    pair_sector(&w, k, NULL, 1);
            }
        }
    else
        for (k = 0; k < grid->cells; k++)
            if (len[k] > 1u)
                pair_sector(&w, k, layers, 1);
    return pairs_end(&w, pair_count, stats);
}
