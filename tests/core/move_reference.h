/* A reference for eo_move (move.h), written from its manual, the slow way: the box steps one pixel
   at a time along the segment's staircase, and before each step every box of the world is tested
   against the stepped box (brute force), and the tiles by a one-pixel eo_tiles_move (whose own rules
   tests/core/tiles_reference.h checks). Include after earlyout.h. */
#ifndef EARLYOUT_TESTS_MOVE_REFERENCE_H
#define EARLYOUT_TESTS_MOVE_REFERENCE_H

#include <stdint.h>

#define REF_MAX_BOXES 256
#define REF_MAX_CONTACTS 512

typedef struct ref_result {
    eo_box box;
    uint8_t hit;
    int count;                              /* every contact */
    eo_move_contact contacts[REF_MAX_CONTACTS];
} ref_result;

static int ref_meet(const eo_box *a, const eo_box *b)
{
    return a->w > 0 && a->h > 0 && b->w > 0 && b->h > 0 &&
           (int64_t)a->x < (int64_t)b->x + b->w && (int64_t)b->x < (int64_t)a->x + a->w &&
           (int64_t)a->y < (int64_t)b->y + b->h && (int64_t)b->y < (int64_t)a->y + a->h;
}

static uint8_t ref_response(const eo_move_world *w, eo_index i)
{
    uint8_t r = EO_MOVE_SLIDE;
    if (w->responses != NULL)
        r = w->responses[i];
    else if (w->filter != NULL)
        r = w->filter(w->filter_user, i);
    return r <= EO_MOVE_IGNORE ? r : (uint8_t)EO_MOVE_SLIDE;
}

/* May the mover meet box i at all? (itself, empty boxes, layers, IGNORE: never) */
static int ref_counts(const eo_move_world *w, eo_index i)
{
    eo_broadphase_layer me = w->layer;
    if (i == w->self || w->boxes[i].w <= 0 || w->boxes[i].h <= 0 || ref_response(w, i) == EO_MOVE_IGNORE)
        return 0;
    if (me.category == 0 && me.collides_with == 0)
        me.category = me.collides_with = 0xFFFFu;
    if (w->layers != NULL && !((w->layers[i].category & me.collides_with) && (me.category & w->layers[i].collides_with)))
        return 0;
    return 1;
}

static void ref_report(ref_result *r, const eo_box *at, eo_index other, uint32_t t, uint32_t den, uint8_t face,
                       uint8_t response)
{
    if (r->count < REF_MAX_CONTACTS) {
        eo_move_contact *c = &r->contacts[r->count];
        c->other = other;
        c->t_num = t;
        c->t_den = den;
        c->x = at->x;
        c->y = at->y;
        c->nx = (int8_t)(face & EO_HIT_RIGHT ? -1 : face & EO_HIT_LEFT ? 1 : 0);
        c->ny = (int8_t)(face & EO_HIT_BOTTOM ? -1 : face & EO_HIT_TOP ? 1 : 0);
        c->face = face;
        c->response = response;
    }
    r->count++;
}

/* Do the tiles (or the world's edge) stop a one-pixel step of b along the axis? */
static int ref_tile_stops(const eo_move_world *w, const eo_box *b, int axis, int dir)
{
    eo_tiles_move_result tr;
    eo_box c = *b;
    if (w->map == NULL) {
        int64_t p = axis ? b->y : b->x, size = axis ? b->h : b->w;
        return dir > 0 ? p + size - 1 >= EO_COORD_MAX : p <= EO_COORD_MIN;
    }
    eo_tiles_move(w->map, &c, (eo_coord)(axis ? 0 : dir), (eo_coord)(axis ? dir : 0),
                  (uint8_t)(w->tile_flags | EO_TILES_POSITION_ONLY), NULL, &tr, NULL);
    return tr.moved_x == 0 && tr.moved_y == 0;
}

static uint8_t ref_stronger(uint8_t a, uint8_t b)
{
    static const uint8_t rank[5] = { 1, 3, 0, 2, 0 };
    return rank[a] >= rank[b] ? a : b;
}

static void ref_move(const eo_move_world *w, const eo_box *start, int32_t dx, int32_t dy, ref_result *r)
{
    int64_t ax = dx < 0 ? -(int64_t)dx : dx, ay = dy < 0 ? -(int64_t)dy : dy, i = 0, j = 0;
    uint32_t steps = 0, den = (uint32_t)(ax + ay != 0 ? ax + ay : 1);
    int dir[2], stopped[2] = { 0, 0 }, just_bounced[2] = { 0, 0 }, done = 0;
    uint8_t state[REF_MAX_BOXES]; /* 1: overlapping at the start, 2: a CROSS box entered */
    eo_index k;
    dir[0] = dx < 0 ? -1 : 1;
    dir[1] = dy < 0 ? -1 : 1;
    r->box = *start;
    r->hit = 0;
    r->count = 0;
    for (k = 0; k < w->count; k++) {
        state[k] = (uint8_t)(ref_counts(w, k) && ref_meet(start, &w->boxes[k]));
        if (state[k])
            ref_report(r, start, k, 0, den, 0, ref_response(w, k));
    }
    while ((i < ax || j < ay) && !done) {
        /* the staircase: X while (2i + 1)|dy| <= (2j + 1)|dx| */
        int axis = i == ax ? 1 : j == ay ? 0 : (2 * i + 1) * ay - (2 * j + 1) * ax > 0;
        eo_box next = r->box;
        int tile, blocked = 0;
        uint8_t response = EO_MOVE_CROSS, side;
        if (stopped[axis]) {
            steps++;
            if (axis) j++; else i++;
            continue;
        }
        if (axis)
            next.y = (eo_coord)(next.y + dir[axis]);
        else
            next.x = (eo_coord)(next.x + dir[axis]);
        side = (uint8_t)(axis ? (dir[1] > 0 ? EO_HIT_BOTTOM : EO_HIT_TOP) : (dir[0] > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT));
        tile = ref_tile_stops(w, &r->box, axis, dir[axis]);
        for (k = 0; k < w->count; k++)
            if (ref_counts(w, k) && !state[k] && ref_response(w, k) != EO_MOVE_CROSS && ref_meet(&next, &w->boxes[k]))
                blocked = 1;
        if (!tile && !blocked) {
            /* the step is taken: the CROSS boxes it enters */
            for (k = 0; k < w->count; k++)
                if (ref_counts(w, k) && !state[k] && ref_response(w, k) == EO_MOVE_CROSS && ref_meet(&next, &w->boxes[k])) {
                    state[k] = 2;
                    ref_report(r, &r->box, k, steps, den, side, EO_MOVE_CROSS);
                }
            r->box = next;
            just_bounced[axis] = 0;
            steps++;
            if (axis) j++; else i++;
            continue;
        }
        /* stopped: the tile first, then the boxes by index */
        if (tile) {
            ref_report(r, &r->box, EO_MOVE_TILE, steps, den, side, w->tile_response);
            response = w->tile_response;
        }
        for (k = 0; k < w->count; k++)
            if (ref_counts(w, k) && !state[k] && ref_response(w, k) != EO_MOVE_CROSS && ref_meet(&next, &w->boxes[k])) {
                ref_report(r, &r->box, k, steps, den, side, ref_response(w, k));
                response = response == EO_MOVE_CROSS ? ref_response(w, k) : ref_stronger(response, ref_response(w, k));
            }
        r->hit |= side;
        if (response == EO_MOVE_TOUCH) {
            done = 1;
        } else if (response == EO_MOVE_BOUNCE && !just_bounced[axis]) {
            dir[axis] = -dir[axis]; /* the same step again, the other way */
            just_bounced[axis] = 1;
        } else {
            stopped[axis] = 1;
        }
    }
}

#endif
