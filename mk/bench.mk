# make bench: tables with ratios against baselines measured in the same run.
.PHONY: bench bench-native bench-wasm bench-site test-bench
bench: bench-native bench-wasm $(if $(wildcard mk/msx.mk),bench-msx) bench-site

$(NATIVE)/bench_gridmask: bench/native/bench_gridmask.c bench/common/bench_clock.h $(NATIVE)/libearlyout.a
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $(CORE_INC) -Ibench/common $< $(NATIVE)/libearlyout.a -o $@
# Broadphase shoot-out: brute force vs sectors vs sort-and-sweep on the scenes of bench/common/
# (the Node one adds the npm peers rbush and detect-collisions, hence the deps).
# Box2D 2.4.1 (Debian libbox2d-dev, C++) runs as its own column through bench/native/box2d_broadphase.cpp.
$(NATIVE)/box2d_broadphase.o: bench/native/box2d_broadphase.cpp bench/native/box2d_broadphase.h $(CORE_HDR)
	$(CXX) -std=c++17 -Wall -Wextra -Werror -O2 $(CORE_INC) -c $< -o $@
$(NATIVE)/bench_broadphase: bench/native/bench_broadphase.c bench/common/bench_clock.h bench/common/scene.h bench/common/plain_grid.h tests/core/sweep_reference.h \
                            $(NATIVE)/box2d_broadphase.o $(NATIVE)/libearlyout.a
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $(CORE_INC) -Ibench/common -Itests/core $< $(NATIVE)/box2d_broadphase.o \
	  $(NATIVE)/libearlyout.a -lbox2d -lstdc++ -o $@
# Pixel masks: earlyout against pygame's bitmask.c in the same process, on the same masks and offsets
# (bench/common/pixelmask_pairs.h), natively and in a bench-only wasm module. bitmask.c comes from
# Debian's source package `pygame`, fetched once into $(PYGAME) by bench/common/fetch_pygame_bitmask.sh
# and compiled as it is; without it ($(PYGAME)/unavailable says why) the benches skip its column.
PYGAME := $(BUILD)/pygame
$(PYGAME)/.checked: bench/common/fetch_pygame_bitmask.sh
	bench/common/fetch_pygame_bitmask.sh $(PYGAME)
# Code placement: a loop's speed depends on where its code lands, so one binary's ratio says
# little. The bench is linked once per entry of PIXEL_PLACES, E-P: earlyout's objects E bytes and
# pygame's P bytes past a 64-byte line (bench/native/code_pad.c before each library; earlyout's pair
# functions align themselves to 64 bytes, so E moves the rest of its code), and
# bench/native/pixelmask_placements.sh reports the spread of the runs.
PIXEL_PLACES  := 0-32 16-48 32-0 48-16
PIXEL_BENCHES := $(foreach p,$(PIXEL_PLACES),$(NATIVE)/bench_pixelmask-at-$(p))
PYGAME_FLAG    = $$([ -f $(PYGAME)/src_c/bitmask.c ] && echo "-I$(PYGAME)/src_c/include -DPIXEL_BENCH_PYGAME=1" || echo -DPIXEL_BENCH_PYGAME=0)
$(NATIVE)/code_pad-%.o: bench/native/code_pad.c
	@mkdir -p $(@D)
	$(CC) -std=c99 -Wall -Wextra -Wpedantic -Werror -DPAD=$* -c $< -o $@
# pygame's bitmask.c as it comes (or an empty object without it)
$(NATIVE)/pygame_bitmask.o: $(PYGAME)/.checked
	@mkdir -p $(@D)
	@if [ -f $(PYGAME)/src_c/bitmask.c ]; then echo "$(CC) -O2 -w -c $(PYGAME)/src_c/bitmask.c -o $@"; \
	  $(CC) -O2 -w -c $(PYGAME)/src_c/bitmask.c -o $@; \
	else echo 'typedef int no_pygame;' | $(CC) -x c -c - -o $@; fi
$(NATIVE)/bench_pixelmask.o: bench/native/bench_pixelmask.c bench/common/bench_clock.h bench/common/pixelmask_pairs.h $(CORE_HDR) $(PYGAME)/.checked
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $(CORE_INC) -Ibench/common $(PYGAME_FLAG) -c $< -o $@
define pixel_bench_at
$(NATIVE)/bench_pixelmask-at-$(1)-$(2): $(NATIVE)/bench_pixelmask.o $(NATIVE)/code_pad-$(2).o $(NATIVE)/pygame_bitmask.o $(NATIVE)/code_pad-$(1).o $(NATIVE)/libearlyout.a
	$(CC) $$^ -o $$@
endef
$(foreach p,$(PIXEL_PLACES),$(eval $(call pixel_bench_at,$(word 1,$(subst -, ,$(p))),$(word 2,$(subst -, ,$(p))))))
# Tile movers: the core vs the pixel-by-pixel reference of the tests, on bench/common/tiles_scene.h.
$(NATIVE)/bench_tiles: bench/native/bench_tiles.c bench/common/bench_clock.h bench/common/tiles_scene.h tests/core/tiles_reference.h $(NATIVE)/libearlyout.a
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $(CORE_INC) -Ibench/common -Itests/core $< $(NATIVE)/libearlyout.a -o $@
# Swept moves: eo_tiles_move vs eo_tiles_sweep vs the reference, on bench/common/dash_scene.h.
$(NATIVE)/bench_dash: bench/native/bench_dash.c bench/common/bench_clock.h bench/common/dash_scene.h tests/core/tiles_reference.h $(NATIVE)/libearlyout.a
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $(CORE_INC) -Ibench/common -Itests/core $< $(NATIVE)/libearlyout.a -o $@
BENCH_NATIVE := $(NATIVE)/bench_gridmask $(NATIVE)/bench_broadphase $(PIXEL_BENCHES) $(NATIVE)/bench_tiles $(NATIVE)/bench_dash
bench-native: $(BENCH_NATIVE)
	$(NATIVE)/bench_gridmask 600
	$(NATIVE)/bench_broadphase 600
	@if [ -f $(PYGAME)/unavailable ]; then echo "pygame's bitmask.c: $$(cat $(PYGAME)/unavailable)"; fi
	bench/native/pixelmask_placements.sh $(PIXEL_BENCHES) --
	$(NATIVE)/bench_tiles 600
	$(NATIVE)/bench_dash 9
# The bench-only module of bench_tiles.mjs: the core and the tests' reference under the C driver of
# bench/common/tiles_scene.h, standalone, so Node times core and reference in the same process.
$(WASM)/bench_tiles.wasm: bench/wasm/bench_tiles.c bench/common/tiles_scene.h tests/core/tiles_reference.h $(CORE_FAST_SRC) $(CORE_HDR) \
                          $(WASM)/cache/.seeded | $(DEPS_STAMP)
	$(EMCC_ENV) emcc -std=c99 -Wall -Wextra -Werror -O3 $(CORE_INC) -Ibench/common -Itests/core --no-entry -sSTANDALONE_WASM \
	  -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=65536 $(CORE_FAST_SRC) $< -o $@
# The bench-only module of bench_broadphase.mjs: the plain grid (bench/common/plain_grid.h) and the
# core's sectors in C on the scene of bench/common/scene.h, beside the public JS API.
$(WASM)/bench_broadphase.wasm: bench/wasm/bench_broadphase.c bench/common/scene.h bench/common/plain_grid.h $(CORE_FAST_SRC) $(CORE_HDR) \
                               $(WASM)/cache/.seeded | $(DEPS_STAMP)
	$(EMCC_ENV) emcc -std=c99 -Wall -Wextra -Werror -O3 $(CORE_INC) -Ibench/common --no-entry -sSTANDALONE_WASM \
	  -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=65536 $(CORE_FAST_SRC) $< -o $@
# The bench-only module of bench_dash.mjs: the swept-move scene (bench/common/dash_scene.h) with the
# native bench's C, beside the public JS API.
$(WASM)/bench_dash.wasm: bench/wasm/bench_dash.c bench/common/dash_scene.h tests/core/tiles_reference.h $(CORE_FAST_SRC) $(CORE_HDR) \
                         $(WASM)/cache/.seeded | $(DEPS_STAMP)
	$(EMCC_ENV) emcc -std=c99 -Wall -Wextra -Werror -O3 $(CORE_INC) -Ibench/common -Itests/core --no-entry -sSTANDALONE_WASM \
	  -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=65536 $(CORE_FAST_SRC) $< -o $@
# The bench-only modules of bench_pixelmask.mjs: the core (fast build) and pygame's bitmask.c, both
# emcc -O3, driven by the same C as the native bench; once plain, once as the game module's SIMD
# build (EO_WASM_SIMD=1: the core's area counting in wasm SIMD; pygame's C unchanged), as the game
# module comes in both builds.
define bench_pixelmask_wasm
$(WASM)/bench_pixelmask$(1).wasm: bench/wasm/bench_pixelmask.c bench/common/pixelmask_pairs.h $(CORE_FAST_SRC) $(CORE_HDR) \
                                  $(PYGAME)/.checked $(WASM)/cache/.seeded | $(DEPS_STAMP)
	@if [ -f $(PYGAME)/src_c/bitmask.c ]; then \
	  echo "emcc -O3 $(2) -w -c $(PYGAME)/src_c/bitmask.c -o $(WASM)/pygame_bitmask$(1).o"; \
	  $(EMCC_ENV) emcc -O3 $(2) -w -c $(PYGAME)/src_c/bitmask.c -o $(WASM)/pygame_bitmask$(1).o && \
	  $(EMCC_ENV) emcc -std=c99 -Wall -Wextra -Werror -O3 $(2) $(CORE_INC) -Ibench/common -I$(PYGAME)/src_c/include -DPIXEL_BENCH_PYGAME=1 \
	    --no-entry -sSTANDALONE_WASM -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=65536 $(CORE_FAST_SRC) $$< $(WASM)/pygame_bitmask$(1).o -o $$@; \
	else \
	  $(EMCC_ENV) emcc -std=c99 -Wall -Wextra -Werror -O3 $(2) $(CORE_INC) -Ibench/common -DPIXEL_BENCH_PYGAME=0 \
	    --no-entry -sSTANDALONE_WASM -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=65536 $(CORE_FAST_SRC) $$< -o $$@; \
	fi
endef
$(eval $(call bench_pixelmask_wasm,,))
$(eval $(call bench_pixelmask_wasm,-simd,-DEO_WASM_SIMD=1))
# Node runs wasm with its optimizing compiler from the start (--no-liftoff): both libraries timed
# as optimized code, not as whatever tier each happened to reach.
# bench_bullets: bullets and enemies with float positions (issue 27's 3,000 bullets and 100 enemies,
# issue 14's 2,000 and 50) against rbush and detect-collisions, the same hits checked every frame;
# `node bench/wasm/bench_bullets.mjs 600 --record bench/results/bullets.md` records the run README.md
# quotes. package_sizes: each variant raw and gzip.
BENCH_WASM := wasm wasm-pack $(WASM)/bench_tiles.wasm $(WASM)/bench_dash.wasm $(WASM)/bench_pixelmask.wasm $(WASM)/bench_pixelmask-simd.wasm \
              $(WASM)/bench_broadphase.wasm
bench-wasm: $(BENCH_WASM) | $(DEPS_STAMP)
	node bench/wasm/bench_gridmask.mjs 600
	node --no-liftoff bench/wasm/bench_broadphase.mjs 600
	node bench/wasm/bench_bullets.mjs 600
	@if [ -f $(PYGAME)/unavailable ]; then echo "pygame's bitmask.c: $$(cat $(PYGAME)/unavailable)"; fi
	node --no-liftoff bench/wasm/bench_pixelmask.mjs
	node --no-liftoff bench/wasm/bench_pixelmask_batch.mjs
	node bench/wasm/bench_tiles.mjs 600
	node bench/wasm/bench_dash.mjs 9
	node bench/wasm/package_sizes.mjs
# test-bench (in make test): every program of bench-native and bench-wasm (and the playground's,
# added in mk/playground.mk), run briefly (a few frames, one small size), so that a bench broken by
# an API change fails the build rather than the next `make bench`. The timings mean nothing here;
# what counts is that each runs to its end, having checked its answers against its baselines on
# the way (pairs, hits and pixels, compared in every bench), and prints its table; bench_bullets also
# checks that earlyout's sector grid is still ahead of rbush and detect-collisions. bench-msx (sdcc,
# ~5 min) and bench-site are left to `make bench`: the msx and ui suites run what they measure.
BENCH_SMOKE := "$(NATIVE)/bench_gridmask 3" "$(NATIVE)/bench_broadphase 3 10000" "bench/native/pixelmask_placements.sh $(wordlist 1,2,$(PIXEL_BENCHES)) -- 16 64" \
  "$(NATIVE)/bench_tiles 3" "$(NATIVE)/bench_dash 1" "node bench/wasm/bench_gridmask.mjs 3" \
  "env BENCH_SIZES=1000,10000 node bench/wasm/bench_broadphase.mjs 3" "node bench/wasm/bench_bullets.mjs 30 --check" "node bench/wasm/bench_pixelmask.mjs 16" \
  "node bench/wasm/bench_pixelmask_batch.mjs 16" "node bench/wasm/bench_tiles.mjs 3" "node bench/wasm/bench_dash.mjs 1" \
  "node bench/wasm/package_sizes.mjs"
test-bench: $(BENCH_NATIVE) $(BENCH_WASM) | $(DEPS_STAMP)
	@mkdir -p $(BUILD)/bench-smoke; p=0; f=0; for c in $(BENCH_SMOKE); do \
	  log=$(BUILD)/bench-smoke/$$(echo "$$c" | tr -c 'a-zA-Z0-9_.\n' '_').log; \
	  if $$c > $$log 2>&1 && grep -q '^|' $$log; then p=$$((p+1)); else f=$$((f+1)); echo "FAIL: bench: $$c"; tail -20 $$log; fi; \
	done; echo "bench: $$p passed, $$f failed"; [ $$f -eq 0 ]

# The site, cold, page by page in Chromium on a desktop and on a throttled phone: bytes, requests,
# time to the first usable widget and to all widgets (bench/site/bench_site.mjs, ~3 min). BENCH_SITE_ARGS
# passes options, e.g. "--runs 5 --pages home,01-grid-masks"; `node bench/site/bench_site.mjs DIR` measures
# another build of the site (an older commit's, to compare).
bench-site: web
	node bench/site/bench_site.mjs $(SITE) $(BENCH_SITE_ARGS)
