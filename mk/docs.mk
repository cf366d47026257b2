# make test-docs: every code block of README.md, wasm/README.md and wasm/API.md compiled or run
# (tests/docs/docs.test.mjs says how each kind of block runs). C blocks are built with $(STRICT)
# against a `make install` into build/docs-prefix; JS/TS blocks run against the package in
# build/wasm/pkg and are type-checked by tsc --strict. On a failure the whole TAP log is shown
# (each failing block's message names its file and line).
.PHONY: test-docs
DOCS_PREFIX := $(abspath $(BUILD)/docs-prefix)
test-docs: export DOCS_PREFIX := $(DOCS_PREFIX)
test-docs: export DOCS_CFLAGS := $(STRICT)
test-docs: wasm $(NATIVE)/libearlyout.a
	@rm -rf $(DOCS_PREFIX) && $(MAKE) --no-print-directory -s install PREFIX=$(DOCS_PREFIX) >/dev/null
	@mkdir -p $(WASM); node --test --test-reporter=tap tests/docs/ > $(WASM)/docs.log 2>&1; \
	p=$$(sed -n 's/^# pass //p' $(WASM)/docs.log | tail -1); f=$$(sed -n 's/^# fail //p' $(WASM)/docs.log | tail -1); \
	s=$$(sed -n 's/^# skipped //p' $(WASM)/docs.log | tail -1); \
	if [ -z "$$p" ] || [ "$$f" != 0 ]; then cat $(WASM)/docs.log; else grep -E '^(ok|not ok)' $(WASM)/docs.log; fi; \
	[ -n "$$p" ] || { p=0; f=1; }; \
	echo "docs: $$p passed, $$f failed ($$s blocks not run: transcripts and output, each with its reason)"; [ "$$f" -eq 0 ]
