#!/usr/bin/env python3
# The pictures of out-of-bounds accesses on the finding pages of
# `pathwise check --html DIR`, checked in headless Chromium by
# diagram_check.js (see html_test.py for the tools). Screenshots go to
# --shots (default: a temporary directory).
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from html_test import html_tools, run_check  # noqa: E402

# Each function one out-of-bounds access; one without (no picture).
SOURCE = r"""
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int32_t arr[10];

void past_the_end (int32_t x)
{
  arr[10] = x;
}

void literal_too_long (void)
{
  char buf[5];
  strcpy (buf, "hello world");
  __builtin_puts (buf);
}

int before_the_start (void)
{
  int *p = malloc (16);
  if (!p)
    return 0;
  p[0] = 1;
  int v = p[-1 + (p[0] - 1)];
  free (p);
  return v;
}

void vla (size_t n, int32_t x)
{
  int32_t a[n];
  a[n] = x;
  __builtin_puts ((char *) a);
}

void fine (int32_t x)
{
  arr[9] = x;
}
"""

EXPECTED = ["after:overflow of 4 bytes", "after:overflow of 7 bytes", "before:under-read of 4 bytes",
            "after:overflow of 4 bytes"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    ap.add_argument("--shots", default="")
    args = ap.parse_args()
    node_path = html_tools()
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "oob.c"), "w") as f:
            f.write(SOURCE)
        report = os.path.join(tmp, "report")
        p = subprocess.run([os.path.abspath(args.driver), "check", "--html", report, "--fail-on", "none", "oob.c"],
                           cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
        if p.returncode != 0 or not os.path.exists(os.path.join(report, "index.html")):
            print("FAIL: check --html: %d\n%s" % (p.returncode, p.stderr))
            print("0 passed, 1 failed")
            return 1
        shots = args.shots or tmp
        os.makedirs(shots, exist_ok=True)
        ok = run_check("diagram_check.js", [report, os.path.join(shots, "diagram")] + EXPECTED, node_path)
        print("%d passed, %d failed" % (1 if ok else 0, 0 if ok else 1))
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
