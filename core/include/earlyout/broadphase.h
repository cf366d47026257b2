/* earlyout/broadphase.h: what the broadphases share (sectors.h, sweep.h and the queries of query.h).

   Layers: an optional array of one eo_broadphase_layer per object. Objects a and b may interact,
   and a broadphase reports or tests their pair, only when
       (layer[a].category & layer[b].collides_with) and (layer[b].category & layer[a].collides_with);
   a NULL layers array lets every pair interact, and so does { 0xFFFF, 0xFFFF } for one object.
   (The GameDev.net article "Intelligent 2D Collision and Pixel Perfect Precision": segregating
   objects that never interact.)

   Stats: the calls that take an eo_broadphase_stats add the work they did to it (zero it
   yourself); NULL costs nothing.

   What it does not do: find anything itself; it holds what the broadphases share. */
#ifndef EARLYOUT_BROADPHASE_H
#define EARLYOUT_BROADPHASE_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Which objects may interact: see the manual above. { 0xFFFF, 0xFFFF } interacts with all.
typedef struct eo_broadphase_layer {
    uint16_t category;
    uint16_t collides_with;
} eo_broadphase_layer;

/// Work done, added to (never reset) by the calls that take it; zero it yourself.
typedef struct eo_broadphase_stats {
    uint32_t insertions;         /* memberships written (sectors) */
    uint32_t removals;           /* memberships removed by persistent updates */
    uint32_t objects_moved;      /* objects whose sector range changed (persistent updates) */
    uint32_t rebuilds;           /* full rebuilds */
    uint32_t candidate_pairs;    /* pairs met in a shared sector (or overlapping on the sweep axis) */
    uint32_t duplicates_skipped; /* pairs met again in a later shared sector */
    uint32_t layer_filtered;     /* pairs dropped by layers before the box test */
    uint32_t box_tests;          /* box overlap tests made */
    uint32_t pairs_found;        /* overlapping pairs reported */
} eo_broadphase_stats;

#ifdef __cplusplus
}
#endif

#endif
