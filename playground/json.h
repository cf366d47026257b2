/* playground/json.h: JSON text into a caller's buffer, for what the platform tells the page
   (web.inc) and the tables it generates from C (tables.c, `earlyout-playground --tables`). */
#ifndef PLAYGROUND_JSON_H
#define PLAYGROUND_JSON_H

#include <stddef.h>
#include <stdint.h>

typedef struct pg_json {
    char *buf;
    size_t size, at;   /* at: bytes written (without the terminating 0) */
    int overflow;      /* 1 if something did not fit (the text is then cut, still 0-terminated) */
} pg_json;

void pg_json_init(pg_json *j, char *buf, size_t size);
/// printf-style raw text (numbers, punctuation).
void pg_json_raw(pg_json *j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/// A JSON string: quotes and escapes added; NULL writes null.
void pg_json_string(pg_json *j, const char *text);

/* The playground's tables (tables.c). */
/// Keys, buttons, methods, cell sizes, the frame budget, the view and the scenes, as one object.
void pg_tables_json(pg_json *j);
/// The scene list: [{id, title, source, about, keys, methods, defaultMethod, methodMaxCount,
/// minCount, maxCount, defaultCount, countStep, defaultCell, buttons}].
void pg_scenes_json(pg_json *j);
/// A bit set of cell sizes (bit k: 2^k px) as a list of px.
void pg_cells_json(pg_json *j, uint32_t cells);

#endif
