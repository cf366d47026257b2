/* Private: what lesson 4's steps report from pixelmask_pairs.c, in the traced build only. These
   appear only inside the hooks, which drop them unevaluated from every other build (hooks.h).
   For each row (and stripe j of R) the steps give the row of A and of B, then A's and B's bits
   lined up on the same screen columns, cut to the ones this AND tests (the rectangle's columns
   in L's stripe j, or in L's stripe j + 1 for the bits of R's word that reach into it), and the
   AND, with the screen x of its bit 0 (STRIPE_X). Values are the low 32 bits of a word. */
#ifndef EARLYOUT_SRC_PIXELMASK_STEPS_H
#define EARLYOUT_SRC_PIXELMASK_STEPS_H

#include "pixelmask_words.h"

#if EO_TRACE

/* bits & part, cut to the rectangle's columns rx0 .. rx1-1, for a word whose bit 0 is at screen
   x (a stripe inside the rectangle: rx0 < x + W and x < rx1). */
INLINE int32_t cut_to_rect(eo_wide x, eo_wide rx0, eo_wide rx1, eo_pixelmask_word part, eo_pixelmask_word bits)
{
    int from = (int)(rx0 > x ? rx0 - x : 0), to = (int)(rx1 - x < W ? rx1 - x : W); /* 0 .. W-1, 1 .. W */
    eo_pixelmask_word cols = (eo_pixelmask_word)((eo_pixelmask_word)(ALL_BITS << from) & (eo_pixelmask_word)(ALL_BITS >> (W - to)));
    return (int32_t)(uint32_t)(eo_pixelmask_word)(bits & part & cols);
}

/* A sprite's row, from the rectangle's row i and the sprite's y. */
#define ROW_OF(p, i, y) ((eo_wide)(p)->y0 + (eo_wide)(i) - (y))
/* A's and B's bits (L's or R's, as p->swapped says) and their AND, in L's stripe q + k. */
#define BITS_OF_A(p, k, part, l_bits, r_bits) \
    cut_to_rect(STRIPE_X(p, k), (p)->rx0, (p)->rx1, part, (p)->swapped ? (r_bits) : (l_bits))
#define BITS_OF_B(p, k, part, l_bits, r_bits) \
    cut_to_rect(STRIPE_X(p, k), (p)->rx0, (p)->rx1, part, (p)->swapped ? (l_bits) : (r_bits))
#define BITS_OF_AND(p, k, part, l_bits, r_bits) \
    cut_to_rect(STRIPE_X(p, k), (p)->rx0, (p)->rx1, part, (eo_pixelmask_word)((l_bits) & (r_bits)))

#endif

#endif
