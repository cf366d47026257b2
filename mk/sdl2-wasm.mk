# SDL2 for Emscripten, built from Debian's own source package (-sUSE_SDL=2 would download it from
# the internet, which cannot work here). About two minutes on two cores, once: the installed
# prefix under build/ is the cache, and a fresh clone builds it the first time it is needed.
SDL2W        := $(BUILD)/sdl2-wasm
SDL2W_PREFIX := $(SDL2W)/prefix
SDL2W_LIB    := $(SDL2W_PREFIX)/lib/libSDL2.a

$(SDL2W)/src/.unpacked: tools/fetch-debian-source | $(DEPS_STAMP)
	tools/fetch-debian-source libsdl2 $(SDL2W)/src
	rm -rf $(SDL2W)/src/SDL2-* && tar -xzf $(SDL2W)/src/libsdl2_*.orig.tar.gz -C $(SDL2W)/src
	touch $@

# SDL_TEST builds libSDL2_test.a, whose SDLTest_DrawString is the playground's text.
# Built for size with only what the playground uses: video, render (WebGL, and the software renderer
# where WebGL is missing), events, the gamepad (joystick), timers; no audio, haptic, sensor, power,
# filesystem, locale, misc or hidapi. SDL_LEAN_AND_MEAN leaves out the blitters, RLE and YUV code
# no texture of ours needs (SDL's slow blit still converts any format); make bench-playground prints
# the download it makes.
SDL2W_CMAKE := -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=ON -DCMAKE_BUILD_TYPE=MinSizeRel \
  -DSDL_AUDIO=OFF -DSDL_HAPTIC=OFF -DSDL_SENSOR=OFF -DSDL_POWER=OFF -DSDL_FILESYSTEM=OFF -DSDL_LOCALE=OFF -DSDL_MISC=OFF \
  -DSDL_HIDAPI=OFF "-DCMAKE_C_FLAGS=-DSDL_LEAN_AND_MEAN=1 -DSDL_VIDEO_RENDER_SW=1"
$(SDL2W_LIB): $(SDL2W)/src/.unpacked $(WASM)/cache/.seeded mk/sdl2-wasm.mk
	rm -rf $(SDL2W)/cmake && mkdir -p $(SDL2W)/cmake
	cd $(SDL2W)/cmake && $(EMCC_ENV) emcmake cmake ../src/SDL2-2.26.5 $(SDL2W_CMAKE) \
	  -DCMAKE_INSTALL_PREFIX=$(abspath $(SDL2W_PREFIX)) > ../cmake.log 2>&1 \
	  || { tail -30 ../cmake.log; exit 1; }
	$(EMCC_ENV) cmake --build $(SDL2W)/cmake -j2 > $(SDL2W)/build.log 2>&1 || { tail -30 $(SDL2W)/build.log; exit 1; }
	$(EMCC_ENV) cmake --install $(SDL2W)/cmake > $(SDL2W)/install.log 2>&1 || { tail -30 $(SDL2W)/install.log; exit 1; }
	@test -f $(SDL2W_PREFIX)/lib/libSDL2_test.a || { echo "sdl2-wasm: libSDL2_test.a was not installed"; exit 1; }
	touch $@
