/* The wasm module's one addition to the core: its struct layout, so the JS loader can check at
   load time that the offsets it uses are the ones this build was compiled with. */
#include <stddef.h>

#include "earlyout/earlyout.h"

int32_t eo_wasm_abi(int32_t what);

int32_t eo_wasm_abi(int32_t what)
{
    switch (what) {
    case 0: return 1; /* ABI version of this table */
    case 1: return (int32_t)sizeof(eo_box);
    case 2: return (int32_t)sizeof(eo_gridmask_layout);
    case 3: return (int32_t)sizeof(eo_pair);
    case 4: return (int32_t)sizeof(eo_trace_step);
    case 5: return (int32_t)sizeof(eo_hooks);
    case 6: return (int32_t)offsetof(eo_hooks, step_count);
    case 7: return (int32_t)offsetof(eo_hooks, steps_lost);
    case 8: return (int32_t)offsetof(eo_hooks, counters);
    case 9: return (int32_t)offsetof(eo_trace_step, a);
    case 10: return (int32_t)EO_COUNTER_COUNT;
    case 11: return (int32_t)EO_TRACE;
    case 12: return (int32_t)offsetof(eo_gridmask_layout, screen_w);
    case 13: return (int32_t)sizeof(eo_gridmask_grid);
    case 14: return (int32_t)offsetof(eo_gridmask_grid, axis[0].last_cell);
    case 15: return (int32_t)offsetof(eo_gridmask_grid, axis[1].last_cell);
    default: return -1;
    }
}
