# MSX: the core compiled by SDCC for the Z80.
#   make msx         build/msx/earlyout-vectors.rom, a 16 KiB cartridge that runs the shared vectors
#   make test-msx    run it in openMSX (C-BIOS, headless) and compare with the native results
#   make bench-msx   Z80 T-states of the core's grid mask vs the classic formulation (sz80)
# Included by the Makefile, which defines BUILD, CC, CORE_SRC, CORE_HDR, CORE_INC and NATIVE.

MSX        := $(BUILD)/msx
SDCC       ?= sdcc
SDAS       ?= sdasz80
SDAR       ?= sdar
OPENMSX    ?= openmsx
# Warnings are errors (--Werror); msx_cc below also fails on any other compiler message.
SDCC_Z80   := $(SDCC) -mz80 --std-c99 --Werror --opt-code-speed --max-allocs-per-node 20000
# 0x4000..0x400F is the cartridge header (msx/crt0_rom.s); RAM from 0xC000, stack below 0xF000.
MSX_ROM_START := 0x4000
MSX_ROM_SIZE  := 0x4000
MSX_CODE_LOC  := 0x4010
MSX_DATA_LOC  := 0xC000
# Highest address the globals may reach: crt0 sets SP to 0xF000, leaving 512 bytes of stack.
MSX_RAM_LIMIT := 0xEE00
MSX_ROM    := $(MSX)/earlyout-vectors.rom
MSX_SYMS   := $(MSX)/earlyout-vectors.syms.tcl
MSX_LIB    := $(MSX)/earlyout.lib
MSX_CORE_REL := $(patsubst core/src/%.c,$(MSX)/core/%.rel,$(CORE_SRC))

.PHONY: msx test-msx bench-msx
msx: $(MSX_ROM) $(MSX_SYMS)

# $(call msx_cc,FLAGS): compile $< to $@; SDCC's messages are kept in $@.diag and any at all
# (warning, info, error) fails the build, so the core stays warning-free for SDCC.
define msx_cc
@mkdir -p $(@D)
@echo "$(SDCC_Z80) $(strip $(1)) -c $< -o $@"
@$(SDCC_Z80) $(1) -c $< -o $@ 2> $@.diag; st=$$?; cat $@.diag >&2; \
  if [ $$st -ne 0 ] || [ -s $@.diag ]; then rm -f $@; echo "sdcc: $< must compile without any message" >&2; exit 1; fi
endef

# The core: fast build (EO_TRACE unset), one .rel per source file, in a library so the linker
# takes only the modules a program uses.
$(MSX)/core/%.rel: core/src/%.c $(CORE_HDR) mk/msx.mk
	$(call msx_cc,$(CORE_INC))
$(MSX_LIB): $(MSX_CORE_REL)
	rm -f $@
	$(SDAR) -rc $@ $^

# The vector file, embedded as a const array (ROM).
$(MSX)/gen/gridmask_vec.c $(MSX)/gen/gridmask_vec.h &: tests/vectors/gridmask.vec msx/bin2c.sh
	@mkdir -p $(@D)
	msx/bin2c.sh eo_msx_vec $< $(MSX)/gen/gridmask_vec.c $(MSX)/gen/gridmask_vec.h

$(MSX)/rom/crt0_rom.rel: msx/crt0_rom.s
	@mkdir -p $(@D)
	$(SDAS) -g -o $@ $<
$(MSX)/rom/vectors.rel: tests/vectors/vectors.c tests/vectors/vectors.h $(CORE_HDR)
	$(call msx_cc,$(CORE_INC) -Itests/vectors)
$(MSX)/rom/vectors_main.rel: msx/vectors_main.c tests/vectors/vectors.h $(MSX)/gen/gridmask_vec.h
	$(call msx_cc,-Itests/vectors -I$(MSX)/gen)
$(MSX)/rom/gridmask_vec.rel: $(MSX)/gen/gridmask_vec.c $(MSX)/gen/gridmask_vec.h
	$(call msx_cc,-I$(MSX)/gen)

# crt0 first: its area list fixes the layout (ROM areas from --code-loc, RAM from --data-loc).
MSX_ROM_OBJ := $(addprefix $(MSX)/rom/,crt0_rom.rel vectors_main.rel gridmask_vec.rel vectors.rel)
$(MSX)/earlyout-vectors.ihx: $(MSX_ROM_OBJ) $(MSX_LIB)
	$(SDCC) -mz80 --no-std-crt0 --code-loc $(MSX_CODE_LOC) --data-loc $(MSX_DATA_LOC) -o $@ $^
# The map also gives the RAM addresses the openMSX script reads (and must fit below the stack).
$(MSX_SYMS): $(MSX)/earlyout-vectors.ihx msx/map2tcl.sh
	msx/map2tcl.sh $(MSX)/earlyout-vectors.map $@ $(MSX_RAM_LIMIT) eo_msx_status eo_msx_result
# Fails (instead of truncating) when the program outgrows the 16 KiB page.
$(MSX_ROM): $(MSX)/earlyout-vectors.ihx msx/ihx2rom.sh
	msx/ihx2rom.sh $(MSX_ROM_START) $(MSX_ROM_SIZE) $< $@

# ---- parity test -----------------------------------------------------------------------------
# openMSX runs headless (dummy SDL drivers; its ALSA and renderer warnings are harmless and go
# to the log) in a fresh settings folder under build/ each time: it saves its settings on exit
# (our di_halt_callback among them), and nothing may leak into ~/.openMSX or the next run.
# tests/msx/run.tcl gives up after MSX_TIMEOUT emulated or MSX_REALTIME real seconds; `timeout`
# backs both up. The stale result is deleted first, so only this run's result can pass.
MSX_TIMEOUT  ?= 60
MSX_REALTIME ?= 120
MSX_OUT      := $(MSX)/gridmask.msx.out
MSX_NATIVE   := $(BUILD)/vectors/gridmask.native.out

$(MSX)/compare: tests/msx/compare.c tests/vectors/vectors.h
	@mkdir -p $(@D)
	$(CC) -std=c99 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wconversion -O2 -Itests/vectors $< -o $@

test-msx: $(MSX_ROM) $(MSX_SYMS) $(MSX_NATIVE) $(MSX)/compare tests/msx/run.tcl
	@rm -rf $(MSX_OUT) $(MSX_OUT).tmp $(MSX)/openmsx-home; mkdir -p $(MSX)/openmsx-home; \
	echo "openMSX: C-BIOS_MSX1 running $(MSX_ROM) (log: $(MSX)/openmsx.log)"; \
	EO_MSX_SYMS=$(MSX_SYMS) EO_MSX_OUT=$(MSX_OUT) EO_MSX_TIMEOUT=$(MSX_TIMEOUT) EO_MSX_REALTIME=$(MSX_REALTIME) \
	OPENMSX_HOME=$(abspath $(MSX))/openmsx-home SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
	  timeout -k 5 $$(($(MSX_REALTIME) + 30)) $(OPENMSX) -machine C-BIOS_MSX1 -cart $(MSX_ROM) \
	  -script tests/msx/run.tcl < /dev/null > $(MSX)/openmsx.log 2>&1; st=$$?; \
	grep '^msx-run:' $(MSX)/openmsx.log || true; \
	if [ $$st -ne 0 ]; then echo "openMSX exited with status $$st$$([ $$st -eq 124 ] && echo ' (killed by timeout)'); its log:"; \
	  grep -v '^msx-run:' $(MSX)/openmsx.log | sed 's/^/  | /'; fi; \
	$(MSX)/compare $(MSX_NATIVE) $(MSX_OUT) && [ $$st -eq 0 ]

# ---- Z80 benchmark ---------------------------------------------------------------------------
# Programs for sz80 (bench/msx/bench_main.c), one per operation and loop count: <op>-<K>.ihx.
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

$(MSXB)/crt0_sim.rel: bench/msx/crt0_sim.s
	@mkdir -p $(@D)
	$(SDAS) -g -o $@ $<
$(MSXB)/classic.rel: bench/msx/classic.c bench/msx/classic.h
	$(call msx_cc,)
# main-<op>-<K>.rel: the stem's first word is the operation, the second the loop count.
$(MSXB)/main-%.rel: bench/msx/bench_main.c bench/msx/classic.h $(CORE_HDR)
	$(call msx_cc,$(CORE_INC) -Ibench/msx -DBENCH_OP=$(bench_op_num_$(word 1,$(subst -, ,$*))) -DBENCH_K=$(word 2,$(subst -, ,$*)))
# Code from address 0 (crt0_sim first), data from 0x8000: sz80's Z80 has 64 KiB of RAM.
$(MSXB)/%.ihx: $(MSXB)/crt0_sim.rel $(MSXB)/main-%.rel $(MSXB)/classic.rel $(MSX_LIB)
	$(SDCC) -mz80 --no-std-crt0 --code-loc 0x0000 --data-loc 0x8000 -o $@ $^
$(MSXB)/%.ticks: $(MSXB)/%.ihx bench/msx/ticks.sh
	bench/msx/ticks.sh $< $@

bench-msx: $(BENCH_MSX_TICKS) bench/msx/report.sh
	@bench/msx/report.sh $(MSXB) $(BENCH_MSX_K) | tee $(MSXB)/bench-msx.md
.PRECIOUS: $(MSXB)/%.ihx $(MSXB)/main-%.rel
