#!/bin/sh
# Installs what pathwise needs to build and test, from Debian 12's packages.
# Idempotent: does nothing when everything is there.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
PACKAGES="gcc g++ gcc-12-plugin-dev cmake ninja-build libgtest-dev python3 nlohmann-json3-dev libcli11-dev libtomlplusplus-dev bear chromium distcc patchelf"
missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# npm fetches the SARIF validator the tests use (any Node.js will do).
command -v npm >/dev/null 2>&1 || missing="$missing nodejs npm"
[ -z "$missing" ] && exit 0
echo "pathwise: installing:$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
