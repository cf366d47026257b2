/* Pixel masks, earlyout against pygame's bitmask.c in the same process, on the same masks and
   offsets (bench/common/pixelmask_pairs.h says which): overlap, area on solid and on sparse
   sprites, first contact, and the fast paths (boxes apart, one shared row), at 16, 32, 64 and
   256 px. Every answer is checked between the two before timing; a mismatch fails the bench.
   Time: thread CPU time of whole passes over the 4,096 placements, repeated for at least MIN_NS;
   the two libraries take turns, ROUNDS times; the median round counts. Prints ns per pair and the
   ratio pygame / earlyout (above 1: earlyout is faster). Without pygame's source (mk/bench.mk
   fetches it from Debian when it can) the pygame column is skipped and says so.
   Usage: bench_pixelmask [sizes...] */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c99 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench_clock.h"
#include "pixelmask_pairs.h"

#define MIN_NS 20e6
#define ROUNDS 5

static double cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static volatile uint32_t sink;

/* ns per pair of one library on one op: whole passes for at least MIN_NS */
static double time_batch(int lib, int op)
{
    double t0 = cpu_ns(), dt;
    unsigned long pairs = 0;
    uint32_t sum = 0;
    do {
        sum += pb_batch(lib, op);
        pairs += PB_PLACEMENTS;
        dt = cpu_ns() - t0;
    } while (dt < MIN_NS);
    sink = sum;
    return dt / (double)pairs;
}

int main(int argc, char **argv)
{
    static const uint16_t default_sides[] = { 16, 32, 64, 256 };
    uint16_t sides[8];
    unsigned n = 0, i;
    int op;
    for (i = 1; i < (unsigned)argc && n < 8; i++)
        sides[n++] = (uint16_t)atoi(argv[i]);
    if (n == 0)
        for (; n < sizeof default_sides / sizeof default_sides[0]; n++)
            sides[n] = default_sides[n];
#if PIXEL_BENCH_PYGAME
    printf("pixel masks, native: earlyout (%d-bit words) vs pygame's bitmask.c (%u-bit words), same masks and offsets\n",
           EO_PIXELMASK_WORD_BITS, (unsigned)(8 * sizeof(unsigned long)));
#else
    printf("pixel masks, native: earlyout (%d-bit words)\n", EO_PIXELMASK_WORD_BITS);
    printf("pygame's bitmask.c: not available (no Debian source package): pygame column skipped\n");
#endif
    printf("ns per pair: thread CPU time, median of %d rounds; ratio = pygame / earlyout (above 1: earlyout faster)\n\n", ROUNDS);
    printf("| sprite | case | colliding | earlyout ns | pygame ns | ratio |\n");
    printf("|-------:|:-----|----------:|------------:|----------:|------:|\n");
    for (i = 0; i < n; i++) {
        if (sides[i] < 1 || sides[i] > PB_MAX_SIDE) {
            fprintf(stderr, "sizes: 1 .. %d\n", PB_MAX_SIDE);
            return 2;
        }
        pb_setup(sides[i]);
        for (op = 0; op < PB_OPS; op++)
            if (pb_verify(op))
                return 1;
        for (op = 0; op < PB_OPS; op++) {
            double te[ROUNDS], tp[ROUNDS] = { 0 };
            unsigned r;
            for (r = 0; r < ROUNDS; r++) { /* taking turns */
                te[r] = time_batch(PB_EARLYOUT, op);
                if (PIXEL_BENCH_PYGAME)
                    tp[r] = time_batch(PB_PYGAME, op);
            }
            qsort(te, ROUNDS, sizeof te[0], cmp_double);
            qsort(tp, ROUNDS, sizeof tp[0], cmp_double);
            printf("| %3ux%-3u| %-29s | %8.1f%% | %11.1f |", sides[i], sides[i], pb_op_names[op],
                   100.0 * pb_hits(op) / PB_PLACEMENTS, te[ROUNDS / 2]);
            if (PIXEL_BENCH_PYGAME)
                printf(" %9.1f | %5.2f |\n", tp[ROUNDS / 2], tp[ROUNDS / 2] / te[ROUNDS / 2]);
            else
                printf(" %9s | %5s |\n", "-", "-");
        }
    }
    return 0;
}
