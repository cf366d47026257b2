/* Shared test vectors: one runner, compiled for the native build and for the MSX ROM (SDCC),
   turns a vector file image into a result image. The wasm suite (tests/wasm) reads the same
   files through the JS API and must produce byte-identical results.

   Vector file (little-endian), tests/vectors/<module>.vec:
     header  8 bytes: 'E' 'O' 'V' '1', module (1 = gridmask), 0, case count (u16)
     gridmask case, 18 bytes:
       layout id (u8: 0 = EO_GRIDMASK_LAYOUT_8, 1 = _16, 2 = _32, 3 = an invalid layout),
       method (u8: eo_gridmask_method; 2 is invalid), box a (x, y, w, h: i16), box b (i16 x4)
   Result file, <module>.expected (native) or <module>.<target>.out:
     header  8 bytes: 'E' 'O' 'R' '1', module, 0, case count (u16)
     gridmask result, 10 bytes:
       status (u8: eo_result of building a, | eo_result of building b << 4),
       mask a (u32), mask b (u32) (0 where the build failed),
       verdict (u8: eo_gridmask_test of the two masks with the case's layout) */
#ifndef EARLYOUT_TESTS_VECTORS_H
#define EARLYOUT_TESTS_VECTORS_H

#include <stdint.h>

#define EO_VEC_HEADER_SIZE 8u
#define EO_VEC_MODULE_GRIDMASK 1u
#define EO_VEC_GRIDMASK_CASE_SIZE 18u
#define EO_VEC_GRIDMASK_RESULT_SIZE 10u

/// Runs the vectors in `in`; returns the number of result bytes written to `out`, or 0 when the
/// file is malformed (bad magic, unknown module, truncated) or `out` is too small.
uint16_t eo_vectors_run(const uint8_t *in, uint16_t in_len, uint8_t *out, uint16_t out_cap);

#endif
