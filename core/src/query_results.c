/* The results of the queries of earlyout/query.h: a bounded insertion keeps the smallest indices
   sorted as they come (query_results.h), and every query ends the same way. */
#include "query_results.h"

#include <stddef.h>

#include "hooks.h"

eo_index eo_query_keep_index(eo_index *out, eo_index capacity, eo_index found, eo_index i)
{
    eo_index at = found < capacity ? found : capacity;
    if (at == capacity && (capacity == 0 || out[capacity - 1u] < i))
        return (eo_index)(found + 1u); /* past the buffer: counted only */
    if (at == capacity)
        at--; /* the largest kept index falls off the end */
    while (at > 0 && out[at - 1u] > i) {
        out[at] = out[at - 1u];
        at--;
    }
    out[at] = i;
    return (eo_index)(found + 1u);
}

eo_result eo_query_finish(eo_index found, eo_index capacity, eo_index *count, eo_hooks *hooks)
{
    *count = found;
    EO_STEP_ABOVE(hooks, EO_EV_QUERY_FOUND, found, capacity);
    EO_COUNT_ADD(hooks, EO_COUNTER_QUERY_RESULTS, found);
    return found > capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
