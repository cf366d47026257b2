# WebAssembly builds of the core (Emscripten 3.1.6 from Debian): a fast module for games and a
# traced module for lessons. Standalone .wasm with no imports, loaded by wasm/src/earlyout.ts.
WASM       := $(BUILD)/wasm
EMCC_ENV   := NODE_PATH=/usr/share/nodejs EM_CACHE=$(abspath $(WASM)/cache)
WASM_EXPORTS := _eo_wasm_abi,_eo_result_name,_eo_event_name,_eo_counter_name,_eo_hooks_init,_eo_hooks_reset,$\
	_eo_gridmask_layout_check,_eo_gridmask_prepare,_eo_gridmask_build,_eo_gridmask_build_many,$\
	_eo_gridmask_test,_eo_gridmask_find_candidates,$\
	_eo_aabb_overlap_ordered,_eo_aabb_find_pairs,_eo_aabb_choose_order,_eo_circle_overlap,$\
	_eo_sectors_storage_size,_eo_sectors_init,_eo_sectors_build,_eo_sectors_update,_eo_sectors_find_pairs,$\
	_eo_sectors_object_range,_eo_sectors_tune,_eo_sweep_storage_size,_eo_sweep_init,_eo_sweep_pairs,$\
	_eo_pixelmask_storage_size,_eo_pixelmask_init,_eo_pixelmask_from_rgba,_eo_pixelmask_from_indexed,$\
	_eo_pixelmask_set,_eo_pixelmask_get,_eo_overlap_rect,_eo_pixelmask_overlap,_eo_pixelmask_first_contact,$\
	_eo_pixelmask_overlap_area,_eo_pixelmask_overlap_reference,$\
	_eo_tiles_check,_eo_tiles_tile_of,_eo_tiles_index,_eo_tiles_attr_at,_eo_tiles_attr_at_pixel,_eo_tiles_pixel_solid,$\
	_eo_tiles_probe,_eo_tiles_cache_reset,_eo_tiles_touching,_eo_tiles_move,$\
	_eo_slopes_column_height,_eo_slopes_heights,_eo_slopes_ground_at,_eo_slopes_box_ground,_eo_slopes_walk,$\
	_eo_wasm_tiles_move_many,_eo_wasm_slopes_walk_many
EMFLAGS    := $(STRICT) $(CORE_INC) --no-entry -sSTANDALONE_WASM -sEXPORTED_FUNCTIONS=$(WASM_EXPORTS) \
	-sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=1MB -sTOTAL_STACK=65536 -Wl,--export=__heap_base
WASM_PKG   := $(WASM)/pkg

.PHONY: test-wasm wasm-pack
wasm: $(WASM_PKG)/earlyout.js $(WASM_PKG)/earlyout.d.ts $(WASM_PKG)/earlyout.wasm $(WASM_PKG)/earlyout-trace.wasm

# The system cache is read-only: seed a writable copy once.
$(WASM)/cache/.seeded:
	@mkdir -p $(WASM)/cache
	cp -r /usr/share/emscripten/cache/. $(WASM)/cache/
	touch $@

$(WASM)/earlyout.wasm: $(CORE_SRC) $(CORE_HDR) wasm/abi.c wasm/batch.c mk/wasm.mk $(WASM)/cache/.seeded | $(DEPS_STAMP)
	$(EMCC_ENV) emcc $(EMFLAGS) -O3 $(CORE_SRC) wasm/abi.c wasm/batch.c -o $@
$(WASM)/earlyout-trace.wasm: $(CORE_SRC) $(CORE_HDR) wasm/abi.c wasm/batch.c mk/wasm.mk $(WASM)/cache/.seeded | $(DEPS_STAMP)
	$(EMCC_ENV) emcc $(EMFLAGS) -O2 -DEO_TRACE=1 $(CORE_SRC) wasm/abi.c wasm/batch.c -o $@

$(WASM_PKG)/%.wasm: $(WASM)/%.wasm
	@mkdir -p $(@D)
	cp $< $@
$(WASM_PKG)/earlyout.js: wasm/src/earlyout.ts wasm/package.json wasm/README.md | $(DEPS_STAMP)
	@mkdir -p $(@D)
	node_modules/.bin/esbuild $< --format=esm --platform=neutral --target=es2022 --outfile=$@ --log-level=warning
	cp wasm/package.json wasm/README.md $(@D)/
$(WASM_PKG)/earlyout.d.ts: wasm/src/earlyout.ts wasm/tsconfig.json | $(DEPS_STAMP)
	@mkdir -p $(@D)
	node_modules/.bin/tsc -p wasm/tsconfig.json --outDir $(@D)

# The npm tarball a game installs with `npm install ./build/wasm/earlyout-<version>.tgz`.
wasm-pack: wasm
	cd $(WASM_PKG) && npm pack --pack-destination .. --silent

# node:test: the shared vectors through the wasm module, byte for byte against native, and the
# JS API's validation. The TAP output's "# pass" / "# fail" lines become the suite line.
test-wasm: wasm wasm-pack $(foreach m,$(VECTOR_MODULES),$(BUILD)/vectors/$(m).native.out)
	@set -o pipefail; node --test --test-reporter=tap tests/wasm/ 2>&1 | tee $(WASM)/test.log | grep -E '^(not ok|# (pass|fail|tests))|^#' ; status=$$?; \
	p=$$(sed -n 's/^# pass //p' $(WASM)/test.log | tail -1); f=$$(sed -n 's/^# fail //p' $(WASM)/test.log | tail -1); \
	if [ -z "$$p" ]; then cat $(WASM)/test.log; p=0; f=1; fi; \
	echo "wasm: $$p passed, $$f failed"; [ "$$f" -eq 0 ]
