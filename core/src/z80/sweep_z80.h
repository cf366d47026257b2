/* Private, Z80 build only (EO_Z80_ASM, config.h): the workspace sweep's per-frame loops in Z80
   (sweep_z80.c), which sweep.c calls under the names of the portable C they replace. */
#ifndef EARLYOUT_SRC_Z80_SWEEP_Z80_H
#define EARLYOUT_SRC_Z80_SWEEP_Z80_H

#include "../sweep_entries.h"

/* emit: called by the assembly of the scan only */
void eo_z80_sweep_emit(sweep_out *out, uint16_t ia, uint16_t ib);
void eo_z80_sweep_refresh_x(eo_sweep_word *e, uint16_t count, const eo_box *boxes);
void eo_z80_sweep_refresh_y(eo_sweep_word *e, uint16_t count, const eo_box *boxes);
eo_sweep_word *eo_z80_sweep_first_descent(eo_sweep_word *p);
void eo_z80_sweep_scan_entries(const eo_sweep_word *p, const eo_sweep_word *end, sweep_out *out);

#define refresh_x eo_z80_sweep_refresh_x
#define refresh_y eo_z80_sweep_refresh_y
#define first_descent eo_z80_sweep_first_descent
#define scan_entries eo_z80_sweep_scan_entries

#endif
