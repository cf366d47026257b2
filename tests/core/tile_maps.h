/* Tile maps drawn as text for the tiles and slopes tests: one character per tile, read through
   the attribute table set_attrs() fills. The map lives in the globals below (up to 300 x 300 tiles);
   user slope shape 0 rises 2 px per column. Include after <cmocka.h> and earlyout.h. */
#ifndef EARLYOUT_TESTS_TILE_MAPS_H
#define EARLYOUT_TESTS_TILE_MAPS_H

#define MAX_CELLS (300 * 300)
static uint8_t cells[MAX_CELLS];
static uint8_t attrs[256];
static uint8_t user_slopes[128];   /* one user shape: 2 px of rise per column (steeper than 45) */
static eo_tiles_map map;

static void set_attrs(void)
{
    memset(attrs, 0, sizeof attrs);
    attrs['#'] = EO_TILES_SOLID;
    attrs['='] = EO_TILES_ONE_WAY;
    attrs['H'] = EO_TILES_LADDER;
    attrs['^'] = EO_TILES_HAZARD;
    attrs['~'] = EO_TILES_WATER;
    attrs['x'] = 11; /* the game's own: collides like empty */
    attrs['M'] = EO_TILES_SOLID_HAZARD;
    attrs['T'] = EO_TILES_LADDER_TOP;
    attrs['N'] = EO_TILES_HALF_TOP;
    attrs['_'] = EO_TILES_HALF_BOTTOM;
    attrs['-'] = EO_TILES_ONE_WAY_HALF;
    attrs['p'] = EO_TILES_ONE_WAY_SLOPE_ATTR(EO_TILES_SLOPE_45_UP);
    attrs['q'] = EO_TILES_ONE_WAY_SLOPE_ATTR(EO_TILES_SLOPE_45_DOWN);
    attrs['r'] = EO_TILES_ONE_WAY_SLOPE_ATTR(EO_TILES_SLOPE_22_UP_LOW);
    attrs['s'] = EO_TILES_ONE_WAY_SLOPE_ATTR(EO_TILES_SLOPE_22_DOWN_HIGH);
    attrs['w'] = EO_TILES_ONE_WAY_SLOPE_ATTR(EO_TILES_SLOPE_USER);
    attrs['/'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_45_UP);
    attrs['\\'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_45_DOWN);
    attrs['a'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_UP_LOW);
    attrs['b'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_UP_HIGH);
    attrs['c'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_DOWN_HIGH);
    attrs['d'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_22_DOWN_LOW);
    attrs['u'] = EO_TILES_SLOPE_ATTR(EO_TILES_SLOPE_USER);
}

static int tile_size(void)
{
    return 1 << (map.tile_shift ? map.tile_shift : 3);
}

static void blank_map(uint16_t w, uint16_t h, uint8_t shift, uint8_t outside)
{
    int i, T;
    set_attrs();
    memset(&map, 0, sizeof map);
    memset(cells, '.', (size_t)w * h);
    map.cells = cells;
    map.attrs = attrs;
    map.width = w;
    map.height = h;
    map.tile_shift = shift;
    map.outside = outside;
    T = tile_size();
    for (i = 0; i < T; i++)
        user_slopes[i] = (uint8_t)(2 * (i + 1) > T ? T : 2 * (i + 1));
    map.slopes = user_slopes;
    map.slope_count = 1;
}

static void load(const char *const *art, uint16_t rows, uint8_t shift, uint8_t outside)
{
    uint16_t r, c, w = (uint16_t)strlen(art[0]);
    blank_map(w, rows, shift, outside);
    for (r = 0; r < rows; r++)
        for (c = 0; c < w; c++)
            cells[r * w + c] = (uint8_t)art[r][c];
    assert_int_equal(eo_tiles_check(&map), EO_OK);
}

#endif
