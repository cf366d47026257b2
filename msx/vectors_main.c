/* msx/vectors_main.c: the parity ROM's program. Runs the shared vector runner over the vector
   file embedded in the ROM, leaves the result image in RAM and raises a "done" marker that
   tests/msx/run.tcl polls from openMSX. The addresses of eo_msx_status and eo_msx_result are
   read from the linker's map at build time (mk/msx.mk), so nothing here is at a fixed address. */
#include <stdint.h>

#include "vectors.h"
#include "gridmask_vec.h" /* generated: eo_msx_vec[], EO_MSX_VEC_LEN */

/* The result of a file of EO_MSX_VEC_LEN bytes can never be larger than this. */
#define RESULT_CAP (EO_VEC_HEADER_SIZE + \
    (EO_MSX_VEC_LEN - EO_VEC_HEADER_SIZE) / EO_VEC_GRIDMASK_CASE_SIZE * EO_VEC_GRIDMASK_RESULT_SIZE)

/* magic: "EOrn" while running, "EOdn" once result_len and eo_msx_result are final.
   RAM is zeroed by crt0, so a stale marker cannot survive a reset. */
typedef struct eo_msx_status_t {
    uint8_t magic[4];
    uint16_t result_len;  /* bytes of eo_msx_result written; 0 = the runner rejected the file */
} eo_msx_status_t;

volatile eo_msx_status_t eo_msx_status;
uint8_t eo_msx_result[RESULT_CAP];

static void set_magic(uint8_t a, uint8_t b, uint8_t c, uint8_t d)
{
    eo_msx_status.magic[0] = a;
    eo_msx_status.magic[1] = b;
    eo_msx_status.magic[2] = c;
    eo_msx_status.magic[3] = d;
}

void main(void)
{
    uint16_t len;
    set_magic('E', 'O', 'r', 'n');
    len = eo_vectors_run(eo_msx_vec, (uint16_t)EO_MSX_VEC_LEN, eo_msx_result, (uint16_t)RESULT_CAP);
    eo_msx_status.result_len = len;
    set_magic('E', 'O', 'd', 'n'); /* last: the harness reads result_len only after this */
}
