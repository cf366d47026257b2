/* earlyout/pixelmask.h: do two sprites overlap at the pixel level?

   A mask holds one bit per pixel, a word of W pixels at a time. To test two sprites, take the
   overlap rectangle of their boxes (nothing outside it can collide), then for each row inside it
   line up the bits of both (shift) and AND them, a word at a time. A non-zero AND is a hit. This
   is Mark Mackey's XQuest method (1995: one 32-bit word per sprite row, the upper sprite's row
   shifted by the X offset), generalized to any width: only the rows and words inside the overlap
   rectangle are touched, and a word of the sprite further right, rotated once, lines up with the
   two words of the other it straddles.

   Masks
       eo_pixelmask_storage_size(w, h) bytes of caller memory (aligned to EO_PIXELMASK_WORD_BITS/8),
       then eo_pixelmask_init. w and h: 1 .. 4095. The mask is stored in column stripes (as in
       pygame's bitmask.c): stripe k holds columns k*W .. k*W+W-1 of every row, one word per row,
       top row first, so pixel (x, y) is bit x % W of word (x / W) * h + y (W =
       EO_PIXELMASK_WORD_BITS: 64 on 64-bit hosts and in wasm's fast build, 32 in wasm's traced
       build, 8 on the Z80; 8, 16, 32 or 64 at build time, see config.h; every width gives the same
       answers). The tests walk down a stripe through consecutive words. Bits past w in the last
       stripe are kept 0. Build from RGBA (alpha >= threshold is solid) or from indexed pixels
       (index 0 is transparent).

   Placement
       A sprite is drawn with its top-left pixel at (x, y), any eo_coord; mask pixel (i, j) is at
       (x + i, y + j). Boxes are compared without wrapping (eo_coord arithmetic that needs no
       wider type: 16-bit on the Z80).

   Answers (for both placements)
       eo_pixelmask_overlap:   1 if some pixel is solid in both, else 0.
       eo_pixelmask_first_contact: the first such pixel in scan order (top row first, then left to
           right within the row), in world coordinates; *found 0 and the point untouched if none.
       eo_pixelmask_overlap_area: how many pixels are solid in both.
       eo_pixelmask_overlap_reference: the per-pixel loop over the overlap rectangle (the GameDev.net
           article's method, with its rows taken from the right sprite: see lesson 4), for tests and
           for the lesson's comparison. Same answer, pixel by pixel.
       Pairs whose boxes do not overlap are answered first (0) without reading a word; masks are
       checked (EO_ERR_BAD_ARGUMENT if not made by eo_pixelmask_init) before any word is read.

   Counters (traced build): EO_COUNTER_PIXELMASK_ROWS (rows of the rectangle tested), _WORDS (words
   ANDed: of the sprite further right, one per row and stripe), _REF_PIXELS.

   What it does not do
       No rotation, scaling or flipping: a mask is tested as it was built (make one per frame or
       orientation). Whole pixels only: no sub-pixel placement. No depth, normal or push-out: the
       first contact is the first shared pixel in scan order, not the deepest one (contact.h
       separates boxes and circles). No broadphase: it tests the pairs it is given, so call it on
       the few that a box test or a broadphase (sectors.h, sweep.h) kept. Masks never change size
       and never allocate: the caller owns their storage. */
#ifndef EARLYOUT_PIXELMASK_H
#define EARLYOUT_PIXELMASK_H

#include <stddef.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#if EO_PIXELMASK_WORD_BITS == 8
typedef uint8_t eo_pixelmask_word;
#elif EO_PIXELMASK_WORD_BITS == 16
typedef uint16_t eo_pixelmask_word;
#elif EO_PIXELMASK_WORD_BITS == 32
typedef uint32_t eo_pixelmask_word;
#else
typedef uint64_t eo_pixelmask_word;
#endif

#define EO_PIXELMASK_MAX_SIZE 4095

/// A 1-bit-per-pixel mask over caller-owned words. Fields are read-only for callers.
typedef struct eo_pixelmask {
    uint16_t w, h;            /* pixels */
    uint16_t words_per_row;   /* ceil(w / EO_PIXELMASK_WORD_BITS): the stripes */
    eo_pixelmask_word *words;      /* words_per_row stripes of h words */
} eo_pixelmask;

/// Bytes of storage a w x h mask needs; 0 if w or h is outside 1 .. EO_PIXELMASK_MAX_SIZE.
size_t eo_pixelmask_storage_size(uint16_t w, uint16_t h);

/// Sets up an all-clear w x h mask over storage. EO_ERR_BUFFER_TOO_SMALL, EO_ERR_BAD_ARGUMENT
/// (size out of range, storage misaligned for a word), EO_ERR_NULL_POINTER.
eo_result eo_pixelmask_init(eo_pixelmask *mask, uint16_t w, uint16_t h, void *storage, size_t storage_size);

/// Fills the mask from RGBA pixels (4 bytes each, rows `stride` bytes apart, stride >= 4 * w):
/// a pixel is solid when its alpha is >= alpha_threshold (1 .. 255).
eo_result eo_pixelmask_from_rgba(eo_pixelmask *mask, const uint8_t *rgba, uint32_t stride, uint8_t alpha_threshold);

/// Fills the mask from indexed pixels (1 byte each, rows `stride` bytes apart): index 0 is transparent.
eo_result eo_pixelmask_from_indexed(eo_pixelmask *mask, const uint8_t *pixels, uint32_t stride);

/// Sets pixel (x, y) solid (on != 0) or clear. EO_ERR_BAD_ARGUMENT outside the mask.
eo_result eo_pixelmask_set(eo_pixelmask *mask, uint16_t x, uint16_t y, uint8_t on);

/// 1 if pixel (x, y) is solid, 0 if clear or outside the mask (or mask is NULL).
uint8_t eo_pixelmask_get(const eo_pixelmask *mask, uint16_t x, uint16_t y);

/// The overlap rectangle of two half-open boxes, into *out (w = h = 0 at the larger corner when
/// they do not overlap). Returns 1 if it is non-empty. Computed in eo_wide; a rectangle that does
/// not fit eo_coord is reported empty with *out zeroed (cannot happen for boxes whose far edges
/// stay within EO_COORD_MAX).
uint8_t eo_pixelmask_overlap_rect(const eo_box *a, const eo_box *b, eo_box *out);

/// Sets *hit to 1 if the two placed masks share a solid pixel, else 0.
eo_result eo_pixelmask_overlap(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                               const eo_pixelmask *b, eo_coord bx, eo_coord by,
                               uint8_t *hit, eo_hooks *hooks);

/// The first shared solid pixel in scan order (rows top to bottom, pixels left to right), in world
/// coordinates: 32 bits, since a sprite placed near 32767 reaches past int16_t. With 32-bit
/// coordinates a contact pixel past INT32_MAX (a sprite placed within its size of EO_COORD_MAX)
/// is EO_ERR_BAD_ARGUMENT (*found 0). *found is 0 (and
/// *cx, *cy untouched) when there is none.
eo_result eo_pixelmask_first_contact(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                     const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                     uint8_t *found, int32_t *cx, int32_t *cy, eo_hooks *hooks);

/// How many pixels are solid in both placed masks.
eo_result eo_pixelmask_overlap_area(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                    const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                    uint32_t *area, eo_hooks *hooks);

/// The per-pixel reference over the overlap rectangle: same *hit as eo_pixelmask_overlap.
eo_result eo_pixelmask_overlap_reference(const eo_pixelmask *a, eo_coord ax, eo_coord ay,
                                         const eo_pixelmask *b, eo_coord bx, eo_coord by,
                                         uint8_t *hit, eo_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
