/* Pixel-perfect overlap with bitmasks, a word of pixels at a time. See earlyout/pixelmask.h.
   Shown line by line in lesson 4: keep it readable. */
#include "earlyout/pixelmask.h"

#include <stddef.h>
#include <string.h>

#include "hooks.h"
#include "inline.h"

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

#define ALL_BITS ((eo_pixelmask_word)~(eo_pixelmask_word)0)

/* INLINE: the helpers of the pair functions below, inlined into each with gcc and clang (each
   public function is then one piece of straight code around its own loops: no call, no mode test
   per row); plain calls elsewhere (SDCC: one copy of each keeps the ROM small). OUT_OF_LINE: the
   stripes, kept out of the way of the common case (fewer live values there). COLUMN_PATH: pairs of
   masks one stripe wide (sprites up to a word wide) take a path of their own with gcc and clang,
   where it makes the common case faster; elsewhere (SDCC for the Z80) it would only be more code,
   and the stripes take them too. */
#if defined(__GNUC__)
#define COLUMN_PATH 1
#else
#define COLUMN_PATH 0
#endif
/* TWO_ROWS_A_TURN: on the column path, overlap tests two rows a turn where there is a vector unit
   (SSE2, NEON) and no trace (any_in_column, below). */
#if COLUMN_PATH && !EO_TRACE && (defined(__SSE2__) || defined(__ARM_NEON))
#define TWO_ROWS_A_TURN 1
#else
#define TWO_ROWS_A_TURN 0
#endif

/* Masks are stored in column stripes: stripe k holds columns k * W .. k * W + W-1 of every row,
   one word per row, top row first; pixel (x, y) is bit x % W of word (x / W) * h + y. Testing two
   sprites walks down stripes, through consecutive words (one index for both masks). */
#define WORD_OF(m, x, y) ((m)->words[(size_t)((x) >> LOG2_W) * (m)->h + (y)])

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

/* The index of the lowest set bit of v (v != 0): the leftmost pixel of a word. gcc and clang have a
   builtin for it (one instruction on x86, ARM, wasm); elsewhere, a loop (at most 7 turns on the Z80). */
INLINE uint8_t lowest_set_bit(eo_pixelmask_word v)
{
#if defined(__GNUC__) && W == 64
    return (uint8_t)__builtin_ctzll(v);
#elif defined(__GNUC__)
    return (uint8_t)__builtin_ctz(v);
#else
    uint8_t i = 0;
    while (!(v & 1u)) {
        v >>= 1;
        i++;
    }
    return i;
#endif
}

/* How many bits of v are set, and of u and v together: the compiler's builtin where it is one
   instruction (config.h), else SWAR (Hacker's Delight, 5-1): sums of bit pairs, then of nibbles,
   then of bytes, and one multiply adds the bytes up into the top one. Two words share the steps
   from the nibbles on (a nibble holds up to 4 + 4). */
#if !EO_POPCOUNT_BUILTIN
#define PAIR_SUMS(v) ((eo_pixelmask_word)((v) - (((v) >> 1) & (ALL_BITS / 3u))))                   /* 0x55.. */
#define NIBBLE_SUMS(v) ((eo_pixelmask_word)(((v) & (ALL_BITS / 5u)) + (((v) >> 2) & (ALL_BITS / 5u)))) /* 0x33.. */
#if W == 8
#define ADD_BYTES(v) ((uint8_t)(v))
#else
#define ADD_BYTES(v) ((uint8_t)((eo_pixelmask_word)((v) * (ALL_BITS / 255u)) >> (W - 8)))       /* 0x01.. */
#endif
#endif

INLINE uint8_t bits_set(eo_pixelmask_word v)
{
#if EO_POPCOUNT_BUILTIN && W == 64
    return (uint8_t)__builtin_popcountll(v);
#elif EO_POPCOUNT_BUILTIN
    return (uint8_t)__builtin_popcount(v);
#else
    v = NIBBLE_SUMS(PAIR_SUMS(v));
    v = (eo_pixelmask_word)((v + (v >> 4)) & (ALL_BITS / 17u)); /* 0x0F..: bytes */
    return ADD_BYTES(v);
#endif
}

INLINE uint8_t bits_set2(eo_pixelmask_word u, eo_pixelmask_word v)
{
#if EO_POPCOUNT_BUILTIN
    return (uint8_t)(bits_set(u) + bits_set(v));
#else
    v = (eo_pixelmask_word)(NIBBLE_SUMS(PAIR_SUMS(u)) + NIBBLE_SUMS(PAIR_SUMS(v)));
    v = (eo_pixelmask_word)((v & (ALL_BITS / 17u)) + ((v >> 4) & (ALL_BITS / 17u))); /* bytes */
    return ADD_BYTES(v);
#endif
}

/* v rotated up s places (s: 0 .. W-1), bit i going to bit (i + s) % W: its bits s .. W-1 are
   v << s, its bits 0 .. s-1 are v's top s bits. One rotation lines a word of R up with two words
   of L at once (below). */
INLINE eo_pixelmask_word rotate_up(eo_pixelmask_word v, uint8_t s)
{
#if W == 8
    uint16_t x = (uint16_t)((uint16_t)v << s); /* one shift: the bits leaving the low byte land in the high one */
    return (eo_pixelmask_word)(x | (x >> 8));
#else
    return (eo_pixelmask_word)((eo_pixelmask_word)(v << s) | (eo_pixelmask_word)(v >> ((W - s) & (W - 1u))));
#endif
}

/* 1 if m (with words) was made by eo_pixelmask_init: sizes in range, words_per_row matching w (the
   loops rely on both to stay inside its words). Checked once the boxes are known to overlap, before
   any word is read: pairs whose boxes are apart, most of a game's, leave at once. */
INLINE uint8_t mask_ok(const eo_pixelmask *m)
{
    return m->w - 1u < EO_PIXELMASK_MAX_SIZE && m->h - 1u < EO_PIXELMASK_MAX_SIZE &&
           m->words_per_row == (uint16_t)((m->w + W - 1u) >> LOG2_W);
}

/* Whether two spans on one axis overlap, p .. p+p_len-1 and q .. q+q_len-1, given v = q - p
   modulo 2^EO_COORD_BITS (as eo_coord): whether -q_len < q - p < p_len. In eo_coord arithmetic
   (16-bit on the Z80), yet the difference spans -2 * EO_COORD_MAX - 1 .. 2 * EO_COORD_MAX + 1: v is
   the true difference whenever that lies within EO_COORD_MIN .. EO_COORD_MAX, which covers every
   overlap (lengths up to 4095). Otherwise p and q have opposite signs, and the true difference,
   whose sign is q's, lies 2^EO_COORD_BITS away from v, on the other side of
   0 ("far"). The range test is one unsigned comparison (v + q_len - 1 within 0 .. p_len + q_len - 2).
   & rather than &&: no branch (whether a game's pairs meet is anybody's guess, and a mispredicted
   branch costs more than all of this). Any lengths are safe here (the masks are checked after). */
INLINE uint8_t spans_meet(eo_coord p, eo_coord q, eo_coord v, eo_ucoord p_len, eo_ucoord q_len)
{
    uint8_t far = ((p ^ q) & (v ^ q)) < 0;
    uint8_t within = (eo_ucoord)((eo_ucoord)v + q_len - 1u) < (eo_ucoord)(p_len + q_len - 1u);
    return (uint8_t)(within & !far);
}

/* B's offset from A, modulo 2^EO_COORD_BITS: the true one when the boxes overlap. */
#define OFFSET(a, b) ((eo_coord)(eo_ucoord)((eo_ucoord)(b) - (eo_ucoord)(a)))

/* Whether the boxes of two placed masks overlap (one branch for the caller). */
INLINE uint8_t boxes_meet(const eo_pixelmask *a, eo_coord ax, eo_coord ay, const eo_pixelmask *b, eo_coord bx, eo_coord by)
{
    return (uint8_t)(spans_meet(ax, bx, OFFSET(ax, bx), a->w, b->w) & spans_meet(ay, by, OFFSET(ay, by), a->h, b->h));
}

/* Two placed masks lined up for the loops, Mackey's way: one sprite's words stay where they are,
   the other's are shifted to line up with them. L is the sprite whose box starts further left (A
   on a tie), R the other one, d >= 0 columns further right: R's column i lies on L's column
   i + d, q = d / W stripes and s = d % W bits further. The overlap rectangle's columns are L's
   d .. c1-1, in L's stripes q .. (c1-1) / W ("words" of them). The rectangle's edges need no mask:
   each sprite's bits are 0 outside its own columns (init keeps the bits past w at 0), so an AND
   is 0 outside the columns the two share. */
typedef struct lined_up {
    const eo_pixelmask_word *l, *r; /* L's stripe q and R's stripe 0, at the rectangle's top row */
    size_t l_h, r_h;           /* words per stripe (the heights): from one stripe to the next */
    uint_fast16_t rows;        /* rows of the rectangle (>= 1) */
    uint_fast16_t words;       /* L's stripes its columns fall in (>= 1) */
    uint_fast16_t r_words;     /* R's stripes in it: the lesser of words and R's stripes */
    uint_fast16_t q;           /* L's first stripe in the rectangle */
    uint8_t s;                 /* R's bits move up s places (0 .. W-1) on top of q whole stripes */
    eo_coord x0, y0;            /* world x of L (bit 0 of its stripe 0); world y of the rectangle's top */
#if EO_TRACE
    uint8_t swapped;           /* L is B: the trace reports rows and bits as A's, then B's */
    eo_wide ay, by, rx0, rx1;  /* the placements' y; the rectangle's world columns rx0 .. rx1-1 */
#endif
} lined_up;

/* World x of bit 0 of L's stripe q + k (eo_wide: a sprite near EO_COORD_MAX reaches past eo_coord). */
#define STRIPE_X(p, k) ((eo_wide)(p)->x0 + (eo_wide)((uint32_t)((p)->q + (k)) << LOG2_W))

/* Works out *p for two masks (checked) whose boxes overlap. Every value here lies within
   -8190 .. 8190 (16-bit arithmetic on the Z80). L is picked by index, the rest with min and max,
   not branches. With one = 1 (both masks one stripe wide), only what the column loops use. */
INLINE void line_up(lined_up *p, const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                    const eo_pixelmask *b, eo_coord bx, eo_coord by, uint8_t one, eo_hooks *hooks)
{
    const int_fast16_t dx = OFFSET(ax, bx), dy = OFFSET(ay, by);
    const eo_pixelmask *mask[2];
    const eo_pixelmask_word *top[2];
    int_fast16_t a_col, a_row, width, rows, d;
    uint8_t b_left;
    (void)hooks;
    /* the overlap rectangle starts at A's column a_col and B's column a_col - dx (one of them is
       0), and is as wide as both have columns left; the same for the rows */
    a_col = dx > 0 ? dx : 0;
    a_row = dy > 0 ? dy : 0;
    width = a->w - a_col;
    if (width > b->w - (a_col - dx))
        width = b->w - (a_col - dx);
    rows = a->h - a_row;
    if (rows > b->h - (a_row - dy))
        rows = b->h - (a_row - dy);
    /* L, the one starting further left (B if dx < 0), and R, starting d columns into L */
    b_left = dx < 0;
    d = 2 * a_col - dx; /* |dx| */
    top[0] = a->words + a_row; /* each one's stripe 0 at the rectangle's top row */
    top[1] = b->words + (a_row - dy);
    p->rows = (uint_fast16_t)rows;
    p->s = (uint8_t)(d & (W - 1));
    p->r = top[1 - b_left];
    p->x0 = (eo_coord)(bx - a_col); /* L's x: the lesser */
    p->y0 = (eo_coord)(ay + a_row);
    if (one) {
        p->l = top[b_left];
        p->q = 0;
        p->words = 1;
    } else {
        mask[0] = a;
        mask[1] = b;
        p->q = (uint_fast16_t)d >> LOG2_W;
        p->words = ((uint_fast16_t)(d + width - 1) >> LOG2_W) - p->q + 1u;
        p->r_words = p->words < mask[1 - b_left]->words_per_row ? p->words : mask[1 - b_left]->words_per_row;
        p->l_h = mask[b_left]->h;
        p->r_h = mask[1 - b_left]->h;
        p->l = top[b_left] + p->q * p->l_h; /* L's stripe q */
    }
#if EO_TRACE
    p->swapped = b_left;
    p->ay = ay;
    p->by = by;
    p->rx0 = (eo_wide)ax + (eo_wide)a_col;
    p->rx1 = p->rx0 + (eo_wide)width;
    EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_RECT, p->rx0, p->y0);
    EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_RECT_END, p->rx1, (eo_wide)p->y0 + (eo_wide)rows);
#endif
}

/* The trace follows the loops: for each row (and stripe j of R), the row of A and of B, then A's
   and B's bits lined up on the same screen columns, cut to the ones this AND tests (of the
   rectangle's, those of L's stripe j, or of L's stripe j + 1 for the bits of R's word that reach
   into it), and the AND; bit 0 is screen x STRIPE_X(p, k) for L's stripe q + k. "Rows tested"
   counts each row of the rectangle once (with R's first stripe), "words ANDed" each word of R
   tested. The helpers only appear inside EO_STEP, which drops them from the fast build. */
#if EO_TRACE
static int32_t cut(const lined_up *p, uint_fast16_t k, eo_pixelmask_word part, eo_pixelmask_word bits)
{
    eo_wide x = STRIPE_X(p, k); /* world x of bit 0 */
    int from = (int)(p->rx0 > x ? p->rx0 - x : 0), to = (int)(p->rx1 - x < W ? p->rx1 - x : W); /* 0 .. W */
    eo_pixelmask_word cols = (eo_pixelmask_word)((eo_pixelmask_word)(ALL_BITS << from) & (eo_pixelmask_word)(ALL_BITS >> (W - to)));
    return (int32_t)(uint32_t)(eo_pixelmask_word)(bits & part & cols); /* the low 32 bits */
}
#define COUNT_ROW(hooks, j)                                  \
    do {                                                     \
        if ((j) == 0)                                        \
            EO_COUNT(hooks, EO_COUNTER_PIXELMASK_ROWS);      \
        EO_COUNT(hooks, EO_COUNTER_PIXELMASK_WORDS);         \
    } while (0)
#else
#define COUNT_ROW(hooks, j) ((void)0)
#endif
#define ROW_OF(p, i, y) ((eo_wide)(p)->y0 + (eo_wide)(i) - (y)) /* a sprite's row, from its y */
#define BITS_OF_A(p, k, part, l_bits, r_bits) cut(p, k, part, (p)->swapped ? (r_bits) : (l_bits))
#define BITS_OF_B(p, k, part, l_bits, r_bits) cut(p, k, part, (p)->swapped ? (l_bits) : (r_bits))
#define BITS_OF_AND(p, k, part, l_bits, r_bits) cut(p, k, part, (eo_pixelmask_word)((l_bits) & (r_bits)))

#if COLUMN_PATH
/* ---- Sprites up to a word wide (one stripe each), the common case: Mackey's method as it was, one
   word per row of each, R's shifted up s places and ANDed with L's. */

/* mask_ok for a mask of one stripe: 1 <= w <= W. */
INLINE uint8_t column_ok(const eo_pixelmask *m)
{
    return m->w - 1u < W && m->h - 1u < EO_PIXELMASK_MAX_SIZE;
}

/* R's row shifted up s places: v << s. On x86-64 without BMI2 (the generic target), a shift by a
   count held in a register costs two micro-ops on the ports the loop's branches use, a multiply
   by 2^s one on another port: the loop below runs faster multiplying. The powers of two come from
   a table, so that the compiler does not turn the multiply back into a shift. */
#if defined(__x86_64__) && !defined(__BMI2__) && W == 64
#define POW2_8(i) (uint64_t)1 << (i), (uint64_t)1 << ((i) + 1), (uint64_t)1 << ((i) + 2), (uint64_t)1 << ((i) + 3), \
                  (uint64_t)1 << ((i) + 4), (uint64_t)1 << ((i) + 5), (uint64_t)1 << ((i) + 6), (uint64_t)1 << ((i) + 7)
static const uint64_t two_to_the[64] = { POW2_8(0), POW2_8(8), POW2_8(16), POW2_8(24),
                                         POW2_8(32), POW2_8(40), POW2_8(48), POW2_8(56) };
#define SHIFTED_UP(v, s) ((eo_pixelmask_word)((v) * two_to_the[s]))
#else
#define SHIFTED_UP(v, s) ((eo_pixelmask_word)((v) << (s)))
#endif

/* The first row (from the rectangle's top) whose AND is not 0: 1 with the row and the AND, else 0. */
INLINE uint8_t find_in_column(const lined_up *p, uint_fast16_t *row, eo_pixelmask_word *and_bits, eo_hooks *hooks)
{
    const eo_pixelmask_word *l = p->l, *r = p->r;
    const uint8_t s = p->s;
    uint_fast16_t i;
    (void)hooks;
    for (i = 0; i < p->rows; i++) {
        const eo_pixelmask_word under = SHIFTED_UP(r[i], s); /* R's row, lined up under L's */
        COUNT_ROW(hooks, 0);
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, 0, ALL_BITS, l[i], under), BITS_OF_B(p, 0, ALL_BITS, l[i], under));
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, 0, ALL_BITS, l[i], under), STRIPE_X(p, 0));
        if ((l[i] & under) != 0) {
            *row = i;
            *and_bits = l[i] & under;
            return 1;
        }
    }
    return 0;
}

/* Whether any row of the rectangle has a pixel solid in both, where there is a vector unit (SSE2
   on x86-64, NEON on ARM) and no trace: two rows a turn in one vector (GNU C's vector extension),
   ORed together, looked at once at the end (every 64 rows on a taller rectangle). A test that only
   says whether is faster without a branch per row: which row hits, if any, is anybody's guess,
   and a mispredicted exit costs more than the rows it saves. Elsewhere (wasm without SIMD, where
   the vector would be two plain words) and in the traced build, overlap runs find_in_column,
   row by row, as lesson 4 steps through it. */
#if TWO_ROWS_A_TURN
typedef eo_pixelmask_word two_rows __attribute__((vector_size(2 * sizeof(eo_pixelmask_word))));

/* The ORed ANDs of rows first .. end-1 of the rectangle, two at a time, and of its row end-1 again
   (left over when the count is odd, else tested twice: no branch). */
INLINE eo_pixelmask_word any_in_rows(const lined_up *p, uint_fast16_t first, uint_fast16_t end)
{
    const eo_pixelmask_word *l = p->l, *r = p->r;
    const uint8_t s = p->s;
    uint_fast16_t i;
    two_rows both = { 0, 0 }, l2, r2;
    for (i = first; i + 2u <= end; i += 2u) {
        memcpy(&l2, l + i, sizeof l2); /* rows i and i + 1: any alignment */
        memcpy(&r2, r + i, sizeof r2);
        both |= l2 & (r2 << s);
    }
    return both[0] | both[1] | (l[end - 1u] & (eo_pixelmask_word)(r[end - 1u] << s));
}

/* A rectangle taller than 64 rows: a look after every 64, so that a hit near its top ends it. */
OUT_OF_LINE uint8_t any_in_tall_column(const lined_up *p)
{
    uint_fast16_t i;
    for (i = 0; i + 64u < p->rows; i += 64u)
        if (any_in_rows(p, i, i + 64u) != 0)
            return 1;
    return any_in_rows(p, i, p->rows) != 0;
}

INLINE uint8_t any_in_column(const lined_up *p)
{
    if (p->rows > 64u)
        return any_in_tall_column(p);
    return any_in_rows(p, 0, p->rows) != 0;
}
#endif

/* overlap's answer on the column path: any_in_column where it runs, else find_in_column; the
   traced build also shows where (the HIT step), the fast one only whether. */
INLINE uint8_t hit_in_column(const lined_up *p, eo_hooks *hooks)
{
#if TWO_ROWS_A_TURN
    (void)hooks;
    return any_in_column(p);
#else
    uint_fast16_t row;
    eo_pixelmask_word both;
    uint8_t hit = find_in_column(p, &row, &both, hooks);
#if EO_TRACE
    if (hit)
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_HIT, (eo_wide)p->x0 + lowest_set_bit(both), (eo_wide)p->y0 + (eo_wide)row);
#endif
    return hit;
#endif
}

/* How many pixels of the rectangle are solid in both: two rows a turn, counted together. */
INLINE uint32_t count_in_column(const lined_up *p, eo_hooks *hooks)
{
    const eo_pixelmask_word *l = p->l, *r = p->r;
    const uint8_t s = p->s;
    uint_fast16_t i;
    uint32_t count = 0;
    eo_pixelmask_word under, under2; /* R's rows i and i + 1, lined up under L's */
    (void)hooks;
    for (i = 0; i + 1u < p->rows; i += 2u) {
        under = (eo_pixelmask_word)(r[i] << s);
        COUNT_ROW(hooks, 0);
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, 0, ALL_BITS, l[i], under), BITS_OF_B(p, 0, ALL_BITS, l[i], under));
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, 0, ALL_BITS, l[i], under), STRIPE_X(p, 0));
        under2 = (eo_pixelmask_word)(r[i + 1u] << s);
        COUNT_ROW(hooks, 0);
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i + 1u, p->ay), ROW_OF(p, i + 1u, p->by));
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, 0, ALL_BITS, l[i + 1u], under2), BITS_OF_B(p, 0, ALL_BITS, l[i + 1u], under2));
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, 0, ALL_BITS, l[i + 1u], under2), STRIPE_X(p, 0));
        count += bits_set2((eo_pixelmask_word)(l[i] & under), (eo_pixelmask_word)(l[i + 1u] & under2));
    }
    if (i < p->rows) { /* the last row, alone */
        under = (eo_pixelmask_word)(r[i] << s);
        COUNT_ROW(hooks, 0);
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, 0, ALL_BITS, l[i], under), BITS_OF_B(p, 0, ALL_BITS, l[i], under));
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, 0, ALL_BITS, l[i], under), STRIPE_X(p, 0));
        count += bits_set((eo_pixelmask_word)(l[i] & under));
    }
    return count;
}

#endif

/* ---- Any width: R's stripes left to right, each down its rows. R's stripe j, rotated up s places,
   lines up with two stripes of L: its bits s .. W-1 ("hi") with L's stripe j, its bits 0 .. s-1
   ("lo") with L's stripe j + 1, when that one is in the rectangle. */

/* A pixel solid in both, if any: 1 with its row (from the rectangle's top), the stripe of L it
   lies in (from q) and the AND of that stripe's word, else 0. first = 0 stops at the first
   shared pixel met; first = 1 returns the first in scan order (top row first, then left to
   right): after a hit in row i, the stripes further right are walked only above row i (in row i
   itself, the hit is further left). */
INLINE uint8_t find_in_stripes(const lined_up *p, uint8_t first, uint_fast16_t *row, uint_fast16_t *word,
                               eo_pixelmask_word *and_bits, eo_hooks *hooks)
{
    const uint8_t s = p->s;
    const eo_pixelmask_word hi = (eo_pixelmask_word)(ALL_BITS << s), lo = (eo_pixelmask_word)~hi;
    uint_fast16_t j, i, rows = p->rows, found_j = 0;
    uint8_t found = 0;
    eo_pixelmask_word under;
    size_t l_at = 0, r_at = 0; /* L's stripe q + j and R's stripe j, from L's q and R's 0 */
    (void)hooks;
    for (j = 0; j < p->r_words; j++, l_at += p->l_h, r_at += p->r_h) {
        const eo_pixelmask_word *lj = p->l + l_at, *rj = p->r + r_at;
        if (j + 1u < p->words) {
            /* R's word reaches into two words of L */
            const eo_pixelmask_word *lk = lj + p->l_h;
            for (i = 0; i < rows; i++) {
                COUNT_ROW(hooks, j);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
                under = rotate_up(rj[i], s);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j, hi, lj[i], under), BITS_OF_B(p, j, hi, lj[i], under));
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j, hi, lj[i], under), STRIPE_X(p, j));
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j + 1u, lo, lk[i], under), BITS_OF_B(p, j + 1u, lo, lk[i], under));
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j + 1u, lo, lk[i], under), STRIPE_X(p, j + 1u));
                if ((under & ((lj[i] & hi) | (lk[i] & lo))) != 0)
                    break;
            }
        } else {
            /* all of R's word faces L's stripe j: one shift */
            for (i = 0; i < rows; i++) {
                COUNT_ROW(hooks, j);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
                under = (eo_pixelmask_word)(rj[i] << s);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j, ALL_BITS, lj[i], under), BITS_OF_B(p, j, ALL_BITS, lj[i], under));
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j, ALL_BITS, lj[i], under), STRIPE_X(p, j));
                if ((lj[i] & under) != 0)
                    break;
            }
        }
        if (i < rows) { /* a hit in row i */
            found = 1;
            found_j = j;
            rows = i;
            if (!first)
                break;
        }
    }
    if (!found)
        return 0;
    /* where in row `rows`: in L's stripe found_j (R's hi bits), or else the next one (lo bits) */
    {
        const eo_pixelmask_word *lj = p->l + found_j * p->l_h + rows;
        under = rotate_up(p->r[found_j * p->r_h + rows], s);
        *row = rows;
        *word = found_j;
        *and_bits = (eo_pixelmask_word)(lj[0] & under & hi);
        if (*and_bits == 0) {
            *word = found_j + 1u;
            *and_bits = (eo_pixelmask_word)(lj[p->l_h] & under & lo);
        }
    }
    return 1;
}

/* How many pixels of the rectangle are solid in both. The two words of L a rotated word of R faces
   have their hi and lo bits joined into one word first (the two parts share no bit position): one
   count per word of R. */
INLINE uint32_t count_in_stripes(const lined_up *p, eo_hooks *hooks)
{
    const uint8_t s = p->s;
    const eo_pixelmask_word hi = (eo_pixelmask_word)(ALL_BITS << s), lo = (eo_pixelmask_word)~hi;
    uint_fast16_t j, i;
    uint32_t count = 0;
    eo_pixelmask_word under;
    size_t l_at = 0, r_at = 0;
    (void)hooks;
    for (j = 0; j < p->r_words; j++, l_at += p->l_h, r_at += p->r_h) {
        const eo_pixelmask_word *lj = p->l + l_at, *rj = p->r + r_at;
        if (j + 1u < p->words) {
            const eo_pixelmask_word *lk = lj + p->l_h;
            for (i = 0; i < p->rows; i++) {
                COUNT_ROW(hooks, j);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
                under = rotate_up(rj[i], s);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j, hi, lj[i], under), BITS_OF_B(p, j, hi, lj[i], under));
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j, hi, lj[i], under), STRIPE_X(p, j));
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j + 1u, lo, lk[i], under), BITS_OF_B(p, j + 1u, lo, lk[i], under));
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j + 1u, lo, lk[i], under), STRIPE_X(p, j + 1u));
                count += bits_set((eo_pixelmask_word)(under & ((lj[i] & hi) | (lk[i] & lo))));
            }
        } else {
            for (i = 0; i < p->rows; i++) {
                COUNT_ROW(hooks, j);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
                under = (eo_pixelmask_word)(rj[i] << s);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j, ALL_BITS, lj[i], under), BITS_OF_B(p, j, ALL_BITS, lj[i], under));
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j, ALL_BITS, lj[i], under), STRIPE_X(p, j));
                count += bits_set((eo_pixelmask_word)(lj[i] & under));
            }
        }
    }
    return count;
}

/* The three pair functions in one, for masks of any width whose boxes overlap (out of line on gcc
   and clang, out of the way of the column path below: that one keeps its few values in
   registers). Returns EO_OK or EO_ERR_BAD_ARGUMENT. mode: FIND_ANY (*found), FIND_FIRST (*found,
   *cx, *cy), COUNT_ALL (*area). */
enum { FIND_ANY, FIND_FIRST, COUNT_ALL };

/* A first contact pixel fits the int32_t answer: always with 16-bit coordinates; with 32-bit ones
   not past INT32_MAX (a sprite placed within its size of EO_COORD_MAX), which is then an error
   (*found cleared) rather than a wrapped point. */
INLINE uint8_t contact_fits(eo_wide x, eo_wide y, uint8_t *found)
{
#if EO_COORD_BITS > 16
    if (x > INT32_MAX || y > INT32_MAX) {
        *found = 0;
        return 0;
    }
#else
    (void)x;
    (void)y;
    (void)found;
#endif
    return 1;
}

OUT_OF_LINE eo_result pair_of_stripes(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                      const eo_pixelmask *b, eo_coord bx, eo_coord by, uint8_t mode,
                                      uint8_t *found, int32_t *cx, int32_t *cy, uint32_t *area, eo_hooks *hooks)
{
    lined_up p;
    uint_fast16_t row, word;
    eo_pixelmask_word both;
    if (!mask_ok(a) || !mask_ok(b))
        return EO_ERR_BAD_ARGUMENT; /* not made by eo_pixelmask_init */
    line_up(&p, a, ax, ay, b, bx, by, 0, hooks);
    if (mode == COUNT_ALL) {
        *area = count_in_stripes(&p, hooks);
        return EO_OK;
    }
    *found = find_in_stripes(&p, mode == FIND_FIRST, &row, &word, &both, hooks);
    if (*found && (mode == FIND_FIRST || EO_TRACE)) {
        /* the lowest set bit of that AND is the leftmost shared pixel of its row */
        eo_wide x = STRIPE_X(&p, word) + lowest_set_bit(both), y = (eo_wide)p.y0 + (eo_wide)row;
        if (mode == FIND_FIRST) {
            if (!contact_fits(x, y, found))
                return EO_ERR_BAD_ARGUMENT;
            *cx = (int32_t)x;
            *cy = (int32_t)y;
        }
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_HIT, x, y);
    }
    return EO_OK;
}

/* ---- The pair functions: NULL checks, then masks of one stripe each by the column path (where
   it exists), others by the stripes. */

eo_result eo_pixelmask_overlap(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                               const eo_pixelmask *b, eo_coord bx, eo_coord by,
                               uint8_t *hit, eo_hooks *hooks)
{
#if COLUMN_PATH
    lined_up p;
#endif
    if (a == NULL || b == NULL || hit == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (!boxes_meet(a, ax, ay, b, bx, by)) {
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_NO_RECT, 0, 0);
        *hit = 0;
        return EO_OK; /* the boxes are apart: no word read */
    }
#if COLUMN_PATH
    if (a->words_per_row == 1 && b->words_per_row == 1) {
        if (!column_ok(a) || !column_ok(b))
            return EO_ERR_BAD_ARGUMENT; /* not made by eo_pixelmask_init */
        line_up(&p, a, ax, ay, b, bx, by, 1, hooks);
        *hit = hit_in_column(&p, hooks);
        return EO_OK;
    }
#endif
    return pair_of_stripes(a, ax, ay, b, bx, by, FIND_ANY, hit, NULL, NULL, NULL, hooks);
}

eo_result eo_pixelmask_first_contact(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                     const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                     uint8_t *found, int32_t *cx, int32_t *cy, eo_hooks *hooks)
{
#if COLUMN_PATH
    lined_up p;
    uint_fast16_t row;
    eo_pixelmask_word both;
#endif
    if (a == NULL || b == NULL || found == NULL || cx == NULL || cy == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (!boxes_meet(a, ax, ay, b, bx, by)) {
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_NO_RECT, 0, 0);
        *found = 0;
        return EO_OK; /* the boxes are apart: no word read */
    }
#if COLUMN_PATH
    if (a->words_per_row == 1 && b->words_per_row == 1) {
        if (!column_ok(a) || !column_ok(b))
            return EO_ERR_BAD_ARGUMENT;
        line_up(&p, a, ax, ay, b, bx, by, 1, hooks);
        *found = find_in_column(&p, &row, &both, hooks);
        if (*found) {
            /* the lowest set bit of the AND is the leftmost shared pixel of the row */
            eo_wide x = (eo_wide)p.x0 + lowest_set_bit(both), y = (eo_wide)p.y0 + (eo_wide)row;
            if (!contact_fits(x, y, found))
                return EO_ERR_BAD_ARGUMENT;
            *cx = (int32_t)x;
            *cy = (int32_t)y;
            EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_HIT, *cx, *cy);
        }
        return EO_OK;
    }
#endif
    return pair_of_stripes(a, ax, ay, b, bx, by, FIND_FIRST, found, cx, cy, NULL, hooks);
}

eo_result eo_pixelmask_overlap_area(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                    const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                    uint32_t *area, eo_hooks *hooks)
{
#if COLUMN_PATH
    lined_up p;
#endif
    if (a == NULL || b == NULL || area == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (!boxes_meet(a, ax, ay, b, bx, by)) {
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_NO_RECT, 0, 0);
        *area = 0;
        return EO_OK; /* the boxes are apart: no word read */
    }
#if COLUMN_PATH
    if (a->words_per_row == 1 && b->words_per_row == 1) {
        if (!column_ok(a) || !column_ok(b))
            return EO_ERR_BAD_ARGUMENT;
        line_up(&p, a, ax, ay, b, bx, by, 1, hooks);
        *area = count_in_column(&p, hooks);
        return EO_OK;
    }
#endif
    return pair_of_stripes(a, ax, ay, b, bx, by, COUNT_ALL, NULL, NULL, NULL, area, hooks);
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
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_REF_HIT, x, y);
                *hit = 1;
                return EO_OK;
            }
        }
    }
    return EO_OK;
}
