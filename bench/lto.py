#!/usr/bin/env python3
# Benchmark: whole-program analysis at link time (-flto) on real code.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   bench/lto.py --plugin build/pathwise.so [--only lua5.4 zlib] [--level -O0] [--json out.json]
#
# For each Debian source package of scripts/corpus.py it compiles every C
# file once with `gcc LEVEL -flto -fPIC -c` (the compile steps write
# bytecode; pathwise leaves the analysis to the link), then links all the
# objects into a shared object twice: plain, and with -fplugin=pathwise,
# which analyses every translation unit together. It reports the link's
# CPU time (user+sys of gcc and all it ran: lto-wrapper, lto1) and peak
# RSS, the ratio, the plugin's summary line and every warning.
# Not a test: numbers, not assertions.
import argparse
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
import corpus  # noqa: E402
from measure import run_measured  # noqa: E402

WARNING = re.compile(r"^(.*?): warning: (.*\[(?:-Wanalyzer-([a-z-]+)|CWE-\d+)\])$", re.M)
SUMMARY = re.compile(r"^pathwise: whole program.*$", re.M)

# Files that are programs of their own beside the library (a second main).
EXCLUDE = {"lua5.4": {"luac.c", "onelua.c"}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--only", nargs="*", help="projects (default: all but the GCC test suite)")
    ap.add_argument("--level", default="-O0")
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("--no-fetch", action="store_true")
    ap.add_argument("--json")
    args = ap.parse_args()
    plugin = os.path.abspath(args.plugin)
    if not args.no_fetch:
        corpus.fetch()
    rows = []
    for p in corpus.projects(args.only):
        if p.name == "gcc-analyzer":
            continue
        with tempfile.TemporaryDirectory() as tmp:
            objs = []
            for k, (path, flags) in enumerate(p.files):
                if os.path.basename(path) in EXCLUDE.get(p.name, ()):
                    continue
                obj = os.path.join(tmp, "%d.o" % k)
                st, err, _, _ = run_measured([args.gcc, args.level, "-flto", "-fPIC", "-c", "-o", obj] + flags +
                                             [path], args.timeout, p.root)
                if st == 0:
                    objs.append(obj)
            link = [args.gcc, args.level, "-flto", "-shared", "-o", os.path.join(tmp, "out.so")] + objs
            st0, err0, cpu0, rss0 = run_measured(link, args.timeout, p.root)
            st1, err1, cpu1, rss1 = run_measured(link[:1] + ["-fplugin=" + plugin, "-fplugin-arg-pathwise-verbose"] +
                                                 link[1:], args.timeout, p.root)
        warnings = [(m.group(1).replace(p.root + "/", ""), m.group(2), m.group(3)) for m in WARNING.finditer(err1)]
        summary = SUMMARY.search(err1)
        row = {"project": p.name, "files": len(objs), "plain_link_s": cpu0, "pathwise_link_s": cpu1,
               "plain_rss_kib": rss0, "pathwise_rss_kib": rss1, "status": [st0, st1],
               "summary": summary.group(0) if summary else "", "warnings": warnings}
        rows.append(row)
        print("== %s (%d translation units linked with -flto, %s)" % (p.name, len(objs), args.level))
        if st0 != 0 or st1 != 0:
            print("   link failed: plain %s, pathwise %s" % (st0, st1))
            print("   " + (err1 or err0).strip().splitlines()[-1] if (err1 or err0).strip() else "")
            continue
        print("   plain link      %6.2f s CPU  %7.1f MiB peak" % (cpu0, rss0 / 1024))
        print("   pathwise link   %6.2f s CPU  %7.1f MiB peak   ratio %.2fx, RSS %.2fx" %
              (cpu1, rss1 / 1024, cpu1 / cpu0 if cpu0 else 0, rss1 / rss0 if rss0 else 0))
        print("   " + (row["summary"] or "no pathwise summary"))
        for where, what, _ in warnings:
            print("   %s: %s" % (where, what))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
