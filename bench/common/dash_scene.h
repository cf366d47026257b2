/* bench/common/dash_scene.h: the swept-move benchmark's scene (issue 11), shared by
   bench/native/bench_dash.c and bench/wasm/bench_dash.c: 4,096 fast moves ("dashes") of an 8 x 8
   box on a 64 x 48 map of 8 px tiles, 12% solid, each from a clear start, 20 to 200 px in any
   direction. Four passes move every dash from its start: eo_tiles_move (X, then Y),
   eo_tiles_sweep (along the segment), and the tests' pixel-by-pixel references of both, ref_move
   and ref_sweep (tests/core/tiles_reference.h). Each must land where its reference lands;
   dash_compare counts where X-then-Y and the sweep disagree. Integer C, one fixed seed. */
#ifndef EARLYOUT_BENCH_DASH_SCENE_H
#define EARLYOUT_BENCH_DASH_SCENE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"

#define DASH_MAP_W 64
#define DASH_MAP_H 48
#define DASH_SHIFT 3
#define DASH_SOLID_PER_MILLE 120
#define DASH_COUNT 4096
#define DASH_BOX 8
#define DASH_MIN 20
#define DASH_MAX 200
#define DASH_SEED 2611u

typedef struct dash_scene {
    uint8_t cells[DASH_MAP_W * DASH_MAP_H], attrs[256];
    eo_tiles_map map;
    eo_box start[DASH_COUNT], end[DASH_COUNT];
    eo_coord dx[DASH_COUNT], dy[DASH_COUNT];
    uint8_t hit[DASH_COUNT];
    uint32_t rng;
} dash_scene;

static const eo_tiles_map *dash_ref_map;
static const uint8_t dash_no_user_slopes[128];
#define REF_MAP dash_ref_map
#define REF_USER_SLOPES dash_no_user_slopes
#define REF_SWEEP
#include "tiles_reference.h"

static int dash_pick(dash_scene *s, int lo, int hi)
{
    s->rng ^= s->rng << 13;
    s->rng ^= s->rng >> 17;
    s->rng ^= s->rng << 5;
    return lo + (int)(s->rng % (uint32_t)(hi - lo + 1));
}

/* The map, then each dash: a start the reference finds clear and a move whose longer axis is
   DASH_MIN .. DASH_MAX px. Returns 0, or 1 if the map is refused. */
static int dash_scene_init(dash_scene *s)
{
    int i;
    memset(s, 0, sizeof *s);
    s->rng = DASH_SEED;
    s->attrs[1] = EO_TILES_SOLID;
    for (i = 0; i < DASH_MAP_W * DASH_MAP_H; i++)
        s->cells[i] = (uint8_t)(dash_pick(s, 0, 999) < DASH_SOLID_PER_MILLE);
    s->map.cells = s->cells;
    s->map.attrs = s->attrs;
    s->map.width = DASH_MAP_W;
    s->map.height = DASH_MAP_H;
    s->map.tile_shift = DASH_SHIFT;
    s->map.outside = EO_TILES_OUTSIDE_SOLID;
    dash_ref_map = &s->map;
    for (i = 0; i < DASH_COUNT; i++) {
        eo_box *b = &s->start[i];
        int dx, dy;
        b->w = DASH_BOX;
        b->h = DASH_BOX;
        do {
            b->x = (eo_coord)dash_pick(s, 0, (DASH_MAP_W << DASH_SHIFT) - DASH_BOX);
            b->y = (eo_coord)dash_pick(s, 0, (DASH_MAP_H << DASH_SHIFT) - DASH_BOX);
        } while (ref_overlaps_solid(b));
        do {
            dx = dash_pick(s, -DASH_MAX, DASH_MAX);
            dy = dash_pick(s, -DASH_MAX, DASH_MAX);
        } while (abs(dx) < DASH_MIN && abs(dy) < DASH_MIN);
        s->dx[i] = (eo_coord)dx;
        s->dy[i] = (eo_coord)dy;
    }
    return eo_tiles_check(&s->map) != EO_OK;
}

enum { DASH_MOVE, DASH_SWEEP, DASH_REFERENCE_MOVE, DASH_REFERENCE, DASH_PASSES };

/* Moves every dash from its start with one of the passes, into s->end and s->hit. Returns 0, or
   1 if the core refused a move. */
static int dash_pass(dash_scene *s, int which)
{
    int i;
    eo_tiles_move_result r;
    for (i = 0; i < DASH_COUNT; i++) {
        s->end[i] = s->start[i];
        if (which == DASH_REFERENCE || which == DASH_REFERENCE_MOVE) {
            s->hit[i] = (uint8_t)(which == DASH_REFERENCE ? ref_sweep(&s->end[i], s->dx[i], s->dy[i], 0, 0)
                                                          : ref_move(&s->end[i], s->dx[i], s->dy[i], 0));
            continue;
        }
        if ((which == DASH_MOVE ? eo_tiles_move : eo_tiles_sweep)(&s->map, &s->end[i], s->dx[i], s->dy[i],
                                                                  EO_TILES_POSITION_ONLY, NULL, &r, NULL) != EO_OK)
            return 1;
        s->hit[i] = r.hit;
    }
    return 0;
}

/* FNV-1a over the ends and hits of the last pass: equal for passes that agree. */
static uint32_t dash_checksum(const dash_scene *s)
{
    uint32_t h = 2166136261u;
    int i, k;
    for (i = 0; i < DASH_COUNT; i++) {
        int32_t v[3];
        v[0] = (int32_t)s->end[i].x;
        v[1] = (int32_t)s->end[i].y;
        v[2] = s->hit[i];
        for (k = 0; k < 3; k++) {
            uint32_t u = (uint32_t)v[k];
            h = (h ^ (u & 0xFFu)) * 16777619u;
            h = (h ^ ((u >> 8) & 0xFFu)) * 16777619u;
            h = (h ^ ((u >> 16) & 0xFFu)) * 16777619u;
            h = (h ^ (u >> 24)) * 16777619u;
        }
    }
    return h;
}

/* How X-then-Y and the sweep disagree. Of the *blocked dashes whose straight path crosses
   something that stops the sweep, *passed reached their full target with X-then-Y anyway; of the
   *clear ones the sweep carried all the way, X-then-Y stopped *short_of. */
static void dash_compare(dash_scene *s, int *blocked, int *passed, int *clear, int *short_of)
{
    eo_box xy[DASH_COUNT];
    int i;
    *blocked = *passed = *clear = *short_of = 0;
    (void)dash_pass(s, DASH_MOVE);
    memcpy(xy, s->end, sizeof xy);
    (void)dash_pass(s, DASH_SWEEP);
    for (i = 0; i < DASH_COUNT; i++) {
        int xy_full = xy[i].x == s->start[i].x + s->dx[i] && xy[i].y == s->start[i].y + s->dy[i];
        int sweep_full = s->end[i].x == s->start[i].x + s->dx[i] && s->end[i].y == s->start[i].y + s->dy[i];
        *blocked += !sweep_full;
        *clear += sweep_full;
        *passed += xy_full && !sweep_full;
        *short_of += !xy_full && sweep_full;
    }
}

#endif
