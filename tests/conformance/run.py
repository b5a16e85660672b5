#!/usr/bin/env python3
# Conformance: GCC 12's own analyzer test suite (gcc.dg/analyzer), run with
# pathwise instead of -fanalyzer, scored per warning family; with --suite new,
# the tests GCC 13, 14 and 15 added to gcc.dg/analyzer and
# c-c++-common/analyzer (compiled as C; options GCC 12 does not know are
# dropped, -Wno-analyzer-NAME of a pathwise warning disables it).
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/conformance/run.py --plugin build/pathwise.so [--suite gcc12|new] [-j 2] [--only malloc-1.c ...] [-v]
#                            [--json results.json] [--floor double-free=85 ...]
#
# The suite is fetched at run time from Debian's gcc-12-source into the
# corpus cache (scripts/corpus.py), never committed. Each test is compiled
# as GCC's harness would, with its dg- directives honoured:
#  - the last of -fanalyzer / -fno-analyzer wins (-fno-analyzer: no plugin);
#  - -fanalyzer-checker=NAME keeps only that checker's warnings;
#  - other GCC-only analyzer options (-fanalyzer-*, -fno-analyzer-*,
#    -fdump-analyzer*, --param analyzer-*) are dropped;
#  - compiles use -S -o /dev/null, torture/ tests at -O2 (--level -O2:
#    every test at that level);
#  - dg-require-effective-target, dg-skip-if and dg-prune-output apply.
# dg-warning expectations are scored per family (by the warning their
# pattern names), dg-message/dg-note (path events, notes) as "events" and
# dg-bogus as "bogus", as DejaGnu counts them; pathwise warnings that no
# expectation consumed are excess. Not part of CI's pass/fail unless a --floor is given.
import argparse
import concurrent.futures
import json
import os
import re
import tempfile
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
import corpus  # noqa: E402
import dg  # noqa: E402

# Family of an expectation, from the text its pattern looks for. First match wins.
FAMILIES = [
    ("out-of-bounds", r"buffer overflow|buffer over-?read|buffer under-?read|buffer underwrite|buffer underflow|"
                      r"out-of-bounds"),
    ("allocation-size", r"allocated buffer size is not a multiple"),
    ("overlapping-buffers", r"overlapping buffers"),
    ("double-fclose", r"double 'fclose'"),
    ("file-leak", r"leak of FILE"),
    ("double-free", r"double-'free'"),
    ("use-after-free", r"use after 'free'|use after '(delete|::operator delete)"),
    ("possible-null-dereference", r"dereference of possibly-NULL"),
    ("null-dereference", r"dereference of NULL"),
    ("possible-null-argument", r"use of possibly-NULL .* where non-null"),
    ("null-argument", r"use of NULL .* where non-null"),
    ("free-of-non-heap", r"not on the heap|on the stack"),
    ("mismatching-deallocation", r"should have been deallocated"),
    ("malloc-leak", r"\bleak of\b|\bleak\b"),
    ("taint", r"attacker-controlled|tainted"),
    ("uninit", r"use of uninitialized value"),
    ("signal", r"within signal handler"),
    ("sensitive", r"sensitive value"),
    ("fd", r"file descriptor|\bfd\b"),
    ("introspection", r"^(TRUE|FALSE|UNKNOWN)$|processed enode|enodes|svalue|region|\(1\)|__analyzer|^capacity: "),
]

# The families the Engine depth issue scores (double-free, use-after-free,
# leak, null-deref, FILE).
CORE = ["double-free", "use-after-free", "malloc-leak", "possible-null-dereference", "null-dereference",
        "double-fclose", "file-leak"]

# Warnings of each -fanalyzer-checker=NAME.
CHECKER_WARNINGS = {
    "malloc": ["double-free", "use-after-free", "malloc-leak", "possible-null-dereference", "null-dereference",
               "possible-null-argument", "null-argument", "free-of-non-heap", "mismatching-deallocation"],
    "file": ["double-fclose", "file-leak"],
    "taint": ["tainted-array-index", "tainted-offset", "tainted-size", "tainted-divisor", "tainted-allocation-size",
              "tainted-format-string", "tainted-command"],
    "sensitive": ["exposure-through-output-file"],
    "signal": ["unsafe-call-within-signal-handler"],
}


# Warnings pathwise reports only when asked (Engine::off_by_default).
OFF_BY_DEFAULT = ["tainted-assertion", "exposure-through-uninit-copy"]


def family(pattern):
    text = pattern.replace("\\", "")
    for name, rx in FAMILIES:
        if re.search(rx, text):
            return name
    return "other"


def gcc_knows(gcc):
    """The -f and -W option names this GCC has ("-fdiagnostics-format=")."""
    import subprocess
    text = subprocess.run([gcc, "-Q", "--help=common", "--help=c", "--help=warnings", "--help=optimizers"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    names = set()
    for line in text.splitlines():
        tok = line.strip().split(" ")[0] if line.startswith("  -") else ""
        if tok:
            names.add(tok.split("=")[0] + ("=" if "=" in tok else ""))
    return names


KNOWN = None


def known_option(f):
    """Does GCC 12 take flag f (other than -f and -W ones: yes)?"""
    if not KNOWN or not (f.startswith("-f") or f.startswith("-W")):
        return True
    name = f.split("=")[0] + ("=" if "=" in f else "")
    positive = name.replace("-fno-", "-f", 1).replace("-Wno-", "-W", 1)
    return name in KNOWN or positive in KNOWN or positive.rstrip("=") in KNOWN


def translate(flags, pathwise_warnings):
    """GCC's analyzer options -> (analyzer on?, gcc flags, plugin args)."""
    on = True  # analyzer.exp compiles every test with -fanalyzer
    out, plugin = [], []
    only = None
    off = []  # -Wno-analyzer-NAME of warnings GCC 12 has no option for
    i = 0
    while i < len(flags):
        f = flags[i]
        if f == "-fanalyzer":
            on = True
        elif f == "-fno-analyzer":
            on = False
        elif f.startswith("-fanalyzer-checker="):
            only = f.split("=", 1)[1]
        elif f.startswith("-fanalyzer") or f.startswith("-fno-analyzer") or f.startswith("-fdump-analyzer"):
            pass
        elif f == "--param" and i + 1 < len(flags) and flags[i + 1].startswith("analyzer-"):
            i += 1
        elif f.startswith("--param=analyzer-"):
            pass
        elif f.startswith("-Wno-analyzer-") and not known_option(f):
            if f[len("-Wno-analyzer-"):] in pathwise_warnings:
                off.append(f[len("-Wno-analyzer-"):])
        elif not known_option(f):
            pass  # a later GCC's option
        else:
            out.append(f)
        i += 1
    disable = list(off)
    # (Warnings pathwise ships off by default, which GCC's tests expect
    # on: their capability is measured too.)
    plugin.append("-fplugin-arg-pathwise-enable=" + ",".join(OFF_BY_DEFAULT))
    if only is not None:
        keep = set(CHECKER_WARNINGS.get(only, []))
        disable += [w for w in pathwise_warnings if w not in keep and w not in disable]
    if disable:
        plugin.append("-fplugin-arg-pathwise-disable=" + ",".join(disable))
    return on, out, plugin


def run_one(args, path, warnings):
    test = dg.parse_test(path)
    torture = os.sep + "torture" + os.sep in path
    level = [args.level] if args.level else (["-O2"] if torture else [])
    on, flags, plugin_args = translate((test.options or []) + test.additional, warnings)
    flags = level + flags
    # (GCC 15 defaults to C23, where 'char *getpass ();' takes no argument:
    # the suite is written for GCC 12's default, gnu17.)
    if dg.GCC_MAJOR >= 15 and not any(f.startswith("-std=") for f in flags):
        flags = ["-std=gnu17"] + flags
    reason = dg.skip_reason(test, flags)
    res = {"file": os.path.relpath(path, args.suite), "skipped": reason, "results": [], "crash": False}
    if reason:
        return res
    # A test linked with other sources (dg-do link, -flto): one link of all,
    # so the whole program is analysed at once.
    link = test.do in ("link", "run") and test.sources
    out = tempfile.NamedTemporaryFile(suffix=".out", delete=False).name if link else None
    base = (["-o", out] + test.sources if link else ["-S", "-o", "/dev/null"]) + \
        ["-fdiagnostics-plain-output", "-fdiagnostics-path-format=separate-events", "-Wanalyzer-too-complex"]
    extra = ["-fplugin-arg-pathwise-" + a for a in args.plugin_arg]
    cmd = (["-fplugin=" + args.plugin] + extra + plugin_args if on else []) + base + flags
    try:
        rc, stderr, full = dg.compile_test(args.gcc, cmd, path, timeout=args.timeout)
    finally:
        if out and os.path.exists(out):
            os.unlink(out)
    res["command"] = " ".join(full)
    if rc is None:
        res["crash"] = "timeout"
        return res
    if rc < 0 or "internal compiler error" in stderr:
        res["crash"] = "crash"
    diags = dg.parse_diagnostics(stderr, path, test.prune)
    for (status, what), exp in zip(dg.match(test, diags), test.expectations + [None] * len(diags)):
        if what.startswith("excess"):
            m = re.search(r"\[-Wanalyzer-([a-z-]+)\]", what)
            if m:  # only pathwise's warnings are ours to answer for
                res["results"].append({"status": "EXCESS", "family": m.group(1), "what": what})
            elif on and re.search(r"\[CWE-\d+\]$", what):  # ours, with no GCC 12 option
                res["results"].append({"status": "EXCESS", "family": "cwe-" + re.search(r"CWE-(\d+)", what).group(1),
                                       "what": what})
            continue
        if exp is None:
            continue
        # As DejaGnu counts: path events and notes (dg-message, dg-note) and
        # dg-bogus are expectations too, scored in families of their own.
        fam = family(exp.regex) if exp.kind in ("warning", "error") else \
            "bogus" if exp.kind == "bogus" else "events"
        res["results"].append({"status": status, "family": fam, "what": what})
    if args.verbose:
        res["stderr"] = stderr
    return res


def main():
    ap = argparse.ArgumentParser(description="GCC 12's analyzer test suite, run with pathwise")
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--plugin-arg", action="append", default=[], metavar="KEY[=VALUE]",
                    help="pass -fplugin-arg-pathwise-KEY[=VALUE] too (spec=FILE, say)")
    ap.add_argument("--suite", choices=["gcc12", "new"], default="gcc12",
                    help="GCC 12's gcc.dg/analyzer, or the tests GCC 13-15 added")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--only", nargs="*", help="test file names to run")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--level", help="optimization level for every file (e.g. -O2); default: -O2 for torture/ only")
    ap.add_argument("--json", help="write every result here")
    ap.add_argument("--floor", nargs="*", default=[], help="FAMILY=PERCENT: fail below it (CORE = all core)")
    ap.add_argument("-v", "--verbose", action="store_true", help="list failures and excess warnings")
    args = ap.parse_args()
    dg.GCC_MAJOR = dg.gcc_major(args.gcc)
    args.plugin = os.path.abspath(args.plugin)
    global KNOWN
    KNOWN = gcc_knows(args.gcc)
    added = None
    if args.suite == "new":
        args.suite, added = corpus.fetch_new_gcc_tests()
    else:
        args.suite = corpus.fetch_gcc_testsuite()
    sys.path.insert(0, os.path.dirname(args.plugin))
    warnings = warning_names(args)
    if not warnings:
        sys.exit("run.py: could not read the plugin's warning names (see -fplugin-arg-pathwise-disable=?)")
    files = sorted(os.path.join(dp, f) for dp, _, fs in os.walk(args.suite) for f in fs if f.endswith(".c"))
    if added is not None:
        files = [os.path.join(args.suite, a) for a in added]
    if args.only:
        files = [f for f in files if os.path.basename(f) in args.only]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(lambda p: run_one(args, p, warnings), files))
    return report(args, results)


def warning_names(args):
    """The plugin's warning names, from its own error message for a bad name."""
    rc, err, _ = dg.compile_test(args.gcc, ["-fplugin=" + args.plugin] +
                                 ["-fplugin-arg-pathwise-" + a for a in args.plugin_arg] +
                                 ["-fplugin-arg-pathwise-disable=?", "-S",
                                            "-o", "/dev/null", "-x", "c"], "/dev/null")
    m = re.search(r"valid names are: (.*)$", err, re.M)
    return [n.strip() for n in m.group(1).split(",") if n.strip() not in ("all", "too-complex")] if m else []


def report(args, results):
    fams = {}
    excess = {}
    total_expect = 0
    for r in results:
        for x in r["results"]:
            if x["status"] == "EXCESS":
                excess[x["family"]] = excess.get(x["family"], 0) + 1
                continue
            total_expect += 1
            f = fams.setdefault(x["family"], {"PASS": 0, "FAIL": 0, "XFAIL": 0, "XPASS": 0})
            f[x["status"]] += 1
    print("%-28s %6s %6s %6s %6s %7s" % ("family", "pass", "fail", "xfail", "xpass", "pass%"))
    core_pass = core_all = 0
    rates = {}
    for name in sorted(fams, key=lambda n: (n not in CORE, n)):
        f = fams[name]
        n = f["PASS"] + f["FAIL"]
        rate = 100.0 * f["PASS"] / n if n else 100.0
        rates[name] = rate
        if name in CORE:
            core_pass += f["PASS"]
            core_all += n
        print("%-28s %6d %6d %6d %6d %6.1f%%%s" % (name, f["PASS"], f["FAIL"], f["XFAIL"], f["XPASS"], rate,
                                                  "  (core)" if name in CORE else ""))
    rates["CORE"] = 100.0 * core_pass / core_all if core_all else 100.0
    n_excess = sum(excess.values())
    print("core families: %d/%d = %.1f%%" % (core_pass, core_all, rates["CORE"]))
    all_pass = sum(f["PASS"] + f["XPASS"] for f in fams.values())
    print("all expectations (dg-warning, dg-message events, dg-bogus): %d/%d passed" % (all_pass, total_expect))
    print("excess pathwise warnings: %d (%.2f%% of %d expectations): %s" % (
        n_excess, 100.0 * n_excess / max(total_expect, 1), total_expect,
        ", ".join("%s %d" % kv for kv in sorted(excess.items()))))
    crashes = [r for r in results if r["crash"]]
    skipped = [r for r in results if r["skipped"]]
    print("%d files, %d skipped (unsupported here), %d crashes or timeouts" % (len(results), len(skipped),
                                                                                len(crashes)))
    for r in crashes:
        print("CRASH %s: %s" % (r["file"], r["crash"]))
    if args.verbose:
        for r in results:
            for x in r["results"]:
                if x["status"] in ("FAIL", "EXCESS") and (x["family"] in CORE or x["status"] == "EXCESS"):
                    print("%s %s [%s] %s" % (x["status"], r["file"], x["family"], x["what"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    bad = bool(crashes)
    for fl in args.floor:
        name, pct = fl.split("=")
        if rates.get(name, 0.0) < float(pct):
            print("below floor: %s %.1f%% < %s%%" % (name, rates.get(name, 0.0), pct))
            bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
