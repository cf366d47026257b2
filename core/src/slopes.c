/* Ground sensors and walking, on top of the tile map. See earlyout/slopes.h. Shown line by line
   in lesson 6: keep it readable.

   The map owns its slope shapes (eo_tiles_slope_height, tiles.c); this layer only reads them.
   The walk is made of eo_tiles_move calls (sideways one pixel, up to climb, down to follow the
   ground): what tiles.c guarantees (no tunnelling, never ending inside a solid pixel) holds for
   walking too. */
#include "earlyout/slopes.h"

#include <stddef.h>

#include "hooks.h"

static uint8_t shift_of(const eo_tiles_map *map)
{
    return map->tile_shift != 0 ? map->tile_shift : (uint8_t)EO_TILES_MIN_SHIFT;
}

/* Ground height of column i of tile (col, row), seen from the tile's pixel row j (0 from above,
   size - 1 from below: only ground reaching the tile's bottom continues a column upward), and the
   tile's attr: solid, spike, one-way platforms and ladder tops are full, HALF_TOP full only
   from its top half, HALF_BOTTOM and ONE_WAY_HALF half, slopes and one-way slopes have their
   shape, anything else is empty. */
static uint8_t ground(const eo_tiles_map *map, uint8_t size, eo_coord col, eo_coord row, uint8_t i,
                      uint8_t j, uint8_t *attr, eo_hooks *hooks)
{
    uint8_t h = 0, above;
    *attr = eo_tiles_attr_at(map, col, row, hooks);
    if (*attr == EO_TILES_SOLID || *attr == EO_TILES_ONE_WAY || *attr == EO_TILES_SOLID_HAZARD ||
        *attr == EO_TILES_LADDER_TOP)
        h = size;
    else if (*attr == EO_TILES_LADDER) { /* inside the map, so row - 1 >= -1 */
        above = eo_tiles_attr_at(map, col, (eo_coord)(row - 1), hooks);
        h = above != EO_TILES_LADDER && above != EO_TILES_LADDER_TOP ? size : 0u;
    } else if (*attr == EO_TILES_HALF_TOP)
        h = j < size / 2u ? size : 0u;
    else if (*attr == EO_TILES_HALF_BOTTOM || *attr == EO_TILES_ONE_WAY_HALF)
        h = (uint8_t)(size / 2u);
    else if (*attr >= EO_TILES_ONE_WAY_SLOPE)
        h = eo_tiles_slope_height(map, (uint8_t)(*attr - EO_TILES_ONE_WAY_SLOPE), i);
    else if (*attr >= EO_TILES_SLOPE)
        h = eo_tiles_slope_height(map, (uint8_t)(*attr - EO_TILES_SLOPE), i);
    EO_STEP_ABOVE(hooks, EO_EV_SLOPES_HEIGHT, i, h);
    return h;
}

uint8_t eo_slopes_ground_height(const eo_tiles_map *map, eo_coord col, eo_coord row, uint8_t column,
                                eo_hooks *hooks)
{
    uint8_t size, attr;
    if (eo_tiles_tile_size(map, &size) != EO_OK)
        return 0;
    return ground(map, size, col, row, (uint8_t)(column & (size - 1u)), 0, &attr, hooks);
}

static void clear(eo_slopes_ground *g)
{
    g->found = g->sensor = g->height = g->attr = 0;
    g->col = g->row = g->ground_y = g->distance = 0;
    g->slope = 0;
}

int16_t eo_slopes_tile_slope(const eo_tiles_map *map, uint8_t attr)
{
    uint8_t size, i, half, shape, twice_shift;
    int16_t diff = 0; /* right half's heights minus the left half's: |diff| <= (size / 2) * size */
    if (attr < EO_TILES_SLOPE || eo_tiles_tile_size(map, &size) != EO_OK)
        return 0;
    shape = (uint8_t)(attr - (attr >= EO_TILES_ONE_WAY_SLOPE ? EO_TILES_ONE_WAY_SLOPE : EO_TILES_SLOPE));
    half = (uint8_t)(size / 2u);
    for (i = 0; i < half; i++)
        diff = (int16_t)(diff + eo_tiles_slope_height(map, shape, (uint8_t)(i + half)) -
                         eo_tiles_slope_height(map, shape, i));
    /* a line rising a px per px has diff = a (size / 2)^2: scale to 256 per px, a power of two */
    twice_shift = (uint8_t)(2u * shift_of(map));
    return twice_shift <= 10u ? (int16_t)(diff * (1 << (10u - twice_shift)))
                              : (int16_t)(diff / (1 << (twice_shift - 10u)));
}

/* One sensor at pixel (x, y), as the Sonic Physics Guide's: the height of column x in y's tile;
   empty: extend into the tile below; full: regress into the tile above. */
static void sensor(const eo_tiles_map *map, uint8_t size, eo_coord x, eo_coord y, eo_slopes_ground *out,
                   eo_hooks *hooks)
{
    uint8_t shift = shift_of(map), i = (uint8_t)((eo_ucoord)x & (size - 1u)), attr, attr2, h, h2;
    eo_coord col = eo_tiles_tile_of(x, shift), row = eo_tiles_tile_of(y, shift);
    eo_coord top = (eo_coord)(row * (eo_coord)size); /* the first pixel row of the sensor's tile */

    clear(out);
    EO_COUNT(hooks, EO_COUNTER_SLOPES_SENSORS);
    EO_STEP_ABOVE(hooks, EO_EV_SLOPES_SENSOR, x, y);
    h = ground(map, size, col, row, i, (uint8_t)(y - top), &attr, hooks);
    if (h == 0) {
        /* extension: nothing here, the ground may start in the tile below */
        EO_STEP_ABOVE(hooks, EO_EV_SLOPES_EXTEND, x, row);
        if (top > (eo_coord)(EO_COORD_MAX - size) ||
            (h = ground(map, size, col, (eo_coord)(row + 1), i, 0, &attr, hooks)) == 0) {
            EO_STEP_ABOVE(hooks, EO_EV_SLOPES_NO_GROUND, x, y);
            return;
        }
        row++;
        top = (eo_coord)(top + size);
    } else if (h == size) {
        /* regression: full here, the surface may be in the tile above */
        EO_STEP_ABOVE(hooks, EO_EV_SLOPES_REGRESS, x, row);
        if (top >= (eo_coord)(EO_COORD_MIN + size) &&
            (h2 = ground(map, size, col, (eo_coord)(row - 1), i, (uint8_t)(size - 1u), &attr2, hooks)) > 0) {
            row--;
            top = (eo_coord)(top - size);
            h = h2;
            attr = attr2;
        }
    }
    out->found = 1;
    out->height = h;
    out->attr = attr;
    out->col = col;
    out->row = row;
    out->ground_y = (eo_coord)(top + (size - h));
    EO_STEP_ABOVE(hooks, EO_EV_SLOPES_SURFACE, x, out->ground_y);
}

eo_result eo_slopes_ground_at(const eo_tiles_map *map, eo_coord x, eo_coord y, eo_slopes_ground *out,
                              eo_hooks *hooks)
{
    uint8_t size;
    eo_result e;
    if (out == NULL)
        return EO_ERR_NULL_POINTER;
    e = eo_tiles_tile_size(map, &size);
    if (e != EO_OK)
        return e;
    sensor(map, size, x, y, out, hooks);
    if (out->found) {
        out->distance = (eo_coord)(out->ground_y - y); /* both within a tile or two of each other */
        out->slope = eo_slopes_tile_slope(map, out->attr);
    }
    return EO_OK;
}

/* w, h >= 1 and x + w - 1, y + h - 1 <= EO_COORD_MAX, without forming the sums. */
static uint8_t box_ok(const eo_box *b)
{
    return b->w > 0 && b->h > 0 &&
           (eo_ucoord)(b->w - 1) <= (eo_ucoord)((eo_ucoord)EO_COORD_MAX - (eo_ucoord)b->x) &&
           (eo_ucoord)(b->h - 1) <= (eo_ucoord)((eo_ucoord)EO_COORD_MAX - (eo_ucoord)b->y);
}

eo_result eo_slopes_box_ground(const eo_tiles_map *map, const eo_box *box, uint8_t sensors,
                               eo_slopes_ground *out, eo_hooks *hooks)
{
    eo_slopes_ground g, best;
    eo_coord xs[3], bottom;
    uint8_t size, k;
    eo_result e;
    if (box == NULL || out == NULL)
        return EO_ERR_NULL_POINTER;
    e = eo_tiles_tile_size(map, &size);
    if (e != EO_OK)
        return e;
    if (!box_ok(box) || (sensors != EO_SLOPES_TWO_SENSORS && sensors != EO_SLOPES_THREE_SENSORS &&
                         sensors != EO_SLOPES_EVERY_COLUMN))
        return EO_ERR_BAD_ARGUMENT;
    bottom = (eo_coord)(box->y + (box->h - 1));
    xs[0] = box->x;                                      /* bottom-left */
    xs[1] = (eo_coord)(box->x + (box->w - 1) / 2);        /* bottom-middle */
    xs[2] = (eo_coord)(box->x + (box->w - 1));            /* bottom-right */
    clear(&best);
    if (sensors == EO_SLOPES_EVERY_COLUMN) {
        /* a sensor on every column: a peak or a spike between the edges is seen too */
        eo_coord x = box->x;
        for (;; x++) {
            sensor(map, size, x, bottom, &g, hooks);
            if (g.found && (!best.found || g.ground_y < best.ground_y)) {
                best = g;
                best.sensor = (uint8_t)(x == xs[0] ? 0 : x == xs[2] ? 2 : 1);
            }
            if (x == xs[2])
                break;
        }
    } else {
        for (k = 0; k < 3; k++) {
            if (k == 1 && sensors == EO_SLOPES_TWO_SENSORS)
                continue;
            sensor(map, size, xs[k], bottom, &g, hooks);
            if (g.found && (!best.found || g.ground_y < best.ground_y)) { /* the highest ground wins */
                best = g;
                best.sensor = k;
            }
        }
    }
    if (best.found) {
        best.distance = (eo_coord)(best.ground_y - bottom - 1); /* 0: standing on it */
        best.slope = eo_slopes_tile_slope(map, best.attr);
    }
    *out = best;
    return EO_OK;
}

/* The walk's climb. The box was blocked one pixel sideways (dir); if the pixel column it would
   enter is solid only in its bottom max_step rows, lift the box that much (its head needs room)
   and step. 1 with the new box in *out, 0 if this is a wall. */
static uint8_t climb(const eo_tiles_map *map, const eo_box *b, int8_t dir, uint8_t max_step,
                     uint8_t flags, eo_box *out, eo_hooks *hooks)
{
    eo_tiles_move_result r;
    eo_box t;
    eo_coord col, row;
    uint16_t rise = 0;

    if (dir > 0 ? (eo_ucoord)(b->w - 1) == (eo_ucoord)((eo_ucoord)EO_COORD_MAX - (eo_ucoord)b->x) : b->x == EO_COORD_MIN)
        return 0; /* the world edge: there is no column to climb */
    col = dir > 0 ? (eo_coord)(b->x + b->w) : (eo_coord)(b->x - 1);
    row = (eo_coord)(b->y + (b->h - 1)); /* the box's bottom row */
    while (eo_tiles_pixel_solid(map, col, row)) {
        rise++;
        if (rise > max_step || row == EO_COORD_MIN) {
            EO_STEP_ABOVE(hooks, EO_EV_SLOPES_WALL, col, rise); /* too steep: a wall */
            return 0;
        }
        row--;
    }
    t = *b;
    if (rise == 0 || /* the feet are free: what blocks is higher up */
        eo_tiles_move(map, &t, 0, (eo_coord)-(eo_coord)rise, flags, NULL, &r, hooks) != EO_OK ||
        r.moved_y != -(int32_t)rise ||  /* no room for the head */
        eo_tiles_move(map, &t, dir, 0, flags, NULL, &r, hooks) != EO_OK || r.moved_x != dir) {
        EO_STEP_ABOVE(hooks, EO_EV_SLOPES_WALL, col, 0);
        return 0;
    }
    EO_COUNT(hooks, EO_COUNTER_SLOPES_CLIMBS);
    EO_STEP_ABOVE(hooks, EO_EV_SLOPES_CLIMB, col, rise);
    *out = t;
    return 1;
}

/* After a step sideways: a one-way surface (a one-way slope's, a platform's top) in the pixel
   column the box entered, within its bottom max_step rows, lifts the box onto it. One-way ground
   never stops a box sideways, so climb() never sees it; walking up a one-way slope needs this. */
static void onto_one_way(const eo_tiles_map *map, eo_box *t, int8_t dir, uint8_t max_step, uint8_t mflags,
                         eo_hooks *hooks)
{
    eo_tiles_move_result r;
    eo_box u;
    eo_coord col = dir > 0 ? (eo_coord)(t->x + (t->w - 1)) : t->x, row = (eo_coord)(t->y + (t->h - 1));
    uint8_t rise;
    for (rise = 1; rise <= max_step; rise++) {
        if (eo_tiles_pixel_one_way(map, col, row)) {
            u = *t;
            if (eo_tiles_move(map, &u, 0, (eo_coord)-(eo_coord)rise, mflags, NULL, &r, hooks) == EO_OK &&
                r.moved_y == -(int32_t)rise) {
                EO_COUNT(hooks, EO_COUNTER_SLOPES_CLIMBS);
                EO_STEP_ABOVE(hooks, EO_EV_SLOPES_CLIMB, col, rise);
                *t = u;
            }
            return;
        }
        if (row == EO_COORD_MIN)
            return;
        row--;
    }
}

/* How a walk on the ground ended. */
#define WALK_ON_GROUND 0
#define WALK_LEDGE 1  /* the ground fell away by more than max_step */
#define WALK_LAUNCH 2 /* the ground fell away by more than reach below the line of motion */
typedef struct walk_end {
    uint8_t hit;   /* EO_HIT_LEFT / _RIGHT: stopped by a wall */
    uint8_t how;   /* WALK_* */
    eo_ucoord rest; /* pixels of the walk not taken after leaving the ground */
} walk_end;

/* Walks *b n pixels in direction dir on the ground, one pixel at a time: step (or climb), then
   follow the ground down at most max_step. With a reach other than EO_SLOPES_REACH_ALWAYS, the
   ground is followed only while it stays at most reach px below the line through the start whose
   slope is line_slope (rise per px to the right, in 1/256 px). */
static void walk_on(const eo_tiles_map *map, eo_box *b, int8_t dir, eo_ucoord n, uint8_t max_step,
                    uint16_t reach, int16_t line_slope, uint8_t mflags, walk_end *end, eo_hooks *hooks)
{
    eo_tiles_move_result r;
    eo_box t, u;
    eo_coord y0 = b->y;
    /* in 1/256 px: the line's y below y0 (y grows downward) and how far below it the ground may go */
    eo_wide line = 0, limit = (eo_wide)reach * 256;
    eo_ucoord k;

    end->hit = 0;
    end->how = WALK_ON_GROUND;
    end->rest = 0;
    for (k = 0; k < n; k++) {
        EO_COUNT(hooks, EO_COUNTER_SLOPES_WALK_STEPS);
        t = *b;
        (void)eo_tiles_move(map, &t, dir, 0, mflags, NULL, &r, hooks);
        if (r.moved_x == 0 && !climb(map, b, dir, max_step, mflags, &t, hooks)) {
            end->hit = (uint8_t)(dir > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT);
            return;
        }
        if (r.moved_x != 0 && !(mflags & EO_TILES_DROP))
            onto_one_way(map, &t, dir, max_step, mflags, hooks);
        /* follow the ground down, at most max_step; further down it has fallen away */
        u = t;
        (void)eo_tiles_move(map, &u, 0, (eo_coord)(max_step + 1), mflags, NULL, &r, hooks);
        if (!(r.hit & EO_HIT_BOTTOM)) {
            EO_STEP_ABOVE(hooks, EO_EV_SLOPES_AIRBORNE, t.x, t.y);
            end->how = WALK_LEDGE;
        } else if (reach != EO_SLOPES_REACH_ALWAYS) {
            line -= dir * line_slope;
            if (((eo_wide)u.y - y0) * 256 - line > limit) {
                EO_STEP_ABOVE(hooks, EO_EV_SLOPES_LAUNCH, t.x, line_slope);
                end->how = WALK_LAUNCH;
            }
        }
        if (end->how != WALK_ON_GROUND) {
            *b = t; /* left where the ground left it */
            end->rest = (eo_ucoord)(n - k - 1u);
            return;
        }
#if EO_TRACE
        if (r.moved_y > 0) {
            EO_COUNT(hooks, EO_COUNTER_SLOPES_SNAPS);
            EO_STEP_ABOVE(hooks, EO_EV_SLOPES_SNAP_DOWN, u.x, r.moved_y);
        }
#endif
        *b = u;
        EO_STEP_ABOVE(hooks, EO_EV_SLOPES_WALK_STEP, b->x, b->y);
    }
}

/* Is a one-pixel move down blocked? (flags: EO_TILES_DROP lets one-way ground go.) Checks the
   map and the box: an error here is the call's error. */
static eo_result grounded(const eo_tiles_map *map, const eo_box *b, uint8_t flags, uint8_t *on, eo_hooks *hooks)
{
    eo_tiles_move_result r;
    eo_box t;
    eo_result e;
    t = *b;
    e = eo_tiles_move(map, &t, 0, 1, (uint8_t)(EO_TILES_POSITION_ONLY | (flags & EO_TILES_DROP)), NULL, &r, hooks);
    *on = (uint8_t)(e == EO_OK && (r.hit & EO_HIT_BOTTOM) != 0);
    return e;
}

eo_result eo_slopes_walk(const eo_tiles_map *map, eo_box *box, eo_coord dx, uint8_t max_step,
                         uint8_t flags, eo_tiles_move_result *result, eo_hooks *hooks)
{
    eo_tiles_move_result r, out = { 0, 0, 0, 0, 0, 0 };
    eo_box b;
    walk_end end = { 0, WALK_ON_GROUND, 0 };
    int8_t dir = dx > 0 ? 1 : -1;
    eo_ucoord n = dx >= 0 ? (eo_ucoord)dx : (eo_ucoord)(0u - (eo_ucoord)dx);
    uint8_t on, mflags = (uint8_t)(flags | EO_TILES_POSITION_ONLY);
    eo_result e;

    if (box == NULL || result == NULL)
        return EO_ERR_NULL_POINTER;
    if ((flags & ~(EO_TILES_DROP | EO_TILES_CORNERS | EO_TILES_POSITION_ONLY)) != 0)
        return EO_ERR_BAD_ARGUMENT;
    b = *box;
    /* on the ground if a one-pixel move down is blocked (what on_ground means, without sensing
       the tiles around the box: the end of the walk does that) */
    e = grounded(map, &b, 0, &on, hooks);
    if (e != EO_OK)
        return e;
    EO_STEP_ABOVE(hooks, EO_EV_SLOPES_WALK, dx, max_step);
    end.rest = n;
    if (on)
        walk_on(map, &b, dir, n, max_step, EO_SLOPES_REACH_ALWAYS, 0, mflags, &end, hooks);
    out.hit = end.hit;
    if (end.rest > 0) {
        /* in the air (from the start, or off a ledge): the rest is a plain move sideways */
        (void)eo_tiles_move(map, &b, (eo_coord)((eo_wide)dir * (eo_wide)end.rest) /* |.| <= |dx| */, 0, mflags, NULL, &r, hooks);
        out.hit |= r.hit;
    }
    if (!(flags & EO_TILES_POSITION_ONLY)) {
        (void)eo_tiles_move(map, &b, 0, 0, (uint8_t)(flags & EO_TILES_DROP), NULL, &r, hooks); /* where it ended up */
        out.touching = r.touching;
        out.below = r.below;
        out.on_ground = r.on_ground;
    }
    out.moved_x = (int32_t)((eo_wide)b.x - box->x); /* |moved| <= |d|: fits 32 bits */
    out.moved_y = (int32_t)((eo_wide)b.y - box->y);
    *box = b;
    *result = out;
    return EO_OK;
}

/* ---- a character's frame: ground, air, landings and launches ------------------------------ */

/* The slope of the ground under the box (every column's sensors), 0 if none is found. */
static int16_t slope_under(const eo_tiles_map *map, const eo_box *b, eo_hooks *hooks)
{
    eo_slopes_ground g;
    return eo_slopes_box_ground(map, b, EO_SLOPES_EVERY_COLUMN, &g, hooks) == EO_OK ? g.slope : 0;
}

/* A move's value for eo_tiles_*: within EO_TILES_MAX_SWEEP and the coordinate range (a move
   that long reaches the world's edge anyway). */
static eo_coord clamp_move(eo_wide d)
{
    eo_wide most = EO_TILES_MAX_SWEEP < EO_COORD_MAX ? (eo_wide)EO_TILES_MAX_SWEEP : (eo_wide)EO_COORD_MAX;
    return (eo_coord)(d > most ? most : d < -most ? -most : d);
}

/* Walks n px on the ground; if the ground ends, the rest goes through the air: along the line
   of motion after a launch, sideways after a ledge. */
static void walk_then_fly(const eo_tiles_map *map, eo_box *b, int8_t dir, eo_ucoord n, uint8_t max_step,
                          uint16_t reach, uint8_t mflags, eo_slopes_move_result *out, eo_hooks *hooks)
{
    eo_tiles_move_result r;
    walk_end end;
    int16_t line_slope;
    eo_wide rise;

    if (n == 0)
        return;
    line_slope = reach != EO_SLOPES_REACH_ALWAYS ? slope_under(map, b, hooks) : 0;
    walk_on(map, b, dir, n, max_step, reach, line_slope, mflags, &end, hooks);
    out->move.hit |= end.hit;
    if (end.how == WALK_ON_GROUND)
        return;
    /* rest <= 65535 and |line_slope| <= 512: the product fits 32 bits */
    rise = end.how == WALK_LAUNCH ? (eo_wide)line_slope * (eo_wide)end.rest / 256 : 0;
    if (end.how == WALK_LAUNCH) {
        out->launched = 1;
        out->slope = line_slope;
    }
    (void)eo_tiles_sweep(map, b, clamp_move((eo_wide)dir * (eo_wide)end.rest), clamp_move(-dir * rise), mflags, NULL, &r, hooks);
    out->move.hit |= r.hit;
}

eo_result eo_slopes_move(const eo_tiles_map *map, eo_box *box, eo_coord dx, eo_coord dy, uint8_t max_step,
                         uint16_t reach, uint8_t flags, eo_slopes_move_result *result, eo_hooks *hooks)
{
    eo_slopes_move_result out;
    eo_tiles_move_result r;
    eo_box b, t;
    int8_t dir = dx > 0 ? 1 : -1;
    eo_ucoord n = dx >= 0 ? (eo_ucoord)dx : (eo_ucoord)(0u - (eo_ucoord)dx);
    eo_wide rest_x, rest_y;
    uint8_t on, on_end = 0, mflags = (uint8_t)(flags | EO_TILES_POSITION_ONLY);
    eo_result e;

    if (box == NULL || result == NULL)
        return EO_ERR_NULL_POINTER;
    if ((flags & ~(EO_TILES_DROP | EO_TILES_POSITION_ONLY)) != 0)
        return EO_ERR_BAD_ARGUMENT;
#if EO_COORD_BITS > 16 /* (16-bit coordinates: |dx|, |dy| <= 32768 always) */
    if (n > EO_TILES_MAX_SWEEP || (dy >= 0 ? (eo_ucoord)dy : (eo_ucoord)(0u - (eo_ucoord)dy)) > EO_TILES_MAX_SWEEP)
        return EO_ERR_BAD_ARGUMENT;
#endif
    b = *box;
    e = grounded(map, &b, flags, &on, hooks);
    if (e != EO_OK)
        return e;
    EO_STEP_ABOVE(hooks, EO_EV_SLOPES_MOVE, dx, dy);
    out.move.hit = out.move.touching = out.move.below = out.move.on_ground = 0;
    out.landed = out.launched = 0;
    out.slope = 0;
    if (on && dy >= 0) {
        /* on the ground: dy is the ground's to absorb */
        walk_then_fly(map, &b, dir, n, max_step, reach, mflags, &out, hooks);
    } else {
        (void)eo_tiles_sweep(map, &b, dx, dy, mflags, NULL, &r, hooks);
        out.move.hit = r.hit;
        rest_x = (eo_wide)dx - r.moved_x;
        rest_y = (eo_wide)dy - r.moved_y;
        t = b;
        if (r.hit & EO_HIT_BOTTOM) {
            /* landed on a floor or a slope: the rest of dx is walked from there */
            out.landed = 1;
            EO_STEP_ABOVE(hooks, EO_EV_SLOPES_LAND, b.x, b.y);
            walk_then_fly(map, &b, dir, (eo_ucoord)(rest_x >= 0 ? rest_x : -rest_x), max_step, reach, mflags, &out, hooks);
        } else if ((r.hit & (EO_HIT_LEFT | EO_HIT_RIGHT)) && dy >= 0 && climb(map, &b, dir, max_step, mflags, &t, hooks)) {
            /* falling sideways onto a rising slope (or a ledge's corner): step up onto it, a
               landing, not a wall */
            b = t;
            out.landed = 1;
            out.move.hit = EO_HIT_BOTTOM;
            EO_STEP_ABOVE(hooks, EO_EV_SLOPES_LAND, b.x, b.y);
            walk_then_fly(map, &b, dir, (eo_ucoord)((rest_x >= 0 ? rest_x : -rest_x) - 1), max_step, reach, mflags, &out, hooks);
        } else if ((r.hit & (EO_HIT_LEFT | EO_HIT_RIGHT)) && rest_y != 0) {
            /* a wall: slide along it */
            (void)eo_tiles_move(map, &b, 0, (eo_coord)rest_y, mflags, NULL, &r, hooks);
            out.move.hit |= r.hit;
            if (r.hit & EO_HIT_BOTTOM) {
                out.landed = 1;
                EO_STEP_ABOVE(hooks, EO_EV_SLOPES_LAND, b.x, b.y);
            }
        } else if ((r.hit & EO_HIT_TOP) && rest_x != 0) {
            /* a ceiling: the horizontal motion goes on */
            (void)eo_tiles_move(map, &b, (eo_coord)rest_x, 0, mflags, NULL, &r, hooks);
            out.move.hit |= r.hit;
        }
    }
    if (!(flags & EO_TILES_POSITION_ONLY)) {
        (void)eo_tiles_move(map, &b, 0, 0, (uint8_t)(flags & EO_TILES_DROP), NULL, &r, hooks); /* where it ended up */
        out.move.touching = r.touching;
        out.move.below = r.below;
        out.move.on_ground = on_end = r.on_ground;
        if (r.on_ground && !out.launched)
            out.slope = slope_under(map, &b, hooks);
    } else if (!on && !out.landed) {
        (void)grounded(map, &b, flags, &on_end, hooks);
    }
    /* landed (the manual's one definition): in the air at the start, and stopped by the ground or
       on it at the end, so a fall that ends exactly on the floor (hit 0) lands too */
    if (!on && on_end)
        out.landed = 1;
    out.move.moved_x = (int32_t)((eo_wide)b.x - box->x);
    out.move.moved_y = (int32_t)((eo_wide)b.y - box->y);
    *box = b;
    *result = out;
    return EO_OK;
}
