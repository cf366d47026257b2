# make bench: tables with ratios against baselines measured in the same run.
.PHONY: bench bench-native bench-wasm
bench: bench-native bench-wasm $(if $(wildcard mk/msx.mk),bench-msx)

$(NATIVE)/bench_gridmask: bench/native/bench_gridmask.c $(NATIVE)/libearlyout.a
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 $(CORE_INC) $< $(NATIVE)/libearlyout.a -o $@
bench-native: $(NATIVE)/bench_gridmask
	$(NATIVE)/bench_gridmask 600
bench-wasm: wasm
	node bench/wasm/bench_gridmask.mjs 600
