#!/usr/bin/env python3
# Third-party C code for robustness runs, benchmarks and conformance:
# fetched at run time into a cache outside git, never committed.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   scripts/corpus.py fetch            fetch everything (needs root for apt)
#   scripts/corpus.py list             list projects and file counts
#
# The cache is $PATHWISE_CACHE, or ~/.cache/pathwise.
#   gcc-testsuite/analyzer/   GCC 12's gcc.dg/analyzer, from Debian's gcc-12-source
#   src/<package>-<version>/  Debian source packages (apt-get source): lua5.4,
#                             zlib, sqlite3 (amalgamation built), mbedtls, lz4
import glob
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field

CACHE = os.environ.get("PATHWISE_CACHE", os.path.expanduser("~/.cache/pathwise"))
GCC_SOURCE_DIR = "/usr/src/gcc-12"
DEB_SRC_FILE = "/etc/apt/sources.list.d/pathwise-deb-src.sources"
PACKAGES = ["lua5.4", "zlib", "sqlite3", "mbedtls", "lz4"]


@dataclass
class Project:
    name: str
    root: str
    files: list = field(default_factory=list)   # (path, [flags])


def log(msg):
    print("corpus: " + msg, file=sys.stderr)


def sudo():
    return [] if os.geteuid() == 0 else ["sudo"]


def apt_install(pkgs):
    missing = [p for p in pkgs if subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], stdout=subprocess.PIPE,
                                                  stderr=subprocess.DEVNULL, text=True).stdout.find("ok installed") < 0]
    if missing:
        log("installing " + " ".join(missing))
        subprocess.run(sudo() + ["apt-get", "update", "-qq"], check=True)
        subprocess.run(sudo() + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing, check=True,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def ensure_deb_src():
    """Adds deb-src for bookworm if no source line exists."""
    have = False
    for path in glob.glob("/etc/apt/sources.list.d/*") + ["/etc/apt/sources.list"]:
        try:
            text = open(path).read()
        except OSError:
            continue
        if re.search(r"^\s*(Types:.*\bdeb-src\b|deb-src\s)", text, re.M):
            have = True
    if have:
        return
    log("adding deb-src to the apt sources (%s)" % DEB_SRC_FILE)
    content = ("Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\n"
               "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n")
    subprocess.run(sudo() + ["tee", DEB_SRC_FILE], input=content, text=True, stdout=subprocess.DEVNULL, check=True)
    subprocess.run(sudo() + ["apt-get", "update", "-qq"], check=True)


def fetch_gcc_testsuite():
    dest = os.path.join(CACHE, "gcc-testsuite", "analyzer")
    if os.path.isdir(dest) and os.listdir(dest):
        return dest
    apt_install(["gcc-12-source", "xz-utils"])
    tars = sorted(glob.glob(os.path.join(GCC_SOURCE_DIR, "gcc-12*.tar.xz")))
    if not tars:
        raise SystemExit("corpus: no GCC source tarball under %s (dpkg -L gcc-12-source)" % GCC_SOURCE_DIR)
    tmp = os.path.join(CACHE, "gcc-testsuite", "tmp")
    os.makedirs(tmp, exist_ok=True)
    log("extracting gcc.dg/analyzer from " + tars[0])
    subprocess.run(["tar", "-xJf", tars[0], "-C", tmp, "--wildcards", "*/gcc/testsuite/gcc.dg/analyzer/*"],
                   check=True)
    found = glob.glob(os.path.join(tmp, "*", "gcc", "testsuite", "gcc.dg", "analyzer"))
    os.rename(found[0], dest)
    subprocess.run(["rm", "-rf", tmp], check=True)
    return dest


# GCC 13, 14 and 15's analyzer tests, from Debian unstable's gcc-N-source
# packages, downloaded with a private apt configuration kept in the cache
# (the machine's apt setup is never touched).
NEW_GCC = (13, 14, 15)


def private_apt(suite="unstable", name="apt"):
    """An apt configuration of its own in the cache (CACHE/name) for one
    Debian suite: its sources list, an empty status file, its lists and
    archives. Returns the environment that makes apt use it."""
    root = os.path.join(CACHE, name)
    for d in ("lists/partial", "cache/archives/partial", "etc"):
        os.makedirs(os.path.join(root, d), exist_ok=True)
    with open(os.path.join(root, "etc", "sources.list"), "w") as f:
        f.write("deb http://deb.debian.org/debian %s main\n" % suite)
    status = os.path.join(root, "status")
    if not os.path.exists(status):
        open(status, "w").close()
    conf = os.path.join(root, "apt.conf")
    with open(conf, "w") as f:
        f.write('Dir::Etc::SourceList "%s/etc/sources.list";\n' % root)
        f.write('Dir::Etc::SourceParts "%s/etc/none";\n' % root)
        f.write('Dir::State::Lists "%s/lists";\n' % root)
        f.write('Dir::State::status "%s";\n' % status)
        f.write('Dir::Cache "%s/cache";\n' % root)
        f.write('APT::Architecture "amd64";\n')
        f.write('APT::Architectures { "amd64"; };\n')
        f.write('Acquire::Check-Valid-Until "false";\n')
    return dict(os.environ, APT_CONFIG=conf)


def fetch_new_gcc_tests():
    """A tree holding GCC 15's gcc.dg/analyzer and c-c++-common/analyzer,
    and the names of the tests GCC 13-15 added (not in GCC 12's suite)."""
    dest = os.path.join(CACHE, "gcc-new-testsuite")
    listing = os.path.join(dest, "added.txt")
    if os.path.exists(listing):
        with open(listing) as f:
            return dest, [line.strip() for line in f if line.strip()]
    old = set(os.listdir(fetch_gcc_testsuite()))
    env = private_apt()
    work = os.path.join(CACHE, "gcc-new-testsuite.tmp")
    subprocess.run(["rm", "-rf", work], check=True)
    os.makedirs(work)
    log("apt-get update (private configuration, Debian unstable)")
    subprocess.run(["apt-get", "update", "-qq"], env=env, check=True, stderr=subprocess.DEVNULL)
    pkgs = ["gcc-%d-source" % v for v in NEW_GCC]
    log("apt-get download " + " ".join(pkgs))
    subprocess.run(["apt-get", "download", "-qq"] + pkgs, env=env, cwd=work, check=True, stderr=subprocess.DEVNULL)
    added = {}
    for v in NEW_GCC:
        deb = glob.glob(os.path.join(work, "gcc-%d-source_*.deb" % v))[0]
        x = os.path.join(work, "x%d" % v)
        subprocess.run(["dpkg", "-x", deb, x], check=True)
        tar = glob.glob(os.path.join(x, "usr", "src", "gcc-%d" % v, "gcc-*.tar.xz"))[0]
        t = os.path.join(work, "t%d" % v)
        os.makedirs(t)
        log("extracting the analyzer tests of GCC %d" % v)
        subprocess.run(["tar", "-xJf", tar, "-C", t, "--wildcards", "*/gcc/testsuite/gcc.dg/analyzer/*",
                        "*/gcc/testsuite/c-c++-common/analyzer/*"], stderr=subprocess.DEVNULL)
        subprocess.run(["rm", "-rf", x, deb], check=True)
    # GCC 15's tree is the suite; a test counts as added if GCC 12 had no
    # test of its name (GCC 14 moved many to c-c++-common: not added).
    top = glob.glob(os.path.join(work, "t%d" % NEW_GCC[-1], "*", "gcc", "testsuite"))[0]
    os.makedirs(dest, exist_ok=True)
    for sub in ("gcc.dg/analyzer", "c-c++-common/analyzer"):
        target = os.path.join(dest, sub)
        subprocess.run(["rm", "-rf", target], check=True)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.rename(os.path.join(top, sub), target)
        for dp, _, fs in os.walk(target):
            for f in fs:
                if f.endswith(".c") and f not in old:
                    added[os.path.relpath(os.path.join(dp, f), dest)] = True
    subprocess.run(["rm", "-rf", work], check=True)
    names = sorted(added)
    with open(listing, "w") as f:
        f.write("\n".join(names) + "\n")
    return dest, names


def fetch_package(pkg):
    src = os.path.join(CACHE, "src")
    os.makedirs(src, exist_ok=True)
    existing = [d for d in glob.glob(os.path.join(src, pkg + "-*")) if os.path.isdir(d)]
    if existing:
        return existing[0]
    ensure_deb_src()
    apt_install(["dpkg-dev"])
    log("apt-get source " + pkg)
    subprocess.run(["apt-get", "source", "-qq", pkg], cwd=src, check=True, stdout=subprocess.DEVNULL)
    existing = [d for d in glob.glob(os.path.join(src, pkg + "-*")) if os.path.isdir(d)]
    return existing[0]


def sqlite_amalgamation(root):
    bld = os.path.join(root, "bld")
    out = os.path.join(bld, "sqlite3.c")
    if not os.path.exists(out):
        apt_install(["tcl", "make"])
        os.makedirs(bld, exist_ok=True)
        log("building the sqlite3 amalgamation")
        subprocess.run([os.path.join(root, "configure")], cwd=bld, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        subprocess.run(["make", "sqlite3.c"], cwd=bld, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    return out


def lua_multiarch_header(root):
    # Debian's patch makes luaconf.h include a header its build generates.
    path = os.path.join(root, "src", "lua5.4-deb-multiarch.h")
    if not os.path.exists(path):
        arch = subprocess.run(["gcc", "-print-multiarch"], stdout=subprocess.PIPE, text=True).stdout.strip()
        with open(path, "w") as f:
            f.write('#define DEB_HOST_MULTIARCH "%s"\n' % (arch or "x86_64-linux-gnu"))


def fetch():
    fetch_gcc_testsuite()
    for p in PACKAGES:
        root = fetch_package(p)
        if p == "sqlite3":
            sqlite_amalgamation(root)
        elif p == "lua5.4":
            lua_multiarch_header(root)


# --- projects --------------------------------------------------------------

def _dg_flags(path):
    """The options a GCC test asks for, without those that switch on GCC's
    own analyzer (we measure pathwise, not -fanalyzer)."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "tools"))
    import dg
    t = dg.parse_test(path)
    flags = (t.options or []) + t.additional
    return [f for f in flags if not f.startswith("-fanalyzer") and not f.startswith("-fdump-analyzer")
            and f not in ("-fno-analyzer",)]


def projects(which=None):
    out = []
    gdir = os.path.join(CACHE, "gcc-testsuite", "analyzer")
    if os.path.isdir(gdir) and (not which or "gcc-analyzer" in which):
        p = Project("gcc-analyzer", gdir)
        for path in sorted(glob.glob(os.path.join(gdir, "**", "*.c"), recursive=True)):
            p.files.append((path, _dg_flags(path)))
        out.append(p)
    src = os.path.join(CACHE, "src")
    for d in sorted(glob.glob(os.path.join(src, "*"))):
        if not os.path.isdir(d):
            continue
        name = os.path.basename(d)
        pkg = name.rsplit("-", 1)[0]
        if which and pkg not in which:
            continue
        p = Project(pkg, d)
        if pkg == "lua5.4":
            for f in sorted(glob.glob(os.path.join(d, "src", "*.c"))):
                p.files.append((f, ["-DLUA_USE_LINUX", "-I" + os.path.join(d, "src")]))
        elif pkg == "zlib":
            for f in sorted(glob.glob(os.path.join(d, "*.c"))):
                p.files.append((f, ["-I" + d, "-DHAVE_UNISTD_H", "-DHAVE_STDARG_H"]))
        elif pkg == "sqlite3":
            bld = os.path.join(d, "bld")
            if os.path.exists(os.path.join(bld, "sqlite3.c")):
                p.files.append((os.path.join(bld, "sqlite3.c"), ["-I" + bld, "-DSQLITE_THREADSAFE=1"]))
        elif pkg == "mbedtls":
            for f in sorted(glob.glob(os.path.join(d, "library", "*.c"))):
                p.files.append((f, ["-I" + os.path.join(d, "include"), "-I" + os.path.join(d, "library")]))
        elif pkg == "lz4":
            for f in sorted(glob.glob(os.path.join(d, "lib", "*.c")) + glob.glob(os.path.join(d, "programs", "*.c"))):
                p.files.append((f, ["-I" + os.path.join(d, "lib")]))
        else:
            continue
        out.append(p)
    return out


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("fetch", "list"):
        print("usage: corpus.py fetch|list", file=sys.stderr)
        return 2
    if sys.argv[1] == "fetch":
        fetch()
    for p in projects():
        print("%-14s %5d files  %s" % (p.name, len(p.files), p.root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
