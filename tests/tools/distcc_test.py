#!/usr/bin/env python3
# pathwise scan on a compile farm: two distccd workers on 127.0.0.1, a
# make project of several files, and the findings of a scan through them
# identical (rules, places, messages, paths, fingerprints) to a local
# scan's. The workers run pathwise-gcc (distccd refuses -fplugin=), from a
# folder of their own, as a real worker has it installed; the findings
# come back on stderr only.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

FILES = {
    "closed.c": """#include <stdio.h>
void log_once(const char *path)
{
  FILE *fp = fopen(path, "w");
  if (!fp)
    return;
  fclose(fp);
  fprintf(fp, "bye\\n");
}
""",
    "leak.c": """#include <stdlib.h>
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
""",
    "twice.c": """#include <stdlib.h>
void drop(int *p, int again)
{
  free(p);
  if (again)
    free(p);
}
""",
    "clean.c": """int add(int a, int b) { return a + b; }
""",
}


def free_ports(n):
    socks = [socket.socket() for _ in range(n)]
    for s in socks:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


def results(path):
    with open(path) as f:
        run = json.load(f)["runs"][0]
    return sorted((r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"].get("uri", ""),
                   r["locations"][0]["physicalLocation"]["region"]["startLine"], r["message"]["text"],
                   json.dumps(r.get("codeFlows"), sort_keys=True), json.dumps(r.get("partialFingerprints")))
                  for r in run["results"])


def compiles_logged(logs):
    n = 0
    for log in logs:
        if os.path.exists(log):
            with open(log, errors="replace") as f:
                n += sum(1 for line in f if " compile from " in line)
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    ap.add_argument("--wrapper", required=True, help="pathwise-gcc")
    ap.add_argument("--plugin", required=True)
    args = ap.parse_args()
    args.driver, args.wrapper, args.plugin = (os.path.abspath(p) for p in (args.driver, args.wrapper, args.plugin))
    if not shutil.which("distccd") or not shutil.which("distcc"):
        print("distcc is not installed (scripts/install-deps.sh installs it)")
        print("0 passed, 1 failed")
        return 1
    passed = failed = 0
    work = tempfile.mkdtemp(prefix="pathwise-distcc.")
    daemons = []
    try:
        # What a worker has installed: pathwise-gcc and the plugin, where
        # the daemon's user (nobody, when this runs as root) can read them.
        worker = os.path.join(work, "worker")
        os.makedirs(worker)
        for src, name in ((args.wrapper, "pathwise-gcc"), (args.plugin, "pathwise.so")):
            shutil.copy(src, os.path.join(worker, name))
            os.chmod(os.path.join(worker, name), 0o755)
        for d in (work, worker):
            os.chmod(d, 0o755)
        logdir = os.path.join(work, "logs")
        os.makedirs(logdir)
        os.chmod(logdir, 0o777)
        ports = free_ports(2)
        logs = [os.path.join(logdir, "d%d.log" % p) for p in ports]
        env_worker = {"PATH": worker + ":/usr/bin:/bin", "PATHWISE_PLUGIN": os.path.join(worker, "pathwise.so")}
        for port, log in zip(ports, logs):
            cmd = ["distccd", "--daemon", "--no-detach", "--enable-tcp-insecure", "--port", str(port), "--listen",
                   "127.0.0.1", "--allow", "127.0.0.1", "--log-file", log, "--log-level", "info", "--jobs", "2"]
            if os.geteuid() == 0:
                cmd += ["--user", "nobody"]
            daemons.append(subprocess.Popen(cmd, env=env_worker, stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for port in ports:  # (listening?)
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)

        project = os.path.join(work, "project")
        os.makedirs(project)
        for name, text in FILES.items():
            with open(os.path.join(project, name), "w") as f:
                f.write(text)
        objects = " ".join(n[:-2] + ".o" for n in sorted(FILES))
        with open(os.path.join(project, "Makefile"), "w") as f:
            f.write("CC = gcc\nall: %s\n%%.o: %%.c\n\t$(CC) -O0 -c $< -o $@\n" % objects)

        os.makedirs(os.path.join(work, "state"))
        env = dict(os.environ)
        env.update({"PATHWISE_PLUGIN": args.plugin, "DISTCC_HOSTS": " ".join("127.0.0.1:%d/2" % p for p in ports),
                    "DISTCC_FALLBACK": "0", "DISTCC_BACKOFF_PERIOD": "0", "DISTCC_DIR": os.path.join(work, "state")})

        def scan(*extra, sarif):
            p = subprocess.run([args.driver, "scan", "--sarif", sarif] + list(extra), cwd=project, env=env,
                               capture_output=True, text=True, timeout=300)
            return p.returncode, p.stderr

        def check(name, ok, detail=""):
            nonlocal passed, failed
            if ok:
                passed += 1
                print("PASS", name)
            else:
                failed += 1
                print("FAIL", name, detail)

        local = os.path.join(work, "local.sarif")
        rc, err = scan("-j", "2", "--", "make", "-B", sarif=local)
        check("local scan", rc == 1 and "4 translation units, 0 failed to compile; 3 findings" in err, err[-2000:])

        farm = os.path.join(work, "farm.sarif")
        rc, err = scan("--distcc", "-j", "4", "--show-compiler-output", "--", "make", "-B", sarif=farm)
        check("scan through two distcc workers", rc == 1 and "4 translation units, 0 failed to compile" in err,
              err[-2000:])
        check("every unit analysed on a worker", compiles_logged(logs) == len(FILES), compiles_logged(logs))
        check("findings identical to the local scan's", os.path.exists(farm) and results(farm) == results(local),
              "farm: %s\nlocal: %s" % (results(farm) if os.path.exists(farm) else None, results(local)))
        check("a worker's findings printed as local ones", "double-'free' of 'p'" in err and
              "pathwise: SARIF log follows" not in err, err[-2000:])

        # A database whose commands name distcc: analysed through it too,
        # without --distcc.
        db = [{"directory": project, "file": n, "command": "distcc gcc -O0 -c %s -o %s.o" % (n, n[:-2])}
              for n in sorted(FILES)]
        with open(os.path.join(project, "compile_commands.json"), "w") as f:
            json.dump(db, f)
        before = compiles_logged(logs)
        db_sarif = os.path.join(work, "db.sarif")
        rc, err = scan("-j", "4", sarif=db_sarif)
        check("distcc named in the database: analysed on the workers",
              rc == 1 and compiles_logged(logs) - before == len(FILES) and results(db_sarif) == results(local),
              err[-2000:])

        # --distcc where it cannot work: one line, exit 2.
        env_no = dict(env, PATH="/nonexistent")
        p = subprocess.run([args.driver, "scan", "--distcc"], cwd=project, env=env_no,
                           capture_output=True, text=True, timeout=60)
        check("--distcc without distcc: a one-line error", p.returncode == 2 and
              p.stderr.strip().count("\n") == 0 and "--distcc needs distcc" in p.stderr, (p.returncode, p.stderr))
    finally:
        for d in daemons:
            d.terminate()
        for d in daemons:
            try:
                d.wait(timeout=10)
            except subprocess.TimeoutExpired:
                d.kill()
        shutil.rmtree(work, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
