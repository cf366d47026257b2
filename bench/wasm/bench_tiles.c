/* The bench-only wasm module of bench/wasm/bench_tiles.mjs: the scene of bench/common/tiles_scene.h
   moved by the core or by the pixel-by-pixel reference with the same C driver as the native bench,
   so core-in-wasm and reference-in-wasm are timed in the same Node process as the public JS API.
   Standalone (no imports): Node times each exported pass (the walk, the vertical move) and reads
   the boxes from memory. */
#include "tiles_scene.h"

#define EXPORT(name) __attribute__((export_name(name)))

static tiles_scene scene;
static eo_tiles_cache caches[TILES_MOVERS];

/* A fresh scene (frame 0); returns the map's checksum. */
EXPORT("reset") uint32_t bench_reset(void)
{
    tiles_scene_init(&scene);
    memset(caches, 0, sizeof caches);
    return eo_tiles_check(&scene.map) == EO_OK ? tiles_map_checksum(&scene) : 0;
}

/* A frame's two passes (tiles_scene.h): 0 on success, 1 if the core returned an error. */
EXPORT("walk_core") int bench_walk_core(void)
{
    return tiles_walk_core(&scene);
}

EXPORT("fall_core") int bench_fall_core(void)
{
    return tiles_fall_core(&scene, NULL);
}

EXPORT("fall_core_cache") int bench_fall_core_cache(void)
{
    return tiles_fall_core(&scene, caches);
}

EXPORT("walk_reference") int bench_walk_reference(void)
{
    tiles_walk_reference(&scene);
    return 0;
}

EXPORT("fall_reference") int bench_fall_reference(void)
{
    tiles_fall_reference(&scene);
    return 0;
}

/* The boxes: TILES_MOVERS eo_box (x, y, w, h as eo_coord: int32 in wasm) at this address. */
EXPORT("boxes") const eo_box *bench_boxes(void)
{
    return scene.box;
}

EXPORT("cells") const uint8_t *bench_cells(void)
{
    return scene.cells;
}

EXPORT("boxes_checksum") uint32_t bench_boxes_checksum(void)
{
    return tiles_boxes_checksum(scene.box, TILES_MOVERS);
}

/* How many movers overlap a solid pixel (the reference's reading): must stay 0. */
EXPORT("overlapping") int bench_overlapping(void)
{
    int i, n = 0;
    for (i = 0; i < TILES_MOVERS; i++)
        n += ref_overlaps_solid(&scene.box[i]);
    return n;
}

EXPORT("solid_per_mille") int bench_solid_per_mille(void)
{
    return tiles_solid_per_mille(&scene);
}
