/* bench/common/bench_clock.h: the native benches' clock and median sort. The includer defines
   _POSIX_C_SOURCE 199309L before any header (clock_gettime under -std=c99). */
#ifndef EARLYOUT_BENCH_CLOCK_H
#define EARLYOUT_BENCH_CLOCK_H

#include <time.h>

/* Monotonic time in ns. */
static inline double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* qsort order for doubles, ascending. */
static inline int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
