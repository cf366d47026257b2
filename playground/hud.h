/* playground/hud.h: what the platform draws around a scene: the status bar under the scene's
   view (scene, method, counts, timings, and the frame-time graph at its right end) and the key
   help, which replaces the scene's picture while it is open. Nothing here draws over the scene,
   and text is drawn in whole output pixels per font pixel (crisp at any canvas size), cut to
   the room it has. */
#ifndef PLAYGROUND_HUD_H
#define PLAYGROUND_HUD_H

#include "scene.h"

#define PG_GRAPH_FRAMES 240
#define PG_MEAN_FRAMES 30   /* the HUD's and the page's frame times: means of this many frames */

typedef struct pg_graph {
    float frame_ms[PG_GRAPH_FRAMES];
    float collision_ms[PG_GRAPH_FRAMES];
    int next, filled;
} pg_graph;

void pg_graph_push(pg_graph *g, double frame_ms, double collision_ms);
/// Mean of the last `frames` entries (frame or collision time).
double pg_graph_mean(const pg_graph *g, int frames, int collision);
/// The longest frame of the last `frames`.
double pg_graph_max(const pg_graph *g, int frames);

typedef struct pg_hud_info {
    const pg_scene *scene;
    const pg_config *cfg;
    const pg_stats *stats;
    const pg_graph *graph;   /* the frame times: their means, and the graph */
    int show_graph;
    int paused;
    const char *error;       /* the scene could not start: why, or "" */
} pg_hud_info;

/// The status bar, in the logical rectangle 0, PG_VIEW_H .. PG_VIEW_W, PG_CANVAS_H.
void pg_hud_draw(SDL_Renderer *r, const pg_hud_info *info);
/// The key help over the scene's whole view (the scene is not drawn under it).
void pg_help_draw(SDL_Renderer *r, const pg_scene *scene);

#endif
