#!/usr/bin/env python3
# pathwise-gcc, the drop-in for `gcc -fanalyzer`: GCC's analyzer options
# mapped onto the plugin's, pragmas, exit status, object code, and file
# names no shell may see.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import filecmp
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402

# A double free (GCC 12 has its option), a descriptor leak (it has none)
# and a tainted index.
SOURCE = """#include <stdlib.h>
#include <stdio.h>
#include <fcntl.h>

void twice (void)
{
  void *p = malloc (4);
  free (p);
  free (p);
}

void leaks (const char *path)
{
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return;
}

char lookup (FILE *f, const char *table)
{
  int i;
  if (fread (&i, sizeof i, 1, f) != 1)
    return 0;
  return table[i];
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wanalyzer-double-free"
void quiet_twice (void)
{
  void *p = malloc (4);
  free (p);
  free (p);
}
#pragma GCC diagnostic pop
"""

check = Checks()


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120,
                       env=dict(os.environ, LC_ALL="C"))
    return p.returncode, p.stderr


def compile_(args, src, *opts):
    return run([args.wrapper] + list(opts) + ["-c", "-o", os.devnull, src])


def warnings(err):
    return [l for l in err.splitlines() if ": warning: " in l]


class Source:
    def __enter__(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.tmp.name, "t.c")
        with open(self.path, "w") as f:
            f.write(SOURCE)
        return self.path

    def __exit__(self, *a):
        self.tmp.cleanup()


@check
def fanalyzer_reports_every_checker_and_pragmas_silence(args):
    with Source() as src:
        rc, err = compile_(args, src, "-fanalyzer")
        w = warnings(err)
        assert rc == 0, err
        assert any("double-'free' of 'p'" in l and ":9:" in l for l in w), w
        assert not any(":32:" in l for l in w), w  # the pragma's function
        assert any("leak of file descriptor 'fd'" in l for l in w), w
        assert any("attacker-controlled value 'i'" in l for l in w), w


@check
def wno_options_silence_gcc_known_and_pathwise_only_warnings(args):
    with Source() as src:
        rc, err = compile_(args, src, "-fanalyzer", "-Wno-analyzer-double-free", "-Wno-analyzer-fd-leak")
        w = warnings(err)
        assert rc == 0 and not any("double-'free'" in l or "file descriptor" in l for l in w), w
        assert any("attacker-controlled" in l for l in w), w


@check
def unknown_analyzer_options_behave_as_with_gcc(args):
    # GCC ignores an unknown -Wno-... unless it has something else to say;
    # an unknown -W... is an error. pathwise-gcc must do the same.
    with Source() as src:
        rc, err = compile_(args, src, "-fanalyzer", "-Wno-analyzer-bogus")
        assert rc == 0 and "pathwise" not in err, err
        assert any("double-'free'" in l for l in warnings(err)), err
        assert "unrecognized command-line option '-Wno-analyzer-bogus'" in err.replace("\u2018", "'").replace(
            "\u2019", "'"), err
        rc, err = compile_(args, src, "-fanalyzer", "-Wanalyzer-bogus")
        g_rc, g_err = run([args.gcc, "-Wanalyzer-bogus", "-c", "-o", os.devnull, src])
        assert rc == g_rc != 0 and "-Wanalyzer-bogus" in err, (err, g_err)


@check
def checker_option_keeps_one_checker(args):
    with Source() as src:
        rc, err = compile_(args, src, "-fanalyzer", "-fanalyzer-checker=taint")
        w = warnings(err)
        assert rc == 0 and w and all("attacker-controlled" in l for l in w), w
        rc, err = compile_(args, src, "-fanalyzer-checker=nosuch")
        assert rc == 2 and "unknown checker 'nosuch'" in err and "valid checkers are:" in err, err


@check
def fno_analyzer_and_engine_options(args):
    with Source() as src:
        rc, err = compile_(args, src, "-fanalyzer", "-fno-analyzer")
        assert rc == 0 and not warnings(err), err
        # GCC's own engine's settings are accepted and dropped.
        rc, err = compile_(args, src, "-fanalyzer", "--param", "analyzer-max-enodes-per-program-point=2",
                           "-fanalyzer-call-summaries", "-fno-analyzer-state-merge", "-fdump-analyzer")
        assert rc == 0 and warnings(err), err


@check
def werror_fails_the_compile(args):
    with Source() as src:
        rc, err = compile_(args, src, "-fanalyzer", "-Werror=analyzer-double-free")
        assert rc != 0 and "error: double-'free'" in err, err


@check
def object_code_is_gccs(args):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "t.c")
        with open(src, "w") as f:
            f.write(SOURCE)
        a, b = os.path.join(tmp, "a.o"), os.path.join(tmp, "b.o")
        assert run([args.gcc, "-O2", "-c", "-o", a, src])[0] == 0
        assert run([args.wrapper, "-fanalyzer", "-O2", "-c", "-o", b, src])[0] == 0
        assert filecmp.cmp(a, b, shallow=False), "object code differs"


@check
def file_names_reach_gcc_untouched(args):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "a b;$(touch pwned)`x`.c")
        with open(src, "w") as f:
            f.write(SOURCE)
        rc, err = run([args.wrapper, "-fanalyzer", "-c", "-o", os.devnull, src])
        assert rc == 0 and warnings(err), err
        assert not os.path.exists("pwned") and not os.path.exists(os.path.join(tmp, "pwned")), "a shell ran"


@check
def plugin_matches_the_gcc_it_runs(args):
    """Without $PATHWISE_PLUGIN the plugin is the one built for the major
    version of the GCC that runs, else the one in that GCC's plugin
    directory; with neither, a one-line error naming the version."""
    with tempfile.TemporaryDirectory() as tmp:
        plugins = os.path.join(tmp, "plugin")
        os.makedirs(plugins)
        log = os.path.join(tmp, "args")
        fake = os.path.join(tmp, "gcc-99")
        with open(fake, "w") as f:
            f.write('#!/bin/sh\ncase "$1" in\n  -dumpversion) echo 99.1.0; exit 0;;\n'
                    '  -print-file-name=plugin) echo "%s"; exit 0;;\nesac\necho "$@" > "%s"\n' % (plugins, log))
        os.chmod(fake, 0o755)
        env = dict(os.environ, PATHWISE_GCC=fake, LC_ALL="C")
        env.pop("PATHWISE_PLUGIN", None)
        cmd = [args.wrapper, "-fanalyzer", "-c", "x.c"]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, timeout=60)
        assert p.returncode == 1 and p.stderr.count("\n") == 1, p.stderr
        assert "no pathwise plugin for GCC 99 ('%s')" % fake in p.stderr, p.stderr
        assert not os.path.exists(log), "gcc ran without a plugin"
        open(os.path.join(plugins, "pathwise.so"), "w").close()
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, timeout=60)
        assert p.returncode == 0, p.stderr
        with open(log) as f:
            assert "-fplugin=%s/pathwise.so" % plugins in f.read().split(), "the GCC's own plugin directory"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--wrapper", required=True)
    args = ap.parse_args()
    return check.run(args, (AssertionError,))


if __name__ == "__main__":
    sys.exit(main())
