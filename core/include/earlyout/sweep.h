/* earlyout/sweep.h: sort-and-sweep, the second broadphase to compare sectors against.

   Sort the objects by their left edge on one axis; walk the sorted list, and compare each object
   only with the ones that start before it ends on that axis; box-test those on the other axis.
   Keep `order` between frames and pass reuse_order = 1: objects move little per frame, so the
   insertion sort only does a few moves (frame coherence) instead of a full sort.

   order: caller-owned, count entries. With reuse_order = 1 it must hold each index 0 .. count-1
   once (last frame's order); an index >= count is EO_ERR_BAD_ARGUMENT (nothing written).
   Pairs come out as a < b in sweep order; layers as in sectors.h. Empty boxes take part in no pair.
   Every int16_t coordinate and size is accepted. */
#ifndef EARLYOUT_SWEEP_H
#define EARLYOUT_SWEEP_H

#include "common.h"
#include "aabb.h"
#include "sectors.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Overlapping pairs by sort-and-sweep along `axis` (EO_AABB_X_FIRST sweeps X, _Y_FIRST sweeps Y).
/// *pair_count gets the total even past pair_capacity (then EO_ERR_BUFFER_TOO_SMALL).
eo_result eo_sweep_find_pairs(const eo_box *boxes, uint16_t count, eo_aabb_order axis,
                              const eo_layer *layers, uint16_t *order, uint8_t reuse_order,
                              eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                              eo_broadphase_stats *stats, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
