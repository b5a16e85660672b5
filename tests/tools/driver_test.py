#!/usr/bin/env python3
# The pathwise command: check, scan of a compilation database or of a build
# recorded with bear, findings merged across translation units, baselines,
# --fail-on and exit statuses, failed compiles, file names no shell sees.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import shutil
import json
import re
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402

HEADER = """#include <stdlib.h>
static inline void drop (char *p) { free (p); free (p); }
"""
A = '#include "common.h"\nvoid a (void) { char *p = malloc (4); drop (p); }\n'
B = '#include "common.h"\nvoid b (void) { char *p = malloc (4); drop (p); }\nint leak (void) { char *q = malloc (8); return q != 0; }\n'
BROKEN = "int oops (void) { return undefined_thing; }\n"
MAKEFILE = "all: a.o b.o\n%.o: %.c\n\tgcc -O0 -c $< -o $@\n"

check = Checks()
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(args, cwd, *cmd, env=None):
    p = subprocess.run([args.driver] + list(cmd), cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=300, env=dict(os.environ, LC_ALL="C", **(env or {})))
    return p.returncode, p.stderr


def run_out(args, *cmd):
    p = subprocess.run([args.driver] + list(cmd), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=60, env=dict(os.environ, LC_ALL="C"))
    return p.returncode, p.stdout


def project(tmp, broken=False):
    for name, text in (("common.h", HEADER), ("a.c", A), ("b.c", B), ("Makefile", MAKEFILE)):
        with open(os.path.join(tmp, name), "w") as f:
            f.write(text)
    db = [{"directory": tmp, "file": os.path.join(tmp, n), "arguments": ["gcc", "-O0", "-c", n, "-o", n[:-2] + ".o"]}
          for n in ("a.c", "b.c")]
    if broken:
        with open(os.path.join(tmp, "broken.c"), "w") as f:
            f.write(BROKEN)
        db.append({"directory": tmp, "file": os.path.join(tmp, "broken.c"), "command": "gcc -c broken.c -o broken.o"})
    with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
        json.dump(db, f)


def results(path):
    with open(path) as f:
        return json.load(f)["runs"][0]["results"]


@check
def scan_merges_translation_units(args):
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp)
        rc, err = run(args, tmp, "scan", "-j", "2", "--sarif", "s.sarif")
        assert rc == 1, "findings, none in a baseline: exit 1, got %d\n%s" % (rc, err)
        r = results(os.path.join(tmp, "s.sarif"))
        got = sorted((x["ruleId"], x["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for x in r)
        # The header's double free is seen from a.c and b.c: one finding;
        # file names are relative to the project's root, %SRCROOT% (units
        # may compile in other directories), as GitHub code scanning wants.
        assert got == [("double-free", "common.h"), ("malloc-leak", "b.c")], got
        assert all(x["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%" for x in r)
        with open(os.path.join(tmp, "s.sarif")) as f:
            bases = json.load(f)["runs"][0]["originalUriBaseIds"]
        assert bases == {"%SRCROOT%": {"uri": "file://%s/" % os.path.realpath(tmp)}}, bases
        assert "2 translation units, 0 failed to compile; 2 findings" in err, err
        # Microsoft's validator accepts the merged log.
        tool = subprocess.run([os.path.join(ROOT, "scripts", "sarif-validator.sh")], stdout=subprocess.PIPE,
                              text=True, check=True, timeout=600).stdout.strip()
        report = os.path.join(tmp, "v.sarif")
        p = subprocess.run([tool, "validate", "-o", report, os.path.join(tmp, "s.sarif")], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, timeout=300,
                           env=dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1"))
        with open(report) as f:
            problems = [r["message"].get("text", r.get("ruleId")) for run in json.load(f)["runs"]
                        for r in run.get("results", []) if r.get("level", "warning") in ("error", "warning")]
        assert not problems, problems


@check
def scan_fills_and_uses_the_facts_store(args):
    xtu = os.path.join(ROOT, "tests", "xtu")
    with tempfile.TemporaryDirectory() as tmp:
        for n in ("exit_hook.c", "die.c", "main.c"):
            shutil.copy(os.path.join(xtu, n), tmp)
        with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
            json.dump([{"directory": tmp, "file": n, "arguments": ["gcc", "-c", n, "-o", n + ".o"]}
                       for n in ("exit_hook.c", "die.c", "main.c")], f)
        null_lines = lambda err: sorted(int(l.split(":")[1]) for l in err.splitlines()
                                        if "warning: dereference of NULL" in l)
        # Each unit alone: fatal (in die.c) seems to return.
        rc, err = run(args, tmp, "scan", "--no-facts")
        assert null_lines(err) == [18, 29] and not os.path.exists(os.path.join(tmp, ".pathwise-facts")), err
        # The first scan fills the store beside the database, then reports.
        rc, err = run(args, tmp, "scan")
        assert "filling the facts store" in err and null_lines(err) == [29], err
        assert any(n.startswith("die.c-") for n in os.listdir(os.path.join(tmp, ".pathwise-facts")))
        # The next one reads it as it is.
        rc, err = run(args, tmp, "scan")
        assert "filling" not in err and null_lines(err) == [29], err
        # --facts names another folder; one that cannot be made is a one-line error.
        rc, err = run(args, tmp, "scan", "--facts", os.path.join(tmp, "elsewhere"))
        assert null_lines(err) == [29] and os.listdir(os.path.join(tmp, "elsewhere")), err
        rc, err = run(args, tmp, "scan", "--facts", os.path.join(tmp, "main.c", "store"))
        assert rc == 2 and len(err.strip().splitlines()) == 1 and "facts store" in err, err


@check
def baseline_accepts_what_it_holds(args):
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp)
        run(args, tmp, "scan", "--sarif", "base.sarif")
        rc, err = run(args, tmp, "scan", "--baseline", "base.sarif", "--fail-on", "new", "--sarif", "again.sarif")
        assert rc == 0, "nothing new: exit 0, got %d\n%s" % (rc, err)
        assert "2 findings, 0 new" in err, err
        assert {x["baselineState"] for x in results(os.path.join(tmp, "again.sarif"))} == {"unchanged"}
        rc, _ = run(args, tmp, "scan", "--baseline", "base.sarif", "--fail-on", "any")
        assert rc == 1, rc
        # A new problem is new.
        with open(os.path.join(tmp, "a.c"), "a") as f:
            f.write("void more (void) { char *r = malloc (2); free (r); free (r); }\n")
        rc, err = run(args, tmp, "scan", "--baseline", "base.sarif")
        assert rc == 1 and "3 findings, 1 new" in err, (rc, err)


@check
def failed_compile_is_reported_and_the_rest_analysed(args):
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp, broken=True)
        rc, err = run(args, tmp, "scan", "--fail-on", "none", "--sarif", "s.sarif")
        assert rc == 3, "a failed compile: exit 3, got %d\n%s" % (rc, err)
        assert "failed to compile: %s" % os.path.join(tmp, "broken.c") in err and "undefined_thing" in err, err
        assert len(results(os.path.join(tmp, "s.sarif"))) == 2


@check
def scan_records_the_build_with_bear(args):
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp)
        os.unlink(os.path.join(tmp, "compile_commands.json"))
        rc, err = run(args, tmp, "scan", "--sarif", "s.sarif", "-p", "cc.json", "--", "make")
        assert rc == 1 and os.path.exists(os.path.join(tmp, "cc.json")), (rc, err)
        assert len(results(os.path.join(tmp, "s.sarif"))) == 2


@check
def scan_of_a_build_always_runs_it(args):
    """An old compile_commands.json is not reused: the build given after --
    runs and is recorded (into a temporary database); an up-to-date build
    says it compiled nothing."""
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp)  # (leaves a compile_commands.json, as a first scan would)
        rc, err = run(args, tmp, "scan", "--sarif", "s.sarif", "--", "make")
        assert rc == 1 and len(results(os.path.join(tmp, "s.sarif"))) == 2, (rc, err)
        # Edited: the leak in b.c fixed. The scan must see the edit.
        with open(os.path.join(tmp, "b.c"), "w") as f:
            f.write('#include "common.h"\nvoid b (void) { char *p = malloc (4); drop (p); }\n')
        rc, err = run(args, tmp, "scan", "--sarif", "s.sarif", "--", "make")
        assert rc == 1 and len(results(os.path.join(tmp, "s.sarif"))) == 1, (rc, err)
        assert "1 translation unit, 0 failed to compile; 1 finding\n" in err, err
        rc, err = run(args, tmp, "scan", "--", "make")
        assert rc == 2 and "compiled nothing" in err and "make clean" in err, (rc, err)
        rc, err = run(args, tmp, "scan", "--", "no-such-build-command", "all")
        assert rc == 2 and err == "pathwise: the build command 'no-such-build-command' was not found\n", (rc, err)
        rc, err = run(args, tmp, "scan", "--", "false")
        assert rc == 2 and err == "pathwise: the build ('false') failed and compiled nothing\n", (rc, err)


@check
def outputs_are_checked_before_the_analysis(args):
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp)
        rc, err = run(args, tmp, "scan", "--sarif", "out/deep/s.sarif", "--html", "report/here", "--fail-on", "none")
        assert rc == 0, (rc, err)
        assert os.path.exists(os.path.join(tmp, "out", "deep", "s.sarif")), err
        assert os.path.exists(os.path.join(tmp, "report", "here", "index.html")), err
        with open(os.path.join(tmp, "report", "here", "index.html")) as f:
            index = f.read()
        # (Paths relative to the project's root: rows that do not wrap.)
        assert "<td>b.c</td>" in index and "<td>common.h</td>" in index and tmp not in index, index[-3000:]
        with open(os.path.join(tmp, "afile"), "w") as f:
            f.write("a file, not a folder")
        rc, err = run(args, tmp, "scan", "--sarif", "afile/s.sarif")
        assert rc == 2 and err.count("\n") == 1 and "cannot write 'afile/s.sarif': " in err, (rc, err)
        assert "translation unit" not in err, "checked before the analysis: " + err
        rc, err = run(args, tmp, "scan", "--html", "afile/report")
        assert rc == 2 and err.count("\n") == 1 and "cannot write the HTML report into 'afile/report': " in err, (rc, err)
        locked = os.path.join(tmp, "locked")
        os.mkdir(locked)
        os.chmod(locked, 0o500)
        try:
            if os.access(locked, os.W_OK):
                return  # (root ignores permissions: nothing to test)
            rc, err = run(args, tmp, "scan", "--sarif", "locked/s.sarif")
            assert rc == 2 and err.count("\n") == 1, (rc, err)
            assert "cannot write 'locked/s.sarif': Permission denied" in err, err
            assert "translation unit" not in err, "checked before the analysis: " + err
        finally:
            os.chmod(locked, 0o700)


@check
def werror_projects_keep_findings_as_findings(args):
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp)
        rc, err = run(args, tmp, "check", "b.c", "--", "-Werror", "-Wall", "-I", tmp)
        assert rc == 1 and "failed to compile" not in err.split("; ")[0], (rc, err)
        assert "0 failed to compile" in err and "[-Wanalyzer-malloc-leak]" in err, err


@check
def launchers_and_missing_directories(args):
    """ccache/distcc/icecc in front of the compiler: the compiler behind is
    analysed; a unit whose directory is gone says so."""
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp)
        db = [{"directory": tmp, "file": os.path.join(tmp, "a.c"), "command": "ccache gcc -O0 -c a.c -o a.o"},
              {"directory": tmp, "file": os.path.join(tmp, "b.c"),
               "arguments": ["/usr/bin/distcc", "/usr/lib/ccache/gcc", "-O0", "-c", "b.c", "-o", "b.o"]},
              {"directory": os.path.join(tmp, "gone"), "file": "c.c", "command": "icecc gcc -c c.c"}]
        with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
            json.dump(db, f)
        rc, err = run(args, tmp, "scan", "--sarif", "s.sarif")
        assert rc == 1 and "failed to compile: " not in err, (rc, err)
        assert "3 translation units, 0 failed to compile; 2 findings" in err, err
        assert "not analysed, its directory does not exist: c.c (in %s/gone)" % tmp in err, err

def leftover_temporaries(tmpdir):
    """The driver's temporary folders in tmpdir (the $TMPDIR a test gave it:
    its own, so that other tests' runs beside it do not count)."""
    return {d for d in os.listdir(tmpdir) if d.startswith("pathwise.")}


@check
def malformed_databases_and_baselines_are_one_line_errors(args):
    """Every field of a compile command and of a baseline with every wrong
    JSON type, truncations and binary bytes: no abort, exit 2, one line,
    no temporary folder left."""
    values = [0, 1.5, True, None, "s", [], ["x"], [1], {}, {"a": 1}]
    good = {"directory": "/tmp", "file": "a.c", "command": "gcc -c a.c"}
    databases = [json.dumps(v) for v in values if not isinstance(v, list)]
    databases += [json.dumps([v]) for v in values if not isinstance(v, dict)]
    for field in ("directory", "file", "command", "arguments"):
        for v in values:
            if isinstance(v, str) and field != "arguments":
                continue
            if field == "arguments" and v == ["x"]:
                continue
            e = dict(good)
            e[field] = v
            databases.append(json.dumps([e]))
    databases += [json.dumps([good])[:n] for n in (1, 5, 20)] + ["\x00\xff\xfe[", ""]
    baselines = [json.dumps(v) for v in values]
    baselines += [json.dumps({"runs": v}) for v in values if not isinstance(v, list)]
    baselines += [json.dumps({"runs": [v]}) for v in values if not isinstance(v, dict)]
    baselines += [json.dumps({"runs": [{"results": v}]}) for v in values if not isinstance(v, list)]
    baselines += [json.dumps({"runs": [{"results": [v]}]}) for v in values if not isinstance(v, dict)]
    baselines += [json.dumps({"runs": [{"results": [{"partialFingerprints": v}]}]}) for v in values
                  if not isinstance(v, dict)]
    baselines += [json.dumps({"runs": [{"results": [{"partialFingerprints": {"k": v}}]}]}) for v in values
                  if not isinstance(v, str)]
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as tmpdir:
        project(tmp)
        env = {"TMPDIR": tmpdir}
        for text in databases:
            with open(os.path.join(tmp, "bad.json"), "w", errors="surrogateescape") as f:
                f.write(text)
            rc, err = run(args, tmp, "scan", "-p", "bad.json", env=env)
            assert rc == 2 and err.count("\n") == 1 and err.startswith("pathwise: "), (text, rc, err)
        for text in baselines:
            with open(os.path.join(tmp, "base.sarif"), "w") as f:
                f.write(text)
            rc, err = run(args, tmp, "check", "a.c", "--baseline", "base.sarif", "--", "-I", tmp, env=env)
            assert rc == 2 and err.count("\n") == 1 and "is not a SARIF log" in err, (text, rc, err)
        assert not leftover_temporaries(tmpdir), leftover_temporaries(tmpdir)
        # A $TMPDIR that does not exist: one line naming it.
        gone = os.path.join(tmpdir, "gone")
        rc, err = run(args, tmp, "scan", env={"TMPDIR": gone})
        assert rc == 2 and err.count("\n") == 1 and gone in err, (rc, err)


@check
def hostile_file_names_work_everywhere(args):
    """File and folder names with spaces, quotes, $(), %, &, <, a newline and
    bytes that are not UTF-8: text, SARIF and HTML all work."""
    names = ["a b.c", "q'uo\"te.c", "$(touch pwned).c", "50%.c", "<html>&amp;.c", "new\nline.c", b"\xff\xfe.c"]
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "50%", "src & <dir>")
        os.makedirs(work)
        paths = []
        for n in names:
            path = os.path.join(os.fsencode(work), n if isinstance(n, bytes) else os.fsencode(n))
            with open(path, "w") as f:
                f.write("#include <stdlib.h>\nvoid f (void) { char *p = malloc (4); free (p); free (p); }\n")
            paths.append(os.fsdecode(path))
        p = subprocess.run([args.driver, "check"] + paths + ["--sarif", "50%/out.sarif", "--html", "50%/report"],
                           cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300,
                           env=dict(os.environ, LC_ALL="C"))
        err = p.stderr.decode("utf-8", "replace")
        assert p.returncode == 1, (p.returncode, err)
        assert "%d translation units, 0 failed to compile; %d findings" % (len(names), len(names)) in err, err
        assert not os.path.exists(os.path.join(tmp, "pwned")), "a shell ran"
        r = results(os.path.join(tmp, "50%", "out.sarif"))
        assert len(r) == len(names), r
        with open(os.path.join(tmp, "50%", "report", "index.html"), encoding="utf-8", errors="replace") as f:
            index = f.read()
        assert "&lt;html&gt;&amp;amp;.c" in index and "<html>&amp;.c" not in index, index[:2000]
        # The same from a database whose units compile, by relative names, in
        # that folder (names made absolute by the driver).
        db = [{"directory": work, "file": n, "arguments": ["gcc", "-c", n]} for n in names if isinstance(n, str)]
        with open(os.path.join(tmp, "cc.json"), "w") as f:
            json.dump(db, f)
        rc, err = run(args, tmp, "scan", "-p", "cc.json", "--sarif", "50%/scan.sarif", "--html", "50%/scan-report")
        assert rc == 1 and "%d findings" % len(db) in err, (rc, err)
        assert len(results(os.path.join(tmp, "50%", "scan.sarif"))) == len(db)
        assert os.path.exists(os.path.join(tmp, "50%", "scan-report", "index.html"))


@check
def only_findings_and_errors_are_shown(args):
    """The project's own warnings are not repeated (unless
    --show-compiler-output); compile errors are; a unit compiled twice alike
    (libtool's PIC and non-PIC objects) prints its findings once."""
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp, broken=True)
        with open(os.path.join(tmp, "w.c"), "w") as f:
            f.write("#include <stdlib.h>\nint unused (void) { int x; return 0; }\n"
                    "void f (void) { char *p = malloc (4); free (p); free (p); }\n")
        db = [{"directory": tmp, "file": "w.c", "arguments": ["gcc", "-Wall", "-c", "w.c", "-o", "w.o"]},
              {"directory": tmp, "file": "w.c", "arguments": ["gcc", "-Wall", "-fPIC", "-c", "w.c", "-o", "w.lo"]},
              {"directory": tmp, "file": "broken.c", "arguments": ["gcc", "-c", "broken.c"]}]
        with open(os.path.join(tmp, "cc.json"), "w") as f:
            json.dump(db, f)
        rc, err = run(args, tmp, "scan", "-p", "cc.json")
        assert "unused variable" not in err and "In function 'unused'" not in err, err
        assert err.count("double-'free' of 'p'") == 1, err
        assert "'undefined_thing' undeclared" in err, "compile errors are shown: " + err
        rc, err = run(args, tmp, "scan", "-p", "cc.json", "--show-compiler-output")
        assert "unused variable 'x'" in err and "double-'free' of 'p'" in err, err

@check
def progress_line_fits_an_80_column_terminal(args):
    """On a terminal the progress line is rewritten in place: it must never
    wrap (a wrapped line is left behind), so long paths lose their middle."""
    import pty, fcntl, termios, struct
    with tempfile.TemporaryDirectory() as tmp:
        deep = os.path.join(tmp, "a-rather-long-directory-name", "and-another-one-below-it", "src")
        os.makedirs(deep)
        db = []
        for k in range(3):
            name = "a_source_file_with_a_long_descriptive_name_number_%d.c" % k
            with open(os.path.join(deep, name), "w") as f:
                f.write("int f%d (void) { return %d; }\n" % (k, k))
            db.append({"directory": deep, "file": os.path.join(deep, name), "arguments": ["gcc", "-c", name]})
        with open(os.path.join(tmp, "cc.json"), "w") as f:
            json.dump(db, f)
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.chdir(tmp)
            os.execvpe(args.driver, [args.driver, "scan", "-p", "cc.json"], dict(os.environ, LC_ALL="C"))
        out = b""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        os.waitpid(pid, 0)
        text = out.decode("utf-8", "replace")
        segments = [seg.replace("\x1b[K", "") for seg in text.split("\r")]
        progress = [seg.split("\n")[0] for seg in segments if seg.startswith("\x1b") or seg.lstrip().startswith("[")]
        progress = [p for p in progress if p.startswith("[")]
        assert len(progress) >= 3, repr(text)
        assert all(len(p) < 80 for p in progress), [(len(p), p) for p in progress]
        assert any("..." in p for p in progress), progress


@check
def plugin_under_another_file_name(args):
    """GCC takes a plugin's arguments by its file's name, up to the first
    '-': a plugin installed as pathwise-0.1.so still gets them."""
    plugin = os.environ.get("PATHWISE_PLUGIN")
    assert plugin, "run with PATHWISE_PLUGIN set (as CTest does)"
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp)
        renamed = os.path.join(tmp, "pathwise-0.1.so")
        shutil.copy(plugin, renamed)
        p = subprocess.run([args.driver, "check", "b.c", "--sarif", "s.sarif", "--", "-I", tmp], cwd=tmp,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120,
                           env=dict(os.environ, LC_ALL="C", PATHWISE_PLUGIN=renamed))
        assert p.returncode == 1 and "0 failed to compile; 2 findings" in p.stderr, (p.returncode, p.stderr)
        assert len(results(os.path.join(tmp, "s.sarif"))) == 2


@check
def a_signal_stops_the_compiles_and_writes_nothing(args):
    """SIGTERM or SIGINT to the driver alone: its compiles stop at once, its
    temporary folder goes, nothing that looks complete is written, and it
    ends with 128 + the signal."""
    import signal
    import time
    for sig in (signal.SIGTERM, signal.SIGINT):
        with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as tmpdir:
            project(tmp)
            slow = os.path.join(tmp, "slow-gcc")
            with open(slow, "w") as f:
                f.write("#!/bin/sh\necho $$ >> %s/pids\nexec sleep 60\n" % tmp)
            os.chmod(slow, 0o755)
            p = subprocess.Popen([args.driver, "scan", "-j", "2", "--sarif", "s.sarif"], cwd=tmp,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 env=dict(os.environ, LC_ALL="C", PATHWISE_GCC=slow, TMPDIR=tmpdir))
            pids = os.path.join(tmp, "pids")
            for _ in range(100):
                if os.path.exists(pids) and len(open(pids).read().split()) == 2:
                    break
                time.sleep(0.05)
            assert leftover_temporaries(tmpdir), "its temporary folder is in $TMPDIR while it runs"
            start = time.time()
            p.send_signal(sig)
            _, err = p.communicate(timeout=20)
            assert time.time() - start < 5, "stopped at once"
            assert p.returncode == 128 + sig, (p.returncode, err)
            assert "stopped by a signal; nothing written" in err, err
            assert not os.path.exists(os.path.join(tmp, "s.sarif")), "no log that looks complete"
            for pid in open(pids).read().split():
                try:
                    os.kill(int(pid), 0)
                    alive = True
                except ProcessLookupError:
                    alive = False
                assert not alive, "compile %s still running" % pid
            assert not leftover_temporaries(tmpdir), leftover_temporaries(tmpdir)


@check
def finding_page_shows_the_path_first_and_excerpts(args):
    """A finding's page lists the path in its order first, each event linking
    to its place, then only the source around the events, not the
    thousand lines between them."""
    with tempfile.TemporaryDirectory() as tmp:
        filler = "".join("int filler_%d;\n" % k for k in range(300))
        with open(os.path.join(tmp, "far.c"), "w") as f:
            f.write("#include <stdlib.h>\nvoid g (char *);\nint f (int c)\n{\n  char *p = malloc (4);\n"
                    "  if (!p) return 0;\n  g (p);\n" + "".join("  /* line %d */\n" % k for k in range(300)) +
                    "  free (p);\n  free (p);\n  return c;\n}\n" + filler)
        rc, err = run(args, tmp, "check", "far.c", "--html", "report")
        assert rc == 1, (rc, err)
        pages = [n for n in os.listdir(os.path.join(tmp, "report")) if n.startswith("finding-")]
        with open(os.path.join(tmp, "report", pages[0])) as f:
            page = f.read()
        path = page.index('id="path"')
        assert path < page.index("<pre"), "the path comes first"
        steps = re.findall(r'<li class="step"[^>]*><a href="#event-(\d+)">', page)
        assert steps == [str(k + 1) for k in range(len(steps))] and len(steps) >= 3, steps
        assert "line 150 " not in page and "filler_100" not in page, "only excerpts around the events"
        assert 'class="gap"' in page


@check
def version_and_check_without_files(args):
    rc, out = run_out(args, "--version")
    assert rc == 0 and out.startswith("pathwise "), (rc, out)
    with tempfile.TemporaryDirectory() as tmp:
        rc, err = run(args, tmp, "check")
        assert rc == 2 and "check needs the C or C++ files" in err, (rc, err)


@check
def check_files_with_gcc_arguments(args):
    with tempfile.TemporaryDirectory() as tmp:
        project(tmp)
        odd = os.path.join(tmp, "x y;$(touch pwned).c")
        with open(odd, "w") as f:
            f.write(A)
        rc, err = run(args, tmp, "check", odd, "b.c", "--sarif", "c.sarif", "--", "-I", tmp, "-O0")
        assert rc == 1 and "double-'free'" in err, (rc, err)
        assert not os.path.exists(os.path.join(tmp, "pwned")), "a shell ran"
        rc, err = run(args, tmp, "check", odd, "b.c", "--baseline", "c.sarif", "--", "-I", tmp, "-O0")
        assert rc == 0 and ", 0 new" in err, (rc, err)


@check
def bad_usage_exits_2(args):
    with tempfile.TemporaryDirectory() as tmp:
        rc, err = run(args, tmp, "scan", "--fail-on", "sometimes")
        assert rc == 2 and "--fail-on" in err, (rc, err)
        rc, err = run(args, tmp, "scan")
        assert rc == 2 and "no compilation database" in err, (rc, err)
        with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
            f.write("not json")
        rc, err = run(args, tmp, "scan")
        assert rc == 2 and "is not a compile_commands.json" in err, (rc, err)


@check
def lists_every_warning(args):
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run([args.driver, "--list-warnings"], cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=60)
        assert p.returncode == 0, p.stderr
        rows = {line.split()[0]: line.split(None, 3) for line in p.stdout.splitlines()[1:]}
        assert rows["double-free"][1:3] == ["CWE-415", "on"], rows["double-free"]
        assert rows["too-complex"][2] == "off", rows["too-complex"]
        assert rows["tainted-assertion"][1:3] == ["CWE-617", "off"], rows["tainted-assertion"]
        assert rows["putenv-of-auto-var"][1] == "POS34-C", rows["putenv-of-auto-var"]
        assert rows["deref-before-check"][3].startswith("check of 'x' for NULL"), rows["deref-before-check"]
        assert list(rows) == sorted(rows), "not sorted"
        assert len(rows) >= 45, len(rows)
        rc, err = run(args, tmp)
        assert rc == 2 and "--list-warnings" in err, (rc, err)


SPEC = """name = "handle"
states = ["open", "closed"]

[[acquire]]
functions = "h_open"
state = "open"

[[move]]
functions = "h_close"
arg = 1
to = "closed"

[[warning]]
name = "handle-double-close"
message = "double %<h_close%> of %E"
call = { functions = "h_close", in = ["closed"] }
"""


@check
def check_takes_specs(args):
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "handle.toml"), "w") as f:
            f.write(SPEC)
        with open(os.path.join(tmp, "t.c"), "w") as f:
            f.write("struct h *h_open (void);\nvoid h_close (struct h *);\n"
                    "void twice (void) { struct h *x = h_open (); h_close (x); h_close (x); }\n")
        sarif = os.path.join(tmp, "out.sarif")
        rc, err = run(args, tmp, "check", "t.c", "--spec", "handle.toml", "--sarif", sarif, "--fail-on", "none")
        assert rc == 0 and "double 'h_close' of 'x'" in err, err
        rules = [r["ruleId"] for r in results(sarif)]
        assert rules == ["handle-double-close"], rules
        with open(os.path.join(tmp, "bad.toml"), "w") as f:
            f.write(SPEC.replace('to = "closed"', 'to = "shut"'))
        rc, err = run(args, tmp, "check", "t.c", "--spec", "bad.toml")
        assert rc == 2 and err.strip() == "pathwise: bad.toml:11: unknown state 'shut'; valid: open, closed, start, null", err
        assert not os.path.exists(os.path.join(tmp, "out2.sarif"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    args = ap.parse_args()
    args.driver = os.path.abspath(args.driver)
    return check.run(args, (AssertionError, OSError, KeyError, ValueError))


if __name__ == "__main__":
    sys.exit(main())
