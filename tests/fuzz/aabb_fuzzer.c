/* libFuzzer target for aabb.h (and eo_pixelmask_overlap_rect of pixelmask.h): up to 300 boxes anywhere in
   the eo_coord range (clustered so that many overlap), checked against brute force written here in
   64-bit arithmetic from the definitions in the headers:
     - eo_aabb_overlap and eo_aabb_overlap_ordered: the half-open overlap; the comparisons count:
       the four "ends at or before" tests in the order's axis order, up to the first that holds;
     - eo_aabb_find_pairs: exactly the brute-force pair list (i ascending, then j), the total and
       the comparison sum, with a short buffer holding its prefix;
     - eo_aabb_choose_order: the report of every pair of the sampled boxes (every stride-th box,
       stride = count / min(count, limit)), the order with fewer comparisons (X on a tie);
     - eo_aabb_circle_overlap: distance^2 < (r1 + r2)^2, radii outside 0 .. EO_AABB_CIRCLE_MAX_RADIUS refused;
     - eo_pixelmask_overlap_rect: the intersection of the two boxes, or w = h = 0 at the larger corner. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_N 300

static int empty(const eo_box *b)
{
    return b->w <= 0 || b->h <= 0;
}

/* "A ends at or before B starts" on one axis */
static int ends_before(int64_t pa, int64_t sa, int64_t pb)
{
    return pa + sa <= pb;
}

/* the overlap and the comparisons an order makes (0 for an empty box) */
static int ref_overlap(const eo_box *a, const eo_box *b, int y_first, unsigned *comparisons)
{
    int64_t p[2][2][2]; /* [axis][box][start, size] */
    int k;
    unsigned n = 0;
    if (a == NULL || b == NULL || empty(a) || empty(b)) {
        *comparisons = 0;
        return 0;
    }
    p[0][0][0] = a->x; p[0][0][1] = a->w; p[0][1][0] = b->x; p[0][1][1] = b->w;
    p[1][0][0] = a->y; p[1][0][1] = a->h; p[1][1][0] = b->y; p[1][1][1] = b->h;
    for (k = 0; k < 2; k++) {
        int ax = k ^ y_first;
        n++;
        if (ends_before(p[ax][0][0], p[ax][0][1], p[ax][1][0])) {
            *comparisons = n;
            return 0;
        }
        n++;
        if (ends_before(p[ax][1][0], p[ax][1][1], p[ax][0][0])) {
            *comparisons = n;
            return 0;
        }
    }
    *comparisons = n;
    return 1;
}

static void decode_boxes(fz *f, eo_box *b, uint16_t n)
{
    int64_t cx = fz_coord(f), cy = fz_coord(f), spread = 1 + (int64_t)fz_below(f, 2000);
    uint16_t i;
    for (i = 0; i < n; i++) {
        if ((fz_u8(f) & 15u) == 0) { /* a new cluster */
            cx = fz_coord(f);
            cy = fz_coord(f);
        }
        b[i].x = fz_near(f, cx, spread, 16);
        b[i].y = fz_near(f, cy, spread, 16);
        b[i].w = fz_size(f, spread);
        b[i].h = fz_size(f, spread);
    }
}

static void check_circles(fz *f)
{
    eo_aabb_circle c[2];
    uint8_t got = 0xEE;
    int k, bad = 0;
    eo_result r;
    for (k = 0; k < 2; k++) {
        c[k].x = fz_coord(f);
        c[k].y = k == 1 && (fz_u8(f) & 1u) ? fz_near(f, c[0].y, 40000, 0) : fz_coord(f);
        if (k == 1 && (fz_u8(f) & 1u))
            c[1].x = fz_near(f, c[0].x, 40000, 0);
        c[k].r = (fz_u8(f) & 7u) == 0 ? fz_coord(f) : (eo_coord)fz_below(f, EO_AABB_CIRCLE_MAX_RADIUS + 1u);
        bad |= c[k].r < 0 || c[k].r > EO_AABB_CIRCLE_MAX_RADIUS;
    }
    if ((fz_u8(f) & 3u) == 0) { /* touching or nearly: centres 3k, 4k apart, radii summing to 5k + e */
        int64_t m = fz_range(f, 0, 6553), e = fz_range(f, -1, 1), r0 = fz_range(f, 0, 5 * m + e < 0 ? 0 : 5 * m + e);
        c[1].x = fz_clamp((int64_t)c[0].x + ((fz_u8(f) & 1u) ? 3 * m : -3 * m));
        c[1].y = fz_clamp((int64_t)c[0].y + ((fz_u8(f) & 1u) ? 4 * m : -4 * m));
        c[0].r = (eo_coord)(r0 > EO_AABB_CIRCLE_MAX_RADIUS ? EO_AABB_CIRCLE_MAX_RADIUS : r0);
        c[1].r = (eo_coord)(5 * m + e - c[0].r < 0 ? 0 : 5 * m + e - c[0].r > EO_AABB_CIRCLE_MAX_RADIUS ? EO_AABB_CIRCLE_MAX_RADIUS : 5 * m + e - c[0].r);
        bad = 0;
    }
    r = eo_aabb_circle_overlap(&c[0], &c[1], &got, NULL);
    if (bad) {
        if (r != EO_ERR_BAD_ARGUMENT || got != 0xEE)
            abort();
    } else {
        int64_t dx = llabs((int64_t)c[0].x - c[1].x), dy = llabs((int64_t)c[0].y - c[1].y);
        int64_t reach = (int64_t)c[0].r + c[1].r;
        /* |dx| >= reach alone means apart; below it the squares are small */
        int want = dx < reach && dy < reach && dx * dx + dy * dy < reach * reach;
        if (r != EO_OK || got != want)
            abort();
    }
    if (eo_aabb_circle_overlap(NULL, &c[1], &got, NULL) != EO_ERR_NULL_POINTER ||
        eo_aabb_circle_overlap(&c[0], &c[1], NULL, NULL) != EO_ERR_NULL_POINTER)
        abort();
}

static void check_rect(const eo_box *a, const eo_box *b)
{
    eo_box out;
    int64_t x0 = a->x > b->x ? a->x : b->x, y0 = a->y > b->y ? a->y : b->y;
    int64_t x1 = (int64_t)a->x + a->w < (int64_t)b->x + b->w ? (int64_t)a->x + a->w : (int64_t)b->x + b->w;
    int64_t y1 = (int64_t)a->y + a->h < (int64_t)b->y + b->h ? (int64_t)a->y + a->h : (int64_t)b->y + b->h;
    uint8_t hit = eo_pixelmask_overlap_rect(a, b, &out);
    if (empty(a) || empty(b)) {
        if (hit || out.x != 0 || out.y != 0 || out.w != 0 || out.h != 0)
            abort();
    } else if (x0 < x1 && y0 < y1) {
        if (!hit || out.x != x0 || out.y != y0 || out.w != x1 - x0 || out.h != y1 - y0)
            abort();
    } else if (hit || out.x != x0 || out.y != y0 || out.w != 0 || out.h != 0) {
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static eo_box boxes[MAX_N];
    static eo_pair want[MAX_N * (MAX_N - 1) / 2];
    fz f;
    eo_pair *got;
    uint16_t n, i, j;
    uint32_t n_want = 0, cmp_want[2] = { 0, 0 }, cap, count, comparisons;
    unsigned c;
    int order;
    eo_aabb_order_report rep;
    uint8_t limit;
    uint16_t picked, stride;
    eo_result r;

    fz_init(&f, data, size);
    n = (uint16_t)(fz_rare(&f, 64) ? fz_below(&f, MAX_N + 1u) : fz_below(&f, 24));
    decode_boxes(&f, boxes, n);
    check_circles(&f);

    /* the box test, every order, and the pair list */
    for (i = 0; i < n; i++)
        for (j = (uint16_t)(i + 1u); j < n; j++) {
            unsigned cy;
            int o = ref_overlap(&boxes[i], &boxes[j], 0, &c);
            (void)ref_overlap(&boxes[i], &boxes[j], 1, &cy);
            cmp_want[0] += c;
            cmp_want[1] += cy;
            if (o) {
                want[n_want].a = i;
                want[n_want].b = j;
                n_want++;
            }
        }
    for (c = 0; c < 16 && n > 0; c++) {
        const eo_box *a = &boxes[fz_below(&f, n)], *b = &boxes[fz_below(&f, n)];
        unsigned want_c;
        uint8_t got_c = 0xEE;
        int o = ref_overlap(a, b, 0, &want_c);
        if (eo_aabb_overlap(a, b) != o)
            abort();
        for (order = 0; order < 2; order++) {
            o = ref_overlap(a, b, order, &want_c);
            if (eo_aabb_overlap_ordered(a, b, (eo_aabb_order)order, &got_c, NULL) != o || got_c != want_c)
                abort();
        }
        check_rect(a, b);
    }
    if (eo_aabb_overlap(NULL, &boxes[0]) != 0 || eo_aabb_overlap_ordered(&boxes[0], NULL, EO_AABB_X_FIRST, NULL, NULL) != 0)
        abort();

    order = fz_u8(&f) & 1;
    cap = (fz_u8(&f) & 3u) == 0 ? fz_below(&f, n_want + 2u) : n_want;
    got = malloc(sizeof *got * (cap ? cap : 1u));
    count = 0xDEAD;
    comparisons = 0xDEAD;
    r = eo_aabb_find_pairs(boxes, n, (eo_aabb_order)order, cap ? got : NULL, cap, &count,
                           (fz_u8(&f) & 1u) ? &comparisons : NULL, NULL);
    if (r != (n_want > cap ? EO_ERR_BUFFER_TOO_SMALL : EO_OK) || count != n_want ||
        (comparisons != 0xDEAD && comparisons != cmp_want[order]))
        abort();
    if (memcmp(got, want, sizeof *got * (n_want < cap ? n_want : cap)) != 0)
        abort();
    free(got);

    /* choose_order on the evenly spread sample */
    limit = fz_u8(&f);
    r = eo_aabb_choose_order(boxes, n, limit, &rep, NULL);
    if (limit < 2) {
        if (r != EO_ERR_BAD_ARGUMENT)
            abort();
    } else {
        uint32_t cx = 0, cy = 0, ax = 0, ay = 0, pairs = 0;
        picked = n < limit ? n : limit;
        stride = (uint16_t)(picked ? n / picked : 1u);
        for (i = 0; i < picked; i++)
            for (j = (uint16_t)(i + 1u); j < picked; j++) {
                unsigned nx, ny;
                (void)ref_overlap(&boxes[i * stride], &boxes[j * stride], 0, &nx);
                (void)ref_overlap(&boxes[i * stride], &boxes[j * stride], 1, &ny);
                pairs++;
                cx += nx;
                cy += ny;
                ax += nx >= 1 && nx <= 2; /* stopped by an X comparison */
                ay += ny >= 1 && ny <= 2;
            }
        if (r != EO_OK || rep.pairs_sampled != pairs || rep.comparisons_x_first != cx || rep.comparisons_y_first != cy ||
            rep.apart_on_x != ax || rep.apart_on_y != ay || rep.order != (cy < cx ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST))
            abort();
    }
    if (eo_aabb_choose_order(boxes, n, 2, NULL, NULL) != EO_ERR_NULL_POINTER)
        abort();
    return 0;
}
