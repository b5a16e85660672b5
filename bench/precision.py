#!/usr/bin/env python3
# Precision benchmark: pathwise's warnings on real code, against a triage
# file written by hand.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   bench/precision.py --plugin build/pathwise.so [--level -O0|-O2|both] [--only PKG...] [-j 2]
#                      [--triage bench/precision-triage.txt] [--json out.json] [--no-fetch] [--stale]
#                      [--no-facts] [--facts-passes N]
#
# Compiles every C file of the precision corpus (scripts/corpus.py PRECISION:
# Debian source packages built under bear, each compile's own options) and
# of the five benchmark projects (corpus.projects()) with
# `gcc LEVEL -fplugin=PLUGIN -c -o /dev/null`, in its working directory, and
# collects pathwise's warnings. As `pathwise scan` does, each project (at each
# level) has a facts store (src/analysis/facts.h) that facts-only passes over
# all its files fill first, until it stops changing (at most --facts-passes),
# so that a file knows what the project's other files define (exit wrappers,
# allocators that never give NULL); --no-facts compiles each file on its own.
# The warnings collected: (file relative to the project's source
# folder, line, warning name, message). The same warning of a header that
# several files include counts once. Each is looked up in the triage file:
#
#   PROJECT<TAB>FILE:LINE<TAB>WARNING<TAB>true|false<TAB>one-line reason
#
# and the report gives per project and level the warnings, how many were
# triaged true and false, how many are not triaged yet, the share of true
# ones among those triaged; then totals, every untriaged warning as a
# triage line to fill in ('?' for true/false, the message as reason) and
# every false one. Triage lines that matched nothing (fixed, or moved) are
# counted as stale (--stale lists them). Not a test: it exits 0 unless the
# plugin is missing.
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
import corpus  # noqa: E402
from measure import run_measured  # noqa: E402

# file:line:col: warning: message [CWE-N] [RULE] [-Wanalyzer-NAME]
WARNING = re.compile(r"^(.+?):(\d+):(?:\d+:)? warning: (.*)$")
TRAILER = re.compile(r"\s*\[([^\[\]]+)\]$")


def parse_warning(line):
    """(file, line, name, message) of a pathwise warning's line, or None
    (GCC's own warnings, notes, events)."""
    m = WARNING.match(line)
    if not m:
        return None
    text = m.group(3)
    tags = []
    while True:
        t = TRAILER.search(text)
        if not t:
            break
        tags.insert(0, t.group(1))
        text = text[:t.start()]
    name = None
    for t in tags:
        if t.startswith("-Wanalyzer-"):
            name = t[len("-Wanalyzer-"):]
    if name is None:
        if any(t.startswith("-W") for t in tags):
            return None  # one of GCC's warnings
        cwes = [t for t in tags if re.match(r"CWE-\d+$", t)]
        if not cwes:
            return None
        name = "cwe-" + cwes[0][4:]
    return m.group(1), int(m.group(2)), name, text.strip()


def relative(path, cwd, root):
    full = os.path.realpath(os.path.join(cwd, path))
    if full.startswith(root + os.sep):
        return os.path.relpath(full, root)
    return full


def read_triage(path):
    entries = {}
    if not os.path.exists(path):
        return entries
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = line.split("\t", 4)
            if len(parts) < 4 or ":" not in parts[1]:
                print("precision: %s:%d: not PROJECT<TAB>FILE:LINE<TAB>WARNING<TAB>true|false<TAB>reason" %
                      (path, n), file=sys.stderr)
                continue
            fname, _, lno = parts[1].rpartition(":")
            verdict = parts[3].strip().lower()
            if verdict not in ("true", "false"):
                continue  # '?': not triaged yet
            try:
                key = (parts[0], fname, int(lno), parts[2])
            except ValueError:
                print("precision: %s:%d: bad line number" % (path, n), file=sys.stderr)
                continue
            entries[key] = (verdict, parts[4].strip() if len(parts) > 4 else "")
    return entries


def one_line(s):
    return " ".join(s.replace("\t", " ").split())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--level", default="-O0", choices=["-O0", "-O2", "both"])
    ap.add_argument("--only", nargs="*", help="projects (default: all)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--triage", default=os.path.join(HERE, "precision-triage.txt"))
    ap.add_argument("--json")
    ap.add_argument("--no-fetch", action="store_true")
    ap.add_argument("--stale", action="store_true", help="list the triage lines that matched nothing")
    ap.add_argument("--no-facts", action="store_true",
                    help="each file on its own, as a single compile sees it (default: as pathwise scan does, "
                         "with a facts store per project and level, filled by facts-only passes first)")
    ap.add_argument("--facts-passes", type=int, default=3,
                    help="facts-only passes at most (fewer when the store stops changing)")
    argv = sys.argv[1:]
    for i in range(len(argv) - 1):  # '--level -O0': argparse would take -O0 for an option
        if argv[i] == "--level" and argv[i + 1].startswith("-O"):
            argv[i:i + 2] = ["--level=" + argv[i + 1], ""]
    args = ap.parse_args([a for a in argv if a != ""])
    plugin = os.path.abspath(args.plugin)
    if not os.path.exists(plugin):
        print("precision: no plugin at %s" % plugin, file=sys.stderr)
        return 2
    # A private copy: a rebuild of the plugin during the run must not mix
    # two builds (or fail the compiles that load a half-written file).
    tmp = tempfile.mkdtemp(prefix="pathwise-precision-")
    try:
        return run(args, plugin, snapshot_plugin(args.gcc, plugin, tmp))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def store_text(store):
    try:
        names = sorted(n for n in os.listdir(store) if n.endswith(".facts"))
    except OSError:
        return ""
    out = []
    for n in names:
        with open(os.path.join(store, n)) as f:
            out.append(n + "\n" + f.read())
    return "".join(out)


def fill_facts(args, jobs, stores, plugin_arg_name, first_level):
    """Runs every compile facts-only, as pathwise scan does before it
    reports, until no store changes (at most --facts-passes). The passes
    compile at -O0 whatever the level, so they run over the first level's
    compiles only and the other levels' stores get a copy of its. Returns
    the passes run and the CPU seconds they took by project."""
    own = [j for j in jobs if j[0] == first_level]
    filled = {k: d for k, d in stores.items() if k[1] == first_level}
    facts_only = "-fplugin-arg-%s-facts-only" % plugin_arg_name
    cpu = {}
    before = {k: store_text(d) for k, d in filled.items()}
    passes = 0
    for passes in range(1, max(1, args.facts_passes) + 1):
        def one(job):
            level, p, path, cmd, cwd, _ = job
            # (As pathwise scan does: at -O0 without debug information;
            # what is lowered is the build's, before GCC optimizes, and
            # the code thrown away costs least.)
            return job, run_measured(cmd[:-1] + [facts_only, "-O0", "-g0"] + cmd[-1:], args.timeout, cwd)

        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            for job, (rc, err, used, _) in ex.map(one, own):
                if rc != 0:
                    print("precision: facts-only compile of %s failed: %s" % (job[2], one_line(err)[-200:]),
                          file=sys.stderr)
                cpu[job[1].name] = cpu.get(job[1].name, 0.0) + (used if rc is not None else float(args.timeout))
        after = {k: store_text(d) for k, d in filled.items()}
        if after == before:
            break
        before = after
    for (name, level), d in stores.items():
        source = stores.get((name, first_level))
        if level != first_level and source and os.path.isdir(source):
            shutil.copytree(source, d, dirs_exist_ok=True)
    return passes, cpu


def snapshot_plugin(gcc, plugin, tmp):
    copy = os.path.join(tmp, os.path.basename(plugin))
    probe = os.path.join(tmp, "probe.c")
    with open(probe, "w") as f:
        f.write("int probe(int *p) { return p ? *p : 0; }\n")
    for attempt in range(30):
        shutil.copy2(plugin, copy)
        r = subprocess.run([gcc, "-fplugin=" + copy, "-c", "-o", "/dev/null", probe], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        if r.returncode == 0:
            return copy
        print("precision: the plugin does not load yet (%s); retrying" % r.stderr.strip()[:200], file=sys.stderr)
        time.sleep(10)
    return copy


def run(args, plugin_name, plugin):
    levels = ["-O0", "-O2"] if args.level == "both" else [args.level]
    only = args.only or None
    if not args.no_fetch:
        corpus.fetch(gcc_tests=False)
        corpus.fetch_precision([p for p in only if p in corpus.PRECISION] if only else None)
    projects = [p for p in corpus.projects(only) if p.name != "gcc-analyzer"] + corpus.precision_projects(only)
    if not projects:
        print("precision: no project (scripts/corpus.py fetch-precision)", file=sys.stderr)
        return 0
    triage = read_triage(args.triage)

    facts_root = tempfile.mkdtemp(prefix="pathwise-facts-")
    # (GCC names a plugin's arguments after its file: pw.so takes -fplugin-arg-pw-KEY.)
    plugin_arg_name = os.path.splitext(os.path.basename(plugin))[0]
    stores = {}  # (project, level) -> its facts store

    def facts_args(p, level):
        if args.no_facts:
            return []
        store = stores.setdefault((p.name, level), os.path.join(facts_root, "%s%s" % (p.name, level)))
        return ["-fplugin-arg-%s-facts=%s" % (plugin_arg_name, store)]

    jobs = []
    for level in levels:
        for p in projects:
            for path, flags in p.files:
                cmd = [args.gcc, level, "-fplugin=" + plugin, "-fdiagnostics-plain-output",
                       "-fdiagnostics-path-format=none", "-fno-diagnostics-show-caret", "-c", "-o", "/dev/null"] + \
                    facts_args(p, level) + flags + [path]
                try:
                    size = os.path.getsize(path)
                except OSError:
                    size = 0
                jobs.append((level, p, path, cmd, p.workdir(path), size))
    jobs.sort(key=lambda j: -j[5])  # the largest first: no long file left alone at the end
    stats = {}   # (project, level) -> dict
    found = {}   # (project, level) -> {(file, line, name): {message, tus}}
    for level in levels:
        for p in projects:
            stats[(p.name, level)] = {"project": p.name, "level": level, "files": len(p.files), "cpu": 0.0,
                                      "failed": [], "timeouts": []}
            found[(p.name, level)] = {}
    remaining = {k: s["files"] for k, s in stats.items()}
    start = time.monotonic()
    facts_passes = 0
    if not args.no_facts:
        facts_passes, facts_cpu = fill_facts(args, jobs, stores, plugin_arg_name, levels[0])
        for name, cpu in facts_cpu.items():
            stats[(name, levels[0])]["facts_cpu"] = cpu
        print("precision: facts store filled in %d passes after %.0f s" % (facts_passes, time.monotonic() - start),
              file=sys.stderr)

    def compile_one(job):
        level, p, path, cmd, cwd, _ = job
        return job, run_measured(cmd, args.timeout, cwd)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futures = [ex.submit(compile_one, j) for j in jobs]
        for fut in concurrent.futures.as_completed(futures):
            job, (rc, err, cpu, _) = fut.result()
            level, p, path, cmd, cwd, _ = job
            key = (p.name, level)
            st = stats[key]
            rel = relative(path, cwd, p.root)
            if rc is None:
                st["timeouts"].append(rel)
                cpu = float(args.timeout)
            elif rc != 0:
                st["failed"].append({"file": rel, "error": next((ln for ln in err.splitlines() if " error: " in ln
                                                                 or ln.startswith("cc1: ")), err[-300:])})
            st["cpu"] += cpu
            for ln in err.splitlines():
                w = parse_warning(ln)
                if not w:
                    continue
                f, line, name, msg = w
                k = (relative(f, cwd, p.root), line, name)
                entry = found[key].setdefault(k, {"message": msg, "tus": []})
                if rel not in entry["tus"]:
                    entry["tus"].append(rel)
            remaining[key] -= 1
            if remaining[key] == 0:
                print("precision: %s %s done (%d files, %.1f s CPU, %d warnings) after %.0f s" % (
                    p.name, level, st["files"], st["cpu"], len(found[key]), time.monotonic() - start),
                    file=sys.stderr)
    wall = time.monotonic() - start
    shutil.rmtree(facts_root, ignore_errors=True)

    # matching
    warnings = []
    used = set()
    for (pname, level), ws in found.items():
        st = stats[(pname, level)]
        st.update({"warnings": len(ws), "true": 0, "false": 0, "untriaged": 0, "kinds": {}})
        for (f, line, name), e in sorted(ws.items()):
            t = triage.get((pname, f, line, name))
            verdict, reason = t if t else ("?", "")
            if t:
                used.add((pname, f, line, name))
                st["true" if verdict == "true" else "false"] += 1
            else:
                st["untriaged"] += 1
            st["kinds"][name] = st["kinds"].get(name, 0) + 1
            warnings.append({"project": pname, "level": level, "file": f, "line": line, "warning": name,
                             "message": e["message"], "verdict": verdict, "reason": reason, "tus": e["tus"]})
    run_names = {p.name for p in projects}
    stale = sorted(k for k in triage if k[0] in run_names and k not in used)

    # report
    order = [(p.name, level) for level in levels for p in projects]
    print("%-14s %-4s %6s %8s %6s %6s %6s %10s %6s %9s" % ("project", "lvl", "files", "warnings", "true", "false",
                                                            "?", "true/tri.", "fail", "CPU s"))
    for level in levels:
        tot = {"files": 0, "warnings": 0, "true": 0, "false": 0, "untriaged": 0, "failed": 0, "cpu": 0.0,
               "timeouts": 0}
        for key in order:
            if key[1] != level:
                continue
            s = stats[key]
            tri = s["true"] + s["false"]
            print("%-14s %-4s %6d %8d %6d %6d %6d %10s %6s %9.1f" % (
                s["project"], level[1:], s["files"], s["warnings"], s["true"], s["false"], s["untriaged"],
                "%.0f%%" % (100.0 * s["true"] / tri) if tri else "-",
                "%d%s" % (len(s["failed"]), "+%dT" % len(s["timeouts"]) if s["timeouts"] else ""), s["cpu"]))
            for k in ("files", "warnings", "true", "false", "untriaged", "cpu"):
                tot[k] += s[k]
            tot["failed"] += len(s["failed"])
            tot["timeouts"] += len(s["timeouts"])
        tri = tot["true"] + tot["false"]
        print("%-14s %-4s %6d %8d %6d %6d %6d %10s %6s %9.1f" % (
            "TOTAL", level[1:], tot["files"], tot["warnings"], tot["true"], tot["false"], tot["untriaged"],
            "%.0f%%" % (100.0 * tot["true"] / tri) if tri else "-",
            "%d%s" % (tot["failed"], "+%dT" % tot["timeouts"] if tot["timeouts"] else ""), tot["cpu"]))
    print()
    for level in levels:
        kinds = {}
        for w in warnings:
            if w["level"] == level:
                kinds[w["warning"]] = kinds.get(w["warning"], 0) + 1
        print("warnings by kind (%s): %s" % (level, ", ".join(
            "%s %d" % kv for kv in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))) or "none"))
    print("wall time %.0f s, %d compiles, -j %d, %s" % (
        wall, len(jobs), args.jobs, "no facts store" if args.no_facts else "facts store filled in %d facts-only passes"
        " (CPU s: %.1f)" % (facts_passes, sum(s.get("facts_cpu", 0.0) for s in stats.values()))))

    problems = [(key, s) for key in order for s in [stats[key]] if s["failed"] or s["timeouts"]]
    if problems:
        print("\n# compiles that failed or timed out (their warnings, if any, are still counted)")
        for (pname, level), s in problems:
            for f in s["timeouts"]:
                print("#   %s %s %s: timed out after %d s" % (pname, level, f, args.timeout))
            for f in s["failed"]:
                print("#   %s %s %s: %s" % (pname, level, f["file"], one_line(f["error"])[:200]))

    def triage_line(w, verdict, reason):
        return "%s\t%s:%d\t%s\t%s\t%s" % (w["project"], w["file"], w["line"], w["warning"], verdict,
                                          one_line(reason))

    shown = set()
    untriaged = [w for w in warnings if w["verdict"] == "?"]
    print("\n# untriaged (%d): replace ? with true or false and the message with a reason, "
          "then add to %s" % (len({(w["project"], w["file"], w["line"], w["warning"]) for w in untriaged}),
                              os.path.relpath(args.triage)))
    for w in sorted(untriaged, key=lambda w: (w["project"], w["file"], w["line"], w["warning"])):
        k = (w["project"], w["file"], w["line"], w["warning"])
        if k in shown:
            continue
        shown.add(k)
        print(triage_line(w, "?", w["message"]) + ("" if len(levels) == 1 else "  [%s]" % w["level"]))
    falses = [w for w in warnings if w["verdict"] == "false"]
    print("\n# triaged false (%d)" % len({(w["project"], w["file"], w["line"], w["warning"]) for w in falses}))
    for w in sorted(falses, key=lambda w: (w["project"], w["file"], w["line"], w["warning"])):
        k = (w["project"], w["file"], w["line"], w["warning"], "false")
        if k in shown:
            continue
        shown.add(k)
        print(triage_line(w, "false", w["reason"]))
    print("\n# stale triage lines (matched no warning of this run): %d" % len(stale))
    if args.stale:
        for k in stale:
            v, reason = triage[k]
            print("%s\t%s:%d\t%s\t%s\t%s" % (k[0], k[1], k[2], k[3], v, reason))

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"plugin": plugin_name, "levels": levels, "jobs": args.jobs, "wall_seconds": wall,
                       "projects": [dict(stats[k], root=next(p.root for p in projects if p.name == k[0]))
                                    for k in order],
                       "warnings": warnings,
                       "stale": [{"project": k[0], "file": k[1], "line": k[2], "warning": k[3],
                                  "verdict": triage[k][0], "reason": triage[k][1]} for k in stale]}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
