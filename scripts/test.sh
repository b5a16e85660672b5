#!/bin/sh
# The second command: build and run every test (unit, C regression,
# lowering, plugin behaviour; and the C regression and plugin tests with
# GCC 14 too). Ends with "N passed, N failed".
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPATHWISE_CHECKED=ON >/dev/null
cmake --build build
status=0
(cd build && ctest --output-on-failure -j "$(nproc)") > build/ctest.log 2>&1 || status=$?
cat build/ctest.log
# A newer GCC too (Debian 13's GCC 14, fetched into the cache): the plugin
# built for it, the dg-style regression tests and the plugin tests run
# with it (scripts/gcc-matrix.sh; all of GCC 11 to 16: run it with no
# argument).
./scripts/gcc-matrix.sh 14 > build/gcc-matrix.log 2>&1 || status=1
cat build/gcc-matrix.log
summary=$(grep -E "tests passed, [0-9]+ tests? failed out of" build/ctest.log | tail -n 1 || true)
total=$(echo "$summary" | sed -E 's/.*out of ([0-9]+).*/\1/')
failed=$(echo "$summary" | sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/')
matrix=$(grep -E "^[0-9]+ passed, [0-9]+ failed$" build/gcc-matrix.log | tail -n 1 || true)
m_passed=$(echo "$matrix" | sed -nE 's/^([0-9]+) passed.*/\1/p')
m_failed=$(echo "$matrix" | sed -nE 's/.*passed, ([0-9]+) failed$/\1/p')
if [ -n "$summary" ] && [ -n "$matrix" ]; then
  echo "$((total - failed + m_passed)) passed, $((failed + m_failed)) failed"
else
  echo "0 passed, 1 failed"
  status=1
fi
exit $status
