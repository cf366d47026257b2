/* Tests of core/src/pixelmask.c, against brute-force pixel loops written here. Built at every
   word width (8, 16, 32, 64 bits): the answers must not depend on it.
   Run: build/tests/test_pixelmask.* [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"

#define RNG_SEED 31337u
#include "rng.h"

/* Two masks of up to 130 x 70, each with its own storage (word-aligned through the union). */
#define MAXW 130
#define MAXH 70
static union { uint64_t align; uint8_t bytes[((MAXW + 63) / 64) * 8 * MAXH + 64]; } store_a, store_b;
static uint8_t pix_a[MAXH][MAXW], pix_b[MAXH][MAXW];
static eo_pixelmask A, B;

static void make_mask(eo_pixelmask *m, void *store, uint8_t pix[MAXH][MAXW], uint16_t w, uint16_t h, unsigned density)
{
    uint16_t x, y;
    assert_int_equal(eo_pixelmask_init(m, w, h, store, sizeof store_a.bytes), EO_OK);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            pix[y][x] = (uint8_t)(rng() % 100u < density);
            assert_int_equal(eo_pixelmask_set(m, x, y, pix[y][x]), EO_OK);
        }
}

/* Brute force straight from the pixel arrays: first shared pixel in scan order, and the count. */
static uint32_t brute(int ax, int ay, uint16_t aw, uint16_t ah, int bx, int by, uint16_t bw, uint16_t bh,
                      int *fx, int *fy)
{
    uint32_t count = 0;
    int x, y;
    *fx = *fy = -99999;
    for (y = ay; y < ay + ah; y++)
        for (x = ax; x < ax + aw; x++) {
            if (x < bx || x >= bx + bw || y < by || y >= by + bh)
                continue;
            if (pix_a[y - ay][x - ax] && pix_b[y - by][x - bx]) {
                if (count == 0) { *fx = x; *fy = y; }
                count++;
            }
        }
    return count;
}

static void check_all(int16_t ax, int16_t ay, int16_t bx, int16_t by)
{
    uint8_t hit = 9, ref = 9, found = 9;
    int32_t cx = -1, cy = -1;
    uint32_t area = 7;
    int fx, fy;
    uint32_t want = brute(ax, ay, A.w, A.h, bx, by, B.w, B.h, &fx, &fy);
    assert_int_equal(eo_pixelmask_overlap(&A, ax, ay, &B, bx, by, &hit, NULL), EO_OK);
    assert_int_equal(eo_pixelmask_overlap_reference(&A, ax, ay, &B, bx, by, &ref, NULL), EO_OK);
    assert_int_equal(eo_pixelmask_overlap_area(&A, ax, ay, &B, bx, by, &area, NULL), EO_OK);
    assert_int_equal(eo_pixelmask_first_contact(&A, ax, ay, &B, bx, by, &found, &cx, &cy, NULL), EO_OK);
    assert_int_equal(hit, want > 0);
    assert_int_equal(ref, want > 0);
    assert_int_equal(found, want > 0);
    assert_int_equal(area, want);
    if (want) {
        assert_int_equal(cx, fx);
        assert_int_equal(cy, fy);
    } else {
        assert_int_equal(cx, -1); /* untouched */
    }
}

static void test_pixelmask_overlap_rect(void **state)
{
    eo_box a = { 0, 0, 10, 10 }, b = { 5, 3, 10, 10 }, r;
    (void)state;
    assert_int_equal(eo_pixelmask_overlap_rect(&a, &b, &r), 1);
    assert_int_equal(r.x, 5); assert_int_equal(r.y, 3); assert_int_equal(r.w, 5); assert_int_equal(r.h, 7);
    b.x = 2; b.y = 2; b.w = 3; b.h = 3; /* contained */
    assert_int_equal(eo_pixelmask_overlap_rect(&a, &b, &r), 1);
    assert_int_equal(r.x, 2); assert_int_equal(r.w, 3);
    b.x = 10; /* touching: empty */
    assert_int_equal(eo_pixelmask_overlap_rect(&a, &b, &r), 0);
    assert_int_equal(r.w, 0);
    a.x = 32760; a.w = 32767; b.x = -32768; b.w = 10; /* far edge past int16 does not wrap */
    assert_int_equal(eo_pixelmask_overlap_rect(&a, &b, &r), 0);
    a.x = -32768; a.w = 32767; a.y = -32768; a.h = 32767; b.x = -5; b.y = -5; b.w = 10; b.h = 10;
    assert_int_equal(eo_pixelmask_overlap_rect(&a, &b, &r), 1);
    assert_int_equal(r.x, -5); assert_int_equal(r.w, 4); /* a ends at -2 */
}

static void test_pixelmask_edge_widths_and_offsets(void **state)
{
    static const uint16_t widths[] = { 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 100, 130 };
    unsigned i, j, density;
    (void)state;
    for (i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        for (j = 0; j < sizeof widths / sizeof widths[0]; j += 3) {
            for (density = 0; density <= 100; density += 50) { /* empty, half, full */
                uint16_t wa = widths[i], wb = widths[j];
                int16_t off;
                make_mask(&A, store_a.bytes, pix_a, wa, (uint16_t)(1 + i % 5), density);
                make_mask(&B, store_b.bytes, pix_b, wb, (uint16_t)(1 + j % 4), density == 50 ? 70 : density);
                /* offsets of +-(width - 1), word multiples, zero, and just apart */
                for (off = (int16_t)-(wb + 1); off <= (int16_t)(wa + 1); off++) {
                    if (off % 8 != 0 && off != -(int16_t)wb + 1 && off != (int16_t)wa - 1 && (off < -2 || off > 2))
                        continue;
                    check_all(100, 50, (int16_t)(100 + off), 50);
                    check_all(100, 50, (int16_t)(100 + off), 51);
                    check_all(-40, -3, (int16_t)(-40 + off), -3); /* negative coordinates */
                    check_all(32700, 32767, (int16_t)(32700 + off), 32767); /* reaching past int16 */
                }
            }
        }
    }
}

static void test_pixelmask_matches_brute_force(void **state)
{
    unsigned trial;
    (void)state;
    for (trial = 0; trial < 3000u; trial++) {
        uint16_t wa = (uint16_t)(1 + rng() % MAXW), ha = (uint16_t)(1 + rng() % MAXH);
        uint16_t wb = (uint16_t)(1 + rng() % MAXW), hb = (uint16_t)(1 + rng() % MAXH);
        unsigned k;
        make_mask(&A, store_a.bytes, pix_a, wa, ha, (unsigned)(rng() % 30u));
        make_mask(&B, store_b.bytes, pix_b, wb, hb, (unsigned)(rng() % 30u));
        for (k = 0; k < 4; k++) {
            int16_t ax = (int16_t)((int)(rng() % 400u) - 200), ay = (int16_t)((int)(rng() % 300u) - 150);
            int16_t bx = (int16_t)(ax + (int)(rng() % (unsigned)(wa + wb + 2)) - wb - 1);
            int16_t by = (int16_t)(ay + (int)(rng() % (unsigned)(ha + hb + 2)) - hb - 1);
            check_all(ax, ay, bx, by);
        }
    }
}

static void test_pixelmask_builders(void **state)
{
    uint8_t rgba[3 * 2 * 4 + 8], idx[2][5] = { { 0, 1, 0, 9, 9 }, { 2, 0, 0, 9, 9 } };
    union { uint64_t align; uint8_t b[64]; } st;
    eo_pixelmask m;
    (void)state;
    memset(rgba, 0, sizeof rgba);
    rgba[4 * 1 + 3] = 200;            /* (1, 0) opaque */
    rgba[3 * 4 + 8 + 4 * 2 + 3] = 127; /* (2, 1): stride 20 bytes, alpha just under the threshold */
    rgba[3 * 4 + 8 + 4 * 0 + 3] = 128; /* (0, 1): at the threshold */
    assert_int_equal(eo_pixelmask_init(&m, 3, 2, st.b, sizeof st.b), EO_OK);
    assert_int_equal(eo_pixelmask_from_rgba(&m, rgba, 20, 128), EO_OK);
    assert_int_equal(eo_pixelmask_get(&m, 1, 0), 1);
    assert_int_equal(eo_pixelmask_get(&m, 0, 1), 1);
    assert_int_equal(eo_pixelmask_get(&m, 2, 1), 0);
    assert_int_equal(eo_pixelmask_get(&m, 0, 0), 0);
    assert_int_equal(eo_pixelmask_from_rgba(&m, rgba, 11, 128), EO_ERR_BAD_ARGUMENT); /* stride < 4w */
    assert_int_equal(eo_pixelmask_from_rgba(&m, rgba, 20, 0), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_pixelmask_from_indexed(&m, &idx[0][0], 5), EO_OK);
    assert_int_equal(eo_pixelmask_get(&m, 1, 0), 1);
    assert_int_equal(eo_pixelmask_get(&m, 0, 1), 1);
    assert_int_equal(eo_pixelmask_get(&m, 0, 0), 0);
    assert_int_equal(eo_pixelmask_get(&m, 2, 0), 0); /* index 9 past w is not read */
    assert_int_equal(eo_pixelmask_get(&m, 3, 0), 0); /* outside: 0 */
}

static void test_pixelmask_bad_input(void **state)
{
    union { uint64_t align; uint8_t b[80]; } st;
    eo_pixelmask m, forged;
    uint8_t hit = 5;
    size_t need = eo_pixelmask_storage_size(33, 3);
    (void)state;
    assert_true(need > 0 && need <= 64);
    assert_int_equal(eo_pixelmask_storage_size(0, 5), 0);
    assert_int_equal(eo_pixelmask_storage_size(4096, 5), 0);
    memset(st.b, 0xEE, sizeof st.b);
    assert_int_equal(eo_pixelmask_init(&m, 33, 3, st.b, need - 1), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(eo_pixelmask_init(&m, 0, 3, st.b, need), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_pixelmask_init(NULL, 33, 3, st.b, need), EO_ERR_NULL_POINTER);
    if (sizeof(eo_pixelmask_word) > 1)
        assert_int_equal(eo_pixelmask_init(&m, 33, 3, st.b + 1, need), EO_ERR_BAD_ARGUMENT); /* misaligned */
    assert_int_equal(eo_pixelmask_init(&m, 33, 3, st.b, need), EO_OK);
    assert_int_equal(st.b[need], 0xEE); /* nothing written past the storage */
    assert_int_equal(eo_pixelmask_set(&m, 33, 0, 1), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_pixelmask_set(&m, 0, 3, 1), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_pixelmask_set(&m, 32, 2, 1), EO_OK);
    assert_int_equal(st.b[need], 0xEE);
    assert_int_equal(eo_pixelmask_overlap(&m, 0, 0, NULL, 0, 0, &hit, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_pixelmask_overlap(&m, 0, 0, &m, 0, 0, NULL, NULL), EO_ERR_NULL_POINTER);
    forged = m;
    forged.w = 900; /* words_per_row no longer matches: refused, not read past the storage */
    assert_int_equal(eo_pixelmask_overlap(&m, 0, 0, &forged, 0, 0, &hit, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(hit, 5);
    forged = m;
    forged.w = 40000; /* consistent words_per_row, but past the 4095 the 16-bit scan relies on */
    forged.words_per_row = (uint16_t)((40000u + EO_PIXELMASK_WORD_BITS - 1u) / EO_PIXELMASK_WORD_BITS);
    assert_int_equal(eo_pixelmask_overlap(&m, 0, 0, &forged, 0, 0, &hit, NULL), EO_ERR_BAD_ARGUMENT);
    forged = m;
    forged.h = 4096;
    assert_int_equal(eo_pixelmask_overlap(&forged, 0, 0, &m, 0, 0, &hit, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(hit, 5);
    assert_int_equal(eo_pixelmask_overlap(&m, 0, 0, &m, 0, 0, &hit, NULL), EO_OK);
    assert_int_equal(hit, 1);
}

static void test_pixelmask_counters_and_trace(void **state)
{
    eo_trace_step steps[64];
    eo_hooks h;
    uint8_t hit;
    (void)state;
    rng_state = 5;
    make_mask(&A, store_a.bytes, pix_a, 64, 64, 100);
    make_mask(&B, store_b.bytes, pix_b, 64, 64, 0);
    eo_hooks_init(&h, steps, 64);
    assert_int_equal(eo_pixelmask_overlap(&A, 0, 0, &B, 10, 20, &hit, &h), EO_OK);
    assert_int_equal(hit, 0);
    assert_int_equal(eo_pixelmask_overlap_reference(&A, 0, 0, &B, 10, 20, &hit, &h), EO_OK);
#if EO_TRACE
    /* overlap rectangle 54 x 44: 44 rows; words per row depend on the word width */
    assert_int_equal(h.counters[EO_COUNTER_PIXELMASK_ROWS], 44);
    assert_int_equal(h.counters[EO_COUNTER_PIXELMASK_WORDS], 44u * ((54u + EO_PIXELMASK_WORD_BITS - 1u) / EO_PIXELMASK_WORD_BITS));
    assert_int_equal(h.counters[EO_COUNTER_PIXELMASK_REF_PIXELS], 54u * 44u);
    assert_int_equal(steps[0].event, EO_EV_PIXELMASK_RECT);
    assert_int_equal(steps[0].a, 10);
    assert_int_equal(steps[0].b, 20);
#else
    assert_int_equal(h.step_count, 0);
#endif
}

/* The set bits of a word, counted at every width (SWAR where the compiler's builtin is not one
   instruction, so natively here): a mask's area against itself, placed on itself, is its pixel
   count. Full words, single bits, every density, widths across word and stripe boundaries. */
static void test_pixelmask_popcount_every_width(void **state)
{
    static const uint16_t widths[] = { 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 130 };
    unsigned i, density;
    (void)state;
    for (i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        for (density = 0; density <= 100; density += 10) {
            uint16_t w = widths[i], h = (uint16_t)(1 + (i * 7 + density) % MAXH), x, y;
            uint32_t want = 0, area = 0;
            make_mask(&A, store_a.bytes, pix_a, w, h, density);
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++)
                    want += pix_a[y][x];
            assert_int_equal(eo_pixelmask_overlap_area(&A, 3, -5, &A, 3, -5, &area, NULL), EO_OK);
            assert_int_equal(area, want);
        }
    }
    /* one bit at every position of a word, alone */
    for (i = 0; i < 130; i++) {
        uint32_t area = 0;
        assert_int_equal(eo_pixelmask_init(&A, 130, 2, store_a.bytes, sizeof store_a.bytes), EO_OK);
        assert_int_equal(eo_pixelmask_set(&A, (uint16_t)i, 1, 1), EO_OK);
        assert_int_equal(eo_pixelmask_overlap_area(&A, 0, 0, &A, 0, 0, &area, NULL), EO_OK);
        assert_int_equal(area, 1);
    }
}

/* The fast way out: boxes apart (touching included, on either axis, far apart across the int16_t
   range) read no word, so a mask whose words are a single word of storage is fine there; and a
   mask forged or zeroed is still refused as soon as its box overlaps. */
static void test_pixelmask_fast_paths(void **state)
{
    static eo_pixelmask_word one_word;
    eo_pixelmask big = { 200, 100, (uint16_t)((200 + EO_PIXELMASK_WORD_BITS - 1) / EO_PIXELMASK_WORD_BITS), &one_word };
    eo_pixelmask small = { 16, 16, (uint16_t)((16 + EO_PIXELMASK_WORD_BITS - 1) / EO_PIXELMASK_WORD_BITS), &one_word };
    eo_pixelmask zeroed;
    /* A (big) at (ax, ay), B (small) at (bx, by): touching on each side, and far apart across the
       int16_t range, where the 16-bit difference wraps to a small one */
    static const int16_t apart[][4] = { { 0, 0, 200, 0 }, { 0, 0, -16, 0 }, { 0, 0, 0, 100 }, { 0, 0, 0, -16 },
                                        { 32767, 0, -32768, 0 }, { -32768, 0, 32767, 0 }, { 0, 32767, 0, -32768 },
                                        { 0, -32768, 0, 32767 }, { -32768, -32768, 32752, 32752 },
                                        { 32600, 32700, -32768, -32768 } };
    unsigned i;
    uint8_t hit, found;
    uint32_t area;
    int32_t cx = -7, cy = -7;
    (void)state;
    for (i = 0; i < sizeof apart / sizeof apart[0]; i++) {
        const int16_t *q = apart[i];
        hit = found = 9;
        area = 9;
        assert_int_equal(eo_pixelmask_overlap(&big, q[0], q[1], &small, q[2], q[3], &hit, NULL), EO_OK);
        assert_int_equal(eo_pixelmask_overlap(&small, q[2], q[3], &big, q[0], q[1], &found, NULL), EO_OK);
        assert_int_equal(hit, 0);
        assert_int_equal(found, 0);
        assert_int_equal(eo_pixelmask_overlap_area(&big, q[0], q[1], &small, q[2], q[3], &area, NULL), EO_OK);
        assert_int_equal(area, 0);
        found = 9;
        assert_int_equal(eo_pixelmask_first_contact(&small, q[2], q[3], &big, q[0], q[1], &found, &cx, &cy, NULL), EO_OK);
        assert_int_equal(found, 0);
        assert_int_equal(cx, -7); /* untouched */
    }
    /* a zeroed struct has no words: refused wherever it is */
    memset(&zeroed, 0, sizeof zeroed);
    assert_int_equal(eo_pixelmask_overlap(&zeroed, 0, 0, &small, 1000, 1000, &hit, NULL), EO_ERR_NULL_POINTER);
    /* a forged size is refused once the boxes overlap, before a word is read */
    big.w = 5000;
    hit = 5;
    assert_int_equal(eo_pixelmask_overlap(&big, 0, 0, &small, 10, 10, &hit, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_pixelmask_overlap_area(&big, 0, 0, &small, 10, 10, &area, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_pixelmask_first_contact(&big, 0, 0, &small, 10, 10, &found, &cx, &cy, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(hit, 5);
    small.h = 5000; /* and a narrow one too */
    assert_int_equal(eo_pixelmask_overlap(&small, 0, 0, &small, 0, 0, &hit, NULL), EO_ERR_BAD_ARGUMENT);
}

/* Boxes sharing one row (top or bottom) or one column (left or right edge), narrow and wide
   sprites, against brute force. */
static void test_pixelmask_one_row_or_column(void **state)
{
    static const uint16_t sizes[][2] = { { 16, 16 }, { 8, 3 }, { 64, 5 }, { 65, 7 }, { 130, 9 }, { 33, 70 } };
    unsigned i, j;
    (void)state;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
            uint16_t wa = sizes[i][0], ha = sizes[i][1], wb = sizes[j][0], hb = sizes[j][1];
            int16_t off;
            make_mask(&A, store_a.bytes, pix_a, wa, ha, 100);
            make_mask(&B, store_b.bytes, pix_b, wb, hb, 100);
            for (off = (int16_t)(-(int16_t)wb + 1); off < (int16_t)wa; off += 3) {
                check_all(10, 20, (int16_t)(10 + off), (int16_t)(20 + ha - 1)); /* B's top row on A's bottom row */
                check_all(10, 20, (int16_t)(10 + off), (int16_t)(20 - hb + 1)); /* B's bottom row on A's top row */
            }
            for (off = (int16_t)(-(int16_t)hb + 1); off < (int16_t)ha; off += 3) {
                check_all(10, 20, (int16_t)(10 + wa - 1), (int16_t)(20 + off)); /* one shared column */
                check_all(10, 20, (int16_t)(10 - wb + 1), (int16_t)(20 + off));
            }
        }
}

/* First contact in scan order when the stripes disagree: a hit lower down in the first stripe and
   one higher up in a stripe further right; the higher one is first. Then equal rows: the left one. */
static void test_pixelmask_first_contact_scan_order(void **state)
{
    uint8_t found = 0;
    int32_t cx = 0, cy = 0;
    (void)state;
    make_mask(&A, store_a.bytes, pix_a, 130, 40, 0);
    make_mask(&B, store_b.bytes, pix_b, 130, 40, 0);
    /* A at 0, 0; B at 3, 1: B's pixel (i, j) is A's (i + 3, j + 1) */
    assert_int_equal(eo_pixelmask_set(&A, 5, 30, 1), EO_OK);   /* stripe 0, row 30 */
    assert_int_equal(eo_pixelmask_set(&B, 2, 29, 1), EO_OK);
    assert_int_equal(eo_pixelmask_set(&A, 120, 10, 1), EO_OK); /* the last stripe, row 10 */
    assert_int_equal(eo_pixelmask_set(&B, 117, 9, 1), EO_OK);
    assert_int_equal(eo_pixelmask_first_contact(&A, 0, 0, &B, 3, 1, &found, &cx, &cy, NULL), EO_OK);
    assert_int_equal(found, 1);
    assert_int_equal(cx, 120);
    assert_int_equal(cy, 10);
    assert_int_equal(eo_pixelmask_set(&A, 70, 10, 1), EO_OK);  /* the same row, further left */
    assert_int_equal(eo_pixelmask_set(&B, 67, 9, 1), EO_OK);
    assert_int_equal(eo_pixelmask_first_contact(&A, 0, 0, &B, 3, 1, &found, &cx, &cy, NULL), EO_OK);
    assert_int_equal(cx, 70);
    assert_int_equal(cy, 10);
    /* and seen from B (B is then the sprite further right) */
    assert_int_equal(eo_pixelmask_first_contact(&B, 3, 1, &A, 0, 0, &found, &cx, &cy, NULL), EO_OK);
    assert_int_equal(cx, 70);
    assert_int_equal(cy, 10);
}

/* One-stripe masks taller than a group of rows (the fast build, core/src/fast/pixelmask_pairs.c,
   reads rows a block or a group at a time and looks at the result once per block or group):
   T holds one pixel, at (5, k); U is solid. Every answer is
   known without a reference: they share a pixel exactly when U's box covers (5, k). Rows counts
   odd and even, the pixel in a first, middle, last or block-edge row, U left and right of T. */
static void test_pixelmask_tall_columns(void **state)
{
    enum { TALL = 300 };
    static union { uint64_t align; uint8_t bytes[TALL * 8 + 64]; } store_t, store_u;
    static const uint16_t heights[] = { 65, 66, 127, 128, 129, 300 };
    static const int16_t xs[] = { -11, 0, 5 };
    eo_pixelmask T, U;
    unsigned i, c, n;
    (void)state;
    for (i = 0; i < sizeof heights / sizeof heights[0]; i++) {
        const uint16_t h = heights[i];
        const uint16_t rows_k[] = { 0, 1, 63, 64, 65, (uint16_t)(h - 2), (uint16_t)(h - 1) };
        uint16_t x, y;
        assert_int_equal(eo_pixelmask_init(&U, 16, h, store_u.bytes, sizeof store_u.bytes), EO_OK);
        for (y = 0; y < h; y++)
            for (x = 0; x < 16; x++)
                assert_int_equal(eo_pixelmask_set(&U, x, y, 1), EO_OK);
        for (c = 0; c < sizeof rows_k / sizeof rows_k[0]; c++) {
            const int16_t k = (int16_t)rows_k[c];
            if (k >= (int16_t)h)
                continue; /* 64 and 65 past a 65-row mask */
            assert_int_equal(eo_pixelmask_init(&T, 16, h, store_t.bytes, sizeof store_t.bytes), EO_OK);
            assert_int_equal(eo_pixelmask_set(&T, 5, (uint16_t)k, 1), EO_OK);
            for (n = 0; n < sizeof xs / sizeof xs[0]; n++) {
                int16_t by;
                for (by = (int16_t)(1 - h); by < (int16_t)h; by++) {
                    const int16_t bx = xs[n];
                    const uint8_t want = bx <= 5 && 5 < bx + 16 && by <= k && k < by + (int16_t)h;
                    uint8_t hit = 9, found = 9;
                    uint32_t area = 9;
                    int32_t cx = -1, cy = -1;
                    assert_int_equal(eo_pixelmask_overlap(&T, 0, 0, &U, bx, by, &hit, NULL), EO_OK);
                    assert_int_equal(hit, want);
                    assert_int_equal(eo_pixelmask_overlap(&U, bx, by, &T, 0, 0, &hit, NULL), EO_OK);
                    assert_int_equal(hit, want);
                    assert_int_equal(eo_pixelmask_overlap_area(&T, 0, 0, &U, bx, by, &area, NULL), EO_OK);
                    assert_int_equal(area, want);
                    assert_int_equal(eo_pixelmask_first_contact(&U, bx, by, &T, 0, 0, &found, &cx, &cy, NULL), EO_OK);
                    assert_int_equal(found, want);
                    if (want) {
                        assert_int_equal(cx, 5);
                        assert_int_equal(cy, k);
                    }
                }
            }
        }
    }
}

/* Solid masks of every size around the fast build's blocks, groups and stripes (rows 1 .. 5, 15 ..
   17, 63 .. 65, 250; widths across word boundaries), at offsets that cut every rectangle size:
   the area is the rectangle's, every pixel of it (the fast build sums each byte's count over up
   to BLOCKS_PER_TOTAL blocks: a solid mask fills every byte), the first contact its top-left
   pixel, and overlap a hit. */
static void test_pixelmask_solid_every_size(void **state)
{
    enum { BIG = 256 * 32 + 64 };
    static union { uint64_t align; uint8_t bytes[BIG]; } store_s, store_t;
    static const uint16_t widths[] = { 1, 8, 16, 63, 64, 65, 130, 200 };
    static const uint16_t heights[] = { 1, 3, 4, 5, 15, 16, 17, 63, 64, 65, 250 };
    static const int16_t cuts[] = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 60, 64, 65, 100, 187 };
    eo_pixelmask S, T;
    unsigned i, j, c, d;
    (void)state;
    for (i = 0; i < sizeof widths / sizeof widths[0]; i++)
        for (j = 0; j < sizeof heights / sizeof heights[0]; j++) {
            const uint16_t w = widths[i], h = heights[j];
            uint16_t x, y;
            assert_int_equal(eo_pixelmask_init(&S, w, h, store_s.bytes, sizeof store_s.bytes), EO_OK);
            assert_int_equal(eo_pixelmask_init(&T, widths[(i + 3) % 8], heights[(j + 5) % 11], store_t.bytes,
                                               sizeof store_t.bytes), EO_OK);
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++)
                    assert_int_equal(eo_pixelmask_set(&S, x, y, 1), EO_OK);
            for (y = 0; y < T.h; y++)
                for (x = 0; x < T.w; x++)
                    assert_int_equal(eo_pixelmask_set(&T, x, y, 1), EO_OK);
            for (c = 0; c < sizeof cuts / sizeof cuts[0]; c++)
                for (d = 0; d < sizeof cuts / sizeof cuts[0]; d += 3) {
                    /* T's top-left at (cuts[c], cuts[d]) from S's, and the mirror image; then S's own
                       copy (k = 2, 3), for rectangles as tall as S */
                    unsigned k;
                    for (k = 0; k < 4; k++) {
                        const eo_pixelmask *U = k < 2 ? &T : &S;
                        const uint16_t tw = U->w, th = U->h;
                        const int16_t bx = (int16_t)(k & 1 ? -(cuts[c] % tw) : cuts[c] % w);
                        const int16_t by = (int16_t)(k & 1 ? -(cuts[d] % th) : cuts[d] % h);
                        const int32_t x0 = bx > 0 ? bx : 0, y0 = by > 0 ? by : 0;
                        const int32_t x1 = bx + tw < w ? bx + tw : w, y1 = by + th < h ? by + th : h;
                        uint8_t hit = 9, found = 9;
                        uint32_t area = 7;
                        int32_t cx = -1, cy = -1;
                        assert_int_equal(eo_pixelmask_overlap_area(&S, 0, 0, U, bx, by, &area, NULL), EO_OK);
                        assert_int_equal(area, (uint32_t)((x1 - x0) * (y1 - y0)));
                        assert_int_equal(eo_pixelmask_overlap(U, bx, by, &S, 0, 0, &hit, NULL), EO_OK);
                        assert_int_equal(hit, 1);
                        assert_int_equal(eo_pixelmask_first_contact(U, bx, by, &S, 0, 0, &found, &cx, &cy, NULL), EO_OK);
                        assert_int_equal(found, 1);
                        assert_int_equal(cx, x0);
                        assert_int_equal(cy, y0);
                    }
                }
        }
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pixelmask_overlap_rect),
        cmocka_unit_test(test_pixelmask_edge_widths_and_offsets),
        cmocka_unit_test(test_pixelmask_matches_brute_force),
        cmocka_unit_test(test_pixelmask_builders),
        cmocka_unit_test(test_pixelmask_bad_input),
        cmocka_unit_test(test_pixelmask_counters_and_trace),
        cmocka_unit_test(test_pixelmask_popcount_every_width),
        cmocka_unit_test(test_pixelmask_fast_paths),
        cmocka_unit_test(test_pixelmask_one_row_or_column),
        cmocka_unit_test(test_pixelmask_first_contact_scan_order),
        cmocka_unit_test(test_pixelmask_tall_columns),
        cmocka_unit_test(test_pixelmask_solid_every_size),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("pixelmask", tests, NULL, NULL);
}
