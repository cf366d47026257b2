/* core/src/z80/pair_out.c: the Z80 assembly shared between the kernels of core/src/z80/ (z80.h);
   a file of its own so that a program links only what it uses. */
#include "z80.h"

#if !EO_Z80_ASM
#error "core/src/z80/ is the Z80 build's (mk/msx.mk, EO_Z80_ASM=1); other builds compile core/src/*.c only"
#endif

void eo_z80_pair_out(void) __naked
{
    __asm
        ld      a, 10 (iy)      ; found < capacity?
        sub     a, 6 (iy)
        ld      a, 11 (iy)
        sbc     a, 7 (iy)
        ld      a, 12 (iy)
        sbc     a, 8 (iy)
        ld      a, 13 (iy)
        sbc     a, 9 (iy)
        jr      NC, eo_po_count
        ld      l, 10 (iy)
        ld      h, 11 (iy)      ; below the capacity: the address fits 16 bits
        add     hl, hl
        add     hl, hl
        push    de
        ld      e, 4 (iy)
        ld      d, 5 (iy)
        add     hl, de          ; hl: pairs + found
        pop     de
        ld      (hl), e
        inc     hl
        ld      (hl), d
        inc     hl
        ld      (hl), c
        inc     hl
        ld      (hl), b
    eo_po_count:                ; found + 1
        inc     10 (iy)
        ret     NZ
        inc     11 (iy)
        ret     NZ
        inc     12 (iy)
        ret     NZ
        inc     13 (iy)
        ret
    __endasm;
}
