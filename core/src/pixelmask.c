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

/* B's bits lined up with one word of A: bits s .. s+W-1 of the pair (hi:lo), that is B's word lo
   shifted down by s with the bottom s bits of the next word, hi, coming in on top. Below 64-bit
   words, one shift of a double word (on the Z80, hi:lo is a register pair); hi is 0 when s is 0. */
#if W == 8
typedef uint16_t eo_mask_pair;
#elif W == 16
typedef uint32_t eo_mask_pair;
#elif W == 32
typedef uint64_t eo_mask_pair;
#endif
#if W < 64
#define LINE_UP(lo, hi, s) ((eo_mask_word)(((eo_mask_pair)(hi) << W | (lo)) >> (s)))
#else
#define LINE_UP(lo, hi, s) ((eo_mask_word)((lo) >> (s) | (eo_mask_word)((hi) << 1) << (W - 1u - (s))))
#endif

/* Read in place of a B word that lies outside B's row: its bits always land outside the
   rectangle (A's first or last word masks them off), so reading 0 is as good as skipping it. */
static const eo_mask_word no_word = 0;

#define ALL_BITS ((eo_mask_word)~(eo_mask_word)0)

enum { SCAN_ANY = 0, SCAN_FIRST = 1, SCAN_COUNT = 2 };

/* q - p for two spans on one axis, p .. p+p_len-1 and q .. q+q_len-1 (lengths 1 .. 4095), in
   16-bit arithmetic: 1 with *d = q - p if the spans overlap (-q_len < q - p < p_len), else 0.
   The difference spans -65535 .. 65535, yet needs no 32 bits: with p and q of the same sign it
   lies within -32767 .. 32767 (int16_t, no overflow); otherwise its sign is q's and its size is
   the unsigned 16-bit difference, exact since it is below 65536. */
static uint8_t offset16(int16_t p, int16_t q, uint16_t p_len, uint16_t q_len, int16_t *d)
{
    uint16_t size;
    if ((p < 0) == (q < 0)) {
        int16_t v = (int16_t)(q - p);
        if (v <= -(int16_t)q_len || v >= (int16_t)p_len)
            return 0;
        *d = v;
        return 1;
    }
    if (q >= 0) { /* q - p > 0 */
        size = (uint16_t)((uint16_t)q - (uint16_t)p);
        if (size >= p_len)
            return 0;
        *d = (int16_t)size;
        return 1;
    }
    size = (uint16_t)((uint16_t)p - (uint16_t)q); /* q - p < 0 */
    if (size >= q_len)
        return 0;
    *d = (int16_t)-(int16_t)size;
    return 1;
}

/* Walks the overlap rectangle row by row, a word of A at a time (Mackey's way: A's words stay
   where they are, B's row is shifted to line up with them). SCAN_ANY returns 1 at the first
   non-zero AND; SCAN_FIRST also puts the first shared pixel (scan order) in *cx, *cy; SCAN_COUNT
   returns how many pixels are shared.

   16-bit arithmetic (the Z80's): once the boxes are known to overlap (offset16), -b->w < dx < a->w
   with both widths <= 4095, and likewise dy, so every column, row and word index below lies
   within -4095 .. 8190. Word offsets into a mask (row * words_per_row) stay below its storage
   size, which eo_pixelmask_storage_size keeps within size_t (64 KiB on the Z80). Only the world
   coordinates of the trace and of the first contact are 32-bit (a sprite near 32767 reaches past it). */
static uint32_t scan(const eo_pixelmask *a, int16_t ax, int16_t ay, const eo_pixelmask *b, int16_t bx, int16_t by,
                     uint8_t mode, int32_t *cx, int32_t *cy, eo_hooks *hooks)
{
    int16_t dx, dy, c0, c1, r0, r1, b_col, j0;
    uint16_t rows, first_word, nw, wpa, wpb, k;
    uint8_t s;
    eo_mask_word first_mask, last_mask, bits_a, bits_b, both;
    const eo_mask_word *row_a, *row_b, *lo, *hi;
    size_t lo_step, hi_step;
    uint32_t count = 0;

    (void)hooks;
    if (!offset16(ax, bx, a->w, b->w, &dx) || !offset16(ay, by, a->h, b->h, &dy)) {
        EO_STEP(hooks, EO_EV_PIXELMASK_NO_RECT, 0, 0);
        return 0; /* the boxes do not even overlap */
    }
    /* the overlap rectangle in A's pixels: columns c0 .. c1-1, rows r0 .. r1-1 (the highest left
       edge, the lowest right edge; the same vertically). B's pixel (i, j) is A's (i + dx, j + dy) */
    c0 = dx > 0 ? dx : 0;
    c1 = (int16_t)(dx + (int16_t)b->w < (int16_t)a->w ? dx + (int16_t)b->w : (int16_t)a->w);
    r0 = dy > 0 ? dy : 0;
    r1 = (int16_t)(dy + (int16_t)b->h < (int16_t)a->h ? dy + (int16_t)b->h : (int16_t)a->h);
    EO_STEP(hooks, EO_EV_PIXELMASK_RECT, (int32_t)ax + c0, (int32_t)ay + r0);
    EO_STEP(hooks, EO_EV_PIXELMASK_RECT_END, (int32_t)ax + c1, (int32_t)ay + r1);
    /* the words of A's rows the rectangle's columns fall in, and the bits of the first and last of
       them that lie inside: the same for every row */
    first_word = (uint16_t)((uint16_t)c0 >> LOG2_W);
    nw = (uint16_t)(((uint16_t)(c1 - 1) >> LOG2_W) - first_word + 1u);
    first_mask = (eo_mask_word)(ALL_BITS << (c0 & (W - 1)));
    last_mask = (eo_mask_word)(ALL_BITS >> (W - 1 - ((c1 - 1) & (W - 1))));
    /* B's bits for A's word i start at B column i * W - dx (>= -(W - 1): A's first word starts at
       most W - 1 columns left of the rectangle, which starts inside B): bit s of B word j0 (-1
       when the word starts left of B). The same for every row: the shift is worked out once. */
    b_col = (int16_t)((int16_t)(first_word << LOG2_W) - dx);
    j0 = b_col >= 0 ? (int16_t)(b_col >> LOG2_W) : -1;
    s = (uint8_t)((uint16_t)b_col & (W - 1u));
    wpa = a->words_per_row;
    wpb = b->words_per_row;
    /* the same screen row in both sprites: row r of A, row r - dy of B */
    row_a = a->words + first_word;
    row_b = b->words;
    if (dy > 0)
        row_a += (size_t)(uint16_t)dy * wpa; /* A's row dy meets B's row 0 */
    else if (dy < 0)
        row_b += (size_t)(uint16_t)-dy * wpb; /* A's row 0 meets B's row -dy */
    /* B's words around the first and last of A's words: B's own, or no_word (step 0) outside B */
    lo = j0 >= 0 ? row_b + j0 : &no_word;
    lo_step = j0 >= 0 ? wpb : 0;
    hi = s != 0 && j0 + (int16_t)nw < (int16_t)wpb ? row_b + (j0 + (int16_t)nw) : &no_word;
    hi_step = hi != &no_word ? wpb : 0;
    rows = (uint16_t)(r1 - r0);
    if (nw == 1) {
        /* one word of A per row (sprites up to a word wide): no word walk */
        first_mask &= last_mask; /* columns left and right of the rectangle */
        for (;;) {
            EO_COUNT(hooks, EO_COUNTER_PIXELMASK_ROWS);
            EO_STEP(hooks, EO_EV_PIXELMASK_ROW, (int32_t)(r1 - rows), (int32_t)(r1 - rows - dy));
            bits_a = *row_a & first_mask;
            bits_b = LINE_UP(*lo, *hi, s);
            both = bits_a & bits_b;
            EO_COUNT(hooks, EO_COUNTER_PIXELMASK_WORDS);
            EO_STEP(hooks, EO_EV_PIXELMASK_WORDS, (int32_t)(uint32_t)bits_a, (int32_t)(uint32_t)bits_b);
            EO_STEP(hooks, EO_EV_PIXELMASK_AND, (int32_t)(uint32_t)both, (int32_t)ax + (int32_t)(first_word << LOG2_W));
            if (both != 0) {
                k = 0;
                if (mode != SCAN_COUNT)
                    break; /* a hit */
                count += bits_set(both);
            }
            if (--rows == 0)
                return count;
            row_a += wpa; /* stepped only while a row is left: never past the end of the masks */
            lo += lo_step;
            hi += hi_step;
        }
    } else {
        for (;;) {
            EO_COUNT(hooks, EO_COUNTER_PIXELMASK_ROWS);
            EO_STEP(hooks, EO_EV_PIXELMASK_ROW, (int32_t)(r1 - rows), (int32_t)(r1 - rows - dy));
            {
                /* A's words in turn, and B's words around each: the one below (prev) and the
                   one above (next), walking along B's row; lo and hi stand in at its ends */
                const eo_mask_word *pa = row_a, *pb = row_b + (j0 + 1);
                eo_mask_word prev = *lo, next;
                for (k = 0; k < nw; k++) {
                    bits_a = *pa++;
                    if (k == 0)
                        bits_a &= first_mask; /* columns left of the rectangle */
                    if (k + 1u == nw) {
                        bits_a &= last_mask;  /* columns right of it */
                        next = *hi;
                    } else {
                        next = *pb++;
                    }
                    bits_b = LINE_UP(prev, next, s); /* B's bits under A's word */
                    prev = next;
                    both = bits_a & bits_b;
                    EO_COUNT(hooks, EO_COUNTER_PIXELMASK_WORDS);
                    EO_STEP(hooks, EO_EV_PIXELMASK_WORDS, (int32_t)(uint32_t)bits_a, (int32_t)(uint32_t)bits_b);
                    EO_STEP(hooks, EO_EV_PIXELMASK_AND, (int32_t)(uint32_t)both, (int32_t)ax + (int32_t)((first_word + k) << LOG2_W));
                    if (both == 0)
                        continue;
                    if (mode != SCAN_COUNT)
                        goto hit; /* out of both loops */
                    count += bits_set(both);
                }
            }
            if (--rows == 0)
                return count;
            row_a += wpa;
            row_b += wpb;
            lo += lo_step;
            hi += hi_step;
        }
    }
hit:
    if (mode == SCAN_FIRST) {
        /* the lowest set bit of the AND is the leftmost shared pixel of the row */
        *cx = (int32_t)ax + (int32_t)(((uint32_t)(first_word + k) << LOG2_W) + lowest_set_bit(both));
        *cy = (int32_t)ay + (r1 - rows);
        EO_STEP(hooks, EO_EV_PIXELMASK_HIT, *cx, *cy);
    }
    return 1;
}

static eo_result check_pair(const eo_pixelmask *a, const eo_pixelmask *b, const void *out)
{
    if (a == NULL || b == NULL || out == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (a->w < 1 || a->h < 1 || b->w < 1 || b->h < 1 || a->w > EO_PIXELMASK_MAX_SIZE ||
        a->h > EO_PIXELMASK_MAX_SIZE || b->w > EO_PIXELMASK_MAX_SIZE || b->h > EO_PIXELMASK_MAX_SIZE ||
        a->words_per_row != (uint16_t)((a->w + W - 1u) >> LOG2_W) ||
        b->words_per_row != (uint16_t)((b->w + W - 1u) >> LOG2_W))
        return EO_ERR_BAD_ARGUMENT; /* not made by eo_pixelmask_init (scan relies on its sizes) */
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
    /* the traced build also finds where (its HIT step shows it); the fast one only whether */
    *hit = (uint8_t)scan(a, ax, ay, b, bx, by, EO_TRACE ? SCAN_FIRST : SCAN_ANY, &cx, &cy, hooks);
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
