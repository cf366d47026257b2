/* earlyout/contact.h: what to do once two shapes meet: the push that parts them, the normal, and
   the exact time a moving box first enters another.

   Push-out (eo_contact_push_*)
       For two overlapping shapes, the move of A that parts them: the smallest integer move after
       which they no longer overlap (touching is allowed: boxes are half-open, common.h), and the
       contact normal, the direction A moves. Boxes part along one axis: along_x and along_y are the
       smallest moves along X alone and Y alone, and the push is the shorter of the two (a tie goes
       to Y, so a box sunk into a floor as far as into a wall is lifted out of the floor); along
       each axis a tie goes to the negative side (left, up). An axis' move is 0 when neither way
       along it stays in the world (a box nearly as long as the world); with both 0, nothing parts
       them and the push is 0 (overlap still 1). A circle (aabb.h: centre and radius) is
       pushed along the line from the other shape's nearest point to its centre, by a whole number
       of pixels on each axis, rounded so that it is parted afterwards (an integer square root, then
       a check); a circle whose centre lies inside a box leaves through the nearest side. A move
       that would leave the world (EO_COORD_MIN .. EO_COORD_MAX) is not taken: the other side is.
       To move B instead of A, move it by the opposite of the push.
       eo_contact_push_out parts A from several boxes at once (a box in the corner of two walls):
       the shortest move (squared length; then the one with less X, then up, then left) after
       which A overlaps none of them, which leaves it touching the ones it was pushed from. That move
       is always one of the moves that make A touch one of the boxes on each axis, or 0, and the
       call tries them all: (2 count + 1)^2 moves of count tests, so keep count small
       (EO_CONTACT_MAX_PUSH_BOXES).

   Time of impact (eo_contact_sweep_*)
       A box moving by (dx, dy) from where it is, against a box that stays, or two boxes both moving
       for the same time (relative motion): when A first overlaps B, as the exact fraction t_num /
       t_den of the move (0 <= t < 1), the side of A that meets B (face: EO_HIT_* of common.h) and
       the normal of that side of B (pointing at A). A's top-left point follows the straight
       segment; touching is not a hit, so a box that ends its move flush against another, or slides
       along one, never hits it. Boxes that overlap already are reported with t 0 and `inside` 1.
       When both axes enter at the same instant (an exact corner), face holds both sides and the
       normal both axes. x and y give A's position at the impact, each rounded toward where it
       started, which never makes it overlap anything it did not overlap on the way (every edge is a
       whole pixel). Moves: |dx|, |dy| <= EO_CONTACT_MAX_MOVE; times are compared exactly, without
       floating point.

   Limits: radii 0 .. EO_AABB_CIRCLE_MAX_RADIUS (aabb.h); boxes with w, h >= 1 whose last pixels are
   inside the world. Anything else is EO_ERR_BAD_ARGUMENT, NULL is EO_ERR_NULL_POINTER, and the
   output is then untouched.

   What it does not do: decide what a game does about a contact (eo_move in move.h takes a response
   per pair: slide, touch, cross, bounce), rotate shapes, or resolve more than boxes at once (circles
   one pair at a time).

   (Minkowski differences and slab tests, as in Ericson's "Real-Time Collision Detection", 5.3 and
   5.5, in integers.) */
#ifndef EARLYOUT_CONTACT_H
#define EARLYOUT_CONTACT_H

#include "common.h"
#include "aabb.h"

#ifdef __cplusplus
extern "C" {
#endif

/// 1.0 in the normals' fixed point: a normal is (nx, ny) / 4096.
#define EO_CONTACT_ONE 4096
/// The most boxes eo_contact_push_out takes at once.
#define EO_CONTACT_MAX_PUSH_BOXES 32
/// The longest move on one axis the sweeps take: |dx|, |dy| up to this (the whole world in the
/// 16-bit build, 2^30 - 1 in the 32-bit one, so that times compare exactly in 64 bits).
#define EO_CONTACT_MAX_MOVE (EO_COORD_BITS == 16 ? 32767 : 1073741823)

/// How to part two shapes that overlap. All zero when they do not (overlap 0).
typedef struct eo_contact_push {
    eo_coord x, y;           /* the move of A that parts them */
    eo_coord along_x;        /* boxes: the smallest move along X alone (circles: 0) */
    eo_coord along_y;        /* boxes: the smallest move along Y alone (circles: 0) */
    int16_t nx, ny;          /* the normal, the direction A moves, in 1/EO_CONTACT_ONE */
    uint8_t overlap;         /* 1 if the shapes overlap (then the rest holds), else 0 */
    uint8_t face;            /* boxes: the sides of A that touch what it was pushed from */
} eo_contact_push;

/// When a moving box first enters another. All zero when it does not (hit 0).
typedef struct eo_contact_hit {
    uint32_t t_num, t_den;   /* time of impact: t_num / t_den of the move, 0 <= t < 1 (t_den >= 1) */
    eo_coord x, y;           /* A at the impact, rounded toward its start */
    int16_t nx, ny;          /* the normal of B's side that was met, toward A: -1, 0 or 1 each */
    uint8_t hit;             /* 1 if A enters B during the move, else 0 */
    uint8_t face;            /* EO_HIT_* of A's side(s) that met B; both axes' at an exact corner */
    uint8_t inside;          /* 1 if they overlap already at the start (t 0, face 0) */
} eo_contact_hit;

/// Box A against box B: how to part them, if they overlap.
eo_result eo_contact_push_boxes(const eo_box *a, const eo_box *b, eo_contact_push *out, eo_hooks *hooks);
/// Circle A against circle B.
eo_result eo_contact_push_circles(const eo_aabb_circle *a, const eo_aabb_circle *b, eo_contact_push *out,
                                  eo_hooks *hooks);
/// Circle A against box B (to push the box, move it by -out->x, -out->y).
eo_result eo_contact_push_circle_box(const eo_aabb_circle *a, const eo_box *b, eo_contact_push *out,
                                     eo_hooks *hooks);
/// Box A out of every box of others at once (count <= EO_CONTACT_MAX_PUSH_BOXES; empty ones ignored).
/// out->face: the sides of A that touch the boxes afterwards; the normal is the move's direction.
eo_result eo_contact_push_out(const eo_box *a, const eo_box *others, uint16_t count, eo_contact_push *out,
                              eo_hooks *hooks);
/// Box A moving by (dx, dy) against box B standing still.
eo_result eo_contact_sweep_box(const eo_box *a, eo_coord dx, eo_coord dy, const eo_box *b, eo_contact_hit *hit,
                               eo_hooks *hooks);
/// Box A moving by (adx, ady) and box B by (bdx, bdy) over the same time; x, y: A at the impact.
eo_result eo_contact_sweep_boxes(const eo_box *a, eo_coord adx, eo_coord ady, const eo_box *b, eo_coord bdx,
                                 eo_coord bdy, eo_contact_hit *hit, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
