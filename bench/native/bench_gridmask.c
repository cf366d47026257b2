/* Grid-mask early elimination against the all-pairs box test, same scene, same run.
   N boxes drift across the screen for FRAMES frames; each frame finds every overlapping pair
   (a) by testing all n(n-1)/2 pairs with a box test, (b) by building masks and box-testing only
   the pairs the masks keep. Both must find the same pairs; the table gives ns per frame and
   the ratio. Usage: bench_gridmask [frames] */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c99 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench_clock.h"
#include "earlyout/earlyout.h"

#define MAX_N 1024

static eo_box boxes[MAX_N];
static int16_t vx[MAX_N], vy[MAX_N];
static eo_gridmask masks[MAX_N];

static uint32_t rng_state = 2026u;
static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static int overlap(const eo_box *a, const eo_box *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static void scene(int n, const eo_gridmask_layout *L)
{
    int i;
    rng_state = 2026u;
    for (i = 0; i < n; i++) {
        boxes[i].w = (int16_t)(8 + rng() % 17u);
        boxes[i].h = (int16_t)(8 + rng() % 17u);
        boxes[i].x = (int16_t)(rng() % (uint32_t)(L->screen_w - boxes[i].w));
        boxes[i].y = (int16_t)(rng() % (uint32_t)(L->screen_h - boxes[i].h));
        vx[i] = (int16_t)((int)(rng() % 5u) - 2);
        vy[i] = (int16_t)((int)(rng() % 5u) - 2);
    }
}

static void step(int n, const eo_gridmask_layout *L)
{
    int i;
    for (i = 0; i < n; i++) {
        boxes[i].x = (int16_t)(boxes[i].x + vx[i]);
        boxes[i].y = (int16_t)(boxes[i].y + vy[i]);
        if (boxes[i].x < 0 || boxes[i].x + boxes[i].w > L->screen_w) vx[i] = (int16_t)-vx[i];
        if (boxes[i].y < 0 || boxes[i].y + boxes[i].h > L->screen_h) vy[i] = (int16_t)-vy[i];
    }
}

static unsigned long brute(int n)
{
    unsigned long hits = 0;
    int i, j;
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            hits += (unsigned long)overlap(&boxes[i], &boxes[j]);
    return hits;
}

/* The batch API as a game uses it: masks for all, candidate pairs, then the exact test. */
static unsigned long masked(int n, const eo_gridmask_grid *G, unsigned long *survivors)
{
    static eo_pair pairs[MAX_N * (MAX_N - 1) / 2];
    unsigned long hits = 0;
    uint32_t count = 0, k;
    eo_gridmask_build_many(G, EO_GRIDMASK_SPAN, boxes, (uint16_t)n, masks, NULL);
    if (eo_gridmask_find_candidates(G, masks, (uint16_t)n, pairs, sizeof pairs / sizeof pairs[0], &count, NULL) != EO_OK)
        abort();
    for (k = 0; k < count; k++)
        hits += (unsigned long)overlap(&boxes[pairs[k].a], &boxes[pairs[k].b]);
    *survivors += count;
    return hits;
}

int main(int argc, char **argv)
{
    static const eo_gridmask_layout L16 = EO_GRIDMASK_LAYOUT_16, L32 = EO_GRIDMASK_LAYOUT_32;
    static const struct { int n; const eo_gridmask_layout *L; const char *name; } rows[] = {
        { 32, &L16, "16-bit 256x192" }, { 104, &L16, "16-bit 256x192" },
        { 256, &L32, "32-bit 1024x768" }, { 1024, &L32, "32-bit 1024x768" },
    };
    int frames = argc > 1 ? atoi(argv[1]) : 600;
    unsigned r;
    printf("grid masks vs all-pairs box test, native, %d frames (ns per frame; lower is better)\n", frames);
    printf("| objects | layout          | all pairs ns | masks ns | ratio | pairs kept by masks | hits/frame |\n");
    printf("|--------:|-----------------|-------------:|---------:|------:|--------------------:|-----------:|\n");
    for (r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        int n = rows[r].n, f;
        unsigned long hb = 0, hm = 0, kept = 0;
        double t0, tb = 0, tm = 0;
        eo_gridmask_grid grid;
        if (eo_gridmask_prepare(rows[r].L, &grid) != EO_OK)
            return 1;
        scene(n, rows[r].L);
        for (f = 0; f < frames; f++) {
            step(n, rows[r].L);
            t0 = now_ns(); hb += brute(n); tb += now_ns() - t0;
            t0 = now_ns(); hm += masked(n, &grid, &kept); tm += now_ns() - t0;
        }
        if (hb != hm) {
            fprintf(stderr, "MISMATCH: all pairs found %lu hits, masks %lu\n", hb, hm);
            return 1;
        }
        printf("| %7d | %-15s | %12.0f | %8.0f | %5.2f | %10.1f%% of %5d | %10.1f |\n", n, rows[r].name,
               tb / frames, tm / frames, tb / tm, 100.0 * (double)kept / frames / (n * (n - 1) / 2.0),
               n * (n - 1) / 2, (double)hb / frames);
    }
    return 0;
}
