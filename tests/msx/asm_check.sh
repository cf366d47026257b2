#!/usr/bin/env bash
# tests/msx/asm_check.sh NAME OUT COUNTS: reads the result of a check of the core's Z80 assembly
# against its C (tests/msx/<name>_asm.c) after its sz80 run (bench/msx/ticks.sh OUT: line 1 the
# T-states, line 2 the result's 7 bytes in hex: rounds u16, rounds that differed u16, first round
# that differed u16, setup error u8, little-endian), prints what it found and writes
# "PASSED FAILED" (rounds) to COUNTS for tests/msx/compare --counted.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 NAME OUT COUNTS" >&2; exit 2; }
name=$1 out=$2 counts=$3
echo "0 1" > "$counts"
[ -s "$out" ] || { echo "$name-asm: $out missing: the sz80 run failed" >&2; exit 1; }
hex=$(sed -n 2p "$out")
[[ $hex =~ ^[0-9a-fA-F]{14}$ ]] || { echo "$name-asm: $out is malformed" >&2; exit 1; }
word() { echo $((16#${hex:$(($1 + 2)):2}${hex:$1:2})); }
rounds=$(word 0) differed=$(word 4) first=$(word 8) setup=$((16#${hex:12:2}))
if [ "$setup" -ne 0 ] || [ "$rounds" -eq 0 ]; then
  echo "$name-asm: the program could not set up its state (rounds $rounds)" >&2
  exit 1
fi
echo "$name-asm: Z80 assembly vs C on sz80: $rounds rounds, $differed differed$([ "$differed" -gt 0 ] && echo ", the first: round $first")"
echo "$((rounds - differed)) $differed" > "$counts"
