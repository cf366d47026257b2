/* earlyout/tiles.h: which tiles does a hitbox touch, and how far can it move through a tile map?

   A platformer checks its characters against the few tiles they overlap, not against every
   object. This module reads a tile map the caller owns, probes a hitbox against it, and moves the
   hitbox: along X, then along Y, scanning every tile row (or column) the box spans, one tile at a
   time, so nothing tunnels and nothing ends inside a wall. ("Tile-based collision" for the
   method; "The guide to implementing 2D platformers" for X-then-Y and the full edge scan.)

   The map (eo_tiles_map, filled by the caller; zero means default)
       cells     width x height tile ids, one byte each, row by row (cells[row * width + col]).
       attrs     256 bytes: tile id -> what the tile is for collision (eo_tiles_attr, "Tile
                  kinds" below): 0 .. 10 the kinds, 11 .. 15 free for the game (collide like
                  empty), 16 + s slope shape s, 136 + s the one-way slope of shape s.
       tile_shift  tiles are 1 << tile_shift px square: 3 .. 7 (8 .. 128 px); 0 means 3.
       width, height  in tiles, 1 .. EO_TILES_MAX_TILES(tile_shift) each: 32768 >> tile_shift with
                  16-bit coordinates (the map fits the int16_t world), 65535 with 32-bit ones;
                  tile (col, row) covers pixels col << shift .. (col << shift) + size - 1.
       outside   how positions outside the map read: EO_TILES_OUTSIDE_SOLID (0: walls all round),
                  EO_TILES_OUTSIDE_EMPTY, or EO_TILES_OUTSIDE_OPEN_TOP (empty above the map,
                  solid left, right and below: a character may jump above the screen).
       row_start optional (NULL: multiply): row_start[r] == r * width, the classic lookup table
                  that replaces the row multiply. Only for maps of at most 65536 cells.
       slopes, slope_count  optional user slope shapes: slope_count * tile size heights
                  (shape EO_TILES_SLOPE_USER + k reads slopes[k * size .. k * size + size - 1]),
                  at most EO_TILES_SLOPE_MAX_USER (114).
       eo_tiles_check() validates all of it (including every row_start entry and every slope
       height) and says what is wrong: EO_ERR_NULL_POINTER or EO_ERR_BAD_ARGUMENT. The other calls
       re-check the cheap fields each time and trust the row table and the heights: check a map
       once after filling it.
       eo_tiles_prepare() checks it as eo_tiles_check does and records what it found in the map's
       `ready` block; from then on the calls skip the cheap checks (on the Z80 they cost more than
       the lookups). They check the map again as long as its width, height, tile_shift, outside
       or slope_count is not what prepare saw, or a pointer the checks need is NULL; after
       changing row_start, a pointer or a slope height, prepare again. Cells and attrs may change
       freely. A map zeroed when filled (C: `eo_tiles_map map = {0}`, or designated fields) is
       simply not prepared.

   Tile kinds (attrs[tile id], one byte; T is the tile size, rows count down from the tile's top)
       EO_TILES_EMPTY 0         nothing
       EO_TILES_SOLID 1         blocks every direction
       EO_TILES_ONE_WAY 2       a platform: its top row blocks a box coming down onto it
       EO_TILES_LADDER 3        a ladder: never blocks, except its top (a ladder tile whose tile
                                above is no ladder, LADDER or LADDER_TOP) is a one-way platform
       EO_TILES_HAZARD 4, EO_TILES_WATER 5   never block (the game reads them from touching)
       EO_TILES_SOLID_HAZARD 6  a spike block: blocks as SOLID, touches as SOLID | HAZARD
       EO_TILES_LADDER_TOP 7    the top of a ladder, said explicitly: blocks as ONE_WAY and is a
                                ladder (touches as ONE_WAY | LADDER)
       EO_TILES_HALF_TOP 8      rows 0 .. T/2 - 1 solid (every direction), the rest empty
       EO_TILES_HALF_BOTTOM 9   rows T/2 .. T - 1 solid, the rest empty
       EO_TILES_ONE_WAY_HALF 10 a one-way platform whose surface is row T/2: platforms half a
                                tile apart (16 px tiles, platforms 8 px apart)
       11 .. 15                 the game's own; collide like empty.
       EO_TILES_SLOPE_ATTR(s)   16 + s, s = 0 .. 119: slope shape s, solid below its surface
       EO_TILES_ONE_WAY_SLOPE_ATTR(s)  136 + s: the one-way slope of shape s: the same heights,
                                but only the surface pixel of each column (row T - height) blocks,
                                and only a box coming down onto it, as a one-way platform's top
                                row does; EO_TILES_DROP passes. Sideways and upward motion pass.
       An attr naming a slope shape the map does not have is an error (eo_tiles_check), for both.
       Touch bits (eo_tiles_kind_bit): each kind its own bit; SOLID_HAZARD SOLID | HAZARD,
       LADDER_TOP ONE_WAY | LADDER, HALF_TOP and HALF_BOTTOM HALF (a box may overlap the square
       without touching the solid half, as with slopes), ONE_WAY_HALF ONE_WAY, slopes SLOPE,
       one-way slopes SLOPE | ONE_WAY.

   Slope shapes (the map's own: eo_tiles_slope_height, eo_tiles_slope_heights)
       A slope tile is described by one height per pixel column (tile size entries, each 0 .. size):
       how many pixels of that column, counted up from the tile's bottom, are ground. Column i of
       a tile at row r is ground from pixel row (r << shift) + size - height[i] down to the tile's
       bottom; height 0 is an empty column, height size a full one. (The Sonic Physics Guide's
       height arrays.) Shapes (s), for a tile size T; "up" rises to the right:
         EO_TILES_SLOPE_45_UP         height[i] = i + 1          (1 .. T)
         EO_TILES_SLOPE_45_DOWN       height[i] = T - i          (T .. 1)
         EO_TILES_SLOPE_22_UP_LOW     height[i] = i/2 + 1        (1 .. T/2)    22.5 degrees as a pair
         EO_TILES_SLOPE_22_UP_HIGH    height[i] = T/2 + i/2 + 1  (T/2+1 .. T)  of tiles: LOW then HIGH
         EO_TILES_SLOPE_22_DOWN_HIGH  height[i] = T - i/2        (T .. T/2+1)  HIGH then LOW
         EO_TILES_SLOPE_22_DOWN_LOW   height[i] = T/2 - i/2      (T/2 .. 1)
         EO_TILES_SLOPE_USER + k      the map's own table: map->slopes[k * T + i]
       Built-in shapes are computed, so they exist for every tile size. Each one joins its
       neighbours without a gap: flat ground (height 0 over a solid tile) -> 45_UP -> solid, and
       22_UP_LOW -> 22_UP_HIGH. An unknown shape reads as full (solid). Foot sensors and walking
       on slopes are the slopes module, a layer above this one (this one never calls it).

   Pixels to tiles
       tile = floor(pixel / size): a shift for pixels >= 0, and floor for negative pixels, so
       pixel -1 is in tile -1 (outside the map), never wrapped onto tile 0 or the last column.
       The cell index is the exact product row * width + col (16-bit when the map has at most
       65536 cells, else 32-bit), or row_start[row] + col; rows and columns are range-checked
       first, so no cell outside the array is ever read.

   Probes (eo_tiles_probe)
       EO_TILES_PROBE_EDGES (default): the four corners plus points along every edge at most one
       tile apart, so every tile row and column the box spans is probed: a box larger than a tile
       cannot pass through a one-tile wall. EO_TILES_PROBE_CORNERS: the four corners only, the
       lesson's slip-through demo: a 16 x 16 box at x = 4 on 8 px tiles spans columns 0, 1, 2 and
       its corners never look at column 1. Points go clockwise from the top-left corner.

   Moving (eo_tiles_move): X first, then Y; each axis in steps of at most one tile
       A step scans every tile the box's leading edge enters (every row of the box for X, every
       column for Y) and stops the box one pixel before the first blocking pixel: the tile
       boundary for solid tiles (a snap), the surface for slopes. Blocking:
         solid and spike tiles, the solid half of half tiles, and slope pixels below the
             surface: every direction;
         one-way platforms: only a box moving down whose bottom was at or above the platform's
             surface (it enters the surface pixel row from above: the tile's top row, row T/2
             of ONE_WAY_HALF, each column's surface pixel of a one-way slope); EO_TILES_DROP
             passes through;
         ladders: never, except a ladder top (LADDER_TOP, or a ladder tile whose tile above is
             not a ladder), which is a one-way platform (EO_TILES_DROP climbs down through it);
         hazard, water, empty, the game's own: never;
         outside the map: as the outside policy reads; the world edge (config.h): like a wall
             (the box's pixels stay within EO_COORD_MIN .. EO_COORD_MAX and the side is reported hit).
       Slopes are exact here but not walked: moving sideways into a rising slope stops like a wall.
       The slopes module's walker, built on these moves, climbs and descends them. Where the map
       reads the same tile everywhere (outside it), a step may be longer than a tile: nothing
       there can stop it.
       A box that starts inside a solid pixel can move out of it (only pixels it enters block).
       EO_TILES_CORNERS scans only the tiles at the box's corners, as the naive probe does: it
       can leave a box inside a wall. For the lesson only.

   Sweeping (eo_tiles_sweep): along the straight segment, for fast diagonal moves
       X-then-Y lets a dash of (+32, +32) pass a tile its straight path crosses (it moves along
       X first, above the tile, then down beside it), and stops short of targets whose straight
       path is clear. The
       sweep moves the box's top-left pixel along the segment's staircase: the lattice path from
       (x, y) to (x + dx, y + dy) that takes an X step when the segment crosses the middle of a
       pixel column before the middle of a pixel row, and the X step first when both come at
       once. Every position on it is within half a pixel of the segment along each axis, and
       every step is one pixel, checked as a move's step is (the same blocking rules, one-way
       platforms from above, the world edge as a wall): it never tunnels and never ends in a wall.
       It stops at the first step that would enter a blocking pixel: hit names that step's side
       (one side), and what is left of the motion is dx - moved_x, dy - moved_y.
       EO_TILES_SLIDE then moves the rest of the other axis' motion along that axis alone (a box
       stopped by a floor keeps its sideways motion; one stopped by a wall keeps falling), and
       hit may name a second side. Runs of steps along one axis are moved as a move moves an
       axis, so a sweep reads each tile its leading edge enters once; its extra work is one
       comparison per pixel of the path, so |dx| and |dy| are at most EO_TILES_MAX_SWEEP (65535:
       any move with 16-bit coordinates; EO_ERR_BAD_ARGUMENT beyond). Flags: EO_TILES_DROP,
       EO_TILES_POSITION_ONLY, EO_TILES_SLIDE (EO_TILES_CORNERS is refused: it is the move's
       lesson-only probe).

   Results (eo_tiles_move_result)
       hit        EO_HIT_LEFT / _RIGHT / _TOP / _BOTTOM: the sides that were stopped.
       touching   EO_TOUCH_* bits of the tiles the box overlaps after the move (tile squares:
                  hazard, water, ladder, one-way, slope; SOLID only for a box stuck in a wall;
                  OUTSIDE if part of the box is off the map).
       below      EO_TOUCH_* bits of the tiles in the pixel row just below the box.
       on_ground  1 if a one-pixel move down with the same flags would be blocked (solid, slope
                  surface, one-way surface or ladder top, solid outside, the world edge). With
                  EO_TILES_DROP one-way ground does not count: on_ground says what the next move
                  with the same flags will do, so a game that stops falling on on_ground falls
                  through a platform it stands on while it passes EO_TILES_DROP.
       moved_x, moved_y  how far the box moved.
       EO_TILES_POSITION_ONLY skips touching, below and on_ground (left 0).

   Coarse-fine skip (eo_tiles_cache)
       eo_tiles_touching (and eo_tiles_move, given a cache) re-reads the tiles under a box only
       when its tile range changed since the last call; otherwise it answers from the cache and
       counts a skip. After changing the map's cells, call eo_tiles_cache_reset.

   Limits: boxes need w, h >= 1 and x + w - 1, y + h - 1 <= EO_COORD_MAX; any eo_coord dx, dy.
   eo_tiles_probe takes boxes of at most EO_TILES_MAX_PROBES_PER_EDGE points per edge (any box
   with 16-bit coordinates; with 32-bit ones, up to 16,382 tiles wide and tall).
   Work per move: at most width (or height) + 2 steps per axis, each reading at most the tiles
   one edge spans (and the tile size in slope columns); never more than the map holds.

   Counters (traced build): EO_COUNTER_TILES_PROBES, _LOOKUPS, _STEPS, _SNAPS, _SKIPS.
   Trace events: EO_EV_TILES_* (common.h): every probe point, every tile lookup (tile and attr),
   every step, block and snap, with the C source line.

   What it does not do: own the map (every array is the caller's), find the ground under a
   character's feet or walk it up and down slopes (slopes.h), move a box against other boxes
   (move.h), cast rays through the map (raycast.h), or keep velocity and gravity (the game's). */
#ifndef EARLYOUT_TILES_H
#define EARLYOUT_TILES_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EO_TILES_MIN_SHIFT 3
#define EO_TILES_MAX_SHIFT 7
/* The most tiles across or down a map with tiles of 1 << shift px: the map fits the world. */
#define EO_TILES_MAX_TILES(shift) \
    ((uint32_t)EO_COORD_MAX >> (shift) >= 65535u ? 65535u : ((uint32_t)EO_COORD_MAX >> (shift)) + 1u)
/* eo_tiles_probe's limit: 4 edges of this many points keep the count within 16 bits. */
#define EO_TILES_MAX_PROBES_PER_EDGE 16383u
/* The longest swept move along each axis, in px: a sweep steps through every pixel of its
   staircase, so its work grows with the distance (one frame's dash, not a teleport). */
#define EO_TILES_MAX_SWEEP 65535

/// What a tile is for collision: the value of attrs[tile id].
typedef enum eo_tiles_attr {
    EO_TILES_EMPTY = 0,
    EO_TILES_SOLID = 1,
    EO_TILES_ONE_WAY = 2,
    EO_TILES_LADDER = 3,
    EO_TILES_HAZARD = 4,
    EO_TILES_WATER = 5,
    EO_TILES_SOLID_HAZARD = 6,  /* a spike block: SOLID that touches as SOLID | HAZARD */
    EO_TILES_LADDER_TOP = 7,    /* ONE_WAY that is a ladder */
    EO_TILES_HALF_TOP = 8,      /* top T/2 rows solid */
    EO_TILES_HALF_BOTTOM = 9,   /* bottom T/2 rows solid */
    EO_TILES_ONE_WAY_HALF = 10, /* one-way platform at row T/2 */
    EO_TILES_SLOPE = 16,        /* 16 + shape: an eo_tiles_slope_shape */
    EO_TILES_ONE_WAY_SLOPE = 136 /* 136 + shape: that shape's one-way slope */
} eo_tiles_attr;

/// The attr of slope shape s (0 .. 119).
#define EO_TILES_SLOPE_ATTR(s) ((uint8_t)(EO_TILES_SLOPE + (s)))
/// The attr of the one-way slope of shape s (0 .. 119).
#define EO_TILES_ONE_WAY_SLOPE_ATTR(s) ((uint8_t)(EO_TILES_ONE_WAY_SLOPE + (s)))

/// Built-in slope shapes (attr EO_TILES_SLOPE_ATTR(shape)); user shapes start at EO_TILES_SLOPE_USER.
typedef enum eo_tiles_slope_shape {
    EO_TILES_SLOPE_45_UP = 0,
    EO_TILES_SLOPE_45_DOWN = 1,
    EO_TILES_SLOPE_22_UP_LOW = 2,
    EO_TILES_SLOPE_22_UP_HIGH = 3,
    EO_TILES_SLOPE_22_DOWN_HIGH = 4,
    EO_TILES_SLOPE_22_DOWN_LOW = 5,
    EO_TILES_SLOPE_USER = 6
} eo_tiles_slope_shape;

#define EO_TILES_SLOPE_BUILTIN_COUNT 6
/* attrs 16 .. 135 (and 136 .. 255, one-way) name shapes 0 .. 119: what the built-in ones leave to the map */
#define EO_TILES_SLOPE_SHAPES 120
#define EO_TILES_SLOPE_MAX_USER (EO_TILES_SLOPE_SHAPES - EO_TILES_SLOPE_BUILTIN_COUNT)

/// How positions outside the map read.
typedef enum eo_tiles_outside {
    EO_TILES_OUTSIDE_SOLID = 0,
    EO_TILES_OUTSIDE_EMPTY = 1,
    EO_TILES_OUTSIDE_OPEN_TOP = 2  /* empty above the map, solid beside and below it */
} eo_tiles_outside;

/* Kinds of tile, as bits (eo_tiles_kind_bit, and the touching / below results). */
#define EO_TILES_TOUCH_SOLID   0x01u
#define EO_TILES_TOUCH_ONE_WAY 0x02u
#define EO_TILES_TOUCH_LADDER  0x04u
#define EO_TILES_TOUCH_HAZARD  0x08u
#define EO_TILES_TOUCH_WATER   0x10u
#define EO_TILES_TOUCH_SLOPE   0x20u
#define EO_TILES_TOUCH_HALF    0x40u  /* HALF_TOP, HALF_BOTTOM: the square, not only the solid half */
#define EO_TILES_TOUCH_OUTSIDE 0x80u

/* Sides stopped by a move: EO_HIT_LEFT, _RIGHT, _TOP, _BOTTOM (common.h). */

/* eo_tiles_move and eo_tiles_sweep flags. */
#define EO_TILES_DROP          0x01u  /* fall through one-way platforms and ladder tops */
#define EO_TILES_POSITION_ONLY 0x02u  /* skip touching, below and on_ground */
#define EO_TILES_CORNERS       0x04u  /* lesson only: scan the corner tiles only (can end in a wall) */
#define EO_TILES_SLIDE         0x08u  /* eo_tiles_sweep only: after a stop, the other axis' rest */

/// Probe sets for eo_tiles_probe.
typedef enum eo_tiles_probe_mode {
    EO_TILES_PROBE_EDGES = 0,   /* corners + edge points at most one tile apart */
    EO_TILES_PROBE_CORNERS = 1  /* corners only: misses walls thinner than the box */
} eo_tiles_probe_mode;

/// What eo_tiles_prepare found, kept in the map: read-only for callers (zero it with the map).
typedef struct eo_tiles_ready {
    uint16_t width, height;     /* the map's five fields below as prepared, in the map's order: */
    uint8_t tile_shift, outside, slope_count; /* the record holds while the map's match them */
    uint8_t shift, size_px;     /* log2 of the tile size, and the size (8 .. 128 px) */
    uint8_t row_shift;          /* log2(width) for a power-of-two width, else 0xFF */
    uint8_t narrow;             /* 1 if every cell index fits 16 bits */
    uint8_t mark;               /* EO_TILES_READY after a successful eo_tiles_prepare */
} eo_tiles_ready;

#define EO_TILES_READY 0x5Au

/// A tile map over caller-owned arrays: see the manual above. Zero means default.
typedef struct eo_tiles_map {
    const uint8_t *cells;       /* width * height tile ids, row-major */
    const uint8_t *attrs;       /* 256 entries: tile id -> eo_tiles_attr */
    const uint16_t *row_start;  /* optional: row_start[r] == r * width (maps up to 65536 cells) */
    const uint8_t *slopes;      /* optional: slope_count * tile size user heights (0 .. size) */
    uint16_t width, height;     /* tiles, 1 .. EO_TILES_MAX_TILES(tile_shift) */
    uint8_t tile_shift;         /* 3 .. 7; 0 means 3 (8 px tiles) */
    uint8_t outside;            /* an eo_tiles_outside; 0 means solid */
    uint8_t slope_count;        /* user slope shapes in slopes */
    eo_tiles_ready ready;       /* eo_tiles_prepare's record; zero */
} eo_tiles_map;

/// One probe point and what it read.
typedef struct eo_tiles_probe_point {
    eo_coord x, y;      /* the point: a pixel of the box */
    eo_coord col, row;  /* its tile (may be outside the map) */
    uint8_t attr;      /* the attr read there (the outside policy's when outside) */
    uint8_t outside;   /* 1 if the tile is outside the map */
} eo_tiles_probe_point;

/// What a move did and where the box is now: see the manual above.
typedef struct eo_tiles_move_result {
    uint8_t hit;        /* EO_HIT_* */
    uint8_t touching;   /* EO_TOUCH_* of the tiles the box overlaps */
    uint8_t below;      /* EO_TOUCH_* of the tiles in the pixel row under the box */
    uint8_t on_ground;  /* 1 if a one-pixel move down (with the move's EO_TILES_DROP) would be blocked */
    int32_t moved_x, moved_y;
} eo_tiles_move_result;

/// Caller-owned memory of the tiles under a box (coarse-fine skip). Zero it, or eo_tiles_cache_reset.
typedef struct eo_tiles_cache {
    const eo_tiles_map *map;           /* the map the answer was read from */
    eo_coord col0, col1, row0, row1;   /* the box's tile range */
    eo_coord row_below;                /* the tile row of the pixel row under the box */
    uint8_t touching, below;          /* the answer */
    uint8_t valid;                    /* 0: re-read on the next call */
} eo_tiles_cache;

/// EO_OK if the map is usable; EO_ERR_NULL_POINTER (cells, attrs, or slopes with slope_count > 0)
/// or EO_ERR_BAD_ARGUMENT (tile_shift, width, height, outside out of range; a row_start entry that
/// is not r * width or a row table on a map of more than 65536 cells; a user slope height above
/// the tile size; an attr naming a slope shape that does not exist).
eo_result eo_tiles_check(const eo_tiles_map *map);

/// eo_tiles_check, then records in map->ready what the other calls would check again on every
/// call, so that they skip it (see the manual above). The same errors; on one, map->ready is
/// cleared and the map is used as an unprepared one.
eo_result eo_tiles_prepare(eo_tiles_map *map);

/// Height of a shape's column (0 .. tile size): built-in, the map's user table, or full for an
/// unknown shape. column is taken modulo the tile size. 0 for an invalid map.
uint8_t eo_tiles_slope_height(const eo_tiles_map *map, uint8_t shape, uint8_t column);

/// Writes a shape's tile-size heights to out (capacity >= tile size, else EO_ERR_BUFFER_TOO_SMALL).
eo_result eo_tiles_slope_heights(const eo_tiles_map *map, uint8_t shape, uint8_t *out, uint16_t capacity);

/// The map's tile size in px (8 .. 128) into *size (may be NULL), after the cheap checks every
/// call makes (pointers and ranges; not the row table, slope heights or attrs: eo_tiles_check).
eo_result eo_tiles_tile_size(const eo_tiles_map *map, uint8_t *size);

/// floor(p / 2^tile_shift) for any eo_coord p (tile_shift 0 .. EO_COORD_BITS - 1): -1 for p = -1.
eo_coord eo_tiles_tile_of(eo_coord p, uint8_t tile_shift);

/// 1 and *index = the cell index of tile (col, row) if it is inside the map, else 0 (also for
/// an invalid map). index may be NULL.
uint8_t eo_tiles_index(const eo_tiles_map *map, eo_coord col, eo_coord row, uint32_t *index);

/// The attr of tile (col, row): attrs[cells[...]] inside the map, the outside policy's
/// (EO_TILES_SOLID or EO_TILES_EMPTY) outside it; EO_TILES_SOLID for an invalid map.
uint8_t eo_tiles_attr_at(const eo_tiles_map *map, eo_coord col, eo_coord row, eo_hooks *hooks);

/// The attr of the tile holding pixel (x, y).
uint8_t eo_tiles_attr_at_pixel(const eo_tiles_map *map, eo_coord x, eo_coord y, eo_hooks *hooks);

/// The EO_TOUCH_* bits of an attr ("Tile kinds" above; 0 for empty and the game's own 11 .. 15).
uint8_t eo_tiles_kind_bit(uint8_t attr);

/// 1 if pixel (x, y) blocks in every direction: a solid or spike tile, the solid half of a half
/// tile, below a slope's surface, or solid outside the map (1 for an invalid map). No one-way
/// kind is (one-way platforms and slopes, ladder tops).
uint8_t eo_tiles_pixel_solid(const eo_tiles_map *map, eo_coord x, eo_coord y);

/// 1 if pixel (x, y) is the surface of a one-way kind, the pixel row that stops a box coming
/// down onto it: the top row of ONE_WAY, LADDER_TOP and an implicit ladder top, row T/2 of
/// ONE_WAY_HALF, a one-way slope column's surface pixel. 0 elsewhere and for an invalid map.
uint8_t eo_tiles_pixel_one_way(const eo_tiles_map *map, eo_coord x, eo_coord y);

/// Probes the box at its probe points (mode: eo_tiles_probe_mode) and writes the first
/// `capacity` of them to probes (may be NULL with capacity 0). *count gets the number of points
/// the mode needs (EO_ERR_BUFFER_TOO_SMALL if more than capacity); *kinds (may be NULL) the
/// EO_TOUCH_* bits of every tile probed. EO_ERR_BAD_ARGUMENT for an empty box or a bad mode.
eo_result eo_tiles_probe(const eo_tiles_map *map, const eo_box *box, uint8_t mode,
                         eo_tiles_probe_point *probes, uint16_t capacity, uint16_t *count,
                         uint8_t *kinds, eo_hooks *hooks);

/// Forgets a cache's answer (after the map's cells changed). NULL is ignored.
void eo_tiles_cache_reset(eo_tiles_cache *cache);

/// The EO_TOUCH_* bits of the tiles the box overlaps (*touching) and of the tiles in the pixel
/// row just under it (*below; either may be NULL). With a cache (may be NULL), re-reads the
/// tiles only when the box's tile range changed since the cache was filled.
eo_result eo_tiles_touching(const eo_tiles_map *map, const eo_box *box, eo_tiles_cache *cache,
                            uint8_t *touching, uint8_t *below, eo_hooks *hooks);

/// Moves *box by dx, then by dy, stopping at whatever blocks (see the manual above); flags:
/// EO_TILES_DROP, EO_TILES_POSITION_ONLY, EO_TILES_CORNERS. cache may be NULL. On an error the
/// box and the result are untouched.
eo_result eo_tiles_move(const eo_tiles_map *map, eo_box *box, eo_coord dx, eo_coord dy, uint8_t flags,
                        eo_tiles_cache *cache, eo_tiles_move_result *result, eo_hooks *hooks);

/// Moves *box along the straight segment to (x + dx, y + dy), one pixel step at a time on its
/// staircase, and stops at the first step that something blocks (see "Sweeping" above); flags:
/// EO_TILES_DROP, EO_TILES_POSITION_ONLY, EO_TILES_SLIDE (anything else, or |dx| or |dy| above
/// EO_TILES_MAX_SWEEP: EO_ERR_BAD_ARGUMENT).
/// cache may be NULL. On an error the box and the result are untouched.
eo_result eo_tiles_sweep(const eo_tiles_map *map, eo_box *box, eo_coord dx, eo_coord dy, uint8_t flags,
                         eo_tiles_cache *cache, eo_tiles_move_result *result, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
