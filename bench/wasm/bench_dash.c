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

static int32_t compared[4];

/* dash_compare: blocked, passed, clear, short_of (int32 each) at the address returned. */
EXPORT("compare") const int32_t *bench_compare(void)
{
    int b, p, c, sh;
    dash_compare(&scene, &b, &p, &c, &sh);
    compared[0] = b;
    compared[1] = p;
    compared[2] = c;
    compared[3] = sh;
    return compared;
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
