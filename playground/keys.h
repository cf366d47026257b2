/* playground/keys.h: the shared keys, one table. main.c acts on them, the help overlay lists
   them, and the page gets them from pg_tables_json (its buttons and its list of keys), so a key
   exists in one place only.
   X(ID, command name, button label (NULL: no button on the page), keys shown, what it does,
     key, alias, alias) */
#ifndef PLAYGROUND_KEYS_H
#define PLAYGROUND_KEYS_H

#include "scene.h"

#define PG_KEY_LIST(X)                                                                                    \
    X(PAUSE, "pause", "Pause", "P", "pause / resume", SDLK_p, 0, 0)                                       \
    X(STEP, "step", "Step", "O", "one step (and pause)", SDLK_o, 0, 0)                                     \
    X(RESTART, "restart", "Restart", "R", "restart the scene", SDLK_r, 0, 0)                               \
    X(NEW_SEED, "new-seed", "New seed", "N", "restart with a new seed", SDLK_n, 0, 0)                      \
    X(NEXT_SCENE, "next-scene", NULL, "]", "next scene", SDLK_RIGHTBRACKET, SDLK_PAGEDOWN, 0)              \
    X(PREVIOUS_SCENE, "previous-scene", NULL, "[", "previous scene", SDLK_LEFTBRACKET, SDLK_PAGEUP, 0)    \
    X(NEXT_METHOD, "next-method", NULL, "M", "next broadphase (Shift: previous)", SDLK_m, 0, 0)            \
    X(MORE, "more", NULL, "+", "more objects", SDLK_EQUALS, SDLK_PLUS, SDLK_KP_PLUS)                       \
    X(FEWER, "fewer", NULL, "-", "fewer objects", SDLK_MINUS, SDLK_KP_MINUS, 0)                            \
    X(LARGER_CELLS, "larger-cells", NULL, ".", "larger cells", SDLK_PERIOD, 0, 0)                          \
    X(SMALLER_CELLS, "smaller-cells", NULL, ",", "smaller cells", SDLK_COMMA, 0, 0)                        \
    X(DEBUG, "debug", "Debug layers", "D", "debug layers on / off", SDLK_d, 0, 0)                          \
    X(GRAPH, "graph", "Graph", "G", "frame-time graph on / off", SDLK_g, 0, 0)                             \
    X(HELP, "help", "Key help", "H", "this help on / off", SDLK_h, SDLK_F1, 0)

#define PG_KEY_ENUM_(id, name, button, keys, help, k0, k1, k2) PG_KEY_##id,
typedef enum pg_key { PG_KEY_LIST(PG_KEY_ENUM_) PG_KEY_COUNT } pg_key;
#undef PG_KEY_ENUM_

typedef struct pg_key_info {
    const char *name;      /* "new-seed": the page's command for it (pg_web_command) */
    const char *button;    /* "New seed": the page's button, or NULL where a control does it */
    const char *keys;      /* "N": as the help shows it */
    const char *help;      /* "restart with a new seed" */
    SDL_Keycode key[3];    /* the keys that do it (0: none) */
} pg_key_info;

typedef struct pg_button_info {
    uint32_t bit;          /* PG_BTN_* */
    char letter;           /* in input scripts */
    const char *name, *label, *glyph, *keys;
    SDL_Keycode key[2];
} pg_button_info;

extern const pg_key_info pg_keys[PG_KEY_COUNT];
extern const pg_button_info pg_buttons[PG_BUTTON_COUNT];

/// The shared key a keycode stands for, or -1.
int pg_key_from_keycode(SDL_Keycode k);
/// The shared key with that command name, or -1.
int pg_key_from_name(const char *name);
/// The PG_BTN_* bit a keycode holds, or 0.
uint32_t pg_button_from_keycode(SDL_Keycode k);
/// The PG_BTN_* bit of a script letter, or 0.
uint32_t pg_button_from_letter(char c);

#endif
