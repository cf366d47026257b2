# MSX: the core compiled by SDCC for the Z80.
#   make msx         build/msx/earlyout-vectors-<group>.rom: 32 KiB cartridges that run the vector
#                    files of their group of modules (broadphase: gridmask, aabb, sectors;
#                    pixelmask; tiles: tiles and slopes; raycast: rays over tile maps; query: point, region and
#                    segment queries, with the sectors and sweep they read; contact: push-out and time
#                    of impact), and build/msx/earlyout-vectors-move.rom, a 48 KiB one for the movers
#                    (eo_move with the sectors, tiles and events it reads)
#                    and prints the core's Z80 code and data per module (build/msx/sizes.md)
#   make test-msx    run them in openMSX (C-BIOS, headless) on every module's vector file and
#                    compare with the native results
#   make bench-msx   Z80 T-states (sz80): grid masks vs the classic formulation, and the broadphases
#                    (all pairs, sectors, sort-and-sweep) on the GameDev.net article's 32-object scene,
#                    pixel masks, and tile movers per frame vs the pixel-by-pixel reference mover
# Included by the Makefile, which defines BUILD, CC, CORE_SRC, CORE_HDR, CORE_INC and NATIVE, and
# (mk/core-tests.mk) VECTOR_MODULES.
#
# Approach: a ROM holds the code (the runner and the core), no vectors; the harness writes each
# module's vector file into RAM and the ROM runs it, one openMSX run per module (each with a fresh
# settings folder). Why: the runner (tests/vectors/vectors.c) dispatches on the module byte, so it
# links every module it is compiled with: the broadphase modules are about 24 KiB of Z80 code with
# SDCC's runtime, tiles and slopes about 13 KiB more, so the whole core no longer fits one 32 KiB
# cartridge. Rather than a mapper, the runner is compiled once per group of modules
# (EO_VEC_BROADPHASE, EO_VEC_PIXELMASK, ...: MSX_GROUPS below) into one plain 32 KiB ROM
# each (the movers' into a 48 KiB one), with the same program and harness (gridmask, aabb, sectors, sweep and pixelmask
# together outgrew one; the queries, which link sectors and sweep again, have their own). In RAM,
# each file has 16 KiB to itself, a ROM does not change when the vectors do, and a new module
# needs only its group below (msx_group_<module>, default broadphase).
# Memory map while it runs (C-BIOS_MSX1: cartridge in slot 1, 64 KiB RAM in slot 3):
#   0x0000..0x00FF  page 0 RAM (crt0 selects it after the BIOS is no longer needed), unused
#   0x0100..0x3FFF  the vector file, written by tests/msx/run.tcl (at most 16128 bytes)
#   0x4000..0x400F  cartridge header (msx/crt0_rom.s); init selects our slot in page 2 (ENASLT)
#   0x4010..0xBFFF  code and constants: msx/crt0_rom.s first (it must run from page 1), the
#                   program, the runner, the core library, SDCC's runtime; unused bytes 0xFF
#   0xC000..        globals (the runner's scene and sprite buffers, the status block), zeroed by crt0
#   eo_msx_free_ram .. 0xEBFF  the result image (room checked by the runner at run time)
#   0xEC00..0xEFFF  stack (crt0 fills it; run.tcl fails the run if it reached 0xEC00); BIOS from 0xF380
# The link fails (msx/ihx2rom.sh) if the code outgrows 32 KiB, and (msx/map2tcl.sh) if the
# globals reach the stack; the run fails if a vector file or its results do not fit.
# The movers' runner (group move) links about 40 KiB of code: its ROM is 48 KiB, built like the
# demo cartridge's (openMSX: Page012; page 0 from the cartridge, with the tile files and events in
# _CODE0 from 0x0100: MSX_MOVE_PAGE0 below), and msx/crt0_vectors48.s puts its vector area at
# 0xF000..0xFFEF (the BIOS system area, unused once init is done: 4,080 bytes) while its results
# stay between the globals and the stack.

MSX        := $(BUILD)/msx
SDCC       ?= sdcc
SDAS       ?= sdasz80
SDAR       ?= sdar
OPENMSX    ?= openmsx
# Warnings are errors (--Werror); msx_cc below also fails on any other compiler message.
SDCC_Z80   := $(SDCC) -mz80 --std-c99 --Werror --opt-code-speed --max-allocs-per-node 20000
MSX_ROM_START := 0x4000
MSX_ROM_SIZE  := 0x8000
MSX_CODE_LOC  := 0x4010
MSX_DATA_LOC  := 0xC000
# ROM groups, the runner's flags for each, and each module's group.
MSX_GROUPS := broadphase pixelmask tiles raycast query contact move
# A group's runner has its own switch (EO_VEC_<GROUP>, tests/vectors/vectors.h) on and every other off.
msx_upper = $(shell echo '$(1)' | tr a-z A-Z)
msx_flags = $(foreach g,$(MSX_GROUPS),-DEO_VEC_$(call msx_upper,$(g))=$(if $(filter $(g),$(1)),1,0))
msx_group_pixelmask  := pixelmask
msx_group_tiles      := tiles
msx_group_tiles16    := tiles
msx_group_tiles_sweep := tiles
msx_group_raycast    := raycast
msx_group_query      := query
msx_group_contact    := contact
msx_group_move       := move
msx_group = $(or $(msx_group_$(1)),broadphase)
MSX_ROMS   := $(foreach g,$(MSX_GROUPS),$(MSX)/earlyout-vectors-$(g).rom)
MSX_SYMS   := $(foreach g,$(MSX_GROUPS),$(MSX)/earlyout-vectors-$(g).syms.tcl)
MSX_LIB    := $(MSX)/earlyout.lib
# The demo cartridge (see "demo cartridge" below) and what its test in test-msx needs
# (tests/msx/demo.sh: the ROM played in openMSX, then its recorded input replayed natively and in
# wasm by tests/msx/demo_replay.c: the three hashes must agree). Set here: prerequisites expand
# where a rule is read.
MSX_DEMO   := $(MSX)/earlyout-demo
MSX_DEMO_TEST := $(MSX_DEMO).rom $(MSX_DEMO).syms.tcl $(MSX)/demo/demo_replay $(MSX)/demo/demo_replay.wasm \
                 tests/msx/demo.sh tests/msx/demo.tcl tests/msx/verdict.tcl tests/msx/demo_replay.mjs
# The core as the MSX build has it (EO_Z80_ASM=1, config.h): core/src/*.c, but where core/src/z80/
# has a file of the same name, which stands in for it (Z80 assembly kernels; the Makefile's
# core_sources), plus the z80 folder's own helpers (files with no portable counterpart).
CORE_Z80_SRC := $(call core_sources,z80) \
                $(filter-out $(addprefix core/src/z80/,$(notdir $(CORE_SRC))),$(wildcard core/src/z80/*.c))
CORE_Z80_HDR := $(wildcard core/src/z80/*.h)
MSX_CORE_REL := $(patsubst core/src/%.c,$(MSX)/core/%.rel,$(subst core/src/z80/,core/src/,$(CORE_Z80_SRC)))

.PHONY: msx test-msx bench-msx
msx: $(MSX_ROMS) $(MSX_SYMS) $(MSX)/sizes.md
	@cat $(MSX)/sizes.md
# The core's Z80 code and data per module and file, as a game would link them (msx/rel_sizes.sh).
$(MSX)/sizes.md: $(MSX_CORE_REL) msx/rel_sizes.sh
	msx/rel_sizes.sh $@ $(MSX_CORE_REL)

# $(call msx_cc,FLAGS): compile $< to $@; SDCC's messages are kept in $@.diag and any at all
# (warning, info, error) fails the build, so the core stays warning-free for SDCC.
define msx_cc
@mkdir -p $(@D)
@echo "$(SDCC_Z80) $(strip $(1)) -c $< -o $@"
@$(SDCC_Z80) $(1) -c $< -o $@ 2> $@.diag; st=$$?; cat $@.diag >&2; \
  if [ $$st -ne 0 ] || [ -s $@.diag ]; then rm -f $@; echo "sdcc: $< must compile without any message" >&2; exit 1; fi
endef

# The core: fast build (EO_TRACE unset) with the Z80 kernels, one .rel per source file, in a
# library so the linker takes only the modules a program uses.
$(MSX)/core/%.rel: core/src/z80/%.c $(CORE_HDR) $(CORE_Z80_HDR) $(CORE_SRC) mk/msx.mk
	$(call msx_cc,$(CORE_INC) -DEO_Z80_ASM=1)
$(MSX)/core/%.rel: core/src/%.c $(CORE_HDR) $(CORE_Z80_HDR) mk/msx.mk
	$(call msx_cc,$(CORE_INC) -DEO_Z80_ASM=1)
$(MSX_LIB): $(MSX_CORE_REL)
	rm -f $@
	$(SDAR) -rc $@ $^

# 48 KiB ROMs (the demo cartridge, the movers' vector ROM; openMSX: -romtype Page012) add page 0:
# 0x0100..0x3FFF (16,128 bytes) hold copies of core files compiled into the area _CODE0, linked
# before the library. $(call msx_page0_check,MAP) fails the link, rather than let page 0 run into
# the cartridge header, and prints the room left.
MSX_ROM48_SIZE := 0xC000
MSX_CODE0 := 0x0100
$(MSX)/page0/%.rel: core/src/%.c $(CORE_HDR) $(CORE_Z80_HDR) mk/msx.mk
	$(call msx_cc,$(CORE_INC) -DEO_Z80_ASM=1 --codeseg CODE0)
define msx_page0_check
@set -- $$(awk '$$1 == "_CODE0" { print $$2, $$3 }' $(1)); end=$$((0x$$1 + 0x$$2)); \
  printf '%s: page 0 code 0x%04X..0x%04X (%d bytes free)\n' $(1) $$((0x$$1)) $$end $$((0x4000 - end)); \
  [ $$end -le $$((0x4000)) ] || { rm -f $@; echo "$(1): page 0 overflows into the cartridge header: move a file out of its page 0 list (mk/msx.mk)" >&2; exit 1; }
endef

$(MSX)/rom/crt0_rom.rel: msx/crt0_vectors.s msx/crt0_rom.s
	@mkdir -p $(@D)
	$(SDAS) -g -o $@ $<
$(MSX)/rom/crt0_vectors48.rel: msx/crt0_vectors48.s msx/crt0_rom.s
	@mkdir -p $(@D)
	$(SDAS) -g -o $@ $<
$(MSX)/rom/vectors-%.rel: tests/vectors/vectors.c tests/vectors/vectors.h $(CORE_HDR) mk/msx.mk
	$(call msx_cc,$(CORE_INC) -Itests/vectors $(call msx_flags,$*))
$(MSX)/rom/vectors_main.rel: msx/vectors_main.c tests/vectors/vectors.h mk/msx.mk
	$(call msx_cc,-Itests/vectors)

# crt0 first: its area list fixes the layout (ROM areas from --code-loc, RAM from --data-loc),
# and its init must be in page 1.
$(MSX)/earlyout-vectors-%.ihx: $(MSX)/rom/crt0_rom.rel $(MSX)/rom/vectors_main.rel $(MSX)/rom/vectors-%.rel $(MSX_LIB)
	$(SDCC) -mz80 --no-std-crt0 --code-loc $(MSX_CODE_LOC) --data-loc $(MSX_DATA_LOC) -o $@ $^
# The map gives the addresses run.tcl needs; the globals must end below the stack guard.
$(MSX)/earlyout-vectors-%.syms.tcl: $(MSX)/earlyout-vectors-%.ihx msx/map2tcl.sh
	msx/map2tcl.sh $(MSX)/earlyout-vectors-$*.map $@ eo_msx_stack_guard \
	  eo_msx_status eo_msx_stack_guard eo_msx_stack_top eo_msx_stack_fill
# Fails (instead of truncating) when the program outgrows the 32 KiB.
$(MSX)/earlyout-vectors-%.rom: $(MSX)/earlyout-vectors-%.ihx msx/ihx2rom.sh
	msx/ihx2rom.sh $(MSX_ROM_START) $(MSX_ROM_SIZE) $< $@
# The movers' 48 KiB ROM (explicit rules win over the patterns above): MSX_MOVE_PAGE0 in page 0,
# linked before the library, which then leaves those files out.
MSX_MOVE_PAGE0 := $(patsubst %,$(MSX)/page0/%.rel,tiles tiles_move tiles_touch tiles_kinds events)
$(MSX)/earlyout-vectors-move.ihx: $(MSX)/rom/crt0_vectors48.rel $(MSX)/rom/vectors_main.rel $(MSX)/rom/vectors-move.rel \
                                  $(MSX_MOVE_PAGE0) $(MSX_LIB)
	$(SDCC) -mz80 --no-std-crt0 --code-loc $(MSX_CODE_LOC) --data-loc $(MSX_DATA_LOC) -Wl-b_CODE0=$(MSX_CODE0) -o $@ $^
	$(call msx_page0_check,$(MSX)/earlyout-vectors-move.map)
$(MSX)/earlyout-vectors-move.rom: $(MSX)/earlyout-vectors-move.ihx msx/ihx2rom.sh
	msx/ihx2rom.sh 0x0000 $(MSX_ROM48_SIZE) $< $@
.PRECIOUS: $(MSX)/earlyout-vectors-%.ihx $(MSX)/rom/vectors-%.rel

# ---- parity test -----------------------------------------------------------------------------
# One openMSX run per module, in sequence (tests/msx/run.sh: fresh settings folder each time under
# build/msx/vectors/<module>/, so nothing leaks into ~/.openMSX or the next run; limits of
# MSX_TIMEOUT emulated and MSX_REALTIME real seconds, backed by `timeout`; the stale result is
# deleted first). Then one comparison of every module with its native result: a line per module
# ("msx-<module>: ..."), then the suite's line "msx: N passed, N failed". A module whose run
# failed has no result: all its cases count as failed.
# The shared vectors and the int16-world ones (VECTOR_INT16: their answers need the world to end at
# 32767, so only the 16-bit builds run them); never the wide-range ones (VECTOR_WIDE: 32-bit
# coordinates, which the Z80 build does not have).
MSX_MODULES  := $(VECTOR_MODULES) $(VECTOR_INT16)
MSX_TIMEOUT  ?= 300
MSX_REALTIME ?= 900  # a backstop only: the emulated limit is what stops a stuck ROM (make test runs suites side by side)
MSX_NATIVE   := $(foreach m,$(MSX_MODULES),$(BUILD)/vectors/$(m).native.out)

$(MSX)/compare: tests/msx/compare.c tests/vectors/vectors.h
	@mkdir -p $(@D)
	$(CC) -std=c99 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wconversion -O2 -Itests/vectors $< -o $@

# The Z80 kernels (core/src/z80/, EO_Z80_ASM) against the C they stand for, both on sz80: for
# each module with assembly, its portable files compiled a second time with EO_Z80_ASM=0 and every
# function they define renamed with a _c suffix (read from the files: a definition starts at column
# 0), linked beside the library with tests/msx/<module>_asm.c, which leaves <module>_result for
# tests/msx/asm_check.sh. Their rounds count in the msx suite.
MSXT := $(MSX)/test
MSX_ASM_MODULES := sweep gridmask sectors tiles
# A module's portable files: <module>.c, and sweep's scan (its Z80 kernels stand in for that file).
msx_asm_files_sweep := sweep sweep_scan
msx_asm_files_sectors := sectors sectors_pairs
msx_asm_files = $(or $(msx_asm_files_$(1)),$(1))
msx_asm_module = $(firstword $(subst _, ,$(1)))
msx_def_sed := s/^[a-z][a-z0-9_ *]* \**\(eo_[a-z0-9_]*\)(.*/\1/p
msx_defined = $(shell sed -n '$(msx_def_sed)' $(1))
msx_asm_names = $(call msx_defined,$(foreach f,$(call msx_asm_files,$(1)),core/src/$(f).c))
$(MSXT)/%_c.rel: core/src/%.c $(CORE_HDR) mk/msx.mk
	$(call msx_cc,$(CORE_INC) -DEO_Z80_ASM=0 $(foreach f,$(call msx_asm_names,$(call msx_asm_module,$*)),-D$(f)=$(f)_c))
$(MSXT)/%_asm_main.rel: tests/msx/%_asm.c tests/msx/rng16.h tests/msx/random_boxes.h $(CORE_HDR) mk/msx.mk
	$(call msx_cc,$(CORE_INC))
.SECONDEXPANSION:
$(MSXT)/%_asm.ihx: $(MSX)/bench/crt0_sim.rel $(MSXT)/%_asm_main.rel $$(foreach f,$$(call msx_asm_files,$$*),$(MSXT)/$$(f)_c.rel) $(MSX_LIB)
	$(SDCC) -mz80 --no-std-crt0 --code-loc 0x0000 --data-loc 0x8000 -o $@ $^
$(MSXT)/%_asm.out: $(MSXT)/%_asm.ihx bench/msx/ticks.sh
	bench/msx/ticks.sh $< $@ $*_result 7
.PRECIOUS: $(MSXT)/%_c.rel $(MSXT)/%_asm_main.rel $(MSXT)/%_asm.ihx
MSX_ASM_OUTS := $(foreach m,$(MSX_ASM_MODULES),$(MSXT)/$(m)_asm.out)

test-msx: $(MSX_ROMS) $(MSX_SYMS) $(MSX)/sizes.md $(MSX_NATIVE) $(MSX)/compare tests/msx/run.tcl tests/msx/verdict.tcl tests/msx/run.sh \
          $(MSX_ASM_OUTS) tests/msx/asm_check.sh $(MSX_DEMO_TEST)
	@MSX_TIMEOUT=$(MSX_TIMEOUT) MSX_REALTIME=$(MSX_REALTIME) OPENMSX=$(OPENMSX) \
	  tests/msx/demo.sh $(MSX_DEMO).rom $(MSX_DEMO).syms.tcl $(MSX)/demo/demo_replay $(MSX)/demo/demo_replay.wasm \
	    $(MSX)/demo/test || true; \
	args="--counted demo $(MSX)/demo/test/demo.counts"; for m in $(MSX_ASM_MODULES); do \
	  tests/msx/asm_check.sh $$m $(MSXT)/$${m}_asm.out $(MSXT)/$${m}_asm.counts || true; \
	  args="$$args --counted $$m-asm $(MSXT)/$${m}_asm.counts"; \
	done; \
	runs=0; for mg in $(foreach m,$(MSX_MODULES),$(m):$(call msx_group,$(m))); do \
	  m=$${mg%%:*}; rom=$(MSX)/earlyout-vectors-$${mg#*:}; \
	  MSX_TIMEOUT=$(MSX_TIMEOUT) MSX_REALTIME=$(MSX_REALTIME) OPENMSX=$(OPENMSX) \
	    tests/msx/run.sh $$rom.rom $$rom.syms.tcl tests/vectors/$$m.vec \
	      $(MSX)/vectors/$$m/msx.out $(MSX)/vectors/$$m || runs=$$((runs + 1)); \
	  args="$$args $$m $(BUILD)/vectors/$$m.native.out $(MSX)/vectors/$$m/msx.out"; \
	done; \
	$(MSX)/compare $$args && [ $$runs -eq 0 ]

# ---- Z80 benchmark ---------------------------------------------------------------------------
# Programs for sz80, one per operation and loop count, each run once for its T-states
# (bench/msx/ticks.sh); (ticks(K) - ticks(0)) / K is one iteration.
#   <op>-<K>.ihx        grid masks: core vs the classic formulation (bench/msx/bench_main.c)
#   scene-<op>-<K>.ihx  broadphases on the article's 32-object scene, K frames (bench/msx/scene_main.c)
MSXB := $(MSX)/bench
BENCH_MSX_K ?= 64
# Operation names and their BENCH_OP numbers (see bench/msx/bench_main.c).
BENCH_MSX_OPS := loop classic_build core_build classic_test core_test core_layout_check \
                 classic_build8 core_build8 classic_pairs8 core_pairs8
bench_op_num_loop := 0
bench_op_num_classic_build := 1
bench_op_num_core_build := 2
bench_op_num_classic_test := 3
bench_op_num_core_test := 4
bench_op_num_core_layout_check := 5
bench_op_num_classic_build8 := 6
bench_op_num_core_build8 := 7
bench_op_num_classic_pairs8 := 8
bench_op_num_core_pairs8 := 9
BENCH_MSX_TICKS := $(foreach op,$(BENCH_MSX_OPS),$(MSXB)/$(op)-0.ticks $(MSXB)/$(op)-$(BENCH_MSX_K).ticks)
# The scene's methods and their SCENE_OP numbers (see bench/msx/scene_main.c).
SCENE_MSX_K ?= 32
SCENE_MSX_OPS := move brute_x brute_y sectors_2x2 sectors_4x3 sectors_4x4 sectors_8x6 \
                 persistent_2x2 persistent_8x6 sweep_x sweep_y sweep_ws_x sweep_ws_y sweep_ws_x_c sweep_ws_y_c
scene_op_num_move := 0
scene_op_num_brute_x := 1
scene_op_num_brute_y := 2
scene_op_num_sectors_2x2 := 3
scene_op_num_sectors_4x3 := 4
scene_op_num_sectors_4x4 := 5
scene_op_num_sectors_8x6 := 6
scene_op_num_persistent_2x2 := 7
scene_op_num_persistent_8x6 := 8
scene_op_num_sweep_x := 9
scene_op_num_sweep_y := 10
scene_op_num_sweep_ws_x := 11
scene_op_num_sweep_ws_y := 12
# The same two linked with the sweep in plain C (EO_Z80_ASM=0), to show what its assembly buys.
SCENE_MSX_PLAIN := sweep_ws_x_c sweep_ws_y_c
scene_op_num_sweep_ws_x_c := 11
scene_op_num_sweep_ws_y_c := 12
SCENE_MSX_TICKS := $(foreach op,$(SCENE_MSX_OPS),$(MSXB)/scene-$(op)-0.ticks $(MSXB)/scene-$(op)-$(SCENE_MSX_K).ticks)

# Pixel masks: one 16 x 16 pair at each X shift 0..7 (bench/msx/pixel_main.c).
PIXEL_MSX_K ?= 16
PIXEL_MSX_SHIFTS := 0 1 2 3 4 5 6 7
pixel_op_num_bare := 0
pixel_op_num_mask := 1
pixel_op_num_ref := 2
PIXEL_MSX_TICKS := $(foreach op,bare mask ref,$(foreach s,$(PIXEL_MSX_SHIFTS),$(MSXB)/pixel-$(op)-$(s)-0.ticks $(MSXB)/pixel-$(op)-$(s)-$(PIXEL_MSX_K).ticks))

# Tiles and slopes: 8 movers on a 32 x 24 map of 8 px tiles for K frames, and single calls K
# times (bench/msx/tiles_main.c; TILES_OP numbers there).
TILES_MSX_K ?= 16
TILES_MSX_OPS := frame_bare frame_walk frame_move frame_ref call_bare call_free call_land call_walk ref_free ref_land \
                 call_fixed call_sense call_sweep ref_sweep call_dash_move call_ramp_land call_walk_move \
                 call_probe call_touching call_hero call_probe_hand
tiles_op_num_frame_bare := 0
tiles_op_num_frame_walk := 1
tiles_op_num_frame_move := 2
tiles_op_num_frame_ref := 3
tiles_op_num_call_bare := 4
tiles_op_num_call_free := 5
tiles_op_num_call_land := 6
tiles_op_num_call_walk := 7
tiles_op_num_ref_free := 8
tiles_op_num_ref_land := 9
tiles_op_num_call_fixed := 10
tiles_op_num_call_sense := 11
tiles_op_num_call_sweep := 12
tiles_op_num_ref_sweep := 13
tiles_op_num_call_dash_move := 14
tiles_op_num_call_ramp_land := 15
tiles_op_num_call_walk_move := 16
tiles_op_num_call_probe := 17
tiles_op_num_call_touching := 18
tiles_op_num_call_hero := 19
tiles_op_num_call_probe_hand := 20
TILES_MSX_TICKS := $(foreach op,$(TILES_MSX_OPS),$(MSXB)/tiles-$(op)-0.ticks $(MSXB)/tiles-$(op)-$(TILES_MSX_K).ticks)

$(MSXB)/crt0_sim.rel: bench/msx/crt0_sim.s
	@mkdir -p $(@D)
	$(SDAS) -g -o $@ $<
$(MSXB)/classic.rel: bench/msx/classic.c bench/msx/classic.h
	$(call msx_cc,)
# main-<op>-<K>.rel: the stem's first word is the operation, the second the loop count.
$(MSXB)/main-%.rel: bench/msx/bench_main.c bench/msx/classic.h $(CORE_HDR)
	$(call msx_cc,$(CORE_INC) -Ibench/msx -DBENCH_OP=$(bench_op_num_$(word 1,$(subst -, ,$*))) -DBENCH_K=$(word 2,$(subst -, ,$*)))
$(MSXB)/scene_main-%.rel: bench/msx/scene_main.c tests/core/sweep_reference.h $(CORE_HDR)
	$(call msx_cc,$(CORE_INC) -Itests/core -DSCENE_OP=$(scene_op_num_$(word 1,$(subst -, ,$*))) -DSCENE_K=$(word 2,$(subst -, ,$*)))
$(MSXB)/pixel_main-%.rel: bench/msx/pixel_main.c $(CORE_HDR)
	$(call msx_cc,$(CORE_INC) -DPIXEL_OP=$(pixel_op_num_$(word 1,$(subst -, ,$*))) -DPIXEL_SHIFT=$(word 2,$(subst -, ,$*)) -DPIXEL_K=$(word 3,$(subst -, ,$*)))
# Code from address 0 (crt0_sim first), data from 0x8000: sz80's Z80 has 64 KiB of RAM.
$(MSXB)/pixel-%.ihx: $(MSXB)/crt0_sim.rel $(MSXB)/pixel_main-%.rel $(MSX_LIB)
	$(SDCC) -mz80 --no-std-crt0 --code-loc 0x0000 --data-loc 0x8000 -o $@ $^
$(MSXB)/pixel-%.ticks: $(MSXB)/pixel-%.ihx bench/msx/ticks.sh
	bench/msx/ticks.sh $< $@ bench_result 5
$(MSXB)/tiles_main-%.rel: bench/msx/tiles_main.c tests/core/tiles_reference.h $(CORE_HDR)
	$(call msx_cc,$(CORE_INC) -Itests/core -DTILES_OP=$(tiles_op_num_$(word 1,$(subst -, ,$*))) -DTILES_K=$(word 2,$(subst -, ,$*)))
$(MSXB)/tiles-%.ihx: $(MSXB)/crt0_sim.rel $(MSXB)/tiles_main-%.rel $(MSX_LIB)
	$(SDCC) -mz80 --no-std-crt0 --code-loc 0x0000 --data-loc 0x8000 -o $@ $^
$(MSXB)/tiles-%.ticks: $(MSXB)/tiles-%.ihx bench/msx/ticks.sh
	bench/msx/ticks.sh $< $@ bench_result 3
.PRECIOUS: $(MSXB)/tiles-%.ihx $(MSXB)/tiles_main-%.rel
$(MSXB)/scene-%.ihx: $(MSXB)/crt0_sim.rel $(MSXB)/scene_main-%.rel $(MSX_LIB)
	$(SDCC) -mz80 --no-std-crt0 --code-loc 0x0000 --data-loc 0x8000 -o $@ $^
# Explicit rules win over the pattern: sweep_plain.rel, linked first, leaves the library's sweep out.
$(MSXB)/sweep_plain.rel: core/src/sweep.c $(CORE_HDR) mk/msx.mk
	$(call msx_cc,$(CORE_INC) -DEO_Z80_ASM=0)
define scene_plain_rule
$(MSXB)/scene-$(1)-$(2).ihx: $(MSXB)/crt0_sim.rel $(MSXB)/scene_main-$(1)-$(2).rel $(MSXB)/sweep_plain.rel $(MSX_LIB)
	$$(SDCC) -mz80 --no-std-crt0 --code-loc 0x0000 --data-loc 0x8000 -o $$@ $$^
endef
$(foreach op,$(SCENE_MSX_PLAIN),$(foreach k,0 $(SCENE_MSX_K),$(eval $(call scene_plain_rule,$(op),$(k)))))
$(MSXB)/%.ihx: $(MSXB)/crt0_sim.rel $(MSXB)/main-%.rel $(MSXB)/classic.rel $(MSX_LIB)
	$(SDCC) -mz80 --no-std-crt0 --code-loc 0x0000 --data-loc 0x8000 -o $@ $^
# scene programs also leave bench_result (pairs found: u32, error: u8) for the report to check.
$(MSXB)/scene-%.ticks: $(MSXB)/scene-%.ihx bench/msx/ticks.sh
	bench/msx/ticks.sh $< $@ bench_result 5
$(MSXB)/%.ticks: $(MSXB)/%.ihx bench/msx/ticks.sh
	bench/msx/ticks.sh $< $@

bench-msx: $(BENCH_MSX_TICKS) $(SCENE_MSX_TICKS) $(PIXEL_MSX_TICKS) $(TILES_MSX_TICKS) bench/msx/report.sh bench/msx/scene_report.sh bench/msx/pixel_report.sh bench/msx/tiles_report.sh
	@{ bench/msx/report.sh $(MSXB) $(BENCH_MSX_K) && echo && \
	   bench/msx/scene_report.sh $(MSXB) $(SCENE_MSX_K) && echo && \
	   bench/msx/pixel_report.sh $(MSXB) $(PIXEL_MSX_K) && echo && \
	   bench/msx/tiles_report.sh $(MSXB) $(TILES_MSX_K); } > $(MSXB)/bench-msx.md.tmp; st=$$?; \
	cat $(MSXB)/bench-msx.md.tmp; [ $$st -eq 0 ] && mv $(MSXB)/bench-msx.md.tmp $(MSXB)/bench-msx.md
.PRECIOUS: $(MSXB)/%.ihx $(MSXB)/scene-%.ihx $(MSXB)/main-%.rel $(MSXB)/scene_main-%.rel $(MSXB)/pixel-%.ihx $(MSXB)/pixel_main-%.rel

# ---- demo cartridge --------------------------------------------------------------------------
#   make msx-demo    build/msx/earlyout-demo.rom: the game of msx/cartridge.c in Screen 2 with
#                    sprites (msx/demo_main.c)
#   make run-msx     opens it in an openMSX window (C-BIOS_MSX1): cursor keys or joystick, space
# A 48 KiB ROM (openMSX: -romtype Page012): the game links tiles, slopes, pixel masks, grid masks
# and SDCC's runtime, about 42 KiB of code, more than pages 1 and 2 hold. msx/crt0_demo.s selects
# the cartridge's slot in page 0 too; copies of the core's tile files (tiles*.c) compiled into the
# area _CODE0 (MSX_CODE0 above) go there, linked before the library (which then leaves its
# tiles*.rel out), with the interrupt vector at 0x0038 (msx/demo_isr.s). The rest is in _CODE from 0x4010.
MSX_DEMO_SYMS := demo_jiffy demo_record demo_hash demo_seed demo_done demo_in_step demo_error demo_frames \
                 demo_vblanks_max eo_msx_stack_guard eo_msx_stack_top eo_msx_stack_fill
.PHONY: msx-demo run-msx
msx-demo: $(MSX_DEMO).rom $(MSX_DEMO).syms.tcl
$(MSX)/demo/crt0_demo.rel: msx/crt0_demo.s msx/crt0_rom.s
	@mkdir -p $(@D)
	$(SDAS) -g -o $@ $<
$(MSX)/demo/demo_isr.rel: msx/demo_isr.s
	@mkdir -p $(@D)
	$(SDAS) -g -o $@ $<
$(MSX)/demo/demo_main.rel: msx/demo_main.c msx/cartridge.h $(CORE_HDR) mk/msx.mk
	$(call msx_cc,$(CORE_INC) -Imsx)
$(MSX)/demo/cartridge.rel: msx/cartridge.c msx/cartridge.h $(CORE_HDR) mk/msx.mk
	$(call msx_cc,$(CORE_INC))
# Page 0 holds 0x0100..0x3FFF (16,128 bytes): the tile files that fill it best (15,160 bytes with
# SDCC 4.2).
MSX_DEMO_PAGE0 := $(patsubst %,$(MSX)/page0/%.rel,tiles tiles_move tiles_sweep tiles_touch)
$(MSX_DEMO).ihx: $(MSX)/demo/crt0_demo.rel $(MSX)/demo/demo_main.rel $(MSX)/demo/cartridge.rel $(MSX)/demo/demo_isr.rel \
                 $(MSX_DEMO_PAGE0) $(MSX_LIB)
	$(SDCC) -mz80 --no-std-crt0 --code-loc $(MSX_CODE_LOC) --data-loc $(MSX_DATA_LOC) -Wl-b_CODE0=$(MSX_CODE0) -o $@ $^
	$(call msx_page0_check,$(MSX_DEMO).map)
$(MSX_DEMO).syms.tcl: $(MSX_DEMO).ihx msx/map2tcl.sh
	msx/map2tcl.sh $(MSX_DEMO).map $@ eo_msx_stack_guard $(MSX_DEMO_SYMS)
$(MSX_DEMO).rom: $(MSX_DEMO).ihx msx/ihx2rom.sh
	msx/ihx2rom.sh 0x0000 $(MSX_ROM48_SIZE) $< $@
$(MSX)/demo/demo_replay: tests/msx/demo_replay.c msx/cartridge.c msx/cartridge.h $(NATIVE)/libearlyout.a
	@mkdir -p $(@D)
	$(CC) $(STRICT) -O2 $(CORE_INC) -Imsx tests/msx/demo_replay.c msx/cartridge.c $(NATIVE)/libearlyout.a -o $@
$(MSX)/demo/demo_replay.wasm: tests/msx/demo_replay.c msx/cartridge.c msx/cartridge.h $(CORE_FAST_SRC) $(CORE_HDR) \
                              $(WASM)/cache/.seeded | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(EMCC_ENV) emcc $(STRICT) -O2 $(CORE_INC) -Imsx --no-entry -sSTANDALONE_WASM $(CORE_FAST_SRC) \
	  tests/msx/demo_replay.c msx/cartridge.c -o $@
run-msx: $(MSX_DEMO).rom
	$(OPENMSX) -machine C-BIOS_MSX1 -cart $< -romtype Page012
