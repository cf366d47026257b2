/* Shared test vectors: one runner, compiled for the native build and for the MSX ROM (SDCC),
   turns a vector file image into a result image. The wasm suite (tests/wasm) reads the same
   files through the JS API and must produce byte-identical results.

   Every file (little-endian): header 8 bytes
       'E' 'O' 'V' '1', module, 0, case count (u16)            (vector file, <module>.vec)
       'E' 'O' 'R' '1', module, result size, case count (u16)  (result: <module>.expected, .*.out)
   then the cases, then one fixed-size result per case.

   module 1, gridmask: case 18 bytes
       layout id (u8: 0 = EO_GRIDMASK_LAYOUT_8, 1 = _16, 2 = _32, 3 = an invalid layout),
       method (u8: eo_gridmask_method; 2 is invalid), box a (x, y, w, h: i16), box b
     result 10 bytes: status (eo_result of building a | that of b << 4), mask a (u32), mask b (u32),
       verdict (u8: eo_gridmask_test of the two masks; 3 for an invalid layout)

   module 2, aabb: case 18 bytes
       kind u8: 0 = boxes: order (u8), box a, box b
                1 = circles: 0 (u8), circle a (x, y, r: i16), circle b, 4 zero bytes
     result 2 bytes: boxes: overlap (0/1), comparisons (1..4, 0 for an empty box)
                     circles: eo_result, overlap (0/1, 0xFF when the result is an error)

   module 3, sectors (and sweep): a scene per case, variable size:
       config: world x, y, w, h (i16), cols, rows (u8), max_entries (u16)          12 bytes
       n (u8, 1 .. EO_VEC_SCENE_MAX), flags (u8: bit 0 layers given, bit 1 sweep along Y)
       n boxes (8 bytes each), n layers if bit 0 (category, collides_with: u16), n moves (dx, dy: i8)
     result EO_VEC_SECTORS_RESULT_SIZE bytes, three parts:
       build:  eo_result (u8), pairs (u16), insertions, candidate pairs, box tests (u16 each),
               the first EO_VEC_PAIRS_SHOWN pairs (a, b: u8 each; zero-filled)
       update after the moves (persistent): eo_result (u8), pairs (u16), objects moved (u8),
               insertions + removals (u16), the first EO_VEC_PAIRS_SHOWN pairs
       sweep after the moves: eo_result (u8), pairs (u16), box tests (u16), the first
               EO_VEC_PAIRS_SHOWN pairs in sweep order

   module 4, pixelmask: a sprite pair per case, variable size:
       wa, ha, wb, hb (u8, 1 .. EO_VEC_SPRITE_MAX), ax, ay, bx, by (i16),
       A's rows then B's rows, each row ceil(w / 8) bytes, bit i of byte k = pixel 8k + i
     result 14 bytes: eo_result of eo_pixelmask_overlap (u8), hit, reference hit, first contact found
       (u8 each), contact x, y (i32; 0 when none), area (u16) */
#ifndef EARLYOUT_TESTS_VECTORS_H
#define EARLYOUT_TESTS_VECTORS_H

#include <stdint.h>

#define EO_VEC_HEADER_SIZE 8u

#define EO_VEC_MODULE_GRIDMASK 1u
#define EO_VEC_GRIDMASK_CASE_SIZE 18u
#define EO_VEC_GRIDMASK_RESULT_SIZE 10u

#define EO_VEC_MODULE_AABB 2u
#define EO_VEC_AABB_CASE_SIZE 18u
#define EO_VEC_AABB_RESULT_SIZE 2u

#define EO_VEC_MODULE_SECTORS 3u
#define EO_VEC_SCENE_MAX 32u
#define EO_VEC_PAIRS_SHOWN 24u
#define EO_VEC_SECTORS_RESULT_SIZE (9u + 2u * EO_VEC_PAIRS_SHOWN + 6u + 2u * EO_VEC_PAIRS_SHOWN + 5u + 2u * EO_VEC_PAIRS_SHOWN)

#define EO_VEC_MODULE_PIXELMASK 4u
#define EO_VEC_SPRITE_MAX 32u
#define EO_VEC_PIXELMASK_RESULT_SIZE 14u

/// Runs the vectors in `in`; returns the number of result bytes written to `out`, or 0 when the
/// file is malformed (bad magic, unknown module, truncated, a scene too large) or `out` is too small.
uint16_t eo_vectors_run(const uint8_t *in, uint16_t in_len, uint8_t *out, uint16_t out_cap);

#endif
