/* The bench-only wasm module of bench/wasm/bench_dash.mjs: the dashes of bench/common/dash_scene.h
   moved by eo_tiles_move, eo_tiles_sweep and the pixel-by-pixel references with the same C as the
   native bench (bench/native/bench_dash.c), so Node times them beside the public JS API. */
#include "dash_scene.h"

#define EXPORT(name) __attribute__((export_name(name)))

static dash_scene scene;

/* A fresh scene; 0, or 1 if its map is refused. */
EXPORT("init") int bench_init(void)
{
    return dash_scene_init(&scene);
}

/* One pass over every dash (DASH_MOVE 0, DASH_SWEEP 1, DASH_REFERENCE_MOVE 2, DASH_REFERENCE 3);
   0, or 1 if the core refused a move. */
EXPORT("pass") int bench_pass(int which)
{
    return dash_pass(&scene, which);
}

/* dash_compare: the dashes X-then-Y carried past a blocked straight path (low 16 bits) and those
   it stopped short of a clear one (high 16 bits). */
EXPORT("compare") uint32_t bench_compare(void)
{
    int passed, short_of;
    dash_compare(&scene, &passed, &short_of);
    return (uint32_t)passed | (uint32_t)short_of << 16;
}

/* FNV-1a of the last pass's ends and hits. */
EXPORT("checksum") uint32_t bench_checksum(void)
{
    return dash_checksum(&scene);
}

/* The scene for the JS API: the map's cells, the starts (eo_box: four int32), the moves (int32). */
EXPORT("cells") const uint8_t *bench_cells(void)
{
    return scene.cells;
}
EXPORT("starts") const eo_box *bench_starts(void)
{
    return scene.start;
}
EXPORT("dx") const eo_coord *bench_dx(void)
{
    return scene.dx;
}
EXPORT("dy") const eo_coord *bench_dy(void)
{
    return scene.dy;
}
EXPORT("ends") const eo_box *bench_ends(void)
{
    return scene.end;
}
EXPORT("hits") const uint8_t *bench_hits(void)
{
    return scene.hit;
}
