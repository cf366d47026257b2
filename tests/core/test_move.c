/* Tests of core/src/move.c: eo_move against the pixel-stepped reference of move_reference.h on
   random worlds (every response, layers, with and without a grid, with and without tiles), and the
   promises of move.h one by one. Run: build/tests/test_move [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "earlyout/earlyout.h"

#define RNG_SEED 4242u
#include "rng.h"
#include "tile_maps.h"
#include "move_reference.h"

static eo_box boxes[REF_MAX_BOXES];
static uint8_t responses[REF_MAX_BOXES];
static eo_broadphase_layer layers[REF_MAX_BOXES];
static eo_move_near near[REF_MAX_BOXES];
static eo_move_contact contacts[REF_MAX_CONTACTS];
/* contacts are compared field by field; memset keeps their padding equal for the memcmp that spots a difference */
static uint32_t grid_storage[16384];

/* the longest move an eo_coord holds: EO_MOVE_MAX, or the whole world in the 16-bit build */
#define LONGEST ((eo_coord)(EO_MOVE_MAX > EO_COORD_MAX ? EO_COORD_MAX : EO_MOVE_MAX))

static void world_of(eo_move_world *w, eo_index count)
{
    memset(w, 0, sizeof *w);
    w->boxes = boxes;
    w->count = count;
    w->self = EO_MOVE_NO_SELF;
    w->near = near;
    w->near_capacity = REF_MAX_BOXES;
}

static void expect_same(const eo_move_world *w, eo_box start, eo_coord dx, eo_coord dy, int *contacts_seen)
{
    ref_result ref;
    eo_move_result res;
    eo_box b = start;
    eo_result e;
    int k;
    ref_move(w, &start, dx, dy, &ref);
    e = eo_move(w, &b, dx, dy, contacts, REF_MAX_CONTACTS, &res, NULL);
    if (e != EO_OK || b.x != ref.box.x || b.y != ref.box.y || res.hit != ref.hit || res.contact_count != ref.count)
        print_message("move (%d, %d %dx%d) by (%d, %d): core (%d, %d) hit %u, %u contacts; reference (%d, %d) hit %u, %d contacts\n",
                      start.x, start.y, start.w, start.h, dx, dy, b.x, b.y, res.hit, res.contact_count,
                      ref.box.x, ref.box.y, ref.hit, ref.count);
    assert_int_equal(e, EO_OK);
    assert_int_equal(b.x, ref.box.x);
    assert_int_equal(b.y, ref.box.y);
    assert_int_equal(res.x, b.x);
    assert_int_equal(res.y, b.y);
    assert_int_equal(res.hit, ref.hit);
    assert_int_equal(res.contact_count, ref.count);
    for (k = 0; k < ref.count; k++)
        if (memcmp(&contacts[k], &ref.contacts[k], sizeof contacts[k]) != 0) {
            int q;
            print_message("move (%d, %d %dx%d) by (%d, %d): contact %d differs\n", start.x, start.y, start.w, start.h, dx, dy, k);
            for (q = 0; q < ref.count; q++)
                print_message("  core: other %d t %u/%u at (%d, %d) face %u resp %u | ref: other %d t %u/%u at (%d, %d) face %u resp %u\n",
                              (int)contacts[q].other, contacts[q].t_num, contacts[q].t_den, contacts[q].x, contacts[q].y, contacts[q].face, contacts[q].response,
                              (int)ref.contacts[q].other, ref.contacts[q].t_num, ref.contacts[q].t_den, ref.contacts[q].x, ref.contacts[q].y, ref.contacts[q].face, ref.contacts[q].response);
            for (q = 0; q < (int)w->count; q++)
                print_message("  box %d: (%d, %d %dx%d) resp %u\n", q, w->boxes[q].x, w->boxes[q].y, w->boxes[q].w, w->boxes[q].h, w->responses ? w->responses[q] : 0);
            break;
        }
    for (k = 0; k < ref.count; k++) {
        const eo_move_contact *c = &contacts[k], *r = &ref.contacts[k];
        assert_int_equal(c->other, r->other);
        assert_int_equal(c->t_num, r->t_num);
        assert_int_equal(c->t_den, r->t_den);
        assert_int_equal(c->x, r->x);
        assert_int_equal(c->y, r->y);
        assert_int_equal(c->face, r->face);
        assert_int_equal(c->nx, r->nx);
        assert_int_equal(c->ny, r->ny);
        assert_int_equal(c->response, r->response);
    }
    *contacts_seen += ref.count;
}

static void random_world(eo_index n, int spread, int with_layers)
{
    eo_index i;
    for (i = 0; i < n; i++) {
        boxes[i].x = (eo_coord)rng_range(0, spread);
        boxes[i].y = (eo_coord)rng_range(0, spread);
        boxes[i].w = (eo_coord)rng_range(rng() % 16u == 0 ? 0 : 1, 12);
        boxes[i].h = (eo_coord)rng_range(1, 12);
        responses[i] = (uint8_t)rng_range(0, 4);
        layers[i].category = (uint16_t)(1u << rng_range(0, 2));
        layers[i].collides_with = (uint16_t)(with_layers ? rng_range(0, 7) : 0xFFFF);
    }
}

static void test_move_matches_reference_among_boxes(void **state)
{
    int round, seen = 0;
    (void)state;
    for (round = 0; round < 4000; round++) {
        eo_move_world w;
        eo_index n = (eo_index)rng_range(0, 40);
        eo_box start;
        random_world(n, 70, round % 3 == 0);
        world_of(&w, n);
        if (round % 2)
            w.responses = responses;
        if (round % 3 == 0) {
            w.layers = layers;
            w.layer.category = 1;
            w.layer.collides_with = (uint16_t)rng_range(1, 7);
        }
        start.x = (eo_coord)rng_range(0, 80);
        start.y = (eo_coord)rng_range(0, 80);
        start.w = (eo_coord)rng_range(1, 10);
        start.h = (eo_coord)rng_range(1, 10);
        expect_same(&w, start, (eo_coord)rng_range(-60, 60), (eo_coord)rng_range(-60, 60), &seen);
    }
    print_message("contacts compared: %d\n", seen);
    assert_true(seen > 2500);
}

static void test_move_matches_reference_with_tiles_and_a_grid(void **state)
{
    static const char *const art[] = {
        "####################",
        "#..................#",
        "#.....===.......#..#",
        "#..........##...#..#",
        "#.../\\.....##......#",
        "#..//\\\\..-...NN.....",
        "#~~~~~~~~^^^^MM..__#",
        "####################",
    };
    int round, seen = 0;
    (void)state;
    load(art, 8, 3, EO_TILES_OUTSIDE_SOLID);
    for (round = 0; round < 3000; round++) {
        eo_move_world w;
        eo_sectors grid;
        eo_sectors_config cfg;
        eo_index n = (eo_index)rng_range(0, 16);
        eo_box start;
        random_world(n, 150, 0);
        world_of(&w, n);
        w.responses = responses;
        w.map = &map;
        w.tile_response = (uint8_t)(round % 5 == 0 ? EO_MOVE_BOUNCE : round % 7 == 0 ? EO_MOVE_TOUCH : EO_MOVE_SLIDE);
        w.tile_flags = (uint8_t)(round % 4 == 0 ? EO_TILES_DROP : 0);
        if (round % 2) {
            memset(&cfg, 0, sizeof cfg);
            cfg.world_w = 160;
            cfg.world_h = 64;
            cfg.cols = 5;
            cfg.rows = 2;
            cfg.max_objects = 64;
            assert_int_equal(eo_sectors_init(&grid, &cfg, grid_storage, sizeof grid_storage), EO_OK);
            assert_int_equal(eo_sectors_build(&grid, boxes, n, NULL, NULL), EO_OK);
            w.grid = &grid;
        }
        /* somewhere the tiles leave room for it */
        do {
            start.x = (eo_coord)rng_range(8, 150);
            start.y = (eo_coord)rng_range(8, 48);
            start.w = (eo_coord)rng_range(1, 8);
            start.h = (eo_coord)rng_range(1, 8);
        } while (eo_tiles_pixel_solid(&map, start.x, start.y) || eo_tiles_pixel_solid(&map, start.x + start.w - 1, start.y + start.h - 1));
        expect_same(&w, start, (eo_coord)rng_range(-90, 90), (eo_coord)rng_range(-40, 40), &seen);
    }
    print_message("contacts compared: %d\n", seen);
    assert_true(seen > 2000);
}

/* ---- the promises of move.h ------------------------------------------------------------------ */

static void test_move_never_tunnels_through_a_thin_wall(void **state)
{
    eo_move_world w;
    eo_move_result res;
    eo_box b = { 0, 0, 8, 8 };
    (void)state;
    boxes[0].x = 5000;
    boxes[0].y = -100;
    boxes[0].w = 1;
    boxes[0].h = 300;
    world_of(&w, 1);
    assert_int_equal(eo_move(&w, &b, 10000, 3, contacts, 8, &res, NULL), EO_OK);
    assert_int_equal(b.x, 5000 - 8); /* flush against it */
    assert_int_equal(b.y, 3);        /* the rest of Y still moved: a slide */
    assert_int_equal(res.hit, EO_HIT_RIGHT);
    assert_int_equal(res.contact_count, 1);
    assert_int_equal(contacts[0].other, 0);
    assert_int_equal(contacts[0].face, EO_HIT_RIGHT);
    assert_int_equal(contacts[0].nx, -1);
    /* and back the other way, and at the largest move */
    b.x = 6000;
    assert_int_equal(eo_move(&w, &b, (eo_coord)-LONGEST, 0, contacts, 8, &res, NULL), EO_OK);
    assert_int_equal(b.x, 5001);
}

static void test_move_slides_along_a_floor_of_boxes_at_full_speed(void **state)
{
    eo_move_world w;
    eo_move_result res;
    eo_box b = { 3, 0, 10, 16 };
    int i, frame;
    (void)state;
    for (i = 0; i < 100; i++) { /* 100 boxes of 16 px laid edge to edge: a floor at y 16 */
        boxes[i].x = (eo_coord)(i * 16);
        boxes[i].y = 16;
        boxes[i].w = 16;
        boxes[i].h = 16;
    }
    world_of(&w, 100);
    for (frame = 0; frame < 150; frame++) {
        eo_coord x0 = b.x;
        assert_int_equal(eo_move(&w, &b, 10, 2, contacts, 16, &res, NULL), EO_OK); /* running, with gravity */
        assert_int_equal(b.x - x0, 10); /* never snags on a seam */
        assert_int_equal(b.y, 0);
        assert_int_equal(res.hit, EO_HIT_BOTTOM);
    }
}

static void test_move_no_snag_between_a_box_and_a_tile(void **state)
{
    static const char *const art[] = {
        "................................",
        "................................",
        "................................",
        "................................",
        "........########################",
    };
    eo_move_world w;
    eo_move_result res;
    eo_box b = { 2, 16, 8, 16 };
    int frame;
    (void)state;
    load(art, 5, 3, EO_TILES_OUTSIDE_EMPTY);
    boxes[0].x = 0; /* a box floor at the tiles' height, ending where they begin */
    boxes[0].y = 32;
    boxes[0].w = 64;
    boxes[0].h = 8;
    world_of(&w, 1);
    w.map = &map;
    for (frame = 0; frame < 20; frame++) {
        eo_coord x0 = b.x;
        assert_int_equal(eo_move(&w, &b, 7, 3, contacts, 16, &res, NULL), EO_OK);
        assert_int_equal(b.x - x0, 7);
        assert_int_equal(b.y, 16);
    }
    assert_true(b.x > 64);
}

static void test_move_responses(void **state)
{
    eo_move_world w;
    eo_move_result res;
    eo_box b;
    (void)state;
    boxes[0] = (eo_box){ 20, 0, 4, 40 };  /* a post */
    boxes[1] = (eo_box){ 10, 0, 2, 12 };  /* a tall coin on the way */
    world_of(&w, 2);
    w.responses = responses;
    responses[1] = EO_MOVE_CROSS;

    responses[0] = EO_MOVE_SLIDE;
    b = (eo_box){ 0, 0, 4, 4 };
    assert_int_equal(eo_move(&w, &b, 30, 10, contacts, 8, &res, NULL), EO_OK);
    assert_true(b.x == 16 && b.y == 10);
    assert_int_equal(res.contact_count, 2);
    assert_int_equal(contacts[0].other, 1);
    assert_int_equal(contacts[0].response, EO_MOVE_CROSS);
    assert_int_equal(contacts[1].other, 0);
    assert_true(contacts[0].t_num < contacts[1].t_num && contacts[1].t_den == 40);

    responses[0] = EO_MOVE_TOUCH;
    b = (eo_box){ 0, 0, 4, 4 };
    assert_int_equal(eo_move(&w, &b, 30, 10, contacts, 8, &res, NULL), EO_OK);
    assert_int_equal(b.x, 16);
    assert_true(b.y < 10); /* the move ended at the post */

    responses[0] = EO_MOVE_BOUNCE;
    b = (eo_box){ 0, 0, 4, 4 };
    assert_int_equal(eo_move(&w, &b, 30, 0, contacts, 8, &res, NULL), EO_OK);
    assert_int_equal(b.x, 16 - (30 - 16)); /* 16 px to the post, the other 14 back */

    responses[0] = EO_MOVE_CROSS;
    b = (eo_box){ 0, 0, 4, 4 };
    assert_int_equal(eo_move(&w, &b, 30, 0, contacts, 8, &res, NULL), EO_OK);
    assert_int_equal(b.x, 30);
    assert_int_equal(res.contact_count, 2);

    responses[0] = EO_MOVE_IGNORE;
    responses[1] = EO_MOVE_IGNORE;
    b = (eo_box){ 0, 0, 4, 4 };
    assert_int_equal(eo_move(&w, &b, 30, 0, contacts, 8, &res, NULL), EO_OK);
    assert_true(b.x == 30 && res.contact_count == 0 && res.hit == 0);

    /* a box it overlaps at the start never stops it, and is reported first */
    responses[0] = EO_MOVE_SLIDE;
    b = (eo_box){ 19, 5, 4, 4 };
    assert_int_equal(eo_move(&w, &b, 10, 0, contacts, 8, &res, NULL), EO_OK);
    assert_int_equal(b.x, 29);
    assert_true(res.contact_count == 1 && contacts[0].other == 0 && contacts[0].face == 0 && contacts[0].t_num == 0);
}

static void test_move_movers_one_after_another(void **state)
{
    /* two movers heading for each other: the first stops flush against the second's place, the
       second against the first's new place; the same calls give the same answer every time */
    eo_move_world w;
    eo_move_result res;
    int run;
    (void)state;
    for (run = 0; run < 2; run++) {
        boxes[0] = (eo_box){ 0, 0, 10, 10 };
        boxes[1] = (eo_box){ 40, 0, 10, 10 };
        world_of(&w, 2);
        w.self = 0;
        assert_int_equal(eo_move(&w, &boxes[0], 25, 0, contacts, 8, &res, NULL), EO_OK);
        assert_int_equal(boxes[0].x, 25);
        w.self = 1;
        assert_int_equal(eo_move(&w, &boxes[1], -25, 0, contacts, 8, &res, NULL), EO_OK);
        assert_int_equal(boxes[1].x, 35);
        assert_true(res.contact_count == 1 && contacts[0].other == 0 && contacts[0].face == EO_HIT_LEFT);
    }
}

static void test_move_buffers_and_bad_input(void **state)
{
    eo_move_world w;
    eo_move_result res;
    eo_box b = { 0, 0, 4, 4 };
    int i;
    (void)state;
    for (i = 0; i < 5; i++)
        boxes[i] = (eo_box){ (eo_coord)(10 + 10 * i), 0, 2, 2 };
    world_of(&w, 5);
    w.responses = responses;
    memset(responses, EO_MOVE_CROSS, 5);
    /* contacts past the capacity: the move is done, the count says how many there were */
    assert_int_equal(eo_move(&w, &b, 100, 0, contacts, 2, &res, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_true(b.x == 100 && res.contact_count == 5);
    /* too many boxes near the move: nothing moves */
    b.x = 0;
    w.near_capacity = 3;
    assert_int_equal(eo_move(&w, &b, 100, 0, contacts, 8, &res, NULL), EO_ERR_BUFFER_TOO_SMALL);
    assert_true(b.x == 0 && res.near_count == 5);
    w.near_capacity = REF_MAX_BOXES;
    /* bad input */
    assert_int_equal(eo_move(NULL, &b, 1, 0, contacts, 8, &res, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_move(&w, &b, 1, 0, NULL, 8, &res, NULL), EO_ERR_NULL_POINTER);
    assert_int_equal(eo_move(&w, &b, LONGEST, 0, contacts, 8, &res, NULL), EO_OK);
#if EO_COORD_BITS > 16
    assert_int_equal(eo_move(&w, &b, EO_MOVE_MAX + 1, 0, contacts, 8, &res, NULL), EO_ERR_BAD_ARGUMENT);
#endif
    w.tile_response = EO_MOVE_CROSS;
    assert_int_equal(eo_move(&w, &b, 1, 0, contacts, 8, &res, NULL), EO_ERR_BAD_ARGUMENT);
    w.tile_response = 0;
    b.w = 0;
    assert_int_equal(eo_move(&w, &b, 1, 0, contacts, 8, &res, NULL), EO_ERR_BAD_ARGUMENT);
}

static void test_move_stops_at_the_world_edge(void **state)
{
    eo_move_world w;
    eo_move_result res;
    eo_box b = { EO_COORD_MAX - 20, 0, 10, 10 };
    (void)state;
    world_of(&w, 0);
    assert_int_equal(eo_move(&w, &b, 100, 0, contacts, 8, &res, NULL), EO_OK);
    assert_int_equal(b.x, EO_COORD_MAX - 9);
    assert_true(res.hit == EO_HIT_RIGHT && res.contact_count == 1 && contacts[0].other == EO_MOVE_TILE);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_matches_reference_among_boxes),
        cmocka_unit_test(test_move_matches_reference_with_tiles_and_a_grid),
        cmocka_unit_test(test_move_never_tunnels_through_a_thin_wall),
        cmocka_unit_test(test_move_slides_along_a_floor_of_boxes_at_full_speed),
        cmocka_unit_test(test_move_no_snag_between_a_box_and_a_tile),
        cmocka_unit_test(test_move_responses),
        cmocka_unit_test(test_move_movers_one_after_another),
        cmocka_unit_test(test_move_buffers_and_bad_input),
        cmocka_unit_test(test_move_stops_at_the_world_edge),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("move", tests, NULL, NULL);
}
