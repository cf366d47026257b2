/* tests/msx/sweep_asm.c: the workspace sweep's Z80 assembly (EO_Z80_ASM=1, what the MSX build
   runs) against the same sweep in C on the Z80 (core/src/sweep.c compiled again with EO_Z80_ASM=0
   and its public names given a _c suffix, see mk/msx.mk), frame after frame on seeded random
   scenes, under sz80. The C is the one the native tests and the fuzzer check against brute force.

   Each round: an axis, 0 .. 40 boxes, or in one round of 32 from 250 to MAX_OBJECTS (past 256:
   the assembly counts entries in blocks of 256), sometimes the count of the last round, layers or none, a pair buffer from 0 to 64 pairs, and one of three
   kinds of scene: a screen with objects in and around it, one with many equal starts, and one
   of extreme coordinates and sizes (-32768, 32767, empty and negative sizes, boxes past the
   world's end). Then FRAMES frames of small random moves (halfway, sometimes a new count), each
   run through both sweeps with the same history: result, pair count, every pair written and the stats must be equal.
   sweep_result (read by bench/msx/ticks.sh after the HALT): rounds run, rounds with a frame that
   differed, and the first such round (0xFFFF: none). */
#include <stdint.h>

#include "earlyout/sweep.h"

#define RNG16_SEED 0x2024u
#include "random_boxes.h"

#define ROUNDS 160u
#define FRAMES 8u
#define MAX_OBJECTS 300u
#define PAIR_CAP 64u

/* The C build's names (mk/msx.mk renames them when it compiles sweep.c a second time). */
size_t eo_sweep_storage_size_c(uint16_t capacity);
eo_result eo_sweep_init_c(eo_sweep *sweep, uint16_t capacity, eo_aabb_order axis, void *storage,
                          size_t storage_size);
eo_result eo_sweep_find_pairs_c(eo_sweep *sweep, const eo_box *boxes, uint16_t count, const eo_broadphase_layer *layers,
                           eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                           eo_broadphase_stats *stats, eo_hooks *hooks);

typedef struct sweep_result_t {
    uint16_t rounds;     /* rounds run (FRAMES frames each) */
    uint16_t differed;   /* rounds with a frame where the two disagreed */
    uint16_t first_bad;  /* the first round that did (0xFFFF: none) */
    uint8_t setup_error; /* 1 if a workspace could not be set up */
} sweep_result_t;
volatile sweep_result_t sweep_result;

static eo_box boxes[MAX_OBJECTS];
static eo_broadphase_layer layers[MAX_OBJECTS];
static eo_pair pairs_asm[PAIR_CAP], pairs_c[PAIR_CAP];
/* 10 bytes per object and two sentinels; uint16_t so that the storage is 2-byte aligned */
static uint16_t storage_asm[5u * (MAX_OBJECTS + 2u)], storage_c[5u * (MAX_OBJECTS + 2u)];
static eo_sweep sweep_asm, sweep_c;

/* 0 .. 40 objects, or 250 .. MAX_OBJECTS in one round of 32 (spread out, see main: the C
   takes long enough on a crowd) */
#define BIG_ROUND(round) (((round) & 31u) == 5u)
static uint16_t new_count(uint16_t round)
{
    return BIG_ROUND(round) ? (uint16_t)(250u + rng() % (MAX_OBJECTS - 249u)) : (uint16_t)(rng() % 41u);
}

static uint8_t same_stats(const eo_broadphase_stats *a, const eo_broadphase_stats *b)
{
    return a->candidate_pairs == b->candidate_pairs && a->layer_filtered == b->layer_filtered &&
           a->box_tests == b->box_tests && a->pairs_found == b->pairs_found;
}

/* One frame through both; 1 if they agree. */
static uint8_t compare_frame(uint16_t n, const eo_broadphase_layer *frame_layers, uint32_t cap, uint8_t with_stats)
{
    eo_broadphase_stats st_asm, st_c;
    uint32_t found_asm = 0xDEADu, found_c = 0xBEEFu, k, written;
    eo_result r_asm, r_c;
    st_asm.candidate_pairs = st_asm.layer_filtered = st_asm.box_tests = st_asm.pairs_found = 0;
    st_c = st_asm;
    r_asm = eo_sweep_find_pairs(&sweep_asm, boxes, n, frame_layers, pairs_asm, cap, &found_asm,
                           with_stats ? &st_asm : 0, 0);
    r_c = eo_sweep_find_pairs_c(&sweep_c, boxes, n, frame_layers, pairs_c, cap, &found_c, with_stats ? &st_c : 0, 0);
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
    uint16_t n = 0;
    sweep_result.rounds = 0;
    sweep_result.differed = 0;
    sweep_result.first_bad = 0xFFFFu;
    sweep_result.setup_error = 0;
    for (round = 0; round < ROUNDS; round++) {
        eo_aabb_order axis = (rng() & 1u) ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST;
        if (BIG_ROUND(round)) /* both axes get big rounds */
            axis = (round & 32u) ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST;
        uint8_t kind = (uint8_t)(rng() % 3u), with_layers = (rng() & 3u) == 0, frame, agreed = 1;
        uint16_t i;
        uint32_t cap = (rng() & 1u) ? PAIR_CAP : rng() % 9u;
        if (eo_sweep_init(&sweep_asm, MAX_OBJECTS, axis, storage_asm, sizeof storage_asm) != EO_OK ||
            eo_sweep_init_c(&sweep_c, MAX_OBJECTS, axis, storage_c, sizeof storage_c) != EO_OK) {
            sweep_result.setup_error = 1;
            return;
        }
        if (BIG_ROUND(round))
            kind = 0;
        if ((rng() & 3u) != 0 || BIG_ROUND(round) || BIG_ROUND(round - 1u)) /* else the count of last round */
            n = new_count(round);
        for (i = 0; i < n; i++) {
            make_box(&boxes[i], kind, 33u);
            if (BIG_ROUND(round)) { /* small objects over 4096 x 4096 px: a few in reach each */
                boxes[i].x = (int16_t)(rng() % 4096u) - 64;
                boxes[i].y = (int16_t)(rng() % 4096u) - 64;
                boxes[i].w = (int16_t)(boxes[i].w % 17);
                boxes[i].h = (int16_t)(boxes[i].h % 17);
            }
            layers[i].category = (uint16_t)(1u << (rng() & 3u));
            layers[i].collides_with = rng();
        }
        for (frame = 0; frame < FRAMES; frame++) {
            if (!compare_frame(n, with_layers ? layers : 0, cap, (uint8_t)(frame & 1u)))
                agreed = 0;
            move_boxes(boxes, n, 3u);
            if (frame == FRAMES / 2u && (rng() & 3u) == 0 && !BIG_ROUND(round)) { /* a new count: both restart */
                uint16_t was = n;
                n = new_count(round);
                for (i = was; i < n; i++)
                    make_box(&boxes[i], kind, 33u);
            }
        }
        sweep_result.rounds++;
        if (!agreed) {
            sweep_result.differed++;
            if (sweep_result.first_bad == 0xFFFFu)
                sweep_result.first_bad = round;
        }
    }
}
