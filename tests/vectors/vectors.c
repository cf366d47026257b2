/* The shared vector runner (see vectors.h). Plain C99 that SDCC compiles: no stdio, no malloc,
   structs only by pointer. */
#include "vectors.h"

#include "earlyout/earlyout.h"

#if EO_VEC_BROADPHASE
static const eo_gridmask_layout vec_layouts[4] = {
    EO_GRIDMASK_LAYOUT_8,
    EO_GRIDMASK_LAYOUT_16,
    EO_GRIDMASK_LAYOUT_32,
    { 12, 5, 5, 0, 256, 192 } /* invalid: 12-bit masks do not exist */
};

#endif

static eo_coord get_i16(const uint8_t *p)
{
    return (int16_t)(uint16_t)(p[0] | ((uint16_t)p[1] << 8));
}

/* Bytes per coordinate field of the file being run: 2, or 4 in a wide file (header byte 5 = 4:
   modules 1, 2 and 4, 32-bit builds only; see vectors.h). */
static uint8_t cw = 2;

static eo_coord get_c(const uint8_t *p)
{
#if EO_COORD_BITS > 16
    if (cw == 4)
        return (eo_coord)(int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
#endif
    return get_i16(p);
}

static void put_u16(uint8_t *p, uint32_t v)
{
    if (v > 0xFFFFu)
        v = 0xFFFFu; /* counts are saturated, the same way on every machine */
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void get_box(const uint8_t *p, eo_box *box)
{
    box->x = get_c(p);
    box->y = get_c(p + cw);
    box->w = get_c(p + 2u * cw);
    box->h = get_c(p + 3u * cw);
}

#if EO_VEC_BROADPHASE
/* ---- module 1: gridmask --------------------------------------------------------------------- */
static void run_gridmask_case(const uint8_t *c, uint8_t *r)
{
    eo_box a, b;
    eo_gridmask ma = 0, mb = 0;
    eo_result ra, rb;
    eo_gridmask_grid grid;

    (void)eo_gridmask_prepare(&vec_layouts[c[0] & 3u], &grid); /* a bad layout shows in ra, rb */
    get_box(c + 2, &a);
    get_box(c + 2 + 4u * cw, &b);
    ra = eo_gridmask_build(&grid, (eo_gridmask_method)c[1], &a, &ma, 0);
    rb = eo_gridmask_build(&grid, (eo_gridmask_method)c[1], &b, &mb, 0);
    r[0] = (uint8_t)((unsigned)ra | ((unsigned)rb << 4));
    put_u32(r + 1, ma);
    put_u32(r + 5, mb);
    r[9] = (uint8_t)eo_gridmask_test(&grid, ma, mb, 0);
}

/* ---- module 2: aabb and circles --------------------------------------------------------------- */
static void run_aabb_case(const uint8_t *c, uint8_t *r)
{
    if (c[0] == 0) {
        eo_box a, b;
        uint8_t n = 0;
        get_box(c + 2, &a);
        get_box(c + 2 + 4u * cw, &b);
        r[0] = eo_aabb_overlap_ordered(&a, &b, (eo_aabb_order)c[1], &n, 0);
        r[1] = n;
    } else {
        eo_aabb_circle a, b;
        uint8_t overlap = 0xFF;
        a.x = get_c(c + 2); a.y = get_c(c + 2 + cw); a.r = get_c(c + 2 + 2u * cw);
        b.x = get_c(c + 2 + 3u * cw); b.y = get_c(c + 2 + 4u * cw); b.r = get_c(c + 2 + 5u * cw);
        r[0] = (uint8_t)eo_aabb_circle_overlap(&a, &b, &overlap, 0);
        r[1] = overlap;
    }
}

/* ---- module 3: sectors and sweep on a small scene ---------------------------------------------- */
static eo_box scene_boxes[EO_VEC_SCENE_MAX];
static eo_broadphase_layer scene_layers[EO_VEC_SCENE_MAX];
static eo_pair scene_pairs[EO_VEC_PAIRS_SHOWN];
/* storage for up to 16 x 12 sectors and 255 memberships (eo_index words), and the objects' ranges */
static eo_index scene_storage[EO_VEC_GRID_WORDS];

static void zero_stats(eo_broadphase_stats *s)
{
    s->insertions = s->removals = s->objects_moved = s->rebuilds = 0;
    s->candidate_pairs = s->duplicates_skipped = s->layer_filtered = s->box_tests = s->pairs_found = 0;
}

static void put_pairs(uint8_t *p, uint32_t count)
{
    uint8_t k;
    for (k = 0; k < EO_VEC_PAIRS_SHOWN; k++) {
        p[2u * k] = k < count ? (uint8_t)scene_pairs[k].a : 0u;
        p[2u * k + 1u] = k < count ? (uint8_t)scene_pairs[k].b : 0u;
    }
}

/* Returns the size of the scene record at c (0 if it does not fit in `left` bytes or is too big). */
static uint16_t sectors_case_size(const uint8_t *c, uint16_t left)
{
    uint16_t n, size;
    if (left < 14u)
        return 0;
    n = c[12];
    if (n == 0 || n > EO_VEC_SCENE_MAX)
        return 0;
    size = (uint16_t)(14u + n * 8u + ((c[13] & 1u) ? n * 4u : 0u) + n * 2u);
    return size <= left ? size : 0;
}

static void run_sectors_case(const uint8_t *c, uint8_t *r)
{
    eo_sectors_config cfg;
    eo_sectors grid;
    eo_sweep sweep;
    eo_broadphase_stats st;
    uint32_t count = 0;
    eo_result res;
    uint8_t n = c[12], flags = c[13], i, ready;
    const uint8_t *p = c + 14;
    const eo_broadphase_layer *layers = (flags & 1u) ? scene_layers : 0;

    cfg.world_x = get_i16(c); cfg.world_y = get_i16(c + 2);
    cfg.world_w = get_i16(c + 4); cfg.world_h = get_i16(c + 6);
    cfg.cols = c[8]; cfg.rows = c[9];
    cfg.max_objects = EO_VEC_SCENE_MAX;
    cfg.max_entries = (uint16_t)(c[10] | ((uint16_t)c[11] << 8));
    for (i = 0; i < n; i++, p += 8)
        get_box(p, &scene_boxes[i]);
    if (flags & 1u)
        for (i = 0; i < n; i++, p += 4) {
            scene_layers[i].category = (uint16_t)get_i16(p);
            scene_layers[i].collides_with = (uint16_t)get_i16(p + 2);
        }

    /* build, then pairs */
    zero_stats(&st);
    res = eo_sectors_init(&grid, &cfg, scene_storage, sizeof scene_storage);
    ready = res == EO_OK;
    if (ready)
        res = eo_sectors_build(&grid, scene_boxes, n, &st, 0);
    if (res == EO_OK)
        res = eo_sectors_find_pairs(&grid, scene_boxes, layers, scene_pairs, EO_VEC_PAIRS_SHOWN, &count, &st, 0);
    r[0] = (uint8_t)res;
    put_u16(r + 1, count);
    put_u16(r + 3, st.insertions);
    put_u16(r + 5, st.candidate_pairs);
    put_u16(r + 7, st.box_tests);
    put_pairs(r + 9, count);
    r += 9u + 2u * EO_VEC_PAIRS_SHOWN;

    /* move, update persistently, pairs again */
    for (i = 0; i < n; i++, p += 2) {
        scene_boxes[i].x = (eo_coord)(scene_boxes[i].x + (int8_t)p[0]);
        scene_boxes[i].y = (eo_coord)(scene_boxes[i].y + (int8_t)p[1]);
    }
    zero_stats(&st);
    count = 0;
    if (ready) {
        res = eo_sectors_update(&grid, scene_boxes, n, &st, 0);
        if (res == EO_OK)
            res = eo_sectors_find_pairs(&grid, scene_boxes, layers, scene_pairs, EO_VEC_PAIRS_SHOWN, &count, &st, 0);
        else
            zero_stats(&st); /* a failed update's partial work is not part of the record (JS throws) */
    }
    r[0] = (uint8_t)res;
    put_u16(r + 1, count);
    r[3] = (uint8_t)st.objects_moved;
    put_u16(r + 4, st.insertions + st.removals);
    put_pairs(r + 6, count);
    r += 6u + 2u * EO_VEC_PAIRS_SHOWN;

    /* sort-and-sweep on the moved scene, by the workspace form (the one with Z80 assembly, see
       config.h) in the grid's storage, which is done with; it starts from index order, so its
       pairs come in the order the order form gives with reuse_order = 0 */
    zero_stats(&st);
    count = 0;
    res = eo_sweep_init(&sweep, n, (flags & 2u) ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST, scene_storage,
                        sizeof scene_storage);
    if (res == EO_OK)
        res = eo_sweep_find_pairs(&sweep, scene_boxes, n, layers, scene_pairs, EO_VEC_PAIRS_SHOWN, &count, &st, 0);
    r[0] = (uint8_t)res;
    put_u16(r + 1, count);
    put_u16(r + 3, st.box_tests);
    put_pairs(r + 5, count);
}

#endif /* EO_VEC_BROADPHASE */

#if EO_VEC_PIXELMASK
/* ---- module 4: pixelmask ------------------------------------------------------------------------ */
/* Storage for two sprites of up to 32 x 32 at any word width. */
static eo_pixelmask_word sprite_words[2][EO_VEC_SPRITE_MAX * ((EO_VEC_SPRITE_MAX + EO_PIXELMASK_WORD_BITS - 1u) / EO_PIXELMASK_WORD_BITS)];

static uint16_t pixelmask_case_size(const uint8_t *c, uint16_t left)
{
    uint16_t size;
    if (left < 4u + 4u * cw)
        return 0;
    if (c[0] == 0 || c[1] == 0 || c[2] == 0 || c[3] == 0 || c[0] > EO_VEC_SPRITE_MAX || c[1] > EO_VEC_SPRITE_MAX ||
        c[2] > EO_VEC_SPRITE_MAX || c[3] > EO_VEC_SPRITE_MAX)
        return 0;
    size = (uint16_t)(4u + 4u * cw + ((c[0] + 7u) / 8u) * c[1] + ((c[2] + 7u) / 8u) * c[3]);
    return size <= left ? size : 0;
}

/* Loads a bit-packed sprite into a mask; returns the bytes it used. */
static uint16_t load_sprite(eo_pixelmask *m, uint8_t which, uint8_t w, uint8_t h, const uint8_t *p)
{
    uint8_t x, y, row_bytes = (uint8_t)((w + 7u) / 8u);
    (void)eo_pixelmask_init(m, w, h, sprite_words[which], sizeof sprite_words[which]);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            (void)eo_pixelmask_set(m, x, y, (uint8_t)((p[y * row_bytes + x / 8u] >> (x % 8u)) & 1u));
    return (uint16_t)(row_bytes * h);
}

static void run_pixelmask_case(const uint8_t *c, uint8_t *r)
{
    eo_pixelmask a, b;
    uint8_t hit = 0, ref = 0, found = 0;
    int32_t cx = 0, cy = 0;
    uint32_t area = 0;
    eo_coord ax = get_c(c + 4), ay = get_c(c + 4 + cw), bx = get_c(c + 4 + 2u * cw), by = get_c(c + 4 + 3u * cw);
    uint16_t used = load_sprite(&a, 0, c[0], c[1], c + 4 + 4u * cw);
    (void)load_sprite(&b, 1, c[2], c[3], c + 4 + 4u * cw + used);
    r[0] = (uint8_t)eo_pixelmask_overlap(&a, ax, ay, &b, bx, by, &hit, 0);
    (void)eo_pixelmask_overlap_reference(&a, ax, ay, &b, bx, by, &ref, 0);
    (void)eo_pixelmask_first_contact(&a, ax, ay, &b, bx, by, &found, &cx, &cy, 0);
    (void)eo_pixelmask_overlap_area(&a, ax, ay, &b, bx, by, &area, 0);
    r[1] = hit;
    r[2] = ref;
    r[3] = found;
    put_u32(r + 4, (uint32_t)cx);
    put_u32(r + 8, (uint32_t)cy);
    put_u16(r + 12, area);
}

#endif /* EO_VEC_PIXELMASK */

#if EO_VEC_QUERY
/* ---- module 6: point, region and segment queries ------------------------------------------------ */
static eo_box query_boxes[EO_VEC_SCENE_MAX];
static eo_broadphase_layer query_layers[EO_VEC_SCENE_MAX];
static eo_pair query_pairs[EO_VEC_PAIRS_SHOWN];
static eo_index query_found[EO_VEC_QUERY_SHOWN];
static eo_query_segment_hit query_hits[EO_VEC_HITS_SHOWN];
/* storage for up to 16 x 12 sectors and 255 memberships, and a sweep of EO_VEC_SCENE_MAX */
static eo_index query_grid_storage[EO_VEC_GRID_WORDS];
static eo_ucoord query_sweep_storage[5u * (EO_VEC_SCENE_MAX + 2u)]; /* the sweep's words */

/* Returns the size of the query record at c (0 if it does not fit in `left` bytes or is malformed). */
static uint16_t query_case_size(const uint8_t *c, uint16_t left)
{
    uint16_t n, size;
    if (left < 14u)
        return 0;
    n = c[12];
    if (n == 0 || n > EO_VEC_SCENE_MAX)
        return 0;
    size = (uint16_t)(14u + n * 8u + ((c[13] & 1u) ? n * 4u : 0u)); /* to the filter */
    if ((uint16_t)(size + 19u) > left)
        return 0;
    if (c[size + 16u] > EO_VEC_QUERY_SHOWN || c[size + 17u] > EO_VEC_HITS_SHOWN || c[size + 18u] == 0 ||
        c[size + 18u] > EO_VEC_SEGMENTS_MAX)
        return 0;
    size = (uint16_t)(size + 19u + c[size + 18u] * 8u);
    return size <= left ? size : 0;
}

/* A list query's record: eo_result, count, the first indices kept. */
static void put_list(uint8_t *r, eo_result res, eo_index count, uint8_t cap)
{
    uint8_t k;
    r[0] = (uint8_t)res;
    put_u16(r + 1, res == EO_OK || res == EO_ERR_BUFFER_TOO_SMALL ? count : 0u);
    for (k = 0; k < EO_VEC_QUERY_SHOWN; k++)
        r[3u + k] = (res == EO_OK || res == EO_ERR_BUFFER_TOO_SMALL) && k < count && k < cap ? (uint8_t)query_found[k] : 0u;
}

static void put_hit(uint8_t *r, const eo_query_segment_hit *h)
{
    r[0] = (uint8_t)h->index;
    put_u16(r + 1, h->t_num);
    put_u16(r + 3, h->t_den);
    put_u16(r + 5, (uint16_t)h->x);
    put_u16(r + 7, (uint16_t)h->y);
    r[9] = h->face;
}

static void run_query_case(const uint8_t *c, uint8_t *r)
{
    eo_sectors_config cfg;
    eo_sectors grid;
    eo_sweep sweep;
    eo_broadphase_layer filter;
    eo_box region;
    eo_segment s;
    eo_query_segment_hit first;
    uint32_t pairs = 0;
    eo_index count;
    uint16_t i, k;
    eo_coord px, py;
    eo_result res;
    uint8_t n = c[12], flags = c[13], cap, hit_cap, m, found;
    const uint8_t *p = c + 14;
    const eo_broadphase_layer *layers = (flags & 1u) ? query_layers : 0, *f = (flags & 4u) ? &filter : 0;

    for (i = 0; i < EO_VEC_QUERY_RESULT_SIZE; i++)
        r[i] = 0;
    cfg.world_x = get_i16(c); cfg.world_y = get_i16(c + 2);
    cfg.world_w = get_i16(c + 4); cfg.world_h = get_i16(c + 6);
    cfg.cols = c[8]; cfg.rows = c[9];
    cfg.max_objects = EO_VEC_SCENE_MAX;
    cfg.max_entries = (uint16_t)(c[10] | ((uint16_t)c[11] << 8));
    for (i = 0; i < n; i++, p += 8)
        get_box(p, &query_boxes[i]);
    if (flags & 1u)
        for (i = 0; i < n; i++, p += 4) {
            query_layers[i].category = (uint16_t)get_i16(p);
            query_layers[i].collides_with = (uint16_t)get_i16(p + 2);
        }
    filter.category = (uint16_t)get_i16(p);
    filter.collides_with = (uint16_t)get_i16(p + 2);
    get_box(p + 4, &region);
    px = get_i16(p + 12);
    py = get_i16(p + 14);
    cap = p[16];
    hit_cap = p[17];
    m = p[18];
    p += 19;

    /* the grid and the workspace (left never built with bit 3; unusable if their init failed) */
    grid.built = 0;
    sweep.ready = 0;
    sweep.entries = 0;
    res = eo_sectors_init(&grid, &cfg, query_grid_storage, sizeof query_grid_storage);
    if (res == EO_OK && !(flags & 8u))
        res = eo_sectors_build(&grid, query_boxes, n, 0, 0);
    r[0] = (flags & 8u) ? 0xFFu : (uint8_t)res;
    res = eo_sweep_init(&sweep, EO_VEC_SCENE_MAX, (flags & 2u) ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST,
                        query_sweep_storage, sizeof query_sweep_storage);
    if (res == EO_OK && !(flags & 8u))
        res = eo_sweep_find_pairs(&sweep, query_boxes, n, 0, query_pairs, EO_VEC_PAIRS_SHOWN, &pairs, 0, 0);
    r[1] = (flags & 8u) ? 0xFFu : (uint8_t)res;
    r += 2;

    count = 0;
    res = eo_query_sectors_region(&grid, query_boxes, layers, f, &region, query_found, cap, &count, 0);
    put_list(r, res, count, cap);
    r += 3u + EO_VEC_QUERY_SHOWN;
    count = 0;
    res = eo_query_sectors_point(&grid, query_boxes, layers, f, px, py, query_found, cap, &count, 0);
    put_list(r, res, count, cap);
    r += 3u + EO_VEC_QUERY_SHOWN;
    count = 0;
    res = eo_query_sweep_region(&sweep, layers, f, &region, query_found, cap, &count, 0);
    put_list(r, res, count, cap);
    r += 3u + EO_VEC_QUERY_SHOWN;
    count = 0;
    res = eo_query_sweep_point(&sweep, layers, f, px, py, query_found, cap, &count, 0);
    put_list(r, res, count, cap);
    r += 3u + EO_VEC_QUERY_SHOWN;

    for (i = 0; i < m; i++, p += 8) {
        s.x0 = get_i16(p); s.y0 = get_i16(p + 2); s.x1 = get_i16(p + 4); s.y1 = get_i16(p + 6);
        count = 0;
        res = eo_query_segment_all(&s, query_boxes, n, &grid, layers, f, query_hits, hit_cap, &count, 0);
        r[0] = (uint8_t)res;
        if (res == EO_OK || res == EO_ERR_BUFFER_TOO_SMALL) {
            put_u16(r + 1, count);
            for (k = 0; k < EO_VEC_HITS_SHOWN && k < count && k < hit_cap; k++)
                put_hit(r + 3u + k * EO_VEC_HIT_SIZE, &query_hits[k]);
        }
        r += 3u + EO_VEC_HITS_SHOWN * EO_VEC_HIT_SIZE;
        found = 0;
        res = eo_query_segment_first(&s, query_boxes, n, 0, layers, f, &first, &found, 0);
        r[0] = (uint8_t)res;
        r[1] = found;
        if (res == EO_OK && found)
            put_hit(r + 2, &first);
        r += 2u + EO_VEC_HIT_SIZE;
    }
}
#endif /* EO_VEC_QUERY */

#if EO_VEC_TILES || EO_VEC_RAYCAST
/* ---- modules 5 and 7: the tile maps both read -------------------------------------------------- */
static uint16_t tile_map_at[EO_VEC_TILE_MAPS_MAX]; /* offset of each map record in the file */
static uint8_t tile_map_count;
static uint8_t tile_map_loaded; /* index of the map in the arrays below; 0xFF: none */
static uint8_t tile_cells[EO_VEC_TILE_CELLS_MAX];
static uint8_t tile_attrs[256];
static uint16_t tile_rows[EO_VEC_TILE_ROWS_MAX];
static eo_tiles_map tile_map;
static eo_result tile_check;
/* the probes of module 5 and the visits of module 7 share their RAM (the MSX ROM's results need it) */
static union tile_scratch {
    eo_tiles_probe_point probes[EO_VEC_PROBES_MAX];
    eo_raycast_visit visits[EO_VEC_RAYCAST_VISITS_MAX];
} tile_scratch;
#define tile_probes tile_scratch.probes
#define ray_visits tile_scratch.visits

static uint16_t get_u16(const uint8_t *p)
{
    return (uint16_t)(p[0] | ((uint16_t)p[1] << 8));
}

/* Cells a map record holds (or shares): width * height, at most EO_VEC_TILE_CELLS_MAX. */
static uint16_t tile_cell_count(const uint8_t *m)
{
    uint32_t n = (uint32_t)get_u16(m) * get_u16(m + 2);
    return n > EO_VEC_TILE_CELLS_MAX ? (uint16_t)EO_VEC_TILE_CELLS_MAX : (uint16_t)n;
}

/* Reads the map section at in + at; returns its size, or 0 when it is malformed. */
static uint16_t tiles_maps_size(const uint8_t *in, uint16_t at, uint16_t in_len)
{
    uint16_t start = at, size;
    uint8_t k;
    if (at >= in_len)
        return 0;
    tile_map_count = in[at++];
    if (tile_map_count == 0 || tile_map_count > EO_VEC_TILE_MAPS_MAX)
        return 0;
    for (k = 0; k < tile_map_count; k++) {
        const uint8_t *m = in + at;
        if ((uint16_t)(in_len - at) < 25u || m[6] > 1u || m[7] > EO_VEC_USER_SLOPES_MAX || (m[8] != 0xFFu && m[8] >= k))
            return 0;
        if (m[7] > 0 && m[4] != 0 && m[4] != 3u)
            return 0; /* user slopes are given for 8 px tiles only */
        size = (uint16_t)(25u + m[7] * 8u);
        if (m[8] == 0xFFu)
            size = (uint16_t)(size + (tile_cell_count(m) + 1u) / 2u);
        if (size > (uint16_t)(in_len - at))
            return 0;
        tile_map_at[k] = at;
        at = (uint16_t)(at + size);
    }
    tile_map_loaded = 0xFFu;
    return (uint16_t)(at - start);
}

/* Fills tile_map from map record k; 0 if the record cannot be run safely: a map the calls would
   accept with more cells than its record holds (or shares), or a row table taller than ours. */
static uint8_t tiles_load(const uint8_t *in, uint8_t k)
{
    const uint8_t *m = in + tile_map_at[k], *c;
    uint16_t n, i, width = get_u16(m), height = get_u16(m + 2);
    if (k == tile_map_loaded)
        return 1;
    c = m[8] == 0xFFu ? m : in + tile_map_at[m[8]];
    while (c[8] != 0xFFu)
        c = in + tile_map_at[c[8]]; /* a chain ends: every link points to an earlier map */
    n = tile_cell_count(c);
    c += 25u + c[7] * 8u;
    for (i = 0; i < n; i++)
        tile_cells[i] = (uint8_t)((c[i / 2u] >> ((i & 1u) * 4u)) & 0x0Fu);
    for (i = 0; i < 256u; i++)
        tile_attrs[i] = i < 16u ? m[9u + i] : (uint8_t)EO_TILES_EMPTY;
    tile_map.cells = tile_cells;
    tile_map.attrs = tile_attrs;
    tile_map.width = width;
    tile_map.height = height;
    tile_map.tile_shift = m[4];
    tile_map.outside = m[5];
    tile_map.slope_count = m[7];
    tile_map.slopes = m[7] > 0 ? m + 25 : 0;
    tile_map.row_start = 0;
    if (m[6] != 0) {
        for (i = 0; i < height && i < EO_VEC_TILE_ROWS_MAX; i++)
            tile_rows[i] = (uint16_t)(i * width);
        tile_map.row_start = tile_rows;
    }
    /* a map the calls accept reads width * height cells and height row entries: all must be here */
    if (eo_tiles_tile_size(&tile_map, 0) == EO_OK &&
        ((uint32_t)width * height > n || (m[6] != 0 && height > EO_VEC_TILE_ROWS_MAX)))
        return 0;
    /* odd maps prepared, even ones checked on every call: both must give the same bytes */
    tile_map.ready.mark = 0;
    tile_check = (k & 1u) ? eo_tiles_prepare(&tile_map) : eo_tiles_check(&tile_map);
    tile_map_loaded = k;
    return 1;
}

#if EO_VEC_TILES
/* ---- module 5: tiles and slopes ------------------------------------------------------------------ */
static void put_box(uint8_t *p, const eo_box *b)
{
    put_u16(p, (uint16_t)b->x);
    put_u16(p + 2, (uint16_t)b->y);
    put_u16(p + 4, (uint16_t)b->w);
    put_u16(p + 6, (uint16_t)b->h);
}

/* The start of a move's result: the box after it (r + 2) and hit, touching, below, on_ground. */
static void put_moved(uint8_t *r, const eo_box *b, const eo_tiles_move_result *m)
{
    put_box(r + 2, b);
    r[10] = m->hit;
    r[11] = m->touching;
    r[12] = m->below;
    r[13] = m->on_ground;
}

static void put_probe(uint8_t *p, const eo_tiles_probe_point *t)
{
    put_u16(p, (uint16_t)t->x);
    put_u16(p + 2, (uint16_t)t->y);
    put_u16(p + 4, (uint16_t)t->col);
    put_u16(p + 6, (uint16_t)t->row);
    p[8] = t->attr;
}

static void put_ground(uint8_t *p, const eo_slopes_ground *g)
{
    p[0] = g->found;
    p[1] = g->sensor;
    p[2] = g->height;
    p[3] = g->attr;
    put_u16(p + 4, (uint16_t)g->col);
    put_u16(p + 6, (uint16_t)g->row);
    put_u16(p + 8, (uint16_t)g->ground_y);
    put_u16(p + 10, (uint16_t)g->distance);
    put_u16(p + 12, (uint16_t)g->slope);
}

/* `frames` frames of a platformer character (op 6): walk `speed` px (turning round at walls),
   then move vertically by vy: vy is `jump` on the ground every `period`-th frame (0: never), 0 on
   the ground otherwise, and grows by 1 per frame in the air up to 8; a hit above or below stops
   it. *out: the last move's result with the hits of every frame and the distance since the
   start; mover_vy keeps the last vertical speed. Returns the first error. */
static eo_coord mover_vy;
static eo_result run_mover(eo_box *box, eo_coord speed, eo_coord jump, uint8_t frames, uint8_t max_step,
                           uint8_t period, eo_tiles_move_result *out)
{
    eo_tiles_move_result mr = { 0, 0, 0, 0, 0, 0 };
    eo_coord x0 = box->x, y0 = box->y;
    uint8_t f, hits = 0;
    eo_result res = EO_OK;
    mover_vy = 0;
    for (f = 0; f < frames && res == EO_OK; f++) {
        res = eo_slopes_walk(&tile_map, box, speed, max_step, 0, &mr, 0);
        if (res != EO_OK)
            break;
        hits |= mr.hit;
        if (mr.hit & (EO_HIT_LEFT | EO_HIT_RIGHT))
            speed = (eo_coord)-speed;
        if (mr.on_ground)
            mover_vy = (eo_coord)(period != 0 && f % period == (uint8_t)(period - 1u) ? jump : 0);
        else if (mover_vy < 8)
            mover_vy++;
        res = eo_tiles_move(&tile_map, box, 0, mover_vy, 0, 0, &mr, 0);
        hits |= mr.hit;
        if (mr.hit & (EO_HIT_TOP | EO_HIT_BOTTOM))
            mover_vy = 0;
    }
    *out = mr;
    out->hit = hits;
    out->moved_x = (int32_t)((eo_wide)box->x - x0);
    out->moved_y = (int32_t)((eo_wide)box->y - y0);
    return res;
}

/* Returns 0 when the case is malformed (unknown map or operation, too large a capacity). */
static uint8_t run_tiles_case(const uint8_t *in, const uint8_t *c, uint8_t *r)
{
    eo_box box;
    eo_tiles_move_result mr;
    eo_tiles_cache cache;
    eo_slopes_ground g;
    eo_result res = EO_OK;
    eo_coord dx = get_i16(c + 10), dy = get_i16(c + 12);
    uint16_t count = 0, i;
    uint8_t op = c[1], a = c[14], b = c[15], t0 = 0, b0 = 0, t1 = 0, b1 = 0, kinds = 0;

    for (i = 0; i < EO_VEC_TILES_RESULT_SIZE; i++)
        r[i] = 0;
    if (c[0] >= tile_map_count || op > 8u || (op == 6u && (a == 0 || a > EO_VEC_MOVER_FRAMES_MAX)) || (op == 2u && b > EO_VEC_PROBES_MAX) || !tiles_load(in, c[0]))
        return 0;
    get_box(c + 2, &box);
    r[1] = (uint8_t)tile_check;
    if (tile_check != EO_OK) {
        r[0] = 0xFFu; /* not run: a game checks its map once, as the JS API does in createMap */
        return 1;
    }
    eo_tiles_cache_reset(&cache);
    if (op == 0u || op == 1u || op == 6u || op == 7u) {
        if (op == 6u) {
            res = run_mover(&box, dx, dy, a, b, c[16], &mr);
        } else if (op == 0u) {
            if (b & 1u)
                (void)eo_tiles_touching(&tile_map, &box, &cache, 0, 0, 0);
            res = eo_tiles_move(&tile_map, &box, dx, dy, a, (b & 1u) ? &cache : 0, &mr, 0);
        } else if (op == 7u) {
            if (b & 1u)
                (void)eo_tiles_touching(&tile_map, &box, &cache, 0, 0, 0);
            res = eo_tiles_sweep(&tile_map, &box, dx, dy, a, (b & 1u) ? &cache : 0, &mr, 0);
        } else {
            res = eo_slopes_walk(&tile_map, &box, dx, a, b, &mr, 0);
        }
        if (res == EO_OK) {
            put_moved(r, &box, &mr);
            put_u32(r + 14, (uint32_t)mr.moved_x);
            put_u32(r + 18, (uint32_t)mr.moved_y);
            if (op == 6u)
                r[22] = (uint8_t)mover_vy;
        }
    } else if (op == 8u) {
        eo_slopes_move_result sm;
        res = eo_slopes_move(&tile_map, &box, dx, dy, a, c[16] == 0xFFu ? (uint16_t)EO_SLOPES_REACH_ALWAYS : c[16], b, &sm, 0);
        if (res == EO_OK) {
            put_moved(r, &box, &sm.move);
            put_u16(r + 14, (uint16_t)sm.move.moved_x); /* |moved| <= |d| <= 32768: the low 16 bits */
            put_u16(r + 16, (uint16_t)sm.move.moved_y);
            r[18] = sm.landed;
            r[19] = sm.launched;
            put_u16(r + 20, (uint16_t)sm.slope);
        }
    } else if (op == 2u) {
        res = eo_tiles_probe(&tile_map, &box, a, tile_probes, b, &count, &kinds, 0);
        if (res == EO_OK || res == EO_ERR_BUFFER_TOO_SMALL) {
            put_u16(r + 2, count);
            r[4] = kinds;
            for (i = 0; i < 2u; i++) {
                uint16_t k = (uint16_t)(c[16] + i);
                if (k < count && k < b) {
                    put_probe(r + 5 + 9u * i, &tile_probes[k]);
                    r[23] |= (uint8_t)(tile_probes[k].outside << i);
                }
            }
        }
    } else if (op == 3u) {
        res = eo_tiles_touching(&tile_map, &box, &cache, &t0, &b0, 0);
        box.x = (int16_t)(box.x + dx);
        box.y = (int16_t)(box.y + dy);
        r[4] = (uint8_t)eo_tiles_touching(&tile_map, &box, &cache, &t1, &b1, 0);
        r[2] = t0;
        r[3] = b0;
        r[5] = t1;
        r[6] = b1;
    } else {
        g.found = 0;
        if (op == 4u)
            res = eo_slopes_ground_at(&tile_map, box.x, box.y, &g, 0);
        else
            res = eo_slopes_box_ground(&tile_map, &box, a, &g, 0);
        if (res == EO_OK)
            put_ground(r + 2, &g);
    }
    r[0] = (uint8_t)res;
    return 1;
}
#endif /* EO_VEC_TILES */

#if EO_VEC_RAYCAST
/* ---- module 7: tile raycasts (maps as module 5) ---------------------------------------------------- */

static void put_visit(uint8_t *p, const eo_raycast_visit *v)
{
    put_u16(p, (uint16_t)v->col);
    put_u16(p + 2, (uint16_t)v->row);
    put_u16(p + 4, v->t_num);
    put_u16(p + 6, v->t_den);
    p[8] = v->attr;
    p[9] = v->face;
}

/* Returns 0 when the case is malformed (unknown map, too large a capacity). */
static uint8_t run_raycast_case(const uint8_t *in, const uint8_t *c, uint8_t *r)
{
    eo_segment s;
    eo_raycast_hit hit;
    eo_result res;
    uint16_t count = 0, i, shown;
    uint16_t sum1 = 0, sum2 = 0;
    uint8_t bytes[10], k, cap = c[10], flags = c[11];

    for (i = 0; i < EO_VEC_RAYCAST_RESULT_SIZE; i++)
        r[i] = 0;
    if (c[0] >= tile_map_count || cap > EO_VEC_RAYCAST_VISITS_MAX || !tiles_load(in, c[0]))
        return 0;
    r[1] = (uint8_t)tile_check;
    if (tile_check != EO_OK) {
        r[0] = 0xFFu; /* not run, as for module 5 */
        return 1;
    }
    s.x0 = get_i16(c + 1); s.y0 = get_i16(c + 3); s.x1 = get_i16(c + 5); s.y1 = get_i16(c + 7);
    res = eo_raycast_tiles(&tile_map, &s, c[9], &hit, ray_visits, cap, (flags & 1u) ? 0 : &count, 0);
    r[0] = (uint8_t)res;
    if (res != EO_OK && res != EO_ERR_BUFFER_TOO_SMALL)
        return 1;
    r[2] = hit.hit;
    r[3] = hit.attr;
    r[4] = hit.face;
    put_u16(r + 5, (uint16_t)hit.col);
    put_u16(r + 7, (uint16_t)hit.row);
    put_u16(r + 9, (uint16_t)hit.x);
    put_u16(r + 11, (uint16_t)hit.y);
    put_u16(r + 13, hit.t_num);
    put_u16(r + 15, hit.t_den);
    put_u16(r + 17, count);
    /* the visits written: all of them in a checksum, the first two in full */
    shown = (flags & 1u) ? cap : (count < cap ? count : cap);
    for (i = 0; i < shown; i++) {
        put_visit(bytes, &ray_visits[i]);
        for (k = 0; k < 10u; k++) {
            sum1 = (uint16_t)((sum1 + bytes[k]) % 255u);
            sum2 = (uint16_t)((sum2 + sum1) % 255u);
        }
        if (i < 2u)
            put_visit(r + 21u + 10u * i, &ray_visits[i]);
    }
    r[19] = (uint8_t)sum1;
    r[20] = (uint8_t)sum2;
    return 1;
}
#endif /* EO_VEC_RAYCAST */
#endif /* EO_VEC_TILES || EO_VEC_RAYCAST */

#if EO_VEC_CONTACT || EO_VEC_MOVE
static void put_i16(uint8_t *p, eo_coord v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)((uint16_t)v >> 8);
}
#endif

#if EO_VEC_CONTACT
/* ---- module 8: push-out and time of impact ------------------------------------------------------ */
static eo_box contact_others[4];

static void get_circle(const uint8_t *p, eo_aabb_circle *c)
{
    c->x = get_i16(p);
    c->y = get_i16(p + 2);
    c->r = get_i16(p + 4);
}

/* Returns 0 when the case is malformed (unknown op, more than four boxes to push out of). */
static uint8_t run_contact_case(const uint8_t *c, uint8_t *r)
{
    eo_box a;
    eo_aabb_circle ca, cb;
    eo_contact_push push;
    eo_contact_hit hit;
    eo_result res;
    uint8_t op = c[0], n = c[1], i;
    eo_coord adx = get_i16(c + 10), ady = get_i16(c + 12), bdx = get_i16(c + 22), bdy = get_i16(c + 24);

    for (i = 0; i < EO_VEC_CONTACT_RESULT_SIZE; i++)
        r[i] = 0;
    if (op > 5u || n > 4u)
        return 0;
    get_box(c + 2, &a);
    get_box(c + 14, &contact_others[0]);
    for (i = 0; i < 3u; i++)
        get_box(c + 26 + 8u * i, &contact_others[i + 1u]);
    if (op <= 3u) {
        if (op == 0u) {
            res = eo_contact_push_boxes(&a, &contact_others[0], &push, 0);
        } else if (op == 1u) {
            get_circle(c + 2, &ca);
            get_circle(c + 14, &cb);
            res = eo_contact_push_circles(&ca, &cb, &push, 0);
        } else if (op == 2u) {
            get_circle(c + 2, &ca);
            res = eo_contact_push_circle_box(&ca, &contact_others[0], &push, 0);
        } else {
            res = eo_contact_push_out(&a, contact_others, n, &push, 0);
        }
        if (res == EO_OK) {
            put_i16(r + 1, push.x);
            put_i16(r + 3, push.y);
            put_i16(r + 5, push.along_x);
            put_i16(r + 7, push.along_y);
            put_i16(r + 9, push.nx);
            put_i16(r + 11, push.ny);
            r[13] = push.overlap;
            r[14] = push.face;
        }
    } else {
        if (op == 4u)
            res = eo_contact_sweep_box(&a, adx, ady, &contact_others[0], &hit, 0);
        else
            res = eo_contact_sweep_boxes(&a, adx, ady, &contact_others[0], bdx, bdy, &hit, 0);
        if (res == EO_OK) {
            put_u32(r + 1, hit.t_num);
            put_u32(r + 5, hit.t_den);
            put_i16(r + 9, hit.x);
            put_i16(r + 11, hit.y);
            put_i16(r + 13, hit.nx);
            put_i16(r + 15, hit.ny);
            r[17] = hit.hit;
            r[18] = hit.face;
            r[19] = hit.inside;
        }
    }
    r[0] = (uint8_t)res;
    return 1;
}

#endif /* EO_VEC_CONTACT */

#if EO_VEC_MOVE
/* ---- module 9: movers in a small world, and pair events ----------------------------------------- */
#define EO_VEC_MOVE_GRID_ENTRIES (EO_VEC_MOVE_BOXES_MAX * 12u) /* every box in all 4 x 3 sectors */
#define EO_VEC_MOVE_GRID_WORDS (13u + 12u + EO_VEC_MOVE_GRID_ENTRIES + \
    (EO_COORD_BITS >= 32 ? sizeof(eo_sectors_extent) * EO_VEC_MOVE_BOXES_MAX / sizeof(eo_index) : 0u) + \
    (4u * sizeof(eo_sectors_cell) * EO_VEC_MOVE_BOXES_MAX + sizeof(eo_index) - 1u) / sizeof(eo_index))
static eo_box move_boxes[EO_VEC_MOVE_BOXES_MAX];
static uint8_t move_responses[EO_VEC_MOVE_BOXES_MAX];
static eo_broadphase_layer move_layers[EO_VEC_MOVE_BOXES_MAX];
static eo_move_near move_near[EO_VEC_MOVE_BOXES_MAX];
static eo_move_contact move_contacts[EO_VEC_MOVE_CONTACTS_MAX];
static eo_index move_grid_storage[EO_VEC_MOVE_GRID_WORDS];
static eo_pair move_before[EO_VEC_MOVE_PAIRS_MAX], move_after[EO_VEC_MOVE_PAIRS_MAX];
static eo_pair move_events[3][EO_VEC_EVENTS_SHOWN];
static uint8_t move_cells[EO_VEC_MOVE_MAP_W_MAX * EO_VEC_MOVE_MAP_H_MAX];
static uint8_t move_attrs[256];
static eo_tiles_map move_map;
static eo_move_world move_world;

/* The size of the case at c (0 if it does not fit in `left` bytes or breaks a limit). */
static uint16_t move_case_size(const uint8_t *c, uint16_t left)
{
    uint16_t size, n;
    if (left < 5u)
        return 0;
    if (c[0] == 1u) {
        if (c[1] > EO_VEC_EVENT_PAIRS_MAX || c[2] > EO_VEC_EVENT_PAIRS_MAX || c[4] > EO_VEC_EVENTS_SHOWN)
            return 0;
        size = (uint16_t)(5u + 2u * (c[1] + c[2]));
        return size <= left ? size : 0;
    }
    if (c[0] != 0u || left < 7u)
        return 0;
    n = c[1];
    if (n == 0 || n > EO_VEC_MOVE_BOXES_MAX || c[3] > EO_VEC_MOVERS_MAX || c[4] > EO_VEC_MOVE_CONTACTS_MAX ||
        c[5] > EO_VEC_EVENTS_SHOWN)
        return 0;
    size = (uint16_t)(7u + 9u * n + ((c[2] & 2u) ? 4u * n : 0u) + 5u * c[3]);
    if (c[2] & 4u) {
        if ((uint16_t)(size + 3u) > left || c[size] == 0 || c[size] > EO_VEC_MOVE_MAP_W_MAX || c[size + 1u] == 0 ||
            c[size + 1u] > EO_VEC_MOVE_MAP_H_MAX)
            return 0;
        size = (uint16_t)(size + 3u + (c[size] * c[size + 1u] + 3u) / 4u);
    }
    return size <= left ? size : 0;
}

/* The events part of a result: eo_pairs_events of before and after into lists of `cap`. */
static void put_events(uint8_t *r, uint8_t nb, uint8_t nn, uint8_t cap)
{
    eo_pair_list lists[3];
    eo_result res;
    uint8_t k, i;
    for (k = 0; k < 3u; k++) {
        lists[k].pairs = move_events[k];
        lists[k].capacity = cap;
        lists[k].count = 0;
    }
    res = eo_pairs_events(move_before, nb, move_after, nn, &lists[0], &lists[1], &lists[2]);
    r[0] = (uint8_t)res;
    r[1] = nb;
    r[2] = nn;
    if (res != EO_OK && res != EO_ERR_BUFFER_TOO_SMALL)
        return;
    for (k = 0; k < 3u; k++) {
        r[3u + k] = (uint8_t)lists[k].count;
        for (i = 0; i < EO_VEC_EVENTS_SHOWN && i < lists[k].count && i < cap; i++) {
            r[6u + 2u * (EO_VEC_EVENTS_SHOWN * k + i)] = (uint8_t)move_events[k][i].a;
            r[7u + 2u * (EO_VEC_EVENTS_SHOWN * k + i)] = (uint8_t)move_events[k][i].b;
        }
    }
}

static void put_contact(uint8_t *p, const eo_move_contact *k)
{
    p[0] = k->other == EO_MOVE_TILE ? 0xFFu : (uint8_t)k->other;
    put_u16(p + 1, k->t_num);
    put_u16(p + 3, k->t_den);
    put_i16(p + 5, k->x);
    put_i16(p + 7, k->y);
    p[9] = (uint8_t)k->nx;
    p[10] = (uint8_t)k->ny;
    p[11] = k->face;
    p[12] = k->response;
}

/* The pairs of the boxes as the grid has them, sorted; returns their count. */
static uint8_t move_pairs(const eo_sectors *grid, uint8_t n, const eo_broadphase_layer *layers, eo_pair *pairs)
{
    uint32_t count = 0, kept = 0;
    (void)n;
    (void)eo_sectors_find_pairs(grid, move_boxes, layers, pairs, EO_VEC_MOVE_PAIRS_MAX, &count, 0, 0);
    (void)eo_pairs_sort(pairs, count, &kept);
    return (uint8_t)kept;
}

static uint8_t run_move_case(const uint8_t *c, uint8_t *r)
{
    eo_sectors_config cfg;
    eo_sectors grid;
    eo_move_result mr;
    eo_result res;
    uint32_t kept;
    uint16_t i, k;
    uint8_t n = c[1], flags = c[2], m = c[3], cap = c[4], ecap = c[5], nb, nn, who;
    const uint8_t *p;
    const eo_broadphase_layer *layers = (flags & 2u) ? move_layers : 0;

    for (i = 0; i < EO_VEC_MOVE_RESULT_SIZE; i++)
        r[i] = 0;
    if (c[0] == 1u) { /* two pair lists */
        nb = c[1];
        nn = c[2];
        p = c + 5;
        for (i = 0; i < (uint16_t)(nb + nn); i++, p += 2) {
            eo_pair *q = i < nb ? &move_before[i] : &move_after[i - nb];
            q->a = p[0];
            q->b = p[1];
        }
        if (c[3] & 1u) {
            (void)eo_pairs_sort(move_before, nb, &kept);
            nb = (uint8_t)kept;
        }
        if (c[3] & 2u) {
            (void)eo_pairs_sort(move_after, nn, &kept);
            nn = (uint8_t)kept;
        }
        put_events(r, nb, nn, c[4]);
        return 1;
    }

    p = c + 7;
    for (i = 0; i < n; i++, p += 9) {
        get_box(p, &move_boxes[i]);
        move_responses[i] = p[8];
    }
    if (flags & 2u)
        for (i = 0; i < n; i++, p += 4) {
            move_layers[i].category = (uint16_t)get_i16(p);
            move_layers[i].collides_with = (uint16_t)get_i16(p + 2);
        }
    cfg.world_x = 0; cfg.world_y = 0; cfg.world_w = 256; cfg.world_h = 192;
    cfg.cols = 4; cfg.rows = 3;
    cfg.max_objects = EO_VEC_MOVE_BOXES_MAX;
    cfg.max_entries = EO_VEC_MOVE_GRID_ENTRIES;
    if (eo_sectors_init(&grid, &cfg, move_grid_storage, sizeof move_grid_storage) != EO_OK ||
        eo_sectors_build(&grid, move_boxes, n, 0, 0) != EO_OK)
        return 0; /* the storage is sized for every scene the format allows */
    nb = move_pairs(&grid, n, layers, move_before);

    move_world.boxes = move_boxes;
    move_world.count = n;
    move_world.grid = (flags & 1u) ? &grid : 0;
    move_world.layers = layers;
    move_world.responses = move_responses;
    move_world.filter = 0;
    move_world.filter_user = 0;
    move_world.map = 0;
    move_world.tile_flags = (flags & 8u) ? EO_TILES_DROP : 0u;
    move_world.tile_response = c[6];
    move_world.near = move_near;
    move_world.near_capacity = EO_VEC_MOVE_BOXES_MAX;
    if (flags & 4u) { /* the map, after the moves */
        const uint8_t *q = p + 5u * m;
        move_map.width = q[0];
        move_map.height = q[1];
        move_map.outside = q[2];
        move_map.tile_shift = 3;
        move_map.row_start = 0;
        move_map.slopes = 0;
        move_map.slope_count = 0;
        for (k = 0; k < (uint16_t)(q[0] * q[1]); k++) {
            uint8_t id = (uint8_t)((q[3u + k / 4u] >> (2u * (k & 3u))) & 3u);
            move_cells[k] = id;
        }
        for (k = 0; k < 256u; k++)
            move_attrs[k] = (uint8_t)EO_TILES_EMPTY;
        move_attrs[1] = (uint8_t)EO_TILES_SOLID;
        move_attrs[2] = (uint8_t)EO_TILES_ONE_WAY;
        move_map.cells = move_cells;
        move_map.attrs = move_attrs;
        move_world.map = &move_map;
    }

    for (i = 0; i < m; i++, p += 5) {
        uint8_t *o = r + EO_VEC_MOVE_EVENTS_SIZE + i * EO_VEC_MOVER_RESULT_SIZE;
        who = p[0];
        if (who >= n)
            return 0;
        move_world.self = who;
        if (layers) {
            move_world.layer.category = move_layers[who].category;
            move_world.layer.collides_with = move_layers[who].collides_with;
        } else {
            move_world.layer.category = 0;
            move_world.layer.collides_with = 0;
        }
        mr.contact_count = 0;
        res = eo_move(&move_world, &move_boxes[who], get_i16(p + 1), get_i16(p + 3), move_contacts, cap, &mr, 0);
        o[0] = (uint8_t)res;
        if (res == EO_OK || res == EO_ERR_BUFFER_TOO_SMALL) {
            put_i16(o + 1, mr.x);
            put_i16(o + 3, mr.y);
            o[5] = mr.hit;
            put_u16(o + 6, mr.contact_count);
            for (k = 0; k < EO_VEC_MOVE_CONTACTS_SHOWN && k < mr.contact_count && k < cap; k++)
                put_contact(o + 8u + k * EO_VEC_MOVE_CONTACT_SIZE, &move_contacts[k]);
        }
        if (eo_sectors_update_one(&grid, move_boxes, n, who, 0, 0) != EO_OK)
            return 0;
    }
    nn = move_pairs(&grid, n, layers, move_after);
    put_events(r, nb, nn, ecap);
    return 1;
}
#endif /* EO_VEC_MOVE */

uint16_t eo_vectors_run(const uint8_t *in, uint16_t in_len, uint8_t *out, uint16_t out_cap)
{
    uint16_t count, i, at = EO_VEC_HEADER_SIZE, case_size = 0, result_size;
    uint8_t module;

    if (in_len < EO_VEC_HEADER_SIZE || in[0] != 'E' || in[1] != 'O' || in[2] != 'V' || in[3] != '1')
        return 0;
    module = in[4];
    count = (uint16_t)(in[6] | ((uint16_t)in[7] << 8));
    /* a wide file: 32-bit coordinate fields, for the builds that have 32-bit coordinates */
    cw = 2;
#if EO_COORD_BITS > 16
    if (in[5] != 0) {
        if (in[5] != 4 ||
            (module != EO_VEC_MODULE_GRIDMASK && module != EO_VEC_MODULE_AABB && module != EO_VEC_MODULE_PIXELMASK))
            return 0;
        cw = 4;
    }
#else
    if (in[5] != 0)
        return 0; /* 16-bit coordinates: no wide file */
#endif
    result_size = 0; /* stays 0 for a module not compiled in */
#if EO_VEC_BROADPHASE
    if (module == EO_VEC_MODULE_GRIDMASK) {
        case_size = (uint16_t)(EO_VEC_GRIDMASK_CASE_SIZE + 8u * (cw - 2u));
        result_size = EO_VEC_GRIDMASK_RESULT_SIZE;
    } else if (module == EO_VEC_MODULE_AABB) {
        case_size = (uint16_t)(EO_VEC_AABB_CASE_SIZE + 8u * (cw - 2u));
        result_size = EO_VEC_AABB_RESULT_SIZE;
    } else if (module == EO_VEC_MODULE_SECTORS) {
        result_size = EO_VEC_SECTORS_RESULT_SIZE;
    }
#endif
#if EO_VEC_PIXELMASK
    if (module == EO_VEC_MODULE_PIXELMASK)
        result_size = EO_VEC_PIXELMASK_RESULT_SIZE;
#endif
#if EO_VEC_QUERY
    if (module == EO_VEC_MODULE_QUERY)
        result_size = EO_VEC_QUERY_RESULT_SIZE;
#endif
#if EO_VEC_TILES
    if (module == EO_VEC_MODULE_TILES) {
        case_size = EO_VEC_TILES_CASE_SIZE;
        result_size = EO_VEC_TILES_RESULT_SIZE;
    }
#endif
#if EO_VEC_RAYCAST
    if (module == EO_VEC_MODULE_RAYCAST) {
        case_size = EO_VEC_RAYCAST_CASE_SIZE;
        result_size = EO_VEC_RAYCAST_RESULT_SIZE;
    }
#endif
#if EO_VEC_CONTACT
    if (module == EO_VEC_MODULE_CONTACT) {
        case_size = EO_VEC_CONTACT_CASE_SIZE;
        result_size = EO_VEC_CONTACT_RESULT_SIZE;
    }
#endif
#if EO_VEC_MOVE
    if (module == EO_VEC_MODULE_MOVE)
        result_size = EO_VEC_MOVE_RESULT_SIZE;
#endif
#if EO_VEC_TILES || EO_VEC_RAYCAST
    if (result_size != 0 && (module == EO_VEC_MODULE_TILES || module == EO_VEC_MODULE_RAYCAST)) {
        i = tiles_maps_size(in, at, in_len);
        if (i == 0)
            return 0;
        at = (uint16_t)(at + i);
    }
#endif
    if (result_size == 0)
        return 0;
    if (out_cap < EO_VEC_HEADER_SIZE || count > (uint16_t)((out_cap - EO_VEC_HEADER_SIZE) / result_size))
        return 0;

    out[0] = 'E'; out[1] = 'O'; out[2] = 'R'; out[3] = '1';
    out[4] = module; out[5] = (uint8_t)result_size; out[6] = in[6]; out[7] = in[7];
    for (i = 0; i < count; i++) {
        uint8_t *r = out + EO_VEC_HEADER_SIZE + (uint16_t)(i * result_size);
#if EO_VEC_BROADPHASE
        if (module == EO_VEC_MODULE_SECTORS)
            case_size = sectors_case_size(in + at, (uint16_t)(in_len - at));
#endif
#if EO_VEC_PIXELMASK
        if (module == EO_VEC_MODULE_PIXELMASK)
            case_size = pixelmask_case_size(in + at, (uint16_t)(in_len - at));
#endif
#if EO_VEC_QUERY
        if (module == EO_VEC_MODULE_QUERY)
            case_size = query_case_size(in + at, (uint16_t)(in_len - at));
#endif
#if EO_VEC_MOVE
        if (module == EO_VEC_MODULE_MOVE)
            case_size = move_case_size(in + at, (uint16_t)(in_len - at));
#endif
        if (case_size == 0 || case_size > in_len - at)
            return 0;
#if EO_VEC_CONTACT
        if (module == EO_VEC_MODULE_CONTACT && !run_contact_case(in + at, r))
            return 0;
#endif
#if EO_VEC_MOVE
        if (module == EO_VEC_MODULE_MOVE && !run_move_case(in + at, r))
            return 0;
#endif
#if EO_VEC_TILES
        if (module == EO_VEC_MODULE_TILES && !run_tiles_case(in, in + at, r))
            return 0;
#endif
#if EO_VEC_RAYCAST
        if (module == EO_VEC_MODULE_RAYCAST && !run_raycast_case(in, in + at, r))
            return 0;
#endif
#if EO_VEC_QUERY
        if (module == EO_VEC_MODULE_QUERY)
            run_query_case(in + at, r);
#endif
#if EO_VEC_BROADPHASE
        if (module == EO_VEC_MODULE_GRIDMASK)
            run_gridmask_case(in + at, r);
        else if (module == EO_VEC_MODULE_AABB)
            run_aabb_case(in + at, r);
        else if (module == EO_VEC_MODULE_SECTORS)
            run_sectors_case(in + at, r);
#endif
#if EO_VEC_PIXELMASK
        if (module == EO_VEC_MODULE_PIXELMASK)
            run_pixelmask_case(in + at, r);
#endif
        at = (uint16_t)(at + case_size);
    }
    return (uint16_t)(EO_VEC_HEADER_SIZE + count * result_size);
}
