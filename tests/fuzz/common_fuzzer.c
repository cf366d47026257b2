/* libFuzzer target for common.h: result, event and counter names and texts against the X-macro
   tables they are defined by (every byte value, in and out of the tables), and the hook buffer
   under random record sequences against a model of it: steps written in order up to the
   capacity, the rest counted in steps_lost (saturating at 65535), reset and init clearing it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The tables, as the headers define them: the oracle for the name functions. */
typedef struct named {
    int value;
    const char *name, *text;
} named;

static const named results[] = {
#define R_(name, value, text) { value, #name, text },
    EO_RESULT_TABLE(R_)
#undef R_
};
static const named events[] = {
#define E_(name, value, text) { value, #name, text },
    EO_EVENT_TABLE(E_)
#undef E_
};
static const char *const counters[] = {
#define C_(name, text) #name,
    EO_COUNTER_TABLE(C_)
#undef C_
};

static const named *find(const named *t, size_t n, int value)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (t[i].value == value)
            return &t[i];
    return NULL;
}

static void check_names(int v)
{
    const named *r = find(results, sizeof results / sizeof results[0], v);
    const named *e = find(events, sizeof events / sizeof events[0], v & 0xFF);
    const char *rn = eo_result_name((eo_result)v), *rt = eo_result_text((eo_result)v);
    if (rn == NULL || rt == NULL || strcmp(rn, r ? r->name : "EO_ERR_UNKNOWN") != 0 ||
        strcmp(rt, r ? r->text : "unknown result code") != 0)
        abort();
    if (strcmp(eo_event_name((uint8_t)v), e ? e->name : "EO_EV_UNKNOWN") != 0)
        abort();
    if (strcmp(eo_counter_name((uint8_t)v),
               (v & 0xFF) < (int)(sizeof counters / sizeof counters[0]) ? counters[v & 0xFF] : "EO_COUNTER_UNKNOWN") != 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    eo_hooks hooks;
    eo_trace_step *steps;
    uint16_t cap, model_count = 0, model_lost = 0;
    uint32_t n, i;
    uint8_t with_buffer;

    fz_init(&f, data, size);
    check_names((int)(int8_t)fz_u8(&f)); /* negative values too: an enum may hold them */
    check_names(fz_u8(&f));
    if (sizeof results / sizeof results[0] != EO_RESULT_COUNT_ || sizeof counters / sizeof counters[0] != EO_COUNTER_COUNT)
        abort();

    /* the hook buffer against its model; a count of lost steps set near 65535 shows the saturation */
    cap = (uint16_t)fz_below(&f, 64);
    with_buffer = fz_u8(&f) & 1u;
    steps = malloc(sizeof *steps * (cap ? cap : 1u));
    eo_hooks_init(&hooks, with_buffer ? steps : NULL, cap);
    if (hooks.step_count != 0 || hooks.steps_lost != 0 || hooks.step_capacity != (with_buffer ? cap : 0))
        abort();
    for (i = 0; i < EO_COUNTER_COUNT; i++)
        if (hooks.counters[i] != 0)
            abort();
    if ((fz_u8(&f) & 3u) == 0) /* near saturation (plain data: a caller may set it) */
        hooks.steps_lost = model_lost = (uint16_t)(65535u - fz_below(&f, 8));
    n = fz_below(&f, 200);
    for (i = 0; i < n; i++) {
        static const char *const files[] = { "core/src/gridmask.c", "core/src/move.c", "" };
        uint8_t ev = fz_u8(&f);
        const char *file = files[fz_below(&f, 3)];
        uint16_t line = fz_u16(&f);
        int32_t a = (int32_t)fz_u32(&f), b = (int32_t)fz_u32(&f);
        if ((fz_u8(&f) & 31u) == 0) { /* a reset now and then */
            eo_hooks_reset(&hooks);
            model_count = model_lost = 0;
            hooks.counters[i % EO_COUNTER_COUNT] = 7u; /* reset must clear counters too */
            eo_hooks_reset(&hooks);
            if (hooks.counters[i % EO_COUNTER_COUNT] != 0)
                abort();
        }
        eo_hooks_record(&hooks, ev, file, line, a, b);
        if (with_buffer && model_count < cap) {
            const eo_trace_step *s = &steps[model_count++];
            if (s->event != ev || s->file != file || s->unused_ != 0 || s->line != line || s->a != a || s->b != b)
                abort();
        } else if (model_lost != UINT16_MAX) {
            model_lost++;
        }
        if (hooks.step_count != model_count || hooks.steps_lost != model_lost)
            abort();
    }
    eo_hooks_record(NULL, 1, "core/src/x.c", 1, 1, 1); /* NULL is ignored */
    eo_hooks_reset(NULL);
    eo_hooks_init(NULL, steps, cap);
    free(steps);
    return 0;
}
