#!/usr/bin/env bash
# tests/msx/run.sh ROM SYMS.tcl VEC OUT WORKDIR: one openMSX run of `make test-msx` (mk/msx.mk).
# Boots C-BIOS_MSX1 headless with ROM in the cartridge slot (a 48 KiB ROM covers pages 0-2: openMSX's
# Page012 type; a 32 KiB one pages 1-2, which openMSX finds itself); tests/msx/run.tcl hands the ROM the
# vector file VEC, waits for the ROM's done marker and writes its result image to OUT. The stale OUT is deleted first, so only this
# run's result can pass. openMSX gets a fresh settings folder WORKDIR/openmsx-home (it saves its
# settings on exit, our di_halt_callback among them; nothing may leak into ~/.openMSX or into the
# next run) and logs to WORKDIR/openmsx.log (its ALSA and renderer warnings are harmless).
# Limits: MSX_TIMEOUT emulated s and MSX_REALTIME real s (run.tcl), backed by `timeout`.
# Prints run.tcl's "msx-run:" lines, and the whole log when openMSX failed. Exit status: openMSX's.
set -uo pipefail
[ $# -eq 5 ] || { echo "usage: $0 ROM SYMS.tcl VEC OUT WORKDIR" >&2; exit 2; }
rom=$1 syms=$2 vec=$3 out=$4 work=$5
timeout_s=${MSX_TIMEOUT:-300} realtime_s=${MSX_REALTIME:-900}
openmsx=${OPENMSX:-openmsx}
here=$(cd "$(dirname "$0")" && pwd)

romtype=()
[ "$(stat -c %s "$rom" 2>/dev/null)" = 49152 ] && romtype=(-romtype Page012)
rm -rf "$out" "$out.tmp" "$work/openmsx-home"
mkdir -p "$work/openmsx-home"
log=$work/openmsx.log
echo "openMSX: C-BIOS_MSX1 running $rom on $vec (log: $log)"
EO_MSX_SYMS=$syms EO_MSX_VEC=$vec EO_MSX_OUT=$out EO_MSX_TIMEOUT=$timeout_s EO_MSX_REALTIME=$realtime_s \
OPENMSX_HOME=$(cd "$work" && pwd)/openmsx-home SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
  timeout -k 5 $((realtime_s + 30)) "$openmsx" -machine C-BIOS_MSX1 -cart "$rom" "${romtype[@]}" \
  -script "$here/run.tcl" < /dev/null > "$log" 2>&1
st=$?
grep '^msx-run:' "$log" || true
if [ $st -ne 0 ]; then
  echo "openMSX exited with status $st$([ $st -eq 124 ] && echo ' (killed by timeout)'); its log:"
  grep -v '^msx-run:' "$log" | sed 's/^/  | /'
fi
exit $st
