/* earlyout/gridmask.h: can two objects be in the same screen cell?

   The screen is cut into a grid of cells (e.g. 8 x 6 cells of 32 px on a 256 x 192 MSX screen).
   Each object gets a mask with one bit per column it touches (the X field, low half) and one bit
   per row it touches (the Y field, high half). Two objects whose X fields share no bit, or whose
   Y fields share no bit, cannot overlap: the pair is eliminated with one AND per axis, before any
   exact test. The idea is the MSX Game Library's "collision early elimination".

   Layouts (eo_gridmask_layout)
       bits 8:  X in bits 0..3, Y in bits 4..7   (at most 4 columns and 4 rows)
       bits 16: X in bits 0..7, Y in bits 8..15  (at most 8 columns and 8 rows)
       bits 32: X in bits 0..15, Y in bits 16..31 (at most 16 columns and 16 rows)
       Cells are (1 << cell_shift_x) x (1 << cell_shift_y) px; the screen is screen_w x screen_h px
       (1 .. 32767 each). Columns = ceil(screen_w / cell width) must fit the X field, rows likewise,
       else EO_ERR_BAD_LAYOUT. EO_GRIDMASK_LAYOUT_8/_16/_32 are ready-made.

   Prepare once, then build and test
       eo_gridmask_prepare() checks a layout and turns it into an eo_gridmask_grid holding what the
       hot path needs (shifts, last cells), so building a mask or testing a pair re-checks nothing
       but a one-byte "ready" mark. A grid that did not come from eo_gridmask_prepare is refused
       with EO_ERR_BAD_LAYOUT (or the verdict EO_GRIDMASK_BAD_LAYOUT).

           static const eo_gridmask_layout layout = EO_GRIDMASK_LAYOUT_16;
           eo_gridmask_grid grid;
           eo_gridmask_prepare(&layout, &grid);              (once)
           eo_gridmask_build(&grid, EO_GRIDMASK_SPAN, &box, &mask, NULL);
           if (EO_GRIDMASK_ELIMINATED(eo_gridmask_test(&grid, a, b, NULL))) ... skip the exact test

   Methods (eo_gridmask_method)
       EO_GRIDMASK_SPAN (default, 0): every cell from the first to the last the box touches.
       EO_GRIDMASK_ENDPOINTS: only the first and last cell (the classic formulation). For a box wider
           than a cell it leaves holes, so two overlapping boxes can be eliminated: a false negative.
           Kept so the lesson can show it; never use it in a game.

   Edges
       Boxes are half-open (x .. x+w-1). A box partly off-screen touches the cells it covers on
       screen; a box wholly off-screen is put in the nearest edge cell of that axis, so two
       off-screen boxes that overlap each other are never eliminated. An empty box (w <= 0 or
       h <= 0) gets mask 0, which eliminates it against everything (it overlaps nothing).
       x + w is never computed in a way that can wrap: any eo_coord x, y, w, h is accepted
       (the screen itself stays 1 .. 32767 px on each axis in every build).

   Guarantee
       With EO_GRIDMASK_SPAN, eo_gridmask_test never eliminates two boxes that overlap.
       tests/core/test_gridmask.c proves it against a brute-force box test.

   What it does not do: say that two objects overlap (a mask is a "maybe": pass the pairs it keeps
   to an exact test, aabb.h or pixelmask.h), cover a screen of more than 16 x 16 cells, or remember
   masks between frames (build them again when objects move). */
#ifndef EARLYOUT_GRIDMASK_H
#define EARLYOUT_GRIDMASK_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A grid mask: X field in the low half of the layout's bits, Y field in the high half.
typedef uint32_t eo_gridmask;

typedef struct eo_gridmask_layout {
    uint8_t bits;          /* mask width: 8, 16 or 32 */
    uint8_t cell_shift_x;  /* cell width is 1 << cell_shift_x px (0 .. 14) */
    uint8_t cell_shift_y;  /* cell height is 1 << cell_shift_y px (0 .. 14) */
    uint8_t reserved;      /* must be 0 */
    int16_t screen_w;      /* px, 1 .. 32767 */
    int16_t screen_h;      /* px, 1 .. 32767 */
} eo_gridmask_layout;

/* 8-bit: 4 x 3 cells of 64 px on a 256 x 192 screen. */
#define EO_GRIDMASK_LAYOUT_8  { 8, 6, 6, 0, 256, 192 }
/* 16-bit, as the MSX Game Library: 8 x 6 cells of 32 px on a 256 x 192 screen. */
#define EO_GRIDMASK_LAYOUT_16 { 16, 5, 5, 0, 256, 192 }
/* 32-bit for larger screens: 16 x 12 cells of 64 px on a 1024 x 768 screen. */
#define EO_GRIDMASK_LAYOUT_32 { 32, 6, 6, 0, 1024, 768 }

typedef enum eo_gridmask_method {
    EO_GRIDMASK_SPAN = 0,
    EO_GRIDMASK_ENDPOINTS = 1
} eo_gridmask_method;

/// What eo_gridmask_test found. Only the two APART verdicts eliminate a pair.
typedef enum eo_gridmask_verdict {
    EO_GRIDMASK_MAYBE = 0,       /* both axes share a cell: go on to the full test */
    EO_GRIDMASK_APART_X = 1,     /* X fields share no column (Y was not tested: early out) */
    EO_GRIDMASK_APART_Y = 2,     /* X fields share a column, Y fields share no row */
    EO_GRIDMASK_BAD_LAYOUT = 3   /* layout NULL or invalid: nothing was tested; not an elimination */
} eo_gridmask_verdict;

/// Non-zero when verdict v means "these two cannot overlap" (APART_X or APART_Y).
/// Evaluates v once, so EO_GRIDMASK_ELIMINATED(eo_gridmask_test(...)) tests once.
#define EO_GRIDMASK_ELIMINATED(v) ((unsigned)(v) - 1u < 2u)

/// One axis of a prepared grid.
typedef struct eo_gridmask_axis {
    int16_t screen;             /* screen size on this axis, px */
    uint8_t shift;              /* cell size is 1 << shift px */
    uint8_t last_cell;          /* last column (or row): cells on this axis - 1 */
} eo_gridmask_axis;

/// A layout made ready by eo_gridmask_prepare. Read-only for callers; axis[0] is X, axis[1] is Y.
typedef struct eo_gridmask_grid {
    eo_gridmask_layout layout;  /* the layout it was made from */
    uint8_t ready;              /* EO_GRIDMASK_READY after a successful prepare */
    uint8_t half;               /* bits per field: layout.bits / 2 */
    eo_gridmask_axis axis[2];
} eo_gridmask_grid;

#define EO_GRIDMASK_READY 0xA5u

/// EO_OK if the layout is usable; EO_ERR_NULL_POINTER or EO_ERR_BAD_LAYOUT otherwise.
eo_result eo_gridmask_layout_check(const eo_gridmask_layout *layout);

/// Checks the layout and fills *grid. On error grid->ready is cleared (if grid is not NULL).
eo_result eo_gridmask_prepare(const eo_gridmask_layout *layout, eo_gridmask_grid *grid);

/// Builds the mask of one box into *out. On any error *out is left untouched.
eo_result eo_gridmask_build(const eo_gridmask_grid *grid, eo_gridmask_method method,
                            const eo_box *box, eo_gridmask *out, eo_hooks *hooks);

/// Builds masks[i] for boxes[i], i < count (count 0 is fine). On error no mask is written.
eo_result eo_gridmask_build_many(const eo_gridmask_grid *grid, eo_gridmask_method method,
                                 const eo_box *boxes, uint16_t count, eo_gridmask *masks,
                                 eo_hooks *hooks);

/// Tests two masks of the same grid: X field first, then Y (see eo_gridmask_verdict).
eo_gridmask_verdict eo_gridmask_test(const eo_gridmask_grid *grid, eo_gridmask a, eo_gridmask b,
                                     eo_hooks *hooks);

/// Every pair i < j of masks that is not eliminated, in order (i ascending, then j), into pairs.
/// *pair_count receives the total found even when it exceeds pair_capacity; then only the first
/// pair_capacity pairs are written and EO_ERR_BUFFER_TOO_SMALL is returned. pairs may be NULL
/// when pair_capacity is 0 (to count only).
eo_result eo_gridmask_find_candidates(const eo_gridmask_grid *grid, const eo_gridmask *masks,
                                      uint16_t count, eo_pair *pairs, uint32_t pair_capacity,
                                      uint32_t *pair_count, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
