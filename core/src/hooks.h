/* Private: the teaching-hook macros. They expand to nothing unless EO_TRACE is 1, so the fast
   build pays neither for the calls nor for evaluating their arguments. Each module defines
   EO_THIS_MODULE before including this file. */
#ifndef EARLYOUT_SRC_HOOKS_H
#define EARLYOUT_SRC_HOOKS_H

#include "earlyout/common.h"

/* Two coordinates in one trace value: the low 16 bits of each, hi * 65536 + (lo & 0xFFFF) as
   32 bits (the whole values in the 16-bit build). Unsigned, so no value overflows. */
#define EO_PACK16(hi, lo) ((uint32_t)(uint16_t)(hi) << 16 | (uint16_t)(lo))

#if EO_TRACE
#define EO_STEP(hooks, event, a, b) \
    eo_hooks_record((hooks), (uint8_t)(event), (uint8_t)EO_THIS_MODULE, (uint16_t)__LINE__, \
                    (int32_t)(a), (int32_t)(b))
#define EO_COUNT(hooks, counter) \
    do { if (hooks) (hooks)->counters[counter]++; } while (0)
#else
#define EO_STEP(hooks, event, a, b) ((void)0)
#define EO_COUNT(hooks, counter) ((void)0)
#endif

#endif
