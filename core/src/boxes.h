/* Private: what several modules ask of boxes and spans, in one place. Every test here is
   half-open (common.h: a box at x with width w covers x .. x+w-1) and forms no sum that could
   pass EO_COORD_MAX. */
#ifndef EARLYOUT_SRC_BOXES_H
#define EARLYOUT_SRC_BOXES_H

#include "earlyout/common.h"
#include "inline.h"

/* Is b a box the movers and probes can take: w, h >= 1 and its last pixel on each axis inside the
   world (x + w - 1 <= EO_COORD_MAX), decided without forming the sum. */
INLINE uint8_t box_ok(const eo_box *b)
{
    return b->w > 0 && b->h > 0 &&
           (eo_ucoord)(b->w - 1) <= (eo_ucoord)((eo_ucoord)EO_COORD_MAX - (eo_ucoord)b->x) &&
           (eo_ucoord)(b->h - 1) <= (eo_ucoord)((eo_ucoord)EO_COORD_MAX - (eo_ucoord)b->y);
}

/* Do spans a .. a+a_len-1 and b .. b+b_len-1 share a pixel? Empty spans (a length <= 0) share
   none. The distance from the first start to the other is compared with the first span's length,
   in eo_ucoord: a branch, cheap on the Z80, where eo_wide is a slow 32-bit type. */
INLINE uint8_t spans_meet(eo_coord a, eo_coord a_len, eo_coord b, eo_coord b_len)
{
    if (a_len <= 0 || b_len <= 0)
        return 0;
    return b >= a ? (eo_ucoord)((eo_ucoord)b - (eo_ucoord)a) < (eo_ucoord)a_len
                  : (eo_ucoord)((eo_ucoord)a - (eo_ucoord)b) < (eo_ucoord)b_len;
}

#endif
