#!/usr/bin/env python3
# SARIF output (-fplugin-arg-pathwise-sarif=FILE|DIR): the log's content,
# fingerprints that survive unrelated edits, one file per translation unit
# in a directory, bad arguments, and validation by Microsoft's SARIF
# validator (the `validate` verb of npm's @microsoft/sarif-multitool,
# fetched by scripts/sarif-validator.sh into the cache outside git).
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")

# Two problems, one across a function boundary, each with a CWE.
SOURCE = """#include <stdlib.h>
#include <stdio.h>

static void release (char *p)
{
  free (p);
}

void twice (int n)
{
  char *buf = malloc (n);
  if (!buf)
    return;
  release (buf);
  free (buf);
}

char lookup (FILE *f, const char *table)
{
  int i;
  if (fread (&i, sizeof i, 1, f) != 1)
    return 0;
  return table[i];
}
"""

check = Checks()


def compile_with(args, src, sarif, *extra):
    p = subprocess.run([args.gcc, "-fplugin=" + args.plugin, "-fplugin-arg-pathwise-sarif=" + sarif, "-c", "-o",
                        "/dev/null", src] + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=120, env=dict(os.environ, LC_ALL="C"))
    return p.returncode, p.stderr


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def load(path):
    with open(path) as f:
        return json.load(f)


@check
def log_has_rules_cwe_paths_and_fingerprints(args):
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "t.c"), os.path.join(tmp, "t.sarif")
        write(src, SOURCE)
        rc, err = compile_with(args, src, out)
        assert rc == 0, err
        log = load(out)
        assert log["version"] == "2.1.0", log.get("version")
        run = log["runs"][0]
        rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
        assert "double-free" in rules and "tainted-offset" in rules, sorted(rules)
        rel = rules["double-free"]["relationships"][0]
        assert rel["target"]["id"] == "415" and rel["target"]["toolComponent"]["name"] == "CWE", rel
        taxa = {t["id"] for t in run["taxonomies"][0]["taxa"]}
        assert {"415", "823"} <= taxa, taxa
        by_rule = {r["ruleId"]: r for r in run["results"]}
        assert set(by_rule) == {"double-free", "tainted-offset"}, [r["ruleId"] for r in run["results"]]
        df = by_rule["double-free"]
        assert df["message"]["text"] == "double-'free' of 'buf'", df["message"]
        assert df["locations"][0]["physicalLocation"]["region"]["startLine"] == 15, df["locations"]
        steps = df["codeFlows"][0]["threadFlows"][0]["locations"]
        texts = [s["location"]["message"]["text"] for s in steps]
        assert "first 'free' here" in texts and texts[-1].startswith("second 'free' here"), texts
        # The first free happens inside release (), one frame deeper.
        first = steps[texts.index("first 'free' here")]
        assert first["nestingLevel"] == 1 and first["location"]["physicalLocation"]["region"]["startLine"] == 6, first
        assert all(len(r["partialFingerprints"]["pathwiseFindingHash/v1"]) == 16 for r in run["results"])


@check
def fingerprints_survive_unrelated_edits(args):
    with tempfile.TemporaryDirectory() as tmp:
        a, b = os.path.join(tmp, "a.c"), os.path.join(tmp, "b.c")
        write(a, SOURCE)
        # Lines added above every finding, and a function added at the end.
        write(b, "/* a comment\n   of three lines\n */\n" + SOURCE + "int unrelated (int x) { return x + 1; }\n")
        fp = {}
        for src in (a, b):
            out = src + ".sarif"
            rc, err = compile_with(args, src, out)
            assert rc == 0, err
            results = load(out)["runs"][0]["results"]
            fp[src] = sorted((r["ruleId"], r["partialFingerprints"]["pathwiseFindingHash/v1"]) for r in results)
            lines = [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in results]
            assert lines, "no results"
        # (The file name is part of the fingerprint: compare with it equal.)
        os.rename(b, a)
        rc, err = compile_with(args, a, a + ".sarif")
        moved = sorted((r["ruleId"], r["partialFingerprints"]["pathwiseFindingHash/v1"])
                       for r in load(a + ".sarif")["runs"][0]["results"])
        assert moved == fp[a], (moved, fp[a])


@check
def directory_gets_one_log_per_translation_unit(args):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "unit.c")
        write(src, SOURCE)
        logs = os.path.join(tmp, "logs")
        os.mkdir(logs)
        rc, err = compile_with(args, src, logs)
        assert rc == 0, err
        assert os.listdir(logs) == ["unit.c.sarif"], os.listdir(logs)


@check
def bad_arguments_are_one_line_errors(args):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "t.c")
        write(src, SOURCE)
        rc, err = compile_with(args, src, "")
        assert rc != 0 and "argument 'sarif' needs a value" in err, err
        rc, err = compile_with(args, src, os.path.join(tmp, "no", "such", "dir", "x.sarif"))
        assert rc != 0 and "cannot write the SARIF log to" in err, err


@check
def microsoft_validator_accepts_the_log(args):
    tool = subprocess.run([os.path.join(ROOT, "scripts", "sarif-validator.sh")], stdout=subprocess.PIPE,
                          text=True, check=True, timeout=600).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        src, out, report = os.path.join(tmp, "t.c"), os.path.join(tmp, "t.sarif"), os.path.join(tmp, "v.sarif")
        write(src, SOURCE)
        rc, err = compile_with(args, src, out)
        assert rc == 0, err
        p = subprocess.run([tool, "validate", "-o", report, out], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=300, env=dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1"))
        assert os.path.exists(report), p.stdout
        problems = [(r.get("level", "warning"), r["message"].get("text", r.get("ruleId")))
                    for run in load(report)["runs"] for r in run.get("results", [])
                    if r.get("level", "warning") in ("error", "warning")]
        assert not problems, problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    args = ap.parse_args()
    return check.run(args, (AssertionError, subprocess.SubprocessError, KeyError))


if __name__ == "__main__":
    sys.exit(main())
