/* playground/hud.h: the overlays every scene shares: the HUD (scene, method, counts, phase
   timings), the frame-time graph (a ring buffer of the last frames) and the key help. */
#ifndef PLAYGROUND_HUD_H
#define PLAYGROUND_HUD_H

#include "scene.h"

#define PG_GRAPH_FRAMES 240

typedef struct pg_graph {
    float frame_ms[PG_GRAPH_FRAMES];
    float collision_ms[PG_GRAPH_FRAMES];
    int next, filled;
} pg_graph;

void pg_graph_push(pg_graph *g, double frame_ms, double collision_ms);
/// Mean of the last `frames` entries (frame or collision time).
double pg_graph_mean(const pg_graph *g, int frames, int collision);

typedef struct pg_hud_info {
    const pg_scene *scene;
    const pg_config *cfg;
    const pg_stats *stats;
    double frame_ms;       /* mean whole-frame time */
    double collision_ms;   /* mean collision time */
    int paused;
    uint32_t frame;
    uint32_t debug;
} pg_hud_info;

void pg_hud_draw(SDL_Renderer *r, const pg_hud_info *info);
void pg_graph_draw(SDL_Renderer *r, const pg_graph *g);
void pg_help_draw(SDL_Renderer *r, const pg_scene *scene);

#endif
