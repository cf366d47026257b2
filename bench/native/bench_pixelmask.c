/* Pixel masks, earlyout against pygame's bitmask.c in the same process, on the same masks and
   offsets (bench/common/pixelmask_pairs.h says which): overlap, area and first contact on solid
   (disc), hollow (ring) and sparse (random) sprites, and the fast ways out (boxes apart, one
   shared row), at 16, 32, 64 and 256 px. Every answer is checked between the two before timing;
   a mismatch fails the bench.
   Time: thread CPU time of whole passes over the 4,096 placements, the two libraries' passes
   alternating until each has run for at least MIN_NS, the fastest pass of each counting: a round.
   Prints ns per pair (the median of ROUNDS rounds) and the ratio pygame / earlyout (above 1:
   earlyout is faster), the median of the rounds' own ratios. Without pygame's source (mk/bench.mk fetches
   it from Debian when it can) the pygame column is skipped and says so.
   mk/bench.mk links this program several times with both libraries' code at other addresses
   (bench/native/code_pad.c) and bench/native/pixelmask_placements.sh puts the runs together.
   Usage: bench_pixelmask [--tsv] [--only TEXT] [sizes...]
     --tsv   one tab-separated line per case (after "# " lines saying what is compared)
     --only  the cases whose "sprite case" contains TEXT */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c99 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"
#include "pixelmask_pairs.h"

#ifndef MIN_NS
#define MIN_NS 10e6
#endif
#ifndef ROUNDS
#define ROUNDS 5
#endif

static double cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static volatile uint32_t sink;

/* One round of one case: the two libraries' passes alternate, pass by pass, until each has run
   for at least MIN_NS; each library's fastest pass counts (ns per pair into *te and *tp). On a
   busy machine a pass may lose the core or find its caches filled by another program; the
   fastest one is the pass that did not, and alternating makes both libraries' chances alike. */
__attribute__((noinline)) static void time_round(int op, double *te, double *tp)
{
    double se = 0, sp = 0, be = 1e300, bp = 1e300;
    uint32_t sum = 0;
    do {
        double t0 = cpu_ns(), t1, t2;
        sum += pb_batch(PB_EARLYOUT, op);
        t1 = cpu_ns();
        se += t1 - t0;
        be = t1 - t0 < be ? t1 - t0 : be;
        if (PIXEL_BENCH_PYGAME) {
            sum += pb_batch(PB_PYGAME, op);
            t2 = cpu_ns();
            sp += t2 - t1;
            bp = t2 - t1 < bp ? t2 - t1 : bp;
        }
    } while (se < MIN_NS || (PIXEL_BENCH_PYGAME && sp < MIN_NS));
    sink = sum;
    *te = be / PB_PLACEMENTS;
    *tp = PIXEL_BENCH_PYGAME ? bp / PB_PLACEMENTS : 0;
}

/* Times one case (pb_setup done) and prints its line. */
static void report(int op, int tsv)
{
    double te[ROUNDS], tp[ROUNDS], ratio[ROUNDS];
    double pct = 100.0 * pb_hits(op) / PB_PLACEMENTS;
    const pb_case *c = &pb_cases[op];
    unsigned r;
    for (r = 0; r < ROUNDS; r++) {
        time_round(op, &te[r], &tp[r]);
        ratio[r] = PIXEL_BENCH_PYGAME ? tp[r] / te[r] : 0;
    }
    qsort(te, ROUNDS, sizeof te[0], cmp_double);
    qsort(tp, ROUNDS, sizeof tp[0], cmp_double);
    qsort(ratio, ROUNDS, sizeof ratio[0], cmp_double);
    if (tsv)
        printf("%u\t%s\t%s\t%.1f\t%.2f\t%.2f\t%.3f\n", pb_side, c->sprite, c->name, pct, te[ROUNDS / 2], tp[ROUNDS / 2],
               ratio[ROUNDS / 2]);
    else if (PIXEL_BENCH_PYGAME)
        printf("| %u | %s | %s | %.1f%% | %.1f | %.1f | %.2f |\n", pb_side, c->sprite, c->name, pct, te[ROUNDS / 2],
               tp[ROUNDS / 2], ratio[ROUNDS / 2]);
    else
        printf("| %u | %s | %s | %.1f%% | %.1f | - | - |\n", pb_side, c->sprite, c->name, pct, te[ROUNDS / 2]);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    static const uint16_t default_sides[] = { 16, 32, 64, 256 };
    uint16_t sides[8];
    unsigned n = 0, i;
    int op, tsv = 0;
    const char *only = "";
    char label[64];
    for (i = 1; i < (unsigned)argc && n < 8; i++) {
        if (strcmp(argv[i], "--tsv") == 0)
            tsv = 1;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < (unsigned)argc)
            only = argv[++i];
        else
            sides[n++] = (uint16_t)atoi(argv[i]);
    }
    if (n == 0)
        for (; n < sizeof default_sides / sizeof default_sides[0]; n++)
            sides[n] = default_sides[n];
#if PIXEL_BENCH_PYGAME
    printf("%spixel masks, native: earlyout (%d-bit words) vs pygame's bitmask.c (%u-bit words), same masks and offsets\n",
           tsv ? "# " : "", EO_PIXELMASK_WORD_BITS, (unsigned)(8 * sizeof(unsigned long)));
#else
    printf("%spixel masks, native: earlyout (%d-bit words)\n", tsv ? "# " : "", EO_PIXELMASK_WORD_BITS);
    printf("%spygame's bitmask.c: not available (no Debian source package): pygame column skipped\n", tsv ? "# " : "");
#endif
    if (!tsv) {
        printf("ns per pair: thread CPU time of the fastest pass, median of %d rounds; ratio = pygame / earlyout (above 1: earlyout "
               "faster), the median of the rounds' ratios\n\n", ROUNDS);
        printf("| side | sprite | case | colliding | earlyout ns | pygame ns | ratio |\n");
        printf("| ---: | :--- | :--- | ---: | ---: | ---: | ---: |\n");
    }
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
            snprintf(label, sizeof label, "%s %s", pb_cases[op].sprite, pb_cases[op].name);
            if (strstr(label, only) != NULL)
                report(op, tsv);
        }
    }
    return 0;
}
