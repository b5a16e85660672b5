// Signal handlers: a function registered with signal() or sigaction() that
// calls, itself or through the functions it calls, a function POSIX does
// not list as async-signal-safe.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Only the C library's functions (declared in system headers) are judged
// by POSIX's list. Not path-sensitive: a handler may run between any two
// instructions, so every call its body can reach counts - but for the tests
// of the signal's number in the handler's own body, when the file says
// which signals it is given (given_signals), and of the flags the handler
// sets first (handler_flags). The call graph is followed through functions
// with bodies, breadth first, so that each unsafe call is shown with the
// shortest chain of calls from the handler.
#include "analysis/signal.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "analysis/analysis.h"

namespace pathwise {

using namespace ir;

namespace {

// POSIX.1-2024's async-signal-safe functions (System Interfaces, 2.4.3),
// plus the compiler's own helpers that touch no shared state.
const std::set<std::string_view> &safe_functions() {
  static const std::set<std::string_view> names = {
      "_Exit", "_exit", "_Fork", "abort", "accept", "accept4", "access", "aio_error", "aio_return", "aio_suspend",
      "alarm", "bind", "cfgetispeed", "cfgetospeed", "cfsetispeed", "cfsetospeed", "chdir", "chmod", "chown",
      "clock_gettime", "close", "connect", "creat", "dup", "dup2", "dup3", "execl", "execle", "execv", "execve",
      "faccessat", "fchdir", "fchmod", "fchmodat", "fchown", "fchownat", "fcntl", "fdatasync", "fexecve", "ffs",
      "fork", "fstat", "fstatat", "fsync", "ftruncate", "futimens", "getegid", "getentropy", "geteuid", "getgid",
      "getgroups", "getpeername", "getpgrp", "getpid", "getppid", "getresgid", "getresuid", "getsockname",
      "getsockopt", "getuid", "htonl", "htons", "kill", "link", "linkat", "listen", "longjmp", "lseek", "lstat",
      "memccpy", "memchr", "memcmp", "memcpy", "memmove", "memset", "mkdir", "mkdirat", "mkfifo", "mkfifoat",
      "mknod", "mknodat", "ntohl", "ntohs", "open", "openat", "pause", "pipe", "pipe2", "poll", "posix_close",
      "posix_trace_event", "ppoll", "pselect", "pthread_kill", "pthread_self", "pthread_sigmask", "raise", "read",
      "readlink", "readlinkat", "recv", "recvfrom", "recvmsg", "rename", "renameat", "rmdir", "select", "sem_post",
      "send", "sendmsg", "sendto", "setgid", "setpgid", "setsid", "setsockopt", "setuid", "shutdown", "sigaction",
      "sigaddset", "sigdelset", "sigemptyset", "sigfillset", "sigismember", "siglongjmp", "signal", "sigpause",
      "sigpending", "sigprocmask", "sigqueue", "sigset", "sigsuspend", "sleep", "sockatmark", "socket",
      "socketpair", "stat", "stpcpy", "stpncpy", "strcat", "strchr", "strcmp", "strcpy", "strcspn", "strlen",
      "strncat", "strncmp", "strncpy", "strnlen", "strpbrk", "strrchr", "strspn", "strstr", "strtok_r", "symlink",
      "symlinkat", "tcdrain", "tcflow", "tcflush", "tcgetattr", "tcgetpgrp", "tcsendbreak", "tcsetattr",
      "tcsetpgrp", "time", "timer_getoverrun", "timer_gettime", "timer_settime", "times", "umask", "uname",
      "unlink", "unlinkat", "utime", "utimensat", "utimes", "wait", "waitpid", "wcpcpy", "wcpncpy", "wcscat",
      "wcschr", "wcscmp", "wcscpy", "wcscspn", "wcslen", "wcsncat", "wcsncmp", "wcsncpy", "wcsnlen", "wcspbrk",
      "wcsrchr", "wcsspn", "wcsstr", "wcstok", "wmemchr", "wmemcmp", "wmemcpy", "wmemmove", "wmemset", "write",
      // glibc's names for some of the above, and compiler helpers.
      "__errno_location", "__stack_chk_fail", "__fstat", "__xstat", "__lxstat", "__fxstat", "__sigsetjmp",
      "__longjmp_chk", "expect", "expect_with_probability", "unreachable", "trap", "object_size",
      "dynamic_object_size", "alloca", "alloca_with_align", "va_start", "va_end", "va_copy", "bswap16", "bswap32",
      "bswap64", "clz", "ctz", "popcount", "parity", "constant_p", "assume_aligned", "prefetch",
      "__memcpy_chk", "__memmove_chk", "__memset_chk", "__strcpy_chk", "__strcat_chk", "__stpcpy_chk",
      "__strncpy_chk", "__strncat_chk", "__read_chk", "__recv_chk", "__recvfrom_chk", "__readlink_chk",
  };
  return names;
}

// Signal-safe replacements for some unsafe functions.
const char *safe_alternative(std::string_view name) {
  if (name == "exit")
    return "_exit";
  return nullptr;
}

// The function an operand names, if it has one (-1: none).
int function_symbol(const Module &m, const Operand &o) {
  if (o.kind != OpKind::Func || o.id >= m.symbols.size() || m.symbols[o.id].kind != SymbolKind::Function)
    return -1;
  return static_cast<int>(o.id);
}

struct Registration {
  uint32_t handler; // symbol
  uint32_t fn;      // the function that registers it
  Loc loc;
  std::optional<int64_t> signal; // the signal's number, when a constant names it
};

// signal (SIG, handler), and stores of a function's address into a
// sigaction's sa_handler or sa_sigaction (shown at the sigaction call in
// the same function, if there is one).
std::vector<Registration> registrations(const Module &m) {
  std::vector<Registration> out;
  for (uint32_t f = 0; f < m.functions.size(); ++f) {
    const Function &fn = m.functions[f];
    Loc sigaction_call;
    for (const Block &b : fn.blocks)
      for (const Instruction &in : b.insns) {
        const int callee = in.opcode == Opcode::Call ? function_symbol(m, in.operands[0]) : -1;
        if (callee >= 0 && Module::source_name(m.symbols[static_cast<size_t>(callee)].name) == "sigaction" &&
            !sigaction_call.known())
          sigaction_call = in.loc;
      }
    for (const Block &b : fn.blocks)
      for (const Instruction &in : b.insns) {
        if (in.opcode == Opcode::Call && in.operands.size() == 3) {
          const int callee = function_symbol(m, in.operands[0]);
          const std::string name = callee >= 0 ? Module::source_name(m.symbols[static_cast<size_t>(callee)].name) : "";
          const int handler = function_symbol(m, in.operands[2]);
          if ((name == "signal" || name == "sigset" || name == "bsd_signal" || name == "sysv_signal") &&
              handler >= 0) {
            std::optional<int64_t> number;
            if (in.operands[1].kind == OpKind::Int)
              number = in.operands[1].value;
            out.push_back({static_cast<uint32_t>(handler), f, in.loc, number});
          }
        } else if (in.opcode == Opcode::Store && !in.operands.empty() && !in.place.path.empty() &&
                   in.place.path.back().kind == Accessor::Kind::Field &&
                   (in.place.path.back().name == "sa_handler" || in.place.path.back().name == "sa_sigaction")) {
          const int handler = function_symbol(m, in.operands[0]);
          if (handler >= 0)
            out.push_back({static_cast<uint32_t>(handler), f, sigaction_call.known() ? sigaction_call : in.loc, {}});
        }
      }
  }
  return out;
}

// The signal numbers a handler is ever given: each registration's, when
// every one names its signal with a constant and nothing else can call the
// handler (it is static, and its address goes nowhere but to the
// registrations: no other code names it, no variable's initializer holds
// it). Empty: any.
std::vector<int64_t> given_signals(const Module &m, uint32_t handler, const std::vector<Registration> &regs) {
  if (!m.symbols[handler].is_static || m.symbols[handler].address_taken)
    return {};
  std::vector<int64_t> numbers;
  size_t registered = 0;
  for (const Registration &r : regs) {
    if (r.handler != handler)
      continue;
    if (!r.signal)
      return {};
    ++registered;
    numbers.push_back(*r.signal);
  }
  size_t uses = 0;
  for (const Function &fn : m.functions)
    for (const Block &b : fn.blocks)
      for (const Instruction &in : b.insns)
        for (const Operand &o : in.operands)
          uses += o.kind == OpKind::Func && o.id == handler;
  for (const Symbol &sym : m.symbols)
    for (const auto &entry : sym.function_table)
      uses += entry.second == handler;
  if (uses != registered)
    return {};
  std::sort(numbers.begin(), numbers.end());
  numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
  return numbers;
}

// a op b, a comparison; none where it is not one, or where signed and
// unsigned order could differ (a negative value ordered).
std::optional<bool> compared(OpName op, int64_t a, int64_t b) {
  switch (op) {
  case OpName::Eq: return a == b;
  case OpName::Ne: return a != b;
  default: break;
  }
  if (!is_comparison(op) || a < 0 || b < 0)
    return std::nullopt;
  return op == OpName::Lt ? a < b : op == OpName::Le ? a <= b : op == OpName::Gt ? a > b : a >= b;
}

// The flags a handler sets before it calls anything ("got_intr = 1;" first
// thing): static variables whose address is never taken, given a constant
// in the handler's first block before any call, and stored nowhere else.
// Every function the handler reaches sees them so.
std::map<uint32_t, int64_t> handler_flags(const Module &m, uint32_t handler_body) {
  std::map<uint32_t, int64_t> flags;
  const Function &h = m.functions[handler_body];
  if (h.blocks.empty())
    return flags;
  // (The first block, and those it jumps straight on to.)
  std::set<const Instruction *> setters;
  std::set<uint32_t> seen;
  for (uint32_t b = 0; b < h.blocks.size() && seen.insert(b).second;) {
    bool call = false;
    for (const Instruction &in : h.blocks[b].insns) {
      if (in.opcode == Opcode::Call || in.opcode == Opcode::Unknown) {
        call = true;
        break;
      }
      if (in.opcode == Opcode::Store && in.place.base == PlaceBase::Global && in.place.path.empty() &&
          !in.operands.empty() && in.operands[0].kind == OpKind::Int && in.place.id < m.symbols.size()) {
        const Symbol &g = m.symbols[in.place.id];
        if (g.kind == SymbolKind::Variable && g.is_static && !g.address_taken && !in.is_volatile &&
            !flags.count(in.place.id)) {
          flags[in.place.id] = in.operands[0].value;
          setters.insert(&in);
        }
      }
    }
    if (call || h.blocks[b].insns.empty() || h.blocks[b].insns.back().opcode != Opcode::Jmp ||
        h.blocks[b].insns.back().targets.empty())
      break;
    b = h.blocks[b].insns.back().targets[0];
  }
  // (Stored anywhere else, by the handler later or by any other function,
  // a flag says nothing.)
  for (uint32_t f = 0; f < m.functions.size() && !flags.empty(); ++f)
    for (const Block &b : m.functions[f].blocks)
      for (const Instruction &in : b.insns)
        if (in.opcode == Opcode::Store && in.place.base == PlaceBase::Global && flags.count(in.place.id) &&
            !setters.count(&in))
          flags.erase(in.place.id);
  return flags;
}

// What a run of the handler knows in a function it reaches: the signal's
// number (in the handler's own body), and the constants the handler
// stored in flags before it called anything (handler_flags).
struct Known {
  std::optional<int64_t> signal;
  const std::map<uint32_t, int64_t> *flags = nullptr; // by global symbol
};

// What operand o holds in fn for what the run knows: a constant computed
// from it and from constants, or none.
std::optional<int64_t> value_with(const Function &fn, const std::vector<const Instruction *> &def, const Operand &o,
                                  const Known &known, int depth) {
  if (o.kind == OpKind::Int)
    return o.value;
  if (o.kind != OpKind::Temp || depth > 8)
    return std::nullopt;
  if (known.signal && !fn.params.empty() && o.id == fn.params[0])
    return known.signal;
  const Instruction *in = o.id < def.size() ? def[o.id] : nullptr;
  if (!in)
    return std::nullopt;
  auto operand = [&](size_t k) {
    return k < in->operands.size() ? value_with(fn, def, in->operands[k], known, depth + 1) : std::nullopt;
  };
  // (Computed as the engine computes constants: in the result's type.)
  const Type &t = fn.temps[o.id].type;
  switch (in->opcode) {
  case Opcode::Copy:
    return operand(0);
  case Opcode::Load:
    if (known.flags && in->place.base == PlaceBase::Global && in->place.path.empty() && !in->is_volatile)
      if (auto it = known.flags->find(in->place.id); it != known.flags->end())
        return it->second;
    return std::nullopt;
  case Opcode::Unary:
    if (in->op == OpName::Conv && t.kind == TypeKind::Int)
      if (auto v = operand(0))
        return detail::in_width(t, static_cast<uint64_t>(*v));
    return std::nullopt;
  case Opcode::Binary: {
    const auto a = operand(0), b = operand(1);
    if (!a || !b)
      return std::nullopt;
    if (is_comparison(in->op)) {
      if (const auto c = compared(in->op, *a, *b))
        return *c ? 1 : 0;
      return std::nullopt;
    }
    int64_t r = 0;
    const bool folds = in->op == OpName::Add || in->op == OpName::Sub || in->op == OpName::And ||
                       in->op == OpName::Or || in->op == OpName::Xor;
    if (folds && detail::fold_constants(in->op, *a, *b, t, r))
      return r;
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

// The blocks of a function a run of the handler can reach: given one of
// these signals (in the handler's own body; none: any), with these flags
// set. A test of the signal's number ("if (sig == SIGFPE)", an assert that
// it is SIGINT) or of a flag ("if (got_intr) _exit (1);") goes only the
// ways they allow.
std::vector<bool> reachable_with(const Function &fn, const std::vector<int64_t> &signals,
                                 const std::map<uint32_t, int64_t> &flags) {
  const bool any_signal = signals.empty() || fn.params.empty();
  std::vector<bool> out(fn.blocks.size(), any_signal && flags.empty());
  if (any_signal && flags.empty())
    return out;
  std::vector<const Instruction *> def(fn.temps.size(), nullptr);
  for (const Block &b : fn.blocks)
    for (const Instruction &in : b.insns)
      if (in.result && in.result < def.size())
        def[in.result] = &in;
  std::vector<Known> runs;
  if (any_signal)
    runs.push_back({std::nullopt, &flags});
  else
    for (const int64_t sig : signals)
      runs.push_back({sig, &flags});
  for (const Known &known : runs) {
    std::vector<bool> seen(fn.blocks.size(), false);
    std::vector<uint32_t> work{0};
    while (!work.empty()) {
      const uint32_t b = work.back();
      work.pop_back();
      if (b >= fn.blocks.size() || seen[b])
        continue;
      seen[b] = true;
      out[b] = true;
      if (fn.blocks[b].insns.empty())
        continue;
      const Instruction &t = fn.blocks[b].insns.back();
      if (t.opcode == Opcode::Br && t.targets.size() == 2 && t.operands.size() == 2 && is_comparison(t.op)) {
        const auto a = value_with(fn, def, t.operands[0], known, 0), c = value_with(fn, def, t.operands[1], known, 0);
        if (const auto taken = a && c ? compared(t.op, *a, *c) : std::nullopt) {
          work.push_back(t.targets[*taken ? 0 : 1]);
          continue;
        }
      } else if (t.opcode == Opcode::Switch && !t.operands.empty() && !t.targets.empty()) {
        if (const auto v = value_with(fn, def, t.operands[0], known, 0)) {
          uint32_t to = t.targets[0];
          for (const SwitchCase &c : t.cases)
            if (*v >= c.lo && *v <= c.hi)
              to = c.target;
          work.push_back(to);
          continue;
        }
      }
      if (t.opcode == Opcode::Br || t.opcode == Opcode::Jmp || t.opcode == Opcode::Switch) {
        for (uint32_t to : t.targets)
          work.push_back(to);
        for (const SwitchCase &c : t.cases)
          work.push_back(c.target);
      }
    }
  }
  return out;
}

} // namespace

bool is_async_signal_safe(std::string_view name) {
  if (name.rfind("__analyzer_", 0) == 0)
    return true; // introspection
  if (name.rfind("__atomic_", 0) == 0 || name.rfind("__sync_", 0) == 0)
    return true;
  return safe_functions().count(without_builtin(name)) > 0;
}

std::vector<Finding> signal_findings(const Module &m) {
  std::vector<Finding> out;
  std::set<std::pair<uint32_t, uint32_t>> reported; // (function, call's line * 4096 + column)
  std::set<uint32_t> handlers_done;
  const std::vector<Registration> regs = registrations(m);
  for (const Registration &r : regs) {
    const Symbol &hs = m.symbols[r.handler];
    if (hs.body < 0 || !handlers_done.insert(r.handler).second)
      continue;
    // (Only what a run can reach: in the handler's own body, for the
    // signals it is given; everywhere, for the flags it sets first.)
    const std::map<uint32_t, int64_t> flags = handler_flags(m, static_cast<uint32_t>(hs.body));
    const std::vector<int64_t> signals = given_signals(m, r.handler, regs);
    std::map<uint32_t, std::vector<bool>> live_blocks;
    auto live = [&](uint32_t f, size_t block) {
      auto it = live_blocks.find(f);
      if (it == live_blocks.end())
        it = live_blocks
                 .emplace(f, reachable_with(m.functions[f], f == static_cast<uint32_t>(hs.body) ? signals
                                                                                                 : std::vector<int64_t>{},
                                            flags))
                 .first;
      return it->second[block];
    };
    // Breadth first over functions with bodies: how each was reached (the
    // caller and its call's location).
    struct Reach {
      int from = -1; // function index, -1 for the handler
      Loc call;
    };
    std::map<uint32_t, Reach> reached;
    std::deque<uint32_t> queue;
    reached[static_cast<uint32_t>(hs.body)] = {};
    queue.push_back(static_cast<uint32_t>(hs.body));
    while (!queue.empty()) {
      const uint32_t f = queue.front();
      queue.pop_front();
      const Function &fn = m.functions[f];
      for (size_t bi = 0; bi < fn.blocks.size(); ++bi)
        for (const Instruction &in : fn.blocks[bi].insns) {
          if (in.opcode != Opcode::Call || !live(f, bi))
            continue;
          const int callee = function_symbol(m, in.operands[0]);
          if (callee < 0)
            continue; // through a pointer: not known
          const Symbol &cs = m.symbols[static_cast<size_t>(callee)];
          if (cs.body >= 0) {
            if (reached.emplace(static_cast<uint32_t>(cs.body), Reach{static_cast<int>(f), in.loc}).second)
              queue.push_back(static_cast<uint32_t>(cs.body));
            continue;
          }
          // A function of the program's own whose body is elsewhere is not
          // judged (under -flto its body is followed); the C library's are.
          const std::string name(without_builtin(Module::source_name(cs.name)));
          if (!cs.is_library || is_async_signal_safe(name) || !in.loc.known() ||
              !reported.insert({f, in.loc.line * 4096u + in.loc.col}).second)
            continue;
          // The chain of calls from the handler to f.
          std::vector<std::pair<uint32_t, Loc>> chain; // (function, the call in it that leads on)
          for (uint32_t g = f;;) {
            const Reach &rg = reached[g];
            if (rg.from < 0)
              break;
            chain.push_back({static_cast<uint32_t>(rg.from), rg.call});
            g = static_cast<uint32_t>(rg.from);
          }
          std::reverse(chain.begin(), chain.end());
          Finding fd;
          fd.warning = "unsafe-call-within-signal-handler";
          fd.cwe = 479;
          fd.message = "call to " + quote_expr(name) + " from within signal handler";
          fd.loc = in.loc;
          fd.function = f;
          const std::string handler_name = Module::source_name(hs.name);
          fd.events.push_back({r.loc, r.fn, 1, "registering " + quote_expr(handler_name) + " as signal handler"});
          fd.events.push_back({Loc{}, r.fn, 1, "later on, when the signal is delivered to the process"});
          int depth = 1;
          fd.events.push_back({m.functions[static_cast<size_t>(hs.body)].loc, static_cast<uint32_t>(hs.body), depth,
                               "entry to " + quote_expr(handler_name)});
          for (size_t k = 0; k < chain.size(); ++k) {
            const uint32_t caller = chain[k].first;
            const uint32_t next = k + 1 < chain.size() ? chain[k + 1].first : f;
            fd.events.push_back({chain[k].second, caller, depth,
                                 "calling " + quote_expr(m.function_name(m.functions[next])) + " from " +
                                     quote_expr(m.function_name(m.functions[caller]))});
            ++depth;
            fd.events.push_back({m.functions[next].loc, next, depth, "entry to " + quote_expr(m.function_name(m.functions[next]))});
          }
          fd.events.push_back({in.loc, f, depth, "call to " + quote_expr(name) + " from within signal handler"});
          if (const char *alt = safe_alternative(name))
            fd.notes.push_back({in.loc, f, depth,
                                quote_expr(alt) + " is a possible signal-safe alternative for " + quote_expr(name)});
          out.push_back(std::move(fd));
        }
    }
  }
  return out;
}

} // namespace pathwise
