// malloc checker: heap pointers — double free, use after free, leaks.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstring>

#include "checkers/checker.h"

namespace pathwise {
namespace {

using nullable::kAssumeNonnull;
using nullable::kAssumeNull;
using nullable::Nonnull;
using nullable::Null;
using nullable::Start;
using nullable::Unchecked;
// Stop: reported once already; not followed any further.
// OnStack: memory from alloca (freed with the frame, never with free).
enum : StateId { Freed = nullable::First, Stop, OnStack };

const ChangeText kAllocated{Start, Unchecked, "allocated here"};

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

// CWE-590: Free of Memory not on the Heap.
const Warning kFreeOfStack{"free-of-non-heap",
                           590,
                           "Free of Memory not on the Heap",
                           "%<free%> of %E which points to memory on the stack",
                           {{Start, OnStack, "region created on stack here"}},
                           "call to %<free%> here",
                           "call to %<free%> here",
                           OnStack};
const Warning kFreeOfNonHeap{"free-of-non-heap",
                             590,
                             "Free of Memory not on the Heap",
                             "%<free%> of %E which points to memory not on the heap",
                             {},
                             "call to %<free%> here",
                             "call to %<free%> here",
                             kAnyState};

// CWE-690: Unchecked Return Value to NULL Pointer Dereference.
const Warning kPossibleNullArg{"possible-null-argument",
                               690,
                               "Unchecked Return Value to NULL Pointer Dereference",
                               "use of possibly-NULL %E where non-null expected",
                               {{Start, Unchecked, "this call could return NULL"}},
                               "argument %A (%E) from %N could be NULL where non-null expected",
                               "argument %A (%E) could be NULL where non-null expected",
                               Unchecked};

// CWE-476: NULL Pointer Dereference.
const Warning kNullArg{"null-argument",
                       476,
                       "NULL Pointer Dereference",
                       "use of NULL %E where non-null expected",
                       {kAllocated, kAssumeNull},
                       "argument %A (%E) NULL where non-null expected",
                       "argument %A (%E) NULL where non-null expected",
                       Null};

bool is_stack_allocator(std::string_view f) {
  return f == "alloca" || f == "__builtin_alloca" || f == "__builtin_alloca_with_align";
}

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
  bool models(std::string_view f) const override {
    return is_allocator(f) || is_stack_allocator(f) || is_deallocator(f) || f == "realloc" ||
           f == "__builtin_realloc";
  }

  const std::vector<const char *> &state_names() const override {
    static const std::vector<const char *> names = {"start", "unchecked", "null", "nonnull",
                                                    "freed", "stop",      "on-stack"};
    return names;
  }

  std::vector<const Warning *> warnings() const override {
    return {&kDoubleFree, &kFreeOfNonHeap,    &kFreeOfStack,       &kLeak,        &kNullArg,
            &kNullDeref,  &kPossibleNullArg, &kPossibleNullDeref, &kUseAfterFree};
  }

  bool on_call(CheckerContext &ctx, const CallEvent &call) override {
    check_nonnull_arguments(ctx, call);
    if (is_allocator(call.callee)) {
      if (call.result)
        ctx.set_state(call.result, Unchecked, *call.result_text);
      return true;
    }
    if (is_stack_allocator(call.callee)) {
      if (call.result)
        ctx.set_state(call.result, OnStack, *call.result_text);
      return true;
    }
    if (is_deallocator(call.callee) && !call.args.empty()) {
      SvalId p = call.args[0];
      if (ctx.is_null(p) == Tri::True)
        return true; // free (NULL) does nothing
      if (ctx.state(p) == OnStack) {
        ctx.report(kFreeOfStack, p, call.arg_text(0));
        return true;
      }
      if (ctx.state(p) == Start && free_of_variable(ctx, p, call.arg_text(0)))
        return true;
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
    nullable::on_null_check(ctx, p, is_null, expr);
  }

  bool is_leakable(StateId s) const override { return s == Unchecked || s == Nonnull; }
  bool is_fresh_allocation(StateId s) const override {
    return s == Unchecked || s == Nonnull || s == Freed || s == OnStack;
  }

private:
  // Arguments declared nonnull that could be, or are, NULL.
  static void check_nonnull_arguments(CheckerContext &ctx, const CallEvent &call) {
    for (size_t k = 0; k < call.nonnull.size(); ++k) {
      if (!call.nonnull[k])
        continue;
      SvalId p = call.args[k];
      StateId s = ctx.state(p);
      const int arg = static_cast<int>(k + 1);
      Origin note{call.callee_loc,
                  "argument " + std::to_string(arg) + " of %<" + std::string(call.callee) + "%> must be non-null"};
      if (s == Unchecked) {
        ctx.report(kPossibleNullArg, p, call.arg_text(k), nullptr, arg, &note);
        ctx.set_state(p, Nonnull, call.arg_text(k)); // warn once, then assume checked
      } else if (s == Null || (s == Start && ctx.is_null_constant(p) && ctx.is_exact())) {
        ctx.report(kNullArg, p, call.arg_text(k), nullptr, arg, &note);
        ctx.set_state(p, Stop, call.arg_text(k));
      }
    }
  }

  // free (&x), free (&global), free ("literal"): reports and returns true.
  static bool free_of_variable(CheckerContext &ctx, SvalId p, const std::string &arg_text) {
    RegionInfo r = ctx.region_of(p);
    // Named as GCC names it: by the variable it points to ('&tmp').
    const std::string expr = r.name.empty() ? arg_text : "&" + r.name;
    switch (r.kind) {
    case RegionInfo::Kind::Stack: {
      Origin o{r.created, "region created on stack here"};
      ctx.report(kFreeOfStack, p, expr, r.created.known() ? &o : nullptr);
      return true;
    }
    case RegionInfo::Kind::Global: {
      Origin o{r.created, "region created here"};
      ctx.report(kFreeOfNonHeap, p, expr, r.created.known() ? &o : nullptr);
      return true;
    }
    case RegionInfo::Kind::String:
      ctx.report(kFreeOfNonHeap, p, expr);
      return true;
    default:
      return false;
    }
  }

public:

  void on_leak(CheckerContext &ctx, SvalId p, StateId, const std::string &expr) override {
    ctx.report(kLeak, p, expr);
  }
};

} // namespace

std::unique_ptr<Checker> make_malloc_checker() { return std::make_unique<MallocChecker>(); }

} // namespace pathwise
