/* playground/scene_warzone.c: the GameDev.net article's battle, scaled up. Two armies in rows
   (red on the left, blue on the right) shoot across a wide world; every frame the shared
   broadphase (broadphase.h) finds which bullets hit which soldiers, by the method chosen with M.
   Layers keep the work down: bullets only ever meet enemy soldiers (no friendly fire), bullets
   never test bullets and soldiers never test soldiers. A hit soldier falls, waits, and comes
   back at the rear of its army; the bullet returns to the pool.

   Objects: soldiers first (even index red, odd blue, so neither side is served first when the
   bullet pool runs dry), then the bullet pool. Positions are 1/16 px in int32. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broadphase.h"

enum { RED = 0, BLUE = 1 };
enum { CAT_RED_SOLDIER = 1, CAT_BLUE_SOLDIER = 2, CAT_RED_BULLET = 4, CAT_BLUE_BULLET = 8 };
enum { SOLDIER_W = 8, SOLDIER_H = 12, BULLET_W = 4, BULLET_H = 2, FP = 16, MAX_CANDIDATES = 512 };
enum { FLASH_FRAMES = 10 };

/* ======== state + create / destroy ======== */

typedef struct soldier {       /* all int32: hashed as bytes, no padding */
    int32_t x, y, target_x;    /* 1/16 px; target_x: its slot in the ranks */
    int32_t speed, team, alive;   /* march speed, 1/16 px per frame */
    int32_t cooldown, respawn; /* frames until it may fire / comes back (when dead) */
    int32_t died_frame;        /* for the hit flash */
} soldier;

typedef struct bullet { int32_t x, y, vx, vy, team, live; } bullet;   /* 1/16 px (per frame) */

typedef struct wz_state {
    int method, n, soldiers, bullets;
    int world_w, world_h;      /* px */
    int reload;                /* frames between shots, on average 9/8 of it: a wider world keeps
                                  bullets longer, so soldiers shoot less often and the pool lasts */
    pg_rng rng;
    int32_t frame;
    int32_t kills[2];          /* kills[RED]: blue soldiers shot by red */
    soldier *sol;
    bullet *bul;
    int32_t *free_list;        /* free bullet indices (a stack) */
    int32_t free_count;
    eo_box *boxes;             /* what the broadphase saw this frame */
    eo_layer *layers;
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

static void *wz_create(const pg_config *cfg, char *err, size_t err_size)
{
    wz_state *s;
    int n = cfg->count, per_army, cols, rows, gap, scale;
    if (n < 14 || n > 65535) {   /* 2 soldiers at least; uint16 indices (and a world < 23200 px) */
        snprintf(err, err_size, "war zone: %d objects is out of range", n);
        return NULL;
    }
    if (!(s = calloc(1, sizeof *s))) { snprintf(err, err_size, "out of memory"); return NULL; }
    s->method = cfg->method;
    s->n = n;
    s->soldiers = (n * 15 / 100) & ~1;
    s->bullets = n - s->soldiers;
    scale = isqrt((int)((int64_t)n * 65536 / 2000));   /* the side grows as sqrt(count), in 1/256 */
    s->world_w = ((4096 * scale / 256) + 63) & ~63;
    s->world_h = s->world_w / 2;
    s->reload = 64 * s->world_w / 4096;
    s->selected = -1;
    pg_rng_seed(&s->rng, cfg->seed);
    s->sol = calloc((size_t)s->soldiers, sizeof *s->sol);
    s->bul = calloc((size_t)s->bullets, sizeof *s->bul);
    s->free_list = calloc((size_t)s->bullets, sizeof *s->free_list);
    s->boxes = calloc((size_t)n, sizeof *s->boxes);
    s->layers = calloc((size_t)n, sizeof *s->layers);
    s->cand = calloc(MAX_CANDIDATES, sizeof *s->cand);
    s->rects = calloc((size_t)n, sizeof *s->rects);
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
    /* The ranks: cols deep, rows spread down the world; column 0 is the front line. */
    per_army = s->soldiers / 2;
    cols = isqrt(per_army / 8) + 1;
    rows = (per_army + cols - 1) / cols;
    gap = (s->world_h - 64) / rows;
    for (int i = 0; i < s->soldiers; i++) {
        soldier *so = &s->sol[i];
        int slot = i / 2, col = slot / rows, row = slot % rows;
        int tx = (i & 1) ? s->world_w * 3 / 5 + col * 20 : s->world_w * 2 / 5 - SOLDIER_W - col * 20;
        int x = (i & 1) ? tx + pg_rng_range(&s->rng, 0, s->world_w / 8) : tx - pg_rng_range(&s->rng, 0, s->world_w / 8);
        x = x < 0 ? 0 : x > s->world_w - SOLDIER_W ? s->world_w - SOLDIER_W : x;
        so->team = i & 1;
        so->alive = 1;
        so->target_x = tx * FP;
        so->x = x * FP;
        so->y = (32 + row * gap + (gap - SOLDIER_H) / 2 + pg_rng_range(&s->rng, -4, 4)) * FP;
        so->speed = pg_rng_range(&s->rng, 16, 40);
        so->cooldown = pg_rng_range(&s->rng, 0, s->reload * 2);
        so->died_frame = -1000;
    }
    for (int i = 0; i < s->bullets; i++) s->free_list[i] = s->bullets - 1 - i;   /* pops 0 first */
    s->free_count = s->bullets;
    /* The whole world, scaled to fit the canvas and centred. */
    s->view_w = PG_VIEW_W;
    s->view_h = s->world_h * PG_VIEW_W / s->world_w;
    if (s->view_h > PG_VIEW_H) { s->view_h = PG_VIEW_H; s->view_w = s->world_w * PG_VIEW_H / s->world_h; }
    s->view_x = (PG_VIEW_W - s->view_w) / 2;
    s->view_y = (PG_VIEW_H - s->view_h) / 2;
    return s;
}

/* ======== step: logic only ======== */

static int32_t to_px(int32_t v) { return v >= 0 ? v / FP : -((-v + FP - 1) / FP); }

/* By category: each kind meets only the enemy's other kind. Category 0: out of play. */
static const eo_layer layer_of[9] = { { 0, 0 }, { CAT_RED_SOLDIER, CAT_BLUE_BULLET }, { CAT_BLUE_SOLDIER, CAT_RED_BULLET },
    { 0, 0 }, { CAT_RED_BULLET, CAT_BLUE_SOLDIER }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { CAT_BLUE_BULLET, CAT_RED_SOLDIER } };

static void fire(wz_state *s, soldier *so)
{
    bullet *b;
    if (s->free_count == 0) return;           /* pool dry: try again next frame */
    b = &s->bul[s->free_list[--s->free_count]];
    b->team = so->team, b->live = 1;
    b->vx = pg_rng_range(&s->rng, 3 * FP, 8 * FP) * (so->team == RED ? 1 : -1);
    b->vy = pg_rng_range(&s->rng, -5, 5);
    b->x = so->team == RED ? so->x + SOLDIER_W * FP : so->x - BULLET_W * FP;
    b->y = so->y + 5 * FP;
    so->cooldown = pg_rng_range(&s->rng, s->reload / 4, s->reload * 2);
}

static void recycle(wz_state *s, int i) { s->bul[i].live = 0; s->free_list[s->free_count++] = i; }

static void move_all(wz_state *s)
{
    int32_t ww = s->world_w * FP, wh = s->world_h * FP;
    for (int i = 0; i < s->bullets; i++) {
        bullet *b = &s->bul[i];
        if (!b->live) continue;
        b->x += b->vx;
        b->y += b->vy;
        if (b->x >= ww || b->x + BULLET_W * FP <= 0 || b->y >= wh || b->y + BULLET_H * FP <= 0) recycle(s, i);
    }
    for (int i = 0; i < s->soldiers; i++) {
        soldier *so = &s->sol[i];
        if (!so->alive) {
            if (--so->respawn > 0) continue;
            so->alive = 1;                     /* back in at the rear of its army */
            so->x = (so->team == RED ? pg_rng_range(&s->rng, 0, 24)
                                     : s->world_w - SOLDIER_W - pg_rng_range(&s->rng, 0, 24)) * FP;
            so->cooldown = pg_rng_range(&s->rng, 0, s->reload);
        }
        if (so->x < so->target_x) so->x = so->x + so->speed < so->target_x ? so->x + so->speed : so->target_x;
        else if (so->x > so->target_x) so->x = so->x - so->speed > so->target_x ? so->x - so->speed : so->target_x;
        if (so->cooldown > 0) so->cooldown--;
        else fire(s, so);
    }
    for (int i = 0; i < s->n; i++) {           /* what the broadphase sees: dead = empty box */
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
        if (soldier_i ? !so->alive : !b->live) { bx->x = bx->y = bx->w = bx->h = 0; s->layers[i] = layer_of[0]; }
    }
}

/* Pairs come sorted (a < b), soldiers before bullets: the same pairs give the same battle. */
static void resolve(wz_state *s)
{
    for (uint32_t k = 0; k < s->bp.pair_count; k++) {
        int a = s->bp.pairs[k].a, b = s->bp.pairs[k].b;
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
    eo_sector_range rs = { 0, 0, 0, 0 }, rj;
    s->cand_count = s->cand_total = 0;
    if (sel < 0 || bs[sel].w <= 0 || (m == PG_METHOD_SECTORS && (!s->bp.grid.built || s->bp.grid.object_count != s->n)))
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
    pg_broadphase_run(&s->bp, s->method, s->boxes, s->layers, s->n, stats);
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

static void draw_grid(const wz_state *s, SDL_Renderer *r)
{
    int cell = s->method == PG_METHOD_SECTORS ? pg_broadphase_sector_cell(&s->bp)
             : s->method == PG_METHOD_GRIDMASK ? pg_broadphase_mask_cell(&s->bp) : 0;
    int x, y;
    if (cell <= 0) return;
    pg_color(r, 0x5a6478, 90);
    for (int w = cell; w < s->world_w; w += cell) {
        to_screen(s, w, 0, &x, &y);
        SDL_RenderDrawLine(r, x, s->view_y, x, s->view_y + s->view_h - 1);
    }
    for (int h = cell; h < s->world_h; h += cell) {
        to_screen(s, 0, h, &x, &y);
        SDL_RenderDrawLine(r, s->view_x, y, s->view_x + s->view_w - 1, y);
    }
}

static void draw_selection(const wz_state *s, SDL_Renderer *r)
{
    const int sel = s->selected;
    SDL_Rect a = screen_rect(s, &s->boxes[sel]);
    int cx = a.x + a.w / 2, cy = a.y + a.h / 2, tx = cx + 12, ty = cy - 4;
    pg_color(r, 0xc8d0e0, 110);
    for (int k = 0; k < s->cand_count; k++) {
        SDL_Rect b = screen_rect(s, &s->boxes[s->cand[k]]);
        SDL_RenderDrawLine(r, cx, cy, b.x + b.w / 2, b.y + b.h / 2);
    }
    for (uint32_t k = 0; k < s->bp.pair_count; k++) {     /* this frame's hits: bright */
        const eo_pair *p = &s->bp.pairs[k];
        if (p->a == sel || p->b == sel) {
            SDL_Rect b = screen_rect(s, &s->boxes[p->a == sel ? p->b : p->a]);
            pg_color(r, 0xffffff, 255);
            SDL_RenderDrawLine(r, cx, cy, b.x + b.w / 2, b.y + b.h / 2);
        }
    }
    pg_outline_rect(r, a.x - 3, a.y - 3, a.w + 6, a.h + 6, 0xffffff, 255);
    if (tx > PG_VIEW_W - 260) tx = cx - 272;
    pg_textf(r, tx, ty, 0xffffff, 1, "%s #%d: %d candidates (%s)",
             sel < s->soldiers ? (s->sol[sel].team == RED ? "red soldier" : "blue soldier") : "bullet",
             sel, s->cand_total, pg_method_id(s->method));
}

static void wz_draw(void *state, const pg_draw_ctx *ctx)
{
    const wz_state *s = state;
    SDL_Renderer *r = ctx->renderer;
    SDL_Rect *rs = s->rects;
    int nr;
    pg_fill_rect(r, s->view_x, s->view_y, s->view_w, s->view_h, 0x1c2029, 255);
    pg_fill_rect(r, s->view_x + s->view_w * 2 / 5, s->view_y, s->view_w / 5, s->view_h, 0x222630, 255);
    if (ctx->debug & PG_DEBUG_GRID) draw_grid(s, r);
    for (int team = 0; team < 2; team++) {     /* bullets: short bright streaks behind the head */
        nr = 0;
        for (int i = 0; i < s->bullets; i++) {
            const bullet *b = &s->bul[i];
            int hx, hy, tail;
            if (!b->live || b->team != team) continue;
            to_screen(s, to_px(b->x) + (team == RED ? BULLET_W : 0), to_px(b->y), &hx, &hy);
            tail = (int)((int64_t)3 * (b->vx < 0 ? -b->vx : b->vx) / FP * s->view_w / s->world_w);
            if (tail < 2) tail = 2;
            rs[nr].x = team == RED ? hx - tail : hx, rs[nr].y = hy, rs[nr].w = tail, rs[nr].h = 1;
            nr++;
        }
        pg_color(r, team == RED ? 0xffd36e : 0x8ff6ff, 255);
        SDL_RenderFillRects(r, rs, nr);
    }
    for (int i = 0; i < s->soldiers; i++) {    /* hit flashes where a soldier fell */
        const soldier *so = &s->sol[i];
        int age = s->frame - so->died_frame, x, y, size;
        if (so->alive || age >= FLASH_FRAMES) continue;
        to_screen(s, to_px(so->x) + SOLDIER_W / 2, to_px(so->y) + SOLDIER_H / 2, &x, &y);
        size = 3 + age / 2;
        pg_color(r, 0xffe0a0, (uint8_t)(255 - age * 255 / FLASH_FRAMES));
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_ADD);   /* a flash lights up what is under it */
        rs[0].x = x - size / 2, rs[0].y = y - size / 2, rs[0].w = rs[0].h = size;
        SDL_RenderFillRect(r, &rs[0]);
        if (age < 4) pg_fill_rect(r, x - 1, y - 1, 2, 2, 0xffffff, 255);
    }
    for (int team = 0; team < 2; team++) {
        nr = 0;
        for (int i = team; i < s->soldiers; i += 2)
            if (s->sol[i].alive) rs[nr++] = screen_rect(s, &s->boxes[i]);
        pg_color(r, team == RED ? 0xe8504a : 0x4a8ef0, 255);
        SDL_RenderFillRects(r, rs, nr);
    }
    if (s->selected >= 0) draw_selection(s, r);
    pg_textf(r, PG_VIEW_W - 8 - 16 * 8, 8, 0xe8e8e8, 2, "WAR ZONE");
    pg_textf(r, 8, PG_VIEW_H - 46, 0xe8504a, 2, "red %d", s->kills[RED]);
    pg_textf(r, 8 + 16 * 11, PG_VIEW_H - 46, 0x4a8ef0, 2, "blue %d", s->kills[BLUE]);
    pg_textf(r, 8 + 16 * 23, PG_VIEW_H - 42, 0x9aa3b5, 1, "kills");
    pg_textf(r, 8, PG_VIEW_H - 20, 0x9aa3b5, 1, "%d soldiers, bullets %d/%d, world %dx%d, %s  click: select",
             s->soldiers, s->bullets - s->free_count, s->bullets, s->world_w, s->world_h,
             pg_method_title(s->method));
}

#ifdef PG_TESTING
/* For tests/playground/test_scene_warzone.c: what the broadphase saw and answered last step. */
void pg_warzone_testing(const void *state, const eo_box **boxes, const eo_layer **layers, int *n,
                        int *soldiers, const eo_pair **pairs, uint32_t *pair_count);
void pg_warzone_screen(const void *state, int wx, int wy, int *sx, int *sy);

void pg_warzone_testing(const void *state, const eo_box **boxes, const eo_layer **layers, int *n,
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
#endif

const pg_scene pg_scene_warzone = {
    "warzone", "War zone", "scene_warzone.c",
    "Two armies trade fire across a wide world; the broadphase finds which bullets hit which "
    "soldiers, with layers so bullets only test enemy soldiers.",
    "click: select an object and see its candidate pairs",
    (1u << PG_METHOD_BRUTE) | (1u << PG_METHOD_GRIDMASK) | (1u << PG_METHOD_SECTORS) | (1u << PG_METHOD_SWEEP),
    PG_METHOD_SECTORS,
    200, 20000, 2000, 200,
    64,
    wz_create, wz_destroy, wz_step, wz_draw, wz_hash
};
