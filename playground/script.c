/* playground/script.c: input scripts and the headless runner (script.h). */
#include <stdio.h>
#include <string.h>

#include "keys.h"
#include "script.h"

/* Every button bit of the table (keys.h): what a random script may hold. */
static uint32_t all_buttons(void)
{
    uint32_t all = 0;
    for (int i = 0; i < PG_BUTTON_COUNT; i++) all |= pg_buttons[i].bit;
    return all;
}

int pg_script_parse(pg_script *script, const char *text, uint32_t seed, char *err, size_t err_size)
{
    memset(script, 0, sizeof *script);
    if (!text || !*text) return 1;
    if (strcmp(text, "random") == 0) {
        pg_rng rng;
        pg_rng_seed(&rng, seed ^ 0x5C41B7u);
        script->count = PG_SCRIPT_MAX_SPANS;
        for (int i = 0; i < script->count; i++) {
            script->frames[i] = (uint16_t)pg_rng_range(&rng, 1, 40);
            script->buttons[i] = (uint8_t)(pg_rng_next(&rng) & all_buttons());
        }
        return 1;
    }
    for (const char *p = text; *p;) {
        uint32_t frames = 0;
        uint8_t buttons = 0;
        int digits = 0;
        while (*p == ' ' || *p == ',') p++;
        if (!*p) break;
        while (*p >= '0' && *p <= '9') {
            if (frames <= 65535u) frames = frames * 10u + (uint32_t)(*p - '0');
            p++;
            digits++;
        }
        while (*p && *p != ' ' && *p != ',') {
            uint8_t bit = (uint8_t)pg_button_from_letter(*p);
            if (!bit) {
                char letters[2 * PG_BUTTON_COUNT + 1];
                for (int i = 0; i < PG_BUTTON_COUNT; i++) letters[2 * i] = pg_buttons[i].letter, letters[2 * i + 1] = ' ';
                letters[2 * PG_BUTTON_COUNT - 1] = '\0';
                snprintf(err, err_size, "input script: unknown button '%c' (use %s)", *p, letters);
                return 0;
            }
            buttons |= bit;
            p++;
        }
        if (!digits || frames < 1 || frames > 65535u) {
            snprintf(err, err_size, "input script: span %d needs a frame count 1 .. 65535", script->count + 1);
            return 0;
        }
        if (script->count == PG_SCRIPT_MAX_SPANS) {
            snprintf(err, err_size, "input script: more than %d spans", PG_SCRIPT_MAX_SPANS);
            return 0;
        }
        script->frames[script->count] = (uint16_t)frames;
        script->buttons[script->count] = buttons;
        script->count++;
    }
    return 1;
}

void pg_script_next(pg_script *script, pg_input *in)
{
    uint32_t buttons = 0;
    memset(in, 0, sizeof *in);
    if (script->count > 0) {
        if (script->left == 0) script->left = script->frames[script->span];
        buttons = script->buttons[script->span];
        if (--script->left == 0) script->span = (script->span + 1) % script->count;
    }
    in->buttons = buttons;
    in->pressed = buttons & ~script->held;
    script->held = buttons;
}

int pg_run_headless(const pg_scene *scene, const pg_config *cfg, const char *script_text, int frames,
                    pg_run_result *out, char *err, size_t err_size)
{
    pg_script script;
    pg_config c = *cfg;
    double total = 0.0, collision = 0.0, worst = 0.0;
    void *state;

    pg_config_clamp(scene, &c);
    if (!pg_script_parse(&script, script_text, c.seed, err, err_size)) return 0;
    state = scene->create(&c, err, err_size);
    if (!state) return 0;
    memset(out, 0, sizeof *out);
    out->cfg = c;
    for (int f = 0; f < frames; f++) {
        pg_input in;
        double t0 = pg_now_ms();
        pg_script_next(&script, &in);
        memset(&out->last, 0, sizeof out->last);
        scene->step(state, &in, &out->last);
        t0 = pg_now_ms() - t0;
        total += t0;
        if (t0 > worst) worst = t0;
        collision += out->last.collision_ms;
    }
    out->hash = scene->hash(state);
    out->frame_ms = frames > 0 ? total / frames : 0.0;
    out->collision_ms = frames > 0 ? collision / frames : 0.0;
    out->worst_ms = worst;
    scene->destroy(state);
    return 1;
}
