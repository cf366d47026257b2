#!/usr/bin/env bash
# bench/msx/report.sh DIR K: the table of `make bench-msx`, from the DIR/<op>-<k>.ticks files
# (bench/msx/ticks.sh). Per iteration: (ticks(K) - ticks(0)) / K; per operation: that minus the
# bare loop's per-iteration cost (the "loop" program does everything but the operation), divided
# by the operations one iteration does (1, or 8 masks, or 28 pairs for the batch rows).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DIR K" >&2; exit 2; }
dir=$1 k=$2
[ "$k" -gt 0 ] || { echo "$0: K must be > 0" >&2; exit 2; }
t() { local f=$dir/$1-$2.ticks; [ -s "$f" ] || { echo "$0: $f missing" >&2; exit 1; }; cat "$f"; }

args=()
for op in loop classic_build core_build classic_test core_test core_layout_check \
          classic_build8 core_build8 classic_pairs8 core_pairs8; do
  args+=("$op" "$(t "$op" 0)" "$(t "$op" "$k")")
done

awk -v k="$k" -v frame=59736 -v list="${args[*]}" '
function c3(n,   s, r) { s = sprintf("%d", n); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
function row(name, classic, core) {
  printf "| %s | %.1f | %.1f | %.2f | %d | %d |\n", name, net[classic], net[core], net[core] / net[classic], int(frame / net[classic]), int(frame / net[core])
}
BEGIN {
  n = split(list, a, " ")
  for (i = 1; i <= n; i += 3) per[a[i]] = (a[i + 2] - a[i + 1]) / k
  loop = per["loop"]
  split("classic_build8 core_build8", b8, " "); split("classic_pairs8 core_pairs8", p8, " ")
  for (op in per) if (op != "loop") net[op] = per[op] - loop
  for (i in b8) net[b8[i]] /= 8
  for (i in p8) net[p8[i]] /= 28
  for (op in net) if (net[op] <= 0) { print "bench-msx: implausible figure for " op > "/dev/stderr"; exit 1 }

  printf "Z80 T-states per operation: sz80 (ucsim), SDCC 4.2 -mz80, 16-bit layout (8 x 6 cells of 32 px on 256 x 192).\n"
  printf "(ticks(K=%d) - ticks(K=0)) / %d, minus the bare loop (%.1f T-states per iteration), over 8 boxes / 8 pairs.\n\n", k, k, loop
  printf "| operation | classic T-states | core T-states | ratio core/classic | classic per frame | core per frame |\n"
  printf "| --- | ---: | ---: | ---: | ---: | ---: |\n"
  row("build one mask (one call; core: eo_gridmask_build)", "classic_build", "core_build")
  row("test one pair (one call; core: eo_gridmask_test)", "classic_test", "core_test")
  row("masks of 8 boxes, per mask (core: eo_gridmask_build_many)", "classic_build8", "core_build8")
  row("all 28 pairs of 8 masks, per pair (core: eo_gridmask_find_candidates)", "classic_pairs8", "core_pairs8")
  printf "\nOne 60 Hz frame = %s T-states (NTSC MSX, 3.58 MHz): \"per frame\" is how many fit in one.\n", c3(frame)
  printf "8 sprites, every frame (8 masks + all 28 pairs): classic %s T-states (%.1f%% of a frame), core %s (%.1f%%).\n", \
    c3(8 * net["classic_build8"] + 28 * net["classic_pairs8"]), 100 * (8 * net["classic_build8"] + 28 * net["classic_pairs8"]) / frame, \
    c3(8 * net["core_build8"] + 28 * net["core_pairs8"]), 100 * (8 * net["core_build8"] + 28 * net["core_pairs8"]) / frame
  printf "eo_gridmask_prepare: %.1f T-states, once per layout (build and test only check its ready mark).\n", net["core_layout_check"]
  printf "classic = endpoints only, 8-bit x + w (wraps at the right edge), uint16_t masks: fast but lossy (bench/msx/classic.c).\n"
  printf "Pure Z80 timing; a real MSX adds one wait state per M1 cycle (roughly +10..20%%).\n"
}'
