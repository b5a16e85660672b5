// malloc checker: heap pointers — double free, use after free, leaks.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstring>

#include "checkers/checker.h"

namespace pathwise {
namespace {

// Stop: reported once already; not followed any further.
enum : StateId { Start = 0, Unchecked, Null, Nonnull, Freed, Stop };

const ChangeText kAllocated{Start, Unchecked, "allocated here"};
const ChangeText kAssumeNonnull{Unchecked, Nonnull, "assuming %E is non-NULL"};
const ChangeText kAssumeNull{kAnyState, Null, "assuming %E is NULL"};

// CWE-415: Double Free.
const Warning kDoubleFree{"double-free",
                          415,
                          "Double Free",
                          "double-%<free%> of %E",
                          {kAllocated, kAssumeNonnull, kAssumeNull, {kAnyState, Freed, "first %<free%> here"}},
                          "second %<free%> here; first %<free%> was at %N",
                          "second %<free%> here",
                          Freed};

// CWE-416: Use After Free.
const Warning kUseAfterFree{"use-after-free",
                            416,
                            "Use After Free",
                            "use after %<free%> of %E",
                            {kAllocated, kAssumeNonnull, kAssumeNull, {kAnyState, Freed, "freed here"}},
                            "use after %<free%> of %E; freed at %N",
                            "use after %<free%> of %E",
                            Freed};

// CWE-401: Missing Release of Memory after Effective Lifetime.
const Warning kLeak{"malloc-leak",
                    401,
                    "Missing Release of Memory after Effective Lifetime",
                    "leak of %E",
                    {kAllocated, kAssumeNonnull, kAssumeNull},
                    "%E leaks here; was allocated at %N",
                    "%E leaks here",
                    Unchecked};

// CWE-690: Unchecked Return Value to NULL Pointer Dereference.
const Warning kPossibleNullDeref{"possible-null-dereference",
                                 690,
                                 "Unchecked Return Value to NULL Pointer Dereference",
                                 "dereference of possibly-NULL %E",
                                 {{Start, Unchecked, "this call could return NULL"}},
                                 "%E could be NULL: unchecked value from %N",
                                 "%E could be NULL",
                                 Unchecked};

// CWE-476: NULL Pointer Dereference.
const Warning kNullDeref{"null-dereference",
                         476,
                         "NULL Pointer Dereference",
                         "dereference of NULL %E",
                         {kAllocated, kAssumeNull},
                         "dereference of NULL %E",
                         "dereference of NULL %E",
                         Null};

// Functions returning fresh heap memory that 'free' releases.
bool is_allocator(std::string_view f) {
  static const char *const names[] = {"malloc", "calloc", "strdup", "strndup", "aligned_alloc",
                                      "__builtin_malloc", "__builtin_calloc", "__builtin_strdup",
                                      "__builtin_strndup", "__builtin_aligned_alloc"};
  return std::any_of(std::begin(names), std::end(names), [&](const char *n) { return f == n; });
}

bool is_deallocator(std::string_view f) { return f == "free" || f == "__builtin_free"; }

class MallocChecker final : public Checker {
public:
  const char *name() const override { return "malloc"; }

  const std::vector<const char *> &state_names() const override {
    static const std::vector<const char *> names = {"start", "unchecked", "null", "nonnull", "freed", "stop"};
    return names;
  }

  std::vector<const Warning *> warnings() const override {
    return {&kDoubleFree, &kLeak, &kNullDeref, &kPossibleNullDeref, &kUseAfterFree};
  }

  bool on_call(CheckerContext &ctx, const CallEvent &call) override {
    if (is_allocator(call.callee)) {
      if (call.result)
        ctx.set_state(call.result, Unchecked, *call.result_text);
      return true;
    }
    if (is_deallocator(call.callee) && !call.args.empty()) {
      SvalId p = call.args[0];
      if (ctx.is_null(p) == Tri::True)
        return true; // free (NULL) does nothing
      if (ctx.state(p) == Freed) {
        ctx.report(kDoubleFree, p, call.arg_text(0));
        ctx.set_state(p, Stop, call.arg_text(0));
        return true;
      }
      if (ctx.state(p) == Stop)
        return true;
      ctx.set_state(p, Freed, call.arg_text(0));
      return true;
    }
    return false;
  }

  void on_deref(CheckerContext &ctx, SvalId p, const std::string &expr) override {
    StateId s = ctx.state(p);
    if (s == Freed) {
      ctx.report(kUseAfterFree, p, expr);
      ctx.set_state(p, Stop, expr);
    } else if (s == Null || (s == Start && ctx.is_null_constant(p) && ctx.is_exact())) {
      // Untracked values: only the NULL constant on a path the engine has
      // not generalized (a value merely constrained to NULL, or a path
      // through forgotten facts, is too often infeasible).
      ctx.report(kNullDeref, p, expr);
      ctx.set_state(p, Stop, expr); // report the first use only
    } else if (s == Unchecked) {
      // Warn once, then carry on as if the check had been made.
      ctx.report(kPossibleNullDeref, p, expr);
      ctx.set_state(p, Nonnull, expr);
    }
  }

  void on_null_split(CheckerContext &ctx, SvalId p, bool is_null, const std::string &expr) override {
    StateId s = ctx.state(p);
    if (s == Unchecked || (s == Nonnull && is_null))
      ctx.set_state(p, is_null ? Null : Nonnull, expr);
  }

  bool is_leakable(StateId s) const override { return s == Unchecked || s == Nonnull; }
  bool is_fresh_allocation(StateId s) const override { return s == Unchecked || s == Nonnull || s == Freed; }

  void on_leak(CheckerContext &ctx, SvalId p, StateId, const std::string &expr) override {
    ctx.report(kLeak, p, expr);
  }
};

} // namespace

std::unique_ptr<Checker> make_malloc_checker() { return std::make_unique<MallocChecker>(); }

} // namespace pathwise
