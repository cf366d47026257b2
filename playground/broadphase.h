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
    char error[96];            /* why the last run failed, or "" */
} pg_broadphase;

/// Sets up for up to `capacity` objects in a world_w x world_h area with `cell` px cells (sectors
/// get at most 255 x 255 of them, grid masks at most 16 x 16: each takes the smallest cell that
/// fits). Returns 0 and a message in bp->error on failure.
int pg_broadphase_init(pg_broadphase *bp, int capacity, int16_t world_w, int16_t world_h, int cell);
void pg_broadphase_free(pg_broadphase *bp);

/// The overlapping pairs of boxes[0 .. n-1] that pass layers (may be NULL) by `method`, into
/// bp->pairs / bp->pair_count; timings and counts into stats ("broadphase" and "exact" phases,
/// candidates, box_tests, hits). Returns 0 on an error the core reported (then bp->error and
/// stats->status say which, and pair_count is 0).
int pg_broadphase_run(pg_broadphase *bp, int method, const eo_box *boxes, const eo_broadphase_layer *layers,
                      int n, pg_stats *stats);

/// 1 if the layers let a and b interact (the rule sectors.h documents).
int pg_layers_interact(const eo_broadphase_layer *layers, int a, int b);

/// The cell size actually used by the sectors grid and by the grid masks.
int pg_broadphase_sector_cell(const pg_broadphase *bp);
int pg_broadphase_mask_cell(const pg_broadphase *bp);

#endif
