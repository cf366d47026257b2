/* msx/cartridge.h: the game of the MSX demo cartridge, as plain C that compiles the same
   for the MSX ROM (SDCC, msx/demo_main.c), natively and in wasm (tests/msx/demo_replay.c, which
   replays what the ROM recorded and must reach the ROM's hash).

   A hero on a 32 x 24 map of 8 px tiles (slopes, one-way platforms, a ladder) moved by the core's
   movers, and CART_ENEMIES bats flying over it: their boxes and the hero's get 16-bit grid masks
   (8 x 6 cells of 32 px), candidate pairs get a box test, and a bat that meets the hero's box is
   tested pixel by pixel against him with the sprites' own pixel masks. No SDL, no clock, no
   malloc: the caller owns the state; one byte of input (CART_BTN_*) a frame. Every value fits
   16 bits, so int's width (16 on the Z80, 32 elsewhere) never changes an answer: the state after
   N frames from a seed and N input bytes is the same on every machine (cart_hash). */
#ifndef EO_MSX_CARTRIDGE_H
#define EO_MSX_CARTRIDGE_H

#include <stdint.h>

#include <earlyout/earlyout.h>

enum {
    CART_COLS = 32, CART_ROWS = 24, CART_TILE_SHIFT = 3,   /* 256 x 192 px: one MSX screen */
    CART_W = CART_COLS << CART_TILE_SHIFT, CART_H = CART_ROWS << CART_TILE_SHIFT,
    CART_ENEMIES = 8,
    CART_BOXES = 1 + CART_ENEMIES,                  /* box 0 is the hero's */
    CART_PAIRS = CART_BOXES * (CART_BOXES - 1) / 2, /* 36 */
    CART_SPRITE = 16,                               /* every sprite is 16 x 16 px */
    CART_HERO_W = 8, CART_HERO_H = 14,              /* the hero's box inside his sprite... */
    CART_HERO_OX = 4, CART_HERO_OY = 2              /* ...at this offset from its corner */
};

/* Tile ids: the map's cells, and the ROM's character patterns with the same numbers. */
enum { CART_T_EMPTY, CART_T_BRICK, CART_T_PLANK, CART_T_LADDER, CART_T_SLOPE_UP, CART_T_SLOPE_DOWN,
       CART_T_COUNT };

/* Sprite designs (cart_art): the hero, two bats. */
enum { CART_ART_HERO, CART_ART_BAT_A, CART_ART_BAT_B, CART_ART_COUNT };

/* Input, one byte a frame: these bits, as the ROM records them (demo_record), so a replay runs the same. */
enum { CART_BTN_LEFT = 1, CART_BTN_RIGHT = 2, CART_BTN_UP = 4, CART_BTN_DOWN = 8, CART_BTN_JUMP = 16 };

typedef struct cart_hero {
    eo_box box;
    int16_t fx, fy, vx, vy;   /* sub-pixel remainders (0 .. 15) and velocity, in 1/16 px */
    uint8_t on_ground, climbing, drop, safe;   /* drop, safe: frames left */
    uint8_t touching, below;  /* EO_TILES_TOUCH_* after the last move */
} cart_hero;

typedef struct cart_enemy {
    eo_box box;
    int16_t vx, vy;           /* px a frame, -2 .. 2 */
    uint8_t design;
} cart_enemy;

typedef struct cart_game {
    uint8_t cells[CART_COLS * CART_ROWS], attrs[256];   /* tile id -> eo_tiles_attr (the map reads 256) */
    eo_tiles_map map;
    eo_gridmask_grid grid;
    eo_pixelmask masks[CART_ART_COUNT];
    eo_pixelmask_word mask_words[CART_ART_COUNT][CART_SPRITE * ((CART_SPRITE + EO_PIXELMASK_WORD_BITS - 1) / EO_PIXELMASK_WORD_BITS)];
    cart_hero hero;
    cart_enemy enemy[CART_ENEMIES];
    eo_box boxes[CART_BOXES];
    eo_gridmask gmasks[CART_BOXES];
    eo_pair cands[CART_PAIRS];
    uint16_t cand_count;      /* last frame: pairs the grid masks kept */
    uint16_t box_hits;        /* last frame: of those, boxes that overlap */
    uint16_t pixel_tests;     /* last frame: hero-bat pairs tested pixel by pixel */
    uint8_t hero_hit;         /* last frame: a bat's pixels touched the hero's (0 / 1) */
    uint8_t prev_buttons;
    uint16_t frame, hits, bounces;   /* totals: frames, hero hits, bat-bat bounces */
    uint8_t error;            /* 0, or the first eo_result a core call returned */
} cart_game;

/// Sets up the game from a seed (any value; 0 works too). Returns EO_OK, or the core's error if
/// the level or a mask is rejected (then the game must not be stepped).
eo_result cart_init(cart_game *g, uint32_t seed);
/// One frame with these CART_BTN_* buttons held.
void cart_step(cart_game *g, uint8_t buttons);
/// FNV-1a (32-bit) of everything the game's future depends on, field by field, little-endian.
uint32_t cart_hash(const cart_game *g);
/// Row `row` (0 .. 15) of a sprite design, bit 15 the leftmost pixel.
uint16_t cart_art_row(uint8_t design, uint8_t row);
/// Where the sprite of the hero or of bat i (1 .. CART_ENEMIES) goes: its top-left px.
void cart_sprite_at(const cart_game *g, uint8_t index, int16_t *x, int16_t *y);

#endif
