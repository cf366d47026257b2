/* playground/main.c: the platform layer. One program, two targets: a window with a plain loop
   natively, the canvas with emscripten_set_main_loop on the web (no Asyncify). It owns SDL, the
   shared keys, the HUD, the frame-time graph and the command line; scenes only see scene.h.

     earlyout-playground [--scene ID] [--method ID] [--n N] [--cell PX] [--seed S]
                         [--frames N] [--script TEXT] [--screenshot FILE.bmp] [--list] [--tables]
   With --frames the run is headless: it steps N frames with the script's input (no window:
   SDL_VIDEODRIVER=dummy works), prints the state hash and the timings, and can save a screenshot.
   --tables prints the tables the page is built from (keys, buttons, methods, cells, scenes) as JSON. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include "hud.h"
#include "json.h"
#include "keys.h"
#include "scene.h"
#include "script.h"

typedef struct pg_app {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_GameController *pad;
    int scene_index;
    pg_config cfg;
    void *state;
    pg_stats stats;
    pg_graph graph;
    uint32_t frame;
    int paused, step_once, show_help, show_graph;
    uint32_t debug;
    uint32_t held, virtual_held;   /* keyboard + gamepad; the page's touch buttons */
    pg_input pointer;              /* pointer fields only */
    uint8_t pointer_was_down;
    int running;
    char error[160];
} pg_app;

static pg_app app;

/* ---- scenes ---------------------------------------------------------------------------------- */

static const pg_scene *current(void)
{
    return pg_scenes[app.scene_index];
}

/* (Re)creates the current scene from app.cfg; on failure keeps no state and says why. */
static int start_scene(void)
{
    const pg_scene *scene = current();
    if (app.state) scene->destroy(app.state);
    pg_config_clamp(scene, &app.cfg);
    app.error[0] = '\0';
    app.state = scene->create(&app.cfg, app.error, sizeof app.error);
    app.frame = 0;
    memset(&app.stats, 0, sizeof app.stats);
    memset(&app.graph, 0, sizeof app.graph);
    if (!app.state) fprintf(stderr, "playground: %s: %s\n", scene->id, app.error);
    return app.state != NULL;
}

static void switch_scene(int index)
{
    const pg_scene *old = current();
    if (app.state) old->destroy(app.state);
    app.state = NULL;
    app.scene_index = (index + pg_scene_count) % pg_scene_count;
    app.cfg.method = current()->default_method;
    app.cfg.count = current()->default_count;
    app.cfg.cell = current()->default_cell;
    start_scene();
}

static void next_method(int dir)
{
    const pg_scene *scene = current();
    for (int i = 1; i <= PG_METHOD_COUNT; i++) {
        int m = (app.cfg.method + dir * i + PG_METHOD_COUNT * 2) % PG_METHOD_COUNT;
        if (scene->methods & (1u << m)) {
            app.cfg.method = m;
            start_scene();
            return;
        }
    }
}

static void change_count(int dir)
{
    const pg_scene *scene = current();
    int step = scene->count_step ? scene->count_step : 1;
    if (!scene->max_count) return;
    /* Bigger steps higher up, so 200 .. 50,000 takes a few presses, not hundreds. */
    while (step * 20 <= app.cfg.count && step < 10000) step *= 10;
    app.cfg.count += dir * step;
    start_scene();
}

static void change_cell(int dir)
{
    if (!app.cfg.cell) return;   /* this scene or method has no cell size */
    app.cfg.cell = dir > 0 ? app.cfg.cell * 2 : app.cfg.cell / 2;
    start_scene();
}

/* ---- input ----------------------------------------------------------------------------------- */

static uint32_t pad_buttons(void)
{
    uint32_t b = 0;
    if (!app.pad) return 0;
    if (SDL_GameControllerGetButton(app.pad, SDL_CONTROLLER_BUTTON_DPAD_LEFT) ||
        SDL_GameControllerGetAxis(app.pad, SDL_CONTROLLER_AXIS_LEFTX) < -12000) b |= PG_BTN_LEFT;
    if (SDL_GameControllerGetButton(app.pad, SDL_CONTROLLER_BUTTON_DPAD_RIGHT) ||
        SDL_GameControllerGetAxis(app.pad, SDL_CONTROLLER_AXIS_LEFTX) > 12000) b |= PG_BTN_RIGHT;
    if (SDL_GameControllerGetButton(app.pad, SDL_CONTROLLER_BUTTON_DPAD_UP) ||
        SDL_GameControllerGetAxis(app.pad, SDL_CONTROLLER_AXIS_LEFTY) < -12000) b |= PG_BTN_UP;
    if (SDL_GameControllerGetButton(app.pad, SDL_CONTROLLER_BUTTON_DPAD_DOWN) ||
        SDL_GameControllerGetAxis(app.pad, SDL_CONTROLLER_AXIS_LEFTY) > 12000) b |= PG_BTN_DOWN;
    if (SDL_GameControllerGetButton(app.pad, SDL_CONTROLLER_BUTTON_A)) b |= PG_BTN_JUMP;
    if (SDL_GameControllerGetButton(app.pad, SDL_CONTROLLER_BUTTON_X)) b |= PG_BTN_ACTION;
    return b;
}

/* What a shared key does (keys.h), from the keyboard or the page's buttons (pg_web_command). */
static void run_command(int key, int shift)
{
    switch ((pg_key)key) {
    case PG_KEY_PAUSE: app.paused = !app.paused; break;
    case PG_KEY_STEP: app.paused = 1; app.step_once = 1; break;
    case PG_KEY_RESTART: start_scene(); break;
    case PG_KEY_NEW_SEED: app.cfg.seed = app.cfg.seed * 1664525u + 1013904223u; start_scene(); break;
    case PG_KEY_NEXT_SCENE: switch_scene(app.scene_index + 1); break;
    case PG_KEY_PREVIOUS_SCENE: switch_scene(app.scene_index - 1); break;
    case PG_KEY_NEXT_METHOD: next_method(shift ? -1 : 1); break;
    case PG_KEY_MORE: change_count(1); break;
    case PG_KEY_FEWER: change_count(-1); break;
    case PG_KEY_LARGER_CELLS: change_cell(1); break;
    case PG_KEY_SMALLER_CELLS: change_cell(-1); break;
    case PG_KEY_DEBUG: app.debug = app.debug ? 0 : (PG_DEBUG_GRID | PG_DEBUG_PROBES | PG_DEBUG_BOXES); break;
    case PG_KEY_GRAPH: app.show_graph = !app.show_graph; break;
    case PG_KEY_HELP: app.show_help = !app.show_help; break;
    case PG_KEY_COUNT: break;
    }
}

static void on_key(SDL_Keycode k, uint16_t mod)
{
    int key = pg_key_from_keycode(k);
    if (key >= 0) {
        run_command(key, (mod & KMOD_SHIFT) != 0);
    } else if (k == SDLK_ESCAPE) {   /* closes the help; natively, with no help open, quits */
        if (app.show_help) app.show_help = 0;
#ifndef __EMSCRIPTEN__
        else app.running = 0;
#endif
    }
}

static void poll_events(void)
{
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        switch (e.type) {
        case SDL_QUIT: app.running = 0; break;
        case SDL_KEYDOWN:
            app.held |= pg_button_from_keycode(e.key.keysym.sym);
            if (!e.key.repeat) on_key(e.key.keysym.sym, e.key.keysym.mod);
            break;
        case SDL_KEYUP: app.held &= ~pg_button_from_keycode(e.key.keysym.sym); break;
        case SDL_MOUSEMOTION:
            app.pointer.pointer_x = (int16_t)e.motion.x;
            app.pointer.pointer_y = (int16_t)e.motion.y;
            app.pointer.pointer_in = 1;
            break;
        case SDL_MOUSEBUTTONDOWN:
        case SDL_MOUSEBUTTONUP:
            app.pointer.pointer_x = (int16_t)e.button.x;
            app.pointer.pointer_y = (int16_t)e.button.y;
            app.pointer.pointer_in = 1;
            if (e.button.button == SDL_BUTTON_LEFT) app.pointer.pointer_down = e.type == SDL_MOUSEBUTTONDOWN;
            break;
        case SDL_WINDOWEVENT:
            if (e.window.event == SDL_WINDOWEVENT_LEAVE) app.pointer.pointer_in = 0;
            break;
        case SDL_CONTROLLERDEVICEADDED:
            if (!app.pad) app.pad = SDL_GameControllerOpen(e.cdevice.which);
            break;
        case SDL_CONTROLLERDEVICEREMOVED:
            if (app.pad && e.cdevice.which == SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(app.pad))) {
                SDL_GameControllerClose(app.pad);
                app.pad = NULL;
            }
            break;
        default: break;
        }
    }
}

static void build_input(pg_input *in, uint32_t *last_buttons)
{
    uint32_t buttons = app.held | app.virtual_held | pad_buttons();
    *in = app.pointer;
    in->buttons = buttons;
    in->pressed = buttons & ~*last_buttons;
    in->pointer_pressed = app.pointer.pointer_down && !app.pointer_was_down;
    in->pointer_released = !app.pointer.pointer_down && app.pointer_was_down;
    app.pointer_was_down = app.pointer.pointer_down;
    *last_buttons = buttons;
}

/* ---- one frame ------------------------------------------------------------------------------- */

static void draw_frame(void)
{
    static const SDL_Rect view = { 0, 0, PG_VIEW_W, PG_VIEW_H };
    SDL_Renderer *r = app.renderer;
    pg_draw_ctx ctx = { r, app.debug, app.frame };
    pg_hud_info hud;
    pg_color(r, 0x14161c, 255);
    SDL_RenderClear(r);
    pg_text_box(&view);   /* a scene's text stays in its view */
    if (app.show_help) {
        pg_help_draw(r, current());
    } else if (app.state) {
        current()->draw(app.state, &ctx);
    } else {
        pg_text(r, 40, PG_VIEW_H / 2 - 40, current()->title, 0x7fd4ff, 2);
        pg_text_wrap(r, 40, PG_VIEW_H / 2 - 10, PG_VIEW_W - 80, 14, app.error, 0xff6b6b, 1);
    }
    pg_text_box(NULL);
    hud.scene = current();
    hud.cfg = &app.cfg;
    hud.stats = &app.stats;
    hud.graph = &app.graph;
    hud.show_graph = app.show_graph;
    hud.paused = app.paused;
    hud.error = app.error;
    pg_hud_draw(r, &hud);
}

static void frame(void)
{
    static uint32_t last_buttons;
    double t0 = pg_now_ms();
    pg_input in;
    poll_events();
    build_input(&in, &last_buttons);
    if (app.state && (!app.paused || app.step_once)) {
        memset(&app.stats, 0, sizeof app.stats);
        current()->step(app.state, &in, &app.stats);
        app.frame++;
        app.step_once = 0;
    }
    draw_frame();
    SDL_RenderPresent(app.renderer);
    if (!app.paused) pg_graph_push(&app.graph, pg_now_ms() - t0, app.stats.collision_ms);
}

/* ---- setup ----------------------------------------------------------------------------------- */

static int open_window(int headless)
{
    uint32_t flags = SDL_WINDOW_ALLOW_HIGHDPI | SDL_WINDOW_RESIZABLE;
#ifdef __EMSCRIPTEN__
    /* Keys go to the canvas only (the page focuses it on pointerdown), never the whole page. */
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
#endif
    if (headless) flags = SDL_WINDOW_HIDDEN;
    if (SDL_Init(SDL_INIT_VIDEO | (headless ? 0u : SDL_INIT_GAMECONTROLLER)) != 0) {
        fprintf(stderr, "playground: SDL_Init: %s\n", SDL_GetError());
        return 0;
    }
    app.window = SDL_CreateWindow("earlyout playground", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                  PG_VIEW_W, PG_CANVAS_H, flags);
    if (!app.window) {
        fprintf(stderr, "playground: SDL_CreateWindow: %s\n", SDL_GetError());
        return 0;
    }
    /* The first driver that works: WebGL / OpenGL, else the software renderer. */
    app.renderer = SDL_CreateRenderer(app.window, -1, headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_PRESENTVSYNC);
    if (!app.renderer) app.renderer = SDL_CreateRenderer(app.window, -1, 0);
    if (!app.renderer) app.renderer = SDL_CreateRenderer(app.window, -1, SDL_RENDERER_SOFTWARE);
    if (!app.renderer) {
        fprintf(stderr, "playground: SDL_CreateRenderer: %s\n", SDL_GetError());
        return 0;
    }
    SDL_RenderSetLogicalSize(app.renderer, PG_VIEW_W, PG_CANVAS_H);
    return 1;
}

static int save_screenshot(const char *path)
{
    int w, h, ok;
    SDL_Surface *shot;
    SDL_GetRendererOutputSize(app.renderer, &w, &h);
    shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!shot) return 0;
    ok = SDL_RenderReadPixels(app.renderer, NULL, SDL_PIXELFORMAT_ARGB8888, shot->pixels, shot->pitch) == 0 &&
         SDL_SaveBMP(shot, path) == 0;
    SDL_FreeSurface(shot);
    return ok;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: earlyout-playground [--scene ID] [--method ID] [--n N] [--cell PX] [--seed S]\n"
                 "                           [--frames N] [--script TEXT] [--screenshot FILE.bmp] [--list] [--tables]\n"
                 "scenes:");
    for (int i = 0; i < pg_scene_count; i++) fprintf(out, " %s", pg_scenes[i]->id);
    fprintf(out, "\nmethods:");
    for (int m = 0; m < PG_METHOD_COUNT; m++) fprintf(out, " %s", pg_method_id(m));
    fprintf(out, "\n");
}

static int parse_int(const char *text, long long lo, long long hi, long long *out)
{
    char *end;
    long long v;
    if (!text) return 0;
    v = strtoll(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < lo || v > hi) return 0;
    *out = v;
    return 1;
}

#ifdef __EMSCRIPTEN__
#include "web.inc"
#endif

int main(int argc, char **argv)
{
    const char *script_text = NULL, *screenshot = NULL;
    long long frames = -1, v;
    int method = -1, count = 0, cell = 0, scene = 0;
    uint32_t seed = 1;

    for (int i = 1; i < argc; i += 2) {   /* every option but --list, --tables and --help takes a value */
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--list") == 0) {
            for (int k = 0; k < pg_scene_count; k++) printf("%-12s %s\n", pg_scenes[k]->id, pg_scenes[k]->title);
            return 0;
        } else if (strcmp(a, "--tables") == 0) {
            static char text[32768];
            pg_json j;
            pg_json_init(&j, text, sizeof text);
            pg_tables_json(&j);
            if (j.overflow) {
                fprintf(stderr, "playground: the tables do not fit %zu bytes\n", sizeof text);
                return 1;
            }
            printf("%s\n", text);
            return 0;
        } else if (strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--scene") == 0 && val) {
            if ((scene = pg_scene_find(val)) < 0) { fprintf(stderr, "playground: no scene '%s'\n", val); usage(stderr); return 2; }
        } else if (strcmp(a, "--method") == 0 && val) {
            if ((method = pg_method_from_id(val)) < 0) { fprintf(stderr, "playground: no method '%s'\n", val); usage(stderr); return 2; }
        } else if (strcmp(a, "--n") == 0 && parse_int(val, 1, 1000000, &v)) {
            count = (int)v;
        } else if (strcmp(a, "--cell") == 0 && parse_int(val, 1, 1 << 20, &v)) {
            cell = (int)v;
        } else if (strcmp(a, "--seed") == 0 && parse_int(val, 1, 4294967295LL, &v)) {
            seed = (uint32_t)v;
        } else if (strcmp(a, "--frames") == 0 && parse_int(val, 0, 100000000, &v)) {
            frames = v;
        } else if (strcmp(a, "--script") == 0 && val) {
            script_text = val;
        } else if (strcmp(a, "--screenshot") == 0 && val) {
            screenshot = val;
        } else {
            fprintf(stderr, "playground: bad argument '%s'%s\n", a, val ? "" : " (missing value)");
            usage(stderr);
            return 2;
        }
    }

    app.scene_index = scene;
    app.cfg.seed = seed;
    app.cfg.method = method >= 0 ? method : current()->default_method;
    app.cfg.count = count ? count : current()->default_count;
    app.cfg.cell = cell ? cell : current()->default_cell;
    app.show_graph = 1;

    if (frames >= 0) {
        /* Headless: step with the script's input, print hash and timings, maybe a screenshot. */
        pg_script script;
        pg_input in;
        double t0, total = 0.0, collision = 0.0, worst = 0.0;
        if (!pg_script_parse(&script, script_text, seed, app.error, sizeof app.error)) {
            fprintf(stderr, "playground: %s\n", app.error);
            return 2;
        }
        if (!open_window(1) || !start_scene()) return 1;
        t0 = pg_now_ms();
        for (long long f = 0; f < frames; f++) {
            double t1 = pg_now_ms();
            pg_script_next(&script, &in);
            memset(&app.stats, 0, sizeof app.stats);
            current()->step(app.state, &in, &app.stats);
            collision += app.stats.collision_ms;
            t1 = pg_now_ms() - t1;
            if (t1 > worst) worst = t1;
            pg_graph_push(&app.graph, t1, app.stats.collision_ms);
            app.frame++;
        }
        total = pg_now_ms() - t0;
        printf("scene %s method %s n %d cell %d seed %u frames %lld\n", current()->id,
               current()->methods ? pg_method_id(app.cfg.method) : "-", app.cfg.count, app.cfg.cell,
               (unsigned)app.cfg.seed, frames);
        printf("hash %016llx\n", (unsigned long long)current()->hash(app.state));
        printf("ms_per_frame %.4f collision_ms_per_frame %.4f\n", frames ? total / (double)frames : 0.0,
               frames ? collision / (double)frames : 0.0);
        printf("worst_frame_ms %.4f\n", worst);
        printf("last_frame objects %u candidates %u box_tests %u hits %u%s%s\n", (unsigned)app.stats.objects,
               (unsigned)app.stats.candidates, (unsigned)app.stats.box_tests, (unsigned)app.stats.hits,
               app.stats.status[0] ? " status " : "", app.stats.status);
        if (screenshot) {
            app.show_graph = 0;
            draw_frame();
            SDL_RenderPresent(app.renderer);
            draw_frame();   /* the dummy driver's software renderer reads back the second frame reliably */
            if (!save_screenshot(screenshot)) {
                fprintf(stderr, "playground: screenshot: %s\n", SDL_GetError());
                return 1;
            }
        }
        current()->destroy(app.state);
        pg_text_reset();
        SDL_DestroyRenderer(app.renderer);
        SDL_DestroyWindow(app.window);
        SDL_Quit();
        return 0;
    }

    if (!open_window(0)) return 1;
    start_scene();
    app.running = 1;
#ifdef __EMSCRIPTEN__
    emscripten_set_main_loop(frame, 0, 1);
#else
    while (app.running) {
        uint64_t start = SDL_GetTicks64();
        frame();
        /* Without vsync (some drivers), hold 60 Hz. */
        if (SDL_GetTicks64() - start < 16) SDL_Delay((uint32_t)(16 - (SDL_GetTicks64() - start)));
    }
    if (app.state) current()->destroy(app.state);
    if (app.pad) SDL_GameControllerClose(app.pad);
    pg_text_reset();
    SDL_DestroyRenderer(app.renderer);
    SDL_DestroyWindow(app.window);
    SDL_Quit();
#endif
    return 0;
}
