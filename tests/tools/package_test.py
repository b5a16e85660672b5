#!/usr/bin/env python3
# Packaging: the Debian package CPack makes from the build holds the
# plugin where GCC looks for it, both commands and their man page, is
# named for its GCC and depends on it; `pathwise --help` documents the
# commands.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import glob
import os
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--plugin-dir", required=True)
    ap.add_argument("--gcc-major", required=True)
    args = ap.parse_args()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run(["cpack", "-G", "DEB", "--config", os.path.join(args.build, "CPackConfig.cmake"), "-B", tmp],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
        debs = glob.glob(os.path.join(tmp, "*.deb"))
        if p.returncode != 0 or len(debs) != 1:
            failures.append("cpack: %d\n%s" % (p.returncode, p.stdout))
        else:
            files = subprocess.run(["dpkg-deb", "-c", debs[0]], stdout=subprocess.PIPE, text=True).stdout
            for want in ["./usr/bin/pathwise", "./usr/bin/pathwise-gcc", "." + args.plugin_dir + "/pathwise.so",
                         "./usr/share/man/man1/pathwise.1", "./usr/share/man/man1/pathwise-gcc.1",
                         "./usr/share/pathwise/specs/pthread.toml", "./usr/share/pathwise/specs/builtin/stdio.toml"]:
                if want not in files.split():
                    failures.append("the package lacks %s" % want)
            info = subprocess.run(["dpkg-deb", "-I", debs[0]], stdout=subprocess.PIPE, text=True).stdout
            gcc = "gcc-" + args.gcc_major
            if "Package: pathwise-" + gcc not in info or "Depends: " + gcc not in info:
                failures.append("the package is not pathwise-%s, depending on %s:\n%s" % (gcc, gcc, info))
    h = subprocess.run([args.driver, "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if h.returncode != 0 or "check" not in h.stdout or "scan" not in h.stdout:
        failures.append("pathwise --help: %d\n%s" % (h.returncode, h.stdout))
    for f in failures:
        print("FAIL: " + f)
    print("%d passed, %d failed" % (0 if failures else 1, 1 if failures else 0))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
