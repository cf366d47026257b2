/* The bench-only wasm module of bench/wasm/bench_pixelmask.mjs: the core and pygame's bitmask.c
   (when the build found it) in one module, driven by the native bench's C
   (bench/common/pixelmask_pairs.h), so both libraries run as emcc -O3 wasm in the same Node
   process on the same masks and offsets. Node times each exported pass. */
#include "pixelmask_pairs.h"

#define EXPORT(name) __attribute__((export_name(name)))

/* Sets up one sprite size and checks every answer between the libraries: 0, or 1 on a mismatch. */
EXPORT("setup") int bench_setup(int side)
{
    int op;
    if (side < 1 || side > PB_MAX_SIDE)
        return 1;
    pb_setup((uint16_t)side);
    for (op = 0; op < PB_OPS; op++)
        if (pb_verify(op))
            return 1;
    return 0;
}

/* One pass over the op's placements with one library (0 earlyout, 1 pygame): a checksum. */
EXPORT("batch") uint32_t bench_batch(int lib, int op)
{
    return pb_batch(lib, op);
}

EXPORT("hits") uint32_t bench_hits(int op) { return pb_hits(op); }
EXPORT("ops") int bench_ops(void) { return PB_OPS; }
EXPORT("placements") int bench_placements(void) { return PB_PLACEMENTS; }
EXPORT("have_pygame") int bench_have_pygame(void) { return PIXEL_BENCH_PYGAME; }
EXPORT("word_bits") int bench_word_bits(void) { return EO_PIXELMASK_WORD_BITS; }
EXPORT("pygame_word_bits") int bench_pygame_word_bits(void) { return (int)(8 * sizeof(unsigned long)); }
EXPORT("op_name") const char *bench_op_name(int op) { return op >= 0 && op < PB_OPS ? pb_cases[op].name : ""; }
EXPORT("op_sprite") const char *bench_op_sprite(int op) { return op >= 0 && op < PB_OPS ? pb_cases[op].sprite : ""; }
