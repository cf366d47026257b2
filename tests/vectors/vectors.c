/* The shared vector runner (see vectors.h). Plain C99 that SDCC compiles: no stdio, no malloc. */
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

uint16_t eo_vectors_run(const uint8_t *in, uint16_t in_len, uint8_t *out, uint16_t out_cap)
{
    uint16_t count, i, need;
    if (in_len < EO_VEC_HEADER_SIZE || in[0] != 'E' || in[1] != 'O' || in[2] != 'V' || in[3] != '1')
        return 0;
    if (in[4] != EO_VEC_MODULE_GRIDMASK || out_cap < EO_VEC_HEADER_SIZE)
        return 0;
    count = (uint16_t)(in[6] | ((uint16_t)in[7] << 8));
    if (count > (uint16_t)((in_len - EO_VEC_HEADER_SIZE) / EO_VEC_GRIDMASK_CASE_SIZE))
        return 0;
    if (count > (uint16_t)((out_cap - EO_VEC_HEADER_SIZE) / EO_VEC_GRIDMASK_RESULT_SIZE))
        return 0;
    need = (uint16_t)(EO_VEC_HEADER_SIZE + count * EO_VEC_GRIDMASK_RESULT_SIZE);

    out[0] = 'E'; out[1] = 'O'; out[2] = 'R'; out[3] = '1';
    out[4] = in[4]; out[5] = 0; out[6] = in[6]; out[7] = in[7];
    for (i = 0; i < count; i++)
        run_gridmask_case(in + EO_VEC_HEADER_SIZE + (uint16_t)(i * EO_VEC_GRIDMASK_CASE_SIZE),
                          out + EO_VEC_HEADER_SIZE + (uint16_t)(i * EO_VEC_GRIDMASK_RESULT_SIZE));
    return need;
}
