/* Private: the layout of an eo_sweep workspace's entries, written by sweep.c and sweep_scan.c (or
   the Z80 build's core/src/z80/sweep_scan.c) and read by the sweep's queries; the outputs the
   scan writes; and the scan's loops, which sweep.c calls. */
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

/* sweep_scan.c: each entry's first four words again from its box (x, y, w, h as words; count > 0),
   on the sweep axis X or Y; */
void eo_sweep_refresh_x(eo_sweep_word *e, uint16_t count, const eo_box *boxes);
void eo_sweep_refresh_y(eo_sweep_word *e, uint16_t count, const eo_box *boxes);
/* the first entry from p on whose key is above the next one's (a sentinel's key 0 stops it); */
eo_sweep_word *eo_sweep_first_descent(eo_sweep_word *p);
/* each non-empty entry from p against the entries in its reach up to `end` (the first sentinel):
   the overlapping pairs to `out`. */
void eo_sweep_scan_entries(const eo_sweep_word *p, const eo_sweep_word *end, sweep_out *out);

#endif
