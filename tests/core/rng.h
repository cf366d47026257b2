/* The tests' seeded pseudo-random numbers (xorshift32). Each test file defines RNG_SEED before
   including this, so its sequences stay its own; a test may also set rng_state to restart one. */
#ifndef EARLYOUT_TESTS_RNG_H
#define EARLYOUT_TESTS_RNG_H
#include <stdint.h>

static uint32_t rng_state = RNG_SEED;

static inline uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

/* lo .. hi, both included */
static inline int rng_range(int lo, int hi)
{
    return lo + (int)(rng() % (uint32_t)(hi - lo + 1));
}
#endif
