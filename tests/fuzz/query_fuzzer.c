/* libFuzzer target for queries and tile raycasts: a random scene (boxes anywhere in the int16
   world, layers, a grid and a sweep workspace), random points, regions and segments, and a random
   tile map with a segment through it. Every array the core reads or writes lives in a buffer
   exactly as large as the call is told, so ASan catches any access past it. Invariants:
     - point and region answers are the same from the grid, from the sweep and from plain
       comparisons over every box, ascending, and a short buffer keeps the smallest indices;
     - a segment's hits are the same through the grid and without it, in order of t then index,
       each one the box's own eo_query_segment_box answer; the first hit is the first of them;
     - a tile raycast visits neighbouring tiles in order of t, the hit (if any) is a blocking pixel
       in the last tile visited, and visits and hit do not depend on the capacity. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "earlyout/earlyout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int16_t get16(const uint8_t *p)
{
    return (int16_t)(uint16_t)(p[0] | (p[1] << 8));
}

/* Near the grid's world most of the time, anywhere in the int16 world otherwise. */
static int16_t place(int16_t v, uint8_t anywhere)
{
    return anywhere ? v : (int16_t)(-40 + (uint16_t)v % 340u);
}

static int t_less(uint16_t n1, uint16_t d1, uint16_t n2, uint16_t d2)
{
    return (uint32_t)n1 * d2 < (uint32_t)n2 * d1;
}

static int shares(const eo_box *a, const eo_box *r)
{
    return a->w > 0 && a->h > 0 && r->w > 0 && r->h > 0 && (int32_t)a->x < (int32_t)r->x + r->w &&
           (int32_t)r->x < (int32_t)a->x + a->w && (int32_t)a->y < (int32_t)r->y + r->h &&
           (int32_t)r->y < (int32_t)a->y + a->h;
}

static int passes(const eo_layer *ls, const eo_layer *f, uint16_t i)
{
    uint16_t cat = ls ? ls[i].category : 0xFFFFu, with = ls ? ls[i].collides_with : 0xFFFFu;
    return f == NULL || ((cat & f->collides_with) && (f->category & with));
}

static void check_region(const eo_sectors *g, const eo_sweep *sw, const eo_box *boxes, uint16_t n,
                         const eo_layer *ls, const eo_layer *f, const eo_box *r, uint16_t cap)
{
    uint16_t *a = malloc(sizeof *a * (cap ? cap : 1)), *b = malloc(sizeof *b * (cap ? cap : 1));
    uint16_t ca = 0, cb = 0, k = 0, i;
    eo_result ra = eo_query_sectors_region(g, boxes, ls, f, r, cap ? a : NULL, cap, &ca, NULL);
    eo_result rb = eo_query_sweep_region(sw, ls, f, r, cap ? b : NULL, cap, &cb, NULL);
    if (ra != rb || ca != cb || (ra != EO_OK && ra != EO_ERR_BUFFER_TOO_SMALL))
        abort();
    for (i = 0; i < n; i++)
        if (passes(ls, f, i) && shares(&boxes[i], r)) {
            if (k < cap && (a[k] != i || b[k] != i))
                abort();
            k++;
        }
    if (k != ca || (ra == EO_ERR_BUFFER_TOO_SMALL) != (k > cap))
        abort();
    free(a);
    free(b);
}

static void check_segment(const eo_sectors *g, const eo_box *boxes, uint16_t n, const eo_layer *ls,
                          const eo_layer *f, const eo_segment *s, uint16_t cap)
{
    eo_segment_hit *a = malloc(sizeof *a * (cap ? cap : 1)), *b = malloc(sizeof *b * (cap ? cap : 1)), first, h;
    uint16_t ca = 0, cb = 0, k, i, hits = 0;
    uint8_t found = 0;
    eo_result ra = eo_query_segment_all(s, boxes, n, g, ls, f, cap ? a : NULL, cap, &ca, NULL);
    eo_result rb = eo_query_segment_all(s, boxes, n, NULL, ls, f, cap ? b : NULL, cap, &cb, NULL);
    if (ra != rb || ca != cb || (ra != EO_OK && ra != EO_ERR_BUFFER_TOO_SMALL))
        abort();
    for (i = 0; i < n; i++)
        hits += passes(ls, f, i) && eo_query_segment_box(s, &boxes[i], NULL);
    if (hits != ca)
        abort();
    for (k = 0; k < ca && k < cap; k++) {
        if (a[k].index != b[k].index || a[k].t_num != b[k].t_num || a[k].t_den != b[k].t_den || a[k].x != b[k].x ||
            a[k].y != b[k].y || a[k].face != b[k].face)
            abort();
        if (!eo_query_segment_box(s, &boxes[a[k].index], &h) || h.t_num != a[k].t_num || h.t_den != a[k].t_den ||
            h.x != a[k].x || h.y != a[k].y || h.face != a[k].face)
            abort();
        if (h.x < boxes[a[k].index].x || h.y < boxes[a[k].index].y || h.t_num > h.t_den)
            abort();
        if (k > 0 && (t_less(a[k].t_num, a[k].t_den, a[k - 1].t_num, a[k - 1].t_den) ||
                      (!t_less(a[k - 1].t_num, a[k - 1].t_den, a[k].t_num, a[k].t_den) && a[k].index < a[k - 1].index)))
            abort();
    }
    if (eo_query_segment_first(s, boxes, n, g, ls, f, &first, &found, NULL) != EO_OK || found != (ca > 0))
        abort();
    if (found && cap > 0 && (first.index != a[0].index || first.t_num != a[0].t_num))
        abort();
    free(a);
    free(b);
}

static void check_raycast(const uint8_t *data, size_t size)
{
    static const uint8_t attr_codes[] = {
        EO_TILE_EMPTY, EO_TILE_EMPTY, EO_TILE_EMPTY, EO_TILE_SOLID, EO_TILE_ONE_WAY, EO_TILE_LADDER,
        EO_TILE_HAZARD, EO_TILE_WATER, 9, EO_TILE_SLOPE_ATTR(0), EO_TILE_SLOPE_ATTR(1), EO_TILE_SLOPE_ATTR(2),
        EO_TILE_SLOPE_ATTR(3), EO_TILE_SLOPE_ATTR(4), EO_TILE_SLOPE_ATTR(5)
    };
    eo_tile_map map;
    eo_segment s;
    eo_raycast_hit hit, again;
    eo_raycast_visit *v;
    uint8_t *cells, *attrs, block;
    uint16_t w, h, cap, count = 0, count2 = 0, k;
    long T;
    size_t i;
    eo_result r;

    w = (uint16_t)(1 + data[0] % 12);
    h = (uint16_t)(1 + data[1] % 12);
    memset(&map, 0, sizeof map);
    map.width = w;
    map.height = h;
    map.tile_shift = (uint8_t)(3 + data[2] % 5);
    map.outside = (uint8_t)((data[2] >> 3) % 3);
    T = 1L << map.tile_shift;
    cells = malloc((size_t)w * h);
    attrs = malloc(256);
    for (i = 0; i < (size_t)w * h; i++)
        cells[i] = (uint8_t)(data[(24 + i) % size] % 16);
    for (i = 0; i < 256; i++)
        attrs[i] = attr_codes[data[(3 + i) % size] % sizeof attr_codes];
    map.cells = cells;
    map.attrs = attrs;
    if ((data[4] & 7) == 1) { /* anywhere in the int16 world (long walks: now and then) */
        s.x0 = get16(data + 5); s.y0 = get16(data + 7); s.x1 = get16(data + 9); s.y1 = get16(data + 11);
    } else {
        long W = w * T + 4 * T, H = h * T + 4 * T;
        s.x0 = (int16_t)(-2 * T + (uint16_t)get16(data + 5) % W);
        s.y0 = (int16_t)(-2 * T + (uint16_t)get16(data + 7) % H);
        s.x1 = (int16_t)(-2 * T + (uint16_t)get16(data + 9) % W);
        s.y1 = (int16_t)(-2 * T + (uint16_t)get16(data + 11) % H);
        if (data[4] & 2) { /* 45 degrees from a tile corner */
            s.x0 = (int16_t)(s.x0 & ~(T - 1));
            s.y0 = (int16_t)(s.y0 & ~(T - 1));
            s.y1 = (int16_t)(s.y0 + ((data[4] & 4) ? s.x1 - s.x0 : s.x0 - s.x1));
        }
    }
    block = data[13];
    cap = (uint16_t)(data[14] % 200);
    v = malloc(sizeof *v * (cap ? cap : 1));
    r = eo_raycast_tiles(&map, &s, block, &hit, cap ? v : NULL, cap, &count, NULL);
    if (r != EO_OK && r != EO_ERR_BUFFER_TOO_SMALL)
        abort();
    if ((r == EO_ERR_BUFFER_TOO_SMALL) != (count > cap) || count == 0)
        abort();
    if (eo_raycast_tiles(&map, &s, block, &again, NULL, 0, NULL, NULL) != EO_OK || hit.hit != again.hit ||
        hit.x != again.x || hit.y != again.y || hit.t_num != again.t_num || hit.t_den != again.t_den ||
        hit.face != again.face || hit.col != again.col || hit.row != again.row || hit.attr != again.attr)
        abort();
    if (eo_raycast_tiles(&map, &s, block, &again, NULL, 0, &count2, NULL) != (count > 0 ? EO_ERR_BUFFER_TOO_SMALL : EO_OK) ||
        count2 != count)
        abort();
    for (k = 0; k < count && k < cap; k++) {
        int dc = abs(v[k].col - (k ? v[k - 1].col : v[k].col)), dr = abs(v[k].row - (k ? v[k - 1].row : v[k].row));
        if (v[k].attr != eo_tiles_attr_at(&map, v[k].col, v[k].row, NULL) || v[k].t_num > v[k].t_den || v[k].t_den == 0)
            abort();
        if (k > 0 && (dc > 1 || dr > 1 || dc + dr == 0 || t_less(v[k].t_num, v[k].t_den, v[k - 1].t_num, v[k - 1].t_den)))
            abort();
        if ((k == 0) != (v[k].face == 0))
            abort();
    }
    if (hit.hit) {
        if (eo_tiles_tile_of(hit.x, map.tile_shift) != hit.col || eo_tiles_tile_of(hit.y, map.tile_shift) != hit.row ||
            hit.attr != eo_tiles_attr_at(&map, hit.col, hit.row, NULL) || hit.t_num > hit.t_den)
            abort();
        if (hit.attr >= EO_TILE_SLOPE ? !eo_tiles_pixel_solid(&map, hit.x, hit.y)
                                      : !(eo_tiles_kind_bit(hit.attr) & (block ? block : EO_TOUCH_SOLID)))
            abort();
        if (count <= cap && (v[count - 1].col != hit.col || v[count - 1].row != hit.row) &&
            t_less(v[count - 1].t_num, v[count - 1].t_den, hit.t_num, hit.t_den))
            abort(); /* the walk ends at the hit's tile, or at a tile entered at the same t */
    }
    free(v);
    free(cells);
    free(attrs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    eo_sectors_config cfg;
    eo_sectors grid;
    eo_sweep sw;
    eo_box *boxes, r;
    eo_layer *layers, filter;
    eo_pair pair;
    uint32_t pc;
    void *gstore, *sstore;
    size_t need;
    uint16_t n, i, q;
    const uint8_t *p;
    const eo_layer *ls, *f;

    if (size < 32)
        return 0;
    check_raycast(data, size);

    n = (uint16_t)(1 + data[15] % 24);
    if (size < 32u + n * 10u)
        return 0;
    memset(&cfg, 0, sizeof cfg);
    cfg.world_x = (int16_t)(data[16] % 64) - 32;
    cfg.world_y = (int16_t)(data[17] % 64) - 32;
    cfg.world_w = (int16_t)(32 + data[18]);
    cfg.world_h = (int16_t)(32 + data[19]);
    cfg.cols = (uint8_t)(1 + data[20] % 9);
    cfg.rows = (uint8_t)(1 + data[21] % 7);
    cfg.max_objects = n;
    cfg.max_entries = (uint16_t)(data[22] & 1 ? 8 : 2000);
    boxes = malloc(sizeof *boxes * n);
    layers = malloc(sizeof *layers * n);
    p = data + 32;
    for (i = 0; i < n; i++, p += 10) {
        uint8_t anywhere = (p[8] & 7) == 0;
        boxes[i].x = place(get16(p), anywhere);
        boxes[i].y = place(get16(p + 2), anywhere);
        boxes[i].w = anywhere ? get16(p + 4) : (int16_t)((int8_t)p[4] % 60);
        boxes[i].h = anywhere ? get16(p + 6) : (int16_t)((int8_t)p[6] % 60);
        layers[i].category = (uint16_t)(1u << (p[9] % 3));
        layers[i].collides_with = (uint16_t)(p[9] >> 4);
    }
    need = eo_sectors_storage_size(&cfg);
    gstore = malloc(need);
    sstore = malloc(eo_sweep_storage_size(n));
    if (eo_sectors_init(&grid, &cfg, gstore, need) != EO_OK ||
        eo_sweep_init(&sw, n, (data[23] & 1) ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST, sstore, eo_sweep_storage_size(n)) != EO_OK)
        abort();
    if (eo_sectors_build(&grid, boxes, n, NULL, NULL) != EO_OK) {
        /* not built: an error, never an empty answer */
        uint16_t c = 0;
        if (eo_query_sectors_point(&grid, boxes, NULL, NULL, 0, 0, NULL, 0, &c, NULL) != EO_ERR_NOT_READY)
            abort();
        cfg.max_entries = 2000;
        free(gstore);
        need = eo_sectors_storage_size(&cfg);
        gstore = malloc(need);
        if (eo_sectors_init(&grid, &cfg, gstore, need) != EO_OK || eo_sectors_build(&grid, boxes, n, NULL, NULL) != EO_OK)
            abort();
    }
    (void)eo_sweep_pairs(&sw, boxes, n, NULL, &pair, 1, &pc, NULL, NULL);
    for (q = 0; q < 4; q++) {
        const uint8_t *d = data + (24u + q * 13u) % (size - 13u);
        uint8_t anywhere = (d[12] & 3) == 0;
        eo_segment s;
        ls = (d[12] & 4) ? layers : NULL;
        f = (d[12] & 8) ? &filter : NULL;
        filter.category = (uint16_t)(1u << (d[11] % 3));
        filter.collides_with = (uint16_t)(d[11] >> 4);
        r.x = place(get16(d), anywhere);
        r.y = place(get16(d + 2), anywhere);
        r.w = anywhere ? get16(d + 4) : (int16_t)((int8_t)d[4] % 100);
        r.h = anywhere ? get16(d + 6) : (int16_t)((int8_t)d[6] % 100);
        check_region(&grid, &sw, boxes, n, ls, f, &r, (uint16_t)(d[10] % (n + 2u)));
        r.w = 1;
        r.h = 1;
        check_region(&grid, &sw, boxes, n, ls, f, &r, (uint16_t)(d[10] % (n + 2u)));
        s.x0 = r.x;
        s.y0 = r.y;
        s.x1 = place(get16(d + 7), anywhere);
        s.y1 = (d[12] & 16) ? (int16_t)(s.y0 + (s.x1 - s.x0)) : place(get16(d + 9), anywhere);
        check_segment(&grid, boxes, n, ls, f, &s, (uint16_t)(d[10] % (n + 2u)));
    }
    free(boxes);
    free(layers);
    free(gstore);
    free(sstore);
    return 0;
}
