/* Prelude of README.md's sector-grid fragment: what it uses (boxes, n, layers, pairs, MAX_PAIRS,
   count, stats, my_arena_alloc) around it, and after it a check that the calls succeeded and
   found the pairs that brute force finds (soldiers and bullets: bullets never test bullets). */
#include <earlyout/earlyout.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_PAIRS 8192

static void *my_arena_alloc(size_t n) { return malloc(n); }   /* malloc's alignment is enough */

static uint32_t seed = 12345;
static uint32_t rnd(uint32_t n) { seed = seed * 1103515245u + 12345u; return (seed >> 8) % n; }

int main(void)
{
    static eo_box boxes[1000];
    static eo_broadphase_layer layers[1000];
    static eo_pair pairs[MAX_PAIRS];
    const uint16_t n = 1000;
    uint32_t count = 0, brute = 0;
    eo_broadphase_stats stats;
    uint16_t i, j;

    for (i = 0; i < n; i++) {
        int bullet = i % 3 == 0;
        boxes[i].x = (eo_coord)rnd(2040); boxes[i].y = (eo_coord)rnd(2040);
        boxes[i].w = (eo_coord)(bullet ? 2 : 8 + rnd(40)); boxes[i].h = (eo_coord)(bullet ? 6 : 8 + rnd(40));
        layers[i].category = bullet ? 2u : 1u;
        layers[i].collides_with = bullet ? 1u : 3u;
    }
    {
/* @example */
    }
    for (i = 0; i < n; i++)
        for (j = (uint16_t)(i + 1); j < n; j++)
            if ((layers[i].category & layers[j].collides_with) && (layers[j].category & layers[i].collides_with)
                && eo_aabb_overlap(&boxes[i], &boxes[j]))
                brute++;
    printf("sectors: %u pairs, brute force %u\n", count, brute);
    return count == brute && brute > 0 ? 0 : 1;
}
