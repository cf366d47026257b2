/* Sort-and-sweep broadphase with frame-coherent insertion sort. See earlyout/sweep.h.

   Written for SDCC's Z80 as much as for gcc: SDCC keeps a loop's variables in registers only
   when there are few of them, so each hot loop is a small function of its own (the sort, the
   reach of one box on the sweep axis, the other-axis test of the boxes in reach), the boxes'
   fields are read through byte offsets instead of a branch on the axis, and the work counters
   are computed only when the caller asks for them (stats, or hooks in the traced build).
   That is still not enough for a Z80 frame (a 32-object scene took 1.6 frames), so with
   EO_Z80_ASM (config.h) the per-frame loops of the workspace form (the refresh, the walk to the
   first descent, the scan and emit) are Z80 assembly, each beside the C it stands for, on the
   same data. tests/msx/sweep_asm.c checks the two against each other frame by frame on sz80. */
#include "earlyout/sweep.h"

#include <stddef.h>

#define EO_THIS_MODULE EO_MODULE_SWEEP
#include "hooks.h"
#include "sweep_entries.h"
#include "z80.h"

/* Box `index` seen from `base`, a pointer to the x or y field of boxes[0]: FIELD(box, 0) is the
   start on that axis, FIELD(box, SIZE) the size (eo_box is x, y, w, h: w is two coordinates
   after x, h two after y). */
#define BOX_AT(base, index) ((base) + (size_t)(index) * sizeof(eo_box))
#define FIELD(box, offset) (*(const eo_coord *)(const void *)((box) + (offset)))
#define SIZE (offsetof(eo_box, w) - offsetof(eo_box, x))

/* Moves *p (whose start `key` is less than the entry before it's) down to its sorted place,
   after every entry that starts at or before it (stable). Returns the entries moved up. */
static uint16_t sink(const char *starts, const uint16_t *order, uint16_t *p, eo_coord key)
{
    uint16_t v = *p, moved = 0;
    do {
        *p = p[-1];
        p--;
        moved++;
    } while (p > order && FIELD(BOX_AT(starts, p[-1]), 0) > key);
    *p = v;
    return moved;
}

/* Insertion sort of order[0 .. end-1] by start: nearly free when last frame's order is passed
   back in, as `last` (the start of the entry before p) lets an entry already in place cost one
   comparison. Adds the moves made to *moves. */
static void sort_by_start(const char *starts, uint16_t *order, const uint16_t *end, uint32_t *moves)
{
    uint16_t *p = order;
    eo_coord last = FIELD(BOX_AT(starts, *p), 0);
    while (++p < end) {
        eo_coord key = FIELD(BOX_AT(starts, *p), 0);
        if (key >= last)
            last = key;
        else
            *moves += sink(starts, order, p, key);
    }
}

/* 1 if every entry of order[0 .. count-1] is below count. */
static uint8_t all_below(const uint16_t *order, uint16_t count)
{
    const uint16_t *end = order + count;
    for (; order < end; order++)
        if (*order >= count)
            return 0;
    return 1;
}

/* The boxes that start before box *p ends on the sweep axis (the order is sorted, so they are
   the next ones): returns the end of that run, p + 1 when there are none or *p is empty there. */
static const uint16_t *reach_of(const char *starts, const uint16_t *p, const uint16_t *end)
{
    const char *a = BOX_AT(starts, *p);
    eo_coord a_start = FIELD(a, 0), a_size = FIELD(a, SIZE);
    if (a_size <= 0)
        return p + 1;
    /* every later box starts at or after a: a ends before it when their distance is a's size
       or more (no sum is formed, so nothing overflows) */
    while (++p < end && (eo_ucoord)((eo_ucoord)FIELD(BOX_AT(starts, *p), 0) - (eo_ucoord)a_start) < (eo_ucoord)a_size)
        ;
    return p;
}

/* The caller's outputs and the totals, for the (rare) pairs that overlap on both axes. */
typedef struct sweep_out {
    const eo_box *boxes;
    const eo_layer *layers;
    eo_pair *pairs;
    uint32_t capacity, found;
    eo_hooks *hooks;
} sweep_out;

/* Layers (as in sectors.h): may objects i and j interact? */
static uint8_t may_interact(const eo_layer *layers, uint16_t i, uint16_t j)
{
    return layers == NULL || ((layers[i].category & layers[j].collides_with) &&
                              (layers[j].category & layers[i].collides_with));
}

#if EO_Z80_ASM
/* emit in Z80 (see config.h): the C below it stands for, with no 32-bit library calls. The
   offsets of the fields the assembly reads (sweep_out's, eo_box's) are checked here: */
typedef char eo_sweep_out_layout[(offsetof(sweep_out, layers) == 2 && offsetof(sweep_out, pairs) == 4 &&
                                  offsetof(sweep_out, capacity) == 6 && offsetof(sweep_out, found) == 10 &&
                                  sizeof(eo_pair) == 4 && sizeof(eo_box) == 8 &&
                                  offsetof(eo_box, y) == 2 && offsetof(eo_box, w) == 4 &&
                                  offsetof(eo_box, h) == 6) ? 1 : -1];

/* out in HL, ia in DE, ib on the stack (popped here); keeps IX and IY. */
static void emit(sweep_out *out, uint16_t ia, uint16_t ib) __naked
{
    (void)out;
    (void)ia;
    (void)ib;
    __asm
        pop     bc              ; the return address
        ex      (sp), hl        ; hl: ib; its slot holds out now
        push    bc
        push    iy              ; the caller IY, back on the way out
        ld      a, l
        sub     a, e
        ld      a, h
        sbc     a, d
        jr      NC, eo_em_ordered
        ex      de, hl
    eo_em_ordered:              ; de: the smaller index, hl: the larger
        ld      iy, #4
        add     iy, sp
        ld      c, 0 (iy)
        ld      b, 1 (iy)
        push    bc
        pop     iy              ; iy: out
        ld      a, 2 (iy)
        or      a, 3 (iy)
        jr      Z, eo_em_store  ; no layers
        push    iy
        push    de
        push    hl
        push    hl              ; the third argument of may_interact (it pops it)
        ld      l, 2 (iy)
        ld      h, 3 (iy)
        call    _may_interact
        pop     hl
        pop     de
        pop     iy
        or      a, a
        jr      Z, eo_em_exit   ; layers keep them apart
    eo_em_store:                ; the pair out (z80.h)
        ld      b, h
        ld      c, l
        call    _eo_z80_pair_out
    eo_em_exit:
        pop     iy
        pop     hl              ; the return address
        pop     af              ; the slot of out
        jp      (hl)
    __endasm;
}
#else
/* Non-empty boxes ia and ib overlap: the pair, reported as ia < ib, unless layers keep them
   apart. */
static void emit(sweep_out *out, uint16_t ia, uint16_t ib)
{
    if (ia > ib) {
        uint16_t t = ia;
        ia = ib;
        ib = t;
    }
    if (out->layers != NULL && !may_interact(out->layers, ia, ib))
        return;
    EO_STEP(out->hooks, EO_EV_SWEEP_PAIR, ia, ib);
    if (out->found < out->capacity) {
        /* found < capacity: the index fits a size_t (16-bit arithmetic on the Z80) */
        eo_pair *pair = out->pairs + (size_t)out->found;
        pair->a = ia;
        pair->b = ib;
    }
    out->found++;
}
#endif

/* Boxes ia and ib overlap on both axes if neither is empty. */
static void report(sweep_out *out, uint16_t ia, uint16_t ib)
{
    const eo_box *a = &out->boxes[ia], *b = &out->boxes[ib];
    if (a->w > 0 && a->h > 0 && b->w > 0 && b->h > 0)
        emit(out, ia, ib);
}

/* Box *p against the boxes in its reach, p + 1 .. stop - 1 (they overlap it on the sweep axis):
   the other axis, seen from `others`. Half-open, without forming a sum: apart when the box that
   starts first ends at or before the other starts. */
static void pair_up(const char *others, const uint16_t *p, const uint16_t *stop, sweep_out *out)
{
    const char *a = BOX_AT(others, *p);
    const uint16_t *q;
    eo_coord a_start = FIELD(a, 0), a_size = FIELD(a, SIZE);
    for (q = p + 1; q < stop; q++) {
        const char *b = BOX_AT(others, *q);
        eo_coord b_start = FIELD(b, 0);
        if (b_start >= a_start ? (eo_ucoord)((eo_ucoord)b_start - (eo_ucoord)a_start) < (eo_ucoord)a_size
                               : (eo_ucoord)((eo_ucoord)a_start - (eo_ucoord)b_start) < (eo_ucoord)FIELD(b, SIZE))
            report(out, *p, *q);
    }
}

/* Each box against the boxes in its reach on the sweep axis. */
static void sweep(const char *starts, const char *others, const uint16_t *p, const uint16_t *end,
                  sweep_out *out)
{
    for (; p < end; p++) {
        const uint16_t *q = reach_of(starts, p, end);
        if (q != p + 1)
            pair_up(others, p, q, out);
    }
}

/* The work counters for box *p and its reach: non-empty boxes met (candidates) and, of those,
   the ones layers keep apart. */
static void count_reach(const eo_box *boxes, const eo_layer *layers, const uint16_t *p,
                        const uint16_t *stop, uint32_t *candidates, uint32_t *filtered)
{
    const eo_box *a = &boxes[*p];
    const uint16_t *q;
    if (a->w <= 0 || a->h <= 0)
        return;
    for (q = p + 1; q < stop; q++) {
        const eo_box *b = &boxes[*q];
        if (b->w <= 0 || b->h <= 0)
            continue;
        (*candidates)++;
        if (!may_interact(layers, *p, *q))
            (*filtered)++;
    }
}

eo_result eo_sweep_find_pairs(const eo_box *boxes, uint16_t count, eo_aabb_order axis,
                              const eo_layer *layers, uint16_t *order, uint8_t reuse_order,
                              eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                              eo_broadphase_stats *stats, eo_hooks *hooks)
{
    uint16_t i;
    const uint16_t *p, *end;
    const char *starts, *others;
    uint32_t moves = 0, candidates = 0, filtered = 0;
    uint8_t counting;
    sweep_out out;

    if (pair_count == NULL || (count > 0 && (boxes == NULL || order == NULL)) ||
        (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    if (axis != EO_AABB_X_FIRST && axis != EO_AABB_Y_FIRST)
        return EO_ERR_BAD_ARGUMENT;
    if (reuse_order) {
        if (!all_below(order, count))
            return EO_ERR_BAD_ARGUMENT;
    } else {
        for (i = 0; i < count; i++)
            order[i] = i;
    }
    if (axis == EO_AABB_Y_FIRST) {
        starts = (const char *)boxes + offsetof(eo_box, y);
        others = (const char *)boxes + offsetof(eo_box, x);
    } else {
        starts = (const char *)boxes + offsetof(eo_box, x);
        others = (const char *)boxes + offsetof(eo_box, y);
    }

    if (count > 1)
        sort_by_start(starts, order, order + count, &moves);
    (void)hooks;
    (void)moves; /* read by the traced build only */
    EO_STEP(hooks, EO_EV_SWEEP_SORTED, (int32_t)moves, count);

    /* sweep: each box meets only the boxes in its reach on the sweep axis */
    counting = stats != NULL;
#if EO_TRACE
    counting = counting || hooks != NULL;
#endif
    out.boxes = boxes;
    out.layers = layers;
    out.pairs = pairs;
    out.capacity = pair_capacity;
    out.found = 0;
    out.hooks = hooks;
    end = order + count;
    sweep(starts, others, order, end, &out);
    if (counting)
        for (p = order; p < end; p++)
            count_reach(boxes, layers, p, reach_of(starts, p, end), &candidates, &filtered);
    *pair_count = out.found;
    if (stats != NULL) {
        stats->candidate_pairs += candidates;
        stats->layer_filtered += filtered;
        stats->box_tests += candidates - filtered;
        stats->pairs_found += out.found;
    }
#if EO_TRACE
    if (hooks != NULL) {
        hooks->counters[EO_COUNTER_SWEEP_SORT_MOVES] += moves;
        hooks->counters[EO_COUNTER_SWEEP_BOX_TESTS] += candidates - filtered;
    }
#endif
    return out.found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}

/* ---- the workspace form: entries packed in sweep order ----
   An entry is 5 words: the start on the sweep axis + EO_SWEEP_SIGN (signed order as unsigned order:
   KEY), the start on the other axis (OTHER), the sizes on the sweep and the other axis (LEN,
   OTHER_LEN, as the box has them) and the object's index. Two sentinel entries follow the last. */
enum {
    KEY = EO_SWEEP_ENTRY_KEY, OTHER = EO_SWEEP_ENTRY_OTHER, LEN = EO_SWEEP_ENTRY_LEN,
    OTHER_LEN = EO_SWEEP_ENTRY_OTHER_LEN, INDEX = EO_SWEEP_ENTRY_INDEX, WORDS = EO_SWEEP_ENTRY_WORDS
}; /* the layout in sweep_entries.h, which query.c reads too */
typedef eo_sweep_word word;
#define SIGN EO_SWEEP_SIGN

#define EO_ALIGNOF_WORD offsetof(struct eo_align_probe_word, v)
struct eo_align_probe_word {
    char c;
    word v;
};

size_t eo_sweep_storage_size(uint16_t capacity)
{
    uint32_t bytes = (uint32_t)sizeof(word) * WORDS * ((uint32_t)capacity + 2u);
#if SIZE_MAX < 0xFFFFFFFFu
    if (bytes > SIZE_MAX)
        return 0; /* does not fit this target's address space (the Z80's is 64 KiB) */
#endif
    return (size_t)bytes;
}

eo_result eo_sweep_init(eo_sweep *sweep, uint16_t capacity, eo_aabb_order axis, void *storage,
                        size_t storage_size)
{
    size_t need;
    if (sweep == NULL || storage == NULL)
        return EO_ERR_NULL_POINTER;
    if ((axis != EO_AABB_X_FIRST && axis != EO_AABB_Y_FIRST) || ((uintptr_t)storage % EO_ALIGNOF_WORD) != 0)
        return EO_ERR_BAD_ARGUMENT;
    need = eo_sweep_storage_size(capacity);
    if (need == 0)
        return EO_ERR_BAD_ARGUMENT;
    if (storage_size < need)
        return EO_ERR_BUFFER_TOO_SMALL;
    sweep->entries = (word *)storage;
    sweep->capacity = capacity;
    sweep->count = 0;
    sweep->axis = (uint8_t)axis;
    sweep->ready = 0;
    return EO_OK;
}

#if EO_Z80_ASM
/* The loops below in Z80 (config.h, EO_Z80_ASM): the same work as the C after the #else, in
   registers. SDCC's calling convention (sdcccall 1, which config.h requires): the first two
   16-bit arguments come in HL and DE, the third on the stack, which the callee pops; IX must
   survive the call, and these keep IY too (with --reserve-regs-iy it is the program's). */

/* refresh_x: e in HL, count (> 0) in DE, boxes on the stack. An entry's index lies 8 bytes in;
   its box is boxes + index * 8; x (its high byte flipped: KEY), y, w, h are copied with ldi. */
static void refresh_x(uint16_t *e, uint16_t count, const eo_box *boxes) __naked
{
    (void)e;
    (void)count;
    (void)boxes;
    __asm
        push    ix
        push    iy
        ld      ix, #0
        add     ix, sp          ; 6 (ix): boxes
        ld      a, e            ; count > 0: the loop runs E times, then 256 times per D left
        or      a, a
        jr      Z, eo_rx_count
        inc     d
    eo_rx_count:
        push    de              ; -2 (ix): entries left in this block of 256, -1 (ix): blocks
        ld      c, 6 (ix)
        ld      b, 7 (ix)
        push    bc
        pop     iy              ; iy: boxes
        ex      de, hl          ; de: the entry
    eo_rx_next:
        ld      hl, #8
        add     hl, de
        ld      a, (hl)
        inc     hl
        ld      h, (hl)
        ld      l, a            ; hl: its index
        add     hl, hl
        add     hl, hl
        add     hl, hl
        push    iy
        pop     bc
        add     hl, bc          ; hl: its box
        ldi                     ; KEY: x + 0x8000
        ld      a, (hl)
        xor     a, #0x80
        ld      (de), a
        inc     hl
        inc     de
        ldi                     ; OTHER: y
        ldi
        ldi                     ; LEN: w
        ldi
        ldi                     ; OTHER_LEN: h
        ldi
        inc     de
        inc     de              ; the next entry
        dec     -2 (ix)
        jr      NZ, eo_rx_next
        dec     -1 (ix)
        jr      NZ, eo_rx_next
        ld      sp, ix
        pop     iy
        pop     ix
        pop     hl
        pop     af
        jp      (hl)
    __endasm;
}

/* refresh_y: the same from y, x, h, w. */
static void refresh_y(uint16_t *e, uint16_t count, const eo_box *boxes) __naked
{
    (void)e;
    (void)count;
    (void)boxes;
    __asm
        push    ix
        push    iy
        ld      ix, #0
        add     ix, sp          ; 6 (ix): boxes
        ld      a, e            ; count > 0: the loop runs E times, then 256 times per D left
        or      a, a
        jr      Z, eo_ry_count
        inc     d
    eo_ry_count:
        push    de              ; -2 (ix): entries left in this block of 256, -1 (ix): blocks
        ld      c, 6 (ix)
        ld      b, 7 (ix)
        push    bc
        pop     iy              ; iy: boxes
        ex      de, hl          ; de: the entry
    eo_ry_next:
        ld      hl, #8
        add     hl, de
        ld      a, (hl)
        inc     hl
        ld      h, (hl)
        ld      l, a
        add     hl, hl
        add     hl, hl
        add     hl, hl
        push    iy
        pop     bc
        add     hl, bc
        inc     hl
        inc     hl              ; hl: y
        ldi                     ; KEY: y + 0x8000
        ld      a, (hl)
        xor     a, #0x80
        ld      (de), a
        inc     de
        dec     hl
        dec     hl
        dec     hl              ; hl: x
        ldi                     ; OTHER: x
        ldi
        ld      bc, #4
        add     hl, bc          ; hl: h
        ldi                     ; LEN: h
        ldi
        ld      bc, #-4
        add     hl, bc          ; hl: w
        ldi                     ; OTHER_LEN: w
        ldi
        inc     de
        inc     de
        dec     -2 (ix)
        jr      NZ, eo_ry_next
        dec     -1 (ix)
        jr      NZ, eo_ry_next
        ld      sp, ix
        pop     iy
        pop     ix
        pop     hl
        pop     af
        jp      (hl)
    __endasm;
}
#else
/* Each entry's first four words again from its box (x, y, w, h as words), count > 0: one loop
   of sequential pointer walks per axis, which SDCC keeps in registers. */
static void refresh_x(word *e, uint16_t count, const eo_box *boxes)
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

static void refresh_y(word *e, uint16_t count, const eo_box *boxes)
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
#endif

#if EO_Z80_ASM
/* first_descent in Z80 (see config.h): p in HL, the entry found in DE. */
static uint16_t *first_descent(uint16_t *p) __naked
{
    (void)p;
    __asm
        ld      e, (hl)
        inc     hl
        ld      d, (hl)         ; de: KEY of p
        ld      bc, #9
        add     hl, bc          ; hl: KEY of the next entry
    eo_fd_next:
        ld      c, (hl)
        inc     hl
        ld      b, (hl)         ; bc: KEY of the next entry, hl: its second byte
        ld      a, c
        sub     a, e
        ld      a, b
        sbc     a, d
        jr      C, eo_fd_found  ; below KEY of p
        ld      e, c
        ld      d, b            ; on: it is p now
        ld      a, l
        add     a, #9
        ld      l, a
        jr      NC, eo_fd_next
        inc     h
        jr      eo_fd_next
    eo_fd_found:
        ld      de, #-11
        add     hl, de
        ex      de, hl          ; de: p
        ret
    __endasm;
}
#else
/* The first entry from p on whose key is above the next one's. sort_entries makes the first
   sentinel's key 0, below the last entry's: one pointer walk, no bound to check. */
static word *first_descent(word *p)
{
    const word *q = p + WORDS;
    while (*q >= *p) {
        p += WORDS;
        q += WORDS;
    }
    return p;
}
#endif

/* The same with a bound, for when the last entry's key is 0 too: `last` if no entry is. */
static word *first_descent_to(word *p, const word *last)
{
    const word *q = p + WORDS;
    while (p != last && *q >= *p) {
        p += WORDS;
        q += WORDS;
    }
    return p;
}

/* Moves the entry at p (its key below the one before it) down after every entry with a key at
   or below it (stable). Returns the entries moved up. */
static uint16_t sink_entry(word *first, word *p)
{
    word v[WORDS];
    uint16_t moved = 0;
    uint8_t i;
    for (i = 0; i < WORDS; i++)
        v[i] = p[i];
    do {
        for (i = 0; i < WORDS; i++)
            p[i] = p[i - WORDS];
        p -= WORDS;
        moved++;
    } while (p > first && p[KEY - WORDS] > v[KEY]);
    for (i = 0; i < WORDS; i++)
        p[i] = v[i];
    return moved;
}

/* Insertion sort by key: when the entries come from last frame, a walk over the keys. last:
   the last entry, the first sentinel after it. Sinking an entry leaves a larger key in its
   place, so a last key above 0 stays so and the sentinel keeps stopping first_descent. */
static void sort_entries(word *first, word *last, uint32_t *moves)
{
    word *p = first;
    if (last[KEY] != 0) {
        last[WORDS + KEY] = 0;
        while ((p = first_descent(p)) != last) {
            p += WORDS;
            *moves += sink_entry(first, p);
        }
    } else {
        while ((p = first_descent_to(p, last)) != last) {
            p += WORDS;
            *moves += sink_entry(first, p);
        }
    }
}

#if EO_Z80_ASM
/* scan_entries: p in HL, end in DE, out on the stack; what the C after the #else does:
     outer: the walk of next_reaching, p in HL, with LAST = KEY + LEN - 1 (65535 past it) for the
            reach of p;
     start: p is the end: done; p is the last entry, or its LEN is not positive: on with the
            next entry; else the run of a = p, with IY on the entry after it (the fields of a
            at -10 .. -1) and LAST in BC, from that entry, known to be in reach:
     run:   b from that entry on while its KEY <= LAST; a KEY equal to LAST may be the
            sentinel's (65535), which ends the run at the end;
     other: the other-axis test of pair_run, its sign from the subtraction's S and V flags;
     hit:   a and b non-empty: emit(out, index of a, index of b), which keeps IX and IY. */
static void scan_entries(const uint16_t *p, const uint16_t *end, sweep_out *out) __naked
{
    (void)p;
    (void)end;
    (void)out;
    __asm
        push    ix
        push    iy
        ld      ix, #0
        add     ix, sp          ; 6 (ix): out
        push    de              ; -2 (ix): end
    eo_sc_outer:                ; hl: p, at its KEY
        ld      e, (hl)
        inc     hl
        ld      d, (hl)         ; de: KEY of p
        inc     hl
        inc     hl
        inc     hl
        ld      c, (hl)
        inc     hl
        ld      b, (hl)         ; bc: LEN of p, hl: p + 5
        dec     bc
        ex      de, hl
        add     hl, bc
        jr      NC, eo_sc_last
        ld      hl, #0xffff     ; past 65535 (or LEN <= 0, which the start turns down)
    eo_sc_last:
        ex      de, hl          ; de: LAST = KEY + LEN - 1
        ld      bc, #5
        add     hl, bc          ; hl: q, the next entry
        ld      a, e
        sub     a, (hl)
        inc     hl
        ld      a, d
        sbc     a, (hl)
        dec     hl
        jr      C, eo_sc_outer  ; KEY of q > LAST: nothing in reach of p
        ld      a, l            ; the start: q at the end or past it?
        sub     a, -2 (ix)
        ld      a, h
        sbc     a, -1 (ix)
        jr      C, eo_sc_start
        ld      a, l
        cp      a, -2 (ix)
        jp      Z, eo_sc_outer  ; q is the end: p is the last entry, and the walk ends after it
        jp      eo_sc_done      ; q is past the end: p is the end
    eo_sc_start:
        push    hl
        pop     iy              ; iy: q, a = iy - 10
        ld      a, -5 (iy)      ; LEN of a > 0 (signed), else no run; OTHER_LEN is checked on a hit
        bit     7, a
        jp      NZ, eo_sc_outer
        or      a, -6 (iy)
        jp      Z, eo_sc_outer
        ld      c, e
        ld      b, d            ; bc: LAST
        inc     hl
        jp      eo_sc_other     ; q is in reach (the walk said so) and not the end
    eo_sc_run:                  ; hl: b, at its KEY
        ld      a, c
        sub     a, (hl)
        ld      e, a
        inc     hl
        ld      a, b
        sbc     a, (hl)
        jp      C, eo_sc_run_end ; KEY > LAST
        or      a, e
        jp      Z, eo_sc_equal  ; KEY = LAST
    eo_sc_other:                ; hl: b + 1
        inc     hl
        ld      e, (hl)
        inc     hl
        ld      d, (hl)         ; de: OTHER of b, hl: b + 3
        ld      a, e
        sub     a, -8 (iy)
        ld      e, a
        ld      a, d
        sbc     a, -7 (iy)
        ld      d, a            ; de: OTHER of b - OTHER of a, as a word
        jp      PE, eo_sc_flip
        jp      M, eo_sc_below
    eo_sc_above:                ; b starts at or after a: the distance against OTHER_LEN of a
        ld      a, e
        sub     a, -4 (iy)
        ld      a, d
        sbc     a, -3 (iy)
        jp      NC, eo_sc_skip3
    eo_sc_hit:                  ; hl: b + 3; a and b must be non-empty on the other axis
        ld      a, -3 (iy)
        bit     7, a
        jr      NZ, eo_sc_skip3
        or      a, -4 (iy)
        jr      Z, eo_sc_skip3
        inc     hl
        ld      e, (hl)
        inc     hl
        ld      a, (hl)
        bit     7, a
        jr      NZ, eo_sc_skip5
        or      a, e
        jr      Z, eo_sc_skip5
        inc     hl
        ld      e, (hl)
        inc     hl
        ld      a, (hl)
        bit     7, a
        jr      NZ, eo_sc_skip7
        or      a, e
        jr      Z, eo_sc_skip7
        inc     hl
        ld      e, (hl)
        inc     hl
        ld      d, (hl)         ; de: index of b, hl: b + 9
        push    hl
        push    bc
        push    de              ; the third argument of emit (it pops it)
        ld      e, -2 (iy)
        ld      d, -1 (iy)      ; index of a
        ld      l, 6 (ix)
        ld      h, 7 (ix)       ; out
        call    _emit           ; keeps IX and IY
        pop     bc
        pop     hl
        inc     hl
        jp      eo_sc_run
    eo_sc_skip3:
        ld      a, l
        add     a, #7
        ld      l, a
        jp      NC, eo_sc_run
        inc     h
        jp      eo_sc_run
    eo_sc_skip5:
        inc     hl
        inc     hl
    eo_sc_skip7:
        inc     hl
        inc     hl
        inc     hl
        jp      eo_sc_run
    eo_sc_flip:                 ; overflow: the sign is the other way round
        jp      M, eo_sc_above
    eo_sc_below:                ; b starts before a: the distance against OTHER_LEN of b
        xor     a, a
        sub     a, e
        ld      e, a
        ld      a, #0
        sbc     a, d
        ld      d, a            ; de: OTHER of a - OTHER of b
        inc     hl
        inc     hl
        inc     hl              ; hl: OTHER_LEN of b
        ld      a, e
        sub     a, (hl)
        inc     hl
        ld      a, d
        sbc     a, (hl)         ; hl: b + 7
        jp      NC, eo_sc_skip7
        dec     hl
        dec     hl
        dec     hl
        dec     hl
        jp      eo_sc_hit
    eo_sc_equal:                ; KEY = LAST: the sentinel when LAST is 65535 and b the end
        ld      a, b
        and     a, c
        inc     a
        jp      NZ, eo_sc_other
        dec     hl
        ld      a, l
        sub     a, -2 (ix)
        ld      a, h
        sbc     a, -1 (ix)
        inc     hl
        jp      C, eo_sc_other
    eo_sc_run_end:              ; on with the entry after a
        push    iy
        pop     hl
        jp      eo_sc_outer
    eo_sc_done:
        ld      sp, ix
        pop     iy
        pop     ix
        pop     hl
        pop     af
        jp      (hl)
    __endasm;
}
#else
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
   other axis (see pair_up). */
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
static void scan_entries(const word *p, const word *end, sweep_out *out)
{
    for (;; p += WORDS) {
        p = next_reaching(p);
        if (p >= end)
            return;
        if ((eo_coord)p[LEN] > 0 && (eo_coord)p[OTHER_LEN] > 0)
            pair_run(p, end, out);
    }
}
#endif

/* The work counters (see count_reach) over the entries. */
static void count_entries(const word *e, const word *end, const eo_layer *layers,
                          uint32_t *candidates, uint32_t *filtered)
{
    for (; e < end; e += WORDS) {
        const word *q;
        if ((eo_coord)e[LEN] <= 0 || (eo_coord)e[OTHER_LEN] <= 0)
            continue;
        for (q = e + WORDS; q < end && (word)(q[KEY] - e[KEY]) < e[LEN]; q += WORDS) {
            if ((eo_coord)q[LEN] <= 0 || (eo_coord)q[OTHER_LEN] <= 0)
                continue;
            (*candidates)++;
            if (!may_interact(layers, (uint16_t)e[INDEX], (uint16_t)q[INDEX]))
                (*filtered)++;
        }
    }
}

eo_result eo_sweep_pairs(eo_sweep *sweep, const eo_box *boxes, uint16_t count, const eo_layer *layers,
                         eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                         eo_broadphase_stats *stats, eo_hooks *hooks)
{
    word *first, *end;
    uint32_t moves = 0, candidates = 0, filtered = 0;
    uint8_t counting;
    sweep_out out;

    if (sweep == NULL)
        return EO_ERR_NULL_POINTER;
    sweep->ready = 0; /* until the entries are sorted again */
    if (pair_count == NULL || sweep->entries == NULL || (count > 0 && boxes == NULL) ||
        (pair_capacity > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    if (count > sweep->capacity)
        return EO_ERR_BAD_ARGUMENT;
    first = sweep->entries;
    end = first + (size_t)count * WORDS;
    if (count != sweep->count) {
        uint16_t i;
        for (i = 0; i < count; i++)
            first[(size_t)i * WORDS + INDEX] = i;
        sweep->count = count;
    }
    out.boxes = boxes;
    out.layers = layers;
    out.pairs = pairs;
    out.capacity = pair_capacity;
    out.found = 0;
    out.hooks = hooks;
    counting = stats != NULL;
#if EO_TRACE
    counting = counting || hooks != NULL;
#endif
    if (count > 0) {
        if (sweep->axis == EO_AABB_Y_FIRST)
            refresh_y(first, count, boxes);
        else
            refresh_x(first, count, boxes);
        sort_entries(first, end - WORDS, &moves);
        EO_STEP(hooks, EO_EV_SWEEP_SORTED, (int32_t)moves, count);
        /* the sentinels for next_reaching: both start at the largest key (after every entry),
           the first with size 1, so the walk stops on it at the latest */
        end[KEY] = EO_UCOORD_MAX;
        end[LEN] = 1;
        end[WORDS + KEY] = EO_UCOORD_MAX;
        scan_entries(first, end, &out);
        if (counting)
            count_entries(first, end, layers, &candidates, &filtered);
    } else {
        EO_STEP(hooks, EO_EV_SWEEP_SORTED, 0, 0);
    }
    sweep->ready = 1;
    (void)moves; /* read by the traced build only */
    *pair_count = out.found;
    if (stats != NULL) {
        stats->candidate_pairs += candidates;
        stats->layer_filtered += filtered;
        stats->box_tests += candidates - filtered;
        stats->pairs_found += out.found;
    }
#if EO_TRACE
    if (hooks != NULL) {
        hooks->counters[EO_COUNTER_SWEEP_SORT_MOVES] += moves;
        hooks->counters[EO_COUNTER_SWEEP_BOX_TESTS] += candidates - filtered;
    }
#endif
    return out.found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
