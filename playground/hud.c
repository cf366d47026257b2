/* playground/hud.c: the status bar under the scene, the frame-time graph at its right end, and
   the key help (hud.h). Both draw in output pixels (pg_px_begin) with a whole number of pixels
   per font pixel, chosen from the room they have: 16 px glyphs in a desktop browser, 8 CSS px
   (24 device px) on a phone, where the page also shows every number in HTML. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hud.h"
#include "keys.h"

#define HUD_BG 0x0b0d12
#define INK 0xe6e6e6
#define DIM 0xa9b1c2
#define ACCENT 0x7fd4ff
#define FRAME_INK 0xc3cad8   /* the graph's frame-time bars, and the text that names them */
#define GRAPH_FRAME 0x6f7a8c
#define GOOD 0x7ee08a
#define BAD 0xff6b6b

void pg_graph_push(pg_graph *g, double frame_ms, double collision_ms)
{
    g->frame_ms[g->next] = (float)frame_ms;
    g->collision_ms[g->next] = (float)collision_ms;
    g->next = (g->next + 1) % PG_GRAPH_FRAMES;
    if (g->filled < PG_GRAPH_FRAMES) g->filled++;
}

double pg_graph_mean(const pg_graph *g, int frames, int collision)
{
    double sum = 0.0;
    int n = frames < g->filled ? frames : g->filled;
    for (int i = 1; i <= n; i++) {
        int k = (g->next - i + PG_GRAPH_FRAMES) % PG_GRAPH_FRAMES;
        sum += collision ? g->collision_ms[k] : g->frame_ms[k];
    }
    return n ? sum / n : 0.0;
}

double pg_graph_max(const pg_graph *g, int frames)
{
    double most = 0.0;
    int n = frames < g->filled ? frames : g->filled;
    for (int i = 1; i <= n; i++) {
        int k = (g->next - i + PG_GRAPH_FRAMES) % PG_GRAPH_FRAMES;
        if (g->frame_ms[k] > most) most = g->frame_ms[k];
    }
    return most;
}

/* ---- the status bar ------------------------------------------------------------------------ */

/* A piece of a bar line. A line shows its fields left to right, as many as fit: the first ones
   matter most. */
typedef struct field {
    char text[160];
    uint32_t rgb;
} field;

static int add(field *f, int n, uint32_t rgb, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static int add(field *f, int n, uint32_t rgb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f[n].text, sizeof f[n].text, fmt, ap);
    va_end(ap);
    f[n].rgb = rgb;
    return n + 1;
}

/* 12345 -> "12,345" */
static const char *grouped(char *buf, size_t size, uint32_t v)
{
    char digits[16];
    int n = snprintf(digits, sizeof digits, "%u", (unsigned)v), at = 0;
    for (int i = 0; i < n && at + 2 < (int)size; i++) {
        if (i > 0 && (n - i) % 3 == 0) buf[at++] = ',';
        buf[at++] = digits[i];
    }
    buf[at] = '\0';
    return buf;
}

/* Draws fields from x while they fit before x + width; the first one is cut to fit if it must. */
static void draw_line(SDL_Renderer *r, int x, int y, int width, int k, field *f, int n)
{
    const int glyph = pg_font_size() * k, gap = 2 * glyph;
    int left = width;
    for (int i = 0; i < n; i++) {
        int w = (int)strlen(f[i].text) * glyph;
        if (w > left) {
            if (i > 0 || left < 4 * glyph) break;
            f[i].text[left / glyph - 3] = '\0';   /* only the first field is ever cut */
            strcat(f[i].text, "...");
            w = (int)strlen(f[i].text) * glyph;
        }
        pg_text(r, x, y, f[i].text, f[i].rgb, k);
        x += w + gap;
        left -= w + gap;
    }
}

/* Frame time (grey) and collision time (green) of the last frames, one column each, newest on
   the right; the line is 16.7 ms (a 60 Hz frame), the top 33.4 ms. */
static void draw_graph(SDL_Renderer *r, const pg_graph *g, int x0, int y0, int w, int h)
{
    const float full = 33.4f;
    int n = g->filled < w ? g->filled : w, line = y0 + h - (int)(16.7f / full * (float)h);
    pg_fill_rect(r, x0, y0, w, h, 0x151922, 255);
    for (int i = 0; i < n; i++) {
        int k = (g->next - n + i + PG_GRAPH_FRAMES) % PG_GRAPH_FRAMES, x = x0 + w - n + i;
        float f = g->frame_ms[k] > full ? full : g->frame_ms[k];
        float c = g->collision_ms[k] > full ? full : g->collision_ms[k];
        pg_color(r, GRAPH_FRAME, 255);
        SDL_RenderDrawLine(r, x, y0 + h - 1, x, y0 + h - 1 - (int)(f / full * (float)(h - 1)));
        pg_color(r, GOOD, 255);
        SDL_RenderDrawLine(r, x, y0 + h - 1, x, y0 + h - 1 - (int)(c / full * (float)(h - 1)));
    }
    pg_color(r, 0x8a93a6, 255);
    SDL_RenderDrawLine(r, x0, line, x0 + w - 1, line);
}

void pg_hud_draw(SDL_Renderer *r, const pg_hud_info *info)
{
    const pg_stats *s = info->stats;
    const pg_config *c = info->cfg;
    const pg_scene *sc = info->scene;
    pg_px_area a;
    field line1[8], line2[8];
    int n1 = 0, n2 = 0, k, pad, top, text_w, mean = pg_ms_decimals(PG_MEAN_FRAMES);
    char num[3][24];
    SDL_Rect box;

    if (!pg_px_begin(r, 0, PG_VIEW_H, PG_VIEW_W, PG_BAR_H, &a)) return;
    /* Two lines of glyphs k px to a font pixel, 10k apart, centred, with at least 3k above and
       below: 64 logical px hold 16 px glyphs from a scale of 0.75 up. */
    k = a.h / (3 * pg_font_size());
    k = k < 1 ? 1 : k;
    pad = 2 * k;
    top = a.y + (a.h - 18 * k) / 2;
    pg_fill_rect(r, a.x, a.y, a.w, a.h, HUD_BG, 255);
    pg_fill_rect(r, a.x, a.y, a.w, k > 1 ? k / 2 : 1, 0x3a404c, 255);
    text_w = a.w - 2 * pad * 2;
    /* The graph takes a quarter of the bar where 36 characters still fit beside it (not on a
       phone: the numbers matter more there, and the page shows them too). */
    if (info->show_graph && (a.w * 3 / 4) / (pg_font_size() * k) >= 36) {
        int gw = a.w / 4 < PG_GRAPH_FRAMES * k ? a.w / 4 : PG_GRAPH_FRAMES * k;
        draw_graph(r, info->graph, a.x + a.w - gw - 2 * pad, a.y + pad, gw, a.h - 2 * pad);
        text_w -= gw + 2 * pad;
    }

    n1 = add(line1, n1, ACCENT, "%s", sc->title);
    if (info->paused) n1 = add(line1, n1, BAD, "PAUSED");
    if (sc->methods) n1 = add(line1, n1, INK, "%s", pg_method_title(c->method));
    if (sc->max_count) n1 = add(line1, n1, INK, "%s objects", grouped(num[0], sizeof num[0], (uint32_t)c->count));
    if (c->cell) n1 = add(line1, n1, INK, "cell %d px", c->cell);
    n1 = add(line1, n1, DIM, "seed %u", (unsigned)c->seed);
    n1 = add(line1, n1, DIM, "H: keys");

    if (info->error && info->error[0]) {
        n2 = add(line2, n2, BAD, "%s", info->error);
    } else if (s->status[0]) {
        n2 = add(line2, n2, BAD, "%s", s->status);
    } else {
        n2 = add(line2, n2, FRAME_INK, "frame %.*f ms", mean, pg_graph_mean(info->graph, PG_MEAN_FRAMES, 0));
        n2 = add(line2, n2, GOOD, "collision %.*f ms", mean, pg_graph_mean(info->graph, PG_MEAN_FRAMES, 1));
        n2 = add(line2, n2, INK, "%s candidates", grouped(num[0], sizeof num[0], s->candidates));
        n2 = add(line2, n2, INK, "%s box tests", grouped(num[1], sizeof num[1], s->box_tests));
        n2 = add(line2, n2, INK, "%s hits", grouped(num[2], sizeof num[2], s->hits));
    }
    box.x = a.x + 2 * pad, box.y = a.y, box.w = text_w, box.h = a.h;
    pg_text_box(&box);
    draw_line(r, box.x, top, text_w, k, line1, n1);
    draw_line(r, box.x, top + 10 * k, text_w, k, line2, n2);
    pg_text_box(NULL);
    pg_px_end(r, &a);
}

/* ---- the key help -------------------------------------------------------------------------- */

/* Where the help writes next: rows of glyphs k px a font pixel, each drawn only if `draw` and
   only if it fits above `bottom` (a canvas too small for all of it shows what fits). */
typedef struct pen {
    SDL_Renderer *r;
    int x, y, w, bottom, k, draw;
} pen;

/* `text` at dx from the left, wrapped at spaces to the room it has; the pen moves past it. */
static void pen_write(pen *p, int dx, const char *text, uint32_t rgb)
{
    const int glyph = pg_font_size() * p->k;
    int per_line = (p->w - dx) / glyph;
    char line[160];
    if (per_line < 1) per_line = 1;
    if (per_line > (int)sizeof line - 1) per_line = (int)sizeof line - 1;
    while (text && *text) {
        int n = (int)strlen(text), cut = n;
        if (n > per_line) {
            cut = per_line;
            while (cut > 0 && text[cut] != ' ') cut--;
            if (cut == 0) cut = per_line;
        }
        memcpy(line, text, (size_t)cut);
        line[cut] = '\0';
        if (p->draw && p->y + glyph <= p->bottom) pg_text(p->r, p->x + dx, p->y, line, rgb, p->k);
        p->y += 10 * p->k;
        text += cut;
        while (*text == ' ') text++;
    }
}

/* A key and what it does, in two columns. */
static void write_key(pen *p, const char *keys, const char *help)
{
    if (p->draw && p->y + pg_font_size() * p->k <= p->bottom) pg_text(p->r, p->x, p->y, keys, ACCENT, p->k);
    pen_write(p, 9 * pg_font_size() * p->k, help, INK);
}

/* The help; returns the height it takes (drawn or not). */
static int help_layout(pen *p, const pg_scene *scene)
{
    const int top = p->y, leading = 10 * p->k;
    char row[160];
    if (p->draw && p->y + 2 * pg_font_size() * p->k <= p->bottom) pg_text(p->r, p->x, p->y, scene->title, ACCENT, 2 * p->k);
    p->y += 2 * leading;
    pen_write(p, 0, scene->about, INK);
    p->y += leading / 2;
    for (int i = 0; i < PG_KEY_COUNT; i++) write_key(p, pg_keys[i].keys, pg_keys[i].help);
    write_key(p, "click", "select an object");
    write_key(p, "Esc", "close this help");
    p->y += leading / 2;
    for (int i = 0; i < PG_BUTTON_COUNT; i++)
        if (scene->buttons & pg_buttons[i].bit) {
            snprintf(row, sizeof row, "%s: %s", pg_buttons[i].keys, pg_buttons[i].name);
            pen_write(p, 0, row, INK);
        }
    if (scene->keys && scene->keys[0]) {
        snprintf(row, sizeof row, "this scene: %s", scene->keys);
        pen_write(p, 0, row, DIM);
    }
    return p->y - top;
}

void pg_help_draw(SDL_Renderer *r, const pg_scene *scene)
{
    pg_px_area a;
    SDL_Rect box;
    int k, margin;
    if (!pg_px_begin(r, 0, 0, PG_VIEW_W, PG_VIEW_H, &a)) return;
    pg_fill_rect(r, a.x, a.y, a.w, a.h, HUD_BG, 255);
    /* The largest glyphs that fit the help in the view with rows of 40 characters or more. */
    for (k = a.h / (24 * pg_font_size()) + 1; k > 1; k--) {
        pen m = { r, 0, 0, 0, 0, 0, 0 };
        margin = 2 * pg_font_size() * k;
        m.w = a.w - 2 * margin, m.k = k;
        if (help_layout(&m, scene) <= a.h - 2 * margin && m.w / (pg_font_size() * k) >= 40) break;
    }
    margin = 2 * pg_font_size() * k;
    pg_outline_rect(r, a.x + margin / 2, a.y + margin / 2, a.w - margin, a.h - margin, ACCENT, 255);
    box.x = a.x + margin, box.y = a.y + margin, box.w = a.w - 2 * margin, box.h = a.h - 2 * margin;
    pg_text_box(&box);
    {
        pen p = { r, 0, 0, 0, 0, 0, 1 };
        p.x = box.x, p.y = box.y, p.w = box.w, p.bottom = box.y + box.h, p.k = k;
        help_layout(&p, scene);
    }
    pg_text_box(NULL);
    pg_px_end(r, &a);
}
