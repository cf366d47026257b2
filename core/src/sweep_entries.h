/* Private: the layout of an eo_sweep workspace's entries, written by sweep.c (and the Z80 build's
   z80/sweep_z80.c) and read by the queries in query.c; and the outputs those two sweep files
   share. sweep.c checks at compile time that its own names agree with these. */
#ifndef EARLYOUT_SRC_SWEEP_ENTRIES_H
#define EARLYOUT_SRC_SWEEP_ENTRIES_H

#include "earlyout/sweep.h"

/* A word of an entry: eo_ucoord (16 bits in the Z80's build, whose assembly reads them, 32 in
   the 32-bit one), so any coordinate and any object index fits. */
typedef eo_ucoord eo_sweep_word;
#define EO_SWEEP_SIGN ((eo_sweep_word)((eo_sweep_word)1 << (EO_COORD_BITS - 1)))

/* An entry is 5 words: the start on the sweep axis + EO_SWEEP_SIGN (signed order as unsigned order),
   the start on the other axis, the sizes on the sweep and the other axis (as the box has them,
   may be <= 0 for an empty box) and the object's index. After eo_sweep_find_pairs the first `count`
   entries are sorted by their first word. */
enum {
    EO_SWEEP_ENTRY_KEY = 0,
    EO_SWEEP_ENTRY_OTHER = 1,
    EO_SWEEP_ENTRY_LEN = 2,
    EO_SWEEP_ENTRY_OTHER_LEN = 3,
    EO_SWEEP_ENTRY_INDEX = 4,
    EO_SWEEP_ENTRY_WORDS = 5
};

/* The caller's outputs and the totals, for the (rare) pairs that overlap on both axes. */
typedef struct sweep_out {
    const eo_box *boxes;
    const eo_broadphase_layer *layers;
    eo_pair *pairs;
    uint32_t capacity, found;
    eo_hooks *hooks;
} sweep_out;

#endif
