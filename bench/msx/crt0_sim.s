;; bench/msx/crt0_sim.s: start-up code for the benchmark programs run in sz80 (ucsim's Z80), not
;; on an MSX: the code starts at address 0, all 64 KiB are RAM, and HALT stops the simulator,
;; which then prints the T-states it counted ("Simulated N ticks").

	.module crt0_sim
	.globl	_main
	.globl	l__DATA, s__DATA
	.globl	l__INITIALIZER, s__INITIALIZER, s__INITIALIZED

	;; Link order: ROM-like areas from --code-loc 0, RAM areas from --data-loc.
	.area	_CODE
	.area	_HOME
	.area	_INITIALIZER
	.area	_GSINIT
	.area	_GSFINAL
	.area	_DATA
	.area	_INITIALIZED
	.area	_BSEG
	.area	_BSS
	.area	_HEAP

	.area	_CODE
init:				; address 0: the reset vector
	ld	sp, #0x0000	; first push lands at 0xFFFF
	ld	bc, #l__DATA	; zero the uninitialized globals
	ld	a, b
	or	a, c
	jr	z, 2$
	ld	hl, #s__DATA
	ld	(hl), #0x00
	dec	bc
	ld	a, b
	or	a, c
	jr	z, 2$
	ld	e, l
	ld	d, h
	inc	de
	ldir
2$:
	ld	bc, #l__INITIALIZER	; copy the initialized globals
	ld	a, b
	or	a, c
	jr	z, 3$
	ld	de, #s__INITIALIZED
	ld	hl, #s__INITIALIZER
	ldir
3$:
	call	gsinit
	call	_main
	halt			; sz80 stops here

	.area	_GSINIT
gsinit::
	.area	_GSFINAL
	ret
