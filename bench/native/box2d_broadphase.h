/* Box2D 2.4.1's b2BroadPhase with a pair cache, for bench_broadphase.c (box2d_broadphase.cpp). */
#ifndef EARLYOUT_BENCH_BOX2D_BROADPHASE_H
#define EARLYOUT_BENCH_BOX2D_BROADPHASE_H

#include "earlyout/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct box2d_bp box2d_bp;
/* One proxy per box; the pair cache filled once. */
box2d_bp *box2d_bp_create(const eo_box *boxes, uint32_t n);
/* Moves every proxy to its box, updates the pairs, writes up to cap overlapping pairs (in no
   particular order) and returns how many overlap. */
uint32_t box2d_bp_frame(box2d_bp *h, const eo_box *boxes, uint32_t n, eo_pair *out, uint32_t cap);
void box2d_bp_destroy(box2d_bp *h);

#ifdef __cplusplus
}
#endif

#endif
