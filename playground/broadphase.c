/* playground/broadphase.c: one frame of broadphase + exact box tests by brute force, grid masks,
   sectors or sort-and-sweep, through the core's public API (broadphase.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broadphase.h"

#define SECTORS_MAX_SIDE 1024  /* sectors a side: 1,048,576 at most (8 MB of sector counts) */
#define MASK_MAX_SIDE 16       /* a 32-bit grid mask has 16 columns and 16 rows */
#define ENTRIES_PER_OBJECT 4   /* memberships to start with (the core's default); grows on demand */
#define MAX_ENTRIES (1u << 26) /* memberships at most: 256 MB of them */
#define MAX_SECTORS 131072     /* more sectors than this cost more to keep than they save */
#define MAX_PAIRS 1000000.0    /* candidate pairs a frame, objects spread evenly: larger cells cost more */

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

uint32_t pg_broadphase_cells(int method, int count, int world_w, int world_h)
{
    int world = world_w > world_h ? world_w : world_h;
    uint32_t set = 0;
    if (method == PG_METHOD_GRIDMASK) {   /* every cell from the one that covers the world in 16 */
        for (int c = fit_cell(PG_CELL_MIN, world, MASK_MAX_SIDE); c <= PG_CELL_MAX; c *= 2) set |= (uint32_t)c;
    } else if (method == PG_METHOD_SECTORS) {
        /* Small cells: many sectors to empty and walk; large ones: many objects a sector, whose
           pairs grow as count^2 cell^2 / (2 area) where the objects are spread evenly. */
        for (int c = fit_cell(PG_CELL_MIN, world, SECTORS_MAX_SIDE); c <= PG_CELL_MAX; c *= 2) {
            double sectors = (double)((world_w + c - 1) / c) * (double)((world_h + c - 1) / c);
            double pairs = (double)count * count * c * c / (2.0 * world_w * world_h);
            if (sectors <= MAX_SECTORS && pairs <= MAX_PAIRS) set |= (uint32_t)c;
        }
    }
    return set;   /* brute force and sort and sweep have no cells */
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

/* (Re)makes the sector grid with room for max_entries memberships; it must be built again. */
static int sectors_setup(pg_broadphase *bp, uint32_t max_entries)
{
    eo_sectors_config cfg;
    size_t need;
    void *storage;
    int cell = fit_cell(bp->cell, bp->world_w > bp->world_h ? bp->world_w : bp->world_h, SECTORS_MAX_SIDE);
    memset(&cfg, 0, sizeof cfg);
    cfg.world_w = bp->world_w;
    cfg.world_h = bp->world_h;
    cfg.cols = (eo_sectors_cell)((bp->world_w + cell - 1) / cell);
    cfg.rows = (eo_sectors_cell)((bp->world_h + cell - 1) / cell);
    cfg.max_objects = (eo_index)bp->capacity;
    cfg.max_entries = (eo_index)max_entries;
    need = eo_sectors_storage_size(&cfg);
    storage = need ? malloc(need) : NULL;
    if (!storage || eo_sectors_init(&bp->grid, &cfg, storage, need) != EO_OK) {
        free(storage);
        snprintf(bp->error, sizeof bp->error, "sectors: cannot set up a %d x %d grid for %u memberships", cfg.cols,
                 cfg.rows, (unsigned)max_entries);
        return 0;
    }
    free(bp->grid_storage);
    bp->grid_storage = storage;
    bp->grid_entries = max_entries;
    bp->grid_ready = 0;
    return 1;
}

int pg_broadphase_init(pg_broadphase *bp, int capacity, int16_t world_w, int16_t world_h, int cell)
{
    eo_gridmask_layout layout;
    size_t need;
    int mask_cell;

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

    /* Sectors: room for each object in ENTRIES_PER_OBJECT sectors to start with; small cells on a
       crowded scene list boxes in more, and the grid grows when a build says it needs to. */
    if (!sectors_setup(bp, (uint32_t)capacity * ENTRIES_PER_OBJECT)) {
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
    pg_stats local;
    memset(&local, 0, sizeof local);
    pg_stats_error(&local, what, r);
    snprintf(bp->error, sizeof bp->error, "%s", local.status);
    if (stats) snprintf(stats->status, sizeof stats->status, "%s", local.status);
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
    case PG_METHOD_BRUTE: PG_MARK(stats, "brute force runs this frame");
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

    case PG_METHOD_GRIDMASK: PG_MARK(stats, "grid masks run this frame");
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

    case PG_METHOD_SECTORS: PG_MARK(stats, "sectors run this frame");
        /* Persistent grid: only objects whose sector range changed move; the box tests happen
           inside find_pairs, after the layers. A grid without room for every membership grows. */
        r = bp->grid_ready && bp->grid_count == n ? eo_sectors_update(&bp->grid, boxes, (uint16_t)n, &bs, NULL)
                                                 : eo_sectors_build(&bp->grid, boxes, (uint16_t)n, &bs, NULL);
        while (r == EO_ERR_BUFFER_TOO_SMALL && bp->grid_entries < MAX_ENTRIES && sectors_setup(bp, bp->grid_entries * 2)) {
            memset(&bs, 0, sizeof bs);
            r = eo_sectors_build(&bp->grid, boxes, (uint16_t)n, &bs, NULL);
        }
        bp->grid_ready = r == EO_OK;
        bp->grid_count = n;
        if (r != EO_OK) return fail(bp, stats, "sectors", r);
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

    case PG_METHOD_SWEEP: PG_MARK(stats, "sort and sweep runs this frame");
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
