/* earlyout/query.h: which objects are at a point or in a region, and what does a segment hit?

   The broadphases answer "which pairs overlap"; a game also asks about one place: what is under
   the mouse, what does an explosion's radius box touch, what does a bullet's path hit first. This
   module answers from the structures the broadphases already keep (a sectors grid, a sweep
   workspace) or from a plain array of boxes, without allocating.

   Point and region queries (eo_query_sectors_*, eo_query_sweep_*)
       A box contains pixel (x, y) when box.x <= x < box.x + box.w and box.y <= y < box.y + box.h
       (half-open, common.h); it matches a region when the two boxes share a pixel (eo_aabb_overlap).
       A point query is the region query of the 1 x 1 box at the point. An empty region (w or h <= 0)
       matches nothing; empty boxes are never listed.
       Over a grid: only the sectors the region touches are read (a point: one sector), with the
       boxes passed to the last eo_sectors_build / eo_sectors_update (pass the same array, unmoved:
       the grid answers for the positions it was built with). Over a sweep workspace: the entries
       eo_sweep_find_pairs sorted, a snapshot of the boxes it was given (no boxes argument), read in
       sweep order until they start past the region's end on the sweep axis.
       Not ready: a grid whose last build or update failed (or that was never built), or a
       workspace whose last eo_sweep_find_pairs failed (or that never ran), answers EO_ERR_NOT_READY,
       never an empty list.

   Layer filter
       layers (one per object, may be NULL: every object is { 0xFFFF, 0xFFFF }) and filter (the
       query's own eo_broadphase_layer, may be NULL: no filtering). With a filter an object matches only if
       (object.category & filter.collides_with) and (filter.category & object.collides_with), the
       rule pairs follow in broadphase.h.

   Results
       Object indices in ascending order into out[0 .. capacity-1]; *count gets the total even past
       capacity (then EO_ERR_BUFFER_TOO_SMALL, and out holds the `capacity` smallest indices). out
       may be NULL with capacity 0 (count only). Work: the objects listed in the sectors read (or
       the entries scanned), plus up to `capacity` moves per result to keep out sorted.

   Segments (eo_query_segment_*)
       A segment (common.h) runs from (x0, y0) to (x1, y1) through the plane in which pixel
       (px, py) is the unit square px <= x < px + 1, py <= y < py + 1: the endpoints are pixel
       corners, and the start point lies in pixel (x0, y0). It walks from pixel to pixel:
         - it visits every pixel that holds a point of it (half-open: moving right it enters the
           next column on the line x = px + 1 itself; moving left it is still in column px on the
           line x = px, and enters px - 1 just after it, so only if the segment goes on);
         - where it passes exactly through a pixel corner going diagonally (crossing a vertical and
           a horizontal pixel line at once), it also visits both pixels beside that corner: first
           the one across the vertical line, then the one across the horizontal line, then the
           diagonal one. So it never slips between two pixels (or boxes, or tiles) that meet only
           at a corner, whichever way it goes. (Dedu's "supercover" line; raycast.h walks tiles
           the same way, so a box and a solid tile of the same pixels stop a segment alike.)
       A box is hit when the walk visits one of its pixels. The hit is the first one visited:
         t        t_num / t_den: the point (x0 + t dx, y0 + t dy) where the walk enters that pixel
                  (0 <= t <= 1; t_den is |dx| or |dy|, or 1 at t = 0; the fraction is not reduced);
         x, y     that pixel, the first pixel of the box the segment reaches (its contact point);
         face     the side of the box it entered through: EO_HIT_LEFT (moving right, through the
                  box's left side, x = box.x), EO_HIT_RIGHT, EO_HIT_TOP (moving down), EO_HIT_BOTTOM;
                  both bits (e.g. EO_HIT_LEFT | EO_HIT_TOP) when it enters exactly through a corner
                  of the box; 0 when the segment starts inside the box (t = 0). (These are the sides
                  of the box hit, the surface normal's direction; eo_tiles_move's EO_HIT_* name the
                  mover's own sides.)
       A segment that starts inside a box hits it at t = 0. A zero-length segment hits the boxes
       holding its pixel. Grazing: a segment along a box's top edge (y = box.y) runs through the
       box's top pixel row and hits it; one along its bottom edge (y = box.y + box.h) runs through
       the row below and does not (likewise left and right). Corners: where the walk crosses a
       pixel corner diagonally (between its ends; at its end point when it arrives moving down-
       right; at its start point when it leaves moving up-left) it visits the pixels beside the
       corner, so a segment through a corner of a box hits the box there even if it touches no
       other point of it. A segment that ends on a box's right or bottom side line anywhere else
       does not reach the box.
       Order: hits by ascending t (compared exactly); boxes entered at the same t by ascending
       index. eo_query_segment_first gives the first of that order.
       Exact integer arithmetic: the slab method (the lines x = box.x, x = box.x + box.w, y = box.y,
       y = box.y + box.h give each side's crossing distance), with every t compared by cross-
       multiplying numerators and denominators of at most EO_UCOORD_MAX: unsigned products in
       eo_uwide (32-bit with 16-bit coordinates, so no 64-bit arithmetic on the Z80; 64-bit with
       32-bit coordinates), and no division but the one that finds the row (or column) the walk is
       in as it crosses a side's line (at most two per box). Any eo_coord endpoints and any boxes
       are accepted. On the Z80 (SDCC) a box within the
       segment's reach costs about 16,000 T-states (32-bit multiplies and one division are library
       calls there); boxes outside its bounding box are rejected for a few hundred.
       Through a grid (grid non-NULL, built from these boxes): only boxes listed in sectors the
       segment can reach are tested, row of sectors by row of sectors, and each hit is reported in
       the one sector holding its pixel, so once. Without a grid every box is tested (a bounding-box
       check first rejects most of them cheaply).

   What it does not do: build or update a broadphase (a query reads the grid or the workspace as
   the last build, update or eo_sweep_find_pairs left it, and does not see boxes moved since);
   test anything but boxes (a point in the empty corner of a round sprite's box is a match: pixel
   masks and circles are the caller's next test); sort point and region results by distance (they
   come by index); cast anything but a segment between pixel corners (no thick or swept boxes: a
   moving box is eo_tiles_move's, tiles.h; no tile maps: raycast.h walks those); or allocate.

   Counters (traced build): EO_COUNTER_QUERY_OBJECTS, _TESTS, _RESULTS.
   Trace events: EO_EV_QUERY_* (common.h): each sector read, each object filtered, tested, hit or
   missed, with the C source line. */
#ifndef EARLYOUT_QUERY_H
#define EARLYOUT_QUERY_H

#include "common.h"
#include "sectors.h"
#include "sweep.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Where a segment enters a box: see the manual above.
typedef struct eo_query_segment_hit {
    eo_index index;         /* the box */
    eo_ucoord t_num, t_den; /* t = t_num / t_den, 0 .. 1 */
    eo_coord x, y;          /* the first pixel of the box the segment reaches */
    uint8_t face;           /* EO_HIT_* side(s) of the box entered; 0 if the segment starts inside */
} eo_query_segment_hit;

/// Objects of the grid whose box contains pixel (x, y), ascending, into out; *count the total.
/// EO_ERR_NOT_READY if the grid's last build/update failed or never ran.
eo_result eo_query_sectors_point(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                 const eo_broadphase_layer *filter, eo_coord x, eo_coord y,
                                 eo_index *out, eo_index capacity, eo_index *count, eo_hooks *hooks);

/// Objects of the grid whose box shares a pixel with *region, ascending, into out; *count the total.
eo_result eo_query_sectors_region(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                  const eo_broadphase_layer *filter, const eo_box *region,
                                  eo_index *out, eo_index capacity, eo_index *count, eo_hooks *hooks);

/// Objects of the sweep workspace (as its last eo_sweep_find_pairs saw them) containing pixel (x, y).
/// EO_ERR_NOT_READY if its last eo_sweep_find_pairs failed or never ran.
eo_result eo_query_sweep_point(const eo_sweep *sweep, const eo_broadphase_layer *layers, const eo_broadphase_layer *filter,
                               eo_coord x, eo_coord y, eo_index *out, eo_index capacity, eo_index *count,
                               eo_hooks *hooks);

/// Objects of the sweep workspace sharing a pixel with *region, ascending, into out.
eo_result eo_query_sweep_region(const eo_sweep *sweep, const eo_broadphase_layer *layers, const eo_broadphase_layer *filter,
                                const eo_box *region, eo_index *out, eo_index capacity, eo_index *count,
                                eo_hooks *hooks);

/// 1 and *hit (index 0) if the segment hits the box, else 0 (*hit untouched). NULL counts as a miss.
uint8_t eo_query_segment_box(const eo_segment *seg, const eo_box *box, eo_query_segment_hit *hit);

/// Every box of boxes[0 .. count-1] the segment hits, by ascending t then index, into
/// hits[0 .. capacity-1]; *hit_count gets the total (EO_ERR_BUFFER_TOO_SMALL past capacity: hits
/// holds the first `capacity`). grid may be NULL; if not, it must be built from these boxes
/// (EO_ERR_NOT_READY if its last build/update failed, EO_ERR_BAD_ARGUMENT if count differs).
eo_result eo_query_segment_all(const eo_segment *seg, const eo_box *boxes, eo_index count,
                               const eo_sectors *grid, const eo_broadphase_layer *layers, const eo_broadphase_layer *filter,
                               eo_query_segment_hit *hits, eo_index capacity, eo_index *hit_count,
                               eo_hooks *hooks);

/// The first box the segment hits (least t, then least index): *found 1 and *hit, or *found 0
/// (*hit untouched). Arguments as for eo_query_segment_all.
eo_result eo_query_segment_first(const eo_segment *seg, const eo_box *boxes, eo_index count,
                                 const eo_sectors *grid, const eo_broadphase_layer *layers, const eo_broadphase_layer *filter,
                                 eo_query_segment_hit *hit, uint8_t *found, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
