#!/usr/bin/env python3
# Checkers declared in spec files, as a GCC user meets them: spec=FILE,
# the .pathwise/ search, the shipped specs, errors in a spec, and the
# built-in FILE checker written as a spec giving the very same output.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import glob
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402

check = Checks()

HANDLE_SPEC = """name = "handle"
states = ["open", "closed"]

[[acquire]]
functions = "h_open"
state = "open"
failure = "== NULL"

[[move]]
functions = "h_close"
arg = 1
to = "closed"

[[warning]]
name = "handle-double-close"
cwe = 1341
message = "double %<h_close%> of %E"
call = { functions = "h_close", in = ["closed"] }
final = "second close here; first at %N"
ref = "closed"
events = { open = "opened here", closed = "closed here" }

[[warning]]
name = "handle-leak"
cwe = 772
message = "leak of handle %E"
leak = ["open"]
final = "%E leaks here"
on = false
"""

HANDLE_C = """struct h;
struct h *h_open (const char *);
void h_close (struct h *);
void twice (const char *p)
{
  struct h *x = h_open (p);
  if (!x)
    return;
  h_close (x);
  h_close (x);
}
void lost (const char *p)
{
  struct h *x = h_open (p);
  (void) x;
}
"""


def gcc(args, *extra, cwd=None):
    e = dict(os.environ, LC_ALL="C", LANG="C")
    p = subprocess.run([args.gcc, "-fplugin=" + args.plugin, "-c", "-o", "/dev/null", "-fdiagnostics-plain-output"]
                       + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=e, timeout=120,
                       cwd=cwd)
    return p.returncode, p.stderr


def errors(err):
    return [l for l in err.splitlines() if "error" in l]


def project(spec_text, c_text):
    """A project with a .pathwise/ folder at its root and the source in src/."""
    root = tempfile.mkdtemp(prefix="pathwise-spec-")
    os.makedirs(os.path.join(root, ".pathwise"))
    os.makedirs(os.path.join(root, "src"))
    with open(os.path.join(root, ".pathwise", "handle.toml"), "w") as f:
        f.write(spec_text)
    with open(os.path.join(root, "src", "t.c"), "w") as f:
        f.write(c_text)
    return root


@check
def spec_in_a_pathwise_folder_above_is_found(args):
    root = project(HANDLE_SPEC, HANDLE_C)
    src = os.path.join(root, "src", "t.c")
    rc, err = gcc(args, src)
    assert rc == 0, err
    assert "warning: double 'h_close' of 'x' [CWE-1341] [-Wanalyzer-handle-double-close]" in err, err
    assert "closed here" in err and "second close here; first at (" in err, err
    assert "leak of handle" not in err, "an 'on = false' warning must be off: " + err
    rc, err = gcc(args, src, "-fplugin-arg-pathwise-enable=handle-leak")
    assert rc == 0 and "leak of handle 'x'" in err, err
    rc, err = gcc(args, src, "-fplugin-arg-pathwise-disable=handle-double-close")
    assert rc == 0 and "h_close" not in err, err
    rc, err = gcc(args, src, "-fplugin-arg-pathwise-no-spec-search")
    assert rc == 0 and "warning" not in err, err


@check
def spec_named_by_argument_is_used(args):
    root = project(HANDLE_SPEC, HANDLE_C)
    spec = os.path.join(root, ".pathwise", "handle.toml")
    other = tempfile.mkdtemp(prefix="pathwise-spec-")
    src = os.path.join(other, "t.c")
    with open(src, "w") as f:
        f.write(HANDLE_C)
    rc, err = gcc(args, src)
    assert rc == 0 and "h_close" not in err, err
    rc, err = gcc(args, src, "-fplugin-arg-pathwise-spec=" + spec)
    assert rc == 0 and "double 'h_close' of 'x'" in err, err


@check
def a_mistake_in_a_spec_is_one_line_naming_file_and_line(args):
    root = project(HANDLE_SPEC.replace('to = "closed"', 'to = "shut"'), HANDLE_C)
    rc, err = gcc(args, os.path.join(root, "src", "t.c"))
    lines = errors(err)
    spec = os.path.join(root, ".pathwise", "handle.toml")
    assert rc != 0 and len(lines) == 1, err
    assert spec + ":12: unknown state 'shut'; valid: open, closed, start, null" in lines[0], err
    rc, err = gcc(args, os.path.join(root, "src", "t.c"), "-fplugin-arg-pathwise-spec=/no/such.toml",
                  "-fplugin-arg-pathwise-no-spec-search")
    lines = errors(err)
    assert rc != 0 and len(lines) == 1 and "/no/such.toml: cannot read the spec" in lines[0], err
    rc, err = gcc(args, os.path.join(root, "src", "t.c"), "-fplugin-arg-pathwise-spec")
    assert rc != 0 and "argument 'spec' needs a value" in err, err


@check
def shipped_specs_are_on_by_default(args):
    d = tempfile.mkdtemp(prefix="pathwise-spec-")
    src = os.path.join(d, "t.c")
    with open(src, "w") as f:
        f.write("#include <pthread.h>\nstatic pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n"
                "void f (void) { pthread_mutex_lock (&m); pthread_mutex_lock (&m); pthread_mutex_unlock (&m); }\n")
    rc, err = gcc(args, src)
    assert rc == 0 and "[-Wanalyzer-pthread-double-lock]" in err, err
    rc, err = gcc(args, src, "-fplugin-arg-pathwise-no-shipped-specs")
    assert rc == 0 and "pthread" not in err, err


@check
def builtin_file_checker_as_a_spec_gives_the_same_output(args):
    spec = os.path.join(args.specs, "builtin", "stdio.toml")
    files = sorted(glob.glob(os.path.join(args.tests, "c", "file", "*.c")))
    files.append(os.path.join(args.tests, "c", "spec", "stdio_equivalence.c"))
    for f in files:
        rc1, builtin = gcc(args, f, "-fdiagnostics-path-format=separate-events")
        rc2, as_spec = gcc(args, f, "-fdiagnostics-path-format=separate-events", "-fplugin-arg-pathwise-spec=" + spec)
        assert rc1 == rc2 == 0, (f, builtin, as_spec)
        assert "FILE" in builtin, "the test file must exercise the FILE checker: " + f
        assert builtin == as_spec, "%s:\n--- built-in\n%s\n--- spec\n%s" % (f, builtin, as_spec)


@check
def readme_example_spec_works(args):
    with open(os.path.join(args.tests, "..", "README.md")) as f:
        readme = f.read()
    start = readme.index("```toml\n") + len("```toml\n")
    spec_text = readme[start:readme.index("```", start)]
    root = project(spec_text, HANDLE_C)
    rc, err = gcc(args, os.path.join(root, "src", "t.c"))
    assert rc == 0, err
    assert "double 'h_close' of 'x' [CWE-1341] [-Wanalyzer-handle-double-close]" in err, err
    assert "leak of handle 'x' [CWE-772] [-Wanalyzer-handle-leak]" in err, err
    assert "(1) opened here" in err and "first closed here" in err, err


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--specs", required=True, help="the source tree's specs/")
    ap.add_argument("--tests", required=True, help="the source tree's tests/")
    args = ap.parse_args()
    return check.run(args, (AssertionError,))


if __name__ == "__main__":
    sys.exit(main())
