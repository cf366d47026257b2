/* Private: the teaching-hook macros. They expand to nothing unless EO_TRACE is 1, so the fast
   build pays neither for the calls nor for evaluating their arguments. Each module defines
   EO_THIS_MODULE before including this file. */
#ifndef EARLYOUT_SRC_HOOKS_H
#define EARLYOUT_SRC_HOOKS_H

#include "earlyout/common.h"

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
