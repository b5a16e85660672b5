#!/bin/sh
# The second command: build and run every test (unit, C regression,
# lowering, plugin behaviour). Ends with "N passed, N failed".
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPATHWISE_CHECKED=ON >/dev/null
cmake --build build
status=0
(cd build && ctest --output-on-failure -j "$(nproc)") > build/ctest.log 2>&1 || status=$?
cat build/ctest.log
summary=$(grep -E "tests passed, [0-9]+ tests? failed out of" build/ctest.log | tail -n 1 || true)
total=$(echo "$summary" | sed -E 's/.*out of ([0-9]+).*/\1/')
failed=$(echo "$summary" | sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/')
if [ -n "$summary" ]; then
  echo "$((total - failed)) passed, $failed failed"
else
  echo "0 passed, 1 failed"
  status=1
fi
exit $status
