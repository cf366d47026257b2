/* libFuzzer target for sectors, sweep and aabb: the input is a grid configuration, a storage
   size, then boxes and layers. The grid lives in a buffer exactly as large as the input asks
   for, so ASan sees any write past it. Every reported pair set must equal the brute-force one. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_N 64

static int pair_cmp(const void *x, const void *y)
{
    const eo_pair *p = x, *q = y;
    return p->a != q->a ? (int)p->a - (int)q->a : (int)p->b - (int)q->b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    eo_sectors_config cfg;
    eo_sectors grid;
    eo_box boxes[MAX_N];
    eo_layer layers[MAX_N];
    eo_pair got[MAX_N * MAX_N / 2], want[MAX_N * MAX_N / 2];
    uint16_t order[MAX_N], n, i, j, storage_len;
    uint32_t n_got, n_want, n_sweep;
    uint8_t *storage;
    eo_result r;
    eo_trace_step steps[16];
    eo_hooks hooks;
    const eo_layer *ls;

    if (size < sizeof cfg + 3)
        return 0;
    memcpy(&cfg, data, sizeof cfg);
    cfg.max_objects = (uint16_t)(cfg.max_objects % 80u);   /* keep the buffers small */
    cfg.max_entries = (uint16_t)(cfg.max_entries % 600u);
    storage_len = (uint16_t)(data[sizeof cfg] | (data[sizeof cfg + 1] << 8));
    ls = (data[sizeof cfg + 2] & 1u) ? layers : NULL;
    data += sizeof cfg + 3;
    size -= sizeof cfg + 3;
    n = (uint16_t)(size / (sizeof(eo_box) + sizeof(eo_layer)));
    if (n > MAX_N)
        n = MAX_N;
    for (i = 0; i < n; i++) {
        memcpy(&boxes[i], data + i * sizeof(eo_box), sizeof(eo_box));
        memcpy(&layers[i], data + n * sizeof(eo_box) + i * sizeof(eo_layer), sizeof(eo_layer));
    }

    /* brute force with the layer rule */
    n_want = 0;
    for (i = 0; i < n; i++)
        for (j = (uint16_t)(i + 1u); j < n; j++)
            if ((ls == NULL || ((ls[i].category & ls[j].collides_with) && (ls[j].category & ls[i].collides_with))) &&
                eo_aabb_overlap(&boxes[i], &boxes[j])) {
                want[n_want].a = i;
                want[n_want].b = j;
                n_want++;
            }

    /* sweep, both axes */
    for (j = 0; j < 2; j++) {
        if (eo_sweep_find_pairs(boxes, n, (eo_aabb_order)j, ls, order, 0, got, MAX_N * MAX_N / 2, &n_sweep, NULL, NULL) != EO_OK)
            abort();
        qsort(got, n_sweep, sizeof got[0], pair_cmp);
        if (n_sweep != n_want || memcmp(got, want, n_want * sizeof got[0]) != 0)
            abort();
    }

    /* the workspace sweep, both axes, in exactly the storage it asks for; a second frame runs
       on the order kept from the first */
    for (j = 0; j < 2; j++) {
        eo_sweep sw;
        size_t need = eo_sweep_storage_size(n);
        void *ws = malloc(need ? need : 1);
        int frame;
        if (need == 0 || eo_sweep_init(&sw, n, (eo_aabb_order)j, ws, need) != EO_OK)
            abort();
        for (frame = 0; frame < 2; frame++) {
            if (eo_sweep_pairs(&sw, boxes, n, ls, got, MAX_N * MAX_N / 2, &n_sweep, NULL, NULL) != EO_OK)
                abort();
            qsort(got, n_sweep, sizeof got[0], pair_cmp);
            if (n_sweep != n_want || memcmp(got, want, n_want * sizeof got[0]) != 0)
                abort();
        }
        free(ws);
    }

    /* sectors in a buffer of exactly storage_len bytes (uint16_t-aligned by malloc) */
    storage = malloc(storage_len ? storage_len : 1);
    eo_hooks_init(&hooks, steps, 16);
    r = eo_sectors_init(&grid, &cfg, storage, storage_len);
    if (r == EO_OK) {
        r = eo_sectors_build(&grid, boxes, n, NULL, &hooks);
        if (r == EO_OK) {
            if (eo_sectors_find_pairs(&grid, boxes, ls, got, MAX_N * MAX_N / 2, &n_got, NULL, &hooks) != EO_OK)
                abort();
            qsort(got, n_got, sizeof got[0], pair_cmp);
            if (n_got != n_want || memcmp(got, want, n_want * sizeof got[0]) != 0)
                abort();
            /* move everything a little and update persistently: same answer as brute force */
            for (i = 0; i < n; i++)
                if (boxes[i].x < 32000)
                    boxes[i].x = (eo_coord)((eo_ucoord)boxes[i].x + (i % 7u)); /* wraps, never overflows */
            r = eo_sectors_update(&grid, boxes, n, NULL, &hooks);
            if (r == EO_OK) {
                n_want = 0;
                for (i = 0; i < n; i++)
                    for (j = (uint16_t)(i + 1u); j < n; j++)
                        if ((ls == NULL || ((ls[i].category & ls[j].collides_with) && (ls[j].category & ls[i].collides_with))) &&
                            eo_aabb_overlap(&boxes[i], &boxes[j]))
                            n_want++;
                if (eo_sectors_find_pairs(&grid, boxes, ls, got, MAX_N * MAX_N / 2, &n_got, NULL, &hooks) != EO_OK || n_got != n_want)
                    abort();
            } else if (r != EO_ERR_BUFFER_TOO_SMALL) {
                abort();
            }
        } else if (r != EO_ERR_BUFFER_TOO_SMALL && r != EO_ERR_BAD_ARGUMENT) {
            abort();
        }
    }
    free(storage);
    return 0;
}
