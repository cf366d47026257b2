/* Writes tests/vectors/gridmask.vec: hand-picked edge cases, then random cases from a fixed seed.
   Deterministic: `make test-vectors` regenerates the file and checks it equals the committed one.
   The case count is kept small enough for the MSX ROM (16 KiB with the code). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define RANDOM_CASES 300

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

int main(int argc, char **argv)
{
    static const int screen_w[3] = { 256, 256, 1024 }, screen_h[3] = { 192, 192, 768 };
    FILE *f;
    unsigned i, k;
    uint8_t layout, method;

    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT.vec\n", argv[0]);
        return 2;
    }
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

    f = fopen(argv[1], "wb");
    if (f == NULL) {
        perror(argv[1]);
        return 1;
    }
    fputs("EOV1", f);
    fputc(1, f);
    fputc(0, f);
    put16(f, (int16_t)ncases);
    for (i = 0; i < ncases; i++) {
        fputc(cases[i].layout, f);
        fputc(cases[i].method, f);
        for (k = 0; k < 4; k++) put16(f, cases[i].a[k]);
        for (k = 0; k < 4; k++) put16(f, cases[i].b[k]);
    }
    if (fclose(f) != 0) {
        perror(argv[1]);
        return 1;
    }
    printf("%s: %u cases\n", argv[1], ncases);
    return 0;
}
