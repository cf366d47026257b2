/* Swept moves, native (-O2): the dashes of bench/common/dash_scene.h moved by eo_tiles_move
   (X, then Y), eo_tiles_sweep and the pixel-by-pixel reference (ref_sweep), interleaved over
   ROUNDS rounds; ns per move (median round) and ratios against the reference and X-then-Y. The
   sweep must land where the reference lands on every dash, or the bench fails.
   Usage: bench_dash [rounds] */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "bench_clock.h"
#include "dash_scene.h"

static dash_scene scene;
static const char *const names[DASH_PASSES] = { "eo_tiles_move (X, then Y)", "eo_tiles_sweep", "reference X-then-Y", "reference sweep" };

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 9, r, k, i, blocked, passed, clear, short_of;
    double t[DASH_PASSES][64], med[DASH_PASSES];
    eo_box ref_end[DASH_COUNT];
    uint8_t ref_hit[DASH_COUNT];
    if (rounds < 1 || rounds > 64) {
        fprintf(stderr, "usage: bench_dash [rounds 1..64]\n");
        return 2;
    }
    if (dash_scene_init(&scene)) {
        fprintf(stderr, "bench_dash: the scene's map is refused\n");
        return 1;
    }
    /* each core pass against its reference, dash by dash */
    for (k = DASH_MOVE; k <= DASH_SWEEP; k++) {
        int ref = k == DASH_MOVE ? DASH_REFERENCE_MOVE : DASH_REFERENCE;
        (void)dash_pass(&scene, ref);
        memcpy(ref_end, scene.end, sizeof ref_end);
        memcpy(ref_hit, scene.hit, sizeof ref_hit);
        if (dash_pass(&scene, k)) {
            fprintf(stderr, "bench_dash: %s refused a dash\n", names[k]);
            return 1;
        }
        for (i = 0; i < DASH_COUNT; i++)
            if (scene.end[i].x != ref_end[i].x || scene.end[i].y != ref_end[i].y || scene.hit[i] != ref_hit[i]) {
                fprintf(stderr, "MISMATCH: %s, dash %d from %ld,%ld by %ld,%ld: %ld,%ld hit %u, reference %ld,%ld hit %u\n",
                        names[k], i, (long)scene.start[i].x, (long)scene.start[i].y, (long)scene.dx[i], (long)scene.dy[i],
                        (long)scene.end[i].x, (long)scene.end[i].y, scene.hit[i], (long)ref_end[i].x, (long)ref_end[i].y,
                        ref_hit[i]);
                return 1;
            }
    }
    printf("swept moves, native (-O2): %d dashes of an %dx%d box, %d..%d px, on a %dx%d map of %d px tiles, %.1f%% solid\n",
           DASH_COUNT, DASH_BOX, DASH_BOX, DASH_MIN, DASH_MAX, DASH_MAP_W, DASH_MAP_H, 1 << DASH_SHIFT,
           DASH_SOLID_PER_MILLE / 10.0);
    printf("X-then-Y and the sweep each landed where their reference did on all %d dashes (sweep checksum 0x%08lx)\n",
           DASH_COUNT, (unsigned long)dash_checksum(&scene));
    dash_compare(&scene, &blocked, &passed, &clear, &short_of);
    printf("of the %d dashes whose straight path is blocked, X-then-Y reached the full target on %d (%.1f%%);\n"
           "of the %d whose straight path is clear, X-then-Y stopped short on %d (%.1f%%)\n\n",
           blocked, passed, 100.0 * passed / (blocked ? blocked : 1), clear, short_of, 100.0 * short_of / (clear ? clear : 1));
    for (r = 0; r < rounds; r++)
        for (k = 0; k < DASH_PASSES; k++) {
            double t0 = now_ns();
            if (dash_pass(&scene, k))
                return 1;
            t[k][r] = (now_ns() - t0) / DASH_COUNT;
        }
    for (k = 0; k < DASH_PASSES; k++) {
        qsort(t[k], (size_t)rounds, sizeof t[k][0], cmp_double);
        med[k] = t[k][rounds / 2];
    }
    printf("ns per move (median of %d rounds, each pass over all %d dashes; min .. max), the speed-up over\n"
           "the reference of the same kind of move, and over eo_tiles_move\n\n", rounds, DASH_COUNT);
    printf("| mover                      | ns/move | min .. max      | vs reference | vs X-then-Y |\n");
    printf("|----------------------------|--------:|-----------------|-------------:|------------:|\n");
    for (k = 0; k < DASH_PASSES; k++)
        printf("| %-26s | %7.1f | %6.1f .. %6.1f | %11.1fx | %10.2fx |\n", names[k], med[k], t[k][0], t[k][rounds - 1],
               med[k == DASH_MOVE || k == DASH_REFERENCE_MOVE ? DASH_REFERENCE_MOVE : DASH_REFERENCE] / med[k], med[DASH_MOVE] / med[k]);
    return 0;
}
