#!/usr/bin/env python3
# The GCC versions pathwise is built for and tested with, fetched at run
# time into the cache ($PATHWISE_CACHE, or ~/.cache/pathwise), never into
# the system (except Debian 12's own GCC 11 and 12 packages):
#
#   scripts/toolchains.py fetch 11 14 ...   fetch each; print its gcc driver
#   scripts/toolchains.py path 14           print the driver (exit 1 if not fetched)
#
# GCC 11 and 12: Debian 12's packages (gcc-N, g++-N, gcc-N-plugin-dev).
# GCC 13 and 14: Debian 13's; GCC 15 and 16: Debian unstable's. These need
# a newer C library than Debian 12's, so each is unpacked into a tree of
# its own with its C library and binutils (about 50 packages, found by
# `apt-cache depends --recurse` with a private apt configuration in the
# cache), every program's interpreter and library path pointed into the
# tree (patchelf), and run through a wrapper, CACHE/gcc-N/bin/gcc-N, that
# passes --sysroot and -B for the tree.
# SPDX-License-Identifier: GPL-3.0-or-later
import glob
import os
import shutil
import stat
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

CACHE = corpus.CACHE
SUITES = {13: "trixie", 14: "trixie", 15: "sid", 16: "sid"}
SYSTEM = (11, 12)
ARCH = "x86_64-linux-gnu"


def log(msg):
    print("toolchains: " + msg, file=sys.stderr)


def driver(version):
    if version in SYSTEM:
        return "/usr/bin/gcc-%d" % version
    return os.path.join(CACHE, "gcc-%d" % version, "bin", "gcc-%d" % version)


def is_elf(path):
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def interpreter(path):
    p = subprocess.run(["patchelf", "--print-interpreter", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       text=True)
    return p.stdout.strip() if p.returncode == 0 else ""


def fetch_tree(version):
    suite = SUITES[version]
    home = os.path.join(CACHE, "gcc-%d" % version)
    if os.path.exists(driver(version)):
        return driver(version)
    corpus.apt_install(["patchelf"])
    env = corpus.private_apt(suite, "apt-" + suite)
    log("apt-get update (private configuration, Debian %s)" % suite)
    subprocess.run(["apt-get", "update", "-qq"], env=env, check=True, stderr=subprocess.DEVNULL)
    wanted = ["gcc-%d" % version, "g++-%d" % version, "cpp-%d" % version, "gcc-%d-plugin-dev" % version,
              "libc6-dev", "binutils"]
    deps = subprocess.run(["apt-cache", "depends", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts",
                           "--no-breaks", "--no-replaces", "--no-enhances"] + wanted,
                          env=env, check=True, stdout=subprocess.PIPE, text=True).stdout
    pkgs = sorted({line.strip() for line in deps.splitlines() if line and not line[0].isspace() and "<" not in line})
    work = home + ".tmp"
    shutil.rmtree(work, ignore_errors=True)
    debs = os.path.join(work, "debs")
    tree = os.path.join(work, "tree")
    os.makedirs(debs)
    os.makedirs(tree)
    log("apt-get download: %d packages for GCC %d" % (len(pkgs), version))
    subprocess.run(["apt-get", "download", "-qq"] + pkgs, env=env, cwd=debs, check=True, stderr=subprocess.DEVNULL)
    for deb in sorted(glob.glob(os.path.join(debs, "*.deb"))):
        subprocess.run(["dpkg", "-x", deb, tree], check=True)
    shutil.rmtree(debs)
    # (Where a program looks first: /lib64/ld-linux-x86-64.so.2 and the
    # like, in a merged-/usr tree.)
    for name in ("lib", "lib64", "bin", "sbin"):
        link = os.path.join(tree, name)
        if not os.path.lexists(link) and os.path.isdir(os.path.join(tree, "usr", name)):
            os.symlink(os.path.join("usr", name), link)
    final_tree = os.path.join(home, "tree")
    loader = os.path.join(final_tree, "usr", "lib", ARCH, "ld-linux-x86-64.so.2")
    rpath = ":".join([os.path.join(final_tree, "usr", "lib", ARCH), os.path.join(final_tree, "usr", "lib"),
                      os.path.join(final_tree, "usr", "lib", "gcc", ARCH, str(version))])
    log("pointing the programs of GCC %d into its tree" % version)
    for top in ("usr/bin", "usr/libexec", "usr/lib/gcc", "usr/lib/" + ARCH):
        for dp, _, fs in os.walk(os.path.join(tree, top)):
            for f in fs:
                p = os.path.join(dp, f)
                if os.path.islink(p) or not is_elf(p):
                    continue
                mode = os.stat(p).st_mode
                os.chmod(p, mode | stat.S_IWUSR)
                if interpreter(p) and not f.startswith("ld-linux"):
                    subprocess.run(["patchelf", "--set-interpreter", loader, "--force-rpath", "--set-rpath", rpath,
                                    p], check=True, stderr=subprocess.DEVNULL)
    os.makedirs(os.path.join(work, "bin"))
    for tool, name in (("gcc", "gcc-%d" % version), ("g++", "g++-%d" % version)):
        wrapper = os.path.join(work, "bin", name)
        with open(wrapper, "w") as f:
            f.write('#!/bin/sh\n# GCC %d from its tree (scripts/toolchains.py)\n'
                    'exec "%s/usr/bin/%s-%d" --sysroot="%s" -B"%s/usr/bin/" "$@"\n'
                    % (version, final_tree, tool, version, final_tree, final_tree))
        os.chmod(wrapper, 0o755)
    shutil.rmtree(home, ignore_errors=True)
    os.rename(work, home)
    return driver(version)


def fetch(version):
    if version in SYSTEM:
        corpus.apt_install(["gcc-%d" % version, "g++-%d" % version, "gcc-%d-plugin-dev" % version])
        return driver(version)
    if version not in SUITES:
        raise SystemExit("toolchains: GCC %d is not one pathwise supports (11 to 16)" % version)
    return fetch_tree(version)


def main(argv):
    if len(argv) < 3 or argv[1] not in ("fetch", "path"):
        print(__doc__ if __doc__ else "usage: toolchains.py fetch|path N...", file=sys.stderr)
        print("usage: scripts/toolchains.py fetch N [N...] | path N", file=sys.stderr)
        return 2
    status = 0
    for v in argv[2:]:
        if not v.isdigit():
            print("toolchains: '%s' is not a GCC major version (11 to 16)" % v, file=sys.stderr)
            return 2
        version = int(v)
        if argv[1] == "fetch":
            print(fetch(version))
        elif os.path.exists(driver(version)):
            print(driver(version))
        else:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
