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

/* The scene's view: every scene draws on a logical 960 x 600 area at the top of the canvas; the
   platform's status bar (hud.h) takes PG_BAR_H more below it, so nothing it draws covers the
   scene. SDL_RenderSetLogicalSize scales the whole canvas to the window. */
#define PG_VIEW_W 960
#define PG_VIEW_H 600
#define PG_BAR_H 64
#define PG_CANVAS_H (PG_VIEW_H + PG_BAR_H)

/* Grid cell sizes in px: powers of two from PG_CELL_MIN to PG_CELL_MAX. */
#define PG_CELL_MIN 8
#define PG_CELL_MAX 1024

/* Broadphase methods a scene may offer (pg_scene.methods is a bit set of 1 << method); their ids
   and titles are pg_method_id / pg_method_title. */
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

/* The game buttons, one table: the PG_BTN_* bits scenes read, the letters of input scripts
   (script.h), the keys that hold them (main.c) and the page's touch pads (tables.c writes it all
   out for the page), in the order the page lays its pads out.
   X(ID, bit, script letter, id, label, pad glyph, keys shown, key, alias key) */
#define PG_BUTTON_LIST(X)                                                                                  \
    X(LEFT, 0, 'L', "left", "Left", "\u25C0", "Left / A", SDLK_LEFT, SDLK_a)                               \
    X(UP, 2, 'U', "up", "Up", "\u25B2", "Up / W", SDLK_UP, SDLK_w)                                         \
    X(DOWN, 3, 'D', "down", "Down", "\u25BC", "Down / S", SDLK_DOWN, SDLK_s)                               \
    X(RIGHT, 1, 'R', "right", "Right", "\u25B6", "Right", SDLK_RIGHT, 0)                                   \
    X(JUMP, 4, 'J', "jump", "Jump", "Jump", "Space / Z", SDLK_SPACE, SDLK_z)                               \
    X(ACTION, 5, 'A', "action", "Action", "Action", "X", SDLK_x, 0)

#define PG_BTN_ENUM_(id, bit, letter, name, label, glyph, keys, key, alias) PG_BTN_##id = 1u << (bit),
enum { PG_BUTTON_LIST(PG_BTN_ENUM_) };
#undef PG_BTN_ENUM_
#define PG_BTN_INDEX_(id, bit, letter, name, label, glyph, keys, key, alias) PG_BUTTON_##id,
enum { PG_BUTTON_LIST(PG_BTN_INDEX_) PG_BUTTON_COUNT };
#undef PG_BTN_INDEX_

/* One frame of input, in logical coordinates. Buttons are PG_BTN_* bits. */
typedef struct pg_input {
    uint32_t buttons;       /* held this frame */
    uint32_t pressed;       /* went down this frame */
    int16_t pointer_x, pointer_y;   /* logical px; valid when pointer_in */
    uint8_t pointer_in;     /* the pointer is over the canvas */
    uint8_t pointer_down;   /* primary button / touch held */
    uint8_t pointer_pressed;   /* went down this frame (a click selects) */
    uint8_t pointer_released;
} pg_input;

/* A line of C that ran this frame, for the page's source view (PG_MARK). */
typedef struct pg_mark {
    const char *file;      /* __FILE__ of the mark */
    int line;              /* its line */
    const char *label;     /* what runs there, e.g. "sectors" (a string literal) */
} pg_mark;

/* What a frame cost and found, for the HUD, the graph, the page's counters and the benchmarks. */
#define PG_MAX_PHASES 4
#define PG_MAX_COUNTERS 6
#define PG_MAX_MARKS 6
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
    int mark_count;        /* lines of C that ran (PG_MARK), in the order they ran */
    pg_mark mark[PG_MAX_MARKS];
    char status[160];      /* an error the core returned, in words (pg_result_words), or "" */
} pg_stats;

/* Debug layers the D key toggles (pg_draw_ctx.debug). */
enum { PG_DEBUG_GRID = 1u << 0, PG_DEBUG_PROBES = 1u << 1, PG_DEBUG_BOXES = 1u << 2 };

typedef struct pg_draw_ctx {
    SDL_Renderer *renderer;
    uint32_t debug;        /* PG_DEBUG_* bits that are on */
    uint32_t frame;        /* frames stepped since create */
} pg_draw_ctx;

/* The frame budget: the page must never block for longer than this. A scene offers a method only
   up to the count where its frames stay well inside it (pg_scene.method_max_count, and the cell
   sizes of pg_scene.cells): measured in Chromium on a busy 2-core machine, the slowest frame of
   every setting offered stays under half of it (make bench-playground prints them, and the ui
   suite times each method at its largest count). */
#define PG_FRAME_BUDGET_MS 100

/* A scene. State is opaque to the platform: create returns it (NULL on failure, with a message
   in err), destroy frees it. A new scene is a scene_<id>.c with one of these and a line in
   scenes.c; every field past `methods` may stay 0 (NULL). */
typedef struct pg_scene {
    const char *id;          /* "warzone": used in URLs and on the command line */
    const char *title;       /* "War zone" */
    const char *source;      /* "scene_warzone.c": shown beside the canvas on the web page */
    const char *about;       /* one sentence for the help overlay */
    const char *keys;        /* the scene's own keys for the help overlay, "" if none */
    uint32_t methods;        /* 1 << pg_method for each method offered; 0: none (no M key) */
    int default_method;
    int min_count, max_count, default_count, count_step;   /* objects; all 0 if fixed */
    int method_max_count[PG_METHOD_COUNT];   /* the most objects a method is offered with, where it
                                                is less than max_count (0: max_count) */
    int default_cell;        /* 0 if the scene has no cell size */
    /* The cell sizes a configuration runs with, as a bit set (bit k: 2^k px), for scenes whose
       grids depend on the count and method; NULL: every size PG_CELL_MIN .. PG_CELL_MAX when
       default_cell is set. 0 means the configuration has no cell size (e.g. sort and sweep). */
    uint32_t (*cells)(const pg_config *cfg);
    uint32_t buttons;        /* the PG_BTN_* bits the scene reads: the page shows those touch pads */
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

/// Brings cfg into what the scene offers: unknown method -> default; count clamped to
/// min_count .. the method's maximum (pg_scene_max_count); cell rounded up to the next size
/// pg_config_cells allows (the largest if none is as large; 0 when it allows none); seed 0 -> 1.
void pg_config_clamp(const pg_scene *scene, pg_config *cfg);
/// The most objects the scene is offered with by `method` (0 when its set of objects is fixed).
int pg_scene_max_count(const pg_scene *scene, int method);
/// The cell sizes cfg may use, as a bit set (bit k: 2^k px); 0 if it has no cell size.
uint32_t pg_config_cells(const pg_scene *scene, const pg_config *cfg);

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
/// The smallest step pg_now_ms moves by, in ms, measured once (browsers coarsen their clock to
/// 0.1 ms or so): timings are printed to this precision (pg_ms_decimals).
double pg_clock_resolution_ms(void);
/// Decimals that show a time measured `samples` times (a mean of that many readings) to the
/// clock's precision: 0.1 ms steps print one decimal, a mean of 30 of them two.
int pg_ms_decimals(int samples);

/// An eo_result in words, for status lines: "an output buffer is too small; ..." (the core's
/// EO_RESULT_TABLE text).
const char *pg_result_words(eo_result r);
/// Writes "<what>: <the result in words> (<EO_ERR_NAME>)" into stats->status.
void pg_stats_error(pg_stats *stats, const char *what, eo_result r);

/// Adds a phase to stats (name must be a string literal), and its time to collision_ms if
/// collision is non-zero.
void pg_stats_phase(pg_stats *stats, const char *name, double ms, int collision);
/// Adds a named counter to stats.
void pg_stats_counter(pg_stats *stats, const char *name, uint32_t value);
/// Notes that the line it stands on ran this frame (the page marks it in the scene's C). label
/// must be a string literal. Costs a store; stats may be NULL.
#define PG_MARK(stats, label) pg_stats_mark((stats), __FILE__, __LINE__, (label))
void pg_stats_mark(pg_stats *stats, const char *file, int line, const char *label);

/* Drawing (draw.c). Colours are 0xRRGGBB. */
void pg_color(SDL_Renderer *r, uint32_t rgb, uint8_t alpha);
void pg_fill_rect(SDL_Renderer *r, int x, int y, int w, int h, uint32_t rgb, uint8_t alpha);
void pg_outline_rect(SDL_Renderer *r, int x, int y, int w, int h, uint32_t rgb, uint8_t alpha);
/// Text in SDL's 8x8 test font (SDLTest_DrawString), `scale` px per font pixel (1, 2, ...).
void pg_text(SDL_Renderer *r, int x, int y, const char *text, uint32_t rgb, int scale);
/// Text wrapped at spaces to lines of at most `width` px (scale 1 or 2), `leading` px apart;
/// a word longer than a line is cut. Returns the height it took.
int pg_text_wrap(SDL_Renderer *r, int x, int y, int width, int leading, const char *text, uint32_t rgb, int scale);
/// printf-style pg_text.
void pg_textf(SDL_Renderer *r, int x, int y, uint32_t rgb, int scale, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/// The pixel width of text at scale 1.
int pg_text_width(const char *text);
/// The font's cell: 8 px at scale 1.
int pg_font_size(void);
/// The box text must stay inside from now on (NULL: none). pg_text counts the texts that do not
/// fit theirs, and pg_text_outside returns that count and starts it again: the tests check that
/// every scene's and the HUD's text stays in its box.
void pg_text_box(const SDL_Rect *box);
int pg_text_outside(void);

/* Drawing in output pixels over a logical rectangle, so text gets a whole number of pixels per
   font pixel at any canvas size: pg_px_begin switches the renderer to output pixels and says
   where the rectangle is in them; pg_px_end switches back. Between the two, nothing but drawing. */
typedef struct pg_px_area {
    int x, y, w, h;              /* the rectangle, in output pixels */
    float scale;                 /* output pixels per logical pixel */
    int logical_w, logical_h;    /* the logical size to restore (0: none was set) */
} pg_px_area;
int pg_px_begin(SDL_Renderer *r, int lx, int ly, int lw, int lh, pg_px_area *area);
void pg_px_end(SDL_Renderer *r, const pg_px_area *area);

/// Forgets the font's cached glyph textures: call before destroying the renderer they were drawn
/// with (a test that makes several renderers calls it before each SDL_DestroyRenderer).
void pg_text_reset(void);

#endif
