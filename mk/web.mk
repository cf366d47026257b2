# The teaching site (web/, lessons/) and its browser tests. Included by the Makefile.
#   make web       build/site/: home, one page per lesson, the JS/CSS bundle and both .wasm files,
#                  and the playground page with the Emscripten build of playground/ (mk/playground.mk)
#   make test-ui   Playwright against build/site; ends with "ui: N passed, N failed"
SITE      := $(BUILD)/site
SITE_SRC  := $(shell find web lessons wasm/src -type f 2>/dev/null) $(wildcard core/src/*.c core/src/*.h) \
             tools/build-web.mjs package-lock.json $(wildcard playground/*.c playground/*.h)
# The playground's emcc build and the tables its page is built from (mk/playground.mk; $(PG) is not
# defined yet when this file is read).
PG_WEB_JS := $(BUILD)/playground/web/playground.js
PG_WEB_TABLES := $(BUILD)/playground/web/tables.json
UI_OUT    := $(BUILD)/test-artifacts
UI_JSON   := $(UI_OUT)/ui-results.json

.PHONY: test-ui
web: $(SITE)/index.html

$(SITE)/index.html: $(SITE_SRC) $(BUILD)/wasm/earlyout.wasm $(BUILD)/wasm/earlyout-trace.wasm $(PG_WEB_JS) $(PG_WEB_TABLES) | $(DEPS_STAMP)
	node tools/build-web.mjs --out $(SITE) --wasm $(BUILD)/wasm --playground $(dir $(PG_WEB_JS))

# Playwright serves build/site itself (playwright.config.ts, port 8123). The JSON report is read by
# tests/ui/summarize.mjs, which prints the suite line and fails on a crash that left no results.
# tests/ui/playground.spec.ts runs the native playground to compare its hashes with the wasm's.
test-ui: web $(BUILD)/playground/earlyout-playground
	@mkdir -p $(UI_OUT); rm -f $(UI_JSON); \
	PLAYWRIGHT_JSON_OUTPUT_NAME=$(UI_JSON) node_modules/.bin/playwright test --reporter=list,json; status=$$?; \
	node tests/ui/summarize.mjs $(UI_JSON) $$status

# tools/build-web.mjs against hostile lessons and output folders (tests/site, Node only, ~10 s):
# raw HTML shown as text, only http(s) and relative links, --out refuses folders it did not write.
.PHONY: test-site
test-site: | $(DEPS_STAMP)
	@mkdir -p $(BUILD); set -o pipefail; node --test --test-reporter=tap tests/site/ > $(BUILD)/site-test.tap 2>&1; status=$$?; \
	grep -E '^(not ok|ok)' $(BUILD)/site-test.tap; \
	p=$$(sed -n 's/^# pass //p' $(BUILD)/site-test.tap | tail -1); f=$$(sed -n 's/^# fail //p' $(BUILD)/site-test.tap | tail -1); \
	if [ -z "$$p" ] || [ "$$f" != 0 ]; then cat $(BUILD)/site-test.tap; fi; [ -n "$$p" ] || { p=0; f=1; }; \
	echo "site: $$p passed, $$f failed"; [ $$status -eq 0 ] && [ "$$f" -eq 0 ]
