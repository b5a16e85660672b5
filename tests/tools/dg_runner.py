#!/usr/bin/env python3
# Runs C regression tests written in GCC's dg- notation with the pathwise plugin.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   dg_runner.py --gcc gcc --plugin build/pathwise.so tests/c/malloc/*.c
#
# Exit status 0 when every expectation passed (XFAIL counts as passing) and
# no warning or error went unexpected. Ends with "N passed, N failed".
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dg  # noqa: E402

DEFAULT_FLAGS = ["-S", "-o", "/dev/null", "-fdiagnostics-plain-output",
                 "-fdiagnostics-path-format=separate-events"]


def run_file(args, path, level="-O0"):
    test = dg.parse_test(path)
    flags = ["-fplugin=" + args.plugin] + ["-fplugin-arg-pathwise-" + a for a in args.plugin_arg] + DEFAULT_FLAGS
    flags += (test.options if test.options is not None else [level])
    flags += test.additional
    results = [("FAIL", "%s: directive: %s" % (os.path.basename(path), e)) for e in test.errors]
    rc, stderr, cmd = dg.compile_test(args.gcc, flags, path)
    if rc is None:
        results.append(("FAIL", "%s: compile timed out" % path))
        return results, cmd, stderr
    if rc < 0:
        results.append(("FAIL", "%s: compiler crashed (signal %d)" % (path, -rc)))
    diags = dg.parse_diagnostics(stderr, path, test.prune)
    results += dg.match(test, diags)
    expects_error = any(e.kind == "error" for e in test.expectations)
    if rc != 0 and not expects_error:
        results.append(("FAIL", "%s: compiler exited with %d" % (os.path.basename(path), rc)))
    return results, cmd, stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--plugin-arg", action="append", default=[], metavar="KEY[=VALUE]",
                    help="pass -fplugin-arg-pathwise-KEY[=VALUE] too (spec=FILE, say)")
    ap.add_argument("--levels", default="-O0",
                    help="comma-separated optimization levels: each test without dg-options runs at each")
    ap.add_argument("-v", "--verbose", action="store_true", help="show every result and the compiler output")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    dg.GCC_MAJOR = dg.gcc_major(args.gcc)
    passed = failed = 0
    levels = [lv for lv in args.levels.split(",") if lv]
    for path, level in [(p, lv) for p in args.files for lv in levels]:
        results, cmd, stderr = run_file(args, path, level)
        if len(levels) > 1:
            results = [(status, "%s %s" % (level, what)) for status, what in results]
        bad = [r for r in results if r[0] in ("FAIL",)]
        for status, what in results:
            if status == "FAIL" or args.verbose or status == "XPASS":
                print("%s: %s" % (status, what))
        if bad and not args.verbose:
            print("  command: %s" % " ".join(cmd))
            for line in stderr.splitlines():
                print("  | " + line)
        passed += sum(1 for r in results if r[0] in ("PASS", "XFAIL", "XPASS"))
        failed += len(bad)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # output piped into head
        sys.exit(1)
