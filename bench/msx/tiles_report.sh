#!/usr/bin/env bash
# bench/msx/tiles_report.sh DIR K: the tiles and slopes table of `make bench-msx`, from the
# DIR/tiles-<op>-<k>.ticks files (bench/msx/ticks.sh with bench_result: line 1 the T-states,
# line 2 a u16 checksum of where the boxes ended, little-endian, then an error byte).
# Per mover per frame: (ticks(K) - ticks(0)) / K / 8 minus the bare frame loop's; per call:
# (ticks(K) - ticks(0)) / K minus the bare call loop's (bench/msx/tiles_main.c).
# Fails when a program reported an error, or when the core's plain moves and the reference mover
# ended anywhere different (they must agree pixel for pixel).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DIR K" >&2; exit 2; }
dir=$1 k=$2
[ "$k" -gt 0 ] || { echo "$0: K must be > 0" >&2; exit 2; }

ops="frame_bare frame_walk frame_move frame_ref call_bare call_free call_land call_walk ref_free ref_land call_fixed call_sense call_sweep ref_sweep call_dash_move call_ramp_land call_walk_move call_probe call_touching call_hero call_probe_hand"
args=()
for op in $ops; do
  for n in 0 "$k"; do
    f=$dir/tiles-$op-$n.ticks
    [ -s "$f" ] || { echo "$0: $f missing" >&2; exit 1; }
    ticks=$(sed -n 1p "$f") hex=$(sed -n 2p "$f")
    [[ $ticks =~ ^[0-9]+$ && $hex =~ ^[0-9a-fA-F]{6}$ ]] || { echo "$0: $f is malformed" >&2; exit 1; }
    check=$((16#${hex:2:2}${hex:0:2})) error=$((16#${hex:4:2}))
    if [ "$error" -ne 0 ]; then
      echo "$0: tiles-$op-$n reported error $error (1 a call failed or answered wrong, 2 the map is invalid)" >&2
      exit 1
    fi
    args+=("$op" "$n" "$ticks" "$check")
  done
done

awk -v k="$k" -v frame=59736 -v movers=8 -v list="${args[*]}" '
function c3(n,   s, r) { s = sprintf("%d", n + 0.5); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
function ratio(t, ref) { return sprintf("%.1fx faster", ref / t) }
BEGIN {
  n = split(list, a, " ")
  for (i = 1; i <= n; i += 4) { ticks[a[i], a[i + 1]] = a[i + 2]; check[a[i], a[i + 1]] = a[i + 3]; if (a[i + 1] == 0) ops[++nops] = a[i] }
  for (i = 1; i <= nops; i++) per[ops[i]] = (ticks[ops[i], k] - ticks[ops[i], 0]) / k
  mover["frame_walk"] = (per["frame_walk"] - per["frame_bare"]) / movers
  mover["frame_move"] = (per["frame_move"] - per["frame_bare"]) / movers
  mover["frame_ref"] = (per["frame_ref"] - per["frame_bare"]) / movers
  call["call_free"] = per["call_free"] - per["call_bare"]
  call["call_land"] = per["call_land"] - per["call_bare"]
  call["call_walk"] = per["call_walk"] - per["call_bare"]
  call["ref_free"] = per["ref_free"] - per["call_bare"]
  call["ref_land"] = per["ref_land"] - per["call_bare"]
  call["call_fixed"] = per["call_fixed"] - per["call_bare"]
  call["call_sense"] = per["call_sense"] - per["call_bare"]
  call["call_sweep"] = per["call_sweep"] - per["call_bare"]
  call["ref_sweep"] = per["ref_sweep"] - per["call_bare"]
  call["call_dash_move"] = per["call_dash_move"] - per["call_bare"]
  call["call_ramp_land"] = per["call_ramp_land"] - per["call_bare"]
  call["call_walk_move"] = per["call_walk_move"] - per["call_bare"]
  call["call_probe"] = per["call_probe"] - per["call_bare"]
  call["call_touching"] = per["call_touching"] - per["call_bare"]
  call["call_hero"] = per["call_hero"] - per["call_bare"]
  call["call_probe_hand"] = per["call_probe_hand"] - per["call_bare"]
  bad = 0
  for (o in mover) if (mover[o] <= 0) { print "bench-msx: implausible figure for " o > "/dev/stderr"; bad = 1 }
  for (o in call) if (call[o] <= 0) { print "bench-msx: implausible figure for " o > "/dev/stderr"; bad = 1 }
  if (check["frame_move", k] != check["frame_ref", k]) { print "bench-msx: the core'"'"'s plain moves and the reference mover ended in different places" > "/dev/stderr"; bad = 1 }
  if (check["call_free", k] != check["ref_free", k] || check["call_land", k] != check["ref_land", k] || check["call_sweep", k] != check["ref_sweep", k]) { print "bench-msx: a core call and the reference disagree" > "/dev/stderr"; bad = 1 }
  if (bad) exit 1

  printf "Tiles and slopes on the Z80: sz80 (ucsim), SDCC 4.2 -mz80; a 32 x 24 map of 8 px tiles (solid, one-way, ladder,\n"
  printf "45 and 22.5 degree slopes, user slopes; bench/msx/tiles_main.c). 8 movers of 8 x 16 px, 1..2 px/frame sideways,\n"
  printf "gravity +1 px/frame per frame up to 8, a jump (-6) every 32 frames from the ground. Mean of %d frames:\n", k
  printf "(ticks(K=%d) - ticks(K=0)) / %d / 8 minus the bare frame loop (%.1f T-states per mover). No cache, no hooks.\n\n", k, k, per["frame_bare"] / movers
  printf "| mover, per frame | T-states per mover per frame | movers in one 60 Hz frame | vs the reference mover |\n"
  printf "| --- | ---: | ---: | ---: |\n"
  printf "| platformer step: eo_slopes_walk (max step 1, position only) + eo_tiles_move(0, vy), full results | %s | %.1f | %s |\n", c3(mover["frame_walk"]), frame / mover["frame_walk"], ratio(mover["frame_walk"], mover["frame_ref"])
  printf "| plain move: eo_tiles_move(dx, vy), position only | %s | %.1f | %s |\n", c3(mover["frame_move"]), frame / mover["frame_move"], ratio(mover["frame_move"], mover["frame_ref"])
  printf "| reference: the same moves pixel by pixel (tests/core/tiles_reference.h) | %s | %.1f | 1.0 (the baseline) |\n", c3(mover["frame_ref"]), frame / mover["frame_ref"]
  printf "\nThe plain moves and the reference ended every box at the same pixel (checked). The reference cannot climb\n"
  printf "slopes: it is the baseline for the plain move; the platformer step does more (climbing, snapping down, sensing).\n\n"
  printf "Single calls on one 8 x 16 box, T-states per call ((ticks(K=%d) - ticks(K=0)) / %d minus the loop):\n\n", k, k
  printf "| call | core | reference (pixel by pixel) | ratio |\n"
  printf "| --- | ---: | ---: | ---: |\n"
  printf "| a move that hits nothing: eo_tiles_move(2, 3), full result | %s | %s | %s |\n", c3(call["call_free"]), c3(call["ref_free"]), ratio(call["call_free"], call["ref_free"])
  printf "| a landing: eo_tiles_move(0, 8) from 5 px above the floor, full result | %s | %s | %s |\n", c3(call["call_land"]), c3(call["ref_land"]), ratio(call["call_land"], call["ref_land"])
  printf "| a dash along its segment: eo_tiles_sweep(24, 16) from the air into a platform, full result | %s | %s | %s |\n", c3(call["call_sweep"]), c3(call["ref_sweep"]), ratio(call["call_sweep"], call["ref_sweep"])
  printf "| the same dash X, then Y: eo_tiles_move(24, 16), full result | %s | - | - |\n", c3(call["call_dash_move"])
  printf "| a slope walk: eo_slopes_walk(2, max step 1) up a 45 degree slope | %s | - | - |\n", c3(call["call_walk"])
  printf "| the same walk as a character frame: eo_slopes_move(2, 0, max step 1, reach 14), full result and slope | %s | - | - |\n", c3(call["call_walk_move"])
  printf "| a ramp landing: eo_slopes_move(10, 6) falling sideways onto the 45 degree hill, landing and walking on | %s | - | - |\n", c3(call["call_ramp_land"])
  printf "| the fixed cost of a call: eo_tiles_move(0, 0), position only | %s | - | - |\n", c3(call["call_fixed"])
  printf "| sensing the box'"'"'s tiles: eo_tiles_move(0, 0), full result (touching, below, on_ground) | %s | - | - |\n", c3(call["call_sense"])
  printf "\nThe per-frame targets of issue 29 (T-states per call; target, the share of a 60 Hz frame, and what code\n"
  printf "written by hand for this one map costs, checking nothing):\n\n"
  printf "| call | T-states | target | %% of a frame | hand-written baseline |\n"
  printf "| --- | ---: | ---: | ---: | ---: |\n"
  printf "| a tile probe: eo_tiles_attr_at_pixel | %s | 400 | %.1f%% | %s: attrs[cells[(y >> 3) * 32 + (x >> 3)]] in C |\n", c3(call["call_probe"]), 100 * call["call_probe"] / frame, c3(call["call_probe_hand"])
  printf "| eo_tiles_touching, 8 x 16 box (2 x 3 tiles and the row under it), no cache | %s | 1,500 | %.1f%% | - |\n", c3(call["call_touching"]), 100 * call["call_touching"] / frame
  printf "| a 16 x 16 hero moving 2 px: eo_tiles_move(2, 0), position only | %s | 3,000 | %.1f%% | - |\n", c3(call["call_hero"]), 100 * call["call_hero"] / frame
  printf "\nOne 60 Hz frame = %s T-states (NTSC MSX, 3.58 MHz). Pure Z80 timing; a real MSX adds one wait state per M1\n", c3(frame)
  printf "cycle (roughly +10..20%%).\n"
}'
