/* msx/cartridge.c: the game of the MSX demo cartridge (see cartridge.h). Plain C for three
   compilers: SDCC (16-bit int), gcc and emcc; every intermediate value fits int16_t. */
#include <string.h>

#include "cartridge.h"

/* ---- the level and the art ---------------------------------------------------------------- */

/* . empty  # brick  = one-way plank  H ladder (its top holds the hero up)  / \ 45-degree slopes
   S the hero's start (empty). */
static const char *const level[CART_ROWS] = {
    "################################",
    "#..............................#",
    "#..............................#",
    "#..............................#",
    "#..............................#",
    "#...======............=====....#",
    "#..............................#",
    "#..............................#",
    "#..............................#",
    "#..........H========...........#",
    "#..........H...................#",
    "#..........H...................#",
    "#..........H...................#",
    "#..........H...................#",
    "#..........H.........=====.....#",
    "#..........H...................#",
    "#..........H...................#",
    "#..........H...................#",
    "#..........H.........../\\......#",
    "#..........H........../##\\.....#",
    "#....../\\..H........./####\\....#",
    "#.S.../##\\.H......../######\\...#",
    "################################",
    "################################",
};

static const uint8_t tile_attr[CART_T_COUNT] = {
    EO_TILES_EMPTY, EO_TILES_SOLID, EO_TILES_ONE_WAY, EO_TILES_LADDER,
    EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_45_UP), EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_45_DOWN),
};

/* 16 x 16 designs, bit 15 the leftmost pixel: the hero (his 8 x 14 box is columns 4..11, rows
   2..15), and two bats. */
static const uint16_t art[CART_ART_COUNT][CART_SPRITE] = {
    { 0x0000, 0x0000, 0x03C0, 0x07E0, 0x05A0, 0x07E0, 0x03C0, 0x0FF0,
      0x1BD8, 0x13C8, 0x03C0, 0x03C0, 0x0660, 0x0660, 0x0C30, 0x0C30 },
    { 0x0000, 0x0000, 0x0000, 0x6006, 0xF00F, 0xF99F, 0xFFFF, 0x7DBE,
      0x3FFC, 0x1FF8, 0x0E70, 0x0420, 0x0000, 0x0000, 0x0000, 0x0000 },
    { 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0180, 0x83C1, 0xC7E3,
      0xEDB7, 0xFFFF, 0x7FFE, 0x3BDC, 0x1008, 0x0000, 0x0000, 0x0000 },
};

uint16_t cart_art_row(uint8_t design, uint8_t row)
{
    return design < CART_ART_COUNT && row < CART_SPRITE ? art[design][row] : 0u;
}

/* ---- set-up --------------------------------------------------------------------------------- */

/* xorshift16 (7, 9, 8): the same sequence from 16-bit arithmetic everywhere. */
static uint16_t rng_next(uint16_t *s)
{
    uint16_t x = *s;
    x = (uint16_t)(x ^ (uint16_t)(x << 7));
    x = (uint16_t)(x ^ (uint16_t)(x >> 9));
    x = (uint16_t)(x ^ (uint16_t)(x << 8));
    *s = x;
    return x;
}

static void hero_start(cart_hero *h)
{
    memset(h, 0, sizeof *h);
    h->box.x = 2 * 8;
    h->box.y = (int16_t)(22 * 8 - CART_HERO_H);
    h->box.w = CART_HERO_W;
    h->box.h = CART_HERO_H;
}

eo_result cart_init(cart_game *g, uint32_t seed)
{
    static const eo_gridmask_layout layout = EO_GRIDMASK_LAYOUT_16;
    uint16_t rng = (uint16_t)(seed ^ (seed >> 16));
    uint8_t row, col, i;
    eo_result r;

    memset(g, 0, sizeof *g);
    if (rng == 0) rng = 0xACE1u;   /* xorshift never leaves 0 */
    for (row = 0; row < CART_ROWS; row++)
        for (col = 0; col < CART_COLS; col++) {
            char ch = level[row][col];
            g->cells[row * CART_COLS + col] = (uint8_t)(ch == '#' ? CART_T_BRICK : ch == '=' ? CART_T_PLANK
                                                      : ch == 'H' ? CART_T_LADDER : ch == '/' ? CART_T_SLOPE_UP
                                                      : ch == '\\' ? CART_T_SLOPE_DOWN : CART_T_EMPTY);
        }
    memcpy(g->attrs, tile_attr, sizeof tile_attr);   /* the other ids stay EMPTY (none is used) */
    g->map.cells = g->cells;
    g->map.attrs = g->attrs;
    g->map.width = CART_COLS;
    g->map.height = CART_ROWS;
    g->map.tile_shift = CART_TILE_SHIFT;
    r = eo_tiles_prepare(&g->map);
    if (r == EO_OK) r = eo_gridmask_prepare(&layout, &g->grid);
    for (i = 0; r == EO_OK && i < CART_ART_COUNT; i++) {
        uint8_t x;
        r = eo_pixelmask_init(&g->masks[i], CART_SPRITE, CART_SPRITE, g->mask_words[i], sizeof g->mask_words[i]);
        for (row = 0; r == EO_OK && row < CART_SPRITE; row++)
            for (x = 0; r == EO_OK && x < CART_SPRITE; x++)
                if (art[i][row] & (uint16_t)(0x8000u >> x)) r = eo_pixelmask_set(&g->masks[i], x, row, 1);
    }
    if (r != EO_OK) return r;
    hero_start(&g->hero);
    for (i = 0; i < CART_ENEMIES; i++) {   /* the seed places the bats in the upper screen and aims them */
        cart_enemy *e = &g->enemy[i];
        e->box.x = (int16_t)(24 + (rng_next(&rng) % 200u));
        e->box.y = (int16_t)(8 + (rng_next(&rng) % 100u));
        e->box.w = e->box.h = CART_SPRITE;
        e->vx = (int16_t)(rng_next(&rng) & 1u ? 1 : -1);
        e->vy = (int16_t)(rng_next(&rng) & 1u ? 1 : -1);
        if (i & 1u) e->vx = (int16_t)(e->vx * 2);
        e->design = (uint8_t)(CART_ART_BAT_A + (i & 1u));
    }
    return EO_OK;
}

/* ---- one frame ------------------------------------------------------------------------------ */

/* speeds in 1/16 px a frame, accelerations in 1/16 px a frame per frame */
enum { WALK_V = 16, CLIMB_V = 16, JUMP_V = 60, SHORT_HOP_V = 24, MAX_FALL = 64, GRAVITY = 4,
       HERO_REACH = 4, SAFE_FRAMES = 60 };

/* Adds v (1/16 px) to the remainder *f (0 .. 15) and returns the whole pixels to move now
   (rounded down for negative sums too, without shifting a negative number). */
static int16_t advance(int16_t *f, int16_t v)
{
    int16_t sum = (int16_t)(*f + v);
    int16_t px = (int16_t)(sum >= 0 ? sum / 16 : -((15 - sum) / 16));
    *f = (int16_t)(sum - px * 16);
    return px;
}

static void note(cart_game *g, eo_result r)
{
    if (r != EO_OK && g->error == 0) g->error = (uint8_t)r;
}

static void move_hero(cart_game *g, uint8_t b, uint8_t pressed)
{
    cart_hero *h = &g->hero;
    eo_tiles_move_result m;
    int16_t want = (int16_t)(((b & CART_BTN_RIGHT) ? 1 : 0) - ((b & CART_BTN_LEFT) ? 1 : 0));
    uint8_t jump = (pressed & CART_BTN_JUMP) != 0, flags;
    int16_t dx, dy;

    if (h->safe > 0) h->safe--;
    if (h->drop > 0) h->drop--;
    /* grab the ladder: UP on it, DOWN on it in the air, or DOWN standing on its top */
    if (!h->climbing && (((b & CART_BTN_UP) && (h->touching & EO_TILES_TOUCH_LADDER)) ||
                         ((b & CART_BTN_DOWN) && (h->touching & EO_TILES_TOUCH_LADDER) && !h->on_ground) ||
                         ((b & CART_BTN_DOWN) && h->on_ground && (h->below & EO_TILES_TOUCH_LADDER)))) {
        h->climbing = 1;
        h->vx = h->vy = h->fy = 0;
    }
    if (h->climbing && jump) {   /* jump off the ladder */
        h->climbing = 0;
        h->vy = -JUMP_V / 2;
    } else if (h->climbing) {
        h->vx = (int16_t)(want * CLIMB_V);
        h->vy = (int16_t)((b & CART_BTN_UP) ? -CLIMB_V : (b & CART_BTN_DOWN) ? CLIMB_V : 0);
    } else {
        h->vx = (int16_t)(want * WALK_V);
        if (jump && h->on_ground) {
            if ((b & CART_BTN_DOWN) && (h->below & (EO_TILES_TOUCH_ONE_WAY | EO_TILES_TOUCH_LADDER)) &&
                !(h->below & (EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_SLOPE))) {
                h->drop = 6;   /* DOWN + JUMP on a plank: drop through it */
                h->vy = 16;
                h->fy = 0;
            } else {
                h->vy = -JUMP_V;
            }
        }
        if (!(b & CART_BTN_JUMP) && h->vy < -SHORT_HOP_V) h->vy = -SHORT_HOP_V;   /* short hop */
        h->vy = (int16_t)(h->vy + GRAVITY > MAX_FALL ? MAX_FALL : h->vy + GRAVITY);
    }
    flags = (uint8_t)((h->drop > 0 || (h->climbing && (b & CART_BTN_DOWN))) ? EO_TILES_DROP : 0);
    dx = advance(&h->fx, h->vx);
    dy = advance(&h->fy, h->vy);
    if (!h->climbing) {
        /* one call: walk on the ground and slopes, fly through the air, land on planks and ramps */
        eo_slopes_move_result sm;
        eo_result r = eo_slopes_move(&g->map, &h->box, dx, dy, 1, HERO_REACH, flags, &sm, NULL);
        note(g, r);
        m = sm.move;
        if (r != EO_OK) memset(&m, 0, sizeof m);
    } else {
        note(g, eo_tiles_move(&g->map, &h->box, dx, dy, flags, NULL, &m, NULL));
    }
    if (m.hit & (EO_HIT_LEFT | EO_HIT_RIGHT)) h->fx = 0;
    if ((m.hit & EO_HIT_TOP) && h->vy < 0) h->vy = h->fy = 0;
    if (m.on_ground && h->vy > 0 && !h->climbing) h->vy = h->fy = 0;
    h->on_ground = m.on_ground;
    h->touching = m.touching;
    h->below = m.below;
    if (h->climbing && !(h->touching & EO_TILES_TOUCH_LADDER)) h->climbing = 0, h->vy = h->fy = 0;
}

/* A bat flies straight and bounces off the screen's edges (its box stays on the screen). */
static void move_enemy(cart_enemy *e)
{
    int16_t x = (int16_t)(e->box.x + e->vx), y = (int16_t)(e->box.y + e->vy);
    if (x < 8 || x > CART_W - 8 - CART_SPRITE) e->vx = (int16_t)-e->vx, x = (int16_t)(e->box.x + e->vx);
    if (y < 8 || y > CART_H - 16 - CART_SPRITE) e->vy = (int16_t)-e->vy, y = (int16_t)(e->box.y + e->vy);
    e->box.x = x;
    e->box.y = y;
}

void cart_step(cart_game *g, uint8_t buttons)
{
    uint8_t pressed = (uint8_t)(buttons & ~g->prev_buttons), i;
    uint32_t found = 0;
    eo_result r;

    g->prev_buttons = buttons;
    move_hero(g, buttons, pressed);
    g->boxes[0] = g->hero.box;
    for (i = 0; i < CART_ENEMIES; i++) {
        move_enemy(&g->enemy[i]);
        g->boxes[1 + i] = g->enemy[i].box;
    }
    /* grid masks throw out the pairs that share no cell; box tests on the rest */
    r = eo_gridmask_build_many(&g->grid, EO_GRIDMASK_SPAN, g->boxes, CART_BOXES, g->gmasks, NULL);
    if (r == EO_OK) r = eo_gridmask_find_candidates(&g->grid, g->gmasks, CART_BOXES, g->cands, CART_PAIRS, &found, NULL);
    note(g, r);
    g->cand_count = r == EO_OK ? (uint16_t)found : 0u;
    g->box_hits = g->pixel_tests = 0;
    g->hero_hit = 0;
    for (i = 0; i < g->cand_count; i++) {
        const eo_pair *p = &g->cands[i];
        if (!eo_aabb_overlap(&g->boxes[p->a], &g->boxes[p->b])) continue;
        g->box_hits++;
        if (p->a == 0) {   /* the hero and a bat: their sprites' pixels decide */
            const cart_enemy *e = &g->enemy[p->b - 1];
            uint8_t hit = 0;
            g->pixel_tests++;
            note(g, eo_pixelmask_overlap(&g->masks[CART_ART_HERO], (eo_coord)(g->hero.box.x - CART_HERO_OX),
                                         (eo_coord)(g->hero.box.y - CART_HERO_OY), &g->masks[e->design],
                                         e->box.x, e->box.y, &hit, NULL));
            if (hit) g->hero_hit = 1;
        } else {          /* two bats: they swap their horizontal speeds */
            cart_enemy *a = &g->enemy[p->a - 1], *c = &g->enemy[p->b - 1];
            int16_t t = a->vx;
            a->vx = c->vx;
            c->vx = t;
            g->bounces++;
        }
    }
    if (g->hero_hit && g->hero.safe == 0) {   /* hit: count it, blink (safe) for a second */
        g->hits++;
        g->hero.safe = SAFE_FRAMES;
    }
    g->frame++;
}

void cart_sprite_at(const cart_game *g, uint8_t index, int16_t *x, int16_t *y)
{
    if (index == 0) {
        *x = (int16_t)(g->hero.box.x - CART_HERO_OX);
        *y = (int16_t)(g->hero.box.y - CART_HERO_OY);
    } else {
        *x = (int16_t)g->enemy[index - 1].box.x;
        *y = (int16_t)g->enemy[index - 1].box.y;
    }
}

/* ---- hash ----------------------------------------------------------------------------------- */

static uint32_t hash_u16(uint32_t h, uint16_t v)
{
    h = (h ^ (uint8_t)v) * 16777619u;
    return (h ^ (uint8_t)(v >> 8)) * 16777619u;
}

uint32_t cart_hash(const cart_game *g)
{
    const cart_hero *h = &g->hero;
    uint32_t x = 2166136261u;
    uint8_t i;
    int16_t hv[] = { (int16_t)h->box.x, (int16_t)h->box.y, h->fx, h->fy, h->vx, h->vy };
    uint8_t hb[] = { h->on_ground, h->climbing, h->drop, h->safe, h->touching, h->below };
    for (i = 0; i < sizeof hv / sizeof hv[0]; i++) x = hash_u16(x, (uint16_t)hv[i]);
    for (i = 0; i < sizeof hb; i++) x = hash_u16(x, hb[i]);
    for (i = 0; i < CART_ENEMIES; i++) {
        const cart_enemy *e = &g->enemy[i];
        x = hash_u16(x, (uint16_t)e->box.x);
        x = hash_u16(x, (uint16_t)e->box.y);
        x = hash_u16(x, (uint16_t)e->vx);
        x = hash_u16(x, (uint16_t)e->vy);
    }
    x = hash_u16(x, g->frame);
    x = hash_u16(x, g->hits);
    x = hash_u16(x, g->bounces);
    x = hash_u16(x, g->cand_count);
    x = hash_u16(x, g->prev_buttons);
    return hash_u16(x, g->error);
}
