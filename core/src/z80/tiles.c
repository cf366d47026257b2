/* core/src/z80/tiles.c stands in for core/src/tiles.c in the MSX build (mk/msx.mk): the portable
   file, included, with eo_tiles_attr_at_pixel renamed eo_tiles_attr_at_pixel_portable, and this
   one under the public name. A game probes a few pixels per character every frame, so the probe
   is Z80 assembly where the map allows the short way: a map eo_tiles_prepare recorded and that
   still matches its record (is_ready in tiles.c, byte for byte), no hooks, no row table, and a
   power-of-two width with 16-bit cell indices (the record's row_shift and narrow). Then the
   tile of each pixel is an arithmetic shift (floor, as tile_floor), and the attr is
   attrs[cells[(row << row_shift) + col]] inside the map or the outside policy's outside it
   (lookup and outside_attr in tiles_map.h). Everything else goes to the portable C.
   tests/msx/tiles_asm.c checks the two against each other on sz80. */
#include <stddef.h>

#include "earlyout/tiles.h"

#if !EO_Z80_ASM
#error "core/src/z80/ is the Z80 build's (mk/msx.mk, EO_Z80_ASM=1); other builds compile core/src/*.c only"
#endif

uint8_t eo_tiles_attr_at_pixel_portable(const eo_tiles_map *map, eo_coord x, eo_coord y, eo_hooks *hooks);
#define eo_tiles_attr_at_pixel eo_tiles_attr_at_pixel_portable
#include "../tiles.c"
#undef eo_tiles_attr_at_pixel

/* The offsets and values the assembly below reads: the map's fields at 0 .. 14, its record at
   15 (the record's first seven bytes mirror the map's bytes 8 .. 14). */
typedef char eo_tiles_map_layout[(offsetof(eo_tiles_map, cells) == 0 && offsetof(eo_tiles_map, attrs) == 2 &&
                                  offsetof(eo_tiles_map, row_start) == 4 && offsetof(eo_tiles_map, slopes) == 6 &&
                                  offsetof(eo_tiles_map, width) == 8 && offsetof(eo_tiles_map, height) == 10 &&
                                  offsetof(eo_tiles_map, tile_shift) == 12 && offsetof(eo_tiles_map, outside) == 13 &&
                                  offsetof(eo_tiles_map, slope_count) == 14 && offsetof(eo_tiles_map, ready) == 15 &&
                                  offsetof(eo_tiles_ready, width) == 0 && offsetof(eo_tiles_ready, height) == 2 &&
                                  offsetof(eo_tiles_ready, tile_shift) == 4 && offsetof(eo_tiles_ready, outside) == 5 &&
                                  offsetof(eo_tiles_ready, slope_count) == 6 && offsetof(eo_tiles_ready, shift) == 7 &&
                                  offsetof(eo_tiles_ready, row_shift) == 9 && offsetof(eo_tiles_ready, narrow) == 10 &&
                                  offsetof(eo_tiles_ready, mark) == 11 && EO_TILES_READY == 0x5A &&
                                  EO_TILES_EMPTY == 0 && EO_TILES_SOLID == 1 && EO_TILES_OUTSIDE_EMPTY == 1 &&
                                  EO_TILES_OUTSIDE_OPEN_TOP == 2 && sizeof(eo_coord) == 2) ? 1 : -1];

/* sdcccall(1): map in HL, x in DE; y and hooks on the stack, popped here; the attr in A. */
uint8_t eo_tiles_attr_at_pixel(const eo_tiles_map *map, eo_coord x, eo_coord y, eo_hooks *hooks) __naked
{
    (void)map;
    (void)x;
    (void)y;
    (void)hooks;
    __asm
        ; (sp): the return address, (sp + 2): y, (sp + 4): hooks. The C gets them all as they came.
        ld      a, h
        or      a, l
        jp      z, _eo_tiles_attr_at_pixel_portable     ; no map: as the C answers
        push    hl
        pop     iy                      ; iy: the map
        ld      hl, #4
        add     hl, sp
        ld      a, (hl)
        inc     hl
        or      a, (hl)
        jp      nz, eo_tp_c             ; hooks: the C counts and traces the lookup
        ; is_ready: the mark, the five fields as recorded, cells and attrs set, slopes if any
        ld      a, 26 (iy)
        cp      a, #0x5A
        jp      nz, eo_tp_c
        ld      a, 8 (iy)
        cp      a, 15 (iy)
        jp      nz, eo_tp_c
        ld      a, 9 (iy)
        cp      a, 16 (iy)
        jp      nz, eo_tp_c
        ld      a, 10 (iy)
        cp      a, 17 (iy)
        jp      nz, eo_tp_c
        ld      a, 11 (iy)
        cp      a, 18 (iy)
        jp      nz, eo_tp_c
        ld      a, 12 (iy)
        cp      a, 19 (iy)
        jp      nz, eo_tp_c
        ld      a, 13 (iy)
        cp      a, 20 (iy)
        jp      nz, eo_tp_c
        ld      a, 14 (iy)
        cp      a, 21 (iy)
        jp      nz, eo_tp_c
        or      a, a
        jr      z, eo_tp_no_slopes
        ld      a, 6 (iy)
        or      a, 7 (iy)
        jp      z, eo_tp_c
    eo_tp_no_slopes:
        ld      a, 0 (iy)
        or      a, 1 (iy)
        jp      z, eo_tp_c
        ld      a, 2 (iy)
        or      a, 3 (iy)
        jp      z, eo_tp_c
        ; the short way: no row table, 16-bit indices, a power-of-two width
        ld      a, 4 (iy)
        or      a, 5 (iy)
        jp      nz, eo_tp_c
        ld      a, 25 (iy)
        or      a, a
        jp      z, eo_tp_c
        ld      a, 24 (iy)
        inc     a
        jp      z, eo_tp_c
        ; col = x >> shift in DE, row = y >> shift in HL: arithmetic shifts, so floor for x < 0
        ld      c, 22 (iy)              ; shift, 3 .. 7
        ld      b, c
    eo_tp_col:
        sra     d
        rr      e
        djnz    eo_tp_col
        ld      hl, #2
        add     hl, sp
        ld      a, (hl)
        inc     hl
        ld      h, (hl)
        ld      l, a
        ld      b, c
    eo_tp_row:
        sra     h
        rr      l
        djnz    eo_tp_row
        ; inside: col < width and row < height, unsigned (a negative one is a large number)
        ld      a, e
        sub     a, 8 (iy)
        ld      a, d
        sbc     a, 9 (iy)
        jr      nc, eo_tp_outside
        ld      a, l
        sub     a, 10 (iy)
        ld      a, h
        sbc     a, 11 (iy)
        jr      nc, eo_tp_outside
        ; attrs[cells[(row << row_shift) + col]]
        ld      a, 24 (iy)
        or      a, a
        jr      z, eo_tp_add_col        ; one column: row_shift 0
        ld      b, a
    eo_tp_rows:
        add     hl, hl
        djnz    eo_tp_rows
    eo_tp_add_col:
        add     hl, de
        ld      e, 0 (iy)
        ld      d, 1 (iy)
        add     hl, de
        ld      e, (hl)
        ld      d, #0
        ld      l, 2 (iy)
        ld      h, 3 (iy)
        add     hl, de
        ld      a, (hl)
        jr      eo_tp_return
    eo_tp_outside:                      ; the policy: EMPTY; OPEN_TOP: empty above the map; SOLID
        ld      a, 13 (iy)
        dec     a
        jr      z, eo_tp_return         ; EO_TILES_OUTSIDE_EMPTY: EO_TILES_EMPTY (0)
        dec     a
        jr      nz, eo_tp_solid
        bit     7, h                    ; open top: empty where row < 0
        jr      nz, eo_tp_return        ; a is 0: EO_TILES_EMPTY
    eo_tp_solid:
        ld      a, #1                   ; EO_TILES_SOLID
    eo_tp_return:
        pop     hl                      ; the return address; then y and hooks
        pop     bc
        pop     bc
        jp      (hl)
    eo_tp_c:
        push    iy
        pop     hl                      ; the map again (DE is still x)
        jp      _eo_tiles_attr_at_pixel_portable
    __endasm;
}
