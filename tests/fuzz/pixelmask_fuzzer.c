/* libFuzzer target for pixelmask.h: two sprites of any size up to EO_PIXELMASK_MAX_SIZE on each
   side (small ones mostly; 4095-long strips and sizes out of range now and then), filled pixel by
   pixel, from RGBA (any stride, any alpha threshold) or from indexed pixels, placed anywhere in
   the eo_coord range or overlapping. Each mask lives in a buffer exactly as large as
   eo_pixelmask_storage_size says (or short, or misaligned, to be refused), so ASan sees any access
   past it. The oracle is a byte per pixel kept here, filled from the same source by the header's
   rules (alpha >= threshold, index != 0), and a brute-force loop over both sprites' pixels in
   64-bit world coordinates:
     - storage_size: ceil(w / W) stripes of h words of W bits, 0 outside 1 .. 4095;
     - get: every pixel, and 0 outside the mask; set outside it is EO_ERR_BAD_ARGUMENT;
     - overlap, overlap_reference, overlap_area, first_contact (scan order: rows top to bottom,
       left to right) equal the brute force. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct sprite {
    eo_pixelmask m;
    uint8_t *raw;    /* the malloc'd storage (m.words may be raw + 1 when misaligned) */
    uint8_t *px;     /* the oracle: 1 byte per pixel, row-major */
    uint16_t w, h;
    eo_coord x, y;
    int ok;          /* init succeeded */
} sprite;

static uint32_t next(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static void make(fz *f, sprite *s)
{
    uint8_t mode = fz_u8(f), density = fz_u8(f), how;
    size_t need, have, want_need, k, n;
    uint32_t seed = fz_u32(f) | 1u, stride, x, y;
    int misaligned = 0;
    eo_result r, want_r;
    if (fz_rare(f, 16) && (mode & 3u) == 0) { /* a strip up to the maximum size */
        s->w = (uint16_t)(1 + fz_below(f, EO_PIXELMASK_MAX_SIZE));
        s->h = (uint16_t)(1 + fz_below(f, 4));
    } else if (fz_rare(f, 16) && (mode & 3u) == 1) {
        s->w = (uint16_t)(1 + fz_below(f, 4));
        s->h = (uint16_t)(1 + fz_below(f, EO_PIXELMASK_MAX_SIZE));
    } else if ((mode & 63u) == 2) { /* out of range */
        s->w = (uint16_t)((fz_u8(f) & 1u) ? 0 : EO_PIXELMASK_MAX_SIZE + 1 + fz_below(f, 3));
        s->h = (uint16_t)(1 + fz_below(f, 8));
    } else {
        s->w = (uint16_t)(1 + fz_below(f, 140)); /* up to three 64-bit stripes */
        s->h = (uint16_t)(1 + fz_below(f, 40));
    }
    if (fz_u8(f) & 1u) {
        uint16_t t = s->w; /* and the other way round */
        s->w = s->h;
        s->h = t;
    }
    want_need = s->w >= 1 && s->h >= 1 && s->w <= EO_PIXELMASK_MAX_SIZE && s->h <= EO_PIXELMASK_MAX_SIZE
                    ? ((size_t)(s->w + EO_PIXELMASK_WORD_BITS - 1) / EO_PIXELMASK_WORD_BITS) * s->h * (EO_PIXELMASK_WORD_BITS / 8)
                    : 0;
    need = eo_pixelmask_storage_size(s->w, s->h);
    if (need != want_need)
        abort();
    have = (fz_u8(f) & 15u) == 0 ? fz_below(f, (uint32_t)need + 1u) : need;
    misaligned = sizeof(eo_pixelmask_word) > 1 && (fz_u8(f) & 31u) == 0;
    s->raw = malloc(have + (size_t)misaligned > 0 ? have + (size_t)misaligned : 1u); /* no slack: ASan sees past it */
    r = eo_pixelmask_init(&s->m, s->w, s->h, s->raw + misaligned, have);
    want_r = need == 0 || misaligned ? EO_ERR_BAD_ARGUMENT : have < need ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
    if (r != want_r)
        abort();
    s->ok = r == EO_OK;
    s->px = calloc((size_t)s->w * s->h + 1u, 1);
    if (!s->ok)
        return;

    /* pixels: a random field of some density, drawn through one of the three ways in */
    n = (size_t)s->w * s->h;
    for (k = 0; k < n; k++)
        s->px[k] = (uint8_t)((next(&seed) >> 24) < density);
    how = fz_u8(f) % 3u;
    if (how == 0) {
        for (y = 0; y < s->h; y++)
            for (x = 0; x < s->w; x++)
                if (s->px[y * s->w + x] && eo_pixelmask_set(&s->m, (uint16_t)x, (uint16_t)y, 1) != EO_OK)
                    abort();
        /* clear a few again */
        for (k = 0; k < 4; k++) {
            x = fz_below(f, s->w);
            y = fz_below(f, s->h);
            s->px[y * s->w + x] = 0;
            if (eo_pixelmask_set(&s->m, (uint16_t)x, (uint16_t)y, 0) != EO_OK)
                abort();
        }
    } else {
        uint8_t threshold = fz_u8(f), bpp = how == 1 ? 4 : 1;
        uint8_t *src;
        stride = (uint32_t)s->w * bpp + ((fz_u8(f) & 3u) == 0 ? fz_below(f, 9) : 0);
        if ((fz_u8(f) & 31u) == 0)
            stride = (uint32_t)s->w * bpp - 1u; /* too short: refused */
        src = malloc((size_t)stride * (s->h - 1u) + (size_t)s->w * bpp + 1u); /* the last row ends at w */
        for (y = 0; y < s->h; y++)
            for (x = 0; x < stride && (y + 1u < s->h || x < (uint32_t)s->w * bpp); x++)
                src[(size_t)y * stride + x] = (uint8_t)next(&seed);
        for (y = 0; y < s->h; y++)
            for (x = 0; x < s->w; x++) {
                uint8_t *p = &src[(size_t)y * stride + (size_t)x * bpp];
                if (how == 1) {
                    if (s->px[y * s->w + x]) p[3] = (uint8_t)(threshold + (uint8_t)(next(&seed) % (256u - threshold)));
                    else if (threshold > 0) p[3] = (uint8_t)(next(&seed) % threshold);
                } else {
                    p[0] = s->px[y * s->w + x] ? (uint8_t)(1 + next(&seed) % 255u) : 0;
                }
                s->px[y * s->w + x] = how == 1 ? p[3] >= threshold : p[0] != 0;
            }
        r = how == 1 ? eo_pixelmask_from_rgba(&s->m, src, stride, threshold) : eo_pixelmask_from_indexed(&s->m, src, stride);
        want_r = stride < (uint32_t)s->w * bpp || (how == 1 && threshold == 0) ? EO_ERR_BAD_ARGUMENT : EO_OK;
        if (r != want_r)
            abort();
        if (r != EO_OK)
            memset(s->px, 0, n); /* nothing filled: the mask is still all clear from init */
        free(src);
    }
    /* every pixel reads back, and nothing outside */
    for (y = 0; y < s->h; y++)
        for (x = 0; x < s->w; x++)
            if (eo_pixelmask_get(&s->m, (uint16_t)x, (uint16_t)y) != s->px[y * s->w + x])
                abort();
    if (eo_pixelmask_get(&s->m, s->w, 0) != 0 || eo_pixelmask_get(&s->m, 0, s->h) != 0 ||
        eo_pixelmask_set(&s->m, s->w, 0, 1) != EO_ERR_BAD_ARGUMENT || eo_pixelmask_set(&s->m, 0, s->h, 1) != EO_ERR_BAD_ARGUMENT)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    sprite s[2];
    int i;
    int64_t X, Y, x0, x1, y0, y1, wx = 0, wy = 0;
    uint32_t want = 0, area = 0xDEAD;
    uint8_t hit = 0xEE, ref = 0xEE, found = 0xEE;
    int big;
    int32_t cx = -7, cy = -7;

    fz_init(&f, data, size);
    for (i = 0; i < 2; i++) {
        make(&f, &s[i]);
        s[i].x = fz_coord(&f);
        s[i].y = fz_coord(&f);
    }
    if ((fz_u8(&f) & 3u) != 0) { /* mostly overlapping or nearly */
        s[1].x = fz_clamp((int64_t)s[0].x - s[1].w + (int64_t)fz_range(&f, 0, (int64_t)s[0].w + s[1].w));
        s[1].y = fz_clamp((int64_t)s[0].y - s[1].h + (int64_t)fz_range(&f, 0, (int64_t)s[0].h + s[1].h));
    }
    if (!s[0].ok || !s[1].ok)
        goto done;

    x0 = s[0].x > s[1].x ? s[0].x : s[1].x;
    y0 = s[0].y > s[1].y ? s[0].y : s[1].y;
    x1 = (int64_t)s[0].x + s[0].w < (int64_t)s[1].x + s[1].w ? (int64_t)s[0].x + s[0].w : (int64_t)s[1].x + s[1].w;
    y1 = (int64_t)s[0].y + s[0].h < (int64_t)s[1].y + s[1].h ? (int64_t)s[0].y + s[0].h : (int64_t)s[1].y + s[1].h;
    for (Y = y0; Y < y1; Y++)
        for (X = x0; X < x1; X++)
            if (s[0].px[(Y - s[0].y) * s[0].w + (X - s[0].x)] && s[1].px[(Y - s[1].y) * s[1].w + (X - s[1].x)]) {
                if (want == 0) {
                    wx = X;
                    wy = Y;
                }
                want++;
            }
    /* a contact pixel past INT32_MAX (only with 32-bit coordinates, a sprite within its size of
       EO_COORD_MAX) cannot be given in int32_t: first_contact refuses it (pixelmask.h) */
    big = want > 0 && (wx > INT32_MAX || wy > INT32_MAX);
    if (eo_pixelmask_overlap(&s[0].m, s[0].x, s[0].y, &s[1].m, s[1].x, s[1].y, &hit, NULL) != EO_OK ||
        eo_pixelmask_overlap_reference(&s[0].m, s[0].x, s[0].y, &s[1].m, s[1].x, s[1].y, &ref, NULL) != EO_OK ||
        eo_pixelmask_overlap_area(&s[0].m, s[0].x, s[0].y, &s[1].m, s[1].x, s[1].y, &area, NULL) != EO_OK ||
        eo_pixelmask_first_contact(&s[0].m, s[0].x, s[0].y, &s[1].m, s[1].x, s[1].y, &found, &cx, &cy, NULL) !=
            (big ? EO_ERR_BAD_ARGUMENT : EO_OK))
        abort();
    if (big)
        found = 1; /* as if found: the point itself is not checked */
    if (hit != (want > 0) || ref != hit || found != hit || area != want || (found && !big && (cx != wx || cy != wy)) ||
        (!found && (cx != -7 || cy != -7)))
        abort();
    /* symmetric in its answer (first contact is the same pixel: scan order is the world's) */
    if (eo_pixelmask_first_contact(&s[1].m, s[1].x, s[1].y, &s[0].m, s[0].x, s[0].y, &found, &cx, &cy, NULL) !=
            (big ? EO_ERR_BAD_ARGUMENT : EO_OK) ||
        (!big && (found != hit || (found && (cx != wx || cy != wy)))))
        abort();
done:
    for (i = 0; i < 2; i++) {
        free(s[i].raw);
        free(s[i].px);
    }
    return 0;
}
