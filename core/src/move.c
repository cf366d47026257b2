/* Moving a box through boxes and tiles, with a response per pair. See earlyout/move.h. Shown line
   by line in lesson 7: keep it readable.

   The move follows the segment's staircase (staircase.h), one run along one axis at a time. For a
   run, everything ahead that meets the box across the run is a distance away along it: the nearest
   box or tile that stops the box decides how far the run goes, and its response what comes next.
   Boxes are kept in `near` for the whole move (the ones the move can reach), with their response
   and whether the mover overlapped them at the start or has crossed into them already. */
#include "earlyout/move.h"
#include "earlyout/query.h"

#include <stddef.h>

#include "boxes.h"
#include "hooks.h"
#include "layers.h"
#include "staircase.h"

/* eo_move_near.state */
#define NEAR_AT_START 0x01u  /* overlapping the mover at the start: never stops it, reported at t 0 */
#define NEAR_ENTERED  0x02u  /* a CROSS box already reported */

/* Response strength where several things stop the box at the same pixel: TOUCH, BOUNCE, SLIDE. */
static uint8_t stronger(uint8_t a, uint8_t b)
{
    static const uint8_t rank[5] = { 1, 3, 0, 2, 0 }; /* SLIDE, TOUCH, CROSS, BOUNCE, IGNORE */
    return rank[a] >= rank[b] ? a : b;
}

/* ---- the move's state --------------------------------------------------------------------- */

typedef struct mover {
    const eo_move_world *w;
    eo_box box;
    eo_move_contact *out;
    uint16_t capacity, found;
    uint32_t steps, total;     /* staircase steps taken, of `total` (|dx| + |dy|) */
    int8_t dir[2];             /* each axis' direction now (a bounce turns it) */
    uint8_t stopped[2];        /* an axis that slid (or bounced without room) moves no more */
    uint8_t hit;               /* sides stopped */
    uint8_t done;              /* a TOUCH ended the move */
    eo_index near_count;
    eo_hooks *hooks;
} mover;

/* A contact after `at` steps of the move, the mover `ahead` pixels past where it is now along its
   face's axis (a CROSS box met part way through a run). */
static void report(mover *m, eo_index other, uint32_t at, eo_wide ahead, uint8_t face, uint8_t response)
{
    eo_move_contact *c;
    EO_STEP_BELOW(m->hooks, EO_EV_MOVE_CONTACT, other == EO_MOVE_TILE ? -1 : (int32_t)other, response);
    if (m->found < m->capacity) {
        c = &m->out[m->found];
        c->other = other;
        c->t_num = at;
        c->t_den = m->total != 0 ? m->total : 1u;
        c->x = (eo_coord)(m->box.x + (face & EO_HIT_RIGHT ? ahead : face & EO_HIT_LEFT ? -ahead : 0));
        c->y = (eo_coord)(m->box.y + (face & EO_HIT_BOTTOM ? ahead : face & EO_HIT_TOP ? -ahead : 0));
        /* the side met faces the mover's side: its normal points back along that axis */
        c->nx = (int8_t)(face & EO_HIT_RIGHT ? -1 : face & EO_HIT_LEFT ? 1 : 0);
        c->ny = (int8_t)(face & EO_HIT_BOTTOM ? -1 : face & EO_HIT_TOP ? 1 : 0);
        c->face = face;
        c->response = response;
    }
    if (m->found != UINT16_MAX)
        m->found++;
}

/* ---- the boxes near the move -------------------------------------------------------------- */

/* The move's reach: the box grown by |dx| and |dy| on each side (a bounce can go back as far as
   the move goes on), clamped to the world: lim = x0, y0 and one past x1, y1. Returns 1 with the
   reach as a box in r, or 0 when it is wider or taller than a box can be (2 |d| + size past
   EO_COORD_MAX: long moves in the 16-bit build), which the caller then tests with lim. */
static uint8_t reach_of(const eo_box *b, eo_coord dx, eo_coord dy, eo_box *r, eo_wide lim[4])
{
    eo_wide ax = dx < 0 ? -(eo_wide)dx : dx, ay = dy < 0 ? -(eo_wide)dy : dy;
    lim[0] = (eo_wide)b->x - ax;
    lim[1] = (eo_wide)b->y - ay;
    lim[2] = (eo_wide)b->x + b->w + ax; /* one past the last */
    lim[3] = (eo_wide)b->y + b->h + ay;
    lim[0] = lim[0] < EO_COORD_MIN ? EO_COORD_MIN : lim[0];
    lim[1] = lim[1] < EO_COORD_MIN ? EO_COORD_MIN : lim[1];
    lim[2] = lim[2] > EO_COORD_MAX ? (eo_wide)EO_COORD_MAX + 1 : lim[2];
    lim[3] = lim[3] > EO_COORD_MAX ? (eo_wide)EO_COORD_MAX + 1 : lim[3];
    if (lim[2] - lim[0] > EO_COORD_MAX || lim[3] - lim[1] > EO_COORD_MAX)
        return 0;
    r->x = (eo_coord)lim[0];
    r->y = (eo_coord)lim[1];
    r->w = (eo_coord)(lim[2] - lim[0]);
    r->h = (eo_coord)(lim[3] - lim[1]);
    return 1;
}

/* Does box b share a pixel with the reach lim (reach_of's bounds)? */
static uint8_t in_reach(const eo_box *b, const eo_wide lim[4])
{
    return b->w > 0 && b->h > 0 && (eo_wide)b->x < lim[2] && (eo_wide)b->x + b->w > lim[0] &&
           (eo_wide)b->y < lim[3] && (eo_wide)b->y + b->h > lim[1];
}

static uint8_t response_of(const eo_move_world *w, eo_index i)
{
    uint8_t r = EO_MOVE_SLIDE;
    if (w->responses != NULL)
        r = w->responses[i];
    else if (w->filter != NULL)
        r = w->filter(w->filter_user, i);
    return r <= EO_MOVE_IGNORE ? r : (uint8_t)EO_MOVE_SLIDE;
}

static uint8_t boxes_meet(const eo_box *a, const eo_box *b)
{
    return spans_meet(a->x, a->w, b->x, b->w) && spans_meet(a->y, a->h, b->y, b->h);
}

/* Keeps box i if the move can meet it: not the mover, not empty, allowed by layers, not ignored. */
static void keep_near(mover *m, eo_index i, eo_index *kept)
{
    const eo_move_world *w = m->w;
    const eo_box *b = &w->boxes[i];
    eo_broadphase_layer mine;
    uint8_t r;
    mine = w->layer; /* assigned, not initialized: SDCC initializes no struct from another */
    if (i == w->self || b->w <= 0 || b->h <= 0)
        return;
    if (mine.category == 0 && mine.collides_with == 0)
        mine.category = mine.collides_with = 0xFFFFu;
    if (w->layers != NULL && !layers_meet(&w->layers[i], &mine))
        return;
    r = response_of(w, i);
    if (r == EO_MOVE_IGNORE)
        return;
    w->near[*kept].index = i;
    w->near[*kept].response = r;
    w->near[*kept].state = boxes_meet(&m->box, b) ? NEAR_AT_START : 0u;
    (*kept)++;
}

/* Fills `near` with the boxes the move can reach: from the grid's sectors, or all of them. The
   region query writes plain indices; they are spread into the wider entries from the last one
   down, so one buffer serves both. */
static eo_result gather_near(mover *m, eo_coord dx, eo_coord dy)
{
    const eo_move_world *w = m->w;
    eo_index i, n, kept = 0;
    eo_box reach;
    eo_wide lim[4];
    uint8_t boxed = reach_of(&m->box, dx, dy, &reach, lim);
    if (w->grid != NULL && boxed) {
        eo_index *found = (eo_index *)(void *)w->near; /* an eo_move_near begins with its index */
        eo_result r = eo_query_sectors_region(w->grid, w->boxes, NULL, NULL, &reach, found,
                                              w->near_capacity, &n, NULL);
        m->near_count = n;
        if (r != EO_OK)
            return r;
        for (i = n; i > 0; i--)
            w->near[i - 1u].index = found[i - 1u];
        for (i = 0; i < n; i++)
            keep_near(m, w->near[i].index, &kept);
    } else {
        /* every box, or (a reach no box can hold, which no region query takes) even with a grid */
        n = 0;
        for (i = 0; i < w->count; i++)
            if (boxed ? boxes_meet(&w->boxes[i], &reach) : in_reach(&w->boxes[i], lim))
                n++;
        m->near_count = n;
        if (n > w->near_capacity)
            return EO_ERR_BUFFER_TOO_SMALL;
        for (i = 0; i < w->count; i++)
            if (boxed ? boxes_meet(&w->boxes[i], &reach) : in_reach(&w->boxes[i], lim))
                keep_near(m, i, &kept);
    }
    m->near_count = kept;
    return EO_OK;
}

/* ---- one run ------------------------------------------------------------------------------ */

/* How far box b is ahead of the mover along axis `axis` in direction dir: the pixels the mover
   can go before they would overlap, or -1 if b does not meet the mover across the axis or is not
   ahead (behind it, or overlapping it along the axis). */
static eo_wide gap_to(const eo_box *me, const eo_box *b, uint8_t axis, int8_t dir)
{
    eo_wide gap;
    if (axis ? !spans_meet(me->x, me->w, b->x, b->w) : !spans_meet(me->y, me->h, b->y, b->h))
        return -1; /* shares no row (no column) with the mover: a run along the axis never meets it */
    if (dir > 0)
        gap = axis ? (eo_wide)b->y - me->y - me->h : (eo_wide)b->x - me->x - me->w;
    else
        gap = axis ? (eo_wide)me->y - b->y - b->h : (eo_wide)me->x - b->x - b->w;
    return gap;
}

/* How far the tiles (or the world's edge) let the mover go along the axis, up to n: n if nothing
   stops it before. */
static eo_wide tiles_let(mover *m, uint8_t axis, int8_t dir, eo_wide n)
{
    const eo_move_world *w = m->w;
    eo_tiles_move_result tr;
    eo_box b;
    eo_wide pos, size, room;
    b = m->box;
    pos = axis ? b.y : b.x;
    size = axis ? b.h : b.w;
    if (w->map == NULL) {
        /* only the world's edge */
        room = dir > 0 ? (eo_wide)EO_COORD_MAX - (pos + size - 1) : pos - (eo_wide)EO_COORD_MIN;
        return room < n ? room : n;
    }
    if (eo_tiles_move(w->map, &b, (eo_coord)(axis ? 0 : dir * n), (eo_coord)(axis ? dir * n : 0),
                      (uint8_t)(w->tile_flags | EO_TILES_POSITION_ONLY), NULL, &tr, NULL) != EO_OK)
        return n; /* the map was checked before the move: cannot happen */
    return (eo_wide)(tr.moved_x < 0 ? -tr.moved_x : tr.moved_x) + (tr.moved_y < 0 ? -tr.moved_y : tr.moved_y);
}

/* The CROSS box not yet entered that the mover enters first within `go` pixels along the axis
   (the lowest index among the nearest), and its gap; near_count if none. */
static eo_index next_crossed(const mover *m, uint8_t axis, int8_t dir, eo_wide go, eo_wide *gap)
{
    const eo_move_world *w = m->w;
    eo_index k, best = m->near_count;
    eo_wide g, best_gap = go;
    for (k = 0; k < m->near_count; k++) {
        if (w->near[k].state != 0 || w->near[k].response != EO_MOVE_CROSS)
            continue;
        g = gap_to(&m->box, &w->boxes[w->near[k].index], axis, dir);
        if (g >= 0 && g < best_gap) {
            best = k;
            best_gap = g;
        }
    }
    *gap = best_gap;
    return best;
}

/* The mover's side facing direction dir along the axis. */
static uint8_t side_of(uint8_t axis, int8_t dir)
{
    return (uint8_t)(axis ? (dir > 0 ? EO_HIT_BOTTOM : EO_HIT_TOP) : (dir > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT));
}

/* Moves the mover up to n pixels along the axis (the run's steps), reporting what it crosses and
   what stops it, and applying the response: a bounce turns the axis and goes on with the pixels left. */
static void run(mover *m, uint8_t axis, eo_wide n)
{
    const eo_move_world *w = m->w;
    eo_index k;
    uint32_t start = m->steps;
    uint8_t bounced_here = 0;
    while (n > 0 && !m->stopped[axis] && !m->done) {
        int8_t dir = m->dir[axis];
        eo_wide go = n, tile_go, gap;
        uint8_t response = EO_MOVE_CROSS, blocked = 0;
        EO_STEP_BELOW(m->hooks, EO_EV_MOVE_RUN, axis, dir * n);
        /* the nearest box ahead that stops the mover */
        for (k = 0; k < m->near_count; k++) {
            const eo_move_near *p = &w->near[k];
            if (p->state != 0 || p->response == EO_MOVE_CROSS)
                continue;
            gap = gap_to(&m->box, &w->boxes[p->index], axis, dir);
            if (gap >= 0 && gap < go)
                go = gap;
        }
        /* and the tiles: how far they let it go, up to there */
        tile_go = tiles_let(m, axis, dir, go);
        EO_STEP_ABOVE(m->hooks, EO_EV_MOVE_TILE, axis, tile_go);
        blocked = go < n || tile_go < go;
        if (tile_go < go)
            go = tile_go;
        /* CROSS boxes entered on the way (their gap is less than the pixels gone), nearest first */
        while ((k = next_crossed(m, axis, dir, go, &gap)) < m->near_count) {
            w->near[k].state = NEAR_ENTERED;
            report(m, w->near[k].index, m->steps + (uint32_t)gap, gap, side_of(axis, dir), EO_MOVE_CROSS);
        }
        /* go */
        if (axis)
            m->box.y = (eo_coord)(m->box.y + dir * go);
        else
            m->box.x = (eo_coord)(m->box.x + dir * go);
        m->steps += (uint32_t)go;
        n -= go;
        if (!blocked)
            break;
        /* what stops it, flush against it now: each reported, the strongest response taken */
        if (tile_go == go && tiles_let(m, axis, dir, 1) == 0) {
            report(m, EO_MOVE_TILE, m->steps, 0, side_of(axis, dir), w->tile_response);
            response = w->tile_response;
        }
        for (k = 0; k < m->near_count; k++) {
            const eo_move_near *p = &w->near[k];
            if (p->state == 0 && p->response != EO_MOVE_CROSS && gap_to(&m->box, &w->boxes[p->index], axis, dir) == 0) {
                EO_STEP_ABOVE(m->hooks, EO_EV_MOVE_BOX, p->index, 0);
                report(m, p->index, m->steps, 0, side_of(axis, dir), p->response);
                response = response == EO_MOVE_CROSS ? p->response : stronger(response, p->response);
            }
        }
        m->hit |= side_of(axis, dir);
        if (response == EO_MOVE_TOUCH) {
            m->done = 1;
        } else if (response == EO_MOVE_BOUNCE && !(bounced_here && m->steps == start)) {
            /* the rest of this axis' motion goes back the other way */
            m->dir[axis] = (int8_t)-dir;
            bounced_here = 1;
            start = m->steps;
        } else {
            m->stopped[axis] = 1; /* slide: the other axis goes on */
        }
    }
    m->steps += (uint32_t)n; /* steps a stopped axis no longer moves still pass */
}

/* ---- the call ------------------------------------------------------------------------------ */

static uint8_t move_ok(eo_coord d)
{
    eo_wide a = d < 0 ? -(eo_wide)d : d;
    return a <= EO_MOVE_MAX;
}

eo_result eo_move(const eo_move_world *world, eo_box *box, eo_coord dx, eo_coord dy, eo_move_contact *contacts,
                  uint16_t capacity, eo_move_result *result, eo_hooks *hooks)
{
    mover m;
    staircase s;
    eo_index k;
    eo_result e;
    uint8_t axis;
    eo_wide steps;

    if (world == NULL || box == NULL || result == NULL || (capacity > 0 && contacts == NULL) ||
        (world->count > 0 && world->boxes == NULL) || (world->near_capacity > 0 && world->near == NULL))
        return EO_ERR_NULL_POINTER;
    if (!box_ok(box) || !move_ok(dx) || !move_ok(dy) || world->tile_response == EO_MOVE_CROSS ||
        world->tile_response > EO_MOVE_BOUNCE || (world->tile_flags & ~EO_TILES_DROP) != 0)
        return EO_ERR_BAD_ARGUMENT;
    if (world->map != NULL && (e = eo_tiles_check(world->map)) != EO_OK)
        return e;
    m.w = world;
    m.box = *box;
    m.out = contacts;
    m.capacity = capacity;
    m.found = 0;
    m.steps = 0;
    m.total = (uint32_t)((dx < 0 ? -(eo_wide)dx : dx) + (dy < 0 ? -(eo_wide)dy : dy));
    m.dir[0] = (int8_t)(dx < 0 ? -1 : 1);
    m.dir[1] = (int8_t)(dy < 0 ? -1 : 1);
    m.stopped[0] = m.stopped[1] = 0;
    m.hit = 0;
    m.done = 0;
    m.near_count = 0;
    m.hooks = hooks;
    result->near_count = 0;
    e = gather_near(&m, dx, dy);
    result->near_count = m.near_count;
    if (e != EO_OK)
        return e; /* nothing moved */
    EO_STEP_BELOW(hooks, EO_EV_MOVE_BEGIN, dx, dy);
    for (k = 0; k < m.near_count; k++)
        if (world->near[k].state == NEAR_AT_START)
            report(&m, world->near[k].index, 0, 0, 0, world->near[k].response);
    /* the staircase, run by run */
    staircase_begin(&s, dx, dy);
    while (!m.done && staircase_next(&s, &axis, &steps))
        run(&m, axis, steps);
    *box = m.box;
    EO_STEP_ABOVE(hooks, EO_EV_MOVE_END, box->x, box->y);
    result->x = box->x;
    result->y = box->y;
    result->hit = m.hit;
    result->contact_count = m.found;
    return m.found > capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
