/* msx/demo_main.c: the demo cartridge (make msx-demo, build/msx/earlyout-demo.rom). Screen 2, the
   game of msx/cartridge.c (the same C that tests/msx/demo_replay.c replays natively and in wasm) on its tiles,
   its hero and bats as 16 x 16 sprites, moved by the cursor keys or joystick 1 and space
   (trigger A).

   Timing: the VDP's VBlank interrupt (IM 1 at 0x0038, in the ROM's page 0: msx/crt0_demo.s) runs
   demo_isr (msx/demo_isr.s): it counts frames and uploads the shadow sprite table the game loop
   last finished, every VBlank. The loop waits for a VBlank, reads the input, runs one game frame
   (cart_step) and writes the other shadow table. A frame that needs more than one VBlank makes
   the game run at 30 Hz (or 20): the frame meter shows it.

   Frame meter: the border is red while cart_step runs (a band whose height is the share of the
   frame the core took, from the top of the frame), and the bottom row lights one tile for every
   VBlank the last game frame spanned (green: one, 60 Hz; red: more).

   For the tests (tests/msx/demo.tcl reads these from RAM through the link map): the buttons of
   the first DEMO_RECORD frames (demo_record), the game's hash after them (demo_hash, valid once
   demo_done is DEMO_DONE), the seed, and demo_in_step, which is 1 exactly while cart_step runs
   (the test times it with a watchpoint). */
#include <stdint.h>
#include <string.h>

#include "cartridge.h"

#define DEMO_SEED 2026u
#define DEMO_RECORD 120u
#define DEMO_DONE 0xD0u

__sfr __at 0x98 vdp_data;
__sfr __at 0x99 vdp_ctrl;
__sfr __at 0xA0 psg_addr;
__sfr __at 0xA1 psg_write;
__sfr __at 0xA2 psg_read;
__sfr __at 0xA9 ppi_keys;
__sfr __at 0xAA ppi_row;

/* Screen 2's tables in VRAM (the registers below put them there). */
#define VRAM_PATTERNS 0x0000u   /* 3 banks of 256 x 8 bytes */
#define VRAM_NAMES 0x1800u      /* 32 x 24 */
#define VRAM_SAT 0x1B00u        /* 32 x 4 bytes */
#define VRAM_COLOURS 0x2000u    /* 3 banks of 256 x 8 bytes */
#define VRAM_SPRITES 0x3800u    /* 16 x 16 sprite patterns, 32 bytes each */

enum { COLOUR_BLACK = 1, COLOUR_RED = 8, BORDER_IDLE = COLOUR_BLACK, BORDER_CORE = COLOUR_RED };
enum { T_METER_OK = CART_T_COUNT, T_METER_SLOW, PATTERN_COUNT };

/* Shared with demo_isr.s. */
volatile uint16_t demo_jiffy;       /* VBlanks since the interrupt was on */
uint8_t demo_sat[2][CART_BOXES * 4 + 1];   /* two shadow sprite tables (+ the 208 that ends one) */
volatile uint8_t demo_sat_front;    /* which one the ISR uploads */
void demo_isr_install(void);        /* IM 1 (0x0038: JP demo_isr), EI */
typedef char demo_sat_is_isr_size[sizeof demo_sat[0] == 37 ? 1 : -1];   /* demo_isr.s: SAT_BYTES */

/* Read by the tests. */
volatile uint8_t demo_record[DEMO_RECORD];
volatile uint32_t demo_hash;
volatile uint32_t demo_seed = DEMO_SEED;
volatile uint8_t demo_done, demo_in_step, demo_error;
volatile uint16_t demo_frames;      /* game frames run */
volatile uint16_t demo_vblanks_max; /* the most VBlanks one game frame spanned */

static cart_game game;

/* Tile patterns (8 rows, bit 7 the left pixel) and their colours (foreground << 4 | background). */
static const uint8_t tile_rows[PATTERN_COUNT][8] = {
    { 0, 0, 0, 0, 0, 0, 0, 0 },
    { 0xFF, 0x80, 0x80, 0x80, 0xFF, 0x08, 0x08, 0x08 },   /* brick */
    { 0xFF, 0xFF, 0x42, 0x24, 0x18, 0x00, 0x00, 0x00 },   /* plank (one-way) */
    { 0x42, 0x7E, 0x42, 0x42, 0x42, 0x7E, 0x42, 0x42 },   /* ladder */
    { 0x01, 0x03, 0x07, 0x0F, 0x1F, 0x3F, 0x7F, 0xFF },   /* 45 degrees up: column i is i + 1 high */
    { 0x80, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC, 0xFE, 0xFF },   /* 45 degrees down */
    { 0x00, 0x7E, 0x7E, 0x7E, 0x7E, 0x7E, 0x7E, 0x00 },   /* meter: a VBlank, 60 Hz */
    { 0x00, 0x7E, 0x7E, 0x7E, 0x7E, 0x7E, 0x7E, 0x00 },   /* meter: a VBlank past the first */
};
static const uint8_t tile_colour[PATTERN_COUNT] = { 0x11, 0xE6, 0xA1, 0xB1, 0x61, 0x61, 0x21, 0x81 };
static const uint8_t sprite_colour[CART_ART_COUNT] = { 15, 13, 9 };

static void vdp_reg(uint8_t reg, uint8_t value)
{
    vdp_ctrl = value;
    vdp_ctrl = (uint8_t)(0x80u | reg);
}

static void vram_at(uint16_t addr)
{
    vdp_ctrl = (uint8_t)addr;
    vdp_ctrl = (uint8_t)(0x40u | (addr >> 8));
}

static void vram_fill(uint16_t addr, uint8_t value, uint16_t n)
{
    vram_at(addr);
    while (n--) vdp_data = value;
}

/* Interrupts off around the two-byte VDP address/register writes: the ISR reads the status
   port, which resets the VDP's byte latch. */
static void border(uint8_t colour)
{
    __asm__("di");
    vdp_reg(7, colour);
    __asm__("ei");
}

static void put_tile(uint8_t col, uint8_t row, uint8_t pattern)
{
    __asm__("di");
    vram_at((uint16_t)(VRAM_NAMES + (uint16_t)row * CART_COLS + col));
    vdp_data = pattern;
    __asm__("ei");
}

static void screen_init(void)
{
    uint16_t i;
    uint8_t bank, t, r, d;
    vdp_reg(0, 0x02);   /* M3: graphic 2 (Screen 2) */
    vdp_reg(1, 0x82);   /* 16 KiB, display off while we fill VRAM, 16 x 16 sprites */
    vdp_reg(2, (uint8_t)(VRAM_NAMES >> 10));
    vdp_reg(3, 0xFF);   /* colour table at 0x2000, all three banks */
    vdp_reg(4, 0x03);   /* pattern table at 0x0000, all three banks */
    vdp_reg(5, (uint8_t)(VRAM_SAT >> 7));
    vdp_reg(6, (uint8_t)(VRAM_SPRITES >> 11));
    vdp_reg(7, BORDER_IDLE);
    vram_fill(0, 0, 0x4000u);
    for (bank = 0; bank < 3; bank++)
        for (t = 0; t < PATTERN_COUNT; t++) {
            vram_at((uint16_t)(VRAM_PATTERNS + bank * 0x800u + t * 8u));
            for (r = 0; r < 8; r++) vdp_data = tile_rows[t][r];
            vram_fill((uint16_t)(VRAM_COLOURS + bank * 0x800u + t * 8u), tile_colour[t], 8);
        }
    vram_at(VRAM_NAMES);
    for (i = 0; i < CART_COLS * CART_ROWS; i++) vdp_data = game.cells[i];
    /* sprite pattern d*4: the left 8 columns of the 16 rows, then the right 8 */
    for (d = 0; d < CART_ART_COUNT; d++) {
        vram_at((uint16_t)(VRAM_SPRITES + d * 32u));
        for (r = 0; r < 16; r++) vdp_data = (uint8_t)(cart_art_row(d, r) >> 8);
        for (r = 0; r < 16; r++) vdp_data = (uint8_t)cart_art_row(d, r);
    }
    vram_at(VRAM_SAT);
    vdp_data = 208;     /* no sprites until the first frame */
}

/* Cursor keys and space (keyboard row 8), or joystick 1 (PSG register 14): CART_BTN_* bits. */
static uint8_t read_buttons(void)
{
    uint8_t k, j, b = 0;
    ppi_row = (uint8_t)((ppi_row & 0xF0u) | 8u);
    k = (uint8_t)~ppi_keys;   /* row 8, active low: 0 space, 4 left, 5 up, 6 down, 7 right */
    psg_addr = 15;
    psg_write = (uint8_t)(psg_read & 0xBFu);   /* bit 6 = 0: joystick port 1 */
    psg_addr = 14;
    j = (uint8_t)~psg_read;   /* active low: 0 up, 1 down, 2 left, 3 right, 4 trigger A */
    if ((k & 0x10u) || (j & 0x04u)) b |= CART_BTN_LEFT;
    if ((k & 0x80u) || (j & 0x08u)) b |= CART_BTN_RIGHT;
    if ((k & 0x20u) || (j & 0x01u)) b |= CART_BTN_UP;
    if ((k & 0x40u) || (j & 0x02u)) b |= CART_BTN_DOWN;
    if ((k & 0x01u) || (j & 0x10u)) b |= CART_BTN_JUMP;
    return b;
}

/* The game's sprites into the shadow table the ISR is not uploading, then hand it over. */
static void write_sprites(void)
{
    uint8_t back = (uint8_t)(demo_sat_front ^ 1u), i, *p = demo_sat[back];
    for (i = 0; i < CART_BOXES; i++) {
        int16_t x, y;
        uint8_t design = i == 0 ? CART_ART_HERO : game.enemy[i - 1].design, colour = sprite_colour[design];
        cart_sprite_at(&game, i, &x, &y);
        if (i == 0 && game.hero.safe && (game.frame & 4u)) colour = 0;   /* blinks after a hit */
        *p++ = (uint8_t)(y - 1);   /* the VDP draws a sprite one line below its Y */
        *p++ = (uint8_t)x;
        *p++ = (uint8_t)(design * 4u);
        *p++ = colour;
    }
    *p = 208;
    demo_sat_front = back;
}

/* The bottom row: a tile per VBlank the last frame spanned (at most 8). */
static void show_meter(uint8_t vblanks)
{
    static uint8_t shown;
    uint8_t c;
    if (vblanks > 8) vblanks = 8;
    if (vblanks == shown) return;
    for (c = 0; c < 8; c++)
        put_tile((uint8_t)(1 + c), CART_ROWS - 1,
                 c >= vblanks ? game.cells[(CART_ROWS - 1) * CART_COLS + 1 + c] : c == 0 ? T_METER_OK : T_METER_SLOW);
    shown = vblanks;
}

void main(void)
{
    uint16_t last;
    demo_error = (uint8_t)cart_init(&game, demo_seed);
    screen_init();
    write_sprites();
    demo_isr_install();
    vdp_reg(1, 0xE2);   /* display on, VBlank interrupt on, 16 x 16 sprites */
    last = demo_jiffy;
    for (;;) {
        uint8_t buttons;
        uint16_t now;
        while (demo_jiffy == last) __asm__("halt");   /* the next VBlank */
        now = demo_jiffy;
        show_meter((uint8_t)(now - last));
        if ((uint16_t)(now - last) > demo_vblanks_max && demo_frames > 0) demo_vblanks_max = (uint16_t)(now - last);
        last = now;
        buttons = read_buttons();
        if (demo_frames < DEMO_RECORD) demo_record[demo_frames] = buttons;
        border(BORDER_CORE);
        demo_in_step = 1;
        cart_step(&game, buttons);
        demo_in_step = 0;
        border(BORDER_IDLE);
        demo_frames++;
        if (game.error && !demo_error) demo_error = game.error;
        if (demo_frames == DEMO_RECORD) {
            demo_hash = cart_hash(&game);
            demo_done = DEMO_DONE;
        }
        write_sprites();
    }
}
