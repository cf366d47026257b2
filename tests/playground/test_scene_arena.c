/* Tests of playground/scene_arena.c against brute force written here from move.h: over random
   input scripts no ball ends a frame inside a wall or crate, and a ball that moved freely crossed
   nothing on its way (its path walked pixel by pixel); a ball fired at a 2 px post or bar at any
   speed ends where a pixel-by-pixel walk with bounces puts it; the platform carries the player
   round its whole loop; slide, touch, cross, bounce and ignore each do what move.h says; the
   player walks a floor of crates laid edge to edge at full speed; determinism.
   Run: build/playground/tests/test_scene_arena [name-filter] */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scene.h"

extern const pg_scene pg_scene_arena;
/* the scene's views (PG_TESTING) */
void pg_arena_boxes(const void *state, const eo_box **boxes, int *count, int *first_crate, int *first_ball);
const eo_tiles_map *pg_arena_map(const void *state);
int pg_arena_response(const void *state);
void pg_arena_velocity(const void *state, int i, int32_t *vx, int32_t *vy);
void pg_arena_place(void *state, int i, eo_coord x, eo_coord y, int32_t vx, int32_t vy);
uint32_t pg_arena_began(const void *state, const eo_pair **pairs);
uint32_t pg_arena_ended(const void *state, const eo_pair **pairs);

/* as in scene_arena.c */
#define PLAYER 0
#define PLATFORM 1
#define PLAYER_W 12
#define PLAYER_H 20
#define FLOOR_Y 560            /* the floor's top pixel row */
#define POST_X 800             /* the first 2 px post: x 800..801, y 520..559 */
#define POST_Y 520
#define BAR_X 320              /* the thin bar: x 320..479, y 288..289 */
#define BAR_Y 288
#define SEAM_X 224             /* six crates 32 x 16 edge to edge from here, tops at y 544 */
#define SEAM_Y 544

typedef struct run {
    void *s;
    uint32_t held;
    pg_stats stats;
    const eo_box *boxes;
    int n, first_crate, first_ball;
} run;

static void start(run *r, uint32_t seed, int count)
{
    pg_config cfg = { seed, 0, count, 0 };
    char err[128] = "";
    pg_config_clamp(&pg_scene_arena, &cfg);
    memset(r, 0, sizeof *r);
    r->s = pg_scene_arena.create(&cfg, err, sizeof err);
    if (!r->s) fail_msg("create: %s", err);
    pg_arena_boxes(r->s, &r->boxes, &r->n, &r->first_crate, &r->first_ball);
}

static void stop(run *r) { pg_scene_arena.destroy(r->s); }

static void frame(run *r, uint32_t buttons)
{
    pg_input in;
    memset(&in, 0, sizeof in);
    in.buttons = buttons;
    in.pressed = buttons & ~r->held;
    r->held = buttons;
    memset(&r->stats, 0, sizeof r->stats);
    pg_scene_arena.step(r->s, &in, &r->stats);
    if (r->stats.status[0]) fail_msg("status: %s", r->stats.status);
}

/* Presses X until the player's response to crates is `want`. */
static void choose(run *r, int want)
{
    for (int k = 0; k < 5 && pg_arena_response(r->s) != want; k++) {
        frame(r, PG_BTN_ACTION);
        frame(r, 0);
    }
    assert_int_equal(pg_arena_response(r->s), want);
}

static int overlap(const eo_box *a, const eo_box *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* The index of the crate at (x, y) (its top-left corner). */
static int crate_at(const run *r, int x, int y)
{
    for (int i = r->first_crate; i < r->first_ball; i++)
        if (r->boxes[i].x == x && r->boxes[i].y == y) return i;
    fail_msg("no crate at (%d, %d)", x, y);
    return -1;
}

/* Brute force: a solid tile pixel under the box, pixel by pixel. */
static int in_tiles(const eo_tiles_map *map, const eo_box *b)
{
    for (int y = b->y; y < b->y + b->h; y++)
        for (int x = b->x; x < b->x + b->w; x++)
            if (eo_tiles_pixel_solid(map, (eo_coord)x, (eo_coord)y)) return 1;
    return 0;
}

static int in_crate(const run *r, const eo_box *b)
{
    for (int i = r->first_crate; i < r->first_ball; i++)
        if (overlap(b, &r->boxes[i])) return 1;
    return 0;
}

/* Would box i at (x, y) meet anything: a solid pixel, or any other box as it is now. */
static int blocked(const run *r, int i, int x, int y)
{
    eo_box b = r->boxes[i];
    b.x = (eo_coord)x, b.y = (eo_coord)y;
    if (in_tiles(pg_arena_map(r->s), &b)) return 1;
    for (int k = 0; k < r->n; k++)
        if (k != i && overlap(&b, &r->boxes[k])) return 1;
    return 0;
}

static int32_t floor16(int32_t v) { return v >= 0 ? v / 16 : -((15 - v) / 16); }

static uint32_t xorshift(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* ---- balls never tunnel ------------------------------------------------------------------- */

typedef struct ball_before { eo_box box; int32_t vx, vy; } ball_before;

/* Random scripts at the default and the largest count. After every frame: no ball overlaps a
   solid pixel, a crate or the platform, the player is in no solid pixel; and every ball that moved freely
   (it ended where its velocity took it, velocity unchanged) crossed no wall or crate on the way:
   its box, 1 px smaller on each side, walked along the segment one pixel of the longer axis at a
   time, never meets one (the real staircase is within 1 px of that line). */
static void test_arena_balls_never_inside_or_through_walls(void **unused)
{
    static ball_before before[256];
    const int counts[] = { 48, 200 };
    long free_moves = 0, checked_px = 0;
    (void)unused;
    for (int c = 0; c < 2; c++)
        for (uint32_t seed = 1; seed <= 3; seed++) {
            run r;
            uint32_t rs = seed * 7919u, buttons = 0;
            int span = 0;
            start(&r, seed, counts[c]);
            assert_int_equal(r.n - r.first_ball, counts[c]);
            for (int f = 0; f < 400; f++) {
                const eo_tiles_map *map = pg_arena_map(r.s);
                for (int i = r.first_ball; i < r.n; i++) {
                    before[i - r.first_ball].box = r.boxes[i];
                    pg_arena_velocity(r.s, i, &before[i - r.first_ball].vx, &before[i - r.first_ball].vy);
                }
                if (span-- <= 0) {
                    buttons = xorshift(&rs) & (PG_BTN_LEFT | PG_BTN_RIGHT | PG_BTN_JUMP | PG_BTN_ACTION);
                    span = (int)(xorshift(&rs) % 30u);
                }
                frame(&r, buttons);
                if (in_tiles(map, &r.boxes[PLAYER])) fail_msg("seed %u frame %d: the player is in a wall", (unsigned)seed, f);
                for (int i = r.first_ball; i < r.n; i++) {
                    const ball_before *bb = &before[i - r.first_ball];
                    const eo_box *b = &r.boxes[i];
                    int32_t vx, vy, dx, dy, steps;
                    if (in_tiles(map, b) || in_crate(&r, b))
                        fail_msg("n %d seed %u frame %d: ball %d at (%d, %d) is inside a wall or crate", counts[c],
                                 (unsigned)seed, f, i, b->x, b->y);
                    if (overlap(b, &r.boxes[PLATFORM]))   /* the platform pushed it out, or it bounced off */
                        fail_msg("n %d seed %u frame %d: ball %d at (%d, %d) is inside the platform", counts[c],
                                 (unsigned)seed, f, i, b->x, b->y);
                    pg_arena_velocity(r.s, i, &vx, &vy);
                    dx = b->x - bb->box.x, dy = b->y - bb->box.y;
                    /* a free move of v/16 px with a remainder of 0 .. 15/16 px: floor(v/16) or one more */
                    if (vx != bb->vx || vy != bb->vy || (dx != floor16(bb->vx) && dx != floor16(bb->vx) + 1) ||
                        (dy != floor16(bb->vy) && dy != floor16(bb->vy) + 1))
                        continue;                    /* bounced: not a straight move */
                    free_moves++;
                    steps = dx < 0 ? -dx : dx;
                    steps = steps > (dy < 0 ? -dy : dy) ? steps : (dy < 0 ? -dy : dy);
                    for (int t = 1; t <= steps; t++) {
                        eo_box core = { (eo_coord)(bb->box.x + 1 + dx * t / steps), (eo_coord)(bb->box.y + 1 + dy * t / steps),
                                        (eo_coord)(b->w - 2), (eo_coord)(b->h - 2) };
                        checked_px++;
                        if (in_tiles(map, &core) || in_crate(&r, &core))
                            fail_msg("n %d seed %u frame %d: ball %d went from (%d, %d) to (%d, %d) through a wall or crate",
                                     counts[c], (unsigned)seed, f, i, bb->box.x, bb->box.y, b->x, b->y);
                    }
                }
            }
            stop(&r);
        }
    print_message("free ball moves checked: %ld (%ld positions on their paths)\n", free_moves, checked_px);
    assert_true(free_moves > 10000);
}

/* The other balls out of the way: parked in a row at the top, at rest. */
static void park_others(run *r, int keep)
{
    for (int i = r->first_ball, k = 0; i < r->n; i++)
        if (i != keep) pg_arena_place(r->s, i, (eo_coord)(24 + 12 * k++), 20, 0, 0);
}

/* Brute force along one axis, from move.h: one pixel at a time; where the next pixel meets
   something, the rest of the motion goes back the other way. Returns the end, *dir the way it
   goes on. */
static int walk_1d(const run *r, int i, int x, int y, int along_x, int dist, int *dir)
{
    for (int k = 0; k < dist; k++) {
        int nx = along_x ? x + *dir : x, ny = along_x ? y : y + *dir;
        if (blocked(r, i, nx, ny)) {
            *dir = -*dir;
            nx = along_x ? x + *dir : x, ny = along_x ? y : y + *dir;
            if (blocked(r, i, nx, ny)) break;   /* shut in */
        }
        x = nx, y = ny;
    }
    return along_x ? x : y;
}

/* A ball fired at the 2 px post (along X) and at the 2 px bar (along Y), from several gaps, at
   1 .. 64 px a frame and at 100, 1,000 and 10,000: it ends where the pixel walk ends, going the
   way it goes, and it is never past the post or the bar. */
static void test_arena_fast_ball_bounces_off_a_thin_post_as_a_pixel_walk_does(void **unused)
{
    const int speeds[] = { 100, 1000, 10000 };
    int cases = 0;
    (void)unused;
    for (int axis = 0; axis < 2; axis++)
        for (int gap = 0; gap < 12; gap += 5)
            for (int v = 1; v <= 64 + 3; v++) {
                run r;
                int speed = v <= 64 ? v : speeds[v - 65], ball, x0, y0, want, dir = 1;
                start(&r, 11, 8);
                ball = r.first_ball;
                park_others(&r, ball);
                x0 = axis == 0 ? POST_X - 8 - gap : BAR_X + 40;
                y0 = axis == 0 ? POST_Y + 10 : BAR_Y - 8 - gap;
                pg_arena_place(r.s, ball, (eo_coord)x0, (eo_coord)y0, axis == 0 ? speed * 16 : 0, axis == 1 ? speed * 16 : 0);
                frame(&r, 0);
                /* the walk, against everything where it is after the frame (only the ball moved near it) */
                {
                    eo_box saved = r.boxes[ball];
                    pg_arena_place(r.s, ball, (eo_coord)x0, (eo_coord)y0, axis == 0 ? speed * 16 : 0, axis == 1 ? speed * 16 : 0);
                    want = walk_1d(&r, ball, x0, y0, axis == 0, speed, &dir);
                    pg_arena_place(r.s, ball, saved.x, saved.y, 0, 0);
                }
                if (axis == 0) {
                    if (r.boxes[ball].x != want || r.boxes[ball].y != y0)
                        fail_msg("along X, gap %d, %d px a frame: the ball ended at (%d, %d), the walk at (%d, %d)", gap, speed,
                                 r.boxes[ball].x, r.boxes[ball].y, want, y0);
                    assert_true(r.boxes[ball].x + 8 <= POST_X);
                } else {
                    if (r.boxes[ball].y != want || r.boxes[ball].x != x0)
                        fail_msg("along Y, gap %d, %d px a frame: the ball ended at (%d, %d), the walk at (%d, %d)", gap, speed,
                                 r.boxes[ball].x, r.boxes[ball].y, x0, want);
                    assert_true(r.boxes[ball].y + 8 <= BAR_Y);
                }
                cases++;
                stop(&r);
            }
    assert_int_equal(cases, 2 * 3 * 67);
}

/* The velocity after a bounce points away from what was met: fired right at the post, the ball
   comes back going left at the same speed. */
static void test_arena_bounce_reverses_the_velocity(void **unused)
{
    run r;
    int32_t vx, vy;
    (void)unused;
    start(&r, 2, 8);
    park_others(&r, r.first_ball);
    pg_arena_place(r.s, r.first_ball, POST_X - 8 - 3, POST_Y + 10, 20 * 16, 0);
    frame(&r, 0);
    pg_arena_velocity(r.s, r.first_ball, &vx, &vy);
    assert_int_equal(vx, -20 * 16);
    assert_int_equal(vy, 0);
    assert_int_equal(r.boxes[r.first_ball].x, POST_X - 8 - 17);   /* 3 px to the post, 17 back */
    stop(&r);
}

/* ---- the platform carries the player ------------------------------------------------------ */

/* Standing on the platform at the start of its loop, the player goes round the whole loop with
   it (right, up, left, down) without input: every frame he stands on it, at the same place. */
static void test_arena_platform_carries_the_player_round_its_loop(void **unused)
{
    run r;
    int off, minx = 10000, maxx = -1, miny = 10000, maxy = -1;
    (void)unused;
    start(&r, 4, 8);
    park_others(&r, -1);
    off = 22;
    pg_arena_place(r.s, PLAYER, (eo_coord)(r.boxes[PLATFORM].x + off), (eo_coord)(r.boxes[PLATFORM].y - PLAYER_H), 0, 16);
    for (int f = 0; f < 700; f++) {
        const eo_box *p = &r.boxes[PLAYER], *pl = &r.boxes[PLATFORM];
        frame(&r, 0);
        if (p->y + p->h != pl->y || p->x - pl->x != off)
            fail_msg("frame %d: the player at (%d, %d), the platform at (%d, %d)", f, p->x, p->y, pl->x, pl->y);
        minx = pl->x < minx ? pl->x : minx, maxx = pl->x > maxx ? pl->x : maxx;
        miny = pl->y < miny ? pl->y : miny, maxy = pl->y > maxy ? pl->y : maxy;
    }
    assert_true(maxx - minx >= 400);   /* it went along and up and down */
    assert_true(maxy - miny >= 100);
    stop(&r);
}

/* The platform rising into a player who jumped under it pushes him out of it, never into it. */
static void test_arena_platform_never_ends_inside_the_player(void **unused)
{
    run r;
    uint32_t rs = 99;
    (void)unused;
    start(&r, 6, 8);
    park_others(&r, -1);
    for (int f = 0; f < 3000; f++) {
        uint32_t b = xorshift(&rs) & (PG_BTN_LEFT | PG_BTN_RIGHT | PG_BTN_JUMP);
        frame(&r, b);
        frame(&r, b);
        if (overlap(&r.boxes[PLAYER], &r.boxes[PLATFORM]) && !in_tiles(pg_arena_map(r.s), &r.boxes[PLAYER]))
            fail_msg("frame %d: the player (%d, %d) is inside the platform (%d, %d)", f, r.boxes[PLAYER].x,
                     r.boxes[PLAYER].y, r.boxes[PLATFORM].x, r.boxes[PLATFORM].y);
    }
    stop(&r);
}

/* ---- the responses, as move.h says ------------------------------------------------------- */

/* The player in the air beside the post (flush, sharing rows with it), holding RIGHT for
   `frames` frames with the response `resp` to crates. */
static void beside_post(run *r, int resp, int gap)
{
    start(r, 8, 8);
    park_others(r, -1);
    choose(r, resp);
    pg_arena_place(r->s, PLAYER, (eo_coord)(POST_X - PLAYER_W - gap), POST_Y - 15, 0, 0);
}

static int began_with(const run *r, int other)
{
    const eo_pair *p;
    uint32_t n = pg_arena_began(r->s, &p);
    for (uint32_t k = 0; k < n; k++)
        if (p[k].a == PLAYER && (int)p[k].b == other) return 1;
    return 0;
}

static int ended_with(const run *r, int other)
{
    const eo_pair *p;
    uint32_t n = pg_arena_ended(r->s, &p);
    for (uint32_t k = 0; k < n; k++)
        if (p[k].a == PLAYER && (int)p[k].b == other) return 1;
    return 0;
}

/* slide: stopped flush on X, the other axis goes on (he slides down the post). */
static void test_arena_slide_stops_flush_and_goes_on_along(void **unused)
{
    run r;
    (void)unused;
    beside_post(&r, EO_MOVE_SLIDE, 0);
    for (int f = 0; f < 4; f++) frame(&r, PG_BTN_RIGHT);
    assert_int_equal(r.boxes[PLAYER].x, POST_X - PLAYER_W);
    assert_int_equal(r.boxes[PLAYER].y, POST_Y - 15 + (6 + 12 + 18 + 24) / 16);   /* 4 frames of falling */
    stop(&r);
}

/* touch: stopped flush, and the move ends there. Held against the post while his fall is slower
   than his walk (the staircase steps along X first), he does not fall at all; later, only the
   rows the staircase takes before its first step along X, so he falls slower than sliding. */
static void test_arena_touch_ends_the_move(void **unused)
{
    run r, slide;
    (void)unused;
    beside_post(&r, EO_MOVE_TOUCH, 0);
    beside_post(&slide, EO_MOVE_SLIDE, 0);
    for (int f = 0; f < 4; f++) frame(&r, PG_BTN_RIGHT), frame(&slide, PG_BTN_RIGHT);
    assert_int_equal(r.boxes[PLAYER].x, POST_X - PLAYER_W);
    assert_int_equal(r.boxes[PLAYER].y, POST_Y - 15);
    for (int f = 0; f < 8; f++) frame(&r, PG_BTN_RIGHT), frame(&slide, PG_BTN_RIGHT);
    assert_int_equal(r.boxes[PLAYER].x, POST_X - PLAYER_W);
    assert_true(r.boxes[PLAYER].y < slide.boxes[PLAYER].y);
    stop(&slide);
    frame(&r, 0);                                    /* let go: he falls */
    frame(&r, 0);
    frame(&r, 0);
    assert_true(r.boxes[PLAYER].y > POST_Y - 15);
    stop(&r);
}

/* cross: he goes through the post; the pair begins once and ends once. ignore: he goes through
   and the pair never begins. */
static void test_arena_cross_reports_once_and_ignore_never(void **unused)
{
    (void)unused;
    for (int k = 0; k < 2; k++) {
        run r;
        int post, began = 0, ended = 0;
        beside_post(&r, k == 0 ? EO_MOVE_CROSS : EO_MOVE_IGNORE, 3);
        post = crate_at(&r, POST_X, POST_Y);
        for (int f = 0; f < 16; f++) {
            frame(&r, PG_BTN_RIGHT);
            began += began_with(&r, post);
            ended += ended_with(&r, post);
        }
        assert_true(r.boxes[PLAYER].x > POST_X + 2);
        assert_int_equal(began, k == 0 ? 1 : 0);
        assert_int_equal(ended, k == 0 ? 1 : 0);
        stop(&r);
    }
}

/* bounce: flush against the post, 2 px to go this frame: the 2 px go back, and he is thrown back. */
static void test_arena_bounce_sends_the_rest_back(void **unused)
{
    run r;
    int32_t vx, vy;
    (void)unused;
    beside_post(&r, EO_MOVE_BOUNCE, 0);
    frame(&r, PG_BTN_RIGHT);                         /* 40/16 px: 2 px this frame */
    assert_int_equal(r.boxes[PLAYER].x, POST_X - PLAYER_W - 2);
    pg_arena_velocity(r.s, PLAYER, &vx, &vy);
    assert_true(vx < 0);
    stop(&r);
}

/* Inside a crate (crossing it) when X switches to a response that stops him: pushed out of it
   (eo_contact_push_out), touching it. */
static void test_arena_switching_to_a_blocking_response_pushes_out(void **unused)
{
    run r;
    int post;
    (void)unused;
    beside_post(&r, EO_MOVE_CROSS, 0);
    post = crate_at(&r, POST_X, POST_Y);
    for (int f = 0; f < 40 && !overlap(&r.boxes[PLAYER], &r.boxes[post]); f++) frame(&r, PG_BTN_RIGHT);
    assert_true(overlap(&r.boxes[PLAYER], &r.boxes[post]));
    frame(&r, PG_BTN_ACTION);                        /* cross -> bounce */
    assert_int_equal(pg_arena_response(r.s), EO_MOVE_BOUNCE);
    assert_false(in_crate(&r, &r.boxes[PLAYER]));
    stop(&r);
}

/* Walking right along six crates laid edge to edge, he keeps his full speed: 2.5 px a frame. */
static void test_arena_no_snag_on_the_seams_between_crates(void **unused)
{
    run r;
    (void)unused;
    start(&r, 9, 8);
    park_others(&r, -1);
    pg_arena_place(r.s, PLAYER, SEAM_X + 2, SEAM_Y - PLAYER_H, 0, 16);
    for (int f = 0; f < 64; f++) frame(&r, PG_BTN_RIGHT);
    assert_int_equal(r.boxes[PLAYER].x, SEAM_X + 2 + 64 * 40 / 16);   /* 160 px: across five seams */
    assert_int_equal(r.boxes[PLAYER].y, SEAM_Y - PLAYER_H);
    stop(&r);
}

/* ---- determinism, counters -------------------------------------------------------------- */

static uint64_t script_hash(uint32_t seed, int count, uint32_t script)
{
    run r;
    uint64_t h;
    start(&r, seed, count);
    for (int f = 0; f < 300; f++) frame(&r, (xorshift(&script) >> 7) & (PG_BTN_LEFT | PG_BTN_RIGHT | PG_BTN_JUMP | PG_BTN_ACTION));
    h = pg_scene_arena.hash(r.s);
    stop(&r);
    return h;
}

static void test_arena_is_deterministic(void **unused)
{
    (void)unused;
    assert_true(script_hash(3, 48, 5) == script_hash(3, 48, 5));
    assert_true(script_hash(3, 48, 5) != script_hash(4, 48, 5));
    assert_true(script_hash(3, 48, 5) != script_hash(3, 48, 6));
    assert_true(script_hash(3, 48, 5) != script_hash(3, 56, 5));
}

/* The HUD's counters say what happened: began and ended pairs are counted, and X steps the
   response shown. */
static void test_arena_counters(void **unused)
{
    run r;
    uint32_t began = 0, ended = 0, contacts = 0;
    (void)unused;
    start(&r, 3, 48);
    for (int f = 0; f < 120; f++) {
        frame(&r, 0);
        for (int k = 0; k < r.stats.counter_count; k++) {
            if (strcmp(r.stats.counter_name[k], "began") == 0) began += r.stats.counter[k];
            if (strcmp(r.stats.counter_name[k], "ended") == 0) ended += r.stats.counter[k];
            if (strcmp(r.stats.counter_name[k], "contacts") == 0) contacts += r.stats.counter[k];
        }
    }
    assert_int_equal(r.stats.phase_count, 4);
    assert_true(began > 50 && ended > 50 && contacts >= began);
    frame(&r, PG_BTN_ACTION);
    assert_int_equal(pg_arena_response(r.s), EO_MOVE_TOUCH);
    stop(&r);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arena_balls_never_inside_or_through_walls),
        cmocka_unit_test(test_arena_fast_ball_bounces_off_a_thin_post_as_a_pixel_walk_does),
        cmocka_unit_test(test_arena_bounce_reverses_the_velocity),
        cmocka_unit_test(test_arena_platform_carries_the_player_round_its_loop),
        cmocka_unit_test(test_arena_platform_never_ends_inside_the_player),
        cmocka_unit_test(test_arena_slide_stops_flush_and_goes_on_along),
        cmocka_unit_test(test_arena_touch_ends_the_move),
        cmocka_unit_test(test_arena_cross_reports_once_and_ignore_never),
        cmocka_unit_test(test_arena_bounce_sends_the_rest_back),
        cmocka_unit_test(test_arena_switching_to_a_blocking_response_pushes_out),
        cmocka_unit_test(test_arena_no_snag_on_the_seams_between_crates),
        cmocka_unit_test(test_arena_is_deterministic),
        cmocka_unit_test(test_arena_counters),
    };
    if (argc > 1) cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
