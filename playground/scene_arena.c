/* playground/scene_arena.c: things that move through each other without tunnelling. A player
   walks and jumps through a tile arena and over crates, balls fly at up to 40 px a frame and
   bounce off everything, and a platform going round a loop carries whoever stands on it. Every
   move is one eo_move (move.h) through the tile map and the other boxes, in turn, each against
   the others' new positions (the sectors grid updated with eo_sectors_update_one after each); the
   contacts it returns set the bounces, and this frame's contact pairs against last frame's give the
   pairs that began and ended (events.h). X (or the page's Action pad) switches what the player does
   about crates: slide, touch, cross, bounce or ignore, as move.h defines them.

   Objects, by index: the player, the platform, the crates (thin posts and bars among them), then
   the balls (the count). Speeds are in 1/16 px per frame. */
#include <stdlib.h>
#include <string.h>

#include "scene.h"

/* ---- state + create / destroy ------------------------------------------------------------ */

enum { COLS = 60, ROWS = 36, SHIFT = 4, TILE = 16, ARENA_W = COLS * TILE, ARENA_H = ROWS * TILE };
enum { PLAYER = 0, PLATFORM = 1, FIRST_CRATE = 2 };
enum { PLAYER_W = 12, PLAYER_H = 20, BALL = 8, PLATFORM_W = 64, PLATFORM_H = 10 };
enum { WALK_V = 40, JUMP_V = 112, GRAVITY = 6, MAX_FALL = 160, GROUND_V = 16, KNOCK = 10 };
enum { BALL_MIN_V = 24, BALL_MAX_V = 640 };   /* 1.5 .. 40 px a frame on each axis */
enum { CONTACTS = 32, FLASH = 8 };
/* The platform's loop: right along the low leg, up, left along the ledges' height, down. */
enum { LOOP_X0 = 208, LOOP_X1 = 688, LOOP_Y0 = 384, LOOP_Y1 = 512, LOOP_V = 2 };
enum { CAT_PLAYER = 1, CAT_PLATFORM = 2, CAT_CRATE = 4, CAT_BALL = 8 };

/* '#' solid; everything else empty. The ledges are level with the platform's upper leg. */
static const char *const level[ROWS] = {
    "############################################################",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................######..........................#",
    "#..........................######..........................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..............#............................#..............#",
    "#..............#............................#..............#",
    "#..............#............................#..............#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#############..................................#############",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "#..........................................................#",
    "############################################################",
};

/* Crates: a floor of six laid edge to edge (no seam may snag), a stack, three 2 px posts, two
   thin bars and three floating crates (what a fast ball would pass through if tested only where
   it ends). */
static const eo_box crates[] = {
    { 224, 544, 32, 16 }, { 256, 544, 32, 16 }, { 288, 544, 32, 16 }, { 320, 544, 32, 16 }, { 352, 544, 32, 16 },
    { 384, 544, 32, 16 }, { 80, 528, 32, 32 },  { 112, 528, 32, 32 }, { 112, 496, 32, 32 }, { 800, 520, 2, 40 },
    { 850, 520, 2, 40 },  { 900, 520, 2, 40 },  { 320, 288, 160, 2 }, { 600, 40, 2, 72 },   { 96, 112, 24, 24 },
    { 800, 96, 24, 24 },  { 656, 176, 24, 24 },
};
enum { CRATES = (int)(sizeof crates / sizeof crates[0]), FIRST_BALL = FIRST_CRATE + CRATES };

/* What the player does about crates, in the order X steps through them. */
static const uint8_t responses[] = { EO_MOVE_SLIDE, EO_MOVE_TOUCH, EO_MOVE_CROSS, EO_MOVE_BOUNCE, EO_MOVE_IGNORE };
static const char *const response_names[] = { "slide", "touch", "cross", "bounce", "ignore" };
enum { RESPONSES = 5 };

typedef struct mover { int32_t vx, vy, fx, fy; } mover;   /* velocity and sub-pixel remainder, 1/16 px */

typedef struct arena {
    uint8_t cells[COLS * ROWS], attrs[256];
    eo_tiles_map map;
    int n, balls;               /* boxes in all; balls */
    eo_box *boxes;
    eo_broadphase_layer *layers;
    mover *mv;                  /* per box (the player's and the balls' are used) */
    eo_sectors grid;
    void *grid_storage;
    eo_move_near *near;
    eo_pair *pairs[2];          /* this frame's contact pairs and last frame's, sorted */
    uint32_t pair_count[2], pair_capacity;
    int now;                    /* which of pairs[] is this frame's */
    eo_pair *began, *ended;
    eo_pair *found;             /* the balls the platform ran into */
    uint32_t began_count, ended_count, stayed_count;
    int32_t frame, response, on_ground, knock;
    uint32_t contacts, began_total, ended_total, pushes;
    /* not hashed: what only the drawing reads */
    int32_t *flash;             /* the frame each box last began a contact */
    eo_box *last;               /* each box before this frame's moves (the balls' trails) */
    const char *shown_name[PG_MAX_PHASES];   /* this frame's phases and their times, for the panel */
    double shown_ms[PG_MAX_PHASES];
    int shown_phases;
} arena;

static void destroy(void *state)
{
    arena *s = (arena *)state;
    if (!s) return;
    free(s->boxes); free(s->layers); free(s->mv); free(s->grid_storage); free(s->near);
    free(s->pairs[0]); free(s->pairs[1]); free(s->began); free(s->ended); free(s->found); free(s->flash); free(s->last);
    free(s);
}

/* The platform's top-left after `frame` frames: once round the loop every 1216 / LOOP_V frames. */
static void platform_at(int32_t frame, eo_box *b)
{
    const int32_t w = LOOP_X1 - LOOP_X0, h = LOOP_Y1 - LOOP_Y0;
    int32_t d = (int32_t)(((int64_t)frame * LOOP_V) % (2 * (w + h)));
    b->w = PLATFORM_W, b->h = PLATFORM_H;
    if (d < w) b->x = LOOP_X0 + d, b->y = LOOP_Y1;
    else if (d < w + h) b->x = LOOP_X1, b->y = LOOP_Y1 - (d - w);
    else if (d < 2 * w + h) b->x = LOOP_X1 - (d - w - h), b->y = LOOP_Y0;
    else b->x = LOOP_X0, b->y = LOOP_Y0 + (d - 2 * w - h);
}

static int box_in_tiles(const eo_tiles_map *map, const eo_box *b)
{
    for (int y = b->y; y < b->y + b->h; y++)
        for (int x = b->x; x < b->x + b->w; x++)
            if (eo_tiles_pixel_solid(map, (eo_coord)x, (eo_coord)y)) return 1;
    return 0;
}

/* A free spot for ball i in the upper arena: no tile, crate, platform or earlier ball there. */
static int place_ball(arena *s, pg_rng *rng, int i)
{
    eo_box *b = &s->boxes[i];
    for (int tries = 0; tries < 4000; tries++) {
        int clear = 1;
        b->x = (eo_coord)pg_rng_range(rng, TILE + 2, ARENA_W - TILE - BALL - 2);
        b->y = (eo_coord)pg_rng_range(rng, TILE + 2, LOOP_Y0 - BALL - 24);
        b->w = b->h = BALL;
        for (int k = PLATFORM; k < i && clear; k++) clear = !eo_aabb_overlap(b, &s->boxes[k]);
        if (clear && !box_in_tiles(&s->map, b)) return 1;
    }
    return 0;
}

static int32_t random_speed(pg_rng *rng)
{
    int32_t v = pg_rng_range(rng, BALL_MIN_V, BALL_MAX_V);
    return (pg_rng_next(rng) & 1u) ? v : -v;
}

static void *create(const pg_config *cfg, char *err, size_t err_size)
{
    arena *s = (arena *)calloc(1, sizeof *s);
    eo_sectors_config gc;
    pg_rng rng;
    size_t need;
    eo_result r;
    int i;
    if (!s) { SDL_snprintf(err, err_size, "arena: out of memory"); return NULL; }
    s->balls = cfg->count;
    s->n = FIRST_BALL + s->balls;
    s->pair_capacity = (uint32_t)(CONTACTS * (s->balls + 2) + 64);   /* every contact of every move */
    s->boxes = (eo_box *)calloc((size_t)s->n, sizeof *s->boxes);
    s->last = (eo_box *)calloc((size_t)s->n, sizeof *s->last);
    s->layers = (eo_broadphase_layer *)calloc((size_t)s->n, sizeof *s->layers);
    s->mv = (mover *)calloc((size_t)s->n, sizeof *s->mv);
    s->flash = (int32_t *)calloc((size_t)s->n, sizeof *s->flash);
    s->near = (eo_move_near *)calloc((size_t)s->n, sizeof *s->near);
    for (i = 0; i < 2; i++) s->pairs[i] = (eo_pair *)calloc(s->pair_capacity, sizeof(eo_pair));
    s->began = (eo_pair *)calloc(s->pair_capacity, sizeof(eo_pair));
    s->ended = (eo_pair *)calloc(s->pair_capacity, sizeof(eo_pair));
    s->found = (eo_pair *)calloc((size_t)s->balls, sizeof(eo_pair));
    memset(&gc, 0, sizeof gc);
    gc.world_w = ARENA_W, gc.world_h = ARENA_H, gc.cols = ARENA_W / 64, gc.rows = ARENA_H / 64;
    gc.max_objects = (eo_index)s->n;
    need = eo_sectors_storage_size(&gc);
    s->grid_storage = need ? malloc(need) : NULL;
    if (!s->boxes || !s->last || !s->layers || !s->mv || !s->flash || !s->near || !s->pairs[0] || !s->pairs[1] ||
        !s->began || !s->ended || !s->found || !s->grid_storage) {
        SDL_snprintf(err, err_size, "arena: out of memory for %d balls", s->balls);
        destroy(s);
        return NULL;
    }
    for (i = 0; i < COLS * ROWS; i++) s->cells[i] = (uint8_t)level[i / COLS][i % COLS];
    s->attrs['#'] = EO_TILES_SOLID;
    s->map.cells = s->cells, s->map.attrs = s->attrs;
    s->map.width = COLS, s->map.height = ROWS, s->map.tile_shift = SHIFT;   /* outside: solid */
    pg_rng_seed(&rng, cfg->seed);
    s->boxes[PLAYER] = (eo_box){ 40, ARENA_H - TILE - PLAYER_H, PLAYER_W, PLAYER_H };
    s->mv[PLAYER].vy = GROUND_V;
    platform_at(0, &s->boxes[PLATFORM]);
    for (i = 0; i < CRATES; i++) s->boxes[FIRST_CRATE + i] = crates[i];
    for (i = FIRST_BALL; i < s->n; i++) {
        if (!place_ball(s, &rng, i)) {
            SDL_snprintf(err, err_size, "arena: no room for ball %d of %d", i - FIRST_BALL + 1, s->balls);
            destroy(s);
            return NULL;
        }
        s->mv[i].vx = random_speed(&rng), s->mv[i].vy = random_speed(&rng);
    }
    for (i = 0; i < s->n; i++) {
        uint16_t cat = i == PLAYER ? CAT_PLAYER : i == PLATFORM ? CAT_PLATFORM : i < FIRST_BALL ? CAT_CRATE : CAT_BALL;
        s->layers[i].category = cat, s->layers[i].collides_with = 0xFFFF;
        s->last[i] = s->boxes[i];
        s->flash[i] = -FLASH;
    }
    r = eo_tiles_prepare(&s->map);
    if (r == EO_OK) r = eo_sectors_init(&s->grid, &gc, s->grid_storage, need);
    if (r == EO_OK) r = eo_sectors_build(&s->grid, s->boxes, (eo_index)s->n, NULL, NULL);
    if (r != EO_OK) {
        SDL_snprintf(err, err_size, "arena: %s (%s)", pg_result_words(r), eo_result_name(r));
        destroy(s);
        return NULL;
    }
    return s;
}

/* ---- step: logic only ---------------------------------------------------------------------- */

/* floor(v / 16) for any v: whole pixels of a 1/16 px amount. */
static int32_t whole_px(int32_t v) { return v >= 0 ? v / 16 : -((15 - v) / 16); }

/* Adds v (1/16 px) to the remainder *f and returns the whole pixels to move now. */
static eo_coord advance(int32_t *f, int32_t v)
{
    int32_t sum = *f + v, px = whole_px(sum);
    *f = sum - px * 16;
    return (eo_coord)px;
}

static int32_t iabs(int32_t v) { return v < 0 ? -v : v; }

/* The player's response to box `other`: the chosen one for crates, stand on the platform, pass
   through balls (they bounce off him). */
static uint8_t player_filter(void *user, eo_index other)
{
    const arena *s = (const arena *)user;
    if (other == PLATFORM) return EO_MOVE_SLIDE;
    if (other < FIRST_BALL) return responses[s->response];
    return EO_MOVE_CROSS;
}

/* A ball bounces off everything. */
static uint8_t ball_filter(void *user, eo_index other)
{
    (void)user, (void)other;
    return EO_MOVE_BOUNCE;
}

/* A ball pushed out of the platform slides along whatever stops the push. */
static uint8_t pushed_filter(void *user, eo_index other)
{
    (void)user, (void)other;
    return EO_MOVE_SLIDE;
}

typedef struct frame_work {
    pg_stats *stats;
    uint32_t near;              /* boxes read near the moves (the stats' candidates) */
    uint32_t box_contacts;
} frame_work;

/* One eo_move of box i through everything else, its contacts kept as this frame's pairs; then
   the grid learns where it went. Returns the contacts (up to CONTACTS) in *c, their number. */
static int move_box(arena *s, frame_work *w, int i, eo_coord dx, eo_coord dy, eo_move_filter filter,
                    uint8_t tile_response, eo_move_contact *c, eo_move_result *res)
{
    eo_move_world world;
    eo_result r;
    int k, kept;
    memset(&world, 0, sizeof world);
    world.boxes = s->boxes, world.count = (eo_index)s->n, world.self = (eo_index)i, world.grid = &s->grid;
    world.filter = filter, world.filter_user = s;
    world.map = &s->map;
    world.tile_response = tile_response;
    world.near = s->near, world.near_capacity = (eo_index)s->n;
    memset(res, 0, sizeof *res);
    if (dx == 0 && dy == 0) return 0;
    r = eo_move(&world, &s->boxes[i], dx, dy, c, CONTACTS, res, NULL);
    if (r != EO_OK && r != EO_ERR_BUFFER_TOO_SMALL) { pg_stats_error(w->stats, "eo_move", r); return 0; }
    /* past CONTACTS the move is done and the first CONTACTS are kept: enough for the events */
    kept = res->contact_count < CONTACTS ? res->contact_count : CONTACTS;
    w->near += res->near_count;
    s->contacts += res->contact_count;
    for (k = 0; k < kept; k++) {
        eo_pair *p;
        if (c[k].other == EO_MOVE_TILE || s->pair_count[s->now] >= s->pair_capacity) continue;
        p = &s->pairs[s->now][s->pair_count[s->now]++];
        p->a = (eo_index)i < c[k].other ? (eo_index)i : c[k].other;
        p->b = (eo_index)i < c[k].other ? c[k].other : (eo_index)i;
        w->box_contacts++;
    }
    r = eo_sectors_update_one(&s->grid, s->boxes, (eo_index)s->n, (eo_index)i, NULL, NULL);
    if (r != EO_OK) pg_stats_error(w->stats, "eo_sectors_update_one", r);
    return kept;
}

/* The platform goes on round its loop; whoever stands on it goes with it, and whoever it runs
   into is pushed out of it (eo_contact_push_boxes), each by eo_move so no wall is crossed: the
   player, and the balls it overlaps now (the pairs between the balls and it), which fly off it. */
static void move_platform(arena *s, frame_work *w)
{
    eo_box *pl = &s->boxes[PLATFORM], *p = &s->boxes[PLAYER], was = *pl;
    eo_move_contact c[CONTACTS];
    eo_move_result res;
    eo_contact_push push;
    int riding = p->y + p->h == pl->y && p->x < pl->x + pl->w && pl->x < p->x + p->w && s->mv[PLAYER].vy >= 0;
    uint32_t count = 0, k;
    eo_result r;
    platform_at(s->frame + 1, pl);
    r = eo_sectors_update_one(&s->grid, s->boxes, (eo_index)s->n, PLATFORM, NULL, NULL);
    if (r != EO_OK) pg_stats_error(w->stats, "eo_sectors_update_one", r);
    if (riding) {
        move_box(s, w, PLAYER, (eo_coord)(pl->x - was.x), (eo_coord)(pl->y - was.y), player_filter, EO_MOVE_SLIDE, c, &res);
    } else if (eo_contact_push_boxes(p, pl, &push, NULL) == EO_OK && push.overlap) {
        move_box(s, w, PLAYER, push.x, push.y, player_filter, EO_MOVE_SLIDE, c, &res);
        s->pushes++;
    }
    r = eo_sectors_find_pairs_between(&s->grid, s->boxes, s->layers, CAT_BALL, CAT_PLATFORM, s->found,
                                      (uint32_t)s->balls, &count, NULL, NULL);
    if (r != EO_OK) { pg_stats_error(w->stats, "eo_sectors_find_pairs_between", r); return; }
    for (k = 0; k < count; k++) {
        int ball = (int)s->found[k].a;
        mover *m = &s->mv[ball];
        if (eo_contact_push_boxes(&s->boxes[ball], pl, &push, NULL) != EO_OK || !push.overlap) continue;
        move_box(s, w, ball, push.x, push.y, pushed_filter, EO_MOVE_SLIDE, c, &res);
        if (push.x) m->vx = push.x > 0 ? iabs(m->vx) : -iabs(m->vx);
        if (push.y) m->vy = push.y > 0 ? iabs(m->vy) : -iabs(m->vy);
        s->pushes++;
    }
}

/* Out of the crates the player is inside (after crossing them, and X switched to a response
   that stops him): the pairs between him and the crates, then one push out of all of them. */
static void push_out_of_crates(arena *s, frame_work *w)
{
    eo_pair found[EO_CONTACT_MAX_PUSH_BOXES];
    eo_box inside[EO_CONTACT_MAX_PUSH_BOXES];
    eo_move_contact c[CONTACTS];
    eo_move_result res;
    eo_contact_push push;
    uint32_t count = 0, k;
    eo_result r = eo_sectors_find_pairs_between(&s->grid, s->boxes, s->layers, CAT_CRATE, CAT_PLAYER, found,
                                                EO_CONTACT_MAX_PUSH_BOXES, &count, NULL, NULL);
    if (r != EO_OK && r != EO_ERR_BUFFER_TOO_SMALL) { pg_stats_error(w->stats, "eo_sectors_find_pairs_between", r); return; }
    if (count == 0) return;
    if (count > EO_CONTACT_MAX_PUSH_BOXES) count = EO_CONTACT_MAX_PUSH_BOXES;
    for (k = 0; k < count; k++) inside[k] = s->boxes[found[k].a];
    r = eo_contact_push_out(&s->boxes[PLAYER], inside, (uint16_t)count, &push, NULL);
    if (r != EO_OK) { pg_stats_error(w->stats, "eo_contact_push_out", r); return; }
    if (push.overlap) move_box(s, w, PLAYER, push.x, push.y, player_filter, EO_MOVE_SLIDE, c, &res), s->pushes++;
}

static void move_player(arena *s, frame_work *w, const pg_input *in)
{
    mover *m = &s->mv[PLAYER];
    eo_move_contact c[CONTACTS];
    eo_move_result res;
    uint32_t b = in ? in->buttons : 0, pressed = in ? in->pressed : 0;
    int32_t want = ((b & PG_BTN_RIGHT) ? 1 : 0) - ((b & PG_BTN_LEFT) ? 1 : 0);
    int k, kept;
    if (s->knock > 0) s->knock--;
    else m->vx = want * WALK_V;
    if (s->on_ground && (pressed & (PG_BTN_JUMP | PG_BTN_UP))) m->vy = -JUMP_V, m->fy = 0;
    m->vy = m->vy + GRAVITY > MAX_FALL ? MAX_FALL : m->vy + GRAVITY;
    kept = move_box(s, w, PLAYER, advance(&m->fx, m->vx), advance(&m->fy, m->vy), player_filter, EO_MOVE_SLIDE, c, &res);
    s->on_ground = (res.hit & EO_HIT_BOTTOM) != 0;
    if (s->on_ground) m->vy = GROUND_V, m->fy = 0;   /* pressed to the ground: it is met every frame */
    if ((res.hit & EO_HIT_TOP) && m->vy < 0) m->vy = 0, m->fy = 0;
    if (res.hit & (EO_HIT_LEFT | EO_HIT_RIGHT)) m->fx = 0;
    for (k = 0; k < kept; k++) {                     /* bounced off a crate: thrown back, losing half */
        if (c[k].response != EO_MOVE_BOUNCE || c[k].face == 0) continue;
        if (c[k].nx) m->vx = c[k].nx * iabs(m->vx), s->knock = KNOCK;
        if (c[k].ny) m->vy = c[k].ny * iabs(m->vy) / 2, s->on_ground = 0;
    }
    if (responses[s->response] == EO_MOVE_SLIDE || responses[s->response] == EO_MOVE_TOUCH ||
        responses[s->response] == EO_MOVE_BOUNCE)
        push_out_of_crates(s, w);
}

/* Each ball in turn, against everything where it is now (the balls before it have moved). A
   bounce sends the ball's velocity away from the side it met: the last contact on each axis. */
static void move_balls(arena *s, frame_work *w)
{
    eo_move_contact c[CONTACTS];
    eo_move_result res;
    for (int i = FIRST_BALL; i < s->n; i++) {
        mover *m = &s->mv[i];
        int kept = move_box(s, w, i, advance(&m->fx, m->vx), advance(&m->fy, m->vy), ball_filter, EO_MOVE_BOUNCE, c, &res);
        for (int k = 0; k < kept; k++) {
            if (c[k].face == 0) continue;   /* overlapping at the start (the player walked into it) */
            if (c[k].nx) m->vx = c[k].nx * iabs(m->vx);
            if (c[k].ny) m->vy = c[k].ny * iabs(m->vy);
        }
    }
}

/* This frame's contact pairs against last frame's: which began, which ended (events.h). */
static void find_events(arena *s, frame_work *w)
{
    eo_pair_list began = { s->began, s->pair_capacity, 0 }, ended = { s->ended, s->pair_capacity, 0 };
    eo_pair_list stayed = { NULL, 0, 0 };
    uint32_t kept = 0, k;
    int before = 1 - s->now;
    eo_result r = eo_pairs_sort(s->pairs[s->now], s->pair_count[s->now], &kept);
    if (r == EO_OK) {
        s->pair_count[s->now] = kept;
        r = eo_pairs_events(s->pairs[before], s->pair_count[before], s->pairs[s->now], kept, &began, &stayed, &ended);
    }
    if (r != EO_OK && r != EO_ERR_BUFFER_TOO_SMALL) pg_stats_error(w->stats, "eo_pairs_events", r);
    s->began_count = began.count, s->ended_count = ended.count, s->stayed_count = stayed.count;
    s->began_total += began.count, s->ended_total += ended.count;
    for (k = 0; k < began.count && k < began.capacity; k++) s->flash[s->began[k].a] = s->flash[s->began[k].b] = s->frame;
    s->now = before;                                 /* next frame writes over the older list */
    s->pair_count[s->now] = 0;
}

static void step(void *state, const pg_input *in, pg_stats *stats)
{
    arena *s = (arena *)state;
    pg_stats local;
    frame_work w;
    double t0, t1, t2, t3;
    if (!stats) { memset(&local, 0, sizeof local); stats = &local; }
    memset(&w, 0, sizeof w);
    w.stats = stats;
    s->contacts = 0;
    memcpy(s->last, s->boxes, (size_t)s->n * sizeof *s->boxes);
    if (in && (in->pressed & PG_BTN_ACTION)) s->response = (s->response + 1) % RESPONSES;
    t0 = pg_now_ms();
    move_platform(s, &w); PG_MARK(stats, "the platform carries the player");
    t1 = pg_now_ms();
    move_player(s, &w, in); PG_MARK(stats, "the player's eo_move");
    t2 = pg_now_ms();
    move_balls(s, &w); PG_MARK(stats, "every ball's eo_move");
    t3 = pg_now_ms();
    find_events(s, &w); PG_MARK(stats, "pairs that began and ended");
    s->frame++;
    pg_stats_phase(stats, "platform", t1 - t0, 1);
    pg_stats_phase(stats, "player", t2 - t1, 1);
    pg_stats_phase(stats, "balls", t3 - t2, 1);
    pg_stats_phase(stats, "events", pg_now_ms() - t3, 1);
    stats->objects = (uint32_t)s->n;
    stats->candidates = w.near;
    stats->box_tests = w.near;         /* each near box is tested once a run of the staircase: at least this */
    stats->hits = w.box_contacts;
    pg_stats_counter(stats, "contacts", s->contacts);
    pg_stats_counter(stats, "began", s->began_count);
    pg_stats_counter(stats, "ended", s->ended_count);
    pg_stats_counter(stats, "touching", s->stayed_count + s->began_count);
    pg_stats_counter(stats, "pushed out", s->pushes);
    pg_stats_counter(stats, "response", (uint32_t)s->response);
    s->shown_phases = stats->phase_count;
    for (int k = 0; k < stats->phase_count; k++) s->shown_name[k] = stats->phase_name[k], s->shown_ms[k] = stats->phase_ms[k];
}

static uint64_t hash(const void *state)
{
    const arena *s = (const arena *)state;
    uint64_t hv = PG_HASH_INIT;
    const int32_t v[] = { s->frame, s->response, s->on_ground, s->knock, (int32_t)s->contacts,
                          (int32_t)s->began_total, (int32_t)s->ended_total, (int32_t)s->pushes };
    const int before = 1 - s->now;
    int i;
    uint32_t k;
    for (i = 0; i < (int)(sizeof v / sizeof v[0]); i++) hv = pg_hash_i32(hv, v[i]);
    for (i = 0; i < s->n; i++) {
        const eo_box *b = &s->boxes[i];
        const mover *m = &s->mv[i];
        const int32_t w[] = { (int32_t)b->x, (int32_t)b->y, m->vx, m->vy, m->fx, m->fy };
        for (int j = 0; j < 6; j++) hv = pg_hash_i32(hv, w[j]);
    }
    for (k = 0; k < s->pair_count[before]; k++)   /* last frame's pairs: the next events depend on them */
        hv = pg_hash_i32(pg_hash_i32(hv, (int32_t)s->pairs[before][k].a), (int32_t)s->pairs[before][k].b);
    return hv;
}

/* ---- draw: SDL only ------------------------------------------------------------------------ */

enum { RGB_BG = 0x14171e, RGB_WALL = 0x3c4456, RGB_WALL_TOP = 0x6a7590, RGB_CRATE = 0x9a6a3a,
       RGB_CRATE_DARK = 0x5e3e1e, RGB_POST = 0xc8ccd8, RGB_PLATFORM = 0x4ccf7a, RGB_PLAYER = 0x4fd8ff,
       RGB_INK = 0xe6e6e6, RGB_DIM = 0x9aa3b5, RGB_ON = 0xffd84a };

static uint32_t ball_rgb(const mover *m)
{
    int32_t v = iabs(m->vx) > iabs(m->vy) ? iabs(m->vx) : iabs(m->vy);
    return v > 480 ? 0xff5a3c : v > 240 ? 0xff9a3c : v > 96 ? 0xffd04a : 0xb8e06a;   /* faster: redder */
}

static void draw_crate(SDL_Renderer *r, const eo_box *b, int flash)
{
    if (b->w <= 4 || b->h <= 4) {                    /* a post or a bar */
        pg_fill_rect(r, b->x, b->y, b->w, b->h, flash ? 0xffffff : RGB_POST, 255);
        return;
    }
    pg_fill_rect(r, b->x, b->y, b->w, b->h, RGB_CRATE_DARK, 255);
    pg_fill_rect(r, b->x + 2, b->y + 2, b->w - 4, b->h - 4, flash ? 0xd8a060 : RGB_CRATE, 255);
    pg_fill_rect(r, b->x + 2, b->y + b->h / 2, b->w - 4, 1, RGB_CRATE_DARK, 255);
}

static void draw_panel(const arena *s, SDL_Renderer *r)
{
    char line[128];
    int x = 24, y = 22, decimals = pg_ms_decimals(1), len = 0;
    SDL_snprintf(line, sizeof line, "contacts %u  began %u  ended %u  touching %u", (unsigned)s->contacts,
                 (unsigned)s->began_count, (unsigned)s->ended_count, (unsigned)(s->stayed_count + s->began_count));
    pg_fill_rect(r, x - 6, y - 5, 396, 30, 0x000000, 170);
    pg_text(r, x, y, line, RGB_INK, 1);
    for (int k = 0; k < s->shown_phases && len < (int)sizeof line - 24; k++)
        len += SDL_snprintf(line + len, sizeof line - (size_t)len, "%s%s %.*f", k ? "  " : "ms: ", s->shown_name[k],
                            decimals, s->shown_ms[k]);
    if (len) pg_text(r, x, y + 12, line, RGB_DIM, 1);
}

/* The strip under the arena: the player's response against crates (X steps through them). */
static void draw_legend(const arena *s, SDL_Renderer *r)
{
    int x = 10, y = ARENA_H + 8;
    pg_fill_rect(r, 0, ARENA_H, PG_VIEW_W, PG_VIEW_H - ARENA_H, 0x0e1015, 255);
    pg_text(r, x, y, "X / Action: player vs crates", RGB_DIM, 1);
    x += pg_text_width("X / Action: player vs crates") + 12;
    for (int k = 0; k < RESPONSES; k++) {
        int w = pg_text_width(response_names[k]);
        if (k == s->response) pg_fill_rect(r, x - 4, y - 3, w + 8, 14, RGB_ON, 255);
        pg_text(r, x, y, response_names[k], k == s->response ? 0x101010 : RGB_INK, 1);
        x += w + 16;
    }
    pg_textf(r, x + 12, y, RGB_DIM, 1, "%d balls, %u began, %u ended so far", s->balls, (unsigned)s->began_total,
             (unsigned)s->ended_total);
}

static void draw(void *state, const pg_draw_ctx *ctx)
{
    const arena *s = (const arena *)state;
    SDL_Renderer *r = ctx->renderer;
    const eo_box *p = &s->boxes[PLAYER], *pl = &s->boxes[PLATFORM];
    int i, row, col;
    pg_fill_rect(r, 0, 0, PG_VIEW_W, ARENA_H, RGB_BG, 255);
    for (row = 0; row < ROWS; row++)
        for (col = 0; col < COLS; col++)
            if (s->attrs[s->cells[row * COLS + col]] == EO_TILES_SOLID) {
                int above = row > 0 && s->attrs[s->cells[(row - 1) * COLS + col]] == EO_TILES_SOLID;
                pg_fill_rect(r, col * TILE, row * TILE, TILE, TILE, RGB_WALL, 255);
                if (!above) pg_fill_rect(r, col * TILE, row * TILE, TILE, 2, RGB_WALL_TOP, 255);
            }
    if (ctx->debug & PG_DEBUG_GRID) {                /* the sectors the moves query */
        for (col = 1; col < s->grid.cfg.cols; col++)
            pg_fill_rect(r, col * (int)s->grid.cell_w, 0, 1, ARENA_H, 0x8fa3c8, 110);
        for (row = 1; row < s->grid.cfg.rows; row++)
            pg_fill_rect(r, 0, row * (int)s->grid.cell_h, ARENA_W, 1, 0x8fa3c8, 110);
    }
    for (i = 0; i < CRATES; i++)
        draw_crate(r, &s->boxes[FIRST_CRATE + i], s->frame - s->flash[FIRST_CRATE + i] < FLASH);
    pg_fill_rect(r, pl->x, pl->y, pl->w, pl->h, RGB_PLATFORM, 255);
    pg_fill_rect(r, pl->x, pl->y, pl->w, 2, 0xb0ffc8, 255);
    for (i = FIRST_BALL; i < s->n; i++) {            /* a trail from where it was, then the ball */
        const eo_box *b = &s->boxes[i], *l = &s->last[i];
        uint32_t rgb = s->frame - s->flash[i] < 2 ? 0xffffff : ball_rgb(&s->mv[i]);
        pg_color(r, ball_rgb(&s->mv[i]), 70);
        SDL_RenderDrawLine(r, l->x + BALL / 2, l->y + BALL / 2, b->x + BALL / 2, b->y + BALL / 2);
        pg_fill_rect(r, b->x + 2, b->y, BALL - 4, BALL, rgb, 255);
        pg_fill_rect(r, b->x, b->y + 2, BALL, BALL - 4, rgb, 255);
        pg_fill_rect(r, b->x + 1, b->y + 1, BALL - 2, BALL - 2, rgb, 255);
    }
    pg_fill_rect(r, p->x, p->y, p->w, p->h, s->frame - s->flash[PLAYER] < 3 ? 0xffffff : RGB_PLAYER, 255);
    pg_fill_rect(r, p->x + (s->mv[PLAYER].vx < 0 ? 2 : 7), p->y + 4, 3, 3, 0x102030, 255);
    if (ctx->debug & PG_DEBUG_BOXES)
        for (i = 0; i < s->n; i++) pg_outline_rect(r, s->boxes[i].x - 1, s->boxes[i].y - 1, s->boxes[i].w + 2,
                                                   s->boxes[i].h + 2, i < FIRST_BALL ? 0xffffff : 0xff7070, 200);
    if (ctx->debug & PG_DEBUG_PROBES)                 /* this frame's pairs that began, joined */
        for (uint32_t k = 0; k < s->began_count && k < s->pair_capacity; k++) {
            const eo_box *a = &s->boxes[s->began[k].a], *b = &s->boxes[s->began[k].b];
            pg_color(r, 0xffffff, 255);
            SDL_RenderDrawLine(r, a->x + a->w / 2, a->y + a->h / 2, b->x + b->w / 2, b->y + b->h / 2);
            pg_outline_rect(r, a->x - 3, a->y - 3, a->w + 6, a->h + 6, RGB_ON, 255);
        }
    draw_panel(s, r);
    draw_legend(s, r);
}

#ifdef PG_TESTING
/* For tests/playground/test_scene_arena.c: read-only views, and a place to start from. */
void pg_arena_boxes(const void *state, const eo_box **boxes, int *count, int *first_crate, int *first_ball);
const eo_tiles_map *pg_arena_map(const void *state);
int pg_arena_response(const void *state);
void pg_arena_velocity(const void *state, int i, int32_t *vx, int32_t *vy);
void pg_arena_place(void *state, int i, eo_coord x, eo_coord y, int32_t vx, int32_t vy);
uint32_t pg_arena_began(const void *state, const eo_pair **pairs);
uint32_t pg_arena_ended(const void *state, const eo_pair **pairs);

void pg_arena_boxes(const void *state, const eo_box **boxes, int *count, int *first_crate, int *first_ball)
{
    const arena *s = (const arena *)state;
    *boxes = s->boxes, *count = s->n, *first_crate = FIRST_CRATE, *first_ball = FIRST_BALL;
}
const eo_tiles_map *pg_arena_map(const void *state) { return &((const arena *)state)->map; }
int pg_arena_response(const void *state) { return responses[((const arena *)state)->response]; }
void pg_arena_velocity(const void *state, int i, int32_t *vx, int32_t *vy)
{
    *vx = ((const arena *)state)->mv[i].vx, *vy = ((const arena *)state)->mv[i].vy;
}
/* Puts box i (the player or a ball) at (x, y) with velocity (vx, vy), no remainder; the grid
   follows. The player starts in the air (he lands on the next frame that meets the ground). */
void pg_arena_place(void *state, int i, eo_coord x, eo_coord y, int32_t vx, int32_t vy)
{
    arena *s = (arena *)state;
    s->boxes[i].x = x, s->boxes[i].y = y;
    s->mv[i].vx = vx, s->mv[i].vy = vy, s->mv[i].fx = s->mv[i].fy = 0;
    if (i == PLAYER) s->on_ground = 0, s->knock = 0;
    eo_sectors_update_one(&s->grid, s->boxes, (eo_index)s->n, (eo_index)i, NULL, NULL);
}
uint32_t pg_arena_began(const void *state, const eo_pair **pairs)
{
    *pairs = ((const arena *)state)->began;
    return ((const arena *)state)->began_count;
}
uint32_t pg_arena_ended(const void *state, const eo_pair **pairs)
{
    *pairs = ((const arena *)state)->ended;
    return ((const arena *)state)->ended_count;
}
#endif

const pg_scene pg_scene_arena = {
    .id = "arena",
    .title = "Arena",
    .source = "scene_arena.c",
    .about = "Moving without tunnelling: a player slides along walls and crates, balls bounce at up to 40 px a "
             "frame and never pass through a 2 px post, and a platform carries the player; each is one eo_move.",
    .keys = "arrows: walk  space / Z / up: jump  X (Action): the player's response to crates",
    .buttons = PG_BTN_LEFT | PG_BTN_RIGHT | PG_BTN_UP | PG_BTN_JUMP | PG_BTN_ACTION,
    .min_count = 8,
    .max_count = 200,
    .default_count = 48,
    .count_step = 8,
    .create = create,
    .destroy = destroy,
    .step = step,
    .draw = draw,
    .hash = hash,
};
