/* playground/tables.c: the tables the platform and the page share (keys.h, scene.h), and their
   JSON: `earlyout-playground --tables` writes it for the site's build (the page's buttons, touch
   pads and cell sizes), and the wasm answers the same from pg_web_tables, so the page never keeps
   a copy of its own. */
#include <string.h>

#include "json.h"
#include "keys.h"

#define PG_KEY_ROW_(id, name, button, keys, help, k0, k1, k2) { name, button, keys, help, { k0, k1, k2 } },
const pg_key_info pg_keys[PG_KEY_COUNT] = { PG_KEY_LIST(PG_KEY_ROW_) };
#undef PG_KEY_ROW_

#define PG_BUTTON_ROW_(id, bit, letter, name, label, glyph, keys, key, alias) \
    { PG_BTN_##id, letter, name, label, glyph, keys, { key, alias } },
const pg_button_info pg_buttons[PG_BUTTON_COUNT] = { PG_BUTTON_LIST(PG_BUTTON_ROW_) };
#undef PG_BUTTON_ROW_

int pg_key_from_keycode(SDL_Keycode k)
{
    for (int i = 0; k && i < PG_KEY_COUNT; i++)
        for (int a = 0; a < 3; a++)
            if (pg_keys[i].key[a] == k) return i;
    return -1;
}

int pg_key_from_name(const char *name)
{
    for (int i = 0; name && i < PG_KEY_COUNT; i++)
        if (strcmp(pg_keys[i].name, name) == 0) return i;
    return -1;
}

uint32_t pg_button_from_keycode(SDL_Keycode k)
{
    for (int i = 0; k && i < PG_BUTTON_COUNT; i++)
        if (pg_buttons[i].key[0] == k || pg_buttons[i].key[1] == k) return pg_buttons[i].bit;
    return 0;
}

uint32_t pg_button_from_letter(char c)
{
    for (int i = 0; i < PG_BUTTON_COUNT; i++)
        if (pg_buttons[i].letter == c) return pg_buttons[i].bit;
    return 0;
}

void pg_cells_json(pg_json *j, uint32_t cells)
{
    int first = 1;
    pg_json_raw(j, "[");
    for (int k = 0; k < 31; k++)
        if (cells >> k & 1u) {
            pg_json_raw(j, "%s%d", first ? "" : ",", 1 << k);
            first = 0;
        }
    pg_json_raw(j, "]");
}

void pg_scenes_json(pg_json *j)
{
    pg_json_raw(j, "[");
    for (int i = 0; i < pg_scene_count; i++) {
        const pg_scene *s = pg_scenes[i];
        pg_json_raw(j, "%s{\"id\":", i ? "," : "");
        pg_json_string(j, s->id);
        pg_json_raw(j, ",\"title\":");
        pg_json_string(j, s->title);
        pg_json_raw(j, ",\"source\":");
        pg_json_string(j, s->source);
        pg_json_raw(j, ",\"about\":");
        pg_json_string(j, s->about);
        pg_json_raw(j, ",\"keys\":");
        pg_json_string(j, s->keys);
        pg_json_raw(j, ",\"methods\":[");
        for (int m = 0, first = 1; m < PG_METHOD_COUNT; m++)
            if (s->methods & (1u << m)) {
                pg_json_raw(j, first ? "" : ",");
                pg_json_string(j, pg_method_id(m));
                first = 0;
            }
        pg_json_raw(j, "],\"defaultMethod\":");
        pg_json_string(j, s->methods ? pg_method_id(s->default_method) : "");
        pg_json_raw(j, ",\"methodMaxCount\":{");
        for (int m = 0, first = 1; m < PG_METHOD_COUNT; m++)
            if (s->methods & (1u << m)) {
                pg_json_raw(j, first ? "" : ",");
                pg_json_string(j, pg_method_id(m));
                pg_json_raw(j, ":%d", pg_scene_max_count(s, m));
                first = 0;
            }
        pg_json_raw(j, "},\"minCount\":%d,\"maxCount\":%d,\"defaultCount\":%d,\"countStep\":%d,\"defaultCell\":%d,"
                       "\"buttons\":%u}",
                    s->min_count, s->max_count, s->default_count, s->count_step, s->default_cell, (unsigned)s->buttons);
    }
    pg_json_raw(j, "]");
}

void pg_tables_json(pg_json *j)
{
    pg_json_raw(j, "{\"keys\":[");
    for (int i = 0; i < PG_KEY_COUNT; i++) {
        pg_json_raw(j, "%s{\"name\":", i ? "," : "");
        pg_json_string(j, pg_keys[i].name);
        pg_json_raw(j, ",\"button\":");
        pg_json_string(j, pg_keys[i].button);
        pg_json_raw(j, ",\"keys\":");
        pg_json_string(j, pg_keys[i].keys);
        pg_json_raw(j, ",\"help\":");
        pg_json_string(j, pg_keys[i].help);
        pg_json_raw(j, "}");
    }
    pg_json_raw(j, "],\"buttons\":[");
    for (int i = 0; i < PG_BUTTON_COUNT; i++) {
        char letter[2] = { pg_buttons[i].letter, 0 };
        pg_json_raw(j, "%s{\"bit\":%u,\"letter\":", i ? "," : "", (unsigned)pg_buttons[i].bit);
        pg_json_string(j, letter);
        pg_json_raw(j, ",\"name\":");
        pg_json_string(j, pg_buttons[i].name);
        pg_json_raw(j, ",\"label\":");
        pg_json_string(j, pg_buttons[i].label);
        pg_json_raw(j, ",\"glyph\":");
        pg_json_string(j, pg_buttons[i].glyph);
        pg_json_raw(j, ",\"keys\":");
        pg_json_string(j, pg_buttons[i].keys);
        pg_json_raw(j, "}");
    }
    pg_json_raw(j, "],\"methods\":[");
    for (int m = 0; m < PG_METHOD_COUNT; m++) {
        pg_json_raw(j, "%s{\"id\":", m ? "," : "");
        pg_json_string(j, pg_method_id(m));
        pg_json_raw(j, ",\"title\":");
        pg_json_string(j, pg_method_title(m));
        pg_json_raw(j, "}");
    }
    pg_json_raw(j, "],\"cells\":");
    {
        uint32_t all = 0;
        for (int c = PG_CELL_MIN; c <= PG_CELL_MAX; c *= 2) all |= (uint32_t)c;
        pg_cells_json(j, all);
    }
    pg_json_raw(j, ",\"frameBudgetMs\":%d,\"view\":{\"w\":%d,\"h\":%d,\"bar\":%d},\"scenes\":", PG_FRAME_BUDGET_MS,
                PG_VIEW_W, PG_VIEW_H, PG_BAR_H);
    pg_scenes_json(j);
    pg_json_raw(j, "}");
}
