/* earlyout/raycast.h: which tiles does a segment cross, and where does a wall stop it?

   Line of sight, a laser, a bullet through a tile map: walk the tiles along the segment one at a
   time and stop at the first one that blocks. The walk is Amanatides and Woo's ("A Fast Voxel
   Traversal Algorithm for Ray Tracing", 1987) in exact integers: the distance to the next
   vertical and the next horizontal tile line are kept as whole pixels along each axis, and which
   comes first is decided by cross-multiplying them with the segment's lengths (unsigned eo_uwide
   products of numbers up to EO_UCOORD_MAX: 32-bit with 16-bit coordinates), never by rounding.

   The segment (common.h): from (x0, y0) to (x1, y1), any eo_coord endpoints, through the plane in
   which pixel (px, py) is the unit square px <= x < px + 1, py <= y < py + 1, and tile (col, row)
   is the square of its size x size pixels (tiles.h: tile = floor(pixel / size)).

   Which tiles are visited, in order
       - The start tile holds (x0, y0); every tile that holds a point of the segment is visited,
         half-open as pixels are: moving right the walk enters the next column on the tile line
         itself (an end point on the line is in the tile after it), moving left it leaves a column
         on its left line and enters the next one just after, so only if the segment goes on. A
         segment along a horizontal tile line runs through the row below the line; along a vertical
         line, through the column right of it.
       - No skipped corners: where the segment passes exactly through a tile corner going
         diagonally (it crosses a vertical and a horizontal tile line at the same point), the walk
         visits both tiles beside the corner before the diagonal one: first the one across the
         vertical line (new column, old row), then the one across the horizontal line (old column,
         new row), then the diagonal tile; all three at the same t. So a ray never slips between two
         walls that meet only at a corner. A segment that starts on a tile corner and leaves it
         up-left does the same at t = 0; one that ends on a corner, coming from up-left, at t = 1.
         (Dedu's supercover line, at tile size; query.h walks pixels the same way.)
       Each visit has its t (where the walk enters the tile: t_num / t_den, t_den being |dx| or
       |dy|, 1 at t = 0) and the side of the tile it came in through (EO_HIT_LEFT: moving right,
       through the tile's left side; _RIGHT, _TOP: moving down, _BOTTOM; two bits for the diagonal
       tile of a corner; 0 for the start tile).

   What blocks (block: EO_TOUCH_* bits of tile kinds; 0 means EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_SLOPE)
       A tile whose kind bit (eo_tiles_kind_bit) is in `block` stops the segment where it enters
       the tile (its whole square blocks), except the pixel-exact kinds: with EO_TILES_TOUCH_SLOPE,
       a slope tile blocks only at its pixels below the surface (the pixels eo_tiles_pixel_solid
       calls solid), so the walk goes on pixel by pixel inside it, with the same rules at pixel
       size, and stops at the first such pixel it visits; half tiles (HALF_TOP, HALF_BOTTOM) block
       that way at their solid half with EO_TILES_TOUCH_SOLID or _HALF, and one-way slopes below
       their surface with EO_TILES_TOUCH_ONE_WAY (as one-way platforms; not with _SLOPE alone).
       Tiles outside the map read as the map's outside policy says
       (solid or empty), so with EO_TILES_TOUCH_SOLID a map that is solid outside stops every ray at its
       edge. One-way platforms, ladders, hazards and water block only if their bit is given (a
       spike block has SOLID and HAZARD, a ladder top ONE_WAY and LADDER: either blocks).

   The hit (eo_raycast_hit)
       hit 1: the first blocking pixel of the walk: its tile (col, row) and attr, the pixel (x, y)
       (for a whole-square tile, the first pixel of the tile the segment reaches: its contact
       point), t where the walk enters that pixel, and face: the side of that pixel (for a square
       tile, of the tile) the segment came in through, as for visits; 0 when the segment starts in
       a blocking pixel (t = 0). hit 0: nothing on the segment blocks; every other field is 0.

   Visits (optional, for the lesson): the tiles visited, in order, up to and including the
   blocking one (tiles entered at the same t as the hit pixel, before it in walk order, are listed
   too). visits may be NULL with capacity 0; *visit_count (visit_count may be NULL: visits are
   not wanted) gets the total even past capacity (then EO_ERR_BUFFER_TOO_SMALL: the hit is still
   computed in full). A walk makes at most 1 + 3 * (EO_UCOORD_MAX / size + 1) visits (a visit per
   tile line crossed, one more per corner): with 16-bit coordinates under 25,000 for 8 px tiles,
   which a uint16_t count holds; with 32-bit ones a long segment can make more, and *visit_count
   then saturates at 65535 (still EO_ERR_BUFFER_TOO_SMALL past capacity).

   Long segments: without a visit list (visit_count NULL) the walk does not visit outside tiles
   that cannot block. Where the outside policy makes every tile beyond a side of the map (its
   corners included) a kind `block` does not name (outside empty; solid with a block without
   EO_TILES_TOUCH_SOLID; above an open-top map), the walk jumps from the first such tile to just
   before the segment crosses into the map's columns (rows), or ends if it never does. So a ray
   costs what its tiles in and around the map cost, however far it aims (a segment to
   (1e9, 7e8) from inside a 40 x 30 map visits a few dozen tiles), and the hit is the one the
   whole walk finds. With visit_count given, every tile is visited and listed: the work grows with
   the length (a 10^9 px segment crosses over 10^8 tiles of 8 px).

   Errors: EO_ERR_NULL_POINTER (map, segment or hit), EO_ERR_BAD_ARGUMENT (a map that fails
   eo_tiles_tile_size's cheap checks). Work: one attr lookup per tile visited, plus at most
   3 * size pixel steps (and their slope heights) inside each slope tile visited. On the Z80
   (SDCC, fast build) a tile costs about 13,000 T-states, half of it the attr lookup's map checks:
   a ray across a 32-tile screen is several frames; cast few per frame.

   Counters (traced build): EO_COUNTER_RAYCAST_TILES, _PIXELS (and EO_COUNTER_TILES_LOOKUPS).
   Trace events: EO_EV_RAYCAST_* (common.h): every tile visited (with its LOOKUP), every corner
   passed, every pixel visited in a slope tile, the blocking pixel, with the C source line.

   What it does not do: hit boxes or sprites (query.h casts segments at boxes; pixelmask.h), bounce
   or reflect the ray, or change the map. */
#ifndef EARLYOUT_RAYCAST_H
#define EARLYOUT_RAYCAST_H

#include "common.h"
#include "tiles.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The first blocking pixel a tile raycast found: see the manual above.
typedef struct eo_raycast_hit {
    uint8_t hit;            /* 1 if something blocks; 0: every field below is 0 */
    uint8_t attr;           /* the blocking tile's attr */
    uint8_t face;           /* EO_HIT_* side(s) of the pixel (tile) entered; 0: starts inside */
    eo_coord col, row;       /* the blocking tile */
    eo_coord x, y;           /* the first blocking pixel */
    eo_ucoord t_num, t_den; /* where the walk enters it: t = t_num / t_den, 0 .. 1 */
} eo_raycast_hit;

/// One tile of the walk.
typedef struct eo_raycast_visit {
    eo_coord col, row;
    eo_ucoord t_num, t_den; /* where the walk enters it */
    uint8_t attr;           /* its attr (the outside policy's outside the map) */
    uint8_t face;           /* EO_HIT_* side(s) entered through; 0 for the start tile */
} eo_raycast_visit;

/// Walks the segment through the map's tiles and reports the first blocking pixel into *hit
/// (block: EO_TOUCH_* kinds that block, 0 = solid and slopes); optionally lists the tiles visited.
eo_result eo_raycast_tiles(const eo_tiles_map *map, const eo_segment *seg, uint8_t block,
                           eo_raycast_hit *hit, eo_raycast_visit *visits, uint16_t capacity,
                           uint16_t *visit_count, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
