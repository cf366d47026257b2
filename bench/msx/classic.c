/* bench/msx/classic.c: the "classic formulation" of the grid mask, as MSX-era code did it: 8-bit
   coordinates, the bits of the first and last cell only, and x + w summed in 8 bits. It is fast
   because it is wrong in three ways the core is not:
     - endpoints only: a box wider than a cell leaves holes between its first and last bit;
     - x + w is the first pixel *after* the box (half-open end), so a box ending exactly on a cell
       edge also marks the next cell (harmless, only a "maybe" too many);
     - (uint8_t)(x + w) wraps: a box crossing the right edge gets bit 0, the far left column.
   Only the benchmark uses it (bench/msx/bench_main.c). */
#include "classic.h"

/* A table, not 1 << n: the Z80 shifts one bit per instruction. */
static const uint8_t bit8[8] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80 };

uint16_t classic_gridmask(const classic_box *b)
{
    uint8_t xbits = bit8[b->x >> 5] | bit8[(uint8_t)(b->x + b->w) >> 5];
    uint8_t ybits = bit8[b->y >> 5] | bit8[(uint8_t)(b->y + b->h) >> 5];
    return (uint16_t)(xbits | ((uint16_t)ybits << 8));
}

uint8_t classic_gridmask_test(uint16_t a, uint16_t b)
{
    return (a & b & 0x00FF) && (a & b & 0xFF00);
}

/* The loops walk pointers, not indices: SDCC keeps a pointer in a register pair, while a[i]
   costs a 16-bit multiply-add through IX-based locals each time. */
void classic_gridmask_many(const classic_box *boxes, uint8_t count, uint16_t *masks)
{
    while (count--)
        *masks++ = classic_gridmask(boxes++);
}

uint8_t classic_gridmask_pairs(const uint16_t *masks, uint8_t count, classic_pair *pairs)
{
    uint8_t i, j, found = 0;
    const uint16_t *pa, *pb;
    for (i = 0, pa = masks; i < count; i++, pa++) {
        uint16_t a = *pa;
        for (j = (uint8_t)(i + 1), pb = pa + 1; j < count; j++, pb++) {
            uint16_t b = *pb;
            if ((a & b & 0x00FF) && (a & b & 0xFF00)) { /* the test, inline */
                pairs->a = i;
                pairs->b = j;
                pairs++;
                found++;
            }
        }
    }
    return found;
}
