#!/usr/bin/env bash
# tests/msx/demo.sh ROM SYMS.tcl REPLAY REPLAY.wasm WORKDIR: the demo cartridge's part of
# `make test-msx` (mk/msx.mk). Plays ROM headless in openMSX (C-BIOS_MSX1, tests/msx/demo.tcl
# presses the keys), then replays the seed and the input bytes the ROM recorded natively (REPLAY)
# and in wasm (node tests/msx/demo_replay.mjs REPLAY.wasm): the game's hash must be the ROM's on
# all three. Writes WORKDIR/demo.counts ("PASSED FAILED", read by tests/msx/compare --counted),
# WORKDIR/demo.out (what the ROM left in RAM, with its frame times) and WORKDIR/demo.png (the
# screen once the recorded frames are played).
set -uo pipefail
[ $# -eq 5 ] || { echo "usage: $0 ROM SYMS.tcl REPLAY REPLAY.wasm WORKDIR" >&2; exit 2; }
rom=$1 syms=$2 replay=$3 wasm=$4 work=$5
openmsx=${OPENMSX:-openmsx}
here=$(cd "$(dirname "$0")" && pwd)
out=$work/demo.out shot=$work/demo.png counts=$work/demo.counts log=$work/openmsx-demo.log

mkdir -p "$work"
rm -rf "$out" "$out.inputs" "$shot" "$counts" "$work/openmsx-home-demo"
mkdir -p "$work/openmsx-home-demo"
passed=0 failed=0
check() { # NAME OK-STATUS DETAIL
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "ok - demo: $1"; else failed=$((failed + 1)); echo "not ok - demo: $1: $3"; fi
}

echo "openMSX: C-BIOS_MSX1 playing $rom (log: $log)"
EO_MSX_SYMS=$syms EO_DEMO_OUT=$out EO_DEMO_SHOT=$(cd "$work" && pwd)/demo.png EO_MSX_TIMEOUT=${MSX_TIMEOUT:-120} \
EO_MSX_REALTIME=${MSX_REALTIME:-300} OPENMSX_HOME=$(cd "$work" && pwd)/openmsx-home-demo \
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
  timeout -k 5 $(( ${MSX_REALTIME:-300} + 30 )) "$openmsx" -machine C-BIOS_MSX1 -cart "$rom" -romtype Page012 \
  -script "$here/demo.tcl" < /dev/null > "$log" 2>&1
st=$?
grep '^msx-demo:' "$log" || true
[ $st -eq 0 ] && [ -s "$out" ] && [ -s "$out.inputs" ]; ok=$?
check "the ROM plays its recorded frames in openMSX" $ok "openMSX exited with status $st; its log: $(tr '\n' ' ' < "$log" | tail -c 2000)"
if [ $ok -ne 0 ]; then echo "$passed $((failed + 4))" > "$counts"; exit 1; fi
cat "$out"

field() { sed -n "s/^$1 //p" "$out"; }
[ "$(field error)" = 0 ]; check "no error from the core on the MSX" $? "error $(field error)"
# the input script presses keys from the first frame: a recording of nothing would prove little
[ -n "$(tr -d '\0' < "$out.inputs")" ]; check "the recorded input holds key presses" $? "120 bytes of 0"
rom_hash=$(field hash) seed=$(field seed)
native=$("$replay" "$seed" "$out.inputs"); st=$?
[ $st -eq 0 ] && [ "$native" = "$rom_hash" ]; check "native replay reaches the ROM's hash $rom_hash" $? "native $native (status $st)"
web=$(node "$here/demo_replay.mjs" "$wasm" "$seed" "$out.inputs"); st=$?
[ $st -eq 0 ] && [ "$web" = "$rom_hash" ]; check "wasm replay reaches the ROM's hash $rom_hash" $? "wasm $web (status $st)"
# openMSX wrote the screen: a PNG (its signature) of some size, not an empty file
[ "$(head -c 8 "$shot" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && [ "$(stat -c %s "$shot")" -gt 2000 ]
check "a screenshot of the played screen ($shot)" $? "missing or empty"
# UPDATE_DOCS_SCREENSHOT=1 (as for the lessons' pages) copies it to docs/msx-demo.png, the README's
[ "${UPDATE_DOCS_SCREENSHOT:-}" = 1 ] && [ $failed -eq 0 ] && cp "$shot" "$here/../../docs/msx-demo.png"
echo "$passed $failed" > "$counts"
[ $failed -eq 0 ]
