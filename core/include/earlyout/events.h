/* earlyout/events.h: which pairs began, stayed and ended since the last frame.

   A broadphase answers "which pairs overlap now", every frame. A game wants to play a sound when
   two things start touching, not every frame they touch: compare this frame's pairs with the last
   frame's. Keep last frame's list (sorted), sort this frame's, and eo_pairs_events splits them:
     began   in this frame's list only
     stayed  in both
     ended   in last frame's list only
   each in ascending order (by a, then b), into caller-owned buffers. Any broadphase's pairs work
   (sectors.h, sweep.h, the group pairs of sectors.h); pairs are compared as they are, so keep each
   as a < b (every broadphase reports them so) and the objects' indices stable from frame to frame.

   eo_pairs_sort sorts a list in place, ascending by a then b (heapsort: no extra memory, n log n
   comparisons, the same order on every machine), and drops repeated pairs; it returns the count
   left. eo_pairs_events refuses lists that are not sorted or hold a pair twice
   (EO_ERR_BAD_ARGUMENT), so a missed sort cannot pass for events.

   Results: each list gets up to its capacity (NULL with capacity 0 counts only), and its count the
   total even past the capacity; then the call returns EO_ERR_BUFFER_TOO_SMALL, with every list
   filled as far as it fits.

   What it does not do: find the pairs (the broadphases do), or remember last frame's list for you. */
#ifndef EARLYOUT_EVENTS_H
#define EARLYOUT_EVENTS_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One list of eo_pairs_events' results: caller-owned room, and what the call put there.
typedef struct eo_pair_list {
    eo_pair *pairs;      /* room for capacity pairs (may be NULL with capacity 0) */
    uint32_t capacity;
    uint32_t count;      /* set by the call: every pair, even past capacity */
} eo_pair_list;

/// Sorts pairs[0 .. count-1] ascending by a, then b, and drops repeats; *kept gets the count left.
eo_result eo_pairs_sort(eo_pair *pairs, uint32_t count, uint32_t *kept);

/// Splits last frame's sorted pairs (before) and this frame's (now) into began, stayed and ended.
/// Any of the three lists may be NULL (not wanted).
eo_result eo_pairs_events(const eo_pair *before, uint32_t before_count, const eo_pair *now, uint32_t now_count,
                          eo_pair_list *began, eo_pair_list *stayed, eo_pair_list *ended);

#ifdef __cplusplus
}
#endif

#endif
