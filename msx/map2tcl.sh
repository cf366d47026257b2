#!/usr/bin/env bash
# msx/map2tcl.sh MAP OUT.tcl RAM_LIMIT SYMBOL...: reads the addresses of C globals from the
# linker map and writes them as Tcl variables (`set SYMBOL 0xADDR`) for the openMSX scripts, so
# no address is hard-coded there. Also fails when the RAM areas end above RAM_LIMIT (the stack
# lives between RAM_LIMIT and crt0's STACK_TOP, the BIOS above that). RAM_LIMIT is a number or
# the C name of a symbol in the map (crt0_rom.s defines eo_msx_stack_guard).
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 MAP OUT.tcl RAM_LIMIT SYMBOL..." >&2; exit 2; }
map=$1 out=$2 limit=$3; shift 3
# "     0000C006  _eo_msx_status   vectors_main": value, then the C name with a leading '_'.
addr_of() { awk -v s="$1" '$2 == s && $1 ~ /^[0-9A-Fa-f]+$/ { print "0x" substr($1, length($1) - 3); exit }' "$map"; }
if [[ ! $limit =~ ^(0x[0-9A-Fa-f]+|[0-9]+)$ ]]; then
  sym=$limit limit=$(addr_of "_$sym")
  [ -n "$limit" ] || { echo "$0: RAM limit symbol _$sym not in $map" >&2; exit 1; }
fi
limit=$((limit))

ram_end=0
for area in DATA INITIALIZED BSEG BSS HEAP; do
  s=$(addr_of "s__$area"); l=$(addr_of "l__$area")
  [ -n "$s" ] && [ -n "$l" ] || continue
  [ $((l)) -eq 0 ] || [ $((s + l)) -le "$ram_end" ] || ram_end=$((s + l))
done
if [ "$ram_end" -gt "$limit" ]; then
  printf '%s: RAM use ends at 0x%04X, above the limit 0x%04X (stack and BIOS area)\n' "$0" "$ram_end" "$limit" >&2
  exit 1
fi

{
  echo "# Generated from $map by msx/map2tcl.sh: do not edit."
  for sym in "$@"; do
    a=$(addr_of "_$sym")
    [ -n "$a" ] || { echo "$0: symbol _$sym not in $map" >&2; exit 1; }
    echo "set $sym $a"
  done
} > "$out.tmp"
mv "$out.tmp" "$out"
printf '%s: RAM %s..0x%04X used (limit 0x%04X)\n' "$out" "$(addr_of s__DATA)" $((ram_end - 1)) "$limit"
