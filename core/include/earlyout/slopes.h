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
         - one-way ground (a one-way slope's surface, a platform's top) never blocks a step, but
           if the column the box enters has a one-way surface in its bottom max_step rows the box
           rises onto it (if its head has room): one-way slopes are walked up like solid ones.
           EO_TILES_DROP walks through them.
         - after each step a box that was on the ground is pulled down onto the ground if it is
           at most max_step pixels below (walking downhill, or down a small step); further down
           the box is left where it is and is airborne (on_ground 0) for the rest of the walk.
       max_step is the steepest rise (and fall) per pixel walked: 1 climbs 45 degrees, 0 only
       flat ground, size / 2 half-tile stairs. Each pixel is made of eo_tiles_move calls, so the
       box never ends inside a solid pixel; a wide box does not trust its sensors for the
       ground: the whole bottom edge is checked. Work grows with |dx|: walk a frame's speed.
       A box that starts in the air just moves sideways (eo_tiles_move, no climbing).

   Slope of the ground (eo_slopes_tile_slope, and `slope` in every result)
       A tile's slope is its rise per pixel to the right in 1/256 px, from its height array: the
       heights of its right half minus those of its left half, over (size / 2)^2. Exact for the
       built-in shapes: 45_UP 256, 45_DOWN -256, the 22-degree ones +-128, flat and full tiles 0.
       No floats: a game turns it into an angle (atan2(slope, 256)) if it wants one, to rotate a
       sprite or to split a speed along the ground.

   Moving a character (eo_slopes_move): the walk, plus the air, landings and launches
       One call per frame with the frame's motion (dx, dy):
         - On the ground (a one-pixel move down is blocked) and not rising (dy >= 0): the box
           walks dx as eo_slopes_walk does; dy is absorbed by the ground. The box keeps the line
           of motion it started on (the slope under it) and follows the ground only while the
           ground stays at most `reach` px below that line. Beyond it the box leaves the ground:
           `launched`, `slope` is the line's slope, and the rest of dx is swept along the line
           (eo_tiles_sweep). A slow walk (|dx| <= reach) never leaves a crest; a fast one leaves
           it, or flies off the top of a ramp. (The Sonic Physics Guide's ground sensors reach
           min(|speed| + 4, 14) px on 16 px tiles.) EO_SLOPES_REACH_ALWAYS follows the ground at any
           speed. A ledge higher than max_step ends the walk too (not a launch: `slope` 0).
         - In the air, or rising: the box sweeps along (dx, dy) (eo_tiles_sweep), and then
             meets a floor or slope below it (hit bottom): the rest of dx is walked along the
                 ground from there (downhill too), and the rest of dy is dropped;
             meets a rising slope sideways while falling (dy >= 0): if the pixel column ahead is
                 solid only in the box's bottom max_step rows it steps up onto it (hit bottom, not
                 left or right) and walks the rest of dx: an uphill landing keeps its horizontal
                 motion. A ledge's corner within max_step counts too.
             meets a wall or a slope steeper than max_step: hit left or right, and the rest of
                 dy is moved alone (it slides down the wall);
             meets a ceiling: hit top, and the rest of dx is moved alone.
       landed: 1 exactly when the box was in the air when the call began (a one-pixel move down
       was not blocked, with the call's EO_TILES_DROP) and met the ground during it: stopped by a
       floor or slope from above, stepping up onto a slope it met sideways, sliding down a wall
       onto a floor, or simply ending the call on the ground. A fall that ends exactly on the floor
       lands (hit 0); a box that lands and then runs off a ledge in the same call lands too; a
       box that was on the ground when the call began never lands (a jump that hits its head at
       once, a walk).
       Never inside a solid pixel and never through one: every step is eo_tiles_move's or
       eo_tiles_sweep's. |dx| and |dy| are at most EO_TILES_MAX_SWEEP.
       Cost: the slope under the box is read with a sensor on every column (at the start when
       reach is not EO_SLOPES_REACH_ALWAYS, at the end unless EO_TILES_POSITION_ONLY); without
       both, a walk costs what eo_slopes_walk costs. On a Z80 each reading of an 8 px wide box
       is about 170,000 T-states (make bench-msx).

   Counters (traced build): EO_COUNTER_SLOPES_SENSORS, _WALK_STEPS, _CLIMBS, _SNAPS.
   Trace events: EO_EV_SLOPES_* (common.h).

   What it does not do: slopes other than a tile's height array (no polygons or lines), turn the
   character to the slope (it reports the slope; drawing is the game's), keep its speed along the
   ground or its gravity (the game passes dx and dy each frame), or meet other boxes (move.h). */
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
    int16_t slope;       /* that tile's slope: rise per px to the right in 1/256 px (eo_slopes_tile_slope) */
} eo_slopes_ground;

/* eo_slopes_move: follow the ground at any speed (no launches). */
#define EO_SLOPES_REACH_ALWAYS 0xFFFFu

/// What eo_slopes_move did: eo_tiles_move's result, and what happened to the ground.
typedef struct eo_slopes_move_result {
    eo_tiles_move_result move; /* hit, touching, below, on_ground, moved_x, moved_y */
    uint8_t landed;            /* 1: in the air at the start, met the ground (manual: "landed") */
    uint8_t launched;          /* 1: the ground fell away more than reach below the line of motion */
    int16_t slope;             /* on the ground: its slope (as eo_slopes_ground's); launched: the
                                  slope of the line it left along; else 0 (also with POSITION_ONLY) */
} eo_slopes_move_result;

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

/// The slope of a tile whose attr is attr: rise per px to the right, in 1/256 px (see the manual);
/// 0 for anything but a slope, and for an invalid map.
int16_t eo_slopes_tile_slope(const eo_tiles_map *map, uint8_t attr);

/// Moves *box by a frame's motion (dx, dy): walks on the ground, sweeps through the air, lands on
/// floors and slopes keeping its horizontal motion, and leaves the ground where it falls away
/// more than reach px below the line of motion (see the manual). max_step as eo_slopes_walk's;
/// reach in px, or EO_SLOPES_REACH_ALWAYS. flags: EO_TILES_DROP, EO_TILES_POSITION_ONLY (anything
/// else, or |dx| or |dy| above EO_TILES_MAX_SWEEP: EO_ERR_BAD_ARGUMENT). On an error the box and
/// the result are untouched.
eo_result eo_slopes_move(const eo_tiles_map *map, eo_box *box, eo_coord dx, eo_coord dy, uint8_t max_step,
                         uint16_t reach, uint8_t flags, eo_slopes_move_result *result, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
