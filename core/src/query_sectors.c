/* Point and region queries over a sector grid (earlyout/query.h): only the sectors the region
   touches are read (sectors_grid.h), each object's box tested against the region where the object
   and the region first share a sector, the matches kept sorted (query_results.h). */
#include "earlyout/query.h"

#include <stddef.h>

#include "boxes.h"
#include "hooks.h"
#include "layers.h"
#include "query_results.h"
#include "sectors_grid.h"

eo_result eo_query_sectors_region(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                  const eo_broadphase_layer *filter, const eo_box *region,
                                  eo_index *out, eo_index capacity, eo_index *count, eo_hooks *hooks)
{
    eo_sectors_range q;
    eo_index found = 0;
    eo_sectors_cell row, col;

    if (grid == NULL || region == NULL || count == NULL || (capacity > 0 && out == NULL))
        return EO_ERR_NULL_POINTER;
    if (!grid->built)
        return EO_ERR_NOT_READY;
    if (grid->object_count > 0 && boxes == NULL)
        return EO_ERR_NULL_POINTER;
    EO_STEP_BELOW(hooks, EO_EV_QUERY_REGION, region->x, region->y);
    (void)eo_sectors_box_range(grid, region, &q);
    if (q.col0 == NO_CELL)
        return eo_query_finish(0, capacity, count, hooks); /* an empty region matches nothing */
    for (row = q.row0; row <= q.row1; row++) {
        for (col = q.col0; col <= q.col1; col++) {
            eo_index k = CELL(grid, col, row);
            const eo_index *run = SECTOR_RUN(grid, k), *end = run + grid->cell_len[k];
            EO_STEP_ABOVE(hooks, EO_EV_QUERY_SECTOR, k, (int32_t)grid->cell_len[k]);
            for (; run < end; run++) {
                eo_index i = ENTRY_OBJECT(*run);
                const eo_box *b = &boxes[i];
                uint8_t hit;
                EO_COUNT(hooks, EO_COUNTER_QUERY_OBJECTS);
                /* an object in several of these sectors is looked at only in the first one the
                   region and it share (as find_pairs does with pairs): where the object or the
                   region starts its columns, and one of them its rows */
                if (!((*run & FIRST_COL) || col == q.col0) || !((*run & FIRST_ROW) || row == q.row0)) {
                    EO_STEP_ABOVE(hooks, EO_EV_QUERY_DUPLICATE, i, k);
                    continue;
                }
                if (!filter_passes(filter, layers, i)) {
                    EO_STEP_ABOVE(hooks, EO_EV_QUERY_FILTERED, i, 0);
                    continue;
                }
                EO_COUNT(hooks, EO_COUNTER_QUERY_TESTS);
                hit = spans_meet(b->x, b->w, region->x, region->w) && spans_meet(b->y, b->h, region->y, region->h);
                EO_STEP_ABOVE(hooks, EO_EV_QUERY_TEST, i, hit);
                if (hit)
                    found = eo_query_keep_index(out, capacity, found, i);
            }
        }
    }
    return eo_query_finish(found, capacity, count, hooks);
}

eo_result eo_query_sectors_point(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                 const eo_broadphase_layer *filter, eo_coord x, eo_coord y,
                                 eo_index *out, eo_index capacity, eo_index *count, eo_hooks *hooks)
{
    eo_box p;
    p.x = x;
    p.y = y;
    p.w = 1;
    p.h = 1;
    return eo_query_sectors_region(grid, boxes, layers, filter, &p, out, capacity, count, hooks);
}
