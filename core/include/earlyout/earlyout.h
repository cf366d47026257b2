/* earlyout/earlyout.h: the whole public API of the earlyout collision core.
   C99, no allocation, no floating point, no global mutable state: the caller owns every buffer.
   Each module's header starts with its manual, and ends it with what the module does not do.

   Names, once for every module:
     eo_<module>_<verb phrase>    a public function of one module: eo_sectors_find_pairs,
                                  eo_tiles_move, eo_contact_push_boxes
     eo_<module>_<noun>           its types: eo_sectors_config, eo_move_contact
     EO_<MODULE>_<NAME>           its constants and macros: EO_TILES_SOLID, EO_MOVE_SLIDE
     EO_EV_<MODULE>_<WHAT>        a traced step (common.h), EO_COUNTER_<MODULE>_<WHAT> a counter
     EO_ERR_<WHAT>                a result code (common.h); every fallible call returns an eo_result
   Words keep one meaning: a "box" is an eo_box (half-open, pixels x .. x + w - 1); a "move"
   changes a box's position by (dx, dy) (tiles.h, slopes.h, move.h), a "sweep" is sort-and-sweep
   (sweep.h) and eo_tiles_sweep / eo_contact_sweep_* sweep a box along a segment; "sector" is a
   cell of the sectors grid, "cell" one of the grid masks' or a tile map's; "pair" is an eo_pair,
   a < b. Inside core/src, private helpers shared by a module's files are eo_<module>_<name> in a
   private header there, never in this folder. */
#ifndef EARLYOUT_H
#define EARLYOUT_H

#include "config.h"
#include "common.h"
#include "gridmask.h"
#include "aabb.h"
#include "broadphase.h"
#include "sectors.h"
#include "sweep.h"
#include "pixelmask.h"
#include "tiles.h"
#include "slopes.h"
#include "query.h"
#include "raycast.h"
#include "contact.h"
#include "move.h"
#include "events.h"

#define EO_VERSION_MAJOR 0
#define EO_VERSION_MINOR 1
#define EO_VERSION_PATCH 0

#endif
