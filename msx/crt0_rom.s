;; msx/crt0_rom.s: start-up code of the earlyout MSX cartridge ROM (sdasz80 syntax).
;;
;; A 32 KiB cartridge: 0x4000..0xBFFF (pages 1 and 2). The BIOS scans the slots at boot; a page
;; that starts with "AB" is a cartridge, and the word after it is called with that slot selected
;; in page 1 (0x4000..0x7FFF) only. init therefore runs from page 1 until it has selected the
;; cartridge's slot in page 2 too (RSLREG/EXPTBL/SLTTBL give the slot, ENASLT selects it); after
;; that the linker may have put code and constants anywhere in 0x4010..0xBFFF.
;; Page 3 (0xC000..0xFFFF) is RAM; the BIOS system area starts at 0xF380, so we keep our stack and
;; data below 0xF000. Then init puts RAM in page 0 too (the RAM slot of page 3), replacing the
;; BIOS ROM: 16 KiB for the vector file the test harness writes there (msx/vectors_main.c).
;; We never return to the BIOS nor call it after that: interrupts stay off, so nothing but our
;; code touches RAM.
;; The file that includes this one says where page 0 comes from (PAGE0_ROM) and whether the ROM
;; runs vector files (VEC_ROM), then where they go (VEC_AREA .. VEC_AREA_END): msx/crt0_vectors.s (32 KiB, page 0
;; RAM), msx/crt0_vectors48.s (48 KiB, page 0 ROM, the file in page 3), msx/crt0_demo.s (no file).

	.module crt0_rom
	.globl	_main
	.globl	l__DATA, s__DATA
	.globl	l__INITIALIZER, s__INITIALIZER, s__INITIALIZED

STACK_TOP = 0xF000	; first byte above our stack (SP is pre-decremented)
STACK_GUARD = 0xEC00	; lowest byte the stack may reach: globals and results end below it
			; (1 KiB: a slope walk nests moves about 470 bytes deep)
STACK_FILL = 0xE5	; what the stack area holds before use (to measure how deep it went)
	;; For the C side and the harness (mk/msx.mk reads them from the link map).
_eo_msx_stack_top == STACK_TOP
_eo_msx_stack_guard == STACK_GUARD
_eo_msx_stack_fill == STACK_FILL
	.if	VEC_ROM
_eo_msx_vec_area == VEC_AREA
_eo_msx_vec_area_end == VEC_AREA_END
	.endif
PPI_A	= 0xA8		; primary slot register: 2 bits per page, page 0 in bits 0-1
ENASLT	= 0x0024	; BIOS: select slot A (F000SSPP) in the page holding address H
RSLREG	= 0x0138	; BIOS: A = primary slot register (2 bits per page)
EXPTBL	= 0xFCC1	; BIOS: 4 bytes, bit 7 set if primary slot N is expanded
SLTTBL	= 0xFCC5	; BIOS: 4 bytes, secondary slot register of primary slot N

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

	;; Select our own slot (the one page 1 runs from) in page 2 as well. Nothing in page 2 may
	;; be touched before this: the code below is the first module linked, so it is in page 1.
	call	RSLREG
	rrca
	rrca
	and	a, #0x03	; primary slot of page 1
	ld	c, a
	ld	b, #0x00
	ld	hl, #EXPTBL
	add	hl, bc
	ld	a, (hl)
	and	a, #0x80	; expanded?
	or	a, c
	ld	c, a
	ld	a, (hl)
	bit	7, a
	jr	z, 1$
	inc	hl		; SLTTBL = EXPTBL + 4
	inc	hl
	inc	hl
	inc	hl
	ld	a, (hl)
	and	a, #0x0C	; secondary slot of page 1, already in bits 2-3
	or	a, c
	ld	c, a
1$:
	ld	a, c
	ld	h, #0x80
	call	ENASLT
	di			; whatever ENASLT did with interrupts, they stay off

	;; Nothing is on the stack now: fill it, so the harness can see how deep it went.
	ld	hl, #STACK_GUARD
	ld	de, #STACK_GUARD + 1
	ld	bc, #STACK_TOP - STACK_GUARD - 1
	ld	(hl), #STACK_FILL
	ldir

	.if	PAGE0_ROM
	;; The demo cartridge (msx/crt0_demo.s): page 0 is the ROM's own first 16 KiB (code, and
	;; the interrupt vector at 0x0038), from our slot. A primary slot only: in an expanded one
	;; (its secondary register is read through page 3, where our stack is) stop here.
	in	a, (PPI_A)
	ld	b, a
	rrca
	rrca
	and	a, #0x03	; primary slot of page 1: ours
	ld	c, a
	ld	e, a
	ld	d, #0x00
	ld	hl, #EXPTBL
	add	hl, de
	bit	7, (hl)
6$:
	jr	nz, 6$		; expanded: not supported (the screen stays as the BIOS left it)
	ld	a, b
	and	a, #0xFC
	or	a, c
	out	(PPI_A), a
	.else
	;; Page 0: the RAM of page 3's slot, in place of the BIOS ROM.
	in	a, (PPI_A)
	ld	b, a
	rlca
	rlca
	and	a, #0x03	; primary slot of page 3
	ld	c, a
	ld	e, a
	ld	d, #0x00
	ld	hl, #EXPTBL
	add	hl, de
	bit	7, (hl)
	jr	z, 5$
	;; An expanded slot: copy page 3's secondary slot into page 0's bits of the slot's secondary
	;; register (0xFFFF, which reads back inverted; page 3 shows that slot now).
	ld	a, (0xFFFF)
	cpl
	ld	e, a
	rlca
	rlca
	and	a, #0x03
	ld	d, a
	ld	a, e
	and	a, #0xFC
	or	a, d
	ld	(0xFFFF), a
5$:
	ld	a, b
	and	a, #0xFC
	or	a, c
	out	(PPI_A), a
	.endif

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

	;; The first byte after every global: from here up to the stack guard (mk/msx.mk's
	;; MSX_RAM_LIMIT) is free RAM; the vector ROM writes its results there (msx/vectors_main.c).
	.area	_HEAP
_eo_msx_free_ram::
