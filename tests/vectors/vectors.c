/* The shared vector runner (see vectors.h). Plain C99 that SDCC compiles: no stdio, no malloc,
   structs only by pointer. */
#include "vectors.h"

#include "earlyout/earlyout.h"

static const eo_gridmask_layout vec_layouts[4] = {
    EO_GRIDMASK_LAYOUT_8,
    EO_GRIDMASK_LAYOUT_16,
    EO_GRIDMASK_LAYOUT_32,
    { 12, 5, 5, 0, 256, 192 } /* invalid: 12-bit masks do not exist */
};

static int16_t get_i16(const uint8_t *p)
{
    return (int16_t)(uint16_t)(p[0] | ((uint16_t)p[1] << 8));
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
    box->x = get_i16(p);
    box->y = get_i16(p + 2);
    box->w = get_i16(p + 4);
    box->h = get_i16(p + 6);
}

/* ---- module 1: gridmask --------------------------------------------------------------------- */
static void run_gridmask_case(const uint8_t *c, uint8_t *r)
{
    eo_box a, b;
    eo_gridmask ma = 0, mb = 0;
    eo_result ra, rb;
    eo_gridmask_grid grid;

    (void)eo_gridmask_prepare(&vec_layouts[c[0] & 3u], &grid); /* a bad layout shows in ra, rb */
    get_box(c + 2, &a);
    get_box(c + 10, &b);
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
        get_box(c + 10, &b);
        r[0] = eo_aabb_overlap_ordered(&a, &b, (eo_aabb_order)c[1], &n, 0);
        r[1] = n;
    } else {
        eo_circle a, b;
        uint8_t overlap = 0xFF;
        a.x = get_i16(c + 2); a.y = get_i16(c + 4); a.r = get_i16(c + 6);
        b.x = get_i16(c + 8); b.y = get_i16(c + 10); b.r = get_i16(c + 12);
        r[0] = (uint8_t)eo_circle_overlap(&a, &b, &overlap, 0);
        r[1] = overlap;
    }
}

/* ---- module 3: sectors and sweep on a small scene ---------------------------------------------- */
static eo_box scene_boxes[EO_VEC_SCENE_MAX];
static eo_layer scene_layers[EO_VEC_SCENE_MAX];
static uint16_t scene_order[EO_VEC_SCENE_MAX];
static eo_pair scene_pairs[EO_VEC_PAIRS_SHOWN];
/* storage for up to 16 x 12 sectors and 255 memberships */
static uint16_t scene_storage[(16u * 12u + 1u) + 16u * 12u + 255u + 2u * EO_VEC_SCENE_MAX];

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
    eo_broadphase_stats st;
    uint32_t count = 0;
    eo_result res;
    uint8_t n = c[12], flags = c[13], i, ready;
    const uint8_t *p = c + 14;
    const eo_layer *layers = (flags & 1u) ? scene_layers : 0;

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
        scene_boxes[i].x = (int16_t)(scene_boxes[i].x + (int8_t)p[0]);
        scene_boxes[i].y = (int16_t)(scene_boxes[i].y + (int8_t)p[1]);
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

    /* sort-and-sweep on the moved scene */
    zero_stats(&st);
    count = 0;
    res = eo_sweep_find_pairs(scene_boxes, n, (flags & 2u) ? EO_AABB_Y_FIRST : EO_AABB_X_FIRST, layers,
                              scene_order, 0, scene_pairs, EO_VEC_PAIRS_SHOWN, &count, &st, 0);
    r[0] = (uint8_t)res;
    put_u16(r + 1, count);
    put_u16(r + 3, st.box_tests);
    put_pairs(r + 5, count);
}

/* ---- module 4: pixelmask ------------------------------------------------------------------------ */
/* Storage for two sprites of up to 32 x 32 at any word width. */
static eo_mask_word sprite_words[2][EO_VEC_SPRITE_MAX * ((EO_VEC_SPRITE_MAX + EO_PIXELMASK_WORD_BITS - 1u) / EO_PIXELMASK_WORD_BITS)];

static uint16_t pixelmask_case_size(const uint8_t *c, uint16_t left)
{
    uint16_t size;
    if (left < 12u)
        return 0;
    if (c[0] == 0 || c[1] == 0 || c[2] == 0 || c[3] == 0 || c[0] > EO_VEC_SPRITE_MAX || c[1] > EO_VEC_SPRITE_MAX ||
        c[2] > EO_VEC_SPRITE_MAX || c[3] > EO_VEC_SPRITE_MAX)
        return 0;
    size = (uint16_t)(12u + ((c[0] + 7u) / 8u) * c[1] + ((c[2] + 7u) / 8u) * c[3]);
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
    int16_t ax = get_i16(c + 4), ay = get_i16(c + 6), bx = get_i16(c + 8), by = get_i16(c + 10);
    uint16_t used = load_sprite(&a, 0, c[0], c[1], c + 12);
    (void)load_sprite(&b, 1, c[2], c[3], c + 12 + used);
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

uint16_t eo_vectors_run(const uint8_t *in, uint16_t in_len, uint8_t *out, uint16_t out_cap)
{
    uint16_t count, i, at = EO_VEC_HEADER_SIZE, case_size = 0, result_size;
    uint8_t module;

    if (in_len < EO_VEC_HEADER_SIZE || in[0] != 'E' || in[1] != 'O' || in[2] != 'V' || in[3] != '1')
        return 0;
    module = in[4];
    count = (uint16_t)(in[6] | ((uint16_t)in[7] << 8));
    if (module == EO_VEC_MODULE_GRIDMASK) {
        case_size = EO_VEC_GRIDMASK_CASE_SIZE;
        result_size = EO_VEC_GRIDMASK_RESULT_SIZE;
    } else if (module == EO_VEC_MODULE_AABB) {
        case_size = EO_VEC_AABB_CASE_SIZE;
        result_size = EO_VEC_AABB_RESULT_SIZE;
    } else if (module == EO_VEC_MODULE_SECTORS) {
        result_size = EO_VEC_SECTORS_RESULT_SIZE;
    } else if (module == EO_VEC_MODULE_PIXELMASK) {
        result_size = EO_VEC_PIXELMASK_RESULT_SIZE;
    } else {
        return 0;
    }
    if (out_cap < EO_VEC_HEADER_SIZE || count > (uint16_t)((out_cap - EO_VEC_HEADER_SIZE) / result_size))
        return 0;

    out[0] = 'E'; out[1] = 'O'; out[2] = 'R'; out[3] = '1';
    out[4] = module; out[5] = (uint8_t)result_size; out[6] = in[6]; out[7] = in[7];
    for (i = 0; i < count; i++) {
        uint8_t *r = out + EO_VEC_HEADER_SIZE + (uint16_t)(i * result_size);
        if (module == EO_VEC_MODULE_SECTORS)
            case_size = sectors_case_size(in + at, (uint16_t)(in_len - at));
        else if (module == EO_VEC_MODULE_PIXELMASK)
            case_size = pixelmask_case_size(in + at, (uint16_t)(in_len - at));
        if (case_size == 0 || case_size > in_len - at)
            return 0;
        if (module == EO_VEC_MODULE_GRIDMASK)
            run_gridmask_case(in + at, r);
        else if (module == EO_VEC_MODULE_AABB)
            run_aabb_case(in + at, r);
        else if (module == EO_VEC_MODULE_SECTORS)
            run_sectors_case(in + at, r);
        else
            run_pixelmask_case(in + at, r);
        at = (uint16_t)(at + case_size);
    }
    return (uint16_t)(EO_VEC_HEADER_SIZE + count * result_size);
}
