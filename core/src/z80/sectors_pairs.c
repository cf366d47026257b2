/* core/src/z80/sectors_pairs.c stands in for core/src/sectors_pairs.c in the MSX build (mk/msx.mk):
   eo_sectors_find_pairs with its pair loop in Z80 assembly, which does the work of the portable
   C's pair_sector on the same data: the pairs of one sector's run that the sector is the first
   shared one of, their box test, and the counts of candidates, duplicates, pairs the layers keep
   apart and box tests. In SDCC's C, find_pairs took 178,000 .. 218,000 T-states per frame of
   bench/msx/scene_main.c's 32 objects (grids of 4 x 3 .. 8 x 6: counters in 32 bits, the boxes
   reread through pointers); with this loop, 74,000 .. 88,000. tests/msx/sectors_asm.c checks the
   two builds against each other on sz80.

   SDCC's calling convention (sdcccall 1, which config.h requires): the first two 16-bit
   arguments come in HL and DE; IX must survive the call, and this keeps IY too. */
#include <stddef.h>

#include "../layers.h"
#include "../sectors_pairs.h"
#include "z80.h"

#if !EO_Z80_ASM
#error "core/src/z80/ is the Z80 build's (mk/msx.mk, EO_Z80_ASM=1); other builds compile core/src/*.c only"
#endif

/* The offsets of the walk's fields and the grid's that the assembly reads (its IY is w + 2): */
typedef char eo_pair_walk_layout[(offsetof(pair_walk, grid) == 0 && offsetof(pair_walk, bounds) == 2 &&
                                  offsetof(pair_walk, layers) == 4 && offsetof(pair_walk, pairs) == 6 &&
                                  offsetof(pair_walk, capacity) == 8 && offsetof(pair_walk, found) == 12 &&
                                  offsetof(pair_walk, candidates) == 16 && offsetof(pair_walk, duplicates) == 20 &&
                                  offsetof(pair_walk, filtered) == 24 && offsetof(pair_walk, tests) == 28) ? 1 : -1];
typedef char eo_sectors_grid_layout[(offsetof(eo_sectors, cell_start) == 31 && offsetof(eo_sectors, cell_len) == 33 &&
                                     offsetof(eo_sectors, entries) == 35 && sizeof(eo_index) == 2 &&
                                     sizeof(eo_box) == 8 && offsetof(eo_box, y) == 2 &&
                                     offsetof(eo_box, w) == 4 && offsetof(eo_box, h) == 6 &&
                                     EO_SECTORS_ENTRY_SHIFT == 2 &&
                                     (EO_SECTORS_FIRST_COL | EO_SECTORS_FIRST_ROW) == 3) ? 1 : -1];

/* The layer rule (layers.h) for objects i and j, as the assembly calls it for a first pair when
   there are layers. */
static uint8_t sectors_layers_meet(const eo_broadphase_layer *layers, uint16_t i, uint16_t j)
{
    return layers_meet(&layers[i], &layers[j]);
}

/* pair_sector: w in HL, k in DE. IY points 2 bytes into w, so that it is the block eo_z80_pair_out
   wants (z80.h): boxes at 0, layers at +2, pairs at +4, capacity at +6, found at +10, and then the
   counts candidates, duplicates, filtered and tests (uint32_t each) at +14, +18, +22, +26; the
   grid's pointer sits at -2. Locals below IX:
     -8 .. -1   the box of a (x, y, w, h), copied once per a
     -10        index of a       -12  the run's end      -20  the entry after a (the next a)
     -14        C: candidates    -16  F: first ones      -18  A: allowed by the layers (counted
                                                              only with layers; F without)
     -22        boxes            -23  a's flags, | 0xFC
   C, F and A count in 16 bits and go to w's 32-bit counts at the end of the sector (flush), or
   before an a once C reaches 32768: a run lists each object once, so an a has at most 16,382
   candidates (EO_SECTORS_MAX_OBJECTS) and C never wraps.
   The loop over b (row) keeps b in HL, the b left in BC, a's flags in E, layers != NULL in D.
   Whether b starts after a: the sign of the 16-bit difference from the S and V flags; then the
   distance is compared unsigned against the length of the one that starts first, as spans_meet
   does (boxes.h). */
static void pair_sector(pair_walk *w, eo_index k) __naked
{
    (void)w;
    (void)k;
    __asm
        push    ix
        push    iy
        push    hl
        pop     iy
        inc     iy
        inc     iy              ; iy: w + 2
        ld      ix, #0
        add     ix, sp
        ld      hl, #-24
        add     hl, sp
        ld      sp, hl          ; the locals
        xor     a, a
        ld      -14 (ix), a
        ld      -13 (ix), a
        ld      -16 (ix), a
        ld      -15 (ix), a
        ld      -18 (ix), a
        ld      -17 (ix), a
        ld      a, 0 (iy)
        ld      -22 (ix), a
        ld      a, 1 (iy)
        ld      -21 (ix), a     ; boxes
        ld      l, -2 (iy)
        ld      h, -1 (iy)      ; hl: the grid
        ex      de, hl          ; de: the grid, hl: k
        add     hl, hl
        ld      c, l
        ld      b, h            ; bc: 2 k
        ld      hl, #33
        add     hl, de
        ld      a, (hl)
        inc     hl
        ld      h, (hl)
        ld      l, a            ; hl: cell_len
        add     hl, bc
        ld      a, (hl)
        inc     hl
        ld      h, (hl)
        ld      l, a            ; hl: n, the length of the run
        ld      a, h
        or      a, a
        jr      NZ, eo_ps_long
        ld      a, l
        cp      a, #2
        jp      C, eo_ps_done   ; fewer than two entries: no pair
    eo_ps_long:
        add     hl, hl
        push    hl              ; the bytes of the run
        ld      hl, #31
        add     hl, de
        ld      a, (hl)
        inc     hl
        ld      h, (hl)
        ld      l, a            ; hl: cell_start
        add     hl, bc
        ld      a, (hl)
        inc     hl
        ld      h, (hl)
        ld      l, a
        add     hl, hl
        ld      c, l
        ld      b, h            ; bc: cell_start[k] in bytes
        ld      hl, #35
        add     hl, de
        ld      a, (hl)
        inc     hl
        ld      h, (hl)
        ld      l, a            ; hl: entries
        add     hl, bc          ; hl: the run
        pop     bc
        push    hl
        add     hl, bc
        ld      -12 (ix), l
        ld      -11 (ix), h     ; the end of the run
        pop     hl              ; hl: a, the first entry of the run
    eo_ps_a:                    ; hl: a, which has at least one b after it
        bit     7, -13 (ix)
        jr      Z, eo_ps_a_counted
        push    hl
        call    eo_ps_flush     ; C reached 32768
        pop     hl
    eo_ps_a_counted:
        ld      e, (hl)
        inc     hl
        ld      d, (hl)
        inc     hl              ; de: the entry of a, hl: the first b
        ld      -20 (ix), l
        ld      -19 (ix), h     ; the next a
        ld      a, -12 (ix)
        sub     a, l
        ld      c, a
        ld      a, -11 (ix)
        sbc     a, h
        ld      b, a            ; bc: the bytes from b to the end
        srl     b
        rr      c               ; bc: the b of this a (> 0)
        ld      a, -14 (ix)
        add     a, c
        ld      -14 (ix), a
        ld      a, -13 (ix)
        adc     a, b
        ld      -13 (ix), a     ; C += them
        push    hl
        push    bc
        ld      a, e
        or      a, #0xFC
        ld      -23 (ix), a     ; the flags of a
        ld      a, e
        and     a, #0xFC
        ld      l, a
        ld      h, d            ; hl: index of a * 4
        srl     d
        rr      e
        srl     d
        rr      e
        ld      -10 (ix), e
        ld      -9 (ix), d      ; index of a
        add     hl, hl
        ld      c, -22 (ix)
        ld      b, -21 (ix)
        add     hl, bc          ; hl: the box of a
        push    ix
        pop     de
        ex      de, hl
        ld      bc, #-8
        add     hl, bc
        ex      de, hl          ; de: its copy
        ld      bc, #8
        ldir
        pop     bc
        pop     hl
        ld      e, -23 (ix)
        ld      a, 2 (iy)
        or      a, 3 (iy)
        ld      d, a            ; d: layers != NULL
    eo_ps_b:                    ; hl: b, bc: the b left (b included)
        ld      a, (hl)
        or      a, e
        inc     a
        jr      Z, eo_ps_first  ; both flags: the first sector both are in
    eo_ps_next:
        inc     hl
        inc     hl
        dec     bc
        ld      a, b
        or      a, c
        jr      NZ, eo_ps_b
        ld      l, -20 (ix)     ; on with the next a, unless it is the last entry
        ld      h, -19 (ix)
        ld      a, l
        add     a, #2
        ld      c, a
        ld      a, h
        adc     a, #0
        cp      a, -11 (ix)
        jp      NZ, eo_ps_a
        ld      a, c
        cp      a, -12 (ix)
        jp      NZ, eo_ps_a
        call    eo_ps_flush
    eo_ps_done:
        ld      sp, ix
        pop     iy
        pop     ix
        ret
    eo_ps_first:
        inc     -16 (ix)        ; F
        jr      NZ, eo_ps_f_counted
        inc     -15 (ix)
    eo_ps_f_counted:
        push    bc
        push    de
        push    hl
        ld      a, d
        or      a, a
        jp      NZ, eo_ps_layers
    eo_ps_box:                  ; hl: b (also on the stack, above de and bc)
        ld      a, (hl)
        inc     hl
        ld      h, (hl)
        and     a, #0xFC
        ld      l, a
        add     hl, hl
        ld      c, -22 (ix)
        ld      b, -21 (ix)
        add     hl, bc          ; hl: the box of b
        ld      e, (hl)
        inc     hl
        ld      d, (hl)         ; hl: its x + 1
        ld      a, e
        sub     a, -8 (ix)
        ld      e, a
        ld      a, d
        sbc     a, -7 (ix)
        ld      d, a            ; de: x of b - x of a
        jp      PE, eo_ps_x_flip
        jp      M, eo_ps_x_below
    eo_ps_x_above:              ; b starts at or after a: the distance against w of a
        ld      a, e
        sub     a, -4 (ix)
        ld      a, d
        sbc     a, -3 (ix)
        jp      NC, eo_ps_skip
        jp      eo_ps_y
    eo_ps_x_flip:               ; overflow: the sign is the other way round
        jp      M, eo_ps_x_above
    eo_ps_x_below:              ; b starts before a: the distance against w of b
        xor     a, a
        sub     a, e
        ld      e, a
        ld      a, #0
        sbc     a, d
        ld      d, a            ; de: x of a - x of b
        inc     hl
        inc     hl
        inc     hl              ; hl: w of b
        ld      a, e
        sub     a, (hl)
        inc     hl
        ld      a, d
        sbc     a, (hl)
        jp      NC, eo_ps_skip
        dec     hl
        dec     hl
        dec     hl
        dec     hl
    eo_ps_y:                    ; hl: x of b + 1
        inc     hl
        ld      e, (hl)
        inc     hl
        ld      d, (hl)         ; hl: its y + 1
        ld      a, e
        sub     a, -6 (ix)
        ld      e, a
        ld      a, d
        sbc     a, -5 (ix)
        ld      d, a            ; de: y of b - y of a
        jp      PE, eo_ps_y_flip
        jp      M, eo_ps_y_below
    eo_ps_y_above:
        ld      a, e
        sub     a, -2 (ix)
        ld      a, d
        sbc     a, -1 (ix)
        jp      NC, eo_ps_skip
        jp      eo_ps_hit
    eo_ps_y_flip:
        jp      M, eo_ps_y_above
    eo_ps_y_below:
        xor     a, a
        sub     a, e
        ld      e, a
        ld      a, #0
        sbc     a, d
        ld      d, a            ; de: y of a - y of b
        inc     hl
        inc     hl
        inc     hl              ; hl: h of b
        ld      a, e
        sub     a, (hl)
        inc     hl
        ld      a, d
        sbc     a, (hl)
        jp      NC, eo_ps_skip
    eo_ps_hit:                  ; the pair out (z80.h): index of a in DE, of b in BC
        pop     hl
        push    hl
        ld      c, (hl)
        inc     hl
        ld      b, (hl)
        srl     b
        rr      c
        srl     b
        rr      c
        ld      e, -10 (ix)
        ld      d, -9 (ix)
        call    _eo_z80_pair_out
    eo_ps_skip:
        pop     hl
        pop     de
        pop     bc
        jp      eo_ps_next
    eo_ps_layers:               ; hl: b; a first pair, with layers
        ld      c, (hl)
        inc     hl
        ld      b, (hl)
        srl     b
        rr      c
        srl     b
        rr      c               ; bc: index of b
        push    iy
        push    bc              ; the third argument (the callee pops it)
        ld      e, -10 (ix)
        ld      d, -9 (ix)      ; index of a
        ld      l, 2 (iy)
        ld      h, 3 (iy)       ; layers
        call    _sectors_layers_meet
        pop     iy
        or      a, a
        jr      Z, eo_ps_skip   ; kept apart
        inc     -18 (ix)        ; A
        jr      NZ, eo_ps_a_allowed
        inc     -17 (ix)
    eo_ps_a_allowed:
        pop     hl
        push    hl
        jp      eo_ps_box
    eo_ps_flush:                ; the counts of w += C, C - F, F - A, A; then C = F = A = 0
        ld      a, 2 (iy)
        or      a, 3 (iy)
        jr      NZ, eo_ps_fl_layers
        ld      a, -16 (ix)
        ld      -18 (ix), a
        ld      a, -15 (ix)
        ld      -17 (ix), a     ; no layers: every first pair is allowed
    eo_ps_fl_layers:
        push    iy
        pop     hl
        ld      bc, #14
        add     hl, bc          ; hl: candidates
        ld      e, -14 (ix)
        ld      d, -13 (ix)
        call    eo_ps_add32
        ld      a, -14 (ix)
        sub     a, -16 (ix)
        ld      e, a
        ld      a, -13 (ix)
        sbc     a, -15 (ix)
        ld      d, a
        call    eo_ps_add32     ; duplicates
        ld      a, -16 (ix)
        sub     a, -18 (ix)
        ld      e, a
        ld      a, -15 (ix)
        sbc     a, -17 (ix)
        ld      d, a
        call    eo_ps_add32     ; filtered
        ld      e, -18 (ix)
        ld      d, -17 (ix)
        call    eo_ps_add32     ; tests
        xor     a, a
        ld      -14 (ix), a
        ld      -13 (ix), a
        ld      -16 (ix), a
        ld      -15 (ix), a
        ld      -18 (ix), a
        ld      -17 (ix), a
        ret
    eo_ps_add32:                ; (hl) += de in 32 bits; hl moves on 4
        ld      a, (hl)
        add     a, e
        ld      (hl), a
        inc     hl
        ld      a, (hl)
        adc     a, d
        ld      (hl), a
        inc     hl
        ld      a, (hl)
        adc     a, #0
        ld      (hl), a
        inc     hl
        ld      a, (hl)
        adc     a, #0
        ld      (hl), a
        inc     hl
        ret
    __endasm;
}

eo_result eo_sectors_find_pairs(const eo_sectors *grid, const eo_box *boxes, const eo_broadphase_layer *layers,
                                eo_pair *pairs, uint32_t pair_capacity, uint32_t *pair_count,
                                eo_broadphase_stats *stats, eo_hooks *hooks)
{
    pair_walk w;
    eo_index k;
    eo_result r = pairs_begin(&w, grid, boxes, layers, pairs, pair_capacity, pair_count, hooks);
    if (r != EO_OK)
        return r;
    for (k = 0; k < grid->cells; k++)
        if (grid->cell_len[k] > 1u)
            pair_sector(&w, k);
    return pairs_end(&w, pair_count, stats);
}
