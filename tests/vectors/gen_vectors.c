/* Writes a shared vector file: gen_vectors MODULE OUT.vec, MODULE one of gridmask, aabb, sectors,
   pixelmask, tiles, query, raycast; tiles_sweep (the swept moves and the tile kinds of issue 11, module 5 format); tiles16 (the
   int16-world tiles cases); gridmask_wide,
   aabb_wide, pixelmask_wide (32-bit coordinate fields: +-1,000,000 and the int32 edges).
   Hand-picked edge cases first, then random cases from a fixed seed. Deterministic:
   `make test-vectors` regenerates each file and checks it equals the committed one. Sizes are
   kept small enough for the MSX ROM. Formats: tests/vectors/vectors.h. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RANDOM_CASES 300

static FILE *out;

static uint32_t rng_state = 0xEA51u; /* xorshift32, fixed seed */
static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}
static int16_t rng_range(int lo, int hi) /* inclusive */
{
    return (int16_t)(lo + (int)(rng() % (uint32_t)(hi - lo + 1)));
}

typedef struct { uint8_t layout, method; int16_t a[4], b[4]; } vcase;

static vcase cases[1024];
static unsigned ncases;

static void add(uint8_t layout, uint8_t method, int ax, int ay, int aw, int ah, int bx, int by, int bw, int bh)
{
    vcase *c = &cases[ncases++];
    c->layout = layout; c->method = method;
    c->a[0] = (int16_t)ax; c->a[1] = (int16_t)ay; c->a[2] = (int16_t)aw; c->a[3] = (int16_t)ah;
    c->b[0] = (int16_t)bx; c->b[1] = (int16_t)by; c->b[2] = (int16_t)bw; c->b[3] = (int16_t)bh;
}

static void put16(FILE *f, int16_t v)
{
    fputc((uint16_t)v & 0xFF, f);
    fputc(((uint16_t)v >> 8) & 0xFF, f);
}

static int coord32; /* 1: a wide file, 32-bit coordinate fields (header byte 5 = 4) */

static void header(unsigned module, unsigned count)
{
    fputs("EOV1", out);
    fputc((int)module, out);
    fputc(coord32 ? 4 : 0, out);
    put16(out, (int16_t)count);
}

static void put32(FILE *f, long long v)
{
    uint32_t u = (uint32_t)v;
    fputc((int)(u & 0xFF), f);
    fputc((int)((u >> 8) & 0xFF), f);
    fputc((int)((u >> 16) & 0xFF), f);
    fputc((int)(u >> 24), f);
}

/* A coordinate field: 16 bits, or 32 in a wide file. */
static void putc16or32(long long v)
{
    if (coord32)
        put32(out, v);
    else
        put16(out, (int16_t)v);
}

/* Wide files: coordinates biased to the int32 edges, +-1,000,000 and 0; sizes to tiny, huge, empty. */
static long long wide_coord(void)
{
    switch (rng() % 12u) {
    case 0: return INT32_MIN;
    case 1: return (long long)INT32_MIN + 1;
    case 2: return (long long)INT32_MIN + (long long)(rng() % 64u);
    case 3: return -1000000;
    case 4: return -1;
    case 5: return 0;
    case 6: return 1000000 + (long long)(rng() % 64u) - 32;
    case 7: return (long long)INT32_MAX - (long long)(rng() % 64u);
    case 8: return INT32_MAX - 1;
    case 9: return INT32_MAX;
    default: return (long long)(int32_t)rng();
    }
}
static long long wide_size(void)
{
    switch (rng() % 8u) {
    case 0: return 1;
    case 1: return 1 + (long long)(rng() % 70u);
    case 2: return INT32_MAX;
    case 3: return INT32_MAX / 2;
    case 4: return 2000000;
    case 5: return 0;
    case 6: return -5;
    default: return (long long)(rng() & 0x7FFFFFFFu);
    }
}

static void gen_gridmask(void)
{
    static const int screen_w[3] = { 256, 256, 1024 }, screen_h[3] = { 192, 192, 768 };
    unsigned i, k;
    uint8_t layout, method;
    for (layout = 0; layout < 3; layout++) {
        int W = screen_w[layout], H = screen_h[layout];
        for (method = 0; method < 2; method++) {
            add(layout, method, 10, 10, 16, 16, 20, 20, 16, 16);          /* same cell */
            add(layout, method, 0, 0, 16, 16, 200, 150, 16, 16);          /* far apart */
            add(layout, method, 16, 40, 16, 16, 32, 40, 16, 16);          /* touching at a border */
            add(layout, method, 31, 31, 1, 1, 32, 32, 1, 1);              /* diagonal neighbours */
            add(layout, method, 0, 50, 200, 8, 100, 40, 8, 30);          /* wide box: endpoints hole */
            add(layout, method, 50, 0, 8, 180, 40, 90, 30, 8);            /* tall box: endpoints hole */
            add(layout, method, W - 16, 10, 32, 8, 0, 10, 8, 8);          /* 8-bit x + w would wrap */
            add(layout, method, W - 1, H - 1, 1, 1, W - 1, H - 1, 1, 1);  /* last pixel */
            add(layout, method, W, 10, 8, 8, W + 20, 10, 8, 8);           /* both past the right edge */
            add(layout, method, -20, 10, 8, 8, -15, 12, 8, 8);            /* both before the left edge */
            add(layout, method, -8, 10, 8, 8, 0, 10, 8, 8);               /* ends at -1: off-screen */
            add(layout, method, -8, 10, 9, 8, 0, 10, 8, 8);               /* ends at 0: on screen */
            add(layout, method, 10, 10, 0, 8, 10, 10, 8, 8);              /* zero width */
            add(layout, method, 10, 10, 8, -5, 10, 10, 8, 8);             /* negative height */
            add(layout, method, -32768, -32768, 32767, 32767, 0, 0, 1, 1); /* extremes, ends at -2 */
            add(layout, method, -32768, -32768, 32767, 32767, -2, -2, 1, 1);
            add(layout, method, 32767, 32767, 32767, 32767, 32767, 0, 1, 32767);
            add(layout, method, -100, -100, 32767, 32767, 5, 5, 1, 1);    /* covers the screen */
        }
    }
    add(3, 0, 10, 10, 8, 8, 10, 10, 8, 8);  /* invalid layout */
    add(1, 2, 10, 10, 8, 8, 10, 10, 8, 8);  /* invalid method */

    for (k = 0; k < RANDOM_CASES; k++) {
        int W, H, big;
        layout = (uint8_t)(rng() % 3u);
        method = (uint8_t)(rng() % 2u);
        W = screen_w[layout]; H = screen_h[layout];
        big = (rng() % 8u) == 0; /* now and then a box wider than several cells */
        add(layout, method,
            rng_range(-64, W + 32), rng_range(-64, H + 32), rng_range(-2, big ? W : 72), rng_range(-2, big ? H : 72),
            rng_range(-64, W + 32), rng_range(-64, H + 32), rng_range(-2, big ? W : 72), rng_range(-2, big ? H : 72));
    }

    header(1, ncases);
    for (i = 0; i < ncases; i++) {
        fputc(cases[i].layout, out);
        fputc(cases[i].method, out);
        for (k = 0; k < 4; k++) put16(out, cases[i].a[k]);
        for (k = 0; k < 4; k++) put16(out, cases[i].b[k]);
    }
}

static void aabb_boxes(int order, long long ax, long long ay, long long aw, long long ah, long long bx, long long by,
                       long long bw, long long bh)
{
    fputc(0, out);
    fputc(order, out);
    putc16or32(ax); putc16or32(ay); putc16or32(aw); putc16or32(ah);
    putc16or32(bx); putc16or32(by); putc16or32(bw); putc16or32(bh);
}

static void aabb_circles(long long ax, long long ay, int ar, long long bx, long long by, int br)
{
    fputc(1, out);
    fputc(0, out);
    putc16or32(ax); putc16or32(ay); putc16or32(ar);
    putc16or32(bx); putc16or32(by); putc16or32(br);
    putc16or32(0); putc16or32(0);
}

/* aabb_wide.vec: boxes and circles at +-1,000,000 and the int32 edges. */
static void gen_aabb_wide(void)
{
    enum { BOXES = 400, CIRCLES = 120 };
    int k;
    coord32 = 1;
    header(2, 8 + BOXES + CIRCLES);
    aabb_boxes(0, INT32_MAX, 0, INT32_MAX, 10, INT32_MIN, 0, 10, 10);      /* 32-bit x + w would wrap */
    aabb_boxes(1, INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX, -2, -2, 1, 1); /* ends at -2 */
    aabb_boxes(0, INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX, -1, -1, 1, 1);
    aabb_boxes(1, 1000000, -1000000, 10, 10, 1000009, -999991, 5, 5);      /* one pixel shared */
    aabb_boxes(0, 1000000, -1000000, 10, 10, 1000010, -1000000, 5, 5);     /* touching */
    aabb_circles(INT32_MIN, INT32_MIN, 16383, INT32_MAX, INT32_MAX, 16383);
    aabb_circles(1000000, 0, 16383, 1000000 + 32765, 0, 16383);          /* reach 32766, dx 32765 */
    aabb_circles(INT32_MAX - 20, INT32_MIN, 16383, INT32_MAX, INT32_MIN + 3, 10);
    for (k = 0; k < BOXES; k++) {
        long long ax = wide_coord(), ay = wide_coord();
        int near = k % 3 == 0; /* the other box near this one, so the pair often overlaps */
        aabb_boxes(k % 2, (int)ax, (int)ay, (int)wide_size(), (int)wide_size(),
                   near ? (int)(int32_t)(uint32_t)(ax + (long long)(rng() % 41u) - 20) : (int)wide_coord(),
                   near ? (int)(int32_t)(uint32_t)(ay + (long long)(rng() % 41u) - 20) : (int)wide_coord(),
                   (int)wide_size(), (int)wide_size());
    }
    for (k = 0; k < CIRCLES; k++) {
        long long ax = wide_coord(), ay = wide_coord();
        aabb_circles(ax, ay, (int)(rng() % 16384u), k % 2 ? wide_coord() : (long long)(int32_t)(uint32_t)(ax + (long long)(rng() % 60001u) - 30000),
                     k % 3 ? wide_coord() : (long long)(int32_t)(uint32_t)(ay + (long long)(rng() % 60001u) - 30000), (int)(rng() % 16384u));
    }
}

/* gridmask_wide.vec: the three layouts, both methods, boxes at the int32 edges. */
static void gen_gridmask_wide(void)
{
    enum { CASES = 600 };
    int k;
    coord32 = 1;
    header(1, CASES);
    for (k = 0; k < CASES; k++) {
        long long ax = wide_coord(), ay = wide_coord();
        fputc(k % 3, out);
        fputc((k / 3) % 2, out);
        putc16or32(ax); putc16or32(ay); putc16or32(wide_size()); putc16or32(wide_size());
        if (k % 4 == 0) { /* near the first box, on screen or off it */
            putc16or32((int32_t)(uint32_t)(ax + (long long)(rng() % 200u) - 100));
            putc16or32((int32_t)(uint32_t)(ay + (long long)(rng() % 200u) - 100));
        } else {
            putc16or32(k % 4 == 1 ? (long long)(rng() % 1200u) - 100 : wide_coord());
            putc16or32(k % 4 == 1 ? (long long)(rng() % 900u) - 100 : wide_coord());
        }
        putc16or32(wide_size()); putc16or32(wide_size());
    }
}

static void gen_aabb(void)
{
    enum { FIXED = 2 * 12 + 10, RANDOM_BOXES = 240, RANDOM_CIRCLES = 120 };
    int order, k;
    header(2, FIXED + RANDOM_BOXES + RANDOM_CIRCLES);
    for (order = 0; order < 2; order++) {
        aabb_boxes(order, 0, 0, 10, 10, 10, 0, 10, 10);          /* touching on X */
        aabb_boxes(order, 0, 0, 10, 10, 9, 9, 10, 10);           /* one pixel shared */
        aabb_boxes(order, 0, 0, 10, 10, 5, 50, 10, 10);          /* apart on Y only */
        aabb_boxes(order, 0, 0, 10, 10, 50, 5, 10, 10);          /* apart on X only */
        aabb_boxes(order, 5, 50, 10, 10, 0, 0, 10, 10);          /* B above A */
        aabb_boxes(order, -100, -100, 1000, 1000, 5, 5, 1, 1);   /* containment */
        aabb_boxes(order, 0, 0, 0, 10, 0, 0, 10, 10);            /* empty */
        aabb_boxes(order, 32767, 0, 32767, 10, -32768, 0, 10, 10); /* 16-bit x + w would wrap */
        aabb_boxes(order, -32768, -32768, 32767, 32767, -2, -2, 1, 1);
        aabb_boxes(order, -32768, -32768, 32767, 32767, -1, -1, 1, 1);
        aabb_boxes(order, 0, 0, -32768, 5, 0, 0, 5, 5);
        aabb_boxes(order, 100, 100, 20, 20, 119, 119, 5, 5);
    }
    aabb_circles(0, 0, 10, 20, 0, 10);        /* touching */
    aabb_circles(0, 0, 10, 19, 0, 10);
    aabb_circles(0, 0, 10, 14, 14, 10);       /* 392 < 400 */
    aabb_circles(0, 0, 10, 15, 14, 10);       /* boxes overlap, circles do not */
    aabb_circles(0, 0, 5, 3, 4, 0);           /* point on the rim */
    aabb_circles(0, 0, 6, 3, 4, 0);
    aabb_circles(0, 0, -1, 3, 4, 0);          /* bad radius */
    aabb_circles(0, 0, 16384, 3, 4, 0);       /* bad radius */
    aabb_circles(-32768, -32768, 16383, 32767, 32767, 16383);
    aabb_circles(-10000, 0, 16383, 22766, 0, 16383); /* reach 32766, dx 32766: touching */
    for (k = 0; k < RANDOM_BOXES; k++) {
        int wide = k % 5 == 0;
        aabb_boxes(k % 2, rng_range(-40, 140), rng_range(-40, 140), rng_range(-2, wide ? 30000 : 60), rng_range(-2, 60),
                   rng_range(-40, 140), rng_range(-40, 140), rng_range(-2, 60), rng_range(-2, wide ? 30000 : 60));
    }
    for (k = 0; k < RANDOM_CIRCLES; k++)
        aabb_circles(rng_range(-200, 200), rng_range(-200, 200), rng_range(0, 120),
                     rng_range(-200, 200), rng_range(-200, 200), rng_range(0, 120));
}

/* One scene: config, n objects, optional layers, a move per object. */
static void scene(int wx, int wy, int ww, int wh, int cols, int rows, int max_entries, int n, int flags,
                  int kind)
{
    int i;
    put16(out, (int16_t)wx); put16(out, (int16_t)wy); put16(out, (int16_t)ww); put16(out, (int16_t)wh);
    fputc(cols, out); fputc(rows, out); put16(out, (int16_t)max_entries);
    fputc(n, out); fputc(flags, out);
    for (i = 0; i < n; i++) {
        int x, y, w, h;
        if (kind == 0) {            /* the article's war zone: rows of soldiers, bullets between */
            if (i < 24) { x = 16 + (i % 8) * 28; y = 24 + (i / 8) * 56; w = 16; h = 16; }
            else { x = rng_range(0, 250); y = rng_range(0, 186); w = 2; h = 6; }
        } else if (kind == 1) {     /* uniform */
            x = rng_range(wx - 20, wx + ww); y = rng_range(wy - 20, wy + wh); w = rng_range(1, 40); h = rng_range(1, 40);
        } else if (kind == 2) {     /* clustered */
            x = 100 + rng_range(-30, 30); y = 80 + rng_range(-30, 30); w = rng_range(4, 20); h = rng_range(4, 20);
        } else {                    /* edge cases: big, empty, outside, on borders */
            switch (i % 6) {
            case 0: x = rng_range(0, 100); y = rng_range(0, 100); w = rng_range(100, 300); h = rng_range(80, 200); break;
            case 1: x = rng_range(0, 200); y = rng_range(0, 150); w = rng_range(-3, 0); h = 10; break;
            case 2: x = rng_range(-300, -1); y = rng_range(-300, 400); w = rng_range(1, 300); h = 20; break;
            case 3: x = (ww / cols) * rng_range(0, cols); y = (wh / rows) * rng_range(0, rows); w = 8; h = 8; break;
            case 4: x = rng_range(ww, 32000); y = rng_range(wh, 32000); w = 32767; h = 32767; break;
            default: x = rng_range(0, 250); y = rng_range(0, 180); w = rng_range(1, 20); h = rng_range(1, 20);
            }
        }
        put16(out, (int16_t)x); put16(out, (int16_t)y); put16(out, (int16_t)w); put16(out, (int16_t)h);
    }
    if (flags & 1)
        for (i = 0; i < n; i++) {   /* soldiers (1) vs bullets (2): bullets ignore bullets */
            int bullet = kind == 0 ? i >= 24 : (int)(rng() % 3u) == 0;
            put16(out, (int16_t)(bullet ? 2 : 1));
            put16(out, (int16_t)(bullet ? 1 : 3));
        }
    for (i = 0; i < n; i++) {
        int still = rng() % 3u == 0;
        fputc(still ? 0 : (uint8_t)(int8_t)rng_range(-12, 12), out);
        fputc(still ? 0 : (uint8_t)(int8_t)rng_range(-12, 12), out);
    }
}

static void gen_sectors(void)
{
    static const int shapes[][2] = { { 2, 2 }, { 1, 4 }, { 4, 1 }, { 8, 6 }, { 4, 4 }, { 16, 12 }, { 3, 5 }, { 1, 1 } };
    int s, k, count = 0;
    header(3, 4 + 4 * 8);
    scene(0, 0, 256, 192, 2, 2, 128, 32, 0, 0);   /* the article's 32-object scene, quadrants */
    scene(0, 0, 256, 192, 8, 6, 160, 32, 1, 0);   /* same with layers, 8 x 6 */
    scene(0, 0, 256, 192, 1, 8, 96, 32, 3, 0);    /* horizontal strips, sweep along Y */
    scene(0, 0, 256, 192, 16, 12, 40, 32, 0, 3);  /* edge cases with too few entries: refused */
    count = 4;
    for (k = 1; k <= 4; k++)
        for (s = 0; s < 8; s++, count++)
            scene(rng_range(-50, 50), rng_range(-50, 50), rng_range(64, 400), rng_range(64, 300),
                  shapes[s][0], shapes[s][1], 255, (int)(4 + rng() % 29u), (int)(rng() % 4u), k % 4);
    (void)count;
}

/* A sprite: w x h, filled by `kind` (0 empty, 1 full, 2 random at density/100, 3 a ring), bit-packed. */
static void sprite(int w, int h, int kind, int density)
{
    int y;
    for (y = 0; y < h; y++) {
        int row_bytes = (w + 7) / 8, k;
        for (k = 0; k < row_bytes; k++) {
            int byte = 0, i;
            for (i = 0; i < 8; i++) {
                int px = 8 * k + i, on;
                if (px >= w) break;
                if (kind == 0) on = 0;
                else if (kind == 1) on = 1;
                else if (kind == 2) on = (int)(rng() % 100u) < density;
                else on = px == 0 || y == 0 || px == w - 1 || y == h - 1;
                byte |= on << i;
            }
            fputc(byte, out);
        }
    }
}

static void pair(int wa, int ha, int ka, int wb, int hb, int kb, long long ax, long long ay, long long bx, long long by, int density)
{
    fputc(wa, out); fputc(ha, out); fputc(wb, out); fputc(hb, out);
    putc16or32(ax); putc16or32(ay); putc16or32(bx); putc16or32(by);
    sprite(wa, ha, ka, density);
    sprite(wb, hb, kb, density);
}

static void gen_pixelmask(void)
{
    static const int sizes[] = { 1, 7, 8, 9, 16, 31, 32 };
    enum { RANDOM = 90 };
    int i, count = 0;
    header(4, 7 * 4 + 8 + RANDOM);
    for (i = 0; i < 7; i++, count += 4) {
        int s = sizes[i];
        pair(s, s, 1, s, s, 1, 100, 50, 100 + s - 1, 50, 0);       /* offset +(w-1): one column */
        pair(s, s, 1, s, s, 1, 100, 50, 100 - s + 1, 50 + s - 1, 0); /* -(w-1), one corner pixel */
        pair(s, s, 1, s, s, 1, 100, 50, 100 + s, 50, 0);           /* touching: no overlap */
        pair(s, 2, 3, s, 2, 3, -40, -3, -40, -3, 0);              /* rings on top of each other */
    }
    pair(32, 32, 3, 8, 8, 1, 0, 0, 12, 12, 0);       /* small square inside a ring: boxes overlap, pixels do not */
    pair(32, 32, 0, 32, 32, 1, 0, 0, 0, 0, 0);       /* empty mask */
    pair(1, 1, 1, 1, 1, 1, 5, 5, 5, 5, 0);           /* 1 x 1 */
    pair(32, 16, 1, 32, 16, 1, 0, 0, 8, 0, 0);       /* whole-byte offset */
    pair(32, 16, 1, 32, 16, 1, 0, 0, 32, 0, 0);      /* a full word apart: touching */
    pair(17, 5, 2, 23, 9, 2, 32760, 0, 32766, 2, 60); /* at the int16 edge */
    pair(17, 5, 2, 23, 9, 2, -32768, -32768, -32760, -32766, 60);
    pair(30, 30, 2, 30, 30, 2, 0, 0, 200, 200, 50);  /* far apart */
    count += 8;
    for (i = 0; i < RANDOM; i++, count++) {
        int wa = 1 + (int)(rng() % 32u), ha = 1 + (int)(rng() % 32u), wb = 1 + (int)(rng() % 32u), hb = 1 + (int)(rng() % 32u);
        int ax = rng_range(-100, 100), ay = rng_range(-100, 100);
        pair(wa, ha, 2, wb, hb, 2, ax, ay, ax + rng_range(-wb, wa), ay + rng_range(-hb, ha), (int)(rng() % 40u));
    }
    (void)count;
}

/* pixelmask_wide.vec: sprite pairs at +-1,000,000 and at the int32 edges (one reaching past
   INT32_MAX, whose first contact does not fit: found 0, as the core reports it). */
static void gen_pixelmask_wide(void)
{
    enum { RANDOM = 90 };
    int i;
    coord32 = 1;
    header(4, 6 + RANDOM);
    pair(17, 5, 2, 23, 9, 2, INT32_MAX - 16, 0, INT32_MAX - 22, 2, 60);   /* at the int32 edge */
    pair(17, 5, 2, 23, 9, 2, INT32_MIN, INT32_MIN, INT32_MIN + 8, INT32_MIN + 2, 60);
    pair(16, 4, 1, 16, 4, 1, INT32_MAX - 3, 0, INT32_MIN, 0, 0);          /* wrap apart: never meet */
    pair(16, 4, 3, 16, 4, 1, INT32_MAX, 0, INT32_MAX, 0, 0);              /* contact past INT32_MAX */
    pair(32, 32, 2, 32, 32, 2, 1000000, -1000000, 1000010, -999990, 50);
    pair(32, 32, 2, 32, 32, 2, -1000000, 1000000, -999969, 1000031, 50); /* one corner pixel */
    for (i = 0; i < RANDOM; i++) {
        int wa = 1 + (int)(rng() % 32u), ha = 1 + (int)(rng() % 32u), wb = 1 + (int)(rng() % 32u), hb = 1 + (int)(rng() % 32u);
        long long ax = i % 2 ? wide_coord() : (long long)(rng() % 2000001u) - 1000000, ay = wide_coord();
        pair(wa, ha, 2, wb, hb, 2, ax, ay, (int32_t)(uint32_t)(ax + rng_range(-wb, wa)), (int32_t)(uint32_t)(ay + rng_range(-hb, ha)),
             (int)(rng() % 40u));
    }
}

/* ---- tiles: maps drawn as text (tile ids 0 .. 15, the characters below), then cases ---------- */
static const char tile_chars[] = ".#=H^~/\\abcduxvo"; /* id = position */
/* attrs of ids 0 .. 15: empty, solid, one-way, ladder, hazard, water, the six built-in slopes,
   user shape 0 ('u'), the game's own 11 ('x': collides like empty), user shape 1 ('v'), 15 ('o')
   (the game's own were 9 and 7 until those became kinds: the answers did not change) */
static const uint8_t tile_attrs[16] = { 0, 1, 2, 3, 4, 5, 16, 17, 18, 19, 20, 21, 22, 11, 23, 15 };
static const uint8_t user_heights[2][8] = { { 2, 4, 6, 8, 8, 8, 8, 8 }, { 3, 5, 6, 7, 7, 6, 5, 3 } };

static const char *const features_art[24] = {
    "................................",
    "................................",
    "................................",
    "..............#####.............",
    "................................",
    "................................",
    ".====...........................",
    "................................",
    ".====...........................",
    "................................",
    ".====.......................xo..",
    "................................",
    "............#...HHHH............",
    "............#...HHHH............",
    "............#...HHHH............",
    "........#...#...HHHH............",
    "............#...HHHH............",
    "............#...HHHH......~~~~~.",
    "............#...HHHH......~~~~~.",
    "............#...HHHH......~~~~~.",
    "............#...HHHH..^^^.~~~~~.",
    "################################",
    "################################",
    "################################",
};

static const char *const slopes_art[24] = {
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "..#.............................",
    "..#.............................",
    "..#.............................",
    "..#...................u#........",
    "..#....../\\.........ab##cd.....#",
    "..#...../##\\......ab######cd...#",
    "..#..../####\\/\\.ab##########cdv#",
    "################################",
    "################################",
    "################################",
};

/* The tile kinds of issue 11 (tiles.h, "Tile kinds"), a map of its own with its own 16 ids:
   M spike block, T ladder top, N half top, _ half bottom, - one-way half, and one-way slopes
   p (45 up), q (45 down), r s (22.5 up, low and high), w (user shape 0). */
static const char kinds_chars[] = ".#=H^~MTN_-pqrsw"; /* id = position */
static const uint8_t kinds_attrs[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 136, 137, 138, 139, 142 };

static const char *const kinds_art[24] = {
    "................................",
    "................................",
    "................................",
    "....MM..........................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "................................",
    "...........T......---...........",
    "...........H......===...........",
    "...........H....................",
    "...........H...............pq...",
    "...........H......---...........",
    "........M..H..NN................",
    "........M..H....................",
    "........M..H....................",
    "..MMMM..M..H..__.......pq.rsw...",
    "################################",
    "################################",
    "################################",
};

static uint8_t tile_id(char ch)
{
    const char *p = strchr(tile_chars, ch);
    if (ch == 0 || p == NULL) {
        fprintf(stderr, "gen_vectors: no tile for '%c'\n", ch);
        exit(2);
    }
    return (uint8_t)(p - tile_chars);
}

typedef struct tmap {
    unsigned width, height, shift, outside, rows, slopes, from;
    uint8_t attrs[16];
    uint8_t heights[2][8];
    uint8_t cells[768];
} tmap;
static tmap tmaps[24];
static unsigned ntmaps;

static unsigned map_new(unsigned w, unsigned h, unsigned shift, unsigned outside, unsigned rows,
                        unsigned slopes, unsigned from)
{
    tmap *m = &tmaps[ntmaps];
    memset(m, 0, sizeof *m);
    m->width = w; m->height = h; m->shift = shift; m->outside = outside; m->rows = rows;
    m->slopes = slopes; m->from = from;
    memcpy(m->attrs, tile_attrs, 16);
    if (slopes < 1) m->attrs[12] = 0; /* no user shapes: 'u' and 'v' are empty */
    if (slopes < 2) m->attrs[14] = 0;
    memcpy(m->heights, user_heights, sizeof user_heights);
    return ntmaps++;
}

static unsigned map_art(const char *const *art, unsigned outside, unsigned rows)
{
    unsigned k = map_new(32, 24, 3, outside, rows, 2, 0xFF), r, c;
    for (r = 0; r < 24; r++)
        for (c = 0; c < 32; c++)
            tmaps[k].cells[r * 32 + c] = tile_id(art[r][c]);
    return k;
}

/* The kinds map: kinds_art through kinds_chars and kinds_attrs. */
static unsigned map_kinds(unsigned outside)
{
    unsigned k = map_new(32, 24, 3, outside, 0, 1, 0xFF), r, c;
    memcpy(tmaps[k].attrs, kinds_attrs, 16);
    for (r = 0; r < 24; r++)
        for (c = 0; c < 32; c++) {
            const char *p = strchr(kinds_chars, kinds_art[r][c]);
            if (p == NULL) {
                fprintf(stderr, "gen_vectors: no kind for '%c'\n", kinds_art[r][c]);
                exit(2);
            }
            tmaps[k].cells[r * 32 + c] = (uint8_t)(p - kinds_chars);
        }
    return k;
}

/* ~30% solid, with slopes (on solid ground), one-ways, ladders, hazards and water. */
static unsigned map_random(unsigned w, unsigned h, unsigned shift, unsigned outside, unsigned rows, unsigned slopes)
{
    unsigned k = map_new(w, h, shift, outside, rows, slopes, 0xFF), i;
    uint8_t *cl = tmaps[k].cells;
    for (i = 0; i < w * h; i++) {
        unsigned p = rng() % 100u, shape = (unsigned)(rng() % (6u + slopes));
        cl[i] = p < 27 ? 1 : p < 33 ? (uint8_t)(shape < 6 ? 6 + shape : shape == 6 ? 12 : 14)
              : p < 37 ? 2 : p < 40 ? 3 : p < 42 ? 4 : p < 44 ? 5 : p < 45 ? 13 : 0;
    }
    return k;
}

static void write_maps(void)
{
    unsigned k, i;
    fputc((int)ntmaps, out);
    for (k = 0; k < ntmaps; k++) {
        tmap *m = &tmaps[k];
        put16(out, (int16_t)m->width); put16(out, (int16_t)m->height);
        fputc((int)m->shift, out); fputc((int)m->outside, out); fputc((int)m->rows, out);
        fputc((int)m->slopes, out); fputc((int)m->from, out);
        fwrite(m->attrs, 1, 16, out);
        for (i = 0; i < m->slopes; i++)
            fwrite(m->heights[i], 1, 8, out);
        if (m->from == 0xFF) {
            unsigned n = m->width * m->height > 768 ? 768 : m->width * m->height;
            for (i = 0; i < n; i += 2)
                fputc(m->cells[i] | (i + 1 < n ? m->cells[i + 1] << 4 : 0), out);
        }
    }
}

enum { T_MOVE, T_WALK, T_PROBE, T_TOUCH, T_GROUND, T_BOXGROUND, T_MOVER, T_SWEEP, T_SLOPES_MOVE };
static unsigned char tcases[1200][17];
static unsigned char tedge[1200];
static unsigned char tkinds[1200]; /* 1: a case of the tile kinds: it goes to tiles_sweep.vec */
static unsigned ntcases;
/* Cases whose answer depends on the world ending at the int16 edge (32767): they go to tiles16.vec,
   which only the 16-bit builds run (the MSX ROM and the native EO_COORD_BITS=16 runner); tiles.vec
   holds the rest, the same answers with 16-bit and 32-bit coordinates (all three targets). */
static int tiles_int16; /* 1: writing tiles16.vec */
static int tiles_sweep; /* 1: writing tiles_sweep.vec (the swept moves and eo_slopes_move: their
                           results would not fit the MSX's RAM beside tiles.vec's) */
static int edge16;      /* 1 while generating int16-world cases */
static int kinds_case;     /* 1 while generating the tile kinds' cases: tiles_sweep.vec holds them too
                           (tiles.vec's results fill the MSX's RAM) */

static void tcase(unsigned map, unsigned op, int x, int y, int w, int h, int dx, int dy, unsigned a, unsigned b, unsigned c)
{
    unsigned char *p = tcases[ntcases];
    int v[6] = { x, y, w, h, dx, dy }, i;
    tkinds[ntcases] = (unsigned char)kinds_case;
    tedge[ntcases++] = (unsigned char)edge16;
    p[0] = (unsigned char)map; p[1] = (unsigned char)op;
    for (i = 0; i < 6; i++) {
        p[2 + 2 * i] = (unsigned char)((uint16_t)(int16_t)v[i] & 0xFF);
        p[3 + 2 * i] = (unsigned char)((uint16_t)(int16_t)v[i] >> 8);
    }
    p[14] = (unsigned char)a; p[15] = (unsigned char)b; p[16] = (unsigned char)c;
}

/* Every tile the box overlaps is empty (id 0) in map mp's own cells. */
static int tiles_empty(unsigned mp, int x, int y, int w, int h)
{
    int T = tmaps[mp].shift == 4 ? 16 : 8, c, r;
    for (r = y / T; r <= (y + h - 1) / T; r++)
        for (c = x / T; c <= (x + w - 1) / T; c++)
            if (tmaps[mp].cells[(unsigned)r * tmaps[mp].width + (unsigned)c] != 0)
                return 0;
    return 1;
}

#define DROP 1
#define POS_ONLY 2
#define CORNERS 4
#define SLIDE 8

/* In the file of the swept moves: the sweeps, eo_slopes_move's cases and the tile kinds' cases. */
static int in_sweep_file(unsigned i)
{
    return tcases[i][1] >= T_SWEEP || tkinds[i];
}

static void gen_tiles(void)
{
    unsigned feat, slo, fe, fo, so, k, m, i, first_random, last_random, bad0, bad1, wide, kinds;
    int x;

    ntmaps = 0;
    feat = map_art(features_art, 0, 0);          /* outside solid */
    slo = map_art(slopes_art, 0, 1);             /* with the row table */
    fe = map_new(32, 24, 3, 1, 0, 2, feat);      /* the same cells, outside empty */
    fo = map_new(32, 24, 3, 2, 0, 2, feat);      /* outside open at the top */
    so = map_new(32, 24, 3, 2, 0, 2, slo);
    first_random = ntmaps;
    for (k = 0; k < 8; k++)
        (void)map_random(32, 24, k % 2 ? 3 : 0, k % 3, k % 4 == 1, k % 3 == 0 ? 0 : k % 3 == 1 ? 1 : 2);
    (void)map_random(24, 16, 4, 0, 0, 0);        /* 16 px tiles */
    last_random = ntmaps - 1;
    bad0 = ntmaps;
    (void)map_new(32, 24, 2, 0, 0, 0, feat);     /* tile_shift too small */
    (void)map_new(32, 24, 8, 0, 0, 0, feat);     /* too large */
    (void)map_new(0, 24, 3, 0, 0, 0, feat);      /* no columns */
    (void)map_new(32, 0, 3, 0, 0, 0, feat);      /* no rows */
    wide = ntmaps;
    if (tiles_int16)
        (void)map_new(4097, 1, 3, 0, 0, 0, feat);    /* wider than the int16 world in 8 px tiles */
    else
        (void)map_new(32, 24, 3, 4, 0, 0, feat);     /* (that slot in 32-bit worlds: another bad policy) */
    (void)map_new(32, 24, 3, 3, 0, 0, feat);     /* no such outside policy */
    m = map_new(32, 24, 3, 0, 0, 1, slo);        /* a user height above the tile size */
    tmaps[m].heights[0][3] = 9;
    m = map_new(32, 24, 3, 0, 0, 2, slo);        /* an attr naming a slope shape that does not exist */
    tmaps[m].attrs[15] = 16 + 6 + 2;
    (void)map_new(300, 300, 3, 0, 1, 0, feat);   /* a row table on more than 65536 cells */
    bad1 = ntmaps - 1;
    kinds = map_kinds(1);                        /* the tile kinds, outside empty */

    ntcases = 0;
    /* features: floor top y = 168; wall column 12 (x 96..103) rows 12..20; one-ways rows 6, 8, 10
       cols 1..4; a one-tile floor at col 8 row 15; ladder cols 16..19 rows 12..20; hazard cols
       22..24 row 20; water cols 26..30 rows 17..20; a ceiling block cols 14..18 row 3 */
    for (k = 0; k < 2; k++) {
        unsigned fl = k ? CORNERS : 0;
        tcase(feat, T_MOVE, 70, 152, 16, 16, 40, 0, fl, 0, 0);      /* into the wall */
        tcase(feat, T_MOVE, 92, 60, 16, 16, 0, 40, fl, 0, 0);       /* onto the wall's top, between corners */
        tcase(feat, T_MOVE, 40, 112, 8, 24, 40, 0, fl, 0, 0);       /* a tall box past the one-tile block */
        tcase(feat, T_MOVE, 130, 40, 16, 16, -60, 0, fl, 0, 0);
        tcase(feat, T_MOVE, 60, 0, 24, 24, 0, 200, fl, 0, 0);       /* fast fall onto the one-tile floor */
    }
    tcase(feat, T_MOVE, 16, 96, 8, 8, 0, -30, 0, 0, 0);             /* one-way from below: passes */
    tcase(feat, T_MOVE, 16, 50, 8, 8, 0, 20, 0, 0, 0);              /* from above: lands at y 56 */
    tcase(feat, T_MOVE, 16, 50, 8, 8, 0, 20, DROP, 0, 0);           /* dropping through */
    tcase(feat, T_MOVE, 16, 50, 8, 8, 0, 200, DROP, 0, 0);
    tcase(feat, T_MOVE, 16, 56, 8, 8, 0, -20, 0, 0, 0);             /* stacked: jump through the one above */
    tcase(feat, T_MOVE, 16, 60, 8, 8, 0, 10, 0, 0, 0);              /* bottom already inside: falls on */
    tcase(feat, T_MOVE, 16, 40, 8, 8, 0, 0, 0, 0, 0);               /* standing on the one-way: on_ground */
    tcase(feat, T_MOVE, 16, 40, 8, 8, 0, 0, DROP, 0, 0);            /* with DROP: no ground (the next move falls) */
    tcase(feat, T_WALK, 16, 40, 8, 8, 2, 0, 1, DROP, 0);
    tcase(feat, T_MOVE, 16, 55, 8, 8, 0, 1, 0, 0, 0);
    tcase(feat, T_MOVE, 16, 56, 8, 8, 0, 1, 0, 0, 0);
    tcase(feat, T_MOVE, 16, 40, 8, 16, 0, 8, 0, 0, 0);              /* tall box between stacked platforms */
    tcase(feat, T_MOVE, 38, 56, 8, 8, 10, 0, 0, 0, 0);              /* walking off a platform's end */
    tcase(feat, T_MOVE, 64, 0, 8, 8, 0, 32767, 0, 0, 0);            /* the longest fall */
    tcase(feat, T_MOVE, 64, 0, 8, 8, 0, 32767, POS_ONLY, 0, 0);
    tcase(feat, T_MOVE, 132, 80, 8, 16, 0, 5, 0, 0, 0);             /* on the ladder top */
    tcase(feat, T_MOVE, 132, 80, 8, 16, 0, 5, DROP, 0, 0);          /* climbing down into it */
    tcase(feat, T_MOVE, 132, 120, 8, 16, 0, -50, 0, 0, 0);          /* climbing up out of it */
    tcase(feat, T_MOVE, 132, 140, 8, 16, 0, 30, 0, 1, 0);
    tcase(feat, T_MOVE, 120, 80, 16, 16, 30, 0, 0, 1, 0);
    tcase(feat, T_MOVE, 170, 152, 8, 16, 12, 0, 0, 0, 0);           /* onto the hazard */
    tcase(feat, T_MOVE, 212, 100, 12, 12, 0, 80, 0, 0, 0);          /* into the water */
    tcase(feat, T_MOVE, 120, 50, 8, 8, 0, -40, 0, 0, 0);            /* head against the ceiling */
    tcase(feat, T_MOVE, 224, 70, 16, 16, 0, 10, 0, 1, 0);           /* the game's own tiles */
    for (m = feat; m <= fo; m += (m == feat ? fe - feat : 1)) {
        tcase(m, T_MOVE, 0, 0, 8, 8, -10, -10, 0, 0, 0);            /* against the outside */
        tcase(m, T_MOVE, 240, 0, 16, 16, 300, -300, 0, 0, 0);
        edge16 = 1;
        tcase(m, T_MOVE, 8, 8, 8, 8, -32768, -32768, 0, 0, 0);      /* to the world's corner */
        tcase(m, T_MOVE, 32750, 32750, 10, 10, 32767, 32767, 0, 0, 0);
        tcase(m, T_MOVE, 100, 100, 32767 - 100 + 1, 8, 5, 0, 0, 0, 0); /* reaches pixel 32767 */
        edge16 = 0;
        tcase(m, T_MOVE, -300, 10, 16, 16, 600, 0, 0, 0, 0);        /* through the map from outside */
        tcase(m, T_TOUCH, -4, -4, 8, 8, 4, 4, 0, 0, 0);
        tcase(m, T_PROBE, -4, 180, 24, 24, 0, 0, 0, 32, 4);
        tcase(m, T_GROUND, 5, 190, 0, 0, 0, 0, 0, 0, 0);
        tcase(m, T_GROUND, 5, -10, 0, 0, 0, 0, 0, 0, 0);
        tcase(m, T_MOVER, 20, 100, 8, 16, 2, -7, 40, 1, 9);
    }
    /* probes: corners vs edges, capacities, every point shown somewhere */
    for (i = 0; i < 14; i += 2) {
        tcase(feat, T_PROBE, 4, 150, 16, 16, 0, 0, 0, 32, i);
        tcase(feat, T_PROBE, 88, 90, 24, 30, 0, 0, 0, 32, i);
    }
    tcase(feat, T_PROBE, 4, 150, 16, 16, 0, 0, 1, 4, 2);            /* corners only */
    tcase(feat, T_PROBE, 4, 150, 16, 16, 0, 0, 0, 4, 0);            /* too small a buffer */
    tcase(feat, T_PROBE, 4, 150, 16, 16, 0, 0, 0, 0, 0);
    tcase(feat, T_PROBE, 10, 10, 1, 1, 0, 0, 0, 32, 0);             /* one pixel: one point */
    tcase(feat, T_PROBE, 10, 10, 1, 20, 0, 0, 0, 32, 1);
    tcase(feat, T_PROBE, 10, 10, 9, 1, 0, 0, 1, 32, 0);
    tcase(feat, T_PROBE, -9, -9, 10, 10, 0, 0, 0, 32, 2);           /* pixel -1 is in tile -1 */
    tcase(feat, T_PROBE, 32760, -32768, 8, 8, 0, 0, 0, 32, 0);
    /* touching with a cache: same tiles (skip), new tiles */
    tcase(feat, T_TOUCH, 130, 100, 8, 16, 1, 1, 0, 0, 0);
    tcase(feat, T_TOUCH, 130, 100, 8, 16, 10, 40, 0, 0, 0);
    tcase(feat, T_TOUCH, 176, 152, 8, 16, 30, -20, 0, 0, 0);
    tcase(feat, T_TOUCH, 210, 140, 16, 20, 0, 8, 0, 0, 0);
    /* bad input on a good map */
    tcase(feat, T_MOVE, 10, 10, 0, 8, 1, 1, 0, 0, 0);               /* empty boxes */
    tcase(feat, T_MOVE, 10, 10, 8, -1, 1, 1, 0, 0, 0);
    edge16 = 1;
    tcase(feat, T_MOVE, 32767, 10, 2, 8, 1, 1, 0, 0, 0);            /* past pixel 32767 */
    edge16 = 0;
    tcase(feat, T_MOVE, 10, 10, 8, 8, 1, 1, 8, 0, 0);               /* unknown flag */
    tcase(feat, T_WALK, 10, 10, 8, 8, 1, 0, 1, POS_ONLY, 0);        /* a walk without the sensing at its end */
    tcase(feat, T_WALK, 10, 10, 8, 8, 1, 0, 1, 8, 0);               /* walk takes DROP, POSITION_ONLY, CORNERS only */
    tcase(feat, T_WALK, 10, 10, -8, 8, 1, 0, 1, 0, 0);
    tcase(feat, T_PROBE, 10, 10, 8, 8, 0, 0, 2, 32, 0);             /* unknown probe mode */
    tcase(feat, T_PROBE, 10, 10, 8, 0, 0, 0, 0, 32, 0);
    tcase(feat, T_TOUCH, 10, 10, 0, 0, 0, 0, 0, 0, 0);
    edge16 = 1;
    tcase(feat, T_TOUCH, 10, 10, 8, 8, 32767, 0, 0, 0, 0);          /* the second box is bad */
    edge16 = 0;
    tcase(feat, T_BOXGROUND, 10, 10, 8, 8, 0, 0, 1, 0, 0);          /* 1 and 4 sensors */
    tcase(feat, T_BOXGROUND, 10, 10, 8, 8, 0, 0, 4, 0, 0);
    tcase(feat, T_BOXGROUND, 10, 10, 0, 8, 0, 0, 2, 0, 0);
    tcase(feat, T_MOVER, 10, 10, 0, 8, 1, -5, 10, 1, 4);
    /* invalid maps: eo_tiles_check's answer (no operation runs on them) */
    for (m = bad0; m <= bad1; m++) {
        tcase(m, T_MOVE, 10, 10, 8, 8, 5, 5, 0, 0, 0);
        if (m == wide) { /* the slot's int16 map in tiles16.vec */
            edge16 = 1;
            tcase(m, T_MOVE, 10, 10, 8, 8, 5, 5, 0, 0, 0);
            edge16 = 0;
        }
    }

    /* slopes: floor top y 168 (row 21), flat at cols 3..6 and 15; a 45 degree hill cols 7..12,
       a valley and a peak cols 12..14, 22.5 degrees up cols 16..21 to a plateau with a user
       slope step (col 22) and a tile-high ledge (col 23), 22.5 down cols 24..29, user bump col 30 */
    for (m = 0; m < 2; m++) {
        unsigned mp = m ? so : slo;
        for (k = 0; k <= 4; k++) {
            tcase(mp, T_WALK, 32, 152, 8, 16, 40, 0, k, 0, 0);      /* up and over the 45 degree hill */
            tcase(mp, T_WALK, 120, 152, 8, 16, -40, 0, k, 0, 0);    /* over the peak, into the valley */
            tcase(mp, T_WALK, 120, 152, 8, 16, 80, 0, k, 0, 0);     /* the 22.5 degree pair, the user step */
            tcase(mp, T_WALK, 184, 120, 8, 16, 60, 0, k, 0, 0);     /* off the ledge, down the other side */
        }
        tcase(mp, T_WALK, 120, 152, 12, 16, 100, 0, 2, CORNERS, 0);
        tcase(mp, T_WALK, 120, 152, 8, 16, -60, 0, 1, DROP, 0);
        tcase(mp, T_WALK, 24, 152, 8, 16, -10, 0, 4, 0, 0);         /* into the wall at col 2 */
        tcase(mp, T_WALK, 40, 100, 8, 16, 20, 0, 1, 0, 0);          /* in the air: no climbing */
        tcase(mp, T_MOVE, 32, 152, 8, 16, 40, 0, 0, 0, 0);          /* moves stop at slopes */
        tcase(mp, T_MOVE, 60, 100, 8, 16, 0, 80, 0, 0, 0);          /* land on the surface */
        tcase(mp, T_MOVE, 230, 100, 12, 8, 0, 80, 0, 0, 0);
        tcase(mp, T_MOVER, 24, 152, 8, 16, 2, -6, 48, 1, 12);
        tcase(mp, T_MOVER, 236, 100, 8, 12, -3, -8, 48, 2, 7);
    }
    for (x = 40; x < 256; x += 11) {                                 /* sensors along the slopes */
        tcase(slo, T_GROUND, x, 150, 0, 0, 0, 0, 0, 0, 0);          /* extension from the tile above */
        tcase(slo, T_GROUND, x, 161, 0, 0, 0, 0, 0, 0, 0);
        if (x % 2)
            tcase(slo, T_GROUND, x, 170, 0, 0, 0, 0, 0, 0, 0);      /* regression from the floor */
        tcase(slo, T_BOXGROUND, x - 6, 140, 12, 16, 0, 0, x % 2 ? 2 : 3, 0, 0);
    }

    /* random maps and operations */
    for (k = 0; k < 140; k++) {
        unsigned mp = first_random + (unsigned)(rng() % (last_random - first_random + 1));
        int T = tmaps[mp].shift == 4 ? 16 : 8, W = (int)tmaps[mp].width * T, H = (int)tmaps[mp].height * T;
        int bw = rng_range(1, 24), bh = rng_range(1, 24), bx = rng_range(-16, W), by = rng_range(-16, H);
        unsigned op = (unsigned)(rng() % 16u), flags = (unsigned)(rng() % 8u);
        int longmove = rng() % 6u == 0;
        int dx = longmove ? rng_range(-400, 400) : rng_range(-24, 24), dy = longmove ? rng_range(-400, 400) : rng_range(-24, 24);
        if (op < 6)
            tcase(mp, T_MOVE, bx, by, bw, bh, dx, dy, flags, (unsigned)(rng() % 2u), 0);
        else if (op < 9)
            tcase(mp, T_WALK, bx, by, bw, bh, rng_range(-20, 20), 0, (unsigned)(rng() % 5u), flags & 1u, 0);
        else if (op < 10)
            tcase(mp, T_PROBE, bx, by, bw, bh, 0, 0, flags & 1u, (unsigned)rng_range(0, 32), (unsigned)rng_range(0, 12));
        else if (op < 11)
            tcase(mp, T_TOUCH, bx, by, bw, bh, rng_range(-10, 10), rng_range(-10, 10), 0, 0, 0);
        else if (op < 12)
            tcase(mp, T_GROUND, bx, by, 0, 0, 0, 0, 0, 0, 0);
        else if (op < 14)
            tcase(mp, T_BOXGROUND, bx, by, bw, bh, 0, 0, 2 + (unsigned)(rng() % 2u), 0, 0);
        else if (k % 4 == 0)
            tcase(mp, T_MOVER, bx, by, rng_range(6, 12), rng_range(8, 16), rng_range(-3, 3), rng_range(-9, -4),
                  (unsigned)rng_range(8, 32), (unsigned)(rng() % 5u), (unsigned)rng_range(0, 10));
        else
            tcase(mp, T_MOVE, bx, by, bw, bh, 0, rng_range(1, 300), flags & 3u, 0, 0);
    }

    /* every-column foot sensors (sensors a = 0) along the slopes, on the peak and valley */
    for (x = 40; x < 256; x += 23)
        tcase(slo, T_BOXGROUND, x - 12, 140, 24, 16, 0, 0, 0, 0, 0);
    tcase(slo, T_BOXGROUND, 92, 141, 24, 3, 0, 0, 0, 0, 0);         /* wide and flat, over the valley */

    /* swept moves (after the random cases above, so their draws are unchanged): dashes past the
       wall and the one-tile floor, onto one-way platforms, up the slopes, with and without slide */
    for (m = 0; m < 2; m++) {
        unsigned fl = m ? SLIDE : 0;
        tcase(feat, T_SWEEP, 40, 112, 8, 8, 100, 60, fl, 0, 0);        /* across the wall column */
        tcase(feat, T_SWEEP, 60, 0, 16, 16, 40, 200, fl, m, 0);        /* a steep dive onto the one-tile floor */
        tcase(feat, T_SWEEP, 120, 20, 8, 8, 30, 90, fl | (m ? DROP : 0), 0, 0); /* through the one-ways */
        tcase(feat, T_SWEEP, 200, 150, 8, 8, -150, -140, fl | POS_ONLY, 0, 0);
        tcase(slo, T_SWEEP, 32, 100, 8, 16, 60, 60, fl, 0, 0);        /* onto the 45 degree hill */
        tcase(slo, T_SWEEP, 120, 120, 8, 16, 90, 40, fl, 0, 0);       /* along the 22.5 degree pair */
        tcase(so, T_SWEEP, 230, 60, 12, 8, -100, 120, fl, 0, 0);
    }
    for (k = 0; k < 40; k++) {
        unsigned mp = first_random + (unsigned)(rng() % (last_random - first_random + 1));
        int T = tmaps[mp].shift == 4 ? 16 : 8, W = (int)tmaps[mp].width * T, H = (int)tmaps[mp].height * T;
        int bw = rng_range(1, 24), bh = rng_range(1, 24), bx = rng_range(-16, W), by = rng_range(-16, H);
        unsigned flags = (unsigned)(rng() % 4u) | (rng() % 2u ? SLIDE : 0);
        tcase(mp, T_SWEEP, bx, by, bw, bh, rng_range(-300, 300), rng_range(-300, 300), flags, (unsigned)(rng() % 2u), 0);
    }

    /* a character's frames (eo_slopes_move, c = reach, 255: EO_SLOPES_REACH_ALWAYS): landings on
       the hills from the air, uphill and downhill, walks that leave crests at speed or follow
       them, jumps, a slide down the wall at col 2, a head against the features' ceiling */
    for (m = 0; m < 2; m++) {
        unsigned mp = m ? so : slo;
        for (k = 1; k <= 2; k++) {
            tcase(mp, T_SLOPES_MOVE, 44, 120, 8, 16, 14, 30, k, 0, 255);   /* onto the 45 degree hill, uphill */
            tcase(mp, T_SLOPES_MOVE, 100, 100, 8, 16, -12, 40, k, 0, 255); /* onto its far side, uphill leftwards */
            tcase(mp, T_SLOPES_MOVE, 70, 100, 8, 16, 16, 40, k, 0, 255);   /* downhill */
            tcase(mp, T_SLOPES_MOVE, 130, 120, 8, 16, 20, 20, k, 0, 255);  /* onto the 22.5 degree pair */
            tcase(mp, T_SLOPES_MOVE, 60, 140, 8, 16, 40, 0, k, 0, 14);     /* up the hill and over, fast */
            tcase(mp, T_SLOPES_MOVE, 60, 140, 8, 16, 40, 0, k, 0, 4);
            tcase(mp, T_SLOPES_MOVE, 60, 140, 8, 16, 40, 0, k, 0, 255);
            tcase(mp, T_SLOPES_MOVE, 60, 140, 8, 16, 6, 2, k, 0, 4);       /* slowly */
            tcase(mp, T_SLOPES_MOVE, 184, 120, 8, 16, 60, 0, k, POS_ONLY, 6); /* off the ledge */
        }
        tcase(mp, T_SLOPES_MOVE, 32, 152, 8, 16, 10, -20, 1, 0, 14);       /* a jump */
        tcase(mp, T_SLOPES_MOVE, 40, 100, 8, 16, -30, 40, 1, 0, 14);       /* into the wall, sliding down */
        tcase(mp, T_SLOPES_MOVE, 120, 152, 8, 16, -60, 0, 1, DROP, 255);
    }
    tcase(feat, T_SLOPES_MOVE, 120, 50, 8, 8, 20, -40, 1, 0, 14);          /* head against the ceiling */
    tcase(feat, T_SLOPES_MOVE, 16, 40, 8, 8, 6, 30, 1, 0, 14);             /* onto a one-way platform */
    tcase(feat, T_SLOPES_MOVE, 16, 40, 8, 8, 6, 30, 1, DROP, 14);
    tcase(feat, T_SLOPES_MOVE, 16, 30, 8, 8, 0, 10, 1, 0, 14);            /* a fall that ends exactly on it: landed, hit 0 */
    tcase(feat, T_SLOPES_MOVE, 16, 30, 8, 8, 0, 10, 1, POS_ONLY, 14);
    tcase(feat, T_SLOPES_MOVE, 16, 30, 8, 8, 0, 11, 1, 0, 14);            /* one pixel more: stopped by it */
    tcase(feat, T_SLOPES_MOVE, 16, 40, 8, 8, 0, 0, 1, DROP, 14);          /* standing on it with DROP: no ground */
    tcase(feat, T_SLOPES_MOVE, 40, 150, 8, 8, 3, 10, 1, 0, 14);           /* exactly onto the floor */
    tcase(feat, T_SLOPES_MOVE, 10, 10, 8, 8, 1, 1, 1, CORNERS, 14);        /* refused flags */
    tcase(feat, T_SLOPES_MOVE, 10, 10, 0, 8, 1, 1, 1, 0, 14);              /* an empty box */
    for (k = 0; k < 24; k++) {
        unsigned mp = first_random + (unsigned)(rng() % (last_random - first_random + 1)), tries;
        int T = tmaps[mp].shift == 4 ? 16 : 8, W = (int)tmaps[mp].width * T, H = (int)tmaps[mp].height * T;
        int bw = rng_range(4, 16), bh = rng_range(4, 20), bx = 0, by = 0;
        for (tries = 0; tries < 50; tries++) { /* a start in empty tiles: a frame of a character, not of a box in a wall */
            bx = rng_range(0, W - bw);
            by = rng_range(0, H - bh);
            if (tiles_empty(mp, bx, by, bw, bh))
                break;
        }
        tcase(mp, T_SLOPES_MOVE, bx, by, bw, bh, rng_range(-40, 40), rng_range(-20, 30), (unsigned)rng_range(1, 3),
              (unsigned)(rng() % 4u) & (DROP | POS_ONLY), rng() % 3u ? (unsigned)rng_range(0, 20) : 255u);
    }

    /* the tile kinds (after every draw above): kinds_art's spike floor cols 2..5 and wall col 8,
       a spike ceiling cols 4..5 row 3, an explicit ladder top col 11 row 12 over a ladder, half
       tops cols 14..15 row 17 (solid y 136..139) over half bottoms on the floor (solid y
       164..167), one-way halves cols 18..20 rows 12 and 16 (surfaces y 100 and 132) with a
       one-way tile between (surface y 104), one-way slopes on the floor (a peak cols 23..24, the
       22.5 pair and the user shape cols 26..28) and in the air (a peak cols 27..28 row 15) */
    kinds_case = 1;
    tcase(kinds, T_MOVE, 20, 100, 8, 8, 0, 100, 0, 0, 0);           /* onto the spikes: SOLID | HAZARD below */
    tcase(kinds, T_MOVE, 20, 100, 8, 8, 0, 100, DROP, 1, 0);        /* dropping does not pass them */
    tcase(kinds, T_MOVE, 48, 152, 8, 16, 20, 0, 0, 0, 0);           /* into the spike wall */
    tcase(kinds, T_MOVE, 34, 60, 8, 8, 0, -60, 0, 0, 0);            /* head against the spike ceiling */
    tcase(kinds, T_MOVE, 88, 60, 8, 16, 0, 40, 0, 0, 0);            /* onto the ladder top */
    tcase(kinds, T_MOVE, 88, 60, 8, 16, 0, 40, DROP, 0, 0);         /* climbing down through it */
    tcase(kinds, T_MOVE, 88, 100, 8, 16, 0, 60, 0, 0, 0);           /* the ladder under it is no top */
    tcase(kinds, T_MOVE, 88, 140, 8, 16, 0, -100, 0, 0, 0);         /* climbing up through the top */
    tcase(kinds, T_MOVE, 112, 150, 8, 8, 0, -30, 0, 0, 0);          /* under the half tops: stopped at y 140 */
    tcase(kinds, T_MOVE, 112, 141, 8, 8, 0, 30, 0, 0, 0);           /* onto the half bottoms: y 156 */
    tcase(kinds, T_MOVE, 96, 156, 8, 8, 40, 0, 0, 0, 0);            /* above the half bottoms' solid half */
    tcase(kinds, T_MOVE, 96, 158, 8, 8, 40, 0, 0, 0, 0);            /* into it */
    tcase(kinds, T_MOVE, 96, 132, 8, 8, 40, 0, 0, 0, 0);            /* into the half tops' solid half */
    tcase(kinds, T_MOVE, 110, 80, 8, 8, 0, 80, 0, 0, 0);            /* onto the half tops (and beside them) */
    tcase(kinds, T_MOVE, 148, 60, 8, 4, 0, 60, 0, 0, 0);            /* onto the one-way half: y 96 */
    tcase(kinds, T_MOVE, 148, 97, 8, 4, 0, 30, 0, 0, 0);            /* below its surface: onto the one-way */
    tcase(kinds, T_MOVE, 148, 60, 8, 4, 0, 120, DROP, 0, 0);
    tcase(kinds, T_MOVE, 148, 150, 8, 8, 0, -100, 0, 0, 0);         /* jumping up through all three */
    tcase(kinds, T_MOVE, 140, 96, 8, 4, 40, 0, 0, 1, 0);            /* standing on it, walking off */
    tcase(kinds, T_MOVE, 186, 100, 4, 4, 0, 100, 0, 0, 0);          /* onto the one-way 45 up */
    tcase(kinds, T_MOVE, 186, 100, 4, 4, 0, 100, DROP, 0, 0);
    tcase(kinds, T_MOVE, 180, 100, 16, 8, 0, 100, 0, 0, 0);         /* onto the peak */
    tcase(kinds, T_MOVE, 160, 160, 8, 8, 80, 0, 0, 0, 0);           /* sideways through every one-way slope */
    tcase(kinds, T_MOVE, 216, 130, 8, 8, 0, -40, 0, 0, 0);          /* up through the peak in the air */
    tcase(kinds, T_MOVE, 208, 100, 24, 8, 0, 40, 0, 0, 0);          /* a wide box onto it */
    for (x = 206; x < 232; x += 3)
        tcase(kinds, T_MOVE, x, 140, 2, 8, 0, 30, 0, 0, 0);         /* onto the 22.5 pair and the user shape */
    tcase(kinds, T_WALK, 150, 152, 8, 16, 80, 0, 2, 0, 0);          /* walking through the one-way slopes */
    tcase(kinds, T_WALK, 224, 112, 4, 8, 8, 0, 1, 0, 0);            /* down the one-way 45 in the air */
    tcase(kinds, T_WALK, 224, 112, 4, 8, 8, 0, 1, DROP, 0);
    tcase(kinds, T_WALK, 140, 96, 8, 4, 30, 0, 1, 0, 0);            /* along the one-way halves, off them */
    tcase(kinds, T_WALK, 60, 152, 8, 16, -40, 0, 4, 0, 0);          /* into the spike wall: a wall */
    tcase(kinds, T_PROBE, 84, 90, 16, 16, 0, 0, 0, 32, 0);          /* the ladder top's attr */
    tcase(kinds, T_PROBE, 110, 132, 20, 40, 0, 0, 0, 32, 4);        /* the half tiles */
    tcase(kinds, T_TOUCH, 16, 150, 16, 10, 40, 0, 0, 0, 0);         /* spikes, then the spike wall */
    tcase(kinds, T_TOUCH, 180, 150, 40, 10, 8, -40, 0, 0, 0);       /* one-way slopes: SLOPE | ONE_WAY */
    for (x = 100; x < 240; x += 9) {
        tcase(kinds, T_GROUND, x, 150, 0, 0, 0, 0, 0, 0, 0);        /* extension from the tile above */
        tcase(kinds, T_GROUND, x, 163, 0, 0, 0, 0, 0, 0, 0);
        tcase(kinds, T_BOXGROUND, x - 4, 150, 8, 10, 0, 0, 0, 0, 0); /* every column */
    }
    tcase(kinds, T_GROUND, 112, 138, 0, 0, 0, 0, 0, 0, 0);          /* in the half top's solid half */
    tcase(kinds, T_GROUND, 112, 141, 0, 0, 0, 0, 0, 0, 0);          /* in its empty half: no ground there */
    tcase(kinds, T_BOXGROUND, 146, 92, 12, 4, 0, 0, 3, 0, 0);       /* on the one-way half */
    tcase(kinds, T_SWEEP, 20, 40, 8, 8, 30, 100, 0, 0, 0);          /* a dive onto the spikes */
    tcase(kinds, T_SWEEP, 70, 40, 8, 8, 30, 100, SLIDE, 1, 0);      /* onto the ladder top, sliding */
    tcase(kinds, T_SWEEP, 130, 40, 8, 4, 20, 90, 0, 0, 0);          /* onto the one-way halves */
    tcase(kinds, T_SWEEP, 130, 40, 8, 4, 20, 90, DROP | SLIDE, 0, 0);
    tcase(kinds, T_SWEEP, 140, 160, 8, 8, 100, -60, 0, 0, 0);       /* up and sideways through one-way slopes */
    tcase(kinds, T_SWEEP, 170, 60, 4, 4, 40, 110, SLIDE, 0, 0);     /* onto a one-way slope, sliding */
    tcase(kinds, T_SWEEP, 90, 170 - 40, 8, 8, 40, 10, 0, 0, 0);     /* into the half tiles */
    tcase(kinds, T_MOVER, 140, 80, 8, 12, 2, -7, 48, 1, 9);         /* a character across the one-way halves */
    tcase(kinds, T_MOVER, 176, 140, 8, 12, 2, -6, 48, 2, 11);       /* and across the one-way slopes */
    for (k = 0; k < 60; k++) {
        int bw = rng_range(1, 20), bh = rng_range(1, 20), bx = rng_range(-8, 256), by = rng_range(-8, 192);
        unsigned op = (unsigned)(rng() % 6u), flags = (unsigned)(rng() % 4u);
        if (op < 2)
            tcase(kinds, T_MOVE, bx, by, bw, bh, rng_range(-60, 60), rng_range(-60, 60), flags, 0, 0);
        else if (op < 3)
            tcase(kinds, T_SWEEP, bx, by, bw, bh, rng_range(-120, 120), rng_range(-120, 120), flags | (rng() % 2u ? SLIDE : 0), 0, 0);
        else if (op < 4)
            tcase(kinds, T_WALK, bx, by, bw, bh, rng_range(-30, 30), 0, (unsigned)(rng() % 5u), flags & 1u, 0);
        else if (op < 5)
            tcase(kinds, T_BOXGROUND, bx, by, bw, bh, 0, 0, (unsigned)(rng() % 4u), 0, 0);
        else
            tcase(kinds, T_MOVE, bx, by, bw, bh, 0, rng_range(1, 200), flags & 1u, 0, 0);
    }
    kinds_case = 0;

    for (i = 0, k = 0; i < ntcases; i++)
        k += tedge[i] == tiles_int16 && in_sweep_file(i) == tiles_sweep;
    header(5, k);
    write_maps();
    for (i = 0; i < ntcases; i++)
        if (tedge[i] == tiles_int16 && in_sweep_file(i) == tiles_sweep)
            fwrite(tcases[i], 17, 1, out);
}

/* ---- query: a scene, then its queries (formats: vectors.h, module 6) ---------------------------- */
typedef struct qbox { int x, y, w, h; } qbox;
static qbox qboxes[32];
static int qlayers[32][2];

static void query_case(int wx, int wy, int ww, int wh, int cols, int rows, int max_entries, int n, int flags,
                       const int filter[2], const qbox *region, int px, int py, int cap, int hit_cap, int m,
                       const int seg[][4])
{
    int i;
    put16(out, (int16_t)wx); put16(out, (int16_t)wy); put16(out, (int16_t)ww); put16(out, (int16_t)wh);
    fputc(cols, out); fputc(rows, out); put16(out, (int16_t)max_entries);
    fputc(n, out); fputc(flags, out);
    for (i = 0; i < n; i++) {
        put16(out, (int16_t)qboxes[i].x); put16(out, (int16_t)qboxes[i].y);
        put16(out, (int16_t)qboxes[i].w); put16(out, (int16_t)qboxes[i].h);
    }
    if (flags & 1)
        for (i = 0; i < n; i++) {
            put16(out, (int16_t)qlayers[i][0]);
            put16(out, (int16_t)qlayers[i][1]);
        }
    put16(out, (int16_t)filter[0]); put16(out, (int16_t)filter[1]);
    put16(out, (int16_t)region->x); put16(out, (int16_t)region->y);
    put16(out, (int16_t)region->w); put16(out, (int16_t)region->h);
    put16(out, (int16_t)px); put16(out, (int16_t)py);
    fputc(cap, out); fputc(hit_cap, out); fputc(m, out);
    for (i = 0; i < m; i++) {
        put16(out, (int16_t)seg[i][0]); put16(out, (int16_t)seg[i][1]);
        put16(out, (int16_t)seg[i][2]); put16(out, (int16_t)seg[i][3]);
    }
}

static void qset(int i, int x, int y, int w, int h)
{
    qboxes[i].x = x; qboxes[i].y = y; qboxes[i].w = w; qboxes[i].h = h;
}

#define QUERY_RANDOM 56

static void gen_query(void)
{
    static const int no_filter[2] = { 0, 0 }, bullets_hit_soldiers[2] = { 2, 1 };
    static const int war_segs[2][4] = { { 0, 30, 255, 30 }, { 0, 0, 255, 191 } };
    static const int corner_segs[2][4] = { { 5, 5, 15, 15 }, { 12, 8, 16, 12 } };
    static const int edge_segs[2][4] = { { 0, 10, 30, 10 }, { 20, 11, 14, 11 } };
    static const int zero_segs[2][4] = { { 12, 12, 12, 12 }, { 14, 0, 14, 30 } };
    static const int wide_segs[2][4] = { { -32768, -32768, 32767, 32767 }, { 32767, -32768, -32768, 32767 } };
    static const int axis_segs[2][4] = { { 100, -32768, 100, 32767 }, { -32768, 100, 32767, 100 } };
    qbox region;
    int i, k, filter[2];
    int segs[2][4];

    header(6, 10 + QUERY_RANDOM);
    /* the article's war zone: three rows of soldiers, bullets between; quadrants */
    for (i = 0; i < 32; i++) {
        if (i < 24) qset(i, 16 + (i % 8) * 28, 24 + (i / 8) * 56, 16, 16);
        else qset(i, rng_range(0, 250), rng_range(0, 186), 2, 6);
        qlayers[i][0] = i < 24 ? 1 : 2;
        qlayers[i][1] = i < 24 ? 3 : 1;
    }
    region.x = 40; region.y = 20; region.w = 100; region.h = 30;
    query_case(0, 0, 256, 192, 2, 2, 128, 32, 0, no_filter, &region, 20, 30, 6, 2, 2, war_segs);
    /* the same with layers, the query a bullet's: only soldiers answer */
    query_case(0, 0, 256, 192, 8, 6, 160, 32, 1 | 4, bullets_hit_soldiers, &region, 20, 30, 6, 2, 2, war_segs);
    /* strips, sweep along Y, a small capacity */
    query_case(0, 0, 256, 192, 1, 8, 96, 32, 2, no_filter, &region, 44, 24, 2, 1, 2, war_segs);
    /* one box, hand-picked segments: through a corner, past one (the walk's side pixels), along the
       top edge, ending on the right side line moving left, zero length, along the right line */
    qset(0, 10, 10, 4, 4);
    qset(1, 10, 20, 4, 4);
    region.x = 13; region.y = 13; region.w = 1; region.h = 1;
    query_case(0, 0, 64, 64, 4, 4, 32, 2, 0, no_filter, &region, 14, 13, 6, 2, 2, corner_segs);
    query_case(0, 0, 64, 64, 4, 4, 32, 2, 2, no_filter, &region, 13, 14, 6, 2, 2, edge_segs);
    region.w = 0;
    query_case(0, 0, 64, 64, 4, 4, 32, 2, 0, no_filter, &region, 13, 13, 6, 2, 2, zero_segs);
    /* nothing built: every query says EO_ERR_NOT_READY */
    region.w = 10;
    query_case(0, 0, 64, 64, 4, 4, 32, 2, 8, no_filter, &region, 13, 13, 6, 2, 2, corner_segs);
    /* a build that does not fit (a big box in every sector): the grid's queries are not ready */
    qset(2, -100, -100, 1000, 1000);
    query_case(0, 0, 64, 64, 4, 4, 8, 3, 0, no_filter, &region, 13, 13, 6, 2, 2, corner_segs);
    /* int16 extremes: boxes at the ends of the world, segments across all of it */
    qset(0, -32768, -32768, 32767, 1);
    qset(1, 32766, 32766, 2, 2);
    qset(2, -5, -5, 10, 10);
    qset(3, 100, -32768, 1, 32767);
    qset(4, 0, 0, 32767, 32767);
    qset(5, -32768, 32767, 1, 1);
    region.x = -32768; region.y = -32768; region.w = 32767; region.h = 32767;
    query_case(-32768, -32768, 32767, 32767, 4, 4, 64, 6, 0, no_filter, &region, 32767, 32767, 6, 2, 2, wide_segs);
    region.x = 32767; region.y = 32767; region.w = 32767; region.h = 1;
    query_case(-1000, -1000, 2000, 2000, 3, 3, 64, 6, 2, no_filter, &region, -32768, 32767, 6, 2, 2, axis_segs);

    for (k = 0; k < QUERY_RANDOM; k++) {
        int wx = rng_range(-60, 60), wy = rng_range(-60, 60), ww = rng_range(64, 320), wh = rng_range(64, 240);
        int cols = rng_range(1, 8), rows = rng_range(1, 6), n = rng_range(1, k % 8 == 0 ? 24 : 12);
        int flags = (int)(rng() % 8u), m = rng_range(1, 2);
        for (i = 0; i < n; i++) {
            int big = rng() % 8u == 0;
            qset(i, rng_range(wx - 30, wx + ww), rng_range(wy - 30, wy + wh), rng_range(-2, big ? 200 : 30),
                 rng_range(-2, big ? 150 : 30));
            qlayers[i][0] = 1 << (rng() % 3u);
            qlayers[i][1] = (int)(rng() % 8u);
        }
        filter[0] = 1 << (rng() % 3u);
        filter[1] = (int)(rng() % 8u);
        region.x = rng_range(wx - 40, wx + ww); region.y = rng_range(wy - 40, wy + wh);
        region.w = rng_range(-1, 120); region.h = rng_range(-1, 90);
        for (i = 0; i < m; i++) {
            segs[i][0] = rng_range(wx - 50, wx + ww + 50); segs[i][1] = rng_range(wy - 50, wy + wh + 50);
            if (rng() % 4u == 0) { /* 45 degrees: corners on the way */
                int a = rng_range(-200, 200);
                segs[i][2] = segs[i][0] + a; segs[i][3] = segs[i][1] + (rng() % 2u ? a : -a);
            } else {
                segs[i][2] = rng_range(wx - 50, wx + ww + 50); segs[i][3] = rng_range(wy - 50, wy + wh + 50);
            }
        }
        query_case(wx, wy, ww, wh, cols, rows, k % 11 == 5 ? 6 : 255, n, flags & 7, filter, &region,
                   rng_range(wx - 10, wx + ww), rng_range(wy - 10, wy + wh), (int)(rng() % 7u), (int)(rng() % 3u), m,
                   (const int (*)[4])segs);
    }
}

/* ---- raycast: maps as tiles, then segments (formats: vectors.h, module 7) -------------------------- */
static unsigned char rcases[200][12];
static unsigned nrcases;

static void rcase(unsigned map, int x0, int y0, int x1, int y1, unsigned block, unsigned cap, unsigned flags)
{
    unsigned char *p = rcases[nrcases++];
    int v[4] = { x0, y0, x1, y1 }, i;
    p[0] = (unsigned char)map;
    for (i = 0; i < 4; i++) {
        p[1 + 2 * i] = (unsigned char)((uint16_t)(int16_t)v[i] & 0xFF);
        p[2 + 2 * i] = (unsigned char)((uint16_t)(int16_t)v[i] >> 8);
    }
    p[9] = (unsigned char)block; p[10] = (unsigned char)cap; p[11] = (unsigned char)flags;
}

#define SOLID 0x01u
#define ONE_WAY 0x02u
#define LADDER 0x04u
#define WATER 0x10u
#define SLOPE 0x20u

static void gen_raycast(void)
{
    unsigned feat, slo, fe, r8a, r8b, r16, r32, r128, bad, k;

    ntmaps = 0;
    feat = map_art(features_art, 0, 0);          /* outside solid */
    slo = map_art(slopes_art, 0, 1);             /* with the row table */
    fe = map_new(32, 24, 3, 1, 0, 2, feat);      /* the same cells, outside empty */
    r8a = map_random(32, 24, 3, 1, 0, 2);
    r8b = map_random(20, 12, 0, 2, 1, 1);
    r16 = map_random(24, 16, 4, 0, 0, 0);
    r32 = map_random(12, 10, 5, 1, 0, 0);
    r128 = map_random(6, 5, 7, 1, 0, 0);
    bad = map_new(32, 24, 2, 0, 0, 0, feat);     /* tile_shift too small: refused, not run */

    nrcases = 0;
    /* slopes: floor top y = 168; a 45-degree hill at cols 8..11 rows 18..20 */
    rcase(slo, 30, 156, 255, 156, 0, 16, 0);          /* horizontal into the hill's slope */
    rcase(slo, 68, 100, 68, 191, 0, 16, 0);           /* straight down onto the slope */
    rcase(slo, 68, 100, 68, 191, SOLID, 16, 0);       /* slopes not in the mask: the floor */
    rcase(slo, 40, 100, 100, 160, 0, 16, 0);          /* diagonal */
    rcase(slo, 64, 144, 88, 168, 0, 32, 0);           /* 45 degrees through tile corners */
    rcase(slo, 200, 140, 120, 170, 0, 8, 0);          /* up the 22-degree slopes from the right */
    rcase(slo, 180, 136, 180, 136, 0, 4, 0);          /* zero length, in the air */
    rcase(slo, 20, 170, 30, 100, 0, 4, 0);            /* starts inside the floor: t = 0 */
    /* features: one-ways, ladders, water by mask; walls; the map's edge */
    rcase(feat, 20, 40, 20, 100, 0, 16, 0);           /* down through the one-ways */
    rcase(feat, 20, 40, 20, 100, SOLID | ONE_WAY, 16, 0);
    rcase(feat, 140, 90, 140, 170, LADDER, 16, 0);
    rcase(feat, 230, 120, 230, 170, WATER, 16, 0);
    rcase(feat, 0, 120, 255, 120, 0, 32, 0);          /* into the wall column */
    rcase(feat, 104, 120, 0, 120, 0, 32, 0);          /* starts on the wall's right line, moving left */
    rcase(feat, 0, 96, 255, 96, 0, 32, 0);            /* along the wall's top tile line */
    rcase(feat, 200, 100, 400, 60, 0, 32, 0);         /* out of the map: outside is solid */
    rcase(fe, 200, 100, 400, 60, 0, 32, 0);           /* outside empty: clear */
    rcase(feat, 96, 8, 120, 32, 0, 8, 0);             /* down-right through the ceiling block's corner */
    rcase(feat, 160, 32, 136, 8, 0, 8, 0);            /* up-left onto it */
    rcase(feat, 0, 120, 255, 120, 0, 3, 0);           /* fewer visits kept than made */
    rcase(feat, 0, 120, 255, 120, 0, 0, 1);           /* no visits wanted */
    rcase(bad, 0, 0, 100, 100, 0, 8, 0);              /* refused map */
    /* int16 extremes: long walks through empty outside, and into solid outside */
    rcase(fe, -32768, -32768, 32767, 32767, 0, 32, 0);      /* 12,325 tiles to the wall */
    rcase(r32, 32767, -32768, -32768, 32767, 0, 32, 0);     /* 4,096 tiles, all clear */
    rcase(r128, -32768, 100, 32767, 100, 0, 32, 0);
    rcase(r128, 300, -32768, 300, 32767, 0, 32, 0);
    rcase(feat, -32768, 5, 100, 100, 0, 8, 0);
    rcase(r32, 32767, 32767, 0, 0, 0, 32, 0);
    /* the same long walks without visits: the outside that cannot block is skipped, the hit the same */
    rcase(fe, -32768, -32768, 32767, 32767, 0, 0, 1);
    rcase(fe, 32767, 20, -32768, 20, 0, 0, 1);                  /* from far right into the map's wall */
    rcase(r32, 32767, -32768, -32768, 32767, 0, 0, 1);
    rcase(r128, 300, -32768, 300, 32767, SOLID | WATER, 0, 1);

    for (k = 0; k < 110; k++) {
        static const unsigned masks[] = { 0, 0, SOLID, SLOPE, SOLID | ONE_WAY, WATER, LADDER | SLOPE, 0xFF };
        unsigned mp = k % 6 == 0 ? r16 : k % 6 == 1 ? r32 : k % 6 == 2 ? r128 : k % 6 == 3 ? r8b : k % 6 == 4 ? r8a : slo;
        int T = 1 << (tmaps[mp].shift ? tmaps[mp].shift : 3);
        int W = (int)tmaps[mp].width * T, H = (int)tmaps[mp].height * T;
        int x0 = rng_range(-T, W + T), y0 = rng_range(-T, H + T), x1, y1;
        if (k % 4 == 0) { /* from a tile corner at 45 degrees */
            int a = rng_range(-4, 4) * T;
            x0 = T * rng_range(0, (int)tmaps[mp].width); y0 = T * rng_range(0, (int)tmaps[mp].height);
            x1 = x0 + a; y1 = y0 + (rng() % 2u ? a : -a);
        } else if (k % 4 == 1) {
            x1 = rng_range(-T, W + T); y1 = y0;
        } else {
            x1 = rng_range(-T, W + T); y1 = rng_range(-T, H + T);
        }
        rcase(mp, x0, y0, x1, y1, masks[rng() % 8u], (unsigned)rng_range(0, 32), k % 23 == 7);
    }

    header(7, nrcases);
    write_maps();
    fwrite(rcases, 12, nrcases, out);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s gridmask|aabb|sectors|pixelmask|tiles|tiles_sweep|tiles16|query|raycast|gridmask_wide|aabb_wide|pixelmask_wide OUT.vec\n", argv[0]);
        return 2;
    }
    out = fopen(argv[2], "wb");
    if (out == NULL) {
        perror(argv[2]);
        return 1;
    }
    if (strcmp(argv[1], "gridmask") == 0)
        gen_gridmask();
    else if (strcmp(argv[1], "aabb") == 0)
        gen_aabb();
    else if (strcmp(argv[1], "sectors") == 0)
        gen_sectors();
    else if (strcmp(argv[1], "pixelmask") == 0)
        gen_pixelmask();
    else if (strcmp(argv[1], "tiles") == 0)
        gen_tiles();
    else if (strcmp(argv[1], "tiles_sweep") == 0) {
        tiles_sweep = 1;
        gen_tiles();
    } else if (strcmp(argv[1], "tiles16") == 0) {
        tiles_int16 = 1;
        gen_tiles();
    } else if (strcmp(argv[1], "gridmask_wide") == 0)
        gen_gridmask_wide();
    else if (strcmp(argv[1], "aabb_wide") == 0)
        gen_aabb_wide();
    else if (strcmp(argv[1], "pixelmask_wide") == 0)
        gen_pixelmask_wide();
    else if (strcmp(argv[1], "query") == 0)
        gen_query();
    else if (strcmp(argv[1], "raycast") == 0)
        gen_raycast();
    else {
        fprintf(stderr, "%s: unknown module %s\n", argv[0], argv[1]);
        return 2;
    }
    if (fclose(out) != 0) {
        perror(argv[2]);
        return 1;
    }
    printf("%s: %s vectors written\n", argv[2], argv[1]);
    return 0;
}
