#!/usr/bin/env bash
# msx/rel_sizes.sh OUT.md REL...: the Z80 code and data of each core file as SDCC compiled it
# (make msx), read from the area sizes in the .rel files ("A _CODE size 1DE1 ..."), grouped by
# module (the file name up to its first '_': tiles_move.c is part of tiles). code: bytes of ROM
# (_CODE, _HOME, and _INITIALIZER, the initial values copied to RAM); data: bytes of RAM (_DATA,
# _INITIALIZED). What a game pays is the files it links: the library is one .rel per file, and the
# linker takes a file whole when the game calls one function of it.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 OUT.md REL..." >&2; exit 2; }
out=$1; shift
{
  echo "The core on the Z80 ($(sdcc --version 2>&1 | head -1 | grep -o '[0-9]\+\.[0-9]\+\.[0-9]\+' | head -1 | sed 's/^/SDCC /'), EO_Z80_ASM=1): bytes per module, from build/msx/core/*.rel"
  echo
  echo "| module | code | data | its files' code |"
  echo "|--------|-----:|-----:|-----------------|"
  for rel in "$@"; do
    awk -v f="$(basename "$rel" .rel)" '
      $1 == "A" && $3 == "size" {
        n = 0; hex = toupper($4)
        for (i = 1; i <= length(hex); i++) n = n * 16 + index("0123456789ABCDEF", substr(hex, i, 1)) - 1
        if ($2 == "_CODE" || $2 == "_HOME" || $2 == "_INITIALIZER") code += n
        else if ($2 == "_DATA" || $2 == "_INITIALIZED") data += n
      }
      END { m = f; sub(/_.*/, "", m); print m, f, code + 0, data + 0 }' "$rel"
  done | sort -k1,1 -k2,2 | awk '
    { if ($1 != m) { if (m != "") row(); m = $1; files = ""; code = 0; data = 0 }
      files = files (files == "" ? "" : ", ") $2 " " $3; code += $3; data += $4; tc += $3; td += $4 }
    function row() { printf "| %s | %d | %d | %s |\n", m, code, data, files }
    END { if (m != "") row(); printf "| all | %d | %d | |\n", tc, td }'
} > "$out.tmp"
mv "$out.tmp" "$out"
