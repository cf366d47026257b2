/* A tiny "game" built only against the installed library (headers, libearlyout.a, earlyout.pc):
   proves `make install` gives a native game everything it needs. Prints what it found; exits
   non-zero on a wrong answer. */
#include <stdio.h>

#include <earlyout/earlyout.h>

int main(void)
{
    static const eo_gridmask_layout layout = EO_GRIDMASK_LAYOUT_16;
    eo_gridmask_grid grid;
    eo_box boxes[3] = { { 10, 10, 16, 16 }, { 20, 20, 16, 16 }, { 200, 150, 16, 16 } };
    eo_gridmask masks[3];
    eo_pair pairs[3];
    uint32_t count = 0;
    static eo_index storage[256]; /* the grid keeps eo_index words: aligned for them */
    eo_sectors_config cfg = { 0 };
    eo_sectors sectors;

    if (eo_gridmask_prepare(&layout, &grid) != EO_OK ||
        eo_gridmask_build_many(&grid, EO_GRIDMASK_SPAN, boxes, 3, masks, NULL) != EO_OK ||
        eo_gridmask_find_candidates(&grid, masks, 3, pairs, 3, &count, NULL) != EO_OK || count != 1)
        return 1;
    printf("gridmask: %u candidate pair (%u, %u)\n", (unsigned)count, pairs[0].a, pairs[0].b);
    cfg.max_objects = 3;
    if (eo_sectors_storage_size(&cfg) > sizeof storage ||
        eo_sectors_init(&sectors, &cfg, storage, sizeof storage) != EO_OK ||
        eo_sectors_build(&sectors, boxes, 3, NULL, NULL) != EO_OK ||
        eo_sectors_find_pairs(&sectors, boxes, NULL, pairs, 3, &count, NULL, NULL) != EO_OK || count != 1)
        return 1;
    printf("sectors: %u overlapping pair; %s\n", (unsigned)count, eo_result_name(EO_ERR_BAD_LAYOUT));
    return 0;
}
