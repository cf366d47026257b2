#!/usr/bin/env bash
# bench/common/fetch_pygame_bitmask.sh DIR: pygame's bitmask.c (Bitmask 1.7, Ulf Ekstrom, LGPL)
# from Debian's source package `pygame`, for the pixel-mask benchmarks to compile beside the core
# (built from the package as it is; never copied into the project). Leaves DIR/src_c (bitmask.c
# and include/bitmask.h, as unpacked), or, when the package cannot be had (no network, no
# deb-src), DIR/unavailable with the reason, and exits 0: the benchmarks then skip the pygame
# column and say why. Idempotent (DIR/.checked; remove DIR to try again).
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
dir=$1
mkdir -p "$dir"
[ -e "$dir/.checked" ] && exit 0
rm -rf "$dir/unavailable" "$dir/src_c"
fail() { echo "$1" > "$dir/unavailable"; echo "pygame's bitmask.c: $1 (the pygame column is skipped)" >&2; touch "$dir/.checked"; exit 0; }
here=$(cd "$(dirname "$0")/../.." && pwd)
if ! "$here/tools/fetch-debian-source" pygame "$dir/deb" > "$dir/fetch.log" 2>&1; then
  fail "Debian's pygame source package could not be downloaded (see $dir/fetch.log)"
fi
tarball=$(ls "$dir"/deb/pygame_*.orig.tar.* 2>/dev/null | head -1)
[ -n "$tarball" ] || fail "no pygame_*.orig.tar.* in $dir/deb"
members=$(tar -tf "$tarball" 2>/dev/null | grep -E '^[^/]+/src_c/(bitmask\.c|include/bitmask\.h)$')
[ "$(echo "$members" | grep -c .)" -eq 2 ] || fail "$tarball has no src_c/bitmask.c and src_c/include/bitmask.h"
tar -xf "$tarball" -C "$dir" $members || fail "could not unpack $tarball"
ln -s "$(echo "$members" | head -1 | cut -d/ -f1)/src_c" "$dir/src_c"
echo "pygame's bitmask.c: $(basename "$tarball")" > "$dir/source"
touch "$dir/.checked"
