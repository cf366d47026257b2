/* core/src/fast/pixelmask_pairs.c stands in for core/src/pixelmask_pairs.c in the untraced gcc and
   clang builds (the Makefile's CORE_FAST_SRC: libearlyout.a, the games' earlyout.wasm, the
   playground, the benches): the portable file, included, with the three pair functions renamed
   *_portable, and these under the public names. The method is the portable one (the rectangle,
   Mackey's shift and AND, R's stripes), with several rows of a stripe in one vector and the loop
   chosen by what the rectangle needs:
     overlap, sprites a word wide   the rectangle's rows read a group (16 rows) at a time with no
                    branch, then one look: most rectangles of small sprites are read whole, which
                    costs less than the branch per row that would stop early (which row hits, if
                    any, is anybody's guess); a taller one stops after the group that hit;
     overlap, wider sprites         a look after every block (4 rows) of each stripe: each row
                    costs more, and a hit in the first rows of a solid sprite ends it early;
     first contact  a look after every block (in wider sprites, every stripe's rows of the block,
                    so the first hit met is the topmost), then the first row of that block without
                    a branch;
     area           every block counted, the bits summed per byte in the vectors, added up at the end.
   Rectangles of fewer rows than a block go row by row. The core suites hold this file to the
   portable one's answers (test_pixelmask.fast-w*, the fuzzers' replay-fast, the shared vectors),
   and make bench times it against pygame's bitmask.c (bench/native/bench_pixelmask.c). */
#if EO_TRACE
#error "core/src/fast/ is the untraced build's; the traced build compiles core/src/pixelmask_pairs.c"
#endif
#if !defined(__GNUC__)
#error "core/src/fast/ is for gcc and clang; other compilers build core/src/pixelmask_pairs.c"
#endif

#include <string.h>

#include "earlyout/pixelmask.h"

eo_result eo_pixelmask_overlap_portable(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                        const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                        uint8_t *hit, eo_hooks *hooks);
eo_result eo_pixelmask_first_contact_portable(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                              const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                              uint8_t *found, int32_t *cx, int32_t *cy, eo_hooks *hooks);
eo_result eo_pixelmask_overlap_area_portable(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                             const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                             uint32_t *area, eo_hooks *hooks);
#define eo_pixelmask_overlap eo_pixelmask_overlap_portable
#define eo_pixelmask_first_contact eo_pixelmask_first_contact_portable
#define eo_pixelmask_overlap_area eo_pixelmask_overlap_area_portable
#include "../pixelmask_pairs.c"
#undef eo_pixelmask_overlap
#undef eo_pixelmask_first_contact
#undef eo_pixelmask_overlap_area

/* HOT: each pair function starts on a 64-byte line, so that where a program's linker puts this
   file does not move its loops across the processor's fetch windows (make bench times both
   libraries at several code addresses: bench/native/code_pad.c). */
#define HOT __attribute__((aligned(64)))

/* ---- Rows in vectors (GNU C's vector extension): LANES consecutive rows of a stripe in one
   16-byte vector, which is SSE2 on x86-64, NEON on ARM and wasm SIMD with -msimd128; elsewhere
   the compiler works lane by lane. Two vectors, BLOCK rows, make a block; four blocks, GROUP
   rows, a group. */
#define LANES ((uint_fast16_t)(16u / sizeof(eo_pixelmask_word)))
#define BLOCK (2u * LANES)
#define GROUP (4u * BLOCK)
typedef eo_pixelmask_word rows_v __attribute__((vector_size(16)));

INLINE rows_v load_rows(const eo_pixelmask_word *p) /* any alignment */
{
    rows_v v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* rotate_up, lane by lane */
INLINE rows_v rotate_rows(rows_v v, uint8_t s)
{
    return (v << s) | (v >> ((W - s) & (W - 1u)));
}

/* Of a block of rows' ANDs (x0 then x1), the first that is not 0: its lane into *k and the AND.
   No branch: which row hits is anybody's guess. */
INLINE eo_pixelmask_word first_lane(rows_v x0, rows_v x1, uint_fast16_t *k)
{
    eo_pixelmask_word both = 0;
    uint_fast16_t i, at = 0;
    for (i = BLOCK; i-- > 0;) {
        const eo_pixelmask_word v = i < LANES ? x0[i] : x1[i - LANES];
        at = v != 0 ? i : at;
        both = v != 0 ? v : both;
    }
    *k = at;
    return both;
}

/* ---- Per target, in one fenced block: whether any lane of v is not 0, and the set bits of x0 and
   x1 counted per byte (at most 8 + 8). The games' wasm SIMD build (mk/wasm.mk, EO_WASM_SIMD=1)
   counts with i8x16.popcnt, one instruction a vector, in the functions marked COUNTING (area) and
   only there: the scans (overlap, first contact) ran no faster with two 64-bit rows in a v128 than
   as two plain words (bench/wasm/bench_pixelmask.mjs). Elsewhere, C: the lanes ORed, and Hacker's
   Delight 5-1 up to the nibbles for each vector, the two sharing the step to bytes (a nibble holds
   up to 4 + 4). */
INLINE eo_pixelmask_word any_lane(rows_v v)
{
    eo_pixelmask_word x = 0;
    uint_fast16_t k;
    for (k = 0; k < LANES; k++)
        x |= v[k];
    return x;
}

#if defined(__wasm__) && EO_WASM_SIMD
#include <wasm_simd128.h>
#define COUNTING __attribute__((target("simd128")))

INLINE COUNTING rows_v byte_counts(rows_v x0, rows_v x1)
{
    return (rows_v)wasm_i8x16_add(wasm_i8x16_popcnt((v128_t)x0), wasm_i8x16_popcnt((v128_t)x1));
}

#else
#define COUNTING

INLINE rows_v nibble_counts(rows_v v)
{
    v = v - ((v >> 1) & (ALL_BITS / 3u));
    return (v & (ALL_BITS / 5u)) + ((v >> 2) & (ALL_BITS / 5u));
}

INLINE rows_v byte_counts(rows_v x0, rows_v x1)
{
    const rows_v n = nibble_counts(x0) + nibble_counts(x1);
    return (n & (ALL_BITS / 17u)) + ((n >> 4) & (ALL_BITS / 17u));
}

#endif

/* The sum of every byte of v (pairs of bytes summed into 16 bits, then one multiply adds the
   16-bit fields up into the top one: at most 8 * 255 of them). */
INLINE uint32_t total_of_bytes(rows_v v)
{
    uint32_t total = 0;
    uint_fast16_t k;
#if W == 8
    for (k = 0; k < LANES; k++)
        total += v[k];
#else
    v = (v & (ALL_BITS / 0xFFFFu * 0xFFu)) + ((v >> 8) & (ALL_BITS / 0xFFFFu * 0xFFu));
    for (k = 0; k < LANES; k++)
        total += (uint32_t)((eo_pixelmask_word)(v[k] * (ALL_BITS / 0xFFFFu)) >> (W - 16));
#endif
    return total;
}

/* Blocks a byte of the counts can take before it must be added up: each adds up to 2 * 8. */
#define BLOCKS_PER_TOTAL 15u

/* 32 words of 0, then 32 with every bit set: from lead_zeros + 32 - m, BLOCK words (BLOCK <= 32)
   of which the first m (<= BLOCK) are 0. */
#define ALL_8 ALL_BITS, ALL_BITS, ALL_BITS, ALL_BITS, ALL_BITS, ALL_BITS, ALL_BITS, ALL_BITS
static const eo_pixelmask_word lead_zeros[64] = { [32] = ALL_8, ALL_8, ALL_8, ALL_8 };

/* ---- The rows of a stripe of R facing L's, from a row of the rectangle on: R's words shifted up
   s places (facing one stripe of L) or rotated up s places, their hi bits facing L's stripe and
   their lo bits the next one (two = 1). The same loops serve sprites a word wide (one stripe
   each, two = 0: the compiler drops the rotation) and R's stripes one by one. */
typedef struct facing {
    const eo_pixelmask_word *l, *l2, *r; /* L's stripe (and the next one), R's */
    eo_pixelmask_word hi;                /* the bits of R's rotated word that face l */
    uint8_t s, two;
} facing;

/* The AND of row i. */
INLINE eo_pixelmask_word and_of_row(const facing *f, uint_fast16_t i)
{
    if (f->two)
        return rotate_up(f->r[i], f->s) & ((f->l[i] & f->hi) | (f->l2[i] & (eo_pixelmask_word)~f->hi));
    return (eo_pixelmask_word)(f->l[i] & (eo_pixelmask_word)(f->r[i] << f->s));
}

/* The ANDs of rows i .. i + LANES - 1. */
INLINE rows_v ands_of_rows(const facing *f, uint_fast16_t i)
{
    if (f->two)
        return rotate_rows(load_rows(f->r + i), f->s) &
               ((load_rows(f->l + i) & f->hi) | (load_rows(f->l2 + i) & (eo_pixelmask_word)~f->hi));
    return load_rows(f->l + i) & (load_rows(f->r + i) << f->s);
}

/* Where the block meant to start at row i of n (>= BLOCK) starts: at i, or moved up to end at the
   last row (its first rows read already by the block before it). */
INLINE uint_fast16_t block_at(uint_fast16_t i, uint_fast16_t n)
{
    return i + BLOCK <= n ? i : n - BLOCK;
}

/* The OR of the ANDs of rows g .. g + GROUP - 1 of n (>= BLOCK; blocks past the last row moved
   up to end there): four blocks, no branch. */
INLINE eo_pixelmask_word ands_of_group(const facing *f, uint_fast16_t g, uint_fast16_t n)
{
    uint_fast16_t i;
    rows_v y;
    i = block_at(g, n);
    y = ands_of_rows(f, i) | ands_of_rows(f, i + LANES);
    i = block_at(g + BLOCK, n);
    y |= ands_of_rows(f, i) | ands_of_rows(f, i + LANES);
    i = block_at(g + 2u * BLOCK, n);
    y |= ands_of_rows(f, i) | ands_of_rows(f, i + LANES);
    i = block_at(g + 3u * BLOCK, n);
    y |= ands_of_rows(f, i) | ands_of_rows(f, i + LANES);
    return any_lane(y);
}

/* Whether any of rows 0 .. n-1 has an AND that is not 0 (n >= BLOCK), looking once a group: the
   loop of sprites a word wide, where a group's rows cost about as much as one wrong guess. */
INLINE uint8_t any_by_groups(const facing *f, uint_fast16_t n)
{
    uint_fast16_t g;
    eo_pixelmask_word y;
    for (g = 0;; g += GROUP) {
        y = ands_of_group(f, g, n);
        if ((g + GROUP >= n) | (y != 0))
            return y != 0;
    }
}

/* The same, looking once a block: the loop of a stripe of wider sprites. */
INLINE uint8_t any_by_blocks(const facing *f, uint_fast16_t n)
{
    uint_fast16_t i;
    for (i = 0;; i = block_at(i + BLOCK, n)) {
        if (any_lane(ands_of_rows(f, i) | ands_of_rows(f, i + LANES)) != 0)
            return 1;
        if (i + BLOCK >= n)
            return 0;
    }
}

/* Whether any of rows 0 .. n-1 has an AND that is not 0: by groups or by blocks, or row by row
   when there are fewer rows than a block. */
INLINE uint8_t any_in_rows(const facing *f, uint_fast16_t n, uint8_t by_groups)
{
    uint_fast16_t i;
    if (n >= BLOCK)
        return by_groups ? any_by_groups(f, n) : any_by_blocks(f, n);
    for (i = 0; i < n; i++)
        if (and_of_row(f, i) != 0)
            return 1;
    return 0;
}

/* The first of rows 0 .. n-1 whose AND is not 0: 1 with the row and the AND, else 0. A look after
   every block; where it hit, the first row without a branch. */
INLINE uint8_t first_in_rows(const facing *f, uint_fast16_t n, uint_fast16_t *row, eo_pixelmask_word *and_bits)
{
    uint_fast16_t i, k;
    rows_v x0, x1;
    if (n < BLOCK) {
        for (i = 0; i < n; i++) {
            const eo_pixelmask_word both = and_of_row(f, i);
            if (both != 0) {
                *row = i;
                *and_bits = both;
                return 1;
            }
        }
        return 0;
    }
    for (i = 0;; i = block_at(i + BLOCK, n)) {
        x0 = ands_of_rows(f, i);
        x1 = ands_of_rows(f, i + LANES);
        if (any_lane(x0 | x1) != 0)
            break;
        if (i + BLOCK >= n)
            return 0;
    }
    *and_bits = first_lane(x0, x1, &k);
    *row = i + k;
    return 1;
}

/* How many of rows 0 .. n-1's pixels are solid in both, added to *count: a block at a time (the
   last one moved up to end at the last row, the rows it shares with the one before it left out),
   each byte's count in *bytes, added into *count every BLOCKS_PER_TOTAL blocks (*blocks of them
   so far). */
INLINE COUNTING void count_in_rows(const facing *f, uint_fast16_t n, uint32_t *count, rows_v *bytes, uint_fast16_t *blocks)
{
    uint_fast16_t i, at, seen;
    rows_v x0, x1;
    if (n < BLOCK) {
        for (i = 0; i < n; i++)
            *count += bits_set(and_of_row(f, i));
        return;
    }
    for (i = 0; i < n; i += BLOCK) {
        at = block_at(i, n);
        seen = i - at; /* < BLOCK */
        x0 = ands_of_rows(f, at) & load_rows(lead_zeros + 32u - seen);
        x1 = ands_of_rows(f, at + LANES) & load_rows(lead_zeros + 32u - seen + LANES);
        *bytes += byte_counts(x0, x1);
        if (++*blocks == BLOCKS_PER_TOTAL) {
            *count += total_of_bytes(*bytes);
            *bytes = (rows_v){ 0 };
            *blocks = 0;
        }
    }
}

/* second ? y : x, without a branch: compilers may make a ?: of pointers a jump, and whether B
   starts left of A is anybody's guess (a wrong guess costs more than the whole line-up). */
INLINE const eo_pixelmask_word *pick(uint8_t second, const eo_pixelmask_word *x, const eo_pixelmask_word *y)
{
    const uintptr_t u = (uintptr_t)x, v = (uintptr_t)y;
    return (const eo_pixelmask_word *)(u ^ ((u ^ v) & ((uintptr_t)0 - second)));
}

INLINE const eo_pixelmask *pick_mask(uint8_t second, const eo_pixelmask *x, const eo_pixelmask *y)
{
    const uintptr_t u = (uintptr_t)x, v = (uintptr_t)y;
    return (const eo_pixelmask *)(u ^ ((u ^ v) & ((uintptr_t)0 - second)));
}

/* ---- Sprites up to a word wide (one stripe each). */

INLINE uint8_t both_columns(const eo_pixelmask *a, const eo_pixelmask *b)
{
    return (uint8_t)((a->words_per_row == 1) & (b->words_per_row == 1));
}

/* mask_ok for two masks of one stripe (1 <= w <= W, W a power of two: both below W if their OR
   is), in one test. */
INLINE uint8_t columns_ok(const eo_pixelmask *a, const eo_pixelmask *b)
{
    return (uint8_t)((((a->w - 1u) | (b->w - 1u)) < W) & (a->h - 1u < EO_PIXELMASK_MAX_SIZE) &
                     (b->h - 1u < EO_PIXELMASK_MAX_SIZE));
}

/* line_up for two masks of one stripe (checked) whose boxes overlap: the column's facing rows, L's
   x and the rectangle's y, and its row count as the result; min, max and pick, no branch. */
INLINE uint_fast16_t line_up_column(facing *f, eo_coord *x0, eo_coord *y0, const eo_pixelmask *a, eo_coord ax,
                                    eo_coord ay, const eo_pixelmask *b, eo_coord bx, eo_coord by)
{
    const int_fast16_t dx = OFFSET(ax, bx), dy = OFFSET(ay, by);
    const int_fast16_t a_col = dx > 0 ? dx : 0, a_row = dy > 0 ? dy : 0;
    const int_fast16_t a_rows = a->h - a_row, b_rows = b->h - (a_row - dy);
    const eo_pixelmask_word *a_top = a->words + a_row, *b_top = b->words + (a_row - dy);
    const uint8_t b_left = dx < 0;
    f->l = pick(b_left, a_top, b_top);
    f->r = pick(b_left, b_top, a_top);
    f->l2 = f->l;
    f->hi = ALL_BITS;
    f->s = (uint8_t)((2 * a_col - dx) & (W - 1)); /* |dx| < W */
    f->two = 0;
    *x0 = (eo_coord)(bx - a_col); /* L's x: the lesser */
    *y0 = (eo_coord)(ay + a_row);
    return (uint_fast16_t)(a_rows < b_rows ? a_rows : b_rows);
}

/* ---- Wider sprites: R's stripes. */

/* mask_ok for both, in one test. */
INLINE uint8_t masks_ok(const eo_pixelmask *a, const eo_pixelmask *b)
{
    return (uint8_t)((a->w - 1u < EO_PIXELMASK_MAX_SIZE) & (a->h - 1u < EO_PIXELMASK_MAX_SIZE) &
                     (b->w - 1u < EO_PIXELMASK_MAX_SIZE) & (b->h - 1u < EO_PIXELMASK_MAX_SIZE) &
                     (a->words_per_row == (uint16_t)((a->w + W - 1u) >> LOG2_W)) &
                     (b->words_per_row == (uint16_t)((b->w + W - 1u) >> LOG2_W)));
}

/* line_up (the rectangle, L and R) as the portable one works it out, with min, max and pick: no
   branch. */
INLINE void line_up_stripes(lined_up *p, const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                            const eo_pixelmask *b, eo_coord bx, eo_coord by)
{
    const int_fast16_t dx = OFFSET(ax, bx), dy = OFFSET(ay, by);
    const int_fast16_t a_col = dx > 0 ? dx : 0, a_row = dy > 0 ? dy : 0;
    const int_fast16_t a_cols = a->w - a_col, b_cols = b->w - (a_col - dx);
    const int_fast16_t a_rows = a->h - a_row, b_rows = b->h - (a_row - dy);
    const int_fast16_t width = a_cols < b_cols ? a_cols : b_cols, d = 2 * a_col - dx; /* |dx| */
    const uint8_t b_left = dx < 0;
    const int_fast16_t l_dy = dy & -(int_fast16_t)b_left; /* L's rows start dy further up if L is B */
    const eo_pixelmask *l = pick_mask(b_left, a, b), *r = pick_mask(b_left, b, a);
    p->q = (uint_fast16_t)d >> LOG2_W;
    p->s = (uint8_t)(d & (W - 1));
    p->words = ((uint_fast16_t)(d + width - 1) >> LOG2_W) - p->q + 1u;
    p->r_words = p->words < r->words_per_row ? p->words : r->words_per_row;
    p->rows = (uint_fast16_t)(a_rows < b_rows ? a_rows : b_rows);
    p->l_h = l->h;
    p->r_h = r->h;
    p->l = l->words + p->q * p->l_h + (a_row - l_dy);
    p->r = r->words + (a_row - dy + l_dy);
    p->x0 = (eo_coord)(bx - a_col);
    p->y0 = (eo_coord)(ay + a_row);
}

/* R's stripes 0 .. straddling(p)-1 straddle two of L's; the one after them, if it is in the
   rectangle (< r_words), faces one. */
INLINE uint_fast16_t straddling(const lined_up *p)
{
    return p->words - 1u < p->r_words ? p->words - 1u : p->r_words;
}

/* The facing rows of R's stripe j from the rectangle's row i; two: j < straddling(p) (a constant
   where the caller knows it). */
INLINE void facing_stripe(facing *f, const lined_up *p, uint_fast16_t j, uint_fast16_t i, uint8_t two)
{
    f->l = p->l + j * p->l_h + i;
    f->l2 = f->l + p->l_h;
    f->r = p->r + j * p->r_h + i;
    f->hi = (eo_pixelmask_word)(ALL_BITS << p->s);
    f->s = p->s;
    f->two = two;
}

/* A rectangle of fewer rows than a block: row by row, each row's stripes left to right (scan
   order: the first hit met is the first), the stripes walked with pointers. */
INLINE uint8_t first_in_short_rows(const lined_up *p, found_at *at)
{
    const uint_fast16_t two = straddling(p), l_h = p->l_h, r_h = p->r_h;
    const uint8_t s = p->s;
    const eo_pixelmask_word hi = (eo_pixelmask_word)(ALL_BITS << s), lo = (eo_pixelmask_word)~hi;
    uint_fast16_t i, j;
    for (i = 0; i < p->rows; i++) {
        const eo_pixelmask_word *l = p->l + i, *r = p->r + i;
        for (j = 0; j < two; j++, l += l_h, r += r_h)
            if ((rotate_up(*r, s) & ((l[0] & hi) | (l[l_h] & lo))) != 0)
                goto hit;
        if (j < p->r_words && (l[0] & (eo_pixelmask_word)(*r << s)) != 0)
            goto hit;
        continue;
    hit:
        at->row = i;
        at->j = j;
        return 1;
    }
    return 0;
}

INLINE uint32_t count_in_short_rows(const lined_up *p)
{
    const uint_fast16_t two = straddling(p), l_h = p->l_h, r_h = p->r_h;
    const uint8_t s = p->s;
    const eo_pixelmask_word hi = (eo_pixelmask_word)(ALL_BITS << s), lo = (eo_pixelmask_word)~hi;
    uint_fast16_t i, j;
    uint32_t count = 0;
    for (i = 0; i < p->rows; i++) {
        const eo_pixelmask_word *l = p->l + i, *r = p->r + i;
        for (j = 0; j < two; j++, l += l_h, r += r_h)
            count += bits_set((eo_pixelmask_word)(rotate_up(*r, s) & ((l[0] & hi) | (l[l_h] & lo))));
        if (j < p->r_words)
            count += bits_set((eo_pixelmask_word)(l[0] & (eo_pixelmask_word)(*r << s)));
    }
    return count;
}

/* Whether any stripe has a pixel solid in both: stripe by stripe, a look after every block. */
INLINE uint8_t any_in_stripes(const lined_up *p)
{
    const uint_fast16_t n = p->rows, two = straddling(p);
    facing f;
    found_at at;
    uint_fast16_t j;
    if (n < BLOCK)
        return first_in_short_rows(p, &at);
    for (j = 0; j < two; j++) {
        facing_stripe(&f, p, j, 0, 1);
        if (any_in_rows(&f, n, 0))
            return 1;
    }
    if (j < p->r_words) {
        facing_stripe(&f, p, j, 0, 0);
        return any_in_rows(&f, n, 0);
    }
    return 0;
}

/* The first pixel solid in both in scan order: 1 with where, else 0. A block of rows at a time,
   every stripe's, then a look: the first block where any stripe hits holds the topmost row with
   a hit; then each stripe's first row in it, the least one (the leftmost stripe on a tie). */
INLINE uint8_t first_in_stripes(const lined_up *p, found_at *at)
{
    const uint_fast16_t n = p->rows, two = straddling(p);
    facing f;
    uint_fast16_t i, j, row, best = n;
    eo_pixelmask_word y, both;
    if (n < BLOCK)
        return first_in_short_rows(p, at);
    for (i = 0;; i = block_at(i + BLOCK, n)) {
        y = 0;
        for (j = 0; j < two; j++) {
            facing_stripe(&f, p, j, i, 1);
            y |= any_lane(ands_of_rows(&f, 0) | ands_of_rows(&f, LANES));
        }
        if (j < p->r_words) {
            facing_stripe(&f, p, j, i, 0);
            y |= any_lane(ands_of_rows(&f, 0) | ands_of_rows(&f, LANES));
        }
        if (y != 0)
            break;
        if (i + BLOCK >= n)
            return 0;
    }
    at->row = at->j = 0; /* set below: some stripe hits in this block */
    for (j = 0; j < p->r_words; j++) {
        facing_stripe(&f, p, j, i, j < two);
        if (first_in_rows(&f, BLOCK, &row, &both) && i + row < best) {
            best = i + row;
            at->row = best;
            at->j = j;
        }
    }
    return 1;
}

/* How many pixels are solid in both: stripe by stripe, every block. */
INLINE COUNTING uint32_t count_in_stripes_fast(const lined_up *p)
{
    facing f;
    uint_fast16_t j, two = straddling(p), blocks = 0;
    uint32_t count = 0;
    rows_v bytes = { 0 };
    if (p->rows < BLOCK)
        return count_in_short_rows(p);
    for (j = 0; j < two; j++) {
        facing_stripe(&f, p, j, 0, 1);
        count_in_rows(&f, p->rows, &count, &bytes, &blocks);
    }
    if (j < p->r_words) {
        facing_stripe(&f, p, j, 0, 0);
        count_in_rows(&f, p->rows, &count, &bytes, &blocks);
    }
    return count + total_of_bytes(bytes);
}

/* ---- The pair functions: the portable ones' checks of the arguments and the boxes, then the
   column or the stripes, each out of line with the rest (masks, line-up, loops): taken last,
   they keep nothing across the choice, and each path saves only the registers it uses. */

/* boxes_meet in eo_wide, wider than eo_coord (as cheap on the targets of this file): a difference
   of two coordinates never wraps, and spans p .. p+p_len-1 and q .. q+q_len-1 meet when
   0 <= v < p_len + q_len - 1, v = q - p + q_len - 1. The four signs are read off one AND: one
   branch (whether a game's boxes meet is anybody's guess). Any lengths are safe here (the masks
   are checked after). */
INLINE uint8_t boxes_meet_wide(const eo_pixelmask *a, eo_coord ax, eo_coord ay, const eo_pixelmask *b, eo_coord bx, eo_coord by)
{
    const eo_wide u = (eo_wide)bx - ax + b->w - 1, v = (eo_wide)by - ay + b->h - 1;
    return (~u & (u - a->w - b->w + 1) & ~v & (v - a->h - b->h + 1)) < 0;
}

/* first_contact's answer once *found says there is one: the point into *cx, *cy. */
INLINE eo_result report_contact(eo_wide x, eo_wide y, uint8_t *found, int32_t *cx, int32_t *cy)
{
    if (!contact_fits(x, y, found))
        return EO_ERR_BAD_ARGUMENT;
    *cx = (int32_t)x;
    *cy = (int32_t)y;
    return EO_OK;
}

OUT_OF_LINE HOT eo_result overlap_of_columns(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                             const eo_pixelmask *b, eo_coord bx, eo_coord by, uint8_t *hit)
{
    facing f;
    eo_coord x0, y0;
    uint_fast16_t n;
    if (!columns_ok(a, b))
        return EO_ERR_BAD_ARGUMENT;
    n = line_up_column(&f, &x0, &y0, a, ax, ay, b, bx, by);
    *hit = any_in_rows(&f, n, 1);
    return EO_OK;
}

OUT_OF_LINE HOT eo_result overlap_of_stripes(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                             const eo_pixelmask *b, eo_coord bx, eo_coord by, uint8_t *hit)
{
    lined_up p;
    if (!masks_ok(a, b))
        return EO_ERR_BAD_ARGUMENT;
    line_up_stripes(&p, a, ax, ay, b, bx, by);
    *hit = any_in_stripes(&p);
    return EO_OK;
}

OUT_OF_LINE HOT eo_result first_contact_of_columns(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                                   const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                                   uint8_t *found, int32_t *cx, int32_t *cy)
{
    facing f;
    eo_coord x0, y0;
    uint_fast16_t n, row;
    eo_pixelmask_word both;
    if (!columns_ok(a, b))
        return EO_ERR_BAD_ARGUMENT;
    n = line_up_column(&f, &x0, &y0, a, ax, ay, b, bx, by);
    *found = first_in_rows(&f, n, &row, &both);
    if (!*found)
        return EO_OK;
    /* the lowest set bit of the AND is the leftmost shared pixel of the row */
    return report_contact((eo_wide)x0 + lowest_set_bit(both), (eo_wide)y0 + (eo_wide)row, found, cx, cy);
}

OUT_OF_LINE HOT eo_result first_contact_of_stripes(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                                   const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                                   uint8_t *found, int32_t *cx, int32_t *cy)
{
    lined_up p;
    found_at at;
    eo_wide x, y;
    if (!masks_ok(a, b))
        return EO_ERR_BAD_ARGUMENT;
    line_up_stripes(&p, a, ax, ay, b, bx, by);
    *found = first_in_stripes(&p, &at);
    if (!*found)
        return EO_OK;
    contact_of(&p, &at, &x, &y, NULL);
    return report_contact(x, y, found, cx, cy);
}

OUT_OF_LINE HOT COUNTING eo_result area_of_columns(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                          const eo_pixelmask *b, eo_coord bx, eo_coord by, uint32_t *area)
{
    facing f;
    eo_coord x0, y0;
    uint_fast16_t n, blocks = 0;
    uint32_t count = 0;
    rows_v bytes = { 0 };
    if (!columns_ok(a, b))
        return EO_ERR_BAD_ARGUMENT;
    n = line_up_column(&f, &x0, &y0, a, ax, ay, b, bx, by);
    count_in_rows(&f, n, &count, &bytes, &blocks);
    *area = count + total_of_bytes(bytes);
    return EO_OK;
}

OUT_OF_LINE HOT COUNTING eo_result area_of_stripes(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                          const eo_pixelmask *b, eo_coord bx, eo_coord by, uint32_t *area)
{
    lined_up p;
    if (!masks_ok(a, b))
        return EO_ERR_BAD_ARGUMENT;
    line_up_stripes(&p, a, ax, ay, b, bx, by);
    *area = count_in_stripes_fast(&p);
    return EO_OK;
}

HOT eo_result eo_pixelmask_overlap(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                   const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                   uint8_t *hit, eo_hooks *hooks)
{
    (void)hooks;
    if (a == NULL || b == NULL || hit == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (!boxes_meet_wide(a, ax, ay, b, bx, by)) {
        *hit = 0;
        return EO_OK; /* the boxes are apart: no word read */
    }
    if (both_columns(a, b))
        return overlap_of_columns(a, ax, ay, b, bx, by, hit);
    return overlap_of_stripes(a, ax, ay, b, bx, by, hit);
}

HOT eo_result eo_pixelmask_first_contact(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                         const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                         uint8_t *found, int32_t *cx, int32_t *cy, eo_hooks *hooks)
{
    (void)hooks;
    if (a == NULL || b == NULL || found == NULL || cx == NULL || cy == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (!boxes_meet_wide(a, ax, ay, b, bx, by)) {
        *found = 0;
        return EO_OK;
    }
    if (both_columns(a, b))
        return first_contact_of_columns(a, ax, ay, b, bx, by, found, cx, cy);
    return first_contact_of_stripes(a, ax, ay, b, bx, by, found, cx, cy);
}

HOT eo_result eo_pixelmask_overlap_area(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                        const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                        uint32_t *area, eo_hooks *hooks)
{
    (void)hooks;
    if (a == NULL || b == NULL || area == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (!boxes_meet_wide(a, ax, ay, b, bx, by)) {
        *area = 0;
        return EO_OK;
    }
    if (both_columns(a, b))
        return area_of_columns(a, ax, ay, b, bx, by, area);
    return area_of_stripes(a, ax, ay, b, bx, by, area);
}
