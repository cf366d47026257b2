/* libFuzzer target for query.h and raycast.h: a random scene (up to 40 boxes, 200 now and then,
   anywhere in the eo_coord range, layers, a grid and a sweep workspace), random points, regions and
   segments, and a random tile map (every tile kind and slope shape, every outside policy) with a
   segment through it. Every array the core reads or writes lives in a buffer exactly as large as
   the call is told, so ASan catches any access past it. Oracles, sharing no code with the core:
     - points and regions: plain 64-bit comparisons over every box, ascending, a short buffer
       keeping the smallest indices; the grid, the sweep workspace and the oracle agree;
     - segments: the pixel walk of tests/core/walk_reference.h (test code, plain int64 rationals):
       a box is hit at the first visit of one of its pixels, with that visit's t (t_num / t_den as
       the header fixes them), pixel and face; eo_query_segment_box, _all (by t, then index, with
       and without the grid) and _first must give exactly that;
     - tile raycasts: the same pixel walk; the hit is the first visited pixel that blocks (a tile
       whose kind is in `block`, a slope pixel below the surface with EO_TILES_TOUCH_SLOPE), the visits
       are the tiles in the order of their first pixel visited, up to the hit's tile. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"
#include "fuzz_input.h"
#include "../core/walk_reference.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_N 200
#define WALK_BUDGET 400000 /* pixel visits x boxes checked per segment; past it only consistency */

/* t fields are uint16_t with 16-bit coordinates, wider with 32-bit ones: compare in 64 bits */
static int t_less(uint64_t n1, uint64_t d1, uint64_t n2, uint64_t d2)
{
    return n1 * d2 < n2 * d1;
}

/* t = n / d as the core gives it equals the oracle's (same value: a crossing at a pixel corner
   may be written over |dx| or |dy|), and d is |dx| or |dy| (1 for the start pixel) as the
   headers say; a crossing at t = 0 (moving up or left from a line) is 0 / |dx| or 0 / |dy| */
static int same_t(int64_t n, int64_t d, const ref_visit *v, int64_t dx, int64_t dy)
{
    if (v->rank == 0)
        return n == 0 && d == 1;
    return n * v->d == v->n * d && (d == llabs(dx) || d == llabs(dy));
}

static int shares(const eo_box *a, const eo_box *r)
{
    return a->w > 0 && a->h > 0 && r->w > 0 && r->h > 0 && (int64_t)a->x < (int64_t)r->x + r->w &&
           (int64_t)r->x < (int64_t)a->x + a->w && (int64_t)a->y < (int64_t)r->y + r->h &&
           (int64_t)r->y < (int64_t)a->y + a->h;
}

static int passes(const eo_broadphase_layer *ls, const eo_broadphase_layer *f, eo_index i)
{
    uint16_t cat = ls ? ls[i].category : 0xFFFFu, with = ls ? ls[i].collides_with : 0xFFFFu;
    return f == NULL || ((cat & f->collides_with) && (f->category & with));
}

static void check_region(const eo_sectors *g, const eo_sweep *sw, const eo_box *boxes, uint16_t n,
                         const eo_broadphase_layer *ls, const eo_broadphase_layer *f, const eo_box *r, uint16_t cap)
{
    eo_index *a = malloc(sizeof *a * (cap ? cap : 1)), *b = malloc(sizeof *b * (cap ? cap : 1));
    eo_index *c = malloc(sizeof *c * (cap ? cap : 1)), *d = malloc(sizeof *d * (cap ? cap : 1));
    eo_index ca = 0, cb = 0, cc = 0, cd = 0, k = 0;
    uint16_t i;
    int point = r->w == 1 && r->h == 1;
    eo_result ra = eo_query_sectors_region(g, boxes, ls, f, r, cap ? a : NULL, cap, &ca, NULL);
    eo_result rb = eo_query_sweep_region(sw, ls, f, r, cap ? b : NULL, cap, &cb, NULL);
    if (ra != rb || ca != cb || (ra != EO_OK && ra != EO_ERR_BUFFER_TOO_SMALL))
        abort();
    if (point) { /* a point is the 1 x 1 region */
        eo_result rc = eo_query_sectors_point(g, boxes, ls, f, r->x, r->y, cap ? c : NULL, cap, &cc, NULL);
        eo_result rd = eo_query_sweep_point(sw, ls, f, r->x, r->y, cap ? d : NULL, cap, &cd, NULL);
        if (rc != ra || rd != ra || cc != ca || cd != ca)
            abort();
    }
    for (i = 0; i < n; i++)
        if (passes(ls, f, i) && shares(&boxes[i], r)) {
            if (k < cap && (a[k] != i || b[k] != i || (point && (c[k] != i || d[k] != i))))
                abort();
            k++;
        }
    if (k != ca || (ra == EO_ERR_BUFFER_TOO_SMALL) != (k > cap))
        abort();
    free(a);
    free(b);
    free(c);
    free(d);
}

/* The oracle's hit of each box: the first visit of the pixel walk in it. */
typedef struct seg_walk {
    const eo_box *boxes;
    uint16_t *todo, todo_n; /* boxes not hit yet that the segment may reach */
    ref_visit *first;       /* per box */
    uint8_t *hit;
    long budget;
} seg_walk;

static int in_box(const eo_box *b, int64_t x, int64_t y)
{
    return b->w > 0 && b->h > 0 && x >= b->x && x < (int64_t)b->x + b->w && y >= b->y && y < (int64_t)b->y + b->h;
}

static int seg_visit(void *ctx, const ref_visit *v)
{
    seg_walk *w = ctx;
    uint16_t k = 0;
    while (k < w->todo_n) {
        uint16_t i = w->todo[k];
        if (in_box(&w->boxes[i], v->x, v->y)) {
            w->first[i] = *v;
            w->hit[i] = 1;
            w->todo[k] = w->todo[--w->todo_n];
        } else {
            k++;
        }
    }
    return w->todo_n == 0 || --w->budget <= 0;
}

static void check_segment(const eo_sectors *g, const eo_box *boxes, uint16_t n, const eo_broadphase_layer *ls,
                          const eo_broadphase_layer *f, const eo_segment *s, uint16_t cap)
{
    eo_query_segment_hit *a = malloc(sizeof *a * (cap ? cap : 1)), *b = malloc(sizeof *b * (cap ? cap : 1)), first, h;
    eo_index ca = 0, cb = 0, k;
    uint16_t i, hits = 0, todo[MAX_N];
    ref_visit firsts[MAX_N];
    uint8_t hit[MAX_N], found = 0;
    int64_t dx = (int64_t)s->x1 - s->x0, dy = (int64_t)s->y1 - s->y0, len = llabs(dx) + llabs(dy) + 1;
    int64_t lx = s->x0 < s->x1 ? s->x0 : s->x1, hx = s->x0 < s->x1 ? s->x1 : s->x0;
    int64_t ly = s->y0 < s->y1 ? s->y0 : s->y1, hy = s->y0 < s->y1 ? s->y1 : s->y0;
    seg_walk w;
    int exact;
    eo_result ra = eo_query_segment_all(s, boxes, n, g, ls, f, cap ? a : NULL, cap, &ca, NULL);
    eo_result rb = eo_query_segment_all(s, boxes, n, NULL, ls, f, cap ? b : NULL, cap, &cb, NULL);
    if (ra != rb || ca != cb || (ra != EO_OK && ra != EO_ERR_BUFFER_TOO_SMALL))
        abort();

    /* the oracle: walk the pixels once, for the boxes within a pixel of the segment's bounds */
    memset(hit, 0, sizeof hit);
    w.boxes = boxes;
    w.todo = todo;
    w.todo_n = 0;
    w.first = firsts;
    w.hit = hit;
    for (i = 0; i < n; i++)
        if (boxes[i].w > 0 && boxes[i].h > 0 && (int64_t)boxes[i].x <= hx + 1 && (int64_t)boxes[i].x + boxes[i].w >= lx - 1 &&
            (int64_t)boxes[i].y <= hy + 1 && (int64_t)boxes[i].y + boxes[i].h >= ly - 1)
            todo[w.todo_n++] = i;
    exact = len * (w.todo_n + 1) <= WALK_BUDGET;
    w.budget = WALK_BUDGET;
    if (exact && w.todo_n > 0)
        (void)ref_pixels_events(s->x0, s->y0, s->x1, s->y1, seg_visit, &w);
    for (i = 0; i < n; i++) {
        uint8_t got = eo_query_segment_box(s, &boxes[i], &h);
        if (exact) {
            if (got != hit[i])
                abort();
            if (got && (h.index != 0 || !same_t(h.t_num, h.t_den, &firsts[i], dx, dy) || h.x != firsts[i].x ||
                        h.y != firsts[i].y || h.face != (firsts[i].rank ? ref_face(firsts[i].rank, (int32_t)dx, (int32_t)dy) : 0)))
                abort();
        }
        hits = (uint16_t)(hits + (passes(ls, f, i) && got));
    }
    if (hits != ca)
        abort();
    for (k = 0; k < ca && k < cap; k++) {
        if (a[k].index != b[k].index || a[k].t_num != b[k].t_num || a[k].t_den != b[k].t_den || a[k].x != b[k].x ||
            a[k].y != b[k].y || a[k].face != b[k].face)
            abort();
        if (!eo_query_segment_box(s, &boxes[a[k].index], &h) || h.t_num != a[k].t_num || h.t_den != a[k].t_den ||
            h.x != a[k].x || h.y != a[k].y || h.face != a[k].face || !passes(ls, f, a[k].index))
            abort();
        if (k > 0 && (t_less(a[k].t_num, a[k].t_den, a[k - 1].t_num, a[k - 1].t_den) ||
                      (!t_less(a[k - 1].t_num, a[k - 1].t_den, a[k].t_num, a[k].t_den) && a[k].index < a[k - 1].index)))
            abort();
    }
    if (eo_query_segment_first(s, boxes, n, g, ls, f, &first, &found, NULL) != EO_OK || found != (ca > 0))
        abort();
    if (found && cap > 0 && (first.index != a[0].index || first.t_num != a[0].t_num || first.t_den != a[0].t_den))
        abort();
    free(a);
    free(b);
}

/* ---- tile raycasts ---------------------------------------------------------------------- */

static const eo_tiles_map *RM;
static long RT;

static int64_t fdiv(int64_t p, int64_t d)
{
    return p >= 0 ? p / d : -((-p + d - 1) / d);
}

static int r_attr(int64_t col, int64_t row)
{
    if (col < 0 || row < 0 || col >= RM->width || row >= RM->height)
        return RM->outside == EO_TILES_OUTSIDE_EMPTY || (RM->outside == EO_TILES_OUTSIDE_OPEN_TOP && row < 0)
                   ? EO_TILES_EMPTY : EO_TILES_SOLID;
    return RM->attrs[RM->cells[row * RM->width + col]];
}

static int r_height(int attr, int i)
{
    int t = (int)RT;
    int shape = attr >= EO_TILES_ONE_WAY_SLOPE ? attr - EO_TILES_ONE_WAY_SLOPE : attr - EO_TILES_SLOPE;
    switch (shape) {
    case EO_TILES_SLOPE_45_UP: return i + 1;
    case EO_TILES_SLOPE_45_DOWN: return t - i;
    case EO_TILES_SLOPE_22_UP_LOW: return i / 2 + 1;
    case EO_TILES_SLOPE_22_UP_HIGH: return t / 2 + i / 2 + 1;
    case EO_TILES_SLOPE_22_DOWN_HIGH: return t - i / 2;
    case EO_TILES_SLOPE_22_DOWN_LOW: return t / 2 - i / 2;
    default: return RM->slopes[(size_t)(shape - EO_TILES_SLOPE_USER) * (size_t)RT + (size_t)i];
    }
}

static uint8_t r_kind(int a)
{
    /* tiles.h's table: 6 spike, 7 ladder top, 8 and 9 half tiles, 10 one-way half */
    static const uint8_t k[] = { 0, EO_TILES_TOUCH_SOLID, EO_TILES_TOUCH_ONE_WAY, EO_TILES_TOUCH_LADDER, EO_TILES_TOUCH_HAZARD,
                                 EO_TILES_TOUCH_WATER, EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_HAZARD,
                                 EO_TILES_TOUCH_ONE_WAY | EO_TILES_TOUCH_LADDER, EO_TILES_TOUCH_HALF, EO_TILES_TOUCH_HALF,
                                 EO_TILES_TOUCH_ONE_WAY };
    if (a >= EO_TILES_ONE_WAY_SLOPE)
        return EO_TILES_TOUCH_SLOPE | EO_TILES_TOUCH_ONE_WAY;
    return a >= EO_TILES_SLOPE ? EO_TILES_TOUCH_SLOPE : a < 11 ? k[a] : 0;
}

typedef struct ray_walk {
    uint8_t block;
    int32_t dx, dy;
    eo_raycast_visit *tiles; /* tiles in order of first visit */
    ref_visit *first;        /* and that visit */
    long n, cap;
    int64_t last_col, last_row;
    ref_visit hit_px;
    int hit;
    long budget;
} ray_walk;

static int ray_visit(void *ctx, const ref_visit *v)
{
    ray_walk *w = ctx;
    int64_t col = fdiv(v->x, RT), row = fdiv(v->y, RT);
    int a = r_attr(col, row), blocks;
    long k;
    /* a new tile: listed at its first pixel visit (a tile is never left and entered again
       except across a pixel corner on its side, so look at the last few) */
    for (k = w->n - 1; k >= 0 && k >= w->n - 3; k--)
        if (w->tiles[k].col == col && w->tiles[k].row == row)
            break;
    if (k < 0 || k < w->n - 3) {
        if (w->n == w->cap) {
            w->budget = 0; /* more tiles than the oracle keeps: no verdict */
            return 1;
        }
        {
            eo_raycast_visit *t = &w->tiles[w->n];
            t->col = (eo_coord)col;
            t->row = (eo_coord)row;
            t->t_num = (uint16_t)v->n;
            t->t_den = (uint16_t)v->d;
            t->attr = (uint8_t)a;
            t->face = v->rank ? ref_face(v->rank, w->dx, w->dy) : 0;
            w->first[w->n] = *v;
        }
        w->n++;
    }
    /* raycast.h: slopes below the surface with SLOPE, one-way slopes so with ONE_WAY, half tiles
       in their solid half with SOLID or HALF, every other kind whole with its bits */
    if (a >= EO_TILES_SLOPE)
        blocks = (w->block & (a >= EO_TILES_ONE_WAY_SLOPE ? EO_TILES_TOUCH_ONE_WAY : EO_TILES_TOUCH_SLOPE)) &&
                 v->y - row * RT >= RT - r_height(a, (int)(v->x - col * RT));
    else if (a == EO_TILES_HALF_TOP || a == EO_TILES_HALF_BOTTOM)
        blocks = (w->block & (EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_HALF)) &&
                 (a == EO_TILES_HALF_TOP ? v->y - row * RT < RT / 2 : v->y - row * RT >= RT / 2);
    else
        blocks = (r_kind(a) & w->block) != 0;
    if (blocks) {
        w->hit = 1;
        w->hit_px = *v;
        return 1;
    }
    return --w->budget <= 0;
}

static void check_raycast(fz *f)
{
    static const uint8_t attr_codes[] = {
        EO_TILES_EMPTY, EO_TILES_EMPTY, EO_TILES_EMPTY, EO_TILES_SOLID, EO_TILES_ONE_WAY, EO_TILES_LADDER,
        EO_TILES_HAZARD, EO_TILES_WATER, 11, EO_TILES_SLOPE_ATTR(0), EO_TILES_SLOPE_ATTR(1), EO_TILES_SLOPE_ATTR(2),
        EO_TILES_SLOPE_ATTR(3), EO_TILES_SLOPE_ATTR(4), EO_TILES_SLOPE_ATTR(5), EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_USER),
        EO_TILES_SOLID_HAZARD, EO_TILES_LADDER_TOP, EO_TILES_HALF_TOP, EO_TILES_HALF_BOTTOM, EO_TILES_ONE_WAY_HALF,
        EO_TILES_ONE_WAY_SLOPE_ATTR(0), EO_TILES_ONE_WAY_SLOPE_ATTR(3), EO_TILES_ONE_WAY_SLOPE_ATTR(EO_TILES_SLOPE_USER)
    };
    static eo_raycast_visit want_v[4096];
    static ref_visit want_t[4096];
    eo_tiles_map map;
    eo_segment s;
    eo_raycast_hit hit, again;
    eo_raycast_visit *v;
    uint8_t *cells, attrs[256], slopes[128], block;
    uint16_t w, h, cap, count = 0, count2 = 0, k;
    long T;
    size_t i;
    eo_result r;
    ray_walk rw;

    w = (uint16_t)(1 + fz_below(f, 24));
    h = (uint16_t)(1 + fz_below(f, 24));
    memset(&map, 0, sizeof map);
    map.width = w;
    map.height = h;
    map.tile_shift = (uint8_t)(3 + fz_below(f, 5));
    map.outside = (uint8_t)fz_below(f, 3);
    T = 1L << map.tile_shift;
    cells = malloc((size_t)w * h);
    for (i = 0; i < (size_t)w * h; i++)
        cells[i] = (uint8_t)(fz_u8(f) & 15u);
    for (i = 0; i < 256; i++)
        attrs[i] = attr_codes[fz_u8(f) % sizeof attr_codes];
    for (i = 0; i < (size_t)T; i++)
        slopes[i] = (uint8_t)fz_below(f, (uint32_t)T + 1u);
    map.cells = cells;
    map.attrs = attrs;
    map.slopes = slopes;
    map.slope_count = 1;
    RM = &map;
    RT = T;
    if (eo_tiles_check(&map) != EO_OK)
        abort();
    if ((fz_u8(f) & 7u) == 1) { /* anywhere in the world: long walks now and then (up to 2^17 px:
                                     with 32-bit coordinates a ray across the world visits 2^29
                                     tiles, seconds of work, as the header's cost says) */
        s.x0 = fz_coord(f); s.y0 = fz_coord(f);
        s.x1 = fz_clamp((int64_t)s.x0 + fz_range(f, -131072, 131072));
        s.y1 = fz_clamp((int64_t)s.y0 + fz_range(f, -131072, 131072));
    } else {
        int64_t W = w * T + 4 * T, H = h * T + 4 * T;
        uint8_t m = fz_u8(f);
        s.x0 = (eo_coord)(-2 * T + fz_below(f, (uint32_t)W));
        s.y0 = (eo_coord)(-2 * T + fz_below(f, (uint32_t)H));
        s.x1 = (eo_coord)(-2 * T + fz_below(f, (uint32_t)W));
        s.y1 = (eo_coord)(-2 * T + fz_below(f, (uint32_t)H));
        if (m & 2) { /* 45 degrees from a tile corner */
            s.x0 = (eo_coord)(s.x0 & ~(T - 1));
            s.y0 = (eo_coord)(s.y0 & ~(T - 1));
            s.y1 = (eo_coord)(s.y0 + ((m & 4) ? s.x1 - s.x0 : s.x0 - s.x1));
        }
    }
    block = fz_u8(f);
    cap = (uint16_t)fz_below(f, 200);
    v = malloc(sizeof *v * (cap ? cap : 1));
    r = eo_raycast_tiles(&map, &s, block, &hit, cap ? v : NULL, cap, &count, NULL);
    if (r != EO_OK && r != EO_ERR_BUFFER_TOO_SMALL)
        abort();
    if ((r == EO_ERR_BUFFER_TOO_SMALL) != (count > cap) || count == 0)
        abort();
    if (eo_raycast_tiles(&map, &s, block, &again, NULL, 0, NULL, NULL) != EO_OK || hit.hit != again.hit ||
        hit.x != again.x || hit.y != again.y || hit.t_num != again.t_num || hit.t_den != again.t_den ||
        hit.face != again.face || hit.col != again.col || hit.row != again.row || hit.attr != again.attr)
        abort(); /* the same hit without the visits (fields: the struct has padding) */
    if (eo_raycast_tiles(&map, &s, block, &again, NULL, 0, &count2, NULL) != EO_ERR_BUFFER_TOO_SMALL || count2 != count)
        abort();

    /* the oracle: the pixel walk, its first blocking pixel, the tiles in order */
    memset(&rw, 0, sizeof rw);
    rw.block = block ? block : (uint8_t)(EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_SLOPE);
    rw.dx = s.x1 - s.x0;
    rw.dy = s.y1 - s.y0;
    rw.tiles = want_v;
    rw.first = want_t;
    rw.cap = (long)(sizeof want_v / sizeof want_v[0]);
    rw.budget = 300000;
    (void)ref_pixels_events(s.x0, s.y0, s.x1, s.y1, ray_visit, &rw);
    if (rw.budget > 0) {
        if (hit.hit != rw.hit || count != rw.n)
            abort();
        if (hit.hit && (hit.x != rw.hit_px.x || hit.y != rw.hit_px.y || !same_t(hit.t_num, hit.t_den, &rw.hit_px, rw.dx, rw.dy) ||
                        hit.col != fdiv(hit.x, T) || hit.row != fdiv(hit.y, T) || hit.attr != r_attr(hit.col, hit.row) ||
                        hit.face != (rw.hit_px.rank ? ref_face(rw.hit_px.rank, rw.dx, rw.dy) : 0)))
            abort();
        for (k = 0; k < count && k < cap && k < rw.cap; k++)
            if (v[k].col != want_v[k].col || v[k].row != want_v[k].row || !same_t(v[k].t_num, v[k].t_den, &want_t[k], rw.dx, rw.dy) ||
                v[k].attr != want_v[k].attr || v[k].face != want_v[k].face)
                abort();
    }
    if (!hit.hit && ((hit.x | hit.y | hit.col | hit.row) != 0 || (hit.t_num | hit.t_den) != 0 || (hit.face | hit.attr) != 0))
        abort();
    free(v);
    free(cells);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    eo_sectors_config cfg;
    eo_sectors grid;
    eo_sweep sw;
    eo_box *boxes, r;
    eo_broadphase_layer *layers, filter;
    eo_pair pair;
    uint32_t pc;
    void *gstore, *sstore;
    size_t need;
    uint16_t n, i, q;
    const eo_broadphase_layer *ls, *flt;
    int64_t cx, cy;

    fz_init(&f, data, size);
    check_raycast(&f);

    n = (uint16_t)(fz_rare(&f, 32) ? 1 + fz_below(&f, MAX_N) : 1 + fz_below(&f, 40));
    memset(&cfg, 0, sizeof cfg);
    cfg.world_x = (eo_coord)((int)fz_below(&f, 64) - 32);
    cfg.world_y = (eo_coord)((int)fz_below(&f, 64) - 32);
    cfg.world_w = (eo_coord)(32 + fz_u8(&f));
    cfg.world_h = (eo_coord)(32 + fz_u8(&f));
    cfg.cols = (uint8_t)(1 + fz_below(&f, 9));
    cfg.rows = (uint8_t)(1 + fz_below(&f, 7));
    cfg.max_objects = n;
    cfg.max_entries = (uint16_t)(fz_u8(&f) & 1u ? 8 : 4000);
    boxes = malloc(sizeof *boxes * n);
    layers = malloc(sizeof *layers * n);
    cx = fz_near(&f, 130, 200, 16);
    cy = fz_near(&f, 130, 200, 16);
    for (i = 0; i < n; i++) {
        boxes[i].x = fz_near(&f, cx, 170, 8);
        boxes[i].y = fz_near(&f, cy, 170, 8);
        boxes[i].w = fz_size(&f, 60);
        boxes[i].h = fz_size(&f, 60);
        layers[i].category = (uint16_t)(1u << fz_below(&f, 3));
        layers[i].collides_with = (uint16_t)(fz_u8(&f) >> 4);
    }
    need = eo_sectors_storage_size(&cfg);
    gstore = malloc(need);
    sstore = malloc(eo_sweep_storage_size(n));
    if (eo_sectors_init(&grid, &cfg, gstore, need) != EO_OK ||
        eo_sweep_init(&sw, n, (fz_u8(&f) & 1u) ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST, sstore, eo_sweep_storage_size(n)) != EO_OK)
        abort();
    if (eo_sectors_build(&grid, boxes, n, NULL, NULL) != EO_OK) {
        /* not built: an error, never an empty answer */
        eo_index c = 0;
        eo_pair none;
        uint32_t pc_none = 7;
        if (eo_sectors_find_pairs(&grid, boxes, NULL, &none, 1, &pc_none, NULL, NULL) != EO_ERR_NOT_READY || pc_none != 0)
            abort();
        if (eo_query_sectors_point(&grid, boxes, NULL, NULL, 0, 0, NULL, 0, &c, NULL) != EO_ERR_NOT_READY)
            abort();
        cfg.max_entries = 65535;
        free(gstore);
        need = eo_sectors_storage_size(&cfg);
        gstore = malloc(need);
        if (eo_sectors_init(&grid, &cfg, gstore, need) != EO_OK || eo_sectors_build(&grid, boxes, n, NULL, NULL) != EO_OK)
            abort();
    }
    {
        eo_index c = 0; /* the workspace before its first frame: not ready either */
        if (eo_query_sweep_point(&sw, NULL, NULL, 0, 0, NULL, 0, &c, NULL) != EO_ERR_NOT_READY)
            abort();
    }
    (void)eo_sweep_find_pairs(&sw, boxes, n, NULL, &pair, 1, &pc, NULL, NULL);
    for (q = 0; q < 4; q++) {
        eo_segment s;
        uint8_t m = fz_u8(&f);
        uint16_t cap = (uint16_t)fz_below(&f, n + 2u);
        ls = (m & 4) ? layers : NULL;
        flt = (m & 8) ? &filter : NULL;
        filter.category = (uint16_t)(1u << fz_below(&f, 3));
        filter.collides_with = (uint16_t)(fz_u8(&f) >> 4);
        r.x = fz_near(&f, cx, 200, 8);
        r.y = fz_near(&f, cy, 200, 8);
        r.w = fz_size(&f, 100);
        r.h = fz_size(&f, 100);
        check_region(&grid, &sw, boxes, n, ls, flt, &r, cap);
        r.w = 1;
        r.h = 1;
        check_region(&grid, &sw, boxes, n, ls, flt, &r, cap);
        s.x0 = r.x;
        s.y0 = r.y;
        s.x1 = fz_near(&f, cx, 300, 8);
        s.y1 = (m & 16) ? fz_clamp((int64_t)s.y0 + ((int64_t)s.x1 - s.x0)) : fz_near(&f, cy, 300, 8);
        if ((m & 96) == 32) { /* through a box's corner, diagonally */
            const eo_box *b = &boxes[fz_below(&f, n)];
            s.x0 = fz_clamp((int64_t)b->x - 5);
            s.y0 = fz_clamp((int64_t)b->y - 5);
            s.x1 = fz_clamp((int64_t)b->x + 5);
            s.y1 = fz_clamp((int64_t)b->y + 5);
        }
        check_segment(&grid, boxes, n, ls, flt, &s, cap);
    }
    free(boxes);
    free(layers);
    free(gstore);
    free(sstore);
    return 0;
}
