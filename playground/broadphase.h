/* playground/broadphase.h: one frame of broadphase + exact box tests, by any of the four methods,
   through the core's public API only. The war zone and stress scenes share it, and the scene
   tests check every method against brute force with it.

   The pair list it returns is the overlapping pairs (a < b) that pass the layers, sorted by
   (a, b) so every method's answer can be compared with brute force directly. */
#ifndef PLAYGROUND_BROADPHASE_H
#define PLAYGROUND_BROADPHASE_H

#include "scene.h"

typedef struct pg_broadphase {
    int capacity;              /* objects it was made for */
    int16_t world_w, world_h;  /* the area the grids cover (0, 0 .. w, h) */
    int cell;                  /* sector / grid-mask cell size in px */
    /* sectors */
    eo_sectors grid;
    void *grid_storage;
    uint32_t grid_entries;     /* memberships it has room for: grows when a build needs more */
    int grid_ready;            /* a build fitted; cleared when the count or config changes */
    int grid_count;
    /* sweep */
    eo_sweep sweep;
    void *sweep_storage;
    /* grid masks */
    eo_gridmask_grid mask_grid;
    eo_gridmask *masks;
    /* output */
    eo_pair *pairs;            /* pair_count overlapping pairs, sorted by (a, b) */
    uint32_t pair_count;
    eo_pair *scratch;          /* candidate pairs of the grid-mask and brute-force paths */
    uint32_t pair_capacity;    /* of pairs and scratch; grows as needed */
    char error[160];           /* why the last run failed, or "" */
} pg_broadphase;

/// Sets up for up to `capacity` objects in a world_w x world_h area with `cell` px cells, one that
/// pg_broadphase_cells allows for the method (sectors take at most 1024 x 1024 cells, grid masks
/// 16 x 16; a smaller cell is raised to the smallest that fits). Returns 0 and a message in
/// bp->error on failure.
int pg_broadphase_init(pg_broadphase *bp, int capacity, int16_t world_w, int16_t world_h, int cell);
void pg_broadphase_free(pg_broadphase *bp);

/// The overlapping pairs of boxes[0 .. n-1] that pass layers (may be NULL) by `method`, into
/// bp->pairs / bp->pair_count; timings and counts into stats ("broadphase" and "exact" phases,
/// candidates, box_tests, hits) and a PG_MARK on the method's line. Returns 0 on an error the
/// core reported (then bp->error and stats->status say which, in words, and pair_count is 0).
int pg_broadphase_run(pg_broadphase *bp, int method, const eo_box *boxes, const eo_broadphase_layer *layers,
                      int n, pg_stats *stats);

/// The cell sizes `method` is offered with for `count` objects over a world_w x world_h world
/// (bit k: 2^k px). Grid masks: from the smallest that covers the world in 16 cells a side to
/// PG_CELL_MAX. Sectors: those with at most 131,072 sectors and a million candidate pairs a frame
/// were the objects spread evenly (count^2 cell^2 / (2 area)): a frame stays within the budget.
/// None (0) for brute force and sort and sweep.
uint32_t pg_broadphase_cells(int method, int count, int world_w, int world_h);

/// 1 if the layers let a and b interact (the rule sectors.h documents).
int pg_layers_interact(const eo_broadphase_layer *layers, int a, int b);

/// The cell size actually used by the sectors grid and by the grid masks.
int pg_broadphase_sector_cell(const pg_broadphase *bp);
int pg_broadphase_mask_cell(const pg_broadphase *bp);

#endif
