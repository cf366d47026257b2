/* Private: what the queries share (query_sectors.c, query_sweep.c, query_segment.c): the sorted,
   bounded list of indices a point or region query fills, and the end of every query. Defined in
   query_results.c. */
#ifndef EARLYOUT_SRC_QUERY_RESULTS_H
#define EARLYOUT_SRC_QUERY_RESULTS_H

#include "earlyout/common.h"

/* Adds index i to the sorted out[0 .. min(found, capacity) - 1], keeping the smallest `capacity`
   indices; returns the new total. Indices come at most once. */
eo_index eo_query_keep_index(eo_index *out, eo_index capacity, eo_index found, eo_index i);

/* The end of a query that found `found` results for a buffer of `capacity`: *count, the traced
   step and counter, and EO_ERR_BUFFER_TOO_SMALL past the capacity (else EO_OK). */
eo_result eo_query_finish(eo_index found, eo_index capacity, eo_index *count, eo_hooks *hooks);

#endif
