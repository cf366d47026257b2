/* bench/common/pixelmask_pairs.h: the pixel-mask benchmark's sprites, placements and batches,
   shared by bench/native/bench_pixelmask.c and the bench-only wasm module
   bench/wasm/bench_pixelmask.c (so native and wasm time the same C on the same inputs).

   earlyout against pygame's bitmask.c (Bitmask 1.7, Ulf Ekstrom; Debian's source package `pygame`,
   src_c/bitmask.c, LGPL): compiled from that package when the build found it (PIXEL_BENCH_PYGAME 1,
   see mk/bench.mk), never copied here. Both libraries get the same masks (set pixel by pixel from one
   array of pixels) and the same offsets (B's top-left relative to A's, A at 0, 0).

   Per sprite size (16, 32, 64, 256 px square), SPRITES sprites of each kind:
       sparse  random pixels at the density (bisected, not timed) where about half of the
               placements collide: overlap, first contact and the sparse area run on these;
       solid   a filled disc as wide as the box, with a one-pixel ring cut out every 4 px (a
               solid sprite with some structure): the solid area runs on these.
   Placements (PLACEMENTS of each):
       overlap random offsets where the boxes overlap (-(side-1) .. side-1 on both axes);
       apart   boxes that do not overlap (one axis offset by side .. 2 side - 1);
       row     boxes that share exactly one row (dy = +-(side-1)), dx random in the overlap.
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

/* what a batch runs: the function, the sprites (sparse or solid) and the placements */
enum {
    PB_OVERLAP,      /* eo_pixelmask_overlap     | bitmask_overlap,      sparse, overlapping boxes */
    PB_AREA_SOLID,   /* eo_pixelmask_overlap_area | bitmask_overlap_area, solid,  overlapping boxes */
    PB_AREA_SPARSE,  /* the same, sparse */
    PB_FIRST,        /* eo_pixelmask_first_contact | bitmask_overlap_pos, sparse, overlapping boxes */
    PB_APART,        /* overlap, sparse, boxes apart */
    PB_ROW,          /* overlap, sparse, boxes sharing one row */
    PB_APART_AREA,   /* area and first contact on the same two kinds of placement */
    PB_APART_FIRST,
    PB_ROW_AREA,
    PB_ROW_FIRST,
    PB_OPS
};
static const char *const pb_op_names[PB_OPS] = {
    "overlap", "area, solid", "area, sparse", "first contact", "overlap, boxes apart",
    "overlap, one shared row", "area, boxes apart", "first contact, boxes apart", "area, one shared row",
    "first contact, one shared row",
};
enum { PB_EARLYOUT, PB_PYGAME };
enum { PB_SPARSE, PB_SOLID };
enum { PB_PLACE_OVERLAP, PB_PLACE_APART, PB_PLACE_ROW, PB_PLACES };

static union { uint64_t align; uint8_t b[PB_MAX_SIDE * PB_MAX_SIDE / 8 + 64]; } pb_store[2][PB_SPRITES];
static eo_pixelmask pb_eo[2][PB_SPRITES];
#if PIXEL_BENCH_PYGAME
static bitmask_t *pb_py[2][PB_SPRITES];
#endif
static uint8_t pb_pixels[2][PB_SPRITES][PB_MAX_SIDE][PB_MAX_SIDE]; /* [kind][sprite][y][x] */
static int16_t pb_dx[PB_PLACES][PB_PLACEMENTS], pb_dy[PB_PLACES][PB_PLACEMENTS];
static uint8_t pb_ia[PB_PLACES][PB_PLACEMENTS], pb_ib[PB_PLACES][PB_PLACEMENTS];
static uint16_t pb_side;
static uint32_t pb_density; /* per mille, of the sparse sprites */

static uint32_t pb_rng_state = 1u;
static uint32_t pb_rng(void)
{
    pb_rng_state ^= pb_rng_state << 13;
    pb_rng_state ^= pb_rng_state >> 17;
    pb_rng_state ^= pb_rng_state << 5;
    return pb_rng_state;
}

/* the pixels of pb_pixels[kind][s] into both libraries' masks of one kind */
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

static void pb_make_sparse(uint32_t density)
{
    unsigned s;
    uint16_t x, y;
    pb_rng_state = 99u + pb_side;
    for (s = 0; s < PB_SPRITES; s++) {
        for (y = 0; y < pb_side; y++)
            for (x = 0; x < pb_side; x++)
                pb_pixels[PB_SPARSE][s][y][x] = (uint8_t)(pb_rng() % 1000u < density);
        pb_load(PB_SPARSE, s);
    }
    pb_density = density;
}

static void pb_make_solid(void)
{
    unsigned s;
    int32_t x, y, r2 = (int32_t)pb_side * pb_side; /* (2r)^2 in doubled coordinates */
    for (s = 0; s < PB_SPRITES; s++) {
        for (y = 0; y < pb_side; y++)
            for (x = 0; x < pb_side; x++) {
                int32_t u = 2 * x + 1 - pb_side, v = 2 * y + 1 - pb_side, d = u * u + v * v;
                /* inside the disc, minus a thin ring every 4 px of radius (sprite s turns it by s) */
                int32_t ring = ((int32_t)(x + y + (int32_t)s) % 4 == 0) && d > r2 / 4 && d < r2 / 3;
                pb_pixels[PB_SOLID][s][y][x] = (uint8_t)(d <= r2 && !ring);
            }
        pb_load(PB_SOLID, s);
    }
}

static void pb_make_placements(void)
{
    unsigned k;
    int32_t side = pb_side;
    pb_rng_state = 7u + pb_side;
    for (k = 0; k < PB_PLACEMENTS; k++) {
        int32_t far = side + (int32_t)(pb_rng() % (uint32_t)side), sign = (pb_rng() & 1u) ? 1 : -1;
        pb_dx[PB_PLACE_OVERLAP][k] = (int16_t)((int32_t)(pb_rng() % (2u * side - 1u)) - (side - 1));
        pb_dy[PB_PLACE_OVERLAP][k] = (int16_t)((int32_t)(pb_rng() % (2u * side - 1u)) - (side - 1));
        if (pb_rng() & 1u) { /* apart along x or along y */
            pb_dx[PB_PLACE_APART][k] = (int16_t)(sign * far);
            pb_dy[PB_PLACE_APART][k] = (int16_t)((int32_t)(pb_rng() % (4u * side)) - 2 * side);
        } else {
            pb_dy[PB_PLACE_APART][k] = (int16_t)(sign * far);
            pb_dx[PB_PLACE_APART][k] = (int16_t)((int32_t)(pb_rng() % (4u * side)) - 2 * side);
        }
        pb_dx[PB_PLACE_ROW][k] = (int16_t)((int32_t)(pb_rng() % (2u * side - 1u)) - (side - 1));
        pb_dy[PB_PLACE_ROW][k] = (int16_t)(((pb_rng() & 1u) ? 1 : -1) * (side - 1));
        for (unsigned p = 0; p < PB_PLACES; p++) {
            pb_ia[p][k] = (uint8_t)(pb_rng() % PB_SPRITES);
            pb_ib[p][k] = (uint8_t)(pb_rng() % PB_SPRITES);
        }
    }
}

static int pb_kind_of(int op)
{
    return op == PB_AREA_SOLID ? PB_SOLID : PB_SPARSE;
}

static int pb_place_of(int op)
{
    switch (op) {
    case PB_APART: case PB_APART_AREA: case PB_APART_FIRST: return PB_PLACE_APART;
    case PB_ROW: case PB_ROW_AREA: case PB_ROW_FIRST: return PB_PLACE_ROW;
    default: return PB_PLACE_OVERLAP;
    }
}

static int pb_is_area(int op)
{
    return op == PB_AREA_SOLID || op == PB_AREA_SPARSE || op == PB_APART_AREA || op == PB_ROW_AREA;
}

static int pb_is_first(int op)
{
    return op == PB_FIRST || op == PB_APART_FIRST || op == PB_ROW_FIRST;
}

/* One pass over the op's placements with one library; returns a checksum of the answers (hits,
   total area, or hits plus contact coordinates), so nothing is optimized away. Each library is
   called the way its own API wants, one call per pair, nothing hoisted out of the loop. */
static uint32_t pb_batch(int lib, int op)
{
    const int kind = pb_kind_of(op), place = pb_place_of(op);
    const int16_t *dx = pb_dx[place], *dy = pb_dy[place];
    const uint8_t *ia = pb_ia[place], *ib = pb_ib[place];
    uint32_t sum = 0;
    unsigned k;
    if (lib == PB_EARLYOUT) {
        eo_pixelmask *m = pb_eo[kind];
        if (pb_is_area(op)) {
            for (k = 0; k < PB_PLACEMENTS; k++) {
                uint32_t area = 0;
                (void)eo_pixelmask_overlap_area(&m[ia[k]], 0, 0, &m[ib[k]], dx[k], dy[k], &area, NULL);
                sum += area;
            }
        } else if (pb_is_first(op)) {
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
        bitmask_t **m = pb_py[kind];
        if (pb_is_area(op)) {
            for (k = 0; k < PB_PLACEMENTS; k++)
                sum += (uint32_t)bitmask_overlap_area(m[ia[k]], m[ib[k]], dx[k], dy[k]);
        } else if (pb_is_first(op)) {
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

/* how many of the op's placements collide (earlyout's overlap on the same sprites and placements) */
static unsigned pb_hits(int op)
{
    const int kind = pb_kind_of(op), place = pb_place_of(op);
    unsigned k, hits = 0;
    for (k = 0; k < PB_PLACEMENTS; k++) {
        uint8_t hit = 0;
        (void)eo_pixelmask_overlap(&pb_eo[kind][pb_ia[place][k]], 0, 0, &pb_eo[kind][pb_ib[place][k]],
                                   pb_dx[place][k], pb_dy[place][k], &hit, NULL);
        hits += hit;
    }
    return hits;
}

/* Sets up one sprite size: placements, sparse sprites at the density where about half of the
   overlapping placements collide, solid sprites. */
static void pb_setup(uint16_t side)
{
    uint32_t lo = 1, hi = 1000, r;
    pb_side = side;
    pb_make_placements();
    for (r = 0; r < 12; r++) { /* bisect the density (not timed) */
        uint32_t density = (lo + hi) / 2;
        pb_make_sparse(density);
        if (pb_batch(PB_EARLYOUT, PB_OVERLAP) * 2u < PB_PLACEMENTS) lo = density + 1; else hi = density;
    }
    pb_make_sparse((lo + hi) / 2);
    pb_make_solid();
}

/* The first shared pixel in scan order, by a pixel loop over the overlap rectangle (A at 0, 0). */
static int pb_first_by_pixels(unsigned a, unsigned b, int16_t dx, int16_t dy, int32_t *fx, int32_t *fy)
{
    int32_t x, y, x0 = dx > 0 ? dx : 0, y0 = dy > 0 ? dy : 0;
    int32_t x1 = dx + pb_side < pb_side ? dx + pb_side : pb_side, y1 = dy + pb_side < pb_side ? dy + pb_side : pb_side;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++)
            if (pb_pixels[PB_SPARSE][a][y][x] && pb_pixels[PB_SPARSE][b][y - dy][x - dx]) {
                *fx = x;
                *fy = y;
                return 1;
            }
    return 0;
}

/* Checks every answer of one op between the libraries (and earlyout's first contacts against the
   pixel loop up to 64 px). Returns 0, or prints the first mismatch and returns 1. */
static int pb_verify(int op)
{
    const int kind = pb_kind_of(op), place = pb_place_of(op);
    unsigned k;
    for (k = 0; k < PB_PLACEMENTS; k++) {
        const eo_pixelmask *a = &pb_eo[kind][pb_ia[place][k]], *b = &pb_eo[kind][pb_ib[place][k]];
        int16_t dx = pb_dx[place][k], dy = pb_dy[place][k];
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
        if (kind == PB_SPARSE && pb_side <= 64 && pb_is_first(op)) {
            int32_t fx = -1, fy = -1;
            if (pb_first_by_pixels(pb_ia[place][k], pb_ib[place][k], dx, dy, &fx, &fy) != found ||
                (found && (fx != cx || fy != cy)))
                goto bad;
        }
#if PIXEL_BENCH_PYGAME
        {
            const bitmask_t *pa = pb_py[kind][pb_ia[place][k]], *pbm = pb_py[kind][pb_ib[place][k]];
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
        fprintf(stderr, "MISMATCH: %s, %ux%u, placement %u (dx %d, dy %d): overlap %u, area %u, first %u at %d, %d\n",
                pb_op_names[op], pb_side, pb_side, k, dx, dy, hit, (unsigned)area, found, (int)cx, (int)cy);
        return 1;
    }
    return 0;
}

#endif
