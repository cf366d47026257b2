/* What every tile attr is: the kinds table (tiles_kinds.h says how to read it) and the slope
   shapes' heights. See earlyout/tiles.h, "Tile kinds" and "Slope shapes". */
#include "earlyout/tiles.h"

#include <stddef.h>

#include "tiles_kinds.h"

#define SOLID EO_TILES_TOUCH_SOLID
#define ONE_WAY EO_TILES_TOUCH_ONE_WAY
#define LADDER EO_TILES_TOUCH_LADDER
#define HAZARD EO_TILES_TOUCH_HAZARD
#define WATER EO_TILES_TOUCH_WATER
#define SLOPE EO_TILES_TOUCH_SLOPE
#define HALF EO_TILES_TOUCH_HALF

/* One row per kind; a table read is one load where the kinds' tests would be a chain of compares. */
const eo_tiles_kind eo_tiles_kinds[EO_TILES_KIND_ONE_WAY_SLOPE + 1] = {
    /*                    fill                                        touch             ray */
    /* EMPTY        */ { 0,                                          0,                0 },
    /* SOLID        */ { FILL_SOLID,                                 SOLID,            0 },
    /* ONE_WAY      */ { FILL_ONE_WAY,                               ONE_WAY,          0 },
    /* LADDER       */ { FILL_ONE_WAY | FILL_LADDER,                 LADDER,           0 },
    /* HAZARD       */ { 0,                                          HAZARD,           0 },
    /* WATER        */ { 0,                                          WATER,            0 },
    /* SOLID_HAZARD */ { FILL_SOLID,                                 SOLID | HAZARD,   0 },
    /* LADDER_TOP   */ { FILL_ONE_WAY,                               ONE_WAY | LADDER, 0 },
    /* HALF_TOP     */ { FILL_SOLID | FILL_TO_HALF,                  HALF,             SOLID | HALF },
    /* HALF_BOTTOM  */ { FILL_SOLID | FILL_FROM_HALF,                HALF,             SOLID | HALF },
    /* ONE_WAY_HALF */ { FILL_ONE_WAY | FILL_FROM_HALF,              ONE_WAY,          0 },
    /* 11 .. 15: the game's own, collide like EMPTY */
    { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 },
    /* SLOPE + s    */ { FILL_SOLID | FILL_SHAPE,                    SLOPE,            SLOPE },
    /* ONE_WAY_SLOPE + s */ { FILL_ONE_WAY | FILL_SHAPE,             SLOPE | ONE_WAY,  ONE_WAY }
};

uint8_t eo_tiles_kind_bit(uint8_t attr)
{
    return eo_tiles_kind_of(attr)->touch;
}

/* The map's own slope shapes. Heights are computed, not stored, so the built-in shapes exist at
   every tile size; user shapes read the map's table. */
uint8_t eo_tiles_slope_height(const eo_tiles_map *map, uint8_t shape, uint8_t column)
{
    uint8_t shift, size, half, i, h;
    uint16_t k;
    /* called for every slope column a move scans: only the checks the arithmetic needs */
    if (map == NULL)
        return 0;
    shift = eo_tiles_shift_of(map);
    if (shift < EO_TILES_MIN_SHIFT || shift > EO_TILES_MAX_SHIFT)
        return 0;
    size = (uint8_t)(1u << shift);
    half = (uint8_t)(size >> 1);
    i = (uint8_t)(column & (size - 1u));
    switch (shape) {
    case EO_TILES_SLOPE_45_UP:        return (uint8_t)(i + 1u);
    case EO_TILES_SLOPE_45_DOWN:      return (uint8_t)(size - i);
    case EO_TILES_SLOPE_22_UP_LOW:    return (uint8_t)(i / 2u + 1u);
    case EO_TILES_SLOPE_22_UP_HIGH:   return (uint8_t)(half + i / 2u + 1u);
    case EO_TILES_SLOPE_22_DOWN_HIGH: return (uint8_t)(size - i / 2u);
    case EO_TILES_SLOPE_22_DOWN_LOW:  return (uint8_t)(half - i / 2u);
    default:
        k = (uint16_t)(shape - EO_TILES_SLOPE_USER);
        if (shape < EO_TILES_SLOPE_USER || k >= map->slope_count || map->slopes == NULL)
            return size; /* an unknown shape is solid: nothing falls through it */
        h = map->slopes[k * size + i];
        return h > size ? size : h;
    }
}

eo_result eo_tiles_slope_heights(const eo_tiles_map *map, uint8_t shape, uint8_t *out, uint16_t capacity)
{
    uint8_t size, i;
    eo_result e;
    if (out == NULL)
        return EO_ERR_NULL_POINTER;
    e = eo_tiles_tile_size(map, &size);
    if (e != EO_OK)
        return e;
    if (capacity < size)
        return EO_ERR_BUFFER_TOO_SMALL;
    for (i = 0; i < size; i++)
        out[i] = eo_tiles_slope_height(map, shape, i);
    return EO_OK;
}
