#!/usr/bin/env bash
# bench/msx/scene_report.sh DIR K: the broadphase table of `make bench-msx`, from the
# DIR/scene-<op>-<k>.ticks files (bench/msx/ticks.sh with bench_result: line 1 the T-states,
# line 2 the pairs found over the K frames, u32 little-endian, then an error byte).
# Per frame: (ticks(K) - ticks(0)) / K minus the same for "move" (the scene's move alone).
# Fails when a program reported an error or a method found a different number of pairs than
# all pairs (X first) over the same frames.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DIR K" >&2; exit 2; }
dir=$1 k=$2
[ "$k" -gt 0 ] || { echo "$0: K must be > 0" >&2; exit 2; }

ops="move brute_x brute_y sectors_2x2 sectors_4x3 sectors_4x4 sectors_8x6 persistent_2x2 persistent_8x6 sweep_x sweep_y sweep_ws_x sweep_ws_y sweep_ws_x_c sweep_ws_y_c"
args=()
for op in $ops; do
  for n in 0 "$k"; do
    f=$dir/scene-$op-$n.ticks
    [ -s "$f" ] || { echo "$0: $f missing" >&2; exit 1; }
    ticks=$(sed -n 1p "$f") hex=$(sed -n 2p "$f")
    [[ $ticks =~ ^[0-9]+$ && $hex =~ ^[0-9a-fA-F]{10}$ ]] || { echo "$0: $f is malformed" >&2; exit 1; }
    pairs=$((16#${hex:6:2}${hex:4:2}${hex:2:2}${hex:0:2})) error=$((16#${hex:8:2}))
    if [ "$error" -ne 0 ]; then
      echo "$0: scene-$op-$n reported error $error (1 storage too small, 2 init failed, 3 a call failed)" >&2
      exit 1
    fi
    read -r inst fetch < "$f.m1" && [[ $inst =~ ^[0-9]+$ && $fetch =~ ^[0-9]+$ ]] || { echo "$0: $f.m1 is missing or malformed" >&2; exit 1; }
    args+=("$op" "$n" "$ticks" "$pairs" "$inst" "$fetch")
  done
done

awk -v k="$k" -v frame=59736 -v list="${args[*]}" '
function c3(n,   s, r) { s = sprintf("%d", n + 0.5); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
function row(op, name,   t, ratio, lo, hi, msx) {
  t = net[op]
  ratio = t / net["brute_x"]
  lo = t + m1lo[op]; hi = t + m1hi[op]
  msx = sprintf("%s .. %s (%.0f .. %.0f%%)", c3(lo), c3(hi), 100 * lo / frame, 100 * hi / frame)
  if (op == "brute_x")
    printf "| %s | %s | %.1f%% | %s | 1.00 (the reference) |\n", name, c3(t), 100 * t / frame, msx
  else
    printf "| %s | %s | %.1f%% | %s | %.2f (%.1fx %s) |\n", name, c3(t), 100 * t / frame, msx, ratio, ratio <= 1 ? 1 / ratio : ratio, ratio <= 1 ? "faster" : "slower"
}
BEGIN {
  n = split(list, a, " ")
  for (i = 1; i <= n; i += 6) { ticks[a[i], a[i + 1]] = a[i + 2]; pairs[a[i], a[i + 1]] = a[i + 3]; inst[a[i], a[i + 1]] = a[i + 4]; fetch[a[i], a[i + 1]] = a[i + 5]; if (a[i + 1] == 0) ops[++nops] = a[i] }
  for (i = 1; i <= nops; i++) {
    op = ops[i]
    per[op] = (ticks[op, k] - ticks[op, 0]) / k
    per_inst[op] = (inst[op, k] - inst[op, 0]) / k
    per_fetch[op] = (fetch[op, k] - fetch[op, 0]) / k
  }
  for (i = 1; i <= nops; i++) { op = ops[i]; m1lo[op] = per_inst[op] - per_inst["move"]; m1hi[op] = per_fetch[op] - per_fetch["move"] }
  bad = 0
  for (i = 1; i <= nops; i++) {
    op = ops[i]
    if (op != "move") net[op] = per[op] - per["move"]
    if (op != "move" && net[op] <= 0) { print "bench-msx: implausible figure for " op > "/dev/stderr"; bad = 1 }
    if (pairs[op, 0] != 0 || (op != "move" && pairs[op, k] != pairs["brute_x", k])) {
      printf "bench-msx: %s found %d pairs over %d frames, all pairs %d\n", op, pairs[op, k], k, pairs["brute_x", k] > "/dev/stderr"; bad = 1
    }
  }
  if (pairs["brute_x", k] == 0) { print "bench-msx: the scene produced no pairs at all" > "/dev/stderr"; bad = 1 }
  if (bad) exit 1

  printf "Broadphase on the GameDev.net article'"'"'s 32-object scene, Z80 T-states per frame: sz80 (ucsim), SDCC 4.2 -mz80.\n"
  printf "24 soldiers 16 x 16 px (3 rows of 8, 28 px apart, rows 56 px apart from 16, 24) + 8 bullets 2 x 6 px on 256 x 192;\n"
  printf "each frame the soldiers march 1 px and the bullets fly 3 px up (bench/msx/scene_main.c). Mean of %d frames,\n", k
  printf "(ticks(K=%d) - ticks(K=0)) / %d minus the move alone (%.1f T-states); %.2f overlapping pairs per frame, the same\n", k, k, per["move"], pairs["brute_x", k] / k
  printf "count from every method (checked). Stats and hooks NULL, as a game would call them.\n\n"
  printf "| method | T-states per frame | %% of one 60 Hz frame | on an MSX, with its M1 wait states | ratio vs brute force |\n"
  printf "| --- | ---: | ---: | ---: | ---: |\n"
  row("brute_x", "brute force: eo_aabb_find_pairs, all 496 pairs, X first")
  row("brute_y", "brute force, Y first (rows of soldiers are apart in Y)")
  row("sectors_2x2", "sectors 2 x 2 (128 x 96 px; 96: a division per y): build + find_pairs")
  row("sectors_4x3", "sectors 4 x 3 (64 x 64 px, shifts): build + find_pairs")
  row("sectors_4x4", "sectors 4 x 4 (64 x 48 px; 48: a division per y): build + find_pairs")
  row("sectors_8x6", "sectors 8 x 6 (32 x 32 px, shifts): build + find_pairs")
  row("persistent_2x2", "sectors 2 x 2 persistent: eo_sectors_update + find_pairs")
  row("persistent_8x6", "sectors 8 x 6 persistent: eo_sectors_update + find_pairs")
  row("sweep_x", "order-array sweep on X, last frame'"'"'s order (tests/core/sweep_reference.h)")
  row("sweep_y", "order-array sweep on Y, last frame'"'"'s order (the same reference)")
  row("sweep_ws_x", "**sort-and-sweep on X with its workspace: eo_sweep_find_pairs** (Z80 assembly inside)")
  row("sweep_ws_y", "sort-and-sweep on Y with its workspace (Z80 assembly inside)")
  row("sweep_ws_x_c", "the same on X, built as plain C (EO_Z80_ASM=0)")
  row("sweep_ws_y_c", "the same on Y, built as plain C (EO_Z80_ASM=0)")
  printf "\nOne 60 Hz frame = %s T-states (NTSC MSX, 3.58 MHz). Grid storage: a static 1 KiB buffer, checked at start\n", c3(frame)
  printf "against eo_sectors_storage_size (402 .. 578 bytes here: max_objects 32, max_entries 128).\n"
  printf "T-states are pure Z80 timing. An MSX adds one wait state to every M1 (opcode fetch) cycle: at least one per\n"
  printf "instruction executed, at most one per code byte fetched (sz80 counts both), hence the range of the MSX column.\n"
}'
