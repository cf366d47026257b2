/* Bitmask overlap vs the per-pixel reference, same sprites, same placements, same run.
   For each size, random sprites and random offsets where the boxes overlap; the sprite density is
   chosen (before timing) so that about half of the placements truly collide. Both methods must
   agree on every pair. Each method runs whole passes over the placements for at least MIN_NS,
   TRIES times, the two methods taking turns; the best run of each counts (the machine is shared:
   the best run is the least disturbed one). Prints pairs
   per second and the ratio. Usage: bench_pixelmask */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c99 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "earlyout/earlyout.h"

#define MAX_SIDE 256
#define SPRITES 8
#define PLACEMENTS 4096
#define MIN_NS 100e6
#define TRIES 5

static union { uint64_t align; uint8_t b[MAX_SIDE * MAX_SIDE / 8 + 64]; } storage[SPRITES];
static eo_pixelmask masks[SPRITES];
static int16_t offx[PLACEMENTS], offy[PLACEMENTS];
static uint8_t pick_a[PLACEMENTS], pick_b[PLACEMENTS];

static uint32_t rng_state = 99u;
static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void make_sprites(uint16_t side, uint32_t density_per_mille)
{
    unsigned s;
    uint16_t x, y;
    rng_state = 99u + side;
    for (s = 0; s < SPRITES; s++) {
        if (eo_pixelmask_init(&masks[s], side, side, storage[s].b, sizeof storage[s].b) != EO_OK)
            abort();
        for (y = 0; y < side; y++)
            for (x = 0; x < side; x++)
                (void)eo_pixelmask_set(&masks[s], x, y, rng() % 1000u < density_per_mille);
    }
}

typedef eo_result (*overlap_fn)(const eo_pixelmask *, int16_t, int16_t, const eo_pixelmask *, int16_t, int16_t,
                                uint8_t *, eo_hooks *);

static unsigned hits_with(overlap_fn f)
{
    unsigned k, hits = 0;
    uint8_t hit;
    for (k = 0; k < PLACEMENTS; k++) {
        (void)f(&masks[pick_a[k]], 0, 0, &masks[pick_b[k]], offx[k], offy[k], &hit, NULL);
        hits += hit;
    }
    return hits;
}

/* pairs per second over whole passes lasting at least MIN_NS */
static double rate(overlap_fn f, unsigned expect_hits)
{
    double t0 = now_ns(), dt;
    unsigned long pairs = 0;
    do {
        if (hits_with(f) != expect_hits)
            abort(); /* cannot change between passes */
        pairs += PLACEMENTS;
        dt = now_ns() - t0;
    } while (dt < MIN_NS);
    return pairs / (dt / 1e9);
}

int main(void)
{
    static const uint16_t sides[] = { 8, 16, 32, 64, 256 };
    unsigned i;
    printf("pixel overlap: bitmask (eo_pixelmask_overlap, %d-bit words) vs per-pixel reference, native\n",
           EO_PIXELMASK_WORD_BITS);
    printf("| sprite | placements | truly colliding | bitmask pairs/s | reference pairs/s | ratio |\n");
    printf("|-------:|-----------:|----------------:|----------------:|------------------:|------:|\n");
    for (i = 0; i < sizeof sides / sizeof sides[0]; i++) {
        uint16_t side = sides[i];
        unsigned k, hits = 0, r;
        uint32_t density = 500, lo = 1, hi = 1000;
        double rb, rr;
        rng_state = 7u + side;
        for (k = 0; k < PLACEMENTS; k++) { /* offsets where the boxes overlap */
            offx[k] = (int16_t)((int)(rng() % (2u * side - 1u)) - (side - 1));
            offy[k] = (int16_t)((int)(rng() % (2u * side - 1u)) - (side - 1));
            pick_a[k] = (uint8_t)(rng() % SPRITES);
            pick_b[k] = (uint8_t)(rng() % SPRITES);
        }
        /* bisect the density until about half the placements collide (not timed) */
        for (r = 0; r < 12; r++) {
            density = (lo + hi) / 2;
            make_sprites(side, density);
            hits = hits_with(eo_pixelmask_overlap);
            if (hits * 2 < PLACEMENTS) lo = density + 1; else hi = density;
        }
        hits = hits_with(eo_pixelmask_overlap);
        for (k = 0; k < PLACEMENTS; k++) { /* the two methods agree pair by pair */
            uint8_t h1, h2;
            (void)eo_pixelmask_overlap(&masks[pick_a[k]], 0, 0, &masks[pick_b[k]], offx[k], offy[k], &h1, NULL);
            (void)eo_pixelmask_overlap_reference(&masks[pick_a[k]], 0, 0, &masks[pick_b[k]], offx[k], offy[k], &h2, NULL);
            if (h1 != h2) {
                fprintf(stderr, "MISMATCH at %ux%u, placement %u: bitmask %u, reference %u\n", side, side, k, h1, h2);
                return 1;
            }
        }
        rb = rr = 0;
        for (r = 0; r < TRIES; r++) { /* taking turns, the best of each */
            double t = rate(eo_pixelmask_overlap, hits);
            if (t > rb) rb = t;
            t = rate(eo_pixelmask_overlap_reference, hits);
            if (t > rr) rr = t;
        }
        printf("| %3ux%-3u| %10u | %14.1f%% | %15.0f | %17.0f | %5.1f |\n", side, side, PLACEMENTS,
               100.0 * hits / PLACEMENTS, rb, rr, rb / rr);
    }
    return 0;
}
