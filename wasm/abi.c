/* The wasm module's one addition to the core: its struct layout, so the JS loader can check at
   load time that the offsets it was generated with (wasm/src/generated/abi.ts) are the ones this
   .wasm was compiled with. The table is generated from the headers (wasm/gen.mjs writes
   build/wasm/gen/abi_layout.h): nothing here is kept by hand. */
#include <stddef.h>

#include "wasm.h"
#include "abi_layout.h"

#ifndef EO_WASM_MAX_PAGES
#error "EO_WASM_MAX_PAGES (the memory limit in 64 KiB pages, as -sMAXIMUM_MEMORY) must be defined"
#endif

#define EO_WASM_LAYOUT_VALUE_(expr) (int32_t)(expr),
static const int32_t layout[] = { EO_WASM_LAYOUT_TABLE(EO_WASM_LAYOUT_VALUE_) };
#undef EO_WASM_LAYOUT_VALUE_

int32_t eo_wasm_abi(int32_t what)
{
    const int32_t count = (int32_t)(sizeof layout / sizeof layout[0]);
    switch (what) {
    case -1: return count;
    case -2: return (int32_t)EO_TRACE;
    case -3: return (int32_t)EO_WASM_MAX_PAGES;
    case -4: return (int32_t)EO_PIXELMASK_WORD_BITS;
    default: return what >= 0 && what < count ? layout[what] : -1;
    }
}
