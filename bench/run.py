#!/usr/bin/env python3
# Benchmark: what analysis costs, and what it finds, on real code.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   bench/run.py --plugin build/pathwise.so [--only lua5.4 zlib] [--level -O0] [--no-gcc-analyzer] [--json out.json]
#
# For every C file of the Debian source packages in scripts/corpus.py
# (lua5.4, zlib, sqlite3's amalgamation, mbedtls, lz4) it compiles, one at
# a time, with `gcc LEVEL -c`, with `gcc LEVEL -fanalyzer -c` and with
# `gcc LEVEL -fplugin=pathwise -c`, and reports per project, against the
# plain compile: total and worst-file ratios of CPU time (user+sys, wait4),
# the peak RSS ratio, warnings by kind, and how many functions (pathwise)
# or files (GCC's -fanalyzer, which bails out file by file) gave up.
# Not a test: numbers, not assertions.
import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
import corpus  # noqa: E402
from measure import run_measured  # noqa: E402

WARNING = re.compile(r"warning: .*\[-Wanalyzer-([a-z-]+)\]")
UNNAMED = re.compile(r"warning: .*\[CWE-(\d+)\]$", re.M)
SUMMARY = re.compile(r"pathwise: .*: (\d+) functions lowered, .*, (\d+) too complex")


def kinds(stderr):
    out = {}
    for m in WARNING.finditer(stderr):
        out[m.group(1)] = out.get(m.group(1), 0) + 1
    # pathwise's warnings that GCC 12 has no option for carry only their CWE
    for m in UNNAMED.finditer(stderr):
        out["cwe-" + m.group(1)] = out.get("cwe-" + m.group(1), 0) + 1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--only", nargs="*", help="projects (default: all but the GCC test suite)")
    ap.add_argument("--level", default="-O0")
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--no-gcc-analyzer", action="store_true", help="skip gcc -fanalyzer (slow)")
    ap.add_argument("--no-fetch", action="store_true")
    ap.add_argument("--json")
    args = ap.parse_args()
    plugin = os.path.abspath(args.plugin)
    if not args.no_fetch:
        corpus.fetch()
    projects = [p for p in corpus.projects(args.only) if p.name != "gcc-analyzer"]
    rows = []
    for p in projects:
        tot = {"plain": [0.0, 0], "fanalyzer": [0.0, 0], "pathwise": [0.0, 0]}  # cpu, max rss
        worst = {"fanalyzer": 0.0, "pathwise": 0.0}
        warn = {"fanalyzer": {}, "pathwise": {}}
        gave_up = {"fanalyzer_files": 0, "pathwise_functions": 0, "functions": 0}
        failed = 0
        for path, flags in p.files:
            base = [args.gcc, args.level, "-c", "-o", "/dev/null"] + flags + [path]
            cwd = os.path.dirname(path)
            rc, _, cpu0, rss0 = run_measured(base, args.timeout, cwd)
            if rc != 0:
                failed += 1
                continue
            tot["plain"][0] += cpu0
            tot["plain"][1] = max(tot["plain"][1], rss0)
            runs = [("pathwise", base[:1] + ["-fplugin=" + plugin, "-fplugin-arg-pathwise-verbose"] + base[1:])]
            if not args.no_gcc_analyzer:
                runs.append(("fanalyzer", base[:1] + ["-fanalyzer", "-Wanalyzer-too-complex"] + base[1:]))
            for name, cmd in runs:
                rc, err, cpu, rss = run_measured(cmd, args.timeout, cwd)
                if rc is None:  # a timeout counts as giving up, at the timeout's cost
                    cpu = float(args.timeout)
                    rss = 0  # a killed compile's peak is not known
                tot[name][0] += cpu
                tot[name][1] = max(tot[name][1], rss)
                if cpu0 > 0.05:
                    worst[name] = max(worst[name], cpu / cpu0)
                for k, n in kinds(err).items():
                    warn[name][k] = warn[name].get(k, 0) + n
                if name == "pathwise":
                    m = SUMMARY.search(err)
                    if m:
                        gave_up["functions"] += int(m.group(1))
                        gave_up["pathwise_functions"] += int(m.group(2))
                elif rc is None or "-Wanalyzer-too-complex" in err:
                    gave_up["fanalyzer_files"] += 1
        rows.append({"project": p.name, "files": len(p.files), "failed": failed, "totals": tot, "worst": worst,
                     "warnings": warn, "gave_up": gave_up})
        report_row(rows[-1], args)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


def report_row(r, args):
    t = r["totals"]
    plain_cpu, plain_rss = t["plain"]
    print("== %s (%d files%s, %s)" % (r["project"], r["files"],
                                     ", %d not compilable" % r["failed"] if r["failed"] else "", args.level))
    print("   plain        %8.2f s CPU  %7.1f MiB peak" % (plain_cpu, plain_rss / 1024.0))
    for name in ("pathwise", "fanalyzer"):
        cpu, rss = t[name]
        if name == "fanalyzer" and args.no_gcc_analyzer:
            continue
        print("   %-11s %8.2f s CPU  %7.1f MiB peak   ratio %.2fx total, %.2fx worst file, RSS %.2fx" % (
            name, cpu, rss / 1024.0, cpu / plain_cpu if plain_cpu else 0, r["worst"][name],
            rss / plain_rss if plain_rss else 0))
        w = r["warnings"][name]
        print("               warnings: %s" % (", ".join("%s %d" % kv for kv in sorted(w.items())) or "none"))
    g = r["gave_up"]
    print("   gave up: pathwise %d of %d functions (%.2f%%)%s" % (
        g["pathwise_functions"], g["functions"], 100.0 * g["pathwise_functions"] / max(g["functions"], 1),
        "" if args.no_gcc_analyzer else "; -fanalyzer %d of %d files" % (g["fanalyzer_files"],
                                                                        r["files"] - r["failed"])))
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
