/* playground/json.c: JSON text into a caller's buffer (json.h). */
#include <stdarg.h>
#include <stdio.h>

#include "json.h"

void pg_json_init(pg_json *j, char *buf, size_t size)
{
    j->buf = buf;
    j->size = size;
    j->at = 0;
    j->overflow = 0;
    if (size) buf[0] = '\0';
}

static void put(pg_json *j, const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (j->at + 1 >= j->size) {
            j->overflow = 1;
            break;
        }
        j->buf[j->at++] = text[i];
    }
    if (j->size) j->buf[j->at] = '\0';
}

void pg_json_raw(pg_json *j, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    int k;
    va_start(ap, fmt);
    k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= sizeof tmp) {
        j->overflow = 1;
        return;
    }
    put(j, tmp, (size_t)k);
}

void pg_json_string(pg_json *j, const char *text)
{
    if (!text) {
        put(j, "null", 4);
        return;
    }
    put(j, "\"", 1);
    for (const char *p = text; *p; p++) {
        unsigned char c = (unsigned char)*p;
        char esc[8];
        if (c == '"' || c == '\\') {
            esc[0] = '\\', esc[1] = (char)c;
            put(j, esc, 2);
        } else if (c < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", c);
            put(j, esc, 6);
        } else {
            put(j, (const char *)p, 1);
        }
    }
    put(j, "\"", 1);
}
