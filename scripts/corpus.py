#!/usr/bin/env python3
# Third-party C code for robustness runs, benchmarks and conformance:
# fetched at run time into a cache outside git, never committed.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   scripts/corpus.py fetch            fetch everything (needs root for apt)
#   scripts/corpus.py list             list projects and file counts
#   scripts/corpus.py fetch-precision [PKG...]   fetch and build the precision corpus
#   scripts/corpus.py list-precision   list its projects and their C file counts
#
# The cache is $PATHWISE_CACHE, or ~/.cache/pathwise.
#   gcc-testsuite/analyzer/   GCC 12's gcc.dg/analyzer, from Debian's gcc-12-source
#   src/<package>-<version>/  Debian source packages (apt-get source): lua5.4,
#                             zlib, sqlite3 (amalgamation built), mbedtls, lz4
#   src-precision/<package>-<version>/   the precision corpus's source packages,
#                             built in place (PRECISION below)
#   precision/<package>/      compile_commands.json (recorded with bear),
#                             build.log, status ("ok" or why it failed)
import glob
import json
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
    cwds: dict = field(default_factory=dict)    # path -> the compile's working directory, if not the file's folder

    def workdir(self, path):
        return self.cwds.get(path, os.path.dirname(path))


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


def _unpacked(src, pkg):
    pat = re.compile(re.escape(pkg) + r"-[0-9]")
    return sorted(d for d in glob.glob(os.path.join(src, pkg + "-*")) if os.path.isdir(d)
                  and pat.match(os.path.basename(d)))


def fetch_package(pkg, src=None):
    src = src or os.path.join(CACHE, "src")
    os.makedirs(src, exist_ok=True)
    existing = _unpacked(src, pkg)
    if existing:
        return existing[0]
    ensure_deb_src()
    apt_install(["dpkg-dev"])
    log("apt-get source " + pkg)
    subprocess.run(["apt-get", "source", "-qq", pkg], cwd=src, check=True, stdout=subprocess.DEVNULL)
    existing = _unpacked(src, pkg)
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


def fetch(gcc_tests=True):
    if gcc_tests:
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


# --- precision corpus ------------------------------------------------------
# Real C code bases whose warnings are triaged by hand (bench/precision.py,
# bench/precision-triage.txt). Each is a Debian (bookworm) source package,
# unpacked under CACHE/src-precision/, its build dependencies installed with
# `apt-get build-dep`, configured in place and built under bear, which
# records CACHE/precision/PKG/compile_commands.json.
#
# A recipe: "configure" (shell, run in the source folder; default: ./configure,
# after `autoreconf -fi` if there is none; cmake or meson if the project has
# only those), "dir" (where the build runs, relative to the source folder;
# default "."), "build" (default `make -j2 -k`), "pre" (shell run first).
# The comments say what each is there for.
CMAKE = {"configure": "cmake -S . -B pw-build -DCMAKE_BUILD_TYPE=Debug", "dir": "pw-build"}
MESON = {"configure": "meson setup pw-build", "dir": "pw-build", "build": "ninja -j2 -k0"}
PRECISION = {
    "bc": {},                 # bison + flex calculator (bc.y, scan.l)
    "jq": {"configure": "autoreconf -fi && ./configure --disable-docs --disable-valgrind"},  # bison + flex
    "mawk": {"configure": "./configure"},  # byacc parser (parse.y), own allocator (autoreconf breaks its configure)
    "byacc": {},              # Berkeley yacc itself (skeleton tables, growable arrays)
    "tmux": {},               # yacc command parser (cmd-parse.y); terminal multiplexer
    "lighttpd": {"configure": "./configure --without-pcre2 --without-pcre"},  # lemon config parser; web server
    "cmark": CMAKE,           # re2c scanners (scanners.c), block/inline parsers
    "libyaml": {},            # explicit stacks and queues (start/top/end)
    "yajl": CMAKE,            # JSON lexer and parser with an explicit state stack
    "cjson": CMAKE,           # small recursive-descent JSON parser
    "jansson": {},            # JSON library, growable strbuffer
    "expat": {"configure": "cd expat && autoreconf -fi && ./configure", "dir": "expat"},  # XML tokenizer, pools
    "dash": {},               # shell: parser, arithmetic (arith_yacc.c), stack allocator
    "mujs": {"build": "make -j2 -k release"},  # JavaScript interpreter
    "nano": {},               # text editor
    "less": {},               # pager
    "bzip2": {},              # compression (plain Makefile)
    "xz-utils": {},           # compression (liblzma)
    "libzstd": {"build": "make -j2 -k lib-release zstd-release"},  # zstd (its source package): compression
    "brotli": CMAKE,          # compression
    "nettle": {},             # crypto
    "libsodium": {},          # crypto
    "dnsmasq": {},            # network daemon (DNS/DHCP), packet parsing
    "flex": {},               # flex itself: its scanner (scan.l) built by stage1flex, parse.y
    "libpcap": {},            # bison grammar + flex scanner (grammar.y, scanner.l); BPF optimiser
    "libonig": {},            # regex engine (oniguruma)
    "gawk": {},               # bison parser (awkgram.y), interpreter
    "m4": {},                 # macro processor (gnulib)
}
PRECISION_SRC = os.path.join(CACHE, "src-precision")
PRECISION_DB = os.path.join(CACHE, "precision")
BUILD_TIMEOUT = 3600


def _sh(cmd, cwd, logf, timeout=BUILD_TIMEOUT):
    logf.write("$ (cd %s && %s)\n" % (cwd, cmd))
    logf.flush()
    r = subprocess.run(["bash", "-c", cmd], cwd=cwd, stdout=logf, stderr=subprocess.STDOUT, timeout=timeout,
                       stdin=subprocess.DEVNULL, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    logf.write("[exit %d]\n" % r.returncode)
    return r.returncode


def _default_configure(root):
    # As Debian's builds do (dh_autoreconf): its patches may touch
    # Makefile.am or configure.ac, and make would then want the automake
    # version of the tarball.
    if os.path.exists(os.path.join(root, "configure.ac")) or os.path.exists(os.path.join(root, "configure.in")):
        return "{ autoreconf -fi || echo 'autoreconf failed; trying ./configure as it is'; } && ./configure"
    if os.path.exists(os.path.join(root, "configure")):
        return "./configure"
    if os.path.exists(os.path.join(root, "CMakeLists.txt")) and not os.path.exists(os.path.join(root, "Makefile")):
        return CMAKE["configure"]
    if os.path.exists(os.path.join(root, "meson.build")) and not os.path.exists(os.path.join(root, "Makefile")):
        return MESON["configure"]
    return None


def _c_entries(db):
    try:
        with open(db) as f:
            entries = json.load(f)
    except (OSError, ValueError):
        return []
    return [e for e in entries if e.get("file", "").endswith(".c")]


def build_precision(pkg):
    """Fetches, configures and builds one package under bear. Returns None,
    or why it failed. A package whose status is "ok" is left as it is."""
    recipe = PRECISION[pkg]
    out = os.path.join(PRECISION_DB, pkg)
    db = os.path.join(out, "compile_commands.json")
    status = os.path.join(out, "status")
    if os.path.exists(db) and os.path.exists(status) and open(status).read().startswith("ok"):
        return None
    os.makedirs(out, exist_ok=True)
    apt_install(["bear", "dpkg-dev", "build-essential", "autoconf", "automake", "libtool", "pkg-config",
                 "cmake", "meson", "ninja-build"])
    with open(os.path.join(out, "build.log"), "w") as logf:
        def fail(why):
            with open(status, "w") as f:
                f.write("failed: %s\n" % why)
            return why
        try:
            root = fetch_package(pkg, PRECISION_SRC)
        except (subprocess.CalledProcessError, IndexError) as e:
            return fail("apt-get source: %s" % e)
        log("%s: build dependencies" % pkg)
        if _sh("apt-get build-dep -y -qq %s" % shlex.quote(pkg), root, logf) != 0:
            logf.write("(build-dep failed; trying the build anyway)\n")
        try:
            if recipe.get("pre") and _sh(recipe["pre"], root, logf) != 0:
                return fail("pre step failed (see %s/build.log)" % out)
            conf = recipe.get("configure", _default_configure(root))
            if conf:
                log("%s: configure" % pkg)
                if _sh(conf, root, logf) != 0:
                    return fail("configure failed (see %s/build.log)" % out)
            bdir = os.path.join(root, recipe.get("dir", "."))
            log("%s: build under bear" % pkg)
            if os.path.exists(db):
                os.remove(db)
            rc = _sh("bear --output %s -- %s" % (shlex.quote(db), recipe.get("build", "make -j2 -k")), bdir, logf)
        except subprocess.TimeoutExpired:
            return fail("timed out after %d s" % BUILD_TIMEOUT)
        n = len(_c_entries(db))
        if n == 0:
            return fail("no C compile recorded (build exit %d; see %s/build.log)" % (rc, out))
        with open(status, "w") as f:
            f.write("ok: %d C compiles recorded, build exit %d\n" % (n, rc))
        log("%s: %d C compiles recorded%s" % (pkg, n, "" if rc == 0 else " (make -k exited %d)" % rc))
    return None


def fetch_precision(which=None):
    """Builds every package of PRECISION (or those named); logs and skips
    failures. Returns [(pkg, why)] of those that failed."""
    failed = []
    for pkg in which or PRECISION:
        if pkg not in PRECISION:
            failed.append((pkg, "not in corpus.PRECISION"))
            continue
        try:
            why = build_precision(pkg)
        except Exception as e:  # one package's trouble must not stop the others
            why = "%s: %s" % (type(e).__name__, e)
        if why:
            log("%s FAILED: %s" % (pkg, why))
            failed.append((pkg, why))
    return failed


# Options taking a separate argument, and which of those are paths.
_ARG_OPTS = {"-o", "-MF", "-MT", "-MQ", "-I", "-include", "-imacros", "-iquote", "-isystem", "-idirafter",
             "-iprefix", "-iwithprefix", "-x", "-D", "-U", "-L", "-l", "-Xlinker", "-Xassembler",
             "-Xpreprocessor", "--param", "-T", "-z", "-u", "-aux-info", "-dumpbase", "-dumpdir", "-isysroot",
             "--sysroot"}
_PATH_OPTS = {"-I", "-include", "-imacros", "-iquote", "-isystem", "-idirafter"}
_DROP_PAIRS = {"-o", "-MF", "-MT", "-MQ", "-L", "-l", "-Xlinker", "-T", "-z", "-u", "-aux-info", "-dumpbase",
               "-dumpdir"}
_DROP = {"-c", "-MD", "-MMD", "-MP", "-M", "-MM", "-MG", "-rdynamic", "-shared", "-static", "-pie"}


def compile_flags(args, directory):
    """A compile command's options, without what the runner sets itself:
    -c, -o, the inputs, dependency output, -Werror*, -O*, link options.
    Relative include paths are made absolute against directory."""
    out = []
    i = 1
    while i < len(args):
        a = args[i]
        if a in _ARG_OPTS and i + 1 < len(args):
            v = args[i + 1]
            i += 2
            if a in _DROP_PAIRS:
                continue
            if a in _PATH_OPTS and not os.path.isabs(v):
                v = os.path.normpath(os.path.join(directory, v))
            out += [a, v]
            continue
        i += 1
        if a in _DROP or a.startswith(("-Werror", "-Wl,", "-Wp,-M", "-MF", "-MT", "-MQ")) or \
                re.match(r"-O([0-9sgz]|fast)?$", a) or (a.startswith(("-o", "-l", "-L")) and len(a) > 2):
            continue
        if not a.startswith("-"):  # an input: the source, or objects/libraries of a compile-and-link
            continue
        for opt in ("-I", "-iquote", "-isystem", "-idirafter"):
            if a.startswith(opt) and len(a) > len(opt):
                if not os.path.isabs(a[len(opt):]):
                    a = opt + os.path.normpath(os.path.join(directory, a[len(opt):]))
                break
        out.append(a)
    return out


def precision_projects(which=None):
    """The precision corpus's projects that were built: every C compile of
    their compilation databases, once per source file (the first compile),
    with flags from compile_flags() and the compile's working directory
    (Project.cwds). A test's file whose compile failed (no object) is left out."""
    out = []
    for pkg in PRECISION:
        if which and pkg not in which:
            continue
        db = os.path.join(PRECISION_DB, pkg, "compile_commands.json")
        roots = _unpacked(PRECISION_SRC, pkg)
        if not roots or not os.path.exists(db):
            continue
        root = os.path.realpath(roots[0])
        p = Project(pkg, root)
        seen = set()
        for e in _c_entries(db):
            d = e.get("directory", root)
            path = os.path.normpath(os.path.join(d, e["file"]))
            if path in seen or not os.path.realpath(path).startswith(root + os.sep):
                continue
            args = e.get("arguments") or shlex.split(e.get("command", ""))
            if not args or "++" in os.path.basename(args[0]) or "-E" in args or "-S" in args:
                continue
            parts = os.path.relpath(path, root).split(os.sep)
            if "test" in parts or "tests" in parts:
                obj = e.get("output")
                if obj and not os.path.exists(os.path.join(d, obj)):
                    continue
            seen.add(path)
            p.files.append((path, compile_flags(args, d)))
            p.cwds[path] = d
        out.append(p)
    return out


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("fetch", "list", "fetch-precision", "list-precision"):
        print("usage: corpus.py fetch|list|fetch-precision [PKG...]|list-precision [PKG...]", file=sys.stderr)
        return 2
    if sys.argv[1] in ("fetch-precision", "list-precision"):
        which = sys.argv[2:] or None
        if sys.argv[1] == "fetch-precision":
            failed = fetch_precision(which)
            for pkg, why in failed:
                log("FAILED %s: %s" % (pkg, why))
        for p in precision_projects(which):
            print("%-14s %5d files  %s" % (p.name, len(p.files), p.root))
        return 0
    if sys.argv[1] == "fetch":
        fetch()
    for p in projects():
        print("%-14s %5d files  %s" % (p.name, len(p.files), p.root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
