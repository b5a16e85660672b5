#!/usr/bin/env python3
# Benchmark: `pathwise scan` on a real code base (Debian source packages of
# scripts/corpus.py): wall time with -j 1 and -j 2, the merged SARIF log
# checked by Microsoft's validator, a second scan against the first as
# baseline (it must find nothing new and exit 0 under --fail-on new), and
# the scans with the project's facts store (the first filling it, the next
# reading it), against the scan without.
# Not a test: numbers, with the checks' outcomes.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   bench/scan.py --driver build/pathwise [--plugin build/pathwise.so] [--only lua5.4] [--out DIR]
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
import corpus  # noqa: E402


def database(project, path):
    entries = [{"directory": os.path.dirname(f), "file": f, "arguments": ["gcc", "-O0"] + flags + ["-c", f]}
               for f, flags in project.files]
    with open(path, "w") as f:
        json.dump(entries, f)


def scan(args, db, *extra):
    t0 = time.time()
    p = subprocess.run([args.driver, "scan", "-p", db] + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, env=dict(os.environ, PATHWISE_PLUGIN=args.plugin))
    return p.returncode, time.time() - t0, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    ap.add_argument("--plugin", default="")
    ap.add_argument("--only", nargs="*", default=["lua5.4"])
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    args.driver = os.path.abspath(args.driver)
    args.plugin = os.path.abspath(args.plugin) if args.plugin else \
        os.path.join(os.path.dirname(args.driver), "pathwise.so")
    validator = subprocess.run([os.path.join(HERE, "..", "scripts", "sarif-validator.sh")], stdout=subprocess.PIPE,
                               text=True, check=True).stdout.strip()
    out = args.out or tempfile.mkdtemp(prefix="pathwise-scan.")
    os.makedirs(out, exist_ok=True)
    corpus.fetch()
    for project in corpus.projects(args.only):
        db = os.path.join(out, project.name + ".json")
        database(project, db)
        first = os.path.join(out, project.name + ".sarif")
        rc1, t1, _ = scan(args, db, "-j", "1", "--fail-on", "none", "--no-facts")
        rc2, t2, err = scan(args, db, "-j", "2", "--fail-on", "none", "--sarif", first, "--no-facts")
        # With the project's facts store: the first scan fills it (a
        # facts-only pass first), the next one reads it.
        store = os.path.join(out, project.name + ".facts")
        shutil.rmtree(store, ignore_errors=True)
        _, tf1, _ = scan(args, db, "-j", "2", "--fail-on", "none", "--facts", store)
        _, tf2, errf2 = scan(args, db, "-j", "2", "--fail-on", "none", "--facts", store)
        with_facts = [l for l in errf2.splitlines() if "translation units" in l]
        summary = [l for l in err.splitlines() if "translation units" in l]
        report = os.path.join(out, project.name + ".validation.sarif")
        subprocess.run([validator, "validate", "-o", report, first], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        with open(report) as f:
            problems = [r for run in json.load(f)["runs"] for r in run.get("results", [])
                        if r.get("level", "warning") in ("error", "warning")]
        rc3, _, err3 = scan(args, db, "-j", "2", "--baseline", first, "--fail-on", "new", "--no-facts")
        again = [l for l in err3.splitlines() if "translation units" in l]
        print("== %s (%d files)" % (project.name, len(project.files)))
        print("   -j 1: %.1f s   -j 2: %.1f s   speed-up %.2fx   (exit %d, %d)" % (t1, t2, t1 / t2, rc1, rc2))
        print("   %s" % (summary[-1] if summary else "no summary"))
        print("   facts store, -j 2: first scan (fills it) %.1f s (%.2fx the scan without), next %.1f s (%.2fx); %s" % (
            tf1, tf1 / t2, tf2, tf2 / t2, with_facts[-1] if with_facts else "no summary"))
        print("   SARIF %s: validator errors and warnings: %d" % (first, len(problems)))
        print("   rescan against it: %s; exit %d under --fail-on new" % (again[-1] if again else "?", rc3))


if __name__ == "__main__":
    main()
