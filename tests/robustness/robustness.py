#!/usr/bin/env python3
# Robustness run: lower and analyse every C file of the corpora (GCC 12's
# analyzer test suite and real code from Debian source packages) and check
# that pathwise never crashes, hangs, or changes the outcome of a compile.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/robustness/robustness.py --plugin build/pathwise.so [-j 2] [--levels=-O0,-O2] [--only lua5.4]
#
# For each file and -O level it compiles twice, `gcc -c` without and with
# the plugin, and reports per project: files, files GCC itself rejects
# (badsrc: the test suite has deliberate errors), functions lowered and not,
# analysis failures, crashes (signal or "internal compiler error"), hangs
# (timeout), changed exit status, and user CPU time against the plain
# compile. Exits non-zero on any crash, hang or changed outcome.
import argparse
import concurrent.futures
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import corpus  # noqa: E402
from measure import run_measured  # noqa: E402

SUMMARY = re.compile(r"pathwise: .*: (\d+) functions lowered, (\d+) not lowered, (\d+) analysis failures, "
                     r"(\d+) too complex, (\d+) exploded nodes, (\d+) findings")


def one(args, project, path, flags, level):
    base = [args.gcc, level, "-c", "-o", "/dev/null", "-w"] + flags + [path]
    cwd = os.path.dirname(path)
    rc0, err0, t0, _ = run_measured(base, args.timeout, cwd)
    plug = base[:1] + ["-fplugin=" + args.plugin, "-fplugin-arg-pathwise-verbose"] + base[1:]
    rc1, err1, t1, _ = run_measured(plug, args.timeout, cwd)
    r = {"project": project, "file": path, "level": level, "plain_rc": rc0, "rc": rc1,
         "plain_cpu": t0, "cpu": t1, "lowered": 0, "not_lowered": 0, "failures": 0, "too_complex": 0,
         "findings": 0, "crash": False, "hang": rc1 is None, "changed": False, "notes": ""}
    m = SUMMARY.search(err1)
    if m:
        r["lowered"], r["not_lowered"], r["failures"], r["too_complex"], _, r["findings"] = map(int, m.groups())
    ice = "internal compiler error" in err1 and "internal compiler error" not in err0
    r["crash"] = (rc1 is not None and rc1 < 0) or ice or "Segmentation fault" in err1
    # pathwise warnings do not fail a compile (no -Werror here): same status.
    r["changed"] = rc1 is not None and rc0 is not None and rc0 != rc1 and not r["crash"]
    if r["crash"] or r["changed"] or r["hang"]:
        r["notes"] = "\n".join(err1.splitlines()[-15:])
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--levels", default="-O0,-O2", help="comma-separated, e.g. --levels=-O0,-Os")
    ap.add_argument("--only", nargs="*", help="projects to run (default: all)")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--no-fetch", action="store_true")
    args = ap.parse_args()
    args.plugin = os.path.abspath(args.plugin)
    args.levels = [lv for lv in args.levels.split(",") if lv]
    if not args.no_fetch:
        corpus.fetch()
    projects = corpus.projects(args.only)
    jobs = [(p.name, f, fl, lv) for p in projects for (f, fl) in p.files for lv in args.levels]
    results = []
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(one, args, *j) for j in jobs]
        for k, fut in enumerate(concurrent.futures.as_completed(futs), 1):
            results.append(fut.result())
            if k % 100 == 0:
                print("... %d/%d compiles" % (k, len(jobs)), file=sys.stderr)
    wall = time.monotonic() - start
    bad = 0
    print("%-14s %-4s %6s %6s %8s %6s %6s %6s %5s %5s %6s %9s %9s %6s %7s" % (
        "project", "-O", "files", "badsrc", "lowered", "notlow", "fail", "cplx", "crash", "hang", "chngd",
        "plain s", "plugin s", "ratio", "worst"))
    for p in projects:
        for lv in args.levels:
            rs = [r for r in results if r["project"] == p.name and r["level"] == lv]
            if not rs:
                continue
            tp = sum(r["plain_cpu"] or 0 for r in rs)
            tw = sum(r["cpu"] or 0 for r in rs)
            worst = max(((r["cpu"] or 0) / r["plain_cpu"]) for r in rs if r["plain_cpu"] and r["plain_cpu"] > 0.05) \
                if any(r["plain_cpu"] and r["plain_cpu"] > 0.05 for r in rs) else 0
            crashes = sum(r["crash"] for r in rs)
            hangs = sum(r["hang"] for r in rs)
            changed = sum(r["changed"] for r in rs)
            bad += crashes + hangs + changed
            print("%-14s %-4s %6d %6d %8d %6d %6d %6d %5d %5d %6d %9.2f %9.2f %6.3f %7.3f" % (
                p.name, lv[1:], len(rs), sum(r["plain_rc"] != 0 for r in rs), sum(r["lowered"] for r in rs), sum(r["not_lowered"] for r in rs),
                sum(r["failures"] for r in rs), sum(r["too_complex"] for r in rs), crashes, hangs, changed,
                tp, tw, tw / tp if tp else 0, worst))
    for r in results:
        if r["crash"] or r["hang"] or r["changed"]:
            kind = "CRASH" if r["crash"] else "HANG" if r["hang"] else "CHANGED"
            print("%s: %s %s (plain rc %s, plugin rc %s)\n%s" % (kind, r["level"], r["file"], r["plain_rc"],
                                                                 r["rc"], r["notes"]))
    print("%d compiles in %.0f s wall; %d crashes, hangs or changed outcomes" % (len(results), wall, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
