#!/usr/bin/env bash
# bench/msx/ticks.sh PROG.ihx OUT: runs PROG in sz80 (ucsim's Z80) and writes the T-states it
# took, from sz80's "Simulated N ticks" line. The program must stop on its HALT (crt0_sim.s): an
# invalid instruction or a runaway program is an error, not a figure.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 PROG.ihx OUT" >&2; exit 2; }
[ -s "$1" ] || { echo "$0: $1 missing or empty" >&2; exit 1; }
log=$(printf 'run\nquit\n' | timeout 60 sz80 -t z80 "$1" 2>&1) || { echo "$log" >&2; echo "$0: sz80 failed on $1" >&2; exit 1; }
if ! grep -q '(101) Halted' <<<"$log"; then
  echo "$log" >&2; echo "$0: $1 did not stop on its HALT" >&2; exit 1
fi
ticks=$(sed -n 's/^Simulated \([0-9][0-9]*\) ticks.*/\1/p' <<<"$log")
[ -n "$ticks" ] || { echo "$log" >&2; echo "$0: no 'Simulated N ticks' line" >&2; exit 1; }
echo "$ticks" > "$2"
