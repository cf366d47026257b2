/* bench/common/pixelmask_pairs.h: the pixel-mask benchmark's sprites, placements and batches,
   shared by bench/native/bench_pixelmask.c and the bench-only wasm module
   bench/wasm/bench_pixelmask.c (so native and wasm time the same C on the same inputs).

   earlyout against pygame's bitmask.c (Bitmask 1.7, Ulf Ekstrom; Debian's source package `pygame`,
   src_c/bitmask.c, LGPL): compiled from that package when the build found it (PIXEL_BENCH_PYGAME 1,
   see mk/bench.mk), never copied here. Both libraries get the same masks (set pixel by pixel from one
   array of pixels) and the same offsets (B's top-left relative to A's, A at 0, 0).

   Per sprite size (16, 32, 64, 256 px square), PB_SPRITES sprites of each kind:
       disc    a solid disc (diameters side - 0 .. 3 px): hits come in the first rows of a rectangle;
       ring    the outline of such a disc (side / 16 px thick, at least 1): a hollow sprite, whose
               misses have one ring inside the other, so whole rectangles are read;
       random  random pixels at the density (bisected, not timed) where about half of the
               placements collide: hits anywhere, often late.
   Placements (PB_PLACEMENTS of each, with random pairs of a kind's sprites):
       overlap offsets drawn uniformly where the boxes overlap (-(side-1) .. side-1 on both axes),
               kept by rejection so that exactly half truly collide (in a shuffled order);
       apart   boxes that do not overlap (one axis offset by side .. 2 side - 1);
       row     boxes that share exactly one row (dy = +-(side-1)), dx random in the overlap.
   The cases: overlap, area and first contact on the overlap placements of each kind, and the three
   of them on the apart and one-row placements of the random sprites.
   Every answer is checked between the libraries before anything is timed: overlap and area equal;
   first contact found alike, each library's point solid in both sprites, and earlyout's the first
   in scan order (checked against a pixel loop up to 64 px). */
#ifndef EARLYOUT_BENCH_PIXELMASK_PAIRS_H
#define EARLYOUT_BENCH_PIXELMASK_PAIRS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "earlyout/earlyout.h"

#ifndef PIXEL_BENCH_PYGAME
#define PIXEL_BENCH_PYGAME 0
#endif
#if PIXEL_BENCH_PYGAME
#include "bitmask.h"
#endif

#define PB_MAX_SIDE 256
#define PB_SPRITES 8
#define PB_PLACEMENTS 4096

enum { PB_EARLYOUT, PB_PYGAME };
enum { PB_DISC, PB_RING, PB_RANDOM, PB_KINDS };
enum { PB_OVERLAP, PB_AREA, PB_FIRST };
enum { PB_PLACE_OVERLAP, PB_PLACE_APART, PB_PLACE_ROW, PB_PLACES };

/* what a batch runs: the function, the kind of sprite and the placements */
typedef struct pb_case {
    uint8_t fn, kind, place;
    const char *sprite, *name;
} pb_case;
static const pb_case pb_cases[] = {
    { PB_OVERLAP, PB_DISC, PB_PLACE_OVERLAP, "disc", "overlap" },
    { PB_AREA, PB_DISC, PB_PLACE_OVERLAP, "disc", "area" },
    { PB_FIRST, PB_DISC, PB_PLACE_OVERLAP, "disc", "first contact" },
    { PB_OVERLAP, PB_RING, PB_PLACE_OVERLAP, "ring", "overlap" },
    { PB_AREA, PB_RING, PB_PLACE_OVERLAP, "ring", "area" },
    { PB_FIRST, PB_RING, PB_PLACE_OVERLAP, "ring", "first contact" },
    { PB_OVERLAP, PB_RANDOM, PB_PLACE_OVERLAP, "random", "overlap" },
    { PB_AREA, PB_RANDOM, PB_PLACE_OVERLAP, "random", "area" },
    { PB_FIRST, PB_RANDOM, PB_PLACE_OVERLAP, "random", "first contact" },
    { PB_OVERLAP, PB_RANDOM, PB_PLACE_APART, "random", "overlap, boxes apart" },
    { PB_AREA, PB_RANDOM, PB_PLACE_APART, "random", "area, boxes apart" },
    { PB_FIRST, PB_RANDOM, PB_PLACE_APART, "random", "first contact, boxes apart" },
    { PB_OVERLAP, PB_RANDOM, PB_PLACE_ROW, "random", "overlap, one shared row" },
    { PB_AREA, PB_RANDOM, PB_PLACE_ROW, "random", "area, one shared row" },
    { PB_FIRST, PB_RANDOM, PB_PLACE_ROW, "random", "first contact, one shared row" },
};
#define PB_OPS ((int)(sizeof pb_cases / sizeof pb_cases[0]))

static union { uint64_t align; uint8_t b[PB_MAX_SIDE * PB_MAX_SIDE / 8 + 64]; } pb_store[PB_KINDS][PB_SPRITES];
static eo_pixelmask pb_eo[PB_KINDS][PB_SPRITES];
#if PIXEL_BENCH_PYGAME
static bitmask_t *pb_py[PB_KINDS][PB_SPRITES];
#endif
static uint8_t pb_pixels[PB_KINDS][PB_SPRITES][PB_MAX_SIDE][PB_MAX_SIDE]; /* [kind][sprite][y][x] */
static int16_t pb_dx[PB_KINDS][PB_PLACES][PB_PLACEMENTS], pb_dy[PB_KINDS][PB_PLACES][PB_PLACEMENTS];
static uint8_t pb_ia[PB_KINDS][PB_PLACES][PB_PLACEMENTS], pb_ib[PB_KINDS][PB_PLACES][PB_PLACEMENTS];
static uint16_t pb_side;
static uint32_t pb_density; /* per mille, of the random sprites */

static uint32_t pb_rng_state = 1u;
static uint32_t pb_rng(void)
{
    pb_rng_state ^= pb_rng_state << 13;
    pb_rng_state ^= pb_rng_state >> 17;
    pb_rng_state ^= pb_rng_state << 5;
    return pb_rng_state;
}

/* the pixels of pb_pixels[kind][s] into both libraries' masks */
static void pb_load(int kind, unsigned s)
{
    uint16_t x, y;
    eo_pixelmask *m = &pb_eo[kind][s];
    if (eo_pixelmask_init(m, pb_side, pb_side, pb_store[kind][s].b, sizeof pb_store[kind][s].b) != EO_OK)
        abort();
    for (y = 0; y < pb_side; y++)
        for (x = 0; x < pb_side; x++)
            if (eo_pixelmask_set(m, x, y, pb_pixels[kind][s][y][x]) != EO_OK)
                abort();
#if PIXEL_BENCH_PYGAME
    if (pb_py[kind][s] != NULL)
        bitmask_free(pb_py[kind][s]);
    pb_py[kind][s] = bitmask_create(pb_side, pb_side);
    if (pb_py[kind][s] == NULL)
        abort();
    for (y = 0; y < pb_side; y++)
        for (x = 0; x < pb_side; x++)
            if (pb_pixels[kind][s][y][x])
                bitmask_setbit(pb_py[kind][s], x, y);
#endif
}

static void pb_make_random(uint32_t density)
{
    unsigned s;
    uint16_t x, y;
    pb_rng_state = 99u + pb_side;
    for (s = 0; s < PB_SPRITES; s++) {
        for (y = 0; y < pb_side; y++)
            for (x = 0; x < pb_side; x++)
                pb_pixels[PB_RANDOM][s][y][x] = (uint8_t)(pb_rng() % 1000u < density);
        pb_load(PB_RANDOM, s);
    }
    pb_density = density;
}

/* Discs and rings: sprite s is a disc of diameter side - s % 4, centred (doubled coordinates keep
   the centre on a pixel corner or middle); its ring keeps the pixels within `thick` of the edge. */
static void pb_make_round(void)
{
    unsigned s;
    int32_t x, y, thick = pb_side / 16 > 1 ? pb_side / 16 : 1;
    for (s = 0; s < PB_SPRITES; s++) {
        int32_t dia = (int32_t)pb_side - (int32_t)(s % 4u), r2 = dia * dia, in = dia - 2 * thick, in2 = in > 0 ? in * in : 0;
        for (y = 0; y < pb_side; y++)
            for (x = 0; x < pb_side; x++) {
                int32_t u = 2 * x + 1 - pb_side, v = 2 * y + 1 - pb_side, d = u * u + v * v;
                pb_pixels[PB_DISC][s][y][x] = (uint8_t)(d <= r2);
                pb_pixels[PB_RING][s][y][x] = (uint8_t)(d <= r2 && d > in2);
            }
        pb_load(PB_DISC, s);
        pb_load(PB_RING, s);
    }
}

static uint8_t pb_collide(int kind, unsigned a, unsigned b, int16_t dx, int16_t dy)
{
    uint8_t hit = 0;
    if (eo_pixelmask_overlap(&pb_eo[kind][a], 0, 0, &pb_eo[kind][b], dx, dy, &hit, NULL) != EO_OK)
        abort();
    return hit;
}

/* An offset where the boxes overlap, uniformly: -(side-1) .. side-1. */
static int16_t pb_overlapping(void)
{
    return (int16_t)((int32_t)(pb_rng() % (2u * pb_side - 1u)) - (pb_side - 1));
}

/* The overlap placements of one kind: exactly half collide, in a shuffled order, each drawn
   uniformly among the overlapping offsets and pairs until it is a hit or a miss as wanted. */
static void pb_make_overlaps(int kind)
{
    static uint8_t want[PB_PLACEMENTS];
    unsigned k;
    pb_rng_state = 7u + pb_side + 1000u * (unsigned)kind;
    for (k = 0; k < PB_PLACEMENTS; k++)
        want[k] = (uint8_t)(k < PB_PLACEMENTS / 2);
    for (k = PB_PLACEMENTS - 1; k > 0; k--) { /* Fisher-Yates */
        unsigned j = pb_rng() % (k + 1u);
        uint8_t t = want[k];
        want[k] = want[j];
        want[j] = t;
    }
    for (k = 0; k < PB_PLACEMENTS; k++) {
        unsigned tries = 0;
        int16_t dx, dy;
        uint8_t a, b;
        do {
            if (++tries > 1000000u) {
                fprintf(stderr, "pixel bench: no %s placement of the %s sprites at %u px\n", want[k] ? "colliding" : "missing",
                        kind == PB_DISC ? "disc" : kind == PB_RING ? "ring" : "random", pb_side);
                abort();
            }
            dx = pb_overlapping();
            dy = pb_overlapping();
            a = (uint8_t)(pb_rng() % PB_SPRITES);
            b = (uint8_t)(pb_rng() % PB_SPRITES);
        } while (pb_collide(kind, a, b, dx, dy) != want[k]);
        pb_dx[kind][PB_PLACE_OVERLAP][k] = dx;
        pb_dy[kind][PB_PLACE_OVERLAP][k] = dy;
        pb_ia[kind][PB_PLACE_OVERLAP][k] = a;
        pb_ib[kind][PB_PLACE_OVERLAP][k] = b;
    }
}

/* Boxes apart and boxes sharing one row, for every kind. */
static void pb_make_edges(void)
{
    unsigned k;
    int kind;
    int32_t side = pb_side;
    pb_rng_state = 5u + pb_side;
    for (kind = 0; kind < PB_KINDS; kind++) {
        for (k = 0; k < PB_PLACEMENTS; k++) {
            int32_t far = side + (int32_t)(pb_rng() % (uint32_t)side), sign = (pb_rng() & 1u) ? 1 : -1;
            int16_t *dx = pb_dx[kind][PB_PLACE_APART], *dy = pb_dy[kind][PB_PLACE_APART];
            unsigned p;
            if (pb_rng() & 1u) { /* apart along x or along y */
                dx[k] = (int16_t)(sign * far);
                dy[k] = (int16_t)((int32_t)(pb_rng() % (4u * side)) - 2 * side);
            } else {
                dy[k] = (int16_t)(sign * far);
                dx[k] = (int16_t)((int32_t)(pb_rng() % (4u * side)) - 2 * side);
            }
            pb_dx[kind][PB_PLACE_ROW][k] = pb_overlapping();
            pb_dy[kind][PB_PLACE_ROW][k] = (int16_t)(((pb_rng() & 1u) ? 1 : -1) * (side - 1));
            for (p = PB_PLACE_APART; p <= PB_PLACE_ROW; p++) {
                pb_ia[kind][p][k] = (uint8_t)(pb_rng() % PB_SPRITES);
                pb_ib[kind][p][k] = (uint8_t)(pb_rng() % PB_SPRITES);
            }
        }
    }
}

/* One pass over a case's placements with one library; returns a checksum of the answers (hits,
   total area, or hits plus contact coordinates), so nothing is optimized away. Each library is
   called the way its own API wants, one call per pair, nothing hoisted out of the loop. */
static uint32_t pb_batch(int lib, int op)
{
    const pb_case *c = &pb_cases[op];
    const int16_t *dx = pb_dx[c->kind][c->place], *dy = pb_dy[c->kind][c->place];
    const uint8_t *ia = pb_ia[c->kind][c->place], *ib = pb_ib[c->kind][c->place];
    uint32_t sum = 0;
    unsigned k;
    if (lib == PB_EARLYOUT) {
        eo_pixelmask *m = pb_eo[c->kind];
        if (c->fn == PB_AREA) {
            for (k = 0; k < PB_PLACEMENTS; k++) {
                uint32_t area = 0;
                (void)eo_pixelmask_overlap_area(&m[ia[k]], 0, 0, &m[ib[k]], dx[k], dy[k], &area, NULL);
                sum += area;
            }
        } else if (c->fn == PB_FIRST) {
            for (k = 0; k < PB_PLACEMENTS; k++) {
                uint8_t found = 0;
                int32_t x = 0, y = 0;
                (void)eo_pixelmask_first_contact(&m[ia[k]], 0, 0, &m[ib[k]], dx[k], dy[k], &found, &x, &y, NULL);
                sum += found + (uint32_t)x * 3u + (uint32_t)y * 5u;
            }
        } else {
            for (k = 0; k < PB_PLACEMENTS; k++) {
                uint8_t hit = 0;
                (void)eo_pixelmask_overlap(&m[ia[k]], 0, 0, &m[ib[k]], dx[k], dy[k], &hit, NULL);
                sum += hit;
            }
        }
        return sum;
    }
#if PIXEL_BENCH_PYGAME
    {
        bitmask_t **m = pb_py[c->kind];
        if (c->fn == PB_AREA) {
            for (k = 0; k < PB_PLACEMENTS; k++)
                sum += (uint32_t)bitmask_overlap_area(m[ia[k]], m[ib[k]], dx[k], dy[k]);
        } else if (c->fn == PB_FIRST) {
            for (k = 0; k < PB_PLACEMENTS; k++) {
                int x = 0, y = 0;
                int found = bitmask_overlap_pos(m[ia[k]], m[ib[k]], dx[k], dy[k], &x, &y);
                sum += (uint32_t)found + (uint32_t)x * 3u + (uint32_t)y * 5u;
            }
        } else {
            for (k = 0; k < PB_PLACEMENTS; k++)
                sum += (uint32_t)bitmask_overlap(m[ia[k]], m[ib[k]], dx[k], dy[k]);
        }
    }
#endif
    return sum;
}

/* how many of a case's placements collide */
static unsigned pb_hits(int op)
{
    const pb_case *c = &pb_cases[op];
    unsigned k, hits = 0;
    for (k = 0; k < PB_PLACEMENTS; k++)
        hits += pb_collide(c->kind, pb_ia[c->kind][c->place][k], pb_ib[c->kind][c->place][k],
                           pb_dx[c->kind][c->place][k], pb_dy[c->kind][c->place][k]);
    return hits;
}

/* Sets up one sprite size: random sprites at the density where about half of the uniformly
   drawn overlapping placements collide, discs and rings, and every kind's placements. */
static void pb_setup(uint16_t side)
{
    uint32_t lo = 1, hi = 1000, r;
    unsigned k, hits;
    pb_side = side;
    pb_make_round();
    for (r = 0; r < 12; r++) { /* bisect the density (not timed) */
        uint32_t density = (lo + hi) / 2;
        pb_make_random(density);
        pb_rng_state = 3u + side;
        for (k = hits = 0; k < PB_PLACEMENTS; k++) {
            int16_t dx = pb_overlapping(), dy = pb_overlapping();
            hits += pb_collide(PB_RANDOM, pb_rng() % PB_SPRITES, pb_rng() % PB_SPRITES, dx, dy);
        }
        if (hits * 2u < PB_PLACEMENTS) lo = density + 1; else hi = density;
    }
    pb_make_random((lo + hi) / 2);
    pb_make_overlaps(PB_DISC);
    pb_make_overlaps(PB_RING);
    pb_make_overlaps(PB_RANDOM);
    pb_make_edges();
}

/* The first shared pixel in scan order, by a pixel loop over the overlap rectangle (A at 0, 0). */
static int pb_first_by_pixels(int kind, unsigned a, unsigned b, int16_t dx, int16_t dy, int32_t *fx, int32_t *fy)
{
    int32_t x, y, x0 = dx > 0 ? dx : 0, y0 = dy > 0 ? dy : 0;
    int32_t x1 = dx + pb_side < pb_side ? dx + pb_side : pb_side, y1 = dy + pb_side < pb_side ? dy + pb_side : pb_side;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++)
            if (pb_pixels[kind][a][y][x] && pb_pixels[kind][b][y - dy][x - dx]) {
                *fx = x;
                *fy = y;
                return 1;
            }
    return 0;
}

/* Checks every answer of one case between the libraries (and earlyout's first contacts against
   the pixel loop up to 64 px). Returns 0, or prints the first mismatch and returns 1. */
static int pb_verify(int op)
{
    const pb_case *c = &pb_cases[op];
    unsigned k;
    for (k = 0; k < PB_PLACEMENTS; k++) {
        const unsigned ia = pb_ia[c->kind][c->place][k], ib = pb_ib[c->kind][c->place][k];
        const eo_pixelmask *a = &pb_eo[c->kind][ia], *b = &pb_eo[c->kind][ib];
        int16_t dx = pb_dx[c->kind][c->place][k], dy = pb_dy[c->kind][c->place][k];
        uint8_t hit = 9, found = 9;
        uint32_t area = 1u << 31;
        int32_t cx = -1, cy = -1;
        if (eo_pixelmask_overlap(a, 0, 0, b, dx, dy, &hit, NULL) != EO_OK ||
            eo_pixelmask_overlap_area(a, 0, 0, b, dx, dy, &area, NULL) != EO_OK ||
            eo_pixelmask_first_contact(a, 0, 0, b, dx, dy, &found, &cx, &cy, NULL) != EO_OK)
            goto bad;
        if (hit != (area > 0) || found != hit)
            goto bad;
        if (found && (!eo_pixelmask_get(a, (uint16_t)cx, (uint16_t)cy) ||
                      !eo_pixelmask_get(b, (uint16_t)(cx - dx), (uint16_t)(cy - dy))))
            goto bad;
        if (pb_side <= 64 && c->fn == PB_FIRST) {
            int32_t fx = -1, fy = -1;
            if (pb_first_by_pixels(c->kind, ia, ib, dx, dy, &fx, &fy) != found || (found && (fx != cx || fy != cy)))
                goto bad;
        }
#if PIXEL_BENCH_PYGAME
        {
            const bitmask_t *pa = pb_py[c->kind][ia], *pbm = pb_py[c->kind][ib];
            int px = -1, py = -1, pfound = bitmask_overlap_pos(pa, pbm, dx, dy, &px, &py);
            if (bitmask_overlap(pa, pbm, dx, dy) != hit || (uint32_t)bitmask_overlap_area(pa, pbm, dx, dy) != area ||
                pfound != found)
                goto bad;
            /* bitmask.c scans column stripe by stripe: its point may differ, but is shared */
            if (pfound && (!bitmask_getbit(pa, px, py) || !bitmask_getbit(pbm, px - dx, py - dy)))
                goto bad;
        }
#endif
        continue;
    bad:
        fprintf(stderr, "MISMATCH: %s %s, %ux%u, placement %u (dx %d, dy %d): overlap %u, area %u, first %u at %d, %d\n",
                c->sprite, c->name, pb_side, pb_side, k, dx, dy, hit, (unsigned)area, found, (int)cx, (int)cy);
        return 1;
    }
    return 0;
}

#endif
