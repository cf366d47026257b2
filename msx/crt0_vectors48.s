;; msx/crt0_vectors48.s: start-up code of the 48 KiB vector ROM (the movers, whose code outgrows
;; pages 1 and 2): msx/crt0_rom.s with page 0 from the cartridge, as the demo's, so the vector file
;; goes to page 3, above the stack, where the BIOS kept its system area: nothing calls the BIOS
;; after init and interrupts stay off. 0xFFF0 and up stay clear (0xFFFF is the secondary slot
;; register of an expanded slot).
PAGE0_ROM = 1
VEC_ROM = 1
VEC_AREA = 0xF000
VEC_AREA_END = 0xFFF0
	.include "crt0_rom.s"
