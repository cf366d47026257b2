;; msx/crt0_vectors.s: start-up code of the vector ROMs (make msx): msx/crt0_rom.s with RAM in page 0
;; for the vector file.
PAGE0_ROM = 0
	.include "crt0_rom.s"
