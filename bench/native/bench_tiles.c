/* Tile movers: 1,000 platformer movers on a 256 x 256 map of 8 px tiles (bench/common/tiles_scene.h)
   for 600 frames, moved by the core (eo_slopes_walk then eo_tiles_move, optionally with the
   coarse-fine cache) and by the pixel-by-pixel reference (tests/core/tiles_reference.h), driven by
   the same controller. Every run must end every frame with the same positions as the reference;
   a mismatch fails the bench. Prints ns per mover per frame (each frame's best of 3 rounds; the
   walk and the vertical move apart) and the ratio to the reference, and
   the scene checksums against bench/common/tiles_scene_checksums.txt (the Node bench prints and
   checks the same). Usage: bench_tiles [frames] */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c99 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"
#include "tiles_scene.h"

#define CHECKSUMS "bench/common/tiles_scene_checksums.txt"
#define MAX_FRAMES 600
#define ROUNDS 3 /* each run this many times, interleaved */

static tiles_scene scene;
static eo_tiles_cache caches[TILES_MOVERS];
static int16_t trace_ref[MAX_FRAMES][TILES_MOVERS][2], trace_run[MAX_FRAMES][TILES_MOVERS][2];
static double frame_ns[MAX_FRAMES];

enum { RUN_REFERENCE, RUN_CORE, RUN_CORE_CACHE, RUNS };
static const char *const run_names[RUNS] = {
    "pixel-by-pixel reference", "core (walk + move)", "core + coarse-fine cache"
};

/* Each frame's walk and vertical-move time, the best over the rounds so far (ns). The work of a
   frame is the same every round (the scene is deterministic), so the best round of each frame
   filters out the moments the machine was busy elsewhere. */
static double best_walk[RUNS][MAX_FRAMES], best_fall[RUNS][MAX_FRAMES];

/* Runs `frames` frames from a fresh scene, timing the walk and the vertical move of each; records
   the positions into trace. Returns 0, or 1 if the core reported an error. */
static int run(int which, int round, int frames, int16_t (*trace)[TILES_MOVERS][2], long *grounded)
{
    int f, i, err = 0;
    tiles_scene_init(&scene);
    memset(caches, 0, sizeof caches);
    *grounded = 0;
    for (f = 0; f < frames; f++) {
        double t0 = now_ns(), t1, t2;
        if (which == RUN_REFERENCE)
            tiles_walk_reference(&scene);
        else
            err |= tiles_walk_core(&scene);
        t1 = now_ns();
        if (which == RUN_REFERENCE)
            tiles_fall_reference(&scene);
        else
            err |= tiles_fall_core(&scene, which == RUN_CORE_CACHE ? caches : NULL);
        t2 = now_ns();
        if (err)
            return 1;
        if (round == 0 || t1 - t0 < best_walk[which][f])
            best_walk[which][f] = t1 - t0;
        if (round == 0 || t2 - t1 < best_fall[which][f])
            best_fall[which][f] = t2 - t1;
        for (i = 0; i < TILES_MOVERS; i++) {
            trace[f][i][0] = scene.box[i].x;
            trace[f][i][1] = scene.box[i].y;
            *grounded += scene.ground[i];
        }
    }
    return 0;
}

/* A checksum against tiles_scene_checksums.txt (key: "map" or "movers F"); prints it either way.
   Returns 1 on a difference. */
static int check_sum(const char *key, uint32_t sum)
{
    char line[128], want_key[64];
    unsigned long want;
    int found = 0, bad = 0;
    FILE *fp = fopen(CHECKSUMS, "r");
    while (fp && fgets(line, sizeof line, fp)) {
        char *hex = strrchr(line, ' ');
        if (line[0] == '#' || !hex)
            continue;
        memcpy(want_key, line, (size_t)(hex - line) < sizeof want_key ? (size_t)(hex - line) : sizeof want_key - 1);
        want_key[(size_t)(hex - line) < sizeof want_key ? (size_t)(hex - line) : sizeof want_key - 1] = 0;
        if (strcmp(want_key, key) != 0)
            continue;
        want = strtoul(hex + 1, NULL, 16);
        found = 1;
        bad = want != sum;
    }
    if (fp)
        fclose(fp);
    printf("%s 0x%08lx%s\n", key, (unsigned long)sum, found ? (bad ? "  DIFFERS from " CHECKSUMS : "") : "  (not in " CHECKSUMS ")");
    return bad;
}

int main(int argc, char **argv)
{
    int frames = argc > 1 ? atoi(argv[1]) : MAX_FRAMES, k, f, i, round, bad = 0;
    double walk[RUNS], fall[RUNS], median[RUNS];
    long grounded = 0;
    char key[32];
    if (frames < 1 || frames > MAX_FRAMES) {
        fprintf(stderr, "usage: bench_tiles [frames 1..%d]\n", MAX_FRAMES);
        return 2;
    }
    tiles_scene_init(&scene);
    if (eo_tiles_check(&scene.map) != EO_OK) {
        fprintf(stderr, "bench_tiles: the scene's map is invalid\n");
        return 1;
    }
    printf("tile movers: core (eo_slopes_walk + eo_tiles_move) vs pixel-by-pixel reference, native (-O2), %d frames\n",
           frames);
    printf("%d movers %dx%d px on a %dx%d map of %d px tiles, %.1f%% solid or slope\n\n", TILES_MOVERS,
           TILES_MOVER_W, TILES_MOVER_H, TILES_W, TILES_H, 1 << TILES_SHIFT, tiles_solid_per_mille(&scene) / 10.0);
    printf("scene checksums (FNV-1a; the Node bench prints the same):\n");
    bad |= check_sum("map", tiles_map_checksum(&scene));
    bad |= check_sum("movers 0", tiles_boxes_checksum(scene.box, TILES_MOVERS));

    for (round = 0; round < ROUNDS; round++)
        for (k = 0; k < RUNS; k++) {
            int first_ref = round == 0 && k == RUN_REFERENCE;
            if (run(k, round, frames, first_ref ? trace_ref : trace_run, &grounded)) {
                fprintf(stderr, "bench_tiles: %s: the core returned an error\n", run_names[k]);
                return 1;
            }
            for (i = 0; i < TILES_MOVERS; i++)
                if (ref_overlaps_solid(&scene.box[i])) {
                    fprintf(stderr, "bench_tiles: %s: mover %d ends inside a solid pixel\n", run_names[k], i);
                    return 1;
                }
            if (round == 0 && k == RUN_REFERENCE) {
                snprintf(key, sizeof key, "movers %d", frames);
                bad |= check_sum(key, tiles_boxes_checksum(scene.box, TILES_MOVERS));
            }
            for (f = 0; f < frames && !first_ref; f++)
                for (i = 0; i < TILES_MOVERS; i++)
                    if (memcmp(trace_run[f][i], trace_ref[f][i], sizeof trace_ref[f][i]) != 0) {
                        fprintf(stderr, "MISMATCH: %s, frame %d, mover %d at %d,%d; the reference at %d,%d\n",
                                run_names[k], f, i, trace_run[f][i][0], trace_run[f][i][1], trace_ref[f][i][0],
                                trace_ref[f][i][1]);
                        return 1;
                    }
        }
    for (k = 0; k < RUNS; k++) { /* ns per mover per frame over the frames' best rounds */
        walk[k] = 0;
        fall[k] = 0;
        for (f = 0; f < frames; f++) {
            walk[k] += best_walk[k][f];
            fall[k] += best_fall[k][f];
            frame_ns[f] = best_walk[k][f] + best_fall[k][f];
        }
        walk[k] /= (double)frames * TILES_MOVERS;
        fall[k] /= (double)frames * TILES_MOVERS;
        qsort(frame_ns, (size_t)frames, sizeof frame_ns[0], cmp_double);
        median[k] = frame_ns[frames / 2] / TILES_MOVERS;
    }
    if (bad) {
        fprintf(stderr, "SCENE DRIFT: a checksum differs from " CHECKSUMS "\n");
        return 1;
    }

    printf("\nns per mover per frame (lower is better), each frame's best of %d rounds: the mean over the\n"
           "frames, split into the walk (eo_slopes_walk, 1-2 px) and the vertical move (eo_tiles_move,\n"
           "-8..8 px), and the median frame's; speed-up of the mean against the reference. Every run\n"
           "ended every frame with the reference's positions; movers on the ground: %.1f%% of mover-frames.\n\n",
           ROUNDS, 100.0 * (double)grounded / ((double)frames * TILES_MOVERS));
    printf("| mover                      | frames | ns/mover/frame |  walk | vertical | median | vs reference |\n");
    printf("|----------------------------|-------:|---------------:|------:|---------:|-------:|-------------:|\n");
    for (k = 0; k < RUNS; k++)
        printf("| %-26s | %6d | %14.1f | %5.1f | %8.1f | %6.1f | %11.1fx |\n", run_names[k], frames, walk[k] + fall[k],
               walk[k], fall[k], median[k], (walk[RUN_REFERENCE] + fall[RUN_REFERENCE]) / (walk[k] + fall[k]));
    return 0;
}
