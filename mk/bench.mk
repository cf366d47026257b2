# make bench: tables with ratios against baselines measured in the same run.
.PHONY: bench bench-native bench-wasm
bench: bench-native bench-wasm $(if $(wildcard mk/msx.mk),bench-msx)

$(NATIVE)/bench_gridmask: bench/native/bench_gridmask.c $(NATIVE)/libearlyout.a
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $(CORE_INC) $< $(NATIVE)/libearlyout.a -o $@
# Broadphase shoot-out: brute force vs sectors vs sort-and-sweep on the scenes of bench/common/
# (the Node one adds the npm peers rbush and detect-collisions, hence the deps).
$(NATIVE)/bench_broadphase: bench/native/bench_broadphase.c bench/common/scene.h $(NATIVE)/libearlyout.a
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $(CORE_INC) $< $(NATIVE)/libearlyout.a -o $@
# Pixel masks: bitmask vs the per-pixel reference, at the default words (64-bit on 64-bit hosts)
# and at 32 (wasm's).
$(NATIVE)/bench_pixelmask: bench/native/bench_pixelmask.c $(NATIVE)/libearlyout.a
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $(CORE_INC) $< $(NATIVE)/libearlyout.a -o $@
$(NATIVE)/bench_pixelmask_w32: bench/native/bench_pixelmask.c $(CORE_SRC) $(CORE_HDR)
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 -DEO_PIXELMASK_WORD_BITS=32 $(CORE_INC) $< $(CORE_SRC) -o $@
# Tile movers: the core vs the pixel-by-pixel reference of the tests, on bench/common/tiles_scene.h.
$(NATIVE)/bench_tiles: bench/native/bench_tiles.c bench/common/tiles_scene.h tests/core/tiles_reference.h $(NATIVE)/libearlyout.a
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $(CORE_INC) -Ibench/common -Itests/core $< $(NATIVE)/libearlyout.a -o $@
bench-native: $(NATIVE)/bench_gridmask $(NATIVE)/bench_broadphase $(NATIVE)/bench_pixelmask $(NATIVE)/bench_pixelmask_w32 \
              $(NATIVE)/bench_tiles
	$(NATIVE)/bench_gridmask 600
	$(NATIVE)/bench_broadphase 600
	$(NATIVE)/bench_pixelmask
	$(NATIVE)/bench_pixelmask_w32
	$(NATIVE)/bench_tiles 600
# The bench-only module of bench_tiles.mjs: the core and the tests' reference under the C driver of
# bench/common/tiles_scene.h, standalone, so Node times core and reference in the same process.
$(WASM)/bench_tiles.wasm: bench/wasm/bench_tiles.c bench/common/tiles_scene.h tests/core/tiles_reference.h $(CORE_SRC) $(CORE_HDR) \
                          $(WASM)/cache/.seeded | $(DEPS_STAMP)
	$(EMCC_ENV) emcc -std=c99 -Wall -Wextra -Werror -O3 $(CORE_INC) -Ibench/common -Itests/core --no-entry -sSTANDALONE_WASM \
	  -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=65536 $(CORE_SRC) $< -o $@
bench-wasm: wasm $(WASM)/bench_tiles.wasm | $(DEPS_STAMP)
	node bench/wasm/bench_gridmask.mjs 600
	node bench/wasm/bench_broadphase.mjs 600
	node bench/wasm/bench_pixelmask.mjs
	node bench/wasm/bench_tiles.mjs 600
