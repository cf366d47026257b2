/* earlyout/slopes.h: where is the ground inside a slope tile, and how does a character walk on it?

   A slope tile is a tile map's own shape (earlyout/tiles.h, "Slope shapes": attr 16 + s, one
   height per pixel column, eo_tiles_slope_height); the map blocks the pixels below its surface.
   This module builds on the map: foot sensors that find the ground, and a walker that climbs and
   descends it.

   Sensors (eo_slopes_ground_at, eo_slopes_box_ground)
       A sensor at pixel (x, y) reads the height of column x in the tile holding y. Empty column
       (height 0): extension, look at the tile below. Full column (height T, the tile size): regression, look at
       the tile above (the surface is that tile's if it has ground in the column, else the top of
       the sensor's tile). Otherwise the surface is in the sensor's tile. So a sensor finds ground
       within one tile above or below its own (Sonic Physics Guide, "Solid Tiles"). Ground here is
       a solid or spike tile, a slope or one-way slope (its shape), a one-way platform or ladder top
       (full), a half-bottom or one-way-half tile (half), a half-top tile (full, but only seen
       from above or from its top half: its empty bottom half is no ground, and a regression
       from the tile below does not continue into it), or solid outside the map. eo_slopes_box_ground puts two sensors (bottom-left, bottom-right pixels of
       the box) or three (plus bottom-middle) on the box's bottom row and keeps the highest ground.
       Sensors see only their own columns: a 24 px box resting on a ^ peak of 8 px tiles with its
       edges beyond the peak's slopes finds no ground with two sensors, while a move finds the box
       on the ground (its test is the whole bottom edge). EO_SLOPES_EVERY_COLUMN puts a sensor on
       every pixel column (work grows with the width) and agrees with the move: for a box none of
       whose pixels is ground (solid, below a slope's or one-way slope's surface, in a one-way or
       ladder-top tile, in a one-way-half tile's bottom half),
       it finds ground at distance 0 exactly when eo_tiles_move says on_ground.

   Walking (eo_slopes_walk)
       Moves a box dx pixels sideways one pixel at a time, following the surface:
         - a pixel step that is blocked may climb: if the column the box enters is solid only in
           its bottom max_step pixel rows (or fewer), the box rises that much (if its head has
           room) and steps; more than max_step is a wall: the box stops, EO_HIT_LEFT / _RIGHT.
         - after each step a box that was on the ground is pulled down onto the ground if it is
           at most max_step pixels below (walking downhill, or down a small step); further down
           the box is left where it is and is airborne (on_ground 0) for the rest of the walk.
       max_step is the steepest rise (and fall) per pixel walked: 1 climbs 45 degrees, 0 only
       flat ground, size / 2 half-tile stairs. Each pixel is made of eo_tiles_move calls, so the
       box never ends inside a solid pixel; a wide box does not trust its sensors for the
       ground: the whole bottom edge is checked. Work grows with |dx|: walk a frame's speed.
       A box that starts in the air just moves sideways (eo_tiles_move, no climbing).

   Counters (traced build): EO_COUNTER_SLOPES_SENSORS, _WALK_STEPS, _CLIMBS, _SNAPS.
   Trace events: EO_EV_SLOPES_* (common.h). */
#ifndef EARLYOUT_SLOPES_H
#define EARLYOUT_SLOPES_H

#include "common.h"
#include "tiles.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sensor sets for eo_slopes_box_ground. */
#define EO_SLOPES_EVERY_COLUMN 0 /* a sensor on each pixel column of the bottom row */
#define EO_SLOPES_TWO_SENSORS 2
#define EO_SLOPES_THREE_SENSORS 3

/// What a sensor found.
typedef struct eo_slopes_ground {
    uint8_t found;      /* 0: no ground within a tile of the sensor (the rest is left 0) */
    uint8_t sensor;     /* eo_slopes_box_ground: which sensor: 0 left, 1 middle, 2 right */
    uint8_t height;     /* the column's height in the tile where the surface is (1 .. size) */
    uint8_t attr;       /* that tile's attr */
    eo_coord col, row;   /* that tile */
    eo_coord ground_y;   /* the surface: the top ground pixel row */
    eo_coord distance;   /* ground_at: ground_y - y; box_ground: ground_y - (y + h), so 0 is
                           standing on it, > 0 above it, < 0 sunk into it */
} eo_slopes_ground;

/// Ground height (0 .. size) of column `column` of tile (col, row), seen from above: size for
/// solid, spike, one-way, ladder-top and half-top tiles (and solid outside), size / 2 for
/// half-bottom and one-way-half tiles, the shape's for slopes and one-way slopes, 0 for anything
/// else. (A sensor inside a half-top tile's empty bottom half reads 0 there.)
uint8_t eo_slopes_ground_height(const eo_tiles_map *map, eo_coord col, eo_coord row, uint8_t column,
                                eo_hooks *hooks);

/// A sensor at pixel (x, y), with extension and regression: see the manual above.
eo_result eo_slopes_ground_at(const eo_tiles_map *map, eo_coord x, eo_coord y, eo_slopes_ground *out,
                              eo_hooks *hooks);

/// The highest ground under the box's foot sensors (EO_SLOPES_TWO_SENSORS, _THREE_SENSORS or
/// _EVERY_COLUMN) on its bottom row; out->sensor: 0 left, 1 middle (with EVERY_COLUMN: a column
/// between the edges, the leftmost of the highest), 2 right. EO_ERR_BAD_ARGUMENT for another
/// sensor count or an empty box.
eo_result eo_slopes_box_ground(const eo_tiles_map *map, const eo_box *box, uint8_t sensors,
                               eo_slopes_ground *out, eo_hooks *hooks);

/// Walks *box dx pixels over the map, climbing and descending at most max_step px per pixel (see
/// the manual). flags: EO_TILES_DROP (one-way platforms and ladder tops do not hold the box up
/// while it walks), EO_TILES_POSITION_ONLY (skip touching, below and on_ground, left 0: a game
/// that moves vertically next senses there), EO_TILES_CORNERS (lesson only); any other flag is
/// EO_ERR_BAD_ARGUMENT. result as eo_tiles_move's: hit (EO_HIT_LEFT/_RIGHT at a wall), touching,
/// below, on_ground, moved. On an error the box and the result are untouched.
eo_result eo_slopes_walk(const eo_tiles_map *map, eo_box *box, eo_coord dx, uint8_t max_step,
                         uint8_t flags, eo_tiles_move_result *result, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
