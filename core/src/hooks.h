/* Private: the teaching hooks. Each step records the file and line of its hook (__FILE__,
   __LINE__), so a private header's helpers can take steps as well as a module's .c files.

   A step belongs to a line of logic, and a lesson highlights that line, never the hook itself:
     EO_STEP_ABOVE(hooks, event, a, b)   the step of the statement above: what it just computed
     EO_STEP_BELOW(hooks, event, a, b)   the step of the statement below: a test about to be made,
                                         a loop about to run
   Blank lines, comments, lone braces and other hooks in between are skipped. The source view
   hides every hook (web/src/csource.ts) and tests/site/hooks.test.mjs checks that each one, in
   every file, lands on a line of logic.
     EO_COUNT(hooks, counter)            bumps an EO_COUNTER_*
     EO_COUNT_ADD(hooks, counter, n)     adds n to it
     EO_TRACED(...)                      code only the traced build has (a trace-only field, the
                                         value it keeps); hidden by the source view too
   In the fast build (EO_TRACE 0) every one compiles to nothing: no call, no argument evaluated
   (hooks itself is named, so a function that only passes it to its hooks needs no (void)). */
#ifndef EARLYOUT_SRC_HOOKS_H
#define EARLYOUT_SRC_HOOKS_H

#include "earlyout/common.h"

/* Two coordinates in one trace value: the low 16 bits of each, hi * 65536 + (lo & 0xFFFF) as
   32 bits (the whole values in the 16-bit build). Unsigned, so no value overflows. */
#define EO_PACK16(hi, lo) ((uint32_t)(uint16_t)(hi) << 16 | (uint16_t)(lo))

#if EO_TRACE
#define EO_RECORD_(hooks, event, a, b) \
    eo_hooks_record((hooks), (uint8_t)(event), __FILE__, (uint16_t)__LINE__, \
                    (int32_t)(a), (int32_t)(b))
#define EO_STEP_ABOVE(hooks, event, a, b) EO_RECORD_(hooks, event, a, b)
#define EO_STEP_BELOW(hooks, event, a, b) EO_RECORD_(hooks, event, a, b)
#define EO_COUNT(hooks, counter) \
    do { if (hooks) (hooks)->counters[counter]++; } while (0)
#define EO_COUNT_ADD(hooks, counter, n) \
    do { if (hooks) (hooks)->counters[counter] += (uint32_t)(n); } while (0)
#define EO_TRACED(...) __VA_ARGS__
#else
#define EO_STEP_ABOVE(hooks, event, a, b) ((void)(hooks))
#define EO_STEP_BELOW(hooks, event, a, b) ((void)(hooks))
#define EO_COUNT(hooks, counter) ((void)(hooks))
#define EO_COUNT_ADD(hooks, counter, n) ((void)(hooks))
#define EO_TRACED(...)
#endif

#endif
