/* earlyout/common.h: what every module shares: result codes, boxes, pairs and teaching hooks.

   Results
       Functions that can fail return an eo_result: EO_OK (0) or an EO_ERR_* code from the table
       below. eo_result_name(r) gives its name ("EO_ERR_BAD_ARGUMENT") for messages.

   Boxes
       eo_box is half-open: a box at x with width w covers the pixels x .. x+w-1 (likewise y, h).
       A box with w <= 0 or h <= 0 is empty: it covers no pixel and overlaps nothing.
       Coordinates and sizes are eo_coord (config.h): EO_COORD_MIN .. EO_COORD_MAX.

   Teaching hooks
       Core functions take an `eo_hooks *hooks` last argument. In the fast build (EO_TRACE 0) it is
       ignored and may be NULL. In the traced build (EO_TRACE 1), when non-NULL, each step is
       appended to hooks->steps (up to step_capacity; later steps are counted in steps_lost, never
       written past the buffer) and hooks->counters[EO_COUNTER_*] are incremented. The caller owns
       the hooks and its step buffer; eo_hooks_init() sets one up. */
#ifndef EARLYOUT_COMMON_H
#define EARLYOUT_COMMON_H

#include <stdint.h>
#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* X-macro table of result codes: name, value, meaning. */
#define EO_RESULT_TABLE(X) \
    X(EO_OK,                   0, "success") \
    X(EO_ERR_NULL_POINTER,     1, "a required pointer argument was NULL") \
    X(EO_ERR_BAD_ARGUMENT,     2, "an argument is outside its documented range") \
    X(EO_ERR_BAD_LAYOUT,       3, "a layout descriptor is inconsistent (see its header)") \
    X(EO_ERR_BUFFER_TOO_SMALL, 4, "an output buffer is too small; the count says how much is needed") \
    X(EO_ERR_NOT_READY,        5, "no successful build or update to answer from (never made, or the last one failed)")

typedef enum eo_result {
#define EO_RESULT_ENUM_(name, value, text) name = value,
    EO_RESULT_TABLE(EO_RESULT_ENUM_)
#undef EO_RESULT_ENUM_
    EO_RESULT_COUNT_
} eo_result;

/// The code's name, e.g. "EO_ERR_BAD_ARGUMENT"; "EO_ERR_UNKNOWN" for a value not in the table.
const char *eo_result_name(eo_result r);
/// One sentence saying what the code means.
const char *eo_result_text(eo_result r);

/// A half-open axis-aligned box: pixels x .. x+w-1, y .. y+h-1. Empty when w <= 0 or h <= 0.
typedef struct eo_box {
    eo_coord x, y, w, h;
} eo_box;

/// A segment from (x0, y0) to (x1, y1): the points (x0 + t (x1 - x0), y0 + t (y1 - y0)) for
/// 0 <= t <= 1 of the plane where pixel (px, py) is the unit square px <= x < px + 1,
/// py <= y < py + 1 (query.h and raycast.h say which pixels it passes through).
typedef struct eo_segment {
    eo_coord x0, y0, x1, y1;
} eo_segment;

/* Sides, as bits: the sides of a mover stopped by eo_tiles_move (tiles.h), the side of a box or
   tile a segment enters through (query.h, raycast.h). */
#define EO_HIT_LEFT   0x01u
#define EO_HIT_RIGHT  0x02u
#define EO_HIT_TOP    0x04u
#define EO_HIT_BOTTOM 0x08u

/// An unordered pair of object indices, always reported with a < b. eo_index (config.h): 16 bits
/// on the Z80, 32 elsewhere, where a sectors grid holds more than 65,535 objects.
typedef struct eo_pair {
    eo_index a, b;
} eo_pair;

/* Trace events: name, value, what the step's a and b hold. Modules own ranges of values. A value
   is an int32_t: a coordinate past it (32-bit worlds only) wraps, and a pair packed as
   hi * 65536 + (lo & 0xFFFF) keeps the low 16 bits of each. */
#define EO_EVENT_TABLE(X) \
    X(EO_EV_GRIDMASK_BEGIN,      1, "a: method (0 span, 1 endpoints), b: bits of the layout") \
    X(EO_EV_GRIDMASK_EMPTY,      2, "box is empty (w or h <= 0): a: w, b: h; mask 0") \
    X(EO_EV_GRIDMASK_FIRST_PX,   3, "a: axis (0 x, 1 y), b: first pixel of the box on that axis") \
    X(EO_EV_GRIDMASK_LAST_PX,    4, "a: axis, b: last pixel (pos + size - 1, exact, may be off-screen)") \
    X(EO_EV_GRIDMASK_CELLS,      5, "a: axis, b: first cell * 256 + last cell, after clamping to the screen") \
    X(EO_EV_GRIDMASK_AXIS_BITS,  6, "a: axis, b: the axis field's bits (one per cell)") \
    X(EO_EV_GRIDMASK_MASK,       7, "a: low 16 bits of the mask, b: high 16 bits") \
    X(EO_EV_GRIDMASK_AND_X,      8, "a: X field of A AND B, b: 1 if non-zero") \
    X(EO_EV_GRIDMASK_AND_Y,      9, "a: Y field of A AND B, b: 1 if non-zero") \
    X(EO_EV_GRIDMASK_VERDICT,   10, "a: the eo_gridmask_verdict, b: 0") \
    X(EO_EV_AABB_EMPTY,         20, "a box is NULL or empty: no comparison, no overlap") \
    X(EO_EV_AABB_A_BEFORE_B,    21, "a: axis (0 x, 1 y), b: 1 if A ends at or before B starts") \
    X(EO_EV_AABB_B_BEFORE_A,    22, "a: axis, b: 1 if B ends at or before A starts") \
    X(EO_EV_AABB_RESULT,        23, "a: 1 if the boxes overlap, b: comparisons made") \
    X(EO_EV_AABB_ORDER_CHOSEN,  24, "a: the eo_aabb_order chosen, b: pairs sampled") \
    X(EO_EV_AABB_CIRCLE_DELTA, 25, "a: |dx| between centres, b: |dy|") \
    X(EO_EV_AABB_CIRCLE_SQUARES, 26, "a: dx*dx + dy*dy, b: (r1 + r2)^2") \
    X(EO_EV_AABB_CIRCLE_RESULT, 27, "a: 1 if the circles overlap, b: 0 if the box pre-test decided") \
    X(EO_EV_SECTORS_RANGE,      40, "a: object, b: col0 << 24 | col1 << 16 | row0 << 8 | row1 (-1: empty)") \
    X(EO_EV_SECTORS_INSERT,     41, "a: object, b: sector index (row * cols + col)") \
    X(EO_EV_SECTORS_FULL,       42, "a: memberships needed (build) or the full sector (update), b: capacity") \
    X(EO_EV_SECTORS_MOVE,       43, "a: object whose range changed, b: its new range as in RANGE") \
    X(EO_EV_SECTORS_FILTERED,   44, "a, b: a pair dropped by layers") \
    X(EO_EV_SECTORS_PAIR,       45, "a, b: an overlapping pair found") \
    X(EO_EV_SECTORS_VISIT,      46, "a: sector index whose objects are paired, b: objects listed in it") \
    X(EO_EV_SECTORS_DUPLICATE,  47, "a, b: a pair skipped here because an earlier shared sector reports it") \
    X(EO_EV_SECTORS_BOX_TEST,   48, "a, b: a pair given the box test (PAIR follows if it overlaps)") \
    X(EO_EV_SECTORS_SHIFT,      49, "a: a sector out of slack, b: the sector whose spare place it takes (the runs between move)") \
    X(EO_EV_PIXELMASK_NO_RECT,  80, "the boxes do not overlap: no row is tested") \
    X(EO_EV_PIXELMASK_RECT,     81, "a, b: top-left of the overlap rectangle (world x0, y0)") \
    X(EO_EV_PIXELMASK_RECT_END, 82, "a, b: x1, y1: the rectangle ends before them (half-open)") \
    X(EO_EV_PIXELMASK_ROW,      83, "a: row of sprite A, b: row of sprite B (the same screen row)") \
    X(EO_EV_PIXELMASK_WORDS,    84, "a: A's bits lined up at this column, b: B's (low 32 bits)") \
    X(EO_EV_PIXELMASK_AND,      85, "a: A AND B for this word (low 32 bits), b: world x of its bit 0") \
    X(EO_EV_PIXELMASK_HIT,      86, "a, b: world x, y of the first shared solid pixel") \
    X(EO_EV_PIXELMASK_REF_HIT,  87, "a, b: world x, y where the per-pixel reference found a shared pixel") \
    X(EO_EV_SWEEP_SORTED,       60, "a: moves the insertion sort made, b: objects") \
    X(EO_EV_SWEEP_PAIR,         61, "a, b: an overlapping pair found") \
    X(EO_EV_TILES_PROBE,       100, "a, b: x, y of a probe point (the LOOKUP of its tile follows)") \
    X(EO_EV_TILES_LOOKUP,      101, "a: tile as col * 65536 + (row & 0xFFFF), the low 16 bits of each (col = a >> 16, row = signed low half), b: attr read (+ 256 outside the map)") \
    X(EO_EV_TILES_MOVE,        102, "a: dx, b: dy: a move begins, X first, then Y") \
    X(EO_EV_TILES_STEP_X,      103, "a, b: first and last pixel column the leading edge enters in this step") \
    X(EO_EV_TILES_STEP_Y,      104, "a, b: first and last pixel row the leading edge enters in this step") \
    X(EO_EV_TILES_BLOCKED,     105, "a: axis (0 x, 1 y), b: the first blocking pixel column or row") \
    X(EO_EV_TILES_SNAP,        106, "a: axis, b: the box's new x or y, against the block") \
    X(EO_EV_TILES_PASS,        107, "a: tile as in LOOKUP, b: attr: a one-way platform or ladder top dropped through") \
    X(EO_EV_TILES_SKIP_OUTSIDE, 108, "a: axis, b: last pixel reached in one step outside the map, where nothing blocks") \
    X(EO_EV_TILES_WORLD_EDGE,  109, "a: axis, b: the box's x or y where the world ends (EO_COORD_MIN/MAX: a wall)") \
    X(EO_EV_TILES_CACHE_SKIP,  110, "a: col0 * 65536 + (row0 & 0xFFFF), b: touching | below << 8, from the cache") \
    X(EO_EV_TILES_CACHE_FILL,  111, "a: col0 * 65536 + (row0 & 0xFFFF), b: touching | below << 8, read from the tiles") \
    X(EO_EV_TILES_RESULT,      112, "a: hit bits | on_ground << 4, b: touching | below << 8") \
    X(EO_EV_TILES_SENSE,       113, "a, b: x, y of the box after the move: what it touches, stands on and overlaps is read next") \
    X(EO_EV_TILES_SWEEP,       114, "a: dx, b: dy: a swept move begins, along the straight segment") \
    X(EO_EV_TILES_RUN,         115, "a: axis (0 x, 1 y), b: pixels: a run of steps along one axis of the segment's staircase") \
    X(EO_EV_SLOPES_SENSOR,     120, "a, b: x, y of a sensor (the LOOKUP of its tile follows)") \
    X(EO_EV_SLOPES_HEIGHT,     121, "a: column in the tile (0 .. size - 1), b: the ground height there (0 .. size)") \
    X(EO_EV_SLOPES_EXTEND,     122, "a: x, b: the sensor's tile row: empty column, look into the tile below") \
    X(EO_EV_SLOPES_REGRESS,    123, "a: x, b: the sensor's tile row: full column, look into the tile above") \
    X(EO_EV_SLOPES_SURFACE,    124, "a: x, b: ground_y, the top ground pixel row found") \
    X(EO_EV_SLOPES_NO_GROUND,  125, "a, b: x, y of a sensor that found no ground within a tile") \
    X(EO_EV_SLOPES_WALK,       126, "a: dx, b: max_step: a walk begins") \
    X(EO_EV_SLOPES_WALK_STEP,  127, "a, b: x, y of the box after a one-pixel step") \
    X(EO_EV_SLOPES_CLIMB,      128, "a: pixel column entered, b: pixels climbed to enter it") \
    X(EO_EV_SLOPES_SNAP_DOWN,  129, "a: x, b: pixels descended onto the ground") \
    X(EO_EV_SLOPES_WALL,       130, "a: pixel column that stopped the walk, b: rise it needs (0: no room for the head)") \
    X(EO_EV_SLOPES_AIRBORNE,   131, "a, b: x, y where the ground fell away by more than max_step") \
    X(EO_EV_SLOPES_MOVE,       132, "a: dx, b: dy: eo_slopes_move begins") \
    X(EO_EV_SLOPES_LAND,       133, "a, b: x, y where a box in the air reached the ground") \
    X(EO_EV_SLOPES_LAUNCH,     134, "a: x where the box left the ground, b: the slope of the line it left along (1/256 px per px)") \
    X(EO_EV_QUERY_REGION,      140, "a, b: x, y of the query box's top-left pixel (a point query's point)") \
    X(EO_EV_QUERY_SECTOR,      141, "a: sector index a query reads, b: objects listed in it") \
    X(EO_EV_QUERY_FILTERED,    142, "a: object dropped by the query's layer, b: 0") \
    X(EO_EV_QUERY_DUPLICATE,   143, "a: object skipped in this sector (reported in another), b: sector index") \
    X(EO_EV_QUERY_TEST,        144, "a: object given the exact test, b: 1 if it matches") \
    X(EO_EV_QUERY_SEGMENT,     145, "a: x0 * 65536 + (y0 & 0xFFFF), b: x1 * 65536 + (y1 & 0xFFFF): a segment cast begins") \
    X(EO_EV_QUERY_MISS,        146, "a: box the segment misses, b: 0 outside the segment's reach, 1 by the exact test") \
    X(EO_EV_QUERY_HIT,         147, "a: box hit, b: t_num * 16 + face (t_den is |dx| for LEFT/RIGHT and corners, |dy| for TOP/BOTTOM, 1 at t = 0)") \
    X(EO_EV_QUERY_ROW,         148, "a: sector row a segment cast reads, b: first column * 256 + last column") \
    X(EO_EV_QUERY_FOUND,       149, "a: results found (the total), b: the capacity") \
    X(EO_EV_RAYCAST_BEGIN,     160, "a: x0 * 65536 + (y0 & 0xFFFF), b: x1 * 65536 + (y1 & 0xFFFF): a tile raycast begins") \
    X(EO_EV_RAYCAST_TILE,      161, "a: tile as col * 65536 + (row & 0xFFFF), b: face it was entered through (0: the start tile); its LOOKUP follows") \
    X(EO_EV_RAYCAST_CORNER,    162, "a, b: x, y of a tile corner the segment passes exactly through: both tiles beside it are visited") \
    X(EO_EV_RAYCAST_PIXEL,     163, "a, b: x, y of a pixel the walk visits inside a slope tile") \
    X(EO_EV_RAYCAST_BLOCK,     164, "a, b: x, y of the first blocking pixel") \
    X(EO_EV_RAYCAST_CLEAR,     165, "a: tiles visited, b: 0: nothing on the segment blocks") \
    X(EO_EV_CONTACT_AXES,      180, "a, b: the shortest push along X alone and along Y alone that parts two boxes") \
    X(EO_EV_CONTACT_PUSH,      181, "a, b: x, y of the push chosen") \
    X(EO_EV_CONTACT_SLAB_X,    182, "a, b: when A's columns start and stop meeting B's, as numerators over |dx| (1 when dx is 0); -1, -1: never") \
    X(EO_EV_CONTACT_SLAB_Y,    183, "a, b: the same for the rows, over |dy|") \
    X(EO_EV_CONTACT_HIT,       184, "a: t_num of the impact (over the |dx| or |dy| of the span that met last), b: face (0: overlapping from the start)") \
    X(EO_EV_CONTACT_MISS,      185, "the spans never meet at the same time during the move: no hit") \
    X(EO_EV_MOVE_BEGIN,        190, "a: dx, b: dy: a move through boxes and tiles begins") \
    X(EO_EV_MOVE_RUN,          191, "a: axis (0 x, 1 y), b: pixels (signed): a run of the segment's staircase") \
    X(EO_EV_MOVE_BOX,          192, "a: a box ahead that meets the mover across the run, b: pixels to reach it (0: flush)") \
    X(EO_EV_MOVE_TILE,         193, "a: axis, b: pixels the tiles let the run go") \
    X(EO_EV_MOVE_CONTACT,      194, "a: the box met (-1: a tile), b: the response taken (eo_move_response)") \
    X(EO_EV_MOVE_END,          195, "a, b: x, y where the mover ends")

typedef enum eo_event {
#define EO_EVENT_ENUM_(name, value, text) name = value,
    EO_EVENT_TABLE(EO_EVENT_ENUM_)
#undef EO_EVENT_ENUM_
    EO_EVENT_END_
} eo_event;

/// The event's name, e.g. "EO_EV_GRIDMASK_AND_X"; "EO_EV_UNKNOWN" otherwise.
const char *eo_event_name(uint8_t event);

/* Counters bumped by the traced build: name, meaning. */
#define EO_COUNTER_TABLE(X) \
    X(EO_COUNTER_GRIDMASK_BUILT,      "grid masks built") \
    X(EO_COUNTER_GRIDMASK_TESTS,      "mask pairs tested") \
    X(EO_COUNTER_GRIDMASK_ELIMINATED, "mask pairs eliminated (no shared cell)") \
    X(EO_COUNTER_AABB_TESTS,          "box pair tests") \
    X(EO_COUNTER_AABB_COMPARISONS,    "interval comparisons made by box tests") \
    X(EO_COUNTER_AABB_OVERLAPS,       "box pairs found overlapping") \
    X(EO_COUNTER_SECTORS_INSERTIONS,  "sector memberships written") \
    X(EO_COUNTER_SECTORS_REMOVALS,    "sector memberships removed by persistent updates") \
    X(EO_COUNTER_SECTORS_MOVED,       "objects moved between sectors by persistent updates") \
    X(EO_COUNTER_SECTORS_REBUILDS,    "full sector rebuilds") \
    X(EO_COUNTER_SECTORS_CANDIDATES,  "pairs met in a shared sector") \
    X(EO_COUNTER_SECTORS_DUPLICATES,  "pairs skipped because an earlier shared sector reports them") \
    X(EO_COUNTER_SECTORS_FILTERED,    "pairs dropped by layers") \
    X(EO_COUNTER_SECTORS_BOX_TESTS,   "box tests made by the sector broadphase") \
    X(EO_COUNTER_SECTORS_PAIRS,       "overlapping pairs found by the sector broadphase") \
    X(EO_COUNTER_SWEEP_SORT_MOVES,    "insertion-sort moves made by sort-and-sweep") \
    X(EO_COUNTER_SWEEP_BOX_TESTS,     "box tests made by sort-and-sweep") \
    X(EO_COUNTER_PIXELMASK_ROWS,      "mask rows tested") \
    X(EO_COUNTER_PIXELMASK_WORDS,     "mask words ANDed") \
    X(EO_COUNTER_PIXELMASK_REF_PIXELS, "pixels tested by the per-pixel reference") \
    X(EO_COUNTER_TILES_PROBES,        "probe points tested") \
    X(EO_COUNTER_TILES_LOOKUPS,       "tile attrs read") \
    X(EO_COUNTER_TILES_STEPS,         "movement steps (at most a tile each inside the map)") \
    X(EO_COUNTER_TILES_SNAPS,         "moves stopped against a blocking pixel") \
    X(EO_COUNTER_TILES_SKIPS,         "tile-range queries answered from the cache") \
    X(EO_COUNTER_SLOPES_SENSORS,      "sensor readings") \
    X(EO_COUNTER_SLOPES_WALK_STEPS,   "one-pixel walking steps") \
    X(EO_COUNTER_SLOPES_CLIMBS,       "walking steps that climbed") \
    X(EO_COUNTER_SLOPES_SNAPS,        "walking steps that descended onto the ground") \
    X(EO_COUNTER_QUERY_OBJECTS,       "objects met by point, region and segment queries") \
    X(EO_COUNTER_QUERY_TESTS,         "exact tests made by queries") \
    X(EO_COUNTER_QUERY_RESULTS,       "objects (or hits) found by queries") \
    X(EO_COUNTER_RAYCAST_TILES,       "tiles visited by tile raycasts") \
    X(EO_COUNTER_RAYCAST_PIXELS,      "pixels visited inside slope tiles by tile raycasts")

typedef enum eo_counter {
#define EO_COUNTER_ENUM_(name, text) name,
    EO_COUNTER_TABLE(EO_COUNTER_ENUM_)
#undef EO_COUNTER_ENUM_
    EO_COUNTER_COUNT
} eo_counter;

/// The counter's name, e.g. "EO_COUNTER_GRIDMASK_BUILT"; "EO_COUNTER_UNKNOWN" otherwise.
const char *eo_counter_name(uint8_t counter);

/// One recorded step: which event, on which line of which core file, with two values.
typedef struct eo_trace_step {
    uint8_t event;    /* an eo_event */
    uint8_t unused_;  /* 0 */
    uint16_t line;    /* the line of the hook that recorded it (core/src/hooks.h) */
    const char *file; /* the core file it is in, as the compiler named it (__FILE__):
                         "core/src/gridmask.c", or a longer path ending in core/src/... */
    int32_t a, b;     /* event-specific values, see EO_EVENT_TABLE */
} eo_trace_step;

/// Caller-owned teaching hooks. All fields are plain data; eo_hooks_init sets them.
typedef struct eo_hooks {
    eo_trace_step *steps;     /* may be NULL: then only counters are kept */
    uint16_t step_capacity;   /* entries in steps */
    uint16_t step_count;      /* entries written */
    uint16_t steps_lost;      /* steps that did not fit (saturates at 65535) */
    uint32_t counters[EO_COUNTER_COUNT];
} eo_hooks;

/// Sets up hooks over a caller-owned step buffer (steps may be NULL with capacity 0) and zeroes all counts.
void eo_hooks_init(eo_hooks *hooks, eo_trace_step *steps, uint16_t step_capacity);
/// Forgets recorded steps and zeroes counters, keeping the buffer. NULL is ignored.
void eo_hooks_reset(eo_hooks *hooks);
/// Appends one step (the traced build's hooks call it: core/src/hooks.h). NULL hooks are ignored.
void eo_hooks_record(eo_hooks *hooks, uint8_t event, const char *file, uint16_t line, int32_t a, int32_t b);

#ifdef __cplusplus
}
#endif

#endif
