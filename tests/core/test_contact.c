/* Unit and property tests of core/src/contact.c against brute-force references written from
   contact.h. Run: build/tests/test_contact [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"

#define RNG_SEED 9021u
#include "rng.h"

static int meet(const eo_box *a, const eo_box *b)
{
    return (int64_t)a->x < (int64_t)b->x + b->w && (int64_t)b->x < (int64_t)a->x + a->w &&
           (int64_t)a->y < (int64_t)b->y + b->h && (int64_t)b->y < (int64_t)a->y + a->h;
}

static eo_box moved(const eo_box *a, int64_t mx, int64_t my)
{
    eo_box m = *a;
    m.x = (eo_coord)(a->x + mx);
    m.y = (eo_coord)(a->y + my);
    return m;
}

static void small_box(eo_box *b, int range, int size)
{
    b->x = (eo_coord)rng_range(0, range);
    b->y = (eo_coord)rng_range(0, range);
    b->w = (eo_coord)rng_range(1, size);
    b->h = (eo_coord)rng_range(1, size);
}

/* ---- push-out of two boxes ---------------------------------------------------------------- */

/* The smallest move along one axis alone that parts them, the negative one on a tie (from the header). */
static int64_t ref_along(const eo_box *a, const eo_box *b, int axis)
{
    int64_t m;
    for (m = 1; m < 100000; m++) {
        eo_box l = moved(a, axis ? 0 : -m, axis ? -m : 0), r = moved(a, axis ? 0 : m, axis ? m : 0);
        if (!meet(&l, b))
            return -m;
        if (!meet(&r, b))
            return m;
    }
    return 0;
}

static void test_contact_push_boxes_matches_reference(void **state)
{
    int k, overlaps = 0;
    (void)state;
    for (k = 0; k < 20000; k++) {
        eo_box a, b;
        eo_contact_push p;
        int64_t ax, ay;
        small_box(&a, 30, 12);
        small_box(&b, 30, 12);
        assert_int_equal(eo_contact_push_boxes(&a, &b, &p, NULL), EO_OK);
        assert_int_equal(p.overlap, meet(&a, &b));
        if (!p.overlap) {
            assert_true(p.x == 0 && p.y == 0 && p.along_x == 0 && p.along_y == 0 && p.face == 0);
            continue;
        }
        overlaps++;
        ax = ref_along(&a, &b, 0);
        ay = ref_along(&a, &b, 1);
        assert_int_equal(p.along_x, ax);
        assert_int_equal(p.along_y, ay);
        if ((ax < 0 ? -ax : ax) < (ay < 0 ? -ay : ay)) {
            assert_int_equal(p.x, ax);
            assert_int_equal(p.y, 0);
            assert_int_equal(p.nx, ax < 0 ? -EO_CONTACT_ONE : EO_CONTACT_ONE);
            assert_int_equal(p.face, ax < 0 ? EO_HIT_RIGHT : EO_HIT_LEFT);
        } else {
            assert_int_equal(p.x, 0);
            assert_int_equal(p.y, ay);
            assert_int_equal(p.ny, ay < 0 ? -EO_CONTACT_ONE : EO_CONTACT_ONE);
            assert_int_equal(p.face, ay < 0 ? EO_HIT_BOTTOM : EO_HIT_TOP);
        }
        {
            eo_box after = moved(&a, p.x, p.y);
            assert_false(meet(&after, &b));
        }
    }
    print_message("box pairs overlapping: %d\n", overlaps);
    assert_true(overlaps > 2000);
}

static void test_contact_push_boxes_cases(void **state)
{
    eo_box a = { 0, 0, 10, 10 }, floor_box = { -50, 8, 100, 20 }, wall = { 7, -50, 20, 100 }, touch = { 10, 0, 5, 5 };
    eo_contact_push p;
    (void)state;
    /* sunk 2 px into a floor: lifted 2 px */
    assert_int_equal(eo_contact_push_boxes(&a, &floor_box, &p, NULL), EO_OK);
    assert_true(p.overlap && p.x == 0 && p.y == -2 && p.face == EO_HIT_BOTTOM && p.ny == -EO_CONTACT_ONE);
    /* 3 px into a wall on the right: pushed left */
    assert_int_equal(eo_contact_push_boxes(&a, &wall, &p, NULL), EO_OK);
    assert_true(p.overlap && p.x == -3 && p.y == 0 && p.face == EO_HIT_RIGHT);
    /* touching is not overlapping */
    assert_int_equal(eo_contact_push_boxes(&a, &touch, &p, NULL), EO_OK);
    assert_int_equal(p.overlap, 0);
    /* a tie between the axes goes to Y, and between the sides to the negative one */
    {
        eo_box same = { 0, 0, 10, 10 };
        assert_int_equal(eo_contact_push_boxes(&a, &same, &p, NULL), EO_OK);
        assert_true(p.overlap && p.x == 0 && p.y == -10 && p.along_x == -10 && p.along_y == -10);
    }
    /* at the world's edge the push goes the other way */
    {
        eo_box edge = { EO_COORD_MIN, 0, 10, 10 }, over = { EO_COORD_MIN + 2, 0, 10, 10 };
        assert_int_equal(eo_contact_push_boxes(&edge, &over, &p, NULL), EO_OK);
        assert_true(p.overlap && p.along_x == 12); /* back 8 px would leave the world */
    }
    /* bad input */
    assert_int_equal(eo_contact_push_boxes(NULL, &a, &p, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_contact_push_boxes(&a, &a, NULL, NULL), EO_ERR_NULL_POINTER);
    {
        eo_box empty = { 0, 0, 0, 5 };
        p.x = 77;
        assert_int_equal(eo_contact_push_boxes(&a, &empty, &p, NULL), EO_ERR_BAD_ARGUMENT);
        assert_int_equal(p.x, 77); /* untouched */
    }
}

/* ---- circles ------------------------------------------------------------------------------ */

static int64_t sq(int64_t v)
{
    return v * v;
}

/* sqrt and fabs in double without libm: Newton's method (the core's own integer root is what is tested) */
static double root(double v)
{
    double r = v > 1.0 ? v : 1.0;
    int i;
    if (v <= 0.0)
        return 0.0;
    for (i = 0; i < 200; i++)
        r = 0.5 * (r + v / r);
    return r;
}

static double absd(double v)
{
    return v < 0.0 ? -v : v;
}

static void test_contact_push_circles_parts_them_nearly_exactly(void **state)
{
    int k, overlaps = 0;
    (void)state;
    for (k = 0; k < 20000; k++) {
        eo_aabb_circle a, b;
        eo_contact_push p;
        int64_t vx, vy, reach, ax, ay;
        double d, len;
        a.x = (eo_coord)rng_range(0, 60);
        a.y = (eo_coord)rng_range(0, 60);
        a.r = (eo_coord)rng_range(0, 25);
        b.x = (eo_coord)rng_range(0, 60);
        b.y = (eo_coord)rng_range(0, 60);
        b.r = (eo_coord)rng_range(0, 25);
        if (k % 50 == 0)
            b.x = a.x, b.y = a.y; /* the same centre now and then */
        assert_int_equal(eo_contact_push_circles(&a, &b, &p, NULL), EO_OK);
        vx = (int64_t)a.x - b.x;
        vy = (int64_t)a.y - b.y;
        reach = (int64_t)a.r + b.r;
        assert_int_equal(p.overlap, sq(vx) + sq(vy) < sq(reach));
        if (!p.overlap)
            continue;
        overlaps++;
        /* parted afterwards */
        ax = vx + p.x;
        ay = vy + p.y;
        assert_true(sq(ax) + sq(ay) >= sq(reach));
        /* along the line between the centres, no more than 2 px past the exact push */
        d = root((double)(sq(vx) + sq(vy)));
        len = root((double)(sq(p.x) + sq(p.y)));
        if (!(len <= (double)reach - d + 2.0))
            print_message("a (%d, %d) r %d, b (%d, %d) r %d: push (%d, %d)\n", a.x, a.y, a.r, b.x, b.y, b.r, p.x, p.y);
        assert_true(len <= (double)reach - d + 2.0);
        if (vx != 0 || vy != 0) {
            assert_true((int64_t)p.x * vx + (int64_t)p.y * vy > 0);
            assert_true(p.x == 0 || (p.x > 0) == (vx > 0));
            assert_true(p.y == 0 || (p.y > 0) == (vy > 0));
            /* the normal is the unit vector of the centres' line, in 1/4096 */
            assert_true(absd((double)p.nx - 4096.0 * (double)vx / d) <= 1.0);
            assert_true(absd((double)p.ny - 4096.0 * (double)vy / d) <= 1.0);
        } else {
            assert_true(p.x == 0 && p.y == -reach && p.ny == -EO_CONTACT_ONE);
        }
    }
    print_message("circle pairs overlapping: %d\n", overlaps);
    assert_true(overlaps > 2000);
}

/* The squared distance from (cx, cy) to the box as an area (x .. x + w, y .. y + h). */
static int64_t sq_distance_to_box(int64_t cx, int64_t cy, const eo_box *b)
{
    int64_t qx = cx < b->x ? b->x : cx > (int64_t)b->x + b->w ? (int64_t)b->x + b->w : cx;
    int64_t qy = cy < b->y ? b->y : cy > (int64_t)b->y + b->h ? (int64_t)b->y + b->h : cy;
    return sq(cx - qx) + sq(cy - qy);
}

static int strictly_inside(int64_t cx, int64_t cy, const eo_box *b)
{
    return cx > b->x && cx < (int64_t)b->x + b->w && cy > b->y && cy < (int64_t)b->y + b->h;
}

static void test_contact_push_circle_box_parts_them(void **state)
{
    int k, overlaps = 0, inside = 0;
    (void)state;
    for (k = 0; k < 20000; k++) {
        eo_aabb_circle c;
        eo_box b;
        eo_contact_push p;
        int64_t d2, after;
        small_box(&b, 40, 20);
        c.x = (eo_coord)rng_range(-10, 70);
        c.y = (eo_coord)rng_range(-10, 70);
        c.r = (eo_coord)rng_range(0, 15);
        assert_int_equal(eo_contact_push_circle_box(&c, &b, &p, NULL), EO_OK);
        d2 = sq_distance_to_box(c.x, c.y, &b);
        /* overlapping: closer than r, or a point strictly inside */
        assert_int_equal(p.overlap, d2 < sq(c.r) || (c.r == 0 && strictly_inside(c.x, c.y, &b)));
        if (!p.overlap)
            continue;
        overlaps++;
        inside += d2 == 0;
        after = sq_distance_to_box((int64_t)c.x + p.x, (int64_t)c.y + p.y, &b);
        assert_true(after >= sq(c.r));
        assert_false(strictly_inside((int64_t)c.x + p.x, (int64_t)c.y + p.y, &b));
        assert_true(p.nx != 0 || p.ny != 0);
    }
    print_message("circle-box overlapping: %d, centre inside: %d\n", overlaps, inside);
    assert_true(overlaps > 1500 && inside > 300);
}

/* ---- out of several boxes ----------------------------------------------------------------- */

static int better(int64_t x, int64_t y, int64_t bx, int64_t by)
{
    int64_t l = sq(x) + sq(y), b = sq(bx) + sq(by);
    if (l != b)
        return l < b;
    if ((x < 0 ? -x : x) != (bx < 0 ? -bx : bx))
        return (x < 0 ? -x : x) < (bx < 0 ? -bx : bx);
    return y != by ? y < by : x < bx;
}

static void test_contact_push_out_is_the_shortest_free_move(void **state)
{
    int k, pushed = 0, two = 0;
    (void)state;
    for (k = 0; k < 3000; k++) {
        eo_box a, o[6];
        eo_contact_push p;
        uint16_t n = (uint16_t)rng_range(1, 6), i;
        int64_t mx, my, bx = 0, by = 0;
        int found = 0, over = 0;
        small_box(&a, 20, 8);
        for (i = 0; i < n; i++)
            small_box(&o[i], 24, 9);
        assert_int_equal(eo_contact_push_out(&a, o, n, &p, NULL), EO_OK);
        for (i = 0; i < n; i++)
            over |= meet(&a, &o[i]);
        assert_int_equal(p.overlap, over);
        if (!over)
            continue;
        /* every move in a window wide enough for these boxes */
        for (mx = -40; mx <= 40; mx++)
            for (my = -40; my <= 40; my++) {
                eo_box m = moved(&a, mx, my);
                int hits = 0;
                for (i = 0; i < n; i++)
                    hits |= meet(&m, &o[i]);
                if (!hits && (!found || better(mx, my, bx, by))) {
                    bx = mx;
                    by = my;
                    found = 1;
                }
            }
        assert_true(found);
        assert_int_equal(p.x, bx);
        assert_int_equal(p.y, by);
        pushed++;
        two += bx != 0 && by != 0;
    }
    print_message("pushed out: %d, on both axes: %d\n", pushed, two);
    assert_true(pushed > 700 && two > 50);
}

static void test_contact_push_out_of_a_corner(void **state)
{
    /* a 10 x 10 box sunk 2 px into a floor and 3 px into a wall on its left: out of both, touching both */
    eo_box a = { 7, 2, 10, 10 }, walls[2] = { { -10, 10, 100, 10 }, { 0, -40, 10, 50 } };
    eo_contact_push p;
    (void)state;
    assert_int_equal(eo_contact_push_out(&a, walls, 2, &p, NULL), EO_OK);
    assert_true(p.overlap && p.x == 3 && p.y == -2);
    assert_int_equal(p.face, EO_HIT_LEFT | EO_HIT_BOTTOM);
    assert_true(p.nx > 0 && p.ny < 0);
    assert_int_equal(eo_contact_push_out(&a, walls, EO_CONTACT_MAX_PUSH_BOXES + 1, &p, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_contact_push_out(&a, NULL, 2, &p, NULL), EO_ERR_NULL_POINTER);
}

/* ---- time of impact ------------------------------------------------------------------------ */

/* Do spans a + t d (len la) and b (len lb) overlap at t = k / L? In units of 1/L. */
static int span_overlaps(int64_t a, int64_t la, int64_t d, int64_t b, int64_t lb, int64_t k2, int64_t L2)
{
    /* position times L2: a L2 + k2 d; overlap while b - la < pos < b + lb */
    int64_t pos = a * L2 + k2 * d;
    return pos > (b - la) * L2 && pos < (b + lb) * L2;
}

/* The reference: sample the move at the midpoints of a grid fine enough that every time an edge
   is crossed is a grid point, so "overlapping just after t" is "overlapping at the next midpoint". */
static void ref_sweep(const eo_box *a, int64_t dx, int64_t dy, int64_t adx, int64_t ady, const eo_box *b,
                      int *hit, int *inside, int64_t *k_out, int64_t *L_out, int *face)
{
    int64_t L = (dx != 0 ? (dx < 0 ? -dx : dx) : 1) * (dy != 0 ? (dy < 0 ? -dy : dy) : 1), k;
    int ox0 = span_overlaps(a->x, a->w, dx, b->x, b->w, 0, 1), oy0 = span_overlaps(a->y, a->h, dy, b->y, b->h, 0, 1);
    (void)adx;
    (void)ady;
    *hit = *inside = *face = 0;
    *L_out = L;
    if (ox0 && oy0) {
        *hit = *inside = 1;
        *k_out = 0;
        return;
    }
    for (k = 0; k < L; k++) {
        /* at the midpoint (k + 1/2) / L = (2k + 1) / 2L */
        int ox = span_overlaps(a->x, a->w, dx, b->x, b->w, 2 * k + 1, 2 * L);
        int oy = span_overlaps(a->y, a->h, dy, b->y, b->h, 2 * k + 1, 2 * L);
        if (ox && oy) {
            /* entered at k / L: the axes that did not overlap just before (at t 0: at the start) */
            int px = k == 0 ? ox0 : span_overlaps(a->x, a->w, dx, b->x, b->w, 2 * k - 1, 2 * L);
            int py = k == 0 ? oy0 : span_overlaps(a->y, a->h, dy, b->y, b->h, 2 * k - 1, 2 * L);
            *hit = 1;
            *k_out = k;
            if (!px)
                *face |= dx > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT;
            if (!py)
                *face |= dy > 0 ? EO_HIT_BOTTOM : EO_HIT_TOP;
            return;
        }
    }
}

static int64_t toward_start(int64_t a, int64_t d, int64_t num, int64_t den)
{
    int64_t part = num * (d < 0 ? -d : d) / den;
    return d < 0 ? a - part : a + part;
}

static void check_sweep(const eo_box *a, int64_t adx, int64_t ady, const eo_box *b, int64_t bdx, int64_t bdy,
                        const eo_contact_hit *h, int *hits)
{
    int rh, ri, face;
    int64_t k, L;
    ref_sweep(a, adx - bdx, ady - bdy, adx, ady, b, &rh, &ri, &k, &L, &face);
    assert_int_equal(h->hit, rh);
    if (!rh)
        return;
    (*hits)++;
    assert_int_equal(h->inside, ri);
    assert_true(h->t_den >= 1);
    /* the same fraction: t_num / t_den == k / L */
    assert_true((int64_t)h->t_num * L == k * (int64_t)h->t_den);
    assert_int_equal(h->face, face);
    if (!ri) {
        assert_int_equal(h->x, toward_start(a->x, adx, h->t_num, h->t_den));
        assert_int_equal(h->y, toward_start(a->y, ady, h->t_num, h->t_den));
    }
}

static void test_contact_sweep_box_matches_sampled_reference(void **state)
{
    int k, hits = 0, corners = 0;
    (void)state;
    for (k = 0; k < 20000; k++) {
        eo_box a, b;
        eo_contact_hit h;
        eo_coord dx = (eo_coord)rng_range(-30, 30), dy = (eo_coord)rng_range(-30, 30);
        small_box(&a, 30, 8);
        small_box(&b, 30, 8);
        if (k % 7 == 0)
            dy = 0;
        assert_int_equal(eo_contact_sweep_box(&a, dx, dy, &b, &h, NULL), EO_OK);
        check_sweep(&a, dx, dy, &b, 0, 0, &h, &hits);
        corners += (h.face & (EO_HIT_LEFT | EO_HIT_RIGHT)) && (h.face & (EO_HIT_TOP | EO_HIT_BOTTOM));
    }
    print_message("hits: %d, corners: %d\n", hits, corners);
    assert_true(hits > 3000 && corners > 10);
}

static void test_contact_sweep_boxes_relative_motion(void **state)
{
    int k, hits = 0;
    (void)state;
    for (k = 0; k < 20000; k++) {
        eo_box a, b;
        eo_contact_hit h;
        eo_coord adx = (eo_coord)rng_range(-20, 20), ady = (eo_coord)rng_range(-20, 20);
        eo_coord bdx = (eo_coord)rng_range(-20, 20), bdy = (eo_coord)rng_range(-20, 20);
        small_box(&a, 30, 8);
        small_box(&b, 30, 8);
        assert_int_equal(eo_contact_sweep_boxes(&a, adx, ady, &b, bdx, bdy, &h, NULL), EO_OK);
        check_sweep(&a, adx, ady, &b, bdx, bdy, &h, &hits);
    }
    print_message("hits: %d\n", hits);
    assert_true(hits > 3000);
}

static void test_contact_sweep_cases(void **state)
{
    eo_box a = { 0, 0, 10, 10 }, wall = { 10000, -5, 1, 30 }, floor_box = { -100, 10, 300, 5 };
    eo_contact_hit h;
    (void)state;
    /* a 1 px wall 10,000 px away, at 20,000 px a move: met half way, flush */
    assert_int_equal(eo_contact_sweep_box(&a, 20000, 0, &wall, &h, NULL), EO_OK);
    assert_true(h.hit && !h.inside && h.face == EO_HIT_RIGHT && h.nx == -1 && h.ny == 0);
    assert_true((int64_t)h.t_num * 20000 == 9990 * (int64_t)h.t_den);
    assert_int_equal(h.x, 9990);
    /* sliding along a floor it touches: no hit */
    assert_int_equal(eo_contact_sweep_box(&a, 50, 0, &floor_box, &h, NULL), EO_OK);
    assert_int_equal(h.hit, 0);
    /* ending flush against it: no hit */
    {
        eo_box b = { 20, 0, 5, 5 };
        assert_int_equal(eo_contact_sweep_box(&a, 10, 0, &b, &h, NULL), EO_OK);
        assert_int_equal(h.hit, 0);
        assert_int_equal(eo_contact_sweep_box(&a, 11, 0, &b, &h, NULL), EO_OK);
        assert_true(h.hit && h.t_num * 11u == 10u * h.t_den);
    }
    /* already overlapping */
    {
        eo_box b = { 5, 5, 5, 5 };
        assert_int_equal(eo_contact_sweep_box(&a, 3, 3, &b, &h, NULL), EO_OK);
        assert_true(h.hit && h.inside && h.t_num == 0 && h.face == 0);
    }
    /* two boxes closing in: 10 px apart, each moving 10 toward the other: they meet half way */
    {
        eo_box b = { 20, 0, 10, 10 };
        assert_int_equal(eo_contact_sweep_boxes(&a, 10, 0, &b, -10, 0, &h, NULL), EO_OK);
        assert_true(h.hit && h.face == EO_HIT_RIGHT && h.t_num * 2u == h.t_den && h.x == 5);
    }
    assert_int_equal(eo_contact_sweep_box(&a, EO_CONTACT_MAX_MOVE, 0, &wall, &h, NULL), EO_OK);
#if EO_COORD_BITS > 16
    assert_int_equal(eo_contact_sweep_box(&a, EO_CONTACT_MAX_MOVE + 1, 0, &wall, &h, NULL), EO_ERR_BAD_ARGUMENT);
#endif
    assert_int_equal(eo_contact_sweep_box(&a, 1, 0, NULL, &h, NULL), EO_ERR_NULL_POINTER);
}

static void test_contact_hooks(void **state)
{
#if EO_TRACE
    eo_trace_step steps[32];
    eo_hooks hooks;
    eo_box a = { 0, 0, 10, 10 }, b = { 30, 0, 10, 10 };
    eo_contact_hit h;
    eo_hooks_init(&hooks, steps, 32);
    assert_int_equal(eo_contact_sweep_box(&a, 40, 0, &b, &h, &hooks), EO_OK);
    assert_int_equal(hooks.step_count, 3);
    assert_int_equal(steps[0].event, EO_EV_CONTACT_SLAB_X);
    assert_int_equal(steps[0].a, 20);
    assert_int_equal(steps[0].b, 40);
    assert_int_equal(steps[1].event, EO_EV_CONTACT_SLAB_Y);
    assert_int_equal(steps[2].event, EO_EV_CONTACT_HIT);
    assert_int_equal(steps[2].a, 20);
#endif
    (void)state;
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_contact_push_boxes_matches_reference),
        cmocka_unit_test(test_contact_push_boxes_cases),
        cmocka_unit_test(test_contact_push_circles_parts_them_nearly_exactly),
        cmocka_unit_test(test_contact_push_circle_box_parts_them),
        cmocka_unit_test(test_contact_push_out_is_the_shortest_free_move),
        cmocka_unit_test(test_contact_push_out_of_a_corner),
        cmocka_unit_test(test_contact_sweep_box_matches_sampled_reference),
        cmocka_unit_test(test_contact_sweep_boxes_relative_motion),
        cmocka_unit_test(test_contact_sweep_cases),
        cmocka_unit_test(test_contact_hooks),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("contact", tests, NULL, NULL);
}
