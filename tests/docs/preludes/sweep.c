/* Prelude of README.md's MSX sweep fragment: 32 objects (the article's scene size), the pairs
   checked against brute force, and the storage the fragment declares checked against
   eo_sweep_storage_size(32), as its comment claims. */
#include <earlyout/earlyout.h>
#include <stdio.h>

#define MAX_PAIRS 256

static uint32_t seed = 777;
static uint32_t rnd(uint32_t n) { seed = seed * 1103515245u + 12345u; return (seed >> 8) % n; }

int main(void)
{
    static eo_box boxes[32];
    static eo_pair pairs[MAX_PAIRS];
    const uint16_t n = 32;
    uint32_t count = 0, brute = 0;
    uint16_t i, j;

    for (i = 0; i < n; i++) {
        boxes[i].x = (eo_coord)rnd(240); boxes[i].y = (eo_coord)rnd(176);
        boxes[i].w = 16; boxes[i].h = 16;
    }
/* @example */
    for (i = 0; i < n; i++)
        for (j = (uint16_t)(i + 1); j < n; j++)
            if (eo_aabb_overlap(&boxes[i], &boxes[j]))
                brute++;
    printf("sweep: %u pairs, brute force %u; storage %u bytes, eo_sweep_storage_size(32) = %u\n",
           count, brute, (unsigned)sizeof storage, (unsigned)eo_sweep_storage_size(32));
    return count == brute && brute > 0 && sizeof storage == eo_sweep_storage_size(32) ? 0 : 1;
}
