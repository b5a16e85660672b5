#!/bin/sh
# The first command: install what is missing, build and install the plugin,
# then analyse the bundled example.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPATHWISE_CHECKED=OFF >/dev/null
cmake --build build
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO cmake --install build >/dev/null
echo "pathwise: installed into $(gcc -print-file-name=plugin), with the pathwise and pathwise-gcc commands"
echo "pathwise: analysing examples/double_free.c:"
gcc -fplugin=pathwise -c examples/double_free.c -o /dev/null
