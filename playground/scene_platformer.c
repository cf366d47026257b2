/* playground/scene_platformer.c: a tile-map platformer. The hero runs, jumps, swims and lands on
   slopes with eo_slopes_move (one call a frame), climbs ladders with eo_tiles_move, drops through
   one-way platforms and dies on spikes; spiky walkers patrol the ledges and hit him only where their pixels touch
   (a box pre-test, then eo_pixelmask_overlap). Every collision answer comes from the core. */
#include <stdlib.h>
#include <string.h>

#include "scene.h"

/* ---- state + create / destroy ------------------------------------------------------------ */

enum { COLS = 60, ROWS = 37, SHIFT = 4, TILE = 16, MAX_ENEMIES = 8, MAX_COINS = 40 };
enum { HERO_W = 10, HERO_H = 14, ENEMY_W = 14, ENEMY_H = 12 };
/* how far (px) the ground may fall below the hero's line of motion in a frame before he leaves it */
enum { HERO_REACH = 14 };
/* speeds in 1/16 px per frame, accelerations in 1/16 px per frame per frame */
enum { WALK_V = 24, SWIM_V = 12, CLIMB_V = 16, JUMP_V = 104, SWIM_UP_V = 40, MAX_FALL = 112,
       MAX_SINK = 24, GRAVITY = 6, WATER_GRAVITY = 2 };

/* One char per tile; the char is the tile id. . empty  # solid  = one-way  H ladder  ^ spikes
   ~ water  / \ 45-degree slopes  a b (up) c d (down) 22.5-degree slope pairs;
   S the hero's start, E a walker, o a coin (all three empty tiles). */
static const char *const level[ROWS] = {
    "############################################################",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................o.o..............o.o............#",
    "#.........................====.............====............#",
    "#.............................o.o.o.o....o.o...............#",
    "#.........................../#\\..E....E.ab##cd......^......#",
    "#.......................############H##########~~~~###.....#",
    "#.......................############H##########~~~~###.....#",
    "#...................................H.........######.......#",
    "#...................................H.................====.#",
    "#...................................H......................#",
    "#......o.o..........................H......................#",
    "#..ab##...............o.o...........H.................====.#",
    "#..#######......../\\...E..ab##cd.^..H......................#",
    "#.............#########################....................#",
    "#.....................................................====.#",
    "#.....=======............................=====.............#",
    "#...............................................o.E.o......#",
    "#..............................................#####H#######",
    "#............====...................................H......#",
    "#...................................................H......#",
    "#..===H=====........................................H......#",
    "#.....H.............................................H......#",
    "#.....H.........o...................................H......#",
    "#.....H.................................E...........H......#",
    "#.....H......./##\\..................ab####cd........H...o..#",
    "#.S...H....../####\\..^^...........ab########cd......H......#",
    "#########################~~~~~~~############################",
    "#########################~~~~~~~############################",
    "#########################~~~~~~~############################",
    "############################################################",
};

/* The hero (left-right symmetric, so his mask needs no flipping) and two kinds of walker. */
static const char *const hero_art[HERO_H] = {
    "...####...", "..######..", "..#.##.#..", "..######..", "...####...", ".########.", "##.####.##",
    "#..####..#", "...####...", "...####...", "..##..##..", "..##..##..", ".##....##.", ".##....##.",
};
static const char *const enemy_art[2][ENEMY_H] = {
    { "..#...##...#..", "..##.####.##..", "...########...", "#.##########.#", "##############",
      ".###..##..###.", ".###..##..###.", "##############", "#.##########.#", "..##########..",
      ".##.##..##.##.", ".#...#..#...#." },
    { ".#....##....#.", "..#..####..#..", "...########...", ".############.", "###.######.###",
      ".##..####..##.", "##############", ".############.", "..##########..", "#..########..#",
      "..##.#..#.##..", ".##..#..#..##." },
};

static const char tile_chars[] = "#=H^~/\\abcd";
static const uint8_t tile_attrs[] = {
    EO_TILES_SOLID, EO_TILES_ONE_WAY, EO_TILES_LADDER, EO_TILES_HAZARD, EO_TILES_WATER,
    EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_45_UP), EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_45_DOWN),
    EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_UP_LOW), EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_UP_HIGH),
    EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_DOWN_HIGH), EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_DOWN_LOW),
};

typedef struct hero {
    eo_box box;
    int32_t fx, fy, vx, vy;          /* sub-pixel remainders (0 .. 15) and velocity, 1/16 px */
    int32_t on_ground, climbing, drop, knock, safe;   /* drop / knock / safe: frames left */
    uint8_t touching, below;         /* EO_TOUCH_* after the last move */
} hero;

typedef struct enemy { eo_box box; int32_t fx, fy, vy, dir, speed, kind; } enemy;

typedef struct coin { eo_box box; int32_t taken; } coin;

typedef struct platformer {
    uint8_t cells[COLS * ROWS], attrs[256];   /* the map's arrays: tile ids are the level's chars */
    eo_tiles_map map;
    eo_pixelmask hero_mask, enemy_mask[2];
    uint64_t hero_words[32], enemy_words[2][32];   /* mask storage (aligned for any word size) */
    hero h;
    int16_t start_x, start_y;
    enemy e[MAX_ENEMIES];
    coin c[MAX_COINS];
    int enemy_count, coin_count;
    uint32_t frame, deaths, hits, coins;
} platformer;

static int load_mask(eo_pixelmask *m, const char *const *art, int w, int h, uint64_t *words)
{
    int x, y;
    if (eo_pixelmask_storage_size((uint16_t)w, (uint16_t)h) > 32 * sizeof(uint64_t) ||
        eo_pixelmask_init(m, (uint16_t)w, (uint16_t)h, words, 32 * sizeof(uint64_t)) != EO_OK)
        return 0;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if (art[y][x] == '#') eo_pixelmask_set(m, (uint16_t)x, (uint16_t)y, 1);
    return 1;
}

/* The hero at the start, at rest, blinking (safe) for a second. */
static void respawn(platformer *s)
{
    memset(&s->h, 0, sizeof s->h);
    s->h.box.x = s->start_x; s->h.box.y = s->start_y; s->h.box.w = HERO_W; s->h.box.h = HERO_H;
    s->h.safe = 60;
}

static void destroy(void *state) { free(state); }

static void *create(const pg_config *cfg, char *err, size_t err_size)
{
    platformer *s = (platformer *)calloc(1, sizeof *s);
    pg_rng rng;
    eo_result r;
    int row, col, i;
    if (!s) { SDL_snprintf(err, err_size, "platformer: out of memory"); return NULL; }
    pg_rng_seed(&rng, cfg->seed);
    for (i = 0; tile_chars[i]; i++) s->attrs[(uint8_t)tile_chars[i]] = tile_attrs[i];
    for (row = 0; row < ROWS; row++)
        for (col = 0; col < COLS; col++) {
            char ch = level[row][col];
            int16_t x = (int16_t)(col * TILE), y = (int16_t)(row * TILE);
            s->cells[row * COLS + col] = (uint8_t)(ch == 'S' || ch == 'E' || ch == 'o' ? '.' : ch);
            if (ch == 'S') { s->start_x = (int16_t)(x + 3); s->start_y = (int16_t)(y + TILE - HERO_H); }
            if (ch == 'E' && s->enemy_count < MAX_ENEMIES) {
                enemy *e = &s->e[s->enemy_count];   /* the seed picks its way and speed */
                eo_box b = { (int16_t)(x + 1), (int16_t)(y + TILE - ENEMY_H), ENEMY_W, ENEMY_H };
                e->box = b, e->kind = s->enemy_count++ & 1;
                e->dir = (pg_rng_next(&rng) & 1u) ? 1 : -1, e->speed = pg_rng_range(&rng, 8, 14);
            }
            if (ch == 'o' && s->coin_count < MAX_COINS) {
                eo_box b = { (int16_t)(x + 4), (int16_t)(y + 4), 8, 8 };
                s->c[s->coin_count++].box = b;
            }
        }
    s->map.cells = s->cells; s->map.attrs = s->attrs;
    s->map.width = COLS; s->map.height = ROWS; s->map.tile_shift = SHIFT;   /* outside: solid */
    r = eo_tiles_prepare(&s->map);
    if (r != EO_OK || !load_mask(&s->hero_mask, hero_art, HERO_W, HERO_H, s->hero_words) ||
        !load_mask(&s->enemy_mask[0], enemy_art[0], ENEMY_W, ENEMY_H, s->enemy_words[0]) ||
        !load_mask(&s->enemy_mask[1], enemy_art[1], ENEMY_W, ENEMY_H, s->enemy_words[1])) {
        SDL_snprintf(err, err_size, "platformer: bad level or mask (%s)", eo_result_name(r));
        free(s);
        return NULL;
    }
    respawn(s);
    s->h.safe = 0;
    return s;
}

/* ---- step: logic only ---------------------------------------------------------------------- */

/* floor(v / 16) for any v: whole pixels of a 1/16 px amount. */
static int32_t whole_px(int32_t v) { return v >= 0 ? v / 16 : -((15 - v) / 16); }

/* Adds v (1/16 px) to the remainder *f and returns the whole pixels to move now. */
static int16_t advance(int32_t *f, int32_t v)
{
    int32_t sum = *f + v, px = whole_px(sum);
    *f = sum - px * 16;
    return (int16_t)px;
}

static int32_t clamp(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : v > hi ? hi : v; }

static uint32_t move_hero(platformer *s, const pg_input *in)
{
    hero *h = &s->h;
    eo_tiles_move_result r;
    uint32_t b = in->buttons, moves = 0;
    int32_t want = ((b & PG_BTN_RIGHT) ? 1 : 0) - ((b & PG_BTN_LEFT) ? 1 : 0);
    int in_water = (h->touching & EO_TILES_TOUCH_WATER) != 0, jump = (in->pressed & PG_BTN_JUMP) != 0;
    int16_t dx, dy;
    uint8_t flags;
    if (h->safe > 0) h->safe--;
    if (h->knock > 0) h->knock--;
    if (h->drop > 0) h->drop--;
    /* grab a ladder: UP or DOWN on one, or DOWN standing on a ladder top */
    if (!h->climbing && (((b & PG_BTN_UP) && (h->touching & EO_TILES_TOUCH_LADDER)) ||
                         ((b & PG_BTN_DOWN) && (h->touching & EO_TILES_TOUCH_LADDER) && !h->on_ground) ||
                         ((b & PG_BTN_DOWN) && h->on_ground && (h->below & EO_TILES_TOUCH_LADDER) && !jump))) {
        h->climbing = 1, h->vx = h->vy = h->fy = 0;
    }
    if (h->climbing && jump) {                     /* jump off the ladder */
        h->climbing = 0, h->vy = -JUMP_V * 3 / 4;
    } else if (h->climbing) {                      /* no gravity on a ladder */
        h->vx = want * CLIMB_V;
        h->vy = (b & PG_BTN_UP) ? -CLIMB_V : (b & PG_BTN_DOWN) ? CLIMB_V : 0;
    } else if (in_water) {                         /* slower, and JUMP swims up */
        if (h->knock == 0) h->vx = want * SWIM_V;
        h->vy = (b & PG_BTN_JUMP) ? h->vy - 6 : h->vy + WATER_GRAVITY;
        h->vy = clamp(h->vy, -SWIM_UP_V, MAX_SINK);
    } else {
        if (h->knock == 0) h->vx = want * WALK_V;
        if (jump && h->on_ground) {
            if ((b & PG_BTN_DOWN) && (h->below & (EO_TILES_TOUCH_ONE_WAY | EO_TILES_TOUCH_LADDER)) &&
                !(h->below & (EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_SLOPE))) {
                h->drop = 8, h->vy = 16, h->fy = 0;   /* DOWN + JUMP: drop through */
            } else {
                h->vy = -JUMP_V;
            }
        }
        if (!(b & PG_BTN_JUMP) && h->vy < -32 && h->knock == 0) h->vy = -32;   /* short hop */
        h->vy = clamp(h->vy + GRAVITY, -JUMP_V, MAX_FALL);
    }
    flags = (uint8_t)((h->drop > 0 || (h->climbing && (b & PG_BTN_DOWN))) ? EO_TILES_DROP : 0);
    dx = advance(&h->fx, h->vx);
    dy = advance(&h->fy, h->vy);
    if (!h->climbing) {
        /* one call a frame: walk on the ground (slopes of up to 1 px per px), sweep through the
           air, land on a ramp without stopping, leave a crest faster than HERO_REACH allows */
        eo_slopes_move_result m;
        eo_slopes_move(&s->map, &h->box, dx, dy, 1, HERO_REACH, flags, &m, NULL);
        moves++;
        r = m.move;
        if (m.launched) h->vy = -(h->vx * m.slope) / 256, h->fy = 0;   /* along the line it left */
    } else {
        /* on a ladder: sideways, then up and down */
        if (dx != 0) {
            eo_tiles_move(&s->map, &h->box, dx, 0, flags, NULL, &r, NULL);
            moves++;
        }
        eo_tiles_move(&s->map, &h->box, 0, dy, flags, NULL, &r, NULL);
        moves++;
    }
    if (r.hit & (EO_HIT_LEFT | EO_HIT_RIGHT)) h->fx = 0;
    if ((r.hit & EO_HIT_TOP) && h->vy < 0) h->vy = 0, h->fy = 0;
    if (r.on_ground && h->vy > 0 && !h->climbing) h->vy = 0, h->fy = 0;
    h->on_ground = r.on_ground, h->touching = r.touching, h->below = r.below;
    if (h->climbing && !(h->touching & EO_TILES_TOUCH_LADDER)) h->climbing = h->vy = h->fy = 0;   /* off it */
    if (h->touching & EO_TILES_TOUCH_HAZARD) { s->deaths++; respawn(s); }
    return moves;
}

static uint32_t move_enemy(const platformer *s, enemy *e)
{
    eo_tiles_move_result r;
    eo_slopes_ground g;
    int16_t front, dx;
    e->vy = clamp(e->vy + GRAVITY, 0, MAX_FALL);
    eo_tiles_move(&s->map, &e->box, 0, advance(&e->fy, e->vy), 0, NULL, &r, NULL);
    if (!r.on_ground) return 1;                    /* falling: no walking */
    e->vy = e->fy = 0;
    /* turn at a ledge (no ground within a few px ahead) or at spikes */
    front = (int16_t)(e->dir > 0 ? e->box.x + e->box.w : e->box.x - 1);
    if (eo_slopes_ground_at(&s->map, front, (int16_t)(e->box.y + e->box.h), &g, NULL) != EO_OK ||
        !g.found || g.distance > 3 ||
        eo_tiles_attr_at_pixel(&s->map, front, (int16_t)(e->box.y + e->box.h - 1), NULL) == EO_TILES_HAZARD) {
        e->dir = -e->dir;
        return 1;
    }
    dx = advance(&e->fx, e->dir * e->speed);
    if (dx == 0) return 1;
    eo_slopes_walk(&s->map, &e->box, dx, 1, EO_TILES_POSITION_ONLY, &r, NULL);
    if (r.hit & (EO_HIT_LEFT | EO_HIT_RIGHT)) e->dir = -e->dir;
    return 2;
}

static void step(void *state, const pg_input *in, pg_stats *stats)
{
    platformer *s = (platformer *)state;
    hero *h = &s->h;
    uint32_t moves, pixel_tests = 0, boxes = 0, hits = 0;
    double t0 = pg_now_ms(), t1;
    int i, left = 0;
    moves = move_hero(s, in);
    for (i = 0; i < s->coin_count; i++) {
        if (!s->c[i].taken && eo_aabb_overlap(&h->box, &s->c[i].box)) { s->c[i].taken = 1; s->coins++; }
        left += !s->c[i].taken;
    }
    if (left == 0) for (i = 0; i < s->coin_count; i++) s->c[i].taken = 0;   /* all taken: again */
    t1 = pg_now_ms();
    pg_stats_phase(stats, "move", t1 - t0, 1);
    for (i = 0; i < s->enemy_count; i++) {
        enemy *e = &s->e[i];
        uint8_t hit = 0;
        moves += move_enemy(s, e);
        if (!eo_aabb_overlap(&h->box, &e->box)) continue;    /* box pre-test, then pixels */
        boxes++, pixel_tests++;
        eo_pixelmask_overlap(&s->hero_mask, h->box.x, h->box.y, &s->enemy_mask[e->kind], e->box.x,
                             e->box.y, &hit, NULL);
        if (hit && h->safe == 0) {                 /* knocked back, away from the walker */
            hits++, s->hits++;
            h->vx = (2 * h->box.x + h->box.w < 2 * e->box.x + e->box.w) ? -40 : 40;
            h->vy = -64, h->fy = 0, h->climbing = 0;
            h->knock = 14, h->safe = 60;
        }
    }
    pg_stats_phase(stats, "enemies", pg_now_ms() - t1, 1);
    s->frame++;
    stats->objects = (uint32_t)(1 + s->enemy_count);
    stats->box_tests = (uint32_t)s->enemy_count, stats->candidates = boxes, stats->hits = hits;
    pg_stats_counter(stats, "tiles moved", moves);
    pg_stats_counter(stats, "pixel tests", pixel_tests);
    pg_stats_counter(stats, "deaths", s->deaths);
    pg_stats_counter(stats, "on ground", (uint32_t)h->on_ground);
    pg_stats_counter(stats, "hero x", (uint32_t)(uint16_t)h->box.x);
    pg_stats_counter(stats, "hits", s->hits);
    pg_stats_counter(stats, "coins", s->coins);
}

static uint64_t hash(const void *state)
{
    const platformer *s = (const platformer *)state;
    const hero *h = &s->h;
    uint64_t hv = PG_HASH_INIT;
    const int32_t v[] = { h->box.x, h->box.y, h->fx, h->fy, h->vx, h->vy, h->on_ground, h->climbing,
                          h->drop, h->knock, h->safe, h->touching, h->below, (int32_t)s->frame,
                          (int32_t)s->deaths, (int32_t)s->hits, (int32_t)s->coins };
    int i, k;
    for (i = 0; i < (int)(sizeof v / sizeof v[0]); i++) hv = pg_hash_i32(hv, v[i]);
    for (i = 0; i < s->enemy_count; i++) {
        const enemy *e = &s->e[i];
        const int32_t w[] = { e->box.x, e->box.y, e->fx, e->fy, e->vy, e->dir };
        for (k = 0; k < 6; k++) hv = pg_hash_i32(hv, w[k]);
    }
    for (i = 0; i < s->coin_count; i++) hv = pg_hash_i32(hv, s->c[i].taken);
    return hv;
}

/* ---- draw: SDL only ------------------------------------------------------------------------ */

enum { RGB_SOLID = 0x4a5568, RGB_SOLID_TOP = 0x8090a8, RGB_SLOPE = 0x6b8a4a, RGB_SLOPE_TOP = 0xa8d078,
       RGB_ONE_WAY = 0xc89b50, RGB_LADDER = 0xa8743a, RGB_WATER = 0x2f78d8, RGB_SPIKES = 0xe04848,
       RGB_COIN = 0xffd040, RGB_HERO = 0x4fd8ff };
static const uint32_t enemy_rgb[2] = { 0xe060f0u, 0xff8040u };

/* A mask's solid pixels as points, in one call. */
static void draw_mask(SDL_Renderer *r, const eo_pixelmask *m, int x0, int y0, uint32_t rgb)
{
    SDL_Point pts[ENEMY_W * HERO_H];
    int x, y, n = 0;
    for (y = 0; y < m->h; y++)
        for (x = 0; x < m->w; x++)
            if (eo_pixelmask_get(m, (uint16_t)x, (uint16_t)y) && n < (int)(sizeof pts / sizeof pts[0])) {
                pts[n].x = x0 + x; pts[n].y = y0 + y; n++;
            }
    pg_color(r, rgb, 255);
    SDL_RenderDrawPoints(r, pts, n);
}

static void draw_tile(SDL_Renderer *r, const platformer *s, int col, int row)
{
    uint8_t attr = s->attrs[s->cells[row * COLS + col]], above;
    int x = col * TILE, y = row * TILE, i;
    above = row > 0 ? s->attrs[s->cells[(row - 1) * COLS + col]] : EO_TILES_SOLID;
    if (attr >= EO_TILES_SLOPE) {                   /* the shape's height columns (one-way slopes: from 136) */
        uint8_t shape = (uint8_t)(attr - (attr >= EO_TILES_ONE_WAY_SLOPE ? EO_TILES_ONE_WAY_SLOPE : EO_TILES_SLOPE));
        for (i = 0; i < TILE; i++) {
            int hgt = eo_tiles_slope_height(&s->map, shape, (uint8_t)i);
            pg_fill_rect(r, x + i, y + TILE - hgt, 1, hgt, RGB_SLOPE, 255);
            pg_fill_rect(r, x + i, y + TILE - hgt, 1, 1, RGB_SLOPE_TOP, 255);
        }
    } else if (attr == EO_TILES_SOLID) {
        pg_fill_rect(r, x, y, TILE, TILE, RGB_SOLID, 255);
        if (above != EO_TILES_SOLID && above < EO_TILES_SLOPE)   /* a lighter top where it is walked on */
            pg_fill_rect(r, x, y, TILE, 2, RGB_SOLID_TOP, 255);
    } else if (attr == EO_TILES_ONE_WAY) {
        pg_fill_rect(r, x, y, TILE, 4, RGB_ONE_WAY, 255);
        pg_fill_rect(r, x + 2, y + 4, 2, 4, 0x806030u, 255);
        pg_fill_rect(r, x + 12, y + 4, 2, 4, 0x806030u, 255);
    } else if (attr == EO_TILES_LADDER) {
        pg_fill_rect(r, x + 2, y, 2, TILE, RGB_LADDER, 255);
        pg_fill_rect(r, x + 12, y, 2, TILE, RGB_LADDER, 255);
        for (i = 2; i < TILE; i += 5) pg_fill_rect(r, x + 4, y + i, 8, 2, RGB_LADDER, 255);
        if (above != EO_TILES_LADDER && above != EO_TILES_LADDER_TOP)   /* an implicit ladder top */
            pg_fill_rect(r, x, y, TILE, 2, RGB_ONE_WAY, 255);
    } else if (attr == EO_TILES_HAZARD) {
        for (i = 0; i < TILE; i++) {
            int d = (i % 8) * 2 - 7, hgt = 10 - (d < 0 ? -d : d);
            pg_fill_rect(r, x + i, y + TILE - hgt, 1, hgt, RGB_SPIKES, 255);
        }
    } else if (attr == EO_TILES_WATER) {
        pg_fill_rect(r, x, y, TILE, TILE, RGB_WATER, 110);
        if (above != EO_TILES_WATER) pg_fill_rect(r, x, y, TILE, 2, 0x8cc8ff, 160);
    }
}

static uint32_t probe_rgb(uint8_t attr)
{
    static const uint32_t rgb[6] = { 0xf0f0f0u, 0xff3030u, 0xffa030u, 0xc08040u, 0xff40ffu, 0x40a0ffu };
    return attr >= EO_TILES_SLOPE ? 0x60ff60u : attr < 6 ? rgb[attr] : 0x808080u;
}

static void draw(void *state, const pg_draw_ctx *ctx)
{
    const platformer *s = (const platformer *)state;
    const hero *h = &s->h;
    SDL_Renderer *r = ctx->renderer;
    static const char *const names[] = { "solid", "slope", "one-way", "ladder", "water", "spikes",
                                         "coin", "hero", "walker" };
    const uint32_t colours[] = { RGB_SOLID, RGB_SLOPE, RGB_ONE_WAY, RGB_LADDER, RGB_WATER, RGB_SPIKES,
                                 RGB_COIN, RGB_HERO, enemy_rgb[0] };
    int row, col, i, x;
    char line[96];
    for (row = 0; row < ROWS; row++)
        for (col = 0; col < COLS; col++)
            if (s->attrs[s->cells[row * COLS + col]] != EO_TILES_WATER) draw_tile(r, s, col, row);
    if (ctx->debug & PG_DEBUG_GRID) {
        for (col = 0; col <= COLS; col++) pg_fill_rect(r, col * TILE, 0, 1, ROWS * TILE, 0xffffffu, 24);
        for (row = 0; row <= ROWS; row++) pg_fill_rect(r, 0, row * TILE, COLS * TILE, 1, 0xffffffu, 24);
    }
    for (i = 0; i < s->coin_count; i++)
        if (!s->c[i].taken) {
            const eo_box *b = &s->c[i].box;
            pg_fill_rect(r, b->x + 1, b->y, 6, 8, RGB_COIN, 255);
            pg_fill_rect(r, b->x, b->y + 1, 8, 6, RGB_COIN, 255);
        }
    for (i = 0; i < s->enemy_count; i++)
        draw_mask(r, &s->enemy_mask[s->e[i].kind], s->e[i].box.x, s->e[i].box.y, enemy_rgb[s->e[i].kind]);
    if ((h->safe / 4) % 2 == 0) draw_mask(r, &s->hero_mask, h->box.x, h->box.y, RGB_HERO);
    for (row = 0; row < ROWS; row++)               /* water over whatever swims in it */
        for (col = 0; col < COLS; col++)
            if (s->attrs[s->cells[row * COLS + col]] == EO_TILES_WATER) draw_tile(r, s, col, row);
    if (ctx->debug & PG_DEBUG_BOXES) {
        pg_outline_rect(r, h->box.x, h->box.y, h->box.w, h->box.h, 0xffffffu, 255);
        for (i = 0; i < s->enemy_count; i++) {   /* yellow: the box pre-test passes, pixels decide */
            const eo_box *b = &s->e[i].box;
            uint32_t rgb = eo_aabb_overlap(&h->box, b) ? 0xffff40u : 0xff5050u;
            pg_outline_rect(r, b->x, b->y, b->w, b->h, rgb, 255);
        }
        for (i = 0; i < s->coin_count; i++)
            if (!s->c[i].taken) pg_outline_rect(r, s->c[i].box.x, s->c[i].box.y, 8, 8, 0xffffffu, 120);
    }
    if (ctx->debug & PG_DEBUG_PROBES) {
        eo_tiles_probe_point probes[64];
        eo_slopes_ground g;
        uint16_t n = 0, k;
        if (eo_tiles_probe(&s->map, &h->box, EO_TILES_PROBE_EDGES, probes, 64, &n, NULL, NULL) == EO_OK)
            for (k = 0; k < n; k++)   /* each probe point in the colour of what it read */
                pg_fill_rect(r, probes[k].x - 1, probes[k].y - 1, 3, 3, probe_rgb(probes[k].attr), 255);
        if (eo_slopes_box_ground(&s->map, &h->box, EO_SLOPES_THREE_SENSORS, &g, NULL) == EO_OK) {
            int fy = h->box.y + h->box.h - 1;   /* the foot sensors, and the ground they found */
            for (i = 0; i < 3; i++)
                pg_fill_rect(r, h->box.x + i * (h->box.w - 1) / 2, fy, 1, 4, 0xffff00u, 255);
            if (g.found) pg_fill_rect(r, h->box.x - 3, g.ground_y, h->box.w + 6, 1, 0x40ff90u, 255);
        }
    }
    /* the score, top right; the legend, bottom left */
    SDL_snprintf(line, sizeof line, "deaths %u  hits %u  coins %u", (unsigned)s->deaths, (unsigned)s->hits,
                 (unsigned)s->coins);
    x = PG_VIEW_W - pg_text_width(line) - 24;
    pg_fill_rect(r, x - 4, 20, pg_text_width(line) + 8, 14, 0x000000u, 160);
    pg_text(r, x, 23, line, 0xffffffu, 1);
    for (i = 0, x = 4; i < (int)(sizeof names / sizeof names[0]); i++) {
        pg_fill_rect(r, x, PG_VIEW_H - 8, 7, 7, colours[i], 255);
        pg_text(r, x + 10, PG_VIEW_H - 8, names[i], 0xd0d0d0u, 1);
        x += 10 + pg_text_width(names[i]) + 14;
    }
}

#ifdef PG_TESTING
/* For tests/playground/test_scene_platformer.c: read-only views, and a place to start from. */
void pg_platformer_hero(const void *state, eo_box *out);
int pg_platformer_enemy(const void *state, int i, eo_box *out);
const eo_tiles_map *pg_platformer_map(const void *state);
void pg_platformer_place(void *state, int16_t x, int16_t y);
void pg_platformer_hero(const void *state, eo_box *out) { *out = ((const platformer *)state)->h.box; }
/* Writes walker i's box (if it exists) and returns how many there are. */
int pg_platformer_enemy(const void *state, int i, eo_box *out)
{
    const platformer *s = (const platformer *)state;
    if (i >= 0 && i < s->enemy_count) *out = s->e[i].box;
    return s->enemy_count;
}
const eo_tiles_map *pg_platformer_map(const void *state) { return &((const platformer *)state)->map; }
/* Puts the hero at (x, y) at rest, as a respawn there would: the random scripts start anywhere. */
void pg_platformer_place(void *state, int16_t x, int16_t y)
{
    respawn((platformer *)state);
    ((platformer *)state)->h.box.x = x, ((platformer *)state)->h.box.y = y, ((platformer *)state)->h.safe = 0;
}
#endif

const pg_scene pg_scene_platformer = {
    .id = "platformer",
    .title = "Platformer",
    .source = "scene_platformer.c",
    .about = "A tile platformer: slopes walked pixel by pixel, ladders, one-way platforms, water, spikes, "
             "and walkers that hit only where their pixels touch.",
    .keys = "arrows: walk, climb  space / Z: jump, swim  down + jump: drop through a platform",
    .buttons = PG_BTN_LEFT | PG_BTN_RIGHT | PG_BTN_UP | PG_BTN_DOWN | PG_BTN_JUMP,
    .create = create,
    .destroy = destroy,
    .step = step,
    .draw = draw,
    .hash = hash,
};
