/* playground/scene_msx.c: an MSX screen (256 x 192, drawn x3) with 32 sprites at 60 Hz, and the
   MSX Game Library's grid masks deciding which of the 496 pairs get the exact box test.

   Each frame every sprite gets a 16-bit mask on the 8 x 6 grid of 32-px cells (X byte: the
   columns it touches, Y byte: the rows), eo_gridmask_find_candidates keeps the pairs whose masks
   share a column and a row, and only those get eo_aabb_overlap. Four sprites are 48 x 48 "big"
   ones: they can span three cells, where the classic first-and-last-cell masks
   (EO_GRIDMASK_ENDPOINTS) leave a hole in the middle and would eliminate a pair that overlaps.
   The scene counts those "endpoints misses" to show why the core builds the SPAN form. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"

/* ==== state + create / destroy ============================================================= */

enum {
    MSX_W = 256, MSX_H = 192, CELL = 32, COLS = MSX_W / CELL, ROWS = MSX_H / CELL,
    SPRITES = 32, BIG_FIRST = 28,              /* sprites 28 .. 31 are 48 x 48 */
    PAIRS = SPRITES * (SPRITES - 1) / 2,       /* 496 */
    SCALE = 3, OX = 12, OY = 12,               /* the screen on the canvas: 768 x 576 at (12, 12) */
    PANEL_X = OX + MSX_W * SCALE + 12
};

/* The TMS9918 palette (colour 0 is transparent). */
static const uint32_t msx_palette[16] = {
    0x000000, 0x000000, 0x21C842, 0x5EDC78, 0x5455ED, 0x7D76FC, 0xD4524D, 0x42EBF5,
    0xFC5554, 0xFF7978, 0xD4C154, 0xE6CE80, 0x21B03B, 0xC95BBA, 0xCCCCCC, 0xFFFFFF
};
static const uint8_t sprite_colours[] = { 2, 3, 5, 6, 7, 8, 9, 10, 11, 13, 14 };
#define GRID_FAINT 0x1C2036u
#define GRID_STRONG 0x5455EDu   /* MSX dark blue */
#define SELECT_RGB 0x42EBF5u    /* cyan: the selected sprite and its cells */
#define CAND_RGB 0xE6CE80u      /* light yellow: a candidate partner */
#define HIT_RGB 0xFC5554u       /* medium red: a partner that overlaps */
#define MISS_RGB 0xC95BBAu      /* magenta: a pair the endpoints masks would eliminate */

/* Four 16 x 16 designs side by side: ship, invader, ghost, bomb. */
static const char *const art[16] = {
    ".......XX......." "................" ".....XXXXXX....." "...........X....",
    ".......XX......." "................" "...XXXXXXXXXX..." "..........X.X...",
    "......XXXX......" "...X........X..." "..XXXXXXXXXXXX.." ".........X......",
    "......X..X......" "....X......X...." ".XXX..XXXX..XXX." "......XXXX......",
    ".....XX..XX....." "...XXXXXXXXXX..." ".XX....XX....XX." "....XXXXXXXX....",
    ".....XXXXXX....." "..XX.XXXXXX.XX.." "XXX....XX....XXX" "...XXXXXXXXXX...",
    "..X..XXXXXX..X.." ".XXX.XXXXXX.XXX." "XXXX..XXXX..XXXX" "..XXX..XXXXXXX..",
    "..X.XXXXXXXX.X.." "XXXXXXXXXXXXXXXX" "XXXXXXXXXXXXXXXX" "..XX.XXXXXXXXX..",
    "..XXXXX..XXXXX.." "XXXXXXXXXXXXXXXX" "XXXXXXXXXXXXXXXX" ".XXX.XXXXXXXXXX.",
    ".XXXXX.XX.XXXXX." "X.XXXXXXXXXXXX.X" "XXXXXXXXXXXXXXXX" ".XXXXXXXXXXXXXX.",
    "XXXXXXXXXXXXXXXX" "X.XX........XX.X" "XXXXXXXXXXXXXXXX" ".XXXXXXXXXXXXXX.",
    "XXX.XXXXXXXX.XXX" "X.XX........XX.X" "XXXXXXXXXXXXXXXX" ".XXXXXXXXXXXXXX.",
    "XX...XXXXXX...XX" "....XXX..XXX...." "XXXXXXXXXXXXXXXX" "..XXXXXXXXXXXX..",
    "X....XX..XX....X" "................" "XX.XXXX..XXXX.XX" "..XXXXXXXXXXXX..",
    ".....X....X....." "................" "X...XX....XX...X" "...XXXXXXXXXX...",
    "................" "................" "................" ".....XXXXXX.....",
};
#define ART_SOLID(design, col, row) (art[row][(design) * 16 + (col)] == 'X')

typedef struct msx_sprite {
    int16_t x, y, w, h;     /* MSX px; the box is half-open */
    int16_t vx, vy;         /* px per frame, -2 .. 2 */
    uint8_t design, colour; /* art column, palette index */
} msx_sprite;

typedef struct msx_state {
    eo_gridmask_grid grid;  /* EO_GRIDMASK_LAYOUT_16, prepared once */
    msx_sprite spr[SPRITES];
    eo_box boxes[SPRITES];
    eo_gridmask masks[SPRITES], end_masks[SPRITES];   /* SPAN, and ENDPOINTS for the comparison */
    eo_pair cands[PAIRS], hits[PAIRS], misses[PAIRS];
    uint32_t cand_count, hit_count, miss_count, miss_total;
    uint8_t colliding[SPRITES];
    uint32_t frame;
    int selected;           /* -1: none. Input only: not hashed */
} msx_state;

static void *msx_create(const pg_config *cfg, char *err, size_t err_size)
{
    static const eo_gridmask_layout layout = EO_GRIDMASK_LAYOUT_16;
    msx_state *s = calloc(1, sizeof *s);
    pg_rng rng;
    eo_result r;

    if (!s) { snprintf(err, err_size, "msx: out of memory"); return NULL; }
    r = eo_gridmask_prepare(&layout, &s->grid);
    if (r != EO_OK) {
        snprintf(err, err_size, "msx: eo_gridmask_prepare: %s", eo_result_name(r));
        free(s);
        return NULL;
    }
    pg_rng_seed(&rng, cfg->seed);
    for (int i = 0; i < SPRITES; i++) {
        msx_sprite *p = &s->spr[i];
        int16_t size = (int16_t)(i >= BIG_FIRST ? 48 : 16);
        p->w = p->h = size;
        p->x = (int16_t)pg_rng_range(&rng, 0, MSX_W - size);
        p->y = (int16_t)pg_rng_range(&rng, 0, MSX_H - size);
        do {
            p->vx = (int16_t)pg_rng_range(&rng, -2, 2);
            p->vy = (int16_t)pg_rng_range(&rng, -2, 2);
        } while (p->vx == 0 && p->vy == 0);
        p->design = (uint8_t)(i >= BIG_FIRST ? 1 + (i & 1) : pg_rng_range(&rng, 0, 3));
        p->colour = sprite_colours[pg_rng_range(&rng, 0, (int32_t)sizeof sprite_colours - 1)];
    }
    s->selected = 0;
    return s;
}

static void msx_destroy(void *state)
{
    free(state);
}

/* ==== step: logic only ===================================================================== */

/* Moves along one axis and bounces so that at most half the sprite leaves the screen. */
static void bounce(int16_t *pos, int16_t *vel, int16_t size, int screen)
{
    int lo = -size / 2, hi = screen - size / 2, p = *pos + *vel;
    if (p < lo || p > hi) {
        p = p < lo ? 2 * lo - p : 2 * hi - p;
        *vel = (int16_t)-*vel;
    }
    *pos = (int16_t)p;
}

/* A click on the screen selects the front-most sprite under it (sprite 0 is in front, as on the
   MSX), or none. Positions are those the player saw: before this frame's move. */
static void pick(msx_state *s, int px, int py)
{
    int mx = (px - OX) / SCALE, my = (py - OY) / SCALE;
    if (px < OX || py < OY || px >= OX + MSX_W * SCALE || py >= OY + MSX_H * SCALE) return;
    s->selected = -1;
    for (int i = 0; i < SPRITES; i++) {
        const msx_sprite *p = &s->spr[i];
        if (mx >= p->x && mx < p->x + p->w && my >= p->y && my < p->y + p->h) {
            s->selected = i;
            return;
        }
    }
}

static void msx_step(void *state, const pg_input *in, pg_stats *stats)
{
    msx_state *s = state;
    uint32_t k, found = 0;
    double t0, t1, t2, t3;
    eo_result r;

    if (in && in->pointer_pressed && in->pointer_in)
        pick(s, in->pointer_x, in->pointer_y);
    for (int i = 0; i < SPRITES; i++) {
        msx_sprite *p = &s->spr[i];
        bounce(&p->x, &p->vx, p->w, MSX_W);
        bounce(&p->y, &p->vy, p->h, MSX_H);
        s->boxes[i].x = p->x; s->boxes[i].y = p->y; s->boxes[i].w = p->w; s->boxes[i].h = p->h;
    }

    t0 = pg_now_ms();
    r = eo_gridmask_build_many(&s->grid, EO_GRIDMASK_SPAN, s->boxes, SPRITES, s->masks, NULL);
    t1 = pg_now_ms();
    if (r == EO_OK)
        r = eo_gridmask_find_candidates(&s->grid, s->masks, SPRITES, s->cands, PAIRS, &found, NULL);
    t2 = pg_now_ms();
    s->cand_count = r == EO_OK ? found : 0;
    s->hit_count = 0;
    memset(s->colliding, 0, sizeof s->colliding);
    for (k = 0; k < s->cand_count; k++) {
        eo_pair pr = s->cands[k];
        if (eo_aabb_overlap(&s->boxes[pr.a], &s->boxes[pr.b])) {
            s->hits[s->hit_count++] = pr;
            s->colliding[pr.a] = s->colliding[pr.b] = 1;
        }
    }
    t3 = pg_now_ms();

    /* The classic masks on the same boxes: which real overlaps would they have thrown away? */
    s->miss_count = 0;
    if (r == EO_OK)
        r = eo_gridmask_build_many(&s->grid, EO_GRIDMASK_ENDPOINTS, s->boxes, SPRITES, s->end_masks, NULL);
    for (k = 0; r == EO_OK && k < s->hit_count; k++) {
        eo_pair pr = s->hits[k];
        eo_gridmask_verdict v = eo_gridmask_test(&s->grid, s->end_masks[pr.a], s->end_masks[pr.b], NULL);
        if (EO_GRIDMASK_ELIMINATED(v))
            s->misses[s->miss_count++] = pr;
    }
    s->miss_total += s->miss_count;
    s->frame++;

    pg_stats_phase(stats, "masks", t1 - t0, 1);
    pg_stats_phase(stats, "pairs", t2 - t1, 1);
    pg_stats_phase(stats, "exact", t3 - t2, 1);
    stats->objects = SPRITES;
    stats->candidates = stats->box_tests = s->cand_count;
    stats->hits = s->hit_count;
    pg_stats_counter(stats, "eliminated", (uint32_t)PAIRS - s->cand_count);
    pg_stats_counter(stats, "exact tests", s->cand_count);
    pg_stats_counter(stats, "hits", s->hit_count);
    pg_stats_counter(stats, "endpoints misses", s->miss_count);
    if (r != EO_OK)
        snprintf(stats->status, sizeof stats->status, "gridmask: %s", eo_result_name(r));
}

static uint64_t msx_hash(const void *state)
{
    const msx_state *s = state;
    uint64_t h = PG_HASH_INIT;
    uint32_t counts[4];
    for (int i = 0; i < SPRITES; i++) {
        const msx_sprite *p = &s->spr[i];
        int16_t v[6] = { p->x, p->y, p->w, p->h, p->vx, p->vy };
        uint8_t look[2] = { p->design, p->colour };
        h = pg_hash_bytes(h, v, sizeof v);
        h = pg_hash_bytes(h, look, sizeof look);
    }
    counts[0] = s->frame; counts[1] = s->cand_count; counts[2] = s->hit_count; counts[3] = s->miss_total;
    return pg_hash_bytes(h, counts, sizeof counts);
}

/* ==== draw: SDL only ======================================================================= */

static int pair_listed(const eo_pair *list, uint32_t n, int a, int b)
{
    for (uint32_t k = 0; k < n; k++)
        if (((int)list[k].a == a && (int)list[k].b == b) || ((int)list[k].a == b && (int)list[k].b == a)) return 1;
    return 0;
}

/* One sprite: its design's rows as runs, 1 art px = 1 MSX px (3 for a big sprite). */
static void draw_sprite(SDL_Renderer *r, const msx_sprite *p, uint32_t rgb)
{
    SDL_Rect runs[16 * 8];
    int n = 0, px = SCALE * (p->w / 16);
    for (int row = 0; row < 16; row++)
        for (int col = 0; col < 16; col++) {
            int start = col;
            if (!ART_SOLID(p->design, col, row)) continue;
            while (col + 1 < 16 && ART_SOLID(p->design, col + 1, row)) col++;
            runs[n].x = OX + p->x * SCALE + start * px;
            runs[n].y = OY + p->y * SCALE + row * px;
            runs[n].w = (col - start + 1) * px;
            runs[n].h = px;
            n++;
        }
    pg_color(r, rgb, 255);
    SDL_RenderFillRects(r, runs, n);
}

static void box_outline(SDL_Renderer *r, const msx_sprite *p, uint32_t rgb)
{
    pg_outline_rect(r, OX + p->x * SCALE, OY + p->y * SCALE, p->w * SCALE, p->h * SCALE, rgb, 255);
}

/* A byte of a mask as 8 boxes, bit 0 on the left. `holes` outlines bits SPAN sets and this lacks. */
static void draw_bits(SDL_Renderer *r, int y, const char *label, unsigned bits, unsigned holes,
                      int used, uint32_t rgb)
{
    pg_textf(r, PANEL_X, y, 0xCCCCCC, 1, "%s 0x%02X", label, bits);
    for (int b = 0; b < 8; b++) {
        int bx = PANEL_X + b * 20, by = y + 11;
        char digit[2] = { (char)('0' + b), 0 };
        if (bits >> b & 1u) {
            pg_fill_rect(r, bx, by, 16, 16, rgb, 255);
            pg_text(r, bx + 4, by + 4, digit, 0x000000, 1);
        } else {
            uint32_t off = b < used ? 0x606880 : 0x2A2E3C;   /* bits past the grid are dimmer */
            pg_outline_rect(r, bx, by, 16, 16, holes >> b & 1u ? MISS_RGB : off, 255);
            pg_text(r, bx + 4, by + 4, digit, off, 1);
        }
    }
}

static void draw_panel(SDL_Renderer *r, const msx_state *s)
{
    int y = 12, sel = s->selected;
    pg_text(r, PANEL_X, y, "MSX SCREEN", 0xFFFFFF, 2);
    pg_text(r, PANEL_X, y + 22, "8x6 cells of 32 px", 0x8890A8, 1);
    pg_textf(r, PANEL_X, y + 42, 0xCCCCCC, 1, "pairs in all   %4d", PAIRS);
    pg_textf(r, PANEL_X, y + 54, 0x8890A8, 1, "eliminated     %4u", (unsigned)(PAIRS - s->cand_count));
    pg_textf(r, PANEL_X, y + 66, CAND_RGB, 1, "exact tests    %4u", (unsigned)s->cand_count);
    pg_textf(r, PANEL_X, y + 78, HIT_RGB, 1, "hits           %4u", (unsigned)s->hit_count);
    pg_textf(r, PANEL_X, y + 96, MISS_RGB, 1, "endpoints miss %4u", (unsigned)s->miss_count);
    pg_textf(r, PANEL_X, y + 108, MISS_RGB, 1, " since start %6u", (unsigned)s->miss_total);
    y += 134;
    if (sel < 0) {
        pg_text(r, PANEL_X, y, "click a sprite", 0x8890A8, 1);
    } else {
        const msx_sprite *p = &s->spr[sel];
        unsigned span = (unsigned)s->masks[sel], ends = (unsigned)s->end_masks[sel];
        unsigned tested = 0, hit = 0;
        for (uint32_t k = 0; k < s->cand_count; k++)
            if ((int)s->cands[k].a == sel || (int)s->cands[k].b == sel) {
                tested++;
                hit += (unsigned)pair_listed(s->hits, s->hit_count, (int)s->cands[k].a, (int)s->cands[k].b);
            }
        pg_textf(r, PANEL_X, y, SELECT_RGB, 1, "sprite %d  %dx%d", sel, p->w, p->h);
        pg_textf(r, PANEL_X, y + 12, 0x8890A8, 1, "at %d,%d  v %d,%d", p->x, p->y, p->vx, p->vy);
        pg_textf(r, PANEL_X, y + 24, CAND_RGB, 1, "%u tested, %u hit", tested, hit);
        draw_bits(r, y + 44, "SPAN X", span & 0xFFu, 0, COLS, SELECT_RGB);
        draw_bits(r, y + 76, "SPAN Y", span >> 8 & 0xFFu, 0, ROWS, SELECT_RGB);
        draw_bits(r, y + 116, "ENDS X", ends & 0xFFu, (span & ~ends) & 0xFFu, COLS, MISS_RGB);
        draw_bits(r, y + 148, "ENDS Y", ends >> 8 & 0xFFu, (span & ~ends) >> 8 & 0xFFu, ROWS, MISS_RGB);
    }
    y = 12 + 134 + 192;
    pg_text(r, PANEL_X, y, "X byte: columns", 0x8890A8, 1);
    pg_text(r, PANEL_X, y + 12, "Y byte: rows", 0x8890A8, 1);
    pg_fill_rect(r, PANEL_X, y + 32, 12, 2, CAND_RGB, 255);
    pg_text(r, PANEL_X + 18, y + 29, "candidate", CAND_RGB, 1);
    pg_fill_rect(r, PANEL_X, y + 46, 12, 2, HIT_RGB, 255);
    pg_text(r, PANEL_X + 18, y + 43, "overlaps", HIT_RGB, 1);
    pg_outline_rect(r, PANEL_X, y + 56, 12, 12, MISS_RGB, 255);
    pg_text(r, PANEL_X + 18, y + 58, "ends would miss", MISS_RGB, 1);
}

static void msx_draw(void *state, const pg_draw_ctx *ctx)
{
    const msx_state *s = state;
    SDL_Renderer *r = ctx->renderer;
    SDL_Rect screen = { OX, OY, MSX_W * SCALE, MSX_H * SCALE };
    int strong = (ctx->debug & PG_DEBUG_GRID) != 0, sel = s->selected, i, c;

    pg_outline_rect(r, OX - 3, OY - 3, screen.w + 6, screen.h + 6, 0x2A2E5C, 255);
    pg_fill_rect(r, OX, OY, screen.w, screen.h, 0x000000, 255);
    if (sel >= 0) {   /* the selected sprite's columns and rows, and the cells where they cross */
        unsigned m = (unsigned)s->masks[sel];
        for (c = 0; c < COLS; c++)
            if (m >> c & 1u)
                pg_fill_rect(r, OX + c * CELL * SCALE, OY, CELL * SCALE, screen.h, SELECT_RGB, 20);
        for (i = 0; i < ROWS; i++)
            if (m >> (8 + i) & 1u)
                pg_fill_rect(r, OX, OY + i * CELL * SCALE, screen.w, CELL * SCALE, SELECT_RGB, 20);
        for (i = 0; i < ROWS; i++)
            for (c = 0; c < COLS; c++)
                if ((m >> c & 1u) && (m >> (8 + i) & 1u))
                    pg_fill_rect(r, OX + c * CELL * SCALE, OY + i * CELL * SCALE, CELL * SCALE,
                                 CELL * SCALE, SELECT_RGB, 40);
    }
    pg_color(r, strong ? GRID_STRONG : GRID_FAINT, 255);
    for (c = 1; c < COLS; c++)
        SDL_RenderDrawLine(r, OX + c * CELL * SCALE, OY, OX + c * CELL * SCALE, OY + screen.h - 1);
    for (i = 1; i < ROWS; i++)
        SDL_RenderDrawLine(r, OX, OY + i * CELL * SCALE, OX + screen.w - 1, OY + i * CELL * SCALE);
    if (strong) {
        for (c = 0; c < COLS; c++)
            pg_textf(r, OX + c * CELL * SCALE + 4, OY + screen.h - 12, GRID_STRONG, 1, "x%d", c);
        for (i = 0; i < ROWS; i++)
            pg_textf(r, OX + screen.w - 20, OY + i * CELL * SCALE + 4, GRID_STRONG, 1, "y%d", i);
    }

    SDL_RenderSetClipRect(r, &screen);   /* sprites leave the screen at its edges, as on the MSX */
    for (i = SPRITES - 1; i >= 0; i--) {   /* sprite 0 in front */
        const msx_sprite *p = &s->spr[i];
        int flash = s->colliding[i] && (ctx->frame & 7u) < 2u;   /* 2 frames in 8 */
        draw_sprite(r, p, msx_palette[flash ? 15 : p->colour]);   /* white */
        if (ctx->debug & PG_DEBUG_BOXES) box_outline(r, p, 0x606880);
    }
    for (uint32_t k = 0; k < s->miss_count; k++) {
        box_outline(r, &s->spr[s->misses[k].a], MISS_RGB);
        box_outline(r, &s->spr[s->misses[k].b], MISS_RGB);
    }
    if (sel >= 0) {
        const msx_sprite *p = &s->spr[sel];
        int cx = OX + (p->x * 2 + p->w) * SCALE / 2, cy = OY + (p->y * 2 + p->h) * SCALE / 2;
        for (uint32_t k = 0; k < s->cand_count; k++) {
            int other = (int)s->cands[k].a == sel ? (int)s->cands[k].b : (int)s->cands[k].b == sel ? (int)s->cands[k].a : -1;
            const msx_sprite *q;
            if (other < 0) continue;
            q = &s->spr[other];
            pg_color(r, pair_listed(s->hits, s->hit_count, sel, other) ? HIT_RGB : CAND_RGB, 255);
            SDL_RenderDrawLine(r, cx, cy, OX + (q->x * 2 + q->w) * SCALE / 2,
                               OY + (q->y * 2 + q->h) * SCALE / 2);
        }
        box_outline(r, p, SELECT_RGB);
    }
    SDL_RenderSetClipRect(r, NULL);
    draw_panel(r, s);
}

#ifdef PG_TESTING
/* What tests/playground/test_scene_msx.c reads after a step: the boxes tested, the SPAN and
   ENDPOINTS masks, the candidate and hit pairs; the selection (read and write); and where a solid
   pixel of a sprite is drawn (canvas px, the pixel's centre) in which colour (unflashed). */
void pg_msx_testing(const void *state, const eo_box **boxes, const eo_gridmask **span,
                    const eo_gridmask **ends, const eo_pair **cands, uint32_t *cand_count,
                    const eo_pair **hits, uint32_t *hit_count);
int *pg_msx_selection(void *state);
int pg_msx_sprite_pixel(const void *state, int index, int *cx, int *cy, uint32_t *rgb);

void pg_msx_testing(const void *state, const eo_box **boxes, const eo_gridmask **span,
                    const eo_gridmask **ends, const eo_pair **cands, uint32_t *cand_count,
                    const eo_pair **hits, uint32_t *hit_count)
{
    const msx_state *s = state;
    *boxes = s->boxes; *span = s->masks; *ends = s->end_masks;
    *cands = s->cands; *cand_count = s->cand_count; *hits = s->hits; *hit_count = s->hit_count;
}
int *pg_msx_selection(void *state)
{
    return &((msx_state *)state)->selected;
}
int pg_msx_sprite_pixel(const void *state, int index, int *cx, int *cy, uint32_t *rgb)
{
    const msx_sprite *p = &((const msx_state *)state)->spr[index];
    int k = p->w / 16;
    for (int row = 0; row < 16; row++)
        for (int col = 0; col < 16; col++) {
            int mx = p->x + col * k, my = p->y + row * k;
            if (!ART_SOLID(p->design, col, row) || mx < 0 || mx >= MSX_W || my < 0 || my >= MSX_H) continue;
            *cx = OX + mx * SCALE + k * SCALE / 2;
            *cy = OY + my * SCALE + k * SCALE / 2;
            *rgb = msx_palette[p->colour];
            return 1;
        }
    return 0;
}
#endif

const pg_scene pg_scene_msx = {
    .id = "msx",
    .title = "MSX screen",
    .source = "scene_msx.c",
    .about = "32 sprites on a 256x192 MSX screen: 16-bit grid masks (8x6 cells) throw out most of the 496 "
             "pairs before the exact box test; the classic endpoints masks would lose overlaps of the big sprites.",
    .keys = "click: select a sprite (its mask cells and candidate partners)",
    .create = msx_create,
    .destroy = msx_destroy,
    .step = msx_step,
    .draw = msx_draw,
    .hash = msx_hash,
};
