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
/* Would a one-pixel move down be blocked? (drop: one-way ground does not count) */
static int ref_on_ground_drop(const eo_box *b, int drop)
{
    long y = (long)b->y + b->h, i;
    if (y > EO_COORD_MAX)
        return 1;
    for (i = 0; i < b->w; i++)
        if (ref_blocks_down(b->x + i, y, drop))
            return 1;
    return 0;
}

static int ref_on_ground(const eo_box *b)
{
    return ref_on_ground_drop(b, 0);
}

/* The walk's climb: the pixel column the box would enter (direction s) is solid in its bottom
   1 .. max_step rows only, and the box has room to rise that much and step: then it does. */
static int ref_climb(eo_box *b, int s, int max_step, int drop)
{
    long col = s > 0 ? (long)b->x + b->w : (long)b->x - 1, row = (long)b->y + b->h - 1;
    int rise = 0;
    eo_box t = *b;
    while (ref_solid(col, row)) {
        rise++;
        row--;
        if (rise > max_step)
            return 0;
    }
    if (rise == 0)
        return 0;
    ref_move(&t, 0, -rise, drop);
    if (t.y != b->y - rise)
        return 0;
    ref_move(&t, s, 0, drop);
    if (t.x != b->x + s)
        return 0;
    *b = t;
    return 1;
}

/* The walk on the ground as the header describes it, until it stops at a wall (the hit), walks
   all of dx, or leaves the ground: *how 1 where the ground falls more than max_step, 2 where it
   falls more than reach px below the line y0 - s * slope * k / 256 (k pixels walked; reach < 0:
   never); *rest gets the pixels not walked. */
static int ref_walk_line(eo_box *b, int dx, int max_step, int drop, long reach, long slope, int *how, long *rest)
{
    int s = dx > 0 ? 1 : -1, n = abs(dx), k;
    long y0 = b->y;
    *how = 0;
    *rest = 0;
    for (k = 0; k < n; k++) {
        eo_box t = *b, u;
        ref_move(&t, s, 0, drop);
        if (t.x == b->x) { /* blocked: climb? */
            t = *b;
            if (!ref_climb(&t, s, max_step, drop))
                return s > 0 ? EO_HIT_RIGHT : EO_HIT_LEFT;
        } else if (!drop) { /* a one-way surface in the column entered, within max_step: onto it */
            long col = s > 0 ? (long)t.x + t.w - 1 : t.x, bottom = (long)t.y + t.h - 1, rise;
            for (rise = 1; rise <= max_step; rise++)
                if (ref_blocks_down(col, bottom - rise + 1, 0) && !ref_solid(col, bottom - rise + 1)) {
                    eo_box lifted = t;
                    ref_move(&lifted, 0, -rise, drop);
                    if (lifted.y == t.y - rise)
                        t = lifted;
                    break;
                }
        }
        u = t;
        if (!(ref_move(&u, 0, max_step + 1, drop) & EO_HIT_BOTTOM))
            *how = 1;
        else if (reach >= 0 && 256 * (u.y - y0) + s * slope * (k + 1) > 256 * reach)
            *how = 2;
        if (*how) {
            *b = t;
            *rest = n - k - 1;
            return 0;
        }
        *b = u;
    }
    return 0;
}

/* The walk of eo_slopes_walk: in the air, or after a ledge, the rest is a move sideways. */
static int ref_walk(eo_box *b, int dx, int max_step, int drop)
{
    int s = dx > 0 ? 1 : -1, how = 1, hit = 0;
    long rest = abs(dx);
    if (ref_on_ground(b))
        hit = ref_walk_line(b, dx, max_step, drop, -1, 0, &how, &rest);
    if (how)
        hit |= ref_move(b, s * rest, 0, drop);
    return hit;
}
#endif

#if defined(REF_WALK) && defined(REF_SWEEP)
/* Rise per px to the right in 1/256 px of a slope attr, from the definition in slopes.h: the
   right half's heights minus the left half's, over (size / 2)^2 (C division). */
static long ref_tile_slope(int attr)
{
    long size = ref_tile_size(), i, diff = 0;
    if (attr < EO_TILES_SLOPE)
        return 0;
    if (attr >= EO_TILES_ONE_WAY_SLOPE)
        attr -= EO_TILES_ONE_WAY_SLOPE - EO_TILES_SLOPE; /* the same heights */
    for (i = 0; i < size / 2; i++)
        diff += ref_height(attr, (int)(i + size / 2)) - ref_height(attr, (int)i);
    return diff * 1024 / (size * size);
}

/* The slope under a box: the ground its every-column sensors find (the sensors have their own
   reference in the fuzzer; here the slope is computed from the heights). */
static long ref_slope_under(const eo_box *b)
{
    eo_slopes_ground g;
    if (eo_slopes_box_ground(REF_MAP, b, EO_SLOPES_EVERY_COLUMN, &g, NULL) != EO_OK || !g.found)
        return 0;
    return ref_tile_slope(g.attr);
}

typedef struct ref_move_out {
    int landed, launched;
    long slope;
} ref_move_out;

/* Walks n px in direction s; off the ground, the rest is swept: along the line after a launch
   (its dy: slope * rest / 256, toward 0), sideways after a ledge. */
static int ref_walk_fly(eo_box *b, int s, long n, int max_step, long reach, int drop, ref_move_out *o)
{
    long line = reach >= 0 ? ref_slope_under(b) : 0, rest;
    int how, hit = ref_walk_line(b, (int)(s * n), max_step, drop, reach, line, &how, &rest);
    if (!how)
        return hit;
    if (how == 2) {
        o->launched = 1;
        o->slope = line;
    }
    return hit | ref_sweep(b, s * rest, how == 2 ? -s * (line * rest / 256) : 0, drop, 0);
}

/* eo_slopes_move as slopes.h describes it (reach < 0: EO_SLOPES_REACH_ALWAYS). */
static int ref_slopes_move(eo_box *b, int dx, int dy, int max_step, long reach, int drop, ref_move_out *o)
{
    int s = dx > 0 ? 1 : -1, hit, was_on = ref_on_ground_drop(b, drop);
    eo_box a = *b;
    long rx, ry;
    o->landed = o->launched = 0;
    o->slope = 0;
    if (was_on && dy >= 0) {
        hit = ref_walk_fly(b, s, abs(dx), max_step, reach, drop, o);
    } else {
        hit = ref_sweep(b, dx, dy, drop, 0);
        rx = dx - ((long)b->x - a.x);
        ry = dy - ((long)b->y - a.y);
        if (hit & EO_HIT_BOTTOM) {
            o->landed = 1;
            hit |= ref_walk_fly(b, s, labs(rx), max_step, reach, drop, o);
        } else if ((hit & (EO_HIT_LEFT | EO_HIT_RIGHT)) && dy >= 0 && ref_climb(b, s, max_step, drop)) {
            o->landed = 1;
            hit = EO_HIT_BOTTOM | ref_walk_fly(b, s, labs(rx) - 1, max_step, reach, drop, o);
        } else if ((hit & (EO_HIT_LEFT | EO_HIT_RIGHT)) && ry != 0) {
            int h = ref_move(b, 0, ry, drop);
            hit |= h;
            o->landed = (h & EO_HIT_BOTTOM) != 0;
        } else if ((hit & EO_HIT_TOP) && rx != 0) {
            hit |= ref_move(b, rx, 0, drop);
        }
    }
    if (!o->launched && ref_on_ground_drop(b, drop))
        o->slope = ref_slope_under(b);
    if (!was_on && ref_on_ground_drop(b, drop)) /* in the air at the start, on the ground at the end */
        o->landed = 1;
    return hit;
}
#endif


#endif
