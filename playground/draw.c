/* playground/draw.c: rectangles and text on the logical canvas, and a way to draw in output
   pixels over part of it. Text is SDL's own 8x8 test font (SDLTest_DrawString from libSDL2_test),
   drawn at scale k by scaling the renderer for a moment. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "scene.h"

#include <SDL_test_font.h>

void pg_color(SDL_Renderer *r, uint32_t rgb, uint8_t alpha)
{
    SDL_SetRenderDrawBlendMode(r, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, (uint8_t)(rgb >> 16), (uint8_t)(rgb >> 8), (uint8_t)rgb, alpha);
}

void pg_fill_rect(SDL_Renderer *r, int x, int y, int w, int h, uint32_t rgb, uint8_t alpha)
{
    SDL_Rect rect = { x, y, w, h };
    if (w <= 0 || h <= 0) return;
    pg_color(r, rgb, alpha);
    SDL_RenderFillRect(r, &rect);
}

void pg_outline_rect(SDL_Renderer *r, int x, int y, int w, int h, uint32_t rgb, uint8_t alpha)
{
    SDL_Rect rect = { x, y, w, h };
    if (w <= 0 || h <= 0) return;
    pg_color(r, rgb, alpha);
    SDL_RenderDrawRect(r, &rect);
}

/* The box text must stay in (pg_text_box), and what left it: kept for the tests (PG_TESTING). */
static SDL_Rect text_box;
static int text_box_on, text_outside;

void pg_text_box(const SDL_Rect *box)
{
    text_box_on = box != NULL;
    if (box) text_box = *box;
}

int pg_text_outside(void)
{
    int n = text_outside;
    text_outside = 0;
    return n;
}

void pg_text(SDL_Renderer *r, int x, int y, const char *text, uint32_t rgb, int scale)
{
    float sx = 1.0f, sy = 1.0f;
    int w;
    if (!text || !*text) return;
    if (scale < 1) scale = 1;
    w = (int)strlen(text) * FONT_CHARACTER_SIZE * scale;
    if (text_box_on && (x < text_box.x || y < text_box.y || x + w > text_box.x + text_box.w ||
                        y + FONT_CHARACTER_SIZE * scale > text_box.y + text_box.h))
        text_outside++;
    pg_color(r, rgb, 255);
    if (scale > 1) {
        SDL_RenderGetScale(r, &sx, &sy);
        SDL_RenderSetScale(r, sx * (float)scale, sy * (float)scale);
        SDLTest_DrawString(r, x / scale, y / scale, text);
        SDL_RenderSetScale(r, sx, sy);
    } else {
        SDLTest_DrawString(r, x, y, text);
    }
}

int pg_text_wrap(SDL_Renderer *r, int x, int y, int width, int leading, const char *text, uint32_t rgb, int scale)
{
    int per_line = width / (FONT_CHARACTER_SIZE * (scale < 1 ? 1 : scale)), top = y;
    char line[256];
    if (!text) return 0;
    if (per_line < 1) per_line = 1;
    if (per_line > (int)sizeof line - 1) per_line = (int)sizeof line - 1;
    while (*text) {
        int n = (int)strlen(text), cut = n;
        if (n > per_line) {   /* the last space that fits, or a hard cut in a long word */
            cut = per_line;
            while (cut > 0 && text[cut] != ' ') cut--;
            if (cut == 0) cut = per_line;
        }
        memcpy(line, text, (size_t)cut);
        line[cut] = '\0';
        pg_text(r, x, y, line, rgb, scale);
        y += leading;
        text += cut;
        while (*text == ' ') text++;
    }
    return y - top;
}

int pg_px_begin(SDL_Renderer *r, int lx, int ly, int lw, int lh, pg_px_area *area)
{
    int ow = 0, oh = 0, logical_w = 0, logical_h = 0;
    float s;
    SDL_RenderGetLogicalSize(r, &logical_w, &logical_h);
    if (SDL_GetRendererOutputSize(r, &ow, &oh) != 0 || ow <= 0 || oh <= 0) return 0;
    area->logical_w = logical_w;
    area->logical_h = logical_h;
    if (logical_w > 0 && logical_h > 0) {
        /* As SDL maps the logical canvas: the smaller scale, centred. */
        float sw = (float)ow / (float)logical_w, sh = (float)oh / (float)logical_h;
        float ox, oy;
        s = sw < sh ? sw : sh;
        ox = ((float)ow - (float)logical_w * s) / 2.0f;
        oy = ((float)oh - (float)logical_h * s) / 2.0f;
        area->x = (int)(ox + (float)lx * s + 0.5f);
        area->y = (int)(oy + (float)ly * s + 0.5f);
        area->w = (int)(ox + (float)(lx + lw) * s + 0.5f) - area->x;
        area->h = (int)(oy + (float)(ly + lh) * s + 0.5f) - area->y;
        SDL_RenderSetLogicalSize(r, 0, 0);   /* now coordinates are output pixels */
    } else {
        s = 1.0f;   /* no logical size (a test's software renderer): output pixels already */
        area->x = lx, area->y = ly, area->w = lw, area->h = lh;
    }
    area->scale = s;
    return 1;
}

void pg_px_end(SDL_Renderer *r, const pg_px_area *area)
{
    if (area->logical_w > 0 && area->logical_h > 0) SDL_RenderSetLogicalSize(r, area->logical_w, area->logical_h);
}

void pg_textf(SDL_Renderer *r, int x, int y, uint32_t rgb, int scale, const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    pg_text(r, x, y, line, rgb, scale);
}

int pg_text_width(const char *text)
{
    return text ? (int)strlen(text) * FONT_CHARACTER_SIZE : 0;
}

int pg_font_size(void)
{
    return FONT_CHARACTER_SIZE;
}

void pg_text_reset(void)
{
    SDLTest_CleanupTextDrawing();
}
