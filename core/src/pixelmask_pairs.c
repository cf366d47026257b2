/* Do two placed sprites share a solid pixel, which one first, how many? Mark Mackey's method
   (XQuest, 1995) for masks of any width: the overlap rectangle of the two boxes, then, for each
   of its rows, the row of the sprite further right shifted to line up with the other's, and one
   AND per word. See earlyout/pixelmask.h for the manual; pixelmask.c makes the masks. Shown line
   by line in lesson 4, and run as it is by the MSX. (The untraced gcc and clang builds replace
   its loops with faster ones, several rows a turn: core/src/fast/pixelmask_pairs.c, which
   includes this file.) */
#include "earlyout/pixelmask.h"

#include <stddef.h>

#include "hooks.h"
#include "inline.h"
#include "pixelmask_steps.h"
#include "pixelmask_words.h"

/* Whether two spans on one axis overlap, p .. p+p_len-1 and q .. q+q_len-1, given v = q - p
   modulo 2^EO_COORD_BITS (as eo_coord): whether -q_len < q - p < p_len. In eo_coord arithmetic
   (16-bit on the Z80), yet the difference spans -2 * EO_COORD_MAX - 1 .. 2 * EO_COORD_MAX + 1: v is
   the true difference whenever that lies within EO_COORD_MIN .. EO_COORD_MAX, which covers every
   overlap (lengths up to 4095). Otherwise p and q have opposite signs, and the true difference,
   whose sign is q's, lies 2^EO_COORD_BITS away from v, on the other side of 0 ("far"). The range
   test is one unsigned comparison (v + q_len - 1 within 0 .. p_len + q_len - 2). & rather than
   &&: no branch (whether a game's pairs meet is anybody's guess, and a mispredicted branch costs
   more than all of this). Any lengths are safe here (the masks are checked after). */
INLINE uint8_t spans_meet_at(eo_coord p, eo_coord q, eo_coord v, eo_ucoord p_len, eo_ucoord q_len)
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
    return (uint8_t)(spans_meet_at(ax, bx, OFFSET(ax, bx), a->w, b->w) & spans_meet_at(ay, by, OFFSET(ay, by), a->h, b->h));
}

/* Two placed masks lined up for the loops, Mackey's way: one sprite's words stay where they are,
   the other's are shifted to line up with them. L is the sprite whose box starts further left (A
   on a tie), R the other one, d >= 0 columns further right: R's column i lies on L's column
   i + d, q = d / W stripes and s = d % W bits further. The overlap rectangle's columns are L's
   d .. d + width - 1, in L's stripes q .. (d + width - 1) / W ("words" of them). The rectangle's
   edges need no mask: each sprite's bits are 0 outside its own columns (init keeps the bits past
   w at 0), so an AND is 0 outside the columns the two share. */
typedef struct lined_up {
    const eo_pixelmask_word *l, *r; /* L's stripe q and R's stripe 0, at the rectangle's top row */
    size_t l_h, r_h;                /* words per stripe (the heights): from one stripe to the next */
    uint_fast16_t rows;             /* rows of the rectangle (>= 1) */
    uint_fast16_t words;            /* L's stripes its columns fall in (>= 1) */
    uint_fast16_t r_words;          /* R's stripes in it: the lesser of words and R's stripes */
    uint_fast16_t q;                /* L's first stripe in the rectangle */
    uint8_t s;                      /* R's bits move up s places (0 .. W-1) on top of q whole stripes */
    eo_coord x0, y0;                /* world x of L (bit 0 of its stripe 0); world y of the rectangle's top */
    EO_TRACED(uint8_t swapped;)     /* L is B: the steps report rows and bits as A's, then B's */
    EO_TRACED(eo_wide ay, by, rx0, rx1;) /* the placements' y; the rectangle's world columns rx0 .. rx1-1 */
} lined_up;

/* World x of bit 0 of L's stripe q + k (eo_wide: a sprite near EO_COORD_MAX reaches past eo_coord). */
#define STRIPE_X(p, k) ((eo_wide)(p)->x0 + (eo_wide)((uint32_t)((p)->q + (k)) << LOG2_W))

/* Works out *p for two masks (checked) whose boxes overlap. Every value here lies within
   -8190 .. 8190 (16-bit arithmetic on the Z80). */
INLINE void line_up(lined_up *p, const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                    const eo_pixelmask *b, eo_coord bx, eo_coord by, eo_hooks *hooks)
{
    const int_fast16_t dx = OFFSET(ax, bx), dy = OFFSET(ay, by); /* B's box from A's */
    const eo_pixelmask *l, *r;
    int_fast16_t col0, row0, col1, row1, d;
    uint8_t b_left;
    /* the overlap rectangle in A's columns and rows (A's box starts at 0, 0 and B's at dx, dy):
       from the larger left edge to the smaller right edge, and from the larger top edge to the
       smaller bottom edge */
    col0 = dx > 0 ? dx : 0;
    row0 = dy > 0 ? dy : 0;
    EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_RECT, (eo_wide)ax + col0, (eo_wide)ay + row0);
    col1 = a->w < dx + b->w ? a->w : dx + b->w;
    row1 = a->h < dy + b->h ? a->h : dy + b->h;
    EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_RECT_END, (eo_wide)ax + col1, (eo_wide)ay + row1);
    /* L, the one starting further left (B if dx < 0), and R, starting d columns into L */
    b_left = dx < 0;
    l = b_left ? b : a;
    r = b_left ? a : b;
    d = b_left ? -dx : dx;
    p->q = (uint_fast16_t)d >> LOG2_W;
    p->s = (uint8_t)(d & (W - 1));
    p->words = ((uint_fast16_t)(d + col1 - col0 - 1) >> LOG2_W) - p->q + 1u;
    p->r_words = p->words < r->words_per_row ? p->words : r->words_per_row;
    p->rows = (uint_fast16_t)(row1 - row0);
    /* each one's words from the rectangle's top row: L's from its stripe q, R's from its stripe 0 */
    p->l_h = l->h;
    p->r_h = r->h;
    p->l = l->words + p->q * p->l_h + (b_left ? row0 - dy : row0);
    p->r = r->words + (b_left ? row0 : row0 - dy);
    p->x0 = (eo_coord)(b_left ? bx : ax);
    p->y0 = (eo_coord)(ay + row0);
    EO_TRACED(p->swapped = b_left;)
    EO_TRACED(p->ay = ay;)
    EO_TRACED(p->by = by;)
    EO_TRACED(p->rx0 = (eo_wide)ax + col0;)
    EO_TRACED(p->rx1 = (eo_wide)ax + col1;)
}

/* ---- The loops: R's stripes left to right, each down the rectangle's rows. R's stripe j lines
   up with L's stripe j: shifted up s places when R's word stays inside it (Mackey's own case:
   sprites no wider than a word), rotated up s places when it straddles two of L's stripes, its
   bits s .. W-1 ("hi") facing L's stripe j and its bits 0 .. s-1 ("lo") L's stripe j + 1. */

/* Where the loops found a pixel solid in both: the rectangle's row and R's stripe. */
typedef struct found_at {
    uint_fast16_t row, j;
} found_at;

/* A pixel solid in both, if any: 1 with where, else 0. first = 0 stops at the first shared pixel
   met; first = 1 finds the first in scan order (top row first, then left to right): after a hit
   in row i, the stripes further right are walked only above row i (in row i itself, the hit is
   further left). */
INLINE uint8_t find_in_stripes(const lined_up *p, uint8_t first, found_at *at, eo_hooks *hooks)
{
    const uint8_t s = p->s;
    const eo_pixelmask_word hi = (eo_pixelmask_word)(ALL_BITS << s), lo = (eo_pixelmask_word)~hi;
    uint_fast16_t j, i, rows = p->rows;
    uint8_t found = 0;
    eo_pixelmask_word under; /* R's row, lined up under L's */
    size_t l_at = 0, r_at = 0; /* L's stripe q + j and R's stripe j, from L's q and R's 0 */
    for (j = 0; j < p->r_words; j++, l_at += p->l_h, r_at += p->r_h) {
        const eo_pixelmask_word *lj = p->l + l_at, *rj = p->r + r_at;
        if (j + 1u < p->words) {
            /* R's word reaches into two words of L */
            const eo_pixelmask_word *lk = lj + p->l_h;
            for (i = 0; i < rows; i++) {
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
                EO_COUNT_ADD(hooks, EO_COUNTER_PIXELMASK_ROWS, j == 0);
                EO_COUNT(hooks, EO_COUNTER_PIXELMASK_WORDS);
                under = rotate_up(rj[i], s);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j, hi, lj[i], under), BITS_OF_B(p, j, hi, lj[i], under));
                EO_STEP_BELOW(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j, hi, lj[i], under), STRIPE_X(p, j));
                EO_STEP_BELOW(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j + 1u, lo, lk[i], under), BITS_OF_B(p, j + 1u, lo, lk[i], under));
                EO_STEP_BELOW(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j + 1u, lo, lk[i], under), STRIPE_X(p, j + 1u));
                if ((under & ((lj[i] & hi) | (lk[i] & lo))) != 0)
                    break;
            }
        } else {
            /* all of R's word faces L's stripe j: one shift */
            for (i = 0; i < rows; i++) {
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
                EO_COUNT_ADD(hooks, EO_COUNTER_PIXELMASK_ROWS, j == 0);
                EO_COUNT(hooks, EO_COUNTER_PIXELMASK_WORDS);
                under = (eo_pixelmask_word)(rj[i] << s);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j, ALL_BITS, lj[i], under), BITS_OF_B(p, j, ALL_BITS, lj[i], under));
                EO_STEP_BELOW(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j, ALL_BITS, lj[i], under), STRIPE_X(p, j));
                if ((lj[i] & under) != 0)
                    break;
            }
        }
        if (i < rows) { /* a hit in row i */
            found = 1;
            at->row = i;
            at->j = j;
            rows = i;
            if (!first)
                break;
        }
    }
    return found;
}

/* The leftmost pixel solid in both in the row of *at, in world coordinates: in L's stripe j (R's
   hi bits), or else the next one (lo bits); the lowest set bit of that AND is the pixel. */
INLINE void contact_of(const lined_up *p, const found_at *at, eo_wide *x, eo_wide *y, eo_hooks *hooks)
{
    const eo_pixelmask_word hi = (eo_pixelmask_word)(ALL_BITS << p->s), lo = (eo_pixelmask_word)~hi;
    const eo_pixelmask_word *l = p->l + at->j * p->l_h + at->row;
    const eo_pixelmask_word under = rotate_up(p->r[at->j * p->r_h + at->row], p->s);
    eo_pixelmask_word both = (eo_pixelmask_word)(l[0] & under & hi);
    uint_fast16_t k = at->j;
    if (both == 0) {
        both = (eo_pixelmask_word)(l[p->l_h] & under & lo);
        k++;
    }
    *y = (eo_wide)p->y0 + (eo_wide)at->row;
    *x = STRIPE_X(p, k) + lowest_set_bit(both);
    EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_HIT, *x, *y);
}

/* How many pixels of the rectangle are solid in both. The two words of L a rotated word of R
   faces have their hi and lo bits joined into one word first (the two parts share no bit
   position): one count per word of R. */
INLINE uint32_t count_in_stripes(const lined_up *p, eo_hooks *hooks)
{
    const uint8_t s = p->s;
    const eo_pixelmask_word hi = (eo_pixelmask_word)(ALL_BITS << s), lo = (eo_pixelmask_word)~hi;
    uint_fast16_t j, i;
    uint32_t count = 0;
    eo_pixelmask_word under;
    size_t l_at = 0, r_at = 0;
    for (j = 0; j < p->r_words; j++, l_at += p->l_h, r_at += p->r_h) {
        const eo_pixelmask_word *lj = p->l + l_at, *rj = p->r + r_at;
        if (j + 1u < p->words) {
            const eo_pixelmask_word *lk = lj + p->l_h;
            for (i = 0; i < p->rows; i++) {
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
                EO_COUNT_ADD(hooks, EO_COUNTER_PIXELMASK_ROWS, j == 0);
                EO_COUNT(hooks, EO_COUNTER_PIXELMASK_WORDS);
                under = rotate_up(rj[i], s);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j, hi, lj[i], under), BITS_OF_B(p, j, hi, lj[i], under));
                EO_STEP_BELOW(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j, hi, lj[i], under), STRIPE_X(p, j));
                EO_STEP_BELOW(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j + 1u, lo, lk[i], under), BITS_OF_B(p, j + 1u, lo, lk[i], under));
                EO_STEP_BELOW(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j + 1u, lo, lk[i], under), STRIPE_X(p, j + 1u));
                count += bits_set((eo_pixelmask_word)(under & ((lj[i] & hi) | (lk[i] & lo))));
            }
        } else {
            for (i = 0; i < p->rows; i++) {
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_ROW, ROW_OF(p, i, p->ay), ROW_OF(p, i, p->by));
                EO_COUNT_ADD(hooks, EO_COUNTER_PIXELMASK_ROWS, j == 0);
                EO_COUNT(hooks, EO_COUNTER_PIXELMASK_WORDS);
                under = (eo_pixelmask_word)(rj[i] << s);
                EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_WORDS, BITS_OF_A(p, j, ALL_BITS, lj[i], under), BITS_OF_B(p, j, ALL_BITS, lj[i], under));
                EO_STEP_BELOW(hooks, EO_EV_PIXELMASK_AND, BITS_OF_AND(p, j, ALL_BITS, lj[i], under), STRIPE_X(p, j));
                count += bits_set((eo_pixelmask_word)(lj[i] & under));
            }
        }
    }
    return count;
}

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

/* ---- The pair functions: arguments, then the boxes (most of a game's pairs are apart: no word
   read), then the masks (made by eo_pixelmask_init?), then the rectangle's rows. */

eo_result eo_pixelmask_overlap(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                               const eo_pixelmask *b, eo_coord bx, eo_coord by,
                               uint8_t *hit, eo_hooks *hooks)
{
    lined_up p;
    found_at at;
    EO_TRACED(eo_wide x;)
    EO_TRACED(eo_wide y;)
    if (a == NULL || b == NULL || hit == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (!boxes_meet(a, ax, ay, b, bx, by)) {
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_NO_RECT, 0, 0);
        *hit = 0;
        return EO_OK;
    }
    if (!mask_ok(a) || !mask_ok(b))
        return EO_ERR_BAD_ARGUMENT;
    line_up(&p, a, ax, ay, b, bx, by, hooks);
    *hit = find_in_stripes(&p, 0, &at, hooks);
    EO_TRACED(if (*hit) contact_of(&p, &at, &x, &y, hooks);) /* the lesson shows where */
    return EO_OK;
}

eo_result eo_pixelmask_first_contact(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                     const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                     uint8_t *found, int32_t *cx, int32_t *cy, eo_hooks *hooks)
{
    lined_up p;
    found_at at;
    eo_wide x, y;
    if (a == NULL || b == NULL || found == NULL || cx == NULL || cy == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (!boxes_meet(a, ax, ay, b, bx, by)) {
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_NO_RECT, 0, 0);
        *found = 0;
        return EO_OK;
    }
    if (!mask_ok(a) || !mask_ok(b))
        return EO_ERR_BAD_ARGUMENT;
    line_up(&p, a, ax, ay, b, bx, by, hooks);
    *found = find_in_stripes(&p, 1, &at, hooks);
    if (*found) {
        contact_of(&p, &at, &x, &y, hooks);
        if (!contact_fits(x, y, found))
            return EO_ERR_BAD_ARGUMENT;
        *cx = (int32_t)x;
        *cy = (int32_t)y;
    }
    return EO_OK;
}

eo_result eo_pixelmask_overlap_area(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                    const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                    uint32_t *area, eo_hooks *hooks)
{
    lined_up p;
    if (a == NULL || b == NULL || area == NULL || a->words == NULL || b->words == NULL)
        return EO_ERR_NULL_POINTER;
    if (!boxes_meet(a, ax, ay, b, bx, by)) {
        EO_STEP_ABOVE(hooks, EO_EV_PIXELMASK_NO_RECT, 0, 0);
        *area = 0;
        return EO_OK;
    }
    if (!mask_ok(a) || !mask_ok(b))
        return EO_ERR_BAD_ARGUMENT;
    line_up(&p, a, ax, ay, b, bx, by, hooks);
    *area = count_in_stripes(&p, hooks);
    return EO_OK;
}
