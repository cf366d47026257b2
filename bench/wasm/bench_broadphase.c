/* The bench-only wasm module of bench/wasm/bench_broadphase.mjs: the scene of bench/common/scene.h,
   the plain grid of bench/common/plain_grid.h and the core's sectors, all in C, so the grid and the
   core are compared in wasm without the JS API between them (the .mjs times the public API
   separately). Standalone (no imports): Node times each exported call. */
#include "scene.h"
#include "plain_grid.h"

#include "earlyout/sectors.h"

#define EXPORT(name) __attribute__((export_name(name)))
#define MAX_PAIRS (1u << 18)

static bench_scene scene;
static eo_pair pairs[MAX_PAIRS];
static uint32_t cells[BENCH_SCENE_MAX_N];
static eo_sectors grid;
static uint32_t storage[(1u << 22) / 4];

/* A fresh scene (frame 0); returns its checksum. */
EXPORT("reset") uint32_t bench_reset(int kind, uint32_t n)
{
    if (n > BENCH_SCENE_MAX_N)
        return 0;
    bench_scene_init(&scene, kind, (uint16_t)n);
    return bench_scene_checksum(&scene);
}

EXPORT("step") uint32_t bench_step(void)
{
    bench_scene_step(&scene);
    return bench_scene_checksum(&scene);
}

EXPORT("world") int32_t bench_world(void)
{
    return scene.world;
}

/* The boxes as x, y, w, h int32 per box (for the JS API's runs on the very same boxes). */
EXPORT("boxes") const eo_box *bench_boxes(void)
{
    return scene.boxes;
}

EXPORT("plain_grid_frame") uint32_t bench_plain_grid_frame(void)
{
    return plain_grid_pairs(scene.boxes, scene.n, scene.world, pairs, MAX_PAIRS);
}

EXPORT("floor_frame") uint32_t bench_floor_frame(void)
{
    plain_grid_floor(scene.boxes, scene.n, scene.world, cells);
    return cells[scene.n / 2];
}

/* A grid of cols x rows over the world, built on the current boxes: 0, or an eo_result. */
EXPORT("sectors_setup") int bench_sectors_setup(uint32_t cols, uint32_t rows)
{
    eo_sectors_config c;
    eo_result r;
    memset(&c, 0, sizeof c);
    c.world_w = scene.world;
    c.world_h = scene.world;
    c.cols = (eo_sectors_cell)cols;
    c.rows = (eo_sectors_cell)rows;
    c.max_objects = scene.n;
    r = eo_sectors_init(&grid, &c, storage, sizeof storage);
    return r != EO_OK ? (int)r : (int)eo_sectors_build(&grid, scene.boxes, scene.n, NULL, NULL);
}

/* A frame: eo_sectors_update + eo_sectors_find_pairs; the pair count, or 0xFFFFFFFF on an error. */
EXPORT("sectors_frame") uint32_t bench_sectors_frame(void)
{
    uint32_t count = 0;
    if (eo_sectors_update(&grid, scene.boxes, scene.n, NULL, NULL) != EO_OK ||
        eo_sectors_find_pairs(&grid, scene.boxes, NULL, pairs, MAX_PAIRS, &count, NULL, NULL) != EO_OK)
        return 0xFFFFFFFFu;
    return count;
}

/* The pairs of the last frame call, a, b per pair (a < b; in no particular order). */
EXPORT("pairs") const eo_pair *bench_pairs(void)
{
    return pairs;
}
