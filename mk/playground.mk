# The SDL2 playground (playground/): one C program of live scenes, two targets.
#   make playground        native build against Debian's libsdl2-dev
#   make run-playground    opens the native window
#   make playground-web    the Emscripten build against SDL2 built from Debian's source (mk/sdl2-wasm.mk)
#   make test-playground   scene tests (cmocka), headless runs with screenshots, native/wasm hash parity
PG        := $(BUILD)/playground
PG_SRC    := $(filter-out playground/main.c,$(wildcard playground/*.c))
PG_HDR    := $(wildcard playground/*.h) playground/web.inc
PG_TESTS  := $(patsubst tests/playground/%.c,%,$(wildcard tests/playground/test_*.c))
SDL_CFLAGS = $(shell sdl2-config --cflags)
SDL_LIBS   = -lSDL2_test $(shell sdl2-config --libs)
PG_CFLAGS := $(STRICT) -O2 $(CORE_INC) -Iplayground

.PHONY: playground run-playground playground-tests test-playground
playground: $(PG)/earlyout-playground

$(PG)/native/%.o: playground/%.c $(PG_HDR) $(CORE_HDR) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(PG_CFLAGS) $(SDL_CFLAGS) -c $< -o $@
# The test build of the scenes exposes read-only accessors (PG_TESTING) for the tests.
$(PG)/testing/%.o: playground/%.c $(PG_HDR) $(CORE_HDR) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(PG_CFLAGS) -DPG_TESTING=1 $(SDL_CFLAGS) -c $< -o $@

$(PG)/earlyout-playground: $(patsubst playground/%.c,$(PG)/native/%.o,$(PG_SRC) playground/main.c) $(NATIVE)/libearlyout.a
	$(CC) $^ $(SDL_LIBS) -o $@

run-playground: deps $(PG)/earlyout-playground
	$(PG)/earlyout-playground $(ARGS)

PG_TESTING_OBJ := $(patsubst playground/%.c,$(PG)/testing/%.o,$(PG_SRC))
.SECONDARY: $(PG_TESTING_OBJ)   # shared by every test binary: keep them between builds
$(PG)/tests/%: tests/playground/%.c $(wildcard tests/playground/*.h) $(patsubst playground/%.c,$(PG)/testing/%.o,$(PG_SRC)) $(NATIVE)/libearlyout.a
	@mkdir -p $(@D)
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 -DPG_TESTING=1 $(CORE_INC) -Iplayground $(SDL_CFLAGS) $(filter %.c %.o %.a,$^) \
	  -lcmocka $(SDL_LIBS) -o $@

playground-tests: $(foreach t,$(PG_TESTS),$(PG)/tests/$(t))
	@status=0; for t in $^; do echo "--- $$t"; $$t || status=1; done; exit $$status

# ---- web ---------------------------------------------------------------------------------------
# The same program with Emscripten: playground.js (the glue, a createPlayground() factory) and
# playground.wasm, copied into build/site/playground/ by tools/build-web.mjs, which builds the page
# from tables.json: the keys, buttons, methods and cell sizes of the C, as the native program
# prints them (--tables).
PGW := $(PG)/web
$(PGW)/tables.json: $(PG)/earlyout-playground
	@mkdir -p $(@D)
	$< --tables > $@.tmp && mv $@.tmp $@

# The core as the games' .wasm has it (the fast stand-ins: CORE_FAST_SRC). Built for size where it costs no frame time: the core at -O2 (its loops are the frame: -Os made
# sort and sweep and grid masks slower in Chromium), the playground and SDL (MinSizeRel) at -Os,
# linked -Os; no filesystem, longjmp or eval in the glue (none is used).
PGW_CFLAGS := -std=c99 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wmissing-prototypes $(CORE_INC) -Iplayground \
	-isystem $(SDL2W_PREFIX)/include/SDL2
PGW_LDFLAGS := -Os -sMODULARIZE=1 -sEXPORT_NAME=createPlayground -sENVIRONMENT=web -sALLOW_MEMORY_GROWTH=1 \
	-sINITIAL_MEMORY=33554432 -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString -sFILESYSTEM=0 -sUSE_SDL=0 \
	-sSUPPORT_LONGJMP=0 -sTEXTDECODER=2 -sDYNAMIC_EXECUTION=0
PGW_OBJ := $(patsubst core/src/%.c,$(PGW)/core/%.o,$(CORE_FAST_SRC)) $(patsubst playground/%.c,$(PGW)/obj/%.o,$(PG_SRC) playground/main.c)
.PHONY: playground-web
playground-web: $(PGW)/playground.js $(PGW)/tables.json

$(PGW)/core/%.o: core/src/%.c $(CORE_HDR) $(SDL2W_LIB) mk/playground.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) emcc $(PGW_CFLAGS) -O2 -c $< -o $@
$(PGW)/obj/%.o: playground/%.c $(PG_HDR) $(CORE_HDR) $(SDL2W_LIB) mk/playground.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) emcc $(PGW_CFLAGS) -Os -c $< -o $@
$(PGW)/playground.js: $(PGW_OBJ) $(SDL2W_LIB) mk/playground.mk
	$(EMCC_ENV) emcc $(PGW_LDFLAGS) $(PGW_OBJ) $(SDL2W_PREFIX)/lib/libSDL2_test.a $(SDL2W_PREFIX)/lib/libSDL2.a -o $@

# ---- tests -------------------------------------------------------------------------------------
# cmocka scene tests (logic against brute force, determinism, drawing on a software renderer) and
# the headless runs of the native program (node:test); one line "playground: N passed, N failed".
# The page and the native/wasm hash parity are in the ui suite (tests/ui/playground.spec.ts).
test-playground: $(foreach t,$(PG_TESTS),$(PG)/tests/$(t)) $(PG)/earlyout-playground
	@rm -f $(PG)/tests/*.log; status=0; \
	for t in $(foreach t,$(PG_TESTS),$(PG)/tests/$(t)); do echo "--- $$t"; \
	  $$t > $$t.log 2>&1 || status=1; cat $$t.log; done; \
	node --test --test-reporter=tap tests/playground/ > $(PG)/tests/headless.tap 2>&1 || status=1; \
	grep -E '^(not )?ok|^# (pass|fail)' $(PG)/tests/headless.tap; \
	hp=$$(sed -n 's/^# pass //p' $(PG)/tests/headless.tap | tail -1); hf=$$(sed -n 's/^# fail //p' $(PG)/tests/headless.tap | tail -1); \
	if [ -z "$$hp" ]; then cat $(PG)/tests/headless.tap; hp=0; hf=1; fi; \
	tools/count-cmocka playground-cmocka $(PG)/tests/*.log | tee $(PG)/tests/cmocka.sum; \
	cp=$$(sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed/\1/' $(PG)/tests/cmocka.sum); \
	cf=$$(sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed/\2/' $(PG)/tests/cmocka.sum); \
	echo "playground: $$((cp + hp)) passed, $$((cf + hf)) failed"; [ $$status -eq 0 ] && [ $$((cf + hf)) -eq 0 ]

# ---- benchmarks ----------------------------------------------------------------------------------
# War zone and stress per method at N = 1,000 .. 50,000, natively and in headless Chromium, with
# ratios against brute force from the same run, and the download size.
.PHONY: bench-playground
bench: bench-playground
BENCH_PLAYGROUND := $(PG)/earlyout-playground $(PGW)/playground.js
bench-playground: $(BENCH_PLAYGROUND) | $(DEPS_STAMP)
	node bench/playground/bench_playground.mjs
# ... and briefly in make test (test-bench in mk/bench.mk: one size, a few frames)
BENCH_SMOKE += "node bench/playground/bench_playground.mjs --quick"
test-bench: $(BENCH_PLAYGROUND)
