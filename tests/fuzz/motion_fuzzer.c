/* libFuzzer target for motion: contact.h, move.h, events.h, and the sectors calls movers and groups
   use (eo_sectors_update_one, eo_sectors_find_pairs_between, eo_sectors_tune_between). Each input
   runs every part, with oracles written here from the headers in 64-bit (or 128-bit) arithmetic:
     - eo_contact_push_boxes: overlap as the half-open boxes say; along_x / along_y each part them
       alone and one pixel less does not; the push is the shorter (a tie: Y) and parts them;
     - eo_contact_push_circles, eo_contact_push_circle_box: overlap as defined (distance < r, to the
       box's area), and the pushed circle no longer overlaps;
     - eo_contact_push_out: A moved by the push overlaps none of the boxes, and no shorter move
       (squared length) of the candidates the header names does;
     - eo_contact_sweep_box / _boxes: the time of impact is the slab entry (the later axis' entry
       time, as an exact fraction) when it comes before the exit and before the move's end;
     - eo_move: the pixel-stepped reference of tests/core/move_reference.h on a small world;
     - eo_pairs_sort / eo_pairs_events: a sorted, repeat-free list; began / stayed / ended by brute
       force, short lists holding a prefix;
     - eo_sectors_update_one after random single moves: find_pairs equals a fresh build's;
       find_pairs_between equals the brute-force pairs between the groups; tune_between's rows.
   Bad arguments (NULL, empty boxes, moves past the limits) must be refused with the output as it
   was. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"
#include "fuzz_input.h"
#include "../core/move_reference.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_N 64

/* exact products of 64-bit differences (__extension__: not ISO C, but gcc and clang have it) */
__extension__ typedef __int128 i128;

static eo_box boxes[REF_MAX_BOXES];
static uint8_t responses[REF_MAX_BOXES];
static eo_broadphase_layer layers[REF_MAX_BOXES];
static eo_move_near near_room[REF_MAX_BOXES];
static eo_move_contact contacts[REF_MAX_CONTACTS];

static int meets(const eo_box *a, int64_t mx, int64_t my, const eo_box *b)
{
    return a->w > 0 && a->h > 0 && b->w > 0 && b->h > 0 && (int64_t)a->x + mx < (int64_t)b->x + b->w &&
           (int64_t)b->x < (int64_t)a->x + mx + a->w && (int64_t)a->y + my < (int64_t)b->y + b->h &&
           (int64_t)b->y < (int64_t)a->y + my + a->h;
}

/* a box the contact calls take: w, h >= 1, last pixels in the world */
static int box_ok(const eo_box *b)
{
    return b->w > 0 && b->h > 0 && (int64_t)b->x + b->w - 1 <= EO_COORD_MAX && (int64_t)b->y + b->h - 1 <= EO_COORD_MAX;
}

static void random_box(fz *f, eo_box *b, int64_t at, int64_t spread)
{
    b->x = fz_near(f, at, spread, 32);
    b->y = fz_near(f, at, spread, 32);
    b->w = fz_size(f, spread / 2 + 1);
    b->h = fz_size(f, spread / 2 + 1);
}

static void check_push_boxes(fz *f)
{
    eo_box a, b;
    eo_contact_push p;
    eo_result r;
    int64_t spread = 1 + (int64_t)fz_below(f, 64);
    random_box(f, &a, fz_coord(f), spread);
    random_box(f, &b, a.x, spread);
    memset(&p, 0x5A, sizeof p);
    r = eo_contact_push_boxes(&a, &b, &p, NULL);
    if (!box_ok(&a) || !box_ok(&b)) {
        if (r != EO_ERR_BAD_ARGUMENT)
            abort();
        return;
    }
    if (r != EO_OK || p.overlap != (uint8_t)meets(&a, 0, 0, &b))
        abort();
    if (!p.overlap) {
        if (p.x || p.y || p.along_x || p.along_y || p.nx || p.ny || p.face)
            abort();
        return;
    }
    /* each axis' move (0: neither way stays in the world) parts them alone, and a pixel less does not */
    if ((p.along_x != 0 && meets(&a, p.along_x, 0, &b)) || (p.along_y != 0 && meets(&a, 0, p.along_y, &b)))
        abort();
    if (p.along_x != 0 && !meets(&a, p.along_x - (p.along_x > 0) + (p.along_x < 0), 0, &b))
        abort();
    if (p.along_y != 0 && !meets(&a, 0, p.along_y - (p.along_y > 0) + (p.along_y < 0), &b))
        abort();
    /* the push: the shorter axis' move (a tie: Y), or none when neither axis has one */
    if (p.x != 0 && p.y != 0)
        abort();
    if (p.along_x == 0 && p.along_y == 0) {
        if (p.x != 0 || p.y != 0)
            abort();
    } else if (p.along_y != 0 && (p.along_x == 0 || llabs(p.along_y) <= llabs(p.along_x))) {
        if (p.y != p.along_y || meets(&a, 0, p.y, &b))
            abort();
    } else if (p.x != p.along_x || meets(&a, p.x, 0, &b)) {
        abort();
    }
}

/* squared distance from (cx, cy) to the area x .. x + w, y .. y + h; inside: 0 */
static i128 dist2_to_area(int64_t cx, int64_t cy, const eo_box *b)
{
    int64_t x1 = (int64_t)b->x + b->w, y1 = (int64_t)b->y + b->h;
    int64_t qx = cx < b->x ? b->x : cx > x1 ? x1 : cx, qy = cy < b->y ? b->y : cy > y1 ? y1 : cy;
    return (i128)(cx - qx) * (cx - qx) + (i128)(cy - qy) * (cy - qy);
}

static int circle_in_box(int64_t cx, int64_t cy, int64_t r, const eo_box *b)
{
    int64_t x1 = (int64_t)b->x + b->w, y1 = (int64_t)b->y + b->h;
    if (r > 0)
        return dist2_to_area(cx, cy, b) < (i128)r * r;
    return cx > b->x && cx < x1 && cy > b->y && cy < y1;
}

static void check_push_circles(fz *f)
{
    eo_aabb_circle a, b;
    eo_box box;
    eo_contact_push p;
    eo_result r;
    int64_t dx, dy, reach;
    a.x = fz_coord(f);
    a.y = fz_coord(f);
    a.r = (eo_coord)((fz_u8(f) & 15u) == 0 ? fz_range(f, -2, EO_AABB_CIRCLE_MAX_RADIUS + 2) : fz_below(f, 80));
    b.x = fz_near(f, a.x, 100, 32);
    b.y = fz_near(f, a.y, 100, 32);
    b.r = (eo_coord)fz_below(f, 80);
    r = eo_contact_push_circles(&a, &b, &p, NULL);
    if (a.r < 0 || a.r > EO_AABB_CIRCLE_MAX_RADIUS) {
        if (r != EO_ERR_BAD_ARGUMENT)
            abort();
    } else if (r == EO_OK) {
        reach = (int64_t)a.r + b.r;
        dx = (int64_t)a.x - b.x;
        dy = (int64_t)a.y - b.y;
        if (p.overlap != ((i128)dx * dx + (i128)dy * dy < reach * reach))
            abort();
        dx += p.x;
        dy += p.y;
        if (p.overlap && (i128)dx * dx + (i128)dy * dy < reach * reach)
            abort();
    } else if (r != EO_ERR_BAD_ARGUMENT) {
        abort();
    }
    random_box(f, &box, a.x, 100);
    r = eo_contact_push_circle_box(&a, &box, &p, NULL);
    if (a.r < 0 || a.r > EO_AABB_CIRCLE_MAX_RADIUS || !box_ok(&box)) {
        if (r != EO_ERR_BAD_ARGUMENT)
            abort();
    } else if (r == EO_OK) {
        if (p.overlap != circle_in_box(a.x, a.y, a.r, &box))
            abort();
        if (p.overlap && circle_in_box((int64_t)a.x + p.x, (int64_t)a.y + p.y, a.r, &box))
            abort();
    } else if (r != EO_ERR_BAD_ARGUMENT) {
        abort();
    }
}

static void check_push_out(fz *f)
{
    eo_box a, others[EO_CONTACT_MAX_PUSH_BOXES + 1];
    eo_contact_push p;
    uint16_t n = (uint16_t)fz_below(f, EO_CONTACT_MAX_PUSH_BOXES + 2), i, j;
    int64_t best = -1;
    eo_result r;
    a.x = (eo_coord)fz_range(f, -100, 100);
    a.y = (eo_coord)fz_range(f, -100, 100);
    a.w = (eo_coord)fz_range(f, 1, 24);
    a.h = (eo_coord)fz_range(f, 1, 24);
    for (i = 0; i < n; i++) {
        others[i].x = (eo_coord)fz_range(f, -120, 120);
        others[i].y = (eo_coord)fz_range(f, -120, 120);
        others[i].w = (eo_coord)fz_range(f, -1, 30);
        others[i].h = (eo_coord)fz_range(f, 1, 30);
    }
    r = eo_contact_push_out(&a, others, n, &p, NULL);
    if (n > EO_CONTACT_MAX_PUSH_BOXES) {
        if (r != EO_ERR_BAD_ARGUMENT)
            abort();
        return;
    }
    if (r != EO_OK)
        abort();
    for (i = 0; i < n; i++)
        if (meets(&a, p.x, p.y, &others[i]))
            abort();
    /* no candidate move (touching one box on each axis, or 0) parts it with less squared length */
    for (i = 0; i <= n; i++)
        for (j = 0; j <= n; j++) {
            int64_t cand_x[2], cand_y[2];
            int ci, cj;
            uint16_t k;
            int ok;
            cand_x[0] = i < n ? (int64_t)others[i].x - a.x - a.w : 0;
            cand_x[1] = i < n ? (int64_t)others[i].x + others[i].w - a.x : 0;
            cand_y[0] = j < n ? (int64_t)others[j].y - a.y - a.h : 0;
            cand_y[1] = j < n ? (int64_t)others[j].y + others[j].h - a.y : 0;
            for (ci = 0; ci < 2; ci++)
                for (cj = 0; cj < 2; cj++) {
                    int64_t mx = cand_x[ci], my = cand_y[cj], len = mx * mx + my * my;
                    ok = 1;
                    for (k = 0; k < n && ok; k++)
                        ok = !meets(&a, mx, my, &others[k]);
                    if (ok && (best < 0 || len < best))
                        best = len;
                }
        }
    if (best < 0 || (int64_t)p.x * p.x + (int64_t)p.y * p.y != best)
        abort();
    if (eo_contact_push_out(NULL, others, n, &p, NULL) != EO_ERR_NULL_POINTER)
        abort();
}

/* The entry and exit times of one axis, as fractions num / den of the move (den > 0), for A's span
   p .. p + wa moving by d against B's q .. q + wb: overlapping while -wa < p - q + d t < wb. */
typedef struct frac { i128 num, den; } frac;
static int frac_lt(frac a, frac b) { return a.num * b.den < b.num * a.den; }

/* 0: never overlapping; 1: always; 2: while entry < t < exit */
static int axis_times(int64_t p, int64_t wa, int64_t q, int64_t wb, int64_t d, frac *entry, frac *exit_)
{
    int64_t rel = p - q;
    if (d == 0)
        return -wa < rel && rel < wb;
    if (d > 0) {
        entry->num = -wa - rel; exit_->num = wb - rel; entry->den = exit_->den = d;
    } else {
        entry->num = rel - wb; exit_->num = rel + wa; entry->den = exit_->den = -d;
    }
    return 2;
}

static void check_sweep(fz *f)
{
    eo_box a, b;
    eo_contact_hit hit;
    eo_result r;
    int64_t spread = 1 + (int64_t)fz_below(f, 200);
    int64_t adx = fz_range(f, -300, 300), ady = fz_range(f, -300, 300), bdx = 0, bdy = 0;
    int two = fz_u8(f) & 1, kx, ky;
    frac ex, xx, ey, xy, entry, exit_;
    random_box(f, &a, fz_range(f, -1000, 1000), spread);
    random_box(f, &b, a.x, spread);
    if (two) {
        bdx = fz_range(f, -300, 300);
        bdy = fz_range(f, -300, 300);
        r = eo_contact_sweep_boxes(&a, (eo_coord)adx, (eo_coord)ady, &b, (eo_coord)bdx, (eo_coord)bdy, &hit, NULL);
    } else {
        r = eo_contact_sweep_box(&a, (eo_coord)adx, (eo_coord)ady, &b, &hit, NULL);
    }
    if (!box_ok(&a) || !box_ok(&b)) {
        if (r != EO_ERR_BAD_ARGUMENT)
            abort();
        return;
    }
    if (r == EO_ERR_BAD_ARGUMENT) /* A's path leaves the world */
        return;
    if (r != EO_OK)
        abort();
    kx = axis_times(a.x, a.w, b.x, b.w, adx - bdx, &ex, &xx);
    ky = axis_times(a.y, a.h, b.y, b.h, ady - bdy, &ey, &xy);
    if (kx == 0 || ky == 0) {
        if (hit.hit || hit.inside)
            abort();
        return;
    }
    entry.num = -1; entry.den = 1;   /* -infinity stands for "always" on that axis */
    exit_.num = 2; exit_.den = 1;
    if (kx == 2) { entry = ex; exit_ = xx; }
    if (ky == 2) {
        if (kx != 2 || frac_lt(entry, ey)) entry = ey;
        if (kx != 2 || frac_lt(xy, exit_)) exit_ = xy;
    }
    {
        frac zero = { 0, 1 }, one = { 1, 1 };
        int inside = frac_lt(entry, zero) && frac_lt(zero, exit_);
        int enters = !inside && !frac_lt(entry, zero) && frac_lt(entry, one) && frac_lt(entry, exit_);
        if (hit.inside != inside || hit.hit != (inside || enters))
            abort();
        if (enters && (hit.t_den == 0 || (i128)hit.t_num * entry.den != entry.num * (i128)hit.t_den))
            abort();
        if (enters && meets(&a, (int64_t)hit.x - a.x, (int64_t)hit.y - a.y, &b) && !two)
            abort(); /* A at the impact, rounded toward its start, does not overlap B yet */
    }
}

static void check_move(fz *f)
{
    eo_move_world w;
    eo_index n = (eo_index)fz_below(f, 24), i;
    eo_box start, got;
    eo_move_result res;
    ref_result *ref = malloc(sizeof *ref);
    int32_t dx = (int32_t)fz_range(f, -80, 80), dy = (int32_t)fz_range(f, -80, 80);
    uint16_t cap = (uint16_t)((fz_u8(f) & 7u) == 0 ? fz_below(f, 4) : REF_MAX_CONTACTS);
    eo_result r;
    int k;
    memset(&w, 0, sizeof w);
    for (i = 0; i < n; i++) {
        boxes[i].x = (eo_coord)fz_range(f, -20, 100);
        boxes[i].y = (eo_coord)fz_range(f, -20, 100);
        boxes[i].w = (eo_coord)fz_range(f, (fz_u8(f) & 15u) == 0 ? -2 : 1, 16);
        boxes[i].h = (eo_coord)fz_range(f, 1, 16);
        responses[i] = (uint8_t)fz_below(f, 6); /* 5: out of range, taken as SLIDE */
        layers[i].category = (uint16_t)(1u << fz_below(f, 3));
        layers[i].collides_with = (uint16_t)fz_below(f, 8);
    }
    w.boxes = boxes;
    w.count = n;
    w.self = (fz_u8(f) & 3u) == 0 && n > 0 ? (eo_index)fz_below(f, n) : EO_MOVE_NO_SELF;
    w.near = near_room;
    w.near_capacity = REF_MAX_BOXES;
    if (fz_u8(f) & 1u)
        w.responses = responses;
    if (fz_u8(f) & 1u) {
        w.layers = layers;
        w.layer.category = 1;
        w.layer.collides_with = (uint16_t)fz_range(f, 1, 7);
    }
    start.x = (eo_coord)fz_range(f, -10, 90);
    start.y = (eo_coord)fz_range(f, -10, 90);
    start.w = (eo_coord)fz_range(f, 1, 12);
    start.h = (eo_coord)fz_range(f, 1, 12);
    ref_move(&w, &start, dx, dy, ref);
    got = start;
    memset(contacts, 0, sizeof contacts);
    r = eo_move(&w, &got, (eo_coord)dx, (eo_coord)dy, contacts, cap, &res, NULL);
    if (r != (ref->count > cap ? EO_ERR_BUFFER_TOO_SMALL : EO_OK))
        abort();
    if (got.x != ref->box.x || got.y != ref->box.y || res.x != got.x || res.y != got.y || res.hit != ref->hit ||
        res.contact_count != ref->count)
        abort();
    for (k = 0; k < ref->count && k < cap; k++) {
        const eo_move_contact *c = &contacts[k], *e = &ref->contacts[k];
        if (c->other != e->other || c->t_num != e->t_num || c->t_den != e->t_den || c->x != e->x || c->y != e->y ||
            c->face != e->face || c->nx != e->nx || c->ny != e->ny || c->response != e->response)
            abort();
    }
    /* too little room for the boxes near the move: refused, nothing moved */
    if (res.near_count > 0) {
        w.near_capacity = (eo_index)(res.near_count - 1);
        got = start;
        if (eo_move(&w, &got, (eo_coord)dx, (eo_coord)dy, contacts, cap, &res, NULL) != EO_ERR_BUFFER_TOO_SMALL ||
            got.x != start.x || got.y != start.y)
            abort();
    }
    /* beyond the longest move: refused */
    got = start;
    if (EO_MOVE_MAX < EO_COORD_MAX &&
        eo_move(&w, &got, (eo_coord)(EO_MOVE_MAX + 1), 0, contacts, cap, &res, NULL) != EO_ERR_BAD_ARGUMENT)
        abort();
    free(ref);
}

static int pair_less(const eo_pair *p, const eo_pair *q)
{
    return p->a < q->a || (p->a == q->a && p->b < q->b);
}

static int contains(const eo_pair *list, uint32_t n, const eo_pair *p)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        if (list[i].a == p->a && list[i].b == p->b)
            return 1;
    return 0;
}

/* a list sorted, repeat-free, holding exactly the pairs of `from` that `keep` says */
static void expect_list(const eo_pair_list *l, const eo_pair *from, uint32_t n, const eo_pair *other, uint32_t n_other,
                        int in_other)
{
    uint32_t i, want = 0;
    eo_pair room[MAX_N * 2];
    for (i = 0; i < n; i++)
        if (contains(other, n_other, &from[i]) == in_other)
            room[want++] = from[i];
    if (l->count != want)
        abort();
    for (i = 0; i < want && i < l->capacity; i++)
        if (l->pairs[i].a != room[i].a || l->pairs[i].b != room[i].b)
            abort();
}

static void check_events(fz *f)
{
    eo_pair before[MAX_N * 2], now[MAX_N * 2], copy[MAX_N * 2], lb[MAX_N * 2], ls[MAX_N * 2], le[MAX_N * 2];
    uint32_t nb = fz_below(f, MAX_N * 2), nn = fz_below(f, MAX_N * 2), kb, kn, i, distinct = 0;
    eo_pair_list began, stayed, ended;
    eo_result r, want;
    for (i = 0; i < nb; i++) {
        before[i].a = (eo_index)fz_below(f, 8);
        before[i].b = (eo_index)fz_below(f, 8);
    }
    for (i = 0; i < nn; i++) {
        now[i].a = (eo_index)fz_below(f, 8);
        now[i].b = (eo_index)fz_below(f, 8);
    }
    memcpy(copy, now, sizeof now);
    if (eo_pairs_sort(before, nb, &kb) != EO_OK || eo_pairs_sort(now, nn, &kn) != EO_OK)
        abort();
    for (i = 0; i + 1 < kn; i++)
        if (!pair_less(&now[i], &now[i + 1]))
            abort();
    for (i = 0; i < nn; i++) /* every pair kept, none made up */
        if (!contains(now, kn, &copy[i]))
            abort();
    for (i = 0; i < nn; i++)
        distinct += !contains(copy, i, &copy[i]);
    if (distinct != kn)
        abort();
    began.pairs = lb; began.capacity = fz_below(f, 4) == 0 ? fz_below(f, 4) : MAX_N * 2;
    stayed.pairs = ls; stayed.capacity = fz_below(f, 4) == 0 ? fz_below(f, 4) : MAX_N * 2;
    ended.pairs = le; ended.capacity = fz_below(f, 4) == 0 ? fz_below(f, 4) : MAX_N * 2;
    r = eo_pairs_events(before, kb, now, kn, &began, &stayed, &ended);
    expect_list(&began, now, kn, before, kb, 0);
    expect_list(&stayed, now, kn, before, kb, 1);
    expect_list(&ended, before, kb, now, kn, 0);
    want = began.count > began.capacity || stayed.count > stayed.capacity || ended.count > ended.capacity
               ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
    if (r != want)
        abort();
    /* an unsorted list is refused */
    if (nn >= 2 && (copy[0].a != copy[1].a || copy[0].b != copy[1].b) && pair_less(&copy[1], &copy[0]) &&
        eo_pairs_events(before, kb, copy, nn, NULL, NULL, NULL) != EO_ERR_BAD_ARGUMENT)
        abort();
}

/* the pairs of the boxes overlapping, each allowed by the layer rule: (i, j) with i < j */
static uint32_t brute_pairs(eo_index n, eo_pair *out)
{
    eo_index i, j;
    uint32_t c = 0;
    for (i = 0; i < n; i++)
        for (j = (eo_index)(i + 1); j < n; j++)
            if (meets(&boxes[i], 0, 0, &boxes[j]) && (layers[i].category & layers[j].collides_with) &&
                (layers[j].category & layers[i].collides_with)) {
                out[c].a = i;
                out[c].b = j;
                c++;
            }
    return c;
}

static void check_sectors(fz *f)
{
    static uint32_t storage[32768];
    static eo_pair got[MAX_N * MAX_N], want[MAX_N * MAX_N];
    eo_sectors grid;
    eo_sectors_config cfg;
    eo_sectors_config cfgs[3];
    eo_sectors_tune_row rows[3];
    uint8_t best;
    eo_index n = (eo_index)fz_below(f, MAX_N), i, step;
    uint32_t count, nw, k, j;
    /* two groups apart: A one category, B some of the others */
    uint16_t ga = (uint16_t)(1u << fz_below(f, 3)), gb = (uint16_t)(fz_range(f, 1, 7) & ~ga);
    memset(&cfg, 0, sizeof cfg);
    cfg.world_w = 256;
    cfg.world_h = 256;
    cfg.cols = (eo_sectors_cell)fz_range(f, 1, 12);
    cfg.rows = (eo_sectors_cell)fz_range(f, 1, 12);
    cfg.max_objects = MAX_N;
    cfg.max_entries = 4096;
    if (eo_sectors_storage_size(&cfg) > sizeof storage || eo_sectors_init(&grid, &cfg, storage, sizeof storage) != EO_OK)
        abort();
    for (i = 0; i < n; i++) {
        boxes[i].x = (eo_coord)fz_range(f, -40, 290);
        boxes[i].y = (eo_coord)fz_range(f, -40, 290);
        boxes[i].w = (eo_coord)fz_range(f, (fz_u8(f) & 15u) == 0 ? -1 : 1, 60);
        boxes[i].h = (eo_coord)fz_range(f, 1, 60);
        layers[i].category = (uint16_t)(1u << fz_below(f, 3));
        layers[i].collides_with = (uint16_t)fz_below(f, 8);
    }
    if (eo_sectors_update_one(&grid, boxes, n, 0, NULL, NULL) != EO_ERR_NOT_READY) /* nothing built yet */
        abort();
    if (eo_sectors_build(&grid, boxes, n, NULL, NULL) != EO_OK)
        abort();
    for (step = 0; step < 8 && n > 0; step++) {
        i = (eo_index)fz_below(f, n);
        boxes[i].x = (eo_coord)fz_range(f, -40, 290);
        boxes[i].y = (eo_coord)fz_range(f, -40, 290);
        if (eo_sectors_update_one(&grid, boxes, n, i, NULL, NULL) != EO_OK)
            abort();
        if (eo_sectors_find_pairs(&grid, boxes, layers, got, MAX_N * MAX_N, &count, NULL, NULL) != EO_OK)
            abort();
        nw = brute_pairs(n, want);
        if (eo_pairs_sort(got, count, &count) != EO_OK || count != nw || memcmp(got, want, nw * sizeof *got) != 0)
            abort();
    }
    if (n > 0 && eo_sectors_update_one(&grid, boxes, n, n, NULL, NULL) != EO_ERR_NOT_READY)
        abort(); /* an index past the objects */
    /* pairs between group A and group B, as (A object, B object) by ascending b */
    if (eo_sectors_find_pairs_between(&grid, boxes, layers, ga, gb, got, MAX_N * MAX_N, &count, NULL, NULL) != EO_OK)
        abort();
    nw = 0;
    for (j = 0; j < n; j++) {
        if (!(layers[j].category & gb))
            continue;
        for (k = 0; k < n; k++)
            if ((layers[k].category & ga) && meets(&boxes[k], 0, 0, &boxes[j]) &&
                (layers[k].category & layers[j].collides_with) && (layers[j].category & layers[k].collides_with)) {
                want[nw].a = (eo_index)k;
                want[nw].b = (eo_index)j;
                nw++;
            }
    }
    if (count != nw)
        abort();
    for (k = 0; k < count; k++) {
        if (k > 0 && got[k].b < got[k - 1].b)
            abort();
        if (!contains(want, nw, &got[k]))
            abort();
    }
    if (eo_sectors_find_pairs_between(&grid, boxes, NULL, ga, gb, got, MAX_N * MAX_N, &count, NULL, NULL) !=
        EO_ERR_NULL_POINTER)
        abort();
    /* tune_between: every row ran or says why, best one that ran */
    cfgs[0] = cfg;
    cfgs[1] = cfg;
    cfgs[1].cols = cfgs[1].rows = 4;
    cfgs[2] = cfg;
    cfgs[2].max_entries = 1;
    if (eo_sectors_tune_between(boxes, n, layers, ga, gb, cfgs, 3, storage, sizeof storage, rows, &best) == EO_OK) {
        if (best > 1 || rows[best].result != EO_OK)
            abort();
        if (rows[0].result == EO_OK && rows[0].stats.pairs_found != nw)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    fz_init(&f, data, size);
    check_push_boxes(&f);
    check_push_circles(&f);
    check_push_out(&f);
    check_sweep(&f);
    check_move(&f);
    check_events(&f);
    check_sectors(&f);
    return 0;
}
