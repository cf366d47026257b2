/* tests/msx/tiles_asm.c: eo_tiles_attr_at_pixel with its Z80 assembly (EO_Z80_ASM=1, what the MSX
   build runs) against the same function in C on the Z80 (core/src/tiles.c compiled again with
   EO_Z80_ASM=0 and its public names given a _c suffix, see mk/msx.mk), under sz80.
   Each round: a map (power-of-two widths, where the assembly takes the short way, and others;
   1 .. 40 rows; 8 .. 128 px tiles; each outside policy; a row table now and then; a user slope
   now and then), prepared or not, and in some rounds changed after prepare (a field the record
   keeps, a NULL pointer) or probed with hooks; then 48 pixels in, around and far outside the map,
   each read by both. tiles_result (read by bench/msx/ticks.sh after the HALT): rounds run, rounds
   where the two differed, the first of those (0xFFFF: none), and 1 if a map could not be
   prepared. */
#include <stdint.h>

#include "earlyout/tiles.h"

#define RNG16_SEED 0x7E11u
#include "rng16.h"

#define ROUNDS 300u
#define PROBES 48u
#define MAX_CELLS 1600u

uint8_t eo_tiles_attr_at_pixel_c(const eo_tiles_map *map, eo_coord x, eo_coord y, eo_hooks *hooks);

typedef struct tiles_result_t {
    uint16_t rounds, differed, first_bad;
    uint8_t setup_error;
} tiles_result_t;
volatile tiles_result_t tiles_result;

static uint8_t cells[MAX_CELLS], attrs[256], slopes[128];
static uint16_t rows[40];
static eo_hooks hooks;

static const uint16_t widths[] = { 1, 2, 4, 8, 16, 32, 64, 3, 5, 24, 40 };

/* A pixel in, around or far outside a map of w x h tiles of 1 << shift px. */
static eo_coord random_pixel(uint16_t tiles, uint8_t shift)
{
    switch (rng() & 7u) {
    case 0:
        return (eo_coord)rng(); /* anywhere in the world, negative included */
    case 1:
        return (eo_coord)-(int16_t)(rng() % 300u);
    default:
        return (eo_coord)(rng() % (uint16_t)((tiles + 2u) << shift)) - (eo_coord)(1 << shift);
    }
}

void main(void)
{
    uint16_t round, i, w, h, k;
    eo_tiles_map map;
    tiles_result.rounds = 0;
    tiles_result.differed = 0;
    tiles_result.first_bad = 0xFFFFu;
    tiles_result.setup_error = 0;
    for (i = 0; i < 128u; i++)
        slopes[i] = (uint8_t)(i & 7u);
    for (round = 0; round < ROUNDS; round++) {
        uint8_t shift, bad = 0;
        w = widths[rng() % (sizeof widths / sizeof widths[0])];
        h = (uint16_t)(1u + rng() % (w > 40u ? MAX_CELLS / w : 40u)); /* at most MAX_CELLS cells */
        shift = (uint8_t)(3u + rng() % 5u);
        for (i = 0; i < w * h; i++)
            cells[i] = (uint8_t)(rng() & 15u);
        for (i = 0; i < 256u; i++)
            attrs[i] = (uint8_t)(rng() % 11u);
        for (i = 0; i < h; i++)
            rows[i] = (uint16_t)(i * w);
        map.cells = cells;
        map.attrs = attrs;
        map.row_start = (rng() & 7u) == 0 ? rows : 0;
        map.slopes = (rng() & 3u) == 0 ? slopes : 0;
        map.slope_count = map.slopes != 0 ? 1 : 0;
        map.width = w;
        map.height = h;
        map.tile_shift = (uint8_t)(shift == 3 && (rng() & 1u) ? 0 : shift); /* 0 means 3 */
        map.outside = (uint8_t)(rng() % 3u);
        map.ready.mark = 0;
        if ((rng() & 3u) != 0 && eo_tiles_prepare(&map) != EO_OK) {
            tiles_result.setup_error = 1;
            return;
        }
        switch (rng() & 15u) { /* after prepare: the record no longer holds, or the map is wrong */
        case 0: map.width = (uint16_t)(w == 1 ? 2 : w - 1); break;
        case 1: map.height = (uint16_t)(h + 1u); break;
        case 2: map.tile_shift = (uint8_t)(shift == 7 ? 8 : shift + 1); break;
        case 3: map.outside = (uint8_t)((map.outside + 1u) % 4u); break;
        case 4: map.slope_count = (uint8_t)(map.slope_count + 1u); break;
        case 5: map.cells = 0; break;
        case 6: map.attrs = 0; break;
        default: break;
        }
        for (k = 0; k < PROBES; k++) {
            eo_coord x = random_pixel(w, shift), y = random_pixel(h, shift);
            eo_hooks *hk = (rng() & 15u) == 0 ? &hooks : 0;
            if (eo_tiles_attr_at_pixel(&map, x, y, hk) != eo_tiles_attr_at_pixel_c(&map, x, y, hk))
                bad = 1;
        }
        if (eo_tiles_attr_at_pixel(0, 0, 0, 0) != eo_tiles_attr_at_pixel_c(0, 0, 0, 0))
            bad = 1;
        tiles_result.rounds++;
        if (bad) {
            if (tiles_result.differed == 0)
                tiles_result.first_bad = round;
            tiles_result.differed++;
        }
    }
}
