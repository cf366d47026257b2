/* Tests of core/src/events.c: sorting pair lists and splitting two frames' pairs into began, stayed
   and ended, against brute force. Run: build/tests/test_events [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"

#define RNG_SEED 31337u
#include "rng.h"

#define N 400
static eo_pair before[N], now[N], began[N], stayed[N], ended[N];

static int in_list(const eo_pair *list, uint32_t n, const eo_pair *p)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        if (list[i].a == p->a && list[i].b == p->b)
            return 1;
    return 0;
}

static uint32_t random_pairs(eo_pair *p, uint32_t n, int spread)
{
    uint32_t i, kept;
    for (i = 0; i < n; i++) {
        p[i].a = (eo_index)rng_range(0, spread);
        p[i].b = (eo_index)(p[i].a + 1u + (eo_index)rng_range(0, spread));
    }
    assert_int_equal(eo_pairs_sort(p, n, &kept), EO_OK);
    return kept;
}

static void test_events_sort_orders_and_drops_repeats(void **state)
{
    int round;
    (void)state;
    for (round = 0; round < 300; round++) {
        uint32_t n = (uint32_t)rng_range(0, N), i, kept;
        static eo_pair copy[N];
        for (i = 0; i < n; i++) {
            now[i].a = (eo_index)rng_range(0, 20);
            now[i].b = (eo_index)rng_range(0, 20);
        }
        memcpy(copy, now, n * sizeof now[0]);
        assert_int_equal(eo_pairs_sort(now, n, &kept), EO_OK);
        for (i = 1; i < kept; i++)
            assert_true(now[i - 1].a < now[i].a || (now[i - 1].a == now[i].a && now[i - 1].b < now[i].b));
        for (i = 0; i < n; i++)  /* nothing lost */
            assert_true(in_list(now, kept, &copy[i]));
        for (i = 0; i < kept; i++) /* nothing made up */
            assert_true(in_list(copy, n, &now[i]));
    }
    {
        uint32_t k;
        assert_int_equal(eo_pairs_sort(NULL, 3, &k), EO_ERR_NULL_POINTER);
        assert_int_equal(eo_pairs_sort(now, 3, NULL), EO_ERR_NULL_POINTER);
    }
}

static void test_events_split_two_frames(void **state)
{
    int round;
    (void)state;
    for (round = 0; round < 500; round++) {
        uint32_t nb = random_pairs(before, (uint32_t)rng_range(0, 200), 30);
        uint32_t nn = random_pairs(now, (uint32_t)rng_range(0, 200), 30), i;
        eo_pair_list lb = { began, N, 0 }, ls = { stayed, N, 0 }, le = { ended, N, 0 };
        assert_int_equal(eo_pairs_events(before, nb, now, nn, &lb, &ls, &le), EO_OK);
        assert_int_equal(lb.count + ls.count, nn);
        assert_int_equal(le.count + ls.count, nb);
        for (i = 0; i < lb.count; i++)
            assert_true(in_list(now, nn, &began[i]) && !in_list(before, nb, &began[i]));
        for (i = 0; i < ls.count; i++)
            assert_true(in_list(now, nn, &stayed[i]) && in_list(before, nb, &stayed[i]));
        for (i = 0; i < le.count; i++)
            assert_true(!in_list(now, nn, &ended[i]) && in_list(before, nb, &ended[i]));
        for (i = 1; i < lb.count; i++) /* sorted */
            assert_true(began[i - 1].a < began[i].a || (began[i - 1].a == began[i].a && began[i - 1].b < began[i].b));
    }
}

static void test_events_buffers_and_bad_input(void **state)
{
    eo_pair b0[3] = { { 0, 1 }, { 0, 2 }, { 3, 4 } }, n0[3] = { { 0, 2 }, { 1, 2 }, { 5, 6 } };
    eo_pair little[1];
    eo_pair_list lb = { little, 1, 0 }, ls = { NULL, 0, 0 };
    (void)state;
    /* past the capacity: the count says how many, the list holds the first */
    assert_int_equal(eo_pairs_events(b0, 3, n0, 3, &lb, &ls, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(lb.count, 2);
    assert_true(little[0].a == 1 && little[0].b == 2);
    assert_int_equal(ls.count, 1);
    /* unsorted, or a repeat: refused */
    n0[0].a = 9;
    assert_int_equal(eo_pairs_events(b0, 3, n0, 3, NULL, NULL, NULL), EO_ERR_BAD_ARGUMENT);
    n0[0] = n0[1];
    assert_int_equal(eo_pairs_events(b0, 3, n0, 3, NULL, NULL, NULL), EO_ERR_BAD_ARGUMENT);
    assert_int_equal(eo_pairs_events(NULL, 1, n0, 0, NULL, NULL, NULL), EO_ERR_NULL_POINTER);
    lb.pairs = NULL;
    assert_int_equal(eo_pairs_events(b0, 0, n0, 0, &lb, NULL, NULL), EO_ERR_NULL_POINTER);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_events_sort_orders_and_drops_repeats),
        cmocka_unit_test(test_events_split_two_frames),
        cmocka_unit_test(test_events_buffers_and_bad_input),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("events", tests, NULL, NULL);
}
