;; msx/demo_isr.s: the demo cartridge's VBlank interrupt (msx/demo_main.c). Page 0 is the ROM's own
;; (msx/crt0_demo.s), so IM 1's address 0x0038 holds JP demo_isr.
;; Every VBlank: read the VDP status (acknowledges the interrupt), count the frame, and upload
;; the shadow sprite table demo_main.c last finished (demo_sat[demo_sat_front]) to VRAM 0x1B00.

	.module demo_isr
	.globl	_demo_jiffy, _demo_sat, _demo_sat_front

VDP_DATA = 0x98
VDP_CTRL = 0x99
SAT_BYTES = 37		; 9 sprites x 4 + the 208 that ends the table (demo_main.c's demo_sat)

	.area	_ISR_VECTOR (ABS)
	.org	0x0038
	jp	demo_isr

	.area	_CODE
_demo_isr_install::
	di
	im	1
	in	a, (VDP_CTRL)	; clear a pending interrupt flag
	ei
	ret

demo_isr:
	push	af
	push	bc
	push	hl
	in	a, (VDP_CTRL)
	ld	hl, (_demo_jiffy)
	inc	hl
	ld	(_demo_jiffy), hl
	ld	a, #0x00	; VRAM write address 0x1B00
	out	(VDP_CTRL), a
	ld	a, #0x5B
	out	(VDP_CTRL), a
	ld	hl, #_demo_sat
	ld	a, (_demo_sat_front)
	or	a, a
	jr	z, 1$
	ld	bc, #SAT_BYTES
	add	hl, bc
1$:
	ld	b, #SAT_BYTES
	ld	c, #VDP_DATA
	otir
	pop	hl
	pop	bc
	pop	af
	ei
	reti
