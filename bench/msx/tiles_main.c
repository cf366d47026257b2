/* bench/msx/tiles_main.c: Z80 T-states of the tiles and slopes movers, for sz80, one program per
   (TILES_OP, TILES_K) (mk/msx.mk builds each with K = 0 and K = TILES_K):
     TILES_OP  frames of 8 movers (8 x 16 px, gravity, jumps) on a 32 x 24 map of 8 px tiles:
                0 the bare frame loop (the movers' bookkeeping, no collision calls)
                1 the platformer step: eo_slopes_walk (1 px max step) sideways, eo_tiles_move vertically
                2 one plain move per mover: eo_tiles_move(dx, vy), position only
                3 the same moves pixel by pixel: the reference mover (tests/core/tiles_reference.h)
               single calls on one 8 x 16 box, reset before each call:
                4 the bare call loop (the reset)
                5 a move that hits nothing: eo_tiles_move(2, 3) in the air
                6 a landing: eo_tiles_move(0, 8) from 5 px above the floor
                7 a slope walk: eo_slopes_walk(2, max step 1) up a 45 degree slope
                8 op 5 by the reference mover
                9 op 6 by the reference mover
               10 the fixed cost of a call: eo_tiles_move(0, 0), position only
               11 sensing where the box is: eo_tiles_move(0, 0), full result
               12 a dash along its segment: eo_tiles_sweep(24, 16) from the air into a platform
               13 op 12 by the reference sweep (ref_sweep)
               14 the same dash X, then Y: eo_tiles_move(24, 16)
               15 a ramp landing: eo_slopes_move(10, 6), falling sideways onto the 45 degree hill
               16 op 7 as a character's frame: eo_slopes_move(2, 0, max step 1, reach 14)
               17 a tile probe: eo_tiles_attr_at_pixel at the box's top-left pixel
               18 what the box touches: eo_tiles_touching, no cache
               19 a 16 x 16 hero moving 2 px: eo_tiles_move(2, 0), position only
     TILES_K   frames (ops 0 .. 3) or calls (4 .. 9) measured
   Core calls get no cache and no hooks, as a game would make them; ops 5 .. 7 and 11 ask for the
   whole result (touching, below, on_ground). bench_result: a checksum of where the boxes ended (the sum
   of their x and y; bench/msx/tiles_report.sh checks the core's plain moves and the reference's
   agree) and an error byte (0 fine, 1 a call failed, 2 the map is invalid). */
#include <stdint.h>
#include <stdlib.h>

#include "earlyout/slopes.h"
#include "earlyout/tiles.h"

#if !defined(TILES_OP) || !defined(TILES_K)
#error "define TILES_OP and TILES_K"
#endif

/* The level: the slopes of tests/vectors (a 45 degree hill, a valley, 22.5 degree slopes up to
   a plateau and down again) under platforms, one-way platforms and a ladder. */
static const char *const level_art[24] = {
    "................................",
    "................................",
    "................................",
    "................................",
    "......######..........=====.....",
    "................................",
    "................................",
    "..====...............######.....",
    "..............H.................",
    "..........####H###..............",
    "..............H.................",
    "..............H........==.......",
    "..............H.................",
    "...=====......H.........####....",
    "..#...........H.................",
    "..#...........H.................",
    "..#...........H.................",
    "..#...................u#........",
    "..#....../\\.........ab##cd.....#",
    "..#...../##\\......ab######cd...#",
    "..#..../####\\/\\.ab##########cdv#",
    "################################",
    "################################",
    "################################",
};

static uint8_t cells[32 * 24];
static uint8_t attrs[256];
static const uint8_t user_heights[16] = { 2, 4, 6, 8, 8, 8, 8, 8, 3, 5, 6, 7, 7, 6, 5, 3 };
static eo_tiles_map level;

#define REF_MAP (&level)
#define REF_USER_SLOPES user_heights
#if TILES_OP == 3 || TILES_OP == 8 || TILES_OP == 9 || TILES_OP == 13
#define REF_SWEEP
#include "tiles_reference.h"
#endif

#define MOVERS 8u

typedef struct mover_t {
    eo_box box;
    int8_t speed, vy;
    uint8_t grounded;
} mover_t;

static mover_t movers[MOVERS];

typedef struct bench_result_t {
    uint16_t check;  /* sum of the boxes' x and y at the end */
    uint8_t error;   /* 0 fine, 1 a call failed, 2 the map is invalid */
} bench_result_t;
volatile bench_result_t bench_result;
volatile uint8_t bench_no_hit = 0;
volatile uint16_t bench_count = TILES_K; /* volatile: K = 0 must still compile and loop zero times */

#if TILES_OP == 20
/* The probe's baseline: what a game writes by hand for this one map (32 tiles of 8 px across, a
   pixel known to be inside it), checking nothing: attrs[cells[(y >> 3) * 32 + (x >> 3)]]. */
static uint8_t hand_attr_at_pixel(uint16_t x, uint16_t y)
{
    return attrs[cells[(uint16_t)((y >> 3) * 32u + (x >> 3))]];
}
#endif

static void setup_level(void)
{
    uint16_t i;
    uint8_t r, c;
    attrs['#'] = EO_TILES_SOLID;
    attrs['='] = EO_TILES_ONE_WAY;
    attrs['H'] = EO_TILES_LADDER;
    attrs['/'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_45_UP);
    attrs['\\'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_45_DOWN);
    attrs['a'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_UP_LOW);
    attrs['b'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_UP_HIGH);
    attrs['c'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_DOWN_HIGH);
    attrs['d'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_DOWN_LOW);
    attrs['u'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_USER);
    attrs['v'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_USER + 1);
    for (i = 0, r = 0; r < 24u; r++)
        for (c = 0; c < 32u; c++, i++)
            cells[i] = (uint8_t)level_art[r][c];
    level.cells = cells;
    level.attrs = attrs;
    level.slopes = user_heights;
    level.slope_count = 2;
    level.width = 32;
    level.height = 24;
    level.tile_shift = 3;
    level.outside = EO_TILES_OUTSIDE_SOLID;
    if (eo_tiles_prepare(&level) != EO_OK)
        bench_result.error = 2;
}

static void setup_movers(void)
{
    uint8_t i;
    for (i = 0; i < MOVERS; i++) {
        movers[i].box.x = (int16_t)(24 + 28 * i);
        movers[i].box.y = (int16_t)(8 + 12 * (i & 3u));
        movers[i].box.w = 8;
        movers[i].box.h = 16;
        movers[i].speed = (int8_t)((i & 1u) ? -1 - (int8_t)(i & 2u) / 2 : 1 + (int8_t)(i & 2u) / 2);
        movers[i].vy = 0;
        movers[i].grounded = 0;
    }
}

#if TILES_OP <= 3
/* One frame of every mover; f staggers their jumps (each jumps every 32 frames when it can). */
static void frame(uint8_t f)
{
    uint8_t i, hit;
    for (i = 0; i < MOVERS; i++) {
        mover_t *m = &movers[i];
        uint8_t jump = ((uint8_t)(f + 4u * i) & 31u) == 0;
#if TILES_OP == 1
        eo_tiles_move_result r;
        /* the walk needs no sensing: on_ground comes from last frame's vertical move */
        if (eo_slopes_walk(&level, &m->box, m->speed, 1, EO_TILES_POSITION_ONLY, &r, 0) != EO_OK)
            bench_result.error = 1;
        if (r.hit & (EO_HIT_LEFT | EO_HIT_RIGHT))
            m->speed = (int8_t)-m->speed;
        if (m->grounded)
            m->vy = jump ? -6 : 0;
        else if (m->vy < 8)
            m->vy++;
        if (eo_tiles_move(&level, &m->box, 0, m->vy, 0, 0, &r, 0) != EO_OK)
            bench_result.error = 1;
        hit = r.hit;
        m->grounded = r.on_ground;
#else
        /* plain moves: gravity every frame; landing (a hit below) is what "on the ground" means */
        if (m->grounded && jump)
            m->vy = -6;
        else if (m->vy < 8)
            m->vy++;
#if TILES_OP == 2
        {
            eo_tiles_move_result r;
            if (eo_tiles_move(&level, &m->box, m->speed, m->vy, EO_TILES_POSITION_ONLY, 0, &r, 0) != EO_OK)
                bench_result.error = 1;
            hit = r.hit;
        }
#elif TILES_OP == 3
        hit = (uint8_t)ref_move(&m->box, m->speed, m->vy, 0);
#else
        hit = bench_no_hit; /* the bare loop: volatile, so the bookkeeping below stays */
#endif
        if (hit & (EO_HIT_LEFT | EO_HIT_RIGHT))
            m->speed = (int8_t)-m->speed;
        m->grounded = (hit & EO_HIT_BOTTOM) != 0;
#endif
        if (hit & (EO_HIT_TOP | EO_HIT_BOTTOM))
            m->vy = 0;
    }
}
#endif

void main(void)
{
    uint16_t k, check = 0;
    setup_level();
    setup_movers();
#if TILES_OP <= 3
    {
        uint8_t i;
        for (k = 0; k < bench_count; k++)
            frame((uint8_t)k);
        for (i = 0; i < MOVERS; i++)
            check = (uint16_t)(check + (uint16_t)movers[i].box.x + (uint16_t)movers[i].box.y);
    }
#else
    {
        /* the box's start: in the air (5, 8, 10 .. 14, 17, 19), above the floor (6, 9), at the 45
           degree hill's foot (7), beside the ladder (18) */
#if TILES_OP == 15
        static const eo_box start = { 42, 144, 8, 16 };
#elif TILES_OP == 5 || TILES_OP == 8 || TILES_OP == 10 || (TILES_OP >= 11 && TILES_OP <= 14) || TILES_OP == 17 || TILES_OP == 20
        static const eo_box start = { 60, 60, 8, 16 };
#elif TILES_OP == 18
        static const eo_box start = { 108, 60, 8, 16 }; /* beside the ladder's top, under a platform */
#elif TILES_OP == 19
        static const eo_box start = { 60, 60, 16, 16 };
#elif TILES_OP == 6 || TILES_OP == 9
        static const eo_box start = { 32, 147, 8, 16 };
#else
        static const eo_box start = { 48, 152, 8, 16 };
#endif
        eo_box b;
        eo_tiles_move_result r;
#if TILES_OP == 15 || TILES_OP == 16
        eo_slopes_move_result m;
#endif
        (void)r;
        for (k = 0; k < bench_count; k++) {
            b = start;
#if TILES_OP == 5
            if (eo_tiles_move(&level, &b, 2, 3, 0, 0, &r, 0) != EO_OK)
                bench_result.error = 1;
#elif TILES_OP == 6
            if (eo_tiles_move(&level, &b, 0, 8, 0, 0, &r, 0) != EO_OK || r.hit != EO_HIT_BOTTOM)
                bench_result.error = 1;
#elif TILES_OP == 7
            if (eo_slopes_walk(&level, &b, 2, 1, 0, &r, 0) != EO_OK || b.y != start.y - 2)
                bench_result.error = 1;
#elif TILES_OP == 8
            (void)ref_move(&b, 2, 3, 0);
#elif TILES_OP == 9
            if (ref_move(&b, 0, 8, 0) != EO_HIT_BOTTOM)
                bench_result.error = 1;
#elif TILES_OP == 12
            if (eo_tiles_sweep(&level, &b, 24, 16, 0, 0, &r, 0) != EO_OK || r.hit == 0)
                bench_result.error = 1;
#elif TILES_OP == 13
            if (ref_sweep(&b, 24, 16, 0, 0) == 0)
                bench_result.error = 1;
#elif TILES_OP == 14
            if (eo_tiles_move(&level, &b, 24, 16, 0, 0, &r, 0) != EO_OK)
                bench_result.error = 1;
#elif TILES_OP == 15
            if (eo_slopes_move(&level, &b, 10, 6, 1, 14, 0, &m, 0) != EO_OK || !m.landed || m.move.hit != EO_HIT_BOTTOM ||
                m.move.moved_x != 10)
                bench_result.error = 1;
#elif TILES_OP == 16
            if (eo_slopes_move(&level, &b, 2, 0, 1, 14, 0, &m, 0) != EO_OK || b.y != start.y - 2)
                bench_result.error = 1;
#elif TILES_OP == 10 || TILES_OP == 11
            if (eo_tiles_move(&level, &b, 0, 0, TILES_OP == 10 ? EO_TILES_POSITION_ONLY : 0, 0, &r, 0) != EO_OK)
                bench_result.error = 1;
#elif TILES_OP == 17
            /* 36 px left of the box: tile (3, 7), a one-way platform */
            if (eo_tiles_attr_at_pixel(&level, (eo_coord)(b.x - 36), b.y, 0) != EO_TILES_ONE_WAY)
                bench_result.error = 1;
#elif TILES_OP == 20
            if (hand_attr_at_pixel((uint16_t)(b.x - 36), (uint16_t)b.y) != EO_TILES_ONE_WAY)
                bench_result.error = 1;
#elif TILES_OP == 18
            {
                uint8_t touching, below;
                if (eo_tiles_touching(&level, &b, 0, &touching, &below, 0) != EO_OK || touching != (EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_LADDER) ||
                    below != (EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_LADDER))
                    bench_result.error = 1;
            }
#elif TILES_OP == 19
            if (eo_tiles_move(&level, &b, 2, 0, EO_TILES_POSITION_ONLY, 0, &r, 0) != EO_OK || b.x != start.x + 2)
                bench_result.error = 1;
#endif
            check = (uint16_t)(check + (uint16_t)b.x + (uint16_t)b.y);
        }
    }
#endif
    bench_result.check = check;
}
