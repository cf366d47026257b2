/* Private: the layout of an eo_sweep workspace's entries, written by sweep.c (its Z80 assembly
   too) and read by the queries in query.c. sweep.c checks at compile time that its own names
   agree with these. */
#ifndef EARLYOUT_SRC_SWEEP_ENTRIES_H
#define EARLYOUT_SRC_SWEEP_ENTRIES_H

#include "earlyout/config.h"

/* A word of an entry: eo_ucoord (16 bits in the Z80's build, whose assembly reads them, 32 in
   the 32-bit one), so any coordinate and any object index fits. */
typedef eo_ucoord eo_sweep_word;
#define EO_SWEEP_SIGN ((eo_sweep_word)((eo_sweep_word)1 << (EO_COORD_BITS - 1)))

/* An entry is 5 words: the start on the sweep axis + EO_SWEEP_SIGN (signed order as unsigned order),
   the start on the other axis, the sizes on the sweep and the other axis (as the box has them,
   may be <= 0 for an empty box) and the object's index. After eo_sweep_pairs the first `count`
   entries are sorted by their first word. */
enum {
    EO_SWEEP_ENTRY_KEY = 0,
    EO_SWEEP_ENTRY_OTHER = 1,
    EO_SWEEP_ENTRY_LEN = 2,
    EO_SWEEP_ENTRY_OTHER_LEN = 3,
    EO_SWEEP_ENTRY_INDEX = 4,
    EO_SWEEP_ENTRY_WORDS = 5
};

#endif
