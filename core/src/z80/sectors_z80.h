/* Private, Z80 build only (EO_Z80_ASM, config.h): the pair loop of eo_sectors_find_pairs in Z80
   (sectors_z80.c), which sectors.c calls under the name of the portable C it replaces. */
#ifndef EARLYOUT_SRC_Z80_SECTORS_Z80_H
#define EARLYOUT_SRC_Z80_SECTORS_Z80_H

#include "earlyout/sectors.h"

/* sectors.c's walk of find_pairs (its layout is checked there, next to its definition) */
struct pair_walk;

void eo_z80_sectors_pair_sector(struct pair_walk *w, eo_index k);

/* the C pair_sector takes the layers as an argument (its loop without layers is a copy of its own);
   the assembly reads them from w */
#define pair_sector(w, k, layers, checked) eo_z80_sectors_pair_sector(w, k)

#endif
