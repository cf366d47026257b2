/* The pixel-by-pixel reference for the tiles and slopes modules, shared by tests/core/test_tiles.c,
   tests/core/test_slopes.c, tests/fuzz/tiles_fuzzer.c and bench/common/tiles_scene.h: the map
   read one pixel at a time, straight from the rules in tiles.h and slopes.h, with none of the core's shortcuts.
   The includer defines REF_MAP (an expression giving the const eo_tiles_map *) and REF_USER_SLOPES
   (the heights of user shape 0) before including this file, REF_WALK for the reference walk
   (ref_walk, ref_on_ground: the slopes tests and the tiles benchmark), REF_SWEEP for the
   reference swept move (ref_sweep), and REF_KINDS for the touch bits of an attr (ref_kind_bit). */
#ifndef EARLYOUT_TESTS_TILES_REFERENCE_H
#define EARLYOUT_TESTS_TILES_REFERENCE_H

static long ref_tile_size(void)
{
    return 1L << (REF_MAP->tile_shift ? REF_MAP->tile_shift : 3);
}


static long floor_div(long p, long d)
{
    return p >= 0 ? p / d : -((-p + d - 1) / d);
}

static int ref_attr(long col, long row)
{
    if (col < 0 || row < 0 || col >= REF_MAP->width || row >= REF_MAP->height) {
        if (REF_MAP->outside == EO_TILES_OUTSIDE_EMPTY || (REF_MAP->outside == EO_TILES_OUTSIDE_OPEN_TOP && row < 0))
            return EO_TILES_EMPTY;
        return EO_TILES_SOLID;
    }
    return REF_MAP->attrs[REF_MAP->cells[row * REF_MAP->width + col]];
}

/* Column i's height of the slope shape a slope attr names: 16 + s solid, 136 + s one-way. */
static int ref_height(int attr, int i)
{
    int tile = ref_tile_size();
    switch (attr >= 136 ? attr - 136 : attr - 16) {
    case EO_TILES_SLOPE_45_UP: return i + 1;
    case EO_TILES_SLOPE_45_DOWN: return tile - i;
    case EO_TILES_SLOPE_22_UP_LOW: return i / 2 + 1;
    case EO_TILES_SLOPE_22_UP_HIGH: return tile / 2 + i / 2 + 1;
    case EO_TILES_SLOPE_22_DOWN_HIGH: return tile - i / 2;
    case EO_TILES_SLOPE_22_DOWN_LOW: return tile / 2 - i / 2;
    default: return REF_USER_SLOPES[i];
    }
}

#ifdef REF_KINDS
/* The touch bits of an attr, from the table in tiles.h ("Tile kinds"). */
static int ref_kind_bit(int attr)
{
    switch (attr) {
    case 1: return EO_TILES_TOUCH_SOLID;
    case 2: return EO_TILES_TOUCH_ONE_WAY;
    case 3: return EO_TILES_TOUCH_LADDER;
    case 4: return EO_TILES_TOUCH_HAZARD;
    case 5: return EO_TILES_TOUCH_WATER;
    case 6: return EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_HAZARD;   /* spike block */
    case 7: return EO_TILES_TOUCH_ONE_WAY | EO_TILES_TOUCH_LADDER; /* ladder top */
    case 8: case 9: return EO_TILES_TOUCH_HALF;                    /* half top, half bottom */
    case 10: return EO_TILES_TOUCH_ONE_WAY;                        /* one-way half */
    default:
        if (attr >= 136)
            return EO_TILES_TOUCH_SLOPE | EO_TILES_TOUCH_ONE_WAY;
        return attr >= 16 ? EO_TILES_TOUCH_SLOPE : 0;
    }
}
#endif

/* Solid in every direction; pixels past the world (config.h) are solid too (its edge is a wall).
   Solid: attr 1 and 6 (spike) whole, 8 (half top) rows 0 .. T/2 - 1, 9 (half bottom) rows
   T/2 .. T - 1, 16 .. 135 (slopes) from each column's surface down; no one-way kind. */
static int ref_solid(long x, long y)
{
    long tile = ref_tile_size(), col, row, j;
    int a;
    if (x < EO_COORD_MIN || x > EO_COORD_MAX || y < EO_COORD_MIN || y > EO_COORD_MAX)
        return 1;
    col = floor_div(x, tile);
    row = floor_div(y, tile);
    a = ref_attr(col, row);
    j = y - row * tile;
    if (a == 1 || a == 6)
        return 1;
    if (a == 8)
        return j < tile / 2;
    if (a == 9)
        return j >= tile / 2;
    return a >= 16 && a < 136 && j >= tile - ref_height(a, (int)(x - col * tile));
}

/* The surface row in its tile of a one-way kind's pixel column x (-1: none): row 0 of 2
   (one-way), 7 (ladder top) and 3 (ladder) under a tile that is neither 3 nor 7; row T/2 of 10
   (one-way half); row T - height of a one-way slope's column (136 .. 255) of height > 0. */
static long ref_one_way_row(long x, long col, long row)
{
    long tile = ref_tile_size();
    int a = ref_attr(col, row), above = ref_attr(col, row - 1), h;
    if (a == 2 || a == 7 || (a == 3 && above != 3 && above != 7))
        return 0;
    if (a == 10)
        return tile / 2;
    if (a >= 136 && (h = ref_height(a, (int)(x - col * tile))) > 0)
        return tile - h;
    return -1;
}

/* Blocks a box moving down into pixel row y: solid, or the surface row of a one-way kind
   (unless dropping). */
static int ref_blocks_down(long x, long y, int drop)
{
    long tile = ref_tile_size(), col = floor_div(x, tile), row = floor_div(y, tile);
    if (ref_solid(x, y))
        return 1;
    return !drop && ref_one_way_row(x, col, row) == y - row * tile;
}

/* With EO_TILES_CORNERS a pixel of the leading edge counts only if it lies in the box's first or
   last tile across the axis (the corner probes' tiles). */
static int ref_in_end_tiles(long p, long q0, long q1)
{
    long t = floor_div(p, ref_tile_size());
    return t == floor_div(q0, ref_tile_size()) || t == floor_div(q1, ref_tile_size());
}

/* Would one pixel step of the box at (x, y) along an axis (0 x, 1 y), in direction s, enter a
   pixel that blocks? (corners: only the pixels in the edge's end tiles are looked at) */
static int ref_step_blocked(long x, long y, long w, long h, int axis, int s, int drop, int corners)
{
    long i, line = axis ? (s > 0 ? y + h : y - 1) : (s > 0 ? x + w : x - 1);
    for (i = 0; i < (axis ? w : h); i++) {
        if (axis == 0 && (!corners || ref_in_end_tiles(y + i, y, y + h - 1)) && ref_solid(line, y + i))
            return 1;
        if (axis == 1 && (!corners || ref_in_end_tiles(x + i, x, x + w - 1)) &&
            (s > 0 ? ref_blocks_down(x + i, line, drop) : ref_solid(x + i, line)))
            return 1;
    }
    return 0;
}

static int ref_side(int axis, int s)
{
    return axis ? (s > 0 ? EO_HIT_BOTTOM : EO_HIT_TOP) : (s > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT);
}

/* One pixel at a time along X, then along Y; a pixel step is refused if a pixel it enters blocks. */
static int ref_move_probing(eo_box *b, long dx, long dy, int drop, int corners)
{
    long x = b->x, y = b->y, k;
    int hit = 0, s = dx > 0 ? 1 : -1;
    for (k = 0; k < labs(dx); k++, x += s)
        if (ref_step_blocked(x, y, b->w, b->h, 0, s, drop, corners)) {
            hit |= ref_side(0, s);
            break;
        }
    s = dy > 0 ? 1 : -1;
    for (k = 0; k < labs(dy); k++, y += s)
        if (ref_step_blocked(x, y, b->w, b->h, 1, s, drop, corners)) {
            hit |= ref_side(1, s);
            break;
        }
    b->x = (eo_coord)x;
    b->y = (eo_coord)y;
    return hit;
}

#ifdef REF_SWEEP
/* The swept move from the header's definition, one pixel at a time: after i steps along X and
   j along Y, the next is along X if the segment crosses the middle of column i before the middle
   of row j ((i + 1/2) / |dx| <= (j + 1/2) / |dy|, compared as products), else along Y. The first
   refused step stops it; with slide, the rest of the other axis follows alone. */
static int ref_sweep(eo_box *b, long dx, long dy, int drop, int slide)
{
    long x = b->x, y = b->y, ax = labs(dx), ay = labs(dy), i = 0, j = 0;
    int sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1, axis, hit = 0;
    eo_box rest;
    while (i < ax || j < ay) {
        axis = !(j == ay || (i < ax && (2 * i + 1) * ay <= (2 * j + 1) * ax));
        if (ref_step_blocked(x, y, b->w, b->h, axis, axis ? sy : sx, drop, 0)) {
            hit = ref_side(axis, axis ? sy : sx);
            break;
        }
        if (axis) {
            y += sy;
            j++;
        } else {
            x += sx;
            i++;
        }
    }
    rest = *b;
    rest.x = (eo_coord)x;
    rest.y = (eo_coord)y;
    if (hit && slide)
        hit |= (hit & (EO_HIT_LEFT | EO_HIT_RIGHT)) ? ref_move_probing(&rest, 0, (long)b->y + dy - y, drop, 0)
                                                    : ref_move_probing(&rest, (long)b->x + dx - x, 0, drop, 0);
    *b = rest;
    return hit;
}
#endif

static int ref_move(eo_box *b, long dx, long dy, int drop)
{
    return ref_move_probing(b, dx, dy, drop, 0);
}

static int ref_overlaps_solid(const eo_box *b)
{
    long i, j;
    for (j = 0; j < b->h; j++)
        for (i = 0; i < b->w; i++)
            if (ref_solid(b->x + i, b->y + j))
                return 1;
    return 0;
}

#ifdef REF_WALK
static int ref_on_ground(const eo_box *b)
{
    long y = (long)b->y + b->h, i;
    if (y > EO_COORD_MAX)
        return 1;
    for (i = 0; i < b->w; i++)
        if (ref_blocks_down(b->x + i, y, 0))
            return 1;
    return 0;
}

/* The walk as the header describes it, on the reference mover. */
static int ref_walk(eo_box *b, int dx, int max_step, int drop)
{
    int s = dx > 0 ? 1 : -1, n = abs(dx), k, hit = 0, grounded = ref_on_ground(b);
    for (k = 0; k < n; k++) {
        eo_box t = *b, u;
        if (!grounded) {
            hit |= ref_move(b, (long)s * (n - k), 0, drop);
            break;
        }
        ref_move(&t, s, 0, drop);
        if (t.x == b->x) { /* blocked: climb? */
            long col = s > 0 ? (long)b->x + b->w : (long)b->x - 1, row = (long)b->y + b->h - 1;
            int rise = 0, wall = 0;
            while (!wall && ref_solid(col, row)) {
                rise++;
                row--;
                wall = rise > max_step;
            }
            t = *b;
            if (!wall && rise > 0) {
                ref_move(&t, 0, -rise, drop);
                wall = t.y != b->y - rise;
                if (!wall) {
                    ref_move(&t, s, 0, drop);
                    wall = t.x != b->x + s;
                }
            }
            if (wall || rise == 0) {
                hit |= s > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT;
                break;
            }
        }
        u = t;
        if (ref_move(&u, 0, max_step + 1, drop) & EO_HIT_BOTTOM)
            t = u;
        else
            grounded = 0;
        *b = t;
    }
    return hit;
}
#endif

#endif
