#!/usr/bin/env python3
# Lowering tests: compile a C file with -fplugin-arg-pathwise-dump-ir and
# check the IR dump against the file's CHECK lines, in the manner of LLVM's
# FileCheck.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   // OPTIONS: -O2                 extra compiler options
#   // CHECK: text                  the next match at or after the current line
#   // CHECK-NEXT: text             on the line right after the previous match
#   // CHECK-NOT: text              not between the previous and the next match
#   // CHECK-LABEL: text            like CHECK; starts a new section
#
# In a pattern, {{re}} is a regular expression, [[NAME:re]] captures and
# [[NAME]] reuses a capture; everything else is literal. Ends with
# "N passed, N failed".
import argparse
import os
import re
import subprocess
import sys
import tempfile

DIRECTIVE = re.compile(r"//\s*(CHECK(?:-NEXT|-NOT|-LABEL)?|OPTIONS):\s?(.*)$")


def compile_pattern(pat, vars_):
    out = []
    names = []
    i = 0
    while i < len(pat):
        if pat.startswith("{{", i):
            j = pat.index("}}", i + 2)
            out.append("(?:" + pat[i + 2:j] + ")")
            i = j + 2
        elif pat.startswith("[[", i):
            j = pat.index("]]", i + 2)
            body = pat[i + 2:j]
            if ":" in body:
                name, rx = body.split(":", 1)
                out.append("(?P<%s>%s)" % (name, rx))
                names.append(name)
            else:
                if body not in vars_:
                    raise ValueError("undefined variable [[%s]]" % body)
                out.append(re.escape(vars_[body]))
            i = j + 2
        else:
            out.append(re.escape(pat[i]))
            i += 1
    return re.compile("".join(out)), names


def check(dump_lines, checks):
    """Returns a list of failure messages (empty = all matched)."""
    failures = []
    vars_ = {}
    pos = 0          # next dump line to search from
    last = -1        # line of the previous match
    pending_not = []
    for n, kind, pat in checks:
        try:
            rx, names = compile_pattern(pat, vars_)
        except (ValueError, re.error) as e:
            failures.append("line %d: bad pattern: %s" % (n, e))
            return failures
        if kind == "CHECK-NOT":
            pending_not.append((n, rx, pat))
            continue
        found = None
        if kind == "CHECK-NEXT":
            if last + 1 < len(dump_lines):
                m = rx.search(dump_lines[last + 1])
                if m:
                    found = (last + 1, m)
        else:
            for k in range(pos, len(dump_lines)):
                m = rx.search(dump_lines[k])
                if m:
                    found = (k, m)
                    break
        if not found:
            failures.append("line %d: %s: %r not found after dump line %d" % (n, kind, pat, last + 1))
            return failures
        k, m = found
        for nn, nrx, npat in pending_not:
            for j in range(pos, k):
                if nrx.search(dump_lines[j]):
                    failures.append("line %d: CHECK-NOT: %r found at dump line %d" % (nn, npat, j + 1))
        pending_not = []
        for name in names:
            vars_[name] = m.group(name)
        last = k
        pos = k + 1
    for nn, nrx, npat in pending_not:
        for j in range(pos, len(dump_lines)):
            if nrx.search(dump_lines[j]):
                failures.append("line %d: CHECK-NOT: %r found at dump line %d" % (nn, npat, j + 1))
    return failures


def run_file(gcc, plugin, path):
    checks = []
    options = []
    with open(path) as f:
        for n, line in enumerate(f, start=1):
            m = DIRECTIVE.search(line)
            if not m:
                continue
            if m.group(1) == "OPTIONS":
                options += m.group(2).split()
            else:
                checks.append((n, m.group(1), m.group(2).rstrip()))
    if not checks:
        return ["no CHECK lines"], ""
    with tempfile.TemporaryDirectory() as tmp:
        dump = os.path.join(tmp, "ir.txt")
        cmd = [gcc, "-fplugin=" + plugin, "-fplugin-arg-pathwise-dump-ir=" + dump,
               "-S", "-o", "/dev/null"] + options + [path]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
        if p.returncode != 0:
            return ["compile failed (%d): %s" % (p.returncode, p.stderr.strip())], ""
        with open(dump) as f:
            text = f.read()
    return check(text.split("\n"), checks), text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    passed = failed = 0
    for path in args.files:
        failures, text = run_file(args.gcc, args.plugin, path)
        if failures:
            failed += 1
            for f in failures:
                print("FAIL: %s: %s" % (os.path.basename(path), f))
            print("  IR dump:")
            for line in text.split("\n"):
                print("  | " + line)
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
