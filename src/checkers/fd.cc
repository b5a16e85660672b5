// fd checker: POSIX file descriptors — leaks, double close, use after
// close, use without checking that open succeeded (GCC 13's names).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <string>
#include <string_view>

#include "checkers/checker.h"

namespace pathwise {
namespace {

// Unchecked: made by open() and the like (-1 when that failed); Valid:
// known to be a descriptor (checked >= 0, or one of pipe()'s); Closed:
// given to close(); Stop: reported once already, handed to something else
// (fdopen), or known invalid; Pair: the array pipe() and socketpair()
// fill (what is read from it is Valid).
enum : StateId { Start = 0, Unchecked, Closed, Stop, Valid, Pair, Invalid };

const ChangeText kOpened{Start, Unchecked, "opened here"};
const ChangeText kFromPair{Start, Valid, "opened here"};
const ChangeText kAssumeValid{Unchecked, Valid, "assuming %E is a valid file descriptor (>= 0)"};

// CWE-775: Missing Release of File Descriptor or Handle after Effective Lifetime.
const Warning kFdLeak{"fd-leak",
                      775,
                      "Missing Release of File Descriptor or Handle after Effective Lifetime",
                      "leak of file descriptor %E",
                      {kOpened, kFromPair, kAssumeValid},
                      "%E leaks here; was opened at %N",
                      "%E leaks here",
                      Unchecked};

// ...of one nothing names (a result thrown away: "open (path, O_RDONLY);").
const Warning kFdLeakUnnamed{"fd-leak",
                             775,
                             "Missing Release of File Descriptor or Handle after Effective Lifetime",
                             "leak of file descriptor",
                             {kOpened, kFromPair, kAssumeValid},
                             "leaks here; was opened at %N",
                             "leaks here",
                             Unchecked};

// CWE-1341: Multiple Releases of Same Resource or Handle.
const Warning kFdDoubleClose{"fd-double-close",
                             1341,
                             "Multiple Releases of Same Resource or Handle",
                             "double %<close%> of file descriptor %E",
                             {kOpened, kFromPair, kAssumeValid, {kAnyState, Closed, "first %<close%> here"}},
                             "second %<close%> here; first %<close%> was at %N",
                             "second %<close%> here",
                             Closed};

// CWE-910: Use of Expired File Descriptor.
const Warning kFdUseAfterClose{"fd-use-after-close",
                               910,
                               "Use of Expired File Descriptor",
                               "%<%D%> on closed file descriptor %E",
                               {kOpened, kFromPair, kAssumeValid, {kAnyState, Closed, "closed here"}},
                               "%<%D%> on closed file descriptor %E; %<close%> was at %N",
                               "%<%D%> on closed file descriptor %E",
                               Closed};

const Warning kFdUseWithoutCheck{"fd-use-without-check",
                                 0,
                                 "",
                                 "%<%D%> on possibly invalid file descriptor %E",
                                 {kOpened, {Unchecked, Invalid, "assuming %E is an invalid file descriptor (< 0)"}},
                                 "%E could be invalid: unchecked value from %N",
                                 "%E could be invalid",
                                 Unchecked};

// Functions returning a new descriptor (-1 on failure).
bool is_opener(std::string_view f) {
  return one_of(f, {"open", "open64", "openat", "openat64", "creat", "creat64", "socket", "accept", "accept4", "dup",
                    "epoll_create", "epoll_create1", "eventfd", "memfd_create", "inotify_init", "inotify_init1",
                    "timerfd_create", "signalfd"});
}

// Functions that fill an array of two descriptors: its argument index.
int pair_argument(std::string_view f) {
  if (one_of(f, {"pipe", "pipe2"}))
    return 0;
  return f == "socketpair" ? 3 : -1;
}

// Functions that use the descriptor given as their first argument.
bool uses_first(std::string_view f) {
  return one_of(f, {"read",   "write",     "pread",    "pwrite",     "pread64",  "pwrite64", "readv",
                    "writev", "send",      "recv",     "sendto",     "recvfrom", "sendmsg",  "recvmsg",
                    "fstat",  "fstat64",   "fsync",    "fdatasync",  "lseek",    "lseek64",  "ftruncate",
                    "fchmod", "fchown",    "bind",     "listen",     "connect",  "shutdown", "getsockopt",
                    "setsockopt", "accept", "accept4", "dup",        "dup2",     "dup3",     "flock",
                    "fcntl",  "ioctl",     "getsockname", "getpeername", "posix_fadvise", "fstatfs"});
}

class FdChecker final : public Checker {
public:
  const char *name() const override { return "fd"; }
  bool models(std::string_view f) const override { return is_opener(f) || pair_argument(f) >= 0 || f == "close"; }

  const std::vector<const char *> &state_names() const override {
    static const std::vector<const char *> names = {"start", "unchecked", "closed", "stop", "valid", "pair",
                                                    "invalid"};
    return names;
  }

  std::vector<const Warning *> warnings() const override {
    return {&kFdLeak, &kFdDoubleClose, &kFdUseAfterClose, &kFdUseWithoutCheck};
  }

  bool on_call(CheckerContext &ctx, const CallEvent &call) override {
    const bool uses = uses_first(call.callee);
    // (dup of a closed descriptor fails: nothing to track in its result.)
    const bool closed_arg = uses && !call.args.empty() && ctx.state(call.args[0]) == Closed;
    if (uses && !call.args.empty())
      use(ctx, call, std::string(call.callee));
    if (is_opener(call.callee)) {
      if (call.result && !closed_arg) {
        ctx.set_state(call.result, Unchecked, *call.result_text);
        ctx.assume(call.result, ir::OpName::Ge, -1); // a descriptor, or -1
      }
      return true;
    }
    const int pair = pair_argument(call.callee);
    if (pair >= 0 && static_cast<size_t>(pair) < call.args.size()) {
      if (const SvalId fds = ctx.fill_pointee(call.args[static_cast<size_t>(pair)]))
        ctx.set_state(fds, Pair, call.arg_text(static_cast<size_t>(pair)));
      return true;
    }
    if (call.callee == "close" && !call.args.empty()) {
      const SvalId fd = call.args[0];
      const StateId s = ctx.state(fd);
      if (s == Closed) {
        ctx.report(kFdDoubleClose, fd, call.arg_text(0));
        ctx.set_state(fd, Stop, call.arg_text(0));
      } else if (s == Unchecked || s == Valid) {
        ctx.set_state(fd, Closed, call.arg_text(0));
      }
      return true;
    }
    // A stream made from the descriptor owns it now (the file checker's).
    if (call.callee == "fdopen" && !call.args.empty() && ctx.state(call.args[0]) != Start)
      ctx.set_state(call.args[0], Stop, call.arg_text(0));
    return uses;
  }

  bool is_leakable(StateId s) const override { return s == Unchecked || s == Valid; }

  // fds[0] and fds[1] after pipe (fds).
  void on_derive(CheckerContext &ctx, SvalId result, SvalId a, SvalId b) override {
    if (!b && ctx.state(a) == Pair)
      ctx.set_state(result, Valid, "");
  }

  // "fd >= 0", "fd != -1": valid on that branch; "fd < 0": nothing to
  // close.
  void on_condition(CheckerContext &ctx, SvalId a, ir::OpName, SvalId b, bool) override {
    for (SvalId fd : {a, b}) {
      if (ctx.state(fd) != Unchecked)
        continue;
      if (ctx.compare(fd, ir::OpName::Ge, 0) == Tri::True)
        ctx.set_state(fd, Valid, ctx.text_of(fd));
      else if (ctx.compare(fd, ir::OpName::Lt, 0) == Tri::True)
        ctx.set_state(fd, Invalid, ctx.text_of(fd)); // (open failed: nothing to close, nothing to use)
    }
  }

  void on_leak(CheckerContext &ctx, SvalId fd, StateId, const std::string &expr) override {
    if (ctx.compare(fd, ir::OpName::Lt, 0) != Tri::True) // -1 (open failed) holds nothing
      ctx.report(expr.empty() ? kFdLeakUnnamed : kFdLeak, fd, expr);
  }

private:
  void use(CheckerContext &ctx, const CallEvent &call, const std::string &callee) {
    const SvalId fd = call.args[0];
    const StateId s = ctx.state(fd);
    if (s == Closed) {
      ctx.report(kFdUseAfterClose, fd, call.arg_text(0), nullptr, 0, nullptr, callee);
      ctx.set_state(fd, Stop, call.arg_text(0));
    } else if (s == Unchecked && ctx.compare(fd, ir::OpName::Ge, 0) == Tri::Unknown && !ctx.facts_dropped()) {
      // Used before anything showed that open() succeeded: warned once.
      ctx.report(kFdUseWithoutCheck, fd, call.arg_text(0), nullptr, 0, nullptr, callee);
    } else if ((s == Invalid || (s == Start && ctx.is_constant(fd))) &&
               ctx.compare(fd, ir::OpName::Lt, 0) == Tri::True && !ctx.facts_dropped()) {
      // Known not to be a descriptor: open() failed on this path, or -1.
      ctx.report(kFdUseWithoutCheck, fd, call.arg_text(0), nullptr, 0, nullptr, callee);
      if (s == Invalid)
        ctx.set_state(fd, Stop, call.arg_text(0));
    }
  }
};

} // namespace

std::unique_ptr<Checker> make_fd_checker() { return std::make_unique<FdChecker>(); }

} // namespace pathwise
