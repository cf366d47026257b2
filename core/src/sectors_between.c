/* Pairs between two groups of one sectors grid (bullets x enemies): see eo_sectors_find_pairs_between
   in earlyout/sectors.h. Each object of group B reads the sectors it is listed in, and meets there
   the group-A objects listed with it, so the work follows the pairs between the groups: a crowd of
   bullets in one sector costs nothing until an enemy shares that sector. */
#include "earlyout/sectors.h"

#include <stddef.h>

#include "boxes.h"
#include "hooks.h"
#include "layers.h"

#define NO_CELL EO_SECTORS_NO_CELL
#define FIRST_BOTH (EO_SECTORS_FIRST_COL | EO_SECTORS_FIRST_ROW)

/* Is object i in the group (any category bit of the mask), and not empty? */
static uint8_t in_group(const eo_sectors *g, const eo_box *boxes, const eo_broadphase_layer *layers, eo_index i,
                        uint16_t group)
{
    return (layers[i].category & group) != 0 && g->ranges[i].col0 != NO_CELL && boxes[i].w > 0 && boxes[i].h > 0;
}

eo_result eo_sectors_find_pairs_between(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                        uint16_t group_a, uint16_t group_b, eo_pair *pairs, uint32_t pair_capacity,
                                        uint32_t *pair_count, eo_broadphase_stats *stats, eo_hooks *hooks)
{
    eo_index i, k;
    uint32_t found = 0, candidates = 0, duplicates = 0, filtered = 0, tests = 0;
    eo_sectors_cell row, col;

    if (grid == NULL || pair_count == NULL || layers == NULL || (grid->object_count > 0 && boxes == NULL) ||
        (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    *pair_count = 0;
    if (!grid->built)
        return EO_ERR_NOT_READY;
    for (i = 0; i < grid->object_count; i++) {
        const eo_sectors_range *r = &grid->ranges[i];
        if (!in_group(grid, boxes, layers, i, group_b))
            continue;
        /* the sectors object i is listed in, and the group-A objects listed with it */
        for (row = r->row0; row <= r->row1; row++)
            for (col = r->col0; col <= r->col1; col++) {
                /* i's own entry here starts its columns in its first column, its rows in its first row */
                eo_index mine = (eo_index)((col == r->col0 ? EO_SECTORS_FIRST_COL : 0u) |
                                           (row == r->row0 ? EO_SECTORS_FIRST_ROW : 0u));
                const eo_index *run, *end;
                k = (eo_index)((eo_index)row * grid->cfg.cols + col);
                run = grid->entries + grid->cell_start[k];
                end = run + grid->cell_len[k];
                for (; run < end; run++) {
                    eo_index j = (eo_index)(*run >> EO_SECTORS_ENTRY_SHIFT);
                    if (j == i)
                        continue;
                    candidates++;
                    /* as find_pairs does: a pair is met only in the first sector the two share */
                    if (((*run | mine) & FIRST_BOTH) != FIRST_BOTH) {
                        duplicates++;
                        continue;
                    }
                    if ((layers[j].category & group_a) == 0 || !layers_meet(&layers[i], &layers[j])) {
                        filtered++;
                        continue;
                    }
                    tests++;
                    if (!spans_meet(boxes[i].x, boxes[i].w, boxes[j].x, boxes[j].w) ||
                        !spans_meet(boxes[i].y, boxes[i].h, boxes[j].y, boxes[j].h))
                        continue;
                    EO_STEP_BELOW(hooks, EO_EV_SECTORS_PAIR, j, i);
                    if (found < pair_capacity) {
                        pairs[found].a = j;
                        pairs[found].b = i;
                    }
                    found++;
                }
            }
    }
    *pair_count = found;
    if (stats != NULL) {
        stats->candidate_pairs += candidates;
        stats->duplicates_skipped += duplicates;
        stats->layer_filtered += filtered;
        stats->box_tests += tests;
        stats->pairs_found += found;
    }
    EO_COUNT_ADD(hooks, EO_COUNTER_SECTORS_CANDIDATES, candidates);
    EO_COUNT_ADD(hooks, EO_COUNTER_SECTORS_PAIRS, found);
    return found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}

eo_result eo_sectors_tune_between(const eo_box *boxes, eo_index count, const eo_broadphase_layer *layers,
                                  uint16_t group_a, uint16_t group_b, const eo_sectors_config *configs,
                                  uint8_t config_count, void *storage, size_t storage_size,
                                  eo_sectors_tune_row *rows, uint8_t *best)
{
    uint8_t c, have_best = 0;
    eo_sectors grid;
    eo_result r;
    if (layers == NULL)
        return EO_ERR_NULL_POINTER;
    /* eo_sectors_tune says which configurations can hold the boxes (wherever they move) */
    r = eo_sectors_tune(boxes, count, layers, configs, config_count, storage, storage_size, rows, best);
    if (r != EO_OK && r != EO_ERR_BUFFER_TOO_SMALL)
        return r;
    for (c = 0; c < config_count; c++) {
        eo_sectors_tune_row *row = &rows[c];
        uint32_t found;
        if (row->result != EO_OK)
            continue;
        row->stats.insertions = row->stats.removals = row->stats.objects_moved = 0;
        row->stats.rebuilds = row->stats.candidate_pairs = row->stats.duplicates_skipped = 0;
        row->stats.layer_filtered = row->stats.box_tests = row->stats.pairs_found = 0;
        row->result = eo_sectors_init(&grid, &configs[c], storage, storage_size);
        if (row->result == EO_OK)
            row->result = eo_sectors_build(&grid, boxes, count, &row->stats, NULL);
        if (row->result == EO_OK) {
            row->result = eo_sectors_find_pairs_between(&grid, boxes, layers, group_a, group_b, NULL, 0, &found,
                                                        &row->stats, NULL);
            if (row->result == EO_ERR_BUFFER_TOO_SMALL)
                row->result = EO_OK; /* we only counted */
        }
        if (row->result != EO_OK)
            continue;
        /* a frame's work: three per membership, and each group-A entry a group-B object meets */
        row->cost = 3u * row->stats.insertions + row->stats.candidate_pairs;
        if (!have_best || row->cost < rows[*best].cost) {
            *best = c;
            have_best = 1;
        }
    }
    return have_best ? EO_OK : rows[0].result;
}
