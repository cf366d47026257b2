/* Private: the side through which a pixel walk enters a box or a tile, for the segment queries
   (query_segment.c) and the tile ray cast (raycast.c), which walk alike (query.h, raycast.h). */
#ifndef EARLYOUT_SRC_FACES_H
#define EARLYOUT_SRC_FACES_H

#include "earlyout/common.h"
#include "inline.h"

/* How a walk enters a pixel, in the order it visits pixels entered at the same t: the start pixel
   (0), across a vertical pixel line (1), across a horizontal one (2), or diagonally through a
   corner (3). The face of a box (or tile) entered with this rank, moving (sx, sy): the side the walk
   crossed, EO_HIT_* (common.h); both of a corner's sides for rank 3; 0 for the start pixel. */
INLINE uint8_t face_of(uint8_t rank, int8_t sx, int8_t sy)
{
    uint8_t f = 0;
    if (rank == 1u || rank == 3u)
        f = sx > 0 ? EO_HIT_LEFT : EO_HIT_RIGHT;
    if (rank == 2u || rank == 3u)
        f = (uint8_t)(f | (sy > 0 ? EO_HIT_TOP : EO_HIT_BOTTOM));
    return f;
}

#endif
