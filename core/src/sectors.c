/* The uniform grid of earlyout/sectors.h, in caller-owned arrays (sectors_grid.h): each object's
   range of sectors, a build that lists every object in every sector of its range, and the
   persistent update that moves only the objects whose range changed. Its pairs are found in
   sectors_pairs.c, its best size chosen in sectors_tune.c. Shown line by line in lesson 3. */
#include "earlyout/sectors.h"

#include "hooks.h"
#include "inline.h"
#include "sectors_grid.h"

/* ---- configuration and storage ----------------------------------------------------------------- */

static void fill_defaults(eo_sectors_config *c)
{
    if (c->world_w == 0) c->world_w = 256;
    if (c->world_h == 0) c->world_h = 192;
    if (c->cols == 0) c->cols = 2;
    if (c->rows == 0) c->rows = 2;
    if (c->max_objects == 0) c->max_objects = 64;
    if (c->max_entries == 0) /* room for every object to straddle four sectors (fits: check_config) */
        c->max_entries = (eo_index)(c->max_objects * 4u);
}

static eo_result check_config(const eo_sectors_config *c)
{
    if (c->world_w < 1 || c->world_h < 1)
        return EO_ERR_BAD_ARGUMENT;
    if (c->max_objects > EO_SECTORS_MAX_OBJECTS)
        return EO_ERR_BAD_ARGUMENT; /* its index would not fit an entry */
    return EO_OK; /* every other field's range is its type's (after defaults) */
}

size_t eo_sectors_storage_size(const eo_sectors_config *cfg)
{
    eo_sectors_config c;
    eo_uwide bytes;
    if (cfg == NULL)
        return 0;
    c = *cfg;
    fill_defaults(&c);
    if (check_config(&c) != EO_OK)
        return 0;
    /* in eo_uwide (32 bits on the Z80, 64 elsewhere) no term can wrap */
    bytes = (eo_uwide)sizeof(eo_index) * (2u * (eo_uwide)c.cols * c.rows + 1u + c.max_entries) +
            (eo_uwide)sizeof(eo_sectors_range) * c.max_objects + BOUNDS_BYTES(c.max_objects);
    if (!fits_size_t(bytes))
        return 0; /* does not fit this target's address space (the Z80's is 64 KiB, wasm's 4 GiB) */
    return (size_t)bytes;
}

/* log2(v) if v is a power of two, else NO_SHIFT: shifts are cheap on a Z80, division is not. */
static uint8_t shift_of(eo_ucoord v)
{
    uint8_t s = 0;
    while (((eo_ucoord)1 << s) < v && s < EO_COORD_BITS - 1)
        s++;
    return ((eo_ucoord)1 << s) == v ? s : (uint8_t)NO_SHIFT;
}

eo_result eo_sectors_init(eo_sectors *grid, const eo_sectors_config *cfg, void *storage, size_t storage_size)
{
    eo_sectors_config c;
    size_t need;
    eo_index cells;
    uint8_t *p = (uint8_t *)storage;

    if (grid == NULL || cfg == NULL || storage == NULL)
        return EO_ERR_NULL_POINTER;
    c = *cfg;
    fill_defaults(&c);
    if (check_config(&c) != EO_OK)
        return EO_ERR_BAD_ARGUMENT;
    if (((uintptr_t)storage % EO_ALIGNOF_INDEX) != 0)
        return EO_ERR_BAD_ARGUMENT;
    need = eo_sectors_storage_size(&c);
    if (need == 0)
        return EO_ERR_BAD_ARGUMENT;
    if (storage_size < need)
        return EO_ERR_BUFFER_TOO_SMALL;

    grid->cfg = c;
    /* the sector size: world_w <= EO_COORD_MAX, so adding cols - 1 (<= 65,534) stays within eo_ucoord */
    grid->cell_w = (eo_ucoord)(((eo_ucoord)c.world_w + c.cols - 1u) / c.cols);
    grid->cell_h = (eo_ucoord)(((eo_ucoord)c.world_h + c.rows - 1u) / c.rows);
    grid->shift_w = shift_of(grid->cell_w);
    grid->shift_h = shift_of(grid->cell_h);
    grid->recip_w = reciprocal_of(grid->cell_w, grid->shift_w, c.cols);
    grid->recip_h = reciprocal_of(grid->cell_h, grid->shift_h, c.rows);
    set_divisors(grid);
    grid->cells = (eo_index)((eo_index)c.cols * c.rows);
    grid->object_count = 0;
    grid->entry_count = 0;
    grid->built = 0;
    cells = grid->cells;   /* a local: SDCC 4.2 emitted `ld d, iyh`, which sdasz80 rejects, for grid->cells here */
    grid->cell_start = (eo_index *)(void *)p;
    p += sizeof(eo_index) * (cells + 1u);
    grid->cell_len = (eo_index *)(void *)p;
    p += sizeof(eo_index) * cells;
    grid->entries = (eo_index *)(void *)p;
    p += sizeof(eo_index) * c.max_entries;
    p = place_bounds(grid, p, c.max_objects);
    grid->ranges = (eo_sectors_range *)(void *)p;
    return EO_OK;
}

/* ---- the sectors a box covers ------------------------------------------------------------------ */

/* The sector column (or row) holding pixel p on an axis that starts at `origin` and is cut into
   `cells` sectors of `size` px: (p - origin) / size, clamped into 0 .. cells-1 (a box outside the
   world is listed in the edge sectors nearest to it). */
INLINE eo_sectors_cell sector_of(eo_coord p, eo_coord origin, eo_ucoord size, sectors_divisor div, eo_sectors_cell cells)
{
    eo_ucoord d, s;
    if (p < origin)
        return 0;
    d = (eo_ucoord)((eo_ucoord)p - (eo_ucoord)origin); /* 0 .. EO_UCOORD_MAX, no overflow */
    s = divide(d, size, div);
    return s >= cells ? (eo_sectors_cell)(cells - 1u) : (eo_sectors_cell)s;
}

/* The last pixel of a span of size >= 1, clamped at EO_COORD_MAX instead of wrapping. */
INLINE eo_coord last_pixel(eo_coord p, eo_coord size)
{
    eo_ucoord room = (eo_ucoord)((eo_ucoord)EO_COORD_MAX - (eo_ucoord)p); /* EO_COORD_MAX - p */
    return (eo_ucoord)(size - 1) > room ? (eo_coord)EO_COORD_MAX : (eo_coord)(p + (size - 1));
}

#define COLUMN_OF(g, x) sector_of((x), (g)->cfg.world_x, (g)->cell_w, DIVISOR_W(g), (g)->cfg.cols)
#define ROW_OF(g, y) sector_of((y), (g)->cfg.world_y, (g)->cell_h, DIVISOR_H(g), (g)->cfg.rows)

/* Box b's range: the sectors of its first and last pixels on each axis. Structs go by pointer:
   SDCC cannot pass them by value. */
INLINE void range_of(const eo_sectors *g, const eo_box *b, eo_sectors_range *r)
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
    r->col0 = COLUMN_OF(g, b->x);
    r->col1 = COLUMN_OF(g, last_pixel(b->x, b->w));
    r->row0 = ROW_OF(g, b->y);
    r->row1 = ROW_OF(g, last_pixel(b->y, b->h));
}

/* A range as one trace value: col0 << 24 | col1 << 16 | row0 << 8 | row1, a byte each (a column or
   row past 254 shows as 255: traces are for the lessons' small grids), packed unsigned and kept in
   the step's int32_t as the same 32 bits; -1 for an empty range. */
EO_TRACED(
static uint32_t trace_byte(eo_sectors_cell v)
{
    return v > 0xFEu ? 0xFFu : (uint32_t)v;
}

static int32_t pack_range(const eo_sectors_range *r)
{
    uint32_t v = trace_byte(r->col0) << 24 | trace_byte(r->col1) << 16 | trace_byte(r->row0) << 8 | trace_byte(r->row1);
    if (r->col0 == NO_CELL)
        return -1;
    return v > 0x7FFFFFFFu ? -(int32_t)(0xFFFFFFFFu - v) - 1 : (int32_t)v;
}
)

/* The sectors a range covers (at most 65,535 x 65,535: it fits eo_index, and on the Z80, with
   byte columns and rows, a 16-bit product is a quarter of the cost of a 32-bit one). */
static eo_index range_cells(const eo_sectors_range *r)
{
    if (r->col0 == NO_CELL)
        return 0;
    return (eo_index)((eo_index)(r->col1 - r->col0 + 1u) * (eo_index)(r->row1 - r->row0 + 1u));
}

static uint8_t same_range(const eo_sectors_range *a, const eo_sectors_range *b)
{
    return a->col0 == b->col0 && a->col1 == b->col1 && a->row0 == b->row0 && a->row1 == b->row1;
}

static uint8_t in_range(const eo_sectors_range *r, eo_sectors_cell col, eo_sectors_cell row)
{
    return r->col0 != NO_CELL && col >= r->col0 && col <= r->col1 && row >= r->row0 && row <= r->row1;
}

/* Object i's entry in the sector at col, row of its range r. (A macro: SDCC calls every function.) */
#define ENTRY(i, r, col, row) \
    ((eo_index)((eo_index)(i) << ENTRY_SHIFT | ((r)->col0 == (col) ? FIRST_COL : 0u) | ((r)->row0 == (row) ? FIRST_ROW : 0u)))

/* ---- build: every object into every sector of its range ----------------------------------------- */

/* Lays out the runs of a build for `listed` memberships, counted per sector in cell_len (which it
   zeroes), sharing the spare entries out as slack for persistent updates: half evenly, the other
   half by entries (crowded sectors are where objects arrive), each spread like a Bresenham line:
   when there are fewer spare places than sectors, every sector is still a place or two from one.
   Two divisions per build, none per sector: a Z80 divides slowly. (A function of its own: SDCC
   allocates registers per function, and these locals would crowd build's loops.) */
static void lay_out(eo_sectors *grid, eo_index listed)
{
    eo_index k, spare, even, even_left, spread_even, per_entry, entry_left, spread_entry, start;
    spare = (eo_index)(grid->cfg.max_entries - listed);
    even = (eo_index)(spare / 2u / grid->cells);
    even_left = (eo_index)(spare / 2u - even * grid->cells);                 /* < cells */
    per_entry = listed != 0 ? (eo_index)((spare - spare / 2u) / listed) : (eo_index)0;
    entry_left = (eo_index)(spare - spare / 2u - per_entry * listed); /* < listed, or 0 */
    start = 0;
    spread_even = 0;
    spread_entry = 0;
    for (k = 0; k < grid->cells; k++) {
        eo_index len = grid->cell_len[k], slack = (eo_index)(even + len * per_entry), n;
        spread_even = (eo_index)(spread_even + even_left);
        if (spread_even >= grid->cells) {
            spread_even = (eo_index)(spread_even - grid->cells);
            slack++;
        }
        for (n = len; n != 0; n--) {
            spread_entry = (eo_index)(spread_entry + entry_left);
            if (spread_entry >= listed) {
                spread_entry = (eo_index)(spread_entry - listed);
                slack++;
            }
        }
        grid->cell_start[k] = start;
        start = (eo_index)(start + len + slack); /* sums to at most max_entries */
        grid->cell_len[k] = 0;
    }
    grid->cell_start[grid->cells] = grid->cfg.max_entries; /* rounding's leftovers: the last run's */
}

eo_result eo_sectors_build(eo_sectors *grid, const eo_box *boxes, eo_index count,
                           eo_broadphase_stats *stats, eo_hooks *hooks)
{
    eo_index i, k;
    uint32_t total = 0;
    eo_sectors_cell row, col;

    if (grid == NULL)
        return EO_ERR_NULL_POINTER;
    /* whatever happens next, the last build is gone: queries answer only from one that fitted */
    grid->built = 0;
    if (count > 0 && boxes == NULL)
        return EO_ERR_NULL_POINTER;
    if (count > grid->cfg.max_objects)
        return EO_ERR_BAD_ARGUMENT;
    grid->object_count = 0;
    grid->entry_count = 0;
    keep_all_bounds(grid, boxes, count);

    /* pass 1: each object's range, and how many entries each sector needs */
    for (k = 0; k < grid->cells; k++)
        grid->cell_len[k] = 0;
    for (i = 0; i < count; i++) {
        eo_sectors_range r;
        range_of(grid, &boxes[i], &r);
        EO_STEP_ABOVE(hooks, EO_EV_SECTORS_RANGE, i, pack_range(&r));
        grid->ranges[i] = r;
        if (r.col0 == NO_CELL)
            continue;
        for (row = r.row0; row <= r.row1; row++)
            for (col = r.col0; col <= r.col1; col++)
                grid->cell_len[CELL(grid, col, row)]++;
        total += range_cells(&r);
    }
    if (total > grid->cfg.max_entries) {
        EO_STEP_ABOVE(hooks, EO_EV_SECTORS_FULL, (int32_t)total, (int32_t)grid->cfg.max_entries);
        return EO_ERR_BUFFER_TOO_SMALL; /* left empty: nothing stale can be reported */
    }

    /* pass 2: where each sector's run begins, with room to spare */
    lay_out(grid, (eo_index)total); /* fits: total <= max_entries */

    /* pass 3: list every object in its sectors, in index order, so runs come out sorted */
    for (i = 0; i < count; i++) {
        const eo_sectors_range *r = &grid->ranges[i];
        if (r->col0 == NO_CELL)
            continue;
        for (row = r->row0; row <= r->row1; row++) {
            /* the flags: FIRST_ROW in the first row, FIRST_COL in each row's first column */
            eo_index e = (eo_index)((eo_index)i << ENTRY_SHIFT | (row == r->row0 ? FIRST_ROW : 0u) | FIRST_COL);
            for (col = r->col0; col <= r->col1; col++) {
                k = CELL(grid, col, row);
                grid->entries[grid->cell_start[k] + grid->cell_len[k]++] = e;
                EO_STEP_ABOVE(hooks, EO_EV_SECTORS_INSERT, i, k);
                e = (eo_index)(e & ~(eo_index)FIRST_COL);
            }
        }
    }
    grid->object_count = count;
    grid->entry_count = (eo_index)total;
    grid->built = 1;
    if (stats != NULL) {
        stats->insertions += total;
        stats->rebuilds++;
    }
    EO_COUNT(hooks, EO_COUNTER_SECTORS_REBUILDS);
    EO_COUNT_ADD(hooks, EO_COUNTER_SECTORS_INSERTIONS, total);
    return EO_OK;
}

/* ---- persistent update: only the objects whose range changed move ------------------------------ */

/* Where object i's entry sits in sector k's run (the run's length if it is not there). */
static eo_index run_find(const eo_sectors *g, eo_index k, eo_index i)
{
    const eo_index *run = SECTOR_RUN(g, k);
    eo_index n = g->cell_len[k], at = 0;
    while (at < n && ENTRY_OBJECT(run[at]) != i)
        at++;
    return at;
}

/* Removes object i from sector k's run, keeping the run sorted. */
static void run_remove(eo_sectors *g, eo_index k, eo_index i)
{
    eo_index *run = g->entries + g->cell_start[k];
    eo_index n = g->cell_len[k], at = run_find(g, k, i);
    if (at == n)
        return; /* not listed: nothing to do (cannot happen after a fitting build) */
    for (; at + 1u < n; at++)
        run[at] = run[at + 1u];
    g->cell_len[k] = (eo_index)(n - 1u);
}

/* Does sector k's run have a free place after its entries? */
static uint8_t run_has_room(const eo_sectors *g, eo_index k)
{
    return g->cell_start[k] + g->cell_len[k] < g->cell_start[k + 1u];
}

/* Makes room at the end of sector k's run by moving the runs between it and the nearest run with
   a free place one place along: a few entries in a game, where a full rebuild would lay out every
   sector. 0 if every place is taken. */
static uint8_t run_borrow(eo_sectors *g, eo_index k, eo_hooks *hooks)
{
    eo_index *e = g->entries, *start = g->cell_start;
    eo_index at;
    eo_index d, j;
    for (d = 1; d < g->cells; d++) {
        if (d < g->cells - k && run_has_room(g, k + d)) {
            /* the runs after k up to j move one place right, into j's free place */
            j = k + d;
            EO_STEP_ABOVE(hooks, EO_EV_SECTORS_SHIFT, k, j);
            for (at = start[j] + g->cell_len[j]; at > start[k + 1u]; at--)
                e[at] = e[at - 1u];
            for (; j > k; j--)
                start[j]++;
            return 1;
        }
        if (d <= k && run_has_room(g, k - d)) {
            /* the runs before k down to j + 1 move one place left, into j's free place */
            j = k - d;
            EO_STEP_ABOVE(hooks, EO_EV_SECTORS_SHIFT, k, j);
            for (at = start[j + 1u]; at < start[k] + g->cell_len[k]; at++)
                e[at - 1u] = e[at];
            for (j++; j <= k; j++)
                start[j]--;
            return 1;
        }
    }
    return 0;
}

/* Inserts entry e into sector k's run in sorted position; 0 if the grid is full. */
static uint8_t run_insert(eo_sectors *g, eo_index k, eo_index e, eo_hooks *hooks)
{
    eo_index *run, n = g->cell_len[k], at = n;
    if (g->cell_start[k] + n >= g->cell_start[k + 1u] && !run_borrow(g, k, hooks))
        return 0;
    run = g->entries + g->cell_start[k];
    while (at > 0 && run[at - 1u] > e) {
        run[at] = run[at - 1u];
        at--;
    }
    run[at] = e;
    g->cell_len[k] = (eo_index)(n + 1u);
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
    EO_COUNT_ADD(hooks, EO_COUNTER_SECTORS_MOVED, moved);
    EO_COUNT_ADD(hooks, EO_COUNTER_SECTORS_INSERTIONS, inserted);
    EO_COUNT_ADD(hooks, EO_COUNTER_SECTORS_REMOVALS, removed);
}

/* Update's common case, in a loop of its own so that it keeps its registers to itself: from
   object i on, each object's range again, until one's range changed; returns that object (count
   if none), its new range in *now. */
static eo_index scan_ranges(const eo_sectors *g, const eo_box *boxes, eo_index i, eo_index count, eo_sectors_range *now)
{
    eo_sectors_range r; /* a local: *now could alias the grid's fields, and would be stored each time */
    for (; i < count; i++) {
        range_of(g, &boxes[i], &r);
        if (!same_range(&g->ranges[i], &r)) {
            *now = r;
            break;
        }
    }
    return i;
}

/* Object i's range changed from *old to *now: it leaves the sectors of the old range that the new
   one does not cover, says again in the ones it keeps whether it starts there, and joins the new
   ones. Returns 0 if a sector it joins has no place left (maybe only until later objects leave
   theirs): the caller then lays everything out afresh. */
static uint8_t move_object(eo_sectors *grid, eo_index i, const eo_sectors_range *old, const eo_sectors_range *now,
                           uint32_t *inserted, uint32_t *removed, eo_hooks *hooks)
{
    eo_index k;
    eo_sectors_cell row, col;
    uint8_t starts_moved = old->col0 != now->col0 || old->row0 != now->row0;
    EO_STEP_ABOVE(hooks, EO_EV_SECTORS_MOVE, i, now->col0 == NO_CELL ? -1 : pack_range(now));
    grid->ranges[i] = *now;
    if (old->col0 != NO_CELL)
        for (row = old->row0; row <= old->row1; row++)
            for (col = old->col0; col <= old->col1; col++) {
                k = CELL(grid, col, row);
                if (!in_range(now, col, row)) {
                    run_remove(grid, k, i);
                    grid->entry_count--;
                    (*removed)++;
                } else if (starts_moved) {
                    eo_index at = run_find(grid, k, i);
                    if (at < grid->cell_len[k])
                        grid->entries[grid->cell_start[k] + at] = ENTRY(i, now, col, row);
                }
            }
    if (now->col0 != NO_CELL)
        for (row = now->row0; row <= now->row1; row++)
            for (col = now->col0; col <= now->col1; col++)
                if (!in_range(old, col, row)) {
                    k = CELL(grid, col, row);
                    if (!run_insert(grid, k, ENTRY(i, now, col, row), hooks)) {
                        EO_STEP_ABOVE(hooks, EO_EV_SECTORS_FULL, k, 0);
                        return 0;
                    }
                    grid->entry_count++;
                    (*inserted)++;
                }
    return 1;
}

eo_result eo_sectors_update(eo_sectors *restrict grid, const eo_box *boxes, eo_index count,
                            eo_broadphase_stats *stats, eo_hooks *hooks)
{
    eo_index i;
    uint32_t inserted = 0, removed = 0, moved = 0;
    eo_sectors_range old, now;

    if (grid == NULL || (count > 0 && boxes == NULL))
        return EO_ERR_NULL_POINTER;
    if (!grid->built || count != grid->object_count)
        return eo_sectors_build(grid, boxes, count, stats, hooks);

    keep_all_bounds(grid, boxes, count);
    /* the objects still in their sectors, the common case in a game, are passed over by the scan */
    for (i = scan_ranges(grid, boxes, 0, count, &now); i < count;
         i = scan_ranges(grid, boxes, (eo_index)(i + 1u), count, &now)) {
        old = grid->ranges[i];
        moved++;
        if (!move_object(grid, i, &old, &now, &inserted, &removed, hooks)) {
            /* every place is taken: lay everything out afresh, which fits if the new total does */
            note_moves(stats, hooks, moved, inserted, removed);
            return eo_sectors_build(grid, boxes, count, stats, hooks);
        }
    }
    note_moves(stats, hooks, moved, inserted, removed);
    return EO_OK;
}

eo_result eo_sectors_update_one(eo_sectors *grid, const eo_box *boxes, eo_index count, eo_index index,
                                eo_broadphase_stats *stats, eo_hooks *hooks)
{
    uint32_t inserted = 0, removed = 0;
    eo_sectors_range old, now;

    if (grid == NULL || boxes == NULL)
        return EO_ERR_NULL_POINTER;
    if (!grid->built || count != grid->object_count || index >= count)
        return EO_ERR_NOT_READY; /* nothing to update from: build (or update) all of them */
    keep_bounds(grid, &boxes[index], index);
    range_of(grid, &boxes[index], &now);
    old = grid->ranges[index];
    if (same_range(&old, &now))
        return EO_OK;
    if (!move_object(grid, index, &old, &now, &inserted, &removed, hooks)) {
        note_moves(stats, hooks, 1, inserted, removed);
        return eo_sectors_build(grid, boxes, count, stats, hooks);
    }
    note_moves(stats, hooks, 1, inserted, removed);
    return EO_OK;
}

/* ---- ranges, as the caller may ask for them ------------------------------------------------------ */

eo_result eo_sectors_object_range(const eo_sectors *grid, eo_index index, eo_sectors_range *range)
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
