/* playground/hud.c: HUD, frame-time graph and key help (hud.h). */
#include <stdio.h>

#include "hud.h"

#define HUD_BG 0x0b0d12
#define INK 0xe6e6e6
#define DIM 0x9aa3b5
#define ACCENT 0x7fd4ff
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

void pg_hud_draw(SDL_Renderer *r, const pg_hud_info *info)
{
    const pg_stats *s = info->stats;
    const pg_config *c = info->cfg;
    int x = 8, y = 8, lines = 5 + (s->phase_count + 1) / 2 + (s->counter_count + 1) / 2 + (s->status[0] ? 1 : 0);
    char line[160];

    pg_fill_rect(r, 4, 4, 320, 8 + lines * 12, HUD_BG, 210);
    snprintf(line, sizeof line, "%s%s", info->scene->title, info->paused ? "  [paused]" : "");
    pg_text(r, x, y, line, ACCENT, 1);
    y += 12;
    if (info->scene->methods) {
        if (info->scene->default_cell)
            snprintf(line, sizeof line, "%s  n=%d  cell %d", pg_method_title(c->method), c->count, c->cell);
        else
            snprintf(line, sizeof line, "%s  n=%d", pg_method_title(c->method), c->count);
    } else if (info->scene->max_count) {
        snprintf(line, sizeof line, "n=%d  seed %u", c->count, (unsigned)c->seed);
    } else {
        snprintf(line, sizeof line, "seed %u", (unsigned)c->seed);
    }
    pg_text(r, x, y, line, INK, 1);
    y += 12;
    snprintf(line, sizeof line, "frame %.2f ms  collision %.2f ms", info->frame_ms, info->collision_ms);
    pg_text(r, x, y, line, info->frame_ms > 16.7 ? BAD : GOOD, 1);
    y += 12;
    for (int i = 0; i < s->phase_count; i += 2) {
        if (i + 1 < s->phase_count)
            snprintf(line, sizeof line, "%-10s %6.2f  %-10s %6.2f", s->phase_name[i], s->phase_ms[i],
                     s->phase_name[i + 1], s->phase_ms[i + 1]);
        else
            snprintf(line, sizeof line, "%-10s %6.2f", s->phase_name[i], s->phase_ms[i]);
        pg_text(r, x, y, line, DIM, 1);
        y += 12;
    }
    snprintf(line, sizeof line, "cand %u  tests %u  hits %u", (unsigned)s->candidates, (unsigned)s->box_tests,
             (unsigned)s->hits);
    pg_text(r, x, y, line, INK, 1);
    y += 12;
    for (int i = 0; i < s->counter_count; i += 2) {
        if (i + 1 < s->counter_count)
            snprintf(line, sizeof line, "%s %u  %s %u", s->counter_name[i], (unsigned)s->counter[i],
                     s->counter_name[i + 1], (unsigned)s->counter[i + 1]);
        else
            snprintf(line, sizeof line, "%s %u", s->counter_name[i], (unsigned)s->counter[i]);
        pg_text(r, x, y, line, DIM, 1);
        y += 12;
    }
    if (s->status[0]) {
        pg_text(r, x, y, s->status, BAD, 1);
        y += 12;
    }
    pg_text(r, x, y, "H: keys", DIM, 1);
}

void pg_graph_draw(SDL_Renderer *r, const pg_graph *g)
{
    const int w = PG_GRAPH_FRAMES, h = 70, x0 = PG_VIEW_W - w - 8, y0 = PG_VIEW_H - h - 8;
    const float full = 33.4f;   /* ms at the top of the graph: two 60 Hz frames */
    pg_fill_rect(r, x0 - 4, y0 - 14, w + 8, h + 18, HUD_BG, 210);
    pg_text(r, x0, y0 - 11, "frame", DIM, 1);
    pg_text(r, x0 + 48, y0 - 11, "collision", GOOD, 1);
    pg_text(r, x0 + w - 56, y0 - 11, "16.7 ms", DIM, 1);
    pg_color(r, 0x555b66, 255);
    SDL_RenderDrawLine(r, x0, y0 + h - (int)(16.7f / full * (float)h), x0 + w - 1, y0 + h - (int)(16.7f / full * (float)h));
    for (int i = 0; i < g->filled; i++) {
        int k = (g->next - g->filled + i + PG_GRAPH_FRAMES) % PG_GRAPH_FRAMES;
        int x = x0 + (PG_GRAPH_FRAMES - g->filled) + i;
        float f = g->frame_ms[k] > full ? full : g->frame_ms[k];
        float c = g->collision_ms[k] > full ? full : g->collision_ms[k];
        pg_color(r, 0x6f7a8c, 255);
        SDL_RenderDrawLine(r, x, y0 + h, x, y0 + h - (int)(f / full * (float)h));
        pg_color(r, GOOD, 255);
        SDL_RenderDrawLine(r, x, y0 + h, x, y0 + h - (int)(c / full * (float)h));
    }
}

void pg_help_draw(SDL_Renderer *r, const pg_scene *scene)
{
    static const char *const shared[] = {
        "P          pause / resume",
        "O          one step (while paused)",
        "R          restart      N  new seed",
        "] [        next / previous scene",
        "M          next broadphase method",
        "+ -        more / fewer objects",
        ". ,        larger / smaller cells",
        "D          debug layers on / off",
        "G          frame-time graph",
        "click      select an object",
        "H          this help",
    };
    const int w = 560, h = 64 + 12 * (int)(sizeof shared / sizeof shared[0]) + 40;
    int x = (PG_VIEW_W - w) / 2, y = (PG_VIEW_H - h) / 2;
    pg_fill_rect(r, x, y, w, h, HUD_BG, 235);
    pg_outline_rect(r, x, y, w, h, ACCENT, 255);
    pg_text(r, x + 16, y + 12, scene->title, ACCENT, 2);
    pg_text(r, x + 16, y + 34, scene->about, INK, 1);
    y += 54;
    for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++, y += 12) pg_text(r, x + 16, y, shared[i], INK, 1);
    if (scene->keys && scene->keys[0]) {
        pg_text(r, x + 16, y + 8, "this scene:", ACCENT, 1);
        pg_text(r, x + 112, y + 8, scene->keys, INK, 1);
    }
}
