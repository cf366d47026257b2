/* earlyout/move.h: moving a box through other boxes and a tile map, with a response per pair, at
   any speed without tunnelling.

   The move
       eo_move moves `box` by (dx, dy). Its top-left pixel follows the straight segment's staircase,
       the lattice path eo_tiles_sweep follows (tiles.h: one pixel at a time, along X when the
       segment crosses the middle of a pixel column before the middle of a row, X first at a tie),
       taken a run of steps along one axis at a time. Before each run, the nearest thing ahead that
       meets the box across the run (shares a pixel row with it for a run along X, a column for one
       along Y) is found: among the other boxes, and in the tile map (eo_tiles_move along that axis,
       so every tile rule of tiles.h holds, slopes and one-way platforms included). There, the pair's
       response decides:
         EO_MOVE_SLIDE   stop flush against it; that axis moves no more this move, the other axis
                         goes on to its end (sliding along a floor or a wall). The default.
         EO_MOVE_TOUCH   stop flush against it, and the move ends.
         EO_MOVE_CROSS   go on through it; it is reported once, when the box enters it.
         EO_MOVE_BOUNCE  stop flush against it, and the rest of that axis' motion goes back the other
                         way (a bounce off a wall, the rest of the move reflected).
         EO_MOVE_IGNORE  as if it were not there; never reported.
       Where several things are met at the same pixel, each is reported and the strongest response
       is taken: TOUCH, then BOUNCE, then SLIDE.
       So the box never ends inside, nor passes through, a box or tile that stops it, however far it
       moves in one call (a 1 px wall stops a move of 10,000 px). It does not snag on the seam
       between two boxes laid edge to edge, nor between a box and a tile at the same height: sliding
       along them, it shares no pixel row with them (touching is not meeting), so nothing ahead
       meets it. A box that the mover already overlaps when the call starts does not stop it (so it
       can get out), and is reported first, at time 0 with face 0; use eo_contact_push_out (contact.h)
       first if it must be pushed out.

   The world (eo_move_world; zero means default)
       boxes, count   the other boxes; the mover's own index `self` is skipped (EO_MOVE_NO_SELF if
                      it is not among them). Boxes with w or h <= 0 are never met.
       grid           optional: a sectors grid built (or updated) over the same boxes, so that only
                      the boxes near the move are read (eo_query_sectors_region over the move's reach:
                      the box grown by |dx| and |dy| on each side; every box is read when that
                      reach is wider or taller than EO_COORD_MAX, a long move in the 16-bit
                      build). Without it every box is read.
       layers, layer  optional: the boxes' layers and the mover's (broadphase.h): pairs the layer rule
                      keeps apart are ignored.
       responses      optional: one eo_move_response per box, the response against it; or
       filter         optional: asked once per move for each box near it (filter_user passed along);
                      without either, every box gets EO_MOVE_SLIDE.
       map            optional: a tile map (tiles.h); tile_flags (EO_TILES_DROP) and tile_response
                      (SLIDE, TOUCH or BOUNCE) say how its tiles stop the box.
       near, near_capacity   caller-owned room for the boxes near one move (one eo_move_near each);
                      a move with more boxes near it fails with EO_ERR_BUFFER_TOO_SMALL and
                      moves nothing (result->near_count says how many it needs).

   Contacts and the result
       Contacts go to contacts[0 .. capacity-1] in order of time (then box index; tiles first): the
       box met (EO_MOVE_TILE for a tile), the time as t_num / t_den of the move's staircase (t_den
       = |dx| + |dy| steps; a contact after k steps has t_num k, so the first pixel of a 10 px move
       is 1 / 10), where the mover was then, the mover's side that met it (face, EO_HIT_*), the
       normal of the side met (nx, ny: -1, 0 or 1) and the response taken. result->contact_count
       counts them all: past capacity the call returns EO_ERR_BUFFER_TOO_SMALL, with the move done
       (box and result hold where it ended) and the first `capacity` contacts kept.
       result->hit: the mover's sides stopped (slide, touch, bounce); x, y: where it ended (also
       written to *box).

   Limits: |dx|, |dy| <= EO_MOVE_MAX (tiles.h's EO_TILES_MAX_SWEEP); the box has w, h >= 1 and
   stays in the world (EO_COORD_MIN .. EO_COORD_MAX: the world's edge stops it like a wall, with
   the tile response). The work is one pass over the near boxes per run of the staircase, plus the
   tile reads of each run: a long diagonal move among many boxes costs accordingly.

   Several movers in a frame: move them one after another, each against the others' new positions
   (write each result into the boxes array, and update the grid before the next move); the result
   depends only on that order.

   What it does not do: move the other boxes (push them), resolve overlaps that exist before the
   call (contact.h), rotate, or simulate forces (velocity, gravity and friction are the game's).

   (The responses are bump.lua's, by Enrique García Cota; the staircase is tiles.h's.) */
#ifndef EARLYOUT_MOVE_H
#define EARLYOUT_MOVE_H

#include "common.h"
#include "broadphase.h"
#include "sectors.h"
#include "tiles.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What a mover does about a box or tile it meets (see the manual above).
typedef enum eo_move_response {
    EO_MOVE_SLIDE = 0,
    EO_MOVE_TOUCH = 1,
    EO_MOVE_CROSS = 2,
    EO_MOVE_BOUNCE = 3,
    EO_MOVE_IGNORE = 4
} eo_move_response;

/// The longest move on one axis: |dx|, |dy| up to this.
#define EO_MOVE_MAX EO_TILES_MAX_SWEEP
/// `self` when the mover is not among the boxes.
#define EO_MOVE_NO_SELF EO_INDEX_MAX
/// A contact's `other` when it is a tile (or the world's edge).
#define EO_MOVE_TILE EO_INDEX_MAX

/// The response for box `other`, asked once per move for each box near it.
typedef uint8_t (*eo_move_filter)(void *user, eo_index other);

/// A box near the move, as the mover keeps it (caller-owned room: see the manual).
typedef struct eo_move_near {
    eo_index index;
    uint8_t response;  /* an eo_move_response */
    uint8_t state;     /* private to eo_move */
} eo_move_near;

/// What a move moves through. Zero means default: no boxes, no grid, no layers, everything slides.
typedef struct eo_move_world {
    const eo_box *boxes;
    eo_index count;
    eo_index self;                      /* the mover's index in boxes, or EO_MOVE_NO_SELF */
    const eo_sectors *grid;             /* optional, built over boxes */
    const eo_broadphase_layer *layers;  /* optional, one per box */
    eo_broadphase_layer layer;          /* the mover's (used with layers; zero: { 0xFFFF, 0xFFFF }) */
    const uint8_t *responses;           /* optional, one eo_move_response per box */
    eo_move_filter filter;              /* optional, instead of responses */
    void *filter_user;
    const eo_tiles_map *map;            /* optional */
    uint8_t tile_flags;                 /* EO_TILES_DROP or 0 */
    uint8_t tile_response;              /* EO_MOVE_SLIDE (0), EO_MOVE_TOUCH or EO_MOVE_BOUNCE */
    eo_move_near *near;                 /* room for the boxes near one move */
    eo_index near_capacity;
} eo_move_world;

/// One thing a move met.
typedef struct eo_move_contact {
    eo_index other;            /* the box's index, or EO_MOVE_TILE */
    uint32_t t_num, t_den;     /* when: t_num / t_den of the move (staircase steps) */
    eo_coord x, y;             /* the mover then */
    int8_t nx, ny;             /* the normal of the side met, toward the mover: -1, 0 or 1 each */
    uint8_t face;              /* the mover's side that met it (EO_HIT_*); 0: overlapping at the start */
    uint8_t response;          /* the pair's eo_move_response */
} eo_move_contact;

/// Where a move ended and what it met.
typedef struct eo_move_result {
    eo_coord x, y;             /* where the box ended (also written to the box) */
    uint16_t contact_count;    /* every contact, even past the capacity */
    eo_index near_count;       /* the boxes near the move (what `near` had to hold) */
    uint8_t hit;               /* the mover's sides that were stopped (EO_HIT_*) */
} eo_move_result;

/// Moves *box by (dx, dy) through the world (see the manual). EO_ERR_BUFFER_TOO_SMALL: contacts
/// past capacity (the move is done), or too many boxes near the move (nothing moved: near_count
/// says how many); EO_ERR_NOT_READY: the grid's last build or update failed.
eo_result eo_move(const eo_move_world *world, eo_box *box, eo_coord dx, eo_coord dy, eo_move_contact *contacts,
                  uint16_t capacity, eo_move_result *result, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
