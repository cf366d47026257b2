/* The Z80 test programs' seeded pseudo-random numbers: xorshift16 (7, 9, 8), 16-bit shifts only,
   cheap on the Z80. Each program defines RNG16_SEED (not 0) before including this. */
#ifndef EARLYOUT_TESTS_RNG16_H
#define EARLYOUT_TESTS_RNG16_H

#include <stdint.h>

static uint16_t rng_state = RNG16_SEED;

static uint16_t rng(void)
{
    rng_state ^= (uint16_t)(rng_state << 7);
    rng_state ^= (uint16_t)(rng_state >> 9);
    rng_state ^= (uint16_t)(rng_state << 8);
    return rng_state;
}

#endif
