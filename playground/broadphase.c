/* playground/broadphase.c: one frame of broadphase + exact box tests by brute force, grid masks,
   sectors or sort-and-sweep, through the core's public API (broadphase.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broadphase.h"

#define SECTORS_MAX_SIDE 255   /* eo_sectors_config: cols, rows 1 .. 255 */
#define MASK_MAX_SIDE 16       /* a 32-bit grid mask has 16 columns and 16 rows */

/* The smallest power-of-two cell >= want that cuts `world` px into at most max_side cells. */
static int fit_cell(int want, int world, int max_side)
{
    int cell = 8;
    while (cell < want && cell < 16384) cell *= 2;
    while ((world + cell - 1) / cell > max_side) cell *= 2;
    return cell;
}

static int shift_of(int cell)
{
    int s = 0;
    while ((1 << s) < cell) s++;
    return s;
}

int pg_broadphase_sector_cell(const pg_broadphase *bp)
{
    return (int)bp->grid.cell_w; /* at most the world width */
}

int pg_broadphase_mask_cell(const pg_broadphase *bp)
{
    return 1 << bp->mask_grid.axis[0].shift;
}

int pg_layers_interact(const eo_broadphase_layer *layers, int a, int b)
{
    if (!layers) return 1;
    return (layers[a].category & layers[b].collides_with) && (layers[b].category & layers[a].collides_with);
}

static int grow_pairs(pg_broadphase *bp, uint32_t need)
{
    uint32_t cap = bp->pair_capacity ? bp->pair_capacity : 1024u;
    eo_pair *p, *q;
    while (cap < need) cap = cap > 0x7FFFFFFFu / 2u ? need : cap * 2u;
    if (cap == bp->pair_capacity) return 1;
    p = realloc(bp->pairs, (size_t)cap * sizeof *p);
    if (!p) return 0;
    bp->pairs = p;
    q = realloc(bp->scratch, (size_t)cap * sizeof *q);
    if (!q) return 0;
    bp->scratch = q;
    bp->pair_capacity = cap;
    return 1;
}

int pg_broadphase_init(pg_broadphase *bp, int capacity, int16_t world_w, int16_t world_h, int cell)
{
    eo_sectors_config cfg;
    eo_gridmask_layout layout;
    size_t need;
    int sector_cell, mask_cell;

    memset(bp, 0, sizeof *bp);
    if (capacity < 1 || capacity > 65535 || world_w < 1 || world_h < 1) {
        snprintf(bp->error, sizeof bp->error, "broadphase: %d objects in %d x %d px is out of range",
                 capacity, world_w, world_h);
        return 0;
    }
    bp->capacity = capacity;
    bp->world_w = world_w;
    bp->world_h = world_h;
    bp->cell = cell;

    /* Sectors: as many memberships as the core can hold (its limit is 65535): small cells on a
       crowded scene list each box in several sectors. */
    sector_cell = fit_cell(cell, world_w > world_h ? world_w : world_h, SECTORS_MAX_SIDE);
    memset(&cfg, 0, sizeof cfg);
    cfg.world_w = world_w;
    cfg.world_h = world_h;
    cfg.cols = (uint8_t)((world_w + sector_cell - 1) / sector_cell);
    cfg.rows = (uint8_t)((world_h + sector_cell - 1) / sector_cell);
    cfg.max_objects = (uint16_t)capacity;
    cfg.max_entries = 65535;
    need = eo_sectors_storage_size(&cfg);
    bp->grid_storage = need ? malloc(need) : NULL;
    if (!bp->grid_storage || eo_sectors_init(&bp->grid, &cfg, bp->grid_storage, need) != EO_OK) {
        snprintf(bp->error, sizeof bp->error, "sectors: cannot set up a %d x %d grid", cfg.cols, cfg.rows);
        pg_broadphase_free(bp);
        return 0;
    }

    /* Sort and sweep along X. */
    need = eo_sweep_storage_size((uint16_t)capacity);
    bp->sweep_storage = need ? malloc(need) : NULL;
    if (!bp->sweep_storage ||
        eo_sweep_init(&bp->sweep, (uint16_t)capacity, EO_AABB_X_FIRST, bp->sweep_storage, need) != EO_OK) {
        snprintf(bp->error, sizeof bp->error, "sweep: cannot set up for %d objects", capacity);
        pg_broadphase_free(bp);
        return 0;
    }

    /* Grid masks: 32-bit masks, 16 x 16 cells at most over the world. */
    mask_cell = fit_cell(cell, world_w > world_h ? world_w : world_h, MASK_MAX_SIDE);
    layout.bits = 32;
    layout.cell_shift_x = (uint8_t)shift_of(mask_cell);
    layout.cell_shift_y = (uint8_t)shift_of(mask_cell);
    layout.reserved = 0;
    layout.screen_w = world_w;
    layout.screen_h = world_h;
    bp->masks = malloc((size_t)capacity * sizeof *bp->masks);
    if (!bp->masks || eo_gridmask_prepare(&layout, &bp->mask_grid) != EO_OK) {
        snprintf(bp->error, sizeof bp->error, "grid masks: cannot lay %d px cells over %d x %d px",
                 mask_cell, world_w, world_h);
        pg_broadphase_free(bp);
        return 0;
    }
    if (!grow_pairs(bp, 1024u)) {
        snprintf(bp->error, sizeof bp->error, "out of memory for pairs");
        pg_broadphase_free(bp);
        return 0;
    }
    return 1;
}

void pg_broadphase_free(pg_broadphase *bp)
{
    free(bp->grid_storage);
    free(bp->sweep_storage);
    free(bp->masks);
    free(bp->pairs);
    free(bp->scratch);
    bp->grid_storage = bp->sweep_storage = NULL;
    bp->masks = NULL;
    bp->pairs = bp->scratch = NULL;
    bp->pair_capacity = 0;
}

static int pair_less(const void *x, const void *y)
{
    const eo_pair *p = x, *q = y;
    if (p->a != q->a) return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

static int fail(pg_broadphase *bp, pg_stats *stats, const char *what, eo_result r)
{
    snprintf(bp->error, sizeof bp->error, "%s: %s", what, eo_result_name(r));
    if (stats) snprintf(stats->status, sizeof stats->status, "%s", bp->error);
    bp->pair_count = 0;
    return 0;
}

/* Calls `call` (which writes at most bp->pair_capacity pairs into `out`), growing the buffers and
   calling again when the core says they were too small. */
#define WITH_ROOM(bp, result, count, stats_to_zero, call)                             \
    do {                                                                              \
        (result) = (call);                                                            \
        if ((result) == EO_ERR_BUFFER_TOO_SMALL && (count) > (bp)->pair_capacity &&   \
            grow_pairs((bp), (count))) {                                              \
            memset((stats_to_zero), 0, sizeof *(stats_to_zero));                      \
            (result) = (call);                                                        \
        }                                                                             \
    } while (0)

/* Keeps the candidates in scratch[0 .. n-1] that pass layers and the exact box test. */
static void exact_tests(pg_broadphase *bp, const eo_box *boxes, const eo_broadphase_layer *layers, uint32_t n,
                        pg_stats *stats)
{
    uint32_t kept = 0, tests = 0;
    for (uint32_t i = 0; i < n; i++) {
        eo_pair p = bp->scratch[i];
        if (!pg_layers_interact(layers, (int)p.a, (int)p.b)) continue;
        tests++;
        if (eo_aabb_overlap(&boxes[p.a], &boxes[p.b])) bp->pairs[kept++] = p;
    }
    bp->pair_count = kept;
    if (stats) stats->box_tests += tests;
}

int pg_broadphase_run(pg_broadphase *bp, int method, const eo_box *boxes, const eo_broadphase_layer *layers,
                      int n, pg_stats *stats)
{
    eo_result r = EO_OK;
    uint32_t found = 0;
    eo_broadphase_stats bs;
    double t0 = pg_now_ms(), t1;

    bp->error[0] = '\0';
    bp->pair_count = 0;
    if (n < 0 || n > bp->capacity) return fail(bp, stats, "broadphase", EO_ERR_BAD_ARGUMENT);
    memset(&bs, 0, sizeof bs);

    switch (method) {
    case PG_METHOD_BRUTE:
        /* Every pair: n(n-1)/2 box tests, then the layers. */
        WITH_ROOM(bp, r, found, &bs,
                  eo_aabb_find_pairs(boxes, (uint16_t)n, EO_AABB_X_FIRST, bp->scratch, bp->pair_capacity,
                                     &found, NULL, NULL));
        if (r != EO_OK) return fail(bp, stats, "brute force", r);
        t1 = pg_now_ms();
        {
            uint32_t kept = 0;
            for (uint32_t i = 0; i < found; i++)
                if (pg_layers_interact(layers, (int)bp->scratch[i].a, (int)bp->scratch[i].b)) bp->pairs[kept++] = bp->scratch[i];
            bp->pair_count = kept;
        }
        if (stats) {
            stats->candidates += (uint32_t)((uint64_t)n * (uint64_t)(n > 0 ? n - 1 : 0) / 2u);
            stats->box_tests += stats->candidates;
        }
        pg_stats_phase(stats, "broadphase", t1 - t0, 1);
        pg_stats_phase(stats, "exact", pg_now_ms() - t1, 1);
        break;

    case PG_METHOD_GRIDMASK:
        /* One mask per box, one AND per axis per pair; survivors get the box test. */
        r = eo_gridmask_build_many(&bp->mask_grid, EO_GRIDMASK_SPAN, boxes, (uint16_t)n, bp->masks, NULL);
        if (r != EO_OK) return fail(bp, stats, "grid masks", r);
        WITH_ROOM(bp, r, found, &bs,
                  eo_gridmask_find_candidates(&bp->mask_grid, bp->masks, (uint16_t)n, bp->scratch,
                                              bp->pair_capacity, &found, NULL));
        if (r != EO_OK) return fail(bp, stats, "grid masks", r);
        t1 = pg_now_ms();
        pg_stats_phase(stats, "broadphase", t1 - t0, 1);
        if (stats) stats->candidates += found;
        exact_tests(bp, boxes, layers, found, stats);
        pg_stats_phase(stats, "exact", pg_now_ms() - t1, 1);
        break;

    case PG_METHOD_SECTORS:
        /* Persistent grid: only objects whose sector range changed move; the box tests happen
           inside find_pairs, after the layers. */
        r = bp->grid_ready && bp->grid_count == n ? eo_sectors_update(&bp->grid, boxes, (uint16_t)n, &bs, NULL)
                                                 : eo_sectors_build(&bp->grid, boxes, (uint16_t)n, &bs, NULL);
        bp->grid_ready = r == EO_OK;
        bp->grid_count = n;
        if (r != EO_OK)
            return fail(bp, stats, r == EO_ERR_BUFFER_TOO_SMALL ? "sectors: more than 65535 memberships, raise the cell size"
                                                                 : "sectors",
                        r);
        t1 = pg_now_ms();
        pg_stats_phase(stats, "broadphase", t1 - t0, 1);
        WITH_ROOM(bp, r, found, &bs,
                  eo_sectors_find_pairs(&bp->grid, boxes, layers, bp->pairs, bp->pair_capacity, &found, &bs, NULL));
        if (r != EO_OK) return fail(bp, stats, "sectors", r);
        bp->pair_count = found;
        if (stats) {
            stats->candidates += bs.candidate_pairs - bs.duplicates_skipped;
            stats->box_tests += bs.box_tests;
        }
        pg_stats_phase(stats, "exact", pg_now_ms() - t1, 1);
        break;

    case PG_METHOD_SWEEP:
        /* Sort by left edge (insertion sort on last frame's order), scan, box-test on Y. */
        WITH_ROOM(bp, r, found, &bs,
                  eo_sweep_find_pairs(&bp->sweep, boxes, (uint16_t)n, layers, bp->pairs, bp->pair_capacity, &found,
                                 &bs, NULL));
        if (r != EO_OK) return fail(bp, stats, "sweep", r);
        bp->pair_count = found;
        if (stats) {
            stats->candidates += bs.candidate_pairs;
            stats->box_tests += bs.box_tests;
        }
        pg_stats_phase(stats, "broadphase", pg_now_ms() - t0, 1);
        break;

    default:
        return fail(bp, stats, "unknown method", EO_ERR_BAD_ARGUMENT);
    }

    /* One order for every method, so answers compare directly (and the game resolves hits in the
       same order whichever method found them). */
    qsort(bp->pairs, bp->pair_count, sizeof *bp->pairs, pair_less);
    if (stats) stats->hits += bp->pair_count;
    return 1;
}
