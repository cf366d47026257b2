/* earlyout/sectors.h: which pairs share a sector of a uniform grid?

   The world is cut into cols x rows sectors: quadrants (2 x 2), vertical strips (N x 1),
   horizontal strips (1 x N) or any N x M. Each object is listed in every sector its box touches;
   only objects listed in a common sector are compared. With n objects spread over s sectors the
   box tests fall from n(n-1)/2 towards n^2 / (2s). (The GameDev.net article "Intelligent 2D
   Collision and Pixel Perfect Precision": sectioning the world, and segregating objects that
   never interact.)

   Memory: caller-owned, sized up front, never more.
       eo_sectors_config cfg = { .cols = 4, .rows = 4, .max_objects = 32 };  (zero = default)
       size_t need = eo_sectors_storage_size(&cfg);         (0 if cfg is invalid)
       eo_sectors_init(&grid, &cfg, storage, need);         (storage aligned for eo_index)
   Defaults: world 0, 0, 256 x 192 (an MSX screen), 2 x 2 sectors, 64 objects, 4 memberships per
   object. Limits: world_w, world_h 1 .. EO_COORD_MAX (config.h: 32767 in the 16-bit build); cols,
   rows 1 .. 65,535 (255 on the Z80); max_objects 1 .. EO_SECTORS_MAX_OBJECTS (1,073,741,823; 16,383
   on the Z80); max_entries 1 .. EO_INDEX_MAX (4,294,967,295; 65,535 on the Z80); all within what
   storage a target can address (eo_sectors_storage_size answers 0 beyond it). Sector size is ceil(world / sectors) (a
   power of two is fastest; elsewhere a multiply by the reciprocal stands in for the division, but
   on the Z80).

   Edges: boxes are half-open. A box partly or wholly outside the world is listed in the edge
   sectors nearest to it, so pairs out there are still found. Empty boxes (w or h <= 0) are not
   listed and take part in no pair.

   Pairs: eo_sectors_find_pairs reports each overlapping pair once, even when the two objects share
   several sectors (a pair is reported only in the first sector they share, the one at the larger
   of their first columns and first rows), always as a < b, sector by sector in row-major order,
   within a sector by ascending a then b. Layers (broadphase.h) drop a pair before its box test.

   Persistent mode: eo_sectors_update moves only the objects whose sector range changed since the
   last build or update. Each sector keeps some slack for arrivals; when a sector's runs out, it
   borrows a place from the nearest sector with one to spare (the runs between move one place). It
   falls back to a full rebuild only when the object count changed or all max_entries places are
   taken, and says so in the stats. The default max_entries (4 per object) never runs out while
   no object is larger than a sector.

   Errors: EO_ERR_NULL_POINTER, EO_ERR_BAD_ARGUMENT (config out of range, count > max_objects,
   misaligned storage), EO_ERR_BUFFER_TOO_SMALL (storage too small, or more memberships than
   max_entries). A build or update that fails for any reason leaves the grid empty and `built` 0:
   eo_sectors_find_pairs and the queries of query.h then answer EO_ERR_NOT_READY (and a pair
   count of 0), never an empty answer, until a build or update succeeds.

   What it does not do: allocate or grow (a grid holds at most max_objects objects and max_entries
   memberships, fixed at init; past them a call fails and says so); test anything but boxes (its
   pairs are boxes that share a pixel: circles, pixel masks and tiles are the other modules', run
   on these pairs); know objects by anything but their index (object i is boxes[i] in every call,
   and a new count rebuilds); remember pairs from frame to frame (no contact begin or end: each
   find_pairs answers afresh); or suit objects far larger than a sector (one is listed in every
   sector it touches: sort-and-sweep, sweep.h, copes better with a few giants). Boxes that only
   touch do not overlap (half-open). */
#ifndef EARLYOUT_SECTORS_H
#define EARLYOUT_SECTORS_H

#include <stddef.h>

#include "broadphase.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A column or row number of a grid: 0 .. 254 on the Z80 (uint8_t), 0 .. 65,534 elsewhere.
#if EO_INDEX_BITS == 16
typedef uint8_t eo_sectors_cell;
#else
typedef uint16_t eo_sectors_cell;
#endif
/// The range of a box that is listed nowhere (empty), in every field.
#define EO_SECTORS_NO_CELL ((eo_sectors_cell)~(eo_sectors_cell)0)

typedef struct eo_sectors_config {
    eo_coord world_x, world_y;  /* top-left corner of the gridded area */
    eo_coord world_w, world_h;  /* 0 means 256 / 192 */
    eo_sectors_cell cols, rows; /* sectors across and down; 0 means 2 */
    eo_index max_objects;       /* 0 means 64 */
    eo_index max_entries;       /* (object, sector) memberships held at once; 0 means 4 * max_objects */
} eo_sectors_config;

/// An entry of a sector's run: the object's index << EO_SECTORS_ENTRY_SHIFT, with
/// EO_SECTORS_FIRST_COL set when the object's range starts in this sector's column and
/// EO_SECTORS_FIRST_ROW when it starts in its row (what finds each pair in one sector only).
#define EO_SECTORS_ENTRY_SHIFT 2
#define EO_SECTORS_FIRST_COL 2u
#define EO_SECTORS_FIRST_ROW 1u

/// The most objects a grid holds: entries keep two flags beside the object's index.
#define EO_SECTORS_MAX_OBJECTS ((eo_index)(EO_INDEX_MAX >> EO_SECTORS_ENTRY_SHIFT))

/// The sectors one object is listed in (first and last column and row; all EO_SECTORS_NO_CELL when empty).
typedef struct eo_sectors_range {
    eo_sectors_cell col0, col1, row0, row1;
} eo_sectors_range;

/// An object's pixels as the 32-bit builds' find_pairs tests them: its first and last column and
/// row (the last clamped at EO_COORD_MAX, where the world ends), each stored as v ^ 0x80000000,
/// eo_coord's order as unsigned numbers: they load without a sign extension (which costs wasm
/// engines a second instruction) and subtract exactly in 64 bits.
typedef struct eo_sectors_extent {
    uint32_t x0, x1, y0, y1;
} eo_sectors_extent;

/// A grid over caller-owned storage. Read its fields; change them only through the functions.
typedef struct eo_sectors {
    eo_sectors_config cfg;      /* with defaults filled in */
    eo_ucoord cell_w, cell_h;   /* sector size in px */
    uint8_t shift_w, shift_h;   /* log2 of the sector size if a power of two, else 0xFF */
    eo_ucoord recip_w, recip_h; /* a multiplier that divides by the sector size, or 0 (sectors.c) */
#if EO_COORD_BITS >= 32
    eo_uwide mul_w, mul_h;      /* (d * mul) >> 32 divides by the sector size, shift or not; 0 if not (sectors.c) */
#endif
    eo_index cells;             /* cols * rows */
    eo_index object_count;      /* objects listed by the last build or update */
    eo_index entry_count;       /* memberships held */
    uint8_t built;              /* 1 after a build that fitted */
    eo_index *cell_start;       /* cells + 1 offsets into entries */
    eo_index *cell_len;         /* entries used per sector */
    eo_index *entries;          /* object index << 2 | flags (sectors.c), ascending within each sector */
    eo_sectors_range *ranges;    /* per object */
#if EO_COORD_BITS >= 32
    eo_sectors_extent *extents;  /* per object, as of the last build or update */
#endif
} eo_sectors;

/// Bytes of storage a configuration needs; 0 when the configuration is invalid.
size_t eo_sectors_storage_size(const eo_sectors_config *cfg);

/// Sets up a grid over storage (aligned for eo_index, at least eo_sectors_storage_size bytes).
eo_result eo_sectors_init(eo_sectors *grid, const eo_sectors_config *cfg, void *storage, size_t storage_size);

/// Lists boxes[0 .. count-1] in their sectors from scratch.
eo_result eo_sectors_build(eo_sectors *grid, const eo_box *boxes, eo_index count,
                           eo_broadphase_stats *stats, eo_hooks *hooks);

/// Persistent mode: moves only the objects whose sector range changed since the last build or update.
eo_result eo_sectors_update(eo_sectors *grid, const eo_box *boxes, eo_index count,
                            eo_broadphase_stats *stats, eo_hooks *hooks);

/// Persistent mode, one object: boxes[index] moved (the others did not), as when movers move one
/// after another (move.h). The same grid afterwards as eo_sectors_update would give. Falls back to a
/// full build when a sector is full. EO_ERR_NOT_READY if the grid was never built, its last build or
/// update failed, or count is not the count it was built with (build it, or update all of them).
eo_result eo_sectors_update_one(eo_sectors *grid, const eo_box *boxes, eo_index count, eo_index index,
                                eo_broadphase_stats *stats, eo_hooks *hooks);

/// Overlapping pairs among the boxes of the last build/update (pass the same boxes: 32-bit builds
/// test the extents that build or update kept, 16-bit builds read the boxes). layers may
/// be NULL (everything interacts). *pair_count gets the total even past pair_capacity (then
/// EO_ERR_BUFFER_TOO_SMALL and only pair_capacity pairs are written; pairs may be NULL with 0).
eo_result eo_sectors_find_pairs(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                                eo_broadphase_stats *stats, eo_hooks *hooks);

/// Pairs between two groups (bullets x enemies): each object whose category has a bit of group_b
/// against the objects listed in its sectors whose category has a bit of group_a, as find_pairs
/// would pair them (layers also allow the pair, the boxes overlap, each pair once), reported as
/// (a: the group-A object, b: the group-B object), by ascending b. The work follows the pairs
/// between the groups, not the pairs inside one: keep the larger group as A. layers is required
/// (it says who is in which group); an object in both groups meets the others of both. Counts as
/// find_pairs (candidates: group-A entries met by group-B objects).
eo_result eo_sectors_find_pairs_between(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                        uint16_t group_a, uint16_t group_b, eo_pair *pairs, uint32_t pair_capacity,
                                        uint32_t *pair_count, eo_broadphase_stats *stats, eo_hooks *hooks);

/// The sectors object `index` is listed in. EO_ERR_BAD_ARGUMENT if index >= object_count.
eo_result eo_sectors_object_range(const eo_sectors *grid, eo_index index, eo_sectors_range *range);

/// The sectors a box is (or would be) listed in, clamped to the grid as for objects; all EO_SECTORS_NO_CELL for
/// an empty box. Needs only an initialised grid.
eo_result eo_sectors_box_range(const eo_sectors *grid, const eo_box *box, eo_sectors_range *range);

/// One row of eo_sectors_tune's table.
typedef struct eo_sectors_tune_row {
    eo_broadphase_stats stats;   /* build + find_pairs on the scene */
    uint32_t cost;               /* sectors + 3 x insertions + candidate_pairs: a frame's work in
                                    units of one candidate pair (box tests add nothing where every
                                    candidate's test is computed; see eo_sectors_tune) */
    eo_result result;            /* EO_OK, or why this configuration could not run; also
                                    EO_ERR_BUFFER_TOO_SMALL when it fits these boxes here but its
                                    max_entries is less than they could need elsewhere */
} eo_sectors_tune_row;

/// Runs the scene through each configuration (the article's "think and try", automated) and
/// fills rows[i]; *best gets the index of the cheapest configuration that ran. A configuration
/// runs only if its max_entries holds the boxes wherever they move (each touching the most
/// sectors its size can), so the grid it picks never overflows while the boxes keep their count
/// and sizes. storage must fit the largest configuration.
eo_result eo_sectors_tune(const eo_box *boxes, eo_index count, const eo_broadphase_layer *layers,
                          const eo_sectors_config *configs, uint8_t config_count,
                          void *storage, size_t storage_size, eo_sectors_tune_row *rows, uint8_t *best);

/// eo_sectors_tune for a scene paired group against group (eo_sectors_find_pairs_between): the
/// same configurations can run, and each one's cost is 3 x insertions + the group-A entries its
/// group-B objects meet.
eo_result eo_sectors_tune_between(const eo_box *boxes, eo_index count, const eo_broadphase_layer *layers,
                                  uint16_t group_a, uint16_t group_b, const eo_sectors_config *configs,
                                  uint8_t config_count, void *storage, size_t storage_size,
                                  eo_sectors_tune_row *rows, uint8_t *best);

#ifdef __cplusplus
}
#endif

#endif
