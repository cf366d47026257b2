/* core/src/z80/sweep_scan.c stands in for core/src/sweep_scan.c in the MSX build (mk/msx.mk): the
   workspace sweep's per-frame loops in Z80 assembly. Each function does the work of the portable C
   of the same name, on the same data, in registers: a 32-object frame in SDCC's C took 1.6 frames.
   tests/msx/sweep_asm.c checks the two builds against each other frame by frame on sz80.

   SDCC's calling convention (sdcccall 1, which config.h requires): the first two 16-bit
   arguments come in HL and DE, the third on the stack, which the callee pops; IX must survive
   the call, and these keep IY too (with --reserve-regs-iy it is the program's). */
#include <stddef.h>

#include "../layers.h"
#include "../sweep_entries.h"
#include "z80.h"

#if !EO_Z80_ASM
#error "core/src/z80/ is the Z80 build's (mk/msx.mk, EO_Z80_ASM=1); other builds compile core/src/*.c only"
#endif

/* The offsets of the fields the assembly reads (sweep_out's, eo_box's): */
typedef char eo_sweep_out_layout[(offsetof(sweep_out, layers) == 2 && offsetof(sweep_out, pairs) == 4 &&
                                  offsetof(sweep_out, capacity) == 6 && offsetof(sweep_out, found) == 10 &&
                                  sizeof(eo_pair) == 4 && sizeof(eo_box) == 8 &&
                                  offsetof(eo_box, y) == 2 && offsetof(eo_box, w) == 4 &&
                                  offsetof(eo_box, h) == 6) ? 1 : -1];

/* The layer rule (layers.h) for objects i and j, as the assembly of emit calls it (only with
   layers). */
static uint8_t layers_allow(const eo_broadphase_layer *layers, uint16_t i, uint16_t j)
{
    return layers_meet(&layers[i], &layers[j]);
}

/* emit: a pair out unless layers keep it apart, with no 32-bit library calls. out in HL, ia in
   DE, ib on the stack (popped here); keeps IX and IY. Called by the scan's assembly only. */
void eo_z80_sweep_emit(sweep_out *out, uint16_t ia, uint16_t ib);
void eo_z80_sweep_emit(sweep_out *out, uint16_t ia, uint16_t ib) __naked
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
        push    hl              ; the third argument of layers_allow (it pops it)
        ld      l, 2 (iy)
        ld      h, 3 (iy)
        call    _layers_allow
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

/* refresh_x: e in HL, count (> 0) in DE, boxes on the stack. An entry's index lies 8 bytes in;
   its box is boxes + index * 8; x (its high byte flipped: KEY), y, w, h are copied with ldi. */
void eo_sweep_refresh_x(eo_sweep_word *e, uint16_t count, const eo_box *boxes) __naked
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
void eo_sweep_refresh_y(eo_sweep_word *e, uint16_t count, const eo_box *boxes) __naked
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

/* first_descent in Z80 (see config.h): p in HL, the entry found in DE. */
eo_sweep_word *eo_sweep_first_descent(eo_sweep_word *p) __naked
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
void eo_sweep_scan_entries(const eo_sweep_word *p, const eo_sweep_word *end, sweep_out *out) __naked
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
        call    _eo_z80_sweep_emit ; keeps IX and IY
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
