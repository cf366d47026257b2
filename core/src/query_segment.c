/* Segment queries (earlyout/query.h): what a segment hits, among boxes or through a sector grid.

   The test is the slab method made exact for pixels: each side of a box is a line the walk
   crosses at a distance (in px along its axis) from the start; t = distance / |dx| (or |dy|).
   The first pixel of the box the walk visits is the start pixel, or is entered across one side
   (its row, or column, is the one the walk was in just before), or diagonally across a corner of
   the box: the earliest of these candidates, by exact comparison of fractions, is the hit.
   Through a grid, only the sectors the segment can reach are read (sectors_grid.h), row by row. */
#include "earlyout/query.h"

#include <stddef.h>

#include "faces.h"
#include "hooks.h"
#include "layers.h"
#include "query_results.h"
#include "sectors_grid.h"

/* A segment ready for box tests: its start, directions (-1, 0, 1) and lengths (0 ..
   EO_UCOORD_MAX) per axis, and the pixels its walk can visit (every one lies in min .. max of the
   endpoints). All in eo_coord / eo_ucoord: the difference of two eo_coord fits an eo_ucoord. */
typedef struct seg_ctx {
    eo_coord x0, y0;
    int8_t sx, sy;
    eo_ucoord adx, ady;
    eo_coord min_x, max_x, min_y, max_y;
} seg_ctx;

static void axis_setup(eo_coord p0, eo_coord p1, int8_t *s, eo_ucoord *a, eo_coord *lo, eo_coord *hi)
{
    if (p1 >= p0) {
        *s = (int8_t)(p1 > p0);
        *a = (eo_ucoord)((eo_ucoord)p1 - (eo_ucoord)p0);
        *lo = p0;
        *hi = p1;
    } else {
        *s = -1;
        *a = (eo_ucoord)((eo_ucoord)p0 - (eo_ucoord)p1);
        *lo = p1;
        *hi = p0;
    }
}

static void seg_setup(const eo_segment *s, seg_ctx *c)
{
    c->x0 = s->x0;
    c->y0 = s->y0;
    axis_setup(s->x0, s->x1, &c->sx, &c->adx, &c->min_x, &c->max_x);
    axis_setup(s->y0, s->y1, &c->sy, &c->ady, &c->min_y, &c->max_y);
}

/* t = n / d as the walk enters a pixel, with rank: 0 the start pixel, 1 entered across a
   vertical line, 2 across a horizontal one, 3 diagonally through a corner. At the same t the
   walk visits them in rank order. */
typedef struct cand {
    eo_ucoord n, d;
    uint8_t rank;
    eo_coord x, y;
} cand;

/* a before b: t first (n_a / d_a < n_b / d_b, as n_a d_b < n_b d_a: each product fits eo_uwide), then rank. */
static uint8_t cand_before(const cand *a, const cand *b)
{
    eo_uwide l = (eo_uwide)a->n * b->d, r = (eo_uwide)b->n * a->d;
    return l < r || (l == r && a->rank < b->rank);
}

static void offer(cand *best, const cand *k)
{
    if (best->rank == 0xFFu || cand_before(k, best))
        *best = *k;
}

/* The pixel coordinate, on an axis along which the segment moves s * a px in all, of the pixel the
   walk is in just before t = n / d: the start's at t = 0 or when it does not move along it, else
   the pixel holding the point a moment earlier, whose coordinate is p0 + n a / d exactly:
   p0 + ceil(n a / d) - 1 moving forward, p0 - ceil(n a / d) moving back. n <= d, so it lies
   between the endpoints (an eo_coord: wrap-around arithmetic in eo_ucoord gives it exactly). */
static eo_coord pixel_before(eo_coord p0, int8_t s, eo_ucoord a, eo_ucoord n, eo_ucoord d)
{
    eo_ucoord c;
    if (s == 0 || n == 0)
        return p0;
    c = (eo_ucoord)(((eo_uwide)n * a + (d - 1u)) / d); /* ceil; n a + d - 1 <= M * M + M - 1 fits eo_uwide (M = EO_UCOORD_MAX) */
    return (eo_coord)(s > 0 ? (eo_ucoord)((eo_ucoord)p0 + c - 1u) : (eo_ucoord)((eo_ucoord)p0 - c));
}

/* p in the span start .. start + len - 1 (len >= 1), without forming the sum. */
static uint8_t within(eo_coord p, eo_coord start, eo_coord len)
{
    return p >= start && (eo_ucoord)((eo_ucoord)p - (eo_ucoord)start) < (eo_ucoord)len;
}

/* The span start .. start + len - 1 meets the segment's lo .. hi: the box is in the walk's reach
   on this axis. */
static uint8_t reaches(eo_coord lo, eo_coord hi, eo_coord start, eo_coord len)
{
    return len > 0 && start <= hi && (start >= lo || (eo_ucoord)((eo_ucoord)lo - (eo_ucoord)start) < (eo_ucoord)len);
}

/* Where box b could hold a visited pixel: it meets min .. max of the endpoints on both axes. */
static uint8_t in_reach(const seg_ctx *c, const eo_box *b)
{
    return reaches(c->min_x, c->max_x, b->x, b->w) && reaches(c->min_y, c->max_y, b->y, b->h);
}

/* For a box in reach whose span on an axis does not hold the start p0: the distance along the
   axis at which the walk crosses the span's near line and enters it. Moving forward the line is
   the span's start, after p0 and at most the length away (the span reaches the end point);
   moving back it is start + len, at or before p0 and less than the length away (the span reaches
   past the end point), so the walk does cross it (0 < distance <= a forward, 0 <= distance < a
   back: the half-open rule). The start + len - 1 of the pixel it enters is then p0 - distance - 1. */
static eo_ucoord entry_distance(eo_coord p0, int8_t s, eo_coord start, eo_coord len)
{
    return s > 0 ? (eo_ucoord)((eo_ucoord)start - (eo_ucoord)p0)
                 : (eo_ucoord)((eo_ucoord)((eo_ucoord)p0 - (eo_ucoord)start) - (eo_ucoord)len);
}

/* The first pixel of box b (in reach) the walk visits, into *best. */
static void first_pixel(const seg_ctx *c, const eo_box *b, cand *best)
{
    uint8_t out_x = !within(c->x0, b->x, b->w), out_y = !within(c->y0, b->y, b->h);
    eo_ucoord nx = 0, ny = 0;
    eo_coord near_x = 0, near_y = 0;
    cand k;

    if (!out_x && !out_y) { /* it starts inside */
        k.n = 0;
        k.d = 1;
        k.rank = 0;
        k.x = c->x0;
        k.y = c->y0;
        offer(best, &k);
        return;
    }
    /* in reach and outside the span on an axis: the walk moves along it, towards the box */
    if (out_x) {
        nx = entry_distance(c->x0, c->sx, b->x, b->w);
        near_x = c->sx > 0 ? b->x : (eo_coord)((eo_ucoord)c->x0 - nx - 1u);
    }
    if (out_y) {
        ny = entry_distance(c->y0, c->sy, b->y, b->h);
        near_y = c->sy > 0 ? b->y : (eo_coord)((eo_ucoord)c->y0 - ny - 1u);
    }
    /* across the side facing the walk, at the row it was in just before (inside the box's rows) */
    if (out_x) {
        k.y = pixel_before(c->y0, c->sy, c->ady, nx, c->adx);
        if (within(k.y, b->y, b->h)) {
            k.n = nx;
            k.d = c->adx;
            k.rank = 1;
            k.x = near_x;
            offer(best, &k);
        }
    }
    /* across the top (moving down) or bottom, at the column it was in */
    if (out_y) {
        k.x = pixel_before(c->x0, c->sx, c->adx, ny, c->ady);
        if (within(k.x, b->x, b->w)) {
            k.n = ny;
            k.d = c->ady;
            k.rank = 2;
            k.y = near_y;
            offer(best, &k);
        }
    }
    /* diagonally through the box's corner: both sides' lines at the same t */
    if (out_x && out_y && (eo_uwide)nx * c->ady == (eo_uwide)ny * c->adx) {
        k.n = nx;
        k.d = c->adx;
        k.rank = 3;
        k.x = near_x;
        k.y = near_y;
        offer(best, &k);
    }
}

static uint8_t segment_hits(const seg_ctx *c, const eo_box *b, eo_index index, eo_query_segment_hit *hit)
{
    cand best;
    best.n = 0;
    best.d = 1;
    best.x = 0;
    best.y = 0;
    best.rank = 0xFFu;
    if (!in_reach(c, b))
        return 0;
    first_pixel(c, b, &best);
    if (best.rank == 0xFFu)
        return 0;
    hit->index = index;
    hit->t_num = best.n;
    hit->t_den = best.d;
    hit->x = best.x;
    hit->y = best.y;
    hit->face = face_of(best.rank, c->sx, c->sy);
    return 1;
}

uint8_t eo_query_segment_box(const eo_segment *seg, const eo_box *box, eo_query_segment_hit *hit)
{
    seg_ctx c;
    eo_query_segment_hit h;
    if (seg == NULL || box == NULL)
        return 0;
    seg_setup(seg, &c);
    if (!segment_hits(&c, box, 0, &h))
        return 0;
    if (hit != NULL)
        *hit = h;
    return 1;
}

/* a before b in the order hits are reported: t, then index. */
static uint8_t hit_before(const eo_query_segment_hit *a, const eo_query_segment_hit *b)
{
    eo_uwide l = (eo_uwide)a->t_num * b->t_den, r = (eo_uwide)b->t_num * a->t_den;
    return l < r || (l == r && a->index < b->index);
}

/* What a segment cast carries: the segment, its inputs and the sorted output so far. */
typedef struct seg_walk {
    seg_ctx c;
    const eo_box *boxes;
    const eo_broadphase_layer *layers, *filter;
    const eo_sectors *grid;     /* NULL: every box is tested */
    eo_query_segment_hit *hits;
    eo_index capacity, found;
    eo_hooks *hooks;
} seg_walk;

/* Keeps *h among the first `capacity` hits in order (a bounded insertion), counts it. */
static void keep_hit(seg_walk *w, const eo_query_segment_hit *h)
{
    eo_index at = w->found < w->capacity ? w->found : w->capacity;
    w->found++;
    if (at == w->capacity && (w->capacity == 0 || !hit_before(h, &w->hits[w->capacity - 1u])))
        return;
    if (at == w->capacity)
        at--;
    while (at > 0 && hit_before(h, &w->hits[at - 1u])) {
        w->hits[at] = w->hits[at - 1u];
        at--;
    }
    w->hits[at] = *h;
}

/* Box i against the segment; in sector (col, row) of a grid (col NO_CELL: no grid) only if the pixel
   it is hit at lies in that sector, so a box listed in several is reported once. */
static void test_box(seg_walk *w, eo_index i, eo_sectors_cell col, eo_sectors_cell row)
{
    eo_query_segment_hit h;
    const eo_box *b = &w->boxes[i];
    EO_COUNT(w->hooks, EO_COUNTER_QUERY_OBJECTS);
    if (!filter_passes(w->filter, w->layers, i)) {
        EO_STEP_ABOVE(w->hooks, EO_EV_QUERY_FILTERED, i, 0);
        return;
    }
    if (!in_reach(&w->c, b)) {
        EO_STEP_ABOVE(w->hooks, EO_EV_QUERY_MISS, i, 0);
        return;
    }
    EO_COUNT(w->hooks, EO_COUNTER_QUERY_TESTS);
    if (!segment_hits(&w->c, b, i, &h)) {
        EO_STEP_ABOVE(w->hooks, EO_EV_QUERY_MISS, i, 1);
        return;
    }
    if (col != NO_CELL) {
        eo_box p;
        eo_sectors_range r;
        p.x = h.x;
        p.y = h.y;
        p.w = 1;
        p.h = 1;
        (void)eo_sectors_box_range(w->grid, &p, &r);
        if (r.col0 != col || r.row0 != row) {
            EO_STEP_ABOVE(w->hooks, EO_EV_QUERY_DUPLICATE, i, CELL(w->grid, col, row));
            return;
        }
    }
    EO_STEP_BELOW(w->hooks, EO_EV_QUERY_HIT, i, (uint32_t)h.t_num * 16u + h.face); /* wraps past 2^28 */
    keep_hit(w, &h);
}

/* The sector columns a row of sectors can hold visited pixels in; pixel rows y_lo .. y_hi are the
   row's band within the segment's reach. A visited pixel (px, py) touches the segment (its closed
   square holds a point of it, a corner at least) at a point with y in py .. py + 1, so its px is
   within a pixel of the x the segment has for y in y_lo .. y_hi + 1: from u_lo to u_hi px along x
   from x0 (u = |y - y0| |dx| / |dy|). Rounded outward (a sector too many costs a little time, one
   too few would lose a hit): offsets floor(u_lo) - 1 .. floor(u_hi) + 1 within 0 .. |dx|.
   Returns 0 if the band holds none. */
static uint8_t row_columns(const seg_walk *w, eo_coord y_lo, eo_coord y_hi, eo_sectors_cell *col0, eo_sectors_cell *col1)
{
    const seg_ctx *c = &w->c;
    eo_coord px0 = c->min_x, px1 = c->max_x;
    eo_box p;
    eo_sectors_range r;

    if (c->sy != 0) {
        eo_coord yb = y_hi < c->max_y ? (eo_coord)(y_hi + 1) : c->max_y;
        eo_ucoord da = c->sy > 0 ? (eo_ucoord)((eo_ucoord)y_lo - (eo_ucoord)c->y0) : (eo_ucoord)((eo_ucoord)c->y0 - (eo_ucoord)y_lo);
        eo_ucoord db = c->sy > 0 ? (eo_ucoord)((eo_ucoord)yb - (eo_ucoord)c->y0) : (eo_ucoord)((eo_ucoord)c->y0 - (eo_ucoord)yb);
        eo_ucoord o_lo = (eo_ucoord)(((eo_uwide)(da < db ? da : db) * c->adx) / c->ady);
        eo_ucoord o_hi = (eo_ucoord)(((eo_uwide)(da < db ? db : da) * c->adx) / c->ady);
        o_lo = o_lo > 0 ? (eo_ucoord)(o_lo - 1u) : 0u;
        o_hi = o_hi < c->adx ? (eo_ucoord)(o_hi + 1u) : c->adx;
        if (c->sx >= 0) {
            px0 = (eo_coord)((eo_ucoord)c->x0 + o_lo);
            px1 = (eo_coord)((eo_ucoord)c->x0 + o_hi);
        } else {
            px0 = (eo_coord)((eo_ucoord)c->x0 - o_hi);
            px1 = (eo_coord)((eo_ucoord)c->x0 - o_lo);
        }
    } else if (c->y0 < y_lo || c->y0 > y_hi) {
        return 0; /* a horizontal segment visits only its own pixel row */
    }
    p.y = y_lo;
    p.w = 1;
    p.h = 1;
    p.x = px0;
    (void)eo_sectors_box_range(w->grid, &p, &r);
    *col0 = r.col0;
    p.x = px1;
    (void)eo_sectors_box_range(w->grid, &p, &r);
    *col1 = r.col0;
    return 1;
}

/* v clamped into lo .. hi. */
static eo_coord clamp_coord(eo_wide v, eo_coord lo, eo_coord hi)
{
    return v < lo ? lo : v > hi ? hi : (eo_coord)v;
}

/* The grid's sectors row by row, each only over the columns the segment can reach there. */
static void walk_sectors(seg_walk *w)
{
    const eo_sectors *g = w->grid;
    const seg_ctx *c = &w->c;
    eo_box p;
    eo_sectors_range r;
    eo_sectors_cell row, row1, col, col0, col1;

    p.x = c->min_x;
    p.y = c->min_y;
    p.w = 1;
    p.h = 1;
    (void)eo_sectors_box_range(g, &p, &r);
    row = r.row0;
    p.y = c->max_y;
    (void)eo_sectors_box_range(g, &p, &r);
    row1 = r.row0;
    for (;; row++) {
        /* this sector row's pixel rows within the segment's reach (the edge rows reach outward) */
        eo_wide top = (eo_wide)g->cfg.world_y + (eo_wide)row * (eo_wide)g->cell_h; /* < 256 * 2^EO_COORD_BITS */
        eo_coord y_lo = row == 0 ? c->min_y : clamp_coord(top, c->min_y, c->max_y);
        eo_coord y_hi = row + 1u >= g->cfg.rows ? c->max_y : clamp_coord(top + (eo_wide)g->cell_h - 1, c->min_y, c->max_y);
        if (y_lo <= y_hi && row_columns(w, y_lo, y_hi, &col0, &col1)) {
            EO_STEP_ABOVE(w->hooks, EO_EV_QUERY_ROW, row, col0 * 256 + col1);
            for (col = col0; col <= col1; col++) {
                eo_index k = CELL(g, col, row);
                const eo_index *run = SECTOR_RUN(g, k), *end = run + g->cell_len[k];
                EO_STEP_ABOVE(w->hooks, EO_EV_QUERY_SECTOR, k, (int32_t)g->cell_len[k]);
                for (; run < end; run++)
                    test_box(w, ENTRY_OBJECT(*run), col, row);
            }
        }
        if (row == row1)
            break;
    }
}

eo_result eo_query_segment_all(const eo_segment *seg, const eo_box *boxes, eo_index count,
                               const eo_sectors *grid, const eo_broadphase_layer *layers, const eo_broadphase_layer *filter,
                               eo_query_segment_hit *hits, eo_index capacity, eo_index *hit_count,
                               eo_hooks *hooks)
{
    seg_walk w;
    eo_index i;

    if (seg == NULL || hit_count == NULL || (count > 0 && boxes == NULL) || (capacity > 0 && hits == NULL))
        return EO_ERR_NULL_POINTER;
    if (grid != NULL && !grid->built)
        return EO_ERR_NOT_READY;
    if (grid != NULL && grid->object_count != count)
        return EO_ERR_BAD_ARGUMENT;
    seg_setup(seg, &w.c);
    EO_STEP_ABOVE(hooks, EO_EV_QUERY_SEGMENT, EO_PACK16(seg->x0, seg->y0), EO_PACK16(seg->x1, seg->y1));
    w.boxes = boxes;
    w.layers = layers;
    w.filter = filter;
    w.grid = grid;
    w.hits = hits;
    w.capacity = capacity;
    w.found = 0;
    w.hooks = hooks;
    if (grid != NULL) {
        if (count > 0)
            walk_sectors(&w);
    } else {
        for (i = 0; i < count; i++)
            test_box(&w, i, NO_CELL, NO_CELL);
    }
    return eo_query_finish(w.found, capacity, hit_count, hooks);
}

eo_result eo_query_segment_first(const eo_segment *seg, const eo_box *boxes, eo_index count,
                                 const eo_sectors *grid, const eo_broadphase_layer *layers, const eo_broadphase_layer *filter,
                                 eo_query_segment_hit *hit, uint8_t *found, eo_hooks *hooks)
{
    eo_query_segment_hit h;
    eo_index n = 0;
    eo_result r;
    if (hit == NULL || found == NULL)
        return EO_ERR_NULL_POINTER;
    r = eo_query_segment_all(seg, boxes, count, grid, layers, filter, &h, 1, &n, hooks);
    if (r != EO_OK && r != EO_ERR_BUFFER_TOO_SMALL)
        return r;
    *found = n > 0;
    if (n > 0)
        *hit = h;
    return EO_OK;
}
