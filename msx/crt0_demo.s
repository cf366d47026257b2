;; msx/crt0_demo.s: start-up code of the demo cartridge (make msx-demo): msx/crt0_rom.s with page 0
;; selected from the cartridge's own slot instead of RAM, so the 48 KiB ROM covers 0x0000..0xBFFF
;; (openMSX: -romtype Page012) and its first 16 KiB hold code and the interrupt vector.
PAGE0_ROM = 1
VEC_ROM = 0
	.include "crt0_rom.s"
