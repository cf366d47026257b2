;; msx/crt0_rom.s: start-up code of the earlyout MSX cartridge ROMs (sdasz80 syntax).
;;
;; The BIOS scans the slots at boot; a page that starts with "AB" is a cartridge, and the word
;; after it is called with that slot selected in page 1 (0x4000..0x7FFF). Page 3 (0xC000..0xFFFF)
;; is RAM; the BIOS system area starts at 0xF380, so we keep our stack and data below 0xF000.
;; We never return to the BIOS: interrupts stay off, so nothing but our code touches RAM.

	.module crt0_rom
	.globl	_main
	.globl	l__DATA, s__DATA
	.globl	l__INITIALIZER, s__INITIALIZER, s__INITIALIZED

STACK_TOP = 0xF000	; first byte above our stack (SP is pre-decremented)

	.area	_HEADER (ABS)
	.org	0x4000
	.db	0x41, 0x42	; "AB": cartridge ID
	.dw	init		; INIT
	.dw	0x0000		; STATEMENT (BASIC CALL handler): none
	.dw	0x0000		; DEVICE: none
	.dw	0x0000		; TEXT (BASIC program): none
	.dw	0x0000, 0x0000, 0x0000	; reserved

	;; Link order of the areas: everything up to _GSFINAL is ROM (--code-loc),
	;; the rest is RAM (--data-loc).
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
init:
	di
	ld	sp, #STACK_TOP

	;; Zero the uninitialized globals (_DATA): C says they start at 0, RAM says nothing.
	ld	bc, #l__DATA
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
	;; Copy the initial values of initialized globals from ROM (_INITIALIZER) to RAM (_INITIALIZED).
	ld	bc, #l__INITIALIZER
	ld	a, b
	or	a, c
	jr	z, 3$
	ld	de, #s__INITIALIZED
	ld	hl, #s__INITIALIZER
	ldir
3$:
	call	gsinit
	call	_main
	;; main returned: stop here for good (the test harness reads RAM from outside).
4$:
	di
	halt
	jr	4$

	;; SDCC may put start-up code for globals in _GSINIT; _GSFINAL closes it.
	.area	_GSINIT
gsinit::
	.area	_GSFINAL
	ret
