/* earlyout/config.h: build-time switches of the core, with their defaults and a validator.

   EO_TRACE (0 or 1, default 0)
       1 compiles the teaching hooks in: every core function records its steps (with the C source
       line) and bumps counters in the eo_hooks the caller passes. 0 (the fast build) compiles them
       to nothing; the hooks argument is then ignored and may be NULL.

   Coordinates are int16_t on every target: worlds from -32768 to 32767 px on each axis. The core
   orders its arithmetic so that no intermediate value leaves that range (no signed overflow, no
   32-bit arithmetic on the Z80 hot paths). */
#ifndef EARLYOUT_CONFIG_H
#define EARLYOUT_CONFIG_H

#ifndef EO_TRACE
#define EO_TRACE 0
#endif

#if EO_TRACE != 0 && EO_TRACE != 1
#error "EO_TRACE must be 0 (fast build) or 1 (teaching hooks compiled in)"
#endif

#endif
