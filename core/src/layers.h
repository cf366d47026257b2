/* Private: the layer rule of broadphase.h, in one place for every module that filters by layer
   (sectors, sweep, the queries; the Z80 kernels call it too). */
#ifndef EARLYOUT_SRC_LAYERS_H
#define EARLYOUT_SRC_LAYERS_H

#include "earlyout/broadphase.h"
#include "inline.h"

/* May objects a and b interact? When each one's category is among what the other collides with.
   & rather than &&: both halves are a few operations, and where branches are dear (inline.h) a
   guess about a pair of layers is often wrong. */
INLINE uint8_t layers_meet(const eo_broadphase_layer *a, const eo_broadphase_layer *b)
{
    return (uint8_t)(((a->category & b->collides_with) != 0) & ((b->category & a->collides_with) != 0));
}

#endif
