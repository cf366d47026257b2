/* tests/msx/sectors_asm.c: eo_sectors_find_pairs with its Z80 pair loop (EO_Z80_ASM=1, what the
   MSX build runs) against the same function in C on the Z80 (core/src/sectors.c compiled again
   with EO_Z80_ASM=0 and its public names given a _c suffix, see mk/msx.mk), frame after frame
   on seeded random scenes, under sz80. The C is the one the native tests and the fuzzer check
   against brute force.

   Each round: a grid of 1 .. 8 x 1 .. 8 sectors over a world that may start off the origin and
   be no power of two wide, 0 .. 40 boxes, layers or none, a pair buffer of 0 to 64 pairs, and one
   of three kinds of scene: a screen with objects in and around it, one with many equal starts
   (entries with every combination of first column and row), and one of extreme coordinates and
   sizes (-32768, 32767, empty and negative sizes: the box test's signed differences overflow).
   Then FRAMES frames of small random moves, the first a build and the others persistent updates,
   each followed by find_pairs in both builds: result, pair count, every pair written and all the
   stats must be equal. One round in 32 puts 250 .. MAX_OBJECTS boxes in a 2 x 1 grid of extreme
   boxes (runs past 256 entries), and the next such round 370 .. MAX_OBJECTS on a screen in one
   sector (past 65,535 candidates: the assembly counts in 16 bits and must hand its counts on
   before they wrap), each with a single frame: the C takes long on a crowd.
   sectors_result (read by bench/msx/ticks.sh after the HALT): rounds run, rounds with a frame
   that differed, and the first such round (0xFFFF: none), and 1 if a grid could not be set up. */
#include <stdint.h>

#include "earlyout/sectors.h"

#define RNG16_SEED 0x5EC7u
#include "random_boxes.h"

#define ROUNDS 128u
#define FRAMES 6u
#define MAX_OBJECTS 400u
#define PAIR_CAP 64u
#define STORAGE_WORDS 2500u /* 400 objects in one sector: 4 + 1600 entries + 800 words of ranges */

/* The C build's names (mk/msx.mk renames them when it compiles sectors.c a second time). */
eo_result eo_sectors_init_c(eo_sectors *grid, const eo_sectors_config *cfg, void *storage, size_t storage_size);
eo_result eo_sectors_build_c(eo_sectors *grid, const eo_box *boxes, eo_index count, eo_broadphase_stats *stats,
                             eo_hooks *hooks);
eo_result eo_sectors_update_c(eo_sectors *grid, const eo_box *boxes, eo_index count, eo_broadphase_stats *stats,
                              eo_hooks *hooks);
eo_result eo_sectors_find_pairs_c(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                  eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                                  eo_broadphase_stats *stats, eo_hooks *hooks);

typedef struct sectors_result_t {
    uint16_t rounds, differed, first_bad;
    uint8_t setup_error;
} sectors_result_t;
volatile sectors_result_t sectors_result;

static eo_box boxes[MAX_OBJECTS];
static eo_broadphase_layer layers[MAX_OBJECTS];
static eo_pair pairs_asm[PAIR_CAP], pairs_c[PAIR_CAP];
static uint16_t storage_asm[STORAGE_WORDS], storage_c[STORAGE_WORDS];
static eo_sectors grid_asm, grid_c;

#define BIG_ROUND(round) (((round) & 31u) == 7u)

static uint8_t same_stats(const eo_broadphase_stats *a, const eo_broadphase_stats *b)
{
    return a->insertions == b->insertions && a->removals == b->removals && a->objects_moved == b->objects_moved &&
           a->rebuilds == b->rebuilds && a->candidate_pairs == b->candidate_pairs &&
           a->duplicates_skipped == b->duplicates_skipped && a->layer_filtered == b->layer_filtered &&
           a->box_tests == b->box_tests && a->pairs_found == b->pairs_found;
}

static void zero_stats(eo_broadphase_stats *s)
{
    s->insertions = s->removals = s->objects_moved = s->rebuilds = 0;
    s->candidate_pairs = s->duplicates_skipped = s->layer_filtered = s->box_tests = s->pairs_found = 0;
}

/* One frame through both grids (a build or an update, then find_pairs); 1 if they agree. */
static uint8_t compare_frame(uint16_t n, uint8_t build, const eo_broadphase_layer *frame_layers, uint32_t cap,
                             uint8_t with_stats)
{
    eo_broadphase_stats st_asm, st_c;
    uint32_t found_asm = 0xDEADu, found_c = 0xBEEFu, k, written;
    eo_result r_asm, r_c;
    zero_stats(&st_asm);
    st_asm.candidate_pairs = 0xFFFFFF00u; /* counts carry into their high words */
    st_c = st_asm;
    r_asm = build ? eo_sectors_build(&grid_asm, boxes, n, 0, 0) : eo_sectors_update(&grid_asm, boxes, n, 0, 0);
    r_c = build ? eo_sectors_build_c(&grid_c, boxes, n, 0, 0) : eo_sectors_update_c(&grid_c, boxes, n, 0, 0);
    if (r_asm != r_c)
        return 0;
    r_asm = eo_sectors_find_pairs(&grid_asm, boxes, frame_layers, pairs_asm, cap, &found_asm,
                                  with_stats ? &st_asm : 0, 0);
    r_c = eo_sectors_find_pairs_c(&grid_c, boxes, frame_layers, pairs_c, cap, &found_c, with_stats ? &st_c : 0, 0);
    if (r_asm != r_c || found_asm != found_c || !same_stats(&st_asm, &st_c))
        return 0;
    written = found_c < cap ? found_c : cap;
    for (k = 0; k < written; k++)
        if (pairs_asm[k].a != pairs_c[k].a || pairs_asm[k].b != pairs_c[k].b)
            return 0;
    return 1;
}

void main(void)
{
    uint16_t round;
    sectors_result.rounds = 0;
    sectors_result.differed = 0;
    sectors_result.first_bad = 0xFFFFu;
    sectors_result.setup_error = 0;
    for (round = 0; round < ROUNDS; round++) {
        eo_sectors_config cfg;
        uint8_t kind = (uint8_t)(rng() % 3u), with_layers = (rng() & 3u) == 0, frame, frames = FRAMES, agreed = 1;
        uint16_t i, n = (uint16_t)(rng() % 41u);
        uint32_t cap = (rng() & 1u) ? PAIR_CAP : rng() % 9u;
        cfg.world_x = (rng() & 1u) ? 0 : (int16_t)(rng() % 64u) - 32;
        cfg.world_y = (rng() & 1u) ? 0 : (int16_t)(rng() % 64u) - 32;
        cfg.world_w = (rng() & 1u) ? 256 : (int16_t)(64u + rng() % 256u);
        cfg.world_h = (rng() & 1u) ? 192 : (int16_t)(64u + rng() % 256u);
        cfg.cols = (eo_sectors_cell)(1u + rng() % 8u);
        cfg.rows = (eo_sectors_cell)(1u + rng() % 8u);
        cfg.max_objects = 40;
        cfg.max_entries = (rng() & 3u) == 0 ? (eo_index)(20u + rng() % 60u) : 0; /* sometimes too few */
        if (BIG_ROUND(round)) { /* one crowded sector (two in the 2 x 1 grid) */
            n = (uint16_t)((round & 32u) ? 250u + rng() % (MAX_OBJECTS - 249u) : 370u + rng() % (MAX_OBJECTS - 369u));
            cfg.cols = (eo_sectors_cell)((round & 32u) ? 2u : 1u);
            cfg.rows = 1;
            cfg.max_objects = MAX_OBJECTS;
            cfg.max_entries = 0;
            kind = (uint8_t)(round & 32u ? 2u : 0u);
            frames = 1;
        }
        for (i = 0; i < n; i++) {
            make_box(&boxes[i], kind, 70u);
            if (BIG_ROUND(round) && kind == 0) { /* none empty: every box is listed */
                boxes[i].w = (int16_t)(1u + rng() % 40u);
                boxes[i].h = (int16_t)(1u + rng() % 40u);
            }
            layers[i].category = (uint16_t)(1u << (rng() & 3u));
            layers[i].collides_with = rng();
        }
        if (eo_sectors_init(&grid_asm, &cfg, storage_asm, sizeof storage_asm) != EO_OK ||
            eo_sectors_init_c(&grid_c, &cfg, storage_c, sizeof storage_c) != EO_OK) {
            sectors_result.setup_error = 1;
            return;
        }
        for (frame = 0; frame < frames; frame++) {
            if (!compare_frame(n, frame == 0, with_layers ? layers : 0, cap, (uint8_t)((frame & 1u) == 0)))
                agreed = 0;
            move_boxes(boxes, n, 7u);
        }
        sectors_result.rounds++;
        if (!agreed) {
            sectors_result.differed++;
            if (sectors_result.first_bad == 0xFFFFu)
                sectors_result.first_bad = round;
        }
    }
}
