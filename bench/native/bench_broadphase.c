/* Broadphase shoot-out, native: earlyout's sectors (persistent grid) against a plain grid rebuilt
   every frame by a counting sort, Box2D 2.4.1's b2BroadPhase, sort-and-sweep and brute force, on
   the moving scenes of bench/common/scene.h (uniform, and the war zone of rows of soldiers and
   bullets) at N = 1,000, 10,000 and 50,000, for FRAMES frames; and the floor: one pass over the
   boxes computing a cell index each (and a memcpy of the boxes), below which no grid can go.

   Each method runs the whole scene on its own (the scene's stepping is not timed) and records
   its pair count every frame; every method must report the same count every frame, and the
   same pair set (sorted, compared pair by pair) at the first and last frame, against a brute
   force run on that frame. Any difference aborts with a message.

   Set-up, once per run and not timed (a level load): the sector grid is chosen by
   eo_sectors_tune on frame 0 among cell sizes 16..64 px (1 to 4 times a 16 px object) and built
   once; sort-and-sweep sorts once, on the axis that meets fewer candidate pairs on frame 0;
   brute force tests the axis eo_aabb_choose_order picks; Box2D creates its proxies. Then each
   frame is timed: brute force (eo_aabb_find_pairs), sectors (eo_sectors_update +
   eo_sectors_find_pairs), the plain grid (counts, prefix sums, scatter, pairs: the ~40 lines below),
   Box2D (MoveProxy for every box, UpdatePairs, the pair cache: box2d_broadphase.cpp), the
   order-array sweep of tests/core/sweep_reference.h (reusing last frame's order), and the core's
   sweep, eo_sweep_find_pairs with its workspace (the same axis, packed intervals kept between frames).

   Brute force at N = 10,000 is 50 million box tests a frame: it is timed on the first
   BRUTE_BIG_FRAMES frames only (BRUTE_HUGE_FRAMES at N = 50,000), as the table's frames column says.
   Usage: bench_broadphase [frames [largest N]]   (run from the repository root: reads
   bench/common/scene_checksums.txt) */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c99 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"
#include "earlyout/earlyout.h"
#include "../common/scene.h"
#include "sweep_reference.h"
#include "box2d_broadphase.h"
#include "plain_grid.h"

#define MAX_FRAMES 100000
#define MAX_PAIRS (1u << 18)
#define BRUTE_BIG_N 10000
#define BRUTE_BIG_FRAMES 10
#define BRUTE_HUGE_N 50000
#define BRUTE_HUGE_FRAMES 2
#define CHECKSUMS "bench/common/scene_checksums.txt"

enum { M_BRUTE, M_SECTORS, M_GRID, M_BOX2D, M_SWEEP, M_SWEEP_WS, M_COUNT };
static const char *const method_names[M_COUNT] = { "brute force", "sectors (persistent)", "plain grid (counting sort)",
                                                    "Box2D b2BroadPhase", "order-array sweep (reference)",
                                                    "sort-and-sweep (workspace)" };

static bench_scene S;
static eo_pair pairs[MAX_PAIRS];
static eo_pair first_set[M_COUNT][MAX_PAIRS], last_set[M_COUNT][MAX_PAIRS];
static uint32_t first_count[M_COUNT], last_count[M_COUNT];
static uint32_t counts[M_COUNT][MAX_FRAMES];
static double frame_ns[MAX_FRAMES];
static uint16_t order[BENCH_SCENE_MAX_N];
static uint32_t storage[(1u << 22) / 4]; /* sector grid storage, 4-byte aligned */
static uint32_t floor_cell[BENCH_SCENE_MAX_N];
static eo_box floor_copy[BENCH_SCENE_MAX_N];

/* What a run chose and measured. */
typedef struct run_result {
    double ns;              /* total over the timed frames */
    double median;          /* the median frame's ns */
    int frames;             /* frames timed */
    double pairs;           /* pairs summed over the timed frames */
} run_result;

static void die(const char *what, eo_result r)
{
    fprintf(stderr, "bench_broadphase: %s: %s\n", what, eo_result_name(r));
    exit(1);
}

static int pair_cmp(const void *p, const void *q)
{
    const eo_pair *a = (const eo_pair *)p, *b = (const eo_pair *)q;
    if (a->a != b->a) return a->a < b->a ? -1 : 1;
    if (a->b != b->b) return a->b < b->b ? -1 : 1;
    return 0;
}

static int double_cmp(const void *p, const void *q)
{
    double a = *(const double *)p, b = *(const double *)q;
    return a < b ? -1 : a > b;
}

/* The median of frame_ns[0 .. frames-1] (reorders it). */
static double median_ns(int frames)
{
    qsort(frame_ns, (size_t)frames, sizeof frame_ns[0], double_cmp);
    return frames % 2 ? frame_ns[frames / 2] : (frame_ns[frames / 2 - 1] + frame_ns[frames / 2]) / 2;
}

/* Keeps a sorted copy of this frame's pairs if f is the first or the last frame (not timed). */
static void keep(int m, int f, int frames, uint32_t count)
{
    if (f == 0) {
        memcpy(first_set[m], pairs, count * sizeof pairs[0]);
        qsort(first_set[m], count, sizeof pairs[0], pair_cmp);
        first_count[m] = count;
    }
    if (f == frames - 1) {
        memcpy(last_set[m], pairs, count * sizeof pairs[0]);
        qsort(last_set[m], count, sizeof pairs[0], pair_cmp);
        last_count[m] = count;
    }
}

/* What each method's frame gets: the method's own state, set up on frame 0 (not timed). */
typedef struct method_ctx {
    uint16_t n;
    eo_aabb_order order;        /* brute force's order, the sweeps' axis */
    eo_sectors_config cfg;      /* the sectors' grid */
    eo_sectors grid;
    eo_sweep sweep;
    box2d_bp *box2d;
    int floor_what;             /* 0: a cell index per box, 1: a memcpy of the boxes */
    eo_broadphase_stats stats;  /* sectors' update work over the run */
} method_ctx;

/* One timed frame of a method on S.boxes: the pair count (pairs[] holds them), or dies. */
typedef uint32_t (*frame_fn)(method_ctx *c);

static uint32_t frame_brute(method_ctx *c)
{
    uint32_t count = 0;
    eo_result r = eo_aabb_find_pairs(S.boxes, c->n, c->order, pairs, MAX_PAIRS, &count, NULL, NULL);
    if (r != EO_OK) die("eo_aabb_find_pairs", r);
    return count;
}

static uint32_t frame_sectors(method_ctx *c)
{
    uint32_t count = 0;
    eo_result r = eo_sectors_update(&c->grid, S.boxes, c->n, &c->stats, NULL);
    if (r == EO_OK)
        r = eo_sectors_find_pairs(&c->grid, S.boxes, NULL, pairs, MAX_PAIRS, &count, NULL, NULL);
    if (r != EO_OK) die("eo_sectors_update / find_pairs", r);
    return count;
}

static uint32_t frame_sweep_reference(method_ctx *c)
{
    uint32_t count = 0;
    eo_result r = sweep_ref_find_pairs(S.boxes, c->n, c->order, NULL, order, 1, pairs, MAX_PAIRS, &count, NULL);
    if (r != EO_OK) die("sweep_ref_find_pairs", r);
    return count;
}

static uint32_t frame_sweep(method_ctx *c)
{
    uint32_t count = 0;
    eo_result r = eo_sweep_find_pairs(&c->sweep, S.boxes, c->n, NULL, pairs, MAX_PAIRS, &count, NULL, NULL);
    if (r != EO_OK) die("eo_sweep_find_pairs", r);
    return count;
}

static uint32_t frame_grid(method_ctx *c)
{
    uint32_t count = plain_grid_pairs(S.boxes, c->n, S.world, pairs, MAX_PAIRS);
    if (count > MAX_PAIRS) die("plain grid", EO_ERR_BUFFER_TOO_SMALL);
    return count;
}

static uint32_t frame_box2d(method_ctx *c)
{
    uint32_t count = box2d_bp_frame(c->box2d, S.boxes, c->n, pairs, MAX_PAIRS);
    if (count > MAX_PAIRS) die("Box2D", EO_ERR_BUFFER_TOO_SMALL);
    return count;
}

static uint32_t frame_floor(method_ctx *c)
{
    if (c->floor_what == 0)
        plain_grid_floor(S.boxes, c->n, S.world, floor_cell);
    else
        memcpy(floor_copy, S.boxes, c->n * sizeof S.boxes[0]);
    return 0;
}

/* Times `frames` frames of method m (M_COUNT: a floor, whose pairs are not kept) on the scene S
   as set up, stepping it after each. */
static run_result time_frames(int m, int frames, frame_fn fn, method_ctx *c)
{
    run_result res = { 0, 0, frames, 0 };
    int f;
    for (f = 0; f < frames; f++) {
        double t0 = now_ns();
        uint32_t count = fn(c);
        frame_ns[f] = now_ns() - t0;
        res.ns += frame_ns[f];
        res.pairs += count;
        if (m < M_COUNT) {
            counts[m][f] = count;
            keep(m, f, frames, count);
        }
        bench_scene_step(&S);
    }
    res.median = median_ns(frames);
    return res;
}

/* Sets method m up on frame 0 of the scene (not timed: a level load), then times it. */
static run_result run_method(int m, int kind, uint16_t n, int frames, method_ctx *c)
{
    static const frame_fn fns[M_COUNT] = { frame_brute, frame_sectors, frame_grid, frame_box2d, frame_sweep_reference,
                                           frame_sweep };
    uint32_t count = 0;
    run_result res;
    eo_result r = EO_OK;
    bench_scene_init(&S, kind, n);
    c->n = n;
    if (m == M_SECTORS) {
        memset(&c->stats, 0, sizeof c->stats);
        if ((r = eo_sectors_init(&c->grid, &c->cfg, storage, sizeof storage)) == EO_OK)
            r = eo_sectors_build(&c->grid, S.boxes, n, NULL, NULL);
    } else if (m == M_SWEEP) {
        r = sweep_ref_find_pairs(S.boxes, n, c->order, NULL, order, 0, pairs, MAX_PAIRS, &count, NULL);
    } else if (m == M_SWEEP_WS) {
        if ((r = eo_sweep_init(&c->sweep, n, c->order, storage, sizeof storage)) == EO_OK)
            r = eo_sweep_find_pairs(&c->sweep, S.boxes, n, NULL, pairs, MAX_PAIRS, &count, NULL, NULL);
    } else if (m == M_BOX2D) {
        c->box2d = box2d_bp_create(S.boxes, n);
    }
    if (r != EO_OK) die(method_names[m], r);
    res = time_frames(m, frames, fns[m], c);
    if (m == M_BOX2D)
        box2d_bp_destroy(c->box2d);
    return res;
}

/* The floor, a cell index per box (what 0) or a memcpy of the boxes (what 1): every grid does at
   least the first every frame. Timed the same way. */
static run_result run_floor(int kind, uint16_t n, int frames, int what)
{
    method_ctx c;
    bench_scene_init(&S, kind, n);
    c.n = n;
    c.floor_what = what;
    return time_frames(M_COUNT, frames, frame_floor, &c);
}

/* The grids tune chooses from: every cell size 16, 24, 32, 48, 64 px on each axis over the whole
   world (those whose storage fits). */
#define TUNE_CONFIGS 25
typedef struct tune_choice {
    eo_sectors_config configs[TUNE_CONFIGS];
    eo_sectors_tune_row rows[TUNE_CONFIGS];
    uint8_t count, best;
} tune_choice;

static void tune_sectors(uint16_t n, tune_choice *t)
{
    static const int16_t sizes[] = { 16, 24, 32, 48, 64 };
    unsigned i, j;
    eo_result r;
    t->count = 0;
    t->best = 0;
    for (i = 0; i < 5; i++)
        for (j = 0; j < 5; j++) {
            eo_sectors_config c;
            memset(&c, 0, sizeof c);
            c.world_w = (eo_coord)S.world;
            c.world_h = (eo_coord)S.world;
            c.cols = (eo_sectors_cell)((S.world + sizes[i] - 1) / sizes[i]);
            c.rows = (eo_sectors_cell)((S.world + sizes[j] - 1) / sizes[j]);
            c.max_objects = n; /* max_entries: the default, 4 per object */
            if (eo_sectors_storage_size(&c) > sizeof storage) continue;
            t->configs[t->count++] = c;
        }
    if ((r = eo_sectors_tune(S.boxes, n, NULL, t->configs, t->count, storage, sizeof storage, t->rows, &t->best)) != EO_OK)
        die("eo_sectors_tune", r);
}

/* How good tune's pick is: every grid it accepted, timed on the same first frames, against the
   pick (tune counts work on frame 0; this is the stopwatch it stands in for). */
#define TUNE_CHECK_FRAMES 60
static void note_tune_quality(int kind, uint16_t n, int frames, const tune_choice *t, char *note)
{
    static method_ctx ctx;
    double best_ns = 0, pick_ns = 0;
    unsigned c, fastest = 0;
    for (c = 0; c < t->count; c++) {
        double ns;
        if (t->rows[c].result != EO_OK) continue;
        ctx.cfg = t->configs[c];
        ns = run_method(M_SECTORS, kind, n, frames, &ctx).median;
        if (c == t->best) pick_ns = ns;
        if (best_ns == 0 || ns < best_ns) {
            best_ns = ns;
            fastest = c;
        }
    }
    snprintf(note, 360, "- %s N=%u: tune's pick %ux%u sectors, %.3f ms a frame; the fastest of the %u grids it tried, "
             "%ux%u, %.3f ms: the pick takes %.2fx the fastest (median of the first %d frames)",
             bench_scene_names[kind], n, t->configs[t->best].cols, t->configs[t->best].rows, pick_ns / 1e6, t->count,
             t->configs[fastest].cols, t->configs[fastest].rows, best_ns / 1e6, pick_ns / best_ns, frames);
}

/* The sweep axis that meets fewer candidate pairs on this frame (X on a tie). */
static eo_aabb_order choose_sweep_axis(uint16_t n, uint32_t *cand_x, uint32_t *cand_y)
{
    eo_broadphase_stats sx, sy;
    uint32_t count;
    memset(&sx, 0, sizeof sx);
    memset(&sy, 0, sizeof sy);
    if (sweep_ref_find_pairs(S.boxes, n, EO_AABB_X_FIRST, NULL, order, 0, pairs, MAX_PAIRS, &count, &sx) != EO_OK ||
        sweep_ref_find_pairs(S.boxes, n, EO_AABB_Y_FIRST, NULL, order, 0, pairs, MAX_PAIRS, &count, &sy) != EO_OK)
        die("sweep_ref_find_pairs (axis choice)", EO_ERR_BUFFER_TOO_SMALL);
    *cand_x = sx.candidate_pairs;
    *cand_y = sy.candidate_pairs;
    return sy.candidate_pairs < sx.candidate_pairs ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST;
}

/* The reference pair set of frame f, by brute force (not timed), against each method's copy. */
static void check_sets(int kind, uint16_t n, int f, eo_pair sets[M_COUNT][MAX_PAIRS], const uint32_t *set_counts,
                       int brute_frames)
{
    uint32_t count = 0;
    int m, k;
    eo_result r;
    bench_scene_init(&S, kind, n);
    for (k = 0; k < f; k++)
        bench_scene_step(&S);
    if ((r = eo_aabb_find_pairs(S.boxes, n, EO_AABB_X_FIRST, pairs, MAX_PAIRS, &count, NULL, NULL)) != EO_OK)
        die("eo_aabb_find_pairs (reference)", r);
    for (m = 0; m < M_COUNT; m++) {
        if (m == M_BRUTE && f >= brute_frames) continue;
        if (set_counts[m] != count || memcmp(sets[m], pairs, count * sizeof pairs[0]) != 0) {
            fprintf(stderr, "MISMATCH: %s N=%u frame %d: %s found a different pair set (%u pairs, brute force %u)\n",
                    bench_scene_names[kind], n, f, method_names[m], set_counts[m], count);
            exit(1);
        }
    }
}

/* The checksum of frame f against bench/common/scene_checksums.txt; prints it either way. */
static void check_checksum(FILE *ref, int kind, uint16_t n, int f, uint32_t sum)
{
    char line[128], name[32];
    unsigned rn, rf, rsum;
    const char *key = kind == BENCH_UNIFORM ? "uniform" : "warzone";
    int found = 0;
    if (ref != NULL) {
        rewind(ref);
        while (fgets(line, sizeof line, ref) != NULL)
            if (sscanf(line, "%31s %u %u %x", name, &rn, &rf, &rsum) == 4 && strcmp(name, key) == 0 &&
                rn == n && rf == (unsigned)f) {
                found = 1;
                if (rsum != sum) {
                    fprintf(stderr, "SCENE DRIFT: %s %u frame %d checksum 0x%08x, %s says 0x%08x\n",
                            key, n, f, (unsigned)sum, CHECKSUMS, rsum);
                    exit(1);
                }
            }
    }
    printf("%s %u %d 0x%08x%s\n", key, n, f, (unsigned)sum, found ? "" : "   (no reference in " CHECKSUMS ")");
}

int main(int argc, char **argv)
{
    static const uint16_t sizes[] = { 1000, 10000, 50000 };
    static char notes[6][360], tune_notes[6][360];
    static char rows_out[6 * (M_COUNT + 2)][220];
    int frames = argc > 1 ? atoi(argv[1]) : 600;
    long max_n = argc > 2 ? atol(argv[2]) : 50000;
    int kind, row = 0, note = 0;
    unsigned s;
    FILE *ref;
    if (frames < 1 || frames > MAX_FRAMES) {
        fprintf(stderr, "usage: bench_broadphase [frames 1..%d [largest N]]\n", MAX_FRAMES);
        return 2;
    }
    ref = fopen(CHECKSUMS, "r");

    printf("broadphase: sectors vs a plain grid, Box2D, sort-and-sweep, brute force and the floor, native (-O2), %d frames\n\n",
           frames);
    printf("scene checksums (FNV-1a of x, y, w, h; the Node bench prints the same):\n");
    for (kind = 0; kind < 2; kind++)
        for (s = 0; s < 3; s++) {
            int f;
            bench_scene_init(&S, kind, sizes[s]);
            check_checksum(ref, kind, sizes[s], 0, bench_scene_checksum(&S));
            for (f = 1; f < 600; f++)
                bench_scene_step(&S);
            check_checksum(ref, kind, sizes[s], 599, bench_scene_checksum(&S));
        }
    if (ref != NULL) fclose(ref);

    for (kind = 0; kind < 2; kind++)
        for (s = 0; s < 3; s++) {
            uint16_t n = sizes[s];
            int brute_frames = n >= BRUTE_HUGE_N && frames > BRUTE_HUGE_FRAMES ? BRUTE_HUGE_FRAMES
                               : n >= BRUTE_BIG_N && frames > BRUTE_BIG_FRAMES ? BRUTE_BIG_FRAMES : frames;
            static tune_choice tc;
            eo_sectors_tune_row chosen;
            eo_sectors_config cfg;
            eo_aabb_order_report rep;
            eo_aabb_order sweep_axis;
            eo_broadphase_stats sstats;
            uint32_t cand_x, cand_y;
            run_result res[M_COUNT], floor_cells, floor_copy_run;
            double grid_median;
            int m, f;
            eo_result r;

            if (n > max_n) continue;
            bench_scene_init(&S, kind, n);
            tune_sectors(n, &tc);
            cfg = tc.configs[tc.best];
            chosen = tc.rows[tc.best];
            if ((r = eo_aabb_choose_order(S.boxes, n, 255, &rep, NULL)) != EO_OK) die("eo_aabb_choose_order", r);
            sweep_axis = choose_sweep_axis(n, &cand_x, &cand_y);

            floor_cells = run_floor(kind, n, frames, 0);
            floor_copy_run = run_floor(kind, n, frames, 1);
            memset(&sstats, 0, sizeof sstats);
            for (m = 0; m < M_COUNT; m++) {
                static method_ctx ctx; /* an eo_sectors and an eo_sweep: kept off the stack */
                ctx.cfg = cfg;
                ctx.order = m == M_BRUTE ? rep.order : sweep_axis;
                res[m] = run_method(m, kind, n, m == M_BRUTE ? brute_frames : frames, &ctx);
                if (m == M_SECTORS)
                    sstats = ctx.stats;
            }

            for (f = 0; f < frames; f++)
                for (m = 0; m < M_COUNT; m++) {
                    if (m == M_BRUTE && f >= brute_frames) continue;
                    if (counts[m][f] != counts[M_SWEEP][f]) {
                        fprintf(stderr, "MISMATCH: %s N=%u frame %d: %s reports %u pairs, %s %u\n",
                                bench_scene_names[kind], n, f, method_names[m], counts[m][f],
                                method_names[M_SWEEP], counts[M_SWEEP][f]);
                        return 1;
                    }
                }
            check_sets(kind, n, 0, first_set, first_count, brute_frames);
            check_sets(kind, n, frames - 1, last_set, last_count, brute_frames);
            note_tune_quality(kind, n, frames < TUNE_CHECK_FRAMES ? frames : TUNE_CHECK_FRAMES, &tc, tune_notes[note]);

            grid_median = res[M_GRID].median;
            for (m = -2; m < M_COUNT; m++) {
                const run_result *rr = m == -2 ? &floor_cells : m == -1 ? &floor_copy_run : &res[m];
                const char *name = m == -2 ? "floor: a cell index per box" : m == -1 ? "floor: memcpy of the boxes"
                                                                                     : method_names[m];
                double mean = rr->ns / rr->frames;
                char pairs_col[24];
                if (m < 0) snprintf(pairs_col, sizeof pairs_col, "-");
                else snprintf(pairs_col, sizeof pairs_col, "%.1f", rr->pairs / rr->frames);
                snprintf(rows_out[row++], sizeof rows_out[0],
                         "| %-8s | %6u | %-29s | %6d | %8.3f | %9.1f | %6.1f | %13.2fx | %9.1fx | %11s |",
                         bench_scene_names[kind], n, name, rr->frames, mean / 1e6, mean / n, rr->median / n,
                         grid_median / rr->median, rr->median / floor_cells.median, pairs_col);
            }
            snprintf(notes[note++], sizeof notes[0],
                     "- %s N=%u: sectors %ux%u of %ux%u px (tune cost %lu; %lu objects moved sector, %lu rebuilds "
                     "in %d frames); sweep on %s (frame-0 candidates x %lu, y %lu); brute force %s first",
                     bench_scene_names[kind], n, cfg.cols, cfg.rows, (S.world + cfg.cols - 1) / cfg.cols,
                     (S.world + cfg.rows - 1) / cfg.rows, (unsigned long)chosen.cost,
                     (unsigned long)sstats.objects_moved, (unsigned long)sstats.rebuilds, frames,
                     sweep_axis == EO_AABB_X_FIRST ? "x" : "y", (unsigned long)cand_x, (unsigned long)cand_y,
                     rep.order == EO_AABB_X_FIRST ? "X" : "Y");
        }

    printf("\nper frame, lower is better: ms (mean over the frames timed), ns per object (mean, and the\n"
           "median frame's); the ratios compare median frames (a busy machine slows some frames of each\n"
           "run, and the median is the frame it slowed least): \"vs plain grid\" is the plain grid's time\n"
           "divided by this method's (above 1: faster than the plain grid), \"x floor\" this method's time\n"
           "over one pass computing a cell index per box. Every method reported the same pair count on\n"
           "every frame, and the same pair set on the first and last frame as a brute-force reference.\n\n");
    printf("| scene    |      N | method                        | frames | ms/frame | ns/object | median | vs plain grid | x floor | pairs/frame |\n");
    printf("|----------|-------:|-------------------------------|-------:|---------:|----------:|-------:|--------------:|--------:|------------:|\n");
    for (s = 0; s < (unsigned)row; s++)
        puts(rows_out[s]);
    printf("\nchoices made on frame 0 (not timed, like the initial build and sort):\n");
    for (s = 0; s < (unsigned)note; s++)
        puts(notes[s]);
    printf("- the plain grid: 32 px cells over the whole world, rebuilt every frame; Box2D: 16 px per metre\n");
    if (frames > BRUTE_BIG_FRAMES)
        printf("- brute force is timed on the first %d frames at N=%d and %d at N=%d (n^2/2 box tests a frame)\n",
               BRUTE_BIG_FRAMES, BRUTE_BIG_N, BRUTE_HUGE_FRAMES, BRUTE_HUGE_N);
    printf("\ntune's pick against a stopwatch (eo_sectors_tune counts work on frame 0; every grid it accepted, timed):\n");
    for (s = 0; s < (unsigned)note; s++)
        puts(tune_notes[s]);
    return 0;
}
