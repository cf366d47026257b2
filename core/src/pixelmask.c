/* Pixel masks: one bit per pixel, a word of pixels at a time, in column stripes
   (pixelmask_words.h), built from RGBA or indexed pixels; the overlap rectangle of two boxes; and
   the per-pixel reference test. See earlyout/pixelmask.h for the manual. The word-at-a-time pair
   tests are in pixelmask_pairs.c. Shown in lesson 4: keep it readable. */
#include "earlyout/pixelmask.h"

#include <stddef.h>

#include "hooks.h"
#include "inline.h"
#include "pixelmask_words.h"

size_t eo_pixelmask_storage_size(uint16_t w, uint16_t h)
{
    uint32_t words;
    if (w < 1 || h < 1 || w > EO_PIXELMASK_MAX_SIZE || h > EO_PIXELMASK_MAX_SIZE)
        return 0;
    words = (uint32_t)((w + W - 1u) >> LOG2_W) * h;
#if SIZE_MAX < 0xFFFFFFFFu
    if (words > SIZE_MAX / sizeof(eo_pixelmask_word))
        return 0; /* more than the Z80's 64 KiB */
#endif
    return (size_t)words * sizeof(eo_pixelmask_word);
}

eo_result eo_pixelmask_init(eo_pixelmask *mask, uint16_t w, uint16_t h, void *storage, size_t storage_size)
{
    size_t need, i;
    if (mask == NULL || storage == NULL)
        return EO_ERR_NULL_POINTER;
    need = eo_pixelmask_storage_size(w, h);
    if (need == 0 || ((uintptr_t)storage % sizeof(eo_pixelmask_word)) != 0)
        return EO_ERR_BAD_ARGUMENT;
    if (storage_size < need)
        return EO_ERR_BUFFER_TOO_SMALL;
    mask->w = w;
    mask->h = h;
    mask->words_per_row = (uint16_t)((w + W - 1u) >> LOG2_W);
    mask->words = (eo_pixelmask_word *)storage;
    for (i = 0; i < need / sizeof(eo_pixelmask_word); i++)
        mask->words[i] = 0;
    return EO_OK;
}

eo_result eo_pixelmask_set(eo_pixelmask *mask, uint16_t x, uint16_t y, uint8_t on)
{
    eo_pixelmask_word *word, bit;
    if (mask == NULL)
        return EO_ERR_NULL_POINTER;
    if (x >= mask->w || y >= mask->h)
        return EO_ERR_BAD_ARGUMENT;
    word = &WORD_OF(mask, x, y);
    bit = (eo_pixelmask_word)((eo_pixelmask_word)1 << (x & (W - 1u)));
    if (on)
        *word |= bit;
    else
        *word &= (eo_pixelmask_word)~bit;
    return EO_OK;
}

uint8_t eo_pixelmask_get(const eo_pixelmask *mask, uint16_t x, uint16_t y)
{
    if (mask == NULL || x >= mask->w || y >= mask->h)
        return 0;
    return (uint8_t)((WORD_OF(mask, x, y) >> (x & (W - 1u))) & 1u);
}

eo_result eo_pixelmask_from_rgba(eo_pixelmask *mask, const uint8_t *rgba, uint32_t stride, uint8_t alpha_threshold)
{
    uint16_t x, y;
    if (mask == NULL || rgba == NULL)
        return EO_ERR_NULL_POINTER;
    if (alpha_threshold == 0 || stride < 4u * mask->w)
        return EO_ERR_BAD_ARGUMENT;
    for (y = 0; y < mask->h; y++)
        for (x = 0; x < mask->w; x++)
            (void)eo_pixelmask_set(mask, x, y, rgba[(uint32_t)y * stride + 4u * x + 3u] >= alpha_threshold);
    return EO_OK;
}

eo_result eo_pixelmask_from_indexed(eo_pixelmask *mask, const uint8_t *pixels, uint32_t stride)
{
    uint16_t x, y;
    if (mask == NULL || pixels == NULL)
        return EO_ERR_NULL_POINTER;
    if (stride < mask->w)
        return EO_ERR_BAD_ARGUMENT;
    for (y = 0; y < mask->h; y++)
        for (x = 0; x < mask->w; x++)
            (void)eo_pixelmask_set(mask, x, y, pixels[(uint32_t)y * stride + x] != 0);
    return EO_OK;
}

/* The overlap rectangle, half-open, in eo_wide (no sum overflows): x0 .. x1-1, y0 .. y1-1. */
typedef struct rect32 {
    eo_wide x0, y0, x1, y1;
} rect32;

INLINE uint8_t overlap_rect32(eo_wide ax, eo_wide ay, eo_wide aw, eo_wide ah,
                              eo_wide bx, eo_wide by, eo_wide bw, eo_wide bh, rect32 *r)
{
    /* the highest left edge, the lowest right edge; the same vertically. Its width and height are
       tested in one go: one branch for the caller, whose pairs overlap or not at random */
    r->x0 = ax > bx ? ax : bx;
    r->x1 = ax + aw < bx + bw ? ax + aw : bx + bw;
    r->y0 = ay > by ? ay : by;
    r->y1 = ay + ah < by + bh ? ay + ah : by + bh;
    return ((r->x1 - r->x0 - 1) | (r->y1 - r->y0 - 1)) >= 0; /* both at least 1 */
}

uint8_t eo_pixelmask_overlap_rect(const eo_box *a, const eo_box *b, eo_box *out)
{
    rect32 r;
    uint8_t hit;
    if (a == NULL || b == NULL || out == NULL)
        return 0;
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0) {
        out->x = out->y = out->w = out->h = 0;
        return 0;
    }
    hit = overlap_rect32(a->x, a->y, a->w, a->h, b->x, b->y, b->w, b->h, &r);
    if (!hit || r.x0 > EO_COORD_MAX || r.y0 > EO_COORD_MAX) {
        out->x = (eo_coord)(r.x0 > EO_COORD_MAX ? 0 : r.x0);
        out->y = (eo_coord)(r.y0 > EO_COORD_MAX ? 0 : r.y0);
        out->w = out->h = 0;
        return 0;
    }
    out->x = (eo_coord)r.x0;
    out->y = (eo_coord)r.y0;
    out->w = (eo_coord)(r.x1 - r.x0); /* at most min(a->w, b->w) <= EO_COORD_MAX */
    out->h = (eo_coord)(r.y1 - r.y0);
    return 1;
}

eo_result eo_pixelmask_overlap_reference(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                         const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                         uint8_t *hit, eo_hooks *hooks)
{
    rect32 r;
    eo_wide x, y;
    if (a == NULL || b == NULL || hit == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (!mask_ok(a) || !mask_ok(b))
        return EO_ERR_BAD_ARGUMENT; /* not made by eo_pixelmask_init */
    *hit = 0;
    if (!overlap_rect32(ax, ay, a->w, a->h, bx, by, b->w, b->h, &r))
        return EO_OK;
    for (y = r.y0; y < r.y1; y++) {
        for (x = r.x0; x < r.x1; x++) {
            /* each sprite's own row and column for this screen pixel: y - ay in A, y - by in B */
            EO_COUNT(hooks, EO_COUNTER_PIXELMASK_REF_PIXELS);
            if (eo_pixelmask_get(a, (uint16_t)(x - ax), (uint16_t)(y - ay)) &&
                eo_pixelmask_get(b, (uint16_t)(x - bx), (uint16_t)(y - by))) {
                EO_STEP_BELOW(hooks, EO_EV_PIXELMASK_REF_HIT, x, y);
                *hit = 1;
                return EO_OK;
            }
        }
    }
    return EO_OK;
}
