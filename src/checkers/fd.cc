// fd checker: POSIX file descriptors — leaks, double close, use after
// close, use without checking that open succeeded (GCC 13's names).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "checkers/checker.h"
#include "diagnostics/finding.h"

namespace pathwise {
namespace {

// Unchecked: made by open() and the like (-1 when that failed); Valid:
// known to be a descriptor (checked >= 0, or one of pipe()'s); Closed:
// given to close(); Stop: reported once already, handed to something else
// (fdopen), or known invalid; Invalid: known < 0 (open() failed).
// (State 5 is unused.) Then sockets, by phase (new, bound, listening,
// connected) and type (not known, stream, datagram; a connected datagram
// socket is as good as a bound one).
enum : StateId {
  Start = 0,
  Unchecked,
  Closed,
  Stop,
  Valid,
  Unused,
  Invalid,
  NewSocket,
  BoundSocket,
  ConnectedSocket,
  NewStream,
  BoundStream,
  ListeningStream,
  ConnectedStream,
  NewDatagram,
  BoundDatagram
};

// Beside its kind, an open descriptor's state says how it was opened
// (read-only or write-only; neither: read-write or not known), whether
// the program owns it (not a number it chose itself, dup2's second
// argument: losing that is no leak), and whether it is known not to be a
// socket (a file or a pipe).
constexpr StateId kKindMask = 0x0f;
constexpr StateId kReadOnly = 0x10;
constexpr StateId kWriteOnly = 0x20;
constexpr StateId kModeMask = kReadOnly | kWriteOnly;
constexpr StateId kBorrowed = 0x40;
constexpr StateId kNotSocket = 0x80;

StateId kind(StateId s) { return s == kAnyState ? s : static_cast<StateId>(s & kKindMask); }

enum class Phase { New, Bound, Listening, Connected };
enum class SocketType { Unknown, Stream, Datagram };

bool is_socket(StateId k) { return k >= NewSocket && k <= BoundDatagram; }

// An open descriptor the code holds (to close, not to lose).
bool is_open(StateId k) { return k == Unchecked || k == Valid || is_socket(k); }

Phase phase_of(StateId k) {
  switch (k) {
  case BoundSocket:
  case BoundStream:
  case BoundDatagram: return Phase::Bound;
  case ListeningStream: return Phase::Listening;
  case ConnectedSocket:
  case ConnectedStream: return Phase::Connected;
  default: return Phase::New;
  }
}

SocketType type_of(StateId k) {
  if (k >= NewStream && k <= ConnectedStream)
    return SocketType::Stream;
  return k == NewDatagram || k == BoundDatagram ? SocketType::Datagram : SocketType::Unknown;
}

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

// A socket used in a phase the call does not work in (listen before bind,
// read on a listening socket); %X: what the call expects and what it got.
// CWE-666: Operation on Resource in Wrong Phase of Lifetime.
const Warning kFdPhaseMismatch{"fd-phase-mismatch",
                               666,
                               "Operation on Resource in Wrong Phase of Lifetime",
                               "%<%D%> on file descriptor %E in wrong phase",
                               {},
                               "%X",
                               "%X",
                               Unused};

// A socket call on a descriptor opened as a file or a pipe...
const Warning kFdNotSocket{"fd-type-mismatch",
                           0,
                           "",
                           "%<%D%> on non-socket file descriptor %E",
                           {},
                           "%<%D%> expects a socket file descriptor but %E is not a socket",
                           "%<%D%> expects a socket file descriptor but %E is not a socket",
                           Unused};

// ...and a stream socket's call on a datagram socket.
const Warning kFdDatagram{"fd-type-mismatch",
                          0,
                          "",
                          "%<%D%> on datagram socket file descriptor %E",
                          {},
                          "%<%D%> expects a stream socket file descriptor but %E is a datagram socket",
                          "%<%D%> expects a stream socket file descriptor but %E is a datagram socket",
                          Unused};

// Functions returning a new descriptor (-1 on failure).
bool is_opener(std::string_view f) {
  return one_of(f, {"open",       "open64",        "openat",         "openat64",     "creat",      "creat64",
                    "dup",        "dup2",          "dup3",           "epoll_create", "epoll_create1", "eventfd",
                    "memfd_create", "inotify_init", "inotify_init1", "timerfd_create", "signalfd",   "mkstemp",
                    "mkstemp64",  "mkostemp",      "mkostemp64",     "mkstemps",     "mkstemps64", "mkostemps",
                    "mkostemps64"});
}

// The calls that make a socket and move it through its phases.
bool is_socket_call(std::string_view f) {
  return one_of(f, {"socket", "bind", "listen", "accept", "accept4", "connect"});
}

// Calls that need a stream socket connected (a datagram socket, or one of
// an unknown type, may be read unconnected).
bool needs_connection(std::string_view f) {
  return one_of(f, {"read", "write", "readv", "writev", "send", "recv"});
}

// Functions that fill an array of two descriptors (the engine stores them).
bool is_pair_maker(std::string_view f) { return one_of(f, {"pipe", "pipe2", "socketpair"}); }

// Descriptors of files, pipes and the kernel's other objects: not sockets.
bool makes_non_socket(std::string_view f) { return !one_of(f, {"dup", "dup2", "dup3", "socketpair"}); }

// Functions that use the descriptor given as their first argument (the
// socket calls that move a socket's phase aside: is_socket_call).
bool uses_first(std::string_view f) {
  return one_of(f, {"read",     "write",      "pread",       "pwrite",      "pread64",       "pwrite64", "readv",
                    "writev",   "send",       "recv",        "sendto",      "recvfrom",      "sendmsg",  "recvmsg",
                    "fstat",    "fstat64",    "fsync",       "fdatasync",   "lseek",         "lseek64",  "ftruncate",
                    "fchmod",   "fchown",     "shutdown",    "getsockopt",  "setsockopt",    "dup",      "dup2",
                    "dup3",     "flock",      "fcntl",       "ioctl",       "getsockname",   "getpeername",
                    "posix_fadvise", "fstatfs"});
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
  const char *introspection_name() const override { return "file-descriptor"; }
  bool models(std::string_view f) const override {
    return is_opener(f) || is_pair_maker(f) || is_socket_call(f) || f == "close";
  }

  const std::vector<const char *> &state_names() const override {
    static const std::vector<const char *> names = {
        "start",        "fd-unchecked",         "fd-closed",           "fd-stop",
        "fd-valid",     "unused",               "fd-invalid",          "fd-new-unknown-socket",
        "fd-bound-unknown-socket", "fd-connected-unknown-socket", "fd-new-stream-socket", "fd-bound-stream-socket",
        "fd-listening-stream-socket", "fd-connected-stream-socket", "fd-new-datagram-socket",
        "fd-bound-datagram-socket"};
    return names;
  }
  StateId kind_of(StateId s) const override { return kind(s); }

  // As GCC's analyzer names them: "fd-constant" for a number the code
  // chose, an open descriptor's access mode.
  std::string describe_state(const CheckerContext &ctx, SvalId v, StateId s) const override {
    if (s == Start && ctx.is_constant(v))
      return "fd-constant";
    std::string name = state_names()[kind(s)];
    if (kind(s) == Unchecked || kind(s) == Valid)
      name += s & kReadOnly ? "-read-only" : s & kWriteOnly ? "-write-only" : "-read-write";
    return name;
  }

  std::vector<const Warning *> warnings() const override {
    return {&kFdLeak,         &kFdDoubleClose,   &kFdUseAfterClose, &kFdUseWithoutCheck,
            &kFdAccessModeMismatch, &kFdPhaseMismatch, &kFdNotSocket,     &kFdDatagram};
  }

  // open()'s flags (also mkostemp's, for the engine) and socket()'s types
  // as the code's own headers define them.
  std::vector<std::string> named_constants() const override {
    return {"O_ACCMODE", "O_RDONLY", "O_WRONLY", "O_RDWR", "O_CREAT", "O_EXCL", "SOCK_STREAM", "SOCK_DGRAM"};
  }

  bool on_call(CheckerContext &ctx, const CallEvent &call) override {
    if (is_socket_call(call.callee))
      return on_socket_call(ctx, call);
    const bool uses = uses_first(call.callee);
    // (dup of a closed descriptor fails: nothing to track in its result.)
    const bool closed_arg = uses && !call.args.empty() && kind(ctx.state(call.args[0])) == Closed;
    // (dup2's second descriptor need not be open: it is closed first.)
    if (uses && !call.args.empty() && !use(ctx, call, 0, Need::Open) && needs_connection(call.callee))
      check_connected(ctx, call);
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
      const StateId pipe_end = call.callee == "socketpair" ? static_cast<StateId>(Valid) : static_cast<StateId>(Valid | kNotSocket);
      for (const CallEvent::Stored &st : call.stored)
        ctx.set_state_told(st.value, pipe_end, st.text, "opened here as read-write");
      return true;
    }
    if (call.callee == "close" && !call.args.empty()) {
      const SvalId fd = call.args[0];
      const StateId s = kind(ctx.state(fd));
      if (s == Closed && !ctx.paths_joined()) {
        ctx.report(kFdDoubleClose, fd, call.arg_text(0));
        ctx.set_state(fd, Stop, call.arg_text(0));
      } else if (is_open(s) || (s == Start && ctx.compare(fd, ir::OpName::Lt, 0) != Tri::True)) {
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
    return is_open(kind(s)) && !(s & kBorrowed);
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
    if (ctx.compare(fd, ir::OpName::Lt, 0) == Tri::True) // -1 (open failed) holds nothing
      return;
    // A descriptor known to be 0, 1 or 2 is the standard input, output or
    // error the program set up ("if (fd != i) close (fd);" for each of
    // them): reached by its number.
    if (ctx.compare(fd, ir::OpName::Ge, 0) == Tri::True && ctx.compare(fd, ir::OpName::Le, 2) == Tri::True)
      return;
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
      mode = static_cast<StateId>(ctx.state(call.args[0]) & (kModeMask | kNotSocket));
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

  // A call that makes a descriptor may make one of the numbers that were
  // closed (the lowest free one): those hold nothing closed now.
  static void reuse_closed_numbers(CheckerContext &ctx) {
    for (SvalId v : ctx.tracked_values())
      if (kind(ctx.state(v)) == Closed && ctx.is_constant(v))
        ctx.set_state(v, Start, "");
  }

  // Whether the path closed a standard stream's descriptor ("close (0)")
  // that no call has made again since: the lowest free number is then one
  // of them, and the next descriptor made is a standard stream.
  static bool standard_number_free(const CheckerContext &ctx) {
    for (SvalId v : ctx.tracked_values())
      if (kind(ctx.state(v)) == Closed && ctx.compare(v, ir::OpName::Ge, 0) == Tri::True &&
          ctx.compare(v, ir::OpName::Le, 2) == Tri::True)
        return true;
    return false;
  }

  void opened(CheckerContext &ctx, const CallEvent &call) {
    // (dup2 and dup3 give the number asked for.)
    const bool standard = !is_dup_to(call.callee) && standard_number_free(ctx);
    reuse_closed_numbers(ctx);
    StateId mode = 0;
    const bool told = access_mode(ctx, call, mode);
    if (makes_non_socket(call.callee))
      mode = static_cast<StateId>(mode | kNotSocket);
    // dup2 and dup3 give the number the caller chose: not its to lose;
    // nor is the standard stream made in the place of one closed.
    const StateId borrowed = is_dup_to(call.callee) || standard ? kBorrowed : 0;
    const auto s = static_cast<StateId>(Unchecked | mode | borrowed);
    if (told)
      ctx.set_state_told(call.result, s, *call.result_text,
                         (mode & kModeMask) == kReadOnly    ? "opened here as read-only"
                         : (mode & kModeMask) == kWriteOnly ? "opened here as write-only"
                                              : "opened here as read-write");
    else
      ctx.set_state(call.result, s, *call.result_text);
    ctx.assume(call.result, ir::OpName::Ge, -1); // a descriptor, or -1
    if (standard)
      ctx.assume(call.result, ir::OpName::Le, 2);
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
  // writing). Returns true if that was reported not to hold.
  bool use(CheckerContext &ctx, const CallEvent &call, size_t k, Need need, const Origin *note = nullptr) {
    const SvalId fd = call.args[k];
    const StateId s = ctx.state(fd);
    const std::string callee(call.callee);
    if (need == Need::Open && reads_from(call.callee))
      need = Need::Readable;
    else if (need == Need::Open && writes_to(call.callee))
      need = Need::Writable;
    if (kind(s) == Closed && need != Need::NotInvalid) {
      // (Still closed after: each use is reported. Not on a joined path.)
      if (!ctx.paths_joined())
        ctx.report(kFdUseAfterClose, fd, call.arg_text(k), nullptr, 0, note, callee);
      return true;
    }
    if (kind(s) == Unchecked && ctx.compare(fd, ir::OpName::Ge, 0) == Tri::Unknown && !ctx.facts_dropped()) {
      // Used before anything showed that open() succeeded: warned once.
      ctx.report(kFdUseWithoutCheck, fd, call.arg_text(k), nullptr, 0, note, callee);
      return true;
    }
    if ((kind(s) == Invalid || (s == Start && ctx.is_constant(fd))) &&
               ctx.compare(fd, ir::OpName::Lt, 0) == Tri::True && !ctx.facts_dropped()) {
      // Known not to be a descriptor: open() failed on this path, or -1.
      ctx.report(kFdUseWithoutCheck, fd, call.arg_text(k), nullptr, 0, note, callee);
      if (kind(s) == Invalid)
        ctx.set_state(fd, Stop, call.arg_text(k));
      return true;
    }
    if ((kind(s) == Unchecked || kind(s) == Valid) &&
        ((need == Need::Readable && (s & kWriteOnly)) || (need == Need::Writable && (s & kReadOnly)))) {
      ctx.report(kFdAccessModeMismatch, fd, call.arg_text(k), nullptr, 0, note, callee,
                 s & kWriteOnly ? "write-only" : "read-only");
      return true;
    }
    return false;
  }

  // A stream socket's data moves once it is connected (read on a
  // listening socket: the wrong descriptor, accept's result was meant).
  void check_connected(CheckerContext &ctx, const CallEvent &call) {
    const SvalId fd = call.args[0];
    const StateId k = kind(ctx.state(fd));
    if (type_of(k) != SocketType::Stream || phase_of(k) == Phase::Connected)
      return;
    const std::string callee = "%<" + std::string(call.callee) + "%>", expr = quote_expr(call.arg_text(0));
    const Phase p = phase_of(k);
    wrong_phase(ctx, call, p == Phase::New
                               ? callee + " expects a stream socket to be connected via %<accept%> but " + expr +
                                     " has not yet been bound"
                           : p == Phase::Bound
                               ? callee + " expects a stream socket to be connected but " + expr +
                                     " is bound and not yet connected"
                               : callee + " expects a stream socket to be connected via the return value of "
                                          "%<accept%> but " +
                                     expr + " is listening; wrong file descriptor?");
  }

  // socket, bind, listen, accept, connect. The engine runs each call's
  // failure (-1) as an outcome of its own: a failed call leaves the socket
  // in its phase; a socket the function was given is assumed to have
  // been in the phase the call needs (one that failed to bind is new).
  bool on_socket_call(CheckerContext &ctx, const CallEvent &call) {
    const bool failed = call.result && ctx.compare(call.result, ir::OpName::Eq, -1) == Tri::True;
    if (call.callee == "socket") {
      if (call.result)
        made_socket(ctx, call, failed);
      return true;
    }
    if (call.args.empty() || use(ctx, call, 0, Need::Open))
      return true;
    const SvalId fd = call.args[0];
    const std::string &expr = call.arg_text(0);
    const StateId s = ctx.state(fd), k = kind(s);
    const bool given = k == Start && !ctx.is_constant(fd);
    // (A descriptor the code did not open here is not its to close.)
    const auto keep = static_cast<StateId>(k == Start ? kBorrowed : s & ~kKindMask);
    auto as = [keep](StateId to) { return static_cast<StateId>(to | keep); };
    const std::string callee = "%<" + std::string(call.callee) + "%>";
    if ((k == Unchecked || k == Valid) && (s & kNotSocket)) {
      ctx.report(kFdNotSocket, fd, expr, nullptr, 0, nullptr, std::string(call.callee));
      ctx.set_state(fd, Stop, expr);
      if (!failed)
        ctx.end_path(); // (it fails: ENOTSOCK)
      return true;
    }
    if (k != Start && !is_socket(k))
      return true; // (a descriptor of a kind not known: not followed)
    const Phase p = phase_of(k);
    const SocketType t = type_of(k);
    const bool accepts = call.callee == "accept" || call.callee == "accept4";
    if ((accepts || call.callee == "listen") && t == SocketType::Datagram) {
      ctx.report(kFdDatagram, fd, expr, nullptr, 0, nullptr, std::string(call.callee));
      ctx.set_state(fd, Stop, expr);
      return true;
    }
    std::string wrong; // what the call expected, and what the socket is
    const std::string is = " but " + quote_expr(expr) + " ";
    if (call.callee == "bind" && is_socket(k) && p != Phase::New)
      wrong = callee + " expects a new socket file descriptor" + is +
              (p == Phase::Bound       ? "has already been bound"
               : p == Phase::Listening ? "is already listening"
                                       : "is already connected");
    else if (call.callee == "listen" && is_socket(k) && (p == Phase::New || p == Phase::Connected))
      wrong = callee + " expects a bound stream socket file descriptor" + is +
              (p == Phase::New ? "has not yet been bound" : "is connected");
    else if (accepts && is_socket(k) && p != Phase::Listening)
      wrong = callee + " expects a listening stream socket file descriptor" + is +
              (p == Phase::New ? "has not yet been bound" : p == Phase::Bound ? "is not yet listening" : "is connected");
    else if (call.callee == "connect" && is_socket(k) &&
             (p == Phase::Listening || (p == Phase::Connected && t != SocketType::Datagram)))
      // (Binding before connecting chooses the local address: fine.)
      wrong = callee + " expects a new socket file descriptor" + is +
              (p == Phase::Listening ? "is listening" : "is already connected");
    if (!wrong.empty()) {
      wrong_phase(ctx, call, wrong);
      return true;
    }
    if (failed) {
      // What a failure says of a socket the function was given.
      if (given)
        ctx.set_state(fd, as(call.callee == "listen" ? BoundStream : accepts ? ListeningStream : NewSocket), expr);
      if (accepts && call.result)
        ctx.set_state(call.result, Invalid, *call.result_text);
      return true;
    }
    ctx.assume(fd, ir::OpName::Ge, 0);
    if (call.callee == "bind")
      advance(ctx, fd, expr, t, keep, {BoundSocket, BoundStream, BoundDatagram}, "bound");
    else if (call.callee == "listen")
      ctx.set_state_told(fd, as(ListeningStream), expr, "stream socket marked as passive here via %<listen%>");
    else if (accepts) {
      ctx.set_state(fd, as(ListeningStream), expr);
      if (call.result) {
        reuse_closed_numbers(ctx);
        ctx.set_state_told(call.result, ConnectedStream, *call.result_text, "socket created here by %<accept%>");
      }
    } else if (k == Start) {
      // connect: a socket of a type not known, given: not followed.
      ctx.set_state(fd, Stop, expr);
    } else {
      advance(ctx, fd, expr, t, keep, {ConnectedSocket, ConnectedStream, BoundDatagram}, "connected");
    }
    return true;
  }

  // A socket's next phase, by its type (not known, stream, datagram), told
  // "stream socket bound here" and the like.
  static void advance(CheckerContext &ctx, SvalId fd, const std::string &expr, SocketType t, StateId keep,
                      const std::array<StateId, 3> &to, const char *done) {
    static const char *const kTypeText[] = {"socket", "stream socket", "datagram socket"};
    const auto i = static_cast<size_t>(t);
    ctx.set_state_told(fd, static_cast<StateId>(to[i] | keep), expr, std::string(kTypeText[i]) + " " + done + " here");
  }

  // socket (domain, type, protocol): a new socket of that type, or -1.
  void made_socket(CheckerContext &ctx, const CallEvent &call, bool failed) {
    if (failed) {
      ctx.set_state(call.result, Invalid, *call.result_text);
      return;
    }
    reuse_closed_numbers(ctx);
    int64_t type = 0, stream = 1, datagram = 2;
    ctx.named_constant("SOCK_STREAM", stream);
    ctx.named_constant("SOCK_DGRAM", datagram);
    // (Beside the type: SOCK_NONBLOCK, SOCK_CLOEXEC.)
    const bool known = call.args.size() >= 2 && ctx.constant_value(call.args[1], type);
    type &= 0xf;
    if (known && type == stream)
      ctx.set_state_told(call.result, NewStream, *call.result_text, "stream socket created here");
    else if (known && type == datagram)
      ctx.set_state_told(call.result, NewDatagram, *call.result_text, "datagram socket created here");
    else
      ctx.set_state_told(call.result, NewSocket, *call.result_text, "socket created here");
    ctx.assume(call.result, ir::OpName::Ge, 0);
  }

  // Reported once: the socket is not followed further.
  static void wrong_phase(CheckerContext &ctx, const CallEvent &call, const std::string &told) {
    ctx.report(kFdPhaseMismatch, call.args[0], call.arg_text(0), nullptr, 0, nullptr, std::string(call.callee), told);
    ctx.set_state(call.args[0], Stop, call.arg_text(0));
  }
};

} // namespace

std::unique_ptr<Checker> make_fd_checker() { return std::make_unique<FdChecker>(); }

} // namespace pathwise
