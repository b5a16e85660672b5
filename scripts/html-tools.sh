#!/bin/sh
# Prints the node_modules directory holding npm's playwright-core (which
# drives Debian's chromium in the HTML report's test), installing it first
# into the cache outside git ($PATHWISE_CACHE, or ~/.cache/pathwise).
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cache="${PATHWISE_CACHE:-$HOME/.cache/pathwise}/npm"
if [ ! -d "$cache/node_modules/playwright-core" ]; then
  mkdir -p "$cache"
  (cd "$cache" && npm install --silent --no-audit --no-fund playwright-core >/dev/null)
fi
echo "$cache/node_modules"
