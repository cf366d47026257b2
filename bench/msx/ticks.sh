#!/usr/bin/env bash
# bench/msx/ticks.sh PROG.ihx OUT [SYMBOL BYTES]: runs PROG in sz80 (ucsim's Z80) and writes the
# T-states it took, from sz80's "Simulated N ticks" line, to OUT. The program must stop on its
# HALT (crt0_sim.s): an invalid instruction or a runaway program is an error, not a figure.
# With SYMBOL (a C global; its address comes from PROG's .map) also writes a second line with
# the BYTES bytes there after the run, in hex, lowest address first. OUT.m1 gets two numbers from
# sz80's state: the instructions executed and the code bytes fetched, which bound the M1 cycles
# (an MSX adds one wait state to each: at least one per instruction, at most one per code byte).
# SZ80_CPU (seconds of sz80's own CPU time, default 60) stops a runaway program, however loaded the
# machine is (make test runs suites side by side); SZ80_TIMEOUT (wall seconds, default 900) backs it.
set -euo pipefail
[ $# -eq 2 ] || [ $# -eq 4 ] || { echo "usage: $0 PROG.ihx OUT [SYMBOL BYTES]" >&2; exit 2; }
[ -s "$1" ] || { echo "$0: $1 missing or empty" >&2; exit 1; }
rm -f "$2" "$2.m1" # a failed run leaves no stale result behind
dump=
if [ $# -eq 4 ]; then
  map=${1%.ihx}.map
  addr=$(awk -v s="_$3" '$2 == s && $1 ~ /^[0-9A-Fa-f]+$/ { print "0x" substr($1, length($1) - 3); exit }' "$map")
  [ -n "$addr" ] || { echo "$0: symbol _$3 not in $map" >&2; exit 1; }
  dump=$(printf 'dump rom %s %s\n' "$addr" "$(printf '0x%04X' $((addr + $4 - 1)))")
fi
log=$(printf 'run\n%s\nstate\nquit\n' "$dump" | (ulimit -t "${SZ80_CPU:-60}"; exec timeout "${SZ80_TIMEOUT:-900}" sz80 -t z80 "$1") 2>&1) ||
  { echo "$log" >&2; echo "$0: sz80 failed on $1" >&2; exit 1; }
if ! grep -q '(101) Halted' <<<"$log"; then
  echo "$log" >&2; echo "$0: $1 did not stop on its HALT" >&2; exit 1
fi
ticks=$(sed -n 's/^Simulated \([0-9][0-9]*\) ticks.*/\1/p' <<<"$log")
[ -n "$ticks" ] || { echo "$log" >&2; echo "$0: no 'Simulated N ticks' line" >&2; exit 1; }
m1=$(sed -n 's/^Inst= \([0-9][0-9]*\) Fetch= \([0-9][0-9]*\) .*/\1 \2/p' <<<"$log")
[ -n "$m1" ] || { echo "$log" >&2; echo "$0: no 'Inst= N Fetch= N' line in sz80's state" >&2; exit 1; }
echo "$m1" > "$2.m1"
if [ -n "$dump" ]; then
  # "0x8000                 06 05 00 00 ....": the address, the bytes, their characters.
  bytes=$(awk -v a="$addr" -v n="$4" 'tolower($1) == tolower(a) { s = ""; for (i = 2; i <= n + 1; i++) s = s $i; print s; exit }' <<<"$log")
  [ ${#bytes} -eq $(($4 * 2)) ] || { echo "$log" >&2; echo "$0: could not read $4 bytes at $addr" >&2; exit 1; }
  printf '%s\n%s\n' "$ticks" "$bytes" > "$2"
else
  echo "$ticks" > "$2"
fi
