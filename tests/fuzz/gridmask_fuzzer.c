/* libFuzzer target: any bytes become a layout, a method and two boxes; the core must never read or
   write out of bounds, never overflow (UBSan), never eliminate overlapping boxes with the span
   method, and never write the mask on error. Built with clang -fsanitize=fuzzer,address,undefined
   by `make test-fuzz`; tests/fuzz/replay.c replays the corpus with any compiler. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int overlap(const eo_box *a, const eo_box *b)
{
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0)
        return 0;
    /* in 64 bits: no sum of two coordinates (int16 or int32, config.h) overflows */
    return (long long)a->x < (long long)b->x + b->w && (long long)b->x < (long long)a->x + a->w &&
           (long long)a->y < (long long)b->y + b->h && (long long)b->y < (long long)a->y + a->h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    eo_gridmask_layout layout;
    eo_gridmask_grid grid;
    eo_box boxes[2];
    eo_gridmask masks[2] = { 0xA5A5A5A5u, 0xA5A5A5A5u };
    eo_result r0, r1;
    uint8_t method;
    eo_trace_step steps[8];
    eo_hooks hooks;
    eo_pair pair;
    uint32_t count;

    if (size < sizeof layout + 1 + sizeof boxes)
        return 0;
    memcpy(&layout, data, sizeof layout);
    method = data[sizeof layout];
    memcpy(boxes, data + sizeof layout + 1, sizeof boxes);
    eo_hooks_init(&hooks, steps, 8); /* deliberately small: the traced build must not overrun it */

    (void)eo_gridmask_prepare(&layout, &grid); /* an invalid layout must make the calls below fail */
    r0 = eo_gridmask_build(&grid, (eo_gridmask_method)(method & 3u), &boxes[0], &masks[0], &hooks);
    r1 = eo_gridmask_build(&grid, (eo_gridmask_method)(method & 3u), &boxes[1], &masks[1], &hooks);
    if (r0 != EO_OK && masks[0] != 0xA5A5A5A5u)
        abort();
    if ((eo_gridmask_layout_check(&layout) == EO_OK) != (grid.ready == EO_GRIDMASK_READY))
        abort();
    if (r0 != r1)
        abort(); /* same layout and method: the same verdict on validity */
    if (r0 == EO_OK) {
        eo_gridmask_verdict v = eo_gridmask_test(&grid, masks[0], masks[1], &hooks);
        if ((method & 3u) == EO_GRIDMASK_SPAN && overlap(&boxes[0], &boxes[1]) && EO_GRIDMASK_ELIMINATED(v))
            abort();
        if (eo_gridmask_find_candidates(&grid, masks, 2, &pair, 1, &count, &hooks) != EO_OK)
            abort();
        if (count != (EO_GRIDMASK_ELIMINATED(v) ? 0u : 1u))
            abort();
    }
    return 0;
}
