/* playground/scene_stress.c: many moving boxes, every broadphase timed side by side.

   The boxes of `make bench`'s uniform scene (8 .. 24 px, a square world 40 * sqrt(N) px wide,
   velocities -3 .. 3 px per frame, bouncing off the edges), or the same boxes gathered into a
   few dense clusters. The chosen method finds the overlapping pairs every frame; each frame one
   other method also runs on the same boxes (in turn), so the panel shows every method's cost as
   the scene runs, and says whether its pairs agree. A method sits out of the comparison above
   the count it is offered with (pg_scene.method_max_count: brute force and grid masks test
   every pair, one AND each for the masks), so a frame stays within the budget. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broadphase.h"

#define CLUSTERS 12

extern const pg_scene pg_scene_stress;   /* defined at the end: its limits decide the comparison */

/* ---- state ----------------------------------------------------------------------------------- */

typedef struct stress {
    pg_config cfg;
    int n, clustered;
    int32_t world;
    eo_box *boxes;
    int8_t *vx, *vy;
    uint8_t *hit;                   /* drawing only: in a pair this frame */
    pg_broadphase bp, other;        /* the chosen method; the one timed beside it */
    int next_other;                 /* method to time next */
    double method_ms[PG_METHOD_COUNT];   /* last measured, 0 = not yet */
    uint8_t method_agrees[PG_METHOD_COUNT];   /* its pairs equalled the chosen method's, same frame */
    uint64_t pair_hash;             /* every frame's pair count, hashed: methods must agree */
    uint32_t frame;
    int selected;                   /* -1 or the object clicked */
    int dragging;                   /* the selected box follows the pointer while it is held */
} stress;

static int32_t isqrt(int32_t n)
{
    int32_t r = 0;
    while ((r + 1) * (r + 1) <= n) r++;
    return r;
}

static int32_t world_of(int n) { return 40 * isqrt(n); }

/* The cells of the grid the scene times: the grid masks' when they are chosen, else the sectors'
   (brute force and sort and sweep have none, but the sectors timed beside them use the cell). */
static uint32_t stress_cells(const pg_config *cfg)
{
    int32_t w = world_of(cfg->count);
    return pg_broadphase_cells(cfg->method == PG_METHOD_GRIDMASK ? PG_METHOD_GRIDMASK : PG_METHOD_SECTORS, cfg->count, w, w);
}

/* Boxes in order of x (then y, then as made): sort and sweep's first frame sorts the boxes from
   their order by insertion, which costs n^2 / 4 moves on random boxes (seconds at 50,000) and
   next to nothing on sorted ones. */
typedef struct order { eo_box box; int8_t vx, vy; int32_t made; } order;
static int order_less(const void *x, const void *y)
{
    const order *p = x, *q = y;
    if (p->box.x != q->box.x) return p->box.x < q->box.x ? -1 : 1;
    if (p->box.y != q->box.y) return p->box.y < q->box.y ? -1 : 1;
    return p->made < q->made ? -1 : p->made > q->made;
}

static void sort_by_x(stress *s)
{
    order *o = malloc((size_t)s->n * sizeof *o);
    if (!o) return;   /* the same boxes unsorted: only slower */
    for (int i = 0; i < s->n; i++) o[i].box = s->boxes[i], o[i].vx = s->vx[i], o[i].vy = s->vy[i], o[i].made = i;
    qsort(o, (size_t)s->n, sizeof *o, order_less);
    for (int i = 0; i < s->n; i++) s->boxes[i] = o[i].box, s->vx[i] = o[i].vx, s->vy[i] = o[i].vy;
    free(o);
}

static void stress_destroy(void *state)
{
    stress *s = state;
    if (!s) return;
    pg_broadphase_free(&s->bp);
    pg_broadphase_free(&s->other);
    free(s->boxes);
    free(s->vx);
    free(s->vy);
    free(s->hit);
    free(s);
}

static void *stress_create(const pg_config *cfg, char *err, size_t err_size)
{
    stress *s = calloc(1, sizeof *s);
    pg_rng rng;
    int32_t cx[CLUSTERS], cy[CLUSTERS];
    if (!s) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    s->cfg = *cfg;
    s->n = cfg->count;
    /* Odd seeds: uniform, as `make bench`; even seeds: clustered. */
    s->clustered = (cfg->seed & 1u) == 0;
    s->world = world_of(s->n);
    s->selected = -1;
    s->boxes = malloc((size_t)s->n * sizeof *s->boxes);
    s->vx = malloc((size_t)s->n);
    s->vy = malloc((size_t)s->n);
    s->hit = calloc((size_t)s->n, 1);
    if (!s->boxes || !s->vx || !s->vy || !s->hit) {
        snprintf(err, err_size, "out of memory for %d boxes", s->n);
        stress_destroy(s);
        return NULL;
    }
    if (!pg_broadphase_init(&s->bp, s->n, (int16_t)s->world, (int16_t)s->world, cfg->cell) ||
        !pg_broadphase_init(&s->other, s->n, (int16_t)s->world, (int16_t)s->world, cfg->cell)) {
        snprintf(err, err_size, "%s", s->bp.error[0] ? s->bp.error : s->other.error);
        stress_destroy(s);
        return NULL;
    }
    pg_rng_seed(&rng, cfg->seed);
    for (int k = 0; k < CLUSTERS; k++) {
        cx[k] = pg_rng_range(&rng, s->world / 8, s->world - s->world / 8);
        cy[k] = pg_rng_range(&rng, s->world / 8, s->world - s->world / 8);
    }
    for (int i = 0; i < s->n; i++) {
        eo_box *b = &s->boxes[i];
        b->w = (int16_t)pg_rng_range(&rng, 8, 24);
        b->h = (int16_t)pg_rng_range(&rng, 8, 24);
        if (s->clustered) {
            /* A triangle distribution around one of the centres: dense cores, thin edges. */
            int k = (int)(pg_rng_next(&rng) % CLUSTERS), spread = s->world / 10;
            int32_t x = cx[k] + pg_rng_range(&rng, -spread, spread) / 2 + pg_rng_range(&rng, -spread, spread) / 2;
            int32_t y = cy[k] + pg_rng_range(&rng, -spread, spread) / 2 + pg_rng_range(&rng, -spread, spread) / 2;
            b->x = (int16_t)(x < 0 ? 0 : x > s->world - b->w ? s->world - b->w : x);
            b->y = (int16_t)(y < 0 ? 0 : y > s->world - b->h ? s->world - b->h : y);
        } else {
            b->x = (int16_t)pg_rng_range(&rng, 0, s->world - b->w - 1);
            b->y = (int16_t)pg_rng_range(&rng, 0, s->world - b->h - 1);
        }
        s->vx[i] = (int8_t)pg_rng_range(&rng, -3, 3);
        s->vy[i] = (int8_t)pg_rng_range(&rng, -3, 3);
    }
    sort_by_x(s);
    s->next_other = cfg->method;
    s->pair_hash = PG_HASH_INIT;
    return s;
}

/* ---- step ------------------------------------------------------------------------------------ */

static void move_boxes(stress *s)
{
    for (int i = 0; i < s->n; i++) {
        eo_box *b = &s->boxes[i];
        int32_t x = b->x + s->vx[i], y = b->y + s->vy[i];
        if (x < 0) { x = -x; s->vx[i] = (int8_t)-s->vx[i]; }
        else if (x + b->w > s->world) { x = 2 * (s->world - b->w) - x; s->vx[i] = (int8_t)-s->vx[i]; }
        if (y < 0) { y = -y; s->vy[i] = (int8_t)-s->vy[i]; }
        else if (y + b->h > s->world) { y = 2 * (s->world - b->h) - y; s->vy[i] = (int8_t)-s->vy[i]; }
        b->x = (int16_t)x;
        b->y = (int16_t)y;
    }
}

/* Whether method m is offered with this many boxes (pg_scene.method_max_count). */
static int offered(const stress *s, int m)
{
    return s->n <= pg_scene_max_count(&pg_scene_stress, m);
}

/* The next method to time beside the chosen one, in turn (each only up to its count). */
static int pick_other(stress *s)
{
    for (int k = 0; k < PG_METHOD_COUNT; k++) {
        int m = s->next_other = (s->next_other + 1) % PG_METHOD_COUNT;
        if (m == s->cfg.method || !offered(s, m)) continue;
        return m;
    }
    return -1;
}

static void select_nearest(stress *s, const pg_input *in)
{
    /* The canvas shows the world scaled into a square on the left (see draw). */
    float scale = (float)PG_VIEW_H / (float)s->world;
    int32_t px = (int32_t)((float)in->pointer_x / scale), py = (int32_t)((float)in->pointer_y / scale);
    int64_t best = INT64_MAX;
    s->selected = -1;
    for (int i = 0; i < s->n; i++) {
        int64_t dx = s->boxes[i].x + s->boxes[i].w / 2 - px, dy = s->boxes[i].y + s->boxes[i].h / 2 - py;
        if (dx * dx + dy * dy < best) { best = dx * dx + dy * dy; s->selected = i; }
    }
    s->dragging = s->selected >= 0;
}

/* The dragged box sits under the pointer (in the world, clamped to it) and stops moving. */
static void drag_selected(stress *s, const pg_input *in)
{
    float scale = (float)PG_VIEW_H / (float)s->world;
    eo_box *b = &s->boxes[s->selected];
    int32_t x = (int32_t)((float)in->pointer_x / scale) - b->w / 2, y = (int32_t)((float)in->pointer_y / scale) - b->h / 2;
    b->x = (int16_t)(x < 0 ? 0 : x > s->world - b->w ? s->world - b->w : x);
    b->y = (int16_t)(y < 0 ? 0 : y > s->world - b->h ? s->world - b->h : y);
    s->vx[s->selected] = s->vy[s->selected] = 0;
}

static void stress_step(void *state, const pg_input *in, pg_stats *stats)
{
    stress *s = state;
    double t0 = pg_now_ms(), t1;
    pg_stats scratch;
    int other;

    if (in->pointer_pressed && in->pointer_x < PG_VIEW_H) select_nearest(s, in);
    if (in->pointer_released) s->dragging = 0;
    move_boxes(s);
    if (s->dragging && in->pointer_down) drag_selected(s, in);
    t1 = pg_now_ms();
    pg_stats_phase(stats, "move", t1 - t0, 0);

    stats->objects = (uint32_t)s->n;
    if (pg_broadphase_run(&s->bp, s->cfg.method, s->boxes, NULL, s->n, stats)) { PG_MARK(stats, "the chosen method");
        s->method_ms[s->cfg.method] = pg_now_ms() - t1;
        s->method_agrees[s->cfg.method] = 1;
    }
    memset(s->hit, 0, (size_t)s->n);
    for (uint32_t k = 0; k < s->bp.pair_count; k++) s->hit[s->bp.pairs[k].a] = s->hit[s->bp.pairs[k].b] = 1;
    s->pair_hash = pg_hash_bytes(s->pair_hash, &s->bp.pair_count, sizeof s->bp.pair_count);

    /* One other method on the same boxes, for the side-by-side panel. */
    other = pick_other(s);
    if (other >= 0) { PG_MARK(stats, "another method, timed beside it");
        double t2 = pg_now_ms();
        memset(&scratch, 0, sizeof scratch);
        if (pg_broadphase_run(&s->other, other, s->boxes, NULL, s->n, &scratch)) {
            s->method_ms[other] = pg_now_ms() - t2;
            /* Both lists are sorted by (a, b): equal answers are equal arrays. */
            s->method_agrees[other] = s->other.pair_count == s->bp.pair_count &&
                                      memcmp(s->other.pairs, s->bp.pairs, s->bp.pair_count * sizeof *s->bp.pairs) == 0;
        } else {
            s->method_ms[other] = -1.0;   /* failed: the panel says so */
        }
        pg_stats_phase(stats, "compare", pg_now_ms() - t2, 0);
    }
    pg_stats_counter(stats, "pairs", s->bp.pair_count);
    pg_stats_counter(stats, "world px", (uint32_t)s->world);
    s->frame++;
}

static uint64_t stress_hash(const void *state)
{
    const stress *s = state;
    uint64_t h = pg_hash_bytes(PG_HASH_INIT, s->boxes, (size_t)s->n * sizeof *s->boxes);
    h = pg_hash_bytes(h, s->vx, (size_t)s->n);
    h = pg_hash_bytes(h, s->vy, (size_t)s->n);
    return pg_hash_bytes(h, &s->pair_hash, sizeof s->pair_hash);
}

/* ---- draw ------------------------------------------------------------------------------------ */

static void stress_draw(void *state, const pg_draw_ctx *ctx)
{
    stress *s = state;
    SDL_Renderer *r = ctx->renderer;
    const float scale = (float)PG_VIEW_H / (float)s->world;
    const int panel = PG_VIEW_H + 16;
    SDL_FRect *rects = malloc((size_t)s->n * (sizeof *rects + sizeof(SDL_FPoint)));   /* and the points */
    int counts[2] = { 0, 0 };
    char line[96];

    pg_fill_rect(r, 0, 0, PG_VIEW_H, PG_VIEW_H, 0x1b1f27, 255);
    if ((ctx->debug & PG_DEBUG_GRID) && s->cfg.cell) {   /* the grid the cell size lays: masks' or sectors' */
        int cell = s->cfg.method == PG_METHOD_GRIDMASK ? pg_broadphase_mask_cell(&s->bp)
                                                       : pg_broadphase_sector_cell(&s->bp);
        pg_color(r, 0x4a5a78, 255);
        for (int32_t g = 0; g <= s->world; g += cell) {
            int p = (int)((float)g * scale);
            SDL_RenderDrawLine(r, p, 0, p, PG_VIEW_H - 1);
            SDL_RenderDrawLine(r, 0, p, PG_VIEW_H - 1, p);
        }
    }
    /* Two batches: boxes in no pair, then boxes in a pair. A box under 2 px on the canvas is one
       point (one vertex, not six: at 50,000 boxes the drawing would cost more than the grid). */
    if (rects) {
        SDL_FPoint *points = (SDL_FPoint *)(rects + s->n);
        for (int pass = 0; pass < 2; pass++) {
            int k = 0, np = 0;
            for (int i = 0; i < s->n; i++) {
                const eo_box *b = &s->boxes[i];
                float w = (float)b->w * scale, h = (float)b->h * scale;
                if (s->hit[i] != pass) continue;
                if (w < 2.0f && h < 2.0f) {
                    points[np].x = ((float)b->x + (float)b->w / 2) * scale;
                    points[np].y = ((float)b->y + (float)b->h / 2) * scale;
                    np++;
                    continue;
                }
                rects[k].x = (float)b->x * scale;
                rects[k].y = (float)b->y * scale;
                rects[k].w = w;
                rects[k].h = h;
                k++;
            }
            counts[pass] = k + np;
            pg_color(r, pass ? 0xff8a3d : 0x4f8fd8, 255);
            SDL_RenderFillRectsF(r, rects, k);
            SDL_RenderDrawPointsF(r, points, np);
        }
        free(rects);
    }
    if (ctx->debug & PG_DEBUG_BOXES) {   /* every pair the method found, centre to centre */
        pg_color(r, 0xffffff, 200);
        for (uint32_t k = 0; k < s->bp.pair_count; k++) {
            const eo_box *a = &s->boxes[s->bp.pairs[k].a], *b = &s->boxes[s->bp.pairs[k].b];
            SDL_RenderDrawLine(r, (int)((float)(a->x + a->w / 2) * scale), (int)((float)(a->y + a->h / 2) * scale),
                               (int)((float)(b->x + b->w / 2) * scale), (int)((float)(b->y + b->h / 2) * scale));
        }
    }
    if (s->selected >= 0) {
        const eo_box *b = &s->boxes[s->selected];
        int x = (int)((float)b->x * scale), y = (int)((float)b->y * scale);
        pg_outline_rect(r, x - 3, y - 3, (int)((float)b->w * scale) + 6, (int)((float)b->h * scale) + 6, 0xffffff, 255);
        pg_color(r, 0xffffff, 160);
        for (uint32_t k = 0; k < s->bp.pair_count; k++) {
            const eo_pair *p = &s->bp.pairs[k];
            if ((int)p->a == s->selected || (int)p->b == s->selected) {
                const eo_box *o = &s->boxes[(int)p->a == s->selected ? (int)p->b : (int)p->a];
                SDL_RenderDrawLine(r, x, y, (int)((float)o->x * scale), (int)((float)o->y * scale));
            }
        }
    }

    /* The side panel: every method's last measured cost, the chosen one highlighted. */
    pg_text(r, panel, 16, s->clustered ? "STRESS: CLUSTERED" : "STRESS: UNIFORM", 0x7fd4ff, 2);
    snprintf(line, sizeof line, "%d boxes, %d x %d px", s->n, (int)s->world, (int)s->world);
    pg_text(r, panel, 42, line, 0xe6e6e6, 1);
    snprintf(line, sizeof line, "%d in a pair (orange)", counts[1]);
    pg_text(r, panel, 56, line, 0xff8a3d, 1);
    pg_text(r, panel, 84, "ms per frame, each method:", 0x9aa3b5, 1);
    {
        double max_ms = 0.5;
        for (int m = 0; m < PG_METHOD_COUNT; m++)
            if (s->method_ms[m] > max_ms) max_ms = s->method_ms[m];
        for (int m = 0; m < PG_METHOD_COUNT; m++) {
            int y = 104 + m * 40, chosen = m == s->cfg.method;
            uint32_t ink = chosen ? 0x7ee08a : 0xe6e6e6;
            pg_text(r, panel, y, pg_method_title(m), ink, 1);
            if (!offered(s, m) && !chosen) {
                snprintf(line, sizeof line, "sits out: offered up to %d", pg_scene_max_count(&pg_scene_stress, m));
                pg_text(r, panel, y + 14, line, 0x9aa3b5, 1);
            } else if (s->method_ms[m] < 0) {
                pg_text(r, panel, y + 14, "failed (see HUD)", 0xff6b6b, 1);
            } else if (s->method_ms[m] > 0) {
                int w = (int)(s->method_ms[m] / max_ms * 150.0);
                pg_fill_rect(r, panel, y + 12, w < 1 ? 1 : w, 10, chosen ? 0x7ee08a : 0x6f7a8c, 255);
                snprintf(line, sizeof line, "%.*f ms", pg_ms_decimals(1), s->method_ms[m]);   /* one reading */
                pg_text(r, panel + 156, y + 13, line, ink, 1);
                if (!s->method_agrees[m]) pg_text(r, panel + 236, y + 13, "DIFFERS", 0xff6b6b, 1);
            }
        }
    }
    pg_text(r, panel, 280, "M method  +/- boxes", 0x9aa3b5, 1);
    pg_text(r, panel, 294, ". , cell size  N seed", 0x9aa3b5, 1);
    pg_text(r, panel, 308, "(odd seed uniform,", 0x9aa3b5, 1);
    pg_text(r, panel, 322, " even seed clustered)", 0x9aa3b5, 1);
    pg_text(r, panel, 336, "D: grid and pairs", 0x9aa3b5, 1);
}

const pg_scene pg_scene_stress = {
    .id = "stress",
    .title = "Stress",
    .source = "scene_stress.c",
    .about = "Thousands of moving boxes: each broadphase's cost per frame, side by side. Drag a box.",
    .keys = "N: new seed (odd uniform, even clustered)",
    .methods = (1u << PG_METHOD_BRUTE) | (1u << PG_METHOD_GRIDMASK) | (1u << PG_METHOD_SECTORS) | (1u << PG_METHOD_SWEEP),
    .default_method = PG_METHOD_SECTORS,
    .min_count = 100,
    .max_count = 50000,
    .default_count = 5000,
    .count_step = 100,
    .method_max_count = { [PG_METHOD_BRUTE] = 1500, [PG_METHOD_GRIDMASK] = 1500, [PG_METHOD_SWEEP] = 10000 },
    .default_cell = 64,
    .cells = stress_cells,
    .create = stress_create,
    .destroy = stress_destroy,
    .step = stress_step,
    .draw = stress_draw,
    .hash = stress_hash,
};

#ifdef PG_TESTING
/* Read-only views for tests/playground/test_scene_stress.c. */
const eo_box *pg_stress_boxes(const void *state, int *n);
const pg_broadphase *pg_stress_broadphase(const void *state);
const eo_box *pg_stress_boxes(const void *state, int *n)
{
    const stress *s = state;
    *n = s->n;
    return s->boxes;
}
const pg_broadphase *pg_stress_broadphase(const void *state)
{
    return &((const stress *)state)->bp;
}
#endif
