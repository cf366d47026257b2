/* bench/common/scene.h: the moving scenes of the broadphase benchmark, in integer C.
   bench/common/scene.mjs is the same generator in JavaScript: the same xorshift32 sequence, the
   same integer arithmetic, the same positions every frame. Both benches print an FNV-1a checksum
   of the boxes at frame 0 and frame 599 and compare it with bench/common/scene_checksums.txt, so
   the two can never drift apart silently. Change both files together (and the checksums).

   Uniform: N boxes 8..24 px on a side in a square world 40 * isqrt(N) px wide (about 1600 px^2
       per box: game-like density at every N), velocities -3..3 px per frame on each axis,
       bouncing off the world's edges.
   War zone (the GameDev.net article's "rows of soldiers, bullets"): in the same world, 3/4 of
       the objects are 16x16 soldiers in two facing armies, rows of 18 px columns, 20 px apart;
       each army sways sideways 1 px every 2 frames (each soldier a few frames out of step, so
       neighbours sometimes overlap) and advances and falls back 1 px every 4 frames. 1/4 are
       2x6 bullets flying vertically at 6..10 px per frame through both armies, drifting -1..1 px
       sideways, wrapping around inside the band. Everything lives in a horizontal band about a
       quarter of the world's height.

   Frame f is the state after f calls to bench_scene_step(); frame 0 is the state after init.
   Coordinates stay within 0 .. world (at most 8,920 px for N = 50,000): int16_t throughout. */
#ifndef EARLYOUT_BENCH_SCENE_H
#define EARLYOUT_BENCH_SCENE_H

#include <stdint.h>

#include "earlyout/common.h"

#define BENCH_SCENE_MAX_N 50000
#define BENCH_SCENE_SEED 2026u

enum { BENCH_UNIFORM = 0, BENCH_WARZONE = 1 };

typedef struct bench_scene {
    int kind;
    uint16_t n;
    int32_t world;              /* square world, 0 .. world on both axes */
    int32_t frame;
    uint32_t rng;
    int32_t soldiers;           /* war zone: boxes 0 .. soldiers-1 are soldiers, the rest bullets */
    int32_t band_top, band_h;   /* war zone: bullets wrap inside band_top .. band_top + band_h */
    eo_box boxes[BENCH_SCENE_MAX_N];
    int16_t vx[BENCH_SCENE_MAX_N], vy[BENCH_SCENE_MAX_N];
    int16_t bx[BENCH_SCENE_MAX_N], by[BENCH_SCENE_MAX_N]; /* soldiers: place in the formation */
    int16_t phase[BENCH_SCENE_MAX_N], dir[BENCH_SCENE_MAX_N];
} bench_scene;

static const char *const bench_scene_names[] = { "uniform", "war zone" };

static uint32_t bench_rng(bench_scene *s)
{
    uint32_t x = s->rng;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    s->rng = x;
    return x;
}

static int32_t bench_isqrt(int32_t n)
{
    int32_t r = 0;
    while ((r + 1) * (r + 1) <= n)
        r++;
    return r;
}

/* 0 .. a .. 0, a triangle wave of period 2a (t >= 0). */
static int32_t bench_tri(int32_t t, int32_t a)
{
    int32_t m = t % (2 * a);
    return m < a ? m : 2 * a - m;
}

#define BENCH_MARGIN 32   /* war zone: room for the sway (12 px) and the bullets' drift */
#define BENCH_COL 18      /* soldiers' column pitch (16 px wide: 2 px apart when in step) */
#define BENCH_ROW 20      /* rows' pitch (16 px high: never overlap vertically) */
#define BENCH_GAP 48      /* half of no man's land; each army advances up to 24 px into it */

static void bench_soldier_place(bench_scene *s, int32_t i)
{
    int32_t f = s->frame;
    s->boxes[i].x = (int16_t)(s->bx[i] + bench_tri(f / 2 + s->phase[i], 24) - 12);
    s->boxes[i].y = (int16_t)(s->by[i] + s->dir[i] * bench_tri(f / 4, 24));
}

static void bench_scene_init(bench_scene *s, int kind, uint16_t n)
{
    int32_t i;
    s->kind = kind;
    s->n = n;
    s->world = 40 * bench_isqrt(n);
    s->frame = 0;
    s->rng = BENCH_SCENE_SEED;
    s->soldiers = 0;
    s->band_top = 0;
    s->band_h = 0;
    if (kind == BENCH_UNIFORM) {
        for (i = 0; i < n; i++) {
            eo_box *b = &s->boxes[i];
            b->w = (int16_t)(8u + bench_rng(s) % 17u);
            b->h = (int16_t)(8u + bench_rng(s) % 17u);
            b->x = (int16_t)(bench_rng(s) % (uint32_t)(s->world - b->w));
            b->y = (int16_t)(bench_rng(s) % (uint32_t)(s->world - b->h));
            s->vx[i] = (int16_t)((int32_t)(bench_rng(s) % 7u) - 3);
            s->vy[i] = (int16_t)((int32_t)(bench_rng(s) % 7u) - 3);
        }
    } else {
        int32_t per_row = (s->world - 2 * BENCH_MARGIN - 16) / BENCH_COL + 1;
        int32_t army_a = (n - n / 4) / 2, army_b = (n - n / 4) - army_a;
        int32_t rows_a = (army_a + per_row - 1) / per_row, rows_b = (army_b + per_row - 1) / per_row;
        int32_t mid = s->world / 2;
        int32_t top_a = mid - BENCH_GAP - rows_a * BENCH_ROW, top_b = mid + BENCH_GAP;
        s->soldiers = army_a + army_b;
        s->band_top = top_a - 32;
        s->band_h = (top_b + rows_b * BENCH_ROW + 32) - s->band_top;
        for (i = 0; i < s->soldiers; i++) {
            int32_t k = i < army_a ? i : i - army_a;
            s->bx[i] = (int16_t)(BENCH_MARGIN + (k % per_row) * BENCH_COL);
            s->by[i] = (int16_t)((i < army_a ? top_a : top_b) + (k / per_row) * BENCH_ROW);
            s->phase[i] = (int16_t)((i < army_a ? 0 : 24) + (int32_t)(bench_rng(s) % 8u));
            s->dir[i] = (int16_t)(i < army_a ? 1 : -1); /* both advance towards the middle */
            s->boxes[i].w = 16;
            s->boxes[i].h = 16;
            bench_soldier_place(s, i);
        }
        for (; i < n; i++) {
            eo_box *b = &s->boxes[i];
            int32_t speed = 6 + (int32_t)(bench_rng(s) % 5u);
            b->w = 2;
            b->h = 6;
            b->x = (int16_t)(BENCH_MARGIN + (int32_t)(bench_rng(s) % (uint32_t)(s->world - 2 * BENCH_MARGIN)));
            b->y = (int16_t)(s->band_top + (int32_t)(bench_rng(s) % (uint32_t)s->band_h));
            s->vx[i] = (int16_t)((int32_t)(bench_rng(s) % 3u) - 1);
            s->vy[i] = (int16_t)(i % 2 == 0 ? speed : -speed); /* army A fires down, B up */
        }
    }
}

static void bench_scene_step(bench_scene *s)
{
    int32_t i;
    s->frame++;
    if (s->kind == BENCH_UNIFORM) {
        for (i = 0; i < s->n; i++) {
            eo_box *b = &s->boxes[i];
            int32_t x = b->x + s->vx[i], y = b->y + s->vy[i];
            if (x < 0) { x = -x; s->vx[i] = (int16_t)-s->vx[i]; }
            else if (x + b->w > s->world) { x = 2 * (s->world - b->w) - x; s->vx[i] = (int16_t)-s->vx[i]; }
            if (y < 0) { y = -y; s->vy[i] = (int16_t)-s->vy[i]; }
            else if (y + b->h > s->world) { y = 2 * (s->world - b->h) - y; s->vy[i] = (int16_t)-s->vy[i]; }
            b->x = (int16_t)x;
            b->y = (int16_t)y;
        }
        return;
    }
    for (i = 0; i < s->soldiers; i++)
        bench_soldier_place(s, i);
    for (; i < s->n; i++) {
        eo_box *b = &s->boxes[i];
        int32_t x = b->x + s->vx[i], y = b->y + s->vy[i];
        if (x < BENCH_MARGIN || x + b->w > s->world - BENCH_MARGIN) { s->vx[i] = (int16_t)-s->vx[i]; x = b->x; }
        if (y >= s->band_top + s->band_h) y -= s->band_h;
        else if (y < s->band_top) y += s->band_h;
        b->x = (int16_t)x;
        b->y = (int16_t)y;
    }
}

/* FNV-1a over the boxes' x, y, w, h as 16-bit words. */
static uint32_t bench_scene_checksum(const bench_scene *s)
{
    uint32_t h = 2166136261u;
    int32_t i;
    for (i = 0; i < s->n; i++) {
        h = (h ^ (uint16_t)s->boxes[i].x) * 16777619u;
        h = (h ^ (uint16_t)s->boxes[i].y) * 16777619u;
        h = (h ^ (uint16_t)s->boxes[i].w) * 16777619u;
        h = (h ^ (uint16_t)s->boxes[i].h) * 16777619u;
    }
    return h;
}

#endif
