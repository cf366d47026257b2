#!/usr/bin/env bash
# msx/ihx2rom.sh START SIZE IN.ihx OUT.rom: cuts the cartridge image START .. START+SIZE-1 out of
# a linked Intel HEX file, after checking that every byte the linker emitted lies inside it: a
# ROM that outgrew its pages must fail the build, not be truncated. Prints the space used/free.
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 START SIZE IN.ihx OUT.rom" >&2; exit 2; }
start=$(($1)) size=$(($2)) in=$3 out=$4
read -r lo hi < <(awk '
  function hex(s,   i, v) { v = 0; s = toupper(s); for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789ABCDEF", substr(s, i, 1)) - 1; return v }
  /^:/ { n = hex(substr($0, 2, 2)); a = hex(substr($0, 4, 4)); t = substr($0, 8, 2)
         if (t == "04" || t == "02") { bad = 1 }   # segment/linear records: never from a 64 KiB link
         if (t == "00" && n > 0) { if (lo == "" || a < lo) lo = a; if (a + n - 1 > hi) hi = a + n - 1 } }
  END { if (bad) { print "ext", "ext" } else if (lo == "") { print "none", "none" } else print lo, hi }' "$in")
if [ "$lo" = ext ]; then echo "$0: $in has extended address records" >&2; exit 1; fi
if [ "$lo" = none ]; then echo "$0: $in holds no data" >&2; exit 1; fi
end=$((start + size))
if [ "$lo" -lt "$start" ] || [ "$hi" -ge "$end" ]; then
  printf '%s: %s spans 0x%04X..0x%04X, outside the ROM 0x%04X..0x%04X: it does not fit in %d KiB\n' \
    "$0" "$in" "$lo" "$hi" "$start" $((end - 1)) $((size / 1024)) >&2
  exit 1
fi
tmp=$out.tmp
makebin -s 65536 "$in" "$tmp.64k"     # unused bytes are 0xFF, like an erased EPROM
# head first: it stops reading at the end of the ROM, and tail reads all it gets (tail | head
# could die of SIGPIPE when head stops early, which pipefail turns into a failure).
head -c $((start + size)) "$tmp.64k" | tail -c "$size" > "$tmp"
rm -f "$tmp.64k"
[ "$(wc -c < "$tmp")" -eq "$size" ] || { echo "$0: cut failed" >&2; rm -f "$tmp"; exit 1; }
mv "$tmp" "$out"
printf '%s: %d bytes at 0x%04X, used up to 0x%04X (%d bytes), %d bytes free\n' \
  "$out" "$size" "$start" "$hi" $((hi + 1 - start)) $((end - 1 - hi))
