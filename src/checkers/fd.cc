// fd checker: POSIX file descriptors — leaks, double close, use after
// close, use without checking that open succeeded (GCC 13's names).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <string>
#include <string_view>

#include "checkers/checker.h"

namespace pathwise {
namespace {

// Unchecked: made by open() and the like (-1 when that failed); Valid:
// known to be a descriptor (checked >= 0, or one of pipe()'s); Closed:
// given to close(); Stop: reported once already, handed to something else
// (fdopen), or known invalid; Invalid: known < 0 (open() failed).
// (State 5 is unused.)
enum : StateId { Start = 0, Unchecked, Closed, Stop, Valid, Unused, Invalid };

// Beside its kind, an open descriptor's state says how it was opened
// (read-only or write-only; neither: read-write or not known), and whether
// the program owns it (not a number it chose itself, dup2's second
// argument: losing that is no leak).
constexpr StateId kKindMask = 0x0f;
constexpr StateId kReadOnly = 0x10;
constexpr StateId kWriteOnly = 0x20;
constexpr StateId kModeMask = kReadOnly | kWriteOnly;
constexpr StateId kBorrowed = 0x40;

StateId kind(StateId s) { return s == kAnyState ? s : static_cast<StateId>(s & kKindMask); }

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

// Reading from a descriptor opened write-only, or writing to one opened
// read-only (%X: "read-only" or "write-only").
const Warning kFdAccessModeMismatch{"fd-access-mode-mismatch",
                                    0,
                                    "",
                                    "%<%D%> on %X file descriptor %E",
                                    {kOpened, kFromPair, kAssumeValid},
                                    "%<%D%> on %X file descriptor %E",
                                    "%<%D%> on %X file descriptor %E",
                                    Unchecked};

// Functions returning a new descriptor (-1 on failure).
bool is_opener(std::string_view f) {
  return one_of(f, {"open", "open64", "openat", "openat64", "creat", "creat64", "socket", "accept", "accept4", "dup",
                    "dup2", "dup3", "epoll_create", "epoll_create1", "eventfd", "memfd_create", "inotify_init",
                    "inotify_init1", "timerfd_create", "signalfd"});
}

// Functions that fill an array of two descriptors (the engine stores them).
bool is_pair_maker(std::string_view f) { return one_of(f, {"pipe", "pipe2", "socketpair"}); }

// Functions that use the descriptor given as their first argument.
bool uses_first(std::string_view f) {
  return one_of(f, {"read",   "write",     "pread",    "pwrite",     "pread64",  "pwrite64", "readv",
                    "writev", "send",      "recv",     "sendto",     "recvfrom", "sendmsg",  "recvmsg",
                    "fstat",  "fstat64",   "fsync",    "fdatasync",  "lseek",    "lseek64",  "ftruncate",
                    "fchmod", "fchown",    "bind",     "listen",     "connect",  "shutdown", "getsockopt",
                    "setsockopt", "accept", "accept4", "dup",        "dup2",     "dup3",     "flock",
                    "fcntl",  "ioctl",     "getsockname", "getpeername", "posix_fadvise", "fstatfs"});
}

// ...and what they need it opened for.
bool reads_from(std::string_view f) {
  return one_of(f, {"read", "pread", "pread64", "readv", "recv", "recvfrom", "recvmsg"});
}
bool writes_to(std::string_view f) {
  return one_of(f, {"write", "pwrite", "pwrite64", "writev", "send", "sendto", "sendmsg"});
}

// dup2 and dup3: a duplicate at the number the caller gives.
bool is_dup_to(std::string_view f) { return one_of(f, {"dup2", "dup3"}); }

// Which argument of an opener holds open()'s flags (-1: none).
int flags_argument(std::string_view f) {
  if (one_of(f, {"open", "open64"}))
    return 1;
  return one_of(f, {"openat", "openat64"}) ? 2 : -1;
}

bool listed(const std::vector<uint32_t> &v, size_t k) {
  return std::find(v.begin(), v.end(), static_cast<uint32_t>(k + 1)) != v.end();
}

class FdChecker final : public Checker {
public:
  const char *name() const override { return "fd"; }
  bool models(std::string_view f) const override { return is_opener(f) || is_pair_maker(f) || f == "close"; }

  const std::vector<const char *> &state_names() const override {
    static const std::vector<const char *> names = {"start", "unchecked", "closed", "stop", "valid", "unused",
                                                    "invalid"};
    return names;
  }
  StateId kind_of(StateId s) const override { return kind(s); }

  std::vector<const Warning *> warnings() const override {
    return {&kFdLeak, &kFdDoubleClose, &kFdUseAfterClose, &kFdUseWithoutCheck, &kFdAccessModeMismatch};
  }

  // open()'s flags as the code's own headers define them.
  std::vector<std::string> named_constants() const override {
    return {"O_ACCMODE", "O_RDONLY", "O_WRONLY", "O_RDWR"};
  }

  bool on_call(CheckerContext &ctx, const CallEvent &call) override {
    const bool uses = uses_first(call.callee);
    // (dup of a closed descriptor fails: nothing to track in its result.)
    const bool closed_arg = uses && !call.args.empty() && kind(ctx.state(call.args[0])) == Closed;
    // (dup2's second descriptor need not be open: it is closed first.)
    if (uses && !call.args.empty())
      use(ctx, call, 0, Need::Open);
    if (is_dup_to(call.callee) && call.args.size() >= 2)
      use(ctx, call, 1, Need::NotInvalid);
    const bool declared = use_declared(ctx, call);
    if (is_opener(call.callee)) {
      if (call.result && !closed_arg)
        opened(ctx, call);
      return true;
    }
    // pipe (fds): the two descriptors it made, when it succeeds.
    if (is_pair_maker(call.callee)) {
      for (const CallEvent::Stored &st : call.stored)
        ctx.set_state_told(st.value, Valid, st.text, "opened here as read-write");
      return true;
    }
    if (call.callee == "close" && !call.args.empty()) {
      const SvalId fd = call.args[0];
      const StateId s = kind(ctx.state(fd));
      if (s == Closed) {
        ctx.report(kFdDoubleClose, fd, call.arg_text(0));
        ctx.set_state(fd, Stop, call.arg_text(0));
      } else if (s == Unchecked || s == Valid ||
                 (s == Start && ctx.compare(fd, ir::OpName::Lt, 0) != Tri::True)) {
        // (Any descriptor: closing stdin twice is a double close too; -1
        // is none.)
        ctx.set_state(fd, Closed, call.arg_text(0));
      }
      return true;
    }
    // A stream made from the descriptor owns it now (the file checker's).
    if (call.callee == "fdopen" && !call.args.empty() && ctx.state(call.args[0]) != Start)
      ctx.set_state(call.args[0], Stop, call.arg_text(0));
    return uses || declared;
  }

  bool is_leakable(StateId s) const override {
    return (kind(s) == Unchecked || kind(s) == Valid) && !(s & kBorrowed);
  }

  // "fd >= 0", "fd != -1": valid on that branch; "fd < 0": nothing to
  // close.
  void on_condition(CheckerContext &ctx, SvalId a, ir::OpName, SvalId b, bool) override {
    for (SvalId fd : {a, b}) {
      const StateId s = ctx.state(fd);
      if (kind(s) != Unchecked)
        continue;
      const auto keep = static_cast<StateId>(s & ~kKindMask);
      if (ctx.compare(fd, ir::OpName::Ge, 0) == Tri::True)
        ctx.set_state(fd, static_cast<StateId>(Valid | keep), ctx.text_of(fd));
      else if (ctx.compare(fd, ir::OpName::Lt, 0) == Tri::True)
        ctx.set_state(fd, Invalid, ctx.text_of(fd)); // (open failed: nothing to close, nothing to use)
    }
  }

  void on_leak(CheckerContext &ctx, SvalId fd, StateId, const std::string &expr) override {
    if (ctx.compare(fd, ir::OpName::Lt, 0) != Tri::True) // -1 (open failed) holds nothing
      ctx.report(expr.empty() ? kFdLeakUnnamed : kFdLeak, fd, expr);
  }

private:
  enum class Need { NotInvalid, Open, Readable, Writable };

  // How a new descriptor was opened: read-only, write-only, 0 for
  // read-write; false if that is not known.
  bool access_mode(const CheckerContext &ctx, const CallEvent &call, StateId &mode) const {
    if (one_of(call.callee, {"creat", "creat64"})) {
      mode = kWriteOnly;
      return true;
    }
    // (The duplicate of a descriptor is opened as that one was.)
    if (one_of(call.callee, {"dup", "dup2", "dup3"}) && !call.args.empty()) {
      mode = static_cast<StateId>(ctx.state(call.args[0]) & kModeMask);
      return false;
    }
    const int k = flags_argument(call.callee);
    int64_t flags = 0;
    if (k < 0 || static_cast<size_t>(k) >= call.args.size() ||
        !ctx.constant_value(call.args[static_cast<size_t>(k)], flags))
      return false;
    auto constant = [&](const char *name, int64_t dflt) {
      int64_t v = dflt;
      ctx.named_constant(name, v);
      return v;
    };
    // (Without the code's own definitions: Linux's.)
    const int64_t acc = flags & constant("O_ACCMODE", 3);
    if (acc == constant("O_RDONLY", 0))
      mode = kReadOnly;
    else if (acc == constant("O_WRONLY", 1))
      mode = kWriteOnly;
    else if (acc == constant("O_RDWR", 2))
      mode = 0;
    else
      return false;
    return true;
  }

  void opened(CheckerContext &ctx, const CallEvent &call) {
    // A call that makes a descriptor may make one of the numbers that
    // were closed (the lowest free one): those hold nothing closed now.
    for (SvalId v : ctx.tracked_values())
      if (kind(ctx.state(v)) == Closed && ctx.is_constant(v))
        ctx.set_state(v, Start, "");
    StateId mode = 0;
    const bool told = access_mode(ctx, call, mode);
    // dup2 and dup3 give the number the caller chose: not its to lose.
    const StateId borrowed = is_dup_to(call.callee) ? kBorrowed : 0;
    const auto s = static_cast<StateId>(Unchecked | mode | borrowed);
    if (told)
      ctx.set_state_told(call.result, s, *call.result_text,
                         mode == kReadOnly    ? "opened here as read-only"
                         : mode == kWriteOnly ? "opened here as write-only"
                                              : "opened here as read-write");
    else
      ctx.set_state(call.result, s, *call.result_text);
    ctx.assume(call.result, ir::OpName::Ge, -1); // a descriptor, or -1
  }

  // Arguments the callee's declaration says must be descriptors:
  // fd_arg (open), fd_arg_read, fd_arg_write. Returns true if it has some.
  bool use_declared(CheckerContext &ctx, const CallEvent &call) {
    if (!call.declared)
      return false;
    const ir::Symbol &sym = *call.declared;
    if (sym.fd_args.empty() && sym.fd_read_args.empty() && sym.fd_write_args.empty())
      return false;
    struct Declared {
      const std::vector<uint32_t> &args;
      const char *attr, *what;
      Need need;
    };
    const Declared kinds[] = {{sym.fd_args, "fd_arg", "an open", Need::Open},
                              {sym.fd_read_args, "fd_arg_read", "a readable", Need::Readable},
                              {sym.fd_write_args, "fd_arg_write", "a writable", Need::Writable}};
    for (size_t k = 0; k < call.args.size(); ++k)
      for (const Declared &d : kinds) {
        if (!listed(d.args, k))
          continue;
        const std::string n = std::to_string(k + 1);
        const Origin note{call.callee_loc, "argument " + n + " of %<" + std::string(call.callee) + "%> must be " +
                                               d.what + " file descriptor, due to %<__attribute__((" + d.attr + "(" +
                                               n + ")))%>"};
        use(ctx, call, k, d.need, &note);
        break;
      }
    return true;
  }

  // Argument k of the call must be a descriptor (open, and for reading or
  // writing).
  void use(CheckerContext &ctx, const CallEvent &call, size_t k, Need need, const Origin *note = nullptr) {
    const SvalId fd = call.args[k];
    const StateId s = ctx.state(fd);
    const std::string callee(call.callee);
    if (need == Need::Open && reads_from(call.callee))
      need = Need::Readable;
    else if (need == Need::Open && writes_to(call.callee))
      need = Need::Writable;
    if (kind(s) == Closed && need != Need::NotInvalid) {
      // (Still closed after: each use is reported.)
      ctx.report(kFdUseAfterClose, fd, call.arg_text(k), nullptr, 0, note, callee);
    } else if (kind(s) == Unchecked && ctx.compare(fd, ir::OpName::Ge, 0) == Tri::Unknown && !ctx.facts_dropped()) {
      // Used before anything showed that open() succeeded: warned once.
      ctx.report(kFdUseWithoutCheck, fd, call.arg_text(k), nullptr, 0, note, callee);
    } else if ((kind(s) == Invalid || (s == Start && ctx.is_constant(fd))) &&
               ctx.compare(fd, ir::OpName::Lt, 0) == Tri::True && !ctx.facts_dropped()) {
      // Known not to be a descriptor: open() failed on this path, or -1.
      ctx.report(kFdUseWithoutCheck, fd, call.arg_text(k), nullptr, 0, note, callee);
      if (kind(s) == Invalid)
        ctx.set_state(fd, Stop, call.arg_text(k));
    } else if ((kind(s) == Unchecked || kind(s) == Valid) &&
               ((need == Need::Readable && (s & kWriteOnly)) || (need == Need::Writable && (s & kReadOnly)))) {
      ctx.report(kFdAccessModeMismatch, fd, call.arg_text(k), nullptr, 0, note, callee,
                 s & kWriteOnly ? "write-only" : "read-only");
    }
  }
};

} // namespace

std::unique_ptr<Checker> make_fd_checker() { return std::make_unique<FdChecker>(); }

} // namespace pathwise
