#!/usr/bin/env python3
# Every warning the build has (pathwise --list-warnings) is described in
# docs/CHECKERS.md, in a table row of its own: a new warning must come
# with its documentation.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pathwise", required=True, help="the pathwise command")
    ap.add_argument("--doc", default=os.path.join(HERE, "..", "..", "docs", "CHECKERS.md"))
    args = ap.parse_args()
    listed = subprocess.run([args.pathwise, "--list-warnings"], capture_output=True, text=True, check=True).stdout
    names = [line.split()[0] for line in listed.splitlines()[1:] if line.strip()]
    doc = open(args.doc, encoding="utf-8").read()
    rows = set(re.findall(r"^\| `([a-z0-9-]+)` \|", doc, re.M))
    passed = failed = 0
    for name in names:
        if name in rows:
            passed += 1
        else:
            failed += 1
            print("FAIL: %s has no row in %s" % (name, os.path.relpath(args.doc)))
    # (And nothing documented that the build does not have.)
    for name in sorted(rows - set(names)):
        failed += 1
        print("FAIL: %s is documented but pathwise --list-warnings does not list it" % name)
    if not names:
        failed += 1
        print("FAIL: pathwise --list-warnings listed nothing")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
