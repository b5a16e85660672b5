// Signal handlers: a function registered with signal() or sigaction() that
// calls, itself or through the functions it calls, a function POSIX does
// not list as async-signal-safe.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Only the C library's functions (declared in system headers) are judged
// by POSIX's list. Not path-sensitive: a handler may run between any two instructions, so
// every call its body can reach counts. The call graph is followed through
// functions with bodies, breadth first, so that each unsafe call is shown
// with the shortest chain of calls from the handler.
#include "analysis/signal.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string_view>

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
              handler >= 0)
            out.push_back({static_cast<uint32_t>(handler), f, in.loc});
        } else if (in.opcode == Opcode::Store && !in.operands.empty() && !in.place.path.empty() &&
                   in.place.path.back().kind == Accessor::Kind::Field &&
                   (in.place.path.back().name == "sa_handler" || in.place.path.back().name == "sa_sigaction")) {
          const int handler = function_symbol(m, in.operands[0]);
          if (handler >= 0)
            out.push_back({static_cast<uint32_t>(handler), f, sigaction_call.known() ? sigaction_call : in.loc});
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
  for (const Registration &r : registrations(m)) {
    const Symbol &hs = m.symbols[r.handler];
    if (hs.body < 0 || !handlers_done.insert(r.handler).second)
      continue;
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
      for (const Block &b : fn.blocks)
        for (const Instruction &in : b.insns) {
          if (in.opcode != Opcode::Call)
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
