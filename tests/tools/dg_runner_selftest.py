#!/usr/bin/env python3
# The dg runner must fail when it should: a missing warning, an excess
# warning, a matched dg-bogus, a wrong line. And pass on xfail.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

CASES = {
    # name: (source, expected exit status of the runner)
    "expected_warning_present": ("""#include <stdlib.h>
void f (void) { void *p = malloc (1); free (p); free (p); /* { dg-warning "double-'free' of 'p'" } */ }
""", 0),
    "expected_warning_missing": ("""#include <stdlib.h>
void f (void) { void *p = malloc (1); free (p); /* { dg-warning "double-'free'" } */ }
""", 1),
    "excess_warning": ("""#include <stdlib.h>
void f (void) { void *p = malloc (1); free (p); free (p); }
""", 1),
    "bogus_matched": ("""#include <stdlib.h>
void f (void) { void *p = malloc (1); free (p); free (p); /* { dg-bogus "double-'free'" } */ }
""", 1),
    "wrong_line": ("""#include <stdlib.h>
void f (void) { void *p = malloc (1); free (p);
  free (p); } /* { dg-warning "double-'free'" "" { target *-*-* } .-1 } */
/* { dg-warning "double-'free'" "" { target *-*-* } .-2 } */
""", 1),
    "relative_line_and_label": ("""#include <stdlib.h>
void f (void) { void *p = malloc (1); /* { dg-line alloc } */
  free (p);
  free (p); }
/* { dg-warning "double-'free'" "" { target *-*-* } .-1 } */
/* { dg-message "\\\\(1\\\\) allocated here" "" { target *-*-* } alloc } */
""", 0),
    # (DejaGnu needs blanks inside the braces: "{dg-warning ...}" is a
    # comment to it, not an expectation.)
    "unspaced_braces_are_no_directive": ("""#include <stdlib.h>
void f (void) { void *p = malloc (1); free (p); free (p); /* { dg-warning "double-'free' of 'p'" } */ }
void g (void) { } /* {dg-warning "never"} */
/* { dg-warning "never either"} */
""", 0),
    # ("N: text" wants the diagnostic at column N.)
    "column_right": ("""#include <stdlib.h>
void f (void) { void *p = malloc (1); free (p); free (p); /* { dg-warning "49: double-'free'" } */ }
""", 0),
    "column_wrong": ("""#include <stdlib.h>
void f (void) { void *p = malloc (1); free (p); free (p); /* { dg-warning "12: double-'free'" } */ }
""", 1),
    "xfail_missing_is_ok": ("""void f (void) { } /* { dg-warning "never" "" { xfail *-*-* } } */
""", 0),
    "additional_options": ("""/* { dg-additional-options "-Werror" } */
#include <stdlib.h>
void f (void) { void *p = malloc (1); free (p); free (p); /* { dg-error "double-'free'" } */ }
""", 0),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    args = ap.parse_args()
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, (src, want) in sorted(CASES.items()):
            path = os.path.join(tmp, name + ".c")
            with open(path, "w") as f:
                f.write(src)
            p = subprocess.run([sys.executable, os.path.join(HERE, "dg_runner.py"), "--gcc", args.gcc,
                                "--plugin", args.plugin, path], stdout=subprocess.PIPE, text=True)
            if p.returncode == want:
                passed += 1
            else:
                failed += 1
                print("FAIL: %s: runner exited %d, expected %d\n%s" % (name, p.returncode, want, p.stdout))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
