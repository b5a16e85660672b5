// malloc checker: heap pointers — double free, use after free, leaks.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cctype>
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

// A state is a kind (above, low four bits) and the family of deallocators
// that must release the pointer (high four bits): 0 is free's; the others
// come from __attribute__((malloc (D))).
constexpr StateId kKindMask = 0x0F;
constexpr unsigned kFamilyShift = 4;
constexpr size_t kMaxFamilies = 15; // 0..14; 15 would reach kAnyState
StateId kind(StateId s) { return s & kKindMask; }
size_t family(StateId s) { return s >> kFamilyShift; }
StateId with_family(StateId k, size_t f) { return static_cast<StateId>(k | (f << kFamilyShift)); }

const ChangeText kAllocated{Start, Unchecked, "allocated here"};

// CWE-415: Double Free.
const Warning kDoubleFree{"double-free",
                          415,
                          "Double Free",
                          "double-%<%D%> of %E",
                          {kAllocated, kAssumeNonnull, kAssumeNull, {kAnyState, Freed, "first %<%D%> here"}},
                          "second %<%D%> here; first %<%D%> was at %N",
                          "second %<%D%> here",
                          Freed,
                          "passing freed pointer %E"};

// CWE-416: Use After Free.
const Warning kUseAfterFree{"use-after-free",
                            416,
                            "Use After Free",
                            "use after %<%D%> of %E",
                            {kAllocated, kAssumeNonnull, kAssumeNull, {kAnyState, Freed, "freed here"}},
                            "use after %<%D%> of %E; freed at %N",
                            "use after %<%D%> of %E",
                            Freed,
                            "passing freed pointer %E"};

// The same, when the freed pointer is handed to a function that has no
// body here (memcpy, printf, strlen, ...): the call is the use.
const Warning kUseAfterFreeInCall{"use-after-free",
                                  416,
                                  "Use After Free",
                                  "use after %<%D%> of %E",
                                  {kAllocated, kAssumeNonnull, kAssumeNull, {kAnyState, Freed, "freed here"}},
                                  "passing freed pointer %E in call to %<%X%>; freed at %N",
                                  "passing freed pointer %E in call to %<%X%>",
                                  Freed,
                                  "passing freed pointer %E"};

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

// CWE-762: Mismatched Memory Management Routines.
const Warning kMismatch{"mismatching-deallocation",
                        762,
                        "Mismatched Memory Management Routines",
                        "%E should have been deallocated with %<%D%> but was deallocated with %<%X%>",
                        {{Start, Unchecked, "allocated here (expects deallocation with %<%D%>)"},
                         kAssumeNonnull,
                         kAssumeNull},
                        "deallocated with %<%X%> here; allocation at %N expects deallocation with %<%D%>",
                        "deallocated with %<%X%> here",
                        Unchecked};

// putenv keeps the pointer it is given as part of the environment: to a
// variable on the stack, it dangles once the function returns (CERT C's
// POS34-C, as GCC 13 tells it).
const Warning kPutenvOfAutoVar{"putenv-of-auto-var",
                               0,
                               "",
                               "%<putenv%> on a pointer to automatic variable %E",
                               {},
                               "%<putenv%> on a pointer to automatic variable %E",
                               "%<putenv%> on a pointer to automatic variable %E",
                               kAnyState,
                               nullptr,
                               "POS34-C"};
const Warning kPutenvOfOnStack{"putenv-of-auto-var",
                               0,
                               "",
                               "%<putenv%> on a pointer to an on-stack buffer",
                               {{Start, OnStack, "region created on stack here"}},
                               "%<putenv%> on a pointer to an on-stack buffer",
                               "%<putenv%> on a pointer to an on-stack buffer",
                               OnStack,
                               nullptr,
                               "POS34-C"};

// CWE-590: Free of Memory not on the Heap.
const Warning kFreeOfStack{"free-of-non-heap",
                           590,
                           "Free of Memory not on the Heap",
                           "%<%D%> of %E which points to memory on the stack",
                           {{Start, OnStack, "region created on stack here"}},
                           "call to %<%D%> here",
                           "call to %<%D%> here",
                           OnStack};
const Warning kFreeOfNonHeap{"free-of-non-heap",
                             590,
                             "Free of Memory not on the Heap",
                             "%<%D%> of %E which points to memory not on the heap",
                             {},
                             "call to %<%D%> here",
                             "call to %<%D%> here",
                             kAnyState};

// CWE-761: Free of Pointer not at Start of Buffer (GCC 12 misses it;
// reported under free-of-non-heap's name).
const Warning kFreeNotAtStart{"free-of-non-heap",
                              761,
                              "Free of Pointer not at Start of Buffer",
                              "%<%D%> of %E which points %X",
                              {kAllocated},
                              "call to %<%D%> here; allocated at %N",
                              "call to %<%D%> here",
                              Unchecked};

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

// The same for a NULL written in the call itself (strlen (NULL)): no
// expression to name.
const Warning kNullArgLiteral{"null-argument",
                              476,
                              "NULL Pointer Dereference",
                              "use of NULL where non-null expected",
                              {},
                              "argument %A NULL where non-null expected",
                              "argument %A NULL where non-null expected",
                              Null};

bool is_stack_allocator(std::string_view f) {
  return f == "alloca" || f == "__builtin_alloca" || f == "__builtin_alloca_with_align";
}

// C++'s allocation functions and the deallocation each expects, and its
// deallocation functions with what they are ("delete", "delete[]"); ""
// for other functions. (Symbols of one name may carry a ".N" suffix.)
std::string_view cxx_family(std::string_view f) {
  const size_t dot = f.find('.');
  if (dot != std::string_view::npos)
    f = f.substr(0, dot);
  if (f == "operator new" || f == "operator delete" || f == "__builtin_operator_new" || f == "__builtin_operator_delete")
    return "delete";
  if (f == "operator new []" || f == "operator delete []")
    return "delete[]";
  return "";
}
bool is_cxx_new(std::string_view f) {
  return (f.rfind("operator new", 0) == 0 || f.rfind("__builtin_operator_new", 0) == 0) && !cxx_family(f).empty();
}

// Functions returning fresh heap memory that 'free' releases.
bool is_allocator(std::string_view f) {
  static const char *const names[] = {"malloc", "calloc", "strdup", "strndup", "aligned_alloc",
                                      "__builtin_malloc", "__builtin_calloc", "__builtin_strdup",
                                      "__builtin_strndup", "__builtin_aligned_alloc"};
  return std::any_of(std::begin(names), std::end(names), [&](const char *n) { return f == n; });
}

bool is_deallocator(std::string_view f) { return f == "free" || f == "__builtin_free"; }

// Deallocators that release what free releases.
bool is_free_family(std::string_view f) { return is_deallocator(f) || f == "realloc" || f == "__builtin_realloc"; }

// Deallocators of streams: the file checker's.
bool is_stream_closer(std::string_view f) { return f == "fclose" || f == "pclose"; }

class MallocChecker final : public Checker {
public:
  const char *name() const override { return "malloc"; }
  bool models(std::string_view f) const override {
    return is_allocator(f) || is_stack_allocator(f) || is_deallocator(f) || f == "realloc" ||
           f == "__builtin_realloc" || !cxx_family(f).empty();
  }

  const std::vector<const char *> &state_names() const override {
    static const std::vector<const char *> names = {"start", "unchecked", "null", "nonnull",
                                                    "freed", "stop",      "on-stack"};
    return names;
  }
  StateId kind_of(StateId s) const override { return s == kAnyState ? s : kind(s); }

  std::vector<const Warning *> warnings() const override {
    return {&kDoubleFree, &kFreeOfNonHeap,   &kFreeOfStack,       &kFreeNotAtStart, &kLeak,         &kMismatch,
            &kNullArg,    &kNullDeref,       &kPossibleNullArg,   &kPossibleNullDeref, &kUseAfterFree,
            &kPutenvOfAutoVar};
  }

  bool on_call(CheckerContext &ctx, const CallEvent &call) override {
    check_nonnull_arguments(ctx, call);
    if (call.callee == "putenv" && !call.args.empty())
      check_putenv(ctx, call);
    // C++: new and new[] (a throwing new never gives NULL; the engine
    // knows that from the declaration), delete and delete[].
    // The C++ runtime's exception objects are its own (never NULL, freed
    // by it).
    if (call.callee == "__cxa_allocate_exception" || call.callee == "__cxa_allocate_dependent_exception")
      return false;
    const std::string_view cxx = cxx_family(call.callee);
    if (!cxx.empty() && is_cxx_new(call.callee)) {
      if (!call.returns_fresh)
        return false; // placement new: gives back the memory it was given
      if (call.result)
        ctx.set_state(call.result, with_family(Unchecked, family_for({std::string(cxx)})), *call.result_text);
      return true;
    }
    if (!cxx.empty() && !call.args.empty()) {
      release(ctx, call.args[0], call.arg_text(0), std::string(cxx), std::string(cxx));
      return true;
    }
    // What __attribute__((malloc (D))) says a call returns.
    if (call.deallocators && !call.deallocators->empty() && !is_stack_allocator(call.callee)) {
      if (std::any_of(call.deallocators->begin(), call.deallocators->end(),
                      [](const std::string &d) { return is_stream_closer(d); }))
        return false; // a stream: the file checker's
      if (call.result)
        ctx.set_state(call.result, with_family(Unchecked, family_for(*call.deallocators)), *call.result_text);
      return true;
    }
    if (is_allocator(call.callee) || (call.returns_fresh && !is_stack_allocator(call.callee))) {
      if (call.result)
        ctx.set_state(call.result, Unchecked, *call.result_text);
      // (A function of the program's own declared __attribute__((malloc))
      // is modelled in what it returns only: what it does with memory it is
      // given is its own, as for any call (xz's xrealloc, so declared,
      // frees the buffer it is given).)
      if (!is_allocator(call.callee))
        for (SvalId a : call.args)
          if (is_allocated(ctx.state(a)))
            return false;
      return true;
    }
    if (is_stack_allocator(call.callee)) {
      if (call.result)
        ctx.set_state(call.result, OnStack, *call.result_text);
      return true;
    }
    if (is_deallocator(call.callee) && !call.args.empty()) {
      release(ctx, call.args[0], call.arg_text(0), "free", call.dealloc_name.empty() ? "free" : std::string(call.dealloc_name));
      return true;
    }
    // A deallocator some allocator declares. A stream closer (fclose,
    // freopen) is the file checker's, unless given memory this checker
    // tracks.
    // Anything else a freed pointer is handed to, without a body here, is
    // taken to read or write through it (as Clang's analyzer takes it): a
    // use. Not a value a printf prints as '%p', nor a pointer converted to
    // an integer, nor the analyzer's own introspection functions.
    if (call.callee.rfind("__analyzer_", 0) != 0)
      for (size_t k = 0; k < call.args.size(); ++k) {
        const StateId s = ctx.state(call.args[k]);
        if (kind(s) == Freed && call.reads_through_arg(k) && call.declared_dealloc_arg != static_cast<int>(k) &&
            !ctx.paths_joined()) {
          ctx.report(kUseAfterFreeInCall, call.args[k], call.arg_text(k), nullptr, 0, nullptr, family_name(s),
                     std::string(call.callee));
          ctx.set_state(call.args[k], with_family(Stop, family(s)), call.arg_text(k));
        }
      }
    const auto arg = static_cast<size_t>(call.declared_dealloc_arg);
    const bool stream = is_stream_closer(call.callee) || call.callee == "freopen";
    if (call.declared_dealloc_arg >= 0 && arg < call.args.size() &&
        (!stream || is_allocated(ctx.state(call.args[arg])))) {
      const std::string name(call.callee);
      release(ctx, call.args[arg], call.arg_text(arg), name, name);
      return !stream;
    }
    return false;
  }

  void on_realloc(CheckerContext &ctx, SvalId p, const std::string &expr) override {
    const StateId s = ctx.state(p);
    if (is_allocated(s) && family(s) != 0) {
      ctx.report(kMismatch, p, expr, nullptr, 0, nullptr, family_name(s), "realloc");
      ctx.set_state(p, with_family(Stop, family(s)), expr);
    }
  }

  void on_deref(CheckerContext &ctx, SvalId p, const std::string &expr) override {
    const StateId s = ctx.state(p);
    const StateId k = kind(s);
    if (k == Freed && !ctx.paths_joined()) {
      ctx.report(kUseAfterFree, p, expr, nullptr, 0, nullptr, family_name(s));
      ctx.set_state(p, with_family(Stop, family(s)), expr);
    } else if (k == Null || (s == Start && ctx.is_null_constant(p) && !ctx.facts_dropped())) {
      // Untracked values: only the NULL constant on a path the engine has
      // not generalized (a value merely constrained to NULL, or a path
      // through forgotten facts, is too often infeasible).
      ctx.report(kNullDeref, p, expr);
      ctx.set_state(p, with_family(Stop, family(s)), expr); // report the first use only
    } else if (k == Unchecked) {
      // Warn once, then carry on as if the check had been made.
      ctx.report(kPossibleNullDeref, p, expr);
      ctx.set_state(p, with_family(Nonnull, family(s)), expr);
    }
  }

  void on_null_split(CheckerContext &ctx, SvalId p, bool is_null, const std::string &expr) override {
    const StateId s = ctx.state(p);
    if (kind(s) == Unchecked || (kind(s) == Nonnull && is_null))
      ctx.set_state(p, with_family(is_null ? Null : Nonnull, family(s)), expr);
  }

  // What malloc (0) gives is the C library's choice, a unique pointer in
  // glibc, not the out-of-memory NULL a check is for: "if (n && !p) die
  // ();" leaves it unchecked on purpose, and its NULL with a size of 0
  // is no path. (Touching its bytes is an overflow, told as one.)
  bool on_empty(CheckerContext &ctx, SvalId p) override {
    const StateId s = ctx.state(p);
    if (kind(s) == Unchecked)
      ctx.set_state_told(p, with_family(Nonnull, family(s)), ctx.text_of(p), "%E holds 0 bytes here: not NULL");
    return kind(s) != Null;
  }

  // An allocation found equal to an address other than NULL is the
  // allocator's own failure value (iconv_open's "(iconv_t) -1"): no
  // memory, nothing to release; not followed further.
  void on_condition(CheckerContext &ctx, SvalId a, ir::OpName, SvalId b, bool) override {
    for (const auto &[p, other] : {std::make_pair(a, b), std::make_pair(b, a)}) {
      const StateId s = ctx.state(p);
      int64_t c = 0;
      if ((kind(s) == Unchecked || kind(s) == Nonnull) && ctx.constant_value(other, c) && c != 0 &&
          ctx.compare(p, ir::OpName::Eq, c) == Tri::True)
        ctx.set_state(p, with_family(Stop, family(s)), ctx.text_of(p));
    }
  }

  bool is_leakable(StateId s) const override { return kind(s) == Unchecked || kind(s) == Nonnull; }
  bool is_fresh_allocation(StateId s) const override {
    const StateId k = kind(s);
    return k == Unchecked || k == Nonnull || k == Freed || k == OnStack;
  }

  void on_leak(CheckerContext &ctx, SvalId p, StateId, const std::string &expr) override {
    ctx.report(kLeak, p, expr);
  }

private:
  // Families of deallocators after free's (family 0), by first appearance.
  std::vector<std::vector<std::string>> m_families;

  size_t family_for(const std::vector<std::string> &deallocators) {
    if (is_free_family(deallocators.front()))
      return 0;
    for (size_t f = 0; f < m_families.size(); ++f)
      if (m_families[f] == deallocators)
        return f + 1;
    if (m_families.size() + 1 >= kMaxFamilies)
      return 0; // too many kinds to tell apart: treated as free's
    m_families.push_back(deallocators);
    return m_families.size();
  }

  // The deallocator that releases a pointer in state s, for messages.
  std::string family_name(StateId s) const {
    const size_t f = family(s);
    return f == 0 || f > m_families.size() ? "free" : m_families[f - 1].front();
  }

  bool releases(size_t f, const std::string &dealloc) const {
    if (f == 0)
      return is_free_family(dealloc);
    if (f > m_families.size())
      return true;
    const auto &names = m_families[f - 1];
    return std::find(names.begin(), names.end(), dealloc) != names.end();
  }

  static bool is_allocated(StateId s) {
    const StateId k = kind(s);
    return k == Unchecked || k == Nonnull || k == Null;
  }

  // p is released by dealloc ('free' or a declared deallocator), called
  // `shown` in a mismatch ('realloc' releases as 'free' does).
  void release(CheckerContext &ctx, SvalId p, const std::string &text, const std::string &dealloc,
               const std::string &shown) {
    if (ctx.is_null(p) == Tri::True)
      return; // free (NULL) does nothing
    // Inside an allocation, not at its start (free (p + 4)).
    int64_t offset = 0;
    const SvalId base = ctx.base_of(p, offset);
    if (base != p && offset != 0 && offset != INT64_MIN && ctx.state(base) != Start &&
        (kind(ctx.state(base)) == Unchecked || kind(ctx.state(base)) == Nonnull)) {
      // (The allocation itself is not released: it still leaks, as GCC's
      // own test of this case expects.)
      ctx.report(kFreeNotAtStart, base, text, nullptr, 0, nullptr, dealloc,
                 offset > 0 ? std::to_string(offset) + " bytes into its allocation, not to its start"
                            : std::to_string(-offset) + " bytes before the start of its allocation");
      return;
    }
    const StateId s = ctx.state(p);
    const StateId k = kind(s);
    if (k == OnStack) {
      // A variable-length array's storage has no name ('<unknown>').
      ctx.report(kFreeOfStack, p, text.rfind("__builtin_alloca", 0) == 0 ? "" : text, nullptr, 0, nullptr, shown);
      return;
    }
    if (s == Start && free_of_variable(ctx, p, text, shown))
      return;
    // An untracked value a generalization made, not known not to be NULL:
    // whether this frees anything is not known (a loop's "p", NULL on
    // every trip before the one that allocates, widened), so it is not
    // taken as freed - a second free of it proves nothing.
    if (s == Start && ctx.widened(p) && ctx.is_null(p) != Tri::False)
      return;
    if (k == Freed && !ctx.paths_joined()) {
      ctx.report(kDoubleFree, p, text, nullptr, 0, nullptr, dealloc);
      ctx.set_state(p, with_family(Stop, family(s)), text);
      return;
    }
    if (k == Stop)
      return;
    if (s != Start && !releases(family(s), dealloc)) {
      ctx.report(kMismatch, p, text, nullptr, 0, nullptr, family_name(s), shown);
      ctx.set_state(p, with_family(Stop, family(s)), text);
      return;
    }
    // An untracked pointer takes the family of what released it.
    size_t f = family(s);
    if (s == Start && !is_free_family(dealloc))
      f = family_for({dealloc});
    ctx.set_state(p, with_family(Freed, f), text);
  }

  // putenv (buf) for a buffer on the stack.
  static void check_putenv(CheckerContext &ctx, const CallEvent &call) {
    const SvalId p = call.args[0];
    const Origin setenv{call.loc, "perhaps use %<setenv%> rather than %<putenv%>"};
    const RegionInfo r = ctx.region_of(p);
    if (r.kind == RegionInfo::Kind::Stack && !r.name.empty()) {
      const Origin declared{r.created, quote_name(r.name) + " declared on stack here"};
      ctx.report(kPutenvOfAutoVar, p, r.name, &declared, 0, &setenv);
    } else if (kind(ctx.state(p)) == OnStack) {
      ctx.report(kPutenvOfOnStack, p, call.arg_text(0), nullptr, 0, &setenv);
    }
  }

  static std::string quote_name(const std::string &n) { return "%<" + n + "%>"; }

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
      if (kind(s) == Unchecked) {
        ctx.report(kPossibleNullArg, p, call.arg_text(k), nullptr, arg, &note);
        ctx.set_state(p, with_family(Nonnull, family(s)), call.arg_text(k)); // warn once, then assume checked
      } else if (kind(s) == Null || (s == Start && ctx.is_null_constant(p) && !ctx.facts_dropped())) {
        // (The IR spells a literal NULL "0B".)
        ctx.report(call.arg_text(k) == "0B" ? kNullArgLiteral : kNullArg, p, call.arg_text(k), nullptr, arg, &note);
        ctx.set_state(p, with_family(Stop, family(s)), call.arg_text(k));
      }
    }
  }

  // free (&x), free (&global), free ("literal"): reports and returns true.
  static bool free_of_variable(CheckerContext &ctx, SvalId p, const std::string &arg_text, const std::string &dealloc) {
    RegionInfo r = ctx.region_of(p);
    // Named as GCC names it: by the variable passed ('p'), else by the
    // variable it points to ('&tmp' for 'p.value').
    const bool plain = !arg_text.empty() && std::all_of(arg_text.begin(), arg_text.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
    const std::string expr = r.name.empty() || (plain && arg_text != r.name) ? arg_text : "&" + r.name;
    switch (r.kind) {
    case RegionInfo::Kind::Stack: {
      Origin o{r.created, "region created on stack here"};
      ctx.report(kFreeOfStack, p, expr, r.created.known() ? &o : nullptr, 0, nullptr, dealloc);
      return true;
    }
    case RegionInfo::Kind::Global: {
      Origin o{r.created, "region created here"};
      ctx.report(kFreeOfNonHeap, p, expr, r.created.known() ? &o : nullptr, 0, nullptr, dealloc);
      return true;
    }
    case RegionInfo::Kind::String:
      ctx.report(kFreeOfNonHeap, p, expr, nullptr, 0, nullptr, dealloc);
      return true;
    default:
      return false;
    }
  }
};

} // namespace

std::unique_ptr<Checker> make_malloc_checker() { return std::make_unique<MallocChecker>(); }

} // namespace pathwise
