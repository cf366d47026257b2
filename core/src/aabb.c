/* Box and circle overlap, with the axis order made visible. See earlyout/aabb.h. Shown line by
   line in lesson 2: keep it readable. */
#include "earlyout/aabb.h"

#include <stddef.h>

#include "hooks.h"

/* Does the span starting at pa with size sa (> 0) end at or before pb? That is
   pa + sa <= pb, decided without forming pa + sa (which can pass EO_COORD_MAX). */
static uint8_t ends_before(eo_coord pa, eo_coord sa, eo_coord pb)
{
    if (pb < pa)
        return 0;
    return (eo_ucoord)((eo_ucoord)pb - (eo_ucoord)pa) >= (eo_ucoord)sa; /* distance 0..EO_UCOORD_MAX */
}

uint8_t eo_aabb_overlap_ordered(const eo_box *a, const eo_box *b, eo_aabb_order order,
                                uint8_t *comparisons, eo_hooks *hooks)
{
    uint8_t n = 0, axis, result = 1;

    if (a == NULL || b == NULL || a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0) {
        EO_STEP_ABOVE(hooks, EO_EV_AABB_EMPTY, 0, 0);
        result = 0;
        goto done;
    }
    for (axis = 0; axis < 2; axis++) {
        /* axis 0 is the first one tested: X when order is X_FIRST */
        uint8_t y = (uint8_t)(axis ^ (uint8_t)order);
        eo_coord pa = y ? a->y : a->x, sa = y ? a->h : a->w;
        eo_coord pb = y ? b->y : b->x, sb = y ? b->h : b->w;

        uint8_t apart;

        n++;
        apart = ends_before(pa, sa, pb);
        EO_STEP_ABOVE(hooks, EO_EV_AABB_A_BEFORE_B, y, apart);
        if (apart) {
            result = 0;
            break;
        }
        n++;
        apart = ends_before(pb, sb, pa);
        EO_STEP_ABOVE(hooks, EO_EV_AABB_B_BEFORE_A, y, apart);
        if (apart) {
            result = 0;
            break;
        }
    }
done:
    EO_COUNT(hooks, EO_COUNTER_AABB_TESTS);
    EO_COUNT_ADD(hooks, EO_COUNTER_AABB_COMPARISONS, n);
    EO_COUNT_ADD(hooks, EO_COUNTER_AABB_OVERLAPS, result);
    if (comparisons != NULL)
        *comparisons = n;
    EO_STEP_BELOW(hooks, EO_EV_AABB_RESULT, result, n);
    return result;
}

/* The answer of eo_aabb_overlap_ordered for two non-empty boxes, straight-line (on a Z80 half
   the cost of the generic version), X first or Y first: the same answer either way, the order
   only changes which comparison rejects first. Inlined in the loops. */
static inline uint8_t overlap_x_first(const eo_box *a, const eo_box *b)
{
    return !ends_before(a->x, a->w, b->x) && !ends_before(b->x, b->w, a->x) &&
           !ends_before(a->y, a->h, b->y) && !ends_before(b->y, b->h, a->y);
}

static inline uint8_t overlap_y_first(const eo_box *a, const eo_box *b)
{
    return !ends_before(a->y, a->h, b->y) && !ends_before(b->y, b->h, a->y) &&
           !ends_before(a->x, a->w, b->x) && !ends_before(b->x, b->w, a->x);
}

uint8_t eo_aabb_overlap(const eo_box *a, const eo_box *b)
{
    if (a == NULL || b == NULL || a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0)
        return 0;
    return overlap_x_first(a, b);
}

/* eo_aabb_find_pairs when nobody counts comparisons or records steps: the straight-line test,
   and an empty box skipped once instead of per pair. Returns the pairs found. */
static uint32_t find_pairs_fast(const eo_box *boxes, uint16_t count, uint8_t y_first,
                                eo_pair *pairs, uint32_t pair_capacity)
{
    const eo_box *a, *b, *end = boxes + count;
    uint32_t found = 0;
    for (a = boxes; a < end; a++) {
        if (a->w <= 0 || a->h <= 0)
            continue;
        for (b = a + 1; b < end; b++) {
            if (b->w <= 0 || b->h <= 0 || !(y_first ? overlap_y_first(a, b) : overlap_x_first(a, b)))
                continue;
            if (found < pair_capacity) {
                pairs[found].a = (uint16_t)(a - boxes);
                pairs[found].b = (uint16_t)(b - boxes);
            }
            found++;
        }
    }
    return found;
}

eo_result eo_aabb_find_pairs(const eo_box *boxes, uint16_t count, eo_aabb_order order,
                             eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                             uint32_t *comparisons, eo_hooks *hooks)
{
    uint16_t i, j;
    uint32_t found = 0, total = 0;
    uint8_t n, fast;

    if (pair_count == NULL || (count > 0 && boxes == NULL) || (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    if (order != EO_AABB_X_FIRST && order != EO_AABB_Y_FIRST)
        return EO_ERR_BAD_ARGUMENT;
    fast = comparisons == NULL;
    EO_TRACED(fast = fast && hooks == NULL;) /* a traced call records every comparison */
    if (fast) {
        found = find_pairs_fast(boxes, count, order == EO_AABB_Y_FIRST, pairs, pair_capacity);
        *pair_count = found;
        return found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
    }
    for (i = 0; i + 1u < count; i++) {
        for (j = (uint16_t)(i + 1u); j < count; j++) {
            uint8_t hit = eo_aabb_overlap_ordered(&boxes[i], &boxes[j], order, &n, hooks);
            total += n;
            if (!hit)
                continue;
            if (found < pair_capacity) {
                pairs[found].a = i;
                pairs[found].b = j;
            }
            found++;
        }
    }
    *pair_count = found;
    if (comparisons != NULL)
        *comparisons = total;
    return found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}

eo_result eo_aabb_choose_order(const eo_box *boxes, uint16_t count, uint8_t sample_limit,
                               eo_aabb_order_report *report, eo_hooks *hooks)
{
    uint16_t stride, i, j, picked;
    eo_aabb_order_report r = { EO_AABB_X_FIRST, 0, 0, 0, 0, 0 };

    if (report == NULL || (count > 0 && boxes == NULL))
        return EO_ERR_NULL_POINTER;
    if (sample_limit < 2)
        return EO_ERR_BAD_ARGUMENT;
    /* every stride-th box, so a scene sorted by row or column is still sampled across */
    picked = count < sample_limit ? count : sample_limit;
    stride = picked > 0 ? (uint16_t)(count / picked) : 1u;
    for (i = 0; i < picked; i++) {
        for (j = (uint16_t)(i + 1u); j < picked; j++) {
            const eo_box *a = &boxes[(uint16_t)(i * stride)], *b = &boxes[(uint16_t)(j * stride)];
            uint8_t nx, ny;
            (void)eo_aabb_overlap_ordered(a, b, EO_AABB_X_FIRST, &nx, NULL);
            (void)eo_aabb_overlap_ordered(a, b, EO_AABB_Y_FIRST, &ny, NULL);
            r.pairs_sampled++;
            r.comparisons_x_first += nx;
            r.comparisons_y_first += ny;
            if (nx > 0 && nx <= 2) r.apart_on_x++; /* X first stopped within the X comparisons */
            if (ny > 0 && ny <= 2) r.apart_on_y++;
        }
    }
    r.order = r.comparisons_y_first < r.comparisons_x_first ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST;
    EO_STEP_ABOVE(hooks, EO_EV_AABB_ORDER_CHOSEN, r.order, (int32_t)r.pairs_sampled);
    *report = r;
    return EO_OK;
}

/* |a - b| as the unsigned distance (0 .. EO_UCOORD_MAX). */
static eo_ucoord distance(eo_coord a, eo_coord b)
{
    return a >= b ? (eo_ucoord)((eo_ucoord)a - (eo_ucoord)b) : (eo_ucoord)((eo_ucoord)b - (eo_ucoord)a);
}

eo_result eo_aabb_circle_overlap(const eo_aabb_circle *a, const eo_aabb_circle *b, uint8_t *overlap, eo_hooks *hooks)
{
    eo_ucoord dx, dy;
    uint16_t reach;
    uint32_t d2, reach2;

    if (a == NULL || b == NULL || overlap == NULL)
        return EO_ERR_NULL_POINTER;
    if (a->r < 0 || a->r > EO_AABB_CIRCLE_MAX_RADIUS || b->r < 0 || b->r > EO_AABB_CIRCLE_MAX_RADIUS)
        return EO_ERR_BAD_ARGUMENT;
    reach = (uint16_t)((uint16_t)a->r + (uint16_t)b->r); /* <= 32766 */
    dx = distance(a->x, b->x);
    dy = distance(a->y, b->y);
    EO_STEP_ABOVE(hooks, EO_EV_AABB_CIRCLE_DELTA, dx, dy); /* a trace value: wraps past INT32_MAX */
    /* box pre-test: a centre distance of reach or more on one axis is already too far, and
       after it dx, dy < reach <= 32766, so the squares below fit in 32 bits */
    if (dx >= reach || dy >= reach) {
        EO_STEP_ABOVE(hooks, EO_EV_AABB_CIRCLE_RESULT, 0, 0);
        *overlap = 0;
        return EO_OK;
    }
    d2 = (uint32_t)dx * (uint32_t)dx + (uint32_t)dy * (uint32_t)dy;
    reach2 = (uint32_t)reach * reach;
    EO_STEP_BELOW(hooks, EO_EV_AABB_CIRCLE_SQUARES, (int32_t)d2, (int32_t)reach2);
    *overlap = d2 < reach2;
    EO_STEP_ABOVE(hooks, EO_EV_AABB_CIRCLE_RESULT, *overlap, 1);
    return EO_OK;
}
