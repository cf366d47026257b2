/* Private, Z80 build only (EO_Z80_ASM, config.h): gridmask_z80.c defines eo_gridmask_find_candidates
   and hands what its assembly does not cover to gridmask.c's portable C, which gridmask.c then
   compiles under the name below. */
#ifndef EARLYOUT_SRC_Z80_GRIDMASK_Z80_H
#define EARLYOUT_SRC_Z80_GRIDMASK_Z80_H

#include "earlyout/gridmask.h"

eo_result eo_z80_gridmask_find_candidates_c(const eo_gridmask_grid *grid, const eo_gridmask *masks,
                                            uint16_t count, eo_pair *pairs, uint32_t pair_capacity,
                                            uint32_t *pair_count, eo_hooks *hooks);

#endif
