/* Uniform-grid broadphase in caller-owned compact arrays. See earlyout/sectors.h.
   Shown line by line in lesson 3: keep it readable.

   Storage layout (all eo_index but the extents and ranges):
     cell_start[cells + 1]  where each sector's run of entries begins; runs have slack, and the
                            last run reaches to max_entries
     cell_len[cells]        how many entries each run holds now
     entries[max_entries]   object index << 2 | FIRST_COL | FIRST_ROW, ascending within a run
     extents[max_objects]   32-bit builds: each object's first and last pixels, kept by build and
                            update for find_pairs (its test is then four subtractions, no box sums)
     ranges[max_objects]    first/last column and row of each object */
#include "earlyout/sectors.h"

#include "hooks.h"
#include "inline.h"
#if EO_Z80_ASM
#include "z80/sectors_z80.h" /* pair_sector in Z80: the SDCC build's C took 3 frames' time on 32 objects */
#endif

#define NO_CELL EO_SECTORS_NO_CELL
#define NO_SHIFT 0xFFu

/* An entry's two low bits say whether the object's range starts in this sector's column and row.
   A pair is reported in the first sector both objects are listed in: the one at the larger of their
   first columns and the larger of their first rows, which is the sector where one of the two starts
   its columns and one starts its rows. So two bits per entry decide it, without looking the
   objects up. */
#define FIRST_COL EO_SECTORS_FIRST_COL
#define FIRST_ROW EO_SECTORS_FIRST_ROW
#define ENTRY_SHIFT EO_SECTORS_ENTRY_SHIFT
#define FIRST_BOTH (FIRST_COL | FIRST_ROW)

/* The alignment eo_index really needs here: 4 or 2 on most targets, 1 on the Z80 (SDCC aligns nothing). */
struct eo_align_probe_index { char c; eo_index v; };
#define EO_ALIGNOF_INDEX offsetof(struct eo_align_probe_index, v)
#if EO_COORD_BITS >= 32
/* The extents': they start at the next such boundary after the entries (a 16-bit eo_index may
   leave them 2 bytes short of it), and eo_sectors_storage_size counts the bytes that may take. */
struct eo_align_probe_extent { char c; eo_sectors_extent v; };
#define EO_ALIGNOF_EXTENT offsetof(struct eo_align_probe_extent, v)
#define EXTENT_PADDING (EO_ALIGNOF_EXTENT > EO_ALIGNOF_INDEX ? EO_ALIGNOF_EXTENT - EO_ALIGNOF_INDEX : 0u)
#endif

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
#if EO_INDEX_MAX >> 2 < 65535u
    if (c->max_objects > EO_SECTORS_MAX_OBJECTS)
        return EO_ERR_BAD_ARGUMENT; /* its index would not fit an entry */
#endif
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
            (eo_uwide)sizeof(eo_sectors_range) * c.max_objects;
#if EO_COORD_BITS >= 32
    bytes += (eo_uwide)sizeof(eo_sectors_extent) * c.max_objects + EXTENT_PADDING;
#endif
#if (EO_COORD_BITS == 16 && SIZE_MAX < 0xFFFFFFFFu) || (EO_COORD_BITS == 32 && SIZE_MAX < 0xFFFFFFFFFFFFFFFFu)
    if (bytes > SIZE_MAX)
        return 0; /* does not fit this target's address space (the Z80's is 64 KiB, wasm's 4 GiB) */
#endif
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

/* floor(2^EO_COORD_BITS / size) + 1, when multiplying by it and shifting gives d / size exactly for
   every d < cells * size (the error, d * (recip * size - 2^bits), stays below 2^bits when
   cells * size * size < 2^bits); 0 when it does not, or when a shift does the job. The Z80's 16-bit
   build never takes it: its worlds are small, and it shifts or divides. */
static eo_ucoord reciprocal_of(eo_ucoord size, eo_sectors_cell cells)
{
#if EO_COORD_BITS >= 32
    if (shift_of(size) == NO_SHIFT && (eo_uwide)cells * size * size < ((eo_uwide)1 << EO_COORD_BITS))
        return (eo_ucoord)((((eo_uwide)1 << EO_COORD_BITS) / size) + 1u);
#else
    (void)size;
    (void)cells;
#endif
    return 0;
}

#if EO_COORD_BITS >= 32
/* The multiplier that divides by an axis's sector size as (d * mul) >> EO_COORD_BITS, exactly
   for every d in the grid: 2^(EO_COORD_BITS - shift) for a power of two, else its reciprocal;
   0 when it has neither (sector_at then divides). One formula for both, with a constant shift:
   update's scan keeps fewer values in registers. */
static eo_uwide multiplier_of(uint8_t shift, eo_ucoord recip)
{
    return shift != NO_SHIFT ? (eo_uwide)1 << (EO_COORD_BITS - shift) : recip;
}
#endif

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
    if (((uintptr_t)storage % EO_ALIGNOF_INDEX) != 0)
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
    grid->recip_w = reciprocal_of(grid->cell_w, c.cols);
    grid->recip_h = reciprocal_of(grid->cell_h, c.rows);
#if EO_COORD_BITS >= 32
    grid->mul_w = multiplier_of(grid->shift_w, grid->recip_w);
    grid->mul_h = multiplier_of(grid->shift_h, grid->recip_h);
#endif
    grid->cells = (eo_index)((eo_index)c.cols * c.rows);
    grid->object_count = 0;
    grid->entry_count = 0;
    grid->built = 0;
    grid->cell_start = (eo_index *)(void *)p;
    p += sizeof(eo_index) * (grid->cells + 1u);
    grid->cell_len = (eo_index *)(void *)p;
    p += sizeof(eo_index) * grid->cells;
    grid->entries = (eo_index *)(void *)p;
    p += sizeof(eo_index) * c.max_entries;
#if EO_COORD_BITS >= 32
    p += (EO_ALIGNOF_EXTENT - (uintptr_t)p % EO_ALIGNOF_EXTENT) % EO_ALIGNOF_EXTENT; /* <= EXTENT_PADDING */
    grid->extents = (eo_sectors_extent *)(void *)p;
    p += sizeof(eo_sectors_extent) * c.max_objects;
#endif
    grid->ranges = (eo_sectors_range *)(void *)p;
    return EO_OK;
}

#if EO_COORD_BITS < 32
/* The sector column (or row) holding pixel p: clamped into 0 .. cells-1. (The 16-bit build's; it
   shifts or divides, having no reciprocal: see reciprocal_of.) */
INLINE eo_sectors_cell sector_of(eo_coord p, eo_coord origin, eo_ucoord size, uint8_t shift, eo_sectors_cell cells)
{
    eo_ucoord d, s;
    if (p < origin)
        return 0;
    d = (eo_ucoord)((eo_ucoord)p - (eo_ucoord)origin); /* 0 .. EO_UCOORD_MAX, no overflow */
    s = shift != NO_SHIFT ? (eo_ucoord)(d >> shift) : (eo_ucoord)(d / size);
    return s >= cells ? (eo_sectors_cell)(cells - 1u) : (eo_sectors_cell)s;
}

/* The last pixel of a span of size >= 1, clamped at EO_COORD_MAX instead of wrapping. */
static eo_coord last_pixel(eo_coord p, eo_coord size)
{
    eo_ucoord room = (eo_ucoord)((eo_ucoord)EO_COORD_MAX - (eo_ucoord)p); /* EO_COORD_MAX - p */
    return (eo_ucoord)(size - 1) > room ? (eo_coord)EO_COORD_MAX : (eo_coord)(p + (size - 1));
}

#endif

#if EO_COORD_BITS >= 32
/* The sector of distance d (< 2^EO_COORD_BITS) from the grid's origin, clamped into
   0 .. cells-1. Dividing costs tens of cycles; the axis's multiplier (multiplier_of: a shift's
   power of two, or the reciprocal, which gives the same quotient inside the grid and never less
   past it, so it still clamps to the last sector) does it in one multiply. */
INLINE eo_sectors_cell sector_at(eo_wide d, eo_ucoord size, eo_uwide mul, eo_sectors_cell cells)
{
    eo_uwide from_origin = d < 0 ? 0u : (eo_uwide)d;
    eo_uwide s = mul != 0 ? (from_origin * mul) >> EO_COORD_BITS : from_origin / size;
    return s >= cells ? (eo_sectors_cell)(cells - 1u) : (eo_sectors_cell)s;
}

/* A span's first and last sector, as sector_of(p) and sector_of(last_pixel(p, len)) give them,
   computed in eo_wide (64 bits here): nothing can wrap, so there is no branch to guess but the
   clamps. */
INLINE void span_of(eo_coord p, eo_coord len, eo_coord origin, eo_ucoord size, eo_uwide mul,
                    eo_sectors_cell cells, eo_sectors_cell *first, eo_sectors_cell *last)
{
    eo_wide end = (eo_wide)p + len - 1;
    end = end > EO_COORD_MAX ? EO_COORD_MAX : end; /* the world ends at EO_COORD_MAX */
    *first = sector_at((eo_wide)p - origin, size, mul, cells);
    *last = sector_at(end - origin, size, mul, cells);
}

/* A coordinate as an extent stores it: eo_coord's order, as unsigned numbers. */
#define BIASED(v) ((uint32_t)(v) ^ 0x80000000u)

/* A box's first and last pixels, the last clamped where the world ends (EO_COORD_MAX): two boxes
   then share a pixel exactly when each one's first pixel is at most the other's last, on both axes. */
INLINE void extent_of(const eo_box *b, eo_sectors_extent *e)
{
    eo_wide x1 = (eo_wide)b->x + b->w - 1, y1 = (eo_wide)b->y + b->h - 1;
    e->x0 = BIASED(b->x);
    e->x1 = BIASED(x1 > EO_COORD_MAX ? EO_COORD_MAX : x1);
    e->y0 = BIASED(b->y);
    e->y1 = BIASED(y1 > EO_COORD_MAX ? EO_COORD_MAX : y1);
}
#endif

/* Structs go by pointer everywhere below: SDCC cannot pass them by value. */
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
#if EO_COORD_BITS >= 32
    span_of(b->x, b->w, g->cfg.world_x, g->cell_w, g->mul_w, g->cfg.cols, &r->col0, &r->col1);
    span_of(b->y, b->h, g->cfg.world_y, g->cell_h, g->mul_h, g->cfg.rows, &r->row0, &r->row1);
#else
    r->col0 = sector_of(b->x, g->cfg.world_x, g->cell_w, g->shift_w, g->cfg.cols);
    r->col1 = sector_of(last_pixel(b->x, b->w), g->cfg.world_x, g->cell_w, g->shift_w, g->cfg.cols);
    r->row0 = sector_of(b->y, g->cfg.world_y, g->cell_h, g->shift_h, g->cfg.rows);
    r->row1 = sector_of(last_pixel(b->y, b->h), g->cfg.world_y, g->cell_h, g->shift_h, g->cfg.rows);
#endif
}

#if EO_TRACE
/* A range in one trace value: col0 << 24 | col1 << 16 | row0 << 8 | row1, a byte each (a column
   or row past 254 shows as 255: traces are for the lessons' small grids), packed unsigned (col0
   may be 128 or more) and stored in the step's int32_t as the same 32 bits. */
static uint32_t trace_byte(eo_sectors_cell v)
{
    return v > 0xFEu ? 0xFFu : (uint32_t)v;
}

static int32_t pack_range(const eo_sectors_range *r)
{
    uint32_t v = trace_byte(r->col0) << 24 | trace_byte(r->col1) << 16 | trace_byte(r->row0) << 8 | trace_byte(r->row1);
    return v > 0x7FFFFFFFu ? -(int32_t)(0xFFFFFFFFu - v) - 1 : (int32_t)v;
}
#endif

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

/* The index of sector (col, row). On the Z80 columns and rows are bytes, and SDCC multiplies bytes
   as bytes (at half the cost of 16 bits); elsewhere they are 16 bits and the product needs eo_index. */
#if EO_INDEX_BITS == 16
#define CELL(g, col, row) ((eo_index)((row) * (g)->cfg.cols + (col)))
#else
#define CELL(g, col, row) ((eo_index)((eo_index)(row) * (g)->cfg.cols + (col)))
#endif

/* Object i's entry in the sector at col, row of its range r. (A macro: SDCC calls every function.) */
#define ENTRY(i, r, col, row) \
    ((eo_index)((eo_index)(i) << ENTRY_SHIFT | ((r)->col0 == (col) ? FIRST_COL : 0u) | ((r)->row0 == (row) ? FIRST_ROW : 0u)))

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
#if EO_COORD_BITS >= 32
        extent_of(&boxes[i], &grid->extents[i]);
#endif
        EO_STEP_ABOVE(hooks, EO_EV_SECTORS_RANGE, i, r.col0 == NO_CELL ? -1 : pack_range(&r));
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
                e = (eo_index)(e & ~(eo_index)FIRST_COL);
                EO_STEP_ABOVE(hooks, EO_EV_SECTORS_INSERT, i, k);
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
#if EO_TRACE
    if (hooks != NULL)
        hooks->counters[EO_COUNTER_SECTORS_INSERTIONS] += total;
#endif
    return EO_OK;
}

/* Where object i's entry sits in sector k's run (the run's length if it is not there). */
static eo_index run_find(const eo_sectors *g, eo_index k, eo_index i)
{
    const eo_index *run = g->entries + g->cell_start[k];
    eo_index n = g->cell_len[k], at = 0;
    while (at < n && run[at] >> ENTRY_SHIFT != i)
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
    (void)hooks;
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

/* Inserts entry e of object i into sector k's run in sorted position; 0 if the grid is full. */
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
    (void)hooks;
#if EO_TRACE
    if (hooks != NULL) {
        hooks->counters[EO_COUNTER_SECTORS_MOVED] += moved;
        hooks->counters[EO_COUNTER_SECTORS_INSERTIONS] += inserted;
        hooks->counters[EO_COUNTER_SECTORS_REMOVALS] += removed;
    }
#endif
}

#if EO_COORD_BITS >= 32
/* Update's common case, in a loop of its own so that it keeps its registers to itself: from
   object i on, keeps each object's extent and computes its range, until one's range changed;
   returns that object (count if none), its new range in *now: range_of's sectors, from the extent
   (its last pixels are clamped already). The loop multiplies; a grid that divides (a world too
   wide for the reciprocal) takes range_of, so that the multiplies need no test of their own. */
static eo_index scan_ranges(eo_sectors *g, const eo_box *boxes, eo_index i, eo_index count, eo_sectors_range *now)
{
    const eo_sectors_range *ranges = g->ranges;
    eo_sectors_extent *extents = g->extents;
    eo_wide left = BIASED(g->cfg.world_x), top = BIASED(g->cfg.world_y); /* as the extents hold them */
    eo_ucoord cell_w = g->cell_w, cell_h = g->cell_h;
    eo_uwide mul_w = g->mul_w, mul_h = g->mul_h;
    eo_sectors_cell cols = g->cfg.cols, rows = g->cfg.rows;
    for (; i < count; i++) {
        const eo_box *b = &boxes[i];
        eo_sectors_extent e;
        eo_sectors_cell col0, col1, row0, row1;
        extent_of(b, &e);
        extents[i] = e;
        if (b->w <= 0 || b->h <= 0 || mul_w == 0 || mul_h == 0) { /* listed nowhere, or dividing */
            range_of(g, b, now);
            if (!same_range(&ranges[i], now))
                break;
            continue;
        }
        col0 = sector_at((eo_wide)e.x0 - left, cell_w, mul_w, cols);
        col1 = sector_at((eo_wide)e.x1 - left, cell_w, mul_w, cols);
        row0 = sector_at((eo_wide)e.y0 - top, cell_h, mul_h, rows);
        row1 = sector_at((eo_wide)e.y1 - top, cell_h, mul_h, rows);
        if (ranges[i].col0 != col0 || ranges[i].col1 != col1 || ranges[i].row0 != row0 || ranges[i].row1 != row1) {
            now->col0 = col0;
            now->col1 = col1;
            now->row0 = row0;
            now->row1 = row1;
            break;
        }
    }
    return i;
}
#else
/* Update's common case, in a loop of its own: from object i on, the first object whose range
   changed (count if none), its new range in *now. */
static eo_index scan_ranges(eo_sectors *g, const eo_box *boxes, eo_index i, eo_index count, eo_sectors_range *now)
{
    for (; i < count; i++) {
        range_of(g, &boxes[i], now);
        if (!same_range(&g->ranges[i], now))
            break;
    }
    return i;
}
#endif

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
#if EO_COORD_BITS >= 32
    extent_of(&boxes[index], &grid->extents[index]);
#endif
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

#if EO_COORD_BITS < 32 && !EO_Z80_ASM /* the Z80 build has pair_sector in assembly: z80/sectors_z80.c */
/* Do spans p, p + len and q, q + len_q (lens > 0) share a pixel? As eo_aabb_overlap decides it per
   axis, in the 16-bit build's arithmetic: eo_wide is a slow 32-bit type on the Z80 and a branch is
   cheap, so the distance is compared in eo_ucoord. (The 32-bit builds test extents: pair_sector.) */
static uint8_t spans_meet(eo_coord p, eo_coord len, eo_coord q, eo_coord len_q)
{
    return q >= p ? (eo_ucoord)((eo_ucoord)q - (eo_ucoord)p) < (eo_ucoord)len
                  : (eo_ucoord)((eo_ucoord)p - (eo_ucoord)q) < (eo_ucoord)len_q;
}
#endif

/* What find_pairs carries from sector to sector: its inputs, outputs and counts. */
typedef struct pair_walk {
    const eo_sectors *grid;
    const eo_box *boxes;
    const eo_broadphase_layer *layers; /* the Z80's pair loop reads them here; the C one gets them as an argument */
    eo_pair *pairs;
    uint32_t capacity, found, candidates, duplicates, filtered, tests;
    eo_hooks *hooks;
} pair_walk;

#if EO_Z80_ASM
/* the offsets z80/sectors_z80.c reads (its IY is w + 2) */
typedef char pair_walk_layout[(offsetof(pair_walk, grid) == 0 && offsetof(pair_walk, boxes) == 2 &&
                               offsetof(pair_walk, layers) == 4 && offsetof(pair_walk, pairs) == 6 &&
                               offsetof(pair_walk, capacity) == 8 && offsetof(pair_walk, found) == 12 &&
                               offsetof(pair_walk, candidates) == 16 && offsetof(pair_walk, duplicates) == 20 &&
                               offsetof(pair_walk, filtered) == 24 && offsetof(pair_walk, tests) == 28) ? 1 : -1];
#else

/* May objects a and b interact? (broadphase.h; & rather than &&: see pair_sector) */
static uint8_t layers_meet(const eo_broadphase_layer *a, const eo_broadphase_layer *b)
{
    return (uint8_t)(((a->category & b->collides_with) != 0) & ((b->category & a->collides_with) != 0));
}

/* The pairs of sector k (it lists two objects or more) that it is the first shared sector of.
   Every test of a candidate is computed, and combined with & instead of branching on each
   (BOTH, BRANCH_FREE: inline.h): the answers are near coin flips, and a CPU that guesses a branch
   wrong loses more time than the tests take. The pair's slot is written for every candidate;
   `found` moves on for a hit. (On the Z80, with no guesses to lose, && and if skip the rest.) The
   counts and the output stay in locals until the end: a store through w, or of a pair, could
   alias the boxes or w's fields and force them to be read again. Inlined into find_pairs three
   times off the Z80: with layers NULL, so the loop of a scene without layers tests none, and
   then `checked` 0 when the output has room for every candidate of the run, so that loop does not
   compare with the capacity. */
INLINE void pair_sector(pair_walk *w, eo_index k, const eo_broadphase_layer *layers, uint8_t checked)
{
    const eo_sectors *grid = w->grid;
#if EO_COORD_BITS >= 32
    const eo_sectors_extent *extents = grid->extents;
#else
    const eo_box *boxes = w->boxes;
#endif
    const eo_index *run = grid->entries + grid->cell_start[k], *end = run + grid->cell_len[k], *p, *q;
    eo_pair *out = w->pairs;
    uint32_t found = w->found, capacity = w->capacity, candidates = 0, firsts = 0, allowed = 0;
#if EO_TRACE
    EO_STEP_ABOVE(w->hooks, EO_EV_SECTORS_VISIT, k, (int32_t)grid->cell_len[k]);
#endif
    for (p = run; p + 1 < end; p++) {
        eo_index ei = *p;
        eo_index i = (eo_index)(ei >> ENTRY_SHIFT);
#if EO_COORD_BITS >= 32
        eo_wide x0 = extents[i].x0, x1 = extents[i].x1, y0 = extents[i].y0, y1 = extents[i].y1;
#else
        const eo_box *bi = &boxes[i];
#endif
        eo_index firsts_i = 0, allowed_i = 0; /* < a run's length: eo_index holds them (16 bits on the Z80) */
        candidates += (uint32_t)(end - p - 1); /* each entry after p */
        for (q = p + 1; q < end; q++) {
            eo_index ej = *q;
            eo_index j = (eo_index)(ej >> ENTRY_SHIFT); /* runs are sorted, so i < j */
            /* reported only in the first sector both are in; layers may rule the pair out */
            uint8_t first = ((ei | ej) & FIRST_BOTH) == FIRST_BOTH;
            uint8_t may = BOTH(first, layers == NULL || layers_meet(&layers[i], &layers[j]));
#if EO_COORD_BITS >= 32
            /* eo_aabb_overlap's answer and `first` in one sign: each difference is >= 0 when its
               test passes (in eo_wide, 64 bits, none wraps), so their OR is negative when any fails */
            const eo_sectors_extent *other = &extents[j];
            eo_wide fails = (x1 - (eo_wide)other->x0) | ((eo_wide)other->x1 - x0) |
                            (y1 - (eo_wide)other->y0) | ((eo_wide)other->y1 - y0) |
                            ((eo_wide)((ei | ej) & FIRST_BOTH) - FIRST_BOTH); /* -3 .. -1 unless first */
            uint8_t hit = (uint8_t)((eo_uwide)~fails >> 63);
            if (layers != NULL)
                hit = BOTH(hit, may);
#else
            const eo_box *bj = &boxes[j];
            /* eo_aabb_overlap's answer (both boxes are non-empty) */
            uint8_t hit = BOTH(may, BOTH(spans_meet(bi->x, bi->w, bj->x, bj->w), spans_meet(bi->y, bi->h, bj->y, bj->h)));
#endif
#if EO_TRACE
            if (!first)
                EO_STEP_ABOVE(w->hooks, EO_EV_SECTORS_DUPLICATE, i, j);
            else if (!may)
                EO_STEP_ABOVE(w->hooks, EO_EV_SECTORS_FILTERED, i, j);
            else
                EO_STEP_ABOVE(w->hooks, EO_EV_SECTORS_BOX_TEST, i, j);
            if (hit)
                EO_STEP_ABOVE(w->hooks, EO_EV_SECTORS_PAIR, i, j);
#endif
            firsts_i = (eo_index)(firsts_i + first);
            if (layers != NULL) /* without layers, every first pair is allowed: counted below */
                allowed_i = (eo_index)(allowed_i + may);
            if (BRANCH_FREE || hit) { /* a slot is written for every candidate, kept for a hit */
                if (!checked || found < capacity) {
                    out[found].a = i;
                    out[found].b = j;
                }
            }
            found += hit;
        }
        firsts += firsts_i;
        allowed += layers != NULL ? allowed_i : firsts_i;
    }
    w->found = found;
    w->candidates += candidates;
    w->duplicates += candidates - firsts;
    w->filtered += firsts - allowed;
    w->tests += allowed;
}

/* Can the output take a slot for each of the n (n - 1) / 2 candidates of a run of n entries? */
INLINE uint8_t room_for_run(const pair_walk *w, eo_index n)
{
#if EO_INDEX_BITS == 16
    uint32_t candidates = (uint32_t)n * (n - 1u) / 2u; /* < 2^31 */
#else
    uint64_t candidates = (uint64_t)n * (n - 1u) / 2u;
#endif
    return w->found <= w->capacity && candidates <= w->capacity - w->found;
}

#endif

eo_result eo_sectors_find_pairs(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                                eo_broadphase_stats *stats, eo_hooks *hooks)
{
    pair_walk w;
    const eo_index *len;
    eo_index k;

    if (grid == NULL || pair_count == NULL || (grid->object_count > 0 && boxes == NULL) ||
        (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    *pair_count = 0;
    if (!grid->built)
        return EO_ERR_NOT_READY; /* never an empty answer from a grid whose last build or update failed */
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
    if (layers == NULL) /* the loop without layers is its own copy, with no layer test in it */
        for (k = 0; k < grid->cells; k++) {
            if (len[k] > 1u) {
#if !EO_Z80_ASM
                if (room_for_run(&w, len[k]))
                    pair_sector(&w, k, NULL, 0); /* its loop need not test the capacity */
                else
#endif
                    pair_sector(&w, k, NULL, 1);
            }
        }
    else
        for (k = 0; k < grid->cells; k++)
            if (len[k] > 1u)
                pair_sector(&w, k, layers, 1);
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

/* The most sectors a span of len px (> 0) can touch across sectors of size px, wherever it lies. */
static uint32_t worst_span(eo_coord len, eo_ucoord size, eo_sectors_cell sectors)
{
    uint32_t n = (uint32_t)(((eo_uwide)(eo_ucoord)len + size - 2u) / size) + 1u;
    return n < sectors ? n : sectors;
}

/* The memberships these boxes could need at worst: each where it touches the most sectors. */
static eo_uwide worst_entries(const eo_sectors *g, const eo_box *boxes, eo_index count)
{
    eo_uwide total = 0;
    eo_index i;
    for (i = 0; i < count; i++)
        if (boxes[i].w > 0 && boxes[i].h > 0)
            total += worst_span(boxes[i].w, g->cell_w, g->cfg.cols) * worst_span(boxes[i].h, g->cell_h, g->cfg.rows);
    return total;
}

/* A frame's work on a grid, in units of one candidate pair: each sector visited, three per
   membership (a persistent grid pays for a membership again whenever its object crosses a border,
   and moving one costs about three candidates), and each pair met in a shared sector. Box tests
   add nothing: the pair loop computes every candidate's test anyway (BRANCH_FREE), so a test costs
   no more than meeting the pair. Timing all 25 grids of bench/native/bench_broadphase.c on its six
   scenes, this picks grids within 2% of the fastest on average (the plain sum of the four counts:
   within 14%). Saturates at UINT32_MAX instead of wrapping. */
static uint32_t tune_cost(const eo_sectors *g, const eo_broadphase_stats *s)
{
#if EO_COORD_BITS >= 32
    eo_uwide cost = (eo_uwide)g->cells + 3u * (eo_uwide)s->insertions + s->candidate_pairs;
    return cost > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)cost;
#else
    /* 16-bit build: at most 65,535 sectors and memberships, and fewer than 2^27 candidates */
    return (uint32_t)g->cells + 3u * s->insertions + s->candidate_pairs;
#endif
}

eo_result eo_sectors_tune(const eo_box *boxes, eo_index count, const eo_broadphase_layer *layers,
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
        if (row->result == EO_OK && worst_entries(&grid, boxes, count) > grid.cfg.max_entries)
            row->result = EO_ERR_BUFFER_TOO_SMALL; /* fits now, but a later frame could overflow it */
        if (row->result != EO_OK)
            continue;
        row->cost = tune_cost(&grid, &row->stats);
        if (!have_best || row->cost < rows[*best].cost) {
            *best = c;
            have_best = 1;
        }
    }
    return have_best ? EO_OK : rows[0].result;
}
