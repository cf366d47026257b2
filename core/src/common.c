/* Names for result codes, events and counters, and the hook buffer itself. */
#include "earlyout/common.h"

#include <stddef.h>

const char *eo_result_name(eo_result r)
{
    switch (r) {
#define EO_RESULT_NAME_(name, value, text) case name: return #name;
        EO_RESULT_TABLE(EO_RESULT_NAME_)
#undef EO_RESULT_NAME_
    default: return "EO_ERR_UNKNOWN";
    }
}

const char *eo_result_text(eo_result r)
{
    switch (r) {
#define EO_RESULT_TEXT_(name, value, text) case name: return text;
        EO_RESULT_TABLE(EO_RESULT_TEXT_)
#undef EO_RESULT_TEXT_
    default: return "unknown result code";
    }
}

const char *eo_event_name(uint8_t event)
{
    switch (event) {
#define EO_EVENT_NAME_(name, value, text) case name: return #name;
        EO_EVENT_TABLE(EO_EVENT_NAME_)
#undef EO_EVENT_NAME_
    default: return "EO_EV_UNKNOWN";
    }
}

static const char *const counter_names[EO_COUNTER_COUNT] = {
#define EO_COUNTER_NAME_(name, text) #name,
    EO_COUNTER_TABLE(EO_COUNTER_NAME_)
#undef EO_COUNTER_NAME_
};

const char *eo_counter_name(uint8_t counter)
{
    return counter < EO_COUNTER_COUNT ? counter_names[counter] : "EO_COUNTER_UNKNOWN";
}

void eo_hooks_reset(eo_hooks *hooks)
{
    uint8_t i;
    if (hooks == NULL)
        return;
    hooks->step_count = 0;
    hooks->steps_lost = 0;
    for (i = 0; i < EO_COUNTER_COUNT; i++)
        hooks->counters[i] = 0;
}

void eo_hooks_init(eo_hooks *hooks, eo_trace_step *steps, uint16_t step_capacity)
{
    if (hooks == NULL)
        return;
    hooks->steps = steps;
    hooks->step_capacity = steps != NULL ? step_capacity : 0;
    eo_hooks_reset(hooks);
}

void eo_hooks_record(eo_hooks *hooks, uint8_t event, const char *file, uint16_t line, int32_t a, int32_t b)
{
    eo_trace_step *s;
    if (hooks == NULL)
        return;
    if (hooks->steps == NULL || hooks->step_count >= hooks->step_capacity) {
        if (hooks->steps_lost != UINT16_MAX)
            hooks->steps_lost++;
        return;
    }
    s = &hooks->steps[hooks->step_count++];
    s->event = event;
    s->unused_ = 0;
    s->file = file;
    s->line = line;
    s->a = a;
    s->b = b;
}
