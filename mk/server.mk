# The dev server `make run` starts (tools/serve.mjs): malformed targets, security headers, ranges.
.PHONY: test-server
test-server: | $(DEPS_STAMP)
	@set -o pipefail; node --test --test-reporter=tap tests/server/ > $(BUILD)/server-test.tap 2>&1; status=$$?; \
	grep -E '^(not ok|ok)' $(BUILD)/server-test.tap; \
	p=$$(sed -n 's/^# pass //p' $(BUILD)/server-test.tap | tail -1); f=$$(sed -n 's/^# fail //p' $(BUILD)/server-test.tap | tail -1); \
	if [ -z "$$p" ]; then cat $(BUILD)/server-test.tap; p=0; f=1; fi; \
	echo "server: $$p passed, $$f failed"; [ $$status -eq 0 ] && [ "$$f" -eq 0 ]
