# Native suites of the core: cmocka unit/property tests, header self-containment, sanitizers,
# the fuzzer, and the shared vectors.
TESTS      := $(BUILD)/tests
CORE_TESTS := $(patsubst tests/core/%.c,%,$(wildcard tests/core/test_*.c))
TEST_HDR   := $(wildcard tests/core/*.h)   # rng, text maps, the tiles reference
SAN_FLAGS  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1
TEST_CFLAGS := -std=c99 -Wall -Wextra -Wpedantic -Werror -Wshadow $(CORE_INC)

.PHONY: test-core test-headers test-sanitize test-fuzz test-vectors test-install

# cmocka, against both builds: traced (hooks on) and fast (hooks compiled out).
$(TESTS)/%.trace: tests/core/%.c $(TEST_HDR) $(NATIVE)/libearlyout-trace.a
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -O2 -DEO_TRACE=1 $< $(NATIVE)/libearlyout-trace.a -lcmocka -o $@
$(TESTS)/%.fast: tests/core/%.c $(TEST_HDR) $(NATIVE)/libearlyout.a
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -O2 $< $(NATIVE)/libearlyout.a -lcmocka -o $@

# pixelmask again at every word width (the default is one of them): the answers must not depend on it.
PIXELMASK_WIDTHS := 8 16 32 64
$(TESTS)/test_pixelmask.w%: tests/core/test_pixelmask.c $(TEST_HDR) $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -O2 -DEO_TRACE=1 -DEO_PIXELMASK_WORD_BITS=$* $< $(CORE_SRC) -lcmocka -o $@

test-core: $(foreach t,$(CORE_TESTS),$(TESTS)/$(t).trace $(TESTS)/$(t).fast) \
           $(foreach w,$(PIXELMASK_WIDTHS),$(TESTS)/test_pixelmask.w$(w))
	@rm -f $(TESTS)/core-*.log; status=0; \
	for t in $^; do echo "--- $$t"; $$t > $(TESTS)/core-$$(basename $$t).log 2>&1 || status=1; \
	  cat $(TESTS)/core-$$(basename $$t).log; done; \
	tools/count-cmocka core $(TESTS)/core-*.log && exit $$status

# Every public header compiles on its own, as C99 and as C++.
CXX ?= c++
test-headers: $(CORE_HDR)
	@p=0; f=0; for h in core/include/earlyout/*.h; do src="$$(printf '#include "earlyout/%s"\ntypedef int header_check_nonempty_;\n' $$(basename $$h))"; \
	  if echo "$$src" | $(CC) $(STRICT) $(CORE_INC) -x c -fsyntax-only -; then p=$$((p+1)); \
	  else echo "FAIL: $$h as C99"; f=$$((f+1)); fi; \
	  if echo "$$src" | $(CXX) -std=c++11 -Wall -Wextra -Wpedantic -Werror $(CORE_INC) -x c++ -fsyntax-only -; then p=$$((p+1)); \
	  else echo "FAIL: $$h as C++"; f=$$((f+1)); fi; \
	done; echo "headers: $$p passed, $$f failed"; [ $$f -eq 0 ]

# The unit tests again under AddressSanitizer + UndefinedBehaviorSanitizer (traced build, so the
# hook buffers are exercised too).
$(TESTS)/san/%: tests/core/%.c $(TEST_HDR) $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -DEO_TRACE=1 $< $(CORE_SRC) -lcmocka -o $@
test-sanitize: $(foreach t,$(CORE_TESTS),$(TESTS)/san/$(t))
	@rm -f $(TESTS)/san-*.log; status=0; \
	for t in $^; do $$t > $(TESTS)/san-$$(basename $$t).log 2>&1 || status=1; \
	  cat $(TESTS)/san-$$(basename $$t).log; done; \
	tools/count-cmocka sanitize $(TESTS)/san-*.log && exit $$status

# Fuzzing (tests/fuzz/*_fuzzer.c, libFuzzer under clang with ASan + UBSan). Coverage is taken
# from the core only: the targets' own oracles (brute-force loops) are built without it, so they
# neither slow the run down with comparison tracing nor count as coverage. test-fuzz, the CI pass
# (about a minute): tests/fuzz/check-reach (every public function has a target), then per target
# the kept corpus and the regression inputs replayed by the libFuzzer build and by the gcc build
# (tests/fuzz/replay.c), and a short fuzzing run from the kept corpus. `make fuzz-long` is the
# campaign that grows and minimises the kept corpus (tools/fuzz-long).
FUZZERS := $(patsubst tests/fuzz/%_fuzzer.c,%,$(wildcard tests/fuzz/*_fuzzer.c))
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=c99 -g -O1 -DEO_TRACE=1 -Wall -Wextra -Wconversion -Werror $(FUZZ_SAN) $(CORE_INC)
FUZZ_SHORT ?= 4
FUZZ_HDR := tests/fuzz/fuzz_input.h tests/core/tiles_reference.h tests/core/walk_reference.h
FUZZ_CORE_OBJ := $(patsubst core/src/%.c,$(TESTS)/fuzz/core/%.o,$(CORE_SRC))
.SECONDARY: $(FUZZ_CORE_OBJ) $(foreach f,$(FUZZERS),$(TESTS)/fuzz/$(f)_target.o)
$(TESTS)/fuzz/core/%.o: core/src/%.c $(CORE_HDR)
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(TESTS)/fuzz/%_target.o: tests/fuzz/%_fuzzer.c $(FUZZ_HDR) $(CORE_HDR)
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -c $< -o $@
$(TESTS)/fuzz/%_fuzzer: $(TESTS)/fuzz/%_target.o $(FUZZ_CORE_OBJ)
	clang $(FUZZ_SAN) -fsanitize=fuzzer $^ -o $@
$(TESTS)/fuzz/%_replay: tests/fuzz/%_fuzzer.c tests/fuzz/replay.c $(FUZZ_HDR) $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -DEO_TRACE=1 $< tests/fuzz/replay.c $(CORE_SRC) -o $@
test-fuzz: $(foreach f,$(FUZZERS),$(TESTS)/fuzz/$(f)_fuzzer $(TESTS)/fuzz/$(f)_replay)
	@p=0; f=0; \
	if tests/fuzz/check-reach; then p=$$((p+1)); else f=$$((f+1)); fi; \
	for z in $(FUZZERS); do \
	  inputs=$$(find tests/fuzz/corpus/$$z tests/fuzz/regressions/$$z -type f 2>/dev/null); \
	  if [ -z "$$inputs" ]; then echo "fuzz: $$z has no kept corpus (tests/fuzz/corpus/$$z): run make fuzz-long"; f=$$((f+1)); continue; fi; \
	  if $(TESTS)/fuzz/$${z}_fuzzer $$inputs > $(TESTS)/fuzz/$$z-replay.log 2>&1; then p=$$((p+1)); \
	  else f=$$((f+1)); tail -40 $(TESTS)/fuzz/$$z-replay.log; fi; \
	  if $(TESTS)/fuzz/$${z}_replay $$inputs; then p=$$((p+1)); else f=$$((f+1)); fi; \
	  rm -rf $(TESTS)/fuzz/corpus-$$z; mkdir -p $(TESTS)/fuzz/corpus-$$z; \
	  if $(TESTS)/fuzz/$${z}_fuzzer -max_total_time=$(FUZZ_SHORT) -seed=1 -artifact_prefix=$(TESTS)/fuzz/$$z- \
	       $(TESTS)/fuzz/corpus-$$z tests/fuzz/corpus/$$z > $(TESTS)/fuzz/$$z.log 2>&1; then p=$$((p+1)); tail -1 $(TESTS)/fuzz/$$z.log; \
	  else f=$$((f+1)); tail -40 $(TESTS)/fuzz/$$z.log; fi; \
	done; echo "fuzz: $$p passed, $$f failed"; [ $$f -eq 0 ]

# The campaign: FUZZ_SECONDS per target, one target at a time (FUZZ_EXECS > 0 also stops a target
# after that many executions); FUZZ_TARGETS picks some of them.
FUZZ_SECONDS ?= 600
FUZZ_EXECS ?= 0
FUZZ_TARGETS ?= $(FUZZERS)
.PHONY: fuzz-long
fuzz-long: $(foreach f,$(FUZZ_TARGETS),$(TESTS)/fuzz/$(f)_fuzzer)
	tools/fuzz-long $(FUZZ_SECONDS) $(FUZZ_EXECS) $(TESTS)/fuzz $(FUZZ_TARGETS)

# Shared vectors: the generator is deterministic (the committed .vec must be what it writes),
# and the native results must equal the committed .expected. wasm and MSX compare against the
# native result file.
VECTOR_MODULES := gridmask aabb sectors pixelmask tiles query raycast
$(NATIVE)/gen_vectors: tests/vectors/gen_vectors.c
	@mkdir -p $(@D)
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $< -o $@
$(NATIVE)/run_vectors: tests/vectors/run_native.c tests/vectors/vectors.c tests/vectors/vectors.h $(NATIVE)/libearlyout.a
	$(CC) $(TEST_CFLAGS) -Wmissing-prototypes -Wconversion -O2 -Itests/vectors tests/vectors/run_native.c tests/vectors/vectors.c $(NATIVE)/libearlyout.a -o $@
$(BUILD)/vectors/%.native.out: tests/vectors/%.vec $(NATIVE)/run_vectors
	@mkdir -p $(@D)
	$(NATIVE)/run_vectors $< $@

# The runner again with 8-bit pixel-mask words (the Z80's): every result must be the same bytes.
$(NATIVE)/run_vectors_w8: tests/vectors/run_native.c tests/vectors/vectors.c tests/vectors/vectors.h $(CORE_SRC) $(CORE_HDR)
	$(CC) $(TEST_CFLAGS) -O2 -DEO_PIXELMASK_WORD_BITS=8 -Itests/vectors tests/vectors/run_native.c tests/vectors/vectors.c $(CORE_SRC) -o $@

test-vectors: $(NATIVE)/gen_vectors $(NATIVE)/run_vectors_w8 $(foreach m,$(VECTOR_MODULES),$(BUILD)/vectors/$(m).native.out)
	@mkdir -p $(BUILD)/vectors; p=0; f=0; \
	for m in $(VECTOR_MODULES); do \
	  $(NATIVE)/gen_vectors $$m $(BUILD)/vectors/$$m.regen.vec >/dev/null; \
	  if cmp tests/vectors/$$m.vec $(BUILD)/vectors/$$m.regen.vec; then p=$$((p+1)); \
	  else echo "$$m.vec differs from what gen_vectors writes now: regenerate and commit it"; f=$$((f+1)); fi; \
	  if cmp tests/vectors/$$m.expected $(BUILD)/vectors/$$m.native.out; then p=$$((p+1)); \
	  else echo "native results for $$m differ from tests/vectors/$$m.expected"; f=$$((f+1)); fi; \
	  $(NATIVE)/run_vectors_w8 tests/vectors/$$m.vec $(BUILD)/vectors/$$m.w8.out; \
	  if cmp tests/vectors/$$m.expected $(BUILD)/vectors/$$m.w8.out; then p=$$((p+1)); \
	  else echo "$$m results with 8-bit mask words differ from the 32-bit ones"; f=$$((f+1)); fi; \
	done; echo "vectors: $$p passed, $$f failed"; [ $$f -eq 0 ]

# After a deliberate change of the vectors or of the core's answers: rewrite the committed files.
.PHONY: vectors-update
vectors-update: $(NATIVE)/gen_vectors $(NATIVE)/run_vectors
	for m in $(VECTOR_MODULES); do $(NATIVE)/gen_vectors $$m tests/vectors/$$m.vec && \
	  $(NATIVE)/run_vectors tests/vectors/$$m.vec tests/vectors/$$m.expected; done

# `make install` into a scratch prefix, then a program that knows only pkg-config builds and runs.
INSTALL_TEST := $(BUILD)/install-test
test-install: $(NATIVE)/libearlyout.a
	@rm -rf $(INSTALL_TEST); p=0; f=0; \
	if $(MAKE) --no-print-directory -s install PREFIX=$(abspath $(INSTALL_TEST)) >/dev/null; then p=$$((p+1)); \
	else echo "make install failed"; f=$$((f+1)); fi; \
	export PKG_CONFIG_PATH=$(abspath $(INSTALL_TEST))/lib/pkgconfig; \
	if [ "$$(pkg-config --modversion earlyout 2>/dev/null)" = "$$(node -p 'require("./package.json").version')" ]; then p=$$((p+1)); \
	else echo "pkg-config does not know earlyout at the package.json version"; f=$$((f+1)); fi; \
	if $(CC) -std=c99 -Wall -Wextra -Werror tests/install/game.c $$(pkg-config --cflags --libs earlyout) -o $(INSTALL_TEST)/game \
	   && $(INSTALL_TEST)/game; then p=$$((p+1)); else echo "the installed library did not build or run tests/install/game.c"; f=$$((f+1)); fi; \
	echo "install: $$p passed, $$f failed"; [ $$f -eq 0 ]
