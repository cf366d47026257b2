/* Push-out, normals and the time of impact of a moving box. See earlyout/contact.h. Shown line by
   line in lesson 7: keep it readable. Every sum that can pass eo_coord is formed in eo_wide. */
#include "earlyout/contact.h"

#include <stddef.h>

#include "boxes.h"
#include "hooks.h"

/* ---- small tools ------------------------------------------------------------------------- */

static eo_wide abs_wide(eo_wide v)
{
    return v < 0 ? -v : v;
}

/* The largest r with r * r <= v: Newton's method from above, in eo_uwide. */
static eo_uwide isqrt(eo_uwide v)
{
    eo_uwide r = v, next;
    if (v < 2u)
        return v;
    next = (r + 1u) / 2u; /* r / 2 + 1 / 2 without overflow for v near the top */
    while (next < r) {
        r = next;
        next = (r + v / r) / 2u;
    }
    return r;
}

/* Can a span of size len start at p, its last pixel inside the world? */
static uint8_t fits_world(eo_wide p, eo_coord len)
{
    return p >= EO_COORD_MIN && p + len - 1 <= EO_COORD_MAX;
}

/* Can span a (start, len) move by m: a move an eo_coord holds, to a place inside the world? */
static uint8_t move_fits(eo_coord a, eo_coord len, eo_wide m)
{
    return m >= -(eo_wide)EO_COORD_MAX && m <= EO_COORD_MAX && fits_world((eo_wide)a + m, len);
}

/* Vector (ax, ay) (not both 0) scaled by a power of two until its larger component is 2^13 ..
   2^14 - 1, and the scaled vector's length, rounded down: precise to 1 part in 8,000, and the
   squares fit 32 bits (the 16-bit build's eo_uwide). */
static eo_uwide scaled(eo_uwide *ax, eo_uwide *ay)
{
    while (*ax >= 0x4000u || *ay >= 0x4000u) {
        *ax >>= 1;
        *ay >>= 1;
    }
    while (*ax < 0x2000u && *ay < 0x2000u) {
        *ax <<= 1;
        *ay <<= 1;
    }
    return isqrt(*ax * *ax + *ay * *ay);
}

/* (x, y) / |(x, y)| in 1/EO_CONTACT_ONE, each rounded to the nearest; (0, 0) stays. */
static void unit_normal(eo_wide x, eo_wide y, int16_t *nx, int16_t *ny)
{
    eo_uwide ax = (eo_uwide)abs_wide(x), ay = (eo_uwide)abs_wide(y), len;
    if (ax == 0 && ay == 0) {
        *nx = *ny = 0;
        return;
    }
    len = scaled(&ax, &ay);
    *nx = (int16_t)((eo_wide)((ax * EO_CONTACT_ONE + len / 2u) / len) * (x < 0 ? -1 : 1));
    *ny = (int16_t)((eo_wide)((ay * EO_CONTACT_ONE + len / 2u) / len) * (y < 0 ? -1 : 1));
}

static void clear_push(eo_contact_push *p)
{
    p->x = p->y = p->along_x = p->along_y = 0;
    p->nx = p->ny = 0;
    p->overlap = 0;
    p->face = 0;
}

/* ---- boxes --------------------------------------------------------------------------------- */

/* The shortest move of span a (start, len) along one axis that parts it from span b, whose overlap
   is known: back before b, or on past it; the shorter, the negative one on a tie, the other if the
   shorter one leaves the world. 0 if neither fits (a span as long as the world). */
static eo_wide part_spans(eo_coord a, eo_coord a_len, eo_coord b, eo_coord b_len)
{
    eo_wide back = (eo_wide)b - a_len - a;  /* <= 0: a ends where b starts */
    eo_wide on = (eo_wide)b + b_len - a;    /* >= 0: a starts where b ends */
    uint8_t back_ok = move_fits(a, a_len, back), on_ok = move_fits(a, a_len, on);
    if (back_ok && (!on_ok || -back <= on))
        return back;
    return on_ok ? on : 0;
}

eo_result eo_contact_push_boxes(const eo_box *a, const eo_box *b, eo_contact_push *out, eo_hooks *hooks)
{
    eo_wide along_x, along_y;
    if (a == NULL || b == NULL || out == NULL)
        return EO_ERR_NULL_POINTER;
    if (!box_ok(a) || !box_ok(b))
        return EO_ERR_BAD_ARGUMENT;
    clear_push(out);
    if (!spans_meet(a->x, a->w, b->x, b->w) || !spans_meet(a->y, a->h, b->y, b->h))
        return EO_OK; /* apart, or touching */
    out->overlap = 1;
    /* each axis alone: the shorter way out (both fit eo_coord: at most half of the two sizes) */
    along_x = part_spans(a->x, a->w, b->x, b->w);
    along_y = part_spans(a->y, a->h, b->y, b->h);
    EO_STEP_ABOVE(hooks, EO_EV_CONTACT_AXES, along_x, along_y);
    out->along_x = (eo_coord)along_x;
    out->along_y = (eo_coord)along_y;
    /* the push: the shorter axis (Y on a tie, or when X has no way out) */
    if (along_x != 0 && (along_y == 0 || abs_wide(along_x) < abs_wide(along_y))) {
        out->x = (eo_coord)along_x;
        out->nx = (int16_t)(along_x < 0 ? -EO_CONTACT_ONE : EO_CONTACT_ONE);
        out->face = (uint8_t)(along_x < 0 ? EO_HIT_RIGHT : EO_HIT_LEFT);
    } else {
        out->y = (eo_coord)along_y;
        out->ny = (int16_t)(along_y < 0 ? -EO_CONTACT_ONE : EO_CONTACT_ONE);
        out->face = (uint8_t)(along_y < 0 ? EO_HIT_BOTTOM : EO_HIT_TOP);
    }
    EO_STEP_ABOVE(hooks, EO_EV_CONTACT_PUSH, out->x, out->y);
    return EO_OK;
}

/* ---- circles ------------------------------------------------------------------------------- */

/* Parts a circle of radius r whose centre is at v from the point it must stay r away from (v != 0,
   |v| < r): the centre's new offset is v * r / |v|, each component rounded away from 0 (from the
   scaled vector, so within a pixel of it), grown where rounding left it short of r, then each
   shortened by a pixel where that still parts them. Components stay at most r + 1. */
static void push_from_point(eo_wide vx, eo_wide vy, eo_coord r, eo_contact_push *out)
{
    eo_uwide ur = (eo_uwide)(eo_ucoord)r; /* r >= 0 */
    eo_uwide ax = (eo_uwide)abs_wide(vx), ay = (eo_uwide)abs_wide(vy), rr = ur * ur;
    eo_uwide ux = ax, uy = ay, len = scaled(&ux, &uy), px, py;
    px = (ux * ur + len - 1u) / len;
    py = (uy * ur + len - 1u) / len;
    px = px < ax ? ax : px; /* never toward the point */
    py = py < ay ? ay : py;
    while (px * px + py * py < rr) {
        if (ux >= uy)
            px++;
        else
            py++;
    }
    if (px > ax && (px - 1u) * (px - 1u) + py * py >= rr)
        px--;
    if (py > ay && px * px + (py - 1u) * (py - 1u) >= rr)
        py--;
    out->x = (eo_coord)((eo_wide)(px - ax) * (vx < 0 ? -1 : 1));
    out->y = (eo_coord)((eo_wide)(py - ay) * (vy < 0 ? -1 : 1));
    unit_normal(vx, vy, &out->nx, &out->ny);
}

/* Is the circle's centre still in the world after the push? (The push is at most its reach + 1.) */
static eo_result centre_moves(const eo_aabb_circle *a, const eo_contact_push *p)
{
    eo_wide x = (eo_wide)a->x + p->x, y = (eo_wide)a->y + p->y;
    return x < EO_COORD_MIN || x > EO_COORD_MAX || y < EO_COORD_MIN || y > EO_COORD_MAX ? EO_ERR_BAD_ARGUMENT : EO_OK;
}

eo_result eo_contact_push_circles(const eo_aabb_circle *a, const eo_aabb_circle *b, eo_contact_push *out,
                                  eo_hooks *hooks)
{
    eo_contact_push p;
    eo_wide vx, vy;
    eo_coord reach;
    if (a == NULL || b == NULL || out == NULL)
        return EO_ERR_NULL_POINTER;
    if (a->r < 0 || a->r > EO_AABB_CIRCLE_MAX_RADIUS || b->r < 0 || b->r > EO_AABB_CIRCLE_MAX_RADIUS)
        return EO_ERR_BAD_ARGUMENT;
    clear_push(&p);
    reach = (eo_coord)(a->r + b->r); /* <= 32766 */
    vx = (eo_wide)a->x - b->x;
    vy = (eo_wide)a->y - b->y;
    if (abs_wide(vx) < reach && abs_wide(vy) < reach &&
        (eo_uwide)(vx * vx) + (eo_uwide)(vy * vy) < (eo_uwide)reach * (eo_uwide)reach) {
        /* closer than their radii: part them along the line between the centres */
        p.overlap = 1;
        if (vx == 0 && vy == 0) {
            /* the same centre: no direction to take, so up */
            p.y = (eo_coord)-reach;
            p.ny = -EO_CONTACT_ONE;
        } else {
            push_from_point(vx, vy, reach, &p);
        }
        EO_STEP_ABOVE(hooks, EO_EV_CONTACT_PUSH, p.x, p.y);
        if (centre_moves(a, &p) != EO_OK)
            return EO_ERR_BAD_ARGUMENT;
    }
    *out = p;
    return EO_OK;
}

eo_result eo_contact_push_circle_box(const eo_aabb_circle *a, const eo_box *b, eo_contact_push *out,
                                     eo_hooks *hooks)
{
    eo_contact_push p;
    eo_wide x1, y1, qx, qy, vx, vy, left, right, up, down, best;
    if (a == NULL || b == NULL || out == NULL)
        return EO_ERR_NULL_POINTER;
    if (a->r < 0 || a->r > EO_AABB_CIRCLE_MAX_RADIUS || !box_ok(b))
        return EO_ERR_BAD_ARGUMENT;
    clear_push(&p);
    /* the box as an area: x .. x + w, y .. y + h; its point nearest the centre */
    x1 = (eo_wide)b->x + b->w;
    y1 = (eo_wide)b->y + b->h;
    qx = a->x < b->x ? b->x : a->x > x1 ? x1 : a->x;
    qy = a->y < b->y ? b->y : a->y > y1 ? y1 : a->y;
    vx = a->x - qx;
    vy = a->y - qy;
    if (vx != 0 || vy != 0) {
        /* the centre is outside: parted once it is r from that point */
        if (abs_wide(vx) < a->r && abs_wide(vy) < a->r &&
            (eo_uwide)(vx * vx) + (eo_uwide)(vy * vy) < (eo_uwide)a->r * (eo_uwide)a->r) {
            p.overlap = 1;
            push_from_point(vx, vy, a->r, &p);
        }
    } else if (a->r > 0 || (a->x > b->x && a->x < x1 && a->y > b->y && a->y < y1)) {
        /* the centre is inside (or on an edge, with a radius): out through the nearest side, then r
           further; a tie goes up, then down, then left */
        p.overlap = 1;
        left = (eo_wide)a->x - b->x;
        right = x1 - a->x;
        up = (eo_wide)a->y - b->y;
        down = y1 - a->y;
        best = up <= down ? up : down;
        best = left < best ? left : right < best ? right : best;
        if (best == up) {
            p.y = (eo_coord)-(up + a->r);
            p.ny = -EO_CONTACT_ONE;
        } else if (best == down) {
            p.y = (eo_coord)(down + a->r);
            p.ny = EO_CONTACT_ONE;
        } else if (best == left) {
            p.x = (eo_coord)-(left + a->r);
            p.nx = -EO_CONTACT_ONE;
        } else {
            p.x = (eo_coord)(right + a->r);
            p.nx = EO_CONTACT_ONE;
        }
    }
    if (p.overlap) {
        EO_STEP_ABOVE(hooks, EO_EV_CONTACT_PUSH, p.x, p.y);
        if (centre_moves(a, &p) != EO_OK)
            return EO_ERR_BAD_ARGUMENT;
    }
    *out = p;
    return EO_OK;
}

/* ---- out of several boxes ------------------------------------------------------------------ */

/* Does box a moved by (mx, my) overlap any box of others (empty ones never do)? */
static uint8_t overlaps_any(const eo_box *a, eo_wide mx, eo_wide my, const eo_box *others, uint16_t count)
{
    eo_box m;
    uint16_t i;
    m.x = (eo_coord)(a->x + mx);
    m.y = (eo_coord)(a->y + my);
    m.w = a->w;
    m.h = a->h;
    for (i = 0; i < count; i++)
        if (spans_meet(m.x, m.w, others[i].x, others[i].w) && spans_meet(m.y, m.h, others[i].y, others[i].h))
            return 1;
    return 0;
}

/* Is move (x, y) better than the best so far: shorter, then less X, then up, then left? */
static uint8_t better_move(eo_wide x, eo_wide y, eo_wide bx, eo_wide by)
{
    eo_uwide len = (eo_uwide)(x * x) + (eo_uwide)(y * y), best = (eo_uwide)(bx * bx) + (eo_uwide)(by * by);
    if (len != best)
        return len < best;
    if (abs_wide(x) != abs_wide(bx))
        return abs_wide(x) < abs_wide(bx);
    return y != by ? y < by : x < bx;
}

/* The moves along one axis that make span a touch one of the others': 0 and, per box, back before
   it and on past it, where the span stays in the world. Returns how many (<= 2 count + 1). */
static uint16_t touching_moves(eo_coord a, eo_coord a_len, const eo_box *others, uint16_t count, uint8_t axis,
                               eo_wide *moves)
{
    uint16_t i, n = 0;
    moves[n++] = 0;
    for (i = 0; i < count; i++) {
        eo_coord p = axis ? others[i].y : others[i].x, len = axis ? others[i].h : others[i].w;
        eo_wide back = (eo_wide)p - a_len - a, on = (eo_wide)p + len - a;
        if (len <= 0 || (axis ? others[i].w : others[i].h) <= 0)
            continue;
        if (move_fits(a, a_len, back))
            moves[n++] = back;
        if (move_fits(a, a_len, on))
            moves[n++] = on;
    }
    return n;
}

eo_result eo_contact_push_out(const eo_box *a, const eo_box *others, uint16_t count, eo_contact_push *out,
                              eo_hooks *hooks)
{
    eo_wide xs[2 * EO_CONTACT_MAX_PUSH_BOXES + 1], ys[2 * EO_CONTACT_MAX_PUSH_BOXES + 1];
    eo_wide best_x = 0, best_y = 0;
    uint16_t nx, ny, i, j;
    uint8_t found = 0;
    if (a == NULL || out == NULL || (count > 0 && others == NULL))
        return EO_ERR_NULL_POINTER;
    if (!box_ok(a) || count > EO_CONTACT_MAX_PUSH_BOXES)
        return EO_ERR_BAD_ARGUMENT;
    clear_push(out);
    if (!overlaps_any(a, 0, 0, others, count))
        return EO_OK;
    out->overlap = 1;
    /* every pair of touching moves, one per axis: the shortest that overlaps nothing */
    nx = touching_moves(a->x, a->w, others, count, 0, xs);
    ny = touching_moves(a->y, a->h, others, count, 1, ys);
    for (i = 0; i < nx; i++)
        for (j = 0; j < ny; j++)
            if ((!found || better_move(xs[i], ys[j], best_x, best_y)) && !overlaps_any(a, xs[i], ys[j], others, count)) {
                best_x = xs[i];
                best_y = ys[j];
                found = 1;
            }
    if (!found)
        return EO_ERR_BAD_ARGUMENT; /* boxes that fill the world around it: no way out */
    out->x = (eo_coord)best_x;
    out->y = (eo_coord)best_y;
    EO_STEP_ABOVE(hooks, EO_EV_CONTACT_PUSH, out->x, out->y);
    unit_normal(best_x, best_y, &out->nx, &out->ny);
    /* the sides that now touch a box: flush against it, and meeting it across the other axis */
    for (i = 0; i < count; i++) {
        const eo_box *o = &others[i];
        eo_wide ax = (eo_wide)a->x + best_x, ay = (eo_wide)a->y + best_y;
        if (o->w <= 0 || o->h <= 0)
            continue;
        if (spans_meet((eo_coord)ay, a->h, o->y, o->h)) {
            if (ax + a->w == o->x)
                out->face |= EO_HIT_RIGHT;
            if ((eo_wide)o->x + o->w == ax)
                out->face |= EO_HIT_LEFT;
        }
        if (spans_meet((eo_coord)ax, a->w, o->x, o->w)) {
            if (ay + a->h == o->y)
                out->face |= EO_HIT_BOTTOM;
            if ((eo_wide)o->y + o->h == ay)
                out->face |= EO_HIT_TOP;
        }
    }
    return EO_OK;
}

/* ---- time of impact ------------------------------------------------------------------------- */

/* When, during a move of d along one axis, span a (start, len) overlaps span b: from *enter to
   *exit, as numerators over *den = |d| (the move's fraction t = n / |d|), clamped to 0 .. |d|;
   *already: it overlaps at the start (t 0). Returns 0 if never during the move. With d 0: always
   (0 .. 1 over 1, already) or never. */
static uint8_t slab(eo_coord a, eo_coord a_len, eo_coord b, eo_coord b_len, eo_wide d, eo_uwide *enter,
                    eo_uwide *exit, eo_uwide *den, uint8_t *already)
{
    /* a + t d overlaps b while b - a_len < a + t d < b + b_len (half-open spans, touching apart) */
    eo_wide lo = (eo_wide)b - a_len - a, hi = (eo_wide)b + b_len - a, from, to;
    *already = lo < 0 && hi > 0;
    if (d == 0) {
        *enter = 0;
        *exit = 1;
        *den = 1;
        return *already;
    }
    /* t d runs from 0 to d: the open range (lo, hi) is met from `from` to `to` along it */
    from = d > 0 ? lo : -hi;
    to = d > 0 ? hi : -lo;
    *den = (eo_uwide)abs_wide(d);
    if (to <= 0 || from >= abs_wide(d))
        return 0; /* all behind, or all beyond the move's end */
    *enter = from < 0 ? 0u : (eo_uwide)from;
    *exit = to > abs_wide(d) ? *den : (eo_uwide)to;
    return 1;
}

/* Is n1 / d1 < n2 / d2? (Numerators at most their denominators: the products fit eo_uwide.) */
static uint8_t earlier(eo_uwide n1, eo_uwide d1, eo_uwide n2, eo_uwide d2)
{
    return n1 * d2 < n2 * d1;
}

/* a + t d, rounded toward a: a's position at time t_num / t_den of a move of d. */
static eo_coord at_time(eo_coord a, eo_wide d, eo_uwide t_num, eo_uwide t_den)
{
    eo_uwide part = t_num * (eo_uwide)abs_wide(d) / t_den;
    return (eo_coord)(d < 0 ? (eo_wide)a - (eo_wide)part : (eo_wide)a + (eo_wide)part);
}

/* The sweep of A by (dx, dy) relative to B (which stands still in that frame): A's own move is
   (adx, ady), for its position at the impact. */
static void sweep(const eo_box *a, eo_wide dx, eo_wide dy, eo_coord adx, eo_coord ady, const eo_box *b,
                  eo_contact_hit *hit, eo_hooks *hooks)
{
    eo_uwide ex = 0, xx = 0, dnx = 1, ey = 0, xy = 0, dny = 1, t_num, t_den;
    uint8_t meet_x, meet_y, in_x, in_y, x_last, y_last;
    hit->hit = hit->inside = hit->face = 0;
    hit->t_num = hit->t_den = 0;
    hit->nx = hit->ny = 0;
    hit->x = a->x;
    hit->y = a->y;
    /* the fractions of the move during which A's columns meet B's, and its rows B's */
    meet_x = slab(a->x, a->w, b->x, b->w, dx, &ex, &xx, &dnx, &in_x);
    EO_STEP_ABOVE(hooks, EO_EV_CONTACT_SLAB_X, meet_x ? (int32_t)ex : -1, meet_x ? (int32_t)xx : -1);
    meet_y = slab(a->y, a->h, b->y, b->h, dy, &ey, &xy, &dny, &in_y);
    EO_STEP_ABOVE(hooks, EO_EV_CONTACT_SLAB_Y, meet_y ? (int32_t)ey : -1, meet_y ? (int32_t)xy : -1);
    /* they overlap while both do: from the later start to the earlier end */
    if (!meet_x || !meet_y || !earlier(ey, dny, xx, dnx) || !earlier(ex, dnx, xy, dny)) {
        EO_STEP_BELOW(hooks, EO_EV_CONTACT_MISS, 0, 0);
        return;
    }
    if (in_x && in_y) {
        /* overlapping from the start */
        hit->hit = hit->inside = 1;
        hit->t_den = 1;
        EO_STEP_ABOVE(hooks, EO_EV_CONTACT_HIT, 0, 0);
        return;
    }
    /* the impact: when the later of the two spans starts to meet (both at an exact corner); a span
       that meets from the start is never the later one */
    x_last = !in_x && (in_y || !earlier(ex, dnx, ey, dny));
    y_last = !in_y && (in_x || !earlier(ey, dny, ex, dnx));
    t_num = x_last ? ex : ey;
    t_den = x_last ? dnx : dny;
    hit->hit = 1;
    hit->t_num = (uint32_t)t_num;
    hit->t_den = (uint32_t)t_den;
    if (x_last) {
        hit->face |= (uint8_t)(dx > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT);
        hit->nx = (int16_t)(dx > 0 ? -1 : 1);
    }
    if (y_last) {
        hit->face |= (uint8_t)(dy > 0 ? EO_HIT_BOTTOM : EO_HIT_TOP);
        hit->ny = (int16_t)(dy > 0 ? -1 : 1);
    }
    EO_STEP_ABOVE(hooks, EO_EV_CONTACT_HIT, (int32_t)t_num, hit->face);
    hit->x = at_time(a->x, adx, t_num, t_den);
    hit->y = at_time(a->y, ady, t_num, t_den);
}

static uint8_t move_ok(eo_coord d)
{
    return abs_wide(d) <= EO_CONTACT_MAX_MOVE;
}

eo_result eo_contact_sweep_box(const eo_box *a, eo_coord dx, eo_coord dy, const eo_box *b, eo_contact_hit *hit,
                               eo_hooks *hooks)
{
    if (a == NULL || b == NULL || hit == NULL)
        return EO_ERR_NULL_POINTER;
    if (!box_ok(a) || !box_ok(b) || !move_ok(dx) || !move_ok(dy))
        return EO_ERR_BAD_ARGUMENT;
    sweep(a, dx, dy, dx, dy, b, hit, hooks);
    return EO_OK;
}

eo_result eo_contact_sweep_boxes(const eo_box *a, eo_coord adx, eo_coord ady, const eo_box *b, eo_coord bdx,
                                 eo_coord bdy, eo_contact_hit *hit, eo_hooks *hooks)
{
    if (a == NULL || b == NULL || hit == NULL)
        return EO_ERR_NULL_POINTER;
    if (!box_ok(a) || !box_ok(b) || !move_ok(adx) || !move_ok(ady) || !move_ok(bdx) || !move_ok(bdy))
        return EO_ERR_BAD_ARGUMENT;
    /* in B's frame, A moves by the difference: at most 2 EO_CONTACT_MAX_MOVE per axis */
    sweep(a, (eo_wide)adx - bdx, (eo_wide)ady - bdy, adx, ady, b, hit, hooks);
    return EO_OK;
}
