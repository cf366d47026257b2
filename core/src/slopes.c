/* Ground sensors and walking, on top of the tile map. See earlyout/slopes.h. Shown line by line
   in lesson 6: keep it readable.

   The map owns its slope shapes (eo_tiles_slope_height, tiles.c); this layer only reads them.
   The walk is made of eo_tiles_move calls (sideways one pixel, up to climb, down to follow the
   ground): what tiles.c guarantees (no tunnelling, never ending inside a solid pixel) holds for
   walking too. */
#include "earlyout/slopes.h"

#include <stddef.h>

#define EO_THIS_MODULE EO_MODULE_SLOPES
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
    EO_STEP(hooks, EO_EV_SLOPES_HEIGHT, i, h);
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
    EO_STEP(hooks, EO_EV_SLOPES_SENSOR, x, y);
    h = ground(map, size, col, row, i, (uint8_t)(y - top), &attr, hooks);
    if (h == 0) {
        /* extension: nothing here, the ground may start in the tile below */
        EO_STEP(hooks, EO_EV_SLOPES_EXTEND, x, row);
        if (top > (eo_coord)(EO_COORD_MAX - size) ||
            (h = ground(map, size, col, (eo_coord)(row + 1), i, 0, &attr, hooks)) == 0) {
            EO_STEP(hooks, EO_EV_SLOPES_NO_GROUND, x, y);
            return;
        }
        row++;
        top = (eo_coord)(top + size);
    } else if (h == size) {
        /* regression: full here, the surface may be in the tile above */
        EO_STEP(hooks, EO_EV_SLOPES_REGRESS, x, row);
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
    EO_STEP(hooks, EO_EV_SLOPES_SURFACE, x, out->ground_y);
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
    if (out->found)
        out->distance = (eo_coord)(out->ground_y - y); /* both within a tile or two of each other */
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
    if (best.found)
        best.distance = (eo_coord)(best.ground_y - bottom - 1); /* 0: standing on it */
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
            EO_STEP(hooks, EO_EV_SLOPES_WALL, col, rise); /* too steep: a wall */
            return 0;
        }
        row--;
    }
    t = *b;
    if (rise == 0 || /* the feet are free: what blocks is higher up */
        eo_tiles_move(map, &t, 0, (eo_coord)-(eo_coord)rise, flags, NULL, &r, hooks) != EO_OK ||
        r.moved_y != -(int32_t)rise ||  /* no room for the head */
        eo_tiles_move(map, &t, dir, 0, flags, NULL, &r, hooks) != EO_OK || r.moved_x != dir) {
        EO_STEP(hooks, EO_EV_SLOPES_WALL, col, 0);
        return 0;
    }
    EO_COUNT(hooks, EO_COUNTER_SLOPES_CLIMBS);
    EO_STEP(hooks, EO_EV_SLOPES_CLIMB, col, rise);
    *out = t;
    return 1;
}

eo_result eo_slopes_walk(const eo_tiles_map *map, eo_box *box, eo_coord dx, uint8_t max_step,
                         uint8_t flags, eo_tiles_move_result *result, eo_hooks *hooks)
{
    eo_tiles_move_result r, out = { 0, 0, 0, 0, 0, 0 };
    eo_box b, t, u;
    int8_t dir = dx > 0 ? 1 : -1;
    eo_ucoord n = dx >= 0 ? (eo_ucoord)dx : (eo_ucoord)(0u - (eo_ucoord)dx), k;
    uint8_t grounded, mflags = (uint8_t)(flags | EO_TILES_POSITION_ONLY);
    eo_result e;

    if (box == NULL || result == NULL)
        return EO_ERR_NULL_POINTER;
    if ((flags & ~(EO_TILES_DROP | EO_TILES_CORNERS | EO_TILES_POSITION_ONLY)) != 0)
        return EO_ERR_BAD_ARGUMENT;
    b = *box;
    t = b;
    /* checks map and box; on the ground if a one-pixel move down is blocked (what on_ground
       means, without sensing the tiles around the box: the end of the walk does that) */
    e = eo_tiles_move(map, &t, 0, 1, EO_TILES_POSITION_ONLY, NULL, &r, hooks);
    if (e != EO_OK)
        return e;
    grounded = (uint8_t)((r.hit & EO_HIT_BOTTOM) != 0);
    EO_STEP(hooks, EO_EV_SLOPES_WALK, dx, max_step);
    for (k = 0; k < n; k++) {
        if (!grounded) {
            /* in the air: the rest of the walk is a plain move sideways */
            (void)eo_tiles_move(map, &b, (eo_coord)((eo_wide)dir * (eo_wide)(n - k)) /* |.| <= |dx| */, 0, mflags, NULL, &r, hooks);
            out.hit |= r.hit;
            break;
        }
        EO_COUNT(hooks, EO_COUNTER_SLOPES_WALK_STEPS);
        t = b;
        (void)eo_tiles_move(map, &t, dir, 0, mflags, NULL, &r, hooks);
        if (r.moved_x == 0 && !climb(map, &b, dir, max_step, mflags, &t, hooks)) {
            out.hit |= (uint8_t)(dir > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT);
            break;
        }
        /* follow the ground down, at most max_step; further down it has fallen away */
        u = t;
        (void)eo_tiles_move(map, &u, 0, (eo_coord)(max_step + 1), mflags, NULL, &r, hooks);
        if (r.hit & EO_HIT_BOTTOM) {
#if EO_TRACE
            if (r.moved_y > 0) {
                EO_COUNT(hooks, EO_COUNTER_SLOPES_SNAPS);
                EO_STEP(hooks, EO_EV_SLOPES_SNAP_DOWN, u.x, r.moved_y);
            }
#endif
            t = u;
        } else {
            grounded = 0;
            EO_STEP(hooks, EO_EV_SLOPES_AIRBORNE, t.x, t.y);
        }
        b = t;
        EO_STEP(hooks, EO_EV_SLOPES_WALK_STEP, b.x, b.y);
    }
    if (!(flags & EO_TILES_POSITION_ONLY)) {
        (void)eo_tiles_move(map, &b, 0, 0, 0, NULL, &r, hooks); /* where it ended up */
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
