#!/usr/bin/env bash
# bench/msx/pixel_report.sh DIR K: the pixel-mask table of `make bench-msx`, from the
# DIR/pixel-<op>-<shift>-<k>.ticks files (bench/msx/ticks.sh with bench_result: line 1 the
# T-states, line 2 hits then an error byte). Per pair: (ticks(K) - ticks(0)) / K minus the bare loop's.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DIR K" >&2; exit 2; }
dir=$1 k=$2
per_pair() { # op shift -> T-states per pair (loop included); fails on hits or errors
  local a b hex
  for n in 0 "$k"; do
    f=$dir/pixel-$1-$2-$n.ticks
    [ -s "$f" ] || { echo "$0: $f missing" >&2; exit 1; }
    hex=$(sed -n 2p "$f")
    [ "${hex:0:2}" = "00" ] && [ "${hex:8:2}" = "00" ] || { echo "$0: $f: the sprites hit or the program failed ($hex)" >&2; exit 1; }
  done
  a=$(sed -n 1p "$dir/pixel-$1-$2-0.ticks"); b=$(sed -n 1p "$dir/pixel-$1-$2-$k.ticks")
  echo "$a $b" | awk -v k="$k" '{ printf "%.1f", ($2 - $1) / k }'
}
echo "Pixel masks on the Z80: one 16 x 16 pair (MSX sprite size, 8-bit mask words), B shifted 0..7 px"
echo "right of A and 1 px lower, no shared pixel (the whole 16 x 15 overlap rectangle is scanned: the worst case)."
echo "T-states per pair: sz80, (ticks(K=$k) - ticks(K=0)) / $k, minus the bare loop."
echo
echo "| shift | bitmask (eo_pixelmask_overlap) | per-pixel reference | ratio | bitmask pairs per 60 Hz frame |"
echo "| ---: | ---: | ---: | ---: | ---: |"
for s in 0 1 2 3 4 5 6 7; do
  bare=$(per_pair bare "$s"); mask=$(per_pair mask "$s"); ref=$(per_pair ref "$s")
  awk -v s="$s" -v z="$bare" -v m="$mask" -v r="$ref" 'BEGIN {
    m -= z; r -= z; printf "| %d | %.0f | %.0f | %.1f | %.1f |\n", s, m, r, r / m, 59736 / m }'
done
