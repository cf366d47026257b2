/* playground/scene_warzone.c: the GameDev.net article's battle, scaled up. Two armies in rows of
   soldiers (red on the left, blue on the right) fill the world, each a block a third of its width
   with no man's land between, and shoot across; every frame the shared broadphase (broadphase.h)
   finds which bullets hit which soldiers, by the method chosen with M. Layers keep the work down:
   bullets only ever meet enemy soldiers (no friendly fire), bullets never test bullets and
   soldiers never test soldiers. The world grows with the count (its aspect the canvas's), so the
   whole battle is always on screen.

   The armies' rows are staggered by half a row, so most shots fly down the lanes between the
   enemy's rows and are recycled past the far edge of its formation; a few are aimed into a rank
   and enter it somewhere in the enemy block. A hit soldier falls, lies there a while, and a
   replacement runs up from the rear to its slot; the bullet returns to the pool.

   Objects: soldiers first (even index red, odd blue, so neither side is served first when the
   bullet pool runs dry), then the bullet pool. Positions are 1/256 px in int32. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broadphase.h"

enum { RED = 0, BLUE = 1 };
enum { CAT_RED_SOLDIER = 1, CAT_BLUE_SOLDIER = 2, CAT_RED_BULLET = 4, CAT_BLUE_BULLET = 8 };
enum { SOLDIER_W = 8, SOLDIER_H = 12, BULLET_W = 4, BULLET_H = 2, FP = 256, MAX_CANDIDATES = 512 };
enum { FLASH_FRAMES = 10, VIEW_H = 540 };
enum { KILL_PERIOD = 600, BUSY = 55 };   /* a soldier is hit every ~600 frames; ~55% of the pool flies */

/* ======== state + create / destroy ======== */

typedef struct soldier {       /* all int32: hashed as bytes, no padding */
    int32_t x, y, slot_x, slot_y;   /* 1/256 px; the slot: its place in the ranks */
    int32_t speed, team, alive;     /* run speed, 1/256 px per frame */
    int32_t cooldown, respawn;      /* frames until it may fire / comes back (when dead) */
    int32_t died_frame, fired_frame;   /* for the hit flash and the muzzle flash */
} soldier;

typedef struct bullet { int32_t x, y, vx, vy, team, live; } bullet;   /* 1/256 px (per frame) */

typedef struct wz_state {
    int method, n, soldiers, bullets;
    int world_w, world_h;      /* px; 16:9 like the 960x540 view */
    int rows, cols, dx, dy;    /* each army: rows x cols slots, dx x dy px apart */
    int rear, front;           /* red's block spans x rear .. front; blue's mirrors it */
    int reload;                /* mean frames between shots: keeps the bullet pool nearly busy */
    int wild;                  /* shots in 1000 aimed into a rank: sets the kill rate */
    pg_rng rng;
    int32_t frame;
    int32_t kills[2];          /* kills[RED]: blue soldiers shot by red */
    soldier *sol;
    bullet *bul;
    int32_t *free_list;        /* free bullet indices (a stack) */
    int32_t free_count;
    eo_box *boxes;             /* what the broadphase saw this frame */
    eo_broadphase_layer *layers;
    pg_broadphase bp;
    /* not hashed: the pointer's selection, its candidates, drawing buffers */
    int selected;
    int32_t *cand;
    int cand_count, cand_total;
    SDL_Rect *rects;
    int view_x, view_y, view_w, view_h;   /* where the world is drawn */
} wz_state;

static int isqrt(int v) { int r = 0; while ((r + 1) * (r + 1) <= v) r++; return r; }

static void wz_destroy(void *state)
{
    wz_state *s = state;
    if (!s) return;
    pg_broadphase_free(&s->bp);
    free(s->sol); free(s->bul); free(s->free_list); free(s->boxes); free(s->layers); free(s->cand); free(s->rects);
    free(s);
}

/* The world from the count: each army rows x cols slots of at least 16 x 24 px (a soldier and a
   lane for the enemy's bullets), its block 32% of the width and 90% of the height. */
static void world_size(int soldiers, int *rows, int *cols, int *world_w, int *world_h)
{
    int per_army = soldiers / 2, w, h;
    *rows = isqrt(per_army);
    if (*rows * *rows < per_army) (*rows)++;
    *cols = (per_army + *rows - 1) / *rows;
    w = *cols * 50;                                 /* cols * 16 px / 32% */
    h = (*rows * 24 + 12) * 1600 / 810;             /* (rows + 1/2) * 24 px / 90%, as a 16:9 width */
    w = w > h ? w : h;
    w = w < 320 ? 320 : w;                          /* drawn 3x at most on the 960 px view */
    *world_w = (w + 15) & ~15;
    *world_h = *world_w * 9 / 16;
}

static int soldiers_of(int n) { return (n * 15 / 100) & ~1; }

static void layout(wz_state *s)
{
    world_size(s->soldiers, &s->rows, &s->cols, &s->world_w, &s->world_h);
    s->dx = s->world_w * 32 / 100 / s->cols;
    s->dy = s->world_h * 9 / 10 * 2 / (2 * s->rows + 1);
    s->rear = s->world_w / 32;
    s->front = s->rear + s->cols * s->dx;
}

/* The cells the chosen broadphase can lay over this count's world (none for brute force and sort
   and sweep). */
static uint32_t wz_cells(const pg_config *cfg)
{
    int rows, cols, w, h;
    world_size(soldiers_of(cfg->count), &rows, &cols, &w, &h);
    return pg_broadphase_cells(cfg->method, cfg->count, w, h);
}

static void *wz_create(const pg_config *cfg, char *err, size_t err_size)
{
    wz_state *s;
    int n = cfg->count, top;
    if (n < 14 || n > 65535) {   /* 2 soldiers at least; uint16 indices (and a world < 4000 px) */
        snprintf(err, err_size, "war zone: %d objects is out of range", n);
        return NULL;
    }
    if (!(s = calloc(1, sizeof *s))) { snprintf(err, err_size, "out of memory"); return NULL; }
    s->method = cfg->method;
    s->n = n;
    s->soldiers = soldiers_of(n);
    s->bullets = n - s->soldiers;
    layout(s);
    /* A shot flies ~78% of the width at 5.5 px a frame: shoot often enough to keep BUSY% of the
       pool in the air, and aim as many shots as makes a soldier fall every KILL_PERIOD frames. */
    s->reload = (int)((int64_t)s->world_w * 78 * 2 * s->soldiers / (11 * (int64_t)s->bullets * BUSY));
    if (s->reload < 4) s->reload = 4;
    s->wild = s->reload * 1000 / KILL_PERIOD;
    s->selected = -1;
    pg_rng_seed(&s->rng, cfg->seed);
    s->sol = calloc((size_t)s->soldiers, sizeof *s->sol);
    s->bul = calloc((size_t)s->bullets, sizeof *s->bul);
    s->free_list = calloc((size_t)s->bullets, sizeof *s->free_list);
    s->boxes = calloc((size_t)n, sizeof *s->boxes);
    s->layers = calloc((size_t)n, sizeof *s->layers);
    s->cand = calloc(MAX_CANDIDATES, sizeof *s->cand);
    s->rects = calloc((size_t)n * 3, sizeof *s->rects);
    if (!s->sol || !s->bul || !s->free_list || !s->boxes || !s->layers || !s->cand || !s->rects) {
        snprintf(err, err_size, "out of memory");
        wz_destroy(s);
        return NULL;
    }
    if (!pg_broadphase_init(&s->bp, n, (int16_t)s->world_w, (int16_t)s->world_h, cfg->cell)) {
        snprintf(err, err_size, "war zone: %s", s->bp.error);
        wz_destroy(s);
        return NULL;
    }
    /* Slot k of an army: column k / rows (column 0 is the front line), row k % rows. Blue's rows
       sit half a row lower than red's, so a straight shot flies between the enemy's rows. */
    top = (s->world_h - s->rows * s->dy - s->dy / 2) / 2 + (s->dy - SOLDIER_H) / 2;
    for (int i = 0; i < s->soldiers; i++) {
        soldier *so = &s->sol[i];
        int slot = i / 2, col = slot / s->rows, row = slot % s->rows;
        int tx = s->front - s->dx + (s->dx - SOLDIER_W) / 2 - col * s->dx;   /* red's; blue mirrors */
        int x = tx - pg_rng_range(&s->rng, 0, s->world_w / 16);              /* marching in */
        x = x < 0 ? 0 : x;
        so->team = i & 1;
        so->alive = 1;
        so->slot_x = (so->team == RED ? tx : s->world_w - SOLDIER_W - tx) * FP;
        so->x = (so->team == RED ? x : s->world_w - SOLDIER_W - x) * FP;
        so->y = so->slot_y = (top + row * s->dy + (so->team == BLUE ? s->dy / 2 : 0)) * FP;
        so->speed = pg_rng_range(&s->rng, FP * 2, FP * 4);
        so->cooldown = pg_rng_range(&s->rng, 0, s->reload * 2);
        so->died_frame = so->fired_frame = -1000;
    }
    for (int i = 0; i < s->bullets; i++) s->free_list[i] = s->bullets - 1 - i;   /* pops 0 first */
    s->free_count = s->bullets;
    s->view_x = s->view_y = 0;   /* the whole world on the 960x540 above the legend */
    s->view_w = PG_VIEW_W;
    s->view_h = VIEW_H;
    return s;
}

/* ======== step: logic only ======== */

static int32_t to_px(int32_t v) { return v >= 0 ? v / FP : -((-v + FP - 1) / FP); }

/* By category: each kind meets only the enemy's other kind. Category 0: out of play. */
static const eo_broadphase_layer layer_of[9] = { { 0, 0 }, { CAT_RED_SOLDIER, CAT_BLUE_BULLET }, { CAT_BLUE_SOLDIER, CAT_RED_BULLET },
    { 0, 0 }, { CAT_RED_BULLET, CAT_BLUE_SOLDIER }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { CAT_BLUE_BULLET, CAT_RED_SOLDIER } };

/* A straight shot along the shooter's row (a lane of the enemy's); a wild one (s->wild in 1000)
   drifts half a row by the time it is `dist` px on, somewhere in the enemy block, and hits there. */
static void fire(wz_state *s, soldier *so)
{
    bullet *b;
    int32_t speed, sx = to_px(so->x), mirror, dist;
    if (s->free_count == 0) return;           /* pool dry: try again next frame */
    b = &s->bul[s->free_list[--s->free_count]];
    speed = pg_rng_range(&s->rng, 3 * FP, 8 * FP);
    b->team = so->team, b->live = 1;
    b->vx = so->team == RED ? speed : -speed;
    b->vy = 0;
    b->x = so->team == RED ? so->x + SOLDIER_W * FP : so->x - BULLET_W * FP;
    b->y = so->y + (5 + pg_rng_range(&s->rng, -2, 2)) * FP;
    if (pg_rng_range(&s->rng, 0, 999) < s->wild) {
        mirror = so->team == RED ? sx : s->world_w - SOLDIER_W - sx;     /* as if red */
        dist = s->world_w - s->front - mirror - SOLDIER_W + pg_rng_range(&s->rng, 0, s->cols * s->dx);
        b->vy = speed * (s->dy / 2 - 3) / (dist < 16 ? 16 : dist) * (pg_rng_range(&s->rng, 0, 1) ? 1 : -1);
    }
    so->cooldown = pg_rng_range(&s->rng, s->reload / 2, s->reload * 3 / 2);
    so->fired_frame = s->frame;
}

static void recycle(wz_state *s, int i) { s->bul[i].live = 0; s->free_list[s->free_count++] = i; }

static void move_all(wz_state *s)
{
    for (int i = 0; i < s->bullets; i++) {     /* gone past the enemy's rear rank: back to the pool */
        bullet *b = &s->bul[i];
        int32_t x, y;
        if (!b->live) continue;
        b->x += b->vx;
        b->y += b->vy;
        x = to_px(b->x), y = to_px(b->y);      /* on the box the broadphase sees */
        if (x >= s->world_w - s->rear || x + BULLET_W <= s->rear || y >= s->world_h || y + BULLET_H <= 0) recycle(s, i);
    }
    for (int i = 0; i < s->soldiers; i++) {
        soldier *so = &s->sol[i];
        if (!so->alive) {
            int x;
            if (--so->respawn > 0) continue;
            so->alive = 1;                     /* a replacement runs up from the rear */
            x = s->rear - SOLDIER_W - pg_rng_range(&s->rng, 0, s->dx);
            x = x < 0 ? 0 : x;
            so->x = (so->team == RED ? x : s->world_w - SOLDIER_W - x) * FP;
            so->cooldown = pg_rng_range(&s->rng, 0, s->reload);
        }
        if (so->x < so->slot_x) so->x = so->x + so->speed < so->slot_x ? so->x + so->speed : so->slot_x;
        else if (so->x > so->slot_x) so->x = so->x - so->speed > so->slot_x ? so->x - so->speed : so->slot_x;
        if (so->cooldown > 0) so->cooldown--;
        else fire(s, so);
    }
    /* What the broadphase sees: the dead and the unfired are empty boxes at the world's right edge,
       where sort and sweep's order keeps them last (at x = 0 every one would be sorted past the
       live boxes, 50 million moves on the first frame at 20,000). */
    for (int i = 0; i < s->n; i++) {
        eo_box *bx = &s->boxes[i];
        int soldier_i = i < s->soldiers;
        const soldier *so = soldier_i ? &s->sol[i] : NULL;
        const bullet *b = soldier_i ? NULL : &s->bul[i - s->soldiers];
        int team = soldier_i ? so->team : b->team;
        bx->x = (int16_t)to_px(soldier_i ? so->x : b->x);
        bx->y = (int16_t)to_px(soldier_i ? so->y : b->y);
        bx->w = soldier_i ? SOLDIER_W : BULLET_W;
        bx->h = soldier_i ? SOLDIER_H : BULLET_H;
        s->layers[i] = layer_of[(soldier_i ? CAT_RED_SOLDIER : CAT_RED_BULLET) << team];
        if (soldier_i ? !so->alive : !b->live) {
            bx->x = (int16_t)s->world_w, bx->y = 0, bx->w = bx->h = 0;
            s->layers[i] = layer_of[0];
        }
    }
}

/* Pairs come sorted (a < b), soldiers before bullets: the same pairs give the same battle. */
static void resolve(wz_state *s)
{
    for (uint32_t k = 0; k < s->bp.pair_count; k++) {
        int a = (int)s->bp.pairs[k].a, b = (int)s->bp.pairs[k].b;
        soldier *so;
        bullet *bu;
        if (a >= s->soldiers || b < s->soldiers) continue;   /* layers make this impossible */
        so = &s->sol[a];
        bu = &s->bul[b - s->soldiers];
        if (!so->alive || !bu->live || so->team == bu->team) continue;   /* already spent */
        so->alive = 0;
        so->respawn = pg_rng_range(&s->rng, 90, 180);
        so->died_frame = s->frame;
        s->kills[bu->team]++;
        recycle(s, b - s->soldiers);
    }
}
/* The objects the current method hands to the exact test with the selected one (not hashed). */
static void find_candidates(wz_state *s)
{
    int sel = s->selected, m = s->method;
    const eo_box *bs = s->boxes;
    eo_sectors_range rs = { 0, 0, 0, 0 }, rj;
    s->cand_count = s->cand_total = 0;
    if (sel < 0 || bs[sel].w <= 0 || (m == PG_METHOD_SECTORS && (!s->bp.grid.built || (int)s->bp.grid.object_count != s->n)))
        return;
    if (m == PG_METHOD_SECTORS) rs = s->bp.grid.ranges[sel];
    for (int j = 0; j < s->n; j++) {
        int ok = 1;                            /* brute force: every pair, layers after the test */
        if (j == sel || bs[j].w <= 0) continue;
        if (m != PG_METHOD_BRUTE && !pg_layers_interact(s->layers, sel, j)) continue;
        if (m == PG_METHOD_SECTORS) {          /* listed in a common sector */
            rj = s->bp.grid.ranges[j];
            ok = rj.col0 <= rs.col1 && rs.col0 <= rj.col1 && rj.row0 <= rs.row1 && rs.row0 <= rj.row1;
        } else if (m == PG_METHOD_GRIDMASK) {  /* the masks share a column and a row */
            ok = eo_gridmask_test(&s->bp.mask_grid, s->bp.masks[sel], s->bp.masks[j], NULL) == EO_GRIDMASK_MAYBE;
        } else if (m == PG_METHOD_SWEEP) {     /* overlapping on the sweep axis (X in broadphase.c) */
            ok = bs[j].x < bs[sel].x + bs[sel].w && bs[sel].x < bs[j].x + bs[j].w;
        }
        if (ok && s->cand_count < MAX_CANDIDATES) s->cand[s->cand_count++] = j;
        s->cand_total += ok;
    }
}

static void select_at(wz_state *s, int px, int py)
{
    int64_t best = -1;
    int wx = (px - s->view_x) * s->world_w / s->view_w, wy = (py - s->view_y) * s->world_h / s->view_h;
    s->selected = -1;
    if (px < s->view_x || py < s->view_y || px >= s->view_x + s->view_w || py >= s->view_y + s->view_h) return;
    for (int i = 0; i < s->n; i++) {
        const eo_box *b = &s->boxes[i];
        int64_t dx = b->x + b->w / 2 - wx, dy = b->y + b->h / 2 - wy;
        if (b->w > 0 && (best < 0 || dx * dx + dy * dy < best)) { best = dx * dx + dy * dy; s->selected = i; }
    }
}

static void wz_step(void *state, const pg_input *in, pg_stats *stats)
{
    wz_state *s = state;
    pg_stats local;
    double t0, t1;
    if (!stats) { memset(&local, 0, sizeof local); stats = &local; }
    s->frame++;
    t0 = pg_now_ms();
    move_all(s);
    pg_stats_phase(stats, "move", pg_now_ms() - t0, 0);
    pg_broadphase_run(&s->bp, s->method, s->boxes, s->layers, s->n, stats); PG_MARK(stats, "which bullets hit which soldiers");
    t1 = pg_now_ms();
    resolve(s);
    pg_stats_phase(stats, "resolve", pg_now_ms() - t1, 0);
    if (in && in->pointer_in && in->pointer_pressed) select_at(s, in->pointer_x, in->pointer_y);
    if (s->selected >= 0 && s->boxes[s->selected].w <= 0) s->selected = -1;   /* it fell or left */
    find_candidates(s);
    stats->objects = (uint32_t)s->n;
    pg_stats_counter(stats, "kills red", (uint32_t)s->kills[RED]);
    pg_stats_counter(stats, "kills blue", (uint32_t)s->kills[BLUE]);
    pg_stats_counter(stats, "bullets live", (uint32_t)(s->bullets - s->free_count));
}

static uint64_t wz_hash(const void *state)
{
    const wz_state *s = state;
    uint64_t h = PG_HASH_INIT;
    h = pg_hash_bytes(pg_hash_bytes(pg_hash_bytes(h, &s->frame, 4), s->kills, 8), &s->rng.s, 4);
    h = pg_hash_bytes(pg_hash_bytes(h, s->sol, (size_t)s->soldiers * sizeof *s->sol), s->bul, (size_t)s->bullets * sizeof *s->bul);
    h = pg_hash_bytes(h, &s->free_count, sizeof s->free_count);
    return pg_hash_bytes(h, s->free_list, (size_t)s->free_count * sizeof *s->free_list);
}

/* ======== draw: SDL only ======== */

static void to_screen(const wz_state *s, int wx, int wy, int *sx, int *sy)
{
    *sx = s->view_x + (int)((int64_t)wx * s->view_w / s->world_w);
    *sy = s->view_y + (int)((int64_t)wy * s->view_h / s->world_h);
}

static SDL_Rect screen_rect(const wz_state *s, const eo_box *b)
{
    SDL_Rect r;
    int x1, y1;
    to_screen(s, b->x, b->y, &r.x, &r.y);
    to_screen(s, b->x + b->w, b->y + b->h, &x1, &y1);
    r.w = x1 - r.x > 2 ? x1 - r.x : 2;         /* soldiers stay visible: 2 px at least */
    r.h = y1 - r.y > 2 ? y1 - r.y : 2;
    return r;
}

/* Sprites: rects in the soldier's 8x12 box (red's, facing right; blue's are mirrored), drawn at
   the view's scale: a little figure when it is 14 px tall or more, a two-tone one down to 5 px,
   else a dot. A fallen soldier lies on its back behind its slot. */
typedef struct part { int8_t x, y, w, h, tone; } part;
enum { T_TEAM, T_DARK, T_SKIN, T_GUN, T_FIRE, TONES };
enum { PAL_LIVE, PAL_FALLEN, PAL_HIT, PALETTES };
static const part FIGURE[3][7] = {   /* standing, then the two strides of a runner */
    { { 2, 0, 4, 1, T_DARK }, { 1, 1, 6, 1, T_DARK }, { 2, 2, 4, 2, T_SKIN }, { 1, 4, 5, 4, T_TEAM },
      { 4, 5, 4, 1, T_GUN }, { 1, 8, 2, 4, T_DARK }, { 4, 8, 2, 4, T_DARK } },
    { { 2, 0, 4, 1, T_DARK }, { 1, 1, 6, 1, T_DARK }, { 2, 2, 4, 2, T_SKIN }, { 1, 4, 5, 4, T_TEAM },
      { 4, 5, 4, 1, T_GUN }, { 0, 8, 2, 4, T_DARK }, { 5, 8, 2, 3, T_DARK } },
    { { 2, 0, 4, 1, T_DARK }, { 1, 1, 6, 1, T_DARK }, { 2, 2, 4, 2, T_SKIN }, { 1, 4, 5, 4, T_TEAM },
      { 4, 5, 4, 1, T_GUN }, { 2, 8, 3, 4, T_DARK }, { 2, 8, 3, 4, T_DARK } } };
static const part SMALL[2] = { { 2, 0, 4, 4, T_SKIN }, { 1, 4, 6, 8, T_TEAM } };
static const part DOT[1] = { { 0, 0, 8, 12, T_TEAM } };
static const part FALLEN[2] = { { -3, 9, 8, 3, T_TEAM }, { -6, 9, 3, 3, T_SKIN } };
static const part MUZZLE = { 8, 4, 2, 3, T_FIRE };
static const uint32_t palette[PALETTES][2][TONES] = {
    { { 0xe8504a, 0x8c2e2a, 0xf0c8a0, 0xaab2c2, 0xfff0a0 }, { 0x4a8ef0, 0x24508f, 0xf0c8a0, 0xaab2c2, 0xfff0a0 } },
    { { 0x6e2c2a, 0, 0x7d6a5c, 0, 0 }, { 0x284876, 0, 0x7d6a5c, 0, 0 } },
    { { 0xffffff, 0, 0, 0, 0 }, { 0xffffff, 0, 0, 0, 0 } } };

static float view_scale(const wz_state *s) { return (float)s->view_w / (float)s->world_w; }

static SDL_Rect place(const wz_state *s, const soldier *so, const part *p, float sc)
{
    SDL_Rect r;
    int ax, ay, px = so->team == RED ? p->x : SOLDIER_W - p->x - p->w, min = sc * SOLDIER_H < 5.0f ? 2 : 1;
    to_screen(s, to_px(so->x), to_px(so->y), &ax, &ay);
    r.x = ax + (int)((float)px * sc + 0.5f);
    r.y = ay + (int)((float)p->y * sc + 0.5f);
    r.w = ax + (int)((float)(px + p->w) * sc + 0.5f) - r.x;
    r.h = ay + (int)((float)(p->y + p->h) * sc + 0.5f) - r.y;
    r.w = r.w < min ? min : r.w;
    r.h = r.h < min ? min : r.h;
    return r;
}

/* The parts soldier i shows in palette pal (0: not shown in it). */
static int sprite_of(const wz_state *s, int i, int pal, uint32_t frame, float sc, const part **parts)
{
    const soldier *so = &s->sol[i];
    int age = s->frame - so->died_frame, hit = !so->alive && age < 3;
    if (pal != (so->alive ? PAL_LIVE : hit ? PAL_HIT : PAL_FALLEN)) return 0;
    if (sc * SOLDIER_H < 5.0f) { *parts = pal == PAL_FALLEN ? NULL : DOT; return pal == PAL_FALLEN ? 0 : 1; }
    if (pal == PAL_FALLEN) { *parts = FALLEN; return sc * SOLDIER_H < 14.0f ? 1 : 2; }
    if (sc * SOLDIER_H < 14.0f) { *parts = SMALL; return 2; }
    *parts = FIGURE[so->x == so->slot_x || !so->alive ? 0 : 1 + (int)(((frame >> 2) + (uint32_t)i) & 1)];
    return 7;
}

static void draw_soldiers(const wz_state *s, SDL_Renderer *r, int pal, uint32_t frame)
{
    float sc = view_scale(s);
    for (int team = 0; team < 2; team++)
        for (int tone = 0; tone < TONES; tone++) {
            int nr = 0;
            for (int i = team; i < s->soldiers; i += 2) {
                const part *parts = NULL;
                int count = sprite_of(s, i, pal, frame, sc, &parts);
                for (int k = 0; k < count; k++)
                    if (parts[k].tone == tone || pal == PAL_HIT) s->rects[nr++] = place(s, &s->sol[i], &parts[k], sc);
                if (pal == PAL_LIVE && tone == T_FIRE && count > 1 && s->frame - s->sol[i].fired_frame < 2)
                    s->rects[nr++] = place(s, &s->sol[i], &MUZZLE, sc);
            }
            pg_color(r, palette[pal][team][tone], 255);
            SDL_RenderFillRects(r, s->rects, nr);
            if (pal == PAL_HIT) break;                 /* all white: one pass */
        }
}

static void draw_ground(const wz_state *s, SDL_Renderer *r)
{
    float sc = view_scale(s);
    int x0, x1, y, y1;
    uint32_t h = 0x9e3779b9u;
    pg_fill_rect(r, s->view_x, s->view_y, s->view_w, s->view_h, 0x1b1f27, 255);
    to_screen(s, s->front, 0, &x0, &y);
    to_screen(s, s->world_w - s->front, 0, &x1, &y);
    pg_fill_rect(r, x0, s->view_y, x1 - x0, s->view_h, 0x22262e, 255);
    for (int k = 0; k < 40; k++) {             /* shell craters in no man's land */
        int cx, cy, size;
        h ^= h << 13, h ^= h >> 17, h ^= h << 5;
        cx = x0 + (int)(h % (uint32_t)(x1 - x0 > 1 ? x1 - x0 : 1));
        cy = s->view_y + (int)((h >> 8) % (uint32_t)s->view_h);
        size = (int)((float)(5 + (h >> 20) % 8) * (sc < 1.5f ? sc : 1.5f)) + 3;   /* a flat ellipse and its lit rim */
        pg_fill_rect(r, cx - size * 2 / 3, cy - size / 3, size * 4 / 3, size * 2 / 3 + 1, 0x181b21, 255);
        pg_fill_rect(r, cx - size, cy - size / 6, size * 2, size / 3 + 1, 0x181b21, 255);
        pg_fill_rect(r, cx - size * 2 / 3, cy + size / 3, size * 4 / 3, 1 + size / 10, 0x2c313b, 255);
    }
    for (int team = 0; team < 2; team++)       /* the ground each rank stands on, and sandbags */
        for (int row = 0; row < s->rows; row++) {
            const soldier *so = &s->sol[row * 2 + team];
            int wx0 = team == RED ? s->rear : s->world_w - s->front, sx0, sx1;
            to_screen(s, wx0, to_px(so->slot_y) + SOLDIER_H - 1, &sx0, &y);
            to_screen(s, wx0 + s->front - s->rear, to_px(so->slot_y) + SOLDIER_H + 2, &sx1, &y1);
            pg_fill_rect(r, sx0, y, sx1 - sx0, y1 - y > 1 ? y1 - y : 1, 0x282d38, 255);
            to_screen(s, team == RED ? s->front - 1 : s->world_w - s->front - 3, to_px(so->slot_y) + 4, &sx0, &y);
            to_screen(s, team == RED ? s->front + 3 : s->world_w - s->front + 1, to_px(so->slot_y) + SOLDIER_H, &sx1, &y1);
            pg_fill_rect(r, sx0, y, sx1 - sx0 > 1 ? sx1 - sx0 : 1, y1 - y, 0x5a5140, 255);
        }
}

/* Debug layers (D), for every method: the grid the method lays over the world (sectors or grid
   masks), and the box of every object in play as the broadphase sees it, with this frame's hits
   in red. */
static void draw_debug(const wz_state *s, SDL_Renderer *r)
{
    int cell = s->method == PG_METHOD_SECTORS ? pg_broadphase_sector_cell(&s->bp)
             : s->method == PG_METHOD_GRIDMASK ? pg_broadphase_mask_cell(&s->bp) : 0;
    int x, y, nr = 0;
    if (cell > 0) {
        pg_color(r, 0x8fa3c8, 140);
        for (int w = cell; w < s->world_w; w += cell) {
            to_screen(s, w, 0, &x, &y);
            SDL_RenderDrawLine(r, x, s->view_y, x, s->view_y + s->view_h - 1);
        }
        for (int h = cell; h < s->world_h; h += cell) {
            to_screen(s, 0, h, &x, &y);
            SDL_RenderDrawLine(r, s->view_x, y, s->view_x + s->view_w - 1, y);
        }
    }
    for (int i = 0; i < s->n; i++)
        if (s->boxes[i].w > 0) s->rects[nr++] = screen_rect(s, &s->boxes[i]);
    pg_color(r, 0xd8e0f0, 170);
    SDL_RenderDrawRects(r, s->rects, nr);
    nr = 0;
    for (uint32_t k = 0; k < s->bp.pair_count; k++) {
        s->rects[nr++] = screen_rect(s, &s->boxes[s->bp.pairs[k].a]);
        s->rects[nr++] = screen_rect(s, &s->boxes[s->bp.pairs[k].b]);
        if (nr + 2 > 3 * s->n) break;
    }
    pg_color(r, 0xff5050, 255);
    SDL_RenderDrawRects(r, s->rects, nr);
}

/* Tracers: a bright head (the bullet) and a dim tail as long as a frame of flight (and a half
   when the view is zoomed in). Thin and short when small, so the soldiers stay readable. */
static void draw_bullets(const wz_state *s, SDL_Renderer *r)
{
    static const uint32_t head_rgb[2] = { 0xffe08a, 0xa8f4ff }, tail_rgb[2] = { 0x8a6432, 0x2e6e7e };
    float sc = view_scale(s), len = sc >= 1.0f ? 1.5f * sc : sc;
    int hw = (int)(4.0f * sc + 0.5f), hh = sc >= 1.5f ? 2 : 1;
    SDL_Rect *heads = s->rects + s->n, *tails = s->rects;
    hw = hw < 2 ? 2 : hw > 8 ? 8 : hw;
    for (int team = 0; team < 2; team++) {
        int nr = 0;
        for (int i = 0; i < s->bullets; i++) {
            const bullet *b = &s->bul[i];
            int hx, hy, tail;
            if (!b->live || b->team != team) continue;
            to_screen(s, to_px(b->x) + (team == RED ? BULLET_W : 0), to_px(b->y), &hx, &hy);
            tail = (int)((float)(b->vx < 0 ? -b->vx : b->vx) * len / FP);
            tail = tail < 1 ? 1 : tail > 30 ? 30 : tail;
            heads[nr].x = team == RED ? hx - hw : hx, heads[nr].y = hy, heads[nr].w = hw, heads[nr].h = hh;
            tails[nr].x = team == RED ? hx - hw - tail : hx + hw, tails[nr].y = hy, tails[nr].w = tail, tails[nr].h = hh;
            nr++;
        }
        pg_color(r, tail_rgb[team], 255);
        SDL_RenderFillRects(r, tails, nr);
        pg_color(r, head_rgb[team], 255);
        SDL_RenderFillRects(r, heads, nr);
    }
}

static void draw_hits(const wz_state *s, SDL_Renderer *r)
{
    float sc = view_scale(s) > 1.0f ? view_scale(s) : 1.0f;
    for (int i = 0; i < s->soldiers; i++) {    /* a spark where a soldier was hit, fading */
        const soldier *so = &s->sol[i];
        int age = s->frame - so->died_frame, x, y, arm, t;
        SDL_Rect q[2];
        if (so->alive || age >= FLASH_FRAMES) continue;
        to_screen(s, to_px(so->x) + SOLDIER_W / 2, to_px(so->y) + SOLDIER_H / 3, &x, &y);
        arm = (int)((float)(3 + age) * sc), t = 1 + (int)sc / 2;
        q[0].x = x - arm, q[0].y = y - t / 2, q[0].w = 2 * arm + 1, q[0].h = t;
        q[1].x = x - t / 2, q[1].y = y - arm * 2 / 3, q[1].w = t, q[1].h = arm * 4 / 3 + 1;
        pg_color(r, 0xffc070, (uint8_t)(255 - age * 255 / FLASH_FRAMES));
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_ADD);   /* a flash lights up what is under it */
        SDL_RenderFillRects(r, q, 2);
        if (age < 4) pg_fill_rect(r, x - t, y - t, 2 * t + 1, 2 * t + 1, 0xffffff, 255);
    }
}

static void draw_selection(const wz_state *s, SDL_Renderer *r)
{
    const int sel = s->selected;
    SDL_Rect a = screen_rect(s, &s->boxes[sel]);
    int cx = a.x + a.w / 2, cy = a.y + a.h / 2, tx, ty = cy - 4, tw;
    char label[96];
    pg_color(r, 0xc8d0e0, 110);
    for (int k = 0; k < s->cand_count; k++) {
        SDL_Rect b = screen_rect(s, &s->boxes[s->cand[k]]);
        SDL_RenderDrawLine(r, cx, cy, b.x + b.w / 2, b.y + b.h / 2);
    }
    for (uint32_t k = 0; k < s->bp.pair_count; k++) {     /* this frame's hits: bright */
        const eo_pair *p = &s->bp.pairs[k];
        if ((int)p->a == sel || (int)p->b == sel) {
            SDL_Rect b = screen_rect(s, &s->boxes[(int)p->a == sel ? (int)p->b : (int)p->a]);
            pg_color(r, 0xffffff, 255);
            SDL_RenderDrawLine(r, cx, cy, b.x + b.w / 2, b.y + b.h / 2);
        }
    }
    pg_outline_rect(r, a.x - 3, a.y - 3, a.w + 6, a.h + 6, 0xffffff, 255);
    snprintf(label, sizeof label, "%s #%d: %d candidates (%s)",
             sel < s->soldiers ? (s->sol[sel].team == RED ? "red soldier" : "blue soldier") : "bullet",
             sel, s->cand_total, pg_method_id(s->method));
    tw = pg_text_width(label);
    tx = cx + 12 + tw < PG_VIEW_W - 4 ? cx + 12 : cx - 12 - tw;
    pg_fill_rect(r, tx - 3, ty - 3, tw + 6, 14, 0x0e1015, 210);
    pg_text(r, tx, ty, label, 0xffffff, 1);
}

/* The legend under the battle: each army's strength (a bar) and kills, then the numbers. */
static void draw_legend(const wz_state *s, SDL_Renderer *r)
{
    int alive[2] = { 0, 0 }, per_army = s->soldiers / 2;
    for (int i = 0; i < s->soldiers; i++) alive[s->sol[i].team] += s->sol[i].alive;
    pg_fill_rect(r, 0, VIEW_H, PG_VIEW_W, PG_VIEW_H - VIEW_H, 0x0e1015, 255);
    pg_fill_rect(r, 0, VIEW_H, PG_VIEW_W, 1, 0x3a404c, 255);
    for (int team = 0; team < 2; team++) {
        int y = VIEW_H + 9 + team * 26, bar = alive[team] * 140 / (per_army > 0 ? per_army : 1);
        uint32_t rgb = palette[PAL_LIVE][team][T_TEAM];
        pg_text(r, 10, y, team == RED ? "RED" : "BLUE", rgb, 2);
        pg_fill_rect(r, 80, y + 1, 142, 14, 0x2a2f3a, 255);
        pg_fill_rect(r, 81, y + 2, bar, 12, rgb, 255);
        pg_textf(r, 232, y + 4, 0xd8dee8, 1, "%d/%d", alive[team], per_army);
        pg_textf(r, 330, y + 4, rgb, 1, "%d kills", s->kills[team]);
    }
    pg_textf(r, 440, VIEW_H + 10, 0x9aa3b5, 1, "%d soldiers, %d/%d bullets live", s->soldiers,
             s->bullets - s->free_count, s->bullets);
    pg_textf(r, 440, VIEW_H + 26, 0x9aa3b5, 1, "world %dx%d, %s", s->world_w, s->world_h, pg_method_title(s->method));
    pg_text(r, 440, VIEW_H + 42, "click: select  D: boxes and grid", 0x8a93a6, 1);
}

static void wz_draw(void *state, const pg_draw_ctx *ctx)
{
    const wz_state *s = state;
    SDL_Renderer *r = ctx->renderer;
    draw_ground(s, r);
    draw_soldiers(s, r, PAL_FALLEN, ctx->frame);
    draw_bullets(s, r);
    draw_soldiers(s, r, PAL_LIVE, ctx->frame);
    draw_soldiers(s, r, PAL_HIT, ctx->frame);
    draw_hits(s, r);
    if (ctx->debug) draw_debug(s, r);
    if (s->selected >= 0) draw_selection(s, r);
    draw_legend(s, r);
}

#ifdef PG_TESTING
/* For tests/playground/test_scene_warzone.c: what the broadphase saw and answered last step, and
   the world: its size and the battle's extent in x (red's rear rank .. blue's). */
void pg_warzone_testing(const void *state, const eo_box **boxes, const eo_broadphase_layer **layers, int *n,
                        int *soldiers, const eo_pair **pairs, uint32_t *pair_count);
void pg_warzone_screen(const void *state, int wx, int wy, int *sx, int *sy);
void pg_warzone_world(const void *state, int *w, int *h, int *battle_x0, int *battle_x1);

void pg_warzone_testing(const void *state, const eo_box **boxes, const eo_broadphase_layer **layers, int *n,
                        int *soldiers, const eo_pair **pairs, uint32_t *pair_count)
{
    const wz_state *s = state;
    *boxes = s->boxes; *layers = s->layers; *n = s->n; *soldiers = s->soldiers;
    *pairs = s->bp.pairs; *pair_count = s->bp.pair_count;
}
void pg_warzone_screen(const void *state, int wx, int wy, int *sx, int *sy)
{
    to_screen(state, wx, wy, sx, sy);
}
void pg_warzone_world(const void *state, int *w, int *h, int *battle_x0, int *battle_x1)
{
    const wz_state *s = state;
    *w = s->world_w; *h = s->world_h; *battle_x0 = s->rear; *battle_x1 = s->world_w - s->rear;
}
#endif

const pg_scene pg_scene_warzone = {
    .id = "warzone",
    .title = "War zone",
    .source = "scene_warzone.c",
    .about = "Two armies in rows trade fire across no man's land; the broadphase finds which bullets hit "
             "which soldiers, with layers so bullets only test enemy soldiers.",
    .keys = "click: select an object and see its candidate pairs",
    .methods = (1u << PG_METHOD_BRUTE) | (1u << PG_METHOD_GRIDMASK) | (1u << PG_METHOD_SECTORS) | (1u << PG_METHOD_SWEEP),
    .default_method = PG_METHOD_SECTORS,
    .min_count = 200,
    .max_count = 20000,
    .default_count = 2000,
    .count_step = 200,
    .method_max_count = { [PG_METHOD_BRUTE] = 4000, [PG_METHOD_GRIDMASK] = 2000 },
    .default_cell = 64,
    .cells = wz_cells,
    .create = wz_create,
    .destroy = wz_destroy,
    .step = wz_step,
    .draw = wz_draw,
    .hash = wz_hash,
};
