# Native suites of the core: cmocka unit/property tests, header self-containment, sanitizers,
# the fuzzer, and the shared vectors.
TESTS      := $(BUILD)/tests
CORE_TESTS := $(patsubst tests/core/%.c,%,$(wildcard tests/core/test_*.c))
TEST_HDR   := $(wildcard tests/core/*.h)   # rng, text maps, the sweep and tiles references
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

# Every test again with 16-bit coordinates (EO_COORD_BITS=16: the Z80's int16 worlds; the default
# elsewhere is 32), traced: both widths must pass the same tests, test_coords at each one's edges.
$(TESTS)/%.c16: tests/core/%.c $(TEST_HDR) $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -O2 -DEO_TRACE=1 -DEO_COORD_BITS=16 $< $(CORE_SRC) -lcmocka -o $@

# And untraced, under ASan and UBSan: the fast build has a path of its own (overlap two rows a turn
# where there is a vector unit), and the sanitizer matrix below runs the traced one.
$(TESTS)/test_pixelmask.fast-w%: tests/core/test_pixelmask.c $(TEST_HDR) $(CORE_FAST_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) -DEO_PIXELMASK_WORD_BITS=$* $< $(CORE_FAST_SRC) -lcmocka -o $@

test-core: $(foreach t,$(CORE_TESTS),$(TESTS)/$(t).trace $(TESTS)/$(t).fast $(TESTS)/$(t).c16) \
           $(foreach w,$(PIXELMASK_WIDTHS),$(TESTS)/test_pixelmask.w$(w) $(TESTS)/test_pixelmask.fast-w$(w))
	@rm -f $(TESTS)/core-*.log; status=0; \
	for t in $^; do echo "--- $$t"; $$t > $(TESTS)/core-$$(basename $$t).log 2>&1 || status=1; \
	  cat $(TESTS)/core-$$(basename $$t).log; done; \
	tools/count-cmocka core $(TESTS)/core-*.log && exit $$status

# Every public header compiles on its own, as C99 and as C++. Then the layers: for each
# lower:upper pair, the lower module's source includes nothing of the upper one's header (the
# preprocessor's own list, so a comment cannot fool it) and its object needs no eo_<upper>_ symbol.
CXX ?= c++
CORE_LAYERS := tiles:slopes tiles:raycast
test-headers: $(CORE_HDR) $(CORE_SRC)
	@p=0; f=0; for h in core/include/earlyout/*.h; do src="$$(printf '#include "earlyout/%s"\ntypedef int header_check_nonempty_;\n' $$(basename $$h))"; \
	  if echo "$$src" | $(CC) $(STRICT) $(CORE_INC) -x c -fsyntax-only -; then p=$$((p+1)); \
	  else echo "FAIL: $$h as C99"; f=$$((f+1)); fi; \
	  if echo "$$src" | $(CXX) -std=c++11 -Wall -Wextra -Wpedantic -Werror $(CORE_INC) -x c++ -fsyntax-only -; then p=$$((p+1)); \
	  else echo "FAIL: $$h as C++"; f=$$((f+1)); fi; \
	done; mkdir -p $(TESTS); for l in $(CORE_LAYERS); do lo=$${l%%:*}; up=$${l##*:}; \
	  if $(CC) $(STRICT) $(CORE_INC) -MM core/src/$$lo.c | tr ' \\' '\n\n' | grep -qx "core/include/earlyout/$$up.h"; \
	  then echo "FAIL: layers: core/src/$$lo.c includes earlyout/$$up.h"; f=$$((f+1)); else p=$$((p+1)); fi; \
	  $(CC) $(STRICT) $(CORE_INC) -DEO_TRACE=1 -c core/src/$$lo.c -o $(TESTS)/layer-$$lo.o || exit 1; \
	  if nm -u $(TESTS)/layer-$$lo.o | grep -q " eo_$${up}_"; \
	  then echo "FAIL: layers: core/src/$$lo.c calls $$(nm -u $(TESTS)/layer-$$lo.o | grep -o "eo_$${up}_[a-z_]*" | tr '\n' ' ')"; f=$$((f+1)); \
	  else p=$$((p+1)); fi; \
	done; echo "headers: $$p passed, $$f failed"; [ $$f -eq 0 ]

# The sanitizer matrix (traced build, so the hook buffers are exercised too):
#   gcc   ASan+UBSan: the cmocka suites and the shared vectors
#   clang ASan+UBSan: the same
#   clang MSan+UBSan: the same, and the fuzz targets' replays (their kept corpus and 200,000 generated
#         inputs each). MSan needs every linked library instrumented: cmocka is built from Debian's own
#         source package with -fsanitize=memory under build/msan (once, ~15 s; needs cmake), the
#         system's libcmocka is not.
# Every vector result must equal the committed .expected under each sanitizer.
SAN_CFGS   := gcc clang msan
MSAN_FLAGS := -fsanitize=memory,undefined -fsanitize-memory-track-origins=2 -fno-sanitize-recover=all \
              -fno-omit-frame-pointer -g -O1
MSAN       := $(BUILD)/msan
MSAN_CMOCKA := $(MSAN)/prefix/lib/libcmocka-static.a
SAN_CC_gcc := gcc
SAN_CC_clang := clang
SAN_CC_msan := clang
SAN_CFLAGS_gcc := $(SAN_FLAGS)
SAN_CFLAGS_clang := $(SAN_FLAGS)
SAN_CFLAGS_msan := $(MSAN_FLAGS) -isystem $(MSAN)/prefix/include
SAN_LIBS_gcc := -lcmocka
SAN_LIBS_clang := -lcmocka
SAN_LIBS_msan := $(MSAN_CMOCKA)

$(MSAN)/src/.unpacked: tools/fetch-debian-source | $(DEPS_STAMP)
	tools/fetch-debian-source cmocka $(MSAN)/src
	rm -rf $(MSAN)/src/cmocka-*/ && tar -xJf $(MSAN)/src/cmocka_*.orig.tar.xz -C $(MSAN)/src
	touch $@
$(MSAN_CMOCKA): $(MSAN)/src/.unpacked
	rm -rf $(MSAN)/cmake $(MSAN)/prefix && mkdir -p $(MSAN)/cmake
	cd $(MSAN)/cmake && CC=clang cmake $$(ls -d ../src/cmocka-*/ | head -1) -DWITH_STATIC_LIB=ON -DWITH_EXAMPLES=OFF \
	  -DUNIT_TESTING=OFF -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="$(MSAN_FLAGS)" \
	  -DCMAKE_INSTALL_PREFIX=$(abspath $(MSAN)/prefix) > ../cmake.log 2>&1 || { tail -30 ../cmake.log; exit 1; }
	cmake --build $(MSAN)/cmake -j2 > $(MSAN)/build.log 2>&1 || { tail -30 $(MSAN)/build.log; exit 1; }
	cmake --install $(MSAN)/cmake > $(MSAN)/install.log 2>&1 || { tail -30 $(MSAN)/install.log; exit 1; }
	@test -f $@ || { echo "msan: cmocka's static library was not installed"; exit 1; }
	touch $@

# One rule set per configuration: the core compiled once (libcore.a), then the cmocka suites, the
# vectors runner and the fuzz replays linked against it.
define san_rules
$(TESTS)/san-$(1)/libcore.a: $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $$(@D)/obj
	for f in $(CORE_SRC); do $(SAN_CC_$(1)) $(TEST_CFLAGS) $(SAN_CFLAGS_$(1)) -DEO_TRACE=1 -c $$$$f -o $$(@D)/obj/$$$$(basename $$$$f .c).o || exit 1; done
	ar rcs $$@ $(patsubst core/src/%.c,$$(@D)/obj/%.o,$(CORE_SRC))
$(TESTS)/san-$(1)/%: tests/core/%.c $(TEST_HDR) $(TESTS)/san-$(1)/libcore.a $(if $(filter msan,$(1)),$(MSAN_CMOCKA))
	$(SAN_CC_$(1)) $(TEST_CFLAGS) $(SAN_CFLAGS_$(1)) -DEO_TRACE=1 $$< $(TESTS)/san-$(1)/libcore.a $(SAN_LIBS_$(1)) -o $$@
$(TESTS)/san-$(1)/run_vectors: tests/vectors/run_native.c tests/vectors/vectors.c tests/vectors/vectors.h $(TESTS)/san-$(1)/libcore.a
	$(SAN_CC_$(1)) $(TEST_CFLAGS) $(SAN_CFLAGS_$(1)) -DEO_TRACE=1 -Itests/vectors tests/vectors/run_native.c tests/vectors/vectors.c $(TESTS)/san-$(1)/libcore.a -o $$@
$(TESTS)/san-$(1)/replay_%: tests/fuzz/%_fuzzer.c tests/fuzz/replay.c $(TESTS)/san-$(1)/libcore.a
	$(SAN_CC_$(1)) $(TEST_CFLAGS) $(SAN_CFLAGS_$(1)) -DEO_TRACE=1 $$< tests/fuzz/replay.c $(TESTS)/san-$(1)/libcore.a -o $$@
endef
$(foreach c,$(SAN_CFGS),$(eval $(call san_rules,$(c))))

SAN_BINS := $(foreach c,$(SAN_CFGS),$(foreach t,$(CORE_TESTS),$(TESTS)/san-$(c)/$(t)) $(TESTS)/san-$(c)/run_vectors)
SAN_FUZZERS := $(patsubst tests/fuzz/%_fuzzer.c,%,$(wildcard tests/fuzz/*_fuzzer.c))
test-sanitize: $(SAN_BINS) $(foreach f,$(SAN_FUZZERS),$(TESTS)/san-msan/replay_$(f))
	@rm -rf $(TESTS)/san-logs; mkdir -p $(TESTS)/san-logs; status=0; p=0; f=0; \
	for c in $(SAN_CFGS); do \
	  for t in $(CORE_TESTS); do log=$(TESTS)/san-logs/$$c-$$t.log; \
	    $(TESTS)/san-$$c/$$t > $$log 2>&1 || status=1; sed "s/^/[$$c] /" $$log; done; \
	  for m in $(VECTOR_MODULES); do out=$(TESTS)/san-logs/$$c-$$m.vectors.out; \
	    if $(TESTS)/san-$$c/run_vectors tests/vectors/$$m.vec $$out > $$out.log 2>&1 && cmp -s tests/vectors/$$m.expected $$out; \
	    then p=$$((p+1)); else f=$$((f+1)); echo "[$$c] vectors $$m: a sanitizer report or results other than tests/vectors/$$m.expected"; cat $$out.log; fi; \
	  done; \
	done; \
	for z in $(SAN_FUZZERS); do log=$(TESTS)/san-logs/msan-replay-$$z.log; \
	  if $(TESTS)/san-msan/replay_$$z tests/fuzz/corpus/$$z/* > $$log 2>&1; then p=$$((p+1)); echo "[msan] replay $$z: $$(tail -1 $$log)"; \
	  else f=$$((f+1)); echo "[msan] replay $$z failed"; tail -40 $$log; fi; \
	done; \
	c=$$(tools/count-cmocka sanitize $(TESTS)/san-logs/*-test_*.log | tail -1); echo "cmocka under $(SAN_CFGS): $$c"; \
	p=$$((p + $$(sed -E 's/.*: ([0-9]+) passed.*/\1/' <<<"$$c"))); f=$$((f + $$(sed -E 's/.*, ([0-9]+) failed.*/\1/' <<<"$$c"))); \
	echo "sanitize: $$p passed, $$f failed"; [ $$status -eq 0 ] && [ $$f -eq 0 ]

# Fuzzing (tests/fuzz/*_fuzzer.c, libFuzzer under clang with ASan + UBSan). Coverage is taken
# from the core only: the targets' own oracles (brute-force loops) are built without it, so they
# neither slow the run down with comparison tracing nor count as coverage. test-fuzz, the CI pass
# (about a minute): tests/fuzz/check-reach (every public function has a target), then per target
# the kept corpus and the regression inputs replayed by the libFuzzer build and by the gcc builds,
# traced and fast (tests/fuzz/replay.c), and a short fuzzing run from the kept corpus.
# `make fuzz-long` is the campaign that grows and minimises the kept corpus (tools/fuzz-long).
FUZZERS := $(patsubst tests/fuzz/%_fuzzer.c,%,$(wildcard tests/fuzz/*_fuzzer.c))
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=c99 -g -O1 -DEO_TRACE=1 -Wall -Wextra -Wconversion -Werror $(FUZZ_SAN) $(CORE_INC)
FUZZ_SHORT ?= 4
FUZZ_HDR := tests/fuzz/fuzz_input.h tests/core/sweep_reference.h tests/core/tiles_reference.h tests/core/walk_reference.h \
            tests/core/move_reference.h
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
# The same replay against the fast build (hooks compiled out, the native library's own paths).
$(TESTS)/fuzz/%_replay-fast: tests/fuzz/%_fuzzer.c tests/fuzz/replay.c $(FUZZ_HDR) $(CORE_FAST_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SAN_FLAGS) $< tests/fuzz/replay.c $(CORE_FAST_SRC) -o $@
test-fuzz: $(foreach f,$(FUZZERS),$(TESTS)/fuzz/$(f)_fuzzer $(TESTS)/fuzz/$(f)_replay $(TESTS)/fuzz/$(f)_replay-fast)
	@p=0; f=0; \
	if tests/fuzz/check-reach; then p=$$((p+1)); else f=$$((f+1)); fi; \
	for z in $(FUZZERS); do \
	  inputs=$$(find tests/fuzz/corpus/$$z tests/fuzz/regressions/$$z -type f 2>/dev/null); \
	  if [ -z "$$inputs" ]; then echo "fuzz: $$z has no kept corpus (tests/fuzz/corpus/$$z): run make fuzz-long"; f=$$((f+1)); continue; fi; \
	  if $(TESTS)/fuzz/$${z}_fuzzer $$inputs > $(TESTS)/fuzz/$$z-replay.log 2>&1; then p=$$((p+1)); \
	  else f=$$((f+1)); tail -40 $(TESTS)/fuzz/$$z-replay.log; fi; \
	  if $(TESTS)/fuzz/$${z}_replay $$inputs; then p=$$((p+1)); else f=$$((f+1)); fi; \
	  if $(TESTS)/fuzz/$${z}_replay-fast $$inputs; then p=$$((p+1)); else f=$$((f+1)); fi; \
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
#   VECTOR_MODULES  every target: native (32-bit and 16-bit coordinates), wasm, the MSX ROM
#   VECTOR_INT16    cases whose answer needs the world to end at the int16 edge (tiles16: moves
#                   into 32767, a map wider than the int16 world): the 16-bit builds only, native
#                   (run_vectors_c16) and the MSX ROM
#   VECTOR_WIDE     32-bit coordinate fields (+-1,000,000, the int32 edges): the 32-bit builds
#                   only, native and wasm (the Z80 has 16-bit coordinates; its runner refuses them)
VECTOR_MODULES := gridmask aabb sectors pixelmask tiles tiles_sweep query raycast
VECTOR_INT16   := tiles16
VECTOR_WIDE    := gridmask_wide aabb_wide pixelmask_wide
$(NATIVE)/gen_vectors: tests/vectors/gen_vectors.c
	@mkdir -p $(@D)
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $< -o $@
$(NATIVE)/run_vectors: tests/vectors/run_native.c tests/vectors/vectors.c tests/vectors/vectors.h $(NATIVE)/libearlyout.a
	$(CC) $(TEST_CFLAGS) -Wmissing-prototypes -Wconversion -O2 -Itests/vectors tests/vectors/run_native.c tests/vectors/vectors.c $(NATIVE)/libearlyout.a -o $@
$(BUILD)/vectors/%.native.out: tests/vectors/%.vec $(NATIVE)/run_vectors $(NATIVE)/run_vectors_c16
	@mkdir -p $(@D)
	$(if $(filter $*,$(VECTOR_INT16)),$(NATIVE)/run_vectors_c16,$(NATIVE)/run_vectors) $< $@

# The runner with 16-bit coordinates (the Z80's worlds): every shared file and the int16 ones.
$(NATIVE)/run_vectors_c16: tests/vectors/run_native.c tests/vectors/vectors.c tests/vectors/vectors.h $(CORE_SRC) $(CORE_HDR)
	$(CC) $(TEST_CFLAGS) -Wmissing-prototypes -Wconversion -O2 -DEO_COORD_BITS=16 -Itests/vectors tests/vectors/run_native.c tests/vectors/vectors.c $(CORE_SRC) -o $@

# The runner again with 8-bit pixel-mask words (the Z80's): every result must be the same bytes.
$(NATIVE)/run_vectors_w8: tests/vectors/run_native.c tests/vectors/vectors.c tests/vectors/vectors.h $(CORE_SRC) $(CORE_HDR)
	$(CC) $(TEST_CFLAGS) -O2 -DEO_PIXELMASK_WORD_BITS=8 -Itests/vectors tests/vectors/run_native.c tests/vectors/vectors.c $(CORE_SRC) -o $@

test-vectors: $(NATIVE)/gen_vectors $(NATIVE)/run_vectors_w8 $(NATIVE)/run_vectors_c16 \
              $(foreach m,$(VECTOR_MODULES) $(VECTOR_INT16) $(VECTOR_WIDE),$(BUILD)/vectors/$(m).native.out)
	@mkdir -p $(BUILD)/vectors; p=0; f=0; \
	for m in $(VECTOR_WIDE); do \
	  $(NATIVE)/gen_vectors $$m $(BUILD)/vectors/$$m.regen.vec >/dev/null; \
	  if cmp tests/vectors/$$m.vec $(BUILD)/vectors/$$m.regen.vec; then p=$$((p+1)); \
	  else echo "$$m.vec differs from what gen_vectors writes now: regenerate and commit it"; f=$$((f+1)); fi; \
	  if cmp tests/vectors/$$m.expected $(BUILD)/vectors/$$m.native.out; then p=$$((p+1)); \
	  else echo "native results for $$m differ from tests/vectors/$$m.expected"; f=$$((f+1)); fi; \
	  if ! $(NATIVE)/run_vectors_c16 tests/vectors/$$m.vec $(BUILD)/vectors/$$m.c16.out 2>/dev/null; then p=$$((p+1)); \
	  else echo "the 16-bit runner ran $$m.vec: it must refuse 32-bit coordinate fields"; f=$$((f+1)); fi; \
	done; \
	for m in $(VECTOR_MODULES); do \
	  $(NATIVE)/run_vectors_c16 tests/vectors/$$m.vec $(BUILD)/vectors/$$m.c16.out; \
	  if cmp tests/vectors/$$m.expected $(BUILD)/vectors/$$m.c16.out; then p=$$((p+1)); \
	  else echo "$$m results with 16-bit coordinates differ from the 32-bit ones"; f=$$((f+1)); fi; \
	done; \
	for m in $(VECTOR_INT16); do \
	  $(NATIVE)/gen_vectors $$m $(BUILD)/vectors/$$m.regen.vec >/dev/null; \
	  if cmp tests/vectors/$$m.vec $(BUILD)/vectors/$$m.regen.vec; then p=$$((p+1)); \
	  else echo "$$m.vec differs from what gen_vectors writes now: regenerate and commit it"; f=$$((f+1)); fi; \
	  if cmp tests/vectors/$$m.expected $(BUILD)/vectors/$$m.native.out; then p=$$((p+1)); \
	  else echo "16-bit native results for $$m differ from tests/vectors/$$m.expected"; f=$$((f+1)); fi; \
	done; \
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
vectors-update: $(NATIVE)/gen_vectors $(NATIVE)/run_vectors $(NATIVE)/run_vectors_c16
	for m in $(VECTOR_MODULES); do $(NATIVE)/gen_vectors $$m tests/vectors/$$m.vec && \
	  $(NATIVE)/run_vectors tests/vectors/$$m.vec tests/vectors/$$m.expected; done
	for m in $(VECTOR_INT16); do $(NATIVE)/gen_vectors $$m tests/vectors/$$m.vec && \
	  $(NATIVE)/run_vectors_c16 tests/vectors/$$m.vec tests/vectors/$$m.expected; done
	for m in $(VECTOR_WIDE); do $(NATIVE)/gen_vectors $$m tests/vectors/$$m.vec && \
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
