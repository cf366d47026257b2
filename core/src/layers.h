/* Private: the layer rule of broadphase.h, in one place for every module that filters by layer
   (sectors, sweep, the queries; the Z80 kernels call it too), and the queries' filter. */
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

/* Does a query's filter let object i through? When the filter and the object's layer meet (the
   object's layer is every layer when there are none: layers NULL); a NULL filter lets every object
   through. (A pointer to a constant, not a struct returned: SDCC returns no struct.) */
INLINE uint8_t filter_passes(const eo_broadphase_layer *filter, const eo_broadphase_layer *layers, eo_index i)
{
    static const eo_broadphase_layer every = { 0xFFFFu, 0xFFFFu };
    return filter == NULL || layers_meet(filter, layers != NULL ? &layers[i] : &every);
}

#endif
