/* Batch calls for the wasm module: one call per frame moves every character, so a web game pays
   the JS -> wasm crossing once, not once per mover. Only loops over the core's own calls. */
#include "earlyout/earlyout.h"

int32_t eo_wasm_tiles_move_many(const eo_tile_map *map, eo_box *boxes, uint32_t count,
                                const int16_t *deltas, uint8_t flags, uint8_t *out,
                                uint32_t *failed, eo_hooks *hooks);
int32_t eo_wasm_slopes_walk_many(const eo_tile_map *map, eo_box *boxes, uint32_t count,
                                 const int16_t *dx, uint8_t max_step, uint8_t flags, uint8_t *out,
                                 uint32_t *failed, eo_hooks *hooks);

/* out gets 4 bytes per mover: hit, touching, below, on_ground. */
static void put_result(uint8_t *out, const eo_tiles_move_result *r)
{
    out[0] = r->hit;
    out[1] = r->touching;
    out[2] = r->below;
    out[3] = r->on_ground;
}

/* Moves boxes[i] by deltas[2i], deltas[2i+1]. Stops at the first mover the core rejects
   (its index in *failed; movers before it have moved) and returns the core's result. */
int32_t eo_wasm_tiles_move_many(const eo_tile_map *map, eo_box *boxes, uint32_t count,
                                const int16_t *deltas, uint8_t flags, uint8_t *out,
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
        put_result(out + 4 * i, &r);
    }
    return EO_OK;
}

/* Walks boxes[i] dx[i] pixels; as eo_wasm_tiles_move_many. */
int32_t eo_wasm_slopes_walk_many(const eo_tile_map *map, eo_box *boxes, uint32_t count,
                                 const int16_t *dx, uint8_t max_step, uint8_t flags, uint8_t *out,
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
        put_result(out + 4 * i, &r);
    }
    return EO_OK;
}
