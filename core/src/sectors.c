/* Uniform-grid broadphase in caller-owned compact arrays. See earlyout/sectors.h.
   Shown line by line in lesson 3: keep it readable.

   Storage layout (all uint16_t but the ranges):
     cell_start[cells + 1]  where each sector's run of entries begins; runs have slack
     cell_len[cells]        how many entries each run holds now
     entries[max_entries]   object indices, ascending within a run
     ranges[max_objects]    first/last column and row of each object */
#include "earlyout/sectors.h"
#include "earlyout/aabb.h"

#define EO_THIS_MODULE EO_MODULE_SECTORS
#include "hooks.h"

#define NO_CELL 0xFFu

/* The alignment uint16_t really needs here: 2 on most targets, 1 on the Z80 (SDCC aligns nothing). */
struct eo_align_probe_u16 { char c; uint16_t v; };
#define EO_ALIGNOF_U16 offsetof(struct eo_align_probe_u16, v)

static void fill_defaults(eo_sectors_config *c)
{
    if (c->world_w == 0) c->world_w = 256;
    if (c->world_h == 0) c->world_h = 192;
    if (c->cols == 0) c->cols = 2;
    if (c->rows == 0) c->rows = 2;
    if (c->max_objects == 0) c->max_objects = 64;
    if (c->max_entries == 0)
        c->max_entries = c->max_objects > 16383u ? 65535u : (uint16_t)(c->max_objects * 4u);
}

static eo_result check_config(const eo_sectors_config *c)
{
    if (c->world_w < 1 || c->world_h < 1)
        return EO_ERR_BAD_ARGUMENT;
    return EO_OK; /* every other field's range is its type's (after defaults) */
}

size_t eo_sectors_storage_size(const eo_sectors_config *cfg)
{
    eo_sectors_config c;
    uint32_t cells, bytes;
    if (cfg == NULL)
        return 0;
    c = *cfg;
    fill_defaults(&c);
    if (check_config(&c) != EO_OK)
        return 0;
    cells = (uint32_t)c.cols * c.rows;
    bytes = 2u * (cells + 1u) + 2u * cells + 2u * (uint32_t)c.max_entries +
            (uint32_t)sizeof(eo_sectors_range) * c.max_objects;
#if SIZE_MAX < 0xFFFFFFFFu
    if (bytes > SIZE_MAX)
        return 0; /* does not fit this target's address space (the Z80's is 64 KiB) */
#endif
    return (size_t)bytes;
}

/* log2(v) if v is a power of two, else NO_CELL: shifts are cheap on a Z80, division is not. */
static uint8_t shift_of(eo_ucoord v)
{
    uint8_t s = 0;
    while (((eo_ucoord)1 << s) < v && s < EO_COORD_BITS - 1)
        s++;
    return ((eo_ucoord)1 << s) == v ? s : (uint8_t)NO_CELL;
}

eo_result eo_sectors_init(eo_sectors *grid, const eo_sectors_config *cfg, void *storage, size_t storage_size)
{
    eo_sectors_config c;
    size_t need;
    uint8_t *p = (uint8_t *)storage;

    if (grid == NULL || cfg == NULL || storage == NULL)
        return EO_ERR_NULL_POINTER;
    c = *cfg;
    fill_defaults(&c);
    if (check_config(&c) != EO_OK)
        return EO_ERR_BAD_ARGUMENT;
    if (((uintptr_t)storage % EO_ALIGNOF_U16) != 0)
        return EO_ERR_BAD_ARGUMENT;
    need = eo_sectors_storage_size(&c);
    if (need == 0)
        return EO_ERR_BAD_ARGUMENT;
    if (storage_size < need)
        return EO_ERR_BUFFER_TOO_SMALL;

    grid->cfg = c;
    /* world_w <= EO_COORD_MAX, so adding cols - 1 (<= 254) stays within eo_ucoord */
    grid->cell_w = (eo_ucoord)(((eo_ucoord)c.world_w + c.cols - 1u) / c.cols);
    grid->cell_h = (eo_ucoord)(((eo_ucoord)c.world_h + c.rows - 1u) / c.rows);
    grid->shift_w = shift_of(grid->cell_w);
    grid->shift_h = shift_of(grid->cell_h);
    grid->cells = (uint16_t)(c.cols * c.rows);
    grid->object_count = 0;
    grid->entry_count = 0;
    grid->built = 0;
    grid->cell_start = (uint16_t *)(void *)p;
    p += 2u * (grid->cells + 1u);
    grid->cell_len = (uint16_t *)(void *)p;
    p += 2u * grid->cells;
    grid->entries = (uint16_t *)(void *)p;
    p += 2u * c.max_entries;
    grid->ranges = (eo_sectors_range *)(void *)p;
    return EO_OK;
}

/* The sector column (or row) holding pixel p: clamped into 0 .. cells-1. */
static uint8_t sector_of(eo_coord p, eo_coord origin, eo_ucoord size, uint8_t shift, uint8_t cells)
{
    eo_ucoord d, s;
    if (p < origin)
        return 0;
    d = (eo_ucoord)((eo_ucoord)p - (eo_ucoord)origin); /* 0 .. EO_UCOORD_MAX, no overflow */
    s = shift != NO_CELL ? (eo_ucoord)(d >> shift) : (eo_ucoord)(d / size);
    return s >= cells ? (uint8_t)(cells - 1u) : (uint8_t)s;
}

/* The last pixel of a span of size >= 1, clamped at EO_COORD_MAX instead of wrapping. */
static eo_coord last_pixel(eo_coord p, eo_coord size)
{
    eo_ucoord room = (eo_ucoord)((eo_ucoord)EO_COORD_MAX - (eo_ucoord)p); /* EO_COORD_MAX - p */
    return (eo_ucoord)(size - 1) > room ? (eo_coord)EO_COORD_MAX : (eo_coord)(p + (size - 1));
}

/* Structs go by pointer everywhere below: SDCC cannot pass them by value. */
static void range_of(const eo_sectors *g, const eo_box *b, eo_sectors_range *r)
{
    if (b->w <= 0 || b->h <= 0) {
        /* empty: listed nowhere. Four statements, not a chain: SDCC 4.2's peephole optimizer
           drops the value of a chained byte assignment at --max-allocs-per-node 20000 */
        r->col0 = NO_CELL;
        r->col1 = NO_CELL;
        r->row0 = NO_CELL;
        r->row1 = NO_CELL;
        return;
    }
    r->col0 = sector_of(b->x, g->cfg.world_x, g->cell_w, g->shift_w, g->cfg.cols);
    r->col1 = sector_of(last_pixel(b->x, b->w), g->cfg.world_x, g->cell_w, g->shift_w, g->cfg.cols);
    r->row0 = sector_of(b->y, g->cfg.world_y, g->cell_h, g->shift_h, g->cfg.rows);
    r->row1 = sector_of(last_pixel(b->y, b->h), g->cfg.world_y, g->cell_h, g->shift_h, g->cfg.rows);
}

#if EO_TRACE
/* A range in one trace value: col0 << 24 | col1 << 16 | row0 << 8 | row1, packed unsigned
   (col0 may be 128 or more) and stored in the step's int32_t as the same 32 bits. */
static int32_t pack_range(const eo_sectors_range *r)
{
    uint32_t v = (uint32_t)r->col0 << 24 | (uint32_t)r->col1 << 16 | (uint32_t)r->row0 << 8 | r->row1;
    return v > 0x7FFFFFFFu ? -(int32_t)(0xFFFFFFFFu - v) - 1 : (int32_t)v;
}
#endif

static uint16_t range_cells(const eo_sectors_range *r)
{
    if (r->col0 == NO_CELL)
        return 0;
    return (uint16_t)((r->col1 - r->col0 + 1u) * (r->row1 - r->row0 + 1u));
}

static uint8_t same_range(const eo_sectors_range *a, const eo_sectors_range *b)
{
    return a->col0 == b->col0 && a->col1 == b->col1 && a->row0 == b->row0 && a->row1 == b->row1;
}

static uint8_t in_range(const eo_sectors_range *r, uint8_t col, uint8_t row)
{
    return r->col0 != NO_CELL && col >= r->col0 && col <= r->col1 && row >= r->row0 && row <= r->row1;
}

eo_result eo_sectors_build(eo_sectors *grid, const eo_box *boxes, uint16_t count,
                           eo_broadphase_stats *stats, eo_hooks *hooks)
{
    uint16_t i, k, slack, spare, per_entry, start;
    uint32_t total = 0;
    uint8_t row, col;

    if (grid == NULL)
        return EO_ERR_NULL_POINTER;
    /* whatever happens next, the last build is gone: queries answer only from one that fitted */
    grid->built = 0;
    if (count > 0 && boxes == NULL)
        return EO_ERR_NULL_POINTER;
    if (count > grid->cfg.max_objects)
        return EO_ERR_BAD_ARGUMENT;
    (void)hooks;
    grid->object_count = 0;
    grid->entry_count = 0;

    /* pass 1: each object's range, and how many entries each sector needs */
    for (k = 0; k < grid->cells; k++)
        grid->cell_len[k] = 0;
    for (i = 0; i < count; i++) {
        eo_sectors_range r;
        range_of(grid, &boxes[i], &r);
        grid->ranges[i] = r;
        EO_STEP(hooks, EO_EV_SECTORS_RANGE, i, r.col0 == NO_CELL ? -1 : pack_range(&r));
        if (r.col0 == NO_CELL)
            continue;
        for (row = r.row0; row <= r.row1; row++)
            for (col = r.col0; col <= r.col1; col++)
                grid->cell_len[(uint16_t)(row * grid->cfg.cols + col)]++;
        total += range_cells(&r);
    }
    if (total > grid->cfg.max_entries) {
        EO_STEP(hooks, EO_EV_SECTORS_FULL, (int32_t)total, grid->cfg.max_entries);
        return EO_ERR_BUFFER_TOO_SMALL; /* left empty: nothing stale can be reported */
    }

    /* pass 2: lay out the runs, sharing the spare entries out as slack for persistent updates:
       about half evenly (at least one each when there is room, so an empty sector can take a
       newcomer), the rest as a few entries per object listed (crowded sectors are where objects
       arrive). Two 16-bit divisions per build, none per sector: a Z80 divides slowly. */
    spare = (uint16_t)(grid->cfg.max_entries - total);
    slack = (uint16_t)(spare / 2u / grid->cells);
    if (slack == 0 && spare >= grid->cells)
        slack = 1;
    spare = (uint16_t)(spare - slack * grid->cells);
    per_entry = total != 0 ? (uint16_t)(spare / (uint16_t)total) : (uint16_t)0;
    start = 0;
    for (k = 0; k < grid->cells; k++) {
        uint16_t len = grid->cell_len[k];
        grid->cell_start[k] = start;
        start = (uint16_t)(start + len + slack + len * per_entry); /* sums to at most max_entries */
        grid->cell_len[k] = 0;
    }
    grid->cell_start[grid->cells] = start; /* <= max_entries: the shares add up to at most spare */

    /* pass 3: list every object in its sectors, in index order, so runs come out sorted */
    for (i = 0; i < count; i++) {
        const eo_sectors_range *r = &grid->ranges[i];
        if (r->col0 == NO_CELL)
            continue;
        for (row = r->row0; row <= r->row1; row++) {
            for (col = r->col0; col <= r->col1; col++) {
                k = (uint16_t)(row * grid->cfg.cols + col);
                grid->entries[grid->cell_start[k] + grid->cell_len[k]++] = i;
                EO_STEP(hooks, EO_EV_SECTORS_INSERT, i, k);
            }
        }
    }
    grid->object_count = count;
    grid->entry_count = (uint16_t)total;
    grid->built = 1;
    if (stats != NULL) {
        stats->insertions += total;
        stats->rebuilds++;
    }
    EO_COUNT(hooks, EO_COUNTER_SECTORS_REBUILDS);
#if EO_TRACE
    if (hooks != NULL)
        hooks->counters[EO_COUNTER_SECTORS_INSERTIONS] += total;
#endif
    return EO_OK;
}

/* Removes object i from sector k's run, keeping the run sorted. */
static void run_remove(eo_sectors *g, uint16_t k, uint16_t i)
{
    uint16_t *run = g->entries + g->cell_start[k];
    uint16_t n = g->cell_len[k], at = 0;
    while (at < n && run[at] != i)
        at++;
    if (at == n)
        return; /* not listed: nothing to do (cannot happen after a fitting build) */
    for (; at + 1u < n; at++)
        run[at] = run[at + 1u];
    g->cell_len[k] = (uint16_t)(n - 1u);
}

/* Inserts object i into sector k's run in sorted position; 0 if the run has no slack left. */
static uint8_t run_insert(eo_sectors *g, uint16_t k, uint16_t i)
{
    uint16_t *run = g->entries + g->cell_start[k];
    uint16_t n = g->cell_len[k], at = n;
    if (g->cell_start[k] + n >= g->cell_start[k + 1u])
        return 0;
    while (at > 0 && run[at - 1u] > i) {
        run[at] = run[at - 1u];
        at--;
    }
    run[at] = i;
    g->cell_len[k] = (uint16_t)(n + 1u);
    return 1;
}

/* Adds what a persistent update did to the caller's stats and the traced counters. */
static void note_moves(eo_broadphase_stats *stats, eo_hooks *hooks, uint32_t moved, uint32_t inserted,
                       uint32_t removed)
{
    if (stats != NULL) {
        stats->objects_moved += moved;
        stats->insertions += inserted;
        stats->removals += removed;
    }
    (void)hooks;
#if EO_TRACE
    if (hooks != NULL) {
        hooks->counters[EO_COUNTER_SECTORS_MOVED] += moved;
        hooks->counters[EO_COUNTER_SECTORS_INSERTIONS] += inserted;
        hooks->counters[EO_COUNTER_SECTORS_REMOVALS] += removed;
    }
#endif
}

eo_result eo_sectors_update(eo_sectors *grid, const eo_box *boxes, uint16_t count,
                            eo_broadphase_stats *stats, eo_hooks *hooks)
{
    uint16_t i, k;
    uint32_t inserted = 0, removed = 0, moved = 0;
    uint8_t row, col;

    if (grid == NULL || (count > 0 && boxes == NULL))
        return EO_ERR_NULL_POINTER;
    if (!grid->built || count != grid->object_count)
        return eo_sectors_build(grid, boxes, count, stats, hooks);

    for (i = 0; i < count; i++) {
        eo_sectors_range old, now;
        old = grid->ranges[i];
        range_of(grid, &boxes[i], &now);
        if (same_range(&old, &now))
            continue; /* the common case in a game: nothing to do */
        moved++;
        EO_STEP(hooks, EO_EV_SECTORS_MOVE, i, now.col0 == NO_CELL ? -1 : pack_range(&now));
        /* leave the sectors of the old range that the new one does not cover ... */
        if (old.col0 != NO_CELL)
            for (row = old.row0; row <= old.row1; row++)
                for (col = old.col0; col <= old.col1; col++)
                    if (!in_range(&now, col, row)) {
                        run_remove(grid, (uint16_t)(row * grid->cfg.cols + col), i);
                        grid->entry_count--;
                        removed++;
                    }
        /* ... and join the new ones */
        grid->ranges[i] = now;
        if (now.col0 != NO_CELL)
            for (row = now.row0; row <= now.row1; row++)
                for (col = now.col0; col <= now.col1; col++)
                    if (!in_range(&old, col, row)) {
                        k = (uint16_t)(row * grid->cfg.cols + col);
                        if (!run_insert(grid, k, i)) {
                            /* this sector's slack ran out: lay everything out afresh */
                            EO_STEP(hooks, EO_EV_SECTORS_FULL, k, 0);
                            note_moves(stats, hooks, moved, inserted, removed);
                            return eo_sectors_build(grid, boxes, count, stats, hooks);
                        }
                        grid->entry_count++;
                        inserted++;
                    }
    }
    note_moves(stats, hooks, moved, inserted, removed);
    return EO_OK;
}

/* What find_pairs carries from sector to sector: its inputs, outputs and counts. */
typedef struct pair_walk {
    const eo_sectors *grid;
    const eo_box *boxes;
    const eo_broadphase_layer *layers;
    eo_pair *pairs;
    uint32_t capacity, found, candidates, duplicates, filtered, tests;
    eo_hooks *hooks;
} pair_walk;

/* The pairs of sector k (at col, row; it lists two objects or more) that it is the first shared
   sector of. A small function of its own: SDCC keeps a small loop's variables in registers. */
static void pair_sector(pair_walk *w, uint16_t k, uint8_t col, uint8_t row)
{
    const eo_sectors *grid = w->grid;
    const uint16_t *run = grid->entries + grid->cell_start[k], *end = run + grid->cell_len[k], *p, *q;
#if EO_TRACE
    EO_STEP(w->hooks, EO_EV_SECTORS_VISIT, k, grid->cell_len[k]);
#endif
    for (p = run; p + 1 < end; p++) {
        uint16_t i = *p;
        const eo_sectors_range *ri = &grid->ranges[i];
        for (q = p + 1; q < end; q++) {
            uint16_t j = *q; /* runs are sorted, so i < j */
            const eo_sectors_range *rj = &grid->ranges[j];
            w->candidates++;
            /* report a pair only in the first sector both are in */
            if ((ri->col0 > rj->col0 ? ri->col0 : rj->col0) != col ||
                (ri->row0 > rj->row0 ? ri->row0 : rj->row0) != row) {
                EO_STEP(w->hooks, EO_EV_SECTORS_DUPLICATE, i, j);
                w->duplicates++;
                continue;
            }
            if (w->layers != NULL && (!(w->layers[i].category & w->layers[j].collides_with) ||
                                      !(w->layers[j].category & w->layers[i].collides_with))) {
                EO_STEP(w->hooks, EO_EV_SECTORS_FILTERED, i, j);
                w->filtered++;
                continue;
            }
            w->tests++;
            EO_STEP(w->hooks, EO_EV_SECTORS_BOX_TEST, i, j);
            if (!eo_aabb_overlap(&w->boxes[i], &w->boxes[j]))
                continue;
            EO_STEP(w->hooks, EO_EV_SECTORS_PAIR, i, j);
            if (w->found < w->capacity) {
                w->pairs[w->found].a = i;
                w->pairs[w->found].b = j;
            }
            w->found++;
        }
    }
}

eo_result eo_sectors_find_pairs(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                                eo_broadphase_stats *stats, eo_hooks *hooks)
{
    pair_walk w;
    const uint16_t *len;
    uint16_t k = 0;
    uint8_t row, col;

    if (grid == NULL || pair_count == NULL || (grid->object_count > 0 && boxes == NULL) ||
        (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    (void)hooks;
    w.grid = grid;
    w.boxes = boxes;
    w.layers = layers;
    w.pairs = pairs;
    w.capacity = pair_capacity;
    w.found = 0;
    w.candidates = 0;
    w.duplicates = 0;
    w.filtered = 0;
    w.tests = 0;
    w.hooks = hooks;
    /* most sectors list zero or one object: only the others are visited */
    len = grid->cell_len;
    for (row = 0; row < grid->cfg.rows && grid->built; row++)
        for (col = 0; col < grid->cfg.cols; col++, k++)
            if (len[k] > 1u)
                pair_sector(&w, k, col, row);
    *pair_count = w.found;
    if (stats != NULL) {
        stats->candidate_pairs += w.candidates;
        stats->duplicates_skipped += w.duplicates;
        stats->layer_filtered += w.filtered;
        stats->box_tests += w.tests;
        stats->pairs_found += w.found;
    }
#if EO_TRACE
    if (hooks != NULL) {
        hooks->counters[EO_COUNTER_SECTORS_CANDIDATES] += w.candidates;
        hooks->counters[EO_COUNTER_SECTORS_DUPLICATES] += w.duplicates;
        hooks->counters[EO_COUNTER_SECTORS_FILTERED] += w.filtered;
        hooks->counters[EO_COUNTER_SECTORS_BOX_TESTS] += w.tests;
        hooks->counters[EO_COUNTER_SECTORS_PAIRS] += w.found;
    }
#endif
    return w.found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}

eo_result eo_sectors_object_range(const eo_sectors *grid, uint16_t index, eo_sectors_range *range)
{
    if (grid == NULL || range == NULL)
        return EO_ERR_NULL_POINTER;
    if (index >= grid->object_count)
        return EO_ERR_BAD_ARGUMENT;
    *range = grid->ranges[index];
    return EO_OK;
}

eo_result eo_sectors_box_range(const eo_sectors *grid, const eo_box *box, eo_sectors_range *range)
{
    if (grid == NULL || box == NULL || range == NULL)
        return EO_ERR_NULL_POINTER;
    range_of(grid, box, range);
    return EO_OK;
}

eo_result eo_sectors_tune(const eo_box *boxes, uint16_t count, const eo_broadphase_layer *layers,
                          const eo_sectors_config *configs, uint8_t config_count,
                          void *storage, size_t storage_size, eo_sectors_tune_row *rows, uint8_t *best)
{
    uint8_t c, have_best = 0;
    eo_sectors grid;

    if (configs == NULL || rows == NULL || best == NULL || storage == NULL || (count > 0 && boxes == NULL))
        return EO_ERR_NULL_POINTER;
    if (config_count == 0)
        return EO_ERR_BAD_ARGUMENT;
    *best = 0;
    for (c = 0; c < config_count; c++) {
        eo_sectors_tune_row *row = &rows[c];
        uint32_t found;
        row->stats.insertions = row->stats.removals = row->stats.objects_moved = 0;
        row->stats.rebuilds = row->stats.candidate_pairs = row->stats.duplicates_skipped = 0;
        row->stats.layer_filtered = row->stats.box_tests = row->stats.pairs_found = 0;
        row->cost = 0;
        row->result = eo_sectors_init(&grid, &configs[c], storage, storage_size);
        if (row->result == EO_OK)
            row->result = eo_sectors_build(&grid, boxes, count, &row->stats, NULL);
        if (row->result == EO_OK) {
            row->result = eo_sectors_find_pairs(&grid, boxes, layers, NULL, 0, &found, &row->stats, NULL);
            if (row->result == EO_ERR_BUFFER_TOO_SMALL)
                row->result = EO_OK; /* we only counted */
        }
        if (row->result != EO_OK)
            continue;
        row->cost = grid.cells + row->stats.insertions + row->stats.candidate_pairs + row->stats.box_tests;
        if (!have_best || row->cost < rows[*best].cost) {
            *best = c;
            have_best = 1;
        }
    }
    return have_best ? EO_OK : rows[0].result;
}
