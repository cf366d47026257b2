/* bench/common/tiles_scene.h: the scene of the tiles benchmark (issue 5), in integer C, and the
   passes that move it with the core (eo_slopes_walk + eo_tiles_move) or with the
   pixel-by-pixel reference (tests/core/tiles_reference.h). bench/native/bench_tiles.c and the
   bench-only wasm module bench/wasm/bench_tiles.c both include it; bench/common/tiles_scene.mjs is
   the controller again in JavaScript, for the runs driven through the public JS API.

   The map: 256 x 256 tiles of 8 px (2048 x 2048 px), solid outside. 16 bands of 16 tile rows;
       each band's ground is solid from its surface down to the band's last row (the next band's
       ceiling). The surface sits at level 0 .. 4 (tile rows 13 .. 9 of the band) and changes
       level through slopes that join the ground on both sides: a 45-degree tile or a 22.5-degree
       pair (low + high), up or down. On flat stretches: walls (1 tile wide, 2 .. 3 high), floating
       solid platforms and one-way platforms (3 .. 4 tiles above the ground), ladders up to a
       platform, water and hazard tiles on the ground, and holes through the ground to the band
       below. About 30% of the cells are solid or slope (the bench prints the share).
   The movers: 12 x 16 px boxes dropped at a random free spot near a band's top (their tiles all
       empty). Each has a direction, a speed of 1 or 2 px per frame and its own xorshift32 state;
       all walk with max_step 2 (the batch API's walkMany takes one max_step for all).
       Per frame (tiles_ctrl_* below, in the batch API's phases):
         1. one random number: turn around 1 frame in 256; jump (vy = -8) 1 in 64 if on the ground;
         2. walk dir * speed px (eo_slopes_walk); a wall (hit left/right) turns it around;
         3. move 0, vy (eo_tiles_move); hit top: vy = 0; on the ground and falling: vy = 0;
            then gravity: vy + 1, at most 8 (one tile per frame).
   Everything is deterministic; movers never interact, so mover-by-mover and phase-by-phase runs
   end at the same positions. The checksums (bench/common/tiles_scene_checksums.txt) are FNV-1a
   over the map's cells and over the boxes' x, y. */
#ifndef EARLYOUT_BENCH_TILES_SCENE_H
#define EARLYOUT_BENCH_TILES_SCENE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"

#define TILES_W 256
#define TILES_H 256
#define TILES_SHIFT 3
#define TILES_BAND 16
#define TILES_MOVERS 1000
#define TILES_MOVER_W 12
#define TILES_MOVER_H 16
#define TILES_JUMP 8
#define TILES_MAX_FALL 8
#define TILES_MAX_STEP 2
#define TILES_SEED 2026u

/* Tile ids (the cells): each id is its own attr (slopes: 16 + shape), as in createMap's default attrs. */
enum {
    TS_EMPTY = EO_TILES_EMPTY, TS_SOLID = EO_TILES_SOLID, TS_ONE_WAY = EO_TILES_ONE_WAY,
    TS_LADDER = EO_TILES_LADDER, TS_HAZARD = EO_TILES_HAZARD, TS_WATER = EO_TILES_WATER,
    TS_45_UP = 16 + EO_TILES_SLOPE_45_UP, TS_45_DOWN = 16 + EO_TILES_SLOPE_45_DOWN,
    TS_22_UP_LOW = 16 + EO_TILES_SLOPE_22_UP_LOW, TS_22_UP_HIGH = 16 + EO_TILES_SLOPE_22_UP_HIGH,
    TS_22_DOWN_HIGH = 16 + EO_TILES_SLOPE_22_DOWN_HIGH, TS_22_DOWN_LOW = 16 + EO_TILES_SLOPE_22_DOWN_LOW
};

typedef struct tiles_scene {
    uint8_t cells[TILES_W * TILES_H];
    uint8_t attrs[256];
    eo_tiles_map map;
    uint32_t rng;                     /* the generator's; each mover has its own below */
    eo_box box[TILES_MOVERS];
    int16_t vy[TILES_MOVERS];
    int16_t dir[TILES_MOVERS];        /* -1 or 1 */
    uint8_t speed[TILES_MOVERS];      /* 1 or 2 px per frame */
    uint8_t ground[TILES_MOVERS];     /* on_ground after the last vertical move */
    uint32_t mrng[TILES_MOVERS];
} tiles_scene;

static uint32_t tiles_xorshift(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

/* lo .. hi, from the generator's sequence */
static int tiles_pick(tiles_scene *s, int lo, int hi)
{
    return lo + (int)(tiles_xorshift(&s->rng) % (uint32_t)(hi - lo + 1));
}

static void tiles_set(tiles_scene *s, int col, int row, uint8_t id)
{
    if (col >= 0 && col < TILES_W && row >= 0 && row < TILES_H)
        s->cells[row * TILES_W + col] = id;
}

static uint8_t tiles_get(const tiles_scene *s, int col, int row)
{
    return s->cells[row * TILES_W + col];
}

/* Column col of band b with the surface at level lv: `top` (a slope tile or solid) at the
   surface row, solid below it to the band's end. */
static void tiles_column(tiles_scene *s, int b, int col, int lv, uint8_t top)
{
    int r, base = b * TILES_BAND + 13;
    tiles_set(s, col, base - lv, top);
    for (r = base - lv + 1; r < (b + 1) * TILES_BAND; r++)
        tiles_set(s, col, r, TS_SOLID);
}

/* The things on a flat stretch of band b from column c0, n columns at level lv. */
static void tiles_decorate(tiles_scene *s, int b, int c0, int n, int lv)
{
    int ground = b * TILES_BAND + 13 - lv, k, r, what = tiles_pick(s, 0, 9);
    if (n < 4)
        return;
    if (what <= 1) { /* a wall */
        int h = tiles_pick(s, 2, 3), c = c0 + tiles_pick(s, 1, n - 2);
        for (r = 1; r <= h; r++)
            tiles_set(s, c, ground - r, TS_SOLID);
    } else if (what <= 4) { /* a platform, solid or one-way, sometimes with a ladder up to it */
        int up = tiles_pick(s, 3, 4), len = tiles_pick(s, 3, n < 8 ? n - 1 : 7);
        uint8_t id = what == 4 ? TS_ONE_WAY : TS_SOLID;
        for (k = 0; k < len; k++)
            tiles_set(s, c0 + k, ground - up, id);
        if (what == 3)
            for (r = ground - up; r < ground; r++)
                tiles_set(s, c0, r, TS_LADDER);
    } else if (what == 5) { /* a pool */
        for (k = 1; k < n - 1 && k < 5; k++)
            tiles_set(s, c0 + k, ground - 1, TS_WATER);
    } else if (what == 6) { /* spikes */
        for (k = 1; k < n - 1 && k < 3; k++)
            tiles_set(s, c0 + k, ground - 1, TS_HAZARD);
    } else if (what == 7 && b < TILES_H / TILES_BAND - 1) { /* a hole down to the next band */
        int c = c0 + tiles_pick(s, 1, n - 3);
        for (k = 0; k < 2; k++)
            for (r = ground; r < (b + 1) * TILES_BAND; r++)
                tiles_set(s, c + k, r, TS_EMPTY);
    }
}

static void tiles_scene_init(tiles_scene *s)
{
    int b, i, c;
    memset(s, 0, sizeof *s);
    s->rng = TILES_SEED;
    for (i = 0; i < 256; i++)
        s->attrs[i] = (uint8_t)(i < 16 ? i : i < 16 + EO_TILES_SLOPE_BUILTIN_COUNT ? i : EO_TILES_EMPTY);
    for (b = 0; b < TILES_H / TILES_BAND; b++) {
        int lv = tiles_pick(s, 0, 4);
        c = 0;
        while (c < TILES_W) {
            int n = tiles_pick(s, 4, 14), k, change = tiles_pick(s, 0, 3), to;
            if (n > TILES_W - c)
                n = TILES_W - c;
            for (k = 0; k < n; k++)
                tiles_column(s, b, c + k, lv, TS_SOLID);
            tiles_decorate(s, b, c, n, lv);
            c += n;
            /* a slope to the next level: 45 degrees (one tile) or 22.5 (a pair) */
            to = lv + (tiles_pick(s, 0, 1) ? 1 : -1);
            if (to < 0 || to > 4 || c + 2 > TILES_W)
                continue;
            if (to > lv) {
                if (change & 1) {
                    tiles_column(s, b, c++, lv + 1, TS_45_UP);
                } else {
                    tiles_column(s, b, c++, lv + 1, TS_22_UP_LOW);
                    tiles_column(s, b, c++, lv + 1, TS_22_UP_HIGH);
                }
            } else if (change & 1) {
                tiles_column(s, b, c++, lv, TS_45_DOWN);
            } else {
                tiles_column(s, b, c++, lv, TS_22_DOWN_HIGH);
                tiles_column(s, b, c++, lv, TS_22_DOWN_LOW);
            }
            lv = to;
        }
    }
    s->map.cells = s->cells;
    s->map.attrs = s->attrs;
    s->map.width = TILES_W;
    s->map.height = TILES_H;
    s->map.tile_shift = TILES_SHIFT;
    s->map.outside = EO_TILES_OUTSIDE_SOLID;
    for (i = 0; i < TILES_MOVERS; i++) {
        int free_spot = 0;
        while (!free_spot) { /* a spot whose tiles are all empty, in the air near a band's top */
            int x = tiles_pick(s, 0, TILES_W * 8 - TILES_MOVER_W), col, row;
            int y = tiles_pick(s, 0, TILES_H / TILES_BAND - 1) * TILES_BAND * 8;
            y += tiles_pick(s, 0, 40); /* a statement of its own: C leaves the order of operands open */
            free_spot = 1;
            for (row = y >> 3; row <= (y + TILES_MOVER_H - 1) >> 3; row++)
                for (col = x >> 3; col <= (x + TILES_MOVER_W - 1) >> 3; col++)
                    free_spot &= tiles_get(s, col, row) == TS_EMPTY;
            s->box[i].x = (int16_t)x;
            s->box[i].y = (int16_t)y;
        }
        s->box[i].w = TILES_MOVER_W;
        s->box[i].h = TILES_MOVER_H;
        s->dir[i] = (int16_t)(tiles_pick(s, 0, 1) ? 1 : -1);
        s->speed[i] = (uint8_t)tiles_pick(s, 1, 2);
        s->mrng[i] = tiles_xorshift(&s->rng) | 1u; /* xorshift state: never 0 */
        s->vy[i] = 1;
    }
}

/* Share of cells that are solid or slope, in per mille. */
static int tiles_solid_per_mille(const tiles_scene *s)
{
    long k, n = 0;
    for (k = 0; k < TILES_W * TILES_H; k++)
        n += s->attrs[s->cells[k]] == EO_TILES_SOLID || s->attrs[s->cells[k]] >= EO_TILES_SLOPE;
    return (int)(n * 1000 / (TILES_W * TILES_H));
}

static uint32_t tiles_fnv(uint32_t h, uint32_t byte)
{
    return (h ^ (byte & 0xffu)) * 16777619u;
}

static uint32_t tiles_map_checksum(const tiles_scene *s)
{
    uint32_t h = 2166136261u;
    long k;
    for (k = 0; k < TILES_W * TILES_H; k++)
        h = tiles_fnv(h, s->cells[k]);
    return h;
}

/* FNV-1a over every box's x, y (little-endian 16-bit). */
static uint32_t tiles_boxes_checksum(const eo_box *box, int n)
{
    uint32_t h = 2166136261u;
    int i;
    for (i = 0; i < n; i++) {
        uint16_t x = (uint16_t)box[i].x, y = (uint16_t)box[i].y;
        h = tiles_fnv(tiles_fnv(h, x), (uint32_t)x >> 8);
        h = tiles_fnv(tiles_fnv(h, y), (uint32_t)y >> 8);
    }
    return h;
}

/* ---- the controller, in the batch API's phases ------------------------------------------- */

/* Phase 1: this frame's random number (turn, jump); returns the walk's dx. */
static int16_t tiles_ctrl_begin(tiles_scene *s, int i)
{
    uint32_t r = tiles_xorshift(&s->mrng[i]);
    if ((r & 255u) == 0)
        s->dir[i] = (int16_t)-s->dir[i];
    if (s->ground[i] && ((r >> 8) & 63u) == 0)
        s->vy[i] = -TILES_JUMP;
    return (int16_t)(s->dir[i] * s->speed[i]);
}

/* Phase 2: after the walk. */
static void tiles_ctrl_walked(tiles_scene *s, int i, unsigned hit)
{
    if (hit & (EO_HIT_LEFT | EO_HIT_RIGHT))
        s->dir[i] = (int16_t)-s->dir[i];
}

/* Phase 3: after the vertical move by vy. */
static void tiles_ctrl_moved(tiles_scene *s, int i, unsigned hit, unsigned on_ground)
{
    int vy = s->vy[i];
    s->ground[i] = (uint8_t)on_ground;
    if ((hit & EO_HIT_TOP) || (on_ground && vy > 0))
        vy = 0;
    s->vy[i] = (int16_t)(vy < TILES_MAX_FALL ? vy + 1 : TILES_MAX_FALL);
}

/* A frame is two passes over the movers (movers never interact, so this is the same as one
   mover at a time): the walk (controller phases 1 and 2), then the vertical move (phase 3). Each
   pass exists for the core and for the reference; the benches time them apart. */

/* The walk with the core: 0 on success, 1 if the core returned an error. Position only: the
   controller needs only the walk's hit; the vertical move senses (as the reference does). */
static int tiles_walk_core(tiles_scene *s)
{
    int i;
    eo_tiles_move_result r;
    for (i = 0; i < TILES_MOVERS; i++) {
        if (eo_slopes_walk(&s->map, &s->box[i], tiles_ctrl_begin(s, i), TILES_MAX_STEP, EO_TILES_POSITION_ONLY,
                           &r, NULL) != EO_OK)
            return 1;
        tiles_ctrl_walked(s, i, r.hit);
    }
    return 0;
}

/* The vertical move with the core; cache (TILES_MOVERS entries) may be NULL. */
static int tiles_fall_core(tiles_scene *s, eo_tiles_cache *cache)
{
    int i;
    eo_tiles_move_result r;
    for (i = 0; i < TILES_MOVERS; i++) {
        if (eo_tiles_move(&s->map, &s->box[i], 0, s->vy[i], 0, cache ? &cache[i] : NULL, &r, NULL) != EO_OK)
            return 1;
        tiles_ctrl_moved(s, i, r.hit, r.on_ground);
    }
    return 0;
}

/* ---- the same passes on the pixel-by-pixel reference -------------------------------------- */

static const eo_tiles_map *tiles_ref_map;
static const uint8_t tiles_no_user_slopes[128]; /* the scene uses built-in shapes only */
#define REF_MAP tiles_ref_map
#define REF_USER_SLOPES tiles_no_user_slopes
#define REF_WALK
#include "tiles_reference.h"

static void tiles_walk_reference(tiles_scene *s)
{
    int i;
    tiles_ref_map = &s->map;
    for (i = 0; i < TILES_MOVERS; i++)
        tiles_ctrl_walked(s, i, (unsigned)ref_walk(&s->box[i], tiles_ctrl_begin(s, i), TILES_MAX_STEP, 0));
}

static void tiles_fall_reference(tiles_scene *s)
{
    int i, hit;
    tiles_ref_map = &s->map;
    for (i = 0; i < TILES_MOVERS; i++) {
        hit = ref_move(&s->box[i], 0, s->vy[i], 0);
        tiles_ctrl_moved(s, i, (unsigned)hit, (unsigned)ref_on_ground(&s->box[i]));
    }
}

#endif
