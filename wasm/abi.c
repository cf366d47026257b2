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
    case 16: return (int32_t)sizeof(eo_sectors);
    case 17: return (int32_t)sizeof(eo_sectors_config);
    case 18: return (int32_t)sizeof(eo_broadphase_stats);
    case 19: return (int32_t)offsetof(eo_sectors, cell_w);
    case 20: return (int32_t)offsetof(eo_sectors, object_count);
    case 21: return (int32_t)offsetof(eo_sectors, entry_count);
    case 22: return (int32_t)sizeof(eo_sectors_tune_row);
    case 23: return (int32_t)offsetof(eo_sectors_config, cols);
    case 24: return (int32_t)offsetof(eo_sectors_config, max_objects);
    case 25: return (int32_t)sizeof(eo_aabb_order_report);
    case 26: return (int32_t)sizeof(eo_circle);
    case 27: return (int32_t)offsetof(eo_sectors_tune_row, cost);
    case 28: return (int32_t)offsetof(eo_sectors, cells);
    case 29: return (int32_t)offsetof(eo_sectors, ranges);
    case 30: return (int32_t)sizeof(eo_pixelmask);
    case 31: return (int32_t)EO_PIXELMASK_WORD_BITS;
    case 32: return (int32_t)sizeof(eo_tile_map);
    case 33: return (int32_t)offsetof(eo_tile_map, width);
    case 34: return (int32_t)sizeof(eo_tile_probe);
    case 35: return (int32_t)sizeof(eo_tiles_move_result);
    case 36: return (int32_t)offsetof(eo_tiles_move_result, moved_x);
    case 37: return (int32_t)sizeof(eo_tiles_cache);
    case 38: return (int32_t)sizeof(eo_slopes_ground);
    case 39: return (int32_t)offsetof(eo_slopes_ground, ground_y);
    case 40: return (int32_t)sizeof(eo_sweep);
    default: return -1;
    }
}
