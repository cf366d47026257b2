/* libFuzzer target for sectors.h and sweep.h: a grid configuration (any world, 1 .. 255 x 1 .. 255
   sectors, defaults, invalid values), storage of exactly the size asked for (or short), up to 300
   boxes anywhere in the eo_coord range (clustered, so pairs are many) with layers, then persistent
   updates of moved, teleported and emptied boxes, and sort-and-sweep on both axes (with the
   order-array reference of tests/core/sweep_reference.h beside it).
   The oracle is written here from the headers, in 64-bit arithmetic:
     - the pairs: every i < j whose boxes share a pixel and whose layers interact; every method's
       pair SET must equal it, after a build and after each update;
     - the sector range of a box: sector size ceil(world / sectors), first and last pixel's sector
       clamped to the grid, all EO_SECTORS_NO_CELL for an empty box (eo_sectors_box_range, and
       eo_sectors_object_range for each object listed);
     - a build fails with EO_ERR_BUFFER_TOO_SMALL exactly when the boxes need more memberships
       than max_entries, EO_ERR_BAD_ARGUMENT past max_objects, and find_pairs then answers
       EO_ERR_NOT_READY with a count of 0;
     - eo_sectors_tune: each row's pairs_found is the oracle's count, its cost sectors + insertions
       + candidates + box tests, best the cheapest row that ran (the first of equals). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"
#include "fuzz_input.h"
#include "../core/sweep_reference.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_N 300
#define MAX_PAIRS (MAX_N * (MAX_N - 1) / 2)

static eo_box boxes[MAX_N];
static eo_broadphase_layer layers[MAX_N];
static eo_pair want[MAX_PAIRS], got[MAX_PAIRS];

static int pair_cmp(const void *x, const void *y)
{
    const eo_pair *p = x, *q = y;
    return p->a != q->a ? (int)p->a - (int)q->a : (int)p->b - (int)q->b;
}

static int overlap(const eo_box *a, const eo_box *b)
{
    return a->w > 0 && a->h > 0 && b->w > 0 && b->h > 0 && (int64_t)a->x < (int64_t)b->x + b->w &&
           (int64_t)b->x < (int64_t)a->x + a->w && (int64_t)a->y < (int64_t)b->y + b->h &&
           (int64_t)b->y < (int64_t)a->y + a->h;
}

static uint32_t brute(uint16_t n, const eo_broadphase_layer *ls)
{
    uint32_t k = 0;
    uint16_t i, j;
    for (i = 0; i < n; i++)
        for (j = (uint16_t)(i + 1u); j < n; j++)
            if ((ls == NULL || ((ls[i].category & ls[j].collides_with) && (ls[j].category & ls[i].collides_with))) &&
                overlap(&boxes[i], &boxes[j])) {
                want[k].a = i;
                want[k].b = j;
                k++;
            }
    return k;
}

/* got[0 .. count) is, as a set, want[0 .. n_want) */
static void same_set(uint32_t count, uint32_t n_want)
{
    qsort(got, count, sizeof got[0], pair_cmp);
    if (count != n_want || memcmp(got, want, sizeof got[0] * n_want) != 0)
        abort();
}

typedef struct cfg_ref {
    int64_t wx, wy, cw, ch;
    unsigned cols, rows, max_objects, max_entries;
} cfg_ref;

/* the configuration with defaults filled in; 0 if invalid */
static int ref_config(const eo_sectors_config *c, cfg_ref *r)
{
    int64_t w = c->world_w ? c->world_w : 256, h = c->world_h ? c->world_h : 192;
    r->cols = c->cols ? c->cols : 2u;
    r->rows = c->rows ? c->rows : 2u;
    r->max_objects = c->max_objects ? c->max_objects : 64u;
    r->max_entries = c->max_entries ? c->max_entries : 4u * r->max_objects;
    r->wx = c->world_x;
    r->wy = c->world_y;
    r->cw = (w + r->cols - 1) / r->cols;
    r->ch = (h + r->rows - 1) / r->rows;
    return w >= 1 && h >= 1;
}

static int64_t floor_div(int64_t p, int64_t d)
{
    return p >= 0 ? p / d : -((-p + d - 1) / d);
}

static int64_t clamp(int64_t v, int64_t hi)
{
    return v < 0 ? 0 : v > hi ? hi : v;
}

/* A box's last pixel; the world ends at EO_COORD_MAX (a box reaching past it is listed as if it
   ended there: it makes a difference only for a world configured past the end of eo_coord). */
static int64_t last_px(int64_t p, int64_t size)
{
    return p + size - 1 > EO_COORD_MAX ? EO_COORD_MAX : p + size - 1;
}

static eo_sectors_range ref_range(const cfg_ref *c, const eo_box *b)
{
    eo_sectors_range r = { EO_SECTORS_NO_CELL, EO_SECTORS_NO_CELL, EO_SECTORS_NO_CELL, EO_SECTORS_NO_CELL };
    if (b->w <= 0 || b->h <= 0)
        return r;
    r.col0 = (eo_sectors_cell)clamp(floor_div(b->x - c->wx, c->cw), c->cols - 1);
    r.col1 = (eo_sectors_cell)clamp(floor_div(last_px(b->x, b->w) - c->wx, c->cw), c->cols - 1);
    r.row0 = (eo_sectors_cell)clamp(floor_div(b->y - c->wy, c->ch), c->rows - 1);
    r.row1 = (eo_sectors_cell)clamp(floor_div(last_px(b->y, b->h) - c->wy, c->ch), c->rows - 1);
    return r;
}

static uint32_t memberships(const cfg_ref *c, uint16_t n)
{
    uint32_t k = 0;
    uint16_t i;
    for (i = 0; i < n; i++) {
        eo_sectors_range r = ref_range(c, &boxes[i]);
        if (r.col0 != EO_SECTORS_NO_CELL)
            k += (uint32_t)(r.col1 - r.col0 + 1) * (uint32_t)(r.row1 - r.row0 + 1);
    }
    return k;
}

/* The memberships the boxes could need wherever they move (tune's rule): a span of len px meets at
   most ceil((len - 1) / cell) + 1 sectors, and never more than the grid has. */
static uint64_t worst_memberships(const cfg_ref *c, uint16_t n)
{
    uint64_t k = 0;
    uint16_t i;
    for (i = 0; i < n; i++) {
        int64_t w = boxes[i].w, h = boxes[i].h, across, down;
        if (w <= 0 || h <= 0)
            continue;
        across = (w - 1 + c->cw - 1) / c->cw + 1;
        down = (h - 1 + c->ch - 1) / c->ch + 1;
        k += (uint64_t)(across < c->cols ? across : c->cols) * (uint64_t)(down < c->rows ? down : c->rows);
    }
    return k;
}

static void random_config(fz *f, eo_sectors_config *c, uint16_t n)
{
    memset(c, 0, sizeof *c);
    c->world_x = fz_near(f, 0, 300, 8);
    c->world_y = fz_near(f, 0, 300, 8);
    c->world_w = (fz_u8(f) & 15u) == 0 ? fz_coord(f) : (eo_coord)fz_below(f, 2000);
    c->world_h = (fz_u8(f) & 15u) == 0 ? fz_coord(f) : (eo_coord)fz_below(f, 2000);
    /* now and then past the 255 columns or rows a byte holds (eo_sectors_cell is 16 bits here) */
    c->cols = (eo_sectors_cell)((fz_u8(f) & 7u) == 0 ? ((fz_u8(f) & 7u) == 0 ? fz_below(f, 700) : fz_u8(f)) : fz_below(f, 9));
    c->rows = (eo_sectors_cell)((fz_u8(f) & 7u) == 0 ? ((fz_u8(f) & 7u) == 0 ? fz_below(f, 700) : fz_u8(f)) : fz_below(f, 9));
    c->max_objects = (uint16_t)((fz_u8(f) & 7u) == 0 ? fz_below(f, n + 2u) : n + fz_below(f, 3));
    c->max_entries = (uint16_t)((fz_u8(f) & 3u) == 0 ? 0u : fz_below(f, 4u * n + 40u));
}

static void move_boxes(fz *f, uint16_t n)
{
    uint16_t i;
    for (i = 0; i < n; i++) {
        uint8_t m = fz_u8(f);
        if (m < 128) { /* a small step */
            boxes[i].x = fz_clamp((int64_t)boxes[i].x + (int8_t)fz_u8(f) / 8);
            boxes[i].y = fz_clamp((int64_t)boxes[i].y + (int8_t)fz_u8(f) / 8);
        } else if (m < 136) { /* teleported */
            boxes[i].x = fz_near(f, 0, 1000, 4);
            boxes[i].y = fz_near(f, 0, 1000, 4);
        } else if (m < 140) { /* emptied, or back */
            boxes[i].w = fz_size(f, 64);
        }
    }
}

static void check_sweeps(fz *f, uint16_t n, const eo_broadphase_layer *ls, uint32_t n_want, uint16_t *order, eo_sweep sw[2])
{
    int axis;
    uint32_t count;
    for (axis = 0; axis < 2; axis++) {
        uint8_t reuse = fz_u8(f) & 1u; /* last frame's order (a permutation), or from scratch */
        if (sweep_ref_find_pairs(boxes, n, (eo_aabb_order)axis, ls, order + axis * MAX_N, reuse, got, MAX_PAIRS, &count,
                                NULL) != EO_OK)
            abort();
        same_set(count, n_want);
        if (eo_sweep_find_pairs(&sw[axis], boxes, n, ls, got, MAX_PAIRS, &count, NULL, NULL) != EO_OK)
            abort();
        same_set(count, n_want);
    }
}

static void check_tune(fz *f, uint16_t n, const eo_broadphase_layer *ls, uint32_t n_want)
{
    eo_sectors_config cfgs[4];
    eo_sectors_tune_row rows[4];
    uint8_t count = (uint8_t)(1 + fz_below(f, 4)), c, best = 0xEE, have = 0, best_want = 0;
    size_t need = 0, have_size;
    void *storage;
    eo_result r;
    for (c = 0; c < count; c++) {
        size_t s;
        random_config(f, &cfgs[c], n);
        s = eo_sectors_storage_size(&cfgs[c]);
        need = s > need ? s : need;
    }
    have_size = (fz_u8(f) & 3u) == 0 ? fz_below(f, (uint32_t)need + 1u) : need;
    storage = malloc(have_size ? have_size : 1u);
    r = eo_sectors_tune(boxes, n, ls, cfgs, count, storage, have_size, rows, &best);
    for (c = 0; c < count; c++) {
        cfg_ref ref;
        int ok = ref_config(&cfgs[c], &ref);
        size_t s = eo_sectors_storage_size(&cfgs[c]);
        eo_result want_r = !ok ? EO_ERR_BAD_ARGUMENT : have_size < s ? EO_ERR_BUFFER_TOO_SMALL
                           : n > ref.max_objects ? EO_ERR_BAD_ARGUMENT
                           : memberships(&ref, n) > ref.max_entries ? EO_ERR_BUFFER_TOO_SMALL
                           : worst_memberships(&ref, n) > ref.max_entries ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
        if (rows[c].result != want_r)
            abort();
        if (want_r != EO_OK)
            continue;
        if (rows[c].stats.pairs_found != n_want ||
            rows[c].cost != ref.cols * ref.rows + 3u * rows[c].stats.insertions + rows[c].stats.candidate_pairs)
            abort();
        if (!have || rows[c].cost < rows[best_want].cost)
            best_want = c;
        have = 1;
    }
    if (r != (have ? EO_OK : rows[0].result) || (have && best != best_want))
        abort();
    free(storage);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint16_t order[2 * MAX_N];
    fz f;
    eo_sectors_config cfg;
    eo_sectors grid;
    cfg_ref ref;
    eo_sweep sw[2];
    void *sw_store[2];
    uint16_t n, i, frame, k;
    uint32_t n_want, count;
    size_t need, have_size;
    uint8_t *storage;
    int valid, built;
    const eo_broadphase_layer *ls;
    eo_result r;
    eo_broadphase_stats stats;
    eo_trace_step steps[16];
    eo_hooks hooks;
    int64_t cx, cy, spread;

    fz_init(&f, data, size);
    n = (uint16_t)(fz_rare(&f, 64) ? fz_below(&f, MAX_N + 1u) : fz_below(&f, 40));
    ls = (fz_u8(&f) & 1u) ? layers : NULL;
    cx = fz_near(&f, 0, 200, 8);
    cy = fz_near(&f, 0, 200, 8);
    spread = 1 + fz_below(&f, 600);
    for (i = 0; i < n; i++) {
        if ((fz_u8(&f) & 31u) == 0) {
            cx = fz_coord(&f);
            cy = fz_coord(&f);
        }
        boxes[i].x = fz_near(&f, cx, spread, 16);
        boxes[i].y = fz_near(&f, cy, spread, 16);
        boxes[i].w = fz_size(&f, spread / 2 + 1);
        boxes[i].h = fz_size(&f, spread / 2 + 1);
        layers[i].category = (uint16_t)(1u << fz_below(&f, 16));
        layers[i].collides_with = fz_u16(&f);
    }
    random_config(&f, &cfg, n);
    valid = ref_config(&cfg, &ref);
    need = eo_sectors_storage_size(&cfg);
    if ((need != 0) != valid)
        abort();
    have_size = (fz_u8(&f) & 7u) == 0 ? fz_below(&f, (uint32_t)need + 2u) : need;
    storage = malloc(have_size ? have_size : 1u); /* exactly as large as told: ASan sees past it */
    eo_hooks_init(&hooks, steps, (uint16_t)fz_below(&f, 17));
    r = eo_sectors_init(&grid, &cfg, storage, have_size);
    for (k = 0; k < 2; k++) {
        size_t s = eo_sweep_storage_size(n);
        sw_store[k] = malloc(s ? s : 1u);
        if (s == 0 || eo_sweep_init(&sw[k], n, (eo_aabb_order)k, sw_store[k], s) != EO_OK)
            abort();
    }
    for (i = 0; i < n; i++)
        order[i] = order[MAX_N + i] = i;

    n_want = brute(n, ls);
    check_sweeps(&f, n, ls, n_want, order, sw);
    if (r != (!valid ? EO_ERR_BAD_ARGUMENT : have_size < need ? EO_ERR_BUFFER_TOO_SMALL : EO_OK))
        abort();
    if (r == EO_OK) {
        eo_sectors_range got_r, want_r;
        for (frame = 0; frame < 3; frame++) {
            uint32_t needs = memberships(&ref, n);
            eo_result want_build = n > ref.max_objects ? EO_ERR_BAD_ARGUMENT
                                   : needs > ref.max_entries ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
            memset(&stats, 0, sizeof stats);
            r = frame == 0 ? eo_sectors_build(&grid, boxes, n, &stats, &hooks) : eo_sectors_update(&grid, boxes, n, &stats, &hooks);
            if (r != want_build)
                abort();
            built = r == EO_OK;
            count = 0xDEAD;
            r = eo_sectors_find_pairs(&grid, boxes, ls, got, MAX_PAIRS, &count, &stats, &hooks);
            if (built) {
                if (r != EO_OK)
                    abort();
                same_set(count, n_want);
                for (i = 0; i < n; i++) {
                    want_r = ref_range(&ref, &boxes[i]);
                    if (eo_sectors_object_range(&grid, i, &got_r) != EO_OK || memcmp(&got_r, &want_r, sizeof got_r) != 0)
                        abort();
                }
                if (eo_sectors_object_range(&grid, n, &got_r) != EO_ERR_BAD_ARGUMENT)
                    abort();
            } else if (r != EO_ERR_NOT_READY || count != 0) {
                abort(); /* left empty: an error, never an empty answer, until a build fits */
            }
            /* any box's range, built or not */
            {
                eo_box probe;
                probe.x = fz_near(&f, ref.wx, 2 * ref.cw * ref.cols, 4);
                probe.y = fz_near(&f, ref.wy, 2 * ref.ch * ref.rows, 4);
                probe.w = fz_size(&f, ref.cw * 2);
                probe.h = fz_size(&f, ref.ch * 2);
                want_r = ref_range(&ref, &probe);
                if (eo_sectors_box_range(&grid, &probe, &got_r) != EO_OK || memcmp(&got_r, &want_r, sizeof got_r) != 0)
                    abort();
            }
            /* next frame: moved boxes, sometimes one object fewer (a rebuild) */
            move_boxes(&f, n);
            if (n > 0 && (fz_u8(&f) & 7u) == 0) {
                n--; /* last frame's orders are no longer permutations of 0 .. n-1 */
                for (i = 0; i < n; i++)
                    order[i] = order[MAX_N + i] = i;
            }
            n_want = brute(n, ls);
            check_sweeps(&f, n, ls, n_want, order, sw);
        }
    }
    if ((fz_u8(&f) & 3u) == 0)
        check_tune(&f, n, ls, n_want);
    free(storage);
    free(sw_store[0]);
    free(sw_store[1]);
    return 0;
}
