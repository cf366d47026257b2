# earlyout: the project's vocabulary. Outputs go under build/ (git-ignored).
#   make run     install what is missing, build everything, serve the site on http://127.0.0.1:8000
#   make test    install what is missing, run every suite, end with "total: N passed, N failed"
#   make bench   benchmarks (native, wasm, Z80 T-states, the site cold in Chromium)
#   make deps core wasm web msx install clean

SHELL   := bash
BUILD   := build
PREFIX  ?= /usr/local
CC      ?= cc
STRICT  := -std=c99 -Wall -Wextra -Wpedantic -Werror -Wmissing-prototypes -Wshadow -Wconversion -Wstrict-prototypes
OPT     := -O2
CORE_INC := -Icore/include
# The core's C, per build. core/src/*.c is the portable C: what the lessons step through, and
# what every build compiles, but where a build has a file of the same name in its own folder:
#   core/src/fast/  the untraced gcc and clang builds (libearlyout.a, the games' .wasm, the
#                   playground, the benches): fast paths a lesson has no reason to show
#   core/src/z80/   the MSX build (mk/msx.mk, SDCC with EO_Z80_ASM=1): Z80 assembly kernels
# A replacement defines the same functions as the file it stands for, and is tested against it
# (the core suites run both builds; tests/msx runs the Z80 kernels against the portable C).
core_sources = $(foreach f,$(CORE_SRC),$(or $(wildcard core/src/$(1)/$(notdir $(f))),$(f)))
CORE_SRC := $(wildcard core/src/*.c)
CORE_FAST_SRC := $(call core_sources,fast)
CORE_HDR := $(wildcard core/include/earlyout/*.h) $(wildcard core/src/*.h) $(wildcard core/src/fast/*.h)
NATIVE  := $(BUILD)/native

.PHONY: all deps core wasm web msx test run bench install clean help
all: core wasm web msx playground

help:
	@sed -n '1,7p' Makefile

# ---- setup -------------------------------------------------------------------------------
DEPS_STAMP := $(BUILD)/.deps
deps: $(DEPS_STAMP)
$(DEPS_STAMP): tools/bootstrap package.json package-lock.json
	tools/bootstrap
	@mkdir -p $(BUILD) && touch $@

# ---- native core -------------------------------------------------------------------------
# libearlyout.a is the fast build; libearlyout-trace.a has the teaching hooks (EO_TRACE=1).
core: $(NATIVE)/libearlyout.a $(NATIVE)/libearlyout-trace.a

# The fast build's jumps kept clear of 32-byte boundaries where the assembler can (GNU as on x86):
# on Intel cores from Skylake to Cascade Lake (the JCC erratum) a loop whose jump crosses one runs
# from the legacy decoders, and the pixel loops were up to 15% slower or faster by where the linker
# happened to put them (make bench times them at several code addresses).
FAST_ASFLAGS := $(shell echo 'int x;' | $(CC) -Wa,-mbranches-within-32B-boundaries -x c -c - -o /dev/null 2>/dev/null && echo -Wa,-mbranches-within-32B-boundaries)
$(NATIVE)/fast/%.o: core/src/fast/%.c $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(STRICT) $(OPT) $(FAST_ASFLAGS) $(CORE_INC) -c $< -o $@
$(NATIVE)/fast/%.o: core/src/%.c $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(STRICT) $(OPT) $(FAST_ASFLAGS) $(CORE_INC) -c $< -o $@
$(NATIVE)/trace/%.o: core/src/%.c $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(STRICT) $(OPT) -DEO_TRACE=1 $(CORE_INC) -c $< -o $@

$(NATIVE)/libearlyout.a: $(patsubst core/src/%.c,$(NATIVE)/fast/%.o,$(CORE_SRC))
	ar rcs $@ $^
$(NATIVE)/libearlyout-trace.a: $(patsubst core/src/%.c,$(NATIVE)/trace/%.o,$(CORE_SRC))
	ar rcs $@ $^

install: $(NATIVE)/libearlyout.a
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/earlyout
	install -m 644 $(NATIVE)/libearlyout.a $(DESTDIR)$(PREFIX)/lib/
	install -m 644 core/include/earlyout/*.h $(DESTDIR)$(PREFIX)/include/earlyout/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(shell node -p 'require("./package.json").version' 2>/dev/null || echo 0.1.0)|' \
	    tools/earlyout.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/earlyout.pc

# ---- suites --------------------------------------------------------------------------------
# Each test-<suite> target ends with one line "<suite>: N passed, N failed"; tools/run-tests
# runs them all and totals them.
SUITES := core headers sanitize fuzz vectors install wasm jsfuzz package docs bench msx playground server site ui
test: deps
	tools/run-tests $(SUITES)

include mk/core-tests.mk
include $(wildcard mk/wasm.mk mk/docs.mk mk/web.mk mk/msx.mk mk/bench.mk mk/sdl2-wasm.mk mk/playground.mk mk/server.mk)

run: deps all
	node tools/serve.mjs $(BUILD)/site

clean:
	rm -rf $(BUILD)
