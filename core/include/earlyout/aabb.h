/* earlyout/aabb.h: do two boxes (or circles) overlap, and how many comparisons did it take?

   Boxes are half-open (common.h): a box at x with width w covers x .. x+w-1, so two boxes that
   only touch (a.x + a.w == b.x) do not overlap. Empty boxes (w <= 0 or h <= 0) overlap nothing.
   Every eo_coord coordinate and size is accepted; no sum is formed that could overflow.

   Axis order
       A box test is four interval comparisons: "A ends before B starts" and "B ends before A
       starts" on each axis; the first that holds proves the boxes apart. Testing the axis that
       separates more pairs first saves comparisons: in a scene of horizontal rows of soldiers,
       most pairs are apart vertically, so Y first rejects them after one or two comparisons.
       eo_aabb_choose_order() picks the order from a sample of the scene and reports the saving.
       (The GameDev.net article "Intelligent 2D Collision and Pixel Perfect Precision".)

   Circles
       eo_aabb_circle: centre (x, y), radius r in 0 .. 16383 (r 0 is a point). Two circles overlap when
       the distance between centres is less than r1 + r2 (touching does not overlap), decided in
       exact integer arithmetic: a box pre-test rejects far pairs, after which dx*dx + dy*dy fits
       in 32 bits unsigned.

   Counters (traced build): EO_COUNTER_AABB_TESTS, _COMPARISONS, _OVERLAPS.

   What it does not do: find pairs among many boxes faster than testing them all (the broadphases
   do: sectors.h, sweep.h), say how far two boxes overlap or how to part them (contact.h), or test a
   box against a circle. */
#ifndef EARLYOUT_AABB_H
#define EARLYOUT_AABB_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum eo_aabb_order {
    EO_AABB_X_FIRST = 0,
    EO_AABB_Y_FIRST = 1
} eo_aabb_order;

typedef struct eo_aabb_circle {
    eo_coord x, y;  /* centre: any eo_coord */
    eo_coord r;     /* radius, 0 .. 16383 (EO_AABB_CIRCLE_MAX_RADIUS, also in the 32-bit build) */
} eo_aabb_circle;

#define EO_AABB_CIRCLE_MAX_RADIUS 16383

/// 1 if the boxes share a pixel, else 0 (X first). A NULL box counts as empty.
uint8_t eo_aabb_overlap(const eo_box *a, const eo_box *b);

/// 1 if the boxes share a pixel, else 0, testing the axes in `order` with early out.
/// *comparisons (may be NULL) receives the interval comparisons made: 1 .. 4 (0 for an empty box).
uint8_t eo_aabb_overlap_ordered(const eo_box *a, const eo_box *b, eo_aabb_order order,
                                uint8_t *comparisons, eo_hooks *hooks);

/// Every overlapping pair i < j (i ascending, then j) by testing all n(n-1)/2 pairs: the baseline
/// every broadphase is measured against. *pair_count gets the total even when it exceeds
/// pair_capacity (then EO_ERR_BUFFER_TOO_SMALL, and only pair_capacity pairs are written).
/// *comparisons (may be NULL) gets the total interval comparisons.
eo_result eo_aabb_find_pairs(const eo_box *boxes, uint16_t count, eo_aabb_order order,
                             eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                             uint32_t *comparisons, eo_hooks *hooks);

/// What eo_aabb_choose_order measured on its sample.
typedef struct eo_aabb_order_report {
    eo_aabb_order order;            /* the order chosen: the one with fewer comparisons (X on a tie) */
    uint32_t pairs_sampled;
    uint32_t comparisons_x_first;   /* comparisons the sample cost testing X first */
    uint32_t comparisons_y_first;   /* ... testing Y first */
    uint32_t apart_on_x;            /* sampled pairs an X comparison alone separates */
    uint32_t apart_on_y;            /* sampled pairs a Y comparison alone separates */
} eo_aabb_order_report;

/// Picks the axis order for a scene by testing every pair among at most sample_limit boxes
/// (2 .. 255) spread evenly over the array. EO_ERR_BAD_ARGUMENT for a bad sample_limit.
eo_result eo_aabb_choose_order(const eo_box *boxes, uint16_t count, uint8_t sample_limit,
                               eo_aabb_order_report *report, eo_hooks *hooks);

/// Sets *overlap to 1 if the circles overlap, else 0. EO_ERR_BAD_ARGUMENT if a radius is outside
/// 0 .. EO_AABB_CIRCLE_MAX_RADIUS (then *overlap is untouched).
eo_result eo_aabb_circle_overlap(const eo_aabb_circle *a, const eo_aabb_circle *b, uint8_t *overlap, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
