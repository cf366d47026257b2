/* playground/common.c: the small helpers every scene shares (scene.h): methods, what a scene
   offers, the deterministic generator, the state hash, the clock, results in words, and stats. */
#include <stdio.h>
#include <string.h>

#include "scene.h"

static const char *const method_ids[PG_METHOD_COUNT] = { "brute", "gridmask", "sectors", "sweep" };
static const char *const method_titles[PG_METHOD_COUNT] = { "brute force", "grid masks", "sectors", "sort and sweep" };

const char *pg_method_id(int method)
{
    return method >= 0 && method < PG_METHOD_COUNT ? method_ids[method] : NULL;
}

const char *pg_method_title(int method)
{
    return method >= 0 && method < PG_METHOD_COUNT ? method_titles[method] : "";
}

int pg_method_from_id(const char *id)
{
    for (int m = 0; id && m < PG_METHOD_COUNT; m++)
        if (strcmp(id, method_ids[m]) == 0) return m;
    return -1;
}

int pg_scene_find(const char *id)
{
    for (int i = 0; id && i < pg_scene_count; i++)
        if (strcmp(id, pg_scenes[i]->id) == 0) return i;
    return -1;
}

int pg_scene_max_count(const pg_scene *scene, int method)
{
    int m = method >= 0 && method < PG_METHOD_COUNT ? scene->method_max_count[method] : 0;
    return m > 0 && m < scene->max_count ? m : scene->max_count;
}

uint32_t pg_config_cells(const pg_scene *scene, const pg_config *cfg)
{
    uint32_t all = 0;
    if (!scene->default_cell) return 0;
    if (scene->cells) return scene->cells(cfg);
    for (int c = PG_CELL_MIN; c <= PG_CELL_MAX; c *= 2) all |= (uint32_t)c;
    return all;
}

void pg_config_clamp(const pg_scene *scene, pg_config *cfg)
{
    uint32_t cells;
    if (cfg->seed == 0) cfg->seed = 1;
    if (cfg->method < 0 || cfg->method >= PG_METHOD_COUNT || !(scene->methods & (1u << cfg->method)))
        cfg->method = scene->default_method;
    if (scene->max_count == 0) {
        cfg->count = scene->default_count;
    } else {
        int most = pg_scene_max_count(scene, cfg->method);
        if (cfg->count < scene->min_count) cfg->count = scene->min_count;
        if (cfg->count > most) cfg->count = most;
    }
    /* The count decides the world, and the world which cells the grids take. */
    if (cfg->cell <= 0) cfg->cell = scene->default_cell;
    cells = pg_config_cells(scene, cfg);
    if (cells == 0) {
        cfg->cell = 0;
    } else {   /* the smallest size allowed that is at least the one asked for, else the largest */
        int best = 0, largest = 0;
        for (int k = 0; k < 31; k++)
            if (cells >> k & 1u) {
                largest = 1 << k;
                if (!best && largest >= cfg->cell) best = largest;
            }
        cfg->cell = best ? best : largest;
    }
}

void pg_rng_seed(pg_rng *r, uint32_t seed)
{
    r->s = seed ? seed : 0x9E3779B9u;
    for (int i = 0; i < 4; i++) (void)pg_rng_next(r);   /* small seeds start far apart */
}

uint32_t pg_rng_next(pg_rng *r)
{
    uint32_t x = r->s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    r->s = x;
    return x;
}

int32_t pg_rng_range(pg_rng *r, int32_t lo, int32_t hi)
{
    uint32_t span = (uint32_t)hi - (uint32_t)lo + 1u;
    if (span == 0) return (int32_t)pg_rng_next(r);   /* the whole 32-bit range */
    return (int32_t)((uint32_t)lo + pg_rng_next(r) % span);
}

uint64_t pg_hash_bytes(uint64_t h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

double pg_now_ms(void)
{
    static double to_ms = 0.0;
    if (to_ms == 0.0) to_ms = 1000.0 / (double)SDL_GetPerformanceFrequency();
    return (double)SDL_GetPerformanceCounter() * to_ms;
}

double pg_clock_resolution_ms(void)
{
    static double resolution = 0.0;
    if (resolution == 0.0) {
        /* The smallest of a few steps the clock takes: a coarsened browser clock moves in 0.1 ms
           (or 5 us) steps, a native one in a fraction of a microsecond. */
        double best = 1.0;
        for (int k = 0; k < 5; k++) {
            double t0 = pg_now_ms(), t1;
            while ((t1 = pg_now_ms()) == t0) {}
            if (t1 - t0 < best) best = t1 - t0;
        }
        resolution = best;
    }
    return resolution;
}

int pg_ms_decimals(int samples)
{
    double step = pg_clock_resolution_ms() / (samples > 1 ? samples : 1);
    int d = 0;
    while (step < 0.95 && d < 3) {   /* 0.1 -> 1 decimal, 0.0033 -> 3 */
        step *= 10.0;
        d++;
    }
    return d;
}

const char *pg_result_words(eo_result r)
{
    switch (r) {
#define PG_RESULT_CASE_(name, value, text) \
    case name: return text;
        EO_RESULT_TABLE(PG_RESULT_CASE_)
#undef PG_RESULT_CASE_
    default: return "an unknown result";
    }
}

void pg_stats_error(pg_stats *stats, const char *what, eo_result r)
{
    if (stats) snprintf(stats->status, sizeof stats->status, "%s: %s (%s)", what, pg_result_words(r), eo_result_name(r));
}

void pg_stats_mark(pg_stats *stats, const char *file, int line, const char *label)
{
    if (!stats || stats->mark_count >= PG_MAX_MARKS) return;
    stats->mark[stats->mark_count].file = file;
    stats->mark[stats->mark_count].line = line;
    stats->mark[stats->mark_count].label = label;
    stats->mark_count++;
}

void pg_stats_phase(pg_stats *stats, const char *name, double ms, int collision)
{
    if (!stats) return;
    for (int i = 0; i < stats->phase_count; i++)
        if (strcmp(stats->phase_name[i], name) == 0) {   /* a phase met twice in a frame adds up */
            stats->phase_ms[i] += ms;
            if (collision) stats->collision_ms += ms;
            return;
        }
    if (stats->phase_count < PG_MAX_PHASES) {
        stats->phase_name[stats->phase_count] = name;
        stats->phase_ms[stats->phase_count] = ms;
        stats->phase_count++;
    }
    if (collision) stats->collision_ms += ms;
}

void pg_stats_counter(pg_stats *stats, const char *name, uint32_t value)
{
    if (!stats || stats->counter_count >= PG_MAX_COUNTERS) return;
    stats->counter_name[stats->counter_count] = name;
    stats->counter[stats->counter_count] = value;
    stats->counter_count++;
}
