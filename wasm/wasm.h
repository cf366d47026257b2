/* wasm/wasm.h: what the wasm module adds to the core (wasm/abi.c, wasm/batch.c). Exported with
   every prototype of the public headers; wasm/gen.mjs reads this file for the loader's export table. */
#ifndef EARLYOUT_WASM_H
#define EARLYOUT_WASM_H

#include "earlyout/earlyout.h"

/// eo_wasm_abi(i), i >= 0: entry i of the struct layout table (build/wasm/gen/abi_layout.h), -1 past it.
/// Negative i: -1 the table's length, -2 EO_TRACE, -3 the memory limit in 64 KiB pages,
/// -4 EO_PIXELMASK_WORD_BITS.
int32_t eo_wasm_abi(int32_t what);

/// Moves boxes[i] by deltas[2i], deltas[2i+1]; out gets four rows of count bytes: hit, touching,
/// below and on_ground of every mover (out[i], out[count + i], ...).
/// Stops at the first mover the core rejects (its index in *failed) and returns the core's result.
int32_t eo_wasm_tiles_move_many(const eo_tiles_map *map, eo_box *boxes, uint32_t count,
                                const eo_coord *deltas, uint8_t flags, uint8_t *out,
                                uint32_t *failed, eo_hooks *hooks);
/// Walks boxes[i] dx[i] pixels; as eo_wasm_tiles_move_many.
int32_t eo_wasm_slopes_walk_many(const eo_tiles_map *map, eo_box *boxes, uint32_t count,
                                 const eo_coord *dx, uint8_t max_step, uint8_t flags, uint8_t *out,
                                 uint32_t *failed, eo_hooks *hooks);

/// Pixel-mask overlap for a list of pairs, one crossing per frame. Pair k is masks[pairs[2k]]
/// drawn at (positions[2i], positions[2i+1]) with i = pairs[2k], against masks[pairs[2k+1]] at its
/// position; pairs are uint16_t (pair_bits 16: a broadphase's output as it is) or uint32_t (32).
/// out[k] gets 1 if they share a solid pixel, else 0. contacts non-NULL: eo_pixelmask_first_contact
/// instead, contacts[2k], contacts[2k+1] its point (0, 0 for a miss). An index past mask_count, or
/// a core error, stops the batch: *failed is the pair, the result EO_ERR_BAD_ARGUMENT or the core's.
int32_t eo_wasm_pixelmask_overlap_many(const eo_pixelmask *const *masks, const eo_coord *positions, uint32_t mask_count,
                                       const void *pairs, uint8_t pair_bits, uint32_t pair_count,
                                       uint8_t *out, int32_t *contacts, uint32_t *failed, eo_hooks *hooks);

#endif
