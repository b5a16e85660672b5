# dg.py — GCC test-suite notation (dg- directives) for pathwise's runners.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Reads the dg- directives of a C file (dg-warning, dg-error, dg-message,
# dg-note, dg-bogus, dg-line, dg-options, dg-additional-options), compiles
# the file, and matches the diagnostics as GCC's DejaGnu harness does:
# each expectation consumes one diagnostic on its line; warnings and errors
# nobody expected are "excess" and fail the test; unmatched notes (path
# events) are allowed.
import os
import re
import shlex
import subprocess
from dataclasses import dataclass, field

DIAG_RE = re.compile(r"^(.*?):(\d+):(?:(\d+):)? (warning|error|note|fatal error): (.*)$")


@dataclass
class Expectation:
    kind: str            # warning, error, message, note, bogus
    regex: str
    line: int
    xfail: bool = False
    comment: str = ""


@dataclass
class Diagnostic:
    file: str
    line: int
    col: int
    kind: str            # warning, error, note
    text: str
    used: bool = False


@dataclass
class TestFile:
    path: str
    expectations: list = field(default_factory=list)
    options: list = None            # dg-options (replaces defaults), or None
    additional: list = field(default_factory=list)
    labels: dict = field(default_factory=dict)
    unsupported: list = field(default_factory=list)
    errors: list = field(default_factory=list)  # problems with the directives
    skip: str = ""                  # why the whole file does not apply here ("" = it does)
    prune: list = field(default_factory=list)   # dg-prune-output patterns
    skip_if: list = field(default_factory=list) # (include opts, exclude opts, selector) of dg-skip-if
    do: str = "compile"             # dg-do: compile, link, run, ...
    sources: list = field(default_factory=list) # dg-additional-sources, beside the test file


def skip_reason(test, flags):
    """Why the test does not apply with these compiler flags ("" if it does)."""
    if test.skip:
        return test.skip
    for inc, exc, sel in test.skip_if:
        def present(opts):
            return any(o in ("*", "") or o in flags for o in opts)
        if (not inc or present(inc)) and not (exc and any(o in flags for o in exc if o not in ("", "*"))):
            return "dg-skip-if %s" % sel
    return ""


# --- Tcl-ish tokenizing of one directive ---------------------------------

def _balanced(text, start):
    """Index just past the brace group that opens at text[start]."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def _tcl_unescape(s):
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            # (Tcl's escapes: "[^\n\r]" is a class without newline and
            # carriage return.)
            out.append({"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def tcl_words(text):
    """Splits the inside of a directive into words: "quoted" (with Tcl
    backslash substitution), {braced} (verbatim), or bare."""
    words = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            words.append(_tcl_unescape(text[i + 1:j]))
            i = j + 1
        elif c == "{":
            j = _balanced(text, i)
            if j < 0:
                raise ValueError("unbalanced braces")
            words.append(text[i + 1:j - 1].strip())
            i = j
        else:
            j = i
            while j < len(text) and not text[j].isspace():
                j += 1
            words.append(text[i:j])
            i = j
    return words


# --- selectors: { target ... } / { xfail ... } ----------------------------

TRUE_TARGETS = {"lp64", "native", "c", "x86_64-*-*", "*-*-*", "*-*-linux*", "x86_64-*-linux*",
                "i?86-*-*", "x86_64-pc-linux-gnu", "fpic", "pthread", "alloca", "stdint_types",
                "nonpic", "int32plus", "size32plus", "ptr_eq_long", "sync_int_long", "signal",
                "fgraphite", "analyzer", "lto", "setjmp", "nonlocal_goto", "indirect_jumps",
                "label_values", "trampolines", "wchar", "int128", "dfp", "tls", "linux", "hostedlib",
                "sockets", "sigsetjmp", "size24plus", "indirect_calls", "int32", "sync_int_long_stack",
                "sync_char_short", "vect_int", "float16", "fopenmp"}


# The GCC major version the tests run with (the runners set it): the
# effective targets gccN (that version) and gccN+ (it or later) mark the
# expectations that legitimately differ by version.
GCC_MAJOR = 12


def gcc_major(gcc):
    """The major version of a gcc driver (`gcc -dumpversion`)."""
    out = subprocess.run([gcc, "-dumpversion"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True).stdout.strip()
    return int(out.split(".")[0]) if out.split(".")[0].isdigit() else 0


def eval_selector(words):
    """Evaluates a selector's words after 'target'/'xfail': target triplets and
    simple effective targets, with !, && and ||. Unknown names are false."""
    expr = " ".join(words)
    tokens = re.findall(r"\|\||&&|!|\{|\}|[^\s{}!&|]+", expr)
    pos = 0

    def atom():
        nonlocal pos
        if pos >= len(tokens):
            return False
        t = tokens[pos]
        pos += 1
        if t == "!":
            return not atom()
        if t == "{":
            v = disj()
            if pos < len(tokens) and tokens[pos] == "}":
                pos += 1
            return v
        if t in TRUE_TARGETS:
            return True
        m = re.fullmatch(r"gcc(\d+)(\+?)", t)
        if m:
            n = int(m.group(1))
            return GCC_MAJOR >= n if m.group(2) else GCC_MAJOR == n
        if "-" in t and "*" in t:
            pat = "^" + re.escape(t).replace(r"\*", ".*").replace(r"\?", ".") + "$"
            return re.match(pat, "x86_64-pc-linux-gnu") is not None
        return False

    def conj():
        nonlocal pos
        v = atom()
        while pos < len(tokens) and tokens[pos] == "&&":
            pos += 1
            v = atom() and v
        return v

    def disj():
        nonlocal pos
        v = conj()
        while pos < len(tokens) and tokens[pos] == "||":
            pos += 1
            v = conj() or v
        return v

    return disj()


# --- reading a test file ---------------------------------------------------

def _line_spec(spec, here, labels):
    if spec == ".":
        return here
    m = re.fullmatch(r"\.\s*([+-])\s*(\d+)", spec)
    if m:
        n = int(m.group(2))
        return here + n if m.group(1) == "+" else here - n
    if spec.isdigit():
        return int(spec)
    if spec in labels:
        return labels[spec]
    raise ValueError("unknown line specification '%s'" % spec)


def parse_test(path):
    t = TestFile(path)
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    directives = []
    for n, text in enumerate(lines, start=1):
        # (As DejaGnu finds them: blanks after the brace and before the
        # closing one; "{dg-message ...}" is a comment to it.)
        for m in re.finditer(r"\{[ \t]+dg-", text):
            end = _balanced(text, m.start())
            if end < 0:
                t.errors.append("%d: unbalanced directive" % n)
                continue
            if text[end - 2] not in " \t":
                continue
            try:
                words = tcl_words(text[m.start() + 1:end - 1])
            except ValueError as e:
                t.errors.append("%d: %s" % (n, e))
                continue
            if words:
                directives.append((n, words))
    # Labels first, so that directives may refer to later labels.
    for n, words in directives:
        if words[0] == "dg-line" and len(words) >= 2:
            t.labels[words[1]] = n
    for n, words in directives:
        name, args = words[0], words[1:]
        try:
            if name in ("dg-warning", "dg-error", "dg-message", "dg-note", "dg-bogus"):
                if not args:
                    raise ValueError("%s without a pattern" % name)
                kind = name[3:]
                regex = args[0]
                comment = args[1] if len(args) > 1 else ""
                xfail = False
                line = n
                rest = args[2:]
                if rest:
                    sel = tcl_words(rest[0]) if rest[0] else []
                    if sel and sel[0] == "target":
                        if not eval_selector(sel[1:]):
                            t.unsupported.append((n, regex))
                            continue
                    elif sel and sel[0] == "xfail":
                        xfail = eval_selector(sel[1:])
                    rest = rest[1:]
                if rest:
                    line = _line_spec(rest[0], n, t.labels)
                t.expectations.append(Expectation(kind, regex, line, xfail, comment))
            elif name == "dg-require-effective-target":
                if args and not eval_selector(tcl_words(args[0]) if " " in args[0] else [args[0]]):
                    t.skip = t.skip or "requires %s" % args[0]
            elif name == "dg-skip-if":
                # { dg-skip-if "comment" { selector } { include-opts } { exclude-opts } }
                if len(args) >= 2 and eval_selector(tcl_words(args[1])):
                    inc = tcl_words(args[2]) if len(args) > 2 else ["*"]
                    exc = tcl_words(args[3]) if len(args) > 3 else []
                    t.skip_if.append((inc, exc, args[1]))
            elif name == "dg-do":
                if args:
                    t.do = args[0]
            elif name == "dg-additional-sources":
                for src in (shlex.split(args[0]) if args else []):
                    t.sources.append(os.path.join(os.path.dirname(path), src))
            elif name == "dg-prune-output":
                if args:
                    t.prune.append(args[0])
            elif name == "dg-options":
                t.options = shlex.split(args[0]) if args else []
            elif name == "dg-additional-options":
                if len(args) > 1:
                    sel = tcl_words(args[1])
                    if sel and sel[0] == "target" and not eval_selector(sel[1:]):
                        continue
                t.additional += shlex.split(args[0]) if args else []
        except ValueError as e:
            t.errors.append("%d: %s" % (n, e))
    return t


# --- compiling and matching -----------------------------------------------

def parse_diagnostics(stderr, source, prune=()):
    diags = []
    for pattern in prune:
        try:
            stderr = "\n".join(l for l in stderr.splitlines() if not re.search(_tcl_regex(pattern), l))
        except re.error:
            pass
    base = os.path.basename(source)
    for raw in stderr.splitlines():
        m = DIAG_RE.match(raw)
        if not m:
            continue
        kind = "error" if m.group(4) == "fatal error" else m.group(4)
        diags.append(Diagnostic(m.group(1), int(m.group(2)), int(m.group(3) or 0), kind, m.group(5)))
    for d in diags:
        d.in_test = os.path.basename(d.file) == base
    return diags


def _tcl_regex(pattern):
    """Tcl ARE to Python: the common forms agree; translate the few that differ."""
    p = pattern.replace("[[:space:]]", r"\s")
    p = re.sub(r"\\y", r"\\b", p)
    return p


def match(test, diags):
    """Returns a list of (status, description); status in PASS, FAIL, XFAIL, XPASS."""
    results = []
    kinds = {"warning": {"warning"}, "error": {"error"}, "note": {"note"},
             "message": {"warning", "error", "note"}, "bogus": {"warning", "error", "note"}}
    for e in test.expectations:
        # A pattern that starts with "N: " wants the diagnostic at column N
        # (as GCC's process-message reads it).
        col = None
        pattern = e.regex
        m = re.match(r"^([0-9]+): ", pattern)
        if m:
            col = int(m.group(1))
            pattern = pattern[m.end():]
        try:
            rx = re.compile(_tcl_regex(pattern))
        except re.error as err:
            results.append(("FAIL", "line %d: bad pattern %r: %s" % (e.line, e.regex, err)))
            continue
        hit = None
        for d in diags:
            # DejaGnu matches "<any file>:LINE:", so a diagnostic in a header
            # the test includes (a macro's definition) answers an
            # expectation for that line number too; the test's own file
            # is tried first.
            if (not d.used and d.in_test and d.line == e.line and d.kind in kinds[e.kind] and
                    (col is None or d.col == col) and rx.search(d.text)):
                hit = d
                break
        for d in ([] if hit else diags):
            if (not d.used and d.line == e.line and d.kind in kinds[e.kind] and (col is None or d.col == col) and
                    rx.search(d.text)):
                hit = d
                break
        if hit:
            hit.used = True
        what = "%s:%d: dg-%s %r" % (os.path.basename(test.path), e.line, e.kind, e.regex)
        if e.kind == "bogus":
            ok = hit is None
        else:
            ok = hit is not None
        if e.xfail:
            results.append(("XPASS" if ok else "XFAIL", what))
        else:
            results.append(("PASS" if ok else "FAIL", what))
    for d in diags:
        if not d.used and d.kind in ("warning", "error"):
            results.append(("FAIL", "excess %s at %s:%d:%d: %s" % (d.kind, os.path.basename(d.file),
                                                                    d.line, d.col, d.text)))
    return results


def compile_test(gcc, flags, source, timeout=120):
    cmd = [gcc] + flags + [source]
    env = dict(os.environ, LC_ALL="C", LANG="C")  # plain quotes, as GCC's test suite has them
    env.pop("GCC_COLORS", None)
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=timeout, errors="replace", env=env)
        return p.returncode, p.stderr, cmd
    except subprocess.TimeoutExpired:
        return None, "", cmd
