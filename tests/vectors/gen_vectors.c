/* Writes a shared vector file: gen_vectors MODULE OUT.vec, MODULE one of gridmask, aabb, sectors.
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

static void header(unsigned module, unsigned count)
{
    fputs("EOV1", out);
    fputc((int)module, out);
    fputc(0, out);
    put16(out, (int16_t)count);
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

static void aabb_boxes(int order, int ax, int ay, int aw, int ah, int bx, int by, int bw, int bh)
{
    fputc(0, out);
    fputc(order, out);
    put16(out, (int16_t)ax); put16(out, (int16_t)ay); put16(out, (int16_t)aw); put16(out, (int16_t)ah);
    put16(out, (int16_t)bx); put16(out, (int16_t)by); put16(out, (int16_t)bw); put16(out, (int16_t)bh);
}

static void aabb_circles(int ax, int ay, int ar, int bx, int by, int br)
{
    fputc(1, out);
    fputc(0, out);
    put16(out, (int16_t)ax); put16(out, (int16_t)ay); put16(out, (int16_t)ar);
    put16(out, (int16_t)bx); put16(out, (int16_t)by); put16(out, (int16_t)br);
    put16(out, 0); put16(out, 0);
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

static void pair(int wa, int ha, int ka, int wb, int hb, int kb, int ax, int ay, int bx, int by, int density)
{
    fputc(wa, out); fputc(ha, out); fputc(wb, out); fputc(hb, out);
    put16(out, (int16_t)ax); put16(out, (int16_t)ay); put16(out, (int16_t)bx); put16(out, (int16_t)by);
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

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s gridmask|aabb|sectors|pixelmask OUT.vec\n", argv[0]);
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
