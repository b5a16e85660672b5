#!/usr/bin/env python3
# Robustness run: lower and analyse every C file of the corpora (GCC 12's
# analyzer test suite and real code from Debian source packages) and check
# that pathwise never crashes, hangs, or changes the outcome of a compile.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/robustness/robustness.py --plugin build/pathwise.so [-j 2] [--levels=-O0,-O2] [--only lua5.4]
#                                  [--csmith N]
#
# For each file and -O level it compiles twice, `gcc -c` without and with
# the plugin, and reports per project: files, files GCC itself rejects
# (badsrc: the test suite has deliberate errors), functions lowered and not,
# analysis failures, crashes (signal or "internal compiler error"), hangs
# (timeout), changed exit status or object file, findings, CPU time against
# the plain compile (total and worst file) and the worst peak memory ratio.
# Exits non-zero on any crash, hang or changed outcome.
#
# --csmith N adds N random programs: Debian's csmith (`--seed 1` to
# `--seed N`, reproducible; generated once into the cache). csmith's
# programs have no undefined behaviour, so each finding is listed (a
# finding there is false unless it holds without UB, e.g. a local's
# address left in a global when its function returns).
import argparse
import concurrent.futures
import filecmp
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import corpus  # noqa: E402
from measure import run_measured  # noqa: E402

SUMMARY = re.compile(r"pathwise: .*: (\d+) functions lowered, (\d+) not lowered, (\d+) analysis failures, "
                     r"(\d+) too complex, (\d+) exploded nodes, (\d+) findings")


CSMITH_INCLUDE = "/usr/include/csmith"
WARNING = re.compile(r"^(\S+:\d+:\d+): warning: (.*\[-Wanalyzer-[a-z0-9-]+\])$", re.M)


def csmith_project(count):
    """Programs csmith makes from seeds 1..count, generated once into the
    cache (a folder per csmith version: a new version, new programs)."""
    # (csmith, even asked for its version, leaves a platform.info where it
    # runs: it always runs in the cache.)
    top = os.path.join(corpus.CACHE, "csmith")
    os.makedirs(top, exist_ok=True)
    try:
        version = subprocess.run(["csmith", "--version"], stdout=subprocess.PIPE, text=True, cwd=top,
                                 check=True).stdout.split()[1]
    except (OSError, subprocess.CalledProcessError, IndexError):
        sys.exit("robustness: --csmith needs csmith (apt-get install csmith libcsmith-dev)")
    d = os.path.join(top, version)
    os.makedirs(d, exist_ok=True)
    p = corpus.Project("csmith", d)
    for seed in range(1, count + 1):
        path = os.path.join(d, "seed%d.c" % seed)
        if not os.path.exists(path):
            with open(path + ".tmp", "w") as f:
                subprocess.run(["csmith", "--seed", str(seed)], stdout=f, check=True, cwd=d)
            os.rename(path + ".tmp", path)
        p.files.append((path, ["-I" + CSMITH_INCLUDE]))
    return p


def one(args, project, path, flags, level):
    cwd = os.path.dirname(path)
    with tempfile.TemporaryDirectory() as tmp:
        a, b = os.path.join(tmp, "a.o"), os.path.join(tmp, "b.o")
        # (csmith's programs: warnings shown, to list pathwise's; the other
        # corpora are quiet, their findings counted from the summary.)
        quiet = [] if project == "csmith" else ["-w"]
        base = [args.gcc, level, "-c"] + quiet + flags + [path]
        rc0, err0, t0, m0 = run_measured(base[:3] + ["-o", a] + base[3:], args.timeout, cwd)
        plug = base[:1] + ["-fplugin=" + args.plugin, "-fplugin-arg-pathwise-verbose"] + base[1:3] + ["-o", b] + base[3:]
        rc1, err1, t1, m1 = run_measured(plug, args.timeout, cwd)
        same_object = rc0 != 0 or rc1 != 0 or filecmp.cmp(a, b, shallow=False)
    r = {"project": project, "file": path, "level": level, "plain_rc": rc0, "rc": rc1,
         "plain_cpu": t0, "cpu": t1, "plain_rss": m0, "rss": m1, "lowered": 0, "not_lowered": 0, "failures": 0,
         "too_complex": 0, "findings": 0, "warnings": [], "crash": False, "hang": rc1 is None, "changed": False,
         "notes": ""}
    m = SUMMARY.search(err1)
    if m:
        r["lowered"], r["not_lowered"], r["failures"], r["too_complex"], _, r["findings"] = map(int, m.groups())
    r["warnings"] = ["%s: %s" % w for w in WARNING.findall(err1)]
    ice = "internal compiler error" in err1 and "internal compiler error" not in err0
    r["crash"] = (rc1 is not None and rc1 < 0) or ice or "Segmentation fault" in err1
    # pathwise warnings do not fail a compile (no -Werror here): same status,
    # and the same object file byte for byte.
    r["changed"] = rc1 is not None and rc0 is not None and (rc0 != rc1 or not same_object) and not r["crash"]
    if r["changed"] and rc0 == rc1:
        r["notes"] = "the object file differs"
    elif r["crash"] or r["changed"] or r["hang"]:
        r["notes"] = "\n".join(err1.splitlines()[-15:])
    return r


def worst_ratio(rs, key, plain_key, floor):
    ratios = [(r[key] or 0) / r[plain_key] for r in rs if r[plain_key] and r[plain_key] > floor]
    return max(ratios) if ratios else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--levels", default="-O0,-O2", help="comma-separated, e.g. --levels=-O0,-Os")
    ap.add_argument("--only", nargs="*", help="projects to run (default: all)")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--no-fetch", action="store_true")
    ap.add_argument("--csmith", type=int, default=0, metavar="N", help="also csmith's programs of seeds 1..N")
    args = ap.parse_args()
    args.plugin = os.path.abspath(args.plugin)
    args.levels = [lv for lv in args.levels.split(",") if lv]
    # (--only csmith: csmith's programs alone, no corpus needed.)
    corpora = None if args.only is None else [n for n in args.only if n != "csmith"]
    if corpora != [] and not args.no_fetch:
        corpus.fetch()
    projects = [] if corpora == [] else [p for p in corpus.projects(corpora) if p.files]
    if args.csmith:
        projects.append(csmith_project(args.csmith))
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
    print("%-14s %-4s %6s %6s %8s %6s %6s %6s %5s %5s %6s %6s %9s %9s %6s %7s %7s" % (
        "project", "-O", "files", "badsrc", "lowered", "notlow", "fail", "cplx", "crash", "hang", "chngd", "finds",
        "plain s", "plugin s", "ratio", "worst", "rss"))
    for p in projects:
        for lv in args.levels:
            rs = [r for r in results if r["project"] == p.name and r["level"] == lv]
            if not rs:
                continue
            tp = sum(r["plain_cpu"] or 0 for r in rs)
            tw = sum(r["cpu"] or 0 for r in rs)
            worst = worst_ratio(rs, "cpu", "plain_cpu", 0.05)
            worst_rss = worst_ratio(rs, "rss", "plain_rss", 0)
            crashes = sum(r["crash"] for r in rs)
            hangs = sum(r["hang"] for r in rs)
            changed = sum(r["changed"] for r in rs)
            bad += crashes + hangs + changed
            print("%-14s %-4s %6d %6d %8d %6d %6d %6d %5d %5d %6d %6d %9.2f %9.2f %6.3f %7.3f %7.3f" % (
                p.name, lv[1:], len(rs), sum(r["plain_rc"] != 0 for r in rs), sum(r["lowered"] for r in rs),
                sum(r["not_lowered"] for r in rs), sum(r["failures"] for r in rs), sum(r["too_complex"] for r in rs),
                crashes, hangs, changed, sum(r["findings"] for r in rs), tp, tw, tw / tp if tp else 0, worst,
                worst_rss))
    for r in results:
        if r["crash"] or r["hang"] or r["changed"]:
            kind = "CRASH" if r["crash"] else "HANG" if r["hang"] else "CHANGED"
            print("%s: %s %s (plain rc %s, plugin rc %s)\n%s" % (kind, r["level"], r["file"], r["plain_rc"],
                                                                 r["rc"], r["notes"]))
    for r in sorted(results, key=lambda r: (r["file"], r["level"])):
        if r["project"] == "csmith":
            for w in r["warnings"]:
                print("FINDING: %s %s" % (r["level"], w))
    for r in sorted(results, key=lambda r: -(r["cpu"] or 0) / (r["plain_cpu"] or 1))[:5]:
        if r["plain_cpu"] and r["plain_cpu"] > 0.05:
            print("slowest: %s %s %.2fx CPU (%.2f s), %.2fx peak memory" % (
                r["level"], r["file"], (r["cpu"] or 0) / r["plain_cpu"], r["cpu"] or 0,
                (r["rss"] or 0) / (r["plain_rss"] or 1)))
    print("%d compiles in %.0f s wall; %d crashes, hangs or changed outcomes" % (len(results), wall, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
