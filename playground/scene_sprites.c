/* playground/scene_sprites.c: ragged asteroids and a few ships as pixel masks. Every frame the
   sweep finds the pairs whose boxes overlap, and eo_pixelmask says which of them really touch:
   the difference is what a box-only game gets wrong. Pixel hits bounce apart. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"

/* ---- state + create / destroy ------------------------------------------------------------ */

#define SUB 16                    /* positions in 1/16 px */
#define MARGIN 64                 /* sprites wrap over (960 + 64) x (600 + 64): off-screen room */
#define WRAP_W ((PG_VIEW_W + MARGIN) * SUB)
#define WRAP_H ((PG_VIEW_H + MARGIN) * SUB)
#define FRAMES 16                 /* rotation frames per shape, 1/16 turn apart */
#define VARIANTS 3                /* asteroid outlines per size */
#define VERTS 16                  /* outline vertices */
enum { KIND_BIG, KIND_MID, KIND_SMALL, KIND_SHIP, KIND_COUNT };
#define SHAPES (3 * VARIANTS + 1) /* the ship is the last shape */

static const int kind_size[KIND_COUNT] = { 64, 40, 24, 40 };
static const uint32_t kind_rgb[KIND_COUNT] = { 0x8f8478, 0xb08d62, 0xd6b27a, 0x5ec8f0 };
static const uint32_t kind_edge[KIND_COUNT] = { 0xc4b8aa, 0xdcb98a, 0xf4dcaa, 0xc8f0ff };

/* sin(i * 2pi / 64) in Q14 for i = 0 .. 16: angles are in 64ths of a turn. */
static const int32_t quarter_sin[17] = { 0, 1606, 3196, 4756, 6270, 7723, 9102, 10394, 11585,
                                         12665, 13623, 14449, 15137, 15679, 16069, 16305, 16384 };
static int32_t isin(int a)
{
    a &= 63;
    if (a <= 16) return quarter_sin[a];
    if (a <= 32) return quarter_sin[32 - a];
    if (a <= 48) return -quarter_sin[a - 32];
    return -quarter_sin[64 - a];
}
static int32_t icos(int a) { return isin(a + 16); }

/* The ship, nose to the right (+x, frame 0), drawn at twice this size and rotated like the asteroids. */
static const char *const ship_art[12] = {
    "###.............", ".####...........", "..#####.........", "..########......",
    "...###########..", "################", "################", "...###########..",
    "..########......", "..#####.........", ".####...........", "###.............",
};

typedef struct shape {
    int kind, size;
    eo_pixelmask mask[FRAMES];
    eo_box box[FRAMES];           /* tight box of the solid pixels, relative to the mask */
} shape;

typedef struct sprite {
    int32_t x, y, vx, vy;         /* 1/16 px; x in 0 .. WRAP_W-1, screen px = x / SUB - MARGIN */
    uint8_t shape, frame, spin_period, spin_timer;
    int8_t spin;                  /* +1 / -1 frames per period; 0 for ships (they face their velocity) */
} sprite;

typedef struct pair_hit {
    uint8_t pixel;                /* masks overlap */
    int32_t cx, cy;               /* first contact pixel (world px) */
    uint32_t area;                /* pixels solid in both */
} pair_hit;

typedef struct sprites_state {
    int n;
    sprite *spr;
    eo_box *boxes;                /* this frame's boxes (world px) */
    shape shapes[SHAPES];
    void *mask_storage;
    eo_sweep sweep;
    void *sweep_storage;
    eo_pair *pairs;               /* box-hit pairs, sorted by (a, b) */
    pair_hit *hit;                /* per box-hit pair */
    uint32_t pair_count, pair_cap; /* pair_cap: every pair, n (n - 1) / 2, so the sweep never runs out */
    uint32_t box_hits, pixel_hits, frame, total_box, total_pixel;   /* this frame's, and since create */
    int selected;                 /* -1: none; not hashed */
    SDL_Renderer *tex_renderer;   /* the renderer the textures belong to */
    SDL_Texture *tex[SHAPES][FRAMES];
} sprites_state;

static int16_t px_x(const sprite *s) { return (int16_t)(s->x / SUB - MARGIN); }
static int16_t px_y(const sprite *s) { return (int16_t)(s->y / SUB - MARGIN); }

/* Sprite i's box this frame: its frame's tight box, placed. */
static void place(sprites_state *st, int i)
{
    const sprite *p = &st->spr[i];
    eo_box b = st->shapes[p->shape].box[p->frame];
    st->boxes[i] = (eo_box){ (int16_t)(b.x + px_x(p)), (int16_t)(b.y + px_y(p)), b.w, b.h };
}

/* Is (px, py) (Q8, from the centre) inside the polygon? Even-odd crossings, no division:
   coordinates stay within +-8192 (masks up to 64 px), so the products fit in 32 bits. */
static int inside(const int32_t *vx, const int32_t *vy, int nv, int32_t px, int32_t py)
{
    int in = 0;
    for (int k = 0, l = nv - 1; k < nv; l = k++) {
        int32_t x1 = vx[l], y1 = vy[l], x2 = vx[k], y2 = vy[k];
        if ((y1 > py) == (y2 > py)) continue;
        if (y2 > y1 ? (px - x1) * (y2 - y1) < (py - y1) * (x2 - x1) : (px - x1) * (y2 - y1) > (py - y1) * (x2 - x1))
            in = !in;
    }
    return in;
}

static void make_shape(shape *sh, pg_rng *rng)
{
    int32_t r[VERTS], a[VERTS], vx[VERTS], vy[VERTS];
    int s = sh->size;
    for (int k = 0; k < VERTS; k++) {   /* a noisy radius per angle, with the odd deep notch */
        int32_t pct = pg_rng_range(rng, 0, 5) == 0 ? pg_rng_range(rng, 45, 60) : pg_rng_range(rng, 68, 100);
        r[k] = (s / 2 - 1) * 256 * pct / 100;
        a[k] = 4 * k + pg_rng_range(rng, -1, 1);
    }
    for (int f = 0; f < FRAMES; f++) {
        eo_pixelmask *m = &sh->mask[f];
        int x0 = s, y0 = s, x1 = -1, y1 = -1;
        for (int k = 0; k < VERTS; k++) {   /* rotate the outline by f/16 of a turn */
            vx[k] = r[k] * icos(a[k] + 4 * f) / 16384;
            vy[k] = r[k] * isin(a[k] + 4 * f) / 16384;
        }
        for (int j = 0; j < s; j++)
            for (int i = 0; i < s; i++) {
                int32_t px = (2 * i + 1 - s) * 128, py = (2 * j + 1 - s) * 128, solid;
                if (sh->kind == KIND_SHIP) {   /* sample the art through the inverse rotation */
                    int32_t sx = (px * icos(4 * f) + py * isin(4 * f)) / 16384;
                    int32_t sy = (py * icos(4 * f) - px * isin(4 * f)) / 16384;
                    int32_t ax = (sx + 16 * 256) / 512, ay = (sy + 12 * 256) / 512;   /* art px are 2 x 2 */
                    solid = sx >= -16 * 256 && sy >= -12 * 256 && ax < 16 && ay < 12 && ship_art[ay][ax] == '#';
                } else {
                    solid = inside(vx, vy, VERTS, px, py);
                }
                if (!solid) continue;
                (void)eo_pixelmask_set(m, (uint16_t)i, (uint16_t)j, 1);
                x0 = i < x0 ? i : x0, x1 = i > x1 ? i : x1;
                y0 = j < y0 ? j : y0, y1 = j > y1 ? j : y1;
            }
        sh->box[f] = (eo_box){ (int16_t)x0, (int16_t)y0, (int16_t)(x1 - x0 + 1), (int16_t)(y1 - y0 + 1) };   /* w < 0: empty */
    }
}

/* The frame whose heading (cos, sin of 4f/64 turn) is closest to the velocity. */
static uint8_t heading(int32_t vx, int32_t vy)
{
    int best = 0;
    int32_t best_dot = INT32_MIN;
    for (int f = 0; f < FRAMES; f++) {
        int32_t dot = vx * icos(4 * f) + vy * isin(4 * f);
        if (dot > best_dot) best_dot = dot, best = f;
    }
    return (uint8_t)best;
}

static void destroy(void *state)
{
    sprites_state *st = state;
    if (!st) return;
    for (int s = 0; st->tex_renderer && s < SHAPES; s++)
        for (int f = 0; f < FRAMES; f++)
            if (st->tex[s][f]) SDL_DestroyTexture(st->tex[s][f]);
    free(st->spr);
    free(st->boxes);
    free(st->mask_storage);
    free(st->sweep_storage);
    free(st->pairs);
    free(st->hit);
    free(st);
}

static void *create(const pg_config *cfg, char *err, size_t err_size)
{
    sprites_state *st;
    pg_rng rng;
    size_t mask_bytes = 0, need, off = 0;
    if (cfg->count < 1 || cfg->count > 400) {
        snprintf(err, err_size, "sprites: %d sprites is outside 1 .. 400", cfg->count);
        return NULL;
    }
    st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, err_size, "sprites: out of memory");
        return NULL;
    }
    st->n = cfg->count;
    st->selected = -1;
    for (int s = 0; s < SHAPES; s++) {
        st->shapes[s].kind = s < 3 * VARIANTS ? s / VARIANTS : KIND_SHIP;
        st->shapes[s].size = kind_size[st->shapes[s].kind];
        mask_bytes += FRAMES * eo_pixelmask_storage_size((uint16_t)st->shapes[s].size, (uint16_t)st->shapes[s].size);
    }
    need = eo_sweep_storage_size((uint16_t)st->n);
    st->pair_cap = (uint32_t)(st->n * (st->n - 1) / 2 + 1);
    st->spr = calloc((size_t)st->n, sizeof *st->spr);
    st->boxes = calloc((size_t)st->n, sizeof *st->boxes);
    st->mask_storage = calloc(1, mask_bytes);   /* malloc's alignment suits any mask word */
    st->sweep_storage = need ? malloc(need) : NULL;
    st->pairs = malloc(st->pair_cap * sizeof *st->pairs);
    st->hit = malloc(st->pair_cap * sizeof *st->hit);
    if (!st->spr || !st->boxes || !st->mask_storage || !st->sweep_storage || !st->pairs || !st->hit ||
        eo_sweep_init(&st->sweep, (uint16_t)st->n, EO_AABB_X_FIRST, st->sweep_storage, need) != EO_OK) {
        snprintf(err, err_size, "sprites: cannot set up %d sprites", st->n);
        destroy(st);
        return NULL;
    }
    pg_rng_seed(&rng, cfg->seed);
    for (int s = 0; s < SHAPES; s++) {
        shape *sh = &st->shapes[s];
        uint16_t size = (uint16_t)sh->size;
        size_t bytes = eo_pixelmask_storage_size(size, size);
        for (int f = 0; f < FRAMES; f++, off += bytes)
            (void)eo_pixelmask_init(&sh->mask[f], size, size, (char *)st->mask_storage + off, bytes);
        make_shape(sh, &rng);
    }
    for (int i = 0; i < st->n; i++) {
        sprite *p = &st->spr[i];
        int32_t roll = pg_rng_range(&rng, 0, 99), kind = i % 12 == 5 ? KIND_SHIP
                                                       : roll < 25 ? KIND_BIG : roll < 60 ? KIND_MID : KIND_SMALL;
        int32_t top = 10 + 6 * kind;   /* smaller is faster */
        p->shape = (uint8_t)(kind == KIND_SHIP ? SHAPES - 1 : kind * VARIANTS + pg_rng_range(&rng, 0, VARIANTS - 1));
        p->x = pg_rng_range(&rng, 0, WRAP_W - 1);
        p->y = pg_rng_range(&rng, 0, WRAP_H - 1);
        do {
            p->vx = pg_rng_range(&rng, -top, top);
            p->vy = pg_rng_range(&rng, -top, top);
        } while (abs(p->vx) + abs(p->vy) < top / 2);
        p->frame = (uint8_t)(kind == KIND_SHIP ? heading(p->vx, p->vy) : pg_rng_range(&rng, 0, FRAMES - 1));
        p->spin = (int8_t)(kind == KIND_SHIP ? 0 : pg_rng_range(&rng, 0, 1) ? 1 : -1);
        p->spin_period = (uint8_t)pg_rng_range(&rng, 3, 12);
        place(st, i);
    }
    return st;
}

/* ---- step: logic only ---------------------------------------------------------------------- */

static int pair_less(const void *x, const void *y)
{
    const eo_pair *p = x, *q = y;
    if (p->a != q->a) return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

/* The topmost sprite with a solid pixel under (x, y), or -1. */
static int pick(const sprites_state *st, int x, int y)
{
    for (int i = st->n - 1; i >= 0; i--) {
        const sprite *p = &st->spr[i];
        const eo_pixelmask *m = &st->shapes[p->shape].mask[p->frame];
        int mx = x - px_x(p), my = y - px_y(p);
        if (mx >= 0 && my >= 0 && mx < m->w && my < m->h && eo_pixelmask_get(m, (uint16_t)mx, (uint16_t)my)) return i;
    }
    return -1;
}

static void step(void *state, const pg_input *in, pg_stats *stats)
{
    sprites_state *st = state;
    eo_broadphase_stats bs;
    eo_result r;
    uint32_t found = 0;
    double t0 = pg_now_ms(), t1, t2;

    if (in->pointer_pressed && in->pointer_in) st->selected = pick(st, in->pointer_x, in->pointer_y);   /* as drawn */
    for (int i = 0; i < st->n; i++) {   /* move: spin (ships turn to face their velocity), drift, wrap */
        sprite *p = &st->spr[i];
        if (p->spin == 0) {
            p->frame = heading(p->vx, p->vy);
        } else if (++p->spin_timer >= p->spin_period) {
            p->spin_timer = 0;
            p->frame = (uint8_t)((p->frame + FRAMES + p->spin) % FRAMES);
        }
        p->x = (p->x + p->vx + WRAP_W) % WRAP_W;   /* |v| < one wrap: the sum stays positive */
        p->y = (p->y + p->vy + WRAP_H) % WRAP_H;
        place(st, i);
    }
    t1 = pg_now_ms();
    pg_stats_phase(stats, "move", t1 - t0, 0);

    memset(&bs, 0, sizeof bs);   /* boxes: sort and sweep, then one order for the game to resolve in */
    r = eo_sweep_find_pairs(&st->sweep, st->boxes, (uint16_t)st->n, NULL, st->pairs, st->pair_cap, &found, &bs, NULL);
    if (r != EO_OK) {
        snprintf(stats->status, sizeof stats->status, "sweep: %s", eo_result_name(r));
        found = 0;
    }
    st->pair_count = found;
    qsort(st->pairs, found, sizeof *st->pairs, pair_less);
    t2 = pg_now_ms();
    pg_stats_phase(stats, "boxes", t2 - t1, 1);

    st->pixel_hits = 0;   /* pixels: the exact answer for each box hit */
    for (uint32_t k = 0; k < found; k++) {
        const sprite *a = &st->spr[st->pairs[k].a], *b = &st->spr[st->pairs[k].b];
        const eo_pixelmask *ma = &st->shapes[a->shape].mask[a->frame], *mb = &st->shapes[b->shape].mask[b->frame];
        pair_hit *h = &st->hit[k];
        memset(h, 0, sizeof *h);
        (void)eo_pixelmask_overlap(ma, px_x(a), px_y(a), mb, px_x(b), px_y(b), &h->pixel, NULL);
        if (!h->pixel) continue;
        st->pixel_hits++;
        (void)eo_pixelmask_first_contact(ma, px_x(a), px_y(a), mb, px_x(b), px_y(b), &h->pixel, &h->cx, &h->cy, NULL);
        (void)eo_pixelmask_overlap_area(ma, px_x(a), px_y(a), mb, px_x(b), px_y(b), &h->area, NULL);
    }
    st->box_hits = found;
    st->total_box += found;
    st->total_pixel += st->pixel_hits;
    t1 = pg_now_ms();
    pg_stats_phase(stats, "pixels", t1 - t2, 1);

    for (uint32_t k = 0; k < found; k++) {   /* bounce: swap velocities of pairs still approaching */
        sprite *a = &st->spr[st->pairs[k].a], *b = &st->spr[st->pairs[k].b];
        int32_t dx = (b->x + st->shapes[b->shape].size * SUB / 2) - (a->x + st->shapes[a->shape].size * SUB / 2);
        int32_t dy = (b->y + st->shapes[b->shape].size * SUB / 2) - (a->y + st->shapes[a->shape].size * SUB / 2), t;
        if (!st->hit[k].pixel || dx * (b->vx - a->vx) + dy * (b->vy - a->vy) >= 0) continue;
        t = a->vx, a->vx = b->vx, b->vx = t;
        t = a->vy, a->vy = b->vy, b->vy = t;
        a->spin = (int8_t)-a->spin;
        b->spin = (int8_t)-b->spin;
    }
    st->frame++;
    pg_stats_phase(stats, "move", pg_now_ms() - t1, 0);

    stats->objects = (uint32_t)st->n;
    stats->candidates += bs.candidate_pairs;
    stats->box_tests += bs.box_tests;
    stats->hits += st->pixel_hits;
    pg_stats_counter(stats, "box hits", st->box_hits);
    pg_stats_counter(stats, "pixel hits", st->pixel_hits);
    pg_stats_counter(stats, "false hits", st->box_hits - st->pixel_hits);
}

static uint64_t hash(const void *state)
{
    const sprites_state *st = state;
    uint64_t h = pg_hash_i32(PG_HASH_INIT, st->n);
    for (int i = 0; i < st->n; i++) {
        const sprite *p = &st->spr[i];
        h = pg_hash_i32(pg_hash_i32(pg_hash_i32(pg_hash_i32(h, p->x), p->y), p->vx), p->vy);
        h = pg_hash_i32(h, (int32_t)((uint32_t)p->shape | (uint32_t)p->frame << 8 | (uint32_t)p->spin_timer << 16 |
                                  ((uint32_t)p->spin & 0xFFu) << 24));
    }
    for (int s = 0; s < SHAPES; s++)   /* the shapes come from the seed too */
        h = pg_hash_i32(h, st->shapes[s].box[0].w << 16 | st->shapes[s].box[0].h);
    h = pg_hash_i32(pg_hash_i32(pg_hash_i32(h, (int32_t)st->frame), (int32_t)st->box_hits), (int32_t)st->pixel_hits);
    return pg_hash_i32(pg_hash_i32(h, (int32_t)st->total_box), (int32_t)st->total_pixel);
}

/* ---- draw: SDL only ------------------------------------------------------------------------ */

/* One texture per mask frame, from its bits: fill colour, lighter where a neighbour is clear. */
static void make_textures(sprites_state *st, SDL_Renderer *ren)
{
    uint32_t pix[64 * 64];
    for (int s = 0; s < SHAPES; s++)
        for (int f = 0; f < FRAMES; f++) {
            const shape *sh = &st->shapes[s];
            const eo_pixelmask *m = &sh->mask[f];
            int n = sh->size;
            for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++) {
                    uint16_t x = (uint16_t)i, y = (uint16_t)j;
                    int edge = !eo_pixelmask_get(m, (uint16_t)(x - 1), y) || !eo_pixelmask_get(m, (uint16_t)(x + 1), y) ||
                               !eo_pixelmask_get(m, x, (uint16_t)(y - 1)) || !eo_pixelmask_get(m, x, (uint16_t)(y + 1));
                    pix[j * n + i] = !eo_pixelmask_get(m, x, y) ? 0 : 0xFF000000u | (edge ? kind_edge : kind_rgb)[sh->kind];
                }
            st->tex[s][f] = SDL_CreateTexture(ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, n, n);
            if (!st->tex[s][f]) continue;
            SDL_UpdateTexture(st->tex[s][f], NULL, pix, n * 4);
            SDL_SetTextureBlendMode(st->tex[s][f], SDL_BLENDMODE_BLEND);
        }
    st->tex_renderer = ren;
}

static void box_outline(SDL_Renderer *r, const eo_box *b, uint32_t rgb, uint8_t alpha)
{
    pg_outline_rect(r, b->x, b->y, b->w, b->h, rgb, alpha);
}

static void draw(void *state, const pg_draw_ctx *ctx)
{
    sprites_state *st = state;
    SDL_Renderer *r = ctx->renderer;
    char line[96];
    if (st->tex_renderer != r) {   /* another renderer: the old one's textures went with it */
        memset(st->tex, 0, sizeof st->tex);
        make_textures(st, r);
    }
    for (int i = 0; i < st->n; i++) {
        const sprite *p = &st->spr[i];
        SDL_Rect dst = { px_x(p), px_y(p), st->shapes[p->shape].size, st->shapes[p->shape].size };
        if (st->tex[p->shape][p->frame]) SDL_RenderCopy(r, st->tex[p->shape][p->frame], NULL, &dst);
    }
    if (ctx->debug & PG_DEBUG_BOXES)
        for (int i = 0; i < st->n; i++) box_outline(r, &st->boxes[i], 0x6f86a8, 140);
    for (uint32_t k = 0; k < st->pair_count; k++) {
        const eo_box *a = &st->boxes[st->pairs[k].a], *b = &st->boxes[st->pairs[k].b];
        const pair_hit *h = &st->hit[k];
        eo_box o;
        uint32_t rgb = h->pixel ? 0xff4a4a : 0xffd84a;
        box_outline(r, a, rgb, 220);
        box_outline(r, b, rgb, 220);
        if (!h->pixel) continue;
        if (eo_pixelmask_overlap_rect(a, b, &o)) {
            pg_fill_rect(r, o.x, o.y, o.w, o.h, 0xff4a4a, 70);
            box_outline(r, &o, 0xff8080, 255);
        }
        pg_color(r, 0xffffff, 255);
        SDL_RenderDrawLine(r, h->cx - 4, h->cy, h->cx + 4, h->cy);
        SDL_RenderDrawLine(r, h->cx, h->cy - 4, h->cx, h->cy + 4);
    }
    if (st->selected >= 0 && st->selected < st->n) {   /* the selection's candidate pairs */
        const eo_box *s = &st->boxes[st->selected];
        pg_outline_rect(r, s->x - 2, s->y - 2, s->w + 4, s->h + 4, 0x7cf0a0, 255);
        for (uint32_t k = 0; k < st->pair_count; k++) {
            int other = (int)st->pairs[k].a == st->selected ? (int)st->pairs[k].b : (int)st->pairs[k].b == st->selected ? (int)st->pairs[k].a : -1;
            if (other < 0) continue;
            pg_color(r, st->hit[k].pixel ? 0xff4a4a : 0xffd84a, 255);
            SDL_RenderDrawLine(r, s->x + s->w / 2, s->y + s->h / 2, st->boxes[other].x + st->boxes[other].w / 2,
                               st->boxes[other].y + st->boxes[other].h / 2);
        }
    }
    snprintf(line, sizeof line, "box-only: %u hits  pixel-perfect: %u", (unsigned)st->box_hits, (unsigned)st->pixel_hits);
    pg_fill_rect(r, 8, PG_VIEW_H - 78, 660, 72, 0x000000, 150);
    pg_text(r, 16, PG_VIEW_H - 72, line, 0xffffff, 2);
    snprintf(line, sizeof line, "%u false hits (%u%% of box hits)", (unsigned)(st->box_hits - st->pixel_hits),
             st->box_hits ? (unsigned)(100u * (st->box_hits - st->pixel_hits) / st->box_hits) : 0u);
    pg_text(r, 16, PG_VIEW_H - 50, line, 0xffd84a, 2);
    snprintf(line, sizeof line, "since start: %u box hits, %u pixel hits: %u%% of box hits were false", (unsigned)st->total_box,
             (unsigned)st->total_pixel, st->total_box ? (unsigned)(100u - 100u * st->total_pixel / st->total_box) : 0u);
    pg_text(r, 16, PG_VIEW_H - 28, line, 0xd0d4dc, 1);
    pg_text(r, 16, PG_VIEW_H - 16, "yellow: boxes only   red: pixels touch   click a sprite: its pairs", 0xa0a8b8, 1);
}

#ifdef PG_TESTING
/* Read-only views for tests/playground/test_scene_sprites.c. */
int pg_sprites_test_count(const void *state);
const eo_pixelmask *pg_sprites_test_sprite(const void *state, int i, int16_t *x, int16_t *y, eo_box *box, uint32_t *rgb);
int pg_sprites_test_pair(const void *state, uint32_t k, eo_pair *pair, int32_t *cx, int32_t *cy, uint32_t *area);
const eo_pixelmask *pg_sprites_test_frame(const void *state, int s, int frame);
int pg_sprites_test_selected(const void *state);

int pg_sprites_test_count(const void *state) { return ((const sprites_state *)state)->n; }
/* Sprite i as the last step tested it: its mask, top-left px, box and fill colour. */
const eo_pixelmask *pg_sprites_test_sprite(const void *state, int i, int16_t *x, int16_t *y, eo_box *box, uint32_t *rgb)
{
    const sprites_state *st = state;
    const sprite *p = &st->spr[i];
    *x = px_x(p), *y = px_y(p), *box = st->boxes[i], *rgb = kind_rgb[st->shapes[p->shape].kind];
    return &st->shapes[p->shape].mask[p->frame];
}
/* Box-hit pair k of the last step, sorted by (a, b): 1 if also a pixel hit (then its first contact
   and overlap area), 0 if not, -1 past the end. */
int pg_sprites_test_pair(const void *state, uint32_t k, eo_pair *pair, int32_t *cx, int32_t *cy, uint32_t *area)
{
    const sprites_state *st = state;
    if (k >= st->pair_count) return -1;
    *pair = st->pairs[k], *cx = st->hit[k].cx, *cy = st->hit[k].cy, *area = st->hit[k].area;
    return st->hit[k].pixel;
}
/* Rotation frame `frame` of shape s (SHAPES shapes, FRAMES frames each), or NULL past the end. */
const eo_pixelmask *pg_sprites_test_frame(const void *state, int s, int frame)
{
    if (s < 0 || s >= SHAPES || frame < 0 || frame >= FRAMES) return NULL;
    return &((const sprites_state *)state)->shapes[s].mask[frame];
}
int pg_sprites_test_selected(const void *state) { return ((const sprites_state *)state)->selected; }
#endif

const pg_scene pg_scene_sprites = {
    .id = "sprites",
    .title = "Sprites",
    .source = "scene_sprites.c",
    .about = "Ragged asteroids and ships as pixel masks: boxes overlap far more often than pixels do.",
    .keys = "click: select a sprite, lines to its box pairs",
    .methods = 0,
    .default_method = 0,
    .min_count = 10,
    .max_count = 400,
    .default_count = 60,
    .count_step = 10,
    .default_cell = 0,
    .create = create,
    .destroy = destroy,
    .step = step,
    .draw = draw,
    .hash = hash,
};
