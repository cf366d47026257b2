/* The swept move: a box along the straight segment of a fast diagonal move, for dashes and
   knock-backs that X-then-Y would carry around a corner. See earlyout/tiles.h, "Sweeping".
   Shown in lesson 5 beside the move (tiles_move.c), whose steps it takes. */
#include "earlyout/tiles.h"

#include <stddef.h>

#include "boxes.h"
#include "tiles_move.h"

/* The sweep's tile-coarse skip, per axis: the pixels lo .. hi along the axis of the tile line
   (column for X, row for Y) its leading edge last entered without a stop, the pixels q0 .. q1
   across the axis of the box's tiles then, and whether none of those tiles can stop any step into
   them along the axis (tile_never_stops). A run that enters only pixels of that line while the box stays within those
   tiles across (fewer tiles of a free line are free too) needs no lookup. */
typedef struct sweep_line {
    eo_wide lo, hi, q0, q1;
    uint8_t free;
} sweep_line;

#define SWEEP_LINE_TILES 8 /* remember lines of at most this many tiles across (boxes up to 7 tiles) */

/* Can no step into tile (col, row) along the axis stop a box? Along X only its solid pixels could,
   along Y its one-way surface too (a fall onto it). */
static uint8_t tile_never_stops(const tiles_ctx *ctx, uint8_t axis, eo_coord col, eo_coord row)
{
    uint8_t fill = eo_tiles_kind_of(lookup(ctx, col, row))->fill;
    return axis ? fill == 0 : !(fill & FILL_SOLID);
}

/* Moves the box by d (a run of the staircase, d != 0) along the axis, skipping the lookups when
   the run stays within the line `known` says is free; else as a move does (eo_tiles_move_axis),
   then remembers the line the leading edge ended in. */
static uint8_t sweep_run(const tiles_ctx *ctx, eo_box *b, uint8_t axis, eo_coord d, uint8_t flags, sweep_line *known)
{
    eo_coord *pos = axis ? &b->y : &b->x, size = axis ? b->h : b->w;
    eo_coord across = axis ? b->x : b->y, across_size = axis ? b->w : b->h, last, u;
    eo_wide lead = d > 0 ? (eo_wide)*pos + (size - 1) : (eo_wide)*pos, first = lead + (d > 0 ? 1 : -1), end = lead + d;
    span s;
    uint8_t side;
    if (known->free && (d > 0 ? first >= known->lo && end <= known->hi : first <= known->hi && end >= known->lo) &&
        across >= known->q0 && (eo_wide)across + (across_size - 1) <= known->q1) {
        EO_COUNT(ctx->hooks, EO_COUNTER_TILES_SKIPS);
        *pos = (eo_coord)(*pos + d);
        return 0;
    }
    side = eo_tiles_move_axis(ctx, b, axis, d, flags);
    known->free = 0;
    span_of(ctx, across, across_size, &s);
    if (side != 0 || s.t1 - s.t0 >= SWEEP_LINE_TILES)
        return side;
    last = tile_of(ctx, d > 0 ? (eo_coord)(*pos + (size - 1)) : *pos);
    for (u = s.t0; u <= s.t1; u++)
        if (!tile_never_stops(ctx, axis, axis ? u : last, axis ? last : u))
            return 0;
    /* tiles cover the coordinate range exactly, so a tile's last pixel is an eo_coord */
    known->lo = origin(ctx, last);
    known->hi = known->lo + (ctx->size - 1);
    known->q0 = origin(ctx, s.t0);
    known->q1 = (eo_wide)origin(ctx, s.t1) + (ctx->size - 1);
    known->free = 1;
    return 0;
}

/* The swept move: the box's top-left pixel follows the straight segment's staircase, the lattice
   path that steps along X when the segment crosses the middle of a pixel column before the middle
   of a row (X first at a tie). Consecutive steps along one axis form a run, moved as a move moves
   an axis (sweep_run), which reads the tiles its leading edge enters; a run into a tile line
   already known to be free reads nothing. The staircase is kept with one error term, e = (2i + 1)|dy| - (2j + 1)|dx| after i X steps and
   j Y steps: X next while e <= 0. It is updated only while both axes have steps left, so
   |e| <= 2 max(|dx|, |dy|) <= 2 EO_TILES_MAX_SWEEP, which fits eo_wide. */
eo_result eo_tiles_sweep(const eo_tiles_map *map, eo_box *box, eo_coord dx, eo_coord dy, uint8_t flags,
                         eo_tiles_cache *cache, eo_tiles_move_result *result, eo_hooks *hooks)
{
    tiles_ctx ctx;
    eo_box b;
    eo_result e;
    eo_wide ax, ay, i = 0, j = 0, err, run;
    uint8_t hit = 0, axis;
    sweep_line known[2] = { { 0, 0, 0, 0, 0 }, { 0, 0, 0, 0, 0 } };
    int8_t sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1;

    if (box == NULL || result == NULL)
        return EO_ERR_NULL_POINTER;
    e = eo_tiles_setup(map, &ctx, hooks);
    if (e != EO_OK)
        return e;
    ax = sx * (eo_wide)dx; /* |dx|, |dy|: up to 2^(EO_COORD_BITS - 1), so in eo_wide */
    ay = sy * (eo_wide)dy;
    if (!box_ok(box) || (flags & ~(EO_TILES_DROP | EO_TILES_POSITION_ONLY | EO_TILES_SLIDE)) != 0 ||
        ax > EO_TILES_MAX_SWEEP || ay > EO_TILES_MAX_SWEEP)
        return EO_ERR_BAD_ARGUMENT;
    b = *box;
    EO_STEP_BELOW(hooks, EO_EV_TILES_SWEEP, dx, dy);
    err = ay - ax;
    while (i < ax || j < ay) {
        /* the run: every step along one axis before the staircase turns */
        axis = (uint8_t)(i == ax ? 1 : j == ay ? 0 : err > 0);
        run = 0;
        if (axis == 0 && j == ay)
            run = ax - i; /* the rest is straight: err is no longer needed */
        else if (axis == 1 && i == ax)
            run = ay - j;
        else if (axis == 0)
            do {
                run++;
                err += 2 * ay;
            } while (i + run < ax && err <= 0);
        else
            do {
                run++;
                err -= 2 * ax;
            } while (j + run < ay && err > 0);
        EO_STEP_BELOW(hooks, EO_EV_TILES_RUN, axis, run);
        hit = sweep_run(&ctx, &b, axis, (eo_coord)((axis ? sy : sx) * run), flags, &known[axis]);
        if (hit != 0)
            break;
        if (axis)
            j += run;
        else
            i += run;
    }
    /* sliding: what is left of the other axis' motion, along that axis alone */
    if (hit != 0 && (flags & EO_TILES_SLIDE)) {
        if (hit & (EO_HIT_LEFT | EO_HIT_RIGHT))
            hit |= eo_tiles_move_axis(&ctx, &b, 1, (eo_coord)((eo_wide)box->y + dy - b.y), flags);
        else
            hit |= eo_tiles_move_axis(&ctx, &b, 0, (eo_coord)((eo_wide)box->x + dx - b.x), flags);
    }
    eo_tiles_finish_move(&ctx, box, &b, hit, flags, cache, result);
    return EO_OK;
}
