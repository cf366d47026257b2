/* playground/script.h: recorded input for deterministic runs, and the headless runner.

   An input script is text: spans "<frames><buttons>" separated by spaces, where buttons are
   the letters of PG_BUTTON_LIST (L R U D J A: left, right, up, down, jump, action) or none: "30R 5RJ 20 10L" holds
   right for 30 frames, right+jump for 5, nothing for 20, left for 10. After the last span the
   script starts again from the first. "random" makes a script from the seed: random buttons
   held for 1 .. 40 frames at a time. */
#ifndef PLAYGROUND_SCRIPT_H
#define PLAYGROUND_SCRIPT_H

#include "scene.h"

#define PG_SCRIPT_MAX_SPANS 256

typedef struct pg_script {
    int count;                        /* spans; 0: no input */
    uint16_t frames[PG_SCRIPT_MAX_SPANS];
    uint8_t buttons[PG_SCRIPT_MAX_SPANS];
    int span, left;                   /* playback position */
    uint32_t held;                    /* last frame's buttons (for `pressed`) */
} pg_script;

/// Parses text (NULL or "" is an empty script). Returns 0 with a message in err on a malformed
/// script (a span without frames, frames outside 1 .. 65535, an unknown letter, too many spans).
int pg_script_parse(pg_script *script, const char *text, uint32_t seed, char *err, size_t err_size);

/// The next frame's input.
void pg_script_next(pg_script *script, pg_input *in);

/// What a headless run ends with.
typedef struct pg_run_result {
    pg_config cfg;          /* what ran: the configuration after pg_config_clamp */
    uint64_t hash;          /* the scene's state hash after the last frame */
    double frame_ms;        /* mean time of a step (no drawing) */
    double collision_ms;    /* mean of the steps' collision phases */
    double worst_ms;        /* the slowest step */
    pg_stats last;          /* the last frame's stats */
} pg_run_result;

/// Creates the scene from cfg, steps it `frames` times with the script's input (no drawing),
/// and fills *out. Returns 0 with a message in err if the scene cannot be created or the script
/// is malformed.
int pg_run_headless(const pg_scene *scene, const pg_config *cfg, const char *script_text, int frames,
                    pg_run_result *out, char *err, size_t err_size);

#endif
