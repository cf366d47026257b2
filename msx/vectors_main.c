/* msx/vectors_main.c: the parity ROMs' program, the same in each ROM (one per group of vector
   modules, see mk/msx.mk): the test harness (tests/msx/run.tcl) writes a vector file into the
   ROM's vector area (page 0 RAM in the 32 KiB ROMs, the top of page 3 in the 48 KiB one: see
   msx/crt0_vectors*.s), the ROM runs the shared vector runner over it and leaves the result image
   in page 3 RAM.
   The ROM holds no vectors, so its size does not grow with them, and a new module needs nothing
   here.

   Handshake, through eo_msx_status (its address comes from the link map, see mk/msx.mk):
     ROM      fills in where the file goes and the room there, the same for the result, and
              raises "EOwt" (waiting for vectors)
     harness  writes the file at vec_addr, its length in vec_len, then "EOgo"
     ROM      "EOrn" (running), runs eo_vectors_run, sets result_len, then "EOdn" (done)
   "EOer" instead means the vector area is not RAM (error in result_len: 1). RAM is zeroed by crt0, so no
   stale marker survives a reset. */
#include <stdint.h>

#include "vectors.h"

/* Labels of msx/crt0_rom.s: the RAM for the vector file, the first byte after all
   globals, and the lowest byte the stack may reach. The result goes between the last two
   (about 9 KiB; the runner checks the capacity and writes nothing, returning 0, when a file's
   results would not fit). */
extern uint8_t eo_msx_vec_area[], eo_msx_vec_area_end[];
extern uint8_t eo_msx_free_ram[], eo_msx_stack_guard[];

typedef struct eo_msx_status_t {
    uint8_t magic[4];
    uint16_t vec_addr, vec_room;       /* set by the ROM */
    uint16_t vec_len;                  /* set by the harness before "EOgo" */
    uint16_t result_addr, result_cap;  /* set by the ROM */
    uint16_t result_len;               /* bytes of result; 0 = the runner rejected the file */
} eo_msx_status_t;

volatile eo_msx_status_t eo_msx_status;

static void set_magic(uint8_t a, uint8_t b, uint8_t c, uint8_t d)
{
    eo_msx_status.magic[0] = a;
    eo_msx_status.magic[1] = b;
    eo_msx_status.magic[2] = c;
    eo_msx_status.magic[3] = d;
}

static uint8_t magic_is(uint8_t a, uint8_t b, uint8_t c, uint8_t d)
{
    return eo_msx_status.magic[0] == a && eo_msx_status.magic[1] == b &&
           eo_msx_status.magic[2] == c && eo_msx_status.magic[3] == d;
}

/* 1 if the byte at p keeps what is written there (RAM), else 0. Restores nothing: called
   before the file is loaded. */
static uint8_t is_ram(volatile uint8_t *p)
{
    *p = 0x55u;
    if (*p != 0x55u)
        return 0;
    *p = 0xAAu;
    return *p == 0xAAu;
}

void main(void)
{
    uint16_t vec = (uint16_t)(uintptr_t)eo_msx_vec_area, vec_end = (uint16_t)(uintptr_t)eo_msx_vec_area_end;
    uint16_t res = (uint16_t)(uintptr_t)eo_msx_free_ram, res_end = (uint16_t)(uintptr_t)eo_msx_stack_guard;
    uint16_t len;

    eo_msx_status.vec_addr = vec;
    eo_msx_status.vec_room = (uint16_t)(vec_end - vec);
    eo_msx_status.result_addr = res;
    eo_msx_status.result_cap = res < res_end ? (uint16_t)(res_end - res) : 0u;
    if (!is_ram(eo_msx_vec_area) || !is_ram(eo_msx_vec_area_end - 1)) {
        eo_msx_status.result_len = 1;
        set_magic('E', 'O', 'e', 'r');
        return;
    }
    set_magic('E', 'O', 'w', 't');
    while (!magic_is('E', 'O', 'g', 'o'))
        ; /* the harness writes the file while the CPU spins here */
    set_magic('E', 'O', 'r', 'n');
    len = eo_msx_status.vec_len;
    if (len > eo_msx_status.vec_room)
        len = 0; /* the runner rejects an empty file */
    len = eo_vectors_run(eo_msx_vec_area, len, eo_msx_free_ram, eo_msx_status.result_cap);
    eo_msx_status.result_len = len;
    set_magic('E', 'O', 'd', 'n'); /* last: the harness reads result_len only after this */
}
