/* Bitmask overlap vs the per-pixel reference, same sprites, same placements, same run.
   For each size, random sprites and random offsets where the boxes overlap; the sprite density is
   chosen (before timing) so that about half of the placements truly collide. Both methods must
   agree on every pair. Prints pairs per second and the ratio. Usage: bench_pixelmask */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c99 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "earlyout/earlyout.h"

#define MAX_SIDE 256
#define SPRITES 8
#define PLACEMENTS 4096

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

static unsigned hits_with(unsigned n)
{
    unsigned k, hits = 0;
    uint8_t hit;
    for (k = 0; k < n; k++) {
        (void)eo_pixelmask_overlap(&masks[pick_a[k]], 0, 0, &masks[pick_b[k]], offx[k], offy[k], &hit, NULL);
        hits += hit;
    }
    return hits;
}

int main(void)
{
    static const uint16_t sides[] = { 8, 16, 32, 64, 256 };
    static const unsigned pairs_for[] = { 400000, 200000, 60000, 20000, 1500 };
    unsigned i;
    printf("pixel overlap: bitmask (eo_pixelmask_overlap, %d-bit words) vs per-pixel reference, native\n",
           EO_PIXELMASK_WORD_BITS);
    printf("| sprite | pairs | truly colliding | bitmask pairs/s | reference pairs/s | ratio |\n");
    printf("|-------:|------:|----------------:|----------------:|------------------:|------:|\n");
    for (i = 0; i < sizeof sides / sizeof sides[0]; i++) {
        uint16_t side = sides[i];
        unsigned n = pairs_for[i], k, hits = 0, rounds, r;
        uint32_t density = 500, lo = 1, hi = 1000;
        double t0, tb, tr;
        unsigned long hb = 0, hr = 0;
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
            hits = hits_with(PLACEMENTS);
            if (hits * 2 < PLACEMENTS) lo = density + 1; else hi = density;
        }
        rounds = n / PLACEMENTS + 1;
        t0 = now_ns();
        for (r = 0; r < rounds; r++)
            for (k = 0; k < PLACEMENTS && r * PLACEMENTS + k < n; k++) {
                uint8_t hit;
                (void)eo_pixelmask_overlap(&masks[pick_a[k]], 0, 0, &masks[pick_b[k]], offx[k], offy[k], &hit, NULL);
                hb += hit;
            }
        tb = now_ns() - t0;
        t0 = now_ns();
        for (r = 0; r < rounds; r++)
            for (k = 0; k < PLACEMENTS && r * PLACEMENTS + k < n; k++) {
                uint8_t hit;
                (void)eo_pixelmask_overlap_reference(&masks[pick_a[k]], 0, 0, &masks[pick_b[k]], offx[k], offy[k], &hit, NULL);
                hr += hit;
            }
        tr = now_ns() - t0;
        if (hb != hr) {
            fprintf(stderr, "MISMATCH at %ux%u: bitmask %lu hits, reference %lu\n", side, side, hb, hr);
            return 1;
        }
        printf("| %3ux%-3u| %5u | %14.1f%% | %15.0f | %17.0f | %5.1f |\n", side, side, n, 100.0 * (double)hb / n,
               n / (tb / 1e9), n / (tr / 1e9), tr / tb);
    }
    return 0;
}
