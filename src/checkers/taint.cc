// taint checker: values an attacker controls (read from a file, a socket,
// the environment, the command line, or given to a tainted_args function)
// used as an array index, pointer offset, size, divisor or allocation size
// without the checks that bound them; strings an attacker controls used as
// a format string or a command.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <string>
#include <string_view>

#include "checkers/checker.h"

namespace pathwise {
namespace {

// Tainted: nothing bounds it yet; HasLB / HasUB: a comparison bounded it
// from below / above; Stop: bounded on both sides (or compared equal to a
// constant): no longer a concern; Byte: a byte (or EOF) getc gave, or a
// number scanf read from a field of limited width ("%2d"), bounded by the
// C library but still possibly zero.
enum : StateId { Start = 0, Tainted, HasLB, HasUB, Stop, Byte };

const ChangeText kRead{Start, Tainted, "%E gets an attacker-controlled value here"};
const ChangeText kLower{kAnyState, HasLB, "%E has its lower bound checked here"};
const ChangeText kUpper{kAnyState, HasUB, "%E has its upper bound checked here"};

// %D: the missing check ("bounds checking", "upper-bounds checking", ...).
const Warning kArrayIndex{"tainted-array-index",
                          129,
                          "Improper Validation of Array Index",
                          "use of attacker-controlled value %E in array lookup without %D",
                          {kRead, kLower, kUpper},
                          "use of attacker-controlled value %E in array lookup without %D",
                          "use of attacker-controlled value %E in array lookup without %D",
                          Tainted};

const Warning kOffset{"tainted-offset",
                      823,
                      "Use of Out-of-range Pointer Offset",
                      "use of attacker-controlled value %E as offset without %D",
                      {kRead, kLower, kUpper},
                      "use of attacker-controlled value %E as offset without %D",
                      "use of attacker-controlled value %E as offset without %D",
                      Tainted};

const Warning kSize{"tainted-size",
                    129,
                    "Improper Validation of Array Index",
                    "use of attacker-controlled value %E as size without %D",
                    {kRead, kLower, kUpper},
                    "use of attacker-controlled value %E as size without %D",
                    "use of attacker-controlled value %E as size without %D",
                    Tainted};

const Warning kDivisor{"tainted-divisor",
                       369,
                       "Divide By Zero",
                       "use of attacker-controlled value %E as divisor without checking for zero",
                       {kRead, kLower, kUpper},
                       "use of attacker-controlled value %E as divisor without checking for zero",
                       "use of attacker-controlled value %E as divisor without checking for zero",
                       Tainted};

const Warning kAllocationSize{"tainted-allocation-size",
                              789,
                              "Memory Allocation with Excessive Size Value",
                              "use of attacker-controlled value %E as allocation size without %D",
                              {kRead, kLower, kUpper},
                              "use of attacker-controlled value %E as allocation size without %D",
                              "use of attacker-controlled value %E as allocation size without %D",
                              Tainted};

// Beyond GCC 12: strings.
const Warning kFormat{"tainted-format-string",
                      134,
                      "Use of Externally-Controlled Format String",
                      "use of attacker-controlled string %E as format string",
                      {kRead},
                      "use of attacker-controlled string %E as format string",
                      "use of attacker-controlled string %E as format string",
                      Tainted};

const Warning kCommand{"tainted-command",
                       78,
                       "Improper Neutralization of Special Elements used in an OS Command",
                       "use of attacker-controlled string %E as command",
                       {kRead},
                       "use of attacker-controlled string %E as command",
                       "use of attacker-controlled string %E as command",
                       Tainted};

// The state of an arithmetic result from its operands' (GCC's rules): any
// unbounded operand makes it unbounded; bounds on one side only stay one
// side's; a lower bound with an upper bound from another value is neither.
StateId combine(StateId a, StateId b) {
  if (a == Tainted || b == Tainted)
    return Tainted;
  if (a == Byte || b == Byte) // bounded, as Stop, unless the other is half bounded
    return a == HasLB || a == HasUB ? a : b == HasLB || b == HasUB ? b : StateId{Byte};
  if (a == Start || a == Stop)
    return b == Start ? a : b;
  if (b == Start || b == Stop || a == b)
    return a;
  return Tainted; // HasLB with HasUB
}

// Functions that fill the buffer given as argument N (0-based) with data
// from outside.
int filled_argument(std::string_view f) {
  if (one_of(f, {"fread", "fread_unlocked", "fgets", "fgets_unlocked", "gets", "fgetws", "fgetws_unlocked"}))
    return 0;
  if (one_of(f, {"read", "pread", "pread64", "recv", "recvfrom", "__read_chk", "__recv_chk", "__recvfrom_chk"}))
    return 1;
  return -1;
}

// The scanf family: the first argument its results are stored through.
int scanf_results(std::string_view f) {
  if (one_of(f, {"scanf", "__isoc99_scanf", "__isoc23_scanf", "wscanf", "__isoc99_wscanf", "__isoc23_wscanf"}))
    return 1;
  if (one_of(f, {"fscanf", "sscanf", "__isoc99_fscanf", "__isoc99_sscanf", "__isoc23_fscanf", "__isoc23_sscanf",
                 "fwscanf", "__isoc99_fwscanf", "__isoc23_fwscanf"}))
    return 2;
  return -1;
}

// The scanf family's members that read a string (argument 0), not a
// stream.
bool scans_string(std::string_view f) {
  return one_of(f, {"sscanf", "__isoc99_sscanf", "__isoc23_sscanf"});
}

bool returns_byte(std::string_view f) {
  return one_of(f, {"getc", "fgetc", "getchar", "_IO_getc", "getc_unlocked", "fgetc_unlocked", "getchar_unlocked"});
}

bool returns_input(std::string_view f) { return returns_byte(f) || one_of(f, {"getenv", "secure_getenv"}); }

// Allocators: which argument (0-based) is a size.
bool is_allocation_size(std::string_view f, size_t k) {
  if (one_of(f, {"malloc", "__builtin_malloc", "alloca", "__builtin_alloca", "__builtin_alloca_with_align", "valloc",
                 "pvalloc"}))
    return k == 0;
  if (one_of(f, {"calloc", "__builtin_calloc"}))
    return k <= 1;
  if (one_of(f, {"realloc", "__builtin_realloc", "aligned_alloc", "memalign", "reallocarray"}))
    return k >= 1;
  return false;
}

bool is_size(std::string_view f, size_t k) {
  if (one_of(f, {"memcpy", "memmove", "memset", "strncpy", "strncat", "memcmp", "__builtin_memcpy",
                 "__builtin_memmove", "__builtin_memset", "__builtin_strncpy", "__builtin_strncat", "mempcpy",
                 "__builtin_mempcpy"}))
    return k == 2;
  return false;
}

// The printf family's format argument (0-based; -1: not one of them).
int format_argument(std::string_view f) {
  if (one_of(f, {"printf", "vprintf", "__builtin_printf", "wprintf", "vwprintf"}))
    return 0;
  if (one_of(f, {"fprintf", "sprintf", "vfprintf", "vsprintf", "dprintf", "vdprintf", "syslog", "vsyslog",
                 "asprintf", "vasprintf", "__builtin_fprintf", "__builtin_sprintf", "fwprintf", "vfwprintf"}))
    return 1;
  if (one_of(f, {"snprintf", "vsnprintf", "__builtin_snprintf", "swprintf", "vswprintf"}))
    return 2;
  return -1;
}

// Copies into their first argument of what the others' strings or bytes
// make (strcpy's source, sprintf's values).
bool copies_into_first(std::string_view f) {
  return one_of(f, {"strcpy", "strncpy", "strcat", "strncat", "stpcpy", "stpncpy", "memcpy", "memmove", "mempcpy",
                 "sprintf", "snprintf", "vsprintf", "vsnprintf", "wcscpy", "wcsncpy", "wcscat", "wcsncat", "swprintf",
                 "__builtin_strcpy", "__builtin_strncpy", "__builtin_strcat", "__builtin_strncat", "__builtin_memcpy",
                 "__builtin_memmove", "__builtin_sprintf", "__builtin_snprintf", "__builtin_stpcpy"});
}

// A new string copied from argument 0 (strdup); the number read from the
// string argument 0 (atoi, strtol).
bool duplicates_string(std::string_view f) {
  return one_of(f, {"strdup", "strndup", "wcsdup", "__builtin_strdup", "__builtin_strndup"});
}
bool converts_string(std::string_view f) {
  return one_of(f, {"atoi", "atol", "atoll", "strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof",
                    "strtold", "strtoimax", "strtoumax", "wcstol", "wcstoul", "wcstod"});
}

bool is_command(std::string_view f) {
  return one_of(f, {"system", "popen", "execl", "execlp", "execle", "execv", "execvp", "execvpe"});
}

// What a check on each side leaves unchecked, as GCC words it ("" for no
// problem). array: an array index ("checking for negative" rather than
// "lower-bounds checking").
std::string missing_check(StateId s, bool is_signed, bool array) {
  if (!is_signed) { // an unsigned value cannot be negative
    if (s == Tainted || s == HasLB)
      return "upper-bounds checking";
    return "";
  }
  switch (s) {
  case Tainted: return "bounds checking";
  case HasLB: return "upper-bounds checking";
  case HasUB: return array ? "checking for negative" : "lower-bounds checking";
  default: return "";
  }
}

class TaintChecker final : public Checker {
public:
  const char *name() const override { return "taint"; }

  const std::vector<const char *> &state_names() const override {
    static const std::vector<const char *> names = {"start", "tainted", "has_lb", "has_ub", "stop", "byte"};
    return names;
  }

  // Functions that read what an attacker controls are worth stepping into.
  bool models(std::string_view f) const override {
    return filled_argument(f) >= 0 || scanf_results(f) >= 0 || returns_input(f);
  }

  std::vector<const Warning *> warnings() const override {
    return {&kArrayIndex, &kOffset, &kSize, &kDivisor, &kAllocationSize, &kFormat, &kCommand};
  }

  void on_entry(CheckerContext &ctx, const EntryEvent &e) override {
    if (e.tainted_args) {
      const std::string told =
          "function %<" + std::string(e.function) + "%> marked with %<__attribute__((tainted_args))%>";
      for (size_t k = 0; k < e.params.size(); ++k)
        ctx.set_state_told(e.params[k], Tainted, e.param_texts[k], told);
    } else if (e.function == "main" && e.params.size() >= 2) {
      // argv: what it points to comes from whoever runs the program.
      ctx.set_state(e.params[1], Tainted, e.param_texts[1]);
    }
  }

  bool on_call(CheckerContext &ctx, const CallEvent &call) override {
    sinks(ctx, call);
    // Sources.
    const int filled = filled_argument(call.callee);
    if (filled >= 0 && static_cast<size_t>(filled) < call.args.size())
      taint_pointee(ctx, call, static_cast<size_t>(filled));
    // (What sscanf reads from a string is the attacker's if the string
    // is; a field of limited width is bounded on both sides: "%2d".)
    const int results = scanf_results(call.callee);
    if (results >= 0 && (!scans_string(call.callee) || tainted_string(ctx, call.args[0])))
      for (size_t k = static_cast<size_t>(results); k < call.args.size(); ++k)
        taint_pointee(ctx, call, k, k < 64 && (call.bounded_results >> k & 1) ? StateId{Byte} : StateId{Tainted});
    if (call.result && returns_input(call.callee))
      ctx.set_state(call.result, returns_byte(call.callee) ? StateId{Byte} : StateId{Tainted}, *call.result_text);
    // Copies and conversions carry what an attacker wrote on.
    if (copies_into_first(call.callee))
      for (size_t k = 1; k < call.args.size(); ++k)
        if (tainted_string(ctx, call.args[k])) {
          taint_pointee(ctx, call, 0);
          break;
        }
    if (call.result && !call.args.empty() && (duplicates_string(call.callee) || converts_string(call.callee)) &&
        tainted_string(ctx, call.args[0]))
      ctx.set_state(call.result, Tainted, *call.result_text);
    return false;
  }

  bool may_be_any_value(StateId s) const override { return s != Start; }

  void on_derive(CheckerContext &ctx, SvalId result, SvalId a, SvalId b) override {
    const StateId s = combine(ctx.state(a), b ? ctx.state(b) : StateId{Start});
    if (s != Start)
      ctx.set_state(result, s, "");
  }

  void on_condition(CheckerContext &ctx, SvalId a, ir::OpName op, SvalId b, bool signed_as_unsigned) override {
    bound(ctx, a, op, b, signed_as_unsigned);
    bound(ctx, b, ir::swap_comparison(op), a, signed_as_unsigned);
  }

  void on_use(CheckerContext &ctx, UseKind kind, SvalId v, bool is_signed, const std::string &expr) override {
    const StateId s = ctx.state(v);
    if (s == Start || ctx.facts_dropped())
      return;
    if (kind == UseKind::Divisor) {
      // Bounded on both sides, it may still be zero, but that was
      // checked; compared equal to zero, it is zero.
      if (s == Stop ? ctx.compare(v, ir::OpName::Eq, 0) == Tri::True : ctx.compare(v, ir::OpName::Ne, 0) != Tri::True)
        ctx.report(kDivisor, v, expr);
      return;
    }
    if (s == Stop || s == Byte)
      return;
    const std::string missing = missing_check(s, is_signed, kind == UseKind::ArrayIndex);
    if (!missing.empty())
      ctx.report(kind == UseKind::ArrayIndex ? kArrayIndex : kOffset, v, expr, nullptr, 0, nullptr, missing);
  }

private:
  void taint_pointee(CheckerContext &ctx, const CallEvent &call, size_t k, StateId to = Tainted) {
    // (Read into the middle of a buffer, "fgets (data + len, ...)": the
    // buffer that data names holds the attacker's bytes.)
    int64_t offset;
    const SvalId base = ctx.base_of(call.args[k], offset);
    if (const SvalId blob = ctx.fill_pointee(base != call.args[k] ? base : call.args[k])) {
      std::string text = call.arg_text(k);
      text = text.size() > 1 && text[0] == '&' ? text.substr(1) : "*" + text;
      ctx.set_state(blob, to, text);
    }
  }

  // A comparison bounds v on one side ("v op other").
  void bound(CheckerContext &ctx, SvalId v, ir::OpName op, SvalId other, bool signed_as_unsigned) {
    const StateId s = ctx.state(v);
    if (s == Start || s == Stop || s == Byte || ctx.state(other) == Tainted)
      return;
    const bool upper = op == ir::OpName::Lt || op == ir::OpName::Le;
    const bool lower = op == ir::OpName::Gt || op == ir::OpName::Ge;
    StateId to = s;
    if (op == ir::OpName::Eq)
      to = Stop;
    else if (upper)
      // "(unsigned) i <= 255" (how "i >= 0 && i < 256" is folded) bounds
      // both sides.
      to = signed_as_unsigned || s == HasLB ? StateId{Stop} : StateId{HasUB};
    else if (lower)
      to = s == HasUB ? StateId{Stop} : s == Tainted ? StateId{HasLB} : s;
    if (to != s)
      ctx.set_state(v, to, ctx.text_of(v));
  }

  // An attacker's value or string used where it can do harm.
  void sinks(CheckerContext &ctx, const CallEvent &call) {
    for (size_t k = 0; k < call.args.size(); ++k) {
      const SvalId v = call.args[k];
      const StateId s = ctx.state(v);
      if (s == Tainted || s == HasLB || s == HasUB) {
        const bool alloc = is_allocation_size(call.callee, k) || declared(call.alloc_size, k);
        const bool size = !alloc && (is_size(call.callee, k) || declared(call.size_args, k));
        if ((alloc || size) && !ctx.facts_dropped()) {
          const std::string missing = missing_check(s, false, false);
          if (!missing.empty())
            ctx.report(alloc ? kAllocationSize : kSize, v, call.arg_text(k), nullptr, 0, nullptr, missing);
        }
      }
    }
    const int format = format_argument(call.callee);
    // (Reported on what holds the attacker's state, the pointer or the
    // bytes it points to, so that the path starts where they came in.)
    if (format >= 0 && static_cast<size_t>(format) < call.args.size())
      if (const SvalId v = tainted_string_value(ctx, call.args[format]))
        ctx.report(kFormat, v, string_text(call.arg_text(format)));
    if (is_command(call.callee) && !call.args.empty())
      if (const SvalId v = tainted_string_value(ctx, call.args[0]))
        ctx.report(kCommand, v, string_text(call.arg_text(0)));
  }

  // A string as people name it: 'line' for the array line ('&line').
  static std::string string_text(const std::string &arg) { return arg.size() > 1 && arg[0] == '&' ? arg.substr(1) : arg; }

  static bool declared(const std::vector<uint32_t> *args, size_t k) {
    if (!args)
      return false;
    for (uint32_t a : *args)
      if (a == k + 1)
        return true;
    return false;
  }

  // A string an attacker wrote: the pointer came from them (getenv, argv),
  // or what it points to was read from outside.
  static bool tainted_string(CheckerContext &ctx, SvalId p) { return tainted_string_value(ctx, p) != 0; }
  // ...and which value holds that: p, or what it points to (0: neither).
  static SvalId tainted_string_value(CheckerContext &ctx, SvalId p) {
    if (ctx.state(p) == Tainted)
      return p;
    const SvalId content = ctx.pointee_value(p);
    return content && ctx.state(content) == Tainted ? content : 0;
  }
};

} // namespace

std::unique_ptr<Checker> make_taint_checker() { return std::make_unique<TaintChecker>(); }

} // namespace pathwise
