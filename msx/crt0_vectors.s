;; msx/crt0_vectors.s: start-up code of the 32 KiB vector ROMs (make msx): msx/crt0_rom.s with RAM
;; in page 0 for the vector file (not from 0: a pointer to address 0 would be NULL in C).
PAGE0_ROM = 0
VEC_ROM = 1
VEC_AREA = 0x0100
VEC_AREA_END = 0x4000
	.include "crt0_rom.s"
