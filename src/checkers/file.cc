// file checker: stdio streams — double fclose, leaked FILEs, FILEs used
// after they were closed.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <string_view>

#include "checkers/checker.h"

namespace pathwise {
namespace {

using nullable::kAssumeNonnull;
using nullable::kAssumeNull;
using nullable::Nonnull;
using nullable::Null;
using nullable::Start;
using nullable::Unchecked;
// Stop: reported once already, or handed to something else.
enum : StateId { Closed = nullable::First, Stop };

const ChangeText kOpened{Start, Unchecked, "opened here"};

// CWE-1341: Multiple Releases of Same Resource or Handle.
const Warning kDoubleFclose{"double-fclose",
                            1341,
                            "Multiple Releases of Same Resource or Handle",
                            "double %<fclose%> of FILE %E",
                            {kOpened, kAssumeNonnull, kAssumeNull, {kAnyState, Closed, "first %<fclose%> here"}},
                            "second %<fclose%> here; first %<fclose%> was at %N",
                            "second %<fclose%> here",
                            Closed};

// CWE-775: Missing Release of File Descriptor or Handle after Effective Lifetime.
const Warning kFileLeak{"file-leak",
                        775,
                        "Missing Release of File Descriptor or Handle after Effective Lifetime",
                        "leak of FILE %E",
                        {kOpened, kAssumeNonnull, kAssumeNull},
                        "%E leaks here; was opened at %N",
                        "%E leaks here",
                        Unchecked};

// ...of one nothing names (a result thrown away: "fopen (path, "r");").
const Warning kFileLeakUnnamed{"file-leak",
                               775,
                               "Missing Release of File Descriptor or Handle after Effective Lifetime",
                               "leak of FILE",
                               {kOpened, kAssumeNonnull, kAssumeNull},
                               "leaks here; was opened at %N",
                               "leaks here",
                               Unchecked};

// CWE-910: Use of Expired File Descriptor.
const Warning kUseAfterClose{"file-use-after-close",
                             910,
                             "Use of Expired File Descriptor",
                             "%<%D%> on closed FILE %E",
                             {kOpened, kAssumeNonnull, kAssumeNull, {kAnyState, Closed, "closed here"}},
                             "%<%D%> on closed FILE %E; closed at %N",
                             "%<%D%> on closed FILE %E",
                             Closed};

// Functions returning a new stream.
bool is_opener(std::string_view f) { return one_of(f, {"fopen", "fdopen", "freopen", "tmpfile", "popen", "fopen64"}); }

bool is_closer(std::string_view f) { return one_of(f, {"fclose", "pclose"}); }

// stdio functions that use their arguments without keeping them: pointers
// passed to them do not escape.
bool only_uses_arguments(std::string_view f) {
  return one_of(f, {"fread", "fwrite", "fprintf", "printf", "puts", "fputs", "fgets", "fgetc", "getc", "fputc",
                    "putc", "fseek", "fseeko", "ftell", "ftello", "rewind", "fflush", "feof", "ferror", "clearerr",
                    "fileno", "ungetc", "fscanf", "vfprintf", "fgetpos", "fsetpos", "setvbuf", "setbuf",
                    "__builtin_fwrite", "__builtin_fputs", "__builtin_fputc", "__builtin_puts", "__builtin_printf",
                    "__builtin_fprintf", "putchar", "__builtin_putchar", "getchar", "_IO_getc", "_IO_putc",
                    "getc_unlocked", "putc_unlocked", "fgetc_unlocked", "fputc_unlocked", "fwrite_unlocked",
                    "fread_unlocked", "fflush_unlocked", "fputs_unlocked", "fgets_unlocked", "feof_unlocked",
                    "ferror_unlocked", "fileno_unlocked", "getline", "getdelim", "vfscanf"});
}

class FileChecker final : public Checker {
public:
  const char *name() const override { return "file"; }
  bool models(std::string_view f) const override { return is_opener(f) || is_closer(f); }

  const std::vector<const char *> &state_names() const override {
    static const std::vector<const char *> names = {"start", "unchecked", "null", "nonnull", "closed", "stop"};
    return names;
  }

  std::vector<const Warning *> warnings() const override { return {&kDoubleFclose, &kFileLeak, &kUseAfterClose}; }

  bool on_call(CheckerContext &ctx, const CallEvent &call) override {
    if (is_opener(call.callee)) {
      // freopen reopens its stream argument: the old handle is replaced.
      if (call.callee == "freopen" && call.args.size() >= 3 && ctx.state(call.args[2]) != Start)
        ctx.set_state(call.args[2], Stop, call.arg_text(2));
      // (Its result is that stream again: thrown away, the argument still
      // holds it; and a stream the path does not own, stdout or one it
      // was given, reopened, is still held by its owner.)
      if (call.result && !(call.callee == "freopen" &&
                           (call.result_unused || (call.args.size() >= 3 && ctx.state(call.args[2]) == Start))))
        ctx.set_state(call.result, Unchecked, *call.result_text);
      return true;
    }
    if (is_closer(call.callee) && !call.args.empty()) {
      SvalId f = call.args[0];
      StateId s = ctx.state(f);
      if (s == Closed && !ctx.paths_joined()) {
        ctx.report(kDoubleFclose, f, call.arg_text(0));
        ctx.set_state(f, Stop, call.arg_text(0));
      } else if (s != Stop) {
        ctx.set_state(f, Closed, call.arg_text(0));
      }
      return true;
    }
    // A stream given to the heap's deallocators is gone (the mismatch is
    // the malloc checker's to report).
    if (one_of(call.callee, {"free", "__builtin_free", "realloc", "__builtin_realloc"}) && !call.args.empty() &&
        ctx.state(call.args[0]) != Start)
      ctx.set_state(call.args[0], Stop, call.arg_text(0));
    const bool uses = only_uses_arguments(call.callee);
    // A stream function given a closed stream (reported once).
    if (uses)
      for (size_t k = 0; k < call.args.size(); ++k)
        if (ctx.state(call.args[k]) == Closed) {
          ctx.report(kUseAfterClose, call.args[k], call.arg_text(k), nullptr, 0, nullptr,
                     std::string(ir::without_builtin(call.callee)));
          ctx.set_state(call.args[k], Stop, call.arg_text(k));
        }
    return uses;
  }

  // realloc of a stream: gone on every outcome, as with free.
  void on_realloc(CheckerContext &ctx, SvalId f, const std::string &expr) override {
    if (ctx.state(f) != Start)
      ctx.set_state(f, Stop, expr);
  }

  void on_null_split(CheckerContext &ctx, SvalId f, bool is_null, const std::string &expr) override {
    nullable::on_null_check(ctx, f, is_null, expr);
  }

  bool is_leakable(StateId s) const override { return s == Unchecked || s == Nonnull; }
  // (A stream fopen or popen made: not stdin, nor any stream the program
  // had before.)
  bool is_fresh_allocation(StateId s) const override { return s == Unchecked || s == Nonnull; }

  void on_leak(CheckerContext &ctx, SvalId f, StateId, const std::string &expr) override {
    ctx.report(expr.empty() ? kFileLeakUnnamed : kFileLeak, f, expr);
  }
};

} // namespace

std::unique_ptr<Checker> make_file_checker() { return std::make_unique<FileChecker>(); }

} // namespace pathwise
