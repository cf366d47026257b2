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
       eo_sectors_init(&grid, &cfg, storage, need);         (storage aligned to 2 bytes)
   Defaults: world 0, 0, 256 x 192 (an MSX screen), 2 x 2 sectors, 64 objects, 4 memberships per
   object. Limits: world_w, world_h 1 .. EO_COORD_MAX (config.h: 32767 in the 16-bit build); cols, rows 1 .. 255; max_objects 1 .. 65535;
   max_entries 1 .. 65535. Sector size is ceil(world / sectors) (a power of two is faster on a Z80).

   Edges: boxes are half-open. A box partly or wholly outside the world is listed in the edge
   sectors nearest to it, so pairs out there are still found. Empty boxes (w or h <= 0) are not
   listed and take part in no pair.

   Pairs: eo_sectors_find_pairs reports each overlapping pair once, even when the two objects share
   several sectors (a pair is reported only in the first sector they share, the one at the larger
   of their first columns and first rows), always as a < b, sector by sector in row-major order,
   within a sector by ascending a then b. Layers (broadphase.h) drop a pair before its box test.

   Persistent mode: eo_sectors_update moves only the objects whose sector range changed since the
   last build or update (each sector keeps some slack for arrivals). It falls back to a full
   rebuild when the object count changed or a sector's slack runs out, and says so in the stats.

   Errors: EO_ERR_NULL_POINTER, EO_ERR_BAD_ARGUMENT (config out of range, count > max_objects,
   misaligned storage), EO_ERR_BUFFER_TOO_SMALL (storage too small, or more memberships than
   max_entries: the grid is then left empty, so find_pairs reports nothing until a build fits).
   A build or update that fails for any reason leaves `built` 0: the queries of query.h then
   answer EO_ERR_NOT_READY until a build or update succeeds. */
#ifndef EARLYOUT_SECTORS_H
#define EARLYOUT_SECTORS_H

#include <stddef.h>

#include "broadphase.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct eo_sectors_config {
    eo_coord world_x, world_y;  /* top-left corner of the gridded area */
    eo_coord world_w, world_h;  /* 0 means 256 / 192 */
    uint8_t cols, rows;         /* sectors across and down; 0 means 2 */
    uint16_t max_objects;       /* 0 means 64 */
    uint16_t max_entries;       /* (object, sector) memberships held at once; 0 means 4 * max_objects */
} eo_sectors_config;

/// The sectors one object is listed in (first and last column and row; all 0xFF when empty).
typedef struct eo_sectors_range {
    uint8_t col0, col1, row0, row1;
} eo_sectors_range;

/// A grid over caller-owned storage. Read its fields; change them only through the functions.
typedef struct eo_sectors {
    eo_sectors_config cfg;      /* with defaults filled in */
    eo_ucoord cell_w, cell_h;   /* sector size in px */
    uint8_t shift_w, shift_h;   /* log2 of the sector size if a power of two, else 0xFF */
    uint16_t cells;             /* cols * rows */
    uint16_t object_count;      /* objects listed by the last build or update */
    uint16_t entry_count;       /* memberships held */
    uint8_t built;              /* 1 after a build that fitted */
    uint16_t *cell_start;       /* cells + 1 offsets into entries */
    uint16_t *cell_len;         /* entries used per sector */
    uint16_t *entries;          /* object indices, ascending within each sector */
    eo_sectors_range *ranges;    /* per object */
} eo_sectors;

/// Bytes of storage a configuration needs; 0 when the configuration is invalid.
size_t eo_sectors_storage_size(const eo_sectors_config *cfg);

/// Sets up a grid over storage (aligned to 2 bytes, at least eo_sectors_storage_size bytes).
eo_result eo_sectors_init(eo_sectors *grid, const eo_sectors_config *cfg, void *storage, size_t storage_size);

/// Lists boxes[0 .. count-1] in their sectors from scratch.
eo_result eo_sectors_build(eo_sectors *grid, const eo_box *boxes, uint16_t count,
                           eo_broadphase_stats *stats, eo_hooks *hooks);

/// Persistent mode: moves only the objects whose sector range changed since the last build or update.
eo_result eo_sectors_update(eo_sectors *grid, const eo_box *boxes, uint16_t count,
                            eo_broadphase_stats *stats, eo_hooks *hooks);

/// Overlapping pairs among the boxes of the last build/update (pass the same boxes). layers may
/// be NULL (everything interacts). *pair_count gets the total even past pair_capacity (then
/// EO_ERR_BUFFER_TOO_SMALL and only pair_capacity pairs are written; pairs may be NULL with 0).
eo_result eo_sectors_find_pairs(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                                eo_broadphase_stats *stats, eo_hooks *hooks);

/// The sectors object `index` is listed in. EO_ERR_BAD_ARGUMENT if index >= object_count.
eo_result eo_sectors_object_range(const eo_sectors *grid, uint16_t index, eo_sectors_range *range);

/// The sectors a box is (or would be) listed in, clamped to the grid as for objects; all 0xFF for
/// an empty box. Needs only an initialised grid.
eo_result eo_sectors_box_range(const eo_sectors *grid, const eo_box *box, eo_sectors_range *range);

/// One row of eo_sectors_tune's table.
typedef struct eo_sectors_tune_row {
    eo_broadphase_stats stats;   /* build + find_pairs on the scene */
    uint32_t cost;               /* sectors + insertions + candidate_pairs + box_tests: the work
                                    to compare (find_pairs visits every sector each frame) */
    eo_result result;            /* EO_OK, or why this configuration could not run */
} eo_sectors_tune_row;

/// Runs the scene through each configuration (the article's "think and try", automated) and
/// fills rows[i]; *best gets the index of the cheapest configuration that ran. storage must fit
/// the largest configuration.
eo_result eo_sectors_tune(const eo_box *boxes, uint16_t count, const eo_broadphase_layer *layers,
                          const eo_sectors_config *configs, uint8_t config_count,
                          void *storage, size_t storage_size, eo_sectors_tune_row *rows, uint8_t *best);

#ifdef __cplusplus
}
#endif

#endif
