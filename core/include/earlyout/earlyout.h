/* earlyout/earlyout.h: the whole public API of the earlyout collision core.
   C99, no allocation, no floating point, no global mutable state: the caller owns every buffer.
   Each module's header starts with its manual. */
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
