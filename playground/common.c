/* playground/common.c: the small helpers every scene shares (scene.h): methods, config ranges,
   the deterministic generator, the state hash, the clock, and stats. */
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

void pg_config_clamp(const pg_scene *scene, pg_config *cfg)
{
    if (cfg->seed == 0) cfg->seed = 1;
    if (cfg->method < 0 || cfg->method >= PG_METHOD_COUNT || !(scene->methods & (1u << cfg->method)))
        cfg->method = scene->default_method;
    if (scene->max_count == 0) {
        cfg->count = scene->default_count;
    } else {
        if (cfg->count < scene->min_count) cfg->count = scene->min_count;
        if (cfg->count > scene->max_count) cfg->count = scene->max_count;
    }
    if (scene->default_cell == 0) {
        cfg->cell = 0;
    } else {
        int c = 8;
        if (cfg->cell <= 0) cfg->cell = scene->default_cell;
        while (c < cfg->cell && c < 1024) c *= 2;   /* the next power of two, 8 .. 1024 */
        cfg->cell = c;
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
