/* tests/msx/demo_replay.c: the demo cartridge's game (msx/cartridge.c) replayed from a seed
   and the input bytes the ROM recorded, off the MSX: natively (main: demo_replay SEED INPUTS,
   prints the hash as 8 hex digits) and in wasm (the exports below, driven by demo_replay.mjs).
   tests/msx/demo.sh compares both with the hash the ROM left in RAM. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cartridge.h"

enum { REPLAY_MAX = 4096 };

static cart_game game;
static uint8_t inputs[REPLAY_MAX];

#ifdef __EMSCRIPTEN__
#define REPLAY_EXPORT(name) __attribute__((export_name(name)))
#else
#define REPLAY_EXPORT(name)
#endif

/// Where the caller writes the input bytes (room for demo_replay_capacity()).
REPLAY_EXPORT("demo_replay_inputs") uint8_t *demo_replay_inputs(void);
REPLAY_EXPORT("demo_replay_capacity") uint32_t demo_replay_capacity(void);
/// The hash after `frames` steps from `seed` with the input bytes; 0 with *nothing* run if the
/// game would not start (then the caller reports the failure).
REPLAY_EXPORT("demo_replay_run") uint32_t demo_replay_run(uint32_t seed, uint32_t frames);

uint8_t *demo_replay_inputs(void) { return inputs; }
uint32_t demo_replay_capacity(void) { return REPLAY_MAX; }

uint32_t demo_replay_run(uint32_t seed, uint32_t frames)
{
    uint32_t f;
    if (frames > REPLAY_MAX || cart_init(&game, seed) != EO_OK) return 0;
    for (f = 0; f < frames; f++) cart_step(&game, inputs[f]);
    return cart_hash(&game);
}

#ifndef __EMSCRIPTEN__
int main(int argc, char **argv)
{
    FILE *f;
    size_t n;
    uint32_t h;
    if (argc != 3) {
        fprintf(stderr, "usage: %s SEED INPUTS (one byte of CART_BTN_* bits a frame)\n", argv[0]);
        return 2;
    }
    f = fopen(argv[2], "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open %s\n", argv[0], argv[2]);
        return 2;
    }
    n = fread(inputs, 1, sizeof inputs, f);
    fclose(f);
    h = demo_replay_run((uint32_t)strtoul(argv[1], NULL, 0), (uint32_t)n);
    if (h == 0) {
        fprintf(stderr, "%s: the game did not start\n", argv[0]);
        return 1;
    }
    printf("%08x\n", (unsigned)h);
    return 0;
}
#endif
