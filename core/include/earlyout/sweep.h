/* earlyout/sweep.h: sort-and-sweep, the second broadphase to compare sectors against.

   Sort the objects by their left edge on one axis; walk the sorted list, and compare each object
   only with the ones that start before it ends on that axis; box-test those on the other axis.
   The sweep keeps a caller-owned workspace between frames: the objects' intervals packed in sweep
   order (each box's starts and sizes and its index: 10 bytes per object, plus two sentinel
   entries; 20 bytes with 32-bit coordinates). Objects move little per frame, so the insertion
   sort of last frame's order only does a few moves (frame coherence) instead of a full sort, a
   frame reads each box once, and the scan and the box tests walk one small array. Leave the
   storage alone between calls. Usage:
       size_t need = eo_sweep_storage_size(max_objects);      (0 if it does not fit a size_t)
       eo_sweep_init(&sw, max_objects, EO_AABB_X_FIRST, storage, need);   (storage aligned to 2, 4 with 32-bit coordinates)
       every frame: eo_sweep_find_pairs(&sw, boxes, count, layers, pairs, cap, &found, NULL, NULL);
   The first call, and any call whose count differs from the last one, starts from index order.
   Pairs come out as a < b in sweep order; layers as in broadphase.h. Empty boxes take part in no
   pair. Every eo_coord coordinate and size is accepted.
   This is the form for a Z80 game too: in the MSX build its per-frame loops are Z80 assembly
   (core/src/z80/, config.h's EO_Z80_ASM), about 38,600 T-states per frame for 32 objects (`make bench-msx`).

   What it does not do: answer point or region queries itself (query.h reads its workspace), keep
   layers between frames (pass them to each call), or hold more than 65,535 objects (sectors.h
   does). */
#ifndef EARLYOUT_SWEEP_H
#define EARLYOUT_SWEEP_H

#include <stddef.h>

#include "aabb.h"
#include "broadphase.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct eo_sweep {
    eo_ucoord *entries; /* in storage: 5 words per object, then 2 sentinels (see sweep.c) */
    uint16_t capacity;
    uint16_t count;    /* objects sorted by the last call (0: none yet) */
    uint8_t axis;      /* an eo_aabb_order */
    uint8_t ready;     /* 1 after an eo_sweep_find_pairs call that sorted the entries (query.h reads
                          them); 0 after init and after a call that failed */
} eo_sweep;

/// Bytes of workspace for up to `capacity` objects; 0 if that does not fit this target's size_t.
size_t eo_sweep_storage_size(uint16_t capacity);

/// Sets up a sweep along `axis` over storage (aligned to 2 bytes, eo_sweep_storage_size bytes).
/// EO_ERR_BAD_ARGUMENT for another axis or misaligned storage, EO_ERR_BUFFER_TOO_SMALL if short.
eo_result eo_sweep_init(eo_sweep *sweep, uint16_t capacity, eo_aabb_order axis, void *storage,
                        size_t storage_size);

/// One frame: the overlapping pairs of boxes[0 .. count-1], swept along the init's axis.
/// *pair_count gets the total even past pair_capacity (then EO_ERR_BUFFER_TOO_SMALL);
/// EO_ERR_BAD_ARGUMENT if count > capacity.
eo_result eo_sweep_find_pairs(eo_sweep *sweep, const eo_box *boxes, uint16_t count, const eo_broadphase_layer *layers,
                              eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                              eo_broadphase_stats *stats, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
