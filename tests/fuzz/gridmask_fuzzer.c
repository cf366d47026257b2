/* libFuzzer target for gridmask.h: layouts of every width, cell size and screen (valid and not),
   both methods and bad ones, up to 300 boxes anywhere in the eo_coord range (most of them near
   the screen). The oracle is written here from the header's definitions, in 64-bit arithmetic:
     - a layout is valid when bits is 8, 16 or 32, the shifts are 0 .. 14, reserved is 0, the
       screen 1 .. 32767 px and ceil(screen / cell) cells fit a field (bits / 2);
     - a box's cells on an axis are floor(first pixel / cell) .. floor(last pixel / cell), each
       clamped to 0 .. last cell (off-screen boxes land in the nearest edge cell); SPAN sets every
       bit between them, ENDPOINTS only those two; an empty box gets 0;
     - eo_gridmask_build / _build_many write exactly those masks, or nothing on an error;
     - eo_gridmask_test: APART_X if the X fields share no bit, else APART_Y if the Y fields share
       none, else MAYBE; BAD_LAYOUT for an unprepared grid; SPAN never eliminates overlapping boxes;
     - eo_gridmask_find_candidates: every pair the oracle's masks do not eliminate, in order, with
       a short buffer holding the prefix and the total counted past it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_N 300
#define UNTOUCHED 0xA5A5A5A5u

static int64_t floor_div(int64_t p, int64_t d)
{
    return p >= 0 ? p / d : -((-p + d - 1) / d);
}

static int layout_valid(const eo_gridmask_layout *l)
{
    int64_t half = l->bits / 2;
    if ((l->bits != 8 && l->bits != 16 && l->bits != 32) || l->reserved != 0 || l->cell_shift_x > 14 ||
        l->cell_shift_y > 14 || l->screen_w < 1 || l->screen_h < 1)
        return 0;
    return (l->screen_w + (1 << l->cell_shift_x) - 1) >> l->cell_shift_x <= half &&
           (l->screen_h + (1 << l->cell_shift_y) - 1) >> l->cell_shift_y <= half;
}

static uint32_t axis_field(int64_t pos, int64_t size, int64_t screen, unsigned shift, int endpoints)
{
    int64_t cell = (int64_t)1 << shift, last_cell = (screen + cell - 1) / cell - 1;
    int64_t c0 = floor_div(pos, cell), c1 = floor_div(pos + size - 1, cell), c;
    uint32_t bits = 0;
    c0 = c0 < 0 ? 0 : c0 > last_cell ? last_cell : c0;
    c1 = c1 < 0 ? 0 : c1 > last_cell ? last_cell : c1;
    for (c = c0; c <= c1; c++)
        if (!endpoints || c == c0 || c == c1)
            bits |= 1u << c;
    return bits;
}

static eo_gridmask ref_mask(const eo_gridmask_layout *l, int endpoints, const eo_box *b)
{
    if (b->w <= 0 || b->h <= 0)
        return 0;
    return axis_field(b->x, b->w, l->screen_w, l->cell_shift_x, endpoints) |
           axis_field(b->y, b->h, l->screen_h, l->cell_shift_y, endpoints) << (l->bits / 2);
}

static int ref_verdict(const eo_gridmask_layout *l, eo_gridmask a, eo_gridmask b)
{
    uint32_t field = (uint32_t)((1ull << (l->bits / 2)) - 1u), both = a & b;
    if ((both & field) == 0)
        return EO_GRIDMASK_APART_X;
    if (((both >> (l->bits / 2)) & field) == 0)
        return EO_GRIDMASK_APART_Y;
    return EO_GRIDMASK_MAYBE;
}

static int overlap(const eo_box *a, const eo_box *b)
{
    return a->w > 0 && a->h > 0 && b->w > 0 && b->h > 0 && (int64_t)a->x < (int64_t)b->x + b->w &&
           (int64_t)b->x < (int64_t)a->x + a->w && (int64_t)a->y < (int64_t)b->y + b->h &&
           (int64_t)b->y < (int64_t)a->y + a->h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static eo_box boxes[MAX_N];
    static eo_gridmask want[MAX_N], masks[MAX_N];
    static eo_pair pairs_want[MAX_N * (MAX_N - 1) / 2];
    fz f;
    eo_gridmask_layout layout;
    eo_gridmask_grid grid;
    eo_gridmask one;
    eo_pair *pairs;
    uint16_t n, i, j;
    uint32_t n_pairs = 0, cap, count;
    uint8_t method;
    int valid, endpoints, v;
    eo_result r;
    eo_trace_step steps[8];
    eo_hooks hooks;

    fz_init(&f, data, size);
    /* a layout: mostly valid (screens that fit the field), sometimes anything */
    layout.bits = (uint8_t)(8u << fz_below(&f, 3));
    layout.cell_shift_x = (uint8_t)fz_below(&f, 15);
    layout.cell_shift_y = (uint8_t)fz_below(&f, 15);
    layout.reserved = 0;
    layout.screen_w = (int16_t)(1 + fz_below(&f, (uint32_t)((layout.bits / 2) << layout.cell_shift_x) < 32767u
                                                   ? (uint32_t)((layout.bits / 2) << layout.cell_shift_x) : 32767u));
    layout.screen_h = (int16_t)(1 + fz_below(&f, (uint32_t)((layout.bits / 2) << layout.cell_shift_y) < 32767u
                                                   ? (uint32_t)((layout.bits / 2) << layout.cell_shift_y) : 32767u));
    if ((fz_u8(&f) & 7u) == 0) { /* any bytes at all */
        layout.bits = fz_u8(&f);
        layout.cell_shift_x = fz_u8(&f);
        layout.cell_shift_y = (uint8_t)fz_below(&f, 17);
        layout.reserved = (uint8_t)(fz_u8(&f) & 1u);
        layout.screen_w = (int16_t)fz_u16(&f);
        layout.screen_h = (int16_t)fz_u16(&f);
    }
    method = (fz_u8(&f) & 15u) == 0 ? fz_u8(&f) : (uint8_t)(fz_u8(&f) & 1u);
    endpoints = method == EO_GRIDMASK_ENDPOINTS;
    valid = layout_valid(&layout);
    memset(&grid, 0x5A, sizeof grid);
    r = eo_gridmask_prepare(&layout, &grid);
    if (r != (valid ? EO_OK : EO_ERR_BAD_LAYOUT) || eo_gridmask_layout_check(&layout) != r ||
        (grid.ready == EO_GRIDMASK_READY) != valid)
        abort();
    if (eo_gridmask_layout_check(NULL) != EO_ERR_NULL_POINTER || eo_gridmask_prepare(&layout, NULL) != EO_ERR_NULL_POINTER)
        abort();

    n = (uint16_t)(fz_rare(&f, 64) ? fz_below(&f, MAX_N + 1u) : fz_below(&f, 24));
    for (i = 0; i < n; i++) {
        /* near the screen, straddling its edges, or anywhere */
        boxes[i].x = fz_near(&f, layout.screen_w / 2, layout.screen_w + 64, 8);
        boxes[i].y = fz_near(&f, layout.screen_h / 2, layout.screen_h + 64, 8);
        boxes[i].w = fz_size(&f, layout.screen_w / 2 + 2);
        boxes[i].h = fz_size(&f, layout.screen_h / 2 + 2);
        want[i] = valid ? ref_mask(&layout, endpoints, &boxes[i]) : 0;
    }

    /* one at a time, with small hooks (the traced build must not overrun them) */
    eo_hooks_init(&hooks, steps, (uint16_t)fz_below(&f, 9));
    for (i = 0; i < n; i++) {
        one = UNTOUCHED;
        r = eo_gridmask_build(&grid, (eo_gridmask_method)method, &boxes[i], &one, &hooks);
        if (!valid ? r != EO_ERR_BAD_LAYOUT || one != UNTOUCHED
                   : method > 1 ? r != EO_ERR_BAD_ARGUMENT || one != UNTOUCHED : r != EO_OK || one != want[i])
            abort();
    }
    /* all at once: the same masks, or none written */
    for (i = 0; i < n; i++)
        masks[i] = UNTOUCHED;
    r = eo_gridmask_build_many(&grid, (eo_gridmask_method)method, boxes, n, masks, &hooks);
    if (r != (!valid ? EO_ERR_BAD_LAYOUT : method > 1 ? EO_ERR_BAD_ARGUMENT : EO_OK))
        abort();
    for (i = 0; i < n; i++)
        if (masks[i] != (r == EO_OK ? want[i] : UNTOUCHED))
            abort();
    if (!valid && eo_gridmask_test(&grid, 1, 1, NULL) != EO_GRIDMASK_BAD_LAYOUT)
        abort();
    if (!valid || method > 1)
        return 0;

    /* verdicts, and the pairs left */
    for (i = 0; i < n; i++)
        for (j = (uint16_t)(i + 1u); j < n; j++) {
            v = ref_verdict(&layout, want[i], want[j]);
            if (i < 24 && (int)eo_gridmask_test(&grid, want[i], want[j], &hooks) != v)
                abort();
            if (!endpoints && EO_GRIDMASK_ELIMINATED(v) && overlap(&boxes[i], &boxes[j]))
                abort(); /* the guarantee: the oracle itself must keep it */
            if (!EO_GRIDMASK_ELIMINATED(v)) {
                pairs_want[n_pairs].a = i;
                pairs_want[n_pairs].b = j;
                n_pairs++;
            }
        }
    cap = (fz_u8(&f) & 3u) == 0 ? fz_below(&f, n_pairs + 2u) : n_pairs;
    pairs = malloc(sizeof *pairs * (cap ? cap : 1u));
    count = 0xDEAD;
    r = eo_gridmask_find_candidates(&grid, want, n, cap ? pairs : NULL, cap, &count, &hooks);
    if (r != (n_pairs > cap ? EO_ERR_BUFFER_TOO_SMALL : EO_OK) || count != n_pairs ||
        memcmp(pairs, pairs_want, sizeof *pairs * (n_pairs < cap ? n_pairs : cap)) != 0)
        abort();
    free(pairs);
    if (eo_gridmask_test(NULL, 1, 1, NULL) != EO_GRIDMASK_BAD_LAYOUT)
        abort();
    return 0;
}
