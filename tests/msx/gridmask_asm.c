/* tests/msx/gridmask_asm.c: eo_gridmask_find_candidates with its Z80 assembly (EO_Z80_ASM=1, what
   the MSX build runs) against the same function in C on the Z80 (core/src/gridmask.c compiled
   again with EO_Z80_ASM=0 and its public names given a _c suffix, see mk/msx.mk), under sz80.
   Each round: a layout (8-, 16- or 32-bit; the 32-bit one runs the C in both), 0 .. 40 masks or,
   in one round of 16, 250 .. 300 (past 256: the assembly counts in blocks of 256), a pair buffer
   of 0 to 64 pairs, and masks of random bits: sparse ones that share a cell now and then, empty
   ones, and ones with bits set outside the layout's fields (which must not count).
   gridmask_result (read by bench/msx/ticks.sh after the HALT): rounds run, rounds where the two
   differed, the first of those (0xFFFF: none), and 1 if a grid could not be prepared. */
#include <stdint.h>

#include "earlyout/gridmask.h"

#define RNG16_SEED 0x1D05u
#include "rng16.h"

#define ROUNDS 200u
#define MAX_MASKS 300u
#define PAIR_CAP 64u

eo_result eo_gridmask_prepare_c(const eo_gridmask_layout *layout, eo_gridmask_grid *grid);
eo_result eo_gridmask_find_candidates_c(const eo_gridmask_grid *grid, const eo_gridmask *masks,
                                        uint16_t count, eo_pair *pairs, uint32_t pair_capacity,
                                        uint32_t *pair_count, eo_hooks *hooks);

typedef struct gridmask_result_t {
    uint16_t rounds, differed, first_bad;
    uint8_t setup_error;
} gridmask_result_t;
volatile gridmask_result_t gridmask_result;

static const eo_gridmask_layout layouts[3] = { EO_GRIDMASK_LAYOUT_8, EO_GRIDMASK_LAYOUT_16, EO_GRIDMASK_LAYOUT_32 };
static eo_gridmask masks[MAX_MASKS];
static eo_pair pairs_asm[PAIR_CAP], pairs_c[PAIR_CAP];

static eo_gridmask random_mask(void)
{
    uint16_t lo, hi;
    switch (rng() & 7u) {
    case 0:
        return 0;
    case 1: /* anything, the bits outside the fields included */
        lo = rng();
        hi = rng();
        break;
    default: /* a few bits in each half */
        lo = (uint16_t)(rng() & rng() & rng());
        hi = (uint16_t)(rng() & rng() & rng());
        break;
    }
    return (eo_gridmask)lo | ((eo_gridmask)hi << 16);
}

void main(void)
{
    uint16_t round, n, i;
    eo_gridmask_grid grid_asm, grid_c;
    gridmask_result.rounds = 0;
    gridmask_result.differed = 0;
    gridmask_result.first_bad = 0xFFFFu;
    gridmask_result.setup_error = 0;
    for (round = 0; round < ROUNDS; round++) {
        uint8_t which = (uint8_t)(rng() % 3u);
        uint32_t cap = (rng() & 1u) ? PAIR_CAP : rng() % 9u, found_asm = 0xDEADu, found_c = 0xBEEFu, k, written;
        eo_result r_asm, r_c;
        if (eo_gridmask_prepare(&layouts[which], &grid_asm) != EO_OK ||
            eo_gridmask_prepare_c(&layouts[which], &grid_c) != EO_OK) {
            gridmask_result.setup_error = 1;
            return;
        }
        n = (round & 15u) == 7u ? (uint16_t)(250u + rng() % 51u) : (uint16_t)(rng() % 41u);
        for (i = 0; i < n; i++)
            masks[i] = random_mask();
        r_asm = eo_gridmask_find_candidates(&grid_asm, masks, n, pairs_asm, cap, &found_asm, 0);
        r_c = eo_gridmask_find_candidates_c(&grid_c, masks, n, pairs_c, cap, &found_c, 0);
        written = found_c < cap ? found_c : cap;
        k = 0;
        if (r_asm == r_c && found_asm == found_c)
            for (; k < written; k++)
                if (pairs_asm[k].a != pairs_c[k].a || pairs_asm[k].b != pairs_c[k].b)
                    break;
        gridmask_result.rounds++;
        if (r_asm != r_c || found_asm != found_c || k != written) {
            gridmask_result.differed++;
            if (gridmask_result.first_bad == 0xFFFFu)
                gridmask_result.first_bad = round;
        }
    }
}
