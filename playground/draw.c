/* playground/draw.c: rectangles and text on the logical canvas. Text is SDL's own 8x8 test font
   (SDLTest_DrawString from libSDL2_test), drawn at scale 2 by scaling the renderer for a moment. */
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

void pg_text(SDL_Renderer *r, int x, int y, const char *text, uint32_t rgb, int scale)
{
    float sx = 1.0f, sy = 1.0f;
    if (!text || !*text) return;
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

void pg_text_reset(void)
{
    SDLTest_CleanupTextDrawing();
}
