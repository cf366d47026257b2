/* libFuzzer target for pixelmask: two sprites of arbitrary size and pixels at arbitrary int16
   positions. The masks live in buffers exactly as large as eo_pixelmask_storage_size says, so ASan
   catches any read past a row or a mask; every answer must match a brute-force pixel loop. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int16_t get16(const uint8_t *p)
{
    return (int16_t)(uint16_t)(p[0] | (p[1] << 8));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    eo_pixelmask m[2];
    void *store[2];
    uint16_t w[2], h[2], x, y;
    int16_t px[2], py[2];
    size_t k;
    unsigned i;
    uint8_t hit, ref, found;
    int32_t cx = 0, cy = 0;
    uint32_t area, want = 0;
    int32_t wx = 0, wy = 0, X, Y;

    if (size < 12)
        return 0;
    for (i = 0; i < 2; i++) {
        w[i] = (uint16_t)(1 + data[i * 6] % 140); /* up to three 64-bit stripes */
        h[i] = (uint16_t)(1 + data[i * 6 + 1] % 40);
        px[i] = get16(data + i * 6 + 2);
        py[i] = get16(data + i * 6 + 4);
    }
    if (data[0] & 0x80) { /* half the time, put them near each other so they overlap */
        px[1] = (int16_t)(px[0] + (int8_t)data[2]);
        py[1] = (int16_t)(py[0] + (int8_t)data[3] % 40);
        if (px[0] > 32000) px[0] = 32000;
    }
    data += 12;
    size -= 12;
    k = 0;
    for (i = 0; i < 2; i++) {
        size_t need = eo_pixelmask_storage_size(w[i], h[i]);
        store[i] = malloc(need);
        if (eo_pixelmask_init(&m[i], w[i], h[i], store[i], need) != EO_OK)
            abort();
        for (y = 0; y < h[i]; y++)
            for (x = 0; x < w[i]; x++, k++)
                (void)eo_pixelmask_set(&m[i], x, y, size ? (data[(k / 8) % size] >> (k % 8)) & 1u : 0);
    }
    for (Y = py[0]; Y < py[0] + h[0]; Y++)
        for (X = px[0]; X < px[0] + w[0]; X++)
            if (X >= px[1] && X < px[1] + w[1] && Y >= py[1] && Y < py[1] + h[1] &&
                eo_pixelmask_get(&m[0], (uint16_t)(X - px[0]), (uint16_t)(Y - py[0])) &&
                eo_pixelmask_get(&m[1], (uint16_t)(X - px[1]), (uint16_t)(Y - py[1]))) {
                if (want == 0) { wx = X; wy = Y; }
                want++;
            }
    if (eo_pixelmask_overlap(&m[0], px[0], py[0], &m[1], px[1], py[1], &hit, NULL) != EO_OK ||
        eo_pixelmask_overlap_reference(&m[0], px[0], py[0], &m[1], px[1], py[1], &ref, NULL) != EO_OK ||
        eo_pixelmask_overlap_area(&m[0], px[0], py[0], &m[1], px[1], py[1], &area, NULL) != EO_OK ||
        eo_pixelmask_first_contact(&m[0], px[0], py[0], &m[1], px[1], py[1], &found, &cx, &cy, NULL) != EO_OK)
        abort();
    if (hit != (want > 0) || ref != hit || found != hit || area != want || (found && (cx != wx || cy != wy)))
        abort();
    free(store[0]);
    free(store[1]);
    return 0;
}
