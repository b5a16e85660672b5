#!/usr/bin/env python3
# The HTML report of `pathwise scan --html DIR`, checked in headless
# Chromium by html_check.js (Debian's chromium, npm's playwright-core in
# the cache outside git, fetched by scripts/html-tools.sh). Screenshots go
# to --shots (default: a temporary directory).
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import driver_test  # noqa: E402  (its sample project)


def html_tools():
    # The node_modules folder holding playwright-core (fetched if missing).
    return subprocess.run([os.path.join(HERE, "..", "..", "scripts", "html-tools.sh")], stdout=subprocess.PIPE,
                          text=True, check=True).stdout.strip()


def run_check(script, argv, node_path):
    # Runs a Chromium check script; prints what it said; True if it passed.
    c = subprocess.run(["node", os.path.join(HERE, script)] + argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=300, env=dict(os.environ, NODE_PATH=node_path))
    print(c.stdout.strip())
    return c.returncode == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    ap.add_argument("--shots", default="")
    args = ap.parse_args()
    node_path = html_tools()
    with tempfile.TemporaryDirectory() as tmp:
        driver_test.project(tmp)
        report = os.path.join(tmp, "report")
        p = subprocess.run([os.path.abspath(args.driver), "scan", "--html", report, "--fail-on", "none"], cwd=tmp,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
        if p.returncode != 0 or not os.path.exists(os.path.join(report, "index.html")):
            print("FAIL: scan --html: %d\n%s" % (p.returncode, p.stderr))
            print("0 passed, 1 failed")
            return 1
        shots = args.shots or tmp
        os.makedirs(shots, exist_ok=True)
        ok = run_check("html_check.js", [report, "2", os.path.join(shots, "report")], node_path) and \
            os.path.exists(os.path.join(shots, "report-finding.png"))
        print("%d passed, %d failed" % (1 if ok else 0, 0 if ok else 1))
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
