/* Point and region queries over a sweep workspace (earlyout/query.h): its entries, sorted by
   eo_sweep_find_pairs (sweep_entries.h), are read in sweep order until one starts past the
   region's end on the sweep axis; the matches are kept sorted (query_results.h). */
#include "earlyout/query.h"

#include <stddef.h>

#include "boxes.h"
#include "hooks.h"
#include "layers.h"
#include "query_results.h"
#include "sweep_entries.h"

enum {
    KEY = EO_SWEEP_ENTRY_KEY, OTHER = EO_SWEEP_ENTRY_OTHER, LEN = EO_SWEEP_ENTRY_LEN,
    OTHER_LEN = EO_SWEEP_ENTRY_OTHER_LEN, INDEX = EO_SWEEP_ENTRY_INDEX, WORDS = EO_SWEEP_ENTRY_WORDS
};

eo_result eo_query_sweep_region(const eo_sweep *sweep, const eo_broadphase_layer *layers, const eo_broadphase_layer *filter,
                                const eo_box *region, eo_index *out, eo_index capacity, eo_index *count,
                                eo_hooks *hooks)
{
    const eo_sweep_word *e, *end;
    eo_coord q_start, q_len, q_other, q_other_len;
    eo_index found = 0;

    if (sweep == NULL || region == NULL || count == NULL || (capacity > 0 && out == NULL))
        return EO_ERR_NULL_POINTER;
    if (!sweep->ready || sweep->entries == NULL)
        return EO_ERR_NOT_READY;
    /* the region's span on the sweep axis, and on the other one */
    EO_STEP_BELOW(hooks, EO_EV_QUERY_REGION, region->x, region->y);
    if (sweep->axis == EO_AABB_Y_FIRST) {
        q_start = region->y;
        q_len = region->h;
        q_other = region->x;
        q_other_len = region->w;
    } else {
        q_start = region->x;
        q_len = region->w;
        q_other = region->y;
        q_other_len = region->h;
    }
    if (q_len <= 0 || q_other_len <= 0)
        return eo_query_finish(0, capacity, count, hooks);
    e = sweep->entries;
    end = e + (size_t)sweep->count * WORDS;
    for (; e < end; e += WORDS) {
        eo_coord start = (eo_coord)(e[KEY] ^ EO_SWEEP_SIGN);
        eo_index i = (eo_index)e[INDEX];
        uint8_t hit;
        /* sorted by start: the first entry that starts at or after the region's end ends the scan */
        if (start >= q_start && (eo_ucoord)((eo_ucoord)start - (eo_ucoord)q_start) >= (eo_ucoord)q_len)
            break;
        EO_COUNT(hooks, EO_COUNTER_QUERY_OBJECTS);
        if (!filter_passes(filter, layers, i)) {
            EO_STEP_ABOVE(hooks, EO_EV_QUERY_FILTERED, i, 0);
            continue;
        }
        EO_COUNT(hooks, EO_COUNTER_QUERY_TESTS);
        hit = spans_meet(start, (eo_coord)e[LEN], q_start, q_len) && spans_meet((eo_coord)e[OTHER], (eo_coord)e[OTHER_LEN], q_other, q_other_len);
        EO_STEP_ABOVE(hooks, EO_EV_QUERY_TEST, i, hit);
        if (hit)
            found = eo_query_keep_index(out, capacity, found, i);
    }
    return eo_query_finish(found, capacity, count, hooks);
}

eo_result eo_query_sweep_point(const eo_sweep *sweep, const eo_broadphase_layer *layers, const eo_broadphase_layer *filter,
                               eo_coord x, eo_coord y, eo_index *out, eo_index capacity, eo_index *count,
                               eo_hooks *hooks)
{
    eo_box p;
    p.x = x;
    p.y = y;
    p.w = 1;
    p.h = 1;
    return eo_query_sweep_region(sweep, layers, filter, &p, out, capacity, count, hooks);
}
