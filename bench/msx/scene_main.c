/* bench/msx/scene_main.c: the broadphase benchmark for sz80, one program per method, chosen at
   compile time (mk/msx.mk builds each with K = 0 and K = SCENE_K frames):
     SCENE_OP  what one frame does after moving the scene (bench/msx/report.sh names them):
                0 nothing (the bare frame: the move alone)
                1 all pairs, X first: eo_aabb_find_pairs over the 496 pairs
                2 all pairs, Y first: the same, testing Y first (rows of soldiers are apart in Y)
                3 sectors 2 x 2 (128 x 96 px: 96 is no power of two):  eo_sectors_build + eo_sectors_find_pairs
                4 sectors 4 x 3 (64 x 64 px)                               build + find_pairs
                5 sectors 4 x 4 (64 x 48 px: 48 is no power of two)        build + find_pairs
                6 sectors 8 x 6 (32 x 32 px)                               build + find_pairs
                7 sectors 2 x 2, persistent: eo_sectors_update + eo_sectors_find_pairs
                8 sectors 8 x 6, persistent: update + find_pairs
                9 sort-and-sweep on X, last frame's order: the order-array reference (tests/core/sweep_reference.h)
               10 sort-and-sweep on Y, last frame's order
               11 sort-and-sweep on X with its workspace (packed intervals kept): eo_sweep_find_pairs
               12 sort-and-sweep on Y with its workspace
     SCENE_K   frames measured
   The scene is the GameDev.net article's ("Intelligent 2D Collision and Pixel Perfect
   Precision"): 24 soldiers of 16 x 16 px in 3 rows of 8, 28 px apart, rows 56 px apart from
   (16, 24); 8 bullets of 2 x 6 px at fixed pseudo-random spots of a 256 x 192 screen. Each frame
   the soldiers march 1 px (16 frames right, 16 left) and the bullets fly 3 px up, wrapping from
   the top to the bottom: the small moves a persistent grid and a reused sweep order feed on.
   Every program, the bare one included, moves the scene the same way, so report.sh subtracts
   the move and what is left is one frame of the method.
   At the end bench_result holds the pairs found over all frames (report.sh checks that every
   method found the same number as all pairs did) and an error code (0 = fine): bench/msx/ticks.sh
   reads it from sz80's memory after the HALT. */
#include <stdint.h>

#include "earlyout/aabb.h"
#include "earlyout/sectors.h"
#include "earlyout/sweep.h"
#include "sweep_reference.h"

#if !defined(SCENE_OP) || !defined(SCENE_K)
#error "define SCENE_OP and SCENE_K"
#endif

#define SOLDIERS 24u
#define BULLETS 8u
#define OBJECTS (SOLDIERS + BULLETS)
#define PAIR_CAP 64u

/* Bullet spots: an LCG (x = x * 1103515245 + 12345 mod 2^31, seed 2024, bits 16.., x mod 254,
   y mod 186), generated once and written down. */
static const int16_t bullet_xy[BULLETS][2] = {
    { 234, 6 }, { 50, 91 }, { 205, 72 }, { 253, 19 }, { 97, 113 }, { 112, 159 }, { 89, 73 }, { 64, 109 }
};

static eo_box boxes[OBJECTS];
static eo_pair pairs[PAIR_CAP];
static uint16_t order[OBJECTS];
static eo_sectors grid;
#if SCENE_OP == 11 || SCENE_OP == 12
static eo_sweep sweeper;
#endif
/* Generous; checked against eo_sectors_storage_size at start (8 x 6 needs 578 bytes).
   eo_sectors_init wants 2-byte alignment, which SDCC does not give a uint16_t array (the Z80
   has no alignment rules): one spare byte, and the grid starts at the first even address. */
#define STORAGE_BYTES 1024u
static uint8_t storage_raw[STORAGE_BYTES + 1u];

/* Read by bench/msx/ticks.sh from the map's address of _bench_result. */
typedef struct bench_result_t {
    uint32_t pairs;   /* pairs found, summed over the measured frames */
    uint8_t error;    /* 0 fine; 1 storage too small; 2 init failed; 3 a call failed */
} bench_result_t;
volatile bench_result_t bench_result;
volatile uint8_t bench_step = 1; /* read every frame: the loop cannot be precomputed */

static void setup_scene(void)
{
    uint8_t i;
    for (i = 0; i < SOLDIERS; i++) {
        boxes[i].x = (int16_t)(16 + 28 * (i & 7u));
        boxes[i].y = (int16_t)(24 + 56 * (i >> 3));
        boxes[i].w = 16;
        boxes[i].h = 16;
    }
    for (i = 0; i < BULLETS; i++) {
        boxes[SOLDIERS + i].x = bullet_xy[i][0];
        boxes[SOLDIERS + i].y = bullet_xy[i][1];
        boxes[SOLDIERS + i].w = 2;
        boxes[SOLDIERS + i].h = 6;
    }
}

static void move_scene(uint8_t frame)
{
    uint8_t i;
    int16_t dx = (frame & 16u) ? -1 : 1;
    for (i = 0; i < SOLDIERS; i++)
        boxes[i].x = (int16_t)(boxes[i].x + dx);
    for (i = SOLDIERS; i < OBJECTS; i++) {
        boxes[i].y = (int16_t)(boxes[i].y - 3);
        if (boxes[i].y < -6)
            boxes[i].y = (int16_t)(boxes[i].y + 198);
    }
}

#if SCENE_OP >= 3 && SCENE_OP <= 8
#if SCENE_OP == 3 || SCENE_OP == 7
#define SECTOR_COLS 2
#define SECTOR_ROWS 2
#elif SCENE_OP == 4
#define SECTOR_COLS 4
#define SECTOR_ROWS 3
#elif SCENE_OP == 5
#define SECTOR_COLS 4
#define SECTOR_ROWS 4
#else
#define SECTOR_COLS 8
#define SECTOR_ROWS 6
#endif
static uint8_t setup_grid(void)
{
    eo_sectors_config cfg = { 0, 0, 256, 192, SECTOR_COLS, SECTOR_ROWS, OBJECTS, 0 };
    size_t need = eo_sectors_storage_size(&cfg);
    uint8_t *storage = storage_raw + ((uintptr_t)storage_raw & 1u);
    if (need == 0 || need > STORAGE_BYTES)
        return 1;
    if (eo_sectors_init(&grid, &cfg, storage, need) != EO_OK)
        return 2;
    return 0;
}
#endif

static uint32_t frame_pairs(void)
{
    uint32_t found = 0;
#if SCENE_OP == 0
    return found; /* the bare frame: the call and the sum only */
#else
    eo_result r;
#if SCENE_OP == 1 || SCENE_OP == 2
    r = eo_aabb_find_pairs(boxes, OBJECTS, SCENE_OP == 1 ? EO_AABB_X_FIRST : EO_AABB_Y_FIRST,
                           pairs, PAIR_CAP, &found, 0, 0);
#elif SCENE_OP >= 3 && SCENE_OP <= 6
    r = eo_sectors_build(&grid, boxes, OBJECTS, 0, 0);
    if (r == EO_OK)
        r = eo_sectors_find_pairs(&grid, boxes, 0, pairs, PAIR_CAP, &found, 0, 0);
#elif SCENE_OP == 7 || SCENE_OP == 8
    r = eo_sectors_update(&grid, boxes, OBJECTS, 0, 0);
    if (r == EO_OK)
        r = eo_sectors_find_pairs(&grid, boxes, 0, pairs, PAIR_CAP, &found, 0, 0);
#elif SCENE_OP == 9 || SCENE_OP == 10
    r = sweep_ref_find_pairs(boxes, OBJECTS, SCENE_OP == 9 ? EO_AABB_X_FIRST : EO_AABB_Y_FIRST, 0,
                            order, 1, pairs, PAIR_CAP, &found, 0);
#elif SCENE_OP == 11 || SCENE_OP == 12
    r = eo_sweep_find_pairs(&sweeper, boxes, OBJECTS, 0, pairs, PAIR_CAP, &found, 0, 0);
#else
#error "unknown SCENE_OP"
#endif
    if (r != EO_OK)
        bench_result.error = 3;
    return found;
#endif
}

void main(void)
{
    uint32_t total = 0;
    uint8_t frame = 0;

    setup_scene();
    /* Outside the measured loop (the K = 0 program pays it too): the grid, and for the
       persistent methods last frame's state. */
#if SCENE_OP >= 3 && SCENE_OP <= 8
    bench_result.error = setup_grid();
    if (bench_result.error != 0)
        return;
#endif
#if SCENE_OP == 7 || SCENE_OP == 8
    if (eo_sectors_build(&grid, boxes, OBJECTS, 0, 0) != EO_OK)
        bench_result.error = 3;
#elif SCENE_OP == 9 || SCENE_OP == 10
    {
        uint32_t found;
        if (sweep_ref_find_pairs(boxes, OBJECTS, SCENE_OP == 9 ? EO_AABB_X_FIRST : EO_AABB_Y_FIRST, 0,
                                order, 0, pairs, PAIR_CAP, &found, 0) != EO_OK)
            bench_result.error = 3;
    }
#elif SCENE_OP == 11 || SCENE_OP == 12
    {
        uint32_t found;
        uint8_t *storage = storage_raw + ((uintptr_t)storage_raw & 1u);
        size_t need = eo_sweep_storage_size(OBJECTS);
        if (need == 0 || need > STORAGE_BYTES)
            bench_result.error = 1;
        else if (eo_sweep_init(&sweeper, OBJECTS, SCENE_OP == 11 ? EO_AABB_X_FIRST : EO_AABB_Y_FIRST,
                               storage, need) != EO_OK)
            bench_result.error = 2;
        else if (eo_sweep_find_pairs(&sweeper, boxes, OBJECTS, 0, pairs, PAIR_CAP, &found, 0, 0) != EO_OK)
            bench_result.error = 3;
        if (bench_result.error != 0)
            return;
    }
#endif
#if SCENE_K > 0
    {
        uint16_t k;
        for (k = 0; k < (uint16_t)SCENE_K; k++) {
            move_scene(frame);
            total += frame_pairs();
            frame = (uint8_t)(frame + bench_step);
        }
    }
#else
    (void)frame;
    (void)move_scene;
    (void)frame_pairs;
#endif
    bench_result.pairs = total;
}
