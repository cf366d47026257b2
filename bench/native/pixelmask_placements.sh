#!/usr/bin/env bash
# bench/native/pixelmask_placements.sh PROGRAM... -- [sizes...]: runs the pixel bench linked with
# the two libraries' code at several addresses (mk/bench.mk: bench_pixelmask-at-E-P, earlyout's
# objects E bytes and pygame's P bytes past a cache line's start) and puts the runs together: per
# case, each library's ns per pair as the median over the placements with the range, and the ratio
# pygame / earlyout (each run's own, measured in one process) as its median and its lowest.
set -euo pipefail
progs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do progs+=("$1"); shift; done
[ $# -gt 0 ] && shift
[ ${#progs[@]} -gt 0 ] || { echo "usage: $0 PROGRAM... -- [sizes...]" >&2; exit 2; }
out=$(mktemp); trap 'rm -f "$out" "$out.head"' EXIT
places=
for p in "${progs[@]}"; do
  at=${p##*-at-}; places="$places ${at/-/\/}"
  "$p" --tsv "$@" > "$out.run" || { rm -f "$out.run"; echo "$0: $p failed" >&2; exit 1; }
  grep '^# ' "$out.run" > "$out.head" || true
  grep -v '^#' "$out.run" | sed "s/^/$at\t/" >> "$out"
  rm -f "$out.run"
done
sed 's/^# //' "$out.head"
echo "code placements, E/P: earlyout's objects E bytes and pygame's P bytes past a 64-byte line (earlyout's pair functions"
echo "start on 64-byte lines whatever E: core/src/fast/pixelmask_pairs.c):$places"
echo "ns per pair: thread CPU time of the fastest pass, median of 5 rounds per placement, then the median over the ${#progs[@]} placements [lowest - highest]"
echo "ratio = pygame / earlyout (above 1: earlyout faster), per placement in one process: median over the placements (lowest)"
echo
echo "| side | sprite | case | colliding | earlyout ns | pygame ns | ratio | lowest |"
echo "| ---: | :--- | :--- | ---: | ---: | ---: | ---: | ---: |"
# fields: placement, side, sprite, case, colliding, earlyout ns, pygame ns, ratio
awk -F'\t' -v n="${#progs[@]}" '
  function sorted(s, a,   k, i, j, t) { k = split(s, a, " ")   # mawk has no asort: insertion sort
    for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return k }
  function med(s,   a, k) { k = sorted(s, a); return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
  function lo(s,   a) { sorted(s, a); return a[1] }
  function hi(s,   a, k) { k = sorted(s, a); return a[k] }
  { key = $2 "\t" $3 "\t" $4; if (!(key in seen)) { seen[key] = 1; order[++m] = key; pct[key] = $5 }
    e[key] = e[key] " " $6; p[key] = p[key] " " $7; r[key] = r[key] " " $8; runs[key]++ }
  END {
    for (i = 1; i <= m; i++) {
      key = order[i]; split(key, f, "\t")
      if (runs[key] != n) { print "missing runs for " key > "/dev/stderr"; exit 1 }
      if (p[key] ~ /nan|inf/ || med(p[key]) == 0)
        printf "| %s | %s | %s | %.1f%% | %.1f [%.1f - %.1f] | - | - | - |\n", f[1], f[2], f[3], pct[key], med(e[key]), lo(e[key]), hi(e[key])
      else
        printf "| %s | %s | %s | %.1f%% | %.1f [%.1f - %.1f] | %.1f [%.1f - %.1f] | %.2f | %.2f |\n", f[1], f[2], f[3], pct[key],
               med(e[key]), lo(e[key]), hi(e[key]), med(p[key]), lo(p[key]), hi(p[key]), med(r[key]), lo(r[key])
    }
  }' "$out"
