# Running a compiler and measuring it: CPU time and peak memory via wait4.
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import selectors
import subprocess
import time


def run_measured(cmd, timeout, cwd):
    """Runs cmd; returns (status, stderr, user+sys CPU seconds, peak RSS in KiB)
    of the child and the processes it waited for (gcc's cc1, as). status None
    = timed out (a hang)."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd,
                         env=dict(os.environ, LC_ALL="C"))
    deadline = time.monotonic() + timeout
    chunks = []
    sel = selectors.DefaultSelector()
    sel.register(p.stderr, selectors.EVENT_READ)
    timed_out = False
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = True
            p.kill()
            break
        events = sel.select(timeout=min(remaining, 1.0))
        if events:
            data = os.read(p.stderr.fileno(), 65536)
            if not data:
                break
            chunks.append(data)
    sel.close()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    p.stderr.close()
    cpu = usage.ru_utime + usage.ru_stime
    text = b"".join(chunks).decode("utf-8", "replace")
    return (None if timed_out else p.returncode), text, cpu, usage.ru_maxrss
