/* eo_sectors_tune (earlyout/sectors.h): the article's "think and try", automated. Each grid of a
   list is built on the scene and asked for its pairs, and the cheapest frame wins, counted in units
   of one candidate pair; a grid runs only if its memberships hold the boxes wherever they move. A
   file of its own: a game that tunes at level load need not link it into every frame's code. */
#include "earlyout/sectors.h"

#include "sectors_grid.h"

/* The most sectors a span of len px (> 0) can touch across sectors of size px, wherever it lies. */
static uint32_t worst_span(eo_coord len, eo_ucoord size, eo_sectors_cell sectors)
{
    uint32_t n = (uint32_t)(((eo_uwide)(eo_ucoord)len + size - 2u) / size) + 1u;
    return n < sectors ? n : sectors;
}

/* The memberships these boxes could need at worst: each where it touches the most sectors. */
static eo_uwide worst_entries(const eo_sectors *g, const eo_box *boxes, eo_index count)
{
    eo_uwide total = 0;
    eo_index i;
    for (i = 0; i < count; i++)
        if (boxes[i].w > 0 && boxes[i].h > 0)
            total += worst_span(boxes[i].w, g->cell_w, g->cfg.cols) * worst_span(boxes[i].h, g->cell_h, g->cfg.rows);
    return total;
}

/* A frame's work on a grid, in units of one candidate pair: each sector visited, three per
   membership (a persistent grid pays for a membership again whenever its object crosses a border,
   and moving one costs about three candidates), and each pair met in a shared sector. Box tests
   add nothing: the games' pair loop computes every candidate's test anyway (without a branch), so
   a test costs no more than meeting the pair. Timing all 25 grids of bench/native/bench_broadphase.c
   on its six scenes, this picks grids within 2% of the fastest on average (the plain sum of the
   four counts: within 14%). Saturates at UINT32_MAX instead of wrapping. */
static uint32_t tune_cost(const eo_sectors *g, const eo_broadphase_stats *s)
{
    return cost_u32((eo_uwide)g->cells + 3u * (eo_uwide)s->insertions + s->candidate_pairs);
}

eo_result eo_sectors_tune(const eo_box *boxes, eo_index count, const eo_broadphase_layer *layers,
                          const eo_sectors_config *configs, uint8_t config_count,
                          void *storage, size_t storage_size, eo_sectors_tune_row *rows, uint8_t *best)
{
    uint8_t c, have_best = 0;
    eo_sectors grid;

    if (configs == NULL || rows == NULL || best == NULL || storage == NULL || (count > 0 && boxes == NULL))
        return EO_ERR_NULL_POINTER;
    if (config_count == 0)
        return EO_ERR_BAD_ARGUMENT;
    *best = 0;
    for (c = 0; c < config_count; c++) {
        eo_sectors_tune_row *row = &rows[c];
        uint32_t found;
        row->stats.insertions = row->stats.removals = row->stats.objects_moved = 0;
        row->stats.rebuilds = row->stats.candidate_pairs = row->stats.duplicates_skipped = 0;
        row->stats.layer_filtered = row->stats.box_tests = row->stats.pairs_found = 0;
        row->cost = 0;
        row->result = eo_sectors_init(&grid, &configs[c], storage, storage_size);
        if (row->result == EO_OK)
            row->result = eo_sectors_build(&grid, boxes, count, &row->stats, NULL);
        if (row->result == EO_OK) {
            row->result = eo_sectors_find_pairs(&grid, boxes, layers, NULL, 0, &found, &row->stats, NULL);
            if (row->result == EO_ERR_BUFFER_TOO_SMALL)
                row->result = EO_OK; /* we only counted */
        }
        if (row->result == EO_OK && worst_entries(&grid, boxes, count) > grid.cfg.max_entries)
            row->result = EO_ERR_BUFFER_TOO_SMALL; /* fits now, but a later frame could overflow it */
        if (row->result != EO_OK)
            continue;
        row->cost = tune_cost(&grid, &row->stats);
        if (!have_best || row->cost < rows[*best].cost) {
            *best = c;
            have_best = 1;
        }
    }
    return have_best ? EO_OK : rows[0].result;
}
