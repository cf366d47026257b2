/* The tests' reference for segments: which pixels a segment visits, in order, computed two ways
   that share no code with the core (plain int64_t rationals):

   ref_pixels_geometric: from the definition in query.h / raycast.h, pixel by pixel over a box
       around the segment: a pixel is visited if a point of the segment lies in it (the t-interval
       where x is in [px, px + 1) and y in [py, py + 1), intersected with [0, 1], is not empty) or
       if it is a side pixel of a corner the segment passes through diagonally (a lattice point
       P(t) where it crosses a vertical and a horizontal line at once); its visit is the least
       (t, rank). Quadratic in the segment's length: short segments only.
   ref_pixels_events: every line crossing as an event (t = k / |dx| per vertical line, k / |dy|
       per horizontal one), merged by t, a corner when two are equal. Linear: any length. The
       tests check it equals the geometric one on short segments, then trust it on long ones.

   A visit: pixel (x, y), t = n / d, rank 0 (start), 1 (across a vertical line), 2 (across a
   horizontal line), 3 (diagonally through a corner). */
#ifndef EARLYOUT_TESTS_WALK_REFERENCE_H
#define EARLYOUT_TESTS_WALK_REFERENCE_H

#include <stdint.h>
#include <stdlib.h>

typedef struct ref_visit {
    int32_t x, y;
    int64_t n, d;
    int rank;
} ref_visit;

/* a before b: t, then rank */
static inline int ref_before(const ref_visit *a, const ref_visit *b)
{
    int64_t l = a->n * b->d, r = b->n * a->d;
    return l < r || (l == r && a->rank < b->rank);
}

static inline int ref_cmp(const void *pa, const void *pb)
{
    const ref_visit *a = pa, *b = pb;
    return ref_before(a, b) ? -1 : ref_before(b, a) ? 1 : 0;
}

static inline int64_t ref_floor_div(int64_t a, int64_t b) /* b > 0 */
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static inline int64_t ref_ceil_div(int64_t a, int64_t b) /* b > 0 */
{
    return -ref_floor_div(-a, b);
}

/* One bound of a t-interval: value n / d (d > 0), closed or open; inf marks no bound. */
typedef struct ref_bound {
    int64_t n, d;
    int closed, inf;
} ref_bound;

static inline int64_t ref_cmp_frac(int64_t n1, int64_t d1, int64_t n2, int64_t d2)
{
    int64_t l = n1 * d2, r = n2 * d1;
    return l < r ? -1 : l > r ? 1 : 0;
}

/* lower bound: the larger wins, open on a tie */
static inline void ref_raise(ref_bound *lo, int64_t n, int64_t d, int closed)
{
    int64_t c;
    if (d < 0) {
        n = -n;
        d = -d;
    }
    if (lo->inf) {
        lo->n = n; lo->d = d; lo->closed = closed; lo->inf = 0;
        return;
    }
    c = ref_cmp_frac(n, d, lo->n, lo->d);
    if (c > 0 || (c == 0 && !closed)) {
        lo->n = n; lo->d = d; lo->closed = closed;
    }
}

/* upper bound: the smaller wins, open on a tie */
static inline void ref_lower(ref_bound *hi, int64_t n, int64_t d, int closed)
{
    int64_t c;
    if (d < 0) {
        n = -n;
        d = -d;
    }
    if (hi->inf) {
        hi->n = n; hi->d = d; hi->closed = closed; hi->inf = 0;
        return;
    }
    c = ref_cmp_frac(n, d, hi->n, hi->d);
    if (c < 0 || (c == 0 && !closed)) {
        hi->n = n; hi->d = d; hi->closed = closed;
    }
}

/* Narrows [lo, hi] to the t where p0 + t * dp lies in [q, q + 1). Returns 0 if that is never. */
static inline int ref_axis(int64_t p0, int64_t dp, int64_t q, ref_bound *lo, ref_bound *hi)
{
    if (dp == 0)
        return p0 == q;
    if (dp > 0) {
        ref_raise(lo, q - p0, dp, 1);     /* t >= (q - p0) / dp */
        ref_lower(hi, q + 1 - p0, dp, 0); /* t < (q + 1 - p0) / dp */
    } else {
        ref_lower(hi, p0 - q, -dp, 1);     /* t <= (p0 - q) / |dp| */
        ref_raise(lo, p0 - q - 1, -dp, 0); /* t > (p0 - q - 1) / |dp| */
    }
    return 1;
}

/* The pixel coordinate just before t = n / d (t > 0) on an axis from p0 moving dp. */
static inline int32_t ref_before_px(int64_t p0, int64_t dp, int64_t n, int64_t d)
{
    int64_t num = p0 * d + n * dp; /* the coordinate is num / d */
    if (dp > 0)
        return (int32_t)(ref_ceil_div(num, d) - 1);
    if (dp < 0)
        return (int32_t)ref_floor_div(num, d);
    return (int32_t)p0;
}

static inline void ref_offer(ref_visit *grid, uint8_t *seen, int32_t gx0, int32_t gy0, int32_t gw, int32_t gh,
                             int32_t x, int32_t y, int64_t n, int64_t d, int rank)
{
    ref_visit v;
    int32_t k;
    if (x < gx0 || y < gy0 || x >= gx0 + gw || y >= gy0 + gh)
        abort(); /* the reference's own box was too small */
    k = (y - gy0) * gw + (x - gx0);
    v.x = x; v.y = y; v.n = n; v.d = d; v.rank = rank;
    if (!seen[k] || ref_before(&v, &grid[k])) {
        grid[k] = v;
        seen[k] = 1;
    }
}

static inline int64_t ref_gcd(int64_t a, int64_t b)
{
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Geometric reference: the visits of the segment, sorted; returns their number (out holds at
   least (|dx| + 5) * (|dy| + 5) entries; the box searched is the endpoints' range plus 2). */
static inline int ref_pixels_geometric(int32_t x0, int32_t y0, int32_t x1, int32_t y1, ref_visit *out)
{
    int32_t dx = x1 - x0, dy = y1 - y0;
    int32_t gx0 = (x0 < x1 ? x0 : x1) - 2, gy0 = (y0 < y1 ? y0 : y1) - 2;
    int32_t gw = abs(dx) + 5, gh = abs(dy) + 5, px, py;
    ref_visit *grid = malloc(sizeof(ref_visit) * (size_t)(gw * gh));
    uint8_t *seen = calloc((size_t)(gw * gh), 1);
    int count = 0, k;

    /* pixels holding a point of the segment */
    for (py = gy0; py < gy0 + gh; py++)
        for (px = gx0; px < gx0 + gw; px++) {
            ref_bound lo = { 0, 1, 1, 0 }, hi = { 1, 1, 1, 0 };
            int64_t c;
            if (!ref_axis(x0, dx, px, &lo, &hi) || !ref_axis(y0, dy, py, &lo, &hi))
                continue;
            c = ref_cmp_frac(lo.n, lo.d, hi.n, hi.d);
            if (c > 0 || (c == 0 && !(lo.closed && hi.closed)))
                continue;
            if (lo.n == 0 && px == x0 && py == y0) {
                ref_offer(grid, seen, gx0, gy0, gw, gh, px, py, 0, 1, 0);
            } else {
                int32_t lx = lo.n == 0 ? x0 : ref_before_px(x0, dx, lo.n, lo.d);
                int32_t ly = lo.n == 0 ? y0 : ref_before_px(y0, dy, lo.n, lo.d);
                int rank = (px != lx ? 1 : 0) + (py != ly ? 2 : 0);
                if (rank == 0)
                    abort(); /* entered from itself: the reference is wrong */
                ref_offer(grid, seen, gx0, gy0, gw, gh, px, py, lo.n, lo.d, rank);
            }
        }
    /* side pixels at corners passed diagonally */
    if (dx != 0 && dy != 0) {
        int64_t g = ref_gcd(abs(dx), abs(dy)), j;
        for (j = 0; j <= g; j++) {
            int32_t cx = (int32_t)(x0 + j * dx / g), cy = (int32_t)(y0 + j * dy / g);
            int32_t lx = cx - (dx > 0), ly = cy - (dy > 0), ex = cx - (dx < 0), ey = cy - (dy < 0);
            if ((j == 0 && !(dx < 0 && dy < 0)) || (j == g && !(dx > 0 && dy > 0)))
                continue;
            ref_offer(grid, seen, gx0, gy0, gw, gh, ex, ly, j, g, 1);
            ref_offer(grid, seen, gx0, gy0, gw, gh, lx, ey, j, g, 2);
            ref_offer(grid, seen, gx0, gy0, gw, gh, ex, ey, j, g, 3);
        }
    }
    for (k = 0; k < gw * gh; k++)
        if (seen[k])
            out[count++] = grid[k];
    qsort(out, (size_t)count, sizeof *out, ref_cmp);
    free(grid);
    free(seen);
    return count;
}

/* Event reference: calls visit(ctx, v) for each visit in order until it returns nonzero; returns
   the number of visits made. */
typedef int (*ref_visit_fn)(void *ctx, const ref_visit *v);

static inline long ref_pixels_events(int32_t x0, int32_t y0, int32_t x1, int32_t y1, ref_visit_fn visit, void *ctx)
{
    int64_t dx = x1 - x0, dy = y1 - y0, adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
    int sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    /* the k-th crossing of each axis: distance k + first (first 1 forward, 0 back) while valid */
    int64_t kx = sx > 0 ? 1 : 0, ky = sy > 0 ? 1 : 0, lastx = sx > 0 ? adx : adx - 1, lasty = sy > 0 ? ady : ady - 1;
    ref_visit v;
    long count = 1;
    int32_t cx = x0, cy = y0;

    v.x = x0; v.y = y0; v.n = 0; v.d = 1; v.rank = 0;
    if (visit(ctx, &v))
        return count;
    for (;;) {
        int hx = sx != 0 && kx <= lastx, hy = sy != 0 && ky <= lasty;
        int64_t c;
        if (!hx && !hy)
            return count;
        c = hx && hy ? ref_cmp_frac(kx, adx, ky, ady) : hx ? -1 : 1;
        if (c < 0) {
            cx += sx;
            v.x = cx; v.y = cy; v.n = kx; v.d = adx; v.rank = 1;
            kx++;
            count++;
            if (visit(ctx, &v))
                return count;
        } else if (c > 0) {
            cy += sy;
            v.x = cx; v.y = cy; v.n = ky; v.d = ady; v.rank = 2;
            ky++;
            count++;
            if (visit(ctx, &v))
                return count;
        } else {
            v.n = kx; v.d = adx;
            v.x = cx + sx; v.y = cy; v.rank = 1;
            count++;
            if (visit(ctx, &v))
                return count;
            v.x = cx; v.y = cy + sy; v.rank = 2;
            count++;
            if (visit(ctx, &v))
                return count;
            cx += sx;
            cy += sy;
            v.x = cx; v.y = cy; v.rank = 3;
            count++;
            if (visit(ctx, &v))
                return count;
            kx++;
            ky++;
        }
    }
}

/* The face a visit's rank stands for, moving (dx, dy): the side of the cell entered through. */
static inline uint8_t ref_face(int rank, int32_t dx, int32_t dy)
{
    uint8_t f = 0;
    if (rank == 1 || rank == 3)
        f = dx > 0 ? 0x01u : 0x02u; /* EO_HIT_LEFT, EO_HIT_RIGHT */
    if (rank == 2 || rank == 3)
        f = (uint8_t)(f | (dy > 0 ? 0x04u : 0x08u)); /* EO_HIT_TOP, EO_HIT_BOTTOM */
    return f;
}

#endif
