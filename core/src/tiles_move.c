/* Moving a box through a tile map, X first, then Y, a tile at a time, so it never tunnels and
   never ends inside a wall. See earlyout/tiles.h, "Moving". Shown line by line in lesson 5.

   One function moves along either axis (move_axis): "along" is the axis of motion, "across" the
   other one. A step takes the box's leading edge into pixels a .. b of the next tile along the
   axis, and every tile the box spans across the axis is read (line_blocks); what a tile fills,
   and so whether it stops the box, is its kind's (tiles_kinds.h). One lookup stands for a whole
   stretch outside the map, where every tile reads the same. */
#include "earlyout/tiles.h"

#include <stddef.h>

#include "boxes.h"
#include "tiles_move.h"

/* ---- what blocks ------------------------------------------------------------------------ */

/* Does tile (col, row) stop a box whose leading edge enters pixels a .. b of it (a first) along
   `axis` (0 x, 1 y) in direction dir? The box spans s across the axis. On a block, *at gets
   the first blocking pixel and the answer is 1. */
static uint8_t tile_blocks(const tiles_ctx *ctx, uint8_t axis, eo_coord col, eo_coord row, eo_coord a,
                           eo_coord b, int8_t dir, const span *s, uint8_t flags, eo_coord *at)
{
    uint8_t attr = lookup(ctx, col, row), fill = eo_tiles_kind_of(attr)->fill;
    uint8_t size = ctx->size, last = (uint8_t)(size - 1u), bottom, top, i, imax, lo, hi, t;
    eo_coord o, x;

    if (fill == 0)
        return 0; /* fills nothing: empty, hazard, water, the game's own */
    if (fill == FILL_SOLID) {
        *at = a; /* a solid square: the first pixel entered */
        return 1;
    }
    if ((fill & FILL_ONE_WAY) && (axis == 0 || dir < 0))
        return 0; /* a one-way surface stops only a box coming down onto it */
    if (axis == 0) {
        /* sideways into solid rows: the first column entered whose rows meet the box's rows in
           this tile, lo .. hi */
        lo = s->t0 == row ? local(ctx, s->q0) : 0;
        hi = s->t1 == row ? local(ctx, s->q1) : last;
        if (lo > eo_tiles_fill_bottom(fill, size))
            return 0; /* the box passes under a top half */
        for (x = a;; x = (eo_coord)(x + dir)) {
            if (eo_tiles_fill_top(ctx->map, attr, fill, size, local(ctx, x)) <= hi) {
                *at = x;
                return 1;
            }
            if (x == b || !(fill & FILL_SHAPE))
                return 0; /* (the columns of any kind but a slope are alike: one stands for all) */
        }
    }
    /* up or down: the box's columns in this tile, i .. imax (a slope's differ; of any other kind,
       one stands for all) */
    i = s->t0 == col ? local(ctx, s->q0) : 0;
    imax = !(fill & FILL_SHAPE) ? i : s->t1 == col ? local(ctx, s->q1) : last;
    if (fill & FILL_ONE_WAY) {
        /* coming down onto a one-way surface, the top row of a column: the highest one of the
           box's columns within a .. b (the one its bottom enters first) */
        lo = local(ctx, a);
        hi = local(ctx, b);
        o = -1;
        for (;; i++) {
            t = eo_tiles_fill_top(ctx->map, attr, fill, size, i); /* size: none */
            if (t >= lo && t <= hi) {
                hi = t; /* nearer ones only from now on */
                o = t;
            }
            if (i == imax)
                break;
        }
        if (o < 0 || ((fill & FILL_LADDER) && !eo_tiles_ladder_top(lookup(ctx, col, (eo_coord)(row - 1)))))
            return 0;
        if (flags & EO_TILES_DROP) {
            EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_PASS, EO_PACK16(col, row), attr);
            return 0; /* dropping through */
        }
        *at = (eo_coord)(origin(ctx, row) + o);
        return 1;
    }
    /* into solid rows: the highest top of the box's columns; a .. b (either way round) meets
       rows o + top .. o + bottom of the tile: the first of them entered */
    bottom = eo_tiles_fill_bottom(fill, size);
    top = size;
    for (;; i++) {
        t = eo_tiles_fill_top(ctx->map, attr, fill, size, i);
        if (t < top)
            top = t;
        if (i == imax)
            break;
    }
    o = origin(ctx, row);
    if (top == size || (dir > 0 ? a > o + bottom || b < o + top : a < o + top || b > o + bottom))
        return 0;
    *at = dir > 0 ? (a > o + top ? a : (eo_coord)(o + top)) : (a < o + bottom ? a : (eo_coord)(o + bottom));
    return 1;
}

/* Does anything stop the leading edge entering pixels a .. b of tile t along the axis? Reads
   every tile the box spans across the axis (EO_TILES_CORNERS: only its two end tiles), one
   lookup standing for each stretch outside the map. *at gets the nearest blocking pixel. */
static uint8_t line_blocks(const tiles_ctx *ctx, uint8_t axis, eo_coord t, eo_coord a, eo_coord b,
                           int8_t dir, const span *s, uint8_t flags, eo_coord *at)
{
    eo_coord n_along = (eo_coord)(axis ? ctx->map->height : ctx->map->width);
    eo_coord n_across = (eo_coord)(axis ? ctx->map->width : ctx->map->height);
    eo_coord u, last, hit, best = a;
    uint8_t found = 0, k, n;
    eo_coord pick[2];

    if (t < 0 || t >= n_along) {
        /* outside the map along the axis: all of this line reads the outside policy; the
           farthest tile across (the lowest row for X, any column for Y) is solid if any is */
        u = axis ? s->t0 : s->t1;
        if (lookup(ctx, axis ? u : t, axis ? t : u) != EO_TILES_SOLID)
            return 0;
        *at = a;
        return 1;
    }
    if (flags & EO_TILES_CORNERS) {
        pick[0] = s->t0;
        pick[1] = s->t1;
        n = s->t0 == s->t1 ? 1u : 2u;
        for (k = 0; k < n; k++)
            if (tile_blocks(ctx, axis, axis ? pick[k] : t, axis ? t : pick[k], a, b, dir, s, flags, &hit) &&
                (!found || (dir > 0 ? hit < best : hit > best))) {
                best = hit;
                found = 1;
            }
        *at = best;
        return found;
    }
    /* the stretches before and after the map: outside tiles block at once (at a) or never */
    u = s->t0;
    if ((u < 0 && tile_blocks(ctx, axis, axis ? u : t, axis ? t : u, a, b, dir, s, flags, &hit)) ||
        (s->t1 >= n_across && tile_blocks(ctx, axis, axis ? s->t1 : t, axis ? t : s->t1, a, b, dir, s, flags, &hit))) {
        *at = a;
        return 1;
    }
    /* the tiles inside it */
    if (u < 0)
        u = 0;
    last = s->t1 < n_across ? s->t1 : (eo_coord)(n_across - 1);
    for (; u <= last; u++) {
        if (tile_blocks(ctx, axis, axis ? u : t, axis ? t : u, a, b, dir, s, flags, &hit) &&
            (!found || (dir > 0 ? hit < best : hit > best))) {
            best = hit;
            found = 1;
            if (best == a)
                break; /* nothing can block nearer */
        }
    }
    *at = best;
    return found;
}

/* ---- movement --------------------------------------------------------------------------- */

uint8_t eo_tiles_move_axis(const tiles_ctx *ctx, eo_box *box, uint8_t axis, eo_coord d, uint8_t flags)
{
    eo_coord *pos, size, n_along, lead, target, a, b, t, first, at;
    int8_t dir;
    uint8_t side, edge = 0;
    span s;

    if (d == 0)
        return 0; /* nothing to move: before anything is worked out (a move along one axis calls both) */
    pos = axis ? &box->y : &box->x;
    size = axis ? box->h : box->w;
    n_along = (eo_coord)(axis ? ctx->map->height : ctx->map->width);
    dir = d > 0 ? 1 : -1;
    side = (uint8_t)(axis ? (dir > 0 ? EO_HIT_BOTTOM : EO_HIT_TOP) : (dir > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT));
    if (axis)
        span_of(ctx, box->x, box->w, &s);
    else
        span_of(ctx, box->y, box->h, &s);
    /* the leading edge's pixel, and where it should end, clamped to the world: the sum wraps in
       eo_ucoord past the world's edge (then it lies behind lead), no wider type needed */
    lead = dir > 0 ? (eo_coord)(*pos + (size - 1)) : *pos;
    target = (eo_coord)((eo_ucoord)lead + (eo_ucoord)d);
    if (dir > 0 ? target < lead : target > lead) {
        target = dir > 0 ? EO_COORD_MAX : EO_COORD_MIN;
        edge = 1;
    }

    while (lead != target) {
        a = (eo_coord)(lead + dir);            /* the first pixel this step enters */
        t = tile_of(ctx, a);
        first = origin(ctx, t);
        b = dir > 0 ? (eo_coord)(first + (ctx->size - 1)) : first; /* ... the last: this tile's end, */
        b = (dir > 0 ? b < target : b > target) ? b : target;      /* or the target if it is nearer */
        EO_COUNT(ctx->hooks, EO_COUNTER_TILES_STEPS);
        EO_STEP_ABOVE(ctx->hooks, axis ? EO_EV_TILES_STEP_Y : EO_EV_TILES_STEP_X, a, b);
        if (line_blocks(ctx, axis, t, a, b, dir, &s, flags, &at)) {
            EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_BLOCKED, axis, at);
            /* snap: the leading edge stops one pixel before the block */
            EO_COUNT(ctx->hooks, EO_COUNTER_TILES_SNAPS);
            lead = (eo_coord)(at - dir);
            *pos = dir > 0 ? (eo_coord)(lead - (size - 1)) : lead;
            EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_SNAP, axis, *pos);
            return side;
        }
        if (t < 0 || t >= n_along) {
            /* outside the map every tile reads the same: go on to the map's edge, or the target */
            if (dir > 0 && t < 0) {
                b = target < -1 ? target : (eo_coord)-1;
                EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_SKIP_OUTSIDE, axis, b);
            } else if (dir < 0 && t >= n_along) {
                first = (eo_coord)((eo_ucoord)n_along * ctx->size); /* <= a <= EO_COORD_MAX */
                b = target > first ? target : first;
                EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_SKIP_OUTSIDE, axis, b);
            } else {
                b = target;
                EO_STEP_ABOVE(ctx->hooks, EO_EV_TILES_SKIP_OUTSIDE, axis, b);
            }
        }
        lead = b;
    }
    *pos = dir > 0 ? (eo_coord)(lead - (size - 1)) : lead;
    if (!edge)
        return 0;
    EO_STEP_BELOW(ctx->hooks, EO_EV_TILES_WORLD_EDGE, axis, *pos);
    return side; /* the world's edge stopped it, as a wall would */
}

/* Would a one-pixel move down with these flags be blocked? With EO_TILES_DROP one-way ground does
   not count: on_ground says what the next move with the same flags will do (fall through it). */
static uint8_t on_ground(const tiles_ctx *ctx, const eo_box *box, uint8_t flags)
{
    eo_coord y = (eo_coord)(box->y + (box->h - 1)), at;
    span s;
    if (y == EO_COORD_MAX)
        return 1; /* the world edge */
    y++;
    span_of(ctx, box->x, box->w, &s);
    return line_blocks(ctx, 1, tile_of(ctx, y), y, y, 1, &s, (uint8_t)(flags & EO_TILES_DROP), &at);
}

/* moved_x, moved_y, and (unless POSITION_ONLY) what the box touches and stands on, then the box
   and the result written field by field (copying whole structs just written in 16-bit parts
   stalls store forwarding on x86: a third of a short move's time). */
void eo_tiles_finish_move(const tiles_ctx *ctx, eo_box *box, const eo_box *b, uint8_t hit, uint8_t flags,
                          eo_tiles_cache *cache, eo_tiles_move_result *result)
{
    eo_tiles_move_result r = { 0, 0, 0, 0, 0, 0 };
    r.hit = hit;
    /* |moved| <= |d| and of d's sign, so it fits eo_coord: the difference wraps in eo_ucoord to
       the right value (no eo_wide, a 32-bit type on the Z80) */
    r.moved_x = (eo_coord)((eo_ucoord)b->x - (eo_ucoord)box->x);
    r.moved_y = (eo_coord)((eo_ucoord)b->y - (eo_ucoord)box->y);
    if (!(flags & EO_TILES_POSITION_ONLY)) {
        EO_STEP_BELOW(ctx->hooks, EO_EV_TILES_SENSE, b->x, b->y);
        eo_tiles_sense(ctx, b, cache, &r.touching, &r.below);
        r.on_ground = on_ground(ctx, b, flags);
    }
    EO_STEP_BELOW(ctx->hooks, EO_EV_TILES_RESULT, r.hit | r.on_ground << 4, r.touching | r.below << 8);
    result->hit = r.hit;
    result->touching = r.touching;
    result->below = r.below;
    result->on_ground = r.on_ground;
    result->moved_x = r.moved_x;
    result->moved_y = r.moved_y;
    box->x = b->x;
    box->y = b->y;
}

eo_result eo_tiles_move(const eo_tiles_map *map, eo_box *box, eo_coord dx, eo_coord dy, uint8_t flags,
                        eo_tiles_cache *cache, eo_tiles_move_result *result, eo_hooks *hooks)
{
    tiles_ctx ctx;
    eo_box b;
    eo_result e;
    uint8_t hit;

    if (box == NULL || result == NULL)
        return EO_ERR_NULL_POINTER;
    e = eo_tiles_setup(map, &ctx, hooks);
    if (e != EO_OK)
        return e;
    if (!box_ok(box) || (flags & ~(EO_TILES_DROP | EO_TILES_POSITION_ONLY | EO_TILES_CORNERS)) != 0)
        return EO_ERR_BAD_ARGUMENT;
    b = *box;
    /* X first, then Y: the Y scan uses the columns the box reached */
    EO_STEP_BELOW(hooks, EO_EV_TILES_MOVE, dx, dy);
    hit = eo_tiles_move_axis(&ctx, &b, 0, dx, flags);
    hit |= eo_tiles_move_axis(&ctx, &b, 1, dy, flags);
    eo_tiles_finish_move(&ctx, box, &b, hit, flags, cache, result);
    return EO_OK;
}
