/* Pixel-perfect overlap with per-row bitmasks. See earlyout/pixelmask.h. Shown line by line in
   lesson 4: keep it readable. */
#include "earlyout/pixelmask.h"

#include <stddef.h>

#define EO_THIS_MODULE EO_MODULE_PIXELMASK
#include "hooks.h"

#define W EO_PIXELMASK_WORD_BITS

#if W == 8
#define LOG2_W 3
#elif W == 16
#define LOG2_W 4
#elif W == 32
#define LOG2_W 5
#else
#define LOG2_W 6
#endif

size_t eo_pixelmask_storage_size(uint16_t w, uint16_t h)
{
    uint32_t words;
    if (w < 1 || h < 1 || w > EO_PIXELMASK_MAX_SIZE || h > EO_PIXELMASK_MAX_SIZE)
        return 0;
    words = (uint32_t)((w + W - 1u) >> LOG2_W) * h;
#if SIZE_MAX < 0xFFFFFFFFu
    if (words > SIZE_MAX / sizeof(eo_mask_word))
        return 0; /* more than the Z80's 64 KiB */
#endif
    return (size_t)words * sizeof(eo_mask_word);
}

eo_result eo_pixelmask_init(eo_pixelmask *mask, uint16_t w, uint16_t h, void *storage, size_t storage_size)
{
    size_t need, i;
    if (mask == NULL || storage == NULL)
        return EO_ERR_NULL_POINTER;
    need = eo_pixelmask_storage_size(w, h);
    if (need == 0 || ((uintptr_t)storage % sizeof(eo_mask_word)) != 0)
        return EO_ERR_BAD_ARGUMENT;
    if (storage_size < need)
        return EO_ERR_BUFFER_TOO_SMALL;
    mask->w = w;
    mask->h = h;
    mask->words_per_row = (uint16_t)((w + W - 1u) >> LOG2_W);
    mask->words = (eo_mask_word *)storage;
    for (i = 0; i < need / sizeof(eo_mask_word); i++)
        mask->words[i] = 0;
    return EO_OK;
}

eo_result eo_pixelmask_set(eo_pixelmask *mask, uint16_t x, uint16_t y, uint8_t on)
{
    eo_mask_word *word, bit;
    if (mask == NULL)
        return EO_ERR_NULL_POINTER;
    if (x >= mask->w || y >= mask->h)
        return EO_ERR_BAD_ARGUMENT;
    word = &mask->words[(uint32_t)y * mask->words_per_row + (x >> LOG2_W)];
    bit = (eo_mask_word)((eo_mask_word)1 << (x & (W - 1u)));
    if (on)
        *word |= bit;
    else
        *word &= (eo_mask_word)~bit;
    return EO_OK;
}

uint8_t eo_pixelmask_get(const eo_pixelmask *mask, uint16_t x, uint16_t y)
{
    if (mask == NULL || x >= mask->w || y >= mask->h)
        return 0;
    return (uint8_t)((mask->words[(uint32_t)y * mask->words_per_row + (x >> LOG2_W)] >> (x & (W - 1u))) & 1u);
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

/* The overlap rectangle, half-open, in 32 bits: x0 .. x1-1, y0 .. y1-1. */
typedef struct rect32 {
    int32_t x0, y0, x1, y1;
} rect32;

static uint8_t overlap_rect32(int32_t ax, int32_t ay, int32_t aw, int32_t ah,
                              int32_t bx, int32_t by, int32_t bw, int32_t bh, rect32 *r)
{
    /* the highest left edge, the lowest right edge; the same vertically */
    r->x0 = ax > bx ? ax : bx;
    r->x1 = ax + aw < bx + bw ? ax + aw : bx + bw;
    r->y0 = ay > by ? ay : by;
    r->y1 = ay + ah < by + bh ? ay + ah : by + bh;
    return r->x0 < r->x1 && r->y0 < r->y1;
}

uint8_t eo_overlap_rect(const eo_box *a, const eo_box *b, eo_box *out)
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
    if (!hit || r.x0 > 32767 || r.y0 > 32767) {
        out->x = (int16_t)(r.x0 > 32767 ? 0 : r.x0);
        out->y = (int16_t)(r.y0 > 32767 ? 0 : r.y0);
        out->w = out->h = 0;
        return 0;
    }
    out->x = (int16_t)r.x0;
    out->y = (int16_t)r.y0;
    out->w = (int16_t)(r.x1 - r.x0); /* at most min(a->w, b->w) <= 32767 */
    out->h = (int16_t)(r.y1 - r.y0);
    return 1;
}

/* The n lowest bits (0 <= n <= W). */
static eo_mask_word low_bits(uint8_t n)
{
    return n >= W ? (eo_mask_word)~(eo_mask_word)0 : (eo_mask_word)(((eo_mask_word)1 << n) - 1u);
}

static uint8_t lowest_set_bit(eo_mask_word v)
{
    uint8_t i = 0;
    while (!(v & 1u)) {
        v >>= 1;
        i++;
    }
    return i;
}

static uint8_t bits_set(eo_mask_word v)
{
    uint8_t n = 0;
    while (v) {
        v &= (eo_mask_word)(v - 1u); /* clears the lowest set bit */
        n++;
    }
    return n;
}

enum { SCAN_FIRST = 0, SCAN_COUNT = 1 };

/* Walks the overlap rectangle row by row, a word of A at a time (Mackey's way: A's words stay
   where they are, B's row is shifted to line up with them). SCAN_FIRST stops at the first shared
   pixel (its position in *cx, *cy) and returns 1; SCAN_COUNT returns how many there are. */
static uint32_t scan(const eo_pixelmask *a, int16_t ax, int16_t ay, const eo_pixelmask *b, int16_t bx, int16_t by,
                     uint8_t mode, int32_t *cx, int32_t *cy, eo_hooks *hooks)
{
    rect32 r;
    int32_t y, first_col, last_col;
    uint16_t first_word, last_word, i;
    eo_mask_word first_mask, last_mask;
    uint32_t count = 0;

    (void)hooks;
    if (!overlap_rect32(ax, ay, a->w, a->h, bx, by, b->w, b->h, &r)) {
        EO_STEP(hooks, EO_EV_PIXELMASK_NO_RECT, 0, 0);
        return 0; /* the boxes do not even overlap */
    }
    EO_STEP(hooks, EO_EV_PIXELMASK_RECT, r.x0, r.y0);
    EO_STEP(hooks, EO_EV_PIXELMASK_RECT_END, r.x1, r.y1);
    /* the rectangle's columns in A, the words of A's rows they fall in, and the bits of the
       first and last of those words that lie inside: the same for every row */
    first_col = r.x0 - ax;
    last_col = r.x1 - 1 - ax;
    first_word = (uint16_t)(first_col >> LOG2_W);
    last_word = (uint16_t)(last_col >> LOG2_W);
    first_mask = (eo_mask_word)~low_bits((uint8_t)(first_col & (W - 1)));
    last_mask = low_bits((uint8_t)((last_col & (W - 1)) + 1));
    /* A's column c is B's column c + (ax - bx): B's bits for A's word i start at B column
       i * W + ax - bx, which is B word b_word (one lower when negative) and bit b_bit of it:
       the same for every row, so the shift is worked out once per pair */
    {
        int32_t b_col = ((int32_t)first_word << LOG2_W) + ax - bx; /* >= -(W - 1) */
        int32_t b_word = b_col >= 0 ? b_col >> LOG2_W : -1;
        uint8_t b_bit = (uint8_t)(b_col - b_word * W); /* 0 .. W-1 (b_word may be -1: no shift of a negative) */
        uint16_t b_words = b->words_per_row;

        for (y = r.y0; y < r.y1; y++) {
            /* the same screen row in both sprites: row y - ay of A, row y - by of B */
            const eo_mask_word *row_a = a->words + (uint32_t)(y - ay) * a->words_per_row;
            const eo_mask_word *row_b = b->words + (uint32_t)(y - by) * b_words;
            int32_t j = b_word;
            EO_COUNT(hooks, EO_COUNTER_PIXELMASK_ROWS);
            EO_STEP(hooks, EO_EV_PIXELMASK_ROW, y - ay, y - by);
            for (i = first_word; i <= last_word; i++, j++) {
                /* A's word as it is; B's two words around the same columns, shifted into line */
                eo_mask_word bits_a = row_a[i];
                eo_mask_word lo = j >= 0 ? row_b[j] : 0;                      /* before B starts: clear */
                eo_mask_word hi = j + 1 < (int32_t)b_words ? row_b[j + 1] : 0; /* after B ends: clear */
                eo_mask_word bits_b = b_bit == 0 ? lo : (eo_mask_word)((lo >> b_bit) | (hi << (W - b_bit)));
                eo_mask_word both;
                if (i == first_word)
                    bits_a &= first_mask; /* columns left of the rectangle */
                if (i == last_word)
                    bits_a &= last_mask;  /* columns right of it */
                both = bits_a & bits_b;
                EO_COUNT(hooks, EO_COUNTER_PIXELMASK_WORDS);
                EO_STEP(hooks, EO_EV_PIXELMASK_WORDS, (int32_t)(uint32_t)bits_a, (int32_t)(uint32_t)bits_b);
                EO_STEP(hooks, EO_EV_PIXELMASK_AND, (int32_t)(uint32_t)both, ax + ((int32_t)i << LOG2_W));
                if (both == 0)
                    continue;
                if (mode == SCAN_FIRST) {
                    *cx = ax + ((int32_t)i << LOG2_W) + lowest_set_bit(both);
                    *cy = y;
                    EO_STEP(hooks, EO_EV_PIXELMASK_HIT, *cx, *cy);
                    return 1;
                }
                count += bits_set(both);
            }
        }
    }
    return count;
}

static eo_result check_pair(const eo_pixelmask *a, const eo_pixelmask *b, const void *out)
{
    if (a == NULL || b == NULL || out == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (a->w < 1 || a->h < 1 || b->w < 1 || b->h < 1 ||
        a->words_per_row != (uint16_t)((a->w + W - 1u) >> LOG2_W) ||
        b->words_per_row != (uint16_t)((b->w + W - 1u) >> LOG2_W))
        return EO_ERR_BAD_ARGUMENT; /* not made by eo_pixelmask_init */
    return EO_OK;
}

eo_result eo_pixelmask_overlap(const eo_pixelmask *a, int16_t ax, int16_t ay,
                               const eo_pixelmask *b, int16_t bx, int16_t by,
                               uint8_t *hit, eo_hooks *hooks)
{
    int32_t cx, cy;
    eo_result r = check_pair(a, b, hit);
    if (r != EO_OK)
        return r;
    *hit = (uint8_t)scan(a, ax, ay, b, bx, by, SCAN_FIRST, &cx, &cy, hooks);
    return EO_OK;
}

eo_result eo_pixelmask_first_contact(const eo_pixelmask *a, int16_t ax, int16_t ay,
                                     const eo_pixelmask *b, int16_t bx, int16_t by,
                                     uint8_t *found, int32_t *cx, int32_t *cy, eo_hooks *hooks)
{
    int32_t x, y;
    eo_result r = check_pair(a, b, found);
    if (r != EO_OK)
        return r;
    if (cx == NULL || cy == NULL)
        return EO_ERR_NULL_POINTER;
    *found = (uint8_t)scan(a, ax, ay, b, bx, by, SCAN_FIRST, &x, &y, hooks);
    if (*found) {
        *cx = x;
        *cy = y;
    }
    return EO_OK;
}

eo_result eo_pixelmask_overlap_area(const eo_pixelmask *a, int16_t ax, int16_t ay,
                                    const eo_pixelmask *b, int16_t bx, int16_t by,
                                    uint32_t *area, eo_hooks *hooks)
{
    eo_result r = check_pair(a, b, area);
    if (r != EO_OK)
        return r;
    *area = scan(a, ax, ay, b, bx, by, SCAN_COUNT, NULL, NULL, hooks);
    return EO_OK;
}

eo_result eo_pixelmask_overlap_reference(const eo_pixelmask *a, int16_t ax, int16_t ay,
                                         const eo_pixelmask *b, int16_t bx, int16_t by,
                                         uint8_t *hit, eo_hooks *hooks)
{
    rect32 r;
    int32_t x, y;
    eo_result res = check_pair(a, b, hit);
    if (res != EO_OK)
        return res;
    (void)hooks;
    *hit = 0;
    if (!overlap_rect32(ax, ay, a->w, a->h, bx, by, b->w, b->h, &r))
        return EO_OK;
    for (y = r.y0; y < r.y1; y++) {
        for (x = r.x0; x < r.x1; x++) {
            /* each sprite's own row and column for this screen pixel: y - ay in A, y - by in B */
            EO_COUNT(hooks, EO_COUNTER_PIXELMASK_REF_PIXELS);
            if (eo_pixelmask_get(a, (uint16_t)(x - ax), (uint16_t)(y - ay)) &&
                eo_pixelmask_get(b, (uint16_t)(x - bx), (uint16_t)(y - by))) {
                EO_STEP(hooks, EO_EV_PIXELMASK_REF_HIT, x, y);
                *hit = 1;
                return EO_OK;
            }
        }
    }
    return EO_OK;
}
