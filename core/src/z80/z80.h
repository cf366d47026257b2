/* Private, Z80 build only (EO_Z80_ASM, config.h): what the kernels of core/src/z80/ share. */
#ifndef EARLYOUT_SRC_Z80_Z80_H
#define EARLYOUT_SRC_Z80_Z80_H

#include "earlyout/common.h"

/* One pair out, for the assembly only: its own register convention, not C's. IY points at a
   block with the pairs (eo_pair *) at +4, their capacity (uint32_t) at +6 and the pairs found
   so far (uint32_t) at +10; DE holds a, BC holds b. Writes pairs[found] = (a, b) if found is
   below the capacity, then adds 1 to found. Changes AF and HL only. */
void eo_z80_pair_out(void);

#endif
