# WebAssembly builds of the core (Emscripten 3.1.6 from Debian): a fast module for games and a
# traced module for lessons. Standalone .wasm with no imports, loaded by wasm/src/earlyout.ts.
#   make wasm        build/wasm/*.wasm and the npm package in build/wasm/pkg
#   make wasm-pack   build/wasm/earlyout-<version>.tgz
#   make test-wasm   node:test in tests/wasm ("wasm: N passed, N failed")
#   make test-package  the packed tarball installed offline and used as a game would ("package: ...")
#
# What the JS mirrors from C is generated, never copied (wasm/gen.mjs):
#   headers -> build/wasm/gen/{probe.c, abi_layout.h, exports.txt}
#           -> probe.wasm (emcc, the module's flags) -> wasm/src/generated/{abi,constants,exports}.ts
# The generated .ts files are kept in the tree (the site bundles wasm/src), rewritten by this build
# and checked by tests/wasm/generated.test.mjs.
WASM       := $(BUILD)/wasm
WASM_GEN   := $(WASM)/gen
WASM_TS    := wasm/src/generated/abi.ts wasm/src/generated/constants.ts wasm/src/generated/exports.ts
WASM_HAND  := $(filter-out $(WASM_TS),$(wildcard wasm/src/*.ts))
WASM_SRC   := $(WASM_HAND) $(WASM_TS)
EMCC_ENV   := NODE_PATH=/usr/share/nodejs EM_CACHE=$(abspath $(WASM)/cache)
# The memory limit: the loader reads it from the module (eo_wasm_abi(-3)) and checks every allocation against it.
WASM_MAX_PAGES := 32768
EMFLAGS    := $(STRICT) $(CORE_INC) -Iwasm -I$(WASM_GEN) --no-entry -sSTANDALONE_WASM \
	-sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=1MB -sMAXIMUM_MEMORY=$$(( $(WASM_MAX_PAGES) * 65536 )) \
	-DEO_WASM_MAX_PAGES=$(WASM_MAX_PAGES) -sTOTAL_STACK=65536 -Wl,--export=__heap_base
WASM_PKG   := $(WASM)/pkg
WASM_VERSION = $(shell node -p 'require("./wasm/package.json").version')

.PHONY: test-wasm wasm-pack test-package
wasm: $(WASM_PKG)/package.json

# The system cache is read-only: seed a writable copy once.
$(WASM)/cache/.seeded:
	@mkdir -p $(WASM)/cache
	cp -r /usr/share/emscripten/cache/. $(WASM)/cache/
	touch $@

# exports.txt lists the functions wasm/src/*.ts call. gen.mjs rewrites a file only when its text
# changes and a stamp records the run, so editing the loader relinks nothing unless that list changed.
$(WASM_GEN)/.c.stamp: $(CORE_HDR) wasm/wasm.h wasm/gen.mjs $(WASM_HAND)
	node wasm/gen.mjs c $(WASM_GEN)
	@touch $@
$(WASM_GEN)/probe.c $(WASM_GEN)/abi_layout.h $(WASM_GEN)/exports.txt: $(WASM_GEN)/.c.stamp
	@test -f $@ || node wasm/gen.mjs c $(WASM_GEN)
# The headers too: a field's type can change its size while probe.c's text stays the same.
$(WASM_GEN)/probe.wasm: $(WASM_GEN)/probe.c $(CORE_HDR) $(WASM)/cache/.seeded | $(DEPS_STAMP)
	$(EMCC_ENV) emcc $(STRICT) $(CORE_INC) --no-entry -sSTANDALONE_WASM -O1 $< -o $@
$(WASM_GEN)/.ts.stamp: $(WASM_GEN)/probe.wasm wasm/gen.mjs $(WASM_HAND)
	node wasm/gen.mjs ts $< wasm/src/generated
	@touch $@
$(WASM_TS): $(WASM_GEN)/.ts.stamp
	@test -f $@ || node wasm/gen.mjs ts $(WASM_GEN)/probe.wasm wasm/src/generated

WASM_C := $(sort $(CORE_SRC) $(CORE_FAST_SRC)) $(CORE_HDR) wasm/abi.c wasm/batch.c wasm/wasm.h $(WASM_GEN)/abi_layout.h $(WASM_GEN)/exports.txt mk/wasm.mk
# The .ts files are made with the module, so a build that uses the module (make web) bundles them fresh.
$(WASM)/earlyout.wasm: $(WASM_C) $(WASM_TS) $(WASM)/cache/.seeded | $(DEPS_STAMP)
	$(EMCC_ENV) emcc $(EMFLAGS) -sEXPORTED_FUNCTIONS=$$(cat $(WASM_GEN)/exports.txt) -O3 $(CORE_FAST_SRC) wasm/abi.c wasm/batch.c -o $@
# The games' module once more for engines with wasm SIMD (current browsers; Node 16.4 on): the same C
# with EO_WASM_SIMD=1, whose pixel-mask area counts bits with i8x16.popcnt (core/src/fast/
# pixelmask_pairs.c). The loader takes it where WebAssembly.validate accepts a SIMD instruction,
# earlyout.wasm elsewhere (wasm/src/load.ts); both answer alike (tests/wasm, tests/jsfuzz run both).
$(WASM)/earlyout-simd.wasm: $(WASM_C) $(WASM_TS) $(WASM)/cache/.seeded | $(DEPS_STAMP)
	$(EMCC_ENV) emcc $(EMFLAGS) -sEXPORTED_FUNCTIONS=$$(cat $(WASM_GEN)/exports.txt) -O3 -DEO_WASM_SIMD=1 $(CORE_FAST_SRC) wasm/abi.c wasm/batch.c -o $@
$(WASM)/earlyout-trace.wasm: $(WASM_C) $(WASM_TS) $(WASM)/cache/.seeded | $(DEPS_STAMP)
	$(EMCC_ENV) emcc $(EMFLAGS) -sEXPORTED_FUNCTIONS=$$(cat $(WASM_GEN)/exports.txt) -O2 -DEO_TRACE=1 $(CORE_SRC) wasm/abi.c wasm/batch.c -o $@

# The npm package: ESM, CommonJS, the inlined variant, types, the three .wasm files, LICENSE (wasm/build.mjs).
$(WASM_PKG)/package.json: $(WASM_SRC) wasm/src/inline-wasm.d.ts wasm/build.mjs wasm/tsconfig.json wasm/package.json wasm/README.md wasm/API.md \
		wasm/LICENSE $(WASM)/earlyout.wasm $(WASM)/earlyout-simd.wasm $(WASM)/earlyout-trace.wasm | $(DEPS_STAMP)
	node wasm/build.mjs --out $(WASM_PKG) --wasm $(WASM)

# The npm tarball a game installs with `npm install ./build/wasm/earlyout-<version>.tgz`.
wasm-pack: $(WASM)/earlyout-$(WASM_VERSION).tgz
$(WASM)/earlyout-$(WASM_VERSION).tgz: $(WASM_PKG)/package.json
	cd $(WASM_PKG) && npm pack --pack-destination .. --silent >/dev/null
	@echo "$@: $$(stat -c %s $@) bytes"

# node:test: the shared vectors through the wasm module, byte for byte against native, the JS API's
# validation, memory and floats, and the generated files against the headers. The TAP output's
# "# pass" / "# fail" lines become the suite line.
define node_test_suite
	@set -o pipefail; node --test --test-reporter=tap $(2) 2>&1 | tee $(WASM)/$(1).log | grep -E '^(not ok|# (pass|fail|tests))|^#' ; status=$$?; \
	p=$$(sed -n 's/^# pass //p' $(WASM)/$(1).log | tail -1); f=$$(sed -n 's/^# fail //p' $(WASM)/$(1).log | tail -1); \
	if [ -z "$$p" ]; then cat $(WASM)/$(1).log; p=0; f=1; fi; \
	echo "$(1): $$p passed, $$f failed"; [ "$$f" -eq 0 ]
endef
test-wasm: wasm $(WASM_GEN)/probe.wasm $(foreach m,$(VECTOR_MODULES) $(VECTOR_WIDE),$(BUILD)/vectors/$(m).native.out)
	$(call node_test_suite,wasm,tests/wasm/)

# The packed tarball installed offline into a scratch project (build/package/), then used as a game
# would: ESM import and CommonJS require in Node, esbuild ESM and IIFE bundles in Chromium, tsc --strict.
test-package: wasm-pack
	$(call node_test_suite,package,tests/package/)

# The binding fuzzed (fast-check, tests/jsfuzz): every public method with valid input against
# brute-force oracles, and with hostile input (non-finite, huge, wrong types, Proxies, lying lengths,
# re-entrant and changing getters, dispose twice, foreign objects, trace() nesting); heapUsed() back
# at its baseline after each case. Fixed seed; JSFUZZ_SEED=n JSFUZZ_RUNS=n (default 200) for more.
# Run once on each games' build (JSFUZZ_WASM: tests/jsfuzz/harness.mjs), counted as one suite.
.PHONY: test-jsfuzz
test-jsfuzz: wasm
	@set -o pipefail; st=0; for b in plain simd; do \
	  JSFUZZ_WASM=$$b node --test --test-reporter=tap tests/jsfuzz/ > $(WASM)/jsfuzz-$$b.log 2>&1 || st=1; \
	  grep -E '^not ok' $(WASM)/jsfuzz-$$b.log | sed "s/^/$$b: /"; \
	done; p=0; f=0; for b in plain simd; do \
	  bp=$$(sed -n 's/^# pass //p' $(WASM)/jsfuzz-$$b.log | tail -1); bf=$$(sed -n 's/^# fail //p' $(WASM)/jsfuzz-$$b.log | tail -1); \
	  if [ -z "$$bp" ]; then cat $(WASM)/jsfuzz-$$b.log; bp=0; bf=1; fi; p=$$((p + bp)); f=$$((f + bf)); \
	done; echo "jsfuzz: $$p passed, $$f failed"; [ $$f -eq 0 ] && [ $$st -eq 0 ]
