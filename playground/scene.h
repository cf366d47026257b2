/* playground/scene.h: what a playground scene is, and what the platform gives it.

   A scene is one C file (scene_<id>.c) holding its state, its game logic and its drawing, in
   three parts a reader can find: create / step (logic: deterministic, no SDL, no clock in the
   state) and draw (SDL rendering only). The platform (main.c) owns the window, the main loop,
   the shared keys, the HUD and the frame-time graph; it calls a scene only through pg_scene.

   Determinism: a scene's state after N steps depends only on its pg_config (seed included) and
   the N pg_input values it was given. Timings go into pg_stats, never into the state, and the
   hash (pg_scene.hash) covers the state only, so the same seed and input script give the same
   hash natively and in wasm. */
#ifndef PLAYGROUND_SCENE_H
#define PLAYGROUND_SCENE_H

#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include <earlyout/earlyout.h>

/* The logical canvas every scene draws on (SDL_RenderSetLogicalSize scales it to the window). */
#define PG_VIEW_W 960
#define PG_VIEW_H 600

/* Broadphase methods a scene may offer (pg_scene.methods is a bit set of 1 << method). */
typedef enum pg_method {
    PG_METHOD_BRUTE = 0,     /* every pair, eo_aabb_find_pairs style */
    PG_METHOD_GRIDMASK = 1,  /* eo_gridmask masks, then box tests on the survivors */
    PG_METHOD_SECTORS = 2,   /* eo_sectors persistent uniform grid */
    PG_METHOD_SWEEP = 3,     /* eo_sweep_find_pairs sort-and-sweep */
    PG_METHOD_COUNT
} pg_method;

/// "brute", "gridmask", "sectors", "sweep"; NULL out of range.
const char *pg_method_id(int method);
/// "brute force", "grid masks", ... for the HUD.
const char *pg_method_title(int method);
/// The method with that id, or -1.
int pg_method_from_id(const char *id);

/* What a scene is created from. Every field is in range when create is called (pg_config_clamp). */
typedef struct pg_config {
    uint32_t seed;      /* 1 .. 2^32-1 */
    int method;         /* a pg_method the scene offers */
    int count;          /* objects, within the scene's [min_count, max_count] */
    int cell;           /* broadphase cell size in px (8 .. 1024, a power of two), sectors and grid masks */
} pg_config;

/* One frame of input, in logical coordinates. Buttons are PG_BTN_* bits. */
enum {
    PG_BTN_LEFT = 1u << 0,
    PG_BTN_RIGHT = 1u << 1,
    PG_BTN_UP = 1u << 2,
    PG_BTN_DOWN = 1u << 3,
    PG_BTN_JUMP = 1u << 4,
    PG_BTN_ACTION = 1u << 5
};
typedef struct pg_input {
    uint32_t buttons;       /* held this frame */
    uint32_t pressed;       /* went down this frame */
    int16_t pointer_x, pointer_y;   /* logical px; valid when pointer_in */
    uint8_t pointer_in;     /* the pointer is over the canvas */
    uint8_t pointer_down;   /* primary button / touch held */
    uint8_t pointer_pressed;   /* went down this frame (a click selects) */
    uint8_t pointer_released;
} pg_input;

/* What a frame cost and found, for the HUD, the graph, the page's counters and the benchmarks. */
#define PG_MAX_PHASES 4
#define PG_MAX_COUNTERS 6
typedef struct pg_stats {
    uint32_t objects;
    uint32_t candidates;   /* pairs the broadphase handed to the exact test */
    uint32_t box_tests;    /* exact box tests made */
    uint32_t hits;         /* overlaps found (after layers and exact tests) */
    int phase_count;
    const char *phase_name[PG_MAX_PHASES];   /* e.g. "move", "broadphase", "exact" */
    double phase_ms[PG_MAX_PHASES];
    double collision_ms;   /* the phases that are collision work (the graph's lower line) */
    int counter_count;     /* scene-specific counters, e.g. "pixel tests" */
    const char *counter_name[PG_MAX_COUNTERS];
    uint32_t counter[PG_MAX_COUNTERS];
    char status[96];       /* a line for the HUD: an error the core returned, or "" */
} pg_stats;

/* Debug layers the D key toggles (pg_draw_ctx.debug). */
enum { PG_DEBUG_GRID = 1u << 0, PG_DEBUG_PROBES = 1u << 1, PG_DEBUG_BOXES = 1u << 2 };

typedef struct pg_draw_ctx {
    SDL_Renderer *renderer;
    uint32_t debug;        /* PG_DEBUG_* bits that are on */
    uint32_t frame;        /* frames stepped since create */
} pg_draw_ctx;

/* A scene. State is opaque to the platform: create returns it (NULL on failure, with a message
   in err), destroy frees it. */
typedef struct pg_scene {
    const char *id;          /* "warzone": used in URLs and on the command line */
    const char *title;       /* "War zone" */
    const char *source;      /* "scene_warzone.c": shown beside the canvas on the web page */
    const char *about;       /* one sentence for the help overlay */
    const char *keys;        /* the scene's own keys for the help overlay, "" if none */
    uint32_t methods;        /* 1 << pg_method for each method offered; 0: none (no M key) */
    int default_method;
    int min_count, max_count, default_count, count_step;   /* objects; all 0 if fixed */
    int default_cell;        /* 0 if the scene has no cell size */
    void *(*create)(const pg_config *cfg, char *err, size_t err_size);
    void (*destroy)(void *state);
    void (*step)(void *state, const pg_input *in, pg_stats *stats);
    void (*draw)(void *state, const pg_draw_ctx *ctx);
    uint64_t (*hash)(const void *state);
} pg_scene;

/* The registry (scenes.c). */
extern const pg_scene *const pg_scenes[];
extern const int pg_scene_count;
/// The index of the scene with that id, or -1.
int pg_scene_find(const char *id);

/// Brings cfg into the scene's ranges (unknown method -> default, count clamped and rounded, cell
/// clamped to a power of two in 8 .. 1024, seed 0 -> 1).
void pg_config_clamp(const pg_scene *scene, pg_config *cfg);

/* ---- helpers every scene may use (common.c) ------------------------------------------------ */

/// A small deterministic generator (xorshift32): the same sequence on every target.
typedef struct pg_rng { uint32_t s; } pg_rng;
void pg_rng_seed(pg_rng *r, uint32_t seed);
uint32_t pg_rng_next(pg_rng *r);
/// Uniform in lo .. hi inclusive (hi >= lo).
int32_t pg_rng_range(pg_rng *r, int32_t lo, int32_t hi);

/// FNV-1a, 64-bit, continued from h (start with PG_HASH_INIT).
#define PG_HASH_INIT 1469598103934665603ull
uint64_t pg_hash_bytes(uint64_t h, const void *data, size_t size);

/// Milliseconds from a monotonic clock (SDL's performance counter).
double pg_now_ms(void);

/// Adds a phase to stats (name must be a string literal), and its time to collision_ms if
/// collision is non-zero.
void pg_stats_phase(pg_stats *stats, const char *name, double ms, int collision);
/// Adds a named counter to stats.
void pg_stats_counter(pg_stats *stats, const char *name, uint32_t value);

/* Drawing (draw.c). Colours are 0xRRGGBB. */
void pg_color(SDL_Renderer *r, uint32_t rgb, uint8_t alpha);
void pg_fill_rect(SDL_Renderer *r, int x, int y, int w, int h, uint32_t rgb, uint8_t alpha);
void pg_outline_rect(SDL_Renderer *r, int x, int y, int w, int h, uint32_t rgb, uint8_t alpha);
/// Text in SDL's 8x8 test font (SDLTest_DrawString), scale 1 or 2.
void pg_text(SDL_Renderer *r, int x, int y, const char *text, uint32_t rgb, int scale);
/// printf-style pg_text.
void pg_textf(SDL_Renderer *r, int x, int y, uint32_t rgb, int scale, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/// The pixel width of text at scale 1.
int pg_text_width(const char *text);
/// Forgets the font's cached glyph textures: call before destroying the renderer they were drawn
/// with (a test that makes several renderers calls it before each SDL_DestroyRenderer).
void pg_text_reset(void);

#endif
