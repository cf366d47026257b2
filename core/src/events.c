/* Pair events: which pairs began, stayed and ended between two frames. See earlyout/events.h. */
#include "earlyout/events.h"

#include <stddef.h>

/* Does pair p come before pair q (by a, then b)? */
static uint8_t before_pair(const eo_pair *p, const eo_pair *q)
{
    return p->a < q->a || (p->a == q->a && p->b < q->b);
}

static uint8_t same_pair(const eo_pair *p, const eo_pair *q)
{
    return p->a == q->a && p->b == q->b;
}

/* Sifts pairs[at] down the max-heap of pairs[0 .. n-1]. */
static void sift_down(eo_pair *pairs, uint32_t at, uint32_t n)
{
    eo_pair v;
    v = pairs[at];
    for (;;) {
        uint32_t child = 2u * at + 1u;
        if (child >= n || child < at) /* child < at: the index wrapped (n near 2^32) */
            break;
        if (child + 1u < n && before_pair(&pairs[child], &pairs[child + 1u]))
            child++;
        if (!before_pair(&v, &pairs[child]))
            break;
        pairs[at] = pairs[child];
        at = child;
    }
    pairs[at] = v;
}

eo_result eo_pairs_sort(eo_pair *pairs, uint32_t count, uint32_t *kept)
{
    uint32_t i, k;
    if (kept == NULL || (count > 0 && pairs == NULL))
        return EO_ERR_NULL_POINTER;
    /* heapsort: a max-heap, then the largest swapped to the end, one by one */
    for (i = count / 2u; i > 0; i--)
        sift_down(pairs, i - 1u, count);
    for (i = count; i > 1u; i--) {
        eo_pair top;
        top = pairs[0];
        pairs[0] = pairs[i - 1u];
        pairs[i - 1u] = top;
        sift_down(pairs, 0, i - 1u);
    }
    /* repeats are neighbours now: keep the first of each */
    for (i = 0, k = 0; i < count; i++)
        if (k == 0 || !same_pair(&pairs[k - 1u], &pairs[i]))
            pairs[k++] = pairs[i];
    *kept = k;
    return EO_OK;
}

static uint8_t sorted(const eo_pair *pairs, uint32_t count)
{
    uint32_t i;
    for (i = 1; i < count; i++)
        if (!before_pair(&pairs[i - 1u], &pairs[i]))
            return 0;
    return 1;
}

static void add(eo_pair_list *list, const eo_pair *p)
{
    if (list == NULL)
        return;
    if (list->count < list->capacity)
        list->pairs[list->count] = *p;
    if (list->count != UINT32_MAX)
        list->count++;
}

static uint8_t list_ok(const eo_pair_list *list)
{
    return list == NULL || list->capacity == 0 || list->pairs != NULL;
}

static uint8_t overflowed(const eo_pair_list *list)
{
    return list != NULL && list->count > list->capacity;
}

eo_result eo_pairs_events(const eo_pair *before, uint32_t before_count, const eo_pair *now, uint32_t now_count,
                          eo_pair_list *began, eo_pair_list *stayed, eo_pair_list *ended)
{
    uint32_t i = 0, j = 0;
    if ((before_count > 0 && before == NULL) || (now_count > 0 && now == NULL) || !list_ok(began) ||
        !list_ok(stayed) || !list_ok(ended))
        return EO_ERR_NULL_POINTER;
    if (!sorted(before, before_count) || !sorted(now, now_count))
        return EO_ERR_BAD_ARGUMENT; /* sort them with eo_pairs_sort first */
    if (began != NULL)
        began->count = 0;
    if (stayed != NULL)
        stayed->count = 0;
    if (ended != NULL)
        ended->count = 0;
    /* one walk down both lists, as a merge does */
    while (i < before_count || j < now_count) {
        if (j == now_count || (i < before_count && before_pair(&before[i], &now[j])))
            add(ended, &before[i++]);
        else if (i == before_count || before_pair(&now[j], &before[i]))
            add(began, &now[j++]);
        else {
            add(stayed, &now[j]);
            i++;
            j++;
        }
    }
    return overflowed(began) || overflowed(stayed) || overflowed(ended) ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
