/* Batch calls for the wasm module: one call per frame moves every character, so a web game pays
   the JS -> wasm crossing once, not once per mover. Only loops over the core's own calls. */
#include "wasm.h"

/* out holds four rows of count bytes: every mover's hit, then touching, below and on_ground (the
   JS API hands them out as four named views). */
static void put_result(uint8_t *out, uint32_t count, uint32_t i, const eo_tiles_move_result *r)
{
    out[i] = r->hit;
    out[count + i] = r->touching;
    out[2u * count + i] = r->below;
    out[3u * count + i] = r->on_ground;
}

/* Moves boxes[i] by deltas[2i], deltas[2i+1]. Stops at the first mover the core rejects
   (its index in *failed; movers before it have moved) and returns the core's result. */
int32_t eo_wasm_tiles_move_many(const eo_tiles_map *map, eo_box *boxes, uint32_t count,
                                const eo_coord *deltas, uint8_t flags, uint8_t *out,
                                uint32_t *failed, eo_hooks *hooks)
{
    uint32_t i;
    eo_tiles_move_result r;
    for (i = 0; i < count; i++) {
        eo_result e = eo_tiles_move(map, &boxes[i], deltas[2 * i], deltas[2 * i + 1], flags, NULL, &r, hooks);
        if (e != EO_OK) {
            *failed = i;
            return (int32_t)e;
        }
        put_result(out, count, i, &r);
    }
    return EO_OK;
}

/* Walks boxes[i] dx[i] pixels; as eo_wasm_tiles_move_many. */
int32_t eo_wasm_slopes_walk_many(const eo_tiles_map *map, eo_box *boxes, uint32_t count,
                                 const eo_coord *dx, uint8_t max_step, uint8_t flags, uint8_t *out,
                                 uint32_t *failed, eo_hooks *hooks)
{
    uint32_t i;
    eo_tiles_move_result r;
    for (i = 0; i < count; i++) {
        eo_result e = eo_slopes_walk(map, &boxes[i], dx[i], max_step, flags, &r, hooks);
        if (e != EO_OK) {
            *failed = i;
            return (int32_t)e;
        }
        put_result(out, count, i, &r);
    }
    return EO_OK;
}

/* Pixel-mask overlap for a list of pairs (wasm/wasm.h). */
int32_t eo_wasm_pixelmask_overlap_many(const eo_pixelmask *const *masks, const eo_coord *positions, uint32_t mask_count,
                                       const void *pairs, uint8_t pair_bits, uint32_t pair_count,
                                       uint8_t *out, int32_t *contacts, uint32_t *failed, eo_hooks *hooks)
{
    const uint16_t *p16 = (const uint16_t *)pairs;
    const uint32_t *p32 = (const uint32_t *)pairs;
    uint32_t k, a, b;
    eo_result e;
    for (k = 0; k < pair_count; k++) {
        a = pair_bits == 16u ? p16[2u * k] : p32[2u * k];
        b = pair_bits == 16u ? p16[2u * k + 1u] : p32[2u * k + 1u];
        if (a >= mask_count || b >= mask_count) {
            *failed = k;
            return EO_ERR_BAD_ARGUMENT;
        }
        if (contacts != NULL) {
            int32_t cx = 0, cy = 0;
            e = eo_pixelmask_first_contact(masks[a], positions[2u * a], positions[2u * a + 1u],
                                           masks[b], positions[2u * b], positions[2u * b + 1u], &out[k], &cx, &cy, hooks);
            contacts[2u * k] = out[k] ? cx : 0;
            contacts[2u * k + 1u] = out[k] ? cy : 0;
        } else {
            e = eo_pixelmask_overlap(masks[a], positions[2u * a], positions[2u * a + 1u],
                                     masks[b], positions[2u * b], positions[2u * b + 1u], &out[k], hooks);
        }
        if (e != EO_OK) {
            *failed = k;
            return (int32_t)e;
        }
    }
    return EO_OK;
}
