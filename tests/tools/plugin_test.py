#!/usr/bin/env python3
# Behaviour of the plugin as a GCC user meets it: arguments, version check,
# unchanged object code, exit status, JSON diagnostics, -Wno- options.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import filecmp
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402

check = Checks()


def gcc(args, *extra, env=None):
    e = dict(os.environ, LC_ALL="C", LANG="C")
    if env:
        e.update(env)
    p = subprocess.run([args.gcc] + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       env=e, timeout=120)
    return p.returncode, p.stderr


def gcc_major(args):
    out = subprocess.run([args.gcc, "-dumpversion"], stdout=subprocess.PIPE, text=True).stdout.strip()
    return int(out.split(".")[0])


def example(args):
    return os.path.join(args.examples, "double_free.c")


@check
def reports_example_double_free_with_path_and_cwe(args):
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-c", "-o", "/dev/null", example(args))
    assert rc == 0, "compile must succeed, got %d:\n%s" % (rc, err)
    assert "warning: double-'free' of 'buf' [CWE-415] [-Wanalyzer-double-free]" in err, err
    for ev in ["(1) allocated here", "(7) first 'free' here", "(8) second 'free' here; first 'free' was at (7)"]:
        assert ev in err, "missing event %r in:\n%s" % (ev, err)


@check
def unknown_argument_is_one_line_error_listing_valid_ones(args):
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-fplugin-arg-pathwise-bogus", "-c", "-o", "/dev/null",
                  example(args))
    assert rc != 0, "an unknown argument must fail the compile"
    lines = [l for l in err.splitlines() if "error" in l]
    assert len(lines) == 1, err
    assert "unknown argument 'bogus'" in lines[0] and "disable=NAME" in lines[0] and "dump-ir" in lines[0], err


@check
def unknown_warning_name_is_error_listing_names(args):
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-fplugin-arg-pathwise-disable=double-fre", "-c", "-o",
                  "/dev/null", example(args))
    assert rc != 0
    assert "unknown warning 'double-fre'" in err and "double-free" in err and "malloc-leak" in err, err


@check
def disable_silences_one_warning(args):
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-fplugin-arg-pathwise-disable=double-free", "-c", "-o",
                  "/dev/null", example(args))
    assert rc == 0 and "double-'free'" not in err, err
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-fplugin-arg-pathwise-disable=all",
                  "-fplugin-arg-pathwise-enable=double-free", "-c", "-o", "/dev/null", example(args))
    assert rc == 0 and "double-'free'" in err, err


@check
def gcc_warning_option_silences_too(args):
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-Wno-analyzer-double-free", "-c", "-o", "/dev/null",
                  example(args))
    assert rc == 0 and "double-'free'" not in err, err


@check
def pragma_silences_warning_in_its_region(args):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "pragma.c")
        with open(src, "w") as f:
            f.write('#include <stdlib.h>\n'
                    '#pragma GCC diagnostic push\n'
                    '#pragma GCC diagnostic ignored "-Wanalyzer-double-free"\n'
                    'void quiet (void) { void *p = malloc (1); free (p); free (p); }\n'
                    '#pragma GCC diagnostic pop\n'
                    'void loud (void) { void *p = malloc (1); free (p); free (p); }\n')
        rc, err = gcc(args, "-fplugin=" + args.plugin, "-c", "-o", "/dev/null", src)
        assert rc == 0, err
        assert "pragma.c:6:" in err and "pragma.c:4:" not in err, err


@check
def werror_turns_finding_into_error(args):
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-Werror", "-c", "-o", "/dev/null", example(args))
    assert rc != 0 and "error: double-'free'" in err, err


@check
def refuses_other_gcc_version(args):
    built = subprocess.run([args.gcc, "-dumpfullversion"], stdout=subprocess.PIPE, text=True).stdout.strip()
    other = "13.1.0" if not built.startswith("13.") else "14.1.0"
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-c", "-o", "/dev/null", example(args),
                  env={"PATHWISE_TEST_LOADED_GCC_VERSION": other})
    assert rc != 0
    assert "built for GCC %s" % built in err and "loaded into GCC %s" % other in err, err


@check
def exports_only_what_gcc_looks_for(args):
    # Every other symbol binds inside the plugin (src/gcc/plugin.map): its
    # calls never go to a copy cc1 exports under the same name.
    out = subprocess.run(["nm", "-D", "--defined-only", args.plugin], stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    names = sorted(line.split()[-1] for line in out.splitlines() if line.strip())
    assert names == ["plugin_init", "plugin_is_GPL_compatible"], names


@check
def object_code_is_unchanged(args):
    with tempfile.TemporaryDirectory() as tmp:
        for level in ("-O0", "-O2"):
            a, b = os.path.join(tmp, "a.o"), os.path.join(tmp, "b.o")
            rc1, _ = gcc(args, level, "-c", "-o", a, example(args))
            rc2, _ = gcc(args, level, "-fplugin=" + args.plugin, "-c", "-o", b, example(args))
            assert rc1 == 0 and rc2 == 0
            assert filecmp.cmp(a, b, shallow=False), "object code differs at " + level


# C inline definitions GCC does not lower at -O0 and the analysis does
# (src/gcc/inline_bodies.cc): one with a static table, one with assert's
# __func__, one calling another, one with asm, one naming an extern.
INLINE_DEFINITIONS = r"""
#include <assert.h>
#include <stdlib.h>
extern int counter;
extern void helper (int);
inline int tab_at (int i) { static const int tab[] = {1, 2, 3, 4}; return tab[i & 3]; }
inline int checked (int i) { assert (i >= 0); return i + counter; }
inline int inner (int x) { helper (x); return x + 1; }
extern inline __attribute__ ((gnu_inline)) int outer (int x) { return inner (x) * 2; }
inline int with_asm (int x) { __asm__ volatile ("" : : "r" (x)); return x; }
inline const char *name_of (int i) { return i ? "one" : "zero"; }
int use (int i) { return tab_at (i) + checked (i) + outer (i) + with_asm (i) + (int) name_of (i)[0]; }
"""


@check
def object_code_is_unchanged_by_inline_definitions(args):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "inline.c")
        with open(src, "w") as f:
            f.write(INLINE_DEFINITIONS)
        a, b = os.path.join(tmp, "a.o"), os.path.join(tmp, "b.o")
        for flags in ([], ["-g", "-gno-record-gcc-switches"], ["-g3", "-gno-record-gcc-switches", "-fPIC"]):
            for level in ("-O0", "-O2"):
                rc1, _ = gcc(args, level, *flags, "-c", "-o", a, src)
                rc2, err = gcc(args, level, *flags, "-Wall", "-fplugin=" + args.plugin, "-c", "-o", b, src)
                assert rc1 == 0 and rc2 == 0, err
                assert "warning" not in err, err
                assert filecmp.cmp(a, b, shallow=False), "object code differs at %s %s" % (level, flags)


def sections(obj):
    """An object's sections: name -> contents (objdump's hex dump)."""
    out = subprocess.run(["objdump", "-s", obj], stdout=subprocess.PIPE, text=True, check=True).stdout
    result, name = {}, None
    for line in out.splitlines():
        if line.startswith("Contents of section "):
            name = line[len("Contents of section "):].rstrip(":")
            result[name] = []
        elif name and line.startswith(" "):
            result[name].append(line[:42])  # address and bytes, not the ASCII column
    return result


def machine_code(obj):
    """Disassembly with relocations, without the header naming the file."""
    out = subprocess.run(["objdump", "-d", "-r", obj], stdout=subprocess.PIPE, text=True, check=True).stdout
    return out.split("\n", 3)[3]


@check
def object_code_is_unchanged_with_debug_info_and_lto(args):
    """With -g, GCC records its command line (-fplugin=... among it) in the
    debug info's producer string, and with -flto the options in the
    bytecode: those bytes differ, nothing else. -gno-record-gcc-switches
    gives byte-identical objects with -g."""
    with tempfile.TemporaryDirectory() as tmp:
        a, b = os.path.join(tmp, "a.o"), os.path.join(tmp, "b.o")
        for level in ("-O0", "-O2"):
            plugin = "-fplugin=" + args.plugin
            assert gcc(args, level, "-g", "-gno-record-gcc-switches", "-c", "-o", a, example(args))[0] == 0
            assert gcc(args, level, "-g", "-gno-record-gcc-switches", plugin, "-c", "-o", b, example(args))[0] == 0
            assert filecmp.cmp(a, b, shallow=False), "-g -gno-record-gcc-switches object differs at " + level
            assert gcc(args, level, "-g", "-c", "-o", a, example(args))[0] == 0
            assert gcc(args, level, "-g", plugin, "-c", "-o", b, example(args))[0] == 0
            assert machine_code(a) == machine_code(b), "-g machine code differs at " + level
            sa, sb = sections(a), sections(b)
            assert sa.keys() == sb.keys(), (sorted(sa), sorted(sb))
            assert all(sa[n] == sb[n] for n in sa if not n.startswith(".debug")), "-g: a section differs"
            # -flto: the bytecode's sections are named by the random seed.
            lto = ["-flto", "-frandom-seed=1"]
            assert gcc(args, level, *lto, "-c", "-o", a, example(args))[0] == 0
            assert gcc(args, level, *lto, plugin, "-c", "-o", b, example(args))[0] == 0
            sa, sb = sections(a), sections(b)
            assert sa.keys() == sb.keys(), (sorted(sa), sorted(sb))
            differ = sorted(n for n in sa if sa[n] != sb[n])
            assert differ == [".gnu.lto_.opts"], "-flto: sections differ: %s" % differ


LTO_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lto")


def lto_sources():
    return [os.path.join(LTO_DIR, f) for f in ("main.c", "helpers.c")]


def warnings_in(err):
    return sorted(l.split("warning: ")[1] + " @" + os.path.basename(l.split(":")[0]) + ":" + l.split(":")[1]
                  for l in err.splitlines() if "warning: " in l)


@check
def lto_link_analyses_the_whole_program(args):
    with tempfile.TemporaryDirectory() as tmp:
        # The compile steps only write bytecode: no analysis there.
        objs = []
        for src in lto_sources():
            obj = os.path.join(tmp, os.path.basename(src) + ".o")
            rc, err = gcc(args, "-flto", "-fplugin=" + args.plugin, "-c", "-o", obj, src)
            assert rc == 0 and "warning" not in err, err
            objs.append(obj)
        # (No leak in cache_entry: helpers.c's debug_level is 0 everywhere.)
        expected = ["double-'free' of 'p' [CWE-415] [-Wanalyzer-double-free] @main.c:64",
                    "leak of 'b' [CWE-401] [-Wanalyzer-malloc-leak] @main.c:21",
                    "leak of 'p' [CWE-401] [-Wanalyzer-malloc-leak] @main.c:39",
                    "leak of 'p' [CWE-401] [-Wanalyzer-malloc-leak] @main.c:49"]
        for extra in ([], ["-flto-partition=none"]):
            rc, err = gcc(args, "-flto", *extra, "-fplugin=" + args.plugin, "-o", os.path.join(tmp, "t"), *objs)
            assert rc == 0, err
            assert warnings_in(err) == expected, "link %s: %s\n%s" % (extra, warnings_in(err), err)
            # The path crosses into helpers.c, through its own static 'forget'.
            for ev in ["(6) calling 'release' from 'main'", "(9) entry to 'forget'",
                       "(13) second 'free' here; first 'free' was at (10)"]:
                assert ev in err, "missing %r in:\n%s" % (ev, err)
        # Sources given straight to an -flto link: the same, once each.
        rc, err = gcc(args, "-flto", "-fplugin=" + args.plugin, "-o", os.path.join(tmp, "t"), *lto_sources())
        assert rc == 0 and warnings_in(err) == expected, err


XTU_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "xtu")


@check
def facts_store_tells_a_unit_what_the_others_define(args):
    # tests/xtu: main.c calls die.c's fatal (which leaves through
    # exit_hook.c's leave when report is given 1) and warn (which returns).
    srcs = [os.path.join(XTU_DIR, f) for f in ("exit_hook.c", "die.c", "main.c")]
    main_c = srcs[2]
    null_at = lambda err: sorted(int(l.split(":")[1]) for l in err.splitlines()
                                 if "warning: dereference of NULL" in l)
    with tempfile.TemporaryDirectory() as tmp:
        store = os.path.join(tmp, "facts")
        facts = "-fplugin-arg-pathwise-facts=" + store
        # Alone, main.c cannot tell that fatal never returns.
        rc, err = gcc(args, "-fplugin=" + args.plugin, "-c", "-o", "/dev/null", main_c)
        assert rc == 0 and null_at(err) == [18, 29], err
        # Facts-only compiles report nothing and fill the store.
        for src in srcs:
            rc, err = gcc(args, "-fplugin=" + args.plugin, facts, "-fplugin-arg-pathwise-facts-only", "-c", "-o",
                          "/dev/null", src)
            assert rc == 0 and "warning" not in err, err
        with open(next(os.path.join(store, f) for f in os.listdir(store) if f.startswith("die.c-"))) as f:
            assert f.read() == ("pathwise-facts 1\nfunction fatal noreturn\nfunction try_alloc\n"
                                "function warn\nfunction xmalloc nonnull\n")
        for level in ("-O0", "-O2"):
            rc, err = gcc(args, level, "-fplugin=" + args.plugin, facts, "-c", "-o", "/dev/null", main_c)
            assert rc == 0 and null_at(err) == [29], err
        # A file in the store that is not facts: a warning naming it, the
        # rest still read.
        with open(os.path.join(store, "broken.facts"), "w") as f:
            f.write("garbage\n")
        rc, err = gcc(args, "-fplugin=" + args.plugin, facts, "-c", "-o", "/dev/null", main_c)
        assert rc == 0 and "broken.facts: line 1" in err and null_at(err) == [29], err
        # facts-only needs a store to write.
        rc, err = gcc(args, "-fplugin=" + args.plugin, "-fplugin-arg-pathwise-facts-only", "-c", "-o", "/dev/null",
                      main_c)
        assert rc != 0 and "needs" in err and "facts=DIR" in err, err


@check
def lto_program_is_unchanged(args):
    with tempfile.TemporaryDirectory() as tmp:
        a, b = os.path.join(tmp, "a"), os.path.join(tmp, "b")
        rc1, _ = gcc(args, "-flto", "-O2", "-o", a, *lto_sources())
        rc2, _ = gcc(args, "-flto", "-O2", "-fplugin=" + args.plugin, "-o", b, *lto_sources())
        assert rc1 == 0 and rc2 == 0
        assert filecmp.cmp(a, b, shallow=False), "the linked program differs"


@check
def json_output_has_path_cwe_and_option(args):
    """GCC's machine-readable output carries the path, the CWE and the
    option: its JSON up to GCC 15, its SARIF (all GCC 16 has) from 16."""
    if gcc_major(args) >= 16:
        rc, err = gcc(args, "-fplugin=" + args.plugin, "-fdiagnostics-format=sarif-stderr", "-c", "-o",
                      "/dev/null", example(args))
        assert rc == 0, err
        results = json.loads(err)["runs"][0]["results"]
        warn = [r for r in results if r.get("level") == "warning"]
        assert len(warn) == 1, results
        r = warn[0]
        assert r["message"]["text"] == "double-'free' of 'buf'", r["message"]
        assert r.get("ruleId") == "-Wanalyzer-double-free", r
        assert {"id": "415", "toolComponent": {"name": "cwe"}} in r.get("taxa", []), r
        path = r["codeFlows"][0]["threadFlows"][0]["locations"]
        texts = [e["location"]["message"]["text"] for e in path]
        assert len(path) == 8 and texts[0] == "allocated here", texts
        assert texts[-1] == "second 'free' here; first 'free' was at (7)", texts
        assert all(e["location"]["logicalLocations"][0]["fullyQualifiedName"] == "process" and
                   e["nestingLevel"] >= 1 for e in path), path
        return
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-fdiagnostics-format=json", "-c", "-o", "/dev/null",
                  example(args))
    assert rc == 0, err
    diags = json.loads(err)
    warn = [d for d in diags if d.get("kind") == "warning"]
    assert len(warn) == 1, diags
    d = warn[0]
    assert d["message"] == "double-'free' of 'buf'", d["message"]
    assert d.get("option") == "-Wanalyzer-double-free", d
    assert d.get("metadata", {}).get("cwe") == 415, d
    path = d.get("path", [])
    assert len(path) == 8 and path[0]["description"] == "allocated here", path
    assert path[-1]["description"] == "second 'free' here; first 'free' was at (7)", path
    assert all(e["function"] == "process" and e["depth"] >= 1 for e in path), path


@check
def path_events_carry_their_kinds(args):
    """Events say what they are (SARIF threadFlowLocation kinds): branches,
    calls, entries, returns and the problem itself (danger); in pathwise's
    own SARIF on every GCC, and in GCC's SARIF from GCC 13."""
    def kinds(locations):
        return [(loc.get("kinds"), loc["location"]["message"]["text"]) for loc in locations]

    rc, err = gcc(args, "-fplugin=" + args.plugin, "-fplugin-arg-pathwise-sarif=-", "-c", "-o", "/dev/null",
                  example(args))
    assert rc == 0, err
    log = json.loads(err[err.index("pathwise: SARIF log follows\n") + 28:err.index("pathwise: end of SARIF log")])
    own = kinds(log["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"])
    assert own[-1][0] == ["danger"] and own[0][0] is None, own
    assert any(k == ["branch"] and t.startswith("following") for k, t in own), own
    if gcc_major(args) >= 13:
        rc, err = gcc(args, "-fplugin=" + args.plugin, "-fdiagnostics-format=sarif-stderr", "-c", "-o", "/dev/null",
                      example(args))
        assert rc == 0, err
        theirs = kinds(json.loads(err)["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"])
        assert [k for k, _ in theirs] == [k for k, _ in own], (theirs, own)


@check
def warnings_without_a_gcc_option_show_their_name(args):
    """A warning no GCC has an option for still shows its name and CWE, in
    text and in GCC's machine-readable output; one GCC has an option for
    (fd-leak from GCC 13) is GCC's own."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "closed.c")
        with open(src, "w") as f:
            f.write("#include <stdio.h>\nvoid f (const char *p)\n{\n  FILE *fp = fopen (p, \"w\");\n"
                    "  if (!fp)\n    return;\n  fclose (fp);\n  fprintf (fp, \"%d\", 1);\n}\n")
        rc, err = gcc(args, "-fplugin=" + args.plugin, "-c", "-o", "/dev/null", src)
        assert rc == 0 and ("'fprintf' on closed FILE 'fp' [CWE-910] [-Wanalyzer-file-use-after-close]" in err), err
        if gcc_major(args) >= 16:
            rc, err = gcc(args, "-fplugin=" + args.plugin, "-fdiagnostics-format=sarif-stderr", "-c", "-o",
                          "/dev/null", src)
            warn = [r for r in json.loads(err)["runs"][0]["results"] if r.get("level") == "warning"]
            assert len(warn) == 1 and warn[0]["message"]["text"].endswith("[-Wanalyzer-file-use-after-close]"), warn
            assert {"id": "910", "toolComponent": {"name": "cwe"}} in warn[0].get("taxa", []), warn
        else:
            rc, err = gcc(args, "-fplugin=" + args.plugin, "-fdiagnostics-format=json", "-c", "-o", "/dev/null",
                          src)
            warn = [d for d in json.loads(err) if d.get("kind") == "warning"]
            assert len(warn) == 1 and warn[0]["message"].endswith("[-Wanalyzer-file-use-after-close]"), warn
            assert warn[0].get("metadata", {}).get("cwe") == 910, warn
        with open(src, "w") as f:
            f.write("#include <fcntl.h>\nvoid f (const char *p)\n{\n  int fd = open (p, O_RDONLY);\n"
                    "  if (fd < 0)\n    return;\n}\n")
        rc, err = gcc(args, "-fplugin=" + args.plugin, "-c", "-o", "/dev/null", src)
        assert rc == 0 and "leak of file descriptor 'fd' [CWE-775] [-Wanalyzer-fd-leak]" in err, err
        # (-Wno-analyzer-fd-leak: GCC's own option from GCC 13, the
        # plugin's disable= before; pathwise-gcc maps it either way.)
        if gcc_major(args) >= 13:
            rc, err = gcc(args, "-fplugin=" + args.plugin, "-Wno-analyzer-fd-leak", "-c", "-o", "/dev/null", src)
            assert rc == 0 and "fd-leak" not in err, err


@check
def dump_ir_writes_the_module(args):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "ir.txt")
        rc, err = gcc(args, "-fplugin=" + args.plugin, "-fplugin-arg-pathwise-dump-ir=" + out, "-c", "-o",
                      "/dev/null", example(args))
        assert rc == 0, err
        text = open(out).read()
        assert "func @process(" in text and "call @free(" in text, text


@check
def preprocessed_file_keeps_findings_at_system_macros(args):
    """A .i file (as distcc compiles one) marks the text a system header's
    macro expanded to ("return NULL;") as a system header's: a finding
    there is still the user's, and is reported (GCC's own rule would drop
    it)."""
    src = """#include <stdlib.h>
#include <string.h>
char *copy(const char *s, int keep)
{
  char *p = malloc(strlen(s) + 1);
  if (!p)
    return NULL;
  strcpy(p, s);
  if (!keep)
    return NULL;
  return p;
}
"""
    with tempfile.TemporaryDirectory() as tmp:
        c = os.path.join(tmp, "copy.c")
        i = os.path.join(tmp, "copy.i")
        with open(c, "w") as f:
            f.write(src)
        rc, err = gcc(args, "-E", c, "-o", i)
        assert rc == 0, err
        rc, err = gcc(args, "-fplugin=" + args.plugin, "-c", "-o", "/dev/null", i)
        assert rc == 0 and "copy.c:10:11: warning: leak of 'p' [CWE-401]" in err, err
        # (with -fdirectives-only the macro is expanded at compile time:
        # the place is the one a compile of the .c file gives)
        rc, err = gcc(args, "-fdirectives-only", "-E", c, "-o", i)
        assert rc == 0, err
        rc, err = gcc(args, "-fdirectives-only", "-fplugin=" + args.plugin, "-c", "-o", "/dev/null", i)
        assert rc == 0 and "copy.c:10:12: warning: leak of 'p' [CWE-401]" in err, err


@check
def verbose_prints_a_summary(args):
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-fplugin-arg-pathwise-verbose", "-c", "-o", "/dev/null",
                  example(args))
    assert rc == 0 and "2 functions lowered, 0 not lowered, 0 analysis failures" in err, err


@check
def broken_code_keeps_gcc_errors_only(args):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "broken.c")
        with open(src, "w") as f:
            f.write("int f (void) { return undeclared_name; }\n")
        rc, err = gcc(args, "-fplugin=" + args.plugin, "-c", "-o", "/dev/null", src)
        assert rc != 0 and "undeclared_name" in err and "pathwise" not in err, err


OVERFLOW = "int arr[10];\nvoid f (int x)\n{\n  arr[10] = x;\n}\n"


def gcc_on_terminal(args, *extra, lang="C.UTF-8"):
    # Runs gcc with its stderr on a pseudo-terminal; returns what it wrote.
    import pty
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(LC_ALL=lang, LANG=lang)
        os.execvp(args.gcc, [args.gcc] + list(extra))
    out = b""
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        out += data
    os.waitpid(pid, 0)
    return out.decode("utf-8", "replace")


@check
def overflow_picture_on_a_terminal_only(args):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "oob.c")
        with open(src, "w") as f:
            f.write(OVERFLOW)
        base = ["-fplugin=" + args.plugin, "-c", "-o", "/dev/null", src]
        # A terminal, UTF-8: the picture in box-drawing characters, after
        # the warning's notes.
        out = gcc_on_terminal(args, *base)
        assert "buffer overflow" in out and "capacity: 40 bytes" in out and "overflow of 4 bytes" in out, out
        assert "\u250c" in out and "'arr' (type: 'int[10]')" in out, out
        assert out.index("valid subscripts") < out.index("overflow of 4 bytes"), out
        # The C locale: ASCII.
        out = gcc_on_terminal(args, *base, lang="C")
        assert "overflow of 4 bytes" in out and "\u250c" not in out and "+---" in out, out
        # Plain output, JSON, or 'no': none.
        for extra in ["-fdiagnostics-plain-output", "-fplugin-arg-pathwise-diagrams=no"]:
            out = gcc_on_terminal(args, *base, extra)
            assert "buffer overflow" in out and "overflow of 4 bytes" not in out, (extra, out)
        # Not a terminal: none unless asked for.
        rc, err = gcc(args, *base)
        assert rc == 0 and "buffer overflow" in err and "overflow of 4 bytes" not in err, err
        rc, err = gcc(args, *base, "-fplugin-arg-pathwise-diagrams=unicode")
        assert rc == 0 and "overflow of 4 bytes" in err and "\u2514" in err, err
        # (Never into machine-readable output: JSON, or SARIF from GCC 16.)
        if gcc_major(args) >= 16:
            rc, err = gcc(args, *base, "-fplugin-arg-pathwise-diagrams=yes", "-fdiagnostics-format=sarif-stderr")
            assert rc == 0 and json.loads(err)["runs"][0]["results"], err
        else:
            rc, err = gcc(args, *base, "-fplugin-arg-pathwise-diagrams=yes", "-fdiagnostics-format=json")
            assert rc == 0 and any(d.get("kind") == "warning" for d in json.loads(err)), err


@check
def bad_diagrams_value_is_one_line_error(args):
    rc, err = gcc(args, "-fplugin=" + args.plugin, "-fplugin-arg-pathwise-diagrams=maybe", "-c", "-o", "/dev/null",
                  example(args))
    lines = [l for l in err.splitlines() if "error" in l]
    assert rc != 0 and len(lines) == 1 and "'maybe'" in lines[0] and "'yes', 'no', 'ascii' or 'unicode'" in lines[0], err


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--examples", required=True)
    args = ap.parse_args()
    return check.run(args, (AssertionError,))


if __name__ == "__main__":
    sys.exit(main())
