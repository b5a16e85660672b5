// sensitive checker: a secret (a password from getpass) written out
// through an output function: exposure-through-output-file, CWE-532.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <string>
#include <string_view>

#include "checkers/checker.h"

namespace pathwise {
namespace {

enum : StateId { Start = 0, Sensitive };

// CWE-532: Insertion of Sensitive Information into Log File.
const Warning kExposure{"exposure-through-output-file",
                        532,
                        "Insertion of Sensitive Information into Log File",
                        "sensitive value %E written to output file",
                        {{Start, Sensitive, "sensitive value acquired here"}},
                        "sensitive value %E written to output file; acquired at %N",
                        "sensitive value %E written to output file",
                        Sensitive,
                        "passing sensitive value %E"};

// Functions that give a secret.
bool is_secret_source(std::string_view f) { return one_of(f, {"getpass", "getpassphrase", "readpassphrase"}); }

// Functions that write their arguments out: from which argument on
// (0-based; -1: not one).
int first_written(std::string_view f) {
  if (one_of(f, {"printf", "vprintf", "puts", "fputs", "fwrite", "fputc", "putc", "putchar", "perror", "__builtin_printf",
                 "__builtin_puts", "__builtin_fputs", "__builtin_fwrite", "fputs_unlocked", "fwrite_unlocked"}))
    return 0;
  if (one_of(f, {"fprintf", "vfprintf", "dprintf", "vdprintf", "syslog", "vsyslog", "write", "send", "sendto",
                 "__builtin_fprintf"}))
    return 1; // after the stream, descriptor or priority
  return -1;
}

class SensitiveChecker final : public Checker {
public:
  const char *name() const override { return "sensitive"; }

  const std::vector<const char *> &state_names() const override {
    static const std::vector<const char *> names = {"start", "sensitive"};
    return names;
  }

  std::vector<const Warning *> warnings() const override { return {&kExposure}; }
  bool models(std::string_view f) const override { return is_secret_source(f); }

  bool on_call(CheckerContext &ctx, const CallEvent &call) override {
    const int first = first_written(call.callee);
    if (first >= 0)
      for (size_t k = static_cast<size_t>(first); k < call.args.size(); ++k)
        if (ctx.state(call.args[k]) == Sensitive) {
          ctx.report(kExposure, call.args[k], call.arg_text(k));
          break;
        }
    if (call.result && is_secret_source(call.callee))
      ctx.set_state(call.result, Sensitive, *call.result_text);
    return false;
  }

  // What is computed from a secret, or read through a pointer to it, is
  // secret too.
  void on_derive(CheckerContext &ctx, SvalId result, SvalId a, SvalId b) override {
    if (ctx.state(a) == Sensitive || (b && ctx.state(b) == Sensitive))
      ctx.set_state(result, Sensitive, "");
  }
};

} // namespace

std::unique_ptr<Checker> make_sensitive_checker() { return std::make_unique<SensitiveChecker>(); }

} // namespace pathwise
