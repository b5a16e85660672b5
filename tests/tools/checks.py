# The runner the tool tests share: checks registered with a decorator, run
# in order, each failure printed, then "N passed, N failed".
# SPDX-License-Identifier: GPL-3.0-or-later


class Checks:
    def __init__(self):
        self.fns = []

    def __call__(self, fn):  # @check
        self.fns.append(fn)
        return fn

    def run(self, args, failures=(AssertionError,)):
        """Runs every check with args; exceptions of the given kinds fail
        one check. Returns the exit status."""
        passed = failed = 0
        for fn in self.fns:
            try:
                fn(args)
                passed += 1
            except failures as e:
                failed += 1
                print("FAIL: %s: %s" % (fn.__name__, e if isinstance(e, AssertionError) else repr(e)))
        print("%d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
