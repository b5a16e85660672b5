#!/bin/sh
# Builds the plugin for each GCC version and runs the dg-style regression
# tests (tests/c) and the plugin tests against it.
#
#   scripts/gcc-matrix.sh [VERSION...]     (default: 11 12 13 14 15 16)
#
# Each GCC comes from scripts/toolchains.py (GCC 11 and 12: Debian 12's
# packages; 13 to 16: unpacked into the cache, never installed); each
# build goes to build-gcc-N/. Ends with one line per version and the usual
# "N passed, N failed" over all of them.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")/.."
VERSIONS="${*:-11 12 13 14 15 16}"
JOBS=$(nproc 2>/dev/null || echo 2)
FILES=$(find tests/c -name '*.c' -o -name '*.cc' | sort)
summary=""
total_pass=0
total_fail=0
for v in $VERSIONS; do
  gcc=$(python3 scripts/toolchains.py fetch "$v" | tail -n 1)
  build="build-gcc-$v"
  echo "== GCC $v ($gcc)"
  cmake -S . -B "$build" -G Ninja -DPATHWISE_GCC="$gcc" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  ninja -C "$build" pathwise.so >/dev/null
  out=$(python3 tests/tools/dg_runner.py --gcc "$gcc" --plugin "$build/pathwise.so" $FILES 2>&1 || true)
  dg=$(printf '%s\n' "$out" | tail -n 1)
  printf '%s\n' "$out" | grep '^FAIL' || true
  out=$(python3 tests/tools/plugin_test.py --gcc "$gcc" --plugin "$build/pathwise.so" --examples examples 2>&1 || true)
  pt=$(printf '%s\n' "$out" | tail -n 1)
  printf '%s\n' "$out" | grep '^FAIL' || true
  summary="$summary
GCC $v: dg tests $dg; plugin tests $pt"
  for line in "$dg" "$pt"; do
    p=$(echo "$line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    f=$(echo "$line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    total_pass=$((total_pass + ${p:-0}))
    total_fail=$((total_fail + ${f:-1}))
  done
done
echo "$summary"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
