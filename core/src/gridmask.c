/* Grid masks: MSX Game Library-style early elimination, in its classic form (endpoints) and in
   the correct form (span). See earlyout/gridmask.h for the manual. This file is shown, line by
   line, in lesson 1: keep it readable. (The MSX build's pair loop is Z80 assembly:
   core/src/z80/gridmask.c stands in for this file there, with the rest of it included.) */
#include "earlyout/gridmask.h"

#include <stddef.h>

#include "hooks.h"

enum { AXIS_X = 0, AXIS_Y = 1 };

/* Tables instead of variable shifts: a Z80 shifts one bit per instruction. */
static const uint16_t cell_bit[16] = {
    0x0001, 0x0002, 0x0004, 0x0008, 0x0010, 0x0020, 0x0040, 0x0080,
    0x0100, 0x0200, 0x0400, 0x0800, 0x1000, 0x2000, 0x4000, 0x8000
};
static const uint16_t cells_from[16] = { /* cell i and every cell above it */
    0xFFFF, 0xFFFE, 0xFFFC, 0xFFF8, 0xFFF0, 0xFFE0, 0xFFC0, 0xFF80,
    0xFF00, 0xFE00, 0xFC00, 0xF800, 0xF000, 0xE000, 0xC000, 0x8000
};
static const uint16_t cells_upto[16] = { /* cell i and every cell below it */
    0x0001, 0x0003, 0x0007, 0x000F, 0x001F, 0x003F, 0x007F, 0x00FF,
    0x01FF, 0x03FF, 0x07FF, 0x0FFF, 0x1FFF, 0x3FFF, 0x7FFF, 0xFFFF
};

/* Cells needed to cover `screen` px with cells of 1 << shift px (screen >= 1). 16 bits wide:
   a 16640-px screen in 32-px cells needs 520 cells, which a byte would see as 8. */
static uint16_t cells_for(int16_t screen, uint8_t shift)
{
    return (uint16_t)((((uint16_t)screen - 1u) >> shift) + 1u);
}

eo_result eo_gridmask_layout_check(const eo_gridmask_layout *layout)
{
    uint8_t half;
    if (layout == NULL)
        return EO_ERR_NULL_POINTER;
    if (layout->bits != 8 && layout->bits != 16 && layout->bits != 32)
        return EO_ERR_BAD_LAYOUT;
    if (layout->reserved != 0 || layout->cell_shift_x > 14 || layout->cell_shift_y > 14)
        return EO_ERR_BAD_LAYOUT;
    if (layout->screen_w < 1 || layout->screen_h < 1)
        return EO_ERR_BAD_LAYOUT;
    half = (uint8_t)(layout->bits / 2u);
    if (cells_for(layout->screen_w, layout->cell_shift_x) > half ||
        cells_for(layout->screen_h, layout->cell_shift_y) > half)
        return EO_ERR_BAD_LAYOUT;
    return EO_OK;
}

eo_result eo_gridmask_prepare(const eo_gridmask_layout *layout, eo_gridmask_grid *grid)
{
    eo_result r;
    if (grid == NULL)
        return EO_ERR_NULL_POINTER;
    grid->ready = 0;
    r = eo_gridmask_layout_check(layout);
    if (r != EO_OK)
        return r;
    grid->layout = *layout;
    grid->half = (uint8_t)(layout->bits / 2u);
    grid->axis[AXIS_X].screen = layout->screen_w;
    grid->axis[AXIS_X].shift = layout->cell_shift_x;
    grid->axis[AXIS_X].last_cell = (uint8_t)(cells_for(layout->screen_w, layout->cell_shift_x) - 1u);
    grid->axis[AXIS_Y].screen = layout->screen_h;
    grid->axis[AXIS_Y].shift = layout->cell_shift_y;
    grid->axis[AXIS_Y].last_cell = (uint8_t)(cells_for(layout->screen_h, layout->cell_shift_y) - 1u);
    grid->ready = EO_GRIDMASK_READY;
    return EO_OK;
}

/* The bits of one axis for a non-empty span pos .. pos+size-1 (size >= 1). Off-screen parts
   are clamped to the edge cells. No sum here can overflow: pos + size is only formed once we
   know it stays below the screen's size. */
static uint16_t axis_bits(const eo_gridmask_axis *ax, uint8_t axis, eo_coord pos, eo_coord size,
                          eo_gridmask_method method, eo_hooks *hooks)
{
    eo_coord screen = ax->screen;
    uint8_t shift = ax->shift, first, last;
    uint16_t bits;

    (void)axis; /* named by the traced build's steps only */
    EO_STEP_BELOW(hooks, EO_EV_GRIDMASK_FIRST_PX, axis, pos);
    EO_STEP_BELOW(hooks, EO_EV_GRIDMASK_LAST_PX, axis, (eo_wide)pos + size - 1);
    if (pos >= screen) {
        /* wholly past the far edge: the last cell stands for everything beyond it */
        first = last = ax->last_cell;
    } else if (pos < 0 && pos + size <= 0) { /* signs differ: this sum cannot overflow */
        /* wholly before the near edge: cell 0 stands for everything before it */
        first = last = 0;
    } else {
        /* the span touches the screen: first and last pixel on screen, then their cells */
        first = pos < 0 ? 0 : (uint8_t)((eo_ucoord)pos >> shift);
        if ((eo_ucoord)size > (eo_ucoord)((eo_ucoord)screen - (eo_ucoord)pos)) /* room left, 1..32767 */
            last = ax->last_cell;
        else
            last = (uint8_t)((eo_ucoord)(pos + size - 1) >> shift);
    }
    first &= 15u; /* a no-op for a prepared grid; keeps a forged one inside the tables */
    last &= 15u;
    EO_STEP_BELOW(hooks, EO_EV_GRIDMASK_CELLS, axis, (int32_t)first * 256 + last);
    if (method == EO_GRIDMASK_ENDPOINTS) {
        bits = cell_bit[first] | cell_bit[last];       /* classic: holes between first and last */
        EO_STEP_ABOVE(hooks, EO_EV_GRIDMASK_AXIS_BITS, axis, bits);
    } else {
        bits = cells_from[first] & cells_upto[last];   /* every cell the box touches */
        EO_STEP_ABOVE(hooks, EO_EV_GRIDMASK_AXIS_BITS, axis, bits);
    }
    return bits;
}

/* X field low, Y field high. Constant shifts per layout: a Z80 moves whole bytes for << 8, << 16. */
static eo_gridmask join_fields(uint8_t half, uint16_t x_bits, uint16_t y_bits)
{
    if (half == 4)
        return (eo_gridmask)(uint8_t)(x_bits | (uint8_t)(y_bits << 4));
    if (half == 8)
        return (eo_gridmask)(uint16_t)(x_bits | (uint16_t)(y_bits << 8));
    return (eo_gridmask)x_bits | ((eo_gridmask)y_bits << 16);
}

/* Builds one mask; the grid and method were checked by the caller. */
static eo_gridmask build_one(const eo_gridmask_grid *g, eo_gridmask_method method,
                             const eo_box *box, eo_hooks *hooks)
{
    uint16_t x_bits, y_bits;
    eo_gridmask mask;

    EO_STEP_BELOW(hooks, EO_EV_GRIDMASK_BEGIN, method, g->layout.bits);
    EO_COUNT(hooks, EO_COUNTER_GRIDMASK_BUILT);
    if (box->w <= 0 || box->h <= 0) {
        /* an empty box overlaps nothing: mask 0 eliminates it against every other mask */
        EO_STEP_BELOW(hooks, EO_EV_GRIDMASK_EMPTY, box->w, box->h);
        return 0;
    }
    x_bits = axis_bits(&g->axis[AXIS_X], AXIS_X, box->x, box->w, method, hooks);
    y_bits = axis_bits(&g->axis[AXIS_Y], AXIS_Y, box->y, box->h, method, hooks);
    mask = join_fields(g->half, x_bits, y_bits);
    EO_STEP_ABOVE(hooks, EO_EV_GRIDMASK_MASK, mask & 0xFFFFu, mask >> 16);
    return mask;
}

static eo_result check_build_args(const eo_gridmask_grid *grid, eo_gridmask_method method)
{
    if (grid == NULL)
        return EO_ERR_NULL_POINTER;
    if (grid->ready != EO_GRIDMASK_READY)
        return EO_ERR_BAD_LAYOUT;
    if (method != EO_GRIDMASK_SPAN && method != EO_GRIDMASK_ENDPOINTS)
        return EO_ERR_BAD_ARGUMENT;
    return EO_OK;
}

eo_result eo_gridmask_build(const eo_gridmask_grid *grid, eo_gridmask_method method,
                            const eo_box *box, eo_gridmask *out, eo_hooks *hooks)
{
    eo_result r;
    if (box == NULL || out == NULL)
        return EO_ERR_NULL_POINTER;
    r = check_build_args(grid, method);
    if (r != EO_OK)
        return r;
    *out = build_one(grid, method, box, hooks);
    return EO_OK;
}

eo_result eo_gridmask_build_many(const eo_gridmask_grid *grid, eo_gridmask_method method,
                                 const eo_box *boxes, uint16_t count, eo_gridmask *masks,
                                 eo_hooks *hooks)
{
    uint16_t i;
    eo_result r = check_build_args(grid, method);
    if (r != EO_OK)
        return r;
    if (count > 0 && (boxes == NULL || masks == NULL))
        return EO_ERR_NULL_POINTER;
    for (i = 0; i < count; i++)
        masks[i] = build_one(grid, method, &boxes[i], hooks);
    return EO_OK;
}

/* The test itself, for a prepared grid: one AND per field, X first. */
static eo_gridmask_verdict test_masks(uint8_t half, eo_gridmask a, eo_gridmask b, eo_hooks *hooks)
{
    eo_gridmask shared = a & b;
    uint16_t shared_x, shared_y;

    if (half == 4) {
        shared_x = (uint8_t)shared & 0x0Fu;
        shared_y = (uint8_t)shared >> 4;
    } else if (half == 8) {
        shared_x = (uint16_t)shared & 0xFFu;
        shared_y = (uint16_t)shared >> 8;
    } else {
        shared_x = (uint16_t)shared;
        shared_y = (uint16_t)(shared >> 16);
    }
    EO_COUNT(hooks, EO_COUNTER_GRIDMASK_TESTS);
    EO_STEP_BELOW(hooks, EO_EV_GRIDMASK_AND_X, shared_x, shared_x != 0);
    if (shared_x == 0) {
        /* no column in common: stop here, Y is never looked at */
        EO_COUNT(hooks, EO_COUNTER_GRIDMASK_ELIMINATED);
        EO_STEP_BELOW(hooks, EO_EV_GRIDMASK_VERDICT, EO_GRIDMASK_APART_X, 0);
        return EO_GRIDMASK_APART_X;
    }
    EO_STEP_BELOW(hooks, EO_EV_GRIDMASK_AND_Y, shared_y, shared_y != 0);
    if (shared_y == 0) {
        EO_COUNT(hooks, EO_COUNTER_GRIDMASK_ELIMINATED);
        EO_STEP_BELOW(hooks, EO_EV_GRIDMASK_VERDICT, EO_GRIDMASK_APART_Y, 0);
        return EO_GRIDMASK_APART_Y;
    }
    EO_STEP_BELOW(hooks, EO_EV_GRIDMASK_VERDICT, EO_GRIDMASK_MAYBE, 0);
    return EO_GRIDMASK_MAYBE;
}

eo_gridmask_verdict eo_gridmask_test(const eo_gridmask_grid *grid, eo_gridmask a, eo_gridmask b,
                                     eo_hooks *hooks)
{
    if (grid == NULL || grid->ready != EO_GRIDMASK_READY)
        return EO_GRIDMASK_BAD_LAYOUT;
    return test_masks(grid->half, a, b, hooks);
}

eo_result eo_gridmask_find_candidates(const eo_gridmask_grid *grid, const eo_gridmask *masks,
                                      uint16_t count, eo_pair *pairs, uint32_t pair_capacity,
                                      uint32_t *pair_count, eo_hooks *hooks)
{
    uint16_t i, j;
    uint32_t found = 0;

    if (grid == NULL || pair_count == NULL || (count > 0 && masks == NULL) ||
        (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    if (grid->ready != EO_GRIDMASK_READY)
        return EO_ERR_BAD_LAYOUT;

    for (i = 0; i + 1u < count; i++) {
        for (j = (uint16_t)(i + 1u); j < count; j++) {
            if (EO_GRIDMASK_ELIMINATED(test_masks(grid->half, masks[i], masks[j], hooks)))
                continue;
            if (found < pair_capacity) {
                pairs[found].a = i;
                pairs[found].b = j;
            }
            found++;
        }
    }
    *pair_count = found;
    return found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
