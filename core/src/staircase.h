/* Private: a straight segment's staircase, the lattice path the swept movers follow (tiles.h's
   eo_tiles_sweep, move.h's eo_move): the top-left pixel steps one pixel at a time, along X when
   the segment crosses the middle of a pixel column before the middle of a row, X first at a tie;
   consecutive steps along one axis form a run. One error term, e = (2i + 1)|dy| - (2j + 1)|dx|
   after i X steps and j Y steps, says which axis is next: X while e <= 0. It changes only while
   both axes have steps left, so |e| <= 2 max(|dx|, |dy|), which fits eo_wide. */
#ifndef EARLYOUT_SRC_STAIRCASE_H
#define EARLYOUT_SRC_STAIRCASE_H

#include "earlyout/common.h"
#include "inline.h"

typedef struct staircase {
    eo_wide ax, ay;   /* |dx|, |dy| */
    eo_wide i, j;     /* X and Y steps taken */
    eo_wide err;
} staircase;

INLINE void staircase_begin(staircase *s, eo_coord dx, eo_coord dy)
{
    s->ax = dx < 0 ? -(eo_wide)dx : dx;
    s->ay = dy < 0 ? -(eo_wide)dy : dy;
    s->i = s->j = 0;
    s->err = s->ay - s->ax;
}

/* The next run: its axis (0 x, 1 y) and its steps (>= 1). Returns 0 when the segment's end is reached. */
INLINE uint8_t staircase_next(staircase *s, uint8_t *axis, eo_wide *steps)
{
    eo_wide n = 0;
    if (s->i >= s->ax && s->j >= s->ay)
        return 0;
    *axis = (uint8_t)(s->i == s->ax ? 1 : s->j == s->ay ? 0 : s->err > 0);
    if (*axis == 0 && s->j == s->ay)
        n = s->ax - s->i; /* the rest is straight: err is no longer needed */
    else if (*axis == 1 && s->i == s->ax)
        n = s->ay - s->j;
    else if (*axis == 0)
        do {
            n++;
            s->err += 2 * s->ay;
        } while (s->i + n < s->ax && s->err <= 0);
    else
        do {
            n++;
            s->err -= 2 * s->ax;
        } while (s->j + n < s->ay && s->err > 0);
    if (*axis)
        s->j += n;
    else
        s->i += n;
    *steps = n;
    return 1;
}

#endif
