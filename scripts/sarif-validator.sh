#!/bin/sh
# Prints the path of Microsoft's SARIF validator (the `validate` verb of
# npm's @microsoft/sarif-multitool), installing it first into the cache
# outside git ($PATHWISE_CACHE, or ~/.cache/pathwise) if it is not there.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cache="${PATHWISE_CACHE:-$HOME/.cache/pathwise}/npm"
tool="$cache/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ ! -x "$tool" ]; then
  mkdir -p "$cache"
  (cd "$cache" && npm install --silent --no-audit --no-fund @microsoft/sarif-multitool >/dev/null)
  # (npm may skip the package's own install script, which sets this.)
  chmod u+x "$tool"
fi
echo "$tool"
