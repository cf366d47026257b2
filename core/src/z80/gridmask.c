/* core/src/z80/gridmask.c stands in for core/src/gridmask.c in the MSX build (mk/msx.mk): the
   portable file, included, with eo_gridmask_find_candidates renamed eo_gridmask_find_candidates_portable,
   and this one under the public name. Its pair loop for 8- and 16-bit layouts, whose fields fit
   the masks' two low bytes, is Z80 assembly: per pair, test_masks' verdict (gridmask.c) as three
   ANDs of bytes, with a's fields pre-masked in registers (C: byte 0 & x0, B: byte 0 & y0, D: byte
   1 & y1). Everything else (the 32-bit layout, fewer than two masks, bad arguments) goes to the
   portable C. tests/msx/gridmask_asm.c checks the two against each other on sz80. */
#include <stddef.h>

#include "earlyout/gridmask.h"
#include "z80.h"

#if !EO_Z80_ASM
#error "core/src/z80/ is the Z80 build's (mk/msx.mk, EO_Z80_ASM=1); other builds compile core/src/*.c only"
#endif

eo_result eo_gridmask_find_candidates_portable(const eo_gridmask_grid *grid, const eo_gridmask *masks,
                                        uint16_t count, eo_pair *pairs, uint32_t pair_capacity,
                                        uint32_t *pair_count, eo_hooks *hooks);
#define eo_gridmask_find_candidates eo_gridmask_find_candidates_portable
#include "../gridmask.c"
#undef eo_gridmask_find_candidates

typedef struct pair_scan {
    const eo_gridmask *masks;
    uint16_t count;    /* >= 2 */
    eo_pair *pairs;
    uint32_t capacity, found;
    uint8_t x0, y0, y1; /* the X field in byte 0; the Y field in byte 0 and byte 1 */
} pair_scan;
typedef char eo_pair_scan_layout[(offsetof(pair_scan, count) == 2 && offsetof(pair_scan, pairs) == 4 &&
                                  offsetof(pair_scan, capacity) == 6 && offsetof(pair_scan, found) == 10 &&
                                  offsetof(pair_scan, x0) == 14 && sizeof(eo_gridmask) == 4 &&
                                  sizeof(eo_pair) == 4) ? 1 : -1];

/* ps in HL (sdcccall 1); keeps IX and IY. */
static void find_pairs_z80(pair_scan *ps) __naked
{
    (void)ps;
    __asm
        push    ix
        push    iy
        push    hl
        pop     iy              ; iy: ps
        ld      hl, #-6
        add     hl, sp
        ld      sp, hl
        push    hl
        pop     ix              ; 0, 1 (ix): i; 2, 3 (ix): the inner count; 4, 5 (ix): masks + i
        xor     a, a
        ld      0 (ix), a
        ld      1 (ix), a
        ld      l, 0 (iy)
        ld      h, 1 (iy)
        ld      4 (ix), l
        ld      5 (ix), h
    eo_gm_outer:                ; the masks after i: count - i - 1 of them
        ld      l, 2 (iy)
        ld      h, 3 (iy)
        ld      e, 0 (ix)
        ld      d, 1 (ix)
        scf
        sbc     hl, de
        jp      Z, eo_gm_done
        ld      a, l            ; counted down by the low byte, then in blocks of 256
        or      a, a
        jr      Z, eo_gm_count
        inc     h
    eo_gm_count:
        ld      2 (ix), l
        ld      3 (ix), h
        ld      l, 4 (ix)
        ld      h, 5 (ix)       ; hl: masks + i
        ld      a, (hl)
        ld      e, a
        and     a, 14 (iy)
        ld      c, a            ; c: the X field of a
        ld      a, e
        and     a, 15 (iy)
        ld      b, a            ; b: its Y field in byte 0
        inc     hl
        ld      a, (hl)
        and     a, 16 (iy)
        ld      d, a            ; d: its Y field in byte 1
        inc     hl
        inc     hl
        inc     hl              ; hl: the next mask, b
    eo_gm_inner:
        ld      a, (hl)
        and     a, c
        jr      Z, eo_gm_next   ; no column in common
        ld      a, (hl)
        and     a, b
        ld      e, a
        inc     hl
        ld      a, (hl)
        and     a, d
        dec     hl
        or      a, e
        call    NZ, eo_gm_hit   ; a row in common too: a candidate
    eo_gm_next:
        ld      a, l
        add     a, #4
        ld      l, a
        jr      NC, eo_gm_step
        inc     h
    eo_gm_step:
        dec     2 (ix)
        jr      NZ, eo_gm_inner
        dec     3 (ix)
        jr      NZ, eo_gm_inner
        inc     0 (ix)          ; i + 1
        jr      NZ, eo_gm_i
        inc     1 (ix)
    eo_gm_i:
        ld      l, 4 (ix)
        ld      h, 5 (ix)
        ld      de, #4
        add     hl, de
        ld      4 (ix), l
        ld      5 (ix), h
        jp      eo_gm_outer
    eo_gm_hit:                  ; hl: mask j; the pair (i, j) out (z80.h)
        push    hl
        push    de
        push    bc
        ld      e, 0 (iy)
        ld      d, 1 (iy)
        or      a, a
        sbc     hl, de
        srl     h
        rr      l
        srl     h
        rr      l
        ld      b, h
        ld      c, l            ; bc: j
        ld      e, 0 (ix)
        ld      d, 1 (ix)       ; de: i
        call    _eo_z80_pair_out
        pop     bc
        pop     de
        pop     hl
        ret
    eo_gm_done:
        ld      hl, #6
        add     hl, sp
        ld      sp, hl
        pop     iy
        pop     ix
        ret
    __endasm;
}

eo_result eo_gridmask_find_candidates(const eo_gridmask_grid *grid, const eo_gridmask *masks,
                                      uint16_t count, eo_pair *pairs, uint32_t pair_capacity,
                                      uint32_t *pair_count, eo_hooks *hooks)
{
    pair_scan ps;
    if (grid == NULL || pair_count == NULL || masks == NULL || (pair_capacity > 0 && pairs == NULL) ||
        grid->ready != EO_GRIDMASK_READY || grid->half == 16 || count < 2)
        return eo_gridmask_find_candidates_portable(grid, masks, count, pairs, pair_capacity, pair_count, hooks);
    ps.masks = masks;
    ps.count = count;
    ps.pairs = pairs;
    ps.capacity = pair_capacity;
    ps.found = 0;
    ps.x0 = grid->half == 8 ? 0xFFu : 0x0Fu;
    ps.y0 = grid->half == 8 ? 0x00u : 0xF0u;
    ps.y1 = grid->half == 8 ? 0xFFu : 0x00u;
    find_pairs_z80(&ps);
    *pair_count = ps.found;
    return ps.found > pair_capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
