/* Tile-map raycast: an exact integer grid walk. See earlyout/raycast.h.
   Shown line by line in the raycast lesson: keep it readable.

   One walker serves two grids: tiles (size 8 .. 128) for the walk through the map, and pixels
   (size 1) inside slope tiles, where the surface is pixel-exact. It keeps, per axis, the distance
   in pixels from the start to the next grid line ahead (nx, ny); the walk crosses that line at
   t = nx / |dx|, so the next line is the one with the smaller t, found by comparing nx * |dy| with
   ny * |dx| (below 2^32 while the crossing is on the segment). The two products are kept up by
   adding size * |dy| (or size * |dx|) per cell, so a step costs no multiplication (the Z80 has
   none). Equal: a corner, visited as three cells (the one across the vertical line, the one
   across the horizontal line, then the diagonal one), so the walk never steps diagonally past a
   wall. */
#include "earlyout/raycast.h"

#include <stddef.h>

#include "hooks.h"

/* The walk over one grid. A visit is a cell with the t it is entered at and its rank: 0 the start
   cell, 1 entered across a vertical line, 2 across a horizontal one, 3 the diagonal cell of a
   corner. At equal t the walk visits cells in rank order. */
typedef struct walker {
    eo_coord x0, y0;         /* the segment's start */
    int8_t sx, sy;          /* its direction per axis: -1, 0, 1 */
    eo_ucoord adx, ady;     /* its length per axis, 0 .. EO_UCOORD_MAX */
    uint8_t size;           /* cell size in px: 1 (pixels) or the tile size */
    uint8_t stage;          /* 0, or inside a corner: 1 after its first side cell, 2 after its second */
    uint8_t live_x, live_y; /* 1 while the segment crosses the next vertical / horizontal line */
    eo_ucoord nx, ny;        /* px from the start to that line along the axis (t = nx / adx) */
    eo_uwide ex, ey;        /* nx * ady and ny * adx, kept up by additions: which line comes first */
    eo_uwide step_ex, step_ey; /* what one cell adds to them: size * ady, size * adx */
    eo_coord col, row;       /* the cell visited last */
    eo_ucoord t_num, t_den;  /* where it was entered */
    uint8_t rank;
} walker;

/* Moving forward, a line n px away is crossed (the cell after it entered) if n is at most the
   length (at t = 1 too: the end point lies in that cell); moving back, only if the segment goes on
   past it (n < length: the cell before the line holds the points on it). */
static uint8_t crossed(eo_ucoord n, eo_ucoord a, int8_t s)
{
    return s > 0 ? n <= a : s < 0 && n < a;
}

/* Moves *n to the line after the next, `size` px further, if the segment crosses that one too
   (tested before the addition, so it never leaves eo_ucoord). */
static uint8_t next_line(eo_ucoord *n, eo_ucoord a, uint8_t size, int8_t s)
{
    if (a < size || *n > (eo_ucoord)(a - size) || (s < 0 && *n == (eo_ucoord)(a - size)))
        return 0;
    *n = (eo_ucoord)(*n + size);
    return 1;
}

static void axis_setup(eo_coord p0, eo_coord p1, int8_t *s, eo_ucoord *a)
{
    if (p1 >= p0) {
        *s = (int8_t)(p1 > p0);
        *a = (eo_ucoord)((eo_ucoord)p1 - (eo_ucoord)p0);
    } else {
        *s = -1;
        *a = (eo_ucoord)((eo_ucoord)p0 - (eo_ucoord)p1);
    }
}

/* Direction and lengths of the segment; the grid and position are set by walker_place. */
static void walker_setup(walker *w, const eo_segment *s, uint8_t size)
{
    w->x0 = s->x0;
    w->y0 = s->y0;
    axis_setup(s->x0, s->x1, &w->sx, &w->adx);
    axis_setup(s->y0, s->y1, &w->sy, &w->ady);
    w->size = size;
    w->stage = 0;
    w->t_num = 0;
    w->t_den = 1;
    w->rank = 0;
    w->step_ex = (eo_uwide)size * w->ady;
    w->step_ey = (eo_uwide)size * w->adx;
}

/* Starts the walk in cell (col, row), which holds the pixel the walk is in at the moment it
   starts from: the lines ahead are the one after it (moving forward) or at its start (moving
   back), found from its first pixel (col * size, an eo_coord; wrap-around in eo_ucoord gives the
   distance exactly): 0 .. size px from the start. */
static void walker_place(walker *w, eo_coord col, eo_coord row)
{
    eo_ucoord first_x = (eo_ucoord)((eo_ucoord)col * w->size), first_y = (eo_ucoord)((eo_ucoord)row * w->size);
    w->col = col;
    w->row = row;
    w->nx = (eo_ucoord)(w->sx > 0 ? first_x + w->size - (eo_ucoord)w->x0 : (eo_ucoord)w->x0 - first_x);
    w->ny = (eo_ucoord)(w->sy > 0 ? first_y + w->size - (eo_ucoord)w->y0 : (eo_ucoord)w->y0 - first_y);
    w->live_x = crossed(w->nx, w->adx, w->sx);
    w->live_y = crossed(w->ny, w->ady, w->sy);
    w->ex = (eo_uwide)w->nx * w->ady;
    w->ey = (eo_uwide)w->ny * w->adx;
}

/* t of the next visit into *n / *d without taking it; 0 at the end of the walk. */
static uint8_t walker_peek(const walker *w, eo_ucoord *n, eo_ucoord *d)
{
    if (w->stage != 0) {
        *n = w->t_num;
        *d = w->t_den;
        return 1;
    }
    if (w->live_x && (!w->live_y || w->ex <= w->ey)) {
        *n = w->nx;
        *d = w->adx;
        return 1;
    }
    if (w->live_y) {
        *n = w->ny;
        *d = w->ady;
        return 1;
    }
    return 0;
}

/* The next cell of the walk into w->col, row, t and rank; 0 at the end. */
static uint8_t walker_next(walker *w)
{
    uint8_t corner;
    if (w->stage == 1) { /* the corner's second side cell: back a column, on a row */
        w->col = (eo_coord)(w->col - w->sx);
        w->row = (eo_coord)(w->row + w->sy);
        w->rank = 2;
        w->stage = 2;
        return 1;
    }
    if (w->stage == 2) { /* the diagonal cell */
        w->col = (eo_coord)(w->col + w->sx);
        w->rank = 3;
        w->stage = 0;
        return 1;
    }
    if (w->live_x && (!w->live_y || w->ex <= w->ey)) {
        /* the vertical line comes first, or both at once (a corner: this is the cell across the
           vertical line) */
        corner = w->live_y && w->ex == w->ey;
        w->t_num = w->nx;
        w->t_den = w->adx;
        w->col = (eo_coord)(w->col + w->sx);
        w->rank = 1;
        w->live_x = next_line(&w->nx, w->adx, w->size, w->sx);
        w->ex += w->step_ex;
        if (corner) {
            w->live_y = next_line(&w->ny, w->ady, w->size, w->sy);
            w->ey += w->step_ey;
            w->stage = 1;
        }
        return 1;
    }
    if (!w->live_y)
        return 0;
    w->t_num = w->ny;
    w->t_den = w->ady;
    w->row = (eo_coord)(w->row + w->sy);
    w->rank = 2;
    w->live_y = next_line(&w->ny, w->ady, w->size, w->sy);
    w->ey += w->step_ey;
    return 1;
}

/* n1 / d1 after n2 / d2, exactly (numerators and denominators up to EO_UCOORD_MAX: products in eo_uwide). */
static uint8_t t_after(eo_ucoord n1, eo_ucoord d1, eo_ucoord n2, eo_ucoord d2)
{
    return (eo_uwide)n1 * d2 > (eo_uwide)n2 * d1;
}

/* (n1 / d1, rank1) after (n2 / d2, rank2) in walk order. */
static uint8_t visit_after(eo_ucoord n1, eo_ucoord d1, uint8_t r1, eo_ucoord n2, eo_ucoord d2, uint8_t r2)
{
    eo_uwide a = (eo_uwide)n1 * d2, b = (eo_uwide)n2 * d1;
    return a > b || (a == b && r1 > r2);
}

/* The pixel coordinate, along an axis the segment moves s * a px along in all, the walk is in
   just before t = n / d: the start's at t = 0 or when it does not move along it; else the one
   holding the point a moment earlier: p0 + ceil(n a / d) - 1 moving forward, p0 - ceil(n a / d)
   moving back (between the endpoints: an eo_coord). */
static eo_coord pixel_before(eo_coord p0, int8_t s, eo_ucoord a, eo_ucoord n, eo_ucoord d)
{
    eo_uwide c;
    if (s == 0 || n == 0)
        return p0;
    c = ((eo_uwide)n * a + (d - 1u)) / d; /* n a + d - 1 <= M * M + M - 1 fits eo_uwide (M = EO_UCOORD_MAX) */
    return (eo_coord)(s > 0 ? (eo_wide)p0 + (eo_wide)c - 1 : (eo_wide)p0 - (eo_wide)c);
}

static uint8_t face_of(uint8_t rank, int8_t sx, int8_t sy)
{
    uint8_t f = 0;
    if (rank == 1u || rank == 3u)
        f = sx > 0 ? EO_HIT_LEFT : EO_HIT_RIGHT;
    if (rank == 2u || rank == 3u)
        f = (uint8_t)(f | (sy > 0 ? EO_HIT_TOP : EO_HIT_BOTTOM));
    return f;
}

#if EO_TRACE
static int32_t pack_point(eo_coord a, eo_coord b)
{
    return (int32_t)EO_PACK16(a, b);
}
#endif

/* What the raycast carries from tile to tile. */
typedef struct ray {
    const eo_tiles_map *map;
    const eo_segment *seg;
    walker tiles;
    uint8_t size, shift;     /* tile size and its log2 */
    eo_raycast_hit best;    /* best.hit 0: nothing blocks yet */
    uint8_t best_rank;
    eo_hooks *hooks;
} ray;

static void take(ray *r, eo_coord col, eo_coord row, uint8_t attr, eo_coord x, eo_coord y, eo_ucoord n,
                 eo_ucoord d, uint8_t rank)
{
    if (r->best.hit && !visit_after(r->best.t_num, r->best.t_den, r->best_rank, n, d, rank))
        return;
    r->best.hit = 1;
    r->best.attr = attr;
    r->best.col = col;
    r->best.row = row;
    r->best.x = x;
    r->best.y = y;
    r->best.t_num = n;
    r->best.t_den = d;
    r->best.face = face_of(rank, r->tiles.sx, r->tiles.sy);
    r->best_rank = rank;
}

/* The first pixel of the tile just visited (r->tiles' cell, t and rank): the start pixel, or the
   pixel of its edge the walk came in by, at the row (column) the walk was in just before. */
static void entry_pixel(const ray *r, eo_coord *x, eo_coord *y)
{
    const walker *w = &r->tiles;
    eo_coord first_x = (eo_coord)(w->col * r->size), first_y = (eo_coord)(w->row * r->size);
    eo_coord near_x = (eo_coord)(w->sx > 0 ? first_x : first_x + (r->size - 1));
    eo_coord near_y = (eo_coord)(w->sy > 0 ? first_y : first_y + (r->size - 1));
    if (w->rank == 0) {
        *x = w->x0;
        *y = w->y0;
    } else if (w->rank == 1) {
        *x = near_x;
        *y = pixel_before(w->y0, w->sy, w->ady, w->t_num, w->t_den);
    } else if (w->rank == 2) {
        *x = pixel_before(w->x0, w->sx, w->adx, w->t_num, w->t_den);
        *y = near_y;
    } else {
        *x = near_x;
        *y = near_y;
    }
}

/* A slope pixel blocks when it lies below the surface: its column's height counts up from the
   tile's bottom (tiles.h; one-way slopes name their shape from 136); a half tile's pixel when it
   is in the solid half. */
static uint8_t below_surface(const ray *r, uint8_t attr, eo_coord col, eo_coord row, eo_coord x, eo_coord y)
{
    uint8_t lx = (uint8_t)(x - col * r->size), ly = (uint8_t)(y - row * r->size);
    if (attr == EO_TILES_HALF_TOP)
        return ly < r->size / 2u;
    if (attr == EO_TILES_HALF_BOTTOM)
        return ly >= r->size / 2u;
    return eo_tiles_slope_height(r->map, (uint8_t)(attr - (attr >= EO_TILES_ONE_WAY_SLOPE ? EO_TILES_ONE_WAY_SLOPE : EO_TILES_SLOPE)),
                                 lx) > (uint8_t)(r->size - 1u - ly);
}

/* The kind bits that make a pixel-exact tile block: slopes SLOPE, one-way slopes ONE_WAY (as
   one-way platforms), half tiles SOLID or HALF; 0 for the whole-square kinds. */
static uint8_t pixel_kind(uint8_t attr)
{
    if (attr >= EO_TILES_ONE_WAY_SLOPE)
        return EO_TILES_TOUCH_ONE_WAY;
    if (attr >= EO_TILES_SLOPE)
        return EO_TILES_TOUCH_SLOPE;
    if (attr == EO_TILES_HALF_TOP || attr == EO_TILES_HALF_BOTTOM)
        return EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_HALF;
    return 0;
}

/* Inside the slope tile just visited: the pixel walk from the moment the tile is entered until it
   is left (the tile walk's next visit), with only this tile's pixels tested. */
static void scan_slope(ray *r, uint8_t attr)
{
    const walker *t = &r->tiles;
    walker p;
    eo_ucoord end_n = 1, end_d = 1;
    eo_coord col = t->col, row = t->row;
    (void)walker_peek(t, &end_n, &end_d); /* at the end of the walk: t = 1 */
    walker_setup(&p, r->seg, 1);
    if (t->rank == 0) {
        walker_place(&p, t->x0, t->y0);
        EO_STEP_ABOVE(r->hooks, EO_EV_RAYCAST_PIXEL, p.col, p.row);
        EO_COUNT(r->hooks, EO_COUNTER_RAYCAST_PIXELS);
        if (below_surface(r, attr, col, row, p.col, p.row)) {
            take(r, col, row, attr, p.col, p.row, 0, 1, 0);
            return;
        }
    } else {
        /* from the pixel the walk is in just before it enters the tile (in the tile before) */
        walker_place(&p, pixel_before(t->x0, t->sx, t->adx, t->t_num, t->t_den),
                     pixel_before(t->y0, t->sy, t->ady, t->t_num, t->t_den));
    }
    while (walker_next(&p) && !t_after(p.t_num, p.t_den, end_n, end_d)) {
        if (eo_tiles_tile_of(p.col, r->shift) != col || eo_tiles_tile_of(p.row, r->shift) != row)
            continue; /* a pixel of a neighbouring tile (a corner's side pixel, or after the exit) */
        EO_STEP_ABOVE(r->hooks, EO_EV_RAYCAST_PIXEL, p.col, p.row);
        EO_COUNT(r->hooks, EO_COUNTER_RAYCAST_PIXELS);
        if (below_surface(r, attr, col, row, p.col, p.row)) {
            take(r, col, row, attr, p.col, p.row, p.t_num, p.t_den, p.rank);
            return;
        }
    }
}

/* ---- skipping the outside -------------------------------------------------------------------
   A ray aimed far away (a game's "towards (1e9, 7e8)") walks mostly outside the map, where the
   outside policy gives every tile of each region around the map (a side, a corner) the same attr.
   Where none of those blocks, and no visit list is wanted (it names every tile), the walk jumps
   ahead to just before the segment crosses into the map's columns or rows, or stops there if it
   never does: a ray costs the tiles it crosses in and beside the map, not its length. */
enum { SIDE_LEFT, SIDE_RIGHT, SIDE_TOP, SIDE_BOTTOM };

/* Can a tile of this attr stop the ray? (pixel-exact kinds: if they may, scan_slope decides) */
static uint8_t may_block(uint8_t attr, uint8_t block)
{
    uint8_t kind = pixel_kind(attr);
    return (uint8_t)(((kind != 0 ? kind : eo_tiles_kind_bit(attr)) & block) != 0);
}

/* Is every tile beyond this side of the map (its two corners included) one that cannot block?
   One lookup per region; a region past the edge of the world is never reached. */
static uint8_t side_clear(const ray *r, uint8_t side, uint8_t block)
{
    eo_wide w = r->map->width, h = r->map->height, at[3], fixed;
    uint8_t k, vertical = side == SIDE_LEFT || side == SIDE_RIGHT;
    fixed = side == SIDE_LEFT || side == SIDE_TOP ? -1 : vertical ? w : h;
    at[0] = -1;
    at[1] = 0;
    at[2] = vertical ? h : w;
    if (fixed > EO_COORD_MAX)
        return 1;
    for (k = 0; k < 3; k++)
        if (at[k] <= EO_COORD_MAX &&
            may_block(eo_tiles_attr_at(r->map, (eo_coord)(vertical ? fixed : at[k]), (eo_coord)(vertical ? at[k] : fixed), NULL), block))
            return 0;
    return 1;
}

/* The walk is in the outside cell it just visited, which cannot block: if the whole side it is
   on cannot either, move it to just before it crosses the line into the map's columns (rows),
   where walker_next goes on as if it had walked there. 0: the rest of the segment stays on that
   side (nothing on it can block). Never inside a corner's three visits (stage 0). */
static uint8_t skip_outside(ray *r, uint8_t block)
{
    walker *w = &r->tiles;
    eo_wide width = r->map->width, height = r->map->height;
    eo_ucoord n;
    if (w->col < 0 && side_clear(r, SIDE_LEFT, block)) {
        n = (eo_ucoord)(0u - (eo_ucoord)w->x0);                                 /* to x = 0 */
        if (w->sx <= 0 || !crossed(n, w->adx, w->sx))
            return 0;
        walker_place(w, -1, eo_tiles_tile_of(pixel_before(w->y0, w->sy, w->ady, n, w->adx), r->shift));
    } else if (w->col >= width && side_clear(r, SIDE_RIGHT, block)) {
        n = (eo_ucoord)((eo_ucoord)w->x0 - (eo_ucoord)((eo_uwide)width << r->shift)); /* to the right edge */
        if (w->sx >= 0 || !crossed(n, w->adx, w->sx))
            return 0;
        walker_place(w, (eo_coord)width, eo_tiles_tile_of(pixel_before(w->y0, w->sy, w->ady, n, w->adx), r->shift));
    } else if (w->row < 0 && side_clear(r, SIDE_TOP, block)) {
        n = (eo_ucoord)(0u - (eo_ucoord)w->y0);
        if (w->sy <= 0 || !crossed(n, w->ady, w->sy))
            return 0;
        walker_place(w, eo_tiles_tile_of(pixel_before(w->x0, w->sx, w->adx, n, w->ady), r->shift), -1);
    } else if (w->row >= height && side_clear(r, SIDE_BOTTOM, block)) {
        n = (eo_ucoord)((eo_ucoord)w->y0 - (eo_ucoord)((eo_uwide)height << r->shift));
        if (w->sy >= 0 || !crossed(n, w->ady, w->sy))
            return 0;
        walker_place(w, eo_tiles_tile_of(pixel_before(w->x0, w->sx, w->adx, n, w->ady), r->shift), (eo_coord)height);
    }
    return 1;
}

eo_result eo_raycast_tiles(const eo_tiles_map *map, const eo_segment *seg, uint8_t block,
                           eo_raycast_hit *hit, eo_raycast_visit *visits, uint16_t capacity,
                           uint16_t *visit_count, eo_hooks *hooks)
{
    ray r;
    walker *w = &r.tiles;
    eo_ucoord count = 0; /* past 65535 only in 32-bit worlds (*visit_count saturates) */
    eo_result e;

    if (seg == NULL || hit == NULL || (capacity > 0 && visits == NULL))
        return EO_ERR_NULL_POINTER;
    e = eo_tiles_tile_size(map, &r.size);
    if (e != EO_OK)
        return e;
    if (block == 0)
        block = EO_TILES_TOUCH_SOLID | EO_TILES_TOUCH_SLOPE;
    r.shift = map->tile_shift != 0 ? map->tile_shift : (uint8_t)EO_TILES_MIN_SHIFT;
    r.map = map;
    r.seg = seg;
    r.hooks = hooks;
    r.best.hit = 0;
    r.best_rank = 0;
    EO_STEP_ABOVE(hooks, EO_EV_RAYCAST_BEGIN, pack_point(seg->x0, seg->y0), pack_point(seg->x1, seg->y1));
    walker_setup(w, seg, r.size);
    walker_place(w, eo_tiles_tile_of(seg->x0, r.shift), eo_tiles_tile_of(seg->y0, r.shift));
    do {
        uint8_t attr, kind;
        if (r.best.hit && visit_after(w->t_num, w->t_den, w->rank, r.best.t_num, r.best.t_den, r.best_rank))
            break; /* entered after the hit: not reached */
        attr = eo_tiles_attr_at(map, w->col, w->row, hooks);
        EO_STEP_ABOVE(hooks, EO_EV_RAYCAST_TILE, pack_point(w->col, w->row), face_of(w->rank, w->sx, w->sy));
        EO_COUNT(hooks, EO_COUNTER_RAYCAST_TILES);
#if EO_TRACE
        if (w->rank == 1 && w->stage == 1) /* the first cell of a corner: where the corner is */
            EO_STEP_ABOVE(hooks, EO_EV_RAYCAST_CORNER, (eo_wide)w->x0 + w->sx * (eo_wide)w->t_num,
                    (eo_wide)w->y0 + w->sy * (eo_wide)((eo_uwide)w->t_num * w->ady / w->adx));
#endif
        if (count < capacity) {
            eo_raycast_visit *v = &visits[count];
            v->col = w->col;
            v->row = w->row;
            v->t_num = w->t_num;
            v->t_den = w->t_den;
            v->attr = attr;
            v->face = face_of(w->rank, w->sx, w->sy);
        }
        count++;
        kind = pixel_kind(attr);
        if (kind != 0) {
            if (kind & block)
                scan_slope(&r, attr);
        } else if (eo_tiles_kind_bit(attr) & block) {
            eo_coord x, y;
            entry_pixel(&r, &x, &y);
            take(&r, w->col, w->row, attr, x, y, w->t_num, w->t_den, w->rank);
        } else if (visit_count == NULL && w->stage == 0 &&
                   (w->col < 0 || w->row < 0 || w->col >= (eo_wide)map->width || w->row >= (eo_wide)map->height) &&
                   !skip_outside(&r, block)) {
            break; /* the rest of the segment is outside, where nothing blocks */
        }
    } while (walker_next(w));

    if (r.best.hit) {
        EO_STEP_ABOVE(hooks, EO_EV_RAYCAST_BLOCK, r.best.x, r.best.y);
        *hit = r.best;
    } else {
        EO_STEP_ABOVE(hooks, EO_EV_RAYCAST_CLEAR, count, 0);
        hit->hit = 0;
        hit->attr = 0;
        hit->face = 0;
        hit->col = 0;
        hit->row = 0;
        hit->x = 0;
        hit->y = 0;
        hit->t_num = 0;
        hit->t_den = 0;
    }
    if (visit_count == NULL)
        return EO_OK;
#if EO_COORD_BITS == 16
    *visit_count = count;
#else
    *visit_count = count > 65535u ? (uint16_t)65535u : (uint16_t)count;
#endif
    return count > capacity ? EO_ERR_BUFFER_TOO_SMALL : EO_OK;
}
