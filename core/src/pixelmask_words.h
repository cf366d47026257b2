/* Private: how the pixelmask module stores its words (pixelmask.c writes them, pixelmask_pairs.c
   and core/src/fast/pixelmask_pairs.c read them), and the few operations on a word that each
   compiler does its own way, fenced in one block below (Box2D v3 keeps its instruction sets
   apart the same way): everything else is written once against them. */
#ifndef EARLYOUT_SRC_PIXELMASK_WORDS_H
#define EARLYOUT_SRC_PIXELMASK_WORDS_H

#include <stddef.h>

#include "earlyout/pixelmask.h"
#include "inline.h"

/* W pixels to a word (EO_PIXELMASK_WORD_BITS, config.h); a word with every bit set. */
#define W EO_PIXELMASK_WORD_BITS
#if W == 8
#define LOG2_W 3
#elif W == 16
#define LOG2_W 4
#elif W == 32
#define LOG2_W 5
#else
#define LOG2_W 6
#endif
#define ALL_BITS ((eo_pixelmask_word)~(eo_pixelmask_word)0)

/* Masks are stored in column stripes: stripe k holds columns k * W .. k * W + W-1 of every row,
   one word per row, top row first; pixel (x, y) is bit x % W of word (x / W) * h + y. Testing two
   sprites walks down stripes, through consecutive words (one index for both masks). */
#define WORD_OF(m, x, y) ((m)->words[(size_t)((x) >> LOG2_W) * (m)->h + (y)])

/* 1 if m (with words) was made by eo_pixelmask_init: sizes in range, words_per_row matching w
   (the loops rely on both to stay inside its words). */
INLINE uint8_t mask_ok(const eo_pixelmask *m)
{
    return m->w - 1u < EO_PIXELMASK_MAX_SIZE && m->h - 1u < EO_PIXELMASK_MAX_SIZE &&
           m->words_per_row == (uint16_t)((m->w + W - 1u) >> LOG2_W);
}

/* v rotated up s places (s: 0 .. W-1), bit i going to bit (i + s) % W: its bits s .. W-1 are
   v << s, its bits 0 .. s-1 are v's top s bits. */
INLINE eo_pixelmask_word rotate_up(eo_pixelmask_word v, uint8_t s)
{
#if W == 8
    uint16_t x = (uint16_t)((uint16_t)v << s); /* one shift: the bits leaving the low byte land in the high one */
    return (eo_pixelmask_word)(x | (x >> 8));
#else
    return (eo_pixelmask_word)((eo_pixelmask_word)(v << s) | (eo_pixelmask_word)(v >> ((W - s) & (W - 1u))));
#endif
}

/* ---- Per compiler: the index of the lowest set bit (the leftmost pixel of a word), and how many
   bits are set. gcc and clang have builtins, one instruction where the target has it (x86's bsf
   and, with POPCNT, popcnt; ARM; wasm); EO_POPCOUNT_BUILTIN (config.h) says where the count is
   one. Elsewhere (SDCC for the Z80; x86-64 without POPCNT), portable C. */
#if defined(__GNUC__)

INLINE uint8_t lowest_set_bit(eo_pixelmask_word v) /* v != 0 */
{
#if W == 64
    return (uint8_t)__builtin_ctzll(v);
#else
    return (uint8_t)__builtin_ctz(v);
#endif
}

#else /* a loop: at most 7 turns with the Z80's 8-bit words */

INLINE uint8_t lowest_set_bit(eo_pixelmask_word v) /* v != 0 */
{
    uint8_t i = 0;
    while (!(v & 1u)) {
        v >>= 1;
        i++;
    }
    return i;
}

#endif

#if EO_POPCOUNT_BUILTIN

INLINE uint8_t bits_set(eo_pixelmask_word v)
{
#if W == 64
    return (uint8_t)__builtin_popcountll(v);
#else
    return (uint8_t)__builtin_popcount(v);
#endif
}

#else /* SWAR (Hacker's Delight, 5-1): sums of bit pairs, then of nibbles, then of bytes, and one
         multiply adds the bytes up into the top one */

#define PAIR_SUMS(v) ((eo_pixelmask_word)((v) - (((v) >> 1) & (ALL_BITS / 3u))))                       /* 0x55.. */
#define NIBBLE_SUMS(v) ((eo_pixelmask_word)(((v) & (ALL_BITS / 5u)) + (((v) >> 2) & (ALL_BITS / 5u)))) /* 0x33.. */
#define BYTE_SUMS(v) ((eo_pixelmask_word)(((v) + ((v) >> 4)) & (ALL_BITS / 17u)))                      /* 0x0F.. */
#if W == 8
#define ADD_BYTES(v) ((uint8_t)(v))
#else
#define ADD_BYTES(v) ((uint8_t)((eo_pixelmask_word)((v) * (ALL_BITS / 255u)) >> (W - 8))) /* 0x01.. */
#endif

INLINE uint8_t bits_set(eo_pixelmask_word v)
{
    v = NIBBLE_SUMS(PAIR_SUMS(v));
    return ADD_BYTES(BYTE_SUMS(v));
}

#endif

#endif
