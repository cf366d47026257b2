/* Which core file a traced step was taken in: its __FILE__ ends with the given path
   ("core/src/gridmask.c"), however the compiler was pointed at it. */
#ifndef EARLYOUT_TESTS_TRACE_FILE_H
#define EARLYOUT_TESTS_TRACE_FILE_H

#include <string.h>

static inline int ends_with(const char *s, const char *tail)
{
    size_t n = s != NULL ? strlen(s) : 0, m = strlen(tail);
    return s != NULL && n >= m && strcmp(s + n - m, tail) == 0;
}

#endif
