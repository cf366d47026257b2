/* The workspace sweep's per-frame loops over its entries (sweep_entries.h), apart from sweep.c so
   that the MSX build can put Z80 assembly in their place (core/src/z80/sweep_scan.c, checked
   against this file on sz80 by tests/msx/sweep_asm.c). */
#include <stddef.h>

#include "hooks.h"
#include "layers.h"
#include "sweep_entries.h"

enum {
    KEY = EO_SWEEP_ENTRY_KEY, OTHER = EO_SWEEP_ENTRY_OTHER, LEN = EO_SWEEP_ENTRY_LEN,
    OTHER_LEN = EO_SWEEP_ENTRY_OTHER_LEN, INDEX = EO_SWEEP_ENTRY_INDEX, WORDS = EO_SWEEP_ENTRY_WORDS
};
typedef eo_sweep_word word;
#define SIGN EO_SWEEP_SIGN

/* Each entry's first four words again from its box (x, y, w, h as words), count > 0: one loop
   of sequential pointer walks per axis, which SDCC keeps in registers. */
void eo_sweep_refresh_x(word *e, uint16_t count, const eo_box *boxes)
{
    const word *end = e + (size_t)count * WORDS;
    do {
        const word *b = (const word *)(const void *)(boxes + e[INDEX]);
        *e++ = (word)(*b++ ^ SIGN);
        *e++ = *b++;
        *e++ = *b++;
        *e = *b;
        e += WORDS - 3;
    } while (e != end);
}

void eo_sweep_refresh_y(word *e, uint16_t count, const eo_box *boxes)
{
    const word *end = e + (size_t)count * WORDS;
    do {
        const word *b = (const word *)(const void *)(boxes + e[INDEX]) + 1;
        *e++ = (word)(*b-- ^ SIGN);
        *e++ = *b;
        b += 3;
        *e++ = *b--;
        *e = *b;
        e += WORDS - 3;
    } while (e != end);
}

/* The first entry from p on whose key is above the next one's. sort_entries makes the first
   sentinel's key 0, below the last entry's: one pointer walk, no bound to check. */
word *eo_sweep_first_descent(word *p)
{
    const word *q = p + WORDS;
    while (*q >= *p) {
        p += WORDS;
        q += WORDS;
    }
    return p;
}

/* Non-empty boxes ia and ib overlap: the pair, reported as ia < ib, unless layers keep them
   apart. */
static void emit(sweep_out *out, uint16_t ia, uint16_t ib)
{
    if (ia > ib) {
        uint16_t t = ia;
        ia = ib;
        ib = t;
    }
    if (out->layers != NULL && !layers_meet(&out->layers[ia], &out->layers[ib]))
        return;
    EO_STEP_BELOW(out->hooks, EO_EV_SWEEP_PAIR, ia, ib);
    if (out->found < out->capacity) {
        /* found < capacity: the index fits a size_t (16-bit arithmetic on the Z80) */
        eo_pair *pair = out->pairs + (size_t)out->found;
        pair->a = ia;
        pair->b = ib;
    }
    out->found++;
}

/* From p on, the first entry whose next one starts before it ends on the sweep axis (or which is
   empty there: its size as a word is 0x8000 or more): most entries are not, and the walk keeps
   one pointer. The sentinels stop it at the first of them at the latest. */
static const word *next_reaching(const word *p)
{
    const word *q = p + WORDS;
    while ((word)(*q - *p) >= p[LEN]) {
        p = q;
        q += WORDS;
    }
    return p;
}

/* Non-empty entry a against the entries in its reach on the sweep axis (up to `end`): the
   other axis. Half-open, without forming a sum: apart when the box that starts first ends at or
   before the other starts. */
static void pair_run(const word *a, const word *end, sweep_out *out)
{
    const word *b;
    word key = a[KEY], len = a[LEN], a_len = a[OTHER_LEN];
    eo_coord a_start = (eo_coord)a[OTHER];
    for (b = a + WORDS; b < end && (word)(b[KEY] - key) < len; b += WORDS) {
        eo_coord b_start = (eo_coord)b[OTHER];
        if (b_start >= a_start ? (word)((word)b_start - (word)a_start) < a_len
                               : (word)((word)a_start - (word)b_start) < b[OTHER_LEN])
            if ((eo_coord)b[LEN] > 0 && (eo_coord)b[OTHER_LEN] > 0)
                emit(out, (uint16_t)a[INDEX], (uint16_t)b[INDEX]);
    }
}

/* Each non-empty entry with others in its reach against them; end: the first sentinel. */
void eo_sweep_scan_entries(const word *p, const word *end, sweep_out *out)
{
    for (;; p += WORDS) {
        p = next_reaching(p);
        if (p >= end)
            return;
        if ((eo_coord)p[LEN] > 0 && (eo_coord)p[OTHER_LEN] > 0)
            pair_run(p, end, out);
    }
}
